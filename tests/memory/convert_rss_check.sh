#!/bin/sh
# convert of a 40 MB Maya file (bench/maya's generator) to AnimX within
# twice the output's size in peak RSS (issue 27's goal; the output is
# 28.4 MB: 54 MiB). The document is read into the model one anim entry at
# a time (ak_ldoc_each), and AnimX's tracks are made one at a time as they
# are encoded, streamed into OUT's temporary file and checked there
# (ak_format.from_model_to): neither the AnimX document nor the output is
# ever held (272 MiB before the Maya document had its own arena, 212 MiB
# before it was read an entry at a time, 110 MiB before the streamed
# output, 51.6 MiB now). The streamed file is the same as the one
# written held whole, to standard output. The file is made once, never
# committed.
#   convert_rss_check.sh MAYA_GEN AK_RLIMIT_RUN ANIMKIT DIR
set -eu
gen=$1 run=$2 cli=$3 dir=$4
mkdir -p "$dir"
file="$dir/convert_maya_40mb.anim"
if [ ! -s "$file" ]; then
  "$gen" "$file.tmp" 40
  mv "$file.tmp" "$file"
fi
echo "file: $file ($(wc -c <"$file") bytes)"
out="$dir/convert_maya_40mb.animx" held="$dir/convert_maya_40mb.held.animx"
rm -f "$out" "$held"
"$run" --max-rss 54M --expect 0 -- "$cli" convert "$file" "$out"
"$cli" convert --to animx "$file" - >"$held" 2>/dev/null
cmp "$out" "$held"
echo "the streamed output is the held one ($(wc -c <"$out") bytes)"
rm -f "$out" "$held"
