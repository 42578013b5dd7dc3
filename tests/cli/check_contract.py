#!/usr/bin/env python3
"""The command line keeps its promises (docs/cli.md): the right format for
every file, no destroyed files, honest output, safe terminals. Each check
runs the built binary the way a pipeline would."""
import json
import os
import signal
import stat
import struct
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
from support import expect, summary  # noqa: E402

CLI = os.environ["AK_CLI"]
SRC = os.path.abspath(os.environ.get("AK_SOURCE_DIR", "."))
SHARED = os.environ.get("AK_SHARED_DIR", os.path.join(SRC, "..", "shared"))


def run(*args, stdin=b"", **kw):
    return subprocess.run([CLI, *args], input=stdin, capture_output=True, timeout=120, **kw)


def example(*parts):
    return os.path.join(SRC, "examples", *parts)


BIN = os.path.abspath(os.environ.get("AK_BINARY_DIR", "build"))


def generated(*parts):
    """What the build makes instead of committing it (Prime ANIM's binary files)."""
    return os.path.join(BIN, "generated", *parts)


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
    # .rawr files are Glaxnimate (never plain JSON): the corpus validates,
    # a file without assets does not
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
    expect("a folder of .rawr files is checked as Glaxnimate", r.returncode == 1 and fs and
           all(f["format"] == "glaxnimate" and f["valid"] == (not f["file"].endswith("own.rawr")) for f in fs) and
           "glaxnimate.top.assets-missing" in codes(r), (r.returncode, fs))
    # Prime ANIM version 2 (prime-anim.md §1.2: MP1's u32 1 at 0x0C), named .anim: a format
    # of its own now (not Maya's .anim), checked: a header of zeros is reported, exit 1
    prime = write(os.path.join(tmp, "samus.anim"), bytes.fromhex("00000002 00000000 00000000 00000001") + bytes(32))
    r = run("validate", "--diagnostics", "json", prime)
    expect("Prime ANIM is detected and checked", r.returncode == 1 and
           files_of(r)[0]["format"] == "primeanim" and
           all(c.startswith("primeanim.") for c in codes(r)), r.stdout)
    # no format is planned any more: the mechanism (formats/planned/) waits for the next one


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
    # Maya's reader skips a comment's bytes unread, so no byte says "not
    # Maya" everywhere: its front end names a binary .anim itself
    for fmt, code in (("maya", "maya.file.foreign-format"), ("animj", "animkit.input.not-text"),
                      ("json", "animkit.input.not-text"), ("glaxnimate", "animkit.input.not-text")):
        r = run("validate", "--format", fmt, binary)
        lines = r.stdout.decode(errors="replace").splitlines()
        expect(f"binary handed to {fmt}: one diagnostic", r.returncode == 1 and
               len([l for l in lines if "error:" in l]) == 1 and code in r.stdout.decode(),
               lines[:5])
    noise = write(os.path.join(tmp, "noise.anim"), bytes((i * 7919 + 13) % 256 for i in range(30000)))
    r = run("validate", noise)
    expect("random bytes named .anim: one diagnostic", r.returncode == 1 and len(r.stdout.splitlines()) == 1,
           r.stdout[:300])


def text_the_format_allows(tmp):
    # the not-text test counts only bytes the format never allows: DEL is
    # JSON string content, and a Maya comment takes any byte
    dels = "\x7f" * 4096  # all of the probe's 4 KiB
    for name, content in (("del.json", '{"a":"%s"}' % dels[:40]),
                          ("del.animj", '{"name":"%s","globalDuration":1,"tracks":[]}' % dels),
                          ("del.rawr", open(example("glaxnimate", "good-rect-star-precomp.rawr")).read()
                           .replace('"name": "', '"name": "' + dels, 1))):
        path = write(os.path.join(tmp, name), content)
        r = run("validate", "--diagnostics", "json", path)
        expect(f"unescaped DEL in a {name} string is text", r.returncode == 0 and
               "animkit.input.not-text" not in codes(r), r.stdout[:300])
    for name, comment in (("controls.anim", b"\x01" * 2048), ("latin1.anim", b"\xe9" * 2048),
                          ("nul.anim", b"\x00" * 40)):
        path = write(os.path.join(tmp, name),
                     b"# " + comment + b"\n" + open(example("maya", "bounce.anim"), "rb").read())
        r = run("validate", "--diagnostics", "json", path)
        found = codes(r) if r.returncode in (0, 1) else []
        expect(f"a Maya comment of {name[:-5]} bytes is text", r.returncode == 0 and
               "animkit.input.not-text" not in found and "maya.file.foreign-format" not in found, r.stdout[:300])


# ---- never destroy data ---------------------------------------------------

def same_file(tmp):
    anim = write(os.path.join(tmp, "x.anim"), open(example("maya", "bounce.anim"), "rb").read())
    before = open(anim, "rb").read()
    os.symlink(anim, os.path.join(tmp, "link.anim"))
    os.link(anim, os.path.join(tmp, "hard.anim"))
    for args in (["convert", anim, anim, "--to", "mrtk"], ["convert", anim, anim, "--to", "animx"],
                 ["convert", anim, os.path.join(tmp, "link.anim")], ["convert", os.path.join(tmp, "hard.anim"), anim],
                 ["dump", anim, "-o", os.path.join(tmp, "link.anim")]):
        r = run(*args)
        expect(f"refused: {' '.join(os.path.basename(a) for a in args)}", r.returncode == 2 and
               b"is an input of this command" in r.stderr and open(anim, "rb").read() == before, r.stderr)
    r = run("convert", anim, os.path.join(tmp, "y.anim"), "--to", "animx")
    expect("--to against the extension is said", b"extension of " in r.stderr and b"is maya's" in r.stderr, r.stderr)


def special_outputs(tmp):
    anim = example("maya", "bounce.anim")
    if os.path.exists("/dev/null"):
        r = run("convert", anim, "/dev/null", "--to", "animj")
        expect("-o /dev/null stays a device", r.returncode == 0 and stat.S_ISCHR(os.stat("/dev/null").st_mode),
               r.stderr)
        r = run("dump", anim, "-o", "/dev/null")
        expect("dump -o /dev/null", r.returncode == 0 and stat.S_ISCHR(os.stat("/dev/null").st_mode), r.stderr)
    r = run("convert", anim, "/dev/stdout", "--to", "animj")
    expect("/dev/stdout is standard output", r.returncode == 0 and r.stdout.startswith(b"{"), r.stderr)
    fifo = os.path.join(tmp, "pipe.animj")
    os.mkfifo(fifo)
    reader = subprocess.Popen(["cat", fifo], stdout=subprocess.PIPE)
    r = run("convert", anim, fifo)
    got = reader.communicate(timeout=60)[0]
    expect("a FIFO is written in place", r.returncode == 0 and got.startswith(b"{") and
           stat.S_ISFIFO(os.stat(fifo).st_mode), r.stderr)
    out = write(os.path.join(tmp, "kept.animj"), "old")
    os.chmod(out, 0o640)
    r = run("convert", anim, out)
    expect("an existing output keeps its mode", r.returncode == 0 and stat.S_IMODE(os.stat(out).st_mode) == 0o640,
           oct(os.stat(out).st_mode))
    left = [n for n in os.listdir(tmp) if ".tmp-" in n]
    expect("no temporary files", not left, left)


def interrupted(tmp):
    # a conversion killed while it writes leaves no temporary file: a large
    # output, and SIGTERM as soon as the temporary file appears
    big = os.path.join(tmp, "big.animx")
    keys = 1_000_000
    # AnimX (animj-animx.md §3): magic, version 1, 1 track, duration 1, name
    # "", plain encoding; a Raw float track "n" "p" of `keys` zeros
    body = bytearray(b"\x05AnimX" + struct.pack("<i", 1) + b"\x01" + struct.pack("<f", 1.0) + b"\x00\x00")
    body += bytes([0, 21]) + b"\x01n\x01p"
    n = keys
    while True:  # 7-bit count
        byte = n & 0x7f
        n >>= 7
        body.append(byte | (0x80 if n else 0))
        if not n:
            break
    body += struct.pack("<f", 0.001) + bytes(4 * keys)
    write(big, bytes(body))
    out = os.path.join(tmp, "out.animj")
    # Whether SIGTERM lands before the rename is up to the scheduler, so the
    # check is what holds either way: no temporary file is left, and OUT is
    # absent (killed while writing) or complete (the rename came first).
    # That a signal while the temporary file exists removes it is proven
    # without timing by tests/unit/test_cli_output.c.
    p = subprocess.Popen([CLI, "convert", big, out], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    while p.poll() is None:
        if any(".tmp-" in n for n in os.listdir(tmp)):
            p.send_signal(signal.SIGTERM)
            break
    p.wait(timeout=120)
    left = [n for n in os.listdir(tmp) if ".tmp-" in n]
    complete = os.path.exists(out) and open(out, "rb").read().rstrip().endswith(b"}")
    expect("SIGTERM while writing leaves no temporary file and no partial output",
           not left and (p.returncode in (0, -signal.SIGTERM)) and (not os.path.exists(out) or complete),
           (p.returncode, left, os.path.exists(out)))


def versions(tmp):
    rec = example("mrtk", "right_hand_v10.bin")
    out = os.path.join(tmp, "again.bin")
    r = run("convert", "--to", "mrtk", rec, out)
    same = os.path.exists(out) and open(out, "rb").read() == open(rec, "rb").read()
    expect("MRTK 1.0 to MRTK stays 1.0, byte for byte", r.returncode == 0 and same, r.stderr)
    r = run("validate", "--strict", "--format", "mrtk", out)
    expect("... and passes --strict", r.returncode == 0, r.stdout[:300])
    r = run("convert", "--to", "mrtk", "--format-version", "1.1", rec, out)
    r2 = run("dump", out)
    expect("--format-version 1.1 writes 1.1", r.returncode == 0 and b'"minor": 1' in r2.stdout, r2.stdout[:200])
    # 1.1 -> 1.0 (spec §6.8): simple keys become (t, v, 0, 0, 0, 0, 3), gaze is dropped with a warning
    v11 = example("mrtk", "camera_only_v11.bin")
    out10 = os.path.join(tmp, "camera_v10.bin")
    r = run("convert", "--to", "mrtk", "--format-version", "1.0", "--verify", v11, out10)
    r2 = run("dump", out10)
    dev = [l for l in r.stderr.decode(errors="replace").splitlines() if "animkit.convert.deviation" in l]
    expect("--format-version 1.0 writes 1.0, evaluating the same", r.returncode == 0 and b'"minor": 0' in r2.stdout
           and b'"weighted_mode": 3' in r2.stdout and dev and " 0 at time" in dev[0], r.stderr[-400:])
    r = run("validate", "--strict", out10)
    expect("... and passes --strict", r.returncode == 0, r.stdout[:300])
    r = run("convert", "--to", "mrtk", "--format-version", "7.3", rec, out)
    expect("an unknown --format-version", r.returncode == 1 and b"animkit.convert.version" in r.stderr, r.stderr)


# ---- conversions that should work do ---------------------------------------

def conversions(tmp):
    # every pair of supported animation formats, starting from one MRTK
    # recording converted into each (so that every format has the same tracks)
    rec = example("mrtk", "right_hand_v10.bin")
    base = {"mrtk": rec}
    ext = {"animj": ".animj", "animx": ".animx", "maya": ".anim", "mrtk": ".bin"}
    for fmt in ("animj", "animx", "maya"):
        base[fmt] = os.path.join(tmp, "base" + ext[fmt])
        r = run("convert", "--verify", rec, base[fmt])
        expect(f"mrtk -> {fmt}", r.returncode == 0, r.stderr[-400:])
    for src in base:
        for dst in base:
            if src == dst:
                continue
            out = os.path.join(tmp, f"{src}-to-{dst}{ext[dst]}")
            r = run("convert", "--verify", "--to", dst, base[src], out)
            err = r.stderr.decode(errors="replace")
            expect(f"{src} -> {dst} converts, losses as warnings", r.returncode == 0 and os.path.exists(out) and
                   " error: " not in err and "animkit.convert.deviation" in err, err[-600:])
    # AnimX has no null node (it writes ""): MRTK's node-less bool channels
    # still find their place on the way back, and nothing deviates
    r = run("convert", "--verify", "--to", "mrtk", base["animx"], os.path.join(tmp, "animx-back.bin"))
    err = r.stderr.decode(errors="replace")
    dev = [l for l in err.splitlines() if "animkit.convert.deviation" in l]
    expect("mrtk -> animx -> mrtk keeps every channel", r.returncode == 0 and "mrtk.convert.loss" not in err and
           dev and float(dev[0].split("sampled curves: ")[1].split()[0]) < 1e-6, err[-600:])
    # Maya -> AnimJ on real Maya files: Hermite is exact, weighted is fitted
    files = [example("maya", "bounce.anim")]
    corpus = os.path.join(SHARED, "corpus", "maya")
    if os.path.isdir(corpus):
        files += [os.path.join(corpus, n) for n in sorted(os.listdir(corpus))]
    for f in files:
        out = os.path.join(tmp, os.path.basename(f) + ".animj")
        r = run("convert", "--verify", f, out)
        err = r.stderr.decode(errors="replace")
        dev = [l for l in err.splitlines() if "animkit.convert.deviation" in l]
        expect(f"maya -> animj: {os.path.basename(f)}", r.returncode == 0 and dev, err[-600:])
        if "bounce" not in f and dev:  # unweighted Hermite curves: exact up to float32
            worst = float(dev[0].split("sampled curves: ")[1].split()[0])
            expect(f"maya -> animj is exact: {os.path.basename(f)}", worst < 1e-3, dev)
    r = run("convert", example("maya", "bounce.anim"), os.path.join(tmp, "b.animj"))
    expect("weighted tangents: a warning with the deviation", r.returncode == 0 and
           b"approximated by CubicBezier" in r.stderr and b"largest deviation" in r.stderr, r.stderr)


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
    # a closed pipe: exit 2, not a kill by SIGPIPE. The read end is closed
    # before the child starts, so that its first write fails whatever the
    # load (a pipe buffer that takes the whole output would otherwise let it
    # finish first and exit 0)
    for args in (["rules"], ["formats"], ["--version"], ["dump", good]):
        read_end, write_end = os.pipe()
        os.close(read_end)
        p = subprocess.Popen([CLI, *args], stdout=write_end, stderr=subprocess.PIPE)
        os.close(write_end)
        err = p.communicate(timeout=60)[1]
        expect(f"{' '.join(args[:1])}: closed pipe exits 2", p.returncode == 2 and b"standard output" in err,
               (p.returncode, err))


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


def jq_round_trip(tmp):
    # 64-bit integers beyond 2^53 (MRTK's magic, ulong values) survive jq
    import shutil
    if not shutil.which("jq"):
        if os.environ.get("CI"):
            expect("jq is installed (scripts/install-deps)", False)
        else:
            print("SKIP jq round trips: jq is not installed")
        return
    rec = example("mrtk", "right_hand_v10.bin")
    dumped = run("dump", rec).stdout
    edited = subprocess.run(["jq", ".minor = .minor"], input=dumped, capture_output=True).stdout
    path = write(os.path.join(tmp, "rec.json"), edited)
    out = os.path.join(tmp, "rec.bin")
    r = run("convert", "--to", "mrtk", path, out)
    expect("an MRTK dump edited with jq converts back", r.returncode == 0 and
           open(out, "rb").read() == open(rec, "rb").read(), r.stderr)
    animj = write(os.path.join(tmp, "u.animj"),
                  '{"name": "big", "globalDuration": 1, "tracks": [{"trackType": "Discrete", "valueType": "ulong", '
                  '"data": {"node": "n", "property": "p", "keyframes": [{"time": 0, "value": 18446744073709551615}, '
                  '{"time": 0.5, "value": 9007199254740993}]}}, {"trackType": "Discrete", "valueType": "long", '
                  '"data": {"node": "n", "property": "q", "keyframes": [{"time": 0, "value": -9223372036854775808}]}}]}')
    animx = os.path.join(tmp, "u.animx")
    r = run("convert", animj, animx)
    dumped = run("dump", animx).stdout
    edited = subprocess.run(["jq", '.name = "edited"'], input=dumped, capture_output=True).stdout
    path = write(os.path.join(tmp, "u.json"), edited)
    again = os.path.join(tmp, "again.animx")
    r = run("convert", "--to", "animx", path, again)
    back = run("dump", again).stdout.decode()
    expect("AnimX ulong/long values survive jq", r.returncode == 0 and "18446744073709551615" in back and
           "9007199254740993" in back and "-9223372036854775808" in back and '"edited"' in back, back[:600])


def prime_game(tmp):
    # Metroid Prime ANIM: a v0 file both games' layouts fit needs --game (spec §1.2)
    ambiguous = generated("primeanim", "conformance", "invalid", "v0_ambiguous.anim")
    r = run("validate", "--diagnostics", "json", ambiguous)
    expect("an ambiguous v0 file without --game", r.returncode == 1 and
           codes(r) == ["primeanim.game.undetermined"], r.stdout)
    r = run("validate", "--game", "mp1", ambiguous)
    expect("--game mp1 decides it", r.returncode == 0, r.stdout)
    r = run("validate", "--diagnostics", "json", "--game", "mp2", generated("primeanim", "examples", "v2_mp1.anim"))
    expect("--game that contradicts the file", r.returncode == 1 and
           codes(r) == ["primeanim.game.mismatch"], r.stdout)
    r = run("validate", "--game", "mp3", ambiguous)
    expect("--game takes mp1 or mp2", r.returncode == 2, r.stderr)
    # a new file from another format, then byte-exact re-emission of it
    animj = os.path.join(tmp, "walk.animj")
    r = run("convert", generated("primeanim", "examples", "v2_mp2.anim"), animj)
    expect("primeanim -> AnimJ", r.returncode == 0, r.stderr)
    new = os.path.join(tmp, "walk.anim")
    r = run("convert", animj, new, "--to", "primeanim", "--game", "mp2", "--verify")
    expect("AnimJ -> primeanim (MP2) with --verify", r.returncode == 0 and
           b"animkit.convert.deviation" in r.stderr, r.stderr)
    again = os.path.join(tmp, "again.anim")
    r = run("convert", new, again, "--to", "primeanim")
    expect("re-emission is byte-exact", r.returncode == 0 and
           open(new, "rb").read() == open(again, "rb").read(), r.stderr)


# ---- the contract, part 2 (issue 25) -------------------------------------

def plot_outputs(tmp):
    # plot writes through the one output path: never over its input, under
    # any name, and only under a name that says SVG
    anim = write(os.path.join(tmp, "a.anim"), open(example("maya", "bounce.anim"), "rb").read())
    before = open(anim, "rb").read()
    os.symlink(anim, os.path.join(tmp, "link.svg"))
    for out, why in ((anim, b"plot writes SVG"), (os.path.join(tmp, "link.svg"), b"is an input of this command")):
        r = run("plot", anim, "-o", out)
        expect(f"plot -o {os.path.basename(out)} is refused", r.returncode == 2 and why in r.stderr and
               open(anim, "rb").read() == before, r.stderr)
    r = run("plot", anim, "-o", os.path.join(tmp, "x.png"))
    expect("plot -o x.png: exit 2, nothing written", r.returncode == 2 and
           not os.path.exists(os.path.join(tmp, "x.png")), r.stderr)
    r = run("plot", anim, "-o", os.path.join(tmp, "x.SVG"))
    expect("plot -o x.SVG", r.returncode == 0 and open(os.path.join(tmp, "x.SVG"), "rb").read().startswith(b"<svg"),
           r.stderr)
    r = run("plot", "--game", "mp1", "--format-option", "s32_totals", anim, "-o", os.path.join(tmp, "g.svg"))
    expect("plot takes --game and --format-option", r.returncode == 0, r.stderr)


def many_warnings(tmp):
    # 1500 keys, each with an unknown member: 1500 warnings, 1000 shown
    keys = ",".join('{"time": %d, "value": %d, "interpolation": "Linear", "x": 1}' % (i, i % 7) for i in range(1500))
    path = write(os.path.join(tmp, "w.animj"), '{"name": "w", "globalDuration": 1499, "tracks": [{"trackType": '
                 '"Curve", "valueType": "float", "data": {"node": "n", "property": "p", "keyframes": [%s]}}]}' % keys)
    r = run("validate", path)
    expect("text: the summary counts all, the note says how many are not shown", r.returncode == 0 and
           b"1500 warnings (500 not shown)" in r.stderr and
           r.stdout.count(b"animkit.limit.unshown") == 1 and b"500 more warnings not shown" in r.stdout,
           r.stderr[-300:] + r.stdout[-300:])
    r = run("validate", "--diagnostics", "json", path)
    f = files_of(r)[0]
    expect("json: counts", f["counts"] == {"errors": 0, "warnings": 1500, "notes": 0, "unshown": 500} and
           len(f["diagnostics"]) == 1000, f.get("counts"))
    r = run("validate", "--diagnostics", "sarif", path)
    inv = json.loads(r.stdout)["runs"][0]["invocations"][0]
    notes = inv.get("toolExecutionNotifications", [])
    expect("sarif: a notification, execution successful", inv["executionSuccessful"] and len(notes) == 1 and
           notes[0]["descriptor"]["id"] == "animkit.limit.unshown", inv)
    r = run("validate", "--max-errors", "200", "--diagnostics", "json", path)
    expect("--max-errors raises the cap", files_of(r)[0]["counts"]["unshown"] == 0, r.stdout[-200:])
    # the command's own result is shown whatever came before it
    r = run("convert", "--verify", path, os.path.join(tmp, "w.anim"), "--to", "maya")
    expect("--verify's deviation is printed past the cap", r.returncode == 0 and
           b"animkit.convert.deviation" in r.stderr, r.stderr[-400:])


def compression_kept(tmp):
    for name, encoding in (("redx_lz4.animx", 1), ("redx_discrete.animx", 0)):
        out = os.path.join(tmp, "re-" + name)
        r = run("convert", example("animx", name), out)
        d = run("dump", out)
        expect(f"{name}: re-emission keeps encoding {encoding}", r.returncode == 0 and
               json.loads(d.stdout)["encoding"] == encoding, r.stderr)
    out = os.path.join(tmp, "plain.animx")
    r = run("convert", "--compress", "none", example("animx", "redx_lz4.animx"), out)
    expect("--compress none says otherwise", r.returncode == 0 and json.loads(run("dump", out).stdout)["encoding"] == 0,
           r.stderr)


def listed_names_escaped(tmp):
    path = write(os.path.join(tmp, "esc.animj"), '{"name": "e", "globalDuration": 1, "tracks": [{"trackType": '
                 '"Discrete", "valueType": "float", "data": {"node": "n\\u001b[2Jclear", "property": "p", '
                 '"keyframes": [{"time": 0, "value": 1}]}}]}')
    for cmd in ("sample", "plot"):
        r = run(cmd, "--list", path)
        expect(f"{cmd} --list escapes ESC", r.returncode == 0 and b"\x1b" not in r.stdout and
               b"n\\x1b[2Jclear.p" in r.stdout, r.stdout)


def small_things(tmp):
    anim = example("maya", "bounce.anim")
    r = run("convert", "--to", "json", anim, os.path.join(tmp, "o.json"))
    expect("convert --to json is a usage error", r.returncode == 2 and b"no conversion target" in r.stderr and
           not os.path.exists(os.path.join(tmp, "o.json")), r.stderr)
    binary = write(os.path.join(tmp, "bin.animj"), bytes(range(256)) * 4)
    r = run("validate", binary)
    expect("not-text message has no 'a animj'", r.returncode == 1 and b"a animj" not in r.stdout and
           b"animj is a text format" in r.stdout, r.stdout)
    share = os.path.join(BIN, "share")
    bash = os.path.join(share, "completions", "animkit")
    if os.path.exists(bash):
        text = open(bash).read() + open(os.path.join(share, "completions", "_animkit")).read()
        expect("completion of --max-memory offers no prose words", "--max-memory) COMPREPLY=" not in text and
               "--max-memory) compadd" not in text, [l for l in text.splitlines() if "max-memory)" in l])
        expect("completion of --diagnostics offers the styles", 'compgen -W "text gcc json sarif github"' in text)
        man = open(os.path.join(share, "man1", "animkit-sample.1")).read()
        synopsis = man.split(".SH SYNOPSIS")[1].split(".SH")[0]
        expect("sample's synopsis has no options block", "game" not in synopsis and "format\\-option" not in
               synopsis, synopsis)
    r = run("sample", "--help")
    usage = r.stdout.decode().split("\n\n")[0]
    expect("sample --help: --game is an option, not usage", "--game" not in usage and "--game" in r.stdout.decode(),
           usage)


def main():
    with tempfile.TemporaryDirectory() as tmp:
        for check in (detection, planned, folders, not_text, text_the_format_allows, same_file, special_outputs,
                      interrupted, versions, conversions, jq_round_trip, unreadable, stdout_errors, columns, terminals,
                      prime_game, plot_outputs, many_warnings, compression_kept, listed_names_escaped, small_things):
            sub = os.path.join(tmp, check.__name__)
            os.mkdir(sub)
            check(sub)
    return summary()


if __name__ == "__main__":
    sys.exit(main())
