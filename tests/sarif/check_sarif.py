#!/usr/bin/env python3
"""Checks animkit's machine-readable diagnostics.

1. SARIF: the golden renderer output and what `animkit validate --diagnostics
   sarif` prints for the inputs given validate against the SARIF 2.1.0 JSON
   schema (.deps/sarif-2.1.0-rtm.5.json, fetched by scripts/install-deps).
2. JSON: `--diagnostics json` has exactly the shape DESIGN.md gives, and
   the counts docs/cli.md adds (`counts`: errors, warnings, notes, unshown).

Exit 77 (skip) when the schema or the jsonschema module is missing, unless
CI is set: there both must be present."""
import json
import os
import subprocess
import sys

SKIP = 77


def skip_or_fail(why):
    if os.environ.get("CI"):
        print("FAIL: " + why)
        sys.exit(1)
    print("SKIP: " + why)
    sys.exit(SKIP)


def main():
    src = os.environ.get("AK_SOURCE_DIR", ".")
    cli = os.environ["AK_CLI"]
    inputs = sys.argv[1:]
    try:
        import jsonschema
    except ImportError:
        skip_or_fail("python3-jsonschema is not installed")
    schema_path = os.path.join(src, ".deps", "sarif-2.1.0-rtm.5.json")
    if not os.path.exists(schema_path):
        skip_or_fail(schema_path + " is missing (scripts/install-deps fetches it)")
    with open(schema_path, encoding="utf-8") as f:
        schema = json.load(f)
    validator = jsonschema.Draft4Validator(schema)

    failures = 0
    checked = 0

    def check_sarif(name, text):
        nonlocal failures, checked
        checked += 1
        log = json.loads(text)
        errors = sorted(validator.iter_errors(log), key=lambda e: list(e.path))
        for e in errors[:10]:
            print(f"FAIL {name}: {'/'.join(map(str, e.path))}: {e.message}")
        if errors:
            failures += 1
        # every result names a rule that the driver lists, at its index
        run = log["runs"][0]
        rules = [r["id"] for r in run["tool"]["driver"]["rules"]]
        for res in run["results"]:
            if rules[res["ruleIndex"]] != res["ruleId"]:
                print(f"FAIL {name}: ruleIndex of {res['ruleId']} is wrong")
                failures += 1

    with open(os.path.join(src, "tests", "golden", "render", "diagnostics.sarif"), encoding="utf-8") as f:
        check_sarif("golden diagnostics.sarif", f.read())

    # Exit status 2 is expected: the inputs include a file that cannot be
    # read (it must appear in the log, not only on standard error) and
    # folders with files of planned formats or with nothing to check.
    missing = os.path.join(src, "tests", "sarif", "no-such-file.animj")
    out = subprocess.run([cli, "validate", "--diagnostics", "sarif", *inputs, missing], capture_output=True)
    if out.returncode != 2:
        print(f"FAIL: animkit exited {out.returncode}: {out.stderr.decode(errors='replace')}")
        return 1
    check_sarif("animkit validate --diagnostics sarif", out.stdout.decode("utf-8"))
    inv = json.loads(out.stdout)["runs"][0]["invocations"][0]
    notes = inv.get("toolExecutionNotifications", [])
    checked += 1
    if inv["executionSuccessful"] is not False or not any(
            n["locations"][0]["physicalLocation"]["artifactLocation"]["uri"].endswith("no-such-file.animj")
            for n in notes):
        print(f"FAIL: the unreadable file is not in the SARIF invocation: {inv}")
        failures += 1

    out = subprocess.run([cli, "validate", "--diagnostics", "json", *inputs, missing], capture_output=True)
    doc = json.loads(out.stdout.decode("utf-8"))
    checked += 1
    shape_ok = set(doc) == {"files"}
    unreadable = [f for f in doc["files"] if "error" in f]
    shape_ok &= [f["file"] for f in unreadable] == [missing]
    for f in doc["files"]:
        shape_ok &= set(f) == {"file", "format", "valid", "diagnostics"} | ({"error"} if "error" in f else {"counts"})
        shape_ok &= isinstance(f["valid"], bool)
        # the counts include what the cap kept from the list (docs/cli.md)
        shape_ok &= "error" in f or (set(f["counts"]) == {"errors", "warnings", "notes", "unshown"} and
                                     f["counts"]["errors"] == sum(d["severity"] == "error" for d in f["diagnostics"]))
        for d in f["diagnostics"]:
            keys = set(d)
            shape_ok &= {"code", "severity", "message", "path", "offset"} <= keys
            shape_ok &= keys <= {"code", "severity", "message", "path", "offset", "line", "column"}
            shape_ok &= d["severity"] in ("error", "warning", "note")
    if not shape_ok:
        print("FAIL: --diagnostics json does not have the documented shape")
        failures += 1
    print(f"{checked - failures} passed, {failures} failed")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
