#!/usr/bin/env python3
"""The JSON Schema of every format's dump (`animkit schema --format ID
--dump`, installed as share/animkit/schemas/<id>.dump.schema.json) describes
what `animkit dump` writes: it is a valid draft 2020-12 schema, the dump of
every example and of every valid conformance case validates against it, so
do the committed dumps (fuzz seeds), and dumps that are not what the dump
writes are rejected: mutations of real dumps (an unknown member, a missing
one, a value of the wrong type, a member its condition excludes) and the
AnimX undump cases whose problem JSON Schema can say."""
import copy
import glob
import json
import os
import subprocess
import sys

import jsonschema

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
from support import expect, summary  # noqa: E402

CLI = os.environ["AK_CLI"]
SRC = os.environ["AK_SOURCE_DIR"]
SHARE = os.path.join(os.environ["AK_BINARY_DIR"], "share", "schemas")


def run(*args):
    return subprocess.run([CLI, *args], capture_output=True, text=True)


def validator(fmt, schemas):
    """A validator of fmt's dump schema; its relative $refs (a JSON format's
    dump is the format's own file) resolve to the other schemas by $id."""
    schema = schemas[f"{fmt}.dump.schema.json"]
    store = {s["$id"]: s for s in schemas.values() if "$id" in s}
    resolver = jsonschema.RefResolver.from_schema(schema, store=store)
    return jsonschema.Draft202012Validator(schema, resolver=resolver)


def errors(v, doc):
    return [f"{'/'.join(map(str, e.absolute_path))}: {e.message[:200]}" for e in v.iter_errors(doc)]


def dump_args(path):
    """--game for the cases whose .expected names one (as the conformance runner reads it)."""
    exp = path + ".expected"
    if os.path.exists(exp):
        for line in open(exp, encoding="utf-8"):
            if line.startswith("--format-options "):
                for opt in line.split()[1].split(","):
                    if opt.startswith("game="):
                        return ["--game", opt[5:]]
    return []


def inputs(fmt):
    if fmt == "primeanim":  # written at build time (tests/primeanim/generate.cmake)
        gen = os.path.join(os.environ["AK_BINARY_DIR"], "generated", "primeanim")
        files = sorted(glob.glob(os.path.join(gen, "examples", "*")))
        files += sorted(glob.glob(os.path.join(gen, "conformance", "valid", "*")))
    else:
        files = sorted(glob.glob(os.path.join(SRC, "examples", fmt, "*")))
        files += sorted(glob.glob(os.path.join(SRC, "tests", "conformance", fmt, "valid", "*")))
    return [f for f in files if not f.endswith(".expected") and os.path.isfile(f)]


def mutations(fmt, doc):
    """(what, mutated dump) pairs that no dump of the format can be."""
    out = []

    def mutant(what, change):
        m = copy.deepcopy(doc)
        try:
            change(m)
        except (KeyError, IndexError, TypeError):
            return  # the dump has no such part
        out.append((what, m))

    if fmt in ("animx", "mrtk", "primeanim"):  # generated: every object is closed, every member written
        first = next(iter(doc))
        mutant("an unknown member", lambda m: m.update(no_such_member=1))
        mutant(f"without {first}", lambda m: m.pop(first))
        mutant(f"{first} an object", lambda m: m.update({first: {"not": "this"}}))
    elif fmt == "animj":
        mutant("a trackType that is none", lambda m: m["tracks"][0].update(trackType="Spline"))
        mutant("globalDuration a string", lambda m: m.update(globalDuration="long"))
    elif fmt == "glaxnimate":
        mutant("format a number", lambda m: m.update(format=5))
    elif fmt == "maya":
        mutant("an unknown member", lambda m: m.update(no_such_member=1))
        mutant("line_ends cr", lambda m: m.update(line_ends="cr"))
        mutant("without precision", lambda m: m.pop("precision"))
        mutant("a placeholder with anim_data", lambda m: m["entries"][0].update(kind="placeholder",
                                                                                  anim_data={"keys": []}))
        mutant("a curve without anim_data", lambda m: m["entries"][0].update(kind="curve") or
               m["entries"][0].pop("anim_data", None))
    return out


def main():
    formats = [l.split()[0] for l in run("formats").stdout.splitlines() if l.strip() and "planned" not in l]
    schemas = {}
    for f in formats:
        for name, args in ((f"{f}.schema.json", []), (f"{f}.dump.schema.json", ["--dump"])):
            r = run("schema", "--format", f, *args)
            if r.returncode == 0:
                schemas[name] = json.loads(r.stdout)
    for f in formats:
        name = f"{f}.dump.schema.json"
        if not expect(f"{f}: animkit schema --dump", name in schemas, f):
            continue
        schema = schemas[name]
        try:
            jsonschema.Draft202012Validator.check_schema(schema)
            ok = True
        except jsonschema.SchemaError as e:
            ok = False
            detail = e.message
        expect(f"{name} is a draft 2020-12 schema", ok, "" if ok else detail)
        installed = os.path.join(SHARE, name)
        expect(f"{name} installed", os.path.exists(installed) and
               json.load(open(installed, encoding="utf-8")) == schema, installed)
        expect(f"{name} has its own $id", schema.get("$id", "").endswith("/" + name), schema.get("$id"))
        if f == "animx":  # a bit test's value set is written once (gen/emit_dumpschema.c, value_set_<i>)
            size = len(json.dumps(schema))
            expect(f"{name}: its bit tests' value sets are shared", size < 400_000 and
                   "value_set_0" in schema["$defs"], size)
        v = validator(f, schemas)
        dumped = 0
        for path in inputs(f):
            r = subprocess.run([CLI, "dump", "--format", f, *dump_args(path), path], capture_output=True)
            if r.returncode != 0:
                continue  # an invalid example, or a valid case with warnings that is an error at no level
            try:
                doc = json.loads(r.stdout.decode("utf-8"))
            except ValueError as e:
                expect(f"{f}: the dump of {path} is JSON", False, e)
                continue
            dumped += 1
            rel = os.path.relpath(path, SRC)
            errs = errors(v, doc)
            expect(f"{f}: the dump of {rel} validates", not errs, errs[:5])
            if dumped <= 3:  # (any JSON value is a JSON dump: nothing to mutate)
                for what, m in mutations(f, doc):
                    expect(f"{f}: {rel} with {what} is rejected", errors(v, m), what)
        expect(f"{f}: some examples and valid cases were dumped", dumped > 0, dumped)

    # committed dumps: the fuzzers' seeds of the undump
    for path in sorted(glob.glob(os.path.join(SRC, "fuzz", "corpus", "*", "dump_*.json"))):
        fmt = os.path.basename(os.path.dirname(path))
        doc = json.load(open(path, encoding="utf-8"))
        bad = "_bad_" in os.path.basename(path)
        errs = errors(validator(fmt, schemas), doc)
        expect(f"{os.path.relpath(path, SRC)} {'is rejected' if bad else 'validates'}", bool(errs) == bad, errs[:5])

    # AnimX dumps the undump refuses: those whose problem is a shape are
    # rejected (counts against lengths, order and duplicates are not shapes)
    v = validator("animx", schemas)
    for case in ("enum_range", "member_missing", "member_type", "member_unknown", "not_a_dump", "value_range_byte",
                 "value_range_float", "value_shape", "value_type_number"):
        doc = json.load(open(os.path.join(SRC, "tests", "animx", "undump", case + ".json"), encoding="utf-8"))
        expect(f"tests/animx/undump/{case}.json is rejected", errors(v, doc), case)

    # a member its condition excludes: an MRTK 1.1 section whose flag is off,
    # an AnimX Raw track with a Curve's flags
    rec = os.path.join(SRC, "examples", "mrtk", "camera_only_v11.bin")
    doc = json.loads(run("dump", rec).stdout)
    m = copy.deepcopy(doc)
    m["has_camera_pose"] = False
    expect("mrtk: camera with has_camera_pose false is rejected", errors(validator("mrtk", schemas), m))
    m = copy.deepcopy(doc)
    m["minor"] = 0
    expect("mrtk: a 1.1 body under minor 0 is rejected", errors(validator("mrtk", schemas), m))
    doc = json.loads(run("dump", os.path.join(SRC, "examples", "animx", "vec_raw_curve.animx")).stdout)
    m = copy.deepcopy(doc)
    m["tracks"][0]["flags"] = 0
    expect("animx: a Raw track with flags is rejected", errors(v, m))
    m = copy.deepcopy(doc)
    m["version"] = 0
    expect("animx: version 1 tracks under version 0 are rejected", errors(v, m))
    return summary()


if __name__ == "__main__":
    sys.exit(main())
