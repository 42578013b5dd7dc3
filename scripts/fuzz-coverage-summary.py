#!/usr/bin/env python3
"""The coverage figures of scripts/fuzz-coverage (issue 31).

usage: fuzz-coverage-summary.py SRC BUILD SUMMARY_JSON SHOW_TXT PREFIXES LISTING

SUMMARY_JSON is `llvm-cov export -summary-only`; SHOW_TXT is `llvm-cov show
-show-branches=count` (text) of the generated files of BUILD/gen that carry
#line directives. Prints "lines P% branches P%" over the files whose path
below SRC (or below BUILD/gen, for what is generated) starts with one of
PREFIXES (comma-separated); LISTING ("-": none) gets the files under 60% of
lines.

A generated file counts against the declarations its #line directives
name: clang's coverage mapping ignores #line (clang 14), so this follows
the directives itself. Each line of a generated file has a presumed
place, as the preprocessor gives it: the declaration's line (a layout's
field, a schema's member, a grammar's rule action) within a #line block
that names a file of SRC, else the generated line itself (the generator's
scaffolding, the scanners' state tables). A declaration's line is reached
when any generated line presumed there ran (animgen writes one instance
of a declaration per value type: reaching the line in one instance
reaches the declaration); its branches are the k-th branch of each #line
block presumed there, reached (true, false) in any instance. What is
presumed at the generated file itself counts as before, under that
file's name. llvm-cov's own line and branch counts are used throughout."""
import json
import os
import re
import sys

LINE = re.compile(r"^\s*(\d+)\|\s*([^|]*)\|")
BRANCH = re.compile(r"^\s*\|\s*Branch \((\d+):(\d+)\): \[True: ([^,\]]+), False: ([^\]]+)\]")
DIRECTIVE = re.compile(r'^\s*#\s*line\s+(\d+)\s+"([^"]*)"')


def count_of(text):
    """A count as llvm-cov prints it ("0", "12", "1.07k"): was it reached."""
    text = text.strip()
    return None if text == "" else text not in ("0", "0.0")


def parse_show(path):
    """{file: {line: reached or None, ...}, branches: {line: [(t, f), ...]}}"""
    files = {}
    current = None
    last_line = None
    with open(path, errors="replace") as f:
        for raw in f:
            line = raw.rstrip("\n")
            if line.endswith(":") and line.startswith("/") and "|" not in line:
                current = files.setdefault(line[:-1], ({}, {}))
                last_line = None
                continue
            if current is None:
                continue
            m = LINE.match(line)
            if m:
                last_line = int(m.group(1))
                current[0][last_line] = count_of(m.group(2))
                continue
            m = BRANCH.match(line)
            if m and last_line is not None:
                if "Folded" in line:
                    continue
                current[1].setdefault(last_line, []).append((count_of(m.group(3)), count_of(m.group(4))))
    return files


def presumed_places(path, src, build):
    """Per line of the generated file (1-based): (declaration file under src
    or None, its line, the #line block's number)."""
    places = [None]
    here = None  # the declaration file, None: the generated file itself
    at = 1
    block = 0
    with open(path, errors="replace") as f:
        for raw in f:
            m = DIRECTIVE.match(raw)
            if m:
                places.append((None, 0, block))
                target = m.group(2)
                full = target if os.path.isabs(target) else os.path.join(src, target)
                full = os.path.normpath(full)
                inside = full.startswith(src + os.sep) and not full.startswith(build + os.sep) and \
                    os.path.exists(full)
                here = os.path.relpath(full, src) if inside and full != os.path.normpath(path) else None
                at = int(m.group(1))
                block += 1
                continue
            places.append((here, at, block))
            at += 1
    return places


def by_declaration(summary, show, src, build):
    """The summary's files, with each generated file of `show` split into
    its declarations and what is left of itself."""
    stats = {}  # name -> [lines covered, lines, branches covered, branches]
    for data in summary["data"]:
        for f in data["files"]:
            s = f["summary"]
            stats[f["filename"]] = [s["lines"]["covered"], s["lines"]["count"],
                                    s["branches"]["covered"], s["branches"]["count"]]
    decl_lines = {}     # (decl, line) -> reached
    decl_branches = {}  # (decl, line, k, side) -> reached
    for name, (lines, branches) in show.items():
        if name not in stats or not os.path.exists(name):
            continue
        places = presumed_places(name, src, build)
        own = [0, 0, 0, 0]
        ordinal = {}
        for n, reached in sorted(lines.items()):
            decl, at, block = places[n] if n < len(places) else (None, n, 0)
            outcomes = branches.get(n, [])
            if decl is None:
                if reached is not None:
                    own[0] += bool(reached)
                    own[1] += 1
                for t, f in outcomes:
                    own[2] += bool(t) + bool(f)
                    own[3] += 2
                continue
            if reached is not None:
                key = (decl, at)
                decl_lines[key] = decl_lines.get(key, False) or reached
            for t, f in outcomes:
                k = ordinal.get((block, at), 0)
                ordinal[(block, at)] = k + 1
                for side, hit in (("t", t), ("f", f)):
                    key = (decl, at, k, side)
                    decl_branches[key] = decl_branches.get(key, False) or bool(hit)
        stats[name] = own
    for (decl, _), reached in decl_lines.items():
        s = stats.setdefault(os.path.join(src, decl), [0, 0, 0, 0])
        s[0] += bool(reached)
        s[1] += 1
    for (decl, *_), reached in decl_branches.items():
        s = stats.setdefault(os.path.join(src, decl), [0, 0, 0, 0])
        s[2] += bool(reached)
        s[3] += 1
    return stats


def counted(name, src, build, prefixes):
    """A file under SRC, or generated under BUILD/gen, whose path there starts
    with one of the prefixes."""
    for root in (src + os.sep, os.path.join(build, "gen") + os.sep):
        if name.startswith(root) and any(name[len(root):].startswith(p) for p in prefixes):
            return True
    return False


def main():
    src, build, summary_path, show_path, prefixes, listing = sys.argv[1:7]
    src, build = os.path.normpath(src), os.path.normpath(build)
    summary = json.load(open(summary_path))
    show = parse_show(show_path) if os.path.exists(show_path) else {}
    stats = by_declaration(summary, show, src, build)
    total = [0, 0, 0, 0]
    files = []
    for name, s in stats.items():
        if not counted(name, src, build, prefixes.split(",")):
            continue
        total = [a + b for a, b in zip(total, s)]
        if s[1]:
            files.append((100.0 * s[0] / s[1], s[1], name))
    pct = lambda c, n: 100.0 * c / n if n else 0.0
    print("lines %.1f%% branches %.1f%%" % (pct(total[0], total[1]), pct(total[2], total[3])))
    if listing != "-":
        with open(listing, "w") as o:
            for p, n, name in sorted(files):
                if p < 60:
                    name = os.path.relpath(name, src) if name.startswith(src + os.sep) else name
                    o.write("%5.1f%% of %6d lines  %s\n" % (p, n, name))
    return 0


if __name__ == "__main__":
    sys.exit(main())
