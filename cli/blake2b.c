/* BLAKE2b written from RFC 7693: eight 64-bit words of state from the IV
 * (SHA-512's) with the parameter block (digest length, no key, fanout and
 * depth 1) in h[0]; 128-byte blocks, 12 rounds of the G function over the
 * message schedule SIGMA, a 128-bit byte counter, the last block (zero
 * padded) marked final. The last block is compressed only at the end, so a
 * message of a multiple of 128 bytes has a full final block. */
#include "blake2b.h"

#include <string.h>

static const uint64_t iv[8] = {0x6a09e667f3bcc908ULL, 0xbb67ae8584caa73bULL, 0x3c6ef372fe94f82bULL,
                               0xa54ff53a5f1d36f1ULL, 0x510e527fade682d1ULL, 0x9b05688c2b3e6c1fULL,
                               0x1f83d9abfb41bd6bULL, 0x5be0cd19137e2179ULL};

static const uint8_t sigma[12][16] = {
    {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15}, {14, 10, 4, 8, 9, 15, 13, 6, 1, 12, 0, 2, 11, 7, 5, 3},
    {11, 8, 12, 0, 5, 2, 15, 13, 10, 14, 3, 6, 7, 1, 9, 4}, {7, 9, 3, 1, 13, 12, 11, 14, 2, 6, 5, 10, 4, 0, 15, 8},
    {9, 0, 5, 7, 2, 4, 10, 15, 14, 1, 11, 12, 6, 8, 3, 13}, {2, 12, 6, 10, 0, 11, 8, 3, 4, 13, 7, 5, 15, 14, 1, 9},
    {12, 5, 1, 15, 14, 13, 4, 10, 0, 7, 6, 3, 9, 2, 8, 11}, {13, 11, 7, 14, 12, 1, 3, 9, 5, 0, 15, 4, 8, 6, 2, 10},
    {6, 15, 14, 9, 11, 3, 0, 8, 12, 2, 13, 7, 1, 4, 10, 5}, {10, 2, 8, 4, 7, 6, 1, 5, 15, 11, 9, 14, 3, 12, 13, 0},
    {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15}, {14, 10, 4, 8, 9, 15, 13, 6, 1, 12, 0, 2, 11, 7, 5, 3}};

static inline uint64_t rotr64(uint64_t x, int n) { return (x >> n) | (x << (64 - n)); }

static inline uint64_t load64(const uint8_t *p)
{
    uint64_t v = 0;
    for (int i = 7; i >= 0; i--)
        v = v << 8 | p[i];
    return v;
}

#define G(a, b, c, d, x, y)                                                                                           \
    do {                                                                                                              \
        v[a] = v[a] + v[b] + (x);                                                                                     \
        v[d] = rotr64(v[d] ^ v[a], 32);                                                                               \
        v[c] = v[c] + v[d];                                                                                           \
        v[b] = rotr64(v[b] ^ v[c], 24);                                                                               \
        v[a] = v[a] + v[b] + (y);                                                                                     \
        v[d] = rotr64(v[d] ^ v[a], 16);                                                                               \
        v[c] = v[c] + v[d];                                                                                           \
        v[b] = rotr64(v[b] ^ v[c], 63);                                                                               \
    } while (0)

static void compress(blake2b *s, const uint8_t *block, int last)
{
    uint64_t m[16], v[16];
    for (int i = 0; i < 16; i++)
        m[i] = load64(block + 8 * i);
    for (int i = 0; i < 8; i++) {
        v[i] = s->h[i];
        v[i + 8] = iv[i];
    }
    v[12] ^= s->t[0];
    v[13] ^= s->t[1];
    if (last)
        v[14] = ~v[14];
    for (int r = 0; r < 12; r++) {
        const uint8_t *z = sigma[r];
        G(0, 4, 8, 12, m[z[0]], m[z[1]]);
        G(1, 5, 9, 13, m[z[2]], m[z[3]]);
        G(2, 6, 10, 14, m[z[4]], m[z[5]]);
        G(3, 7, 11, 15, m[z[6]], m[z[7]]);
        G(0, 5, 10, 15, m[z[8]], m[z[9]]);
        G(1, 6, 11, 12, m[z[10]], m[z[11]]);
        G(2, 7, 8, 13, m[z[12]], m[z[13]]);
        G(3, 4, 9, 14, m[z[14]], m[z[15]]);
    }
    for (int i = 0; i < 8; i++)
        s->h[i] ^= v[i] ^ v[i + 8];
}

static void count(blake2b *s, size_t n)
{
    s->t[0] += n;
    s->t[1] += s->t[0] < n;
}

void blake2b_init(blake2b *s)
{
    memcpy(s->h, iv, sizeof iv);
    s->h[0] ^= 0x01010000u ^ BLAKE2B_DIGEST; /* depth 1, fanout 1, no key */
    s->t[0] = s->t[1] = 0;
    s->fill = 0;
}

void blake2b_add(blake2b *s, const void *data, size_t n)
{
    const uint8_t *p = data;
    while (n > 0) {
        if (s->fill == sizeof s->block) { /* more comes: this block is not the last */
            count(s, sizeof s->block);
            compress(s, s->block, 0);
            s->fill = 0;
        }
        if (s->fill == 0) {
            while (n > sizeof s->block) { /* whole blocks straight from the data */
                count(s, sizeof s->block);
                compress(s, p, 0);
                p += sizeof s->block;
                n -= sizeof s->block;
            }
        }
        size_t take = sizeof s->block - s->fill < n ? sizeof s->block - s->fill : n;
        memcpy(s->block + s->fill, p, take);
        s->fill += take;
        p += take;
        n -= take;
    }
}

void blake2b_finish(blake2b *s, uint8_t digest[BLAKE2B_DIGEST])
{
    count(s, s->fill);
    memset(s->block + s->fill, 0, sizeof s->block - s->fill);
    compress(s, s->block, 1);
    for (int i = 0; i < BLAKE2B_DIGEST; i++)
        digest[i] = (uint8_t)(s->h[i / 8] >> (8 * (i % 8)));
}

void blake2b_of(const void *data, size_t n, uint8_t digest[BLAKE2B_DIGEST])
{
    blake2b s;
    blake2b_init(&s);
    blake2b_add(&s, data, n);
    blake2b_finish(&s, digest);
}

void blake2b_hex(const uint8_t digest[BLAKE2B_DIGEST], char hex[2 * BLAKE2B_DIGEST + 1])
{
    static const char digits[] = "0123456789abcdef";
    for (int i = 0; i < BLAKE2B_DIGEST; i++) {
        hex[2 * i] = digits[digest[i] >> 4];
        hex[2 * i + 1] = digits[digest[i] & 15];
    }
    hex[2 * BLAKE2B_DIGEST] = '\0';
}
