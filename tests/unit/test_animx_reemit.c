/* AnimX re-emission (`convert a.animx b.animx`, `--compress`): the streaming
 * path of `process compression ... verbatim` (animx.layout; emit.c,
 * reemit_stream_) against the document path it replaces where it can.
 *
 * For every committed AnimX input (conformance cases, examples, fuzz seeds)
 * and every --compress (default, none, lz4, lzma), ak_convert (which streams
 * when validation finds the payload canonical) and the document path
 * (animx_decode, the reemit hook, animx_encode: what re-emission did before,
 * and still does for the other files) give the same result, byte for byte,
 * and the same diagnostics. The tally says how many files each path takes.
 * The LZMA and LZ4 framing the streaming encoders write is also what the
 * one-shot encoders write for the same payload. */
#include "test_support.h"

#include "../../formats/animx/animx.h"
#include "../../formats/animx/animx_compress.h"
#include "animx_layout.h"

#include <lzma.h>

static const ak_format *fmt(void)
{
    const ak_format *f = ak_format_find("animx");
    assert_non_null(f);
    return f;
}

/* What re-emission did before the streaming path: decode, adjust, encode. */
static bool document_path(const ak_input *in, const ak_options *opt, ak_diags *d, ak_buf *out)
{
    ak_arena arena;
    ak_arena_init(&arena, 0);
    animx_file *doc = animx_decode(in->data, in->size, opt, d, &arena);
    bool ok = doc && ak_diags_errors(d) == 0 && animx_hook_reemit(doc, opt, d, false) && animx_encode(doc, out);
    ak_arena_free(&arena);
    return ok;
}

/* The details the document path writes otherwise (docs/formats/animx.md,
 * "Re-emission"): such files take it. */
static bool recoded(const ak_diags *d)
{
    static const char *const codes[] = {"animx.varint.non-minimal", "animx.value.bool-byte", "animx.value.string-flag",
                                        "animx.file.trailing", "animx.header.version-legacy"};
    for (size_t i = 0; i < ak_diags_count(d); i++)
        for (size_t k = 0; k < sizeof codes / sizeof codes[0]; k++)
            if (strcmp(ak_diags_at(d, i)->rule->code, codes[k]) == 0)
                return true;
    return false;
}

static bool same_diags(const ak_diags *a, const ak_diags *b)
{
    if (ak_diags_count(a) != ak_diags_count(b))
        return false;
    for (size_t i = 0; i < ak_diags_count(a); i++) {
        const ak_diag *x = ak_diags_at(a, i), *y = ak_diags_at(b, i);
        if (x->rule != y->rule || x->offset != y->offset || x->length != y->length || strcmp(x->path, y->path) != 0 ||
            strcmp(x->message, y->message) != 0)
            return false;
    }
    return true;
}

typedef struct tally {
    int files, streamed, documents, failed;
} tally;

static void check_file(const char *path, const uint8_t *data, size_t n, tally *t)
{
    static const int compress[] = {AK_COMPRESS_DEFAULT, AK_COMPRESS_NONE, AK_COMPRESS_LZ4, AK_COMPRESS_LZMA};
    ak_input in = {path, data, n, false};
    t->files++;
    for (size_t k = 0; k < sizeof compress / sizeof compress[0]; k++) {
        ak_options opt = {0};
        opt.compress = compress[k];
        ak_diags *d1 = ak_diags_new(NULL), *d2 = ak_diags_new(NULL);
        ak_buf a, b;
        ak_buf_init(&a);
        ak_buf_init(&b);
        bool ok1 = ak_convert(&in, fmt(), fmt(), &opt, d1, &a, NULL);
        bool ok2 = document_path(&in, &opt, d2, &b);
        if (ok1 != ok2)
            fail_msg("%s (compress %d): streaming %s, the document path %s", path, compress[k], ok1 ? "writes" : "fails",
                     ok2 ? "writes" : "fails");
        if (ok1 && (a.len != b.len || memcmp(a.data, b.data, a.len) != 0))
            fail_msg("%s (compress %d): %zu bytes, the document path %zu", path, compress[k], a.len, b.len);
        if (!same_diags(d1, d2))
            fail_msg("%s (compress %d): other diagnostics than the document path's", path, compress[k]);
        if (k == 0)
            *(!ok1 ? &t->failed : recoded(d1) ? &t->documents : &t->streamed) += 1;
        ak_buf_free(&a);
        ak_buf_free(&b);
        ak_diags_free(d1);
        ak_diags_free(d2);
    }
}

static void check_dir_file(const char *path, const uint8_t *data, size_t size, void *t)
{
    check_file(path, data, size, t);
}

static void test_committed_inputs(void **state)
{
    (void)state;
    tally t = {0, 0, 0, 0};
    ak_test_each_file("tests/conformance/animx/valid", ".animx", check_dir_file, &t);
    ak_test_each_file("tests/conformance/animx/invalid", ".animx", check_dir_file, &t);
    ak_test_each_file("examples/animx", ".animx", check_dir_file, &t);
    ak_test_each_file("fuzz/corpus/animx", ".animx", check_dir_file, &t);
    printf("%d files: %d streamed, %d through the document (non-canonical), %d with errors\n", t.files, t.streamed,
           t.documents, t.failed);
    assert_true(t.files >= 100);
    assert_true(t.streamed >= 60);
    assert_true(t.documents >= 5); /* x30, x31, x40, x44, version 0 */
}

/* A payload larger than one LZ4 chunk and than liblzma's input step, of
 * bytes that compress a little: the encoders fed from a source piece by
 * piece write what they write for the whole payload at once (the one-shot
 * encoders feed a memory source too; this pins the LZMA one to liblzma's
 * single call). */
static void test_stream_encoders_match_one_shot(void **state)
{
    (void)state;
    const size_t n = (1u << 20) + (1u << 19) + 12345;
    uint8_t *payload = malloc(n);
    assert_non_null(payload);
    uint32_t x = 1;
    for (size_t i = 0; i < n; i++) {
        x = x * 1103515245u + 12345u;
        payload[i] = (uint8_t)((x >> 24) & 0x0f);
    }
    ak_buf a;
    ak_buf_init(&a);
    assert_true(ak_animx_lzma_encode(payload, n, &a));
    /* liblzma in one call */
    lzma_options_lzma opt;
    assert_false(lzma_lzma_preset(&opt, 6));
    opt.dict_size = AK_ANIMX_LZMA_DICT_SIZE;
    opt.lc = 3;
    opt.lp = 0;
    opt.pb = 2;
    opt.mode = LZMA_MODE_NORMAL;
    opt.mf = LZMA_MF_BT4;
    opt.nice_len = 32;
    opt.ext_flags = 0;
    lzma_set_ext_size(opt, (uint64_t)n);
    lzma_filter filters[2] = {{LZMA_FILTER_LZMA1EXT, &opt}, {LZMA_VLI_UNKNOWN, NULL}};
    size_t cap = n + n / 2 + 65536, len = 0;
    uint8_t *whole = malloc(cap);
    assert_non_null(whole);
    assert_int_equal(lzma_raw_buffer_encode(filters, NULL, payload, n, whole, &len, cap), LZMA_OK);
    assert_int_equal(a.len, AK_ANIMX_LZMA_HEADER_SIZE + len);
    assert_memory_equal(a.data + AK_ANIMX_LZMA_HEADER_SIZE, whole, len);
    free(whole);
    /* LZ4: independent 1 MiB chunks, each LZ4_compress_default of its bytes */
    ak_buf b;
    ak_buf_init(&b);
    assert_true(ak_animx_lz4_encode(payload, n, AK_ANIMX_LZ4_FAST, &b));
    ak_buf plain;
    ak_buf_init(&plain);
    assert_true(ak_animx_lz4_decode((const uint8_t *)b.data, b.len, 0, NULL, 0, &plain));
    assert_int_equal(plain.len, n);
    assert_memory_equal(plain.data, payload, n);
    ak_buf_free(&plain);
    ak_buf_free(&a);
    ak_buf_free(&b);
    free(payload);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_committed_inputs),
        cmocka_unit_test(test_stream_encoders_match_one_shot),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
