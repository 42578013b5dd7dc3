/* Bounded readers and writers: every width, both byte orders, varints,
 * strings, and refusal past the end. */
#include "test_support.h"

#include "reader.h"

#include <math.h>

static void test_integers_le_be(void **state)
{
    (void)state;
    static const uint8_t bytes[] = {0x01, 0x02, 0x03, 0x04, 0x05, 0x06, 0x07, 0x08};
    ak_reader r;
    uint16_t u16;
    uint32_t u32;
    uint64_t u64;
    ak_reader_init(&r, bytes, sizeof bytes);
    assert_true(ak_read_u16le(&r, &u16));
    assert_int_equal(u16, 0x0201);
    assert_true(ak_read_u16be(&r, &u16));
    assert_int_equal(u16, 0x0304);
    assert_true(ak_read_u32le(&r, &u32));
    assert_int_equal(u32, 0x08070605);
    assert_int_equal(ak_reader_left(&r), 0);
    ak_reader_init(&r, bytes, sizeof bytes);
    assert_true(ak_read_u64be(&r, &u64));
    assert_true(u64 == UINT64_C(0x0102030405060708));
    ak_reader_init(&r, bytes, sizeof bytes);
    assert_true(ak_read_u64le(&r, &u64));
    assert_true(u64 == UINT64_C(0x0807060504030201));
    ak_reader_init(&r, bytes, sizeof bytes);
    assert_true(ak_read_u24be(&r, &u32));
    assert_int_equal(u32, 0x010203);
    assert_true(ak_read_u24le(&r, &u32));
    assert_int_equal(u32, 0x060504);
}

static void test_signed(void **state)
{
    (void)state;
    static const uint8_t bytes[] = {0xff, 0xfe, 0xff, 0xff, 0xff, 0x80, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x80};
    ak_reader r;
    int8_t i8;
    int16_t i16;
    int32_t i32;
    int64_t i64;
    ak_reader_init(&r, bytes, sizeof bytes);
    assert_true(ak_read_i8(&r, &i8));
    assert_int_equal(i8, -1);
    assert_true(ak_read_i16le(&r, &i16));
    assert_int_equal(i16, -2);
    assert_true(ak_read_i16be(&r, &i16));
    assert_int_equal(i16, -1);
    ak_reader_init(&r, bytes + 2, 4);
    assert_true(ak_read_i32be(&r, &i32));
    assert_int_equal(i32, -128);
    ak_reader_init(&r, bytes + 6, 8);
    assert_true(ak_read_i64le(&r, &i64));
    assert_true(i64 == INT64_MIN);
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
    ak_reader r;
    float f;
    double d;
    ak_reader_init(&r, (const uint8_t *)b.data, b.len);
    assert_true(ak_read_f32le(&r, &f));
    assert_true(f == 1.5f);
    assert_true(ak_read_f32be(&r, &f));
    assert_true(f == 0.0f && signbit(f));
    assert_true(ak_read_f64le(&r, &d));
    assert_true(d == 0.1);
    assert_true(ak_read_f64be(&r, &d));
    assert_true(isinf(d));
    /* NaN payloads survive */
    assert_int_equal(ak_f32_bits(ak_f32_from_bits(0x7fc00123u)), 0x7fc00123u);
    ak_buf_free(&b);
}

static void test_eof_does_not_move(void **state)
{
    (void)state;
    static const uint8_t bytes[] = {1, 2, 3};
    ak_reader r;
    uint32_t u32;
    ak_reader_init(&r, bytes, sizeof bytes);
    assert_false(ak_read_u32le(&r, &u32));
    assert_int_equal(r.pos, 0);
    assert_true(ak_skip(&r, 2));
    assert_false(ak_skip(&r, 2));
    assert_int_equal(r.pos, 2);
    const uint8_t *p;
    assert_false(ak_read_bytes(&r, SIZE_MAX, &p));
    assert_true(ak_read_bytes(&r, 1, &p));
    assert_int_equal(*p, 3);
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
    assert_memory_equal(b.data, "\x05" "AnimX" "\x00" "\x01\x02\xc3\xa9", 10);
    ak_reader r;
    const uint8_t *s;
    size_t len;
    ak_reader_init(&r, (const uint8_t *)b.data, b.len);
    assert_int_equal(ak_read_string7(&r, &s, &len), AK_READ_OK);
    assert_int_equal(len, 5);
    assert_memory_equal(s, "AnimX", 5);
    assert_int_equal(ak_read_nullable_string7(&r, &s, &len), AK_READ_OK);
    assert_null(s);
    assert_int_equal(ak_read_nullable_string7(&r, &s, &len), AK_READ_OK);
    assert_int_equal(len, 2);
    assert_int_equal(ak_reader_left(&r), 0);
    ak_buf_free(&b);

    /* length beyond the data: refused, reader unmoved */
    ak_reader_init(&r, (const uint8_t *)"\x05" "abc", 4);
    assert_int_equal(ak_read_string7(&r, &s, &len), AK_READ_EOF);
    assert_int_equal(r.pos, 0);
    /* a 5-byte length whose 5th byte is > 0x0f is not an Int32 */
    ak_reader_init(&r, (const uint8_t *)"\x85\x80\x80\x80\x10", 5);
    assert_int_equal(ak_read_string7(&r, &s, &len), AK_READ_OVERFLOW);
    /* negative as Int32 */
    ak_reader_init(&r, (const uint8_t *)"\xff\xff\xff\xff\x0f", 5);
    assert_int_equal(ak_read_string7(&r, &s, &len), AK_READ_OVERFLOW);
    /* invalid UTF-8 is read, and flagged */
    ak_reader_init(&r, (const uint8_t *)"\x01\xff", 2);
    assert_int_equal(ak_read_string7(&r, &s, &len), AK_READ_UTF8);
    assert_int_equal(r.pos, 2);
    /* bad presence flag */
    ak_reader_init(&r, (const uint8_t *)"\x02\x00", 2);
    assert_int_equal(ak_read_nullable_string7(&r, &s, &len), AK_READ_BAD_FLAG);
    assert_int_equal(r.pos, 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_integers_le_be), cmocka_unit_test(test_signed),
        cmocka_unit_test(test_floats),         cmocka_unit_test(test_eof_does_not_move),
        cmocka_unit_test(test_varints),        cmocka_unit_test(test_varint_round_trip),
        cmocka_unit_test(test_strings),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
