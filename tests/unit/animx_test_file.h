/* AnimX files for unit tests, written from the spec (animj-animx.md
 * §3.3-§3.6): the pieces of a payload, and a version 1 file around one,
 * plain, LZMA or as an LZ4 chunk stream. */
#ifndef AK_ANIMX_TEST_FILE_H
#define AK_ANIMX_TEST_FILE_H

#include "test_support.h"

#include "../../formats/animx/animx_compress.h"

static inline void ak_test_put(ak_buf *b, const void *p, size_t n) { assert_true(ak_buf_append(b, p, n)); }
static inline void ak_test_put_u8(ak_buf *b, uint8_t v) { ak_test_put(b, &v, 1); }
static inline void ak_test_put_varint(ak_buf *b, uint64_t v)
{
    do {
        ak_test_put_u8(b, (uint8_t)((v & 0x7fu) | (v > 0x7f ? 0x80u : 0u)));
        v >>= 7;
    } while (v);
}
/* little-endian, whatever the host */
static inline void ak_test_put_f32(ak_buf *b, float f)
{
    uint32_t u;
    memcpy(&u, &f, 4);
    for (int i = 0; i < 4; i++)
        ak_test_put_u8(b, (uint8_t)(u >> (8 * i)));
}
static inline void ak_test_put_string(ak_buf *b, const char *s)
{
    ak_test_put_varint(b, strlen(s));
    ak_test_put(b, s, strlen(s));
}

/* A file named "t" with `tracks` tracks whose payload is `payload`, in
 * `encoding` (0 plain, 1 LZ4, 2 LZMA). LZ4 chunks have 1..max_chunk bytes
 * (a spread of sizes); with stored_every N > 0, every N-th chunk is stored
 * instead of compressed. *payload_at (when not NULL): where the bytes after
 * `encoding` begin. */
static inline ak_buf ak_test_animx_file(const ak_buf *payload, uint32_t tracks, int encoding, size_t max_chunk,
                                        unsigned stored_every, size_t *payload_at)
{
    ak_buf f;
    ak_buf_init(&f);
    ak_test_put(&f, "\x05" "AnimX", 6);
    ak_test_put(&f, "\x01\x00\x00\x00", 4);
    ak_test_put_varint(&f, tracks);
    ak_test_put_f32(&f, 0);
    ak_test_put_string(&f, "t");
    ak_test_put_u8(&f, (uint8_t)encoding);
    if (payload_at)
        *payload_at = f.len;
    const uint8_t *plain = (const uint8_t *)payload->data;
    if (encoding == 0) {
        ak_test_put(&f, plain, payload->len);
    } else if (encoding == 2) {
        assert_true(ak_animx_lzma_encode(plain, payload->len, &f));
    } else {
        for (size_t at = 0, k = 0; at < payload->len; k++) {
            size_t n = 1 + (k * 2654435761u) % max_chunk;
            if (n > payload->len - at)
                n = payload->len - at;
            if (stored_every && k % stored_every == 0) {
                ak_test_put_varint(&f, 0);
                ak_test_put_varint(&f, n);
                ak_test_put(&f, plain + at, n);
            } else {
                assert_true(ak_animx_lz4_encode(plain + at, n, AK_ANIMX_LZ4_FAST, &f));
            }
            at += n;
        }
    }
    return f;
}

#endif
