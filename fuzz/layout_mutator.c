/* Structure-aware mutation of the binary layouts: see layout_mutator.h. */
#include "layout_mutator.h"

#include "arena.h"

#include <float.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

/* Nesting of the declaration, never of the input; a guard only. */
#define MAX_DEPTH 64
/* An array that a count asks to grow grows by at most this many elements
 * (a count at its limit is left for the decoder to refuse). */
#define MAX_GROWTH 64
#define MAX_ARRAY_BYTES ((size_t)1 << 20)

typedef enum { NODE_SCALAR, NODE_ARRAY, NODE_STRUCT } node_kind;

/* A place in the document: a scalar (a field, an element, a tuple's
 * component), an array field, or a struct (a field or an element). */
typedef struct node {
    node_kind kind;
    ak_lkind k;           /* NODE_SCALAR: its kind */
    const ak_lfield *f;   /* the field */
    uint8_t *holder;      /* the struct that holds f */
    const ak_lstruct *in; /* holder's struct */
    uint8_t *p;           /* NODE_SCALAR, NODE_STRUCT: the value */
    const ak_lstruct *st; /* NODE_STRUCT: its type */
    size_t index;         /* NODE_STRUCT of an array: the element (SIZE_MAX: a field) */
} node;

/* A conditional member that was absent before the mutation. */
typedef struct absent {
    const uint8_t *holder;
    const ak_lfield *f;
    bool seen; /* it was brought in (and zeroed) already */
} absent;

typedef struct mut {
    const ak_llayout *L;
    uint8_t *root;
    ak_arena *arena;
    uint64_t rng;
    node *nodes;
    size_t n, cap;
    absent *abs;
    size_t na, acap;
    bool collect;  /* the walk records nodes and absent members */
    bool changed;  /* the repair walk changed something */
    bool failed;   /* memory ran out */
    const uint8_t *resized_holder; /* the array the mutation resized: its count follows it */
    const ak_lfield *resized;
} mut;

static uint64_t next(mut *m)
{
    uint64_t z = (m->rng += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
}

static size_t below(mut *m, size_t n) { return n ? (size_t)(next(m) % n) : 0; }

/* memcpy that takes the NULL of an empty array with n == 0 */
static void copy(void *dst, const void *src, size_t n)
{
    if (n)
        memcpy(dst, src, n);
}

static void push_node(mut *m, node nd)
{
    if (!m->collect || m->failed)
        return;
    if (m->n == m->cap) {
        size_t cap = m->cap ? m->cap * 2 : 256;
        node *nn = realloc(m->nodes, cap * sizeof *nn);
        if (!nn) {
            m->failed = true;
            return;
        }
        m->nodes = nn;
        m->cap = cap;
    }
    m->nodes[m->n++] = nd;
}

static void push_absent(mut *m, const uint8_t *holder, const ak_lfield *f)
{
    if (m->na == m->acap) {
        size_t cap = m->acap ? m->acap * 2 : 64;
        absent *na = realloc(m->abs, cap * sizeof *na);
        if (!na) {
            m->failed = true;
            return;
        }
        m->abs = na;
        m->acap = cap;
    }
    m->abs[m->na++] = (absent){holder, f, false};
}

static int absent_cmp(const void *x, const void *y)
{
    const absent *a = x, *b = y;
    uintptr_t ha = (uintptr_t)a->holder, hb = (uintptr_t)b->holder, fa = (uintptr_t)a->f, fb = (uintptr_t)b->f;
    return ha != hb ? (ha < hb ? -1 : 1) : fa != fb ? (fa < fb ? -1 : 1) : 0;
}

/* Whether (holder, f) was absent before the mutation (the first time it is asked). */
static bool was_absent(mut *m, const uint8_t *holder, const ak_lfield *f)
{
    absent key = {holder, f, false};
    absent *a = m->na ? bsearch(&key, m->abs, m->na, sizeof *m->abs, absent_cmp) : NULL;
    if (!a || a->seen)
        return false;
    a->seen = true;
    return true;
}

/* ---- integers by kind --------------------------------------------------- */

static bool is_int(ak_lkind k)
{
    return k <= AK_LK_I64 || k == AK_LK_VARINT || k == AK_LK_LEB128 || k == AK_LK_BOOL;
}

static bool is_signed(ak_lkind k) { return k == AK_LK_I8 || k == AK_LK_I16 || k == AK_LK_I32 || k == AK_LK_I64; }

static uint64_t get_int(ak_lkind k, const uint8_t *p)
{
    switch (k) {
    case AK_LK_U8: return *p;
    case AK_LK_I8: return (uint64_t)(int64_t)(int8_t)*p;
    case AK_LK_BOOL: return *(const bool *)p;
    case AK_LK_U16: { uint16_t v; memcpy(&v, p, 2); return v; }
    case AK_LK_I16: { int16_t v; memcpy(&v, p, 2); return (uint64_t)(int64_t)v; }
    case AK_LK_U32:
    case AK_LK_VARINT: { uint32_t v; memcpy(&v, p, 4); return v; }
    case AK_LK_I32: { int32_t v; memcpy(&v, p, 4); return (uint64_t)(int64_t)v; }
    default: { uint64_t v; memcpy(&v, p, 8); return v; }
    }
}

static void set_int(ak_lkind k, uint8_t *p, uint64_t v)
{
    switch (k) {
    case AK_LK_U8:
    case AK_LK_I8: *p = (uint8_t)v; break;
    case AK_LK_BOOL: *(bool *)p = v != 0; break;
    case AK_LK_U16:
    case AK_LK_I16: { uint16_t x = (uint16_t)v; memcpy(p, &x, 2); break; }
    case AK_LK_U32:
    case AK_LK_I32:
    case AK_LK_VARINT: { uint32_t x = (uint32_t)v; memcpy(p, &x, 4); break; }
    default: memcpy(p, &v, 8); break;
    }
}

static unsigned width_bits(ak_lkind k)
{
    size_t n = ak_lkind_size(k);
    return k == AK_LK_VARINT ? 32 : (unsigned)(n * 8);
}

static void mutate_int(mut *m, const node *nd)
{
    ak_lkind k = nd->k;
    if (k == AK_LK_BOOL) {
        *(bool *)nd->p = !*(bool *)nd->p;
        return;
    }
    unsigned w = width_bits(k);
    uint64_t mask = w >= 64 ? UINT64_MAX : (UINT64_C(1) << w) - 1;
    uint64_t v = get_int(k, nd->p);
    const ak_ltable *names = nd->f ? nd->f->names : NULL;
    switch (below(m, names && names->count ? 12 : 10)) {
    case 0: v = 0; break;
    case 1: v = 1; break;
    case 2: v = mask; break; /* -1, or the unsigned maximum */
    case 3: v = is_signed(k) ? mask >> 1 : mask - 1; break;
    case 4: v = is_signed(k) ? (mask >> 1) + 1 : mask >> 1; break; /* the signed minimum, or half */
    case 5: v += below(m, 2) ? 1 : (uint64_t)-1; break;
    case 6: v ^= UINT64_C(1) << below(m, w); break;
    case 7: { /* a varint's byte boundaries: 7 bits a byte */
        static const uint64_t edges[] = {0x7f, 0x80, 0x3fff, 0x4000, 0x1fffff, 0x200000, 0xfffffff, 0x10000000,
                                         0x7fffffff, 0x80000000, 0xffffffff, UINT64_C(0x800000000),
                                         UINT64_C(0x7fffffffffffffff), UINT64_MAX};
        v = edges[below(m, sizeof edges / sizeof edges[0])];
        break;
    }
    case 8: v = next(m); break;
    case 9: v = below(m, 2) ? v * 2 : v / 2; break;
    case 10: v = (uint64_t)names->entries[below(m, names->count)].code; break;
    default: { /* the code after the table's largest: no entry's */
        int64_t top = 0;
        for (size_t i = 0; i < names->count; i++)
            top = names->entries[i].code > top ? names->entries[i].code : top;
        v = (uint64_t)top + 1 + below(m, 3);
        break;
    }
    }
    set_int(k, nd->p, v & mask);
}

/* ---- floats ------------------------------------------------------------------ */

static void mutate_float(mut *m, const node *nd)
{
    bool f64 = nd->k == AK_LK_F64;
    double v;
    if (f64)
        memcpy(&v, nd->p, 8);
    else {
        float x;
        memcpy(&x, nd->p, 4);
        v = x;
    }
    uint64_t bits = 0;
    bool raw = false;
    switch (below(m, 16)) {
    case 0: v = NAN; break;
    case 1: raw = true; bits = f64 ? UINT64_C(0xfff8000000000000) : 0xffc00000u; break; /* -nan */
    case 2: raw = true; bits = f64 ? UINT64_C(0x7ff0000000000001) : 0x7f800001u; break; /* signalling, payload */
    case 3: v = INFINITY; break;
    case 4: v = -INFINITY; break;
    case 5: raw = true; bits = 1; break; /* the smallest denormal */
    case 6: v = f64 ? DBL_MIN / 2 : FLT_MIN / 2; break;
    case 7: v = -0.0; break;
    case 8: v = f64 ? DBL_MAX : FLT_MAX; break;
    case 9: v = f64 ? -DBL_MAX : -FLT_MAX; break;
    case 10: v = below(m, 2) ? 1e30 : -1e30; break;
    case 11: v = (double)(int64_t)below(m, 5) - 1; break; /* -1 .. 3 */
    case 12: v = f64 ? nextafter(v, INFINITY) : nextafterf((float)v, INFINITY); break;
    case 13: v = -v; break;
    case 14: v = v * 2 + 0.5; break;
    default: raw = true; bits = next(m); break;
    }
    if (raw) {
        if (f64)
            memcpy(nd->p, &bits, 8);
        else {
            uint32_t b = (uint32_t)bits;
            memcpy(nd->p, &b, 4);
        }
    } else if (f64)
        memcpy(nd->p, &v, 8);
    else {
        float x = (float)v;
        memcpy(nd->p, &x, 4);
    }
}

/* ---- strings ------------------------------------------------------------------ */

static void mutate_string(mut *m, const node *nd, ak_fuzz_bytes_mutator bytes, size_t max_size)
{
    ak_lstr s;
    memcpy(&s, nd->p, sizeof s);
    static const char *const bad[] = {"\xff", "\xc0\x80", "\xed\xa0\x80", "\xe2\x82", "\xf4\x90\x80\x80",
                                      "ok\xc3", "\x80", "\xef\xbf\xbd"};
    char *t = NULL;
    size_t len = 0;
    switch (below(m, nd->k == AK_LK_NSTRING ? 6 : 5)) {
    case 0: len = 0; t = ak_arena_alloc(m->arena, 1, 1); break;
    case 1: { /* invalid UTF-8 (and U+FFFD, which a replacement would give) */
        const char *b = bad[below(m, sizeof bad / sizeof bad[0])];
        len = strlen(b);
        t = ak_arena_alloc(m->arena, len + s.len, 1);
        if (t) {
            size_t at = s.ptr ? below(m, s.len + 1) : 0;
            if (s.ptr)
                copy(t, s.ptr, at);
            memcpy(t + at, b, len);
            if (s.ptr)
                copy(t + at + len, s.ptr + at, s.len - at);
            len += s.ptr ? s.len : 0;
        }
        break;
    }
    case 2: { /* at a boundary of the 7-bit length prefix */
        static const size_t edges[] = {127, 128, 16383, 16384};
        len = edges[below(m, 4)];
        if (len > max_size / 2)
            len = edges[below(m, 2)];
        t = ak_arena_alloc(m->arena, len, 1);
        if (t)
            memset(t, 'a' + (int)below(m, 26), len);
        break;
    }
    case 3:
    case 4: { /* its bytes, by libFuzzer's mutator */
        size_t room = s.len + 64;
        t = ak_arena_alloc(m->arena, room, 1);
        if (t) {
            if (s.ptr)
                copy(t, s.ptr, s.len);
            len = bytes((uint8_t *)t, s.len, room);
        }
        break;
    }
    default: /* null */
        s.ptr = NULL;
        s.len = 0;
        memcpy(nd->p, &s, sizeof s);
        return;
    }
    if (!t) {
        m->failed = true;
        return;
    }
    s.ptr = t;
    s.len = len;
    memcpy(nd->p, &s, sizeof s);
}

/* ---- the walk ------------------------------------------------------------------- */

static void walk(mut *m, const ak_lstruct *st, uint8_t *obj, int depth);

static void walk_elem(mut *m, const ak_lstruct *in, uint8_t *holder, const ak_lfield *f, ak_lkind k, uint8_t *p,
                      size_t index, int depth)
{
    if (k == AK_LK_STRUCT) {
        push_node(m, (node){NODE_STRUCT, k, f, holder, in, p, f->st, index});
        walk(m, f->st, p, depth + 1);
    } else if (k == AK_LK_FIXED) {
        for (uint32_t i = 0; i < f->tuple_count; i++)
            push_node(m, (node){NODE_SCALAR, f->tuple_kind, f, holder, in, p + i * ak_lkind_size(f->tuple_kind), NULL, 0});
    } else if (ak_lkind_size(k)) {
        push_node(m, (node){NODE_SCALAR, k, f, holder, in, p, NULL, 0});
    }
}

static bool resize_array(mut *m, const ak_lfield *f, uint8_t *holder, size_t n, size_t have);

/* The count the declaration gives array f of holder, after a mutation: the
 * array follows it (within MAX_GROWTH more elements), unless the mutation
 * resized this array, whose count field then follows the array. */
static void repair_array(mut *m, const ak_lstruct *in, uint8_t *holder, const ak_lfield *f)
{
    if (!f->count)
        return;
    size_t have;
    memcpy(&have, holder + f->count_offset, sizeof have);
    uint64_t want = f->count(holder, m->root);
    if (want == have)
        return;
    if (m->resized == f && m->resized_holder == holder && f->count_name) {
        const void *h = NULL;
        const ak_lfield *c = ak_lfind(in, holder, m->root, f->count_name, &h);
        if (c && is_int(c->kind) && c->kind != AK_LK_BOOL) {
            set_int(c->kind, (uint8_t *)h + c->offset, have);
            if (in->lets)
                in->lets(holder, m->root);
            m->changed = true;
            if (f->count(holder, m->root) == have)
                return;
        }
    }
    if (want > have + MAX_GROWTH || want > MAX_ARRAY_BYTES / (f->elem_size ? f->elem_size : 1))
        return; /* a count at its limit: the file says more than it has */
    if (resize_array(m, f, holder, (size_t)want, have))
        m->changed = true;
}

static void walk(mut *m, const ak_lstruct *st, uint8_t *obj, int depth)
{
    if (depth > MAX_DEPTH || m->failed)
        return;
    if (st->lets)
        st->lets(obj, m->root);
    for (size_t i = 0; i < st->field_count; i++) {
        const ak_lfield *f = &st->fields[i];
        if (f->present && !f->present(obj, m->root)) {
            if (m->collect)
                push_absent(m, obj, f);
            continue;
        }
        if (!m->collect && f->present && was_absent(m, obj, f)) {
            /* brought in by the mutation: it starts empty, never as the
               bytes of the arm it shares its place with */
            if (f->kind == AK_LK_INLINE || f->kind == AK_LK_STRUCT)
                memset(obj + f->offset, 0, f->st->size);
            else if (f->kind == AK_LK_ARRAY) {
                memset(obj + f->offset, 0, sizeof(void *));
                memset(obj + f->count_offset, 0, sizeof(size_t));
            } else if (f->kind == AK_LK_FIXED)
                memset(obj + f->offset, 0, (size_t)f->fixed_count * f->elem_size);
            else
                memset(obj + f->offset, 0, ak_lkind_size(f->kind));
            m->changed = true;
            if (st->lets)
                st->lets(obj, m->root);
        }
        switch (f->kind) {
        case AK_LK_INLINE:
            walk(m, f->st, obj + f->offset, depth + 1);
            break;
        case AK_LK_STRUCT:
            push_node(m, (node){NODE_STRUCT, f->kind, f, obj, st, obj + f->offset, f->st, SIZE_MAX});
            walk(m, f->st, obj + f->offset, depth + 1);
            break;
        case AK_LK_ARRAY:
        case AK_LK_FIXED: {
            if (f->kind == AK_LK_ARRAY) {
                if (!m->collect)
                    repair_array(m, st, obj, f);
                push_node(m, (node){NODE_ARRAY, f->kind, f, obj, st, NULL, NULL, 0});
            }
            size_t n;
            uint8_t *base = (uint8_t *)ak_lelems(f, obj, &n);
            for (size_t k = 0; k < n && base; k++)
                walk_elem(m, st, obj, f, f->elem_kind, base + k * f->elem_size, k, depth);
            break;
        }
        case AK_LK_DERIVED:
        case AK_LK_WORD:
        case AK_LK_SPELLED:
            break;
        default:
            push_node(m, (node){NODE_SCALAR, f->kind, f, obj, st, obj + f->offset, NULL, 0});
            break;
        }
    }
}

/* Collects the nodes and the absent members of the document. */
static void survey(mut *m)
{
    m->n = 0;
    m->na = 0;
    m->collect = true;
    walk(m, m->L->root, m->root, 0);
    m->collect = false;
    if (m->na)
        qsort(m->abs, m->na, sizeof *m->abs, absent_cmp);
}

/* Repairs the document after a mutation, until nothing changes (or a few times). */
static void repair(mut *m)
{
    for (int pass = 0; pass < 4 && !m->failed; pass++) {
        m->changed = false;
        walk(m, m->L->root, m->root, 0);
        if (!m->changed)
            break;
    }
}

/* ---- arrays --------------------------------------------------------------------- */

/* Gives array f of holder n elements: the first min(n, have) as they were,
 * the rest copies of the last (zeroed when there was none). */
static bool resize_array(mut *m, const ak_lfield *f, uint8_t *holder, size_t n, size_t have)
{
    if (n > MAX_ARRAY_BYTES / (f->elem_size ? f->elem_size : 1))
        return false;
    uint8_t *old;
    memcpy(&old, holder + f->offset, sizeof old);
    uint8_t *elems = n ? ak_arena_zalloc(m->arena, n * f->elem_size, 16) : NULL;
    if (n && !elems) {
        m->failed = true;
        return false;
    }
    size_t keep = n < have ? n : have;
    if (keep)
        copy(elems, old, keep * f->elem_size);
    for (size_t i = keep; i < n && have; i++)
        copy(elems + i * f->elem_size, old + (have - 1) * f->elem_size, f->elem_size);
    memcpy(holder + f->offset, &elems, sizeof elems);
    memcpy(holder + f->count_offset, &n, sizeof n);
    return true;
}

static void mutate_array(mut *m, const node *nd, ak_fuzz_bytes_mutator bytes)
{
    const ak_lfield *f = nd->f;
    size_t n;
    uint8_t *base = (uint8_t *)ak_lelems(f, nd->holder, &n);
    size_t es = f->elem_size;
    /* integers only: a C bool holds 0 or 1, never what a byte mutator writes */
    bool ints = f->elem_kind != AK_LK_STRUCT && f->elem_kind != AK_LK_FIXED && f->elem_kind != AK_LK_BOOL &&
                is_int(f->elem_kind);
    unsigned op = (unsigned)below(m, ints ? 6 : 5);
    if (op == 5 && n) { /* payload bytes (a bitstream, a bitmap, padding) */
        bytes(base, n * es, n * es);
        return;
    }
    m->resized = f;
    m->resized_holder = nd->holder;
    if (op == 0 && n) { /* drop one */
        size_t at = below(m, n);
        uint8_t *elems = ak_arena_alloc(m->arena, n * es, 16);
        if (!elems) {
            m->failed = true;
            return;
        }
        copy(elems, base, at * es);
        copy(elems + at * es, base + (at + 1) * es, (n - at - 1) * es);
        n--;
        memcpy(nd->holder + f->offset, &elems, sizeof elems);
        memcpy(nd->holder + f->count_offset, &n, sizeof n);
    } else if (op == 1 || op == 2 || !n) { /* one more: a copy of one, or zeroed */
        if ((n + 1) * es > MAX_ARRAY_BYTES)
            return;
        uint8_t *elems = ak_arena_zalloc(m->arena, (n + 1) * es, 16);
        if (!elems) {
            m->failed = true;
            return;
        }
        size_t at = below(m, n + 1);
        if (n) { /* (an empty array's elements may be NULL) */
            copy(elems, base, at * es);
            if (op == 1)
                copy(elems + at * es, base + below(m, n) * es, es);
            copy(elems + (at + 1) * es, base + at * es, (n - at) * es);
        }
        n++;
        memcpy(nd->holder + f->offset, &elems, sizeof elems);
        memcpy(nd->holder + f->count_offset, &n, sizeof n);
    } else if (op == 3 && n > 1) { /* two change places */
        size_t i = below(m, n), j = below(m, n);
        uint8_t tmp[256];
        if (es <= sizeof tmp && i != j) {
            memcpy(tmp, base + i * es, es);
            memcpy(base + i * es, base + j * es, es);
            memcpy(base + j * es, tmp, es);
        }
    } else { /* none left */
        n = 0;
        memset(nd->holder + f->offset, 0, sizeof(void *));
        memcpy(nd->holder + f->count_offset, &n, sizeof n);
    }
}

/* ---- decode, mutate, encode ------------------------------------------------------- */

static void *decode(const ak_llayout *L, const uint8_t *data, size_t size, ak_arena *arena)
{
    ak_diags *d = ak_diags_new(NULL);
    if (!d)
        return NULL;
    ak_options opt = {0};
    opt.max_output = (uint64_t)1 << 20; /* a mutation costs what the input's bytes say, not a bomb's payload */
    void *doc = L->decode(data, size, &opt, d, arena);
    ak_diags_free(d);
    return doc;
}

/* Encodes the document into out (room for max); its size, or 0. */
static size_t encode(const ak_llayout *L, void *doc, uint8_t *out, size_t max)
{
    ak_buf b;
    ak_buf_init(&b);
    size_t n = 0;
    if (L->encode(doc, &b) && b.len <= max && b.len > 0) {
        memcpy(out, b.data, b.len);
        n = b.len;
    }
    ak_buf_free(&b);
    return n;
}

static void mut_free(mut *m)
{
    free(m->nodes);
    free(m->abs);
}

size_t ak_fuzz_layout_mutate(const ak_llayout *L, uint8_t *data, size_t size, size_t max_size, unsigned seed,
                             ak_fuzz_bytes_mutator bytes)
{
    mut m = {.L = L, .rng = seed * 0x2545f4914f6cdd1dull + 1};
    /* now and then the bytes alone: what no document can say (trailing
       bytes, a broken header, a compressed payload's framing) */
    if (below(&m, 8) == 0)
        return bytes(data, size, max_size);
    ak_arena arena;
    ak_arena_init(&arena, 0);
    m.arena = &arena;
    m.root = decode(L, data, size, &arena);
    size_t out = 0;
    if (m.root) {
        survey(&m);
        size_t scalars = 0, arrays = 0;
        for (size_t i = 0; i < m.n; i++) {
            scalars += m.nodes[i].kind == NODE_SCALAR;
            arrays += m.nodes[i].kind == NODE_ARRAY;
        }
        bool structural = arrays && (!scalars || below(&m, 4) == 0);
        size_t pick = below(&m, structural ? arrays : scalars);
        for (size_t i = 0; i < m.n && !m.failed; i++) {
            const node *nd = &m.nodes[i];
            if (nd->kind != (structural ? NODE_ARRAY : NODE_SCALAR) || pick--)
                continue;
            if (structural)
                mutate_array(&m, nd, bytes);
            else if (nd->k == AK_LK_F32 || nd->k == AK_LK_F64)
                mutate_float(&m, nd);
            else if (nd->k == AK_LK_STRING || nd->k == AK_LK_NSTRING)
                mutate_string(&m, nd, bytes, max_size);
            else
                mutate_int(&m, nd);
            break;
        }
        if (m.n && !m.failed) {
            repair(&m);
            if (!m.failed)
                out = encode(L, m.root, data, max_size);
        }
    }
    ak_arena_free(&arena);
    mut_free(&m);
    return out ? out : bytes(data, size, max_size);
}

/* ---- crossover -------------------------------------------------------------------- */

/* Whether a struct type is one the model section makes tracks of. */
static bool is_track(const ak_llayout *L, const ak_lstruct *st)
{
    for (const ak_lstruct *const *t = L->tracks; t && *t; t++)
        if (*t == st)
            return true;
    return false;
}

/* The fields of the root that some member's presence depends on ("/name"
 * in a deps list), anywhere in the declaration: two documents whose values
 * of them differ cannot share structs. */
static bool same_root_deps(const ak_lstruct *st, const uint8_t *a, const uint8_t *b, const ak_lstruct *root, int depth)
{
    if (depth > MAX_DEPTH)
        return true;
    for (size_t i = 0; i < st->field_count; i++) {
        const ak_lfield *f = &st->fields[i];
        for (const char *const *dep = f->deps; dep && *dep; dep++) {
            if ((*dep)[0] != '/')
                continue;
            const void *ha = NULL, *hb = NULL;
            const ak_lfield *fa = ak_lfind(root, a, a, *dep + 1, &ha), *fb = ak_lfind(root, b, b, *dep + 1, &hb);
            if (!fa || fa != fb || !ak_lkind_size(fa->kind) ||
                memcmp((const uint8_t *)ha + fa->offset, (const uint8_t *)hb + fb->offset, ak_lkind_size(fa->kind)))
                return false;
        }
        if (f->st && f->st != st && !same_root_deps(f->st, a, b, root, depth + 1))
            return false;
    }
    return true;
}

size_t ak_fuzz_layout_crossover(const ak_llayout *L, const uint8_t *a, size_t a_size, const uint8_t *b,
                                size_t b_size, uint8_t *out, size_t max_out, unsigned seed)
{
    mut ma = {.L = L, .rng = seed * 0x2545f4914f6cdd1dull + 7}, mb = {.L = L};
    ak_arena arena;
    ak_arena_init(&arena, 0);
    ma.arena = mb.arena = &arena;
    ma.root = decode(L, a, a_size, &arena);
    mb.root = decode(L, b, b_size, &arena);
    size_t n = 0;
    if (ma.root && mb.root && same_root_deps(L->root, ma.root, mb.root, L->root, 0)) {
        survey(&ma);
        survey(&mb);
        /* the struct types both have: tracks first */
        const node *from = NULL, *to = NULL;
        for (int tracks_only = 1; tracks_only >= 0 && !from; tracks_only--) {
            size_t count = 0;
            for (size_t i = 0; i < mb.n; i++)
                count += mb.nodes[i].kind == NODE_STRUCT && (!tracks_only || is_track(L, mb.nodes[i].st));
            for (size_t tries = 0; tries < 8 && count && !from; tries++) {
                size_t pick = below(&ma, count);
                const node *cand = NULL;
                for (size_t i = 0; i < mb.n; i++)
                    if (mb.nodes[i].kind == NODE_STRUCT && (!tracks_only || is_track(L, mb.nodes[i].st)) && !pick--) {
                        cand = &mb.nodes[i];
                        break;
                    }
                size_t same = 0;
                for (size_t i = 0; i < ma.n; i++)
                    same += ma.nodes[i].kind == NODE_STRUCT && ma.nodes[i].st == cand->st;
                if (!same)
                    continue;
                size_t at = below(&ma, same);
                for (size_t i = 0; i < ma.n; i++)
                    if (ma.nodes[i].kind == NODE_STRUCT && ma.nodes[i].st == cand->st && !at--) {
                        to = &ma.nodes[i];
                        break;
                    }
                from = cand;
            }
        }
        if (from && to) {
            if (to->index != SIZE_MAX && to->f->kind == AK_LK_ARRAY && below(&ma, 2)) {
                /* next to it: the array grows by one */
                size_t have;
                memcpy(&have, to->holder + to->f->count_offset, sizeof have);
                uint8_t *old;
                memcpy(&old, to->holder + to->f->offset, sizeof old);
                size_t es = to->f->elem_size;
                uint8_t *elems = (have + 1) * es <= MAX_ARRAY_BYTES ? ak_arena_alloc(&arena, (have + 1) * es, 16) : NULL;
                if (elems) {
                    size_t at = to->index + 1;
                    copy(elems, old, at * es);
                    copy(elems + at * es, from->p, es);
                    copy(elems + (at + 1) * es, old + at * es, (have - at) * es);
                    have++;
                    memcpy(to->holder + to->f->offset, &elems, sizeof elems);
                    memcpy(to->holder + to->f->count_offset, &have, sizeof have);
                    ma.resized = to->f;
                    ma.resized_holder = to->holder;
                }
            } else {
                memcpy(to->p, from->p, from->st->size);
            }
            repair(&ma);
            if (!ma.failed)
                n = encode(L, ma.root, out, max_out);
        }
    }
    ak_arena_free(&arena);
    mut_free(&ma);
    mut_free(&mb);
    return n;
}
