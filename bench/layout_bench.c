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

#include "bench_support.h"

int main(int argc, char **argv)
{
    ak_file f;
    int runs;
    if (!bench_args(argc, argv, BENCH_ID "_bench", 5, &f, &runs))
        return 2;
    const ak_format *fmt = ak_format_find(BENCH_ID);
    if (!fmt)
        return 2;
    ak_options opt = {0};
    size_t problems = 0;
    double best_copy = bench_best_memcpy(f.data, f.size, runs);
    double best_val = bench_best_validate(fmt->validate, f.data, f.size, &opt, NULL, runs, bench_wall_seconds,
                                          &problems, NULL);
    double best_dec = 1e30;
    for (int r = 0; r < runs; r++) {
        ak_diags *d = ak_diags_new(NULL);
        ak_arena arena;
        ak_arena_init(&arena, 1 << 20);
        double t0 = bench_wall_seconds();
        bool decoded = BENCH_DECODE(f.data, f.size, &opt, d, &arena) != NULL;
        double t1 = bench_wall_seconds();
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
    bench_print_vs_memcpy("validate-only", best_val, mb, best_copy);
    bench_print_vs_memcpy("decode", best_dec, mb, best_copy);
    if (problems)
        printf("  (the file has %zu diagnostics)\n", problems);
    ak_file_close(&f);
#ifdef BENCH_MIN_RATIO
    if (best_copy / best_val < BENCH_MIN_RATIO) {
        printf("  validate-only is below %.0f%% of memcpy\n", 100 * BENCH_MIN_RATIO);
        return 1;
    }
#endif
    return 0;
}
