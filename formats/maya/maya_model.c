/* The maths of Maya's model section (maya.document): its curves into the
 * common model. Each curve is a double track; its target is its node and
 * attribute (docs/model.md: a compound's child `translate.translateX` is
 * one component of the parent's target, the parent named by the section's
 * `names`). Times go to seconds (time input) or stay plain numbers
 * (unitless input); values stay in the file's units. Tangents are resolved
 * as Maya's animEngine does (spec 3.3) in graph space (x = frames of the
 * input unit, y = value), then turned into slopes per second and, for
 * weighted curves, handle extents as fractions of the segment (the model's
 * and runtime/curve.h's convention). */
#include "maya_syntax.h"

#include <curve.h>
#include <model.h>

#include <math.h>
#include <string.h>

#define PI 3.14159265358979323846

typedef struct vec {
    double x, y;
} vec;

static bool is(const char *w, const char *s) { return w && strcmp(w, s) == 0; }

/* A unit's factor (0: no unit, or none Maya knows), else the fallback. */
static double unit_or(double factor, double fallback) { return factor > 0 ? factor : fallback; }

/* The unit of a curve's values: its outputUnit, else the header's unit of
 * its output kind (the header's linearUnit, angularUnit); none for unitless. */
static const char *value_unit(const maya_doc *doc, const maya_adata *a)
{
    if (a->output_unit)
        return is(a->output_unit, "unitless") ? NULL : a->output_unit;
    if (is(a->output, "linear"))
        return doc->linear_unit;
    if (is(a->output, "angular"))
        return doc->angular_unit;
    return NULL;
}

/* (MAYA_INF_* are in ak_infinity's order) */
static ak_infinity infinity_of(const char *w)
{
    int i = w ? maya_word_of((const uint8_t *)w, strlen(w)).infinity : -1;
    return i > 0 ? (ak_infinity)i : AK_INF_CONSTANT;
}

/* The spline (smooth) tangent of key k: in (side 0) or out (side 1). */
static vec spline(const maya_key *k, size_t n, size_t i, int side)
{
    vec v = {1, 0};
    if (n < 2)
        return v;
    if (i == 0 || i == n - 1) {
        size_t a = i == 0 ? 0 : n - 2;
        v.x = k[a + 1].time - k[a].time;
        v.y = k[a + 1].value - k[a].value;
        return v;
    }
    double span = k[i + 1].time - k[i - 1].time;
    double s = span < 1e-4 ? (k[i + 1].value - k[i - 1].value) * 1e4 : (k[i + 1].value - k[i - 1].value) / span;
    double dx = side == 0 ? k[i].time - k[i - 1].time : k[i + 1].time - k[i].time;
    v.x = dx;
    v.y = dx * s;
    return v;
}

static vec chord(const maya_key *k, size_t n, size_t i, int side)
{
    vec v = {1, 0};
    if (side == 0 && i > 0) {
        v.x = k[i].time - k[i - 1].time;
        v.y = k[i].value - k[i - 1].value;
    } else if (side == 1 && i + 1 < n) {
        v.x = k[i + 1].time - k[i].time;
        v.y = k[i + 1].value - k[i].value;
    }
    return v;
}

static vec flat(const maya_key *k, size_t n, size_t i, int side)
{
    vec v = {0, 0};
    if (n < 2)
        return v;
    if (side == 0)
        v.x = i > 0 ? k[i].time - k[i - 1].time : k[1].time - k[0].time;
    else
        v.x = i + 1 < n ? k[i + 1].time - k[i].time : k[i].time - k[i - 1].time;
    return v;
}

/* The tangent of key i on one side, in graph space (spec 3.3). */
static vec tangent(const maya_key *k, size_t n, size_t i, int side, double angle_rad_per_unit)
{
    int type = side == 0 ? k[i].in_tangent : k[i].out_tangent;
    switch (type) {
    case MAYA_TANGENT_FIXED: {
        double a = (side == 0 ? k[i].in_angle : k[i].out_angle) * angle_rad_per_unit;
        double w = side == 0 ? k[i].in_weight : k[i].out_weight;
        vec v = {3 * w * cos(a), 3 * w * sin(a)};
        return v;
    }
    case MAYA_TANGENT_LINEAR:
    case MAYA_TANGENT_SLOW:
    case MAYA_TANGENT_FAST:
        return chord(k, n, i, side);
    case MAYA_TANGENT_FLAT:
        return flat(k, n, i, side);
    case MAYA_TANGENT_STEP:
    case MAYA_TANGENT_STEPNEXT: {
        vec v = {0, 0};
        return v;
    }
    case MAYA_TANGENT_CLAMPED: {
        double prev = i > 0 ? k[i - 1].value : (i + 1 < n ? k[i + 1].value : k[i].value);
        double next = i + 1 < n ? k[i + 1].value : prev;
        bool has_side = side == 0 ? i > 0 : i + 1 < n;
        if (has_side && (fabs(prev - k[i].value) <= 0.05 || fabs(next - k[i].value) <= 0.05))
            return flat(k, n, i, side);
        return spline(k, n, i, side);
    }
    case MAYA_TANGENT_PLATEAU:
    case MAYA_TANGENT_AUTO:
    case MAYA_TANGENT_AUTOEASE:
    case MAYA_TANGENT_AUTOMIX:
    case MAYA_TANGENT_AUTOCUSTOM: {
        if (i == 0 || i + 1 >= n)
            return flat(k, n, i, side);
        double y0 = k[i - 1].value, y = k[i].value, y1 = k[i + 1].value;
        if ((y >= y0 && y >= y1) || (y <= y0 && y <= y1))
            return flat(k, n, i, side); /* an extremum */
        vec v = spline(k, n, i, side);
        double reach = v.y / 3; /* the handle's rise */
        double limit = side == 0 ? y0 - y : y1 - y;
        bool over = side == 0 ? fabs(-reach) > fabs(limit) : fabs(reach) > fabs(limit);
        if (over) {
            if (type == MAYA_TANGENT_PLATEAU)
                return flat(k, n, i, side);
            double scale = reach != 0 ? fabs(limit / reach) : 0;
            v.y *= scale;
        }
        return v;
    }
    default: /* spline, global, unknown */
        return spline(k, n, i, side);
    }
}

static void to_model_key(ak_key *out, const maya_key *k, size_t n, size_t i, bool weighted, double angle_unit,
                         double fps)
{
    memset(out, 0, sizeof *out);
    out->value.d[0] = k[i].value;
    out->interp = k[i].out_tangent == MAYA_TANGENT_STEP       ? AK_INTERP_HOLD
                  : k[i].out_tangent == MAYA_TANGENT_STEPNEXT ? AK_INTERP_STEP_NEXT
                                                              : AK_INTERP_HERMITE;
    out->has_tangents = true;
    out->flags = (k[i].tan_locked == 1 ? 1u : 0u) | (k[i].weight_locked == 1 ? 2u : 0u) |
                 (k[i].breakdown == 1 ? 4u : 0u);
    for (int side = 0; side < 2; side++) {
        vec v = tangent(k, n, i, side, angle_unit);
        double slope, weight = 1.0 / 3;
        if (!weighted) {
            double len = sqrt(v.x * v.x + v.y * v.y);
            if (len > 0) {
                v.x /= len;
                v.y /= len;
            }
            if (v.x < 0)
                v.x = 0;
            if (v.x == 0 && v.y != 0)
                v.x = 1e-4;
        } else if (v.x < 0) {
            v.x = 0;
        }
        slope = v.x > 0 ? v.y / v.x : 0;
        if (weighted) {
            double seg = side == 0 ? (i > 0 ? k[i].time - k[i - 1].time : 0)
                                   : (i + 1 < n ? k[i + 1].time - k[i].time : 0);
            weight = seg > 0 ? (v.x / 3) / seg : 1.0 / 3;
        }
        slope *= fps; /* per frame -> per second */
        if (side == 0) {
            out->in_tangent.d[0] = slope;
            out->in_weight = weight;
            out->in_weighted = weighted;
        } else {
            out->out_tangent.d[0] = slope;
            out->out_weight = weight;
            out->out_weighted = weighted;
        }
    }
}

/* A node name of the file as an object path: a name the writer had to start
   with '_' (Maya names do not start with a digit) loses it again, and "_"
   is the animation itself (a track of no object). */
static const char *path_of(ak_model_builder *b, const char *node)
{
    if (node && node[0] == '_' && (node[1] == '\0' || (node[1] >= '0' && node[1] <= '9')))
        return ak_mb_cstring(b, node + 1);
    return node;
}

/* The target of a curve: its attribute `A.AX` is component x of A (A
   through the section's names), any other its own property. */
static void target_of(ak_model_builder *b, const char *path, const char *attr, ak_target *out)
{
    const char *dot = attr ? strrchr(attr, '.') : NULL;
    size_t n = dot ? (size_t)(dot - attr) : 0;
    static const char comps[] = "XYZW";
    if (dot && dot[1] && strlen(dot + 1) == n + 1 && strncmp(dot + 1, attr, n) == 0 && strchr(comps, dot[1 + n])) {
        const char *parent = ak_mb_string(b, attr, n);
        ak_target_of(maya_model_names, MAYA_MODEL_NAMES, path, parent, AK_VT_DOUBLE,
                     (int)(strchr(comps, dot[1 + n]) - comps), out, NULL);
        return;
    }
    ak_target_of(maya_model_names, MAYA_MODEL_NAMES, path, attr, AK_VT_DOUBLE, AK_WHOLE, out, NULL);
}

/* The tracks of doc's curves (their headers: ak_mb_keys), for each batch
   of entries the grammar completes, then those left (ak_ldoc_each): the
   header before the entries is whole each time. */
bool maya_model_curves(ak_model_builder *b, const maya_doc *doc, const ak_options *opt)
{
    (void)opt;
    ak_animation *anim = b->anim;
    /* the scene defaults when the file does not say */
    double header_fps = unit_or(maya_time_unit_fps(doc->time_unit), 24);
    double header_angle = unit_or(maya_angular_unit_rad(doc->angular_unit), PI / 180);
    for (size_t i = 0; i < doc->entries_count; i++) {
        const maya_entry *e = &doc->entries[i];
        if (e->kind != MAYA_ENTRY_KIND_CURVE)
            continue;
        const maya_adata *a = &e->anim_data;
        ak_track *t = ak_mb_track(b);
        if (!t)
            return false;
        /* copies: the document goes once the model is built */
        t->node = e->names_count == 3 ? ak_mb_cstring(b, e->names[2]) : NULL;
        t->property = e->names_count >= 1 ? ak_mb_cstring(b, e->names[0]) : NULL;
        if (b->failed)
            return false;
        target_of(b, path_of(b, t->node), t->property, &t->target);
        t->type = AK_VT_DOUBLE;
        t->value_unit = ak_mb_cstring(b, value_unit(doc, a));
        t->kind = AK_TRACK_CURVE;
        t->pre = infinity_of(a->pre_infinity);
        t->post = infinity_of(a->post_infinity);
        bool unitless_input = is(a->input, "unitless") || (a->input && !is(a->input, "time"));
        double fps = unitless_input ? 1 : unit_or(maya_time_unit_fps(a->input_unit), header_fps);
        double angle = unit_or(maya_angular_unit_rad(a->tangent_angle_unit), header_angle);
        bool weighted = a->has_weighted && a->weighted == 1;
        if (!ak_mb_keys(b, t, a->keys_count, AK_KEYS_TANGENTS | AK_KEYS_FLAGS | (weighted ? AK_KEYS_WEIGHTS : 0)))
            return false;
        for (size_t k = 0; k < a->keys_count; k++) {
            ak_key key;
            if (!b->headers) /* (a header's key is its time: no tangent to resolve) */
                to_model_key(&key, a->keys, a->keys_count, k, weighted, angle, fps);
            key.time = a->keys[k].time / fps;
            ak_key_set(t, k, &key);
        }
    }
    /* the time range the file says (in the header's time unit), else none */
    if (doc->has_start_time && doc->has_end_time && doc->start_time < doc->end_time) {
        anim->start = doc->start_time / header_fps;
        anim->end = doc->end_time / header_fps;
    }
    return true;
}
