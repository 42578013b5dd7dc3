/* Random JSON documents for the differential tests (deterministic: a
 * xorshift generator seeded by the caller). Covers every value kind,
 * escapes, non-ASCII text, surrogate pairs, all number forms and nesting. */
#ifndef AK_TEST_JSON_RANDOM_DOC_H
#define AK_TEST_JSON_RANDOM_DOC_H

#include <animkit/animkit.h>

#include <stdint.h>

static uint64_t ak_gen_next(uint64_t *s)
{
    *s ^= *s << 13;
    *s ^= *s >> 7;
    *s ^= *s << 17;
    return *s;
}

static void ak_gen_ws(ak_buf *b, uint64_t *s)
{
    static const char ws[] = " \t\r\n";
    while (ak_gen_next(s) % 4 == 0)
        ak_buf_putc(b, ws[ak_gen_next(s) % 4]);
}

static void ak_gen_string(ak_buf *b, uint64_t *s)
{
    static const char *const pieces[] = {"a", "Z", " ", "\\\"", "\\\\", "\\/", "\\b", "\\f", "\\n", "\\r", "\\t",
                                         "\\u0000", "\\u00e9", "\\uFFFF", "\\ud83d\\ude00", "\xc3\xa9",
                                         "\xe4\xb8\xad", "\xf0\x9f\x98\x80", "~", "/", "\x7f"};
    ak_buf_putc(b, '"');
    int n = (int)(ak_gen_next(s) % 12);
    for (int i = 0; i < n; i++)
        ak_buf_puts(b, pieces[ak_gen_next(s) % (sizeof pieces / sizeof pieces[0])]);
    ak_buf_putc(b, '"');
}

static void ak_gen_number(ak_buf *b, uint64_t *s)
{
    uint64_t r = ak_gen_next(s);
    if (r & 1)
        ak_buf_putc(b, '-');
    if ((r >> 1) % 5 == 0)
        ak_buf_putc(b, '0');
    else
        ak_buf_printf(b, "%llu", (unsigned long long)(ak_gen_next(s) >> (r % 60)) + 1);
    if ((r >> 4) & 1)
        ak_buf_printf(b, ".%llu", (unsigned long long)(ak_gen_next(s) % 100000000));
    if ((r >> 5) % 3 == 0)
        ak_buf_printf(b, "%c%s%d", (r >> 8) & 1 ? 'e' : 'E', (r >> 9) % 3 == 0 ? "+" : (r >> 9) % 3 == 1 ? "-" : "",
                      (int)((r >> 12) % 400));
}

/* Appends one random value; nesting bounded by depth. Iterative over a
 * small explicit stack so that the generator itself never recurses. */
static void ak_gen_value(ak_buf *b, uint64_t *s, int max_depth)
{
    char stack[64];
    int count[64];
    bool first[64];
    int depth = 0;
    if (max_depth > 63)
        max_depth = 63;
    for (;;) {
        ak_gen_ws(b, s);
        uint64_t r = ak_gen_next(s) % 10;
        if (depth < max_depth && r < 3) {
            char open = r == 0 ? '{' : '[';
            ak_buf_putc(b, open);
            stack[depth] = open;
            first[depth] = true;
            count[depth++] = (int)(ak_gen_next(s) % 6);
        } else {
            switch (r % 5) {
            case 0: ak_gen_string(b, s); break;
            case 1: ak_gen_number(b, s); break;
            case 2: ak_buf_puts(b, "true"); break;
            case 3: ak_buf_puts(b, ak_gen_next(s) & 1 ? "false" : "null"); break;
            default: ak_gen_number(b, s); break;
            }
        }
        /* close finished containers, then start the next member/element */
        for (;;) {
            if (depth == 0)
                return;
            ak_gen_ws(b, s);
            if (count[depth - 1] == 0) {
                ak_buf_putc(b, stack[depth - 1] == '{' ? '}' : ']');
                depth--;
                continue;
            }
            count[depth - 1]--;
            break;
        }
        /* no separator before the first item of a container */
        if (!first[depth - 1])
            ak_buf_putc(b, ',');
        first[depth - 1] = false;
        if (stack[depth - 1] == '{') {
            ak_gen_ws(b, s);
            ak_gen_string(b, s);
            ak_gen_ws(b, s);
            ak_buf_putc(b, ':');
        }
    }
}

#endif
