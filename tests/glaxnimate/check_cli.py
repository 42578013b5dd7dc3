#!/usr/bin/env python3
"""animkit on Glaxnimate files, end to end: the coverage document converts
to Maya .anim (losses reported, not errors), lists its tracks, goes down to
version 8 with a warning per kind of loss and refuses version 7; a version 2
file is refused by validate (spec 8.2 rule 14) with that one error;
hand-written version 1 and 2 files are refused by convert without --legacy
and upgraded with it to the golden version 9 files, which validate clean at
both levels and in the canonical layout (--layout); a version 9 file with
missing properties, braced and upper-case uuids and colours in other
spellings re-emits as its golden, normalised (spec 9.1 rules 3-5);
diagnostics deep in a file larger than 8 MiB name their object, also those
reported at the end (a dangling image, a parent cycle); the model goes to
Glaxnimate and back (targets in each format's words), a whole vector track
fills a point's place and Maya's channels theirs.

usage: check_cli.py ANIMKIT SOURCE_DIR"""
import json
import os
import subprocess
import sys
import tempfile

cli, src = sys.argv[1:3]
cover = os.path.join(src, "tests", "glaxnimate", "coverage_v9.rawr")
failures = 0


def run(*args):
    return subprocess.run([cli, *args], capture_output=True)


def expect(what, ok, detail=""):
    global failures
    if not ok:
        failures += 1
        print(f"FAIL {what}: {detail}")


with tempfile.TemporaryDirectory() as tmp:
    anim = os.path.join(tmp, "cover.anim")
    r = run("convert", cover, anim)
    expect("convert to Maya", r.returncode == 0 and os.path.getsize(anim) > 0 and
           b"glaxnimate.convert.loss" in r.stderr, r.stderr)
    r = run("sample", "--list", cover)
    expect("sample --list", r.returncode == 0 and b"Main layer/Rect" in r.stdout and b"Main/Main layer" not in r.stdout and
           b"position.x" in r.stdout, r.stdout[:400])
    v8 = os.path.join(tmp, "v8.rawr")
    r = run("convert", "--format-version", "8", cover, v8)
    losses = r.stderr.count(b"glaxnimate.convert.loss")
    expect("down to version 8", r.returncode == 0 and losses == 5, r.stderr)
    r = run("validate", "--strict", "--diagnostics", "json", v8)
    expect("the version 8 file is valid", r.returncode == 0 and
           json.loads(r.stdout)["files"][0]["diagnostics"] == [], r.stdout[:400])
    r = run("convert", "--format-version", "7", cover, os.path.join(tmp, "v7.rawr"))
    expect("version 7 is not written", r.returncode == 1 and b"animkit.convert.version" in r.stderr, r.stderr)
    old = os.path.join(tmp, "old.rawr")
    with open(old, "w") as f:
        f.write('{"format": {"format_version": 2}, "defs": {"__type__": "Defs"}, "animation": {}}')
    r = run("validate", "--diagnostics", "json", old)
    codes = [d["code"] for d in json.loads(r.stdout)["files"][0]["diagnostics"]]
    expect("version 2 is refused", r.returncode == 1 and codes == ["glaxnimate.format.version-unsupported"], codes)
    message = json.loads(r.stdout)["files"][0]["diagnostics"][0]["message"]
    expect("rule 14 names convert --legacy", "animkit convert --legacy" in message, message)
    # motion extras on a keyframe of a property that is not a point: the
    # schema's `until 0` (in no version) says so, not "versions ..0"
    misplaced = os.path.join(src, "tests", "conformance", "glaxnimate", "invalid", "keyframe-motion-misplaced.rawr")
    r = run("validate", "--diagnostics", "json", misplaced)
    messages = [d["message"] for d in json.loads(r.stdout)["files"][0]["diagnostics"]
                if d["code"] == "glaxnimate.keyframe.motion-misplaced"]
    expect("motion extras on a plain keyframe", messages and all("not allowed here in any version" in m and
                                                                 "..0" not in m for m in messages), messages)
    here = os.path.join(src, "tests", "glaxnimate")
    for name, args in (("legacy_v1", ["--legacy"]), ("legacy_v2", ["--legacy"]), ("normalise_v9", [])):
        source = os.path.join(here, name + ".rawr")
        out = os.path.join(tmp, name + ".rawr")
        if args:
            r = run("convert", source, out)
            expect(f"{name} needs --legacy", r.returncode == 1 and
                   b"glaxnimate.format.version-unsupported" in r.stderr, r.stderr)
        r = run("convert", *args, source, out)
        with open(os.path.join(here, name + ".expected.rawr"), "rb") as f:
            golden = f.read()
        produced = open(out, "rb").read() if r.returncode == 0 and os.path.exists(out) else None
        expect(f"{name} converts to its golden", produced == golden, r.stderr)
        for level in ([], ["--strict"]):
            r = run("validate", *level, "--layout", "--diagnostics", "json", out)
            expect(f"{name} converted is valid {level}", r.returncode == 0 and
                   json.loads(r.stdout)["files"][0]["diagnostics"] == [], r.stdout[:400])
    # a legacy input's own JSON problems are reported at their place (the
    # rule that refuses its version aside): a number that overflows a
    # double (rule 6) fails the conversion, a byte order mark does not
    huge = os.path.join(tmp, "huge.rawr")
    with open(huge, "wb") as f:
        f.write(open(os.path.join(here, "legacy_v1.rawr"), "rb").read().replace(b'"width": 512,', b'"width": 1e999,', 1))
    r = run("convert", "--legacy", huge, os.path.join(tmp, "huge-out.rawr"))
    expect("a legacy input's infinite number", r.returncode == 1 and b"huge.rawr:" in r.stderr and
           b"[glaxnimate.json.number-range]" in r.stderr and b"out-of-memory" not in r.stderr and
           not os.path.exists(os.path.join(tmp, "huge-out.rawr")), r.stderr)
    # a format_version no int holds (it was cast to one: undefined behaviour)
    vast = os.path.join(tmp, "vast.rawr")
    with open(vast, "wb") as f:
        f.write(open(os.path.join(here, "legacy_v1.rawr"), "rb").read().replace(b'"format_version": 1', b'"format_version": 1e300', 1))
    r = run("convert", "--legacy", vast, os.path.join(tmp, "vast-out.rawr"))
    expect("a legacy input with a vast version", r.returncode == 1 and b"runtime error" not in r.stderr and
           b"[glaxnimate.format.version-unsupported]" in r.stderr, r.stderr)
    bom = os.path.join(tmp, "bom.rawr")
    with open(bom, "wb") as f:
        f.write(b"\xef\xbb\xbf" + open(os.path.join(here, "legacy_v1.rawr"), "rb").read())
    r = run("convert", "--legacy", bom, os.path.join(tmp, "bom-out.rawr"))
    expect("a legacy input's byte order mark", r.returncode == 0 and b"bom.rawr:1:1: warning:" in r.stderr and
           b"[glaxnimate.json.bom]" in r.stderr and b"version-unsupported" not in r.stderr, r.stderr)
    # spec 8.1: a diagnostic names the enclosing object's type and name, in
    # a file of any size (the validator keeps no tree): a 9 MiB metadata
    # string first, then a wrong blend_mode before the layer's "name"
    # (Glaxnimate sorts keys), and, reported at the end, an image no bitmap
    # has (the schema's references) and a parent cycle (the hook's)
    doc = json.load(open(cover, encoding="utf-8"))
    layers = doc["assets"]["compositions"]["values"][0]["shapes"]
    layers[1]["blend_mode"] = "Sideways"
    layers[1]["parent"] = layers[0]["uuid"]
    layers[2]["image"] = "c0ffee18-0000-4000-8000-0000000000ff"
    metadata = doc.pop("metadata")
    metadata["padding"] = "x" * (9 << 20)
    doc = {"metadata": metadata, **doc}
    big = os.path.join(tmp, "big.rawr")
    with open(big, "w", encoding="utf-8") as f:
        json.dump(doc, f, indent=4)
    r = run("validate", "--diagnostics", "json", big)
    found = {d["code"]: d for d in json.loads(r.stdout)["files"][0]["diagnostics"]}
    wrong = found.get("glaxnimate.value.enum-unknown", {})
    expect("a diagnostic past 8 MiB names its layer, named after it", wrong.get("offset", 0) > (9 << 20) and
           wrong.get("message", "").endswith(' (in Layer "Main layer")'), found)
    dangling = found.get("glaxnimate.ref.dangling", {})
    expect("a dangling image past 8 MiB names its object", dangling.get("offset", 0) > (9 << 20) and
           dangling.get("message", "").endswith(' (in Image "Image")'), found)
    cycles = sorted(d["message"].split(" (in ")[-1] for d in json.loads(r.stdout)["files"][0]["diagnostics"]
                    if d["code"] == "glaxnimate.ref.parent-cycle" and d["offset"] > (9 << 20))
    expect("a parent cycle past 8 MiB names its layers", cycles == ['Layer "Child layer")', 'Layer "Main layer")'],
           cycles)
    def deviation(stderr):
        for line in stderr.decode().splitlines():
            if "largest deviation of the sampled curves:" in line:
                return float(line.split("curves: ")[1].split()[0]), line
        return None, stderr

    animj = os.path.join(here, "model_roundtrip.animj")
    rawr = os.path.join(tmp, "model.rawr")
    r = run("convert", "--verify", animj, rawr)
    dev, line = deviation(r.stderr)
    expect("AnimJ to Glaxnimate", r.returncode == 0 and dev is not None and dev <= 1e-9 and
           b"3 components of 2 tracks compared" in r.stderr and b"glaxnimate.convert.loss" in r.stderr, r.stderr)
    r = run("validate", "--strict", "--layout", "--diagnostics", "json", rawr)
    expect("the model's Glaxnimate file is valid", r.returncode == 0 and
           json.loads(r.stdout)["files"][0]["diagnostics"] == [], r.stdout[:400])
    rawr8 = os.path.join(tmp, "model8.rawr")
    r = run("convert", "--format-version", "8", animj, rawr8)
    v = run("validate", "--strict", "--layout", "--diagnostics", "json", rawr8)
    expect("the model as version 8", r.returncode == 0 and v.returncode == 0 and
           json.loads(v.stdout)["files"][0]["diagnostics"] == [] and b'"format_version": 8,' in open(rawr8, "rb").read(),
           r.stderr + v.stdout[:400])
    back = os.path.join(tmp, "back.animj")
    r = run("convert", "--verify", rawr, back)
    dev, line = deviation(r.stderr)
    # the tracks come back under their targets in AnimJ's words (docs/model.md)
    props = sorted(t["data"]["property"] for t in json.load(open(back, encoding="utf-8"))["tracks"])
    expect("Glaxnimate back to AnimJ", r.returncode == 0 and dev is not None and dev <= 1e-9 and
           props == ["Position.x", "Position.y", "euler.z", "opacity"], (props, r.stderr))
    # places take the tracks of their targets (docs/model.md): a whole
    # float3 Position fills transform.position's x and y (z is a loss), a
    # Maya file's translateY and rotateZ their places by Maya's names
    pos = os.path.join(tmp, "pos.animj")
    with open(pos, "w") as f:
        f.write('{"name": "p", "globalDuration": 1, "tracks": [{"trackType": "Curve", "valueType": "float3", '
                '"data": {"node": "Ball", "property": "Position", "keyframes": ['
                '{"time": 0, "value": {"x": 1, "y": 2, "z": 3}, "interpolation": "Linear"}, '
                '{"time": 1, "value": {"x": 4, "y": 5, "z": 6}, "interpolation": "Linear"}]}}]}')
    out = os.path.join(tmp, "pos.rawr")
    r = run("convert", pos, out)
    layer = json.load(open(out))["assets"]["compositions"]["values"][0]["shapes"][0] if r.returncode == 0 else {}
    kfs = layer.get("transform", {}).get("position", {}).get("keyframes", [])
    expect("a whole vector track fills a point's place", r.returncode == 0 and layer.get("name") == "Ball" and
           [k["value"] for k in kfs] == [{"x": 1, "y": 2}, {"x": 4, "y": 5}] and
           b"components of vector tracks the file has no place for, left out: 1 track (Ball/position)" in r.stderr,
           (kfs, r.stderr))
    maya = os.path.join(tmp, "bounce.rawr")
    r = run("convert", os.path.join(src, "examples", "maya", "bounce.anim"), maya)
    layer = json.load(open(maya))["assets"]["compositions"]["values"][0]["shapes"][0] if r.returncode == 0 else {}
    tf = layer.get("transform", {})
    expect("Maya's channels by their names", r.returncode == 0 and layer.get("name") == "ball" and
           len(tf.get("position", {}).get("keyframes", [])) == 3 and
           len(tf.get("rotation", {}).get("keyframes", [])) == 2, (tf.keys(), r.stderr))
print(f"{failures} failures")
sys.exit(1 if failures else 0)
