/* Times, on one Metroid Prime ANIM v2 MP1 file held in memory: a plain
 * memcpy of its bytes (the physical limit), the streaming validator (whose
 * hook decodes the whole bitstream), the decoder into an arena, and the
 * bitstream decoder alone (spec §2.8, 16-bit totals). Best of N runs each;
 * prints MB/s and the ratios to memcpy.
 * usage: primeanim_bench FILE [RUNS]   (exit 1 when the file has errors) */
#include "primeanim.h"
#include "primeanim_layout.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static void count_key(void *user, uint32_t key, const ak_pa_totals *totals, size_t d)
{
    (void)key;
    int64_t *sum = user;
    *sum += totals[d - 1].v[0][0];
}

int main(int argc, char **argv)
{
    if (argc < 2) {
        fprintf(stderr, "usage: primeanim_bench FILE [RUNS]\n");
        return 2;
    }
    int runs = argc > 2 ? atoi(argv[2]) : 5;
    ak_file f;
    char why[256];
    if (!ak_file_open(&f, argv[1], why, sizeof why)) {
        fprintf(stderr, "primeanim_bench: %s\n", why);
        return 2;
    }
    uint8_t *copy = malloc(f.size ? f.size : 1);
    if (!copy)
        return 2;
    memcpy(copy, f.data, f.size);
    /* where the descriptors and the bitstream are (MP1 v2, §2.4) */
    uint32_t n = ak_lget32be(f.data + 0x30), d = ak_lget32be(f.data + 0x34 + 4 * ((n + 31) / 32) + 4);
    size_t desc = 0x34 + 4 * ((size_t)(n + 31) / 32) + 8;
    ak_pa_channel ch[AK_PA_MAX_CHANNELS];
    size_t desc_len = d <= AK_PA_MAX_CHANNELS ? ak_pa_parse_descriptors(f.data + desc, f.size - desc, 1, d, ch) : 0;
    uint32_t k = desc_len ? ch[0].count[0] : 0;
    size_t words = (size_t)((ak_pa_bits_per_key(ch, d, 1) * k + 31) / 32);
    double best_copy = 1e30, best_val = 1e30, best_dec = 1e30, best_bits = 1e30;
    size_t errors = 0;
    int64_t sum = 0;
    for (int r = 0; r < runs; r++) {
        double t0 = now();
        memcpy(copy, f.data, f.size);
        double t1 = now();
        if (t1 - t0 < best_copy)
            best_copy = t1 - t0;
        if (copy[f.size / 2] != f.data[f.size / 2])
            abort();

        ak_diags *dg = ak_diags_new(NULL);
        ak_input in = {argv[1], f.data, f.size, false};
        ak_options opt = {0};
        t0 = now();
        primeanim_validate(&in, &opt, dg);
        t1 = now();
        if (t1 - t0 < best_val)
            best_val = t1 - t0;
        errors = ak_diags_errors(dg);
        ak_diags_free(dg);

        dg = ak_diags_new(NULL);
        ak_arena arena;
        ak_arena_init(&arena, 1 << 20);
        t0 = now();
        primeanim_file *doc = primeanim_decode(f.data, f.size, NULL, dg, &arena);
        t1 = now();
        errors += doc == NULL;
        if (t1 - t0 < best_dec)
            best_dec = t1 - t0;
        ak_arena_free(&arena);
        ak_diags_free(dg);

        t0 = now();
        if (!desc_len || !ak_pa_decode(ch, d, 1, k, f.data + desc + desc_len, words, false, count_key, &sum, NULL))
            errors++;
        t1 = now();
        if (t1 - t0 < best_bits)
            best_bits = t1 - t0;
    }
    double mb = (double)f.size / 1e6, bits_mb = (double)words * 4 / 1e6;
    printf("primeanim: file %.1f MB (bitstream %.1f MB, %u keys x %u channels), best of %d\n", mb, bits_mb, k, d,
           runs);
    printf("  memcpy        : %.4f s  %8.1f MB/s\n", best_copy, mb / best_copy);
    printf("  validate-only : %.4f s  %8.1f MB/s  (%.0f%% of memcpy)\n", best_val, mb / best_val,
           100 * best_copy / best_val);
    printf("  decode        : %.4f s  %8.1f MB/s  (%.0f%% of memcpy)\n", best_dec, mb / best_dec,
           100 * best_copy / best_dec);
    printf("  bitstream only: %.4f s  %8.1f MB/s  (%.0f%% of memcpy; checksum %lld)\n", best_bits, bits_mb / best_bits,
           100 * best_copy * bits_mb / mb / best_bits, (long long)sum);
    free(copy);
    ak_file_close(&f);
    if (errors)
        printf("  (the file has %zu errors)\n", errors);
    return errors ? 1 : 0;
}
