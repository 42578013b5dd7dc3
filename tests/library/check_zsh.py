#!/usr/bin/env python3
"""The generated zsh completion (build/share/completions/_animkit) in a real
zsh: it loads with compinit in a clean ZDOTDIR, and TAB offers the commands,
the format ids after --format/--to, an option's values and a command's
options (tests/library/zsh_complete.zsh drives an interactive zsh through
zpty). Exit 77 (skipped) without zsh (scripts/install-deps installs it), except
under CI=true."""
import os
import re
import shutil
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
from support import expect, summary  # noqa: E402

CLI = os.environ["AK_CLI"]
SHARE = os.path.join(os.environ["AK_BINARY_DIR"], "share")
HERE = os.path.dirname(os.path.abspath(__file__))


def out(*args):
    return subprocess.run([CLI, *args], capture_output=True, text=True).stdout


def main():
    if not shutil.which("zsh"):
        if os.environ.get("CI") == "true":  # scripts/install-deps has run there
            print("FAIL zsh is not installed (scripts/install-deps test)")
            return 1
        print("zsh is not installed (scripts/install-deps test): skipped")
        return 77
    commands = re.findall(r"^  ([a-z]+)  +", out("--help").split("commands:")[1].split("\n\n")[0], re.M)
    formats = [l.split()[0] for l in out("formats").splitlines() if "planned" not in l]
    lines = {
        "commands": "animkit ",
        "formats": "animkit validate --format ",
        "to": "animkit convert --to m",
        "renderers": "animkit validate --diagnostics ",
        "options": "animkit convert --v",
    }
    r = subprocess.run(["zsh", "-f", os.path.join(HERE, "zsh_complete.zsh"), os.path.join(SHARE, "completions"),
                        *lines.values()], capture_output=True, text=True, timeout=120)
    if not expect("zsh ran the completions", r.returncode == 0, (r.returncode, r.stderr)):
        return 1
    offered, cur = {}, None
    for line in r.stdout.splitlines():
        if line.startswith("== "):
            cur = line[3:]
            offered[cur] = []
        elif cur is not None and line:
            offered[cur].append(line)
    got = {k: offered.get(v, []) for k, v in lines.items()}
    expect("the commands", sorted(commands) == got["commands"], (commands, got["commands"]))
    expect("the format ids after --format", sorted(formats) == got["formats"], got["formats"])
    expect("the format ids after --to, by prefix", [f for f in sorted(formats) if f.startswith("m")] == got["to"],
           got["to"])
    expect("the renderers", got["renderers"] == sorted(["text", "gcc", "json", "sarif", "github"]),
           got["renderers"])
    expect("the options of convert", "--verify" in got["options"] and
           all(o.startswith("--v") for o in got["options"]), got["options"])
    return summary()


if __name__ == "__main__":
    sys.exit(main())
