#!/usr/bin/env python3
"""The typed fuzz seeds of AnimX, AnimJ and Glaxnimate, made at build time
(issue 31).

usage: typed_seeds.py ANIMKIT OUT

AnimX and AnimJ declare 40 value types and three track kinds; animgen
writes a validator, decoder, encoder and dump (AnimX) or a lane (AnimJ) for
each pair, and byte mutation of a handful of seeds reaches few of them. This
writes one small valid file per value type holding every track kind (and,
for curves, every flags and interpolation form):
  OUT/animx/fuzz-corpus/<type>.animx        plain, from the AnimX JSON dump
                                            built back by `animkit convert`
  OUT/animx/fuzz-corpus/<type>-lz4.animx,   the same framed (a few types)
                       <type>-lzma.animx
  OUT/animj/fuzz-corpus/<type>.animj        pretty, as the canonical emitter
  OUT/animj/fuzz-corpus/<type>-compact.animj   the same without whitespace
  OUT/animj/fuzz-corpus/<type>-crlf.animj      with tabs and CRLF
  OUT/animj/fuzz-corpus/<type>-inline.animj    on one line, ", " and ": "
  OUT/animj/fuzz-corpus/<type>-tabs.animj, -lf, -cr, -mixed   a tab, a line
                                            feed, a CR, all four whitespace
                                            characters after every comma,
                                            colon and bracket
  OUT/animj/fuzz-corpus/<type>-noncanonical.animj  numeric and lower-case
                                            interpolations, numeric trackType
  OUT/animj/fuzz-corpus/<type>-sweep-*.animj  keys drawn from the lanes'
                                            grammar (lane_sweep.py)
  OUT/glaxnimate/fuzz-corpus/typed-*.rawr   value syntaxes (glaxnimate_seeds)
  OUT/maya/fuzz-corpus/keylines-*.anim      key lines drawn from the key-line
                                            DFA's grammar (maya_sweep.py)
Each AnimX and AnimJ file is validated by ANIMKIT after it is written: a
seed with an error would only exercise the error paths, which the mutations
reach anyway.
The list of types and their shapes are the common model's (runtime/model.c,
docs/model.md); values stay in every type's range, quaternions unit."""
import json
import os
import re
import subprocess
import sys

import lane_sweep
import maya_sweep

# (name, kind, components): kind b bool, u unsigned, i signed, f float,
# s string; the order is the model's, which is AnimX's value_type code.
TYPES = [
    ("bool", "b", 1), ("bool2", "b", 2), ("bool3", "b", 3), ("bool4", "b", 4),
    ("byte", "u", 1), ("ushort", "u", 1), ("uint", "u", 1), ("ulong", "u", 1),
    ("sbyte", "i", 1), ("short", "i", 1), ("int", "i", 1), ("long", "i", 1),
    ("int2", "i", 2), ("int3", "i", 3), ("int4", "i", 4),
    ("uint2", "u", 2), ("uint3", "u", 3), ("uint4", "u", 4),
    ("long2", "i", 2), ("long3", "i", 3), ("long4", "i", 4),
    ("float", "f", 1), ("float2", "f", 2), ("float3", "f", 3), ("float4", "f", 4),
    ("floatQ", "f", 4), ("float2x2", "f", 4), ("float3x3", "f", 9), ("float4x4", "f", 16),
    ("double", "f", 1), ("double2", "f", 2), ("double3", "f", 3), ("double4", "f", 4),
    ("doubleQ", "f", 4), ("double2x2", "f", 4), ("double3x3", "f", 9), ("double4x4", "f", 16),
    ("color", "f", 4), ("color32", "u", 4), ("string", "s", 1),
]
FRAMED = {"float3", "floatQ", "string", "color32", "double4x4"}


def scalar(kind, key, comp):
    """Component comp of key number key: distinct, small, in every range."""
    if kind == "b":
        return (key + comp) % 2 == 1
    if kind == "u":
        return key * 3 + comp
    if kind == "i":
        return key * 3 - comp
    if kind == "s":
        return None if key == 1 else "k%d" % key
    return key * 0.5 + comp * 0.25


def components(name, n):
    if name.startswith("color"):
        return list("rgba")
    if n in (9, 16) or name.endswith("2x2"):
        side = {4: 2, 9: 3, 16: 4}[n]
        return ["m%d%d" % (r, c) for r in range(side) for c in range(side)]
    return list("xyzw")[:n]


def value(name, kind, n, key):
    if name in ("floatQ", "doubleQ"):
        comps = [0.0, 0.0, 0.0, 1.0] if key % 2 == 0 else [0.0, 0.6, 0.0, 0.8]
    else:
        comps = [scalar(kind, key, c) for c in range(n)]
    return comps[0] if n == 1 else comps


# Transform types are written as Resonite's slot fields of bones (node
# bone_<i>): the common model's targets bone_<i>.position / rotation /
# scale, which every writer takes, Metroid Prime ANIM included (its
# from_model and bit writer are reached from these files only).
TRANSFORM = {"float3": "Position", "floatQ": "Rotation", "double3": "Scale", "doubleQ": "Rotation"}


def target(name, i, prop):
    """The node and property of track i of a seed of type name."""
    if name in TRANSFORM:
        return "bone_%d" % (i + 1), TRANSFORM[name]
    return "n", prop


def animx_tracks(name, kind, n, code):
    def v(k):
        return value(name, kind, n, k)

    def keys(count):
        return [{"time": float(k), "value": v(k)} for k in range(count)]

    count = [0]

    def head(track_type, prop):
        node, prop = target(name, count[0], prop)
        count[0] += 1
        return {"track_type": track_type, "value_type": code, "node": node, "property": prop}

    tracks = [
        dict(head(0, "raw"), key_count=3, interval=0.5, values=[v(k) for k in range(3)]),
        dict(head(1, "discrete"), key_count=2, keys=keys(2)),
        dict(head(2, "hold"), key_count=2, flags=0, shared_interpolation=0, keys=keys(2)),
        dict(head(2, "linear"), key_count=3, flags=1, interpolations=[0, 1, 1], keys=keys(3)),
    ]
    if kind == "f":  # tangents: numeric types only
        tangents = [{"left": v(k), "right": v(k + 1)} for k in range(2)]
        tracks += [
            dict(head(2, "bezier"), key_count=2, flags=2, shared_interpolation=3, keys=keys(2),
                 tangents=tangents),
            dict(head(2, "mixed"), key_count=2, flags=3, interpolations=[2, 3], keys=keys(2),
                 tangents=tangents),
        ]
    return tracks


class Lit(str):
    """A JSON number written as it stands (the AnimJ lanes are scanners:
    every digit, sign and exponent form is a path of their own)."""


# Number literals for the AnimJ seeds: every digit in every place, signs,
# fractions, both exponent letters and signs; in range for every type of
# their kind (sbyte and byte included).
FLOATS = ["0", "1", "-2", "0.5", "3.14159265", "-0.0078125", "1e3", "2.5E-3", "6.02e+23",
          "-9.87654321e-10", "123456789", "0.000123", "-47.0", "8E2", "7.5e6", "-6.25E+7", "9e09",
          "4567.0", "-0.0"]
UINTS = ["0", "1", "9", "10", "23", "45", "67", "89", "98", "76", "54", "31", "120", "102"]
SINTS = ["0", "-1", "7", "-23", "45", "-67", "89", "-98", "76", "-54", "31", "-120", "102", "-8"]
TIMES = ["0", "0.25", "1.5e0", "2E0", "3.75", "4"]


def extremes(name, kind):
    """The type's own limits as literals: the longest digit runs its lane
    reads (a ulong's 20 digits), the smallest and largest floats."""
    bits = {"byte": 8, "sbyte": 8, "ushort": 16, "short": 16, "color32": 8}.get(name)
    if bits is None:
        bits = 64 if name.startswith(("long", "ulong")) else 32
    if kind == "u":
        return [str(2 ** bits - 1), str(2 ** (bits - 1) + 12345 % 2 ** (bits - 1))]
    if kind == "i":
        return [str(-2 ** (bits - 1)), str(2 ** (bits - 1) - 1)]
    if name.startswith("double"):
        return ["1.7976931348623157e308", "-5e-324", "0.30000000000000004"]
    return ["3.4028234e38", "-1.4e-45", "0.1000000015"]


# Strings as JSON text: escapes of every kind, raw UTF-8, a surrogate pair.
STRINGS = ['"k0"', '""', '"with \\"quotes\\""', '"back\\\\slash"', '"tab\\there\\n"', '"\\u00e9t\\u00e9"',
           '"caf\u00e9 \u65e5\u672c"', '"\\ud83d\\ude00"', '"\\/slash\\b\\f\\r"', '"ctrl\\u0001\\u001F"', 'null',
           '"a longer value that goes on for a while, with spaces"']


def pool_of(name, kind):
    if kind == "s":
        return STRINGS
    if kind == "b":
        return ["true", "false", "false", "true"]
    return {"f": FLOATS, "u": UINTS, "i": SINTS}[kind] + extremes(name, kind)


def literal(name, kind, key, comp, n):
    """Component comp (of n) of key number key, as a varied literal: over
    as many keys as the pool has, every component takes every literal (each
    component's place is a scanner state of its own)."""
    pool = pool_of(name, kind)
    return Lit(pool[(key + 3 * comp) % len(pool)])


def write_json(value, indent, newline, level=0):
    """JSON text with `indent` ("" for none) and `newline` between lines
    (with no indent, newline is what follows a comma: "" or " "); Lit
    literals as they stand."""
    pad = newline + indent * (level + 1) if indent else newline
    end = newline + indent * level if indent else ""
    colon = ": " if indent else ":" + newline
    if isinstance(value, Lit):
        return str(value)
    if isinstance(value, dict):
        if not value:
            return "{}"
        items = [json.dumps(k) + colon + write_json(v, indent, newline, level + 1) for k, v in value.items()]
        return "{" + pad + ("," + pad).join(items) + end + "}"
    if isinstance(value, list):
        if not value:
            return "[]"
        items = [write_json(v, indent, newline, level + 1) for v in value]
        return "[" + pad + ("," + pad).join(items) + end + "]"
    return json.dumps(value)


def time_literal(k):
    """Key k's time (k / 5, within the duration of 4): plain, and in the
    exponent forms, in turn."""
    t = k / 5
    forms = ["%g" % t, "%.1fe0" % t, "%dE-1" % (k * 2), "%.3f" % t]
    return Lit(forms[k % len(forms)])


def animj_tracks(name, kind, n, noncanonical):
    names = components(name, n)
    # as many keys as the type's literals (a matrix has no lane: a few)
    keys = 4 if n >= 9 or name.endswith("2x2") else len(pool_of(name, kind))

    def v(k):
        if name in ("floatQ", "doubleQ"):
            x = value(name, kind, n, k)
        else:
            x = [literal(name, kind, k, c, n) for c in range(n)]
            x = x[0] if n == 1 else x
        return x if n == 1 else dict(zip(names, x))

    raw = {"trackType": "Raw", "valueType": name,
           "data": {"node": target(name, 0, "raw")[0], "property": target(name, 0, "raw")[1], "interval": Lit("0.5"),
                    "keyframes": [v(k) for k in range(keys)]}}
    discrete = {"trackType": "Discrete", "valueType": name,
                "data": {"node": target(name, 1, "discrete")[0], "property": target(name, 1, "discrete")[1],
                         "keyframes": [{"time": time_literal(k), "value": v(k)} for k in range(keys)]}}
    if noncanonical:
        for t in (raw, discrete):
            t["trackType"] = {"Raw": "0", "Discrete": "1"}[t["trackType"]]
    # The members a curve key has vary over a cycle of eight (the lanes
    # match each combination): tangents both, one or none (numeric types
    # only; the key after a CubicBezier key needs its leftTangent), value
    # before time once (None: Linear, so written).
    cycle = [("Hold", "l"), ("Linear", ""), (None, ""), ("Tangent", "lr"), ("CubicBezier", "lr"),
             ("Linear", "l"), ("Hold", "r"), ("CubicBezier", "lr")]
    if kind != "f":
        cycle = [("Hold", ""), ("Linear", ""), (None, "")]
    numeric = {"Hold": 0, "Linear": "linear", "Tangent": "tangent", "CubicBezier": 3}
    curve_keys = []
    for k in range(keys):
        interp, tangents = cycle[k % len(cycle)]
        key = {"value": v(k), "time": time_literal(k)} if interp is None else {"time": time_literal(k), "value": v(k)}
        interp = interp or "Linear"
        key["interpolation"] = numeric[interp] if noncanonical else interp
        if "l" in tangents:
            key["leftTangent"] = v(k + 1)
        if "r" in tangents:
            key["rightTangent"] = v(k + 2)
        curve_keys.append(key)
    curve = {"trackType": "Curve", "valueType": name,
             "data": {"node": target(name, 2, "curve")[0], "property": target(name, 2, "curve")[1],
                      "keyframes": curve_keys}}
    return [raw, discrete, curve]


def lane_int_digits(name):
    """The most digits of an integer of type name that its AnimJ lane takes
    (gen/emit_lanes.c, int_digits: fewer than its bound has)."""
    if name in ("byte", "sbyte", "color32"):
        return 2
    if name in ("ushort", "short"):
        return 4
    if name.startswith("long"):
        return 18
    return 19 if name == "ulong" else 9


def check(animkit, path, out_errors):
    r = subprocess.run([animkit, "validate", "--quiet", path], capture_output=True, text=True)
    if r.returncode != 0:
        out_errors.append("%s: %s%s" % (path, r.stdout, r.stderr))


# Glaxnimate's value syntaxes (grammars/value_syntax.rl) are scanners too:
# every colour name in both cases, every hex length, upper-case and braced
# UUIDs. They go into copies of a committed seed (fuzz/corpus/glaxnimate/
# minimal-v3.rawr): its gradient's stops, its colour fields, its UUIDs.
SVG_NAMES = re.findall(r"'([a-z]+)'i", open(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..",
                                                       "grammars", "value_syntax.rl")).read())
HEX_COLOURS = ["#abc", "#DEF", "#0123456789", "#456789", "#ABCDEF", "#a0b1c2d3", "#E4F5A6B7", "#123456789",
               "#ABCDEF012", "#0123456789ab", "#CDEF01234567", "#fFfFfF"]


def glaxnimate_seeds(out, errors):
    src = os.path.join(os.path.dirname(os.path.abspath(__file__)), "corpus", "glaxnimate", "minimal-v3.rawr")
    gdir = os.path.join(out, "glaxnimate", "fuzz-corpus")
    os.makedirs(gdir, exist_ok=True)
    text = open(src, encoding="utf-8").read()
    half = (len(SVG_NAMES) + 1) // 2
    variants = {
        "colours-lower": SVG_NAMES[:half] + HEX_COLOURS,
        "colours-upper": [c.upper() for c in SVG_NAMES[half:]] + HEX_COLOURS,
        "colours-capitalised": [c.capitalize() for c in SVG_NAMES[:half]],
        "colours-alternating": ["".join(ch.upper() if i % 2 else ch for i, ch in enumerate(c))
                                for c in SVG_NAMES[half:]],
    }
    # every proper prefix of a name, and every name with a letter too many:
    # the machine ends in each of its states once (errors, 80 a file, within
    # the default --max-errors)
    near = sorted({n[:i] for n in SVG_NAMES for i in range(1, len(n))} - set(SVG_NAMES)) + [n + "x" for n in SVG_NAMES]
    for k in range(0, len(near), 80):
        variants["colours-near-%02d" % (k // 80)] = near[k:k + 80]
    for suffix, colours in variants.items():
        doc = json.loads(text)
        stops = doc["assets"]["gradient_colors"]["values"][0]["colors"]["keyframes"]
        for kf in stops:
            kf["value"] = [{"offset": i / len(colours), "color": c} for i, c in enumerate(colours)]
        with open(os.path.join(gdir, "typed-%s.rawr" % suffix), "w", encoding="utf-8") as f:
            json.dump(doc, f, separators=(",", ":"))
    # every colour field and every UUID in another form
    uuids = sorted(set(re.findall(r'"([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})"', text)))
    for suffix, form in (("uuid-upper", str.upper), ("uuid-braced", lambda u: "{" + u + "}"),
                         ("uuid-braced-upper", lambda u: "{" + u.upper() + "}")):
        variant = text
        for u in uuids:
            variant = variant.replace('"%s"' % u, '"%s"' % form(u))
        for i, colour in enumerate(re.findall(r'"(#[0-9a-f]{6,8})"', text)):
            variant = variant.replace('"%s"' % colour, '"%s"' % HEX_COLOURS[i % len(HEX_COLOURS)], 1)
        with open(os.path.join(gdir, "typed-%s.rawr" % suffix), "w", encoding="utf-8") as f:
            f.write(variant)


def main():
    animkit, out = sys.argv[1], sys.argv[2]
    xdir = os.path.join(out, "animx", "fuzz-corpus")
    jdir = os.path.join(out, "animj", "fuzz-corpus")
    work = os.path.join(out, "typed-seeds-dumps")
    for d in (xdir, jdir, work):
        os.makedirs(d, exist_ok=True)
    errors = []
    for code, (name, kind, n) in enumerate(TYPES):
        tracks = animx_tracks(name, kind, n, code)
        dump = {"version": 1, "track_count": len(tracks), "global_duration": 4, "name": name,
                "encoding": 0, "tracks": tracks}
        src = os.path.join(work, name + ".json")
        with open(src, "w") as f:
            json.dump(dump, f)
        targets = [(os.path.join(xdir, name + ".animx"), "none")]
        if name in FRAMED:
            targets += [(os.path.join(xdir, "%s-%s.animx" % (name, c)), c) for c in ("lz4", "lzma")]
        for path, compression in targets:
            r = subprocess.run([animkit, "convert", "--to", "animx", "--compress", compression, src, path],
                               capture_output=True, text=True)
            if r.returncode != 0:
                errors.append("%s: %s%s" % (path, r.stdout, r.stderr))
                continue
            check(animkit, path, errors)
        for suffix, noncanonical, indent, newline in (("", False, "  ", "\n"), ("-compact", False, "", ""),
                                                      ("-crlf", False, "\t", "\r\n"),
                                                      ("-inline", False, "", " "),
                                                      ("-tabs", False, "", "\t"),
                                                      ("-lf", False, "", "\n"), ("-cr", False, "", "\r"),
                                                      ("-mixed", False, "", "\r\n\t "),
                                                      ("-noncanonical", True, "  ", "\n")):
            doc = {"name": name, "globalDuration": Lit("4"), "tracks": animj_tracks(name, kind, n, noncanonical)}
            path = os.path.join(jdir, name + suffix + ".animj")
            with open(path, "w", newline="", encoding="utf-8") as f:
                f.write(write_json(doc, indent, newline) + newline)
            if not noncanonical and "x" not in name:  # matrices are warned (the project's extension)
                check(animkit, path, errors)
    lane_sweep.write_sweeps(jdir, TYPES, components, lane_int_digits,
                            lambda path, errs: check(animkit, path, errs), errors)
    glaxnimate_seeds(out, errors)
    maya_sweep.write_sweeps(out)
    if errors:
        sys.stderr.write("typed_seeds.py: seeds that do not validate:\n" + "".join(errors))
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
