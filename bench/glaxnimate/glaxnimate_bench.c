/* Glaxnimate validation (the animgen-generated automaton and the hook that
 * follows every node and reference) vs bare JSON well-formedness on the
 * same bytes, in process, best of N runs in CPU time (the machines are
 * shared). Prints MB/s of both and the cost of the schema in percent.
 * usage: glaxnimate_bench FILE [RUNS]   (exit 1 when the file has diagnostics) */
#include <animkit/animkit.h>

#include <stdio.h>
#include <stdlib.h>
#include <time.h>

extern const ak_format ak_format_glaxnimate;
extern const ak_format ak_format_json;

static double cpu_seconds(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static double best_of(const ak_format *f, const uint8_t *data, size_t size, int runs, bool strict, size_t *diags)
{
    double best = 1e30;
    for (int r = 0; r < runs; r++) {
        ak_diag_options dopt = {strict, 0};
        ak_diags *d = ak_diags_new(&dopt);
        ak_input in = {"bench", data, size, false};
        ak_options opt = {0};
        double t0 = cpu_seconds();
        f->validate(&in, &opt, d);
        double t = cpu_seconds() - t0;
        *diags = ak_diags_count(d);
        ak_diags_free(d);
        best = t < best ? t : best;
    }
    return best;
}

int main(int argc, char **argv)
{
    if (argc < 2) {
        fprintf(stderr, "usage: glaxnimate_bench FILE [RUNS]\n");
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
    size_t dj = 0, dc = 0, ds = 0;
    double tj = best_of(&ak_format_json, data, (size_t)n, runs, false, &dj);
    double tc = best_of(&ak_format_glaxnimate, data, (size_t)n, runs, false, &dc);
    double ts = best_of(&ak_format_glaxnimate, data, (size_t)n, runs, true, &ds);
    double mb = (double)n / 1e6;
    printf("-- %s (%.0f MB), best of %d\n", argv[1], mb, runs);
    printf("  %-32s %8.1f MB/s (%zu diagnostics)\n", "json (well-formedness)", mb / tj, dj);
    printf("  %-32s %8.1f MB/s (%zu diagnostics; %.2fx the json time)\n", "glaxnimate (compatible)", mb / tc, dc,
           tc / tj);
    printf("  %-32s %8.1f MB/s (%zu diagnostics; %.2fx the json time)\n", "glaxnimate --strict", mb / ts, ds, ts / tj);
    free(data);
    return dc == 0 && ds == 0 ? 0 : 1;
}
