#!/usr/bin/env python3
"""What users meet besides the command: the man pages, completions and JSON
Schemas the build generates (build/share, scripts/gen-share-files), the
pre-commit hook and the GitHub Action, and the README sections on them."""
import json
import os
import re
import shutil
import subprocess
import sys

import yaml

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
from support import expect, summary  # noqa: E402

CLI = os.environ["AK_CLI"]
SRC = os.environ["AK_SOURCE_DIR"]
SHARE = os.path.join(os.environ["AK_BINARY_DIR"], "share")


def out(*args):
    return subprocess.run([CLI, *args], capture_output=True, text=True).stdout


def bash_complete(*words):
    """What the bash completion offers for the last word of `animkit WORDS`."""
    script = os.path.join(SHARE, "completions", "animkit")
    quoted = " ".join("'" + w + "'" for w in ("animkit",) + words)
    prog = (f"source '{script}'; COMP_WORDS=({quoted}); COMP_CWORD={len(words)}; _animkit; "
            "printf '%s\\n' \"${COMPREPLY[@]}\"")
    r = subprocess.run(["bash", "-c", prog], capture_output=True, text=True)
    return sorted(l for l in r.stdout.splitlines() if l)


def main():
    commands = re.findall(r"^  ([a-z]+)  +", out("--help").split("commands:")[1].split("\n\n")[0], re.M)
    formats = [l.split()[0] for l in out("formats").splitlines() if "planned" not in l]
    exts = sorted({e for l in out("formats").splitlines() if "planned" not in l
                   for e in l.split()[2].split(",") if e.startswith(".") and l.split()[0] != "json"})
    expect("commands found", len(commands) >= 9, commands)

    # completions
    expect("bash: commands", set(commands) <= set(bash_complete("")), bash_complete(""))
    expect("bash: format ids after --format", bash_complete("validate", "--format", "") == sorted(formats),
           bash_complete("validate", "--format", ""))
    expect("bash: --to", bash_complete("convert", "--to", "m") == sorted(f for f in formats if f.startswith("m")))
    expect("bash: renderers", {"text", "gcc", "json", "sarif", "github"} ==
           set(bash_complete("validate", "--diagnostics", "")), bash_complete("validate", "--diagnostics", ""))
    expect("bash: compressions", bash_complete("convert", "--compress", "") == ["lz4", "lzma", "none"])
    expect("bash: options", "--diagnostics" in bash_complete("validate", "--d") and
           "--verify" in bash_complete("convert", "--v"), bash_complete("validate", "--d"))
    zsh_file = os.path.join(SHARE, "completions", "_animkit")
    zsh = open(zsh_file, encoding="utf-8").read()
    expect("zsh: commands and formats", all(c in zsh for c in commands) and
           f"compadd -- {' '.join(formats)}" in zsh, zsh[:500])
    if shutil.which("zsh"):  # run under zsh by check_zsh.py
        r = subprocess.run(["zsh", "-n", zsh_file], capture_output=True, text=True)
        expect("zsh -n", r.returncode == 0, r.stderr)

    # man pages: one per command, each with the command's options
    for c in commands:
        page = os.path.join(SHARE, "man1", f"animkit-{c}.1")
        if not expect(f"man page of {c}", os.path.exists(page)):
            continue
        text = open(page, encoding="utf-8").read()
        opts = set(re.findall(r"^  (--[a-z-]+)", out(c, "--help"), re.M))
        missing = [o for o in opts if o.replace("-", "\\-") not in text]
        expect(f"animkit-{c}(1) has every option", not missing, missing)
        if shutil.which("groff"):
            r = subprocess.run(["groff", "-ww", "-z", "-man", page], capture_output=True, text=True)
            expect(f"animkit-{c}(1) is clean roff", r.returncode == 0 and not r.stderr, r.stderr)
    expect("animkit(1)", os.path.exists(os.path.join(SHARE, "man1", "animkit.1")))

    # JSON Schemas: every format that has one
    for f in formats:
        r = subprocess.run([CLI, "schema", "--format", f], capture_output=True, text=True)
        path = os.path.join(SHARE, "schemas", f"{f}.schema.json")
        if r.returncode == 0:
            expect(f"schemas/{f}.schema.json", os.path.exists(path) and
                   json.load(open(path, encoding="utf-8")) == json.loads(r.stdout), path)

    # pre-commit hook: the file types are the supported formats' extensions
    hooks = yaml.safe_load(open(os.path.join(SRC, ".pre-commit-hooks.yaml"), encoding="utf-8"))
    hook = next((h for h in hooks if h.get("id") == "animkit-validate"), None)
    if expect("hook animkit-validate", hook is not None, hooks):
        expect("the hook runs animkit validate", hook["entry"].startswith("animkit validate"), hook["entry"])
        m = re.fullmatch(r"\\\.\(([a-z0-9|]+)\)\$", hook["files"])
        listed = sorted("." + e for e in m.group(1).split("|")) if m else []
        expect("the hook's file types are the supported formats' extensions (update .pre-commit-hooks.yaml)",
               listed == exts, (listed, exts))
        for name in ("bounce.anim", "a.animj", "b.ANIMJ"):
            expect(f"the hook's pattern takes {name}", bool(re.search(hook["files"], name)) == (name != "b.ANIMJ"))

    # the GitHub Action
    action = yaml.safe_load(open(os.path.join(SRC, "action.yml"), encoding="utf-8"))
    runs = action.get("runs", {})
    steps = " ".join(s.get("run", "") for s in runs.get("steps", []))
    expect("action.yml is a composite action", runs.get("using") == "composite", runs)
    expect("action.yml takes paths", "paths" in action.get("inputs", {}), action.get("inputs"))
    expect("action.yml runs animkit validate --diagnostics github", "validate --diagnostics github" in steps, steps)
    expect("action.yml never pastes an input into the script", "${{ inputs." not in steps, steps)

    readme = open(os.path.join(SRC, "README.md"), encoding="utf-8").read()
    for what in ("json.schemas", "animkit-validate", "uses:", "pkg-config", "find_package(animkit", "docs/api.md",
                 "LICENSE"):
        expect(f"README: {what}", what in readme)
    return summary()


if __name__ == "__main__":
    sys.exit(main())
