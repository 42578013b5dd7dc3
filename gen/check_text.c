/* animgen: checks of a text format's declaration.
 *
 *   format maya "Maya ASCII animation (.anim)" text {
 *     extension ".anim"
 *     checks in "../../grammars/maya_anim.y" "maya_check.c"
 *     rule @maya.key.field-count error/error "message" "rationale"
 *   }
 *
 * A text format's parser is a grammar of its own (re2c + Lemon in
 * grammars/); the declaration gives the rule table, generated like every
 * other format's. Its checks are the grammar's actions, so "every declared
 * rule is reported by something" is checked in the files that hold them:
 * each rule's index constant (<id>_R_<AREA>_<SLUG>, from the generated
 * header) must appear in one of the files of `checks in`, and every such
 * constant there must name a declared rule. A text format may also declare
 * the document its parser fills (`root`, `struct`, `enum`, `type`,
 * `undump`: check_document.c); what else a declaration holds (objects,
 * hooks, magic, ...) is refused, since nothing would generate a check from
 * it. */
#include "ast.h"
#include "document.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

/* The rule whose index constant is ident[0..n): <id>_R_ + the code after
 * "<id>." upper-cased, other characters as '_' (as emit.c names them). */
static rule_decl *rule_of_ident(format_decl *f, const char *ident, size_t n)
{
    size_t idlen = strlen(f->id);
    for (size_t i = 0; i < f->rules.n; i++) {
        rule_decl *r = f->rules.items[i];
        const char *s = r->code + idlen + 1;
        if (n != idlen + 3 + strlen(s))
            continue;
        size_t k = idlen + 3;
        while (k < n && *s && ident[k] == (isalnum((unsigned char)*s) ? toupper((unsigned char)*s) : '_')) {
            k++;
            s++;
        }
        if (k == n)
            return r;
    }
    return NULL;
}

static void scan_file(compiler *cc, const token *file)
{
    format_decl *f = cc->format;
    const char *slash = strrchr(cc->path, '/');
    size_t dirlen = slash ? (size_t)(slash - cc->path) + 1 : 0;
    char *path = cc_alloc(cc, dirlen + strlen(file->text) + 1);
    memcpy(path, cc->path, dirlen);
    strcpy(path + dirlen, file->text);
    size_t len;
    char *text = cc_read_file(path, &len);
    if (!text) {
        cc_error(cc, file->at, "cannot read '%s' (a path relative to the declaration's folder)", path);
        return;
    }
    char prefix[64];
    snprintf(prefix, sizeof prefix, "%s_R_", f->id);
    size_t plen = strlen(prefix);
    int line = 1;
    for (const char *p = text; *p; p++) {
        if (*p == '\n')
            line++;
        if (strncmp(p, prefix, plen) != 0 || (p > text && (isalnum((unsigned char)p[-1]) || p[-1] == '_')))
            continue;
        const char *e = p + plen;
        while (isalnum((unsigned char)*e) || *e == '_')
            e++;
        rule_decl *r = rule_of_ident(f, p, (size_t)(e - p));
        if (r)
            r->used = true;
        else
            cc_error(cc, file->at, "%s:%d: '%.*s' names no declared rule", path, line, (int)(e - p), p);
        p = e - 1;
    }
    free(text);
}

void cc_check_text(compiler *cc)
{
    format_decl *f = cc->format;
    if (f->objects.n || f->hooks.n || f->syntaxes.n || f->tables.n || f->trunc_code || f->magic_text ||
        f->magic_bytes || f->size_code || f->version_pointer || f->values_codes[0] || f->version_fields.n)
        cc_error(cc, f->at,
                 "text format '%s' declares only `extension`, `checks in`, `rule` items and its document (`root`, "
                 "`struct`, `enum`, `type`, `undump`): its parser is a grammar", f->id);
    cc_check_document(cc);
    if (!f->checks_in.n)
        cc_error(cc, f->at, "text format '%s' needs `checks in \"file\" ...`: the files whose code reports its rules",
                 f->id);
    for (size_t i = 0; i < f->checks_in.n; i++)
        scan_file(cc, f->checks_in.items[i]);
}
