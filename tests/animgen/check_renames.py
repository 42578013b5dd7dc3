#!/usr/bin/env python3
"""A field renamed in a real format's layout and not in its model section is
a build error (issue 26): animgen --check refuses each copy below, naming
the model item and the field, while the original checks clean. So is an
object or member of a JSON schema that its model section names (Glaxnimate's
`objects ... in shapes`: what a new file's path elements may be).

usage: check_renames.py ANIMGEN SOURCE_DIR"""
import os
import re
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
from support import expect, summary  # noqa: E402

# (format, the struct whose field is renamed, the field, the model item that names it)
RENAMES = [
    ("mrtk", "full_key", "time", "model time"),
    ("mrtk", "curve<K>", "pre_wrap", "model pre"),
    ("mrtk", "simple_key", "value", "model value"),
    ("animx", "track", "property", "model property"),
    ("animx", "key<T: value_type>", "time", "model time"),
    ("animx", "curve<T: value_type>", "shared_interpolation", "model interp"),
]

# (format, a line of its schema, that line renamed, what the error says)
SCHEMA_RENAMES = [
    ("glaxnimate", "  object Ellipse : Shape {", "  object Ellipse_renamed : Shape {",
     "model objects: no object 'Ellipse'"),
    ("glaxnimate", "    shapes: [ShapeElement] = [] mistyped @glaxnimate.prop.kind, required @glaxnimate.prop.missing\n"
     "    opacity:", "    shapes_renamed: [ShapeElement] = [] mistyped @glaxnimate.prop.kind, required "
     "@glaxnimate.prop.missing\n    opacity:", "model objects ... in shapes: none of them has an array member 'shapes'"),
]


def renamed(text, struct, field):
    """The declaration with `field:` renamed inside `struct <struct> {`."""
    start = text.index("struct %s {" % struct)
    end = text.index("\n  }\n", start)
    body = re.sub(r"(\n\s+)%s:" % re.escape(field), r"\1%s_renamed:" % field, text[start:end], count=1)
    return text[:start] + body + text[end:]


def main():
    animgen, src = sys.argv[1], sys.argv[2]
    with tempfile.TemporaryDirectory() as tmp:
        for fmt, struct, field, item in RENAMES:
            original = open(os.path.join(src, "formats", fmt, fmt + ".layout"), encoding="utf-8").read()
            ok = subprocess.run([animgen, "--check", os.path.join(src, "formats", fmt, fmt + ".layout")],
                                capture_output=True, text=True)
            expect(f"{fmt}.layout checks clean", ok.returncode == 0, ok.stderr[:500])
            path = os.path.join(tmp, fmt + ".layout")
            with open(path, "w", encoding="utf-8") as f:
                f.write(renamed(original, struct, field))
            r = subprocess.run([animgen, "--check", path], capture_output=True, text=True)
            want = "%s: " % item
            expect(f"{fmt}: {struct}.{field} renamed is an error of the model section",
                   r.returncode == 1 and want in r.stderr and "'%s'" % field in r.stderr, r.stderr[:800])
        for fmt, line, again, want in SCHEMA_RENAMES:
            schema = os.path.join(src, "formats", fmt, fmt + ".schema")
            original = open(schema, encoding="utf-8").read()
            ok = subprocess.run([animgen, "--check", schema], capture_output=True, text=True)
            expect(f"{fmt}.schema checks clean", ok.returncode == 0, ok.stderr[:500])
            expect(f"{fmt}.schema has {line.strip()!r} once", original.count(line) == 1)
            path = os.path.join(tmp, fmt + ".schema")
            with open(path, "w", encoding="utf-8") as f:
                f.write(original.replace(line, again))
            r = subprocess.run([animgen, "--check", path], capture_output=True, text=True)
            expect(f"{fmt}: {line.strip()} renamed is an error of the model section", r.returncode == 1 and
                   want in r.stderr, r.stderr[:800])
    return summary()


if __name__ == "__main__":
    sys.exit(main())
