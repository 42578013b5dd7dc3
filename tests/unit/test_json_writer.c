/* The JSON writer: compact and pretty styles, sorted keys (nested), exact
 * integers, shortest floats, escaping, and never invalid output. */
#include "test_support.h"

#include "../json/json_events.h"

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

static void test_shortest_round_trip(void **state)
{
    (void)state;
    /* f64 and f32 values written shortest parse back to the same bits. */
    uint64_t x = 88172645463325252u;
    for (int i = 0; i < 20000; i++) {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        double d;
        float f;
        uint32_t fb = (uint32_t)(x >> 32);
        memcpy(&d, &x, sizeof d);
        memcpy(&f, &fb, sizeof f);
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
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
