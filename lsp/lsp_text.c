/* LSP positions: a line (LF, CRLF and CR end lines, as LSP says) and a
 * character offset in UTF-16 code units (LSP's default) or UTF-8 bytes
 * (when the client offers utf-8). animkit's own columns count code points
 * on LF-ended lines; a byte offset is what both are computed from. Bytes of
 * ill-formed UTF-8 count as one unit each (a document's text came in a
 * JSON string, so it has none; the code does not rely on that). */
#include "lsp.h"

#include <stdlib.h>
#include <string.h>

bool lsp_lines_build(lsp_lines *l, const uint8_t *text, size_t size)
{
    size_t n = 1;
    for (size_t i = 0; i < size; i++)
        if (text[i] == '\n' || (text[i] == '\r' && (i + 1 >= size || text[i + 1] != '\n')))
            n++;
    l->starts = malloc(n * sizeof *l->starts);
    if (!l->starts) {
        l->count = 0;
        return false;
    }
    l->count = 0;
    l->starts[l->count++] = 0;
    for (size_t i = 0; i < size; i++)
        if (text[i] == '\n' || (text[i] == '\r' && (i + 1 >= size || text[i + 1] != '\n')))
            l->starts[l->count++] = i + 1;
    return true;
}

void lsp_lines_free(lsp_lines *l)
{
    free(l->starts);
    l->starts = NULL;
    l->count = 0;
}

/* The length of the UTF-8 sequence at p (1 for a byte that starts none). */
static size_t seq_len(const uint8_t *p, size_t avail)
{
    uint8_t c = p[0];
    size_t n = c < 0x80 ? 1 : (c & 0xE0) == 0xC0 && c >= 0xC2 ? 2 : (c & 0xF0) == 0xE0 ? 3
                                                                      : (c & 0xF8) == 0xF0 && c <= 0xF4 ? 4 : 1;
    if (n > avail)
        return 1;
    for (size_t i = 1; i < n; i++)
        if ((p[i] & 0xC0) != 0x80)
            return 1;
    return n;
}

static size_t units_of(size_t seq, bool utf8)
{
    return utf8 ? seq : seq == 4 ? 2 : 1;
}

/* The end of line `line`'s text (before its line end). */
static size_t line_end(const lsp_lines *l, const uint8_t *text, size_t size, size_t line)
{
    size_t end = line + 1 < l->count ? l->starts[line + 1] : size;
    if (end > l->starts[line] && line + 1 < l->count) {
        end--; /* LF or CR */
        if (text[end] == '\n' && end > l->starts[line] && text[end - 1] == '\r')
            end--;
    }
    return end;
}

lsp_pos lsp_position(const lsp_lines *l, const uint8_t *text, size_t size, size_t offset, bool utf8)
{
    lsp_pos p = {0, 0};
    if (!l->count)
        return p;
    if (offset > size)
        offset = size;
    size_t lo = 0, hi = l->count;
    while (hi - lo > 1) {
        size_t mid = lo + (hi - lo) / 2;
        if (l->starts[mid] <= offset)
            lo = mid;
        else
            hi = mid;
    }
    p.line = lo > UINT32_MAX ? UINT32_MAX : (uint32_t)lo;
    size_t units = 0;
    for (size_t i = l->starts[lo]; i < offset;) {
        size_t n = seq_len(text + i, size - i);
        if (i + n > offset)
            break; /* inside a sequence: the character it belongs to */
        units += units_of(n, utf8);
        i += n;
    }
    p.character = units > UINT32_MAX ? UINT32_MAX : (uint32_t)units;
    return p;
}

size_t lsp_offset(const lsp_lines *l, const uint8_t *text, size_t size, lsp_pos p, bool utf8)
{
    if (!l->count)
        return 0;
    if (p.line >= l->count)
        return size;
    size_t i = l->starts[p.line], end = line_end(l, text, size, p.line);
    size_t units = 0;
    while (i < end && units < p.character) {
        size_t n = seq_len(text + i, size - i);
        units += units_of(n, utf8);
        i += n;
    }
    return i;
}
