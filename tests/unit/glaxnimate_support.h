/* Helpers of the Glaxnimate tests (test_glaxnimate.c, test_glaxnimate_corpus.c). */
#ifndef AK_TEST_GLAXNIMATE_SUPPORT_H
#define AK_TEST_GLAXNIMATE_SUPPORT_H

#include "diag.h"
#include "test_support.h"

static const ak_format *glax; /* set by main */

/* The number of diagnostics of validating data at one level with some
 * format settings (printed). */
static inline size_t diagnostics_with(const char *data, size_t size, bool strict, const char *settings)
{
    ak_diag_options dopt = {strict, 0};
    ak_diags *d = ak_diags_new(&dopt);
    ak_diags_set_source(d, (const uint8_t *)data, size, true);
    ak_input in = {"corpus", (const uint8_t *)data, size, false};
    ak_options opt = {0};
    opt.format_options = settings;
    glax->validate(&in, &opt, d);
    size_t n = ak_diags_count(d);
    for (size_t i = 0; i < n; i++)
        fprintf(stderr, "  %s %s at %s\n", ak_diags_at(d, i)->rule->code, ak_diags_at(d, i)->message,
                ak_diags_at(d, i)->path);
    ak_diags_free(d);
    return n;
}

static inline size_t diagnostics(const char *data, size_t size, bool strict)
{
    return diagnostics_with(data, size, strict, NULL);
}

/* Converts to `version` (NULL: the same); the output in out. */
static inline bool convert(const char *data, size_t size, const char *version, ak_buf *out)
{
    ak_diags *d = ak_diags_new(NULL);
    ak_input in = {"corpus", (const uint8_t *)data, size, false};
    ak_options opt = {0};
    opt.format_version = version;
    ak_buf_init(out);
    bool ok = ak_convert(&in, glax, glax, &opt, d, out, NULL);
    ok = ok && ak_diags_errors(d) == 0;
    ak_diags_free(d);
    return ok;
}

/* Validates clean at both levels, re-emits byte for byte (exact) or to a
 * fixed point, and converts to versions 9 and 8 into strictly valid files
 * in the canonical layout. */
static inline void check_file(const char *path, const char *data, size_t size, bool exact)
{
    fprintf(stderr, "%s\n", path);
    assert_int_equal(diagnostics(data, size, false), 0);
    assert_int_equal(diagnostics(data, size, true), 0);
    /* rule 84 (opt-in): the layout is Glaxnimate's, but for the hand-edited file */
    assert_int_equal(diagnostics_with(data, size, true, "layout"), exact ? 0 : 1);
    ak_buf once;
    assert_true(convert(data, size, NULL, &once));
    if (exact) {
        assert_int_equal(once.len, size);
        assert_memory_equal(once.data, data, size);
    } else {
        ak_buf twice;
        assert_true(convert(once.data, once.len, NULL, &twice));
        assert_int_equal(twice.len, once.len);
        assert_memory_equal(twice.data, once.data, once.len);
        ak_buf_free(&twice);
    }
    ak_buf_free(&once);
    static const char *const versions[] = {"9", "8"};
    for (int i = 0; i < 2; i++) {
        ak_buf up;
        assert_true(convert(data, size, versions[i], &up));
        assert_int_equal(diagnostics_with(up.data, up.len, true, "layout"), 0);
        char needle[32];
        snprintf(needle, sizeof needle, "\"format_version\": %s,", versions[i]);
        assert_non_null(strstr(ak_buf_cstr(&up), needle));
        ak_buf_free(&up);
    }
}

#endif
