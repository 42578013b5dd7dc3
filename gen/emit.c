/* animgen: C code generation for binary layouts.
 *
 * Per struct S of format F (after expand.c: templates are instances, value
 * switches are condition switches) it writes a C struct F_S, and
 *   v_S  streaming validation (reads in place, stores scalars only); with
 *        c->js set it writes the JSON dump as it reads (the streaming dump),
 *   d_S  decoding into an arena document (arrays allocated after their count
 *        was checked against the remaining bytes),
 *   e_S  encoding back to bytes,
 * plus field metadata (F_meta_S) for the generic JSON dump and undump and
 * for model mappings, the value tables, the rule table, the entry points
 * (sniff, validate, decode, encode, dump, undump, reemit) and the format's
 * registry entry. Generated functions nest as the declaration nests; nothing
 * in them recurses on input-controlled depth. Code generated from a member
 * carries a #line directive back to the member's line of the declaration. */
#include "ast.h"
#include "emit_common.h"
#include "document.h"
#include "emit_dumpschema.h"
#include "emit_blocks.h"

#include <ctype.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

typedef enum mode { MODE_V, MODE_D, MODE_E } mode;

typedef struct emitter {
    compiler *cc;
    format_decl *f;
    FILE *h, *c;
    const char *id;
    vec watches;       /* names watched by `nonempty(...)` */
    vec hooked;        /* member* whose end offsets hooks need */
    vec started;       /* member*: arrays of numbers an assert is `at` (their first byte, from_N_) */
    member *each;      /* emitting `assert each A: e`: the array whose name stands for the element ev_ */
    vec scope;         /* member* whose at_N_ offsets the function being written has */
    bool unchecked;    /* emitting a fast element reader (no bounds checks) */
    int unchecked_off; /* byte offset of the next field in that element */
} emitter;

static void rule_ident(emitter *em, const rule_decl *r, char *buf, size_t n)
{
    snprintf(buf, n, "%s_R_", em->id);
    size_t k = strlen(buf);
    for (const char *s = r->code + strlen(em->id) + 1; *s && k + 1 < n; s++)
        buf[k++] = isalnum((unsigned char)*s) ? (char)toupper((unsigned char)*s) : '_';
    buf[k] = 0;
}

/* &F_rules[F_R_X]; four rotating buffers, so that a call can use several */
static const char *rule_ref(emitter *em, const rule_decl *r)
{
    static char bufs[4][256];
    static int next;
    char *buf = bufs[next++ & 3];
    char ident[200];
    rule_ident(em, r, ident, sizeof ident);
    snprintf(buf, 256, "&%s_rules[%s]", em->id, ident);
    return buf;
}

static void line_at(emitter *em, loc at)
{
    if (at.line > 0)
        gen_out(em->c, "#line %d \"%s\"\n", at.line, em->cc->path);
}

static void line_back(emitter *em) { gen_out(em->c, "%s\n", GEN_LINE_RESET); }

/* ---- expressions ------------------------------------------------------- */

/* Whether e has an integer value in C (fields of integer types, literals,
 * `remaining`, comparisons; lets are doubles). */
static bool integral(emitter *em, struct_decl *cur, const expr *e)
{
    char tmp[512];
    switch (e->kind) {
    case E_INT:
    case E_SIZEOF:
    case E_NOT: return true;
    case E_NAME: {
        if (strcmp(e->text, "remaining") == 0)
            return true;
        if (em->each && strcmp(e->text, em->each->name) == 0)
            return prim_is_int(em->each->type->elem->prim);
        member *m = resolve_name(em->cc, cur, e->text, tmp, sizeof tmp);
        return m && prim_is_int(member_prim(m));
    }
    case E_NEG: return integral(em, cur, e->lhs);
    case E_BINARY:
        return strchr("+-*/", e->op[0]) && !e->op[1] ? integral(em, cur, e->lhs) && integral(em, cur, e->rhs) : true;
    case E_COND: return integral(em, cur, e->rhs) && integral(em, cur, e->alt);
    default: return false;
    }
}

static void emit_expr(emitter *em, FILE *fp, struct_decl *cur, const expr *e)
{
    char tmp[512];
    switch (e->kind) {
    case E_INT: {
        unsigned long long v = strtoull(e->text, NULL, 0);
        if (v > 0x7fffffffffffffffULL)
            gen_out(fp, "%lluULL", v);
        else
            gen_out(fp, "%lldLL", (long long)v);
        break;
    }
    case E_FLOAT: gen_out(fp, "%s", e->text); break;
    case E_NAME:
        if (strcmp(e->text, "remaining") == 0) {
            gen_out(fp, "((int64_t)ak_lleft(c))");
            break;
        }
        if (em->each && strcmp(e->text, em->each->name) == 0) {
            gen_out(fp, "ev_");
            break;
        }
        if (!resolve_name(em->cc, cur, e->text, tmp, sizeof tmp))
            snprintf(tmp, sizeof tmp, "0 /* ? %s */", e->text);
        gen_out(fp, "%s", tmp);
        break;
    case E_NOT:
        fputs("(!", fp);
        emit_expr(em, fp, cur, e->lhs);
        fputc(')', fp);
        break;
    case E_NEG:
        fputs("(-", fp);
        emit_expr(em, fp, cur, e->lhs);
        fputc(')', fp);
        break;
    case E_BINARY: {
        /* & and % on integers, also when an operand is a let (a double); %
           and an integer / by 0 give 0 (ak_ldiv): a let is also computed
           over a document still being built (the undump) */
        bool mod = strcmp(e->op, "%") == 0;
        if (mod || (strcmp(e->op, "/") == 0 && integral(em, cur, e))) {
            gen_out(fp, "ak_l%s((int64_t)(", mod ? "mod" : "div");
            emit_expr(em, fp, cur, e->lhs);
            fputs("), (int64_t)(", fp);
            emit_expr(em, fp, cur, e->rhs);
            fputs("))", fp);
            break;
        }
        bool bits = strcmp(e->op, "&") == 0;
        fputc('(', fp);
        if (bits)
            fputs("(int64_t)", fp);
        emit_expr(em, fp, cur, e->lhs);
        gen_out(fp, " %s ", e->op);
        if (bits)
            fputs("(int64_t)", fp);
        emit_expr(em, fp, cur, e->rhs);
        fputc(')', fp);
        break;
    }
    case E_COND:
        fputc('(', fp);
        emit_expr(em, fp, cur, e->lhs);
        fputs(" ? ", fp);
        emit_expr(em, fp, cur, e->rhs);
        fputs(" : ", fp);
        emit_expr(em, fp, cur, e->alt);
        fputc(')', fp);
        break;
    case E_AGG:
        /* outside the reader (encoder, lets of a built document): over the
           document's elements; the reader accumulates it (emit_array_rw) */
        gen_out(fp, "aggall%d_(o, r_)", e->let->id);
        break;
    case E_SIZEOF: {
        prim_kind p = P_NONE;
        endian en;
        cc_parse_prim(e->text, &p, &en);
        gen_out(fp, "%dLL", prim_size(p));
        break;
    }
    }
}

void cc_emit_expr(compiler *cc, FILE *fp, struct_decl *cur, const expr *e)
{
    emitter em = {.cc = cc, .f = cc->format, .id = cc->format->id};
    emit_expr(&em, fp, cur, e);
}

/* ---- types ------------------------------------------------------------------ */

static const char *ctype_of(emitter *em, const tref *t)
{
    static char bufs[2][256];
    static int next;
    char *buf = bufs[next++ & 1];
    if (t->st)
        snprintf(buf, 256, "%s_%s", em->id, t->st->name);
    else
        snprintf(buf, 256, "%s", prim_ctype(t->prim));
    return buf;
}

static bool fixed_count(const tref *t, long long *n)
{
    if (t->kind != T_ARRAY || t->count->kind != E_INT)
        return false;
    *n = strtoll(t->count->text, NULL, 0);
    return true;
}

/* A fixed array of scalars (a tuple, packed bits): the value of one element
 * or field that is read and checked as a whole. */
static bool is_tuple(const tref *t)
{
    long long n = 0;
    return t->kind == T_ARRAY && fixed_count(t, &n) && t->elem->kind == T_NAMED && !t->elem->st;
}

static const char *lkind_of(const tref *t)
{
    if (t->kind == T_ARRAY)
        return fixed_count(t, &(long long){0}) ? "AK_LK_FIXED" : "AK_LK_ARRAY";
    if (t->st)
        return "AK_LK_STRUCT";
    switch (t->prim) {
    case P_U8: return "AK_LK_U8";
    case P_I8: return "AK_LK_I8";
    case P_U16: return "AK_LK_U16";
    case P_I16: return "AK_LK_I16";
    case P_U32: return "AK_LK_U32";
    case P_I32: return "AK_LK_I32";
    case P_U64: return "AK_LK_U64";
    case P_I64: return "AK_LK_I64";
    case P_F32: return "AK_LK_F32";
    case P_F64: return "AK_LK_F64";
    case P_BOOL8:
    case P_BIT: return "AK_LK_BOOL";
    case P_VARINT: return "AK_LK_VARINT";
    case P_STRING7: return "AK_LK_STRING";
    case P_NSTRING7: return "AK_LK_NSTRING";
    case P_LEB128: return "AK_LK_LEB128";
    default: return "AK_LK_U8";
    }
}

/* "float name", "float name[3]", "S name" */
static void emit_decl(emitter *em, FILE *fp, const tref *t, const char *name)
{
    long long n = 0;
    if (fixed_count(t, &n)) {
        const tref *el = t->elem;
        long long k;
        if (fixed_count(el, &k))
            gen_out(fp, "%s %s[%lld][%lld]", ctype_of(em, el->elem), name, n, k);
        else
            gen_out(fp, "%s %s[%lld]", ctype_of(em, el), name, n);
    } else {
        gen_out(fp, "%s %s", ctype_of(em, t), name);
    }
}

/* "float *name", "float (*name)[3]": a pointer to elements of type el */
static void emit_elem_ptr(emitter *em, FILE *fp, const tref *el, const char *name)
{
    long long k;
    if (fixed_count(el, &k))
        gen_out(fp, "%s (*%s)[%lld]", ctype_of(em, el->elem), name, k);
    else
        gen_out(fp, "%s *%s", ctype_of(em, el), name);
}

static void emit_struct_members(emitter *em, struct_decl *s, vec *members)
{
    for (size_t i = 0; i < members->n; i++) {
        member *m = members->items[i];
        switch (m->kind) {
        case M_FIELD: {
            tref *t = m->type;
            gen_out(em->h, "    ");
            if (t->kind == T_ARRAY && !fixed_count(t, &(long long){0})) {
                emit_elem_ptr(em, em->h, t->elem, m->name);
                gen_out(em->h, ";\n    size_t %s_count;\n", m->name);
                if (gen_made_one_at_a_time(em->f, m))
                    gen_out(em->h, "    struct ak_lelements *%s_made_; /* set: made as encoded */\n", m->name);
            } else {
                emit_decl(em, em->h, t, m->name);
                gen_out(em->h, ";\n");
            }
            break;
        }
        case M_LET: gen_out(em->h, "    double %s; /* let */\n", m->name); break;
        case M_IF:
            emit_struct_members(em, s, &m->body);
            emit_struct_members(em, s, &m->else_body);
            break;
        case M_PROCESS: emit_struct_members(em, s, &m->body); break;
        case M_SWITCH: {
            if (m->name)
                gen_out(em->h, "    int %s; /* the arm taken: %s_%s_<arm struct> */\n", m->name, em->id, m->name);
            else
                gen_out(em->h, "    int sw%d; /* the arm taken by switch #%d */\n", m->id, m->id);
            /* one arm is present at a time: they share their storage */
            bool any = false;
            for (size_t k = 0; k < m->arms.n; k++) {
                switch_arm *a = m->arms.items[k];
                if (!a->st)
                    continue;
                bool dup = false;
                for (size_t j = 0; j < k; j++)
                    if (((switch_arm *)m->arms.items[j])->st == a->st)
                        dup = true;
                if (dup)
                    continue;
                if (!any)
                    gen_out(em->h, "    union {\n");
                any = true;
                gen_out(em->h, "        %s_%s %s;\n", em->id, a->st->name, a->st->name);
            }
            if (any)
                gen_out(em->h, "    };\n");
            break;
        }
        default: break;
        }
    }
}

static void deps_of_type(emitter *em, const tref *t);

static void deps_of_members(emitter *em, vec *members)
{
    for (size_t i = 0; i < members->n; i++) {
        member *m = members->items[i];
        if (m->kind == M_FIELD)
            deps_of_type(em, m->type);
        else if (m->kind == M_IF || m->kind == M_PROCESS) {
            deps_of_members(em, &m->body);
            deps_of_members(em, &m->else_body);
        } else if (m->kind == M_SWITCH) {
            for (size_t a = 0; a < m->arms.n; a++) {
                switch_arm *arm = m->arms.items[a];
                if (arm->st)
                    deps_of_type(em, &(tref){.kind = T_NAMED, .st = arm->st});
            }
        }
    }
}

static void emit_struct_type(emitter *em, struct_decl *s);

static void deps_of_type(emitter *em, const tref *t)
{
    while (t->kind == T_ARRAY)
        t = t->elem;
    if (t->st)
        emit_struct_type(em, t->st);
}

static void emit_struct_type(emitter *em, struct_decl *s)
{
    if (s->emitted)
        return;
    s->emitted = true;
    deps_of_members(em, &s->members); /* dependencies first */
    gen_out(em->h, "\ntypedef struct %s_%s {\n", em->id, s->name);
    emit_struct_members(em, s, &s->members);
    if (!s->members.n)
        gen_out(em->h, "    char unused_;\n");
    gen_out(em->h, "} %s_%s;\n", em->id, s->name);
    for (size_t i = 0; i < s->members.n; i++) {
        member *m = s->members.items[i];
        if (m->kind != M_SWITCH || !m->name)
            continue;
        gen_out(em->h, "enum {");
        for (size_t k = 0; k < m->arms.n; k++) {
            switch_arm *a = m->arms.items[k];
            if (a->st)
                gen_out(em->h, "%s %s_%s_%s = %zu", k ? "," : "", em->id, m->name, a->st->name, k);
        }
        gen_out(em->h, " };\n");
    }
}

/* ---- reading ---------------------------------------------------------------- */

static const char *getter(prim_kind p, endian e)
{
    bool big = e == END_BIG;
    switch (prim_size(p)) {
    case 2: return big ? "ak_lget16be" : "ak_lget16le";
    case 4: return big ? "ak_lget32be" : "ak_lget32le";
    case 8: return big ? "ak_lget64be" : "ak_lget64le";
    default: return "";
    }
}

static endian end_of(emitter *em, const tref *t) { return t->end != END_DEFAULT ? t->end : em->f->end; }

static int watch_index(emitter *em, const char *name)
{
    for (size_t i = 0; i < em->watches.n; i++)
        if (strcmp(em->watches.items[i], name) == 0)
            return (int)i;
    return -1;
}

static bool in_scope(emitter *em, const member *m)
{
    for (size_t i = 0; i < em->scope.n; i++)
        if (em->scope.items[i] == m)
            return true;
    return false;
}

static bool hooked(emitter *em, const member *m)
{
    for (size_t i = 0; i < em->hooked.n; i++)
        if (em->hooked.items[i] == m)
            return true;
    return false;
}

static bool started(emitter *em, const member *m)
{
    for (size_t i = 0; i < em->started.n; i++)
        if (em->started.items[i] == m)
            return true;
    return hooked(em, m);
}

/* printf conversion and argument for a scalar value in messages */
static void value_fmt(prim_kind p, const char *lv, char *fmt, size_t fn, char *arg, size_t an)
{
    if (prim_is_float(p)) {
        snprintf(fmt, fn, "%%.9g");
        snprintf(arg, an, "(double)%s", lv);
    } else if (p == P_U64 || p == P_LEB128) {
        snprintf(fmt, fn, "%%llu");
        snprintf(arg, an, "(unsigned long long)%s", lv);
    } else {
        snprintf(fmt, fn, "%%lld");
        snprintf(arg, an, "(long long)%s", lv);
    }
}

/* Constraints that the generic check chains test (the others are part of
 * reading: lengths, UTF-8, counts, orders across elements). */
static bool chain_checked(const cons *k)
{
    switch (k->kind) {
    case C_CMP:
    case C_RANGE:
    case C_SET:
    case C_NOTSET:
    case C_ENUM:
    case C_FINITE:
    case C_FLAG:
    case C_UNIT: return true;
    default: return false;
    }
}

static int chain_count(const member *m)
{
    int n = 1;
    for (size_t i = 0; i < m->cons.n; i++)
        if (((cons *)m->cons.items[i])->chain)
            n++;
    return n;
}

/* The test of constraint k on value lv (false when it fails). */
static void emit_test(emitter *em, struct_decl *s, const cons *k, const char *lv, const char *raw, int bits)
{
    FILE *c = em->c;
    switch (k->kind) {
    case C_CMP:
        gen_out(c, "%s %s ", lv, k->op);
        emit_expr(em, c, s, k->value);
        break;
    case C_RANGE:
        gen_out(c, "%s >= ", lv);
        emit_expr(em, c, s, k->value);
        gen_out(c, " && %s <= ", lv);
        emit_expr(em, c, s, k->hi);
        break;
    case C_SET:
    case C_NOTSET:
        if (k->kind == C_NOTSET)
            gen_out(c, "!(");
        for (size_t j = 0; j < k->set.n; j++) {
            gen_out(c, "%s%s == ", j ? " || " : "", lv);
            emit_expr(em, c, s, k->set.items[j]);
        }
        if (k->kind == C_NOTSET)
            gen_out(c, ")");
        break;
    case C_ENUM:
        if (!k->en->items.n)
            gen_out(c, "0");
        for (size_t j = 0; j < k->en->items.n; j++)
            gen_out(c, "%s%s == %lldLL", j ? " || " : "", lv, (long long)((enum_item *)k->en->items.items[j])->value);
        break;
    case C_FINITE: gen_out(c, "isfinite(%s)", lv); break;
    case C_FLAG:
        if (bits)
            gen_out(c, "(%s >> %d) == 0", raw, bits);
        else
            gen_out(c, "%s <= 1", raw ? raw : lv);
        break;
    default: gen_out(c, "1"); break;
    }
}

/* `(when) && !(test)`: constraint k is violated where it applies. */
static void emit_violation(emitter *em, struct_decl *s, const cons *k, const char *lv, const char *raw, int bits)
{
    if (k->when) {
        gen_out(em->c, "(");
        emit_expr(em, em->c, s, k->when);
        gen_out(em->c, ") && ");
    }
    gen_out(em->c, "!(");
    emit_test(em, s, k, lv, raw, bits);
    gen_out(em->c, ")");
}

/* ---- bounds set by format options, `assert each` ------------------------------ */

static void emit_get(emitter *em, const tref *t, const char *lv, const char *p);

static int op_precedence(const char *op)
{
    static const char *const ops[7][4] = {{"||"}, {"&&"}, {"&"}, {"==", "!="}, {"<", "<=", ">", ">="}, {"+", "-"},
                                          {"*", "/", "%"}};
    for (int i = 0; i < 7; i++)
        for (int j = 0; j < 4 && ops[i][j]; j++)
            if (strcmp(ops[i][j], op) == 0)
                return i + 1;
    return 8;
}

/* Expression e as written, appended to out (for messages). */
static void expr_source(const expr *e, int outer, char *out, size_t n)
{
    size_t k = strlen(out);
    switch (e->kind) {
    case E_NOT:
    case E_NEG:
        snprintf(out + k, n - k, "%s", e->kind == E_NOT ? "!" : "-");
        expr_source(e->lhs, 9, out, n);
        break;
    case E_BINARY: {
        int p = op_precedence(e->op);
        snprintf(out + k, n - k, "%s", p < outer ? "(" : "");
        expr_source(e->lhs, p, out, n);
        k = strlen(out);
        snprintf(out + k, n - k, " %s ", e->op);
        expr_source(e->rhs, p + 1, out, n);
        k = strlen(out);
        snprintf(out + k, n - k, "%s", p < outer ? ")" : "");
        break;
    }
    case E_COND:
    case E_AGG: snprintf(out + k, n - k, "(...)"); break;
    case E_SIZEOF: snprintf(out + k, n - k, "sizeof(%s)", e->text); break;
    default: snprintf(out + k, n - k, "%s", e->text); break;
    }
}

/* `; a = %lld, b = %.9g` and `, (long long)o->a, (double)o->b`: the values
 * of the fields and lets e names (but `skip` and `remaining`), for a message. */
static void names_fmt(emitter *em, struct_decl *s, const expr *e, const char *skip, char *fmt, size_t fn, char *args,
                      size_t an)
{
    vec names = {0}, todo = {0};
    vec_push(em->cc, &todo, (void *)e);
    while (todo.n) {
        const expr *x = todo.items[--todo.n];
        if (!x)
            continue;
        bool seen = x->kind != E_NAME || strcmp(x->text, skip) == 0 || strcmp(x->text, "remaining") == 0;
        for (size_t i = 0; !seen && i < names.n; i++)
            seen = strcmp(names.items[i], x->text) == 0;
        if (!seen)
            vec_push(em->cc, &names, (void *)x->text);
        vec_push(em->cc, &todo, x->alt);
        vec_push(em->cc, &todo, x->rhs);
        vec_push(em->cc, &todo, x->lhs);
    }
    for (size_t i = 0; i < names.n; i++) {
        char lv[300], f[32], a[400];
        member *m = resolve_name(em->cc, s, names.items[i], lv, sizeof lv);
        value_fmt(m ? member_prim(m) : P_F64, lv, f, sizeof f, a, sizeof a);
        size_t k = strlen(fmt), j = strlen(args);
        snprintf(fmt + k, fn - k, "%s%s = %s", i ? ", " : "; ", (const char *)names.items[i], f);
        snprintf(args + j, an - j, ", %s", a);
    }
}

/* `<= option NAME DEFAULT` on integer field m (value lv): the bound is the
 * format option's, else DEFAULT; a malformed option stops (ak_loption_limit). */
static void emit_option_check(emitter *em, struct_decl *s, member *m, const cons *k, const char *lv, int chain,
                              const char *leaf, const char *at, int size)
{
    FILE *c = em->c;
    prim_kind p = m->type->prim;
    bool sign = p == P_I8 || p == P_I16 || p == P_I32 || p == P_I64;
    gen_out(c, "            if (!failed_[%d]", chain);
    if (k->when) {
        gen_out(c, " && (");
        emit_expr(em, c, s, k->when);
        gen_out(c, ")");
    }
    gen_out(c, ") {\n                uint64_t lim_;\n");
    gen_out(c, "                if (!ak_loption_limit(c, %s, \"%s\", %lluULL, &lim_))\n"
               "                    return false;\n",
        rule_ref(em, k->rule), k->option, strtoull(k->value->text, NULL, 0));
    /* a negative value is below any bound */
    gen_out(c, "                if (%s%s(uint64_t)%s > lim_) {\n", sign ? lv : "", sign ? " > 0 && " : "", lv);
    gen_out(c, "                    failed_[%d] = true;\n", chain);
    gen_out(c, "                    if (!ak_lreport(c, %s, %s, %s, %d, %s, ", rule_ref(em, k->rule),
        k->fatal ? "true" : "false", at, size, leaf);
    gen_c_string(c, k->rule->message, true);
    gen_out(c, " \" (%s = %%llu, the limit is %%llu; format option %s sets it)\", (unsigned long long)%s, "
        "(unsigned long long)lim_))\n                        return false;\n                }\n            }\n",
        m->name, k->option, lv);
}

/* `assert each A: e`: e for every element of array A (read again from its
 * span, as a hook reads it), reported at the element. */
static void emit_each(emitter *em, struct_decl *s, member *m)
{
    FILE *c = em->c;
    member *a = find_member_named(s, m->each, NULL);
    const tref *el = a->type->elem;
    int w = prim_size(el->prim);
    if (!in_scope(em, a)) { /* read in another function: a process block's */
        cc_error(em->cc, m->at, "assert each %s: the array and the assert are on two sides of a process block",
                 a->name);
        return;
    }
    char fmt[32], arg[64], more[400] = "", args[1200] = "";
    value_fmt(el->prim, "ev_", fmt, sizeof fmt, arg, sizeof arg);
    names_fmt(em, s, m->value, a->name, more, sizeof more, args, sizeof args);
    gen_out(c, "        for (size_t ei_ = 0; from_%d_ + ei_ * %d < end_%d_; ei_++) {\n", a->id, w, a->id);
    gen_out(c, "            const uint8_t *ep_ = ak_lbytes(c, from_%d_ + ei_ * %d);\n            %s ev_;\n", a->id, w,
        prim_ctype(el->prim));
    emit_get(em, el, "ev_", "ep_");
    em->each = a;
    gen_out(c, "            if (!(");
    emit_expr(em, c, s, m->value);
    em->each = NULL;
    gen_out(c, ") && !ak_lreport(c, %s, %s, from_%d_ + ei_ * %d, %d, \"%s\", ", rule_ref(em, m->rule),
        m->fatal ? "true" : "false", a->id, w, w, a->name);
    gen_c_string(c, m->rule->message, true);
    gen_out(c, " \" (%s[%%zu] = %s%s)\", ei_, %s%s))\n                return false;\n        }\n", a->name, fmt, more,
        arg, args);
}

/* `assert e <= option NAME DEFAULT`: e (as a double) against the bound;
 * where is the offset, length and leaf of the report. */
static void emit_option_assert(emitter *em, struct_decl *s, member *m, const char *where)
{
    FILE *c = em->c;
    char src[400] = "", esc[800];
    expr_source(m->value, 0, src, sizeof src);
    size_t j = 0;
    for (const char *p = src; *p && j + 2 < sizeof esc; p++) {
        if (*p == '%')
            esc[j++] = '%';
        esc[j++] = *p;
    }
    esc[j] = 0;
    gen_out(c, "        {\n            uint64_t lim_;\n");
    gen_out(c, "            if (!ak_loption_limit(c, %s, \"%s\", %lluULL, &lim_))\n                return false;\n",
        rule_ref(em, m->rule), m->option, strtoull(m->limit->text, NULL, 0));
    gen_out(c, "            const double v_ = (double)(");
    emit_expr(em, c, s, m->value);
    gen_out(c, ");\n            if (!(v_ <= (double)lim_) && !ak_lreport(c, %s, %s, %s", rule_ref(em, m->rule),
        m->fatal ? "true" : "false", where);
    gen_c_string(c, m->rule->message, true);
    gen_out(c, " \" (%s = %%.17g, the limit is %%llu; format option %s sets it)\", v_, (unsigned long long)lim_))\n"
        "                return false;\n        }\n", esc, m->option);
}

/* The checks of one value, chain by chain. lv is the value (for a tuple:
 * the array), leaf the path leaf (a C expression), at the offset expression
 * and size the value's byte size. Component constraints of a tuple are
 * tested on every component; `unit` on the whole. */
static void emit_checks(emitter *em, struct_decl *s, member *m, const tref *t, const char *lv, const char *raw,
                        const char *leaf, const char *at, int size)
{
    FILE *c = em->c;
    bool any = false;
    for (size_t i = 0; i < m->cons.n; i++)
        any |= chain_checked(m->cons.items[i]);
    if (!any)
        return;
    long long n = 0;
    bool tuple = is_tuple(t);
    if (tuple)
        fixed_count(t, &n);
    const tref *comp = tuple ? t->elem : t;
    prim_kind p = comp->prim;
    int chains = chain_count(m);
    gen_out(c, "        {\n            bool failed_[%d] = {false};\n", chains);
    char fmt[32], arg[400];
    for (int pass = 0; pass < 2; pass++) {
        /* pass 0: per value (per component of a tuple); pass 1: whole tuples */
        if (pass == 1 && !tuple)
            break;
        const char *clv = lv;
        char comp_lv[300];
        if (tuple && pass == 0) {
            gen_out(c, "            for (size_t k_ = 0; k_ < %lld; k_++) {\n", n);
            snprintf(comp_lv, sizeof comp_lv, "%s[k_]", lv);
            clv = comp_lv;
        }
        value_fmt(p, clv, fmt, sizeof fmt, arg, sizeof arg);
        int chain = 0;
        for (size_t i = 0; i < m->cons.n; i++) {
            cons *k = m->cons.items[i];
            if (k->chain)
                chain++;
            if (!chain_checked(k) || (k->kind == C_FLAG && p == P_NSTRING7))
                continue; /* a nullable string's flag byte is checked as it is read */
            bool whole = k->kind == C_UNIT || (k->kind == C_FLAG && p == P_BIT);
            if (tuple && whole != (pass == 1))
                continue;
            if (k->option) {
                emit_option_check(em, s, m, k, clv, chain, leaf, at, size);
                continue;
            }
            if (k->kind == C_FLAG) {
                /* whatever the chain says: the encoder writes 0/1 (ak_lrecoded) */
                gen_out(c, "            if (");
                emit_violation(em, s, k, clv, raw, p == P_BIT ? (int)n : 0);
                gen_out(c, ")\n                ak_lrecoded(c);\n");
            }
            gen_out(c, "            if (!failed_[%d]", chain);
            if (k->when) {
                gen_out(c, " && (");
                emit_expr(em, c, s, k->when);
                gen_out(c, ")");
            }
            if (k->kind == C_UNIT) {
                gen_out(c, ") {\n                double len_ = ak_llength_%s(%s, %lld);\n",
                    p == P_F32 ? "f32" : "f64", lv, n);
                gen_out(c, "                if ((len_ == 0 || fabs(len_ - 1) > %g)", k->tolerance);
            } else {
                gen_out(c, " && !(");
                emit_test(em, s, k, clv, raw, k->kind == C_FLAG && p == P_BIT ? (int)n : 0);
                gen_out(c, ")");
            }
            gen_out(c, ") {\n                failed_[%d] = true;\n", chain);
            gen_out(c, "                if (!ak_lreport(c, %s, %s, %s, %d, %s, ", rule_ref(em, k->rule),
                k->fatal ? "true" : "false", at, size, leaf);
            gen_c_string(c, k->rule->message, true);
            if (k->kind == C_UNIT)
                gen_out(c, " \" (length %%.9g)\", len_))\n");
            else if (k->kind == C_FLAG)
                gen_out(c, " \" (%s = 0x%%02x)\", (unsigned)%s))\n", m->name, raw ? raw : clv);
            else if (tuple)
                gen_out(c, " \" (%s[%%zu] = %s)\", k_, %s))\n", m->name, fmt, arg);
            else
                gen_out(c, " \" (%s = %s)\", %s))\n", m->name, fmt, arg);
            gen_out(c, "                    return false;\n            }\n");
            if (k->kind == C_UNIT)
                gen_out(c, "            }\n");
        }
        if (tuple && pass == 0)
            gen_out(c, "            }\n");
    }
    gen_out(c, "        }\n");
}

static const cons *find_cons(const member *m, cons_kind k)
{
    for (size_t i = 0; i < m->cons.n; i++)
        if (((cons *)m->cons.items[i])->kind == k)
            return m->cons.items[i];
    return NULL;
}

static void emit_get(emitter *em, const tref *t, const char *lv, const char *p)
{
    FILE *c = em->c;
    switch (t->prim) {
    case P_U8: gen_out(c, "        %s = %s[0];\n", lv, p); break;
    case P_I8: gen_out(c, "        %s = (int8_t)%s[0];\n", lv, p); break;
    case P_F32: gen_out(c, "        %s = ak_lf32(%s(%s));\n", lv, getter(t->prim, end_of(em, t)), p); break;
    case P_F64: gen_out(c, "        %s = ak_lf64(%s(%s));\n", lv, getter(t->prim, end_of(em, t)), p); break;
    default: gen_out(c, "        %s = (%s)%s(%s);\n", lv, prim_ctype(t->prim), getter(t->prim, end_of(em, t)), p); break;
    }
}

/* Reads one value of type t (a scalar or a tuple) into lvalue lv and checks
 * it (validate/decode). */
static void emit_read_value(emitter *em, struct_decl *s, member *m, const tref *t, const char *lv,
                            const char *leaf, const char *leafname)
{
    FILE *c = em->c;
    char at[64];
    snprintf(at, sizeof at, "at_%d_", m->id);
    long long n = 0;
    if (is_tuple(t)) {
        fixed_count(t, &n);
        const tref *el = t->elem;
        if (t->packed) {
            gen_out(c, "        if (ak_lavail(c) < 1 && !ak_lfill(c, 1))\n            return ak_ltruncated(c, %s, 1);\n",
                leafname);
            gen_out(c, "        raw_ = *ak_lcur(c);\n        c->pos++;\n");
            for (long long k = 0; k < n; k++)
                gen_out(c, "        %s[%lld] = (raw_ >> %lld) & 1;\n", lv, k, k);
            emit_checks(em, s, m, t, lv, "raw_", leaf, at, 1);
            return;
        }
        int w = prim_size(el->prim), size = (int)n * w;
        if (em->unchecked) {
            gen_out(c, "        p = q_ + %d;\n", em->unchecked_off);
            em->unchecked_off += size;
        } else {
            gen_out(c, "        if (ak_lavail(c) < %d && !ak_lfill(c, %d))\n            return ak_ltruncated(c, %s, %d);\n",
                size, size, leafname, size);
            gen_out(c, "        p = ak_lcur(c);\n        c->pos += %d;\n", size);
        }
        for (long long k = 0; k < n; k++) {
            char clv[300], pp[32];
            snprintf(clv, sizeof clv, "%s[%lld]", lv, k);
            snprintf(pp, sizeof pp, "(p + %lld)", k * w);
            emit_get(em, el, clv, pp);
        }
        emit_checks(em, s, m, t, lv, NULL, leaf, at, size);
        return;
    }
    prim_kind p = t->prim;
    int size = prim_size(p);
    bool copied = false; /* a track's name, copied by a headers-only decode (cc_model_track_name) */
    if (size) {
        if (em->unchecked) {
            gen_out(c, "        p = q_ + %d;\n", em->unchecked_off);
            em->unchecked_off += size;
        } else {
            gen_out(c, "        if (ak_lavail(c) < %d && !ak_lfill(c, %d))\n            return ak_ltruncated(c, %s, %d);\n",
                size, size, leafname, size);
            gen_out(c, "        p = ak_lcur(c);\n        c->pos += %d;\n", size);
        }
        if (p == P_BOOL8)
            gen_out(c, "        raw_ = p[0];\n        %s = raw_ != 0;\n", lv);
        else
            emit_get(em, t, lv, "p");
        int w = m->name ? watch_index(em, m->name) : -1;
        if (w >= 0 && prim_is_int(p))
            gen_out(c, "        c->watch[%d] += (uint64_t)%s;\n", w, lv);
        emit_checks(em, s, m, t, lv, p == P_BOOL8 ? "raw_" : NULL, leaf, at, size);
        return;
    }
    /* variable size: varint, leb128, string7, nstring7 */
    const cons *length = find_cons(m, C_LENGTH), *utf8 = find_cons(m, C_UTF8), *minimal = find_cons(m, C_MINIMAL);
    const cons *flag = find_cons(m, C_FLAG), *fits = find_cons(m, C_FITS);
    gen_out(c, "        {\n            uint64_t len_;\n            bool overlong_;\n            int st_;\n");
    if (p == P_NSTRING7) {
        gen_out(c, "            if (ak_lavail(c) < 1 && !ak_lfill(c, 1))\n                return ak_ltruncated(c, %s, 1);\n",
            leafname);
        gen_out(c, "            raw_ = *ak_lcur(c);\n");
        gen_out(c, "            if (raw_ > 1 && ak_lrecoded(c) && !ak_lreport(c, %s, %s, c->pos, 1, %s, ", rule_ref(em, flag->rule),
            flag->fatal ? "true" : "false", leaf);
        gen_c_string(c, flag->rule->message, true);
        gen_out(c, " \" (0x%%02x)\", (unsigned)raw_))\n                return false;\n");
        gen_out(c, "            c->pos++;\n");
        gen_out(c, "            %s.ptr = NULL;\n            %s.len = 0;\n            if (raw_) {\n", lv, lv);
    }
    if (p == P_LEB128) {
        gen_out(c, "            size_t nb_;\n            st_ = ak_lread_leb128(c, &len_, &overlong_, &nb_);\n");
    } else {
        gen_out(c, "            st_ = ak_lread_len7(c, &len_, &overlong_);\n");
    }
    gen_out(c, "            if (st_ == 1)\n                return ak_ltruncated(c, %s, 1);\n", leafname);
    gen_out(c, "            if (st_ == 2) {\n                ak_lreport(c, %s, true, c->pos, %d, %s, ", rule_ref(em, length->rule),
        p == P_LEB128 ? 10 : 5, leaf);
    gen_c_string(c, length->rule->message, true);
    gen_out(c, " \": %s\");\n                return false;\n            }\n",
        p == P_LEB128 ? "more than 10 bytes, or a value beyond 64 bits" : "the 7-bit length is malformed");
    if (p == P_VARINT || p == P_LEB128) {
        gen_out(c, "            %s = (%s)len_;\n", lv, prim_ctype(p));
        int w = m->name ? watch_index(em, m->name) : -1;
        if (w >= 0)
            gen_out(c, "            c->watch[%d] += len_;\n", w);
    } else {
        /* A string that runs past the end: with `fits`, one that a file of
           this size could hold was cut (the input is truncated) and a longer
           one is a bad length (fits' rule); without, the length rule. */
        gen_out(c, "            if (len_ > ak_lleft(c)) {\n");
        if (fits)
            gen_out(c, "                if (len_ <= c->end)\n                    return ak_ltruncated(c, %s, (size_t)len_);\n",
                leafname);
        const cons *k = fits ? fits : length;
        gen_out(c, "                ak_lreport(c, %s, true, %s, c->pos - %s, %s, ", rule_ref(em, k->rule), at, at, leaf);
        gen_c_string(c, k->rule->message, true);
        gen_out(c, " \": %%llu bytes, %%zu left\", (unsigned long long)len_, ak_lleft(c));\n"
               "                return false;\n            }\n");
        /* a string is read whole (the window grows to hold it) */
        gen_out(c, "            if (ak_lavail(c) < len_ && !ak_lfill(c, (size_t)len_))\n"
               "                return ak_ltruncated(c, %s, (size_t)len_);\n", leafname);
        gen_out(c, "            %s.ptr = (const char *)ak_lcur(c);\n            %s.len = (size_t)len_;\n", lv, lv);
        gen_out(c, "            c->pos += (size_t)len_;\n");
        copied = cc_model_track_name(em->cc, s, m);
    }
    if (minimal) {
        gen_out(c, "            if (overlong_ && ak_lrecoded(c) && !ak_lreport(c, %s, %s, %s, c->pos - %s, %s, ", rule_ref(em, minimal->rule),
            minimal->fatal ? "true" : "false", at, at, leaf);
        gen_c_string(c, minimal->rule->message, true);
        gen_out(c, "))\n                return false;\n");
    }
    if (utf8) {
        gen_out(c, "            size_t bad_;\n");
        gen_out(c, "            if (!ak_utf8_valid((const uint8_t *)%s.ptr, %s.len, &bad_) && !ak_lreport(c, %s, %s, "
               "(uint64_t)((const uint8_t *)%s.ptr - c->data) + c->base + bad_, 1, %s, ",
            lv, lv, rule_ref(em, utf8->rule), utf8->fatal ? "true" : "false", lv, leaf);
        gen_c_string(c, utf8->rule->message, true);
        gen_out(c, " \" (byte %%zu of the string)\", bad_))\n                return false;\n");
    }
    if (copied)
        gen_out(c, "            if (c->headers && !(%s.ptr = ak_lcopy_string(c, %s.ptr, %s.len)))\n                return false;\n",
            lv, lv, lv);
    if (p == P_NSTRING7)
        gen_out(c, "            }\n");
    gen_out(c, "        }\n");
    emit_checks(em, s, m, t, lv, p == P_NSTRING7 ? "raw_" : NULL, leaf, at, 0);
}

/* Byte offset of a field inside a fixed-size struct, or -1. */
static int field_offset(struct_decl *s, const char *name)
{
    int off = 0;
    for (size_t i = 0; i < s->members.n; i++) {
        member *m = s->members.items[i];
        if (m->kind != M_FIELD)
            continue;
        const tref *t = m->type;
        int size;
        if (is_tuple(t) && !t->packed) {
            long long n = 0;
            fixed_count(t, &n);
            size = (int)n * prim_size(t->elem->prim);
        } else if (t->kind == T_ARRAY || t->st || !prim_size(t->prim)) {
            return -1;
        } else {
            size = prim_size(t->prim);
        }
        if (strcmp(m->name, name) == 0)
            return off;
        off += size;
    }
    return -1;
}

/* ---- the streaming dump (validate mode with c->js set; gen/rt ak_ljs_*) ---- */

/* The index of target among the metadata fields that members make, in
 * emit_meta_fields' order; -1 when it is not there (*n counts on). */
static int meta_index_in(const vec *members, const member *target, int *n)
{
    for (size_t i = 0; i < members->n; i++) {
        const member *m = members->items[i];
        int r;
        switch (m->kind) {
        case M_FIELD:
        case M_DUMP:
            if (m == target)
                return *n;
            (*n)++;
            break;
        case M_IF:
            if ((r = meta_index_in(&m->body, target, n)) >= 0 || (r = meta_index_in(&m->else_body, target, n)) >= 0)
                return r;
            break;
        case M_PROCESS:
            if ((r = meta_index_in(&m->body, target, n)) >= 0)
                return r;
            break;
        case M_SWITCH:
            for (size_t k = 0; k < m->arms.n; k++)
                if (((switch_arm *)m->arms.items[k])->st)
                    (*n)++;
            break;
        default: break;
        }
    }
    return -1;
}

/* "&<id>_meta_<s>.fields[k]": the metadata of field m of s. */
static const char *meta_ref(emitter *em, struct_decl *s, const member *m)
{
    static char buf[300];
    int n = 0, k = meta_index_in(&s->members, m, &n);
    snprintf(buf, sizeof buf, "&%s_meta_%s.fields[%d]", em->id, s->name, k);
    return buf;
}

/* Whether the dump is written here: validate mode, outside the unchecked
 * element readers (whose elements are written whole after them). */
static bool dumping(emitter *em, mode md) { return md == MODE_V && !em->unchecked; }

/* `if (c->js && !CALL) return false;` */
static void emit_js(emitter *em, const char *in, const char *fmt, ...) GEN_PRINTF(3, 4);
static void emit_js(emitter *em, const char *in, const char *fmt, ...)
{
    char call[512];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(call, sizeof call, fmt, ap);
    va_end(ap);
    gen_out(em->c, "%sif (c->js && !%s)\n%s    return false;\n", in, call, in);
}

static void emit_rw_members(emitter *em, struct_decl *s, vec *members, mode md);

/* Elements that are only fixed-size scalars and tuples (plus lets and
 * asserts) get an unchecked reader: the array's count check already covered
 * their bytes. */
static bool fast_element(struct_decl *s)
{
    for (size_t i = 0; i < s->members.n; i++) {
        member *m = s->members.items[i];
        if (m->kind == M_LET || (m->kind == M_ASSERT && !m->each))
            continue;
        if (m->kind != M_FIELD)
            return false;
        const tref *t = m->type;
        if (is_tuple(t) && !t->packed && prim_size(t->elem->prim))
            continue;
        if (t->kind == T_ARRAY || t->st || !prim_size(t->prim))
            return false;
    }
    return true;
}

static bool watched(void *em, const char *name) { return watch_index(em, name) >= 0; }

/* A fast element whose checks a block predicate can make (emit_blocks.h). */
static bool block_planned(emitter *em, struct_decl *s, block_plan *p)
{
    return fast_element(s) && cc_block_plan(em->cc, s, em->f->end, watched, em, p);
}

/* Orders across the elements of an array: the array's own
 * `nondecreasing(f)` / `norepeat(f)`, and those written on the fields of
 * its element struct. */
typedef struct order_check {
    const cons *k;
    const char *field;
} order_check;

static int collect_orders(member *m, order_check *out, int max)
{
    int n = 0;
    for (size_t i = 0; i < m->cons.n && n < max; i++) {
        const cons *k = m->cons.items[i];
        if ((k->kind == C_NONDECREASING || k->kind == C_NOREPEAT) && k->name)
            out[n++] = (order_check){k, k->name};
    }
    struct_decl *el = m->type->elem->st;
    for (size_t i = 0; el && i < el->members.n; i++) {
        member *f = el->members.items[i];
        if (f->kind != M_FIELD)
            continue;
        for (size_t j = 0; j < f->cons.n && n < max; j++) {
            const cons *k = f->cons.items[j];
            if ((k->kind == C_NONDECREASING || k->kind == C_NOREPEAT) && !k->name)
                out[n++] = (order_check){k, f->name};
        }
    }
    return n;
}

static bool has_conditional(const vec *members)
{
    for (size_t i = 0; i < members->n; i++) {
        const member *m = members->items[i];
        if (m->kind == M_IF || m->kind == M_SWITCH || m->kind == M_PROCESS)
            return true;
        if (m->kind == M_FIELD && m->type->st && has_conditional(&m->type->st->members))
            return true;
    }
    return false;
}

/* Field f of the element at q_ + at (read unchecked), as the reader has it. */
static void emit_raw_field(emitter *em, struct_decl *el, const char *f, const char *at)
{
    const member *m = find_member_named(el, f, NULL);
    const tref *t = m->type;
    const char *get = getter(t->prim, end_of(em, t));
    if (t->prim == P_F32)
        gen_out(em->c, "ak_lf32(%s(q_ + %s + %d))", get, at, field_offset(el, f));
    else
        gen_out(em->c, "(%s)%s(q_ + %s + %d)", prim_ctype(t->prim), get, at, field_offset(el, f));
}

/* The block path of an array of a planned element (emit_blocks.h): whole
 * groups that the window holds, checked by b_<S>; the first element's order
 * against the last one before the block, and the release of pages read,
 * here. A block that fails, the elements the groups leave, and every
 * element when blocks_ is false go to the per-element loop that follows. */
static void emit_block_try(emitter *em, struct_decl *el, const block_plan *bp, const order_check *orders, int norders)
{
    FILE *c = em->c;
    const int size = el->min_size, g = bp->group;
    gen_out(c, "#if AK_LBLOCKS_%s\n", bp->end == END_BIG ? "BE" : "LE");
    gen_out(c, "                if (blocks_) {\n                    size_t ng_ = (cnt_ - i_) / %d;\n", g);
    gen_out(c, "                    const size_t fit_ = whole_ > i_ ? (whole_ - i_) / %d : 0;\n", g);
    gen_out(c, "                    ng_ = ng_ < fit_ ? ng_ : fit_;\n                    ng_ = ng_ < %d ? ng_ : %d;\n",
        bp->blocks, bp->blocks);
    gen_out(c, "                    if (ng_");
    for (int i = 0; i < norders; i++) {
        gen_out(c, " && !(i_ > 0 && ");
        emit_raw_field(em, el, orders[i].field, "0");
        gen_out(c, " %s prev%d_)", orders[i].k->kind == C_NONDECREASING ? "<" : "==", i);
    }
    gen_out(c, " && b_%s(q_, ng_, r_)) {\n", el->name);
    gen_out(c, "                        const size_t at_b_ = first_ + i_ * %d;\n", size);
    gen_out(c, "                        if (at_b_ >= release_next_) {\n"
               "                            ak_release_progress(&c->release, at_b_);\n"
               "                            release_next_ = c->release.next;\n                        }\n");
    for (int i = 0; i < norders; i++) {
        char last[64];
        snprintf(last, sizeof last, "(ng_ * %d - 1) * %d", g, size);
        gen_out(c, "                        prev%d_ = ", i);
        emit_raw_field(em, el, orders[i].field, last);
        gen_out(c, ";\n");
    }
    gen_out(c, "                        i_ += ng_ * %d;\n                        q_ += ng_ * %d;\n"
               "                        continue;\n                    }\n", g, g * size);
    gen_out(c, "                    run_ = cnt_ - i_ > %d ? i_ + %d : cnt_;\n                }\n#endif\n",
        bp->blocks * g, bp->blocks * g);
}

static void emit_array_rw(emitter *em, struct_decl *s, member *m, mode md)
{
    FILE *c = em->c;
    tref *t = m->type;
    tref *el = t->elem;
    char leaf[200];
    snprintf(leaf, sizeof leaf, "\"%s\"", m->name);
    long long n = 0;
    bool fixed = fixed_count(t, &n);
    const cons *fits = find_cons(m, C_FITS);
    order_check orders[16];
    int norders = el->st ? collect_orders(m, orders, 16) : 0;
    int elem_min;
    if (el->st)
        elem_min = el->st->min_size;
    else if (is_tuple(el))
        elem_min = el->packed ? 1 : (int)strtoll(el->count->text, NULL, 0) * prim_size(el->elem->prim);
    else
        elem_min = prim_size(el->prim) ? prim_size(el->prim) : 1;
    if (elem_min < 1)
        elem_min = 1;
    gen_out(c, "        {\n");
    /* where to report: the count field when the count is one */
    const char *cleaf = leaf;
    char cat[64];
    snprintf(cat, sizeof cat, "at_%d_", m->id);
    char cleafbuf[200];
    int clen = 0;
    if (fixed) {
        gen_out(c, "            const size_t cnt_ = %lld;\n", n);
    } else {
        gen_out(c, "            const int64_t n_ = (int64_t)(");
        emit_expr(em, c, s, t->count);
        gen_out(c, ");\n");
        if (t->count->kind == E_NAME && !strchr(t->count->text, '.')) {
            member *cm = find_member_named(s, t->count->text, NULL);
            if (cm && cm->kind == M_FIELD && in_scope(em, cm)) {
                snprintf(cleafbuf, sizeof cleafbuf, "\"%s\"", cm->name);
                cleaf = cleafbuf;
                snprintf(cat, sizeof cat, "at_%d_", cm->id);
                clen = cm->type->kind == T_NAMED ? prim_size(cm->type->prim) : 0;
            }
        }
        gen_out(c, "            if (n_ < 0 || (uint64_t)n_ > ak_lleft(c) / %d) {\n", elem_min);
        gen_out(c, "                ak_lreport(c, %s, true, %s, %d, %s, ", rule_ref(em, fits->rule), cat, clen, cleaf);
        gen_c_string(c, fits->rule->message, true);
        bool exact = el->st ? el->st->fixed : is_tuple(el) || prim_size(el->prim) != 0;
        gen_out(c, " \": %%lld element%%s of %s%d byte%s, %%zu bytes left\", (long long)n_, n_ == 1 ? \"\" : \"s\", "
               "ak_lleft(c));\n",
            exact ? "" : "at least ", elem_min, elem_min == 1 ? "" : "s");
        gen_out(c, "                return false;\n            }\n");
        gen_out(c, "            const size_t cnt_ = (size_t)n_;\n");
    }
    char base[300];
    cc_skim skim = CC_SKIM_NONE;
    const mkeys *skim_keys = NULL;
    if (fixed) {
        snprintf(base, sizeof base, "o->%s", m->name);
    } else if (md == MODE_D || m->kept) {
        gen_out(c, "            o->%s_count = cnt_;\n", m->name);
        /* a headers-only decode (--list) keeps no key array: of a track's
           keys the earliest and latest (the listing's time range) and the
           one being read, of the other per-key arrays the one being read */
        skim = md == MODE_D ? cc_model_skim(em->cc, s, m, &skim_keys) : CC_SKIM_NONE;
        if (skim != CC_SKIM_NONE)
            gen_out(c, "            const bool skim_ = c->headers;\n"
                       "            const size_t room_ = skim_ && cnt_ ? %d : cnt_;\n", skim == CC_SKIM_KEYS ? 3 : 1);
        /* a budget refusal is reported at the count; validation keeps a `kept` array in an arena of its own */
        gen_out(c, "            o->%s = cnt_ ? ak_larray%s(c, %s, sizeof *o->%s, %s, %d, %s) : NULL;\n", m->name,
            md == MODE_D ? "" : "_kept", skim != CC_SKIM_NONE ? "room_" : "cnt_", m->name, cat, clen, cleaf);
        gen_out(c, "            if (cnt_ && !o->%s) {\n                c->oom = c->stop = true;\n                return false;\n"
               "            }\n",
            m->name);
        snprintf(base, sizeof base, "o->%s", m->name);
    } else {
        gen_out(c, "            ");
        emit_decl(em, c, el, "tmp_");
        gen_out(c, ";\n            memset(&tmp_, 0, sizeof tmp_);\n");
        gen_out(c, "            o->%s = NULL;\n            o->%s_count = cnt_;\n", m->name, m->name);
        base[0] = 0;
    }
    for (int i = 0; i < norders; i++)
        gen_out(c, "            double prev%d_ = 0;\n", i);
    for (size_t i = 0; i < s->aggs.n; i++) {
        const expr *a = s->aggs.items[i];
        if (a->array == m)
            gen_out(c, "            o->%s = 0;\n", a->let->name);
    }
    bool fast = el->st && fast_element(el->st);
    bool js = dumping(em, md);
    block_plan bp;
    bool block = fast && md == MODE_V && !base[0] && skim == CC_SKIM_NONE && block_planned(em, el->st, &bp);
    for (size_t i = 0; i < s->aggs.n; i++)
        block &= ((const expr *)s->aggs.items[i])->array != m;
    for (int i = 0; i < norders; i++)
        block &= !orders[i].k->name; /* the element's own orders only: the plan has them */
    char field[300];
    snprintf(field, sizeof field, "%s", meta_ref(em, s, m));
    if (js)
        emit_js(em, "            ", "ak_ljs_open(c, %s)", field);
    gen_out(c, "            ak_lpush(c, \"%s\");\n", m->name);
    gen_out(c, "            ak_lpush_index(c, 0);\n");
    if (fast) {
        /* the element's index in its path and how many elements the window
           holds whole, kept out of the context (which the loop's stores may
           alias) */
        gen_out(c, "            const uint8_t *q_ = ak_lcur(c);\n            const size_t first_ = c->pos;\n");
        gen_out(c, "            ak_lseg *seg_ = &c->seg[c->depth - 1];\n");
        gen_out(c, "            size_t whole_ = c->size > first_ ? (c->size - first_) / %d : 0;\n", el->st->min_size);
        /* where the input's pages are next released, and whether a dump is
           written: in locals too (a short element's loop read them from the
           context at every element: MRTK 1.1's 8-byte keys 10% faster) */
        gen_out(c, "            size_t release_next_ = c->release.next;\n");
        if (js)
            gen_out(c, "            const bool js_ = c->js;\n");
    }
    if (skim == CC_SKIM_KEYS)
        gen_out(c, "            double earliest_ = 0, latest_ = 0;\n");
    if (block) {
        gen_out(c, "            const bool blocks_ = %s!c->opt->no_lanes;\n            (void)blocks_;\n", js ? "!js_ && " : "");
        gen_out(c, "            size_t i_ = 0;\n            while (i_ < cnt_) {\n                size_t run_ = cnt_;\n");
        emit_block_try(em, el->st, &bp, orders, norders);
        gen_out(c, "            for (; i_ < run_; i_++) {\n                ");
    } else {
        gen_out(c, "            for (size_t i_ = 0; i_ < cnt_; i_++) {\n                ");
    }
    emit_elem_ptr(em, c, el, "e_");
    if (base[0] && skim != CC_SKIM_NONE)
        gen_out(c, " = &%s[skim_ ? room_ - 1 : i_];\n", base);
    else if (base[0])
        gen_out(c, " = &%s[i_];\n", base);
    else if (el->st && has_conditional(&el->st->members))
        /* a member an `if` leaves out reads as 0, as in the decoder's arena */
        gen_out(c, " = &tmp_;\n                memset(&tmp_, 0, sizeof tmp_);\n");
    else
        gen_out(c, " = &tmp_;\n");
    if (fast)
        gen_out(c, "                const size_t at_e_ = first_ + i_ * %d;\n", el->st->min_size);
    else if (norders)
        gen_out(c, "                const size_t at_e_ = c->pos;\n");
    gen_out(c, "                %s = i_;\n", fast ? "seg_->index" : "c->seg[c->depth - 1].index");
    if (fast)
        gen_out(c, "                if (at_e_ >= release_next_) {\n"
                   "                    ak_release_progress(&c->release, at_e_);\n"
                   "                    release_next_ = c->release.next;\n                }\n");
    else
        gen_out(c, "                ak_release_at(&c->release, c->pos);\n");
    if (fast) {
        /* the count was checked against the stream; a window may need
           refilling (one compare while it holds the element) */
        gen_out(c, "                if (i_ >= whole_) {\n                    c->pos = at_e_;\n"
               "                    if (!ak_lfill(c, %d))\n                        return ak_ltruncated(c, NULL, %d);\n"
               "                    q_ = ak_lcur(c);\n                    whole_ = i_ + (c->size - at_e_) / %d;\n"
               "                }\n",
            el->st->min_size, el->st->min_size, el->st->min_size);
        gen_out(c, "                if (!x_%s(c, e_, q_, at_e_))\n                    return false;\n", el->st->name);
        gen_out(c, "                q_ += %d;\n", el->st->min_size);
        if (js)
            gen_out(c, "                if (js_ && !ak_ljs_elem(c, e_))\n                    return false;\n");
    } else if (el->st) {
        if (js)
            emit_js(em, "                ", "ak_ljs_open_elem(c)");
        gen_out(c, "                if (!%c_%s(c, e_))\n                    return false;\n", md == MODE_V ? 'v' : 'd',
            el->st->name);
        if (js)
            emit_js(em, "                ", "ak_ljs_close(c)");
    } else {
        /* scalar and tuple elements: the element's checks are the field's */
        gen_out(c, "                {\n");
        gen_out(c, "        at_%d_ = c->pos;\n", m->id);
        emit_read_value(em, s, m, el, "(*e_)", "NULL", "NULL");
        gen_out(c, "                }\n");
        if (js)
            emit_js(em, "                ", "ak_ljs_elem(c, e_)");
    }
    for (size_t i = 0; i < s->aggs.n; i++) {
        const expr *a = s->aggs.items[i];
        if (a->array != m)
            continue;
        if (strcmp(a->op, "sum") == 0)
            gen_out(c, "                o->%s += aggel%d_(e_, r_);\n", a->let->name, a->let->id);
        else
            gen_out(c, "                if (i_ == 0)\n                    o->%s = aggel%d_(e_, r_);\n", a->let->name,
                a->let->id);
    }
    for (int i = 0; i < norders; i++) {
        const cons *k = orders[i].k;
        int off = field_offset(el->st, orders[i].field);
        bool nondec = k->kind == C_NONDECREASING;
        gen_out(c, "                if (i_ > 0 && e_->%s %s prev%d_", orders[i].field, nondec ? "<" : "==", i);
        if (k->when) {
            gen_out(c, " && (");
            emit_expr(em, c, el->st, k->when);
            gen_out(c, ")");
        }
        gen_out(c, " && !ak_lreport(c, %s, %s, at_e_ + %d, 0, \"%s\", ", rule_ref(em, k->rule),
            k->fatal ? "true" : "false", off < 0 ? 0 : off, orders[i].field);
        gen_c_string(c, k->rule->message, true);
        if (nondec)
            gen_out(c, " \" (%%.9g after %%.9g)\", (double)e_->%s, prev%d_))\n", orders[i].field, i);
        else
            gen_out(c, " \" (%%.9g again)\", (double)e_->%s))\n", orders[i].field);
        gen_out(c, "                    return false;\n");
        gen_out(c, "                prev%d_ = e_->%s;\n", i, orders[i].field);
    }
    if (skim == CC_SKIM_KEYS) {
        /* the time as the model reads it (emit_model.c), compared as the
           listing compares the model's keys */
        gen_out(c, "                if (skim_) {\n                    const double t_ = (double)e_->%s",
            skim_keys->time->text);
        if (skim_keys->time_op)
            gen_out(c, " %s %s", skim_keys->time_op, skim_keys->time_scale->text);
        gen_out(c, ";\n                    if (i_ == 0 || t_ < earliest_) {\n                        earliest_ = t_;\n"
                   "                        %s[0] = *e_;\n                    }\n", base);
        gen_out(c, "                    if (i_ == 0 || t_ > latest_) {\n                        latest_ = t_;\n"
                   "                        %s[1] = *e_;\n                    }\n                }\n", base);
    }
    gen_out(c, "            }\n");
    if (block)
        gen_out(c, "            }\n");
    if (fast)
        gen_out(c, "            c->pos = first_ + cnt_ * %d;\n", el->st->min_size);
    gen_out(c, "            ak_lpop(c);\n            ak_lpop(c);\n");
    if (js)
        emit_js(em, "            ", "ak_ljs_close(c)");
    gen_out(c, "        }\n");
}

static void emit_field_rw(emitter *em, struct_decl *s, member *m, mode md)
{
    FILE *c = em->c;
    tref *t = m->type;
    char lv[300], leaf[200];
    snprintf(lv, sizeof lv, "o->%s", m->name);
    snprintf(leaf, sizeof leaf, "\"%s\"", m->name);
    if (em->unchecked)
        gen_out(c, "        at_%d_ = base_ + %d;\n", m->id, em->unchecked_off);
    else
        gen_out(c, "        at_%d_ = c->pos;\n", m->id);
    if (started(em, m)) {
        gen_out(c, "        from_%d_ = at_%d_;\n", m->id, m->id);
        /* a hook reads the field's bytes: they stay in a window until then */
        if (hooked(em, m) && !em->unchecked)
            gen_out(c, "        if (from_%d_ < c->keep)\n            c->keep = from_%d_;\n", m->id, m->id);
    }
    bool js = dumping(em, md);
    if (t->st) {
        gen_out(c, "        ak_lpush(c, \"%s\");\n", m->name);
        if (js)
            emit_js(em, "        ", "ak_ljs_open(c, %s)", meta_ref(em, s, m));
        gen_out(c, "        if (!%c_%s(c, &o->%s))\n            return false;\n", md == MODE_V ? 'v' : 'd', t->st->name,
            m->name);
        if (js)
            emit_js(em, "        ", "ak_ljs_close(c)");
        gen_out(c, "        ak_lpop(c);\n");
    } else if (t->kind != T_ARRAY || is_tuple(t)) {
        emit_read_value(em, s, m, t, lv, leaf, leaf);
        if (js)
            emit_js(em, "        ", "ak_ljs_field(c, %s, o)", meta_ref(em, s, m));
    } else {
        emit_array_rw(em, s, m, md);
    }
    if (hooked(em, m))
        gen_out(c, "        end_%d_ = c->pos;\n", m->id);
}

/* The offsets of the fields a function reads (a new function: a new scope). */
static void collect_ids(emitter *em, vec *members, FILE *c)
{
    for (size_t i = 0; i < members->n; i++) {
        member *m = members->items[i];
        if (m->kind == M_FIELD) {
            vec_push(em->cc, &em->scope, m);
            gen_out(c, "    size_t at_%d_ = 0;\n", m->id);
            if (started(em, m)) /* its span: at_ moves along the elements of a scalar array */
                gen_out(c, "    size_t from_%d_ = 0, end_%d_ = 0;\n", m->id, m->id);
        }
        if (m->kind == M_IF) {
            collect_ids(em, &m->body, c);
            collect_ids(em, &m->else_body, c);
        }
    }
}

static const char *root_name(emitter *em) { return em->f->root_st->name; }

/* The last hook among members (in `if` and process bodies too), or NULL. */
static const member *last_hook(const vec *members)
{
    const member *last = NULL;
    for (size_t i = 0; i < members->n; i++) {
        const member *m = members->items[i], *h = NULL;
        if (m->kind == M_HOOK || (m->kind == M_ASSERT && m->each) || (m->kind == M_DUMP && m->args.n))
            last = m;
        if (m->kind == M_IF || m->kind == M_PROCESS) {
            if ((h = last_hook(&m->body)) != NULL)
                last = h;
            if ((h = last_hook(&m->else_body)) != NULL)
                last = h;
        }
    }
    return last;
}

/* The hook's `const ak_lhook h_` (and the arrays it points to): the
   struct read so far, the spans of the fields m names, the type arguments. */
static void emit_hook_arg(emitter *em, struct_decl *s, member *m)
{
    FILE *c = em->c;
    if (m->args.n) {
        gen_out(c, "            const ak_lspan spans_[%zu] = {", m->args.n);
        for (size_t i = 0; i < m->args.n; i++) {
            member *f = find_member_named(s, ((token *)m->args.items[i])->text, NULL);
            gen_out(c, "%s{from_%d_, end_%d_ - from_%d_}", i ? ", " : "", f->id, f->id, f->id);
        }
        gen_out(c, "};\n");
    }
    if (s->targs.n) {
        /* table codes of the type arguments (0 for a struct argument) */
        gen_out(c, "            static const int64_t targs_[%zu] = {", s->targs.n);
        for (size_t i = 0; i < s->targs.n; i++)
            gen_out(c, "%s%lldLL", i ? ", " : "", (long long)((table_entry *)s->targs.items[i])->value);
        gen_out(c, "};\n");
    }
    gen_out(c, "            const ak_lhook h_ = {o, %s, %zu, %s, %zu};\n", m->args.n ? "spans_" : "NULL", m->args.n,
        s->targs.n ? "targs_" : "NULL", s->targs.n);
}

static void emit_hook_call(emitter *em, struct_decl *s, member *m)
{
    FILE *c = em->c;
    gen_out(c, "        {\n");
    emit_hook_arg(em, s, m);
    gen_out(c, "            if (!%s_hook_%s(c, &h_))\n                return false;\n", em->id, m->name);
    if (m->args.n && last_hook(&s->members) == m) /* the fields it read may leave the window */
        gen_out(c, "            c->keep = keep0_;\n");
    gen_out(c, "        }\n");
}

/* `dump NAME by HOOK(fields)` in the streamed dump's walk: the member's
   value, written by the hook where the member stands. */
static void emit_dump_call(emitter *em, struct_decl *s, member *m)
{
    FILE *c = em->c;
    gen_out(c, "        if (c->js) {\n");
    emit_hook_arg(em, s, m);
    gen_out(c, "            if (!ak_ljs_derived(c, %s, %s_dump_%s, &h_))\n                return false;\n",
            meta_ref(em, s, m), em->id, m->segment);
    gen_out(c, "        }\n");
}

/* The process block's members in a function of their own: they are read
 * from the hook's bytes or, when its `when` is false, from the stream. */
static void emit_process_fn(emitter *em, struct_decl *s, member *m, mode md)
{
    FILE *c = em->c;
    const char *root = root_name(em);
    gen_out(c, "\nstatic bool %c_%s_p%d(ak_lctx *c, %s_%s *o)\n{\n", md == MODE_V ? 'v' : 'd', s->name, m->id, em->id,
        s->name);
    gen_out(c, "    const %s_%s *r_ = (const %s_%s *)c->root;\n", em->id, root, em->id, root);
    gen_out(c, "    const uint8_t *p;\n    uint8_t raw_ = 0;\n    const size_t start_ = c->pos;\n");
    gen_out(c, "    const size_t keep0_ = c->keep;\n    (void)keep0_;\n");
    em->scope.n = 0;
    collect_ids(em, &m->body, c);
    gen_out(c, "    {\n");
    emit_rw_members(em, s, &m->body, md);
    gen_out(c, "    }\n    return !c->stop;\n}\n");
}

/* A process block's opening: `if (<when>) {` (or `{`) and its hook's
 * arguments as pa_, at the given indentation. */
static void emit_process_head(emitter *em, struct_decl *s, member *m, const char *in)
{
    FILE *c = em->c;
    if (m->value) {
        gen_out(c, "%sif (", in);
        emit_expr(em, c, s, m->value);
        gen_out(c, ") {\n");
    } else {
        gen_out(c, "%s{\n", in);
    }
    gen_out(c, "%s    const int64_t args_[%zu] = {", in, m->args.n ? m->args.n : 1);
    for (size_t i = 0; i < m->args.n; i++) {
        gen_out(c, "%s(int64_t)(", i ? ", " : "");
        emit_expr(em, c, s, m->args.items[i]);
        gen_out(c, ")");
    }
    if (!m->args.n)
        gen_out(c, "0");
    gen_out(c, "};\n%s    const ak_lprocess pa_ = {args_, %zu};\n", in, m->args.n);
}

static void emit_process_call(emitter *em, struct_decl *s, member *m, mode md)
{
    FILE *c = em->c;
    char fn[128];
    snprintf(fn, sizeof fn, "%c_%s_p%d", md == MODE_V ? 'v' : 'd', s->name, m->id);
    gen_out(c, "        {\n            bool ok_ = true;\n");
    if (m->verbatim && md == MODE_V)
        gen_out(c, "            c->verbatim_at = c->pos; /* re-emission may copy the block from here */\n");
    emit_process_head(em, s, m, "            ");
    /* validate mode: a block whose source finds a problem at its end is
       read again (ak_lstream_retry) */
    gen_out(c, "                const size_t src_ = c->pos;\n                do {\n");
    gen_out(c, "                ak_buf bytes_;\n                ak_buf_init(&bytes_);\n");
    /* the derived stream is held with the rest: charged to the command's budget */
    gen_out(c, "                ak_buf_attach(&bytes_, ak_diags_budget(c->d));\n");
    if (m->span) {
        gen_out(c, "                const int64_t span_ = (int64_t)(");
        emit_expr(em, c, s, m->span);
        gen_out(c, ");\n                if (span_ < 0 || (uint64_t)span_ > ak_lleft(c))\n"
               "                    return ak_ltruncated(c, NULL, span_ < 0 ? 0 : (size_t)span_);\n");
        gen_out(c, "                const size_t outer_size_ = c->size, outer_end_ = c->end;\n"
               "                c->size = c->end = c->pos + (size_t)span_;\n");
    }
    gen_out(c, "                ok_ = %s_process_%s(c, &pa_, &bytes_) && !bytes_.failed;\n", em->id, m->name);
    if (m->span)
        gen_out(c, "                c->size = outer_size_;\n                c->end = outer_end_;\n"
               "                c->pos = src_ + (size_t)span_;\n");
    gen_out(c, "                if (ok_) {\n                    ak_lstream_saved saved_;\n");
    gen_out(c, "                    ok_ = ak_lstream_enter(c, &saved_, &bytes_, src_, ");
    gen_c_string(c, m->segment, false);
    gen_out(c, ", ");
    gen_c_string(c, m->what ? m->what : "derived stream", false);
    gen_out(c, ");\n                    if (ok_) {\n                        ok_ = %s(c, o);\n", fn);
    gen_out(c, "                        ok_ = ak_lstream_leave(c, &saved_) && ok_;\n                    }\n                }\n");
    gen_out(c, "                if (bytes_.failed)\n                    c->oom = true;\n");
    gen_out(c, "                ak_buf_free(&bytes_);\n                } while (ak_lstream_retry(c, src_));\n");
    gen_out(c, "                if (!ok_)\n                    c->stop = true;\n");
    if (m->value && m->span) {
        /* without the hook the members are read from the span itself */
        gen_out(c, "            } else {\n                const size_t src_ = c->pos;\n"
               "                const int64_t span_ = (int64_t)(");
        emit_expr(em, c, s, m->span);
        gen_out(c, ");\n                if (span_ < 0 || (uint64_t)span_ > ak_lleft(c))\n"
               "                    return ak_ltruncated(c, NULL, span_ < 0 ? 0 : (size_t)span_);\n");
        gen_out(c, "                const size_t outer_size_ = c->size, outer_end_ = c->end;\n"
               "                c->size = c->end = c->pos + (size_t)span_;\n");
        gen_out(c, "                ok_ = %s(c, o);\n                c->size = outer_size_;\n                c->end = outer_end_;\n"
               "                c->pos = src_ + (size_t)span_;\n            }\n", fn);
    } else if (m->value) {
        gen_out(c, "            } else {\n                ok_ = %s(c, o);\n            }\n", fn);
    } else {
        gen_out(c, "            }\n");
    }
    gen_out(c, "            if (!ok_)\n                return false;\n        }\n");
}

static void emit_rw_members(emitter *em, struct_decl *s, vec *members, mode md)
{
    FILE *c = em->c;
    for (size_t i = 0; i < members->n; i++) {
        member *m = members->items[i];
        line_at(em, m->at);
        switch (m->kind) {
        case M_FIELD: emit_field_rw(em, s, m, md); break;
        case M_LET:
            if (m->value->kind == E_AGG)
                break; /* accumulated while the array was read */
            gen_out(c, "        o->%s = (double)(", m->name);
            emit_expr(em, c, s, m->value);
            gen_out(c, ");\n");
            break;
        case M_ASSERT: {
            member *at = m->name ? find_member_named(s, m->name, NULL) : NULL;
            char where[300] = "start_, 0, NULL, ";
            if (at && at->kind == M_FIELD && in_scope(em, at)) /* an array's first byte, not its last element's */
                snprintf(where, sizeof where, "%s_%d_, 0, \"%s\", ", started(em, at) ? "from" : "at", at->id, at->name);
            if (m->each) {
                emit_each(em, s, m);
                if (last_hook(&s->members) == m) /* the arrays it read may leave the window */
                    gen_out(c, "        c->keep = keep0_;\n");
                break;
            }
            if (m->option) {
                emit_option_assert(em, s, m, where);
                break;
            }
            gen_out(c, "        if (!(");
            emit_expr(em, c, s, m->value);
            gen_out(c, ") && !ak_lreport(c, %s, %s, %s", rule_ref(em, m->rule), m->fatal ? "true" : "false", where);
            gen_c_string(c, m->rule->message, true);
            gen_out(c, "))\n            return false;\n");
            break;
        }
        case M_IF: {
            gen_out(c, "        if (");
            emit_expr(em, c, s, m->value);
            gen_out(c, ") {\n");
            int w = m->watch ? watch_index(em, m->watch) : -1;
            if (w >= 0)
                gen_out(c, "        const uint64_t watch%d_ = c->watch[%d];\n        const size_t block%d_ = c->pos;\n",
                    m->id, w, m->id);
            emit_rw_members(em, s, &m->body, md);
            if (w >= 0) {
                line_at(em, m->at);
                member *at = m->name ? find_member_named(s, m->name, NULL) : NULL;
                gen_out(c, "        if (c->watch[%d] == watch%d_ && !ak_lreport(c, %s, false, ", w, m->id,
                    rule_ref(em, m->rule));
                if (at && at->kind == M_FIELD && in_scope(em, at))
                    gen_out(c, "at_%d_, 1, \"%s\", ", at->id, at->name);
                else
                    gen_out(c, "block%d_, 0, NULL, ", m->id);
                gen_c_string(c, m->rule->message, true);
                gen_out(c, "))\n            return false;\n");
            }
            if (m->has_else) {
                gen_out(c, "        } else {\n");
                emit_rw_members(em, s, &m->else_body, md);
            }
            gen_out(c, "        }\n");
            break;
        }
        case M_SWITCH:
            for (size_t k = 0; k < m->arms.n; k++) {
                switch_arm *a = m->arms.items[k];
                if (a->cond) {
                    gen_out(c, "        %sif (", k ? "else " : "");
                    emit_expr(em, c, s, a->cond);
                    gen_out(c, ") {\n");
                } else {
                    gen_out(c, "        %s{\n", k ? "else " : "");
                }
                if (m->name)
                    gen_out(c, "            o->%s = %zu;\n", m->name, k);
                else
                    gen_out(c, "            o->sw%d = %zu;\n", m->id, k);
                if (a->st) {
                    gen_out(c, "            if (!%c_%s(c, &o->%s))\n                return false;\n        }\n",
                        md == MODE_V ? 'v' : 'd', a->st->name, a->st->name);
                } else {
                    gen_out(c, "            ak_lreport(c, %s, true, start_, 0, NULL, ", rule_ref(em, a->stop_rule));
                    gen_c_string(c, a->stop_rule->message, true);
                    gen_out(c, ");\n            return false;\n        }\n");
                }
            }
            break;
        case M_END:
            gen_out(c, "        if (ak_lleft(c) && ak_lrecoded(c) && !ak_lreport(c, %s, false, c->pos, ak_lleft(c), NULL, ",
                rule_ref(em, m->rule));
            gen_c_string(c, m->rule->message, true);
            gen_out(c, " \" (%%zu byte%%s)\", ak_lleft(c), ak_lleft(c) == 1 ? \"\" : \"s\"))\n            return false;\n");
            break;
        case M_HOOK: emit_hook_call(em, s, m); break;
        case M_CONST: {
            gen_out(c, "        if (ak_lavail(c) < %zu && !ak_lfill(c, %zu))\n            return ak_ltruncated(c, \"%s\", %zu);\n",
                m->bytes_len, m->bytes_len, m->name, m->bytes_len);
            gen_out(c, "        {\n            static const uint8_t want_[%zu] = {", m->bytes_len);
            for (size_t k = 0; k < m->bytes_len; k++)
                gen_out(c, "%s0x%02x", k ? ", " : "", (unsigned char)m->bytes[k]);
            gen_out(c, "};\n            for (size_t k_ = 0; k_ < %zu; k_++)\n", m->bytes_len);
            gen_out(c, "                if (ak_lcur(c)[k_] != want_[k_]) {\n");
            gen_out(c, "                    if (!ak_lreport(c, %s, %s, c->pos + k_, 1, \"%s\", ", rule_ref(em, m->rule),
                m->fatal ? "true" : "false", m->name);
            gen_c_string(c, m->rule->message, true);
            gen_out(c, " \" (byte %%zu is 0x%%02x, not 0x%%02x)\", k_, (unsigned)ak_lcur(c)[k_], "
                   "(unsigned)want_[k_]))\n                        return false;\n                    break;\n"
                   "                }\n");
            gen_out(c, "            c->pos += %zu;\n        }\n", m->bytes_len);
            break;
        }
        case M_PROCESS: emit_process_call(em, s, m, md); break;
        case M_DUMP:
            if (dumping(em, md))
                emit_dump_call(em, s, m);
            if (m->args.n && last_hook(&s->members) == m) /* the fields it read may leave the window */
                gen_out(c, "        c->keep = keep0_;\n");
            break;
        }
        line_back(em);
    }
}

static void emit_fast_struct(emitter *em, struct_decl *s)
{
    FILE *c = em->c;
    const char *root = root_name(em);
    gen_out(c, "\nstatic AK_LINLINE bool x_%s(ak_lctx *c, %s_%s *o, const uint8_t *q_, size_t base_)\n{\n", s->name, em->id,
        s->name);
    gen_out(c, "    const %s_%s *r_ = (const %s_%s *)c->root;\n", em->id, root, em->id, root);
    gen_out(c, "    const uint8_t *p;\n    uint8_t raw_ = 0;\n    const size_t start_ = base_;\n");
    em->scope.n = 0;
    collect_ids(em, &s->members, c);
    gen_out(c, "    {\n");
    em->unchecked = true;
    em->unchecked_off = 0;
    emit_rw_members(em, s, &s->members, MODE_V);
    em->unchecked = false;
    /* every report that stops returned false above */
    gen_out(c, "    }\n    return true;\n}\n");
    block_plan bp;
    char root_type[300];
    snprintf(root_type, sizeof root_type, "%s_%s", em->id, root);
    if (block_planned(em, s, &bp))
        cc_emit_block_fn(em->cc, c, s, &bp, root_type);
}

static void emit_process_fns(emitter *em, struct_decl *s, vec *members, mode md)
{
    for (size_t i = 0; i < members->n; i++) {
        member *m = members->items[i];
        if (m->kind == M_PROCESS)
            emit_process_fn(em, s, m, md);
    }
}

static void emit_rw_struct(emitter *em, struct_decl *s, mode md)
{
    FILE *c = em->c;
    const char *root = root_name(em);
    emit_process_fns(em, s, &s->members, md);
    gen_out(c, "\nstatic bool %c_%s(ak_lctx *c, %s_%s *o)\n{\n", md == MODE_V ? 'v' : 'd', s->name, em->id, s->name);
    gen_out(c, "    const %s_%s *r_ = (const %s_%s *)c->root;\n", em->id, root, em->id, root);
    gen_out(c, "    const uint8_t *p;\n    uint8_t raw_ = 0;\n");
    gen_out(c, "    const size_t start_ = c->pos;\n");
    gen_out(c, "    const size_t keep0_ = c->keep;\n    (void)keep0_;\n");
    em->scope.n = 0;
    collect_ids(em, &s->members, c);
    gen_out(c, "    {\n");
    emit_rw_members(em, s, &s->members, md);
    gen_out(c, "    }\n    return !c->stop;\n}\n");
}

/* ---- encoding --------------------------------------------------------------- */

static void emit_write_scalar(emitter *em, const tref *t, const char *lv)
{
    FILE *c = em->c;
    bool big = end_of(em, t) == END_BIG;
    const char *suffix = big ? "be" : "le";
    switch (t->prim) {
    case P_U8:
    case P_I8: gen_out(c, "        ok_ &= ak_write_u8(b, (uint8_t)%s);\n", lv); break;
    case P_BOOL8: gen_out(c, "        ok_ &= ak_write_u8(b, %s ? 1 : 0);\n", lv); break;
    case P_U16:
    case P_I16: gen_out(c, "        ok_ &= ak_write_u16%s(b, (uint16_t)%s);\n", suffix, lv); break;
    case P_U32:
    case P_I32: gen_out(c, "        ok_ &= ak_write_u32%s(b, (uint32_t)%s);\n", suffix, lv); break;
    case P_U64:
    case P_I64: gen_out(c, "        ok_ &= ak_write_u64%s(b, (uint64_t)%s);\n", suffix, lv); break;
    case P_F32: gen_out(c, "        ok_ &= ak_write_u32%s(b, ak_lbits32(%s));\n", suffix, lv); break;
    case P_F64: gen_out(c, "        ok_ &= ak_write_u64%s(b, ak_lbits64(%s));\n", suffix, lv); break;
    case P_VARINT: gen_out(c, "        ok_ &= ak_write_varint(b, %s);\n", lv); break;
    case P_LEB128: gen_out(c, "        ok_ &= ak_write_varint(b, %s);\n", lv); break;
    case P_STRING7: gen_out(c, "        ok_ &= ak_write_string7(b, %s.ptr ? %s.ptr : \"\", %s.len);\n", lv, lv, lv); break;
    case P_NSTRING7:
        gen_out(c, "        ok_ &= %s.ptr ? ak_write_nullable_string7(b, %s.ptr, %s.len) : ak_write_u8(b, 0);\n", lv, lv, lv);
        break;
    default: break;
    }
}

/* One value: a scalar, a tuple, packed bits, or a struct. */
static void emit_write_value(emitter *em, const tref *t, const char *lv)
{
    FILE *c = em->c;
    if (t->st) {
        gen_out(c, "        ok_ &= e_%s(b, &%s, r_);\n", t->st->name, lv);
        return;
    }
    long long n = 0;
    if (t->kind == T_ARRAY && fixed_count(t, &n)) {
        if (t->packed) {
            gen_out(c, "        ok_ &= ak_write_u8(b, (uint8_t)(0");
            for (long long k = 0; k < n; k++)
                gen_out(c, " | (%s[%lld] ? %d : 0)", lv, k, 1 << k);
            gen_out(c, "));\n");
            return;
        }
        gen_out(c, "        for (size_t k_ = 0; k_ < %lld; k_++) {\n", n);
        char el[300];
        snprintf(el, sizeof el, "%s[k_]", lv);
        emit_write_value(em, t->elem, el);
        gen_out(c, "        }\n");
        return;
    }
    emit_write_scalar(em, t, lv);
}

static void emit_enc_members(emitter *em, struct_decl *s, vec *members);

static void emit_process_enc(emitter *em, struct_decl *s, member *m)
{
    FILE *c = em->c;
    emit_process_head(em, s, m, "        ");
    gen_out(c, "            ak_buf plain_;\n            ak_buf_init(&plain_);\n");
    gen_out(c, "            ak_buf_attach(&plain_, b->budget); /* the output's budget, if any */\n");
    gen_out(c, "            ok_ &= e_%s_p%d(&plain_, o, r_) && !plain_.failed;\n", s->name, m->id);
    gen_out(c, "            ok_ = ok_ && %s_process_%s_encode(&pa_, (const uint8_t *)plain_.data, plain_.len, b);\n",
        em->id, m->name);
    gen_out(c, "            ak_buf_free(&plain_);\n");
    if (m->value)
        gen_out(c, "        } else {\n            ok_ &= e_%s_p%d(b, o, r_);\n        }\n", s->name, m->id);
    else
        gen_out(c, "        }\n");
}

static void emit_enc_members(emitter *em, struct_decl *s, vec *members)
{
    FILE *c = em->c;
    for (size_t i = 0; i < members->n; i++) {
        member *m = members->items[i];
        line_at(em, m->at);
        switch (m->kind) {
        case M_FIELD: {
            tref *t = m->type;
            char lv[300];
            snprintf(lv, sizeof lv, "o->%s", m->name);
            long long n = 0;
            if (t->kind != T_ARRAY || is_tuple(t)) {
                emit_write_value(em, t, lv);
                break;
            }
            if (fixed_count(t, &n))
                gen_out(c, "        for (size_t i_ = 0; i_ < %lld; i_++) {\n", n);
            else
                gen_out(c, "        for (size_t i_ = 0; i_ < o->%s_count; i_++) {\n", m->name);
            if (gen_made_one_at_a_time(em->f, m)) {
                gen_out(c, "        if (o->%s_made_) {\n            %s el_;\n            memset(&el_, 0, sizeof el_);\n"
                           "            if (!o->%s_made_->make(o->%s_made_, i_, &el_))\n                return false;\n",
                        m->name, ctype_of(em, t->elem), m->name, m->name);
                emit_write_value(em, t->elem, "el_");
                gen_out(c, "            if (!ok_ || !o->%s_made_->done(o->%s_made_, b))\n                return false;\n"
                           "            continue;\n        }\n", m->name, m->name);
            }
            snprintf(lv, sizeof lv, "o->%s[i_]", m->name);
            emit_write_value(em, t->elem, lv);
            gen_out(c, "        }\n");
            break;
        }
        case M_LET:
            gen_out(c, "        o->%s = (double)(", m->name);
            emit_expr(em, c, s, m->value);
            gen_out(c, ");\n");
            break;
        case M_IF:
            gen_out(c, "        if (");
            emit_expr(em, c, s, m->value);
            gen_out(c, ") {\n");
            emit_enc_members(em, s, &m->body);
            if (m->has_else) {
                gen_out(c, "        } else {\n");
                emit_enc_members(em, s, &m->else_body);
            }
            gen_out(c, "        }\n");
            break;
        case M_SWITCH:
            for (size_t k = 0; k < m->arms.n; k++) {
                switch_arm *a = m->arms.items[k];
                if (a->cond) {
                    gen_out(c, "        %sif (", k ? "else " : "");
                    emit_expr(em, c, s, a->cond);
                    gen_out(c, ")\n");
                } else {
                    gen_out(c, "        %s\n", k ? "else" : "");
                }
                if (a->st)
                    gen_out(c, "            ok_ &= e_%s(b, &o->%s, r_);\n", a->st->name, a->st->name);
                else
                    gen_out(c, "            ok_ = false; /* no layout: the reader stops here too */\n");
            }
            break;
        case M_CONST:
            gen_out(c, "        ok_ &= ak_buf_append(b, ");
            gen_out(c, "\"");
            for (size_t k = 0; k < m->bytes_len; k++)
                gen_out(c, "\\x%02x", (unsigned char)m->bytes[k]);
            gen_out(c, "\", %zu);\n", m->bytes_len);
            break;
        case M_PROCESS: emit_process_enc(em, s, m); break;
        default: break;
        }
        line_back(em);
    }
}

static void emit_enc_struct(emitter *em, struct_decl *s)
{
    FILE *c = em->c;
    const char *root = root_name(em);
    for (size_t i = 0; i < s->members.n; i++) {
        member *m = s->members.items[i];
        if (m->kind != M_PROCESS)
            continue;
        gen_out(c, "\nstatic bool e_%s_p%d(ak_buf *b, %s_%s *o, const %s_%s *r_)\n{\n    bool ok_ = true;\n", s->name,
            m->id, em->id, s->name, em->id, root);
        emit_enc_members(em, s, &m->body);
        gen_out(c, "    return ok_;\n}\n");
    }
    gen_out(c, "\nstatic bool e_%s(ak_buf *b, %s_%s *o, const %s_%s *r_)\n{\n    bool ok_ = true;\n", s->name, em->id,
        s->name, em->id, root);
    emit_enc_members(em, s, &s->members);
    gen_out(c, "    return ok_;\n}\n");
}

/* ---- aggregates (`let x = sum(a, e)`, `first(a, e)`) ---------------------------- */

/* aggel<id>_: e on one element; aggall<id>_: over the document's array (the
 * encoder and the lets of a built document; the reader accumulates). */
static void emit_aggs(emitter *em, struct_decl *s)
{
    FILE *c = em->c;
    const char *root = root_name(em);
    for (size_t i = 0; i < s->aggs.n; i++) {
        const expr *a = s->aggs.items[i];
        int id = a->let->id;
        gen_out(c, "\nstatic double aggel%d_(const %s_%s *o, const %s_%s *r_)\n{\n    (void)r_;\n    return (double)(", id,
            em->id, a->elem->name, em->id, root);
        emit_expr(em, c, a->elem, a->lhs);
        gen_out(c, ");\n}\n");
        long long n = 0;
        bool fixed = fixed_count(a->array->type, &n);
        gen_out(c, "\nstatic double aggall%d_(const %s_%s *o, const %s_%s *r_)\n{\n    double v_ = 0;\n", id, em->id,
            s->name, em->id, root);
        if (fixed)
            gen_out(c, "    const size_t n_ = %lld;\n", n);
        else
            gen_out(c, "    const size_t n_ = o->%s ? o->%s_count : 0;\n", a->array->name, a->array->name);
        if (strcmp(a->op, "sum") == 0)
            gen_out(c, "    for (size_t i_ = 0; i_ < n_; i_++)\n        v_ += aggel%d_(&o->%s[i_], r_);\n", id,
                a->array->name);
        else
            gen_out(c, "    if (n_ > 0)\n        v_ = aggel%d_(&o->%s[0], r_);\n", id, a->array->name);
        gen_out(c, "    return v_;\n}\n");
    }
}

/* ---- metadata --------------------------------------------------------------- */

typedef struct cond_chain {
    const expr *conds[16];
    bool negate[16];
    int n;
} cond_chain;

static void emit_present_fn(emitter *em, struct_decl *s, const char *name, const cond_chain *ch)
{
    FILE *c = em->c;
    const char *root = root_name(em);
    gen_out(c, "static bool %s(const void *o_, const void *r0_)\n{\n", name);
    gen_out(c, "    const %s_%s *o = o_;\n    const %s_%s *r_ = r0_;\n    return 1", em->id, s->name, em->id, root);
    for (int i = 0; i < ch->n; i++) {
        gen_out(c, " && %s(", ch->negate[i] ? "!" : "");
        emit_expr(em, c, s, ch->conds[i]);
        gen_out(c, ")");
    }
    gen_out(c, ";\n}\n");
}

/* The else arm of a value switch: the enclosing conditions hold and no
 * arm's condition does. */
static void emit_else_present_fn(emitter *em, struct_decl *s, const char *name, const cond_chain *ch, int upto,
                                 const member *sw)
{
    FILE *c = em->c;
    const char *root = root_name(em);
    gen_out(c, "static bool %s(const void *o_, const void *r0_)\n{\n", name);
    gen_out(c, "    const %s_%s *o = o_;\n    const %s_%s *r_ = r0_;\n    return 1", em->id, s->name, em->id, root);
    for (int i = 0; i < upto; i++) {
        gen_out(c, " && %s(", ch->negate[i] ? "!" : "");
        emit_expr(em, c, s, ch->conds[i]);
        gen_out(c, ")");
    }
    for (size_t k = 0; k < sw->arms.n; k++) {
        const switch_arm *a = sw->arms.items[k];
        if (!a->cond)
            continue;
        gen_out(c, " && !(");
        emit_expr(em, c, s, a->cond);
        gen_out(c, ")");
    }
    gen_out(c, ";\n}\n");
}

/* The fields a condition reads, lets expanded into what they read:
 * "name" in this struct, "/name" in the root. */
static void expr_deps(emitter *em, struct_decl *s, const expr *e, vec *out, int guard)
{
    if (!e || guard > 16)
        return;
    if (e->kind == E_NAME && strcmp(e->text, "remaining") != 0) {
        char first[128];
        const char *dot = strchr(e->text, '.');
        size_t n = dot ? (size_t)(dot - e->text) : strlen(e->text);
        if (n >= sizeof first)
            return;
        memcpy(first, e->text, n);
        first[n] = 0;
        bool in_root = false;
        member *m = find_member_named(s, first, NULL);
        if (!m && s != em->f->root_st) {
            m = find_member_named(em->f->root_st, first, NULL);
            in_root = true;
        }
        if (!m)
            return;
        if (m->kind == M_LET) {
            expr_deps(em, in_root ? em->f->root_st : s, m->value, out, guard + 1);
            return;
        }
        char buf[160];
        snprintf(buf, sizeof buf, "%s%s", in_root ? "/" : "", first);
        for (size_t i = 0; i < out->n; i++)
            if (strcmp(out->items[i], buf) == 0)
                return;
        vec_push(em->cc, out, cc_strdup(em->cc, buf, strlen(buf)));
        return;
    }
    if (e->kind == E_AGG) { /* its expression is an element's: it depends on the array */
        expr name = {.kind = E_NAME, .at = e->at, .text = e->text};
        expr_deps(em, s, &name, out, guard);
        return;
    }
    expr_deps(em, s, e->lhs, out, guard);
    expr_deps(em, s, e->rhs, out, guard);
    expr_deps(em, s, e->alt, out, guard);
}

static void emit_deps(emitter *em, struct_decl *s, const char *name, const cond_chain *ch)
{
    vec deps = {0};
    for (int i = 0; i < ch->n; i++)
        expr_deps(em, s, ch->conds[i], &deps, 0);
    gen_out(em->c, "static const char *const %s[] = {", name);
    for (size_t i = 0; i < deps.n; i++) {
        gen_c_string(em->c, deps.items[i], false);
        gen_out(em->c, ", ");
    }
    gen_out(em->c, "NULL};\n");
}

/* Scalars (and scalar elements) with error-level constraints get a check
 * function for the undump: a value the file cannot hold is refused there. */
static bool has_error_checks(const member *m)
{
    for (size_t i = 0; i < m->cons.n; i++) {
        const cons *k = m->cons.items[i];
        if (chain_checked(k) && k->rule->compat == 2 && k->kind != C_FLAG)
            return true;
    }
    return false;
}

static void emit_check_fn(emitter *em, struct_decl *s, member *m)
{
    FILE *c = em->c;
    const char *root = root_name(em);
    const tref *v = m->type->kind == T_ARRAY && !is_tuple(m->type) ? m->type->elem : m->type;
    bool tuple = is_tuple(v);
    long long n = 0;
    if (tuple)
        fixed_count(v, &n);
    const tref *comp = tuple ? v->elem : v;
    gen_out(c, "static const ak_rule *check_%d_(const void *v_, const void *o_, const void *r0_)\n{\n", m->id);
    gen_out(c, "    const %s_%s *o = o_;\n    const %s_%s *r_ = r0_;\n", em->id, s->name, em->id, root);
    if (tuple)
        gen_out(c, "    const %s *cv_ = v_;\n    for (size_t k_ = 0; k_ < %lld; k_++) {\n        const %s x_ = cv_[k_];\n",
            prim_ctype(comp->prim), n, prim_ctype(comp->prim));
    else
        gen_out(c, "    {\n        %s x_;\n        memcpy(&x_, v_, sizeof x_);\n", ctype_of(em, comp));
    for (size_t i = 0; i < m->cons.n; i++) {
        const cons *k = m->cons.items[i];
        if (!chain_checked(k) || k->rule->compat != 2 || k->kind == C_FLAG)
            continue;
        if (k->kind == C_UNIT)
            continue; /* a whole-tuple check: the validator of the built file says it */
        gen_out(c, "        if (");
        emit_violation(em, s, k, "x_", NULL, 0);
        gen_out(c, ")\n            return %s;\n", rule_ref(em, k->rule));
    }
    gen_out(c, "    }\n    return NULL;\n}\n");
}

static void emit_meta_fns(emitter *em, struct_decl *s, vec *members, cond_chain *ch)
{
    FILE *c = em->c;
    const char *root = root_name(em);
    for (size_t i = 0; i < members->n; i++) {
        member *m = members->items[i];
        if (m->kind == M_FIELD) {
            if (ch->n) {
                char name[64];
                snprintf(name, sizeof name, "present_%d_", m->id);
                emit_present_fn(em, s, name, ch);
                snprintf(name, sizeof name, "deps_%d_", m->id);
                emit_deps(em, s, name, ch);
            }
            if (m->type->kind == T_ARRAY && m->type->count->kind != E_INT && !rest_of_stream(m->type->count)) {
                gen_out(c, "static uint64_t count_%d_(const void *o_, const void *r0_)\n{\n", m->id);
                gen_out(c, "    const %s_%s *o = o_;\n    const %s_%s *r_ = r0_;\n", em->id, s->name, em->id, root);
                gen_out(c, "    return (uint64_t)(");
                emit_expr(em, c, s, m->type->count);
                gen_out(c, ");\n}\n");
            }
            if (has_error_checks(m))
                emit_check_fn(em, s, m);
        } else if (m->kind == M_IF) {
            if (ch->n >= 15) {
                cc_error(em->cc, m->at, "conditions nest too deeply for the metadata (at most 15)");
                continue;
            }
            ch->conds[ch->n] = m->value;
            ch->negate[ch->n] = false;
            ch->n++;
            emit_meta_fns(em, s, &m->body, ch);
            ch->negate[ch->n - 1] = true;
            emit_meta_fns(em, s, &m->else_body, ch);
            ch->n--;
        } else if (m->kind == M_PROCESS) {
            emit_meta_fns(em, s, &m->body, ch);
        } else if (m->kind == M_SWITCH) {
            /* arm k is present when no earlier arm matches and its condition
               does; the arms of a value switch exclude each other, so their
               own condition is enough, and its else arm is "none of them" */
            int saved = ch->n;
            for (size_t k = 0; k < m->arms.n; k++) {
                switch_arm *a = m->arms.items[k];
                if (a->st) {
                    char name[64], deps[64];
                    snprintf(name, sizeof name, "present_sw%d_%zu_", m->id, k);
                    snprintf(deps, sizeof deps, "deps_sw%d_%zu_", m->id, k);
                    cond_chain own = *ch;
                    if (m->disc)
                        own.n = saved;
                    if (a->cond) {
                        if (own.n >= 16) {
                            cc_error(em->cc, m->at, "conditions nest too deeply for the metadata");
                            return;
                        }
                        own.conds[own.n] = a->cond;
                        own.negate[own.n] = false;
                        own.n++;
                    }
                    if (m->disc && !a->cond) {
                        emit_else_present_fn(em, s, name, ch, saved, m);
                        emit_deps(em, s, deps, &own);
                    } else {
                        emit_present_fn(em, s, name, &own);
                        emit_deps(em, s, deps, &own);
                    }
                }
                if (a->cond && !m->disc) {
                    if (ch->n >= 16) {
                        cc_error(em->cc, m->at, "a switch with this many arms needs a discriminator: switch (e) { ... }");
                        return;
                    }
                    ch->conds[ch->n] = a->cond;
                    ch->negate[ch->n] = true;
                    ch->n++;
                }
            }
            ch->n = saved;
        }
    }
}

/* The table a field's values are codes of (a table, or an enum), for
 * names in the undump. */
static const char *names_of(emitter *em, const tref *t)
{
    static char buf[200];
    if (t->kind == T_ARRAY)
        t = t->elem;
    if (t->kind != T_NAMED || !t->name)
        return NULL;
    enum_decl *e = find_enum(em->cc, t->name);
    if (!e)
        return NULL;
    snprintf(buf, sizeof buf, "&%s_names_%s", em->id, e->name);
    return buf;
}

static table_entry *entry_of(const tref *t)
{
    if (t->entry)
        return t->entry;
    if (t->kind == T_ARRAY && t->elem->entry)
        return t->elem->entry;
    return NULL;
}

static table_decl *table_of_entry(emitter *em, const table_entry *e)
{
    for (size_t i = 0; i < em->f->tables.n; i++) {
        table_decl *t = em->f->tables.items[i];
        for (size_t k = 0; k < t->entries.n; k++)
            if (t->entries.items[k] == e)
                return t;
    }
    return NULL;
}

static void emit_meta_fields(emitter *em, struct_decl *s, vec *members, bool conditional)
{
    FILE *c = em->c;
    for (size_t i = 0; i < members->n; i++) {
        member *m = members->items[i];
        if (m->kind == M_FIELD) {
            tref *t = m->type;
            char present[64] = "NULL", deps[64] = "NULL";
            if (conditional) {
                snprintf(present, sizeof present, "present_%d_", m->id);
                snprintf(deps, sizeof deps, "deps_%d_", m->id);
            }
            gen_out(c, "    {.name = \"%s\", .offset = offsetof(%s_%s, %s), .present = %s, .deps = %s", m->name, em->id,
                s->name, m->name, present, deps);
            long long n = 0;
            if (t->kind == T_ARRAY) {
                tref *el = t->elem;
                if (fixed_count(t, &n))
                    gen_out(c, ", .kind = AK_LK_FIXED, .fixed_count = %lld", n);
                else if (rest_of_stream(t->count)) /* any length: the rest of the stream */
                    gen_out(c, ", .kind = AK_LK_ARRAY, .count_offset = offsetof(%s_%s, %s_count), .count = NULL",
                        em->id, s->name, m->name);
                else
                    gen_out(c, ", .kind = AK_LK_ARRAY, .count_offset = offsetof(%s_%s, %s_count), .count = count_%d_",
                        em->id, s->name, m->name, m->id);
                if (t->count->kind == E_NAME && !rest_of_stream(t->count))
                    gen_out(c, ", .count_name = \"%s\"", t->count->text);
                gen_out(c, ", .elem_kind = %s, .elem_size = sizeof(((%s_%s *)0)->%s[0])", lkind_of(el), em->id, s->name,
                    m->name);
                long long k;
                if (fixed_count(el, &k))
                    gen_out(c, ", .tuple_kind = %s, .tuple_count = %lld", lkind_of(el->elem), k);
                if (el->st)
                    gen_out(c, ", .st = &%s_meta_%s", em->id, el->st->name);
            } else {
                gen_out(c, ", .kind = %s", lkind_of(t));
                if (t->st)
                    gen_out(c, ", .st = &%s_meta_%s", em->id, t->st->name);
            }
            if (has_error_checks(m))
                gen_out(c, ", .check = check_%d_", m->id);
            table_entry *e = entry_of(t);
            if (e) {
                table_decl *tab = table_of_entry(em, e);
                gen_out(c, ", .entry = &%s_entries_%s[%d]", em->id, tab->name, e->index);
            }
            const char *names = names_of(em, t);
            if (names)
                gen_out(c, ", .names = %s", names);
            gen_out(c, "},\n");
        } else if (m->kind == M_IF) {
            emit_meta_fields(em, s, &m->body, true);
            emit_meta_fields(em, s, &m->else_body, true);
        } else if (m->kind == M_PROCESS) {
            emit_meta_fields(em, s, &m->body, conditional);
        } else if (m->kind == M_DUMP) {
            gen_out(c, "    {.name = \"%s\", .kind = AK_LK_DERIVED},\n", m->name);
        } else if (m->kind == M_SWITCH) {
            for (size_t k = 0; k < m->arms.n; k++) {
                switch_arm *a = m->arms.items[k];
                if (!a->st)
                    continue;
                gen_out(c, "    {.name = \"%s\", .kind = AK_LK_INLINE, .offset = offsetof(%s_%s, %s), .present = "
                       "present_sw%d_%zu_, .deps = deps_sw%d_%zu_, .st = &%s_meta_%s},\n",
                    a->st->name, em->id, s->name, a->st->name, m->id, k, m->id, k, em->id, a->st->name);
            }
        }
    }
}

static bool has_lets(vec *members)
{
    for (size_t i = 0; i < members->n; i++) {
        member *m = members->items[i];
        if (m->kind == M_LET)
            return true;
        if ((m->kind == M_IF || m->kind == M_PROCESS) && (has_lets(&m->body) || has_lets(&m->else_body)))
            return true;
    }
    return false;
}

static void emit_lets_body(emitter *em, struct_decl *s, vec *members)
{
    for (size_t i = 0; i < members->n; i++) {
        member *m = members->items[i];
        if (m->kind == M_LET) {
            gen_out(em->c, "    o->%s = (double)(", m->name);
            emit_expr(em, em->c, s, m->value);
            gen_out(em->c, ");\n");
        } else if (m->kind == M_IF || m->kind == M_PROCESS) {
            emit_lets_body(em, s, &m->body);
            emit_lets_body(em, s, &m->else_body);
        }
    }
}

static void emit_meta(emitter *em, struct_decl *s)
{
    FILE *c = em->c;
    const char *root = root_name(em);
    cond_chain ch = {.n = 0};
    gen_out(c, "\n/* metadata of %s */\n", s->name);
    emit_meta_fns(em, s, &s->members, &ch);
    bool lets = has_lets(&s->members);
    if (lets) {
        gen_out(c, "static void lets_%s_(void *o_, const void *r0_)\n{\n    %s_%s *o = o_;\n    const %s_%s *r_ = r0_;\n",
            s->name, em->id, s->name, em->id, root);
        emit_lets_body(em, s, &s->members);
        gen_out(c, "}\n");
    }
    gen_out(c, "static const ak_lfield %s_fields_%s[] = {\n", em->id, s->name);
    emit_meta_fields(em, s, &s->members, false);
    gen_out(c, "    {.name = NULL},\n};\n");
    char letsfn[200];
    if (lets)
        snprintf(letsfn, sizeof letsfn, "lets_%s_", s->name);
    else
        snprintf(letsfn, sizeof letsfn, "NULL");
    gen_out(c, "const ak_lstruct %s_meta_%s = {\"%s\", %s_fields_%s, sizeof %s_fields_%s / sizeof %s_fields_%s[0] - 1, "
           "sizeof(%s_%s), %s};\n",
        em->id, s->name, s->name, em->id, s->name, em->id, s->name, em->id, s->name, em->id, s->name, letsfn);
}

/* ---- tables ------------------------------------------------------------------ */

static const char *lkind_of_prim(prim_kind p)
{
    tref t = {.kind = T_NAMED, .prim = p};
    return lkind_of(&t);
}

static void emit_tables(emitter *em)
{
    FILE *c = em->c, *h = em->h;
    format_decl *f = em->f;
    for (size_t i = 0; i < f->tables.n; i++) {
        table_decl *t = f->tables.items[i];
        gen_out(h, "extern const ak_lentry %s_entries_%s[%zu];\n", em->id, t->name, t->entries.n);
        gen_out(h, "extern const ak_ltable %s_names_%s;\n", em->id, t->name);
        for (size_t k = 0; k < t->entries.n; k++) {
            table_entry *e = t->entries.items[k];
            if (!e->comps.n)
                continue;
            gen_out(c, "static const char *const %s_comps_%s_%s[] = {", em->id, t->name, e->name);
            for (size_t j = 0; j < e->comps.n; j++)
                gen_out(c, "\"%s\", ", (const char *)e->comps.items[j]);
            gen_out(c, "NULL};\n");
        }
        gen_out(c, "const ak_lentry %s_entries_%s[%zu] = {\n", em->id, t->name, t->entries.n);
        for (size_t k = 0; k < t->entries.n; k++) {
            table_entry *e = t->entries.items[k];
            static const char *const kinds[] = {"AK_LE_SCALAR", "AK_LE_TUPLE", "AK_LE_BITS"};
            gen_out(c, "    {\"%s\", %lldLL, %s, %s, %zu, ", e->name, (long long)e->value, kinds[e->kind],
                e->kind == EK_BITS ? "AK_LK_BOOL" : lkind_of_prim(e->prim), e->comps.n ? e->comps.n : 1);
            if (e->comps.n)
                gen_out(c, "%s_comps_%s_%s},\n", em->id, t->name, e->name);
            else
                gen_out(c, "NULL},\n");
        }
        gen_out(c, "};\nconst ak_ltable %s_names_%s = {\"%s\", %s_entries_%s, %zu, true};\n", em->id, t->name, t->name,
            em->id, t->name, t->entries.n);
    }
    /* enums (not tables): names for the undump */
    for (size_t i = 0; i < f->enums.n; i++) {
        enum_decl *e = f->enums.items[i];
        bool is_table = false;
        for (size_t k = 0; k < f->tables.n; k++)
            is_table |= ((table_decl *)f->tables.items[k])->en == e;
        if (is_table)
            continue;
        gen_out(c, "static const ak_lentry %s_enum_%s[] = {\n", em->id, e->name);
        for (size_t k = 0; k < e->items.n; k++) {
            enum_item *it = e->items.items[k];
            gen_out(c, "    {\"%s\", %lldLL, AK_LE_SCALAR, AK_LK_I64, 1, NULL},\n", it->name, (long long)it->value);
        }
        if (!e->items.n)
            gen_out(c, "    {NULL, 0, AK_LE_SCALAR, AK_LK_I64, 0, NULL},\n");
        gen_out(c, "};\nstatic const ak_ltable %s_names_%s = {\"%s\", %s_enum_%s, %zu, false};\n", em->id, e->name,
            e->name, em->id, e->name, e->items.n);
    }
}

/* ---- whole file ---------------------------------------------------------- */

static void collect_watches(emitter *em, vec *members)
{
    for (size_t i = 0; i < members->n; i++) {
        member *m = members->items[i];
        if (m->kind == M_IF) {
            if (m->watch && watch_index(em, m->watch) < 0)
                vec_push(em->cc, &em->watches, (void *)m->watch);
            collect_watches(em, &m->body);
            collect_watches(em, &m->else_body);
        } else if (m->kind == M_PROCESS) {
            collect_watches(em, &m->body);
        }
    }
}

static void collect_hooked(emitter *em, struct_decl *s, vec *members)
{
    for (size_t i = 0; i < members->n; i++) {
        member *m = members->items[i];
        if (m->kind == M_HOOK || m->kind == M_DUMP) {
            for (size_t k = 0; k < m->args.n; k++) {
                member *f = find_member_named(s, ((token *)m->args.items[k])->text, NULL);
                if (f)
                    vec_push(em->cc, &em->hooked, f);
            }
        } else if (m->kind == M_ASSERT && m->each) {
            vec_push(em->cc, &em->hooked, find_member_named(s, m->each, NULL));
        } else if (m->kind == M_ASSERT && m->name) {
            /* `at` an array of numbers: its first byte (at_ moves along the elements) */
            member *f = find_member_named(s, m->name, NULL);
            if (f && f->kind == M_FIELD && f->type->kind == T_ARRAY && !f->type->elem->st && !is_tuple(f->type))
                vec_push(em->cc, &em->started, f);
        } else if (m->kind == M_IF || m->kind == M_PROCESS) {
            collect_hooked(em, s, &m->body);
            collect_hooked(em, s, &m->else_body);
        }
    }
}

/* `option NAME { word => N, ... }`: <id>_option_NAME reads the format option
 * (ak_loption_word). */
static void emit_format_options(emitter *em)
{
    for (size_t i = 0; i < em->f->format_options.n; i++) {
        const mopt *o = em->f->format_options.items[i];
        const char *name = o->option->text;
        char takes[512];
        int n = snprintf(takes, sizeof takes, "format option %s takes ", name);
        if (i == 0)
            gen_out(em->h, "/* Format options with words (`option NAME { word => N, ... }`): 1 and *value = the\n"
                           "   word's N; 0 without the option (*value = the first word's); -1 for another value\n"
                           "   (*value = the first word's, *why = what the option takes, unless why is NULL). */\n");
        gen_out(em->h, "int %s_option_%s(const ak_options *opt, int64_t *value, const char **why);\n", em->id, name);
        gen_out(em->c, "\nint %s_option_%s(const ak_options *opt, int64_t *value, const char **why)\n{\n"
                       "    static const char *const words_[] = {", em->id, name);
        for (size_t k = 0; k < o->pairs.n; k++) {
            const char *w = ((const mpair *)o->pairs.items[k])->from->text;
            gen_out(em->c, "%s", k ? ", " : "");
            gen_c_string(em->c, w, false);
            n += snprintf(takes + n, n < (int)sizeof takes ? sizeof takes - (size_t)n : 0, "%s%s",
                          k ? (k + 1 == o->pairs.n ? " or " : ", ") : "", w);
        }
        gen_out(em->c, "};\n    static const int64_t values_[] = {");
        for (size_t k = 0; k < o->pairs.n; k++)
            gen_out(em->c, "%s%lldLL", k ? ", " : "",
                (long long)strtoull(((const mpair *)o->pairs.items[k])->to->text, NULL, 0));
        gen_out(em->c, "};\n    return ak_loption_word(opt, \"%s\", words_, values_, %zu, value, why, ", name,
            o->pairs.n);
        gen_c_string(em->c, takes, false);
        gen_out(em->c, ");\n}\n");
    }
}

static const char *sev_name(int s)
{
    return s == 2 ? "AK_SEV_ERROR" : s == 1 ? "AK_SEV_WARNING" : "AK_SEV_NOTE";
}

typedef struct hook_names {
    vec struct_hooks, process_hooks;
} hook_names;

static void add_name(compiler *cc, vec *v, const char *name)
{
    for (size_t i = 0; i < v->n; i++)
        if (strcmp(v->items[i], name) == 0)
            return;
    vec_push(cc, v, (void *)name);
}

static void collect_hook_names(compiler *cc, vec *members, hook_names *hn)
{
    for (size_t i = 0; i < members->n; i++) {
        member *m = members->items[i];
        if (m->kind == M_HOOK)
            add_name(cc, &hn->struct_hooks, m->name);
        else if (m->kind == M_PROCESS)
            add_name(cc, &hn->process_hooks, m->name);
        if (m->kind == M_IF || m->kind == M_PROCESS) {
            collect_hook_names(cc, &m->body, hn);
            collect_hook_names(cc, &m->else_body, hn);
        }
    }
}

/* ---- re-emission by copying a `process ... verbatim` block ------------------ */

/* The root's `process ... verbatim` block (the checker made sure it is the
 * root's last member, without a span, after scalars only), or NULL. */
static member *verbatim_process(const format_decl *f)
{
    struct_decl *root = f->root_st;
    if (!root || !root->members.n)
        return NULL;
    member *m = root->members.items[root->members.n - 1];
    return m->kind == M_PROCESS && m->verbatim ? m : NULL;
}

static bool expr_names(const expr *e, const char *name)
{
    if (!e)
        return false;
    if (e->kind == E_NAME && (strcmp(e->text, name) == 0 || (e->text[0] == '/' && strcmp(e->text + 1, name) == 0)))
        return true;
    return expr_names(e->lhs, name) || expr_names(e->rhs, name) || expr_names(e->alt, name);
}

/* Whether the block's `when` or arguments read the root field `name`. */
static bool process_reads(const member *m, const char *name)
{
    if (expr_names(m->value, name))
        return true;
    for (size_t i = 0; i < m->args.n; i++)
        if (expr_names(m->args.items[i], name))
            return true;
    return false;
}

/* reemit_stream_(): re-emission without a document. A validation pass
 * (bounded memory, as `validate`) reads the file and keeps the root's
 * header fields; when it found no error and nothing the encoder would write
 * otherwise (ak_lctx.recoded), and the reemit hook changed nothing but what
 * the block's `when` and arguments read (the payload's own bytes do not
 * depend on them), the encoder's bytes for the document are the header
 * re-encoded, then the block's derived stream exactly as the file holds it:
 * the derived stream is copied from the hook's source into the stream
 * encoder (<id>_process_<hook>_encode_stream), or as it is when the new
 * `when` is false. Returns 1 (written), 0 (failed, reported) or -1 (not
 * possible here: the diagnostics of the pass are taken back and the caller
 * decodes and encodes). */
static void emit_reemit_stream(emitter *em, member *m, const char *trunc_ref, bool has_reemit)
{
    FILE *c = em->c;
    struct_decl *s = em->f->root_st;
    const char *id = em->id, *root = s->name;
    size_t nargs = m->args.n ? m->args.n : 1;
    /* the members before the block, as e_<root> writes them */
    vec head = s->members;
    head.n--;
    gen_out(c, "\nstatic bool eh_%s(ak_buf *b, %s_%s *o, const %s_%s *r_)\n{\n    bool ok_ = true;\n    (void)r_;\n", root, id,
        root, id, root);
    emit_enc_members(em, s, &head);
    gen_out(c, "    return ok_;\n}\n");
    /* the block's `when` and arguments for a header */
    gen_out(c, "\nstatic bool pargs_%s(const %s_%s *o, const %s_%s *r_, int64_t *args_)\n{\n    (void)o;\n    (void)r_;\n", root,
        id, root, id, root);
    for (size_t i = 0; i < m->args.n; i++) {
        gen_out(c, "    args_[%zu] = (int64_t)(", i);
        emit_expr(em, c, s, m->args.items[i]);
        gen_out(c, ");\n");
    }
    if (!m->args.n)
        gen_out(c, "    args_[0] = 0;\n");
    gen_out(c, "    return ");
    if (m->value)
        emit_expr(em, c, s, m->value);
    else
        gen_out(c, "true");
    gen_out(c, ";\n}\n");

    gen_out(c, "\nstatic int reemit_stream_(const ak_input *in, const ak_options *opt, ak_diags *d, ak_buf *out)\n{\n");
    gen_out(c, "    ak_budget_of(d, opt);\n    ak_diags_mark mark_;\n    ak_diags_mark_at(d, &mark_);\n"
               "    const size_t errors_ = ak_diags_errors(d);\n");
    gen_out(c, "    if (!size_ok_(in->size, opt, d))\n        return 0;\n");
    gen_out(c, "    %s_%s *o = calloc(1, sizeof *o);\n    if (!o)\n        return -1;\n", id, root);
    gen_out(c, "    ak_lctx c;\n    ak_lctx_init(&c, in->data, in->size, d, NULL, %s, opt);\n    c.root = o;\n", trunc_ref);
    gen_out(c, "    v_%s(&c, o);\n    int r_ = -1;\n", root);
    gen_out(c, "    if (ak_diags_errors(d) > errors_)\n        r_ = 0; /* as validate says; nothing is written */\n");
    gen_out(c, "    else if (!c.stop && !c.oom && !c.src_failed && !c.recoded && c.verbatim_at != SIZE_MAX) {\n");
    /* the arrays of the block are not kept by validation: none for the hook */
    for (size_t i = 0; i < m->body.n; i++) {
        member *b = m->body.items[i];
        long long n;
        if (b->kind == M_FIELD && b->type->kind == T_ARRAY && !is_tuple(b->type) && !fixed_count(b->type, &n))
            gen_out(c, "        o->%s = NULL;\n        o->%s_count = 0;\n", b->name, b->name);
    }
    gen_out(c, "        const %s_%s o0_ = *o;\n        int64_t a0_[%zu], a1_[%zu];\n", id, root, nargs, nargs);
    gen_out(c, "        const bool w0_ = pargs_%s(&o0_, &o0_, a0_);\n", root);
    gen_out(c, "        bool same_ = %s", has_reemit ? "" : "true");
    if (has_reemit)
        gen_out(c, "%s_hook_reemit(o, opt, d, false)", id);
    /* what the hook may change: the fields the block's when and arguments read */
    for (size_t i = 0; i + 1 < s->members.n; i++) {
        member *h = s->members.items[i];
        if (h->kind == M_FIELD && !process_reads(m, h->name))
            gen_out(c, " &&\n                     memcmp(&o->%s, &o0_.%s, sizeof o->%s) == 0", h->name, h->name, h->name);
    }
    gen_out(c, ";\n        const bool w1_ = pargs_%s(o, o, a1_);\n", root);
    gen_out(c, "        if (same_) {\n            const size_t start_ = out->len;\n");
    gen_out(c, "            bool ok_ = eh_%s(out, o, o) && !out->failed;\n", root);
    gen_out(c, "            ak_lsource *src_ = NULL;\n            ak_buf bytes_;\n            ak_buf_init(&bytes_);\n");
    /* the source charges what it holds (a dictionary, a chunk) to the
       budget of the diagnostics it was opened with: they live as long */
    gen_out(c, "            ak_diags *quiet_ = NULL;\n");
    gen_out(c, "            if (ok_ && w0_) {\n");
    gen_out(c, "                /* the hook said all it has to say in the pass above */\n");
    gen_out(c, "                quiet_ = ak_diags_new(NULL);\n                ak_budget_of(quiet_, opt);\n"
               "                ak_lctx q_;\n");
    gen_out(c, "                ak_lctx_init(&q_, in->data, in->size, quiet_, NULL, %s, opt);\n", trunc_ref);
    gen_out(c, "                q_.root = &o0_;\n                q_.pos = c.verbatim_at;\n");
    gen_out(c, "                const ak_lprocess pa_ = {a0_, %zu};\n", m->args.n);
    gen_out(c, "                ak_buf_attach(&bytes_, ak_diags_budget(d));\n");
    gen_out(c, "                if (quiet_ && %s_process_%s(&q_, &pa_, &bytes_) && !bytes_.failed) {\n", id, m->name);
    gen_out(c, "                    src_ = q_.offered;\n                    q_.offered = NULL;\n"
               "                    if (!src_)\n                        src_ = ak_lsource_memory((const uint8_t *)bytes_.data, bytes_.len);\n"
               "                }\n");
    gen_out(c, "                ak_lctx_free(&q_);\n");
    gen_out(c, "            } else if (ok_) {\n"
               "                src_ = ak_lsource_memory(in->data + c.verbatim_at, in->size - c.verbatim_at);\n"
               "            }\n");
    gen_out(c, "            ok_ = ok_ && src_;\n            if (ok_ && w1_) {\n");
    gen_out(c, "                const ak_lprocess pa_ = {a1_, %zu};\n", m->args.n);
    gen_out(c, "                ok_ = %s_process_%s_encode_stream(&pa_, src_, out);\n", id, m->name);
    gen_out(c, "            } else if (ok_) {\n                ok_ = ak_lsource_copy(src_, out);\n            }\n");
    gen_out(c, "            if (src_)\n                src_->close(src_);\n            ak_diags_free(quiet_);\n"
               "            ak_buf_free(&bytes_);\n");
    gen_out(c, "            if (!ok_)\n                out->len = start_;\n            r_ = ok_;\n        }\n    }\n");
    gen_out(c, "    if (r_ < 0) /* decoded and encoded instead: that reports again */\n        ak_diags_rewind(d, &mark_);\n");
    gen_out(c, "    ak_lctx_free(&c);\n    free(o);\n    return r_;\n}\n");
}

bool cc_emit_c(compiler *cc, FILE *h, FILE *c, const char *header_name)
{
    emitter em = {.cc = cc, .f = cc->format, .h = h, .c = c, .id = cc->format->id};
    format_decl *f = cc->format;
    const char *id = f->id;
    const char *root = f->root_st ? f->root_st->name : NULL;
    char guard[128];
    snprintf(guard, sizeof guard, "AK_GEN_%s_LAYOUT_H", id);
    for (char *p = guard; *p; p++)
        *p = (char)toupper((unsigned char)*p);

    gen_out(h, "/* Generated by animgen from %s. Do not edit. */\n#ifndef %s\n#define %s\n\n", cc->path, guard, guard);
    gen_out(h, "#include <animkit/animkit.h>\n#include \"ak_layout.h\"\n#include \"arena.h\"\n\n");
    gen_out(h, "#include <stdbool.h>\n#include <stddef.h>\n#include <stdint.h>\n\n");
    /* rules */
    gen_out(h, "enum {\n");
    for (size_t i = 0; i < f->rules.n; i++) {
        char ident[200];
        rule_ident(&em, f->rules.items[i], ident, sizeof ident);
        gen_out(h, "    %s = %zu,\n", ident, i);
    }
    gen_out(h, "    %s_RULE_COUNT = %zu\n};\n", id, f->rules.n);
    gen_out(h, "extern const ak_rule %s_rules[%s_RULE_COUNT];\n", id, id);
    gen_out(h, "extern const char *const %s_extensions[];\n", id);

    gen_out(c, "/* Generated by animgen from %s. Do not edit. */\n#include \"%s\"\n\n", cc->path, header_name);
    gen_out(c, "#include \"utf8.h\"\n#include \"reader.h\"\n\n#include <math.h>\n#include <stdio.h>\n#include <stdlib.h>\n"
              "#include <string.h>\n\n");
    gen_out(c, "const ak_rule %s_rules[%s_RULE_COUNT] = {\n", id, id);
    for (size_t i = 0; i < f->rules.n; i++) {
        rule_decl *r = f->rules.items[i];
        gen_out(c, "    {");
        gen_c_string(c, r->code, false);
        gen_out(c, ", %s, %s, ", sev_name(r->compat), sev_name(r->strict));
        gen_c_string(c, r->message, false);
        gen_out(c, ", ");
        gen_c_string(c, r->rationale, false);
        gen_out(c, "},\n");
    }
    gen_out(c, "};\n\nconst char *const %s_extensions[] = {", id);
    for (size_t i = 0; i < f->extensions.n; i++) {
        gen_c_string(c, f->extensions.items[i], false);
        gen_out(c, ", ");
    }
    gen_out(c, "NULL};\n");
    if (f->writes.n) {
        gen_out(c, "static const char *const %s_versions[] = {", id);
        for (size_t i = 0; i < f->writes.n; i++) {
            gen_c_string(c, f->writes.items[i], false);
            gen_out(c, ", ");
        }
        gen_out(c, "NULL};\n");
    }

    if (f->json)
        return cc_emit_json(cc, h, c, cc->outdir);
    if (f->text)
        return cc_emit_document(cc, h, c);
    if (!root) {
        gen_out(h, "\n#endif\n");
        return true;
    }

    for (size_t i = 0; i < f->structs.n; i++) {
        struct_decl *s = f->structs.items[i];
        collect_watches(&em, &s->members);
        collect_hooked(&em, s, &s->members);
    }
    if (em.watches.n > 4) {
        cc_error(cc, f->at, "at most 4 distinct nonempty(...) fields are supported");
        return false;
    }
    for (size_t i = 0; i < f->structs.n; i++)
        emit_struct_type(&em, f->structs.items[i]);
    /* the values of declared enums (and value tables) by name, for hooks:
       no `case 2` where the layout names the value */
    for (size_t i = 0; i < f->enums.n; i++) {
        enum_decl *e = f->enums.items[i];
        gen_out(h, "enum {");
        for (size_t k = 0; k < e->items.n; k++) {
            enum_item *it = e->items.items[k];
            gen_out(h, "%s %s_%s_%s = %lld", k ? "," : "", id, e->name, it->name, (long long)it->value);
        }
        gen_out(h, " };\n");
    }
    emit_tables(&em);

    /* hooks */
    hook_names hn = {{0}, {0}};
    for (size_t i = 0; i < f->structs.n; i++)
        collect_hook_names(cc, &((struct_decl *)f->structs.items[i])->members, &hn);
    gen_out(h, "\n/* Hand-written in formats/%s/ (hooks get their context as arguments). */\n", id);
    for (size_t i = 0; i < hn.struct_hooks.n; i++)
        gen_out(h, "bool %s_hook_%s(ak_lctx *c, const ak_lhook *h);\n", id, (const char *)hn.struct_hooks.items[i]);
    for (size_t i = 0; i < hn.process_hooks.n; i++) {
        const char *n = hn.process_hooks.items[i];
        gen_out(h, "bool %s_process_%s(ak_lctx *c, const ak_lprocess *p, ak_buf *out);\n", id, n);
        gen_out(h, "bool %s_process_%s_encode(const ak_lprocess *p, const uint8_t *plain, size_t n, ak_buf *out);\n", id, n);
    }
    if (verbatim_process(f))
        gen_out(h, "/* re-emission of the verbatim block: encodes the derived stream that `plain` gives */\n"
               "bool %s_process_%s_encode_stream(const ak_lprocess *p, ak_lsource *plain, ak_buf *out);\n", id,
            verbatim_process(f)->name);
    /* dump members: a JSON value derived from the struct as the streamed
       dump's walk has read it (h->obj, h->spans), for the dump only */
    vec dump_hooks = {0}; /* one declaration per name (structs alike may share a hook) */
    for (size_t i = 0; i < f->structs.n; i++) {
        struct_decl *s = f->structs.items[i];
        for (size_t k = 0; k < s->members.n; k++) {
            member *m = s->members.items[k];
            bool seen = false;
            for (size_t j = 0; m->kind == M_DUMP && j < dump_hooks.n; j++)
                seen |= strcmp(dump_hooks.items[j], m->segment) == 0;
            if (m->kind != M_DUMP || seen)
                continue;
            vec_push(cc, &dump_hooks, (void *)m->segment);
            gen_out(h, "bool %s_dump_%s(ak_lctx *c, const ak_lhook *h, ak_buf *out, struct ak_sink *sink, int level);\n",
                    id, m->segment);
        }
    }
    bool has_to_model = cc_has_hook(f, "to_model") || f->model, has_from_model = cc_has_hook(f, "from_model") || f->model;
    bool has_reemit = cc_has_hook(f, "reemit");
    if (cc_has_hook(f, "sniff"))
        gen_out(h, "/* A format without magic: its content evidence (AK_SNIFF_*). */\n"
               "int %s_hook_sniff(const uint8_t *data, size_t size);\n", id);
    if (has_to_model && !f->model)
        gen_out(h, "bool %s_to_model(const ak_input *in, const ak_options *opt, ak_diags *d, struct ak_arena *arena,\n"
               "                  struct ak_animation **out);\n", id);
    if (has_from_model && !f->model)
        gen_out(h, "bool %s_from_model(const struct ak_animation *anim, const ak_options *opt, ak_diags *d, ak_buf *out);\n",
            id);
    if (has_reemit)
        gen_out(h, "/* Adjusts a decoded document (or, from_dump, one built from a JSON dump) to the\n"
               "   options before it is encoded again. */\n"
               "bool %s_hook_reemit(%s_%s *doc, const ak_options *opt, ak_diags *d, bool from_dump);\n", id, id, root);
    for (size_t i = 0; i < f->structs.n; i++)
        gen_out(h, "extern const ak_lstruct %s_meta_%s;\n", id, ((struct_decl *)f->structs.items[i])->name);
    emit_format_options(&em);
    gen_out(h, "\n/* Confidence that data is this format (AK_SNIFF_*). */\nint %s_sniff(const uint8_t *data, size_t size);\n", id);
    gen_out(h, "/* Streaming validation: no document, memory independent of the file size. */\n");
    gen_out(h, "void %s_validate(const ak_input *in, const ak_options *opt, ak_diags *d);\n", id);
    gen_out(h, "/* Decodes into arena (strings point into data or the arena). Returns NULL when\n"
           "   the input cannot be decoded; diagnostics (errors and warnings) go to d. */\n");
    gen_out(h, "%s_%s *%s_decode(const uint8_t *data, size_t size, const ak_options *opt, ak_diags *d, ak_arena *arena);\n",
        id, root, id);
    if (f->model && !f->text) {
        gen_out(h, "/* The same without the key arrays of the model's tracks: of each the earliest\n"
               "   and the latest key by time only (its count stays), for to_model_headers. */\n");
        gen_out(h, "%s_%s *%s_decode_headers(const ak_input *in, const ak_options *opt, ak_diags *d, ak_arena *arena);\n",
            id, root, id);
    }
    gen_out(h, "/* Appends the canonical encoding of doc (recomputes derived values in doc). */\n");
    gen_out(h, "bool %s_encode(%s_%s *doc, ak_buf *out);\n", id, id, root);
    gen_out(h, "/* The same for generic code (ak_llayout). */\nextern const ak_llayout %s_llayout;\n", id);
    gen_out(h, "/* The JSON dump, streamed to out (the input is validated first) or into out. */\n");
    gen_out(h, "bool %s_dump_to(const ak_input *in, const ak_options *opt, ak_diags *d, ak_sink *out);\n", id);
    gen_out(h, "bool %s_dump(const ak_input *in, const ak_options *opt, ak_diags *d, ak_buf *out);\n", id);
    gen_out(h, "bool %s_undump(const ak_input *json, const ak_options *opt, ak_diags *d, ak_buf *out);\n", id);
    gen_out(h, "bool %s_reemit(const ak_input *in, const ak_options *opt, ak_diags *d, ak_buf *out);\n", id);
    gen_out(h, "extern const ak_format ak_format_%s;\n", id);
    /* the model section: its hooks' prototypes, then (in the C file, which
       has every declaration it needs from this header) both directions */
    cc_emit_model(cc, h, c);
    gen_out(h, "\n#endif\n");

    /* prototypes */
    for (size_t i = 0; i < f->structs.n; i++) {
        struct_decl *s = f->structs.items[i];
        gen_out(c, "static bool v_%s(ak_lctx *c, %s_%s *o);\n", s->name, id, s->name);
        gen_out(c, "static bool d_%s(ak_lctx *c, %s_%s *o);\n", s->name, id, s->name);
        gen_out(c, "static bool e_%s(ak_buf *b, %s_%s *o, const %s_%s *r_);\n", s->name, id, s->name, id, root);
    }
    for (size_t i = 0; i < f->structs.n; i++)
        emit_aggs(&em, f->structs.items[i]);
    for (size_t i = 0; i < f->structs.n; i++) {
        struct_decl *s = f->structs.items[i];
        if (fast_element(s))
            emit_fast_struct(&em, s);
    }
    for (size_t i = 0; i < f->structs.n; i++) {
        struct_decl *s = f->structs.items[i];
        emit_rw_struct(&em, s, MODE_V);
        emit_rw_struct(&em, s, MODE_D);
        emit_enc_struct(&em, s);
    }
    for (size_t i = 0; i < f->structs.n; i++) {
        struct_decl *s = f->structs.items[i];
        gen_out(c, "extern const ak_lstruct %s_meta_%s;\n", id, s->name);
    }
    for (size_t i = 0; i < f->structs.n; i++) {
        struct_decl *s = f->structs.items[i];
        emit_meta(&em, s);
    }

    /* entry points */
    gen_out(c, "\nint %s_sniff(const uint8_t *data, size_t size)\n{\n", id);
    if (f->magic_text) {
        int n = prim_size(f->magic_prim);
        long long min = f->magic_min_size > n ? f->magic_min_size : n;
        gen_out(c, "    if (size < %lld)\n        return AK_SNIFF_NO;\n", min);
        gen_out(c, "    uint64_t v = 0;\n");
        if (n == 1)
            gen_out(c, "    v = data[0];\n");
        else
            gen_out(c, "    v = (uint64_t)%s(data);\n", getter(f->magic_prim, f->end));
        gen_out(c, "    return v == %lluULL ? AK_SNIFF_MAGIC : AK_SNIFF_NO;\n}\n", (unsigned long long)f->magic_value);
    } else if (f->magic_bytes) {
        long long n = (long long)f->magic_bytes_len;
        long long min = f->magic_min_size > n ? f->magic_min_size : n;
        gen_out(c, "    static const uint8_t magic[%lld] = {", n);
        for (long long k = 0; k < n; k++)
            gen_out(c, "%s0x%02x", k ? ", " : "", (unsigned char)f->magic_bytes[k]);
        gen_out(c, "};\n    return size >= %lld && memcmp(data, magic, %lld) == 0 ? AK_SNIFF_MAGIC : AK_SNIFF_NO;\n}\n",
            min, n);
    } else if (cc_has_hook(f, "sniff")) {
        gen_out(c, "    return %s_hook_sniff(data, size);\n}\n", id);
    } else {
        gen_out(c, "    return AK_SNIFF_NO;\n}\n");
    }
    char trunc_ref[256];
    snprintf(trunc_ref, sizeof trunc_ref, "%s", rule_ref(&em, f->trunc_rule));
    gen_out(c, "\nstatic bool size_ok_(size_t size, const ak_options *opt, ak_diags *d)\n{\n    (void)opt;\n");
    if (f->size_rule) {
        gen_out(c, "    uint64_t limit_ = %lluULL;\n", (unsigned long long)f->size_limit);
        if (f->size_option) {
            gen_out(c, "    if (!ak_format_option_u64(opt, \"%s\", &limit_)) {\n", f->size_option);
            gen_out(c, "        ak_report(d, %s, 0, 0, \"\", \"format option %s: not a byte count (digits, then "
                   "K, M or G)\");\n        return false;\n    }\n", rule_ref(&em, f->size_rule), f->size_option);
        }
        gen_out(c, "    if ((uint64_t)size > limit_) {\n");
        gen_out(c, "        ak_report(d, %s, 0, 0, \"\", ", rule_ref(&em, f->size_rule));
        gen_c_string(c, f->size_rule->message, true);
        char set_by[200] = "";
        if (f->size_option)
            snprintf(set_by, sizeof set_by, "; format option %s sets it", f->size_option);
        gen_out(c, " \" (%%zu bytes, the limit is %%llu%s)\", size, (unsigned long long)limit_);\n"
               "        return false;\n    }\n", set_by);
    }
    gen_out(c, "    return true;\n}\n");

    /* the validator's walk, which also writes the streaming dump (js) */
    gen_out(c, "\nstatic bool walk_(const ak_input *in, const ak_options *opt, ak_diags *d, ak_ljs *js, bool *retried)\n{\n");
    gen_out(c, "    ak_budget_of(d, opt); /* what a derived stream holds counts */\n");
    gen_out(c, "    if (!size_ok_(in->size, opt, d))\n        return false;\n");
    gen_out(c, "    %s_%s *o = calloc(1, sizeof *o);\n    if (!o) {\n"
              "        ak_report_out_of_memory(d, sizeof *o, \"validating\");\n        return false;\n    }\n", id, root);
    gen_out(c, "    ak_lctx c;\n    ak_lctx_init(&c, in->data, in->size, d, NULL, %s, opt);\n    c.root = o;\n", trunc_ref);
    gen_out(c, "    c.js = js;\n    c.check_first = js && retried && *retried; /* no block is read twice into the JSON */\n");
    gen_out(c, "    ak_release_init(&c.release, in, false); /* streaming: read pages may go */\n");
    gen_out(c, "    bool ok = (!js || ak_ljs_begin(&c)) && v_%s(&c, o) && !c.stop && !c.oom;\n", root);
    gen_out(c, "    if (retried)\n        *retried = c.retried;\n");
    if (f->version_fields.n) {
        /* the version the file declares, for reports (the fields read so far) */
        gen_out(c, "    char version_[96];\n    int n_ = snprintf(version_, sizeof version_, \"");
        for (size_t i = 0; i < f->version_fields.n; i++)
            gen_out(c, "%s%%lld", i ? "." : "");
        gen_out(c, "\"");
        for (size_t i = 0; i < f->version_fields.n; i++)
            gen_out(c, ", (long long)o->%s", ((token *)f->version_fields.items[i])->text);
        gen_out(c, ");\n    if (c.pos > 0 && n_ > 0)\n        ak_diags_set_version(d, version_, (size_t)n_);\n");
    }
    gen_out(c, "    ak_lctx_free(&c);\n    free(o);\n    return ok;\n}\n");
    gen_out(c, "\nvoid %s_validate(const ak_input *in, const ak_options *opt, ak_diags *d)\n{\n"
              "    (void)walk_(in, opt, d, NULL, NULL);\n}\n", id);

    gen_out(c, "\n%s_%s *%s_decode(const uint8_t *data, size_t size, const ak_options *opt, ak_diags *d, ak_arena *arena)\n{\n",
        id, root, id);
    gen_out(c, "    if (!size_ok_(size, opt, d))\n        return NULL;\n");
    gen_out(c, "    %s_%s *o = AK_ARENA_NEW(arena, %s_%s);\n    if (!o)\n        return NULL;\n", id, root, id, root);
    gen_out(c, "    ak_lctx c;\n    ak_lctx_init(&c, data, size, d, arena, %s, opt);\n    c.root = o;\n", trunc_ref);
    gen_out(c, "    bool ok = d_%s(&c, o) && !c.oom;\n", root);
    gen_out(c, "    if (c.oom) /* unless the arena or the budget said so already */\n"
              "        ak_report_out_of_memory(d, 0, \"the decoded document\");\n");
    gen_out(c, "    ak_lctx_free(&c);\n    return ok ? o : NULL;\n}\n");
    if (f->model && !f->text) {
        /* --list: the document without its key arrays (cc_model_skim), the
           input's pages released as they are read, as validation does */
        gen_out(c, "\n%s_%s *%s_decode_headers(const ak_input *in, const ak_options *opt, ak_diags *d, ak_arena *arena)\n{\n",
            id, root, id);
        gen_out(c, "    if (!size_ok_(in->size, opt, d))\n        return NULL;\n");
        gen_out(c, "    %s_%s *o = AK_ARENA_NEW(arena, %s_%s);\n    if (!o)\n        return NULL;\n", id, root, id, root);
        gen_out(c, "    ak_lctx c;\n    ak_lctx_init(&c, in->data, in->size, d, arena, %s, opt);\n    c.root = o;\n"
                   "    c.headers = true;\n    ak_release_init(&c.release, in, false);\n", trunc_ref);
        gen_out(c, "    bool ok = d_%s(&c, o) && !c.oom;\n", root);
        gen_out(c, "    if (c.oom)\n        ak_report_out_of_memory(d, 0, \"the decoded document\");\n");
        gen_out(c, "    ak_lctx_free(&c);\n    return ok ? o : NULL;\n}\n");
    }

    gen_out(c, "\nbool %s_encode(%s_%s *doc, ak_buf *out)\n{\n    return e_%s(out, doc, doc) && !out->failed;\n}\n", id, id,
        root, root);

    /* the layout as generic code sees it (ak_llayout: the fuzzers'
       structure-aware mutators), with the structs the model section makes
       tracks of */
    gen_out(c, "\nstatic void *layout_decode_(const uint8_t *data, size_t size, const ak_options *opt, ak_diags *d,\n"
               "                            ak_arena *arena)\n{\n    return %s_decode(data, size, opt, d, arena);\n}\n", id);
    gen_out(c, "static bool layout_encode_(void *doc, ak_buf *out) { return %s_encode(doc, out); }\n", id);
    gen_out(c, "static const ak_lstruct *const layout_tracks_[] = {");
    if (f->model)
        for (size_t i = 0; i < f->model->tracks.n; i++) {
            const mtrack *t = f->model->tracks.items[i];
            if (t->st)
                gen_out(c, "&%s_meta_%s, ", id, t->st->name);
        }
    gen_out(c, "NULL};\n");
    gen_out(c, "const ak_llayout %s_llayout = {\"%s\", &%s_meta_%s, layout_decode_, layout_encode_, layout_tracks_};\n", id,
            id, id, root);

    /* the dump: checked by the walk, then written by it (a second pass) */
    gen_out(c, "\nbool %s_dump_to(const ak_input *in, const ak_options *opt, ak_diags *d, ak_sink *out)\n{\n", id);
    gen_out(c, "    const size_t errors_ = ak_diags_errors(d);\n    bool retried_ = false;\n");
    gen_out(c, "    if (!walk_(in, opt, d, NULL, &retried_) || ak_diags_errors(d) != errors_)\n        return false;\n");
    gen_out(c, "    return ak_ldump_stream(in, opt, d, out, retried_, walk_);\n}\n");
    gen_out(c, "\nbool %s_dump(const ak_input *in, const ak_options *opt, ak_diags *d, ak_buf *out)\n{\n", id);
    gen_out(c, "    ak_sink sink;\n    ak_sink_buf(&sink, out);\n    return %s_dump_to(in, opt, d, &sink);\n}\n", id);

    /* re-emission: the layout's decoder and encoder; the format may adjust
       the document to the options in between (hook reemit) */
    member *verbatim = verbatim_process(f);
    if (verbatim)
        emit_reemit_stream(&em, verbatim, trunc_ref, has_reemit);
    gen_out(c, "\nbool %s_reemit(const ak_input *in, const ak_options *opt, ak_diags *d, ak_buf *out)\n{\n", id);
    if (verbatim)
        gen_out(c, "    int streamed_ = reemit_stream_(in, opt, d, out);\n    if (streamed_ >= 0)\n        return streamed_ > 0;\n");
    gen_out(c, "    ak_arena arena;\n    ak_arena_init_budget(&arena, 0, ak_budget_of(d, opt), \"the decoded document\");\n");
    gen_out(c, "    %s_%s *doc = %s_decode(in->data, in->size, opt, d, &arena);\n", id, root, id);
    gen_out(c, "    bool ok = doc && ak_diags_errors(d) == 0");
    if (has_reemit)
        gen_out(c, " && %s_hook_reemit(doc, opt, d, false)", id);
    gen_out(c, " && %s_encode(doc, out);\n    ak_arena_free(&arena);\n    return ok;\n}\n", id);

    gen_out(c, "\nbool %s_undump(const ak_input *json, const ak_options *opt, ak_diags *d, ak_buf *out)\n{\n", id);
    if (f->undump_rules[UD_SYNTAX]) {
        static const char *const cats[UD_COUNT_ALL] = {"syntax", "shape", "value", "type", "unknown", "missing",
                                                       "duplicate", "order", "name", "range", "count", "result"};
        gen_out(c, "    static const ak_lundump_rules rules = {\n");
        for (int i = 0; i < UD_COUNT_ALL; i++)
            gen_out(c, "        .%s = %s,\n", cats[i], rule_ref(&em, gen_undump_rule(f, i)));
        gen_out(c, "    };\n");
        gen_out(c, "    ak_arena arena;\n    ak_arena_init_budget(&arena, 0, ak_budget_of(d, opt), \"the decoded document\");\n");
        gen_out(c, "    %s_%s *doc = ak_lundump_json(&%s_meta_%s, json->data, json->size, &arena, &rules, d);\n", id, root,
            id, root);
        gen_out(c, "    size_t start = out->len;\n    bool ok = doc");
        if (has_reemit)
            gen_out(c, " && %s_hook_reemit(doc, opt, d, true)", id);
        gen_out(c, " && %s_encode(doc, out);\n", id);
        gen_out(c, "    ak_arena_free(&arena);\n    if (!ok)\n        return false;\n");
        gen_out(c, "    /* what the validator says about the result (e.g. NaN times): */\n");
        gen_out(c, "    ak_input built = {json->name, (const uint8_t *)out->data + start, out->len - start, false};\n");
        gen_out(c, "    return ak_lundump_verify(&built, %s_validate, opt, d, rules.result);\n}\n", id);
    } else {
        gen_out(c, "    return json && opt && d && out && false;\n}\n");
    }

    /* the JSON Schema of the dump, and the registry entry */
    if (!cc_emit_dump_schema(cc, c))
        return false;
    gen_registry_open(c, f, false);
    gen_out(c, "    .sniff = %s_sniff,\n    .validate = %s_validate,\n", id, id);
    /* AK_NO_SCHEMA_TEXT: a build that serves no schema (WebAssembly) leaves the text out */
    gen_out(c, "    .dump = %s_dump,\n    .dump_to = %s_dump_to,\n#ifndef AK_NO_SCHEMA_TEXT\n    .dump_schema = %s_dump_schema,\n"
               "#endif\n    .reemit = %s_reemit,\n",
        id, id, id, id);
    if (f->undump_rules[UD_SYNTAX])
        gen_out(c, "    .undump = %s_undump,\n", id);
    if (has_to_model)
        gen_out(c, "    .to_model = %s_to_model,\n", id);
    if (f->model && !f->text)
        gen_out(c, "    .to_model_headers = %s_to_model_headers,\n", id);
    if (has_from_model)
        gen_out(c, "    .from_model = %s_from_model,\n", id);
    if (gen_model_list_made(f))
        gen_out(c, "    .from_model_to = %s_from_model_to,\n", id);
    if (f->size_rule && !f->size_option)
        gen_out(c, "    .max_size = %lluULL,\n    .max_size_rule = %s,\n", (unsigned long long)f->size_limit,
                rule_ref(&em, f->size_rule));
    gen_registry_close(c, f);
    return cc->errors == 0;
}

bool cc_emit_rules_md(compiler *cc, FILE *md)
{
    format_decl *f = cc->format;
    static const char *const sev[] = {"note", "warning", "error"};
    gen_out(md, "<!-- Generated by animgen from %s. Do not edit. -->\n\n", cc->path);
    gen_out(md, "### %s (`%s`)\n\n", f->title, f->id);
    gen_out(md, "| code | compatible | strict | message | rationale |\n|---|---|---|---|---|\n");
    for (size_t i = 0; i < f->rules.n; i++) {
        rule_decl *r = f->rules.items[i];
        gen_out(md, "| `%s` | %s | %s | %s | %s |\n", r->code, sev[r->compat], sev[r->strict], r->message,
            r->rationale ? r->rationale : "");
    }
    return true;
}
