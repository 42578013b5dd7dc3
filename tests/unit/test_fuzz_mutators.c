/* The structure-aware mutators of the fuzz harnesses (fuzz/layout_mutator.c,
 * issue 31) on the seeds of AnimX, MRTK and Prime ANIM: deterministic (the
 * same input and seed give the same bytes), they change the input, and what
 * they make mostly decodes again (counts and lengths repaired, selectors
 * that bring in other members handled), which byte mutation of a binary
 * layout almost never gives; crossover makes a decodable input of two. */
#include "test_support.h"

#include "layout_mutator.h"

extern const ak_llayout animx_llayout, mrtk_llayout, primeanim_llayout;

#define SEEDS 300

/* A stand-in for libFuzzer's byte mutator: flips one byte. */
static size_t flip_byte(uint8_t *data, size_t size, size_t max_size)
{
    if (!size)
        return max_size ? (data[0] = 0x5a, 1) : 0;
    data[size / 2] ^= 0x5a;
    return size;
}

typedef struct tally {
    const ak_llayout *layout;
    size_t inputs, runs, changed, decoded, crossed, crossed_decoded;
    uint8_t *prev; /* the previous input, for crossover */
    size_t prev_size;
} tally;

static bool decodes(const ak_llayout *L, const uint8_t *data, size_t size)
{
    ak_arena arena;
    ak_arena_init(&arena, 0);
    ak_diags *d = ak_diags_new(NULL);
    ak_options opt = {0};
    bool ok = L->decode(data, size, &opt, d, &arena) != NULL;
    ak_diags_free(d);
    ak_arena_free(&arena);
    return ok;
}

static void on_seed(const char *path, const uint8_t *data, size_t size, void *ctx)
{
    tally *t = ctx;
    if (!decodes(t->layout, data, size))
        return; /* a seed of an invalid file: byte mutation only */
    t->inputs++;
    size_t max = size * 2 + 4096;
    uint8_t *a = malloc(max), *b = malloc(max);
    assert_non_null(a);
    assert_non_null(b);
    for (unsigned seed = 0; seed < SEEDS; seed++) {
        memcpy(a, data, size);
        memcpy(b, data, size);
        size_t na = ak_fuzz_layout_mutate(t->layout, a, size, max, seed, flip_byte);
        size_t nb = ak_fuzz_layout_mutate(t->layout, b, size, max, seed, flip_byte);
        if (na != nb || memcmp(a, b, na) != 0)
            fail_msg("%s: seed %u gives two different mutations", path, seed);
        assert_true(na <= max);
        t->runs++;
        t->changed += na != size || memcmp(a, data, size) != 0;
        t->decoded += decodes(t->layout, a, na);
    }
    if (t->prev) {
        for (unsigned seed = 0; seed < 20; seed++) {
            size_t n = ak_fuzz_layout_crossover(t->layout, data, size, t->prev, t->prev_size, a, max, seed);
            size_t again = ak_fuzz_layout_crossover(t->layout, data, size, t->prev, t->prev_size, b, max, seed);
            if (n != again || memcmp(a, b, n) != 0)
                fail_msg("%s: crossover seed %u gives two different inputs", path, seed);
            t->crossed += n > 0;
            t->crossed_decoded += n > 0 && decodes(t->layout, a, n);

        }
        free(t->prev);
    }
    t->prev = malloc(size ? size : 1);
    assert_non_null(t->prev);
    memcpy(t->prev, data, size);
    t->prev_size = size;
    free(a);
    free(b);
}

static void check(const ak_llayout *L, const char *dir, const char *suffix)
{
    tally t = {.layout = L};
    ak_test_each_file(dir, suffix, on_seed, &t);
    free(t.prev);
    print_message("%s: %zu seeds, %zu mutations: %zu changed, %zu decode; %zu crossovers, %zu decode\n", L->id,
                  t.inputs, t.runs, t.changed, t.decoded, t.crossed, t.crossed_decoded);
    assert_true(t.inputs > 0);
    /* nearly every mutation changes the input (a few hit a value it had) */
    assert_true(t.changed * 10 >= t.runs * 9);
    /* and most decode again: the repairs work (byte flips of a binary
       layout's counts and lengths almost never do) */
    assert_true(t.decoded * 10 >= t.runs * 7);
    /* crossover of two decodable inputs gives one */
    assert_true(t.crossed_decoded * 10 >= t.crossed * 9);
}

static void test_mrtk(void **state)
{
    (void)state;
    check(&mrtk_llayout, "fuzz/corpus/mrtk", ".bin");
}

static void test_animx(void **state)
{
    (void)state;
    check(&animx_llayout, "fuzz/corpus/animx", ".animx");
}

static void test_primeanim(void **state)
{
    (void)state;
    const char *bin = getenv("AK_BINARY_DIR");
    char dir[4096];
    snprintf(dir, sizeof dir, "%s/generated/primeanim/fuzz-corpus", bin ? bin : "build");
    check(&primeanim_llayout, dir, "");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_mrtk),
        cmocka_unit_test(test_animx),
        cmocka_unit_test(test_primeanim),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
