/* Tests for runtime/numbers.c: decimal <-> binary conversions.
 *
 * Known hard cases, long and hostile inputs, then randomized comparisons with
 * glibc in the C locale (strtod/strtof are correctly rounded, printf prints
 * the exact binary value correctly rounded).
 *
 * Randomized counts: 1,000,000 per family by default. Under AddressSanitizer
 * (detected at compile time) the default is half of that, to keep the
 * sanitizer run short; AK_TEST_SCALE=<factor> multiplies the default counts
 * either way (e.g. AK_TEST_SCALE=10 for a long soak, 0.01 for a smoke run).
 * AK_TEST_SEED=<n> changes the random seed (the default is fixed). */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <float.h>
#include <inttypes.h>
#include <locale.h>
#include <math.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "numbers.h"

#if defined(__SANITIZE_ADDRESS__)
#define AK_SANITIZED 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer) || __has_feature(memory_sanitizer)
#define AK_SANITIZED 1
#endif
#endif
#ifndef AK_SANITIZED
#define AK_SANITIZED 0
#endif

/* ---------------------------------------------------------------------- */
/* helpers                                                                 */

static uint64_t rng_state = 0x9E3779B97F4A7C15u;

static uint64_t rnd64(void)
{
    /* xorshift64* */
    rng_state ^= rng_state >> 12;
    rng_state ^= rng_state << 25;
    rng_state ^= rng_state >> 27;
    return rng_state * 0x2545F4914F6CDD1Du;
}

static unsigned rnd_below(unsigned n)
{
    return (unsigned)(rnd64() % n);
}

static long scaled_count(long base)
{
    double scale = AK_SANITIZED ? 0.5 : 1.0;
    const char *env = getenv("AK_TEST_SCALE");
    if (env && *env)
        scale *= atof(env);
    long n = (long)((double)base * scale);
    return n < 1 ? 1 : n;
}

static uint64_t bits64(double v)
{
    uint64_t b;
    memcpy(&b, &v, sizeof b);
    return b;
}

static uint32_t bits32(float v)
{
    uint32_t b;
    memcpy(&b, &v, sizeof b);
    return b;
}

static double from_bits64(uint64_t b)
{
    double v;
    memcpy(&v, &b, sizeof v);
    return v;
}

static float from_bits32(uint32_t b)
{
    float v;
    memcpy(&v, &b, sizeof v);
    return v;
}

static ak_num_status p64(const char *s, double *v)
{
    return ak_parse_f64(s, strlen(s), v);
}

static ak_num_status p32(const char *s, float *v)
{
    return ak_parse_f32(s, strlen(s), v);
}

static void report_failure(const char *what, const char *input, const char *got, const char *want)
{
    print_error("%s: input '%s': got %s, want %s\n", what, input, got, want);
    fail();
}

static void expect_f64(const char *s, uint64_t want_bits, ak_num_status want_st)
{
    double v = -1.0;
    ak_num_status st = p64(s, &v);
    if (bits64(v) != want_bits || st != want_st) {
        char g[64], w[64];
        snprintf(g, sizeof g, "%016" PRIx64 " st %d", bits64(v), (int)st);
        snprintf(w, sizeof w, "%016" PRIx64 " st %d", want_bits, (int)want_st);
        report_failure("parse_f64", s, g, w);
    }
    /* glibc agrees */
    double ref = strtod(s, NULL);
    assert_true(bits64(ref) == want_bits);
}

static void expect_f32(const char *s, uint32_t want_bits, ak_num_status want_st)
{
    float v = -1.0f;
    ak_num_status st = p32(s, &v);
    if (bits32(v) != want_bits || st != want_st) {
        char g[64], w[64];
        snprintf(g, sizeof g, "%08" PRIx32 " st %d", bits32(v), (int)st);
        snprintf(w, sizeof w, "%08" PRIx32 " st %d", want_bits, (int)want_st);
        report_failure("parse_f32", s, g, w);
    }
    float ref = strtof(s, NULL);
    assert_true(bits32(ref) == want_bits);
}

/* compares ak_parse_f64/f32 with strtod/strtof on a NUL-terminated string */
static void check_against_libc(const char *s)
{
    double d = 0, rd = strtod(s, NULL);
    float f = 0, rf = strtof(s, NULL);
    ak_num_status sd = p64(s, &d), sf = p32(s, &f);
    if (bits64(d) != bits64(rd)) {
        char g[64], w[64];
        snprintf(g, sizeof g, "%.17g", d);
        snprintf(w, sizeof w, "%.17g", rd);
        report_failure("parse_f64 vs strtod", s, g, w);
    }
    if (bits32(f) != bits32(rf)) {
        char g[64], w[64];
        snprintf(g, sizeof g, "%.9g", (double)f);
        snprintf(w, sizeof w, "%.9g", (double)rf);
        report_failure("parse_f32 vs strtof", s, g, w);
    }
    assert_int_equal(sd, isinf(rd) ? AK_NUM_RANGE : AK_NUM_OK);
    assert_int_equal(sf, isinf(rf) ? AK_NUM_RANGE : AK_NUM_OK);
}

/* ---------------------------------------------------------------------- */
/* parsing: known cases                                                    */

static void test_parse_f64_known(void **state)
{
    (void)state;
    expect_f64("0", 0, AK_NUM_OK);
    expect_f64("-0", 0x8000000000000000u, AK_NUM_OK);
    expect_f64("-0.0e0", 0x8000000000000000u, AK_NUM_OK);
    expect_f64("1", 0x3ff0000000000000u, AK_NUM_OK);
    expect_f64("0.1", 0x3fb999999999999au, AK_NUM_OK);
    expect_f64("1e23", 0x44b52d02c7e14af6u, AK_NUM_OK);
    expect_f64("8.98846567431158e307", 0x7fe0000000000000u, AK_NUM_OK);
    /* around the smallest normal */
    expect_f64("2.2250738585072011e-308", 0x000fffffffffffffu, AK_NUM_OK);
    expect_f64("2.2250738585072012e-308", 0x0010000000000000u, AK_NUM_OK);
    expect_f64("2.2250738585072014e-308", 0x0010000000000000u, AK_NUM_OK);
    /* 2^53 + 1 and 2^53 + 3: ties to even */
    expect_f64("9007199254740993", 0x4340000000000000u, AK_NUM_OK);
    expect_f64("9007199254740995", 0x4340000000000002u, AK_NUM_OK);
    expect_f64("9007199254740993.0000000000000000000000000001", 0x4340000000000001u,
               AK_NUM_OK);
    /* subnormals */
    expect_f64("4.9e-324", 0x0000000000000001u, AK_NUM_OK);
    expect_f64("5e-324", 0x0000000000000001u, AK_NUM_OK);
    expect_f64("2.4703282292062327e-324", 0, AK_NUM_OK);
    expect_f64("2.4703282292062328e-324", 0x0000000000000001u, AK_NUM_OK);
    expect_f64("1e-400", 0, AK_NUM_OK);
    expect_f64("-1e-400", 0x8000000000000000u, AK_NUM_OK);
    /* the top */
    expect_f64("1.7976931348623157e308", 0x7fefffffffffffffu, AK_NUM_OK);
    expect_f64("1.7976931348623158e308", 0x7fefffffffffffffu, AK_NUM_OK);
    expect_f64("1.7976931348623159e308", 0x7ff0000000000000u, AK_NUM_RANGE);
    expect_f64("-1.7976931348623159e308", 0xfff0000000000000u, AK_NUM_RANGE);
    expect_f64("1e309", 0x7ff0000000000000u, AK_NUM_RANGE);
}

static void test_parse_f32_known(void **state)
{
    (void)state;
    expect_f32("0", 0, AK_NUM_OK);
    expect_f32("-0", 0x80000000u, AK_NUM_OK);
    expect_f32("1", 0x3f800000u, AK_NUM_OK);
    expect_f32("0.1", 0x3dcccccdu, AK_NUM_OK);
    /* just above a halfway point: 2^33 + 37.5 ulp */
    expect_f32("8.589973e9", 0x50000026u, AK_NUM_OK);
    /* 1 + 2^-24 is the halfway point: below, at, above */
    expect_f32("1.000000059604644775390625", 0x3f800000u, AK_NUM_OK);
    expect_f32("1.00000005960464477539", 0x3f800000u, AK_NUM_OK);
    expect_f32("1.00000005960464477550", 0x3f800001u, AK_NUM_OK);
    expect_f32("1.0000000596046447753906250000000000000000001", 0x3f800001u, AK_NUM_OK);
    expect_f32("1.0000000596046447753906249999999999999999999", 0x3f800000u, AK_NUM_OK);
    /* double rounding through a double would give 0x15ae43fe */
    expect_f32("7.038531e-26", 0x15ae43fdu, AK_NUM_OK);
    /* subnormals */
    expect_f32("1.4e-45", 0x00000001u, AK_NUM_OK);
    expect_f32("1e-45", 0x00000001u, AK_NUM_OK);
    expect_f32("7.006492321624085e-46", 0, AK_NUM_OK);
    expect_f32("7.006492321624086e-46", 0x00000001u, AK_NUM_OK);
    expect_f32("1.1754942e-38", 0x007fffffu, AK_NUM_OK);
    expect_f32("1.17549435e-38", 0x00800000u, AK_NUM_OK);
    /* the top: FLT_MAX, the halfway point to 2^128 is 3.40282356779...e38 */
    expect_f32("3.4028235e38", 0x7f7fffffu, AK_NUM_OK);
    expect_f32("3.4028235677973366e38", 0x7f7fffffu, AK_NUM_OK);
    expect_f32("340282356779733661637539395458142568447", 0x7f7fffffu, AK_NUM_OK);
    expect_f32("340282356779733661637539395458142568448", 0x7f800000u, AK_NUM_RANGE);
    expect_f32("3.4028236e38", 0x7f800000u, AK_NUM_RANGE);
    expect_f32("3.40282357e38", 0x7f800000u, AK_NUM_RANGE);
    expect_f32("-3.40282357e38", 0xff800000u, AK_NUM_RANGE);
    expect_f32("1e39", 0x7f800000u, AK_NUM_RANGE);
    expect_f32("1e-50", 0, AK_NUM_OK);
    /* 2^24 + 1: a tie, exact in a double */
    expect_f32("16777217", 0x4b800000u, AK_NUM_OK);
    expect_f32("16777219", 0x4b800002u, AK_NUM_OK);
    expect_f32("16777217.000000000001", 0x4b800001u, AK_NUM_OK);
}

static void test_parse_fast_path_edges(void **state)
{
    (void)state;
    const char *cases[] = {
        "9007199254740992", "9007199254740992e22", "9007199254740992e23",
        "9007199254740993e22", "1e22", "1e-22", "1e23", "1e-23", "123456789e30",
        "1e37", "1e38", "16777216e10", "16777217e10", "16777216e-10", "16777216e17",
        "3e10", "3e11", "3e17", "3e18", "9e15", "4503599627370497.5",
        "0.000000000000000000000000000000000000000000001", "1.17549435082228750797e-38",
        "2.2250738585072013830902327173324040642192159804623318306e-308",
        "179769313486231580793728971405303415079934132710037826936173778980444968292764750946649017977587207096330286416692887910946555547851940402630657488671505820681908902000708383676273854845817711531764475730270069855571366959622842914819860834936475292719074168444365510704342711559699508093042880177904174497791",
        "179769313486231580793728971405303415079934132710037826936173778980444968292764750946649017977587207096330286416692887910946555547851940402630657488671505820681908902000708383676273854845817711531764475730270069855571366959622842914819860834936475292719074168444365510704342711559699508093042880177904174497792",
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++)
        check_against_libc(cases[i]);
}

/* Short decimals of more digits than a float holds (a float written as a
 * double: "0.0333333333"): read through the correctly rounded double, which
 * gives the nearest float unless the double is itself halfway between two
 * floats; those (16777217, and decimals near them) and random ones of 8 to
 * 19 digits against strtof. */
static void test_parse_f32_short_decimals(void **state)
{
    (void)state;
    const char *cases[] = {
        "16777217", "16777219", "33554434", "33554438", "9007199254740993", "9007199254740992",
        "0.0333333333", "0.16666666666666666", "1.0000000596046448", "1.0000000596046447",
        "1.0000000596046449", "16777217.000000001", "16777216.999999999", "0.1000000000000000055",
        "3.4028235677973366", "0.0000000000000000000001", "1234567890123456789",
        "-2.7500000027500002", "-0.0333333333", "33554433.5",
        /* within half a double's ulp of a float midpoint, not on it: the
           double is the midpoint, and only the full reading is right */
        "0.6619164049625397", "0.5241431891918182", "0.7679410278797150",
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++)
        check_against_libc(cases[i]);
    /* every float midpoint that is an integer below 2^53, near the binade edges */
    for (int e = 24; e < 53; e++)
        for (uint64_t k = 0; k < 4; k++) {
            uint64_t lo = ((uint64_t)1 << e) + (k << (e - 23)), mid = lo + ((uint64_t)1 << (e - 24));
            char buf[32];
            snprintf(buf, sizeof buf, "%llu", (unsigned long long)mid);
            check_against_libc(buf);
            snprintf(buf, sizeof buf, "%llu", (unsigned long long)(mid - 1));
            check_against_libc(buf);
        }
    long n = scaled_count(200000);
    for (long i = 0; i < n; i++) {
        int digits = 8 + (int)(rnd64() % 12), point = (int)(rnd64() % (uint64_t)(digits + 1));
        char buf[40];
        size_t k = 0;
        if (rnd64() & 1)
            buf[k++] = '-';
        for (int j = 0; j < digits; j++) {
            if (j == point && j > 0)
                buf[k++] = '.';
            buf[k++] = (char)('0' + rnd64() % 10);
        }
        buf[k] = 0;
        check_against_libc(buf);
    }
}

/* Whether s[0..n) is [-]digits[.digits] (either run may be empty, not both):
 * the literals of this alphabet that the parsers take. */
static bool plain_literal(const char *s, size_t n)
{
    size_t i = n && s[0] == '-', digits = 0;
    bool point = false;
    for (; i < n; i++) {
        if (s[i] >= '0' && s[i] <= '9')
            digits++;
        else if (s[i] == '.' && !point)
            point = true;
        else
            return false;
    }
    return digits > 0;
}

/* Literals of 1 to 21 bytes of digits, points, minus signs and bytes next to
 * the digits in value ('/', ':', 0xb0-0xb9, whose low bits are a digit's,
 * NUL), each in a buffer of exactly its size (ASan: the short path reads
 * them 8 bytes at a time and must stay inside), against strtod/strtof. */
static void test_parse_short_literal_words(void **state)
{
    (void)state;
    static const char other[] = {'.', '-', '/', ':', (char)0xb0, (char)0xb5, (char)0xb9, 0};
    long count = scaled_count(300000);
    for (long t = 0; t < count; t++) {
        size_t n = 1 + rnd_below(21);
        char *s = malloc(n), z[32];
        assert_non_null(s);
        bool odd = rnd_below(4) == 0; /* a byte of `other` in one literal of four */
        for (size_t i = 0; i < n; i++)
            s[i] = (char)('0' + rnd_below(10));
        if (rnd_below(2))
            s[0] = '-';
        if (n > 1 && rnd_below(4))
            s[1 + rnd_below((unsigned)n - 1)] = '.';
        if (odd && n > 1)
            s[rnd_below((unsigned)n)] = other[rnd_below(sizeof other)];
        memcpy(z, s, n);
        z[n] = 0;
        double d = -1;
        float f = -1;
        ak_num_status sd = ak_parse_f64(s, n, &d), sf = ak_parse_f32(s, n, &f);
        if (!plain_literal(s, n)) {
            if (sd != AK_NUM_SYNTAX || sf != AK_NUM_SYNTAX)
                report_failure("short literal", z, "accepted", "AK_NUM_SYNTAX");
        } else if (sd != AK_NUM_OK || sf != AK_NUM_OK || bits64(d) != bits64(strtod(z, NULL)) ||
                   bits32(f) != bits32(strtof(z, NULL))) {
            char g[64], w[64];
            snprintf(g, sizeof g, "%.17g %.9g st %d %d", d, (double)f, (int)sd, (int)sf);
            snprintf(w, sizeof w, "%.17g %.9g", strtod(z, NULL), (double)strtof(z, NULL));
            report_failure("short literal", z, g, w);
        }
        free(s);
    }
}

static void test_parse_syntax(void **state)
{
    (void)state;
    const char *bad[] = {
        "", "+", "-", ".", "+.", "-.", "e5", ".e5", "1e", "1e+", "1e-", "1.2.3", " 1", "1 ",
        "0x10", "inf", "-inf", "nan", "NaN", "infinity", "1e5.5", "--1", "+-1", "1,5",
        "1e+-5", "1..2", "1.e", "e", "E1", "1f", "1d", "\xd9\xa1", "1\n", "1e5e5", "++1",
        "1_000", "0b1", "- 1",
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        double d = 1;
        float f = 1;
        if (ak_parse_f64(bad[i], strlen(bad[i]), &d) != AK_NUM_SYNTAX)
            report_failure("syntax f64", bad[i], "accepted", "AK_NUM_SYNTAX");
        if (ak_parse_f32(bad[i], strlen(bad[i]), &f) != AK_NUM_SYNTAX)
            report_failure("syntax f32", bad[i], "accepted", "AK_NUM_SYNTAX");
    }
    struct { const char *s; double v; } good[] = {
        {"1.", 1.0}, {".5", 0.5}, {"+.5e-3", 0.0005}, {"1.E5", 1e5}, {"00012", 12.0},
        {"-0.0e0", -0.0}, {"1e0", 1.0}, {"1E+2", 100.0}, {"0.", 0.0}, {"+0", 0.0},
        {"000.000e-0000", 0.0}, {"1e-0", 1.0}, {"1e00000000000000000000000000002", 100.0},
    };
    for (size_t i = 0; i < sizeof good / sizeof good[0]; i++) {
        double d;
        float f;
        assert_int_equal(ak_parse_f64(good[i].s, strlen(good[i].s), &d), AK_NUM_OK);
        assert_true(bits64(d) == bits64(good[i].v));
        assert_int_equal(ak_parse_f32(good[i].s, strlen(good[i].s), &f), AK_NUM_OK);
        assert_true(bits32(f) == bits32((float)good[i].v));
    }
    /* the span is exactly n bytes, no NUL needed */
    double d;
    float f;
    assert_int_equal(ak_parse_f64("1.5xyz", 3, &d), AK_NUM_OK);
    assert_true(d == 1.5);
    assert_int_equal(ak_parse_f64("12345", 2, &d), AK_NUM_OK);
    assert_true(d == 12.0);
    assert_int_equal(ak_parse_f64("1e5", 2, &d), AK_NUM_SYNTAX);
    assert_int_equal(ak_parse_f32("2.5e1", 3, &f), AK_NUM_OK);
    assert_true(f == 2.5f);
    assert_int_equal(ak_parse_f64("", 0, &d), AK_NUM_SYNTAX);
}

/* ---------------------------------------------------------------------- */
/* parsing: huge exponents and long inputs                                 */

static void test_parse_huge_exponents(void **state)
{
    (void)state;
    expect_f64("1e999999999999", 0x7ff0000000000000u, AK_NUM_RANGE);
    expect_f64("1e-999999999999", 0, AK_NUM_OK);
    expect_f64("-1e-999999999999", 0x8000000000000000u, AK_NUM_OK);
    expect_f64("1e99999999999999999999999999999999999999", 0x7ff0000000000000u, AK_NUM_RANGE);
    expect_f64("1e-99999999999999999999999999999999999999", 0, AK_NUM_OK);
    expect_f64("0e99999999999999999999999999999999999999", 0, AK_NUM_OK);
    expect_f64("-0e99999999999999999999999999999999999999", 0x8000000000000000u, AK_NUM_OK);
    expect_f32("1e999999999999", 0x7f800000u, AK_NUM_RANGE);
    expect_f32("1e-999999999999", 0, AK_NUM_OK);
    expect_f32("-1e99999999999999999999999", 0xff800000u, AK_NUM_RANGE);
    expect_f64("9223372036854775807e9223372036854775807", 0x7ff0000000000000u, AK_NUM_RANGE);
    expect_f64("1e9223372036854775808", 0x7ff0000000000000u, AK_NUM_RANGE);
    expect_f64("1e-9223372036854775809", 0, AK_NUM_OK);
    expect_f64("1e+2147483648", 0x7ff0000000000000u, AK_NUM_RANGE);
    expect_f64("1e-2147483649", 0, AK_NUM_OK);
    expect_f64("1e4294967296", 0x7ff0000000000000u, AK_NUM_RANGE);
    expect_f64("1e-4294967296", 0, AK_NUM_OK);
}

/* builds s = prefix + (n copies of c) + suffix in a malloc'd buffer */
static char *build(const char *prefix, char c, size_t n, const char *suffix, size_t *len)
{
    size_t lp = strlen(prefix), ls = strlen(suffix);
    char *s = malloc(lp + n + ls + 1);
    assert_non_null(s);
    memcpy(s, prefix, lp);
    memset(s + lp, c, n);
    memcpy(s + lp + n, suffix, ls + 1);
    *len = lp + n + ls;
    return s;
}

static void test_parse_long_inputs(void **state)
{
    (void)state;
    size_t n;
    double d;
    float f;
    char *s;

    /* 2^53 + 1 followed by many zeros: a tie; a late 1 breaks it */
    s = build("9007199254740993.", '0', 5000, "", &n);
    assert_int_equal(ak_parse_f64(s, n, &d), AK_NUM_OK);
    assert_true(bits64(d) == 0x4340000000000000u);
    free(s);
    s = build("9007199254740993.", '0', 5000, "1", &n);
    assert_int_equal(ak_parse_f64(s, n, &d), AK_NUM_OK);
    assert_true(bits64(d) == 0x4340000000000001u);
    check_against_libc(s);
    free(s);
    s = build("9007199254740992.", '9', 5000, "", &n);
    assert_int_equal(ak_parse_f64(s, n, &d), AK_NUM_OK);
    assert_true(bits64(d) == 0x4340000000000000u);
    free(s);
    /* same for a float: 2^24 + 1 */
    s = build("16777217.", '0', 3000, "", &n);
    assert_int_equal(ak_parse_f32(s, n, &f), AK_NUM_OK);
    assert_true(bits32(f) == 0x4b800000u);
    free(s);
    s = build("16777217.", '0', 3000, "1", &n);
    assert_int_equal(ak_parse_f32(s, n, &f), AK_NUM_OK);
    assert_true(bits32(f) == 0x4b800001u);
    free(s);

    /* leading zeros do not count */
    s = build("0.", '0', 100000, "1e100002", &n);
    assert_int_equal(ak_parse_f64(s, n, &d), AK_NUM_OK);
    assert_true(d == 10.0);
    assert_int_equal(ak_parse_f32(s, n, &f), AK_NUM_OK);
    assert_true(f == 10.0f);
    free(s);
    s = build("", '0', 100000, "", &n);
    assert_int_equal(ak_parse_f64(s, n, &d), AK_NUM_OK);
    assert_true(bits64(d) == 0);
    free(s);

    /* 10 MB of digits: 1000...0e-N is exactly 1 */
    size_t big = 10u * 1000u * 1000u;
    char suffix[32];
    snprintf(suffix, sizeof suffix, "e-%zu", big);
    s = build("1", '0', big, suffix, &n);
    assert_int_equal(ak_parse_f64(s, n, &d), AK_NUM_OK);
    assert_true(d == 1.0);
    assert_int_equal(ak_parse_f32(s, n, &f), AK_NUM_OK);
    assert_true(f == 1.0f);
    free(s);
    /* ... and 9999...9e-N rounds to 1 */
    s = build("", '9', big, suffix, &n);
    assert_int_equal(ak_parse_f64(s, n, &d), AK_NUM_OK);
    assert_true(d == 1.0);
    free(s);
    s = build("1", '0', big, "", &n);
    assert_int_equal(ak_parse_f64(s, n, &d), AK_NUM_RANGE);
    assert_true(isinf(d));
    free(s);
    s = build("0.", '0', big, "1", &n);
    assert_int_equal(ak_parse_f64(s, n, &d), AK_NUM_OK);
    assert_true(bits64(d) == 0);
    free(s);

    /* random long digit strings against strtod/strtof */
    char buf[2200];
    for (int iter = 0; iter < 300; iter++) {
        int len = 20 + (int)rnd_below(2000);
        int p = 0;
        buf[p++] = (char)('1' + rnd_below(9));
        for (int i = 1; i < len; i++)
            buf[p++] = (char)('0' + rnd_below(10));
        if (iter % 3 == 0) /* long runs of zeros or nines near a boundary */
            memset(buf + 17 + rnd_below(3), rnd_below(2) ? '0' : '9', (size_t)len - 20);
        snprintf(buf + p, sizeof buf - (size_t)p, "e%d", (int)rnd_below(700) - 350 - len);
        check_against_libc(buf);
    }
}

/* Exact decimal expansions of halfway points (and their neighbours):
 * the midpoint of two adjacent doubles is exact in x87 long double, of two
 * floats in a double; printf prints them exactly. */
static void check_halfway_f64(uint64_t lo_bits)
{
#if LDBL_MANT_DIG >= 64 && LDBL_MAX_EXP > 1024
    double lo = from_bits64(lo_bits), hi = from_bits64(lo_bits + 1);
    long double mid = isinf(hi) ? (long double)lo + ldexpl(1.0L, 970) : ((long double)lo + hi) / 2;
    char buf[1200];
    int n = snprintf(buf, sizeof buf, "%.800Le", mid);
    assert_true(n > 0 && n < (int)sizeof buf);
    double want_tie = (lo_bits & 1) ? hi : lo;
    double v;
    ak_num_status st = p64(buf, &v);
    assert_true(bits64(v) == bits64(want_tie));
    assert_int_equal(st, isinf(want_tie) ? AK_NUM_RANGE : AK_NUM_OK);
    /* digits 5000...0 followed by a 1 / the one before minus one */
    char *e = strchr(buf, 'e');
    char tail[16];
    snprintf(tail, sizeof tail, "%s", e);
    char *last = e - 1;
    while (*last == '0')
        last--;
    char up[1300];
    snprintf(up, sizeof up, "%.*s%s1%s", (int)(last - buf + 1), buf, "0000000", tail);
    assert_int_equal(p64(up, &v), isinf(hi) ? AK_NUM_RANGE : AK_NUM_OK);
    assert_true(bits64(v) == bits64(hi));
    /* below: decrement the last non-zero digit and append nines */
    char down[1300];
    snprintf(down, sizeof down, "%.*s", (int)(last - buf + 1), buf);
    down[last - buf]--;
    size_t dl = strlen(down);
    snprintf(down + dl, sizeof down - dl, "999999999%s", tail);
    assert_int_equal(p64(down, &v), AK_NUM_OK);
    assert_true(bits64(v) == bits64(lo));
#else
    (void)lo_bits;
#endif
}

static void check_halfway_f32(uint32_t lo_bits)
{
    float lo = from_bits32(lo_bits), hi = from_bits32(lo_bits + 1);
    double mid = isinf(hi) ? (double)lo + ldexp(1.0, 103) : ((double)lo + hi) / 2;
    char buf[400];
    snprintf(buf, sizeof buf, "%.200e", mid);
    float want_tie = (lo_bits & 1) ? hi : lo;
    float v;
    ak_num_status st = p32(buf, &v);
    assert_true(bits32(v) == bits32(want_tie));
    assert_int_equal(st, isinf(want_tie) ? AK_NUM_RANGE : AK_NUM_OK);
    char *e = strchr(buf, 'e');
    char *last = e - 1;
    while (*last == '0')
        last--;
    char up[500];
    snprintf(up, sizeof up, "%.*s00000000000000000000001%s", (int)(last - buf + 1), buf, e);
    assert_int_equal(p32(up, &v), isinf(hi) ? AK_NUM_RANGE : AK_NUM_OK);
    assert_true(bits32(v) == bits32(hi));
    char down[500];
    snprintf(down, sizeof down, "%.*s", (int)(last - buf + 1), buf);
    down[last - buf]--;
    size_t dl = strlen(down);
    snprintf(down + dl, sizeof down - dl, "99999999999999999999%s", e);
    assert_int_equal(p32(down, &v), AK_NUM_OK);
    assert_true(bits32(v) == bits32(lo));
}

static void test_parse_halfway_points(void **state)
{
    (void)state;
    /* the smallest, around the normal boundary, the largest */
    const uint64_t fixed64[] = {0, 1, 2, 3, 0x000ffffffffffffeu, 0x000fffffffffffffu,
                                0x0010000000000000u, 0x3fefffffffffffffu, 0x3ff0000000000000u,
                                0x433fffffffffffffu, 0x4340000000000000u, 0x7feffffffffffffeu,
                                0x7fefffffffffffffu};
    for (size_t i = 0; i < sizeof fixed64 / sizeof fixed64[0]; i++)
        check_halfway_f64(fixed64[i]);
    const uint32_t fixed32[] = {0, 1, 2, 0x007ffffeu, 0x007fffffu, 0x00800000u, 0x3f7fffffu,
                                0x3f800000u, 0x4b7fffffu, 0x4b800000u, 0x7f7ffffeu, 0x7f7fffffu};
    for (size_t i = 0; i < sizeof fixed32 / sizeof fixed32[0]; i++)
        check_halfway_f32(fixed32[i]);
    long n = scaled_count(3000);
    for (long i = 0; i < n; i++) {
        check_halfway_f64(rnd64() % 0x7fefffffffffffffu);
        check_halfway_f32((uint32_t)(rnd64() % 0x7f7fffffu));
    }
}

/* ---------------------------------------------------------------------- */
/* integers                                                                */

static void test_parse_integers(void **state)
{
    (void)state;
    struct { const char *s; int64_t v; ak_num_status st; } i64[] = {
        {"0", 0, AK_NUM_OK}, {"-0", 0, AK_NUM_OK}, {"+7", 7, AK_NUM_OK},
        {"9223372036854775807", INT64_MAX, AK_NUM_OK},
        {"9223372036854775808", INT64_MAX, AK_NUM_RANGE},
        {"-9223372036854775808", INT64_MIN, AK_NUM_OK},
        {"-9223372036854775809", INT64_MIN, AK_NUM_RANGE},
        {"18446744073709551616", INT64_MAX, AK_NUM_RANGE},
        {"-99999999999999999999999999999999", INT64_MIN, AK_NUM_RANGE},
        {"00000000000000000000000000000000000000012", 12, AK_NUM_OK},
        {"-000000000000000000000000000009223372036854775808", INT64_MIN, AK_NUM_OK},
    };
    for (size_t i = 0; i < sizeof i64 / sizeof i64[0]; i++) {
        int64_t v = 42;
        assert_int_equal(ak_parse_i64(i64[i].s, strlen(i64[i].s), &v), i64[i].st);
        assert_true(v == i64[i].v);
    }
    struct { const char *s; uint64_t v; ak_num_status st; } u64[] = {
        {"0", 0, AK_NUM_OK}, {"-0", 0, AK_NUM_OK}, {"-000", 0, AK_NUM_OK}, {"+7", 7, AK_NUM_OK},
        {"18446744073709551615", UINT64_MAX, AK_NUM_OK},
        {"18446744073709551616", UINT64_MAX, AK_NUM_RANGE},
        {"184467440737095516150", UINT64_MAX, AK_NUM_RANGE},
        {"-1", 0, AK_NUM_RANGE},
        {"-18446744073709551616", 0, AK_NUM_RANGE},
        {"0000000000000000000000000000018446744073709551615", UINT64_MAX, AK_NUM_OK},
    };
    for (size_t i = 0; i < sizeof u64 / sizeof u64[0]; i++) {
        uint64_t v = 42;
        assert_int_equal(ak_parse_u64(u64[i].s, strlen(u64[i].s), &v), u64[i].st);
        assert_true(v == u64[i].v);
    }
    const char *bad[] = {"", "+", "-", "1.0", "1e3", " 1", "1 ", "0x1", "--1", "1-",
                         "99999999999999999999999999x", "-99999999999999999999999999x", "١"};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        int64_t a;
        uint64_t b;
        if (ak_parse_i64(bad[i], strlen(bad[i]), &a) != AK_NUM_SYNTAX)
            report_failure("syntax i64", bad[i], "accepted", "AK_NUM_SYNTAX");
        if (ak_parse_u64(bad[i], strlen(bad[i]), &b) != AK_NUM_SYNTAX)
            report_failure("syntax u64", bad[i], "accepted", "AK_NUM_SYNTAX");
    }
    int64_t v;
    assert_int_equal(ak_parse_i64("123456", 3, &v), AK_NUM_OK);
    assert_true(v == 123);

    /* format and parse back, against printf */
    char buf[AK_NUM_BUFSIZE], ref[64];
    const int64_t edge[] = {0, 1, -1, 9, 10, 99, 100, INT64_MAX, INT64_MIN, INT64_MIN + 1};
    for (size_t i = 0; i < sizeof edge / sizeof edge[0]; i++) {
        size_t n = ak_format_i64(edge[i], buf);
        snprintf(ref, sizeof ref, "%" PRId64, edge[i]);
        assert_string_equal(buf, ref);
        assert_int_equal(n, strlen(ref));
    }
    assert_int_equal(ak_format_u64(UINT64_MAX, buf), 20);
    assert_string_equal(buf, "18446744073709551615");
    long count = scaled_count(200000);
    for (long i = 0; i < count; i++) {
        uint64_t r = rnd64() >> rnd_below(64);
        int64_t s = (int64_t)(rnd64() >> rnd_below(64)) * (rnd64() & 1 ? -1 : 1);
        size_t n = ak_format_u64(r, buf);
        snprintf(ref, sizeof ref, "%" PRIu64, r);
        assert_string_equal(buf, ref);
        uint64_t back;
        assert_int_equal(ak_parse_u64(buf, n, &back), AK_NUM_OK);
        assert_true(back == r);
        n = ak_format_i64(s, buf);
        snprintf(ref, sizeof ref, "%" PRId64, s);
        assert_string_equal(buf, ref);
        int64_t sback;
        assert_int_equal(ak_parse_i64(buf, n, &sback), AK_NUM_OK);
        assert_true(sback == s);
    }
}

/* ---------------------------------------------------------------------- */
/* shortest and formatting: fixed cases                                    */

static void expect_format64(double v, const char *want)
{
    char buf[AK_NUM_BUFSIZE];
    size_t n = ak_format_f64(v, buf);
    if (strcmp(buf, want) != 0) {
        char in[64];
        snprintf(in, sizeof in, "%.17g", v);
        report_failure("format_f64", in, buf, want);
    }
    assert_int_equal(n, strlen(want));
}

static void expect_format32(float v, const char *want)
{
    char buf[AK_NUM_BUFSIZE];
    size_t n = ak_format_f32(v, buf);
    if (strcmp(buf, want) != 0) {
        char in[64];
        snprintf(in, sizeof in, "%.9g", (double)v);
        report_failure("format_f32", in, buf, want);
    }
    assert_int_equal(n, strlen(want));
}

static void test_format_known(void **state)
{
    (void)state;
    expect_format64(0.0, "0");
    expect_format64(-0.0, "-0");
    expect_format64(0.1, "0.1");
    expect_format64(1.5, "1.5");
    expect_format64(3.0, "3");
    expect_format64(100.0, "100");
    expect_format64(-0.0001, "-0.0001");
    expect_format64(0.3, "0.3");
    expect_format64(0.1 + 0.2, "0.30000000000000004");
    expect_format64(1e21, "1e+21");
    expect_format64(1e20, "100000000000000000000");
    expect_format64(123456789012345680000.0, "123456789012345680000");
    expect_format64(1.5e-8, "1.5e-08");
    expect_format64(1e-7, "0.0000001");
    expect_format64(nextafter(1e-7, 0.0), "9.999999999999998e-08");
    expect_format64(nextafter(1e21, 0.0), "999999999999999900000");
    expect_format64(1.2345e-7, "0.00000012345");
    expect_format64(5e-324, "5e-324");
    expect_format64(1e-323, "1e-323");
    expect_format64(DBL_MAX, "1.7976931348623157e+308");
    expect_format64(-DBL_MIN, "-2.2250738585072014e-308");
    expect_format64(1e100, "1e+100");
    expect_format64(1e23, "1e+23");
    expect_format64(9007199254740992.0, "9007199254740992");
    expect_format64(9007199254740994.0, "9007199254740994");
    expect_format64(2.0 / 3.0, "0.6666666666666666");
    expect_format64(123.456, "123.456");
    expect_format64(-1.25e-300, "-1.25e-300");
    expect_format64(INFINITY, "inf");
    expect_format64(-INFINITY, "-inf");
    expect_format64(NAN, "nan");
    expect_format64(ldexp(1.0, 1023), "8.98846567431158e+307");
    expect_format64(ldexp(1.0, -1022), "2.2250738585072014e-308");

    expect_format32(0.0f, "0");
    expect_format32(-0.0f, "-0");
    expect_format32(0.1f, "0.1");
    expect_format32(1.0f / 3.0f, "0.33333334");
    expect_format32(16777216.0f, "16777216");
    expect_format32(FLT_MAX, "3.4028235e+38");
    expect_format32(FLT_MIN, "1.1754944e-38");
    expect_format32(from_bits32(1), "1e-45");
    expect_format32(from_bits32(2), "3e-45");
    expect_format32(1e21f, "1e+21");
    expect_format32(1e20f, "100000000000000000000");
    expect_format32(8.589973e9f, "8589974000"); /* 8589973504: 496 away, not 504 */
    expect_format32(7.038531e-26f, "7.038531e-26");
    expect_format32(-INFINITY, "-inf");
    expect_format32(NAN, "nan");

    char dig[18];
    int e = 99;
    bool neg = true;
    assert_int_equal(ak_shortest_f64(0.0, dig, &e, &neg), 1);
    assert_string_equal(dig, "0");
    assert_int_equal(e, 0);
    assert_false(neg);
    assert_int_equal(ak_shortest_f64(-123.456, dig, &e, &neg), 6);
    assert_string_equal(dig, "123456");
    assert_int_equal(e, 2);
    assert_true(neg);
    assert_int_equal(ak_shortest_f64(5e-324, dig, &e, &neg), 1);
    assert_string_equal(dig, "5");
    assert_int_equal(e, -324);
    assert_int_equal(ak_shortest_f64(DBL_MAX, dig, &e, &neg), 17);
    assert_string_equal(dig, "17976931348623157");
    assert_int_equal(e, 308);
    char dig32[10];
    assert_int_equal(ak_shortest_f32(-1e-45f, dig32, &e, &neg), 1);
    assert_string_equal(dig32, "1");
    assert_int_equal(e, -45);
    assert_true(neg);
    assert_int_equal(ak_shortest_f32(1.0f / 3.0f, dig32, &e, &neg), 8);
    assert_string_equal(dig32, "33333334");
    assert_int_equal(e, -1);
}

/* ---------------------------------------------------------------------- */
/* shortest: verification against the exact decimal expansion              */

typedef struct {
    char d[800]; /* significant digits, no trailing zeros */
    int n;
    int e; /* exponent of d[0] */
} expansion;

static void exact_expansion(double v, expansion *x)
{
    char buf[900];
    snprintf(buf, sizeof buf, "%.780e", fabs(v)); /* exact: <= 767 digits */
    char *p = buf, *ep = strchr(buf, 'e');
    x->n = 0;
    for (; p < ep; p++)
        if (*p != '.')
            x->d[x->n++] = *p;
    while (x->n > 1 && x->d[x->n - 1] == '0')
        x->n--;
    x->e = atoi(ep + 1);
}

/* the len-digit truncation of x (plus one unit when up), as a string */
static void candidate(const expansion *x, int len, bool up, char *out, size_t cap)
{
    char d[40];
    int e = x->e;
    for (int i = 0; i < len; i++)
        d[i] = i < x->n ? x->d[i] : '0';
    if (up) {
        int i = len - 1;
        while (i >= 0 && d[i] == '9')
            d[i--] = '0';
        if (i < 0) {
            d[0] = '1';
            e++;
        } else {
            d[i]++;
        }
    }
    snprintf(out, cap, "%.1s.%.*se%d", d, len - 1, d + 1, e);
}

/* compares the significand digits and exponent of two decimal strings */
static bool same_decimal(const char *a, const char *b)
{
    /* parse into digits/exponent via the expansion format: d.ddde[+-]x */
    char da[64], db[64];
    int na = 0, nb = 0, ea = 0, eb = 0;
    const char *p;
    for (p = a; *p && *p != 'e'; p++)
        if (*p >= '0' && *p <= '9')
            da[na++] = *p;
    ea = *p ? atoi(p + 1) : 0;
    for (p = b; *p && *p != 'e'; p++)
        if (*p >= '0' && *p <= '9')
            db[nb++] = *p;
    eb = *p ? atoi(p + 1) : 0;
    while (na > 1 && da[na - 1] == '0')
        na--;
    while (nb > 1 && db[nb - 1] == '0')
        nb--;
    return na == nb && ea == eb && memcmp(da, db, (size_t)na) == 0;
}

typedef bool (*roundtrip_fn)(const char *s, uint64_t bits);

static bool rt64(const char *s, uint64_t bits)
{
    return bits64(fabs(strtod(s, NULL))) == (bits & ~((uint64_t)1 << 63));
}

static bool rt32(const char *s, uint64_t bits)
{
    return bits32(fabsf(strtof(s, NULL))) == ((uint32_t)bits & ~((uint32_t)1 << 31));
}

/* mine (digits, exp10) is the shortest that round-trips, and the closest
 * such of its length (exact ties: the even last digit) */
static void verify_shortest(double exact, uint64_t bits, const char *dig, int nd, int exp10,
                            roundtrip_fn rt)
{
    char mine[64], c1[64], c2[64];
    snprintf(mine, sizeof mine, "%.1s.%se%d", dig, dig + 1, exp10);
    if (!rt(mine, bits))
        report_failure("shortest does not round-trip", mine, "", "");
    expansion x;
    exact_expansion(exact, &x);
    if (nd > 1) {
        candidate(&x, nd - 1, false, c1, sizeof c1);
        candidate(&x, nd - 1, true, c2, sizeof c2);
        if (rt(c1, bits) || rt(c2, bits))
            report_failure("not the shortest", mine, rt(c1, bits) ? c1 : c2, "no shorter");
    }
    if (x.n <= nd) { /* exact with nd digits */
        candidate(&x, nd, false, c1, sizeof c1);
        if (!same_decimal(mine, c1))
            report_failure("exact value not chosen", mine, mine, c1);
        return;
    }
    candidate(&x, nd, false, c1, sizeof c1);
    candidate(&x, nd, true, c2, sizeof c2);
    bool in1 = rt(c1, bits), in2 = rt(c2, bits);
    const char *want;
    if (in1 && in2) {
        /* compare the rest with one half unit */
        int cmp = x.d[nd] > '5' ? 1 : x.d[nd] < '5' ? -1 : (x.n > nd + 1 ? 1 : 0);
        if (cmp == 0)
            want = ((x.d[nd - 1] - '0') & 1) ? c2 : c1;
        else
            want = cmp > 0 ? c2 : c1;
    } else {
        want = in1 ? c1 : c2;
    }
    if (!same_decimal(mine, want))
        report_failure("not the closest shortest", mine, mine, want);
}

static void verify_shortest64(double v)
{
    char dig[18];
    int e;
    bool neg;
    int nd = ak_shortest_f64(v, dig, &e, &neg);
    assert_int_equal(nd, (int)strlen(dig));
    assert_true(nd >= 1 && nd <= 17);
    assert_true(neg == (signbit(v) != 0));
    verify_shortest(v, bits64(v), dig, nd, e, rt64);
}

static void verify_shortest32(float v)
{
    char dig[10];
    int e;
    bool neg;
    int nd = ak_shortest_f32(v, dig, &e, &neg);
    assert_int_equal(nd, (int)strlen(dig));
    assert_true(nd >= 1 && nd <= 9);
    verify_shortest((double)v, bits32(v), dig, nd, e, rt32);
}

/* The floats whose digits take the general ways out of the float's own:
 * a bound that one 64-bit product cannot decide (scaled_bound32: integers
 * from 2^27 up whose bound is an integer) and digits whose last eight
 * are zeros (put_shortest32). Found by running every finite float through
 * them; each with its neighbours. */
static void test_shortest32_general_ways(void **state)
{
    (void)state;
    static const uint32_t bits[] = {
        /* a bound from scaled_bound */
        0x4d000002, 0x4d0a2c2d, 0x4d145857, 0x4d1e8482, 0x4d28b0ad, 0x4d989683, 0x4e087c5a, 0x4e312d05,
        0x4e8cc7bf, 0x4ebfa498, 0x4f255e3a, 0x4f8b17dc, 0x4ff0d183, 0x50b267a1, 0x51b0b781,
        /* digits 100000000 (1 and eight zeros) */
        0x03aa2425, 0x0554ad2e, 0x1e3ce508, 0x3c23d70a, 0x3dcccccd, 0x4cbebc20, 0x4e6e6b28, 0x5d5e0b6b,
        0x6fa18f08, 0x7cf0bdc2,
    };
    for (size_t i = 0; i < sizeof bits / sizeof bits[0]; i++)
        for (uint32_t b = bits[i] - 1; b <= bits[i] + 1; b++) {
            verify_shortest32(from_bits32(b));
            verify_shortest32(-from_bits32(b));
        }
    /* a run of them: 0x4d000000.. holds one every few floats */
    for (uint32_t b = 0x4d000000; b < 0x4d000400; b++)
        verify_shortest32(from_bits32(b));
}

static void test_shortest_special_families(void **state)
{
    (void)state;
    /* every power of two (the asymmetric intervals) and neighbours */
    for (int be = 1; be < 2047; be++) {
        uint64_t b = (uint64_t)be << 52;
        verify_shortest64(from_bits64(b));
        verify_shortest64(from_bits64(b + 1));
        verify_shortest64(from_bits64(b - 1));
    }
    for (int be = 1; be < 255; be++) {
        uint32_t b = (uint32_t)be << 23;
        verify_shortest32(from_bits32(b));
        verify_shortest32(from_bits32(b + 1));
        verify_shortest32(from_bits32(b - 1));
    }
    /* the smallest subnormals, where the interval is wide */
    for (uint64_t b = 1; b < 3000; b++)
        verify_shortest64(from_bits64(b));
    for (uint32_t b = 1; b < 3000; b++)
        verify_shortest32(from_bits32(b));
    /* integers and decimal fractions with few digits, both signs */
    for (int i = 1; i < 2000; i++) {
        double pw = 1.0;
        for (int j = 0; j < 30; j += 3) {
            verify_shortest64((double)i * pw);
            verify_shortest64(-(double)i / pw);
            verify_shortest32((float)i * (float)pw);
            verify_shortest32((float)((double)i / pw));
            pw *= 1000.0;
        }
    }
    /* the largest values */
    for (uint64_t b = 0x7fefffffffffffffu; b > 0x7feffffffffff000u; b--)
        verify_shortest64(from_bits64(b));
    for (uint32_t b = 0x7f7fffffu; b > 0x7f7ff000u; b--)
        verify_shortest32(from_bits32(b));
}

/* ---------------------------------------------------------------------- */
/* randomized                                                              */

/* the smallest p for which printf("%.{p-1}e") round-trips */
static int glibc_min_precision64(double v)
{
    char buf[64];
    for (int p = 1; p < 17; p++) {
        snprintf(buf, sizeof buf, "%.*e", p - 1, v);
        if (bits64(strtod(buf, NULL)) == bits64(v))
            return p;
    }
    return 17;
}

static int glibc_min_precision32(float v)
{
    char buf[64];
    for (int p = 1; p < 9; p++) {
        snprintf(buf, sizeof buf, "%.*e", p - 1, (double)v);
        if (bits32(strtof(buf, NULL)) == bits32(v))
            return p;
    }
    return 9;
}

static void roundtrip64(double v, long i)
{
    char buf[AK_NUM_BUFSIZE];
    size_t len = ak_format_f64(v, buf);
    assert_int_equal(len, strlen(buf));
    assert_true(len < AK_NUM_BUFSIZE);
    double back;
    if (ak_parse_f64(buf, len, &back) != AK_NUM_OK || bits64(back) != bits64(v))
        report_failure("f64 round trip", buf, "different bits", "same bits");
    if (i % 16 == 0) {
        char dig[18];
        int e;
        bool neg;
        int nd = ak_shortest_f64(v, dig, &e, &neg);
        int pmin = glibc_min_precision64(v);
        assert_true(nd <= pmin);
        if (nd == pmin) {
            /* then the correctly rounded nd digits are the closest */
            char ref[64], mine[64];
            snprintf(ref, sizeof ref, "%.*e", nd - 1, fabs(v));
            snprintf(mine, sizeof mine, "%.1s.%se%d", dig, dig + 1, e);
            if (!same_decimal(mine, ref))
                report_failure("shortest vs printf", buf, mine, ref);
        } else {
            verify_shortest64(v); /* shorter than printf's nearest: check exactly */
        }
    }
    if (i % 256 == 0)
        verify_shortest64(v);
}

static void roundtrip32(float v, long i)
{
    char buf[AK_NUM_BUFSIZE];
    size_t len = ak_format_f32(v, buf);
    assert_int_equal(len, strlen(buf));
    float back;
    if (ak_parse_f32(buf, len, &back) != AK_NUM_OK || bits32(back) != bits32(v))
        report_failure("f32 round trip", buf, "different bits", "same bits");
    if (i % 16 == 0) {
        char dig[10];
        int e;
        bool neg;
        int nd = ak_shortest_f32(v, dig, &e, &neg);
        int pmin = glibc_min_precision32(v);
        assert_true(nd <= pmin);
        if (nd == pmin) {
            char ref[64], mine[64];
            snprintf(ref, sizeof ref, "%.*e", nd - 1, fabs((double)v));
            snprintf(mine, sizeof mine, "%.1s.%se%d", dig, dig + 1, e);
            if (!same_decimal(mine, ref))
                report_failure("shortest f32 vs printf", buf, mine, ref);
        } else {
            verify_shortest32(v);
        }
    }
    if (i % 256 == 0)
        verify_shortest32(v);
}

/* Integers below 2^24 (a float) and 2^53 (a double) take a path of their
 * own in ak_shortest_f32/f64 (integer_digits): their layout is printf's
 * "%d", and the shortest-digits check holds at the ends and at every power
 * of ten and its neighbours, where the digit count changes. */
static void test_shortest_integers(void **state)
{
    (void)state;
    char buf[AK_NUM_BUFSIZE], ref[64];
    long stride = AK_SANITIZED ? 61 : 7;
    for (int32_t i = -(1 << 24) + 1; i < (1 << 24); i += (int32_t)stride) {
        ak_format_f32((float)i, buf);
        snprintf(ref, sizeof ref, "%" PRId32, i);
        assert_string_equal(buf, ref);
    }
    for (long i = 0; i < scaled_count(200000); i++) {
        int64_t v = (int64_t)(rnd64() >> (11 + rnd_below(53))) * (rnd_below(2) ? 1 : -1);
        ak_format_f64((double)v, buf);
        snprintf(ref, sizeof ref, "%" PRId64, v);
        assert_string_equal(buf, ref);
    }
    const double ends[] = {16777215.0, 16777216.0, 16777217.0, 16777218.0, 9007199254740991.0,
                           9007199254740992.0, 9007199254740994.0, 1e21, 1e22};
    for (size_t i = 0; i < sizeof ends / sizeof ends[0]; i++) {
        verify_shortest64(ends[i]);
        verify_shortest64(-ends[i]);
        verify_shortest32((float)ends[i]);
    }
    /* past the ends the path must not reach: 2^25's neighbours are 4 apart,
       and some shorter decimal is within 2 of most integers there */
    for (int32_t i = 1 << 24; i < 1 << 26; i += 4099)
        verify_shortest32((float)i);
    for (int64_t i = INT64_C(1) << 53; i < INT64_C(1) << 55; i += INT64_C(1) << 40)
        verify_shortest64((double)(i + 4097));
    for (double p = 1; p < 1e16; p *= 10)
        for (int d = -2; d <= 2; d++) {
            verify_shortest64(p + d);
            if (p + d < 16777216.0)
                verify_shortest32((float)(p + d));
        }
}

/* Integers laid out against printf at each digit count's ends (10^n - 1,
 * 10^n, and the powers of two and their neighbours). */
static void test_format_integer_lengths(void **state)
{
    (void)state;
    char buf[AK_NUM_BUFSIZE], ref[64];
    uint64_t p = 1;
    for (int n = 0; n < 20; n++, p *= 10)
        for (int d = -1; d <= 1; d++) {
            uint64_t v = p + (uint64_t)(int64_t)d;
            size_t len = ak_format_u64(v, buf);
            snprintf(ref, sizeof ref, "%" PRIu64, v);
            assert_string_equal(buf, ref);
            assert_int_equal(len, strlen(ref));
        }
    for (int k = 0; k < 64; k++)
        for (int d = -1; d <= 1; d++) {
            uint64_t v = ((uint64_t)1 << k) + (uint64_t)(int64_t)d;
            ak_format_u64(v, buf);
            snprintf(ref, sizeof ref, "%" PRIu64, v);
            assert_string_equal(buf, ref);
            ak_format_i64(-(int64_t)(v >> 1), buf);
            snprintf(ref, sizeof ref, "%" PRId64, -(int64_t)(v >> 1));
            assert_string_equal(buf, ref);
        }
}

static void test_random_f64_roundtrip(void **state)
{
    (void)state;
    long n = scaled_count(1000000);
    for (long i = 0; i < n; i++) {
        double v;
        do
            v = from_bits64(rnd64());
        while (!isfinite(v));
        roundtrip64(v, i);
        if (i % 8 == 1) {
            /* also: exponents near 1, short mantissas */
            uint64_t b = rnd64() & 0x800fffffffffffffu;
            b &= ~((uint64_t)0xfffffffffffffu >> rnd_below(53));
            b |= (uint64_t)(1023 + (int)rnd_below(160) - 80) << 52;
            roundtrip64(from_bits64(b), i / 8);
        }
    }
}

static void test_random_f32_roundtrip(void **state)
{
    (void)state;
    long n = scaled_count(1000000);
    for (long i = 0; i < n; i++) {
        float v;
        do
            v = from_bits32((uint32_t)rnd64());
        while (!isfinite(v));
        roundtrip32(v, i);
    }
}

/* random decimal: sign, 1..25 digits with a '.' somewhere (or none), an
 * exponent in [-emax, emax] */
static void random_decimal(char *s, size_t cap, int emax)
{
    int nd = 1 + (int)rnd_below(25);
    size_t p = 0;
    switch (rnd_below(4)) {
    case 0: s[p++] = '-'; break;
    case 1: s[p++] = '+'; break;
    default: break;
    }
    int dot = (int)rnd_below((unsigned)nd + 4); /* >= nd: no dot */
    for (int i = 0; i < nd; i++) {
        if (i == dot)
            s[p++] = '.';
        /* sometimes runs of 0 or 9, which make near-halfway cases */
        unsigned r = rnd_below(16);
        s[p++] = r == 0 ? '0' : r == 1 ? '9' : (char)('0' + rnd_below(10));
    }
    if (dot == nd && nd > 0)
        s[p++] = '.';
    snprintf(s + p, cap - p, "%c%d", rnd_below(2) ? 'e' : 'E', (int)rnd_below(2u * (unsigned)emax + 1) - emax);
}

static void test_random_decimal_f64(void **state)
{
    (void)state;
    long n = scaled_count(1000000);
    char s[64];
    for (long i = 0; i < n; i++) {
        random_decimal(s, sizeof s, 350);
        double v, ref = strtod(s, NULL);
        ak_num_status st = p64(s, &v);
        if (bits64(v) != bits64(ref)) {
            char g[64], w[64];
            snprintf(g, sizeof g, "%.17g", v);
            snprintf(w, sizeof w, "%.17g", ref);
            report_failure("parse_f64 vs strtod", s, g, w);
        }
        assert_int_equal(st, isinf(ref) ? AK_NUM_RANGE : AK_NUM_OK);
    }
}

static void test_random_decimal_f32(void **state)
{
    (void)state;
    long n = scaled_count(1000000);
    char s[64];
    for (long i = 0; i < n; i++) {
        random_decimal(s, sizeof s, 60);
        float v, ref = strtof(s, NULL);
        ak_num_status st = p32(s, &v);
        if (bits32(v) != bits32(ref)) {
            char g[64], w[64];
            snprintf(g, sizeof g, "%.9g", (double)v);
            snprintf(w, sizeof w, "%.9g", (double)ref);
            report_failure("parse_f32 vs strtof", s, g, w);
        }
        assert_int_equal(st, isinf(ref) ? AK_NUM_RANGE : AK_NUM_OK);
    }
}

/* ---------------------------------------------------------------------- */
/* %g                                                                      */

static void expect_g(double v, int prec)
{
    char mine[AK_NUM_BUFSIZE + 48], ref[128];
    size_t n = ak_format_g(v, prec, mine);
    snprintf(ref, sizeof ref, "%.*g", prec, v);
    if (strcmp(mine, ref) != 0 || n != strlen(ref)) {
        char in[64];
        snprintf(in, sizeof in, "%a %%.%dg", v, prec);
        report_failure("format_g", in, mine, ref);
    }
}

static void test_format_g_known(void **state)
{
    (void)state;
    const double vals[] = {0.0, -0.0, 1.0, -1.0, 0.5, 2.5, 3.5, 0.25, 0.125, 1e-4, 1e-5,
                           0.0001234, 0.00001234, 123456.0, 1234567.0, 999999.5, 9999995.0,
                           99999.95, 0.1, 1.0 / 3.0, 2.0 / 3.0, 1e21, 1e22, 1e23, 5e-324,
                           DBL_MIN, DBL_MAX, 9007199254740993.0, 1e100, 123.456,
                           0.000099999999, 9.5, 95.0, 0.95, 0.095, 1.5, 15.0, 150.0,
                           4503599627370496.5, 1e15, 1e16, 1e17, 1e-300, -1.25e-300};
    char buf[AK_NUM_BUFSIZE + 48];
    for (size_t i = 0; i < sizeof vals / sizeof vals[0]; i++)
        for (int p = 0; p <= 40; p++)
            expect_g(vals[i], p);
    ak_format_g(INFINITY, 5, buf);
    assert_string_equal(buf, "inf");
    ak_format_g(-INFINITY, 5, buf);
    assert_string_equal(buf, "-inf");
    expect_g(INFINITY, 3);
    expect_g(-INFINITY, 3);
    expect_g(NAN, 3);
    expect_g(-NAN, 3);
    assert_int_equal(ak_format_g(0.5, 0, buf), 3);
    assert_string_equal(buf, "0.5");
    ak_format_g(2.5, 1, buf);
    assert_string_equal(buf, "2");
    ak_format_g(999999.5, 6, buf);
    assert_string_equal(buf, "1e+06");
    ak_format_g(0.00001, 6, buf);
    assert_string_equal(buf, "1e-05");
    ak_format_g(5e-324, 40, buf);
    assert_string_equal(buf, "4.940656458412465441765687928682213723651e-324");
}

static void test_format_g_random(void **state)
{
    (void)state;
    long n = scaled_count(1000000);
    for (long i = 0; i < n; i++) {
        double v;
        switch (i % 4) {
        case 0:
        case 1: /* any bit pattern */
            v = from_bits64(rnd64());
            break;
        case 2: /* few significant bits: exact ties at small precisions */
            v = ldexp((double)(rnd64() >> (11 + rnd_below(53))), (int)rnd_below(80) - 40);
            break;
        default: /* integers and decimal-looking values */
            v = (double)(rnd64() >> rnd_below(64)) / (double)(1u << rnd_below(20));
            break;
        }
        expect_g(v, 1 + (int)rnd_below(17));
        if (i % 32 == 0)
            expect_g(v, 18 + (int)rnd_below(23));
    }
}

/* nothing depends on the locale */
static void test_locale_independent(void **state)
{
    (void)state;
    const char *names[] = {"de_DE.UTF-8", "de_DE.utf8", "fr_FR.UTF-8", "fr_FR.utf8", "ru_RU.UTF-8"};
    const char *set = NULL;
    for (size_t i = 0; i < sizeof names / sizeof names[0] && !set; i++)
        set = setlocale(LC_ALL, names[i]);
    char buf[AK_NUM_BUFSIZE + 8];
    double d;
    assert_int_equal(p64("1.5", &d), AK_NUM_OK);
    assert_true(d == 1.5);
    assert_int_equal(p64("1,5", &d), AK_NUM_SYNTAX);
    ak_format_f64(1.5, buf);
    assert_string_equal(buf, "1.5");
    ak_format_g(1.5, 3, buf);
    assert_string_equal(buf, "1.5");
    ak_format_f32(0.25f, buf);
    assert_string_equal(buf, "0.25");
    setlocale(LC_ALL, "C");
}

static int setup(void **state)
{
    (void)state;
    setlocale(LC_ALL, "C");
    const char *seed = getenv("AK_TEST_SEED");
    if (seed && *seed)
        rng_state = strtoull(seed, NULL, 0) | 1u;
    return 0;
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_parse_f64_known),
        cmocka_unit_test(test_parse_f32_known),
        cmocka_unit_test(test_parse_fast_path_edges),
        cmocka_unit_test(test_parse_f32_short_decimals),
        cmocka_unit_test(test_parse_short_literal_words),
        cmocka_unit_test(test_parse_syntax),
        cmocka_unit_test(test_parse_huge_exponents),
        cmocka_unit_test(test_parse_long_inputs),
        cmocka_unit_test(test_parse_halfway_points),
        cmocka_unit_test(test_parse_integers),
        cmocka_unit_test(test_format_known),
        cmocka_unit_test(test_shortest_special_families),
        cmocka_unit_test(test_shortest32_general_ways),
        cmocka_unit_test(test_shortest_integers),
        cmocka_unit_test(test_format_integer_lengths),
        cmocka_unit_test(test_random_f64_roundtrip),
        cmocka_unit_test(test_random_f32_roundtrip),
        cmocka_unit_test(test_random_decimal_f64),
        cmocka_unit_test(test_random_decimal_f32),
        cmocka_unit_test(test_format_g_known),
        cmocka_unit_test(test_format_g_random),
        cmocka_unit_test(test_locale_independent),
    };
    return cmocka_run_group_tests(tests, setup, NULL);
}
