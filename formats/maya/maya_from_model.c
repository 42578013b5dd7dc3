/* The common model -> a Maya .anim (for `animkit convert ... --to maya`).
 *
 * Every numeric component of a track becomes one curve: node = the track's
 * node, attribute = its property (with the component's index for vectors).
 * Times are written in frames of `film` (24 fps) unless a time unit is asked
 * for; slopes become fixed tangents (angle in degrees of graph space, where x
 * is frames); weights (fractions of the segment) become Maya weights. What
 * Maya cannot hold is reported, once per kind, with maya.convert.loss. */
#include "budget.h"
#include "diag.h"
#include "maya.h"
#include "maya_doc.h"

#include <curve.h>
#include <model.h>

#include <math.h>
#include <stdio.h>
#include <string.h>

#define PI 3.14159265358979323846

typedef struct losses {
    bool strings, tangent_kind, non_scalar_name, order, zero_weight;
    size_t empty_tracks;
} losses;

/* Maya weights must be positive: a zero-length handle (a Unity weight of 0)
   is written as this, which draws the same curve to within its precision. */
#define MIN_WEIGHT 1e-6

static const char *infinity_word(ak_infinity i)
{
    switch (i) {
    case AK_INF_LINEAR: return "linear";
    case AK_INF_CYCLE: return "cycle";
    case AK_INF_CYCLE_RELATIVE: return "cycleRelative";
    case AK_INF_OSCILLATE: return "oscillate";
    default: return "constant";
    }
}

/* Replaces what Maya names cannot hold (blanks, ';', quotes) by '_'. */
static const char *maya_name(ak_arena *a, const char *s, const char *fallback)
{
    if (!s || !*s)
        s = fallback;
    size_t n = strlen(s);
    char *r = ak_arena_strndup(a, s, n);
    if (!r)
        return fallback;
    for (size_t i = 0; i < n; i++)
        if (r[i] == ' ' || r[i] == '\t' || r[i] == '\r' || r[i] == '\n' || r[i] == ';' || r[i] == '"')
            r[i] = '_';
    if ((r[0] >= '0' && r[0] <= '9') || r[0] == '#' || r[0] == '/' || r[0] == '{' || r[0] == '}')
        r[0] = '_';
    return r;
}

static const char *leaf_of(const char *full)
{
    const char *dot = strrchr(full, '.');
    return dot && dot[1] ? dot + 1 : full;
}

/* One tangent side as a Maya fixed tangent: angle (degrees) and weight. */
static void fixed_side(double slope_per_s, double weight_fraction, double seg_frames, double fps, bool weighted,
                       double *angle, double *weight, losses *lost)
{
    double slope = slope_per_s / fps; /* value per frame */
    double a = atan(slope);
    *angle = a * 180 / PI;
    if (!weighted || !(seg_frames > 0)) {
        *weight = 1;
        return;
    }
    /* handle = w (cos a, sin a); its time extent is the fraction of the segment */
    double c = cos(a);
    *weight = c > 1e-12 ? weight_fraction * seg_frames / c : weight_fraction * seg_frames;
    if (!(*weight >= MIN_WEIGHT)) {
        *weight = MIN_WEIGHT;
        lost->zero_weight = true;
    }
}

bool maya_from_model(const ak_animation *anim, const ak_options *opt, ak_diags *d, ak_buf *out);
bool maya_from_model(const ak_animation *anim, const ak_options *opt, ak_diags *d, ak_buf *out)
{
    ak_arena arena;
    ak_arena_init_budget(&arena, 1 << 16, ak_budget_of(d, opt), "the Maya document");
    losses lost = {0};
    const double fps = 24;
    maya_doc *doc = AK_ARENA_NEW(&arena, maya_doc);
    size_t curves = 0;
    for (size_t t = 0; t < anim->track_count; t++) {
        const ak_value_type_info *info = ak_value_type_info_of(anim->tracks[t].type);
        if (info && info->kind != AK_VK_STRING && anim->tracks[t].key_count)
            curves += info->components;
    }
    bool ok = doc != NULL;
    maya_entry *ents = ok ? AK_ARENA_ARRAY(&arena, maya_entry, curves ? curves : 1) : NULL;
    ok = ok && ents;
    double first = 0, last = 0;
    bool any = false;
    for (size_t t = 0; ok && t < anim->track_count; t++) {
        const ak_track *tr = &anim->tracks[t];
        const ak_value_type_info *info = ak_value_type_info_of(tr->type);
        if (!info || info->kind == AK_VK_STRING) {
            lost.strings = true;
            continue;
        }
        if (tr->key_count == 0) {
            /* Maya never writes a curve without keys */
            lost.empty_tracks++;
            continue;
        }
        for (unsigned c = 0; ok && c < info->components; c++) {
            maya_entry *e = &ents[doc->entries_count++];
            memset(e, 0, sizeof *e);
            e->kind = MAYA_ENTRY_KIND_CURVE;
            char attr[256];
            const char *prop = tr->property ? tr->property : "value";
            if (info->components > 1)
                snprintf(attr, sizeof attr, "%s.%s%u", prop, leaf_of(prop), c);
            else
                snprintf(attr, sizeof attr, "%s", prop);
            e->names = AK_ARENA_ARRAY(&arena, const char *, 3);
            if (!e->names) {
                ok = false;
                break;
            }
            e->names_count = 3;
            e->names[0] = maya_name(&arena, attr, "value");
            e->names[1] = maya_name(&arena, leaf_of(attr), "value");
            e->names[2] = maya_name(&arena, tr->node, "node");
            e->row = 0;
            e->child = 0;
            e->attr = (double)(doc->entries_count - 1);
            maya_adata *a = &e->anim_data;
            a->input = "time";
            a->output = "unitless";
            bool weighted = false;
            for (size_t k = 0; k < tr->key_count && tr->kind == AK_TRACK_CURVE; k++) {
                double in_weight, out_weight;
                bool in_weighted, out_weighted;
                ak_key_weights(tr, k, &in_weight, &in_weighted, &out_weight, &out_weighted);
                weighted |= in_weighted || out_weighted;
            }
            a->has_weighted = true;
            a->weighted = weighted;
            a->pre_infinity = infinity_word(tr->pre);
            a->post_infinity = infinity_word(tr->post);
            ak_curve curve;
            if (!ak_curve_from_track(tr, c, &arena, &curve)) {
                ok = false;
                break;
            }
            a->keys = AK_ARENA_ARRAY(&arena, maya_key, curve.count ? curve.count : 1);
            if (!a->keys) {
                ok = false;
                break;
            }
            a->keys_count = curve.count;
            for (size_t k = 0; k < curve.count; k++) {
                const ak_curve_key *ck = &curve.keys[k];
                maya_key *mk = &a->keys[k];
                memset(mk, 0, sizeof *mk);
                mk->time = ck->time * fps;
                /* Maya's writer writes values this close to zero as 0 (spec 2.6, 5.1.6) */
                mk->value = fabs(ck->value) <= 1e-10 ? 0.0 : ck->value;
                mk->has_breakdown = true;
                mk->tan_locked = 1;
                if (tr->kind == AK_TRACK_CURVE) {
                    uint32_t fl = ak_key_flags(tr, k);
                    mk->tan_locked = (fl & 1u) != 0;
                    mk->weight_locked = (fl & 2u) != 0;
                    mk->breakdown = (fl & 4u) != 0;
                    ak_interp interp = ak_key_interp(tr, k);
                    if (interp == AK_INTERP_TANGENT || interp == AK_INTERP_CUBIC_BEZIER)
                        lost.tangent_kind = true;
                }
                if (k > 0 && !(ck->time > curve.keys[k - 1].time))
                    lost.order = true;
                const ak_curve_key *prev = k > 0 ? &curve.keys[k - 1] : NULL;
                /* in side: decided by the previous key's segment */
                ak_segment in_seg = prev ? prev->segment : ck->segment;
                double seg_in = prev ? (ck->time - prev->time) * fps : 0;
                double seg_out = k + 1 < curve.count ? (curve.keys[k + 1].time - ck->time) * fps : 0;
                switch (in_seg) {
                case AK_SEG_LINEAR: mk->in_tangent = MAYA_TANGENT_LINEAR; break;
                case AK_SEG_STEP:
                case AK_SEG_STEP_NEXT: mk->in_tangent = MAYA_TANGENT_STEP; break;
                case AK_SEG_HERMITE:
                    mk->in_tangent = MAYA_TANGENT_FIXED;
                    fixed_side(ck->in_slope, ck->in_weighted ? ck->in_weight : 1.0 / 3, seg_in, fps, weighted,
                               &mk->in_angle, &mk->in_weight, &lost);
                    break;
                }
                switch (ck->segment) {
                case AK_SEG_LINEAR: mk->out_tangent = MAYA_TANGENT_LINEAR; break;
                case AK_SEG_STEP: mk->out_tangent = MAYA_TANGENT_STEP; break;
                case AK_SEG_STEP_NEXT: mk->out_tangent = MAYA_TANGENT_STEPNEXT; break;
                case AK_SEG_HERMITE:
                    mk->out_tangent = MAYA_TANGENT_FIXED;
                    fixed_side(ck->out_slope, ck->out_weighted ? ck->out_weight : 1.0 / 3, seg_out, fps, weighted,
                               &mk->out_angle, &mk->out_weight, &lost);
                    break;
                }
                if (!any || mk->time < first)
                    first = mk->time;
                if (!any || mk->time > last)
                    last = mk->time;
                any = true;
            }
        }
    }
    if (ok) {
        doc->entries = ents;
        doc->anim_version = "1.1";
        doc->maya_version = "2026";
        doc->precision = 8;
        /* Maya writes the units with a time range, and only then */
        if (any && first != last) {
            doc->time_unit = "film";
            doc->linear_unit = "cm";
            doc->angular_unit = "deg";
            doc->has_start_time = doc->has_end_time = true;
            doc->start_time = first;
            doc->end_time = last;
        }
        const ak_rule *loss = &maya_rules[maya_R_CONVERT_LOSS];
        if (lost.strings)
            ak_report(d, loss, 0, 0, "", "string tracks were dropped: Maya curves hold numbers only");
        if (lost.tangent_kind)
            ak_report(d, loss, 0, 0, "", "AnimX Tangent/CubicBezier keys were converted to Hermite slopes");
        if (lost.empty_tracks)
            ak_report(d, loss, 0, 0, "", "%zu track%s without keys %s not written: Maya curves have keys",
                      lost.empty_tracks, lost.empty_tracks == 1 ? "" : "s", lost.empty_tracks == 1 ? "was" : "were");
        if (lost.zero_weight)
            ak_report(d, loss, 0, 0, "", "tangent weights of 0 were written as %g: Maya weights are positive",
                      MIN_WEIGHT);
        if (lost.order)
            ak_report(d, loss, 0, 0, "", "keys with equal or decreasing times were written as they are");
        if (anim->name)
            ak_report(d, loss, 0, 0, "", "the animation's name '%s' is not kept: .anim files have none", anim->name);
        ok = maya_emit(doc, opt ? opt->precision : 0, false, ak_diags_strict(d), d, out);
    }
    ak_arena_free(&arena);
    return ok;
}
