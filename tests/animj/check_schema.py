"""Checks the exported AnimJ JSON Schema: a valid draft 2020-12 schema that
accepts the corpus file and every valid conformance case.
usage: check_schema.py SCHEMA.json VALID_DIR   (exit 77: skipped)"""
import json
import os
import sys

try:
    from jsonschema import Draft202012Validator
except ImportError:
    sys.exit(77)

schema = json.load(open(sys.argv[1], encoding="utf-8"))
Draft202012Validator.check_schema(schema)
validator = Draft202012Validator(schema)
shared = os.environ.get("AK_SHARED_DIR", "")
corpus = os.path.join(shared, "corpus", "animj", "redx_discrete_bool_int_string.animj")
if not shared or not os.path.isfile(corpus):
    sys.exit(77)
files = [corpus] + sorted(os.path.join(sys.argv[2], f) for f in os.listdir(sys.argv[2]) if f.endswith(".animj"))
bad = 0
for f in files:
    for err in validator.iter_errors(json.load(open(f, encoding="utf-8-sig"))):
        print(f"{f}: {err.json_path}: {err.message}")
        bad += 1
sys.exit(1 if bad else 0)
