/* Block checks of the binary layouts' element arrays (gen/emit_blocks.c)
 * against the per-element reader: MRTK 1.0 full keys and 1.1 simple keys
 * with one check of one element broken at a time, at every position of a
 * block that matters (the first, the second, inside, the last of a group
 * and of a block, across a block edge, the last of the array), and with
 * two broken elements in one block and in two; AnimX Discrete float keys
 * (a bound that global_duration sets) plain and in LZ4 chunks, across the
 * 1 MiB window of the derived stream. Validating with the block checks and
 * without them (ak_options.no_lanes: the per-element reader alone) must
 * give the same diagnostics, in the same order, at the same offsets and
 * paths, with the same messages; and every mutation that breaks a check
 * must be reported, so a check the block predicate left out fails here
 * (its block would pass, and nothing would be reported). The float bounds
 * of a double (ak_lfloor32 ...) against the comparisons in double. */
#include "animx_test_file.h"

#include "../../gen/rt/ak_layout.h"

#include <float.h>
#include <math.h>

#define KEYS 300 /* a few blocks of 64 and a rest that is not a whole group */

static const ak_format *mrtk(void)
{
    const ak_format *f = ak_format_find("mrtk");
    assert_non_null(f);
    return f;
}

static void put_u32(ak_buf *b, uint32_t v)
{
    uint8_t x[4] = {(uint8_t)v, (uint8_t)(v >> 8), (uint8_t)(v >> 16), (uint8_t)(v >> 24)};
    ak_test_put(b, x, 4);
}
static void set_u32(uint8_t *p, uint32_t v)
{
    for (int i = 0; i < 4; i++)
        p[i] = (uint8_t)(v >> (8 * i));
}
static void set_f32(uint8_t *p, float f)
{
    uint32_t v;
    memcpy(&v, &f, 4);
    set_u32(p, v);
}
static float get_f32(const uint8_t *p)
{
    uint32_t v = (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
    float f;
    memcpy(&f, &v, 4);
    return f;
}

static void put_header(ak_buf *b, uint32_t minor)
{
    static const uint8_t magic[8] = {0xc6, 0x42, 0x9e, 0x0f, 0x6e, 0xaf, 0x8f, 0x6a};
    ak_test_put(b, magic, 8);
    put_u32(b, 1);
    put_u32(b, minor);
}

static void put_curve_head(ak_buf *b, uint32_t keys)
{
    put_u32(b, 8);
    put_u32(b, 8);
    put_u32(b, keys);
}

/* A 1.0 file: the camera's pos_x has KEYS keys (t, v, 0, 0, 0, 0, 3) from
 * *keys_at on, 28 bytes each; every other curve is empty. */
static ak_buf file_v10(size_t *keys_at)
{
    ak_buf b;
    ak_buf_init(&b);
    put_header(&b, 0);
    put_curve_head(&b, KEYS);
    *keys_at = b.len;
    for (int k = 0; k < KEYS; k++) {
        ak_test_put_f32(&b, 0.25f * (float)k);
        ak_test_put_f32(&b, (float)k - 100.0f);
        for (int i = 0; i < 4; i++)
            ak_test_put_f32(&b, 0);
        put_u32(&b, 3);
    }
    for (int c = 1; c < 7 + 4 + 2 * 27 * 7; c++)
        put_curve_head(&b, 0);
    put_u32(&b, 0); /* markers */
    return b;
}

/* A 1.1 file with its camera: pos_x has KEYS keys (t, v), 8 bytes each. */
static ak_buf file_v11(size_t *keys_at)
{
    ak_buf b;
    ak_buf_init(&b);
    put_header(&b, 1);
    const uint8_t flags[3] = {1, 0, 0};
    ak_test_put(&b, flags, 3);
    put_curve_head(&b, KEYS);
    *keys_at = b.len;
    for (int k = 0; k < KEYS; k++) {
        ak_test_put_f32(&b, 0.25f * (float)k);
        ak_test_put_f32(&b, (float)k);
    }
    for (int c = 1; c < 7; c++) {
        put_curve_head(&b, 1);
        ak_test_put_f32(&b, 0);
        ak_test_put_f32(&b, 0);
    }
    put_u32(&b, 0);
    return b;
}

static ak_diags *validate_as(const ak_format *f, const uint8_t *data, size_t size, bool blocks)
{
    ak_diag_options o = {.strict = false};
    ak_diags *d = ak_diags_new(&o);
    assert_non_null(d);
    ak_options opt = {0};
    opt.no_lanes = !blocks;
    ak_input in = {"t", data, size, false};
    f->validate(&in, &opt, d);
    return d;
}

/* Both ways the same; returns how many diagnostics there were. */
static size_t same_both_ways_as(const ak_format *f, const uint8_t *data, size_t size, const char *what, int at)
{
    ak_diags *fast = validate_as(f, data, size, true), *slow = validate_as(f, data, size, false);
    if (ak_diags_count(fast) != ak_diags_count(slow))
        fail_msg("%s at key %d: %zu diagnostics with blocks, %zu without", what, at, ak_diags_count(fast),
                 ak_diags_count(slow));
    for (size_t i = 0; i < ak_diags_count(fast); i++) {
        const ak_diag *x = ak_diags_at(fast, i), *y = ak_diags_at(slow, i);
        if (x->rule != y->rule || x->offset != y->offset || x->length != y->length || x->severity != y->severity ||
            strcmp(x->path, y->path) != 0 || strcmp(x->message, y->message) != 0)
            fail_msg("%s at key %d: diagnostic %zu differs: %s %s @%llu \"%s\" / %s %s @%llu \"%s\"", what, at, i,
                     x->rule->code, x->path, (unsigned long long)x->offset, x->message, y->rule->code, y->path,
                     (unsigned long long)y->offset, y->message);
    }
    size_t n = ak_diags_count(fast);
    ak_diags_free(fast);
    ak_diags_free(slow);
    return n;
}

static size_t same_both_ways(const uint8_t *data, size_t size, const char *what, int at)
{
    return same_both_ways_as(mrtk(), data, size, what, at);
}

/* A mutation of key k (its bytes at p, the previous key's at prev, NULL
 * for the first); bad: whether it breaks a check (else the key stays
 * valid), first_ok: not when it is the first key (an order). */
typedef struct mutation {
    const char *what;
    void (*apply)(uint8_t *p, const uint8_t *prev);
    bool bad, first_ok;
} mutation;

static void time_nan(uint8_t *p, const uint8_t *prev) { (void)prev, set_f32(p, NAN); }
static void time_inf(uint8_t *p, const uint8_t *prev) { (void)prev, set_f32(p, INFINITY); }
static void time_down(uint8_t *p, const uint8_t *prev) { set_f32(p, prev ? get_f32(prev) - 1 : -1e-3f); }
static void time_again(uint8_t *p, const uint8_t *prev) { set_f32(p, prev ? get_f32(prev) : get_f32(p)); }
static void value_nan(uint8_t *p, const uint8_t *prev) { (void)prev, set_f32(p + 4, NAN); }
static void value_ninf(uint8_t *p, const uint8_t *prev) { (void)prev, set_f32(p + 4, -INFINITY); }
static void value_max(uint8_t *p, const uint8_t *prev) { (void)prev, set_f32(p + 4, -FLT_MAX); }
static void in_tangent_1(uint8_t *p, const uint8_t *prev) { (void)prev, set_f32(p + 8, 1); }
static void in_tangent_nan(uint8_t *p, const uint8_t *prev) { (void)prev, set_f32(p + 8, NAN); }
static void in_tangent_neg0(uint8_t *p, const uint8_t *prev) { (void)prev, set_f32(p + 8, -0.0f); }
static void out_tangent_tiny(uint8_t *p, const uint8_t *prev) { (void)prev, set_f32(p + 12, FLT_TRUE_MIN); }
static void in_weight_half(uint8_t *p, const uint8_t *prev) { (void)prev, set_f32(p + 16, 0.5f); }
static void in_weight_neg(uint8_t *p, const uint8_t *prev) { (void)prev, set_f32(p + 16, -0.5f); }
static void in_weight_neg0(uint8_t *p, const uint8_t *prev) { (void)prev, set_f32(p + 16, -0.0f); }
static void out_weight_2(uint8_t *p, const uint8_t *prev) { (void)prev, set_f32(p + 20, 2); }
static void out_weight_inf(uint8_t *p, const uint8_t *prev) { (void)prev, set_f32(p + 20, INFINITY); }
static void mode_2(uint8_t *p, const uint8_t *prev) { (void)prev, set_u32(p + 24, 2); }
static void mode_4(uint8_t *p, const uint8_t *prev) { (void)prev, set_u32(p + 24, 4); }
static void mode_minus1(uint8_t *p, const uint8_t *prev) { (void)prev, set_u32(p + 24, 0xffffffffu); }
static void mode_big(uint8_t *p, const uint8_t *prev) { (void)prev, set_u32(p + 24, 0x80000003u); }

static const mutation full_mutations[] = {
    {"time NaN", time_nan, true, false},
    {"time inf", time_inf, true, false},
    {"time decreasing", time_down, true, true},
    {"time repeated", time_again, true, true},
    {"value NaN", value_nan, true, false},
    {"value -inf", value_ninf, true, false},
    {"value -FLT_MAX", value_max, false, false},
    {"in_tangent 1", in_tangent_1, true, false},
    {"in_tangent NaN", in_tangent_nan, true, false},
    {"in_tangent -0", in_tangent_neg0, false, false},
    {"out_tangent denormal", out_tangent_tiny, true, false},
    {"in_weight 0.5", in_weight_half, true, false},
    {"in_weight -0.5", in_weight_neg, true, false},
    {"in_weight -0", in_weight_neg0, false, false},
    {"out_weight 2", out_weight_2, true, false},
    {"out_weight inf", out_weight_inf, true, false},
    {"weighted_mode 2", mode_2, true, false},
    {"weighted_mode 4", mode_4, true, false},
    {"weighted_mode -1", mode_minus1, true, false},
    {"weighted_mode 0x80000003", mode_big, true, false},
};

static void time_neg(uint8_t *p, const uint8_t *prev) { (void)prev, set_f32(p, -0.5f); }
static void time_neg0(uint8_t *p, const uint8_t *prev)
{
    /* -0 after +0 is a repeat; as the first key, a valid time */
    set_f32(p, -0.0f);
    if (prev)
        set_f32((uint8_t *)prev, 0.0f);
}

static const mutation simple_mutations[] = {
    {"time NaN", time_nan, true, false},        {"time inf", time_inf, true, false},
    {"time negative", time_neg, true, false},   {"time -0", time_neg0, true, true},
    {"time decreasing", time_down, true, false}, {"time repeated", time_again, true, true},
    {"value NaN", value_nan, true, false},      {"value -FLT_MAX", value_max, false, false},
};

/* Keys at the positions a block's edges make interesting (groups of 4 and
 * of 2 elements, blocks of 64). */
static const int positions[] = {0, 1, 2, 3, 4, 5, 7, 8, 31, 62, 63, 64, 65, 66, 127, 128, 129, 191, 255, 256, 257, 295, 296, 298, 299};

static void check_mutations(ak_buf (*make)(size_t *), size_t key_size, const mutation *muts, size_t nmuts)
{
    for (size_t m = 0; m < nmuts; m++) {
        for (size_t i = 0; i < sizeof positions / sizeof positions[0]; i++) {
            int k = positions[i];
            size_t at;
            ak_buf b = make(&at);
            uint8_t *key = (uint8_t *)b.data + at + (size_t)k * key_size;
            muts[m].apply(key, k ? key - key_size : NULL);
            size_t n = same_both_ways((const uint8_t *)b.data, b.len, muts[m].what, k);
            bool expect = muts[m].bad && !(k == 0 && muts[m].first_ok);
            if ((n > 0) != expect)
                fail_msg("%s at key %d: %zu diagnostics", muts[m].what, k, n);
            ak_buf_free(&b);
        }
    }
}

static void test_full_keys_one_broken(void **state)
{
    (void)state;
    check_mutations(file_v10, 28, full_mutations, sizeof full_mutations / sizeof full_mutations[0]);
}

static void test_simple_keys_one_broken(void **state)
{
    (void)state;
    check_mutations(file_v11, 8, simple_mutations, sizeof simple_mutations / sizeof simple_mutations[0]);
}

/* Two broken keys: the reports come in the order of the keys, whether they
 * share a block or not. */
static void test_two_broken(void **state)
{
    (void)state;
    static const int pairs[][2] = {{1, 2}, {3, 4}, {10, 60}, {63, 64}, {62, 129}, {0, 299}, {200, 201}};
    for (size_t i = 0; i < sizeof pairs / sizeof pairs[0]; i++) {
        size_t at;
        ak_buf b = file_v10(&at);
        uint8_t *keys = (uint8_t *)b.data + at;
        mode_4(keys + pairs[i][0] * 28, NULL);
        time_down(keys + pairs[i][1] * 28, keys + (pairs[i][1] - 1) * 28);
        value_nan(keys + pairs[i][1] * 28, NULL);
        assert_int_equal(same_both_ways((const uint8_t *)b.data, b.len, "two", pairs[i][0]), 4);
        ak_buf_free(&b);
    }
}

/* Files cut inside the keys: the truncation is where the reader finds it. */
static void test_truncated(void **state)
{
    (void)state;
    size_t at;
    ak_buf b = file_v10(&at);
    for (size_t cut = at; cut < at + 70 * 28; cut += 27)
        assert_true(same_both_ways((const uint8_t *)b.data, cut, "cut", (int)cut) >= 1);
    ak_buf_free(&b);
}

/* AnimX: one Discrete float track of AX_KEYS keys (t = k / 60, v = k), its
 * keys across the first 1 MiB of the payload; global_duration gd. */
#define AX_KEYS 140000

static ak_buf animx_file(float gd, int bad, int how, int encoding)
{
    ak_buf p;
    ak_buf_init(&p);
    ak_test_put_u8(&p, 1);  /* Discrete */
    ak_test_put_u8(&p, 21); /* float */
    ak_test_put_string(&p, "n");
    ak_test_put_string(&p, "v");
    ak_test_put_varint(&p, AX_KEYS);
    for (int k = 0; k < AX_KEYS; k++) {
        float t = (float)k / 60.0f, v = (float)k;
        if (k == bad && how == 0)
            t = 1e6f; /* after gd (and the next key goes back) */
        else if (k == bad && how == 1)
            v = NAN;
        else if (k == bad && how == 2)
            t = k ? (float)(k - 1) / 60.0f : -1.0f; /* repeated (negative for the first) */
        else if (k == bad && how == 3)
            t = -INFINITY;
        ak_test_put_f32(&p, t);
        ak_test_put_f32(&p, v);
    }
    ak_buf f = ak_test_animx_file(&p, 1, encoding, 4000, 3, NULL);
    ak_buf_free(&p);
    memcpy((uint8_t *)f.data + 11, &gd, 4); /* after "\x05AnimX", the version and a 1-byte track count */
    return f;
}

static void test_animx_keys(void **state)
{
    (void)state;
    const ak_format *f = ak_format_find("animx");
    assert_non_null(f);
    static const int at[] = {0, 1, 7, 8, 9, 255, 256, 131069, 131070, 131071, 131072, 131073, AX_KEYS - 1};
    static const float gds[] = {0, 1e5f, 2e6f};
    for (int encoding = 0; encoding < 2; encoding++)
        for (size_t g = 0; g < sizeof gds / sizeof gds[0]; g++) {
            ak_buf clean = animx_file(gds[g], -1, 0, encoding);
            assert_int_equal(same_both_ways_as(f, (const uint8_t *)clean.data, clean.len, "clean", -1), 0);
            ak_buf_free(&clean);
            for (int how = 0; how < 4; how++)
                for (size_t i = 0; i < sizeof at / sizeof at[0] && (how == 0 || g == 1); i++) {
                    ak_buf b = animx_file(gds[g], at[i], how, encoding);
                    size_t n = same_both_ways_as(f, (const uint8_t *)b.data, b.len, "animx", at[i] * 10 + how);
                    /* a late time is a warning only where gd bounds it, or where the next key goes back */
                    bool expect = how != 0 || gds[g] == 1e5f || at[i] < AX_KEYS - 1;
                    if ((n > 0) != expect)
                        fail_msg("animx gd %g, key %d, mutation %d: %zu diagnostics", (double)gds[g], at[i], how, n);
                    ak_buf_free(&b);
                }
        }
}

/* x op c in double is x op' the float bound, for floats around c. */
static void test_float_bounds(void **state)
{
    (void)state;
    const double cs[] = {0.0, -0.0, 1.0, 0.1, -0.1, 1e-45, -1e-45, 1.5e-45, 3.4028234663852886e38, 3.5e38, -3.5e38,
                         INFINITY, -INFINITY, 16777217.0, 1e300, -1e-300};
    for (size_t i = 0; i < sizeof cs / sizeof cs[0]; i++) {
        double c = cs[i];
        float lo = ak_lfloor32(c), below = ak_lbelow32(c), hi = ak_lceil32(c), above = ak_labove32(c);
        float x = (float)c;
        for (int step = 0; step < 6; step++)
            x = isinf(x) ? x : ak_lstep32(x, false);
        for (int k = 0; k < 13; k++) {
            assert_true((x <= c) == (x <= lo));
            assert_true((x < c) == (x <= below));
            assert_true((x >= c) == (x >= hi));
            assert_true((x > c) == (x >= above));
            if (!isinf(x) || x < 0)
                x = ak_lstep32(x, true);
        }
    }
    assert_true(isnan(ak_lfloor32(NAN)) && isnan(ak_lceil32(NAN)));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_full_keys_one_broken),
        cmocka_unit_test(test_simple_keys_one_broken),
        cmocka_unit_test(test_two_broken),
        cmocka_unit_test(test_truncated),
        cmocka_unit_test(test_animx_keys),
        cmocka_unit_test(test_float_bounds),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
