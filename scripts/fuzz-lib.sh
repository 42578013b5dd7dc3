# Shell functions shared by scripts/fuzz, scripts/fuzz-campaign and
# scripts/fuzz-coverage (sourced; $src is the source root).

# The committed seed folders of harness $1 (fuzz/corpus/NAME, the corpora
# fuzz/NAME.seeds names) and those build $2 makes (Prime ANIM's), one a line.
fuzz_seed_dirs() {
  local n=$1 build=$2 other
  [[ -d "$src/fuzz/corpus/$n" ]] && echo "$src/fuzz/corpus/$n"
  if [[ -f "$src/fuzz/$n.seeds" ]]; then
    while read -r other; do
      [[ -n "$other" && -d "$src/fuzz/corpus/$other" ]] && echo "$src/fuzz/corpus/$other"
    done < "$src/fuzz/$n.seeds"
  fi
  [[ -d "$build/generated/$n/fuzz-corpus" ]] && echo "$build/generated/$n/fuzz-corpus"
  return 0
}

# libFuzzer flags from fuzz/NAME.options ("key = value" under [libfuzzer]).
fuzz_options() {
  local f="$src/fuzz/$1.options"
  [[ -f "$f" ]] || return 0
  awk '/^\[/ { on = ($0 == "[libfuzzer]") } on && /^[a-z_]+ *= *[^ ]+/ { gsub(/ /, ""); print "-" $0 }' "$f"
}

# The harness executable of $1 in build $2.
fuzz_exe() {
  local exe="$2/fuzz/$1_fuzzer"
  if [[ ! -x "$exe" ]]; then
    echo "fuzz: no $exe (configure with -DAK_FUZZ=ON and build the target fuzzers)" >&2
    exit 2
  fi
  echo "$exe"
}
