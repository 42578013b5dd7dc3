/* What the server does with a checked document: hover (the rules of the
 * diagnostics under the cursor, or the key of a curve as the common model
 * reads it), formatting (the format's canonical re-emission as one edit),
 * quick fixes (by the rule's code and the diagnostic's place, each checked
 * by validating the changed text before it is offered), the outline, and
 * the other places a diagnostic names. The format's editor
 * (runtime/editor.h) says which of the generic mechanisms apply. */
#include "lsp.h"

#include "ak_jtree.h"
#include "json_parser.h"
#include "numbers.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Fixes are checked by validating the changed text: only for texts up to
   this size, and with at most this many candidates each. */
#define LSP_FIX_MAX_TEXT (UINT64_C(4) << 20)
#define LSP_FIX_MAX_CANDIDATES 16
/* The bytes of changed text one code action request may validate in all
   (16 checks of the largest text, thousands of a small one). */
#define LSP_FIX_BUDGET (UINT64_C(64) << 20)
/* At most this many outline entries and related places; entries nested
   deeper than LSP_MAX_SYMBOL_DEPTH are left out (a client's JSON reader may
   refuse a deeper message: Python's, for one, at about 1000 levels). */
#define LSP_MAX_SYMBOLS 10000
#define LSP_MAX_SYMBOL_DEPTH 32
#define LSP_MAX_RELATED 8

static const uint8_t *doc_text(const lsp_doc *doc)
{
    return (const uint8_t *)(doc->text.data ? doc->text.data : "");
}

static size_t doc_size(const lsp_doc *doc)
{
    return doc->too_large ? 0 : doc->text.len;
}

static const ak_editor *editor_of(const lsp_doc *doc)
{
    return doc->dump_of ? NULL : ak_editor_of(doc->format);
}

/* ---- the format's JSON Schema: its names, its defaults ----------------- */

static void collect_names(lsp_schema_names *sn, const ak_jnode *v)
{
    /* an explicit stack: a schema's depth never becomes the C stack's */
    const ak_jnode *stack[256];
    size_t depth = 0;
    stack[depth++] = v;
    while (depth) {
        const ak_jnode *n = stack[--depth];
        if (n->kind != AK_JOBJ && n->kind != AK_JARR)
            continue;
        for (size_t i = 0; i < n->count; i++) {
            const ak_jitem *it = &n->items[i];
            bool names = it->key && (lsp_eq(it->key, it->key_len, "enum") || lsp_eq(it->key, it->key_len, "const"));
            const ak_jnode *x = it->v;
            if (names) {
                size_t count = x->kind == AK_JARR ? x->count : 1;
                for (size_t k = 0; k < count; k++) {
                    const ak_jnode *e = x->kind == AK_JARR ? x->items[k].v : x;
                    if (e->kind != AK_JSTR || e->len > 200)
                        continue;
                    char **more = realloc(sn->names, (sn->count + 1) * sizeof *more);
                    if (!more)
                        return;
                    sn->names = more;
                    if ((sn->names[sn->count] = lsp_strndup(e->str, e->len)))
                        sn->count++;
                }
            } else if ((x->kind == AK_JOBJ || x->kind == AK_JARR) && depth < 256) {
                stack[depth++] = x;
            }
        }
    }
}

static lsp_schema_names *schema_of(ak_lsp *s, const ak_format *f)
{
    if (!f || !f->json_schema)
        return NULL;
    for (size_t i = 0; i < s->schema_count; i++)
        if (s->schemas[i].format == f)
            return &s->schemas[i];
    lsp_schema_names *more = realloc(s->schemas, (s->schema_count + 1) * sizeof *more);
    if (!more)
        return NULL;
    s->schemas = more;
    lsp_schema_names *sn = &s->schemas[s->schema_count];
    memset(sn, 0, sizeof *sn);
    sn->format = f;
    sn->tree = malloc(sizeof *sn->tree);
    if (!sn->tree)
        return NULL;
    ak_jtree_init(sn->tree, NULL, NULL, "a JSON Schema");
    if (!ak_jtree_read(sn->tree, (const uint8_t *)f->json_schema, strlen(f->json_schema))) {
        ak_jtree_free(sn->tree);
        free(sn->tree);
        sn->tree = NULL;
        return NULL;
    }
    collect_names(sn, sn->tree->root);
    s->schema_count++;
    return sn;
}

/* ---- edits and their check -------------------------------------------- */

typedef struct edit {
    size_t start, end; /* the bytes replaced */
    ak_buf text;       /* what replaces them */
} edit;

static void edits_free(edit *e, size_t n)
{
    for (size_t i = 0; i < n; i++)
        ak_buf_free(&e[i].text);
}

/* The text with the edits applied (sorted, not overlapping). */
static bool apply_edits(const lsp_doc *doc, const edit *e, size_t n, ak_buf *out)
{
    const uint8_t *t = doc_text(doc);
    size_t at = 0;
    for (size_t i = 0; i < n; i++) {
        ak_buf_append(out, t + at, e[i].start - at);
        ak_buf_append(out, e[i].text.data ? e[i].text.data : "", e[i].text.len);
        at = e[i].end;
    }
    ak_buf_append(out, t + at, doc_size(doc) - at);
    return !out->failed;
}

static size_t count_at(const ak_diags *d, const char *code, size_t at)
{
    size_t n = 0;
    for (size_t i = 0; d && i < ak_diags_count(d); i++) {
        const ak_diag *g = ak_diags_at(d, i);
        n += g->offset == at && strcmp(g->rule->code, code) == 0;
    }
    return n;
}

static size_t errors_before(const ak_diags *d, size_t at)
{
    size_t n = 0;
    for (size_t i = 0; d && i < ak_diags_count(d); i++) {
        const ak_diag *g = ak_diags_at(d, i);
        n += g->offset < at && g->severity == AK_SEV_ERROR;
    }
    return n;
}

/* Whether the edits fix a diagnostic of `code` at `at` (the fix's place
   does not move): the changed text has fewer of them there, no more errors
   before the place, and nothing reported inside the new text. */
static bool fixes(ak_lsp *s, lsp_doc *doc, const edit *e, size_t n, const char *code, size_t at)
{
    if (s->fix_budget < doc_size(doc) + 1)
        return false;
    s->fix_budget -= doc_size(doc) + 1;
    ak_buf changed;
    ak_buf_init(&changed);
    if (!apply_edits(doc, e, n, &changed)) {
        ak_buf_free(&changed);
        return false;
    }
    ak_diags *d = lsp_validate_text(s, doc, (const uint8_t *)(changed.data ? changed.data : ""), changed.len, NULL);
    bool ok = d && count_at(d, code, at) < count_at(doc->diags, code, at) &&
              errors_before(d, at) <= errors_before(doc->diags, at);
    /* where the new text lands in the changed text */
    size_t shift = 0;
    for (size_t i = 0; ok && i < n; i++) {
        size_t a = e[i].start + shift, b = a + e[i].text.len;
        for (size_t k = 0; b > a && k < ak_diags_count(d); k++) {
            const ak_diag *g = ak_diags_at(d, k);
            ok &= !(g->offset >= a && g->offset < b && g->severity >= AK_SEV_WARNING);
        }
        shift += e[i].text.len - (e[i].end - e[i].start);
    }
    ak_diags_free(d);
    ak_buf_free(&changed);
    return ok;
}

/* ---- the fixes --------------------------------------------------------- */

static bool ascii_case_equal(const char *a, size_t na, const char *b, size_t nb)
{
    if (na != nb)
        return false;
    for (size_t i = 0; i < na; i++) {
        unsigned char x = (unsigned char)a[i], y = (unsigned char)b[i];
        if (x >= 'A' && x <= 'Z')
            x = (unsigned char)(x + 32);
        if (y >= 'A' && y <= 'Z')
            y = (unsigned char)(y + 32);
        if (x != y)
            return false;
    }
    return true;
}

/* A fix found: its edits and title. */
typedef struct fix {
    edit edits[LSP_FIX_MAX_CANDIDATES];
    size_t count;
    char title[200];
} fix;

/* Tries the name (n bytes) as the spelling of the string node: true, with
   out filled, when it fixes the diagnostic. */
static bool try_name(ak_lsp *s, lsp_doc *doc, const lsp_node *node, const char *name, size_t n, const char *code,
                     size_t at, fix *out)
{
    edit *e = &out->edits[0];
    e->start = node->start;
    e->end = node->end;
    ak_buf_init(&e->text);
    ak_buf_json_string(&e->text, name, n);
    out->count = 1;
    if (!e->text.failed && fixes(s, doc, out->edits, 1, code, at)) {
        snprintf(out->title, sizeof out->title, "Change to %.*s", (int)(e->text.len > 150 ? 150 : e->text.len),
                 e->text.data);
        return true;
    }
    edits_free(out->edits, 1);
    out->count = 0;
    return false;
}

/* The string that starts at byte at, or NULL (what a fix of a string acts on). */
static const lsp_node *string_at(const lsp_doc *doc, size_t at)
{
    int32_t i = lsp_starting_at(&doc->tree, at);
    return i >= 0 && doc->tree.nodes[i].kind == LSP_J_STR && doc->tree.nodes[i].start == at ? &doc->tree.nodes[i] : NULL;
}

static bool fix_case(ak_lsp *s, lsp_doc *doc, const ak_edit_rule *rule, size_t at, fix *out)
{
    const lsp_node *n = string_at(doc, at);
    if (!n)
        return false;
    size_t len;
    const char *v = lsp_str(&doc->tree, n, &len);
    size_t tried = 0;
    /* the names the rule gives, then the schema's */
    for (const char *p = rule->fix_arg; p && *p && tried < LSP_FIX_MAX_CANDIDATES;) {
        const char *bar = strchr(p, '|');
        size_t nl = bar ? (size_t)(bar - p) : strlen(p);
        if (ascii_case_equal(v, len, p, nl) && !(nl == len && memcmp(v, p, len) == 0)) {
            tried++;
            if (try_name(s, doc, n, p, nl, rule->code, at, out))
                return true;
        }
        p += nl + (bar != NULL);
    }
    lsp_schema_names *sn = schema_of(s, doc->format);
    for (size_t k = 0; sn && k < sn->count && tried < LSP_FIX_MAX_CANDIDATES; k++) {
        const char *name = sn->names[k];
        size_t nl = strlen(name);
        if (!ascii_case_equal(v, len, name, nl) || (nl == len && memcmp(v, name, len) == 0))
            continue;
        bool seen = false; /* the same name again (several enums have it) */
        for (size_t j = 0; j < k && !seen; j++)
            seen = strcmp(sn->names[j], name) == 0;
        if (seen)
            continue;
        tried++;
        if (try_name(s, doc, n, name, nl, rule->code, at, out))
            return true;
    }
    return false;
}

static bool fix_trailing_comma(ak_lsp *s, lsp_doc *doc, const char *code, size_t at, fix *out)
{
    const uint8_t *t = doc_text(doc);
    size_t size = doc_size(doc);
    if (at >= size || t[at] != ',')
        return false;
    size_t k = at + 1;
    while (k < size && (t[k] == ' ' || t[k] == '\t' || t[k] == '\n' || t[k] == '\r'))
        k++;
    if (k >= size || (t[k] != '}' && t[k] != ']'))
        return false;
    edit *e = &out->edits[0];
    e->start = at;
    e->end = at + 1;
    ak_buf_init(&e->text);
    out->count = 1;
    snprintf(out->title, sizeof out->title, "Remove the trailing comma");
    return fixes(s, doc, out->edits, 1, code, at);
}

static bool fix_unquote(ak_lsp *s, lsp_doc *doc, const char *code, size_t at, fix *out)
{
    const lsp_node *n = string_at(doc, at);
    if (!n)
        return false;
    size_t len;
    const char *v = lsp_str(&doc->tree, n, &len);
    /* the string must be one JSON number, as JSON writes it */
    if (len == 0 || len > 64 || !(v[0] == '-' || (v[0] >= '0' && v[0] <= '9')))
        return false;
    ak_json_config cfg;
    memset(&cfg, 0, sizeof cfg);
    if (ak_json_parse((const uint8_t *)v, len, &cfg, NULL) != AK_JSON_OK)
        return false;
    for (size_t k = 0; k < len; k++)
        if (!strchr("-+.0123456789eE", v[k]))
            return false;
    edit *e = &out->edits[0];
    e->start = n->start;
    e->end = n->end;
    ak_buf_init(&e->text);
    ak_buf_append(&e->text, v, len);
    out->count = 1;
    snprintf(out->title, sizeof out->title, "Write %.*s as a number", (int)len, v);
    return !e->text.failed && fixes(s, doc, out->edits, 1, code, at);
}

/* The indentation of the line that holds byte at, when only blanks come
   before at on it; "" otherwise. */
static void indent_of(const lsp_doc *doc, size_t at, ak_buf *out)
{
    const uint8_t *t = doc_text(doc);
    size_t b = at;
    while (b > 0 && t[b - 1] != '\n' && t[b - 1] != '\r')
        b--;
    for (size_t k = b; k < at; k++)
        if (t[k] != ' ' && t[k] != '\t')
            return;
    ak_buf_append(out, t + b, at - b);
}

/* The text that adds member `name` = value after the object's '{'. */
static void member_text(const lsp_doc *doc, const lsp_node *obj, const char *name, const ak_jnode *value,
                        bool last_of_empty, ak_buf *out)
{
    const lsp_tree *tr = &doc->tree;
    const uint8_t *t = doc_text(doc);
    bool lines = false;
    if (obj->first >= 0) {
        const lsp_node *f = &tr->nodes[obj->first];
        for (size_t k = obj->start + 1; k < f->key_start && !lines; k++)
            lines = t[k] == '\n';
        if (lines) {
            ak_buf_putc(out, '\n');
            indent_of(doc, f->key_start, out);
        }
    }
    ak_buf_json_string(out, name, strlen(name));
    ak_buf_puts(out, ": ");
    ak_json_writer w;
    ak_json_writer_options o = {0, false, false};
    ak_json_writer_init(&w, out, &o);
    ak_jtree_write(value, &w);
    ak_json_writer_finish(&w);
    if (!last_of_empty)
        ak_buf_puts(out, lines ? "," : ", ");
}

static bool fix_defaults(ak_lsp *s, lsp_doc *doc, const ak_edit_rule *rule, size_t at, fix *out)
{
    int32_t i = lsp_starting_at(&doc->tree, at);
    lsp_schema_names *sn = schema_of(s, doc->format);
    if (i < 0 || !sn || !rule->fix_arg || doc->tree.nodes[i].kind != LSP_J_OBJ || doc->tree.nodes[i].start != at)
        return false;
    const lsp_node *obj = &doc->tree.nodes[i];
    int32_t type = lsp_member(&doc->tree, i, rule->fix_arg, strlen(rule->fix_arg));
    if (type < 0 || doc->tree.nodes[type].kind != LSP_J_STR)
        return false;
    size_t tl;
    const char *tn = lsp_str(&doc->tree, &doc->tree.nodes[type], &tl);
    char tname[128];
    if (tl >= sizeof tname)
        return false;
    memcpy(tname, tn, tl);
    tname[tl] = 0;
    const ak_jnode *props = ak_jnode_get(ak_jnode_get(ak_jnode_get(sn->tree->root, "$defs"), tname), "properties");
    if (!props || props->kind != AK_JOBJ)
        return false;
    /* each candidate alone must fix one of the diagnostics */
    const char *names[LSP_FIX_MAX_CANDIDATES];
    const ak_jnode *values[LSP_FIX_MAX_CANDIDATES];
    size_t found = 0, tried = 0;
    for (size_t k = 0; k < props->count && tried < LSP_FIX_MAX_CANDIDATES; k++) {
        const ak_jitem *p = &props->items[k];
        const ak_jnode *def = ak_jnode_get(p->v, "default");
        if (!def || lsp_member(&doc->tree, i, p->key, p->key_len) >= 0)
            continue;
        tried++;
        edit e = {obj->start + 1, obj->start + 1, {0}};
        ak_buf_init(&e.text);
        member_text(doc, obj, p->key, def, obj->first < 0, &e.text);
        if (!e.text.failed && fixes(s, doc, &e, 1, rule->code, at)) {
            names[found] = p->key;
            values[found++] = def;
        }
        ak_buf_free(&e.text);
    }
    if (!found)
        return false;
    edit *e = &out->edits[0];
    e->start = e->end = obj->start + 1;
    ak_buf_init(&e->text);
    for (size_t k = 0; k < found; k++) {
        if (k && obj->first < 0)
            ak_buf_puts(&e->text, ", ");
        member_text(doc, obj, names[k], values[k], obj->first < 0, &e->text);
    }
    out->count = 1;
    if (found == 1) {
        ak_buf v;
        ak_buf_init(&v);
        member_text(doc, obj, names[0], values[0], true, &v);
        const char *p = ak_buf_cstr(&v);
        while (*p == '\n' || *p == ' ' || *p == '\t')
            p++;
        snprintf(out->title, sizeof out->title, "Add %.150s", v.failed ? "the missing member" : p);
        ak_buf_free(&v);
    } else {
        snprintf(out->title, sizeof out->title, "Add the %zu missing members with their defaults", found);
    }
    return !e->text.failed && fixes(s, doc, out->edits, 1, rule->code, at);
}

static bool fix_append(ak_lsp *s, lsp_doc *doc, const ak_edit_rule *rule, const ak_diag *g, fix *out)
{
    size_t a, b;
    lsp_diag_span(doc, g, &a, &b);
    if (!rule->fix_arg)
        return false;
    edit *e = &out->edits[0];
    e->start = e->end = b;
    ak_buf_init(&e->text);
    ak_buf_puts(&e->text, rule->fix_arg);
    out->count = 1;
    snprintf(out->title, sizeof out->title, "Insert '%.100s'", rule->fix_arg);
    return !e->text.failed && fixes(s, doc, out->edits, 1, rule->code, (size_t)g->offset);
}

static bool find_fix(ak_lsp *s, lsp_doc *doc, const ak_edit_rule *rule, const ak_diag *g, fix *out)
{
    size_t at = (size_t)g->offset;
    out->count = 0;
    out->title[0] = 0;
    if (doc_size(doc) > LSP_FIX_MAX_TEXT)
        return false;
    bool json = doc->has_tree;
    bool ok = false;
    switch (rule->fix) {
    case AK_FIX_CASE: ok = json && fix_case(s, doc, rule, at, out); break;
    case AK_FIX_TRAILING_COMMA: ok = fix_trailing_comma(s, doc, rule->code, at, out); break;
    case AK_FIX_UNQUOTE: ok = json && fix_unquote(s, doc, rule->code, at, out); break;
    case AK_FIX_DEFAULTS: ok = json && fix_defaults(s, doc, rule, at, out); break;
    case AK_FIX_APPEND: ok = fix_append(s, doc, rule, g, out); break;
    case AK_FIX_NONE: break;
    }
    if (ok && rule->fix_title)
        snprintf(out->title, sizeof out->title, "%s", rule->fix_title);
    if (!ok) {
        edits_free(out->edits, out->count);
        out->count = 0;
    }
    return ok;
}

static bool same_fix(const fix *a, const fix *b)
{
    if (a->count != b->count || strcmp(a->title, b->title) != 0)
        return false;
    for (size_t i = 0; i < a->count; i++)
        if (a->edits[i].start != b->edits[i].start || a->edits[i].end != b->edits[i].end ||
            a->edits[i].text.len != b->edits[i].text.len ||
            (a->edits[i].text.len && memcmp(a->edits[i].text.data, b->edits[i].text.data, a->edits[i].text.len)))
            return false;
    return true;
}

/* The server's diagnostic that a client's diagnostic stands for: the same
   code at the same place (and the same path, when the client kept the
   data): a diagnostic of an older text finds none. */
static const ak_diag *server_diag(ak_lsp *s, lsp_doc *doc, const ak_jnode *cd)
{
    const ak_jnode *code = ak_jnode_get(cd, "code");
    const ak_jnode *start = ak_jnode_get(ak_jnode_get(cd, "range"), "start");
    const ak_jnode *line = ak_jnode_get(start, "line"), *ch = ak_jnode_get(start, "character");
    const ak_jnode *path = ak_jnode_get(ak_jnode_get(cd, "data"), "path");
    if (!code || code->kind != AK_JSTR || !line || line->kind != AK_JNUM || !ch || ch->kind != AK_JNUM ||
        !(line->num >= 0 && line->num < 4294967296.0) || !(ch->num >= 0 && ch->num < 4294967296.0))
        return NULL;
    lsp_pos p = {(uint32_t)line->num, (uint32_t)ch->num};
    size_t offset = lsp_offset(&doc->lines, doc_text(doc), doc_size(doc), p, s->utf8);
    for (size_t i = 0; doc->diags && i < ak_diags_count(doc->diags); i++) {
        const ak_diag *g = ak_diags_at(doc->diags, i);
        size_t a, b;
        lsp_diag_span(doc, g, &a, &b);
        if (a == offset && lsp_eq(code->str, code->len, g->rule->code) &&
            (!path || path->kind != AK_JSTR || lsp_eq(path->str, path->len, g->path ? g->path : "")))
            return g;
    }
    return NULL;
}

void lsp_code_actions(ak_lsp *s, lsp_doc *doc, const ak_jnode *params, ak_json_writer *w)
{
    lsp_check(s, doc);
    const ak_jnode *ctx = ak_jnode_get(params, "context");
    const ak_jnode *only = ak_jnode_get(ctx, "only");
    bool wanted = true;
    if (only && only->kind == AK_JARR) {
        wanted = false;
        for (size_t i = 0; i < only->count; i++)
            wanted |= ak_jnode_is(only->items[i].v, "quickfix") || ak_jnode_is(only->items[i].v, "");
    }
    const ak_jnode *diags = ak_jnode_get(ctx, "diagnostics");
    const ak_editor *ed = editor_of(doc);
    s->fix_budget = LSP_FIX_BUDGET;
    /* the fixes found, one per distinct edit: diagnostics a fix settles
       together (an object's missing members) share one action */
    size_t n = diags && diags->kind == AK_JARR ? diags->count : 0;
    if (n > 64)
        n = 64;
    fix *found = calloc(n ? n : 1, sizeof *found);
    const ak_jnode **which = calloc(n ? n : 1, sizeof *which); /* client diagnostic of each input */
    int *slot = calloc(n ? n : 1, sizeof *slot);               /* the fix each one is settled by */
    size_t nfix = 0;
    for (size_t i = 0; found && which && slot && wanted && ed && i < n; i++) {
        const ak_jnode *cd = diags->items[i].v;
        slot[i] = -1;
        which[i] = cd;
        const ak_diag *g = server_diag(s, doc, cd);
        const ak_edit_rule *rule = g ? ak_editor_rule(ed, g->rule->code) : NULL;
        if (!rule || !find_fix(s, doc, rule, g, &found[nfix]))
            continue;
        for (size_t k = 0; k < nfix && slot[i] < 0; k++)
            if (same_fix(&found[k], &found[nfix]))
                slot[i] = (int)k;
        if (slot[i] >= 0)
            edits_free(found[nfix].edits, found[nfix].count);
        else
            slot[i] = (int)nfix++;
    }
    ak_json_begin_array(w);
    for (size_t k = 0; k < nfix; k++) {
        fix *f = &found[k];
        ak_json_begin_object(w);
        ak_json_keyz(w, "title");
        ak_json_stringz(w, f->title);
        ak_json_keyz(w, "kind");
        ak_json_stringz(w, "quickfix");
        ak_json_keyz(w, "diagnostics");
        ak_json_begin_array(w);
        for (size_t i = 0; i < n; i++)
            if (slot[i] == (int)k)
                ak_jtree_write(which[i], w);
        ak_json_end_array(w);
        ak_json_keyz(w, "isPreferred");
        ak_json_bool(w, true);
        ak_json_keyz(w, "edit");
        ak_json_begin_object(w);
        if (s->document_changes) {
            ak_json_keyz(w, "documentChanges");
            ak_json_begin_array(w);
            ak_json_begin_object(w);
            ak_json_keyz(w, "textDocument");
            ak_json_begin_object(w);
            ak_json_keyz(w, "uri");
            ak_json_stringz(w, doc->uri);
            ak_json_keyz(w, "version");
            ak_json_i64(w, doc->version);
            ak_json_end_object(w);
            ak_json_keyz(w, "edits");
        } else {
            ak_json_keyz(w, "changes");
            ak_json_begin_object(w);
            ak_json_keyz(w, doc->uri);
        }
        ak_json_begin_array(w);
        for (size_t e = 0; e < f->count; e++) {
            ak_json_begin_object(w);
            ak_json_keyz(w, "range");
            lsp_write_range(s, w, doc, f->edits[e].start, f->edits[e].end);
            ak_json_keyz(w, "newText");
            ak_json_string(w, f->edits[e].text.data ? f->edits[e].text.data : "", f->edits[e].text.len);
            ak_json_end_object(w);
        }
        ak_json_end_array(w);
        if (s->document_changes) {
            ak_json_end_object(w);
            ak_json_end_array(w);
        } else {
            ak_json_end_object(w);
        }
        ak_json_end_object(w);
        ak_json_end_object(w);
        edits_free(f->edits, f->count);
    }
    ak_json_end_array(w);
    free(found);
    free(which);
    free(slot);
}

/* ---- formatting -------------------------------------------------------- */

void lsp_formatting(ak_lsp *s, lsp_doc *doc, ak_json_writer *w)
{
    lsp_check(s, doc);
    const ak_format *f = doc->format;
    if (doc->too_large || !doc->diags || ak_diags_errors(doc->diags) || (!f && !doc->dump_of)) {
        ak_json_null(w); /* nothing at all for a text with errors */
        return;
    }
    ak_input in = {"document", doc_text(doc), doc_size(doc), false};
    ak_options opt;
    memset(&opt, 0, sizeof opt);
    ak_diag_options level = {s->strict, s->max_errors};
    ak_diags *d = ak_diags_new(&level);
    ak_buf out;
    ak_buf_init(&out);
    bool ok = false;
    if (d && doc->dump_of && doc->dump_of->dump) {
        /* a dump's canonical form: the dump of the file it builds */
        ak_buf built;
        ak_buf_init(&built);
        ok = doc->dump_of->undump(&in, &opt, d, &built);
        ak_input bin = {"document", (const uint8_t *)built.data, built.len, false};
        ok = ok && built.data && doc->dump_of->dump(&bin, &opt, d, &out);
        ak_buf_free(&built);
    } else if (d && f && f->reemit) {
        ok = f->reemit(&in, &opt, d, &out);
    } else if (d && f && f->generic && f->dump) {
        ok = f->dump(&in, &opt, d, &out); /* a syntax's dump is its canonical form */
    }
    ok = ok && d && !ak_diags_errors(d) && !out.failed;
    if (!ok) {
        ak_json_null(w);
    } else {
        ak_json_begin_array(w);
        if (out.len != doc_size(doc) || memcmp(out.data, doc_text(doc), out.len) != 0) {
            ak_json_begin_object(w);
            ak_json_keyz(w, "range");
            lsp_write_range(s, w, doc, 0, doc_size(doc));
            ak_json_keyz(w, "newText");
            ak_json_string(w, out.data ? out.data : "", out.len);
            ak_json_end_object(w);
        }
        ak_json_end_array(w);
    }
    ak_buf_free(&out);
    ak_diags_free(d);
}

/* ---- hover ------------------------------------------------------------- */

static void put_number(ak_buf *b, double v)
{
    char num[AK_NUM_BUFSIZE];
    ak_buf_append(b, num, ak_format_f64(v, num));
}

static const char *kind_name(ak_track_kind k)
{
    return k == AK_TRACK_RAW ? "raw" : k == AK_TRACK_DISCRETE ? "discrete" : "curve";
}

static const char *interp_name(ak_interp i)
{
    static const char *const names[] = {"hold", "linear", "tangent", "cubic Bézier", "Hermite", "step to next"};
    return (unsigned)i < sizeof names / sizeof names[0] ? names[i] : "?";
}

static void put_value(ak_buf *b, const ak_track *t, size_t k)
{
    const ak_value_type_info *info = ak_value_type_info_of(t->type);
    if (info->kind == AK_VK_STRING) {
        ak_value v;
        ak_key_value(t, k, &v);
        if (v.s.ptr)
            ak_buf_json_string(b, v.s.ptr, v.s.len > 200 ? 200 : v.s.len);
        else
            ak_buf_puts(b, "null");
        return;
    }
    if (info->components > 1)
        ak_buf_putc(b, '(');
    for (unsigned c = 0; c < info->components; c++) {
        if (c)
            ak_buf_puts(b, ", ");
        if (info->components > 1 && info->components <= 4) {
            char name[4];
            ak_value_component_name(t->type, c, name);
            ak_buf_printf(b, "%s ", name);
        }
        if (info->kind == AK_VK_BOOL)
            ak_buf_puts(b, ak_key_component(t, k, c) != 0 ? "true" : "false");
        else
            put_number(b, ak_key_component(t, k, c));
    }
    if (info->components > 1)
        ak_buf_putc(b, ')');
}

/* How many elements before n (an array's) have member `name` [name, name+len). */
static size_t index_among(const lsp_tree *t, const lsp_node *n, const char *name, size_t len)
{
    size_t k = 0;
    for (int32_t c = t->nodes[n->parent].first; c >= 0 && &t->nodes[c] != n; c = t->nodes[c].next)
        k += lsp_member(t, c, name, len) >= 0;
    return k;
}

/* Matches the node's pointer against pattern ("#": an index, captured;
   "%": its index among the elements that have the pattern's next member). */
static bool key_of_node(const lsp_tree *t, int32_t node, const char *pattern, size_t caps[2], int32_t *key_node)
{
    int32_t chain[600];
    size_t depth = 0;
    for (int32_t c = node; c >= 0 && depth < 600; c = t->nodes[c].parent)
        chain[depth++] = c;
    /* chain[depth-1] is the root; segment j is chain[depth-2-j] */
    const char *p = pattern;
    size_t seg = 0, ncap = 0;
    while (*p == '/') {
        p++;
        const char *end = strchr(p, '/');
        size_t len = end ? (size_t)(end - p) : strlen(p);
        if (seg + 2 > depth)
            return false;
        const lsp_node *n = &t->nodes[chain[depth - 2 - seg]];
        if (len == 1 && (*p == '#' || *p == '%')) {
            if (n->has_key || ncap >= 2)
                return false;
            const char *next = p[1] == '/' ? p + 2 : NULL, *next_end = next ? strchr(next, '/') : NULL;
            if (*p == '%' && (!next || lsp_member(t, chain[depth - 2 - seg], next,
                                                  next_end ? (size_t)(next_end - next) : strlen(next)) < 0))
                return false;
            caps[ncap++] = *p == '#' ? n->index
                                     : index_among(t, n, next, next_end ? (size_t)(next_end - next) : strlen(next));
        } else {
            size_t kl;
            const char *k = lsp_key(t, n, &kl);
            if (!n->has_key || kl != len || memcmp(k, p, len) != 0)
                return false;
        }
        seg++;
        p += len;
    }
    if (ncap != 2)
        return false;
    *key_node = chain[depth - 1 - seg];
    return true;
}

static bool key_hover(ak_lsp *s, lsp_doc *doc, size_t offset, ak_buf *md, size_t *a, size_t *b)
{
    const ak_editor *ed = editor_of(doc);
    const lsp_tree *tree = ed && ed->key_pattern ? lsp_values(s, doc) : NULL;
    size_t track = 0, key = 0;
    if (!tree)
        return false;
    int32_t node = lsp_at_offset(tree, offset), kn = -1;
    size_t caps[2];
    for (int32_t c = node; c >= 0 && kn < 0; c = tree->nodes[c].parent)
        if (key_of_node(tree, c, ed->key_pattern, caps, &kn)) {
            track = caps[0];
            key = caps[1];
            *a = tree->nodes[kn].start;
            *b = tree->nodes[kn].end;
        }
    if (kn < 0)
        return false;
    const ak_animation *anim = lsp_model(s, doc);
    if (!anim || track >= anim->track_count || key >= anim->tracks[track].key_count)
        return false;
    const ak_track *t = &anim->tracks[track];
    ak_buf target;
    ak_buf_init(&target);
    ak_target_put(&target, &t->target, t->type);
    ak_buf_printf(md, "**track %zu, key %zu**: `%s` (%s, %s)\n\n", track, key, ak_buf_cstr(&target),
                  ak_value_type_info_of(t->type)->name, kind_name(t->kind));
    ak_buf_free(&target);
    ak_buf_puts(md, "- time: ");
    put_number(md, ak_key_time(t, key));
    ak_buf_puts(md, " s\n- value: ");
    put_value(md, t, key);
    if (t->value_unit)
        ak_buf_printf(md, " %s", t->value_unit);
    ak_buf_putc(md, '\n');
    if (t->kind == AK_TRACK_CURVE)
        ak_buf_printf(md, "- interpolation: %s\n", interp_name(ak_key_interp(t, key)));
    ak_buf_puts(md, "\nas the common model reads it (what `animkit sample` evaluates)");
    return true;
}

void lsp_hover(ak_lsp *s, lsp_doc *doc, size_t offset, ak_json_writer *w)
{
    lsp_check(s, doc);
    ak_buf md;
    ak_buf_init(&md);
    size_t ha = 0, hb = 0;
    bool any = false;
    for (size_t i = 0; doc->diags && i < ak_diags_count(doc->diags); i++) {
        const ak_diag *g = ak_diags_at(doc->diags, i);
        size_t a, b;
        lsp_diag_span(doc, g, &a, &b);
        if (!(offset >= a && (offset < b || (a == b && offset == a))))
            continue;
        if (!any) {
            ha = a;
            hb = b;
        }
        if (any)
            ak_buf_puts(&md, "\n\n---\n\n");
        any = true;
        const ak_rule *r = g->rule;
        ak_buf_printf(&md, "**%s** `%s`: %s\n\n", ak_severity_name(g->severity), r->code,
                      g->message ? g->message : r->message);
        ak_buf_printf(&md, "*The rule:* %s.", r->message);
        if (r->rationale && *r->rationale)
            ak_buf_printf(&md, " %s", r->rationale);
        ak_buf_printf(&md, "\n\nCompatible level: %s; strict level: %s.", ak_severity_name(r->compat),
                      ak_severity_name(r->strict));
        ak_buf href;
        ak_buf_init(&href);
        if (lsp_rule_href(s, r->code, &href))
            ak_buf_printf(&md, " [Documentation](%s)", ak_buf_cstr(&href));
        ak_buf_free(&href);
    }
    if (!any)
        any = key_hover(s, doc, offset, &md, &ha, &hb);
    if (!any || md.failed) {
        ak_json_null(w);
        ak_buf_free(&md);
        return;
    }
    ak_json_begin_object(w);
    ak_json_keyz(w, "contents");
    ak_json_begin_object(w);
    ak_json_keyz(w, "kind");
    ak_json_stringz(w, s->markdown_hover ? "markdown" : "plaintext");
    ak_json_keyz(w, "value");
    ak_json_string(w, md.data, md.len);
    ak_json_end_object(w);
    ak_json_keyz(w, "range");
    lsp_write_range(s, w, doc, ha, hb);
    ak_json_end_object(w);
    ak_buf_free(&md);
}

/* ---- related places ---------------------------------------------------- */

static void related_entry(ak_lsp *s, ak_json_writer *w, const lsp_doc *doc, size_t a, size_t b, const char *message,
                          bool *open)
{
    if (!*open) {
        ak_json_keyz(w, "relatedInformation");
        ak_json_begin_array(w);
        *open = true;
    }
    ak_json_begin_object(w);
    ak_json_keyz(w, "location");
    ak_json_begin_object(w);
    ak_json_keyz(w, "uri");
    ak_json_stringz(w, doc->uri);
    ak_json_keyz(w, "range");
    lsp_write_range(s, w, doc, a, b);
    ak_json_end_object(w);
    ak_json_keyz(w, "message");
    ak_json_stringz(w, message);
    ak_json_end_object(w);
}

void lsp_write_related(ak_lsp *s, ak_json_writer *w, const lsp_doc *doc, const ak_diag *g)
{
    const ak_edit_rule *rule = ak_editor_rule(editor_of(doc), g->rule->code);
    if (!rule || rule->related == AK_RELATED_NONE || !doc->has_tree)
        return;
    const lsp_tree *t = &doc->tree;
    int32_t i = lsp_at_offset(t, (size_t)g->offset);
    bool open = false;
    char message[240];
    if (rule->related == AK_RELATED_FIRST_MEMBER) {
        if (i < 0 || !t->nodes[i].has_key || t->nodes[i].key_start != g->offset || t->nodes[i].parent < 0)
            return;
        size_t kl;
        const char *k = lsp_key(t, &t->nodes[i], &kl);
        for (int32_t c = t->nodes[t->nodes[i].parent].first; c >= 0 && c != i && s->related_budget;
             c = t->nodes[c].next) {
            s->related_budget--;
            size_t cl;
            const char *ck = lsp_key(t, &t->nodes[c], &cl);
            if (cl == kl && memcmp(ck, k, kl) == 0) {
                snprintf(message, sizeof message, "the first member named \"%.*s\"", (int)(kl > 150 ? 150 : kl), k);
                related_entry(s, w, doc, t->nodes[c].key_start, t->nodes[c].key_end, message, &open);
                break;
            }
        }
    } else if (rule->related == AK_RELATED_SAME_STRING) {
        if (i < 0 || t->nodes[i].kind != LSP_J_STR || t->nodes[i].start != g->offset)
            return;
        size_t vl, ol;
        const char *v = lsp_str(t, &t->nodes[i], &vl);
        const char *own = lsp_key(t, &t->nodes[i], &ol);
        bool own_declares = rule->related_arg && t->nodes[i].has_key && lsp_eq(own, ol, rule->related_arg);
        size_t shown = 0;
        /* the declaring member first, then the other places */
        for (int pass = 0; pass < 2; pass++)
            for (size_t c = 0; c < t->count && shown < LSP_MAX_RELATED && s->related_budget; c++) {
                const lsp_node *n = &t->nodes[c];
                s->related_budget--;
                size_t cl, kl;
                if ((int32_t)c == i || n->kind != LSP_J_STR)
                    continue;
                const char *cv = lsp_str(t, n, &cl);
                if (cl != vl || memcmp(cv, v, vl) != 0)
                    continue;
                const char *k = lsp_key(t, n, &kl);
                bool declares = rule->related_arg && n->has_key && lsp_eq(k, kl, rule->related_arg);
                if (declares != (pass == 0))
                    continue;
                if (declares && own_declares)
                    snprintf(message, sizeof message, "another object with this %s", rule->related_arg);
                else if (declares)
                    snprintf(message, sizeof message, "the object whose %s this is", rule->related_arg);
                else
                    snprintf(message, sizeof message, "the same value here");
                related_entry(s, w, doc, n->start, n->end, message, &open);
                shown++;
            }
    }
    if (open)
        ak_json_end_array(w);
}

/* ---- the outline ------------------------------------------------------- */

typedef struct sym {
    size_t start, end, sel_start, sel_end;
    char name[160];
    char detail[96];
    int kind;
    int32_t parent, first, last, next;
    int depth;
} sym;

/* The segments of a node's JSON Pointer (names, or indices written out). */
typedef struct segs {
    const char *s[600];
    size_t n[600];
    char idx[600][12];
    size_t count;
} segs;

static bool segments(const lsp_tree *t, int32_t i, segs *sg)
{
    int32_t chain[600];
    size_t depth = 0;
    for (int32_t c = i; c > 0; c = t->nodes[c].parent) {
        if (depth == 600)
            return false;
        chain[depth++] = c;
    }
    sg->count = 0;
    while (depth--) {
        const lsp_node *n = &t->nodes[chain[depth]];
        size_t k = sg->count++;
        if (n->has_key) {
            sg->s[k] = lsp_key(t, n, &sg->n[k]);
        } else {
            snprintf(sg->idx[k], sizeof sg->idx[k], "%u", n->index);
            sg->s[k] = sg->idx[k];
            sg->n[k] = strlen(sg->idx[k]);
        }
    }
    return true;
}

/* pattern segments p[pi..], node segments from si */
static bool match(const char *const *ps, const size_t *pn, size_t pc, size_t pi, const segs *sg, size_t si)
{
    if (pi == pc)
        return si == sg->count;
    if (pn[pi] == 2 && memcmp(ps[pi], "**", 2) == 0) {
        for (size_t k = si; k <= sg->count; k++)
            if (match(ps, pn, pc, pi + 1, sg, k))
                return true;
        return false;
    }
    if (si == sg->count)
        return false;
    if (!(pn[pi] == 1 && ps[pi][0] == '*') && !(pn[pi] == sg->n[si] && memcmp(ps[pi], sg->s[si], pn[pi]) == 0))
        return false;
    return match(ps, pn, pc, pi + 1, sg, si + 1);
}

static bool pattern_matches(const char *pattern, const segs *sg)
{
    const char *ps[16];
    size_t pn[16], pc = 0;
    for (const char *p = pattern; *p == '/' && pc < 16;) {
        p++;
        const char *end = strchr(p, '/');
        size_t len = end ? (size_t)(end - p) : strlen(p);
        ps[pc] = p;
        pn[pc++] = len;
        p += len;
    }
    return match(ps, pn, pc, 0, sg, 0);
}

/* One alternative [tpl, end) of a template ("{data/node}.{data/property}")
   for object o into out; false when a member it names is not there. made:
   what "{%}" stands for. */
static bool expand_one(const lsp_tree *t, int32_t o, const segs *sg, const char *tpl, const char *end, size_t made,
                       char *out, size_t cap)
{
    size_t k = 0;
    bool all = true;
    char count[24];
    out[0] = 0;
    for (const char *p = tpl; p && p < end && k + 1 < cap;) {
        if (*p != '{') {
            out[k++] = *p++;
            continue;
        }
        const char *close = memchr(p, '}', (size_t)(end - p));
        if (!close)
            break;
        const char *v = NULL;
        size_t vl = 0;
        if (close - p == 2 && p[1] == '#') {
            if (sg->count) {
                v = sg->s[sg->count - 1];
                vl = sg->n[sg->count - 1];
            }
        } else if (close - p == 2 && p[1] == '%') {
            vl = (size_t)snprintf(count, sizeof count, "%zu", made);
            v = count;
        } else {
            char ptr[128];
            size_t pl = (size_t)(close - p - 1);
            if (pl + 2 < sizeof ptr) {
                ptr[0] = '/';
                memcpy(ptr + 1, p + 1, pl);
                int32_t m = lsp_at_pointer(t, o, ptr, pl + 1);
                if (m >= 0 && (t->nodes[m].kind == LSP_J_STR || t->nodes[m].kind == LSP_J_NUM))
                    v = lsp_str(t, &t->nodes[m], &vl);
            }
            all &= v != NULL;
        }
        for (size_t j = 0; v && j < vl && k + 1 < cap; j++)
            out[k++] = (unsigned char)v[j] < 0x20 ? ' ' : v[j];
        p = close + 1;
    }
    /* never cut inside a UTF-8 sequence */
    while (k > 0 && k + 1 >= cap && ((unsigned char)out[k - 1] & 0xC0) == 0x80)
        k--;
    if (k > 0 && k + 1 >= cap && ((unsigned char)out[k - 1] & 0xC0) == 0xC0)
        k--;
    out[k] = 0;
    return all;
}

/* A template: its first alternative ("A|B") whose members are all there,
   else its last. */
static void expand(const lsp_tree *t, int32_t o, const segs *sg, const char *tpl, size_t made, char *out, size_t cap)
{
    out[0] = 0;
    for (const char *p = tpl; p;) {
        const char *bar = strchr(p, '|');
        if (expand_one(t, o, sg, p, bar ? bar : p + strlen(p), made, out, cap) || !bar)
            return;
        p = bar + 1;
    }
}

/* The value the first "{a/b}" of a template names below o, -1: none. */
static int32_t first_reference(const lsp_tree *t, int32_t o, const char *tpl)
{
    const char *open = tpl ? strchr(tpl, '{') : NULL;
    const char *close = open ? strchr(open, '}') : NULL;
    char ptr[128];
    size_t pl = close ? (size_t)(close - open - 1) : 0;
    if (!close || pl == 0 || (pl == 1 && open[1] == '#') || pl + 2 > sizeof ptr)
        return -1;
    ptr[0] = '/';
    memcpy(ptr + 1, open + 1, pl);
    return lsp_at_pointer(t, o, ptr, pl + 1);
}

/* Symbol y (made by a rule with `parent`) under the last entry of a rule
   without one when that entry is named as the template says. */
static void adopt(const lsp_tree *t, int32_t o, const segs *sg, const char *tpl, sym *syms, int32_t y, int32_t top)
{
    char name[sizeof syms->name];
    expand(t, o, sg, tpl, 0, name, sizeof name);
    if (top < 0 || !name[0] || strcmp(syms[top].name, name) != 0 || syms[top].depth >= LSP_MAX_SYMBOL_DEPTH)
        return;
    syms[y].parent = top;
    syms[y].depth = syms[top].depth + 1;
    for (int32_t p = top; p >= 0; p = syms[p].parent)
        if (syms[p].end < syms[y].end)
            syms[p].end = syms[y].end;
}

static size_t outline(const lsp_tree *t, const ak_editor *ed, sym *syms, size_t cap)
{
    size_t n = 0, made[16] = {0}; /* entries made by each rule */
    int32_t top = -1;             /* the last entry of a rule without `parent` */
    int32_t *of = malloc((t->count ? t->count : 1) * sizeof *of); /* node -> its symbol */
    segs *sg = malloc(sizeof *sg);
    if (!of || !sg) {
        free(of);
        free(sg);
        return 0;
    }
    for (size_t i = 0; i < t->count; i++) {
        const lsp_node *nd = &t->nodes[i];
        of[i] = nd->parent >= 0 ? of[nd->parent] : -1;
        if (nd->kind != LSP_J_OBJ || n >= cap || !segments(t, (int32_t)i, sg))
            continue;
        if (of[i] >= 0 && syms[of[i]].depth >= LSP_MAX_SYMBOL_DEPTH)
            continue;
        for (size_t r = 0; r < ed->symbol_count; r++) {
            const ak_edit_symbol_rule *rule = &ed->symbols[r];
            if (!pattern_matches(rule->pattern, sg))
                continue;
            if (rule->when) {
                int32_t m = lsp_member(t, (int32_t)i, rule->when, strlen(rule->when));
                size_t vl;
                const char *v = m >= 0 ? lsp_str(t, &t->nodes[m], &vl) : "";
                if (m < 0 || t->nodes[m].kind != LSP_J_STR || !lsp_eq(v, vl, rule->when_is))
                    continue;
            }
            sym *y = &syms[n];
            memset(y, 0, sizeof *y);
            y->start = nd->start;
            y->end = nd->end;
            /* a placed object is named by its span (lsp_tree_place) */
            bool keyed = nd->has_key || t->placed;
            y->sel_start = keyed ? nd->key_start : nd->start;
            y->sel_end = keyed ? nd->key_end : nd->start + 1;
            int32_t named = t->placed ? -1 : first_reference(t, (int32_t)i, rule->name);
            if (named >= 0) {
                y->sel_start = t->nodes[named].start;
                y->sel_end = t->nodes[named].end;
            }
            size_t nth = r < 16 ? made[r]++ : 0;
            expand(t, (int32_t)i, sg, rule->name, nth, y->name, sizeof y->name);
            if (!y->name[0])
                expand(t, (int32_t)i, sg, "{#}", nth, y->name, sizeof y->name);
            expand(t, (int32_t)i, sg, rule->detail, nth, y->detail, sizeof y->detail);
            y->kind = rule->kind;
            y->parent = of[i];
            y->depth = of[i] >= 0 ? syms[of[i]].depth + 1 : 0;
            if (rule->parent && of[i] < 0)
                adopt(t, (int32_t)i, sg, rule->parent, syms, (int32_t)n, top);
            else if (!rule->parent)
                top = (int32_t)n;
            of[i] = (int32_t)n++;
            break;
        }
    }
    free(of);
    free(sg);
    return n;
}

static void write_symbol_head(ak_json_writer *w, const sym *y)
{
    ak_json_keyz(w, "name");
    ak_json_stringz(w, y->name[0] ? y->name : "?");
    ak_json_keyz(w, "kind");
    ak_json_i64(w, y->kind ? y->kind : AK_SYMBOL_OBJECT);
}

void lsp_symbols(ak_lsp *s, lsp_doc *doc, ak_json_writer *w)
{
    lsp_check(s, doc);
    const ak_editor *ed = editor_of(doc);
    const lsp_tree *tree = ed && ed->symbol_count ? lsp_values(s, doc) : NULL;
    sym *syms = malloc(LSP_MAX_SYMBOLS * sizeof *syms);
    size_t n = 0;
    if (syms && tree)
        n = outline(tree, ed, syms, LSP_MAX_SYMBOLS);
    for (size_t i = 0; i < n; i++) {
        syms[i].first = syms[i].last = syms[i].next = -1;
        /* ranges stay inside the text and hold their selection */
        size_t size = doc_size(doc);
        if (syms[i].end > size)
            syms[i].end = size;
        if (syms[i].start > syms[i].end)
            syms[i].start = syms[i].end;
        if (syms[i].sel_start < syms[i].start || syms[i].sel_start > syms[i].end)
            syms[i].sel_start = syms[i].start;
        if (syms[i].sel_end < syms[i].sel_start || syms[i].sel_end > syms[i].end)
            syms[i].sel_end = syms[i].sel_start;
        if (syms[i].parent >= 0) {
            sym *p = &syms[syms[i].parent];
            if (p->last >= 0)
                syms[p->last].next = (int32_t)i;
            else
                p->first = (int32_t)i;
            p->last = (int32_t)i;
        }
    }
    ak_json_begin_array(w);
    if (!s->hierarchical_symbols) {
        for (size_t i = 0; i < n; i++) {
            ak_json_begin_object(w);
            write_symbol_head(w, &syms[i]);
            ak_json_keyz(w, "location");
            ak_json_begin_object(w);
            ak_json_keyz(w, "uri");
            ak_json_stringz(w, doc->uri);
            ak_json_keyz(w, "range");
            lsp_write_range(s, w, doc, syms[i].start, syms[i].end);
            ak_json_end_object(w);
            if (syms[i].parent >= 0) {
                ak_json_keyz(w, "containerName");
                ak_json_stringz(w, syms[syms[i].parent].name);
            }
            ak_json_end_object(w);
        }
    } else {
        /* depth first without recursion: a symbol, then its children */
        for (size_t i = 0; i < n; i++) {
            if (syms[i].parent >= 0)
                continue;
            int32_t c = (int32_t)i;
            while (c >= 0) {
                sym *y = &syms[c];
                ak_json_begin_object(w);
                write_symbol_head(w, y);
                if (y->detail[0]) {
                    ak_json_keyz(w, "detail");
                    ak_json_stringz(w, y->detail);
                }
                ak_json_keyz(w, "range");
                lsp_write_range(s, w, doc, y->start, y->end);
                ak_json_keyz(w, "selectionRange");
                lsp_write_range(s, w, doc, y->sel_start, y->sel_end);
                if (y->first >= 0) {
                    ak_json_keyz(w, "children");
                    ak_json_begin_array(w);
                    c = y->first;
                    continue;
                }
                ak_json_end_object(w);
                /* up until a symbol with a next sibling */
                while (c >= 0 && syms[c].next < 0 && syms[c].parent >= 0) {
                    c = syms[c].parent;
                    ak_json_end_array(w);
                    ak_json_end_object(w);
                }
                c = c >= 0 && syms[c].parent >= 0 ? syms[c].next : -1;
            }
        }
    }
    ak_json_end_array(w);
    free(syms);
}
