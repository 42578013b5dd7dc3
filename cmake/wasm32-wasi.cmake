# Toolchain of the WebAssembly build (make wasm, docs/wasm.md): Debian's
# clang and wasm-ld for wasm32-wasi, with the wasi-libc package as the
# sysroot (its headers and libraries are in the multiarch folders
# /usr/include/wasm32-wasi and /usr/lib/wasm32-wasi) and compiler-rt's
# builtins from libclang-rt-14-dev-wasm32. scripts/install-deps wasm
# installs them.
set(CMAKE_SYSTEM_NAME WASI)
list(APPEND CMAKE_MODULE_PATH ${CMAKE_CURRENT_LIST_DIR}) # Platform/WASI.cmake
set(CMAKE_SYSTEM_PROCESSOR wasm32)
set(CMAKE_SYSTEM_VERSION 1)

find_program(AK_WASM_CLANG NAMES clang-14 clang)
set(CMAKE_C_COMPILER ${AK_WASM_CLANG})
set(CMAKE_C_COMPILER_TARGET wasm32-wasi)
# The Debian packages' multiarch layout under /usr, given to clang as its
# sysroot (not as CMAKE_SYSROOT, which would also re-root the host tools'
# searches: re2c, lemon's template).
set(CMAKE_C_FLAGS_INIT "--sysroot=/usr")
# No program runs at configure time: the compiler checks build a library.
set(CMAKE_TRY_COMPILE_TARGET_TYPE STATIC_LIBRARY)
