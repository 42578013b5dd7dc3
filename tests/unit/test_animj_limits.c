/* AnimJ limits of spec section 5 (default caps): animj.file.size-limit
 * (J25: a file over 256 MiB) and animj.json.token-limit (J26: a string over
 * 16 MiB, a number literal over 256 characters), each with its exact code,
 * offset, line, column and JSON Pointer, and each at its boundary (the cap
 * itself is allowed).
 *
 * The big file is sparse (ftruncate in a temporary directory): it costs no
 * disk, and the validator must decide from the size alone, before reading
 * it. The big strings are built in memory (16 MiB each). */
#include "diag.h"
#include "test_support.h"

#include <errno.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#define SIZE_CAP ((size_t)256 << 20)
#define STRING_CAP ((size_t)16 << 20)
#define NUMBER_CAP 256u

static const ak_format *animj(void)
{
    const ak_format *f = ak_format_find("animj");
    assert_non_null(f);
    return f;
}

static void print_diags(const ak_diags *d)
{
    for (size_t i = 0; i < ak_diags_count(d); i++) {
        const ak_diag *g = ak_diags_at(d, i);
        fprintf(stderr, "@%llu %u:%u %s [%.80s] %s\n", (unsigned long long)g->offset, g->line, g->column,
                g->rule->code, g->path, g->message);
    }
}

/* Validates the input as AnimJ at the compatible level. */
static ak_diags *validate(const ak_input *in)
{
    ak_diag_options o = {false, 0};
    ak_diags *d = ak_diags_new(&o);
    assert_non_null(d);
    ak_options opt;
    memset(&opt, 0, sizeof opt);
    const ak_format *f = ak_validate(in, animj(), &opt, d);
    assert_ptr_equal(f, animj());
    print_diags(d);
    return d;
}

static const ak_diag *only_diag(const ak_diags *d, const char *code)
{
    assert_int_equal(ak_diags_count(d), 1);
    const ak_diag *g = ak_diags_at(d, 0);
    assert_string_equal(g->rule->code, code);
    assert_int_equal(ak_diags_severity(d, g->rule), AK_SEV_ERROR);
    return g;
}

/* ---- J25: the file size cap --------------------------------------------- */

static const char head[] = "{\"tracks\": []}";

/* Spaces after `head`: the generic not-text check (runtime/registry.c)
 * probes the first 4 KiB, which must look like text for AnimJ's own caps
 * to be what is tested. */
#define PAD 4096

/* A sparse file of `size` bytes that starts with `head` and PAD spaces (NUL
 * bytes after them), in a fresh temporary directory; the path is written
 * to path. */
static void sparse_file(char *dir, size_t dir_size, char *path, size_t path_size, size_t size)
{
    const char *tmp = getenv("TMPDIR");
    snprintf(dir, dir_size, "%s/ak_animj_limits_XXXXXX", tmp && *tmp ? tmp : "/tmp");
    if (!mkdtemp(dir))
        fail_msg("mkdtemp %s: %s", dir, strerror(errno));
    snprintf(path, path_size, "%s/big.animj", dir);
    int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0600);
    assert_true(fd >= 0);
    assert_int_equal(write(fd, head, sizeof head - 1), (ssize_t)(sizeof head - 1));
    static char spaces[PAD];
    memset(spaces, ' ', sizeof spaces);
    assert_int_equal(write(fd, spaces, sizeof spaces), (ssize_t)sizeof spaces);
    assert_int_equal(ftruncate(fd, (off_t)size), 0);
    assert_int_equal(close(fd), 0);
}

static void remove_file(const char *dir, const char *path)
{
    unlink(path);
    rmdir(dir);
}

static void test_file_over_cap(void **state)
{
    (void)state;
    char dir[512], path[600], why[256];
    sparse_file(dir, sizeof dir, path, sizeof path, SIZE_CAP + 1);
    ak_file file;
    bool opened = ak_file_open(&file, path, why, sizeof why);
    if (!opened)
        remove_file(dir, path);
    assert_true(opened);
    ak_input in = ak_file_input(&file);
    assert_int_equal(in.size, SIZE_CAP + 1);
    ak_diags *d = validate(&in);
    const ak_diag *g = only_diag(d, "animj.file.size-limit");
    assert_int_equal(g->offset, 0);
    assert_int_equal(g->line, 1);
    assert_int_equal(g->column, 1);
    assert_string_equal(g->path, "");
    assert_non_null(strstr(g->message, "268435457"));
    ak_diags_free(d);
    ak_file_close(&file);
    remove_file(dir, path);
}

/* At the cap the file is read: the first NUL after the document is the
 * first (syntax) error, and the size is not. */
static void test_file_at_cap(void **state)
{
    (void)state;
    char dir[512], path[600], why[256];
    sparse_file(dir, sizeof dir, path, sizeof path, SIZE_CAP);
    ak_file file;
    bool opened = ak_file_open(&file, path, why, sizeof why);
    if (!opened)
        remove_file(dir, path);
    assert_true(opened);
    ak_input in = ak_file_input(&file);
    ak_diags *d = validate(&in);
    assert_true(ak_diags_count(d) >= 1);
    for (size_t i = 0; i < ak_diags_count(d); i++)
        assert_string_not_equal(ak_diags_at(d, i)->rule->code, "animj.file.size-limit");
    const ak_diag *g = ak_diags_at(d, 0);
    assert_string_equal(g->rule->code, "animj.json.syntax");
    assert_int_equal(g->offset, sizeof head - 1 + PAD);
    assert_int_equal(g->line, 1);
    assert_int_equal(g->column, sizeof head + PAD);
    ak_diags_free(d);
    ak_file_close(&file);
    remove_file(dir, path);
}

/* ---- J26: the string and number caps -------------------------------------- */

/* {"name": "x", "globalDuration": 1, "tracks": [ {... string track ...} ]}
 * with one key whose value is a string of n 'a's. */
static char *string_doc(size_t n, size_t *len, size_t *string_offset)
{
    static const char pre[] = "{\"name\": \"x\", \"globalDuration\": 1, \"tracks\": [\n"
                              "  {\"trackType\": \"Discrete\", \"valueType\": \"string\", \"data\": {\"node\": \"n\", "
                              "\"property\": \"p\", \"keyframes\": [{\"time\": 0, \"value\": ";
    static const char post[] = "}]}}\n]}\n";
    size_t total = sizeof pre - 1 + n + 2 + sizeof post - 1;
    char *s = malloc(total + 1);
    assert_non_null(s);
    memcpy(s, pre, sizeof pre - 1);
    char *p = s + sizeof pre - 1;
    *string_offset = (size_t)(p - s);
    *p++ = '"';
    memset(p, 'a', n);
    p += n;
    *p++ = '"';
    memcpy(p, post, sizeof post);
    *len = total;
    return s;
}

static void test_string_over_cap(void **state)
{
    (void)state;
    size_t len, off;
    char *s = string_doc(STRING_CAP + 1, &len, &off);
    ak_input in = {"s.animj", (const uint8_t *)s, len, false};
    ak_diags *d = validate(&in);
    const ak_diag *g = only_diag(d, "animj.json.token-limit");
    assert_int_equal(g->offset, off);
    assert_int_equal(g->line, 2);
    assert_int_equal(g->column, off - (size_t)(strchr(s, '\n') - s));
    assert_string_equal(g->path, "/tracks/0/data/keyframes/0/value");
    assert_non_null(strstr(g->message, "16777217"));
    ak_diags_free(d);
    free(s);
}

static void test_string_at_cap(void **state)
{
    (void)state;
    size_t len, off;
    char *s = string_doc(STRING_CAP, &len, &off);
    ak_input in = {"s.animj", (const uint8_t *)s, len, false};
    ak_diags *d = validate(&in);
    assert_int_equal(ak_diags_count(d), 0);
    ak_diags_free(d);
    free(s);
}

/* A member name is a string too: a root member whose name is over the cap
 * (it is also unknown: a warning at the same place). */
static void test_key_over_cap(void **state)
{
    (void)state;
    static const char pre[] = "{\"tracks\": [{\"trackType\": \"Raw\", \"valueType\": \"float\", \"data\": "
                              "{\"node\": \"n\", \"property\": \"p\", \"interval\": 1, \"keyframes\": [1]}}], ";
    size_t n = STRING_CAP + 1;
    size_t len = sizeof pre - 1 + n + 6;
    char *s = malloc(len + 1);
    assert_non_null(s);
    memcpy(s, pre, sizeof pre - 1);
    char *p = s + sizeof pre - 1;
    size_t off = (size_t)(p - s);
    *p++ = '"';
    memset(p, 'k', n);
    p += n;
    memcpy(p, "\": 1}", 6);
    ak_input in = {"k.animj", (const uint8_t *)s, len, false};
    ak_diags *d = validate(&in);
    size_t limits = 0;
    for (size_t i = 0; i < ak_diags_count(d); i++) {
        const ak_diag *g = ak_diags_at(d, i);
        if (strcmp(g->rule->code, "animj.json.token-limit") == 0) {
            limits++;
            assert_int_equal(g->offset, off);
            assert_int_equal(g->line, 1);
            assert_int_equal(g->column, off + 1);
        } else {
            assert_string_equal(g->rule->code, "animj.root.unknown-member");
        }
    }
    assert_int_equal(limits, 1);
    assert_int_equal(ak_diags_errors(d), 1);
    ak_diags_free(d);
    free(s);
}

/* The number half, at its boundary: 256 characters pass, 257 do not. */
static void test_number_cap(void **state)
{
    (void)state;
    for (unsigned n = NUMBER_CAP; n <= NUMBER_CAP + 1; n++) {
        char doc[1024];
        char num[NUMBER_CAP + 2];
        memset(num, '0', n);
        num[0] = '1';
        num[1] = '.';
        num[n] = 0;
        int k = snprintf(doc, sizeof doc,
                         "{\"tracks\": [{\"trackType\": \"Raw\", \"valueType\": \"double\", \"data\": {\"node\": \"n\", "
                         "\"property\": \"p\", \"interval\": 1, \"keyframes\": [%s]}}]}",
                         num);
        ak_input in = {"n.animj", (const uint8_t *)doc, (size_t)k, false};
        ak_diags *d = validate(&in);
        if (n == NUMBER_CAP) {
            assert_int_equal(ak_diags_count(d), 0);
        } else {
            const ak_diag *g = only_diag(d, "animj.json.token-limit");
            size_t off = (size_t)(strstr(doc, "[1.") - doc) + 1;
            assert_int_equal(g->offset, off);
            assert_int_equal(g->line, 1);
            assert_int_equal(g->column, off + 1);
            assert_string_equal(g->path, "/tracks/0/data/keyframes/0");
        }
        ak_diags_free(d);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_file_over_cap),
        cmocka_unit_test(test_file_at_cap),
        cmocka_unit_test(test_string_over_cap),
        cmocka_unit_test(test_string_at_cap),
        cmocka_unit_test(test_key_over_cap),
        cmocka_unit_test(test_number_cap),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
