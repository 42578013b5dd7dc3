#!/bin/sh
# One memory test: makes (once) an AnimX bomb with animx_bomb, then runs a
# command on it under ak_rlimit_run, which must see it exit with the
# expected code within the address-space limit and below the peak RSS.
#   bomb_check.sh KIND SAMPLES AS MAX_RSS EXPECT [DICT] -- ARG...
# KIND: lzma | lz4; DICT: the LZMA dictionary size the header declares
# (default the engine's 2 MiB); in ARG, @BOMB@ stands for the bomb's path,
# @OUT@ for an output file in a temporary directory (removed at the end;
# named .animx, so that convert takes its format from it).
# The tools come from the environment: AK_BOMB, AK_RLIMIT_RUN, AK_CLI,
# AK_BOMB_DIR; AK_EXPECT_CODE (optional): a code the output must name;
# AK_EXPECT_BYTES (optional): the size @OUT@ must have.
set -eu
kind=$1 samples=$2 as=$3 rss=$4 expect=$5 dict=
shift 5
if [ "$1" != "--" ]; then
  dict=$1
  shift
fi
shift
mkdir -p "$AK_BOMB_DIR"
bomb="$AK_BOMB_DIR/bomb_${kind}_${samples}${dict:+_dict$dict}.animx"
if [ ! -s "$bomb" ]; then
  "$AK_BOMB" "--$kind" "$samples" "$bomb.tmp" ${dict:+--dict "$dict"}
  mv "$bomb.tmp" "$bomb"
fi
echo "bomb: $bomb ($(wc -c <"$bomb") bytes, payload $samples samples)"
outdir=$(mktemp -d "${TMPDIR:-/tmp}/ak-bomb.XXXXXX")
trap 'rm -rf "$outdir"' EXIT
target=$outdir/out.animx
n=$#
i=0
while [ $i -lt $n ]; do
  arg=$1
  shift
  [ "$arg" = "@BOMB@" ] && arg=$bomb
  [ "$arg" = "@OUT@" ] && arg=$target
  set -- "$@" "$arg"
  i=$((i + 1))
done
if [ -z "${AK_EXPECT_CODE:-}" ]; then
  "$AK_RLIMIT_RUN" --as "$as" --max-rss "$rss" --expect "$expect" -- "$AK_CLI" "$@"
  if [ -n "${AK_EXPECT_BYTES:-}" ]; then
    got=$(wc -c <"$target")
    if [ "$got" != "$AK_EXPECT_BYTES" ]; then
      echo "bomb_check: the output has $got bytes, not $AK_EXPECT_BYTES"
      exit 1
    fi
    echo "output: $got bytes"
  fi
  exit 0
fi
# AK_EXPECT_CODE: a diagnostic code the output must name
status=0
out=$("$AK_RLIMIT_RUN" --as "$as" --max-rss "$rss" --expect "$expect" -- "$AK_CLI" "$@" 2>&1) || status=1
printf '%s\n' "$out"
if ! printf '%s\n' "$out" | grep -qF -- "[$AK_EXPECT_CODE]"; then
  echo "bomb_check: no $AK_EXPECT_CODE diagnostic"
  status=1
fi
if [ -e "$outdir/out.animx" ] && [ "$expect" != 0 ]; then
  echo "bomb_check: a stopped command left its output"
  status=1
fi
exit $status
