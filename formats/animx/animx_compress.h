/* AnimX compression hooks: the LZMA framing (`encoding` 2, spec
 * animj-animx.md section 3.5) and the LZ4 chunk stream of Resonite's
 * LZ4Stream (`encoding` 1, section 3.6), both directions.
 *
 * A decoder takes the bytes after the `encoding` byte, reports what is wrong
 * with them through the diagnostics engine (codes of the spec's table 5.2,
 * offsets relative to the file: `base_offset` is the file offset of in[0])
 * and appends the decompressed payload to `out`. Declared sizes are checked
 * against the output cap and against the input before anything is
 * allocated for them. An encoder appends the framed payload to `out` in the
 * canonical form of section 6.2. */
#ifndef AK_FORMATS_ANIMX_COMPRESS_H
#define AK_FORMATS_ANIMX_COMPRESS_H

#include <animkit/animkit.h>

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* The rules the hooks report are entries of the animx format's rule table,
 * generated from animx.layout (animx_compress.c includes animx_layout.h, so
 * that this header needs no generated file). */

/* Section 3.5 framing: 5 property bytes, i64 uncompressed size, i64
 * compressed size, then raw LZMA1. */
#define AK_ANIMX_LZMA_HEADER_SIZE 21u
/* What the engine writes: lc 3, lp 0, pb 2, dictionary 2 MiB. */
#define AK_ANIMX_LZMA_PROPS_BYTE 0x5Du
#define AK_ANIMX_LZMA_DICT_SIZE (UINT32_C(1) << 21)

/* Section 3.6: writers cut the payload into chunks of at most 1 MiB. */
#define AK_ANIMX_LZ4_CHUNK_SIZE ((size_t)1 << 20)
/* Chunk flag bits. */
#define AK_ANIMX_LZ4_COMPRESSED 0x01u
#define AK_ANIMX_LZ4_HIGH_COMPRESSION 0x02u
/* An LZ4 block never expands more than this (a 1-byte token can describe at
 * most 255 bytes of match): rule X22. */
#define AK_ANIMX_LZ4_MAX_RATIO 255u

/* Decodes the LZMA-framed payload in[0..n) (the bytes after `encoding`).
 * max_output 0 means AK_DEFAULT_MAX_OUTPUT. d may be NULL (no reports).
 * Returns true when out received exactly `uncompressed_size` bytes; warnings
 * (size mismatch, trailing bytes) do not make it fail. On failure out may
 * hold a partial payload. */
bool ak_animx_lzma_decode(const uint8_t *in, size_t n, uint64_t max_output, ak_diags *d, uint64_t base_offset,
                          ak_buf *out);
/* Appends the framing of section 3.5 / 6.2 for payload[0..n): props
 * 5D 00 00 20 00, both sizes, raw LZMA1 without an end marker. False when
 * liblzma fails or memory runs out. */
bool ak_animx_lzma_encode(const uint8_t *payload, size_t n, ak_buf *out);

/* Decodes the LZ4 chunk stream in[0..n) (the bytes after `encoding`), as
 * ak_animx_lzma_decode. True when every chunk decoded. */
bool ak_animx_lz4_decode(const uint8_t *in, size_t n, uint64_t max_output, ak_diags *d, uint64_t base_offset,
                         ak_buf *out);
/* How the LZ4 encoder compresses a chunk. */
typedef enum ak_animx_lz4_mode {
    AK_ANIMX_LZ4_FAST,        /* LZ4_compress_default, chunk_flags 1 (canonical, section 6.2) */
    AK_ANIMX_LZ4_HC,          /* LZ4 HC at its default level, chunk_flags 3 (as lz4net marks HC) */
    AK_ANIMX_LZ4_HC_UNMARKED, /* LZ4 HC blocks with chunk_flags 1: reproduces section 8.3 */
} ak_animx_lz4_mode;

/* Appends the chunk stream of section 3.6 / 6.2 for payload[0..n): chunks
 * of at most 1 MiB, a raw LZ4 block when the block is smaller than the
 * chunk, else the chunk stored (flags 0); no empty chunks. */
bool ak_animx_lz4_encode(const uint8_t *payload, size_t n, ak_animx_lz4_mode mode, ak_buf *out);

#endif
