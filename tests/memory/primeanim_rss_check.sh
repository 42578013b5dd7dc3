#!/bin/sh
# Metroid Prime ANIM v2 files made by primeanim_gen bench (once, never
# committed):
#   validate: a 40 MB bitstream below 16 MiB peak RSS: the bitstream
#   decoder's walk releases the pages it has read, as the layout's pass does
#   (issue 27; 62 MiB before for a 60 MB file);
#   dump: a 4 MB bitstream, whose decoded keys are 93 MB of JSON, dumped to
#   /dev/null below 10 MiB: the keys' text goes to the output as it is
#   written (the `dump decoded by` hook drains into the dump's sink; 104 MiB
#   before, 1.4 GiB for 60 MB), and so does the text of the bitstream's
#   words (the layout's arrays drain as they are written: 26 MiB before,
#   16), and the hook decodes the bitmap and the bitstream from the input's
#   bytes where the dump's walk reaches it, releasing their pages, instead
#   of a decoded struct holding both (`dump decoded by decoded_mp1(key_bitmap,
#   bitstream)`: 7.6 MiB; 80 -> 13.5 MiB for the 40 MB file);
#   list: `sample --list` of the 40 MB file below 32 MiB: the headers come
#   from the key bitmap and the descriptors, no key decoded and no
#   bitstream word kept (`headers except bitstream`; 280 MiB before).
#   primeanim_rss_check.sh PRIMEANIM_GEN AK_RLIMIT_RUN ANIMKIT DIR [validate|dump|list]
set -eu
gen=$1 run=$2 cli=$3 dir=$4 what=${5:-validate}
mkdir -p "$dir"
case $what in
  validate | list) mb=40 ;;
  dump) mb=4 ;;
  *) echo "unknown check $what" >&2; exit 2 ;;
esac
file="$dir/primeanim_${mb}mb_v2.anim"
if [ ! -s "$file" ]; then
  "$gen" bench "$file.tmp" $mb
  mv "$file.tmp" "$file"
fi
echo "file: $file ($(wc -c <"$file") bytes)"
if [ "$what" = dump ]; then
  exec "$run" --max-rss 10M --expect 0 -- "$cli" dump --format primeanim "$file" -o /dev/null
fi
if [ "$what" = list ]; then
  exec "$run" --max-rss 32M --expect 0 -- "$cli" sample --list --format primeanim "$file"
fi
exec "$run" --max-rss 16M --expect 0 -- "$cli" validate -q --format primeanim "$file"
