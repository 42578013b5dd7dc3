#!/usr/bin/env python3
"""Hostile input costs what its size says (issue 25): small files that
declare a lot, or JSON objects with millions of members, stop with
animkit.limit.memory at the place that asks for the memory, within the
budget (--max-memory; validate's default is 256 MiB), and a refusal of the
system says its real figures and place.

Peak memory is the child's own maximum resident set (ru_maxrss of the
rusage os.wait4 returns for it: getrusage(RUSAGE_CHILDREN) would give the
largest of every child so far); nothing is timed. Linux starts a child's
maximum at its parent's resident set when it forks (and keeps it across
exec), so the inputs are made by another process (this script with
--make DIR) and this one stays small. The inputs are made here:
AnimX framing from the spec (animj-animx.md 3.4-3.6), LZMA by Python's
lzma module, LZ4 blocks by hand. Under the sanitizers (AK_SANITIZED=1) the
resident sets and address-space limits are not checked (their shadow
memory), the codes still are."""
import itertools
import json
import lzma
import os
import resource
import struct
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
from support import expect, summary  # noqa: E402

CLI = os.environ.get("AK_CLI", "animkit")
SANITIZED = os.environ.get("AK_SANITIZED") == "1"
MiB = 1 << 20
# what a refused input may keep resident: the program, its libraries, the
# pages of the input read so far (a trivial file takes about 7 MiB)
SMALL_RSS = 48 * MiB


def run(args, address_space=None):
    """animkit ARGS: (exit code, stdout, stderr, peak RSS in bytes)."""
    with tempfile.TemporaryFile() as out, tempfile.TemporaryFile() as err:
        def limit():
            resource.setrlimit(resource.RLIMIT_AS, (address_space, address_space))
        proc = subprocess.Popen([CLI, *args], stdout=out, stderr=err, preexec_fn=limit if address_space else None)
        _, status, usage = os.wait4(proc.pid, 0)
        proc.returncode = os.waitstatus_to_exitcode(status)  # reaped here, not by Popen
        out.seek(0)
        err.seek(0)
        return proc.returncode, out.read(), err.read(), usage.ru_maxrss * 1024


def diagnostics(stdout):
    try:
        return [d for f in json.loads(stdout)["files"] for d in f["diagnostics"]]
    except ValueError:
        return []


def check_refusal(name, args, code, path_start, rss_bound=SMALL_RSS, address_space=None):
    """One error, `code`, at a path that starts with path_start; exit 1;
    below rss_bound. Returns the diagnostic."""
    rc, out, err, rss = run(["validate", "--diagnostics", "json", *args], address_space)
    errors = [d for d in diagnostics(out) if d["severity"] == "error"]
    diag = errors[0] if len(errors) == 1 else {}
    expect(f"{name}: exit 1", rc == 1, (rc, err[-300:]))
    expect(f"{name}: {code}", diag.get("code") == code, errors[:2] or out[-300:])
    expect(f"{name}: at {path_start}...", diag.get("path", "").startswith(path_start), diag)
    if not SANITIZED:
        expect(f"{name}: peak RSS below {rss_bound // MiB} MiB", rss < rss_bound, f"{rss // MiB} MiB")
    return diag


# ---- AnimX -------------------------------------------------------------------


def varint(n):
    out = bytearray()
    while True:
        byte, n = n & 0x7F, n >> 7
        out.append(byte | (0x80 if n else 0))
        if not n:
            return bytes(out)


def string7(s):
    return varint(len(s)) + s


def animx_header(encoding):
    """magic, version 1, one track, global_duration 1, name "", encoding"""
    return b"\x05AnimX" + struct.pack("<i", 1) + varint(1) + struct.pack("<f", 1.0) + string7(b"") + bytes([encoding])


def raw_bool_track_head(samples):
    return b"\x00\x00" + string7(b"node") + string7(b"Value") + varint(samples) + struct.pack("<f", 0.01)


def lzma_framed(pieces, declared_dictionary):
    """The LZMA framing of 3.5 around pieces (an iterable of bytes), with the
    dictionary size the header declares (the data use a 1 MiB one)."""
    filters = [{"id": lzma.FILTER_LZMA1, "dict_size": MiB, "lc": 3, "lp": 0, "pb": 2, "mode": lzma.MODE_FAST}]
    enc = lzma.LZMACompressor(format=lzma.FORMAT_RAW, filters=filters)
    size, data = 0, []
    for piece in pieces:
        size += len(piece)
        data.append(enc.compress(piece))
    data.append(enc.flush())
    data = b"".join(data)
    return b"\x5d" + struct.pack("<I", declared_dictionary) + struct.pack("<qq", size, len(data)) + data


def zeros(n, byte=0):
    block = bytes([byte]) * (4 * MiB)
    while n:
        k = min(n, len(block))
        yield block if k == len(block) else block[:k]
        n -= k


def lz4_zero_block(n):
    """An LZ4 block that decodes to n zero bytes: one literal, one match of
    offset 1 over all but the last 5 bytes, 5 literals (the format's end
    rules); 255 x smaller, the most LZ4 expands."""
    match = n - 10  # the match length field: 4 + match bytes, after one literal
    block = bytearray([0x1F, 0x00]) + struct.pack("<H", 1)
    rest = match - 15
    block += b"\xff" * (rest // 255) + bytes([rest % 255])
    return bytes(block) + b"\x50" + bytes(5)


def lz4_chunk(data, original=None):
    if original is None:  # stored
        return varint(0) + varint(len(data)) + data
    return varint(1) + varint(original) + varint(len(data)) + data


BIG = 300 * 1000 * 1000  # above validate's default budget of 256 MiB


def make_inputs(tmp):
    # a header that declares a 4 GiB dictionary: liblzma's would be the
    # payload's size, 300 MB
    with open(os.path.join(tmp, "dictionary.animx"), "wb") as f:
        head = raw_bool_track_head(BIG)
        f.write(animx_header(2) + lzma_framed(itertools.chain([head], zeros(BIG)), 0xFFFFFFFF))
    # a 300 MB string (the node name) in a 45 KB file
    with open(os.path.join(tmp, "string.animx"), "wb") as f:
        pieces = itertools.chain([b"\x00\x00" + varint(BIG)], zeros(BIG, ord("a")),
                                 [string7(b"") + varint(0) + struct.pack("<f", 0.0)])
        f.write(animx_header(2) + lzma_framed(pieces, 2 * MiB))
    # an LZ4 chunk that declares 300 MB in 1.2 MB (LZ4's most, 255 times)
    with open(os.path.join(tmp, "chunk.animx"), "wb") as f:
        f.write(animx_header(1) + lz4_chunk(raw_bool_track_head(BIG)) + lz4_chunk(lz4_zero_block(BIG), BIG))
    # an object of 2 million members, one a line
    with open(os.path.join(tmp, "keys.json"), "w") as f:
        f.write("{\n")
        for start in range(0, 2_000_000, 100_000):
            f.write("".join(f'"k{i}":0,\n' for i in range(start, start + 100_000)))
        f.write('"end":0\n}\n')


def check_animx(tmp):
    # the 4 GiB dictionary is refused at the header before the decoder is made
    bomb = os.path.join(tmp, "dictionary.animx")
    diag = check_refusal("4 GiB LZMA dictionary", [bomb], "animkit.limit.memory", "/lzma_props")
    expect("the refusal names --max-memory", "--max-memory" in diag.get("message", ""), diag)
    expect("the small file is small", os.path.getsize(bomb) < 100_000, os.path.getsize(bomb))
    if not SANITIZED:
        rc, _, err, _ = run(["validate", "--max-memory", "1G", bomb])
        expect("--max-memory raises it", rc == 0, err[-300:])
    # report has the same default
    out = os.path.join(tmp, "report.json")
    rc, _, err, rss = run(["report", "-q", "-o", out, bomb])
    text = open(out).read() if os.path.exists(out) else ""
    expect("report: the same refusal", rc == 1 and "animkit.limit.memory" in text, (rc, err[-300:]))
    if not SANITIZED:
        expect("report: peak RSS", rss < SMALL_RSS, f"{rss // MiB} MiB")

    # the window that would hold the 300 MB string is refused where it is
    check_refusal("300 MB string", [os.path.join(tmp, "string.animx")], "animkit.limit.memory", "/payload/tracks/0")

    # the LZ4 chunk's buffer is refused at its original_length
    chunk = os.path.join(tmp, "chunk.animx")
    check_refusal("300 MB LZ4 chunk", [chunk], "animkit.limit.memory", "/chunks/1/original_length")
    if not SANITIZED:  # 300 MB decoded: slow under the sanitizers
        rc, _, err, _ = run(["validate", "--max-memory", "1G", chunk])
        expect("the LZ4 chunk decodes within --max-memory 1G", rc == 0, err[-300:])


# ---- JSON --------------------------------------------------------------------


def check_json(tmp):
    # 2 million members: the set of their names is charged to the budget,
    # refused at the member that needs more
    keys = os.path.join(tmp, "keys.json")
    for fmt in ("json", "animj", "glaxnimate"):
        diag = check_refusal(f"{fmt}: 2 million members over --max-memory 1M",
                             ["--format", fmt, "--max-memory", "1M", keys], "animkit.limit.memory", "/k")
        expect(f"{fmt}: at the member's line", diag.get("line", 0) > 1000, diag)
        expect(f"{fmt}: names the set", "member names" in diag.get("message", ""), diag)
    # within a larger budget it passes
    rc, _, err, _ = run(["validate", "--max-memory", "512M", keys])
    expect("2 million members within 512M", rc == 0, err[-300:])
    if SANITIZED:
        return
    # what the system refuses (a smaller address space than the budget):
    # the real figures, at the member
    diag = check_refusal("the system refuses", ["--max-memory", "4G", keys], "animkit.limit.out-of-memory", "/k",
                         rss_bound=96 * MiB, address_space=96 * MiB)
    msg = diag.get("message", "")
    expect("the refusal has its figures", "refused 0 bytes" not in msg and "with 0 bytes in use" not in msg and
           "MiB" in msg, msg)
    expect("the refusal is at the member", diag.get("line", 0) > 1000, diag)


def check_help():
    for cmd in ("validate", "report"):
        rc, out, _, _ = run([cmd, "--help"])
        expect(f"{cmd} --help states the default budget", rc == 0 and b"default 256M" in out, out[-600:])
    rc, out, _, _ = run(["convert", "--help"])
    expect("convert keeps its default", rc == 0 and b"half the physical memory" in out, out[-600:])


def main():
    if sys.argv[1:2] == ["--make"]:
        make_inputs(sys.argv[2])
        return 0
    with tempfile.TemporaryDirectory() as tmp:
        subprocess.run([sys.executable, os.path.abspath(__file__), "--make", tmp], check=True)
        check_help()
        check_json(tmp)
        check_animx(tmp)
    # the children's maxima start from this (see the top)
    own = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024
    expect("this script stays small", own < SMALL_RSS // 2, f"{own // MiB} MiB")
    return summary()


if __name__ == "__main__":
    sys.exit(main())
