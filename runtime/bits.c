#include "bits.h"

#include "reader.h"

void ak_bit_reader_init(ak_bit_reader *r, const uint8_t *data, size_t size, ak_bit_order order)
{
    r->data = data;
    r->order = order;
    r->pos = 0;
    if (order == AK_BITS_BE32_LSB)
        size -= size % 4;
    r->size_bits = (uint64_t)size * 8u;
}

static unsigned bit_at(const ak_bit_reader *r, uint64_t pos)
{
    switch (r->order) {
    case AK_BITS_BE32_LSB: {
        uint64_t word = pos >> 5;
        unsigned bit = (unsigned)(pos & 31u);
        /* bit b of a big-endian word lives in byte 3 - b/8 of it */
        uint8_t byte = r->data[word * 4u + 3u - bit / 8u];
        return (byte >> (bit % 8u)) & 1u;
    }
    case AK_BITS_LSB:
        return (r->data[pos >> 3] >> (pos & 7u)) & 1u;
    case AK_BITS_MSB:
    default:
        return (r->data[pos >> 3] >> (7u - (pos & 7u))) & 1u;
    }
}

static uint64_t be32_word(const uint8_t *p)
{
    return (uint64_t)p[0] << 24 | (uint64_t)p[1] << 16 | (uint64_t)p[2] << 8 | p[3];
}

bool ak_bits_read(ak_bit_reader *r, unsigned n, uint64_t *v)
{
    if (n > 64 || n > ak_bits_left(r))
        return false;
    if (n == 0) { /* at the end too: no word is read */
        *v = 0;
        return true;
    }
    if (r->order == AK_BITS_BE32_LSB && n <= 32) {
        /* a window of the word holding the first bit and, when the field
           crosses into it, the next one (which then exists: n <= bits left) */
        uint64_t word = r->pos >> 5;
        unsigned shift = (unsigned)(r->pos & 31u);
        uint64_t window = be32_word(r->data + word * 4u);
        if (shift + n > 32)
            window |= be32_word(r->data + word * 4u + 4u) << 32;
        *v = (window >> shift) & ((UINT64_C(1) << n) - 1u);
        r->pos += n;
        return true;
    }
    uint64_t value = 0;
    if (r->order == AK_BITS_MSB) {
        for (unsigned i = 0; i < n; i++)
            value = (value << 1) | bit_at(r, r->pos + i);
    } else {
        for (unsigned i = 0; i < n; i++)
            value |= (uint64_t)bit_at(r, r->pos + i) << i;
    }
    r->pos += n;
    *v = value;
    return true;
}

bool ak_bits_read_signed(ak_bit_reader *r, unsigned n, int64_t *v)
{
    uint64_t u;
    if (n == 0 || !ak_bits_read(r, n, &u))
        return false;
    if (n < 64 && (u >> (n - 1)) & 1u)
        u |= ~UINT64_C(0) << n; /* sign-extend */
    *v = (int64_t)u;
    return true;
}

void ak_bit_writer_init(ak_bit_writer *w, ak_buf *out, ak_bit_order order)
{
    w->out = out;
    w->pos = 0;
    w->order = order;
    w->word = 0;
    w->failed = false;
}

static void put_bit(ak_bit_writer *w, unsigned bit)
{
    unsigned in_unit;
    switch (w->order) {
    case AK_BITS_BE32_LSB:
        in_unit = (unsigned)(w->pos & 31u);
        w->word |= (uint32_t)bit << in_unit;
        if (in_unit == 31) {
            w->failed |= !ak_write_u32be(w->out, w->word);
            w->word = 0;
        }
        break;
    case AK_BITS_LSB:
        in_unit = (unsigned)(w->pos & 7u);
        w->word |= (uint32_t)bit << in_unit;
        if (in_unit == 7) {
            w->failed |= !ak_write_u8(w->out, (uint8_t)w->word);
            w->word = 0;
        }
        break;
    case AK_BITS_MSB:
    default:
        in_unit = (unsigned)(w->pos & 7u);
        w->word |= (uint32_t)bit << (7u - in_unit);
        if (in_unit == 7) {
            w->failed |= !ak_write_u8(w->out, (uint8_t)w->word);
            w->word = 0;
        }
        break;
    }
    w->pos++;
}

bool ak_bits_write(ak_bit_writer *w, unsigned n, uint64_t v)
{
    if (n > 64)
        return false;
    if (w->order == AK_BITS_MSB) {
        for (unsigned i = n; i-- > 0;)
            put_bit(w, (unsigned)(v >> i) & 1u);
    } else {
        for (unsigned i = 0; i < n; i++)
            put_bit(w, (unsigned)(v >> i) & 1u);
    }
    return !w->failed;
}

bool ak_bits_flush(ak_bit_writer *w)
{
    unsigned unit = w->order == AK_BITS_BE32_LSB ? 32u : 8u;
    while (w->pos % unit)
        put_bit(w, 0);
    return !w->failed;
}
