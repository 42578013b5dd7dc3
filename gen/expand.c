/* animgen: the expansion pass of binary layouts, between parsing and
 * checking. It rewrites the declaration into plain structs that the checker
 * and the emitter already understand:
 *
 *  - tables: each becomes an enum of its codes (so `in <table>` and fields
 *    typed by the table work as for enums); a field typed by a table gets
 *    the table's own "not an entry" check first;
 *  - `type` aliases: a field of an alias type gets the alias's type and, in
 *    front of its own, the alias's constraints;
 *  - templates (`struct key<T: value_type>`): one instance per table entry
 *    they are used with (`key__float3`), where T stands for the entry's
 *    encoding (a scalar, a tuple as a fixed array, or packed bits) with the
 *    entry's constraints, `T == floatQ` is folded to 1 or 0 and `sizeof(T)`
 *    to the entry's smallest size. Constraints whose `when` folds to 0 are
 *    dropped;
 *  - value switches (`switch (kind) { 0 => raw<vt>, ... }`): arms become
 *    conditions (`kind == 0`); an arm whose type argument is a field or a
 *    `let` (a table code known only at run time) becomes one arm per entry
 *    of the table (`kind == 0 && vt == 23 => raw__float3`).
 *
 * Templates are then removed from the struct list: only instances are
 * checked and emitted. Every constraint written in a template must survive
 * in at least one instance (else it checks nothing: an error). */
#include "ast.h"
#include "model.h"

#include <stdlib.h>
#include <string.h>

static table_decl *find_table(compiler *cc, const char *name)
{
    format_decl *f = cc->format;
    for (size_t i = 0; i < f->tables.n; i++) {
        table_decl *t = f->tables.items[i];
        if (strcmp(t->name, name) == 0)
            return t;
    }
    return NULL;
}

static table_entry *find_entry(table_decl *t, const char *name)
{
    for (size_t i = 0; i < t->entries.n; i++) {
        table_entry *e = t->entries.items[i];
        if (strcmp(e->name, name) == 0)
            return e;
    }
    return NULL;
}

static alias_decl *find_alias(compiler *cc, const char *name)
{
    format_decl *f = cc->format;
    for (size_t i = 0; i < f->aliases.n; i++) {
        alias_decl *a = f->aliases.items[i];
        if (strcmp(a->name, name) == 0)
            return a;
    }
    return NULL;
}

static char *fmt_name(compiler *cc, const char *a, const char *b)
{
    size_t n = strlen(a) + 2 + strlen(b);
    char *s = cc_alloc(cc, n + 1);
    snprintf(s, n + 1, "%s__%s", a, b);
    return s;
}

/* ---- the environment of an instance -------------------------------------- */

typedef struct env {
    const vec *params;   /* tparam* */
    table_entry **args;  /* per parameter */
} env;

static int param_index(const env *en, const char *name)
{
    if (!en)
        return -1;
    for (size_t i = 0; i < en->params->n; i++)
        if (strcmp(((tparam *)en->params->items[i])->name, name) == 0)
            return (int)i;
    return -1;
}

/* ---- cloning ---------------------------------------------------------------- */

static expr *mk_int(compiler *cc, loc at, long long v)
{
    expr *e = cc_alloc(cc, sizeof *e);
    e->kind = E_INT;
    e->at = at;
    char buf[32];
    snprintf(buf, sizeof buf, "%lld", v);
    e->text = cc_strdup(cc, buf, strlen(buf));
    return e;
}

static int entry_min_size(const table_entry *e)
{
    int w = prim_size(e->prim);
    switch (e->kind) {
    case EK_BITS: return 1;
    case EK_TUPLE: return w * (int)e->comps.n;
    case EK_STRUCT: return 0; /* not folded: check.c says sizeof needs a table parameter */
    default: return w ? w : 1;
    }
}

/* `T == name` / `T != name` with T a parameter and name an entry of its
 * table: 1 or 0. */
static bool fold_param_test(const env *en, const expr *e, long long *out)
{
    if (e->kind != E_BINARY || (strcmp(e->op, "==") != 0 && strcmp(e->op, "!=") != 0))
        return false;
    const expr *p = e->lhs, *q = e->rhs;
    if (p->kind != E_NAME || q->kind != E_NAME)
        return false;
    int i = param_index(en, p->text);
    if (i < 0) {
        const expr *t = p;
        p = q;
        q = t;
        i = param_index(en, p->text);
    }
    if (i < 0)
        return false;
    tparam *tp = en->params->items[i];
    if (!tp->tab || !find_entry(tp->tab, q->text))
        return false;
    bool same = strcmp(en->args[i]->name, q->text) == 0;
    *out = (strcmp(e->op, "==") == 0) == same;
    return true;
}

static expr *clone_expr(compiler *cc, const env *en, const expr *e)
{
    if (!e)
        return NULL;
    long long v;
    if (fold_param_test(en, e, &v))
        return mk_int(cc, e->at, v);
    if (e->kind == E_SIZEOF) {
        int i = param_index(en, e->text);
        if (i >= 0 && en->args[i]->kind != EK_STRUCT)
            return mk_int(cc, e->at, entry_min_size(en->args[i]));
    }
    expr *c = cc_alloc(cc, sizeof *c);
    *c = *e;
    c->lhs = clone_expr(cc, en, e->lhs);
    c->rhs = clone_expr(cc, en, e->rhs);
    c->alt = clone_expr(cc, en, e->alt);
    return c;
}

/* A constant value, when the expression has folded to one. */
static bool const_value(const expr *e, long long *v)
{
    if (!e)
        return false;
    if (e->kind == E_INT) {
        *v = strtoll(e->text, NULL, 0);
        return true;
    }
    long long a, b;
    if (e->kind == E_NOT && const_value(e->lhs, &a)) {
        *v = !a;
        return true;
    }
    if (e->kind == E_BINARY && (strcmp(e->op, "||") == 0 || strcmp(e->op, "&&") == 0)) {
        bool ka = const_value(e->lhs, &a), kb = const_value(e->rhs, &b);
        bool orop = e->op[0] == '|';
        if (ka && kb) {
            *v = orop ? (a || b) : (a && b);
            return true;
        }
        /* a known operand that decides the result alone */
        if ((ka && (orop ? a : !a)) || (kb && (orop ? b : !b))) {
            *v = orop;
            return true;
        }
    }
    return false;
}

static cons *clone_cons(compiler *cc, const env *en, cons *k)
{
    cons *c = cc_alloc(cc, sizeof *c);
    *c = *k;
    c->value = clone_expr(cc, en, k->value);
    c->hi = clone_expr(cc, en, k->hi);
    c->when = clone_expr(cc, en, k->when);
    memset(&c->set, 0, sizeof c->set);
    for (size_t i = 0; i < k->set.n; i++)
        vec_push(cc, &c->set, clone_expr(cc, en, k->set.items[i]));
    c->origin = k->origin ? k->origin : k;
    return c;
}

static tref *clone_tref(compiler *cc, const tref *t)
{
    tref *c = cc_alloc(cc, sizeof *c);
    *c = *t;
    memset(&c->targs, 0, sizeof c->targs);
    for (size_t i = 0; i < t->targs.n; i++)
        vec_push(cc, &c->targs, t->targs.items[i]);
    if (t->elem)
        c->elem = clone_tref(cc, t->elem);
    return c;
}

/* ---- what a constraint applies to ------------------------------------------ */

static bool is_string_prim(prim_kind p) { return p == P_STRING7 || p == P_NSTRING7; }

/* Whether constraint k can check a value of type t (after substitution);
 * counted arrays only take array constraints and element checks. */
static bool cons_applies(const cons *k, const tref *t)
{
    const tref *v = t;
    bool counted = t->kind == T_ARRAY && t->count->kind != E_INT;
    if (counted)
        v = t->elem; /* element checks */
    prim_kind p = v->kind == T_ARRAY ? v->elem->prim : v->prim;
    bool fixed_array = v->kind == T_ARRAY;
    switch (k->kind) {
    case C_FITS:
        return counted || (!fixed_array && is_string_prim(p));
    case C_FINITE: return prim_is_float(p);
    case C_FLAG: return p == P_BOOL8 || p == P_NSTRING7 || p == P_BIT;
    case C_UNIT: return fixed_array && prim_is_float(p);
    case C_LENGTH:
    case C_MINIMAL: return !fixed_array && (is_string_prim(p) || p == P_VARINT || p == P_LEB128);
    case C_UTF8: return !fixed_array && is_string_prim(p);
    case C_CMP:
    case C_RANGE:
    case C_SET:
    case C_NOTSET:
    case C_ENUM: return !v->st && p != P_NONE && !is_string_prim(p) && p != P_BIT;
    default: return true;
    }
}

/* The constraints a value of entry e carries: its own, then each default
 * of a kind it does not declare itself and that applies to its type. */
static void entry_cons(compiler *cc, table_decl *tab, table_entry *e, const tref *t, vec *out)
{
    for (size_t i = 0; i < e->cons.n; i++)
        vec_push(cc, out, clone_cons(cc, NULL, e->cons.items[i]));
    for (size_t i = 0; i < tab->defaults.n; i++) {
        cons *d = tab->defaults.items[i];
        bool own = false;
        for (size_t k = 0; k < e->cons.n; k++)
            if (((cons *)e->cons.items[k])->kind == d->kind)
                own = true;
        if (!own && cons_applies(d, t)) {
            cons *c = clone_cons(cc, NULL, d);
            c->chain = true; /* a default is checked on its own */
            vec_push(cc, out, c);
        }
    }
}

/* The type a value of entry e has. */
static tref *entry_type(compiler *cc, table_entry *e, loc at)
{
    tref *s = cc_alloc(cc, sizeof *s);
    s->kind = T_NAMED;
    s->at = at;
    s->name = e->prim_name;
    if (e->kind == EK_STRUCT)
        return s;
    s->prim = e->kind == EK_BITS ? P_BIT : e->prim;
    s->entry = e;
    if (e->kind == EK_SCALAR)
        return s;
    tref *a = cc_alloc(cc, sizeof *a);
    a->kind = T_ARRAY;
    a->at = at;
    a->elem = s;
    a->count = mk_int(cc, at, (long long)e->comps.n);
    a->entry = e;
    if (e->kind == EK_BITS) {
        s->name = "bit";
        a->packed = true;
    }
    return a;
}

/* ---- instances --------------------------------------------------------------- */

typedef struct expander {
    compiler *cc;
    vec templates; /* struct_decl* */
    vec work;      /* struct_decl*: concrete structs to walk */
    vec struct_args; /* table_entry* of kind EK_STRUCT, one per struct used as an argument */
} expander;


static struct_decl *find_template(expander *x, const char *name)
{
    for (size_t i = 0; i < x->templates.n; i++) {
        struct_decl *s = x->templates.items[i];
        if (strcmp(s->name, name) == 0)
            return s;
    }
    return NULL;
}

/* A struct named as the argument of a struct parameter, as an "entry". */
static table_entry *struct_arg(expander *x, const token *a)
{
    for (size_t i = 0; i < x->struct_args.n; i++) {
        table_entry *e = x->struct_args.items[i];
        if (strcmp(e->name, a->text) == 0)
            return e;
    }
    if (!find_struct(x->cc, a->text) || find_template(x, a->text))
        return NULL;
    table_entry *e = cc_alloc(x->cc, sizeof *e);
    e->name = a->text;
    e->prim_name = a->text;
    e->kind = EK_STRUCT;
    e->at = a->at;
    vec_push(x->cc, &x->struct_args, e);
    return e;
}

static void clone_members(expander *x, const env *en, const vec *in, vec *out);

/* Substitutes a parameter in a field type; the entry's constraints go in
 * front of the field's own (an entry's checks come first). */
static void subst_field(expander *x, const env *en, member *m)
{
    compiler *cc = x->cc;
    tref *t = m->type;
    tref **slot = t->kind == T_ARRAY ? &t->elem : &m->type;
    tref *named = *slot;
    int i = named->kind == T_NAMED ? param_index(en, named->name) : -1;
    vec cons_out = {0};
    if (i >= 0) {
        if (named->targs.n)
            cc_error(cc, named->at, "type parameter '%s' takes no type arguments", named->name);
        tparam *tp = en->params->items[i];
        table_entry *e = en->args[i];
        *slot = entry_type(cc, e, named->at);
        if (tp->tab)
            entry_cons(cc, tp->tab, e, m->type, &cons_out);
    }
    /* the field's own constraints: those that apply to this instance */
    for (size_t k = 0; k < m->cons.n; k++) {
        cons *c = clone_cons(cc, en, m->cons.items[k]);
        long long v;
        if (c->when && const_value(c->when, &v)) {
            if (!v)
                continue;
            c->when = NULL;
        }
        if (i >= 0 && en->args[i]->kind != EK_STRUCT && !cons_applies(c, m->type))
            continue;
        c->origin->applied = true;
        vec_push(cc, &cons_out, c);
    }
    m->cons = cons_out;
    /* type arguments of a nested template: parameters become entry names */
    for (size_t k = 0; k < (*slot)->targs.n; k++) {
        token *a = (*slot)->targs.items[k];
        int j = param_index(en, a->text);
        if (j >= 0) {
            token *r = cc_alloc(cc, sizeof *r);
            *r = *a;
            r->text = en->args[j]->name;
            (*slot)->targs.items[k] = r;
        }
    }
}

static member *clone_member(expander *x, const env *en, const member *m)
{
    compiler *cc = x->cc;
    member *c = cc_alloc(cc, sizeof *c);
    *c = *m;
    c->id = cc->next_id++;
    c->value = clone_expr(cc, en, m->value);
    c->disc = clone_expr(cc, en, m->disc);
    c->span = clone_expr(cc, en, m->span);
    memset(&c->args, 0, sizeof c->args);
    for (size_t i = 0; i < m->args.n; i++)
        vec_push(cc, &c->args, m->kind == M_PROCESS ? (void *)clone_expr(cc, en, m->args.items[i]) : m->args.items[i]);
    memset(&c->body, 0, sizeof c->body);
    memset(&c->else_body, 0, sizeof c->else_body);
    clone_members(x, en, &m->body, &c->body);
    clone_members(x, en, &m->else_body, &c->else_body);
    memset(&c->arms, 0, sizeof c->arms);
    for (size_t i = 0; i < m->arms.n; i++) {
        switch_arm *a = cc_alloc(cc, sizeof *a);
        *a = *(switch_arm *)m->arms.items[i];
        a->cond = clone_expr(cc, en, a->cond);
        a->value = clone_expr(cc, en, a->value);
        memset(&a->targs, 0, sizeof a->targs);
        const switch_arm *src = m->arms.items[i];
        for (size_t k = 0; k < src->targs.n; k++) {
            token *t = src->targs.items[k];
            int j = param_index(en, t->text);
            if (j >= 0) {
                token *r = cc_alloc(cc, sizeof *r);
                *r = *t;
                r->text = en->args[j]->name;
                t = r;
            }
            vec_push(cc, &a->targs, t);
        }
        vec_push(cc, &c->arms, a);
    }
    if (m->kind == M_FIELD) {
        c->type = clone_tref(cc, m->type);
        subst_field(x, en, c);
    }
    return c;
}

static void clone_members(expander *x, const env *en, const vec *in, vec *out)
{
    for (size_t i = 0; i < in->n; i++)
        vec_push(x->cc, out, clone_member(x, en, in->items[i]));
}

/* The instance of template t for these entries (made once). */
static struct_decl *instance(expander *x, struct_decl *t, table_entry **args, loc at)
{
    compiler *cc = x->cc;
    char *name = (char *)t->name;
    for (size_t i = 0; i < t->tparams.n; i++)
        name = fmt_name(cc, name, args[i]->name);
    struct_decl *s = find_struct(cc, name);
    if (s)
        return s;
    s = cc_alloc(cc, sizeof *s);
    s->name = name;
    s->at = t->at;
    s->template_of = t;
    for (size_t i = 0; i < t->tparams.n; i++)
        vec_push(cc, &s->targs, args[i]);
    env en = {&t->tparams, args};
    clone_members(x, &en, &t->members, &s->members);
    (void)at;
    vec_push(cc, &cc->format->structs, s);
    vec_push(cc, &x->work, s);
    return s;
}

/* Resolves static type arguments (entry names) of a use of template t. */
static bool static_args(expander *x, struct_decl *t, const vec *targs, loc at, table_entry **out)
{
    compiler *cc = x->cc;
    if (targs->n != t->tparams.n) {
        cc_error(cc, at, "struct '%s' takes %zu type argument%s, not %zu", t->name, t->tparams.n,
                 t->tparams.n == 1 ? "" : "s", targs->n);
        return false;
    }
    for (size_t i = 0; i < targs->n; i++) {
        token *a = targs->items[i];
        tparam *p = t->tparams.items[i];
        out[i] = p->tab ? find_entry(p->tab, a->text) : struct_arg(x, a);
        if (!out[i])
            return false;
    }
    return true;
}

static void instantiate_type(expander *x, tref *t)
{
    if (t->kind == T_ARRAY) {
        instantiate_type(x, t->elem);
        return;
    }
    struct_decl *tm = find_template(x, t->name);
    if (!tm) {
        if (t->targs.n)
            cc_error(x->cc, t->at, "'%s' is not a struct with type parameters", t->name);
        return;
    }
    table_entry *args[8];
    if (tm->tparams.n > 8) {
        cc_error(x->cc, t->at, "at most 8 type parameters");
        return;
    }
    if (!static_args(x, tm, &t->targs, t->at, args)) {
        cc_error(x->cc, t->at, "struct '%s': each type argument must name an entry of the parameter's table, or a "
                 "struct for a parameter without a table", tm->name);
        return;
    }
    t->name = instance(x, tm, args, t->at)->name;
    memset(&t->targs, 0, sizeof t->targs);
}

static expr *mk_name(compiler *cc, loc at, const char *name)
{
    expr *e = cc_alloc(cc, sizeof *e);
    e->kind = E_NAME;
    e->at = at;
    e->text = name;
    return e;
}

static expr *mk_binop(compiler *cc, const char *op, expr *a, expr *b)
{
    expr *e = cc_alloc(cc, sizeof *e);
    e->kind = E_BINARY;
    e->at = a->at;
    e->op = op;
    e->lhs = a;
    e->rhs = b;
    return e;
}

/* An arm value written as the name of an enum item: of the
 * discriminator's enum when it is a field typed by one, else of the one enum
 * of the format that has an item of that name (`raw => ...`). */
static expr *arm_value(compiler *cc, struct_decl *s, member *sw, expr *v)
{
    if (v->kind != E_NAME)
        return v;
    char tmp[256];
    member *d = sw->disc->kind == E_NAME ? resolve_name(cc, s, sw->disc->text, tmp, sizeof tmp) : NULL;
    enum_decl *own = d && d->kind == M_FIELD && d->type->kind == T_NAMED ? find_enum(cc, d->type->name) : NULL;
    const enum_item *found = NULL;
    int matches = 0;
    for (size_t e = 0; e < cc->format->enums.n; e++) {
        enum_decl *en = cc->format->enums.items[e];
        if (own && en != own)
            continue;
        for (size_t i = 0; i < en->items.n; i++) {
            enum_item *it = en->items.items[i];
            if (strcmp(it->name, v->text) == 0) {
                found = it;
                matches++;
            }
        }
    }
    if (matches > 1)
        cc_error(cc, v->at, "'%s' is an item of several enums: write its value", v->text);
    if (matches != 1 || resolve_name(cc, s, v->text, tmp, sizeof tmp))
        return v; /* a field or let of that name wins */
    return mk_int(cc, v->at, (long long)found->value);
}

/* Rewrites a value switch into condition arms, expanding run-time type
 * arguments over their table. */
static void expand_switch(expander *x, struct_decl *s, member *m)
{
    compiler *cc = x->cc;
    vec out = {0};
    for (size_t i = 0; i < m->arms.n; i++) {
        switch_arm *a = m->arms.items[i];
        expr *base = NULL;
        if (a->value)
            base = mk_binop(cc, "==", clone_expr(cc, NULL, m->disc), arm_value(cc, s, m, a->value));
        struct_decl *tm = a->type ? find_template(x, a->type) : NULL;
        if (!tm) {
            if (a->targs.n)
                cc_error(cc, a->at, "'%s' is not a struct with type parameters", a->type);
            a->cond = base;
            vec_push(cc, &out, a);
            continue;
        }
        if (a->targs.n != tm->tparams.n) {
            cc_error(cc, a->at, "struct '%s' takes %zu type argument%s, not %zu", tm->name, tm->tparams.n,
                     tm->tparams.n == 1 ? "" : "s", a->targs.n);
            continue;
        }
        /* each argument: an entry (static) or a name known at run time */
        size_t n = a->targs.n, combos = 1;
        table_entry *fixed[8] = {0};
        if (n > 8) {
            cc_error(cc, a->at, "at most 8 type parameters");
            continue;
        }
        bool bad = false;
        for (size_t k = 0; k < n; k++) {
            token *t = a->targs.items[k];
            tparam *p = tm->tparams.items[k];
            if (!p->tab) {
                fixed[k] = struct_arg(x, t);
                if (!fixed[k]) {
                    cc_error(cc, t->at, "type argument '%s': no struct of that name", t->text);
                    bad = true;
                }
                continue;
            }
            fixed[k] = find_entry(p->tab, t->text);
            if (!fixed[k]) {
                char tmp[256];
                if (!resolve_name(cc, s, t->text, tmp, sizeof tmp))
                    cc_error(cc, t->at, "type argument '%s' is neither an entry of table '%s' nor a field of '%s'",
                             t->text, p->tab->name, s->name);
                combos *= p->tab->entries.n;
            }
        }
        if (bad)
            continue; /* (no table to expand a missing struct argument over) */
        for (size_t c = 0; c < combos; c++) {
            table_entry *args[8];
            expr *cond = base;
            size_t rest = c;
            for (size_t k = 0; k < n; k++) {
                tparam *p = tm->tparams.items[k];
                if (fixed[k]) {
                    args[k] = fixed[k];
                    continue;
                }
                size_t ne = p->tab->entries.n;
                args[k] = p->tab->entries.items[rest % ne];
                rest /= ne;
                token *t = a->targs.items[k];
                expr *test = mk_binop(cc, "==", mk_name(cc, t->at, t->text), mk_int(cc, t->at, args[k]->value));
                cond = cond ? mk_binop(cc, "&&", cond, test) : test;
            }
            switch_arm *e = cc_alloc(cc, sizeof *e);
            *e = *a;
            memset(&e->targs, 0, sizeof e->targs);
            e->cond = cond;
            e->value = NULL;
            e->type = instance(x, tm, args, a->at)->name;
            vec_push(cc, &out, e);
        }
    }
    m->arms = out;
}

static void walk_members(expander *x, struct_decl *s, vec *members)
{
    for (size_t i = 0; i < members->n; i++) {
        member *m = members->items[i];
        switch (m->kind) {
        case M_FIELD: instantiate_type(x, m->type); break;
        case M_IF:
            walk_members(x, s, &m->body);
            walk_members(x, s, &m->else_body);
            break;
        case M_PROCESS: walk_members(x, s, &m->body); break;
        case M_SWITCH:
            if (m->disc) {
                expand_switch(x, s, m);
            } else {
                for (size_t k = 0; k < m->arms.n; k++) {
                    switch_arm *a = m->arms.items[k];
                    if (a->targs.n)
                        cc_error(x->cc, a->at, "type arguments need a value switch: switch (<expr>) { ... }");
                }
            }
            break;
        default: break;
        }
    }
}

/* ---- aliases and table-typed fields --------------------------------------- */

static void apply_aliases(compiler *cc, vec *members)
{
    for (size_t i = 0; i < members->n; i++) {
        member *m = members->items[i];
        if (m->kind == M_IF || m->kind == M_PROCESS) {
            apply_aliases(cc, &m->body);
            apply_aliases(cc, &m->else_body);
            continue;
        }
        if (m->kind != M_FIELD)
            continue;
        tref **slot = m->type->kind == T_ARRAY ? &m->type->elem : &m->type;
        if ((*slot)->kind != T_NAMED)
            continue;
        alias_decl *a = find_alias(cc, (*slot)->name);
        if (!a)
            continue;
        if (a->type->kind == T_ARRAY && m->type->kind == T_ARRAY && a->type->count->kind != E_INT) {
            cc_error(cc, m->at, "an array of '%s' (itself a counted array) is not supported", a->name);
            continue;
        }
        *slot = clone_tref(cc, a->type);
        vec all = {0};
        for (size_t k = 0; k < a->cons.n; k++) {
            cons *c = clone_cons(cc, NULL, a->cons.items[k]);
            c->origin = NULL; /* the field's own constraint from now on */
            vec_push(cc, &all, c);
        }
        for (size_t k = 0; k < m->cons.n; k++)
            vec_push(cc, &all, m->cons.items[k]);
        m->cons = all;
    }
}

/* A field typed by a table gets `in <table> @<table's code> fatal` first. */
static void table_fields(compiler *cc, vec *members)
{
    for (size_t i = 0; i < members->n; i++) {
        member *m = members->items[i];
        if (m->kind == M_IF || m->kind == M_PROCESS) {
            table_fields(cc, &m->body);
            table_fields(cc, &m->else_body);
            continue;
        }
        if (m->kind != M_FIELD)
            continue;
        tref *t = m->type->kind == T_ARRAY ? m->type->elem : m->type;
        table_decl *tab = t->kind == T_NAMED ? find_table(cc, t->name) : NULL;
        if (!tab || !tab->code)
            continue;
        cons *c = cc_alloc(cc, sizeof *c);
        c->kind = C_ENUM;
        c->at = t->at;
        c->name = tab->name;
        c->code = tab->code;
        c->code_at = tab->code_at;
        c->fatal = true;
        vec all = {0};
        vec_push(cc, &all, c);
        for (size_t k = 0; k < m->cons.n; k++)
            vec_push(cc, &all, m->cons.items[k]);
        m->cons = all;
    }
}

/* `table T : u8 from model`: one entry per value type of the model, code =
 * the model's value type, name and components the model's, encoded by its
 * kind (bool8, or bits for 2..4 bools; integers and floats at their width,
 * a tuple for several components); an entry the body declares (a string's
 * encoding and its checks) stands for the model's of that name, with its
 * code. The model's table (runtime/model.c) is the one declaration of the
 * value types: a table cannot disagree with it. */
static void entries_from_model(compiler *cc, table_decl *t)
{
    vec declared = t->entries, all = {0};
    for (int vt = 0; vt < AK_VT_COUNT; vt++) {
        const ak_value_type_info *info = ak_value_type_info_of((ak_value_type)vt);
        table_entry *own = NULL;
        for (size_t k = 0; k < declared.n && !own; k++)
            if (strcmp(((table_entry *)declared.items[k])->name, info->name) == 0)
                own = declared.items[k];
        if (own) {
            if (own->value != vt)
                cc_error(cc, own->at, "table %s from model: '%s' is the model's value type %d, not %lld", t->name,
                         info->name, vt, (long long)own->value);
            vec_push(cc, &all, own);
            continue;
        }
        table_entry *e = cc_alloc(cc, sizeof *e);
        e->name = info->name;
        e->at = t->at;
        e->value = vt;
        static const char *const ints[2][4] = {{"u8", "u16", "u32", "u64"}, {"i8", "i16", "i32", "i64"}};
        int width = info->bits == 8 ? 0 : info->bits == 16 ? 1 : info->bits == 32 ? 2 : 3;
        switch (info->kind) {
        case AK_VK_BOOL: e->prim_name = "bool8"; break;
        case AK_VK_UINT: e->prim_name = ints[0][width]; break;
        case AK_VK_INT: e->prim_name = ints[1][width]; break;
        case AK_VK_F32: e->prim_name = "f32"; break;
        case AK_VK_F64: e->prim_name = "f64"; break;
        case AK_VK_STRING: e->prim_name = "nstring7"; break;
        }
        e->kind = info->components == 1 ? EK_SCALAR : info->kind == AK_VK_BOOL ? EK_BITS : EK_TUPLE;
        for (unsigned c = 0; info->components > 1 && c < info->components; c++) {
            char name[4];
            ak_value_component_name((ak_value_type)vt, c, name);
            vec_push(cc, &e->comps, cc_strdup(cc, name, strlen(name)));
        }
        vec_push(cc, &all, e);
    }
    for (size_t k = 0; k < declared.n; k++) {
        table_entry *own = declared.items[k];
        ak_value_type vt;
        if (!ak_value_type_from_name(own->name, strlen(own->name), &vt))
            cc_error(cc, own->at, "table %s from model: the model has no value type '%s'", t->name, own->name);
    }
    t->entries = all;
}

static void setup_tables(compiler *cc)
{
    format_decl *f = cc->format;
    for (size_t i = 0; i < f->tables.n; i++) {
        table_decl *t = f->tables.items[i];
        if (t->from_model)
            entries_from_model(cc, t);
        enum_decl *e = cc_alloc(cc, sizeof *e);
        e->name = t->name;
        e->at = t->at;
        e->base_name = t->base_name;
        e->base_at = t->base_at;
        for (size_t k = 0; k < t->entries.n; k++) {
            table_entry *te = t->entries.items[k];
            te->index = (int)k;
            enum_item *it = cc_alloc(cc, sizeof *it);
            it->name = te->name;
            it->value = te->value;
            it->at = te->at;
            vec_push(cc, &e->items, it);
            endian en;
            if (!cc_parse_prim(te->prim_name, &te->prim, &en) || te->prim == P_BIT) {
                cc_error(cc, te->at, "entry '%s': unknown type '%s'", te->name, te->prim_name);
            } else if (te->kind == EK_TUPLE && (te->prim == P_NONE || te->prim == P_BOOL8 || prim_size(te->prim) == 0)) {
                cc_error(cc, te->at, "entry '%s': the components of a tuple are fixed-size numbers", te->name);
            }
            for (size_t j = 0; j < k; j++) {
                table_entry *o = t->entries.items[j];
                if (strcmp(o->name, te->name) == 0)
                    cc_error(cc, te->at, "table '%s' has two entries named '%s'", t->name, te->name);
                else if (o->value == te->value)
                    cc_error(cc, te->at, "entries '%s' and '%s' of table '%s' have the same code %lld", o->name,
                             te->name, t->name, (long long)te->value);
            }
            if (te->kind == EK_BITS && te->comps.n > 8)
                cc_error(cc, te->at, "entry '%s': at most 8 bits in a byte", te->name);
        }
        t->en = e;
        vec_push(cc, &f->enums, e);
        if (find_struct(cc, t->name))
            cc_error(cc, t->at, "'%s' is both a table and a struct", t->name);
    }
}

bool cc_expand(compiler *cc)
{
    format_decl *f = cc->format;
    if (f->json || f->text) /* a text format's document has no tables or templates (check_document.c) */
        return true;
    setup_tables(cc);
    expander x = {.cc = cc};
    vec concrete = {0};
    for (size_t i = 0; i < f->structs.n; i++) {
        struct_decl *s = f->structs.items[i];
        apply_aliases(cc, &s->members);
        table_fields(cc, &s->members);
        if (s->tparams.n) {
            for (size_t k = 0; k < s->tparams.n; k++) {
                tparam *p = s->tparams.items[k];
                p->tab = p->table ? find_table(cc, p->table) : NULL;
                if (p->table && !p->tab)
                    cc_error(cc, p->at, "type parameter '%s': unknown table '%s'", p->name, p->table);
            }
            vec_push(cc, &x.templates, s);
        } else {
            vec_push(cc, &concrete, s);
        }
    }
    if (cc->errors)
        return false;
    f->structs = concrete;
    for (size_t i = 0; i < concrete.n; i++)
        vec_push(cc, &x.work, concrete.items[i]);
    for (size_t i = 0; i < x.work.n && !cc->errors; i++) {
        struct_decl *s = x.work.items[i];
        walk_members(&x, s, &s->members);
    }
    /* a template constraint that no instance kept checks nothing */
    for (size_t i = 0; i < x.templates.n && !cc->errors; i++) {
        struct_decl *t = x.templates.items[i];
        bool used = false;
        for (size_t k = 0; k < f->structs.n; k++)
            if (((struct_decl *)f->structs.items[k])->template_of == t)
                used = true;
        if (!used) {
            cc_error(cc, t->at, "struct '%s' is never used with type arguments: it generates nothing", t->name);
            continue;
        }
        vec stack = {0};
        vec_push(cc, &stack, &t->members);
        for (size_t k = 0; k < stack.n; k++) {
            vec *ms = stack.items[k];
            for (size_t j = 0; j < ms->n; j++) {
                member *m = ms->items[j];
                if (m->kind == M_IF || m->kind == M_PROCESS) {
                    vec_push(cc, &stack, &m->body);
                    vec_push(cc, &stack, &m->else_body);
                }
                if (m->kind != M_FIELD)
                    continue;
                for (size_t c = 0; c < m->cons.n; c++) {
                    cons *k2 = m->cons.items[c];
                    if (!k2->applied)
                        cc_error(cc, k2->at, "this constraint applies to no instance of '%s' (its type or its "
                                 "`when` rules it out everywhere): it would check nothing", t->name);
                }
            }
        }
    }
    return cc->errors == 0;
}
