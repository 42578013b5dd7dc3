/* Times, on one file of a declared binary format held in memory: a plain
 * memcpy of its bytes (the physical limit), the streaming validator, and
 * the generated decoder into an arena document. Best of N runs each;
 * prints MB/s and the ratios to memcpy: validate-only against a memcpy of
 * the file, and validate+decode (what dump and convert do) in MB/s of the
 * decoded document (its arena's bytes: the keys, mostly) against a memcpy
 * of as many bytes.
 * Built once per format with BENCH_ID (the format id, a string),
 * BENCH_HEADER (its generated header) and BENCH_DECODE (its generated
 * <id>_decode). The ratios go to `make bench`'s table (RATIO lines); the
 * run exits 1 only when the file has diagnostics.
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
    double best_val = bench_best_validate(fmt->validate, f.data, f.size, &opt, NULL, runs, bench_cpu_seconds,
                                          &problems, NULL);
    double best_dec = 1e30;
    size_t decoded = 0;
    for (int r = 0; r < runs; r++) {
        ak_diags *d = ak_diags_new(NULL);
        ak_arena arena;
        ak_arena_init(&arena, 1 << 20);
        double t0 = bench_cpu_seconds();
        bool ok = BENCH_DECODE(f.data, f.size, &opt, d, &arena) != NULL;
        double t1 = bench_cpu_seconds();
        if (!ok)
            problems++;
        if (t1 - t0 < best_dec)
            best_dec = t1 - t0;
        decoded = arena.total;
        ak_arena_free(&arena);
        ak_diags_free(d);
    }
    double mb = (double)f.size / 1e6;
    printf("%s: file %.1f MB, best of %d\n", BENCH_ID, mb, runs);
    printf("  memcpy        : %.4f s  %8.1f MB/s\n", best_copy, mb / best_copy);
    bench_print_vs_memcpy("validate-only", best_val, mb, best_copy);
    bench_print_vs_memcpy("decode", best_dec, mb, best_copy);
    double dmb = (double)decoded / 1e6, best_dcopy = bench_best_memcpy_size(decoded, runs);
    printf("  decoded       : %.1f MB; validate+decode %.4f s  %8.1f MB/s of them (%.0f%% of their memcpy)\n", dmb,
           best_val + best_dec, dmb / (best_val + best_dec), 100 * best_dcopy / (best_val + best_dec));
    bench_ratio("validate/memcpy", best_copy / best_val);
    bench_ratio("decode-keys/memcpy", best_dcopy / (best_val + best_dec));
    if (problems)
        printf("  (the file has %zu diagnostics)\n", problems);
    ak_file_close(&f);
    return problems ? 1 : 0;
}
