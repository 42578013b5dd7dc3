/* The JSON writer (see json_writer.h). Sorted objects buffer their members
 * (name + rendered value text) in their level and write them out, sorted,
 * when they end; everything inside such an object, nested objects and
 * arrays included, is rendered into that buffer, so the nesting needs no
 * recursion. */
#include "json_writer.h"
#include "sort.h"

#include "numbers.h"
#include "utf8.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* From grammars/json_number.rl (the JSON number machine). */
uint32_t ak_json_number_class(const char *s, size_t n);
#define NUMBER_VALID (1u << 31)

typedef struct member {
    size_t key_off, key_len, text_off, text_len;
} member;

struct ak_json_writer_level {
    bool is_object;
    bool sorting;
    bool after_key;
    size_t count;
    size_t sink; /* index+1 of the level whose buffer receives this level's text; 0 = out */
    ak_buf text; /* sorting: the members' value texts */
    ak_buf keys; /* sorting: the members' names */
    member *members;
    size_t nmembers, members_cap;
};

static void flag(ak_json_writer *w, const char *why)
{
    if (!w->error)
        w->why = why;
    w->error = true;
}

void ak_json_writer_init(ak_json_writer *w, ak_buf *out, const ak_json_writer_options *opt)
{
    memset(w, 0, sizeof *w);
    w->out = out;
    if (opt)
        w->opt = *opt;
}

static void free_level(ak_json_writer_level *l)
{
    ak_buf_free(&l->text);
    ak_buf_free(&l->keys);
    free(l->members);
    l->members = NULL;
    l->nmembers = l->members_cap = 0;
}

bool ak_json_writer_finish(ak_json_writer *w)
{
    bool complete = w->depth == 0 && w->top_written;
    if (!complete)
        flag(w, w->top_written ? "unclosed object or array" : "nothing was written");
    for (size_t i = 0; i < w->cap; i++) {
        if (w->levels[i].text.failed || w->levels[i].keys.failed)
            w->out->failed = true; /* text that never reached the output */
        free_level(&w->levels[i]);
    }
    free(w->levels);
    w->levels = NULL;
    w->depth = w->cap = 0;
    if (complete && w->opt.final_newline)
        ak_buf_putc(w->out, '\n');
    return !w->error && !w->out->failed;
}

/* The buffer that text at the current level goes to. */
static ak_buf *sink(ak_json_writer *w)
{
    if (w->depth == 0)
        return w->out;
    ak_json_writer_level *l = &w->levels[w->depth - 1];
    if (l->sorting)
        return &l->text;
    return l->sink ? &w->levels[l->sink - 1].text : w->out;
}

/* Room for n more bytes in b: the common case inline, as the writer puts a
 * few bytes at a time (a conversion's output is mostly such pieces), and
 * ak_buf_reserve only to grow. */
static inline bool room(ak_buf *b, size_t n) { return (n <= b->cap - b->len && !b->failed) || ak_buf_reserve(b, n); }

static inline void put1(ak_buf *b, char c)
{
    if (room(b, 1))
        b->data[b->len++] = c;
}

static inline void put(ak_buf *b, const char *s, size_t n)
{
    if (room(b, n)) {
        memcpy(b->data + b->len, s, n);
        b->len += n;
    }
}

/* The spaces of an indentation of n bytes at p, 8 at a time (p has room
   for n rounded up to 8). */
static inline char *put_indent(char *p, size_t n)
{
    for (size_t i = 0; i < n; i += 8)
        memcpy(p + i, "        ", 8);
    return p + n;
}

/* At the end of b: a comma when comma, then a newline and the
 * indentation of depth when the writer indents, with room for `extra`
 * bytes after them, which the caller writes at the pointer returned (and
 * sets b->len); NULL when b cannot grow. The spaces go 8 at a time (a
 * pretty-printed file is mostly its indentation) where b has 8 bytes to
 * spare, so that no more than the text is ever reserved (a capped output,
 * ak_budget_cap, may end exactly at its cap). */
static inline __attribute__((always_inline)) char *put_break(ak_json_writer *w, ak_buf *b, bool comma, size_t depth,
                                                             size_t extra)
{
    size_t n = w->opt.indent ? depth * w->opt.indent : 0;
    size_t need = (comma ? 1 : 0) + (w->opt.indent ? 1 + n : 0) + extra;
    bool spare = need + 8 <= b->cap - b->len && !b->failed;
    if (!spare && !ak_buf_reserve(b, need))
        return NULL;
    char *p = b->data + b->len;
    if (comma)
        *p++ = ',';
    if (!w->opt.indent)
        return p;
    *p++ = '\n';
    if (spare)
        return put_indent(p, n);
    memset(p, ' ', n);
    return p + n;
}

static void newline_indent(ak_json_writer *w, ak_buf *b, size_t depth)
{
    char *p = w->opt.indent ? put_break(w, b, false, depth, 0) : NULL;
    if (p)
        b->len = (size_t)(p - b->data);
}

/* The bytes a string holds as they are: ASCII but controls, the quote and
 * the backslash. */
static const bool plain_byte[256] = {[0x20 ... 0x21] = true, [0x23 ... 0x5b] = true, [0x5d ... 0x7f] = true};

/* Copies the string s (n) to p as it goes between its quotes, where it
 * can: ASCII with no control, quote or backslash (a member name, mostly).
 * Returns the end, or NULL where s needs escapes (p's bytes are then
 * garbage past the buffer's length). A loop rather than memcpy: the names
 * are a few bytes. */
static char *put_plain(char *p, const char *s, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        unsigned char c = (unsigned char)s[i];
        if (!plain_byte[c])
            return NULL;
        p[i] = (char)c;
    }
    return p + n;
}

static void write_escaped(ak_json_writer *w, ak_buf *b, const char *s, size_t n)
{
    static const char hexd[] = "0123456789abcdef";
    char *p = room(b, n + 2) ? put_plain(b->data + b->len + 1, s, n) : NULL;
    if (p) {
        b->data[b->len] = '"';
        *p++ = '"';
        b->len = (size_t)(p - b->data);
        return;
    }
    ak_buf_putc(b, '"');
    size_t run = 0, i = 0;
    while (i < n) {
        unsigned char c = (unsigned char)s[i];
        if (plain_byte[c]) {
            i++;
            continue;
        }
        ak_buf_append(b, s + run, i - run);
        if (c >= 0x80) {
            size_t len = 1;
            while (i + len < n && (unsigned char)s[i + len] >= 0x80)
                len++;
            size_t bad;
            const uint8_t *u = (const uint8_t *)s + i;
            size_t done = 0;
            while (done < len) {
                if (ak_utf8_valid(u + done, len - done, &bad)) {
                    ak_buf_append(b, u + done, len - done);
                    break;
                }
                ak_buf_append(b, u + done, bad);
                ak_buf_puts(b, "\xef\xbf\xbd"); /* U+FFFD */
                flag(w, "invalid UTF-8 in a string (written as U+FFFD)");
                done += bad + 1;
            }
            i += len;
            run = i;
            continue;
        }
        char esc[7] = {'\\', 0, 0, 0, 0, 0, 0};
        size_t elen = 2;
        switch (c) {
        case '"': esc[1] = '"'; break;
        case '\\': esc[1] = '\\'; break;
        case '\b': esc[1] = 'b'; break;
        case '\f': esc[1] = 'f'; break;
        case '\n': esc[1] = 'n'; break;
        case '\r': esc[1] = 'r'; break;
        case '\t': esc[1] = 't'; break;
        default:
            esc[1] = 'u';
            esc[2] = '0';
            esc[3] = '0';
            esc[4] = hexd[c >> 4];
            esc[5] = hexd[c & 15];
            elen = 6;
        }
        ak_buf_append(b, esc, elen);
        i++;
        run = i;
    }
    ak_buf_append(b, s + run, n - run);
    ak_buf_putc(b, '"');
}

/* Before a value: separators and indentation of the enclosing level.
 * Returns the buffer to write the value into, or NULL to drop it. */
static ak_buf *before_value(ak_json_writer *w)
{
    if (w->depth == 0) {
        if (w->top_written) {
            flag(w, "a second top-level value");
            return NULL;
        }
        w->top_written = true;
        return w->out;
    }
    ak_json_writer_level *l = &w->levels[w->depth - 1];
    ak_buf *b = sink(w);
    if (l->is_object) {
        if (!l->after_key) {
            flag(w, "a value without a member name");
            return NULL;
        }
        l->after_key = false;
        return b;
    }
    char *p = put_break(w, b, l->count++ != 0, w->depth, 0);
    if (p)
        b->len = (size_t)(p - b->data);
    return b;
}

/* What follows a member name's bytes at p: its closing quote, the colon
   and, indented, a space. */
static inline char *put_name_end(const ak_json_writer *w, char *p)
{
    *p++ = '"';
    *p++ = ':';
    if (w->opt.indent)
        *p++ = ' ';
    return p;
}

/* plain: s needs no escape (ak_json_key_plain), copied without a test of
   each byte. */
static inline __attribute__((always_inline)) void write_member_name(ak_json_writer *w, ak_buf *b,
                                                                    ak_json_writer_level *l, const char *s, size_t n,
                                                                    bool plain)
{
    bool comma = l->count++ != 0;
    char *p = put_break(w, b, comma, w->depth, n + 4 - !w->opt.indent);
    if (p) {
        *p++ = '"';
        p = plain ? (char *)memcpy(p, s, n) + n : put_plain(p, s, n);
    }
    if (p) {
        /* the common case in one piece: separator, indentation, name */
        b->len = (size_t)(put_name_end(w, p) - b->data);
        return;
    }
    if (comma)
        ak_buf_putc(b, ',');
    newline_indent(w, b, w->depth);
    write_escaped(w, b, s, n);
    if (w->opt.indent)
        ak_buf_append(b, ": ", 2);
    else
        ak_buf_putc(b, ':');
}

void ak_json_key(ak_json_writer *w, const char *s, size_t n)
{
    if (w->depth == 0 || !w->levels[w->depth - 1].is_object || w->levels[w->depth - 1].after_key) {
        flag(w, "a member name outside an object");
        return;
    }
    ak_json_writer_level *l = &w->levels[w->depth - 1];
    l->after_key = true;
    if (!l->sorting) {
        write_member_name(w, sink(w), l, s, n, false);
        return;
    }
    if (l->nmembers == l->members_cap) {
        size_t nc = l->members_cap ? l->members_cap * 2 : 16;
        member *nm = realloc(l->members, nc * sizeof *nm);
        if (!nm) {
            w->out->failed = true;
            flag(w, "out of memory");
            return;
        }
        l->members = nm;
        l->members_cap = nc;
    }
    member *m = &l->members[l->nmembers++];
    m->key_off = l->keys.len;
    m->key_len = n;
    ak_buf_append(&l->keys, s, n);
    m->text_off = l->text.len;
    m->text_len = 0;
}

void ak_json_keyz(ak_json_writer *w, const char *s) { ak_json_key(w, s, strlen(s)); }

/* Where the level writes as it goes (no sorting), the name goes as
   ak_json_key's, without put_plain's test of each byte (a conversion writes
   a member name for every value it writes). */
void ak_json_key_plain(ak_json_writer *w, const char *s, size_t n)
{
    ak_json_writer_level *l = w->depth ? &w->levels[w->depth - 1] : NULL;
    if (!l || !l->is_object || l->after_key || l->sorting) {
        ak_json_key(w, s, n);
        return;
    }
    l->after_key = true;
    write_member_name(w, sink(w), l, s, n, true);
}

static void begin(ak_json_writer *w, bool object)
{
    ak_buf *b = before_value(w);
    if (!b)
        return;
    put1(b, object ? '{' : '[');
    if (w->depth == w->cap) {
        size_t nc = w->cap ? w->cap * 2 : 16;
        ak_json_writer_level *nl = realloc(w->levels, nc * sizeof *nl);
        if (!nl) {
            w->out->failed = true;
            flag(w, "out of memory");
            return;
        }
        memset(nl + w->cap, 0, (nc - w->cap) * sizeof *nl);
        w->levels = nl;
        w->cap = nc;
    }
    size_t parent_sink = 0;
    if (w->depth) {
        ak_json_writer_level *p = &w->levels[w->depth - 1];
        parent_sink = p->sorting ? w->depth : p->sink;
    }
    ak_json_writer_level *l = &w->levels[w->depth++];
    l->is_object = object;
    l->sorting = object && w->opt.sort_keys;
    l->after_key = false;
    l->count = 0;
    l->sink = parent_sink;
    l->text.len = 0;
    l->keys.len = 0;
    l->nmembers = 0;
}

void ak_json_begin_object(ak_json_writer *w) { begin(w, true); }
void ak_json_begin_array(ak_json_writer *w) { begin(w, false); }

static bool is_first(const char *first, const char *name, size_t len)
{
    return first && len == strlen(first) && memcmp(name, first, len) == 0;
}

int ak_json_name_order(const char *first, const char *a, size_t alen, const char *b, size_t blen)
{
    bool fa = is_first(first, a, alen), fb = is_first(first, b, blen);
    if (fa != fb)
        return fa ? -1 : 1;
    size_t n = alen < blen ? alen : blen;
    int c = n ? memcmp(a, b, n) : 0;
    if (c)
        return c;
    return alen < blen ? -1 : alen > blen;
}

typedef struct member_order {
    const char *first, *keys;
} member_order;

static bool member_before(const void *x, const void *y, void *ctx)
{
    const member_order *o = ctx;
    const member *a = x, *b = y;
    return ak_json_name_order(o->first, o->keys + a->key_off, a->key_len, o->keys + b->key_off, b->key_len) < 0;
}

/* By name, equal names keeping their order. */
static bool sort_members(ak_json_writer_level *l, const char *first)
{
    member_order o = {first, l->keys.data};
    return ak_sort_stable(l->members, l->nmembers, sizeof *l->members, member_before, &o);
}

static void end(ak_json_writer *w, bool object)
{
    if (w->depth == 0 || w->levels[w->depth - 1].is_object != object) {
        flag(w, "an unbalanced end of object or array");
        return;
    }
    ak_json_writer_level *l = &w->levels[w->depth - 1];
    if (l->after_key) {
        flag(w, "a member name without a value (written as null)");
        ak_json_null(w);
    }
    if (l->sorting && (l->keys.failed || l->text.failed)) {
        /* an allocation failed: the members are incomplete (and their
           offsets may point past what was kept) */
        w->out->failed = true;
        flag(w, "out of memory");
        l->sorting = false;
        l->nmembers = 0;
    }
    if (l->sorting) {
        /* Value text lengths: each runs up to the next member's text. */
        for (size_t i = 0; i < l->nmembers; i++)
            l->members[i].text_len =
                (i + 1 < l->nmembers ? l->members[i + 1].text_off : l->text.len) - l->members[i].text_off;
        if (!sort_members(l, w->first_key)) {
            w->out->failed = true;
            flag(w, "out of memory");
        }
        l->sorting = false; /* from here on, write to the parent's sink */
        ak_buf *b = sink(w);
        l->count = 0;
        for (size_t i = 0; i < l->nmembers; i++) {
            const member *m = &l->members[i];
            write_member_name(w, b, l, l->keys.data + m->key_off, m->key_len, false);
            ak_buf_append(b, l->text.data + m->text_off, m->text_len);
        }
    }
    ak_buf *b = sink(w);
    if (l->count || w->open_empty)
        newline_indent(w, b, w->depth - 1);
    put1(b, object ? '}' : ']');
    w->depth--;
}

void ak_json_end_object(ak_json_writer *w) { end(w, true); }
void ak_json_end_array(ak_json_writer *w) { end(w, false); }

void ak_json_string(ak_json_writer *w, const char *s, size_t n)
{
    ak_buf *b = before_value(w);
    if (b)
        write_escaped(w, b, s, n);
}

void ak_json_stringz(ak_json_writer *w, const char *s) { ak_json_string(w, s, strlen(s)); }

static void put_number(ak_json_writer *w, const char *text, size_t n)
{
    ak_buf *b = before_value(w);
    if (b)
        put(b, text, n);
}

/* v (finite) as Qt writes a double: see AK_JSON_NUMBERS_QT. */
static size_t qt_number(double v, char *buf)
{
    if (v == 0)
        return (size_t)snprintf(buf, AK_NUM_BUFSIZE, "0");
    if (v == trunc(v) && fabs(v) < 9007199254740992.0)
        return (size_t)snprintf(buf, AK_NUM_BUFSIZE, "%lld", (long long)v);
    char dig[18];
    int point;
    bool neg;
    int nd = ak_shortest_f64(v, dig, &point, &neg);
    int decpt = point + 1;
    bool decimal = decpt <= 0 ? 1 - decpt <= 4 : decpt <= nd + 4;
    char *p = buf;
    if (neg)
        *p++ = '-';
    if (decimal && decpt <= 0) {
        p += sprintf(p, "0.%.*s%.*s", -decpt, "0000", nd, dig);
    } else if (decimal) {
        for (int i = 0; i < (decpt > nd ? decpt : nd); i++) {
            if (i == decpt)
                *p++ = '.';
            *p++ = i < nd ? dig[i] : '0';
        }
        *p = 0;
    } else {
        *p++ = dig[0];
        if (nd > 1)
            p += sprintf(p, ".%.*s", nd - 1, dig + 1);
        p += sprintf(p, "e%c%02d", point < 0 ? '-' : '+', point < 0 ? -point : point);
    }
    return (size_t)(p - buf);
}

/* v (finite) as ECMAScript's Number::toString lays out its shortest digits
   (of the float when f32): see AK_JSON_NUMBERS_ECMASCRIPT. buf holds
   AK_NUM_BUFSIZE bytes; the common layouts (a point within the digits or
   after "0.") copy the digits in fixed pieces of 16 or 24 bytes, past
   their end into bytes the returned length leaves out: the digits' buffer
   is zeroed and long enough for that. */
static size_t ecmascript_number(double v, bool f32, char *buf)
{
    char digits[40] = {0};
    int exp10 = 0;
    bool neg = false;
    int k = f32 ? ak_shortest_f32((float)v, digits, &exp10, &neg) : ak_shortest_f64(v, digits, &exp10, &neg);
    int n = exp10 + 1;
    size_t len = 0;
    if (neg)
        buf[len++] = '-';
    if (-6 < n && n <= 0) { /* 0.000ddd: at most 2 + 5 + 24 bytes */
        memcpy(buf + len, "0.000000", 8);
        memcpy(buf + len + 2 - n, digits, 24);
        return len + (size_t)(2 - n + k);
    }
    if (0 < n && n < k) { /* ddd.ddd: n <= 16 digits, then at most 16 */
        memcpy(buf + len, digits, 16);
        buf[len + (size_t)n] = '.';
        memcpy(buf + len + (size_t)n + 1, digits + n, 16);
        return len + (size_t)k + 1;
    }
    if (k <= n && n <= 21) {
        memcpy(buf + len, digits, (size_t)k);
        len += (size_t)k;
        for (int i = 0; i < n - k; i++)
            buf[len++] = '0';
    } else {
        buf[len++] = digits[0];
        if (k > 1) {
            buf[len++] = '.';
            memcpy(buf + len, digits + 1, (size_t)(k - 1));
            len += (size_t)(k - 1);
        }
        len += (size_t)snprintf(buf + len, AK_NUM_BUFSIZE - len, "e%c%d", n - 1 < 0 ? '-' : '+', abs(n - 1));
    }
    return len;
}

/* Where b has AK_NUM_BUFSIZE bytes to spare, a number is laid out in
   place; else (an output capped near its end, ak_budget_cap) in buf, for
   put to take what fits. Returns where to lay it out. */
static inline char *number_at(ak_buf *b, char *buf)
{
    return AK_NUM_BUFSIZE <= b->cap - b->len && !b->failed ? b->data + b->len : buf;
}

static inline void number_done(ak_buf *b, char *at, const char *buf, size_t n)
{
    if (at == buf)
        put(b, buf, n);
    else
        b->len += n;
}

/* v's text at `at` (AK_NUM_BUFSIZE bytes) as ak_json_f32 (f32: v is a
   float) or ak_json_f64 spells it; v is finite. */
static size_t number_text(const ak_json_writer *w, double v, bool f32, char *at)
{
    if (f32)
        return w->number_style == AK_JSON_NUMBERS_ECMASCRIPT ? ecmascript_number(v, true, at)
                                                             : ak_format_f32((float)v, at);
    return w->number_style == AK_JSON_NUMBERS_QT           ? qt_number(v, at)
           : w->number_style == AK_JSON_NUMBERS_ECMASCRIPT ? ecmascript_number(v, false, at)
                                                           : ak_format_f64(v, at);
}

static const char non_finite[] = "a NaN or infinite number (written as null)";

static void put_float(ak_json_writer *w, double v, bool f32)
{
    char buf[AK_NUM_BUFSIZE];
    if (v != v || v - v != 0.0) {
        flag(w, non_finite);
        put_number(w, "null", 4);
        return;
    }
    ak_buf *b = before_value(w);
    if (!b)
        return;
    char *at = number_at(b, buf);
    number_done(b, at, buf, number_text(w, v, f32, at));
}

void ak_json_f64(ak_json_writer *w, double v) { put_float(w, v, false); }

void ak_json_f32(ak_json_writer *w, float v) { put_float(w, v, true); }

void ak_json_number_members(ak_json_writer *w, const char *const *names, const size_t *lens, const double *values,
                            size_t n, bool f32)
{
    ak_json_writer_level *l = w->depth ? &w->levels[w->depth - 1] : NULL;
    ak_buf *b = l ? sink(w) : NULL;
    size_t ind = w->opt.indent, outer = w->depth * ind, inner = outer + ind;
    /* at most: the break before the object (in an array), and per member a
       comma, a break, the name, `": ` and a number; the closing break;
       8 spare bytes for put_indent */
    size_t need = 2 + outer + 1 + 2 + outer + 8;
    bool fast = l && !l->sorting && !w->opt.sort_keys && (!l->is_object || l->after_key) && n;
    for (size_t i = 0; fast && i < n; i++) {
        fast = lens[i] <= 64;
        need += 2 + inner + lens[i] + 4 + AK_NUM_BUFSIZE;
    }
    if (!fast || need > b->cap - b->len || b->failed) {
        ak_json_begin_object(w);
        for (size_t i = 0; i < n; i++) {
            ak_json_key_plain(w, names[i], lens[i]);
            put_float(w, values[i], f32);
        }
        ak_json_end_object(w);
        return;
    }
    b = before_value(w); /* the same buffer: its separator, within `need` */
    char *p = b->data + b->len;
    *p++ = '{';
    for (size_t i = 0; i < n; i++) {
        if (i)
            *p++ = ',';
        if (ind) {
            *p++ = '\n';
            p = put_indent(p, inner);
        }
        *p++ = '"';
        memcpy(p, names[i], lens[i]);
        p = put_name_end(w, p + lens[i]);
        double v = values[i];
        if (v != v || v - v != 0.0) {
            flag(w, non_finite);
            memcpy(p, "null", 4);
            p += 4;
        } else {
            p += number_text(w, v, f32, p);
        }
    }
    if (ind) {
        *p++ = '\n';
        p = put_indent(p, outer);
    }
    *p++ = '}';
    b->len = (size_t)(p - b->data);
}

void ak_json_i64(ak_json_writer *w, int64_t v)
{
    char buf[AK_NUM_BUFSIZE];
    put_number(w, buf, ak_format_i64(v, buf));
}

void ak_json_u64(ak_json_writer *w, uint64_t v)
{
    char buf[AK_NUM_BUFSIZE];
    put_number(w, buf, ak_format_u64(v, buf));
}

/* I-JSON (RFC 7493 §2.2): integers beyond +-(2^53 - 1) do not survive a
   reader that holds numbers as doubles (jq, JavaScript): such values are
   written as decimal strings, which every reader keeps exactly. */
#define AK_JSON_EXACT_MAX ((UINT64_C(1) << 53) - 1)

void ak_buf_json_u64(ak_buf *b, uint64_t v)
{
    char buf[AK_NUM_BUFSIZE];
    size_t n = ak_format_u64(v, buf);
    bool quoted = v > AK_JSON_EXACT_MAX;
    if (quoted)
        ak_buf_putc(b, '"');
    ak_buf_append(b, buf, n);
    if (quoted)
        ak_buf_putc(b, '"');
}

void ak_buf_json_i64(ak_buf *b, int64_t v)
{
    if (v >= 0) {
        ak_buf_json_u64(b, (uint64_t)v);
        return;
    }
    char buf[AK_NUM_BUFSIZE];
    size_t n = ak_format_i64(v, buf);
    bool quoted = v < -(int64_t)AK_JSON_EXACT_MAX;
    if (quoted)
        ak_buf_putc(b, '"');
    ak_buf_append(b, buf, n);
    if (quoted)
        ak_buf_putc(b, '"');
}

void ak_json_u64_portable(ak_json_writer *w, uint64_t v)
{
    char buf[AK_NUM_BUFSIZE];
    size_t n = ak_format_u64(v, buf);
    if (v > AK_JSON_EXACT_MAX)
        ak_json_string(w, buf, n);
    else
        put_number(w, buf, n);
}

void ak_json_i64_portable(ak_json_writer *w, int64_t v)
{
    char buf[AK_NUM_BUFSIZE];
    size_t n = ak_format_i64(v, buf);
    if (v > (int64_t)AK_JSON_EXACT_MAX || v < -(int64_t)AK_JSON_EXACT_MAX)
        ak_json_string(w, buf, n);
    else
        put_number(w, buf, n);
}

void ak_json_bool(ak_json_writer *w, bool v) { put_number(w, v ? "true" : "false", v ? 4 : 5); }
void ak_json_null(ak_json_writer *w) { put_number(w, "null", 4); }

void ak_json_raw_number(ak_json_writer *w, const char *s, size_t n)
{
    if (!(ak_json_number_class(s, n) & NUMBER_VALID)) {
        flag(w, "a raw number that is not a JSON number (written as null)");
        put_number(w, "null", 4);
        return;
    }
    put_number(w, s, n);
}
