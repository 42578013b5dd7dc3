/* Glaxnimate on the shared corpus (../shared/specs/glaxnimate.md 8.3, 9.1,
 * 9.2): every Glaxnimate-written file validates without a diagnostic at
 * both levels, re-emits byte for byte (the hand-edited Discord template:
 * its canonical form is a fixed point), and upgrades to versions 9 and 8
 * into files that validate clean under --strict. Skipped (77) without
 * ../shared/corpus. */
#include "glaxnimate_support.h"

static char corpus[1024];

static void corpus_file(const char *path, const uint8_t *data, size_t size, void *ctx)
{
    (void)ctx;
    /* spec 3.3: hand-edited upstream ("width" out of order) */
    check_file(path, (const char *)data, size, strstr(path, "Discord_Sticker") == NULL);
}

static void test_corpus(void **state)
{
    (void)state;
    assert_int_equal(ak_test_each_file(corpus, ".rawr", corpus_file, NULL), 21);
}

int main(void)
{
    glax = ak_format_find("glaxnimate");
    if (!ak_test_shared_dir("corpus/glaxnimate", corpus, sizeof corpus))
        return 77;
    const struct CMUnitTest tests[] = {cmocka_unit_test(test_corpus)};
    return cmocka_run_group_tests(tests, NULL, NULL);
}
