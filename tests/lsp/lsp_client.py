"""A Language Server Protocol client in Python's standard library only,
written from the specification (base protocol framing, JSON-RPC 2.0),
independently of animkit's server: the tests/lsp scripts drive `animkit
lsp` through it.

Reading is blocking with a deadline that only guards against a hung
server: a test never depends on how long the server takes."""
import json
import os
import select
import subprocess


class LspError(Exception):
    pass


class Client:
    def __init__(self, argv, timeout=60.0, cwd=None):
        self.proc = subprocess.Popen(argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                                     cwd=cwd)
        self.buf = b""
        self.next_id = 1
        self.timeout = timeout
        self.notifications = []

    # -- framing ---------------------------------------------------------
    def send_raw(self, data):
        self.proc.stdin.write(data)
        self.proc.stdin.flush()

    def send(self, message):
        body = json.dumps(message, ensure_ascii=False).encode("utf-8")
        self.send_raw(b"Content-Length: %d\r\n\r\n" % len(body) + body)

    def _fill(self):
        ready, _, _ = select.select([self.proc.stdout], [], [], self.timeout)
        if not ready:
            raise LspError("no message from the server within %.0f s" % self.timeout)
        chunk = os.read(self.proc.stdout.fileno(), 65536)
        if not chunk:
            raise LspError("the server closed its output")
        self.buf += chunk

    def read(self):
        while b"\r\n\r\n" not in self.buf:
            self._fill()
        head, _, rest = self.buf.partition(b"\r\n\r\n")
        length = None
        for line in head.split(b"\r\n"):
            name, _, value = line.partition(b":")
            if name.strip().lower() == b"content-length":
                length = int(value.strip())
        if length is None:
            raise LspError("a message without Content-Length: %r" % head)
        while len(rest) < length:
            self._fill()
            head, _, rest = self.buf.partition(b"\r\n\r\n")
        body, self.buf = rest[:length], rest[length:]
        return json.loads(body.decode("utf-8"))

    # -- JSON-RPC ----------------------------------------------------------
    def request(self, method, params=None):
        rid = self.next_id
        self.next_id += 1
        msg = {"jsonrpc": "2.0", "id": rid, "method": method}
        if params is not None:
            msg["params"] = params
        self.send(msg)
        while True:
            m = self.read()
            if m.get("id") == rid and "method" not in m:
                if "error" in m:
                    raise LspError("%s: %s" % (method, m["error"]))
                return m.get("result")
            self.notifications.append(m)

    def notify(self, method, params=None):
        msg = {"jsonrpc": "2.0", "method": method}
        if params is not None:
            msg["params"] = params
        self.send(msg)

    def wait_notification(self, method, pred=lambda p: True):
        for i, m in enumerate(self.notifications):
            if m.get("method") == method and pred(m.get("params")):
                return self.notifications.pop(i)["params"]
        while True:
            m = self.read()
            if m.get("method") == method and pred(m.get("params")):
                return m["params"]
            self.notifications.append(m)

    def close(self):
        try:
            self.request("shutdown")
            self.notify("exit")
            self.proc.stdin.close()
        except (BrokenPipeError, LspError):
            pass
        try:
            rc = self.proc.wait(timeout=self.timeout)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            rc = self.proc.wait()
        self.proc.stdout.close()
        return rc


def initialize(client, utf8=False, **caps):
    general = {"positionEncodings": ["utf-8", "utf-16"] if utf8 else ["utf-16"]}
    capabilities = {"general": general, "textDocument": {
        "publishDiagnostics": {"relatedInformation": True},
        "documentSymbol": {"hierarchicalDocumentSymbolSupport": True},
        "hover": {"contentFormat": ["markdown", "plaintext"]}}}
    capabilities.update(caps)
    result = client.request("initialize", {"processId": os.getpid(), "rootUri": None,
                                           "capabilities": capabilities})
    client.notify("initialized", {})
    return result


def utf16_column(line_text, codepoints):
    """LSP's UTF-16 character offset of the code point `codepoints` of a line."""
    return sum(2 if ord(c) > 0xFFFF else 1 for c in line_text[:codepoints])
