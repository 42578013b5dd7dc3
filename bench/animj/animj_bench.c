/* AnimJ schema validation vs bare JSON well-formedness on the same bytes,
 * in process (the file is read into memory once; best of N runs each, in
 * CPU time: the machines this runs on are shared, and CPU time is what
 * another process's load disturbs least).
 * Prints MB/s of both and the overhead of schema validation in percent;
 * also the general path alone (no lanes), which elements that lanes
 * decline take.
 * usage: animj_bench FILE [RUNS]   (exit 1 when the overhead exceeds 25%) */
#include <animkit/animkit.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

extern const ak_format ak_format_animj;
extern const ak_format ak_format_json;

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static double best_of(const ak_format *f, const uint8_t *data, size_t size, int runs, bool lanes, size_t *diags)
{
    double best = 1e30;
    for (int r = 0; r < runs; r++) {
        ak_diags *d = ak_diags_new(NULL);
        ak_input in = {"bench", data, size, false};
        ak_options opt;
        memset(&opt, 0, sizeof opt);
        opt.no_lanes = !lanes;
        double t0 = now();
        f->validate(&in, &opt, d);
        double t = now() - t0;
        *diags = ak_diags_count(d);
        ak_diags_free(d);
        if (t < best)
            best = t;
    }
    return best;
}

int main(int argc, char **argv)
{
    if (argc < 2) {
        fprintf(stderr, "usage: animj_bench FILE [RUNS]\n");
        return 2;
    }
    int runs = argc > 2 ? atoi(argv[2]) : 3;
    FILE *f = fopen(argv[1], "rb");
    if (!f)
        return 2;
    fseek(f, 0, SEEK_END);
    long n = ftell(f);
    fseek(f, 0, SEEK_SET);
    uint8_t *data = malloc((size_t)n + 1);
    if (!data || fread(data, 1, (size_t)n, f) != (size_t)n)
        return 2;
    fclose(f);
    size_t dj = 0, da = 0, dg = 0;
    double tj = best_of(&ak_format_json, data, (size_t)n, runs, true, &dj);
    double ta = best_of(&ak_format_animj, data, (size_t)n, runs, true, &da);
    double tg = best_of(&ak_format_animj, data, (size_t)n, runs, false, &dg);
    double mb = (double)n / 1e6;
    printf("-- %s (%.0f MB), best of %d\n", argv[1], mb, runs);
    printf("  %-34s %8.1f MB/s (%zu diagnostics)\n", "json (well-formedness)", mb / tj, dj);
    printf("  %-34s %8.1f MB/s (%zu diagnostics)\n", "animj (schema validation)", mb / ta, da);
    printf("  %-34s %8.1f MB/s (%zu diagnostics; overhead %.1f%%)\n", "animj without lanes (general path)", mb / tg,
           dg, (tg / tj - 1.0) * 100.0);
    double overhead = (ta / tj - 1.0) * 100.0;
    printf("  ratio animj/json time = %.3f: overhead %.1f%% (target <= 25%%)\n", ta / tj, overhead);
    free(data);
    return overhead <= 25.0 && da == 0 ? 0 : 1;
}
