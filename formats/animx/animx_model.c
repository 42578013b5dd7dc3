/* AnimX <-> common model (spec §6.2), through the document that the code
 * animgen generates from animx.layout decodes and encodes; the track bodies
 * are instances of templates per value type, so they are reached through
 * their metadata (gen/rt/ak_layout_model.h), never through a value codec of
 * their own.
 *
 *  - to_model: one model track per AnimX track; the 40 value types are the
 *    model's own vocabulary, so values are exact. Keys are stable-sorted by
 *    time (§4.1: evaluators sort stably). Raw samples get times
 *    i * interval. Curve tangents (flag bit 1) become in/out tangents.
 *  - from_model (the canonical writer, §6.2): version 1, plain strings,
 *    minimal varints, every track (also one without keys: a conversion never
 *    changes the track count), keys stable-sorted by time, Curve flag bit 0
 *    only when the interpolations differ, bit 1 iff a key is
 *    Tangent/CubicBezier (then every key gets a pair, the type's zero value
 *    where the model has none), compression only when asked for. */
#include "budget.h"
#include "animx.h"
#include "curve.h"
#include "animx_layout.h"

#include "ak_layout_model.h"
#include "animx_compress.h"

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

/* A field of an element struct (keys, tangents) by name. */
static const ak_lfield *member_of(const ak_lstruct *st, const char *name)
{
    for (size_t i = 0; i < st->field_count; i++)
        if (strcmp(st->fields[i].name, name) == 0)
            return &st->fields[i];
    return NULL;
}

/* A field of the body of track x (the arm its types select). */
static const ak_lfield *body_field(const animx_track *x, const animx_file *doc, const char *name, const void **holder)
{
    return ak_lfind(&animx_meta_track, x, doc, name, holder);
}

static bool get_value(ak_arena *arena, const ak_lentry *e, const void *p, ak_value *out)
{
    ak_lvalue_get(e, p, out);
    if (e->comp_kind != AK_LK_NSTRING || !out->s.ptr)
        return true;
    char *s = ak_arena_strndup(arena, out->s.ptr, out->s.len);
    out->s.ptr = s;
    return s != NULL;
}

static ak_interp interp_of(uint64_t b)
{
    return b == 0 ? AK_INTERP_HOLD : b == 1 ? AK_INTERP_LINEAR : b == 2 ? AK_INTERP_TANGENT : AK_INTERP_CUBIC_BEZIER;
}

static bool track_to_model(ak_arena *arena, const animx_file *doc, const animx_track *x, ak_track *t)
{
    memset(t, 0, sizeof *t);
    int kind = (int)x->kind;
    t->node = ak_arena_strndup(arena, x->node.ptr ? x->node.ptr : "", x->node.len);
    t->property = ak_arena_strndup(arena, x->property.ptr ? x->property.ptr : "", x->property.len);
    t->type = (ak_value_type)(int)x->vt;
    t->kind = kind == 0 ? AK_TRACK_RAW : kind == 1 ? AK_TRACK_DISCRETE : AK_TRACK_CURVE;
    const void *h = NULL;
    const ak_lfield *kc = body_field(x, doc, "key_count", &h);
    size_t n = kc ? (size_t)ak_lget_u64(kc, h) : 0;
    if (!t->node || !t->property || !kc)
        return false;
    if (kind == 0) {
        const ak_lfield *iv = body_field(x, doc, "interval", &h), *vf = body_field(x, doc, "values", &h);
        t->interval = ak_lget_f64(iv, h);
        if (!ak_track_alloc_keys(t, arena, n, 0))
            return false;
        size_t cnt;
        const uint8_t *v = ak_lelems(vf, h, &cnt);
        for (size_t j = 0; j < n; j++) {
            ak_value value;
            if (!get_value(arena, vf->entry, v + j * vf->elem_size, &value))
                return false;
            ak_key_set_value(t, j, &value);
        }
        return true;
    }
    uint64_t flags = 0;
    const uint8_t *interps = NULL, *tangents = NULL;
    const ak_lfield *ipf = NULL, *tgf = NULL, *lf = NULL, *rf = NULL;
    uint64_t shared = AK_INTERP_HOLD;
    size_t cnt;
    if (kind == 2) {
        flags = ak_lget_u64(body_field(x, doc, "flags", &h), h);
        if (flags & ANIMX_FLAG_INTERPOLATIONS) {
            ipf = body_field(x, doc, "interpolations", &h);
            interps = ak_lelems(ipf, h, &cnt);
        } else {
            shared = ak_lget_u64(body_field(x, doc, "shared_interpolation", &h), h);
        }
        if (flags & ANIMX_FLAG_TANGENTS) {
            tgf = body_field(x, doc, "tangents", &h);
            tangents = ak_lelems(tgf, h, &cnt);
            lf = member_of(tgf->st, "left");
            rf = member_of(tgf->st, "right");
        }
    }
    if (!ak_track_alloc_keys(t, arena, n, tangents ? AK_KEYS_TANGENTS : 0))
        return false;
    const ak_lfield *kf = body_field(x, doc, "keys", &h);
    const ak_lfield *tf = member_of(kf->st, "time"), *vf = member_of(kf->st, "value");
    const uint8_t *keys = ak_lelems(kf, h, &cnt);
    double *times = calloc(n ? n : 1, sizeof *times);
    size_t *order = malloc((n ? n : 1) * sizeof *order);
    bool ok = times && order;
    for (size_t j = 0; ok && j < n; j++)
        times[j] = ak_lget_f64(tf, keys + j * kf->elem_size);
    ok = ok && stable_order(times, n, order);
    for (size_t j = 0; ok && j < n; j++) {
        size_t src = order[j];
        const uint8_t *key = keys + src * kf->elem_size;
        ak_key_set_time(t, j, ak_lget_f64(tf, key));
        ak_value value;
        ok = get_value(arena, vf->entry, key + vf->offset, &value);
        ak_key_set_value(t, j, &value);
        if (kind == 1)
            continue; /* Hold */
        ak_key_set_interp(t, j, interp_of(interps ? interps[src * ipf->elem_size] : shared));
        if (tangents) {
            const uint8_t *tg = tangents + src * tgf->elem_size;
            ak_value in, out;
            ok = ok && get_value(arena, lf->entry, tg + lf->offset, &in) &&
                 get_value(arena, rf->entry, tg + rf->offset, &out);
            ak_key_set_tangents(t, j, &in, &out);
        }
    }
    free(times);
    free(order);
    return ok;
}

bool animx_to_model(const ak_input *in, const ak_options *opt, ak_diags *d, struct ak_arena *arena,
                    struct ak_animation **out)
{
    animx_file *doc = animx_decode(in->data, in->size, opt, d, arena);
    if (!doc || ak_diags_errors(d))
        return false;
    ak_animation *a = AK_ARENA_NEW(arena, ak_animation);
    if (!a || !(a->name = ak_arena_strndup(arena, doc->name.ptr ? doc->name.ptr : "", doc->name.len)))
        return false;
    a->end = doc->global_duration;
    a->track_count = doc->tracks_count;
    a->tracks = AK_ARENA_ARRAY(arena, ak_track, doc->tracks_count ? doc->tracks_count : 1);
    if (!a->tracks)
        return false;
    for (size_t i = 0; i < doc->tracks_count; i++)
        if (!track_to_model(arena, doc, &doc->tracks[i], &a->tracks[i]))
            return false;
    *out = a;
    return true;
}

/* ---- model -> AnimX --------------------------------------------------------- */

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
    case AK_INTERP_HOLD: return 0;
    case AK_INTERP_LINEAR: return 1;
    case AK_INTERP_TANGENT: return 2;
    case AK_INTERP_CUBIC_BEZIER: return 3;
    case AK_INTERP_STEP_NEXT: *lossy = true; return 0;
    default: *lossy = true; return 1;
    }
}

/* Sets a body field of track x (in the arm its types select); NULL when the
 * layout has none of that name there (a bug of this file). */
static void *set_body(animx_track *x, animx_file *doc, const char *name, const ak_lfield **f)
{
    const void *h = NULL;
    *f = ak_lfind(&animx_meta_track, x, doc, name, &h);
    return (void *)h;
}

/* Key j of what build_keys writes: keys[order[j]] when the keys were
   converted, else key order[j] of track t. */
static void key_at(const ak_track *t, const ak_key *keys, const size_t *order, size_t j, ak_key *k)
{
    if (keys)
        *k = keys[order[j]];
    else
        ak_key_get(t, order[j], k);
}

/* Writes the keys of track t (model), or the converted keys when not NULL,
   into the body of track x (document). */
static bool build_keys(ak_arena *arena, animx_file *doc, animx_track *x, const ak_track *t, const ak_key *keys,
                       const size_t *order, size_t n, bool *interp_loss)
{
    ak_key k;
    const ak_lfield *f;
    void *h = set_body(x, doc, "keys", &f);
    uint8_t *elems = ak_lset_elems(f, h, n, arena);
    if (!elems)
        return false;
    const ak_lfield *tf = member_of(f->st, "time"), *vf = member_of(f->st, "value");
    for (size_t j = 0; j < n; j++) {
        uint8_t *e = elems + j * f->elem_size;
        key_at(t, keys, order, j, &k);
        ak_lset_f64(tf, e, k.time);
        ak_lvalue_set(vf->entry, e + vf->offset, &k.value);
    }
    if (t->kind != AK_TRACK_CURVE)
        return true;
    bool differ = false, tangents = false;
    uint8_t first = 0;
    for (size_t j = 0; j < n; j++) {
        uint8_t ib = interp_byte(keys ? keys[order[j]].interp : ak_key_interp(t, order[j]), interp_loss);
        if (j == 0)
            first = ib;
        differ |= ib != first;
        tangents |= ib == 2 || ib == 3;
    }
    h = set_body(x, doc, "flags", &f);
    ak_lset_u64(f, h, (differ ? ANIMX_FLAG_INTERPOLATIONS : 0) | (tangents ? ANIMX_FLAG_TANGENTS : 0));
    if (differ) {
        h = set_body(x, doc, "interpolations", &f);
        uint8_t *ib = ak_lset_elems(f, h, n, arena);
        if (!ib)
            return false;
        for (size_t j = 0; j < n; j++)
            ib[j * f->elem_size] = interp_byte(keys ? keys[order[j]].interp : ak_key_interp(t, order[j]), interp_loss);
    } else {
        h = set_body(x, doc, "shared_interpolation", &f);
        ak_lset_u64(f, h, first);
    }
    if (!tangents)
        return true;
    h = set_body(x, doc, "tangents", &f);
    uint8_t *tg = ak_lset_elems(f, h, n, arena);
    if (!tg)
        return false;
    const ak_lfield *lf = member_of(f->st, "left"), *rf = member_of(f->st, "right");
    for (size_t j = 0; j < n; j++) {
        /* the type's zero value where the model has no tangents (§6.2) */
        key_at(t, keys, order, j, &k);
        if (!k.has_tangents || k.interp == AK_INTERP_HERMITE)
            continue; /* the elements are zeroed */
        uint8_t *e = tg + j * f->elem_size;
        ak_lvalue_set(lf->entry, e + lf->offset, &k.in_tangent);
        ak_lvalue_set(rf->entry, e + rf->offset, &k.out_tangent);
    }
    return true;
}

static bool build_track(ak_arena *arena, animx_file *doc, animx_track *x, const ak_track *t, size_t ti, ak_diags *d,
                        unsigned *reported)
{
    if ((unsigned)t->type >= AK_VT_COUNT)
        return refuse(d, ti, "unknown value type");
    if (t->key_count > INT32_MAX)
        return refuse(d, ti, "more than 2^31-1 keys");
    size_t n = t->key_count;
    for (size_t j = 0; j < n; j++)
        if (t->kind != AK_TRACK_RAW && !isfinite(ak_key_time(t, j)))
            return refuse(d, ti, "a key time is NaN or infinite");
    if ((t->pre != AK_INF_CONSTANT || t->post != AK_INF_CONSTANT) &&
        !loss(d, reported, LOSS_INFINITY, ti, "infinity modes other than constant are dropped"))
        return false;
    x->track_type = t->kind == AK_TRACK_RAW ? 0 : t->kind == AK_TRACK_DISCRETE ? 1 : 2;
    x->value_type = (uint8_t)t->type;
    x->node = (ak_lstr){t->node ? t->node : "", t->node ? strlen(t->node) : 0};
    x->property = (ak_lstr){t->property ? t->property : "", t->property ? strlen(t->property) : 0};
    animx_meta_track.lets(x, doc); /* kind and vt select the body */
    const ak_lfield *f;
    void *h = set_body(x, doc, "key_count", &f);
    ak_lset_u64(f, h, n);
    if (x->track_type == 0) {
        float interval = (float)t->interval;
        if (((double)interval != t->interval || t->start != 0) &&
            !loss(d, reported, LOSS_RAW_INTERVAL, ti,
                  "Raw interval rounded to float32, or a start time other than 0 dropped"))
            return false;
        h = set_body(x, doc, "interval", &f);
        ak_lset_f64(f, h, interval);
        h = set_body(x, doc, "values", &f);
        uint8_t *v = ak_lset_elems(f, h, n, arena);
        if (!v)
            return ak_report_out_of_memory(d, 0, "encoding AnimX"), false;
        for (size_t j = 0; j < n; j++) {
            ak_value value;
            ak_key_value(t, j, &value);
            ak_lvalue_set(f->entry, v + j * f->elem_size, &value);
        }
        return true;
    }
    double *times = malloc((n ? n : 1) * sizeof *times);
    size_t *order = malloc((n ? 2 * n : 1) * sizeof *order);
    ak_key *sorted = NULL, *converted = NULL; /* the keys in time order, and as segments (within the budget) */
    ak_budget *budget = ak_diags_budget(d);
    uint64_t bezier_bytes = (uint64_t)3 * n * sizeof(ak_key), bezier_held = 0;
    bool time_loss = false, interp_loss = false;
    ak_bezier_report bez;
    memset(&bez, 0, sizeof bez);
    bool ok = times && order;
    for (size_t j = 0; ok && j < n; j++) {
        times[j] = ak_key_time(t, j);
        time_loss |= (double)(float)times[j] != times[j];
    }
    ok = ok && stable_order(times, n, order);
    const ak_key *keys = NULL; /* the track's own */
    size_t m = n;
    if (ok && t->kind == AK_TRACK_CURVE && n) {
        /* the segments AnimX can say (runtime/curve.h): Hermite as
           CubicBezier, step-next as Hold plus a key one float32 step later
           (the document is built before anything is written, so the key
           count can grow) */
        ok = ak_budget_take(budget, bezier_bytes, "converting curve keys");
        bezier_held = ok ? bezier_bytes : 0;
        sorted = ok ? malloc(n * sizeof *sorted) : NULL;
        converted = ok ? malloc(2 * n * sizeof *converted) : NULL;
        ok = sorted && converted;
        if (ok) {
            for (size_t j = 0; j < n; j++)
                ak_key_get(t, order[j], &sorted[j]);
            m = ak_keys_as_bezier(t, sorted, n, true, converted, &bez);
            for (size_t j = 0; j < m; j++)
                order[j] = j; /* converted is in time order already */
            keys = converted;
            interp_loss = bez.steps_lost || bez.linearised;
        }
    }
    if (ok && m != n) {
        h = set_body(x, doc, "key_count", &f);
        ak_lset_u64(f, h, m);
    }
    ok = ok && build_keys(arena, doc, x, t, keys, order, m, &interp_loss);
    free(times);
    free(order);
    free(sorted);
    free(converted);
    ak_budget_give(budget, bezier_held);
    if (!ok)
        return ak_report_out_of_memory(d, 0, "encoding AnimX"), false;
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
                             "Hermite keys of vector tracks become Linear (their slopes are not in the model), "
                             "or a step-next key becomes Hold where the next key is too close for the step"))
        return false;
    return true;
}

bool ak_animx_encode_model(const ak_animation *anim, int compression, ak_diags *d, ak_buf *out)
{
    if (compression < 0 || compression > 2 || anim->track_count > INT32_MAX)
        return refuse(d, 0, compression < 0 || compression > 2 ? "unknown compression" : "more than 2^31-1 tracks");
    ak_arena arena;
    ak_arena_init_budget(&arena, 0, ak_diags_budget(d), "the AnimX document");
    animx_file *doc = AK_ARENA_NEW(&arena, animx_file);
    bool ok = doc != NULL;
    if (ok) {
        doc->version = 1;
        doc->track_count = anim->track_count;
        doc->global_duration = (float)ak_animation_end(anim);
        doc->name = (ak_lstr){anim->name ? anim->name : "", anim->name ? strlen(anim->name) : 0};
        doc->encoding = (uint8_t)compression;
        doc->tracks_count = anim->track_count;
        doc->tracks = AK_ARENA_ARRAY(&arena, animx_track, anim->track_count ? anim->track_count : 1);
        ok = doc->tracks != NULL;
    }
    unsigned reported = 0;
    for (size_t i = 0; ok && i < anim->track_count; i++) {
        memset(&doc->tracks[i], 0, sizeof doc->tracks[i]);
        ok = build_track(&arena, doc, &doc->tracks[i], &anim->tracks[i], i, d, &reported);
    }
    ok = ok && animx_encode(doc, out);
    ak_arena_free(&arena);
    return ok;
}

bool animx_from_model(const struct ak_animation *anim, const ak_options *opt, ak_diags *d, ak_buf *out)
{
    int encoding = animx_encoding_for(opt);
    return ak_animx_encode_model(anim, encoding < 0 ? ANIMX_PLAIN : encoding, d, out);
}
