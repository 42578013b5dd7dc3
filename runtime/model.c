#include "model.h"

#include <assert.h>
#include <string.h>

static const ak_value_type_info infos[AK_VT_COUNT] = {
    [AK_VT_BOOL] = {"bool", AK_VK_BOOL, 1, 1},
    [AK_VT_BOOL2] = {"bool2", AK_VK_BOOL, 2, 1},
    [AK_VT_BOOL3] = {"bool3", AK_VK_BOOL, 3, 1},
    [AK_VT_BOOL4] = {"bool4", AK_VK_BOOL, 4, 1},
    [AK_VT_BYTE] = {"byte", AK_VK_UINT, 1, 8},
    [AK_VT_USHORT] = {"ushort", AK_VK_UINT, 1, 16},
    [AK_VT_UINT] = {"uint", AK_VK_UINT, 1, 32},
    [AK_VT_ULONG] = {"ulong", AK_VK_UINT, 1, 64},
    [AK_VT_SBYTE] = {"sbyte", AK_VK_INT, 1, 8},
    [AK_VT_SHORT] = {"short", AK_VK_INT, 1, 16},
    [AK_VT_INT] = {"int", AK_VK_INT, 1, 32},
    [AK_VT_LONG] = {"long", AK_VK_INT, 1, 64},
    [AK_VT_INT2] = {"int2", AK_VK_INT, 2, 32},
    [AK_VT_INT3] = {"int3", AK_VK_INT, 3, 32},
    [AK_VT_INT4] = {"int4", AK_VK_INT, 4, 32},
    [AK_VT_UINT2] = {"uint2", AK_VK_UINT, 2, 32},
    [AK_VT_UINT3] = {"uint3", AK_VK_UINT, 3, 32},
    [AK_VT_UINT4] = {"uint4", AK_VK_UINT, 4, 32},
    [AK_VT_LONG2] = {"long2", AK_VK_INT, 2, 64},
    [AK_VT_LONG3] = {"long3", AK_VK_INT, 3, 64},
    [AK_VT_LONG4] = {"long4", AK_VK_INT, 4, 64},
    [AK_VT_FLOAT] = {"float", AK_VK_F32, 1, 32},
    [AK_VT_FLOAT2] = {"float2", AK_VK_F32, 2, 32},
    [AK_VT_FLOAT3] = {"float3", AK_VK_F32, 3, 32},
    [AK_VT_FLOAT4] = {"float4", AK_VK_F32, 4, 32},
    [AK_VT_FLOATQ] = {"floatQ", AK_VK_F32, 4, 32},
    [AK_VT_FLOAT2X2] = {"float2x2", AK_VK_F32, 4, 32},
    [AK_VT_FLOAT3X3] = {"float3x3", AK_VK_F32, 9, 32},
    [AK_VT_FLOAT4X4] = {"float4x4", AK_VK_F32, 16, 32},
    [AK_VT_DOUBLE] = {"double", AK_VK_F64, 1, 64},
    [AK_VT_DOUBLE2] = {"double2", AK_VK_F64, 2, 64},
    [AK_VT_DOUBLE3] = {"double3", AK_VK_F64, 3, 64},
    [AK_VT_DOUBLE4] = {"double4", AK_VK_F64, 4, 64},
    [AK_VT_DOUBLEQ] = {"doubleQ", AK_VK_F64, 4, 64},
    [AK_VT_DOUBLE2X2] = {"double2x2", AK_VK_F64, 4, 64},
    [AK_VT_DOUBLE3X3] = {"double3x3", AK_VK_F64, 9, 64},
    [AK_VT_DOUBLE4X4] = {"double4x4", AK_VK_F64, 16, 64},
    [AK_VT_COLOR] = {"color", AK_VK_F32, 4, 32},
    [AK_VT_COLOR32] = {"color32", AK_VK_UINT, 4, 8},
    [AK_VT_STRING] = {"string", AK_VK_STRING, 1, 8},
};

const ak_value_type_info *ak_value_type_info_of(ak_value_type t)
{
    return (unsigned)t < AK_VT_COUNT ? &infos[t] : NULL;
}

bool ak_value_type_from_name(const char *name, size_t n, ak_value_type *out)
{
    for (int t = 0; t < AK_VT_COUNT; t++) {
        if (strlen(infos[t].name) == n && memcmp(infos[t].name, name, n) == 0) {
            *out = (ak_value_type)t;
            return true;
        }
    }
    return false;
}

unsigned ak_value_type_matrix_dim(ak_value_type t)
{
    switch (t) {
    case AK_VT_FLOAT2X2:
    case AK_VT_DOUBLE2X2: return 2;
    case AK_VT_FLOAT3X3:
    case AK_VT_DOUBLE3X3: return 3;
    case AK_VT_FLOAT4X4:
    case AK_VT_DOUBLE4X4: return 4;
    default: return 0;
    }
}

size_t ak_value_component_name(ak_value_type t, unsigned i, char out[4])
{
    unsigned n = ak_value_type_matrix_dim(t);
    if (n) {
        out[0] = 'm';
        out[1] = (char)('0' + i / n);
        out[2] = (char)('0' + i % n);
        out[3] = '\0';
        return 3;
    }
    out[0] = (t == AK_VT_COLOR || t == AK_VT_COLOR32 ? "rgba" : "xyzw")[i & 3];
    out[1] = '\0';
    return 1;
}

int ak_value_component_index(ak_value_type t, const char *s, size_t n)
{
    const ak_value_type_info *info = ak_value_type_info_of(t);
    if (n == 1 && !ak_value_type_matrix_dim(t)) { /* x y z w, r g b a: one byte, no memcmp */
        const char *names = t == AK_VT_COLOR || t == AK_VT_COLOR32 ? "rgba" : "xyzw";
        for (unsigned i = 0; i < info->components && i < 4; i++)
            if (names[i] == s[0])
                return (int)i;
        return -1;
    }
    for (unsigned i = 0; i < info->components; i++) {
        char name[4];
        size_t len = ak_value_component_name(t, i, name);
        if (len == n && memcmp(name, s, n) == 0)
            return (int)i;
    }
    return -1;
}

/* ---- keys by track and index (model.h) ----------------------------------
 * A track's keys are parallel arrays in the model's arena:
 *  - times: a double per key; none on a Raw track (start + i * interval);
 *  - values: packed by the value type: bool components a byte each,
 *    integers at their width (a byte track a byte, color32 four), floats
 *    and doubles as they are, a string its pointer and length;
 *  - interpolation: a byte per key; none on a Raw track;
 *  - with AK_KEYS_TANGENTS, two tangents per key, each the leading bytes of
 *    its ak_value that the value type uses, at least the 8 of d[0] (a
 *    Hermite key's slope is d[0] whatever the type); with TANGENTS or
 *    WEIGHTS, a byte of marks per key (has tangents, in/out weighted);
 *  - with AK_KEYS_WEIGHTS, two doubles per key; with AK_KEYS_FLAGS, a
 *    uint32 per key. */

enum { MARK_TANGENTS = 1, MARK_IN_WEIGHTED = 2, MARK_OUT_WEIGHTED = 4 };

typedef struct ak_key_store {
    const ak_value_type_info *info;
    unsigned parts;
    size_t value_size;   /* bytes of a packed value */
    size_t tangent_size; /* bytes of one tangent */
    double *times;
    unsigned char *values;
    uint8_t *interp;
    unsigned char *tangents; /* in, out per key */
    uint8_t *marks;
    double *weights; /* in, out per key */
    uint32_t *flags;
} ak_key_store;

/* A value's or a tangent's bytes, copied a key at a time: most are one
   float or double (a scalar curve), for which a call to memcpy costs more
   than the copy (a conversion copies every key's value and tangents). */
static inline void copy_value_bytes(void *to, const void *from, size_t n)
{
    switch (n) {
    case 4: memcpy(to, from, 4); break;
    case 8: memcpy(to, from, 8); break;
    case 12: memcpy(to, from, 12); break;
    case 16: memcpy(to, from, 16); break;
    case 24: memcpy(to, from, 24); break;
    case 32: memcpy(to, from, 32); break;
    default: memcpy(to, from, n); break;
    }
}

/* Bytes of one component packed (integers at their width). */
static size_t packed_component_size(const ak_value_type_info *info)
{
    switch (info->kind) {
    case AK_VK_BOOL: return 1;
    case AK_VK_UINT:
    case AK_VK_INT: return info->bits / 8u;
    case AK_VK_F32: return sizeof(float);
    case AK_VK_F64: return sizeof(double);
    case AK_VK_STRING: break;
    }
    return 0;
}

static size_t packed_value_size(const ak_value_type_info *info)
{
    if (info->kind == AK_VK_STRING)
        return sizeof(((ak_value *)0)->s);
    return packed_component_size(info) * info->components;
}

/* The leading bytes of an ak_value the type uses (u[] and i[] hold 8 bytes
   a component). */
static size_t value_prefix_size(const ak_value_type_info *info)
{
    switch (info->kind) {
    case AK_VK_UINT:
    case AK_VK_INT: return sizeof(uint64_t) * info->components;
    default: return packed_value_size(info);
    }
}

static void pack_value(const ak_value_type_info *info, const ak_value *v, unsigned char *p)
{
    if (info->kind != AK_VK_UINT && info->kind != AK_VK_INT) {
        copy_value_bytes(p, v, packed_value_size(info));
        return;
    }
    size_t w = packed_component_size(info);
    for (unsigned c = 0; c < info->components; c++, p += w) {
        uint64_t u = v->u[c]; /* i[c] has the same bits */
        switch (w) {
        case 1: *p = (unsigned char)u; break;
        case 2: memcpy(p, &(uint16_t){(uint16_t)u}, 2); break;
        case 4: memcpy(p, &(uint32_t){(uint32_t)u}, 4); break;
        default: memcpy(p, &u, 8); break;
        }
    }
}

static uint64_t unpack_unsigned(const unsigned char *p, size_t w)
{
    switch (w) {
    case 1: return *p;
    case 2: { uint16_t x; memcpy(&x, p, 2); return x; }
    case 4: { uint32_t x; memcpy(&x, p, 4); return x; }
    default: { uint64_t x; memcpy(&x, p, 8); return x; }
    }
}

static int64_t unpack_signed(const unsigned char *p, size_t w)
{
    switch (w) {
    case 1: return (int8_t)*p;
    case 2: { int16_t x; memcpy(&x, p, 2); return x; }
    case 4: { int32_t x; memcpy(&x, p, 4); return x; }
    default: { int64_t x; memcpy(&x, p, 8); return x; }
    }
}

/* Into a zeroed *v. */
static void unpack_value(const ak_value_type_info *info, const unsigned char *p, ak_value *v)
{
    size_t w = packed_component_size(info);
    switch (info->kind) {
    case AK_VK_UINT:
        for (unsigned c = 0; c < info->components; c++)
            v->u[c] = unpack_unsigned(p + c * w, w);
        break;
    case AK_VK_INT:
        for (unsigned c = 0; c < info->components; c++)
            v->i[c] = unpack_signed(p + c * w, w);
        break;
    default: copy_value_bytes(v, p, packed_value_size(info)); break;
    }
}

bool ak_track_alloc_keys(ak_track *t, ak_arena *arena, size_t n, unsigned parts)
{
    t->store = NULL;
    t->key_count = 0;
    const ak_value_type_info *info = ak_value_type_info_of(t->type);
    if (n == 0 || !info)
        return n == 0;
    ak_key_store *s = AK_ARENA_NEW(arena, ak_key_store);
    if (!s)
        return false;
    s->info = info;
    s->parts = parts;
    s->value_size = packed_value_size(info);
    s->tangent_size = value_prefix_size(info);
    if (s->tangent_size < sizeof(double))
        s->tangent_size = sizeof(double);
    bool keyed = t->kind != AK_TRACK_RAW;
    bool ok = (s->values = ak_arena_array(arena, n, s->value_size, _Alignof(double))) != NULL;
    if (ok && keyed)
        ok = (s->times = AK_ARENA_ARRAY(arena, double, n)) && (s->interp = AK_ARENA_ARRAY(arena, uint8_t, n));
    if (ok && (parts & (AK_KEYS_TANGENTS | AK_KEYS_WEIGHTS)))
        ok = (s->marks = AK_ARENA_ARRAY(arena, uint8_t, n)) != NULL;
    if (ok && (parts & AK_KEYS_TANGENTS))
        ok = (s->tangents = ak_arena_array(arena, n, 2 * s->tangent_size, _Alignof(double))) != NULL;
    if (ok && (parts & AK_KEYS_WEIGHTS))
        ok = (s->weights = ak_arena_array(arena, n, 2 * sizeof(double), _Alignof(double))) != NULL;
    if (ok && (parts & AK_KEYS_FLAGS))
        ok = (s->flags = AK_ARENA_ARRAY(arena, uint32_t, n)) != NULL;
    if (!ok)
        return false;
    t->store = s;
    t->key_count = n;
    return true;
}

unsigned ak_keys_parts(const ak_key *keys, size_t n)
{
    unsigned parts = 0;
    for (size_t i = 0; i < n; i++)
        parts |= (keys[i].has_tangents ? AK_KEYS_TANGENTS : 0u) |
                 (keys[i].in_weighted || keys[i].out_weighted ? AK_KEYS_WEIGHTS : 0u) |
                 (keys[i].flags ? AK_KEYS_FLAGS : 0u);
    return parts;
}

bool ak_track_set_keys(ak_track *t, ak_arena *arena, const ak_key *keys, size_t n)
{
    if (!ak_track_alloc_keys(t, arena, n, ak_keys_parts(keys, n)))
        return false;
    for (size_t i = 0; i < n; i++)
        ak_key_set(t, i, &keys[i]);
    return true;
}

unsigned ak_track_key_parts(const ak_track *t) { return t->store ? t->store->parts : 0; }

double ak_key_time(const ak_track *t, size_t i)
{
    return t->store->times ? t->store->times[i] : t->start + (double)i * t->interval;
}

void ak_key_set_time(ak_track *t, size_t i, double time)
{
    if (!t->store) { /* a track of headers (ak_mb_keys): its keys, set in order, make its range */
        t->earliest = i && t->earliest <= time ? t->earliest : time;
        t->latest = i && t->latest >= time ? t->latest : time;
    } else if (t->store->times) {
        t->store->times[i] = time;
    }
}

ak_interp ak_key_interp(const ak_track *t, size_t i)
{
    return t->store->interp ? (ak_interp)t->store->interp[i] : AK_INTERP_HOLD;
}

void ak_key_set_interp(ak_track *t, size_t i, ak_interp interp)
{
    if (t->store && t->store->interp)
        t->store->interp[i] = (uint8_t)interp;
}

void ak_key_value(const ak_track *t, size_t i, ak_value *out)
{
    const ak_key_store *s = t->store;
    memset(out, 0, sizeof *out);
    unpack_value(s->info, s->values + i * s->value_size, out);
}

void ak_key_set_value(ak_track *t, size_t i, const ak_value *v)
{
    ak_key_store *s = t->store;
    if (s) /* else a track of headers: no value kept */
        pack_value(s->info, v, s->values + i * s->value_size);
}

double ak_key_component(const ak_track *t, size_t i, unsigned c)
{
    const ak_key_store *s = t->store;
    const ak_value_type_info *info = s->info;
    if (c >= info->components)
        return 0;
    const unsigned char *p = s->values + i * s->value_size;
    size_t w = packed_component_size(info);
    switch (info->kind) {
    case AK_VK_BOOL: return p[c] ? 1 : 0;
    case AK_VK_UINT: return (double)unpack_unsigned(p + c * w, w);
    case AK_VK_INT: return (double)unpack_signed(p + c * w, w);
    case AK_VK_F32: {
        float f;
        memcpy(&f, p + c * w, sizeof f);
        return f;
    }
    case AK_VK_F64: {
        double d;
        memcpy(&d, p + c * w, sizeof d);
        return d;
    }
    case AK_VK_STRING: break;
    }
    return 0;
}

bool ak_key_has_tangents(const ak_track *t, size_t i)
{
    return t->store->tangents && (t->store->marks[i] & MARK_TANGENTS);
}

/* ak_key_tangents into in and out that are zero already. */
static bool tangents_into_zeroed(const ak_track *t, size_t i, ak_value *in, ak_value *out)
{
    const ak_key_store *s = t->store;
    if (!ak_key_has_tangents(t, i))
        return false;
    const unsigned char *p = s->tangents + i * 2 * s->tangent_size;
    copy_value_bytes(in, p, s->tangent_size);
    copy_value_bytes(out, p + s->tangent_size, s->tangent_size);
    return true;
}

bool ak_key_tangents(const ak_track *t, size_t i, ak_value *in, ak_value *out)
{
    memset(in, 0, sizeof *in);
    memset(out, 0, sizeof *out);
    return tangents_into_zeroed(t, i, in, out);
}

void ak_key_set_tangents(ak_track *t, size_t i, const ak_value *in, const ak_value *out)
{
    ak_key_store *s = t->store;
    assert(s->tangents);
    if (!s->tangents)
        return;
    unsigned char *p = s->tangents + i * 2 * s->tangent_size;
    copy_value_bytes(p, in, s->tangent_size);
    copy_value_bytes(p + s->tangent_size, out, s->tangent_size);
    s->marks[i] |= MARK_TANGENTS;
}

void ak_key_weights(const ak_track *t, size_t i, double *in, bool *in_weighted, double *out, bool *out_weighted)
{
    const ak_key_store *s = t->store;
    *in = s->weights ? s->weights[2 * i] : 1.0 / 3; /* the unweighted value */
    *out = s->weights ? s->weights[2 * i + 1] : 1.0 / 3;
    *in_weighted = s->weights && (s->marks[i] & MARK_IN_WEIGHTED);
    *out_weighted = s->weights && (s->marks[i] & MARK_OUT_WEIGHTED);
}

void ak_key_set_weights(ak_track *t, size_t i, double in, bool in_weighted, double out, bool out_weighted)
{
    ak_key_store *s = t->store;
    assert(s->weights || (!in_weighted && !out_weighted));
    if (!s->weights)
        return;
    s->weights[2 * i] = in;
    s->weights[2 * i + 1] = out;
    s->marks[i] = (uint8_t)((s->marks[i] & MARK_TANGENTS) | (in_weighted ? MARK_IN_WEIGHTED : 0) |
                            (out_weighted ? MARK_OUT_WEIGHTED : 0));
}

uint32_t ak_key_flags(const ak_track *t, size_t i) { return t->store->flags ? t->store->flags[i] : 0; }

void ak_key_get(const ak_track *t, size_t i, ak_key *out)
{
    memset(out, 0, sizeof *out);
    out->time = ak_key_time(t, i);
    unpack_value(t->store->info, t->store->values + i * t->store->value_size, &out->value);
    out->interp = ak_key_interp(t, i);
    out->has_tangents = tangents_into_zeroed(t, i, &out->in_tangent, &out->out_tangent);
    ak_key_weights(t, i, &out->in_weight, &out->in_weighted, &out->out_weight, &out->out_weighted);
    out->flags = ak_key_flags(t, i);
}

void ak_key_set(ak_track *t, size_t i, const ak_key *k)
{
    ak_key_store *s = t->store;
    ak_key_set_time(t, i, k->time);
    if (!s)
        return; /* a track of headers: its time range only */
    ak_key_set_value(t, i, &k->value);
    ak_key_set_interp(t, i, k->interp);
    if (k->has_tangents)
        ak_key_set_tangents(t, i, &k->in_tangent, &k->out_tangent);
    else if (s->marks)
        s->marks[i] &= (uint8_t)~MARK_TANGENTS;
    if (s->weights || k->in_weighted || k->out_weighted)
        ak_key_set_weights(t, i, k->in_weight, k->in_weighted, k->out_weight, k->out_weighted);
    assert(s->flags || k->flags == 0);
    if (s->flags)
        s->flags[i] = k->flags;
}

static bool same_value(const ak_value_type_info *info, const ak_value *a, const ak_value *b)
{
    if (info->kind != AK_VK_STRING)
        return memcmp(a, b, sizeof *a) == 0; /* (ak_key_get zeroes the rest) */
    if (!a->s.ptr || !b->s.ptr)
        return !a->s.ptr && !b->s.ptr;
    return a->s.len == b->s.len && memcmp(a->s.ptr, b->s.ptr, a->s.len) == 0;
}

bool ak_track_keys_identical(const ak_track *a, const ak_track *b)
{
    const ak_value_type_info *info = ak_value_type_info_of(a->type);
    if (a->type != b->type || a->key_count != b->key_count)
        return false;
    if (!a->key_count)
        return true;
    if (!info || !a->store || !b->store) /* (tracks of headers: no keys to compare) */
        return !a->store && !b->store;
    ak_key x, y;
    for (size_t i = 0; i < a->key_count; i++) {
        ak_key_get(a, i, &x);
        ak_key_get(b, i, &y);
        if (memcmp(&x.time, &y.time, sizeof x.time) != 0 || x.interp != y.interp || x.has_tangents != y.has_tangents ||
            x.in_weighted != y.in_weighted || x.out_weighted != y.out_weighted || x.flags != y.flags ||
            memcmp(&x.in_weight, &y.in_weight, sizeof x.in_weight) != 0 ||
            memcmp(&x.out_weight, &y.out_weight, sizeof x.out_weight) != 0 || !same_value(info, &x.value, &y.value) ||
            !same_value(info, &x.in_tangent, &y.in_tangent) || !same_value(info, &x.out_tangent, &y.out_tangent))
            return false;
    }
    return true;
}

/* ---- staged keys (model.h) ---------------------------------------------- */

void ak_key_stage_init(ak_key_stage *s, struct ak_budget *budget)
{
    memset(s, 0, sizeof *s);
    ak_arena_init_budget(&s->arena, 0, budget, "the common model");
}

/* Copies keys [0, n) of from into to (laid out with room for them): array
 * by array where the two have one layout (a stage that grows, or moves into
 * the model: the same bytes as key by key, since both fill zeroed arrays),
 * else key by key (a 430-byte ak_key each way: a tenth of the time of
 * reading a model from AnimJ or Maya). */
static void copy_keys(const ak_track *from, ak_track *to, size_t n)
{
    const ak_key_store *a = from->store;
    ak_key_store *b = to->store;
    if (n && a->info == b->info && a->parts == b->parts && !a->times == !b->times) {
        memcpy(b->values, a->values, n * a->value_size);
        if (a->times) {
            memcpy(b->times, a->times, n * sizeof *a->times);
            memcpy(b->interp, a->interp, n);
        }
        if (a->marks)
            memcpy(b->marks, a->marks, n);
        if (a->tangents)
            memcpy(b->tangents, a->tangents, n * 2 * a->tangent_size);
        if (a->weights)
            memcpy(b->weights, a->weights, n * 2 * sizeof *a->weights);
        if (a->flags)
            memcpy(b->flags, a->flags, n * sizeof *a->flags);
        return;
    }
    ak_key k;
    for (size_t i = 0; i < n; i++) {
        ak_key_get(from, i, &k);
        ak_key_set(to, i, &k);
    }
}

bool ak_key_stage_push(ak_key_stage *s, ak_value_type type, ak_track_kind kind, const ak_key *k)
{
    if (s->count == 0) {
        s->track.type = type;
        s->track.kind = kind;
    }
    unsigned parts = ak_track_key_parts(&s->track), need = parts | ak_keys_parts(k, 1);
    if (s->count == s->track.key_count || need != parts) {
        /* a new layout in a new arena, then the old one freed */
        size_t room = s->count == s->track.key_count ? (s->count ? 2 * s->count : 16) : s->track.key_count;
        ak_arena grown;
        ak_arena_init_budget(&grown, 0, s->arena.budget, s->arena.what);
        ak_track t = s->track;
        if (!ak_track_alloc_keys(&t, &grown, room, need)) {
            ak_arena_free(&grown);
            return false;
        }
        copy_keys(&s->track, &t, s->count);
        ak_arena_free(&s->arena);
        s->arena = grown;
        s->track = t;
    }
    ak_key_set(&s->track, s->count++, k);
    return true;
}

bool ak_key_stage_move(ak_key_stage *s, ak_track *t, ak_arena *arena)
{
    bool ok = ak_track_alloc_keys(t, arena, s->count, ak_track_key_parts(&s->track));
    if (ok)
        copy_keys(&s->track, t, s->count);
    ak_arena_free(&s->arena);
    s->count = 0;
    s->track.store = NULL;
    s->track.key_count = 0;
    return ok;
}

void ak_key_stage_free(ak_key_stage *s) { ak_arena_free(&s->arena); }

const char *ak_animation_attribute(const ak_animation *anim, const char *name)
{
    for (size_t i = 0; i < anim->attribute_count; i++)
        if (strcmp(anim->attributes[i].name, name) == 0)
            return anim->attributes[i].value;
    return NULL;
}
