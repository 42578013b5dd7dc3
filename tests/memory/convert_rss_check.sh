#!/bin/sh
# A conversion within twice its output's size in peak RSS (issue 27's
# goal), its output streamed into OUT's temporary file and checked there
# (ak_format.from_model_to): the streamed file is the same as the one
# written held whole, to standard output. The input is made once, never
# committed.
#   maya-animx: a 40 MB Maya file (bench/maya's generator) to AnimX; the
#     output is 28.4 MB: 54 MiB. The document is read into the model one
#     anim entry at a time (ak_ldoc_each), and AnimX's tracks are made one
#     at a time as they are encoded: neither the AnimX document nor the
#     output is ever held (272 MiB before the Maya document had its own
#     arena, 212 MiB before it was read an entry at a time, 110 MiB before
#     the streamed output, 51.6 MiB now).
#   animj-glaxnimate: a 10.7 MB AnimJ file, made from a 40 MB Glaxnimate
#     file of bench/glaxnimate's generator, to Glaxnimate; the output is
#     39.5 MB: 75 MiB. The document's tree is held to be finished, its text
#     is not (ak_mj_tree_write_to: 92 MiB held whole before, 58 MiB now).
#   convert_rss_check.sh KIND GEN AK_RLIMIT_RUN ANIMKIT DIR
set -eu
kind=$1 gen=$2 run=$3 cli=$4 dir=$5
mkdir -p "$dir"
case "$kind" in
maya-animx)
  file="$dir/convert_maya_40mb.anim" to=animx limit=54M
  if [ ! -s "$file" ]; then
    "$gen" "$file.tmp" 40
    mv "$file.tmp" "$file"
  fi ;;
animj-glaxnimate)
  file="$dir/convert_glaxnimate_40mb.animj" to=glaxnimate limit=75M
  if [ ! -s "$file" ]; then
    "$gen" "$dir/convert_glaxnimate_40mb.source.rawr" 40
    "$cli" convert "$dir/convert_glaxnimate_40mb.source.rawr" "$file.tmp.animj" 2>/dev/null
    mv "$file.tmp.animj" "$file"
    rm -f "$dir/convert_glaxnimate_40mb.source.rawr"
  fi ;;
*) echo "unknown conversion $kind" >&2; exit 2 ;;
esac
echo "file: $file ($(wc -c <"$file") bytes)"
out="$dir/convert_$kind.out" held="$dir/convert_$kind.held"
rm -f "$out" "$held"
"$run" --max-rss "$limit" --expect 0 -- "$cli" convert --to "$to" "$file" "$out"
"$cli" convert --to "$to" "$file" - >"$held" 2>/dev/null
cmp "$out" "$held"
echo "the streamed output is the held one ($(wc -c <"$out") bytes)"
rm -f "$out" "$held"
