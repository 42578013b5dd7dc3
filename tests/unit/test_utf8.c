/* UTF-8 validation (the Ragel machine), decoding and encoding. */
#include "test_support.h"

#include "utf8.h"

static void check(const char *s, size_t n, bool valid, size_t bad_at)
{
    size_t bad = 12345;
    bool ok = ak_utf8_valid((const uint8_t *)s, n, &bad);
    if (ok != valid)
        fail_msg("ak_utf8_valid(%zu bytes) = %d, expected %d", n, ok, valid);
    if (!valid && bad != bad_at)
        fail_msg("bad offset %zu, expected %zu", bad, bad_at);
}

static void test_valid(void **state)
{
    (void)state;
    check("", 0, true, 0);
    check("plain ascii text that is longer than eight bytes", 48, true, 0);
    check("\xc2\x80", 2, true, 0);
    check("\xdf\xbf", 2, true, 0);
    check("\xe0\xa0\x80", 3, true, 0);
    check("\xed\x9f\xbf", 3, true, 0);     /* U+D7FF */
    check("\xee\x80\x80", 3, true, 0);     /* U+E000 */
    check("\xef\xbf\xbf", 3, true, 0);     /* U+FFFF */
    check("\xf0\x90\x80\x80", 4, true, 0); /* U+10000 */
    check("\xf4\x8f\xbf\xbf", 4, true, 0); /* U+10FFFF */
    check("a\0b", 3, true, 0);             /* NUL is a character */
}

static void test_invalid(void **state)
{
    (void)state;
    check("\x80", 1, false, 0);                   /* lone continuation */
    check("\xc0\xaf", 2, false, 0);               /* overlong '/' */
    check("\xc1\xbf", 2, false, 0);               /* overlong */
    check("\xe0\x80\xaf", 3, false, 0);           /* overlong 3-byte */
    check("\xf0\x80\x80\xaf", 4, false, 0);       /* overlong 4-byte */
    check("\xed\xa0\x80", 3, false, 0);           /* U+D800 surrogate */
    check("\xed\xbf\xbf", 3, false, 0);           /* U+DFFF surrogate */
    check("\xf4\x90\x80\x80", 4, false, 0);       /* U+110000 */
    check("\xf5\x80\x80\x80", 4, false, 0);
    check("\xff", 1, false, 0);
    check("abcdefghij\xc3", 11, false, 10);       /* truncated at the end */
    check("abcdefghij\xe2\x82", 12, false, 10);
    check("abc\xe2\x82xyz", 8, false, 3);         /* cut short by ASCII */
    check("0123456789abcdef\xc3\xa9\xff", 19, false, 18);
}

static void test_decode_encode(void **state)
{
    (void)state;
    uint32_t cps[] = {0, 0x41, 0x7f, 0x80, 0x7ff, 0x800, 0xd7ff, 0xe000, 0xffff, 0x10000, 0x10ffff};
    for (size_t i = 0; i < sizeof cps / sizeof cps[0]; i++) {
        uint8_t buf[4];
        size_t n = ak_utf8_encode(cps[i], buf);
        assert_true(ak_utf8_valid(buf, n, NULL));
        uint32_t cp;
        assert_int_equal(ak_utf8_decode(buf, n, &cp), n);
        assert_int_equal(cp, cps[i]);
    }
    uint32_t cp;
    assert_int_equal(ak_utf8_decode((const uint8_t *)"\xc3", 1, &cp), 0);
    assert_int_equal(ak_utf8_decode((const uint8_t *)"\xed\xa0\x80", 3, &cp), 0);
    assert_int_equal(ak_utf8_decode((const uint8_t *)"", 0, &cp), 0);
}

/* Every 1..3 byte sequence against a direct reading of Unicode Table 3-7. */
static bool reference_valid(const uint8_t *s, size_t n)
{
    size_t i = 0;
    while (i < n) {
        uint8_t c = s[i];
        size_t len;
        uint8_t lo = 0x80, hi = 0xbf;
        if (c < 0x80) { i++; continue; }
        else if (c >= 0xc2 && c <= 0xdf) len = 2;
        else if (c == 0xe0) { len = 3; lo = 0xa0; }
        else if (c == 0xed) { len = 3; hi = 0x9f; }
        else if (c >= 0xe1 && c <= 0xef) len = 3;
        else if (c == 0xf0) { len = 4; lo = 0x90; }
        else if (c >= 0xf1 && c <= 0xf3) len = 4;
        else if (c == 0xf4) { len = 4; hi = 0x8f; }
        else return false;
        if (i + len > n) return false;
        if (s[i + 1] < lo || s[i + 1] > hi) return false;
        for (size_t k = 2; k < len; k++)
            if (s[i + k] < 0x80 || s[i + k] > 0xbf) return false;
        i += len;
    }
    return true;
}

static void test_exhaustive_short(void **state)
{
    (void)state;
    uint8_t buf[3];
    for (unsigned a = 0; a < 256; a++) {
        buf[0] = (uint8_t)a;
        assert_int_equal(ak_utf8_valid(buf, 1, NULL), reference_valid(buf, 1));
        for (unsigned b = 0; b < 256; b++) {
            buf[1] = (uint8_t)b;
            assert_int_equal(ak_utf8_valid(buf, 2, NULL), reference_valid(buf, 2));
            if (a < 0xe0 || a > 0xf4)
                continue;
            for (unsigned c = 0; c < 256; c += 7) {
                buf[2] = (uint8_t)c;
                assert_int_equal(ak_utf8_valid(buf, 3, NULL), reference_valid(buf, 3));
            }
        }
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_valid),
        cmocka_unit_test(test_invalid),
        cmocka_unit_test(test_decode_encode),
        cmocka_unit_test(test_exhaustive_short),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
