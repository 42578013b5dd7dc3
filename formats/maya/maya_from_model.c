/* The maths of Maya's model section (maya.document), the other way: the
 * common model as a Maya .anim. Every numeric component of a track with
 * keys becomes one curve: node = the target's path (as a Maya name: what
 * Maya names cannot hold becomes '_', a leading digit gets one in front,
 * and distinct paths stay distinct), attribute = the target's property in
 * Maya's words (position.x: translate.translateX; a property of its own:
 * `<p>.<p>X` for a component, `p` whole). Times are written in frames of
 * `film` (24 fps); slopes become fixed tangents (angle in degrees of graph
 * space, where x is frames); weights (fractions of the segment) become Maya
 * weights. What Maya cannot hold is a loss, once per kind. */
#include "budget.h"
#include "diag.h"
#include "maya_syntax.h"

#include <curve.h>
#include <model.h>

#include <math.h>
#include <stdio.h>
#include <string.h>

#define PI 3.14159265358979323846

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

/* A target's path as a Maya node name: blanks, ';' and quotes become '_',
   and a name that starts with a digit or a sign Maya names do not start
   with gets a '_' in front (maya_model.c takes it off again before a digit). */
static const char *maya_name(ak_arena *a, const char *s, const char *fallback)
{
    if (!s || !*s)
        s = fallback;
    size_t n = strlen(s);
    bool prefix = (s[0] >= '0' && s[0] <= '9') || s[0] == '#' || s[0] == '/' || s[0] == '{' || s[0] == '}';
    char *r = ak_arena_alloc(a, n + 2, 1);
    if (!r)
        return fallback;
    r[0] = '_';
    memcpy(r + prefix, s, n + 1);
    for (size_t i = prefix; i < n + prefix; i++)
        if (r[i] == ' ' || r[i] == '\t' || r[i] == '\r' || r[i] == '\n' || r[i] == ';' || r[i] == '"')
            r[i] = '_';
    return r;
}

static const char *leaf_of(const char *full)
{
    const char *dot = strrchr(full, '.');
    return dot && dot[1] ? dot + 1 : full;
}

/* One tangent side as a Maya fixed tangent: angle (degrees) and weight. */
static void fixed_side(double slope_per_s, double weight_fraction, double seg_frames, double fps, bool weighted,
                       double *angle, double *weight, bool *zero_weight)
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
        *zero_weight = true;
    }
}

/* A target's path as a node name ("_": the animation itself). */
static const char *node_spelling(ak_arena *a, const char *path)
{
    return maya_name(a, path, "_");
}

/* The full attribute of a target (component c of a whole track), in Maya's
   words: the section's name of the canonical property, a compound's child
   `A.AX` for a component. */
static const char *attribute_of(ak_model_writer *w, const ak_target *target, int c)
{
    bool whole = false;
    int comp = target->component >= 0 ? target->component : c;
    const char *native = ak_target_native(maya_model_names, MAYA_MODEL_NAMES, target->property, AK_WHOLE, false, &whole);
    const char *base = native ? native : target->property && target->property[0] ? target->property : "value";
    if (comp < 0)
        return maya_name(&w->arena, base, "value");
    size_t n = 2 * strlen(base) + 3;
    char *full = ak_arena_alloc(&w->arena, n, 1);
    if (full)
        snprintf(full, n, "%s.%s%c", base, leaf_of(base), "XYZW"[comp & 3]);
    return full ? maya_name(&w->arena, full, "value") : NULL;
}

bool maya_model_curves_back(ak_model_writer *w, maya_doc *doc)
{
    const ak_animation *anim = w->anim;
    const double fps = 24;
    size_t curves = 0;
    for (size_t t = 0; t < anim->track_count; t++) {
        const ak_value_type_info *info = ak_value_type_info_of(anim->tracks[t].type);
        if (info && info->kind != AK_VK_STRING && anim->tracks[t].key_count)
            curves += ak_mm_target(w, &anim->tracks[t])->component >= 0 ? 1 : info->components;
    }
    maya_entry *ents = AK_ARENA_ARRAY(&w->arena, maya_entry, curves ? curves : 1);
    if (!ents)
        return false;
    ak_mm_names nodes = {0};
    bool zero_weight = false, any = false;
    double first = 0, last = 0;
    for (size_t t = 0; t < anim->track_count; t++) {
        const ak_track *tr = &anim->tracks[t];
        const ak_value_type_info *info = ak_value_type_info_of(tr->type);
        w->index.taken[t] = true; /* every track has its curves, or a loss */
        if (!info || info->kind == AK_VK_STRING) {
            ak_mm_loss(w, "string tracks left out: Maya curves hold numbers only", tr, 0);
            continue;
        }
        if (tr->key_count == 0) {
            ak_mm_loss(w, "tracks without keys left out: Maya curves have keys", tr, 0);
            continue;
        }
        const ak_target *target = ak_mm_target(w, tr);
        unsigned n = target->component >= 0 ? 1 : info->components;
        for (unsigned c = 0; c < n; c++) {
            maya_entry *e = &ents[doc->entries_count++];
            memset(e, 0, sizeof *e);
            e->kind = MAYA_ENTRY_KIND_CURVE;
            const char *attr = attribute_of(w, target, info->components > 1 ? (int)c : AK_WHOLE);
            e->names = AK_ARENA_ARRAY(&w->arena, const char *, 3);
            const char *node = ak_mm_distinct(w, &nodes, target->path ? target->path : "", node_spelling,
                                               "names made distinct for Maya");
            if (!e->names || !attr || !node)
                return false;
            e->names_count = 3;
            e->names[0] = attr;
            e->names[1] = leaf_of(attr);
            e->names[2] = node;
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
            if (!ak_curve_from_track(tr, c, &w->arena, &curve))
                return false;
            a->keys = AK_ARENA_ARRAY(&w->arena, maya_key, curve.count ? curve.count : 1);
            if (!a->keys)
                return false;
            a->keys_count = curve.count;
            for (size_t k = 0; k < curve.count; k++) {
                const ak_curve_key *ck = &curve.keys[k];
                maya_key *mk = &a->keys[k];
                memset(mk, 0, sizeof *mk);
                if (!ak_mm_time_ok(w, tr, ck->time, false))
                    return false;
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
                        ak_mm_loss(w, "Tangent and CubicBezier keys written as Hermite slopes", tr, 0);
                }
                if (k > 0 && !(ck->time > curve.keys[k - 1].time))
                    ak_mm_loss(w, "keys with equal or decreasing times written as they are", tr, 0);
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
                               &mk->in_angle, &mk->in_weight, &zero_weight);
                    break;
                }
                switch (ck->segment) {
                case AK_SEG_LINEAR: mk->out_tangent = MAYA_TANGENT_LINEAR; break;
                case AK_SEG_STEP: mk->out_tangent = MAYA_TANGENT_STEP; break;
                case AK_SEG_STEP_NEXT: mk->out_tangent = MAYA_TANGENT_STEPNEXT; break;
                case AK_SEG_HERMITE:
                    mk->out_tangent = MAYA_TANGENT_FIXED;
                    fixed_side(ck->out_slope, ck->out_weighted ? ck->out_weight : 1.0 / 3, seg_out, fps, weighted,
                               &mk->out_angle, &mk->out_weight, &zero_weight);
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
    doc->entries = ents;
    doc->anim_version = "1.1";
    doc->maya_version = "2026";
    doc->precision = 8;
    /* Maya writes the units with a time range, and only then: the
       animation's own (never ending before its last key), else the keys' */
    double start = isfinite(anim->end) ? anim->start * fps : first, end = isfinite(anim->end) ? ak_animation_end(anim) * fps : last;
    if (any && start < end) {
        doc->time_unit = "film";
        doc->linear_unit = "cm";
        doc->angular_unit = "deg";
        doc->has_start_time = doc->has_end_time = true;
        doc->start_time = start < first ? start : first;
        doc->end_time = end;
    }
    if (zero_weight)
        ak_mm_loss(w, "tangent weights of 0 written as 1e-06: Maya weights are positive", NULL, 0);
    if (anim->name && anim->name[0])
        ak_mm_loss(w, "the animation's name left out: .anim files have none", NULL, 0);
    return true;
}
