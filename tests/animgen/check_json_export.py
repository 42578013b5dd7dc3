"""Checks the JSON Schema that animgen exports for a JSON construct case
(tests/animgen/json/<id>.schema) against the documents the case lists.

usage: check_json_export.py CASE.schema EXPORT.schema.json
Exit 77 (skipped) without Debian's python3-jsonschema.

The case names, in a comment line `# exported: CODE ...`, the rules whose
errors the export expresses. Then, at the compatible level (`--strict`
documents are skipped: the export asserts what the real reader rejects):
  - a document animkit reports no error for (every `# pass:` document, and
    a `# fail:` document expecting warnings only) is valid against the
    export: the export never rejects what the validator accepts;
  - a `# fail:` document expecting an error of an exported rule is invalid;
  - a document expecting errors of other rules only (references, keys,
    orders: what JSON Schema cannot say, named in the export's $comment)
    may be either.
A `# fail:` document that is not JSON text is skipped.
"""
import json
import sys

try:
    from jsonschema import Draft202012Validator
except ImportError:
    sys.exit(77)


def documents(path):
    """(line, kind, strict, text, [(severity, code)]) per document."""
    lines = open(path, encoding="utf-8").read().split("\n")
    out = []
    for i, line in enumerate(lines):
        for kind in ("pass", "fail"):
            for strict in (False, True):
                prefix = "# %s%s: " % (kind, " --strict" if strict else "")
                if line.startswith(prefix):
                    expected = []
                    for follow in lines[i + 1:]:
                        if not follow.startswith("#   => "):
                            break
                        words = follow[7:].split()
                        expected.append((words[0], words[1]))
                    out.append((i + 1, kind, strict, line[len(prefix):], expected))
    return out


def main():
    case, export = sys.argv[1], sys.argv[2]
    exported = set()
    for line in open(case, encoding="utf-8"):
        if line.startswith("# exported:"):
            exported.update(line.split(":", 1)[1].split())
    schema = json.load(open(export, encoding="utf-8"))
    Draft202012Validator.check_schema(schema)
    validator = Draft202012Validator(schema)
    failures = 0
    for line, kind, strict, text, expected in documents(case):
        if strict:
            continue
        try:
            doc = json.loads(text)
        except ValueError:
            # a failing document that is no JSON text (what the reading does
            # after the value cap) says nothing of a JSON Schema; a passing one
            # is a mistake in the case
            if kind == "pass":
                print("%s:%d: a passing document is not JSON" % (case, line))
                failures += 1
            continue
        errors = list(validator.iter_errors(doc))
        reject = kind == "fail" and any(sev == "error" and code in exported for sev, code in expected)
        accept = not any(sev == "error" for sev, _ in expected)
        if reject and not errors:
            print("%s:%d: the export accepts a document it should reject (%s)"
                  % (case, line, ", ".join(c for _, c in expected)))
            failures += 1
        elif accept and errors:
            print("%s:%d: the export rejects a document animkit %s: %s at %s"
                  % (case, line, "accepts" if kind == "pass" else "reports only warnings for",
                     errors[0].message[:200], "/" + "/".join(str(p) for p in errors[0].absolute_path)))
            failures += 1
    print("%s: %d failures" % (case, failures))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
