#!/usr/bin/env python3
"""The conversion matrix (issue 26): every ordered pair of the six animation
formats, over every valid example (and, where ../shared is beside the
repository, every corpus file). For each input A and output format B:

- `convert --verify --to B` either writes a file or refuses with a
  conversion rule (a format that can hold none of the tracks);
- what it wrote validates with no errors;
- --verify compared every track the output holds (no "the output has no
  track with its target" beyond the tracks a loss names as left out);
- the output's targets stay distinct (no two tracks animate the same
  target: bones are never merged);
- A -> B -> A keeps every target B held (written for the same game, for a
  Prime ANIM A).

docs/conversions.md is generated from the examples' results (`--regen`),
and this checks it is current: for each pair, exact, approximated (the
largest deviation) or what is lost.

usage: check_matrix.py [--regen]   (AK_CLI, AK_SOURCE_DIR, AK_BINARY_DIR, AK_SHARED_DIR)"""
import glob
import json
import os
import re
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
from support import expect, summary  # noqa: E402

CLI = os.environ["AK_CLI"]
SRC = os.path.abspath(os.environ.get("AK_SOURCE_DIR", "."))
BIN = os.path.abspath(os.environ.get("AK_BINARY_DIR", "build"))
SHARED = os.environ.get("AK_SHARED_DIR", os.path.join(SRC, "..", "shared"))
DOC = os.path.join(SRC, "docs", "conversions.md")
FORMATS = ["animj", "animx", "glaxnimate", "maya", "mrtk", "primeanim"]
EXT = {"animj": "animj", "animx": "animx", "glaxnimate": "rawr", "maya": "anim", "mrtk": "bin", "primeanim": "anim"}


def run(*args):
    return subprocess.run([CLI, *args], capture_output=True, timeout=300)


def format_of(path):
    r = run("validate", "--diagnostics", "json", path)
    f = json.loads(r.stdout)["files"][0]
    return f["format"] if r.returncode == 0 and f["format"] in FORMATS else None


def inputs():
    """The valid files to convert: (path, format, source), examples first."""
    out = []
    for path in sorted(glob.glob(os.path.join(SRC, "examples", "*", "*")) +
                       glob.glob(os.path.join(BIN, "generated", "primeanim", "examples", "*.anim"))):
        fmt = os.path.isfile(path) and format_of(path)
        if fmt:
            out.append((path, fmt, "examples"))
    for path in sorted(glob.glob(os.path.join(SHARED, "corpus", "*", "*"))):
        fmt = os.path.isfile(path) and format_of(path)
        if fmt:
            out.append((path, fmt, "corpus"))
    return out


def targets(path, fmt):
    """The targets of a file's tracks (`sample --list`), in order."""
    r = run("sample", "--list", "--format", fmt, path)
    if r.returncode != 0:
        return None
    # columns are as wide as their widest cell (in bytes), and names may hold blanks
    lines = r.stdout.splitlines()
    start, end = lines[0].index(b"target"), lines[0].index(b"name")
    return [row[start:end].rstrip().decode(errors="replace") for row in lines[1:] if row.strip()]


def game_of(path, fmt):
    """The options that write a file for the same game as path (a Prime ANIM
    file's game is no part of the model): none for other formats."""
    if fmt != "primeanim":
        return []
    r = run("dump", "--format", fmt, path)
    m = re.search(rb'"game": (\d+)', r.stdout)
    return ["--format-option", "game=mp%s" % m.group(1).decode()] if m else []


def kinds_of(stderr, code):
    """The kinds of the losses a conversion reported: the message up to its
    counts and names."""
    out = []
    for line in stderr.splitlines():
        if "[%s]" % code not in line and not re.search(r"\[[a-z]+\.convert\.loss\]", line):
            continue
        m = re.search(r"warning: (.*?)(: \d+ (in \d+ )?tracks?\b.*)? \[", line)
        if m:
            out.append(m.group(1))
    return out


def deviation(stderr):
    m = re.search(r"largest deviation of the sampled curves: ([^ ]+) at time [^ ]+ in ([^;]+); (\d+) components? of "
                  r"(\d+) tracks? compared(; not compared: (.*))? \[", stderr)
    if not m:
        return None
    return {"worst": float(m.group(1)), "where": m.group(2), "components": int(m.group(3)),
            "tracks": int(m.group(4)), "not_compared": m.group(6) or ""}


def convert(tmp, path, fmt, to, tag):
    out = os.path.join(tmp, "%s.%s" % (tag, EXT[to]))
    r = run("convert", "--verify", "--to", to, path, out)
    return r, out


def main():
    regen = "--regen" in sys.argv
    table = {}
    with tempfile.TemporaryDirectory() as tmp:
        for n, (path, fmt, source) in enumerate(inputs()):
            name = os.path.relpath(path, SRC if source == "examples" and path.startswith(SRC) else os.path.dirname(path))
            before = targets(path, fmt)
            for to in FORMATS:
                if to == fmt:
                    continue
                tag = "%d-%s" % (n, to)
                r, out = convert(tmp, path, fmt, to, tag)
                err = r.stderr.decode(errors="replace")
                cell = table.setdefault((fmt, to), {"files": 0, "written": 0, "worst": 0.0, "where": "",
                                                    "losses": set(), "refused": set()})
                if source == "examples":
                    cell["files"] += 1
                if r.returncode != 0:
                    refused = re.findall(r"error: (.*?) \[([a-z]+\.convert\.[a-z-]+|animkit\.convert\.no-tracks)\]",
                                         err)
                    expect(f"{name} -> {to}: written, or refused with a conversion rule", refused,
                           err[-600:])
                    if source == "examples":
                        cell["refused"].update(m for m, _ in refused)
                    continue
                if source == "examples":
                    cell["written"] += 1
                    cell["losses"].update(kinds_of(err, "animkit.convert.loss"))
                v = run("validate", "--format", to, out)
                expect(f"{name} -> {to}: the output validates with no errors", v.returncode == 0,
                       v.stdout.decode(errors="replace")[:600])
                dev = deviation(err)
                left_out = "has no place for" in err or "left out" in err or "not written" in err
                nothing = "no numeric keys to compare" in err  # e.g. a Glaxnimate template without animation
                expect(f"{name} -> {to}: --verify compared every track the output holds",
                       nothing or (dev is not None and ("the output has no track with its target" not in
                                                        dev["not_compared"] or left_out)), err[-800:])
                if dev and source == "examples" and dev["worst"] >= cell["worst"]:
                    cell["worst"], cell["where"] = dev["worst"], "%s, %s" % (os.path.basename(path), dev["where"])
                held = targets(out, to)
                dupes = lambda ts: len(ts) - len(set(ts))  # noqa: E731
                expect(f"{name} -> {to}: targets stay distinct (no more tracks share one than in the input)",
                       held is not None and before is not None and dupes(held) <= dupes(before), held)
                back = os.path.join(tmp, "%s-back.%s" % (tag, EXT[fmt]))
                r2 = run("convert", "--to", fmt, *game_of(path, fmt), out, back)
                again = targets(back, fmt) if r2.returncode == 0 else []
                kept = set(held or []) & set(before or [])
                missing = sorted(kept - set(again or []))
                expect(f"{name} -> {to} -> {fmt} keeps every target {to} held", not missing,
                       (missing[:6], r2.stderr.decode(errors="replace")[-400:]))
    doc = render(table)
    if regen:
        with open(DOC, "w", encoding="utf-8") as f:
            f.write(doc)
        print("docs/conversions.md written")
    else:
        current = open(DOC, encoding="utf-8").read() if os.path.exists(DOC) else ""
        expect("docs/conversions.md is current (tests/conversions/check_matrix.py --regen)", current == doc,
               "stale")
    return summary()


def render(table):
    lines = ["# Conversions", "",
             "Generated by `tests/conversions/check_matrix.py --regen` from converting every valid example",
             "(`examples/`, and Metroid Prime ANIM's generated examples) into every other format with",
             "`animkit convert --verify`; do not edit by hand. The same test runs over the corpus of real",
             "files in CI. For each pair: **exact** (every track compared, no deviation, nothing lost),",
             "**approximated** (the largest deviation of the sampled curves, and where), and what the",
             "output format cannot hold (each kind is a `<format>.convert.loss` warning of the",
             "conversion). Targets (docs/model.md) pair the tracks.", ""]
    lines.append("| from | to | files | result | what is lost |")
    lines.append("|---|---|--:|---|---|")
    for (fmt, to) in sorted(table):
        c = table[(fmt, to)]
        if not c["files"]:
            continue
        if not c["written"]:
            result = "nothing written: " + "; ".join(sorted(c["refused"]))
        elif c["worst"] == 0 and not c["losses"]:
            result = "exact"
        elif c["worst"] == 0:
            result = "exact where held"
        else:
            result = "approximated: %.3g (%s)" % (c["worst"], c["where"].replace("|", "\\|"))
        lost = "; ".join(sorted(c["losses"])) or "-"
        lines.append("| %s | %s | %d | %s | %s |" % (fmt, to, c["files"], result, lost.replace("|", "\\|")))
    lines.append("")
    return "\n".join(lines)


if __name__ == "__main__":
    sys.exit(main())
