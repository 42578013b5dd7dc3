/* The language server's framing (cli/lsp_frame.c): messages split at any
 * byte, headers in any case, bad headers skipped, bodies over the limit
 * skipped as they come, never buffered. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "lsp_frame.h"

static void expect_message(lsp_framer *f, const char *body)
{
    const char *b;
    uint64_t n;
    assert_int_equal(lsp_framer_next(f, &b, &n), LSP_FRAME_MESSAGE);
    assert_int_equal(n, strlen(body));
    assert_memory_equal(b, body, n);
}

static void test_split_anywhere(void **state)
{
    (void)state;
    const char *in = "Content-Length: 7\r\n\r\n{\"a\":1}content-length:2\r\nContent-Type: x\r\n\r\n[]";
    size_t n = strlen(in);
    for (size_t cut = 0; cut <= n; cut++) {
        lsp_framer f;
        lsp_framer_init(&f, 100);
        const char *b;
        uint64_t len;
        assert_true(lsp_framer_feed(&f, in, cut));
        size_t seen = 0;
        while (lsp_framer_next(&f, &b, &len) == LSP_FRAME_MESSAGE)
            seen++;
        assert_true(lsp_framer_feed(&f, in + cut, n - cut));
        while (lsp_framer_next(&f, &b, &len) == LSP_FRAME_MESSAGE)
            seen++;
        assert_int_equal(seen, 2);
        lsp_framer_free(&f);
    }
}

static void test_bad_header_is_skipped(void **state)
{
    (void)state;
    lsp_framer f;
    lsp_framer_init(&f, 100);
    const char *in = "Content-Lenght: 3\r\n\r\nContent-Length: x\r\n\r\nContent-Length: 2\r\n\r\n{}";
    assert_true(lsp_framer_feed(&f, in, strlen(in)));
    const char *b;
    uint64_t n;
    assert_int_equal(lsp_framer_next(&f, &b, &n), LSP_FRAME_BAD_HEADER);
    assert_int_equal(lsp_framer_next(&f, &b, &n), LSP_FRAME_BAD_HEADER);
    expect_message(&f, "{}");
    assert_int_equal(lsp_framer_next(&f, &b, &n), LSP_FRAME_NONE);
    lsp_framer_free(&f);
}

static void test_too_large_is_skipped(void **state)
{
    (void)state;
    lsp_framer f;
    lsp_framer_init(&f, 10);
    const char *head = "Content-Length: 25\r\n\r\n0123456789";
    assert_true(lsp_framer_feed(&f, head, strlen(head)));
    const char *b;
    uint64_t n;
    assert_int_equal(lsp_framer_next(&f, &b, &n), LSP_FRAME_TOO_LARGE);
    assert_int_equal(n, 25);
    assert_int_equal(lsp_framer_next(&f, &b, &n), LSP_FRAME_NONE);
    /* the rest of the big body, then a message in the same chunk */
    const char *rest = "0123456789abcdeContent-Length: 2\r\n\r\n[]";
    assert_true(lsp_framer_feed(&f, rest, strlen(rest)));
    expect_message(&f, "[]");
    assert_true(f.in.cap < 4096); /* nothing of the big body was kept */
    lsp_framer_free(&f);
}

static void test_write(void **state)
{
    (void)state;
    ak_buf out;
    ak_buf_init(&out);
    assert_true(lsp_frame_write(&out, "{}", 2));
    assert_string_equal(ak_buf_cstr(&out), "Content-Length: 2\r\n\r\n{}");
    ak_buf_free(&out);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_split_anywhere),
        cmocka_unit_test(test_bad_header_is_skipped),
        cmocka_unit_test(test_too_large_is_skipped),
        cmocka_unit_test(test_write),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
