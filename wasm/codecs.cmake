# The codecs of AnimX (LZMA, LZ4) for the WebAssembly build, compiled from
# the Debian source packages xz-utils and lz4, which `scripts/install-deps
# wasm` unpacks into .deps/wasm/ (apt-get source; never committed). Only
# what formats/animx/animx_compress.c calls is built: liblzma's raw LZMA1
# encoder and decoder with their match finders, and lz4.c + lz4hc.c.
#
# The targets are named lzma and lz4, the names the native build links
# (ak_add_format(animx ... LIBS lzma lz4)), so the library's link line
# finds them; their API folders are include folders of every format.
set(AK_WASM_CODEC_DIR ${CMAKE_SOURCE_DIR}/.deps/wasm CACHE PATH
    "where scripts/install-deps wasm unpacked the xz-utils and lz4 sources")
file(GLOB _xz LIST_DIRECTORIES true ${AK_WASM_CODEC_DIR}/xz-utils-*/src/liblzma)
file(GLOB _lz4 LIST_DIRECTORIES true ${AK_WASM_CODEC_DIR}/lz4-*/lib)
if(NOT _xz OR NOT _lz4)
  message(FATAL_ERROR "the WebAssembly build compiles LZMA and LZ4 from the Debian sources of xz-utils and lz4, "
                      "not found in ${AK_WASM_CODEC_DIR}: run scripts/install-deps wasm")
endif()
list(GET _xz -1 AK_XZ_DIR)
list(GET _lz4 -1 AK_LZ4_DIR)
message(STATUS "AnimX codecs from ${AK_XZ_DIR} and ${AK_LZ4_DIR}")

add_library(lzma STATIC
  ${AK_XZ_DIR}/common/common.c ${AK_XZ_DIR}/common/filter_common.c
  ${AK_XZ_DIR}/common/filter_encoder.c ${AK_XZ_DIR}/common/filter_decoder.c
  ${AK_XZ_DIR}/lz/lz_decoder.c ${AK_XZ_DIR}/lz/lz_encoder.c ${AK_XZ_DIR}/lz/lz_encoder_mf.c
  ${AK_XZ_DIR}/lzma/lzma_decoder.c ${AK_XZ_DIR}/lzma/lzma_encoder.c
  ${AK_XZ_DIR}/lzma/lzma_encoder_optimum_fast.c ${AK_XZ_DIR}/lzma/lzma_encoder_optimum_normal.c
  ${AK_XZ_DIR}/lzma/lzma_encoder_presets.c ${AK_XZ_DIR}/lzma/fastpos_table.c
  ${AK_XZ_DIR}/rangecoder/price_table.c ${AK_XZ_DIR}/check/crc32_table.c)
# What xz's configure would find on WASI, for these files only (no
# config.h): C99 headers, a 32-bit size_t, the LZMA1 coders and every
# match finder the presets use. WASI has no signals: the single-threaded
# mythread.h still names sigset_t (wasm/xz_wasi.h gives it the type).
target_compile_definitions(lzma PRIVATE
  HAVE_STDINT_H HAVE_INTTYPES_H HAVE_STDBOOL_H HAVE__BOOL SIZEOF_SIZE_T=4 HAVE___BUILTIN_BSWAPXX
  HAVE_ENCODER_LZMA1 HAVE_DECODER_LZMA1 HAVE_MF_HC3 HAVE_MF_HC4 HAVE_MF_BT2 HAVE_MF_BT3 HAVE_MF_BT4
  _WASI_EMULATED_SIGNAL)
target_compile_options(lzma PRIVATE -w -include ${CMAKE_SOURCE_DIR}/wasm/xz_wasi.h)
target_include_directories(lzma PRIVATE ${AK_XZ_DIR}/api ${AK_XZ_DIR}/common ${AK_XZ_DIR}/check
  ${AK_XZ_DIR}/lz ${AK_XZ_DIR}/rangecoder ${AK_XZ_DIR}/lzma ${AK_XZ_DIR}/delta ${AK_XZ_DIR}/simple
  ${AK_XZ_DIR}/../common)

add_library(lz4 STATIC ${AK_LZ4_DIR}/lz4.c ${AK_LZ4_DIR}/lz4hc.c)
target_compile_options(lz4 PRIVATE -w)

include_directories(SYSTEM ${AK_XZ_DIR}/api ${AK_LZ4_DIR})
