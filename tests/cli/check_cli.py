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

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
from support import expect, summary  # noqa: E402

CLI = os.environ["AK_CLI"]


def run(*args, stdin=b""):
    return subprocess.run([CLI, *args], input=stdin, capture_output=True, timeout=60)


def main():
    r = run("--version")
    expect("--version", r.returncode == 0 and r.stdout.startswith(b"animkit "), r.stdout)
    r = run("--help")
    expect("--help", r.returncode == 0 and b"validate" in r.stdout)
    r = run()
    expect("no command", r.returncode == 2)
    r = run("frobnicate")
    expect("unknown command", r.returncode == 2 and b"unknown command" in r.stderr)
    for cmd in ("validate", "formats", "rules", "dump", "convert", "sample", "schema"):
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
        # a piped file (spooled and mapped) reads as the file itself does
        src_dir = os.environ.get("AK_SOURCE_DIR", ".")
        for example in ("animj/bad-member-order.animj", "maya/bounce.anim"):
            path = os.path.join(src_dir, "examples", example)
            if not os.path.exists(path):
                continue
            fmt = example.split("/")[0]
            by_path = run("validate", "--format", fmt, "--diagnostics", "json", path)
            piped = run("validate", "--format", fmt, "--diagnostics", "json", "-", stdin=open(path, "rb").read())
            a = [d for f in json.loads(by_path.stdout)["files"] for d in f["diagnostics"]]
            b = [d for f in json.loads(piped.stdout)["files"] for d in f["diagnostics"]]
            expect(f"stdin {example}", by_path.returncode == piped.returncode and a == b, (a, b))
        # a directory: files without a known extension or content are skipped
        sub = os.path.join(tmp, "deeper", "still")
        os.makedirs(sub)
        with open(os.path.join(sub, "readme.md"), "w") as f:
            f.write("# nothing to see\n")
        r = run("validate", "--diagnostics", "json", tmp)
        doc = json.loads(r.stdout)
        expect("directory walk skips unknown files", r.returncode == 2 and doc["files"] == [] and
               b"no file of a supported format among its 3 files" in r.stderr, (r.stdout, r.stderr))
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

    src = os.environ.get("AK_SOURCE_DIR", ".")
    bounce = os.path.join(src, "examples", "maya", "bounce.anim")
    rec = os.path.join(src, "examples", "mrtk", "right_hand_v10.bin")
    animx = os.path.join(src, "examples", "animx", "redx_discrete.animx")
    with tempfile.TemporaryDirectory() as tmp:
        # dump -> convert back gives the same file (Maya, MRTK, AnimX: an
        # AnimX dump is not taken for AnimJ, although it has "tracks")
        for original, ext in ((bounce, ".anim"), (rec, ".bin"), (animx, ".animx")):
            dumped = os.path.join(tmp, "dump" + ext + ".json")
            rebuilt = os.path.join(tmp, "rebuilt" + ext)
            r = run("dump", original, "-o", dumped)
            expect(f"dump {ext}", r.returncode == 0 and os.path.getsize(dumped) > 0, r.stderr)
            fmt = {".anim": "maya", ".bin": "mrtk", ".animx": "animx"}[ext]
            r = run("convert", "--verify", "--to", fmt, dumped, rebuilt)
            same = os.path.exists(rebuilt) and open(rebuilt, "rb").read() == open(original, "rb").read()
            expect(f"convert dump back to {fmt}", r.returncode == 0 and same, r.stderr)
        # a same-format convert re-emits canonically
        again = os.path.join(tmp, "again.anim")
        r = run("convert", bounce, again)
        expect("convert .anim -> .anim", r.returncode == 0 and open(again, "rb").read() == open(bounce, "rb").read())
        # AnimJ's re-emission is its dump, streamed into OUT (ak_convert_to,
        # reemit_to): the same bytes as the dump and as the conversion held
        # whole (--verify); an input with errors leaves an existing OUT as it was
        # (Glaxnimate's is too, through its hooks: reemit_to)
        shapes = os.path.join(src, "examples", "animj", "good-shapes.animj")
        for fmt, src_file in (("glaxnimate", os.path.join(src, "examples", "glaxnimate", "good-rect-star-precomp.rawr")),
                              ("animj", shapes)):
            streamed, held, dumped = (os.path.join(tmp, n) for n in ("streamed." + fmt, "held." + fmt, "dumped.json"))
            r = run("convert", "--to", fmt, src_file, streamed)
            r2 = run("convert", "--verify", "--to", fmt, src_file, held)
            r3 = run("dump", src_file, "-o", dumped)
            texts = [open(f, "rb").read() if os.path.exists(f) else None for f in (streamed, held, dumped)]
            expect(f"convert --to {fmt} streams the dump's bytes", r.returncode == r2.returncode == r3.returncode == 0
                   and texts[0] and texts[0] == texts[1] == texts[2], (r.stderr, r2.stderr))
        broken = os.path.join(tmp, "broken.animj")
        with open(broken, "wb") as f:
            f.write(b'{"name": 5, "globalDuration": 1, "tracks": []}')
        r = run("convert", "--to", "animj", broken, streamed)
        expect("a streamed convert of a broken input keeps OUT", r.returncode == 1 and
               open(streamed, "rb").read() == texts[0] and not any(".tmp-" in n for n in os.listdir(tmp)), r.stderr)
        # one memory budget (--max-memory, K/M/G suffixes): past it, a clean
        # error with the sizes involved, before allocating; no output
        capped = os.path.join(tmp, "capped.animj")
        r = run("convert", "--max-memory", "4K", bounce, capped)
        expect("convert --max-memory", r.returncode == 1 and b"animkit.limit.memory" in r.stderr and
               b"past the memory budget of 4 KiB" in r.stderr and not os.path.exists(capped), r.stderr)
        r = run("sample", "--max-memory", "4096", "--times", "0:1:0.5", bounce)
        expect("sample --max-memory", r.returncode == 1 and b"animkit.limit.memory" in r.stderr and
               not r.stdout, r.stderr)
        for cmd in (["dump"], ["plot", "-o", os.path.join(tmp, "capped.svg")]):
            r = run(*cmd, "--max-memory", "4k", bounce)
            expect(f"{cmd[0]} --max-memory", r.returncode == 1 and b"animkit.limit.memory" in r.stderr and
                   not r.stdout and not os.path.exists(os.path.join(tmp, "capped.svg")), r.stderr)
        r = run("convert", "--max-memory", "1M", bounce, capped)
        expect("convert within --max-memory 1M", r.returncode == 0 and os.path.exists(capped), r.stderr)
        os.remove(capped)
        # --max-model, the old name, still works for one release, and says so
        r = run("convert", "--max-model", "4096", bounce, capped)
        expect("convert --max-model (deprecated)", r.returncode == 1 and b"animkit.limit.memory" in r.stderr and
               b"--max-model is deprecated" in r.stderr and not os.path.exists(capped), r.stderr)
        for bad in ("0", "4X", "K", "1.5G", "99999999999G"):
            r = run("convert", "--max-memory", bad, bounce, capped)
            expect(f"--max-memory {bad} is a usage error", r.returncode == 2, r.stderr)
        r = run("validate", "--max-output", "1K", "--max-memory", "1G", bounce)
        expect("validate takes sizes with suffixes", r.returncode == 0, r.stderr)
        # a failed conversion leaves no file and never touches an existing one
        bad_json = os.path.join(tmp, "bad.json")
        with open(bad_json, "w") as f:
            f.write('{"not": "a dump"}')
        target = os.path.join(tmp, "target.bin")
        r = run("convert", "--to", "mrtk", bad_json, target)
        expect("bad dump is refused", r.returncode == 1 and not os.path.exists(target), r.stderr)
        with open(target, "wb") as f:
            f.write(b"keep me")
        r = run("convert", "--to", "mrtk", bad_json, target)
        expect("existing output untouched", r.returncode == 1 and open(target, "rb").read() == b"keep me")
        # a conversion into a file whose format makes its tracks as it
        # encodes them (AnimX: ak_format.from_model_to) streams the output
        # into the temporary file and checks it there: the same bytes as the
        # conversion held whole (to standard output), for every encoding;
        # one that fails once the output is written (--strict: the losses,
        # said at the end, are errors) leaves OUT as it was
        for compress in ("none", "lz4", "lzma"):
            streamed = os.path.join(tmp, f"streamed-{compress}.animx")
            r = run("convert", "--compress", compress, bounce, streamed)
            r2 = run("convert", "--compress", compress, "--to", "animx", bounce, "-")
            expect(f"convert --compress {compress} into a file streams the held bytes",
                   r.returncode == r2.returncode == 0 and r2.stdout and open(streamed, "rb").read() == r2.stdout,
                   (r.stderr, r2.stderr))
        # so does AnimJ's writer (a list of tracks: its text goes on after
        # each key), from a curve file and from Raw samples
        for src_file in (bounce, os.path.join(src, "examples", "animx", "vec_raw_curve.animx")):
            streamed_json = os.path.join(tmp, "streamed.animj")
            r = run("convert", src_file, streamed_json)
            r2 = run("convert", "--to", "animj", src_file, "-")
            expect(f"convert {os.path.basename(src_file)} into an AnimJ file streams the held text",
                   r.returncode == r2.returncode == 0 and r2.stdout and open(streamed_json, "rb").read() == r2.stdout
                   and r.stderr == r2.stderr, (r.stderr, r2.stderr))
        before = open(streamed, "rb").read()
        r = run("convert", "--strict", bounce, streamed)
        r2 = run("convert", "--strict", "--to", "animx", bounce, "-")
        expect("a streamed convert that fails at the end keeps OUT, saying what the held one says",
               r.returncode == r2.returncode == 1 and b"animx.convert.loss" in r.stderr and r.stderr == r2.stderr and
               not r2.stdout and open(streamed, "rb").read() == before,
               (r.stderr, r2.stderr))
        # dump streams into a temporary file that is renamed once whole: a
        # file with errors, or an output that fails midway, leaves nothing
        # and an existing file as it was
        truncated = os.path.join(src, "examples", "animx", "invalid_truncated.animx")
        r = run("dump", truncated, "-o", target)
        expect("dump of a file with errors keeps -o as it was",
               r.returncode == 1 and open(target, "rb").read() == b"keep me", r.stderr)
        lz4 = os.path.join(src, "examples", "animx", "redx_lz4.animx")
        if os.path.exists("/dev/full"):
            r = run("dump", lz4, "-o", "/dev/full")
            expect("dump to a full device", r.returncode == 2 and b"/dev/full: No space left on device" in r.stderr,
                   r.stderr)
        r = run("dump", lz4, "-o", target)
        expect("dump replaces -o whole", r.returncode == 0 and open(target, "rb").read() == run("dump", lz4).stdout,
               r.stderr)
        leftovers = [n for n in os.listdir(tmp) if ".tmp-" in n]
        expect("no temporary files left", not leftovers, leftovers)
        r = run("convert", bounce, os.path.join(tmp, "x.unknownext"))
        expect("convert needs a known output format", r.returncode == 2)
        # conversion through the common model, with what is lost reported
        # conversion through the common model: what is lost is reported, and
        # the output is clean for the target format's own validator
        for src_file, out_name, fmt in ((rec, "rec.anim", "maya"),):
            out_path = os.path.join(tmp, out_name)
            r = run("convert", "--to", fmt, "--verify", src_file, out_path)
            expect(f"convert to {fmt} through the model", r.returncode == 0, r.stderr)
            r = run("validate", "--strict", "--diagnostics", "json", out_path)
            diags = json.loads(r.stdout)["files"][0]["diagnostics"] if r.stdout else None
            expect(f"converted {fmt} file validates cleanly", r.returncode == 0 and diags == [], diags)

        # none of a Maya file's tracks fits an MRTK channel: an error, no file
        out_path = os.path.join(tmp, "bounce.bin")
        r = run("convert", "--to", "mrtk", bounce, out_path)
        expect("a conversion that drops every track", r.returncode == 1 and
               b"animkit.convert.no-tracks" in r.stderr and not os.path.exists(out_path), r.stderr)

    # a Unity curve survives MRTK -> AnimX (Hermite becomes CubicBezier exactly)
    with tempfile.TemporaryDirectory() as tmp:
        animx = os.path.join(tmp, "rec.animx")
        r = run("convert", rec, animx)
        expect("mrtk -> animx", r.returncode == 0, r.stderr)
        for track in ("0", "3", "5"):
            a = run("sample", "--track", track, "--times", "0:0.3:0.01", rec).stdout.decode().split()
            b = run("sample", "--track", track, "--times", "0:0.3:0.01", animx).stdout.decode().split()
            worst = max((abs(float(x) - float(y)) for x, y in zip(a, b)), default=1.0)
            expect(f"mrtk and animx sample alike (track {track})", len(a) == len(b) > 0 and worst < 1e-6, worst)

    r = run("sample", "--track", "0", "--times", "0:1:0.5", bounce)
    lines = r.stdout.decode().splitlines()
    expect("sample", r.returncode == 0 and len(lines) == 3 and lines[0].startswith("0\t"), r.stdout)
    r = run("sample", "--track", "999", "--times", "0:1:0.5", bounce)
    expect("sample of a missing track", r.returncode == 1 and b"animkit.sample.no-track" in r.stderr)
    r = run("sample", "--times", "1:0:0.5", bounce)
    expect("sample with a bad range", r.returncode == 2)
    r = run("sample", "--times", "0:1:0", bounce)
    expect("sample with a zero step", r.returncode == 2)

    r = run("schema")
    expect("schema without --format", r.returncode == 2)
    r = run("schema", "--format", "maya")
    expect("schema of a non-JSON format", r.returncode == 2 and b"no JSON Schema" in r.stderr)
    r = run("convert", "--compress", "zip", "a", "b")
    expect("bad --compress", r.returncode == 2)

    # --format-option NAME[=VALUE] (repeatable) sets ak_options.format_options:
    # Prime ANIM's limits at their edge on its example file (made at build time)
    bin_dir = os.environ.get("AK_BINARY_DIR", "build")
    if True:
        anim = os.path.join(bin_dir, "generated/primeanim/examples/v2_mp1.anim")
        if os.path.exists(anim):
            size = os.path.getsize(anim)
            r = run("validate", "--format-option", f"max_file_bytes={size}", "--game", "mp1", anim)
            expect("--format-option at the limit", r.returncode == 0, r.stdout)
            r = run("validate", "--format-option", "s32_totals", "--format-option",
                    f"max_file_bytes={size - 1}", anim)
            expect("--format-option over the limit", r.returncode == 1 and b"[primeanim.limit.file-size]" in r.stdout
                   and b"format option max_file_bytes sets it" in r.stdout, r.stdout)
            r = run("dump", "--format-option", "max_frames=1", anim)
            expect("dump --format-option", r.returncode == 1 and b"primeanim.limit.frames" in r.stderr, r.stderr)
        else:
            expect("the Prime ANIM example for --format-option", False, anim)
    for bad in ("", "=1", "a,b"):
        r = run("validate", "--format-option", bad, "x.anim")
        expect(f"bad --format-option {bad!r}", r.returncode == 2 and b"--format-option" in r.stderr, r.stderr)

    return summary()


if __name__ == "__main__":
    sys.exit(main())
