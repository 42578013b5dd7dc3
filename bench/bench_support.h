/* What the benchmark programs share: their command line (FILE [RUNS]), the
 * clocks, and the best of N timed runs of a validator and of memcpy, the
 * peers every figure is a ratio against (measured in the same run). */
#ifndef AK_BENCH_SUPPORT_H
#define AK_BENCH_SUPPORT_H

#include <animkit/animkit.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

/* Wall time: for runs that wait on nothing and use one thread. */
static inline double bench_wall_seconds(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* CPU time of the process: what another process's load on a shared machine
   disturbs least. */
static inline double bench_cpu_seconds(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* `NAME FILE [RUNS]`: maps FILE into *f and sets *runs (default_runs when
   absent); false (after saying why on stderr) when the program should exit
   with status 2. */
static inline bool bench_args(int argc, char **argv, const char *name, int default_runs, ak_file *f, int *runs)
{
    if (argc < 2) {
        fprintf(stderr, "usage: %s FILE [RUNS]\n", name);
        return false;
    }
    *runs = argc > 2 ? atoi(argv[2]) : default_runs;
    if (*runs < 1)
        *runs = 1;
    char why[256];
    if (!ak_file_open(f, argv[1], why, sizeof why)) {
        fprintf(stderr, "%s: %s\n", name, why);
        return false;
    }
    return true;
}

typedef void (*bench_validate_fn)(const ak_input *in, const ak_options *opt, ak_diags *d);

/* The best of `runs` timed validations of the bytes by `clock`, with opt and
   the diagnostics' options dopt (NULL: the defaults). The last run's count of
   diagnostics and of errors go to *diags and *errors (each may be NULL). */
static inline double bench_best_validate(bench_validate_fn validate, const uint8_t *data, size_t size,
                                         const ak_options *opt, const ak_diag_options *dopt, int runs,
                                         double (*clock)(void), size_t *diags, size_t *errors)
{
    double best = 1e30;
    for (int r = 0; r < runs; r++) {
        ak_diags *d = ak_diags_new(dopt);
        if (!d)
            abort();
        ak_input in = {"bench", data, size, false};
        double t0 = clock();
        validate(&in, opt, d);
        double t = clock() - t0;
        if (diags)
            *diags = ak_diags_count(d);
        if (errors)
            *errors = ak_diags_errors(d);
        ak_diags_free(d);
        if (t < best)
            best = t;
    }
    return best;
}

/* The best of `runs` copies of the bytes into a buffer of their size (CPU
   time, as the readers measured against it): the physical limit a reader
   is measured against. */
static inline double bench_best_memcpy(const uint8_t *data, size_t size, int runs)
{
    uint8_t *copy = malloc(size ? size : 1);
    if (!copy)
        abort();
    memcpy(copy, data, size); /* fault every page in, both sides */
    double best = 1e30;
    for (int r = 0; r < runs; r++) {
        double t0 = bench_cpu_seconds();
        memcpy(copy, data, size);
        double t = bench_cpu_seconds() - t0;
        if (size && copy[size / 2] != data[size / 2])
            abort(); /* keeps the copy from being optimised away */
        if (t < best)
            best = t;
    }
    free(copy);
    return best;
}

/* bench_best_memcpy of `size` bytes of a buffer of this process's own. */
static inline double bench_best_memcpy_size(size_t size, int runs)
{
    uint8_t *src = malloc(size ? size : 1);
    if (!src)
        abort();
    for (size_t i = 0; i < size; i++)
        src[i] = (uint8_t)(i * 131u >> 3);
    double best = bench_best_memcpy(src, size, runs);
    free(src);
    return best;
}

/* One line of a report against memcpy: "  LABEL: 0.1234 s  123.4 MB/s  (45% of memcpy)". */
static inline void bench_print_vs_memcpy(const char *label, double seconds, double mb, double copy_seconds)
{
    printf("  %-14s: %.4f s  %8.1f MB/s  (%.0f%% of memcpy)\n", label, seconds, mb / seconds,
           100 * copy_seconds / seconds);
}

/* A line the run script turns into a row of `make bench`'s table
   (bench/measure.py record): "RATIO KEY VALUE", a speed over its peer's. */
static inline void bench_ratio(const char *key, double value) { printf("RATIO %s %.4f\n", key, value); }

#endif
