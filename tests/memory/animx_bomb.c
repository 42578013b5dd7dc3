/* animx_bomb: writes an AnimX file whose payload is one legal Raw bool track
 * of N samples (spec animj-animx.md §3.3-§3.6), for the memory tests: a
 * small file that decompresses to a large payload.
 *
 *   animx_bomb (--lzma | --lz4 | --plain) SAMPLES OUT [--ones] [--dict BYTES]
 *
 * --lzma   encoding 2: the §3.5 framing (props 0x5D, dictionary 2 MiB as the
 *          engine writes, or --dict), raw LZMA1 without an end marker
 * --lz4    encoding 1: the §3.6 chunk stream, 1 MiB chunks, each an LZ4 block
 * --plain  encoding 0 (the payload as it is; as large as SAMPLES)
 * --ones   samples are 1 (true) instead of 0
 *
 * The payload is generated and compressed piece by piece, so the generator
 * itself needs a few MiB whatever SAMPLES is. The bytes are written from the
 * spec here (not through the project's encoder, which holds the payload). */
#include <lz4.h>
#include <lzma.h>

#include <errno.h>
#include <inttypes.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define CHUNK ((size_t)1 << 20)

typedef enum encoding { PLAIN = 0, LZ4 = 1, LZMA = 2 } encoding;

static size_t put_varint(uint8_t *p, uint64_t v)
{
    size_t n = 0;
    do {
        uint8_t b = v & 0x7fu;
        v >>= 7;
        p[n++] = (uint8_t)(b | (v ? 0x80u : 0u));
    } while (v);
    return n;
}

/* The payload: the track header, then SAMPLES bytes of the sample value.
 * next() gives the next piece (at most CHUNK bytes) until it returns 0. */
typedef struct payload {
    uint8_t head[64];
    size_t head_len, head_pos;
    uint64_t samples_left;
    uint8_t value;
} payload;

static void payload_init(payload *p, uint64_t samples, uint8_t value)
{
    uint8_t *h = p->head;
    size_t n = 0;
    h[n++] = 0;                       /* track_type Raw */
    h[n++] = 0;                       /* value_type bool */
    h[n++] = 4;                       /* node: string7 "node" */
    memcpy(h + n, "node", 4);
    n += 4;
    h[n++] = 5;                       /* property: "Value" */
    memcpy(h + n, "Value", 5);
    n += 5;
    n += put_varint(h + n, samples);  /* key_count */
    const uint8_t interval[4] = {0x89, 0x88, 0x88, 0x3c}; /* 1/60 as f32, little-endian */
    memcpy(h + n, interval, 4);
    n += 4;
    p->head_len = n;
    p->head_pos = 0;
    p->samples_left = samples;
    p->value = value;
}

static size_t payload_next(payload *p, uint8_t *buf, size_t cap)
{
    size_t n = 0;
    while (p->head_pos < p->head_len && n < cap)
        buf[n++] = p->head[p->head_pos++];
    size_t more = cap - n;
    if (more > p->samples_left)
        more = (size_t)p->samples_left;
    memset(buf + n, p->value, more);
    p->samples_left -= more;
    return n + more;
}

static bool write_all(FILE *f, const void *p, size_t n) { return fwrite(p, 1, n, f) == n; }

static bool write_header(FILE *f, encoding enc)
{
    const uint8_t header[] = {
        0x05, 'A', 'n', 'i', 'm', 'X', /* magic */
        1, 0, 0, 0,                    /* version 1 */
        1,                             /* track_count */
        0, 0, 0x80, 0x3f,              /* global_duration 1.0 */
        4, 'b', 'o', 'm', 'b',         /* name */
        (uint8_t)enc,
    };
    return write_all(f, header, sizeof header);
}

static bool write_plain(FILE *f, payload *p, uint8_t *buf)
{
    size_t n;
    while ((n = payload_next(p, buf, CHUNK)) != 0)
        if (!write_all(f, buf, n))
            return false;
    return true;
}

static bool write_lz4(FILE *f, payload *p, uint8_t *buf)
{
    const int bound = LZ4_compressBound((int)CHUNK);
    char *packed = malloc((size_t)bound);
    if (!packed)
        return false;
    bool ok = true;
    size_t n;
    while (ok && (n = payload_next(p, buf, CHUNK)) != 0) {
        uint8_t head[32];
        int got = LZ4_compress_default((const char *)buf, packed, (int)n, (int)n - 1);
        size_t h = 0;
        if (got > 0) {
            h += put_varint(head + h, 1); /* chunk_flags: compressed */
            h += put_varint(head + h, n);
            h += put_varint(head + h, (uint64_t)got);
            ok = write_all(f, head, h) && write_all(f, packed, (size_t)got);
        } else {
            h += put_varint(head + h, 0); /* stored */
            h += put_varint(head + h, n);
            ok = write_all(f, head, h) && write_all(f, buf, n);
        }
    }
    free(packed);
    return ok;
}

static bool write_lzma(FILE *f, payload *p, uint8_t *buf, uint64_t usize, uint32_t dict)
{
    lzma_options_lzma opt;
    if (lzma_lzma_preset(&opt, 1))
        return false;
    opt.dict_size = dict;
    opt.lc = 3;
    opt.lp = 0;
    opt.pb = 2;
    opt.nice_len = 273; /* long runs of one byte: long matches are cheap */
    opt.ext_flags = 0;
    lzma_set_ext_size(opt, usize);
    lzma_filter filters[2] = {{LZMA_FILTER_LZMA1EXT, &opt}, {LZMA_VLI_UNKNOWN, NULL}};
    uint8_t header[21];
    header[0] = 0x5D;
    for (int i = 0; i < 4; i++)
        header[1 + i] = (uint8_t)(dict >> (8 * i));
    for (int i = 0; i < 8; i++) {
        header[5 + i] = (uint8_t)(usize >> (8 * i));
        header[13 + i] = 0; /* compressed_size: patched at the end */
    }
    long header_at = ftell(f);
    if (header_at < 0 || !write_all(f, header, sizeof header))
        return false;
    lzma_stream s = LZMA_STREAM_INIT;
    if (lzma_raw_encoder(&s, filters) != LZMA_OK)
        return false;
    static uint8_t out[1 << 16];
    uint64_t csize = 0;
    bool ok = true, eof = false;
    while (ok) {
        if (s.avail_in == 0 && !eof) {
            size_t n = payload_next(p, buf, CHUNK);
            s.next_in = buf;
            s.avail_in = n;
            eof = n == 0;
        }
        s.next_out = out;
        s.avail_out = sizeof out;
        lzma_ret r = lzma_code(&s, eof ? LZMA_FINISH : LZMA_RUN);
        size_t got = sizeof out - s.avail_out;
        csize += got;
        ok = write_all(f, out, got);
        if (r == LZMA_STREAM_END)
            break;
        if (r != LZMA_OK)
            ok = false;
    }
    lzma_end(&s);
    if (!ok)
        return false;
    for (int i = 0; i < 8; i++)
        header[13 + i] = (uint8_t)(csize >> (8 * i));
    return fseek(f, header_at, SEEK_SET) == 0 && write_all(f, header, sizeof header) && fseek(f, 0, SEEK_END) == 0;
}

static int usage(void)
{
    fputs("usage: animx_bomb (--lzma | --lz4 | --plain) SAMPLES OUT [--ones] [--dict BYTES]\n", stderr);
    return 2;
}

int main(int argc, char **argv)
{
    int enc = -1;
    const char *count = NULL, *out = NULL;
    uint8_t value = 0;
    uint32_t dict = UINT32_C(1) << 21;
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--lzma") == 0)
            enc = LZMA;
        else if (strcmp(argv[i], "--lz4") == 0)
            enc = LZ4;
        else if (strcmp(argv[i], "--plain") == 0)
            enc = PLAIN;
        else if (strcmp(argv[i], "--ones") == 0)
            value = 1;
        else if (strcmp(argv[i], "--dict") == 0 && i + 1 < argc)
            dict = (uint32_t)strtoul(argv[++i], NULL, 10);
        else if (!count)
            count = argv[i];
        else if (!out)
            out = argv[i];
        else
            return usage();
    }
    if (enc < 0 || !count || !out || dict < 4096)
        return usage();
    char *end;
    errno = 0;
    uint64_t samples = strtoull(count, &end, 10);
    if (errno || *end || samples > INT32_MAX) {
        fprintf(stderr, "animx_bomb: SAMPLES must be 0..2147483647\n");
        return 2;
    }
    FILE *f = fopen(out, "wb");
    uint8_t *buf = malloc(CHUNK);
    if (!f || !buf) {
        fprintf(stderr, "animx_bomb: cannot write %s: %s\n", out, strerror(errno));
        return 1;
    }
    payload p;
    payload_init(&p, samples, value);
    const uint64_t usize = p.head_len + samples;
    bool ok = write_header(f, (encoding)enc);
    if (ok)
        ok = enc == PLAIN ? write_plain(f, &p, buf) : enc == LZ4 ? write_lz4(f, &p, buf) : write_lzma(f, &p, buf, usize, dict);
    free(buf);
    if (fclose(f) != 0)
        ok = false;
    if (!ok) {
        fprintf(stderr, "animx_bomb: writing %s failed\n", out);
        remove(out);
        return 1;
    }
    return 0;
}
