#include "model.h"

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
    for (unsigned i = 0; i < info->components; i++) {
        char name[4];
        size_t len = ak_value_component_name(t, i, name);
        if (len == n && memcmp(name, s, n) == 0)
            return (int)i;
    }
    return -1;
}

/* ---- keys by track and index (model.h) ---------------------------------- */

bool ak_track_alloc_keys(ak_track *t, ak_arena *arena, size_t n, unsigned parts)
{
    (void)parts; /* one ak_key holds every part today */
    t->keys = n ? AK_ARENA_ARRAY(arena, ak_key, n) : NULL;
    t->key_count = t->keys ? n : 0;
    return n == 0 || t->keys != NULL;
}

void ak_key_get(const ak_track *t, size_t i, ak_key *out) { *out = t->keys[i]; }

void ak_key_set(ak_track *t, size_t i, const ak_key *k) { t->keys[i] = *k; }

double ak_key_time(const ak_track *t, size_t i)
{
    return t->kind == AK_TRACK_RAW ? t->start + (double)i * t->interval : t->keys[i].time;
}

void ak_key_value(const ak_track *t, size_t i, ak_value *out) { *out = t->keys[i].value; }

void ak_key_set_value(ak_track *t, size_t i, const ak_value *v) { t->keys[i].value = *v; }

bool ak_key_tangents(const ak_track *t, size_t i, ak_value *in, ak_value *out)
{
    const ak_key *k = &t->keys[i];
    *in = k->in_tangent;
    *out = k->out_tangent;
    return k->has_tangents;
}

void ak_key_set_tangents(ak_track *t, size_t i, const ak_value *in, const ak_value *out)
{
    ak_key *k = &t->keys[i];
    k->in_tangent = *in;
    k->out_tangent = *out;
    k->has_tangents = true;
}

void ak_key_weights(const ak_track *t, size_t i, double *in, bool *in_weighted, double *out, bool *out_weighted)
{
    const ak_key *k = &t->keys[i];
    *in = k->in_weight;
    *in_weighted = k->in_weighted;
    *out = k->out_weight;
    *out_weighted = k->out_weighted;
}

void ak_key_set_weights(ak_track *t, size_t i, double in, bool in_weighted, double out, bool out_weighted)
{
    ak_key *k = &t->keys[i];
    k->in_weight = in;
    k->in_weighted = in_weighted;
    k->out_weight = out;
    k->out_weighted = out_weighted;
}

const char *ak_animation_attribute(const ak_animation *anim, const char *name)
{
    for (size_t i = 0; i < anim->attribute_count; i++)
        if (strcmp(anim->attributes[i].name, name) == 0)
            return anim->attributes[i].value;
    return NULL;
}
