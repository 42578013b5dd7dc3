/* SipHash under a key per table (keyed_hash.h), written from the algorithm's
 * description: four 64-bit words of state initialised from the key, each
 * 8-byte little-endian message word m mixed in as v3 ^= m, c rounds,
 * v0 ^= m; a last word holding the leftover bytes and the length modulo
 * 256 in its top byte; then v2 ^= 0xff, d rounds, and v0 ^ v1 ^ v2 ^ v3. */
#include "keyed_hash.h"

#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#if defined(__has_include)
#if __has_include(<sys/random.h>) && !defined(__wasi__) /* WASI: getentropy (unistd.h) */
#include <sys/random.h>
#define AK_HAVE_GETRANDOM 1
#endif
#endif

/* The rounds of the tables' hash: SipHash-1-3, the variant hash tables
 * use (one round per word keeps short names cheap; the key is what keeps
 * inputs from aiming at slots). */
#define TABLE_C_ROUNDS 1
#define TABLE_D_ROUNDS 3

static inline uint64_t rotl(uint64_t x, int b) { return (x << b) | (x >> (64 - b)); }

static inline void sip_round(ak_hasher *h)
{
    h->v0 += h->v1;
    h->v1 = rotl(h->v1, 13);
    h->v1 ^= h->v0;
    h->v0 = rotl(h->v0, 32);
    h->v2 += h->v3;
    h->v3 = rotl(h->v3, 16);
    h->v3 ^= h->v2;
    h->v0 += h->v3;
    h->v3 = rotl(h->v3, 21);
    h->v3 ^= h->v0;
    h->v2 += h->v1;
    h->v1 = rotl(h->v1, 17);
    h->v1 ^= h->v2;
    h->v2 = rotl(h->v2, 32);
}

static inline void sip_word(ak_hasher *h, uint64_t m, int c_rounds)
{
    h->v3 ^= m;
    for (int i = 0; i < c_rounds; i++)
        sip_round(h);
    h->v0 ^= m;
}

static inline uint64_t le64(const uint8_t *p)
{
    uint64_t v;
    memcpy(&v, p, 8);
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
    v = __builtin_bswap64(v);
#endif
    return v;
}

static void keyed_init(ak_hasher *h, uint64_t k0, uint64_t k1)
{
    /* "somepseudorandomlygeneratedbytes" */
    h->v0 = k0 ^ UINT64_C(0x736f6d6570736575);
    h->v1 = k1 ^ UINT64_C(0x646f72616e646f6d);
    h->v2 = k0 ^ UINT64_C(0x6c7967656e657261);
    h->v3 = k1 ^ UINT64_C(0x7465646279746573);
    h->tail = 0;
    h->length = 0;
}

static void add_rounds(ak_hasher *h, const void *data, size_t n, int c_rounds)
{
    const uint8_t *p = data;
    unsigned have = (unsigned)(h->length & 7);
    h->length += n;
    if (have) { /* complete the pending word first */
        while (have < 8 && n) {
            h->tail |= (uint64_t)*p++ << (8 * have++);
            n--;
        }
        if (have < 8)
            return;
        sip_word(h, h->tail, c_rounds);
        h->tail = 0;
    }
    for (; n >= 8; p += 8, n -= 8)
        sip_word(h, le64(p), c_rounds);
    for (unsigned i = 0; i < n; i++)
        h->tail |= (uint64_t)p[i] << (8 * i);
}

static uint64_t finish_rounds(const ak_hasher *in, int c_rounds, int d_rounds)
{
    ak_hasher h = *in;
    sip_word(&h, h.tail | h.length << 56, c_rounds);
    h.v2 ^= 0xff;
    for (int i = 0; i < d_rounds; i++)
        sip_round(&h);
    return h.v0 ^ h.v1 ^ h.v2 ^ h.v3;
}

uint64_t ak_siphash(const uint8_t key[16], int c_rounds, int d_rounds, const void *data, size_t n)
{
    ak_hasher h;
    keyed_init(&h, le64(key), le64(key + 8));
    add_rounds(&h, data, n, c_rounds);
    return finish_rounds(&h, c_rounds, d_rounds);
}

/* ---- keys ------------------------------------------------------------------ */

static size_t read_random(uint8_t *out, size_t n)
{
    size_t got = 0;
#ifdef __wasi__
    /* the host's random_get, at most 256 bytes a call */
    while (got < n) {
        size_t k = n - got < 256 ? n - got : 256;
        if (getentropy(out + got, k) != 0)
            break;
        got += k;
    }
#endif
#ifdef AK_HAVE_GETRANDOM
    while (got < n) {
        ssize_t r = getrandom(out + got, n - got, 0);
        if (r < 0 && errno == EINTR)
            continue;
        if (r <= 0)
            break;
        got += (size_t)r;
    }
#endif
    if (got < n) {
        int fd = open("/dev/urandom", O_RDONLY | O_CLOEXEC);
        if (fd >= 0) {
            while (got < n) {
                ssize_t r = read(fd, out + got, n - got);
                if (r < 0 && errno == EINTR)
                    continue;
                if (r <= 0)
                    break;
                got += (size_t)r;
            }
            close(fd);
        }
    }
    return got;
}

void ak_hash_key_draw(ak_hash_key *key)
{
    uint8_t bytes[16] = {0};
    if (read_random(bytes, sizeof bytes) < sizeof bytes) {
        /* no random source (a sandbox without /dev): what differs between
           runs and tables, mixed; weaker, but no fixed key an input could
           aim at */
        struct timespec ts = {0, 0};
        clock_gettime(CLOCK_REALTIME, &ts);
        const uint64_t parts[4] = {(uint64_t)ts.tv_sec, (uint64_t)ts.tv_nsec, (uint64_t)getpid(),
                                   (uint64_t)(uintptr_t)key};
        const uint64_t a = ak_siphash(bytes, 2, 4, parts, sizeof parts);
        bytes[0] ^= 1;
        const uint64_t b = ak_siphash(bytes, 2, 4, parts, sizeof parts);
        memcpy(bytes, &a, 8);
        memcpy(bytes + 8, &b, 8);
    }
    key->k0 = le64(bytes);
    key->k1 = le64(bytes + 8);
}

void ak_hasher_init(ak_hasher *h, const ak_hash_key *key) { keyed_init(h, key->k0, key->k1); }

void ak_hasher_add(ak_hasher *h, const void *data, size_t n) { add_rounds(h, data, n, TABLE_C_ROUNDS); }

uint64_t ak_hasher_finish(const ak_hasher *h) { return finish_rounds(h, TABLE_C_ROUNDS, TABLE_D_ROUNDS); }

uint64_t ak_hash_bytes(const ak_hash_key *key, const void *data, size_t n)
{
    ak_hasher h;
    ak_hasher_init(&h, key);
    ak_hasher_add(&h, data, n);
    return ak_hasher_finish(&h);
}
