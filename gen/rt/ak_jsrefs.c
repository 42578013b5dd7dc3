/* Keys, pending references and unique-value sets of the generated JSON
 * validators (see ak_jsrefs.h). */
#include "ak_jsrefs.h"

#include "keyed_hash.h"
#include "numbers.h"
#include "value_syntax.h"

#include <stdlib.h>
#include <string.h>

typedef struct entry {
    uint64_t hash;   /* 0: an empty slot */
    union {
        struct {
            size_t text;  /* the value's text in the input (strings: between the quotes) */
            uint32_t len;
        } span;
        uint8_t uuid[16]; /* kind KIND_UUID: the parsed value (the input is not read again) */
    } v;
    uint8_t kind;    /* ak_json_event_kind, or KIND_UUID */
    bool escaped;
    int16_t space;   /* keys: the key space */
    int16_t object;  /* keys: the object the key identifies */
    size_t token;    /* keys: the token's offset */
    uint32_t node;   /* keys: the object's node in ak_jsgraph + 1 (0: none) */
} entry;

typedef struct table {
    entry *slots; /* open addressing, linear probing; cap is a power of two */
    size_t cap, count; /* cap * sizeof(entry) is charged to the budget */
} table;

struct ak_jsstate {
    const uint8_t *data;
    size_t size;
    table keys;
    ak_jsref *refs;
    size_t nrefs, cap_refs;
    ak_budget *budget;
    table *sets;
    size_t nsets, cap_sets;
    ak_buf a, b; /* decoded strings */
    uint64_t probes; /* slots looked at (ak_jsstate_probes) */
    ak_hash_key hash_key; /* of every table of this state */
    const char *(*path)(void *ctx); /* ak_jsstate_locate */
    void *path_ctx;
};

ak_jsstate *ak_jsstate_new(const uint8_t *data, size_t size, ak_budget *budget)
{
    ak_jsstate *st = calloc(1, sizeof *st);
    if (!st)
        return NULL;
    st->data = data;
    st->size = size;
    st->budget = budget;
    ak_hash_key_draw(&st->hash_key);
    ak_buf_init(&st->a);
    ak_buf_init(&st->b);
    return st;
}

void ak_jsstate_free(ak_jsstate *st)
{
    if (!st)
        return;
    uint64_t held = st->keys.cap * sizeof(entry) + st->cap_refs * sizeof *st->refs;
    free(st->keys.slots);
    free(st->refs);
    for (size_t i = 0; i < st->cap_sets; i++) {
        held += st->sets[i].cap * sizeof(entry);
        free(st->sets[i].slots);
    }
    free(st->sets);
    ak_budget_give(st->budget, held);
    ak_buf_free(&st->a);
    ak_buf_free(&st->b);
    free(st);
}

void ak_jsstate_locate(ak_jsstate *st, const char *(*path)(void *ctx), void *ctx)
{
    st->path = path;
    st->path_ctx = ctx;
}

/* Reports of the budget from here on are at the token [offset, +length)
 * and the path now (ak_budget_place_at). */
static ak_budget_place place_at(ak_jsstate *st, size_t offset, size_t length)
{
    return ak_budget_place_at(st->budget, offset, length, st->budget && st->path ? st->path(st->path_ctx) : NULL);
}

const uint8_t *ak_jsstate_data(const ak_jsstate *st)
{
    return st->data;
}

/* ---- values -------------------------------------------------------------- */

/* A key of kind `key uuid` (ak_json_event_kind has no such value). */
#define KIND_UUID 0xff

/* A value as it is compared: kind, text in the input, escapes; a UUID by
 * its 16 bytes. */
typedef struct view {
    uint8_t kind;
    const char *text;
    uint32_t len;
    bool escaped;
    uint8_t uuid[16];
} view;

static view view_of(const ak_json_event *e)
{
    view v = {(uint8_t)e->kind, e->text, (uint32_t)e->text_len, (e->flags & AK_JSON_F_ESCAPED) != 0, {0}};
    return v;
}

static view view_entry(const ak_jsstate *st, const entry *en)
{
    view v = {en->kind, NULL, 0, false, {0}};
    if (en->kind == KIND_UUID)
        memcpy(v.uuid, en->v.uuid, 16);
    else
        v.text = (const char *)st->data + en->v.span.text, v.len = en->v.span.len, v.escaped = en->escaped;
    return v;
}

static bool decoded(const view *v, ak_buf *buf, const char **s, size_t *n);

/* The key view of string e in a key space of that kind; false when it is no
 * key of the kind (not a UUID) or out of memory (*nomem). */
static bool key_view(ak_jsstate *st, const ak_json_event *e, ak_jkey_kind kind, view *v, bool *nomem)
{
    *v = view_of(e);
    *nomem = false;
    if (kind != AK_JKEY_UUID)
        return true;
    const char *s;
    size_t n;
    if (!decoded(v, &st->a, &s, &n))
        return !(*nomem = true);
    v->kind = KIND_UUID;
    return ak_uuid_parse((const uint8_t *)s, n, v->uuid);
}

/* The decoded bytes of a string view (into buf when it has escapes). */
static bool decoded(const view *v, ak_buf *buf, const char **s, size_t *n)
{
    if (!v->escaped) {
        *s = v->text;
        *n = v->len;
        return true;
    }
    ak_json_event e = {AK_JSON_STRING, AK_JSON_F_ESCAPED, 0, 0, 0, v->text, v->len};
    buf->len = 0;
    if (!ak_json_string_decode(&e, buf))
        return false;
    *s = buf->data ? buf->data : "";
    *n = buf->len;
    return true;
}

static double number_of(const view *v)
{
    double d = 0;
    ak_parse_f64(v->text, v->len, &d);
    return d == 0 ? 0 : d; /* -0 is 0 */
}

/* 0 when a string cannot be decoded (out of memory). */
static uint64_t hash_of(ak_jsstate *st, const view *v, int16_t space)
{
    ak_hasher h;
    ak_hasher_init(&h, &st->hash_key);
    ak_hasher_add(&h, &space, sizeof space);
    ak_hasher_add(&h, &v->kind, 1);
    if (v->kind == AK_JSON_STRING) {
        const char *s;
        size_t n;
        if (!decoded(v, &st->a, &s, &n))
            return 0;
        ak_hasher_add(&h, s, n);
    } else if (v->kind == AK_JSON_NUMBER) {
        double d = number_of(v);
        ak_hasher_add(&h, &d, sizeof d);
    } else if (v->kind == KIND_UUID) {
        ak_hasher_add(&h, v->uuid, 16);
    }
    uint64_t x = ak_hasher_finish(&h);
    return x ? x : 1;
}

static bool same(ak_jsstate *st, const view *x, const view *y)
{
    if (x->kind != y->kind)
        return false;
    if (x->kind == AK_JSON_NUMBER)
        return number_of(x) == number_of(y);
    if (x->kind == KIND_UUID)
        return memcmp(x->uuid, y->uuid, 16) == 0;
    if (x->kind != AK_JSON_STRING)
        return true;
    if (!x->escaped && !y->escaped)
        return x->len == y->len && memcmp(x->text, y->text, x->len) == 0;
    const char *a, *b;
    size_t na, nb;
    return decoded(x, &st->a, &a, &na) && decoded(y, &st->b, &b, &nb) && na == nb && memcmp(a, b, na) == 0;
}

/* ---- tables -------------------------------------------------------------- */

static entry *find(ak_jsstate *st, table *t, uint64_t h, const view *v, int16_t space)
{
    if (!t->cap)
        return NULL;
    for (size_t i = h & (t->cap - 1);; i = (i + 1) & (t->cap - 1)) {
        entry *en = &t->slots[i];
        st->probes++;
        if (!en->hash)
            return NULL;
        if (en->hash == h && en->space == space) {
            view w = view_entry(st, en);
            if (same(st, &w, v))
                return en;
        }
    }
}

/* Where h goes in a table with a free slot. */
static size_t free_slot(ak_jsstate *st, const entry *slots, size_t cap, uint64_t h)
{
    size_t k = h & (cap - 1);
    for (st->probes++; slots[k].hash; st->probes++)
        k = (k + 1) & (cap - 1);
    return k;
}

/* Doubles t; the new slots are charged to the budget before they are
 * allocated (the old ones are given back once they are freed). */
static bool grow(ak_jsstate *st, table *t)
{
    size_t cap = t->cap ? t->cap * 2 : 64;
    if (!ak_budget_take(st->budget, cap * sizeof(entry), "the table of keys and unique values"))
        return false;
    entry *slots = calloc(cap, sizeof *slots);
    if (!slots) {
        ak_budget_give(st->budget, cap * sizeof(entry));
        ak_budget_failed(st->budget, cap * sizeof(entry), "the table of keys and unique values");
        return false;
    }
    for (size_t i = 0; i < t->cap; i++)
        if (t->slots[i].hash)
            slots[free_slot(st, slots, cap, t->slots[i].hash)] = t->slots[i];
    free(t->slots);
    ak_budget_give(st->budget, t->cap * sizeof(entry));
    t->slots = slots;
    t->cap = cap;
    return true;
}

/* Adds v (the value of event e) unless an equal value is there (*dup then
 * points at it). */
static ak_jsadd add(ak_jsstate *st, table *t, const ak_json_event *e, const view *v, int16_t space, entry **dup,
                    entry **added)
{
    uint64_t h = hash_of(st, v, space);
    if (!h)
        return AK_JS_NOMEM;
    entry *old = find(st, t, h, v, space);
    if (old) {
        *dup = old;
        return AK_JS_DUPLICATE;
    }
    if ((t->count + 1) * 10 > t->cap * 7) {
        ak_budget_place before = place_at(st, e->offset, e->length);
        bool grown = grow(st, t);
        ak_budget_place_back(st->budget, before);
        if (!grown)
            return AK_JS_NOMEM;
    }
    entry *en = &t->slots[free_slot(st, t->slots, t->cap, h)];
    memset(en, 0, sizeof *en);
    en->hash = h;
    if (v->kind == KIND_UUID) {
        memcpy(en->v.uuid, v->uuid, 16);
    } else {
        en->v.span.text = v->text ? (size_t)((const uint8_t *)v->text - st->data) : 0;
        en->v.span.len = v->len;
    }
    en->kind = v->kind;
    en->escaped = v->escaped;
    en->space = space;
    t->count++;
    *added = en;
    return AK_JS_ADDED;
}

/* ---- keys ------------------------------------------------------------------ */

ak_jsadd ak_jsstate_add_key(ak_jsstate *st, int16_t space, ak_jkey_kind kind, int16_t object,
                            const ak_json_event *e, int16_t *prev_object, size_t *prev_offset)
{
    view v;
    bool nomem;
    if (!key_view(st, e, kind, &v, &nomem))
        return nomem ? AK_JS_NOMEM : AK_JS_NOKEY;
    entry *dup = NULL, *en = NULL;
    ak_jsadd r = add(st, &st->keys, e, &v, space, &dup, &en);
    if (r == AK_JS_DUPLICATE) {
        *prev_object = dup->object;
        *prev_offset = dup->token;
    } else if (r == AK_JS_ADDED) {
        en->object = object;
        en->token = e->offset;
    }
    return r;
}

static entry *key_entry(ak_jsstate *st, int16_t space, const view *v)
{
    uint64_t h = hash_of(st, v, space);
    return h ? find(st, &st->keys, h, v, space) : NULL;
}

static int16_t find_key(ak_jsstate *st, int16_t space, const view *v)
{
    entry *en = key_entry(st, space, v);
    return en ? en->object : -1;
}

int16_t ak_jsstate_find_key(ak_jsstate *st, int16_t space, ak_jkey_kind kind, const ak_json_event *e)
{
    view v;
    bool nomem;
    return key_view(st, e, kind, &v, &nomem) ? find_key(st, space, &v) : -1;
}

bool ak_jsstate_ref_of(ak_jsstate *st, ak_jkey_kind kind, const ak_json_event *e, ak_jsref *r)
{
    view v;
    bool nomem;
    r->parsed = kind == AK_JKEY_UUID;
    if (!r->parsed)
        return true;
    if (!key_view(st, e, kind, &v, &nomem))
        return false;
    memcpy(r->uuid, v.uuid, 16);
    return true;
}

/* The key a reference names, as keys are compared. */
static view view_ref(const ak_jsstate *st, const ak_jsref *r)
{
    view v = {AK_JSON_STRING, (const char *)st->data + r->offset + 1, r->length - 2, r->escaped, {0}};
    if (r->parsed)
        v.kind = KIND_UUID, memcpy(v.uuid, r->uuid, 16);
    return v;
}

int16_t ak_jsstate_find_ref_key(ak_jsstate *st, int16_t space, const ak_jsref *r)
{
    view v = view_ref(st, r);
    return find_key(st, space, &v);
}

bool ak_jsstate_key_node(ak_jsstate *st, int16_t space, ak_jkey_kind kind, const ak_json_event *e, uint32_t node)
{
    view v;
    bool nomem;
    if (!key_view(st, e, kind, &v, &nomem))
        return !nomem;
    entry *en = key_entry(st, space, &v);
    if (en && !en->node)
        en->node = node + 1;
    return true;
}

int64_t ak_jsstate_ref_node(ak_jsstate *st, int16_t space, const ak_jsref *r)
{
    view v = view_ref(st, r);
    entry *en = key_entry(st, space, &v);
    return en ? (int64_t)en->node - 1 : -1;
}

/* ---- references ----------------------------------------------------------- */

bool ak_jsstate_defer(ak_jsstate *st, const ak_jsref *r)
{
    if (st->nrefs == st->cap_refs) {
        ak_budget_place before = place_at(st, r->offset, r->length);
        bool grown = ak_budget_grow(st->budget, (void **)&st->refs, &st->cap_refs, st->nrefs + 1, sizeof *st->refs,
                                    "the pending references");
        ak_budget_place_back(st->budget, before);
        if (!grown)
            return false;
    }
    st->refs[st->nrefs++] = *r;
    return true;
}

uint64_t ak_jsstate_probes(const ak_jsstate *st) { return st->probes; }

const ak_jsref *ak_jsstate_refs(const ak_jsstate *st, size_t *count)
{
    *count = st->nrefs;
    return st->refs;
}

/* ---- unique sets ----------------------------------------------------------- */

int32_t ak_jsstate_set_open(ak_jsstate *st)
{
    if (st->nsets == st->cap_sets) {
        size_t cap = st->cap_sets ? st->cap_sets * 2 : 8;
        table *sets = realloc(st->sets, cap * sizeof *sets);
        if (!sets)
            return -1;
        memset(sets + st->cap_sets, 0, (cap - st->cap_sets) * sizeof *sets);
        st->sets = sets;
        st->cap_sets = cap;
    }
    table *t = &st->sets[st->nsets];
    if (t->slots)
        memset(t->slots, 0, t->cap * sizeof *t->slots); /* reused: keep its slots */
    t->count = 0;
    return (int32_t)st->nsets++;
}

void ak_jsstate_set_close(ak_jsstate *st, int32_t set)
{
    if (set < 0 || (size_t)set + 1 != st->nsets)
        return;
    st->nsets--;
    table *t = &st->sets[set];
    if (t->cap > 1024) { /* a big one is not cleared for every small array that follows */
        ak_budget_give(st->budget, t->cap * sizeof(entry));
        free(t->slots);
        t->slots = NULL;
        t->cap = 0;
    }
}

ak_jsadd ak_jsstate_set_add(ak_jsstate *st, int32_t set, const ak_json_event *e)
{
    if (set < 0 || (size_t)set >= st->nsets)
        return AK_JS_ADDED;
    view v = view_of(e);
    entry *dup = NULL, *en = NULL;
    return add(st, &st->sets[set], e, &v, 0, &dup, &en);
}
