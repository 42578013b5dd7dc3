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
  same bytes), a changed file is checked again and an unchanged one is not
  (an entry edited by hand is what the report says), a torn or foreign
  entry is ignored and written again, other options miss, shards share a
  cache, --cache-max bounds the folder.
- --files-from and --changed-since (in a temporary git repository)."""
import hashlib
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile

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
    m = re.search(rb"cache: (\d+) checked, (\d+) from the cache(?: \((\d+) damaged)?", stderr)
    return tuple(int(g or 0) for g in m.groups()) if m else None


def entries(cache):
    found = []
    for root, _, names in os.walk(cache):
        found += [os.path.join(root, n) for n in names if not n.startswith("tmp-")]
    return sorted(found)


def entry_of(cache, text):
    return next(e for e in entries(cache) if text.encode() in open(e, "rb").read())


def rewrite_entry(path, edit):
    head, body, _ = open(path, "rb").read().split(b"\n", 1)[0], None, None
    data = open(path, "rb").read()
    first = data.index(b"\n") + 1
    last = data.rindex(b"\n", 0, len(data) - 1)
    body = edit(data[first:last])
    digest = hashlib.blake2b(body, digest_size=32).hexdigest().encode()
    open(path, "wb").write(data[:first] + body + b"\n" + digest + b"\n")


def check_cache(tmp):
    tree = os.path.join(tmp, "tree")
    shutil.copytree(os.path.join(SRC, INPUTS), tree)
    cache = os.path.join(tmp, "cache")
    plain = os.path.join(tmp, "plain.json")
    run("report", "-q", tree, "-o", plain)
    first, second = os.path.join(tmp, "c1.json"), os.path.join(tmp, "c2.json")
    r1 = run("report", tree, "--cache", cache, "-o", first)
    files = len(json.load(open(plain))["files"])
    expect("cold cache: every file checked", counts(r1.stderr) == (files, 0, 0), r1.stderr)
    expect("cold cache: the report of a run without it", read(first) == read(plain))
    expect("an entry per file", len(entries(cache)) == files, entries(cache))
    r2 = run("report", tree, "--cache", cache, "-o", second)
    expect("warm cache: no file checked", counts(r2.stderr) == (0, files, 0), r2.stderr)
    expect("warm cache: the same report", read(second) == read(plain))
    for kind in ("html", "sarif", "md", "xml"):
        a, b = os.path.join(tmp, f"n.{kind}"), os.path.join(tmp, f"c.{kind}")
        run("report", "-q", tree, "-o", a)
        run("report", "-q", tree, "--cache", cache, "-o", b)
        expect(f"warm cache: the same .{kind} report", read(a) == read(b))
    # an unchanged file is not checked again: its entry, edited, is what the report says
    entry = entry_of(cache, "maya.header.unknown-unit")
    rewrite_entry(entry, lambda body: body.replace(b"is not a linear unit", b"EDITED IN THE CACHE"))
    r = run("report", tree, "--cache", cache, "-o", second)
    expect("an unchanged file comes from its entry", counts(r.stderr) == (0, files, 0) and
           b"EDITED IN THE CACHE" in read(second), r.stderr)
    # a changed file is checked again
    target = os.path.join(tree, "invalid_many_mistakes.anim")
    data = open(target, "rb").read()
    open(target, "wb").write(data.replace(b"centimetre", b"cm"))
    r = run("report", tree, "--cache", cache, "-o", second)
    changed = next(f for f in json.load(open(second))["files"] if f["path"].endswith("invalid_many_mistakes.anim"))
    expect("a changed file is checked again, the others are not", counts(r.stderr) == (1, files - 1, 0) and
           not any(d["code"] == "maya.header.unknown-unit" for d in changed["diagnostics"]), r.stderr)
    open(target, "wb").write(data)
    run("report", "-q", tree, "--cache", cache, "-o", second)  # the edited entry again, as it was
    # a torn entry: ignored and written again
    entry = entry_of(cache, "maya.header.unknown-unit")
    os.truncate(entry, os.path.getsize(entry) // 2)
    r = run("report", tree, "--cache", cache, "-o", second)
    expect("a torn entry is ignored: the file is checked, the report as without a cache",
           counts(r.stderr) == (1, files - 1, 1) and read(second) == read(plain), r.stderr)
    r = run("report", tree, "--cache", cache, "-o", second)
    expect("a torn entry is written again", counts(r.stderr) == (0, files, 0), r.stderr)
    # a foreign entry (another file's, under this one's name): ignored and written again
    a, b = entries(cache)[:2]
    shutil.copy(b, a)
    r = run("report", tree, "--cache", cache, "-o", second)
    expect("a foreign entry is ignored", counts(r.stderr) == (1, files - 1, 1) and read(second) == read(plain),
           r.stderr)
    # other options are other keys
    r = run("report", tree, "--strict", "--cache", cache, "-o", second)
    expect("--strict does not take the compatible level's results", counts(r.stderr) == (files, 0, 0), r.stderr)
    # shards share a cache; a merge of cached parts is the whole report
    parts = []
    for i in (1, 2):
        part = os.path.join(tmp, f"cached{i}.json")
        r = run("report", "--shard", f"{i}/2", tree, "--cache", cache, "-o", part)
        expect(f"cached shard {i}/2: nothing checked", counts(r.stderr)[0] == 0, r.stderr)
        parts.append(part)
    merged = os.path.join(tmp, "merged.json")
    run("report", "-q", "--merge", *parts, "-o", merged)
    expect("cached shards merge into the whole report", read(merged) == read(plain))
    # --cache-max: the folder is trimmed to it, least recently used first
    small = os.path.join(tmp, "small-cache")
    r = run("report", "-q", tree, "--cache", small, "--cache-max", "1K", "-o", second)
    total = sum(os.path.getsize(e) for e in entries(small))
    expect("--cache-max 1K: the folder holds at most 1 KiB", total <= 1024 and read(second) == read(plain), total)
    # a cache that cannot be made is a usage error
    blocker = os.path.join(tmp, "blocker")
    open(blocker, "w").write("x")
    r = run("report", tree, "--cache", os.path.join(blocker, "c"), "-o", second)
    expect("--cache in a file: exit 2", r.returncode == 2 and b"--cache" in r.stderr, r.stderr)


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
