#!/usr/bin/env python3
"""animkit report and animkit plot, without a browser.

- Golden reports (md, json, xml, sarif) over tests/report/inputs, run from
  the source root; `--regen` rewrites them.
- The JSON report validates against docs/report.schema.json; the JUnit XML
  has the common JUnit shape and its counts agree with the diagnostics; the
  SARIF has the same results as the JSON report; the HTML parses as HTML5
  (html5lib, strict) and each inline SVG as XML; the page loads nothing.
- -j 1 and -j 2 give identical reports; unreadable files are listed; a
  symbolic-link loop ends; exit codes; a report that cannot be written
  leaves nothing behind.
- A plot's polylines agree with `animkit sample` at the times they name;
  --list.

Exit 77 (skip) when python3-jsonschema or python3-html5lib is missing,
unless CI is set."""
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import xml.etree.ElementTree as ET

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
from support import expect, summary  # noqa: E402

SKIP = 77
HERE = os.path.dirname(os.path.abspath(__file__))
SRC = os.environ.get("AK_SOURCE_DIR", os.path.dirname(os.path.dirname(HERE)))
CLI = os.environ["AK_CLI"]
INPUTS = "tests/report/inputs"
GOLDEN = os.path.join(HERE, "golden")
KINDS = ("md", "json", "xml", "sarif")


def skip_or_fail(why):
    if os.environ.get("CI"):
        print("FAIL: " + why)
        sys.exit(1)
    print("SKIP: " + why)
    sys.exit(SKIP)


def run(*args, cwd=SRC):
    return subprocess.run([CLI, *args], capture_output=True, cwd=cwd, timeout=300)


def report(out, *args, cwd=SRC):
    r = run("report", *args, "-o", out, cwd=cwd)
    data = open(out, "rb").read() if os.path.exists(out) else None
    return r, data


def check_golden(tmp, regen):
    for kind in KINDS:
        out = os.path.join(tmp, "golden." + kind)
        r, data = report(out, INPUTS, "-j", "2")
        expect(f"golden {kind}: exit 1 (some inputs are invalid)", r.returncode == 1, r.stderr)
        path = os.path.join(GOLDEN, "report." + kind)
        if regen:
            with open(path, "wb") as f:
                f.write(data)
            continue
        want = open(path, "rb").read()
        expect(f"golden report.{kind}", data == want, f"\n--- got\n{data.decode(errors='replace')[:1500]}")


def check_json_schema(tmp):
    import jsonschema

    schema = json.load(open(os.path.join(SRC, "docs", "report.schema.json")))
    jsonschema.Draft202012Validator.check_schema(schema)
    validator = jsonschema.Draft202012Validator(schema)
    out = os.path.join(tmp, "r.json")
    report(out, INPUTS, "--strict")
    doc = json.load(open(out))
    errors = list(validator.iter_errors(doc))
    expect("JSON report validates against docs/report.schema.json", not errors, [e.message for e in errors[:5]])
    expect("--strict is recorded", doc["level"] == "strict")
    # totals agree with the files
    files = doc["files"]
    t = doc["totals"]
    expect("totals.files", t["files"] == len(files))
    for key in ("errors", "warnings", "notes"):
        expect(f"totals.{key}", t[key] == sum(f[key] for f in files))
    for level in ("compatible", "strict"):
        invalid = sum(1 for f in files if not f["valid"][level])
        expect(f"totals.{level}", t[level] == {"valid": len(files) - invalid, "invalid": invalid})
    counted = {}
    for f in files:
        for d in f["diagnostics"]:
            key = (d["code"], f["format"])
            counted[key] = counted.get(key, 0) + 1
    matrix = {(c["code"], c["format"]): c["count"] for c in doc["matrix"]}
    expect("matrix counts the diagnostics", matrix == counted, (matrix, counted))
    expect("files sorted by path", [f["path"] for f in files] == sorted(f["path"] for f in files))
    expect("unknown files are left out", not any(f["path"].endswith("notes.txt") for f in files))
    versions = {os.path.basename(f["path"]): f["version"] for f in files}
    expect("versions", versions.get("bounce.anim") == "1.1" and versions.get("camera_only_v11.bin") == "1.1" and
           versions.get("vec_raw_curve.animx") == "1" and versions.get("bad-member-order.animj") is None, versions)
    return doc


def check_junit(tmp):
    out = os.path.join(tmp, "r.xml")
    report(out, INPUTS)
    jout = os.path.join(tmp, "c.json")
    report(jout, INPUTS)
    doc = json.load(open(jout))
    root = ET.parse(out).getroot()
    expect("junit root is testsuites", root.tag == "testsuites")
    suites = root.findall("testsuite")
    expect("one testsuite", len(suites) == 1)
    suite = suites[0]
    cases = suite.findall("testcase")
    failed = [c for c in cases if c.find("failure") is not None]
    errored = [c for c in cases if c.find("error") is not None]
    files = doc["files"]
    expect("junit: a testcase per file", len(cases) == len(files) == int(suite.get("tests")) == int(root.get("tests")))
    n_fail = sum(1 for f in files if f["status"] == "invalid")
    n_err = sum(1 for f in files if f["status"] == "unreadable")
    expect("junit: failures agree", len(failed) == n_fail == int(suite.get("failures")) == int(root.get("failures")))
    expect("junit: errors agree", len(errored) == n_err == int(suite.get("errors")) == int(root.get("errors")))
    for c, f in zip(cases, files):
        expect("junit: testcase names the file", c.get("name") == f["path"] and c.get("classname"))
        body = c.find("failure")
        if body is not None:
            lines = [l for l in (body.text or "").splitlines() if l]
            expect(f"junit: failure of {f['path']} lists its diagnostics", len(lines) == len(f["diagnostics"]))
    # the shape of the common JUnit XSD: only known elements and attributes
    allowed = {
        "testsuites": {"name", "tests", "failures", "errors", "skipped", "time"},
        "testsuite": {"name", "tests", "failures", "errors", "skipped", "time", "timestamp", "hostname", "id"},
        "properties": set(), "property": {"name", "value"},
        "testcase": {"name", "classname", "time", "file", "line"},
        "failure": {"message", "type"}, "error": {"message", "type"}, "skipped": {"message"},
        "system-out": set(), "system-err": set(),
    }
    bad = [(e.tag, set(e.attrib) - allowed.get(e.tag, set())) for e in root.iter()
           if e.tag not in allowed or set(e.attrib) - allowed[e.tag]]
    expect("junit: XSD shape", not bad, bad)


def check_sarif(tmp):
    out = os.path.join(tmp, "r.sarif")
    report(out, INPUTS)
    log = json.load(open(out))
    doc = json.load(open(os.path.join(tmp, "c.json")))
    results = log["runs"][0]["results"]
    want = sum(len(f["diagnostics"]) for f in doc["files"])
    expect("sarif: a result per diagnostic", len(results) == want, (len(results), want))
    schema_path = os.path.join(SRC, ".deps", "sarif-2.1.0-rtm.5.json")
    if os.path.exists(schema_path):
        import jsonschema
        v = jsonschema.Draft4Validator(json.load(open(schema_path)))
        errors = list(v.iter_errors(log))
        expect("sarif report validates against SARIF 2.1.0", not errors, [e.message for e in errors[:3]])


def check_html(tmp):
    import html5lib

    out = os.path.join(tmp, "r.html")
    r, data = report(out, INPUTS)
    text = data.decode("utf-8")
    try:
        html5lib.HTMLParser(strict=True).parse(text)
        ok, why = True, ""
    except Exception as e:  # html5lib raises ParseError with the position
        ok, why = False, str(e)
    expect("HTML report parses as HTML5", ok, why)
    svgs = re.findall(r"<svg\b.*?</svg>", text, re.S)
    expect("HTML report has plots", len(svgs) >= 3, len(svgs))
    for s in svgs:
        try:
            ET.fromstring(s)
        except ET.ParseError as e:
            expect("inline SVG parses as XML", False, e)
    expect("HTML is self-contained", not re.search(r"<(script|link|img|iframe)\b|url\(|@import|src=", text))
    expect("HTML has a CSP", "Content-Security-Policy" in text)


def check_behaviour(tmp):
    # -j 1 and -j 2: the same bytes, for every kind
    for kind in KINDS + ("html",):
        a, b = os.path.join(tmp, "j1." + kind), os.path.join(tmp, "j2." + kind)
        report(a, INPUTS, "-j", "1")
        report(b, "-j2", INPUTS)
        expect(f"-j 1 and -j 2 agree ({kind})", open(a, "rb").read() == open(b, "rb").read())
    # a folder with a link loop, a dangling link and a valid file
    tree = os.path.join(tmp, "tree")
    os.makedirs(os.path.join(tree, "sub"))
    shutil.copy(os.path.join(SRC, INPUTS, "bounce.anim"), os.path.join(tree, "sub", "ok.anim"))
    os.symlink("..", os.path.join(tree, "sub", "loop"))
    os.symlink("/nonexistent/x.anim", os.path.join(tree, "dangling.anim"))
    out = os.path.join(tmp, "tree.json")
    r, data = report(out, tree, "-q")
    doc = json.loads(data)
    paths = {os.path.relpath(f["path"], tree): f for f in doc["files"]}
    expect("loop: each file once", sorted(paths) == ["dangling.anim", "sub/ok.anim"], sorted(paths))
    d = paths.get("dangling.anim")
    expect("unreadable file listed", d and d["status"] == "unreadable" and
           d["diagnostics"][0]["code"] == "animkit.input.unreadable", d)
    expect("unreadable file: exit 1", r.returncode == 1, r.returncode)
    expect("quiet: nothing on stderr", r.stderr == b"", r.stderr)
    # all valid: exit 0
    os.unlink(os.path.join(tree, "dangling.anim"))
    r, _ = report(out, tree)
    expect("all valid: exit 0", r.returncode == 0, r.stderr)
    expect("summary on stderr", b"1 file" in r.stderr, r.stderr)
    # usage
    for args in ([], [INPUTS], [INPUTS, "-o", os.path.join(tmp, "x.pdf")], [INPUTS, "-o", "x.md", "-j", "0"],
                 [INPUTS, "-o", "x.md", "--bogus"]):
        r = run("report", *args)
        expect(f"usage {args}", r.returncode == 2, r.returncode)
    r = run("report", "--help")
    expect("report --help", r.returncode == 0 and b"usage: animkit report" in r.stdout)
    # cannot be written: exit 2, nothing left behind (and an old report untouched)
    ro = os.path.join(tmp, "missing-dir", "r.md")
    r = run("report", INPUTS, "-o", ro)
    expect("unwritable report: exit 2", r.returncode == 2 and not os.path.exists(ro), r.stderr)
    old = os.path.join(tmp, "old.md")
    with open(old, "w") as f:
        f.write("old\n")
    r = run("report", os.path.join(tmp, "nonexistent-input"), "-o", old)
    expect("a missing input: exit 2, OUT untouched", r.returncode == 2 and open(old, "rb").read() == b"old\n" and
           b"nonexistent-input: No such file or directory" in r.stderr, r.stderr)
    r = run("report", INPUTS, os.path.join(tmp, "nonexistent-input"), "-o", old)
    expect("a missing input among others: exit 2, OUT untouched", r.returncode == 2 and
           open(old, "rb").read() == b"old\n", r.stderr)
    # a file named on the command line is checked whatever its name
    r, data = report(os.path.join(tmp, "named.json"), os.path.join(SRC, INPUTS, "notes.txt"))
    named = json.loads(data)["files"]
    expect("a named file of no format is reported", r.returncode == 1 and len(named) == 1 and
           named[0]["diagnostics"][0]["code"] == "animkit.input.unknown-format", named)
    leftovers = [n for n in os.listdir(tmp) if ".tmp-" in n]
    expect("no temporary files left", not leftovers, leftovers)
    # the progress line: on a terminal only
    import pty
    master, slave = pty.openpty()
    out = os.path.join(tmp, "tty.md")
    r = subprocess.run([CLI, "report", INPUTS, "-o", out], stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                       stderr=slave, cwd=SRC, timeout=300)
    os.close(slave)
    shown = b""
    try:
        while True:
            chunk = os.read(master, 65536)
            if not chunk:
                break
            shown += chunk
    except OSError:
        pass
    os.close(master)
    expect("progress line on a terminal", b"\r" in shown and re.search(rb"(\d+)/\1 ", shown), shown)
    # it counts the files that will be checked: notes.txt is not one
    checked = len(json.loads(report(os.path.join(tmp, "count.json"), INPUTS)[1])["files"])
    totals = set(re.findall(rb"\d+/(\d+) ", shown))
    expect("the progress line counts the files checked", totals == {str(checked).encode()}, (checked, shown))
    r = run("report", INPUTS, "-o", out)
    expect("no progress line when stderr is no terminal", b"\r" not in r.stderr and b"/8 " not in r.stderr, r.stderr)
    # a folder with nothing to check: exit 2 with one line, as validate,
    # unless --allow-empty; OUT is not written
    empty = os.path.join(tmp, "empty")
    os.makedirs(empty)
    text_only = os.path.join(tmp, "text-only")
    os.makedirs(text_only)
    with open(os.path.join(text_only, "readme.txt"), "w") as f:
        f.write("no animation here\n")
    for folder, what in ((empty, b"no files in it"), (text_only, b"no file of a supported format among its 1 file")):
        out = os.path.join(tmp, "empty.md")
        r, data = report(out, folder)
        lines = r.stderr.decode().strip().splitlines()
        expect(f"{os.path.basename(folder)}: exit 2, one line, nothing written", r.returncode == 2 and
               len(lines) == 1 and what in r.stderr and data is None, (r.returncode, r.stderr))
        r, data = report(os.path.join(tmp, "empty.json"), "--allow-empty", folder)
        expect(f"{os.path.basename(folder)} --allow-empty: exit 0, no files", r.returncode == 0 and
               json.loads(data)["files"] == [], r.stderr)


def parse_points(points):
    return [tuple(map(float, p.split(","))) for p in points.split()]


def sample(path, track, times):
    r = run("sample", path, "--track", str(track), "--times", times)
    rows = [line.split("\t") for line in r.stdout.decode().splitlines()]
    return [(float(row[0]), [float(x) for x in row[1:]]) for row in rows]


def check_plot(tmp):
    svg_ns = "{http://www.w3.org/2000/svg}"
    cases = [(f"{INPUTS}/bounce.anim", ["--handles"]),
             (f"{INPUTS}/nested/camera_only_v11.bin", ["--track", "0", "--track", "3", "--from", "-0.1", "--to", "0.4"]),
             (f"{INPUTS}/nested/vec_raw_curve.animx", [])]
    for path, args in cases:
        out = os.path.join(tmp, "plot.svg")
        r = run("plot", path, *args, "-o", out)
        expect(f"plot {path}", r.returncode == 0, r.stderr)
        root = ET.parse(out).getroot()
        area = root.find(f".//{svg_ns}g[@class='ak-area']")
        left, top, width, height = map(float, area.get("data-box").split())
        vmin, vmax = map(float, area.get("data-value-range").split())
        t0, t1 = map(float, area.get("data-time-range").split())
        lines = area.findall(f"{svg_ns}polyline")
        expect(f"plot {path}: polylines", len(lines) >= 1)
        for line in lines:
            track, comp = int(line.get("data-track")), int(line.get("data-component"))
            pts = parse_points(line.get("points"))
            want = sample(path, track, line.get("data-times"))
            expect(f"plot {path} track {track}: as many points as sample gives", len(pts) == len(want),
                   (len(pts), len(want)))
            tol_v = (vmax - vmin) / height * 0.0051
            tol_t = (t1 - t0) / width * 0.0051
            bad = [(x, y, t, v) for (x, y), (t, v) in zip(pts, want)
                   if abs(t0 + (x - left) / width * (t1 - t0) - t) > tol_t + 1e-12 or
                   abs(vmax - (y - top) / height * (vmax - vmin) - v[comp]) > tol_v + 1e-12]
            expect(f"plot {path} track {track}.{comp}: points agree with sample", not bad, bad[:3])
    r = run("plot", f"{INPUTS}/bounce.anim", "--target", "ball.rotate.rotateZ", "-o", os.path.join(tmp, "t.svg"))
    root = ET.parse(os.path.join(tmp, "t.svg")).getroot()
    tracks = {l.get("data-track") for l in root.iter(f"{svg_ns}polyline")}
    expect("plot --target", r.returncode == 0 and tracks == {"1"}, (r.stderr, tracks))
    r = run("plot", f"{INPUTS}/bounce.anim", "--target", "nothing", "-o", os.path.join(tmp, "n.svg"))
    expect("plot --target unknown", r.returncode == 1 and b"animkit.sample.no-track" in r.stdout + r.stderr)
    r = run("plot", f"{INPUTS}/bounce.anim", "--track", "9", "-o", os.path.join(tmp, "n.svg"))
    expect("plot --track out of range", r.returncode == 1 and not os.path.exists(os.path.join(tmp, "n.svg")))
    r = run("plot", f"{INPUTS}/bounce.anim")
    expect("plot without -o", r.returncode == 2)
    r = run("plot", "--help")
    expect("plot --help", r.returncode == 0 and b"usage: animkit plot" in r.stdout)
    r = run("plot", f"{INPUTS}/bounce.anim", "--from", "2", "--to", "1", "-o", "x.svg")
    expect("plot --to before --from", r.returncode == 2)
    r = run("plot", f"{INPUTS}/nested/warn-duplicate-member.json", "-o", os.path.join(tmp, "j.svg"))
    expect("plot of a format without curves", r.returncode == 1 and b"animkit.convert.unsupported" in r.stdout + r.stderr)
    r = run("plot", f"{INPUTS}/nested/camera_only_v11.bin", "--track", "3", "--track", "4", "--track", "5",
            "--track", "6", "--euler", "-o", os.path.join(tmp, "e.svg"))
    expect("plot --euler", r.returncode == 0, r.stderr)
    for cmd in ("sample", "plot"):
        r = run(cmd, "--list", f"{INPUTS}/bounce.anim")
        lines = r.stdout.decode().splitlines()
        expect(f"{cmd} --list", r.returncode == 0 and lines[0].split() ==
               ["track", "target", "name", "type", "kind", "keys", "from", "to", "unit"] and
               lines[1].split()[2:6] == ["ball.translate.translateY", "double", "curve", "3"] and
               lines[1].split()[-1] == "cm", lines)


def check_own_outputs(tmp):
    """A report never replaces a file it checks, and never checks a report
    of animkit's: its own output of an earlier run, written into the folder
    it scans, or any report animkit wrote there."""
    work = os.path.join(tmp, "own")
    os.makedirs(work)
    shutil.copy(os.path.join(SRC, INPUTS, "bounce.anim"), work)
    with open(os.path.join(work, "plain.json"), "w") as f:
        f.write('{"a": 1}\n')
    for kind in KINDS + ("html",):
        out = os.path.join(work, "report." + kind)
        first = run("report", work, "-o", out)
        second = run("report", work, "-o", out)
        counts = [re.search(rb": (\d+) files?,", r.stderr) for r in (first, second)]
        expect(f"{kind}: a report in the scanned folder is not checked next time",
               first.returncode == 0 and second.returncode == 0 and all(counts) and
               counts[0].group(1) == counts[1].group(1) == b"2", (first.stderr, second.stderr))
    r, data = report(os.path.join(tmp, "after.json"), work)
    paths = [f["path"] for f in json.loads(data)["files"]]
    expect("reports of every kind are left out", r.returncode == 0 and len(paths) == 2 and
           not any("report." in p for p in paths), paths)
    # a file the run checks is never its output: named, linked or found in a folder
    before = open(os.path.join(work, "plain.json"), "rb").read()
    os.symlink(os.path.join(work, "plain.json"), os.path.join(tmp, "link.json"))
    for args in ((work, "-o", os.path.join(work, "plain.json")), (work, "-o", os.path.join(tmp, "link.json")),
                 (os.path.join(work, "plain.json"), "-o", os.path.join(tmp, "link.json"))):
        r = run("report", *args)
        expect(f"report {os.path.basename(args[0])} -o {os.path.basename(args[-1])} is refused",
               r.returncode == 2 and b"is an input of this command" in r.stderr and
               open(os.path.join(work, "plain.json"), "rb").read() == before, r.stderr)
    # a FIFO in a folder is listed as not checked, never opened
    if hasattr(os, "mkfifo"):
        os.mkfifo(os.path.join(work, "pipe.anim"))
        r, data = report(os.path.join(tmp, "fifo.json"), work)
        listed = [f for f in json.loads(data)["files"] if f["path"].endswith("pipe.anim")]
        expect("a FIFO is listed as not checked", len(listed) == 1 and listed[0]["status"] == "unreadable" and
               "FIFO" in listed[0]["diagnostics"][0]["message"], listed)
        os.unlink(os.path.join(work, "pipe.anim"))
    # the options of the commands that read Prime ANIM
    r = run("report", "--game", "mp1", "--format-option", "s32_totals", work, "-o", os.path.join(tmp, "g.json"))
    expect("report takes --game and --format-option", r.returncode == 0, r.stderr)
    r = run("report", "--game", "mp3", work, "-o", os.path.join(tmp, "g.json"))
    expect("report --game mp3 is a usage error", r.returncode == 2, r.stderr)
    # every diagnostic is counted, those not shown too, in the totals and the matrix
    many = os.path.join(tmp, "many")
    os.makedirs(many)
    with open(os.path.join(many, "dup.json"), "w") as f:
        f.write("{" + ",".join('"a":1' for _ in range(3079)) + "}")
    r, data = report(os.path.join(tmp, "many.json"), many)
    doc = json.loads(data)
    f = doc["files"][0]
    cells = [c for c in doc["matrix"] if c["code"] == "json.object.duplicate-member"]
    expect("3078 warnings counted, 2078 not shown", f["warnings"] == 3078 and f["unshown"] == 2078 and
           len(f["diagnostics"]) == 1000 and doc["totals"]["warnings"] == 3078 and cells and
           cells[0]["count"] == 3078, (f["warnings"], f["unshown"], cells))
    r, data = report(os.path.join(tmp, "many.md"), many)
    expect("the Markdown report says how many are not shown", b"2078 more warnings and notes not shown" in data)


def main():
    regen = "--regen" in sys.argv
    try:
        import jsonschema  # noqa: F401
        import html5lib  # noqa: F401
    except ImportError as e:
        skip_or_fail(f"{e.name} is missing (scripts/install-deps installs python3-jsonschema, python3-html5lib)")
    with tempfile.TemporaryDirectory() as tmp:
        check_golden(tmp, regen)
        if regen:
            print("golden reports rewritten")
            return 0
        check_json_schema(tmp)
        check_junit(tmp)
        check_sarif(tmp)
        check_html(tmp)
        check_behaviour(tmp)
        check_own_outputs(tmp)
        check_plot(tmp)
    return summary()


if __name__ == "__main__":
    sys.exit(main())
