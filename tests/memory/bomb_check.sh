#!/bin/sh
# One memory test: makes (once) an AnimX bomb with animx_bomb, then runs a
# command on it under ak_rlimit_run, which must see it exit with the
# expected code within the address-space limit and below the peak RSS.
#   bomb_check.sh KIND SAMPLES AS MAX_RSS EXPECT -- ARG...
# KIND: lzma | lz4; in ARG, @BOMB@ stands for the bomb's path. The tools come
# from the environment: AK_BOMB, AK_RLIMIT_RUN, AK_CLI, AK_BOMB_DIR.
set -eu
kind=$1 samples=$2 as=$3 rss=$4 expect=$5
shift 6
mkdir -p "$AK_BOMB_DIR"
bomb="$AK_BOMB_DIR/bomb_${kind}_${samples}.animx"
if [ ! -s "$bomb" ]; then
  "$AK_BOMB" "--$kind" "$samples" "$bomb.tmp"
  mv "$bomb.tmp" "$bomb"
fi
echo "bomb: $bomb ($(wc -c <"$bomb") bytes, payload $samples samples)"
n=$#
i=0
while [ $i -lt $n ]; do
  arg=$1
  shift
  [ "$arg" = "@BOMB@" ] && arg=$bomb
  set -- "$@" "$arg"
  i=$((i + 1))
done
exec "$AK_RLIMIT_RUN" --as "$as" --max-rss "$rss" --expect "$expect" -- "$AK_CLI" "$@"
