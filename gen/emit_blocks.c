/* animgen: block checks of the element arrays of binary layouts (see
 * emit_blocks.h). The plan turns every constraint of an element struct into
 * an interval of one key per 32-bit word; a constraint that is not one
 * (`!=`, sets, enums, `when`, options, unit, lets, asserts other than a
 * conjunction of comparisons of a field with a constant) leaves the struct
 * to the per-element reader. Only false positives are allowed in a plan
 * (a block that fails goes through the exact reader): never a false pass. */
#include "emit_blocks.h"
#include "emit_common.h"

#include <float.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

/* The key of a float: its bits as an int32 that orders floats as their
 * values (-0 just below +0, NaNs beyond the infinities). */
static int32_t float_key(float f)
{
    uint32_t b;
    memcpy(&b, &f, sizeof b);
    return (int32_t)(b ^ ((b >> 31) ? 0x7fffffffu : 0u));
}

static bool const_value(const expr *e, double *v, bool *integer)
{
    if (e->kind == E_NEG) {
        if (!const_value(e->lhs, v, integer))
            return false;
        *v = -*v;
        return true;
    }
    if (e->kind == E_INT) {
        unsigned long long u = strtoull(e->text, NULL, 0);
        if (u > (1ULL << 53))
            return false;
        *v = (double)u;
        *integer = true;
        return true;
    }
    if (e->kind == E_FLOAT) {
        *v = strtod(e->text, NULL);
        *integer = false;
        return !isnan(*v);
    }
    return false;
}

static void narrow_to(block_word *w, int64_t lo, int64_t hi)
{
    if (lo > w->lo)
        w->lo = lo > INT32_MAX ? INT32_MAX : (int32_t)lo;
    if (hi < w->hi)
        w->hi = hi < INT32_MIN ? INT32_MIN : (int32_t)hi;
    if (lo > hi) { /* never true: every block fails (the reader reports) */
        w->lo = INT32_MAX;
        w->hi = INT32_MIN;
    }
}

/* `x op c` on word w of type p, as the generated C compares them: a float
 * with an integer literal in float, with a float literal in double (so c
 * must be a float), an integer exactly. */
static bool narrow(block_word *w, prim_kind p, const char *op, double c, bool integer)
{
    int64_t lo = INT32_MIN, hi = INT32_MAX;
    if (p == P_F32) {
        float cf = integer ? (float)(long long)c : (float)c;
        if (!integer && (double)cf != c)
            return false;
        bool zero = cf == 0;
        int64_t k = float_key(cf);
        if (strcmp(op, ">=") == 0)
            lo = zero ? -1 : k;
        else if (strcmp(op, ">") == 0)
            lo = zero ? 1 : k + 1;
        else if (strcmp(op, "<=") == 0)
            hi = zero ? 0 : k;
        else if (strcmp(op, "<") == 0)
            hi = zero ? -2 : k - 1;
        else if (strcmp(op, "==") == 0) {
            lo = zero ? -1 : k;
            hi = zero ? 0 : k;
        } else
            return false;
        /* NaN is neither above nor below anything */
        if (lo < float_key(-INFINITY))
            lo = float_key(-INFINITY);
        if (hi > float_key(INFINITY))
            hi = float_key(INFINITY);
        narrow_to(w, lo, hi);
        return true;
    }
    double a = -1e300, b = 1e300;
    if (strcmp(op, ">=") == 0)
        a = ceil(c);
    else if (strcmp(op, ">") == 0)
        a = floor(c) + 1;
    else if (strcmp(op, "<=") == 0)
        b = floor(c);
    else if (strcmp(op, "<") == 0)
        b = ceil(c) - 1;
    else if (strcmp(op, "==") == 0) {
        a = ceil(c);
        b = floor(c);
    } else
        return false;
    const double off = p == P_U32 ? 2147483648.0 : 0; /* an unsigned's key: its value - 2^31 */
    const double tmin = p == P_U32 ? 0 : -2147483648.0, tmax = p == P_U32 ? 4294967295.0 : 2147483647.0;
    a = a < tmin ? tmin : a;
    b = b > tmax ? tmax : b;
    if (a > b) {
        narrow_to(w, 1, 0);
        return true;
    }
    narrow_to(w, (int64_t)(a - off), (int64_t)(b - off));
    return true;
}

/* The words of field f: *first and *n; false when f is not 32-bit scalars. */
typedef struct field_words {
    const member *m;
    int first, n;
    prim_kind p;
} field_words;

static const field_words *words_of(const field_words *fw, int nf, const char *name)
{
    for (int i = 0; i < nf; i++)
        if (strcmp(fw[i].m->name, name) == 0)
            return &fw[i];
    return NULL;
}

static const char *flip(const char *op)
{
    if (strcmp(op, "<") == 0)
        return ">";
    if (strcmp(op, "<=") == 0)
        return ">=";
    if (strcmp(op, ">") == 0)
        return "<";
    if (strcmp(op, ">=") == 0)
        return "<=";
    return op;
}

static bool narrow_field(block_plan *p, const field_words *f, const char *op, double c, bool integer)
{
    for (int k = 0; k < f->n; k++)
        if (!narrow(&p->w[f->first + k], f->p, op, c, integer))
            return false;
    return true;
}

/* An assert that is a conjunction of `field op constant`. */
static bool plan_assert(block_plan *p, const field_words *fw, int nf, const expr *e)
{
    if (e->kind != E_BINARY)
        return false;
    if (strcmp(e->op, "&&") == 0)
        return plan_assert(p, fw, nf, e->lhs) && plan_assert(p, fw, nf, e->rhs);
    const expr *name = e->lhs, *value = e->rhs;
    const char *op = e->op;
    if (name->kind != E_NAME) {
        name = e->rhs;
        value = e->lhs;
        op = flip(op);
    }
    double c;
    bool integer;
    if (name->kind != E_NAME || strchr(name->text, '.') || !const_value(value, &c, &integer))
        return false;
    const field_words *f = words_of(fw, nf, name->text);
    return f && f->n == 1 && narrow_field(p, f, op, c, integer);
}

/* An expression of constants and of the root's fields (not of the element):
 * the same for every element of an array. */
static bool invariant(compiler *cc, struct_decl *s, const expr *e)
{
    if (!e)
        return true;
    switch (e->kind) {
    case E_INT:
    case E_FLOAT: return true;
    case E_NAME: {
        char first[128];
        size_t n = strcspn(e->text, ".");
        if (n >= sizeof first || strcmp(e->text, "remaining") == 0)
            return false;
        memcpy(first, e->text, n);
        first[n] = 0;
        return !find_member_named(s, first, NULL) && cc->format->root_st && cc->format->root_st != s &&
               find_member_named(cc->format->root_st, first, NULL);
    }
    case E_NOT:
    case E_NEG: return invariant(cc, s, e->lhs);
    case E_BINARY: return invariant(cc, s, e->lhs) && invariant(cc, s, e->rhs);
    case E_COND: return invariant(cc, s, e->lhs) && invariant(cc, s, e->rhs) && invariant(cc, s, e->alt);
    default: return false;
    }
}

/* `op value when when` on a float field, value and when invariant. */
static bool plan_bound(compiler *cc, struct_decl *s, block_plan *p, const field_words *f, const cons *k)
{
    bool upper = strcmp(k->op, "<=") == 0 || strcmp(k->op, "<") == 0;
    bool lower = strcmp(k->op, ">=") == 0 || strcmp(k->op, ">") == 0;
    if (f->p != P_F32 || (!upper && !lower) || !invariant(cc, s, k->value) || !invariant(cc, s, k->when) ||
        p->bounds == BLOCK_MAX_BOUNDS)
        return false;
    for (int j = 0; j < f->n; j++) {
        int *slot = upper ? &p->w[f->first + j].below : &p->w[f->first + j].above;
        if (*slot >= 0)
            return false; /* one of each per word */
        *slot = p->bounds;
    }
    p->bound[p->bounds++] = (block_bound){k->op, k->value, k->when};
    return true;
}

static bool plan_field(compiler *cc, struct_decl *s, block_plan *p, const field_words *f)
{
    for (size_t i = 0; i < f->m->cons.n; i++) {
        const cons *k = f->m->cons.items[i];
        if (k->option)
            return false;
        double c0;
        bool i0;
        if (k->kind == C_CMP && (k->when || !const_value(k->value, &c0, &i0))) {
            if (!plan_bound(cc, s, p, f, k))
                return false;
            continue;
        }
        if (k->when)
            return false;
        double c, c2;
        bool integer, integer2;
        switch (k->kind) {
        case C_FINITE:
            if (f->p == P_F32 && !(narrow_field(p, f, ">=", -FLT_MAX, false) && narrow_field(p, f, "<=", FLT_MAX, false)))
                return false;
            break;
        case C_CMP:
            if (!const_value(k->value, &c, &integer) || !narrow_field(p, f, k->op, c, integer))
                return false;
            break;
        case C_RANGE:
            if (!const_value(k->value, &c, &integer) || !const_value(k->hi, &c2, &integer2) ||
                !narrow_field(p, f, ">=", c, integer) || !narrow_field(p, f, "<=", c2, integer2))
                return false;
            break;
        case C_SET:
            if (k->set.n != 1 || !const_value(k->set.items[0], &c, &integer) || !narrow_field(p, f, "==", c, integer))
                return false;
            break;
        case C_NONDECREASING:
        case C_NOREPEAT:
            if (k->name || f->n != 1)
                return false;
            p->orders = true;
            if (k->kind == C_NONDECREASING)
                p->w[f->first].lt = true;
            else
                p->w[f->first].eq = true;
            break;
        default: return false;
        }
    }
    return true;
}

bool cc_block_plan(compiler *cc, struct_decl *s, endian fmt_end, bool (*watched)(void *, const char *), void *arg,
                   block_plan *p)
{
    memset(p, 0, sizeof *p);
    field_words fw[BLOCK_MAX_WORDS];
    int nf = 0, words = 0;
    p->end = END_DEFAULT;
    for (size_t i = 0; i < s->members.n; i++) {
        const member *m = s->members.items[i];
        if (m->kind == M_ASSERT)
            continue;
        if (m->kind != M_FIELD || watched(arg, m->name))
            return false;
        const tref *t = m->type, *v = t;
        long long n = 1;
        if (t->kind == T_ARRAY) {
            if (t->packed || t->count->kind != E_INT || !t->elem || t->elem->kind != T_NAMED || t->elem->st)
                return false;
            n = strtoll(t->count->text, NULL, 0);
            v = t->elem;
        } else if (t->kind != T_NAMED || t->st) {
            return false;
        }
        if (v->prim != P_U32 && v->prim != P_I32 && v->prim != P_F32)
            return false;
        endian e = v->end != END_DEFAULT ? v->end : fmt_end;
        if (p->end != END_DEFAULT && e != p->end)
            return false;
        p->end = e;
        if (n < 1 || words + n > BLOCK_MAX_WORDS || nf == BLOCK_MAX_WORDS)
            return false;
        fw[nf++] = (field_words){m, words, (int)n, v->prim};
        for (long long k = 0; k < n; k++) {
            block_word *w = &p->w[words + k];
            w->lo = INT32_MIN;
            w->hi = INT32_MAX;
            w->flt = v->prim == P_F32;
            w->fa = w->flt ? 0x7fffffffu : 0;
            w->fb = v->prim == P_U32 ? 0x80000000u : 0;
            w->below = w->above = -1;
        }
        words += (int)n;
    }
    if (!words || words * 4 != s->min_size || p->end == END_DEFAULT)
        return false;
    p->words = words;
    for (int i = 0; i < nf; i++)
        if (!plan_field(cc, s, p, &fw[i]))
            return false;
    for (size_t i = 0; i < s->members.n; i++) {
        const member *m = s->members.items[i];
        if (m->kind == M_ASSERT && (m->each || m->option || !plan_assert(p, fw, nf, m->value)))
            return false;
    }
    /* a group: whole vectors, at least 4 of them (one pass of the loop) */
    int lcm = words % 2 ? 4 * words : words % 4 ? 2 * words : words;
    int times = lcm < 16 ? (16 + lcm - 1) / lcm : 1;
    p->group = lcm / words * times;
    p->vectors = lcm / 4 * times;
    /* a block: about 2 KiB (64 MRTK 1.0 keys), what a failing block costs the reader */
    p->blocks = p->vectors * 16 < 2048 ? 2048 / (p->vectors * 16) : 1;
    /* a bound is compared as floats: the other lanes of its vectors (+-inf
       there) must be floats whose NaN fails anyway */
    for (int i = 0; p->bounds && i < p->words; i++) {
        const block_word *w = &p->w[i];
        if (!w->flt || w->lo < float_key(-INFINITY) || w->hi > float_key(INFINITY) || w->lo > w->hi)
            return false;
    }
    return true;
}

static void int_lit(FILE *c, int32_t v)
{
    if (v == INT32_MIN)
        gen_out(c, "(-2147483647 - 1)");
    else
        gen_out(c, "%ld", (long)v);
}

/* What a lane of a vector literal holds: a field of its word. */
typedef enum lane_what { L_FA, L_FB, L_LO, L_HI, L_FLT, L_LT, L_EQ } lane_what;

static int64_t lane(const block_plan *p, int v, int l, lane_what what)
{
    const block_word *w = &p->w[(4 * v + l) % p->words];
    switch (what) {
    case L_FA: return w->fa;
    case L_FB: return w->fb;
    case L_LO: return w->lo;
    case L_HI: return w->hi;
    case L_FLT: return w->flt ? -1 : 0;
    case L_LT: return w->lt ? -1 : 0;
    case L_EQ: return w->eq ? -1 : 0;
    }
    return 0;
}

static bool lanes_all(const block_plan *p, int v, lane_what what, int64_t value)
{
    for (int l = 0; l < 4; l++)
        if (lane(p, v, l, what) != value)
            return false;
    return true;
}

/* A vector literal of what lane l of vector v holds; lanes below skip are 0
 * (the first element's, in the first group). */
static void vec_lit_from(FILE *c, const block_plan *p, int v, lane_what what, int skip)
{
    bool u = what == L_FA || what == L_FB;
    gen_out(c, "(%s){", u ? "ak_lv4u" : "ak_lv4i");
    for (int l = 0; l < 4; l++) {
        gen_out(c, "%s", l ? ", " : "");
        int64_t x = 4 * v + l < skip ? 0 : lane(p, v, l, what);
        if (u)
            gen_out(c, "0x%08lxu", (unsigned long)x);
        else
            int_lit(c, (int32_t)x);
    }
    gen_out(c, "}");
}

static void vec_lit(FILE *c, const block_plan *p, int v, lane_what what) { vec_lit_from(c, p, v, what, 0); }

static float key_float(int32_t k)
{
    uint32_t b = (uint32_t)k ^ (k < 0 ? 0x7fffffffu : 0u);
    float f;
    memcpy(&f, &b, sizeof f);
    return f;
}

/* A vector of floats whose every lane has an interval without NaN: tested
 * as floats (two compares), not by key. */
static bool float_lanes(const block_plan *p, int v)
{
    for (int l = 0; l < 4; l++) {
        const block_word *w = &p->w[(4 * v + l) % p->words];
        if (!w->flt || w->lo < float_key(-INFINITY) || w->hi > float_key(INFINITY) || w->lo > w->hi)
            return false;
    }
    return true;
}

/* A vector of signed integers and of floats whose intervals are symmetric
 * about zero (finite, +-0, |x| <= c, none): tested on the floats'
 * magnitudes (x & 0x7fffffff, NaNs above the infinities), with one compare
 * where no integer has a lower bound. */
static bool magnitude_lanes(const block_plan *p, int v)
{
    for (int l = 0; l < 4; l++) {
        const block_word *w = &p->w[(4 * v + l) % p->words];
        if (w->flt ? !(w->hi >= 0 && (int64_t)w->lo == -(int64_t)w->hi - 1) : w->fb != 0)
            return false;
    }
    return true;
}

static void float_lit(FILE *c, const block_plan *p, int v, lane_what what)
{
    gen_out(c, "(ak_lv4f){");
    for (int l = 0; l < 4; l++) {
        float f = key_float((int32_t)lane(p, v, l, what));
        if (isinf(f))
            gen_out(c, "%s%sINFINITY", l ? ", " : "", f < 0 ? "-" : "");
        else
            gen_out(c, "%s%af", l ? ", " : "", (double)f);
    }
    gen_out(c, "}");
}

static void emit_key(FILE *c, const block_plan *p, int v, const char *x)
{
    if (lanes_all(p, v, L_FA, 0) && lanes_all(p, v, L_FB, 0)) {
        gen_out(c, "(ak_lv4i)%s", x);
        return;
    }
    gen_out(c, "ak_lvkey(%s, ", x);
    vec_lit(c, p, v, L_FA);
    gen_out(c, ", ");
    vec_lit(c, p, v, L_FB);
    gen_out(c, ")");
}

/* The checks of vector v of a group at w_ (its previous element's words
 * at pw_); first: the first group, whose first element's lanes are not
 * compared with pw_. Values into good_ (lanes that pass), orders into bad_
 * (lanes that fail): what GCC makes the fewest instructions of. */
static void emit_vector(FILE *c, const block_plan *p, int v, bool first)
{
    bool range = !(lanes_all(p, v, L_LO, INT32_MIN) && lanes_all(p, v, L_HI, INT32_MAX));
    bool lt = !lanes_all(p, v, L_LT, 0), eq = !lanes_all(p, v, L_EQ, 0);
    const int skip = first ? p->words : 0;
    if (first && 4 * v + 4 <= skip)
        lt = eq = false;
    if (!range && !lt && !eq)
        return;
    bool mags = magnitude_lanes(p, v), flts = !mags && float_lanes(p, v);
    gen_out(c, "        {\n            const ak_lv4u x_ = ak_lvload(w_ + %d);\n", 16 * v);
    if (range && mags) {
        bool any_float = false, any_lo = false;
        for (int l = 0; l < 4; l++) {
            const block_word *w = &p->w[(4 * v + l) % p->words];
            any_float |= w->flt;
            any_lo |= !w->flt && w->lo != INT32_MIN;
        }
        gen_out(c, "            const ak_lv4i m_ = (ak_lv4i)");
        if (any_float) {
            gen_out(c, "(x_ & (ak_lv4u){");
            for (int l = 0; l < 4; l++)
                gen_out(c, "%s%s", l ? ", " : "", p->w[(4 * v + l) % p->words].flt ? "0x7fffffffu" : "0xffffffffu");
            gen_out(c, "})");
        } else {
            gen_out(c, "x_");
        }
        /* good_ &= (ok): `bad |= (fails)` makes GCC blend (three ops for one) */
        gen_out(c, ";\n            good_ &= m_ <= ");
        vec_lit(c, p, v, L_HI);
        if (any_lo) {
            gen_out(c, ";\n            good_ &= m_ >= (ak_lv4i){");
            for (int l = 0; l < 4; l++) {
                const block_word *w = &p->w[(4 * v + l) % p->words];
                gen_out(c, "%s", l ? ", " : "");
                int_lit(c, w->flt ? INT32_MIN : w->lo);
            }
            gen_out(c, "}");
        }
        gen_out(c, ";\n");
    }
    for (int i = 0; i < 2; i++) {
        bool any = false;
        for (int l = 0; l < 4; l++) {
            const block_word *w = &p->w[(4 * v + l) % p->words];
            any |= (i ? w->above : w->below) >= 0;
        }
        if (any)
            gen_out(c, "            good_ &= (ak_lv4f)x_ %s %s%d_;\n", i ? ">=" : "<=", i ? "above" : "below", v);
    }
    if (range && flts) {
        gen_out(c, "            good_ &= ((ak_lv4f)x_ >= ");
        float_lit(c, p, v, L_LO);
        gen_out(c, ") & ((ak_lv4f)x_ <= ");
        float_lit(c, p, v, L_HI);
        gen_out(c, ");\n");
    }
    bool allf = true, alli = true;
    for (int l = 0; l < 4; l++) {
        if (!lane(p, v, l, L_LT) && !lane(p, v, l, L_EQ))
            continue;
        allf &= lane(p, v, l, L_FLT) != 0;
        alli &= lane(p, v, l, L_FLT) == 0;
    }
    bool keys = (range && !flts && !mags) || ((lt || eq) && !allf);
    if (keys) {
        gen_out(c, "            const ak_lv4i k_ = ");
        emit_key(c, p, v, "x_");
        gen_out(c, ";\n");
    }
    if (range && !flts && !mags) {
        gen_out(c, "            good_ &= (k_ >= ");
        vec_lit(c, p, v, L_LO);
        gen_out(c, ") & (k_ <= ");
        vec_lit(c, p, v, L_HI);
        gen_out(c, ");\n");
    }
    if (lt || eq) {
        gen_out(c, "            const ak_lv4u y_ = ak_lvload(pw_ + %d);\n", 16 * v);
        if (!alli && !allf) {
            gen_out(c, "            const ak_lv4i flt_ = ");
            vec_lit(c, p, v, L_FLT);
            gen_out(c, ";\n");
        }
        if (!allf) {
            gen_out(c, "            const ak_lv4i pk_ = ");
            emit_key(c, p, v, "y_");
            gen_out(c, ";\n");
        }
        /* floats as floats (-0 == +0, NaN unordered: as the reader compares), integers by key */
        const char *cmp[2] = {"<", "=="};
        lane_what mask[2] = {L_LT, L_EQ};
        bool same = true; /* both on the same lanes: one compare, <= */
        for (int l = 0; l < 4; l++)
            same &= lane(p, v, l, L_LT) == lane(p, v, l, L_EQ);
        if (same)
            cmp[0] = "<=";
        for (int i = 0; i < (same ? 1 : 2); i++) {
            if (lanes_all(p, v, mask[i], 0))
                continue;
            gen_out(c, "            bad_ |= ");
            if (allf)
                gen_out(c, "((ak_lv4f)x_ %s (ak_lv4f)y_)", cmp[i]);
            else if (alli)
                gen_out(c, "(k_ %s pk_)", cmp[i]);
            else
                gen_out(c, "((flt_ & ((ak_lv4f)x_ %s (ak_lv4f)y_)) | (~flt_ & (k_ %s pk_)))", cmp[i], cmp[i]);
            gen_out(c, " & ");
            vec_lit_from(c, p, v, mask[i], skip);
            gen_out(c, ";\n");
        }
    }
    gen_out(c, "        }\n");
}

/* The bounds of the array (block_bound) and the vectors of them. */
static void emit_bounds(compiler *cc, FILE *c, struct_decl *s, const block_plan *p)
{
    for (int i = 0; i < p->bounds; i++) {
        const block_bound *b = &p->bound[i];
        bool upper = b->op[0] == '<', strict = !b->op[1];
        gen_out(c, "    float bound%d_ = %sINFINITY;\n", i, upper ? "" : "-");
        gen_out(c, "    if (");
        if (b->when)
            cc_emit_expr(cc, c, s, b->when);
        else
            gen_out(c, "1");
        gen_out(c, ")\n        bound%d_ = ak_l%s32((double)(", i, upper ? (strict ? "below" : "floor") : (strict ? "above" : "ceil"));
        cc_emit_expr(cc, c, s, b->value);
        gen_out(c, "));\n");
    }
    for (int v = 0; v < p->vectors; v++) {
        for (int i = 0; i < 2; i++) {
            bool any = false;
            for (int l = 0; l < 4; l++) {
                const block_word *w = &p->w[(4 * v + l) % p->words];
                any |= (i ? w->above : w->below) >= 0;
            }
            if (!any)
                continue;
            gen_out(c, "    const ak_lv4f %s%d_ = {", i ? "above" : "below", v);
            for (int l = 0; l < 4; l++) {
                const block_word *w = &p->w[(4 * v + l) % p->words];
                int b = i ? w->above : w->below;
                gen_out(c, "%s", l ? ", " : "");
                if (b >= 0)
                    gen_out(c, "bound%d_", b);
                else
                    gen_out(c, "%sINFINITY", i ? "-" : "");
            }
            gen_out(c, "};\n");
        }
    }
}

void cc_emit_block_fn(compiler *cc, FILE *c, struct_decl *s, const block_plan *p, const char *root_type)
{
    const int bytes = p->words * 4, gbytes = p->vectors * 16;
    gen_out(c, "\n#if AK_LBLOCKS_%s\n", p->end == END_BIG ? "BE" : "LE");
    gen_out(c, "/* Every check of %s over ng_ (> 0) groups of %d element%s (%d bytes) from q_,\n"
               "   all but the first element's order against the one before it: true when\n"
               "   none fails (gen/emit_blocks.c) */\n",
        s->name, p->group, p->group == 1 ? "" : "s", gbytes);
    gen_out(c, "static AK_LINLINE bool b_%s(const uint8_t *q_, size_t ng_, const %s *r_)\n{\n    (void)r_;\n",
        s->name, root_type);
    emit_bounds(cc, c, s, p);
    gen_out(c, "    ak_lv4i good_ = {-1, -1, -1, -1};\n");
    if (p->orders)
        gen_out(c, "    ak_lv4i bad_ = {0, 0, 0, 0};\n");
    size_t g0 = 0;
    if (p->orders) {
        /* the first group apart: its previous words are its own one element
           on, and its first element's lanes are not compared */
        gen_out(c, "    {\n        uint8_t pv_[%d];\n        memset(pv_, 0, %d);\n", gbytes, bytes);
        gen_out(c, "        memcpy(pv_ + %d, q_, %d);\n", bytes, gbytes - bytes);
        gen_out(c, "        const uint8_t *w_ = q_, *pw_ = pv_;\n        (void)pw_;\n");
        for (int v = 0; v < p->vectors; v++)
            emit_vector(c, p, v, true);
        gen_out(c, "    }\n");
        g0 = 1;
    }
    gen_out(c, "    for (size_t g_ = %zu; g_ < ng_; g_++) {\n        const uint8_t *w_ = q_ + g_ * %d;\n", g0, gbytes);
    if (p->orders)
        gen_out(c, "        const uint8_t *pw_ = w_ - %d;\n", bytes);
    for (int v = 0; v < p->vectors; v++)
        emit_vector(c, p, v, false);
    gen_out(c, "    }\n%s    return (good_[0] & good_[1] & good_[2] & good_[3]) == -1;\n}\n#endif\n",
        p->orders ? "    good_ &= ~bad_;\n" : "");
}
