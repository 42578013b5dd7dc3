/* Checking an open document: its format (the language id, the name's
 * extension, then the content, as the command line detects it), its
 * diagnostics at the level in force, the tree of a JSON text, and the
 * common model on demand. A JSON file named `<name>.<id>.json` for a
 * format whose dump builds the file back (ak_format.undump; not a JSON
 * format itself) is that format's dump: it is checked by building the file
 * from it, in memory, as `animkit convert` would. */
#include "lsp.h"

#include "budget.h"
#include "diag.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The file name a URI names ("file:///a/b%20c.animj" -> "/a/b c.animj"),
   into out (NUL-terminated, cut at cap). Other schemes keep their path. */
static void uri_path(const char *uri, char *out, size_t cap)
{
    const char *p = strstr(uri, "://");
    p = p ? p + 3 : uri;
    if (p != uri) {
        const char *slash = strchr(p, '/'); /* skip the authority */
        p = slash ? slash : p + strlen(p);
    }
    size_t k = 0;
    for (; *p && *p != '?' && *p != '#' && k + 1 < cap; p++) {
        char c = *p;
        int hi, lo;
        if (c == '%' && p[1] && p[2]) {
            hi = p[1] <= '9' ? p[1] - '0' : (p[1] | 32) - 'a' + 10;
            lo = p[2] <= '9' ? p[2] - '0' : (p[2] | 32) - 'a' + 10;
            if (hi >= 0 && hi < 16 && lo >= 0 && lo < 16 && (hi || lo)) {
                c = (char)(hi * 16 + lo);
                p += 2;
            }
        }
        out[k++] = c;
    }
    out[k] = 0;
}

/* The format a language id names: a format's id or one of its extensions
   ("rawr"). Plain JSON's ("json", "jsonc") names none: a .json file is
   detected as the command line detects it. */
static const ak_format *language_format(const char *language)
{
    if (!language || !*language || strlen(language) > 64)
        return NULL;
    const ak_format *f = ak_format_find(language);
    if (!f) {
        char name[80];
        snprintf(name, sizeof name, "x.%s", language);
        f = ak_format_for_filename(name);
    }
    return f && f->text && !f->generic && !f->planned ? f : NULL;
}

/* The format whose dump a file named `path` is, NULL when it is none. */
static const ak_format *dump_format(const char *path)
{
    size_t n = strlen(path);
    if (n < 6 || strcmp(path + n - 5, ".json") != 0)
        return NULL;
    size_t dot = n - 5;
    size_t start = dot;
    while (start > 0 && path[start - 1] != '.' && path[start - 1] != '/')
        start--;
    if (start == 0 || path[start - 1] != '.' || dot - start > 32)
        return NULL;
    char id[40];
    memcpy(id, path + start, dot - start);
    id[dot - start] = 0;
    const ak_format *f = ak_format_find(id);
    return f && !f->planned && f->undump && !f->json_schema && !f->generic ? f : NULL;
}

void lsp_uncheck(lsp_doc *doc)
{
    if (doc->model_tried) {
        if (doc->model_diags)
            ak_arena_free(&doc->model_arena);
        ak_diags_free(doc->model_diags);
    }
    doc->model_tried = false;
    doc->model_diags = NULL;
    doc->model = NULL;
    ak_diags_free(doc->diags);
    doc->diags = NULL;
    if (doc->has_tree)
        lsp_tree_free(&doc->tree);
    doc->has_tree = false;
    lsp_lines_free(&doc->lines);
    doc->format = doc->dump_of = NULL;
    doc->checked_gen = 0;
}

ak_diags *lsp_validate_text(ak_lsp *s, const lsp_doc *doc, const uint8_t *text, size_t size, const ak_format **used)
{
    ak_diag_options level = {s->strict, s->max_errors};
    ak_diags *d = ak_diags_new(&level);
    if (!d)
        return NULL;
    char path[1024];
    uri_path(doc->uri, path, sizeof path);
    ak_input in = {path, text, size, false};
    ak_options opt;
    memset(&opt, 0, sizeof opt);
    if (doc->dump_of) {
        ak_buf built;
        ak_buf_init(&built);
        ak_diags_set_source(d, text, size, true);
        doc->dump_of->undump(&in, &opt, d, &built);
        ak_buf_free(&built);
    } else {
        const ak_format *f = ak_validate(&in, doc->format, &opt, d);
        if (used)
            *used = f && !f->planned ? f : NULL;
    }
    ak_diags_sort(d);
    return d;
}

void lsp_check(ak_lsp *s, lsp_doc *doc)
{
    if (doc->diags && doc->checked_gen == doc->gen)
        return;
    lsp_uncheck(doc);
    const uint8_t *text = (const uint8_t *)(doc->text.data ? doc->text.data : "");
    size_t size = doc->too_large ? 0 : doc->text.len;
    lsp_lines_build(&doc->lines, text, size);
    if (doc->too_large) {
        ak_diag_options level = {s->strict, s->max_errors};
        doc->diags = ak_diags_new(&level);
        if (doc->diags)
            ak_report(doc->diags, &ak_rule_limit_document_size, 0, 0, "",
                      "the document has %llu bytes, more than the %llu the language server checks "
                      "(animkit lsp --max-document); animkit validate checks the file",
                      (unsigned long long)doc->size, (unsigned long long)s->max_document);
        doc->checked_gen = doc->gen;
        return;
    }
    char path[1024];
    uri_path(doc->uri, path, sizeof path);
    doc->format = language_format(doc->language);
    if (!doc->format)
        doc->dump_of = dump_format(path);
    /* validation resolves the format when the language did not name one */
    const ak_format *used = NULL;
    doc->diags = lsp_validate_text(s, doc, text, size, &used);
    if (!doc->dump_of)
        doc->format = used;
    if (doc->dump_of || (doc->format && (doc->format->json_schema || doc->format->generic))) {
        lsp_tree_build(&doc->tree, text, size);
        doc->has_tree = true;
    }
    doc->checked_gen = doc->gen;
}

const ak_animation *lsp_model(ak_lsp *s, lsp_doc *doc)
{
    (void)s;
    if (doc->model_tried)
        return doc->model;
    doc->model_tried = true;
    if (!doc->diags || !doc->format || doc->dump_of || !doc->format->to_model || ak_diags_errors(doc->diags))
        return NULL;
    doc->model_diags = ak_diags_new(NULL);
    if (!doc->model_diags)
        return NULL;
    char path[1024];
    uri_path(doc->uri, path, sizeof path);
    ak_input in = {path, (const uint8_t *)doc->text.data, doc->text.len, false};
    ak_options opt;
    memset(&opt, 0, sizeof opt);
    ak_animation *anim = NULL;
    if (ak_model_decode(doc->format, &in, &opt, doc->model_diags, &doc->model_arena, &anim))
        doc->model = anim;
    return doc->model;
}

static bool word_byte(uint8_t c)
{
    return c > ' ' && !strchr(",;:{}[]\"", c);
}

void lsp_diag_span(const lsp_doc *doc, const ak_diag *g, size_t *start, size_t *end)
{
    size_t size = doc->too_large ? 0 : doc->text.len;
    const uint8_t *text = (const uint8_t *)doc->text.data;
    size_t a = g->offset < size ? (size_t)g->offset : size;
    size_t b = g->length < size - a ? a + (size_t)g->length : size;
    if (b == a && a < size) {
        /* a point: the token there (a word), or the one character */
        while (b < size && b - a < 256 && word_byte(text[b]))
            b++;
        if (b == a && text[a] != '\n' && text[a] != '\r')
            b++;
        while (b < size && (text[b] & 0xC0) == 0x80)
            b++; /* never inside a character */
    }
    *start = a;
    *end = b;
}
