/* The common model -> a new Metroid Prime ANIM file: v2 by the compressor
 * of spec §2.12 with the canonical constants of §5.2, or v0 (§5.3) with
 * --format-version 0; either game (format option game=mp1|mp2, MP1 by
 * default).
 *
 * Tracks are taken by target: node "<bone id>" (0..99) and property
 * rotation (a quaternion type), translation or scale (3 components; scale
 * only in MP2). Keyed frames are the union of the tracks' key times on a
 * grid of the smallest gap between them (rounded down to whole
 * microseconds, as retail data is); each track is evaluated there. The
 * model's looping flag (v2) and its attribute primeanim.evnt_id (MP1) go
 * into the header. What cannot be written is reported once per kind as
 * primeanim.convert.loss. */
#include "bits.h"
#include "model.h"
#include "budget.h"
#include "primeanim.h"
#include "primeanim_layout.h"

#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#define R(name) (&primeanim_rules[primeanim_R_##name])
#define DIV 0x7FFF
#define MAX_KEYS 65535u

typedef struct channel {
    uint32_t bone;
    const ak_track *track[3];
    int32_t *q[3];  /* quantised totals per key, 3 per key */
    bool *sign;
    uint8_t bits[3][3];
} channel;

static int group_of(const ak_track *t, int game)
{
    const ak_value_type_info *info = ak_value_type_info_of(t->type);
    bool numeric = info->kind == AK_VK_F32 || info->kind == AK_VK_F64;
    if (!t->property || !numeric)
        return -1;
    if (strcmp(t->property, "rotation") == 0 && (t->type == AK_VT_FLOATQ || t->type == AK_VT_DOUBLEQ))
        return AK_PA_ROT;
    if (strcmp(t->property, "translation") == 0 && info->components == 3)
        return AK_PA_TRANS;
    if (strcmp(t->property, "scale") == 0 && info->components == 3 && game == AK_PA_MP2)
        return AK_PA_SCALE;
    return -1;
}

static int bone_of(const char *node)
{
    if (!node || !*node || strlen(node) > 2)
        return -1;
    int v = 0;
    for (const char *p = node; *p; p++) {
        if (*p < '0' || *p > '9')
            return -1;
        v = v * 10 + (*p - '0');
    }
    return v;
}

static double component(const ak_track *t, const ak_value *v, int i)
{
    return ak_value_type_info_of(t->type)->kind == AK_VK_F64 ? v->d[i] : v->f[i];
}

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

static unsigned minbits(int64_t d)
{
    unsigned n = 1;
    while (n < 32 && (d < -(INT64_C(1) << (n - 1)) || d > (INT64_C(1) << (n - 1)) - 1))
        n++;
    return n;
}

/* The keyed frames (§2.12): sorted unique key times on a grid. */
static bool keyed_frames(const channel *ch, size_t d, ak_arena *a, double *interval, uint32_t **frames, size_t *count,
                         const char **why)
{
    size_t n = 0;
    for (size_t c = 0; c < d; c++)
        for (int g = 0; g < 3; g++)
            n += ch[c].track[g] ? ch[c].track[g]->key_count : 0;
    double *t = AK_ARENA_ARRAY(a, double, n + 1);
    if (!t)
        return false;
    size_t k = 0;
    t[k++] = 0;
    for (size_t c = 0; c < d; c++)
        for (int g = 0; g < 3; g++) {
            const ak_track *tr = ch[c].track[g];
            for (size_t i = 0; tr && i < tr->key_count; i++) {
                double time = ak_key_time(tr, i);
                if (!isfinite(time) || time < 0) {
                    *why = "a key time is negative, NaN or infinite";
                    return false;
                }
                t[k++] = time;
            }
        }
    qsort(t, k, sizeof *t, cmp_double);
    double gap = 0;
    for (size_t i = 1; i < k; i++)
        if (t[i] - t[i - 1] > 1e-6 && (gap == 0 || t[i] - t[i - 1] < gap))
            gap = t[i] - t[i - 1];
    gap = gap > 0 ? floor(gap * 1e6) / 1e6 : 1.0 / 30; /* one keyed time: 30 frames per second [G] */
    if (gap < 1e-6)
        gap = 1e-6;
    uint32_t *f = AK_ARENA_ARRAY(a, uint32_t, k + 1);
    if (!f)
        return false;
    size_t m = 0;
    for (size_t i = 0; i < k; i++) {
        double fr = floor(t[i] / gap + 0.5);
        if (fr >= 1048575) {
            *why = "more than 1,048,576 frames at the keys' spacing";
            return false;
        }
        if (m == 0 || (uint32_t)fr > f[m - 1])
            f[m++] = (uint32_t)fr;
    }
    if (m == 1) /* only one keyed frame: duplicate it at frame 1 (§2.12) */
        f[m++] = 1;
    if (m - 1 > MAX_KEYS) {
        *why = "more than 65,535 keyed frames";
        return false;
    }
    *interval = gap;
    *frames = f;
    *count = m;
    return true;
}

/* Quantises group g of every channel; the multiplier for translation and scale. */
static bool quantise(channel *ch, size_t d, int g, const double *values, size_t keys, double *multiplier)
{
    if (g == AK_PA_ROT) {
        for (size_t c = 0; c < d; c++) {
            if (!ch[c].q[g])
                continue;
            const double *v = values + c * keys * 4;
            double prev[4] = {1, 0, 0, 0};
            for (size_t k = 0; k < keys; k++) {
                double q[4] = {v[4 * k + 3], v[4 * k], v[4 * k + 1], v[4 * k + 2]}; /* w x y z */
                double len = sqrt(q[0] * q[0] + q[1] * q[1] + q[2] * q[2] + q[3] * q[3]);
                for (int i = 0; i < 4; i++)
                    q[i] = len > 0 ? q[i] / len : (i == 0);
                double dot = q[0] * prev[0] + q[1] * prev[1] + q[2] * prev[2] + q[3] * prev[3];
                /* key 0's sign is + (mandatory); later keys stay in one hemisphere (§2.12, §6 B15) */
                if ((k == 0 && q[0] < 0) || (k > 0 && dot < 0))
                    for (int i = 0; i < 4; i++)
                        q[i] = -q[i];
                memcpy(prev, q, sizeof prev);
                for (int a = 0; a < 3; a++) {
                    double x = q[a + 1] < -1 ? -1 : q[a + 1] > 1 ? 1 : q[a + 1];
                    ch[c].q[g][3 * k + a] = (int32_t)lround(asin(x) * DIV / (M_PI / 2));
                }
                ch[c].sign[k] = q[0] < 0;
            }
        }
        return true;
    }
    double m = 0;
    for (size_t c = 0; c < d; c++)
        for (size_t k = 0; ch[c].q[g] && k < keys; k++)
            for (int a = 0; a < 3; a++) {
                double p = values[(c * keys + k) * 4 + a], step = k ? p - values[(c * keys + k - 1) * 4 + a] : 0;
                m = fmax(m, fmax(fabs(p), fabs(step)));
            }
    if (!isfinite(m))
        return false;
    float mul = m > 0 ? (float)(m / 32766) : 1.0f;
    for (int attempt = 0; attempt < 64; attempt++, mul *= 1.001f) {
        bool fits = true;
        for (size_t c = 0; c < d && fits; c++)
            for (size_t k = 0; ch[c].q[g] && k < keys && fits; k++)
                for (int a = 0; a < 3; a++) {
                    double x = floor(values[(c * keys + k) * 4 + a] / mul + 0.5);
                    int64_t prev = k ? ch[c].q[g][3 * (k - 1) + a] : 0;
                    if (fabs(x) > 32767 || (k && llabs((int64_t)x - prev) > 32767)) {
                        fits = false;
                        break;
                    }
                    ch[c].q[g][3 * k + a] = (int32_t)x;
                }
        if (fits) {
            *multiplier = mul;
            return true;
        }
    }
    return false;
}

static void put16(ak_buf *b, unsigned v)
{
    uint8_t x[2] = {(uint8_t)(v >> 8), (uint8_t)v};
    ak_buf_append(b, x, 2);
}
static void put32(ak_buf *b, uint32_t v)
{
    put16(b, v >> 16);
    put16(b, v & 0xffff);
}
static void putf(ak_buf *b, double v)
{
    float f = (float)v;
    uint32_t u;
    memcpy(&u, &f, 4);
    put32(b, u);
}

/* What the header says beyond the keys: the EVNT id (MP1, 0 = none) and
   the looping flag (v2) */
typedef struct header_values {
    uint32_t evnt, looping;
} header_values;

static bool write_v2(const channel *ch, size_t d, int game, const uint32_t *frames, size_t keys, double interval,
                     const double mul[3], const header_values *hv, ak_buf *out)
{
    bool mp1 = game == AK_PA_MP1;
    uint32_t n = frames[keys - 1] + 1;
    size_t start = out->len;
    put32(out, 2);
    put32(out, 0); /* scratch: below */
    if (mp1) {
        put32(out, hv->evnt);
        put32(out, 1);
    } else {
        put16(out, 0x0101);
    }
    putf(out, frames[keys - 1] * interval);
    putf(out, interval);
    put32(out, mp1 ? 3 : 0);
    put32(out, hv->looping);
    put32(out, DIV);
    putf(out, mul[AK_PA_TRANS]);
    if (!mp1)
        putf(out, mul[AK_PA_SCALE]);
    put32(out, (uint32_t)d);
    put32(out, 1);
    put32(out, n);
    ak_bit_writer w;
    ak_bit_writer_init(&w, out, AK_BITS_BE32_LSB);
    for (size_t j = 0, f = 0; f < n; f++) {
        bool keyed = j < keys && frames[j] == f;
        j += keyed;
        ak_bits_write(&w, 1, keyed);
    }
    ak_bits_flush(&w);
    if (mp1)
        put32(out, (uint32_t)d);
    put32(out, (uint32_t)d);
    for (size_t c = 0; c < d; c++) {
        if (mp1)
            put32(out, ch[c].bone);
        else
            ak_buf_append(out, &(uint8_t){(uint8_t)ch[c].bone}, 1);
        for (int g = 0; g < (mp1 ? 2 : 3); g++) {
            put16(out, ch[c].q[g] ? (unsigned)(keys - 1) : 0);
            for (int a = 0; ch[c].q[g] && a < 3; a++) {
                put16(out, (uint16_t)ch[c].q[g][a]);
                ak_buf_append(out, &ch[c].bits[g][a], 1);
            }
        }
    }
    ak_bit_writer_init(&w, out, AK_BITS_BE32_LSB);
    for (size_t k = 1; k < keys; k++)
        for (size_t c = 0; c < d; c++)
            for (int g = 0; g < 3; g++) {
                if (!ch[c].q[g])
                    continue;
                if (g == AK_PA_ROT)
                    ak_bits_write(&w, 1, ch[c].sign[k]);
                for (int a = 0; a < 3; a++) {
                    int64_t delta = (int64_t)ch[c].q[g][3 * k + a] - ch[c].q[g][3 * (k - 1) + a];
                    ak_bits_write(&w, ch[c].bits[g][a], (uint64_t)delta);
                }
            }
    ak_bits_flush(&w);
    size_t unpadded = out->len - start;
    if (out->failed || w.failed)
        return false;
    uint8_t *scratch = (uint8_t *)out->data + start + 4;
    uint32_t s = (uint32_t)(unpadded - 4);
    scratch[0] = (uint8_t)(s >> 24), scratch[1] = (uint8_t)(s >> 16), scratch[2] = (uint8_t)(s >> 8), scratch[3] = (uint8_t)s;
    while ((out->len - start) % 32)
        ak_buf_append(out, "\xff", 1);
    return !out->failed;
}

/* §5.3: every frame keyed (F = last frame + 1), channels in bone order,
 * MP1: rotation for every channel and the compacted translation array, EVNT
 * id last; MP2: three maps of length C, scale keys first, channel-major
 * (frame-major with v0_scale_order=frame). CharAnimTime types 0 (non-zero)
 * and 2 (zero); duration (F - 1) intervals (F with v0_duration=frames). */
static void put_time(ak_buf *b, double seconds)
{
    putf(b, seconds);
    put32(b, (float)seconds != 0 ? 0 : 2);
}

static bool write_v0(const channel *ch, size_t d, int game, uint32_t frames, double interval, const double *values,
                     const ak_pa_v0_options *o, const header_values *hv, ak_buf *out)
{
    bool mp1 = game == AK_PA_MP1;
    size_t start = out->len;
    uint8_t bone_map[100], map[3][AK_PA_MAX_CHANNELS];
    uint32_t arrays[3] = {0, 0, 0};
    memset(bone_map, 0xFF, sizeof bone_map);
    for (size_t c = 0; c < d; c++) {
        bone_map[ch[c].bone] = (uint8_t)c;
        for (int g = 0; g < 3; g++)
            map[g][c] = ch[c].q[g] ? (uint8_t)arrays[g]++ : 0xFF;
    }
    put32(out, 0);
    put_time(out, (o->duration_frames ? frames : frames - 1) * interval);
    put_time(out, interval);
    put32(out, frames);
    put32(out, mp1 ? 3 : 0);
    put32(out, 100);
    ak_buf_append(out, bone_map, 100);
    for (int g = mp1 ? 1 : 0; g < (mp1 ? 2 : 3); g++) {
        put32(out, (uint32_t)d);
        ak_buf_append(out, map[g], d);
    }
    static const int order_mp1[] = {AK_PA_ROT, AK_PA_TRANS}, order_mp2[] = {AK_PA_SCALE, AK_PA_ROT, AK_PA_TRANS};
    for (int i = 0; i < (mp1 ? 2 : 3); i++) {
        int g = mp1 ? order_mp1[i] : order_mp2[i];
        put32(out, arrays[g] * frames);
        /* channel-major (§2.2, §2.3); MP2 scale frame-major with v0_scale_order=frame (§6 B2) */
        bool frame_major = g == AK_PA_SCALE && o->scale_frame_major;
        size_t outer = frame_major ? frames : d, inner = frame_major ? d : frames;
        for (size_t x = 0; x < outer; x++)
            for (size_t y = 0; y < inner; y++) {
                size_t c = frame_major ? y : x, f = frame_major ? x : y;
                if (!ch[c].q[g])
                    continue;
                const double *v = values + ((size_t)g * d * frames + c * frames + f) * 4;
                if (g == AK_PA_ROT) /* w x y z */
                    putf(out, v[3]), putf(out, v[0]), putf(out, v[1]), putf(out, v[2]);
                else
                    putf(out, v[0]), putf(out, v[1]), putf(out, v[2]);
            }
    }
    if (mp1)
        put32(out, hv->evnt);
    while ((out->len - start) % 32)
        ak_buf_append(out, "\xff", 1);
    return !out->failed;
}

static int cmp_channel(const void *a, const void *b)
{
    const channel *x = a, *y = b;
    return (x->bone > y->bone) - (x->bone < y->bone);
}

bool primeanim_from_model(const struct ak_animation *anim, const ak_options *opt, ak_diags *d, ak_buf *out)
{
    int game = ak_pa_hint(opt) ? ak_pa_hint(opt) : AK_PA_MP1;
    channel ch[AK_PA_MAX_CHANNELS];
    int index[AK_PA_MAX_CHANNELS];
    memset(index, -1, sizeof index);
    size_t count = 0, skipped = 0;
    for (size_t i = 0; i < anim->track_count; i++) {
        const ak_track *t = &anim->tracks[i];
        int bone = bone_of(t->node), g = group_of(t, game);
        if (bone < 0 || g < 0 || !t->key_count) {
            skipped++;
            continue;
        }
        if (index[bone] < 0) {
            index[bone] = (int)count;
            memset(&ch[count], 0, sizeof ch[count]);
            ch[count++].bone = (uint32_t)bone;
        }
        if (ch[index[bone]].track[g])
            skipped++;
        else
            ch[index[bone]].track[g] = t;
    }
    if (skipped)
        ak_report(d, R(CONVERT_LOSS), 0, 0, "", "%s: %zu track%s not written (a target of node \"<bone 0..99>\" "
                  "and property rotation, translation%s is needed)", R(CONVERT_LOSS)->message, skipped,
                  skipped == 1 ? "" : "s", game == AK_PA_MP2 ? " or scale" : "");
    if (!count) {
        ak_report(d, R(CONVERT_REFUSED), 0, 0, "", "%s: no bone track", R(CONVERT_REFUSED)->message);
        return false;
    }
    /* the model's looping flag (v2; unknown: not looping) and EVNT id (MP1) */
    header_values hv = {0, anim->looping == AK_LOOPING_YES};
    const char *evnt = ak_animation_attribute(anim, AK_PA_ATTR_EVNT);
    if (evnt) {
        char *end;
        errno = 0;
        unsigned long long id = strtoull(evnt, &end, 0);
        if (game != AK_PA_MP1)
            ak_report(d, R(CONVERT_LOSS), 0, 0, "", "%s: the EVNT id %s (an Echoes ANIM has none)",
                      R(CONVERT_LOSS)->message, evnt);
        else if (errno || *end || end == evnt || id > 0xFFFFFFFFull || evnt[0] == '-')
            ak_report(d, R(CONVERT_LOSS), 0, 0, "", "%s: the EVNT id '%s' (not a 32-bit number)",
                      R(CONVERT_LOSS)->message, evnt);
        else
            hv.evnt = (uint32_t)id;
    }
    if (anim->looping == AK_LOOPING_YES && opt && opt->format_version && strcmp(opt->format_version, "0") == 0)
        ak_report(d, R(CONVERT_LOSS), 0, 0, "", "%s: the looping flag (version 0 has none)", R(CONVERT_LOSS)->message);
    /* order (§2.12): MP2 ascending; MP1 ascending with the root (bone 3) last */
    qsort(ch, count, sizeof *ch, cmp_channel);
    if (game == AK_PA_MP1)
        for (size_t c = 0; c + 1 < count; c++)
            if (ch[c].bone == 3) {
                channel root = ch[c];
                memmove(&ch[c], &ch[c + 1], (count - c - 1) * sizeof *ch);
                ch[count - 1] = root;
                break;
            }
    ak_arena arena;
    ak_arena_init_budget(&arena, 0, ak_budget_of(d, opt), "the ANIM document");
    double interval = 0, mul[3] = {1, 1, 1};
    uint32_t *frames = NULL;
    size_t keys = 0;
    const char *why = "out of memory";
    bool ok = keyed_frames(ch, count, &arena, &interval, &frames, &keys, &why);
    bool v0 = opt && opt->format_version && strcmp(opt->format_version, "0") == 0;
    ak_pa_v0_options v0_options;
    if (ok && !ak_pa_v0_options_of(opt, &v0_options, &why))
        ok = false;
    if (ok && v0) {
        /* every frame keyed: the grid from 0 to the last keyed frame */
        uint32_t all = frames[keys - 1] + 1;
        uint64_t cap = UINT64_C(64) << 20; /* what the reader accepts (max_file_bytes) */
        if (!ak_format_option_u64(opt, "max_file_bytes", &cap)) {
            why = "format option max_file_bytes is not a byte count";
            ok = false;
        } else if ((uint64_t)all * count * 3 * 16 > cap) {
            why = "the key arrays of every frame exceed max_file_bytes";
            ok = false;
        } else {
            frames = AK_ARENA_ARRAY(&arena, uint32_t, all);
            ok = frames != NULL;
            for (uint32_t f = 0; ok && f < all; f++)
                frames[f] = f;
            keys = all;
        }
    }
    double *values = ok ? AK_ARENA_ARRAY(&arena, double, count * keys * 4 * (v0 ? 3 : 1)) : NULL;
    ok = values != NULL;
    for (int g = 0; g < 3 && ok; g++) {
        for (size_t c = 0; c < count && ok; c++) {
            /* MP1 always has rotation, MP2's first channel too (K comes from it): identity */
            bool need = ch[c].track[g] || (g == AK_PA_ROT && (game == AK_PA_MP1 || c == 0));
            if (!need)
                continue;
            ch[c].q[g] = AK_ARENA_ARRAY(&arena, int32_t, keys * 3);
            ch[c].sign = g == AK_PA_ROT ? AK_ARENA_ARRAY(&arena, bool, keys) : ch[c].sign;
            ok = ch[c].q[g] && (g != AK_PA_ROT || ch[c].sign);
            for (size_t k = 0; k < keys && ok; k++) {
                double *v = values + ((v0 ? (size_t)g * count * keys : 0) + c * keys + k) * 4;
                ak_value val;
                memset(&val, 0, sizeof val);
                v[0] = v[1] = v[2] = 0, v[3] = 1;
                if (ch[c].track[g] && ak_track_eval(ch[c].track[g], frames[k] * interval, &val))
                    for (int a = 0; a < (g == AK_PA_ROT ? 4 : 3); a++)
                        v[a] = component(ch[c].track[g], &val, a);
                if (!isfinite(v[0] + v[1] + v[2] + v[3])) {
                    why = "a value is NaN or infinite";
                    ok = false;
                }
            }
        }
        if (ok && v0)
            continue; /* v0 stores the floats */
        if (ok && !quantise(ch, count, g, values, keys, &mul[g])) {
            why = "values too large for 16-bit totals";
            ok = false;
        }
        for (size_t c = 0; c < count && ok; c++)
            for (int a = 0; ch[c].q[g] && a < 3; a++) {
                unsigned bits = 1;
                for (size_t k = 1; k < keys; k++)
                    bits = (unsigned)fmax(bits, minbits((int64_t)ch[c].q[g][3 * k + a] - ch[c].q[g][3 * (k - 1) + a]));
                ch[c].bits[g][a] = (uint8_t)bits;
            }
    }
    if (ok)
        ok = v0 ? write_v0(ch, count, game, (uint32_t)keys, interval, values, &v0_options, &hv, out)
                : write_v2(ch, count, game, frames, keys, interval, mul, &hv, out);
    else
        ak_report(d, R(CONVERT_REFUSED), 0, 0, "", "%s: %s", R(CONVERT_REFUSED)->message, why);
    ak_arena_free(&arena);
    return ok;
}
