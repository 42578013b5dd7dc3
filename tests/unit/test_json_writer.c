/* The JSON writer: compact and pretty styles, sorted keys (nested), exact
 * integers, shortest floats, escaping, and never invalid output. */
#include "test_support.h"

#include "../json/json_events.h"
#include "budget.h"

#include <math.h>

static void expect_text(ak_buf *out, const char *expected)
{
    assert_string_equal(ak_buf_cstr(out), expected);
    ak_buf_free(out);
}

static void write_sample(ak_json_writer *w)
{
    ak_json_begin_object(w);
    ak_json_keyz(w, "zeta");
    ak_json_begin_array(w);
    ak_json_i64(w, INT64_MIN);
    ak_json_u64(w, UINT64_MAX);
    ak_json_f64(w, 0.1);
    ak_json_f32(w, 0.1f);
    ak_json_begin_array(w);
    ak_json_end_array(w);
    ak_json_end_array(w);
    ak_json_keyz(w, "alpha");
    ak_json_begin_object(w);
    ak_json_keyz(w, "y");
    ak_json_bool(w, true);
    ak_json_keyz(w, "x");
    ak_json_null(w);
    ak_json_end_object(w);
    ak_json_keyz(w, "empty");
    ak_json_begin_object(w);
    ak_json_end_object(w);
    ak_json_end_object(w);
}

static void test_compact(void **state)
{
    (void)state;
    ak_buf out;
    ak_buf_init(&out);
    ak_json_writer w;
    ak_json_writer_init(&w, &out, NULL);
    write_sample(&w);
    assert_true(ak_json_writer_finish(&w));
    expect_text(&out, "{\"zeta\":[-9223372036854775808,18446744073709551615,0.1,0.1,[]],"
                      "\"alpha\":{\"y\":true,\"x\":null},\"empty\":{}}");
}

static void test_pretty_sorted(void **state)
{
    (void)state;
    ak_buf out;
    ak_buf_init(&out);
    ak_json_writer w;
    ak_json_writer_options opt = {4, true, true};
    ak_json_writer_init(&w, &out, &opt);
    write_sample(&w);
    assert_true(ak_json_writer_finish(&w));
    expect_text(&out, "{\n"
                      "    \"alpha\": {\n"
                      "        \"x\": null,\n"
                      "        \"y\": true\n"
                      "    },\n"
                      "    \"empty\": {},\n"
                      "    \"zeta\": [\n"
                      "        -9223372036854775808,\n"
                      "        18446744073709551615,\n"
                      "        0.1,\n"
                      "        0.1,\n"
                      "        []\n"
                      "    ]\n"
                      "}\n");
}

static void test_sorted_nested_arrays(void **state)
{
    (void)state;
    /* A sorted object inside an array inside a sorted object. */
    ak_buf out;
    ak_buf_init(&out);
    ak_json_writer w;
    ak_json_writer_options opt = {0, true, false};
    ak_json_writer_init(&w, &out, &opt);
    ak_json_begin_object(&w);
    ak_json_keyz(&w, "b");
    ak_json_begin_array(&w);
    ak_json_begin_object(&w);
    ak_json_keyz(&w, "d");
    ak_json_i64(&w, 1);
    ak_json_keyz(&w, "c");
    ak_json_i64(&w, 2);
    ak_json_end_object(&w);
    ak_json_end_array(&w);
    ak_json_keyz(&w, "a");
    ak_json_stringz(&w, "x");
    ak_json_keyz(&w, "a");
    ak_json_stringz(&w, "second a stays second");
    ak_json_end_object(&w);
    assert_true(ak_json_writer_finish(&w));
    expect_text(&out, "{\"a\":\"x\",\"a\":\"second a stays second\",\"b\":[{\"c\":2,\"d\":1}]}");
}

static void test_first_key_open_empty(void **state)
{
    (void)state;
    /* Qt's indented layout as Glaxnimate writes it: "__type__" before
       names that sort lower ("A"), empty containers on two lines. */
    ak_buf out;
    ak_buf_init(&out);
    ak_json_writer w;
    ak_json_writer_options opt = {4, true, true};
    ak_json_writer_init(&w, &out, &opt);
    w.first_key = "__type__";
    w.open_empty = true;
    ak_json_begin_object(&w);
    ak_json_keyz(&w, "values");
    ak_json_begin_array(&w);
    ak_json_end_array(&w);
    ak_json_keyz(&w, "A");
    ak_json_begin_object(&w);
    ak_json_end_object(&w);
    ak_json_keyz(&w, "__type__");
    ak_json_stringz(&w, "List");
    ak_json_end_object(&w);
    assert_true(ak_json_writer_finish(&w));
    expect_text(&out, "{\n    \"__type__\": \"List\",\n    \"A\": {\n    },\n    \"values\": [\n    ]\n}\n");
}

static void test_sorted_many(void **state)
{
    (void)state;
    /* 300 names in reverse order, each twice: sorted, and stable. */
    ak_buf out;
    ak_buf_init(&out);
    ak_json_writer w;
    ak_json_writer_options opt = {0, true, false};
    ak_json_writer_init(&w, &out, &opt);
    ak_json_begin_object(&w);
    for (int i = 299; i >= 0; i--)
        for (int k = 0; k < 2; k++) {
            char name[16];
            snprintf(name, sizeof name, "m%03d", i);
            ak_json_keyz(&w, name);
            ak_json_i64(&w, k);
        }
    ak_json_end_object(&w);
    assert_true(ak_json_writer_finish(&w));
    ak_buf expected;
    ak_buf_init(&expected);
    ak_buf_putc(&expected, '{');
    for (int i = 0; i < 300; i++)
        ak_buf_printf(&expected, "%s\"m%03d\":0,\"m%03d\":1", i ? "," : "", i, i);
    ak_buf_putc(&expected, '}');
    assert_string_equal(ak_buf_cstr(&out), ak_buf_cstr(&expected));
    ak_buf_free(&expected);
    ak_buf_free(&out);
}

static void test_escaping(void **state)
{
    (void)state;
    ak_buf out;
    ak_buf_init(&out);
    ak_json_writer w;
    ak_json_writer_init(&w, &out, NULL);
    static const char s[] = "q\" b\\ /\b\f\n\r\t\x01\x1f\x7f \xc3\xa9 \xe2\x80\xa8";
    ak_json_string(&w, s, sizeof s - 1);
    assert_true(ak_json_writer_finish(&w));
    expect_text(&out, "\"q\\\" b\\\\ /\\b\\f\\n\\r\\t\\u0001\\u001f\x7f \xc3\xa9 \xe2\x80\xa8\"");
}

static void test_never_invalid(void **state)
{
    (void)state;
    ak_buf out;
    ak_buf_init(&out);
    ak_json_writer w;
    ak_json_writer_init(&w, &out, NULL);
    ak_json_begin_array(&w);
    ak_json_f64(&w, NAN);
    ak_json_f64(&w, INFINITY);
    ak_json_f32(&w, -INFINITY);
    ak_json_raw_number(&w, "01", 2);
    ak_json_string(&w, "a\xff" "b", 3);
    ak_json_keyz(&w, "not here");
    ak_json_end_object(&w);
    ak_json_end_array(&w);
    assert_false(ak_json_writer_finish(&w));
    assert_non_null(w.why);
    expect_text(&out, "[null,null,null,null,\"a\xef\xbf\xbd" "b\"]");

    /* An unfinished document is flagged; a key without value becomes null. */
    ak_buf_init(&out);
    ak_json_writer_init(&w, &out, NULL);
    ak_json_begin_object(&w);
    ak_json_keyz(&w, "k");
    ak_json_end_object(&w);
    assert_false(ak_json_writer_finish(&w));
    expect_text(&out, "{\"k\":null}");
    ak_buf_init(&out);
    ak_json_writer_init(&w, &out, NULL);
    ak_json_begin_array(&w);
    assert_false(ak_json_writer_finish(&w));
    ak_buf_free(&out);
}

/* The next of a xorshift sequence at *x, as the bits of a double and of a
 * float (its high half). */
static void random_bits(uint64_t *x, double *d, float *f)
{
    *x ^= *x << 13;
    *x ^= *x >> 7;
    *x ^= *x << 17;
    uint32_t fb = (uint32_t)(*x >> 32);
    memcpy(d, x, sizeof *d);
    memcpy(f, &fb, sizeof *f);
}

static void test_shortest_round_trip(void **state)
{
    (void)state;
    /* f64 and f32 values written shortest parse back to the same bits. */
    uint64_t x = 88172645463325252u;
    for (int i = 0; i < 20000; i++) {
        double d;
        float f;
        random_bits(&x, &d, &f);
        if (!isfinite(d) || !isfinite(f))
            continue;
        ak_buf out;
        ak_buf_init(&out);
        ak_json_writer w;
        ak_json_writer_init(&w, &out, NULL);
        ak_json_begin_array(&w);
        ak_json_f64(&w, d);
        ak_json_f32(&w, f);
        ak_json_end_array(&w);
        assert_true(ak_json_writer_finish(&w));
        ak_buf_cstr(&out);
        char *comma = strchr(out.data, ',');
        assert_non_null(comma);
        double d2;
        float f2;
        assert_int_equal(ak_parse_f64(out.data + 1, (size_t)(comma - out.data - 1), &d2), AK_NUM_OK);
        assert_int_equal(ak_parse_f32(comma + 1, out.len - (size_t)(comma - out.data) - 2, &f2), AK_NUM_OK);
        assert_memory_equal(&d, &d2, sizeof d);
        assert_memory_equal(&f, &f2, sizeof f);
        ak_json_status st;
        free(ak_test_events(out.data, out.len, &st));
        assert_int_equal(st, AK_JSON_OK);
        ak_buf_free(&out);
    }
}

/* ECMAScript's Number::toString laid out from the shortest digits, a
 * character at a time (the spec's four cases), for the writer's in-place
 * layout to be compared with. */
static void ecmascript_reference(double v, bool f32, char *out)
{
    char dig[20];
    int e;
    bool neg;
    int k = f32 ? ak_shortest_f32((float)v, dig, &e, &neg) : ak_shortest_f64(v, dig, &e, &neg);
    int n = e + 1;
    char *p = out;
    if (neg)
        *p++ = '-';
    if (k <= n && n <= 21) {
        for (int i = 0; i < n; i++)
            *p++ = i < k ? dig[i] : '0';
    } else if (0 < n && n <= 21) {
        for (int i = 0; i < k; i++) {
            if (i == n)
                *p++ = '.';
            *p++ = dig[i];
        }
    } else if (-6 < n && n <= 0) {
        *p++ = '0';
        *p++ = '.';
        for (int i = 0; i < -n; i++)
            *p++ = '0';
        for (int i = 0; i < k; i++)
            *p++ = dig[i];
    } else {
        *p++ = dig[0];
        if (k > 1)
            *p++ = '.';
        for (int i = 1; i < k; i++)
            *p++ = dig[i];
        p += sprintf(p, "e%c%d", n - 1 < 0 ? '-' : '+', abs(n - 1));
    }
    *p = '\0';
}

/* One number written in ECMAScript's style: alone (into an empty buffer:
 * laid out aside, then copied) and as the second element of an array
 * (laid out in place). */
static void expect_ecmascript(double v, bool f32, const char *expected)
{
    char ref[64], both[160];
    ecmascript_reference(v, f32, ref);
    if (expected)
        assert_string_equal(ref, expected);
    ak_json_writer w;
    ak_buf out;
    ak_buf_init(&out);
    ak_json_writer_init(&w, &out, NULL);
    w.number_style = AK_JSON_NUMBERS_ECMASCRIPT;
    if (f32)
        ak_json_f32(&w, (float)v);
    else
        ak_json_f64(&w, v);
    assert_true(ak_json_writer_finish(&w));
    expect_text(&out, ref);
    ak_buf_init(&out);
    ak_json_writer_init(&w, &out, NULL);
    w.number_style = AK_JSON_NUMBERS_ECMASCRIPT;
    ak_json_begin_array(&w);
    ak_json_bool(&w, true);
    if (f32)
        ak_json_f32(&w, (float)v);
    else
        ak_json_f64(&w, v);
    ak_json_end_array(&w);
    assert_true(ak_json_writer_finish(&w));
    snprintf(both, sizeof both, "[true,%s]", ref);
    expect_text(&out, both);
}

static void test_ecmascript_numbers(void **state)
{
    (void)state;
    /* each layout, at its ends: the fixed-size copies of the digits must
       stop at the number's length */
    expect_ecmascript(0, false, "0");
    expect_ecmascript(-1.5, false, "-1.5");
    expect_ecmascript(0.1f, true, "0.1");
    expect_ecmascript(0.84147096f, true, "0.84147096");
    expect_ecmascript(-0.41614684f, true, "-0.41614684");
    expect_ecmascript(1e-6, false, "0.000001");
    expect_ecmascript(-1.2345678901234567e-6, false, "-0.0000012345678901234567");
    expect_ecmascript(1.5e-7, false, "1.5e-7");
    expect_ecmascript(123.456, false, "123.456");
    expect_ecmascript(1234567.8901234567, false, "1234567.8901234567");
    expect_ecmascript(-1234567890123456.8, false, "-1234567890123456.8");
    expect_ecmascript(1e20, false, "100000000000000000000");
    expect_ecmascript(1e21, false, "1e+21");
    expect_ecmascript(1.7976931348623157e308, false, "1.7976931348623157e+308");
    expect_ecmascript(5e-324, false, "5e-324");
    expect_ecmascript(3.4028235e38f, true, "3.4028235e+38");
    expect_ecmascript(1e-45f, true, "1e-45");
    /* and random bits of both widths */
    uint64_t x = 88172645463325252u;
    for (int i = 0; i < 20000; i++) {
        double d;
        float f;
        random_bits(&x, &d, &f);
        /* a decimal exponent within the plain layouts half of the time */
        double scaled = ldexp(d / pow(2, ilogb(d)), (int)(x % 70) - 35);
        if (isfinite(d) && d != 0) {
            expect_ecmascript(d, false, NULL);
            expect_ecmascript(scaled, false, NULL);
            expect_ecmascript(scaled, true, NULL);
        }
        if (isfinite(f))
            expect_ecmascript(f, true, NULL);
    }
}

/* A number where the output may not grow past its cap (a conversion's
 * output at its format's size limit, ak_budget_cap): laid out aside and
 * copied when fewer bytes than a number's longest are left, so that an
 * output that fits exactly is written whole. */
static void test_number_at_cap(void **state)
{
    (void)state;
    const char *expected = "[0.1,-0.0000012345678901234567,1e+21]";
    for (size_t cap = strlen(expected) - 2; cap <= strlen(expected) + 1; cap++) {
        ak_options opt = {0};
        ak_diags *d = ak_diags_new(NULL);
        assert_non_null(d);
        ak_budget *budget = ak_budget_of(d, &opt);
        ak_buf out;
        ak_buf_init(&out);
        assert_true(ak_buf_attach(&out, budget));
        ak_budget_cap(budget, &out, cap);
        ak_json_writer w;
        ak_json_writer_init(&w, &out, NULL);
        w.number_style = AK_JSON_NUMBERS_ECMASCRIPT;
        ak_json_begin_array(&w);
        ak_json_f32(&w, 0.1f);
        ak_json_f64(&w, -1.2345678901234567e-6);
        ak_json_f64(&w, 1e21);
        ak_json_end_array(&w);
        bool whole = cap >= strlen(expected);
        assert_int_equal(ak_json_writer_finish(&w) && !out.failed && !budget->over_cap, whole);
        if (whole)
            assert_string_equal(ak_buf_cstr(&out), expected);
        ak_budget_cap(budget, NULL, 0);
        ak_buf_detach(&out);
        ak_buf_free(&out);
        ak_diags_free(d);
    }
}

/* ak_json_number_members against the calls it stands for, in every
 * layout: compact and indented, in an array and as a member, sorted,
 * ECMAScript's and the shortest numbers, NaN written as null, and at the
 * top level. */
static void number_members_doc(const ak_json_writer_options *o, ak_json_number_style style, bool one_call,
                               ak_buf *out, bool *finished, bool *error)
{
    static const char *const names[] = {"x", "y", "z", "w", "m00", "long_component_name"};
    static const size_t lens[] = {1, 1, 1, 1, 3, 19};
    const double values[][6] = {
        {0.1, -2.5, 1e21, 3.0, 1e-7, 0.84147096},
        {NAN, 1.0, INFINITY, -0.0, 5e-324, 123456789.0},
    };
    ak_json_writer w;
    ak_buf_init(out);
    ak_json_writer_init(&w, out, o);
    w.number_style = style;
    ak_json_begin_object(&w);
    ak_json_keyz(&w, "b");
    ak_json_begin_array(&w);
    for (size_t row = 0; row < 2; row++)
        for (size_t n = 1; n <= 6; n++)
            for (int f32 = 0; f32 < 2; f32++) {
                if (one_call) {
                    ak_json_number_members(&w, names, lens, values[row], n, f32);
                    continue;
                }
                ak_json_begin_object(&w);
                for (size_t i = 0; i < n; i++) {
                    ak_json_key_plain(&w, names[i], lens[i]);
                    if (f32)
                        ak_json_f32(&w, (float)values[row][i]);
                    else
                        ak_json_f64(&w, values[row][i]);
                }
                ak_json_end_object(&w);
            }
    ak_json_end_array(&w);
    ak_json_keyz(&w, "a");
    double one = 0.5;
    if (one_call) {
        ak_json_number_members(&w, names + 2, lens + 2, &one, 1, true);
    } else {
        ak_json_begin_object(&w);
        ak_json_key_plain(&w, names[2], lens[2]);
        ak_json_f32(&w, 0.5f);
        ak_json_end_object(&w);
    }
    ak_json_end_object(&w);
    *error = w.error;
    *finished = ak_json_writer_finish(&w);
}

static void test_number_members(void **state)
{
    (void)state;
    const ak_json_writer_options layouts[] = {{0, false, false}, {2, false, true}, {4, false, false}, {2, true, false}};
    const ak_json_number_style styles[] = {AK_JSON_NUMBERS_SHORTEST, AK_JSON_NUMBERS_ECMASCRIPT, AK_JSON_NUMBERS_QT};
    for (size_t i = 0; i < sizeof layouts / sizeof layouts[0]; i++)
        for (size_t k = 0; k < sizeof styles / sizeof styles[0]; k++) {
            ak_buf calls, one;
            bool calls_done, one_done, calls_error, one_error;
            number_members_doc(&layouts[i], styles[k], false, &calls, &calls_done, &calls_error);
            number_members_doc(&layouts[i], styles[k], true, &one, &one_done, &one_error);
            assert_string_equal(ak_buf_cstr(&one), ak_buf_cstr(&calls));
            assert_int_equal(one_done, calls_done);
            assert_int_equal(one_error, calls_error);
            assert_true(one_error); /* the NaN and the infinity */
            ak_buf_free(&calls);
            ak_buf_free(&one);
        }
    /* at the top level: the calls themselves */
    ak_buf out;
    ak_buf_init(&out);
    ak_json_writer w;
    ak_json_writer_init(&w, &out, NULL);
    const char *xy[] = {"x", "y"};
    const size_t lens[] = {1, 1};
    const double v[] = {1, 2};
    ak_json_number_members(&w, xy, lens, v, 2, false);
    assert_true(ak_json_writer_finish(&w));
    expect_text(&out, "{\"x\":1,\"y\":2}");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_compact),
        cmocka_unit_test(test_pretty_sorted),
        cmocka_unit_test(test_sorted_nested_arrays),
        cmocka_unit_test(test_first_key_open_empty),
        cmocka_unit_test(test_sorted_many),
        cmocka_unit_test(test_escaping),
        cmocka_unit_test(test_never_invalid),
        cmocka_unit_test(test_shortest_round_trip),
        cmocka_unit_test(test_ecmascript_numbers),
        cmocka_unit_test(test_number_at_cap),
        cmocka_unit_test(test_number_members),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
