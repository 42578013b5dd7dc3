/* The library from several threads at once: threads that validate and dump
 * different files (different formats) concurrently get, every time, the
 * report and the dump one thread alone gets. Run under ASan+UBSan by make
 * check; a ThreadSanitizer build runs it as it is. */
#include "test_support.h"

#include <pthread.h>

enum { ROUNDS = 25 };

static const char *const files[] = {
    "examples/maya/invalid_many_mistakes.anim",
    "examples/animj/bad-member-order.animj",
    "examples/animx/redx_lz4.animx",
    "examples/mrtk/invalid_key_count.bin",
    "examples/json/warn-duplicate-member.json",
    "examples/animx/invalid_bezier_track.animx",
    "examples/glaxnimate/good-rect-star-precomp.rawr",
    "examples/glaxnimate/bad-many-mistakes.rawr",
};
#define NFILES (sizeof files / sizeof *files)

typedef struct job {
    const char *path;
    char *data;
    size_t size;
    char *expected; /* one thread alone */
    int mismatches;
} job;

/* The diagnostics of a validation and the dump, as text. */
static char *check_once(const job *j)
{
    ak_diags *d = ak_diags_new(NULL);
    ak_options opt = {0};
    ak_input in = {j->path, (const uint8_t *)j->data, j->size, false};
    const ak_format *f = ak_validate(&in, NULL, &opt, d);
    ak_buf out;
    ak_buf_init(&out);
    ak_buf_printf(&out, "%s\n", f ? f->id : "-");
    for (size_t i = 0; i < ak_diags_count(d); i++) {
        const ak_diag *g = ak_diags_at(d, i);
        ak_buf_printf(&out, "%s %s %llu %u:%u %s %s\n", ak_severity_name(g->severity), g->rule->code,
                      (unsigned long long)g->offset, g->line, g->column, g->path, g->message);
    }
    ak_diags_free(d);
    if (f && f->dump) {
        ak_diags *dd = ak_diags_new(NULL);
        ak_buf_puts(&out, "dump:\n");
        f->dump(&in, &opt, dd, &out);
        ak_diags_free(dd);
    }
    ak_buf_cstr(&out);
    return out.data;
}

static void *worker(void *arg)
{
    job *j = arg;
    for (int r = 0; r < ROUNDS; r++) {
        char *got = check_once(j);
        j->mismatches += strcmp(got, j->expected) != 0;
        free(got);
    }
    return NULL;
}

static void test_concurrent_validation(void **state)
{
    (void)state;
    job jobs[NFILES];
    memset(jobs, 0, sizeof jobs);
    for (size_t i = 0; i < NFILES; i++) {
        jobs[i].path = files[i];
        jobs[i].data = ak_test_read_file(files[i], &jobs[i].size);
        assert_non_null(jobs[i].data);
        jobs[i].expected = check_once(&jobs[i]);
        assert_non_null(jobs[i].expected);
    }
    pthread_t threads[NFILES];
    for (size_t i = 0; i < NFILES; i++)
        assert_int_equal(pthread_create(&threads[i], NULL, worker, &jobs[i]), 0);
    for (size_t i = 0; i < NFILES; i++)
        assert_int_equal(pthread_join(threads[i], NULL), 0);
    for (size_t i = 0; i < NFILES; i++) {
        if (jobs[i].mismatches)
            fprintf(stderr, "%s: %d of %d rounds differ from one thread alone\n", files[i], jobs[i].mismatches,
                    ROUNDS);
        assert_int_equal(jobs[i].mismatches, 0);
        free(jobs[i].data);
        free(jobs[i].expected);
    }
}

/* Two threads on the same file (a shared read-only buffer). */
static void test_same_buffer(void **state)
{
    (void)state;
    job j[2];
    memset(j, 0, sizeof j);
    j[0].path = j[1].path = files[0];
    j[0].data = ak_test_read_file(files[0], &j[0].size);
    assert_non_null(j[0].data);
    j[1].data = j[0].data;
    j[1].size = j[0].size;
    j[0].expected = j[1].expected = check_once(&j[0]);
    pthread_t t[2];
    for (int i = 0; i < 2; i++)
        assert_int_equal(pthread_create(&t[i], NULL, worker, &j[i]), 0);
    for (int i = 0; i < 2; i++)
        assert_int_equal(pthread_join(t[i], NULL), 0);
    assert_int_equal(j[0].mismatches + j[1].mismatches, 0);
    free(j[0].data);
    free(j[0].expected);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_concurrent_validation),
        cmocka_unit_test(test_same_buffer),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
