#!/usr/bin/env python3
"""fuzz.coverage-summary: scripts/fuzz-coverage-summary.py counts a
generated file against the declarations its #line directives name.

A made-up source tree: a declaration (formats/x/x.layout, 3 lines) and
what a generator made of it (BUILD/gen/formats/x/x_layout.c: two instances
of the declaration's line 2, each with one branch, and scaffolding of its
own), with llvm-cov's summary and show text as the tools print them. The
declaration's line 2 is reached in one instance only and its branch is
taken one way in each instance: line reached, both branch sides reached.
The scaffolding keeps its own count, and a hand-written file is counted as
llvm-cov said."""
import json
import os
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
SCRIPT = os.path.join(HERE, "..", "..", "scripts", "fuzz-coverage-summary.py")

with tempfile.TemporaryDirectory() as src:
    build = os.path.join(src, "build-cov")
    gen = os.path.join(build, "gen", "formats", "x")
    os.makedirs(gen)
    os.makedirs(os.path.join(src, "formats", "x"))
    os.makedirs(os.path.join(src, "runtime"))
    open(os.path.join(src, "formats", "x", "x.layout"), "w").write("struct s {\n  a: u8 <= 3\n}\n")
    generated = os.path.join(gen, "x_layout.c")
    lines = [
        "static int scaffolding(void) {",           # 1  own: reached
        "    return 0;",                             # 2  own: not reached
        "}",                                         # 3
        '#line 2 "formats/x/x.layout"',              # 4
        "    if (a > 3) report();",                  # 5  -> x.layout:2, branch k=0 (true only)
        '#line 7 "%s"' % generated,                  # 6
        "int other;",                                # 7  own: not executable
        '#line 2 "formats/x/x.layout"',              # 8
        "    if (b > 3) report();",                  # 9  -> x.layout:2, branch k=0 (false only), not reached
    ]
    open(generated, "w").write("\n".join(lines) + "\n")
    hand = os.path.join(src, "runtime", "y.c")
    open(hand, "w").write("int y;\n")
    summary = {"data": [{"files": [
        {"filename": generated, "summary": {"lines": {"covered": 2, "count": 4, "percent": 50},
                                            "branches": {"covered": 2, "count": 4, "percent": 50}}},
        {"filename": hand, "summary": {"lines": {"covered": 3, "count": 4, "percent": 75},
                                       "branches": {"covered": 1, "count": 2, "percent": 50}}},
    ]}]}
    summary_path = os.path.join(src, "summary.json")
    json.dump(summary, open(summary_path, "w"))
    show = "\n".join([
        generated + ":",
        "    1|      1|static int scaffolding(void) {",
        "    2|      0|    return 0;",
        "    3|       |}",
        "    4|       |#line 2 \"formats/x/x.layout\"",
        "    5|  1.20k|    if (a > 3) report();",
        "  ------------------",
        "  |  Branch (5:9): [True: 1.20k, False: 0]",
        "  ------------------",
        "    6|       |#line 7",
        "    7|       |int other;",
        "    8|       |#line 2",
        "    9|      0|    if (b > 3) report();",
        "  ------------------",
        "  |  Branch (9:9): [True: 0, False: 5]",
        "  ------------------",
        "",
    ])
    show_path = os.path.join(src, "show.txt")
    open(show_path, "w").write(show)
    listing = os.path.join(src, "below.txt")

    def run(prefixes):
        r = subprocess.run([sys.executable, SCRIPT, src, build, summary_path, show_path, prefixes, listing],
                           capture_output=True, text=True)
        if r.returncode != 0:
            sys.exit("fuzz-coverage-summary.py failed: " + r.stderr)
        return r.stdout.strip()

    failures = []
    # the declaration alone: 1 line of 1 reached, 2 branch sides of 2
    got = run("formats/x/x.layout")
    if got != "lines 100.0% branches 100.0%":
        failures.append("declaration: " + got)
    # the generated file's own part: lines 1 and 2 (1 of 2), no branch
    got = run("formats/x/x_layout")
    if got != "lines 50.0% branches 0.0%":
        failures.append("scaffolding: " + got)
    # everything: formats/ (1+1 of 1+2 lines, 2 of 2 sides) and runtime/ (3 of 4, 1 of 2)
    got = run("formats/,runtime/")
    if got != "lines 71.4% branches 75.0%":
        failures.append("total: " + got)
    below = open(listing).read()
    if "x_layout.c" not in below or "x.layout" in below.replace("x_layout", ""):
        failures.append("listing under 60%%: %r" % below)
    if failures:
        sys.exit("fuzz.coverage-summary:\n  " + "\n  ".join(failures))
    print("fuzz.coverage-summary: declaration, scaffolding and total as expected")
