/* Bit-level reader and writer.
 *
 * Three bit orders:
 *  - AK_BITS_BE32_LSB: a sequence of big-endian 32-bit words, bits taken
 *    from the least significant bit of each word upwards (Metroid Prime's
 *    compressed ANIM bitstream); a value's first bit is its least significant.
 *  - AK_BITS_LSB: bytes, least significant bit first; values LSB first.
 *  - AK_BITS_MSB: bytes, most significant bit first; values MSB first. */
#ifndef AK_RUNTIME_BITS_H
#define AK_RUNTIME_BITS_H

#include <animkit/animkit.h>

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef enum ak_bit_order {
    AK_BITS_BE32_LSB,
    AK_BITS_LSB,
    AK_BITS_MSB,
} ak_bit_order;

typedef struct ak_bit_reader {
    const uint8_t *data;
    uint64_t size_bits; /* for BE32_LSB, whole words only */
    uint64_t pos;       /* in bits */
    ak_bit_order order;
} ak_bit_reader;

void ak_bit_reader_init(ak_bit_reader *r, const uint8_t *data, size_t size, ak_bit_order order);
static inline uint64_t ak_bits_left(const ak_bit_reader *r) { return r->size_bits - r->pos; }
/* Reads n bits (0..64) as an unsigned value; false (reader unmoved) past the end. */
bool ak_bits_read(ak_bit_reader *r, unsigned n, uint64_t *v);
/* Reads n bits (1..64) as a two's complement value. */
bool ak_bits_read_signed(ak_bit_reader *r, unsigned n, int64_t *v);

typedef struct ak_bit_writer {
    ak_buf *out;
    uint64_t pos; /* bits written */
    ak_bit_order order;
    uint32_t word; /* BE32_LSB: the word being filled */
    bool failed;
} ak_bit_writer;

void ak_bit_writer_init(ak_bit_writer *w, ak_buf *out, ak_bit_order order);
/* Writes the low n bits (0..64) of v. */
bool ak_bits_write(ak_bit_writer *w, unsigned n, uint64_t v);
/* Pads with zero bits to the next unit (a word for BE32_LSB, else a byte). */
bool ak_bits_flush(ak_bit_writer *w);

#endif
