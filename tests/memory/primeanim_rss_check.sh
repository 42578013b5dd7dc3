#!/bin/sh
# validate of a large Metroid Prime ANIM v2 file (primeanim_gen bench: a
# 40 MB bitstream) below 16 MiB peak RSS: the bitstream decoder's walk
# releases the pages it has read, as the layout's pass does (issue 27;
# 62 MiB before for a 60 MB file). The file is made once, never committed.
#   primeanim_rss_check.sh PRIMEANIM_GEN AK_RLIMIT_RUN ANIMKIT DIR
set -eu
gen=$1 run=$2 cli=$3 dir=$4
mkdir -p "$dir"
file="$dir/primeanim_40mb_v2.anim"
if [ ! -s "$file" ]; then
  "$gen" bench "$file.tmp" 40
  mv "$file.tmp" "$file"
fi
echo "file: $file ($(wc -c <"$file") bytes)"
exec "$run" --max-rss 16M --expect 0 -- "$cli" validate -q --format primeanim "$file"
