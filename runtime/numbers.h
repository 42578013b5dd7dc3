/* Numbers: decimal <-> binary, independent of the C locale.
 *
 * Parsing is correctly rounded (round-half-even) for f64 and, directly
 * (never through a double), for f32. Integers are exact to 64 bits.
 * Printing gives the shortest decimal that parses back to the same value,
 * and a %.Ng style with a given number of significant digits. */
#ifndef AK_RUNTIME_NUMBERS_H
#define AK_RUNTIME_NUMBERS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef enum ak_num_status {
    AK_NUM_OK = 0,
    AK_NUM_SYNTAX,   /* the span is not one complete decimal number */
    AK_NUM_RANGE,    /* integer out of range, or a float that rounds to infinity;
                        the result is then clamped (integers) or +-infinity (floats) */
} ak_num_status;

/* Accepted syntax for floats, the whole span and nothing else:
 *   [+-]? ( digits ( '.' digits? )? | '.' digits ) ( [eE] [+-]? digits )?
 * Any number of digits and any exponent size is accepted (1e999999 is +inf
 * with AK_NUM_RANGE; 1e-999999 is 0 with AK_NUM_OK). No "nan"/"inf", no hex,
 * no spaces. Callers that need a stricter grammar (JSON) check it first. */
ak_num_status ak_parse_f64(const char *s, size_t n, double *out);
ak_num_status ak_parse_f32(const char *s, size_t n, float *out);

/* Integers: [+-]? digits, exact; out of range gives AK_NUM_RANGE and the
 * nearest bound. A '-' before 0 is fine for both ("-0" is 0). */
ak_num_status ak_parse_i64(const char *s, size_t n, int64_t *out);
ak_num_status ak_parse_u64(const char *s, size_t n, uint64_t *out);

/* Shortest round-trip digits: digits holds k significant digits d1..dk (no
 * leading/trailing zeros, NUL-terminated) and the value is d1.d2...dk x
 * 10^exp10. Of several shortest candidates the one closest to the exact
 * value is chosen; an exact tie goes to the even last digit. Zero gives "0"
 * and exp10 0. Returns k. v must be finite (inf/NaN give 0 and empty
 * digits). */
int ak_shortest_f64(double v, char digits[18], int *exp10, bool *negative);
int ak_shortest_f32(float v, char digits[10], int *exp10, bool *negative);

#define AK_NUM_BUFSIZE 40

/* Shortest round-trip text, JSON-compatible: fixed notation for
 * 1e-7 <= |v| < 1e21 ("0.1", "1.5", "100", "-0.0001"), else scientific
 * ("1e+21", "1.5e-08"); "-0" for negative zero; "nan", "inf", "-inf" for
 * non-finite values (the caller decides whether those may be written).
 * Integral values print without a fraction ("3", not "3.0").
 * Returns the length; buf must hold AK_NUM_BUFSIZE bytes. */
size_t ak_format_f64(double v, char *buf);
size_t ak_format_f32(float v, char *buf);

/* printf("%.*g", precision, v) in the C locale, exactly (correctly rounded
 * from the exact binary value, as glibc does). precision 1..40 (0 means 1).
 * Returns the length; buf must hold AK_NUM_BUFSIZE + precision bytes. */
size_t ak_format_g(double v, int precision, char *buf);

/* Exact integers. */
size_t ak_format_i64(int64_t v, char *buf);
size_t ak_format_u64(uint64_t v, char *buf);

#endif
