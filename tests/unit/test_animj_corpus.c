/* AnimJ on the real sample (../shared/corpus/animj): it validates with no
 * diagnostic at all, even strictly, converts to the common model with the
 * spec's content, and re-emits as spec 8.2's canonical AnimJ (1519 bytes;
 * the SHA-256 is checked by the animj.canonical-8.2 test). Skipped (77)
 * without the corpus. */
#include "test_support.h"

#include "arena.h"
#include "model.h"

static char *corpus;
static size_t corpus_len;

static const ak_format *animj(void)
{
    const ak_format *f = ak_format_find("animj");
    assert_non_null(f);
    return f;
}

static void test_validates_clean(void **state)
{
    (void)state;
    for (int strict = 0; strict < 2; strict++) {
        ak_diag_options o = {strict != 0, 0};
        ak_diags *d = ak_diags_new(&o);
        ak_input in = {"redx.animj", (const uint8_t *)corpus, corpus_len, false};
        ak_options opt;
        memset(&opt, 0, sizeof opt);
        animj()->validate(&in, &opt, d);
        assert_int_equal(ak_diags_count(d), 0);
        ak_diags_free(d);
    }
    assert_ptr_equal(ak_format_detect((const uint8_t *)corpus, corpus_len, "x.json"), animj());
}

static void test_model(void **state)
{
    (void)state;
    ak_arena arena;
    ak_arena_init(&arena, 4096);
    ak_diag_options o = {false, 0};
    ak_diags *d = ak_diags_new(&o);
    ak_input in = {"redx.animj", (const uint8_t *)corpus, corpus_len, false};
    ak_animation *anim = NULL;
    assert_true(animj()->to_model(&in, NULL, d, &arena, &anim));
    assert_string_equal(anim->name, "test");
    assert_true(anim->end == 4.0);
    assert_int_equal(anim->track_count, 3);
    assert_int_equal(anim->tracks[0].type, AK_VT_BOOL);
    assert_int_equal(anim->tracks[0].kind, AK_TRACK_DISCRETE);
    assert_string_equal(anim->tracks[0].node, "testNode");
    assert_int_equal(anim->tracks[1].type, AK_VT_INT);
    assert_int_equal(anim->tracks[2].type, AK_VT_STRING);
    ak_diags_free(d);
    ak_arena_free(&arena);
}

static void test_canonical_8_2(void **state)
{
    (void)state;
    ak_diag_options o = {false, 0};
    ak_diags *d = ak_diags_new(&o);
    ak_input in = {"redx.animj", (const uint8_t *)corpus, corpus_len, false};
    ak_buf out;
    ak_buf_init(&out);
    assert_true(animj()->reemit(&in, NULL, d, &out));
    assert_int_equal(out.len, 1519);
    const char *head = "{\n  \"name\": \"test\",\n  \"globalDuration\": 4,\n  \"tracks\": [\n    {\n      \"trackType\": "
                       "\"Discrete\",";
    assert_memory_equal(out.data, head, strlen(head));
    /* a canonical file re-emits byte-identically (6.1.8) */
    ak_buf again;
    ak_buf_init(&again);
    ak_input in2 = {"c.animj", (const uint8_t *)out.data, out.len, false};
    assert_true(animj()->reemit(&in2, NULL, d, &again));
    assert_int_equal(again.len, out.len);
    assert_memory_equal(again.data, out.data, out.len);
    ak_buf_free(&again);
    ak_buf_free(&out);
    ak_diags_free(d);
}

int main(void)
{
    const char *shared = getenv("AK_SHARED_DIR");
    char path[4096];
    snprintf(path, sizeof path, "%s/corpus/animj/redx_discrete_bool_int_string.animj", shared ? shared : "../shared");
    corpus = ak_test_read_file(path, &corpus_len);
    if (!corpus)
        return 77;
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_validates_clean),
        cmocka_unit_test(test_model),
        cmocka_unit_test(test_canonical_8_2),
    };
    int rc = cmocka_run_group_tests(tests, NULL, NULL);
    free(corpus);
    return rc;
}
