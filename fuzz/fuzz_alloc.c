/* Allocation-failure injection for the harnesses: see fuzz_alloc.h. */
#include "fuzz_alloc.h"

#include "diag.h"

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- the injector ------------------------------------------------------- */

void *__real_malloc(size_t n);
void *__real_calloc(size_t n, size_t size);
void *__real_realloc(void *p, size_t n);

static long alloc_count; /* allocations since ak_fuzz_alloc_arm */
static long fail_at;     /* the one to fail; 0: none */

void ak_fuzz_alloc_arm(long at)
{
    alloc_count = 0;
    fail_at = at;
}

long ak_fuzz_alloc_count(void) { return alloc_count; }

static bool fails_now(void) { return ++alloc_count == fail_at; }

void *__wrap_malloc(size_t n);
void *__wrap_malloc(size_t n) { return fails_now() ? NULL : __real_malloc(n); }
void *__wrap_calloc(size_t n, size_t size);
void *__wrap_calloc(size_t n, size_t size) { return fails_now() ? NULL : __real_calloc(n, size); }
void *__wrap_realloc(void *p, size_t n);
void *__wrap_realloc(void *p, size_t n) { return fails_now() ? NULL : __real_realloc(p, n); }

int ak_fuzz_alloc_mode(void)
{
    static int mode = -1;
    if (mode < 0) {
        const char *v = getenv("AK_FUZZ_FAIL_ALLOC");
        mode = v ? atoi(v) : 0;
        if (mode < 0)
            mode = 0;
    }
    return mode;
}

/* ---- the oracle --------------------------------------------------------- */

typedef enum { OP_VALIDATE, OP_DUMP, OP_REEMIT, OP_CONVERT, OP_COUNT } op_kind;
static const char *const op_names[] = {"validate", "dump", "re-emission", "conversion"};

typedef struct run {
    bool ok;
    long allocations; /* made by the operation (the failed one included) */
    ak_diags *d; /* NULL: ak_diags_new failed (the caller's own report) */
    ak_buf out;
} run;

static void run_op(op_kind op, const ak_format *f, const ak_format *to, const ak_input *in, long fail, run *r)
{
    ak_buf_init(&r->out);
    r->ok = false;
    ak_fuzz_alloc_arm(fail);
    r->d = ak_diags_new(NULL);
    if (r->d) {
        ak_diags_set_source(r->d, in->data, in->size, true);
        ak_options opt = {0};
        switch (op) {
        case OP_VALIDATE:
            r->ok = ak_validate(in, f, &opt, r->d) != NULL;
            break;
        case OP_DUMP:
            r->ok = ak_dump(in, f, &opt, r->d, &r->out);
            break;
        case OP_REEMIT:
            r->ok = ak_convert(in, f, f, &opt, r->d, &r->out, NULL);
            break;
        case OP_CONVERT:
            r->ok = ak_convert(in, f, to, &opt, r->d, &r->out, NULL);
            break;
        case OP_COUNT:
            break;
        }
        r->ok = r->ok && ak_diags_errors(r->d) == 0;
    }
    r->allocations = ak_fuzz_alloc_count();
    ak_fuzz_alloc_arm(0);
}

static void run_free(run *r)
{
    ak_diags_free(r->d);
    ak_buf_free(&r->out);
}

static bool same_diag(const ak_diag *x, const ak_diag *y)
{
    return x->rule == y->rule && x->severity == y->severity && x->offset == y->offset &&
           strcmp(x->path ? x->path : "", y->path ? y->path : "") == 0;
}

/* The same finding, its path aside (one reported as memory ran out may
 * have lost it). */
static bool reference_has(const ak_diags *ref, const ak_diag *g)
{
    for (size_t i = 0; i < ak_diags_count(ref); i++) {
        const ak_diag *x = ak_diags_at(ref, i);
        if (x->rule == g->rule && x->severity == g->severity && x->offset == g->offset)
            return true;
    }
    return false;
}

static bool same_run(const run *a, const run *b)
{
    if (a->ok != b->ok || a->out.len != b->out.len || (a->out.len && memcmp(a->out.data, b->out.data, a->out.len)))
        return false;
    if (ak_diags_count(a->d) != ak_diags_count(b->d))
        return false;
    for (size_t i = 0; i < ak_diags_count(a->d); i++)
        if (!same_diag(ak_diags_at(a->d, i), ak_diags_at(b->d, i)))
            return false;
    return true;
}

/* What is wrong with r, a run whose fail-th allocation failed, against the
 * reference; NULL: nothing. */
static const char *violation(const run *ref, const run *r)
{
    if (!r->d)
        return NULL; /* the caller of ak_diags_new sees NULL: its own report */
    bool oom = false;
    for (size_t i = 0; i < ak_diags_count(r->d); i++)
        oom |= strcmp(ak_diags_at(r->d, i)->rule->code, "animkit.limit.out-of-memory") == 0;
    if (!oom)
        return same_run(ref, r) ? NULL : "a result other than the reference's without animkit.limit.out-of-memory";
    if (r->ok)
        return "animkit.limit.out-of-memory reported by a run that succeeded";
    for (size_t i = 0; i < ak_diags_count(r->d); i++) {
        const ak_diag *g = ak_diags_at(r->d, i);
        if (g->severity == AK_SEV_ERROR && strncmp(g->rule->code, "animkit.limit.", 14) != 0 && !reference_has(ref->d, g))
            return "an error the reference does not have";
    }
    return NULL;
}

static void show(const run *r, const char *what)
{
    fprintf(stderr, "  %s: %s, %zu bytes out\n", what, r->ok ? "success" : "failure", r->out.len);
    for (size_t i = 0; r->d && i < ak_diags_count(r->d); i++) {
        const ak_diag *g = ak_diags_at(r->d, i);
        fprintf(stderr, "    %s at %llu %s: %s\n", g->rule->code, (unsigned long long)g->offset, g->path ? g->path : "",
                g->message ? g->message : "");
    }
}

static uint64_t hash_bytes(const uint8_t *p, size_t n)
{
    uint64_t h = 1469598103934665603ull;
    for (size_t i = 0; i < n; i++)
        h = (h ^ p[i]) * 1099511628211ull;
    return h;
}

void ak_fuzz_alloc_check(const ak_format *f, const ak_format *to, const uint8_t *data, size_t size, int points)
{
    ak_input in = {"fuzz", data, size, false};
    uint64_t h = hash_bytes(data, size);
    for (int op = 0; op < OP_COUNT; op++) {
        if ((op == OP_DUMP && !f->dump && !f->dump_to) || (op == OP_REEMIT && !f->reemit) ||
            (op == OP_CONVERT && (!to || !f->to_model || !to->from_model)))
            continue;
        run ref;
        run_op((op_kind)op, f, to, &in, 0, &ref);
        long total = ref.allocations;
        if (!ref.d)
            abort();
        for (int k = 0; k < points && total > 0; k++) {
            /* spread over the allocations, starting where the input's hash says */
            long at = 1 + (long)((h + (uint64_t)k * (uint64_t)total / (uint64_t)points + (uint64_t)op * 7919u) %
                                 (uint64_t)total);
            run r;
            run_op((op_kind)op, f, to, &in, at, &r);
            const char *why = violation(&ref, &r);
            if (why) {
                fprintf(stderr, "allocation failure: %s of %s, allocation %ld of %ld failing: %s\n", op_names[op],
                        f->id, at, total, why);
                show(&ref, "without the failure");
                show(&r, "with it");
                abort();
            }
            run_free(&r);
        }
        run_free(&ref);
    }
}

bool ak_fuzz_alloc_run(const char *format_id, const char *to_id, const uint8_t *data, size_t size)
{
    int points = ak_fuzz_alloc_mode();
    if (!points)
        return false;
    const ak_format *f = ak_format_find(format_id);
    if (!f)
        abort();
    ak_fuzz_alloc_check(f, to_id ? ak_format_find(to_id) : NULL, data, size, points);
    return true;
}
