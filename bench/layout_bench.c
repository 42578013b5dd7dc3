/* Times, on one file of a declared binary format held in memory: a plain
 * memcpy of its bytes (the physical limit), the streaming validator, and
 * the generated decoder into an arena document. Best of N runs each;
 * prints MB/s and the ratios to memcpy.
 * Built once per format with BENCH_ID (the format id, a string),
 * BENCH_HEADER (its generated header) and BENCH_DECODE (its generated
 * <id>_decode); BENCH_MIN_RATIO, when defined, is the validate/memcpy ratio
 * below which the run exits 1.
 * usage: <id>_bench FILE [RUNS] */
#include BENCH_HEADER

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

int main(int argc, char **argv)
{
    if (argc < 2) {
        fprintf(stderr, "usage: %s_bench FILE [RUNS]\n", BENCH_ID);
        return 2;
    }
    int runs = argc > 2 ? atoi(argv[2]) : 5;
    ak_file f;
    char why[256];
    if (!ak_file_open(&f, argv[1], why, sizeof why)) {
        fprintf(stderr, "%s_bench: %s\n", BENCH_ID, why);
        return 2;
    }
    const ak_format *fmt = ak_format_find(BENCH_ID);
    uint8_t *copy = malloc(f.size ? f.size : 1);
    if (!copy || !fmt)
        return 2;
    memcpy(copy, f.data, f.size); /* fault every page in, both sides */
    double best_copy = 1e30, best_val = 1e30, best_dec = 1e30;
    size_t problems = 0;
    for (int r = 0; r < runs; r++) {
        double t0 = now();
        memcpy(copy, f.data, f.size);
        double t1 = now();
        if (t1 - t0 < best_copy)
            best_copy = t1 - t0;
        if (copy[f.size / 2] != f.data[f.size / 2])
            abort();

        ak_diags *d = ak_diags_new(NULL);
        ak_input in = {argv[1], f.data, f.size, false};
        ak_options opt = {0};
        t0 = now();
        fmt->validate(&in, &opt, d);
        t1 = now();
        if (t1 - t0 < best_val)
            best_val = t1 - t0;
        problems = ak_diags_count(d);
        ak_diags_free(d);

        d = ak_diags_new(NULL);
        ak_arena arena;
        ak_arena_init(&arena, 1 << 20);
        t0 = now();
        bool decoded = BENCH_DECODE(f.data, f.size, &opt, d, &arena) != NULL;
        t1 = now();
        if (!decoded)
            problems++;
        if (t1 - t0 < best_dec)
            best_dec = t1 - t0;
        ak_arena_free(&arena);
        ak_diags_free(d);
    }
    double mb = (double)f.size / 1e6;
    printf("%s: file %.1f MB, best of %d\n", BENCH_ID, mb, runs);
    printf("  memcpy        : %.4f s  %8.1f MB/s\n", best_copy, mb / best_copy);
    printf("  validate-only : %.4f s  %8.1f MB/s  (%.0f%% of memcpy)\n", best_val, mb / best_val,
           100 * best_copy / best_val);
    printf("  decode        : %.4f s  %8.1f MB/s  (%.0f%% of memcpy)\n", best_dec, mb / best_dec,
           100 * best_copy / best_dec);
    if (problems)
        printf("  (the file has %zu diagnostics)\n", problems);
    free(copy);
    ak_file_close(&f);
#ifdef BENCH_MIN_RATIO
    if (best_copy / best_val < BENCH_MIN_RATIO) {
        printf("  validate-only is below %.0f%% of memcpy\n", 100 * BENCH_MIN_RATIO);
        return 1;
    }
#endif
    return 0;
}
