#!/usr/bin/env python3
"""What the benchmark scripts share (bench/<name>/run): timing whole
processes, recording ratios, and the guard that compares them with the
committed floors (bench/floors) at the end of `make bench`.

  measure.py time [--wall] [--runs N] [--ok CODES] CMD ... [::: CMD ...]
      Runs each command N times (default 3), the commands in turn (A B A B
      ...), so that a change of the machine's load touches all of them
      alike; prints, per command, one line: its best CPU time in seconds
      (user + system, from the child's rusage; --wall: the best wall
      time). The commands' output is discarded. (Not the peak
      RSS: a child's maximum starts at this script's resident set, which
      it inherits when it forks; the scripts take it from /usr/bin/time.) A command exiting with a code outside CODES (default
      0) stops the measure (exit 1).

  measure.py rates [--rounds N] CMD ... [::: CMD ...]
      MB/s of each command, measured in turn for N rounds (default 3):
      prints, per command, one line: its highest figure. A command is a
      program that measures itself and prints one figure (MB/s, in
      process), or, when it starts with `--bytes B [--runs R]`, a whole
      process whose speed is B bytes over its best CPU time of R runs
      (default 1) a round. Measured one after the other, one command could
      meet a slow spell of a shared machine that the next did not (the
      AnimJ row against simdjson read 0.48 to 1.16 within an hour on one
      build): in turn, all meet the machine's spells alike.

  measure.py record NAME VALUE GOAL WHAT
      Prints the ratio and, when AK_BENCH_RATIOS names a file, appends
      "NAME<TAB>VALUE<TAB>GOAL<TAB>WHAT" to it. A ratio is always "higher
      is better" (animkit's speed over its peer's); GOAL is what the
      issue asks for ("-" when there is none).

  measure.py guard RATIOS FLOORS
      Prints one table of every ratio recorded in RATIOS, with its floor
      and goal, and exits 1 when a ratio is more than 15% below its floor
      (or a floored ratio was not measured). Goals are reported, never
      enforced: the floors are what the project has reached on the
      machine that committed them, the goals what it aims at.

  measure.py failing RATIOS FLOORS
      The benchmarks (bench/<name>, the first part of a ratio's name)
      with a ratio more than 15% below its floor, one per line.

  measure.py better RATIOS AGAIN
      Rewrites RATIOS with, for each ratio measured again in AGAIN, the
      higher of its two values, marked "(second run)".

Why CPU time: the machines this runs on are shared; CPU time is what
another process's load disturbs least. Wall time only where parallelism is
the point (report -j 2)."""
import os
import subprocess
import sys
import time

TOLERANCE = 0.15


def run_once(cmd, wall, ok):
    start = time.monotonic()
    with open(os.devnull, "wb") as null:
        child = subprocess.Popen(cmd, stdout=null, stderr=null)
        _, status, usage = os.wait4(child.pid, 0)
    child.returncode = os.waitstatus_to_exitcode(status)
    elapsed = time.monotonic() - start
    if child.returncode not in ok:
        sys.exit(f"measure: {' '.join(cmd)}: exit {child.returncode}")
    return elapsed if wall else usage.ru_utime + usage.ru_stime


def split_commands(args):
    cmds, cur = [], []
    for a in args:
        if a == ":::":
            cmds.append(cur)
            cur = []
        else:
            cur.append(a)
    cmds.append(cur)
    if not all(cmds):
        sys.exit("measure: an empty command")
    return cmds


def cmd_rates(args):
    rounds = 3
    if args and args[0] == "--rounds":
        args.pop(0)
        rounds = int(args.pop(0))
    cmds = split_commands(args)
    timed = {}  # command index: (bytes, runs) of a whole process timed here
    for i, c in enumerate(cmds):
        if c[0] == "--bytes":
            size, runs, c = int(c[1]), 1, c[2:]
            if c and c[0] == "--runs":
                runs, c = int(c[1]), c[2:]
            if not c:
                sys.exit("measure: an empty command")
            cmds[i], timed[i] = c, (size, runs)
    best = [0.0] * len(cmds)
    for _ in range(rounds):
        for i, c in enumerate(cmds):
            if i in timed:
                size, runs = timed[i]
                rate = size / 1e6 / min(run_once(c, False, {0}) for _ in range(runs))
            else:
                out = subprocess.run(c, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, check=False)
                if out.returncode != 0:
                    sys.exit(f"measure: {' '.join(c)}: exit {out.returncode}")
                rate = float(out.stdout.split()[-1])
            best[i] = max(best[i], rate)
    for r in best:
        print(f"{r:.1f}")


def cmd_time(args):
    wall, runs, ok = False, 3, {0}
    while args and args[0].startswith("--"):
        opt = args.pop(0)
        if opt == "--wall":
            wall = True
        elif opt == "--runs":
            runs = int(args.pop(0))
        elif opt == "--ok":
            ok = {int(x) for x in args.pop(0).split(",")}
        else:
            sys.exit(f"measure: unknown option {opt}")
    cmds = split_commands(args)
    best = [float("inf")] * len(cmds)
    for _ in range(runs):
        for i, c in enumerate(cmds):
            best[i] = min(best[i], run_once(c, wall, ok))
    for s in best:
        print(f"{s:.6f}")


def cmd_record(args):
    name, value, goal, what = args[0], args[1], args[2], " ".join(args[3:])
    v = float(value)
    print(f"  ratio {name} = {v:.3f}" + (f" (goal >= {goal})" if goal != "-" else "") + f"  [{what}]")
    path = os.environ.get("AK_BENCH_RATIOS")
    if path:
        with open(path, "a") as f:
            f.write(f"{name}\t{v:.4f}\t{goal}\t{what}\n")


def read_floors(path):
    floors = {}
    with open(path) as f:
        for line in f:
            line = line.split("#", 1)[0].split()
            if len(line) == 2:
                floors[line[0]] = float(line[1])
    return floors


def read_ratios(path):
    rows = {}
    if os.path.exists(path):
        with open(path) as f:
            for line in f:
                name, value, goal, what = line.rstrip("\n").split("\t")
                rows[name] = (float(value), goal, what)
    return rows


def below_floor(value, floor):
    return floor is not None and value < floor * (1 - TOLERANCE)


def cmd_failing(args):
    rows, floors = read_ratios(args[0]), read_floors(args[1])
    names = {name.split(".", 1)[0] for name, (value, _, _) in rows.items() if below_floor(value, floors.get(name))}
    for name in sorted(names):
        print(name)


def cmd_better(args):
    rows, again = read_ratios(args[0]), read_ratios(args[1])
    with open(args[0], "w") as f:
        for name, (value, goal, what) in rows.items():
            if name in again and again[name][0] > value:
                value, what = again[name][0], again[name][2] + " (second run)"
            f.write(f"{name}\t{value:.4f}\t{goal}\t{what}\n")


def cmd_guard(args):
    ratios_path, floors_path = args
    rows = read_ratios(ratios_path)
    floors = read_floors(floors_path)
    failed = []
    print(f"\n{'ratio (animkit / peer, higher is better)':<44} {'now':>7} {'floor':>7} {'goal':>6}  status")
    for name in sorted(set(rows) | set(floors)):
        floor = floors.get(name)
        if name not in rows:
            print(f"{name:<44} {'-':>7} {floor:>7.3f} {'':>6}  NOT MEASURED")
            failed.append(name)
            continue
        value, goal, what = rows[name]
        status = []
        if below_floor(value, floor):
            status.append(f"FAIL: more than {TOLERANCE:.0%} below the floor")
            failed.append(name)
        elif floor is None:
            status.append("no floor")
        if goal != "-":
            status.append("goal met" if value >= float(goal) else "goal missed")
        fl = f"{floor:.3f}" if floor is not None else "-"
        print(f"{name:<44} {value:>7.3f} {fl:>7} {goal:>6}  {'; '.join(status)}")
    print()
    for name in sorted(rows):
        print(f"  {name}: {rows[name][2]}")
    if failed:
        print(f"\nbench: {len(failed)} ratio(s) fell more than {TOLERANCE:.0%} below bench/floors: {', '.join(failed)}")
        return 1
    print(f"\nbench: every ratio is within {TOLERANCE:.0%} of its floor (bench/floors)")
    return 0


def main():
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    cmd, args = sys.argv[1], sys.argv[2:]
    if cmd == "time":
        cmd_time(args)
    elif cmd == "rates":
        cmd_rates(args)
    elif cmd == "record":
        cmd_record(args)
    elif cmd == "guard":
        sys.exit(cmd_guard(args))
    elif cmd == "failing":
        cmd_failing(args)
    elif cmd == "better":
        cmd_better(args)
    else:
        sys.exit(__doc__)


if __name__ == "__main__":
    main()
