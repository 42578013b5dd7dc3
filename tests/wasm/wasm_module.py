"""What the tests wasm.* share: the module the build made (AK_WASM_MODULE),
and skipping when it was not made (exit 77 with the reason), except under
CI, where scripts/install-deps test installs the toolchain and a missing
module is a failure."""
import os

SKIP = 77
WASM = os.environ.get("AK_WASM_MODULE", "")
WHY_MISSING = os.environ.get("AK_WASM_MISSING", "")


def skip_or_fail(why):
    if os.environ.get("CI"):
        print("FAIL: " + why)
        return 1
    print("SKIP: " + why)
    return SKIP


def missing_module():
    """None when animkit.wasm is there, else the exit status to end with."""
    if WASM and os.path.exists(WASM):
        return None
    return skip_or_fail("animkit.wasm was not built: " + (WHY_MISSING or "no WebAssembly toolchain") +
                        " (scripts/install-deps wasm installs it)")
