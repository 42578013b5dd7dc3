#!/usr/bin/env python3
"""Writes a folder of N small files of mixed formats for bench/report/run:
copies of the committed examples (valid and invalid, every format), each
under its own name in one of 100 subfolders, so that the walk, detection,
validation and every writer see realistic small inputs.
usage: make_folder.py EXAMPLES_DIR OUT_DIR N"""
import os
import sys


def main():
    examples, out, n = sys.argv[1], sys.argv[2], int(sys.argv[3])
    files = []
    for root, _, names in sorted(os.walk(examples)):
        for name in sorted(names):
            if name != "README.md":
                files.append(os.path.join(root, name))
    contents = [(os.path.splitext(f)[1], open(f, "rb").read()) for f in files]
    for i in range(n):
        ext, data = contents[i % len(contents)]
        sub = os.path.join(out, f"d{i % 100:02d}")
        os.makedirs(sub, exist_ok=True)
        with open(os.path.join(sub, f"f{i:05d}{ext}"), "wb") as f:
            f.write(data)


if __name__ == "__main__":
    main()
