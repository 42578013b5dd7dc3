#!/usr/bin/env python3
"""The Glaxnimate JSON Schema export (animkit schema --format glaxnimate)
against the validator: it accepts every valid conformance case, the
coverage document and the shared corpus (when present), and rejects every
invalid case the validator reports an error for at the compatible level
with a rule the export asserts (declared constraints; not references, hooks
or warnings). Skipped (77) without python3-jsonschema.

usage: check_schema.py SCHEMA.json SOURCE_DIR"""
import glob
import json
import os
import sys

try:
    import jsonschema
except ImportError:
    print("python3-jsonschema is not installed: skipped")
    sys.exit(77)

EXPORTED = {"glaxnimate.json.root-type", "glaxnimate.type.missing", "glaxnimate.type.unknown",
            "glaxnimate.type.slot", "glaxnimate.value.enum-unknown", "glaxnimate.value.uuid-syntax",
            "glaxnimate.top.assets-missing", "glaxnimate.format.missing", "glaxnimate.format.version-type",
            "glaxnimate.format.version-unsupported", "glaxnimate.anim.not-object",
            "glaxnimate.anim.keyframes-type"}

schema_path, src = sys.argv[1:3]
validator = jsonschema.Draft202012Validator(json.load(open(schema_path, encoding="utf-8")))
failures = 0
cases = os.path.join(src, "tests", "conformance", "glaxnimate")
accept = sorted(glob.glob(os.path.join(cases, "valid", "*.rawr")))
accept.append(os.path.join(src, "tests", "glaxnimate", "coverage_v9.rawr"))
accept += sorted(glob.glob(os.path.join(src, "..", "shared", "corpus", "glaxnimate", "*.rawr")))
for path in accept:
    errors = list(validator.iter_errors(json.load(open(path, encoding="utf-8"))))
    if errors:
        failures += 1
        print(f"FAIL {path}: the export rejects a valid file: {errors[0].message[:300]}")
rejected = 0
for path in sorted(glob.glob(os.path.join(cases, "invalid", "*.rawr"))):
    expected = open(path + ".expected", encoding="utf-8").read().splitlines()
    codes = {l.split()[1] for l in expected if l.startswith("error ")}
    if not codes & EXPORTED:
        continue
    try:
        doc = json.loads(open(path, "rb").read().decode("utf-8"))
    except ValueError:
        continue  # not JSON: the export has nothing to say
    if not list(validator.iter_errors(doc)):
        failures += 1
        print(f"FAIL {path}: the export accepts a file with errors {sorted(codes & EXPORTED)}")
    rejected += 1
print(f"{len(accept)} files accepted, {rejected} invalid cases rejected, {failures} failures")
sys.exit(1 if failures or rejected == 0 else 0)
