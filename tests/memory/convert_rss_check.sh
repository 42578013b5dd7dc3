#!/bin/sh
# convert of a 40 MB Maya file (bench/maya's generator) to AnimX below
# 140 MiB peak RSS (issue 27): the document is read into the model one
# anim entry at a time (ak_ldoc_each), so the parsed document and the model
# are never held whole at once (272 MiB before its own arena, 212 MiB
# before it was read an entry at a time, 113 MiB now; the output is 28 MB).
# The file is made once, never committed.
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
exec "$run" --max-rss 140M --expect 0 -- "$cli" convert "$file" "$dir/convert_maya_40mb.animx"
