/* The maths of Metroid Prime ANIM's model section (primeanim.layout, spec
 * §3). Reading: the keys of the bitstream (v2, §2.6-§2.9) and of the key
 * arrays (v0, §2.2, §2.3) as the tracks of bone_<id>: rotation (floatQ,
 * x y z w), translation and scale (float3, multipliers applied), linear
 * (quaternions slerp); v2 keys at the keyed frames (the last key holds,
 * §2.11), v0 one key per frame (the wrap back to frame 0 of v0 playback is
 * not kept). Writing: each bone's rotation (a quaternion, whole or as its
 * components), position and (MP2) scale, keyed at the union of their key
 * times on a grid of the smallest gap between them (cut to whole
 * microseconds, as retail data is), fill the arm of the new document that
 * the version and the game select: compressed (§2.12, the constants of
 * §5.2) or v0 (§5.3). The version, the game, the fixed fields, the looping
 * flag and the EVNT id are the declaration's. */
#include "primeanim.h"

#include "curve.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#define DIV 0x7FFF
#define MAX_KEYS 65535u

static const char *const natives[3] = {"rotation", "translation", "scale"};

/* §6 B2, §5.3: the format options v0_scale_order and v0_duration (checked both ways). */
static bool v0_options(const ak_options *opt, int64_t *frame_major, int64_t *frames, const char **bad)
{
    return primeanim_option_v0_scale_order(opt, frame_major, bad) >= 0 &&
           primeanim_option_v0_duration(opt, frames, bad) >= 0;
}

/* ---- reading ---------------------------------------------------------------------- */

/* A track of group g of a bone with n keys: its index + 1 (0: none, b->failed). */
static size_t add_track(ak_model_builder *b, uint32_t bone, int g, size_t n)
{
    ak_track *t = primeanim_model_track(b, primeanim_model_object(b, bone), natives[g],
                                        g == AK_PA_ROT ? AK_VT_FLOATQ : AK_VT_FLOAT3, AK_TRACK_CURVE);
    if (!t || !ak_mb_keys(b, t, n, 0)) {
        b->failed = true;
        return 0;
    }
    return b->anim->track_count;
}

/* Key i: a rotation w x y z (the model's x y z w), or a vector x y z. */
static void set_key(ak_track *t, size_t i, double time, const double *v, int g)
{
    ak_value value;
    memset(&value, 0, sizeof value);
    for (int c = 0; c < (g == AK_PA_ROT ? 4 : 3); c++)
        value.f[c] = (float)v[g == AK_PA_ROT ? (c + 1) % 4 : c];
    ak_key_set_time(t, i, time);
    ak_key_set_value(t, i, &value);
    ak_key_set_interp(t, i, AK_INTERP_LINEAR);
}

typedef struct v2_fill {
    ak_animation *anim;
    size_t track[AK_PA_MAX_CHANNELS][3]; /* index + 1 of each group's track */
    const uint32_t *frames;
    const ak_pa_v2 *v;
} v2_fill;

static void fill_key(void *user, uint32_t key, const ak_pa_totals *totals, size_t d)
{
    v2_fill *f = user;
    for (size_t c = 0; c < d; c++)
        for (int g = 0; g < 3; g++) {
            double v[4];
            if (f->track[c][g] && ak_pa_values(&totals[c], g, f->v->divisor, f->v->multiplier[g], v))
                set_key(&f->anim->tracks[f->track[c][g] - 1], key, f->frames[key] * f->v->interval, v, g);
        }
}

/* The keys of every descriptor's groups (§2.8) at the keyed frames (§2.6);
   s32: the s32_totals option (§6 B7). A model of headers (`--list`)
   decodes no key: the keyed frames give each track's count and range. */
static bool v2_tracks(ak_model_builder *b, const ak_pa_v2 *v, bool s32)
{
    bool no_frames;
    v2_fill *fill = AK_ARENA_NEW(b->arena, v2_fill);
    uint32_t *frames = AK_ARENA_ARRAY(b->arena, uint32_t, (size_t)v->key_count + 1);
    uint8_t *bytes = b->headers ? NULL : ak_arena_alloc(b->arena, v->word_count * 4 + 1, 4);
    for (size_t c = 0; fill && c < v->d; c++)
        for (int g = 0; g < 3; g++)
            fill->track[c][g] = v->ch[c].count[g] ? add_track(b, v->ch[c].bone, g, (size_t)v->key_count + 1) : 0;
    if (!fill || !frames || !(bytes || b->headers) || b->failed)
        return false;
    fill->anim = b->anim, fill->frames = frames, fill->v = v; /* the tracks no longer move */
    bool decoded = ak_pa_v2_decode(v, s32, frames, bytes, fill_key, fill, &no_frames); /* no frames: rule 34 said */
    if (!decoded || !b->headers)
        return decoded;
    for (size_t c = 0; c < v->d; c++) /* the frames ascend: the first and the last key make the range */
        for (int g = 0; g < 3; g++)
            if (fill->track[c][g]) {
                ak_track *t = &b->anim->tracks[fill->track[c][g] - 1];
                ak_key_set_time(t, 0, frames[0] * v->interval);
                ak_key_set_time(t, v->key_count, frames[v->key_count] * v->interval);
            }
    return true;
}

typedef struct v0_view {
    const uint8_t *bone_map, *maps[3]; /* maps[0] NULL: MP1, rotation index = channel */
    size_t map_len[3], key_counts[3];
    const float *keys[3]; /* per key w x y z (rotation), x y z */
    uint32_t frames;
    double interval;
    int64_t scale_frame_major; /* v0_scale_order=frame (§6 B2) */
} v0_view;

static bool v0_tracks(ak_model_builder *b, const v0_view *v)
{
    for (uint32_t bone = 0; bone < 100; bone++) {
        uint8_t c = v->bone_map[bone];
        for (int g = 0; g < 3 && c != 0xFF; g++) {
            if ((g != AK_PA_ROT && !v->maps[g]) || c >= v->map_len[g])
                continue;
            uint64_t index = v->maps[g] ? v->maps[g][c] : c;
            bool in = index != 0xFF && (index + 1) * v->frames <= v->key_counts[g];
            size_t at = in ? add_track(b, bone, g, v->frames) : 0;
            for (uint32_t f = 0; at && f < v->frames; f++) {
                double val[4];
                /* channel-major (§6 B1); MP2 scales frame-major with v0_scale_order=frame (§6 B2) */
                uint64_t k = g == AK_PA_SCALE && v->scale_frame_major
                                 ? (uint64_t)f * (v->key_counts[g] / v->frames) + index
                                 : index * v->frames + f;
                for (int i = 0; i < 4 - (g > 0); i++)
                    val[i] = v->keys[g][k * (4 - (g > 0)) + i];
                set_key(&b->anim->tracks[at - 1], f, f * v->interval, val, g);
            }
        }
    }
    return !b->failed;
}

bool primeanim_model_keys(ak_model_builder *b, const primeanim_file *doc, const ak_options *opt)
{
    int64_t frame_major, frames;
    const char *bad = NULL;
    size_t len;
    ak_pa_v2 v2;
    if (!v0_options(opt, &frame_major, &frames, &bad)) {
        const ak_rule *r = &primeanim_rules[primeanim_R_CONVERT_REFUSED];
        ak_report(b->d, r, 0, 0, "", "%s: %s", r->message, bad);
        return false;
    }
    if (doc->layout == primeanim_layout_v2_mp1 || doc->layout == primeanim_layout_v2_mp2) {
        ak_pa_v2_of(doc, &v2);
        b->anim->end = v2.duration;
        return v2_tracks(b, &v2, ak_format_option(opt, "s32_totals", &len) != NULL);
    }
    const primeanim_v0_mp1 *v1 = &doc->v0_mp1;
    const primeanim_v0_mp2 *v = &doc->v0_mp2;
    bool mp1 = doc->layout == primeanim_layout_v0_mp1;
    /* MP1: no rotation map (the channel is the index), no scale */
    v0_view view = mp1 ? (v0_view){v1->bone_map, {NULL, v1->trans_map, NULL},
                                   {v1->channel_count, v1->trans_map_count, 0},
                                   {v1->rot_keys_count, v1->trans_keys_count, 0},
                                   {(const float *)v1->rot_keys, (const float *)v1->trans_keys, NULL},
                                   v1->frame_count, v1->interval.seconds, false}
                       : (v0_view){v->bone_map, {v->rot_map, v->trans_map, v->scale_map},
                                   {v->rot_map_count, v->trans_map_count, v->scale_map_count},
                                   {v->rot_keys_count, v->trans_keys_count, v->scale_keys_count},
                                   {(const float *)v->rot_keys, (const float *)v->trans_keys,
                                    (const float *)v->scale_keys},
                                   v->frame_count, v->interval.seconds, frame_major};
    b->anim->end = mp1 ? v1->duration.seconds : v->duration.seconds;
    return v0_tracks(b, &view);
}

/* ---- writing ---------------------------------------------------------------------- */

/* A bone's channel: per group its source (the whole track, or one track per
 * component, prepared for sampling), then its totals per key (3 per key;
 * v2) and their widths. */
typedef struct channel {
    uint32_t bone, rank; /* rank: the order of §2.12, by bone with MP1's root (bone 3) last */
    ak_track_sampler *src[3][4]; /* [g][0] the whole track's unless parts[g]; else component a's */
    bool parts[3];
    int32_t *q[3];
    bool *sign;
    uint8_t bits[3][3];
} channel;

typedef struct writer {
    ak_model_writer *w;
    int game;
    channel ch[AK_PA_MAX_CHANNELS];
    size_t d;
    double interval, mul[3];
    uint32_t *frames; /* the keyed frames */
    size_t keys;
    double *values; /* per group (v0), channel and key: x y z (w) */
    const char *why; /* what refuses the conversion */
} writer;

/* The values of an absent component: the identity rotation (x y z w), zero
   translation, unit scale. */
static const double rest[3][4] = {{0, 0, 0, 1}, {0, 0, 0, 0}, {1, 1, 1, 1}};

/* The group a track's target is a source of: rotation (a quaternion, or one
   scalar component), position or MP2 scale (a 3-vector, or a component). */
static int group_of(const ak_target *tg, const ak_track *t, int game)
{
    static const char *const canonical[3] = {"rotation", "position", "scale"};
    const ak_value_type_info *info = ak_value_type_info_of(t->type);
    if (!info || info->kind == AK_VK_STRING || info->kind == AK_VK_BOOL || !t->key_count || !tg->property)
        return -1;
    for (int g = 0; g < (game == AK_PA_MP2 ? 3 : 2); g++) {
        bool whole = g == AK_PA_ROT ? t->type == AK_VT_FLOATQ || t->type == AK_VT_DOUBLEQ : info->components == 3;
        if (strcmp(tg->property, canonical[g]) == 0)
            return (tg->component == AK_WHOLE ? whole : info->components == 1 && tg->component < 4 - (g > 0)) ? g : -1;
    }
    return -1;
}

/* Does segment k of t bend between its keys? A Hermite segment of a scalar
   whose slopes are its chord's is a line (Maya's linear tangents). */
static bool bends(const ak_track *t, size_t k)
{
    ak_key a, b;
    if (t->kind == AK_TRACK_RAW || ak_key_interp(t, k) == AK_INTERP_LINEAR)
        return false;
    if (t->kind != AK_TRACK_CURVE || ak_key_interp(t, k) != AK_INTERP_HERMITE ||
        ak_value_type_info_of(t->type)->components != 1)
        return true;
    ak_key_get(t, k, &a);
    ak_key_get(t, k + 1, &b);
    double chord = (ak_key_component(t, k + 1, 0) - ak_key_component(t, k, 0)) / (b.time - a.time), tol = 1e-6;
    return fabs(a.out_tangent.d[0] - chord) > tol * fmax(1, fabs(chord)) ||
           fabs(b.in_tangent.d[0] - chord) > tol * fmax(1, fabs(chord)) ||
           (a.out_weighted && fabs(a.out_weight - 1.0 / 3) > tol) ||
           (b.in_weighted && fabs(b.in_weight - 1.0 / 3) > tol);
}

/* The bones' sources, by target (bone_<n>, or the bare n of files written
   before): the first of each; the others are the writer's losses. */
static bool collect(writer *x)
{
    const ak_animation *anim = x->w->anim;
    int index[AK_PA_MAX_CHANNELS];
    memset(index, -1, sizeof index);
    for (size_t i = 0; i < anim->track_count; i++) {
        const ak_track *t = &anim->tracks[i];
        ak_target tg;
        uint64_t bone;
        primeanim_model_target(x->w, t, &tg);
        int g = group_of(&tg, t, x->game), a = tg.component == AK_WHOLE ? 0 : tg.component;
        if (g < 0 || !primeanim_model_object_of(tg.path, &bone) || bone >= AK_PA_MAX_CHANNELS)
            continue;
        if (index[bone] < 0) {
            index[bone] = (int)x->d;
            x->ch[x->d].rank = bone == 3 && x->game == AK_PA_MP1 ? AK_PA_MAX_CHANNELS : (uint32_t)bone;
            x->ch[x->d++].bone = (uint32_t)bone;
        }
        channel *c = &x->ch[index[bone]];
        bool any = c->src[g][0] || c->src[g][1] || c->src[g][2] || c->src[g][3];
        if (tg.component == AK_WHOLE ? any : (any && !c->parts[g]) || c->src[g][a])
            continue;
        c->parts[g] = tg.component != AK_WHOLE;
        c->src[g][a] = AK_ARENA_NEW(&x->w->arena, ak_track_sampler);
        if (!c->src[g][a] || !ak_track_sampler_init(c->src[g][a], t, &x->w->arena))
            return false;
        ak_mm_take(x->w, t);
        if (t->pre != AK_INF_CONSTANT || t->post != AK_INF_CONSTANT)
            ak_mm_loss(x->w, "infinity modes other than constant left out (the file has none)", t, 0);
        for (size_t k = 0; k + 1 < t->key_count; k++)
            if (bends(t, k)) {
                ak_mm_loss(x->w, "curves sampled at the keyed frames (linear between them)", t, 0);
                break;
            }
    }
    return true;
}

static int cmp_channel(const void *a, const void *b)
{
    const channel *x = a, *y = b;
    return (x->rank > y->rank) - (x->rank < y->rank);
}

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

/* The keyed frames (§2.12): the sorted unique key times (and 0) on a grid of
   their smallest gap. */
static bool keyed_frames(writer *x)
{
    size_t n = 1, k = 1, m = 0;
    for (size_t c = 0; c < x->d; c++)
        for (int s = 0; s < 12; s++)
            n += x->ch[c].src[s / 4][s % 4] ? x->ch[c].src[s / 4][s % 4]->track->key_count : 0;
    double *t = AK_ARENA_ARRAY(&x->w->arena, double, n), gap = 0;
    uint32_t *f = AK_ARENA_ARRAY(&x->w->arena, uint32_t, n + 1);
    if (!t || !f)
        return false;
    t[0] = 0;
    for (size_t c = 0; c < x->d; c++)
        for (int s = 0; s < 12; s++) {
            const ak_track *tr = x->ch[c].src[s / 4][s % 4] ? x->ch[c].src[s / 4][s % 4]->track : NULL;
            for (size_t i = 0; tr && i < tr->key_count; i++)
                if (!isfinite(t[k++] = ak_key_time(tr, i)) || t[k - 1] < 0) {
                    x->why = "a key time is negative, NaN or infinite";
                    return false;
                }
        }
    qsort(t, k, sizeof *t, cmp_double);
    for (size_t i = 1; i < k; i++)
        if (t[i] - t[i - 1] > 1e-6 && (gap == 0 || t[i] - t[i - 1] < gap))
            gap = t[i] - t[i - 1];
    gap = gap > 0 ? floor(gap * 1e6) / 1e6 : 1.0 / 30; /* one keyed time: 30 frames per second [G] */
    x->interval = gap < 1e-6 ? 1e-6 : gap;
    for (size_t i = 0; i < k; i++) {
        double fr = floor(t[i] / x->interval + 0.5);
        if (fr >= 1048575) {
            x->why = "more than 1,048,576 frames at the keys' spacing";
            return false;
        }
        if (m == 0 || (uint32_t)fr > f[m - 1])
            f[m++] = (uint32_t)fr;
    }
    if (m == 1) /* only one keyed frame: duplicate it at frame 1 (§2.12) */
        f[m++] = 1;
    x->frames = f;
    x->keys = m;
    x->why = m - 1 > MAX_KEYS ? "more than 65,535 keyed frames" : NULL;
    return !x->why;
}

/* v0: every frame of the grid up to the last keyed frame, within what the
   reader accepts (max_file_bytes). */
static bool all_frames(writer *x)
{
    uint32_t all = x->frames[x->keys - 1] + 1;
    uint64_t cap = UINT64_C(64) << 20;
    if (!ak_format_option_u64(x->w->opt, "max_file_bytes", &cap))
        x->why = "format option max_file_bytes is not a byte count";
    else if ((uint64_t)all * x->d * 3 * 16 > cap)
        x->why = "the key arrays of every frame exceed max_file_bytes";
    x->frames = x->why ? NULL : AK_ARENA_ARRAY(&x->w->arena, uint32_t, all);
    for (uint32_t f = 0; x->frames && f < all; f++)
        x->frames[f] = f;
    x->keys = all;
    return x->frames != NULL;
}

/* The sources of group g of channel c at time t into v (x y z (w)); false
   when a value is not finite. */
static bool sample(const channel *c, int g, double t, double v[4])
{
    memcpy(v, rest[g], sizeof rest[g]);
    for (int a = 0; a < 4; a++) {
        ak_value val;
        if (!c->src[g][a])
            continue;
        ak_track_sampler_eval(c->src[g][a], t, &val);
        for (int i = 0; i < (c->parts[g] ? 1 : 4 - (g > 0)); i++)
            v[c->parts[g] ? a : i] = ak_value_component(&val, c->src[g][a]->track->type, (unsigned)i);
    }
    double len = sqrt(v[0] * v[0] + v[1] * v[1] + v[2] * v[2] + v[3] * v[3]);
    for (int i = 0; g == AK_PA_ROT && c->parts[g] && len > 0 && i < 4; i++)
        v[i] /= len; /* components evaluated one by one: a unit quaternion again */
    return isfinite(v[0] + v[1] + v[2] + v[3]);
}

static unsigned minbits(int64_t d)
{
    unsigned n = 1;
    while (n < 32 && (d < -(INT64_C(1) << (n - 1)) || d > (INT64_C(1) << (n - 1)) - 1))
        n++;
    return n;
}

/* Rotations (§2.12): x y z as asin in steps of (pi/2)/0x7FFF, the sign of w;
   key 0's w is positive and later keys stay in its hemisphere (§6 B15). */
static void quantise_rotations(writer *x)
{
    for (size_t c = 0; c < x->d; c++) {
        channel *ch = &x->ch[c];
        const double *v = x->values + c * x->keys * 4;
        double prev[4] = {1, 0, 0, 0};
        for (size_t k = 0; ch->q[AK_PA_ROT] && k < x->keys; k++) {
            double q[4] = {v[4 * k + 3], v[4 * k], v[4 * k + 1], v[4 * k + 2]}; /* w x y z */
            double len = sqrt(q[0] * q[0] + q[1] * q[1] + q[2] * q[2] + q[3] * q[3]);
            for (int i = 0; i < 4; i++)
                q[i] = len > 0 ? q[i] / len : (i == 0);
            double dot = q[0] * prev[0] + q[1] * prev[1] + q[2] * prev[2] + q[3] * prev[3];
            for (int i = 0; ((k == 0 && q[0] < 0) || (k > 0 && dot < 0)) && i < 4; i++)
                q[i] = -q[i];
            memcpy(prev, q, sizeof prev);
            for (int a = 0; a < 3; a++)
                ch->q[AK_PA_ROT][3 * k + a] = (int32_t)lround(asin(fmax(-1, fmin(1, q[a + 1]))) * DIV / (M_PI / 2));
            ch->sign[k] = q[0] < 0;
        }
    }
}

/* Translation or scale (§2.12): the least multiplier that keeps every total
   and every delta within 16 bits. */
static bool quantise_vectors(writer *x, int g)
{
    const double *values = x->values;
    size_t keys = x->keys;
    double m = 0;
    for (size_t c = 0; c < x->d; c++)
        for (size_t k = 0; x->ch[c].q[g] && k < keys; k++)
            for (int a = 0; a < 3; a++) {
                double p = values[(c * keys + k) * 4 + a], step = k ? p - values[(c * keys + k - 1) * 4 + a] : 0;
                m = fmax(m, fmax(fabs(p), fabs(step)));
            }
    if (!isfinite(m))
        return false;
    float mul = m > 0 ? (float)(m / 32766) : 1.0f;
    for (int attempt = 0; attempt < 64; attempt++, mul *= 1.001f) {
        bool fits = true;
        for (size_t c = 0; c < x->d && fits; c++)
            for (size_t k = 0; x->ch[c].q[g] && k < keys && fits; k++)
                for (int a = 0; a < 3; a++) {
                    double q = floor(values[(c * keys + k) * 4 + a] / mul + 0.5);
                    int64_t prev = k ? x->ch[c].q[g][3 * (k - 1) + a] : 0;
                    if (fabs(q) > 32767 || (k && llabs((int64_t)q - prev) > 32767)) {
                        fits = false;
                        break;
                    }
                    x->ch[c].q[g][3 * k + a] = (int32_t)q;
                }
        if (fits) {
            x->mul[g] = mul;
            return true;
        }
    }
    return false;
}

/* Group g of every channel at the keyed frames: its values (v0 keeps them,
   per group), and v2 its totals and their widths. */
static bool quantise(writer *x, int g, bool v0)
{
    for (size_t c = 0; c < x->d; c++) {
        channel *ch = &x->ch[c];
        /* MP1 always has rotation, MP2's first channel too (K comes from it): identity */
        if (!ch->src[g][0] && !ch->parts[g] && !(g == AK_PA_ROT && (x->game == AK_PA_MP1 || c == 0)))
            continue;
        ch->q[g] = AK_ARENA_ARRAY(&x->w->arena, int32_t, x->keys * 3);
        if (g == AK_PA_ROT)
            ch->sign = AK_ARENA_ARRAY(&x->w->arena, bool, x->keys);
        if (!ch->q[g] || (g == AK_PA_ROT && !ch->sign))
            return false;
        for (size_t k = 0; k < x->keys; k++)
            if (!sample(ch, g, x->frames[k] * x->interval,
                        x->values + ((v0 ? (size_t)g * x->d * x->keys : 0) + c * x->keys + k) * 4)) {
                x->why = "a value is NaN or infinite";
                return false;
            }
    }
    if (v0)
        return true; /* v0 stores the floats */
    if (g == AK_PA_ROT)
        quantise_rotations(x);
    else if (!quantise_vectors(x, g)) {
        x->why = "values too large for 16-bit totals";
        return false;
    }
    for (size_t c = 0; c < x->d; c++)
        for (int a = 0; x->ch[c].q[g] && a < 3; a++) {
            const int32_t *q = x->ch[c].q[g];
            unsigned bits = 1;
            for (size_t k = 1; k < x->keys; k++)
                bits = (unsigned)fmax(bits, minbits((int64_t)q[3 * k + a] - q[3 * (k - 1) + a]));
            x->ch[c].bits[g][a] = (uint8_t)bits;
        }
    return true;
}

/* n bits of v at bit *pos of the words, least significant first (§2.7). */
static void put_bits(uint32_t *words, uint64_t *pos, unsigned n, uint64_t v)
{
    uint64_t x = (n < 64 ? v & ((UINT64_C(1) << n) - 1) : v) << (*pos & 31);
    words[*pos >> 5] |= (uint32_t)x;
    if ((*pos & 31) + n > 32)
        words[(*pos >> 5) + 1] |= (uint32_t)(x >> 32);
    *pos += n;
}

/* A descriptor's groups (§2.4, §2.5): the totals of key 0 and the widths. */
#define COMPONENT(c, g, a) {(int16_t)(c)->q[g][a], (c)->bits[g][a]}
#define GROUP(c, g) {COMPONENT(c, g, 0), COMPONENT(c, g, 1), COMPONENT(c, g, 2)}

/* The 0xFF bytes after unpadded bytes, to a multiple of 32 (§2.10, §5.1). */
static bool pad(writer *x, double unpadded, uint8_t **padding, size_t *count)
{
    *count = (32 - (size_t)unpadded % 32) % 32;
    *padding = ak_arena_alloc(&x->w->arena, *count + 1, 1);
    if (*padding)
        memset(*padding, 0xFF, *count);
    return *padding != NULL;
}

/* §2.4, §2.5 with the constants of §5.2 (the declaration set the fixed
   fields): the key bitmap (§2.6), the descriptors and the bitstream of the
   deltas (§2.7, §2.8); the fields both games have, then each game's. */
#define V2_FIELDS(o)                                                                                                   \
    (o->duration = (float)(x->frames[x->keys - 1] * x->interval), o->interval = (float)x->interval,                    \
     o->translation_multiplier = (float)x->mul[AK_PA_TRANS], o->bone_channel_count = o->descriptor_count = d,          \
     o->bitmap_bits = x->frames[x->keys - 1] + 1, o->key_bitmap = bitmap, o->key_bitmap_count = bitmap_words,          \
     o->descriptors_count = d, o->bitstream = stream, o->bitstream_count = stream_words)
static bool fill_v2(writer *x, primeanim_file *doc)
{
    uint64_t per_key = 0, pos = 0;
    uint32_t d = (uint32_t)x->d;
    uint16_t k = (uint16_t)(x->keys - 1);
    for (size_t c = 0; c < x->d; c++)
        for (int g = 0; g < 3; g++)
            per_key += x->ch[c].q[g] ? (g == 0) + x->ch[c].bits[g][0] + x->ch[c].bits[g][1] + x->ch[c].bits[g][2] : 0;
    size_t bitmap_words = (x->frames[x->keys - 1] + 32) / 32, stream_words = (size_t)((per_key * k + 31) / 32);
    uint32_t *bitmap = AK_ARENA_ARRAY(&x->w->arena, uint32_t, bitmap_words);
    uint32_t *stream = AK_ARENA_ARRAY(&x->w->arena, uint32_t, stream_words + 1);
    primeanim_descriptor_mp1 *d1 = AK_ARENA_ARRAY(&x->w->arena, primeanim_descriptor_mp1, d);
    primeanim_descriptor_mp2 *d2 = AK_ARENA_ARRAY(&x->w->arena, primeanim_descriptor_mp2, d);
    if (!bitmap || !stream || !d1 || !d2)
        return false;
    for (size_t j = 0; j < x->keys; j++)
        bitmap[x->frames[j] >> 5] |= UINT32_C(1) << (x->frames[j] & 31);
    for (size_t j = 1; j < x->keys; j++)
        for (size_t c = 0; c < x->d; c++)
            for (int g = 0; g < 3; g++) {
                const channel *ch = &x->ch[c];
                if (ch->q[g] && g == AK_PA_ROT)
                    put_bits(stream, &pos, 1, ch->sign[j]);
                for (int a = 0; ch->q[g] && a < 3; a++)
                    put_bits(stream, &pos, ch->bits[g][a],
                             (uint64_t)((int64_t)ch->q[g][3 * j + a] - ch->q[g][3 * (j - 1) + a]));
            }
    for (uint32_t c = 0; c < d; c++) {
        const channel *ch = &x->ch[c];
        primeanim_descriptor_mp2 *s = &d2[c];
        *s = (primeanim_descriptor_mp2){(uint8_t)ch->bone, ch->q[0] ? k : 0, .trans_key_count = ch->q[1] ? k : 0,
                                        .scale_key_count = ch->q[2] ? k : 0};
        if (ch->q[0])
            s->rot = (primeanim_rot_group)GROUP(ch, 0);
        if (ch->q[1])
            s->trans = (primeanim_value_group)GROUP(ch, 1);
        if (ch->q[2])
            s->scale = (primeanim_value_group)GROUP(ch, 2);
        d1[c] = (primeanim_descriptor_mp1){ch->bone, s->rot_key_count, s->rot, s->trans_key_count, s->trans};
    }
    if (doc->layout == primeanim_layout_v2_mp1) {
        primeanim_v2_mp1 *o = &doc->v2_mp1;
        V2_FIELDS(o), o->channel_count_again = d, o->descriptors = d1;
        primeanim_meta_v2_mp1.lets(o, doc);
        o->scratch_size = (uint32_t)(o->unpadded - 4); /* §6 B6 */
        return pad(x, o->unpadded, &o->padding, &o->padding_count);
    }
    primeanim_v2_mp2 *o = &doc->v2_mp2;
    V2_FIELDS(o), o->scale_multiplier = (float)x->mul[AK_PA_SCALE], o->descriptors = d2;
    primeanim_meta_v2_mp2.lets(o, doc);
    o->scratch_size = (uint32_t)(o->unpadded - 4);
    return pad(x, o->unpadded, &o->padding, &o->padding_count);
}

/* The key array of group g (§2.2, §2.3): w x y z or x y z per key,
   channel-major, or frame-major (MP2 scale with v0_scale_order=frame, §6
   B2); *count keys. */
static float *key_array(writer *x, int g, bool frame_major, size_t *count)
{
    size_t n = g == AK_PA_ROT ? 4 : 3, f = x->keys, d = x->d, at = 0, channels = 0;
    for (size_t c = 0; c < d; c++)
        channels += x->ch[c].q[g] != NULL;
    *count = channels * f;
    float *out = AK_ARENA_ARRAY(&x->w->arena, float, *count * n + 1);
    for (size_t i = 0; out && i < d * f; i++) {
        size_t c = frame_major ? i % d : i / f, k = frame_major ? i / d : i % f;
        const double *v = x->values + ((size_t)g * d * f + c * f + k) * 4;
        for (size_t a = 0; x->ch[c].q[g] && a < n; a++)
            out[at++] = (float)v[g == AK_PA_ROT ? (a + 3) % 4 : a];
    }
    return out;
}

/* The compacted map of group g: each channel's index into its key array. */
static uint8_t *map_of(writer *x, int g)
{
    uint8_t *map = ak_arena_alloc(&x->w->arena, x->d + 1, 1), next = 0;
    for (size_t c = 0; map && c < x->d; c++)
        map[c] = x->ch[c].q[g] ? next++ : 0xFF;
    return map;
}

/* §5.3: every frame keyed, channels in bone order, CharAnimTime types 0
   (non-zero) and 2 (zero), the duration (F - 1) intervals (F with
   v0_duration=frames); MP1 a rotation for every channel and the compacted
   translation array, MP2 three maps of length C and the scale keys first. */
#define V0_FIELDS(o, root)                                                                                             \
    (o->duration = duration, o->interval = interval, o->frame_count = frames, o->root_bone_id = root,                 \
     memcpy(o->bone_map, bone_map, sizeof bone_map), o->trans_map = maps[1], o->trans_map_count = d,                   \
     o->rot_key_count = (uint32_t)n[0], o->rot_keys = (float (*)[4])keys[0], o->rot_keys_count = n[0],               \
     o->trans_key_count = (uint32_t)n[1], o->trans_keys = (float (*)[3])keys[1], o->trans_keys_count = n[1])
static bool fill_v0(writer *x, primeanim_file *doc, int64_t frame_major, int64_t duration_frames)
{
    uint32_t frames = (uint32_t)x->keys, d = (uint32_t)x->d;
    double seconds = (duration_frames ? frames : frames - 1) * x->interval;
    primeanim_char_anim_time duration = {(float)seconds, (float)seconds != 0 ? 0 : 2};
    primeanim_char_anim_time interval = {(float)x->interval, (float)x->interval != 0 ? 0 : 2};
    uint8_t bone_map[100];
    memset(bone_map, 0xFF, sizeof bone_map);
    for (uint32_t c = 0; c < d; c++)
        bone_map[x->ch[c].bone] = (uint8_t)c;
    size_t n[3];
    float *keys[3] = {key_array(x, AK_PA_ROT, false, &n[0]), key_array(x, AK_PA_TRANS, false, &n[1]),
                      key_array(x, AK_PA_SCALE, frame_major, &n[2])};
    uint8_t *maps[3] = {map_of(x, AK_PA_ROT), map_of(x, AK_PA_TRANS), map_of(x, AK_PA_SCALE)};
    if (!keys[0] || !keys[1] || !keys[2] || !maps[0] || !maps[1] || !maps[2])
        return false;
    if (doc->layout == primeanim_layout_v0_mp1) {
        primeanim_v0_mp1 *o = &doc->v0_mp1;
        V0_FIELDS(o, 3), o->channel_count = d;
        primeanim_meta_v0_mp1.lets(o, doc);
        return pad(x, o->unpadded, &o->padding, &o->padding_count);
    }
    primeanim_v0_mp2 *o = &doc->v0_mp2;
    V0_FIELDS(o, 0), o->rot_map_length = o->trans_map_length = o->scale_map_length = d;
    o->rot_map = maps[0], o->scale_map = maps[2], o->rot_map_count = o->scale_map_count = d;
    o->scale_key_count = (uint32_t)n[2], o->scale_keys = (float (*)[3])keys[2], o->scale_keys_count = n[2];
    primeanim_meta_v0_mp2.lets(o, doc);
    return pad(x, o->unpadded, &o->padding, &o->padding_count);
}

bool primeanim_model_keys_back(ak_model_writer *w, primeanim_file *doc)
{
    writer *x = AK_ARENA_NEW(&w->arena, writer);
    int64_t frame_major, duration_frames;
    bool v0 = doc->version == 0;
    if (!x)
        return false;
    x->w = w, x->game = doc->game, x->mul[0] = x->mul[1] = x->mul[2] = 1;
    if (!v0_options(w->opt, &frame_major, &duration_frames, &x->why)) {
        ak_mm_refuse(w, NULL, "%s", x->why);
        return false;
    }
    if (!collect(x))
        return false;
    if (!x->d) {
        ak_mm_refuse(w, NULL, "no bone track (a target bone_<0..99> with rotation, position%s)",
                     x->game == AK_PA_MP2 ? " or scale" : "");
        return false;
    }
    qsort(x->ch, x->d, sizeof *x->ch, cmp_channel);
    bool ok = keyed_frames(x) && (!v0 || all_frames(x));
    x->values = ok ? AK_ARENA_ARRAY(&w->arena, double, x->d * x->keys * 4 * (v0 ? 3 : 1)) : NULL;
    ok = x->values != NULL;
    for (int g = 0; ok && g < 3; g++)
        ok = quantise(x, g, v0);
    ok = ok && (v0 ? fill_v0(x, doc, frame_major, duration_frames) : fill_v2(x, doc));
    if (!ok && x->why)
        ak_mm_refuse(w, NULL, "%s", x->why);
    return ok;
}
