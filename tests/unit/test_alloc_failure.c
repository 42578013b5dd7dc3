/* Allocation failure anywhere is a diagnostic, never a silent failure or a
 * crash (issue 17). The library has no allocation hook (it keeps no global
 * state a caller could trip over): this program alone links with
 * -Wl,--wrap=malloc,--wrap=calloc,--wrap=realloc (tests/CMakeLists.txt), so
 * every allocation the library's objects make comes through the injector
 * below, which fails the N-th one. For each operation on each sample file,
 * every N from the first allocation to the last (or an even spread of them
 * when there are many) must give either the result of the run without
 * failure, or false with an animkit.limit.out-of-memory error and no error
 * of another rule (a format's own code is no way to say memory ran out). */
#define _GNU_SOURCE /* dladdr */
#include "test_support.h"

#include <dlfcn.h>
#include <execinfo.h>
#include <stdbool.h>

/* ---- the injector (test build only) --------------------------------- */

void *__real_malloc(size_t n);
void *__real_calloc(size_t n, size_t size);
void *__real_realloc(void *p, size_t n);

static long alloc_count; /* allocations since arm() */
static long fail_at;     /* the one to fail; 0 = none */

static void arm(long at)
{
    alloc_count = 0;
    fail_at = at;
}

/* AK_ALLOC_TRACE=1: the stack of each failed allocation on standard error
   (offsets in their objects; `addr2line -f -e test_alloc_failure` names
   those of the test program). */
static bool fails_now(void)
{
    if (++alloc_count != fail_at)
        return false;
    if (getenv("AK_ALLOC_TRACE")) {
        void *frames[16];
        int n = backtrace(frames, 16);
        fprintf(stderr, "-- allocation %ld fails:", alloc_count);
        for (int i = 1; i < n; i++) {
            Dl_info info;
            if (dladdr(frames[i], &info) && info.dli_fbase)
                fprintf(stderr, " %#lx", (unsigned long)((char *)frames[i] - (char *)info.dli_fbase));
        }
        fputc('\n', stderr);
    }
    return true;
}

void *__wrap_malloc(size_t n);
void *__wrap_malloc(size_t n) { return fails_now() ? NULL : __real_malloc(n); }
void *__wrap_calloc(size_t n, size_t size);
void *__wrap_calloc(size_t n, size_t size) { return fails_now() ? NULL : __real_calloc(n, size); }
void *__wrap_realloc(void *p, size_t n);
void *__wrap_realloc(void *p, size_t n) { return fails_now() ? NULL : __real_realloc(p, n); }

/* ---- the operations ---------------------------------------------------- */

typedef enum { OP_VALIDATE, OP_DUMP, OP_CONVERT, OP_SAMPLE, OP_PLOT } op_kind;

typedef struct op {
    op_kind kind;
    const char *file; /* under examples/ */
    const char *to;   /* OP_CONVERT: the output format */
    int compress;     /* OP_CONVERT */
} op;

typedef struct result {
    bool ok;
    bool oom_reported;
    size_t errors, other_errors; /* errors other than animkit.limit.* */
    ak_buf out;
} result;

static void run(const op *o, const ak_input *in, result *r)
{
    ak_diags *d = ak_diags_new(NULL);
    ak_buf_init(&r->out);
    r->ok = false;
    r->oom_reported = false;
    r->errors = 1;
    r->other_errors = 0;
    if (!d) {
        r->oom_reported = true; /* the caller of ak_diags_new sees NULL: its own report */
        return;
    }
    ak_options opt = {.compress = o->compress};
    switch (o->kind) {
    case OP_VALIDATE:
        r->ok = ak_validate(in, NULL, &opt, d) != NULL && ak_diags_errors(d) == 0;
        break;
    case OP_DUMP: {
        const ak_format *f = ak_resolve_format(in, NULL, d);
        r->ok = f && ak_dump(in, f, &opt, d, &r->out) && ak_diags_errors(d) == 0;
        break;
    }
    case OP_CONVERT:
        r->ok = ak_convert(in, NULL, ak_format_find(o->to), &opt, d, &r->out, NULL) && ak_diags_errors(d) == 0;
        break;
    case OP_SAMPLE:
        r->ok = ak_sample(in, NULL, &opt, d, 0, 0, 1, 0.25, &r->out, NULL) && ak_diags_errors(d) == 0;
        break;
    case OP_PLOT:
        r->ok = ak_plot(in, NULL, &opt, d, NULL, &r->out, NULL) && ak_diags_errors(d) == 0;
        break;
    }
    r->errors = ak_diags_errors(d);
    for (size_t i = 0; i < ak_diags_count(d); i++) {
        const ak_diag *g = ak_diags_at(d, i);
        r->oom_reported |= strcmp(g->rule->code, "animkit.limit.out-of-memory") == 0;
        r->other_errors += g->severity == AK_SEV_ERROR && strncmp(g->rule->code, "animkit.limit.", 14) != 0;
    }
    ak_diags_free(d);
}

static const char *const op_names[] = {"validate", "dump", "convert", "sample", "plot"};

/* At most this many failure points per operation, spread evenly. */
#define MAX_POINTS 200
#define MAX_FAILURES_SHOWN 3

static void check_op(const op *o)
{
    char path[512];
    const char *bin = getenv("AK_BINARY_DIR");
    if (strncmp(o->file, "primeanim/", 10) == 0) /* generated at build time (tests/primeanim/generate.cmake) */
        snprintf(path, sizeof path, "%s/generated/primeanim/examples/%s", bin ? bin : "build", o->file + 10);
    else if (strncmp(o->file, "fuzz/", 5) == 0) /* a seed, from the source root */
        snprintf(path, sizeof path, "%s", o->file);
    else
        snprintf(path, sizeof path, "examples/%s", o->file);
    size_t size = 0;
    char *data = ak_test_read_file(path, &size);
    assert_non_null(data);
    ak_input in = {o->file, (const uint8_t *)data, size, false};

    result ref;
    arm(0);
    run(o, &in, &ref);
    long total = alloc_count;
    if (!ref.ok)
        fail_msg("%s %s%s%s fails without injected failures", op_names[o->kind], o->file, o->to ? " to " : "",
                 o->to ? o->to : "");
    long step = total > MAX_POINTS ? total / MAX_POINTS : 1, failures = 0;
    for (long at = 1; at <= total; at += step) {
        result r;
        arm(at);
        run(o, &in, &r);
        bool hit = alloc_count >= at;
        arm(0);
        if (!hit)
            continue;
        bool same = r.ok && r.out.len == ref.out.len && (r.out.len == 0 || memcmp(r.out.data, ref.out.data, r.out.len) == 0);
        bool reported = !r.ok && r.errors > 0 && r.oom_reported && r.other_errors == 0;
        if (!same && !reported && ++failures <= MAX_FAILURES_SHOWN)
            print_error("%s %s%s%s: allocation %ld of %ld failed: ok=%d, %zu errors (%zu not animkit.limit.*), "
                        "out-of-memory %s\n",
                        op_names[o->kind], o->file, o->to ? " to " : "", o->to ? o->to : "", at, total, r.ok, r.errors,
                        r.other_errors, r.oom_reported ? "reported" : "not reported");
        ak_buf_free(&r.out);
    }
    ak_buf_free(&ref.out);
    free(data);
    if (failures)
        fail_msg("%s %s: %ld silent allocation failures", op_names[o->kind], o->file, failures);
}

static const op validates[] = {
    {OP_VALIDATE, "animj/good-shapes.animj", NULL, 0},
    {OP_VALIDATE, "animx/redx_lz4.animx", NULL, 0},
    {OP_VALIDATE, "animx/vec_raw_curve.animx", NULL, 0},
    {OP_VALIDATE, "glaxnimate/good-rect-star-precomp.rawr", NULL, 0},
    {OP_VALIDATE, "json/good-object.json", NULL, 0},
    {OP_VALIDATE, "maya/bounce.anim", NULL, 0},
    {OP_VALIDATE, "mrtk/right_hand_v10.bin", NULL, 0},
    {OP_VALIDATE, "primeanim/v2_mp1.anim", NULL, 0},
};

static const op dumps[] = {
    {OP_DUMP, "animj/good-shapes.animj", NULL, 0},
    {OP_DUMP, "animx/redx_lz4.animx", NULL, 0},
    {OP_DUMP, "glaxnimate/good-rect-star-precomp.rawr", NULL, 0},
    {OP_DUMP, "maya/bounce.anim", NULL, 0},
    {OP_DUMP, "mrtk/camera_only_v11.bin", NULL, 0},
    {OP_DUMP, "primeanim/v0_mp1.anim", NULL, 0},
    {OP_DUMP, "fuzz/corpus/animx/types_lzma.animx", NULL, 0}, /* the LZMA payload decoded whole */
};

static const op converts[] = {
    {OP_CONVERT, "animx/vec_raw_curve.animx", "animj", 0},
    {OP_CONVERT, "animx/redx_lz4.animx", "animx", AK_COMPRESS_LZMA}, /* streamed */
    {OP_CONVERT, "fuzz/corpus/animx/types_lzma.animx", "animx", AK_COMPRESS_LZ4},
    {OP_CONVERT, "fuzz/corpus/animx/dump_golden_8_4.json", "animx", AK_COMPRESS_LZ4}, /* undump */
    {OP_CONVERT, "animj/good-shapes.animj", "maya", 0},
    {OP_CONVERT, "maya/bounce.anim", "animx", AK_COMPRESS_LZ4},
    {OP_CONVERT, "maya/bounce.anim", "maya", 0},
    {OP_CONVERT, "mrtk/right_hand_v10.bin", "animj", 0},
    {OP_CONVERT, "glaxnimate/good-rect-star-precomp.rawr", "animj", 0},
    {OP_CONVERT, "primeanim/v2_mp1.anim", "maya", 0},
    {OP_CONVERT, "primeanim/v0_mp1.anim", "primeanim", 0},
    {OP_CONVERT, "animj/good-shapes.animj", "animx", 0},
    {OP_CONVERT, "mrtk/camera_only_v11.bin", "mrtk", 0},
    {OP_CONVERT, "glaxnimate/good-rect-star-precomp.rawr", "glaxnimate", 0},
};

static const op samples[] = {
    {OP_SAMPLE, "animx/vec_raw_curve.animx", NULL, 0},
    {OP_SAMPLE, "maya/bounce.anim", NULL, 0},
    {OP_PLOT, "maya/bounce.anim", NULL, 0},
    {OP_PLOT, "animj/good-shapes.animj", NULL, 0},
    {OP_PLOT, "animx/vec_raw_curve.animx", NULL, 0},
};

static void check_all(const op *ops, size_t n)
{
    for (size_t i = 0; i < n; i++)
        check_op(&ops[i]);
}

#define CHECK_ALL(ops) check_all(ops, sizeof ops / sizeof ops[0])

static void test_validate(void **state)
{
    (void)state;
    CHECK_ALL(validates);
}

static void test_dump(void **state)
{
    (void)state;
    CHECK_ALL(dumps);
}

static void test_convert(void **state)
{
    (void)state;
    CHECK_ALL(converts);
}

static void test_sample_plot(void **state)
{
    (void)state;
    CHECK_ALL(samples);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_validate),
        cmocka_unit_test(test_dump),
        cmocka_unit_test(test_convert),
        cmocka_unit_test(test_sample_plot),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
