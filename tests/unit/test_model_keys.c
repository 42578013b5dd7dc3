/* The common model's key accessors (runtime/model.h): what builders and
 * readers of tracks go through, whatever the storage of keys. */
#include "test_support.h"

#include "arena.h"
#include "budget.h"
#include "model.h"

static void test_keys_by_index(void **state)
{
    (void)state;
    ak_arena arena;
    ak_arena_init(&arena, 0);
    ak_track t = {.type = AK_VT_FLOAT3, .kind = AK_TRACK_CURVE};
    assert_true(ak_track_alloc_keys(&t, &arena, 3, AK_KEYS_TANGENTS | AK_KEYS_WEIGHTS));
    assert_int_equal(t.key_count, 3);
    for (size_t i = 0; i < 3; i++) {
        ak_key k = {.time = (double)i, .interp = AK_INTERP_LINEAR};
        k.value.f[0] = (float)i;
        k.value.f[2] = -(float)i;
        ak_key_set(&t, i, &k);
    }
    ak_value in = {.f = {1, 2, 3}}, out = {.f = {4, 5, 6}}, got_in, got_out;
    assert_false(ak_key_tangents(&t, 1, &got_in, &got_out));
    ak_key_set_tangents(&t, 1, &in, &out);
    assert_true(ak_key_tangents(&t, 1, &got_in, &got_out));
    assert_true(got_in.f[2] == 3 && got_out.f[0] == 4);
    ak_key_set_weights(&t, 2, 0.25, true, 0.5, false);
    double wi, wo;
    bool hi, ho;
    ak_key_weights(&t, 2, &wi, &hi, &wo, &ho);
    assert_true(wi == 0.25 && hi && wo == 0.5 && !ho);
    ak_value v;
    ak_key_value(&t, 2, &v);
    assert_true(v.f[0] == 2 && v.f[2] == -2);
    v.f[1] = 7;
    ak_key_set_value(&t, 2, &v);
    ak_key k;
    ak_key_get(&t, 2, &k);
    assert_true(k.value.f[1] == 7 && k.time == 2 && k.interp == AK_INTERP_LINEAR);
    assert_true(ak_key_time(&t, 1) == 1);
    /* a Raw track's times come from its start and interval */
    ak_track raw = {.type = AK_VT_BOOL, .kind = AK_TRACK_RAW, .start = 1, .interval = 0.5};
    assert_true(ak_track_alloc_keys(&raw, &arena, 4, 0));
    assert_true(ak_key_time(&raw, 3) == 2.5);
    ak_arena_free(&arena);
}

static void test_keys_within_budget(void **state)
{
    (void)state;
    ak_diags *d = ak_diags_new(NULL);
    ak_options opt = {.max_memory = 1 << 20};
    ak_arena arena;
    ak_arena_init_budget(&arena, 0, ak_budget_of(d, &opt), "the common model");
    ak_track t = {.type = AK_VT_BOOL, .kind = AK_TRACK_RAW};
    assert_false(ak_track_alloc_keys(&t, &arena, 1u << 20, 0)); /* refused before allocating */
    assert_int_equal(t.key_count, 0);
    assert_int_equal(ak_diags_errors(d), 1);
    assert_string_equal(ak_diags_at(d, 0)->rule->code, "animkit.limit.memory");
    assert_true(ak_track_alloc_keys(&t, &arena, 0, 0));
    ak_arena_free(&arena);
    ak_diags_free(d);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_keys_by_index),
        cmocka_unit_test(test_keys_within_budget),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
