/* Bounded readers and writers for binary formats.
 *
 * A reader never reads past its end: every read checks the remaining bytes
 * first and, when they do not suffice, fails without moving. Writers append
 * to an ak_buf. */
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
    AK_READ_UTF8,     /* string bytes are not valid UTF-8: read all the same */
    AK_READ_BAD_FLAG, /* a boolean byte other than 0 or 1 */
} ak_read_status;

/* OK and the two soft failures (OVERLONG, UTF8) consumed the value. */
static inline bool ak_read_status_consumed(ak_read_status st)
{
    return st == AK_READ_OK || st == AK_READ_OVERLONG || st == AK_READ_UTF8;
}

static inline void ak_reader_init(ak_reader *r, const uint8_t *data, size_t size)
{
    r->data = data;
    r->size = size;
    r->pos = 0;
}

static inline size_t ak_reader_left(const ak_reader *r) { return r->size - r->pos; }
static inline bool ak_reader_has(const ak_reader *r, size_t n) { return n <= r->size - r->pos; }

bool ak_read_bytes(ak_reader *r, size_t n, const uint8_t **out);
bool ak_skip(ak_reader *r, size_t n);

bool ak_read_u8(ak_reader *r, uint8_t *v);
bool ak_read_i8(ak_reader *r, int8_t *v);
bool ak_read_u16le(ak_reader *r, uint16_t *v);
bool ak_read_u16be(ak_reader *r, uint16_t *v);
bool ak_read_i16le(ak_reader *r, int16_t *v);
bool ak_read_i16be(ak_reader *r, int16_t *v);
bool ak_read_u24le(ak_reader *r, uint32_t *v);
bool ak_read_u24be(ak_reader *r, uint32_t *v);
bool ak_read_u32le(ak_reader *r, uint32_t *v);
bool ak_read_u32be(ak_reader *r, uint32_t *v);
bool ak_read_i32le(ak_reader *r, int32_t *v);
bool ak_read_i32be(ak_reader *r, int32_t *v);
bool ak_read_u64le(ak_reader *r, uint64_t *v);
bool ak_read_u64be(ak_reader *r, uint64_t *v);
bool ak_read_i64le(ak_reader *r, int64_t *v);
bool ak_read_i64be(ak_reader *r, int64_t *v);
bool ak_read_f32le(ak_reader *r, float *v);
bool ak_read_f32be(ak_reader *r, float *v);
bool ak_read_f64le(ak_reader *r, double *v);
bool ak_read_f64be(ak_reader *r, double *v);

/* .NET-style 7-bit varint: little-endian groups of 7 bits, high bit = more.
 * `max_bits` is the width of the target type (32 or 64); more bits is
 * AK_READ_OVERFLOW. An over-long encoding (a final zero group after the
 * first) returns AK_READ_OVERLONG with the value read. On any other failure
 * the reader does not move. */
ak_read_status ak_read_varint(ak_reader *r, unsigned max_bits, uint64_t *v);

/* A string prefixed by its byte length as a 7-bit varint (32-bit, at most
 * INT32_MAX), checked against the remaining bytes and for UTF-8. *s points
 * into the input. AK_READ_OVERLONG: read, but the length was not minimal;
 * AK_READ_UTF8: read, but the bytes are not UTF-8 (checked after the length,
 * so an over-long length with bad bytes reports AK_READ_UTF8). */
ak_read_status ak_read_string7(ak_reader *r, const uint8_t **s, size_t *len);
/* A nullable string: a boolean byte (1 = present) followed, if present, by
 * a string7. *s is NULL for null. */
ak_read_status ak_read_nullable_string7(ak_reader *r, const uint8_t **s, size_t *len);

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
