/* AnimJ schema validation vs bare JSON well-formedness on the same bytes,
 * in process (the file is mapped once; best of N runs each, in
 * CPU time: the machines this runs on are shared, and CPU time is what
 * another process's load disturbs least).
 * Prints MB/s of both and the overhead of schema validation in percent;
 * also the general path alone (no lanes), which elements that lanes
 * decline take.
 * usage: animj_bench FILE [RUNS]   (exit 1 when the file has diagnostics; the
 * ratio of the two times goes to `make bench`'s table) */
#include "../bench_support.h"

extern const ak_format ak_format_animj;
extern const ak_format ak_format_json;

static double best_of(const ak_format *f, const ak_file *in, int runs, bool lanes, size_t *diags)
{
    ak_options opt = {0};
    opt.no_lanes = !lanes;
    return bench_best_validate(f->validate, in->data, in->size, &opt, NULL, runs, bench_cpu_seconds, diags, NULL);
}

int main(int argc, char **argv)
{
    ak_file f;
    int runs;
    if (!bench_args(argc, argv, "animj_bench", 3, &f, &runs))
        return 2;
    size_t dj = 0, da = 0, dg = 0;
    double tj = best_of(&ak_format_json, &f, runs, true, &dj);
    double ta = best_of(&ak_format_animj, &f, runs, true, &da);
    double tg = best_of(&ak_format_animj, &f, runs, false, &dg);
    double mb = (double)f.size / 1e6;
    printf("-- %s (%.0f MB), best of %d\n", argv[1], mb, runs);
    printf("  %-34s %8.1f MB/s (%zu diagnostics)\n", "json (well-formedness)", mb / tj, dj);
    printf("  %-34s %8.1f MB/s (%zu diagnostics)\n", "animj (schema validation)", mb / ta, da);
    printf("  %-34s %8.1f MB/s (%zu diagnostics; overhead %.1f%%)\n", "animj without lanes (general path)", mb / tg,
           dg, (tg / tj - 1.0) * 100.0);
    double overhead = (ta / tj - 1.0) * 100.0;
    printf("  ratio animj/json time = %.3f: overhead %.1f%% (target <= 25%%)\n", ta / tj, overhead);
    bench_ratio("schema/json", tj / ta);
    ak_file_close(&f);
    return da == 0 ? 0 : 1;
}
