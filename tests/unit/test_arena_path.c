/* Arena allocator and diagnostic paths. */
#include "test_support.h"

#include "arena.h"
#include "path.h"

static void test_arena(void **state)
{
    (void)state;
    ak_arena a;
    ak_arena_init(&a, 1024);
    char *p = ak_arena_alloc(&a, 10, 1);
    double *d = ak_arena_alloc(&a, sizeof(double), _Alignof(double));
    assert_non_null(p);
    assert_non_null(d);
    assert_int_equal((uintptr_t)d % _Alignof(double), 0);
    /* a large block of its own, and small ones keep coming from the first block */
    void *big = ak_arena_alloc(&a, 100000, 16);
    assert_non_null(big);
    memset(big, 0xab, 100000);
    char *q = ak_arena_alloc(&a, 10, 1);
    assert_true(q > p && q < p + 1024);
    int *zeros = AK_ARENA_ARRAY(&a, int, 100);
    for (int i = 0; i < 100; i++)
        assert_int_equal(zeros[i], 0);
    assert_null(ak_arena_array(&a, SIZE_MAX / 2, 4, 4)); /* overflow */
    char *s = ak_arena_strndup(&a, "hello world", 5);
    assert_string_equal(s, "hello");
    ak_arena_free(&a);

    ak_arena_init(&a, 1024);
    a.limit = 4096;
    assert_non_null(ak_arena_alloc(&a, 1000, 1));
    assert_null(ak_arena_alloc(&a, 8192, 1)); /* over the limit */
    ak_arena_free(&a);
}

static void test_path(void **state)
{
    (void)state;
    ak_path p;
    ak_path_init(&p);
    assert_string_equal(ak_path_str(&p), "");
    ak_path_push_key(&p, "tracks", 6);
    ak_path_push_index(&p, 3);
    ak_path_push_key(&p, "a/b~c", 5);
    assert_string_equal(ak_path_str(&p), "/tracks/3/a~1b~0c");
    ak_path_pop(&p);
    ak_path_set_index(&p, 4);
    assert_string_equal(ak_path_str(&p), "/tracks/4");
    ak_path_push_key(&p, "", 0);
    assert_string_equal(ak_path_str(&p), "/tracks/4/");
    ak_path_pop(&p);
    ak_path_pop(&p);
    ak_path_pop(&p);
    ak_path_pop(&p); /* popping the root is harmless */
    assert_string_equal(ak_path_str(&p), "");
    for (int i = 0; i < 1000; i++)
        ak_path_push_index(&p, (uint64_t)i);
    for (int i = 0; i < 1000; i++)
        ak_path_pop(&p);
    assert_string_equal(ak_path_str(&p), "");
    ak_path_free(&p);
}

static void test_buf(void **state)
{
    (void)state;
    ak_buf b;
    ak_buf_init(&b);
    assert_string_equal(ak_buf_cstr(&b), "");
    ak_buf_printf(&b, "%d-%s", 42, "x");
    ak_buf_putc(&b, ' ');
    ak_buf_json_string(&b, "q\"\\\n\x01\xc3\xa9\xff", 8);
    assert_string_equal(ak_buf_cstr(&b), "42-x \"q\\\"\\\\\\n\\u0001\xc3\xa9\xef\xbf\xbd\"");
    ak_buf_free(&b);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_arena),
        cmocka_unit_test(test_path),
        cmocka_unit_test(test_buf),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
