#!/usr/bin/env python3
"""Set-up a newcomer can follow: `make install PREFIX=...` installs a working
binary, README says where the binary is and lists only working formats in
its first paragraph, and `make demo` installs only what building needs."""
import os
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
from support import expect, summary  # noqa: E402

CLI = os.environ["AK_CLI"]
SRC = os.path.abspath(os.environ.get("AK_SOURCE_DIR", "."))
BIN = os.environ["AK_BINARY_DIR"]


def main():
    # the install step the Makefile runs for `make install PREFIX=...`
    with tempfile.TemporaryDirectory() as prefix:
        r = subprocess.run(["cmake", "--install", BIN, "--prefix", prefix], capture_output=True)
        installed = os.path.join(prefix, "bin", "animkit")
        ok = r.returncode == 0 and os.access(installed, os.X_OK)
        expect("cmake --install puts animkit into PREFIX/bin", ok, r.stderr)
        if ok:
            v = subprocess.run([installed, "--version"], capture_output=True)
            expect("the installed animkit runs", v.returncode == 0 and v.stdout.startswith(b"animkit "), v)
    makefile = open(os.path.join(SRC, "Makefile"), encoding="utf-8").read()
    expect("Makefile: install honours PREFIX", "install: build" in makefile and "--prefix $(PREFIX)" in makefile)

    readme = open(os.path.join(SRC, "README.md"), encoding="utf-8").read()
    expect("README says where the binary is", "build/cli/animkit" in readme)
    expect("README says how to install it", "make install PREFIX=" in readme)
    first = readme.split("\n\n")[1]  # the paragraph after the title
    planned = [l.split()[0] for l in subprocess.run([CLI, "formats"], capture_output=True).stdout.decode().splitlines()
               if "planned" in l]
    words = {"primeanim": "Prime", "glaxnimate": "Glaxnimate"}
    named = [f for f in planned if words.get(f, f).lower() in first.lower() or f in first]
    expect("README's first paragraph names only working formats", not named, (planned, first))

    # what users read points at nothing a clone lacks (../shared is the
    # developers'), and names revisions that exist
    import glob
    import re
    for path in [os.path.join(SRC, "README.md")] + glob.glob(os.path.join(SRC, "docs", "formats", "*.md")):
        text = open(path, encoding="utf-8").read()
        expect(f"{os.path.relpath(path, SRC)} points at no ../shared spec or design",
               "../shared/specs" not in text and "../shared/DESIGN" not in text)
    tags = subprocess.run(["git", "-C", SRC, "tag"], capture_output=True, text=True).stdout.split()
    revs = re.findall(r"^\s*rev: (\S+)", readme, re.M) + re.findall(r"uses: OWNER/animkit@(\S+)", readme)
    expect("README's revisions exist (a tag, or main)", revs and all(r == "main" or r in tags for r in revs),
           (revs, tags))
    import yaml
    hooks = yaml.safe_load(open(os.path.join(SRC, ".pre-commit-hooks.yaml"), encoding="utf-8"))
    for hook in hooks:
        says_strict = "strict" in hook["description"].lower().split("level")[0] and "--strict" not in hook["entry"]
        expect(f"hook {hook['id']}: its description says the level it runs", not says_strict or
               "compatible level" in hook["description"], hook["description"])
    expect("a hook checks MRTK .bin recordings", any(re.search(h["files"], "rec.bin") and "mrtk" in h["entry"]
                                                     for h in hooks), hooks)

    # make demo installs the build group; test, bench and fuzz packages are
    # installed by the targets that need them
    listed = subprocess.run([os.path.join(SRC, "scripts", "install-deps"), "--list", "build"],
                            capture_output=True).stdout.decode().split()
    extra = [p for p in listed if any(k in p for k in ("cmocka", "clang", "rapidjson", "simdjson", "jsonschema",
                                                        "jq", "g++"))]
    expect("install-deps build has no test, bench or fuzz package", listed and not extra, listed)
    for target, group in (("demo", "build"), ("check-normal", "test"), ("bench", "bench"), ("fuzz", "fuzz")):
        r = subprocess.run(["make", "-n", "-C", SRC, target], capture_output=True, text=True,
                           env={**os.environ, "BUILD": os.path.join(BIN), "MAKEFLAGS": ""})
        dry = r.stdout
        expect(f"make {target} installs the {group} group", f"scripts/install-deps {group}" in dry and
               "scripts/install-deps all" not in dry, dry[:400])
    return summary()


if __name__ == "__main__":
    sys.exit(main())
