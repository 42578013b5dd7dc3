/* Differential test of the JSON front end and writer: parse -> write ->
 * parse gives the same event stream, on every valid conformance case and
 * on generated documents. (The shared corpus: test_json_corpus.c.) */
#include "test_support.h"

#include "../json/json_events.h"
#include "../json/json_random_doc.h"

static void round_trip_file(const char *path, const uint8_t *data, size_t size, void *failures)
{
    if (!ak_test_round_trip(data, size, path))
        ++*(int *)failures;
}

static void test_conformance_valid(void **state)
{
    (void)state;
    int failures = 0;
    assert_true(ak_test_each_file("tests/conformance/json/valid", ".json", round_trip_file, &failures) > 50);
    assert_int_equal(failures, 0);
}

static void test_generated(void **state)
{
    (void)state;
    uint64_t seed = 0x9e3779b97f4a7c15u;
    int failures = 0;
    for (int i = 0; i < 3000; i++) {
        ak_buf doc;
        ak_buf_init(&doc);
        ak_gen_value(&doc, &seed, 1 + i % 12);
        char what[64];
        snprintf(what, sizeof what, "generated document %d", i);
        if (!ak_test_round_trip(doc.data, doc.len, what)) {
            fprintf(stderr, "%.*s\n", (int)doc.len, doc.data);
            failures++;
        }
        ak_buf_free(&doc);
    }
    assert_int_equal(failures, 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_conformance_valid),
        cmocka_unit_test(test_generated),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
