/* The fuzz harnesses' allocation-failure mode (fuzz/fuzz_alloc.c, issue
 * 31): the injector fails the allocation it is armed for and counts the
 * rest; the oracle accepts the library's behaviour on the examples of every
 * format at many failure points, and aborts on a format that fails without
 * saying so (checked in a child process). This program links with malloc,
 * calloc and realloc wrapped, as the harnesses do (tests/CMakeLists.txt). */
#include "test_support.h"

#include "fuzz_alloc.h"

#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

static void test_injector(void **state)
{
    (void)state;
    ak_fuzz_alloc_arm(0);
    ak_diags *d = ak_diags_new(NULL);
    assert_non_null(d);
    assert_true(ak_fuzz_alloc_count() >= 1);
    ak_diags_free(d);
    ak_fuzz_alloc_arm(1);
    d = ak_diags_new(NULL); /* its first allocation fails */
    ak_fuzz_alloc_arm(0);
    assert_null(d);
    void *p = malloc(16); /* disarmed: everything passes */
    assert_non_null(p);
    free(p);
}

typedef struct example {
    const char *file, *format, *to;
} example;

/* Each operation's allocations fail in turn, every one of them up to this
 * many (the findings below), or this many spread over them. */
#define POINTS 400

static void check_examples(const example *examples, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        char path[4096];
        const char *bin = getenv("AK_BINARY_DIR");
        if (strncmp(examples[i].file, "primeanim/", 10) == 0) /* made at build time */
            snprintf(path, sizeof path, "%s/generated/primeanim/fuzz-corpus/%s", bin ? bin : "build",
                     examples[i].file + 10);
        else
            snprintf(path, sizeof path, "%s", examples[i].file);
        size_t size = 0;
        char *data = ak_test_read_file(path, &size);
        if (!data)
            fail_msg("cannot read %s", path);
        ak_fuzz_alloc_check(ak_format_find(examples[i].format), examples[i].to ? ak_format_find(examples[i].to) : NULL,
                            (const uint8_t *)data, size, POINTS);
        free(data);
    }
}

static void test_examples(void **state)
{
    (void)state;
    static const example examples[] = {
        {"examples/animx/vec_raw_curve.animx", "animx", "animj"},
        {"examples/maya/bounce.anim", "maya", "animx"},
        {"examples/animj/good-shapes.animj", "animj", "animx"},
        {"examples/json/good-object.json", "json", NULL},
    };
    check_examples(examples, sizeof examples / sizeof examples[0]);
}

/* What the allocation-failure mode found (issue 31); each went wrong
 * without its fix:
 *  - a warning that the diagnostics could not store went missing, and one
 *    stored without its field path (MRTK's flag-empty);
 *  - the Maya parser that could not be allocated ended validation with no
 *    diagnostic at all: an invalid file passed;
 *  - a JSON path that could not be built left diagnostics without one;
 *  - Lemon's stack that could not grow was reported as json.limit.depth;
 *  - a conversion whose list of dropped fields could not be built dropped
 *    them without animkit.convert.loss;
 *  - an escaped member name compared while memory ran out was taken for
 *    an unknown member.
 * (A JSON path that could not be built for the diagnostic that reached
 * --max-errors is shown by fuzz/corpus/animj/regress-path-oom-at-max-errors
 * .animj in fuzz.animj.alloc: its failure point is one of a thousand.) */
static void test_findings(void **state)
{
    (void)state;
    static const example findings[] = {
        {"fuzz/corpus/mrtk/all_v11.bin", "mrtk", "animx"},
        {"fuzz/corpus/maya/animdata_orphan.anim", "maya", NULL},
        {"fuzz/corpus/animj/time-case.animj", "animj", NULL},
        {"fuzz/corpus/json/invalid-depth-513.json", "json", NULL},
        {"primeanim/seed_v2_mp1.anim", "primeanim", "animx"},
        {"fuzz/corpus/animj/regress-escaped-names-oom.animj", "animj", "animx"},
    };
    check_examples(findings, sizeof findings / sizeof findings[0]);
}

/* A format whose validation gives up silently when memory runs out: its
 * finding goes missing without a word. */
static void silent_validate(const ak_input *in, const ak_options *opt, ak_diags *d)
{
    (void)in;
    (void)opt;
    for (int i = 0; i < 8; i++) {
        void *p = malloc(64);
        if (!p)
            return; /* no animkit.limit.out-of-memory: what the oracle exists to catch */
        free(p);
    }
    ak_report(d, &ak_rule_input_empty, 0, 0, "", "the input is empty");
}

static void test_oracle_catches_silence(void **state)
{
    (void)state;
    ak_format silent = *ak_format_find("json");
    silent.validate = silent_validate;
    silent.dump = NULL;
    silent.dump_to = NULL;
    silent.reemit = NULL;
    silent.to_model = NULL;
    pid_t pid = fork();
    assert_true(pid >= 0);
    if (pid == 0) {
        close(2); /* the child's report is expected */
        ak_fuzz_alloc_check(&silent, NULL, (const uint8_t *)"", 0, 16);
        _exit(0);
    }
    int status;
    assert_int_equal(waitpid(pid, &status, 0), pid);
    assert_true(WIFSIGNALED(status) && WTERMSIG(status) == SIGABRT);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_injector),
        cmocka_unit_test(test_examples),
        cmocka_unit_test(test_findings),
        cmocka_unit_test(test_oracle_catches_silence),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
