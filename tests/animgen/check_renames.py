#!/usr/bin/env python3
"""A field renamed in a real format's layout and not in its model section is
a build error (issue 26): animgen --check refuses each copy below, naming
the model item and the field, while the original checks clean.

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
    return summary()


if __name__ == "__main__":
    sys.exit(main())
