"""An AnimX encoder and decoder written from ../shared/specs/animj-animx.md
(§2.2, §3.1-3.7, §6.2; not from animkit's C code), checking animkit both ways.

usage: check_encoder.py ANIMKIT WORKDIR [SEED]

1. AnimJ -> AnimX. Random AnimJ documents cover every track type with the
   34 value types the AnimJ importer reads (matrices are J23 errors: they
   are covered by 2), keyless tracks (keyframes [], null, absent), unsorted
   and equal times, missing components (§3.2 defaults), null names and
   strings, integers at their limits, f32 subnormals and FLT_MAX, Tangent and
   CubicBezier keys with their tangents, interpolations written in lower case
   or as integers, and decimal literals that round to another f32 through a
   double than directly (§2.1: directly). `animkit convert x.animj y.animx`
   must write exactly this script's canonical encoding (§3.7, §6.2); with
   `--compress lz4` / `--compress lzma` the decompressed payload must be the
   same (decoded here: an LZ4 block decoder of this script, Python's lzma).
   On a difference both files are decoded here and the first differing
   value is named.
2. AnimX -> animkit. Files this script writes from random documents of all
   40 value types: plain, LZMA framed (§3.5, Python's lzma module: raw LZMA1,
   which ends with an end marker), as an LZ4 chunk stream (§3.6: several
   chunks, blocks from this script's own LZ4 block compressor where they are
   smaller, stored chunks otherwise), and legacy version 0. Each must
   validate with exit status 0 and no diagnostic but the expected warnings,
   `animkit dump` must give back every value written, and
   `animkit convert x.animx y.animx` must give this script's plain encoding
   (re-emission keeps what the file holds, version 0 becomes 1).

Exit 0 when everything agrees, 1 with a list of differences otherwise.
"""
import json
import lzma
import math
import os
import random
import struct
import subprocess
import sys
from decimal import Decimal, getcontext
from fractions import Fraction

# ---- §3.2: the 40 element types -----------------------------------------------

M2 = ["m00", "m01", "m10", "m11"]
M3 = ["m%d%d" % (r, c) for r in range(3) for c in range(3)]
M4 = ["m%d%d" % (r, c) for r in range(4) for c in range(4)]
XY, XYZ, XYZW, RGBA = ["x", "y"], ["x", "y", "z"], ["x", "y", "z", "w"], ["r", "g", "b", "a"]

# (name, scalar kind, component names or None)
VALUE_TYPES = [
    ("bool", "bool", None), ("bool2", "bits", XY), ("bool3", "bits", XYZ), ("bool4", "bits", XYZW),
    ("byte", "u8", None), ("ushort", "u16", None), ("uint", "u32", None), ("ulong", "u64", None),
    ("sbyte", "i8", None), ("short", "i16", None), ("int", "i32", None), ("long", "i64", None),
    ("int2", "i32", XY), ("int3", "i32", XYZ), ("int4", "i32", XYZW),
    ("uint2", "u32", XY), ("uint3", "u32", XYZ), ("uint4", "u32", XYZW),
    ("long2", "i64", XY), ("long3", "i64", XYZ), ("long4", "i64", XYZW),
    ("float", "f32", None), ("float2", "f32", XY), ("float3", "f32", XYZ), ("float4", "f32", XYZW),
    ("floatQ", "f32", XYZW), ("float2x2", "f32", M2), ("float3x3", "f32", M3), ("float4x4", "f32", M4),
    ("double", "f64", None), ("double2", "f64", XY), ("double3", "f64", XYZ), ("double4", "f64", XYZW),
    ("doubleQ", "f64", XYZW), ("double2x2", "f64", M2), ("double3x3", "f64", M3), ("double4x4", "f64", M4),
    ("color", "f32", RGBA), ("color32", "u8", RGBA), ("string", "string", None),
]
assert len(VALUE_TYPES) == 40
MATRICES = {26, 27, 28, 34, 35, 36}
INT_RANGE = {"u8": (0, 255), "u16": (0, 65535), "u32": (0, 2**32 - 1), "u64": (0, 2**64 - 1),
             "i8": (-128, 127), "i16": (-2**15, 2**15 - 1), "i32": (-2**31, 2**31 - 1),
             "i64": (-2**63, 2**63 - 1)}
INT_FORMAT = {"u8": "<B", "u16": "<H", "u32": "<I", "u64": "<Q", "i8": "<b", "i16": "<h", "i32": "<i", "i64": "<q"}
TRACK_TYPES = ["Raw", "Discrete", "Curve"]
INTERPOLATIONS = ["Hold", "Linear", "Tangent", "CubicBezier"]
MAGIC = b"\x05AnimX"


def components(vt):
    return VALUE_TYPES[vt][2]


def kind(vt):
    return VALUE_TYPES[vt][1]


# ---- f32 arithmetic ---------------------------------------------------------------

def f32(x):
    """The float32 value nearest the double x (x must be one: callers use f32 values)."""
    return struct.unpack("<f", struct.pack("<f", x))[0]


def f32_bits(x):
    return struct.unpack("<I", struct.pack("<f", x))[0]


def f32_from_bits(b):
    return struct.unpack("<f", struct.pack("<I", b))[0]


def f32_from_decimal(text):
    """Correctly rounded (ties to even) binary32 of a decimal literal, directly (§2.1)."""
    q = Fraction(Decimal(text))
    neg = q < 0 or (q == 0 and text.strip().startswith("-"))
    q = abs(q)
    if q == 0:
        return -0.0 if neg else 0.0
    # exponent e with 2^e <= q < 2^(e+1)
    e = q.numerator.bit_length() - q.denominator.bit_length()
    if Fraction(2) ** e > q:
        e -= 1
    e = max(e, -126)  # subnormals share the exponent of the smallest normal
    scale = Fraction(2) ** (e - 23)
    m = q / scale
    r = math.floor(m)
    rest = m - r
    if rest > Fraction(1, 2) or (rest == Fraction(1, 2) and r % 2 == 1):
        r += 1
    if r == 2**24:
        r, e = 2**23, e + 1
    if e > 127:
        raise ValueError("f32 overflow: " + text)
    value = float(Fraction(r) * Fraction(2) ** (e - 23))
    return -value if neg else value


def f32_next_up(x):
    return f32_from_bits(f32_bits(x) + 1)


def exact_decimal(q):
    """The finite decimal expansion of a dyadic rational."""
    getcontext().prec = 400
    d = Decimal(q.numerator) / Decimal(q.denominator)
    text = format(d, "f")
    return text.rstrip("0").rstrip(".") if "." in text else text


class Lit:
    """A JSON number written exactly as given."""

    def __init__(self, text):
        self.text = text


def to_json(v, ascii_only=True, indent=0):
    """JSON text of v (dicts keep their order; Lit numbers verbatim)."""
    pad = "\n" + "  " * (indent + 1)
    if isinstance(v, Lit):
        return v.text
    if v is None:
        return "null"
    if v is True:
        return "true"
    if v is False:
        return "false"
    if isinstance(v, int):
        return str(v)
    if isinstance(v, float):
        return repr(v)
    if isinstance(v, str):
        return json.dumps(v, ensure_ascii=ascii_only)
    if isinstance(v, list):
        if not v:
            return "[]"
        return "[" + ",".join(pad + to_json(x, ascii_only, indent + 1) for x in v) + "\n" + "  " * indent + "]"
    if isinstance(v, dict):
        if not v:
            return "{}"
        return "{" + ",".join(pad + json.dumps(k) + ": " + to_json(x, ascii_only, indent + 1)
                              for k, x in v.items()) + "\n" + "  " * indent + "}"
    raise TypeError(type(v))


# ---- random values: (AnimJ JSON, value) -------------------------------------------

STRINGS = ["", "a", "Bone.001", "Slot/Child", "\u00e9t\u00e9", "\u65e5\u672c\u8a9e", "tab\there",
           "quote \" and \\ backslash", "line\nbreak", "\U0001F600 smile", "\u0001\u001f", "/slash/"]


def gen_f32(rng, nonnegative=False):
    """(JSON number, f32 value)."""
    r = rng.random()
    if r < 0.15:
        x = float(rng.randint(0, 100)) / 4
    elif r < 0.25:
        x = rng.choice([0.0, 1.0, f32_from_bits(1), f32_from_bits(0x7f7fffff), f32_from_bits(0x00800000),
                        f32_from_bits(0x007fffff), -0.0])
    elif r < 0.5:
        # a decimal just above the midpoint of two f32s whose lower one is even:
        # read through a double it would round down, read directly it rounds up
        b = rng.randrange(0x3c000000, 0x48000000) & ~1
        lo = f32_from_bits(b)
        mid = (Fraction(lo) + Fraction(f32_next_up(lo))) / 2
        d = exact_decimal(mid)
        text = d + ("000000000001" if "." in d else ".000000000001")
        x = f32_from_decimal(text)
        assert x == f32_next_up(lo) and f32(float(text)) == lo
        return Lit(text), x
    elif r < 0.7:
        text = "%d.%0*d" % (rng.randint(0, 9999), rng.randint(1, 6), rng.randint(0, 999999))
        if rng.random() < 0.3:
            text += "e%d" % rng.randint(-30, 30)
        return Lit(text), f32_from_decimal(text)
    else:
        while True:
            x = f32_from_bits(rng.getrandbits(32))
            if math.isfinite(x):
                break
    if nonnegative:
        x = abs(x)
    elif rng.random() < 0.5:
        x = -x
    return x, x


def gen_f64(rng):
    r = rng.random()
    if r < 0.2:
        x = rng.choice([0.0, -0.0, 1.0, 5e-324, 1.7976931348623157e308, 2.2250738585072014e-308, 0.1])
        return x, x
    if r < 0.5:
        text = "%d.%d" % (rng.randint(-99999, 99999), rng.randint(0, 10**12))
        if rng.random() < 0.4:
            text += "e%d" % rng.randint(-300, 300)
        return Lit(text), float(text)
    while True:
        x = struct.unpack("<d", struct.pack("<Q", rng.getrandbits(64)))[0]
        if math.isfinite(x):
            return x, x


def gen_int(rng, k):
    lo, hi = INT_RANGE[k]
    r = rng.random()
    v = rng.choice([lo, hi, 0]) if r < 0.3 else rng.randint(lo, hi)
    return v, v


def gen_scalar(rng, k):
    if k in ("bool", "bits"):
        v = rng.random() < 0.5
        return v, v
    if k == "f32":
        return gen_f32(rng)
    if k == "f64":
        return gen_f64(rng)
    if k == "string":
        if rng.random() < 0.2:
            return None, None
        s = rng.choice(STRINGS)
        return s, s
    return gen_int(rng, k)


def default_component(vt, comp):
    """§3.2: a missing component is 0, except color.a = 1 and color32.a = 255."""
    name = VALUE_TYPES[vt][0]
    if comp == "a" and name == "color":
        return 1.0
    if comp == "a" and name == "color32":
        return 255
    return False if kind(vt) == "bits" else 0


def gen_value(rng, vt, allow_missing=True):
    """(AnimJ JSON of the value, the value: a scalar or a list of components)."""
    comps = components(vt)
    if comps is None:
        return gen_scalar(rng, kind(vt))
    obj, value = {}, []
    for c in comps:
        j, v = gen_scalar(rng, kind(vt))
        if allow_missing and rng.random() < 0.08:
            value.append(default_component(vt, c))
            continue
        obj[c] = j
        value.append(v)
    return obj, value


def zero_value(vt):
    comps = components(vt)
    z = False if kind(vt) in ("bool", "bits") else (None if kind(vt) == "string" else 0)
    if kind(vt) in ("f32", "f64"):
        z = 0.0
    return z if comps is None else [z] * len(comps)


# ---- the encoder (§2.2, §3.4, §6.2) -----------------------------------------------------

def leb128(n):
    out = bytearray()
    while True:
        b = n & 0x7F
        n >>= 7
        out.append(b | (0x80 if n else 0))
        if not n:
            return bytes(out)


def enc_string(s):
    raw = (s or "").encode("utf-8")
    return leb128(len(raw)) + raw  # a .NET 7-bit length is the same encoding (at most 5 bytes)


def enc_scalar(k, v):
    if k == "bool":
        return b"\x01" if v else b"\x00"
    if k == "f32":
        return struct.pack("<f", v)
    if k == "f64":
        return struct.pack("<d", v)
    if k == "string":
        return b"\x00" if v is None else b"\x01" + enc_string(v)
    return struct.pack(INT_FORMAT[k], v)


def enc_value(vt, v):
    k, comps = kind(vt), components(vt)
    if comps is None:
        return enc_scalar(k, v)
    if k == "bits":
        return bytes([sum(1 << i for i, bit in enumerate(v) if bit)])
    return b"".join(enc_scalar(k, c) for c in v)


def needs_tangents(interp):
    return interp in (2, 3)


def enc_track(t, version=1):
    vt, tt = t["vt"], t["type"]
    out = bytearray()
    if version == 0:
        out.append(vt << 1 | (1 if tt == 2 else 0))
    else:
        out += bytes([tt, vt])
    out += enc_string(t["node"]) + enc_string(t["property"])
    if tt == 0:
        out += leb128(len(t["values"])) + struct.pack("<f", t["interval"])
        for v in t["values"]:
            out += enc_value(vt, v)
        return bytes(out)
    keys = t["keys"]
    out += leb128(len(keys))
    if tt == 1:
        for k in keys:
            out += struct.pack("<f", k["time"]) + enc_value(vt, k["value"])
        return bytes(out)
    interps = [k["interp"] for k in keys]
    per_key = len(set(interps)) > 1
    tangents = any(needs_tangents(i) for i in interps)
    out.append((1 if per_key else 0) | (2 if tangents else 0))
    out += bytes(interps) if per_key else bytes([interps[0] if keys else 0])
    for k in keys:
        out += struct.pack("<f", k["time"]) + enc_value(vt, k["value"])
    if tangents:
        for k in keys:
            out += enc_value(vt, k["left"]) + enc_value(vt, k["right"])
    return bytes(out)


def enc_payload(doc, version=1):
    return b"".join(enc_track(t, version) for t in doc["tracks"])


def enc_header(doc, encoding, version=1):
    return (MAGIC + struct.pack("<i", version) + leb128(len(doc["tracks"])) + struct.pack("<f", doc["duration"])
            + enc_string(doc["name"]) + bytes([encoding]))


def enc_file(doc, encoding=0, version=1, rng=None):
    payload = enc_payload(doc, version)
    if encoding == 0:
        body = payload
    elif encoding == 2:
        body = lzma_frame(payload)
    else:
        body = lz4_stream(payload, rng)
    return enc_header(doc, encoding, version) + body


# ---- §3.5 LZMA framing ------------------------------------------------------------------

LZMA_FILTER = {"id": lzma.FILTER_LZMA1, "dict_size": 1 << 21, "lc": 3, "lp": 0, "pb": 2}


def lzma_frame(payload):
    data = lzma.compress(payload, format=lzma.FORMAT_RAW, filters=[LZMA_FILTER])
    props = bytes([(2 * 5 + 0) * 9 + 3]) + struct.pack("<I", 1 << 21)  # 5D 00 00 20 00
    return props + struct.pack("<q", len(payload)) + struct.pack("<q", len(data)) + data


def lzma_unframe(body):
    props, size = body[:5], struct.unpack("<q", body[5:13])[0]
    pb, rest = divmod(props[0], 45)
    lp, lc = divmod(rest, 9)
    f = {"id": lzma.FILTER_LZMA1, "dict_size": struct.unpack("<I", props[1:5])[0], "lc": lc, "lp": lp, "pb": pb}
    d = lzma.LZMADecompressor(format=lzma.FORMAT_RAW, filters=[f])
    out = d.decompress(body[21:], max_length=size)
    if len(out) != size:
        raise ValueError("LZMA data decodes to %d bytes, not %d" % (len(out), size))
    return out


# ---- §3.6 LZ4 chunk stream, with an LZ4 block codec of this script ------------------------

def lz4_block_compress(src):
    """Greedy LZ4 block: 4-byte matches from a hash of positions; the last 5
    bytes are literals and no match starts in the last 12 (the block format's
    end rules)."""
    n, out, anchor, i, table = len(src), bytearray(), 0, 0, {}

    def length_bytes(x):
        b = bytearray()
        while x >= 255:
            b.append(255)
            x -= 255
        b.append(x)
        return b

    def emit(lit, off=None, mlen=0):
        ml = mlen - 4 if off is not None else 0
        out.append((min(len(lit), 15) << 4) | min(ml, 15))
        if len(lit) >= 15:
            out.extend(length_bytes(len(lit) - 15))
        out.extend(lit)
        if off is not None:
            out.extend(struct.pack("<H", off))
            if ml >= 15:
                out.extend(length_bytes(ml - 15))

    while i < n - 12:
        key = src[i:i + 4]
        j = table.get(key)
        table[key] = i
        if j is not None and i - j <= 65535:
            m = 4
            while i + m < n - 5 and src[j + m] == src[i + m]:
                m += 1
            emit(src[anchor:i], i - j, m)
            i += m
            anchor = i
        else:
            i += 1
    emit(src[anchor:])
    return bytes(out)


def lz4_block_decompress(block, size):
    out, i = bytearray(), 0

    def length(n, i):
        """A 4-bit length of 15 goes on in bytes until one is not 255."""
        if n == 15:
            while True:
                b = block[i]
                i += 1
                n += b
                if b != 255:
                    break
        return n, i
    while i < len(block):
        token = block[i]
        lit, i = length(token >> 4, i + 1)
        out += block[i:i + lit]
        i += lit
        if i >= len(block):
            break
        off = struct.unpack("<H", block[i:i + 2])[0]
        ml, i = length(token & 15, i + 2)
        ml += 4
        if off == 0 or off > len(out):
            raise ValueError("LZ4 match offset %d out of range" % off)
        for _ in range(ml):
            out.append(out[-off])
    if len(out) != size:
        raise ValueError("LZ4 block decodes to %d bytes, not %d" % (len(out), size))
    return bytes(out)


def lz4_stream(payload, rng):
    """Chunks of random sizes; compressed (flag 1, sometimes with the
    informational bit 1) when the block is smaller, else stored (flag 0)."""
    out, pos = bytearray(), 0
    while pos < len(payload):
        # the first chunk small (several chunks; a small one is stored), then any size
        n = min(len(payload) - pos, rng.choice([16, 64, 300] if not pos else [len(payload), 16, 300, 1000]))
        chunk = payload[pos:pos + n]
        pos += n
        block = lz4_block_compress(chunk)
        if len(block) < len(chunk):
            out += leb128(1 | (2 if rng.random() < 0.3 else 0)) + leb128(n) + leb128(len(block)) + block
        else:
            out += leb128(0) + leb128(n) + chunk
    return bytes(out)


def read_leb(data, i):
    v, shift = 0, 0
    while True:
        b = data[i]
        i += 1
        v |= (b & 0x7F) << shift
        shift += 7
        if not b & 0x80:
            return v, i


def lz4_unstream(body):
    out, i = bytearray(), 0
    while i < len(body):
        flags, i = read_leb(body, i)
        size, i = read_leb(body, i)
        if flags & 1:
            clen, i = read_leb(body, i)
            out += lz4_block_decompress(body[i:i + clen], size)
            i += clen
        else:
            out += body[i:i + size]
            i += size
    return bytes(out)


# ---- the decoder (to explain differences) ------------------------------------------------

class Reader:
    def __init__(self, data):
        self.d, self.i = data, 0

    def take(self, n):
        if self.i + n > len(self.d):
            raise ValueError("the input ends at byte %d (%d needed)" % (len(self.d), n))
        b = self.d[self.i:self.i + n]
        self.i += n
        return b

    def u8(self):
        return self.take(1)[0]

    def unpack(self, fmt):
        return struct.unpack(fmt, self.take(struct.calcsize(fmt)))[0]

    def leb(self):
        v, self.i = read_leb(self.d, self.i)
        return v

    def string(self):
        return self.take(self.leb()).decode("utf-8")


def dec_value(r, vt):
    k, comps = kind(vt), components(vt)

    def scalar():
        if k == "bool":
            return r.u8() != 0
        if k == "f32":
            return r.unpack("<f")
        if k == "f64":
            return r.unpack("<d")
        if k == "string":
            return r.string() if r.u8() else None
        return r.unpack(INT_FORMAT[k])
    if comps is None:
        return scalar()
    if k == "bits":
        b = r.u8()
        return [bool(b >> i & 1) for i in range(len(comps))]
    return [scalar() for _ in comps]


def decode_file(data):
    r = Reader(data)
    if r.take(6) != MAGIC:
        raise ValueError("not AnimX")
    version = r.unpack("<i")
    count = r.leb()
    doc = {"version": version, "duration": r.unpack("<f"), "name": r.string(), "tracks": []}
    encoding = r.u8()
    doc["encoding"] = encoding
    body = data[r.i:]
    payload = body if encoding == 0 else lzma_unframe(body) if encoding == 2 else lz4_unstream(body)
    r = Reader(payload)
    for _ in range(count):
        t = {}
        if version == 0:
            b = r.u8()
            t["type"], t["vt"] = (2 if b & 1 else 0), b >> 1
        else:
            t["type"], t["vt"] = r.u8(), r.u8()
        t["node"], t["property"] = r.string(), r.string()
        n = r.leb()
        vt = t["vt"]
        if t["type"] == 0:
            t["interval"] = r.unpack("<f")
            t["values"] = [dec_value(r, vt) for _ in range(n)]
        elif t["type"] == 1:
            t["keys"] = [{"time": r.unpack("<f"), "value": dec_value(r, vt)} for _ in range(n)]
        else:
            flags = r.u8()
            interps = list(r.take(n)) if flags & 1 else [r.u8()] * n
            if not flags & 1 and n == 0:
                interps = []
            t["keys"] = [{"time": r.unpack("<f"), "value": dec_value(r, vt), "interp": i} for i in interps]
            for k in t["keys"]:
                k["left"] = k["right"] = zero_value(vt)
            if flags & 2:
                for k in t["keys"]:
                    k["left"], k["right"] = dec_value(r, vt), dec_value(r, vt)
        doc["tracks"].append(t)
    if r.i != len(payload):
        raise ValueError("%d bytes after the last track" % (len(payload) - r.i))
    return doc


def same_value(a, b):
    if isinstance(a, list):
        return isinstance(b, list) and len(a) == len(b) and all(same_value(x, y) for x, y in zip(a, b))
    if isinstance(a, float) or isinstance(b, float):
        if not isinstance(a, (int, float)) or not isinstance(b, (int, float)) or isinstance(a, bool):
            return False
        if math.isnan(a) or math.isnan(b):
            return math.isnan(a) and math.isnan(b)
        return a == b and math.copysign(1, a) == math.copysign(1, b)
    return a == b and type(a) is type(b)


def first_difference(want, got, where=""):
    """A path and the two values where two decoded documents first differ."""
    if isinstance(want, dict):
        for k in want:
            if k not in got:
                return "%s/%s missing" % (where, k)
            d = first_difference(want[k], got[k], "%s/%s" % (where, k))
            if d:
                return d
        return None
    if isinstance(want, list) and want and isinstance(want[0], dict):
        if len(want) != len(got):
            return "%s: %d elements, not %d" % (where, len(got), len(want))
        for i, (a, b) in enumerate(zip(want, got)):
            d = first_difference(a, b, "%s/%d" % (where, i))
            if d:
                return d
        return None
    if not same_value(want, got):
        return "%s: %r, not %r" % (where, got, want)
    return None


# ---- 1. AnimJ -> AnimX -----------------------------------------------------------------------

def interp_json(rng, i):
    r = rng.random()
    if r < 0.7:
        return INTERPOLATIONS[i]
    if r < 0.85:
        return INTERPOLATIONS[i].lower()
    return i


def gen_animj_track(rng, tt, vt, keyless=None):
    """(AnimJ track, the canonical track of §3.7)."""
    node = rng.choice(STRINGS + [None])
    prop = rng.choice(STRINGS + [None])
    data = {}
    if node is not None or rng.random() < 0.5:
        data["node"] = node
    if prop is not None or rng.random() < 0.5:
        data["property"] = prop
    t = {"type": tt, "vt": vt, "node": node or "", "property": prop or ""}
    n = 0 if keyless else rng.randint(1, 5)
    if tt == 0:
        ij, iv = gen_f32(rng, nonnegative=True)
        while iv <= 0:
            ij, iv = gen_f32(rng, nonnegative=True)
        data["interval"] = ij
        t["interval"] = iv
        pairs = [gen_value(rng, vt) for _ in range(n)]
        frames = [p[0] for p in pairs]
        t["values"] = [p[1] for p in pairs]
    else:
        keys, frames = [], []
        interps = [rng.randrange(4)] * n if rng.random() < 0.4 else [rng.randrange(4) for _ in range(n)]
        for k in range(n):
            tj, tv = gen_f32(rng, nonnegative=True)
            if k and rng.random() < 0.2:  # an equal time (J44): stable sort keeps the order
                tj, tv = frames[-1]["time"], keys[-1]["time"]
            vj, vv = gen_value(rng, vt)
            frame = {"time": tj, "value": vj}
            key = {"time": tv, "value": vv}
            if tt == 2:
                key["interp"] = interps[k]
                frame["interpolation"] = interp_json(rng, interps[k])
                key["left"] = key["right"] = zero_value(vt)
            keys.append(key)
            frames.append(frame)
        if tt == 2:
            # tangents where a segment uses them: both on a Tangent/CubicBezier
            # key, the left one on the key after it (§6.1 member order)
            for k in range(n):
                if needs_tangents(interps[k]) or (k and needs_tangents(interps[k - 1])):
                    j, v = gen_value(rng, vt, allow_missing=False)
                    frames[k]["leftTangent"], keys[k]["left"] = j, v
                if needs_tangents(interps[k]):
                    j, v = gen_value(rng, vt, allow_missing=False)
                    frames[k]["rightTangent"], keys[k]["right"] = j, v
        for f in frames:
            if rng.random() < 0.3:  # key members in any order
                items = list(f.items())
                rng.shuffle(items)
                f.clear()
                f.update(items)
        # §6.2: keys stable-sorted by time
        order = sorted(range(n), key=lambda k: keys[k]["time"])
        t["keys"] = [keys[k] for k in order]
    if keyless == "null":
        data["keyframes"] = None
    elif keyless != "absent":
        data["keyframes"] = frames
    items = list(data.items())
    rng.shuffle(items)  # data members in any order
    return {"trackType": TRACK_TYPES[tt], "valueType": VALUE_TYPES[vt][0], "data": dict(items)}, t


def one_tangent_document():
    """Curve keys of color and color32 where a key has a leftTangent only (the
    one after a CubicBezier key): the other tangent is the zero value (§6.2
    "every component 0, color32 alpha included"), not a value with missing
    components (alpha 1 / 255)."""
    tracks, model = [], []
    for vt, one, two in ((37, [0.25, 0.5, 0.75, 1.0], [1.0, 0.0, 0.5, 0.25]), (38, [1, 2, 3, 4], [9, 8, 7, 6])):
        name = VALUE_TYPES[vt][0]
        obj = dict(zip(RGBA, one))
        obj2 = dict(zip(RGBA, two))
        tracks.append({"trackType": "Curve", "valueType": name, "data": {"node": "n", "property": name, "keyframes": [
            {"time": 0, "value": obj, "interpolation": "CubicBezier", "leftTangent": obj, "rightTangent": obj2},
            {"time": 1, "value": obj2, "interpolation": "Linear", "leftTangent": obj}]}})
        zero = [0.0] * 4 if vt == 37 else [0] * 4
        model.append({"type": 2, "vt": vt, "node": "n", "property": name, "keys": [
            {"time": 0.0, "value": one, "interp": 3, "left": one, "right": two},
            {"time": 1.0, "value": two, "interp": 1, "left": one, "right": zero}]})
    return ({"name": "tangents", "globalDuration": 1, "tracks": tracks},
            {"name": "tangents", "duration": 1.0, "tracks": model})


def gen_animj_document(rng, combos):
    tracks, model = [], []
    for tt, vt, keyless in combos:
        j, t = gen_animj_track(rng, tt, vt, keyless)
        tracks.append(j)
        model.append(t)
    name = rng.choice(STRINGS + [None])
    doc = {}
    if name is not None or rng.random() < 0.5:
        doc["name"] = name
    dj, dv = gen_f32(rng, nonnegative=True)
    if rng.random() < 0.2:
        dj = None  # absent: 0
        dv = 0.0
    else:
        doc["globalDuration"] = dj
    doc["tracks"] = tracks
    items = list(doc.items())
    rng.shuffle(items)  # root members in any order
    # a conversion never writes a key after the duration: the duration is
    # extended to the last key time (Raw samples have no times of their own)
    last = max((k["time"] for t in model if t["type"] != 0 for k in t["keys"]), default=dv)
    return dict(items), {"name": name or "", "duration": max(dv, last), "tracks": model}


class Checker:
    def __init__(self, animkit, workdir):
        self.animkit, self.workdir = animkit, workdir
        self.problems, self.runs = [], 0

    def fail(self, what):
        self.problems.append(what)
        print("FAIL " + what)

    def run(self, *args):
        self.runs += 1
        return subprocess.run([self.animkit] + list(args), stdout=subprocess.PIPE, stderr=subprocess.PIPE)

    def path(self, name):
        return os.path.join(self.workdir, name)

    def compare_files(self, label, want, got):
        if want == got:
            return True
        at = next((i for i in range(min(len(want), len(got))) if want[i] != got[i]), min(len(want), len(got)))
        try:
            diff = first_difference(decode_file(want), decode_file(got))
        except (ValueError, IndexError, UnicodeDecodeError) as e:
            diff = "undecodable: %s" % e
        self.fail("%s: %d bytes, expected %d; first different byte %d; %s" % (label, len(got), len(want), at, diff))
        return False

    def forward(self, rng, index, combos, fixed=None):
        doc_json, model = fixed or gen_animj_document(rng, combos)
        src = self.path("forward_%d.animj" % index)
        with open(src, "w", encoding="utf-8") as f:
            f.write(to_json(doc_json, ascii_only=rng.random() < 0.5) + "\n")
        want = enc_file(model)
        for compress in (None, "lz4", "lzma"):
            out = self.path("forward_%d%s.animx" % (index, "_" + compress if compress else ""))
            args = ["convert"] + (["--compress", compress] if compress else []) + [src, out]
            p = self.run(*args)
            if p.returncode != 0:
                self.fail("%s: animkit %s: exit %d\n%s" % (src, " ".join(args), p.returncode,
                                                          p.stderr.decode()[:1500]))
                continue
            with open(out, "rb") as f:
                got = f.read()
            if not compress:
                self.compare_files(out, want, got)
                continue
            # the same header with the encoding, and the same payload
            header = enc_header(model, 1 if compress == "lz4" else 2)
            if got[:len(header)] != header:
                self.fail("%s: header %s, expected %s" % (out, got[:len(header)].hex(), header.hex()))
                continue
            body = got[len(header):]
            try:
                payload = lz4_unstream(body) if compress == "lz4" else lzma_unframe(body)
            except (ValueError, IndexError, lzma.LZMAError) as e:
                self.fail("%s: the compressed payload does not decode here: %s" % (out, e))
                continue
            self.compare_files(out + " (payload)", want, enc_header(model, 0) + payload)

    # ---- 2. AnimX -> animkit ------------------------------------------------------------

    def undump(self, name, dump, data, doc, encoding, version):
        """The dump converts back to the file (format detection must not take
        it for AnimJ): the same bytes, or for a compressed file the same
        header and payload (the compressed bytes are animkit's own). NaN
        payloads come back too: the dump writes a NaN other than the default
        quiet one with its bits, "nan:0x7fc00123" (docs/schema-language.md)."""
        data = enc_file(doc, 0, version) if encoding == 0 else data
        src, out = name[:-len(".animx")] + "_dump.json", name[:-len(".animx")] + "_undumped.animx"
        with open(src, "wb") as f:
            f.write(dump)
        p = self.run("convert", src, out)
        if p.returncode != 0:
            self.fail("%s: convert (undump): exit %d\n%s" % (src, p.returncode, p.stderr.decode()[:1500]))
            return
        with open(out, "rb") as f:
            got = f.read()
        if encoding == 0:
            self.compare_files(out, data, got)
            return
        header = enc_header(doc, encoding, version)
        try:
            payload = lz4_unstream(got[len(header):]) if encoding == 1 else lzma_unframe(got[len(header):])
        except (ValueError, IndexError, lzma.LZMAError) as e:
            self.fail("%s: the compressed payload does not decode here: %s" % (out, e))
            return
        if got[:len(header)] != header or payload != enc_payload(doc, version):
            self.fail("%s: not the header and payload of %s" % (out, name))

    def reverse(self, rng, index, combos, version=1):
        tracks = [gen_binary_track(rng, tt, vt, keyless) for tt, vt, keyless in combos]
        doc = {"name": rng.choice(STRINGS), "duration": gen_f32(rng, nonnegative=True)[1], "tracks": tracks}
        plain = enc_file(doc, 0, 1)
        for encoding in ((0,) if version == 0 else (0, 1, 2)):
            data = enc_file(doc, encoding, version, rng)
            name = self.path("reverse_%d_%s.animx" % (index, ["plain", "lz4", "lzma"][encoding] +
                                                    ("_v0" if version == 0 else "")))
            with open(name, "wb") as f:
                f.write(data)
            p = self.run("validate", "--diagnostics", "json", name)
            try:
                diags = json.loads(p.stdout.decode())["files"][0]["diagnostics"]
            except (ValueError, KeyError, IndexError):
                diags = None
            allowed = expected_warnings(doc, version)
            if p.returncode != 0 or diags is None or any(d["code"] not in allowed for d in diags):
                self.fail("%s: validate exit %d, diagnostics %s" % (name, p.returncode, p.stdout.decode()[:1500]))
                continue
            p = self.run("dump", name)
            if p.returncode != 0:
                self.fail("%s: dump exit %d\n%s" % (name, p.returncode, p.stderr.decode()[:1500]))
                continue
            # numbers as decimals: f32 values are compared after rounding them here, directly
            dumped = json.loads(p.stdout.decode(), parse_float=Decimal, parse_int=Decimal)
            diff = compare_dump(dumped, doc, encoding, version)
            if diff:
                self.fail("%s: dump: %s" % (name, diff))
            self.undump(name, p.stdout, data, doc, encoding, version)
            out = name[:-len(".animx")] + "_reemitted.animx"
            p = self.run("convert", "--compress", "none", name, out)
            if p.returncode != 0:
                self.fail("%s: convert to .animx: exit %d\n%s" % (name, p.returncode, p.stderr.decode()[:1500]))
                continue
            with open(out, "rb") as f:
                self.compare_files(out, plain, f.read())
            # without --compress the re-emission keeps the input's encoding
            kept = name[:-len(".animx")] + "_kept.animx"
            p = self.run("convert", name, kept)
            d = self.run("dump", kept)
            if p.returncode != 0 or d.returncode != 0 or json.loads(d.stdout.decode())["encoding"] != encoding:
                self.fail("%s: convert without --compress does not keep encoding %d: %s" %
                          (name, encoding, (p.stderr + d.stderr).decode()[:800]))


def with_nonfinite(rng, vt, v):
    """Now and then a NaN (with a payload) or an infinity in a float value
    (§2.2: bit patterns are kept; X32 is a warning)."""
    if kind(vt) not in ("f32", "f64") or rng.random() > 0.15:
        return v
    special = rng.choice(["nan", "inf", "-inf"])
    if special == "nan":
        payload = struct.unpack("<d", struct.pack("<Q", 0x7ff8000000000abc))[0]
        x = f32_from_bits(0x7fc00123) if kind(vt) == "f32" else payload
    else:
        x = math.inf if special == "inf" else -math.inf
    if isinstance(v, list):
        v = list(v)
        v[rng.randrange(len(v))] = x
        return v
    return x


def gen_binary_track(rng, tt, vt, keyless):
    t = {"type": tt, "vt": vt, "node": rng.choice(STRINGS), "property": rng.choice(STRINGS)}
    n = 0 if keyless else rng.randint(1, 4)
    if tt == 0:
        t["interval"] = gen_f32(rng, nonnegative=True)[1] or 0.25
        t["values"] = [with_nonfinite(rng, vt, gen_value(rng, vt, allow_missing=False)[1]) for _ in range(n)]
        return t
    times = set()
    while len(times) < n:  # distinct: equal times are a warning
        times.add(gen_f32(rng, nonnegative=True)[1])
    times = sorted(times)
    keys = []
    interps = [rng.randrange(4)] * n if rng.random() < 0.4 else [rng.choice([0, 1, 3]) for _ in range(n)]
    if n and rng.random() < 0.1:
        interps = [2] * n  # legacy Tangent: a warning
    for k in range(n):
        key = {"time": times[k], "value": with_nonfinite(rng, vt, gen_value(rng, vt, allow_missing=False)[1])}
        if tt == 2:
            key["interp"] = interps[k]
            key["left"] = gen_value(rng, vt, allow_missing=False)[1]
            key["right"] = gen_value(rng, vt, allow_missing=False)[1]
            if not any(needs_tangents(i) for i in interps):
                key["left"] = key["right"] = zero_value(vt)
        keys.append(key)
    t["keys"] = keys
    return t


def expected_warnings(doc, version):
    """Warnings the values may legitimately cause (§5.2)."""
    allowed = {"animx.value.quat-nonunit", "animx.track.empty", "animx.time.after-duration",
               "animx.curve.interp-tangent", "animx.value.nonfinite"}
    if version == 0:
        allowed.add("animx.header.version-legacy")
    return allowed


def dump_value(vt, v):
    """How the dump writes a value (docs/formats/animx.md: one component a JSON
    scalar, several an array; 64-bit integers beyond 2^53 as decimal strings)."""
    k, comps = kind(vt), components(vt)

    def scalar(x):
        if k in ("u64", "i64") and abs(x) > 2**53 - 1:
            return str(x)
        return x
    return scalar(v) if comps is None else [scalar(x) for x in v]


def same_dumped(vt, want, got):
    k = kind(vt)
    if isinstance(want, list):
        return isinstance(got, list) and len(got) == len(want) and all(
            same_dumped_scalar(k, a, b) for a, b in zip(want, got))
    return same_dumped_scalar(k, want, got)


def same_dumped_scalar(k, want, got):
    """got: a value of the dump parsed with numbers as Decimals."""
    if k in ("f32", "f64"):
        if math.isnan(want):
            bits = f32_bits(want) if k == "f32" else struct.unpack("<Q", struct.pack("<d", want))[0]
            quiet = 0x7fc00000 if k == "f32" else 0x7ff8000000000000
            return got == ("nan" if bits == quiet else "nan:0x%0*x" % (8 if k == "f32" else 16, bits))
        if math.isinf(want):
            return got == ("inf" if want > 0 else "-inf")
        if not isinstance(got, Decimal):
            return False
        if k == "f32":
            return f32_bits(f32_from_decimal(str(got))) == f32_bits(want)
        return struct.pack("<d", float(str(got))) == struct.pack("<d", want)
    if k in ("bool", "bits"):
        return got is want
    if k == "string":
        return got == want
    if isinstance(want, str):  # a 64-bit integer beyond 2^53, as the dump writes it
        return got == want
    return isinstance(got, Decimal) and got == got.to_integral_value() and int(got) == want


def compare_dump(d, doc, encoding, version):
    top = {"version": version, "track_count": len(doc["tracks"]), "name": doc["name"], "encoding": encoding}
    for k, v in top.items():
        if d.get(k) != v or isinstance(d.get(k), bool):
            return "%s is %r, not %r" % (k, d.get(k), v)
    if not same_dumped_scalar("f32", doc["duration"], d.get("global_duration")):
        return "global_duration is %r, not %r" % (d.get("global_duration"), doc["duration"])
    if len(d.get("tracks", [])) != len(doc["tracks"]):
        return "%d tracks" % len(d.get("tracks", []))
    for i, (g, t) in enumerate(zip(d["tracks"], doc["tracks"])):
        where = "/tracks/%d" % i
        vt = t["vt"]
        head = {"node": t["node"], "property": t["property"]}
        if version == 0:
            head["legacy_type"] = vt << 1 | (1 if t["type"] == 2 else 0)
        else:
            head["track_type"], head["value_type"] = t["type"], vt
        for k, v in head.items():
            if g.get(k) != v:
                return "%s/%s is %r, not %r" % (where, k, g.get(k), v)
        if t["type"] == 0:
            if g.get("key_count") != len(t["values"]) or \
                    not same_dumped_scalar("f32", t["interval"], g.get("interval")):
                return "%s: key_count or interval" % where
            for j, (a, b) in enumerate(zip(t["values"], g.get("values", []))):
                if not same_dumped(vt, dump_value(vt, a), b):
                    return "%s/values/%d is %r, not %r" % (where, j, b, dump_value(vt, a))
            continue
        keys = t["keys"]
        if g.get("key_count") != len(keys) or len(g.get("keys", [])) != len(keys):
            return "%s: key_count" % where
        for j, (a, b) in enumerate(zip(keys, g["keys"])):
            if not same_dumped_scalar("f32", a["time"], b.get("time")):
                return "%s/keys/%d/time is %r, not %r" % (where, j, b.get("time"), a["time"])
            if not same_dumped(vt, dump_value(vt, a["value"]), b.get("value")):
                return "%s/keys/%d/value is %r, not %r" % (where, j, b.get("value"), dump_value(vt, a["value"]))
        if t["type"] == 1:
            continue
        interps = [k["interp"] for k in keys]
        per_key = len(set(interps)) > 1
        tangents = any(needs_tangents(x) for x in interps)
        if g.get("flags") != (1 if per_key else 0) | (2 if tangents else 0):
            return "%s/flags is %r" % (where, g.get("flags"))
        if per_key and g.get("interpolations") != interps:
            return "%s/interpolations is %r, not %r" % (where, g.get("interpolations"), interps)
        if not per_key and g.get("shared_interpolation") != (interps[0] if interps else 0):
            return "%s/shared_interpolation is %r" % (where, g.get("shared_interpolation"))
        if tangents:
            for j, (a, b) in enumerate(zip(keys, g.get("tangents", []))):
                for side in ("left", "right"):
                    if not same_dumped(vt, dump_value(vt, a[side]), b.get(side)):
                        return "%s/tangents/%d/%s is %r, not %r" % (where, j, side, b.get(side),
                                                                    dump_value(vt, a[side]))
    return None


# ---- the spec's vectors (§8): this script's own encoder and LZ4 decoder first --------

GOLDEN_8_1 = (
    "05416e696d58010000000300008040047465737400010008746573744e6f64650c7465737450726f70657274790400000000"
    "000000803f0100000040000000404001010a08746573744e6f64650c7465737450726f70657274790400000000000000000000"
    "803f0200000000000040040000000000404006000000012708746573744e6f64650c7465737450726f7065727479040000000001"
    "047a65726f0000803f01036f6e6500000040010374776f0000404001036c656c")
GOLDEN_8_3 = (
    "05416e696d5801000000030000804004746573740101a40164c0010008746573744e6f64650c0900a250726f706572747904"
    "00010070803f010000004004004f4001010a2d000b01300012020900124015008f40400600000001273900086101047a65726f"
    "6b0040036f6e653500e0010374776f0000404001036c656c")
GOLDEN_8_4 = (
    "05416e696d5801000000020000004003766563000015016e0170030000003f0000003f0000403f0000803f0215016e01710202"
    "030000000000000000000000400000003f00000000000000400000404000000000")


def self_check():
    """The encoder against §8.1 and §8.4, the LZ4 decoder against §8.3."""
    problems = []

    def discrete(vt, values):
        return {"type": 1, "vt": vt, "node": "testNode", "property": "testProperty",
                "keys": [{"time": float(i), "value": v} for i, v in enumerate(values)]}
    redx = {"name": "test", "duration": 4.0, "tracks": [
        discrete(0, [False, True, False, True]), discrete(10, [0, 2, 4, 6]),
        discrete(39, ["zero", "one", "two", "lel"])]}
    if enc_file(redx).hex() != GOLDEN_8_1:
        problems.append("this script's encoder does not write spec 8.1")
    vec = {"name": "vec", "duration": 2.0, "tracks": [
        {"type": 0, "vt": 21, "node": "n", "property": "p", "interval": 0.5, "values": [0.5, 0.75, 1.0]},
        {"type": 2, "vt": 21, "node": "n", "property": "q", "keys": [
            {"time": 0.0, "value": 0.0, "interp": 3, "left": 0.0, "right": 2.0},
            {"time": 2.0, "value": 0.5, "interp": 3, "left": 3.0, "right": 0.0}]}]}
    if enc_file(vec).hex() != GOLDEN_8_4:
        problems.append("this script's encoder does not write spec 8.4")
    golden = bytes.fromhex(GOLDEN_8_1)
    try:
        if lz4_unstream(bytes.fromhex(GOLDEN_8_3)[21:]) != golden[21:]:
            problems.append("this script's LZ4 decoder does not decode spec 8.3")
    except (ValueError, IndexError) as e:
        problems.append("this script's LZ4 decoder fails on spec 8.3: %s" % e)
    payload = enc_payload(redx) * 3
    if lz4_block_decompress(lz4_block_compress(payload), len(payload)) != payload:
        problems.append("this script's LZ4 block codec does not round-trip")
    return problems


def main():
    if len(sys.argv) < 3:
        print(__doc__)
        return 2
    animkit, workdir = sys.argv[1], sys.argv[2]
    seed = int(sys.argv[3]) if len(sys.argv) > 3 else 10
    os.makedirs(workdir, exist_ok=True)
    rng = random.Random(seed)
    c = Checker(animkit, workdir)
    for p in self_check():
        c.fail(p)

    importable = [vt for vt in range(40) if vt not in MATRICES]
    # every (track type, value type) once, spread over 4 documents, plus
    # keyless tracks written the three ways
    combos = [(tt, vt, None) for tt in range(3) for vt in importable]
    rng.shuffle(combos)
    keyless = [(tt, rng.choice(importable), how) for tt in range(3) for how in ("[]", "null", "absent")]
    docs = [combos[i::4] for i in range(4)]
    docs[0] += keyless
    for i, cs in enumerate(docs):
        c.forward(rng, i, cs)
    c.forward(rng, 4, None, one_tangent_document())
    # a few more, smaller, with other random values
    for i in range(5, 10):
        c.forward(rng, i, [(rng.randrange(3), rng.choice(importable), None) for _ in range(6)])

    all_combos = [(tt, vt, None) for tt in range(3) for vt in range(40)]
    rng.shuffle(all_combos)
    rdocs = [all_combos[i::3] for i in range(3)]
    rdocs[0] += [(tt, rng.randrange(40), True) for tt in range(3)]
    for i, cs in enumerate(rdocs):
        c.reverse(rng, i, cs)
    # legacy version 0: Raw and Curve tracks only
    c.reverse(rng, 3, [(rng.choice([0, 2]), vt, None) for vt in range(40)], version=0)
    # no tracks at all
    c.reverse(rng, 4, [])

    print("%d animkit runs, %d problems" % (c.runs, len(c.problems)))
    return 1 if c.problems else 0


if __name__ == "__main__":
    sys.exit(main())
