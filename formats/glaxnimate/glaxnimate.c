/* The `glaxnimate` format: Glaxnimate .rawr (../shared/specs/glaxnimate.md).
 *
 * Validation is the validator animgen generates from glaxnimate.schema, on
 * the JSON front end's events, plus the hook of glaxnimate_hooks.c. The
 * JSON front end reports malformed text with its own json.* rules;
 * Glaxnimate names them glaxnimate.json.* and glaxnimate.limit.* (spec
 * 8.2, rules 1-7; `json { ... }` in the schema), so they are renamed on the
 * way out by the generated glaxnimate_json_rule. The registry entry
 * is generated from the schema's format items. */
#include "diag.h"
#include "glaxnimate_doc.h"
#include "format_options.h"
#include "json_sniff.h"

#include <stdlib.h>
#include <string.h>

/* Spec section 1: a JSON object whose objects carry "__type__" members, or
 * whose "format" object holds "format_version" (it may come after a large
 * "animation"); a Lottie file has neither. The first 64 KiB suffice: a
 * `.rawr` whose first object starts later is still claimed by its
 * extension. */
int glaxnimate_sniff(const uint8_t *p, size_t n)
{
    static const char *const any[] = {"\"__type__\"", "\"format_version\"", NULL};
    return ak_json_sniff_members(p, n, any, NULL) ? AK_SNIFF_CONTENT : AK_SNIFF_NO;
}

/* True when the front end found the text malformed (no tree to read). */
static bool is_json_rule(const ak_rule *r) { return r >= ak_json_rules && r < ak_json_rules + AK_JSON_R_COUNT; }

static size_t json_errors(const ak_diags *d)
{
    size_t n = 0;
    for (size_t i = 0; i < ak_diags_count(d); i++)
        n += is_json_rule(ak_diags_at(d, i)->rule) && ak_diags_at(d, i)->severity == AK_SEV_ERROR;
    return n;
}

/* The innermost object with a "__type__" on the way to a JSON Pointer
 * (spec 8.1: a diagnostic names the enclosing object's type and name). */
static const ak_jnode *enclosing(const ak_jnode *root, const char *ptr)
{
    const ak_jnode *v = root, *found = ak_jnode_get(root, "__type__") ? root : NULL;
    char seg[256];
    while (v && *ptr == '/') {
        size_t n = 0;
        for (ptr++; *ptr && *ptr != '/'; ptr++) {
            char ch = *ptr;
            if (ch == '~' && (ptr[1] == '0' || ptr[1] == '1'))
                ch = *++ptr == '0' ? '~' : '/';
            if (n + 1 < sizeof seg)
                seg[n++] = ch;
        }
        seg[n] = 0;
        const ak_jnode *next = NULL;
        if (v->kind == AK_JOBJ) {
            for (size_t i = 0; i < v->count && !next; i++)
                if (v->items[i].key_len == n && memcmp(v->items[i].key, seg, n) == 0)
                    next = v->items[i].v;
        } else if (v->kind == AK_JARR) {
            char *end;
            unsigned long k = strtoul(seg, &end, 10);
            next = *end == 0 && k < v->count ? v->items[k].v : NULL;
        }
        v = next;
        if (v && v->kind == AK_JOBJ && ak_jnode_get(v, "__type__"))
            found = v;
    }
    return found;
}

/* Rule 84 (opt-in: the format option "layout"): the first byte where the
 * file differs from its canonical emission (spec 3.3). */
static void layout_check(const ak_input *in, ak_diags *d)
{
    ak_jtree doc;
    ak_jtree_init(&doc, NULL, NULL, "the Glaxnimate document");
    ak_buf out;
    ak_buf_init(&out);
    if (ak_jtree_read(&doc, in->data, in->size) && glax_write(doc.root, &out) && !out.failed) {
        size_t k = 0, n = out.len < in->size ? out.len : in->size;
        while (k < n && in->data[k] == (uint8_t)out.data[k])
            k++;
        uint32_t line = 1, column = 1;
        for (size_t i = 0; i < k; i++)
            in->data[i] == '\n' ? (line++, column = 1) : column++;
        if (k < in->size || k < out.len)
            ak_report_at(d, &glaxnimate_rules[glaxnimate_R_LAYOUT_NONCANONICAL], k, k < in->size, line, column, "",
                         "%s", k == in->size  ? "the file ends where Glaxnimate's layout goes on"
                               : k == out.len ? "text after the end of Glaxnimate's layout"
                                              : "the bytes differ from Glaxnimate's layout (spec 3.3) from here on");
    }
    ak_buf_free(&out);
    ak_jtree_free(&doc);
}

/* Qt's JSON parser refuses deeper nesting (spec 8.2 rule 7). */
#define GLAXNIMATE_MAX_DEPTH 1024u
/* Files up to this size get the enclosing object's type and name in their
   diagnostics. */
#define GLAXNIMATE_MAX_NAMED ((size_t)8 << 20)
/* Spec 8.2 rule 8's default size cap. */
#define GLAXNIMATE_MAX_SIZE ((size_t)256 << 20)

void glaxnimate_validate(const ak_input *in, const ak_options *opt, ak_diags *d)
{
    if (in->size > GLAXNIMATE_MAX_SIZE) {
        ak_report(d, &glaxnimate_rules[glaxnimate_R_LIMIT_SIZE], 0, 0, "", "the file has %zu bytes; the cap is %zu",
                  in->size, GLAXNIMATE_MAX_SIZE);
        return;
    }
    ak_diag_options dopt = {ak_diags_strict(d), ak_diags_max_errors(d)};
    ak_diags *tmp = ak_diags_new(&dopt);
    if (!tmp)
        return;
    ak_diags_set_source(tmp, in->data, in->size, true);
    glax_state st;
    memset(&st, 0, sizeof st);
    st.input = in->data;
    ak_options o = opt ? *opt : (ak_options){0};
    if (o.max_depth == 0 || o.max_depth > GLAXNIMATE_MAX_DEPTH)
        o.max_depth = GLAXNIMATE_MAX_DEPTH;
    glaxnimate_validate_json(in->data, in->size, &o, tmp, &glaxnimate_rules[glaxnimate_R_JSON_DUPLICATE_KEY],
                             in->mapped, &st);
    glax_state_free(&st);
    size_t optlen;
    if (ak_format_option(opt, "layout", &optlen) && ak_diags_errors(tmp) == 0)
        layout_check(in, tmp);
    /* a version this validator does not check (1, 2, below 1): that alone,
       and what is wrong with the JSON itself, not a cascade of version
       mismatches (convert reads versions 1 and 2 in legacy mode) */
    bool unsupported = false, located = false;
    for (size_t i = 0; i < ak_diags_count(tmp); i++) {
        if (ak_diags_at(tmp, i)->rule == &glaxnimate_rules[glaxnimate_R_FORMAT_VERSION_UNSUPPORTED])
            unsupported = true;
        located = located || ak_diags_at(tmp, i)->path[0];
    }
    /* a well-formed document with diagnostics inside: read it to name the
       objects they are in (up to a size: validation itself keeps no tree,
       and a huge file is named by paths only) */
    ak_jtree doc;
    ak_jtree_init(&doc, NULL, NULL, "the Glaxnimate document");
    bool tree = located && in->size <= GLAXNIMATE_MAX_NAMED && json_errors(tmp) == 0 &&
                ak_jtree_read(&doc, in->data, in->size);
    for (size_t i = 0; i < ak_diags_count(tmp); i++) {
        const ak_diag *g = ak_diags_at(tmp, i);
        if (g->rule == &ak_rule_limit_max_errors)
            break;
        if (unsupported && g->rule >= glaxnimate_rules && g->rule < glaxnimate_rules + glaxnimate_RULE_COUNT &&
            g->rule != &glaxnimate_rules[glaxnimate_R_FORMAT_VERSION_UNSUPPORTED])
            continue;
        const ak_jnode *owner = tree ? enclosing(doc.root, g->path) : NULL;
        const ak_jnode *name = ak_jnode_get(owner, "name");
        bool named = name && name->kind == AK_JSTR;
        bool legacy = g->rule == &glaxnimate_rules[glaxnimate_R_FORMAT_VERSION_UNSUPPORTED];
        if (!ak_report_at(d, glaxnimate_json_rule(g->rule), g->offset, g->length, g->line, g->column, g->path,
                          "%s%s%s%s%s%.*s%s", g->message,
                          legacy ? ": versions below 3 do not open in current Glaxnimate; `animkit convert --legacy` "
                                   "reads versions 1 and 2 and upgrades them"
                                 : "",
                          owner ? " (in " : "", owner ? glax_type(owner) : "",
                          named ? " \"" : "", named ? (int)name->len : 0, named ? name->str : "",
                          owner ? (named ? "\")" : ")") : ""))
            break;
    }
    ak_jtree_free(&doc);
    ak_diags_free(tmp);
}
