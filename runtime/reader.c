#include "reader.h"

#include <string.h>

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

static bool write_uint(ak_buf *b, uint64_t v, unsigned n, bool big)
{
    uint8_t tmp[8];
    for (unsigned i = 0; i < n; i++) {
        unsigned shift = 8 * (big ? n - 1 - i : i);
        tmp[i] = (uint8_t)(v >> shift);
    }
    /* room left, the common case: n is a constant here, so this is one store */
    if (n <= b->cap - b->len && !b->failed) {
        memcpy(b->data + b->len, tmp, n);
        b->len += n;
        return true;
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
