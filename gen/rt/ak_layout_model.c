/* Generic document access and the bridge between table entries and the
 * common model's values (ak_layout_model.h). */
#include "ak_layout_model.h"

static int64_t get_int(ak_lkind k, const uint8_t *p, bool *is_signed)
{
    *is_signed = true;
    switch (k) {
    case AK_LK_I8: return *(const int8_t *)p;
    case AK_LK_I16: { int16_t v; memcpy(&v, p, 2); return v; }
    case AK_LK_I32: { int32_t v; memcpy(&v, p, 4); return v; }
    case AK_LK_I64: { int64_t v; memcpy(&v, p, 8); return v; }
    default: break;
    }
    *is_signed = false;
    switch (k) {
    case AK_LK_U8: return *p;
    case AK_LK_BOOL: return *(const bool *)p;
    case AK_LK_U16: { uint16_t v; memcpy(&v, p, 2); return v; }
    case AK_LK_U32:
    case AK_LK_VARINT: { uint32_t v; memcpy(&v, p, 4); return v; }
    default: { uint64_t v; memcpy(&v, p, 8); return (int64_t)v; }
    }
}

static void set_int(ak_lkind k, uint8_t *p, uint64_t v)
{
    switch (ak_lkind_size(k)) {
    case 1:
        if (k == AK_LK_BOOL)
            *(bool *)p = v != 0;
        else
            *p = (uint8_t)v;
        break;
    case 2: { uint16_t x = (uint16_t)v; memcpy(p, &x, 2); break; }
    case 4: { uint32_t x = (uint32_t)v; memcpy(p, &x, 4); break; }
    case 8: memcpy(p, &v, 8); break;
    default: break;
    }
}

double ak_lget_f64(const ak_lfield *f, const void *holder)
{
    const uint8_t *p = (const uint8_t *)holder + f->offset;
    if (f->kind == AK_LK_F32) {
        float v;
        memcpy(&v, p, 4);
        return v;
    }
    if (f->kind == AK_LK_F64) {
        double v;
        memcpy(&v, p, 8);
        return v;
    }
    bool s;
    int64_t v = get_int(f->kind, p, &s);
    return s ? (double)v : (double)(uint64_t)v;
}

uint64_t ak_lget_u64(const ak_lfield *f, const void *holder)
{
    if (f->kind == AK_LK_F32 || f->kind == AK_LK_F64)
        return (uint64_t)ak_lget_f64(f, holder);
    bool s;
    return (uint64_t)get_int(f->kind, (const uint8_t *)holder + f->offset, &s);
}

void ak_lset_f64(const ak_lfield *f, void *holder, double v)
{
    uint8_t *p = (uint8_t *)holder + f->offset;
    if (f->kind == AK_LK_F32) {
        float x = (float)v;
        memcpy(p, &x, 4);
    } else if (f->kind == AK_LK_F64) {
        memcpy(p, &v, 8);
    } else {
        set_int(f->kind, p, v < 0 ? (uint64_t)(int64_t)v : (uint64_t)v);
    }
}

void ak_lset_u64(const ak_lfield *f, void *holder, uint64_t v)
{
    if (f->kind == AK_LK_F32 || f->kind == AK_LK_F64)
        ak_lset_f64(f, holder, (double)v);
    else
        set_int(f->kind, (uint8_t *)holder + f->offset, v);
}

ak_lstr ak_lget_str(const void *p)
{
    ak_lstr s;
    memcpy(&s, p, sizeof s);
    return s;
}

void ak_lvalue_get(const ak_lentry *e, const void *p, ak_value *out)
{
    memset(out, 0, sizeof *out);
    const uint8_t *b = p;
    if (e->comp_kind == AK_LK_STRING || e->comp_kind == AK_LK_NSTRING) {
        ak_lstr s = ak_lget_str(p);
        out->s.ptr = s.ptr;
        out->s.len = s.len;
        return;
    }
    size_t w = ak_lkind_size(e->comp_kind);
    for (uint32_t k = 0; k < e->count && k < 16; k++, b += w) {
        switch (e->comp_kind) {
        case AK_LK_F32: if (k < 16) memcpy(&out->f[k], b, 4); break;
        case AK_LK_F64: if (k < 16) memcpy(&out->d[k], b, 8); break;
        case AK_LK_BOOL: if (k < 4) out->b[k] = *(const bool *)b; break;
        default: {
            bool s;
            int64_t v = get_int(e->comp_kind, b, &s);
            if (k < 4) {
                if (s)
                    out->i[k] = v;
                else
                    out->u[k] = (uint64_t)v;
            }
            break;
        }
        }
    }
}

void ak_lvalue_set(const ak_lentry *e, void *p, const ak_value *v)
{
    uint8_t *b = p;
    if (e->comp_kind == AK_LK_STRING || e->comp_kind == AK_LK_NSTRING) {
        ak_lstr s = {v->s.ptr, v->s.len};
        memcpy(p, &s, sizeof s);
        return;
    }
    size_t w = ak_lkind_size(e->comp_kind);
    for (uint32_t k = 0; k < e->count && k < 16; k++, b += w) {
        switch (e->comp_kind) {
        case AK_LK_F32: memcpy(b, &v->f[k], 4); break;
        case AK_LK_F64: memcpy(b, &v->d[k], 8); break;
        case AK_LK_BOOL: *(bool *)b = k < 4 && v->b[k]; break;
        case AK_LK_I8:
        case AK_LK_I16:
        case AK_LK_I32:
        case AK_LK_I64: set_int(e->comp_kind, b, k < 4 ? (uint64_t)v->i[k] : 0); break;
        default: set_int(e->comp_kind, b, k < 4 ? v->u[k] : 0); break;
        }
    }
}

size_t ak_lentry_size(const ak_lentry *e)
{
    if (e->kind == AK_LE_BITS || e->comp_kind == AK_LK_NSTRING || e->comp_kind == AK_LK_STRING)
        return 1;
    return ak_lkind_size(e->comp_kind) * e->count;
}
