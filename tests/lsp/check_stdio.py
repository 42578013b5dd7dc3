#!/usr/bin/env python3
"""`animkit lsp`'s transport over real pipes: a message written in pieces,
a header without Content-Length (answered -32700, the session goes on), a
body over the size limit (dropped and said with window/showMessage, never
buffered), diagnostics published with the default debounce, the exit
statuses (0 after shutdown and exit, 1 for exit alone and for the end of
the input), the options, and nothing written to disk.

Nothing here depends on timing: every read waits for the message it
expects (the deadline only guards against a hung server)."""
import json
import os
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import lsp_client  # noqa: E402

CLI = os.environ["AK_CLI"]
passed = failed = 0


def check(name, cond, detail=""):
    global passed, failed
    if cond:
        passed += 1
    else:
        failed += 1
        print(f"FAIL {name}: {detail}"[:3000])


def session(*args, cwd=None):
    return lsp_client.Client([CLI, "lsp", *args], cwd=cwd)


def main():
    with tempfile.TemporaryDirectory() as cwd:
        c = session(cwd=cwd)
        lsp_client.initialize(c)
        # one message in three writes
        body = json.dumps({"jsonrpc": "2.0", "id": 7, "method": "textDocument/documentSymbol",
                           "params": {"textDocument": {"uri": "file:///x.animj"}}}).encode()
        framed = b"Content-Length: %d\r\n\r\n" % len(body) + body
        c.send_raw(framed[:10])
        c.send_raw(framed[10:40])
        c.send_raw(framed[40:])
        m = c.read()
        check("a message in pieces", m.get("id") == 7 and m.get("result") is None, m)
        # a header block without Content-Length
        c.send_raw(b"Content-Type: application/json\r\n\r\n")
        m = c.read()
        check("no Content-Length: -32700", m.get("error", {}).get("code") == -32700, m)
        # the default debounce publishes once nothing more comes
        uri = "file:///w/walk.animj"
        c.notify("textDocument/didOpen", {"textDocument": {"uri": uri, "languageId": "animj", "version": 1,
                                                           "text": '{"tracks": [{"trackType": "raw"}]}'}})
        p = c.wait_notification("textDocument/publishDiagnostics", lambda p: p["uri"] == uri)
        check("published with the default debounce",
              p["version"] == 1 and any(d["code"] == "animkit.limit.document-size" or d["code"].startswith("animj.")
                                        for d in p["diagnostics"]), p)
        check("exit status after shutdown and exit", c.close() == 0)
        check("nothing written to disk", os.listdir(cwd) == [], os.listdir(cwd))

    # a body over the limit: --max-document 1 gives a limit of 1 MiB + 6 bytes
    c = session("--max-document", "1")
    lsp_client.initialize(c)
    big = b"[" + b"1," * (600 * 1024) + b"1]"
    c.send_raw(b"Content-Length: %d\r\n\r\n" % len(big) + big)
    m = c.read()
    check("a body over the limit is said", m.get("method") == "window/showMessage" and
          str(len(big)) in m["params"]["message"], m)
    r = c.request("textDocument/documentSymbol", {"textDocument": {"uri": "file:///y.json"}})
    check("the session goes on after it", r is None, r)
    check("exit status after shutdown and exit (2)", c.close() == 0)

    # exit without shutdown, and the end of the input without exit
    c = session()
    lsp_client.initialize(c)
    c.notify("exit")
    check("exit without shutdown: 1", c.proc.wait(timeout=60) == 1)
    c = session()
    lsp_client.initialize(c)
    c.proc.stdin.close()
    check("the end of the input: 1", c.proc.wait(timeout=60) == 1)

    # options
    r = subprocess.run([CLI, "lsp", "--help"], capture_output=True, text=True)
    check("lsp --help", r.returncode == 0 and "usage: animkit lsp" in r.stdout, r.stdout)
    for bad in (["--debounce", "x"], ["--max-document", "0"], ["--bogus"]):
        r = subprocess.run([CLI, "lsp", *bad], capture_output=True, text=True, stdin=subprocess.DEVNULL)
        check(f"lsp {' '.join(bad)}: usage error", r.returncode == 2 and "lsp" in r.stderr, r.stderr)
    r = subprocess.run([CLI, "--help"], capture_output=True, text=True)
    check("the main help names lsp", "  lsp " in r.stdout, r.stdout)

    # the docs link: --docs-url, else the installed or source catalogue
    c = session("--docs-url", "https://example.invalid/d.md", "--debounce", "0")
    lsp_client.initialize(c)
    c.notify("textDocument/didOpen", {"textDocument": {"uri": "file:///w/a.json", "languageId": "json", "version": 1,
                                                       "text": "[1,]"}})
    p = c.wait_notification("textDocument/publishDiagnostics")
    check("--docs-url", p["diagnostics"][0]["codeDescription"]["href"] ==
          "https://example.invalid/d.md#json.syntax.trailing-comma", p)
    c.close()
    c = session("--debounce", "0")
    lsp_client.initialize(c)
    c.notify("textDocument/didOpen", {"textDocument": {"uri": "file:///w/a.json", "languageId": "json", "version": 1,
                                                       "text": "[1,]"}})
    p = c.wait_notification("textDocument/publishDiagnostics")
    href = p["diagnostics"][0].get("codeDescription", {}).get("href", "")
    check("the default docs link is the catalogue's row", href.startswith("file://") and
          href.endswith("/diagnostics.md#json.syntax.trailing-comma"), href)
    c.close()
    print(f"{passed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
