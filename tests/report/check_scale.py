#!/usr/bin/env python3
"""animkit report at scale (issue 28): shards, merging, the cache, lists of
files. Deterministic: no check depends on time or on the machine.

- --shard I/N + --merge == one report over the same files, byte for byte,
  for N in 1, 2, 3, 7 over the conformance tree, for every kind of report;
  a file's shard is the documented hash of its path below its PATH.
- --merge refuses (exit 2, no output, a message naming the parts) parts of
  other options, inputs, shard counts or animkit versions, a shard twice or
  missing, a file in two parts, a report that is no part, a part cut short.
- --cache: a second run reads every result from the cache (the report the
  same bytes) and reads no file (the closing line counts the files read:
  stat data like git's index), a changed file is read and checked again
  and an unchanged one is not (a record edited by hand is what the report
  says), a touched file is read and not checked, a file modified after its
  record is read again (git's racy rule: modification times are set, not
  waited for), a torn segment or a damaged, foreign record is ignored and
  written again, other options miss, shards share a cache and write one
  at the same time, --cache-max trims the oldest segments and keeps what
  the run used, many segments are compacted.
- --files-from and --changed-since (in a temporary git repository)."""
import hashlib
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
from support import expect, summary  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
SRC = os.environ.get("AK_SOURCE_DIR", os.path.dirname(os.path.dirname(HERE)))
CLI = os.environ["AK_CLI"]
TREE = "tests/conformance"
INPUTS = "tests/report/inputs"
KINDS = ("json", "md", "xml", "sarif", "html")


def run(*args, cwd=SRC, stdin=None):
    return subprocess.run([CLI, *args], capture_output=True, cwd=cwd, timeout=600, input=stdin)


def read(path):
    return open(path, "rb").read() if os.path.exists(path) else None


def shards(tmp, n, *extra, tree=TREE, prefix="p"):
    parts = []
    for i in range(1, n + 1):
        part = os.path.join(tmp, f"{prefix}{i}of{n}.json")
        r = run("report", "-q", "--shard", f"{i}/{n}", *extra, tree, "-o", part)
        expect(f"--shard {i}/{n}: exit 0 or 1", r.returncode in (0, 1), r.stderr)
        parts.append(part)
    return parts


def check_merge_identity(tmp):
    whole = {}
    for kind in KINDS:
        out = os.path.join(tmp, f"whole.{kind}")
        run("report", "-q", TREE, "-o", out)
        whole[kind] = read(out)
    listed = [f["path"] for f in json.loads(whole["json"])["files"]]
    try:
        import jsonschema
        validator = jsonschema.Draft202012Validator(json.load(open(os.path.join(SRC, "docs", "report.schema.json"))))
    except ImportError:
        validator = None
    for n in (1, 2, 3, 7):
        parts = shards(tmp, n)
        seen = []
        for i, part in enumerate(parts, 1):
            doc = json.load(open(part))
            expect(f"part {i}/{n} says its shard", doc.get("shard", {}).get("index") == i and
                   doc["shard"]["count"] == n, doc.get("shard"))
            for f in doc["files"]:
                rel = os.path.relpath(f["path"], TREE)
                h = int.from_bytes(hashlib.blake2b(rel.encode(), digest_size=32).digest()[:8], "big")
                expect(f"{f['path']} is in shard {h % n + 1}/{n}", h % n + 1 == i)
                seen.append(f["path"])
        expect(f"{n} shards hold every file once", sorted(seen) == sorted(listed), (len(seen), len(listed)))
        if validator:
            errors = [e.message for part in parts for e in validator.iter_errors(json.load(open(part)))]
            expect(f"{n} parts validate against docs/report.schema.json", not errors, errors[:3])
        for kind in KINDS:
            out = os.path.join(tmp, f"merged{n}.{kind}")
            r = run("report", "--merge", *reversed(parts), "-q", "-o", out)
            expect(f"--merge of {n} parts -> .{kind}: exit 1 (the tree has invalid files)", r.returncode == 1,
                   r.stderr)
            expect(f"--merge of {n} parts -> .{kind} is the whole report, byte for byte", read(out) == whole[kind],
                   out)
    # what the conformance tree lacks: diagnostics counted and not shown (by
    # rule), columns in code points that differ from bytes, an unreadable file
    extra = os.path.join(tmp, "extra")
    os.makedirs(extra)
    with open(os.path.join(extra, "dup.json"), "w") as f:
        f.write("{" + ",".join('"a":1' for _ in range(3079)) + "}")
    with open(os.path.join(extra, "utf.json"), "w", encoding="utf-8") as f:
        f.write('{"\u00e9\u00e9\u00e9": [1, 2,], "\u00fc": tru}\n')
    os.symlink("/nonexistent/x.anim", os.path.join(extra, "dangling.anim"))
    shutil.copy(os.path.join(SRC, INPUTS, "bounce.anim"), os.path.join(extra, "bounce.anim"))
    for kind in KINDS:
        out = os.path.join(tmp, f"extra.{kind}")
        run("report", "-q", extra, "-o", out)
        whole[kind] = read(out)
    for n in (2, 3):
        parts = shards(tmp, n, tree=extra, prefix="x")
        for kind in KINDS:
            out = os.path.join(tmp, f"xmerged{n}.{kind}")
            run("report", "--merge", *parts, "-q", "-o", out)
            expect(f"unshown, code point columns, unreadable: {n} parts -> .{kind} is the whole report",
                   read(out) == whole[kind], out)
    text = "".join(open(p).read() for p in parts)
    expect("the parts say what the other kinds need", '"unshownRules":[{"code":"json.object.duplicate-member"' in text
           and '"codePointColumn":' in text and '"plot":"<svg' in text, text[:2000])
    # a folder whose files all fall into other shards is no empty folder
    r = run("report", "-q", "--shard", "2/7", os.path.join(INPUTS, "nested"), "-o", os.path.join(tmp, "few.json"))
    expect("a shard with no files of a folder: exit 0, an empty part", r.returncode in (0, 1) and
           json.load(open(os.path.join(tmp, "few.json")))["shard"]["index"] == 2, r.stderr)


def refused(tmp, what, parts, message, *extra):
    out = os.path.join(tmp, "refused.json")
    if os.path.exists(out):
        os.unlink(out)
    r = run("report", "--merge", *parts, *extra, "-o", out)
    expect(f"--merge refuses {what}: exit 2, no output, says which", r.returncode == 2 and not os.path.exists(out) and
           re.search(message.encode(), r.stderr), r.stderr)


def check_refusals(tmp):
    p = shards(tmp, 3, prefix="r")
    name = os.path.basename
    refused(tmp, "a missing shard", [p[0], p[2]], r"1 shard is missing: 2/3")
    refused(tmp, "a shard twice", [p[0], p[1], p[2], p[1]], r"shard 2/3 is given twice")
    strict = shards(tmp, 3, "--strict", prefix="s")
    refused(tmp, "other options", [p[0], strict[1], p[2]], name(strict[1]) + r" were made with different options")
    other_count = shards(tmp, 2, prefix="c")
    refused(tmp, "another shard count", [p[0], other_count[1], p[2]], r"shard 2/2: parts of one run have one count")
    other_inputs = shards(tmp, 3, tree=INPUTS, prefix="i")
    refused(tmp, "other inputs", [p[0], other_inputs[1], p[2]], r"are reports over different inputs")
    whole = os.path.join(tmp, "whole.json")
    refused(tmp, "a whole report", [whole], r"whole.json: not a partial report")
    # another version of animkit
    text = open(p[1]).read()
    old = os.path.join(tmp, "old.json")
    open(old, "w").write(text.replace('"version":"', '"version":"0.0.1-', 1))
    refused(tmp, "another animkit's part", [p[0], old, p[2]], r"old.json was written by animkit 0.0.1-")
    # cut short, in the files and after them
    lines = text.splitlines(keepends=True)
    cut = os.path.join(tmp, "cut.json")
    open(cut, "w").write("".join(lines[:len(lines) // 2]))
    refused(tmp, "a part cut in its files", [p[0], cut, p[2]], r"cut.json: line \d+: ")
    open(cut, "w").write("".join(lines[:-1]))
    refused(tmp, "a part without its end", [p[0], cut, p[2]], r"cut.json: line \d+: not the end of a report")
    # a file in two parts: part 1's files under shard 2's name
    twin = os.path.join(tmp, "twin.json")
    open(twin, "w").write(open(p[0]).read().replace('"index":1,', '"index":2,', 1))
    refused(tmp, "a file in two parts", [p[0], twin, p[2]], r" is in .* and in .*: the shards overlap")
    # a result edited into something that is no result of animkit's
    bad = os.path.join(tmp, "bad.json")
    head, files = text.split('"files": [', 1)
    expect("part 2/3 has a diagnostic", '"code":"' in files)
    open(bad, "w").write(head + '"files": [' + files.replace('"code":"', '"code":"no.such.', 1))
    refused(tmp, "an unknown rule", [p[0], bad, p[2]], r"a rule this animkit does not know: no\.such\.")
    # usage
    for args in (["--merge", "-o", os.path.join(tmp, "x.json")], ["--merge", p[0], "--strict", "-o", "x.json"],
                 ["--shard", "0/4", TREE, "-o", "x.json"], ["--shard", "5/4", TREE, "-o", "x.json"],
                 ["--shard", "a/b", TREE, "-o", "x.json"], ["--shard", "1/2", TREE, "-o", "x.html"]):
        r = run("report", *args)
        expect(f"usage: report {' '.join(args[:3])}: exit 2", r.returncode == 2, r.stderr)


def counts(stderr):
    """(checked, from the cache, damaged, files read) of the closing line."""
    m = re.search(rb"cache: (\d+) checked, (\d+) from the cache(?: \((\d+) damaged records?[^)]*\))?, (\d+) files? read",
                  stderr)
    return tuple(int(g or 0) for g in m.groups()) if m else None


SEGMENT_MAGIC = b"animkit cache 2\n"


def segments(cache):
    root = os.path.join(cache, "animkit-cache-2")
    return sorted((os.path.join(root, n) for n in os.listdir(root) if n.endswith(".seg")), key=os.path.getmtime)


def records(path):
    """The records of a segment: (kind, payload), up to the first that does not fit."""
    data = open(path, "rb").read()
    assert data.startswith(SEGMENT_MAGIC)
    found, off = [], len(SEGMENT_MAGIC)
    while off + 40 <= len(data) and data[off + 1:off + 4] == b"ak2":
        n = int.from_bytes(data[off + 4:off + 8], "little")
        if off + 40 + n > len(data):
            break
        found.append((chr(data[off]), data[off + 40:off + 40 + n]))
        off += 40 + n
    return found


def record(kind, payload):
    head = kind.encode() + b"ak2" + len(payload).to_bytes(4, "little")
    return head + hashlib.blake2b(head + payload, digest_size=32).digest() + payload


def write_segment(path, recs):
    open(path, "wb").write(SEGMENT_MAGIC + b"".join(record(k, p) for k, p in recs))


def edit_result(cache, text, edit):
    """Rewrites the result record holding text (checksum made right)."""
    for seg in segments(cache):
        recs = records(seg)
        if any(k == "R" and text.encode() in p for k, p in recs):
            write_segment(seg, [(k, p[:32] + edit(p[32:]) if k == "R" and text.encode() in p else p) for k, p in recs])
            return seg
    raise AssertionError("no record holds " + text)


def stat_record(path, content=None):
    """A stat record of path as the run writes it, of content's hash (default: the file's)."""
    st = os.stat(path)
    fields = (st.st_dev, st.st_ino, st.st_size, st.st_mtime_ns // 10**9, st.st_mtime_ns % 10**9,
              st.st_ctime_ns // 10**9, st.st_ctime_ns % 10**9)
    digest = hashlib.blake2b(open(path, "rb").read() if content is None else content, digest_size=32).digest()
    return ("S", b"".join(f.to_bytes(8, "little") for f in fields) + digest + path.encode())


def check_stat_lies(tmp):
    """A stat record whose hash is not the file's (the file changed between
    the stat and the read): the result is kept under what was read."""
    tree = os.path.join(tmp, "lies")
    os.mkdir(tree)
    a, b = os.path.join(tree, "a.anim"), os.path.join(tree, "b.anim")
    shutil.copy(os.path.join(SRC, INPUTS, "invalid_many_mistakes.anim"), a)
    age(a)
    cache = os.path.join(tmp, "lies-cache")
    os.makedirs(os.path.join(cache, "animkit-cache-2"))
    other = open(os.path.join(SRC, INPUTS, "bounce.anim"), "rb").read()
    write_segment(os.path.join(cache, "animkit-cache-2", "by-hand.seg"), [stat_record(a, other)])
    out, plain = os.path.join(tmp, "lies.json"), os.path.join(tmp, "lies-plain.json")
    r = run("report", tree, "--cache", cache, "-o", out)
    expect("a stat record with another file's hash, no result: the file read and checked",
           counts(r.stderr) == (1, 0, 0, 1), r.stderr)
    open(b, "wb").write(other)
    age(b)
    run("report", "-q", tree, "-o", plain)
    r = run("report", tree, "--cache", cache, "-o", out)
    expect("the file whose hash it named is checked, and finds no result of the other's under its hash",
           counts(r.stderr) == (1, 1, 0, 1) and read(out) == read(plain), r.stderr)


def age(*paths):
    """Modification times a minute ago: older than any segment written next
    (git's racy rule), whatever the clock's tick."""
    when = time.time() - 60
    for p in paths:
        os.utime(p, (when, when))


def check_cache(tmp):
    tree = os.path.join(tmp, "tree")
    shutil.copytree(os.path.join(SRC, INPUTS), tree)
    cache = os.path.join(tmp, "cache")
    plain = os.path.join(tmp, "plain.json")
    run("report", "-q", tree, "-o", plain)
    age(*(os.path.join(r, n) for r, _, ns in os.walk(tree) for n in ns))
    first, second = os.path.join(tmp, "c1.json"), os.path.join(tmp, "c2.json")
    r1 = run("report", tree, "--cache", cache, "-o", first)
    files = len(json.load(open(plain))["files"])
    expect("cold cache: every file checked and read", counts(r1.stderr) == (files, 0, 0, files), r1.stderr)
    expect("cold cache: the report of a run without it", read(first) == read(plain))
    expect("cold cache: one segment, a result and stat data per file",
           len(segments(cache)) == 1 and sorted(k for k, _ in records(segments(cache)[0])) == ["R"] * files + ["S"] * files,
           segments(cache))
    r2 = run("report", tree, "--cache", cache, "-o", second)
    expect("warm cache: no file checked, none read (stat data)", counts(r2.stderr) == (0, files, 0, 0), r2.stderr)
    expect("warm cache: the same report", read(second) == read(plain))
    expect("warm cache: nothing written", len(segments(cache)) == 1, segments(cache))
    for kind in ("html", "sarif", "md", "xml"):
        a, b = os.path.join(tmp, f"n.{kind}"), os.path.join(tmp, f"c.{kind}")
        run("report", "-q", tree, "-o", a)
        run("report", "-q", tree, "--cache", cache, "-o", b)
        expect(f"warm cache: the same .{kind} report", read(a) == read(b))
    # the stat shortcut: a file that cannot be read is not read
    target = os.path.join(tree, "invalid_many_mistakes.anim")
    if os.geteuid() != 0:  # root reads anything
        mode = os.stat(target).st_mode
        os.chmod(target, 0)  # changes the ctime: read again, and it cannot be
        r = run("report", tree, "--cache", cache, "-o", second)
        expect("a file whose ctime changed is read again", counts(r.stderr)[3] == 1 and r.returncode == 1, r.stderr)
        os.chmod(target, mode)
        age(target)
        run("report", "-q", tree, "--cache", cache, "-o", second)
    # an unchanged file is not checked again: its record, edited, is what the report says
    edit_result(cache, "maya.header.unknown-unit", lambda body: body.replace(b"is not a linear unit", b"EDITED IN THE CACHE"))
    r = run("report", tree, "--cache", cache, "-o", second)
    expect("an unchanged file comes from its record", counts(r.stderr) == (0, files, 0, 0) and
           b"EDITED IN THE CACHE" in read(second), r.stderr)
    # a changed file is read and checked again, no other file is read
    data = open(target, "rb").read()
    open(target, "wb").write(data.replace(b"centimetre", b"cm"))
    age(target)
    r = run("report", tree, "--cache", cache, "-o", second)
    changed = next(f for f in json.load(open(second))["files"] if f["path"].endswith("invalid_many_mistakes.anim"))
    expect("a changed file is read and checked again, the others are not", counts(r.stderr) == (1, files - 1, 0, 1) and
           not any(d["code"] == "maya.header.unknown-unit" for d in changed["diagnostics"]), r.stderr)
    open(target, "wb").write(data)
    age(target)
    r = run("report", tree, "--cache", cache, "-o", second)  # the edited record again, as it was
    expect("a file changed back: read, its result from the cache", counts(r.stderr) == (0, files, 0, 1) and
           b"EDITED IN THE CACHE" in read(second), r.stderr)
    # stat data changed, content not: read (hashed), not checked
    when = time.time() - 120
    os.utime(target, (when, when))
    r = run("report", tree, "--cache", cache, "-o", second)
    expect("a touched file is read, not checked", counts(r.stderr) == (0, files, 0, 1), r.stderr)
    r = run("report", tree, "--cache", cache, "-o", second)
    expect("a touched file: its new stat data kept", counts(r.stderr) == (0, files, 0, 0), r.stderr)
    # racy git: a modification time not older than the record's segment is not trusted
    future = os.path.join(tree, "bounce_future.anim")
    shutil.copy(os.path.join(tree, "bounce.anim"), future)
    later = time.time() + 3600
    os.utime(future, (later, later))
    r = run("report", tree, "--cache", cache, "-o", second)
    expect("a new file: read", counts(r.stderr)[3] == 1, r.stderr)
    r = run("report", tree, "--cache", cache, "-o", second)
    expect("a file modified just before it was read has no stat record: read again, not checked",
           counts(r.stderr) == (0, files + 1, 0, 1), r.stderr)
    # git's racy rule on a record written by hand: trusted only when the
    # file's modification time is older than the record's segment
    known = next(p for seg in segments(cache) for k, p in records(seg) if k == "S")
    expect("stat records name the file as the run does", known[88:].decode().startswith(tree + os.sep), known[88:])

    by_hand = os.path.join(cache, "animkit-cache-2", "by-hand.seg")
    write_segment(by_hand, [stat_record(future)])
    r = run("report", tree, "--cache", cache, "-o", second)
    expect("a stat record older than the file's modification time is not trusted (racy git)",
           counts(r.stderr) == (0, files + 1, 0, 1), r.stderr)
    age(future)
    write_segment(by_hand, [stat_record(future)])
    r = run("report", tree, "--cache", cache, "-o", second)
    expect("a stat record newer than the file's modification time is trusted",
           counts(r.stderr) == (0, files + 1, 0, 0), r.stderr)
    os.unlink(future)
    # a damaged record (its checksum wrong): ignored, checked again, written again
    seg = edit_result(cache, "maya.header.unknown-unit", lambda body: body)
    data = bytearray(open(seg, "rb").read())
    at = data.index(b"maya.header.unknown-unit")
    data[at] ^= 0x20
    open(seg, "wb").write(data)
    r = run("report", tree, "--cache", cache, "-o", second)
    expect("a damaged record is ignored: the file is read and checked, the report as without a cache",
           counts(r.stderr) == (1, files - 1, 1, 1) and read(second) == read(plain), r.stderr)
    r = run("report", tree, "--cache", cache, "-o", second)
    expect("a damaged record is written again", counts(r.stderr) == (0, files, 0, 0), r.stderr)
    # a torn segment (a cut file): the records before the cut serve, the rest are written again
    whole = os.path.join(tmp, "whole-cache")
    shutil.copytree(cache, whole)
    for seg in segments(cache):
        os.truncate(seg, os.path.getsize(seg) * 2 // 3)
    r = run("report", tree, "--cache", cache, "-o", second)
    got = counts(r.stderr)
    expect("a torn segment: what it lost is checked, the rest comes from it", got is not None and got[0] > 0 and
           got[1] > 0 and got[0] + got[1] == files and read(second) == read(plain), r.stderr)
    r = run("report", tree, "--cache", cache, "-o", second)
    expect("a torn segment: what it lost is written again", counts(r.stderr) == (0, files, 0, 0), r.stderr)
    # a result that passes its checksum but is none this animkit reads; foreign files
    shutil.rmtree(cache)
    shutil.copytree(whole, cache)
    edit_result(cache, "maya.header.unknown-unit", lambda body: b'{"no":"result"}')
    root = os.path.join(cache, "animkit-cache-2")
    open(os.path.join(root, "0-foreign.seg"), "wb").write(b"not a segment of animkit's\n" * 10)
    open(os.path.join(root, "1-half.seg"), "wb").write(SEGMENT_MAGIC + record("R", b"\0" * 40)[:30])
    open(os.path.join(root, "tmp-1-1"), "wb").write(SEGMENT_MAGIC)  # a crash's
    r = run("report", tree, "--cache", cache, "-o", second)
    expect("a foreign record and foreign segments are ignored", counts(r.stderr) == (1, files - 1, 1, 1) and
           read(second) == read(plain), r.stderr)
    # other options are other keys
    r = run("report", tree, "--strict", "--cache", cache, "-o", second)
    expect("--strict does not take the compatible level's results", counts(r.stderr)[:2] == (files, 0), r.stderr)
    # shards share a cache; a merge of cached parts is the whole report
    parts = []
    for i in (1, 2):
        part = os.path.join(tmp, f"cached{i}.json")
        r = run("report", "--shard", f"{i}/2", tree, "--cache", cache, "-o", part)
        plots = sum('"plot":' in line for line in open(part))
        expect(f"cached shard {i}/2: nothing checked, only the files with a thumbnail read",
               counts(r.stderr)[0] == 0 and counts(r.stderr)[3] == plots, (r.stderr, plots))
        parts.append(part)
    merged = os.path.join(tmp, "merged.json")
    run("report", "-q", "--merge", *parts, "-o", merged)
    expect("cached shards merge into the whole report", read(merged) == read(plain))
    # shards that write one cache at the same time: each its own segment
    shared = os.path.join(tmp, "shared-cache")
    procs = [subprocess.Popen([CLI, "report", "-q", "--shard", f"{i}/3", tree, "--cache", shared, "-o",
                               os.path.join(tmp, f"together{i}.json")], cwd=SRC) for i in (1, 2, 3)]
    codes = [p.wait() for p in procs]
    expect("shards writing one cache together: each ends", all(c in (0, 1) for c in codes), codes)
    r = run("report", tree, "--cache", shared, "-o", second)
    writers = sum(json.load(open(os.path.join(tmp, f"together{i}.json")))["files"] != [] for i in (1, 2, 3))
    expect("shards writing one cache together: a whole run after them checks and reads nothing",
           counts(r.stderr) == (0, files, 0, 0) and read(second) == read(plain) and len(segments(shared)) == writers,
           (r.stderr, segments(shared)))
    check_trim(tmp, tree, plain, files)
    check_stat_lies(tmp)
    # a cache that cannot be made is a usage error
    blocker = os.path.join(tmp, "blocker")
    open(blocker, "w").write("x")
    r = run("report", tree, "--cache", os.path.join(blocker, "c"), "-o", second)
    expect("--cache in a file: exit 2", r.returncode == 2 and b"--cache" in r.stderr, r.stderr)


def cache_bytes(cache):
    return sum(os.path.getsize(os.path.join(r, n)) for r, _, ns in os.walk(cache) for n in ns)


def check_trim(tmp, tree, plain, files):
    out = os.path.join(tmp, "t.json")
    # --cache-max 1K: the folder holds at most 1 KiB
    small = os.path.join(tmp, "small-cache")
    r = run("report", "-q", tree, "--cache", small, "--cache-max", "1K", "-o", out)
    expect("--cache-max 1K: the folder holds at most 1 KiB", cache_bytes(small) <= 1024 and read(out) == read(plain),
           cache_bytes(small))
    # the oldest segment goes whole; the records the trimming run used from it stay
    maya = os.path.join(SRC, TREE, "maya", "valid")
    names = sorted(n for n in os.listdir(maya) if n.endswith(".anim"))[:9]
    x, w, y, z = names[:3], names[3:5], names[5:7], names[7:]
    part = os.path.join(tmp, "part-tree")
    os.mkdir(part)

    def place(group):
        for n in group:
            shutil.copy(os.path.join(maya, n), os.path.join(part, n))
            age(os.path.join(part, n))

    cache = os.path.join(tmp, "trim-cache")
    place(x + w)
    run("report", "-q", part, "--cache", cache, "-o", out)   # segment 1: x and w
    for n in w:
        os.unlink(os.path.join(part, n))
    place(y)
    run("report", "-q", part, "--cache", cache, "-o", out)   # segment 2: y
    oldest, second_seg = segments(cache)
    place(z)
    probe = os.path.join(tmp, "probe-cache")                 # what the next run writes, measured on a copy
    shutil.copytree(cache, probe)
    run("report", "-q", part, "--cache", probe, "--cache-max", "0", "-o", out)
    written = cache_bytes(probe) - cache_bytes(cache)
    bound = cache_bytes(cache) + written - 1
    r = run("report", part, "--cache", cache, "--cache-max", str(bound), "-o", out)
    expect("trimming: x and y from the cache, z checked", counts(r.stderr)[:2] == (len(z), len(x) + len(y)), r.stderr)
    expect("trimming: the folder within the bound, the oldest segment gone, the next kept",
           cache_bytes(cache) <= bound and oldest not in segments(cache) and second_seg in segments(cache),
           (cache_bytes(cache), bound, segments(cache)))
    r = run("report", part, "--cache", cache, "-o", out)
    expect("trimming kept the records the run used", counts(r.stderr) == (0, len(x + y + z), 0, 0), r.stderr)
    place(w)
    r = run("report", part, "--cache", cache, "-o", out)
    expect("trimming dropped the records the run did not use", counts(r.stderr)[:2] == (len(w), len(x + y + z)),
           r.stderr)
    # many segments (runs that each added a few) are compacted
    many = os.path.join(tmp, "many-cache")
    run("report", "-q", tree, "--cache", many, "-o", out)
    root = os.path.join(many, "animkit-cache-2")
    (seg,) = segments(many)
    recs = records(seg)
    os.unlink(seg)
    filler = [("R", hashlib.blake2b(str(i).encode(), digest_size=32).digest() + b"{}") for i in range(300 - len(recs))]
    for i, rec in enumerate(filler + recs):
        write_segment(os.path.join(root, f"{i:04d}.seg"), [rec])
    r = run("report", tree, "--cache", many, "-o", out)
    expect("300 segments: all served", counts(r.stderr) == (0, files, 0, 0), r.stderr)
    expect("300 segments: the oldest half compacted into one", len(segments(many)) == 151, len(segments(many)))
    r = run("report", tree, "--cache", many, "-o", out)
    expect("compacted: all served, none read", counts(r.stderr) == (0, files, 0, 0) and read(out) == read(plain),
           r.stderr)


def check_lists(tmp):
    tree = os.path.join(tmp, "listed")
    shutil.copytree(os.path.join(SRC, INPUTS), tree)
    names = ["bounce.anim", "nested/camera_only_v11.bin", "notes.txt", "gone.anim"]
    listing = "".join(os.path.join(tree, n) + "\n" for n in names).encode()
    out = os.path.join(tmp, "list.json")
    r = run("report", "--files-from", "-", "-o", out, stdin=listing)
    got = [os.path.relpath(f["path"], tree) for f in json.load(open(out))["files"]]
    expect("--files-from -: the listed files of a supported format", got == names[:2] and
           b"1 listed file not there" in r.stderr, (got, r.stderr))
    listfile = os.path.join(tmp, "list.txt")
    open(listfile, "wb").write(listing)
    r = run("report", "--files-from", listfile, os.path.join(tree, "nested"), "-o", out)
    got = [os.path.relpath(f["path"], tree) for f in json.load(open(out))["files"]]
    expect("--files-from FILE PATH: only those under PATH", got == names[1:2], got)
    r = run("report", "--files-from", os.path.join(tmp, "no-such-list"), "-o", out)
    expect("--files-from a missing list: exit 2", r.returncode == 2, r.stderr)

    git = shutil.which("git")
    if not git:
        print("SKIP --changed-since: git is not installed")
        return
    repo = os.path.join(tmp, "repo")
    shutil.copytree(os.path.join(SRC, INPUTS), repo)
    env = dict(os.environ, GIT_AUTHOR_NAME="t", GIT_AUTHOR_EMAIL="t@t", GIT_COMMITTER_NAME="t",
               GIT_COMMITTER_EMAIL="t@t", GIT_CONFIG_GLOBAL=os.devnull, GIT_CONFIG_SYSTEM=os.devnull)

    def git_(*args):
        return subprocess.run([git, *args], cwd=repo, env=env, capture_output=True, check=True)

    git_("init", "-q")
    git_("add", "-A")
    git_("commit", "-q", "-m", "base")
    git_("tag", "base")
    with open(os.path.join(repo, "bounce.anim"), "ab") as f:
        f.write(b"\n")                                                            # changed, not committed
    shutil.copy(os.path.join(repo, "bounce.anim"), os.path.join(repo, "nested", "new.anim"))  # untracked
    os.unlink(os.path.join(repo, "nested", "vec_raw_curve.animx"))             # deleted
    with open(os.path.join(repo, "notes.txt"), "a") as f:
        f.write("changed, of no format\n")
    out = os.path.join(tmp, "changed.json")
    r = run("report", "--changed-since", "base", "-o", out, cwd=repo)
    got = [f["path"] for f in json.load(open(out))["files"]] if os.path.exists(out) else None
    expect("--changed-since: the changed and the untracked files", got == ["bounce.anim", "nested/new.anim"],
           (got, r.stderr))
    r = run("report", "--changed-since", "base", "nested", "-o", out, cwd=repo)
    got = [f["path"] for f in json.load(open(out))["files"]]
    expect("--changed-since REF PATH: those under PATH", got == ["nested/new.anim"], got)
    git_("add", "-A")
    git_("commit", "-q", "-m", "next")
    r = run("report", "--changed-since", "base", "-o", out, cwd=repo)
    got = [f["path"] for f in json.load(open(out))["files"]]
    expect("--changed-since: committed changes too", got == ["bounce.anim", "nested/new.anim"], got)
    r = run("report", "--changed-since", "HEAD", "-o", out, cwd=repo)
    expect("--changed-since HEAD with nothing changed: an empty report, exit 0",
           r.returncode == 0 and json.load(open(out))["files"] == [], r.stderr)
    r = run("report", "--changed-since", "no-such-ref", "-o", out, cwd=repo)
    expect("--changed-since an unknown revision: exit 2", r.returncode == 2, r.stderr)
    r = run("report", "--changed-since", "--output=x", "-o", out, cwd=repo)
    expect("--changed-since an option: exit 2", r.returncode == 2, r.stderr)


def main():
    with tempfile.TemporaryDirectory() as tmp:
        check_merge_identity(tmp)
        check_refusals(tmp)
        check_cache(tmp)
        check_lists(tmp)
    return summary()


if __name__ == "__main__":
    sys.exit(main())
