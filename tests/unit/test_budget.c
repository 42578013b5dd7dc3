/* The memory budget's diagnostics (runtime/budget.h): where they point, and
 * what is charged to it.
 *  - ak_budget_place_at: a refusal and a failure are reported at the field
 *    that asked for the memory, and the place before comes back;
 *  - AnimX: an array past the budget is reported at its count
 *    (/tracks/0/key_count), the LZMA dictionary at the header's properties
 *    (/lzma_props), the LZMA payload at /uncompressed_size, its copy in
 *    the document at the block (/payload); re-emission streams within the
 *    budget that stops dump;
 *  - the window of a compressed payload grows within the budget;
 *  - ak_plot charges its SVG: below the least budget a plot needs, the SVG
 *    ("the output") is what some budget refuses, and the output is left as
 *    it was. */
#include "animx_test_file.h"

#include "budget.h"
#include "../../formats/animx/animx_compress.h"

enum { SAMPLES = 200000, COUNT_AT = 21, ENCODING_AT = 16 };

/* A plain AnimX file with one Raw bool track of SAMPLES samples (spec §3.4):
 * the header, then the track; the count at COUNT_AT. */
static void raw_bool_file(ak_buf *b)
{
    static const uint8_t head[] = {0x05, 'A', 'n', 'i', 'm', 'X', 1, 0, 0, 0, /* version 1 */
                                   1,                                           /* track_count */
                                   0, 0, 0, 0,                                  /* global_duration */
                                   0,                                           /* name "" */
                                   0,                                           /* encoding: plain */
                                   0, 0, 0, 0,                                  /* Raw, bool, node, property */
                                   0xc0, 0x9a, 0x0c,                            /* key_count 200000 */
                                   0, 0, 0x80, 0x3f};                           /* interval 1.0 */
    ak_buf_init(b);
    assert_true(ak_buf_append(b, head, sizeof head));
    assert_true(ak_buf_reserve(b, SAMPLES));
    memset(b->data + b->len, 1, SAMPLES);
    b->len += SAMPLES;
}

static const ak_diag *only_error(ak_diags *d)
{
    assert_int_equal(ak_diags_errors(d), 1);
    for (size_t i = 0; i < ak_diags_count(d); i++)
        if (ak_diags_at(d, i)->severity == AK_SEV_ERROR)
            return ak_diags_at(d, i);
    return NULL;
}

static void test_place(void **state)
{
    (void)state;
    ak_diags *d = ak_diags_new(NULL);
    ak_options opt = {.max_memory = 4096};
    ak_budget *b = ak_budget_of(d, &opt);
    ak_budget_place outer = ak_budget_place_at(b, 7, 2, "/outer");
    ak_budget_place before = ak_budget_place_at(b, 40, 4, "/count");
    assert_int_equal(before.offset, 7);
    assert_false(ak_budget_take(b, 8192, "an array"));
    ak_budget_place_back(b, before);
    assert_int_equal(b->at.offset, 7);
    assert_string_equal(b->at.path, "/outer");
    ak_budget_place_back(b, outer);
    assert_null(b->at.path);
    const ak_diag *g = only_error(d);
    assert_string_equal(g->rule->code, "animkit.limit.memory");
    assert_int_equal(g->offset, 40);
    assert_int_equal(g->length, 4);
    assert_string_equal(g->path, "/count");
    ak_diags_free(d);

    d = ak_diags_new(NULL);
    b = ak_budget_of(d, &opt);
    ak_budget_place_at(b, 3, 1, "/x");
    ak_budget_failed(b, 100, "a thing");
    g = only_error(d);
    assert_string_equal(g->rule->code, "animkit.limit.out-of-memory");
    assert_int_equal(g->offset, 3);
    assert_string_equal(g->path, "/x");
    ak_diags_free(d);
}

static void test_animx_places(void **state)
{
    (void)state;
    const ak_format *animx = ak_format_find("animx");
    assert_non_null(animx);
    ak_buf file;
    raw_bool_file(&file);

    /* the decoded document's array (a conversion decodes the file; dump
       streams): at its count */
    const ak_format *animj = ak_format_find("animj");
    ak_diags *d = ak_diags_new(NULL);
    ak_options opt = {.max_memory = SAMPLES / 2};
    ak_input in = {"raw.animx", (const uint8_t *)file.data, file.len, false};
    ak_buf out;
    ak_buf_init(&out);
    assert_false(ak_convert(&in, animx, animj, &opt, d, &out, NULL));
    assert_int_equal(out.len, 0);
    const ak_diag *g = only_error(d);
    assert_string_equal(g->rule->code, "animkit.limit.memory");
    assert_int_equal(g->offset, COUNT_AT);
    assert_string_equal(g->path, "/tracks/0/key_count");
    ak_diags_free(d);

    /* the same payload in LZMA: validate needs the dictionary (the payload's
       size, below the 2 MiB the header declares), refused at the header */
    ak_buf lzma;
    ak_buf_init(&lzma);
    assert_true(ak_buf_append(&lzma, file.data, ENCODING_AT));
    assert_true(ak_buf_append(&lzma, "\x02", 1));
    assert_true(ak_animx_lzma_encode((const uint8_t *)file.data + ENCODING_AT + 1, file.len - ENCODING_AT - 1, &lzma));
    ak_input zin = {"raw_lzma.animx", (const uint8_t *)lzma.data, lzma.len, false};
    d = ak_diags_new(NULL);
    ak_validate(&zin, animx, &opt, d);
    g = only_error(d);
    assert_string_equal(g->rule->code, "animkit.limit.memory");
    assert_int_equal(g->offset, ENCODING_AT + 1);
    assert_int_equal(g->length, 5);
    assert_string_equal(g->path, "/lzma_props");
    ak_diags_free(d);

    /* a conversion holds the payload: refused at uncompressed_size, named
       as the payload; with room for it, its copy for the document is refused
       where the block begins (/payload) */
    /* (a 64 KiB dictionary, enough for these data: within this budget) */
    lzma.data[ENCODING_AT + 1 + 1] = 0;
    lzma.data[ENCODING_AT + 1 + 2] = 0;
    lzma.data[ENCODING_AT + 1 + 3] = 1;
    lzma.data[ENCODING_AT + 1 + 4] = 0;
    opt.max_memory = SAMPLES * 3 / 4;
    d = ak_diags_new(NULL);
    assert_false(ak_convert(&zin, animx, animj, &opt, d, &out, NULL));
    g = only_error(d);
    assert_string_equal(g->rule->code, "animkit.limit.memory");
    assert_int_equal(g->offset, ENCODING_AT + 1 + 5);
    assert_string_equal(g->path, "/uncompressed_size");
    assert_true(strncmp(g->message, "the LZMA payload needs", 22) == 0);
    ak_diags_free(d);
    d = ak_diags_new(NULL);
    opt.max_memory = SAMPLES * 3 / 2 + 65536; /* the dictionary is charged while it decodes */
    assert_false(ak_convert(&zin, animx, animj, &opt, d, &out, NULL));
    g = only_error(d);
    assert_string_equal(g->rule->code, "animkit.limit.memory");
    assert_int_equal(g->offset, ENCODING_AT + 1);
    assert_string_equal(g->path, "/payload");
    ak_diags_free(d);

    /* re-emission streams: within the same budget it writes the file */
    d = ak_diags_new(NULL);
    opt.compress = AK_COMPRESS_LZ4;
    assert_true(ak_convert(&zin, animx, animx, &opt, d, &out, NULL));
    assert_int_equal(ak_diags_errors(d), 0);
    ak_diags_free(d);
    ak_buf_free(&out);
    ak_buf_free(&lzma);
    ak_buf_free(&file);
}

/* A compressed payload is read through a window that grows only for a read
 * that needs more (a long string): that growth is charged to the budget, so
 * a 4 MB node name inside an LZMA payload stops validate at a 3 MiB budget
 * and passes within 64 MiB. */
static void test_window_charged(void **state)
{
    (void)state;
    enum { NAME = 4000000 };
    ak_buf payload;
    ak_buf_init(&payload);
    static const uint8_t track[] = {0, 0, 0x80, 0x92, 0xf4, 0x01}; /* Raw, bool, node length 4000000 */
    assert_true(ak_buf_append(&payload, track, sizeof track));
    assert_true(ak_buf_reserve(&payload, NAME));
    memset(payload.data + payload.len, 'a', NAME);
    payload.len += NAME;
    static const uint8_t rest[] = {0, 1, 0, 0, 0x80, 0x3f, 1}; /* property "", 1 sample, interval 1.0, true */
    assert_true(ak_buf_append(&payload, rest, sizeof rest));
    ak_buf file = ak_test_animx_file(&payload, 1, 2, 1, 0, NULL);
    ak_input in = {"long_name.animx", (const uint8_t *)file.data, file.len, false};
    const ak_format *animx = ak_format_find("animx");
    ak_options opt = {.max_memory = 3u << 20};
    ak_diags *d = ak_diags_new(NULL);
    ak_validate(&in, animx, &opt, d);
    const ak_diag *g = only_error(d);
    assert_string_equal(g->rule->code, "animkit.limit.memory");
    assert_non_null(strstr(g->message, "the window of a derived stream"));
    ak_diags_free(d);
    opt.max_memory = 64u << 20;
    d = ak_diags_new(NULL);
    ak_validate(&in, animx, &opt, d);
    assert_int_equal(ak_diags_errors(d), 0);
    ak_diags_free(d);
    ak_buf_free(&file);
    ak_buf_free(&payload);
}

static bool plot_within(const ak_input *in, uint64_t budget, ak_buf *out, ak_diags **d)
{
    *d = ak_diags_new(NULL);
    ak_options opt = {.max_memory = budget};
    return ak_plot(in, NULL, &opt, *d, NULL, out, NULL);
}

static void test_plot_charges_svg(void **state)
{
    (void)state;
    size_t size = 0;
    /* an AnimJ file: its model is read from the parser's events, so what
       the plot holds at its peak is the model and the SVG (a Maya or binary
       file's decoded document is held, and freed, before the SVG is made:
       its peak is the decoding, which then fails first) */
    char *data = ak_test_read_file("examples/animj/good-shapes.animj", &size);
    assert_non_null(data);
    ak_input in = {"good-shapes.animj", (const uint8_t *)data, size, false};
    uint64_t lo = 1, hi = (uint64_t)64 << 20; /* lo fails, hi works */
    ak_buf out;
    ak_buf_init(&out);
    ak_diags *d;
    assert_true(plot_within(&in, hi, &out, &d));
    ak_diags_free(d);
    while (hi - lo > 1) {
        uint64_t mid = lo + (hi - lo) / 2;
        out.len = 0;
        bool ok = plot_within(&in, mid, &out, &d);
        ak_diags_free(d);
        *(ok ? &hi : &lo) = mid;
    }
    /* Below the least budget that works, some budget stops the plot at the
       SVG (which the model's 64 KiB blocks and the SVG's doublings reach
       first depends on the budget); out is then left as it was. */
    bool svg_refused = false;
    for (uint64_t budget = lo; budget > 1024 && lo - budget < ((uint64_t)128 << 10) && !svg_refused; budget -= 512) {
        ak_buf_free(&out);
        ak_buf_init(&out);
        assert_true(ak_buf_append(&out, "kept", 4));
        if (!plot_within(&in, budget, &out, &d)) { /* (the buffer may still fit without doubling) */
            assert_int_equal(out.len, 4);
            const ak_diag *g = only_error(d);
            assert_string_equal(g->rule->code, "animkit.limit.memory");
            svg_refused = strncmp(g->message, "the output needs", 16) == 0;
        }
        ak_diags_free(d);
    }
    assert_true(svg_refused);
    ak_buf_free(&out);
    free(data);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_place),
        cmocka_unit_test(test_animx_places),
        cmocka_unit_test(test_window_charged),
        cmocka_unit_test(test_plot_charges_svg),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
