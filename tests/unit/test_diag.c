/* The diagnostics engine (levels, limits, line/column, order) and every
 * renderer against golden outputs (tests/golden/render/). */
#include "diag.h"
#include "diag_mark.h"
#include "test_support.h"

#include "utf8.h"

static const ak_rule rule_syntax = {"test.syntax.trailing-comma", AK_SEV_ERROR, AK_SEV_ERROR,
                                    "trailing comma", "JSON has no trailing commas."};
static const ak_rule rule_style = {"test.style.non-ascii", AK_SEV_WARNING, AK_SEV_ERROR, "non-ASCII name",
                                   NULL};
static const ak_rule rule_hint = {"test.style.tab", AK_SEV_NOTE, AK_SEV_WARNING, "tab indentation", NULL};
static const ak_rule rule_bin = {"test.header.version", AK_SEV_ERROR, AK_SEV_ERROR, "unsupported version",
                                 "Only version 1 exists."};

static const char text_src[] = "{\n"
                               "  \"name\": \"walk\",\n"
                               "\t\"bad\": 1,,\n"
                               "  \"\xc3\xa9\": tru\n"
                               "}\n";

static uint8_t bin_src[40];

/* ESC, a C1 control (U+009B, CSI) and an ill-formed byte before the X */
static const char hostile_src[] = "{\"a\x1b[2J\": \"\xc2\x9b\xff\tX\"}\n";

static ak_diags *text_diags(bool strict)
{
    ak_diag_options opt = {strict, 0};
    ak_diags *d = ak_diags_new(&opt);
    ak_diags_set_source(d, (const uint8_t *)text_src, sizeof text_src - 1, true);
    const char *comma = strstr(text_src, ",,") + 1;
    const char *e_acute = strstr(text_src, "\"\xc3\xa9\"");
    const char *tru = strstr(text_src, "tru");
    /* reported out of order on purpose: sorting puts them in file order */
    ak_report(d, &rule_style, (uint64_t)(e_acute - text_src), 4, "/\xc3\xa9", "member name \"%s\" is not ASCII",
              "\xc3\xa9");
    ak_report(d, &rule_syntax, (uint64_t)(comma - text_src), 1, "/bad", NULL);
    ak_report(d, &rule_hint, (uint64_t)(strchr(text_src, '\t') - text_src), 1, "", NULL);
    ak_report_at(d, &rule_syntax, (uint64_t)(tru - text_src), 3, 4, 9, "/\xc3\xa9",
                 "expected a value, found 'tru' (\"quoted\", 100%% sure)");
    ak_diags_sort(d);
    return d;
}

static ak_diags *bin_diags(void)
{
    for (int i = 0; i < 40; i++)
        bin_src[i] = (uint8_t)(i * 7 + 0x20);
    ak_diags *d = ak_diags_new(NULL);
    ak_diags_set_source(d, bin_src, sizeof bin_src, false);
    ak_report(d, &rule_bin, 20, 4, "/header/minor", "version 2.7 is newer than this tool knows (1.0, 1.1)");
    ak_report(d, &rule_bin, 40, 0, "/markers/0/name", "the file ends inside a string");
    return d;
}

static void test_levels(void **state)
{
    (void)state;
    ak_diags *d = text_diags(false);
    assert_int_equal(ak_diags_count(d), 4);
    assert_int_equal(ak_diags_errors(d), 2);
    assert_int_equal(ak_diags_warnings(d), 1);
    ak_diags_free(d);
    d = text_diags(true);
    assert_int_equal(ak_diags_errors(d), 3);
    assert_int_equal(ak_diags_warnings(d), 1);
    ak_diags_free(d);
}

static void test_line_column(void **state)
{
    (void)state;
    ak_diags *d = text_diags(false);
    /* sorted: tab (3:1), comma (3:11), e-acute (4:3), tru (4:9 as given) */
    const ak_diag *g = ak_diags_at(d, 0);
    assert_string_equal(g->rule->code, "test.style.tab");
    assert_int_equal(g->line, 3);
    assert_int_equal(g->column, 1);
    g = ak_diags_at(d, 1);
    assert_int_equal(g->line, 3);
    assert_int_equal(g->column, 11);
    assert_string_equal(g->message, "trailing comma"); /* the rule's default message */
    g = ak_diags_at(d, 2);
    assert_int_equal(g->line, 4);
    assert_int_equal(g->column, 3);
    g = ak_diags_at(d, 3);
    assert_int_equal(g->line, 4);
    assert_int_equal(g->column, 9);
    ak_diags_free(d);
    d = bin_diags();
    assert_int_equal(ak_diags_at(d, 0)->line, 0); /* binary: no lines */
    ak_diags_free(d);
}

static void test_max_errors(void **state)
{
    (void)state;
    ak_diag_options opt = {false, 3};
    ak_diags *d = ak_diags_new(&opt);
    ak_diags_set_source(d, (const uint8_t *)text_src, sizeof text_src - 1, true);
    assert_true(ak_report(d, &rule_syntax, 1, 0, "", NULL));
    assert_true(ak_report(d, &rule_style, 2, 0, "", NULL)); /* warnings do not count */
    assert_true(ak_report(d, &rule_syntax, 3, 0, "", NULL));
    assert_false(ak_report(d, &rule_syntax, 4, 0, "", NULL)); /* the third error stops */
    assert_true(ak_diags_stopped(d));
    assert_false(ak_report(d, &rule_syntax, 5, 0, "", NULL));
    assert_int_equal(ak_diags_errors(d), 3);
    /* the limit note is last */
    assert_ptr_equal(ak_diags_at(d, ak_diags_count(d) - 1)->rule, &ak_rule_limit_max_errors);
    ak_diags_free(d);

    /* warnings are bounded too (10 x max-errors), still counted */
    d = ak_diags_new(&opt);
    for (int i = 0; i < 100; i++)
        assert_true(ak_report(d, &rule_style, (uint64_t)i, 0, "", NULL));
    assert_int_equal(ak_diags_count(d), 30);
    assert_int_equal(ak_diags_warnings(d), 100);
    ak_diags_free(d);
}

static void test_line_cache_backwards(void **state)
{
    (void)state;
    ak_diags *d = ak_diags_new(NULL);
    ak_diags_set_source(d, (const uint8_t *)text_src, sizeof text_src - 1, true);
    ak_report(d, &rule_hint, sizeof text_src - 2, 0, "", NULL); /* last byte first */
    ak_report(d, &rule_hint, 0, 0, "", NULL);
    ak_report(d, &rule_hint, 100000, 0, "", NULL); /* past the end: clamped */
    assert_int_equal(ak_diags_at(d, 0)->line, 5);
    assert_int_equal(ak_diags_at(d, 1)->line, 1);
    assert_int_equal(ak_diags_at(d, 1)->column, 1);
    assert_int_equal(ak_diags_at(d, 2)->line, 6);
    ak_diags_free(d);
}

static char *render(ak_render_style style, bool color, size_t *len)
{
    char *text = NULL;
    FILE *out = open_memstream(&text, len);
    assert_non_null(out);
    ak_render_options ropt = {color};
    ak_renderer *r = ak_renderer_new(style, out, &ropt);
    ak_diags *d = text_diags(false);
    ak_renderer_file(r, "dir/walk anim.animj", "animj", (const uint8_t *)text_src, sizeof text_src - 1, true, d);
    ak_diags_free(d);
    d = bin_diags();
    ak_renderer_file(r, "rec.bin", "mrtk", bin_src, sizeof bin_src, false, d);
    ak_diags_free(d);
    d = ak_diags_new(NULL);
    ak_renderer_file(r, "clean.animj", "animj", (const uint8_t *)"{}", 2, true, d);
    ak_diags_free(d);
    /* bytes of the file reach a terminal only escaped: in the name, the
       message, the path and the excerpt (ESC, a C1 CSI, a stray byte) */
    d = ak_diags_new(NULL);
    ak_diags_set_source(d, (const uint8_t *)hostile_src, sizeof hostile_src - 1, true);
    ak_report(d, &rule_syntax, (uint64_t)(strchr(hostile_src, 'X') - hostile_src), 1, "/a\x1b[2J",
              "unexpected '%s'", "\x1b]0;owned\x07");
    ak_renderer_file(r, "esc\x1b[31m.animj", "animj", (const uint8_t *)hostile_src, sizeof hostile_src - 1, true,
                     d);
    ak_diags_free(d);
    ak_renderer_unreadable(r, "gone\x1b.animj", "No such file or directory");
    ak_renderer_finish(r);
    fclose(out);
    return text;
}

static void golden(const char *name, ak_render_style style, bool color)
{
    size_t len;
    char *text = render(style, color, &len);
    ak_test_golden(name, text, len);
    free(text);
}

static void test_render_text(void **state) { (void)state; golden("render/text.txt", AK_RENDER_TEXT, false); }
static void test_render_color(void **state) { (void)state; golden("render/text-color.txt", AK_RENDER_TEXT, true); }
static void test_render_gcc(void **state) { (void)state; golden("render/gcc.txt", AK_RENDER_GCC, false); }
static void test_render_json(void **state) { (void)state; golden("render/diagnostics.json", AK_RENDER_JSON, false); }
static void test_render_sarif(void **state) { (void)state; golden("render/diagnostics.sarif", AK_RENDER_SARIF, false); }
static void test_render_github(void **state) { (void)state; golden("render/github.txt", AK_RENDER_GITHUB, false); }

/* The excerpt of the line at off as the renderer showed it before it
 * looked for a line's ends only near the diagnostic: the whole line
 * scanned, then the window of max bytes around off. The oracle of
 * test_excerpt_windows. */
static void whole_line_excerpt(const char *data, size_t size, size_t off, char *out, uint32_t *column)
{
    const size_t max = 200;
    size_t s = off, e = off;
    while (s > 0 && data[s - 1] != '\n')
        s--;
    while (e < size && data[e] != '\n')
        e++;
    if (e > s && data[e - 1] == '\r')
        e--;
    size_t from = s, to = e;
    if (to - from > max) {
        from = off > s + max / 2 ? off - max / 2 : s;
        while (from > s && from < off && (data[from] & 0xc0) == 0x80)
            from--;
        to = from + max < e ? from + max : e;
        while (to < e && (data[to] & 0xc0) == 0x80)
            to++;
    }
    sprintf(out, "%s%.*s%s", from > s ? "..." : "", (int)(to - from), data + from, to < e ? "..." : "");
    *column = 1;
    for (size_t i = s; i < off; (*column)++) {
        uint32_t cp;
        size_t len = ak_utf8_decode((const uint8_t *)data + i, off - i, &cp);
        i += len ? len : 1;
    }
}

/* A minified file is one line of megabytes with many diagnostics: the
 * renderer looks for the ends of a diagnostic's line only as far as its
 * excerpt reaches, and goes on counting columns from the diagnostic
 * before on the same line. What it shows is what the whole line gave:
 * lines of 1 to 1,000 bytes around the 200-byte window, with two-byte
 * characters at its edges, CRLF and LF, the first and the last line. */
static void test_excerpt_windows(void **state)
{
    (void)state;
    static const size_t lengths[] = {0, 1, 99, 100, 101, 199, 200, 201, 202, 399, 400, 401, 1000};
    size_t cap = 64 * 1024;
    char *src = malloc(cap);
    assert_non_null(src);
    size_t n = 0;
    for (size_t k = 0; k < sizeof lengths / sizeof lengths[0]; k++) {
        for (size_t i = 0; i < lengths[k]; i++) {
            if (i % 7 == 3 && i + 1 < lengths[k]) { /* U+00E9 */
                src[n++] = (char)0xc3;
                src[n++] = (char)0xa9;
                i++;
            } else {
                src[n++] = (char)('a' + (i + k) % 26);
            }
        }
        if (k % 2)
            src[n++] = '\r';
        if (k + 1 < sizeof lengths / sizeof lengths[0])
            src[n++] = '\n';
    }
    ak_diag_options many = {false, 1000000};
    ak_diags *d = ak_diags_new(&many);
    ak_diags_set_source(d, (const uint8_t *)src, n, true);
    size_t count = 0;
    for (size_t off = 0; off <= n; off++)
        if (off == n || (src[off] & 0xc0) != 0x80) { /* where a character starts */
            ak_report(d, &rule_hint, off, 1, "", "here");
            count++;
        }
    char *text = NULL;
    size_t len = 0;
    FILE *out = open_memstream(&text, &len);
    assert_non_null(out);
    ak_render_options ropt = {false};
    ak_renderer *r = ak_renderer_new(AK_RENDER_TEXT, out, &ropt);
    ak_renderer_file(r, "one.json", "json", (const uint8_t *)src, n, true, d);
    ak_renderer_finish(r);
    fclose(out);
    char *want = malloc(cap);
    assert_non_null(want);
    char *line = text;
    for (size_t i = 0; i < count; i++) {
        const ak_diag *g = ak_diags_at(d, i);
        uint32_t column;
        whole_line_excerpt(src, n, (size_t)g->offset, want, &column);
        char head[64];
        snprintf(head, sizeof head, "one.json:%u:%u: note: here", g->line, column);
        assert_memory_equal(line, head, strlen(head));
        line = strchr(line, '\n') + 1;
        char *end = strchr(line, '\n');
        *end = '\0';
        assert_string_equal(line, want);
        line = strchr(end + 1, '\n') + 1; /* the caret line */
    }
    free(want);
    free(text);
    free(src);
    ak_diags_free(d);
}

/* A message or path that quotes an absurd input is cut (at a UTF-8
 * boundary, with an ellipsis) instead of being carried whole. */
static void test_long_texts_clipped(void **state)
{
    (void)state;
    size_t n = 100000;
    char *name = malloc(n + 1);
    assert_non_null(name);
    for (size_t i = 0; i < n; i += 2) {
        name[i] = (char)0xc3; /* U+00E9, two bytes: the cut must not split one */
        name[i + 1] = (char)0xa9;
    }
    name[n] = '\0';
    char *path = malloc(n + 2);
    assert_non_null(path);
    path[0] = '/';
    memcpy(path + 1, name, n + 1);
    ak_diags *d = ak_diags_new(NULL);
    ak_report(d, &rule_style, 0, 1, path, "member name \"%s\" is not ASCII", name);
    const ak_diag *g = ak_diags_at(d, 0);
    for (int k = 0; k < 2; k++) {
        const char *text = k ? g->path : g->message;
        size_t len = strlen(text);
        assert_true(len > 4000 && len <= 4096);
        assert_memory_equal(text + len - 3, "\xe2\x80\xa6", 3);
        size_t bad = 0;
        assert_true(ak_utf8_valid((const uint8_t *)text, len, &bad));
    }
    ak_diags_free(d);
    free(name);
    free(path);
}

/* Past 10 x max_errors warnings and notes the rest are counted, by rule,
 * not stored; a command's own result (the area convert) has a cap of its
 * own; a rewind takes the counts back too; every renderer says it. */
static void test_unshown_counted(void **state)
{
    (void)state;
    static const ak_rule rule_loss = {"test.convert.loss", AK_SEV_WARNING, AK_SEV_ERROR, "lost", NULL};
    ak_diag_options opt = {false, 1}; /* a cap of 10 */
    ak_diags *d = ak_diags_new(&opt);
    for (int i = 0; i < 25; i++)
        ak_report(d, &rule_style, (uint64_t)i, 1, "", NULL);
    ak_diags_mark mark;
    ak_diags_mark_at(d, &mark);
    for (int i = 0; i < 5; i++)
        ak_report(d, &rule_hint, 100, 1, "", NULL);
    ak_report(d, &rule_loss, 0, 0, "", "the result");
    assert_int_equal(ak_diags_count(d), 11);
    assert_int_equal(ak_diags_warnings(d), 26);
    assert_int_equal(ak_diags_notes(d), 5);
    assert_int_equal(ak_diags_unshown(d), 20);
    size_t n = 0;
    assert_ptr_equal(ak_diags_unshown_at(d, 0, &n), &rule_style);
    assert_int_equal(n, 15);
    assert_ptr_equal(ak_diags_unshown_at(d, 1, &n), &rule_hint);
    assert_int_equal(n, 5);
    assert_null(ak_diags_unshown_at(d, 2, &n));
    assert_ptr_equal(ak_diags_at(d, 10)->rule, &rule_loss);

    char *text = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&text, &len);
    ak_renderer *r = ak_renderer_new(AK_RENDER_TEXT, f, NULL);
    ak_renderer_file(r, "w.json", "json", NULL, 0, false, d);
    ak_renderer_finish(r);
    fclose(f);
    assert_non_null(strstr(text, "w.json: note: 15 more warnings and 5 more notes not shown"));
    assert_non_null(strstr(text, "[animkit.limit.unshown]"));
    free(text);
    for (ak_render_style style = AK_RENDER_GCC; style <= AK_RENDER_GITHUB; style++) {
        f = open_memstream(&text, &len);
        r = ak_renderer_new(style, f, NULL);
        ak_renderer_file(r, "w.json", "json", NULL, 0, false, d);
        ak_renderer_finish(r);
        fclose(f);
        assert_non_null(strstr(text, style == AK_RENDER_JSON ? "\"unshown\":20" : "15 more warnings"));
        if (style == AK_RENDER_SARIF)
            assert_non_null(strstr(text, "\"executionSuccessful\":true"));
        free(text);
    }

    ak_diags_rewind(d, &mark);
    assert_int_equal(ak_diags_unshown(d), 15);
    assert_int_equal(ak_diags_notes(d), 0);
    assert_null(ak_diags_unshown_at(d, 1, &n));
    ak_diags_free(d);
}

/* More distinct rules than the table holds: the rest count under one entry. */
static void test_unshown_many_rules(void **state)
{
    (void)state;
    ak_diag_options opt = {false, 1};
    ak_diags *d = ak_diags_new(&opt);
    for (int i = 0; i < 10; i++)
        ak_report(d, &rule_style, 0, 1, "", NULL);
    static ak_rule rules[40];
    for (int i = 0; i < 40; i++) {
        rules[i] = rule_style;
        ak_report(d, &rules[i], 0, 1, "", NULL);
    }
    assert_int_equal(ak_diags_unshown(d), 40);
    size_t total = 0, n = 0, i = 0;
    const ak_rule *rule = NULL;
    for (; (rule = ak_diags_unshown_at(d, i, &n)) != NULL; i++)
        total += n;
    assert_int_equal(i, AK_DIAG_UNSHOWN_RULES);
    assert_int_equal(total, 40);
    assert_ptr_equal(ak_diags_unshown_at(d, AK_DIAG_UNSHOWN_RULES - 1, &n), &ak_rule_limit_unshown);
    assert_int_equal(n, 40 - (AK_DIAG_UNSHOWN_RULES - 1));
    ak_diags_free(d);
}

static void test_style_names(void **state)
{
    (void)state;
    ak_render_style s;
    assert_true(ak_render_style_parse("sarif", &s) && s == AK_RENDER_SARIF);
    assert_true(ak_render_style_parse("github", &s) && s == AK_RENDER_GITHUB);
    assert_false(ak_render_style_parse("xml", &s));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_levels),        cmocka_unit_test(test_line_column),
        cmocka_unit_test(test_max_errors),    cmocka_unit_test(test_line_cache_backwards),
        cmocka_unit_test(test_unshown_counted), cmocka_unit_test(test_unshown_many_rules),
        cmocka_unit_test(test_render_text),   cmocka_unit_test(test_render_color),
        cmocka_unit_test(test_render_gcc),    cmocka_unit_test(test_render_json),
        cmocka_unit_test(test_render_sarif),  cmocka_unit_test(test_render_github),
        cmocka_unit_test(test_style_names),   cmocka_unit_test(test_long_texts_clipped),
        cmocka_unit_test(test_excerpt_windows),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
