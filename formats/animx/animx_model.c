/* AnimX <-> common model, and the canonical encoder (spec §6.2).
 *
 *  - to_model: one model track per AnimX track; the 40 value types are the
 *    model's own vocabulary, so values are exact. Keys are stable-sorted by
 *    time (§4.1: evaluators sort stably). Raw samples get times
 *    i * interval. Curve tangents (flag bit 1) become in/out tangents.
 *  - the encoder writes version 1, plain strings, minimal varints, keys
 *    stable-sorted by time and time first, Curve flag bit 0 only when the
 *    interpolations differ, bit 1 iff a key is Tangent/CubicBezier (then
 *    every key gets a pair, zero where the model has none), and nothing
 *    after the payload. Compression only when asked for (§6.2 rule 1). */
#include "animx.h"
#include "curve.h"

#include "animx_compress.h"
#include "animx_layout.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define R(slug) (&animx_rules[animx_R_##slug])

/* ---- stable order by time -------------------------------------------------- */

/* order[0..n) = indices of times sorted stably (bottom-up merge sort: no
 * recursion). False when memory runs out. */
static bool stable_order(const double *times, size_t n, size_t *order)
{
    for (size_t i = 0; i < n; i++)
        order[i] = i;
    bool sorted = true;
    for (size_t i = 1; i < n && sorted; i++)
        sorted = !(times[i] < times[i - 1]);
    if (sorted)
        return true;
    size_t *tmp = malloc(n * sizeof *tmp);
    if (!tmp)
        return false;
    for (size_t w = 1; w < n; w *= 2) {
        for (size_t lo = 0; lo < n; lo += 2 * w) {
            size_t mid = lo + w < n ? lo + w : n, hi = lo + 2 * w < n ? lo + 2 * w : n;
            size_t a = lo, b = mid, k = lo;
            while (a < mid && b < hi)
                tmp[k++] = times[order[b]] < times[order[a]] ? order[b++] : order[a++];
            while (a < mid)
                tmp[k++] = order[a++];
            while (b < hi)
                tmp[k++] = order[b++];
        }
        memcpy(order, tmp, n * sizeof *tmp);
    }
    free(tmp);
    return true;
}

/* ---- AnimX -> model --------------------------------------------------------- */

static bool copy_string_value(ak_arena *arena, uint8_t vt, ak_value *v)
{
    if (vt != AK_VT_STRING || !v->s.ptr)
        return true;
    char *s = ak_arena_strndup(arena, v->s.ptr, v->s.len);
    if (!s)
        return false;
    v->s.ptr = s;
    return true;
}

bool animx_to_model(const ak_input *in, const ak_options *opt, ak_diags *d, struct ak_arena *arena,
                    struct ak_animation **out)
{
    animx_doc *doc = animx_read(in->data, in->size, opt, d, arena);
    if (!doc || ak_diags_errors(d))
        return false;
    ak_animation *a = AK_ARENA_NEW(arena, ak_animation);
    if (!a || !(a->name = ak_arena_strndup(arena, doc->name ? doc->name : "", doc->name_len)))
        return false;
    a->duration = doc->global_duration;
    a->track_count = doc->track_count;
    a->tracks = AK_ARENA_ARRAY(arena, ak_track, doc->track_count ? doc->track_count : 1);
    if (!a->tracks)
        return false;
    for (uint32_t i = 0; i < doc->track_count; i++) {
        const animx_track *x = &doc->tracks[i];
        ak_track *t = &a->tracks[i];
        memset(t, 0, sizeof *t);
        t->node = ak_arena_strndup(arena, x->node ? x->node : "", x->node_len);
        t->property = ak_arena_strndup(arena, x->property ? x->property : "", x->property_len);
        t->type = (ak_value_type)x->value_type;
        t->kind = x->track_type == ANIMX_RAW ? AK_TRACK_RAW : x->track_type == ANIMX_DISCRETE ? AK_TRACK_DISCRETE
                                                                                               : AK_TRACK_CURVE;
        t->interval = x->interval;
        t->key_count = x->key_count;
        size_t n = x->key_count;
        t->keys = AK_ARENA_ARRAY(arena, ak_key, n ? n : 1);
        double *times = malloc((n ? n : 1) * sizeof *times);
        size_t *order = malloc((n ? n : 1) * sizeof *order);
        if (!t->node || !t->property || !t->keys || !times || !order) {
            free(times);
            free(order);
            return false;
        }
        for (size_t j = 0; j < n; j++)
            times[j] = x->track_type == ANIMX_RAW ? (double)j * x->interval : x->times[j];
        /* Raw samples have no times of their own: file order is their order */
        bool ok = stable_order(times, x->track_type == ANIMX_RAW ? 0 : n, order);
        for (size_t j = 0; x->track_type == ANIMX_RAW && j < n; j++)
            order[j] = j;
        for (size_t j = 0; ok && j < n; j++) {
            size_t s = order[j];
            ak_key *k = &t->keys[j];
            memset(k, 0, sizeof *k);
            k->time = times[s];
            k->value = x->values[s];
            ok = copy_string_value(arena, x->value_type, &k->value);
            if (x->track_type == ANIMX_CURVE) {
                uint8_t ip = x->interps[(x->flags & ANIMX_FLAG_INTERPOLATIONS) ? s : 0];
                k->interp = ip == ANIMX_HOLD ? AK_INTERP_HOLD : ip == ANIMX_LINEAR ? AK_INTERP_LINEAR
                          : ip == ANIMX_TANGENT ? AK_INTERP_TANGENT : AK_INTERP_CUBIC_BEZIER;
                if (x->flags & ANIMX_FLAG_TANGENTS) {
                    k->has_tangents = true;
                    k->in_tangent = x->left[s];
                    k->out_tangent = x->right[s];
                    ok = ok && copy_string_value(arena, x->value_type, &k->in_tangent) && copy_string_value(arena, x->value_type, &k->out_tangent);
                }
            } else {
                k->interp = x->track_type == ANIMX_RAW ? AK_INTERP_LINEAR : AK_INTERP_HOLD;
            }
        }
        free(times);
        free(order);
        if (!ok)
            return false;
    }
    *out = a;
    return true;
}

/* ---- model -> AnimX --------------------------------------------------------- */

static void put_u8(ak_buf *b, uint8_t v) { ak_buf_append(b, &v, 1); }
static void put_le(ak_buf *b, uint64_t v, unsigned bytes)
{
    uint8_t t[8];
    for (unsigned i = 0; i < bytes; i++)
        t[i] = (uint8_t)(v >> (8 * i));
    ak_buf_append(b, t, bytes);
}
static void put_f32(ak_buf *b, float f)
{
    uint32_t u;
    memcpy(&u, &f, 4);
    put_le(b, u, 4);
}
static void put_count(ak_buf *b, uint64_t v)
{
    do {
        uint8_t byte = (uint8_t)(v & 0x7f);
        v >>= 7;
        put_u8(b, (uint8_t)(byte | (v ? 0x80 : 0)));
    } while (v);
}
static void put_string(ak_buf *b, const char *s, size_t n)
{
    put_count(b, n);
    if (n)
        ak_buf_append(b, s, n);
}

static void put_value(ak_buf *b, ak_value_type vt, const ak_value *v)
{
    if (vt == AK_VT_STRING) {
        put_u8(b, v->s.ptr ? 1 : 0);
        if (v->s.ptr)
            put_string(b, v->s.ptr, v->s.len);
        return;
    }
    if (vt <= AK_VT_BOOL4) {
        uint8_t byte = 0;
        for (unsigned k = 0; k <= (unsigned)vt; k++)
            byte |= (uint8_t)((v->b[k] ? 1u : 0u) << k);
        put_u8(b, byte);
        return;
    }
    const ak_value_type_info *ti = ak_value_type_info_of(vt);
    unsigned w = ti->bits / 8u;
    for (unsigned k = 0; k < ti->components; k++) {
        switch (ti->kind) {
        case AK_VK_UINT: put_le(b, v->u[k], w); break;
        case AK_VK_INT: put_le(b, (uint64_t)v->i[k], w); break;
        case AK_VK_F32: put_f32(b, v->f[k]); break;
        case AK_VK_F64: {
            uint64_t u;
            memcpy(&u, &v->d[k], 8);
            put_le(b, u, 8);
            break;
        }
        default: break;
        }
    }
}

/* The encoding primitives, for animx_undump.c (animx.h). */
void animx_put_le(ak_buf *b, uint64_t v, unsigned bytes) { put_le(b, v, bytes); }
void animx_put_f32(ak_buf *b, float f) { put_f32(b, f); }
void animx_put_count(ak_buf *b, uint64_t v) { put_count(b, v); }
void animx_put_string(ak_buf *b, const char *s, size_t n) { put_string(b, s, n); }
void animx_put_value(ak_buf *b, ak_value_type vt, const ak_value *v) { put_value(b, vt, v); }

/* The kinds of loss; each is reported once per conversion, at the first
   track it concerns (a recording has hundreds of tracks that all lose the
   same thing). */
enum {
    LOSS_INFINITY = 1u << 0,
    LOSS_RAW_INTERVAL = 1u << 1,
    LOSS_TIME_ROUNDING = 1u << 2,
    LOSS_INTERPOLATION = 1u << 3,
    LOSS_WEIGHTS = 1u << 4,
};

static bool loss(ak_diags *d, unsigned *reported, unsigned kind, size_t track, const char *what)
{
    if (!d || (*reported & kind))
        return true;
    *reported |= kind;
    char path[48];
    snprintf(path, sizeof path, "/tracks/%zu", track);
    return ak_report(d, R(CONVERT_LOSS), 0, 0, path, "%s (first in this track; others are not listed)", what);
}

static bool refuse(ak_diags *d, size_t track, const char *what)
{
    if (d) {
        char path[48];
        snprintf(path, sizeof path, "/tracks/%zu", track);
        ak_report(d, R(CONVERT_REFUSED), 0, 0, path, "%s", what);
    }
    return false;
}

static uint8_t interp_byte(ak_interp ip, bool *lossy)
{
    switch (ip) {
    case AK_INTERP_HOLD: return ANIMX_HOLD;
    case AK_INTERP_LINEAR: return ANIMX_LINEAR;
    case AK_INTERP_TANGENT: return ANIMX_TANGENT;
    case AK_INTERP_CUBIC_BEZIER: return ANIMX_CUBIC_BEZIER;
    case AK_INTERP_STEP_NEXT: *lossy = true; return ANIMX_HOLD;
    default: *lossy = true; return ANIMX_LINEAR;
    }
}

static bool scalar_hermite(const ak_track *t)
{
    const ak_value_type_info *info = ak_value_type_info_of(t->type);
    if (t->kind != AK_TRACK_CURVE || info->components != 1 || (info->kind != AK_VK_F32 && info->kind != AK_VK_F64))
        return false;
    for (size_t j = 0; j < t->key_count; j++)
        if (t->keys[j].interp == AK_INTERP_HERMITE)
            return true;
    return false;
}

static bool encode_track(const ak_track *t, size_t ti, ak_diags *d, unsigned *reported, ak_buf *p)
{
    if ((unsigned)t->type >= AK_VT_COUNT)
        return refuse(d, ti, "unknown value type");
    if (t->key_count > INT32_MAX)
        return refuse(d, ti, "more than 2^31-1 keys");
    size_t n = t->key_count;
    for (size_t j = 0; j < n; j++)
        if (t->kind != AK_TRACK_RAW && !isfinite(t->keys[j].time))
            return refuse(d, ti, "a key time is NaN or infinite");
    if ((t->pre != AK_INF_CONSTANT || t->post != AK_INF_CONSTANT) &&
        !loss(d, reported, LOSS_INFINITY, ti, "infinity modes other than constant are dropped"))
        return false;
    uint8_t type = t->kind == AK_TRACK_RAW ? ANIMX_RAW : t->kind == AK_TRACK_DISCRETE ? ANIMX_DISCRETE : ANIMX_CURVE;
    put_u8(p, type);
    put_u8(p, (uint8_t)t->type);
    put_string(p, t->node ? t->node : "", t->node ? strlen(t->node) : 0);
    put_string(p, t->property ? t->property : "", t->property ? strlen(t->property) : 0);
    put_count(p, n);
    if (type == ANIMX_RAW) {
        float interval = (float)t->interval;
        if (((double)interval != t->interval || t->start != 0) &&
            !loss(d, reported, LOSS_RAW_INTERVAL, ti,
                  "Raw interval rounded to float32, or a start time other than 0 dropped"))
            return false;
        put_f32(p, interval);
        for (size_t j = 0; j < n; j++)
            put_value(p, t->type, &t->keys[j].value);
        return true;
    }
    double *times = malloc((n ? n : 1) * sizeof *times);
    size_t *order = malloc((n ? n : 1) * sizeof *order);
    if (!times || !order) {
        free(times);
        free(order);
        return refuse(d, ti, "out of memory");
    }
    bool time_loss = false, interp_loss = false;
    for (size_t j = 0; j < n; j++) {
        times[j] = t->keys[j].time;
        time_loss |= (double)(float)times[j] != times[j];
    }
    bool ok = stable_order(times, n, order);
    const ak_key *keys = t->keys;
    ak_key *converted = NULL;
    ak_bezier_report bez;
    memset(&bez, 0, sizeof bez);
    if (ok && scalar_hermite(t)) {
        /* Hermite segments as CubicBezier (runtime/curve.h); step-next keys
           stay Hold here (an extra key would change the count written above) */
        ak_key *sorted = malloc(n * sizeof *sorted);
        converted = malloc(2 * n * sizeof *converted);
        ok = sorted && converted;
        if (ok) {
            for (size_t j = 0; j < n; j++)
                sorted[j] = t->keys[order[j]];
            ak_keys_as_bezier(t, sorted, n, false, converted, &bez);
            for (size_t j = 0; j < n; j++) {
                order[j] = j; /* converted is in time order already */
                interp_loss |= sorted[j].interp == AK_INTERP_STEP_NEXT;
            }
            keys = converted;
        }
        free(sorted);
    }
    if (ok && type == ANIMX_CURVE) {
        bool differ = false, tangents = false;
        uint8_t first = ANIMX_HOLD;
        for (size_t j = 0; j < n; j++) {
            uint8_t ib = interp_byte(keys[order[j]].interp, &interp_loss);
            if (j == 0)
                first = ib;
            differ |= ib != first;
            tangents |= ib == ANIMX_TANGENT || ib == ANIMX_CUBIC_BEZIER;
        }
        put_u8(p, (uint8_t)((differ ? ANIMX_FLAG_INTERPOLATIONS : 0) | (tangents ? ANIMX_FLAG_TANGENTS : 0)));
        if (differ) {
            for (size_t j = 0; j < n; j++)
                put_u8(p, interp_byte(keys[order[j]].interp, &interp_loss));
        } else {
            put_u8(p, first);
        }
        for (size_t j = 0; j < n; j++) {
            const ak_key *k = &keys[order[j]];
            if (ANIMX_CURVE_TIME_FIRST)
                put_f32(p, (float)k->time);
            put_value(p, t->type, &k->value);
            if (!ANIMX_CURVE_TIME_FIRST)
                put_f32(p, (float)k->time);
        }
        if (tangents) {
            ak_value zero;
            memset(&zero, 0, sizeof zero);
            for (size_t j = 0; j < n; j++) {
                const ak_key *k = &keys[order[j]];
                bool have = k->has_tangents && k->interp != AK_INTERP_HERMITE;
                put_value(p, t->type, have ? &k->in_tangent : &zero);
                put_value(p, t->type, have ? &k->out_tangent : &zero);
            }
        }
    } else if (ok) {
        for (size_t j = 0; j < n; j++) {
            const ak_key *k = &keys[order[j]];
            put_f32(p, (float)k->time);
            put_value(p, t->type, &k->value);
        }
    }
    free(times);
    free(order);
    free(converted);
    if (!ok)
        return refuse(d, ti, "out of memory");
    if (bez.approximated) {
        char what[200];
        snprintf(what, sizeof what,
                 "weighted tangents were approximated by CubicBezier handles (AnimX handles sit at 1/3 and 2/3 of "
                 "a segment; largest deviation %.9g at time %.9g)",
                 bez.worst, bez.worst_time);
        if (!loss(d, reported, LOSS_WEIGHTS, ti, what))
            return false;
    }
    if (time_loss && !loss(d, reported, LOSS_TIME_ROUNDING, ti, "key times rounded to float32"))
        return false;
    if (interp_loss && !loss(d, reported, LOSS_INTERPOLATION, ti,
                             "step-next keys become Hold, and Hermite keys of vector tracks Linear "
                             "(their slopes are lost)"))
        return false;
    return true;
}

int ak_animx_compression(const ak_options *opt)
{
    /* the canonical writer (spec 6.2) writes plain AnimX */
    switch (opt ? opt->compress : AK_COMPRESS_DEFAULT) {
    case AK_COMPRESS_LZ4: return 1;
    case AK_COMPRESS_LZMA: return 2;
    default: return 0;
    }
}

bool ak_animx_encode_model(const ak_animation *anim, int compression, ak_diags *d, ak_buf *out)
{
    if (compression < 0 || compression > 2 || anim->track_count > INT32_MAX)
        return refuse(d, 0, compression < 0 || compression > 2 ? "unknown compression" : "more than 2^31-1 tracks");
    static const uint8_t magic[6] = {0x05, 'A', 'n', 'i', 'm', 'X'};
    ak_buf_append(out, magic, sizeof magic);
    put_le(out, 1, 4);
    put_count(out, anim->track_count);
    float duration = anim->duration < 0 || !isfinite(anim->duration) ? 0.0f : (float)anim->duration;
    put_f32(out, duration);
    put_string(out, anim->name ? anim->name : "", anim->name ? strlen(anim->name) : 0);
    put_u8(out, (uint8_t)compression);
    ak_buf plain, *p = out;
    ak_buf_init(&plain);
    if (compression)
        p = &plain;
    bool ok = true;
    unsigned reported = 0;
    for (size_t i = 0; ok && i < anim->track_count; i++)
        ok = encode_track(&anim->tracks[i], i, d, &reported, p);
    if (ok && compression == 1)
        ok = ak_animx_lz4_encode((const uint8_t *)plain.data, plain.len, AK_ANIMX_LZ4_FAST, out);
    else if (ok && compression == 2)
        ok = ak_animx_lzma_encode((const uint8_t *)plain.data, plain.len, out);
    ok = ok && !plain.failed && !out->failed;
    ak_buf_free(&plain);
    return ok;
}

bool animx_from_model(const struct ak_animation *anim, const ak_options *opt, ak_diags *d, ak_buf *out)
{
    /* A track without keys is legal but suspicious in AnimX (animx.track.empty);
       a conversion leaves such tracks out, and says so. (Re-emitting an AnimX
       file keeps them: that goes through ak_animx_encode_model directly.) */
    size_t empty = 0;
    for (size_t i = 0; i < anim->track_count; i++)
        empty += anim->tracks[i].key_count == 0;
    if (!empty)
        return ak_animx_encode_model(anim, ak_animx_compression(opt), d, out);
    ak_animation kept = *anim;
    ak_track *tracks = malloc((anim->track_count - empty + 1) * sizeof *tracks);
    if (!tracks)
        return false;
    kept.tracks = tracks;
    kept.track_count = 0;
    for (size_t i = 0; i < anim->track_count; i++)
        if (anim->tracks[i].key_count)
            tracks[kept.track_count++] = anim->tracks[i];
    ak_report(d, R(CONVERT_LOSS), 0, 0, "", "%zu track%s without keys %s left out", empty, empty == 1 ? "" : "s",
              empty == 1 ? "was" : "were");
    bool ok = ak_animx_encode_model(&kept, ak_animx_compression(opt), d, out);
    free(tracks);
    return ok;
}
