/* report --merge PART... -o OUT: joins the partial reports of the shards
 * of one run (report --shard I/N) into one report of any kind.
 *
 * The parts are streamed: each is read a line at a time (the JSON report
 * writes one file's result per line, its diagnostics on the lines after
 * it, and a JSON string holds no line break, so a line that starts with
 * `    {"path":` starts a file), each file's result is parsed alone
 * (report_record_read), and the files of all parts go to the report in
 * path order, one from each part waiting at a time. Memory is that of one
 * file per part and of the report's own writer, whatever the number of
 * files. The result is the report one run over all the files writes, byte
 * for byte: the same writer, fed the same results in the same order.
 *
 * Parts that do not make one run's report are refused before anything is
 * written (exit 2), naming the parts: written by another animkit, with other
 * options or over other inputs, of different shard counts, a shard given
 * twice or missing, a file in two parts. */
#include "report.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct part {
    const char *name;
    FILE *f;
    char *line;
    size_t cap;
    ssize_t len;   /* of the line read ahead; -1 at the end */
    size_t lineno;
    /* from the header */
    bool has_shard;
    double schema;
    ak_buf version, level, options, inputs; /* inputs: NUL-terminated, one after the other */
    size_t input_count;
    unsigned index, count;
    /* the file waiting to be merged */
    ak_buf text;
    report_record rec;
    bool waiting, ended;
    ak_buf last_path;
} part;

static const char *cmd = "report --merge";

static bool next_line(part *p)
{
    p->len = getline(&p->line, &p->cap, p->f);
    p->lineno += p->len >= 0;
    return p->len >= 0;
}

static bool starts(const part *p, const char *s) { return p->len >= 0 && strncmp(p->line, s, strlen(s)) == 0; }

/* ------------------------------------------------------------------ */
/* the header: everything before the files                             */

typedef struct header_reader {
    part *p;
    char key[2][24];
    ak_buf text;
} header_reader;

static int on_header(void *user, const ak_json_item *it)
{
    header_reader *h = user;
    part *p = h->p;
    if (it->kind == AK_JITEM_KEY) {
        h->text.len = 0;
        ak_json_item_string(it, &h->text);
        if (it->depth <= 2) {
            size_t n = h->text.len < sizeof h->key[0] - 1 ? h->text.len : 0;
            memcpy(h->key[it->depth - 1], h->text.data ? h->text.data : "", n);
            h->key[it->depth - 1][n] = '\0';
        }
        return 0;
    }
    const char *k1 = h->key[0], *k2 = h->key[1];
    bool scalar = it->kind == AK_JITEM_STRING || it->kind == AK_JITEM_NUMBER;
    if (!scalar)
        return 0;
    h->text.len = 0;
    if (it->kind == AK_JITEM_STRING)
        ak_json_item_string(it, &h->text);
    else
        ak_buf_append(&h->text, it->text, it->text_len);
    ak_buf_putc(&h->text, '\0');
    const char *s = h->text.data;
    if (it->depth == 1 && strcmp(k1, "animkitReport") == 0)
        p->schema = strtod(s, NULL);
    else if (it->depth == 1 && strcmp(k1, "level") == 0)
        ak_buf_puts(&p->level, s);
    else if (it->depth == 2 && strcmp(k1, "tool") == 0 && strcmp(k2, "version") == 0)
        ak_buf_puts(&p->version, s);
    else if (it->depth == 2 && strcmp(k1, "inputs") == 0) {
        ak_buf_append(&p->inputs, s, strlen(s) + 1);
        p->input_count++;
    } else if (it->depth == 2 && strcmp(k1, "shard") == 0) {
        p->has_shard = true;
        if (strcmp(k2, "index") == 0)
            p->index = (unsigned)strtoul(s, NULL, 10);
        else if (strcmp(k2, "count") == 0)
            p->count = (unsigned)strtoul(s, NULL, 10);
        else if (strcmp(k2, "options") == 0)
            ak_buf_puts(&p->options, s);
    }
    return 0;
}

/* Opens a part and reads its header; false with a message on standard
   error when it is not a partial report of animkit's. */
static bool open_part(part *p)
{
    if (!(p->f = fopen(p->name, "r"))) {
        fprintf(stderr, "%s %s: %s: %s\n", prog, cmd, shown(p->name), strerror(errno));
        return false;
    }
    ak_buf head;
    ak_buf_init(&head);
    bool files = false, empty = false;
    while (next_line(p)) {
        if (starts(p, "  \"files\": [")) {
            files = true;
            empty = starts(p, "  \"files\": []");
            break;
        }
        ak_buf_append(&head, p->line, (size_t)p->len);
        if (head.len > (64u << 20))
            break;
    }
    ak_buf_puts(&head, "\"files\":[]}");
    header_reader h = {p, {"", ""}, {0}};
    ak_buf_init(&h.text);
    bool ok = files && ak_json_read((const uint8_t *)head.data, head.len, on_header, &h, NULL) && p->schema == 1 &&
              p->version.len;
    ak_buf_free(&h.text);
    ak_buf_free(&head);
    if (!ok) {
        fprintf(stderr, "%s %s: %s: not a JSON report of animkit's (animkitReport 1)\n", prog, cmd, shown(p->name));
        return false;
    }
    if (!p->has_shard || !p->count || !p->index || p->index > p->count || !p->options.len) {
        fprintf(stderr, "%s %s: %s: not a partial report (a JSON report written with --shard I/N)\n", prog, cmd,
                shown(p->name));
        return false;
    }
    if (empty) {
        p->ended = true;
        next_line(p);
        if (!starts(p, "}") || next_line(p)) {
            fprintf(stderr, "%s %s: %s: line %zu: not the end of a report\n", prog, cmd, shown(p->name), p->lineno);
            return false;
        }
        return true;
    }
    next_line(p); /* the first file's line */
    return true;
}

/* The part's next file into p->rec (p->waiting), or its end (p->ended);
   false, with a message, when the part is damaged there. */
static bool advance(part *p, bool code_point_columns)
{
    p->waiting = false;
    if (p->ended)
        return true;
    if (starts(p, "  ]")) {
        p->ended = true;
        bool closed = next_line(p) && starts(p, "}") && !next_line(p);
        if (!closed)
            fprintf(stderr, "%s %s: %s: line %zu: not the end of a report\n", prog, cmd, shown(p->name), p->lineno);
        return closed;
    }
    if (!starts(p, "    {\"path\":")) {
        fprintf(stderr, "%s %s: %s: line %zu: %s\n", prog, cmd, shown(p->name), p->lineno,
                p->len < 0 ? "the report ends before its files do (cut short?)" : "not a file's result");
        return false;
    }
    p->text.len = 0;
    size_t first = p->lineno;
    do {
        ak_buf_append(&p->text, p->line, (size_t)p->len);
    } while (next_line(p) && !starts(p, "    {") && !starts(p, "  ]"));
    /* the separator before the next file */
    while (p->text.len && strchr("\r\n,", p->text.data[p->text.len - 1]))
        p->text.len--;
    char why[256] = "out of memory";
    if (p->text.failed ||
        !report_record_read(&p->rec, p->text.data, p->text.len, code_point_columns, why, sizeof why) ||
        (!p->rec.f.path && snprintf(why, sizeof why, "a file's result without its path") > 0)) {
        fprintf(stderr, "%s %s: %s: line %zu: %s\n", prog, cmd, shown(p->name), first, why);
        return false;
    }
    if (p->last_path.len && strcmp(ak_buf_cstr(&p->last_path), p->rec.f.path) >= 0) {
        fprintf(stderr, "%s %s: %s: line %zu: %s does not come after %s (files are in path order)\n", prog, cmd,
                shown(p->name), first, shown(p->rec.f.path), shown(ak_buf_cstr(&p->last_path)));
        return false;
    }
    p->last_path.len = 0;
    ak_buf_puts(&p->last_path, p->rec.f.path);
    p->waiting = true;
    return true;
}

/* ------------------------------------------------------------------ */
/* do the parts make one run?                                          */

static bool same(const ak_buf *a, const ak_buf *b)
{
    return a->len == b->len && (a->len == 0 || memcmp(a->data, b->data, a->len) == 0);
}

static bool parts_fit(part *parts, size_t n)
{
    part *a = &parts[0];
    for (size_t i = 0; i < n; i++) {
        part *p = &parts[i];
        const char *v = ak_buf_cstr(&p->version);
        if (strcmp(v, AK_VERSION) != 0) {
            fprintf(stderr, "%s %s: %s was written by animkit %s, and this is animkit %s: merge parts with the "
                            "animkit that wrote them\n", prog, cmd, shown(p->name), shown(v), AK_VERSION);
            return false;
        }
        if (p->count != a->count) {
            fprintf(stderr, "%s %s: %s is shard %u/%u and %s shard %u/%u: parts of one run have one count\n", prog,
                    cmd, shown(a->name), a->index, a->count, shown(p->name), p->index, p->count);
            return false;
        }
        if (!same(&p->options, &a->options) || !same(&p->level, &a->level)) {
            fprintf(stderr, "%s %s: %s and %s were made with different options (%s; %s)\n", prog, cmd, shown(a->name),
                    shown(p->name), ak_buf_cstr(&a->options), ak_buf_cstr(&p->options));
            return false;
        }
        if (p->input_count != a->input_count || !same(&p->inputs, &a->inputs)) {
            fprintf(stderr, "%s %s: %s and %s are reports over different inputs (the PATHs of report)\n", prog, cmd,
                    shown(a->name), shown(p->name));
            return false;
        }
        for (size_t k = 0; k < i; k++) {
            if (parts[k].index == p->index) {
                fprintf(stderr, "%s %s: shard %u/%u is given twice: %s and %s\n", prog, cmd, p->index, p->count,
                        shown(parts[k].name), shown(p->name));
                return false;
            }
        }
    }
    if (n < a->count) {
        ak_buf missing;
        ak_buf_init(&missing);
        size_t listed = 0, count = a->count - n;
        for (unsigned s = 1; s <= a->count && listed < 8; s++) {
            bool there = false;
            for (size_t i = 0; i < n && !there; i++)
                there = parts[i].index == s;
            if (!there)
                ak_buf_printf(&missing, "%s%u/%u", listed++ ? ", " : "", s, a->count);
        }
        fprintf(stderr, "%s %s: %zu shard%s missing: %s%s\n", prog, cmd, count, count == 1 ? " is" : "s are",
                ak_buf_cstr(&missing), count > listed ? ", ..." : "");
        ak_buf_free(&missing);
        return false;
    }
    return true;
}

/* ------------------------------------------------------------------ */

int report_merge(const char *const *names, size_t n, const char *output, bool quiet)
{
    const report_writer *w = report_writer_for(output);
    if (!w) {
        fprintf(stderr, "%s %s: cannot tell the kind of report from '%s': use .html, .md, .json, .xml or .sarif\n",
                prog, cmd, shown(output));
        return EXIT_USAGE;
    }
    part *parts = calloc(n, sizeof *parts);
    if (!parts)
        return EXIT_USAGE;
    bool ok = true;
    for (size_t i = 0; i < n; i++) {
        part *p = &parts[i];
        p->name = names[i];
        ak_buf_init(&p->version);
        ak_buf_init(&p->level);
        ak_buf_init(&p->options);
        ak_buf_init(&p->inputs);
        ak_buf_init(&p->text);
        ak_buf_init(&p->last_path);
        report_record_init(&p->rec, NULL);
    }
    for (size_t i = 0; i < n && ok; i++)
        ok = cli_protect_input(names[i]) && open_part(&parts[i]);
    ok = ok && parts_fit(parts, n);
    bool strict = ok && strcmp(ak_buf_cstr(&parts[0].level), "strict") == 0;
    const char **inputs = ok ? calloc(parts[0].input_count + 1, sizeof *inputs) : NULL;
    if (inputs) {
        const char *s = parts[0].inputs.data;
        for (size_t k = 0; k < parts[0].input_count; k++, s += strlen(s) + 1)
            inputs[k] = s;
    }
    ak_output out;
    char why[256];
    if (ok && !cli_output_open(&out, output, why, sizeof why)) {
        fprintf(stderr, "%s %s: %s: %s\n", prog, cmd, shown(output), why);
        ok = false;
    }
    int rc = EXIT_USAGE;
    if (ok) {
        report *r = inputs ? report_new(w, strict, inputs, parts[0].input_count, NULL) : NULL;
        bool cp = w == &report_sarif;
        ok = r != NULL;
        for (size_t i = 0; i < n && ok; i++)
            ok = advance(&parts[i], cp);
        while (ok) {
            part *next = NULL;
            for (size_t i = 0; i < n; i++)
                if (parts[i].waiting && (!next || strcmp(parts[i].rec.f.path, next->rec.f.path) < 0))
                    next = &parts[i];
            if (!next)
                break;
            for (size_t i = 0; i < n; i++) {
                if (&parts[i] != next && parts[i].waiting && strcmp(parts[i].rec.f.path, next->rec.f.path) == 0) {
                    fprintf(stderr, "%s %s: %s is in %s (shard %u/%u) and in %s (shard %u/%u): the shards overlap\n",
                            prog, cmd, shown(next->rec.f.path), shown(next->name), next->index, next->count,
                            shown(parts[i].name), parts[i].index, parts[i].count);
                    ok = false;
                }
            }
            if (ok) {
                report_add(r, &next->rec.f);
                ok = advance(next, cp);
            }
        }
        if (ok && !report_end(r, &out)) {
            fprintf(stderr, "%s %s: out of memory or temporary space; no report was written\n", prog, cmd);
            ok = false;
        }
        if (!ok) {
            cli_output_abort(&out);
        } else if (!cli_output_commit(&out, why, sizeof why)) {
            fprintf(stderr, "%s: %s: %s\n", prog, shown(output), why);
        } else {
            if (!quiet)
                report_summary(output, r, "");
            rc = report_get_totals(r)->invalid[strict] ? EXIT_INVALID : EXIT_OK;
        }
        report_delete(r);
    }
    for (size_t i = 0; i < n; i++) {
        part *p = &parts[i];
        if (p->f)
            fclose(p->f);
        free(p->line);
        ak_buf_free(&p->version);
        ak_buf_free(&p->level);
        ak_buf_free(&p->options);
        ak_buf_free(&p->inputs);
        ak_buf_free(&p->text);
        ak_buf_free(&p->last_path);
        report_record_free(&p->rec);
    }
    free(inputs);
    free(parts);
    return rc;
}
