/* The model of track headers (ak_model_headers_of_input, `--list`) against
 * the whole model (ak_model_of_input) of the same file: the same tracks,
 * names, targets, value types, kinds, units and key counts, and as the time
 * range the earliest and latest of the whole model's key times, for every
 * MRTK, AnimX, Maya and Prime ANIM file of the conformance suites and the
 * examples (Maya's headers read its entries one at a time, ak_ldoc_each;
 * Prime ANIM's come from its keyed frames; keys out of time order among
 * them: mrtk/invalid/time_decreasing.bin, animx/invalid/x26_time_order.animx,
 * both warnings). Formats without a
 * headers mapping give the whole model through the same call. */
#include "test_support.h"

#include "arena.h"
#include "model.h"

#include <math.h>

typedef struct tally {
    size_t files, compared, headers_only;
} tally;

static bool same_text(const char *a, const char *b)
{
    return (!a && !b) || (a && b && strcmp(a, b) == 0);
}

static void compare_models(const char *path, const uint8_t *data, size_t size, void *ctx)
{
    tally *n = ctx;
    n->files++;
    ak_input in = {path, data, size, false};
    ak_options opt = {0};
    ak_diags *whole_d = ak_diags_new(NULL), *headers_d = ak_diags_new(NULL);
    ak_arena whole_arena, headers_arena;
    ak_animation *whole = NULL, *headers = NULL;
    bool whole_ok = ak_model_of_input(&in, NULL, &opt, whole_d, "list", &whole_arena, &whole, NULL);
    bool headers_ok = ak_model_headers_of_input(&in, NULL, &opt, headers_d, "list", &headers_arena, &headers, NULL);
    if (whole_ok != headers_ok)
        fail_msg("%s: the whole model %s, the headers %s", path, whole_ok ? "decodes" : "does not",
                 headers_ok ? "do" : "do not");
    /* the same diagnostics: the listing prints them */
    assert_int_equal(ak_diags_count(whole_d), ak_diags_count(headers_d));
    if (whole_ok) {
        n->compared++;
        assert_int_equal(whole->track_count, headers->track_count);
        for (size_t i = 0; i < whole->track_count; i++) {
            const ak_track *a = &whole->tracks[i], *b = &headers->tracks[i];
            if (!same_text(a->node, b->node) || !same_text(a->property, b->property) ||
                !ak_target_equal(&a->target, &b->target) || !same_text(a->value_unit, b->value_unit))
                fail_msg("%s: track %zu is named otherwise", path, i);
            assert_int_equal(a->type, b->type);
            assert_int_equal(a->kind, b->kind);
            assert_int_equal(a->key_count, b->key_count);
            if (b->store || a->kind == AK_TRACK_RAW || !a->key_count) {
                assert_true(a->kind != AK_TRACK_RAW || (a->start == b->start && a->interval == b->interval));
                continue;
            }
            n->headers_only++;
            double earliest = ak_key_time(a, 0), latest = earliest;
            for (size_t k = 1; k < a->key_count; k++) {
                earliest = fmin(earliest, ak_key_time(a, k));
                latest = fmax(latest, ak_key_time(a, k));
            }
            if (b->earliest != earliest || b->latest != latest)
                fail_msg("%s: track %zu: time range %.17g..%.17g, the keys say %.17g..%.17g", path, i, b->earliest,
                         b->latest, earliest, latest);
        }
    }
    ak_arena_free(&whole_arena);
    ak_arena_free(&headers_arena);
    ak_diags_free(whole_d);
    ak_diags_free(headers_d);
}

static void test_headers_as_the_whole_model(void **state)
{
    (void)state;
    tally n = {0};
    static const char *const dirs[][2] = {
        {"tests/conformance/mrtk/valid", ".bin"},   {"tests/conformance/mrtk/invalid", ".bin"},
        {"tests/conformance/animx/valid", ".animx"}, {"tests/conformance/animx/invalid", ".animx"},
        {"examples/mrtk", ".bin"},                   {"examples/animx", ".animx"},
        {"examples/maya", ".anim"},                  {"examples/animj", ".animj"},
        {"tests/conformance/maya/valid", ".anim"},   {"tests/conformance/maya/invalid", ".anim"},
    };
    for (size_t i = 0; i < sizeof dirs / sizeof dirs[0]; i++)
        ak_test_each_file(dirs[i][0], dirs[i][1], compare_models, &n);
    /* Prime ANIM's, made by the build (tests/primeanim/generate.cmake): the
       headers come from the keyed frames, no key decoded */
    static const char *const made[] = {"conformance/valid", "conformance/invalid", "examples", "fuzz-corpus"};
    const char *bin = getenv("AK_BINARY_DIR");
    size_t before = n.compared;
    for (size_t i = 0; i < sizeof made / sizeof made[0]; i++) {
        char dir[4096];
        snprintf(dir, sizeof dir, "%s/generated/primeanim/%s", bin ? bin : "build", made[i]);
        ak_test_each_file(dir, ".anim", compare_models, &n);
    }
    assert_true(n.compared > before + 5);
    assert_true(n.files > 40);
    assert_true(n.compared > 30);
    assert_true(n.headers_only > 30); /* tracks listed without their keys */
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_headers_as_the_whole_model),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
