#!/usr/bin/env python3
"""The command line linked against libanimkit.so behaves as the one linked
against the static archive: same output, same exit status, on the examples.

usage: check_cli_shared.py ANIMKIT_SHARED ANIMKIT_STATIC"""
import os
import subprocess
import sys

SRC = os.environ.get("AK_SOURCE_DIR", ".")


def main():
    shared, static = sys.argv[1:3]
    failures = 0
    runs = [["--version"], ["formats"], ["rules"]]
    examples = os.path.join(SRC, "examples")
    for fmt in sorted(os.listdir(examples)):
        folder = os.path.join(examples, fmt)
        if os.path.isdir(folder) and fmt != "c-api":
            runs.append(["validate", "--diagnostics", "json", folder])
    for args in runs:
        a = subprocess.run([shared] + args, capture_output=True)
        b = subprocess.run([static] + args, capture_output=True)
        if (a.returncode, a.stdout) != (b.returncode, b.stdout):
            failures += 1
            print(f"FAIL animkit {' '.join(args)}: shared {a.returncode} {a.stdout[:300]!r} {a.stderr[:300]!r}, "
                  f"static {b.returncode} {b.stdout[:300]!r}")
    print(f"{len(runs)} runs, {failures} differ")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
