/* Compressed AnimX: the throughput of `validate` (the payload streamed
 * through the generated validator, formats/animx/animx_compress.c) in MB of
 * decompressed payload per second, next to the codec alone on the same
 * payload: liblzma's raw decoder (lzma_code into a discarded 1 MiB buffer)
 * and LZ4_decompress_safe chunk by chunk. Best of N runs each; the ratio
 * validate / codec says what validating costs over decompressing.
 *
 * usage: animx_stream_bench FILE [RUNS]
 * A plain file (encoding 0) is framed both ways in memory with the
 * project's encoders (LZMA as the engine writes it, LZ4 in 1 MiB chunks);
 * a compressed file is measured as it is. */
#include "../bench_support.h"

#include "../../formats/animx/animx_compress.h"

#include <lz4.h>
#include <lzma.h>

static uint64_t varint(const uint8_t *p, size_t n, size_t *pos)
{
    uint64_t v = 0;
    for (unsigned s = 0; *pos < n && s < 64; s += 7) {
        uint8_t b = p[(*pos)++];
        v |= (uint64_t)(b & 0x7f) << s;
        if (!(b & 0x80))
            break;
    }
    return v;
}

/* The offset of the `encoding` byte (spec §3.3), or 0. */
static size_t encoding_at(const uint8_t *p, size_t n)
{
    if (n < 16 || memcmp(p, "\x05" "AnimX", 6) != 0)
        return 0;
    size_t pos = 10;
    varint(p, n, &pos);              /* track_count */
    pos += 4;                        /* global_duration */
    size_t len = (size_t)varint(p, n, &pos);
    pos += len;                      /* name */
    return pos < n ? pos : 0;
}

/* The codec alone: decodes the bytes after `encoding`, dropping the output;
 * returns the payload's size (0 on failure). */
static uint64_t codec_only(int encoding, const uint8_t *in, size_t n, uint8_t *scratch, size_t scratch_size)
{
    uint64_t total = 0;
    if (encoding == 2) {
        uint64_t usize = 0;
        for (int i = 7; i >= 0; i--)
            usize = usize << 8 | in[5 + i];
        lzma_options_lzma opt;
        memset(&opt, 0, sizeof opt);
        opt.dict_size = (uint32_t)in[1] | (uint32_t)in[2] << 8 | (uint32_t)in[3] << 16 | (uint32_t)in[4] << 24;
        opt.lc = in[0] % 9u;
        opt.lp = in[0] / 9u % 5u;
        opt.pb = in[0] / 45u;
        opt.ext_flags = LZMA_LZMA1EXT_ALLOW_EOPM;
        lzma_set_ext_size(opt, usize);
        lzma_filter filters[2] = {{LZMA_FILTER_LZMA1EXT, &opt}, {LZMA_VLI_UNKNOWN, NULL}};
        lzma_stream s = LZMA_STREAM_INIT;
        if (lzma_raw_decoder(&s, filters) != LZMA_OK)
            return 0;
        s.next_in = in + AK_ANIMX_LZMA_HEADER_SIZE;
        s.avail_in = n - AK_ANIMX_LZMA_HEADER_SIZE;
        lzma_ret r;
        do {
            s.next_out = scratch;
            s.avail_out = scratch_size;
            r = lzma_code(&s, LZMA_FINISH);
            total += scratch_size - s.avail_out;
        } while (r == LZMA_OK);
        lzma_end(&s);
        return r == LZMA_STREAM_END ? total : 0;
    }
    for (size_t pos = 0; pos < n;) {
        uint64_t flags = varint(in, n, &pos), original = varint(in, n, &pos), compressed = original;
        if (flags & 1)
            compressed = varint(in, n, &pos);
        if (original > scratch_size || compressed > n - pos)
            return 0;
        if ((flags & 1) &&
            LZ4_decompress_safe((const char *)in + pos, (char *)scratch, (int)compressed, (int)original) != (int)original)
            return 0;
        pos += (size_t)compressed;
        total += original;
    }
    return total;
}

static int measure(const char *name, const uint8_t *file, size_t size, int runs)
{
    const ak_format *fmt = ak_format_find("animx");
    size_t at = encoding_at(file, size);
    if (!fmt || !at || file[at] == 0 || file[at] > 2)
        return 1;
    const int encoding = file[at];
    const size_t scratch_size = (size_t)1 << 25; /* the largest LZ4 chunk LZ4Stream writes is 1 MiB */
    uint8_t *scratch = malloc(scratch_size);
    if (!scratch)
        return 1;
    ak_options opt = {0};
    size_t problems = 0;
    double best_val = bench_best_validate(fmt->validate, file, size, &opt, NULL, runs, bench_cpu_seconds,
                                          &problems, NULL);
    double best_codec = 1e30;
    uint64_t payload = 0;
    for (int r = 0; r < runs; r++) {
        double t0 = bench_cpu_seconds();
        payload = codec_only(encoding, file + at + 1, size - at - 1, scratch, scratch_size);
        double t1 = bench_cpu_seconds();
        if (t1 - t0 < best_codec)
            best_codec = t1 - t0;
    }
    free(scratch);
    if (!payload)
        return 1;
    double mb = (double)payload / 1e6;
    const char *codec = encoding == 2 ? "liblzma raw decode" : "LZ4_decompress_safe";
    printf("%s (%s): file %.2f MB, payload %.1f MB, best of %d\n", name, encoding == 2 ? "LZMA" : "LZ4",
           (double)size / 1e6, mb, runs);
    printf("  %-20s: %.4f s  %8.1f MB/s of payload\n", codec, best_codec, mb / best_codec);
    printf("  %-20s: %.4f s  %8.1f MB/s of payload  (ratio to the codec %.2f)\n", "animkit validate", best_val,
           mb / best_val, best_codec / best_val);
    bench_ratio(encoding == 2 ? "lzma/codec" : "lz4/codec", best_codec / best_val);
    if (problems)
        printf("  (the file has %zu diagnostics)\n", problems);
    return 0;
}

int main(int argc, char **argv)
{
    ak_file f;
    int runs;
    if (!bench_args(argc, argv, "animx_stream_bench", 3, &f, &runs))
        return 2;
    size_t at = encoding_at(f.data, f.size);
    if (!at) {
        fprintf(stderr, "animx_stream_bench: %s is not an AnimX file\n", argv[1]);
        return 2;
    }
    int status = 0;
    if (f.data[at] != 0) {
        status = measure(argv[1], f.data, f.size, runs);
    } else {
        for (int encoding = 1; encoding <= 2; encoding++) {
            ak_buf b;
            ak_buf_init(&b);
            ak_buf_append(&b, f.data, at);
            ak_buf_putc(&b, (char)encoding);
            const uint8_t *plain = f.data + at + 1;
            size_t n = f.size - at - 1;
            bool ok = encoding == 2 ? ak_animx_lzma_encode(plain, n, &b)
                                    : ak_animx_lz4_encode(plain, n, AK_ANIMX_LZ4_FAST, &b);
            if (!ok || b.failed || measure(argv[1], (const uint8_t *)b.data, b.len, runs) != 0)
                status = 1;
            ak_buf_free(&b);
        }
    }
    if (status)
        fprintf(stderr, "animx_stream_bench: %s did not decode\n", argv[1]);
    ak_file_close(&f);
    return status;
}
