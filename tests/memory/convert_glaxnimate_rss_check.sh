#!/bin/sh
# convert of an AnimJ file into Glaxnimate within twice the output's size
# in peak RSS (issue 27's goal): a tree format's document is held to be
# finished, its text is handed to OUT's temporary file as it is written and
# checked there (ak_mj_tree_write_to, ak_format.from_model_to). The AnimJ
# file (10.7 MB) is made from a 40 MB Glaxnimate file of bench/glaxnimate's
# generator; the output is 39.5 MB: 75 MiB (92 MiB held whole before, 58
# MiB now). The streamed file is the same as the one written held whole,
# to standard output. The files are made once, never committed.
#   convert_glaxnimate_rss_check.sh GLAXNIMATE_GEN AK_RLIMIT_RUN ANIMKIT DIR
set -eu
gen=$1 run=$2 cli=$3 dir=$4
mkdir -p "$dir"
rawr="$dir/convert_glaxnimate_40mb.rawr" file="$dir/convert_glaxnimate_40mb.animj"
if [ ! -s "$file" ]; then
  "$gen" "$rawr" 40
  "$cli" convert "$rawr" "$file.tmp.animj" 2>/dev/null
  mv "$file.tmp.animj" "$file"
  rm -f "$rawr"
fi
echo "file: $file ($(wc -c <"$file") bytes)"
out="$dir/convert_glaxnimate_40mb.rawr" held="$dir/convert_glaxnimate_40mb.held.rawr"
rm -f "$out" "$held"
"$run" --max-rss 75M --expect 0 -- "$cli" convert "$file" "$out"
"$cli" convert --to glaxnimate "$file" - >"$held" 2>/dev/null
cmp "$out" "$held"
echo "the streamed output is the held one ($(wc -c <"$out") bytes)"
rm -f "$out" "$held"
