/* UTF-8 validation (the machine is grammars/utf8.rl, compiled by Ragel). */
#ifndef AK_RUNTIME_UTF8_H
#define AK_RUNTIME_UTF8_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* True when s[0..n) is well-formed UTF-8: no overlong forms, no surrogates
 * (U+D800..U+DFFF), nothing above U+10FFFF, no truncated sequence. On
 * failure *bad (if not NULL) is the offset of the first byte of the first
 * ill-formed sequence. */
bool ak_utf8_valid(const uint8_t *s, size_t n, size_t *bad);

/* Decodes one well-formed sequence at s (n bytes available). Returns its
 * length (1..4) and the code point, or 0 when the bytes there are not a
 * well-formed sequence. */
size_t ak_utf8_decode(const uint8_t *s, size_t n, uint32_t *cp);

/* Encodes cp (<= 0x10FFFF, not a surrogate) into out[4]; returns length. */
size_t ak_utf8_encode(uint32_t cp, uint8_t out[4]);

#endif
