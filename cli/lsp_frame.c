/* LSP's base protocol framing (cli/lsp_frame.h). Header names are
 * case-insensitive; lines end with CRLF (a bare LF is taken too); a header
 * block without a Content-Length that is a number is skipped whole, and a
 * body over the limit is skipped as it comes, never buffered. */
#include "lsp_frame.h"

#include <string.h>

/* A header block may not grow past this without ending. */
#define LSP_MAX_HEADER 8192

void lsp_framer_init(lsp_framer *f, uint64_t max_body)
{
    ak_buf_init(&f->in);
    f->pos = 0;
    f->max_body = max_body;
    f->skip = 0;
}

void lsp_framer_free(lsp_framer *f)
{
    ak_buf_free(&f->in);
}

bool lsp_framer_feed(lsp_framer *f, const void *data, size_t n)
{
    const char *p = data;
    if (f->skip) {
        size_t k = f->skip < n ? (size_t)f->skip : n;
        f->skip -= k;
        p += k;
        n -= k;
    }
    if (!n)
        return true;
    if (f->pos && f->pos == f->in.len) {
        f->in.len = f->pos = 0;
    } else if (f->pos > (1u << 20) && f->pos * 2 > f->in.len) {
        memmove(f->in.data, f->in.data + f->pos, f->in.len - f->pos);
        f->in.len -= f->pos;
        f->pos = 0;
    }
    return ak_buf_append(&f->in, p, n);
}

static int lower(int c)
{
    return c >= 'A' && c <= 'Z' ? c + 32 : c;
}

/* The end of the header block that starts at s (after its blank line),
   0 when it has not all come. */
static size_t header_end(const char *s, size_t n)
{
    for (size_t i = 0; i + 1 < n; i++) {
        if (s[i] == '\n' && s[i + 1] == '\n')
            return i + 2;
        if (i + 3 < n && s[i] == '\r' && s[i + 1] == '\n' && s[i + 2] == '\r' && s[i + 3] == '\n')
            return i + 4;
    }
    return 0;
}

/* Content-Length's value in the header block s[0..n), false without one. */
static bool content_length(const char *s, size_t n, uint64_t *len)
{
    static const char name[] = "content-length:";
    size_t nl = sizeof name - 1;
    for (size_t i = 0; i < n;) {
        size_t e = i;
        while (e < n && s[e] != '\n')
            e++;
        size_t k = 0;
        while (k < nl && i + k < e && lower((unsigned char)s[i + k]) == name[k])
            k++;
        if (k == nl) {
            size_t j = i + nl;
            while (j < e && (s[j] == ' ' || s[j] == '\t'))
                j++;
            uint64_t v = 0;
            size_t digits = 0;
            while (j < e && s[j] >= '0' && s[j] <= '9' && digits < 19) {
                v = v * 10 + (uint64_t)(s[j++] - '0');
                digits++;
            }
            while (j < e && (s[j] == ' ' || s[j] == '\t' || s[j] == '\r'))
                j++;
            if (!digits || j != e)
                return false;
            *len = v;
            return true;
        }
        i = e + 1;
    }
    return false;
}

lsp_frame_status lsp_framer_next(lsp_framer *f, const char **body, uint64_t *len)
{
    if (f->in.failed)
        return LSP_FRAME_NO_MEMORY;
    if (f->skip || !f->in.data)
        return LSP_FRAME_NONE;
    const char *s = f->in.data + f->pos;
    size_t n = f->in.len - f->pos;
    /* blank lines between messages are not headers */
    while (n && (*s == '\r' || *s == '\n')) {
        s++;
        n--;
        f->pos++;
    }
    if (!n)
        return LSP_FRAME_NONE;
    size_t h = header_end(s, n);
    if (!h) {
        if (n > LSP_MAX_HEADER) {
            f->pos = f->in.len; /* a header that never ends: dropped */
            return LSP_FRAME_BAD_HEADER;
        }
        return LSP_FRAME_NONE;
    }
    uint64_t size;
    if (!content_length(s, h, &size)) {
        f->pos += h;
        return LSP_FRAME_BAD_HEADER;
    }
    if (size > f->max_body) {
        size_t here = n - h;
        size_t k = size < here ? (size_t)size : here;
        f->pos += h + k;
        f->skip = size - k;
        *len = size;
        return LSP_FRAME_TOO_LARGE;
    }
    if (n - h < size)
        return LSP_FRAME_NONE;
    *body = s + h;
    *len = size;
    f->pos += h + (size_t)size;
    return LSP_FRAME_MESSAGE;
}

bool lsp_frame_write(ak_buf *out, const char *body, size_t len)
{
    ak_buf_printf(out, "Content-Length: %zu\r\n\r\n", len);
    ak_buf_append(out, body, len);
    return !out->failed;
}
