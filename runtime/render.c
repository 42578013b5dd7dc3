/* Renderers for diagnostics: text (clang style), gcc, json, sarif, github. */
#include <animkit/animkit.h>

#include "utf8.h"

#include <stdlib.h>
#include <string.h>

/* Where column_of last counted: in data, the line from line_start, at
   offset, which is column `column`. */
typedef struct column_memo {
    const uint8_t *data;
    size_t line_start, offset;
    uint32_t column;
} column_memo;

struct ak_renderer {
    ak_render_style style;
    FILE *out;
    ak_render_options opt;
    size_t files;
    /* sarif: the whole log is printed at the end, rules first */
    ak_buf results;
    ak_buf artifacts;
    ak_buf notifications; /* files that could not be read, diagnostics not shown */
    column_memo columns;  /* column_of's, of the file being rendered */
    bool unsuccessful;    /* a file could not be read */
    const ak_rule **rules;
    size_t rule_count, rule_cap;
};

bool ak_render_style_parse(const char *name, ak_render_style *out)
{
    static const struct {
        const char *name;
        ak_render_style style;
    } styles[] = {
        {"text", AK_RENDER_TEXT},   {"gcc", AK_RENDER_GCC},       {"json", AK_RENDER_JSON},
        {"sarif", AK_RENDER_SARIF}, {"github", AK_RENDER_GITHUB},
    };
    for (size_t i = 0; i < sizeof styles / sizeof styles[0]; i++) {
        if (strcmp(styles[i].name, name) == 0) {
            *out = styles[i].style;
            return true;
        }
    }
    return false;
}

ak_renderer *ak_renderer_new(ak_render_style style, FILE *out, const ak_render_options *opt)
{
    ak_renderer *r = calloc(1, sizeof *r);
    if (!r)
        return NULL;
    r->style = style;
    r->out = out;
    if (opt)
        r->opt = *opt;
    ak_buf_init(&r->results);
    ak_buf_init(&r->artifacts);
    ak_buf_init(&r->notifications);
    if (style == AK_RENDER_JSON)
        fputs("{\"files\":[", out);
    return r;
}

/* What a file's diagnostics that were counted but not kept come to: "2078
 * more warnings and 3 more notes are not shown (...)". False when every
 * diagnostic is shown. Every renderer says it, in its own way. */
static bool unshown_message(const ak_diags *d, ak_buf *b)
{
    size_t unshown = ak_diags_unshown(d);
    if (!unshown)
        return false;
    size_t warnings = ak_diags_warnings(d), notes = ak_diags_notes(d);
    for (size_t i = 0; i < ak_diags_count(d); i++) {
        const ak_diag *g = ak_diags_at(d, i);
        warnings -= g->severity == AK_SEV_WARNING && warnings;
        notes -= g->severity == AK_SEV_NOTE && g->rule != &ak_rule_limit_max_errors && notes;
    }
    ak_buf_printf(b, "%zu more warning%s", warnings, warnings == 1 ? "" : "s");
    if (notes)
        ak_buf_printf(b, " and %zu more note%s", notes, notes == 1 ? "" : "s");
    ak_buf_puts(b, " not shown; every count includes them (--max-errors N shows up to 10 N warnings and notes)");
    return true;
}

/* ------------------------------------------------------------------ */
/* text                                                                */

#define C_BOLD "\033[1m"
#define C_RED "\033[1;31m"
#define C_MAGENTA "\033[1;35m"
#define C_CYAN "\033[1;36m"
#define C_GREEN "\033[1;32m"
#define C_RESET "\033[0m"

static const char *sev_color(ak_severity s)
{
    return s == AK_SEV_ERROR ? C_RED : s == AK_SEV_WARNING ? C_MAGENTA : C_CYAN;
}

/* What a source excerpt shows of the line holding off: [*from, *to), the
 * whole line (without its line break) when it has at most max bytes, else
 * max bytes around off, whole UTF-8 sequences; *cut_before and *cut_after
 * say that the line goes on beyond them. Its ends are looked for only
 * about max bytes away: a minified file is one line of many megabytes, and each
 * of its diagnostics would otherwise scan all of it. */
static void excerpt_span(const uint8_t *data, size_t size, size_t off, size_t max, size_t *from, size_t *to,
                         bool *cut_before, bool *cut_after)
{
    /* past the window by the longest UTF-8 sequence's last bytes, which
       it takes whole */
    size_t reach = max + 4;
    size_t lo = off > max ? off - max : 0, hi = size - off > reach ? off + reach : size;
    size_t s = off;
    while (s > lo && data[s - 1] != '\n')
        s--;
    bool start_seen = s == 0 || data[s - 1] == '\n';
    size_t e = off;
    while (e < hi && data[e] != '\n')
        e++;
    bool end_seen = e < hi || hi == size || data[hi] == '\n';
    if (end_seen && e > s && data[e - 1] == '\r')
        e--;
    size_t f = s, t = e;
    if (!start_seen || !end_seen || e - s > max) {
        f = off > s + max / 2 ? off - max / 2 : s;
        while (f > s && f < off && (data[f] & 0xc0) == 0x80)
            f--;
        size_t end = end_seen ? e : size;
        t = end - f > max ? f + max : end;
        while (t < end && (data[t] & 0xc0) == 0x80)
            t++;
    }
    *from = f;
    *to = t;
    *cut_before = !start_seen || f > s;
    *cut_after = !end_seen || t < e;
}

/* ------------------------------------------------------------------ */
/* what reaches a terminal                                             */

/* One character of s[0..n) at s: its length, and how it is shown (into b,
 * when b is not NULL) and how many columns that takes. Bytes of the file
 * reach a terminal only escaped: C0 controls (ESC included) and DEL as
 * \xNN, C1 controls as \uNNNN, bytes of ill-formed UTF-8 as \xNN. A tab is
 * kept when keep_tab is set (source excerpts, whose caret line repeats it). */
static size_t shown_char(ak_buf *b, const uint8_t *s, size_t n, bool keep_tab, size_t *columns)
{
    static const char hex[] = "0123456789abcdef";
    uint8_t c = s[0];
    if (c < 0x80) {
        if ((c >= 0x20 && c != 0x7f) || (c == '\t' && keep_tab)) {
            if (b)
                ak_buf_putc(b, (char)c);
            *columns = 1;
        } else {
            if (b) {
                char esc[4] = {'\\', 'x', hex[c >> 4], hex[c & 15]};
                ak_buf_append(b, esc, 4);
            }
            *columns = 4;
        }
        return 1;
    }
    uint32_t cp;
    size_t len = ak_utf8_decode(s, n, &cp);
    if (len == 0) {
        if (b) {
            char esc[4] = {'\\', 'x', hex[c >> 4], hex[c & 15]};
            ak_buf_append(b, esc, 4);
        }
        *columns = 4;
        return 1;
    }
    if (cp < 0xa0) {
        if (b) {
            char esc[6] = {'\\', 'u', '0', '0', hex[cp >> 4], hex[cp & 15]};
            ak_buf_append(b, esc, 6);
        }
        *columns = 6;
        return len;
    }
    if (b)
        ak_buf_append(b, s, len);
    *columns = 1;
    return len;
}

bool ak_buf_put_escaped(ak_buf *b, const char *s, size_t n)
{
    size_t cols;
    for (size_t i = 0; i < n;)
        i += shown_char(b, (const uint8_t *)s + i, n - i, false, &cols);
    return !b->failed;
}

static void put_shown(ak_buf *b, const char *s) { ak_buf_put_escaped(b, s, strlen(s)); }

/* The code points of data[from, to) (a byte of ill-formed UTF-8 counts as
 * one): ASCII 8 bytes at a time. */
static uint32_t code_points(const uint8_t *data, size_t from, size_t to)
{
    uint32_t n = 0;
    size_t i = from;
    while (i < to) {
        uint64_t w;
        if (to - i >= 8 && (memcpy(&w, data + i, 8), (w & UINT64_C(0x8080808080808080)) == 0)) {
            i += 8;
            n += 8;
        } else {
            uint32_t cp;
            size_t len = ak_utf8_decode(data + i, to - i, &cp);
            i += len ? len : 1;
            n++;
        }
    }
    return n;
}

/* The column of a diagnostic as every renderer prints it: Unicode code
 * points from the start of the line (a byte of ill-formed UTF-8 counts as
 * one), 1-based; SARIF's columnKind "unicodeCodePoints". The engine keeps
 * byte columns (ak_diag.column); without the source they are printed.
 * memo (may be NULL): the last column counted in this file, from which the
 * next one on the same line goes on (a minified file's diagnostics are on
 * one line, in order: each would count from its start again). */
static uint32_t column_of(column_memo *memo, const uint8_t *data, size_t size, const ak_diag *g)
{
    if (!data || g->column == 0)
        return g->column;
    size_t off = g->offset > size ? size : (size_t)g->offset;
    size_t start = off >= (size_t)(g->column - 1) ? off - (g->column - 1) : 0;
    uint32_t col;
    if (memo && memo->data == data && memo->line_start == start && memo->offset <= off)
        col = memo->column + code_points(data, memo->offset, off);
    else
        col = 1 + code_points(data, start, off);
    if (memo)
        *memo = (column_memo){data, start, off, col};
    return col;
}

uint32_t ak_diag_column(const ak_diag *g, const uint8_t *data, size_t size) { return column_of(NULL, data, size, g); }

static void text_source(ak_renderer *r, ak_buf *b, const ak_diag *g, const uint8_t *data, size_t size)
{
    const size_t max_shown = 200; /* a minified file is one huge line: show a window */
    size_t off = g->offset > size ? size : (size_t)g->offset;
    size_t from, to;
    bool cut_before, cut_after;
    excerpt_span(data, size, off, max_shown, &from, &to, &cut_before, &cut_after);
    /* The excerpt, escaped as shown_char says; the caret line under it
       repeats tabs and takes as many columns as each character shown. */
    ak_buf caret;
    ak_buf_init(&caret);
    if (cut_before) {
        ak_buf_puts(b, "...");
        ak_buf_puts(&caret, "   ");
    }
    uint64_t len = g->length;
    bool caret_done = false;
    for (size_t i = from; i < to;) {
        size_t cols;
        size_t n = shown_char(b, data + i, to - i, true, &cols);
        if (i < off) {
            if (data[i] == '\t')
                ak_buf_putc(&caret, '\t');
            else
                for (size_t k = 0; k < cols; k++)
                    ak_buf_putc(&caret, ' ');
        } else if (!caret_done) {
            if (r->opt.color)
                ak_buf_puts(&caret, C_GREEN);
            for (size_t k = 0; k < cols; k++)
                ak_buf_putc(&caret, k ? '~' : '^');
            caret_done = true;
        } else if (len > 1 && i < off + len) {
            for (size_t k = 0; k < cols; k++)
                ak_buf_putc(&caret, '~');
        }
        i += n;
    }
    if (!caret_done) {
        if (r->opt.color)
            ak_buf_puts(&caret, C_GREEN);
        ak_buf_putc(&caret, '^');
    }
    if (r->opt.color)
        ak_buf_puts(&caret, C_RESET);
    ak_buf_puts(b, cut_after ? "...\n" : "\n");
    ak_buf_append(b, caret.data, caret.len);
    ak_buf_putc(b, '\n');
    ak_buf_free(&caret);
}

static void hex_source(ak_renderer *r, ak_buf *b, const ak_diag *g, const uint8_t *data, size_t size)
{
    if (size == 0)
        return;
    /* An offset at (or past) the end points just after the last byte. */
    size_t off = g->offset < size ? (size_t)g->offset : size;
    size_t row = (off < size ? off : size - 1) & ~(size_t)15;
    size_t n = size - row < 16 ? size - row : 16;
    ak_buf_printf(b, "  %08zx: ", row);
    for (size_t i = 0; i < 16; i++) {
        if (i < n)
            ak_buf_printf(b, "%02x ", data[row + i]);
        else
            ak_buf_puts(b, "   ");
    }
    ak_buf_puts(b, " |");
    for (size_t i = 0; i < n; i++)
        ak_buf_putc(b, data[row + i] >= 0x20 && data[row + i] < 0x7f ? (char)data[row + i] : '.');
    ak_buf_puts(b, "|\n            ");
    size_t col = off - row;
    for (size_t i = 0; i < col; i++)
        ak_buf_puts(b, "   ");
    if (r->opt.color)
        ak_buf_puts(b, C_GREEN);
    ak_buf_puts(b, "^~");
    uint64_t len = off < size ? g->length : 0;
    for (size_t i = col + 1; len > 1 && i < col + len && i < 16; i++)
        ak_buf_puts(b, "~~~");
    if (r->opt.color)
        ak_buf_puts(b, C_RESET);
    ak_buf_putc(b, '\n');
}

/* text and gcc: "FILE: note: 2078 more warnings not shown ... [code]" */
static void unshown_line(ak_renderer *r, ak_buf *b, const char *file, const ak_diags *d)
{
    ak_buf msg;
    ak_buf_init(&msg);
    if (unshown_message(d, &msg)) {
        put_shown(b, file);
        ak_buf_puts(b, ": ");
        if (r->opt.color)
            ak_buf_puts(b, sev_color(AK_SEV_NOTE));
        ak_buf_puts(b, "note: ");
        if (r->opt.color)
            ak_buf_puts(b, C_RESET);
        ak_buf_append(b, msg.data, msg.len);
        ak_buf_printf(b, " [%s]\n", ak_rule_limit_unshown.code);
    }
    ak_buf_free(&msg);
}

static void render_text(ak_renderer *r, const char *file, const uint8_t *data, size_t size, bool text,
                        const ak_diags *d)
{
    ak_buf b;
    ak_buf_init(&b);
    for (size_t i = 0; i < ak_diags_count(d); i++) {
        const ak_diag *g = ak_diags_at(d, i);
        if (r->opt.color)
            ak_buf_puts(&b, C_BOLD);
        put_shown(&b, file);
        if (text && g->line)
            ak_buf_printf(&b, ":%u:%u: ", g->line, column_of(&r->columns, data, size, g));
        else
            ak_buf_printf(&b, ":0x%llx: ", (unsigned long long)g->offset);
        if (r->opt.color)
            ak_buf_puts(&b, sev_color(g->severity));
        ak_buf_printf(&b, "%s: ", ak_severity_name(g->severity));
        if (r->opt.color)
            ak_buf_puts(&b, C_RESET C_BOLD);
        put_shown(&b, g->message);
        ak_buf_printf(&b, " [%s]", g->rule->code);
        if (r->opt.color)
            ak_buf_puts(&b, C_RESET);
        ak_buf_putc(&b, '\n');
        /* The tool's own rules, and a diagnostic with no place (offset 0,
           no length, no path, e.g. what a conversion lost), speak of the
           whole file: no excerpt. */
        bool whole_file = g->rule == &ak_rule_limit_max_errors || g->rule == &ak_rule_input_unknown_format ||
                          g->rule == &ak_rule_input_empty || (g->offset == 0 && g->length == 0 && !g->path[0]);
        if (data && !whole_file) {
            if (text)
                text_source(r, &b, g, data, size);
            else
                hex_source(r, &b, g, data, size);
        }
        if (g->path[0]) {
            ak_buf_puts(&b, "  at ");
            put_shown(&b, g->path);
            ak_buf_putc(&b, '\n');
        }
    }
    unshown_line(r, &b, file, d);
    fwrite(b.data ? b.data : "", 1, b.len, r->out);
    ak_buf_free(&b);
}

/* ------------------------------------------------------------------ */
/* gcc                                                                 */

static void render_gcc(ak_renderer *r, const char *file, const uint8_t *data, size_t size, bool text,
                       const ak_diags *d)
{
    ak_buf b;
    ak_buf_init(&b);
    for (size_t i = 0; i < ak_diags_count(d); i++) {
        const ak_diag *g = ak_diags_at(d, i);
        put_shown(&b, file);
        if (text && g->line)
            ak_buf_printf(&b, ":%u:%u", g->line, column_of(&r->columns, data, size, g));
        ak_buf_printf(&b, ": %s: ", ak_severity_name(g->severity));
        put_shown(&b, g->message);
        ak_buf_printf(&b, " [%s]", g->rule->code);
        if (!(text && g->line)) {
            ak_buf_printf(&b, " (offset %llu%s", (unsigned long long)g->offset, g->path[0] ? ", " : "");
            put_shown(&b, g->path);
            ak_buf_putc(&b, ')');
        }
        ak_buf_putc(&b, '\n');
    }
    unshown_line(r, &b, file, d);
    fwrite(b.data ? b.data : "", 1, b.len, r->out);
    ak_buf_free(&b);
}

/* ------------------------------------------------------------------ */
/* json                                                                */

static void json_str(ak_buf *b, const char *s) { ak_buf_json_string(b, s, strlen(s)); }

static void render_json(ak_renderer *r, const char *file, const char *format_id, const uint8_t *data, size_t size,
                        bool text, const ak_diags *d)
{
    ak_buf b;
    ak_buf_init(&b);
    if (r->files)
        ak_buf_putc(&b, ',');
    ak_buf_puts(&b, "\n{\"file\":");
    json_str(&b, file);
    ak_buf_puts(&b, ",\"format\":");
    if (format_id)
        json_str(&b, format_id);
    else
        ak_buf_puts(&b, "null");
    ak_buf_printf(&b, ",\"valid\":%s,\"diagnostics\":[", ak_diags_errors(d) ? "false" : "true");
    for (size_t i = 0; i < ak_diags_count(d); i++) {
        const ak_diag *g = ak_diags_at(d, i);
        ak_buf_puts(&b, i ? ",\n  {\"code\":" : "\n  {\"code\":");
        json_str(&b, g->rule->code);
        ak_buf_printf(&b, ",\"severity\":\"%s\",\"message\":", ak_severity_name(g->severity));
        json_str(&b, g->message);
        ak_buf_puts(&b, ",\"path\":");
        json_str(&b, g->path);
        ak_buf_printf(&b, ",\"offset\":%llu", (unsigned long long)g->offset);
        if (text && g->line)
            ak_buf_printf(&b, ",\"line\":%u,\"column\":%u", g->line, column_of(&r->columns, data, size, g));
        ak_buf_putc(&b, '}');
    }
    ak_buf_printf(&b, "],\"counts\":{\"errors\":%zu,\"warnings\":%zu,\"notes\":%zu,\"unshown\":%zu}}",
                  ak_diags_errors(d), ak_diags_warnings(d), ak_diags_notes(d), ak_diags_unshown(d));
    fwrite(b.data, 1, b.len, r->out);
    ak_buf_free(&b);
}

/* ------------------------------------------------------------------ */
/* sarif                                                               */

static size_t rule_index(ak_renderer *r, const ak_rule *rule)
{
    for (size_t i = 0; i < r->rule_count; i++)
        if (r->rules[i] == rule)
            return i;
    if (r->rule_count == r->rule_cap) {
        size_t cap = r->rule_cap ? r->rule_cap * 2 : 16;
        const ak_rule **rules = realloc(r->rules, cap * sizeof *rules);
        if (!rules)
            return 0;
        r->rules = rules;
        r->rule_cap = cap;
    }
    r->rules[r->rule_count] = rule;
    return r->rule_count++;
}

/* A URI for a path: a relative reference, or a file: URI for an absolute
 * path; unreserved characters and '/' stay, the rest is percent-encoded. */
static void uri(ak_buf *b, const char *path)
{
    static const char hex[] = "0123456789ABCDEF";
    ak_buf tmp;
    ak_buf_init(&tmp);
    if (path[0] == '/')
        ak_buf_puts(&tmp, "file://"); /* an absolute path becomes a file URI */
    for (const unsigned char *p = (const unsigned char *)path; *p; p++) {
        unsigned char c = *p;
        if ((c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-' ||
            c == '.' || c == '_' || c == '~' || c == '/')
            ak_buf_putc(&tmp, (char)c);
        else {
            char esc[3] = {'%', hex[c >> 4], hex[c & 15]};
            ak_buf_append(&tmp, esc, 3);
        }
    }
    ak_buf_json_string(b, tmp.data ? tmp.data : "", tmp.len);
    ak_buf_free(&tmp);
}

static const char *sarif_level(ak_severity s)
{
    return s == AK_SEV_ERROR ? "error" : s == AK_SEV_WARNING ? "warning" : "note";
}

static void render_sarif(ak_renderer *r, const char *file, const uint8_t *data, size_t size, bool text,
                         const ak_diags *d)
{
    ak_buf *b = &r->results;
    if (r->files)
        ak_buf_putc(&r->artifacts, ',');
    ak_buf_puts(&r->artifacts, "{\"location\":{\"uri\":");
    uri(&r->artifacts, file);
    ak_buf_puts(&r->artifacts, "}}");
    for (size_t i = 0; i < ak_diags_count(d); i++) {
        const ak_diag *g = ak_diags_at(d, i);
        if (b->len)
            ak_buf_putc(b, ',');
        ak_buf_puts(b, "{\"ruleId\":");
        json_str(b, g->rule->code);
        ak_buf_printf(b, ",\"ruleIndex\":%zu,\"level\":\"%s\",\"message\":{\"text\":", rule_index(r, g->rule),
                      sarif_level(g->severity));
        json_str(b, g->message);
        ak_buf_puts(b, "},\"locations\":[{\"physicalLocation\":{\"artifactLocation\":{\"uri\":");
        uri(b, file);
        ak_buf_printf(b, ",\"index\":%zu},\"region\":{", r->files);
        if (text && g->line)
            ak_buf_printf(b, "\"startLine\":%u,\"startColumn\":%u,", g->line, column_of(&r->columns, data, size, g));
        ak_buf_printf(b, "\"byteOffset\":%llu", (unsigned long long)g->offset);
        if (g->length)
            ak_buf_printf(b, ",\"byteLength\":%llu", (unsigned long long)g->length);
        ak_buf_puts(b, "}}");
        if (g->path[0]) {
            ak_buf_puts(b, ",\"logicalLocations\":[{\"fullyQualifiedName\":");
            json_str(b, g->path);
            ak_buf_puts(b, "}]");
        }
        ak_buf_puts(b, "}]}");
    }
    ak_buf msg;
    ak_buf_init(&msg);
    if (unshown_message(d, &msg)) {
        if (r->notifications.len)
            ak_buf_putc(&r->notifications, ',');
        ak_buf_puts(&r->notifications, "{\"level\":\"note\",\"descriptor\":{\"id\":");
        json_str(&r->notifications, ak_rule_limit_unshown.code);
        ak_buf_puts(&r->notifications, "},\"message\":{\"text\":");
        ak_buf_json_string(&r->notifications, msg.data, msg.len);
        ak_buf_puts(&r->notifications, "},\"locations\":[{\"physicalLocation\":{\"artifactLocation\":{\"uri\":");
        uri(&r->notifications, file);
        ak_buf_puts(&r->notifications, "}}}]}");
    }
    ak_buf_free(&msg);
}

static void finish_sarif(ak_renderer *r)
{
    ak_buf b;
    ak_buf_init(&b);
    ak_buf_puts(&b, "{\"$schema\":\"https://json.schemastore.org/sarif-2.1.0.json\",\"version\":\"2.1.0\","
                    "\"runs\":[{\"tool\":{\"driver\":{\"name\":\"animkit\",\"version\":\"" AK_VERSION "\","
                    "\"semanticVersion\":\"" AK_VERSION "\",\"rules\":[");
    for (size_t i = 0; i < r->rule_count; i++) {
        const ak_rule *rule = r->rules[i];
        ak_buf_puts(&b, i ? ",{\"id\":" : "{\"id\":");
        json_str(&b, rule->code);
        ak_buf_puts(&b, ",\"shortDescription\":{\"text\":");
        json_str(&b, rule->message);
        ak_buf_putc(&b, '}');
        if (rule->rationale) {
            ak_buf_puts(&b, ",\"fullDescription\":{\"text\":");
            json_str(&b, rule->rationale);
            ak_buf_putc(&b, '}');
        }
        ak_buf_printf(&b, ",\"defaultConfiguration\":{\"level\":\"%s\"}}", sarif_level(rule->compat));
    }
    ak_buf_printf(&b, "]}},\"invocations\":[{\"executionSuccessful\":%s", r->unsuccessful ? "false" : "true");
    if (r->notifications.len) {
        ak_buf_puts(&b, ",\"toolExecutionNotifications\":[");
        ak_buf_append(&b, r->notifications.data, r->notifications.len);
        ak_buf_putc(&b, ']');
    }
    ak_buf_puts(&b, "}],\"columnKind\":\"unicodeCodePoints\",\"artifacts\":[");
    ak_buf_append(&b, r->artifacts.data, r->artifacts.len);
    ak_buf_puts(&b, "],\"results\":[");
    ak_buf_append(&b, r->results.data, r->results.len);
    ak_buf_puts(&b, "]}]}\n");
    fwrite(b.data, 1, b.len, r->out);
    ak_buf_free(&b);
}

/* ------------------------------------------------------------------ */
/* github                                                              */

/* A workflow command's value: what reaches the log escaped like every
   text style (shown_char), then the command's own escapes. */
static void gh_escape(FILE *out, const char *s, bool property)
{
    ak_buf shown;
    ak_buf_init(&shown);
    put_shown(&shown, s);
    for (size_t i = 0; i < shown.len; i++) {
        char c = shown.data[i];
        switch (c) {
        case '%': fputs("%25", out); break;
        case ':': fputs(property ? "%3A" : ":", out); break;
        case ',': fputs(property ? "%2C" : ",", out); break;
        default: fputc(c, out);
        }
    }
    ak_buf_free(&shown);
}

static void render_github(ak_renderer *r, const char *file, const uint8_t *data, size_t size, bool text,
                          const ak_diags *d)
{
    for (size_t i = 0; i < ak_diags_count(d); i++) {
        const ak_diag *g = ak_diags_at(d, i);
        const char *cmd = g->severity == AK_SEV_ERROR ? "error" : g->severity == AK_SEV_WARNING ? "warning" : "notice";
        fprintf(r->out, "::%s file=", cmd);
        gh_escape(r->out, file, true);
        if (text && g->line)
            fprintf(r->out, ",line=%u,col=%u", g->line, column_of(&r->columns, data, size, g));
        fputs(",title=", r->out);
        gh_escape(r->out, g->rule->code, true);
        fputs("::", r->out);
        gh_escape(r->out, g->message, false);
        if (!(text && g->line))
            fprintf(r->out, " (offset %llu)", (unsigned long long)g->offset);
        if (g->path[0]) {
            fputs(" at ", r->out);
            gh_escape(r->out, g->path, false);
        }
        fputc('\n', r->out);
    }
    ak_buf msg;
    ak_buf_init(&msg);
    if (unshown_message(d, &msg)) {
        fputs("::notice file=", r->out);
        gh_escape(r->out, file, true);
        fputs(",title=", r->out);
        gh_escape(r->out, ak_rule_limit_unshown.code, true);
        fputs("::", r->out);
        gh_escape(r->out, ak_buf_cstr(&msg), false);
        fputc('\n', r->out);
    }
    ak_buf_free(&msg);
}

void ak_renderer_file(ak_renderer *r, const char *file, const char *format_id, const uint8_t *data,
                      size_t size, bool text, const ak_diags *d)
{
    r->columns = (column_memo){0}; /* data may be where the last file's was */
    switch (r->style) {
    case AK_RENDER_TEXT: render_text(r, file, data, size, text, d); break;
    case AK_RENDER_GCC: render_gcc(r, file, data, size, text, d); break;
    case AK_RENDER_JSON: render_json(r, file, format_id, data, size, text, d); break;
    case AK_RENDER_SARIF: render_sarif(r, file, data, size, text, d); break;
    case AK_RENDER_GITHUB: render_github(r, file, data, size, text, d); break;
    }
    r->files++;
}

void ak_renderer_unreadable(ak_renderer *r, const char *file, const char *why)
{
    ak_buf b;
    ak_buf_init(&b);
    switch (r->style) {
    case AK_RENDER_TEXT:
    case AK_RENDER_GCC: break; /* the command says it on standard error */
    case AK_RENDER_JSON:
        if (r->files)
            ak_buf_putc(&b, ',');
        ak_buf_puts(&b, "\n{\"file\":");
        json_str(&b, file);
        ak_buf_puts(&b, ",\"format\":null,\"valid\":false,\"error\":");
        json_str(&b, why);
        ak_buf_puts(&b, ",\"diagnostics\":[]}");
        fwrite(b.data, 1, b.len, r->out);
        r->files++;
        break;
    case AK_RENDER_SARIF:
        r->unsuccessful = true;
        if (r->notifications.len)
            ak_buf_putc(&r->notifications, ',');
        ak_buf_puts(&r->notifications, "{\"level\":\"error\",\"message\":{\"text\":");
        ak_buf_puts(&b, "cannot read the file: ");
        ak_buf_puts(&b, why);
        json_str(&r->notifications, ak_buf_cstr(&b));
        ak_buf_puts(&r->notifications, "},\"locations\":[{\"physicalLocation\":{\"artifactLocation\":{\"uri\":");
        uri(&r->notifications, file);
        ak_buf_puts(&r->notifications, "}}}]}");
        break;
    case AK_RENDER_GITHUB:
        fputs("::error file=", r->out);
        gh_escape(r->out, file, true);
        fputs("::cannot read the file: ", r->out);
        gh_escape(r->out, why, false);
        fputc('\n', r->out);
        break;
    }
    ak_buf_free(&b);
}

void ak_renderer_finish(ak_renderer *r)
{
    if (!r)
        return;
    if (r->style == AK_RENDER_JSON)
        fputs("\n]}\n", r->out);
    else if (r->style == AK_RENDER_SARIF)
        finish_sarif(r);
    fflush(r->out);
    ak_buf_free(&r->results);
    ak_buf_free(&r->artifacts);
    ak_buf_free(&r->notifications);
    free(r->rules);
    free(r);
}
