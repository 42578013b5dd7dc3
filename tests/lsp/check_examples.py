#!/usr/bin/env python3
"""`animkit lsp` against `animkit validate`, over every file in examples/.

An independent client (lsp_client.py, Python's standard library only)
opens each example in a session of the real command, waits for the
diagnostics it publishes, and compares them with what the command line
says about the same file: the same codes, severities and places, at both
levels (compatible and --strict), with UTF-16 and with UTF-8 positions.
Places are compared as the command line gives them: line and column in
code points (`validate --diagnostics json`), and the byte length of each
range (`--diagnostics sarif`, byteLength) where it has one.

The binary examples (AnimX, MRTK) are not text an editor edits: their JSON
dump is (`NAME.ID.json`). Each one that dumps is opened as its dump, as
it is and with a member mistyped, and compared with what `animkit convert`
says building the file from it. Every hover on a diagnostic's start names
its rule."""
import json
import os
import re
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import lsp_client  # noqa: E402

CLI = os.environ["AK_CLI"]
SRC = os.environ.get("AK_SOURCE_DIR", os.path.join(os.path.dirname(__file__), "..", ".."))
LANGUAGE = {".json": "json", ".animj": "json", ".rawr": "json", ".anim": "maya"}
SEVERITY = {"error": 1, "warning": 2, "note": 3}

passed = failed = 0


def check(name, cond, detail=""):
    global passed, failed
    if cond:
        passed += 1
    else:
        failed += 1
        print(f"FAIL {name}: {detail}"[:4000])


def expected(path, strict):
    """(code, severity, line, column, byte length or None) of validate."""
    args = [CLI, "validate", "-q"] + (["--strict"] if strict else [])
    js = json.loads(subprocess.run(args + ["--diagnostics", "json", path], capture_output=True).stdout)
    sarif = json.loads(subprocess.run(args + ["--diagnostics", "sarif", path], capture_output=True).stdout)
    lengths = {}
    for r in sarif["runs"][0]["results"]:
        region = r["locations"][0]["physicalLocation"]["region"]
        lengths.setdefault((r["ruleId"], region.get("byteOffset")), region.get("byteLength"))
    f = js["files"][0]
    return f["format"], sorted((d["code"], SEVERITY[d["severity"]], d.get("line", 0), d.get("column", 0),
                                lengths.get((d["code"], d["offset"]))) for d in f["diagnostics"])


def text_formats():
    out = subprocess.run([CLI, "formats"], capture_output=True, text=True).stdout
    return {line.split()[0] for line in out.splitlines() if len(line.split()) > 1 and line.split()[1] == "text"}


def published(client, uri, text, language, version=1):
    client.notify("textDocument/didOpen", {"textDocument": {"uri": uri, "languageId": language,
                                                            "version": version, "text": text}})
    return client.wait_notification("textDocument/publishDiagnostics", lambda p: p["uri"] == uri)["diagnostics"]


def to_codepoints(lines, line, character, utf8):
    """LSP's position (UTF-16 units or UTF-8 bytes) as a code point column."""
    text = lines[line] if line < len(lines) else ""
    units = 0
    for i, c in enumerate(text):
        if units >= character:
            return i
        units += len(c.encode("utf-8")) if utf8 else (2 if ord(c) > 0xFFFF else 1)
    return len(text)


def byte_offset(lines, line, character, utf8):
    before = sum(len(s.encode("utf-8")) + 1 for s in lines[:line])
    col = to_codepoints(lines, line, character, utf8)
    return before + len(lines[line][:col].encode("utf-8")) if line < len(lines) else before


def got_list(diags, text, utf8):
    lines = text.split("\n")
    out = []
    for d in diags:
        s, e = d["range"]["start"], d["range"]["end"]
        col = to_codepoints(lines, s["line"], s["character"], utf8)
        length = byte_offset(lines, e["line"], e["character"], utf8) - byte_offset(lines, s["line"], s["character"], utf8)
        out.append((d["code"], d["severity"], s["line"] + 1, col + 1, length))
    return sorted(out)


def same(want, got):
    """Codes, severities, lines and columns equal; a length wherever the
    command line gives one (a point is widened to its token by the server)."""
    if len(want) != len(got):
        return False
    for w, g in zip(want, got):
        if w[:4] != g[:4] or (w[4] and w[4] != g[4]):
            return False
    return True


def hover_names_rule(client, uri, d):
    r = client.request("textDocument/hover", {"textDocument": {"uri": uri}, "position": d["range"]["start"]})
    return r is not None and d["code"] in r["contents"]["value"]


def convert_diagnostics(path, fmt):
    """What `animkit convert` says building a file from its dump."""
    r = subprocess.run([CLI, "convert", "--to", fmt, path, "/dev/null"], capture_output=True, text=True)
    out = []
    for m in re.finditer(r"^.*?:(\d+):(\d+): (error|warning|note): .* \[([a-z0-9.-]+)\]$", r.stderr, re.M):
        out.append((m.group(4), SEVERITY[m.group(3)], int(m.group(1)), int(m.group(2)), None))
    return sorted(out)


def mistype(dump):
    """The dump with its first integer member written as a string."""
    return re.sub(r'("[a-z_]+": )(\d+)', r'\1"\2"', dump, count=1)


def main():
    text_ids = text_formats()
    files = []
    for root, dirs, names in os.walk(os.path.join(SRC, "examples")):
        dirs[:] = sorted(d for d in dirs if d != "c-api")
        files += [os.path.join(root, n) for n in sorted(names) if n != "README.md"]
    check("examples found", len(files) > 10, len(files))
    opened = dumps = 0
    with tempfile.TemporaryDirectory() as tmp:
        for utf8 in (False, True):
            for strict in (False, True):
                client = lsp_client.Client([CLI, "lsp", "--debounce", "0"])
                lsp_client.initialize(client, utf8=utf8)
                client.notify("workspace/didChangeConfiguration",
                              {"settings": {"animkit": {"level": "strict" if strict else "compatible"}}})
                where = f"{'utf-8' if utf8 else 'utf-16'}, {'strict' if strict else 'compatible'}"
                for path in files:
                    fmt, want = expected(path, strict)
                    uri = "file://" + os.path.abspath(path)
                    if fmt in text_ids:
                        text = open(path, encoding="utf-8", newline="").read()
                        diags = published(client, uri, text, LANGUAGE.get(os.path.splitext(path)[1], "plaintext"))
                        got = got_list(diags, text, utf8)
                        check(f"{os.path.relpath(path, SRC)} ({where})", same(want, got), f"\nvalidate {want}\nlsp      {got}")
                        for d in diags:
                            check(f"hover on {d['code']} in {path}", hover_names_rule(client, uri, d))
                        client.notify("textDocument/didClose", {"textDocument": {"uri": uri}})
                        opened += 1
                        continue
                    # a binary example: its dump, as it is and mistyped
                    r = subprocess.run([CLI, "dump", path], capture_output=True, text=True)
                    if r.returncode != 0:
                        continue  # the file has errors: there is no dump to edit
                    for kind, text in (("dump", r.stdout), ("mistyped dump", mistype(r.stdout))):
                        name = os.path.join(tmp, f"{os.path.basename(path)}-{kind[0]}.{fmt}.json")
                        with open(name, "w", encoding="utf-8") as f:
                            f.write(text)
                        want = convert_diagnostics(name, fmt)
                        duri = "file://" + name
                        diags = published(client, duri, text, "json")
                        got = got_list(diags, text, utf8)
                        check(f"{kind} of {os.path.relpath(path, SRC)} ({where})", same(want, got),
                              f"\nconvert {want}\nlsp     {got}")
                        if kind == "mistyped dump":
                            check(f"the mistyped dump of {path} has a diagnostic", len(want) > 0, want)
                        client.notify("textDocument/didClose", {"textDocument": {"uri": duri}})
                        dumps += 1
                check(f"session exit status ({where})", client.close() == 0)
    print(f"{opened} example texts and {dumps} dumps opened in 4 sessions")
    print(f"{passed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
