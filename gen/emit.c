/* animgen: C code generation for binary layouts.
 *
 * Per struct S of format F it writes a C struct F_S, and the functions
 *   v_S  streaming validation (reads in place, stores scalars only),
 *   d_S  decoding into an arena document (arrays allocated after their count
 *        was checked against the remaining bytes),
 *   e_S  encoding back to bytes,
 * plus field metadata (F_meta_S) for the generic JSON dump and undump, the
 * rule table and the entry points (sniff, validate, decode, encode, dump,
 * undump). Generated functions nest as the declaration nests; nothing in
 * them recurses on input-controlled depth. */
#include "ast.h"
#include "emit_common.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

typedef enum mode { MODE_V, MODE_D, MODE_E } mode;

typedef struct emitter {
    compiler *cc;
    format_decl *f;
    FILE *h, *c;
    const char *id;
    vec watches; /* names watched by `nonempty(...)` */
    bool unchecked;     /* emitting a fast element reader (no bounds checks) */
    int unchecked_off;  /* byte offset of the next field in that element */
} emitter;

static void rule_ident(emitter *em, const rule_decl *r, char *buf, size_t n)
{
    snprintf(buf, n, "%s_R_", em->id);
    size_t k = strlen(buf);
    for (const char *s = r->code + strlen(em->id) + 1; *s && k + 1 < n; s++)
        buf[k++] = isalnum((unsigned char)*s) ? (char)toupper((unsigned char)*s) : '_';
    buf[k] = 0;
}

/* &F_rules[F_R_X] */
static const char *rule_ref(emitter *em, const rule_decl *r)
{
    static char buf[256];
    char ident[200];
    rule_ident(em, r, ident, sizeof ident);
    snprintf(buf, sizeof buf, "&%s_rules[%s]", em->id, ident);
    return buf;
}

/* ---- expressions ------------------------------------------------------- */

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
    case E_BINARY:
        fputc('(', fp);
        emit_expr(em, fp, cur, e->lhs);
        gen_out(fp, " %s ", e->op);
        emit_expr(em, fp, cur, e->rhs);
        fputc(')', fp);
        break;
    }
}

/* ---- types ------------------------------------------------------------------ */

static const char *ctype_of(emitter *em, const tref *t)
{
    static char buf[256];
    if (t->st)
        snprintf(buf, sizeof buf, "%s_%s", em->id, t->st->name);
    else
        snprintf(buf, sizeof buf, "%s", prim_ctype(t->prim));
    return buf;
}

static const char *lkind_of(const tref *t)
{
    if (t->kind == T_ARRAY)
        return "AK_LK_ARRAY";
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
    case P_BOOL8: return "AK_LK_BOOL";
    case P_VARINT: return "AK_LK_VARINT";
    case P_STRING7: return "AK_LK_STRING";
    case P_NSTRING7: return "AK_LK_NSTRING";
    default: return "AK_LK_U8";
    }
}

static bool fixed_count(const tref *t, long long *n)
{
    if (t->kind != T_ARRAY || t->count->kind != E_INT)
        return false;
    *n = strtoll(t->count->text, NULL, 0);
    return true;
}

static void emit_struct_members(emitter *em, struct_decl *s, vec *members, int *switches)
{
    for (size_t i = 0; i < members->n; i++) {
        member *m = members->items[i];
        switch (m->kind) {
        case M_FIELD: {
            tref *t = m->type;
            long long n;
            if (fixed_count(t, &n))
                gen_out(em->h, "    %s %s[%lld];\n", ctype_of(em, t->elem), m->name, n);
            else if (t->kind == T_ARRAY)
                gen_out(em->h, "    %s *%s;\n    size_t %s_count;\n", ctype_of(em, t->elem), m->name, m->name);
            else
                gen_out(em->h, "    %s %s;\n", ctype_of(em, t), m->name);
            break;
        }
        case M_LET: gen_out(em->h, "    double %s; /* let */\n", m->name); break;
        case M_IF: emit_struct_members(em, s, &m->body, switches); break;
        case M_SWITCH:
            if (m->name)
                gen_out(em->h, "    int %s; /* the arm taken: %s_%s_<arm struct> */\n", m->name, em->id, m->name);
            else
                gen_out(em->h, "    int sw%d; /* the arm taken by switch #%d */\n", m->id, m->id);
            for (size_t k = 0; k < m->arms.n; k++) {
                switch_arm *a = m->arms.items[k];
                bool dup = false;
                for (size_t j = 0; j < k; j++)
                    if (((switch_arm *)m->arms.items[j])->st == a->st)
                        dup = true;
                if (!dup)
                    gen_out(em->h, "    %s_%s %s;\n", em->id, a->st->name, a->st->name);
            }
            (*switches)++;
            break;
        default: break;
        }
    }
}

static void emit_struct_type(emitter *em, struct_decl *s)
{
    if (s->emitted)
        return;
    s->emitted = true;
    /* dependencies first */
    vec stack = {0};
    vec_push(em->cc, &stack, &s->members);
    for (size_t k = 0; k < stack.n; k++) {
        vec *ms = stack.items[k];
        for (size_t i = 0; i < ms->n; i++) {
            member *m = ms->items[i];
            if (m->kind == M_FIELD) {
                tref *t = m->type->kind == T_ARRAY ? m->type->elem : m->type;
                if (t->st)
                    emit_struct_type(em, t->st);
            } else if (m->kind == M_IF) {
                vec_push(em->cc, &stack, &m->body);
            } else if (m->kind == M_SWITCH) {
                for (size_t a = 0; a < m->arms.n; a++)
                    emit_struct_type(em, ((switch_arm *)m->arms.items[a])->st);
            }
        }
    }
    gen_out(em->h, "\ntypedef struct %s_%s {\n", em->id, s->name);
    int sw = 0;
    emit_struct_members(em, s, &s->members, &sw);
    if (!s->members.n)
        gen_out(em->h, "    char unused_;\n");
    gen_out(em->h, "} %s_%s;\n", em->id, s->name);
    for (size_t i = 0; i < s->members.n; i++) {
        member *m = s->members.items[i];
        if (m->kind != M_SWITCH || !m->name)
            continue;
        gen_out(em->h, "enum {");
        for (size_t k = 0; k < m->arms.n; k++)
            gen_out(em->h, "%s %s_%s_%s = %zu", k ? "," : "", em->id, m->name,
                ((switch_arm *)m->arms.items[k])->st->name, k);
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

/* printf conversion and argument for a scalar value in messages */
static void value_fmt(prim_kind p, const char *lv, char *fmt, size_t fn, char *arg, size_t an)
{
    if (prim_is_float(p)) {
        snprintf(fmt, fn, "%%.9g");
        snprintf(arg, an, "(double)%s", lv);
    } else if (p == P_U64) {
        snprintf(fmt, fn, "%%llu");
        snprintf(arg, an, "(unsigned long long)%s", lv);
    } else {
        snprintf(fmt, fn, "%%lld");
        snprintf(arg, an, "(long long)%s", lv);
    }
}

/* The checks of one scalar value; lv is its C lvalue, leaf the path leaf
 * (a C expression: "\"name\"" or NULL), at the offset expression. */
static void emit_scalar_checks(emitter *em, struct_decl *s, member *m, prim_kind p, const char *lv,
                               const char *raw, const char *leaf, const char *at, int size)
{
    FILE *c = em->c;
    bool any = false;
    for (size_t i = 0; i < m->cons.n; i++) {
        cons *k = m->cons.items[i];
        if (k->kind == C_FITS || k->kind == C_NONDECREASING || k->kind == C_NOREPEAT || k->kind == C_LENGTH ||
            k->kind == C_UTF8 || k->kind == C_MINIMAL)
            continue;
        any = true;
    }
    if (!any)
        return;
    gen_out(c, "        {\n            bool failed_ = false;\n");
    char fmt[32], arg[300];
    value_fmt(p, lv, fmt, sizeof fmt, arg, sizeof arg);
    for (size_t i = 0; i < m->cons.n; i++) {
        cons *k = m->cons.items[i];
        if (k->kind == C_FITS || k->kind == C_NONDECREASING || k->kind == C_NOREPEAT || k->kind == C_LENGTH ||
            k->kind == C_UTF8 || k->kind == C_MINIMAL)
            continue;
        gen_out(c, "            if (!failed_");
        if (k->when) {
            gen_out(c, " && (");
            emit_expr(em, c, s, k->when);
            gen_out(c, ")");
        }
        gen_out(c, " && !(");
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
            for (size_t j = 0; j < k->set.n; j++) {
                gen_out(c, "%s%s == ", j ? " || " : "", lv);
                emit_expr(em, c, s, k->set.items[j]);
            }
            break;
        case C_ENUM:
            if (!k->en->items.n)
                gen_out(c, "0");
            for (size_t j = 0; j < k->en->items.n; j++)
                gen_out(c, "%s%s == %lldLL", j ? " || " : "", lv, (long long)((enum_item *)k->en->items.items[j])->value);
            break;
        case C_FINITE: gen_out(c, "isfinite(%s)", lv); break;
        case C_FLAG: gen_out(c, "%s <= 1", raw ? raw : lv); break;
        default: gen_out(c, "1"); break;
        }
        gen_out(c, ")) {\n                failed_ = true;\n");
        gen_out(c, "                if (!ak_lreport(c, %s, %s, %s, %d, %s, ", rule_ref(em, k->rule),
            k->fatal ? "true" : "false", at, size, leaf);
        gen_c_string(c, k->rule->message, true);
        if (k->kind == C_FLAG) {
            gen_out(c, " \" (%s = %%u)\", (unsigned)%s))\n", m->name, raw ? raw : lv);
        } else {
            gen_out(c, " \" (%s = %s)\", %s))\n", m->name, fmt, arg);
        }
        gen_out(c, "                    return false;\n            }\n");
    }
    gen_out(c, "            (void)failed_;\n        }\n");
}

/* Reads one scalar of type t into lvalue lv (validate/decode). */
static void emit_read_scalar(emitter *em, struct_decl *s, member *m, const tref *t, const char *lv,
                             const char *leaf, const char *leafname)
{
    FILE *c = em->c;
    prim_kind p = t->prim;
    int size = prim_size(p);
    char at[64];
    snprintf(at, sizeof at, "at_%d_", m->id);
    if (size && em->unchecked) {
        /* fast path: the element's bytes were checked by the array's count */
        gen_out(c, "        p = q_ + %d;\n", em->unchecked_off);
        em->unchecked_off += size;
    } else if (size) {
        gen_out(c, "        if (ak_lleft(c) < %d)\n            return ak_ltruncated(c, %s, %d);\n", size, leafname, size);
        gen_out(c, "        p = c->data + c->pos;\n");
    }
    if (size) {
        switch (p) {
        case P_U8: gen_out(c, "        %s = p[0];\n", lv); break;
        case P_I8: gen_out(c, "        %s = (int8_t)p[0];\n", lv); break;
        case P_BOOL8:
            gen_out(c, "        raw_ = p[0];\n        %s = raw_ != 0;\n", lv);
            break;
        case P_F32: gen_out(c, "        %s = ak_lf32(%s(p));\n", lv, getter(p, end_of(em, t))); break;
        case P_F64: gen_out(c, "        %s = ak_lf64(%s(p));\n", lv, getter(p, end_of(em, t))); break;
        default:
            gen_out(c, "        %s = (%s)%s(p);\n", lv, prim_ctype(p), getter(p, end_of(em, t)));
            break;
        }
        if (!em->unchecked)
            gen_out(c, "        c->pos += %d;\n", size);
        int w = m->name ? watch_index(em, m->name) : -1;
        if (w >= 0 && prim_is_int(p))
            gen_out(c, "        c->watch[%d] += (uint64_t)%s;\n", w, lv);
        emit_scalar_checks(em, s, m, p, lv, p == P_BOOL8 ? "raw_" : NULL, leaf, at, size);
        return;
    }
    /* variable size: varint, string7, nstring7 */
    const cons *length = NULL, *utf8 = NULL, *minimal = NULL, *flag = NULL;
    for (size_t i = 0; i < m->cons.n; i++) {
        const cons *k = m->cons.items[i];
        if (k->kind == C_LENGTH)
            length = k;
        else if (k->kind == C_UTF8)
            utf8 = k;
        else if (k->kind == C_MINIMAL)
            minimal = k;
        else if (k->kind == C_FLAG)
            flag = k;
    }
    gen_out(c, "        {\n            uint64_t len_;\n            bool overlong_;\n            int st_;\n");
    if (p == P_NSTRING7) {
        gen_out(c, "            if (ak_lleft(c) < 1)\n                return ak_ltruncated(c, %s, 1);\n", leafname);
        gen_out(c, "            raw_ = c->data[c->pos];\n");
        gen_out(c, "            if (raw_ > 1 && !ak_lreport(c, %s, true, c->pos, 1, %s, ", rule_ref(em, flag->rule), leaf);
        gen_c_string(c, flag->rule->message, true);
        gen_out(c, " \" (%%u)\", (unsigned)raw_))\n                return false;\n");
        gen_out(c, "            c->pos++;\n");
        gen_out(c, "            %s.ptr = NULL;\n            %s.len = 0;\n            if (raw_) {\n", lv, lv);
    }
    gen_out(c, "            st_ = ak_lread_len7(c, &len_, &overlong_);\n");
    gen_out(c, "            if (st_ == 1)\n                return ak_ltruncated(c, %s, 1);\n", leafname);
    gen_out(c, "            if (st_ == 2) {\n                ak_lreport(c, %s, true, c->pos, 5, %s, ", rule_ref(em, length->rule), leaf);
    gen_c_string(c, length->rule->message, true);
    gen_out(c, " \": the 7-bit length is malformed\");\n                return false;\n            }\n");
    if (p == P_VARINT) {
        gen_out(c, "            %s = (uint32_t)len_;\n", lv);
        int w = m->name ? watch_index(em, m->name) : -1;
        if (w >= 0)
            gen_out(c, "            c->watch[%d] += len_;\n", w);
    } else {
        gen_out(c, "            if (len_ > ak_lleft(c)) {\n                ak_lreport(c, %s, true, %s, c->pos - %s, %s, ",
            rule_ref(em, length->rule), at, at, leaf);
        gen_c_string(c, length->rule->message, true);
        gen_out(c, " \": %%llu bytes, %%zu left\", (unsigned long long)len_, ak_lleft(c));\n"
               "                return false;\n            }\n");
        gen_out(c, "            %s.ptr = (const char *)c->data + c->pos;\n            %s.len = (size_t)len_;\n", lv, lv);
        gen_out(c, "            c->pos += (size_t)len_;\n");
    }
    if (minimal) {
        gen_out(c, "            if (overlong_ && !ak_lreport(c, %s, %s, %s, 0, %s, ", rule_ref(em, minimal->rule),
            minimal->fatal ? "true" : "false", at, leaf);
        gen_c_string(c, minimal->rule->message, true);
        gen_out(c, "))\n                return false;\n");
    }
    if (utf8) {
        gen_out(c, "            size_t bad_;\n");
        gen_out(c, "            if (!ak_utf8_valid((const uint8_t *)%s.ptr, %s.len, &bad_) && !ak_lreport(c, %s, %s, "
               "(uint64_t)((const uint8_t *)%s.ptr - c->data) + bad_, 1, %s, ",
            lv, lv, rule_ref(em, utf8->rule), utf8->fatal ? "true" : "false", lv, leaf);
        gen_c_string(c, utf8->rule->message, true);
        gen_out(c, " \" (byte %%zu of the string)\", bad_))\n                return false;\n");
    }
    if (p == P_NSTRING7)
        gen_out(c, "            }\n");
    gen_out(c, "        }\n");
    emit_scalar_checks(em, s, m, p, lv, p == P_NSTRING7 ? "raw_" : NULL, leaf, at, 0);
}

/* Byte offset of a field inside a fixed-size struct, or -1. */
static int field_offset(struct_decl *s, const char *name)
{
    int off = 0;
    for (size_t i = 0; i < s->members.n; i++) {
        member *m = s->members.items[i];
        if (m->kind != M_FIELD)
            continue;
        if (m->type->kind == T_ARRAY || m->type->st || !prim_size(m->type->prim))
            return -1;
        if (strcmp(m->name, name) == 0)
            return off;
        off += prim_size(m->type->prim);
    }
    return -1;
}

static void emit_rw_members(emitter *em, struct_decl *s, vec *members, mode md);

/* Elements that are only fixed-size scalars (plus lets and asserts) get an
 * unchecked reader: the array's count check already covered their bytes. */
static bool fast_element(struct_decl *s)
{
    for (size_t i = 0; i < s->members.n; i++) {
        member *m = s->members.items[i];
        if (m->kind == M_LET || m->kind == M_ASSERT)
            continue;
        if (m->kind != M_FIELD || m->type->kind == T_ARRAY || m->type->st || !prim_size(m->type->prim))
            return false;
    }
    return true;
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
    if (t->kind != T_ARRAY) {
        if (t->st) {
            gen_out(c, "        ak_lpush(c, \"%s\");\n", m->name);
            gen_out(c, "        if (!%c_%s(c, &o->%s))\n            return false;\n", md == MODE_V ? 'v' : 'd',
                t->st->name, m->name);
            gen_out(c, "        ak_lpop(c);\n");
        } else {
            emit_read_scalar(em, s, m, t, lv, leaf, leaf);
        }
        return;
    }
    /* arrays */
    tref *el = t->elem;
    long long n;
    bool fixed = fixed_count(t, &n);
    const cons *fits = NULL, *nondec = NULL, *norep[8];
    int nnorep = 0;
    const cons *nondecs[8];
    int nnondec = 0;
    for (size_t i = 0; i < m->cons.n; i++) {
        const cons *k = m->cons.items[i];
        if (k->kind == C_FITS)
            fits = k;
        else if (k->kind == C_NONDECREASING && nnondec < 8)
            nondecs[nnondec++] = k;
        else if (k->kind == C_NOREPEAT && nnorep < 8)
            norep[nnorep++] = k;
    }
    (void)nondec;
    int elem_min = el->st ? el->st->min_size : (prim_size(el->prim) ? prim_size(el->prim) : 1);
    gen_out(c, "        {\n");
    if (fixed) {
        gen_out(c, "            const size_t cnt_ = %lld;\n", n);
    } else {
        gen_out(c, "            const int64_t n_ = (int64_t)(");
        emit_expr(em, c, s, t->count);
        gen_out(c, ");\n");
        /* where to report: the count field when the count is one */
        const char *cleaf = leaf;
        char cat[64];
        snprintf(cat, sizeof cat, "at_%d_", m->id);
        char cleafbuf[200];
        if (t->count->kind == E_NAME && !strchr(t->count->text, '.')) {
            member *cm = find_member_named(s, t->count->text, NULL);
            if (cm && cm->kind == M_FIELD) {
                snprintf(cleafbuf, sizeof cleafbuf, "\"%s\"", cm->name);
                cleaf = cleafbuf;
                snprintf(cat, sizeof cat, "at_%d_", cm->id);
            }
        }
        gen_out(c, "            if (n_ < 0 || (uint64_t)n_ > ak_lleft(c) / %d) {\n", elem_min);
        gen_out(c, "                ak_lreport(c, %s, true, %s, 4, %s, ", rule_ref(em, fits->rule), cat, cleaf);
        gen_c_string(c, fits->rule->message, true);
        bool exact = el->st ? el->st->fixed : prim_size(el->prim) != 0;
        gen_out(c, " \": %%lld element%%s of %s%d byte%s, %%zu bytes left\", (long long)n_, n_ == 1 ? \"\" : \"s\", "
               "ak_lleft(c));\n",
            exact ? "" : "at least ", elem_min, elem_min == 1 ? "" : "s");
        gen_out(c, "                return false;\n            }\n");
        gen_out(c, "            const size_t cnt_ = (size_t)n_;\n");
    }
    const char *ety = ctype_of(em, el);
    char etype[256];
    snprintf(etype, sizeof etype, "%s", ety);
    char base[300];
    if (fixed) {
        snprintf(base, sizeof base, "o->%s", m->name);
    } else if (md == MODE_D) {
        gen_out(c, "            o->%s_count = cnt_;\n", m->name);
        gen_out(c, "            o->%s = cnt_ ? (%s *)ak_arena_array(c->arena, cnt_, sizeof(%s), _Alignof(%s)) : NULL;\n",
            m->name, etype, etype, etype);
        gen_out(c, "            if (cnt_ && !o->%s) {\n                c->oom = c->stop = true;\n                return false;\n"
               "            }\n",
            m->name);
        snprintf(base, sizeof base, "o->%s", m->name);
    } else {
        gen_out(c, "            %s tmp_;\n", etype);
        gen_out(c, "            memset(&tmp_, 0, sizeof tmp_);\n");
        gen_out(c, "            o->%s = NULL;\n            o->%s_count = cnt_;\n", m->name, m->name);
        base[0] = 0;
    }
    for (int i = 0; i < nnondec; i++)
        gen_out(c, "            double prev_nd%d_ = 0;\n", i);
    for (int i = 0; i < nnorep; i++)
        gen_out(c, "            double prev_nr%d_ = 0;\n", i);
    bool fast = el->st && fast_element(el->st);
    gen_out(c, "            ak_lpush(c, \"%s\");\n", m->name);
    gen_out(c, "            ak_lpush_index(c, 0);\n");
    if (fast)
        gen_out(c, "            const uint8_t *q_ = c->data + c->pos;\n            const size_t first_ = c->pos;\n");
    gen_out(c, "            for (size_t i_ = 0; i_ < cnt_; i_++) {\n");
    if (base[0])
        gen_out(c, "                %s *e_ = &%s[i_];\n", etype, base);
    else
        gen_out(c, "                %s *e_ = &tmp_;\n", etype);
    if (fast)
        gen_out(c, "                const size_t at_e_ = first_ + i_ * %d;\n", el->st->min_size);
    else
        gen_out(c, "                const size_t at_e_ = c->pos;\n");
    gen_out(c, "                (void)at_e_;\n");
    gen_out(c, "                c->seg[c->depth - 1].index = i_;\n");
    gen_out(c, "                ak_release_at(&c->release, at_e_);\n");
    if (fast) {
        gen_out(c, "                if (!x_%s(c, e_, q_, at_e_))\n                    return false;\n", el->st->name);
        gen_out(c, "                q_ += %d;\n", el->st->min_size);
    } else if (el->st) {
        gen_out(c, "                if (!%c_%s(c, e_))\n                    return false;\n", md == MODE_V ? 'v' : 'd',
            el->st->name);
    } else {
        /* scalar elements: the element's checks are the field's */
        gen_out(c, "                {\n");
        emit_read_scalar(em, s, m, el, "(*e_)", "NULL", "NULL");
        gen_out(c, "                }\n");
    }
    for (int i = 0; i < nnondec; i++) {
        const cons *k = nondecs[i];
        int off = field_offset(el->st, k->name);
        gen_out(c, "                if (i_ > 0 && e_->%s < prev_nd%d_ && !ak_lreport(c, %s, %s, at_e_ + %d, 0, \"%s\", ",
            k->name, i, rule_ref(em, k->rule), k->fatal ? "true" : "false", off < 0 ? 0 : off, k->name);
        gen_c_string(c, k->rule->message, true);
        gen_out(c, " \" (%%.9g after %%.9g)\", (double)e_->%s, prev_nd%d_))\n                    return false;\n", k->name, i);
        gen_out(c, "                prev_nd%d_ = e_->%s;\n", i, k->name);
    }
    for (int i = 0; i < nnorep; i++) {
        const cons *k = norep[i];
        int off = field_offset(el->st, k->name);
        gen_out(c, "                if (i_ > 0 && e_->%s == prev_nr%d_ && !ak_lreport(c, %s, %s, at_e_ + %d, 0, \"%s\", ",
            k->name, i, rule_ref(em, k->rule), k->fatal ? "true" : "false", off < 0 ? 0 : off, k->name);
        gen_c_string(c, k->rule->message, true);
        gen_out(c, " \" (%%.9g again)\", (double)e_->%s))\n                    return false;\n", k->name);
        gen_out(c, "                prev_nr%d_ = e_->%s;\n", i, k->name);
    }
    gen_out(c, "            }\n");
    if (fast)
        gen_out(c, "            c->pos = first_ + cnt_ * %d;\n", el->st->min_size);
    gen_out(c, "            ak_lpop(c);\n            ak_lpop(c);\n        }\n");
}

static void collect_ids(vec *members, FILE *c)
{
    for (size_t i = 0; i < members->n; i++) {
        member *m = members->items[i];
        if (m->kind == M_FIELD)
            gen_out(c, "    size_t at_%d_ = 0;\n    (void)at_%d_;\n", m->id, m->id);
        if (m->kind == M_IF)
            collect_ids(&m->body, c);
    }
}

static void emit_rw_members(emitter *em, struct_decl *s, vec *members, mode md)
{
    FILE *c = em->c;
    for (size_t i = 0; i < members->n; i++) {
        member *m = members->items[i];
        switch (m->kind) {
        case M_FIELD: emit_field_rw(em, s, m, md); break;
        case M_LET:
            gen_out(c, "        o->%s = (double)(", m->name);
            emit_expr(em, c, s, m->value);
            gen_out(c, ");\n");
            break;
        case M_ASSERT: {
            member *at = m->name ? find_member_named(s, m->name, NULL) : NULL;
            gen_out(c, "        if (!(");
            emit_expr(em, c, s, m->value);
            gen_out(c, ") && !ak_lreport(c, %s, %s, ", rule_ref(em, m->rule), m->fatal ? "true" : "false");
            if (at && at->kind == M_FIELD)
                gen_out(c, "at_%d_, 0, \"%s\", ", at->id, at->name);
            else
                gen_out(c, "start_, 0, NULL, ");
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
                member *at = m->name ? find_member_named(s, m->name, NULL) : NULL;
                gen_out(c, "        if (c->watch[%d] == watch%d_ && !ak_lreport(c, %s, false, ", w, m->id,
                    rule_ref(em, m->rule));
                if (at && at->kind == M_FIELD)
                    gen_out(c, "at_%d_, 1, \"%s\", ", at->id, at->name);
                else
                    gen_out(c, "block%d_, 0, NULL, ", m->id);
                gen_c_string(c, m->rule->message, true);
                gen_out(c, "))\n            return false;\n");
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
                gen_out(c, "            if (!%c_%s(c, &o->%s))\n                return false;\n        }\n",
                    md == MODE_V ? 'v' : 'd', a->st->name, a->st->name);
            }
            break;
        case M_END:
            gen_out(c, "        if (ak_lleft(c) && !ak_lreport(c, %s, false, c->pos, ak_lleft(c), NULL, ",
                rule_ref(em, m->rule));
            gen_c_string(c, m->rule->message, true);
            gen_out(c, " \" (%%zu byte%%s)\", ak_lleft(c), ak_lleft(c) == 1 ? \"\" : \"s\"))\n            return false;\n");
            break;
        case M_HOOK:
            gen_out(c, "        if (!%s_hook_%s(c, o))\n            return false;\n", em->id, m->name);
            break;
        }
    }
}

static void collect_ids(vec *members, FILE *c);

static void emit_fast_struct(emitter *em, struct_decl *s)
{
    FILE *c = em->c;
    gen_out(c, "\nstatic inline bool x_%s(ak_lctx *c, %s_%s *o, const uint8_t *q_, size_t base_)\n{\n", s->name, em->id,
        s->name);
    gen_out(c, "    const %s_%s *r_ = (const %s_%s *)c->root;\n    (void)r_;\n", em->id, em->f->root_st->name, em->id,
        em->f->root_st->name);
    gen_out(c, "    const uint8_t *p;\n    uint8_t raw_ = 0;\n    (void)raw_;\n    const size_t start_ = base_;\n"
           "    (void)start_;\n");
    collect_ids(&s->members, c);
    gen_out(c, "    {\n");
    em->unchecked = true;
    em->unchecked_off = 0;
    emit_rw_members(em, s, &s->members, MODE_V);
    em->unchecked = false;
    /* every report that stops returned false above */
    gen_out(c, "    }\n    return true;\n}\n");
}

static void emit_rw_struct(emitter *em, struct_decl *s, mode md)
{
    FILE *c = em->c;
    gen_out(c, "\nstatic bool %c_%s(ak_lctx *c, %s_%s *o)\n{\n", md == MODE_V ? 'v' : 'd', s->name, em->id, s->name);
    gen_out(c, "    const %s_%s *r_ = (const %s_%s *)c->root;\n    (void)r_;\n", em->id, em->f->root_st->name, em->id,
        em->f->root_st->name);
    gen_out(c, "    const uint8_t *p;\n    (void)p;\n    uint8_t raw_ = 0;\n    (void)raw_;\n");
    gen_out(c, "    const size_t start_ = c->pos;\n    (void)start_;\n");
    collect_ids(&s->members, c);
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
    case P_STRING7: gen_out(c, "        ok_ &= ak_write_string7(b, %s.ptr ? %s.ptr : \"\", %s.len);\n", lv, lv, lv); break;
    case P_NSTRING7:
        gen_out(c, "        ok_ &= %s.ptr ? ak_write_nullable_string7(b, %s.ptr, %s.len) : ak_write_u8(b, 0);\n", lv, lv, lv);
        break;
    default: break;
    }
}

static void emit_enc_members(emitter *em, struct_decl *s, vec *members)
{
    FILE *c = em->c;
    for (size_t i = 0; i < members->n; i++) {
        member *m = members->items[i];
        switch (m->kind) {
        case M_FIELD: {
            tref *t = m->type;
            char lv[300];
            snprintf(lv, sizeof lv, "o->%s", m->name);
            if (t->kind != T_ARRAY) {
                if (t->st)
                    gen_out(c, "        ok_ &= e_%s(b, &o->%s, r_);\n", t->st->name, m->name);
                else
                    emit_write_scalar(em, t, lv);
                break;
            }
            long long n;
            if (fixed_count(t, &n))
                gen_out(c, "        for (size_t i_ = 0; i_ < %lld; i_++) {\n", n);
            else
                gen_out(c, "        for (size_t i_ = 0; i_ < o->%s_count; i_++) {\n", m->name);
            snprintf(lv, sizeof lv, "o->%s[i_]", m->name);
            if (t->elem->st)
                gen_out(c, "            ok_ &= e_%s(b, &o->%s[i_], r_);\n", t->elem->st->name, m->name);
            else
                emit_write_scalar(em, t->elem, lv);
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
                gen_out(c, "            ok_ &= e_%s(b, &o->%s, r_);\n", a->st->name, a->st->name);
            }
            break;
        default: break;
        }
    }
}

static void emit_enc_struct(emitter *em, struct_decl *s)
{
    FILE *c = em->c;
    const char *root = em->f->root_st->name;
    gen_out(c, "\nstatic bool e_%s(ak_buf *b, %s_%s *o, const %s_%s *r_)\n{\n    bool ok_ = true;\n    (void)r_;\n",
        s->name, em->id, s->name, em->id, root);
    emit_enc_members(em, s, &s->members);
    gen_out(c, "    return ok_;\n}\n");
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
    const char *root = em->f->root_st->name;
    gen_out(c, "static bool %s(const void *o_, const void *r0_)\n{\n", name);
    gen_out(c, "    const %s_%s *o = o_;\n    const %s_%s *r_ = r0_;\n    (void)o;\n    (void)r_;\n    return 1", em->id,
        s->name, em->id, root);
    for (int i = 0; i < ch->n; i++) {
        gen_out(c, " && %s(", ch->negate[i] ? "!" : "");
        emit_expr(em, c, s, ch->conds[i]);
        gen_out(c, ")");
    }
    gen_out(c, ";\n}\n");
}

static void emit_meta_fns(emitter *em, struct_decl *s, vec *members, cond_chain *ch)
{
    FILE *c = em->c;
    const char *root = em->f->root_st->name;
    for (size_t i = 0; i < members->n; i++) {
        member *m = members->items[i];
        if (m->kind == M_FIELD) {
            if (ch->n) {
                char name[64];
                snprintf(name, sizeof name, "present_%d_", m->id);
                emit_present_fn(em, s, name, ch);
            }
            if (m->type->kind == T_ARRAY && m->type->count->kind != E_INT) {
                gen_out(c, "static uint64_t count_%d_(const void *o_, const void *r0_)\n{\n", m->id);
                gen_out(c, "    const %s_%s *o = o_;\n    const %s_%s *r_ = r0_;\n    (void)o;\n    (void)r_;\n", em->id,
                    s->name, em->id, root);
                gen_out(c, "    return (uint64_t)(");
                emit_expr(em, c, s, m->type->count);
                gen_out(c, ");\n}\n");
            }
        } else if (m->kind == M_IF) {
            ch->conds[ch->n] = m->value;
            ch->negate[ch->n] = false;
            ch->n++;
            emit_meta_fns(em, s, &m->body, ch);
            ch->n--;
        } else if (m->kind == M_SWITCH) {
            /* arm k is present when no earlier arm matches and its condition does */
            int saved = ch->n;
            for (size_t k = 0; k < m->arms.n; k++) {
                switch_arm *a = m->arms.items[k];
                int n0 = ch->n;
                if (a->cond) {
                    ch->conds[ch->n] = a->cond;
                    ch->negate[ch->n] = false;
                    ch->n++;
                }
                char name[64];
                snprintf(name, sizeof name, "present_sw%d_%zu_", m->id, k);
                emit_present_fn(em, s, name, ch);
                ch->n = n0;
                if (a->cond) {
                    ch->conds[ch->n] = a->cond;
                    ch->negate[ch->n] = true;
                    ch->n++;
                }
            }
            ch->n = saved;
        }
    }
}

static void emit_meta_fields(emitter *em, struct_decl *s, vec *members, bool conditional)
{
    FILE *c = em->c;
    for (size_t i = 0; i < members->n; i++) {
        member *m = members->items[i];
        if (m->kind == M_FIELD) {
            tref *t = m->type;
            char present[64] = "NULL";
            if (conditional)
                snprintf(present, sizeof present, "present_%d_", m->id);
            gen_out(c, "    {.name = \"%s\", .offset = offsetof(%s_%s, %s), .present = %s", m->name, em->id, s->name,
                m->name, present);
            long long n;
            if (t->kind == T_ARRAY) {
                tref *el = t->elem;
                if (fixed_count(t, &n))
                    gen_out(c, ", .kind = AK_LK_FIXED, .fixed_count = %lld", n);
                else
                    gen_out(c, ", .kind = AK_LK_ARRAY, .count_offset = offsetof(%s_%s, %s_count), .count = count_%d_",
                        em->id, s->name, m->name, m->id);
                if (t->count->kind == E_NAME)
                    gen_out(c, ", .count_name = \"%s\"", t->count->text);
                gen_out(c, ", .elem_kind = %s, .elem_size = sizeof(%s)", lkind_of(el), ctype_of(em, el));
                if (el->st)
                    gen_out(c, ", .st = &%s_meta_%s", em->id, el->st->name);
            } else {
                gen_out(c, ", .kind = %s", lkind_of(t));
                if (t->st)
                    gen_out(c, ", .st = &%s_meta_%s", em->id, t->st->name);
            }
            gen_out(c, "},\n");
        } else if (m->kind == M_IF) {
            emit_meta_fields(em, s, &m->body, true);
        } else if (m->kind == M_SWITCH) {
            for (size_t k = 0; k < m->arms.n; k++) {
                switch_arm *a = m->arms.items[k];
                gen_out(c, "    {.name = \"%s\", .kind = AK_LK_INLINE, .offset = offsetof(%s_%s, %s), .present = "
                       "present_sw%d_%zu_, .st = &%s_meta_%s},\n",
                    a->st->name, em->id, s->name, a->st->name, m->id, k, em->id, a->st->name);
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
        if (m->kind == M_IF && has_lets(&m->body))
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
        } else if (m->kind == M_IF) {
            emit_lets_body(em, s, &m->body);
        }
    }
}

static void emit_meta(emitter *em, struct_decl *s)
{
    FILE *c = em->c;
    const char *root = em->f->root_st->name;
    cond_chain ch = {.n = 0};
    gen_out(c, "\n/* metadata of %s */\n", s->name);
    emit_meta_fns(em, s, &s->members, &ch);
    bool lets = has_lets(&s->members);
    if (lets) {
        gen_out(c, "static void lets_%s_(void *o_, const void *r0_)\n{\n    %s_%s *o = o_;\n    const %s_%s *r_ = r0_;\n"
               "    (void)r_;\n",
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

/* ---- whole file ---------------------------------------------------------- */

static void collect_watches(emitter *em, vec *members)
{
    for (size_t i = 0; i < members->n; i++) {
        member *m = members->items[i];
        if (m->kind == M_IF) {
            if (m->watch && watch_index(em, m->watch) < 0)
                vec_push(em->cc, &em->watches, (void *)m->watch);
            collect_watches(em, &m->body);
        }
    }
}

static const char *sev_name(int s)
{
    return s == 2 ? "AK_SEV_ERROR" : s == 1 ? "AK_SEV_WARNING" : "AK_SEV_NOTE";
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
    gen_out(c, "#include \"utf8.h\"\n#include \"reader.h\"\n\n#include <math.h>\n#include <stdlib.h>\n#include <string.h>\n\n");
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

    if (f->json)
        return cc_emit_json(cc, h, c, cc->outdir);
    if (!root) {
        gen_out(h, "\n#endif\n");
        return true;
    }

    for (size_t i = 0; i < f->structs.n; i++)
        collect_watches(&em, &((struct_decl *)f->structs.items[i])->members);
    if (em.watches.n > 4) {
        cc_error(cc, f->at, "at most 4 distinct nonempty(...) fields are supported");
        return false;
    }
    for (size_t i = 0; i < f->structs.n; i++)
        emit_struct_type(&em, f->structs.items[i]);

    /* hooks */
    for (size_t i = 0; i < f->structs.n; i++) {
        struct_decl *s = f->structs.items[i];
        for (size_t k = 0; k < s->members.n; k++) {
            member *m = s->members.items[k];
            if (m->kind == M_HOOK)
                gen_out(h, "/* hand-written (formats/%s/): */\nbool %s_hook_%s(ak_lctx *c, %s_%s *o);\n", id, id, m->name, id,
                    s->name);
        }
    }
    for (size_t i = 0; i < f->structs.n; i++)
        gen_out(h, "extern const ak_lstruct %s_meta_%s;\n", id, ((struct_decl *)f->structs.items[i])->name);
    gen_out(h, "\n/* Confidence that data is this format (AK_SNIFF_*). */\nint %s_sniff(const uint8_t *data, size_t size);\n", id);
    gen_out(h, "/* Streaming validation: no document, memory independent of the file size. */\n");
    gen_out(h, "void %s_validate(const ak_input *in, const ak_options *opt, ak_diags *d);\n", id);
    gen_out(h, "/* Decodes into arena (strings point into data). Returns NULL when the input\n"
           "   cannot be decoded; diagnostics (errors and warnings) go to d. */\n");
    gen_out(h, "%s_%s *%s_decode(const uint8_t *data, size_t size, ak_diags *d, ak_arena *arena);\n", id, root, id);
    gen_out(h, "/* Appends the canonical encoding of doc (recomputes derived values in doc). */\n");
    gen_out(h, "bool %s_encode(%s_%s *doc, ak_buf *out);\n", id, id, root);
    gen_out(h, "bool %s_dump(const ak_input *in, const ak_options *opt, ak_diags *d, ak_buf *out);\n", id);
    gen_out(h, "bool %s_undump(const ak_input *json, const ak_options *opt, ak_diags *d, ak_buf *out);\n", id);
    gen_out(h, "\n#endif\n");

    /* prototypes */
    for (size_t i = 0; i < f->structs.n; i++) {
        struct_decl *s = f->structs.items[i];
        gen_out(c, "static bool v_%s(ak_lctx *c, %s_%s *o);\n", s->name, id, s->name);
        gen_out(c, "static bool d_%s(ak_lctx *c, %s_%s *o);\n", s->name, id, s->name);
        gen_out(c, "static bool e_%s(ak_buf *b, %s_%s *o, const %s_%s *r_);\n", s->name, id, s->name, id, root);
    }
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
    } else {
        gen_out(c, "    (void)data;\n    (void)size;\n    return AK_SNIFF_NO;\n}\n");
    }
    const char *trunc = rule_ref(&em, f->trunc_rule);
    char trunc_ref[256];
    snprintf(trunc_ref, sizeof trunc_ref, "%s", trunc);
    gen_out(c, "\nstatic bool size_ok_(const uint8_t *data, size_t size, ak_diags *d)\n{\n    (void)data;\n");
    if (f->size_rule) {
        gen_out(c, "    if ((uint64_t)size > %lluULL) {\n", (unsigned long long)f->size_limit);
        gen_out(c, "        ak_report(d, %s, 0, 0, \"\", ", rule_ref(&em, f->size_rule));
        gen_c_string(c, f->size_rule->message, true);
        gen_out(c, " \" (%%zu bytes, the limit is %llu)\", size);\n        return false;\n    }\n",
            (unsigned long long)f->size_limit);
    }
    gen_out(c, "    (void)d;\n    (void)size;\n    return true;\n}\n");

    gen_out(c, "\nvoid %s_validate(const ak_input *in, const ak_options *opt, ak_diags *d)\n{\n    (void)opt;\n", id);
    gen_out(c, "    if (!size_ok_(in->data, in->size, d))\n        return;\n");
    gen_out(c, "    %s_%s *o = calloc(1, sizeof *o);\n    if (!o)\n        return;\n", id, root);
    gen_out(c, "    ak_lctx c;\n    ak_lctx_init(&c, in->data, in->size, d, NULL, %s);\n    c.root = o;\n", trunc_ref);
    gen_out(c, "    ak_release_init(&c.release, in, false); /* streaming: read pages may go */\n");
    gen_out(c, "    (void)v_%s(&c, o);\n    ak_lctx_free(&c);\n    free(o);\n}\n", root);

    gen_out(c, "\n%s_%s *%s_decode(const uint8_t *data, size_t size, ak_diags *d, ak_arena *arena)\n{\n", id, root, id);
    gen_out(c, "    if (!size_ok_(data, size, d))\n        return NULL;\n");
    gen_out(c, "    %s_%s *o = AK_ARENA_NEW(arena, %s_%s);\n    if (!o)\n        return NULL;\n", id, root, id, root);
    gen_out(c, "    ak_lctx c;\n    ak_lctx_init(&c, data, size, d, arena, %s);\n    c.root = o;\n", trunc_ref);
    gen_out(c, "    bool ok = d_%s(&c, o) && !c.oom;\n    ak_lctx_free(&c);\n    return ok ? o : NULL;\n}\n", root);

    gen_out(c, "\nbool %s_encode(%s_%s *doc, ak_buf *out)\n{\n    return e_%s(out, doc, doc) && !out->failed;\n}\n", id, id,
        root, root);

    gen_out(c, "\nbool %s_dump(const ak_input *in, const ak_options *opt, ak_diags *d, ak_buf *out)\n{\n    (void)opt;\n", id);
    gen_out(c, "    ak_arena arena;\n    ak_arena_init(&arena, 0);\n");
    gen_out(c, "    %s_%s *doc = %s_decode(in->data, in->size, d, &arena);\n", id, root, id);
    gen_out(c, "    bool ok = doc && ak_diags_errors(d) == 0 && ak_ldump_json(&%s_meta_%s, doc, out);\n", id, root);
    gen_out(c, "    ak_arena_free(&arena);\n    return ok;\n}\n");

    gen_out(c, "\nbool %s_undump(const ak_input *json, const ak_options *opt, ak_diags *d, ak_buf *out)\n{\n", id);
    if (f->undump_rules[0]) {
        gen_out(c, "    ak_lundump_rules rules = {%s, ", rule_ref(&em, f->undump_rules[0]));
        gen_out(c, "%s, ", rule_ref(&em, f->undump_rules[1]));
        gen_out(c, "%s};\n", rule_ref(&em, f->undump_rules[2]));
        gen_out(c, "    ak_arena arena;\n    ak_arena_init(&arena, 0);\n");
        gen_out(c, "    %s_%s *doc = ak_lundump_json(&%s_meta_%s, json->data, json->size, &arena, &rules, d);\n", id, root, id,
            root);
        gen_out(c, "    size_t start = out->len;\n    bool ok = doc && %s_encode(doc, out);\n", id);
        gen_out(c, "    ak_arena_free(&arena);\n    if (!ok)\n        return false;\n");
        gen_out(c, "    /* what the decoder would say about the result (e.g. NaN times) */\n");
        gen_out(c, "    ak_input built = {json->name, (const uint8_t *)out->data + start, out->len - start, false};\n");
        gen_out(c, "    size_t errors = ak_diags_errors(d);\n    %s_validate(&built, opt, d);\n", id);
        gen_out(c, "    return ak_diags_errors(d) == errors;\n}\n");
    } else {
        gen_out(c, "    (void)json;\n    (void)opt;\n    (void)d;\n    (void)out;\n    return false;\n}\n");
    }
    return true;
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
