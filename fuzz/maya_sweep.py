"""The Maya key-line sweeps: typed seeds that walk the key-line DFA (issue 31).

grammars/maya_anim.re reads a key line written as Maya writes it in one DFA
(scan_keyline): up to 32 spaces, numbers shaped as %.8g prints them (ten
fixed forms and two exponent forms, one run of states per digit place),
tangent words, flags and the fixed sides' angle and weight pairs. A real
file's lines look alike, and byte mutation reaches few of those states.
These files hold key lines drawn at random from that grammar (a fixed seed
per file, so the build is reproducible):
  maya/fuzz-corpus/keylines-<i>.anim          lines the DFA takes: every
                                              indentation, number form,
                                              tangent word and pair
  maya/fuzz-corpus/keylines-broken-<i>.anim   the same with one character
                                              changed in some lines, which
                                              leave the DFA at that state
                                              for the token path
with both line ends, weighted and not, in every angular unit; each under
MAX_BYTES, the Maya harness's max_len (fuzz/maya.options)."""
import os
import random

MAX_BYTES = 8000
TANGENTS = ["global", "linear", "flat", "spline", "step", "stepnext", "clamped", "plateau", "auto"]
UNITS = ["deg", "rad", "min", "sec"]
FILES = 24


class Lines:
    def __init__(self, seed):
        self.rng = random.Random(seed)

    def digits(self, n, first="0123456789"):
        r = self.rng
        return "".join(r.choice(first if i == 0 else "0123456789") for i in range(n))

    def nz(self):
        return self.rng.choice("123456789")

    def fix8(self):
        """One of the fixed forms of %.8g (grammars/maya_anim.re, fix8)."""
        r = self.rng
        form = r.randrange(10)
        if form == 0:
            body = "0"
        elif form == 1:
            body = "0." + "0" * r.randint(0, 3) + self.nz() + (self.digits(r.randint(0, 6)) + self.nz()
                                                              if r.random() < 0.6 else "")
        elif form == 2:
            body = self.nz() + self.digits(r.randint(0, 7))
        elif form == 3:
            body = self.nz() + "." + self.digits(r.randint(0, 6)) + self.nz()
        else:  # an integer part of 2 to 7 digits, the fraction what %.8g leaves
            k = form - 3
            body = self.nz() + self.digits(k) + "." + self.digits(r.randint(0, 6 - k)) + self.nz()
        return ("-" if r.random() < 0.4 else "") + body

    def exp8(self, value):
        """An exponent form (exp8_any; exp8_value when value)."""
        r = self.rng
        mant = self.nz() + ("." + self.digits(r.randint(0, 6)) + self.nz() if r.random() < 0.7 else "")
        forms = ["-0" + r.choice("56789"), "+0" + r.choice("89"), "+" + self.nz() + self.digits(1)]
        if not value:
            forms.append("-" + self.nz() + self.digits(1))
        return ("-" if r.random() < 0.4 else "") + mant + "e" + r.choice(forms)

    def num8(self, value=False):
        return self.exp8(value) if self.rng.random() < 0.25 else self.fix8()

    def angle(self):
        """Mostly within a quarter turn of degrees: the DFA's line is taken."""
        r = self.rng
        return self.num8() if r.random() < 0.2 else "%s%d.%s" % ("-" if r.random() < 0.5 else "", r.randrange(90),
                                                                 self.digits(r.randint(1, 5)))

    def key_line(self, weighted, crlf):
        r = self.rng
        ins = "fixed" if r.random() < 0.35 else r.choice(TANGENTS)
        outs = "fixed" if r.random() < 0.35 else r.choice(TANGENTS)
        weight = (lambda: self.num8().lstrip("-")) if weighted else (lambda: "1")
        pairs = "".join(" %s %s" % (self.angle(), weight()) for side in (ins, outs) if side == "fixed")
        flags = " ".join(r.choice("01") for _ in range(3))
        return "%s%s %s %s %s %s%s;%s" % (" " * r.randint(0, 32), self.num8(), self.num8(value=True), ins, outs,
                                          flags, pairs, "\r\n" if crlf else "\n")

    def broken(self, line):
        """The line with one character changed, anywhere before its end."""
        r = self.rng
        at = r.randrange(len(line.rstrip("\r\n")) + 1)
        return line[:at] + r.choice("x9.-e+ ;\t\r\n0") + line[at + 1:]


def write_sweeps(out):
    mdir = os.path.join(out, "maya", "fuzz-corpus")
    os.makedirs(mdir, exist_ok=True)
    for i in range(FILES):
        for broken in (False, True):
            g = Lines(1000 * broken + i)
            crlf, weighted, unit = i % 3 == 1, i % 2 == 1, UNITS[i % 4]
            nl = "\r\n" if crlf else "\n"
            head = nl.join(["animVersion 1.1;", "mayaVersion 2026;", "timeUnit film;", "linearUnit cm;",
                            "angularUnit %s;" % unit, "startTime 1;", "endTime 24;",
                            "anim rotate.rotateX rotateX ball 0 1 0;", "animData {", "  input time;",
                            "  output angular;", "  weighted %d;" % weighted, "  preInfinity constant;",
                            "  postInfinity constant;", "  keys {"]) + nl
            tail = "  }" + nl + "}" + nl
            body, size = [], len(head) + len(tail)
            while True:
                line = g.key_line(weighted, crlf)
                if broken and g.rng.random() < 0.5:
                    line = g.broken(line)
                if size + len(line) > MAX_BYTES:
                    break
                body.append(line)
                size += len(line)
            name = "keylines-%s%02d.anim" % ("broken-" if broken else "", i)
            with open(os.path.join(mdir, name), "w", newline="") as f:
                f.write(head + "".join(body) + tail)
