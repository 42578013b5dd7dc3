#!/usr/bin/env python3
"""The objects a conversion into Glaxnimate makes of the tracks' target
paths (the schema's `objects ... in shapes`, docs/model.md): an AnimJ file
whose tracks animate shapes, styles and modifiers at paths below a layer
converts to a file with a Layer for each first element, Groups for the
elements with elements below and, at each path, the object whose animated
properties hold its tracks (an Ellipse's size, a Rect's rounded corners, a
Trim's end, an Offset Path's amount beyond Inflate/Deflate's range ...);
the guesses among unrelated types are one loss; every target comes back
and --verify compares them all; the file is valid at both levels.
Two objects of one name in one place are two targets (the second is
name#2) and keep their names through AnimJ; a name with blanks and '/'
keeps its target.

usage: check_objects.py ANIMKIT"""
import json
import os
import re
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
from support import expect, summary  # noqa: E402

cli = sys.argv[1]


def run(*args):
    return subprocess.run([cli, *args], capture_output=True, text=True)


def track(node, prop, values, vt="double"):
    return {"trackType": "Curve", "valueType": vt, "data": {"node": node, "property": prop, "keyframes": [
        {"time": i * 0.5, "value": v, "interpolation": "Linear"} for i, v in enumerate(values)]}}


TRACKS = [
    track("L", "opacity", [0, 1]),
    track("L/Shape", "size.width", [10, 20, 30]), track("L/Shape", "size.height", [5, 6, 7]),
    track("L/Box", "rounded", [1, 2]), track("L/Box", "size.width", [3, 4]),
    track("L/Star", "outer_radius", [10, 12]), track("L/Star", "angle", [0, 90]),
    track("L/Trim Path", "end", [0, 1]), track("L/Trim Path", "start", [0, 0.5]),
    track("L/G 1/Fill", "color.r", [0, 1]), track("L/G 1/Fill", "opacity", [0, 1]),
    track("L/G 1/Stroke", "width", [1, 3]),
    track("L/Off", "amount", [0, 20]),
    track("L/Zig", "frequency", [1, 2]),
    track("Top", "size.width", [1, 2]),
    track("My Layer/a b/c d", "amount", [0, 0.5]),
    track("Q", "Rotation", [{"x": 0, "y": 0, "z": 0, "w": 1}, {"x": 0, "y": 0, "z": 1, "w": 0}], "floatQ"),
]
TREE = [("Layer", "L", [("Ellipse", "Shape", []), ("Rect", "Box", []), ("PolyStar", "Star", []),
                        ("Trim", "Trim Path", []),
                        ("Group", "G 1", [("Fill", "Fill", []), ("Stroke", "Stroke", [])]),
                        ("OffsetPath", "Off", []), ("ZigZag", "Zig", [])]),
        ("Ellipse", "Top", []),
        ("Layer", "My Layer", [("Group", "a b", [("InflateDeflate", "c d", [])])])]


def tree(shapes):
    return [(s["__type__"], s["name"], tree(s.get("shapes", []))) for s in shapes]


def shapes_of(path):
    return json.load(open(path, encoding="utf-8"))["assets"]["compositions"]["values"][0]["shapes"]


def targets(path):
    r = run("sample", "--list", path)
    lines = r.stdout.splitlines()
    start, end = lines[0].index("target"), lines[0].index("name")
    return [row[start:end].rstrip() for row in lines[1:] if row.strip()] if r.returncode == 0 else None


def valid(path):
    r = run("validate", "--strict", "--layout", "--diagnostics", "json", path)
    return r.returncode == 0 and json.loads(r.stdout)["files"][0]["diagnostics"] == []


def main():
    with tempfile.TemporaryDirectory() as tmp:
        animj = os.path.join(tmp, "shapes.animj")
        with open(animj, "w", encoding="utf-8") as f:
            json.dump({"name": "shapes", "globalDuration": 2, "tracks": TRACKS}, f)
        rawr = os.path.join(tmp, "shapes.rawr")
        r = run("convert", "--verify", "--to", "glaxnimate", animj, rawr)
        expect("an AnimJ file of shape tracks converts", r.returncode == 0, r.stderr)
        if r.returncode:
            return summary()
        expect("the objects the paths and their properties say", tree(shapes_of(rawr)) == TREE,
               tree(shapes_of(rawr)))
        expect("the file is valid, also --strict and in the canonical layout", valid(rawr))
        guesses = [line for line in r.stderr.splitlines() if "object types chosen by their animated properties" in line]
        # Shape (Ellipse or Rect), Fill (or Stroke), Top (Ellipse or Rect),
        # c d (an amount within Inflate/Deflate's range: or Offset Path)
        expect("the guesses are one loss, with how many and the targets", len(guesses) == 1 and
               "properties: 4 in 6 tracks (L/Shape/size.height, L/Shape/size.width, " in guesses[0] and
               "[glaxnimate.convert.loss]" in guesses[0], guesses)
        expect("no guess where one type holds them (Box: rounded, Off: 20 is beyond Inflate/Deflate's -1..1)",
               guesses and "L/Box" not in guesses[0] and "L/Off" not in guesses[0], guesses)
        expect("only the quaternion has no place", "tracks the file has no place for, left out: 1 track (Q/rotation)"
               in r.stderr, r.stderr)
        worst = re.search(r"deviation of the sampled curves: ([^ ]+) ", r.stderr)
        expect("--verify compares every track written", "16 components of 16 tracks compared" in r.stderr and
               worst and float(worst.group(1)) < 1e-9, r.stderr)
        before, after = targets(animj), targets(rawr)
        expect("every target comes back", set(before) - {"Q/rotation"} <= set(after or []),
               sorted(set(before) - set(after or [])))
        made = tree(shapes_of(rawr)) == TREE
        fill = shapes_of(rawr)[0]["shapes"][4]["shapes"][0] if made else {}
        expect("a colour's component tracks make its colours", made and
               [k["value"] for k in fill["color"]["keyframes"]] == ["#000000", "#ff0000"], fill.get("color"))
        if not made:
            return summary()

        # two objects of one name in one place, a literal "#2" and a '/'
        doc = json.load(open(rawr, encoding="utf-8"))
        comp = doc["assets"]["compositions"]["values"][0]
        comp["shapes"][0]["shapes"][1]["name"] = "Shape"    # the Rect beside the Ellipse "Shape"
        comp["shapes"][0]["shapes"][2]["name"] = "Shape#2"  # the PolyStar
        comp["shapes"][2]["name"] = "My/Layer"
        same = os.path.join(tmp, "same.rawr")
        with open(same, "w", encoding="utf-8") as f:
            json.dump(doc, f, indent=4)
        had = targets(same)
        expect("two objects of one name are two targets", had and "L/Shape#2/rounded" in had and
               "L/Shape/size.width" in had and "L/Shape#2#2/angle" in had and "My/Layer/a b/c d/amount" in had, had)
        through = os.path.join(tmp, "same.animj")
        back = os.path.join(tmp, "back.rawr")
        r = run("convert", "--to", "animj", same, through)
        r2 = run("convert", "--verify", "--to", "glaxnimate", through, back)
        expect("through AnimJ and back", r.returncode == 0 and r2.returncode == 0, r.stderr + r2.stderr)
        if r2.returncode == 0:
            again = targets(back)
            expect("every target kept, none merged", sorted(again) == sorted(had) and len(set(again)) == len(again),
                   (sorted(set(had) - set(again)), again))
            names = [s["name"] for s in shapes_of(back)[0]["shapes"]]
            expect("the names come back", names[:3] == ["Shape", "Shape", "Shape#2"], names)
            expect("the way back is valid", valid(back))
            expect("--verify compared them all", "%d components of %d tracks compared" % (len(had), len(had)) in
                   r2.stderr, r2.stderr)
    return summary()


if __name__ == "__main__":
    sys.exit(main())
