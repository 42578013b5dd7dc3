/* Every .anim file of ../shared/corpus/maya validates with no error in
 * compatible mode (and none under --strict: they are Maya-written), and
 * decode -> emit reproduces it byte for byte after normalising line ends,
 * and so does dump -> undump (building the file from its JSON dump).
 * Exits 77 (skipped) when the shared corpus is absent. */
#include "test_support.h"

static char corpus_dir[4096];

static void normalise_eol(ak_buf *b)
{
    size_t j = 0;
    for (size_t i = 0; i < b->len; i++)
        if (!(b->data[i] == '\r' && i + 1 < b->len && b->data[i + 1] == '\n'))
            b->data[j++] = b->data[i];
    b->len = j;
}

static void check_file(const char *path)
{
    ak_file f;
    char why[256];
    assert_true(ak_file_open(&f, path, why, sizeof why));
    ak_input in = {path, f.data, f.size, false};
    for (int strict = 0; strict < 2; strict++) {
        ak_options opt = {0};
        ak_diag_options dopt = {strict != 0, 0};
        ak_diags *d = ak_diags_new(&dopt);
        const ak_format *fmt = ak_validate(&in, NULL, &opt, d);
        assert_non_null(fmt);
        assert_string_equal(fmt->id, "maya");
        if (ak_diags_errors(d))
            fprintf(stderr, "%s: %zu errors\n", path, ak_diags_errors(d));
        assert_int_equal(ak_diags_errors(d), 0);
        ak_diags_free(d);
    }
    ak_options opt = {0};
    ak_diag_options dopt = {false, 0};
    ak_diags *d = ak_diags_new(&dopt);
    ak_buf out, src;
    ak_buf_init(&out);
    ak_buf_init(&src);
    assert_true(ak_format_find("maya")->reemit(&in, &opt, d, &out));
    ak_buf_append(&src, f.data, f.size);
    normalise_eol(&src);
    normalise_eol(&out);
    if (out.len != src.len || memcmp(out.data, src.data, out.len) != 0) {
        size_t i = 0;
        while (i < out.len && i < src.len && out.data[i] == src.data[i])
            i++;
        fprintf(stderr, "%s: first difference at byte %zu: emitted '%.40s' vs file '%.40s'\n", path, i,
                out.data + i, src.data + i);
        fail();
    }
    /* dump -> undump gives the file back too */
    const ak_format *maya = ak_format_find("maya");
    ak_buf json, back;
    ak_buf_init(&json);
    ak_buf_init(&back);
    assert_true(maya->dump(&in, &opt, d, &json));
    ak_input jin = {"dump.json", (const uint8_t *)json.data, json.len, false};
    assert_true(maya->undump(&jin, &opt, d, &back));
    normalise_eol(&back);
    assert_int_equal(back.len, src.len);
    assert_memory_equal(back.data, src.data, src.len);
    ak_buf_free(&json);
    ak_buf_free(&back);
    ak_buf_free(&out);
    ak_buf_free(&src);
    ak_diags_free(d);
    ak_file_close(&f);
}

static void corpus_file(const char *path, const uint8_t *data, size_t size, void *ctx)
{
    (void)data, (void)size, (void)ctx;
    check_file(path); /* through ak_file, as the command reads it */
}

static void test_corpus(void **state)
{
    (void)state;
    assert_true(ak_test_each_file(corpus_dir, ".anim", corpus_file, NULL) >= 4);
}

int main(void)
{
    if (!ak_test_shared_dir("corpus/maya", corpus_dir, sizeof corpus_dir))
        return 77;
    const struct CMUnitTest tests[] = {cmocka_unit_test(test_corpus)};
    return cmocka_run_group_tests(tests, NULL, NULL);
}
