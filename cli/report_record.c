/* One file's result as JSON text, and back: the objects of the JSON report's
 * "files" (report_json.c writes them with this), of a partial report
 * (--shard: with what the other kinds of report need too) and of a cache
 * entry (--cache: without the path). Reading uses the library's JSON front
 * end (ak_json_read) and restores the diagnostics with ak_diags_restore, so
 * that a writer cannot tell a restored file from one it checked. */
#include "report.h"

#include <stdlib.h>
#include <string.h>


void report_record_write(ak_buf *b, const report_file *f, bool strict, unsigned what)
{
    ak_buf_putc(b, '{');
    if (what & RECORD_PATH) {
        ak_buf_puts(b, "\"path\":");
        report_json_str(b, f->path);
        ak_buf_putc(b, ',');
    }
    ak_buf_puts(b, "\"format\":");
    report_json_str_or_null(b, f->format ? f->format->id : NULL);
    ak_buf_puts(b, ",\"version\":");
    report_json_str_or_null(b, f->version);
    if (f->unreadable)
        ak_buf_puts(b, ",\"size\":null");
    else
        ak_buf_printf(b, ",\"size\":%llu", (unsigned long long)f->size);
    ak_buf_printf(b, ",\"status\":\"%s\",\"valid\":{\"compatible\":%s,\"strict\":%s}",
                  f->unreadable ? "unreadable" : f->invalid[strict] ? "invalid" : "valid",
                  f->invalid[0] ? "false" : "true", f->invalid[1] ? "false" : "true");
    ak_buf_printf(b, ",\"errors\":%zu,\"warnings\":%zu,\"notes\":%zu,\"unshown\":%zu,\"diagnostics\":[", f->errors,
                  f->warnings, f->notes, f->unshown);
    for (size_t i = 0; i < ak_diags_count(f->d); i++) {
        const ak_diag *g = ak_diags_at(f->d, i);
        ak_buf_puts(b, i ? ",\n      {\"code\":" : "\n      {\"code\":");
        report_json_str(b, g->rule->code);
        ak_buf_printf(b, ",\"severity\":\"%s\",\"message\":", ak_severity_name(g->severity));
        report_json_str(b, g->message);
        ak_buf_puts(b, ",\"path\":");
        report_json_str(b, g->path);
        ak_buf_printf(b, ",\"offset\":%llu", (unsigned long long)g->offset);
        if (g->line)
            ak_buf_printf(b, ",\"line\":%u,\"column\":%u", g->line, g->column);
        if (what & RECORD_EXTRAS) {
            /* what SARIF says and the other kinds do not: the bytes covered,
               and the column in code points (the file is not at hand then) */
            if (g->length)
                ak_buf_printf(b, ",\"length\":%llu", (unsigned long long)g->length);
            uint32_t cp = ak_diag_column(g, f->data, f->size);
            if (g->line && cp != g->column)
                ak_buf_printf(b, ",\"codePointColumn\":%u", cp);
        }
        ak_buf_putc(b, '}');
    }
    ak_buf_puts(b, ak_diags_count(f->d) ? "\n    ]" : "]");
    size_t n;
    const ak_rule *rule;
    if (what & RECORD_EXTRAS) {
        for (size_t i = 0; (rule = ak_diags_unshown_at(f->d, i, &n)) != NULL; i++) {
            ak_buf_puts(b, i ? ",{\"code\":" : ",\"unshownRules\":[{\"code\":");
            report_json_str(b, rule->code);
            ak_buf_printf(b, ",\"count\":%zu}", n);
        }
        if (ak_diags_unshown_at(f->d, 0, &n))
            ak_buf_putc(b, ']');
    }
    if ((what & RECORD_PLOT) && f->svg) {
        ak_buf_puts(b, ",\"plot\":");
        report_json_str(b, f->svg);
    }
    ak_buf_putc(b, '}');
}

/* ------------------------------------------------------------------ */
/* reading                                                             */

enum { MAX_DEPTH = 4 };

typedef struct reader {
    report_record *rec;
    bool code_point_columns;
    char key[MAX_DEPTH][24]; /* the member being read at each depth ("" when longer: unknown) */
    ak_buf text;             /* a decoded string */
    ak_diag g;               /* the diagnostic being read */
    uint32_t cp_column;
    const ak_rule *unshown_rule;
    size_t unshown_count;
    unsigned seen; /* members met, SEEN_* */
    const char *error;
    char detail[160];
} reader;

enum {
    SEEN_PATH = 1u << 0,
    SEEN_FORMAT = 1u << 1,
    SEEN_STATUS = 1u << 2,
    SEEN_COUNTS = 1u << 3,
    SEEN_VALID = 1u << 4,
    SEEN_DIAGS = 1u << 5,
};

static int fail(reader *rd, const char *error, const char *detail)
{
    rd->error = error;
    snprintf(rd->detail, sizeof rd->detail, "%s", detail ? detail : "");
    return 1;
}

static bool is(const char *key, const char *name) { return strcmp(key, name) == 0; }

static bool number(const ak_json_item *it, uint64_t *out)
{
    if (it->kind != AK_JITEM_NUMBER || it->text_len == 0 || it->text_len > 20)
        return false;
    uint64_t v = 0;
    for (size_t i = 0; i < it->text_len; i++) {
        char c = it->text[i];
        if (c < '0' || c > '9' || v > (UINT64_MAX - 9) / 10)
            return false;
        v = v * 10 + (uint64_t)(c - '0');
    }
    *out = v;
    return true;
}

static const char *string(reader *rd, const ak_json_item *it)
{
    rd->text.len = 0;
    if (it->kind != AK_JITEM_STRING || !ak_json_item_string(it, &rd->text) || !ak_buf_putc(&rd->text, '\0'))
        return NULL;
    rd->text.len--;
    return rd->text.data;
}

static int scalar_top(reader *rd, const char *key, const ak_json_item *it)
{
    report_record *rec = rd->rec;
    report_file *f = &rec->f;
    uint64_t n;
    const char *s;
    if (is(key, "path")) {
        if (!(s = string(rd, it)))
            return fail(rd, "a path that is no string", NULL);
        rec->path.len = 0;
        ak_buf_puts(&rec->path, s);
        rd->seen |= SEEN_PATH;
    } else if (is(key, "format")) {
        if (it->kind == AK_JITEM_NULL) {
            f->format = NULL;
        } else if (!(s = string(rd, it)) || !(f->format = ak_format_find(s))) {
            return fail(rd, "a format this animkit does not know", s);
        }
        rd->seen |= SEEN_FORMAT;
    } else if (is(key, "version")) {
        rec->version.len = 0;
        if (it->kind != AK_JITEM_NULL) {
            if (!(s = string(rd, it)))
                return fail(rd, "a version that is no string", NULL);
            ak_buf_puts(&rec->version, s);
            rec->has_version = true;
        }
    } else if (is(key, "size")) {
        if (it->kind != AK_JITEM_NULL && !number(it, &f->size))
            return fail(rd, "a size that is no whole number", NULL);
    } else if (is(key, "status")) {
        if (!(s = string(rd, it)) || !(is(s, "valid") || is(s, "invalid") || is(s, "unreadable")))
            return fail(rd, "an unknown status", s);
        f->unreadable = is(s, "unreadable");
        rd->seen |= SEEN_STATUS;
    } else if (is(key, "errors") || is(key, "warnings") || is(key, "notes") || is(key, "unshown")) {
        if (!number(it, &n))
            return fail(rd, "a count that is no whole number", key);
        size_t *to = is(key, "errors") ? &f->errors : is(key, "warnings") ? &f->warnings
                     : is(key, "notes")  ? &f->notes
                                         : &f->unshown;
        *to = (size_t)n;
        rd->seen |= SEEN_COUNTS;
    } else if (is(key, "plot")) {
        if (!(s = string(rd, it)))
            return fail(rd, "a plot that is no string", NULL);
        rec->svg.len = 0;
        ak_buf_puts(&rec->svg, s);
        rec->has_svg = true;
    } else {
        return fail(rd, "an unknown member", key);
    }
    return 0;
}

static int scalar_diag(reader *rd, const char *key, const ak_json_item *it)
{
    ak_diag *g = &rd->g;
    uint64_t n;
    const char *s;
    if (is(key, "code")) {
        if (!(s = string(rd, it)) || !(g->rule = ak_rule_find(s)))
            return fail(rd, "a rule this animkit does not know", s);
    } else if (is(key, "severity")) {
        if (!(s = string(rd, it)))
            return fail(rd, "a severity that is no string", NULL);
        if (is(s, "error"))
            g->severity = AK_SEV_ERROR;
        else if (is(s, "warning"))
            g->severity = AK_SEV_WARNING;
        else if (is(s, "note"))
            g->severity = AK_SEV_NOTE;
        else
            return fail(rd, "an unknown severity", s);
    } else if (is(key, "message") || is(key, "path")) {
        if (!(s = string(rd, it)))
            return fail(rd, "a message or path that is no string", NULL);
        char **to = is(key, "message") ? &g->message : &g->path;
        free(*to);
        if (!(*to = strdup(s)))
            return fail(rd, "out of memory", NULL);
    } else if (is(key, "offset") || is(key, "length")) {
        if (!number(it, &n))
            return fail(rd, "an offset that is no whole number", key);
        *(is(key, "offset") ? &g->offset : &g->length) = n;
    } else if (is(key, "line") || is(key, "column") || is(key, "codePointColumn")) {
        if (!number(it, &n) || n > UINT32_MAX)
            return fail(rd, "a line or column that is no whole number", key);
        if (is(key, "line"))
            g->line = (uint32_t)n;
        else if (is(key, "column"))
            g->column = (uint32_t)n;
        else
            rd->cp_column = (uint32_t)n;
    } else {
        return fail(rd, "an unknown member of a diagnostic", key);
    }
    return 0;
}

static void diag_reset(reader *rd)
{
    free(rd->g.message);
    free(rd->g.path);
    memset(&rd->g, 0, sizeof rd->g);
    rd->cp_column = 0;
}

static int on_item(void *user, const ak_json_item *it)
{
    reader *rd = user;
    report_record *rec = rd->rec;
    uint32_t depth = it->depth;
    if (depth >= MAX_DEPTH)
        return fail(rd, "nesting deeper than a report's", NULL);
    if (it->kind == AK_JITEM_KEY) {
        rd->text.len = 0;
        if (!ak_json_item_string(it, &rd->text) || rd->text.len >= sizeof rd->key[0])
            rd->key[depth][0] = '\0';
        else {
            memcpy(rd->key[depth], rd->text.data, rd->text.len);
            rd->key[depth][rd->text.len] = '\0';
        }
        return 0;
    }
    const char *k1 = rd->key[1];
    bool begin = it->kind == AK_JITEM_BEGIN_OBJECT || it->kind == AK_JITEM_BEGIN_ARRAY;
    bool end = it->kind == AK_JITEM_END_OBJECT || it->kind == AK_JITEM_END_ARRAY;
    if (depth == 0)
        return it->kind == AK_JITEM_BEGIN_OBJECT || it->kind == AK_JITEM_END_OBJECT
                   ? 0
                   : fail(rd, "a file's result that is no object", NULL);
    if (depth == 1) {
        if (is(k1, "diagnostics") || is(k1, "unshownRules"))
            return it->kind == AK_JITEM_BEGIN_ARRAY || it->kind == AK_JITEM_END_ARRAY
                       ? (rd->seen |= is(k1, "diagnostics") ? SEEN_DIAGS : 0, 0)
                       : fail(rd, "a list that is no array", k1);
        if (is(k1, "valid"))
            return it->kind == AK_JITEM_BEGIN_OBJECT || it->kind == AK_JITEM_END_OBJECT
                       ? 0
                       : fail(rd, "a verdict that is no object", NULL);
        if (begin || end)
            return fail(rd, "an unknown member", k1);
        return scalar_top(rd, k1, it);
    }
    if (depth == 2 && is(k1, "valid")) {
        const char *k = rd->key[2];
        if ((it->kind != AK_JITEM_TRUE && it->kind != AK_JITEM_FALSE) || !(is(k, "compatible") || is(k, "strict")))
            return fail(rd, "an unknown verdict", k);
        rec->f.invalid[is(k, "strict")] = it->kind == AK_JITEM_FALSE;
        rd->seen |= SEEN_VALID;
        return 0;
    }
    if (depth == 2) { /* an element of diagnostics or unshownRules */
        if (it->kind == AK_JITEM_BEGIN_OBJECT) {
            diag_reset(rd);
            rd->unshown_rule = NULL;
            rd->unshown_count = 0;
            return 0;
        }
        if (it->kind != AK_JITEM_END_OBJECT)
            return fail(rd, "an element that is no object", k1);
        if (is(k1, "unshownRules")) {
            if (!rd->unshown_rule || !ak_diags_restore_unshown(rec->d, rd->unshown_rule, rd->unshown_count))
                return fail(rd, "an unshown rule without its code, or too many", NULL);
            return 0;
        }
        if (!rd->g.rule || !rd->g.message || !rd->g.path)
            return fail(rd, "a diagnostic without its code, message or path", NULL);
        if (rd->code_point_columns && rd->cp_column)
            rd->g.column = rd->cp_column;
        return ak_diags_restore(rec->d, &rd->g) ? 0 : fail(rd, "out of memory", NULL);
    }
    if (begin || end)
        return fail(rd, "nesting deeper than a report's", NULL);
    const char *k3 = rd->key[3];
    if (is(k1, "unshownRules")) {
        const char *s;
        uint64_t n;
        if (is(k3, "code")) {
            if (!(s = string(rd, it)) || !(rd->unshown_rule = ak_rule_find(s)))
                return fail(rd, "a rule this animkit does not know", s);
        } else if (is(k3, "count") && number(it, &n)) {
            rd->unshown_count = (size_t)n;
        } else {
            return fail(rd, "an unknown member of an unshown rule", k3);
        }
        return 0;
    }
    return scalar_diag(rd, k3, it);
}

void report_record_init(report_record *rec, const ak_diag_options *level)
{
    memset(rec, 0, sizeof *rec);
    ak_buf_init(&rec->path);
    ak_buf_init(&rec->version);
    ak_buf_init(&rec->svg);
    rec->level = level ? *level : (ak_diag_options){0};
}

void report_record_free(report_record *rec)
{
    ak_diags_free(rec->d);
    rec->d = NULL;
    ak_buf_free(&rec->path);
    ak_buf_free(&rec->version);
    ak_buf_free(&rec->svg);
}

bool report_record_read(report_record *rec, const char *text, size_t n, bool code_point_columns, char *why,
                        size_t why_size)
{
    ak_diags_free(rec->d);
    rec->path.len = rec->version.len = rec->svg.len = 0;
    rec->has_version = rec->has_svg = false;
    memset(&rec->f, 0, sizeof rec->f);
    if (!(rec->d = ak_diags_new(&rec->level))) {
        snprintf(why, why_size, "out of memory");
        return false;
    }
    reader rd;
    memset(&rd, 0, sizeof rd);
    rd.rec = rec;
    rd.code_point_columns = code_point_columns;
    ak_buf_init(&rd.text);
    ak_diags *syntax = ak_diags_new(NULL);
    bool ok = ak_json_read((const uint8_t *)text, n, on_item, &rd, syntax);
    diag_reset(&rd);
    ak_buf_free(&rd.text);
    unsigned need = SEEN_FORMAT | SEEN_STATUS | SEEN_COUNTS | SEEN_VALID | SEEN_DIAGS;
    if (rd.error)
        snprintf(why, why_size, "%s%s%s", rd.error, rd.detail[0] ? ": " : "", rd.detail);
    else if (!ok)
        snprintf(why, why_size, "not JSON (%s)",
                 syntax && ak_diags_count(syntax) ? ak_diags_at(syntax, 0)->message : "out of memory");
    else if ((rd.seen & need) != need)
        snprintf(why, why_size, "a file's result without all of its members");
    ak_diags_free(syntax);
    if (rd.error || !ok || (rd.seen & need) != need)
        return false;
    report_file *f = &rec->f;
    f->path = rec->path.len ? ak_buf_cstr(&rec->path) : NULL;
    f->version = rec->has_version ? ak_buf_cstr(&rec->version) : NULL;
    f->svg = rec->has_svg ? ak_buf_cstr(&rec->svg) : NULL;
    ak_diags_restore_counts(rec->d, f->errors, f->warnings, f->notes);
    f->d = rec->d;
    return true;
}
