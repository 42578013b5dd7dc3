/* Arena allocator and diagnostic paths. */
#include "test_support.h"

#include "arena.h"
#include "budget.h"
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
    /* an array grown one item at a time keeps its items; it moves only when full */
    size_t cap = 0, n = 0;
    int *xs = NULL;
    for (int i = 0; i < 40; i++) {
        int *g = AK_ARENA_GROW(&a, int, xs, n, &cap);
        assert_non_null(g);
        assert_true(g == xs || n == 0 || n == 16 || n == 32);
        (xs = g)[n++] = i;
    }
    assert_int_equal(cap, 64);
    for (int i = 0; i < 40; i++)
        assert_int_equal(xs[i], i);
    size_t huge = SIZE_MAX / 4;
    assert_null(ak_arena_grow(&a, xs, huge, &huge, sizeof(int), _Alignof(int))); /* overflow: cap kept */
    assert_int_equal(huge, SIZE_MAX / 4);
    ak_arena_free(&a);

    /* a budget: refused before allocating, reported once with the sizes */
    ak_diags *diags = ak_diags_new(NULL);
    ak_options opt = {.max_memory = 4096};
    ak_budget *budget = ak_budget_of(diags, &opt);
    ak_arena_init_budget(&a, 1024, budget, "the test arena");
    assert_non_null(ak_arena_alloc(&a, 100, 1));
    assert_int_equal(budget->used, 1024); /* the whole block */
    assert_null(ak_arena_alloc(&a, 8192, 1)); /* over the budget */
    assert_null(ak_arena_alloc(&a, 8192, 1));
    assert_int_equal(ak_diags_errors(diags), 1);
    const ak_diag *g = ak_diags_at(diags, 0);
    assert_string_equal(g->rule->code, "animkit.limit.memory");
    assert_string_equal(g->message, "the test arena needs 8 KiB more with 1 KiB in use: past the memory budget of 4 KiB "
                                    "(--max-memory)");
    ak_arena array;
    ak_arena_init_budget(&array, 1024, budget, "an array");
    assert_null(ak_arena_array(&array, SIZE_MAX / 2, 4, 4)); /* overflow: refused, not attempted */
    ak_arena_free(&array);
    ak_arena_free(&a);
    assert_int_equal(budget->used, 0);
    /* an ak_buf charged to the budget gives everything back when freed */
    ak_buf b;
    ak_buf_init(&b);
    assert_true(ak_buf_attach(&b, budget));
    assert_true(ak_buf_append(&b, "0123456789", 10));
    assert_true(budget->used >= 10);
    char large[5000] = {0};
    assert_false(ak_buf_append(&b, large, sizeof large));
    assert_true(b.failed);
    ak_buf_free(&b);
    assert_int_equal(budget->used, 0);
    ak_diags_free(diags);
}

/* ak_arena_rewind: what came after the mark goes (its blocks given back,
   a large block behind the head too), what came before stays and the
   head's room is used again. */
static void test_arena_rewind(void **state)
{
    (void)state;
    ak_diags *diags = ak_diags_new(NULL);
    ak_options opt = {.max_memory = 1 << 20};
    ak_budget *budget = ak_budget_of(diags, &opt);
    ak_arena a;
    ak_arena_init_budget(&a, 1024, budget, "the test arena");
    char *kept = ak_arena_strndup(&a, "kept", 4);
    ak_arena_mark m = ak_arena_mark_now(&a);
    assert_int_equal(budget->used, 1024);
    char *first = ak_arena_alloc(&a, 100, 1);
    assert_non_null(first);
    for (int i = 0; i < 3; i++) { /* new blocks: at the head, and a large one behind it */
        assert_non_null(ak_arena_alloc(&a, 900, 1));
        assert_non_null(ak_arena_alloc(&a, 4000, 1));
    }
    assert_true(budget->used > 1024 * 3);
    ak_arena_rewind(&a, m);
    assert_int_equal(budget->used, 1024);
    assert_int_equal(a.total, 1024);
    assert_string_equal(kept, "kept");
    assert_ptr_equal(ak_arena_alloc(&a, 100, 1), first); /* the same room again */
    ak_arena_rewind(&a, m);
    ak_arena_free(&a);
    assert_int_equal(budget->used, 0);
    ak_diags_free(diags);
}

/* ak_arena_copy: the items as they were, aligned, from a block of their
 * own when large; nothing to copy still gives memory; a count whose size
 * overflows is refused. */
static void test_arena_copy(void **state)
{
    (void)state;
    ak_arena a;
    ak_arena_init(&a, 256);
    double src[3000];
    for (size_t i = 0; i < 3000; i++)
        src[i] = (double)i * 0.5;
    for (size_t n = 0; n <= 3000; n += 1000) {
        double *d = ak_arena_copy(&a, src, n, sizeof *src, _Alignof(double));
        assert_non_null(d);
        assert_int_equal((uintptr_t)d % _Alignof(double), 0);
        if (n)
            assert_memory_equal(d, src, n * sizeof *src);
    }
    assert_null(ak_arena_copy(&a, src, SIZE_MAX / 8 + 1, 8, 8));
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
        cmocka_unit_test(test_arena_rewind),
        cmocka_unit_test(test_arena_copy),
        cmocka_unit_test(test_path),
        cmocka_unit_test(test_buf),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
