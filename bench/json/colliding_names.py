#!/usr/bin/env python3
"""Writes a JSON object whose member names all share the low BITS bits of
their 64-bit FNV-1a hash (the unseeded hash that duplicate-member detection
used before issue 25), and a control file of the same size with ordinary
names, to measure what such names cost `animkit validate`.

    bench/json/colliding_names.py COUNT OUT [--control OUT2] [--bits N]

Every name is 10 bytes: a 7-byte counter prefix in base 62 and a 3-byte
suffix. The low BITS bits of FNV-1a depend only on the low BITS bits of the
state (multiplication modulo 2^64 never carries downwards), and each step
h' = (h ^ c) * P is invertible there (P is odd). So the states a 3-byte
suffix can turn into hash 0 (mod 2^BITS) are computed backwards once, and
each prefix whose state lands on one of them gives a name. With BITS 20 the
names collide in every table of up to 2^20 slots.
"""

import argparse
import string

FNV_OFFSET = 0xCBF29CE484222325
FNV_PRIME = 0x100000001B3
ALPHABET = (string.digits + string.ascii_letters).encode()


def suffixes_to_zero(bits):
    """{state mod 2^bits: suffix} for suffixes that take the state to 0."""
    mask = (1 << bits) - 1
    inverse = pow(FNV_PRIME, -1, 1 << bits)
    table = {}
    for c3 in ALPHABET:
        s2 = c3  # (s2 ^ c3) * P == 0  <=>  s2 == c3
        for c2 in ALPHABET:
            s1 = ((s2 * inverse) & mask) ^ c2
            for c1 in ALPHABET:
                s0 = ((s1 * inverse) & mask) ^ c1
                table.setdefault(s0, bytes((c1, c2, c3)))
    return table


def prefixes():
    """7-byte names from a counter, distinct, in base 62."""
    n = 0
    while True:
        digits = bytearray()
        v = n
        for _ in range(7):
            digits.append(ALPHABET[v % 62])
            v //= 62
        yield bytes(digits)
        n += 1


def fnv_state(data, bits):
    h = FNV_OFFSET
    for c in data:
        h = ((h ^ c) * FNV_PRIME) & 0xFFFFFFFFFFFFFFFF
    return h & ((1 << bits) - 1)


def colliding_names(count, bits):
    table = suffixes_to_zero(bits)
    names = []
    for prefix in prefixes():
        suffix = table.get(fnv_state(prefix, bits))
        if suffix is not None:
            names.append(prefix + suffix)
            if len(names) == count:
                return names


def write_object(path, names):
    with open(path, "wb") as f:
        f.write(b"{")
        for i, name in enumerate(names):
            f.write(b"," if i else b"")
            f.write(b'"' + name + b'":0')
        f.write(b"}\n")


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("count", type=int)
    ap.add_argument("out")
    ap.add_argument("--control", help="also write a file of the same size with ordinary names")
    ap.add_argument("--bits", type=int, default=20)
    args = ap.parse_args()
    names = colliding_names(args.count, args.bits)
    assert all(fnv_state(n, args.bits) == 0 for n in names[:100])
    write_object(args.out, names)
    if args.control:
        ordinary = [p + b"000" for p, _ in zip(prefixes(), range(args.count))]
        write_object(args.control, ordinary)


if __name__ == "__main__":
    main()
