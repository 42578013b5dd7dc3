/* The window of a derived stream read from a source (gen/rt/ak_layout.c:
 * ak_lfill, ak_lstream_offer/enter/leave), first on a synthetic source:
 *  - a field that straddles the window's end is read whole after a refill,
 *    whatever sizes the source hands out;
 *  - `remaining` (ak_lleft) is the stream's length minus the position, at
 *    the end 0;
 *  - a stream that ends inside a field is `truncated` (with the bytes left),
 *    a source that fails is not (it reported already);
 *  - bytes a hook will read (keep) stay in the window, which grows for them;
 *  - a source whose finish() fails makes the block run again, with what
 *    was reported since the offer taken back;
 * then through the AnimX validator: one payload validated plain, as LZMA
 * and as LZ4 chunk streams of small chunks gives the same diagnostics, at
 * the same payload offsets, the compressed ones located "(byte N of the
 * decompressed payload)", for reads that straddle chunks and windows. */
#include "animx_test_file.h"

#include "../../gen/rt/ak_layout.h"

#include "../../formats/animx/animx_compress.h"

#include <math.h>

static const ak_rule truncated_rule = {"test.file.truncated", AK_SEV_ERROR, AK_SEV_ERROR, "truncated", ""};

static uint8_t byte_at(size_t i) { return (uint8_t)(i * 7u + (i >> 13)); }

/* A source of `size` bytes byte_at(i), handed out in pieces of at most
 * `piece` bytes; it fails after `fail_at` bytes. */
typedef struct test_source {
    ak_lsource src;
    size_t given, piece, fail_at;
    bool closed;
} test_source;

static size_t test_read(ak_lsource *s, uint8_t *dst, size_t cap)
{
    test_source *t = (test_source *)s;
    size_t n = cap < t->piece ? cap : t->piece;
    if (n > t->src.size - t->given)
        n = (size_t)t->src.size - t->given;
    if (t->given + n > t->fail_at)
        n = t->given < t->fail_at ? t->fail_at - t->given : 0;
    for (size_t i = 0; i < n; i++)
        dst[i] = byte_at(t->given + i);
    t->given += n;
    return n;
}

static void test_close(ak_lsource *s) { ((test_source *)s)->closed = true; }

typedef struct window_test {
    ak_lctx c;
    ak_lstream_saved saved;
    ak_diags *d;
    test_source src;
} window_test;

static void open_window(window_test *w, size_t size, size_t piece, size_t fail_at)
{
    w->d = ak_diags_new(NULL);
    ak_lctx_init(&w->c, NULL, 0, w->d, NULL, &truncated_rule, NULL);
    w->src = (test_source){{.read = test_read, .close = test_close, .size = size}, 0, piece, fail_at, false};
    ak_lstream_offer(&w->c, &w->src.src);
    ak_buf none;
    ak_buf_init(&none);
    assert_true(ak_lstream_enter(&w->c, &w->saved, &none, 10, "payload", "test stream"));
}

static bool close_window(window_test *w)
{
    bool ok = ak_lstream_leave(&w->c, &w->saved);
    assert_true(w->src.closed);
    ak_lctx_free(&w->c);
    ak_diags_free(w->d);
    return ok;
}

/* A read of n bytes as the generated code does it; false: truncated. */
static bool read_bytes(ak_lctx *c, size_t n, uint8_t *out)
{
    if (ak_lavail(c) < n && !ak_lfill(c, n))
        return ak_ltruncated(c, "field", n);
    memcpy(out, ak_lcur(c), n);
    c->pos += n;
    return true;
}

static void expect_bytes_from(const uint8_t *got, size_t at, size_t n)
{
    for (size_t i = 0; i < n; i++)
        if (got[i] != byte_at(at + i))
            fail_msg("byte %zu of the stream is 0x%02x, not 0x%02x", at + i, got[i], byte_at(at + i));
}

static void test_straddling_field(void **state)
{
    (void)state;
    const size_t pieces[] = {1, 3, 4096, AK_LAYOUT_WINDOW};
    for (size_t k = 0; k < sizeof pieces / sizeof pieces[0]; k++) {
        window_test w;
        const size_t size = 3 * AK_LAYOUT_WINDOW + 5;
        open_window(&w, size, pieces[k], SIZE_MAX);
        uint8_t field[64];
        /* fields of 1, 4, 8 and 37 bytes up to two bytes before the end of
           the first window: the next 4-byte field straddles it */
        const size_t sizes[] = {1, 4, 8, 37};
        size_t i = 0;
        while (w.c.pos + 37 + 2 < AK_LAYOUT_WINDOW) {
            size_t n = sizes[i++ % 4];
            size_t at = w.c.pos;
            assert_true(read_bytes(&w.c, n, field));
            expect_bytes_from(field, at, n);
        }
        while (w.c.pos < AK_LAYOUT_WINDOW - 2)
            assert_true(read_bytes(&w.c, 1, field));
        assert_int_equal(w.c.size, AK_LAYOUT_WINDOW); /* the first window, whole */
        assert_true(read_bytes(&w.c, 4, field));
        expect_bytes_from(field, AK_LAYOUT_WINDOW - 2, 4);
        assert_true(w.c.size > AK_LAYOUT_WINDOW + 2);
        /* a field larger than the window: the window grows to hold it */
        size_t at = w.c.pos;
        assert_true(ak_lavail(&w.c) < AK_LAYOUT_WINDOW + 100);
        assert_true(ak_lfill(&w.c, AK_LAYOUT_WINDOW + 100));
        expect_bytes_from(ak_lcur(&w.c), at, AK_LAYOUT_WINDOW + 100);
        w.c.pos += AK_LAYOUT_WINDOW + 100;
        assert_int_equal(ak_lleft(&w.c), size - at - AK_LAYOUT_WINDOW - 100);
        assert_int_equal(ak_diags_count(w.d), 0);
        assert_true(close_window(&w));
    }
}

static void test_remaining_at_the_end(void **state)
{
    (void)state;
    window_test w;
    const size_t size = AK_LAYOUT_WINDOW + 3;
    open_window(&w, size, 1000, SIZE_MAX);
    assert_int_equal(ak_lleft(&w.c), size); /* known before the first byte */
    uint8_t b[8];
    while (ak_lleft(&w.c) >= 8)
        assert_true(read_bytes(&w.c, 8, b));
    assert_int_equal(ak_lleft(&w.c), size % 8);
    while (ak_lleft(&w.c))
        assert_true(read_bytes(&w.c, 1, b));
    assert_int_equal(w.c.pos, size);
    assert_int_equal(ak_lleft(&w.c), 0);
    assert_false(ak_lfill(&w.c, 1)); /* the end, not a failure */
    assert_false(w.c.src_failed);
    assert_int_equal(ak_diags_count(w.d), 0);
    assert_true(close_window(&w));
}

static void test_truncated_inside_a_field(void **state)
{
    (void)state;
    window_test w;
    const size_t size = AK_LAYOUT_WINDOW + 2;
    open_window(&w, size, 777, SIZE_MAX);
    uint8_t b[8];
    while (ak_lleft(&w.c) > 2)
        assert_true(read_bytes(&w.c, 1, b));
    assert_false(read_bytes(&w.c, 4, b)); /* 2 of 4 bytes left */
    assert_true(w.c.stop);
    assert_int_equal(ak_diags_count(w.d), 1);
    const ak_diag *g = ak_diags_at(w.d, 0);
    assert_ptr_equal(g->rule, &truncated_rule);
    assert_string_equal(g->path, "/payload/field");
    assert_int_equal(g->offset, 10); /* the stream's place in the file */
    char want[128];
    snprintf(want, sizeof want, "the input ends inside 'field': 4 bytes needed, 2 left (byte %zu of the test stream)",
             size - 2);
    assert_string_equal(g->message, want);
    assert_true(close_window(&w));
}

static void test_failing_source(void **state)
{
    (void)state;
    window_test w;
    open_window(&w, 3 * AK_LAYOUT_WINDOW, 4096, AK_LAYOUT_WINDOW + 10);
    uint8_t b[8];
    while (w.c.pos < AK_LAYOUT_WINDOW)
        assert_true(read_bytes(&w.c, 8, b));
    assert_false(read_bytes(&w.c, 8, b));
    assert_true(w.c.src_failed);
    assert_true(w.c.stop);
    assert_int_equal(ak_diags_count(w.d), 0); /* the source reports its own problems */
    assert_false(close_window(&w));
}

static void test_kept_bytes_stay(void **state)
{
    (void)state;
    window_test w;
    open_window(&w, 16 * AK_LAYOUT_WINDOW, 65536, SIZE_MAX);
    uint8_t b[8];
    for (int i = 0; i < 100; i++)
        assert_true(read_bytes(&w.c, 8, b));
    const size_t kept = w.c.pos;
    w.c.keep = kept; /* a hooked field starts here */
    while (w.c.pos < kept + 2 * AK_LAYOUT_WINDOW + 3)
        assert_true(read_bytes(&w.c, 8, b));
    assert_true(w.c.base <= kept);
    expect_bytes_from(ak_lbytes(&w.c, kept), kept, w.c.pos - kept);
    /* it doubled as the kept span grew (not a field at a time) */
    assert_true(w.c.win_cap <= 4 * AK_LAYOUT_WINDOW);
    w.c.keep = SIZE_MAX; /* after the hook: the window may move on */
    while (w.c.pos < 12 * AK_LAYOUT_WINDOW)
        assert_true(read_bytes(&w.c, 8, b));
    assert_true(w.c.base > kept);
    assert_true(w.c.win_cap <= 4 * AK_LAYOUT_WINDOW);
    assert_true(close_window(&w));
}

static bool finish_unclean(ak_lsource *s)
{
    (void)s;
    return false; /* the hook would have had something to say */
}

static const ak_rule note_rule = {"test.value.note", AK_SEV_WARNING, AK_SEV_WARNING, "a note", ""};

/* A source whose finish() fails: what was reported since the offer is
 * taken back, and the block runs again (retrying) from its start. */
static void test_retry_takes_back(void **state)
{
    (void)state;
    window_test w;
    open_window(&w, 100, 10, SIZE_MAX);
    w.src.src.finish = finish_unclean;
    uint8_t b[8];
    assert_true(read_bytes(&w.c, 8, b));
    assert_true(ak_lreport(&w.c, &note_rule, false, 3, 1, "x", "seen on the first reading"));
    assert_int_equal(ak_diags_count(w.d), 1);
    assert_false(ak_lstream_leave(&w.c, &w.saved));
    assert_true(w.src.closed);
    assert_true(ak_lstream_retry(&w.c, 5));
    assert_true(ak_lstream_retrying(&w.c));
    assert_int_equal(w.c.pos, 5);
    assert_int_equal(ak_diags_count(w.d), 0);
    assert_int_equal(ak_diags_warnings(w.d), 0);
    assert_false(ak_lstream_retry(&w.c, 5)); /* once */
    assert_false(ak_lstream_retrying(&w.c));
    ak_lctx_free(&w.c);
    ak_diags_free(w.d);
}

/* ------------------------------------------------------------------ */
/* Through the AnimX validator                                         */

/* Tracks with something to say at their ends and across 1 MiB boundaries:
 * Discrete float keys (a fast element struct) with a NaN value and a time
 * going back, a long node name, a Curve float3 track (its keys hooked by
 * X37), a Raw bool with a byte 2. */
static void make_payload(ak_buf *p, uint32_t *tracks)
{
    ak_buf_init(p);
    const uint32_t keys = 300000; /* 2.4 MB of keys */
    ak_test_put_u8(p, 1);                 /* Discrete */
    ak_test_put_u8(p, 21);                /* float */
    ak_test_put_string(p, "node");
    ak_test_put_string(p, "Value");
    ak_test_put_varint(p, keys);
    for (uint32_t i = 0; i < keys; i++) {
        ak_test_put_f32(p, i == 200000 ? 1.0f : (float)i / 60.0f);
        ak_test_put_f32(p, i == 131000 ? NAN : (float)i);
    }
    char name[3000];
    memset(name, 'n', sizeof name - 1);
    name[sizeof name - 1] = 0;
    ak_test_put_u8(p, 2); /* Curve */
    ak_test_put_u8(p, 23);
    ak_test_put_string(p, name);
    ak_test_put_string(p, "Position");
    ak_test_put_varint(p, 40000);
    ak_test_put_u8(p, 0); /* flags */
    ak_test_put_u8(p, 1); /* linear */
    for (uint32_t i = 0; i < 40000; i++) { /* a time going back; value-first reads better: X37 */
        ak_test_put_f32(p, i == 20000 ? 0.5f : (float)i / 60.0f);
        ak_test_put_f32(p, (float)i);
        ak_test_put_f32(p, 0);
        ak_test_put_f32(p, 0);
    }
    ak_test_put_u8(p, 0); /* Raw */
    ak_test_put_u8(p, 0); /* bool */
    ak_test_put_string(p, "n");
    ak_test_put_string(p, "b");
    ak_test_put_varint(p, 5);
    ak_test_put_f32(p, 0.5f);
    for (int i = 0; i < 5; i++)
        ak_test_put_u8(p, i == 3 ? 2 : 1);
    *tracks = 3;
}

/* LZ4: chunks of 1..4000 bytes, every third stored */
static ak_buf file_with(const ak_buf *payload, uint32_t tracks, int encoding, size_t *payload_at)
{
    return ak_test_animx_file(payload, tracks, encoding, 4000, 3, payload_at);
}

static ak_diags *validate(const ak_buf *file)
{
    ak_diags *d = ak_diags_new(NULL);
    ak_input in = {"t.animx", (const uint8_t *)file->data, file->len, false};
    ak_options opt = {0};
    ak_format_find("animx")->validate(&in, &opt, d);
    return d;
}

/* The compressed file's diagnostics are the plain file's, moved into the
 * payload: path /payload + the plain path, message + "(byte N of the
 * decompressed payload)" where the plain one is at payload_at + N. */
static void expect_same_in_payload(const ak_diags *plain, const ak_diags *packed, size_t payload_at)
{
    assert_int_equal(ak_diags_count(plain), ak_diags_count(packed));
    for (size_t i = 0; i < ak_diags_count(plain); i++) {
        const ak_diag *a = ak_diags_at(plain, i), *b = ak_diags_at(packed, i);
        char path[512], message[1024];
        snprintf(path, sizeof path, "/payload%s", a->path);
        snprintf(message, sizeof message, "%s (byte %llu of the decompressed payload)", a->message,
                 (unsigned long long)(a->offset - payload_at));
        assert_ptr_equal(a->rule, b->rule);
        assert_string_equal(b->path, path);
        assert_string_equal(b->message, message);
    }
}

static void test_animx_payload_streams(void **state)
{
    (void)state;
    ak_buf payload;
    uint32_t tracks;
    make_payload(&payload, &tracks);
    for (int cut = 0; cut < 2; cut++) {
        /* cut: one more track than the payload has (truncated at its end) */
        size_t at_plain, at;
        ak_buf plain = file_with(&payload, tracks + (uint32_t)cut, 0, &at_plain);
        ak_diags *dp = validate(&plain);
        assert_int_equal(ak_diags_count(dp), 5 + (size_t)cut);
        for (int encoding = 1; encoding <= 2; encoding++) {
            ak_buf packed = file_with(&payload, tracks + (uint32_t)cut, encoding, &at);
            assert_int_equal(at, at_plain);
            ak_diags *dz = validate(&packed);
            expect_same_in_payload(dp, dz, at);
            ak_diags_free(dz);
            ak_buf_free(&packed);
        }
        ak_diags_free(dp);
        ak_buf_free(&plain);
    }
    ak_buf_free(&payload);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_straddling_field),
        cmocka_unit_test(test_remaining_at_the_end),
        cmocka_unit_test(test_truncated_inside_a_field),
        cmocka_unit_test(test_failing_source),
        cmocka_unit_test(test_kept_bytes_stay),
        cmocka_unit_test(test_retry_takes_back),
        cmocka_unit_test(test_animx_payload_streams),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
