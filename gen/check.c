/* animgen: semantic checks of a parsed declaration (names, types, rule
 * codes, sizes) and the name resolution the emitter shares. */
#include "ast.h"
#include "json_schema.h"

#include <stdlib.h>
#include <string.h>

const char *const cc_json_category_names[JR_COUNT] = {"syntax", "encoding", "depth", "bom", "duplicate", "range",
                                                     "integer"};

bool cc_is_format_hook(const char *name)
{
    static const char *const names[] = {"sniff",      "dump",  "dump_to",  "reemit", "reemit_to",
                                        "to_model",   "from_model", "state", "validate"};
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
        if (strcmp(names[i], name) == 0)
            return true;
    return false;
}

bool cc_has_hook(const format_decl *f, const char *name)
{
    for (size_t i = 0; i < f->hooks.n; i++)
        if (strcmp(((member *)f->hooks.items[i])->name, name) == 0)
            return true;
    return false;
}

struct_decl *find_struct(compiler *cc, const char *name)
{
    format_decl *f = cc->format;
    for (size_t i = 0; i < f->structs.n; i++) {
        struct_decl *s = f->structs.items[i];
        if (strcmp(s->name, name) == 0)
            return s;
    }
    return NULL;
}

enum_decl *find_enum(compiler *cc, const char *name)
{
    format_decl *f = cc->format;
    for (size_t i = 0; i < f->enums.n; i++) {
        enum_decl *e = f->enums.items[i];
        if (strcmp(e->name, name) == 0)
            return e;
    }
    return NULL;
}

rule_decl *find_rule(compiler *cc, const char *code)
{
    format_decl *f = cc->format;
    for (size_t i = 0; i < f->rules.n; i++) {
        rule_decl *r = f->rules.items[i];
        if (strcmp(r->code, code) == 0)
            return r;
    }
    return NULL;
}

static member *find_in(vec *members, const char *name, int *index)
{
    for (size_t i = 0; i < members->n; i++) {
        member *m = members->items[i];
        if ((m->kind == M_FIELD || m->kind == M_LET) && strcmp(m->name, name) == 0)
            return m;
        (*index)++;
        if (m->kind == M_IF || m->kind == M_PROCESS) {
            member *r = find_in(&m->body, name, index);
            if (!r)
                r = find_in(&m->else_body, name, index);
            if (r)
                return r;
        }
    }
    return NULL;
}

member *find_member_named(struct_decl *s, const char *name, int *index)
{
    int i = 0;
    member *m = find_in(&s->members, name, &i);
    if (index)
        *index = i;
    return m;
}

prim_kind member_prim(const member *m)
{
    if (m->kind == M_LET)
        return P_F64;
    if (m->kind != M_FIELD || m->type->kind != T_NAMED || m->type->st)
        return P_NONE;
    return m->type->prim;
}

member *resolve_name(compiler *cc, struct_decl *cur, const char *dotted, char *out, size_t out_size)
{
    char first[128];
    const char *dot = strchr(dotted, '.');
    size_t n = dot ? (size_t)(dot - dotted) : strlen(dotted);
    if (n >= sizeof first)
        return NULL;
    memcpy(first, dotted, n);
    first[n] = 0;
    const char *base = "o->";
    member *m = find_member_named(cur, first, NULL);
    if (!m && cc->format->root_st && cur != cc->format->root_st) {
        m = find_member_named(cc->format->root_st, first, NULL);
        base = "r_->";
    }
    if (!m)
        return NULL;
    snprintf(out, out_size, "%s%s", base, first);
    while (dot) {
        if (m->kind != M_FIELD || m->type->kind != T_NAMED || !m->type->st)
            return NULL;
        struct_decl *s = m->type->st;
        const char *next = dot + 1;
        dot = strchr(next, '.');
        n = dot ? (size_t)(dot - next) : strlen(next);
        if (n >= sizeof first)
            return NULL;
        memcpy(first, next, n);
        first[n] = 0;
        m = find_member_named(s, first, NULL);
        if (!m)
            return NULL;
        size_t len = strlen(out);
        snprintf(out + len, out_size - len, ".%s", first);
    }
    return m;
}

/* ---- types ---------------------------------------------------------------- */

bool cc_parse_prim(const char *name, prim_kind *p, endian *e)
{
    static const char *const names[] = {"none", "u8", "i8", "u16", "i16", "u32", "i32", "u64", "i64",
                                        "f32", "f64", "bool8", "varint", "string7", "nstring7", "leb128", "bit"};
    *e = END_DEFAULT;
    for (int i = 1; i < (int)(sizeof names / sizeof names[0]); i++) {
        size_t n = strlen(names[i]);
        if (strncmp(name, names[i], n) != 0)
            continue;
        if (name[n] == 0) {
            *p = (prim_kind)i;
            return true;
        }
        if (i >= P_U16 && i <= P_F64 && (strcmp(name + n, "le") == 0 || strcmp(name + n, "be") == 0)) {
            *p = (prim_kind)i;
            *e = name[n] == 'l' ? END_LITTLE : END_BIG;
            return true;
        }
    }
    return false;
}

static void resolve_type(compiler *cc, tref *t)
{
    if (t->kind == T_ARRAY) {
        resolve_type(cc, t->elem);
        if (t->elem->kind == T_ARRAY && (t->elem->count->kind != E_INT || t->elem->elem->kind == T_ARRAY))
            cc_error(cc, t->at, "an array's elements can be a fixed array of scalars, not a counted array: wrap "
                     "the inner array in a struct");
        if (t->elem->kind == T_NAMED && t->elem->prim == P_BIT && !t->packed)
            cc_error(cc, t->at, "'bit' is only the element of a table's bits(...) entry");
        return;
    }
    if (cc_parse_prim(t->name, &t->prim, &t->end))
        return;
    t->st = find_struct(cc, t->name);
    if (t->st)
        return;
    t->en = find_enum(cc, t->name);
    if (t->en) {
        t->prim = t->en->base;
        return;
    }
    cc_error(cc, t->at, "unknown type '%s'", t->name);
}

rule_decl *use_rule(compiler *cc, const char *code, loc at)
{
    rule_decl *r = find_rule(cc, code);
    if (!r) {
        cc_error(cc, at, "rule '@%s' is not declared (declare it with `rule @%s <severity> \"message\"`)",
                 code, code);
        return NULL;
    }
    r->used = true;
    return r;
}

/* ---- expressions ---------------------------------------------------------- */

static void check_expr(compiler *cc, struct_decl *cur, expr *e)
{
    if (!e)
        return;
    char tmp[512];
    switch (e->kind) {
    case E_NAME: {
        if (strcmp(e->text, "remaining") == 0 || (cc->each && strcmp(e->text, cc->each->name) == 0))
            break; /* `assert each A: e`: A is the element */
        member *m = resolve_name(cc, cur, e->text, tmp, sizeof tmp);
        if (!m)
            cc_error(cc, e->at, "unknown field '%s' in struct '%s'", e->text, cur->name);
        else if (m->kind == M_FIELD && member_prim(m) == P_NONE)
            cc_error(cc, e->at, "'%s' is not a number: only scalar fields can be used in expressions", e->text);
        else if (m->kind == M_FIELD && (m->type->prim == P_STRING7 || m->type->prim == P_NSTRING7))
            cc_error(cc, e->at, "'%s' is a string: only numbers can be used in expressions", e->text);
        break;
    }
    case E_NOT:
    case E_NEG: check_expr(cc, cur, e->lhs); break;
    case E_BINARY:
        check_expr(cc, cur, e->lhs);
        check_expr(cc, cur, e->rhs);
        break;
    case E_COND:
        check_expr(cc, cur, e->lhs);
        check_expr(cc, cur, e->rhs);
        check_expr(cc, cur, e->alt);
        break;
    case E_AGG:
        cc_error(cc, e->at, "%s(...) can only be the whole value of a `let`", e->op);
        break;
    case E_SIZEOF: {
        /* template parameters were folded by the expansion; what is left
           must be a primitive of fixed size */
        prim_kind p;
        endian en;
        if (!cc_parse_prim(e->text, &p, &en) || !prim_size(p))
            cc_error(cc, e->at, "sizeof(%s): a type parameter or a fixed-size primitive is needed", e->text);
        break;
    }
    default: break;
    }
}

void cc_check_expr(compiler *cc, struct_decl *cur, expr *e) { check_expr(cc, cur, e); }

/* `let x = sum(a, e)` / `first(a, e)`: a is an array of structs of this
 * struct that comes before the let (the reader accumulates e while it reads
 * the elements, so the validator needs no element kept); e is an expression
 * over an element. */
static void check_agg(compiler *cc, struct_decl *s, member *let)
{
    expr *e = let->value;
    int ai = 0, li = 0;
    member *a = find_member_named(s, e->text, &ai);
    find_member_named(s, let->name, &li);
    if (!a || a->kind != M_FIELD || a->type->kind != T_ARRAY || !a->type->elem->st || a->type->elem->kind == T_ARRAY) {
        cc_error(cc, e->at, "%s(%s, ...): '%s' is not an array of structs of struct '%s'", e->op, e->text, e->text,
                 s->name);
        return;
    }
    if (ai > li) {
        cc_error(cc, e->at, "%s(%s, ...): the array must come before the let", e->op, e->text);
        return;
    }
    e->array = a;
    e->elem = a->type->elem->st;
    e->let = let;
    check_expr(cc, e->elem, e->lhs);
    vec_push(cc, &s->aggs, e);
}

/* `remaining` (the bytes left in the stream) is known only while reading:
 * in constraints and asserts, not in counts, conditions or lets. */
static bool uses_remaining(const expr *e)
{
    if (!e)
        return false;
    if (e->kind == E_NAME && strcmp(e->text, "remaining") == 0)
        return true;
    return uses_remaining(e->lhs) || uses_remaining(e->rhs) || uses_remaining(e->alt);
}

bool rest_of_stream(const expr *count)
{
    return count && count->kind == E_NAME && strcmp(count->text, "remaining") == 0;
}

static void no_remaining(compiler *cc, const expr *e, const char *where)
{
    if (uses_remaining(e))
        cc_error(cc, e->at, "'remaining' is only known while reading: it cannot be used in %s", where);
}

/* ---- members -------------------------------------------------------------- */

static const mopt *format_option(const format_decl *f, const char *name)
{
    for (size_t i = 0; i < f->format_options.n; i++)
        if (strcmp(((const mopt *)f->format_options.items[i])->option->text, name) == 0)
            return f->format_options.items[i];
    return NULL;
}

/* `<= option NAME DEFAULT`: an option has one default wherever it bounds
 * something, `limit size N option NAME`'s included. */
static void option_default(compiler *cc, const char *name, const expr *def)
{
    unsigned long long v = strtoull(def->text, NULL, 0);
    const format_decl *f = cc->format;
    if (format_option(f, name))
        cc_error(cc, def->at, "format option '%s' takes words (`option %s { ... }`): it bounds no count", name, name);
    if (f->size_option && strcmp(f->size_option, name) == 0 && v != (unsigned long long)f->size_limit)
        cc_error(cc, def->at, "format option '%s' has the default %s here and %lld in `limit size`", name, def->text,
                 (long long)f->size_limit);
    for (size_t i = 0; i + 1 < cc->option_limits.n; i += 2) {
        const expr *other = cc->option_limits.items[i + 1];
        if (strcmp(cc->option_limits.items[i], name) == 0 && strtoull(other->text, NULL, 0) != v) {
            cc_error(cc, def->at, "format option '%s' has the default %s here and %s on line %d", name, def->text,
                     other->text, other->at.line);
            return;
        }
    }
    vec_push(cc, &cc->option_limits, (void *)name);
    vec_push(cc, &cc->option_limits, (void *)def);
}

/* `option NAME { word => N, ... }`: in a binary layout, once per option, each
 * word once, not an option that bounds a count too. */
static void check_format_options(compiler *cc)
{
    format_decl *f = cc->format;
    for (size_t i = 0; i < f->format_options.n; i++) {
        const mopt *o = f->format_options.items[i];
        const token *n = o->option;
        if (f->json || f->text)
            cc_error(cc, n->at, "option %s: format options with words are declared in binary layouts", n->text);
        if (format_option(f, n->text) != o)
            cc_error(cc, n->at, "option %s is declared twice", n->text);
        if (f->size_option && strcmp(f->size_option, n->text) == 0)
            cc_error(cc, n->at, "format option '%s' is a count (`limit size ... option`): it takes no words", n->text);
        for (size_t a = 0; a < o->pairs.n; a++) {
            const token *w = ((const mpair *)o->pairs.items[a])->from;
            for (size_t b = 0; b < a; b++)
                if (strcmp(((const mpair *)o->pairs.items[b])->from->text, w->text) == 0)
                    cc_error(cc, w->at, "option %s: the word '%s' is given twice", n->text, w->text);
            if (!*w->text)
                cc_error(cc, w->at, "option %s: an empty word", n->text);
        }
    }
}

static bool expr_names(const expr *e, const char *name)
{
    return e && ((e->kind == E_NAME && strcmp(e->text, name) == 0) || expr_names(e->lhs, name) ||
                 expr_names(e->rhs, name) || expr_names(e->alt, name));
}

static bool before(const vec *members, const member *a, const member *b);
static bool is_array_element(vec *members, const struct_decl *el);

/* Whether numeric field f has a fatal constant upper bound (`<= N`, `< N`, `in lo..hi`, `in {...}`). */
static bool bounded(const member *f)
{
    for (size_t i = 0; f && f->kind == M_FIELD && i < f->cons.n; i++) {
        const cons *k = f->cons.items[i];
        bool literal = k->value && k->value->kind == E_INT && (!k->hi || k->hi->kind == E_INT) && !k->option;
        if (k->fatal && !k->when &&
            ((k->kind == C_CMP && literal && (!strcmp(k->op, "<=") || !strcmp(k->op, "<"))) ||
             (k->kind == C_RANGE && literal) || k->kind == C_SET))
            return true;
    }
    return false;
}

static bool holds_counted_array(const vec *members, int depth)
{
    for (size_t i = 0; depth < 32 && i < members->n; i++) {
        const member *e = members->items[i];
        const tref *t = e->kind == M_FIELD ? e->type : NULL;
        if ((t && t->kind == T_ARRAY && t->count->kind != E_INT) ||
            (t && t->st && holds_counted_array(&t->st->members, depth + 1)) ||
            holds_counted_array(&e->body, depth + 1) || holds_counted_array(&e->else_body, depth + 1))
            return true;
    }
    return false;
}

/* The fields a hook (`hook name(a, b)`, `dump x by name(a, b)`) names: it
 * gets their byte spans, so each is a field read before it. */
static void check_hook_fields(compiler *cc, struct_decl *s, member *m, const char *what, const char *name)
{
    for (size_t i = 0; i < m->args.n; i++) {
        token *t = m->args.items[i];
        member *f = find_member_named(s, t->text, NULL);
        if (!f || f->kind != M_FIELD)
            cc_error(cc, t->at, "%s '%s': no field '%s' in struct '%s' (a hook gets the byte spans of fields "
                     "read before it)", what, name, t->text, s->name);
        else if (!before(&s->members, f, m))
            cc_error(cc, t->at, "%s '%s': field '%s' comes after the hook (a hook gets the byte spans of "
                     "fields read before it)", what, name, t->text);
    }
}

/* `name: S[count] ... kept`: validation keeps the elements (for a hook) as
 * decoding does; its memory stays independent of the input's size: the
 * count has a fatal constant bound, the struct is no array's element (one
 * kept array per document), and the elements hold no counted arrays. */
static void check_kept(compiler *cc, struct_decl *s, member *m)
{
    const tref *t = m->type;
    if (t->kind != T_ARRAY || !t->elem->st || t->count->kind == E_INT) {
        cc_error(cc, m->at, "'%s' kept: only a counted array of structs is kept (fixed arrays always are)", m->name);
        return;
    }
    if (t->count->kind != E_NAME || !bounded(find_member_named(s, t->count->text, NULL)))
        cc_error(cc, m->at, "'%s' kept: its count needs a fatal constant bound (`<= N @code fatal`), so that "
                 "validation keeps a bounded array", m->name);
    for (size_t i = 0; i < cc->format->structs.n; i++)
        if (is_array_element(&((struct_decl *)cc->format->structs.items[i])->members, s))
            cc_error(cc, m->at, "'%s' kept: struct '%s' is an array's element (one array per element would be "
                     "kept)", m->name, s->name);
    if (holds_counted_array(&t->elem->st->members, 0))
        cc_error(cc, m->at, "'%s' kept: its elements hold counted arrays, which validation does not keep", m->name);
}

/* `assert each A: e`: A is an array of numbers read before the assert (its
 * bytes are read again, as a hook's span); e names A, which stands for the
 * element. */
static void check_each(compiler *cc, struct_decl *s, member *m)
{
    member *a = find_member_named(s, m->each, NULL);
    const tref *t = a && a->kind == M_FIELD ? a->type : NULL;
    const tref *el = t && t->kind == T_ARRAY ? t->elem : NULL;
    if (!el || el->kind != T_NAMED || el->st || !prim_size(el->prim) || el->prim == P_BIT || el->prim == P_BOOL8) {
        cc_error(cc, m->at, "assert each %s: '%s' is no array of numbers in struct '%s'", m->each, m->each, s->name);
        return;
    }
    if (!before(&s->members, a, m))
        cc_error(cc, m->at, "assert each %s: the array comes after the assert", m->each);
    if (!expr_names(m->value, m->each))
        cc_error(cc, m->value->at, "assert each %s: the condition does not use the element '%s'", m->each, m->each);
    cc->each = a;
    check_expr(cc, s, m->value);
    cc->each = NULL;
}

static bool is_string(prim_kind p) { return p == P_STRING7 || p == P_NSTRING7; }

static void check_cons(compiler *cc, struct_decl *cur, member *m, cons *c)
{
    c->rule = use_rule(cc, c->code, c->code_at);
    tref *t = m->type;
    bool counted = t->kind == T_ARRAY && t->count->kind != E_INT;
    /* the value a check sees: the field, or an element of an array (a fixed
       array of scalars is one value, a tuple, checked per component) */
    bool tuple_field = t->kind == T_ARRAY && !counted && t->elem->kind == T_NAMED && !t->elem->st;
    bool array = t->kind == T_ARRAY && !tuple_field;
    tref *v = array ? t->elem : t;
    bool tuple = v->kind == T_ARRAY;
    prim_kind p = tuple ? v->elem->prim : v->st ? P_NONE : v->prim;
    bool scalar = !v->st && p != P_NONE;
    bool numeric = scalar && !is_string(p) && p != P_BIT;
    const char *what = NULL;
    switch (c->kind) {
    case C_CMP:
    case C_RANGE:
    case C_SET:
    case C_NOTSET:
        if (!numeric)
            what = "a comparison needs a number field (or an array of numbers)";
        else if (c->option && (array || tuple || prim_is_float(p)))
            what = "a bound set by a format option needs an integer field (not a float, not an array)";
        if (c->option)
            option_default(cc, c->option, c->value);
        check_expr(cc, cur, c->value);
        check_expr(cc, cur, c->hi);
        for (size_t i = 0; i < c->set.n; i++)
            check_expr(cc, cur, c->set.items[i]);
        break;
    case C_ENUM:
        c->en = find_enum(cc, c->name);
        if (!c->en)
            cc_error(cc, c->at, "unknown enum '%s'", c->name);
        if (!numeric || prim_is_float(p))
            what = "'in <enum>' needs an integer field";
        break;
    case C_FINITE:
        if (!prim_is_float(p))
            what = "'finite' needs an f32 or f64 field";
        break;
    case C_UNIT:
        if (!tuple || !prim_is_float(p))
            what = "'unit' needs a fixed array of floats (a vector or quaternion)";
        break;
    case C_FITS:
        if (!counted && !(scalar && !array && is_string(p)))
            what = "'fits' applies to counted arrays and strings";
        break;
    case C_NONDECREASING:
    case C_NOREPEAT:
        if (!c->name) {
            /* on a field: against the same field of the previous element */
            if (array || !numeric)
                what = "'nondecreasing' and 'norepeat' on a field need a number field of a struct that is an "
                       "array element";
            break;
        }
        if (!array || !t->elem->st) {
            what = "this constraint applies to arrays of structs";
        } else {
            member *f = find_member_named(t->elem->st, c->name, NULL);
            if (!f || member_prim(f) == P_NONE || is_string(member_prim(f)))
                cc_error(cc, c->at, "struct '%s' has no number field '%s'", t->elem->st->name, c->name);
        }
        break;
    case C_UTF8:
        if (!is_string(p) || tuple)
            what = "this constraint applies to strings";
        break;
    case C_LENGTH:
        if (!(is_string(p) || p == P_VARINT || p == P_LEB128) || tuple)
            what = "'length' applies to strings and varints";
        break;
    case C_MINIMAL:
        if (!(is_string(p) || p == P_VARINT || p == P_LEB128) || tuple)
            what = "'minimal' applies to strings and varints";
        break;
    case C_FLAG:
        if (p != P_BOOL8 && p != P_NSTRING7 && p != P_BIT)
            what = "'flag' applies to bool8, nstring7 and bits fields";
        break;
    case C_SYNTAX:
    case C_UNIQUE:
    case C_KIND:
    case C_REQUIRED:
    case C_KEY:
    case C_DANGLING:
    case C_MISTARGETED:
    case C_UNLISTED:
    case C_MISPLACED:
    case C_ANYCASE:
    case C_COERCED:
    case C_FRACTIONAL:
    case C_NULL:
    case C_SCOPE:
    case C_TOPLEVEL:
    case C_SIBLING:
    case C_DISTINCT:
    case C_ACYCLIC:
    case C_DEPTH:
    case C_NONEMPTY:
    case C_MAXLENGTH:
    case C_PRESENT: what = "this constraint belongs to JSON objects"; break;
    }
    if (what)
        cc_error(cc, c->at, "%s ('%s' is %s)", what, m->name,
                 counted ? "a counted array" : tuple ? "a fixed array" : t->st ? "a struct" : prim_name(p));
    check_expr(cc, cur, c->when);
    no_remaining(cc, c->when, "a `when`");
}

static bool has_cons(member *m, cons_kind k)
{
    for (size_t i = 0; i < m->cons.n; i++)
        if (((cons *)m->cons.items[i])->kind == k)
            return true;
    return false;
}

/* Where a member stands (check_member's ctx): inside an if block, inside
 * a process block. */
enum { IN_IF = 1, IN_PROCESS = 2 };

static void check_members(compiler *cc, struct_decl *s, vec *members, int ctx);

/* Whether member a comes before member b in declaration order (looking into
 * if and process blocks). 1: a first, 0: b first, -1: neither here. */
static int order_of(const vec *members, const member *a, const member *b)
{
    for (size_t i = 0; i < members->n; i++) {
        const member *m = members->items[i];
        if (m == a)
            return 1;
        if (m == b)
            return 0;
        if (m->kind == M_IF || m->kind == M_PROCESS) {
            int r = order_of(&m->body, a, b);
            if (r < 0)
                r = order_of(&m->else_body, a, b);
            if (r >= 0)
                return r;
        }
    }
    return -1;
}

static bool before(const vec *members, const member *a, const member *b) { return order_of(members, a, b) == 1; }

/* `process ... verbatim`: re-emission may copy the derived stream (emit.c,
 * reemit_stream_). That needs the block to be the rest of the file after a
 * header that a validation pass keeps whole: the last member of the root
 * struct, without a span, after members that are scalars, strings,
 * constants, asserts and lets only (validation keeps no arrays or sub-structs). */
static void check_verbatim(compiler *cc, struct_decl *s, member *m)
{
    if (!s->is_root || s->members.n == 0 || s->members.items[s->members.n - 1] != m) {
        cc_error(cc, m->at, "process '%s' verbatim: only the last member of the root struct can be copied on "
                 "re-emission", m->name);
        return;
    }
    if (m->span)
        cc_error(cc, m->at, "process '%s' verbatim: a block with a span is not the rest of the file", m->name);
    for (size_t i = 0; i + 1 < s->members.n; i++) {
        member *h = s->members.items[i];
        bool kept = h->kind == M_CONST || h->kind == M_ASSERT || h->kind == M_LET ||
                    (h->kind == M_FIELD && h->type->kind != T_ARRAY && !h->type->st);
        if (!kept) {
            cc_error(cc, h->at, "process '%s' verbatim: the members before it must be scalars, strings, constants, "
                     "asserts or lets (validation keeps nothing else for the header re-emission writes)", m->name);
            return;
        }
    }
}

static void check_member(compiler *cc, struct_decl *s, member *m, int ctx)
{
    switch (m->kind) {
    case M_FIELD: {
        int idx_other;
        member *other = find_member_named(s, m->name, &idx_other);
        if (other && other != m)
            cc_error(cc, m->at, "field '%s' is declared twice in struct '%s'", m->name, s->name);
        tref *t = m->type;
        if (t->kind == T_ARRAY) {
            check_expr(cc, s, t->count);
            /* `T[remaining]`: the rest of the stream (trailing padding kept
               for re-encoding); any other use of remaining in a count is
               unknown to the encoder */
            if (!rest_of_stream(t->count))
                no_remaining(cc, t->count, "a count");
            /* a counted array's document has `<name>_count` beside it */
            char count_name[256];
            snprintf(count_name, sizeof count_name, "%s_count", m->name);
            if (t->count->kind != E_INT && find_member_named(s, count_name, NULL))
                cc_error(cc, m->at, "array '%s' holds its element count in '%s', which is a field of struct '%s' "
                         "too: rename the field", m->name, count_name, s->name);
            if (t->count->kind != E_INT && !has_cons(m, C_FITS))
                cc_error(cc, m->at,
                         "array '%s' needs a 'fits @code' constraint: its count comes from the input", m->name);
            if (t->elem->st && t->elem->st == s)
                cc_error(cc, m->at, "struct '%s' contains itself", s->name);
        }
        prim_kind p = t->kind == T_ARRAY ? (t->elem->kind == T_ARRAY ? P_NONE : t->elem->prim) : t->prim;
        if (t->kind != T_ARRAY && p == P_BIT)
            cc_error(cc, t->at, "'bit' is only the element of a table's bits(...) entry");
        if (is_string(p) && !has_cons(m, C_LENGTH))
            cc_error(cc, m->at, "string '%s' needs a 'length @code' constraint for malformed lengths", m->name);
        if (p == P_NSTRING7 && !has_cons(m, C_FLAG))
            cc_error(cc, m->at, "nullable string '%s' needs a 'flag @code' constraint", m->name);
        if ((p == P_VARINT || p == P_LEB128) && !has_cons(m, C_LENGTH))
            cc_error(cc, m->at, "varint '%s' needs a 'length @code' constraint", m->name);
        for (size_t i = 0; i < m->cons.n; i++)
            check_cons(cc, s, m, m->cons.items[i]);
        if (m->kept)
            check_kept(cc, s, m);
        break;
    }
    case M_LET:
        if (m->value->kind == E_AGG)
            check_agg(cc, s, m);
        else
            check_expr(cc, s, m->value);
        no_remaining(cc, m->value, "a let");
        break;
    case M_ASSERT:
        m->rule = use_rule(cc, m->code, m->code_at);
        if (m->option)
            option_default(cc, m->option, m->limit);
        if (m->each)
            check_each(cc, s, m);
        else
            check_expr(cc, s, m->value);
        if (m->name && !find_member_named(s, m->name, NULL))
            cc_error(cc, m->at, "assert: no field '%s' in struct '%s'", m->name, s->name);
        break;
    case M_IF:
        check_expr(cc, s, m->value);
        no_remaining(cc, m->value, "a condition");
        if (m->code)
            m->rule = use_rule(cc, m->code, m->code_at);
        check_members(cc, s, &m->body, ctx | IN_IF);
        check_members(cc, s, &m->else_body, ctx | IN_IF);
        break;
    case M_SWITCH: {
        bool has_else = false;
        for (size_t i = 0; i < m->arms.n; i++) {
            switch_arm *a = m->arms.items[i];
            check_expr(cc, s, a->cond);
            no_remaining(cc, a->cond, "a switch");
            if (has_else)
                cc_error(cc, a->at, "switch arm after 'else' can never be taken");
            if (!a->cond)
                has_else = true;
            if (!a->type) {
                a->stop_rule = use_rule(cc, a->stop_code, a->at);
                continue;
            }
            a->st = find_struct(cc, a->type);
            if (!a->st)
                cc_error(cc, a->at, "unknown struct '%s' in switch", a->type);
            else if (a->st == s)
                cc_error(cc, a->at, "struct '%s' contains itself", s->name);
        }
        if (!has_else)
            cc_error(cc, m->at, "switch needs an 'else' arm: every input must select a layout (or stop)");
        if (ctx & IN_IF)
            cc_error(cc, m->at, "switch inside 'if' is not supported: select in the arm's struct");
        break;
    }
    case M_END:
        m->rule = use_rule(cc, m->code, m->code_at);
        if (!s->is_root && !(ctx & IN_PROCESS))
            cc_error(cc, m->at, "'end' belongs to the root struct or a process block");
        break;
    case M_HOOK:
        for (size_t i = 0; i < m->codes.n; i++) {
            token *t = m->codes.items[i];
            use_rule(cc, t->text, t->at);
        }
        check_hook_fields(cc, s, m, "hook", m->name);
        break;
    case M_CONST:
        m->rule = use_rule(cc, m->code, m->code_at);
        if (!m->bytes_len)
            cc_error(cc, m->at, "const '%s' has no bytes", m->name);
        if (find_member_named(s, m->name, NULL))
            cc_error(cc, m->at, "'%s' is declared twice in struct '%s'", m->name, s->name);
        break;
    case M_PROCESS:
        for (size_t i = 0; i < m->codes.n; i++) {
            token *t = m->codes.items[i];
            use_rule(cc, t->text, t->at);
        }
        for (size_t i = 0; i < m->args.n; i++) {
            check_expr(cc, s, m->args.items[i]);
            no_remaining(cc, m->args.items[i], "process arguments");
        }
        check_expr(cc, s, m->value);
        no_remaining(cc, m->value, "a condition");
        check_expr(cc, s, m->span);
        no_remaining(cc, m->span, "a span");
        if (ctx & IN_IF)
            cc_error(cc, m->at, "process inside 'if' is not supported");
        for (size_t i = 0; i < m->body.n; i++) {
            member *b = m->body.items[i];
            if (b->kind == M_PROCESS)
                cc_error(cc, b->at, "process inside process is not supported");
        }
        /* what the members leave of the derived stream (or of the span) would be lost silently */
        if (!m->body.n || ((member *)m->body.items[m->body.n - 1])->kind != M_END)
            cc_error(cc, m->at, "process '%s': its members must end with `end @code` (it reports the bytes of the "
                     "%s they leave unread)", m->name, m->span ? "span" : "stream");
        check_members(cc, s, &m->body, IN_PROCESS);
        if (m->verbatim)
            check_verbatim(cc, s, m);
        break;
    case M_DUMP: {
        /* a member of the dump only: its hook gets the struct as the walk
           has read it and the spans of the fields it names, so it stands
           among the struct's own members, and its name is the dump's */
        check_hook_fields(cc, s, m, "dump hook", m->segment);
        if (ctx)
            cc_error(cc, m->at, "dump '%s': a dump member belongs to a struct's own members, not inside 'if' or "
                     "'process'", m->name);
        if (s->tparams.n || s->template_of)
            cc_error(cc, m->at, "dump '%s': a template has one C type per instance, its dump hook would need one "
                     "each", m->name);
        if (find_member_named(s, m->name, NULL))
            cc_error(cc, m->at, "'%s' is declared twice in struct '%s'", m->name, s->name);
        for (size_t i = 0; i < s->members.n; i++) {
            member *o = s->members.items[i];
            if (o != m && o->kind == M_DUMP && strcmp(o->name, m->name) == 0 && before(&s->members, o, m))
                cc_error(cc, m->at, "'%s' is declared twice in struct '%s'", m->name, s->name);
        }
        break;
    }
    default: break;
    }
}

/* A field's own `nondecreasing` / `norepeat` compares it with the same
 * field of the previous element of an array (emit.c, collect_orders): the
 * field must be a direct member of a struct that some array has as its
 * element. Anywhere else nothing would check it. */
static bool is_array_element(vec *members, const struct_decl *el)
{
    for (size_t i = 0; i < members->n; i++) {
        member *m = members->items[i];
        if (m->kind == M_FIELD && m->type->kind == T_ARRAY && m->type->elem->st == el)
            return true;
        if ((m->kind == M_IF || m->kind == M_PROCESS) &&
            (is_array_element(&m->body, el) || is_array_element(&m->else_body, el)))
            return true;
    }
    return false;
}

static void check_field_orders(compiler *cc, struct_decl *s, vec *members, bool nested)
{
    format_decl *f = cc->format;
    for (size_t i = 0; i < members->n; i++) {
        member *m = members->items[i];
        if (m->kind == M_IF || m->kind == M_PROCESS) {
            check_field_orders(cc, s, &m->body, true);
            check_field_orders(cc, s, &m->else_body, true);
            continue;
        }
        if (m->kind != M_FIELD)
            continue;
        for (size_t k = 0; k < m->cons.n; k++) {
            cons *c = m->cons.items[k];
            if ((c->kind != C_NONDECREASING && c->kind != C_NOREPEAT) || c->name)
                continue;
            const char *what = c->kind == C_NONDECREASING ? "nondecreasing" : "norepeat";
            bool element = false;
            for (size_t j = 0; j < f->structs.n && !element; j++)
                element = is_array_element(&((struct_decl *)f->structs.items[j])->members, s);
            if (nested)
                cc_error(cc, c->at, "'%s' on field '%s' inside 'if' or 'process' is not supported: only the "
                         "direct fields of an array's element struct are compared with the previous element",
                         what, m->name);
            else if (!element)
                cc_error(cc, c->at, "'%s' on field '%s' compares it with the previous element of an array, but "
                         "struct '%s' is the element of no array", what, m->name, s->name);
        }
    }
}

/* Field types are resolved before any struct is checked: an expression may
 * name a field of a struct declared (or instantiated) later. */
static void resolve_types(compiler *cc, vec *members)
{
    for (size_t i = 0; i < members->n; i++) {
        member *m = members->items[i];
        if (m->kind == M_FIELD)
            resolve_type(cc, m->type);
        else if (m->kind == M_IF || m->kind == M_PROCESS) {
            resolve_types(cc, &m->body);
            resolve_types(cc, &m->else_body);
        }
    }
}

static void check_members(compiler *cc, struct_decl *s, vec *members, int ctx)
{
    for (size_t i = 0; i < members->n; i++)
        check_member(cc, s, members->items[i], ctx);
}

/* Smallest encoding of a struct; also detects structs that contain
 * themselves (state: 0 new, 1 in progress, 2 done). */
static int min_size_of(compiler *cc, struct_decl *s, int *state, size_t si);

static int min_members(compiler *cc, vec *members, int *state, bool *fixed)
{
    int total = 0;
    for (size_t i = 0; i < members->n; i++) {
        member *m = members->items[i];
        if (m->kind == M_IF) {
            *fixed = false;
            bool dummy;
            int a = min_members(cc, &m->body, state, &dummy);
            int b = min_members(cc, &m->else_body, state, &dummy);
            if (m->has_else)
                total += a < b ? a : b;
            continue;
        }
        if (m->kind == M_PROCESS) {
            /* the members may come from a derived stream: no bytes here */
            *fixed = false;
            bool dummy;
            (void)min_members(cc, &m->body, state, &dummy);
            continue;
        }
        if (m->kind == M_CONST) {
            total += (int)m->bytes_len;
            continue;
        }
        if (m->kind == M_SWITCH) {
            *fixed = false;
            int best = -1;
            for (size_t k = 0; k < m->arms.n; k++) {
                switch_arm *a = m->arms.items[k];
                if (!a->st)
                    continue;
                int n = min_size_of(cc, a->st, state, 0);
                if (best < 0 || n < best)
                    best = n;
            }
            total += best < 0 ? 0 : best;
            continue;
        }
        if (m->kind != M_FIELD)
            continue;
        tref *t = m->type;
        if (t->kind == T_ARRAY) {
            *fixed = false;
            int64_t n = -1;
            if (t->count->kind == E_INT)
                n = strtoll(t->count->text, NULL, 0);
            if (t->packed) {
                total += 1;
                continue;
            }
            int el = t->elem->st ? min_size_of(cc, t->elem->st, state, 0) : prim_size(t->elem->prim);
            if (t->elem->kind == T_ARRAY)
                el = (int)strtoll(t->elem->count->text, NULL, 0) *
                     (t->elem->packed ? 0 : prim_size(t->elem->elem->prim)) + (t->elem->packed ? 1 : 0);
            else if (!t->elem->st && !prim_size(t->elem->prim))
                el = 1;
            if (el <= 0)
                cc_error(cc, m->at, "elements of array '%s' must take at least one byte", m->name);
            if (n > 0)
                total += (int)(n * el);
            continue;
        }
        if (t->st) {
            total += min_size_of(cc, t->st, state, 0);
            if (!t->st->fixed)
                *fixed = false;
            continue;
        }
        int n = prim_size(t->prim);
        if (!n) {
            *fixed = false;
            n = 1;
        }
        total += n;
    }
    return total;
}

static int min_size_of(compiler *cc, struct_decl *s, int *state, size_t si)
{
    (void)si;
    size_t idx = 0;
    for (; idx < cc->format->structs.n; idx++)
        if (cc->format->structs.items[idx] == s)
            break;
    if (state[idx] == 2)
        return s->min_size;
    if (state[idx] == 1) {
        cc_error(cc, s->at, "struct '%s' contains itself: a layout's nesting must be finite", s->name);
        return 0;
    }
    state[idx] = 1;
    bool fixed = true;
    s->min_size = min_members(cc, &s->members, state, &fixed);
    s->fixed = fixed;
    state[idx] = 2;
    return s->min_size;
}

/* Path segments a struct can add below itself (fields + array indices);
 * structs are known not to contain themselves when this runs. */
static int depth_of(struct_decl *s, int guard);

static int depth_members(vec *members, int guard)
{
    int best = 0;
    for (size_t i = 0; i < members->n; i++) {
        member *m = members->items[i];
        int d = 0;
        if (m->kind == M_FIELD) {
            tref *t = m->type;
            d = 1;
            if (t->kind == T_ARRAY) {
                d++;
                t = t->elem;
            }
            if (t->st)
                d += depth_of(t->st, guard + 1);
        } else if (m->kind == M_IF) {
            d = depth_members(&m->body, guard);
            int e = depth_members(&m->else_body, guard);
            if (e > d)
                d = e;
        } else if (m->kind == M_PROCESS) {
            d = depth_members(&m->body, guard) + (m->segment ? 1 : 0);
        } else if (m->kind == M_SWITCH) {
            for (size_t k = 0; k < m->arms.n; k++) {
                switch_arm *a = m->arms.items[k];
                int x = a->st ? depth_of(a->st, guard + 1) : 0;
                if (x > d)
                    d = x;
            }
        }
        if (d > best)
            best = d;
    }
    return best;
}

static int depth_of(struct_decl *s, int guard)
{
    if (guard > 64)
        return 1000;
    return depth_members(&s->members, guard);
}

bool cc_check(compiler *cc)
{
    format_decl *f = cc->format;
    size_t idlen = strlen(f->id);
    for (size_t i = 0; i < f->rules.n; i++) {
        rule_decl *r = f->rules.items[i];
        r->index = (int)i;
        if (strncmp(r->code, f->id, idlen) != 0 || r->code[idlen] != '.' || !strchr(r->code + idlen + 1, '.'))
            cc_error(cc, r->at, "rule code '@%s' must have the form @%s.<area>.<slug>", r->code, f->id);
        for (size_t k = 0; k < i; k++)
            if (strcmp(((rule_decl *)f->rules.items[k])->code, r->code) == 0)
                cc_error(cc, r->at, "rule '@%s' is declared twice", r->code);
        if (r->strict < r->compat)
            cc_error(cc, r->at, "rule '@%s': the strict severity cannot be milder than the compatible one",
                     r->code);
    }
    for (size_t i = 0; i < f->hooks.n; i++) {
        member *m = f->hooks.items[i];
        for (size_t k = 0; k < m->codes.n; k++) {
            token *t = m->codes.items[k];
            use_rule(cc, t->text, t->at);
        }
    }
    /* the versions are what --format-version may choose for from_model's output */
    if (f->writes.n && !(f->writes_by_reemit ? cc_has_hook(f, "reemit") : cc_has_hook(f, "from_model") || f->model))
        cc_error(cc, f->writes_at, "writes: only a format with `hook %s`%s writes versions",
                 f->writes_by_reemit ? "reemit" : "from_model", f->writes_by_reemit ? "" : " or a model section");
    if (cc_has_hook(f, "validate")) {
        /* a hand-written check wraps the generated one (<id>_validate_with, which has the caps) and passes
           its own state: the generated state would be unused */
        if (!f->json)
            cc_error(cc, f->at, "hook validate: a binary layout's validator is generated");
        else if (cc_has_hook(f, "state"))
            cc_error(cc, f->at, "hook validate: the hand-written check passes its own state to %s_validate_with, so "
                                "`hook state` would do nothing", f->id);
    }
    if (f->gate_code && !f->json)
        cc_error(cc, f->gate_at, "version ... since: only a JSON format's version holds documents back");
    for (size_t i = 0; i < f->hooks.n; i++) {
        member *m = f->hooks.items[i];
        /* a binary layout's dump and validation come from the layout itself, and so does its
           sniffer when it has a magic; a format without one (Prime ANIM) sniffs by content */
        if (!f->json && cc_is_format_hook(m->name) &&
            (!strcmp(m->name, "dump") || !strcmp(m->name, "dump_to") || !strcmp(m->name, "state") ||
             !strcmp(m->name, "validate")))
            cc_error(cc, m->at, "hook %s: a binary layout generates it", m->name);
        if (f->json && !strcmp(m->name, "dump_to") && !cc_has_hook(f, "dump"))
            cc_error(cc, m->at, "hook dump_to streams what a `hook dump` writes whole: the format needs both");
        if (f->json && !strcmp(m->name, "reemit_to") && !cc_has_hook(f, "reemit"))
            cc_error(cc, m->at, "hook reemit_to streams what a `hook reemit` writes whole: the format needs both");
        if (!f->json && !strcmp(m->name, "reemit_to"))
            cc_error(cc, m->at, "hook reemit_to: a binary layout re-emits through its encoder, whole");
        if (!f->json && !strcmp(m->name, "sniff") && (f->magic_text || f->magic_bytes))
            cc_error(cc, m->at, "hook sniff: a layout with a magic generates its sniffer");
        if (!f->json && !cc_is_format_hook(m->name))
            cc_error(cc, m->at, "hook %s: a binary format's own hooks are to_model, from_model and reemit (a check "
                                "belongs in a struct)", m->name);
        if (cc_is_format_hook(m->name) && m->codes.n && strcmp(m->name, "from_model") && strcmp(m->name, "to_model"))
            cc_error(cc, m->at, "hook %s reports nothing of its own", m->name);
    }
    for (int i = 0; i < JR_COUNT; i++)
        if (f->json_codes[i]) {
            if (!f->json)
                cc_error(cc, f->json_at[i], "json { ... } names the JSON front end's problems: only a JSON format has "
                                            "them");
            use_rule(cc, f->json_codes[i], f->json_at[i]);
        }
    if (f->exists.n && !f->json)
        cc_error(cc, f->exists_at, "'exists' is for JSON formats (a binary layout's structure says what it holds)");
    if (f->steps.n && !f->json)
        cc_error(cc, ((jstep *)f->steps.items[0])->at,
                 "upgrade/downgrade steps are for JSON formats (a binary format converts through its model)");
    if (f->max_depth && (!f->json || f->max_depth < 1 || f->max_depth > 100000))
        cc_error(cc, f->max_depth_at, "limit depth: a JSON format's nesting cap, 1 to 100000");
    if (f->value_cap_code && (!f->json || f->value_cap < 1))
        cc_error(cc, f->value_cap_at, "limit values: a JSON format's cap on the values of a document, 1 or more");
    if (f->value_cap_code)
        use_rule(cc, f->value_cap_code, f->value_cap_at);
    if (f->finite_code && !f->json)
        cc_error(cc, f->finite_at, "numbers finite: a JSON format's check of its number literals (a binary "
                                   "layout's floats say `finite` on the field)");
    if (f->finite_code)
        use_rule(cc, f->finite_code, f->finite_at);
    if (f->size_code)
        f->size_rule = use_rule(cc, f->size_code, f->size_at);
    if (f->size_option && f->json)
        cc_error(cc, f->size_at, "limit size ... option: only a binary layout reads its size limit from a format "
                                 "option");
    check_format_options(cc);
    if (f->trunc_code)
        f->trunc_rule = use_rule(cc, f->trunc_code, f->trunc_at);
    for (int i = 0; i < UD_COUNT_ALL; i++)
        if (f->undump_codes[i])
            f->undump_rules[i] = use_rule(cc, f->undump_codes[i], f->undump_at[i]);
    if (!f->json && (f->undump_codes[UD_SYNTAX] || f->undump_codes[UD_SHAPE] || f->undump_codes[UD_VALUE]) &&
        !(f->undump_codes[UD_SYNTAX] && f->undump_codes[UD_SHAPE] && f->undump_codes[UD_VALUE]))
        cc_error(cc, f->at, "undump needs at least the syntax, shape and value codes (the others fall back to them)");
    if (f->json) {
        check_json(cc);
    } else if (f->text) {
        cc_check_text(cc);
    } else {
        if (!f->trunc_code)
            cc_error(cc, f->at, "binary format '%s' needs `truncated @code`", f->id);
        if (!f->root)
            cc_error(cc, f->at, "binary format '%s' needs `root <struct>`", f->id);
        if (f->magic_text && f->magic_bytes)
            cc_error(cc, f->magic_at, "one magic per format");
        if (f->magic_text) {
            endian e;
            if (!cc_parse_prim(f->magic_text, &f->magic_prim, &e) || !prim_is_int(f->magic_prim))
                cc_error(cc, f->magic_at, "magic needs an integer type, not '%s'", f->magic_text);
        }
        for (size_t i = 0; i < f->enums.n; i++) {
            enum_decl *e = f->enums.items[i];
            endian en;
            if (!cc_parse_prim(e->base_name, &e->base, &en) || !prim_is_int(e->base))
                cc_error(cc, e->base_at, "enum '%s' needs an integer base type, not '%s'", e->name, e->base_name);
        }
        for (size_t i = 0; i < f->structs.n; i++) {
            struct_decl *s = f->structs.items[i];
            for (size_t k = 0; k < i; k++)
                if (strcmp(((struct_decl *)f->structs.items[k])->name, s->name) == 0)
                    cc_error(cc, s->at, "struct '%s' is declared twice", s->name);
        }
        if (f->root) {
            f->root_st = find_struct(cc, f->root);
            if (!f->root_st)
                cc_error(cc, f->root_at, "root struct '%s' is not declared", f->root);
            else
                f->root_st->is_root = true;
        }
        for (size_t i = 0; i < f->structs.n; i++)
            resolve_types(cc, &((struct_decl *)f->structs.items[i])->members);
        for (size_t i = 0; i < f->version_fields.n && f->root_st; i++) {
            token *t = f->version_fields.items[i];
            member *m = find_member_named(f->root_st, t->text, NULL);
            if (!m || m->kind != M_FIELD || !prim_is_int(m->type->prim))
                cc_error(cc, t->at, "version: '%s' is not an integer field of the root struct", t->text);
        }
        for (size_t i = 0; i < f->structs.n; i++) {
            struct_decl *s = f->structs.items[i];
            check_members(cc, s, &s->members, 0);
        }
        for (size_t i = 0; i < f->structs.n && !cc->errors; i++) {
            struct_decl *s = f->structs.items[i];
            check_field_orders(cc, s, &s->members, false);
        }
        if (cc->errors)
            return false;
        int *state = calloc(f->structs.n + 1, sizeof *state);
        for (size_t i = 0; i < f->structs.n; i++)
            min_size_of(cc, f->structs.items[i], state, i);
        free(state);
        /* the generated code keeps the field path in a fixed stack */
        if (!cc->errors && f->root_st && depth_of(f->root_st, 0) > 30)
            cc_error(cc, f->root_st->at, "struct '%s' nests deeper than 30 path segments", f->root_st->name);
    }
    if (f->model)
        cc_check_model(cc);
    for (size_t i = 0; i < f->rules.n; i++) {
        rule_decl *r = f->rules.items[i];
        if (!r->used && !f->json)
            cc_error(cc, r->at, "rule '@%s' is declared but no check reports it", r->code);
    }
    return cc->errors == 0;
}
