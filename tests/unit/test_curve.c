/* runtime/curve.c: segments, weights and infinity modes. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <cmocka.h>

#include <curve.h>

#include <math.h>

#define NEAR(a, b) assert_true(fabs((a) - (b)) < 1e-9)

static ak_curve_key key(double t, double v, ak_segment seg)
{
    ak_curve_key k = {t, v, 0, 0, 1.0 / 3, 1.0 / 3, false, false, seg};
    return k;
}

static void test_empty_and_single(void **state)
{
    (void)state;
    ak_curve c = {NULL, 0, AK_INF_CONSTANT, AK_INF_CONSTANT};
    NEAR(ak_curve_eval(&c, 3), 0);
    ak_curve_key k = key(1, 5, AK_SEG_HERMITE);
    k.in_slope = 2;
    k.out_slope = 3;
    c.keys = &k;
    c.count = 1;
    NEAR(ak_curve_eval(&c, -10), 5);
    NEAR(ak_curve_eval(&c, 10), 5);
    c.pre = c.post = AK_INF_LINEAR;
    NEAR(ak_curve_eval(&c, 0), 3);
    NEAR(ak_curve_eval(&c, 2), 8);
}

static void test_linear_step_stepnext(void **state)
{
    (void)state;
    ak_curve_key k[3] = {key(0, 0, AK_SEG_LINEAR), key(1, 10, AK_SEG_STEP), key(2, 20, AK_SEG_STEP_NEXT)};
    ak_curve c = {k, 3, AK_INF_CONSTANT, AK_INF_CONSTANT};
    NEAR(ak_curve_eval(&c, 0.25), 2.5);
    NEAR(ak_curve_eval(&c, 1), 10);
    NEAR(ak_curve_eval(&c, 1.999), 10);
    NEAR(ak_curve_eval(&c, 2), 20);
    NEAR(ak_curve_eval(&c, -1), 0);
    NEAR(ak_curve_eval(&c, 5), 20);
    k[0].segment = AK_SEG_STEP_NEXT;
    NEAR(ak_curve_eval(&c, 0), 0);
    NEAR(ak_curve_eval(&c, 0.001), 10);
}

static void test_hermite(void **state)
{
    (void)state;
    /* slopes of the straight line: the cubic is the line */
    ak_curve_key k[2] = {key(0, 0, AK_SEG_HERMITE), key(2, 4, AK_SEG_HERMITE)};
    k[0].out_slope = k[1].in_slope = 2;
    ak_curve c = {k, 2, AK_INF_CONSTANT, AK_INF_CONSTANT};
    NEAR(ak_curve_eval(&c, 0.5), 1);
    NEAR(ak_curve_eval(&c, 1.5), 3);
    /* flat tangents: smoothstep */
    k[0].out_slope = k[1].in_slope = 0;
    NEAR(ak_curve_eval(&c, 1), 2);
    NEAR(ak_curve_eval(&c, 0.5), 4 * (3 * 0.0625 - 2 * 0.015625));
}

static void test_weighted(void **state)
{
    (void)state;
    /* weights of 1/3 on a straight line give the line */
    ak_curve_key k[2] = {key(0, 0, AK_SEG_HERMITE), key(3, 3, AK_SEG_HERMITE)};
    k[0].out_slope = k[1].in_slope = 1;
    k[0].out_weighted = k[1].in_weighted = true;
    ak_curve c = {k, 2, AK_INF_CONSTANT, AK_INF_CONSTANT};
    NEAR(ak_curve_eval(&c, 1), 1);
    NEAR(ak_curve_eval(&c, 2.5), 2.5);
    /* flat tangents with 1/3 weights equal the non-weighted Hermite */
    k[0].out_slope = k[1].in_slope = 0;
    double weighted = ak_curve_eval(&c, 1.2);
    k[0].out_weighted = k[1].in_weighted = false;
    NEAR(weighted, ak_curve_eval(&c, 1.2));
    /* heavy weights stay a function of time and within the key values */
    k[0].out_weighted = k[1].in_weighted = true;
    k[0].out_weight = k[1].in_weight = 1;
    for (double t = 0; t <= 3; t += 0.01) {
        double v = ak_curve_eval(&c, t);
        assert_true(v >= -1e-9 && v <= 3 + 1e-9);
    }
    NEAR(ak_curve_eval(&c, 1.5), 1.5);
}

static void test_infinity(void **state)
{
    (void)state;
    ak_curve_key k[2] = {key(0, 0, AK_SEG_LINEAR), key(2, 4, AK_SEG_LINEAR)};
    k[0].in_slope = k[1].out_slope = 2;
    ak_curve c = {k, 2, AK_INF_LINEAR, AK_INF_LINEAR};
    NEAR(ak_curve_eval(&c, -1), -2);
    NEAR(ak_curve_eval(&c, 3), 6);
    c.pre = c.post = AK_INF_CYCLE;
    NEAR(ak_curve_eval(&c, 3), 2);
    NEAR(ak_curve_eval(&c, -1), 2);
    NEAR(ak_curve_eval(&c, 4.5), 1);
    c.pre = c.post = AK_INF_CYCLE_RELATIVE;
    NEAR(ak_curve_eval(&c, 3), 6);
    NEAR(ak_curve_eval(&c, -1), -2);
    NEAR(ak_curve_eval(&c, 5), 10);
    c.pre = c.post = AK_INF_OSCILLATE;
    NEAR(ak_curve_eval(&c, 2.5), 3);
    NEAR(ak_curve_eval(&c, 4.5), 1);
    NEAR(ak_curve_eval(&c, -0.5), 1);
    NEAR(ak_curve_eval(&c, -2.5), 3);
}

static void test_equal_times(void **state)
{
    (void)state;
    ak_curve_key k[3] = {key(0, 0, AK_SEG_LINEAR), key(1, 5, AK_SEG_LINEAR), key(1, 7, AK_SEG_LINEAR)};
    ak_curve c = {k, 3, AK_INF_CONSTANT, AK_INF_CONSTANT};
    NEAR(ak_curve_eval(&c, 1), 7);
    NEAR(ak_curve_eval(&c, 0.5), 2.5);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_empty_and_single), cmocka_unit_test(test_linear_step_stepnext),
        cmocka_unit_test(test_hermite),          cmocka_unit_test(test_weighted),
        cmocka_unit_test(test_infinity),         cmocka_unit_test(test_equal_times),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
