/* The writers (every width, both byte orders, varints, strings) and the
 * bounded varint reader: limits, over-long encodings, refusal past the end. */
#include "test_support.h"

#include "reader.h"

#include <math.h>

static void test_writers(void **state)
{
    (void)state;
    ak_buf b;
    ak_buf_init(&b);
    assert_true(ak_write_u8(&b, 0x01));
    assert_true(ak_write_u16le(&b, 0x0302));
    assert_true(ak_write_u16be(&b, 0x0405));
    assert_true(ak_write_u32le(&b, 0x09080706));
    assert_true(ak_write_u32be(&b, 0x0a0b0c0d));
    assert_true(ak_write_u64le(&b, UINT64_C(0x1514131211100f0e)));
    assert_true(ak_write_u64be(&b, UINT64_C(0x161718191a1b1c1d)));
    assert_int_equal(b.len, 29);
    for (size_t i = 0; i < b.len; i++)
        assert_int_equal((uint8_t)b.data[i], i + 1);
    ak_buf_free(&b);
}

static void test_floats(void **state)
{
    (void)state;
    ak_buf b;
    ak_buf_init(&b);
    assert_true(ak_write_f32le(&b, 1.5f));
    assert_true(ak_write_f32be(&b, -0.0f));
    assert_true(ak_write_f64le(&b, 0.1));
    assert_true(ak_write_f64be(&b, INFINITY));
    assert_int_equal(b.len, 24);
    assert_memory_equal(b.data, "\x00\x00\xc0\x3f\x80\x00\x00\x00", 8);
    assert_memory_equal(b.data + 8, "\x9a\x99\x99\x99\x99\x99\xb9\x3f", 8);
    assert_memory_equal(b.data + 16, "\x7f\xf0\x00\x00\x00\x00\x00\x00", 8);
    /* NaN payloads survive */
    assert_int_equal(ak_f32_bits(ak_f32_from_bits(0x7fc00123u)), 0x7fc00123u);
    assert_true(ak_f64_bits(ak_f64_from_bits(UINT64_C(0x7ff8000000000123))) == UINT64_C(0x7ff8000000000123));
    ak_buf_free(&b);
}

static ak_read_status varint_of(const uint8_t *b, size_t n, unsigned bits, uint64_t *v, size_t *used)
{
    ak_reader r;
    ak_reader_init(&r, b, n);
    ak_read_status st = ak_read_varint(&r, bits, v);
    *used = r.pos;
    return st;
}

static void test_varints(void **state)
{
    (void)state;
    uint64_t v;
    size_t used;
    assert_int_equal(varint_of((const uint8_t *)"\x00", 1, 32, &v, &used), AK_READ_OK);
    assert_true(v == 0 && used == 1);
    assert_int_equal(varint_of((const uint8_t *)"\x7f", 1, 32, &v, &used), AK_READ_OK);
    assert_true(v == 127);
    assert_int_equal(varint_of((const uint8_t *)"\x80\x01", 2, 32, &v, &used), AK_READ_OK);
    assert_true(v == 128 && used == 2);
    /* 2^32-1 fits 32 bits in five bytes, the last <= 0x0f */
    assert_int_equal(varint_of((const uint8_t *)"\xff\xff\xff\xff\x0f", 5, 32, &v, &used), AK_READ_OK);
    assert_true(v == UINT32_MAX);
    assert_int_equal(varint_of((const uint8_t *)"\xff\xff\xff\xff\x10", 5, 32, &v, &used), AK_READ_OVERFLOW);
    assert_int_equal(used, 0);
    assert_int_equal(varint_of((const uint8_t *)"\x80\x80\x80\x80\x80\x01", 6, 32, &v, &used), AK_READ_OVERFLOW);
    /* 64 bits: ten bytes, the last is 0 or 1 */
    assert_int_equal(varint_of((const uint8_t *)"\xff\xff\xff\xff\xff\xff\xff\xff\xff\x01", 10, 64, &v, &used),
                     AK_READ_OK);
    assert_true(v == UINT64_MAX);
    assert_int_equal(varint_of((const uint8_t *)"\xff\xff\xff\xff\xff\xff\xff\xff\xff\x02", 10, 64, &v, &used),
                     AK_READ_OVERFLOW);
    /* over-long: read, but flagged */
    assert_int_equal(varint_of((const uint8_t *)"\x80\x00", 2, 32, &v, &used), AK_READ_OVERLONG);
    assert_true(v == 0 && used == 2);
    assert_int_equal(varint_of((const uint8_t *)"\x81\x80\x00", 3, 32, &v, &used), AK_READ_OVERLONG);
    assert_true(v == 1 && used == 3);
    /* truncated */
    assert_int_equal(varint_of((const uint8_t *)"\x80\x80", 2, 64, &v, &used), AK_READ_EOF);
    assert_int_equal(used, 0);
    assert_int_equal(varint_of((const uint8_t *)"", 0, 64, &v, &used), AK_READ_EOF);
}

static void test_varint_round_trip(void **state)
{
    (void)state;
    uint64_t values[] = {0, 1, 127, 128, 255, 16383, 16384, UINT32_MAX, (uint64_t)1 << 35, UINT64_MAX};
    for (size_t i = 0; i < sizeof values / sizeof values[0]; i++) {
        ak_buf b;
        ak_buf_init(&b);
        assert_true(ak_write_varint(&b, values[i]));
        ak_reader r;
        uint64_t v;
        ak_reader_init(&r, (const uint8_t *)b.data, b.len);
        assert_int_equal(ak_read_varint(&r, 64, &v), AK_READ_OK);
        assert_true(v == values[i]);
        assert_int_equal(r.pos, b.len);
        ak_buf_free(&b);
    }
}

static void test_strings(void **state)
{
    (void)state;
    ak_buf b;
    ak_buf_init(&b);
    assert_true(ak_write_string7(&b, "AnimX", 5));
    assert_true(ak_write_nullable_string7(&b, NULL, 0));
    assert_true(ak_write_nullable_string7(&b, "\xc3\xa9", 2));
    assert_memory_equal(b.data, "\x05" "AnimX" "\x00" "\x01\x02\xc3\xa9", 11);
    /* .NET reads the length as an Int32: a longer string is refused, nothing written */
    assert_false(ak_write_string7(&b, "x", (size_t)INT32_MAX + 1));
    assert_int_equal(b.len, 11);
    ak_buf_free(&b);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_writers), cmocka_unit_test(test_floats),
        cmocka_unit_test(test_varints), cmocka_unit_test(test_varint_round_trip),
        cmocka_unit_test(test_strings),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
