/* The `json` format: sniffing and detection, validate through the public
 * API, dump, and that releasing consumed pages of a mapped input (the RSS
 * bound of validate) never changes what the caller sees. */
#include "test_support.h"

#include "../../grammars/json_parser.h"
#include "json_writer.h"

#include <unistd.h>

extern const ak_format ak_format_json;

static void test_sniff(void **state)
{
    (void)state;
    /* plain JSON is generic: chosen by its extension only, never by content */
    assert_true(ak_format_json.generic);
    assert_null(ak_format_detect((const uint8_t *)"  {\"a\":1}", 9, "noext"));
    assert_string_equal(ak_format_detect((const uint8_t *)"[1,2]", 5, "x.animx")->id, "animx");
    assert_string_equal(ak_format_detect((const uint8_t *)"{\"a\":1}", 7, "x.anim")->id, "maya");
    assert_true(ak_format_has_extension(&ak_format_json, "a/b.JSON"));
    const ak_format *f = ak_format_detect((const uint8_t *)"7", 1, "x.json");
    assert_non_null(f); /* the extension alone */
    assert_string_equal(f->id, "json");
}

static void test_validate_and_dump(void **state)
{
    (void)state;
    static const char doc[] = "\xef\xbb\xbf{\"b\" : [1.50, -0, \"\\u00e9\\/\"], \"a\":{}}";
    ak_input in = {"t.json", (const uint8_t *)doc, sizeof doc - 1, false};
    ak_diags *d = ak_diags_new(NULL);
    assert_ptr_equal(ak_validate(&in, &ak_format_json, NULL, d), &ak_format_json);
    assert_int_equal(ak_diags_errors(d), 0);
    assert_int_equal(ak_diags_warnings(d), 1);
    assert_string_equal(ak_diags_at(d, 0)->rule->code, "json.encoding.bom");
    ak_diags_free(d);

    d = ak_diags_new(NULL);
    ak_buf out;
    ak_buf_init(&out);
    assert_true(ak_format_json.dump(&in, NULL, d, &out));
    assert_string_equal(ak_buf_cstr(&out), "{\n  \"b\": [\n    1.50,\n    -0,\n    \"\xc3\xa9/\"\n  ],\n  \"a\": {}\n}\n");
    ak_buf_free(&out);
    ak_diags_free(d);

    static const char bad[] = "{\"a\":[1,2,]}";
    ak_input in2 = {"bad.json", (const uint8_t *)bad, sizeof bad - 1, false};
    d = ak_diags_new(NULL);
    ak_buf_init(&out);
    assert_false(ak_format_json.dump(&in2, NULL, d, &out));
    assert_int_equal(ak_diags_errors(d), 1);
    assert_string_equal(ak_diags_at(d, 0)->rule->code, "json.syntax.trailing-comma");
    assert_string_equal(ak_diags_at(d, 0)->path, "/a/1");
    assert_int_equal(ak_diags_at(d, 0)->column, 10);
    ak_buf_free(&out);
    ak_diags_free(d);
}

static uint64_t checksum(const uint8_t *p, size_t n)
{
    uint64_t h = 1469598103934665603u;
    for (size_t i = 0; i < n; i++)
        h = (h ^ p[i]) * 1099511628211u;
    return h;
}

static void test_release_keeps_data(void **state)
{
    (void)state;
    /* A 24 MB document, mapped from a file and also in malloc'd memory. */
    char path[] = "/tmp/ak_json_release_XXXXXX";
    int fd = mkstemp(path);
    assert_true(fd >= 0);
    ak_buf doc;
    ak_buf_init(&doc);
    ak_buf_puts(&doc, "[");
    for (int i = 0; doc.len < (24u << 20); i++)
        ak_buf_printf(&doc, "%s{\"t\":%d.5,\"v\":[%d,%d,%d]}", i ? "," : "", i, i, -i, i * 3);
    ak_buf_puts(&doc, "]");
    assert_int_equal(write(fd, doc.data, doc.len), (ssize_t)doc.len);
    close(fd);
    uint64_t expected = checksum((const uint8_t *)doc.data, doc.len);

    ak_file f;
    char why[256];
    assert_true(ak_file_open(&f, path, why, sizeof why));
    ak_input in = {path, f.data, f.size, false};
    ak_diags *d = ak_diags_new(NULL);
    ak_validate(&in, &ak_format_json, NULL, d);
    assert_int_equal(ak_diags_count(d), 0);
    ak_diags_free(d);
    assert_int_equal(checksum(f.data, f.size), expected); /* faulted back in from the file */
    ak_file_close(&f);
    unlink(path);

    ak_input mem = {"mem", (const uint8_t *)doc.data, doc.len, false};
    d = ak_diags_new(NULL);
    ak_validate(&mem, &ak_format_json, NULL, d);
    assert_int_equal(ak_diags_count(d), 0);
    ak_diags_free(d);
    assert_int_equal(checksum((const uint8_t *)doc.data, doc.len), expected); /* anonymous: untouched */
    ak_buf_free(&doc);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_sniff),
        cmocka_unit_test(test_validate_and_dump),
        cmocka_unit_test(test_release_keeps_data),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
