# What the bench/<name>/run scripts share (sourced): timing and recording
# the ratios of `make bench`'s table (bench/measure.py).
bench_dir=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
measure="$bench_dir/measure.py"

# bench_time [--wall] [--runs N] [--ok CODES] CMD ... [::: CMD ...]: the best
# time of each command, one line each (measure.py time).
bench_time() { python3 "$measure" time "$@"; }

# bench_rates [--rounds N] CMD ... [::: CMD ...]: the MB/s of programs that
# print their own, or of whole processes (a command that starts with
# `--bytes B --runs R`), measured in turn for N rounds; the highest figure
# of each, one line each (measure.py rates).
bench_rates() { python3 "$measure" rates "$@"; }

# bench_record NAME VALUE GOAL WHAT...: a row of the table ("-": no goal).
bench_record() { python3 "$measure" record "$@"; }

# bench_rate BYTES SECONDS: MB/s.
bench_rate() { awk -v b="$1" -v s="$2" 'BEGIN { printf "%.1f", b / 1e6 / s }'; }

# bench_div A B: A / B.
bench_div() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.4f", (b > 0 ? a / b : 0) }'; }

# bench_ratios_of PREFIX GOALS WHAT: the "RATIO KEY VALUE" lines of a
# benchmark program's output on stdin, recorded as PREFIX.KEY; GOALS is a
# list of KEY=GOAL (a key not in it has none). The other lines are printed.
bench_ratios_of() {
  local prefix=$1 goals=$2 what=$3 line key value goal
  while IFS= read -r line; do
    if [[ "$line" == RATIO\ * ]]; then
      read -r _ key value <<<"$line"
      goal=-
      for g in $goals; do [[ "${g%%=*}" == "$key" ]] && goal=${g#*=}; done
      bench_record "$prefix.$key" "$value" "$goal" "$what"
    else
      printf '%s\n' "$line"
    fi
  done
}
