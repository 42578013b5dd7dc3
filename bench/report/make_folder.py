#!/usr/bin/env python3
"""Writes a folder of N small files of mixed formats for bench/report/run
and the report measurements of docs/ci.md: copies of the committed
examples (valid and invalid, every format), each under its own name in one
of 100 subfolders (1,000 for more than 100,000 files), so that the walk,
detection, validation and every writer see realistic small inputs.

--distinct: the text files (Maya, AnimJ, Glaxnimate, JSON) differ from each
other by a few bytes that change no result (white space before a JSON
document, a comment at the end of a Maya file), so that a cache keyed by
content (report --cache) sees as many contents as files; the binary ones
(AnimX, MRTK) stay copies, whose content repeats.

The folder is made for a measurement and deleted after it: never commit it.
usage: make_folder.py [--distinct] EXAMPLES_DIR OUT_DIR N"""
import os
import sys

JSON_EXTS = {".animj", ".rawr", ".json"}


def unique(ext, data, i):
    if ext in JSON_EXTS:
        # i in binary as spaces and tabs, then a line break: white space
        # before the document, which JSON allows and no format reads
        return "".join(" \t"[int(b)] for b in bin(i)[2:]).encode() + b"\n" + data
    if ext == ".anim":
        return data + (b"" if data.endswith(b"\n") else b"\n") + b"// bench file %d\n" % i
    return data


def main():
    args = sys.argv[1:]
    distinct = "--distinct" in args
    args = [a for a in args if a != "--distinct"]
    examples, out, n = args[0], args[1], int(args[2])
    files = []
    for root, _, names in sorted(os.walk(examples)):
        for name in sorted(names):
            if name != "README.md":
                files.append(os.path.join(root, name))
    contents = [(os.path.splitext(f)[1], open(f, "rb").read()) for f in files]
    folders = 1000 if n > 100000 else 100
    for i in range(n):
        ext, data = contents[i % len(contents)]
        sub = os.path.join(out, f"d{i % folders:03d}" if folders > 100 else f"d{i % 100:02d}")
        os.makedirs(sub, exist_ok=True)
        with open(os.path.join(sub, f"f{i:06d}{ext}" if n > 100000 else f"f{i:05d}{ext}"), "wb") as f:
            f.write(unique(ext, data, i) if distinct else data)


if __name__ == "__main__":
    main()
