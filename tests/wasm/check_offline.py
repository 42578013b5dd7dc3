#!/usr/bin/env python3
"""The playground page (web/) loads nothing from the network, as far as its
files say: no absolute URL (scheme or //host) where something is loaded
(src, href, import, fetch, Worker, url(...)), every relative reference is a
file of web/, and the page's Content-Security-Policy allows nothing but its
own origin (default-src 'none'; script, worker and connect only 'self').
wasm.browser checks what Chromium really requests."""
import os
import re
import sys

SRC = os.environ.get("AK_SOURCE_DIR", ".")
WEB = os.path.join(SRC, "web")

LOADS = [
    re.compile(r"""\b(?:src|href)\s*=\s*["']([^"']*)["']"""),
    re.compile(r"""\bimport\b[^;'"]*?\bfrom\s*["']([^"']+)["']"""),
    re.compile(r"""\bimport\s*\(\s*["']([^"']+)["']"""),
    re.compile(r"""\bfetch\s*\(\s*["']([^"']+)["']"""),
    re.compile(r"""\bnew\s+URL\s*\(\s*["']([^"']+)["']"""),
    re.compile(r"""\bnew\s+(?:Shared)?Worker\s*\(\s*["']([^"']+)["']"""),
    re.compile(r"""url\(\s*["']?([^)"']+)"""),
]
SCHEME = re.compile(r"^[a-zA-Z][a-zA-Z0-9+.-]*:")


def main():
    failures = checks = 0

    def check(ok, what):
        nonlocal failures, checks
        checks += 1
        failures += not ok
        if not ok:
            print("FAIL " + what)

    files = sorted(f for f in os.listdir(WEB) if f.endswith((".html", ".js", ".mjs", ".css")))
    check("index.html" in files, "web/index.html exists")
    for name in files:
        text = open(os.path.join(WEB, name), encoding="utf-8").read()
        node_only = name == "animkit-node.mjs"
        for pattern in LOADS:
            for m in pattern.finditer(text):
                ref = m.group(1)
                if node_only and ref.startswith("node:"):
                    continue  # Node's built-in modules
                if ref.startswith("data:") or ref.startswith("#"):
                    continue
                check(not SCHEME.match(ref) and not ref.startswith("//"),
                      f"web/{name}: '{ref}' is loaded from elsewhere")
                target = ref.split("?")[0].split("#")[0]
                if target and not SCHEME.match(ref) and not ref.startswith("//"):
                    check(os.path.exists(os.path.normpath(os.path.join(WEB, target))) or target == "animkit.wasm",
                          f"web/{name}: '{ref}' is no file of web/ (animkit.wasm: built by make wasm)")
        for m in re.finditer(r"https?://[^\s'\"<>)]+", text):
            check(False, f"web/{name}: an absolute URL: {m.group(0)}")
    page = open(os.path.join(WEB, "index.html"), encoding="utf-8").read()
    csp = re.search(r"""http-equiv="Content-Security-Policy"\s+content="([^"]*)\"""", page)
    check(csp is not None, "web/index.html has a Content-Security-Policy")
    if csp:
        rules = {d.split()[0]: d.split()[1:] for d in csp.group(1).split(";") if d.strip()}
        check(rules.get("default-src") == ["'none'"], "CSP default-src 'none'")
        for directive in ("script-src", "worker-src", "connect-src"):
            check(set(rules.get(directive, [])) <= {"'self'", "'wasm-unsafe-eval'"}, f"CSP {directive}: self only")
        check(set(rules.get("img-src", [])) <= {"'self'", "blob:", "data:"}, "CSP img-src: self, blob:, data:")
    print(f"{checks - failures} passed, {failures} failed")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
