#!/bin/sh
# One memory-budget test: makes (once) an AnimX bomb with animx_bomb, runs
# a decoding command on it under ak_rlimit_run (an address-space limit),
# and accepts exactly two endings: success (exit 0; OUT, when the command
# names one, exists), or a stop with an animkit.limit.* diagnostic (exit 1,
# no OUT left behind); or, for a conversion whose output streams into OUT
# (ak_format.from_model_to: nothing of it held), a stop where that output
# passes the size its format allows (animkit.convert.invalid-output naming
# the cap), with nothing left behind either. A signal (the kernel or the
# allocator killing it), any other exit, or a partial output fails.
#   budget_check.sh KIND SAMPLES AS CODE -- ARG...
# KIND: lzma | lz4 | plain; AS: the address-space limit (K/M/G); CODE: the
# limit diagnostic a stop must name (animkit.limit.memory, or
# animkit.limit.out-of-memory when the budget is left at its default, above
# AS). In ARG, @BOMB@ stands for the bomb, @OUT@ for an output path.
# The tools come from the environment: AK_BOMB, AK_RLIMIT_RUN, AK_CLI,
# AK_BOMB_DIR.
set -eu
kind=$1 samples=$2 as=$3 code=$4
shift 4
[ "$1" = "--" ] && shift
mkdir -p "$AK_BOMB_DIR"
bomb="$AK_BOMB_DIR/bomb_${kind}_${samples}.animx"
if [ ! -s "$bomb" ]; then
  "$AK_BOMB" "--$kind" "$samples" "$bomb.tmp.$$"
  mv "$bomb.tmp.$$" "$bomb"
fi
out=$(mktemp -d "${TMPDIR:-/tmp}/ak-budget.XXXXXX")
trap 'rm -rf "$out"' EXIT
target=
n=$#
i=0
while [ $i -lt $n ]; do
  arg=$1
  shift
  case $arg in
    @BOMB@) arg=$bomb ;;
    @OUT@*) target=$out/out${arg#@OUT@}; arg=$target ;;
  esac
  set -- "$@" "$arg"
  i=$((i + 1))
done
echo "bomb: $bomb ($(wc -c <"$bomb") bytes, payload $samples samples); animkit $*"
status=0
"$AK_RLIMIT_RUN" --as "$as" -- "$AK_CLI" "$@" >"$out/stdout" 2>"$out/stderr" || status=$?
head -c 2000 "$out/stderr"
left=$(find "$out" -mindepth 1 -name 'out*' | wc -l)
case $status in
  0)
    if [ -n "$target" ] && [ ! -s "$target" ]; then
      echo "budget_check: exit 0 but no output"
      exit 1
    fi
    echo "budget_check: succeeded within $as"
    ;;
  1)
    said=$code
    if ! grep -qF -- "[$code]" "$out/stderr"; then
      said="the output's size cap (animkit.convert.invalid-output)"
      if ! grep -qE -- "the cap is [0-9]+ \[[a-z0-9.-]+\] \[animkit\.convert\.invalid-output\]" "$out/stderr"; then
        echo "budget_check: exit 1 without $code"
        exit 1
      fi
    fi
    if [ "$left" -ne 0 ] || [ -s "$out/stdout" ]; then
      echo "budget_check: a stopped command left output behind"
      ls -la "$out"
      exit 1
    fi
    echo "budget_check: stopped with $said, nothing written"
    ;;
  *)
    echo "budget_check: exit status $status (a signal is 128 + its number)"
    exit 1
    ;;
esac
