/* Metroid Prime ANIM -> the common model (spec §3). Each animated bone
 * becomes up to three tracks targeting node "<bone id>": "rotation"
 * (floatQ, x y z w), "translation" and "scale" (float3), linear curves
 * (quaternions slerp). v2: keys at the keyed frames (§2.11; the last key
 * holds); v0: one key per frame (§2.2, §2.3; the wrap from the last frame
 * back to frame 0 that v0 playback does is not kept: the last key holds).
 * Translation and scale are in the file's units (multipliers applied).
 * v2's looping flag is the model's; an MP1 EVNT id other than none is the
 * attribute "primeanim.evnt_id" ("0x%08X"). */
#include "model.h"
#include "primeanim_doc.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

typedef struct builder {
    ak_arena *arena;
    ak_track *tracks;
    size_t count, cap;
    bool failed;
} builder;

static const char *const group_names[3] = {"rotation", "translation", "scale"};

static ak_track *add_track(builder *b, uint32_t bone, int group, size_t keys)
{
    if (b->count >= b->cap) {
        b->failed = true;
        return NULL;
    }
    char node[16];
    int n = snprintf(node, sizeof node, "%u", bone);
    ak_track *t = &b->tracks[b->count];
    memset(t, 0, sizeof *t);
    char *name = ak_arena_alloc(b->arena, (size_t)n + 1, 1);
    t->type = group == AK_PA_ROT ? AK_VT_FLOATQ : AK_VT_FLOAT3;
    t->kind = AK_TRACK_CURVE;
    if (!name || !ak_track_alloc_keys(t, b->arena, keys, 0)) {
        b->failed = true;
        return NULL;
    }
    memcpy(name, node, (size_t)n + 1);
    t->node = name;
    t->property = group_names[group];
    t->pre = t->post = AK_INF_CONSTANT;
    b->count++;
    return t;
}

static void set_key(ak_track *t, size_t i, double time, const double *v, int n)
{
    ak_value value = {0};
    for (int c = 0; c < n; c++)
        value.f[c] = (float)v[c];
    ak_key_set_time(t, i, time);
    ak_key_set_value(t, i, &value);
    ak_key_set_interp(t, i, AK_INTERP_LINEAR);
}

/* ---- v2 ------------------------------------------------------------------------ */

typedef struct v2_fill {
    ak_track *track[AK_PA_MAX_CHANNELS][3];
    const double *times;
    uint32_t divisor;
    double multiplier[3];
} v2_fill;

static void fill_key(void *user, uint32_t key, const ak_pa_totals *totals, size_t d)
{
    v2_fill *f = user;
    for (size_t c = 0; c < d; c++)
        for (int g = 0; g < 3; g++) {
            ak_track *t = f->track[c][g];
            if (!t)
                continue;
            double v[4];
            if (g == AK_PA_ROT) {
                double q[4];
                ak_pa_rotation(&totals[c], f->divisor, q);
                v[0] = q[1], v[1] = q[2], v[2] = q[3], v[3] = q[0]; /* floatQ: x y z w */
                set_key(t, key, f->times[key], v, 4);
            } else {
                ak_pa_vector(&totals[c], g, f->multiplier[g], v);
                set_key(t, key, f->times[key], v, 3);
            }
        }
}

/* The keys of every descriptor's groups (§2.8), at the keyed frames (§2.6);
   s32: the s32_totals option (§6 B7). */
static bool v2_model(builder *b, const ak_pa_v2 *v, bool s32)
{
    size_t keys = (size_t)v->key_count + 1;
    double *times = AK_ARENA_ARRAY(b->arena, double, keys);
    uint32_t *frames = AK_ARENA_ARRAY(b->arena, uint32_t, keys);
    uint8_t *bytes = ak_arena_alloc(b->arena, v->word_count * 4 + 1, 4);
    if (!times || !frames || !bytes || !ak_pa_key_frames(v, frames))
        return false; /* rule 34 has been reported */
    for (size_t j = 0; j < keys; j++)
        times[j] = frames[j] * v->interval;
    ak_pa_words_to_bytes(v->words, v->word_count, bytes);
    v2_fill fill = {.times = times, .divisor = v->divisor};
    memcpy(fill.multiplier, v->multiplier, sizeof fill.multiplier);
    for (size_t c = 0; c < v->d; c++)
        for (int g = 0; g < 3; g++)
            fill.track[c][g] = v->ch[c].count[g] ? add_track(b, v->ch[c].bone, g, keys) : NULL;
    if (b->failed)
        return false;
    return ak_pa_decode(v->ch, v->d, v->game, v->key_count, bytes, v->word_count, s32, fill_key, &fill, NULL);
}

/* ---- v0 ------------------------------------------------------------------------ */

typedef struct v0_view {
    const uint8_t *bone_map, *maps[3]; /* maps[0] NULL: MP1, rotation index = channel */
    size_t map_len[3];
    uint32_t frames;
    double interval;
    const float (*rot)[4];
    const float (*vec[3])[3]; /* [1] translation, [2] scale */
    size_t key_counts[3];
    bool scale_frame_major; /* v0_scale_order=frame (§6 B2) */
} v0_view;

static bool v0_model(builder *b, const v0_view *v)
{
    for (uint32_t bone = 0; bone < 100; bone++) {
        uint8_t c = v->bone_map[bone];
        if (c == 0xFF)
            continue;
        for (int g = 0; g < 3; g++) {
            if ((g != AK_PA_ROT && !v->maps[g]) || c >= v->map_len[g])
                continue;
            uint64_t index = v->maps[g] ? v->maps[g][c] : c;
            if (index == 0xFF || (index + 1) * v->frames > v->key_counts[g])
                continue;
            ak_track *t = add_track(b, bone, g, v->frames);
            if (!t)
                return false;
            for (uint32_t f = 0; f < v->frames; f++) {
                double val[4];
                if (g == AK_PA_ROT) {
                    const float *q = v->rot[index * v->frames + f]; /* w x y z, channel-major (§6 B1) */
                    val[0] = q[1], val[1] = q[2], val[2] = q[3], val[3] = q[0];
                    set_key(t, f, f * v->interval, val, 4);
                } else {
                    /* channel-major; MP2 scales frame-major with v0_scale_order=frame (§6 B2) */
                    uint64_t at = g == AK_PA_SCALE && v->scale_frame_major
                                      ? (uint64_t)f * (v->key_counts[g] / v->frames) + index
                                      : index * v->frames + f;
                    const float *p = v->vec[g][at];
                    val[0] = p[0], val[1] = p[1], val[2] = p[2];
                    set_key(t, f, f * v->interval, val, 3);
                }
            }
        }
    }
    return true;
}

bool primeanim_to_model(const ak_input *in, const ak_options *opt, ak_diags *d, struct ak_arena *arena,
                        struct ak_animation **out)
{
    *out = NULL;
    ak_pa_v0_options v0_options;
    const char *bad = NULL;
    if (!ak_pa_v0_options_of(opt, &v0_options, &bad)) {
        const ak_rule *r = &primeanim_rules[primeanim_R_CONVERT_REFUSED];
        ak_report(d, r, 0, 0, "", "%s: %s", r->message, bad);
        return false;
    }
    primeanim_file *doc = primeanim_decode(in->data, in->size, opt, d, arena);
    if (!doc || ak_diags_errors(d))
        return false;
    builder b = {.arena = arena, .cap = 300};
    b.tracks = AK_ARENA_ARRAY(arena, ak_track, b.cap);
    if (!b.tracks)
        return false;
    double duration = -1;
    ak_looping looping = AK_LOOPING_UNKNOWN; /* v0 has no flag (its playback wraps, §3) */
    uint32_t evnt = 0;                        /* MP1: the EVNT id, 0 = none */
    bool ok = false;
    size_t s32_len;
    bool s32 = ak_format_option(opt, "s32_totals", &s32_len) != NULL;
    if (doc->layout == primeanim_layout_v2_mp1 || doc->layout == primeanim_layout_v2_mp2) {
        ak_pa_v2 *view = AK_ARENA_NEW(arena, ak_pa_v2);
        if (!view)
            return false;
        uint32_t flag;
        if (doc->layout == primeanim_layout_v2_mp1) {
            ak_pa_v2_of_mp1(&doc->v2_mp1, view);
            duration = doc->v2_mp1.duration;
            flag = doc->v2_mp1.looping;
            evnt = doc->v2_mp1.evnt_id;
        } else {
            ak_pa_v2_of_mp2(&doc->v2_mp2, view);
            duration = doc->v2_mp2.duration;
            flag = doc->v2_mp2.looping;
        }
        looping = flag ? AK_LOOPING_YES : AK_LOOPING_NO; /* non-zero = looping (§2.4) */
        ok = v2_model(&b, view, s32);
    } else if (doc->layout == primeanim_layout_v0_mp1) {
        const primeanim_v0_mp1 *v = &doc->v0_mp1;
        v0_view view = {v->bone_map, {NULL, v->trans_map, NULL}, {v->channel_count, v->trans_map_count, 0},
                        v->frame_count, v->interval.seconds, (const float (*)[4])v->rot_keys,
                        {NULL, (const float (*)[3])v->trans_keys, NULL}, {v->rot_keys_count, v->trans_keys_count, 0},
                        false};
        ok = v0_model(&b, &view);
        duration = v->duration.seconds;
        evnt = v->evnt_id;
    } else {
        const primeanim_v0_mp2 *v = &doc->v0_mp2;
        v0_view view = {v->bone_map,
                        {v->rot_map, v->trans_map, v->scale_map},
                        {v->rot_map_count, v->trans_map_count, v->scale_map_count},
                        v->frame_count,
                        v->interval.seconds,
                        (const float (*)[4])v->rot_keys,
                        {NULL, (const float (*)[3])v->trans_keys, (const float (*)[3])v->scale_keys},
                        {v->rot_keys_count, v->trans_keys_count, v->scale_keys_count},
                        v0_options.scale_frame_major};
        ok = v0_model(&b, &view);
        duration = v->duration.seconds;
    }
    if (!ok || b.failed)
        return false;
    ak_animation *anim = AK_ARENA_NEW(arena, ak_animation);
    if (!anim)
        return false;
    anim->end = duration >= 0 ? duration : NAN;
    anim->tracks = b.tracks;
    anim->track_count = b.count;
    anim->looping = looping;
    if (evnt != 0 && evnt != 0xFFFFFFFFu) { /* both mean none (§6 B8) */
        ak_attribute *a = AK_ARENA_NEW(arena, ak_attribute);
        char *value = ak_arena_alloc(arena, 11, 1);
        if (!a || !value)
            return false;
        snprintf(value, 11, "0x%08lX", (unsigned long)evnt);
        *a = (ak_attribute){AK_PA_ATTR_EVNT, value};
        anim->attributes = a;
        anim->attribute_count = 1;
    }
    *out = anim;
    return true;
}
