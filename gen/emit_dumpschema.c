/* animgen: the JSON Schema (draft 2020-12) of a binary layout's JSON dump.
 *
 * The generic dump (gen/rt/ak_layout.c, ak_ldump_json) writes a document
 * from the field metadata emit.c writes from the same members walked here:
 * a struct is an object whose members are its fields in file order; a field
 * inside `if` is written when its condition holds, the fields of a switch
 * arm appear in the parent object when the arm is taken (AK_LK_INLINE);
 * lets, consts, asserts and hooks write nothing. Values: integers as JSON
 * integers, 64-bit ones beyond 2^53 - 1 as decimal strings
 * (ak_buf_json_u64/i64), floats as shortest numbers or the strings "nan",
 * "inf", "-inf", bool8 and packed bits as booleans, string7 as strings,
 * nstring7 as a string or null, fixed arrays and tuples as arrays of their
 * length, enum and table fields as their codes.
 *
 * Presence conditions become if/then over the sibling members they test,
 * and objects are closed with unevaluatedProperties, so a member the
 * condition excludes is rejected. A condition is translated when it tests
 * members of the same object (through lets, nested structs' members and
 * one-variable expressions over 8- and 16-bit members, which are
 * enumerated); one that tests a field of the root from a nested struct is
 * translated by writing the nested structs once per value of that root
 * field (its domain from its error-level `in` constraint: AnimX tracks of
 * version 0 and 1). A condition that cannot be translated (`remaining`,
 * aggregates) leaves its members optional: the schema is then weaker than
 * the dump, never stricter, and says so in its top-level $comment. Error-
 * level constraints with constant bounds (`== 1`, `in 0..1`, `finite`)
 * narrow a member's values: a file with errors is not dumped. */
#include "ast.h"
#include "emit_common.h"
#include "emit_dumpschema.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#define MAX_CTX 4      /* root fields a nested condition may test */
#define MAX_VARIANTS 16 /* combinations of their values */
#define ENUM_LIMIT 65536

/* Values of root fields assumed while writing a variant of the structs. */
typedef struct ctx {
    int n;
    member *field[MAX_CTX];
    int64_t value[MAX_CTX];
} ctx;

typedef struct ds {
    compiler *cc;
    format_decl *f;
    sbuf *b;
    ctx roots;           /* the root fields nested conditions test (values unset) */
    int64_t domain[MAX_CTX][MAX_VARIANTS];
    int domain_n[MAX_CTX];
    vec deps;            /* struct_decl* that (transitively) test a root field */
    vec inlined;         /* struct_decl* that are switch arms (their members appear in the parent) */
    bool weak;           /* some condition could not be translated */
    vec value_sets;      /* char* (malloc'd): the long value sets (below), each once in $defs as value_set_<i> */
} ds;

/* A value set of many ranges (the values with one bit set: 128 of a u8) is
   written once in $defs and referred to wherever a condition tests it: AnimX
   tests its flags' bits in 80 places, which would otherwise repeat them. */
#define VALUE_SET_SHARED_RUNS 4

/* ---- expressions ------------------------------------------------------- */

typedef enum tr_kind { TR_FALSE, TR_TRUE, TR_SCHEMA, TR_UNKNOWN } tr_kind;

/* A value while evaluating: known, or not. */
typedef struct val {
    bool known;
    int64_t v;
} val;

typedef struct env {
    struct_decl *s;
    const ctx *c;
    const char *var; /* the one member being enumerated (dotted), and its value */
    int64_t var_value;
    int depth;
} env;

static member *root_field(ds *x, struct_decl *s, const char *name)
{
    char tmp[512];
    member *m = resolve_name(x->cc, s, name, tmp, sizeof tmp);
    if (!m || strncmp(tmp, "r_->", 4) != 0 || s == x->f->root_st)
        return NULL;
    return m;
}

static bool is_local(ds *x, struct_decl *s, const char *name, member **out)
{
    char tmp[512];
    member *m = resolve_name(x->cc, s, name, tmp, sizeof tmp);
    if (!m || strncmp(tmp, "o->", 3) != 0)
        return false;
    *out = m;
    return true;
}

static val eval(ds *x, env *e, const expr *ex);

static val eval_name(ds *x, env *e, const expr *ex)
{
    val unk = {false, 0};
    if (strcmp(ex->text, "remaining") == 0)
        return unk;
    if (e->var && strcmp(ex->text, e->var) == 0)
        return (val){true, e->var_value};
    member *m = NULL;
    if (is_local(x, e->s, ex->text, &m)) {
        if (m->kind == M_LET && m->value && e->depth < 16) {
            e->depth++;
            val v = eval(x, e, m->value);
            e->depth--;
            return v;
        }
        return unk;
    }
    member *r = root_field(x, e->s, ex->text);
    for (int i = 0; r && e->c && i < e->c->n; i++)
        if (e->c->field[i] == r)
            return (val){true, e->c->value[i]};
    return unk;
}

static val eval(ds *x, env *e, const expr *ex)
{
    val unk = {false, 0};
    switch (ex->kind) {
    case E_INT: return (val){true, (int64_t)strtoull(ex->text, NULL, 0)};
    case E_NAME: return eval_name(x, e, ex);
    case E_NOT: {
        val a = eval(x, e, ex->lhs);
        return a.known ? (val){true, !a.v} : unk;
    }
    case E_NEG: {
        val a = eval(x, e, ex->lhs);
        return a.known ? (val){true, -a.v} : unk;
    }
    case E_COND: {
        val c = eval(x, e, ex->lhs);
        if (!c.known)
            return unk;
        return eval(x, e, c.v ? ex->rhs : ex->alt);
    }
    case E_BINARY: {
        val a = eval(x, e, ex->lhs);
        const char *op = ex->op;
        if (a.known && !strcmp(op, "&&") && !a.v)
            return (val){true, 0};
        if (a.known && !strcmp(op, "||") && a.v)
            return (val){true, 1};
        val b = eval(x, e, ex->rhs);
        if (!a.known || !b.known)
            return unk;
        int64_t l = a.v, r = b.v;
        if (!strcmp(op, "+")) return (val){true, l + r};
        if (!strcmp(op, "-")) return (val){true, l - r};
        if (!strcmp(op, "*")) return (val){true, l * r};
        if (!strcmp(op, "/")) return r ? (val){true, l / r} : unk;
        if (!strcmp(op, "%")) return r ? (val){true, l % r} : unk;
        if (!strcmp(op, "&")) return (val){true, l & r};
        if (!strcmp(op, "|")) return (val){true, l | r};
        if (!strcmp(op, "<<")) return r >= 0 && r < 63 ? (val){true, l << r} : unk;
        if (!strcmp(op, ">>")) return r >= 0 && r < 63 ? (val){true, l >> r} : unk;
        if (!strcmp(op, "==")) return (val){true, l == r};
        if (!strcmp(op, "!=")) return (val){true, l != r};
        if (!strcmp(op, "<")) return (val){true, l < r};
        if (!strcmp(op, "<=")) return (val){true, l <= r};
        if (!strcmp(op, ">")) return (val){true, l > r};
        if (!strcmp(op, ">=")) return (val){true, l >= r};
        if (!strcmp(op, "&&")) return (val){true, l && r};
        if (!strcmp(op, "||")) return (val){true, l || r};
        return unk;
    }
    default: return unk;
    }
}

/* The local members an expression tests (through lets), dotted names into
 * names (up to 2); false when it tests something that is neither local nor
 * a known root field (remaining, aggregates, floats). */
static bool local_vars(ds *x, env *e, const expr *ex, const char **names, int *n)
{
    if (!ex)
        return true;
    switch (ex->kind) {
    case E_INT: return true;
    case E_FLOAT:
    case E_AGG:
    case E_SIZEOF: return false;
    case E_NAME: {
        if (strcmp(ex->text, "remaining") == 0)
            return false;
        member *m = NULL;
        if (is_local(x, e->s, ex->text, &m)) {
            if (m->kind == M_LET) {
                if (!m->value || e->depth >= 16)
                    return false;
                e->depth++;
                bool ok = local_vars(x, e, m->value, names, n);
                e->depth--;
                return ok;
            }
            if (m->kind != M_FIELD || !m->type || m->type->kind != T_NAMED || m->type->st)
                return false;
            for (int i = 0; i < *n; i++)
                if (strcmp(names[i], ex->text) == 0)
                    return true;
            if (*n >= 2)
                return false;
            names[(*n)++] = ex->text;
            return true;
        }
        member *r = root_field(x, e->s, ex->text);
        for (int i = 0; r && e->c && i < e->c->n; i++)
            if (e->c->field[i] == r)
                return true;
        return false;
    }
    case E_COND: {
        val c = eval(x, e, ex->lhs);
        if (c.known)
            return local_vars(x, e, c.v ? ex->rhs : ex->alt, names, n);
        return local_vars(x, e, ex->lhs, names, n) && local_vars(x, e, ex->rhs, names, n) &&
               local_vars(x, e, ex->alt, names, n);
    }
    default:
        return local_vars(x, e, ex->lhs, names, n) && local_vars(x, e, ex->rhs, names, n);
    }
}

static member *local_member(ds *x, struct_decl *s, const char *name)
{
    member *m = NULL;
    return is_local(x, s, name, &m) ? m : NULL;
}

/* {"properties": {"a": {"properties": {"b": INNER}, "required": ["b"]}}, "required": ["a"]} */
static void nested(sbuf *b, const char *dotted, const char *inner)
{
    const char *dot = strchr(dotted, '.');
    size_t n = dot ? (size_t)(dot - dotted) : strlen(dotted);
    sb(b, "{\"properties\": {\"%.*s\": ", (int)n, dotted);
    if (dot)
        nested(b, dot + 1, inner);
    else
        sb(b, "%s", inner);
    sb(b, "}, \"required\": [\"%.*s\"]}", (int)n, dotted);
}

static void int_range(prim_kind p, int64_t *lo, int64_t *hi)
{
    switch (p) {
    case P_U8: *lo = 0, *hi = 255; break;
    case P_I8: *lo = -128, *hi = 127; break;
    case P_U16: *lo = 0, *hi = 65535; break;
    case P_I16: *lo = -32768, *hi = 32767; break;
    case P_BOOL8:
    case P_BIT: *lo = 0, *hi = 1; break;
    default: *lo = 1, *hi = 0; break; /* not enumerable */
    }
}

/* The schema of the values v of member `name` (of primitive p) for which
 * the expression holds, by enumeration. */
static tr_kind enumerate(ds *x, env *e, const expr *ex, const char *name, prim_kind p, sbuf *out)
{
    int64_t lo, hi;
    int_range(p, &lo, &hi);
    if (hi < lo || hi - lo + 1 > ENUM_LIMIT)
        return TR_UNKNOWN;
    sbuf set = {0};
    int64_t count = 0, runs = 0, run_start = 0;
    bool in_run = false;
    sbuf ranges = {0};
    for (int64_t v = lo; v <= hi + 1; v++) {
        bool holds = false;
        if (v <= hi) {
            env sub = *e;
            sub.var = name;
            sub.var_value = v;
            val r = eval(x, &sub, ex);
            if (!r.known) {
                free(set.p);
                free(ranges.p);
                return TR_UNKNOWN;
            }
            holds = r.v != 0;
        }
        if (holds) {
            if (count < 64) {
                if (p == P_BOOL8 || p == P_BIT)
                    sb(&set, "%s%s", count ? ", " : "", v ? "true" : "false");
                else
                    sb(&set, "%s%" PRId64, count ? ", " : "", v);
            }
            count++;
            if (!in_run)
                run_start = v, in_run = true;
        } else if (in_run) {
            sb(&ranges, "%s{\"minimum\": %" PRId64 ", \"maximum\": %" PRId64 "}", runs ? ", " : "", run_start, v - 1);
            runs++;
            in_run = false;
        }
    }
    tr_kind k = TR_SCHEMA;
    if (count == 0) {
        k = TR_FALSE;
    } else if (count == hi - lo + 1) {
        k = TR_TRUE;
    } else {
        sbuf inner = {0};
        if (count <= 64 && (count <= runs * 2 || p == P_BOOL8 || p == P_BIT))
            sb(&inner, "{\"enum\": [%s]}", set.p);
        else if (runs == 1)
            sb(&inner, "%s", ranges.p);
        else
            sb(&inner, "{\"anyOf\": [%s]}", ranges.p);
        if (runs > VALUE_SET_SHARED_RUNS && inner.p && !(count <= 64 && count <= runs * 2)) {
            size_t i = 0;
            while (i < x->value_sets.n && strcmp(x->value_sets.items[i], inner.p) != 0)
                i++;
            if (i == x->value_sets.n)
                vec_push(x->cc, &x->value_sets, inner.p);
            else
                free(inner.p);
            inner = (sbuf){0};
            sb(&inner, "{\"$ref\": \"#/$defs/value_set_%zu\"}", i);
        }
        nested(out, name, inner.p ? inner.p : "true");
        free(inner.p);
    }
    free(set.p);
    free(ranges.p);
    return k;
}

static tr_kind translate(ds *x, env *e, const expr *ex, sbuf *out);

static tr_kind combine(ds *x, env *e, const expr *ex, bool and_, sbuf *out)
{
    sbuf l = {0}, r = {0};
    tr_kind a = translate(x, e, ex->lhs, &l), b = translate(x, e, ex->rhs, &r);
    tr_kind k;
    if (and_ && (a == TR_FALSE || b == TR_FALSE))
        k = TR_FALSE;
    else if (!and_ && (a == TR_TRUE || b == TR_TRUE))
        k = TR_TRUE;
    else if (a == TR_UNKNOWN || b == TR_UNKNOWN)
        k = TR_UNKNOWN;
    else if (a == TR_SCHEMA && b == TR_SCHEMA)
        k = TR_SCHEMA, sb(out, "{\"%s\": [%s, %s]}", and_ ? "allOf" : "anyOf", l.p, r.p);
    else if (a == TR_SCHEMA)
        k = TR_SCHEMA, sb(out, "%s", l.p);
    else if (b == TR_SCHEMA)
        k = TR_SCHEMA, sb(out, "%s", r.p);
    else
        k = a; /* both TRUE (and) or both FALSE (or) */
    free(l.p);
    free(r.p);
    return k;
}

/* A comparison of a local member with a constant: name OP value. */
static tr_kind compare(ds *x, env *e, const expr *ex, sbuf *out)
{
    const expr *n = ex->lhs, *v = ex->rhs;
    const char *op = ex->op;
    static const char *const flipped[][2] = {{"<", ">"}, {"<=", ">="}, {">", "<"}, {">=", "<="}, {"==", "=="},
                                             {"!=", "!="}};
    if (n->kind != E_NAME) {
        const expr *t = n;
        n = v, v = t;
        for (size_t i = 0; i < sizeof flipped / sizeof flipped[0]; i++)
            if (!strcmp(op, flipped[i][0])) {
                op = flipped[i][1];
                break;
            }
    }
    if (n->kind != E_NAME)
        return TR_UNKNOWN;
    member *m = local_member(x, e->s, n->text);
    val c = eval(x, e, v);
    if (!m || m->kind != M_FIELD || !c.known || !m->type || m->type->kind != T_NAMED || m->type->st ||
        !prim_is_int(m->type->prim) || m->type->prim == P_U64 || m->type->prim == P_I64 || m->type->prim == P_LEB128 ||
        m->type->prim == P_BOOL8) /* (a bool is a JSON boolean, not a number) */
        return TR_UNKNOWN;
    char inner[160];
    if (!strcmp(op, "=="))
        snprintf(inner, sizeof inner, "{\"const\": %" PRId64 "}", c.v);
    else if (!strcmp(op, "!="))
        snprintf(inner, sizeof inner, "{\"not\": {\"const\": %" PRId64 "}}", c.v);
    else if (!strcmp(op, "<"))
        snprintf(inner, sizeof inner, "{\"exclusiveMaximum\": %" PRId64 "}", c.v);
    else if (!strcmp(op, "<="))
        snprintf(inner, sizeof inner, "{\"maximum\": %" PRId64 "}", c.v);
    else if (!strcmp(op, ">"))
        snprintf(inner, sizeof inner, "{\"exclusiveMinimum\": %" PRId64 "}", c.v);
    else if (!strcmp(op, ">="))
        snprintf(inner, sizeof inner, "{\"minimum\": %" PRId64 "}", c.v);
    else
        return TR_UNKNOWN;
    nested(out, n->text, inner);
    return TR_SCHEMA;
}

/* The condition as a schema over the object's members. */
static tr_kind translate(ds *x, env *e, const expr *ex, sbuf *out)
{
    val c = eval(x, e, ex);
    if (c.known)
        return c.v ? TR_TRUE : TR_FALSE;
    const char *names[2];
    int n = 0;
    if (!local_vars(x, e, ex, names, &n))
        return TR_UNKNOWN;
    if (n == 1) {
        member *m = local_member(x, e->s, names[0]);
        tr_kind k = m ? enumerate(x, e, ex, names[0], m->type->prim, out) : TR_UNKNOWN;
        if (k != TR_UNKNOWN)
            return k;
    }
    if (ex->kind == E_NOT) {
        sbuf in = {0};
        tr_kind k = translate(x, e, ex->lhs, &in);
        if (k == TR_SCHEMA)
            sb(out, "{\"not\": %s}", in.p);
        free(in.p);
        return k == TR_TRUE ? TR_FALSE : k == TR_FALSE ? TR_TRUE : k;
    }
    if (ex->kind == E_NAME) {
        member *m = local_member(x, e->s, ex->text);
        if (m && m->kind == M_LET && m->value && e->depth < 16) {
            e->depth++;
            tr_kind k = translate(x, e, m->value, out);
            e->depth--;
            return k;
        }
        if (m && m->kind == M_FIELD && m->type->prim == P_BOOL8) {
            nested(out, ex->text, "{\"const\": true}");
            return TR_SCHEMA;
        }
        expr ne = {.kind = E_BINARY, .op = "!=", .lhs = (expr *)ex, .rhs = &(expr){.kind = E_INT, .text = "0"}};
        return compare(x, e, &ne, out);
    }
    if (ex->kind == E_BINARY && (!strcmp(ex->op, "&&") || !strcmp(ex->op, "||")))
        return combine(x, e, ex, !strcmp(ex->op, "&&"), out);
    if (ex->kind == E_BINARY)
        return compare(x, e, ex, out);
    return TR_UNKNOWN;
}

/* ---- root fields that nested conditions test --------------------------- */

static void note_roots(ds *x, struct_decl *s, const expr *ex, int depth)
{
    if (!ex || depth > 16)
        return;
    if (ex->kind == E_NAME) {
        member *m = NULL;
        if (is_local(x, s, ex->text, &m)) {
            if (m->kind == M_LET)
                note_roots(x, s, m->value, depth + 1);
            return;
        }
        member *r = root_field(x, s, ex->text);
        if (!r)
            return;
        for (int i = 0; i < x->roots.n; i++)
            if (x->roots.field[i] == r)
                return;
        if (x->roots.n < MAX_CTX)
            x->roots.field[x->roots.n++] = r;
        return;
    }
    note_roots(x, s, ex->lhs, depth);
    note_roots(x, s, ex->rhs, depth);
    note_roots(x, s, ex->alt, depth);
}

static bool tests_roots(ds *x, struct_decl *s, vec *members)
{
    bool any = false;
    for (size_t i = 0; i < members->n; i++) {
        member *m = members->items[i];
        if (m->kind == M_IF) {
            int before = x->roots.n;
            note_roots(x, s, m->value, 0);
            any |= x->roots.n > before;
            bool in_body = tests_roots(x, s, &m->body);
            bool in_else = tests_roots(x, s, &m->else_body);
            any |= in_body || in_else;
        } else if (m->kind == M_PROCESS) {
            any |= tests_roots(x, s, &m->body);
        } else if (m->kind == M_SWITCH) {
            for (size_t k = 0; k < m->arms.n; k++) {
                switch_arm *a = m->arms.items[k];
                int before = x->roots.n;
                note_roots(x, s, a->cond, 0);
                any |= x->roots.n > before;
            }
        }
    }
    return any;
}

static bool in_vec(const vec *v, const void *p)
{
    for (size_t i = 0; i < v->n; i++)
        if (v->items[i] == p)
            return true;
    return false;
}

/* Structs whose schema depends on the root fields' values: they test one,
 * or hold a struct that does. */
static bool depends(ds *x, struct_decl *s, vec *members, int depth);

static bool type_depends(ds *x, const tref *t, int depth)
{
    while (t && t->kind == T_ARRAY)
        t = t->elem;
    return t && t->st && depends(x, t->st, &t->st->members, depth + 1);
}

static bool depends(ds *x, struct_decl *s, vec *members, int depth)
{
    if (depth > 64 || s == x->f->root_st)
        return false;
    if (members == &s->members && in_vec(&x->deps, s))
        return true;
    bool d = false;
    for (size_t i = 0; i < members->n && !d; i++) {
        member *m = members->items[i];
        if (m->kind == M_FIELD)
            d = type_depends(x, m->type, depth);
        else if (m->kind == M_IF)
            d = depends(x, s, &m->body, depth) || depends(x, s, &m->else_body, depth);
        else if (m->kind == M_PROCESS)
            d = depends(x, s, &m->body, depth);
        else if (m->kind == M_SWITCH)
            for (size_t k = 0; k < m->arms.n && !d; k++) {
                switch_arm *a = m->arms.items[k];
                d = a->st && depends(x, a->st, &a->st->members, depth + 1);
            }
    }
    if (d && members == &s->members)
        vec_push(x->cc, &x->deps, s);
    return d;
}

/* The values a root field can have in a dump: its error-level `in`
 * constraint (a file with errors is not dumped). */
static int root_domain(const member *m, int64_t *out)
{
    for (size_t i = 0; i < m->cons.n; i++) {
        cons *k = m->cons.items[i];
        if (!k->rule || k->rule->compat != 2 || k->when)
            continue;
        if (k->kind == C_RANGE && k->value->kind == E_INT && k->hi && k->hi->kind == E_INT) {
            int64_t lo = strtoll(k->value->text, NULL, 0), hi = strtoll(k->hi->text, NULL, 0);
            if (hi - lo + 1 > MAX_VARIANTS || hi < lo)
                continue;
            int n = 0;
            for (int64_t v = lo; v <= hi; v++)
                out[n++] = v;
            return n;
        }
        if (k->kind == C_SET && k->set.n <= MAX_VARIANTS) {
            int n = 0;
            for (size_t j = 0; j < k->set.n; j++) {
                expr *v = k->set.items[j];
                if (v->kind != E_INT)
                    return 0;
                out[n++] = strtoll(v->text, NULL, 0);
            }
            return n;
        }
    }
    return 0;
}

/* ---- values -------------------------------------------------------------- */

static const char *prim_def(prim_kind p)
{
    switch (p) {
    case P_U8: return "u8";
    case P_I8: return "i8";
    case P_U16: return "u16";
    case P_I16: return "i16";
    case P_U32:
    case P_VARINT: return "u32";
    case P_I32: return "i32";
    case P_U64:
    case P_LEB128: return "u64";
    case P_I64: return "i64";
    case P_F32: return "f32";
    case P_F64: return "f64";
    case P_BOOL8:
    case P_BIT: return "bool";
    case P_STRING7: return "string";
    case P_NSTRING7: return "nstring";
    default: return "u8";
    }
}

static void shared_defs(sbuf *b)
{
    sb(b, "    \"u8\": {\"type\": \"integer\", \"minimum\": 0, \"maximum\": 255},\n"
          "    \"i8\": {\"type\": \"integer\", \"minimum\": -128, \"maximum\": 127},\n"
          "    \"u16\": {\"type\": \"integer\", \"minimum\": 0, \"maximum\": 65535},\n"
          "    \"i16\": {\"type\": \"integer\", \"minimum\": -32768, \"maximum\": 32767},\n"
          "    \"u32\": {\"type\": \"integer\", \"minimum\": 0, \"maximum\": 4294967295},\n"
          "    \"i32\": {\"type\": \"integer\", \"minimum\": -2147483648, \"maximum\": 2147483647},\n"
          "    \"u64\": {\"$comment\": \"a number up to 2^53 - 1, above it a decimal string (exact in every JSON "
          "reader)\", \"anyOf\": [{\"type\": \"integer\", \"minimum\": 0, \"maximum\": 9007199254740991}, "
          "{\"type\": \"string\", \"pattern\": \"^[1-9][0-9]{15,19}$\"}]},\n"
          "    \"i64\": {\"$comment\": \"a number within +-(2^53 - 1), beyond it a decimal string\", \"anyOf\": "
          "[{\"type\": \"integer\", \"minimum\": -9007199254740991, \"maximum\": 9007199254740991}, "
          "{\"type\": \"string\", \"pattern\": \"^-?[1-9][0-9]{15,18}$\"}]},\n"
          "    \"f32\": {\"$comment\": \"shortest round-trip decimal; NaN and infinities as strings\", \"anyOf\": "
          "[{\"type\": \"number\", \"minimum\": -3.4028234663852886e+38, \"maximum\": 3.4028234663852886e+38}, "
          "{\"enum\": [\"nan\", \"inf\", \"-inf\"]}]},\n"
          "    \"f64\": {\"$comment\": \"shortest round-trip decimal; NaN and infinities as strings\", \"anyOf\": "
          "[{\"type\": \"number\"}, {\"enum\": [\"nan\", \"inf\", \"-inf\"]}]},\n"
          "    \"bool\": {\"type\": \"boolean\"},\n"
          "    \"string\": {\"type\": \"string\"},\n"
          "    \"nstring\": {\"type\": [\"string\", \"null\"]}");
}

/* What error-level constraints with constant operands leave of a scalar's
 * values (JSON Schema keywords, comma-separated; "" for none). */
static void narrowing(const member *m, prim_kind p, sbuf *out)
{
    bool wide = p == P_U64 || p == P_I64 || p == P_LEB128;
    for (size_t i = 0; i < m->cons.n; i++) {
        const cons *k = m->cons.items[i];
        if (!k->rule || k->rule->compat != 2 || k->when || k->option) /* a format option may move the bound */
            continue;
        if (k->kind == C_FINITE && prim_is_float(p)) {
            sb(out, "%s{\"type\": \"number\"}", out->n ? ", " : "");
        } else if (k->kind == C_CMP && k->value && (k->value->kind == E_INT || k->value->kind == E_FLOAT)) {
            const char *t = k->value->text;
            bool big = false;
            char num[32];
            if (k->value->kind == E_INT) {
                unsigned long long u = strtoull(t, NULL, 0);
                big = u > 9007199254740991ULL;
                snprintf(num, sizeof num, "%lld", (long long)u);
                if (p == P_U64 || p == P_LEB128)
                    snprintf(num, sizeof num, "%llu", u);
                t = num;
            }
            if (!strcmp(k->op, "==")) {
                if (big && wide)
                    sb(out, "%s{\"const\": \"%s\"}", out->n ? ", " : "", t);
                else
                    sb(out, "%s{\"const\": %s}", out->n ? ", " : "", t);
            } else if (!wide || !big) {
                const char *kw = !strcmp(k->op, "<")    ? "exclusiveMaximum"
                                 : !strcmp(k->op, "<=") ? "maximum"
                                 : !strcmp(k->op, ">")  ? "exclusiveMinimum"
                                 : !strcmp(k->op, ">=") ? "minimum"
                                                        : NULL;
                if (kw && !wide)
                    sb(out, "%s{\"anyOf\": [{\"not\": {\"type\": \"number\"}}, {\"%s\": %s}]}", out->n ? ", " : "",
                       kw, t);
                else if (!strcmp(k->op, "!=") && !wide)
                    sb(out, "%s{\"not\": {\"const\": %s}}", out->n ? ", " : "", t);
            }
        } else if (k->kind == C_RANGE && !wide && k->value && k->hi &&
                   (k->value->kind == E_INT || k->value->kind == E_FLOAT) &&
                   (k->hi->kind == E_INT || k->hi->kind == E_FLOAT)) {
            sb(out, "%s{\"anyOf\": [{\"not\": {\"type\": \"number\"}}, {\"minimum\": %s, \"maximum\": %s}]}",
               out->n ? ", " : "", k->value->text, k->hi->text);
        } else if ((k->kind == C_SET || k->kind == C_NOTSET) && !wide) {
            sbuf set = {0};
            bool ok = true;
            for (size_t j = 0; j < k->set.n && ok; j++) {
                const expr *v = k->set.items[j];
                ok = v->kind == E_INT;
                if (ok)
                    sb(&set, "%s%lld", j ? ", " : "", strtoll(v->text, NULL, 0));
            }
            if (ok && set.p)
                sb(out, k->kind == C_SET ? "%s{\"enum\": [%s]}" : "%s{\"not\": {\"enum\": [%s]}}", out->n ? ", " : "",
                   set.p);
            free(set.p);
        }
    }
}

/* The names of an enum or table field's codes, as a description. */
static void code_names(ds *x, const tref *t, sbuf *out)
{
    if (t->kind == T_ARRAY)
        t = t->elem;
    if (t->kind != T_NAMED || !t->name)
        return;
    enum_decl *en = find_enum(x->cc, t->name);
    if (!en)
        return;
    sb(out, "\"description\": \"%s: ", en->name);
    for (size_t i = 0; i < en->items.n; i++) {
        enum_item *it = en->items.items[i];
        sb(out, "%s%lld %s", i ? ", " : "", (long long)it->value, it->name);
    }
    sb(out, "\"");
}

static void def_name(ds *x, struct_decl *s, const ctx *c, sbuf *out);

/* The schema of one value of type t (an element, or a field's scalar). */
static void value_schema(ds *x, const tref *t, const ctx *c, sbuf *out)
{
    long long n;
    if (t->kind == T_ARRAY) {
        sb(out, "{\"type\": \"array\", \"items\": ");
        value_schema(x, t->elem, c, out);
        if (t->count->kind == E_INT) {
            n = strtoll(t->count->text, NULL, 0);
            sb(out, ", \"minItems\": %lld, \"maxItems\": %lld", n, n);
        }
        sb(out, "}");
    } else if (t->st) {
        sb(out, "{\"$ref\": \"#/$defs/");
        def_name(x, t->st, c, out);
        sb(out, "\"}");
    } else {
        sb(out, "{\"$ref\": \"#/$defs/%s\"}", prim_def(t->prim));
    }
}

static void field_schema(ds *x, member *m, const ctx *c, sbuf *out)
{
    sbuf extra = {0};
    const tref *t = m->type;
    const tref *scalar = t;
    while (scalar->kind == T_ARRAY)
        scalar = scalar->elem;
    if (!scalar->st)
        narrowing(m, scalar->prim, &extra);
    sbuf names = {0};
    code_names(x, t, &names);
    if (!extra.n) {
        if (names.n) {
            sbuf v = {0};
            value_schema(x, t, c, &v);
            /* {"$ref": ...} + description */
            sb(out, "{%s, %s", names.p, v.p + 1);
            free(v.p);
        } else {
            value_schema(x, t, c, out);
        }
    } else if (t->kind == T_ARRAY) {
        /* the constraints apply to every scalar of the array */
        int depth = 0;
        for (const tref *u = t; u->kind == T_ARRAY; u = u->elem)
            depth++;
        for (const tref *u = t; u->kind == T_ARRAY; u = u->elem) {
            sb(out, "{\"type\": \"array\"");
            if (u->count->kind == E_INT)
                sb(out, ", \"minItems\": %s, \"maxItems\": %s", u->count->text, u->count->text);
            sb(out, ", \"items\": ");
        }
        sb(out, "{%s%s\"allOf\": [{\"$ref\": \"#/$defs/%s\"}, %s]}", names.n ? names.p : "", names.n ? ", " : "",
           prim_def(scalar->prim), extra.p);
        for (int i = 0; i < depth; i++)
            sb(out, "}");
    } else {
        sb(out, "{%s%s\"allOf\": [{\"$ref\": \"#/$defs/%s\"}, %s]}", names.n ? names.p : "", names.n ? ", " : "",
           prim_def(scalar->prim), extra.p);
    }
    free(extra.p);
    free(names.p);
}

/* ---- objects ------------------------------------------------------------- */

static void def_name(ds *x, struct_decl *s, const ctx *c, sbuf *out)
{
    sb(out, "%s", s->name);
    if (!c || !in_vec(&x->deps, s))
        return;
    for (int i = 0; i < c->n; i++)
        sb(out, "@%s=%" PRId64, c->field[i]->name, c->value[i]);
}

/* A presence condition: a chain of expressions, each possibly negated. */
typedef struct chain {
    int n;
    const expr *e[24];
    bool neg[24];
} chain;

static tr_kind chain_schema(ds *x, struct_decl *s, const ctx *c, const chain *ch, sbuf *out)
{
    sbuf parts = {0};
    int count = 0;
    tr_kind k = TR_TRUE;
    for (int i = 0; i < ch->n; i++) {
        env e = {s, c, NULL, 0, 0};
        sbuf one = {0};
        expr not_e = {.kind = E_NOT, .lhs = (expr *)ch->e[i]};
        tr_kind t = translate(x, &e, ch->neg[i] ? &not_e : ch->e[i], &one);
        if (t == TR_FALSE) {
            free(one.p);
            k = TR_FALSE;
            break;
        }
        if (t == TR_UNKNOWN)
            k = TR_UNKNOWN;
        if (t == TR_SCHEMA) {
            sb(&parts, "%s%s", count ? ", " : "", one.p);
            count++;
        }
        free(one.p);
    }
    if (k == TR_TRUE && count)
        k = TR_SCHEMA;
    if (k == TR_SCHEMA)
        sb(out, count == 1 ? "%s" : "{\"allOf\": [%s]}", parts.p);
    free(parts.p);
    return k;
}

typedef struct group {
    sbuf props;    /* "name": schema, ... (every field, conditional or not) */
    sbuf required; /* "name", ... (the unconditional ones) */
    sbuf clauses;  /* conditional parts: schemas, comma-separated */
    bool arms;     /* switch arms: members of other structs appear here */
} group;

static void clause(group *g, const char *fmt, const char *a, const char *b)
{
    sb(&g->clauses, "%s", g->clauses.n ? ", " : "");
    sb(&g->clauses, fmt, a, b);
}

/* Fields under condition ch: required when it holds, absent when not. */
static void conditional_fields(ds *x, struct_decl *s, const ctx *c, const chain *ch, group *g, const sbuf *names)
{
    if (!names->n)
        return;
    sbuf cond = {0}, absent = {0};
    tr_kind k = chain_schema(x, s, c, ch, &cond);
    /* absent: {"not": {"anyOf": [{"required": ["a"]}, ...]}} */
    sb(&absent, "{\"not\": {\"anyOf\": [");
    const char *p = names->p;
    bool first = true;
    while (*p) {
        const char *q = strchr(p, ',');
        size_t n = q ? (size_t)(q - p) : strlen(p);
        sb(&absent, "%s{\"required\": [%.*s]}", first ? "" : ", ", (int)n, p);
        first = false;
        p += n;
        while (*p == ',' || *p == ' ')
            p++;
    }
    sb(&absent, "]}}");
    if (k == TR_TRUE) {
        sb(&g->required, "%s%s", g->required.n ? ", " : "", names->p);
    } else if (k == TR_FALSE) {
        clause(g, "%s%s", absent.p, "");
    } else if (k == TR_SCHEMA) {
        sbuf then = {0};
        sb(&then, "{\"required\": [%s]}", names->p);
        sb(&g->clauses, "%s{\"if\": %s, \"then\": %s, \"else\": %s}", g->clauses.n ? ", " : "", cond.p, then.p,
           absent.p);
        free(then.p);
    } else {
        x->weak = true; /* present or not: allowed, not required */
    }
    free(cond.p);
    free(absent.p);
}

/* An arm's members (S.members) under condition ch. */
static void conditional_arm(ds *x, struct_decl *s, const ctx *c, const chain *ch, group *g, struct_decl *arm)
{
    sbuf cond = {0}, ref = {0};
    sb(&ref, "{\"$ref\": \"#/$defs/");
    def_name(x, arm, c, &ref);
    sb(&ref, ".members\"}");
    tr_kind k = chain_schema(x, s, c, ch, &cond);
    if (k == TR_TRUE)
        clause(g, "%s%s", ref.p, "");
    else if (k == TR_SCHEMA)
        clause(g, "{\"if\": %s, \"then\": %s}", cond.p, ref.p);
    else if (k == TR_UNKNOWN) {
        /* taken or not: its members are allowed (their schemas apply when present) */
        x->weak = true;
        sbuf open = {0};
        sb(&open, "{\"anyOf\": [%s, {}]}", ref.p);
        clause(g, "%s%s", open.p, "");
        free(open.p);
    }
    free(cond.p);
    free(ref.p);
}

static void free_group(group *g)
{
    free(g->props.p);
    free(g->required.p);
    free(g->clauses.p);
}

static void members_of(ds *x, struct_decl *s, vec *members, const ctx *c, chain *ch, group *g, sbuf *names);

static void branch(ds *x, struct_decl *s, vec *members, const ctx *c, const chain *ch, group *g)
{
    sbuf names = {0};
    chain own = *ch;
    members_of(x, s, members, c, &own, g, &names);
    conditional_fields(x, s, c, ch, g, &names);
    free(names.p);
}

/* Walks the members: every field into g->props, its name into names (the
 * fields under the condition ch, which the caller turns into a clause). */
static void members_of(ds *x, struct_decl *s, vec *members, const ctx *c, chain *ch, group *g, sbuf *names)
{
    for (size_t i = 0; i < members->n; i++) {
        member *m = members->items[i];
        if (m->kind == M_FIELD) {
            sb(&g->props, "%s\"%s\": ", g->props.n ? ", " : "", m->name);
            field_schema(x, m, c, &g->props);
            sb(names, "%s\"%s\"", names->n ? ", " : "", m->name);
        } else if (m->kind == M_PROCESS) {
            members_of(x, s, &m->body, c, ch, g, names);
        } else if (m->kind == M_DUMP) {
            /* the hook's output has no declaration: the schema says it is
               there and who writes it, not its shape */
            sb(&g->props, "%s\"%s\": {\"description\": \"derived from the decoded document by the format's "
               "dump hook '%s' (its shape is not declared by the layout; undump ignores it)\"}",
               g->props.n ? ", " : "", m->name, m->segment);
            sb(names, "%s\"%s\"", names->n ? ", " : "", m->name);
        } else if (m->kind == M_IF) {
            if (ch->n >= 23) {
                cc_error(x->cc, m->at, "conditions nest too deeply for the dump's JSON Schema");
                continue;
            }
            for (int side = 0; side < 2; side++) {
                chain own = *ch;
                own.e[own.n] = m->value;
                own.neg[own.n] = side == 1;
                own.n++;
                branch(x, s, side ? &m->else_body : &m->body, c, &own, g);
            }
        } else if (m->kind == M_SWITCH) {
            chain own = *ch;
            for (size_t k = 0; k < m->arms.n; k++) {
                switch_arm *a = m->arms.items[k];
                chain arm = own;
                if (a->cond && arm.n < 23) {
                    arm.e[arm.n] = a->cond;
                    arm.neg[arm.n] = false;
                    arm.n++;
                } else if (!a->cond && m->disc) {
                    /* the else arm of a value switch: none of the others */
                    for (size_t j = 0; j < m->arms.n && arm.n < 23; j++) {
                        switch_arm *o = m->arms.items[j];
                        if (o->cond) {
                            arm.e[arm.n] = o->cond;
                            arm.neg[arm.n] = true;
                            arm.n++;
                        }
                    }
                }
                if (a->st) {
                    g->arms = true;
                    conditional_arm(x, s, c, &arm, g, a->st);
                }
                /* later arms: this one's condition failed */
                if (a->cond && !m->disc && own.n < 23) {
                    own.e[own.n] = a->cond;
                    own.neg[own.n] = true;
                    own.n++;
                }
            }
        }
    }
}

/* The schema of a struct's members into b: `open` for an arm's members
 * (S.members, they appear in the parent object, which closes it), else the
 * object, closed: with additionalProperties when every member it may have
 * is its own, with unevaluatedProperties when switch arms add members of
 * other structs (the slower keyword, used only where needed). */
static void object_schema(ds *x, struct_decl *s, vec *members, const ctx *c, bool open, sbuf *b)
{
    group g = {0};
    chain none = {0};
    sbuf names = {0};
    members_of(x, s, members, c, &none, &g, &names);
    if (names.n)
        sb(&g.required, "%s%s", g.required.n ? ", " : "", names.p);
    free(names.p);
    sb(b, "{");
    if (!open)
        sb(b, "\"type\": \"object\", ");
    sb(b, "\"properties\": {%s}", g.props.p ? g.props.p : "");
    if (g.required.n)
        sb(b, ", \"required\": [%s]", g.required.p);
    if (g.clauses.n)
        sb(b, ", \"allOf\": [%s]", g.clauses.p);
    if (!open)
        sb(b, g.arms ? ", \"unevaluatedProperties\": false" : ", \"additionalProperties\": false");
    sb(b, "}");
    free_group(&g);
}

static void collect_inlined(ds *x, vec *members)
{
    for (size_t i = 0; i < members->n; i++) {
        member *m = members->items[i];
        if (m->kind == M_IF || m->kind == M_PROCESS) {
            collect_inlined(x, &m->body);
            collect_inlined(x, &m->else_body);
        } else if (m->kind == M_SWITCH) {
            for (size_t k = 0; k < m->arms.n; k++) {
                switch_arm *a = m->arms.items[k];
                if (a->st && !in_vec(&x->inlined, a->st))
                    vec_push(x->cc, &x->inlined, a->st);
            }
        }
    }
}

static void struct_defs(ds *x, struct_decl *s, const ctx *c)
{
    sbuf *b = x->b;
    sb(b, ",\n    \"");
    def_name(x, s, c, b);
    sb(b, "\": ");
    object_schema(x, s, &s->members, c, false, b);
    if (in_vec(&x->inlined, s)) {
        sb(b, ",\n    \"");
        def_name(x, s, c, b);
        sb(b, ".members\": ");
        object_schema(x, s, &s->members, c, true, b);
    }
}

static void all_defs(ds *x, const ctx *c, bool dependent_only)
{
    format_decl *f = x->f;
    for (size_t i = 0; i < f->structs.n; i++) {
        struct_decl *s = f->structs.items[i];
        if (s->tparams.n || s == f->root_st)
            continue;
        bool dep = in_vec(&x->deps, s);
        if (dependent_only ? dep : !dep)
            struct_defs(x, s, c);
    }
}

/* ---- the document -------------------------------------------------------- */

static void top(ds *x)
{
    sbuf *b = x->b;
    format_decl *f = x->f;
    sb(b, "{\n  \"$schema\": \"https://json-schema.org/draft/2020-12/schema\",\n");
    sb(b, "  \"$id\": \"https://animkit.invalid/schemas/%s.dump.schema.json\",\n", f->id);
    sb(b, "  \"title\": ");
    char title[512];
    snprintf(title, sizeof title, "animkit dump of %s", f->title);
    sb_str(b, title);
    sb(b, ",\n");
    for (size_t i = 0; i < f->structs.n; i++)
        collect_inlined(x, &((struct_decl *)f->structs.items[i])->members);
    /* the root fields nested conditions test, and their values */
    for (size_t i = 0; i < f->structs.n; i++) {
        struct_decl *s = f->structs.items[i];
        if (!s->tparams.n && s != f->root_st)
            tests_roots(x, s, &s->members);
    }
    int variants = 1;
    for (int i = 0; i < x->roots.n; i++) {
        x->domain_n[i] = root_domain(x->roots.field[i], x->domain[i]);
        if (!x->domain_n[i] || variants * x->domain_n[i] > MAX_VARIANTS) {
            /* no small domain: the conditions that test it stay untranslated */
            x->roots.field[i--] = x->roots.field[--x->roots.n];
            continue;
        }
        variants *= x->domain_n[i];
    }
    /* which structs depend on them: those that test them, and their holders */
    for (size_t i = 0; i < f->structs.n && x->roots.n; i++) {
        struct_decl *s = f->structs.items[i];
        ds probe = *x;
        probe.roots.n = 0;
        if (!s->tparams.n && s != f->root_st && tests_roots(&probe, s, &s->members)) {
            for (int k = 0; k < probe.roots.n; k++)
                for (int j = 0; j < x->roots.n; j++)
                    if (probe.roots.field[k] == x->roots.field[j] && !in_vec(&x->deps, s))
                        vec_push(x->cc, &x->deps, s);
        }
    }
    for (size_t i = 0; i < f->structs.n && x->roots.n; i++) {
        struct_decl *s = f->structs.items[i];
        if (!s->tparams.n)
            depends(x, s, &s->members, 0);
    }
    sbuf defs = {0};
    sbuf *saved = x->b;
    x->b = &defs;
    shared_defs(&defs);
    all_defs(x, NULL, false);
    ctx c = x->roots;
    sbuf root_refs = {0};
    for (int v = 0; v < variants; v++) {
        int rest = v;
        for (int i = 0; i < c.n; i++) {
            c.value[i] = x->domain[i][rest % x->domain_n[i]];
            rest /= x->domain_n[i];
        }
        if (x->roots.n)
            all_defs(x, &c, true);
        /* the root: its members with the nested structs of this variant */
        char name[256];
        snprintf(name, sizeof name, "%s", f->root_st->name);
        for (int i = 0; i < c.n; i++) {
            size_t len = strlen(name);
            snprintf(name + len, sizeof name - len, "@%s=%" PRId64, c.field[i]->name, c.value[i]);
        }
        sb(&defs, ",\n    \"%s\": ", name);
        object_schema(x, f->root_st, &f->root_st->members, x->roots.n ? &c : NULL, false, &defs);
        if (!x->roots.n) {
            sb(&root_refs, "\"$ref\": \"#/$defs/%s\"", name);
        } else {
            sbuf test = {0};
            for (int i = 0; i < c.n; i++)
                sb(&test, "%s\"%s\": {\"const\": %" PRId64 "}", i ? ", " : "", c.field[i]->name, c.value[i]);
            sb(&root_refs, "%s    {\"if\": {\"properties\": {%s}}, \"then\": {\"$ref\": \"#/$defs/%s\"}}",
               v ? ",\n" : "", test.p, name);
            free(test.p);
        }
        if (!x->roots.n)
            break;
    }
    x->b = saved;
    sb(b, "  \"$comment\": \"generated by animgen from %s: what `animkit dump` writes, member for member. "
          "Not expressed here (animkit validate checks the file): counts against the length of their arrays, "
          "constraints between members, and rules of warning severity",
       x->cc->path);
    if (x->weak)
        sb(b, "; the presence of some conditional members (they are allowed, not required)");
    sb(b, ".\",\n");
    if (!x->roots.n) {
        sb(b, "  %s,\n", root_refs.p);
    } else {
        sbuf dom = {0};
        for (int i = 0; i < x->roots.n; i++) {
            sb(&dom, "%s\"%s\": {\"enum\": [", i ? ", " : "", x->roots.field[i]->name);
            for (int k = 0; k < x->domain_n[i]; k++)
                sb(&dom, "%s%" PRId64, k ? ", " : "", x->domain[i][k]);
            sb(&dom, "]}");
        }
        sb(b, "  \"type\": \"object\",\n  \"properties\": {%s},\n", dom.p);
        sb(b, "  \"required\": [");
        for (int i = 0; i < x->roots.n; i++)
            sb(b, "%s\"%s\"", i ? ", " : "", x->roots.field[i]->name);
        sb(b, "],\n  \"allOf\": [\n%s\n  ],\n", root_refs.p);
        free(dom.p);
    }
    for (size_t i = 0; i < x->value_sets.n; i++) {
        sb(&defs, ",\n    \"value_set_%zu\": %s", i, (const char *)x->value_sets.items[i]);
        free(x->value_sets.items[i]);
    }
    sb(b, "  \"$defs\": {\n%s\n  }\n}\n", defs.p ? defs.p : "");
    free(defs.p);
    free(root_refs.p);
}

bool cc_emit_dump_schema(compiler *cc, FILE *c)
{
    sbuf b = {0};
    ds x;
    memset(&x, 0, sizeof x);
    x.cc = cc;
    x.f = cc->format;
    x.b = &b;
    top(&x);
    char name[200];
    snprintf(name, sizeof name, "%s_dump_schema", cc->format->id);
    gen_c_text(c, name, b.p, b.n);
    bool ok = b.p != NULL;
    free(b.p);
    return ok;
}
