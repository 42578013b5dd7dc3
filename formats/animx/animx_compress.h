/* AnimX compression hooks (animx_compress.c): the LZMA framing (`encoding`
 * 2, spec animj-animx.md section 3.5) and the LZ4 chunk stream of
 * Resonite's LZ4Stream (`encoding` 1, section 3.6), both directions. They
 * report rules of animx.layout (only the .c includes the generated file). */
#ifndef AK_FORMATS_ANIMX_COMPRESS_H
#define AK_FORMATS_ANIMX_COMPRESS_H

#include <animkit/animkit.h>

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* Section 3.5 framing: 5 property bytes, i64 uncompressed size, i64
 * compressed size, then raw LZMA1. The engine writes lc 3, lp 0, pb 2 and
 * a 2 MiB dictionary. */
#define AK_ANIMX_LZMA_HEADER_SIZE 21u
#define AK_ANIMX_LZMA_PROPS_BYTE 0x5Du
#define AK_ANIMX_LZMA_DICT_SIZE (UINT32_C(1) << 21)

/* Section 3.6: writers cut the payload into chunks of at most 1 MiB; the
 * chunk flag bits; no LZ4 block expands more than 255 times (a 1-byte
 * token describes at most 255 bytes of match): rule X22. */
#define AK_ANIMX_LZ4_CHUNK_SIZE ((size_t)1 << 20)
#define AK_ANIMX_LZ4_COMPRESSED 0x01u
#define AK_ANIMX_LZ4_HIGH_COMPRESSION 0x02u
#define AK_ANIMX_LZ4_MAX_RATIO 255u

/* The decoders take in[0..n), the bytes after `encoding`, report what is
 * wrong with them (offsets in the file: base_offset is that of in[0]; d
 * NULL: no reports) and append the payload to out (NULL: it is only
 * checked). Declared sizes are checked against max_output (0:
 * AK_DEFAULT_MAX_OUTPUT) and against the input before anything is
 * allocated for them. True when the payload decoded whole (warnings do not
 * make them fail); on failure out may hold a partial payload. */
bool ak_animx_lzma_decode(const uint8_t *in, size_t n, uint64_t max_output, ak_diags *d, uint64_t base_offset,
                          ak_buf *out);
bool ak_animx_lz4_decode(const uint8_t *in, size_t n, uint64_t max_output, ak_diags *d, uint64_t base_offset,
                         ak_buf *out);

/* How the LZ4 encoder compresses a chunk. */
typedef enum ak_animx_lz4_mode {
    AK_ANIMX_LZ4_FAST,        /* LZ4_compress_default, chunk_flags 1 (canonical, section 6.2) */
    AK_ANIMX_LZ4_HC,          /* LZ4 HC at its default level, chunk_flags 3 (as lz4net marks HC) */
    AK_ANIMX_LZ4_HC_UNMARKED, /* LZ4 HC blocks with chunk_flags 1: reproduces section 8.3 */
} ak_animx_lz4_mode;

/* The encoders append the framing of payload[0..n) in the canonical form of
 * section 6.2; false when the library fails or memory runs out. LZMA:
 * props 5D 00 00 20 00, both sizes, raw LZMA1 without an end marker. LZ4:
 * chunks of at most 1 MiB, each a raw LZ4 block when that is smaller than
 * the chunk, else the chunk stored (flags 0); no empty chunks. */
bool ak_animx_lzma_encode(const uint8_t *payload, size_t n, ak_buf *out);
bool ak_animx_lz4_encode(const uint8_t *payload, size_t n, ak_animx_lz4_mode mode, ak_buf *out);

#endif
