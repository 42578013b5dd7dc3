#!/usr/bin/env python3
"""The JSON Schema animgen writes for a text format's document
(tests/animgen/document_ok.document) says what its dump holds: the dump
of tests/animgen/document_main.c validates, and dumps the generated code
never writes are rejected (each an undump refusal of document_main.c).

usage: check_document_schema.py DEMO_BINARY. Exit 77 (skipped) without
Debian's python3-jsonschema."""
import copy
import json
import subprocess
import sys

try:
    from jsonschema import Draft202012Validator
except ImportError:
    sys.exit(77)


def main():
    demo = sys.argv[1]
    schema = json.loads(subprocess.run([demo, "--schema"], capture_output=True, check=True).stdout)
    dump = json.loads(subprocess.run([demo, "--dump"], capture_output=True, check=True).stdout)
    Draft202012Validator.check_schema(schema)
    v = Draft202012Validator(schema)
    failures = [f"the dump: {e.message}" for e in v.iter_errors(dump)]

    def rejected(what, change):
        m = copy.deepcopy(dump)
        change(m)
        if not list(v.iter_errors(m)):
            failures.append(f"accepted: {what}")

    rejected("level 7", lambda m: m.update(level=7))
    rejected("level 10", lambda m: m.update(level=10))
    rejected("level 1.5", lambda m: m.update(level=1.5))
    rejected("mode auto", lambda m: m.update(mode="auto"))
    rejected("three tags", lambda m: m["tags"].append("c"))
    rejected("no title", lambda m: m.pop("title"))
    rejected("an unknown member", lambda m: m.update(colour=1))
    rejected("a string scale", lambda m: m.update(scale="nan"))
    rejected("a negative size", lambda m: m["items"][0].update(size=-1))
    rejected("a number shape", lambda m: m["items"][1].update(shape=5))
    rejected("a circle with a width", lambda m: m["items"][0].update(width=1))
    rejected("a circle without its spokes", lambda m: m["items"][0].pop("spokes"))
    rejected("spokes of a hollow circle", lambda m: m["items"][0].update(solid=False, hole={"x": 0, "y": 0}))
    rejected("a box with a radius", lambda m: m["items"][2].update(radius=1))
    rejected("a hollow item without its hole", lambda m: m["items"][1].pop("hole"))
    rejected("a hole in a solid item", lambda m: m["items"][2].update(hole={"x": 0, "y": 0}))
    # what it must accept: another word for an open enum, a NaN where the field has no `finite`,
    # absent optional members
    m = copy.deepcopy(dump)
    m["items"][1]["shape"] = "star"
    m["items"][2]["corner"] = "nan"
    m.pop("scale")
    failures += [f"a valid variant: {e.message}" for e in v.iter_errors(m)]
    for f in failures:
        print("FAIL", f)
    print("FAILED" if failures else "ok")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
