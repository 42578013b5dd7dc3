#!/usr/bin/env python3
"""dump of a large text or JSON file below 32 MiB peak RSS (issue 27).

The dump of plain JSON validates the file, then parses it again writing its
text as it goes; the dump of a declared document (Maya) decodes it twice,
the second time writing each anim entry as it is completed and forgetting
it. Before, both held the whole JSON (and Maya its document): several times
the input's size. The input (about 48 MB, made here once, never committed)
is generated; the output is checked against what was generated.

AnimJ (`animj`): `convert --to animj` of a 48 MB compact file, whose
canonical re-emission is its dump, streamed into the output file
(ak_convert_to; 3.3 times the output's size before, held whole).

Glaxnimate (`glaxnimate`): `dump` of a 48 MB compact file, its canonical
file, completed and written as it is read (ak_jcomplete_write_to); the
whole tree before (about 100 MiB for a 100 MB file).

usage: dump_rss_check.py json|maya|animj|glaxnimate AK_RLIMIT_RUN ANIMKIT DIR
"""
import json
import os
import subprocess
import sys

SIZE = 48_000_000


def make_json(path):
    # compact, so that the dump (indented) is larger than the input
    n = 0
    with open(path, "w") as f:
        f.write('{"name":"large \\u00e9 file","items":[')
        while f.tell() < SIZE:
            if n:
                f.write(",")
            f.write('{"id":%d,"t":%d.25,"v":[%d,-1.5e3,true,null],"s":"k\\n%d"}' % (n, n, n % 97, n))
            n += 1
        f.write('],"end":false}\n')
    return n


def check_json(out, n):
    doc = json.load(open(out))
    items = doc["items"]
    assert len(items) == n and doc["end"] is False, "items"
    assert items[-1] == {"id": n - 1, "t": n - 1 + 0.25, "v": [(n - 1) % 97, -1500.0, True, None],
                         "s": "k\n%d" % (n - 1)}, items[-1]


KEYS = 50


def make_maya(path):
    n = 0
    with open(path, "w") as f:
        f.write("animVersion 1.1;\nmayaVersion 2026;\ntimeUnit film;\nlinearUnit cm;\nangularUnit deg;\n"
                "startTime 1;\nendTime %d;\n" % KEYS)
        while f.tell() < SIZE:
            f.write("anim translate.translateX translateX node%d 0 0 0;\nanimData {\n  input time;\n"
                    "  output linear;\n  weighted 0;\n  preInfinity constant;\n  postInfinity constant;\n"
                    "  keys {\n" % n)
            for k in range(1, KEYS + 1):
                f.write("    %d %d linear linear 1 1 0;\n" % (k, (n + k) % 1000))
            f.write("  }\n}\n")
            n += 1
    return n


def check_maya(out, n):
    doc = json.load(open(out))
    entries = doc["entries"]
    assert len(entries) == n and doc["precision"] == 8, "entries"
    last = entries[-1]
    assert last["names"] == ["translate.translateX", "translateX", "node%d" % (n - 1)], last["names"]
    keys = last["anim_data"]["keys"]
    assert len(keys) == KEYS and keys[-1]["time"] == KEYS and keys[-1]["value"] == (n - 1 + KEYS) % 1000, keys[-1]


def make_animj(path):
    # compact AnimJ: tracks of 1000 Linear float keys each
    n = 0
    with open(path, "w") as f:
        f.write('{"name":"large","globalDuration":10,"tracks":[')
        while f.tell() < SIZE:
            f.write('%s{"trackType":"Curve","valueType":"float","data":{"node":"n%d","property":"p","keyframes":['
                    % ("," if n else "", n))
            f.write(",".join('{"time":%d.5e-2,"value":%d,"interpolation":"Linear"}' % (k, (n + k) % 1000)
                             for k in range(200)))
            f.write("]}}")
            n += 1
        f.write("]}\n")
    return n


def check_animj(out, n):
    doc = json.load(open(out))
    tracks = doc["tracks"]
    assert len(tracks) == n, "tracks"
    keys = tracks[-1]["data"]["keyframes"]
    assert len(keys) == 200 and keys[-1]["value"] == (n - 1 + 199) % 1000, keys[-1]


def glax_uuid(n):
    return "%08x-0000-4000-8000-%012x" % (n, n)


def glax_static(v):
    return {"value": v}


def glax_layer(n):
    keys = [{"after": {"x": 0.75, "y": 1}, "before": {"x": 0.25, "y": 0}, "point_type": 0,
             "tan_in": {"x": k, "y": n}, "tan_out": {"x": k, "y": n}, "time": k * 3,
             "value": {"x": k, "y": n % 1000}} for k in range(100)]
    common = {"group_color": "#00000000", "locked": False, "visible": True}
    fill = dict(common, __type__="Fill", color=glax_static("#ff8000"), fill_rule="NonZero", name="Fill",
                opacity=glax_static(1), use=None, uuid=glax_uuid(3 * n + 10))
    rect = dict(common, __type__="Rect", name="Rect", position={"keyframes": keys}, reversed=False,
                rounded=glax_static(0), size=glax_static({"height": 20, "width": 40}), uuid=glax_uuid(3 * n + 11))
    transform = {"__type__": "Transform", "anchor_point": glax_static({"x": 0, "y": 0}),
                 "position": glax_static({"x": 0, "y": 0}), "rotation": glax_static(0),
                 "scale": glax_static({"x": 1, "y": 1})}
    return dict(common, __type__="Layer", animation={"__type__": "AnimationContainer", "first_frame": 0,
                                                     "last_frame": 600},
                auto_orient=False, mask={"__type__": "MaskSettings", "inverted": False, "mask": "NoMask"},
                name="Layer %d" % n, opacity=glax_static(1), parent=None, render=True, shapes=[fill, rect],
                transform=transform, uuid=glax_uuid(3 * n + 12))


def make_glaxnimate(path):
    # compact, members sorted as Glaxnimate writes them; the layers' array
    # is written a layer at a time
    lst = lambda t, n: {"__type__": t, "name": "", "uuid": glax_uuid(n), "values": []}
    comp = {"__type__": "Composition", "animation": {"__type__": "AnimationContainer", "first_frame": 0,
                                                     "last_frame": 600},
            "fps": 60, "group_color": "#00000000", "height": 512, "locked": False, "name": "Main", "shapes": "@",
            "uuid": glax_uuid(3), "visible": True, "width": 512}
    doc = {"assets": {"__type__": "Assets", "colors": lst("NamedColorList", 1),
                      "compositions": {"__type__": "CompositionList", "name": "", "uuid": glax_uuid(2),
                                       "values": [comp]},
                      "fonts": lst("FontList", 4), "gradient_colors": lst("GradientColorsList", 5),
                      "gradients": lst("GradientList", 6), "images": lst("BitmapList", 7), "name": "",
                      "uuid": glax_uuid(8)},
           "format": {"format_version": 8, "generator": "Glaxnimate", "generator_version": "0.5.4"},
           "info": {"author": "", "description": "", "keywords": []}, "metadata": {}}
    head, tail = json.dumps(doc, separators=(",", ":")).split('"@"')
    n = 0
    with open(path, "w") as f:
        f.write(head + "[")
        while f.tell() < SIZE:
            f.write(("," if n else "") + json.dumps(glax_layer(n), separators=(",", ":")))
            n += 1
        f.write("]" + tail + "\n")
    return n


def check_glaxnimate(out, n):
    doc = json.load(open(out))
    layers = doc["assets"]["compositions"]["values"][0]["shapes"]
    assert len(layers) == n and layers[-1] == glax_layer(n - 1), "layers"


def main():
    kind, run, cli, where = sys.argv[1:5]
    os.makedirs(where, exist_ok=True)
    make, check, ext = {"json": (make_json, check_json, ".json"), "maya": (make_maya, check_maya, ".anim"),
                        "animj": (make_animj, check_animj, ".animj"),
                        "glaxnimate": (make_glaxnimate, check_glaxnimate, ".rawr")}[kind]
    src = os.path.join(where, "dump_large" + ext)
    count = os.path.join(where, "dump_large" + ext + ".count")
    if not (os.path.exists(src) and os.path.exists(count)):
        n = make(src + ".tmp")
        os.replace(src + ".tmp", src)
        with open(count, "w") as f:
            f.write(str(n))
    n = int(open(count).read())
    out = os.path.join(where, "dump_large" + ext + ".dump.json")
    print("file: %s (%d bytes, %d elements)" % (src, os.path.getsize(src), n), flush=True)
    try:
        # AnimJ: the canonical re-emission, which is its dump, streamed into a file
        command = ["convert", "--to", "animj", src, out] if kind == "animj" else ["dump", "--format", kind, src,
                                                                                 "-o", out]
        r = subprocess.run([run, "--max-rss", "32M", "--expect", "0", "--", cli] + command)
        if r.returncode != 0:
            sys.exit("%s of %s: over 32 MiB peak RSS or failed" % (command[0], kind))
        check(out, n)
    finally:
        if os.path.exists(out):
            os.remove(out)
    print("ok")


main()
