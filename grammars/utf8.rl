/* UTF-8 well-formedness (RFC 3629, Unicode Table 3-7) as a Ragel machine.
 * Compiled into the runtime; used by every reader of strings. */
#include "utf8.h"

#include <string.h>

%%{
    machine utf8;
    alphtype unsigned char;

    cont = 0x80..0xbf;
    utf8_char =
          0x00..0x7f
        | 0xc2..0xdf cont
        | 0xe0 0xa0..0xbf cont
        | (0xe1..0xec | 0xee..0xef) cont cont
        | 0xed 0x80..0x9f cont
        | 0xf0 0x90..0xbf cont cont
        | 0xf1..0xf3 cont cont cont
        | 0xf4 0x80..0x8f cont cont;

    # `done` is the end of the last complete character: where a bad one starts.
    main := ( utf8_char @{ done = p + 1; } )*;
}%%

%% write data noerror nofinal noentry;

static bool is_ascii8(const uint8_t *p)
{
    uint64_t w;
    memcpy(&w, p, 8);
    return (w & UINT64_C(0x8080808080808080)) == 0;
}

bool ak_utf8_valid(const uint8_t *s, size_t n, size_t *bad)
{
    /* ASCII runs are the common case: skip them eight bytes at a time. */
    size_t i = 0;
    while (i + 8 <= n && is_ascii8(s + i))
        i += 8;
    const unsigned char *p = s + i;
    const unsigned char *pe = s + n;
    const unsigned char *done = p;
    int cs = utf8_start;
    %% write exec;
    /* The machine is final only between characters: in its start state. */
    if (cs == utf8_start)
        return true;
    if (bad)
        *bad = (size_t)(done - s);
    return false;
}

size_t ak_utf8_decode(const uint8_t *s, size_t n, uint32_t *cp)
{
    if (n == 0)
        return 0;
    uint8_t b0 = s[0];
    if (b0 < 0x80) {
        *cp = b0;
        return 1;
    }
    size_t len = b0 >= 0xf0 ? 4 : b0 >= 0xe0 ? 3 : 2;
    if (len > n || !ak_utf8_valid(s, len, NULL))
        return 0;
    uint32_t v = b0 & (0x7fu >> len);
    for (size_t k = 1; k < len; k++)
        v = (v << 6) | (s[k] & 0x3fu);
    *cp = v;
    return len;
}

size_t ak_utf8_encode(uint32_t cp, uint8_t out[4])
{
    if (cp < 0x80) {
        out[0] = (uint8_t)cp;
        return 1;
    }
    if (cp < 0x800) {
        out[0] = (uint8_t)(0xc0 | (cp >> 6));
        out[1] = (uint8_t)(0x80 | (cp & 0x3f));
        return 2;
    }
    if (cp < 0x10000) {
        out[0] = (uint8_t)(0xe0 | (cp >> 12));
        out[1] = (uint8_t)(0x80 | ((cp >> 6) & 0x3f));
        out[2] = (uint8_t)(0x80 | (cp & 0x3f));
        return 3;
    }
    out[0] = (uint8_t)(0xf0 | (cp >> 18));
    out[1] = (uint8_t)(0x80 | ((cp >> 12) & 0x3f));
    out[2] = (uint8_t)(0x80 | ((cp >> 6) & 0x3f));
    out[3] = (uint8_t)(0x80 | (cp & 0x3f));
    return 4;
}
