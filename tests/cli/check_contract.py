#!/usr/bin/env python3
"""The command line keeps its promises (docs/cli.md): the right format for
every file, no destroyed files, honest output, safe terminals. Each check
runs the built binary the way a pipeline would."""
import json
import os
import signal
import stat
import subprocess
import sys
import tempfile

CLI = os.environ["AK_CLI"]
SRC = os.path.abspath(os.environ.get("AK_SOURCE_DIR", "."))
SHARED = os.environ.get("AK_SHARED_DIR", os.path.join(SRC, "..", "shared"))
failures = 0
passed = 0


def run(*args, stdin=b"", **kw):
    return subprocess.run([CLI, *args], input=stdin, capture_output=True, timeout=120, **kw)


def expect(name, cond, detail=""):
    global failures, passed
    if cond:
        passed += 1
    else:
        failures += 1
        print(f"FAIL {name} {detail!r}"[:2000])


def example(*parts):
    return os.path.join(SRC, "examples", *parts)


def write(path, data):
    with open(path, "wb") as f:
        f.write(data if isinstance(data, bytes) else data.encode())
    return path


def files_of(r):
    return json.loads(r.stdout)["files"]


def codes(r):
    return [d["code"] for f in files_of(r) for d in f["diagnostics"]]


# ---- a validator must not pass what it was not asked to check -----------

def detection(tmp):
    # a file whose extension names a format is that format, even when its
    # content is merely JSON; plain JSON only for .json or --format json
    for name, content, fmt in (("walk.animj", "{}", "animj"), ("x.animx", "[1,2]", "animx"),
                               ("x.anim", '{"a":1}', "maya")):
        path = write(os.path.join(tmp, name), content)
        r = run("validate", "--strict", "--diagnostics", "json", path)
        f = files_of(r)[0]
        expect(f"{name} is checked as {fmt}", f["format"] == fmt and r.returncode == 1, (r.returncode, f))
    path = write(os.path.join(tmp, "plain.json"), '{"a":1}')
    r = run("validate", "--diagnostics", "json", path)
    expect(".json is plain JSON", files_of(r)[0]["format"] == "json" and r.returncode == 0, r.stdout)
    r = run("validate", "--format", "json", "--diagnostics", "json", os.path.join(tmp, "walk.animj"))
    expect("--format json", files_of(r)[0]["format"] == "json" and r.returncode == 0, r.stdout)
    r = run("validate", "--diagnostics", "json", "-", stdin=b'{"a":1}')
    expect("JSON on stdin is no format without --format", files_of(r)[0]["format"] is None and r.returncode == 1,
           r.stdout)
    # the content shows another animation format: checked as that, and the
    # extension is called misleading
    anim = open(example("maya", "bounce.anim"), "rb").read()
    path = write(os.path.join(tmp, "bounce.animj"), anim)
    r = run("validate", "--diagnostics", "json", path)
    f = files_of(r)[0]
    expect("misleading extension", f["format"] == "maya" and "animkit.input.extension-mismatch" in codes(r) and
           r.returncode == 0, f)
    r = run("validate", "--strict", "--diagnostics", "json", path)
    expect("misleading extension is an error under --strict", r.returncode == 1, r.stdout)


def planned(tmp):
    rawr = os.path.join(tmp, "rawr")
    os.mkdir(rawr)
    corpus = os.path.join(SHARED, "corpus", "glaxnimate")
    sources = sorted(os.listdir(corpus)) if os.path.isdir(corpus) else []
    for n in sources[:3]:
        write(os.path.join(rawr, n), open(os.path.join(corpus, n), "rb").read())
    write(os.path.join(rawr, "own.rawr"), '{"animation": {"__type__": "MainComposition"}, '
                                          '"format": {"format_version": 7, "generator": "Glaxnimate"}}')
    r = run("validate", "--diagnostics", "json", rawr)
    fs = files_of(r)
    expect("a folder of .rawr files is not valid JSON", r.returncode == 2 and fs and
           all(f["format"] == "glaxnimate" and not f["valid"] for f in fs) and
           set(codes(r)) == {"animkit.input.unsupported-format"}, (r.returncode, fs))
    # Prime ANIM version 2 (prime-anim.md §1.2: MP1's u32 1 at 0x0C), named .anim
    prime = write(os.path.join(tmp, "samus.anim"), bytes.fromhex("00000002 00000000 00000000 00000001") + bytes(32))
    r = run("validate", "--diagnostics", "json", prime)
    expect("Prime ANIM is recognised, not checked", r.returncode == 2 and
           files_of(r)[0]["format"] == "primeanim", r.stdout)
    r = run("validate", "--format", "glaxnimate", prime)
    expect("--format of a planned format", r.returncode == 2 and b"planned" in r.stderr, r.stderr)
    r = run("formats")
    expect("formats lists the planned ones", b"glaxnimate" in r.stdout and b"planned" in r.stdout, r.stdout)


def folders(tmp):
    empty = os.path.join(tmp, "empty")
    os.mkdir(empty)
    r = run("validate", empty)
    expect("an empty folder is exit 2", r.returncode == 2 and b"no files" in r.stderr, r.stderr)
    r = run("validate", "--allow-empty", empty)
    expect("--allow-empty", r.returncode == 0, r.stderr)
    other = os.path.join(tmp, "other")
    os.mkdir(other)
    write(os.path.join(other, "a.txt"), "text")
    write(os.path.join(other, "b.png"), b"\x89PNG\r\n\x1a\n")
    r = run("validate", other)
    lines = r.stderr.decode().strip().splitlines()
    expect("no supported file: one line saying what was found", r.returncode == 2 and len(lines) == 1 and
           "2 files" in lines[0] and ".txt" in lines[0] and ".png" in lines[0], lines)
    # symbolic links to files are followed; a link loop ends
    linked = os.path.join(tmp, "linked")
    os.mkdir(linked)
    os.symlink(example("maya", "bounce.anim"), os.path.join(linked, "bounce.anim"))
    os.symlink(linked, os.path.join(linked, "loop"))
    r = run("validate", "--diagnostics", "json", linked)
    fs = files_of(r)
    expect("symlinked files are followed, loops detected", r.returncode == 0 and
           [os.path.basename(f["file"]) for f in fs] == ["bounce.anim"], (r.returncode, fs, r.stderr))
    os.symlink(os.path.join(tmp, "nowhere.animj"), os.path.join(linked, "dangling.animj"))
    r = run("validate", "--diagnostics", "json", linked)
    expect("a dangling link to an animation file is reported", r.returncode == 2 and
           any(f.get("error") for f in files_of(r)), r.stdout)


def not_text(tmp):
    binary = example("animx", "redx_lz4.animx")
    for fmt in ("maya", "animj", "json"):
        r = run("validate", "--format", fmt, binary)
        lines = r.stdout.decode(errors="replace").splitlines()
        expect(f"binary handed to {fmt}: one diagnostic", r.returncode == 1 and
               len([l for l in lines if "error:" in l]) == 1 and "animkit.input.not-text" in r.stdout.decode(),
               lines[:5])
    noise = write(os.path.join(tmp, "noise.anim"), bytes((i * 7919 + 13) % 256 for i in range(30000)))
    r = run("validate", noise)
    expect("random bytes named .anim: one diagnostic", r.returncode == 1 and len(r.stdout.splitlines()) == 1,
           r.stdout[:300])


# ---- output a machine can trust -------------------------------------------

def unreadable(tmp):
    missing = os.path.join(tmp, "missing.animj")
    good = example("maya", "bounce.anim")
    r = run("validate", "--diagnostics", "json", good, missing)
    fs = files_of(r)
    expect("json: the unreadable file is listed", r.returncode == 2 and fs[1]["file"] == missing and
           "No such file" in fs[1]["error"] and fs[1]["valid"] is False, fs)
    r = run("validate", "--diagnostics", "sarif", good, missing)
    inv = json.loads(r.stdout)["runs"][0]["invocations"][0]
    expect("sarif: executionSuccessful false", r.returncode == 2 and inv["executionSuccessful"] is False and
           len(inv["toolExecutionNotifications"]) == 1, inv)
    r = run("validate", "--diagnostics", "sarif", good)
    inv = json.loads(r.stdout)["runs"][0]["invocations"][0]
    expect("sarif: executionSuccessful true", inv == {"executionSuccessful": True}, inv)
    r = run("validate", "--diagnostics", "github", missing)
    expect("github: an ::error annotation", r.returncode == 2 and r.stdout.startswith(b"::error file="), r.stdout)


def stdout_errors(tmp):
    if not os.path.exists("/dev/full"):
        return
    good = example("maya", "bounce.anim")
    bad = example("animj", "bad-member-order.animj")
    for args in (["validate", bad], ["validate", "--diagnostics", "json", good], ["formats"], ["rules"],
                 ["schema", "--format", "animj"], ["dump", good], ["sample", "--times", "0:1:0.5", good],
                 ["--help"], ["--version"]):
        with open("/dev/full", "wb") as full:
            r = subprocess.run([CLI, *args], stdout=full, stderr=subprocess.PIPE, timeout=60)
        expect(f"{' '.join(args[:2])} > /dev/full exits 2", r.returncode == 2, (r.returncode, r.stderr))
    # a closed pipe: exit 2, not a kill by SIGPIPE
    p = subprocess.Popen([CLI, "rules"], stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    p.stdout.close()
    p.wait(timeout=60)
    expect("closed pipe exits 2", p.returncode == 2, p.returncode)


def columns(tmp):
    # one column count for every renderer: code points
    path = write(os.path.join(tmp, "cols.animj"), '{"\u00e9\u00e9\u00e9": 1,,}')
    seen = {}
    for style in ("text", "gcc", "json", "sarif", "github"):
        r = run("validate", "--diagnostics", style, path)
        out = r.stdout.decode()
        # the error: the second comma, code point 11 (byte 14)
        if style == "json":
            seen[style] = [d["column"] for d in files_of(r)[0]["diagnostics"] if d["severity"] == "error"]
        elif style == "sarif":
            res = json.loads(out)["runs"][0]
            seen[style] = [x["locations"][0]["physicalLocation"]["region"]["startColumn"]
                           for x in res["results"] if x["level"] == "error"]
            expect("sarif columnKind", res["columnKind"] == "unicodeCodePoints", res["columnKind"])
        elif style == "github":
            seen[style] = [int(l.split(",col=")[1].split(",")[0]) for l in out.splitlines() if l.startswith("::error")]
        else:
            seen[style] = [int(l.split(":")[2]) for l in out.splitlines() if ": error:" in l]
    expect("columns are code points everywhere", all(v == [11] for v in seen.values()), seen)


def terminals(tmp):
    # control bytes of a file never reach the terminal raw
    path = write(os.path.join(tmp, "evil\x1b[2J.animj"),
                 b'{"tracks": [{"trackType": "\x1b]0;owned\x07\x1b[31m", "x": "\xc2\x9b"}]}')
    for style in ("text", "gcc", "github"):
        r = run("validate", "--diagnostics", style, path)
        raw = r.stdout + r.stderr
        expect(f"{style}: no raw control bytes", not any(b < 0x20 and b not in (9, 10) for b in raw) and
               b"\xc2\x9b" not in raw and b"\\x1b" in raw, raw[:400])
    r = run("validate", os.path.join(tmp, "gone\x1b[2J.animj"))
    expect("stderr names escaped", b"\x1b" not in r.stderr and b"\\x1b" in r.stderr, r.stderr)


def main():
    with tempfile.TemporaryDirectory() as tmp:
        for check in (detection, planned, folders, not_text, unreadable, stdout_errors, columns, terminals):
            sub = os.path.join(tmp, check.__name__)
            os.mkdir(sub)
            check(sub)
    print(f"{passed} passed, {failures} failed")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
