# The WebAssembly build (docs/wasm.md) in the tests: where its toolchain is
# installed (scripts/install-deps wasm; under CI, install-deps test installs
# it too), this build also makes animkit.wasm, in ${CMAKE_BINARY_DIR}/wasm,
# with this build's animgen, and the tests wasm.* compare it with the native
# command line and run the playground page in headless Chromium. Elsewhere
# they skip, saying what is missing. Not in the sanitizer and fuzzing
# builds: the module has no sanitizers, and the native side is the normal
# build's.
set(AK_WASM_MISSING "")
if(AK_SANITIZE OR AK_FUZZ)
  set(AK_WASM_MISSING "not built with the sanitizers")
else()
  find_program(AK_WASM_CC NAMES clang-14 clang)
  find_program(AK_WASM_LD NAMES wasm-ld-14 wasm-ld)
  file(GLOB AK_WASM_BUILTINS /usr/lib/llvm-*/lib/clang/*/lib/wasi/libclang_rt.builtins-wasm32.a)
  file(GLOB AK_WASM_CODECS ${CMAKE_SOURCE_DIR}/.deps/wasm/xz-utils-*/src/liblzma/api/lzma.h
                           ${CMAKE_SOURCE_DIR}/.deps/wasm/lz4-*/lib/lz4.c)
  list(LENGTH AK_WASM_CODECS AK_WASM_CODEC_COUNT)
  if(NOT AK_WASM_CC)
    set(AK_WASM_MISSING "clang is not installed")
  elseif(NOT AK_WASM_LD)
    set(AK_WASM_MISSING "wasm-ld (lld) is not installed")
  elseif(NOT EXISTS /usr/lib/wasm32-wasi/libc.a)
    set(AK_WASM_MISSING "wasi-libc is not installed")
  elseif(NOT AK_WASM_BUILTINS)
    set(AK_WASM_MISSING "libclang-rt-14-dev-wasm32 is not installed")
  elseif(AK_WASM_CODEC_COUNT LESS 2)
    set(AK_WASM_MISSING "the xz-utils and lz4 sources are not in .deps/wasm")
  endif()
endif()

set(AK_WASM_MODULE "")
if(AK_WASM_MISSING STREQUAL "")
  include(ExternalProject)
  ExternalProject_Add(animkit_wasm_build
    SOURCE_DIR ${CMAKE_SOURCE_DIR}
    BINARY_DIR ${CMAKE_BINARY_DIR}/wasm
    CMAKE_ARGS -DCMAKE_TOOLCHAIN_FILE=${CMAKE_SOURCE_DIR}/cmake/wasm32-wasi.cmake -DCMAKE_BUILD_TYPE=MinSizeRel
               -DAK_HOST_ANIMGEN=$<TARGET_FILE:animgen>
    BUILD_ALWAYS ON
    INSTALL_COMMAND ""
    DEPENDS animgen)
  set(AK_WASM_MODULE ${CMAKE_BINARY_DIR}/wasm/animkit.wasm)
  message(STATUS "WebAssembly: animkit.wasm is built into ${CMAKE_BINARY_DIR}/wasm for the tests wasm.*")
elseif(NOT AK_SANITIZE AND NOT AK_FUZZ)
  message(STATUS "WebAssembly: not built (${AK_WASM_MISSING}; scripts/install-deps wasm): the tests wasm.* skip")
endif()

set(AK_WASM_TEST_ENV ${AK_TEST_ENV} AK_WASM_MODULE=${AK_WASM_MODULE} "AK_WASM_MISSING=${AK_WASM_MISSING}")
if(NOT AK_SANITIZE AND NOT AK_FUZZ)
  # every conformance case and example: animkit.wasm == animkit, byte for byte
  add_test(NAME wasm.differential COMMAND ${AK_SYSTEM_PYTHON} ${CMAKE_CURRENT_LIST_DIR}/check_differential.py)
  set_tests_properties(wasm.differential PROPERTIES ENVIRONMENT "${AK_WASM_TEST_ENV}" SKIP_RETURN_CODE 77
                       WORKING_DIRECTORY ${CMAKE_SOURCE_DIR} LABELS wasm TIMEOUT 900)
  # the playground page in headless Chromium: run alone with `ctest -L browser`
  add_test(NAME wasm.browser COMMAND ${AK_SYSTEM_PYTHON} ${CMAKE_CURRENT_LIST_DIR}/check_page.py)
  set_tests_properties(wasm.browser PROPERTIES ENVIRONMENT "${AK_WASM_TEST_ENV}" SKIP_RETURN_CODE 77
                       WORKING_DIRECTORY ${CMAKE_SOURCE_DIR} LABELS "wasm;browser" TIMEOUT 300)
endif()
# the page's files name nothing outside their folder
add_test(NAME wasm.offline COMMAND ${AK_SYSTEM_PYTHON} ${CMAKE_CURRENT_LIST_DIR}/check_offline.py)
set_tests_properties(wasm.offline PROPERTIES ENVIRONMENT "${AK_TEST_ENV}" WORKING_DIRECTORY ${CMAKE_SOURCE_DIR}
                     LABELS wasm)
