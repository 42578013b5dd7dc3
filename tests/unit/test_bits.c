/* Bit reader and writer in the three orders. */
#include "test_support.h"

#include "bits.h"

static void test_be32_lsb_layout(void **state)
{
    (void)state;
    /* word 0x00000005 (BE bytes 00 00 00 05): bits LSB first are 1,0,1,0,... */
    static const uint8_t bytes[] = {0x80, 0x00, 0x00, 0x05, 0x00, 0x00, 0x00, 0x01, 0xaa};
    ak_bit_reader r;
    uint64_t v;
    ak_bit_reader_init(&r, bytes, sizeof bytes, AK_BITS_BE32_LSB);
    assert_true(r.size_bits == 64); /* the trailing partial word is not part of the stream */
    assert_true(ak_bits_read(&r, 3, &v));
    assert_true(v == 5);
    assert_true(ak_bits_read(&r, 28, &v));
    assert_true(v == 0);
    assert_true(ak_bits_read(&r, 1, &v)); /* bit 31 of word 0: the 0x80 of byte 0 */
    assert_true(v == 1);
    assert_true(ak_bits_read(&r, 1, &v)); /* bit 0 of word 1 */
    assert_true(v == 1);
    assert_true(ak_bits_left(&r) == 31);
    assert_false(ak_bits_read(&r, 32, &v));
    assert_true(ak_bits_left(&r) == 31);
}

static void test_value_spanning_words(void **state)
{
    (void)state;
    ak_buf b;
    ak_buf_init(&b);
    ak_bit_writer w;
    ak_bit_writer_init(&w, &b, AK_BITS_BE32_LSB);
    assert_true(ak_bits_write(&w, 30, 0x2aaaaaaa));
    assert_true(ak_bits_write(&w, 7, 0x55)); /* spans the word boundary */
    assert_true(ak_bits_write(&w, 64, UINT64_C(0x0123456789abcdef)));
    assert_true(ak_bits_flush(&w));
    assert_int_equal(b.len % 4, 0);
    ak_bit_reader r;
    uint64_t v;
    ak_bit_reader_init(&r, (const uint8_t *)b.data, b.len, AK_BITS_BE32_LSB);
    assert_true(ak_bits_read(&r, 30, &v) && v == 0x2aaaaaaa);
    assert_true(ak_bits_read(&r, 7, &v) && v == 0x55);
    assert_true(ak_bits_read(&r, 64, &v) && v == UINT64_C(0x0123456789abcdef));
    ak_buf_free(&b);
}

static void test_signed_values(void **state)
{
    (void)state;
    for (int order = AK_BITS_BE32_LSB; order <= AK_BITS_MSB; order++) {
        ak_buf b;
        ak_buf_init(&b);
        ak_bit_writer w;
        ak_bit_writer_init(&w, &b, (ak_bit_order)order);
        int64_t values[] = {-1, 0, 3, -4, 127, -128};
        unsigned widths[] = {1, 1, 3, 3, 8, 8};
        for (int i = 0; i < 6; i++)
            assert_true(ak_bits_write(&w, widths[i], (uint64_t)values[i]));
        assert_true(ak_bits_write(&w, 64, (uint64_t)INT64_MIN));
        assert_true(ak_bits_flush(&w));
        ak_bit_reader r;
        ak_bit_reader_init(&r, (const uint8_t *)b.data, b.len, (ak_bit_order)order);
        int64_t v;
        for (int i = 0; i < 6; i++) {
            assert_true(ak_bits_read_signed(&r, widths[i], &v));
            assert_true(v == values[i]);
        }
        assert_true(ak_bits_read_signed(&r, 64, &v) && v == INT64_MIN);
        ak_buf_free(&b);
    }
}

static void test_plain_orders(void **state)
{
    (void)state;
    static const uint8_t byte[] = {0x01};
    ak_bit_reader r;
    uint64_t v;
    ak_bit_reader_init(&r, byte, 1, AK_BITS_LSB);
    assert_true(ak_bits_read(&r, 1, &v) && v == 1);
    ak_bit_reader_init(&r, byte, 1, AK_BITS_MSB);
    assert_true(ak_bits_read(&r, 1, &v) && v == 0);
    assert_true(ak_bits_read(&r, 7, &v) && v == 1);
    static const uint8_t two[] = {0xa5, 0x0f};
    ak_bit_reader_init(&r, two, 2, AK_BITS_MSB);
    assert_true(ak_bits_read(&r, 12, &v) && v == 0xa50);
    ak_bit_reader_init(&r, two, 2, AK_BITS_LSB);
    assert_true(ak_bits_read(&r, 12, &v) && v == 0xfa5);
    assert_false(ak_bits_read(&r, 5, &v));
    assert_false(ak_bits_read(&r, 65, &v));
}

static void test_random_round_trip(void **state)
{
    (void)state;
    uint64_t seed = 12345;
    for (int order = AK_BITS_BE32_LSB; order <= AK_BITS_MSB; order++) {
        ak_buf b;
        ak_buf_init(&b);
        ak_bit_writer w;
        ak_bit_writer_init(&w, &b, (ak_bit_order)order);
        uint64_t s = seed;
        for (int i = 0; i < 5000; i++) {
            s = s * 6364136223846793005u + 1442695040888963407u;
            unsigned n = (unsigned)(s >> 58); /* 0..63 */
            uint64_t val = (s >> 3) & (n == 64 ? ~0ull : ((1ull << n) - 1));
            assert_true(ak_bits_write(&w, n, val));
        }
        assert_true(ak_bits_flush(&w));
        ak_bit_reader r;
        ak_bit_reader_init(&r, (const uint8_t *)b.data, b.len, (ak_bit_order)order);
        s = seed;
        for (int i = 0; i < 5000; i++) {
            s = s * 6364136223846793005u + 1442695040888963407u;
            unsigned n = (unsigned)(s >> 58);
            uint64_t val = (s >> 3) & (n == 64 ? ~0ull : ((1ull << n) - 1));
            uint64_t got;
            assert_true(ak_bits_read(&r, n, &got));
            assert_true(got == val);
        }
        ak_buf_free(&b);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_be32_lsb_layout), cmocka_unit_test(test_value_spanning_words),
        cmocka_unit_test(test_signed_values),   cmocka_unit_test(test_plain_orders),
        cmocka_unit_test(test_random_round_trip),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
