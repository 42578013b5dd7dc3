/* The JSON driver: runs the scanner (json.re) into the grammar (json.y),
 * turns grammar actions into events, keeps the frame stack (path, depth,
 * duplicate member names) and words the diagnostics.
 *
 * Hand-written because it is the glue between generated pieces: what a
 * declaration cannot say (the event API, diagnostics wording, the
 * per-object name sets). */
#include "diag.h"
#include "json_parser.h"
#include "json_seek.h"
#include "text_pos.h"

#include "json.h" /* token codes (Lemon) */
#include "budget.h"
#include "utf8.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

/* Objects with more members than this get a hash index of their names;
 * smaller ones are scanned linearly (cheaper for the usual 2-10 members). */
#define LINEAR_NAMES 12u

static const ak_rule *rule(int i) { return &ak_json_rules[i]; }

/* ------------------------------------------------------------------ */
/* Locations and paths                                                 */

void ak_json_location(ak_json_parser *p, size_t offset, uint32_t *line, uint32_t *column)
{
    ak_text_pos_at(&p->lc, p->data, p->size, offset, p->cfg.release_input);
    *line = p->lc.line;
    *column = p->lc.column;
}

static uint32_t hex4(const char *h)
{
    uint32_t v = 0;
    for (int k = 0; k < 4; k++)
        v = v * 16 + (uint32_t)(h[k] <= '9' ? h[k] - '0' : (h[k] | 0x20) - 'a' + 10);
    return v;
}

/* The escape at s[*i] (a backslash) of a validated string body of n bytes,
 * decoded into out (at most 4 bytes; the scanner checked every escape and
 * surrogate pair, so nothing here can be malformed); *i moves past it. */
static size_t decode_escape(const char *s, size_t n, size_t *i, uint8_t out[4])
{
    char c = s[*i + 1];
    *i += 2;
    switch (c) {
    case 'b': out[0] = '\b'; return 1;
    case 'f': out[0] = '\f'; return 1;
    case 'n': out[0] = '\n'; return 1;
    case 'r': out[0] = '\r'; return 1;
    case 't': out[0] = '\t'; return 1;
    case 'u': break;
    default: out[0] = (uint8_t)c; return 1; /* " \ / */
    }
    if (*i + 4 > n)
        return 0;
    uint32_t cp = hex4(s + *i);
    *i += 4;
    if (cp >= 0xd800 && cp <= 0xdbff && *i + 6 <= n) {
        cp = 0x10000 + ((cp - 0xd800) << 10) + (hex4(s + *i + 2) - 0xdc00);
        *i += 6;
    }
    return ak_utf8_encode(cp, out);
}

/* Decodes the escapes of a validated string body. */
static bool decode_into(const char *s, size_t n, ak_buf *out)
{
    size_t run = 0, i = 0;
    while (i < n) {
        if (s[i] != '\\') {
            i++;
            continue;
        }
        if (!ak_buf_append(out, s + run, i - run))
            return false;
        uint8_t enc[4];
        size_t len = decode_escape(s, n, &i, enc);
        if (len && !ak_buf_append(out, enc, len))
            return false;
        run = i;
    }
    return ak_buf_append(out, s + run, n - run) || n == run;
}

bool ak_json_string_decode(const ak_json_event *e, ak_buf *out)
{
    if (!e->text)
        return false;
    if (!(e->flags & AK_JSON_F_ESCAPED))
        return ak_buf_append(out, e->text, e->text_len) || e->text_len == 0;
    return decode_into(e->text, e->text_len, out);
}

bool ak_json_string_equals(const ak_json_event *e, const char *s, size_t n)
{
    if (!e->text)
        return false;
    if (!(e->flags & AK_JSON_F_ESCAPED))
        return e->text_len == n && memcmp(e->text, s, n) == 0;
    /* escape by escape, without a buffer: a comparison that could fail for
       want of memory would take a known member for an unknown one */
    const char *t = e->text;
    size_t len = e->text_len, i = 0, j = 0;
    while (i < len) {
        if (t[i] != '\\') {
            if (j >= n || t[i] != s[j])
                return false;
            i++;
            j++;
            continue;
        }
        uint8_t enc[4];
        size_t k = decode_escape(t, len, &i, enc);
        if (k > n - j || memcmp(enc, s + j, k) != 0)
            return false;
        j += k;
    }
    return j == n;
}

size_t ak_json_string_chars(const ak_json_event *e, size_t max)
{
    const char *t = e->text;
    size_t len = e->text ? e->text_len : 0, i = 0, chars = 0;
    const bool escaped = e->flags & AK_JSON_F_ESCAPED;
    for (; i < len && chars <= max; chars++) {
        if (escaped && t[i] == '\\') {
            uint8_t enc[4];
            decode_escape(t, len, &i, enc); /* one escape, or a surrogate pair of them: one character */
            continue;
        }
        i++;
        while (i < len && ((unsigned char)t[i] & 0xc0) == 0x80)
            i++;
    }
    return chars;
}

static void path_append_key(ak_buf *path, const char *key, size_t n)
{
    ak_buf_putc(path, '/');
    size_t run = 0;
    for (size_t i = 0; i < n; i++) {
        if (key[i] == '~' || key[i] == '/') {
            ak_buf_append(path, key + run, i - run);
            ak_buf_puts(path, key[i] == '~' ? "~0" : "~1");
            run = i + 1;
        }
    }
    ak_buf_append(path, key + run, n - run);
}

const char *ak_json_path(ak_json_parser *p)
{
    p->path.len = 0;
    for (size_t i = 0; i < p->depth; i++) {
        const ak_json_frame *f = &p->frames[i];
        if (!f->has_child)
            break;
        if (!f->is_object) {
            ak_buf_printf(&p->path, "/%llu", (unsigned long long)f->index);
            continue;
        }
        const char *raw = (const char *)p->data + f->key_off + 1;
        size_t raw_len = f->key_len - 2;
        if (!f->key_escaped) {
            path_append_key(&p->path, raw, raw_len);
        } else {
            ak_buf tmp;
            ak_buf_init(&tmp);
            decode_into(raw, raw_len, &tmp);
            path_append_key(&p->path, tmp.data ? tmp.data : "", tmp.len);
            if (tmp.failed)
                p->path.failed = true;
            ak_buf_free(&tmp);
        }
    }
    if (p->path.failed) {
        /* memory ran out: the reading ends here rather than going on with
           diagnostics that have no path. The out-of-memory is reported now,
           before the diagnostic that asked for the path (which goes without
           one, "", not with a truncated one): that diagnostic may be the
           one that reaches --max-errors, after which nothing more is said */
        p->status = AK_JSON_NOMEM;
        p->done = true;
        ak_report_out_of_memory(p->diags, 0, "building the JSON Pointer of a diagnostic");
        return "";
    }
    return ak_buf_cstr(&p->path);
}

ak_diags *ak_json_diags(ak_json_parser *p) { return p->diags; }

const char *ak_json_kind_name(ak_json_event_kind kind)
{
    switch (kind) {
    case AK_JSON_BEGIN_OBJECT: return "an object";
    case AK_JSON_BEGIN_ARRAY: return "an array";
    case AK_JSON_STRING: return "a string";
    case AK_JSON_NUMBER: return "a number";
    case AK_JSON_TRUE:
    case AK_JSON_FALSE: return "a boolean";
    case AK_JSON_NULL: return "null";
    default: return "a token";
    }
}

static bool vreport_at(ak_json_parser *p, const ak_rule *r, size_t offset, size_t length, const char *fmt,
                       va_list ap)
{
    if (!p->diags)
        return true;
    uint32_t line = 0, col = 0;
    bool kept = ak_diags_keeps(p->diags, r); /* else only counted: no place, no path to build */
    if (kept)
        ak_json_location(p, offset, &line, &col);
    return ak_vreport(p->diags, r, offset, length, line, col, kept ? ak_json_path(p) : NULL, fmt, ap);
}

static bool report_at(ak_json_parser *p, const ak_rule *r, size_t offset, size_t length, const char *fmt, ...)
    AK_PRINTF(5, 6);
static bool report_at(ak_json_parser *p, const ak_rule *r, size_t offset, size_t length, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    bool more = vreport_at(p, r, offset, length, fmt, ap);
    va_end(ap);
    return more;
}

bool ak_json_report(ak_json_parser *p, const ak_rule *r, const ak_json_event *e, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    bool more = vreport_at(p, r, e->offset, e->length, fmt, ap);
    va_end(ap);
    return more;
}

/* A short printable rendering of source bytes for messages. */
static const char *snippet(const uint8_t *s, size_t n, char out[64])
{
    size_t o = 0;
    size_t limit = n > 24 ? 24 : n;
    for (size_t i = 0; i < limit; i++) {
        uint8_t c = s[i];
        if (c >= 0x20 && c < 0x7f)
            out[o++] = (char)c;
        else
            o += (size_t)snprintf(out + o, 64 - o, "\\x%02X", c);
        if (o > 52)
            break;
    }
    if (limit < n)
        o += (size_t)snprintf(out + o, 64 - o, "...");
    out[o] = '\0';
    return out;
}


/* ------------------------------------------------------------------ */
/* Errors                                                              */

static void fail(ak_json_parser *p)
{
    p->done = true;
    if (p->status == AK_JSON_OK)
        p->status = AK_JSON_ERROR;
}

static bool word_is(const uint8_t *s, size_t n, const char *w)
{
    size_t m = strlen(w);
    if (n != m)
        return false;
    for (size_t i = 0; i < n; i++)
        if ((s[i] | 0x20) != (w[i] | 0x20))
            return false;
    return true;
}

static bool non_finite_word(const uint8_t *s, size_t n)
{
    if (n && (s[0] == '-' || s[0] == '+')) {
        s++;
        n--;
    }
    return word_is(s, n, "nan") || word_is(s, n, "infinity") || word_is(s, n, "inf");
}

static const char *bad_number_reason(const uint8_t *s, size_t n)
{
    if (s[0] == '+')
        return "a number cannot start with '+'";
    if (s[0] == '.')
        return "a number needs a digit before '.'";
    size_t i = s[0] == '-' ? 1 : 0;
    if (i == n || s[i] < '0' || s[i] > '9')
        return "'-' must be followed by a digit";
    while (i < n && s[i] >= '0' && s[i] <= '9')
        i++;
    if (i < n && s[i] == '.') {
        i++;
        if (i == n || s[i] < '0' || s[i] > '9')
            return "a digit must follow '.'";
        while (i < n && s[i] >= '0' && s[i] <= '9')
            i++;
    }
    if (i < n && (s[i] == 'e' || s[i] == 'E')) {
        i++;
        if (i < n && (s[i] == '+' || s[i] == '-'))
            i++;
        if (i == n || s[i] < '0' || s[i] > '9')
            return "the exponent needs at least one digit";
        while (i < n && s[i] >= '0' && s[i] <= '9')
            i++;
    }
    if (i < n && (s[i] == 'x' || s[i] == 'X') && s[i - 1] == '0' && i == (s[0] == '-' ? 2u : 1u))
        return "hexadecimal numbers are not JSON";
    return "unexpected characters in a number";
}

void ak_json__lex_error(ak_json_parser *p, ak_json_lex_error e, size_t offset, size_t length)
{
    const uint8_t *s = p->data + offset;
    char snip[64];
    fail(p);
    /* The error is where an element would be: the path names it. */
    if (p->depth && !p->frames[p->depth - 1].is_object &&
        (p->last_major == AK_JSON_T_LBRACKET || p->last_major == AK_JSON_T_COMMA))
        ak_json__value_start(p);
    /* A stray token after a complete document is trailing data first. */
    if (p->top_done && (e == AK_JSON_LEX_BAD_CHAR || e == AK_JSON_LEX_BAD_WORD || e == AK_JSON_LEX_BAD_NUMBER ||
                        e == AK_JSON_LEX_LEADING_ZERO)) {
        report_at(p, rule(AK_JSON_R_TRAILING_DATA), offset, length,
                  "expected the end of the input after the top-level value, found '%s'", snippet(s, length, snip));
        return;
    }
    switch (e) {
    case AK_JSON_LEX_NONE:
        break;
    case AK_JSON_LEX_UNTERMINATED:
        report_at(p, rule(AK_JSON_R_UNTERMINATED_STRING), offset, length ? 1 : 0,
                  "unterminated string: no closing '\"' before the end of the input");
        break;
    case AK_JSON_LEX_BAD_ESCAPE:
        if (length > 1 && s[1] == 'u')
            report_at(p, rule(AK_JSON_R_BAD_ESCAPE), offset, length,
                      "invalid escape: '\\u' must be followed by four hexadecimal digits");
        else if (length > 1)
            report_at(p, rule(AK_JSON_R_BAD_ESCAPE), offset, length,
                      "invalid escape '%s' (JSON has \\\" \\\\ \\/ \\b \\f \\n \\r \\t and \\uXXXX)",
                      snippet(s, length, snip));
        else
            report_at(p, rule(AK_JSON_R_UNTERMINATED_STRING), offset, length,
                      "unterminated string: the input ends after a backslash");
        break;
    case AK_JSON_LEX_CONTROL:
        report_at(p, rule(AK_JSON_R_CONTROL_CHAR), offset, 1,
                  "control character U+%04X in a string must be escaped%s", s[0],
                  s[0] == '\n' ? " (write \\n; or is a closing '\"' missing?)"
                  : s[0] == '\t' ? " (write \\t)"
                  : s[0] == '\r' ? " (write \\r)"
                                 : " (write \\u00XX)");
        break;
    case AK_JSON_LEX_LONE_SURROGATE: {
        bool high = (s[3] | 0x20) <= 'b' && (s[3] | 0x20) >= '8';
        report_at(p, rule(AK_JSON_R_LONE_SURROGATE), offset, length,
                  high ? "lone surrogate '%s': a high surrogate must be followed by a low one (\\uDC00-\\uDFFF)"
                       : "lone surrogate '%s': a low surrogate must follow a high one (\\uD800-\\uDBFF)",
                  snippet(s, length, snip));
        break;
    }
    case AK_JSON_LEX_INVALID_UTF8:
        report_at(p, rule(AK_JSON_R_INVALID_UTF8), offset, 1, "invalid UTF-8: byte 0x%02X does not start a well-formed sequence",
                  s[0]);
        break;
    case AK_JSON_LEX_SINGLE_QUOTE:
        report_at(p, rule(AK_JSON_R_SINGLE_QUOTE), offset, 1, "JSON strings use double quotes, not '");
        break;
    case AK_JSON_LEX_COMMENT:
        report_at(p, rule(AK_JSON_R_COMMENT), offset, length, "comments are not allowed in JSON");
        break;
    case AK_JSON_LEX_LEADING_ZERO:
        report_at(p, rule(AK_JSON_R_LEADING_ZERO), offset, length, "number '%s' has a leading zero",
                  snippet(s, length, snip));
        break;
    case AK_JSON_LEX_BAD_NUMBER:
        if (non_finite_word(s, length))
            report_at(p, rule(AK_JSON_R_NON_FINITE), offset, length,
                      "'%s' is not a JSON number (JSON has no NaN or infinity)", snippet(s, length, snip));
        else
            report_at(p, rule(AK_JSON_R_BAD_NUMBER), offset, length, "'%s' is not a JSON number: %s",
                      snippet(s, length, snip), bad_number_reason(s, length));
        break;
    case AK_JSON_LEX_BAD_WORD:
        if (non_finite_word(s, length))
            report_at(p, rule(AK_JSON_R_NON_FINITE), offset, length,
                      "'%s' is not a JSON value (JSON has no NaN or infinity)", snippet(s, length, snip));
        else if (word_is(s, length, "true") || word_is(s, length, "false") || word_is(s, length, "null"))
            report_at(p, rule(AK_JSON_R_BAD_LITERAL), offset, length,
                      "'%s' is not a JSON literal: true, false and null are lower case", snippet(s, length, snip));
        else
            report_at(p, rule(AK_JSON_R_BAD_LITERAL), offset, length,
                      "unexpected word '%s': the literals are true, false and null, and strings need double quotes",
                      snippet(s, length, snip));
        break;
    case AK_JSON_LEX_BAD_CHAR: {
        uint32_t cp;
        size_t n = ak_utf8_decode(s, p->size - offset, &cp);
        if (s[0] >= 0x80 && n == 0)
            report_at(p, rule(AK_JSON_R_INVALID_UTF8), offset, 1,
                      "invalid UTF-8: byte 0x%02X does not start a well-formed sequence", s[0]);
        else if (s[0] >= 0x80)
            report_at(p, rule(AK_JSON_R_UNEXPECTED_CHAR), offset, n, "unexpected character U+%04X", (unsigned)cp);
        else if (s[0] < 0x20 || s[0] == 0x7f)
            report_at(p, rule(AK_JSON_R_UNEXPECTED_CHAR), offset, 1, "unexpected control character U+%04X", s[0]);
        else
            report_at(p, rule(AK_JSON_R_UNEXPECTED_CHAR), offset, 1, "unexpected character '%c'", s[0]);
        break;
    }
    }
}

static const char *token_name(int major)
{
    switch (major) {
    case 0: return "end of input";
    case AK_JSON_T_LBRACE: return "'{'";
    case AK_JSON_T_RBRACE: return "'}'";
    case AK_JSON_T_LBRACKET: return "'['";
    case AK_JSON_T_RBRACKET: return "']'";
    case AK_JSON_T_COLON: return "':'";
    case AK_JSON_T_COMMA:
    case AK_JSON_T_C_SCALAR:
    case AK_JSON_T_C_KEY:
    case AK_JSON_T_C_KEY_SCALAR:
    case AK_JSON_T_C_LBRACE:
    case AK_JSON_T_C_LBRACKET:
    case AK_JSON_T_C_LBRACKET_SCALAR: return "','";
    case AK_JSON_T_STRING:
    case AK_JSON_T_SCALAR:
    case AK_JSON_T_LBRACKET_SCALAR: return "a value";
    case AK_JSON_T_KEY:
    case AK_JSON_T_KEY_SCALAR: return "a member name (a string)";
    case AK_JSON_T_LBRACE_KEY_SCALAR: return "a value";
    case AK_JSON_T_C_LBRACE_KEY_SCALAR:
    case AK_JSON_T_C_SCALAR_RBRACKET:
    case AK_JSON_T_C_KEY_SCALAR_RBRACE: return "','";
    default: return "a token";
    }
}

/* "number 12", "string \"a\"", "'true'": what was found at a scalar. */
static const char *describe_value(ak_json_parser *p, ak_json_event_kind kind, size_t off, size_t len, char out[96])
{
    char snip[64];
    switch (kind) {
    case AK_JSON_STRING: snprintf(out, 96, "string %s", snippet(p->data + off, len, snip)); break;
    case AK_JSON_NUMBER: snprintf(out, 96, "number %s", snippet(p->data + off, len, snip)); break;
    default: snprintf(out, 96, "'%s'", snippet(p->data + off, len, snip)); break;
    }
    return out;
}

void ak_json__syntax_error(ak_json_parser *p, int major, const ak_json_token *t, const bool *expected,
                           int ntokens)
{
    /* The reading has ended (the consumer stopped it, or an error did)
       while Lemon was reducing ahead of this token: without lanes those
       reductions, and so the event that ended it, wait for the token after
       them (see settle() in json.re), which is not the document's problem
       any more. Lanes settle at once and never read it. */
    if (p->done)
        return;
    if (major == AK_JSON_T_ERROR && t) {
        ak_json__lex_error(p, (ak_json_lex_error)t->flags, t->offset, t->length);
        return;
    }
    if (major < 0 || !t) {
        /* Lemon's stack could not grow (%stack_overflow): the driver bounds
           the depth, so that is memory running out, reported as such by
           ak_json_parse, never as a nesting limit (issue 31) */
        p->status = AK_JSON_NOMEM;
        p->done = true;
        return;
    }
    fail(p);
    if (major == 0 && p->last_major < 0) {
        report_at(p, rule(AK_JSON_R_EMPTY_INPUT), t->offset, 0,
                  p->start < p->size ? "the input has no JSON value (only whitespace)" : "the input is empty");
        return;
    }
    char snip[64], found[96];
    size_t end = t->offset + t->length;
    if (p->top_done) {
        report_at(p, rule(AK_JSON_R_TRAILING_DATA), t->start, end - t->start,
                  "expected the end of the input after the top-level value, found '%s'",
                  snippet(p->data + t->start, end - t->start, snip));
        return;
    }
    if ((major == AK_JSON_T_RBRACKET || major == AK_JSON_T_RBRACE) && p->last_major == AK_JSON_T_COMMA) {
        report_at(p, rule(AK_JSON_R_TRAILING_COMMA), p->last_offset, 1, "trailing comma before %s",
                  token_name(major));
        return;
    }
    bool want[64] = {false};
    for (int i = 0; i < ntokens && i < 64; i++)
        want[i] = expected[i];
    /* a string where a name is expected is a name; '{' and '[' are values */
    if (want[AK_JSON_T_KEY] || want[AK_JSON_T_KEY_SCALAR])
        want[AK_JSON_T_STRING] = false;
    if (want[AK_JSON_T_SCALAR])
        want[AK_JSON_T_LBRACE] = want[AK_JSON_T_LBRACKET] = false;
    bool in_object = p->depth && p->frames[p->depth - 1].is_object;
    size_t at = t->start, len = end - t->start;
    bool fused_comma = major == AK_JSON_T_C_SCALAR || major == AK_JSON_T_C_KEY || major == AK_JSON_T_C_KEY_SCALAR ||
                       major == AK_JSON_T_C_LBRACE || major == AK_JSON_T_C_LBRACKET ||
                       major == AK_JSON_T_C_LBRACKET_SCALAR || major == AK_JSON_T_C_LBRACE_KEY_SCALAR ||
                       major == AK_JSON_T_C_SCALAR_RBRACKET || major == AK_JSON_T_C_KEY_SCALAR_RBRACE;
    if ((major == AK_JSON_T_C_SCALAR || major == AK_JSON_T_C_SCALAR_RBRACKET) && want[AK_JSON_T_COMMA] && in_object &&
        AK_JSON_TOKEN_KIND(t) == AK_JSON_STRING) {
        report_at(p, rule(AK_JSON_R_UNEXPECTED_TOKEN), t->offset + t->length, 0,
                  "expected ':' after the member name %s", snippet(p->data + t->offset, t->length, snip));
        return;
    }
    if (fused_comma && want[AK_JSON_T_COMMA]) {
        /* The comma was fine; what follows it is not: say so at that part. */
        bool is_key = major == AK_JSON_T_C_KEY || major == AK_JSON_T_C_KEY_SCALAR || major == AK_JSON_T_C_KEY_SCALAR_RBRACE;
        bool is_open = major == AK_JSON_T_C_LBRACE || major == AK_JSON_T_C_LBRACKET ||
                       major == AK_JSON_T_C_LBRACKET_SCALAR || major == AK_JSON_T_C_LBRACE_KEY_SCALAR;
        if (major == AK_JSON_T_C_LBRACE_KEY_SCALAR) {
            size_t brace = t->start;
            while (p->data[brace] != '{')
                brace++;
            at = brace;
        }
        at = is_key ? (major == AK_JSON_T_C_KEY ? t->offset : t->key_off)
             : is_open ? (major == AK_JSON_T_C_LBRACE_KEY_SCALAR ? at : t->key_off)
                       : t->offset;
        len = is_key ? (major == AK_JSON_T_C_KEY ? t->length : t->key_len) : is_open ? 1 : t->length;
        if (is_key)
            snprintf(found, sizeof found, "member name %s", snippet(p->data + at, len, snip));
        else if (is_open)
            snprintf(found, sizeof found, "'%c'", p->data[at]);
        else
            describe_value(p, AK_JSON_TOKEN_KIND(t), at, len, found);
        report_at(p, rule(AK_JSON_R_UNEXPECTED_TOKEN), at, len, "expected %s after ',', found %s",
                  in_object ? "a member name (a string)" : "a value", found);
        return;
    }
    /* "expected X, Y or Z", each name once (fused tokens share names). */
    const char *names[16];
    int count = 0;
    for (int pass = 0; pass < 2; pass++) {
        for (int i = 1; i < ntokens && i < 64; i++) {
            if (!want[i] || i == AK_JSON_T_ERROR)
                continue;
            const char *n = token_name(i);
            /* values and names first, then punctuation */
            bool word = n[0] == 'a';
            if ((pass == 0) != word)
                continue;
            bool dup = false;
            for (int k = 0; k < count; k++)
                dup = dup || strcmp(names[k], n) == 0;
            if (!dup && count < 15)
                names[count++] = n;
        }
    }
    if (want[0] && count < 15)
        names[count++] = token_name(0);
    char list[256];
    size_t o = 0;
    list[0] = '\0';
    for (int i = 0; i < count && o < sizeof list; i++) {
        const char *sep = i == 0 ? "" : i == count - 1 ? " or " : ", ";
        o += (size_t)snprintf(list + o, sizeof list - o, "%s%s", sep, names[i]);
    }
    switch (major) {
    case AK_JSON_T_STRING: describe_value(p, AK_JSON_STRING, t->offset, t->length, found); break;
    case AK_JSON_T_SCALAR: describe_value(p, AK_JSON_TOKEN_KIND(t), t->offset, t->length, found); break;
    case AK_JSON_T_KEY:
    case AK_JSON_T_KEY_SCALAR: {
        size_t ko = major == AK_JSON_T_KEY ? t->offset : t->key_off;
        size_t kl = major == AK_JSON_T_KEY ? t->length : t->key_len;
        snprintf(found, sizeof found, "member name %s", snippet(p->data + ko, kl, snip));
        at = ko;
        len = kl;
        break;
    }
    case AK_JSON_T_LBRACKET_SCALAR:
    case AK_JSON_T_LBRACE_KEY_SCALAR:
        snprintf(found, sizeof found, "'%c'", p->data[t->start]);
        len = 1;
        break;
    case AK_JSON_T_C_SCALAR:
    case AK_JSON_T_C_KEY:
    case AK_JSON_T_C_KEY_SCALAR:
    case AK_JSON_T_C_LBRACE:
    case AK_JSON_T_C_LBRACKET:
    case AK_JSON_T_C_LBRACKET_SCALAR:
    case AK_JSON_T_C_LBRACE_KEY_SCALAR:
    case AK_JSON_T_C_SCALAR_RBRACKET:
    case AK_JSON_T_C_KEY_SCALAR_RBRACE:
        snprintf(found, sizeof found, "','");
        len = 1;
        break;
    default: snprintf(found, sizeof found, "%s", token_name(major)); break;
    }
    report_at(p, rule(AK_JSON_R_UNEXPECTED_TOKEN), at, len, "expected %s, found %s", count ? list : "something else",
              found);
}

/* ------------------------------------------------------------------ */
/* Duplicate member names                                              */

static const uint8_t *name_bytes(const ak_json_parser *p, const ak_json_name *nm)
{
    return nm->decoded ? (const uint8_t *)p->decoded.data + nm->off : p->data + nm->off;
}

/* Grows one of the parser's stacks for the token at t (a member name, a
 * container's bracket): charged to the budget, a refusal or a failed
 * allocation reported there, at the token and its path, with the sizes. */
static bool grow_at(ak_json_parser *p, const ak_json_token *t, void **items, size_t *cap, size_t need, size_t size,
                    const char *what)
{
    if (need <= *cap)
        return true;
    ak_budget *b = p->budget;
    ak_budget_place before = ak_budget_place_at(b, t->offset, t->length, b ? ak_json_path(p) : NULL);
    bool ok = ak_budget_grow(b, items, cap, need, size, what);
    ak_budget_place_back(b, before);
    return ok;
}

/* Builds or grows the hash index of the innermost object (whose slots are
 * at the top of the slot stack: inner objects are closed by now). */
static bool index_names(ak_json_parser *p, ak_json_frame *f, size_t cap, const ak_json_token *t)
{
    if (!grow_at(p, t, (void **)&p->slots, &p->slots_cap, f->slots_start + cap, sizeof *p->slots,
                 "the set of member names"))
        return false;
    if (!p->hash_keyed) {
        ak_hash_key_draw(&p->hash_key);
        p->hash_keyed = true;
    }
    uint32_t *slots = p->slots + f->slots_start;
    memset(slots, 0, cap * sizeof *slots);
    uint64_t probes = 0;
    for (size_t i = 0; i < f->count; i++) {
        ak_json_name *nm = &p->names[f->names_start + i];
        if (f->slots_cap == 0) /* names of small objects are not hashed */
            nm->hash = ak_hash_bytes(&p->hash_key, name_bytes(p, nm), nm->len);
        size_t h = (size_t)nm->hash & (cap - 1);
        for (probes++; slots[h]; probes++)
            h = (h + 1) & (cap - 1);
        slots[h] = (uint32_t)(i + 1);
    }
    p->probes += probes;
    f->slots_cap = cap;
    p->slots_len = f->slots_start + cap;
    return true;
}

/* Returns the earlier name equal to this one, or NULL after adding it. */
static const ak_json_name *add_name(ak_json_parser *p, ak_json_frame *f, const ak_json_token *t, bool *nomem)
{
    const uint8_t *raw = p->data + t->offset + 1;
    size_t raw_len = t->length - 2;
    ak_json_name nm = {0, 0, t->offset + 1, raw_len, false};
    if (t->flags & AK_JSON_F_ESCAPED) {
        size_t at = p->decoded.len;
        /* a decoded name is never longer than its text: room for it is
           charged first (a refusal is said at the name) */
        bool room = raw_len <= p->decoded.cap - p->decoded.len;
        if (!room) {
            ak_budget_place before =
                ak_budget_place_at(p->budget, t->offset, t->length, p->budget ? ak_json_path(p) : NULL);
            room = ak_buf_reserve_as(&p->decoded, raw_len, "the set of member names");
            ak_budget_place_back(p->budget, before);
        }
        if (!room || !decode_into((const char *)raw, raw_len, &p->decoded)) {
            *nomem = true;
            return NULL;
        }
        nm.off = at;
        nm.len = p->decoded.len - at;
        nm.decoded = true;
    }
    const uint8_t *bytes = name_bytes(p, &nm);
    nm.prefix = ak_json__name_prefix(bytes, nm.len,
                                     nm.decoded ? (const uint8_t *)p->decoded.data + p->decoded.len : p->data + p->size);
    const ak_json_name *names = p->names ? p->names + f->names_start : NULL;
    /* names are added only when they differ from every earlier one: the
       one equal to this is the first */
    const ak_json_name *first = NULL;
    if (f->slots_cap == 0) {
        /* small objects: a linear scan, no hashing */
        for (size_t i = 0; i < f->count && !first; i++)
            if (names[i].len == nm.len && memcmp(name_bytes(p, &names[i]), bytes, nm.len) == 0)
                first = &names[i];
    } else {
        nm.hash = ak_hash_bytes(&p->hash_key, bytes, nm.len);
        const uint32_t *slots = p->slots + f->slots_start;
        size_t h = (size_t)nm.hash & (f->slots_cap - 1);
        for (p->probes++; slots[h] && !first; p->probes++, h = (h + 1) & (f->slots_cap - 1)) {
            const ak_json_name *o = &names[slots[h] - 1];
            if (o->hash == nm.hash && o->len == nm.len && memcmp(name_bytes(p, o), bytes, nm.len) == 0)
                first = o;
        }
    }
    if (first) {
        if (nm.decoded)
            p->decoded.len = nm.off;
        return first;
    }
    if (f->count >= UINT32_MAX - 1 || !grow_at(p, t, (void **)&p->names, &p->names_cap, p->names_len + 1,
                                                sizeof *p->names, "the set of member names")) {
        *nomem = true;
        return NULL;
    }
    p->names[p->names_len++] = nm;
    f->count++;
    if (f->count > LINEAR_NAMES && f->count * 2 > f->slots_cap) {
        if (!index_names(p, f, f->slots_cap ? f->slots_cap * 2 : 64, t))
            *nomem = true;
    } else if (f->slots_cap) {
        uint32_t *slots = p->slots + f->slots_start;
        size_t h = (size_t)nm.hash & (f->slots_cap - 1);
        for (p->probes++; slots[h]; p->probes++)
            h = (h + 1) & (f->slots_cap - 1);
        slots[h] = (uint32_t)f->count;
    }
    return NULL;
}

/* Keeps the name stacks proportional to what the open objects hold. */
static void shrink_names(ak_json_parser *p)
{
    if (p->names_cap > 4096 && p->names_len < p->names_cap / 8) {
        size_t nc = p->names_len * 2 > 1024 ? p->names_len * 2 : 1024;
        ak_json_name *nn = realloc(p->names, nc * sizeof *nn);
        if (nn) {
            ak_budget_give(p->budget, (p->names_cap - nc) * sizeof *nn);
            p->names = nn;
            p->names_cap = nc;
        }
    }
    if (p->slots_cap > 8192 && p->slots_len < p->slots_cap / 8) {
        size_t nc = p->slots_len * 2 > 2048 ? p->slots_len * 2 : 2048;
        uint32_t *ns = realloc(p->slots, nc * sizeof *ns);
        if (ns) {
            ak_budget_give(p->budget, (p->slots_cap - nc) * sizeof *ns);
            p->slots = ns;
            p->slots_cap = nc;
        }
    }
}

/* ------------------------------------------------------------------ */
/* Events                                                              */

void ak_json__deliver(ak_json_parser *p, ak_json_event_kind kind, const ak_json_token *t, size_t depth)
{
    ak_json_event e;
    e.kind = kind;
    e.flags = t->flags & 0xffu;
    e.offset = t->offset;
    e.length = t->length;
    e.depth = (uint32_t)depth;
    e.text = NULL;
    e.text_len = 0;
    if (kind == AK_JSON_STRING || kind == AK_JSON_KEY) {
        e.text = (const char *)p->data + t->offset + 1;
        e.text_len = t->length - 2;
    } else if (kind == AK_JSON_NUMBER) {
        e.text = (const char *)p->data + t->offset;
        e.text_len = t->length;
    }
    if (p->cfg.handler(p->cfg.user, p, &e) != 0) {
        p->done = true;
        if (p->status == AK_JSON_OK)
            p->status = AK_JSON_STOPPED;
    }
}

void ak_json__open_slow(ak_json_parser *p, ak_json_event_kind kind, const ak_json_token *t)
{
    if (p->depth >= p->cfg.max_depth) {
        fail(p);
        report_at(p, rule(AK_JSON_R_DEPTH), t->offset, 1, "nesting deeper than %u levels", (unsigned)p->cfg.max_depth);
        return;
    }
    if (!grow_at(p, t, (void **)&p->frames, &p->frames_cap, p->depth + 1, sizeof *p->frames,
                 "the stack of open objects and arrays")) {
        p->status = AK_JSON_NOMEM;
        p->done = true;
        return;
    }
    ak_json__push(p, kind, t);
}

void ak_json__closed_object(ak_json_parser *p) { shrink_names(p); }

void ak_json__check_name(ak_json_parser *p, ak_json_frame *f, const ak_json_token *t)
{
    bool nomem = false;
    const ak_json_name *first = add_name(p, f, t, &nomem);
    if (nomem) {
        p->status = AK_JSON_NOMEM;
        p->done = true;
        return;
    }
    if (!first)
        return;
    const ak_rule *r = p->cfg.duplicate_rule ? p->cfg.duplicate_rule : rule(AK_JSON_R_DUPLICATE_MEMBER);
    char snip[64];
    bool more;
    if (!first->decoded) {
        uint32_t line, col;
        ak_json_location(p, first->off - 1, &line, &col);
        more = report_at(p, r, t->offset, t->length, "duplicate member \"%s\" (first at %u:%u)",
                         snippet(p->data + t->offset + 1, t->length - 2, snip), line, col);
    } else {
        more = report_at(p, r, t->offset, t->length, "duplicate member \"%s\"",
                         snippet(p->data + t->offset + 1, t->length - 2, snip));
    }
    if (!more) {
        p->done = true;
        if (p->status == AK_JSON_OK)
            p->status = AK_JSON_STOPPED;
    }
}

/* ------------------------------------------------------------------ */
/* Numbers                                                             */

ak_num_status ak_json_number_f64(const ak_json_event *e, double *out)
{
    if (e->kind != AK_JSON_NUMBER)
        return AK_NUM_SYNTAX;
    return ak_parse_f64(e->text, e->text_len, out);
}

ak_num_status ak_json_number_f32(const ak_json_event *e, float *out)
{
    if (e->kind != AK_JSON_NUMBER)
        return AK_NUM_SYNTAX;
    return ak_parse_f32(e->text, e->text_len, out);
}

/* An integral value written with a fraction or exponent (1.0, 1e3): its
 * value as an exact integer when a double holds it exactly. */
static bool integral_from_float(const ak_json_event *e, double *v)
{
    if (ak_parse_f64(e->text, e->text_len, v) != AK_NUM_OK)
        return false;
    return isfinite(*v) && *v == trunc(*v);
}

static bool report_range(ak_json_parser *p, const ak_json_event *e, const ak_rule *r, const char *type)
{
    char snip[64];
    if (p)
        ak_json_report(p, r ? r : rule(AK_JSON_R_OUT_OF_RANGE), e, "%s is out of range for %s",
                       snippet((const uint8_t *)e->text, e->text_len, snip), type);
    return false;
}

static bool report_not_integer(ak_json_parser *p, const ak_json_event *e)
{
    char snip[64];
    if (p)
        ak_json_report(p, rule(AK_JSON_R_NOT_INTEGER), e, "%s is not an integer",
                       snippet((const uint8_t *)e->text, e->text_len, snip));
    return false;
}

bool ak_json_number_i64(ak_json_parser *p, const ak_json_event *e, const ak_rule *range_rule, int64_t *out)
{
    if (e->kind != AK_JSON_NUMBER)
        return false;
    if (e->flags & (AK_JSON_F_FRAC | AK_JSON_F_EXP)) {
        double v;
        if (!integral_from_float(e, &v))
            return report_not_integer(p, e);
        if (!(v >= -9223372036854775808.0 && v < 9223372036854775808.0))
            return report_range(p, e, range_rule, "a 64-bit signed integer");
        *out = (int64_t)v;
        return true;
    }
    if (ak_parse_i64(e->text, e->text_len, out) != AK_NUM_OK)
        return report_range(p, e, range_rule, "a 64-bit signed integer");
    return true;
}

bool ak_json_number_u64(ak_json_parser *p, const ak_json_event *e, const ak_rule *range_rule, uint64_t *out)
{
    if (e->kind != AK_JSON_NUMBER)
        return false;
    if (e->flags & (AK_JSON_F_FRAC | AK_JSON_F_EXP)) {
        double v;
        if (!integral_from_float(e, &v))
            return report_not_integer(p, e);
        if (!(v >= 0.0 && v < 18446744073709551616.0))
            return report_range(p, e, range_rule, "a 64-bit unsigned integer");
        *out = (uint64_t)v;
        return true;
    }
    if ((e->flags & AK_JSON_F_NEG) && !(e->text_len == 2 && e->text[1] == '0'))
        return report_range(p, e, range_rule, "a 64-bit unsigned integer");
    if (ak_parse_u64(e->text, e->text_len, out) != AK_NUM_OK)
        return report_range(p, e, range_rule, "a 64-bit unsigned integer");
    return true;
}


/* ------------------------------------------------------------------ */
/* The parse                                                           */

static bool check_encoding(ak_json_parser *p)
{
    const uint8_t *s = p->data;
    size_t n = p->size;
    if (n >= 4 && ((s[0] == 0 && s[1] == 0 && s[2] == 0xfe && s[3] == 0xff) ||
                   (s[0] == 0xff && s[1] == 0xfe && s[2] == 0 && s[3] == 0))) {
        report_at(p, rule(AK_JSON_R_UTF32), 0, 4, "the input is UTF-32 (it starts with a UTF-32 byte order mark); JSON must be UTF-8");
        return false;
    }
    if (n >= 2 && ((s[0] == 0xfe && s[1] == 0xff) || (s[0] == 0xff && s[1] == 0xfe))) {
        report_at(p, rule(AK_JSON_R_UTF16), 0, 2, "the input is UTF-16 (it starts with a UTF-16 byte order mark); JSON must be UTF-8");
        return false;
    }
    /* No BOM: a JSON text starts with an ASCII character, so the pattern
       of zero bytes among the first four tells the encoding (RFC 4627). */
    if (n >= 4 && s[0] == 0 && s[1] == 0 && s[2] == 0 && s[3] != 0) {
        report_at(p, rule(AK_JSON_R_UTF32), 0, 4, "the input looks like UTF-32BE; JSON must be UTF-8");
        return false;
    }
    if (n >= 4 && s[0] != 0 && s[1] == 0 && s[2] == 0 && s[3] == 0) {
        report_at(p, rule(AK_JSON_R_UTF32), 0, 4, "the input looks like UTF-32LE; JSON must be UTF-8");
        return false;
    }
    if ((n == 2 || (n >= 4 && s[2] == 0 && s[3] != 0)) && s[0] == 0 && s[1] != 0 && s[1] < 0x80) {
        report_at(p, rule(AK_JSON_R_UTF16), 0, 2, "the input looks like UTF-16BE; JSON must be UTF-8");
        return false;
    }
    if ((n == 2 || (n >= 4 && s[2] != 0 && s[3] == 0)) && s[0] != 0 && s[0] < 0x80 && s[1] == 0) {
        report_at(p, rule(AK_JSON_R_UTF16), 0, 2, "the input looks like UTF-16LE; JSON must be UTF-8");
        return false;
    }
    if (n >= 3 && s[0] == 0xef && s[1] == 0xbb && s[2] == 0xbf) {
        if (!report_at(p, rule(AK_JSON_R_BOM), 0, 3, "a UTF-8 byte order mark; JSON text must not start with one"))
            return false;
        p->start = 3;
    }
    return true;
}

ak_json_status ak_json_parse(const uint8_t *data, size_t size, const ak_json_config *cfg, ak_diags *d)
{
    ak_json_parser p;
    memset(&p, 0, sizeof p);
    p.data = data ? data : (const uint8_t *)"";
    p.size = data ? size : 0;
    p.diags = d;
    if (cfg)
        p.cfg = *cfg;
    if (p.cfg.max_depth == 0)
        p.cfg.max_depth = AK_DEFAULT_MAX_DEPTH;
    p.last_major = -1;
    p.lc = AK_TEXT_POS_START;
    ak_buf_init(&p.path);
    ak_buf_init(&p.decoded);
    p.budget = ak_diags_budget(d);
    ak_buf_attach(&p.decoded, p.budget); /* empty: charges nothing yet */
    ak_input in = {NULL, p.data, p.size, p.cfg.release_input};
    ak_release_init(&p.release, &in, false);
    if (!check_encoding(&p)) {
        ak_buf_free(&p.path);
        return AK_JSON_ERROR;
    }
    p.lemon = ak_json_lemonAlloc(malloc, &p);
    if (!p.lemon) {
        ak_buf_free(&p.path);
        ak_report_out_of_memory(d, 0, "parsing JSON");
        return AK_JSON_NOMEM;
    }
    ak_json__scan(&p);
    ak_json_lemonFree(p.lemon, free);
    ak_budget_give(p.budget, p.frames_cap * sizeof *p.frames + p.names_cap * sizeof *p.names +
                                 p.slots_cap * sizeof *p.slots);
    free(p.frames);
    free(p.names);
    free(p.slots);
    ak_buf_free(&p.decoded);
    ak_buf_free(&p.path);
    if (p.cfg.probes)
        *p.cfg.probes += p.probes;
    if (p.status == AK_JSON_NOMEM) /* reported where it happened, unless it was elsewhere (the path) */
        ak_report_out_of_memory(d, 0, "parsing JSON");
    return p.status;
}

/* ---- lanes ------------------------------------------------------------ */

/* After this many declined or failed matches in a row, an array's lane is
   dropped: a document whose elements have another shape pays for a few
   attempts, not one per element. */
#define LANE_MAX_MISSES 16u

void ak_json_set_lane(ak_json_parser *p, ak_json_lane_fn lane, uint32_t nesting)
{
    if (!p->depth || p->frames[p->depth - 1].is_object || !p->cfg.lane_accept)
        return;
    ak_json_frame *f = &p->frames[p->depth - 1];
    f->lane = lane;
    f->lane_nesting = nesting;
    f->lane_misses = 0;
    p->lane = lane;
}

/* A lane's DFA of member names (the loop over members in any order,
 * gen/emit_lanes.c) checks the bytes left once per straight run of its
 * states (re2c's YYFILL) and fails where fewer are left than the longest
 * run could read, a member name's length and a few more, though the
 * element may be shorter: an element within LANE_TAIL bytes of the end of
 * the input (the last of a document) is matched in a copy followed by as
 * many NUL bytes, which no lane takes, and the captures are moved back onto
 * the input. A longer last element, or a member name longer than
 * LANE_TAIL, goes event by event. */
#define LANE_TAIL 1024

__attribute__((noinline)) static const uint8_t *lane_in_tail(ak_json_lane_fn lane, const uint8_t *elem,
                                                                const uint8_t *lim, const uint8_t **caps)
{
    uint8_t tail[2 * LANE_TAIL];
    const size_t n = (size_t)(lim - elem);
    memcpy(tail, elem, n);
    memset(tail + n, 0, sizeof tail - n);
    const uint8_t *end = lane(tail, tail + sizeof tail, caps);
    if (!end)
        return NULL;
    const uintptr_t from = (uintptr_t)tail, to = from + sizeof tail;
    for (size_t i = 0; i < AK_JSON_LANE_CAPS; i++)
        if ((uintptr_t)caps[i] >= from && (uintptr_t)caps[i] <= to)
            caps[i] = elem + ((uintptr_t)caps[i] - from);
    return elem + ((uintptr_t)end - from);
}

/* The element up to end that the lane matched (NULL: it did not) offered to
 * the consumer: end where it takes it, else NULL, a miss counted (and the
 * array's lane dropped after LANE_MAX_MISSES in a row). */
static inline const uint8_t *offer(ak_json_parser *p, ak_json_frame *f, const uint8_t *end)
{
    if (end && p->cfg.lane_accept(p->cfg.user, p, p->lane_caps, end)) {
        f->lane_misses = 0;
        return end;
    }
    if (++f->lane_misses >= LANE_MAX_MISSES)
        f->lane = p->lane = NULL;
    return NULL;
}

const uint8_t *ak_json__try_lane(ak_json_parser *p, const uint8_t *cur, const uint8_t *lim)
{
    unsigned char c = *cur;
    if (c == ' ' || c == '\n' || c == '\r' || c == '\t' || c == ']')
        return NULL; /* not an element (whitespace is skipped first) */
    ak_json_frame *f = &p->frames[p->depth - 1];
    /* the first element comes without a comma, every other one with it (so
       that the grammar always accepts what a lane takes) */
    if ((c == ',') != f->has_child || p->depth + f->lane_nesting > p->cfg.max_depth)
        return NULL;
    /* ",,": the grammar's error at the second comma, which must come before
       any element behind it is taken (a lane is offered the comma before
       its element, so it would take the second one's) */
    if (c == ',' && (p->last_major == AK_JSON_T_COMMA || cur == p->lane_declined))
        return NULL;
    /* the comma and the whitespace after it (a pretty-printed array's line
       break and indentation) passed here, 8 spaces at a time, rather than
       by the lane byte by byte: a lane matches its element with
       or without the comma before it */
    const uint8_t *elem = cur;
    if (c == ',') {
        elem = ak_json__skip_ws(cur + 1, lim);
        if (elem < lim && *elem == ',')
            elem = cur; /* ", ,": no element after the comma; the lane fails at the second one */
    }
    /* the lane that passes any element whole passes a large one as the
       parser reads: its pages released as it goes */
    const uint8_t *end;
    if (f->lane == ak_json_lane_any)
        end = ak_json_lane_any_releasing(elem, lim, p->lane_caps, p->data, &p->release);
    else if (f->lane == ak_json_lane_rest)
        end = ak_json_lane_rest_releasing(elem, lim, p->lane_caps, p->data, &p->release);
    else if (lim - elem > LANE_TAIL)
        end = f->lane(elem, lim, p->lane_caps);
    else
        end = lane_in_tail(f->lane, elem, lim, p->lane_caps);
    return offer(p, f, end);
}

/* What the scanner's loop and ak_json__try_lane do for each element of a
 * run that a lane takes, without going back to the loop between them (its
 * step, the token it builds, the checks that cannot change within the
 * array were a sixth of the instructions of validating the bench's AnimJ
 * file): the page release at the comma, the whitespace after it, the
 * lane, the consumer, and the array's index (ak_json__value_start: the
 * array has elements). An element near the end of the input (the lane in a
 * padded copy) and the lanes that pass elements whole (their own page
 * release) are left to the loop. */
const uint8_t *ak_json__lane_run(ak_json_parser *p, const uint8_t *cur, const uint8_t *lim)
{
    /* what the run cannot change: the array's frame, its lane (offer()
       drops it only where the lane declines, which ends the run) and the
       depth */
    ak_json_frame *f = &p->frames[p->depth - 1];
    const ak_json_lane_fn lane = f->lane;
    if (!lane || lane == ak_json_lane_any || lane == ak_json_lane_rest ||
        p->depth + f->lane_nesting > p->cfg.max_depth)
        return ak_json__skip_ws(cur, lim);
    while (!p->done) {
        const uint8_t *comma = ak_json__skip_ws(cur, lim);
        if (lim - comma <= LANE_TAIL || *comma != ',')
            return comma;
        ak_release_at(&p->release, (size_t)(comma - p->data));
        const uint8_t *elem = ak_json__skip_ws(comma + 1, lim);
        if (lim - elem <= LANE_TAIL || *elem == ',')
            return comma;
        const uint8_t *end = offer(p, f, lane(elem, lim, p->lane_caps));
        if (!end) {
            p->lane_declined = comma;
            return comma;
        }
        f->index++;
        p->last_offset = (size_t)(comma - p->data);
        cur = end;
    }
    return cur;
}

const char *ak_json_lane_path(ak_json_parser *p)
{
    ak_json_frame *f = &p->frames[p->depth - 1];
    const bool had = f->has_child;
    const uint64_t index = f->index;
    f->index += had; /* as ak_json__value_start will when the element is fed */
    f->has_child = true;
    const char *path = ak_json_path(p);
    f->has_child = had;
    f->index = index;
    return path;
}

/* ---- places of tokens, found again --------------------------------------- */

typedef struct places_ctx {
    ak_json_place *places;
    size_t n, k;
    bool oom;
} places_ctx;

static int on_place(void *user, ak_json_parser *p, const ak_json_event *e)
{
    places_ctx *pc = user;
    while (pc->k < pc->n && pc->places[pc->k].offset < e->offset)
        pc->k++; /* no token there */
    for (; pc->k < pc->n && pc->places[pc->k].offset == e->offset; pc->k++) {
        ak_json_place *pl = &pc->places[pc->k];
        ak_json_location(p, e->offset, &pl->line, &pl->column);
        const char *path = ak_json_path(p);
        if (!(pl->path = malloc(strlen(path) + 1)))
            return pc->oom = true, 1;
        strcpy(pl->path, path);
    }
    return pc->k == pc->n; /* all found: stop */
}

bool ak_json_places(const uint8_t *data, size_t size, const ak_json_config *cfg, ak_json_place *places, size_t n)
{
    for (size_t i = 0; i < n; i++)
        places[i].line = places[i].column = 0, places[i].path = NULL;
    if (!n)
        return true;
    places_ctx pc = {places, n, 0, false};
    ak_json_config c;
    memset(&c, 0, sizeof c);
    c.handler = on_place;
    c.user = &pc;
    c.max_depth = cfg ? cfg->max_depth : 0;
    c.release_input = cfg && cfg->release_input;
    c.allow_duplicates = true;
    return ak_json_parse(data, size, &c, NULL) != AK_JSON_NOMEM && !pc.oom;
}

void ak_json_places_free(ak_json_place *places, size_t n)
{
    for (size_t i = 0; places && i < n; i++)
        free(places[i].path);
    free(places);
}

/* ------------------------------------------------------------------ */
/* the public event API (ak_json_read): the front end's events, as items */

_Static_assert((int)AK_JITEM_BEGIN_OBJECT == (int)AK_JSON_BEGIN_OBJECT && (int)AK_JITEM_KEY == (int)AK_JSON_KEY &&
                   (int)AK_JITEM_END_OBJECT == (int)AK_JSON_END_OBJECT &&
                   (int)AK_JITEM_BEGIN_ARRAY == (int)AK_JSON_BEGIN_ARRAY &&
                   (int)AK_JITEM_END_ARRAY == (int)AK_JSON_END_ARRAY && (int)AK_JITEM_STRING == (int)AK_JSON_STRING &&
                   (int)AK_JITEM_NUMBER == (int)AK_JSON_NUMBER && (int)AK_JITEM_TRUE == (int)AK_JSON_TRUE &&
                   (int)AK_JITEM_FALSE == (int)AK_JSON_FALSE && (int)AK_JITEM_NULL == (int)AK_JSON_NULL,
               "ak_json_item_kind follows ak_json_event_kind");

typedef struct item_reader {
    ak_json_item_fn fn;
    void *user;
} item_reader;

static int deliver_item(void *user, ak_json_parser *p, const ak_json_event *e)
{
    (void)p;
    const item_reader *ir = user;
    ak_json_item item = {(ak_json_item_kind)e->kind, e->depth, e->offset, e->text, e->text_len,
                         (e->flags & AK_JSON_F_ESCAPED) != 0};
    return ir->fn(ir->user, &item);
}

bool ak_json_read(const uint8_t *data, size_t size, ak_json_item_fn fn, void *user, ak_diags *d)
{
    item_reader ir = {fn, user};
    ak_json_config cfg = {.handler = fn ? deliver_item : NULL, .user = &ir};
    return ak_json_parse(data, size, &cfg, d) == AK_JSON_OK;
}

bool ak_json_item_string(const ak_json_item *item, ak_buf *out)
{
    if (!item->text)
        return false;
    if (!item->escaped)
        return ak_buf_append(out, item->text, item->text_len) || item->text_len == 0;
    return decode_into(item->text, item->text_len, out);
}
