/* Glaxnimate validation (the animgen-generated automaton and the hook that
 * follows every node and reference) vs bare JSON well-formedness on the
 * same bytes, in process, best of N runs in CPU time (the machines are
 * shared). Prints MB/s of both and the cost of the schema in percent.
 * usage: glaxnimate_bench FILE [RUNS]   (exit 1 when the file has diagnostics) */
#include "../bench_support.h"

extern const ak_format ak_format_glaxnimate;
extern const ak_format ak_format_json;

static double best_of(const ak_format *f, const ak_file *in, int runs, bool strict, size_t *diags)
{
    ak_diag_options dopt = {strict, 0};
    ak_options opt = {0};
    return bench_best_validate(f->validate, in->data, in->size, &opt, &dopt, runs, bench_cpu_seconds, diags, NULL);
}

int main(int argc, char **argv)
{
    ak_file f;
    int runs;
    if (!bench_args(argc, argv, "glaxnimate_bench", 3, &f, &runs))
        return 2;
    size_t dj = 0, dc = 0, ds = 0;
    double tj = best_of(&ak_format_json, &f, runs, false, &dj);
    double tc = best_of(&ak_format_glaxnimate, &f, runs, false, &dc);
    double ts = best_of(&ak_format_glaxnimate, &f, runs, true, &ds);
    double mb = (double)f.size / 1e6;
    printf("-- %s (%.0f MB), best of %d\n", argv[1], mb, runs);
    printf("  %-32s %8.1f MB/s (%zu diagnostics)\n", "json (well-formedness)", mb / tj, dj);
    printf("  %-32s %8.1f MB/s (%zu diagnostics; %.2fx the json time)\n", "glaxnimate (compatible)", mb / tc, dc,
           tc / tj);
    printf("  %-32s %8.1f MB/s (%zu diagnostics; %.2fx the json time)\n", "glaxnimate --strict", mb / ts, ds, ts / tj);
    ak_file_close(&f);
    return dc == 0 && ds == 0 ? 0 : 1;
}
