#!/usr/bin/env python3
"""docs/editors.md, tried: the configurations in editors/ drive `animkit lsp`
from real editors, headless, on an AnimJ file with mistakes and a Maya file.

- Neovim (editors/neovim/animkit.lua): the diagnostics arrive with their
  codes and places, the outline, a hover, and the quick fixes, applied;
- Emacs with eglot (editors/emacs/animkit-eglot.el): the diagnostics reach
  flymake, and the outline.

An editor that is not installed is skipped (exit 77 when none is). The
waits have deadlines only to end a hung editor: nothing depends on timing."""
import json
import os
import shutil
import subprocess
import sys
import tempfile

CLI = os.environ["AK_CLI"]
SRC = os.environ.get("AK_SOURCE_DIR", os.path.join(os.path.dirname(__file__), "..", ".."))
passed = failed = 0

ANIMJ = ('{"name": "walk", "tracks": [\n'
         '{"trackType": "discrete", "valueType": "Float3", "data": {"node": "n", "property": "p", "keyframes": [\n'
         ' {"time": 0, "value": {"x": 1, "y": 2, "z": 3}}]}}\n]}\n')

NVIM_REPORT = r'''
local ok = vim.wait(20000, function() return #vim.diagnostic.get(0) > 0 end, 20)
local out = { received = ok, diagnostics = {}, symbols = {}, actions = {} }
for _, d in ipairs(vim.diagnostic.get(0)) do
  table.insert(out.diagnostics, { line = d.lnum + 1, col = d.col + 1, code = d.code })
end
local doc = { textDocument = vim.lsp.util.make_text_document_params() }
for _, r in pairs(vim.lsp.buf_request_sync(0, "textDocument/documentSymbol", doc, 10000) or {}) do
  for _, s in ipairs(r.result or {}) do table.insert(out.symbols, s.name) end
end
local hp = vim.tbl_extend("force", doc, { position = { line = 1, character = 16 } })
for _, r in pairs(vim.lsp.buf_request_sync(0, "textDocument/hover", hp, 10000) or {}) do
  if r.result then out.hover = r.result.contents.value end
end
local ap = vim.tbl_extend("force", doc, { range = { start = { line = 1, character = 0 }, ["end"] = { line = 1, character = 0 } },
  context = { diagnostics = vim.lsp.diagnostic.get_line_diagnostics(0, 1) } })
for _, r in pairs(vim.lsp.buf_request_sync(0, "textDocument/codeAction", ap, 10000) or {}) do
  for _, a in ipairs(r.result or {}) do
    table.insert(out.actions, a.title)
    vim.lsp.util.apply_workspace_edit(a.edit, "utf-16")
  end
end
out.line2 = vim.api.nvim_buf_get_lines(0, 1, 2, false)[1]
vim.fn.writefile({ vim.fn.json_encode(out) }, vim.env.AK_REPORT)
vim.cmd("qa!")
'''

EMACS_REPORT = r'''
(setq eglot-sync-connect t)
(load-file (getenv "AK_EGLOT_EL"))
(find-file (car command-line-args-left))
(setq command-line-args-left nil)
(eglot-ensure)
(run-hooks 'post-command-hook)
(let ((deadline (+ (float-time) 20)))
  (while (and (< (float-time) deadline) (null (flymake-diagnostics)))
    (accept-process-output nil 0.05)))
(let ((lines nil))
  (dolist (d (flymake-diagnostics))
    (push (format "diagnostic %d %s\n" (line-number-at-pos (flymake-diagnostic-beg d)) (flymake-diagnostic-text d))
          lines))
  (dolist (s (append (jsonrpc-request (eglot-current-server) :textDocument/documentSymbol
                                      `(:textDocument ,(eglot--TextDocumentIdentifier))) nil))
    (push (format "symbol %s\n" (plist-get s :name)) lines))
  (with-temp-file (getenv "AK_REPORT")
    (apply #'insert (nreverse lines))))
(eglot-shutdown (eglot-current-server))
(kill-emacs 0)
'''


def check(name, cond, detail=""):
    global passed, failed
    if cond:
        passed += 1
    else:
        failed += 1
        print(f"FAIL {name}: {detail}"[:3000])


def validate_codes(path):
    js = json.loads(subprocess.run([CLI, "validate", "-q", "--diagnostics", "json", path], capture_output=True).stdout)
    return sorted((d["line"], d["column"], d["code"]) for d in js["files"][0]["diagnostics"])


def env_with_cli(**extra):
    env = dict(os.environ)
    env["PATH"] = os.path.dirname(os.path.abspath(CLI)) + os.pathsep + env.get("PATH", "")
    env.update(extra)
    return env


def neovim(tmp, animj, maya):
    config = os.path.join(SRC, "editors", "neovim", "animkit.lua")
    script = os.path.join(tmp, "report.lua")
    with open(script, "w") as f:
        f.write(NVIM_REPORT)
    for path in (animj, maya):
        report = path + ".nvim.json"
        subprocess.run(["nvim", "--headless", "--clean", "-c", f"luafile {config}", "-c", f"edit {path}",
                        "-c", f"luafile {script}"], cwd=tmp, env=env_with_cli(AK_REPORT=report), timeout=120,
                       capture_output=True)
        if not os.path.exists(report):
            check(f"neovim on {os.path.basename(path)}", False, "no report")
            continue
        out = json.load(open(report))
        got = sorted((d["line"], d["col"], d["code"]) for d in out["diagnostics"])
        check(f"neovim: the diagnostics of {os.path.basename(path)}", out["received"] and got == validate_codes(path),
              f"{got} != {validate_codes(path)}")
        check(f"neovim: the outline of {os.path.basename(path)}", len(out["symbols"]) > 0, out)
        if path == animj:
            check("neovim: hover names the rule", "animj.track.track-type" in (out.get("hover") or ""), out)
            check("neovim: the quick fixes", out["actions"] == ['Change to "Discrete"', 'Change to "float3"'], out)
            check("neovim: the fixes applied", '"Discrete"' in out["line2"] and '"float3"' in out["line2"], out)


def emacs(tmp, animj, maya):
    el = os.path.join(SRC, "editors", "emacs", "animkit-eglot.el")
    script = os.path.join(tmp, "report.el")
    with open(script, "w") as f:
        f.write(EMACS_REPORT)
    subprocess.run(["git", "init", "-q", tmp], capture_output=True)  # a project for eglot
    for path in (animj, maya):
        report = path + ".emacs.txt"
        subprocess.run(["emacs", "--batch", "-q", "-l", script, path], cwd=tmp, timeout=120, capture_output=True,
                       env=env_with_cli(AK_REPORT=report, AK_EGLOT_EL=el))
        if not os.path.exists(report):
            check(f"emacs on {os.path.basename(path)}", False, "no report")
            continue
        lines = open(report).read().splitlines()
        diags = sorted(int(line.split()[1]) for line in lines if line.startswith("diagnostic "))
        want = sorted(line for line, _col, _code in validate_codes(path))
        check(f"emacs: the diagnostics of {os.path.basename(path)}", diags == want, f"{lines} != {want}")
        codes_seen = all(code in open(report).read() for _l, _c, code in validate_codes(path))
        check(f"emacs: the codes of {os.path.basename(path)}", codes_seen, lines)
        check(f"emacs: the outline of {os.path.basename(path)}", any(line.startswith("symbol ") for line in lines),
              lines)


def has_eglot():
    r = subprocess.run(["emacs", "--batch", "-q", "--eval", "(require 'eglot)"], capture_output=True)
    return r.returncode == 0


def main():
    editors = [e for e in ("nvim", "emacs") if shutil.which(e)]
    if "emacs" in editors and not has_eglot():
        editors.remove("emacs")
    if not editors:
        print("SKIP: neither Neovim nor Emacs with eglot is installed")
        return 77
    with tempfile.TemporaryDirectory() as tmp:
        animj = os.path.join(tmp, "walk.animj")
        with open(animj, "w") as f:
            f.write(ANIMJ)
        maya = os.path.join(tmp, "mistakes.anim")
        shutil.copy(os.path.join(SRC, "examples", "maya", "invalid_many_mistakes.anim"), maya)
        if "nvim" in editors:
            neovim(tmp, animj, maya)
        if "emacs" in editors:
            emacs(tmp, animj, maya)
    print(f"tried: {', '.join(editors)}")
    print(f"{passed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
