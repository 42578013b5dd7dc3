#!/bin/sh
# `--list` of a large file below 32 MiB peak RSS, whatever its size:
# listing tracks holds no keys (the model's headers, to_model_headers) and
# releases the input's pages as it reads them (issue 27: a 200 MB MRTK
# recording took 804 MiB). The file is made once by the project's own
# generator, never committed.
#   list_rss_check.sh KIND GENERATOR AK_RLIMIT_RUN ANIMKIT DIR COMMAND
#   KIND: mrtk (mrtk_gen bench, 100 MB of 1.1), animx (animx_make_input,
#   60 MB plain), animj (animj_make_input, 60 MB) or maya (maya_make_input,
#   60 MB: its entries read one at a time, 1 GB for 200 MB before) or
#   glaxnimate (glaxnimate_make_input, 60 MB: its document read an element
#   of its arrays at a time, ak_jschema_walk_input; 61 MiB before);
#   COMMAND: sample or plot
set -eu
kind=$1 gen=$2 run=$3 cli=$4 dir=$5 cmd=$6
mkdir -p "$dir"
case $kind in
  mrtk) file="$dir/list_mrtk_100mb_v1.1.bin" ;;
  animx) file="$dir/list_animx_60mb.animx" ;;
  animj) file="$dir/list_animj_60mb.animj" ;;
  maya) file="$dir/list_maya_60mb.anim" ;;
  glaxnimate) file="$dir/list_glaxnimate_60mb.rawr" ;;
  *) echo "unknown kind $kind" >&2; exit 2 ;;
esac
if [ ! -s "$file" ]; then
  case $kind in
    mrtk) "$gen" bench "$file.tmp" 100 1.1 ;;
    animx | animj | maya | glaxnimate) "$gen" "$file.tmp" 60 ;;
  esac
  mv "$file.tmp" "$file"
fi
echo "file: $file ($(wc -c <"$file") bytes)"
exec "$run" --max-rss 32M --expect 0 -- "$cli" "$cmd" --list "$file" >/dev/null
