/* animgen: checks of a text format's document.
 *
 *   root doc
 *   undump @maya.undump.bad-member @maya.undump.bad-member @maya.undump.bad-member
 *   type number = f64 finite @maya.undump.bad-member
 *   enum tangent { global, fixed, linear }
 *   struct doc { version: word  start?: number  precision: i32 = 8 in 1..17 @code  keys: key[] }
 *   struct key { time: number  in: tangent | word  if in == fixed { angle: number } }
 *
 * Nothing here is read from bytes: the format's grammar fills the structs,
 * and the generated code dumps them, builds them from a dump and describes
 * the dump. So a document holds fields and `if` blocks only; its
 * constraints are what a value built from a dump must satisfy (the
 * grammar's actions do the checking of files), and a condition compares a
 * field that is always there, declared before it, with a constant. */
#include "document.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

static const char *const scalar_types[] = {"f64", "i32", "bool", "word"};

dkind doc_kind(const tref *t)
{
    if (t->st)
        return DK_STRUCT;
    if (t->en)
        return DK_ENUM;
    for (int i = 0; i < 4; i++)
        if (t->name && strcmp(t->name, scalar_types[i]) == 0)
            return (dkind)(DK_F64 + i);
    return t->name && strcmp(t->name, "span") == 0 ? DK_SPAN : DK_NONE;
}

static bool is_scalar_type(const char *name)
{
    for (int i = 0; i < 4; i++)
        if (strcmp(name, scalar_types[i]) == 0)
            return true;
    return strcmp(name, "span") == 0;
}

static alias_decl *find_alias(compiler *cc, const char *name)
{
    for (size_t i = 0; i < cc->format->aliases.n; i++) {
        alias_decl *a = cc->format->aliases.items[i];
        if (strcmp(a->name, name) == 0)
            return a;
    }
    return NULL;
}

/* A literal number (a default, a constraint's bound, a condition's constant). */
static bool literal(const expr *e)
{
    if (e && e->kind == E_NEG)
        e = e->lhs;
    return e && (e->kind == E_INT || e->kind == E_FLOAT);
}

static void add_name(compiler *cc, struct_decl *s, vec *names, const char *name, loc at)
{
    for (size_t i = 0; i < names->n; i++)
        if (strcmp(names->items[i], name) == 0) {
            cc_error(cc, at, "'%s' is declared twice in struct '%s' (a field, or what a field adds: has_<field> "
                             "when optional, <field>_word with `| word`, <field>_count for an array)",
                     name, s->name);
            return;
        }
    vec_push(cc, names, (void *)name);
}

static void add_names(compiler *cc, struct_decl *s, vec *names, const member *m, const char *suffix, bool prefix)
{
    size_t n = strlen(m->name) + 8;
    char *buf = cc_alloc(cc, n);
    snprintf(buf, n, "%s%s", prefix ? suffix : m->name, prefix ? m->name : suffix);
    add_name(cc, s, names, buf, m->at);
}

/* The field's type, its aliases applied: a scalar, an enum of words or a struct. */
static void resolve(compiler *cc, member *m)
{
    tref **slot = m->type->kind == T_ARRAY ? &m->type->elem : &m->type;
    tref *t = *slot;
    if (t->kind == T_ARRAY) {
        cc_error(cc, t->at, "an array of arrays: put the inner array in a struct");
        return;
    }
    alias_decl *a = t->name && !is_scalar_type(t->name) ? find_alias(cc, t->name) : NULL;
    if (a) {
        if (a->type->kind != T_NAMED || !is_scalar_type(a->type->name)) {
            cc_error(cc, a->type->at, "type '%s': a document's alias names f64, i32, bool or word with constraints",
                     a->name);
            return;
        }
        tref *r = cc_alloc(cc, sizeof *r);
        *r = *a->type;
        r->at = t->at;
        r->or_word = t->or_word;
        *slot = t = r;
        vec all = {0};
        for (size_t k = 0; k < a->cons.n; k++)
            vec_push(cc, &all, a->cons.items[k]);
        for (size_t k = 0; k < m->cons.n; k++)
            vec_push(cc, &all, m->cons.items[k]);
        m->cons = all;
    }
    if (is_scalar_type(t->name))
        return;
    t->st = find_struct(cc, t->name);
    t->en = t->st ? NULL : find_enum(cc, t->name);
    if (!t->st && !t->en)
        cc_error(cc, t->at, "unknown type '%s' (a document's fields are f64, i32, bool, word, span, an enum or a struct)",
                 t->name);
}

static double number_of(const expr *e)
{
    double v = e->kind == E_NEG ? number_of(e->lhs) * -1 : 0;
    if (e->kind == E_INT)
        v = (double)strtoll(e->text, NULL, 0);
    else if (e->kind == E_FLOAT)
        v = strtod(e->text, NULL);
    return v;
}

/* Whether the number v keeps constraint c (checked by the checker: literal bounds). */
static bool keeps(const cons *c, double v)
{
    bool in_set = false;
    for (size_t i = 0; (c->kind == C_SET || c->kind == C_NOTSET) && i < c->set.n; i++)
        in_set |= v == number_of(c->set.items[i]);
    double b = c->value ? number_of(c->value) : 0;
    switch (c->kind) {
    case C_RANGE: return v >= b && v <= number_of(c->hi);
    case C_SET: return in_set;
    case C_NOTSET: return !in_set;
    case C_CMP:
        return !strcmp(c->op, "==") ? v == b : !strcmp(c->op, "!=") ? v != b : !strcmp(c->op, "<") ? v < b
               : !strcmp(c->op, "<=") ? v <= b : !strcmp(c->op, ">") ? v > b : v >= b;
    default: return true;
    }
}

static void check_default(compiler *cc, member *m, const tref *t)
{
    const expr *v = m->value;
    dkind k = doc_kind(t);
    bool ok = false;
    if (k == DK_F64 || k == DK_I32)
        ok = literal(v) && (k == DK_F64 || ((v->kind == E_NEG ? v->lhs : v)->kind == E_INT &&
                                            number_of(v) >= -2147483648.0 && number_of(v) <= 2147483647.0));
    else if (k == DK_BOOL)
        ok = v->kind == E_NAME && (strcmp(v->text, "true") == 0 || strcmp(v->text, "false") == 0);
    else if (k == DK_ENUM)
        for (size_t i = 0; v->kind == E_NAME && i < t->en->jenum->names.n; i++)
            ok |= strcmp(t->en->jenum->names.items[i], v->text) == 0;
    for (size_t i = 0; ok && (k == DK_F64 || k == DK_I32) && i < m->cons.n; i++)
        if (!keeps(m->cons.items[i], number_of(v))) {
            cc_error(cc, v->at, "field '%s': the default breaks its constraint @%s", m->name,
                     ((const cons *)m->cons.items[i])->code);
            return;
        }
    if (k == DK_WORD || k == DK_STRUCT)
        cc_error(cc, v->at, "field '%s': only a number, a boolean or an enum's word has a default", m->name);
    else if (!ok)
        cc_error(cc, v->at, "field '%s': the default is not a value of its type (%s)", m->name,
                 k == DK_ENUM ? "one of the enum's words" : k == DK_BOOL ? "true or false"
                 : k == DK_I32 ? "a 32-bit integer" : "a number");
}

static void check_constraints(compiler *cc, member *m, dkind k)
{
    for (size_t i = 0; i < m->cons.n; i++) {
        cons *c = m->cons.items[i];
        bool number = k == DK_F64 || k == DK_I32;
        bool bounds = true;
        if (c->kind == C_CMP || c->kind == C_RANGE)
            bounds = literal(c->value) && (c->kind == C_CMP || literal(c->hi));
        for (size_t s = 0; (c->kind == C_SET || c->kind == C_NOTSET) && s < c->set.n; s++)
            bounds &= literal(c->set.items[s]);
        if (c->kind != C_CMP && c->kind != C_RANGE && c->kind != C_SET && c->kind != C_NOTSET &&
            c->kind != C_FINITE)
            cc_error(cc, c->at, "a document's field takes comparisons, `in lo..hi`, `in {...}`, `!in {...}` and "
                                "`finite` (the grammar checks the file)");
        else if (!number || (c->kind == C_FINITE && k != DK_F64))
            cc_error(cc, c->at, "field '%s': %s", m->name,
                     number ? "`finite` is for f64" : "constraints apply to numbers (f64, i32)");
        else if (!bounds || c->option)
            cc_error(cc, c->at, "field '%s': a document's constraint compares with literal numbers", m->name);
        else if (c->when || c->fatal)
            cc_error(cc, c->at, "field '%s': a document's constraint has no `when` or `fatal` (it refuses a value "
                                "built from a dump)", m->name);
        c->rule = use_rule(cc, c->code, c->code_at);
    }
}

static void check_field(compiler *cc, struct_decl *s, member *m, vec *names)
{
    resolve(cc, m);
    add_name(cc, s, names, m->name, m->at);
    bool array = m->type->kind == T_ARRAY;
    tref *t = array ? m->type->elem : m->type;
    dkind k = doc_kind(t);
    if (k == DK_NONE)
        return;
    if (array) {
        add_names(cc, s, names, m, "_count", false);
        const expr *n = m->type->max_count;
        if (n && !(n->kind == E_INT && strtoll(n->text, NULL, 0) >= 1 && strtoll(n->text, NULL, 0) <= 1000000))
            cc_error(cc, n->at, "field '%s': `[<= n]` takes an integer from 1 to 1000000", m->name);
        else if (m->type->count)
            cc_error(cc, m->type->count->at, "field '%s': a document's array has no count (`T[]` or `T[<= n]`: it "
                                             "has the length its elements give)", m->name);
        if (m->optional || m->value)
            cc_error(cc, m->at, "field '%s': an array is never optional and has no default (it may be empty)",
                     m->name);
    }
    if ((t->or_word && (k != DK_ENUM || array)) || m->type->or_word != t->or_word)
        cc_error(cc, t->at, "field '%s': `| word` follows an enum (not in an array)", m->name);
    else if (t->or_word)
        add_names(cc, s, names, m, "_word", false);
    if (k == DK_SPAN && (array || m->optional || m->value || m->cons.n))
        cc_error(cc, m->at, "field '%s': a span is one field of its struct, without `?`, default or constraint (the "
                            "bytes the grammar read it from)", m->name);
    else if (m->optional && k == DK_STRUCT)
        cc_error(cc, m->at, "field '%s': a struct is not optional (put it in an `if`)", m->name);
    else if (m->optional && k != DK_WORD)
        add_names(cc, s, names, m, "has_", true);
    check_constraints(cc, m, k);
    if (m->value)
        check_default(cc, m, t);
}

/* The field named `name` of s that is always there and declared before the
 * condition (in `before`). */
static member *before_field(const vec *before, const char *name)
{
    for (size_t i = 0; i < before->n; i++) {
        member *m = before->items[i];
        if (strcmp(m->name, name) == 0)
            return m;
    }
    return NULL;
}

static bool enum_word(const enum_decl *e, const char *w)
{
    for (size_t i = 0; i < e->jenum->names.n; i++)
        if (strcmp(e->jenum->names.items[i], w) == 0)
            return true;
    return false;
}

/* Whether e is a condition a document can have; puts the field of a
 * comparison on its left (`0 < n` becomes `n > 0`). */
static bool check_cond(compiler *cc, const vec *before, expr *e)
{
    if (e->kind == E_NOT)
        return check_cond(cc, before, e->lhs);
    if (e->kind == E_BINARY && (!strcmp(e->op, "&&") || !strcmp(e->op, "||")))
        return check_cond(cc, before, e->lhs) && check_cond(cc, before, e->rhs);
    if (e->kind == E_NAME) {
        member *m = before_field(before, e->text);
        return m && m->type->kind != T_ARRAY && doc_kind(m->type) == DK_BOOL;
    }
    static const char *const cmps[] = {"==", "!=", "<", "<=", ">", ">="};
    bool cmp = false;
    for (int i = 0; e->kind == E_BINARY && i < 6; i++)
        cmp |= strcmp(e->op, cmps[i]) == 0;
    if (!cmp)
        return false;
    if (e->lhs->kind != E_NAME || !before_field(before, e->lhs->text)) {
        static const char *const flipped[][2] = {{"<", ">"}, {"<=", ">="}, {">", "<"}, {">=", "<="}};
        expr *t = e->lhs;
        e->lhs = e->rhs;
        e->rhs = t;
        for (int i = 0; i < 4; i++)
            if (!strcmp(e->op, flipped[i][0])) {
                e->op = flipped[i][1];
                break;
            }
    }
    const expr *f = e->lhs, *v = e->rhs;
    member *m = f->kind == E_NAME ? before_field(before, f->text) : NULL;
    if (!m || m->type->kind == T_ARRAY)
        return false;
    dkind k = doc_kind(m->type);
    if (k == DK_ENUM)
        return v->kind == E_NAME && enum_word(m->type->en, v->text) && (!strcmp(e->op, "==") || !strcmp(e->op, "!="));
    return (k == DK_F64 || k == DK_I32) && literal(v);
}

static void check_members(compiler *cc, struct_decl *s, vec *members, bool conditional, vec *names, vec *before)
{
    for (size_t i = 0; i < members->n; i++) {
        member *m = members->items[i];
        if (m->kind == M_FIELD) {
            if (m->kept)
                cc_error(cc, m->at, "'%s' kept: a document is whole in memory (a binary layout's validator keeps "
                         "what a hook reads)", m->name);
            check_field(cc, s, m, names);
            if (!conditional && !m->optional)
                vec_push(cc, before, m);
        } else if (m->kind == M_IF && !m->watch) {
            if (!check_cond(cc, before, m->value))
                cc_error(cc, m->value->at, "a document's condition compares a field declared before it and always "
                                           "there (not optional, not inside an `if`) with a constant (`kind == "
                                           "curve`, `count > 0`) or is a bool field, joined by &&, || and !");
            check_members(cc, s, &m->body, true, names, before);
            check_members(cc, s, &m->else_body, true, names, before);
        } else {
            cc_error(cc, m->at, "a document's struct holds fields and `if` blocks (the grammar checks the file, "
                                "and nothing is read or written by the declaration)");
        }
    }
}

static bool contains(const vec *v, const void *p)
{
    for (size_t i = 0; i < v->n; i++)
        if (v->items[i] == p)
            return true;
    return false;
}

/* Marks what the root reaches; refuses a struct that contains itself. */
static void reach(compiler *cc, struct_decl *s, vec *path, vec *seen)
{
    if (contains(path, s)) {
        cc_error(cc, s->at, "struct '%s' contains itself (a document nests as its declaration does)", s->name);
        return;
    }
    if (contains(seen, s))
        return;
    vec_push(cc, seen, s);
    vec_push(cc, path, s);
    vec stack = {0};
    vec_push(cc, &stack, &s->members);
    for (size_t k = 0; k < stack.n; k++) {
        vec *ms = stack.items[k];
        for (size_t j = 0; j < ms->n; j++) {
            member *m = ms->items[j];
            if (m->kind == M_IF) {
                vec_push(cc, &stack, &m->body);
                vec_push(cc, &stack, &m->else_body);
            } else if (m->kind == M_FIELD) {
                tref *t = m->type->kind == T_ARRAY ? m->type->elem : m->type;
                if (t->en)
                    vec_push(cc, seen, t->en);
                if (t->st)
                    reach(cc, t->st, path, seen);
            }
        }
    }
    path->n--;
}

static void check_enum(compiler *cc, enum_decl *e)
{
    if (!e->jenum) {
        cc_error(cc, e->at, "enum '%s': a document's enum is words (`enum %s { a, b }`), not integer codes", e->name,
                 e->name);
        return;
    }
    if (is_scalar_type(e->name) || find_struct(cc, e->name))
        cc_error(cc, e->at, "enum '%s' has the name of another type", e->name);
    vec *w = &e->jenum->names;
    for (size_t i = 0; i < w->n; i++) {
        jename *n = e->jenum->enames.items[i];
        if (n->since >= 0 || n->until >= 0 || n->code)
            cc_error(cc, n->at, "enum '%s': a document's word has no versions or code", e->name);
        bool spelled = *n->name != 0;
        for (const char *p = n->name; *p; p++)
            spelled &= *p > ' ' && *p < 0x7f && *p != '"' && *p != '\\';
        if (!spelled)
            cc_error(cc, n->at, "enum '%s': '%s' is not a word (printable ASCII, no space, quote or backslash)",
                     e->name, n->name);
        else if (strlen(n->name) == 5 && !strncasecmp(n->name, "count", 5))
            cc_error(cc, n->at, "enum '%s': '%s' would make the constant that counts the words (<ID>_<ENUM>_COUNT)",
                     e->name, n->name);
        /* the C constants <ID>_<ENUM>_<WORD> (other characters as '_') must differ */
        for (size_t k = 0; k < i; k++) {
            const char *a = w->items[k], *b = n->name;
            while (*a && *b && (isalnum((unsigned char)*a) ? toupper((unsigned char)*a) : '_') ==
                                   (isalnum((unsigned char)*b) ? toupper((unsigned char)*b) : '_'))
                a++, b++;
            if (!*a && !*b)
                cc_error(cc, n->at, "enum '%s': '%s' and '%s' make the same C constant", e->name,
                         (const char *)w->items[k], n->name);
        }
    }
}

void cc_check_document(compiler *cc)
{
    format_decl *f = cc->format;
    if (!f->root) {
        loc at = f->structs.n  ? ((struct_decl *)f->structs.items[0])->at
                 : f->enums.n  ? ((enum_decl *)f->enums.items[0])->at
                 : f->aliases.n ? ((alias_decl *)f->aliases.items[0])->at
                               : f->undump_at[UD_SYNTAX];
        if (f->structs.n || f->enums.n || f->aliases.n || f->undump_codes[UD_SYNTAX])
            cc_error(cc, at, "`struct`, `enum`, `type` and `undump` declare a text format's document, which needs "
                             "`root <struct>`");
        return;
    }
    if (!f->undump_codes[UD_SYNTAX])
        cc_error(cc, f->root_at, "the document needs `undump @syntax @shape @value`: the rules of building a file "
                                 "from its dump");
    for (size_t i = 0; i < f->enums.n; i++)
        check_enum(cc, f->enums.items[i]);
    for (size_t i = 0; i < f->structs.n; i++) {
        struct_decl *s = f->structs.items[i];
        if (is_scalar_type(s->name))
            cc_error(cc, s->at, "struct '%s' has the name of a type", s->name);
        for (size_t k = 0; k < i; k++)
            if (strcmp(((struct_decl *)f->structs.items[k])->name, s->name) == 0)
                cc_error(cc, s->at, "struct '%s' is declared twice", s->name);
        if (s->tparams.n)
            cc_error(cc, s->at, "struct '%s': a document's struct has no type parameters", s->name);
    }
    f->root_st = find_struct(cc, f->root);
    if (!f->root_st) {
        cc_error(cc, f->root_at, "root struct '%s' is not declared", f->root);
        return;
    }
    f->root_st->is_root = true;
    for (size_t i = 0; i < f->structs.n; i++) {
        struct_decl *s = f->structs.items[i];
        vec names = {0}, before = {0};
        check_members(cc, s, &s->members, false, &names, &before);
    }
    if (cc->errors)
        return;
    vec path = {0}, seen = {0};
    reach(cc, f->root_st, &path, &seen);
    for (size_t i = 0; i < f->structs.n; i++) {
        struct_decl *s = f->structs.items[i];
        if (!contains(&seen, s))
            cc_error(cc, s->at, "struct '%s' is not part of the document (no field reaches it from the root)",
                     s->name);
    }
    for (size_t i = 0; i < f->enums.n; i++) {
        enum_decl *e = f->enums.items[i];
        if (!contains(&seen, e))
            cc_error(cc, e->at, "enum '%s' types no field of the document", e->name);
    }
}
