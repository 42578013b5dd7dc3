/* The language server's core: JSON-RPC 2.0 messages in and out (LSP 3.17),
 * the lifecycle (initialize, shutdown, exit), the open documents (full
 * sync; ranged changes are applied too) and the settings (the level).
 * Requests are answered as they come; diagnostics wait for ak_lsp_idle,
 * so that of several quick changes only the newest text is checked and
 * published: nothing older than the text the server holds is ever sent. */
#include "lsp.h"

#include "ak_jtree.h"
#include "json_parser.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define LSP_DEFAULT_MAX_DOCUMENT (UINT64_C(16) << 20)

/* JSON-RPC and LSP error codes */
enum {
    E_PARSE = -32700,
    E_INVALID_REQUEST = -32600,
    E_METHOD_NOT_FOUND = -32601,
    E_INVALID_PARAMS = -32602,
    E_INTERNAL = -32603,
    E_NOT_INITIALIZED = -32002,
};

char *lsp_strndup(const char *s, size_t n)
{
    char *p = malloc(n + 1);
    if (p) {
        memcpy(p, s, n);
        p[n] = 0;
    }
    return p;
}

bool lsp_eq(const char *s, size_t n, const char *z)
{
    return strlen(z) == n && memcmp(s, z, n) == 0;
}

/* ---- the outgoing queue ------------------------------------------------ */

typedef struct msg {
    ak_buf buf;
    ak_json_writer w;
} msg;

static void msg_begin(msg *m)
{
    ak_buf_init(&m->buf);
    ak_json_writer_options o = {0, false, false};
    ak_json_writer_init(&m->w, &m->buf, &o);
    ak_json_begin_object(&m->w);
    ak_json_keyz(&m->w, "jsonrpc");
    ak_json_stringz(&m->w, "2.0");
}

/* Ends the message and queues it (dropped when out of memory: a client
   waits for a reply it will not get, but the server goes on). */
static void msg_send(ak_lsp *s, msg *m)
{
    ak_json_end_object(&m->w);
    ak_json_writer_finish(&m->w); /* a replaced byte (U+FFFD) still gives valid JSON */
    if (m->buf.failed) {
        ak_buf_free(&m->buf);
        return;
    }
    if (s->out_head == s->out_count)
        s->out_head = s->out_count = 0;
    if (s->out_count == s->out_cap) {
        size_t cap = s->out_cap ? s->out_cap * 2 : 16;
        ak_buf *q = realloc(s->out, cap * sizeof *q);
        if (!q) {
            ak_buf_free(&m->buf);
            return;
        }
        s->out = q;
        s->out_cap = cap;
    }
    s->out[s->out_count++] = m->buf;
}

static void write_id(ak_json_writer *w, const ak_jnode *id)
{
    if (!id || (id->kind != AK_JNUM && id->kind != AK_JSTR))
        ak_json_null(w);
    else if (id->kind == AK_JSTR)
        ak_json_string(w, id->str, id->len);
    else
        ak_jtree_write(id, w);
}

static void response_begin(msg *m, const ak_jnode *id)
{
    msg_begin(m);
    ak_json_keyz(&m->w, "id");
    write_id(&m->w, id);
    ak_json_keyz(&m->w, "result");
}

static void send_error(ak_lsp *s, const ak_jnode *id, int code, const char *message)
{
    msg m;
    msg_begin(&m);
    ak_json_keyz(&m.w, "id");
    write_id(&m.w, id);
    ak_json_keyz(&m.w, "error");
    ak_json_begin_object(&m.w);
    ak_json_keyz(&m.w, "code");
    ak_json_i64(&m.w, code);
    ak_json_keyz(&m.w, "message");
    ak_json_stringz(&m.w, message);
    ak_json_end_object(&m.w);
    msg_send(s, &m);
}

static void notification_begin(msg *m, const char *method)
{
    msg_begin(m);
    ak_json_keyz(&m->w, "method");
    ak_json_stringz(&m->w, method);
    ak_json_keyz(&m->w, "params");
}

static void show_message(ak_lsp *s, int type, const char *text)
{
    msg m;
    notification_begin(&m, "window/showMessage");
    ak_json_begin_object(&m.w);
    ak_json_keyz(&m.w, "type");
    ak_json_i64(&m.w, type);
    ak_json_keyz(&m.w, "message");
    ak_json_stringz(&m.w, text);
    ak_json_end_object(&m.w);
    msg_send(s, &m);
}

/* ---- writing positions and diagnostics --------------------------------- */

void lsp_write_position(ak_lsp *s, ak_json_writer *w, const lsp_doc *doc, size_t offset)
{
    const uint8_t *text = (const uint8_t *)(doc->text.data ? doc->text.data : "");
    lsp_pos p = lsp_position(&doc->lines, text, doc->too_large ? 0 : doc->text.len, offset, s->utf8);
    ak_json_begin_object(w);
    ak_json_keyz(w, "line");
    ak_json_u64(w, p.line);
    ak_json_keyz(w, "character");
    ak_json_u64(w, p.character);
    ak_json_end_object(w);
}

void lsp_write_range(ak_lsp *s, ak_json_writer *w, const lsp_doc *doc, size_t start, size_t end)
{
    ak_json_begin_object(w);
    ak_json_keyz(w, "start");
    lsp_write_position(s, w, doc, start);
    ak_json_keyz(w, "end");
    lsp_write_position(s, w, doc, end);
    ak_json_end_object(w);
}

bool lsp_rule_href(const ak_lsp *s, const char *code, ak_buf *out)
{
    if (!s->docs_url || !*s->docs_url)
        return false;
    ak_buf_puts(out, s->docs_url);
    ak_buf_putc(out, '#');
    ak_buf_puts(out, code);
    return !out->failed;
}

void lsp_write_diagnostic(ak_lsp *s, ak_json_writer *w, const lsp_doc *doc, const ak_diag *g)
{
    size_t a, b;
    lsp_diag_span(doc, g, &a, &b);
    ak_json_begin_object(w);
    ak_json_keyz(w, "range");
    lsp_write_range(s, w, doc, a, b);
    ak_json_keyz(w, "severity");
    ak_json_i64(w, g->severity == AK_SEV_ERROR ? 1 : g->severity == AK_SEV_WARNING ? 2 : 3);
    ak_json_keyz(w, "code");
    ak_json_stringz(w, g->rule->code);
    ak_buf href;
    ak_buf_init(&href);
    if (lsp_rule_href(s, g->rule->code, &href)) {
        ak_json_keyz(w, "codeDescription");
        ak_json_begin_object(w);
        ak_json_keyz(w, "href");
        ak_json_string(w, href.data, href.len);
        ak_json_end_object(w);
    }
    ak_buf_free(&href);
    ak_json_keyz(w, "source");
    ak_json_stringz(w, "animkit");
    ak_json_keyz(w, "message");
    ak_json_stringz(w, g->message ? g->message : g->rule->message);
    if (s->related_information)
        lsp_write_related(s, w, doc, g);
    ak_json_keyz(w, "data");
    ak_json_begin_object(w);
    ak_json_keyz(w, "path");
    ak_json_stringz(w, g->path ? g->path : "");
    ak_json_end_object(w);
    ak_json_end_object(w);
}

/* ---- documents --------------------------------------------------------- */

static lsp_doc *find_doc(ak_lsp *s, const char *uri, size_t n, size_t *at)
{
    for (size_t i = 0; i < s->doc_count; i++)
        if (lsp_eq(uri, n, s->docs[i]->uri)) {
            if (at)
                *at = i;
            return s->docs[i];
        }
    return NULL;
}

static void free_doc(lsp_doc *d)
{
    lsp_uncheck(d);
    ak_buf_free(&d->text);
    free(d->uri);
    free(d->language);
    free(d);
}

/* Sets the document's whole text (or only its size when it is too large). */
static void set_text(ak_lsp *s, lsp_doc *d, const char *text, size_t n)
{
    lsp_uncheck(d);
    d->size = n;
    d->text.len = 0;
    d->too_large = n > s->max_document;
    if (!d->too_large) {
        ak_buf_append(&d->text, text, n);
        ak_buf_cstr(&d->text);
        if (d->text.failed) {
            /* no memory for it: as good as too large */
            ak_buf_free(&d->text);
            ak_buf_init(&d->text);
            d->too_large = true;
        }
    } else {
        ak_buf_free(&d->text);
        ak_buf_init(&d->text);
    }
    d->gen = ++s->gen;
    d->dirty = true;
}

static const ak_jnode *member(const ak_jnode *o, const char *name)
{
    return o && o->kind == AK_JOBJ ? ak_jnode_get(o, name) : NULL;
}

static bool string_of(const ak_jnode *v, const char **s, size_t *n)
{
    if (!v || v->kind != AK_JSTR)
        return false;
    *s = v->str;
    *n = v->len;
    return true;
}

static bool uint_of(const ak_jnode *v, uint32_t *out)
{
    if (!v || v->kind != AK_JNUM || !(v->num >= 0) || v->num > 4294967295.0 || v->num != (double)(uint64_t)v->num)
        return false;
    *out = (uint32_t)v->num;
    return true;
}

/* params.textDocument.uri's document, NULL when it is not open. */
static lsp_doc *doc_of(ak_lsp *s, const ak_jnode *params)
{
    const char *uri;
    size_t n;
    if (!string_of(member(member(params, "textDocument"), "uri"), &uri, &n))
        return NULL;
    return find_doc(s, uri, n, NULL);
}

static void did_open(ak_lsp *s, const ak_jnode *params)
{
    const ak_jnode *td = member(params, "textDocument");
    const char *uri, *text, *lang = "";
    size_t nuri, ntext, nlang = 0;
    if (!string_of(member(td, "uri"), &uri, &nuri) || !string_of(member(td, "text"), &text, &ntext))
        return;
    string_of(member(td, "languageId"), &lang, &nlang);
    lsp_doc *d = find_doc(s, uri, nuri, NULL);
    if (!d) {
        if (s->doc_count == s->doc_cap) {
            size_t cap = s->doc_cap ? s->doc_cap * 2 : 8;
            lsp_doc **docs = realloc(s->docs, cap * sizeof *docs);
            if (!docs)
                return;
            s->docs = docs;
            s->doc_cap = cap;
        }
        d = calloc(1, sizeof *d);
        if (!d || !(d->uri = lsp_strndup(uri, nuri))) {
            free(d);
            return;
        }
        ak_buf_init(&d->text);
        s->docs[s->doc_count++] = d;
    }
    free(d->language);
    d->language = lsp_strndup(lang, nlang);
    const ak_jnode *v = member(td, "version");
    d->version = v && v->kind == AK_JNUM ? (int64_t)v->num : 0;
    set_text(s, d, text, ntext);
}

/* One ranged change: replaces the range's bytes of the current text. */
static void apply_range(ak_lsp *s, lsp_doc *d, const ak_jnode *range, const char *text, size_t n)
{
    lsp_pos a, b;
    if (!uint_of(member(member(range, "start"), "line"), &a.line) ||
        !uint_of(member(member(range, "start"), "character"), &a.character) ||
        !uint_of(member(member(range, "end"), "line"), &b.line) ||
        !uint_of(member(member(range, "end"), "character"), &b.character))
        return;
    if (d->too_large)
        return; /* its text is not kept: it stays too large until a full change */
    lsp_lines lines;
    const uint8_t *cur = (const uint8_t *)(d->text.data ? d->text.data : "");
    if (!lsp_lines_build(&lines, cur, d->text.len))
        return;
    size_t from = lsp_offset(&lines, cur, d->text.len, a, s->utf8);
    size_t to = lsp_offset(&lines, cur, d->text.len, b, s->utf8);
    lsp_lines_free(&lines);
    if (to < from)
        to = from;
    ak_buf next;
    ak_buf_init(&next);
    ak_buf_append(&next, cur, from);
    ak_buf_append(&next, text, n);
    ak_buf_append(&next, cur + to, d->text.len - to);
    if (!next.failed)
        set_text(s, d, next.data ? next.data : "", next.len);
    ak_buf_free(&next);
}

static void did_change(ak_lsp *s, const ak_jnode *params)
{
    lsp_doc *d = doc_of(s, params);
    const ak_jnode *changes = member(params, "contentChanges");
    if (!d || !changes || changes->kind != AK_JARR)
        return;
    for (size_t i = 0; i < changes->count; i++) {
        const ak_jnode *c = changes->items[i].v;
        const char *text;
        size_t n;
        if (!string_of(member(c, "text"), &text, &n))
            continue;
        const ak_jnode *range = member(c, "range");
        if (range && range->kind == AK_JOBJ)
            apply_range(s, d, range, text, n);
        else
            set_text(s, d, text, n);
    }
    const ak_jnode *v = member(member(params, "textDocument"), "version");
    if (v && v->kind == AK_JNUM)
        d->version = (int64_t)v->num;
}

/* Values a publication may look at to find related places (a hostile file
   with thousands of repeated UUIDs gets some of them, not a stall). */
#define LSP_RELATED_BUDGET (UINT64_C(8) << 20)

static void publish(ak_lsp *s, lsp_doc *d)
{
    lsp_check(s, d);
    s->related_budget = LSP_RELATED_BUDGET;
    msg m;
    notification_begin(&m, "textDocument/publishDiagnostics");
    ak_json_begin_object(&m.w);
    ak_json_keyz(&m.w, "uri");
    ak_json_stringz(&m.w, d->uri);
    ak_json_keyz(&m.w, "version");
    ak_json_i64(&m.w, d->version);
    ak_json_keyz(&m.w, "diagnostics");
    ak_json_begin_array(&m.w);
    for (size_t i = 0; d->diags && i < ak_diags_count(d->diags); i++)
        lsp_write_diagnostic(s, &m.w, d, ak_diags_at(d->diags, i));
    ak_json_end_array(&m.w);
    ak_json_end_object(&m.w);
    msg_send(s, &m);
    d->dirty = false;
}

static void did_close(ak_lsp *s, const ak_jnode *params)
{
    const char *uri;
    size_t n, at;
    if (!string_of(member(member(params, "textDocument"), "uri"), &uri, &n))
        return;
    lsp_doc *d = find_doc(s, uri, n, &at);
    if (!d)
        return;
    msg m;
    notification_begin(&m, "textDocument/publishDiagnostics");
    ak_json_begin_object(&m.w);
    ak_json_keyz(&m.w, "uri");
    ak_json_stringz(&m.w, d->uri);
    ak_json_keyz(&m.w, "diagnostics");
    ak_json_begin_array(&m.w);
    ak_json_end_array(&m.w);
    ak_json_end_object(&m.w);
    msg_send(s, &m);
    free_doc(d);
    memmove(&s->docs[at], &s->docs[at + 1], (s->doc_count - at - 1) * sizeof *s->docs);
    s->doc_count--;
}

/* ---- settings ---------------------------------------------------------- */

/* {"level": "strict"|"compatible", "maxErrors": N}, also under "animkit". */
static void apply_settings(ak_lsp *s, const ak_jnode *settings)
{
    const ak_jnode *nested = member(settings, "animkit");
    if (nested)
        settings = nested;
    const ak_jnode *level = member(settings, "level");
    bool strict = s->strict;
    if (level && level->kind == AK_JSTR) {
        if (lsp_eq(level->str, level->len, "strict"))
            strict = true;
        else if (lsp_eq(level->str, level->len, "compatible"))
            strict = false;
    }
    uint32_t max_errors;
    if (uint_of(member(settings, "maxErrors"), &max_errors) && max_errors > 0 && max_errors != s->max_errors) {
        s->max_errors = max_errors;
        for (size_t i = 0; i < s->doc_count; i++) {
            s->docs[i]->gen = ++s->gen;
            s->docs[i]->dirty = true;
        }
    }
    if (strict != s->strict) {
        s->strict = strict;
        for (size_t i = 0; i < s->doc_count; i++) {
            s->docs[i]->gen = ++s->gen;
            s->docs[i]->dirty = true;
        }
    }
}

/* ---- requests ---------------------------------------------------------- */

static bool wants_utf8(const ak_jnode *caps)
{
    const ak_jnode *enc = member(member(caps, "general"), "positionEncodings");
    for (size_t i = 0; enc && enc->kind == AK_JARR && i < enc->count; i++)
        if (ak_jnode_is(enc->items[i].v, "utf-8"))
            return true;
    return false;
}

static bool flag(const ak_jnode *v)
{
    return v && v->kind == AK_JTRUE;
}

static void initialize(ak_lsp *s, const ak_jnode *id, const ak_jnode *params)
{
    const ak_jnode *caps = member(params, "capabilities");
    const ak_jnode *td = member(caps, "textDocument");
    s->utf8 = wants_utf8(caps);
    s->hierarchical_symbols = flag(member(member(td, "documentSymbol"), "hierarchicalDocumentSymbolSupport"));
    s->related_information = flag(member(member(td, "publishDiagnostics"), "relatedInformation"));
    s->document_changes = flag(member(member(member(caps, "workspace"), "workspaceEdit"), "documentChanges"));
    const ak_jnode *formats = member(member(td, "hover"), "contentFormat");
    s->markdown_hover = false;
    for (size_t i = 0; formats && formats->kind == AK_JARR && i < formats->count; i++)
        s->markdown_hover |= ak_jnode_is(formats->items[i].v, "markdown");
    apply_settings(s, member(params, "initializationOptions"));
    s->state = LSP_RUNNING;

    msg m;
    response_begin(&m, id);
    ak_json_writer *w = &m.w;
    ak_json_begin_object(w);
    ak_json_keyz(w, "capabilities");
    ak_json_begin_object(w);
    ak_json_keyz(w, "positionEncoding");
    ak_json_stringz(w, s->utf8 ? "utf-8" : "utf-16");
    ak_json_keyz(w, "textDocumentSync");
    ak_json_begin_object(w);
    ak_json_keyz(w, "openClose");
    ak_json_bool(w, true);
    ak_json_keyz(w, "change");
    ak_json_i64(w, 1); /* full */
    ak_json_end_object(w);
    ak_json_keyz(w, "hoverProvider");
    ak_json_bool(w, true);
    ak_json_keyz(w, "documentFormattingProvider");
    ak_json_bool(w, true);
    ak_json_keyz(w, "codeActionProvider");
    ak_json_begin_object(w);
    ak_json_keyz(w, "codeActionKinds");
    ak_json_begin_array(w);
    ak_json_stringz(w, "quickfix");
    ak_json_end_array(w);
    ak_json_end_object(w);
    ak_json_keyz(w, "documentSymbolProvider");
    ak_json_bool(w, true);
    ak_json_end_object(w);
    ak_json_keyz(w, "serverInfo");
    ak_json_begin_object(w);
    ak_json_keyz(w, "name");
    ak_json_stringz(w, "animkit");
    ak_json_keyz(w, "version");
    ak_json_stringz(w, AK_VERSION);
    ak_json_end_object(w);
    ak_json_end_object(w);
    msg_send(s, &m);
}

/* params.position as a byte offset of doc (checked first). */
static bool position_of(ak_lsp *s, lsp_doc *doc, const ak_jnode *params, size_t *offset)
{
    lsp_pos p;
    const ak_jnode *pos = member(params, "position");
    if (!uint_of(member(pos, "line"), &p.line) || !uint_of(member(pos, "character"), &p.character))
        return false;
    lsp_check(s, doc);
    const uint8_t *text = (const uint8_t *)(doc->text.data ? doc->text.data : "");
    *offset = lsp_offset(&doc->lines, text, doc->too_large ? 0 : doc->text.len, p, s->utf8);
    return true;
}

static void request(ak_lsp *s, const char *method, size_t mlen, const ak_jnode *id, const ak_jnode *params)
{
    if (lsp_eq(method, mlen, "initialize")) {
        if (s->state != LSP_NEW)
            send_error(s, id, E_INVALID_REQUEST, "initialize was already received");
        else
            initialize(s, id, params);
        return;
    }
    if (s->state == LSP_NEW) {
        send_error(s, id, E_NOT_INITIALIZED, "the server is not initialized");
        return;
    }
    if (s->state == LSP_SHUT_DOWN) {
        send_error(s, id, E_INVALID_REQUEST, "the server is shut down: only exit is taken");
        return;
    }
    msg m;
    if (lsp_eq(method, mlen, "shutdown")) {
        s->state = LSP_SHUT_DOWN;
        response_begin(&m, id);
        ak_json_null(&m.w);
        msg_send(s, &m);
        return;
    }
    bool hover = lsp_eq(method, mlen, "textDocument/hover");
    bool formatting = lsp_eq(method, mlen, "textDocument/formatting");
    bool actions = lsp_eq(method, mlen, "textDocument/codeAction");
    bool symbols = lsp_eq(method, mlen, "textDocument/documentSymbol");
    if (!hover && !formatting && !actions && !symbols) {
        send_error(s, id, E_METHOD_NOT_FOUND, "method not found");
        return;
    }
    if (!params || params->kind != AK_JOBJ || !member(member(params, "textDocument"), "uri")) {
        send_error(s, id, E_INVALID_PARAMS, "params.textDocument.uri is needed");
        return;
    }
    lsp_doc *doc = doc_of(s, params);
    size_t offset = 0;
    if (hover && doc && !position_of(s, doc, params, &offset)) {
        send_error(s, id, E_INVALID_PARAMS, "params.position needs line and character");
        return;
    }
    response_begin(&m, id);
    if (!doc)
        ak_json_null(&m.w); /* not open: nothing known of it */
    else if (hover)
        lsp_hover(s, doc, offset, &m.w);
    else if (formatting)
        lsp_formatting(s, doc, &m.w);
    else if (actions)
        lsp_code_actions(s, doc, params, &m.w);
    else
        lsp_symbols(s, doc, &m.w);
    msg_send(s, &m);
}

static void notification(ak_lsp *s, const char *method, size_t mlen, const ak_jnode *params)
{
    if (lsp_eq(method, mlen, "exit")) {
        s->exit_status = s->state == LSP_SHUT_DOWN ? 0 : 1;
        s->state = LSP_EXITED;
        return;
    }
    if (s->state != LSP_RUNNING)
        return; /* before initialize and after shutdown, notifications are dropped */
    if (lsp_eq(method, mlen, "textDocument/didOpen"))
        did_open(s, params);
    else if (lsp_eq(method, mlen, "textDocument/didChange"))
        did_change(s, params);
    else if (lsp_eq(method, mlen, "textDocument/didClose"))
        did_close(s, params);
    else if (lsp_eq(method, mlen, "workspace/didChangeConfiguration"))
        apply_settings(s, member(params, "settings"));
    /* initialized, didSave, $/cancelRequest (requests are answered at
       once), $/setTrace and the rest: nothing to do */
}

/* ---- the public interface ---------------------------------------------- */

ak_lsp *ak_lsp_new(const ak_lsp_options *opt)
{
    ak_lsp *s = calloc(1, sizeof *s);
    if (!s)
        return NULL;
    s->max_document = opt && opt->max_document ? opt->max_document : LSP_DEFAULT_MAX_DOCUMENT;
    s->strict = opt && opt->strict;
    s->exit_status = -1;
    if (opt && opt->docs_url && *opt->docs_url && !(s->docs_url = lsp_strndup(opt->docs_url, strlen(opt->docs_url)))) {
        free(s);
        return NULL;
    }
    return s;
}

void ak_lsp_free(ak_lsp *s)
{
    if (!s)
        return;
    for (size_t i = 0; i < s->doc_count; i++)
        free_doc(s->docs[i]);
    free(s->docs);
    for (size_t i = s->out_head; i < s->out_count; i++)
        ak_buf_free(&s->out[i]);
    free(s->out);
    for (size_t i = 0; i < s->schema_count; i++) {
        for (size_t k = 0; k < s->schemas[i].count; k++)
            free(s->schemas[i].names[k]);
        free(s->schemas[i].names);
        if (s->schemas[i].tree)
            ak_jtree_free(s->schemas[i].tree);
        free(s->schemas[i].tree);
    }
    free(s->schemas);
    free(s->docs_url);
    free(s);
}

void ak_lsp_receive(ak_lsp *s, const char *body, size_t n)
{
    if (!s || s->state == LSP_EXITED)
        return;
    ak_json_config cfg;
    memset(&cfg, 0, sizeof cfg);
    cfg.allow_duplicates = true;
    if (!body || ak_json_parse((const uint8_t *)body, n, &cfg, NULL) != AK_JSON_OK) {
        send_error(s, NULL, E_PARSE, "parse error: the message is not JSON");
        return;
    }
    ak_jtree t;
    ak_jtree_init(&t, NULL, NULL, "a message");
    if (!ak_jtree_read(&t, (const uint8_t *)body, n) || !t.root) {
        ak_jtree_free(&t);
        send_error(s, NULL, E_INTERNAL, "out of memory reading the message");
        return;
    }
    const ak_jnode *root = t.root;
    const ak_jnode *id = member(root, "id");
    const ak_jnode *method = member(root, "method");
    const ak_jnode *version = member(root, "jsonrpc");
    bool valid_id = !id || id->kind == AK_JNUM || id->kind == AK_JSTR || id->kind == AK_JNULL;
    if (root->kind != AK_JOBJ || !ak_jnode_is(version, "2.0") || !valid_id) {
        send_error(s, valid_id ? id : NULL, E_INVALID_REQUEST, "invalid request: not a JSON-RPC 2.0 message");
    } else if (!method) {
        /* a response to a request of ours: the server sends none */
        if (!member(root, "result") && !member(root, "error"))
            send_error(s, id, E_INVALID_REQUEST, "invalid request: no method");
    } else if (method->kind != AK_JSTR) {
        send_error(s, id, E_INVALID_REQUEST, "invalid request: the method is not a string");
    } else if (id) {
        request(s, method->str, method->len, id, member(root, "params"));
    } else {
        notification(s, method->str, method->len, member(root, "params"));
    }
    ak_jtree_free(&t);
}

void ak_lsp_dropped(ak_lsp *s, uint64_t n)
{
    if (!s || s->state == LSP_EXITED)
        return;
    char text[200];
    snprintf(text, sizeof text,
             "animkit lsp: a message of %llu bytes was over the size limit and was dropped "
             "(--max-document raises it); an open document may be out of date",
             (unsigned long long)n);
    show_message(s, 1, text);
}

bool ak_lsp_pending(const ak_lsp *s)
{
    for (size_t i = 0; s && s->state == LSP_RUNNING && i < s->doc_count; i++)
        if (s->docs[i]->dirty)
            return true;
    return false;
}

void ak_lsp_idle(ak_lsp *s)
{
    for (size_t i = 0; s && s->state == LSP_RUNNING && i < s->doc_count; i++)
        if (s->docs[i]->dirty)
            publish(s, s->docs[i]);
}

bool ak_lsp_next(ak_lsp *s, ak_buf *out)
{
    if (!s || s->out_head == s->out_count)
        return false;
    ak_buf_free(out);
    *out = s->out[s->out_head++];
    if (s->out_head == s->out_count)
        s->out_head = s->out_count = 0;
    return true;
}

int ak_lsp_exit_status(const ak_lsp *s)
{
    return s && s->state == LSP_EXITED ? s->exit_status : -1;
}
