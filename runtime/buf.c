/* ak_buf: a growable byte buffer. */
#include <animkit/animkit.h>

#include "budget.h"
#include "utf8.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void ak_buf_init(ak_buf *b)
{
    b->data = NULL;
    b->len = 0;
    b->cap = 0;
    b->failed = false;
    b->budget = NULL;
}

void ak_buf_free(ak_buf *b)
{
    ak_buf_detach(b);
    free(b->data);
    ak_buf_init(b);
}

bool ak_buf_reserve(ak_buf *b, size_t extra) { return ak_buf_reserve_as(b, extra, "the output"); }

bool ak_buf_reserve_as(ak_buf *b, size_t extra, const char *what)
{
    if (b->failed)
        return false;
    if (extra <= b->cap - b->len)
        return true;
    if (extra > SIZE_MAX - b->len - 1) {
        b->failed = true;
        return false;
    }
    size_t need = b->len + extra + 1; /* room for a terminator */
    if (b->budget && b->budget->capped == b && need - 1 > b->budget->cap_len) {
        b->budget->over_cap = true; /* the caller says what that means */
        b->failed = true;
        return false;
    }
    size_t cap = b->cap ? b->cap : 64;
    while (cap < need)
        cap = cap > SIZE_MAX / 2 ? need : cap * 2;
    if (b->budget && b->budget->capped == b && cap > b->budget->cap_len + 1)
        cap = b->budget->cap_len + 1;
    size_t grow = cap - 1 - b->cap;
    if (b->budget && !ak_budget_fits(b->budget, grow)) {
        /* the budget may still hold what is needed without doubling */
        cap = need;
        grow = cap - 1 - b->cap;
    }
    if (!ak_budget_take(b->budget, grow, what)) {
        b->failed = true;
        return false;
    }
    char *p = realloc(b->data, cap);
    if (!p) {
        ak_budget_give(b->budget, grow);
        ak_budget_failed(b->budget, cap, what);
        b->failed = true;
        return false;
    }
    b->data = p;
    b->cap = cap - 1;
    return true;
}

bool ak_buf_append(ak_buf *b, const void *data, size_t n)
{
    /* room left, the common case, without the growth's checks (a writer
       appends a few bytes at a time) */
    if (n && n <= b->cap - b->len && !b->failed) {
        memcpy(b->data + b->len, data, n);
        b->len += n;
        return true;
    }
    if (n == 0)
        return !b->failed;
    if (!ak_buf_reserve(b, n))
        return false;
    memcpy(b->data + b->len, data, n);
    b->len += n;
    return true;
}

bool ak_buf_puts(ak_buf *b, const char *s) { return ak_buf_append(b, s, strlen(s)); }

bool ak_buf_putc(ak_buf *b, char c)
{
    if (b->len < b->cap && !b->failed) {
        b->data[b->len++] = c;
        return true;
    }
    return ak_buf_append(b, &c, 1);
}

bool ak_buf_vprintf(ak_buf *b, const char *fmt, va_list ap)
{
    va_list ap2;
    va_copy(ap2, ap);
    int n = vsnprintf(NULL, 0, fmt, ap2);
    va_end(ap2);
    if (n < 0 || !ak_buf_reserve(b, (size_t)n)) {
        b->failed = true;
        return false;
    }
    vsnprintf(b->data + b->len, (size_t)n + 1, fmt, ap);
    b->len += (size_t)n;
    return true;
}

bool ak_buf_printf(ak_buf *b, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    bool ok = ak_buf_vprintf(b, fmt, ap);
    va_end(ap);
    return ok;
}

bool ak_buf_json_string(ak_buf *b, const char *s, size_t n)
{
    static const char hex[] = "0123456789abcdef";
    const uint8_t *p = (const uint8_t *)s;
    ak_buf_putc(b, '"');
    size_t i = 0;
    while (i < n) {
        size_t run = i;
        while (run < n && p[run] >= 0x20 && p[run] < 0x80 && p[run] != '"' && p[run] != '\\')
            run++;
        ak_buf_append(b, p + i, run - i);
        i = run;
        if (i >= n)
            break;
        uint8_t c = p[i];
        if (c >= 0x80) {
            uint32_t cp;
            size_t len = ak_utf8_decode(p + i, n - i, &cp);
            if (len) {
                ak_buf_append(b, p + i, len);
                i += len;
            } else {
                ak_buf_puts(b, "\xef\xbf\xbd"); /* U+FFFD for a byte that is not UTF-8 */
                i++;
            }
            continue;
        }
        switch (c) {
        case '"': ak_buf_puts(b, "\\\""); break;
        case '\\': ak_buf_puts(b, "\\\\"); break;
        case '\b': ak_buf_puts(b, "\\b"); break;
        case '\f': ak_buf_puts(b, "\\f"); break;
        case '\n': ak_buf_puts(b, "\\n"); break;
        case '\r': ak_buf_puts(b, "\\r"); break;
        case '\t': ak_buf_puts(b, "\\t"); break;
        default: {
            char esc[6] = {'\\', 'u', '0', '0', hex[c >> 4], hex[c & 15]};
            ak_buf_append(b, esc, 6);
        }
        }
        i++;
    }
    return ak_buf_putc(b, '"');
}

bool ak_buf_xml_text(ak_buf *b, const char *s, size_t n)
{
    const uint8_t *p = (const uint8_t *)s;
    size_t i = 0;
    while (i < n) {
        size_t run = i;
        while (run < n && p[run] >= 0x20 && p[run] < 0x7f && p[run] != '&' && p[run] != '<' && p[run] != '>' &&
               p[run] != '"' && p[run] != '\'')
            run++;
        ak_buf_append(b, p + i, run - i);
        i = run;
        if (i >= n)
            break;
        uint8_t c = p[i];
        uint32_t cp = 0;
        size_t len = c >= 0x80 ? ak_utf8_decode(p + i, n - i, &cp) : 1;
        switch (c) {
        case '&': ak_buf_puts(b, "&amp;"); break;
        case '<': ak_buf_puts(b, "&lt;"); break;
        case '>': ak_buf_puts(b, "&gt;"); break;
        case '"': ak_buf_puts(b, "&quot;"); break;
        case '\'': ak_buf_puts(b, "&#39;"); break;
        case '\t':
        case '\n':
        case '\r': ak_buf_putc(b, (char)c); break;
        default:
            /* XML 1.0 has no control characters, U+FFFE or U+FFFF; DEL and
               the C1 controls are "discouraged" and would confuse a reader. */
            if (len == 0 || c < 0x20 || c == 0x7f || (cp >= 0x80 && cp < 0xa0) || cp == 0xfffe || cp == 0xffff) {
                ak_buf_puts(b, "\xef\xbf\xbd");
                len = len ? len : 1;
            } else {
                ak_buf_append(b, p + i, len);
            }
        }
        i += len;
    }
    return !b->failed;
}

const char *ak_buf_cstr(ak_buf *b)
{
    if (!b->data && !ak_buf_reserve(b, 1))
        return "";
    b->data[b->len] = '\0';
    return b->data;
}
