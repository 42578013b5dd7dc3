/* Evaluation of common-model tracks (runtime/sample.c). */
#include "test_support.h"

#include "curve.h"
#include "model.h"

#include <math.h>

static ak_key key_f(double time, float v, ak_interp interp)
{
    ak_key k;
    memset(&k, 0, sizeof k);
    k.time = time;
    k.value.f[0] = v;
    k.interp = interp;
    return k;
}

/* The tracks' keys (ak_track_set_keys), freed after the tests. */
static ak_arena keys_arena;

static ak_track with_keys(ak_track t, const ak_key *keys, size_t n)
{
    assert_true(ak_track_set_keys(&t, &keys_arena, keys, n));
    return t;
}

static int free_keys(void **state)
{
    (void)state;
    ak_arena_free(&keys_arena);
    return 0;
}

static float eval_f(const ak_track *t, double time)
{
    ak_value v;
    assert_true(ak_track_eval(t, time, &v));
    return v.f[0];
}

static void test_linear_hold_and_ends(void **state)
{
    (void)state;
    ak_key keys[] = {key_f(1, 10, AK_INTERP_LINEAR), key_f(2, 20, AK_INTERP_HOLD), key_f(3, 40, AK_INTERP_LINEAR)};
    ak_track t = with_keys((ak_track){.type = AK_VT_FLOAT, .kind = AK_TRACK_CURVE}, keys, 3);
    assert_true(eval_f(&t, 0) == 10);   /* before the first key: the first value */
    assert_true(eval_f(&t, 1.5) == 15); /* linear */
    assert_true(eval_f(&t, 2.5) == 20); /* hold */
    assert_true(eval_f(&t, 3) == 40);
    assert_true(eval_f(&t, 9) == 40);   /* after the last */
    t.kind = AK_TRACK_DISCRETE;
    assert_true(eval_f(&t, 1.99) == 10);
    t.key_count = 0;
    assert_true(eval_f(&t, 1) == 0);    /* no keys: zero */
}

static void test_equal_times_later_wins(void **state)
{
    (void)state;
    ak_key keys[] = {key_f(0, 0, AK_INTERP_LINEAR), key_f(1, 5, AK_INTERP_LINEAR), key_f(1, 7, AK_INTERP_LINEAR),
                     key_f(2, 9, AK_INTERP_LINEAR)};
    ak_track t = with_keys((ak_track){.type = AK_VT_FLOAT, .kind = AK_TRACK_CURVE}, keys, 4);
    assert_true(eval_f(&t, 1) == 7);
    assert_true(eval_f(&t, 0.5) == 2.5f);
}

static void test_raw(void **state)
{
    (void)state;
    ak_key keys[] = {key_f(0, 0, AK_INTERP_LINEAR), key_f(0, 10, AK_INTERP_LINEAR), key_f(0, 30, AK_INTERP_LINEAR)};
    ak_track t = with_keys((ak_track){.type = AK_VT_FLOAT, .kind = AK_TRACK_RAW, .interval = 0.5}, keys, 3);
    assert_true(eval_f(&t, 0.25) == 5);
    assert_true(eval_f(&t, 0.75) == 20);
    assert_true(eval_f(&t, 5) == 30);
    t.interval = 0;
    assert_true(eval_f(&t, 0.75) == 0); /* interval <= 0: sample 0 */
}

static void test_cubic_bezier(void **state)
{
    (void)state;
    ak_key keys[] = {key_f(0, 0, AK_INTERP_CUBIC_BEZIER), key_f(1, 1, AK_INTERP_CUBIC_BEZIER)};
    keys[0].has_tangents = keys[1].has_tangents = true;
    keys[0].out_tangent.f[0] = 1.0f / 3; /* control points on the straight line: linear */
    keys[1].in_tangent.f[0] = 2.0f / 3;
    ak_track t = with_keys((ak_track){.type = AK_VT_FLOAT, .kind = AK_TRACK_CURVE}, keys, 2);
    assert_true(fabsf(eval_f(&t, 0.25) - 0.25f) < 1e-6f);
    keys[0].out_tangent.f[0] = 1; /* ease: B(0.5) = 3/8 + 3/8*... */
    keys[1].in_tangent.f[0] = 1;
    t = with_keys(t, keys, 2);
    assert_true(fabsf(eval_f(&t, 0.5) - 0.875f) < 1e-6f);
}

static void test_bool_string_int(void **state)
{
    (void)state;
    ak_key keys[2];
    memset(keys, 0, sizeof keys);
    keys[0].time = 0;
    keys[1].time = 1;
    keys[0].interp = keys[1].interp = AK_INTERP_LINEAR;
    keys[1].value.b[0] = true;
    ak_track t = with_keys((ak_track){.type = AK_VT_BOOL, .kind = AK_TRACK_CURVE}, keys, 2);
    ak_value v;
    ak_track_eval(&t, 0.49, &v);
    assert_false(v.b[0]);
    ak_track_eval(&t, 0.5, &v);
    assert_true(v.b[0]);
    /* integers: half away from zero, saturated */
    keys[0].value.i[0] = -3;
    keys[1].value.i[0] = 0;
    t.type = AK_VT_SBYTE;
    t = with_keys(t, keys, 2);
    ak_track_eval(&t, 0.5, &v);
    assert_int_equal(v.i[0], -2); /* -1.5 rounds to -2 */
    keys[0].value.u[0] = 250;
    keys[1].value.u[0] = 255;
    t.type = AK_VT_BYTE;
    t = with_keys(t, keys, 2);
    ak_track_eval(&t, 0.5, &v);
    assert_int_equal(v.u[0], 253); /* 252.5 rounds up */
    keys[0].value.s.ptr = "a";
    keys[0].value.s.len = 1;
    keys[1].value.s.ptr = NULL;
    t.type = AK_VT_STRING;
    t = with_keys(t, keys, 2);
    ak_track_eval(&t, 0.7, &v);
    assert_null(v.s.ptr);
}

static void test_quaternion_slerp(void **state)
{
    (void)state;
    ak_key keys[2];
    memset(keys, 0, sizeof keys);
    keys[1].time = 1;
    keys[0].interp = AK_INTERP_LINEAR;
    keys[0].value.f[3] = 1;                     /* identity */
    keys[1].value.f[2] = 1;                     /* 180 degrees about z */
    ak_track t = with_keys((ak_track){.type = AK_VT_FLOATQ, .kind = AK_TRACK_CURVE}, keys, 2);
    ak_value v;
    ak_track_eval(&t, 0.5, &v);
    assert_true(fabsf(v.f[2] - sqrtf(0.5f)) < 1e-6f);
    assert_true(fabsf(v.f[3] - sqrtf(0.5f)) < 1e-6f);
}

static void test_hermite_through_curves(void **state)
{
    (void)state;
    ak_key keys[2];
    memset(keys, 0, sizeof keys);
    keys[1].time = 2;
    keys[0].interp = keys[1].interp = AK_INTERP_HERMITE;
    keys[0].has_tangents = keys[1].has_tangents = true;
    keys[0].value.d[0] = 0;
    keys[1].value.d[0] = 2;
    keys[0].out_tangent.d[0] = 1; /* slope 1 on both sides: a straight line */
    keys[1].in_tangent.d[0] = 1;
    keys[1].out_tangent.d[0] = 1; /* what linear infinity extends along */
    ak_track t = with_keys((ak_track){.type = AK_VT_DOUBLE, .kind = AK_TRACK_CURVE}, keys, 2);
    ak_value v;
    ak_track_eval(&t, 0.5, &v);
    assert_true(fabs(v.d[0] - 0.5) < 1e-12);
    t.post = AK_INF_LINEAR;
    ak_track_eval(&t, 3, &v);
    assert_true(fabs(v.d[0] - 3) < 1e-12);
}

/* --verify's deviation: a quaternion and its negation are one rotation, so
 * floatQ/doubleQ tracks deviate by the nearer of q and -q (float4 tracks
 * stay component by component) */
/* The curve of a CubicBezier track (what conversions to Maya and Glaxnimate
 * and --verify use) is the same cubic that sample evaluates: its tangents
 * are control values, not slopes. */
static void test_cubic_bezier_curve_agrees(void **state)
{
    (void)state;
    ak_key keys[] = {key_f(0, 0, AK_INTERP_CUBIC_BEZIER), key_f(2, 10, AK_INTERP_CUBIC_BEZIER),
                     key_f(3, 4, AK_INTERP_LINEAR)};
    keys[0].has_tangents = keys[1].has_tangents = keys[2].has_tangents = true;
    keys[0].out_tangent.f[0] = 8;  /* controls 8 and -3: an overshoot and a dip */
    keys[1].in_tangent.f[0] = -3;
    keys[1].out_tangent.f[0] = 12;
    keys[2].in_tangent.f[0] = 1;
    ak_track t = with_keys((ak_track){.type = AK_VT_FLOAT, .kind = AK_TRACK_CURVE}, keys, 3);
    ak_arena arena;
    ak_arena_init(&arena, 0);
    ak_curve c;
    assert_true(ak_curve_from_track(&t, 0, &arena, &c));
    for (double time = -0.5; time <= 3.5; time += 0.125)
        assert_true(fabs(ak_curve_eval(&c, time) - eval_f(&t, time)) < 1e-4);
    ak_arena_free(&arena);
}

static void test_deviation_quaternion_sign(void **state)
{
    (void)state;
    ak_key a[2], b[2], c[2];
    memset(a, 0, sizeof a);
    for (int k = 0; k < 2; k++) {
        double half = 0.4 * k + 0.1;
        a[k].time = k, a[k].interp = AK_INTERP_LINEAR;
        a[k].value.f[2] = (float)sin(half), a[k].value.f[3] = (float)cos(half); /* x y z w */
        b[k] = c[k] = a[k];
        for (int i = 0; i < 4; i++)
            b[k].value.f[i] = -a[k].value.f[i];
        c[k].value.f[2] = (float)sin(half + 0.05), c[k].value.f[3] = (float)cos(half + 0.05);
    }
    ak_track ta = with_keys((ak_track){.type = AK_VT_FLOATQ, .kind = AK_TRACK_CURVE}, a, 2);
    ak_track tb = with_keys(ta, b, 2), tc = with_keys(ta, c, 2);
    ak_arena arena;
    ak_arena_init(&arena, 0);
    double worst, at;
    assert_true(ak_track_deviation(&ta, &tb, &arena, &worst, &at));
    assert_true(worst < 1e-6); /* -q: the same rotation */
    /* a real difference is still seen, negated or not: |sin(h + 0.05) - sin(h)| at most 0.05 */
    for (int k = 0; k < 2; k++)
        for (int i = 0; i < 4; i++)
            c[k].value.f[i] = -c[k].value.f[i];
    tc = with_keys(tc, c, 2);
    assert_true(ak_track_deviation(&ta, &tc, &arena, &worst, &at));
    assert_true(worst > 0.01 && worst < 0.06);
    /* float4 is no rotation: component by component */
    ta.type = tb.type = AK_VT_FLOAT4;
    ta = with_keys(ta, a, 2);
    tb = with_keys(tb, b, 2);
    assert_true(ak_track_deviation(&ta, &tb, &arena, &worst, &at));
    assert_true(worst > 1.5);
    /* doubleQ the same (its values are doubles) */
    for (int k = 0; k < 2; k++) {
        double half = 0.3 * k;
        memset(&a[k].value, 0, sizeof a[k].value);
        memset(&b[k].value, 0, sizeof b[k].value);
        a[k].value.d[0] = sin(half), a[k].value.d[3] = cos(half);
        b[k].value.d[0] = -sin(half), b[k].value.d[3] = -cos(half);
    }
    ta.type = tb.type = AK_VT_DOUBLEQ;
    ta = with_keys(ta, a, 2);
    tb = with_keys(tb, b, 2);
    assert_true(ak_track_deviation(&ta, &tb, &arena, &worst, &at));
    assert_true(worst < 1e-12);
    ak_arena_free(&arena);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_linear_hold_and_ends), cmocka_unit_test(test_equal_times_later_wins),
        cmocka_unit_test(test_raw),                  cmocka_unit_test(test_cubic_bezier),
        cmocka_unit_test(test_bool_string_int),      cmocka_unit_test(test_quaternion_slerp),
        cmocka_unit_test(test_hermite_through_curves), cmocka_unit_test(test_deviation_quaternion_sign),
        cmocka_unit_test(test_cubic_bezier_curve_agrees),
    };
    return cmocka_run_group_tests(tests, NULL, free_keys);
}
