#!/usr/bin/env python3
"""`cmake --install` into an empty prefix gives the tree issue 16 lists, and a
program that uses animkit builds there: examples/c-api with pkg-config
(shared and --static) and with find_package(animkit CONFIG) (animkit::animkit
and animkit::animkit_static), and a plug-in (a shared object) with the static
archive linked in; docs/api.md's example. Each program runs."""
import ctypes
import glob
import os
import re
import shlex
import shutil
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
from support import expect, summary  # noqa: E402

BIN = os.environ["AK_BINARY_DIR"]
SRC = os.environ["AK_SOURCE_DIR"]
CC = os.environ.get("AK_CC") or "cc"
FLAGS = shlex.split(os.environ.get("AK_CONSUMER_FLAGS", ""))
SANITIZED = os.environ.get("AK_SANITIZED") == "1"
EXAMPLE = os.path.join(SRC, "examples", "c-api")


def run(cmd, **kw):
    return subprocess.run(cmd, capture_output=True, text=True, **kw)


def check_program(name, exe, env):
    """The example: the built-in AnimJ buffer has one error; bounce.anim none."""
    r = run([exe], env=env)
    expect(f"{name}: the buffer's error", r.returncode == 1 and "error [animj.key.interpolation]" in r.stdout,
           (r.returncode, r.stdout, r.stderr))
    good = os.path.join(SRC, "examples", "maya", "bounce.anim")
    r = run([exe, good], env=env)
    expect(f"{name}: a valid file", r.returncode == 0 and "maya, 0 error(s)" in r.stdout,
           (r.returncode, r.stdout, r.stderr))


def needed(exe):
    out = run(["readelf", "-d", exe]).stdout
    return [l.split("[")[1].rstrip("]") for l in out.splitlines() if "(NEEDED)" in l]


def tree(prefix):
    rel = sorted(os.path.relpath(p, prefix) for p in glob.glob(os.path.join(prefix, "**"), recursive=True))
    libdirs = [os.path.dirname(p) for p in rel if p.endswith("libanimkit.a")]
    expect("one library folder", len(libdirs) == 1, rel)
    libdir = libdirs[0] if libdirs else "lib"
    want = ["bin/animkit", "include/animkit/animkit.h",
            f"{libdir}/libanimkit.a", f"{libdir}/libanimkit.so", f"{libdir}/pkgconfig/animkit.pc",
            f"{libdir}/cmake/animkit/animkitConfig.cmake", f"{libdir}/cmake/animkit/animkitConfigVersion.cmake",
            f"{libdir}/cmake/animkit/animkitTargets.cmake",
            "share/man/man1/animkit.1", "share/man/man1/animkit-validate.1",
            "share/bash-completion/completions/animkit", "share/zsh/site-functions/_animkit",
            "share/animkit/schemas/animj.schema.json", "share/animkit/schemas/animx.dump.schema.json",
            "share/animkit/schemas/maya.dump.schema.json", "share/doc/animkit/LICENSE"]
    missing = [w for w in want if w not in rel]
    expect("the installed tree", not missing, f"missing {missing}; installed {rel}")
    so = os.path.join(prefix, libdir, "libanimkit.so")
    real = os.path.realpath(so)
    expect("libanimkit.so -> libanimkit.so.SOVERSION -> libanimkit.so.MAJOR.MINOR.PATCH",
           os.path.islink(so) and re.fullmatch(r"libanimkit\.so\.\d+\.\d+\.\d+", os.path.basename(real)) and
           os.path.islink(os.path.join(prefix, libdir, os.readlink(so))), (so, real))
    return os.path.join(prefix, libdir)


def main():
    with tempfile.TemporaryDirectory() as tmp:
        prefix = os.path.join(tmp, "prefix")
        r = run(["cmake", "--install", BIN, "--prefix", prefix])
        if not expect("cmake --install", r.returncode == 0, r.stderr):
            return 1
        libdir = tree(prefix)
        env = {**os.environ, "LD_LIBRARY_PATH": libdir, "PKG_CONFIG_PATH": os.path.join(libdir, "pkgconfig")}
        v = run([os.path.join(prefix, "bin", "animkit"), "--version"])
        expect("the installed animkit runs", v.returncode == 0 and v.stdout.startswith("animkit "), v)

        # pkg-config
        pc = run(["pkg-config", "--libs", "animkit"], env=env)
        pcs = run(["pkg-config", "--static", "--libs", "animkit"], env=env)
        cflags = shlex.split(run(["pkg-config", "--cflags", "animkit"], env=env).stdout)
        expect("pkg-config knows animkit", pc.returncode == 0, pc.stderr)
        expect("pkg-config --static adds liblzma, liblz4 and libm",
               all(f in pcs.stdout.split() for f in ("-llzma", "-llz4", "-lm")), pcs.stdout + pcs.stderr)
        # examples/c-api/Makefile, in a copy of the folder
        for static in (False, True):
            name = "pkg-config" + (" (STATIC=1)" if static else "")
            work = os.path.join(tmp, "make-static" if static else "make")
            shutil.copytree(EXAMPLE, work)
            r = run(["make", "-C", work, f"CC={CC}", f"CFLAGS={' '.join(FLAGS)} -Wall -Wextra -Werror",
                     f"LDFLAGS={' '.join(FLAGS)}"] + (["STATIC=1"] if static else []), env=env)
            if expect(f"builds with {name}", r.returncode == 0, r.stdout + r.stderr):
                exe = os.path.join(work, "validate_buffer")
                linked = any(n.startswith("libanimkit.so") for n in needed(exe))
                expect(f"{name} links the {'archive' if static else 'shared library'}", linked != static, needed(exe))
                check_program(name, exe, env)
        libs = ["-l:libanimkit.a" if f == "-lanimkit" else f for f in shlex.split(pcs.stdout)]

        # the example of docs/api.md prints what the page says it prints
        doc = open(os.path.join(SRC, "docs", "api.md"), encoding="utf-8").read()
        code = re.search(r"## A complete example\n\n```c\n(.*?)```", doc, re.S)
        printed = re.search(r"It prints\n\n```\n(.*?)```", doc, re.S)
        if expect("docs/api.md has its example", code and printed):
            api_c = os.path.join(tmp, "api_example.c")
            with open(api_c, "w", encoding="utf-8") as f:
                f.write(code.group(1))
            exe = os.path.join(tmp, "api_example")
            r = run([CC, *FLAGS, "-std=c11", "-Wall", "-Wextra", "-Werror", *cflags, api_c, "-o", exe,
                     *shlex.split(pc.stdout)], env=env)
            if expect("docs/api.md's example builds", r.returncode == 0, r.stderr):
                r = run([exe], env=env)
                expect("docs/api.md's example prints what the page says", r.returncode == 1 and
                       r.stdout == printed.group(1), (r.stdout, printed.group(1)))

        # find_package
        for static in (False, True):
            build = os.path.join(tmp, "cmake-static" if static else "cmake")
            flags = " ".join(FLAGS)
            r = run(["cmake", "-S", EXAMPLE, "-B", build, f"-DCMAKE_PREFIX_PATH={prefix}", f"-DCMAKE_C_COMPILER={CC}",
                     f"-DCMAKE_C_FLAGS={flags}", f"-DCMAKE_EXE_LINKER_FLAGS={flags}",
                     f"-DANIMKIT_STATIC={'ON' if static else 'OFF'}"], env=env)
            if r.returncode == 0:
                r = run(["cmake", "--build", build], env=env)
            name = "find_package" + (" (animkit::animkit_static)" if static else " (animkit::animkit)")
            if expect(f"builds with {name}", r.returncode == 0, r.stdout[-2000:] + r.stderr):
                exe = os.path.join(build, "validate_buffer")
                linked = any(n.startswith("libanimkit.so") for n in needed(exe))
                expect(f"{name} links the {'archive' if static else 'shared library'}", linked != static, needed(exe))
                check_program(name, exe, env)

        # a plug-in with the static archive inside (position-independent)
        plugin = os.path.join(tmp, "plugin.so")
        defs = [] if SANITIZED else ["-Wl,-z,defs"]
        r = run([CC, *FLAGS, "-shared", "-fPIC", *cflags, os.path.join(SRC, "tests", "library", "plugin.c"),
                 "-o", plugin, *defs, *libs], env=env)
        if expect("a shared object links libanimkit.a", r.returncode == 0, r.stderr) and not SANITIZED:
            lib = ctypes.CDLL(plugin)
            lib.plugin_errors.argtypes = [ctypes.c_char_p, ctypes.c_char_p, ctypes.c_size_t]
            good = open(os.path.join(SRC, "examples", "maya", "bounce.anim"), "rb").read()
            bad = b'{"name": 1, "tracks": []}'
            expect("the plug-in validates", lib.plugin_errors(b"bounce.anim", good, len(good)) == 0 and
                   lib.plugin_errors(b"x.animj", bad, len(bad)) > 0)
    return summary()


if __name__ == "__main__":
    sys.exit(main())
