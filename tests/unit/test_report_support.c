/* What `animkit report` and `plot` need from the library: XML text
 * escaping, the folder walk (order, link loops, unreadable entries),
 * streaming atomic output, the version in the validation result. */
#include "diag.h"
#include "test_support.h"

#include <errno.h>
#include <sys/stat.h>
#include <unistd.h>

static void test_xml_text(void **state)
{
    (void)state;
    ak_buf b;
    ak_buf_init(&b);
    const char s[] = "a<b>&\"c'\t\x01\x7f \xc3\xa9 \xff \xc2\x85 \xef\xbf\xbe";
    ak_buf_xml_text(&b, s, sizeof s - 1);
    assert_string_equal(ak_buf_cstr(&b), "a&lt;b&gt;&amp;&quot;c&#39;\t\xef\xbf\xbd\xef\xbf\xbd \xc3\xa9 \xef\xbf\xbd "
                                         "\xef\xbf\xbd \xef\xbf\xbd");
    ak_buf_free(&b);
}

typedef struct seen {
    char paths[16][512];
    int errs[16];
    size_t n;
} seen;

static bool record(void *ctx, const char *path, int err)
{
    seen *s = ctx;
    if (s->n < 16) {
        snprintf(s->paths[s->n], sizeof s->paths[0], "%s", path);
        s->errs[s->n] = err;
    }
    s->n++;
    return true;
}

static void write_text(const char *path, const char *text)
{
    FILE *f = fopen(path, "w");
    assert_non_null(f);
    fputs(text, f);
    fclose(f);
}

static void test_walk(void **state)
{
    (void)state;
    char root[] = "/tmp/ak-walk-XXXXXX";
    assert_non_null(mkdtemp(root));
    char p[600];
    snprintf(p, sizeof p, "%s/b", root);
    assert_int_equal(mkdir(p, 0777), 0);
    snprintf(p, sizeof p, "%s/b/z.anim", root);
    write_text(p, "x");
    snprintf(p, sizeof p, "%s/a.anim", root);
    write_text(p, "x");
    snprintf(p, sizeof p, "%s/b/up", root);
    assert_int_equal(symlink("..", p), 0); /* a loop */
    snprintf(p, sizeof p, "%s/c.anim", root);
    assert_int_equal(symlink("/nonexistent/c.anim", p), 0); /* dangling */
    seen s = {0};
    assert_true(ak_walk(root, record, &s));
    assert_int_equal(s.n, 3);
    snprintf(p, sizeof p, "%s/a.anim", root);
    assert_string_equal(s.paths[0], p);
    assert_int_equal(s.errs[0], 0);
    snprintf(p, sizeof p, "%s/c.anim", root);
    assert_string_equal(s.paths[1], p);
    assert_int_equal(s.errs[1], ENOENT);
    snprintf(p, sizeof p, "%s/b/z.anim", root);
    assert_string_equal(s.paths[2], p);
    /* a root that is a file is visited itself */
    seen one = {0};
    assert_true(ak_walk(p, record, &one));
    assert_int_equal(one.n, 1);
    char cmd[700];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", root);
    assert_int_equal(system(cmd), 0);
}

static void test_atomic_out(void **state)
{
    (void)state;
    char dir[] = "/tmp/ak-out-XXXXXX";
    assert_non_null(mkdtemp(dir));
    char path[600], why[256];
    snprintf(path, sizeof path, "%s/report.md", dir);
    write_text(path, "old\n");
    ak_output o;
    assert_true(ak_output_open(&o, path, why, sizeof why));
    assert_true(ak_output_write(&o, "new", 3, why, sizeof why));
    ak_output_abort(&o); /* the old file stays, no temporary is left */
    size_t size;
    char *text = ak_test_read_file(path, &size);
    assert_string_equal(text, "old\n");
    free(text);
    assert_true(ak_output_open(&o, path, why, sizeof why));
    assert_true(ak_output_write(&o, "new ", 4, why, sizeof why));
    assert_true(ak_output_write(&o, "text", 4, why, sizeof why));
    assert_true(ak_output_commit(&o, why, sizeof why));
    text = ak_test_read_file(path, &size);
    assert_string_equal(text, "new text");
    free(text);
    char cmd[700];
    snprintf(cmd, sizeof cmd, "test $(ls '%s' | wc -l) -eq 1 && rm -rf '%s'", dir, dir);
    assert_int_equal(system(cmd), 0);
    snprintf(path, sizeof path, "/nonexistent-dir/report.md");
    assert_false(ak_output_open(&o, path, why, sizeof why));
}

static void test_version(void **state)
{
    (void)state;
    static const char anim[] = "animVersion 1.1;\nmayaVersion 2026;\ntimeUnit film;\n";
    ak_input in = {"v.anim", (const uint8_t *)anim, sizeof anim - 1, false};
    ak_diags *d = ak_diags_new(NULL);
    const ak_format *f = ak_validate(&in, NULL, NULL, d);
    assert_non_null(f);
    assert_string_equal(f->id, "maya");
    assert_string_equal(ak_diags_version(d), "1.1");
    ak_diags_clear(d);
    assert_null(ak_diags_version(d));
    ak_diags_set_version(d, "1.0\n\x01", 5); /* kept printable */
    assert_string_equal(ak_diags_version(d), "1.0??");
    ak_diags_free(d);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_xml_text),
        cmocka_unit_test(test_walk),
        cmocka_unit_test(test_atomic_out),
        cmocka_unit_test(test_version),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
