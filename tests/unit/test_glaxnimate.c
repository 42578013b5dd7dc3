/* Glaxnimate without the shared corpus: the project's v9 coverage document
 * (../shared/specs/glaxnimate.md 8.3), the upgrade steps of spec 9.2 on a
 * version 3 document, numbers written as Qt writes them (spec 3.3), and the
 * opt-in layout rule's first difference. */
#include "diag.h"
#include "glaxnimate_support.h"

#include "model.h"

#include <math.h>

static void test_coverage_document(void **state)
{
    (void)state;
    size_t size = 0;
    char *data = ak_test_read_file("tests/glaxnimate/coverage_v9.rawr", &size);
    assert_non_null(data);
    check_file("coverage_v9.rawr", data, size, true);
    free(data);
}

static void expect_in(const ak_buf *b, const char *needle, int count)
{
    int n = 0;
    for (const char *p = b->data; (p = strstr(p, needle)) != NULL; p++)
        n++;
    if (n != count)
        fprintf(stderr, "%s: %d times, expected %d\n", needle, n, count);
    assert_int_equal(n, count);
}

static void test_upgrade_v3(void **state)
{
    (void)state;
    size_t size = 0;
    char *data = ak_test_read_file("tests/conformance/glaxnimate/valid/v3-bool-mask.rawr", &size);
    assert_non_null(data);
    /* the main composition's fps (the first): the precomposition takes it
       (upstream gives it 60, spec 10 #3) */
    char *fps = strstr(data, "\"fps\": 60");
    assert_non_null(fps);
    memcpy(fps, "\"fps\": 25", 9);
    ak_buf up;
    assert_true(convert(data, size, "9", &up));
    ak_buf_cstr(&up);
    assert_int_equal(diagnostics(up.data, up.len, true), 0);
    expect_in(&up, "\"fps\": 25", 2);
    expect_in(&up, "\"__type__\": \"Composition\"", 2);
    expect_in(&up, "\"__type__\": \"FontList\"", 1);
    expect_in(&up, "\"mask\": \"Alpha\"", 1);  /* true */
    expect_in(&up, "\"mask\": \"NoMask\"", 1); /* false */
    expect_in(&up, "\"inverted\": false", 2);
    expect_in(&up, "\"point_type\": 0", 2);   /* the Rect's position keyframes */
    expect_in(&up, "\"reversed\": false", 4); /* Rect, Path and two Ellipses */
    expect_in(&up, "\"unbounded\": false", 1);
    expect_in(&up, "\"animation\": {\n        \"__type__\"", 0); /* no root animation */
    assert_null(strstr(up.data, "Precomposition"));
    ak_buf_free(&up);
    free(data);
}

static void test_numbers(void **state)
{
    (void)state;
    size_t size = 0;
    char *data = ak_test_read_file("tests/conformance/glaxnimate/valid/minimal-v9.rawr", &size);
    assert_non_null(data);
    char *meta = strstr(data, "\"metadata\": {}");
    assert_non_null(meta);
    ak_buf doc;
    ak_buf_init(&doc);
    ak_buf_append(&doc, data, (size_t)(meta - data));
    ak_buf_printf(&doc, "\"metadata\": {\"a\": 0.00001, \"b\": 0.0001, \"c\": 1.5e20, \"d\": -0.0, \"e\": 2.50, "
                        "\"f\": 1e2, \"g\": 9007199254740993, \"h\": 359.7149353027344, \"i\": 123456.5}");
    ak_buf_append(&doc, meta + 14, size - (size_t)(meta + 14 - data));
    ak_buf out;
    assert_true(convert(doc.data, doc.len, NULL, &out));
    ak_buf_cstr(&out);
    expect_in(&out, "\"a\": 1e-05,", 1);
    expect_in(&out, "\"b\": 0.0001,", 1);
    expect_in(&out, "\"c\": 1.5e+20,", 1);
    expect_in(&out, "\"d\": 0,", 1);
    expect_in(&out, "\"e\": 2.5,", 1);
    expect_in(&out, "\"f\": 100,", 1);
    expect_in(&out, "\"g\": 9007199254740992,", 1);
    expect_in(&out, "\"h\": 359.7149353027344,", 1);
    expect_in(&out, "\"i\": 123456.5\n", 1);
    ak_buf_free(&out);
    ak_buf_free(&doc);
    free(data);
}

/* Glaxnimate's easing: a cubic timing curve through (0,0), before, after,
 * (1,1) (spec 3.2), by bisection on its monotonic x. */
static double eased(double x1, double y1, double x2, double y2, double s)
{
    double lo = 0, hi = 1;
    for (int i = 0; i < 200; i++) {
        double m = (lo + hi) / 2, u = 1 - m;
        double x = 3 * u * u * m * x1 + 3 * u * m * m * x2 + m * m * m;
        if (x < s)
            lo = m;
        else
            hi = m;
    }
    double u = 1 - lo;
    return 3 * u * u * lo * y1 + 3 * u * lo * lo * y2 + lo * lo * lo;
}

/* The model of the coverage document: the Rect's position (linear, eased
 * and overshoot segments, then a hold) sampled against the timing curve. */
static void test_model(void **state)
{
    (void)state;
    size_t size = 0;
    char *data = ak_test_read_file("tests/glaxnimate/coverage_v9.rawr", &size);
    assert_non_null(data);
    ak_input in = {"coverage", (const uint8_t *)data, size, false};
    ak_diags *d = ak_diags_new(NULL);
    ak_arena arena;
    ak_animation *anim = NULL;
    assert_true(ak_model_decode(glax, &in, NULL, d, &arena, &anim));
    const ak_track *x = NULL;
    for (size_t i = 0; i < anim->track_count; i++)
        if (anim->tracks[i].property && strcmp(anim->tracks[i].property, "position.x") == 0 &&
            strstr(anim->tracks[i].node, "/Rect"))
            x = &anim->tracks[i];
    assert_non_null(x);
    assert_int_equal(x->key_count, 4);
    assert_true(fabs(anim->end - anim->start - 1.0) < 1e-12); /* frames 0-60 at 60 fps */
    /* keyframes at frames 0, 20, 40, 60: x 0, 50, 100, 0; linear, ease, overshoot, hold */
    static const double handles[3][4] = {{1 / 3.0, 1 / 3.0, 2 / 3.0, 2 / 3.0},
                                         {1 / 3.0, 0, 2 / 3.0, 1},
                                         {2 / 3.0, -1 / 3.0, 1 / 3.0, 4 / 3.0}};
    static const double values[4] = {0, 50, 100, 0};
    for (int seg = 0; seg < 3; seg++)
        for (double s = 0.05; s < 1; s += 0.1) {
            ak_value v;
            assert_true(ak_track_eval(x, (seg + s) * 20 / 60, &v));
            const double *h = handles[seg];
            double want = values[seg] + (values[seg + 1] - values[seg]) * eased(h[0], h[1], h[2], h[3], s);
            if (fabs(v.d[0] - want) > 1e-9)
                fprintf(stderr, "segment %d at %g: %.12g, expected %.12g\n", seg, s, v.d[0], want);
            assert_true(fabs(v.d[0] - want) < 1e-9);
        }
    ak_value v;
    assert_true(ak_track_eval(x, 70.0 / 60, &v));
    assert_true(v.d[0] == 0);
    /* what looks like an animated property in metadata (map<any>) is none:
       the same tracks (the walk follows the schema's types) */
    size_t tracks = anim->track_count;
    ak_arena_free(&arena);
    ak_buf b;
    ak_buf_init(&b);
    const char *meta = strstr(data, "\"metadata\": {") + strlen("\"metadata\": {");
    ak_buf_append(&b, data, (size_t)(meta - data));
    ak_buf_printf(&b, "\"note\": {\"keyframes\": [{\"time\": 0, \"value\": 1}, {\"time\": 5, \"value\": 2}]},");
    ak_buf_append(&b, meta, size - (size_t)(meta - data));
    ak_input with_note = {"coverage", (const uint8_t *)b.data, b.len, false};
    assert_true(ak_model_decode(glax, &with_note, NULL, d, &arena, &anim));
    assert_int_equal(anim->track_count, tracks);
    ak_buf_free(&b);
    ak_arena_free(&arena);
    ak_diags_free(d);
    free(data);
}

/* Hostile documents (issue 13, "Bad input"): thousands of layers whose
 * parents form one cycle, the same uuid on each, and nesting past Qt's
 * limit: every diagnostic at its pointer, no crash. */
static ak_diags *validate_text(const char *text, size_t len, uint32_t max_errors)
{
    ak_diag_options dopt = {false, max_errors};
    ak_diags *d = ak_diags_new(&dopt);
    ak_diags_set_source(d, (const uint8_t *)text, len, true);
    ak_input in = {"hostile", (const uint8_t *)text, len, false};
    ak_options opt = {0};
    glax->validate(&in, &opt, d);
    return d;
}

static size_t count_code(const ak_diags *d, const char *code)
{
    size_t n = 0;
    for (size_t i = 0; i < ak_diags_count(d); i++)
        n += strcmp(ak_diags_at(d, i)->rule->code, code) == 0;
    return n;
}

static void layers_doc(ak_buf *b, size_t n, bool same_uuid)
{
    ak_buf_printf(b, "{\"format\": {\"format_version\": 9}, \"assets\": {\"__type__\": \"Assets\", "
                     "\"compositions\": {\"__type__\": \"CompositionList\", \"values\": [{\"__type__\": "
                     "\"Composition\", \"fps\": 60, \"shapes\": [");
    for (size_t i = 0; i < n; i++)
        ak_buf_printf(b, "%s{\"__type__\": \"Layer\", \"uuid\": \"00000000-0000-4000-8000-%012zx\", "
                         "\"parent\": \"00000000-0000-4000-8000-%012zx\"}",
                      i ? ", " : "", same_uuid ? (size_t)1 : i + 1, same_uuid ? (size_t)1 : (i + 1) % n + 1);
    ak_buf_printf(b, "]}]}}}");
}

static void test_hostile(void **state)
{
    (void)state;
    enum { N = 5000 };
    ak_buf b;
    ak_buf_init(&b);
    layers_doc(&b, N, false);
    ak_diags *d = validate_text(b.data, b.len, 1000000);
    assert_int_equal(count_code(d, "glaxnimate.ref.parent-cycle"), N);
    for (size_t i = 0; i < ak_diags_count(d); i++)
        if (strcmp(ak_diags_at(d, i)->rule->code, "glaxnimate.ref.parent-cycle") == 0) {
            assert_string_equal(ak_diags_at(d, i)->path, "/assets/compositions/values/0/shapes/0/parent");
            break;
        }
    ak_diags_free(d);
    ak_buf_free(&b);
    /* one uuid for all: N - 1 duplicates; each parent names the first */
    ak_buf_init(&b);
    layers_doc(&b, N, true);
    d = validate_text(b.data, b.len, 1000000);
    assert_int_equal(count_code(d, "glaxnimate.uuid.duplicate"), N - 1);
    ak_diags_free(d);
    ak_buf_free(&b);
    /* 2000 nested arrays in metadata: Qt's limit is 1024 */
    ak_buf_init(&b);
    ak_buf_printf(&b, "{\"format\": {\"format_version\": 9}, \"metadata\": {\"deep\": ");
    for (int i = 0; i < 2000; i++)
        ak_buf_putc(&b, '[');
    for (int i = 0; i < 2000; i++)
        ak_buf_putc(&b, ']');
    ak_buf_printf(&b, "}}");
    d = validate_text(b.data, b.len, 0);
    assert_int_equal(count_code(d, "glaxnimate.limit.depth"), 1);
    ak_diags_free(d);
    ak_buf_free(&b);
}

/* The layout diagnostic (rule 84, opt-in) of data: its offset, line,
   column and message; false when there is none. */
static bool layout_diagnostic(const char *data, size_t size, size_t *offset, uint32_t *line, uint32_t *column,
                              char *message, size_t cap)
{
    ak_diags *d = ak_diags_new(NULL);
    ak_input in = {"layout", (const uint8_t *)data, size, false};
    ak_options opt = {.format_options = "layout"};
    glax->validate(&in, &opt, d);
    bool found = false;
    for (size_t i = 0; i < ak_diags_count(d); i++) {
        const ak_diag *g = ak_diags_at(d, i);
        if (strcmp(g->rule->code, "glaxnimate.layout.noncanonical") != 0)
            continue;
        found = true;
        *offset = g->offset, *line = g->line, *column = g->column;
        snprintf(message, cap, "%s", g->message);
    }
    ak_diags_free(d);
    return found;
}

/* Rule 84 finds the first byte where a file leaves Glaxnimate's layout
   (the document sorted and written as Qt writes it), whichever way it
   leaves it: a byte changed, text after the end, a file cut short. */
static void test_layout(void **state)
{
    (void)state;
    size_t size = 0;
    char *data = ak_test_read_file("tests/glaxnimate/coverage_v9.rawr", &size), message[256];
    assert_non_null(data);
    size_t offset;
    uint32_t line, column;
    assert_false(layout_diagnostic(data, size, &offset, &line, &column, message, sizeof message));
    /* a byte changed: an indent of 7 spaces for 8 on the third line */
    ak_buf b;
    ak_buf_init(&b);
    const char *third = strchr(strchr(data, '\n') + 1, '\n') + 1;
    ak_buf_append(&b, data, (size_t)(third - data));
    ak_buf_append(&b, third + 1, size - (size_t)(third + 1 - data));
    assert_true(layout_diagnostic(b.data, b.len, &offset, &line, &column, message, sizeof message));
    assert_int_equal(line, 3);
    assert_int_equal(column, 8);
    assert_int_equal(offset, (size_t)(third - data) + 7);
    assert_non_null(strstr(message, "differ"));
    /* text after the end */
    b.len = 0;
    ak_buf_append(&b, data, size);
    ak_buf_append(&b, "\n", 1);
    assert_true(layout_diagnostic(b.data, b.len, &offset, &line, &column, message, sizeof message));
    assert_int_equal(offset, size);
    assert_non_null(strstr(message, "after the end"));
    /* cut short: the final line feed missing */
    assert_true(layout_diagnostic(data, size - 1, &offset, &line, &column, message, sizeof message));
    assert_int_equal(offset, size - 1);
    assert_non_null(strstr(message, "file ends"));
    ak_buf_free(&b);
    free(data);
}

int main(void)
{
    glax = ak_format_find("glaxnimate");
    const struct CMUnitTest tests[] = {cmocka_unit_test(test_coverage_document), cmocka_unit_test(test_upgrade_v3),
                                       cmocka_unit_test(test_numbers), cmocka_unit_test(test_model), cmocka_unit_test(test_hostile),
                                       cmocka_unit_test(test_layout)};
    return cmocka_run_group_tests(tests, NULL, NULL);
}
