"""The AnimJ lane sweeps: typed seeds that walk the lanes' matchers (issue 31).

A lane (gen/emit_lanes.c) is one generated matcher per element type and
JSON shape of the value type, matching a whole key in one pass; every
member name, whitespace run and number place is a branch of its own (and
was a run of DFA states when lanes were re2c automata). Byte mutation of a few
canonical files reaches a small part of them: most keys of a real file look
alike. The sweeps are keys drawn at random (a fixed seed per file, so the
build is reproducible) from the lanes' own grammar, so that across a file
every character a state takes turns up in it:
  - whitespace of 0 to 3 characters, each of the four, around every token;
  - numbers in every form the lane reads (sign, 1 to 8 integer digits, a
    fraction, both exponent letters with or without a sign, long negative
    exponents), integers up to their type's digit bound and one past it;
  - strings of every printable ASCII character;
  - curve keys with every combination of their optional members.
And keys the lanes must give up on, one departure each, that are still JSON
(the ordinary path takes them; the lane's exit in that state is reached):
escapes in member names and strings, members out of order or unknown,
numbers longer than a lane reads, components out of order, other JSON types.

Files per value type that has lanes (vectors of up to four components),
PARTS of each (more curve files for a shape few types have):
  <type>-sweep-raw-N, -discrete-N, -curve-N   valid (warnings only);
                                              checked like the others
  <type>-sweep-lax-N      curve keys with any members (missing
                          interpolation, tangents where they do not
                          belong): errors expected
  <type>-sweep-broken-N   keys the lanes give up on: errors expected
each under MAX_BYTES (8 KB: a fuzzer that mutates them still runs at more
than 1,000 executions a second; fuzz/animj.options caps inputs at 32 KiB)."""
import random

MAX_BYTES = 8000
PARTS = 4  # files of each kind per type: small files keep the harness fast
WS = " \t\r\n"
PLAIN = [chr(c) for c in range(0x20, 0x7f) if chr(c) not in '"\\']
INTERPOLATIONS = ["Hold", "Linear", "Tangent", "CubicBezier", "hold", "LINEAR", "cubicbezier", "0", "1", "2", "3"]
TANGENT_FORMS = {"Tangent", "CubicBezier", "cubicbezier", "2", "3"}


class Sweep:
    """One file's keys: a random source and the writer of its tokens."""

    def __init__(self, seed, kind, names, int_digits):
        self.rng = random.Random(seed)
        self.kind, self.names, self.int_digits = kind, names, int_digits

    def ws(self):
        r = self.rng
        return "".join(r.choice(WS) for _ in range(r.choice((0, 0, 1, 1, 2, 3))))

    def digits(self, n):
        return "".join(self.rng.choice("0123456789") for _ in range(n))

    def fnum(self, signed=True):
        """A number the lane's `fnum` reads."""
        r = self.rng
        sign = "-" if signed and r.random() < 0.4 else ""
        whole = "0" if r.random() < 0.12 else r.choice("123456789") + self.digits(r.choice((0, 1, 2, 3, 4, 5, 6, 7, 7, 7)))
        frac = "." + self.digits(r.randint(1, 6)) if r.random() < 0.5 else ""
        exp = ""
        if r.random() < 0.35:
            exp = r.choice("eE") + r.choice(("", "+", "-", "-" + self.digits(r.randint(1, 2)))) + self.digits(1)
        return sign + whole + frac + exp

    def inum(self, signed, over=False):
        """An integer of at most the digits its type's lane takes (fewer
        than its bound has) or, when over, one more (still in range)."""
        r = self.rng
        n = r.randint(1, self.int_digits)
        text = r.choice("123456789") + self.digits(n - 1) if n > 1 or r.random() < 0.8 else "0"
        if over:  # in range all the same: the least value of one digit more
            text = "1" + "0" * self.int_digits
        return ("-" if signed and r.random() < 0.5 else "") + text

    def string(self):
        r = self.rng
        return '"' + "".join(r.choice(PLAIN) for _ in range(r.randint(0, 14))) + '"'

    def scalar(self):
        r = self.rng
        if self.kind == "f":
            return self.fnum()
        if self.kind in "ui":
            return self.inum(self.kind == "i", over=r.random() < 0.05)
        if self.kind == "b":
            return r.choice(("true", "false"))
        return self.string() if r.random() < 0.9 else "null"

    def obj(self, members):
        """An object of (name, text) members, whitespace around every token."""
        w = self.ws
        parts = ['%s"%s"%s:%s%s%s' % (w(), name, w(), w(), text, w()) for name, text in members]
        return "{" + ",".join(parts) + ("" if parts else w()) + "}"

    def value(self):
        if len(self.names) == 1:
            return self.scalar()
        return self.obj([(c, self.scalar()) for c in self.names])

    def time(self, signed=False):
        """A key time; negative only where errors are expected."""
        return self.fnum(signed=signed and self.rng.random() < 0.3)


def array(s, items):
    w = s.ws
    return "[" + w() + (w() + "," + w()).join(items) + w() + "]"


def document(s, name, track_type, keys):
    """A document of one track with these key texts."""
    data = s.obj([("node", '"n"'), ("property", '"p"')] + ([("interval", "0.5")] if track_type == "Raw" else [])
                 + [("keyframes", array(s, keys))])
    track = s.obj([("trackType", '"%s"' % track_type), ("valueType", '"%s"' % name), ("data", data)])
    return s.ws() + s.obj([("name", '"%s"' % name), ("globalDuration", "1e9"),
                            ("tracks", array(s, [track]))]) + s.ws() + "\n"


def fill(s, name, track_type, make_key):
    """As many keys as fit under MAX_BYTES."""
    keys, size = [], 400
    while True:
        key = make_key(len(keys))
        if size + len(key) + 8 > MAX_BYTES:
            return document(s, name, track_type, keys)
        keys.append(key)
        size += len(key) + 8


def curve_key(s, i, state, lax):
    """A curve key; state carries whether the previous key's segment needs
    this key's leftTangent."""
    r = s.rng
    tangents = s.kind == "f"
    members = [("time", s.time(signed=lax)), ("value", s.value())]
    interp = r.choice(INTERPOLATIONS if tangents else INTERPOLATIONS[:2] + ["hold", "0", "1"])
    has_interp = not lax or r.random() < 0.7
    if has_interp:
        text = interp if interp.isdigit() else '"%s"' % interp
        if lax:  # any number or string the lane reads
            text = r.choice((text, s.fnum(), s.string()))
        members.append(("interpolation", text))
    left = state.get("need_left") or (r.random() < 0.3 if tangents or lax else False)
    right = (interp in TANGENT_FORMS and has_interp) or (r.random() < 0.3 if tangents or lax else False)
    if lax:
        left, right = r.random() < 0.5, r.random() < 0.5
    if left:
        members.append(("leftTangent", s.value()))
    if right:
        members.append(("rightTangent", s.value()))
    state["need_left"] = has_interp and interp in TANGENT_FORMS
    return s.ws() + s.obj(members)


def broken_key(s, i):
    """A key with one departure from the lane's grammar that is still JSON."""
    r = s.rng
    members = [["time", s.time(signed=True)], ["value", s.value()]]
    how = r.randrange(9)
    if how == 0:  # an escape in a member name, at any place
        m = r.randrange(2)
        name = members[m][0]
        at = r.randrange(len(name) + 1)
        members[m][0] = name[:at] + "\\u%04x" % ord(name[at]) + name[at + 1:] if at < len(name) else name + "\\t"
    elif how == 1:  # out of order
        members.reverse()
    elif how == 2:  # an unknown member before, between or after
        members.insert(r.randrange(3), [r.choice(("t", "v", "time2", "valuex", "x", "")), s.fnum()])
    elif how == 3:  # a number longer than the lane reads
        members[0][1] = r.choice(("123456789", "1e+10", "1E12", "0.5e-0001", "99999999999.5"))
    elif how == 4 and len(s.names) > 1:  # components out of order, or one missing
        comps = [(c, s.scalar()) for c in s.names]
        if r.random() < 0.5:
            comps.reverse()
        else:
            del comps[r.randrange(len(comps))]
        members[1][1] = s.obj(comps)
    elif how == 5:  # another JSON type where the value goes
        members[1][1] = r.choice(("null", "[]", "{}", '"x"', "true", "[1,2]", "0.5", '{"x":1}'))
    elif how == 6:  # a string with an escape or raw UTF-8
        members[1][1] = r.choice(('"a\\nb"', '"\\u00e9"', '"caf\u00e9"', '"\\\\"'))
    elif how == 7:  # the time missing
        del members[0]
    else:  # a value with a component of another type
        members[1][1] = s.obj([(c, r.choice(("true", '"s"', "1.5", "-7", "null"))) for c in s.names]) \
            if len(s.names) > 1 else r.choice(("1.5", "-7", "true", '"s"'))
    return s.ws() + s.obj([(m[0], m[1]) for m in members])


def shape(kind, names):
    """The JSON shape of a value type, as its lanes share it (gen/emit_lanes.c)."""
    return ("i" if kind in "ui" else kind, tuple(names))


def write_sweeps(jdir, types, components, int_digits, check, errors):
    """The sweep files of every value type with lanes into jdir; check(path,
    errors) validates the ones that must have no error. A shape that few
    types have gets more curve files (a curve lane has the most states: one
    run per combination of its optional members), so that every shape has
    about as many keys."""
    import os
    with_lanes = [(code, name, kind, components(name, n)) for code, (name, kind, n) in enumerate(types)
                  if n <= 4 and not name.endswith("2x2")]  # matrices have no lanes
    sharing = {}
    for code, name, kind, names in with_lanes:
        sharing[shape(kind, names)] = sharing.get(shape(kind, names), 0) + 1
    for code, name, kind, names in with_lanes:
        digits = int_digits(name)
        rounds = max(1, 4 // sharing[shape(kind, names)])
        files = {}
        for part in range(PARTS):
            seed = (code * PARTS + part) * 64
            s = Sweep(seed + 1, kind, names, digits)
            files["raw-%d" % part] = fill(s, name, "Raw", lambda i: s.ws() + s.value())
            s = Sweep(seed + 2, kind, names, digits)
            files["discrete-%d" % part] = fill(s, name, "Discrete",
                                               lambda i: s.ws() + s.obj([("time", s.time()), ("value", s.value())]))
            for r in range(rounds):
                suffix = "-%d" % (part * rounds + r)
                state = {}
                s = Sweep(seed + 8 * r + 3, kind, names, digits)
                files["curve" + suffix] = fill(s, name, "Curve", lambda i: curve_key(s, i, state, False))
                s = Sweep(seed + 8 * r + 4, kind, names, digits)
                files["lax" + suffix] = fill(s, name, "Curve", lambda i: curve_key(s, i, state, True))
                s = Sweep(seed + 8 * r + 5, kind, names, digits)
                files["broken" + suffix] = fill(s, name, "Curve" if r % 2 == 0 else "Discrete",
                                                lambda i: broken_key(s, i))
        for suffix, text in files.items():
            path = os.path.join(jdir, "%s-sweep-%s.animj" % (name, suffix))
            with open(path, "w", newline="", encoding="utf-8") as f:
                f.write(text)
            if suffix.split("-")[0] in ("raw", "discrete", "curve"):
                check(path, errors)
