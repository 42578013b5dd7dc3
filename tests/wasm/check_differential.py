#!/usr/bin/env python3
"""The WebAssembly build against the native command line, byte for byte:
every conformance case (tests/conformance/, and Prime ANIM's generated
ones) and every example goes through validate (--diagnostics json, with the
case's own options from its .expected file: --strict, --max-errors,
--max-depth, --format-options), dump, sample (track 0 at 0:1:0.25, and
--list), and, when it validates, convert to every format that convert
writes; animkit.wasm (through web/animkit.mjs, as web/animkit-node.mjs runs
it) must print the same standard output and standard error and end with the
same exit status as `animkit`. Then web/animkit-node.mjs itself is run on a
few examples, against the command line's JSON output.

Exit 77 (skip) when animkit.wasm was not built (no WebAssembly toolchain:
scripts/install-deps wasm) or node is missing, unless CI is set."""
import base64
import concurrent.futures
import glob
import json
import os
import shutil
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from wasm_module import WASM, missing_module, skip_or_fail  # noqa: E402

SRC = os.environ.get("AK_SOURCE_DIR", ".")
BIN = os.environ.get("AK_BINARY_DIR", "build")
CLI = os.environ["AK_CLI"]



def case_options(path):
    """The options a conformance case's .expected file sets, as the runner
    (tests/conformance/runner.c) reads them."""
    opts = []
    try:
        text = open(path, encoding="utf-8").read()
    except OSError:
        return opts
    for line in text.splitlines():
        line = line.strip()
        if line == "--strict":
            opts.append(("strict", True))
        elif line.startswith("--format-options "):
            for setting in line[len("--format-options "):].split(","):
                opts.append(("format-option", setting))
        elif line.startswith("--max-errors ") or line.startswith("--max-depth "):
            name, value = line[2:].split(None, 1)
            opts.append((name, value))
    return opts


def inputs():
    """(file relative to SRC, format id or None, [(option, value)])"""
    out = []
    for d in sorted(glob.glob(os.path.join(SRC, "tests/conformance/*/"))):
        fmt = os.path.basename(os.path.dirname(d))
        for f in sorted(glob.glob(os.path.join(d, "*", "*"))):
            if f.endswith(".expected") or not os.path.isfile(f):
                continue
            rel = os.path.relpath(f, SRC)
            out.append((rel, fmt, case_options(f + ".expected")))
            if os.path.exists(f + ".strict.expected"):
                out.append((rel, fmt, case_options(f + ".strict.expected") + [("strict", True)]))
    for f in sorted(glob.glob(os.path.join(BIN, "generated/primeanim/conformance/*/*"))):
        if not f.endswith(".expected") and os.path.isfile(f):
            out.append((os.path.abspath(f), "primeanim", case_options(f + ".expected")))
    for f in sorted(glob.glob(os.path.join(SRC, "examples/**/*"), recursive=True)):
        rel = os.path.relpath(f, SRC)
        if os.path.isfile(f) and not rel.startswith("examples/c-api") and not f.endswith("README.md"):
            out.append((rel, None, []))
    return out


def cli_args(command, options, file, out=None):
    """The native command line of a job."""
    args = [CLI, command]
    for name, value in options:
        if name == "format-option":
            args += ["--format-option", value]
        elif value is True:
            args.append("--" + name)
        else:
            args += ["--" + name, str(value)]
    args.append(file)
    if out:
        args.append(out)
    return args


def wasm_options(options):
    o = {}
    for name, value in options:
        if name == "format-option":
            o.setdefault(name, []).append(value)
        else:
            o[name] = value
    return o


def main():
    node = shutil.which("node")
    missing = missing_module()
    if missing is not None:
        return missing
    if not node:
        return skip_or_fail("node is not installed (scripts/install-deps wasm installs it)")
    formats = [l.split()[0] for l in subprocess.run([CLI, "formats"], capture_output=True, text=True,
                                                    check=True).stdout.splitlines()]
    ext = {"animj": ".animj", "animx": ".animx", "glaxnimate": ".rawr", "json": ".json", "maya": ".anim",
           "mrtk": ".bin", "primeanim": ".anim"}
    tmp = tempfile.mkdtemp(prefix="ak-wasm-diff-")
    try:
        jobs = []  # (description, native argv, wasm job)
        for file, fmt, opts in inputs():
            fopts = [("format", fmt)] if fmt else []
            level = [o for o in opts if o[0] == "strict"]
            settings = [o for o in opts if o[0] == "format-option"]
            checks = [("validate", fopts + opts + [("diagnostics", "json")]),
                      ("dump", fopts + level + settings),
                      ("sample", fopts + settings + [("times", "0:1:0.25")]),
                      ("sample", fopts + settings + [("list", True)])]
            for command, o in checks:
                jobs.append((f"{command} {file} {o}", cli_args(command, o, file),
                             {"file": file, "command": command, "options": wasm_options(o)}))
        def native(numbered):
            n, (desc, argv, w) = numbered
            if w["command"] == "convert":
                # one output file per job: two run at a time
                out = os.path.join(tmp, f"n{n}-" + os.path.basename(w["options"]["out"]))
                p = subprocess.run(argv[:-1] + [out], cwd=SRC, capture_output=True)
                data = open(out, "rb").read() if os.path.exists(out) else b""
                if os.path.exists(out):
                    os.unlink(out)
                # the messages name OUT as the wasm job did
                return p.returncode, data, p.stderr.replace(out.encode(), w["options"]["out"].encode())
            p = subprocess.run(argv, cwd=SRC, capture_output=True)
            return p.returncode, p.stdout, p.stderr

        with concurrent.futures.ThreadPoolExecutor(2) as pool:
            native_results = list(pool.map(native, enumerate(jobs)))
            # conversions of what validates, to every format convert writes
            converts = []
            for (desc, argv, job), (rc, _, _) in zip(jobs, native_results):
                if job["command"] != "validate" or rc != 0:
                    continue
                fmt = job["options"].get("format")
                base = [("from", fmt)] if fmt else []
                base += [("strict", True)] if job["options"].get("strict") else []
                base += [("format-option", s) for s in job["options"].get("format-option", [])]
                for to in formats:
                    out = os.path.join(tmp, "out" + ext.get(to, ".out"))
                    o = base + [("to", to)]
                    w = wasm_options(o)
                    w["out"] = out
                    converts.append((f"convert {job['file']} {o}", cli_args("convert", o, job["file"], out),
                                     {"file": job["file"], "command": "convert", "options": w}))
            native_results += list(pool.map(native, enumerate(converts, len(jobs))))
            jobs += converts

        with open(os.path.join(tmp, "jobs.json"), "w") as f:
            json.dump([j[2] for j in jobs], f)
        results = os.path.join(tmp, "results.jsonl")
        r = subprocess.run([node, os.path.join(SRC, "tests/wasm/run_jobs.mjs"), WASM,
                            os.path.join(tmp, "jobs.json"), results], cwd=SRC)
        if r.returncode != 0:
            print("FAIL: the WebAssembly runner failed")
            return 1
        wasm_results = [json.loads(l) for l in open(results)]

        failures = 0
        for (desc, argv, w), (rc, out, err), got in zip(jobs, native_results, wasm_results):
            wout = base64.b64decode(got["output"])
            werr = base64.b64decode(got["messages"])
            if rc == got["status"] and out == wout and err == werr:
                continue
            failures += 1
            if failures <= 20:
                print(f"FAIL {desc}: status {rc} / {got['status']}; output {'same' if out == wout else 'differs'}"
                      f" ({len(out)} / {len(wout)} bytes); messages {'same' if err == werr else 'differ'}")
                if err != werr:
                    print("  native:", err[:400])
                    print("  wasm:  ", werr[:400])
        passed = len(jobs) - failures
        print(f"{len(jobs)} commands over {len(inputs())} inputs")

        # web/animkit-node.mjs, the command line of the engine
        node_checks = [(["validate"], ["validate", "--diagnostics", "json"], "examples/maya/invalid_short_keys.anim"),
                       (["validate", "--strict"], ["validate", "--strict", "--diagnostics", "json"],
                        "examples/animx/redx_lz4.animx"),
                       (["dump"], ["dump"], "examples/mrtk/right_hand_v10.bin"),
                       (["sample", "--times", "0:1:0.1", "--track", "1"], ["sample", "--times", "0:1:0.1", "--track", "1"],
                        "examples/maya/bounce.anim")]
        for wargs, nargs, file in node_checks:
            w = subprocess.run([node, "web/animkit-node.mjs", *wargs, file], cwd=SRC, capture_output=True,
                               env={**os.environ, "ANIMKIT_WASM": WASM})
            n = subprocess.run([CLI, *nargs, file], cwd=SRC, capture_output=True)
            same = (w.returncode, w.stdout, w.stderr) == (n.returncode, n.stdout, n.stderr)
            print(("ok   " if same else "FAIL ") + f"node web/animkit-node.mjs {' '.join(wargs)} {file}")
            passed += same
            failures += not same
        print(f"{passed} passed, {failures} failed")
        return 1 if failures else 0
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
