/* animgen: the C and the dump's JSON Schema of a text format's document
 * (document.h; docs/schema-language.md, "Documents").
 *
 * In the header: per enum, its constants (<ID>_<ENUM>_<WORD>, then
 * <ID>_<ENUM>_COUNT) and its words (<id>_<enum>_words[]); per struct, the
 * C struct (f64 double, i32 int32_t, bool bool, word const char *, an enum
 * int, `| word` a const char *<field>_word beside it, an optional scalar a
 * bool has_<field>, an array a pointer and <field>_count); the metadata
 * <id>_meta_<struct>; <id>_dump_document, <id>_undump_document and
 * <id>_dump_schema. The dump and the undump are the generic ones of
 * gen/rt/ak_layout.c (ak_ldump_document, ak_lundump_json), driven by the
 * metadata written here. */
#include "document.h"
#include "emit_common.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#define MAX_CHAIN 16

typedef struct demit {
    compiler *cc;
    format_decl *f;
    FILE *h, *c;
    const char *id;
    bool any_f64; /* the schema's shared $defs/f64 is used */
    vec checked;  /* member*: the fields with a check function of their own */
} demit;

/* The conditions an `if` body is under (negated: in its else body). */
typedef struct chain {
    const expr *conds[MAX_CHAIN];
    bool negate[MAX_CHAIN];
    int n;
} chain;

static tref *value_type(const member *m) { return m->type->kind == T_ARRAY ? m->type->elem : m->type; }

/* <ID>_<ENUM>_<WORD>: upper case, other characters as '_' */
static const char *constant(demit *d, const enum_decl *e, const char *word)
{
    static char buf[2][256];
    static int next;
    char *out = buf[next++ & 1];
    snprintf(out, 256, "%s_%s_%s", d->id, e->name, word);
    for (char *p = out; *p; p++)
        *p = isalnum((unsigned char)*p) ? (char)toupper((unsigned char)*p) : '_';
    return out;
}

/* The declaration of `name` (a pointer to such values when ptr): "double x", "const char **names". */
static void decl(demit *d, const tref *t, bool ptr, const char *name)
{
    static const char *const ctypes[] = {"", "double ", "int32_t ", "bool ", "const char *", "int ", "", "ak_span "};
    dkind k = doc_kind(t);
    if (k == DK_STRUCT)
        gen_out(d->h, "%s_%s %s%s", d->id, t->st->name, ptr ? "*" : "", name);
    else
        gen_out(d->h, "%s%s%s", ctypes[k], ptr ? "*" : "", name);
}

static const char *lkind(const tref *t)
{
    static const char *const kinds[] = {"AK_LK_U8",   "AK_LK_F64",     "AK_LK_I32",   "AK_LK_BOOL",
                                        "AK_LK_WORD", "AK_LK_SPELLED", "AK_LK_STRUCT", "AK_LK_SPAN"};
    return kinds[doc_kind(t)];
}

/* ---- types ---------------------------------------------------------------- */

static void emit_struct_type(demit *d, struct_decl *s);

static void struct_deps(demit *d, vec *members)
{
    for (size_t i = 0; i < members->n; i++) {
        member *m = members->items[i];
        if (m->kind == M_IF) {
            struct_deps(d, &m->body);
            struct_deps(d, &m->else_body);
        } else if (value_type(m)->st) {
            emit_struct_type(d, value_type(m)->st);
        }
    }
}

static void struct_members(demit *d, vec *members)
{
    for (size_t i = 0; i < members->n; i++) {
        member *m = members->items[i];
        if (m->kind == M_IF) {
            struct_members(d, &m->body);
            struct_members(d, &m->else_body);
            continue;
        }
        const tref *t = value_type(m);
        gen_out(d->h, "    ");
        if (m->type->kind == T_ARRAY) {
            decl(d, t, true, m->name);
            gen_out(d->h, ";\n    size_t %s_count;\n", m->name);
            continue;
        }
        if (m->optional && doc_kind(t) != DK_WORD)
            gen_out(d->h, "bool has_%s;\n    ", m->name);
        decl(d, t, false, m->name);
        gen_out(d->h, ";%s\n", doc_kind(t) == DK_WORD && m->optional ? " /* NULL: absent */" : "");
        if (t->or_word)
            gen_out(d->h, "    const char *%s_word; /* %s == -1: the word, which is none of %s's */\n", m->name,
                    m->name, t->en->name);
    }
}

static void emit_struct_type(demit *d, struct_decl *s)
{
    if (s->emitted)
        return;
    s->emitted = true;
    struct_deps(d, &s->members);
    gen_out(d->h, "\ntypedef struct %s_%s {\n", d->id, s->name);
    struct_members(d, &s->members);
    if (!s->members.n)
        gen_out(d->h, "    char unused_;\n");
    gen_out(d->h, "} %s_%s;\n", d->id, s->name);
}

static void emit_enums(demit *d)
{
    for (size_t i = 0; i < d->f->enums.n; i++) {
        enum_decl *e = d->f->enums.items[i];
        vec *w = &e->jenum->names;
        gen_out(d->h, "\ntypedef enum %s_%s {\n", d->id, e->name);
        for (size_t k = 0; k < w->n; k++)
            gen_out(d->h, "    %s,\n", constant(d, e, w->items[k]));
        gen_out(d->h, "    %s\n} %s_%s;\n", constant(d, e, "COUNT"), d->id, e->name);
        gen_out(d->h, "extern const char *const %s_%s_words[%s];\n", d->id, e->name, constant(d, e, "COUNT"));
        gen_out(d->c, "\nconst char *const %s_%s_words[%s] = {", d->id, e->name, constant(d, e, "COUNT"));
        for (size_t k = 0; k < w->n; k++) {
            gen_c_string(d->c, w->items[k], false);
            gen_out(d->c, ", ");
        }
        gen_out(d->c, "};\nstatic const ak_lentry %s_entries_%s[] = {\n", d->id, e->name);
        for (size_t k = 0; k < w->n; k++) {
            gen_out(d->c, "    {");
            gen_c_string(d->c, w->items[k], false);
            gen_out(d->c, ", %zu, AK_LE_SCALAR, AK_LK_I32, 1, NULL},\n", k);
        }
        gen_out(d->c, "};\nstatic const ak_ltable %s_names_%s = {\"%s\", %s_entries_%s, %zu, true};\n", d->id,
                e->name, e->name, d->id, e->name, w->n);
    }
}

/* ---- metadata --------------------------------------------------------------- */

static void c_operand(demit *d, const expr *e, const tref *of)
{
    if (e->kind == E_NEG) {
        gen_out(d->c, "-");
        e = e->lhs;
    }
    if (e->kind == E_NAME && of && of->en)
        gen_out(d->c, "%s", constant(d, of->en, e->text));
    else if (e->kind == E_NAME)
        gen_out(d->c, "o->%s", e->text);
    else
        gen_out(d->c, "%s", e->text);
}

/* A condition as C over `o` (the checker put the field of a comparison on its left). */
static void c_cond(demit *d, struct_decl *s, const expr *e)
{
    if (e->kind == E_NOT) {
        gen_out(d->c, "!");
        c_cond(d, s, e->lhs);
    } else if (e->kind == E_NAME) {
        gen_out(d->c, "o->%s", e->text);
    } else if (!strcmp(e->op, "&&") || !strcmp(e->op, "||")) {
        gen_out(d->c, "(");
        c_cond(d, s, e->lhs);
        gen_out(d->c, " %s ", e->op);
        c_cond(d, s, e->rhs);
        gen_out(d->c, ")");
    } else {
        member *m = find_member_named(s, e->lhs->text, NULL);
        gen_out(d->c, "(o->%s %s ", e->lhs->text, e->op);
        c_operand(d, e->rhs, m ? m->type : NULL);
        gen_out(d->c, ")");
    }
}

static void cond_deps(demit *d, const expr *e, vec *out)
{
    bool logic = e->kind == E_BINARY && (!strcmp(e->op, "&&") || !strcmp(e->op, "||"));
    if (e->kind == E_NOT) {
        cond_deps(d, e->lhs, out);
    } else if (!logic) {
        const char *name = e->kind == E_NAME ? e->text : e->lhs->text;
        for (size_t i = 0; i < out->n; i++)
            if (!strcmp(out->items[i], name))
                return;
        vec_push(d->cc, out, (void *)name);
    } else {
        cond_deps(d, e->lhs, out);
        cond_deps(d, e->rhs, out);
    }
}

static void present_fn(demit *d, struct_decl *s, const member *m, bool branch, const chain *ch)
{
    gen_out(d->c, "static bool present_%d_%d_(const void *o_, const void *r0_)\n{\n", m->id, branch);
    gen_out(d->c, "    const %s_%s *o = o_;\n    (void)r0_;\n    return 1", d->id, s->name);
    for (int i = 0; i < ch->n; i++) {
        gen_out(d->c, " && %s(", ch->negate[i] ? "!" : "");
        c_cond(d, s, ch->conds[i]);
        gen_out(d->c, ")");
    }
    gen_out(d->c, ";\n}\n");
}

/* The field whose check function m uses: the first one with the same
   constraints (an alias's, shared by every field of its type) and type. */
static const member *checker(demit *d, const member *m)
{
    for (size_t i = 0; i < d->checked.n; i++) {
        const member *o = d->checked.items[i];
        bool same = o->cons.n == m->cons.n && doc_kind(value_type(o)) == doc_kind(value_type(m));
        for (size_t k = 0; same && k < m->cons.n; k++)
            same = o->cons.items[k] == m->cons.items[k];
        if (same)
            return o;
    }
    return NULL;
}

static void check_fn(demit *d, member *m)
{
    if (checker(d, m))
        return;
    vec_push(d->cc, &d->checked, m);
    bool f64 = doc_kind(value_type(m)) == DK_F64;
    gen_out(d->c, "static const ak_rule *check_%d_(const void *v_, const void *o_, const void *r0_)\n{\n", m->id);
    gen_out(d->c, "    (void)o_;\n    (void)r0_;\n    %s x_;\n    memcpy(&x_, v_, sizeof x_);\n",
            f64 ? "double" : "int32_t");
    for (size_t i = 0; i < m->cons.n; i++) {
        const cons *k = m->cons.items[i];
        gen_out(d->c, "    if (!(");
        switch (k->kind) {
        case C_FINITE: gen_out(d->c, "isfinite(x_)"); break;
        case C_CMP:
            gen_out(d->c, "x_ %s ", k->op);
            c_operand(d, k->value, NULL);
            break;
        case C_RANGE:
            gen_out(d->c, "x_ >= ");
            c_operand(d, k->value, NULL);
            gen_out(d->c, " && x_ <= ");
            c_operand(d, k->hi, NULL);
            break;
        default: /* C_SET, C_NOTSET */
            gen_out(d->c, "%s(0", k->kind == C_NOTSET ? "!" : "");
            for (size_t v = 0; v < k->set.n; v++) {
                gen_out(d->c, " || x_ == ");
                c_operand(d, k->set.items[v], NULL);
            }
            gen_out(d->c, ")");
            break;
        }
        gen_out(d->c, "))\n        return &%s_rules[%d]; /* %s */\n", d->id, k->rule->index, k->rule->code);
    }
    gen_out(d->c, "    return NULL;\n}\n");
}

/* The functions the fields of `members` refer to: presence of `if` bodies, checks. */
static void meta_fns(demit *d, struct_decl *s, vec *members, chain *ch)
{
    for (size_t i = 0; i < members->n; i++) {
        member *m = members->items[i];
        if (m->kind == M_FIELD) {
            if (m->cons.n)
                check_fn(d, m);
            continue;
        }
        if (ch->n >= MAX_CHAIN) {
            cc_error(d->cc, m->at, "`if` blocks nest too deeply (at most %d)", MAX_CHAIN);
            return;
        }
        vec deps = {0};
        ch->conds[ch->n] = m->value;
        for (int k = 0; k <= ch->n; k++)
            cond_deps(d, ch->conds[k], &deps);
        gen_out(d->c, "static const char *const deps_%d_[] = {", m->id);
        for (size_t k = 0; k < deps.n; k++)
            gen_out(d->c, "\"%s\", ", (const char *)deps.items[k]);
        gen_out(d->c, "NULL};\n");
        for (int branch = 1; branch >= 0; branch--) {
            ch->negate[ch->n++] = !branch;
            if ((branch ? &m->body : &m->else_body)->n)
                present_fn(d, s, m, branch, ch);
            meta_fns(d, s, branch ? &m->body : &m->else_body, ch);
            ch->n--;
        }
    }
}

static void meta_fields(demit *d, struct_decl *s, vec *members, const member *in_if, bool branch)
{
    const char *st = s->name;
    for (size_t i = 0; i < members->n; i++) {
        member *m = members->items[i];
        if (m->kind == M_IF) {
            meta_fields(d, s, &m->body, m, true);
            meta_fields(d, s, &m->else_body, m, false);
            continue;
        }
        const tref *t = value_type(m);
        gen_out(d->c, "    {.name = \"%s\", .offset = offsetof(%s_%s, %s)", m->name, d->id, st, m->name);
        if (m->type->kind == T_ARRAY) {
            gen_out(d->c, ", .kind = AK_LK_ARRAY, .count_offset = offsetof(%s_%s, %s_count), .elem_kind = %s, "
                          ".elem_size = sizeof(((%s_%s *)0)->%s[0])",
                    d->id, st, m->name, lkind(t), d->id, st, m->name);
            if (m->type->max_count)
                gen_out(d->c, ", .max_count = %s", m->type->max_count->text);
        } else {
            gen_out(d->c, ", .kind = %s", lkind(t));
        }
        if (t->st)
            gen_out(d->c, ", .st = &%s_meta_%s", d->id, t->st->name);
        if (t->en)
            gen_out(d->c, ", .names = &%s_names_%s", d->id, t->en->name);
        if (t->or_word)
            gen_out(d->c, ", .word_offset = offsetof(%s_%s, %s_word)", d->id, st, m->name);
        if (in_if)
            gen_out(d->c, ", .present = present_%d_%d_, .deps = deps_%d_", in_if->id, branch, in_if->id);
        if (m->optional)
            gen_out(d->c, ", .optional = true");
        if (m->optional && doc_kind(t) != DK_WORD)
            gen_out(d->c, ", .has_offset = offsetof(%s_%s, has_%s)", d->id, st, m->name);
        if (m->value)
            gen_out(d->c, ", .defaulted = true");
        if (m->cons.n)
            gen_out(d->c, ", .check = check_%d_", checker(d, m)->id);
        gen_out(d->c, "},\n");
    }
}

/* The defaults (`name: type = v`), set by the undump in each new struct. */
static void init_body(demit *d, vec *members)
{
    for (size_t i = 0; i < members->n; i++) {
        member *m = members->items[i];
        if (m->kind == M_IF) {
            init_body(d, &m->body);
            init_body(d, &m->else_body);
        } else if (m->value && doc_kind(m->type) == DK_BOOL) {
            gen_out(d->c, "    o->%s = %s;\n", m->name, m->value->text);
        } else if (m->value) {
            gen_out(d->c, "    o->%s = ", m->name);
            c_operand(d, m->value, m->type);
            gen_out(d->c, ";\n");
        }
    }
}

static bool has_default(const vec *members)
{
    for (size_t i = 0; i < members->n; i++) {
        const member *m = members->items[i];
        if (m->kind == M_IF ? has_default(&m->body) || has_default(&m->else_body) : m->value != NULL)
            return true;
    }
    return false;
}

static void emit_meta(demit *d, struct_decl *s)
{
    chain ch = {.n = 0};
    gen_out(d->c, "\n/* metadata of %s */\n", s->name);
    meta_fns(d, s, &s->members, &ch);
    bool init = has_default(&s->members);
    if (init) {
        gen_out(d->c, "static void init_%s_(void *o_)\n{\n    %s_%s *o = o_;\n", s->name, d->id, s->name);
        init_body(d, &s->members);
        gen_out(d->c, "}\n");
    }
    gen_out(d->c, "static const ak_lfield %s_fields_%s[] = {\n", d->id, s->name);
    meta_fields(d, s, &s->members, NULL, false);
    gen_out(d->c, "    {.name = NULL},\n};\n");
    gen_out(d->c, "const ak_lstruct %s_meta_%s = {\"%s\", %s_fields_%s, sizeof %s_fields_%s / sizeof %s_fields_%s[0] "
                  "- 1, sizeof(%s_%s), NULL, ",
            d->id, s->name, s->name, d->id, s->name, d->id, s->name, d->id, s->name, d->id, s->name);
    if (init)
        gen_out(d->c, "init_%s_};\n", s->name);
    else
        gen_out(d->c, "NULL};\n");
}

/* ---- the dump's JSON Schema ------------------------------------------------- */

static void json_number(sbuf *b, const expr *e)
{
    bool neg = e->kind == E_NEG;
    if (neg)
        e = e->lhs;
    if (e->kind == E_INT)
        sb(b, "%s%lld", neg ? "-" : "", strtoll(e->text, NULL, 0));
    else
        sb(b, "%s%s", neg ? "-" : "", e->text);
}

/* What an error-level constraint leaves of a number, as schema keywords. */
static void narrowing(const cons *k, sbuf *b)
{
    static const char *const ops[][2] = {{"<", "exclusiveMaximum"}, {"<=", "maximum"}, {">", "exclusiveMinimum"},
                                         {">=", "minimum"}};
    if (k->kind == C_RANGE) {
        sb(b, "{\"minimum\": ");
        json_number(b, k->value);
        sb(b, ", \"maximum\": ");
        json_number(b, k->hi);
        sb(b, "}");
    } else if (k->kind == C_SET || k->kind == C_NOTSET) {
        sb(b, "%s{\"enum\": [", k->kind == C_NOTSET ? "{\"not\": " : "");
        for (size_t i = 0; i < k->set.n; i++) {
            sb(b, "%s", i ? ", " : "");
            json_number(b, k->set.items[i]);
        }
        sb(b, "]}%s", k->kind == C_NOTSET ? "}" : "");
    } else if (k->kind == C_CMP) {
        const char *key = !strcmp(k->op, "==") ? "const" : "not";
        for (int i = 0; i < 4; i++)
            if (!strcmp(k->op, ops[i][0]))
                key = ops[i][1];
        sb(b, "{\"%s\": %s", !strcmp(key, "not") ? "not" : key, !strcmp(key, "not") ? "{\"const\": " : "");
        json_number(b, k->value);
        sb(b, "}%s", !strcmp(key, "not") ? "}" : "");
    } else {
        sb(b, "{}"); /* finite: the type says it */
    }
}

static void field_schema(demit *d, const member *m, sbuf *b)
{
    const tref *t = value_type(m);
    bool array = m->type->kind == T_ARRAY;
    if (array)
        sb(b, "{\"type\": \"array\", \"items\": ");
    bool finite = false;
    for (size_t i = 0; i < m->cons.n; i++)
        finite |= ((const cons *)m->cons.items[i])->kind == C_FINITE;
    switch (doc_kind(t)) {
    case DK_F64:
        d->any_f64 |= !finite;
        sb(b, finite ? "{\"type\": \"number\"" : "{\"$ref\": \"#/$defs/f64\"");
        break;
    case DK_I32: sb(b, "{\"type\": \"integer\", \"minimum\": -2147483648, \"maximum\": 2147483647"); break;
    case DK_BOOL: sb(b, "{\"type\": \"boolean\""); break;
    case DK_WORD: sb(b, "{\"type\": \"string\""); break;
    case DK_ENUM:
        if (t->or_word)
            sb(b, "{\"anyOf\": [{\"$ref\": \"#/$defs/%s\"}, {\"type\": \"string\", \"$comment\": \"a word that is "
                  "none of %s's, as the file has it\"}]",
               t->en->name, t->en->name);
        else
            sb(b, "{\"$ref\": \"#/$defs/%s\"", t->en->name);
        break;
    default: sb(b, "{\"$ref\": \"#/$defs/%s\"", t->st->name); break;
    }
    bool first = true;
    for (size_t i = 0; i < m->cons.n; i++) {
        const cons *k = m->cons.items[i];
        if (k->kind == C_FINITE || k->rule->compat != 2)
            continue;
        sb(b, "%s", first ? ", \"allOf\": [" : ", ");
        first = false;
        narrowing(k, b);
    }
    sb(b, "%s", first ? "" : "]");
    if (m->value) {
        sb(b, ", \"default\": ");
        if (t->en)
            sb_str(b, m->value->text);
        else if (t->name && !strcmp(t->name, "bool"))
            sb(b, "%s", m->value->text);
        else
            json_number(b, m->value);
    }
    sb(b, "}");
    if (array && m->type->max_count)
        sb(b, ", \"maxItems\": %s", m->type->max_count->text);
    if (array)
        sb(b, "}");
}

static void schema_cond(demit *d, struct_decl *s, const expr *e, sbuf *b)
{
    if (e->kind == E_NOT) {
        sb(b, "{\"not\": ");
        schema_cond(d, s, e->lhs, b);
        sb(b, "}");
    } else if (e->kind == E_NAME) {
        sb(b, "{\"properties\": {\"%s\": {\"const\": true}}}", e->text);
    } else if (!strcmp(e->op, "&&") || !strcmp(e->op, "||")) {
        sb(b, "{\"%s\": [", !strcmp(e->op, "&&") ? "allOf" : "anyOf");
        schema_cond(d, s, e->lhs, b);
        sb(b, ", ");
        schema_cond(d, s, e->rhs, b);
        sb(b, "]}");
    } else {
        member *m = find_member_named(s, e->lhs->text, NULL);
        sb(b, "{\"properties\": {\"%s\": ", e->lhs->text);
        if (m && m->type->en) {
            sb(b, "%s{\"const\": ", !strcmp(e->op, "!=") ? "{\"not\": " : "");
            sb_str(b, e->rhs->text);
            sb(b, "}%s", !strcmp(e->op, "!=") ? "}" : "");
        } else {
            cons k = {.kind = C_CMP, .op = e->op, .value = e->rhs};
            narrowing(&k, b);
        }
        sb(b, "}}");
    }
}

/* Per `if` block: its fields required when the conditions hold, refused
   when they do not (and the same for its else block). */
static void if_clauses(demit *d, struct_decl *s, vec *members, chain *ch, sbuf *b, bool *first)
{
    for (size_t i = 0; i < members->n; i++) {
        member *m = members->items[i];
        if (m->kind != M_IF)
            continue;
        ch->conds[ch->n] = m->value;
        for (int branch = 1; branch >= 0; branch--) {
            vec *body = branch ? &m->body : &m->else_body;
            ch->negate[ch->n++] = !branch;
            sbuf req = {0}, any = {0};
            for (size_t k = 0; k < body->n; k++) {
                const member *g = body->items[k];
                if (g->kind != M_FIELD || doc_kind(value_type(g)) == DK_SPAN)
                    continue;
                if (!g->optional)
                    sb(&req, "%s\"%s\"", req.n ? ", " : "", g->name);
                sb(&any, "%s{\"required\": [\"%s\"]}", any.n ? ", " : "", g->name);
            }
            if (any.n) {
                sb(b, "%s{\"if\": %s", *first ? "" : ",\n        ", ch->n > 1 ? "{\"allOf\": [" : "");
                *first = false;
                for (int k = 0; k < ch->n; k++) {
                    sb(b, "%s%s", k ? ", " : "", ch->negate[k] ? "{\"not\": " : "");
                    schema_cond(d, s, ch->conds[k], b);
                    sb(b, "%s", ch->negate[k] ? "}" : "");
                }
                sb(b, "%s, \"then\": {\"required\": [%s]}, \"else\": {\"not\": {\"anyOf\": [%s]}}}",
                   ch->n > 1 ? "]}" : "", req.n ? req.p : "", any.p);
            }
            free(req.p);
            free(any.p);
            if_clauses(d, s, body, ch, b, first);
            ch->n--;
        }
    }
}

static void properties(demit *d, vec *members, sbuf *b, sbuf *required, bool conditional)
{
    for (size_t i = 0; i < members->n; i++) {
        member *m = members->items[i];
        if (m->kind == M_IF) {
            properties(d, &m->body, b, required, true);
            properties(d, &m->else_body, b, required, true);
            continue;
        }
        if (doc_kind(value_type(m)) == DK_SPAN)
            continue; /* not in the dump */
        sb(b, "%s\n        \"%s\": ", b->n ? "," : "", m->name);
        field_schema(d, m, b);
        if (!conditional && !m->optional)
            sb(required, "%s\"%s\"", required->n ? ", " : "", m->name);
    }
}

static char *dump_schema(demit *d)
{
    sbuf b = {0}, defs = {0};
    format_decl *f = d->f;
    for (size_t i = 0; i < f->enums.n; i++) {
        enum_decl *e = f->enums.items[i];
        sb(&defs, "%s    \"%s\": {\"enum\": [", defs.n ? ",\n" : "", e->name);
        for (size_t k = 0; k < e->jenum->names.n; k++) {
            sb(&defs, "%s", k ? ", " : "");
            sb_str(&defs, e->jenum->names.items[k]);
        }
        sb(&defs, "]}");
    }
    for (size_t i = 0; i < f->structs.n; i++) {
        struct_decl *s = f->structs.items[i];
        sbuf props = {0}, required = {0}, clauses = {0};
        properties(d, &s->members, &props, &required, false);
        chain ch = {.n = 0};
        bool first = true;
        if_clauses(d, s, &s->members, &ch, &clauses, &first);
        sb(&defs, "%s    \"%s\": {\n      \"type\": \"object\",\n      \"properties\": {%s\n      },\n",
           defs.n ? ",\n" : "", s->name, props.p ? props.p : "");
        sb(&defs, "      \"required\": [%s],\n      \"additionalProperties\": false", required.p ? required.p : "");
        if (clauses.n)
            sb(&defs, ",\n      \"allOf\": [\n        %s\n      ]", clauses.p);
        sb(&defs, "\n    }");
        free(props.p);
        free(required.p);
        free(clauses.p);
    }
    if (d->any_f64)
        sb(&defs, ",\n    \"f64\": {\"$comment\": \"shortest round-trip decimal; NaN and infinities as strings\", "
                  "\"anyOf\": [{\"type\": \"number\"}, {\"enum\": [\"nan\", \"inf\", \"-inf\"]}]}");
    char title[512];
    snprintf(title, sizeof title, "animkit dump of %s", f->title);
    sb(&b, "{\n  \"$schema\": \"https://json-schema.org/draft/2020-12/schema\",\n");
    sb(&b, "  \"$id\": \"https://animkit.invalid/schemas/%s.dump.schema.json\",\n  \"title\": ", f->id);
    sb_str(&b, title);
    sb(&b, ",\n  \"$comment\": \"generated by animgen from %s: what `animkit dump` writes, member for member (the "
           "document the format's grammar fills). Not expressed here (animkit validate checks the file): the "
           "format's rules.\",\n",
       d->cc->path);
    sb(&b, "  \"$ref\": \"#/$defs/%s\",\n  \"$defs\": {\n%s\n  }\n}\n", f->root_st->name, defs.p ? defs.p : "");
    free(defs.p);
    return b.p;
}

/* ---- the format: dump, re-emission and undump through the document ------- */

/* Each reads the document (the grammar, or the dump) into an arena charged
   to the command's budget and writes it (the dump, or the emitter). */
static void through_document(demit *d, const char *name, const char *input, const char *read, const char *write)
{
    const char *id = d->id, *root = d->f->root_st->name;
    gen_out(d->c, "\nstatic bool %s_%s(const ak_input *%s, const ak_options *opt, ak_diags *d, ak_buf *out)\n{\n", id,
            name, input);
    gen_out(d->c, "    ak_arena arena;\n    ak_arena_init_budget(&arena, 1 << 16, ak_budget_of(d, opt), "
                  "\"the decoded document\");\n    %s_%s *doc;\n    bool ok = %s && %s;\n"
                  "    ak_arena_free(&arena);\n    return ok;\n}\n",
            id, root, read, write);
}

static void emit_format(demit *d)
{
    const char *id = d->id;
    char read[200], write[200], undump_read[240], dump_write[120];
    snprintf(read, sizeof read, "%s_document_decode(in, opt, d, &arena, &doc)", id);
    snprintf(write, sizeof write, "%s_document_encode(doc, opt, d, out)", id);
    snprintf(undump_read, sizeof undump_read, "(doc = %s_undump_document(json->data, json->size, &arena, d)) != NULL", id);
    snprintf(dump_write, sizeof dump_write, "%s_dump_document(doc, out)", id);
    gen_out(d->c, "\n#include \"budget.h\"\n");
    through_document(d, "dump", "in", read, dump_write);
    through_document(d, "reemit", "in", read, write);
    through_document(d, "undump", "json", undump_read, write);
    /* the streamed dump: one entry of the root's array held at a time (the
       decoder hands them over: ak_ldoc_stream) */
    gen_out(d->c, "\nextern const ak_ldocument %s_document;\n\nstatic bool %s_dump_to(const ak_input *in, "
                  "const ak_options *opt, ak_diags *d, ak_sink *out)\n{\n"
                  "    return ak_ldump_document_to(&%s_document, in, opt, d, out);\n}\n", id, id, id);
    gen_registry_open(d->c, d->f, true);
    /* AK_NO_SCHEMA_TEXT: a build that serves no schema (WebAssembly) leaves the text out */
    gen_out(d->c, "    .sniff = %s_sniff,\n    .validate = %s_validate,\n    .dump = %s_dump,\n    .dump_to = %s_dump_to,\n"
                  "#ifndef AK_NO_SCHEMA_TEXT\n    .dump_schema = %s_dump_schema,\n#endif\n"
                  "    .reemit = %s_reemit,\n    .undump = %s_undump,\n",
            id, id, id, id, id, id, id);
    if (d->f->model)
        gen_out(d->c, "    .to_model = %s_to_model,\n    .from_model = %s_from_model,\n", id, id);
    if (d->f->model && cc_model_document_streams(d->f->model))
        gen_out(d->c, "    .to_model_headers = %s_to_model_headers,\n", id);
    gen_registry_close(d->c, d->f);
}

/* ---- the whole ----------------------------------------------------------- */

bool cc_emit_document(compiler *cc, FILE *h, FILE *c)
{
    format_decl *f = cc->format;
    demit d = {.cc = cc, .f = f, .h = h, .c = c, .id = f->id};
    if (!f->root_st) {
        gen_out(h, "\n#endif\n");
        return true;
    }
    const char *id = f->id, *root = f->root_st->name;
    gen_out(h, "\n/* The document the format's grammar fills (%s, `root %s`). */\n", cc->path, root);
    emit_enums(&d);
    for (size_t i = 0; i < f->structs.n; i++)
        emit_struct_type(&d, f->structs.items[i]);
    gen_out(h, "\n");
    for (size_t i = 0; i < f->structs.n; i++)
        gen_out(h, "extern const ak_lstruct %s_meta_%s;\n", id, ((struct_decl *)f->structs.items[i])->name);
    gen_out(h, "/* The document as JSON (`animkit dump`): members in declaration order, absent ones left out. */\n");
    gen_out(h, "bool %s_dump_document(const %s_%s *doc, ak_buf *out);\n", id, id, root);
    gen_out(h, "/* A document from its JSON dump, in arena; NULL after reporting into d. */\n");
    gen_out(h, "%s_%s *%s_undump_document(const uint8_t *json, size_t size, ak_arena *arena, ak_diags *d);\n", id, root,
            id);
    gen_out(h, "/* The JSON Schema of the dump. */\nextern const char %s_dump_schema[];\n", id);
    gen_out(h, "/* Hand-written: the grammar's sniffer and validator; the document read by the grammar's actions\n"
               "   (false after reporting into d) and written by the format's emitter (the document's precision\n"
               "   and line ends unless opt says otherwise). */\n"
               "int %s_sniff(const uint8_t *p, size_t n);\n"
               "void %s_validate(const ak_input *in, const ak_options *opt, ak_diags *d);\n"
               "bool %s_document_decode(const ak_input *in, const ak_options *opt, ak_diags *d, ak_arena *arena,\n"
               "                        %s_%s **out);\n"
               "bool %s_document_encode(%s_%s *doc, const ak_options *opt, ak_diags *d, ak_buf *out);\n",
            id, id, id, id, root, id, id, root);
    gen_out(h, "/* The document as one value (its metadata and decoder), for editors (runtime/editor.h). */\n"
               "extern const ak_ldocument %s_document;\n", id);
    gen_out(h, "extern const ak_format ak_format_%s;\n", id);
    cc_emit_model(cc, h, c); /* a model section: its hooks, to_model and from_model */
    gen_out(h, "\n#endif\n");

    for (size_t i = 0; i < f->structs.n; i++)
        gen_out(c, "extern const ak_lstruct %s_meta_%s;\n", id, ((struct_decl *)f->structs.items[i])->name);
    for (size_t i = 0; i < f->structs.n; i++)
        emit_meta(&d, f->structs.items[i]);
    gen_out(c, "\nbool %s_dump_document(const %s_%s *doc, ak_buf *out)\n{\n", id, id, root);
    gen_out(c, "    return ak_ldump_document(&%s_meta_%s, doc, out);\n}\n", id, root);
    gen_out(c, "\n%s_%s *%s_undump_document(const uint8_t *json, size_t size, ak_arena *arena, ak_diags *d)\n{\n", id,
            root, id);
    /* the categories in ak_lundump_rules order, which is UD_* order */
    gen_out(c, "    static const ak_lundump_rules rules = {\n");
    for (int i = 0; i < UD_COUNT_ALL; i++) {
        const rule_decl *r = gen_undump_rule(f, i);
        gen_out(c, "        &%s_rules[%d], /* %s */\n", id, r->index, r->code);
    }
    gen_out(c, "    };\n    return ak_lundump_json(&%s_meta_%s, json, size, arena, &rules, d);\n}\n", id, root);
    gen_out(c, "\nstatic bool decode_any_(const ak_input *in, const ak_options *opt, ak_diags *d, ak_arena *arena, "
               "void **out)\n{\n    %s_%s *doc = NULL;\n    bool ok = %s_document_decode(in, opt, d, arena, &doc);\n"
               "    *out = doc;\n    return ok;\n}\n", id, root, id);
    gen_out(c, "const ak_ldocument %s_document = {&%s_meta_%s, decode_any_};\n", id, id, root);
    char *schema = dump_schema(&d);
    char name[200];
    snprintf(name, sizeof name, "%s_dump_schema", id);
    if (schema)
        gen_c_text(c, name, schema, strlen(schema));
    free(schema);
    emit_format(&d);
    return schema != NULL && cc->errors == 0;
}
