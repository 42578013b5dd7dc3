"""Checks the exported AnimJ JSON Schema (`animkit schema --format animj`,
written by gen/emit_jsonschema.c) against `animkit validate`.

usage: check_schema.py SCHEMA.json CONFORMANCE_DIR [ANIMKIT]
  CONFORMANCE_DIR is tests/conformance/animj (valid/ and invalid/ in it).
  Exit 77 (skipped) without Debian's python3-jsonschema.

What it checks:
 1. the schema is a valid draft 2020-12 schema;
 2. it accepts the corpus file (../shared, when present), every valid
    conformance case and the ACCEPT documents below (edge values that are
    valid: FLT_MAX written as 3.4028235e38, ulong 2^64-1, -0 times...);
 3. it rejects each REJECT document below, with an error at the path where
    the validator reports its error (or at the parent object, where JSON
    Schema reports additionalProperties and required);
 4. it accepts each LIMITS document: a document the validator rejects for a
    rule that JSON Schema cannot express (the list of what the export does
    not say; when the export learns one, move it to REJECT);
 5. with ANIMKIT: every REJECT / LIMITS document gets the stated error from
    the validator at the stated path, every ACCEPT document none; for every
    invalid conformance case, each error whose rule is in EXPRESSED is found
    by the schema at its path (or the parent), and a case without errors is
    accepted unless only STRICTER explains it; every error rule of
    `animkit rules --format animj` is classified below.
"""
import json
import os
import subprocess
import sys
import tempfile

try:
    from jsonschema import Draft202012Validator
except ImportError:
    sys.exit(77)

# Error rules the schema expresses: it rejects the value at the same path.
EXPRESSED = {
    "animj.root.type": "types of the root and its members",
    "animj.track.type": "a track is an object",
    "animj.track.member-missing": "required: trackType, valueType, data",
    "animj.track.member-extra": "additionalProperties: false on tracks",
    "animj.track.track-type": "enum Raw, Discrete, Curve",
    "animj.track.bezier": "Bezier is not in the trackType enum",
    "animj.track.value-type": "enum of the 40 value type names",
    "animj.data.type": "types of data and its members",
    "animj.key.type": "a key is an object, its time a number",
    "animj.key.time-missing": "required: time",
    "animj.key.value-missing": "required: value",
    "animj.value.shape": "value.<valueType> per track (if/then on trackType and valueType)",
    "animj.value.range": "minimum/maximum per integer type; f32/f64 overflow bounds",
    "animj.value.component-unknown": "additionalProperties: false on value objects",
    "animj.time.negative": "time minimum (the f32 rounding point below 0)",
}
# Error rules the schema expresses for some values only.
PARTLY = {
    "animj.value.int-literal": "1.5 is not an integer, but 1.0 and 1e2 are integers in JSON Schema",
    "animj.key.interpolation": "a string or a number, but not which names (they are case-insensitive) "
                               "nor that a number must be an integer literal",
}
# Error rules JSON Schema cannot express (or the export does not say).
NOT_EXPRESSED = {
    "animj.json.syntax": "not JSON: no schema applies (NaN even loads in Python)",
    "animj.json.encoding": "not UTF-8 text: no schema applies",
    "animj.json.depth": "JSON Schema has no nesting limit",
    "animj.json.duplicate-key": "a parser keeps one of the values; the schema sees one",
    "animj.json.token-limit": "no length cap on numbers; maxLength counts code points, and keys have none",
    "animj.file.size-limit": "no file size in JSON Schema",
    "animj.track.member-order": "properties are unordered in JSON Schema",
    "animj.value.matrix-unsupported": "hook rule; the matrix shapes are exported for the extension",
    "animj.key.interpolation-undefined": "hook rule (an integer outside 0..3)",
    "animj.key.interpolation-missing": "hook rule (only Curve keys need it; the declaration has it optional)",
    "animj.key.tangent-missing": "pairing across keys: k[i].rightTangent and k[i+1].leftTangent",
    "animj.data.interval-missing": "Raw interval > 0 only with more than one sample",
    "animj.convert.refused": "not a rule of AnimJ files: what refuses a conversion into AnimJ",
}
# Warning rules (accepted at the compatible level) the schema does not
# express either: times in order and distinct, times within the duration,
# quaternion length, missing components, unknown members, ...
# Where the schema is stricter than the compatible level (as --strict is).
STRICTER = {
    "animj.track.type-noncanonical": "numeric trackType strings (\"0\"..\"2\"); the enum has the names only",
}


class Raw:
    """A JSON number written exactly as given (1e309, 18446744073709551616)."""

    def __init__(self, text):
        self.text = text


def dumps(v):
    if isinstance(v, Raw):
        return v.text
    if isinstance(v, dict):
        return "{" + ", ".join(json.dumps(k) + ": " + dumps(x) for k, x in v.items()) + "}"
    if isinstance(v, list):
        return "[" + ", ".join(dumps(x) for x in v) + "]"
    return json.dumps(v)


def track(track_type, value_type, keys, **extra):
    data = {"node": "n", "property": "p"}
    if track_type == "Raw":
        data["interval"] = 1
    data["keyframes"] = keys
    data.update(extra)
    return {"trackType": track_type, "valueType": value_type, "data": data}


def doc(*tracks, **root):
    d = {"name": "x", "globalDuration": 9, "tracks": list(tracks)}
    d.update(root)
    return dumps(d)


def disc(vt, *values):
    return track("Discrete", vt, [{"time": i, "value": v} for i, v in enumerate(values)])


def curve(vt, *keys):
    return track("Curve", vt, list(keys))


F3 = {"x": 1, "y": 2, "z": 3}
KEY0 = "/tracks/0/data/keyframes/0"

# (label, document)
ACCEPT = [
    ("all 40 types, every shape", None),  # the valid conformance cases
    ("FLT_MAX as the canonical emitter writes it", doc(disc("float", Raw("3.4028235e+38")))),
    ("-FLT_MAX in a component", doc(disc("color", {"r": Raw("-3.4028235e38"), "g": 0, "b": 0, "a": 1}))),
    ("just below the f32 overflow tie", doc(disc("float", Raw("340282356779733661637539395458142568447")))),
    ("a time that rounds to -0 in f32", doc(track("Discrete", "float", [{"time": Raw("-1e-46"), "value": 1}]))),
    ("DBL_MAX", doc(disc("double", Raw("1.7976931348623157e308")))),
    ("ulong 2^64-1", doc(disc("ulong", Raw("18446744073709551615")))),
    ("long -2^63", doc(disc("long3", {"x": Raw("-9223372036854775808"), "y": 0, "z": Raw("9223372036854775807")}))),
    ("byte, sbyte, color32 ends", doc(disc("byte", 0, 255), disc("sbyte", -128, 127),
                                      disc("color32", {"r": 0, "g": 255, "b": 0, "a": 255}))),
    ("time -0 and the largest time", doc(track("Discrete", "int", [
        {"time": Raw("-0.0"), "value": 1}, {"time": Raw("3.4028235e38"), "value": 2}]))),
    ("string values and null", doc(disc("string", "a", None, ""))),
    ("a missing component (a warning)", doc(disc("float3", {"x": 1}))),
    ("unknown members of root, data and keys (warnings)",
     doc(track("Discrete", "bool", [{"time": 0, "value": True, "Time": 1}], extra=1), Name="y")),
    ("interpolation names in any case and integers 0..3 (warnings)",
     doc(curve("float", {"time": 0, "value": 1, "interpolation": "linear"},
               {"time": 1, "value": 2, "interpolation": 1}))),
    ("bool Curve with tangents", doc(curve("bool2",
        {"time": 0, "value": {"x": True, "y": False}, "interpolation": "CubicBezier",
         "leftTangent": {"x": True, "y": True}, "rightTangent": {"x": False, "y": True}},
        {"time": 1, "value": {"x": False, "y": False}, "interpolation": "Hold",
         "leftTangent": {"x": False, "y": True}}))),
]

# (label, code, path of the error, document)
REJECT = [
    ("float3 value as a string", "animj.value.shape", KEY0 + "/value", doc(disc("float3", "1 2 3"))),
    ("float3 component as a string", "animj.value.shape", KEY0 + "/value/y",
     doc(disc("float3", {"x": 1, "y": "2", "z": 3}))),
    ("float3 value null", "animj.value.shape", KEY0 + "/value", doc(disc("float3", None))),
    ("float3 value a number", "animj.value.shape", KEY0 + "/value", doc(disc("float3", 1))),
    ("bool where a float is expected", "animj.value.shape", KEY0 + "/value", doc(disc("float", True))),
    ("bool in a float4 component", "animj.value.shape", KEY0 + "/value/w",
     doc(disc("float4", {"x": 1, "y": 2, "z": 3, "w": False}))),
    ("number where a bool is expected", "animj.value.shape", KEY0 + "/value", doc(disc("bool", 1))),
    ("string track with a number", "animj.value.shape", KEY0 + "/value", doc(disc("string", 5))),
    ("int null", "animj.value.shape", KEY0 + "/value", doc(disc("int", None))),
    ("Raw int element as a string", "animj.value.shape", "/tracks/0/data/keyframes/1",
     doc(track("Raw", "int", [1, "2"]))),
    ("Raw float2 element as an array", "animj.value.shape", "/tracks/0/data/keyframes/0",
     doc(track("Raw", "float2", [[1, 2]]))),
    ("Curve key of a bool track: an object value", "animj.value.shape", KEY0 + "/value",
     doc(curve("bool", {"time": 0, "value": {"x": True}, "interpolation": "Hold"}))),
    ("Curve key of a bool track: a number value", "animj.value.shape", KEY0 + "/value",
     doc(curve("bool", {"time": 0, "value": 1, "interpolation": "Hold"}))),
    ("Curve key of a bool3 track: a tangent of the wrong shape", "animj.value.shape", KEY0 + "/rightTangent",
     doc(curve("bool3", {"time": 0, "value": {"x": True, "y": True, "z": True}, "interpolation": "CubicBezier",
                         "rightTangent": True},
               {"time": 1, "value": {"x": True, "y": True, "z": True}, "interpolation": "Hold",
                "leftTangent": {"x": True, "y": True, "z": True}}))),
    ("floatQ tangent missing as a number", "animj.value.shape", "/tracks/0/data/keyframes/1/leftTangent",
     doc(curve("floatQ", {"time": 0, "value": {"x": 0, "y": 0, "z": 0, "w": 1}, "interpolation": "CubicBezier",
                          "rightTangent": {"x": 0, "y": 0, "z": 0, "w": 1}},
               {"time": 1, "value": {"x": 0, "y": 0, "z": 0, "w": 1}, "interpolation": "Hold", "leftTangent": 1}))),
    ("byte 256", "animj.value.range", KEY0 + "/value", doc(disc("byte", 256))),
    ("sbyte -129", "animj.value.range", KEY0 + "/value", doc(disc("sbyte", -129))),
    ("ushort -1", "animj.value.range", KEY0 + "/value", doc(disc("ushort", -1))),
    ("int 2^31", "animj.value.range", KEY0 + "/value", doc(disc("int", 2147483648))),
    ("uint2 component 2^32", "animj.value.range", KEY0 + "/value/y", doc(disc("uint2", {"x": 0, "y": 4294967296}))),
    ("ulong 2^64", "animj.value.range", KEY0 + "/value", doc(disc("ulong", Raw("18446744073709551616")))),
    ("long -2^63-1", "animj.value.range", KEY0 + "/value", doc(disc("long", Raw("-9223372036854775809")))),
    ("color32 alpha 256", "animj.value.range", KEY0 + "/value/a",
     doc(disc("color32", {"r": 0, "g": 0, "b": 0, "a": 256}))),
    ("float overflow", "animj.value.range", KEY0 + "/value", doc(disc("float", Raw("3.5e38")))),
    ("float overflow at the tie above FLT_MAX", "animj.value.range", KEY0 + "/value",
     doc(disc("float", Raw("340282356779733661637539395458142568448")))),
    ("double overflow", "animj.value.range", KEY0 + "/value/x", doc(disc("double2", {"x": Raw("1e309"), "y": 0}))),
    ("color32 component with a fraction", "animj.value.int-literal", KEY0 + "/value/r",
     doc(disc("color32", {"r": 1.5, "g": 0, "b": 0, "a": 255}))),
    ("unknown component", "animj.value.component-unknown", KEY0 + "/value/X",
     doc(disc("float3", {"x": 1, "y": 2, "z": 3, "X": 4}))),
    ("a w on a float3", "animj.value.component-unknown", KEY0 + "/value/w", doc(disc("float3", dict(F3, w=1)))),
    ("xyzw on a color", "animj.value.component-unknown", KEY0 + "/value/x",
     doc(disc("color", {"x": 1, "r": 1, "g": 1, "b": 1, "a": 1}))),
    ("negative time", "animj.time.negative", KEY0 + "/time", doc(track("Discrete", "float", [{"time": -1, "value": 1}]))),
    ("a time that rounds to the smallest negative f32", "animj.time.negative", KEY0 + "/time",
     doc(track("Discrete", "float", [{"time": Raw("-1e-45"), "value": 1}]))),
    ("time as a string", "animj.key.type", KEY0 + "/time", doc(track("Discrete", "float", [{"time": "0", "value": 1}]))),
    ("key without value", "animj.key.value-missing", KEY0, doc(track("Discrete", "float", [{"time": 0}]))),
    ("valueType in the wrong case", "animj.track.value-type", "/tracks/0/valueType", doc(disc("Float3", F3))),
    ("trackType Bezier", "animj.track.bezier", "/tracks/0/trackType", doc(track("Bezier", "float", []))),
    ("trackType in the wrong case", "animj.track.track-type", "/tracks/0/trackType", doc(track("raw", "float", [1]))),
    ("extra track member", "animj.track.member-extra", "/tracks/0/comment",
     doc(dict(track("Raw", "float", [1]), comment="x"))),
    ("track without data", "animj.track.member-missing", "/tracks/0",
     doc({"trackType": "Raw", "valueType": "float"})),
    ("interval as a string", "animj.data.type", "/tracks/0/data/interval", doc(track("Raw", "float", [1], interval="1"))),
    ("name as a number", "animj.root.type", "/name", doc(name=1)),
]

# (label, code, document): the validator's error; the schema accepts it.
LIMITS = [
    ("integer written 1.0 (int-literal)", "animj.value.int-literal", doc(disc("int", Raw("1.0")))),
    ("integer written 1e2 (int-literal)", "animj.value.int-literal", doc(disc("byte", Raw("1e2")))),
    ("track members out of order", "animj.track.member-order",
     dumps({"tracks": [{"valueType": "float", "trackType": "Raw", "data": {"node": "n", "property": "p",
                                                                        "interval": 1, "keyframes": [1]}}]})),
    ("duplicate member", "animj.json.duplicate-key",
     '{"name": "a", "name": "b", "tracks": [' + dumps(disc("float", 1)) + "]}"),
    ("CubicBezier without the next key's leftTangent", "animj.key.tangent-missing",
     doc(curve("float", {"time": 0, "value": 1, "interpolation": "CubicBezier", "rightTangent": 1},
               {"time": 1, "value": 2, "interpolation": "Hold"}))),
    ("Curve key without interpolation", "animj.key.interpolation-missing",
     doc(curve("float", {"time": 0, "value": 1}))),
    ("unknown interpolation name", "animj.key.interpolation",
     doc(curve("float", {"time": 0, "value": 1, "interpolation": "Smooth"}))),
    ("interpolation 4", "animj.key.interpolation-undefined",
     doc(curve("float", {"time": 0, "value": 1, "interpolation": 4}))),
    ("a matrix track", "animj.value.matrix-unsupported",
     doc(disc("float2x2", {"m00": 1, "m01": 0, "m10": 0, "m11": 1}))),
    ("Raw track without interval", "animj.data.interval-missing",
     dumps({"tracks": [{"trackType": "Raw", "valueType": "float",
                        "data": {"node": "n", "property": "p", "keyframes": [1, 2]}}]})),
    ("a number literal of 300 digits", "animj.json.token-limit", doc(disc("double", Raw("1" + "0" * 299)))),
]
# Warnings the schema does not see either (accepted at the compatible level):
# key times out of order or equal (animj.time.order, animj.time.duplicate:
# constraints across array elements), a time after globalDuration (across
# the document), a quaternion not of unit length, a missing component (it
# takes its default), unknown members (open objects), tangents on a Hold
# key, noncanonical interpolation names, an empty or null tracks member.


def flat(errors):
    for e in errors:
        yield e
        yield from flat(e.context or [])


def pointer(path):
    return "".join("/" + str(p).replace("~", "~0").replace("/", "~1") for p in path)


def schema_paths(validator, instance):
    return {pointer(e.absolute_path) for e in flat(validator.iter_errors(instance))}


def found(paths, path):
    """An error at path, or at its parent (additionalProperties, required)."""
    parent = path.rsplit("/", 1)[0] if path else None
    return path in paths or (parent is not None and parent in paths)


def validate_cli(cli, path):
    r = subprocess.run([cli, "validate", "--format", "animj", "--diagnostics", "json", path],
                       capture_output=True, timeout=60)
    if r.returncode not in (0, 1):
        raise RuntimeError(f"{path}: animkit exited {r.returncode}: {r.stderr.decode(errors='replace')}")
    return json.loads(r.stdout)["files"][0]["diagnostics"]


def main():
    schema = json.load(open(sys.argv[1], encoding="utf-8"))
    conf = sys.argv[2]
    cli = sys.argv[3] if len(sys.argv) > 3 else None
    Draft202012Validator.check_schema(schema)
    validator = Draft202012Validator(schema)
    bad = []

    # 2. valid files
    files = sorted(os.path.join(conf, "valid", f) for f in os.listdir(os.path.join(conf, "valid")) if f.endswith(".animj"))
    shared = os.environ.get("AK_SHARED_DIR", "")
    corpus = os.path.join(shared, "corpus", "animj", "redx_discrete_bool_int_string.animj")
    if shared and os.path.isfile(corpus):
        files.insert(0, corpus)
    else:
        print("note: no ../shared corpus; checking the conformance cases only")
    for f in files:
        for err in validator.iter_errors(json.load(open(f, encoding="utf-8-sig"))):
            bad.append(f"{f}: {err.json_path}: {err.message[:200]}")

    with tempfile.TemporaryDirectory() as tmp:
        def run(label, text):
            path = os.path.join(tmp, "case.animj")
            with open(path, "w", encoding="utf-8") as fp:
                fp.write(text)
            return validate_cli(cli, path)

        for label, text in ACCEPT:
            if text is None:
                continue
            errs = list(validator.iter_errors(json.loads(text)))
            if errs:
                bad.append(f"ACCEPT {label}: the schema rejects it: {errs[0].json_path}: {errs[0].message[:200]}")
            if cli:
                errors = [g for g in run(label, text) if g["severity"] == "error"]
                if errors:
                    bad.append(f"ACCEPT {label}: animkit reports {errors[0]['code']} at {errors[0]['path']}")

        for label, code, path, text in REJECT:
            paths = schema_paths(validator, json.loads(text))
            if not found(paths, path):
                bad.append(f"REJECT {label}: no schema error at {path} (errors at: {sorted(paths)})")
            if cli:
                diags = run(label, text)
                if not any(g["code"] == code and g["path"] == path and g["severity"] == "error" for g in diags):
                    bad.append(f"REJECT {label}: animkit does not report {code} at {path}: "
                               f"{[(g['code'], g['path']) for g in diags]}")

        for label, code, text in LIMITS:
            errs = list(validator.iter_errors(json.loads(text)))
            if errs:
                bad.append(f"LIMITS {label}: the schema now rejects it ({errs[0].message[:120]}): move it to REJECT")
            if cli and not any(g["code"] == code and g["severity"] == "error" for g in run(label, text)):
                bad.append(f"LIMITS {label}: animkit does not report {code}")

    if cli:
        # every error rule is classified
        rules = json.loads(subprocess.run([cli, "rules", "--format", "animj", "--json"], capture_output=True,
                                          check=True).stdout)
        known = set(EXPRESSED) | set(PARTLY) | set(NOT_EXPRESSED)
        for r in rules:
            code = r.get("code")
            if r.get("compat") == "error" and code not in known:
                bad.append(f"rule {code} is an error but not classified in check_schema.py")
        # the invalid conformance cases
        inv = os.path.join(conf, "invalid")
        for f in sorted(os.listdir(inv)):
            if not f.endswith(".animj"):
                continue
            expected = os.path.join(inv, f + ".expected")
            if os.path.isfile(expected) and any(l.strip() == "--strict" for l in open(expected, encoding="utf-8")):
                continue
            path = os.path.join(inv, f)
            try:
                instance = json.loads(open(path, "rb").read().decode("utf-8-sig"))
            except ValueError:
                continue  # not JSON (syntax, encoding): no schema applies
            diags = validate_cli(cli, path)
            paths = schema_paths(validator, instance)
            errors = [g for g in diags if g["severity"] == "error"]
            for g in errors:
                if g["code"] in EXPRESSED and not found(paths, g["path"]):
                    bad.append(f"{f}: {g['code']} at {g['path']}: the schema has no error there")
            if not errors and paths:
                if not any(g["code"] in STRICTER for g in diags):
                    bad.append(f"{f}: valid at the compatible level, but the schema rejects it at {sorted(paths)[:3]}")

    for b in bad:
        print(b)
    print(f"{len(REJECT)} rejected, {len(LIMITS)} known limits, {len(ACCEPT)} edge cases, {len(files)} valid files; "
          f"{len(bad)} problem(s)")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
