/* What the writers of the model sections share (gen/rt/ak_model_map.c):
 * names distinct for distinct paths. */
#include "test_support.h"

#include "ak_model_map.h"
#include "diag.h"

#include <math.h>
#include <stdio.h>

static const ak_rule loss = {"test.convert.loss", AK_SEV_WARNING, AK_SEV_WARNING, "lost", NULL};
static const ak_rule refused = {"test.convert.refused", AK_SEV_ERROR, AK_SEV_ERROR, "refused", NULL};

/* Blanks become '_' (as a format whose names hold none would have it). */
static const char *underscored(ak_arena *a, const char *path)
{
    char *s = ak_arena_strndup(a, path, strlen(path));
    for (char *p = s; p && *p; p++)
        if (*p == ' ')
            *p = '_';
    return s;
}

/* The first three bytes: many paths, one spelling. */
static const char *first_three(ak_arena *a, const char *path)
{
    return ak_arena_strndup(a, path, 3);
}

static void test_distinct_names(void **state)
{
    (void)state;
    ak_animation anim = {.start = 0, .end = NAN};
    ak_diags *d = ak_diags_new(NULL);
    ak_model_writer w;
    assert_true(ak_mm_writer_init(&w, &anim, NULL, d, &loss, &refused, "the test document"));
    ak_mm_names names = {0};
    assert_string_equal(ak_mm_distinct(&w, &names, "a b", underscored, "names made distinct"), "a_b");
    /* a path that is a later one's name keeps it: the later one moves on */
    assert_string_equal(ak_mm_distinct(&w, &names, "a_b_2", underscored, "names made distinct"), "a_b_2");
    assert_string_equal(ak_mm_distinct(&w, &names, "a_b", underscored, "names made distinct"), "a_b_3");
    assert_string_equal(ak_mm_distinct(&w, &names, "a b", underscored, "names made distinct"), "a_b");
    assert_string_equal(ak_mm_distinct(&w, &names, "a  b", underscored, "names made distinct"), "a__b");
    assert_string_equal(ak_mm_distinct(&w, &names, "a b ", underscored, "names made distinct"), "a_b_");
    /* many paths that spell the same: each gets the next suffix */
    char path[32];
    for (unsigned i = 0; i < 50000; i++) {
        snprintf(path, sizeof path, "abc%u", i);
        const char *own = ak_arena_strndup(&w.arena, path, strlen(path));
        const char *name = ak_mm_distinct(&w, &names, own, first_three, "names made distinct");
        snprintf(path, sizeof path, i ? "abc_%u" : "abc", i + 1);
        assert_string_equal(name, path);
    }
    assert_int_equal(names.n, 5 + 50000);
    assert_string_equal(ak_mm_distinct(&w, &names, "a_b", underscored, "names made distinct"), "a_b_3");
    assert_false(w.failed);
    assert_true(ak_mm_writer_finish(&w));
    assert_int_equal(ak_diags_count(d), 1); /* one loss, said once */
    ak_mm_writer_free(&w);
    ak_diags_free(d);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_distinct_names),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
