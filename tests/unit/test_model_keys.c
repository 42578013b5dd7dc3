/* The common model's key accessors (runtime/model.h): what builders and
 * readers of tracks go through, whatever the storage of keys. */
#include "test_support.h"

#include "arena.h"
#include "budget.h"
#include "curve.h"
#include "model.h"

#include <math.h>

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

/* A value of type t with every component used set, different per seed:
   the extremes of integer widths, negative zero and NaN bits for floats. */
static void sample_value(ak_value_type t, unsigned seed, ak_value *v)
{
    const ak_value_type_info *info = ak_value_type_info_of(t);
    memset(v, 0, sizeof *v);
    for (unsigned c = 0; c < info->components; c++) {
        unsigned x = seed * 17 + c;
        switch (info->kind) {
        case AK_VK_BOOL: v->b[c] = x % 2; break;
        case AK_VK_UINT: v->u[c] = x % 3 == 0 ? (info->bits >= 64 ? UINT64_MAX : (UINT64_C(1) << info->bits) - 1) : x; break;
        case AK_VK_INT:
            v->i[c] = x % 3 == 0 ? (info->bits >= 64 ? INT64_MIN : -(INT64_C(1) << (info->bits - 1))) : -(int64_t)x;
            break;
        case AK_VK_F32: v->f[c] = x % 5 == 0 ? -0.0f : (float)x / 3; break;
        case AK_VK_F64: v->d[c] = x % 5 == 0 ? -0.0 : (double)x / 7; break;
        case AK_VK_STRING:
            v->s.ptr = seed % 3 ? "walk\0cycle" : NULL; /* a NUL inside, and the null string */
            v->s.len = seed % 3 ? 10 : 0;
            break;
        }
    }
}

static bool same_bits(const ak_value *a, const ak_value *b) { return memcmp(a, b, sizeof *a) == 0; }

/* Every value type round-trips through set/get on every track kind, with
   and without tangents; what the layout leaves out reads as documented. */
static void test_every_type_round_trips(void **state)
{
    (void)state;
    ak_arena arena;
    ak_arena_init(&arena, 0);
    for (int vt = 0; vt < AK_VT_COUNT; vt++)
        for (int kind = AK_TRACK_RAW; kind <= AK_TRACK_CURVE; kind++)
            for (unsigned parts = 0; parts <= (AK_KEYS_TANGENTS | AK_KEYS_WEIGHTS | AK_KEYS_FLAGS); parts++) {
                ak_track t = {.type = (ak_value_type)vt, .kind = (ak_track_kind)kind, .start = 2, .interval = 0.25};
                enum { N = 5 };
                assert_true(ak_track_alloc_keys(&t, &arena, N, parts));
                assert_int_equal(ak_track_key_parts(&t), parts);
                for (size_t i = 0; i < N; i++) {
                    ak_key k = {.time = 10.0 + (double)i, .interp = AK_INTERP_CUBIC_BEZIER};
                    sample_value(t.type, (unsigned)i, &k.value);
                    if (parts & AK_KEYS_TANGENTS) {
                        k.has_tangents = i % 2 == 0;
                        if (k.has_tangents) {
                            sample_value(t.type, (unsigned)i + 7, &k.in_tangent);
                            sample_value(t.type, (unsigned)i + 9, &k.out_tangent);
                        }
                    }
                    if (parts & AK_KEYS_WEIGHTS) {
                        k.in_weight = 0.25 * (double)i, k.out_weight = 0.5;
                        k.in_weighted = i % 3 == 0, k.out_weighted = true;
                    }
                    if (parts & AK_KEYS_FLAGS)
                        k.flags = 0x80000001u + (uint32_t)i;
                    ak_key_set(&t, i, &k);
                }
                for (size_t i = 0; i < N; i++) {
                    ak_key want = {.time = 10.0 + (double)i, .interp = AK_INTERP_CUBIC_BEZIER}, got;
                    sample_value(t.type, (unsigned)i, &want.value);
                    ak_key_get(&t, i, &got);
                    assert_true(same_bits(&got.value, &want.value));
                    ak_value v;
                    ak_key_value(&t, i, &v);
                    assert_true(same_bits(&v, &want.value));
                    for (unsigned c = 0; c < 16; c++)
                        assert_true(ak_key_component(&t, i, c) == ak_value_component(&want.value, t.type, c) ||
                                    (isnan(ak_key_component(&t, i, c)) &&
                                     isnan(ak_value_component(&want.value, t.type, c))));
                    if (kind == AK_TRACK_RAW) {
                        /* no time and no interpolation of their own */
                        assert_true(got.time == 2 + 0.25 * (double)i && ak_key_time(&t, i) == got.time);
                        assert_int_equal(got.interp, AK_INTERP_HOLD);
                    } else {
                        assert_true(got.time == want.time);
                        assert_int_equal(got.interp, AK_INTERP_CUBIC_BEZIER);
                        assert_int_equal(ak_key_interp(&t, i), AK_INTERP_CUBIC_BEZIER);
                    }
                    bool tangents = (parts & AK_KEYS_TANGENTS) && i % 2 == 0;
                    assert_int_equal(got.has_tangents, tangents);
                    assert_int_equal(ak_key_has_tangents(&t, i), tangents);
                    ak_value zero, in, out;
                    memset(&zero, 0, sizeof zero);
                    if (tangents) {
                        sample_value(t.type, (unsigned)i + 7, &in);
                        sample_value(t.type, (unsigned)i + 9, &out);
                        assert_true(same_bits(&got.in_tangent, &in) && same_bits(&got.out_tangent, &out));
                    } else {
                        assert_true(same_bits(&got.in_tangent, &zero) && same_bits(&got.out_tangent, &zero));
                    }
                    if (parts & AK_KEYS_WEIGHTS) {
                        assert_true(got.in_weight == 0.25 * (double)i && got.out_weight == 0.5);
                        assert_true(got.in_weighted == (i % 3 == 0) && got.out_weighted);
                    } else { /* the unweighted value */
                        assert_true(got.in_weight == 1.0 / 3 && got.out_weight == 1.0 / 3);
                        assert_false(got.in_weighted || got.out_weighted);
                    }
                    assert_int_equal(got.flags, parts & AK_KEYS_FLAGS ? 0x80000001u + (uint32_t)i : 0);
                    assert_int_equal(ak_key_flags(&t, i), got.flags);
                }
            }
    ak_arena_free(&arena);
}

/* A Hermite key's slope is d[0] whatever the value type (model.h): it
   survives on a float and a bool track, whose packed tangent is narrower. */
static void test_hermite_slope_on_narrow_types(void **state)
{
    (void)state;
    ak_arena arena;
    ak_arena_init(&arena, 0);
    ak_value_type types[] = {AK_VT_FLOAT, AK_VT_BOOL, AK_VT_BYTE};
    for (size_t j = 0; j < sizeof types / sizeof types[0]; j++) {
        ak_track t = {.type = types[j], .kind = AK_TRACK_CURVE};
        assert_true(ak_track_alloc_keys(&t, &arena, 1, AK_KEYS_TANGENTS));
        ak_value in = {.d = {-1.0e300}}, out = {.d = {0.1}}, got_in, got_out;
        ak_key_set_tangents(&t, 0, &in, &out);
        assert_true(ak_key_tangents(&t, 0, &got_in, &got_out));
        assert_true(got_in.d[0] == -1.0e300 && got_out.d[0] == 0.1);
    }
    ak_arena_free(&arena);
}

/* The bytes a key takes are what its type and parts need: a Raw bool
   sample about a byte, tangents only when asked for. */
static void test_compact_sizes(void **state)
{
    (void)state;
    enum { N = 1 << 16 };
    struct {
        ak_value_type type;
        ak_track_kind kind;
        unsigned parts;
        double at_most; /* bytes per key, arena overhead included */
    } cases[] = {
        {AK_VT_BOOL, AK_TRACK_RAW, 0, 1.1},
        {AK_VT_BOOL, AK_TRACK_DISCRETE, 0, 10.1},           /* time, value, interpolation */
        {AK_VT_FLOAT3, AK_TRACK_RAW, 0, 12.1},
        {AK_VT_BYTE, AK_TRACK_RAW, 0, 1.1},
        {AK_VT_COLOR32, AK_TRACK_RAW, 0, 4.1},
        {AK_VT_STRING, AK_TRACK_RAW, 0, 16.1},
        {AK_VT_FLOAT, AK_TRACK_CURVE, AK_KEYS_TANGENTS, 8 + 4 + 1 + 16 + 1 + 0.1}, /* tangents: d[0]'s 8 bytes each */
        {AK_VT_FLOAT4X4, AK_TRACK_CURVE, AK_KEYS_TANGENTS, 8 + 64 + 1 + 128 + 1 + 0.1},
    };
    for (size_t j = 0; j < sizeof cases / sizeof cases[0]; j++) {
        ak_arena arena;
        ak_arena_init(&arena, 4096); /* the arrays get blocks of their own size */
        ak_track t = {.type = cases[j].type, .kind = cases[j].kind};
        assert_true(ak_track_alloc_keys(&t, &arena, N, cases[j].parts));
        double per_key = (double)arena.total / N;
        if (per_key > cases[j].at_most)
            fail_msg("%s: %.2f bytes per key, at most %.2f", ak_value_type_info_of(t.type)->name, per_key,
                     cases[j].at_most);
        ak_arena_free(&arena);
    }
}

/* Keys staged one at a time (a parser's) come out as they went in, the
   layout growing with the parts they need. */
static void test_staged_keys(void **state)
{
    (void)state;
    ak_arena arena;
    ak_arena_init(&arena, 0);
    ak_key_stage stage;
    ak_key_stage_init(&stage, NULL);
    enum { N = 100 };
    for (size_t i = 0; i < N; i++) {
        ak_key k = {.time = (double)i / 8, .interp = AK_INTERP_LINEAR};
        k.value.f[2] = (float)i;
        if (i == 40) { /* the first key with tangents: the layout gains them */
            k.has_tangents = true;
            k.out_tangent.f[2] = 5;
        }
        assert_true(ak_key_stage_push(&stage, AK_VT_FLOAT3, AK_TRACK_CURVE, &k));
    }
    ak_track t = {.type = AK_VT_FLOAT3, .kind = AK_TRACK_CURVE};
    assert_true(ak_key_stage_move(&stage, &t, &arena));
    assert_int_equal(t.key_count, N);
    assert_int_equal(ak_track_key_parts(&t), AK_KEYS_TANGENTS);
    for (size_t i = 0; i < N; i++) {
        ak_key k;
        ak_key_get(&t, i, &k);
        assert_true(k.time == (double)i / 8 && k.value.f[2] == (float)i && k.interp == AK_INTERP_LINEAR);
        assert_int_equal(k.has_tangents, i == 40);
    }
    ak_value in, out;
    assert_true(ak_key_tangents(&t, 40, &in, &out) && out.f[2] == 5);
    /* the stage is empty and reusable */
    ak_key k = {.time = 1};
    assert_true(ak_key_stage_push(&stage, AK_VT_BOOL, AK_TRACK_DISCRETE, &k));
    ak_track b = {.type = AK_VT_BOOL, .kind = AK_TRACK_DISCRETE};
    assert_true(ak_key_stage_move(&stage, &b, &arena));
    assert_int_equal(b.key_count, 1);
    assert_true(ak_key_time(&b, 0) == 1);
    ak_key_stage_free(&stage);
    ak_arena_free(&arena);
}

/* The key the staged test below pushes as key i of a layout's run: its
   parts start at key `from` (tangents on every third key, weights on every
   fifth, flags on every seventh). */
static ak_key staged_key(ak_value_type vt, size_t i, size_t from, unsigned parts)
{
    ak_key k = {.time = (double)i / 4, .interp = i % 2 ? AK_INTERP_CUBIC_BEZIER : AK_INTERP_LINEAR};
    /* seeds below 7: sample_value's integers within every width */
    sample_value(vt, (unsigned)(i % 7), &k.value);
    if (i >= from && (parts & AK_KEYS_TANGENTS) && i % 3 == 0) {
        k.has_tangents = true;
        sample_value(vt, (unsigned)((i + 3) % 7), &k.in_tangent);
        sample_value(vt, (unsigned)((i + 5) % 7), &k.out_tangent);
    }
    k.in_weight = k.out_weight = 1.0 / 3;
    if (i >= from && (parts & AK_KEYS_WEIGHTS) && i % 5 == 0) {
        k.in_weight = (double)i / 100, k.out_weight = 0.75;
        k.in_weighted = true, k.out_weighted = i % 2 == 0;
    }
    if (i >= from && (parts & AK_KEYS_FLAGS) && i % 7 == 0)
        k.flags = 0x40000000u | (uint32_t)i;
    return k;
}

/* Staged keys of every value type, kind and set of parts, the parts from
   the first key or from the 37th (the layout changes once, and the stage
   grows by copying arrays whole before and after): each comes out as it
   went in, bit for bit. */
static void test_staged_keys_every_layout(void **state)
{
    (void)state;
    ak_arena arena;
    ak_arena_init(&arena, 0);
    ak_key_stage stage;
    ak_key_stage_init(&stage, NULL);
    enum { N = 150 };
    for (int vt = 0; vt < AK_VT_COUNT; vt++)
        for (int kind = AK_TRACK_RAW; kind <= AK_TRACK_CURVE; kind++)
            for (unsigned parts = 0; parts <= (AK_KEYS_TANGENTS | AK_KEYS_WEIGHTS | AK_KEYS_FLAGS); parts++)
                for (size_t from = 0; from <= 37; from += 37) {
                    for (size_t i = 0; i < N; i++) {
                        ak_key k = staged_key((ak_value_type)vt, i, from, parts);
                        assert_true(ak_key_stage_push(&stage, (ak_value_type)vt, (ak_track_kind)kind, &k));
                    }
                    ak_track t = {.type = (ak_value_type)vt, .kind = (ak_track_kind)kind};
                    assert_true(ak_key_stage_move(&stage, &t, &arena));
                    assert_int_equal(t.key_count, N);
                    assert_int_equal(ak_track_key_parts(&t), parts);
                    for (size_t i = 0; i < N; i++) {
                        ak_key want = staged_key((ak_value_type)vt, i, from, parts), got;
                        ak_key_get(&t, i, &got);
                        if (!same_bits(&got.value, &want.value))
                            fail_msg("%s, kind %d, parts %u from key %zu: key %zu's value",
                                     ak_value_type_info_of((ak_value_type)vt)->name, kind, parts, from, i);
                        if (kind != AK_TRACK_RAW) {
                            assert_true(got.time == want.time);
                            assert_int_equal(got.interp, want.interp);
                        }
                        assert_int_equal(got.has_tangents, want.has_tangents);
                        if (want.has_tangents)
                            assert_true(same_bits(&got.in_tangent, &want.in_tangent) &&
                                        same_bits(&got.out_tangent, &want.out_tangent));
                        assert_int_equal(got.in_weighted, want.in_weighted);
                        assert_int_equal(got.out_weighted, want.out_weighted);
                        if (parts & AK_KEYS_WEIGHTS)
                            assert_true(got.in_weight == want.in_weight && got.out_weight == want.out_weight);
                        assert_int_equal(got.flags, want.flags);
                    }
                }
    ak_key_stage_free(&stage);
    ak_arena_free(&arena);
}

/* The stage is charged to the budget: past it, a push is refused. */
static void test_staged_keys_within_budget(void **state)
{
    (void)state;
    ak_diags *d = ak_diags_new(NULL);
    ak_options opt = {.max_memory = 1 << 20};
    ak_key_stage stage;
    ak_key_stage_init(&stage, ak_budget_of(d, &opt));
    ak_key k = {.time = 0};
    bool ok = true;
    size_t pushed = 0;
    while (ok && pushed < (1u << 22)) {
        ok = ak_key_stage_push(&stage, AK_VT_DOUBLE4X4, AK_TRACK_CURVE, &k);
        pushed += ok;
    }
    assert_false(ok);
    assert_true(pushed < (1u << 20) / 128);
    assert_string_equal(ak_diags_at(d, 0)->rule->code, "animkit.limit.memory");
    ak_key_stage_free(&stage);
    ak_diags_free(d);
}

/* The AnimX and AnimJ writers turn Curve keys into Bezier segments on
   temporary whole ak_keys (three per key): those are charged to the budget,
   so a large Curve track stops with animkit.limit.memory. */
static void test_bezier_keys_within_budget(void **state)
{
    (void)state;
    enum { N = 20000 }; /* 8 bytes a key in the model, 3 x 432 while converted */
    ak_arena arena;
    ak_arena_init(&arena, 0);
    ak_track t = {.node = "n", .property = "p", .type = AK_VT_FLOAT, .kind = AK_TRACK_CURVE};
    assert_true(ak_track_alloc_keys(&t, &arena, N, 0));
    for (size_t i = 0; i < N; i++) {
        ak_key_set_time(&t, i, (double)i / 30);
        ak_key_set_interp(&t, i, AK_INTERP_LINEAR);
    }
    ak_animation anim = {.name = "curve", .end = N / 30.0, .tracks = &t, .track_count = 1};
    static const char *const writers[] = {"animx", "animj"};
    for (size_t w = 0; w < 2; w++)
        for (int tight = 0; tight < 2; tight++) {
            ak_diags *d = ak_diags_new(NULL);
            ak_options opt = {.max_memory = tight ? 4u << 20 : 256u << 20};
            ak_budget_of(d, &opt);
            ak_buf out;
            ak_buf_init(&out);
            bool ok = ak_format_find(writers[w])->from_model(&anim, &opt, d, &out);
            assert_int_equal(ok, !tight);
            if (tight)
                assert_string_equal(ak_diags_at(d, 0)->rule->code, "animkit.limit.memory");
            ak_buf_free(&out);
            ak_diags_free(d);
        }
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

/* A format's own names and the targets they stand for: an entry, its
 * "<native>.<component>", and the child attribute "<native>.<leaf><i>" of a
 * writer of one curve per component (what animkit's Maya writer makes of a
 * quaternion); a name no entry knows is its own property. */
static void test_target_names(void **state)
{
    (void)state;
    static const ak_target_name names[] = {{"rotation", "rotation", AK_WHOLE, -1},
                                           {"translation", "position", AK_WHOLE, -1}};
    static const struct {
        const char *native;
        const char *property;
        int component;
    } cases[] = {{"Translation", "position", AK_WHOLE}, {"rotation.w", "rotation", 3},
                 {"rotation.rotation0", "rotation", 0},  {"a.translation.translation2", "a.translation.translation2", AK_WHOLE},
                 {"translation.translation2", "position", 2}, {"rotation.rotation16", "rotation.rotation16", AK_WHOLE},
                 {"rotation.rotationx", "rotation.rotationx", AK_WHOLE}, {"rotation.", "rotation.", AK_WHOLE},
                 {"visibility", "visibility", AK_WHOLE}};
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        ak_target t;
        ak_target_of(names, 2, "bone_3", cases[i].native, AK_VT_DOUBLE, AK_WHOLE, &t, NULL);
        if (strcmp(t.property, cases[i].property) != 0 || t.component != cases[i].component)
            fail_msg("%s: %s.%d", cases[i].native, t.property, t.component);
        assert_string_equal(t.path, "bone_3");
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_keys_by_index),
        cmocka_unit_test(test_keys_within_budget),
        cmocka_unit_test(test_every_type_round_trips),
        cmocka_unit_test(test_hermite_slope_on_narrow_types),
        cmocka_unit_test(test_compact_sizes),
        cmocka_unit_test(test_staged_keys),
        cmocka_unit_test(test_staged_keys_every_layout),
        cmocka_unit_test(test_staged_keys_within_budget),
        cmocka_unit_test(test_bezier_keys_within_budget),
        cmocka_unit_test(test_target_names),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
