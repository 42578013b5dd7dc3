#include "reader.h"

#include "utf8.h"

#include <string.h>

bool ak_read_bytes(ak_reader *r, size_t n, const uint8_t **out)
{
    if (!ak_reader_has(r, n))
        return false;
    *out = r->data + r->pos;
    r->pos += n;
    return true;
}

bool ak_skip(ak_reader *r, size_t n)
{
    if (!ak_reader_has(r, n))
        return false;
    r->pos += n;
    return true;
}

static uint64_t load_le(const uint8_t *p, unsigned n)
{
    uint64_t v = 0;
    for (unsigned i = n; i-- > 0;)
        v = (v << 8) | p[i];
    return v;
}

static uint64_t load_be(const uint8_t *p, unsigned n)
{
    uint64_t v = 0;
    for (unsigned i = 0; i < n; i++)
        v = (v << 8) | p[i];
    return v;
}

static bool read_uint(ak_reader *r, unsigned n, bool big, uint64_t *v)
{
    if (!ak_reader_has(r, n))
        return false;
    const uint8_t *p = r->data + r->pos;
    *v = big ? load_be(p, n) : load_le(p, n);
    r->pos += n;
    return true;
}

#define AK_DEFINE_READ(name, T, n, big)                                                            \
    bool name(ak_reader *r, T *v)                                                                  \
    {                                                                                              \
        uint64_t u;                                                                                \
        if (!read_uint(r, n, big, &u))                                                             \
            return false;                                                                          \
        *v = (T)u;                                                                                 \
        return true;                                                                               \
    }

AK_DEFINE_READ(ak_read_u8, uint8_t, 1, false)
AK_DEFINE_READ(ak_read_i8, int8_t, 1, false)
AK_DEFINE_READ(ak_read_u16le, uint16_t, 2, false)
AK_DEFINE_READ(ak_read_u16be, uint16_t, 2, true)
AK_DEFINE_READ(ak_read_i16le, int16_t, 2, false)
AK_DEFINE_READ(ak_read_i16be, int16_t, 2, true)
AK_DEFINE_READ(ak_read_u24le, uint32_t, 3, false)
AK_DEFINE_READ(ak_read_u24be, uint32_t, 3, true)
AK_DEFINE_READ(ak_read_u32le, uint32_t, 4, false)
AK_DEFINE_READ(ak_read_u32be, uint32_t, 4, true)
AK_DEFINE_READ(ak_read_i32le, int32_t, 4, false)
AK_DEFINE_READ(ak_read_i32be, int32_t, 4, true)
AK_DEFINE_READ(ak_read_u64le, uint64_t, 8, false)
AK_DEFINE_READ(ak_read_u64be, uint64_t, 8, true)
AK_DEFINE_READ(ak_read_i64le, int64_t, 8, false)
AK_DEFINE_READ(ak_read_i64be, int64_t, 8, true)

float ak_f32_from_bits(uint32_t b)
{
    float f;
    memcpy(&f, &b, sizeof f);
    return f;
}

uint32_t ak_f32_bits(float f)
{
    uint32_t b;
    memcpy(&b, &f, sizeof b);
    return b;
}

double ak_f64_from_bits(uint64_t b)
{
    double f;
    memcpy(&f, &b, sizeof f);
    return f;
}

uint64_t ak_f64_bits(double f)
{
    uint64_t b;
    memcpy(&b, &f, sizeof b);
    return b;
}

static bool read_f32(ak_reader *r, bool big, float *v)
{
    uint64_t u;
    if (!read_uint(r, 4, big, &u))
        return false;
    *v = ak_f32_from_bits((uint32_t)u);
    return true;
}

static bool read_f64(ak_reader *r, bool big, double *v)
{
    uint64_t u;
    if (!read_uint(r, 8, big, &u))
        return false;
    *v = ak_f64_from_bits(u);
    return true;
}

bool ak_read_f32le(ak_reader *r, float *v) { return read_f32(r, false, v); }
bool ak_read_f32be(ak_reader *r, float *v) { return read_f32(r, true, v); }
bool ak_read_f64le(ak_reader *r, double *v) { return read_f64(r, false, v); }
bool ak_read_f64be(ak_reader *r, double *v) { return read_f64(r, true, v); }

ak_read_status ak_read_varint(ak_reader *r, unsigned max_bits, uint64_t *v)
{
    uint64_t value = 0;
    unsigned shift = 0;
    size_t pos = r->pos;
    for (;;) {
        if (pos >= r->size)
            return AK_READ_EOF;
        uint8_t byte = r->data[pos++];
        uint64_t group = byte & 0x7fu;
        if (shift >= max_bits || (shift > 0 && max_bits - shift < 7 && (group >> (max_bits - shift)) != 0))
            return AK_READ_OVERFLOW;
        value |= group << shift;
        if (!(byte & 0x80u)) {
            /* A last group of zero after the first byte adds nothing: over-long. */
            r->pos = pos;
            *v = value;
            return group == 0 && shift > 0 ? AK_READ_OVERLONG : AK_READ_OK;
        }
        shift += 7;
    }
}

ak_read_status ak_read_string7(ak_reader *r, const uint8_t **s, size_t *len)
{
    size_t start = r->pos;
    uint64_t n;
    ak_read_status st = ak_read_varint(r, 32, &n);
    if (st != AK_READ_OK && st != AK_READ_OVERLONG)
        return st;
    /* .NET writes the length as an Int32: anything above INT32_MAX is negative there. */
    if (n > INT32_MAX) {
        r->pos = start;
        return AK_READ_OVERFLOW;
    }
    if (!ak_reader_has(r, (size_t)n)) {
        r->pos = start;
        return AK_READ_EOF;
    }
    const uint8_t *p = r->data + r->pos;
    r->pos += (size_t)n;
    *s = p;
    *len = (size_t)n;
    if (!ak_utf8_valid(p, (size_t)n, NULL))
        return AK_READ_UTF8;
    return st;
}

ak_read_status ak_read_nullable_string7(ak_reader *r, const uint8_t **s, size_t *len)
{
    size_t start = r->pos;
    uint8_t present;
    if (!ak_read_u8(r, &present))
        return AK_READ_EOF;
    if (present > 1) {
        r->pos = start;
        return AK_READ_BAD_FLAG;
    }
    if (!present) {
        *s = NULL;
        *len = 0;
        return AK_READ_OK;
    }
    ak_read_status st = ak_read_string7(r, s, len);
    if (!ak_read_status_consumed(st))
        r->pos = start;
    return st;
}

static bool write_uint(ak_buf *b, uint64_t v, unsigned n, bool big)
{
    uint8_t tmp[8];
    for (unsigned i = 0; i < n; i++) {
        unsigned shift = 8 * (big ? n - 1 - i : i);
        tmp[i] = (uint8_t)(v >> shift);
    }
    return ak_buf_append(b, tmp, n);
}

bool ak_write_u8(ak_buf *b, uint8_t v) { return write_uint(b, v, 1, false); }
bool ak_write_u16le(ak_buf *b, uint16_t v) { return write_uint(b, v, 2, false); }
bool ak_write_u16be(ak_buf *b, uint16_t v) { return write_uint(b, v, 2, true); }
bool ak_write_u32le(ak_buf *b, uint32_t v) { return write_uint(b, v, 4, false); }
bool ak_write_u32be(ak_buf *b, uint32_t v) { return write_uint(b, v, 4, true); }
bool ak_write_u64le(ak_buf *b, uint64_t v) { return write_uint(b, v, 8, false); }
bool ak_write_u64be(ak_buf *b, uint64_t v) { return write_uint(b, v, 8, true); }
bool ak_write_f32le(ak_buf *b, float v) { return write_uint(b, ak_f32_bits(v), 4, false); }
bool ak_write_f32be(ak_buf *b, float v) { return write_uint(b, ak_f32_bits(v), 4, true); }
bool ak_write_f64le(ak_buf *b, double v) { return write_uint(b, ak_f64_bits(v), 8, false); }
bool ak_write_f64be(ak_buf *b, double v) { return write_uint(b, ak_f64_bits(v), 8, true); }

bool ak_write_varint(ak_buf *b, uint64_t v)
{
    uint8_t tmp[10];
    unsigned n = 0;
    do {
        uint8_t byte = v & 0x7fu;
        v >>= 7;
        if (v)
            byte |= 0x80u;
        tmp[n++] = byte;
    } while (v);
    return ak_buf_append(b, tmp, n);
}

bool ak_write_string7(ak_buf *b, const char *s, size_t len)
{
    if (len > INT32_MAX)
        return false;
    return ak_write_varint(b, len) && ak_buf_append(b, s, len);
}

bool ak_write_nullable_string7(ak_buf *b, const char *s, size_t len)
{
    if (!s)
        return ak_write_u8(b, 0);
    return ak_write_u8(b, 1) && ak_write_string7(b, s, len);
}
