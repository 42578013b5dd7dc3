/* The `body` hook of animx.layout: everything after `version` (spec §3.4):
 * track_count, global_duration, name, encoding, the compressed payload
 * (§3.5, §3.6 through animx_compress.c) and the tracks with their 40 value
 * encodings (§3.2). The generated validator and decoder both call it; in
 * decode mode (c->arena set) it also builds the animx_doc that animx_read()
 * asked for.
 *
 * Why hand-written: the layout language's varint is .NET's 5-byte Int32
 * (AnimX counts are LEB128 of up to 10 bytes), a field cannot be read from
 * a decompressed stream, a key cannot depend on its track's value_type
 * (names resolve in the current struct and the root only), and the value
 * type selects among 40 encodings.
 *
 * Diagnostics inside a compressed payload have the path prefix /payload; they
 * are reported at the offset of the compressed data and their message says
 * which byte of the decompressed payload they concern. */
#include "animx.h"

#include "animx_compress.h"
#include "animx_layout.h"
#include "utf8.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#define R(slug) (&animx_rules[animx_R_##slug])

/* What animx_read() and the format's entry points hand to the hook: the
 * hook has no parameter for options or for a document beyond the header. */
typedef struct animx_env {
    uint64_t max_output;
    animx_doc *doc;
} animx_env;
static _Thread_local animx_env *animx_current_env;

size_t animx_value_size(uint8_t vt)
{
    if (vt >= AK_VT_COUNT)
        return 1;
    if (vt == AK_VT_STRING || vt <= AK_VT_BOOL4)
        return 1;
    const ak_value_type_info *ti = ak_value_type_info_of((ak_value_type)vt);
    return (size_t)ti->components * ti->bits / 8;
}

/* ---- primitives ----------------------------------------------------------- */

static bool need(ak_lctx *c, size_t n, const char *leaf)
{
    return ak_lleft(c) >= n || ak_ltruncated(c, leaf, n);
}

static bool read_u8(ak_lctx *c, const char *leaf, uint8_t *v)
{
    if (!need(c, 1, leaf))
        return false;
    *v = c->data[c->pos++];
    return true;
}

static bool read_f32(ak_lctx *c, const char *leaf, float *v)
{
    if (!need(c, 4, leaf))
        return false;
    *v = ak_lf32(ak_lget32le(c->data + c->pos));
    c->pos += 4;
    return true;
}

/* §2.2 counts: unsigned LEB128, at most 10 bytes, at most 2^31-1. */
static bool read_count(ak_lctx *c, const char *leaf, uint32_t *v)
{
    size_t start = c->pos;
    uint64_t value = 0;
    for (unsigned i = 0;; i++) {
        if (i == 10)
            return ak_lreport(c, R(VARINT_OVERFLOW), true, start, i, leaf, "a count longer than 10 bytes");
        if (!need(c, 1, leaf))
            return false;
        uint8_t b = c->data[c->pos++];
        if (i < 9)
            value |= (uint64_t)(b & 0x7f) << (7 * i);
        else if (b & 0x7e)
            value = UINT64_MAX; /* bits beyond 64 */
        else
            value |= (uint64_t)(b & 1) << 63;
        if (!(b & 0x80)) {
            if (value > INT32_MAX)
                return ak_lreport(c, R(VARINT_OVERFLOW), true, start, c->pos - start, leaf,
                                  "a count above 2^31-1");
            if (i > 0 && b == 0 &&
                !ak_lreport(c, R(VARINT_NON_MINIMAL), false, start, c->pos - start, leaf,
                            "%s (%zu bytes)", R(VARINT_NON_MINIMAL)->message, c->pos - start))
                return false;
            *v = (uint32_t)value;
            return true;
        }
    }
}

/* §2.2 string: 7-bit Int32 length, UTF-8. */
static bool read_string(ak_lctx *c, const char *leaf, const char **s, size_t *n)
{
    size_t start = c->pos;
    uint64_t len;
    bool overlong;
    switch (ak_lread_len7(c, &len, &overlong)) {
    case 1: return ak_ltruncated(c, leaf, 1);
    case 2: return ak_lreport(c, R(VARINT_OVERFLOW), true, start, 1, leaf, "malformed string length");
    default: break;
    }
    if (overlong && !ak_lreport(c, R(VARINT_NON_MINIMAL), false, start, c->pos - start, leaf,
                                "string length with redundant bytes"))
        return false;
    /* A string that runs past the end of the input: if it would fit in an
     * input of this size, the input was cut inside it (X1, as spec §8.5's
     * 184-byte case expects); a length beyond the whole input is a bad
     * length (X20). */
    if (len > ak_lleft(c) && len <= c->size)
        return ak_ltruncated(c, leaf, (size_t)len);
    if (len > ak_lleft(c))
        return ak_lreport(c, R(STRING_LENGTH_OVERFLOW), true, start, c->pos - start, leaf,
                          "%s (%llu > %zu)", R(STRING_LENGTH_OVERFLOW)->message, (unsigned long long)len,
                          ak_lleft(c));
    size_t bad;
    if (!ak_utf8_valid(c->data + c->pos, (size_t)len, &bad) &&
        !ak_lreport(c, R(STRING_UTF8), false, c->pos + bad, 1, leaf, "%s (at byte %zu)", R(STRING_UTF8)->message,
                    bad))
        return false;
    *s = (const char *)c->data + c->pos;
    *n = (size_t)len;
    c->pos += (size_t)len;
    return true;
}

/* ---- values (§3.2) -------------------------------------------------------- */

static bool read_value(ak_lctx *c, uint8_t vt, const char *leaf, bool check_quat, ak_value *out)
{
    ak_value v;
    memset(&v, 0, sizeof v);
    size_t start = c->pos;
    if (vt == AK_VT_STRING) {
        uint8_t flag;
        if (!read_u8(c, leaf, &flag))
            return false;
        if (flag > 1 && !ak_lreport(c, R(VALUE_STRING_FLAG), false, start, 1, leaf, "%s (%u)",
                                    R(VALUE_STRING_FLAG)->message, flag))
            return false;
        if (flag) {
            if (!read_string(c, leaf, &v.s.ptr, &v.s.len))
                return false;
            if (!v.s.ptr)
                v.s.ptr = "";
        }
    } else if (vt <= AK_VT_BOOL4) {
        uint8_t b;
        if (!read_u8(c, leaf, &b))
            return false;
        unsigned comps = vt + 1u;
        unsigned mask = (1u << comps) - 1u;
        bool odd = vt == AK_VT_BOOL ? b > 1 : (b & ~mask) != 0;
        if (odd && !ak_lreport(c, R(VALUE_BOOL_BYTE), false, start, 1, leaf, "%s (0x%02x)",
                               R(VALUE_BOOL_BYTE)->message, b))
            return false;
        if (vt == AK_VT_BOOL)
            v.b[0] = b != 0;
        else
            for (unsigned k = 0; k < comps; k++)
                v.b[k] = (b >> k) & 1u;
    } else {
        const ak_value_type_info *ti = ak_value_type_info_of((ak_value_type)vt);
        size_t w = ti->bits / 8u, size = animx_value_size(vt);
        if (!need(c, size, leaf))
            return false;
        const uint8_t *p = c->data + c->pos;
        bool nonfinite = false;
        for (unsigned k = 0; k < ti->components; k++, p += w) {
            uint64_t raw = w == 1 ? p[0] : w == 2 ? ak_lget16le(p) : w == 4 ? ak_lget32le(p) : ak_lget64le(p);
            switch (ti->kind) {
            case AK_VK_UINT: v.u[k] = raw; break;
            case AK_VK_INT:
                v.i[k] = w == 1 ? (int8_t)raw : w == 2 ? (int16_t)raw : w == 4 ? (int32_t)(uint32_t)raw : (int64_t)raw;
                break;
            case AK_VK_F32: v.f[k] = ak_lf32((uint32_t)raw); nonfinite |= !isfinite(v.f[k]); break;
            case AK_VK_F64: v.d[k] = ak_lf64(raw); nonfinite |= !isfinite(v.d[k]); break;
            default: break;
            }
        }
        c->pos += size;
        if (nonfinite && !ak_lreport(c, R(VALUE_NONFINITE), false, start, size, leaf, "%s",
                                     R(VALUE_NONFINITE)->message))
            return false;
        if (check_quat && !nonfinite && (vt == AK_VT_FLOATQ || vt == AK_VT_DOUBLEQ)) {
            double len = 0;
            for (unsigned k = 0; k < 4; k++) {
                double x = vt == AK_VT_FLOATQ ? v.f[k] : v.d[k];
                len += x * x;
            }
            len = sqrt(len);
            if ((len == 0 || fabs(len - 1) > 1e-3) &&
                !ak_lreport(c, R(VALUE_QUAT_NONUNIT), false, start, size, leaf, "%s (length %g)",
                            R(VALUE_QUAT_NONUNIT)->message, len))
                return false;
        }
    }
    if (out)
        *out = v;
    return true;
}

/* ---- key times ------------------------------------------------------------ */

typedef struct time_state {
    bool have_prev;
    float prev;
    float duration;
} time_state;

static bool check_time(ak_lctx *c, time_state *ts, float t, size_t at)
{
    if (!isfinite(t)) {
        if (!ak_lreport(c, R(TIME_NONFINITE), false, at, 4, "time", "%s", R(TIME_NONFINITE)->message))
            return false;
        ts->have_prev = false;
        return true;
    }
    if (t < 0 && !ak_lreport(c, R(TIME_NEGATIVE), false, at, 4, "time", "%s (%g)", R(TIME_NEGATIVE)->message, t))
        return false;
    if (ts->have_prev && t < ts->prev &&
        !ak_lreport(c, R(TIME_ORDER), false, at, 4, "time", "%s (%g after %g)", R(TIME_ORDER)->message, t, ts->prev))
        return false;
    if (ts->have_prev && t == ts->prev &&
        !ak_lreport(c, R(TIME_DUPLICATE), false, at, 4, "time", "%s (%g)", R(TIME_DUPLICATE)->message, t))
        return false;
    if (ts->duration > 0 && t > ts->duration &&
        !ak_lreport(c, R(TIME_AFTER_DURATION), false, at, 4, "time", "%s (%g > %g)",
                    R(TIME_AFTER_DURATION)->message, t, ts->duration))
        return false;
    ts->have_prev = true;
    ts->prev = t;
    return true;
}

/* ---- track bodies --------------------------------------------------------- */

static bool key_count_fits(ak_lctx *c, uint32_t n, size_t min_key, size_t at)
{
    if ((uint64_t)n * min_key <= ak_lleft(c))
        return true;
    return ak_lreport(c, R(TRACK_KEY_COUNT_OVERFLOW), true, at, 1, "key_count",
                      "%s (%u keys of at least %zu bytes, %zu bytes left)", R(TRACK_KEY_COUNT_OVERFLOW)->message, n,
                      min_key, ak_lleft(c));
}

static bool read_raw(ak_lctx *c, animx_track *t, uint32_t n, size_t count_at)
{
    size_t at = c->pos;
    float interval;
    if (!read_f32(c, "interval", &interval))
        return false;
    if (n > 1 && !(interval > 0 && isfinite(interval)) &&
        !ak_lreport(c, R(TRACK_RAW_INTERVAL), false, at, 4, "interval", "%s (%g)", R(TRACK_RAW_INTERVAL)->message,
                    interval))
        return false;
    if (!key_count_fits(c, n, animx_value_size(t->value_type), count_at))
        return false;
    t->interval = interval;
    if (c->arena && !(t->values = AK_ARENA_ARRAY(c->arena, ak_value, n ? n : 1)))
        return c->oom = true, false;
    ak_lpush(c, "values");
    for (uint32_t j = 0; j < n; j++) {
        ak_lpush_index(c, j);
        bool ok = read_value(c, t->value_type, NULL, true, t->values ? &t->values[j] : NULL);
        ak_lpop(c);
        if (!ok)
            return ak_lpop(c), false;
    }
    ak_lpop(c);
    return true;
}

/* Reads key j's time and value in the order of ANIMX_CURVE_TIME_FIRST (or, for
 * Discrete keys, always time first: proven by §8.1). */
static bool read_key(ak_lctx *c, uint8_t vt, bool time_first, time_state *ts, float *time, ak_value *value)
{
    float t = 0;
    size_t at = 0;
    if (time_first) {
        at = c->pos;
        if (!read_f32(c, "time", &t))
            return false;
    }
    if (!read_value(c, vt, "value", true, value))
        return false;
    if (!time_first) {
        at = c->pos;
        if (!read_f32(c, "time", &t))
            return false;
    }
    if (time)
        *time = t;
    return check_time(c, ts, t, at);
}

static bool read_discrete(ak_lctx *c, animx_track *t, uint32_t n, size_t count_at, float duration)
{
    if (!key_count_fits(c, n, 4 + animx_value_size(t->value_type), count_at))
        return false;
    if (c->arena && (!(t->times = AK_ARENA_ARRAY(c->arena, float, n ? n : 1)) ||
                     !(t->values = AK_ARENA_ARRAY(c->arena, ak_value, n ? n : 1))))
        return c->oom = true, false;
    time_state ts = {false, 0, duration};
    ak_lpush(c, "keys");
    for (uint32_t j = 0; j < n; j++) {
        ak_lpush_index(c, j);
        bool ok = read_key(c, t->value_type, true, &ts, t->times ? &t->times[j] : NULL, t->values ? &t->values[j] : NULL);
        ak_lpop(c);
        if (!ok)
            return ak_lpop(c), false;
    }
    ak_lpop(c);
    return true;
}

/* §7 A1, rule X37: the keys were read in the configured order; would the
 * other order give finite, non-decreasing times where this one does not?
 * Only for fixed-size values, whose keys have a fixed stride. */
static bool check_order_suspect(ak_lctx *c, uint8_t vt, size_t keys_at, uint32_t n)
{
    if (vt == AK_VT_STRING || n == 0)
        return true;
    size_t vs = animx_value_size(vt), stride = 4 + vs;
    size_t this_off = ANIMX_CURVE_TIME_FIRST ? 0 : vs, other_off = ANIMX_CURVE_TIME_FIRST ? vs : 0;
    bool this_bad = false, other_bad = false;
    float this_prev = 0, other_prev = 0;
    for (uint32_t j = 0; j < n && !other_bad; j++) {
        const uint8_t *k = c->data + keys_at + (size_t)j * stride;
        float a = ak_lf32(ak_lget32le(k + this_off)), b = ak_lf32(ak_lget32le(k + other_off));
        if (!isfinite(a) || (j && a < this_prev))
            this_bad = true;
        if (!isfinite(b) || b < 0 || (j && b < other_prev))
            other_bad = true;
        this_prev = a;
        other_prev = b;
    }
    if (this_bad && !other_bad)
        return ak_lreport(c, R(CURVE_ORDER_SUSPECT), false, keys_at, (size_t)n * stride, "keys", "%s",
                          R(CURVE_ORDER_SUSPECT)->message);
    return true;
}

static bool read_curve(ak_lctx *c, animx_track *t, uint32_t n, size_t count_at, float duration)
{
    size_t at = c->pos;
    uint8_t flags;
    if (!read_u8(c, "flags", &flags))
        return false;
    if ((flags & ~3u) && !ak_lreport(c, R(CURVE_FLAGS), false, at, 1, "flags", "%s (0x%02x)",
                                     R(CURVE_FLAGS)->message, flags))
        return false;
    t->flags = flags;
    bool per_key = flags & ANIMX_FLAG_INTERPOLATIONS, tangents = flags & ANIMX_FLAG_TANGENTS;
    size_t vs = animx_value_size(t->value_type);
    if (!key_count_fits(c, n, 4 + vs + (per_key ? 1 : 0) + (tangents ? 2 * vs : 0), count_at))
        return false;
    uint32_t ni = per_key ? n : 1;
    if (c->arena && (!(t->interps = AK_ARENA_ARRAY(c->arena, uint8_t, ni ? ni : 1)) ||
                     !(t->times = AK_ARENA_ARRAY(c->arena, float, n ? n : 1)) ||
                     !(t->values = AK_ARENA_ARRAY(c->arena, ak_value, n ? n : 1)) ||
                     (tangents && (!(t->left = AK_ARENA_ARRAY(c->arena, ak_value, n ? n : 1)) ||
                                   !(t->right = AK_ARENA_ARRAY(c->arena, ak_value, n ? n : 1))))))
        return c->oom = true, false;
    if (!need(c, ni, per_key ? "interpolations" : "shared_interpolation"))
        return false;
    const char *ileaf = per_key ? "interpolations" : "shared_interpolation";
    if (per_key)
        ak_lpush(c, ileaf);
    for (uint32_t j = 0; j < ni; j++) {
        size_t ia = c->pos;
        uint8_t ip = c->data[c->pos++];
        if (t->interps)
            t->interps[j] = ip;
        const char *leaf = per_key ? NULL : ileaf;
        bool ok = true;
        if (ip > 3)
            ok = ak_lreport(c, R(CURVE_INTERPOLATION), false, ia, 1, leaf, "%s (%u)", R(CURVE_INTERPOLATION)->message,
                            ip);
        else if (ip == ANIMX_TANGENT)
            ok = ak_lreport(c, R(CURVE_INTERP_TANGENT), false, ia, 1, leaf, "%s", R(CURVE_INTERP_TANGENT)->message);
        if (ok && (ip == ANIMX_TANGENT || ip == ANIMX_CUBIC_BEZIER) && !tangents && (per_key || n > 0))
            ok = ak_lreport(c, R(CURVE_TANGENTS_MISSING), false, ia, 1, leaf, "%s",
                            R(CURVE_TANGENTS_MISSING)->message);
        if (!ok)
            return per_key ? (ak_lpop(c), false) : false;
    }
    if (per_key)
        ak_lpop(c);
    size_t keys_at = c->pos;
    time_state ts = {false, 0, duration};
    ak_lpush(c, "keys");
    for (uint32_t j = 0; j < n; j++) {
        ak_lpush_index(c, j);
        bool ok = read_key(c, t->value_type, ANIMX_CURVE_TIME_FIRST, &ts, t->times ? &t->times[j] : NULL,
                           t->values ? &t->values[j] : NULL);
        ak_lpop(c);
        if (!ok)
            return ak_lpop(c), false;
    }
    ak_lpop(c);
    if (!check_order_suspect(c, t->value_type, keys_at, n))
        return false;
    if (tangents) {
        ak_lpush(c, "tangents");
        for (uint32_t j = 0; j < n; j++) {
            ak_lpush_index(c, j);
            bool ok = read_value(c, t->value_type, "left", false, t->left ? &t->left[j] : NULL) &&
                      read_value(c, t->value_type, "right", false, t->right ? &t->right[j] : NULL);
            ak_lpop(c);
            if (!ok)
                return ak_lpop(c), false;
        }
        ak_lpop(c);
    }
    return true;
}

static bool read_track(ak_lctx *c, int32_t version, float duration, animx_track *t)
{
    size_t at = c->pos;
    if (version == 0) {
        /* §3.4 legacy: one byte, bit 0 = Curve (else Raw), value type b >> 1 */
        uint8_t b;
        if (!read_u8(c, "track_type", &b))
            return false;
        t->track_type = (b & 1) ? ANIMX_CURVE : ANIMX_RAW;
        t->value_type = b >> 1;
        if (t->value_type >= AK_VT_COUNT)
            return ak_lreport(c, R(TRACK_VALUE_TYPE), true, at, 1, "track_type", "%s (%u)",
                              R(TRACK_VALUE_TYPE)->message, t->value_type);
    } else {
        if (!read_u8(c, "track_type", &t->track_type))
            return false;
        if (t->track_type == ANIMX_BEZIER)
            return ak_lreport(c, R(TRACK_BEZIER), true, at, 1, "track_type", "%s", R(TRACK_BEZIER)->message);
        if (t->track_type > ANIMX_BEZIER)
            return ak_lreport(c, R(TRACK_TRACK_TYPE), true, at, 1, "track_type", "%s (%u)",
                              R(TRACK_TRACK_TYPE)->message, t->track_type);
        if (!read_u8(c, "value_type", &t->value_type))
            return false;
        if (t->value_type >= AK_VT_COUNT)
            return ak_lreport(c, R(TRACK_VALUE_TYPE), true, at + 1, 1, "value_type", "%s (%u)",
                              R(TRACK_VALUE_TYPE)->message, t->value_type);
    }
    if (!read_string(c, "node", &t->node, &t->node_len) || !read_string(c, "property", &t->property, &t->property_len))
        return false;
    size_t count_at = c->pos;
    uint32_t n;
    if (!read_count(c, "key_count", &n))
        return false;
    t->key_count = n;
    if (n == 0 && !ak_lreport(c, R(TRACK_EMPTY), false, count_at, c->pos - count_at, "key_count", "%s",
                              R(TRACK_EMPTY)->message))
        return false;
    switch (t->track_type) {
    case ANIMX_RAW: return read_raw(c, t, n, count_at);
    case ANIMX_DISCRETE: return read_discrete(c, t, n, count_at, duration);
    default: return read_curve(c, t, n, count_at, duration);
    }
}

static bool read_tracks(ak_lctx *c, animx_doc *doc, int32_t version, uint32_t count, float duration)
{
    if ((uint64_t)count * 5 > ak_lleft(c))
        return ak_lreport(c, R(HEADER_TRACK_COUNT_OVERFLOW), true, c->pos, 0, "tracks",
                          "%s (%u tracks, %zu bytes left)", R(HEADER_TRACK_COUNT_OVERFLOW)->message, count,
                          ak_lleft(c));
    if (doc && !(doc->tracks = AK_ARENA_ARRAY(c->arena, animx_track, count ? count : 1)))
        return c->oom = true, false;
    ak_lpush(c, "tracks");
    for (uint32_t i = 0; i < count; i++) {
        animx_track scratch;
        animx_track *t = doc ? &doc->tracks[i] : &scratch;
        memset(t, 0, sizeof *t);
        ak_lpush_index(c, i);
        bool ok = read_track(c, version, duration, t);
        ak_lpop(c);
        if (!ok)
            return ak_lpop(c), false;
    }
    ak_lpop(c);
    return true;
}

/* ---- the hook ------------------------------------------------------------- */

bool animx_hook_body(ak_lctx *c, animx_file *o)
{
    animx_env *env = animx_current_env;
    animx_doc *doc = env && c->arena ? env->doc : NULL;
    uint64_t max_output = env && env->max_output ? env->max_output : AK_DEFAULT_MAX_OUTPUT;
    char version[16];
    ak_diags_set_version(c->d, version, (size_t)snprintf(version, sizeof version, "%d", (int)o->version));

    uint32_t track_count;
    float duration;
    const char *name;
    size_t name_len;
    uint8_t encoding;
    if (!read_count(c, "track_count", &track_count))
        return false;
    size_t at = c->pos;
    if (!read_f32(c, "global_duration", &duration))
        return false;
    if (!isfinite(duration)) {
        if (!ak_lreport(c, R(HEADER_DURATION_NONFINITE), false, at, 4, "global_duration", "%s",
                        R(HEADER_DURATION_NONFINITE)->message))
            return false;
    } else if (duration < 0 && !ak_lreport(c, R(HEADER_DURATION_NEGATIVE), false, at, 4, "global_duration",
                                           "%s (%g)", R(HEADER_DURATION_NEGATIVE)->message, duration)) {
        return false;
    }
    if (!read_string(c, "name", &name, &name_len))
        return false;
    at = c->pos;
    if (!read_u8(c, "encoding", &encoding))
        return false;
    if (encoding > 2)
        return ak_lreport(c, R(HEADER_ENCODING), true, at, 1, "encoding", "%s (%u)", R(HEADER_ENCODING)->message,
                          encoding);
    if (doc) {
        doc->version = o->version;
        doc->track_count = track_count;
        doc->global_duration = duration;
        doc->name = name;
        doc->name_len = name_len;
        doc->encoding = encoding;
    }
    if (encoding == 0) {
        if (!read_tracks(c, doc, o->version, track_count, duration))
            return false;
        if (doc)
            doc->complete = true;
        return true; /* the layout's `end` reports trailing bytes */
    }

    ak_buf payload;
    ak_buf_init(&payload);
    size_t payload_at = c->pos;
    bool ok = encoding == 2 ? ak_animx_lzma_decode(c->data + c->pos, ak_lleft(c), max_output, c->d, c->pos, &payload)
                            : ak_animx_lz4_decode(c->data + c->pos, ak_lleft(c), max_output, c->d, c->pos, &payload);
    c->pos = c->size; /* the decoders report what follows the compressed data */
    if (!ok) {
        ak_buf_free(&payload);
        c->stop = true;
        return false;
    }
    const uint8_t *bytes = (const uint8_t *)payload.data;
    if (c->arena && payload.len) {
        /* strings of the document point into the payload */
        uint8_t *copy = ak_arena_alloc(c->arena, payload.len, 1);
        if (!copy) {
            ak_buf_free(&payload);
            return c->oom = true, false;
        }
        memcpy(copy, payload.data, payload.len);
        bytes = copy;
    }
    ak_lctx p;
    ak_lctx_init(&p, bytes ? bytes : (const uint8_t *)"", payload.len, c->d, c->arena, c->truncated);
    p.root = c->root;
    ak_lpush(&p, "payload");
    /* The payload's bytes are not the file's: diagnostics in it point at the
       compressed data and say where in the payload they are. */
    if (c->d)
        ak_diags_enter_stream(c->d, payload_at, "decompressed payload");
    ok = read_tracks(&p, doc, o->version, track_count, duration);
    if (ok && ak_lleft(&p))
        ok = ak_lreport(&p, R(FILE_TRAILING), false, p.pos, ak_lleft(&p), NULL, "%s (%zu bytes after the last track)",
                        R(FILE_TRAILING)->message, ak_lleft(&p));
    if (c->d)
        ak_diags_leave_stream(c->d);
    if (ok && doc)
        doc->complete = true;
    c->stop |= p.stop;
    c->oom |= p.oom;
    ak_lctx_free(&p);
    ak_buf_free(&payload);
    return ok;
}

animx_doc *animx_read(const uint8_t *data, size_t size, const ak_options *opt, ak_diags *d, ak_arena *arena)
{
    animx_doc *doc = AK_ARENA_NEW(arena, animx_doc);
    if (!doc)
        return NULL;
    animx_env env = {opt ? opt->max_output : 0, doc};
    animx_env *saved = animx_current_env;
    animx_current_env = &env;
    animx_file *f = animx_decode(data, size, d, arena);
    animx_current_env = saved;
    return f && doc->complete ? doc : NULL;
}

void animx_validate_with(const ak_input *in, const ak_options *opt, ak_diags *d);
void animx_validate_with(const ak_input *in, const ak_options *opt, ak_diags *d)
{
    animx_env env = {opt ? opt->max_output : 0, NULL};
    animx_env *saved = animx_current_env;
    animx_current_env = &env;
    animx_validate(in, opt, d);
    animx_current_env = saved;
}
