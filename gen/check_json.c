/* animgen: the JSON half of the checker.
 *
 * Resolves a JSON schema (objects flattened over their bases, families,
 * member types numbered as the C tables will list them, key spaces) into
 * compiler.json, and refuses every declaration the generated validator
 * would not check: a constraint on a type it cannot apply to, a value
 * whose absence or wrong kind nothing would report, a code missing where a
 * check needs one, a union alternative that can never be chosen. The
 * principle: what animgen accepts, the validator enforces. */
#include "json_schema.h"

#include "emit_common.h"

#include "model.h"
#include "value_syntax.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Members per object: the frame's bitset of members seen has 64 bits. */
#define MAX_MEMBERS 64
/* Siblings a `by` or a type argument may depend on: the frame keeps the
 * tags of the first 16 members. */
#define MAX_TAGGED 16

#define JERR(em, at, ...)                                                                                              \
    do {                                                                                                               \
        if (!(em)->quiet)                                                                                              \
            cc_error((em)->cc, at, __VA_ARGS__);                                                                       \
    } while (0)

cons *jmember_cons_nth(jmember *m, cons_kind k, int nth)
{
    for (size_t i = 0; i < m->cons.n; i++) {
        cons *c = m->cons.items[i];
        if (c->kind == k && nth-- == 0)
            return c;
    }
    return NULL;
}

cons *jmember_cons(jmember *m, cons_kind k)
{
    return jmember_cons_nth(m, k, 0);
}

int jobject_index(const format_decl *f, const char *name)
{
    for (size_t i = 0; i < f->objects.n; i++)
        if (strcmp(((jobject *)f->objects.items[i])->name, name) == 0)
            return (int)i;
    return -1;
}

bool jin_versions(int64_t since, int64_t until, int64_t v)
{
    return (since < 0 || v >= since) && (until < 0 || v <= until);
}

bool jlegacy(const jem *em, int64_t until)
{
    return em->f->gate_code && until >= 1 && until < em->f->gate_since; /* `until 0`: in no version */
}

bool jobject_is_a(const jem *em, int a, int b)
{
    for (size_t n = 0; a >= 0 && n <= em->f->objects.n; n++, a = em->obj[a].base)
        if (a == b)
            return true;
    return false;
}

static jt *type_at(jem *em, int t)
{
    return t >= 0 ? em->types.items[t] : NULL;
}

static bool kind_is(jem *em, int t, const char *kind)
{
    jt *y = type_at(em, t);
    return y && strcmp(y->kind, kind) == 0;
}

static int new_type(jem *em, const char *kind)
{
    jt *t = cc_alloc(em->cc, sizeof *t);
    t->kind = kind;
    t->object = t->elem = t->sibling = -1;
    t->bind = -1;
    vec_push(em->cc, &em->types, t);
    return (int)em->types.n - 1;
}

static bool is_param(jobject *o, const char *name)
{
    for (size_t i = 0; o && i < o->params.n; i++)
        if (strcmp(((token *)o->params.items[i])->text, name) == 0)
            return true;
    return false;
}

static int member_index(jem *em, int oi, const char *name)
{
    vec *v = &em->obj[oi].flat;
    for (size_t i = 0; i < v->n; i++)
        if (strcmp(((jmember *)v->items[i])->name, name) == 0)
            return (int)i;
    return -1;
}

/* A named enum usable as a JSON type: a string enum, or an integer enum
 * whose names are the strings. */
static enum_decl *named_enum(compiler *cc, const char *name)
{
    return find_enum(cc, name);
}

/* ---- JSON kinds a type accepts (for unions) ----------------------------- */

enum { K_STRING = 1, K_NUMBER = 2, K_BOOL = 4, K_NULL = 8, K_OBJECT = 16, K_ARRAY = 32, K_ALL = 63 };

static int kinds_of(jem *em, int t)
{
    jt *y = type_at(em, t);
    if (!y)
        return 0;
    static const struct {
        const char *kind;
        int mask;
    } table[] = {{"STRING", K_STRING}, {"ENUM", K_STRING},   {"VALUE_TYPE", K_STRING}, {"REF", K_STRING},
                 {"TAG", K_STRING},    {"NUMBER", K_NUMBER}, {"INTEGER", K_NUMBER},    {"F32", K_NUMBER},
                 {"F64", K_NUMBER},    {"BOOL", K_BOOL},     {"NULL", K_NULL},         {"OBJECT", K_OBJECT},
                 {"MAP", K_OBJECT},    {"ARRAY", K_ARRAY}};
    for (size_t i = 0; i < sizeof table / sizeof table[0]; i++)
        if (strcmp(y->kind, table[i].kind) == 0)
            return table[i].mask;
    if (!strcmp(y->kind, "UNION")) {
        int k = 0;
        for (size_t i = 0; i < y->alts.n; i++)
            k |= kinds_of(em, (int)(intptr_t)y->alts.items[i]);
        return k;
    }
    return K_ALL; /* ANY, PARAM, BY: the runtime tries them on anything */
}

/* ---- enums ------------------------------------------------------------- */

static void check_enum_names(jem *em, jtype *y)
{
    format_decl *f = em->f;
    for (size_t i = 0; i < y->enames.n; i++) {
        jename *n = y->enames.items[i];
        for (size_t k = 0; k < i; k++)
            if (strcmp(((jename *)y->enames.items[k])->name, n->name) == 0)
                JERR(em, n->at, "enum name '%s' is listed twice", n->name);
        if (n->since < 0 && n->until < 0) {
            if (n->code)
                JERR(em, n->code_at, "'%s' has a rule but no 'since' or 'until': nothing would report it", n->name);
            continue;
        }
        if (!f->version_pointer)
            JERR(em, n->at, "'%s since/until' needs the document's version: declare `version \"/pointer\"`", n->name);
        if (!n->code)
            JERR(em, n->at, "'%s' exists only in some versions: name the rule that reports it in another (`%s since %lld @code`)",
                 n->name, n->name, (long long)(n->since >= 0 ? n->since : n->until));
        else if (!em->quiet)
            use_rule(em->cc, n->code, n->code_at);
        if (n->since >= 0 && n->until >= 0 && n->until < n->since)
            JERR(em, n->at, "'%s': 'until %lld' is before 'since %lld'", n->name, (long long)n->until, (long long)n->since);
    }
}

static int enum_type(jem *em, jtype *y)
{
    check_enum_names(em, y);
    int t = new_type(em, "ENUM");
    jt *n = type_at(em, t);
    n->names = y->names;
    n->enames = y->enames;
    return t;
}

/* ---- types --------------------------------------------------------------- */

static int type_of(jem *em, jobject *o, int oi, jtype *y);

/* The alternatives of union y (type t) declared with versions, `(T since N
 * @code)`: the validator reports a value of one in another version, with
 * the code of the end it misses (ak_jtype.name_versions of the union). */
static void union_versions(jem *em, const jtype *y, int t)
{
    if (!y->altv.n)
        return;
    if (y->args.n < 2)
        JERR(em, y->at, "versions on a type that is no alternative of a union: a member's own 'since' and 'until' "
                        "say when it exists");
    for (size_t i = 0; i < y->altv.n; i++) {
        jaltv *a = y->altv.items[i];
        if (!em->f->version_pointer)
            JERR(em, a->at, "a union alternative with versions needs the document's version: declare `version "
                            "\"/pointer\"`");
        if (a->since >= 0 && !a->since_code)
            JERR(em, a->at, "'since %lld' on a union alternative needs the rule that reports a value of it in an "
                            "earlier version (`since %lld @code`)", (long long)a->since, (long long)a->since);
        if (a->until >= 0 && !a->until_code)
            JERR(em, a->at, "'until %lld' on a union alternative needs the rule that reports a value of it in a "
                            "later version (`until %lld @code`)", (long long)a->until, (long long)a->until);
        if (a->since >= 0 && a->until >= 0 && a->until < a->since)
            JERR(em, a->at, "'until %lld' is before 'since %lld'", (long long)a->until, (long long)a->since);
        if (!em->quiet && a->since_code)
            use_rule(em->cc, a->since_code, a->since_at);
        if (!em->quiet && a->until_code)
            use_rule(em->cc, a->until_code, a->until_at);
    }
    type_at(em, t)->altv = y->altv;
}

static int named_type(jem *em, jobject *o, int oi, jtype *y)
{
    compiler *cc = em->cc;
    static const char *const prims[][2] = {
        {"string", "STRING"}, {"number", "NUMBER"}, {"integer", "INTEGER"}, {"f32", "F32"}, {"f64", "F64"},
        {"bool", "BOOL"}, {"null", "NULL"}, {"any", "ANY"}, {"value_type", "VALUE_TYPE"},
        {"i8", "INTEGER"}, {"u8", "INTEGER"}, {"i16", "INTEGER"}, {"u16", "INTEGER"}, {"i32", "INTEGER"},
        {"u32", "INTEGER"}, {"i64", "INTEGER"}, {"u64", "INTEGER"},
    };
    for (size_t i = 0; i < sizeof prims / sizeof prims[0]; i++)
        if (strcmp(y->name, prims[i][0]) == 0) {
            if (y->args.n)
                JERR(em, y->at, "'%s' takes no type argument", y->name);
            return new_type(em, prims[i][1]);
        }
    if (is_param(o, y->name))
        return new_type(em, "PARAM");
    enum_decl *en = named_enum(cc, y->name);
    if (en) {
        if (en->jenum)
            return enum_type(em, en->jenum);
        /* an integer enum as a type: its names */
        jtype tmp = {.kind = J_ENUM, .at = y->at};
        for (size_t i = 0; i < en->items.n; i++) {
            enum_item *it = en->items.items[i];
            jename *n = cc_alloc(cc, sizeof *n);
            n->name = it->name;
            n->at = it->at;
            n->since = n->until = -1;
            vec_push(cc, &tmp.names, (void *)it->name);
            vec_push(cc, &tmp.enames, n);
        }
        return enum_type(em, &tmp);
    }
    int target = jobject_index(em->f, y->name);
    if (target < 0) {
        JERR(em, y->at, "unknown type '%s'", y->name);
        return -1;
    }
    jobject *to = em->f->objects.items[target];
    int t = new_type(em, "OBJECT");
    type_at(em, t)->object = target;
    if (y->args.n > 1)
        JERR(em, y->at, "'%s' takes one type argument, not %zu", y->name, y->args.n);
    if (y->args.n && !to->params.n)
        JERR(em, y->at, "object '%s' has no type parameter", y->name);
    if (!y->args.n && to->params.n)
        JERR(em, y->at, "object '%s' needs a type argument (its '%s')", y->name,
             ((token *)to->params.items[0])->text);
    if (y->args.n) {
        jtype *a = y->args.items[0];
        int b = -1;
        if (a->kind == J_NAMED && is_param(o, a->name))
            b = -2;
        else if (a->kind == J_NAMED && oi >= 0)
            b = member_index(em, oi, a->name);
        if (b == -1)
            JERR(em, a->at, "type argument '%s' must be a sibling member or a type parameter", a->name);
        else if (b >= MAX_TAGGED)
            JERR(em, a->at, "type argument '%s': the sibling must be one of the object's first %d members", a->name,
                 MAX_TAGGED);
        else if (b >= 0 && !kind_is(em, (int)(intptr_t)em->obj[oi].types.items[b], "VALUE_TYPE") &&
                 ((jmember *)em->obj[oi].flat.items[b])->type->kind != J_NAMED)
            JERR(em, a->at, "type argument '%s': the sibling must be a value_type", a->name);
        type_at(em, t)->bind = b;
    }
    return t;
}

static int by_type(jem *em, jobject *o, int oi, jtype *y)
{
    int sib = oi >= 0 ? member_index(em, oi, y->name) : -1;
    if (sib < 0) {
        JERR(em, y->at, "'by %s': no such sibling member", y->name);
        return -1;
    }
    if (sib >= MAX_TAGGED) {
        JERR(em, y->at, "'by %s': the sibling must be one of the object's first %d members", y->name, MAX_TAGGED);
        return -1;
    }
    jtype *st = ((jmember *)em->obj[oi].flat.items[sib])->type;
    vec *names = &st->names;
    if (st->kind == J_NAMED) {
        enum_decl *en = named_enum(em->cc, st->name);
        names = en && en->jenum ? &en->jenum->names : NULL;
    } else if (st->kind != J_ENUM) {
        names = NULL;
    }
    if (!names) {
        JERR(em, y->at, "'by %s': the sibling must be an enum", y->name);
        return -1;
    }
    vec arms = {0};
    for (size_t k = 0; k < names->n; k++) {
        const char *name = names->items[k];
        int at = -1;
        for (size_t a = 0; a < y->arms.n; a++) {
            jarm *arm = y->arms.items[a];
            if (strcmp(arm->tag, name) == 0)
                at = type_of(em, o, oi, arm->type);
        }
        vec_push(em->cc, &arms, (void *)(intptr_t)at);
    }
    for (size_t a = 0; a < y->arms.n; a++) {
        jarm *arm = y->arms.items[a];
        bool found = false;
        for (size_t k = 0; k < names->n; k++)
            found |= strcmp(arm->tag, names->items[k]) == 0;
        if (!found)
            JERR(em, arm->at, "'%s' is not a value of '%s'", arm->tag, y->name);
    }
    int t = new_type(em, "BY");
    type_at(em, t)->sibling = sib;
    type_at(em, t)->arm_tags = arms;
    return t;
}

/* The type index of y, used in object o (index oi) for its parameters and
 * siblings. */
static int type_of(jem *em, jobject *o, int oi, jtype *y)
{
    compiler *cc = em->cc;
    switch (y->kind) {
    case J_NAMED: return named_type(em, o, oi, y);
    case J_STRING: return new_type(em, "STRING");
    case J_NUMBER: return new_type(em, "NUMBER");
    case J_INTEGER: return new_type(em, "INTEGER");
    case J_F32: return new_type(em, "F32");
    case J_F64: return new_type(em, "F64");
    case J_BOOL: return new_type(em, "BOOL");
    case J_NULL: return new_type(em, "NULL");
    case J_ANY: return new_type(em, "ANY");
    case J_REF: {
        int target = jobject_index(em->f, y->name);
        if (target < 0) {
            JERR(em, y->at, "ref<%s>: unknown object '%s'", y->name, y->name);
            return -1;
        }
        int t = new_type(em, "REF");
        type_at(em, t)->object = target;
        return t;
    }
    case J_ARRAY:
    case J_MAP: {
        int e = type_of(em, o, oi, y->elem);
        int t = new_type(em, y->kind == J_ARRAY ? "ARRAY" : "MAP");
        type_at(em, t)->elem = e;
        return t;
    }
    case J_ENUM: return enum_type(em, y);
    case J_UNION: {
        vec alts = {0};
        int seen = 0;
        for (size_t i = 0; i < y->args.n; i++) {
            jtype *a = y->args.items[i];
            int at = type_of(em, o, oi, a);
            int k = kinds_of(em, at);
            if (at >= 0 && (k & ~seen) == 0)
                JERR(em, a->at, "this alternative is never chosen: an earlier one takes the same JSON values "
                                "(the first alternative whose JSON kind fits is used)");
            seen |= k;
            vec_push(cc, &alts, (void *)(intptr_t)at);
        }
        int t = new_type(em, "UNION");
        type_at(em, t)->alts = alts;
        union_versions(em, y, t);
        return t;
    }
    case J_BY: return by_type(em, o, oi, y);
    }
    return -1;
}

/* Whether some alternative of t (through unions) satisfies pred. */
static bool type_any(jem *em, int t, bool (*pred)(jem *, int))
{
    jt *y = type_at(em, t);
    if (!y)
        return false;
    if (!strcmp(y->kind, "UNION")) {
        for (size_t i = 0; i < y->alts.n; i++)
            if (type_any(em, (int)(intptr_t)y->alts.items[i], pred))
                return true;
        return false;
    }
    if (!strcmp(y->kind, "BY")) {
        for (size_t i = 0; i < y->arm_tags.n; i++)
            if (type_any(em, (int)(intptr_t)y->arm_tags.items[i], pred))
                return true;
        return false;
    }
    return pred(em, t);
}

static bool is_number(jem *em, int t)
{
    return kind_is(em, t, "NUMBER") || kind_is(em, t, "INTEGER") || kind_is(em, t, "F32") || kind_is(em, t, "F64");
}
static bool is_integer(jem *em, int t) { return kind_is(em, t, "INTEGER"); }
static bool is_float(jem *em, int t) { return kind_is(em, t, "NUMBER") || kind_is(em, t, "F32") || kind_is(em, t, "F64"); }
static bool is_string(jem *em, int t) { return kind_is(em, t, "STRING") || kind_is(em, t, "REF"); }
static bool is_array(jem *em, int t) { return kind_is(em, t, "ARRAY"); }
static bool is_null(jem *em, int t) { return kind_is(em, t, "NULL"); }
static bool is_container(jem *em, int t) { return kind_is(em, t, "ARRAY") || kind_is(em, t, "MAP"); }
static bool is_named(jem *em, int t) { return kind_is(em, t, "ENUM") || kind_is(em, t, "VALUE_TYPE") || kind_is(em, t, "TAG"); }
static bool is_enum(jem *em, int t) { return kind_is(em, t, "ENUM"); }
static bool is_coercible(jem *em, int t) { return is_number(em, t) || is_enum(em, t) || kind_is(em, t, "BOOL"); }
static bool is_family_object(jem *em, int t)
{
    jt *y = type_at(em, t);
    return y && (!strcmp(y->kind, "OBJECT") || !strcmp(y->kind, "TAG")) && y->object >= 0 &&
           em->obj[y->object].family >= 0;
}
static bool is_param_type(jem *em, int t) { return kind_is(em, t, "PARAM") || kind_is(em, t, "VALUE_TYPE"); }
/* A value of this type can have the wrong JSON kind (and needs `mistyped`). */
static bool can_mismatch(jem *em, int t)
{
    jt *y = type_at(em, t);
    if (!y)
        return false;
    if (!strcmp(y->kind, "UNION"))
        return kinds_of(em, t) != K_ALL;
    if (!strcmp(y->kind, "BY")) {
        for (size_t i = 0; i < y->arm_tags.n; i++)
            if (can_mismatch(em, (int)(intptr_t)y->arm_tags.items[i]))
                return true;
        return false;
    }
    return strcmp(y->kind, "ANY") != 0 && strcmp(y->kind, "PARAM") != 0;
}
/* The element type of an array or map member (through unions), -1. */
static int elem_of(jem *em, int t)
{
    jt *y = type_at(em, t);
    if (!y)
        return -1;
    if (!strcmp(y->kind, "ARRAY") || !strcmp(y->kind, "MAP"))
        return y->elem;
    if (!strcmp(y->kind, "UNION"))
        for (size_t i = 0; i < y->alts.n; i++) {
            int e = elem_of(em, (int)(intptr_t)y->alts.items[i]);
            if (e >= 0)
                return e;
        }
    return -1;
}

/* Whether the value of a member of type t, or an element of it when it is
 * an array or a map, satisfies pred: where value constraints apply. */
static bool value_any(jem *em, int t, bool (*pred)(jem *, int))
{
    return type_any(em, t, pred) || type_any(em, elem_of(em, t), pred);
}

/* ---- objects ------------------------------------------------------------ */

/* Bases, families, flattened members (bases first). */
static void resolve_objects(jem *em)
{
    compiler *cc = em->cc;
    format_decl *f = em->f;
    size_t n = f->objects.n;
    em->obj = cc_alloc(cc, (n + 1) * sizeof *em->obj);
    for (size_t i = 0; i < n; i++) {
        jobject *o = f->objects.items[i];
        jinfo *in = &em->obj[i];
        in->base = in->family = in->tag = in->key = in->key_space = -1;
        for (size_t k = 0; k < i; k++)
            if (strcmp(((jobject *)f->objects.items[k])->name, o->name) == 0)
                cc_error(cc, o->at, "object '%s' is declared twice", o->name);
        if (o->base) {
            in->base = jobject_index(f, o->base);
            if (in->base < 0)
                cc_error(cc, o->at, "object '%s' extends unknown object '%s'", o->name, o->base);
        }
    }
    for (size_t i = 0; i < n; i++) {
        jobject *o = f->objects.items[i];
        jinfo *in = &em->obj[i];
        /* the chain of bases (a chain longer than the objects is a cycle) */
        jobject *chain[MAX_MEMBERS + 1];
        int len = 0, at = (int)i;
        for (size_t guard = 0; at >= 0 && guard <= n; guard++) {
            if (len == MAX_MEMBERS + 1 || guard == n) {
                cc_error(cc, o->at, "object '%s' inherits from itself", o->name);
                len = 0;
                break;
            }
            chain[len++] = f->objects.items[at];
            at = em->obj[at].base;
        }
        for (int k = len - 1; k >= 0; k--) {
            jobject *c = chain[k];
            if (c->discriminator) {
                if (in->family >= 0 && c == o)
                    cc_error(cc, o->at, "object '%s' is already in the family of '%s': one discriminator per family",
                             o->name, ((jobject *)f->objects.items[in->family])->name);
                in->family = jobject_index(f, c->name);
            }
            for (size_t m = 0; m < c->members.n; m++) {
                jmember *jm = c->members.items[m];
                for (size_t j = 0; j < in->flat.n; j++)
                    if (strcmp(((jmember *)in->flat.items[j])->name, jm->name) == 0 && c == o) {
                        jobject *prev = in->owner.items[j];
                        if (prev == o)
                            cc_error(cc, jm->at, "member '%s' is declared twice in object '%s'", jm->name, o->name);
                        else
                            cc_error(cc, jm->at, "member '%s' of '%s' is already declared in its base '%s'", jm->name,
                                     o->name, prev->name);
                    }
                vec_push(cc, &in->flat, jm);
                vec_push(cc, &in->owner, c);
            }
        }
        if (in->flat.n > MAX_MEMBERS)
            cc_error(cc, o->at, "object '%s' has %zu members: at most %d", o->name, in->flat.n, MAX_MEMBERS);
        if (in->family >= 0) {
            jobject *root = f->objects.items[in->family];
            in->tag = member_index(em, (int)i, root->discriminator);
        }
        /* closed, open, ordered and presence groups are inherited */
        for (int k = len - 1; k >= 0; k--) {
            for (size_t g = 0; g < chain[k]->groups.n; g++)
                vec_push(cc, &in->groups, chain[k]->groups.items[g]);
            if (chain[k]->closed_code || chain[k]->open_code) {
                in->closed = chain[k]->closed_code;
                in->open = chain[k]->open_code;
            }
            if (chain[k]->ordered_code)
                in->ordered = chain[k]->ordered_code;
        }
        if (o->abstract && in->family < 0)
            cc_error(cc, o->at, "'abstract' needs a family: object '%s' is never selected by a discriminator (`by <member>` "
                                "on it or a base)", o->name);
        if (o->params.n > 1)
            cc_error(cc, ((token *)o->params.items[1])->at, "object '%s': at most one type parameter", o->name);
        if (o->params.n && in->family >= 0)
            cc_error(cc, o->at, "object '%s' is in a family: it cannot have a type parameter", o->name);
        for (size_t k = 0; k < in->flat.n; k++)
            if (jmember_cons(in->flat.items[k], C_KEY)) {
                if (in->key >= 0 && in->owner.items[k] == o)
                    cc_error(cc, ((jmember *)in->flat.items[k])->at, "object '%s' has two key members ('%s', '%s')",
                             o->name, ((jmember *)in->flat.items[in->key])->name, ((jmember *)in->flat.items[k])->name);
                if (in->key < 0) {
                    in->key = (int)k;
                    in->key_space = jobject_index(f, ((jobject *)in->owner.items[k])->name);
                }
            }
    }
}

/* The members' types, per object (inherited members again: a `by` or a
 * type argument depends on the object's own siblings). */
static void resolve_types(jem *em)
{
    format_decl *f = em->f;
    for (size_t i = 0; i < f->objects.n; i++) {
        jobject *o = f->objects.items[i];
        jinfo *in = &em->obj[i];
        for (size_t k = 0; k < in->flat.n; k++) {
            jmember *m = in->flat.items[k];
            jobject *owner = in->owner.items[k];
            em->quiet = owner != o;
            int t;
            if (in->family >= 0 && (int)k == in->tag) {
                /* the discriminator: a string naming a concrete object of the family */
                t = new_type(em, "TAG");
                type_at(em, t)->object = in->family;
                if (m->type->kind != J_NAMED || strcmp(m->type->name, "string") != 0)
                    JERR(em, m->type->at, "discriminator '%s' must be a string", m->name);
            } else {
                t = type_of(em, owner == o ? o : owner, (int)i, m->type);
            }
            vec_push(em->cc, &in->types, (void *)(intptr_t)t);
        }
        em->quiet = false;
    }
}

/* ---- constraints ---------------------------------------------------------- */

static bool literal(const expr *e)
{
    while (e && e->kind == E_NEG)
        e = e->lhs;
    return e && (e->kind == E_INT || e->kind == E_FLOAT);
}

static const char *cons_word(cons_kind k)
{
    switch (k) {
    case C_CMP: return "a comparison";
    case C_RANGE: return "'in lo..hi'";
    case C_SET: return "'in {...}'";
    case C_ENUM: return "'in <enum>'";
    case C_FINITE: return "'finite'";
    case C_SYNTAX: return "'syntax'";
    case C_UNIQUE: return "'unique'";
    case C_KIND: return "'mistyped'";
    case C_REQUIRED: return "'required'";
    case C_KEY: return "'key'";
    case C_DANGLING: return "'dangling'";
    case C_MISTARGETED: return "'mistargeted'";
    case C_UNLISTED: return "'unlisted'";
    case C_MISPLACED: return "'misplaced'";
    case C_ANYCASE: return "'anycase'";
    case C_COERCED: return "'coerced'";
    case C_FRACTIONAL: return "'fractional'";
    case C_NULL: return "'null'";
    case C_SCOPE: return "'scope'";
    case C_TOPLEVEL: return "'toplevel'";
    case C_SIBLING: return "'sibling'";
    case C_DISTINCT: return "'distinct'";
    case C_ACYCLIC: return "'acyclic'";
    case C_DEPTH: return "'depth'";
    case C_NONEMPTY: return "'nonempty'";
    case C_MAXLENGTH: return "'length <= N'";
    case C_PRESENT: return "'present in'";
    case C_UTF8: return "'utf8'";
    case C_FITS: return "'fits'";
    case C_MINIMAL: return "'minimal'";
    case C_LENGTH: return "'length'";
    case C_FLAG: return "'flag'";
    case C_NONDECREASING: return "'nondecreasing'";
    case C_NOREPEAT: return "'norepeat'";
    case C_NOTSET: return "'!in {...}'";
    case C_UNIT: return "'unit'";
    }
    return "this constraint";
}

/* Whether the key space of object target holds objects that are not a target. */
static bool other_keyed(jem *em, int target)
{
    int space = em->obj[target].key_space;
    for (size_t i = 0; i < em->f->objects.n; i++) {
        jobject *o = em->f->objects.items[i];
        if (em->obj[i].key_space == space && !o->abstract && !jobject_is_a(em, (int)i, target))
            return true;
    }
    return false;
}

/* The REF node of a member type (through unions), NULL. */
static jt *ref_of(jem *em, int t)
{
    jt *y = type_at(em, t);
    if (!y)
        return NULL;
    if (!strcmp(y->kind, "REF"))
        return y;
    if (!strcmp(y->kind, "UNION"))
        for (size_t i = 0; i < y->alts.n; i++) {
            jt *r = ref_of(em, (int)(intptr_t)y->alts.items[i]);
            if (r)
                return r;
        }
    return NULL;
}

/* ---- member defaults ------------------------------------------------------ */

static void sb_lit(sbuf *b, const jlit *l)
{
    switch (l->kind) {
    case JL_NULL: sb(b, "null"); break;
    case JL_BOOL: sb(b, "%s", l->truth ? "true" : "false"); break;
    case JL_NUMBER:
        if (strpbrk(l->text, ".eE") || strchr(l->text + (l->text[0] == '-'), '-'))
            sb(b, "%s", l->text);
        else /* INT tokens may be hex: JSON is decimal */
            sb(b, "%lld", l->text[0] == '-' ? -(long long)strtoull(l->text + 1, NULL, 0)
                                            : (long long)strtoull(l->text, NULL, 0));
        break;
    case JL_STRING: sb_str(b, l->text); break;
    case JL_OBJECT:
    case JL_ARRAY:
        sb(b, "%s", l->kind == JL_OBJECT ? "{" : "[");
        for (size_t i = 0; i < l->items.n; i++) {
            if (i)
                sb(b, ", ");
            if (l->kind == JL_OBJECT)
                sb_str(b, ((token *)l->keys.items[i])->text), sb(b, ": ");
            sb_lit(b, l->items.items[i]);
        }
        sb(b, "%s", l->kind == JL_OBJECT ? "}" : "]");
        break;
    }
}

const char *jlit_json(compiler *cc, const jlit *l)
{
    sbuf b = {0};
    sb_lit(&b, l);
    char *s = cc_strdup(cc, b.p ? b.p : "", b.n);
    free(b.p);
    return s;
}

/* A number/name default (`= 0`, `= "x"`, `= null`) as a JSON literal. */
static jlit *lit_of_expr(compiler *cc, const expr *e)
{
    jlit *l = cc_alloc(cc, sizeof *l);
    l->at = e->at;
    if (e->kind == E_NEG || e->kind == E_INT || e->kind == E_FLOAT) {
        const expr *n = e->kind == E_NEG ? e->lhs : e;
        size_t len = strlen(n->text);
        char *t = cc_alloc(cc, len + 2);
        snprintf(t, len + 2, "%s%s", e->kind == E_NEG ? "-" : "", n->text);
        l->kind = JL_NUMBER, l->text = t;
    } else if (e->op && !strcmp(e->op, "string")) {
        l->kind = JL_STRING, l->text = e->text, l->len = strlen(e->text);
    } else if (!strcmp(e->text, "null")) {
        l->kind = JL_NULL;
    } else if (!strcmp(e->text, "true") || !strcmp(e->text, "false")) {
        l->kind = JL_BOOL, l->truth = e->text[0] == 't';
    } else { /* an enum name written bare */
        l->kind = JL_STRING, l->text = e->text, l->len = strlen(e->text);
    }
    return l;
}

static const char *lit_word(jlit_kind k)
{
    static const char *const words[] = {"null", "a bool", "a number", "a string", "an object", "an array"};
    return words[k];
}

/* Whether the number literal satisfies member m's value constraints. */
static const char *number_refused(compiler *cc, jmember *m, double v, bool integer)
{
    for (size_t i = 0; m && i < m->cons.n; i++) {
        cons *c = m->cons.items[i];
        if (c->kind == C_RANGE && literal(c->value) && literal(c->hi)) {
            double lo = strtod(c->value->kind == E_NEG ? c->value->lhs->text : c->value->text, NULL);
            double hi = strtod(c->hi->kind == E_NEG ? c->hi->lhs->text : c->hi->text, NULL);
            lo = c->value->kind == E_NEG ? -lo : lo, hi = c->hi->kind == E_NEG ? -hi : hi;
            if (v < lo || v > hi)
                return "outside the member's 'in lo..hi'";
        } else if (c->kind == C_CMP && literal(c->value)) {
            double x = strtod(c->value->kind == E_NEG ? c->value->lhs->text : c->value->text, NULL);
            x = c->value->kind == E_NEG ? -x : x;
            bool ok = !strcmp(c->op, "==") ? v == x
                      : !strcmp(c->op, "!=") ? v != x
                      : !strcmp(c->op, ">")  ? v > x
                      : !strcmp(c->op, ">=") ? v >= x
                                             : v <= x;
            if (!ok)
                return "refused by the member's comparison";
        } else if (c->kind == C_SET) {
            bool in = false;
            for (size_t k = 0; k < c->set.n; k++) {
                expr *e = c->set.items[k];
                double x = strtod(e->kind == E_NEG ? e->lhs->text : e->text, NULL);
                in |= (e->kind == E_NEG ? -x : x) == v;
            }
            if (!in)
                return "not in the member's 'in {...}'";
        } else if (c->kind == C_ENUM) {
            enum_decl *en = c->en ? c->en : find_enum(cc, c->name);
            bool in = false;
            for (size_t k = 0; en && k < en->items.n; k++)
                in |= (double)((enum_item *)en->items.items[k])->value == v;
            if (!in)
                return "not a value of the member's 'in <enum>'";
        }
    }
    return integer && v != (double)(int64_t)v ? "not an integer" : NULL;
}

/* Whether alternative i of union y is declared with versions that miss
 * some of [since, until] (-1: unbounded). */
static bool alt_missing(const jt *y, size_t i, int64_t since, int64_t until)
{
    for (size_t k = 0; k < y->altv.n; k++) {
        const jaltv *a = y->altv.items[k];
        if (a->index == i)
            return (a->since >= 0 && (since < 0 || since < a->since)) ||
                   (a->until >= 0 && (until < 0 || until > a->until));
    }
    return false;
}

/* Why the literal is no value of type t for member m (its constraints) in
 * the versions [since, until]; NULL when it is one. */
static const char *lit_refused(jem *em, int t, jmember *m, const jlit *l, int64_t since, int64_t until)
{
    compiler *cc = em->cc;
    jt *y = type_at(em, t);
    if (!y)
        return "the member's type is unknown";
    const char *k = y->kind;
    static const int lit_kinds[] = {K_NULL, K_BOOL, K_NUMBER, K_STRING, K_OBJECT, K_ARRAY};
    if (!strcmp(k, "UNION")) { /* the first alternative whose JSON kind fits is the one used */
        for (size_t i = 0; i < y->alts.n; i++) {
            int a = (int)(intptr_t)y->alts.items[i];
            if (kinds_of(em, a) & lit_kinds[l->kind])
                return alt_missing(y, i, since, until) ? "the alternative that takes it does not exist in every "
                                                         "version the default is for"
                                                       : lit_refused(em, a, m, l, since, until);
        }
        return "no alternative of the member's type takes it";
    }
    if (!strcmp(k, "ANY"))
        return NULL;
    if (!strcmp(k, "BY") || !strcmp(k, "PARAM") || !strcmp(k, "VALUE_TYPE") || !strcmp(k, "TAG"))
        return "a member of this type has no default (its shape depends on the document)";
    if (!strcmp(k, "REF"))
        return l->kind == JL_STRING ? "a reference's default would name an object no document has (use `| null` and "
                                      "`= null`)"
                                    : "a reference is a string";
    if (!(kinds_of(em, t) & lit_kinds[l->kind]))
        return NULL; /* reported by the caller with the kinds */
    if (!strcmp(k, "NUMBER") || !strcmp(k, "F64") || !strcmp(k, "F32") || !strcmp(k, "INTEGER"))
        return number_refused(cc, m, strtod(l->text, NULL), !strcmp(k, "INTEGER"));
    if (!strcmp(k, "STRING")) {
        for (int n = 0; m && jmember_cons_nth(m, C_SYNTAX, n); n++) {
            cons *c = jmember_cons_nth(m, C_SYNTAX, n);
            for (size_t i = 0; i < em->f->syntaxes.n; i++) {
                syntax_decl *sd = em->f->syntaxes.items[i];
                const ak_value_syntax *vs = strcmp(sd->name, c->name) ? NULL : ak_value_syntax_find(sd->machine);
                if (vs && !vs->match((const uint8_t *)l->text, l->len))
                    return "refused by the member's syntax";
            }
        }
        return NULL;
    }
    if (!strcmp(k, "ENUM")) {
        for (size_t i = 0; i < y->names.n; i++)
            if (!strcmp(y->names.items[i], l->text)) {
                jename *n = i < y->enames.n ? y->enames.items[i] : NULL;
                if (n && ((n->since >= 0 && (since < n->since)) || (n->until >= 0 && (until < 0 || until > n->until))))
                    return "the enum name does not exist in every version the value is for";
                return NULL;
            }
        return "not a name of the enum";
    }
    if (!strcmp(k, "ARRAY") || !strcmp(k, "MAP")) {
        for (size_t i = 0; i < l->items.n; i++) {
            const jlit *e = l->items.items[i];
            const char *why = lit_refused(em, y->elem, m, e, since, until);
            if (why || !(kinds_of(em, y->elem) & lit_kinds[e->kind]))
                return why ? why : "an element is not of the element type";
        }
        return NULL;
    }
    if (!strcmp(k, "OBJECT")) {
        jinfo *in = &em->obj[y->object];
        if (in->family >= 0)
            return "a family object's default is made from its type (the completion types and fills it): give "
                   "its members defaults instead";
        for (size_t i = 0; i < l->keys.n; i++) {
            const char *key = ((token *)l->keys.items[i])->text;
            int mi = member_index(em, y->object, key);
            if (mi < 0)
                return "a member of the object literal is not declared in the object";
            for (size_t j = 0; j < i; j++)
                if (!strcmp(((token *)l->keys.items[j])->text, key))
                    return "a member of the object literal is given twice";
            const jlit *v = l->items.items[i];
            int mt = (int)(intptr_t)in->types.items[mi];
            const char *why = lit_refused(em, mt, in->flat.items[mi], v, since, until);
            if (why || !(kinds_of(em, mt) & lit_kinds[v->kind]))
                return why ? why : "a member of the object literal is not of its type";
        }
        for (size_t i = 0; i < in->flat.n; i++) {
            jmember *fm = in->flat.items[i];
            bool given = false;
            for (size_t j = 0; j < l->keys.n; j++)
                given |= !strcmp(((token *)l->keys.items[j])->text, fm->name);
            if (!fm->optional && fm->since < 0 && fm->until < 0 && !given)
                return "a required member of the object is missing from the literal";
        }
        return NULL;
    }
    return NULL;
}

/* The objects `scope <O>` and `acyclic from <O>` name (ak_jschema.scopes),
 * in declaration order: their count (the runtime keeps 4 per node; more:
 * JPLACE_SCOPES + 1). */
size_t jplace_scopes(jem *em, const char *out[JPLACE_SCOPES + 1])
{
    size_t n = 0;
    for (size_t i = 0; i < em->f->objects.n; i++) {
        jobject *o = em->f->objects.items[i];
        for (size_t j = 0; j < o->members.n; j++) {
            jmember *m = o->members.items[j];
            for (size_t k = 0; k < m->cons.n; k++) {
                cons *q = m->cons.items[k];
                if ((q->kind != C_SCOPE && q->kind != C_ACYCLIC) || !q->name)
                    continue;
                bool seen = false;
                for (size_t s = 0; s < n; s++)
                    seen |= !strcmp(out[s], q->name);
                if (seen)
                    continue;
                if (n == JPLACE_SCOPES)
                    return n + 1;
                out[n++] = q->name;
            }
        }
    }
    return n;
}

/* What is wrong with a constraint on where a reference points (c) on
 * member m of type t, NULL. */
static const char *place_problem(jem *em, jmember *m, int t, cons *c)
{
    compiler *cc = em->cc;
    if (!ref_of(em, t))
        return "this constraint needs a ref<T> member (or `ref<T> | null`)";
    if (c->name && jobject_index(em->f, c->name) < 0)
        cc_error(cc, c->at, "unknown object '%s'", c->name);
    const char *names[JPLACE_SCOPES + 1];
    bool known = false;
    size_t n = jplace_scopes(em, names);
    for (size_t i = 0; c->name && i < n && i < JPLACE_SCOPES; i++)
        known |= !strcmp(names[i], c->name);
    if (c->name && !known)
        return "more than 4 objects are named by 'scope' and 'acyclic from' (each node keeps its place in 4)";
    if (c->kind == C_TOPLEVEL && !jmember_cons(m, C_SCOPE))
        return "'toplevel' says where within the scope: it needs `scope <object> @code`";
    if (c->kind == C_DEPTH) {
        if (!jmember_cons(m, C_ACYCLIC))
            return "'depth' measures chains of references: it needs `acyclic @code` (a cycle has no depth)";
        double max = strtod(c->value->text, NULL);
        if (max < 1 || max > 1e9)
            return "'depth <= N' takes N from 1 to 1000000000";
    }
    return NULL;
}

/* What is wrong with `present in N..M @code` on member m, NULL. */
static const char *present_problem(jem *em, jmember *m)
{
    cons *c = jmember_cons(m, C_PRESENT);
    double lo = strtod(c->value->text, NULL), hi = strtod(c->hi->text, NULL);
    if (!em->f->version_pointer)
        return "'present in' is about the document's version: declare `version \"/pointer\"`";
    if (hi < lo)
        return "'present in N..M' needs M >= N";
    if ((m->since >= 0 && hi < (double)m->since) || (m->until >= 0 && lo > (double)m->until))
        return "'present in' names versions without the member: its 'since'/'until' report it there";
    return NULL;
}

/* The defaults of member m (declared in object oi, type t): each a value of
 * the type and its constraints, for versions that do not overlap. */
static void check_defaults(jem *em, jmember *m, int t)
{
    compiler *cc = em->cc;
    if (m->def) {
        if (m->defaults.n)
            cc_error(cc, m->def->at, "member '%s' has two defaults", m->name);
        jdefault *d = cc_alloc(cc, sizeof *d);
        d->value = lit_of_expr(cc, m->def), d->since = -1, d->until = -1, d->at = m->def->at;
        vec_push(cc, &m->defaults, d);
    }
    static const int lit_kinds[] = {K_NULL, K_BOOL, K_NUMBER, K_STRING, K_OBJECT, K_ARRAY};
    for (size_t i = 0; i < m->defaults.n; i++) {
        jdefault *d = m->defaults.items[i];
        if ((d->since >= 0 || d->until >= 0) && !em->f->version_pointer)
            cc_error(cc, d->at, "member '%s': a default by version needs the document's version: declare `version "
                                "\"/pointer\"`", m->name);
        if (d->since >= 0 && d->until >= 0 && d->until < d->since)
            cc_error(cc, d->at, "member '%s': the default's 'until %lld' is before its 'since %lld'", m->name,
                     (long long)d->until, (long long)d->since);
        for (size_t j = 0; j < i; j++) {
            jdefault *e = m->defaults.items[j];
            bool apart = (d->until >= 0 && e->since >= 0 && d->until < e->since) ||
                         (e->until >= 0 && d->since >= 0 && e->until < d->since);
            if (!apart)
                cc_error(cc, d->at, "member '%s': two defaults for the same version", m->name);
        }
        const char *why = lit_refused(em, t, m, d->value, d->since, d->until);
        if (!why && !(kinds_of(em, t) & lit_kinds[d->value->kind]))
            why = "the member's type takes no value of that JSON kind";
        if (why)
            cc_error(cc, d->at, "member '%s': the default (%s) is not a value of the member: %s", m->name,
                     lit_word(d->value->kind), why);
    }
}

/* The constraints of member m of object oi (its declaring object), with
 * type t: each must apply to the type and have what it needs. */
static void check_member(jem *em, int oi, jmember *m, int t, int index)
{
    compiler *cc = em->cc;
    format_decl *f = em->f;
    jobject *o = f->objects.items[oi];
    jinfo *in = &em->obj[oi];
    bool tag = in->family >= 0 && index == in->tag;
    int kinds[C_PRESENT + 1] = {0};
    for (size_t i = 0; i < m->cons.n; i++) {
        cons *c = m->cons.items[i];
        if (c->code)
            c->rule = use_rule(cc, c->code, c->code_at);
        kinds[c->kind]++;
        if (c->fatal)
            cc_error(cc, c->at, "'fatal' is for binary layouts: a JSON validator reports and goes on");
        const char *what = NULL;
        switch (c->kind) {
        case C_CMP:
            if (!literal(c->value))
                what = "a JSON member is compared with a number literal";
            else if (!value_any(em, t, is_number))
                what = "a comparison needs a number member";
            break;
        case C_RANGE:
            if (!literal(c->value) || !literal(c->hi))
                what = "'in lo..hi' needs number literals";
            else if (!value_any(em, t, is_number))
                what = "'in lo..hi' needs a number member";
            break;
        case C_SET:
            for (size_t k = 0; k < c->set.n; k++)
                if (!literal(c->set.items[k]))
                    what = "'in {...}' lists number literals (a set of names is an enum type)";
            if (!what && !value_any(em, t, is_number))
                what = "'in {...}' needs a number member";
            break;
        case C_ENUM: {
            enum_decl *en = find_enum(cc, c->name);
            c->en = en;
            if (!en)
                cc_error(cc, c->at, "unknown enum '%s'", c->name);
            else if (en->jenum)
                what = "'in <enum>' takes an enum with values (`enum e : i32 { a = 0 }`), not a string enum (use that as the member's type)";
            else if (!value_any(em, t, is_number))
                what = "'in <enum>' needs a number member";
            break;
        }
        case C_FINITE:
            if (!value_any(em, t, is_float))
                what = "'finite' needs an f32, f64 or number member";
            break;
        case C_SYNTAX: {
            syntax_decl *sd = NULL;
            for (size_t s = 0; s < f->syntaxes.n; s++)
                if (strcmp(((syntax_decl *)f->syntaxes.items[s])->name, c->name) == 0)
                    sd = f->syntaxes.items[s];
            if (!sd)
                cc_error(cc, c->at, "unknown value syntax '%s' (declare it with `syntax %s = machine ...`)", c->name,
                         c->name);
            else if (!value_any(em, t, is_string))
                what = "'syntax' needs a string member";
            break;
        }
        case C_UNIQUE: {
            int e = elem_of(em, t);
            if (!type_any(em, t, is_array)) {
                what = "'unique' needs an array member";
            } else if (!c->name) {
                if (type_any(em, e, is_container) || kind_is(em, e, "OBJECT") || kinds_of(em, e) == K_ALL)
                    what = "'unique' compares scalar elements: for objects name the member, `unique(f)`";
            } else {
                jt *ey = type_at(em, e);
                int eo = ey && !strcmp(ey->kind, "OBJECT") ? ey->object : -1;
                int fi = eo >= 0 ? member_index(em, eo, c->name) : -1;
                if (eo < 0)
                    what = "'unique(f)' needs an array of objects";
                else if (fi < 0)
                    cc_error(cc, c->at, "object '%s' has no member '%s'", ((jobject *)f->objects.items[eo])->name,
                             c->name);
                else if (kinds_of(em, (int)(intptr_t)em->obj[eo].types.items[fi]) & (K_OBJECT | K_ARRAY))
                    what = "'unique(f)' compares scalar members";
            }
            break;
        }
        case C_KIND:
            if (!c->code) { /* `mistyped by <hook>` */
                bool found = false;
                for (size_t h = 0; h < f->hooks.n; h++)
                    found |= strcmp(((member *)f->hooks.items[h])->name, c->name) == 0;
                if (!found)
                    cc_error(cc, c->at, "'mistyped by %s': the format has no hook '%s'", c->name, c->name);
            }
            break;
        case C_REQUIRED:
            if (m->optional)
                what = "an optional member ('?') cannot be required";
            else if (c->value && !f->version_pointer)
                what = "'required since N' needs the document's version: declare `version \"/pointer\"`";
            break;
        case C_KEY:
            if (!type_any(em, t, is_string))
                what = "'key' needs a string member";
            else if (c->name && strcmp(c->name, "uuid") != 0)
                cc_error(cc, c->at, "'key %s': the key kinds are 'key' (the decoded string) and 'key uuid' (a parsed "
                                    "UUID)", c->name);
            else if (c->name && !jmember_cons(m, C_SYNTAX))
                what = "'key uuid' needs a 'syntax' check: a value that is no UUID is no key, and something must "
                       "report it";
            break;
        case C_DANGLING:
        case C_MISTARGETED: {
            jt *r = ref_of(em, t) ? ref_of(em, t) : ref_of(em, elem_of(em, t));
            if (!r)
                what = "this constraint needs a ref<T> member";
            else if (c->kind == C_MISTARGETED && em->obj[r->object].key >= 0 && !other_keyed(em, r->object))
                cc_error(cc, c->at, "'mistargeted' can never apply: every object with a key in the key space of '%s' is "
                                    "a '%s'", ((jobject *)f->objects.items[r->object])->name,
                         ((jobject *)f->objects.items[r->object])->name);
            break;
        }
        case C_UNLISTED:
            if (!value_any(em, t, is_named))
                what = "'unlisted' needs an enum, a value_type or a discriminator";
            break;
        case C_MISPLACED:
            if (!value_any(em, t, is_family_object))
                what = "'misplaced' needs an object of a family (selected by its discriminator)";
            break;
        case C_ANYCASE:
            if (!value_any(em, t, is_enum))
                what = "'anycase' needs an enum member";
            break;
        case C_COERCED:
            if (!type_any(em, t, is_coercible))
                what = "'coerced' needs a number, bool or enum member (what a string or a number converts to)";
            break;
        case C_FRACTIONAL:
            if (!type_any(em, t, is_integer))
                what = "'fractional' needs an integer member";
            break;
        case C_NULL:
            if (!type_any(em, t, is_null))
                what = "'null' needs a member that can be null (`T | null`)";
            break;
        case C_SCOPE:
        case C_TOPLEVEL:
        case C_SIBLING:
        case C_DISTINCT:
        case C_ACYCLIC:
        case C_DEPTH: what = place_problem(em, m, t, c); break;
        case C_NONEMPTY:
            if (!type_any(em, t, is_array))
                what = "'nonempty' needs an array member";
            break;
        case C_MAXLENGTH:
            if (!value_any(em, t, is_string))
                what = "'length <= N' needs a string member";
            else if (strtod(c->value->text, NULL) > 4294967295.0)
                what = "'length <= N' takes N up to 4294967295";
            break;
        case C_PRESENT: what = present_problem(em, m); break;
        case C_UTF8:
            what = "'utf8' would check nothing: the JSON front end checks that every string is UTF-8";
            break;
        case C_FITS:
        case C_MINIMAL:
        case C_LENGTH:
        case C_FLAG:
        case C_NOTSET:
        case C_UNIT:
            cc_error(cc, c->at, "%s belongs to binary layouts", cons_word(c->kind));
            break;
        case C_NONDECREASING:
        case C_NOREPEAT:
            cc_error(cc, c->at, "%s is an array constraint: write `where %s: %s(%s) @code` after the object",
                     cons_word(c->kind), m->name, c->kind == C_NONDECREASING ? "nondecreasing" : "norepeat",
                     c->name);
            break;
        }
        if (what)
            cc_error(cc, c->at, "%s (member '%s' of '%s')", what, m->name, o->name);
    }
    for (int k = 0; k <= C_PRESENT; k++)
        if (k != C_SYNTAX && k != C_CMP && kinds[k] > (k == C_KIND ? 2 : 1)) {
            cons *c = jmember_cons_nth(m, (cons_kind)k, k == C_KIND ? 2 : 1);
            cc_error(cc, c->at, "%s is given %s on member '%s'", cons_word((cons_kind)k),
                     k == C_KIND ? "more than twice" : "twice", m->name);
        }
    if (kinds[C_KIND] == 2 && !type_any(em, t, is_container))
        cc_error(cc, jmember_cons_nth(m, C_KIND, 1)->at,
                 "a second 'mistyped' is for the elements of an array or map member ('%s' is neither)", m->name);
    /* what would go unreported */
    int e = elem_of(em, t);
    if (!kinds[C_KIND] && !tag && (can_mismatch(em, t) || (e >= 0 && can_mismatch(em, e))))
        cc_error(cc, m->at, "member '%s' needs `mistyped @code`: a value of the wrong JSON type would go unreported",
                 m->name);
    if (!m->optional && !kinds[C_REQUIRED] && !in->closed && !in->open)
        cc_error(cc, m->at,
                 "member '%s' is required but nothing reports its absence: add `required @code`, mark it optional "
                 "with '?', or give object '%s' a `closed @code` or `open @code`", m->name, o->name);
    jt *r = ref_of(em, t) ? ref_of(em, t) : ref_of(em, elem_of(em, t));
    if (r) {
        if (em->obj[r->object].key < 0)
            cc_error(cc, m->at, "ref<%s>: object '%s' has no key member (mark the member that identifies it `key @code`)",
                     ((jobject *)f->objects.items[r->object])->name, ((jobject *)f->objects.items[r->object])->name);
        else if (!kinds[C_DANGLING])
            cc_error(cc, m->at, "member '%s' needs `dangling @code`: a reference to no object would go unreported",
                     m->name);
        else if (!kinds[C_MISTARGETED] && other_keyed(em, r->object))
            cc_error(cc, m->at,
                     "member '%s' needs `mistargeted @code`: a reference to an object that is not a '%s' would go "
                     "unreported", m->name, ((jobject *)f->objects.items[r->object])->name);
    }
    if (tag) {
        static const cons_kind need[] = {C_REQUIRED, C_UNLISTED, C_MISPLACED};
        static const char *const word[] = {"required", "unlisted", "misplaced"};
        static const char *const why[] = {"an object without it", "a name that is no concrete object of the family",
                                          "an object of a type its place does not accept"};
        for (int k = 0; k < 3; k++)
            if (!kinds[need[k]])
                cc_error(cc, m->at, "discriminator '%s' needs `%s @code`: %s would go unreported", m->name, word[k],
                         why[k]);
        cons *rq = jmember_cons(m, C_REQUIRED);
        if (rq && rq->value)
            cc_error(cc, rq->at, "the discriminator is required in every version");
        if (m->since >= 0 || m->until >= 0)
            cc_error(cc, m->at, "the discriminator exists in every version");
    }
    /* versions */
    if (m->since >= 0 || m->until >= 0) {
        if (!f->version_pointer)
            cc_error(cc, m->at, "member '%s': 'since'/'until' need the document's version: declare `version \"/pointer\"`",
                     m->name);
        if (!m->since_code && !m->until_code)
            cc_error(cc, m->at, "member '%s' exists only in some versions: name the rule that reports it in another "
                                "(`since %lld @code`)", m->name, (long long)(m->since >= 0 ? m->since : m->until));
        if (m->since_code)
            use_rule(cc, m->since_code, m->since_at);
        if (m->until_code)
            use_rule(cc, m->until_code, m->until_at);
        if (m->since >= 0 && m->until >= 0 && m->until < m->since)
            cc_error(cc, m->at, "member '%s': 'until %lld' is before 'since %lld'", m->name, (long long)m->until,
                     (long long)m->since);
    } else if (m->since_code || m->until_code) {
        cc_error(cc, m->at, "member '%s' has a version rule but no version range", m->name);
    }
    check_defaults(em, m, t);
}

static void check_wheres(jem *em, int oi)
{
    compiler *cc = em->cc;
    format_decl *f = em->f;
    jobject *o = f->objects.items[oi];
    for (size_t k = 0; k < o->wheres.n; k++) {
        cons *c = o->wheres.items[k];
        use_rule(cc, c->code, c->code_at);
        const char *arr = c->value ? c->value->text : "";
        if (c->kind != C_NONDECREASING && c->kind != C_NOREPEAT) {
            cc_error(cc, c->at, "%s cannot stand in a 'where': only nondecreasing(f) and norepeat(f) (put value "
                                "constraints on the member itself)", cons_word(c->kind));
            continue;
        }
        int mi = member_index(em, oi, arr);
        if (mi < 0) {
            cc_error(cc, c->value->at, "where: object '%s' has no member '%s'", o->name, arr);
            continue;
        }
        int e = elem_of(em, (int)(intptr_t)em->obj[oi].types.items[mi]);
        jt *ey = type_at(em, e);
        int eo = ey && !strcmp(ey->kind, "OBJECT") ? ey->object : -1;
        int fi = eo >= 0 ? member_index(em, eo, c->name) : -1;
        if (eo < 0)
            cc_error(cc, c->value->at, "where %s: '%s' is not an array of objects", arr, arr);
        else if (fi < 0 || !type_any(em, (int)(intptr_t)em->obj[eo].types.items[fi], is_number))
            cc_error(cc, c->at, "object '%s' has no number member '%s'", ((jobject *)f->objects.items[eo])->name,
                     c->name);
        for (size_t j = 0; j < k; j++) {
            cons *p = o->wheres.items[j];
            if (p->value && !strcmp(p->value->text, arr) && (strcmp(p->name, c->name) != 0 || p->kind == c->kind))
                cc_error(cc, c->at, "where %s: one order per array (%s(%s) is given already)", arr,
                         p->kind == C_NONDECREASING ? "nondecreasing" : "norepeat", p->name);
        }
    }
}

/* `where oneof(...)`, `where together(...)`: optional members of the object. */
static void check_groups(jem *em, int oi)
{
    compiler *cc = em->cc;
    jobject *o = em->f->objects.items[oi];
    for (size_t k = 0; k < o->groups.n; k++) {
        jgroup *g = o->groups.items[k];
        use_rule(cc, g->code, g->code_at);
        const char *what = g->oneof ? "oneof" : g->nonempty ? "nonempty" : "together";
        if (g->names.n < 2 && !g->nonempty)
            cc_error(cc, g->at, "'%s' needs at least two members", what);
        for (size_t i = 0; i < g->names.n; i++) {
            token *t = g->names.items[i];
            int mi = member_index(em, oi, t->text);
            for (size_t j = 0; j < i; j++)
                if (!strcmp(((token *)g->names.items[j])->text, t->text))
                    cc_error(cc, t->at, "'%s': member '%s' is listed twice", what, t->text);
            if (mi < 0)
                cc_error(cc, t->at, "'%s': object '%s' has no member '%s'", what, o->name, t->text);
            else if (g->nonempty && !type_any(em, (int)(intptr_t)em->obj[oi].types.items[mi], is_string))
                cc_error(cc, t->at, "'nonempty': member '%s' is not a string", t->text);
            else if (!g->nonempty && !((jmember *)em->obj[oi].flat.items[mi])->optional)
                cc_error(cc, t->at, "'%s': member '%s' is required, so the group would %s (mark it optional with '?')",
                         what, t->text, g->oneof ? "exclude the others" : "require the others");
        }
    }
}

static void check_named_by(jem *em, int oi);

static void check_object(jem *em, int oi)
{
    compiler *cc = em->cc;
    format_decl *f = em->f;
    jobject *o = f->objects.items[oi];
    jinfo *in = &em->obj[oi];
    if (o->ordered_code)
        use_rule(cc, o->ordered_code, o->ordered_at);
    if (o->closed_code)
        use_rule(cc, o->closed_code, o->closed_at);
    if (o->open_code)
        use_rule(cc, o->open_code, o->open_at);
    if (o->closed_code && o->open_code)
        cc_error(cc, o->open_at, "object '%s' cannot be both open and closed", o->name);
    if (o->discriminator && member_index(em, oi, o->discriminator) < 0)
        cc_error(cc, o->at, "family '%s': declare its discriminator as a member (`%s: string required @code, unlisted "
                            "@code, misplaced @code`)", o->name, o->discriminator);
    else if (o->discriminator && in->owner.items[member_index(em, oi, o->discriminator)] != o)
        cc_error(cc, o->at, "family '%s': the discriminator '%s' must be declared in '%s' itself", o->name,
                 o->discriminator, o->name);
    if (o->since >= 0 || o->until >= 0) {
        if (!f->version_pointer)
            cc_error(cc, o->at, "object '%s': 'since'/'until' need the document's version: declare `version \"/pointer\"`",
                     o->name);
        if (!o->since_code && !o->until_code)
            cc_error(cc, o->at, "object '%s' exists only in some versions: name the rule that reports it in another "
                                "(`since %lld @code`)", o->name, (long long)(o->since >= 0 ? o->since : o->until));
        if (o->since_code)
            use_rule(cc, o->since_code, o->since_at);
        if (o->until_code)
            use_rule(cc, o->until_code, o->until_at);
        if (o->since >= 0 && o->until >= 0 && o->until < o->since)
            cc_error(cc, o->at, "object '%s': 'until %lld' is before 'since %lld'", o->name, (long long)o->until,
                     (long long)o->since);
        if (o->abstract)
            cc_error(cc, o->at, "abstract object '%s' is never selected: its versions would check nothing", o->name);
    }
    for (size_t k = 0; k < in->flat.n; k++)
        if (in->owner.items[k] == o)
            check_member(em, oi, in->flat.items[k], (int)(intptr_t)in->types.items[k], (int)k);
    check_wheres(em, oi);
    check_groups(em, oi);
    check_named_by(em, oi);
}

/* `by <discriminator> named by <member>`: some object of the family has the
 * member, and it can be a string (the name a diagnostic shows). */
static void check_named_by(jem *em, int oi)
{
    jobject *o = em->f->objects.items[oi];
    if (!o->named_by)
        return;
    if (!o->discriminator) {
        cc_error(em->cc, o->named_by_at, "named by '%s': only the root of a family (`by <discriminator>`) names its "
                                         "objects", o->named_by);
        return;
    }
    bool found = false;
    for (size_t i = 0; i < em->f->objects.n && !found; i++) {
        if ((int)i != oi && em->obj[i].family != oi)
            continue;
        int k = member_index(em, (int)i, o->named_by);
        found = k >= 0 && type_any(em, (int)(intptr_t)em->obj[i].types.items[k], is_string);
    }
    if (!found)
        cc_error(em->cc, o->named_by_at, "named by '%s': no object of the family '%s' has a string member '%s' to "
                                         "name it with", o->named_by, o->name, o->named_by);
}

/* The value of a number literal (possibly negated). */
static double literal_value(const expr *e)
{
    double sign = 1;
    for (; e && e->kind == E_NEG; e = e->lhs)
        sign = -sign;
    return e ? sign * strtod(e->text, NULL) : 0;
}

/* The member `version "<pointer>"` names (member names through nested
 * objects from the root), NULL. */
static jmember *version_member(jem *em)
{
    format_decl *f = em->f;
    int oi = f->root ? jobject_index(f, f->root) : -1;
    jmember *m = NULL;
    for (const char *p = f->version_pointer; oi >= 0 && p && *p == '/';) {
        const char *s = p + 1, *e = strchr(s, '/');
        size_t n = e ? (size_t)(e - s) : strlen(s);
        m = NULL;
        for (size_t i = 0; i < em->obj[oi].flat.n && !m; i++) {
            jmember *c = em->obj[oi].flat.items[i];
            if (strlen(c->name) == n && !memcmp(c->name, s, n))
                m = c;
        }
        p = s + n;
        oi = m && *p && m->type->kind == J_NAMED ? jobject_index(f, m->type->name) : -1;
    }
    return m;
}

/* `version "<pointer>" since N @code`: the member the pointer names reports
 * a version below N with `in N..hi @code`; else the gate would hold
 * documents back silently. */
static void check_gate(jem *em)
{
    compiler *cc = em->cc;
    format_decl *f = em->f;
    jmember *m = f->version_pointer ? version_member(em) : NULL;
    f->version_fractional = m && jmember_cons(m, C_FRACTIONAL);
    if (!f->gate_code)
        return;
    use_rule(cc, f->gate_code, f->gate_at);
    if (f->gate_since < 1) {
        cc_error(cc, f->gate_at, "version ... since %lld: every version is at least 0, the gate would hold nothing "
                                 "back", (long long)f->gate_since);
        return;
    }
    bool reported = false;
    for (size_t i = 0; m && i < m->cons.n && !reported; i++) {
        cons *c = m->cons.items[i];
        reported = c->kind == C_RANGE && c->code && !strcmp(c->code, f->gate_code) &&
                   literal_value(c->value) == (double)f->gate_since;
    }
    if (!reported)
        cc_error(cc, f->gate_at, "version ... since %lld @%s: the member at \"%s\" must report the versions below with "
                                 "`in %lld..<max> @%s`", (long long)f->gate_since, f->gate_code, f->version_pointer,
                 (long long)f->gate_since, f->gate_code);
}

/* Whether some member type anywhere uses the built-in value types. */
static bool uses_values(jem *em)
{
    for (size_t t = 0; t < em->types.n; t++)
        if (is_param_type(em, (int)t))
            return true;
    return false;
}


/* ---- migrations (`upgrade to N { ... }`, `downgrade to N { ... }`) --------- */

/* The type at path p, from object oi (or the root, for an absolute path), in
   documents of version v; -1 after reporting why not; the member the
   last segment names (*last: NULL for an array element). An array index
   ends the path only where `index_last` allows it. */
static int path_type(jem *em, int oi, const jpath *p, int64_t v, bool index_last, jmember **last)
{
    compiler *cc = em->cc;
    int t = -1;
    if (p->absolute) {
        oi = jobject_index(em->f, em->f->root ? em->f->root : "");
        if (oi < 0)
            return -1;
    }
    *last = NULL;
    for (size_t i = 0; i < p->segs.n; i++) {
        token *seg = p->segs.items[i];
        bool digits = seg->text[0] >= '0' && seg->text[0] <= '9';
        if (i) { /* into the value of the previous segment */
            jt *y = type_at(em, t);
            if (y && !strcmp(y->kind, "UNION"))
                y = NULL;
            if (digits && y && !strcmp(y->kind, "ARRAY")) {
                if (!index_last && i + 1 == p->segs.n) {
                    cc_error(cc, seg->at, "an array index ends only a copy or move's target (which inserts there)");
                    return -1;
                }
                t = y->elem, *last = NULL;
                continue;
            }
            if (!y || strcmp(y->kind, "OBJECT") != 0 || digits) {
                cc_error(cc, seg->at, "'%s': the value before it is no %s", seg->text, digits ? "array" : "object");
                return -1;
            }
            oi = y->object;
        }
        int mi = digits ? -1 : member_index(em, oi, seg->text);
        jobject *o = em->f->objects.items[oi];
        if (mi < 0) {
            cc_error(cc, seg->at, "object '%s' has no member '%s'", o->name, seg->text);
            return -1;
        }
        jmember *m = em->obj[oi].flat.items[mi];
        if (!jin_versions(m->since, m->until, v)) {
            cc_error(cc, seg->at, "member '%s' of '%s' is not in version %lld", seg->text, o->name, (long long)v);
            return -1;
        }
        t = (int)(intptr_t)em->obj[oi].types.items[mi];
        *last = m;
    }
    return t;
}

/* Literal l as a value of type t (member m) in version v. */
static void check_step_literal(jem *em, int t, jmember *m, const jlit *l, int64_t v, const char *what)
{
    static const int lit_kinds[] = {K_NULL, K_BOOL, K_NUMBER, K_STRING, K_OBJECT, K_ARRAY};
    const char *why = lit_refused(em, t, m, l, v, v);
    if (!why && !(kinds_of(em, t) & lit_kinds[l->kind]))
        why = "the member's type takes no value of that JSON kind";
    if (why)
        cc_error(em->cc, l->at, "%s (%s) is no value of the member in version %lld: %s", what, lit_word(l->kind),
                 (long long)v, why);
}

static bool same_path(const jpath *a, const jpath *b, bool prefix)
{
    if (a->absolute != b->absolute || a->segs.n > b->segs.n || (!prefix && a->segs.n != b->segs.n))
        return false;
    for (size_t i = 0; i < a->segs.n; i++)
        if (strcmp(((token *)a->segs.items[i])->text, ((token *)b->segs.items[i])->text) != 0)
            return false;
    return true;
}

/* One action on object oi, from version `from` to `to`. */
static void check_action(jem *em, jstep *st, int oi, jaction *a, int64_t from, int64_t to)
{
    compiler *cc = em->cc;
    jmember *m = NULL, *tm = NULL;
    jobject *o = em->f->objects.items[oi];
    switch (a->op) {
    case JM_ADD: {
        int t = path_type(em, oi, a->path, to, false, &m);
        if (t < 0)
            break;
        if (!m) {
            cc_error(cc, a->at, "add: the place is a member");
        } else if (a->value) {
            check_step_literal(em, t, m, a->value, to, "add: the value");
        } else if (a->path->segs.n == 1 && !a->path->absolute && em->obj[oi].key >= 0 &&
                   em->obj[oi].flat.items[em->obj[oi].key] == m) {
            a->object = -1; /* the object's key member: a fresh key */
        } else {
            jt *y = type_at(em, t);
            jobject *mo = y && !strcmp(y->kind, "OBJECT") ? em->f->objects.items[y->object] : NULL;
            if (!mo || em->obj[y->object].family < 0 || mo->abstract)
                cc_error(cc, a->at, "add without a value makes a new object of the member's type, or a fresh key: "
                                    "member '%s' is neither a concrete family object nor the object's key (give "
                                    "`= <value>`)", m->name);
            else
                a->object = y->object;
        }
        break;
    }
    case JM_COPY:
    case JM_MOVE:
        if (path_type(em, oi, a->path, from, false, &m) >= 0 && path_type(em, oi, a->to, to, true, &tm) >= 0 &&
            same_path(a->path, a->to, true))
            cc_error(cc, a->to->at, "%s: the target is the source or inside it", a->op == JM_COPY ? "copy" : "move");
        break;
    case JM_RETYPE: {
        int ti = a->object = jobject_index(em->f, a->type->text);
        jobject *target = ti >= 0 ? em->f->objects.items[ti] : NULL;
        if (!target)
            cc_error(cc, a->type->at, "retype: object '%s' is not declared", a->type->text);
        else if (em->obj[oi].family < 0 || em->obj[ti].family != em->obj[oi].family || target->abstract)
            cc_error(cc, a->type->at, "retype: '%s' is no concrete object of the family of '%s'", target->name, o->name);
        else if (!jin_versions(target->since, target->until, to))
            cc_error(cc, a->type->at, "retype: object '%s' is not in version %lld", target->name, (long long)to);
        break;
    }
    case JM_MAP: {
        int t = path_type(em, oi, a->path, from, false, &m), u = t >= 0 ? path_type(em, oi, a->path, to, false, &tm) : -1;
        for (size_t i = 0; u >= 0 && i < a->pairs.n; i += 2) {
            jlit *f = a->pairs.items[i];
            if (f)
                check_step_literal(em, t, m, f, from, "map: the value");
            else if (i + 2 != a->pairs.n)
                cc_error(cc, ((jlit *)a->pairs.items[i + 1])->at, "map: `*` (any other value) is the last pair");
            check_step_literal(em, u, tm, a->pairs.items[i + 1], to, "map: the new value");
        }
        break;
    }
    case JM_WRAP: {
        int wi = a->object = jobject_index(em->f, a->type->text);
        jobject *w = wi >= 0 ? em->f->objects.items[wi] : NULL;
        token *mn = a->to->segs.items[0];
        int mi = w ? member_index(em, wi, mn->text) : -1;
        jmember *wm = mi >= 0 ? em->obj[wi].flat.items[mi] : NULL;
        if (path_type(em, oi, a->path, from, false, &m) < 0)
            break;
        if (!w)
            cc_error(cc, a->type->at, "wrap: object '%s' is not declared", a->type->text);
        else if (em->obj[wi].family < 0 || w->abstract || !jin_versions(w->since, w->until, to))
            cc_error(cc, a->type->at, "wrap: '%s' is no concrete family object of version %lld", w->name, (long long)to);
        else if (!wm || !jin_versions(wm->since, wm->until, to))
            cc_error(cc, mn->at, "wrap: '%s' has no member '%s' in version %lld", w->name, mn->text, (long long)to);
        break;
    }
    case JM_HOOK:
        break; /* the format defines <id>_step_<name> (a link error otherwise) */
    case JM_DROP:
    case JM_WARN: {
        int t = path_type(em, oi, a->path, from, false, &m);
        if (t >= 0 && a->value)
            check_step_literal(em, t, m, a->value, from, a->op == JM_DROP ? "drop ... unless" : "warn: the value");
        if (a->op == JM_DROP && a->value && !a->text)
            cc_error(cc, a->at, "drop ... unless: name the loss it reports otherwise (`loss \"what\"`)");
        if (a->text && !st->code)
            cc_error(cc, a->at, "%s reports: give the step its rule (`%s to %lld @code`)",
                     a->op == JM_DROP ? "a loss" : "warn", st->down ? "downgrade" : "upgrade", (long long)st->version);
        break;
    }
    }
}

static void check_steps(jem *em)
{
    compiler *cc = em->cc;
    format_decl *f = em->f;
    for (size_t i = 0; i < f->steps.n; i++) {
        jstep *st = f->steps.items[i];
        const char *word = st->down ? "downgrade" : "upgrade";
        if (!f->version_pointer)
            cc_error(cc, st->at, "%s: a document's version is needed: declare `version \"/pointer\"`", word);
        if (st->down ? st->version < 0 : st->version < 1)
            cc_error(cc, st->at, "%s to %lld: no such version", word, (long long)st->version);
        for (size_t k = 0; k < i; k++) {
            jstep *o = f->steps.items[k];
            if (o->down == st->down && o->version == st->version)
                cc_error(cc, st->at, "%s to %lld is declared twice", word, (long long)st->version);
            else if (o->down == st->down && (st->down ? o->version < st->version : o->version > st->version))
                cc_error(cc, st->at, "%s to %lld: declare the steps in the order they run", word, (long long)st->version);
        }
        if (st->code)
            use_rule(cc, st->code, st->code_at);
        int64_t to = st->version, from = st->down ? to + 1 : to - 1;
        for (size_t s = 0; s < st->statements.n; s++) {
            jstatement *sm = st->statements.items[s];
            for (size_t n = 0; n < sm->objects.n; n++) {
                token *t = sm->objects.items[n];
                int oi = jobject_index(f, t->text);
                jobject *o = oi >= 0 ? f->objects.items[oi] : NULL;
                if (!o) {
                    cc_error(cc, t->at, "object '%s' is not declared", t->text);
                    continue;
                }
                if (!jin_versions(o->since, o->until, from) && !jin_versions(o->since, o->until, to))
                    cc_error(cc, t->at, "object '%s' is in neither version %lld nor %lld", t->text, (long long)from,
                             (long long)to);
                for (size_t k = 0; k < sm->actions.n; k++)
                    check_action(em, st, oi, sm->actions.items[k], from, to);
            }
        }
    }
}

void check_json(compiler *cc)
{
    format_decl *f = cc->format;
    jem *em = cc_alloc(cc, sizeof *em);
    em->cc = cc;
    em->f = f;
    em->root_type = -1;
    cc->json = em;
    resolve_objects(em);
    if (cc->errors)
        return;
    resolve_types(em);
    for (size_t i = 0; i < f->objects.n; i++)
        check_object(em, (int)i);
    if (!f->root) {
        cc_error(cc, f->at, "JSON format '%s' needs `root <object> @code`: without it nothing is checked", f->id);
    } else {
        int ri = jobject_index(f, f->root);
        if (ri < 0) {
            cc_error(cc, f->root_at, "root object '%s' is not declared", f->root);
        } else {
            em->root_type = new_type(em, "OBJECT");
            type_at(em, em->root_type)->object = ri;
        }
        if (f->root_code)
            use_rule(cc, f->root_code, f->root_code_at);
    }
    for (int i = 0; i < 5; i++)
        if (f->values_codes[i])
            use_rule(cc, f->values_codes[i], f->values_at[i]);
    if (uses_values(em) && !f->values_codes[0])
        cc_error(cc, f->at, "format '%s' uses value_type: declare the codes of value shapes with `values @shape "
                            "@int-literal @range @component-unknown @component-missing`", f->id);
    for (size_t i = 0; i < f->exists.n; i++) {
        token *t = f->exists.items[i];
        if (jobject_index(f, t->text) < 0)
            cc_error(cc, t->at, "exists: object '%s' is not declared", t->text);
    }
    if (f->exists.n)
        use_rule(cc, f->exists_code, f->exists_code_at);
    if (f->exists_since && !f->version_pointer)
        cc_error(cc, f->exists_at, "'exists ... since N' needs the document's version: declare `version \"/pointer\"`");
    if (f->version_pointer) {
        const char *p = f->version_pointer;
        if (p[0] != '/')
            cc_error(cc, f->version_at, "version: \"%s\" is not a JSON Pointer (it starts with '/')", p);
        for (const char *s = p; *s; s++)
            if (*s == '/' && (s[1] == '/' || s[1] == 0 || (s[1] >= '0' && s[1] <= '9')))
                cc_error(cc, f->version_at, "version: \"%s\" must name members (no empty or array index segment)", p);
    }
    check_gate(em);
    check_steps(em);
    for (size_t i = 0; i < f->syntaxes.n; i++) {
        syntax_decl *s = f->syntaxes.items[i];
        if (!ak_value_syntax_find(s->machine)) {
            char list[512] = "";
            for (size_t k = 0; k < ak_value_syntax_count; k++)
                snprintf(list + strlen(list), sizeof list - strlen(list), "%s%s", k ? ", " : "",
                         ak_value_syntaxes[k].machine);
            cc_error(cc, s->at, "syntax '%s': no machine '%s' in grammars/value_syntax.rl (there are: %s)", s->name,
                     s->machine, list);
        }
        const ak_value_syntax *vs = ak_value_syntax_find(s->machine);
        if (s->canonical && vs && !vs->canonical)
            cc_error(cc, s->at, "syntax '%s': machine '%s' has no canonical spelling (grammars/value_syntax.rl)",
                     s->name, s->machine);
        for (size_t k = 0; k < i; k++)
            if (strcmp(((syntax_decl *)f->syntaxes.items[k])->name, s->name) == 0)
                cc_error(cc, s->at, "syntax '%s' is declared twice", s->name);
        bool used = false;
        for (size_t o = 0; o < f->objects.n && !used; o++) {
            jobject *ob = f->objects.items[o];
            for (size_t m = 0; m < ob->members.n && !used; m++) {
                cons *c = jmember_cons(ob->members.items[m], C_SYNTAX);
                for (int n = 1; c && !used; c = jmember_cons_nth(ob->members.items[m], C_SYNTAX, n++))
                    used = strcmp(c->name, s->name) == 0;
            }
        }
        if (!used)
            cc_error(cc, s->at, "syntax '%s' is declared but no member uses it", s->name);
    }
}
