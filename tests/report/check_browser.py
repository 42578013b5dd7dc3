#!/usr/bin/env python3
"""The HTML report and a plot in a real browser: headless Chromium (Debian's
package, installed by `scripts/install-deps test`) loads each page
through the DevTools protocol; the page must log no console error, throw
no exception and load nothing it is not allowed to (CSP violations are
console errors), and its screenshot must not be blank. The screenshots are
kept in the build tree (browser-*.png) for a person to look at.

The report over a generated folder of 20,000 small files (issue 28): the
page must stay under 20 MB, and the time until its first screen is drawn
(first contentful paint, after the navigation starts) and until it has
loaded are printed (browser-timing.txt beside the screenshots); the goal
is 3 s for the first screen, which is no pass/fail condition: a test does
not depend on the machine's load.

Run alone with `ctest -L browser`. Exit 77 (skip) when Chromium is absent,
unless CI is set: there it must be installed."""
import base64
import json
import os
import shutil
import socket
import struct
import subprocess
import sys
import tempfile
import time
import urllib.request
import zlib

SKIP = 77
SRC = os.environ.get("AK_SOURCE_DIR", ".")
CLI = os.environ["AK_CLI"]
OUT_DIR = os.environ.get("AK_BINARY_DIR", tempfile.gettempdir())
FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync",
         "--disable-extensions", "--remote-debugging-port=0", "--remote-allow-origins=*",
         "--window-size=1100,1400"]


def find_chromium():
    for name in ("chromium", "chromium-browser", "google-chrome"):
        path = shutil.which(name)
        if path:
            return path
    return None


class WebSocket:
    """The least of RFC 6455 a DevTools client needs: text frames, masked
    from the client, unfragmented or fragmented from the server."""

    def __init__(self, url):
        assert url.startswith("ws://")
        hostport, path = url[5:].split("/", 1)
        host, port = hostport.rsplit(":", 1)
        self.sock = socket.create_connection((host, int(port)), timeout=30)
        key = base64.b64encode(os.urandom(16)).decode()
        self.sock.sendall((f"GET /{path} HTTP/1.1\r\nHost: {hostport}\r\nUpgrade: websocket\r\n"
                           f"Connection: Upgrade\r\nSec-WebSocket-Key: {key}\r\n"
                           "Sec-WebSocket-Version: 13\r\n\r\n").encode())
        head = b""
        while b"\r\n\r\n" not in head:
            chunk = self.sock.recv(4096)
            if not chunk:
                raise ConnectionError("websocket handshake: connection closed")
            head += chunk
        if b" 101 " not in head.split(b"\r\n", 1)[0]:
            raise ConnectionError(head.decode(errors="replace"))
        self.buf = head.split(b"\r\n\r\n", 1)[1]

    def _read(self, n):
        while len(self.buf) < n:
            chunk = self.sock.recv(1 << 16)
            if not chunk:
                raise ConnectionError("websocket closed")
            self.buf += chunk
        data, self.buf = self.buf[:n], self.buf[n:]
        return data

    def send(self, text):
        payload = text.encode()
        n = len(payload)
        head = bytes([0x81])
        if n < 126:
            head += bytes([0x80 | n])
        elif n < 65536:
            head += bytes([0x80 | 126]) + struct.pack(">H", n)
        else:
            head += bytes([0x80 | 127]) + struct.pack(">Q", n)
        mask = os.urandom(4)
        self.sock.sendall(head + mask + bytes(b ^ mask[i % 4] for i, b in enumerate(payload)))

    def recv(self):
        message = b""
        while True:
            b0, b1 = self._read(2)
            n = b1 & 0x7F
            if n == 126:
                n = struct.unpack(">H", self._read(2))[0]
            elif n == 127:
                n = struct.unpack(">Q", self._read(8))[0]
            payload = self._read(n)
            opcode = b0 & 0x0F
            if opcode == 8:
                raise ConnectionError("websocket closed by the browser")
            if opcode in (9, 10):  # ping / pong: not used by DevTools
                continue
            message += payload
            if b0 & 0x80:
                return message.decode()


class Page:
    def __init__(self, ws):
        self.ws = ws
        self.next_id = 0
        self.events = []

    def call(self, method, **params):
        self.next_id += 1
        self.ws.send(json.dumps({"id": self.next_id, "method": method, "params": params}))
        while True:
            msg = json.loads(self.ws.recv())
            if msg.get("id") == self.next_id:
                if "error" in msg:
                    raise RuntimeError(f"{method}: {msg['error']}")
                return msg.get("result", {})
            self.events.append(msg)

    def wait_event(self, method, seconds):
        end = time.time() + seconds
        while time.time() < end:
            for e in self.events:
                if e.get("method") == method:
                    return True
            self.ws.sock.settimeout(max(0.1, end - time.time()))
            try:
                self.events.append(json.loads(self.ws.recv()))
            except socket.timeout:
                break
        return any(e.get("method") == method for e in self.events)

    def drain(self, seconds):
        end = time.time() + seconds
        while time.time() < end:
            self.ws.sock.settimeout(max(0.05, end - time.time()))
            try:
                self.events.append(json.loads(self.ws.recv()))
            except socket.timeout:
                break
        self.ws.sock.settimeout(30)


def png_pixels(data):
    """Decodes an 8-bit RGB/RGBA PNG (what Chromium writes) into rows of bytes."""
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    pos, idat, width = 8, b"", 0
    while pos < len(data):
        n = struct.unpack(">I", data[pos:pos + 4])[0]
        kind, body = data[pos + 4:pos + 8], data[pos + 8:pos + 8 + n]
        if kind == b"IHDR":
            width, height, depth, color = struct.unpack(">IIBB", body[:10])
            assert depth == 8 and color in (2, 6), (depth, color)
            bpp = 3 if color == 2 else 4
        elif kind == b"IDAT":
            idat += body
        pos += 12 + n
    raw = zlib.decompress(idat)
    stride = width * bpp
    rows, prev = [], bytearray(stride)
    for y in range(height):
        f, line = raw[y * (stride + 1)], bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
        for i in range(stride):
            a = line[i - bpp] if i >= bpp else 0
            b, c = prev[i], prev[i - bpp] if i >= bpp else 0
            if f == 1:
                line[i] = (line[i] + a) & 255
            elif f == 2:
                line[i] = (line[i] + b) & 255
            elif f == 3:
                line[i] = (line[i] + (a + b) // 2) & 255
            elif f == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                line[i] = (line[i] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
        rows.append(bytes(line))
        prev = line
    return width, height, bpp, rows


def not_blank(png):
    width, height, bpp, rows = png_pixels(png)
    background = rows[0][:3]
    differing, colours = 0, set()
    for row in rows[::4]:
        for x in range(0, width * bpp, bpp * 4):
            px = row[x:x + 3]
            if px != background:
                differing += 1
                colours.add(px)
    sampled = (height // 4 + 1) * (width // 4 + 1)
    return differing / sampled, len(colours)


def check_page(chromium, url, name, failures, timing=None):
    profile = tempfile.mkdtemp(prefix="ak-chromium-")
    proc = subprocess.Popen([chromium, *FLAGS, f"--user-data-dir={profile}", "about:blank"],
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        port_file = os.path.join(profile, "DevToolsActivePort")
        for _ in range(300):
            if os.path.exists(port_file) and open(port_file).read().count("\n") >= 1:
                break
            if proc.poll() is not None:
                raise RuntimeError(f"chromium exited with {proc.returncode}")
            time.sleep(0.1)
        port = int(open(port_file).read().split()[0])
        targets = json.load(urllib.request.urlopen(f"http://127.0.0.1:{port}/json/list", timeout=30))
        page_target = next(t for t in targets if t.get("type") == "page")
        page = Page(WebSocket(page_target["webSocketDebuggerUrl"]))
        for domain in ("Page", "Runtime", "Log"):
            page.call(f"{domain}.enable")
        page.events.clear()
        started = time.monotonic()
        page.call("Page.navigate", url=url)
        loaded = page.wait_event("Page.loadEventFired", 60)
        load_s = time.monotonic() - started
        page.drain(1.0)
        if timing is not None:
            paint = page.call("Runtime.evaluate", returnByValue=True, expression=(
                "JSON.stringify(performance.getEntriesByType('paint').map(e => [e.name, e.startTime]))"))
            entries = dict(json.loads(paint.get("result", {}).get("value") or "[]"))
            timing["first_contentful_paint_s"] = entries.get("first-contentful-paint", -1000) / 1000
            timing["load_s"] = load_s
        problems = []
        for e in page.events:
            m, p = e.get("method"), e.get("params", {})
            if m == "Runtime.consoleAPICalled" and p.get("type") in ("error", "assert"):
                problems.append(("console", [a.get("value") for a in p.get("args", [])]))
            elif m == "Runtime.exceptionThrown":
                problems.append(("exception", p.get("exceptionDetails", {}).get("text")))
            elif m == "Log.entryAdded" and p.get("entry", {}).get("level") == "error":
                problems.append(("log", p["entry"].get("text")))
        metrics = page.call("Page.getLayoutMetrics")
        height = min(int(metrics["cssContentSize"]["height"]), 8000)
        shot = page.call("Page.captureScreenshot", format="png",
                         clip={"x": 0, "y": 0, "width": 1100, "height": max(height, 200), "scale": 1})
        png = base64.b64decode(shot["data"])
        with open(os.path.join(OUT_DIR, f"browser-{name}.png"), "wb") as f:
            f.write(png)
        share, colours = not_blank(png)
        checks = [(f"{name}: loaded", loaded),
                  (f"{name}: no console errors {problems}", not problems),
                  (f"{name}: screenshot not blank ({share:.3f} of pixels drawn, {colours} colours)",
                   share > 0.01 and colours >= 4)]
        for what, ok in checks:
            print(("ok   " if ok else "FAIL ") + what)
            failures += not ok
        return failures
    finally:
        proc.terminate()
        try:
            proc.wait(10)
        except subprocess.TimeoutExpired:
            proc.kill()
        shutil.rmtree(profile, ignore_errors=True)


LARGE_FILES = 20000
LARGE_LIMIT = 20 * 1000 * 1000


def check_large_report(chromium, tmp, failures):
    """The page over 20,000 small files: its size, and how fast Chromium
    draws its first screen (printed, not judged)."""
    tree = os.path.join(tmp, "tree")
    subprocess.run([sys.executable, os.path.join(SRC, "bench", "report", "make_folder.py"),
                    os.path.join(SRC, "examples"), tree, str(LARGE_FILES)], check=True)
    html = os.path.join(tmp, "large.html")
    r = subprocess.run([CLI, "report", tree, "-q", "-o", html])
    size = os.path.getsize(html) if os.path.exists(html) else 0
    ok = r.returncode in (0, 1) and 0 < size < LARGE_LIMIT
    print(("ok   " if ok else "FAIL ") + f"large: the report over {LARGE_FILES} files is {size / 1e6:.1f} MB "
          f"(under {LARGE_LIMIT / 1e6:.0f} MB)")
    failures += not ok
    timing = {}
    failures = check_page(chromium, "file://" + html, "large", failures, timing)
    line = (f"large report ({LARGE_FILES} files, {size / 1e6:.1f} MB): first screen drawn after "
            f"{timing.get('first_contentful_paint_s', -1):.2f} s, loaded after {timing.get('load_s', -1):.2f} s "
            f"(goal: first screen within 3 s)")
    print("     " + line)
    with open(os.path.join(OUT_DIR, "browser-timing.txt"), "w") as f:
        f.write(line + "\n")
    return failures


def main():
    chromium = find_chromium()
    if not chromium:
        why = "chromium is not installed (scripts/install-deps test installs it)"
        if os.environ.get("CI"):
            print("FAIL: " + why)
            return 1
        print("SKIP: " + why)
        return SKIP
    failures = 0
    with tempfile.TemporaryDirectory() as tmp:
        html = os.path.join(tmp, "report.html")
        svg = os.path.join(tmp, "plot.svg")
        r1 = subprocess.run([CLI, "report", "tests/report/inputs", "-q", "-o", html], cwd=SRC)
        r2 = subprocess.run([CLI, "plot", "tests/report/inputs/bounce.anim", "--handles", "-o", svg], cwd=SRC)
        if r1.returncode not in (0, 1) or r2.returncode != 0:
            print("FAIL: animkit report/plot failed")
            return 1
        failures = check_page(chromium, "file://" + html, "report", failures)
        failures = check_page(chromium, "file://" + svg, "plot", failures)
        failures = check_large_report(chromium, tmp, failures)
    print(f"{8 - failures} passed, {failures} failed")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
