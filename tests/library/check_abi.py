#!/usr/bin/env python3
"""libanimkit's binary interface: the shared library exports exactly the
functions and objects include/animkit/animkit.h declares (all prefixed ak_),
its soname carries the version (MAJOR, or 0.MINOR before 1.0), and no object of the library has
writable data (.data, .bss, thread-local storage): the library keeps no state
of its own that two threads, or two callers in one process, could share.

usage: check_abi.py LIBANIMKIT.so LIBANIMKIT.a animkit.h SOVERSION SANITIZED

SANITIZED (1 or 0): the sanitizers' instrumentation adds writable data of
its own (UBSan's source locations, ASan's globals); the data check is made
in the build without them."""
import os
import re
import subprocess
import sys
import tempfile

failures = 0


def expect(name, cond, detail=""):
    global failures
    if not cond:
        failures += 1
        print(f"FAIL {name}: {detail}"[:3000])


def declared(header):
    text = open(header, encoding="utf-8").read()
    text = re.sub(r"/\*.*?\*/", "", text, flags=re.S)
    names = set(re.findall(r"\b(ak_[a-z0-9_]+)\s*\(", text))
    names |= set(re.findall(r"\bextern\s+const\s+\w+\s+(ak_[a-z0-9_]+)\s*;", text))
    # typedef'd function pointer types are not symbols
    names -= set(re.findall(r"typedef\s+[^;]*\(\s*\*\s*(ak_[a-z0-9_]+)\s*\)", text))
    return names


def main():
    so, archive, header, soversion, sanitized = sys.argv[1:6]
    out = subprocess.run(["nm", "-D", "--defined-only", so], capture_output=True, text=True, check=True).stdout
    exported = {line.split()[-1] for line in out.splitlines() if line.strip()}
    stray = sorted(n for n in exported if not n.startswith("ak_"))
    expect("only ak_ symbols are exported", not stray, stray)
    decl = declared(header)
    expect("every exported symbol is declared in animkit.h", exported <= decl, sorted(exported - decl))
    expect("everything animkit.h declares is exported", decl <= exported, sorted(decl - exported))

    dyn = subprocess.run(["readelf", "-d", so], capture_output=True, text=True, check=True).stdout
    soname = re.search(r"\(SONAME\)\s+Library soname: \[([^\]]+)\]", dyn)
    expect("versioned soname", soname and soname.group(1) == f"libanimkit.so.{soversion}",
           soname.group(1) if soname else "no SONAME")
    expect("no text relocations (PIC)", "TEXTREL" not in dyn, "TEXTREL")

    # Writable data in the archive's objects (the shared library is made of
    # the same objects). Lemon's parser templates keep a trace FILE* when
    # NDEBUG is not defined (Debug builds); ParseTrace, which sets it, is
    # never called.
    allowed = {"yyTraceFILE", "yyTracePrompt"}
    if sanitized == "1":
        print(f"{len(exported)} exported symbols; {failures} failed (writable data: not checked with sanitizers)")
        return 1 if failures else 0
    with tempfile.TemporaryDirectory() as tmp:
        subprocess.run(["ar", "x", os.path.abspath(archive)], cwd=tmp, check=True)
        found = []
        for obj in sorted(os.listdir(tmp)):
            table = subprocess.run(["objdump", "-t", os.path.join(tmp, obj)], capture_output=True, text=True,
                                   check=True).stdout
            for line in table.splitlines():
                m = re.search(r"\s(\.data|\.bss|\.tdata|\.tbss)(\.\S+)?\s+[0-9a-f]+\s+(\S+)$", line)
                if not m or m.group(3).startswith(".") or " O " not in line:
                    continue
                if m.group(2) and m.group(2).startswith(".rel.ro"):
                    continue  # read-only after relocation
                name = m.group(3).split(".")[0]
                if name not in allowed:
                    found.append(f"{obj}: {m.group(1)}{m.group(2) or ''} {m.group(3)}")
        expect("no writable data in the library", not found, found)
    print(f"{len(exported)} exported symbols; {failures} failed")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
