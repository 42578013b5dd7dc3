/* A bounded varint reader and the writers for binary formats.
 *
 * The reader never reads past its end: it checks the remaining bytes first
 * and, when they do not suffice, fails without moving. Writers append to an
 * ak_buf (the encoders animgen generates call them). */
#ifndef AK_RUNTIME_READER_H
#define AK_RUNTIME_READER_H

#include <animkit/animkit.h>

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef struct ak_reader {
    const uint8_t *data;
    size_t size;
    size_t pos;
} ak_reader;

typedef enum ak_read_status {
    AK_READ_OK = 0,
    AK_READ_EOF,      /* not enough bytes */
    AK_READ_OVERLONG, /* varint with a redundant final zero group: the value WAS read and
                         the reader moved; whether that is an error is the caller's call */
    AK_READ_OVERFLOW, /* varint larger than its type */
} ak_read_status;

static inline void ak_reader_init(ak_reader *r, const uint8_t *data, size_t size)
{
    r->data = data;
    r->size = size;
    r->pos = 0;
}

/* .NET-style 7-bit varint: little-endian groups of 7 bits, high bit = more.
 * `max_bits` is the width of the target type (32 or 64); more bits is
 * AK_READ_OVERFLOW. An over-long encoding (a final zero group after the
 * first) returns AK_READ_OVERLONG with the value read. On any other failure
 * the reader does not move. (The fixed-width fields, strings and the rest
 * of a binary layout are read by the code animgen generates; this is for
 * the framing a hook reads, AnimX's LZ4 chunk heads.) */
ak_read_status ak_read_varint(ak_reader *r, unsigned max_bits, uint64_t *v);

/* Raw bit patterns of floats without aliasing trouble. */
float ak_f32_from_bits(uint32_t b);
uint32_t ak_f32_bits(float f);
double ak_f64_from_bits(uint64_t b);
uint64_t ak_f64_bits(double f);

/* Writers: append to b; return false when the buffer cannot grow. */
bool ak_write_u8(ak_buf *b, uint8_t v);
bool ak_write_u16le(ak_buf *b, uint16_t v);
bool ak_write_u16be(ak_buf *b, uint16_t v);
bool ak_write_u32le(ak_buf *b, uint32_t v);
bool ak_write_u32be(ak_buf *b, uint32_t v);
bool ak_write_u64le(ak_buf *b, uint64_t v);
bool ak_write_u64be(ak_buf *b, uint64_t v);
bool ak_write_f32le(ak_buf *b, float v);
bool ak_write_f32be(ak_buf *b, float v);
bool ak_write_f64le(ak_buf *b, double v);
bool ak_write_f64be(ak_buf *b, double v);
bool ak_write_varint(ak_buf *b, uint64_t v);
bool ak_write_string7(ak_buf *b, const char *s, size_t len);
bool ak_write_nullable_string7(ak_buf *b, const char *s, size_t len);

#endif
