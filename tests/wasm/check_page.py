#!/usr/bin/env python3
"""The playground page (web/) in headless Chromium, over the DevTools
protocol (the client of tests/report/check_browser.py), served from a
local HTTP server as `python3 -m http.server -d web` would serve it:

- the engine starts (animkit.wasm in a Web Worker);
- a file chosen in the page (examples/maya/invalid_short_keys.anim) shows
  exactly the diagnostics `animkit validate` prints, caret excerpts and
  summary, at the compatible and the strict level;
- the built-in example shows its verdict, its curves (the SVG of `plot`
  as a picture), its tracks and its dump;
- a conversion downloads the bytes `animkit convert` writes
  (examples/maya/bounce.anim to AnimX with LZMA);
- the page logs no error, and loads nothing from the network: every
  request that the page and its worker make (DevTools' Network events of
  both, the worker held at its start until they are on) goes to the local
  server, which is asked only for the page's own files. Chromium runs
  behind a proxy that takes whatever else it would send (its own
  background services) and sends it nowhere.
The screenshot is kept in the build tree (browser-wasm.png).

Exit 77 (skip) when animkit.wasm was not built or Chromium is missing,
unless CI is set."""
import base64
import functools
import http.server
import json
import os
import shutil
import socket
import subprocess
import sys
import tempfile
import threading
import time
import urllib.request

SRC = os.path.abspath(os.environ.get("AK_SOURCE_DIR", "."))
OUT_DIR = os.environ.get("AK_BINARY_DIR", tempfile.gettempdir())
CLI = os.environ["AK_CLI"]
sys.path.insert(0, os.path.join(SRC, "tests", "report"))
from check_browser import FLAGS, Page, WebSocket, find_chromium, not_blank  # noqa: E402
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from wasm_module import WASM, missing_module, skip_or_fail  # noqa: E402

PAGE_FILES = {"/", "/index.html", "/app.js", "/worker.js", "/animkit.mjs", "/style.css", "/animkit.wasm"}
TYPES = {".html": "text/html", ".js": "text/javascript", ".mjs": "text/javascript", ".css": "text/css",
         ".wasm": "application/wasm"}



class Server(http.server.SimpleHTTPRequestHandler):
    """web/ as a static server serves it, animkit.wasm from the build."""
    requested = []

    def translate_path(self, path):
        path = path.split("?")[0]
        Server.requested.append(path)
        if path == "/animkit.wasm":
            return WASM
        return super().translate_path(path)

    def guess_type(self, path):
        return TYPES.get(os.path.splitext(path)[1], "application/octet-stream")

    def log_message(self, *args):
        pass


def proxy_nowhere(sock):
    """What Chromium would send to the network ends here, unanswered."""
    while True:
        try:
            conn, _ = sock.accept()
        except OSError:
            return
        conn.close()


def native(args, cwd):
    p = subprocess.run([CLI, *args], cwd=cwd, capture_output=True)
    return p


class Browser:
    def __init__(self, chromium, proxy_port, downloads):
        self.profile = tempfile.mkdtemp(prefix="ak-chromium-")
        self.proc = subprocess.Popen([chromium, *FLAGS, f"--user-data-dir={self.profile}",
                                      f"--proxy-server=http://127.0.0.1:{proxy_port}", "about:blank"],
                                     stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        port_file = os.path.join(self.profile, "DevToolsActivePort")
        for _ in range(300):
            if os.path.exists(port_file) and open(port_file).read().count("\n") >= 1:
                break
            if self.proc.poll() is not None:
                raise RuntimeError(f"chromium exited with {self.proc.returncode}")
            time.sleep(0.1)
        port = int(open(port_file).read().split()[0])
        targets = json.load(urllib.request.urlopen(f"http://127.0.0.1:{port}/json/list", timeout=30))
        target = next(t for t in targets if t.get("type") == "page")
        self.page = Page(WebSocket(target["webSocketDebuggerUrl"]))
        for domain in ("Page", "Runtime", "Log", "DOM", "Network"):
            self.page.call(f"{domain}.enable")
        self.page.call("Browser.setDownloadBehavior", behavior="allow", downloadPath=downloads)
        # the worker waits at its start until its requests are watched too
        self.page.call("Target.setAutoAttach", autoAttach=True, waitForDebuggerOnStart=True, flatten=True)
        self.sessions = set()

    def session_call(self, session, method, **params):
        page = self.page
        page.next_id += 1
        page.ws.send(json.dumps({"id": page.next_id, "sessionId": session, "method": method, "params": params}))
        while True:
            msg = json.loads(page.ws.recv())
            if msg.get("id") == page.next_id:
                return msg.get("result", {})
            page.events.append(msg)

    def attach_workers(self):
        for e in list(self.page.events):
            if e.get("method") == "Target.attachedToTarget":
                session = e["params"]["sessionId"]
                if session not in self.sessions:
                    self.sessions.add(session)
                    self.session_call(session, "Network.enable")
                    self.session_call(session, "Runtime.enable")
                    self.session_call(session, "Runtime.runIfWaitingForDebugger")

    def requests(self):
        """The URLs the page and its workers asked for."""
        return [e["params"]["request"]["url"] for e in self.page.events
                if e.get("method") == "Network.requestWillBeSent"]

    def eval(self, expression):
        r = self.page.call("Runtime.evaluate", expression=expression, returnByValue=True, awaitPromise=True)
        if "exceptionDetails" in r:
            raise RuntimeError(f"{expression}: {r['exceptionDetails'].get('text')}")
        return r["result"].get("value")

    def wait(self, expression, seconds=60):
        end = time.time() + seconds
        while time.time() < end:
            self.attach_workers()
            if self.eval(expression):
                return True
            self.page.drain(0.1)
        return False

    def choose_file(self, path):
        root = self.page.call("DOM.getDocument")["root"]["nodeId"]
        node = self.page.call("DOM.querySelector", nodeId=root, selector="#file")["nodeId"]
        self.page.call("DOM.setFileInputFiles", files=[path], nodeId=node)

    def problems(self):
        found = []
        for e in self.page.events:
            m, p = e.get("method"), e.get("params", {})
            if m == "Runtime.consoleAPICalled" and p.get("type") in ("error", "assert"):
                found.append(("console", [a.get("value") for a in p.get("args", [])]))
            elif m == "Runtime.exceptionThrown":
                found.append(("exception", p.get("exceptionDetails", {}).get("text")))
            elif m == "Log.entryAdded" and p.get("entry", {}).get("level") == "error":
                found.append(("log", p["entry"].get("text")))
        return found

    def close(self):
        self.proc.terminate()
        try:
            self.proc.wait(10)
        except subprocess.TimeoutExpired:
            self.proc.kill()
        shutil.rmtree(self.profile, ignore_errors=True)


def main():
    missing = missing_module()
    if missing is not None:
        return missing
    chromium = find_chromium()
    if not chromium:
        return skip_or_fail("chromium is not installed (scripts/install-deps test installs it)")

    proxy = socket.socket()
    proxy.bind(("127.0.0.1", 0))
    proxy.listen(16)
    threading.Thread(target=proxy_nowhere, args=(proxy,), daemon=True).start()
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0),
                                             functools.partial(Server, directory=os.path.join(SRC, "web")))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    origin = f"http://127.0.0.1:{server.server_address[1]}/"
    url = origin + "index.html"
    downloads = tempfile.mkdtemp(prefix="ak-downloads-")
    results = []

    def check(ok, what):
        results.append(bool(ok))
        print(("ok   " if ok else "FAIL ") + what)

    browser = None
    try:
        browser = Browser(chromium, proxy.getsockname()[1], downloads)
        browser.page.call("Page.navigate", url=url)
        check(browser.wait("document.body && document.body.dataset.state === 'ready'"), "the engine starts")

        # a file with errors, chosen in the page: the command line's text output
        maya = os.path.join(SRC, "examples", "maya")
        browser.choose_file(os.path.join(maya, "invalid_short_keys.anim"))
        check(browser.wait("document.body.dataset.state === 'done'"), "a chosen file is checked")
        shown = browser.eval("document.getElementById('diagnostics').textContent")
        n = native(["validate", "--no-color", "invalid_short_keys.anim"], maya)
        check(shown == (n.stdout + n.stderr).decode(), "its diagnostics are animkit validate's, caret excerpts included")
        check(browser.eval("document.getElementById('verdict').textContent").startswith("invalid: 5 errors, 2 warnings"),
              "its verdict counts the errors and warnings")
        browser.eval("document.querySelector('input[value=strict]').click()")
        check(browser.wait("document.body.dataset.state === 'done' && "
                           "document.getElementById('diagnostics').textContent.includes('[maya.')"), "strict level")
        shown = browser.eval("document.getElementById('diagnostics').textContent")
        n = native(["validate", "--strict", "--no-color", "invalid_short_keys.anim"], maya)
        check(shown == (n.stdout + n.stderr).decode(), "the strict level is animkit validate --strict's")
        browser.eval("document.querySelector('input[value=compatible]').click()")
        browser.wait("document.body.dataset.state === 'done'")

        # the built-in example: verdict, curves, tracks, dump
        browser.eval("document.getElementById('example').click()")
        check(browser.wait("document.body.dataset.state === 'done' && "
                           "document.getElementById('file-name').textContent === 'bounce.anim'"), "the example loads")
        check(browser.eval("document.getElementById('verdict').textContent") == "valid: 1 warning",
              "the example's verdict")
        check(browser.wait("document.getElementById('plot').complete && "
                           "document.getElementById('plot').naturalWidth > 100"), "its curves are drawn")
        check("translate.translateY" in browser.eval("document.getElementById('tracks').textContent") or
              "position" in browser.eval("document.getElementById('tracks').textContent"), "its tracks are listed")
        check(browser.eval("document.getElementById('dump').textContent").lstrip().startswith("{"), "its dump is shown")

        # a conversion to download
        browser.choose_file(os.path.join(maya, "bounce.anim"))
        check(browser.wait("document.body.dataset.state === 'done' && "
                           "document.getElementById('verdict').textContent === 'valid, nothing to say'"),
              "examples/maya/bounce.anim loads")
        browser.eval("const t = document.getElementById('target'); t.value = 'animx';"
                     "t.dispatchEvent(new Event('change')); document.getElementById('compress').value = 'lzma';"
                     "document.getElementById('convert').click()")
        check(browser.wait("document.body.dataset.state === 'converted'"), "the conversion succeeds")
        got = os.path.join(downloads, "bounce.animx")
        for _ in range(600):  # the download is written after the click's answer
            if os.path.exists(got):
                break
            time.sleep(0.1)
        with tempfile.TemporaryDirectory() as tmp:
            out = os.path.join(tmp, "bounce.animx")
            n = native(["convert", "--to", "animx", "--compress", "lzma", "bounce.anim", out], maya)
            want = open(out, "rb").read() if n.returncode == 0 else None
        check(os.path.exists(got) and want is not None and open(got, "rb").read() == want,
              "the download is what animkit convert --compress lzma writes")

        metrics = browser.page.call("Page.getLayoutMetrics")
        height = min(int(metrics["cssContentSize"]["height"]), 8000)
        shot = browser.page.call("Page.captureScreenshot", format="png",
                                 clip={"x": 0, "y": 0, "width": 1100, "height": max(height, 200), "scale": 1},
                                 captureBeyondViewport=True)
        png = base64.b64decode(shot["data"])
        with open(os.path.join(OUT_DIR, "browser-wasm.png"), "wb") as f:
            f.write(png)
        share, colours = not_blank(png)
        check(share > 0.01 and colours >= 4, f"the screenshot is not blank ({share:.3f}, {colours} colours)")
        browser.page.drain(0.5)
        problems = browser.problems()
        check(not problems, f"no console errors {problems}")
        requests = browser.requests()
        elsewhere = [u for u in requests if not u.startswith((origin, "blob:", "data:"))]
        check(browser.sessions and any(u.endswith("/animkit.wasm") for u in requests),
              f"the worker's requests are seen ({len(requests)} requests)")
        check(not elsewhere, f"nothing was requested from the network {elsewhere}")
    finally:
        if browser:
            browser.close()
        server.shutdown()
        proxy.close()
        shutil.rmtree(downloads, ignore_errors=True)
    others = sorted(set(Server.requested) - PAGE_FILES)
    check(not others, f"only the page's own files were asked for {others}")
    check("/animkit.wasm" in Server.requested, "animkit.wasm came from the page's folder")
    failures = results.count(False)
    print(f"{len(results) - failures} passed, {failures} failed")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
