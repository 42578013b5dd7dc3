#!/usr/bin/env python3
"""Command-line behaviour of animkit: exit codes, help, usage errors, inputs
(files, directories, stdin), the rule listing. Format-specific behaviour is
tested with each format."""
import json
import os
import re
import subprocess
import sys
import tempfile

CLI = os.environ["AK_CLI"]
failures = 0
passed = 0


def run(*args, stdin=b""):
    return subprocess.run([CLI, *args], input=stdin, capture_output=True, timeout=60)


def expect(name, cond, detail=""):
    global failures, passed
    if cond:
        passed += 1
    else:
        failures += 1
        print(f"FAIL {name} {detail}")


def main():
    r = run("--version")
    expect("--version", r.returncode == 0 and r.stdout.startswith(b"animkit "), r.stdout)
    r = run("--help")
    expect("--help", r.returncode == 0 and b"validate" in r.stdout)
    r = run()
    expect("no command", r.returncode == 2)
    r = run("frobnicate")
    expect("unknown command", r.returncode == 2 and b"unknown command" in r.stderr)
    for cmd in ("validate", "formats", "rules", "dump"):
        r = run(cmd, "--help")
        expect(f"{cmd} --help", r.returncode == 0 and b"usage: animkit " + cmd.encode() in r.stdout)

    r = run("validate")
    expect("validate without input", r.returncode == 2)
    r = run("validate", "--bogus", "x")
    expect("validate unknown option", r.returncode == 2 and b"unknown option" in r.stderr)
    r = run("validate", "--diagnostics", "xml", "x")
    expect("bad --diagnostics", r.returncode == 2)
    r = run("validate", "--format", "nosuchformat", "x")
    expect("bad --format", r.returncode == 2 and b"unknown format" in r.stderr)
    r = run("validate", "--max-errors", "0", "x")
    expect("bad --max-errors", r.returncode == 2)
    r = run("validate", "/nonexistent/file.animj")
    expect("missing file is an I/O failure", r.returncode == 2 and b"No such file" in r.stderr)

    with tempfile.TemporaryDirectory() as tmp:
        unknown = os.path.join(tmp, "notes.txt")
        with open(unknown, "w") as f:
            f.write("just some text\n")
        empty = os.path.join(tmp, "empty.bin")
        open(empty, "w").close()
        r = run("validate", "--diagnostics", "json", unknown, empty)
        doc = json.loads(r.stdout)
        codes = [d["code"] for f in doc["files"] for d in f["diagnostics"]]
        expect("unknown format and empty file are errors", r.returncode == 1 and
               codes == ["animkit.input.unknown-format", "animkit.input.empty"], codes)
        r = run("validate", "--diagnostics", "json", "-", stdin=b"\x00\x01 nothing known")
        doc = json.loads(r.stdout)
        expect("stdin", r.returncode == 1 and doc["files"][0]["file"] == "-")
        # a directory: files without a known extension or content are skipped
        sub = os.path.join(tmp, "deeper", "still")
        os.makedirs(sub)
        with open(os.path.join(sub, "readme.md"), "w") as f:
            f.write("# nothing to see\n")
        r = run("validate", "--diagnostics", "json", tmp)
        doc = json.loads(r.stdout)
        expect("directory walk skips unknown files", r.returncode == 0 and doc["files"] == [], r.stdout)
        r = run("validate", unknown)
        expect("text style names the code", r.returncode == 1 and b"[animkit.input.unknown-format]" in r.stdout)
        r = run("dump", unknown)
        expect("dump of an unknown file", r.returncode == 1)

    r = run("rules", "--json")
    rules = json.loads(r.stdout)
    codes = [x["code"] for x in rules]
    expect("rules --json", r.returncode == 0 and len(codes) == len(set(codes)) and len(codes) >= 3)
    pattern = re.compile(r"^[a-z0-9]+\.[a-z0-9-]+\.[a-z0-9-]+$")
    bad = [c for c in codes if not pattern.match(c)]
    expect("rule codes are <format>.<area>.<slug>", not bad, bad)
    expect("rule severities", all(x["compat"] in ("error", "warning", "note") and
                                  x["strict"] in ("error", "warning", "note") for x in rules))
    r = run("rules", "--format", "animkit")
    expect("rules --format animkit", r.returncode == 0 and b"animkit.input.empty" in r.stdout)
    r = run("rules", "--format", "nope")
    expect("rules --format unknown", r.returncode == 2)
    r = run("formats")
    expect("formats", r.returncode == 0)
    r = run("formats", "extra")
    expect("formats with an argument", r.returncode == 2)

    print(f"{passed} passed, {failures} failed")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
