#!/usr/bin/env python3
"""validate of a large JSON file whose one error is at its end, below 16 MiB
peak RSS (issue 27: every validate holds no more than that).

The parse releases the pages it has read; the error's line and column are
then counted from the start of the file, which brought every page back (a
100 MB AnimJ file with a stray byte at its end took 100 MiB). The input
(48 MB, made here once, never committed) is a compact array of numbers on
many lines; the diagnostic must name its last line.

usage: late_error_rss_check.py AK_RLIMIT_RUN ANIMKIT DIR
"""
import os
import subprocess
import sys

SIZE = 48_000_000


def main():
    run, cli, where = sys.argv[1:4]
    os.makedirs(where, exist_ok=True)
    src = os.path.join(where, "late_error.json")
    lines = 0
    if not os.path.exists(src):
        with open(src + ".tmp", "w") as f:
            f.write("[")
            while f.tell() < SIZE:
                f.write("%s%s\n" % ("," if lines else "", ",".join(str(n) for n in range(lines, lines + 100))))
                lines += 1
            f.write("]x\n")
        os.replace(src + ".tmp", src)
    with open(src, "rb") as f:
        last = f.read().count(b"\n")  # the stray byte is on the last line
    r = subprocess.run([run, "--max-rss", "16M", "--expect", "1", "--", cli, "validate", "--format", "json", src],
                       stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    sys.stderr.write(r.stdout)
    if r.returncode != 0:
        sys.exit("validate: over 16 MiB peak RSS, or not exit 1")
    if ":%d:2: error:" % last not in r.stdout:
        sys.exit("the error is not reported at line %d, column 2" % last)
    print("ok")


main()
