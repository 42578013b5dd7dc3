/* Scalar curve evaluation (runtime/curve.h). Knows no format: Maya's and
 * Unity's conventions are converted to slopes and weight fractions by the
 * formats.
 *
 * Weighted segments are cubic Bezier curves in (time, value): the handles
 * leave the keys along their slopes, their time extent being the weight
 * times the segment's duration. Time must stay monotonic along the segment
 * for the curve to be a function; when the handles would make it fold back,
 * both are shortened by the same factor until it no longer does (the
 * boundary of the monotonic region is x1^2 + x2^2 + x1*x2 - 2(x1 + x2) + 1
 * = 0 for normalised handle extents x1, x2), keeping their directions. */
#include "curve.h"

#include <math.h>
#include <string.h>

static double hermite(double v0, double v1, double m0, double m1, double dt, double s)
{
    double s2 = s * s, s3 = s2 * s;
    double h00 = 2 * s3 - 3 * s2 + 1;
    double h10 = s3 - 2 * s2 + s;
    double h01 = -2 * s3 + 3 * s2;
    double h11 = s3 - s2;
    return h00 * v0 + h10 * dt * m0 + h01 * v1 + h11 * dt * m1;
}

static double bezier(double p0, double p1, double p2, double p3, double u)
{
    double v = 1 - u;
    return v * v * v * p0 + 3 * v * v * u * p1 + 3 * v * u * u * p2 + u * u * u * p3;
}

static double bezier_slope(double p0, double p1, double p2, double p3, double u)
{
    double v = 1 - u;
    return 3 * (v * v * (p1 - p0) + 2 * v * u * (p2 - p1) + u * u * (p3 - p2));
}

static double clamp01(double x) { return x < 0 ? 0 : x > 1 ? 1 : x; }

/* A weighted segment at normalised time s in [0, 1]. w0, w1: handle time
 * extents as fractions of the duration; m0, m1: slopes (value per time). */
static double weighted(double v0, double v1, double m0, double m1, double w0, double w1, double dt, double s)
{
    double x1 = clamp01(w0), x2 = clamp01(w1);
    double q = x1 * x1 + x2 * x2 + x1 * x2;
    if (q > 0 && q - 2 * (x1 + x2) + 1 > 0) {
        /* smallest k > 0 with k^2 q - 2k (x1 + x2) + 1 = 0 */
        double b = x1 + x2;
        double disc = b * b - q;
        double k = disc > 0 ? (b - sqrt(disc)) / q : b / q;
        if (k > 0 && k < 1) {
            x1 *= k;
            x2 *= k;
        }
    }
    double y1 = v0 + m0 * x1 * dt;
    double y2 = v1 - m1 * x2 * dt;
    double c1 = x1, c2 = 1 - x2;
    /* solve x(u) = s: Newton from a good start, safeguarded by bisection */
    double lo = 0, hi = 1, u = s;
    for (int i = 0; i < 60; i++) {
        double x = bezier(0, c1, c2, 1, u) - s;
        if (fabs(x) < 1e-14)
            break;
        if (x > 0)
            hi = u;
        else
            lo = u;
        double d = bezier_slope(0, c1, c2, 1, u);
        double next = d > 1e-12 ? u - x / d : (lo + hi) / 2;
        if (!(next > lo && next < hi))
            next = (lo + hi) / 2;
        u = next;
    }
    return bezier(v0, y1, y2, v1, u);
}

static double segment(const ak_curve_key *a, const ak_curve_key *b, double t)
{
    double dt = b->time - a->time;
    if (!(dt > 0))
        return b->value; /* equal times: the last key wins */
    if (t <= a->time)
        return a->value;
    if (t >= b->time)
        return b->value;
    double s = (t - a->time) / dt;
    switch (a->segment) {
    case AK_SEG_STEP:
        return a->value;
    case AK_SEG_STEP_NEXT:
        return b->value;
    case AK_SEG_LINEAR:
        return a->value + (b->value - a->value) * s;
    case AK_SEG_HERMITE:
        break;
    }
    if (a->out_weighted || b->in_weighted) {
        double w0 = a->out_weighted ? a->out_weight : 1.0 / 3;
        double w1 = b->in_weighted ? b->in_weight : 1.0 / 3;
        return weighted(a->value, b->value, a->out_slope, b->in_slope, w0, w1, dt, s);
    }
    return hermite(a->value, b->value, a->out_slope, b->in_slope, dt, s);
}

/* Within [first, last]: the segment holding t. */
static double inside(const ak_curve *c, double t)
{
    size_t lo = 0, hi = c->count - 1;
    if (t >= c->keys[hi].time)
        return c->keys[hi].value;
    /* largest k with keys[k].time <= t (the last of equal times) */
    while (hi - lo > 1) {
        size_t mid = lo + (hi - lo) / 2;
        if (c->keys[mid].time <= t)
            lo = mid;
        else
            hi = mid;
    }
    if (t == c->keys[lo].time)
        return c->keys[lo].value;
    return segment(&c->keys[lo], &c->keys[lo + 1], t);
}

double ak_curve_eval(const ak_curve *c, double t)
{
    if (!c || c->count == 0 || !c->keys)
        return 0;
    const ak_curve_key *f = &c->keys[0], *l = &c->keys[c->count - 1];
    if (isnan(t))
        return t;
    if (c->count == 1) {
        if (t < f->time && c->pre == AK_INF_LINEAR)
            return f->value - (f->time - t) * f->in_slope;
        if (t > f->time && c->post == AK_INF_LINEAR)
            return f->value + (t - f->time) * f->out_slope;
        return f->value;
    }
    if (t >= f->time && t <= l->time)
        return inside(c, t);
    bool before = t < f->time;
    ak_infinity mode = before ? c->pre : c->post;
    double span = l->time - f->time;
    if (!(span > 0) || !isfinite(t))
        mode = mode == AK_INF_LINEAR ? AK_INF_LINEAR : AK_INF_CONSTANT;
    switch (mode) {
    case AK_INF_CONSTANT:
        return before ? f->value : l->value;
    case AK_INF_LINEAR:
        if (f->segment == AK_SEG_STEP && before)
            return f->value;
        return before ? f->value - (f->time - t) * f->in_slope : l->value + (t - l->time) * l->out_slope;
    case AK_INF_CYCLE:
    case AK_INF_CYCLE_RELATIVE:
    case AK_INF_OSCILLATE: {
        double cycles = floor((t - f->time) / span); /* negative before the first key */
        double phase = (t - f->time) - cycles * span;
        if (phase < 0)
            phase = 0;
        if (phase > span)
            phase = span;
        if (mode == AK_INF_OSCILLATE) {
            bool odd = fmod(fabs(cycles), 2.0) == 1.0;
            return inside(c, odd ? l->time - phase : f->time + phase);
        }
        double v = inside(c, f->time + phase);
        if (mode == AK_INF_CYCLE_RELATIVE)
            v += cycles * (l->value - f->value);
        return v;
    }
    }
    return l->value;
}

double ak_value_component(const ak_value *v, ak_value_type type, unsigned component)
{
    const ak_value_type_info *info = ak_value_type_info_of(type);
    if (!info || component >= info->components)
        return 0;
    switch (info->kind) {
    case AK_VK_BOOL: return component < 4 && v->b[component] ? 1 : 0;
    case AK_VK_UINT: return component < 4 ? (double)v->u[component] : 0;
    case AK_VK_INT: return component < 4 ? (double)v->i[component] : 0;
    case AK_VK_F32: return v->f[component];
    case AK_VK_F64: return v->d[component];
    case AK_VK_STRING: return 0;
    }
    return 0;
}

bool ak_curve_from_track(const ak_track *t, unsigned component, ak_arena *arena, ak_curve *out)
{
    const ak_value_type_info *info = ak_value_type_info_of(t->type);
    if (!info || info->kind == AK_VK_STRING || component >= info->components)
        return false;
    ak_curve_key *keys = AK_ARENA_ARRAY(arena, ak_curve_key, t->key_count ? t->key_count : 1);
    if (!keys)
        return false;
    for (size_t i = 0; i < t->key_count; i++) {
        ak_curve_key *c = &keys[i];
        c->time = ak_key_time(t, i);
        c->value = ak_key_component(t, i, component);
        c->in_slope = c->out_slope = 0;
        c->in_weight = c->out_weight = 1.0 / 3;
        c->in_weighted = c->out_weighted = false;
        if (t->kind == AK_TRACK_RAW) {
            c->segment = AK_SEG_LINEAR;
            continue;
        }
        if (t->kind == AK_TRACK_DISCRETE) {
            c->segment = AK_SEG_STEP;
            continue;
        }
        ak_interp interp = ak_key_interp(t, i);
        switch (interp) {
        case AK_INTERP_HOLD: c->segment = AK_SEG_STEP; break;
        case AK_INTERP_LINEAR: c->segment = AK_SEG_LINEAR; break;
        case AK_INTERP_STEP_NEXT: c->segment = AK_SEG_STEP_NEXT; break;
        default: c->segment = AK_SEG_HERMITE; break;
        }
        ak_value in_tangent, out_tangent;
        bool has_tangents = ak_key_has_tangents(t, i) && ak_key_tangents(t, i, &in_tangent, &out_tangent);
        if (has_tangents) {
            if (interp == AK_INTERP_HERMITE) {
                c->in_slope = in_tangent.d[0];
                c->out_slope = out_tangent.d[0];
            } else {
                c->in_slope = ak_value_component(&in_tangent, t->type, component);
                c->out_slope = ak_value_component(&out_tangent, t->type, component);
            }
            /* CubicBezier tangents are control values (model.h, as sample.c
               reads them): a value Bezier over plain time is the Hermite
               segment whose end slopes are 3 (control - value) / duration */
            if (interp == AK_INTERP_CUBIC_BEZIER) {
                double dt = i + 1 < t->key_count ? ak_key_time(t, i + 1) - c->time : 0;
                c->out_slope = dt > 0 ? 3 * (ak_value_component(&out_tangent, t->type, component) - c->value) / dt
                                      : 0;
            }
            if (i > 0 && ak_key_interp(t, i - 1) == AK_INTERP_CUBIC_BEZIER) {
                double dt = c->time - ak_key_time(t, i - 1);
                c->in_slope = dt > 0 ? 3 * (c->value - ak_value_component(&in_tangent, t->type, component)) / dt
                                     : 0;
            }
        }
        double in_weight, out_weight;
        bool in_weighted, out_weighted;
        ak_key_weights(t, i, &in_weight, &in_weighted, &out_weight, &out_weighted);
        if (interp == AK_INTERP_HERMITE) {
            c->out_weight = out_weight;
            c->out_weighted = out_weighted;
        }
        /* the incoming side belongs to the segment before, whatever this
           key's own interpolation (a Glaxnimate hold keyframe ends an eased
           segment) */
        if (interp == AK_INTERP_HERMITE || (in_weighted && has_tangents)) {
            c->in_weight = in_weight;
            c->in_weighted = in_weighted;
        }
    }
    out->keys = keys;
    out->count = t->key_count;
    out->pre = t->pre;
    out->post = t->post;
    return true;
}

/* ---- keys as Bezier segments (AnimX, AnimJ) ----------------------------- */

static double scalar(const ak_value *v, bool f32) { return f32 ? v->f[0] : v->d[0]; }

static void set_scalar(ak_value *v, bool f32, double x)
{
    if (f32)
        v->f[0] = (float)x;
    else
        v->d[0] = x;
}

/* The CubicBezier control values (c1, c2) closest, in least squares over
 * the segment, to a weighted Hermite segment; returns the largest
 * deviation found at 64 points, and *at where. */
static double fit_weighted(const ak_key *k0, const ak_key *k1, double v0, double v1, double *c1, double *c2,
                           double *at)
{
    ak_curve_key ck[2];
    memset(ck, 0, sizeof ck);
    ck[0].time = k0->time;
    ck[0].value = v0;
    ck[0].out_slope = k0->has_tangents ? k0->out_tangent.d[0] : 0;
    ck[0].out_weight = k0->out_weighted ? k0->out_weight : 1.0 / 3;
    ck[0].out_weighted = true;
    ck[0].segment = AK_SEG_HERMITE;
    ck[1].time = k1->time;
    ck[1].value = v1;
    ck[1].in_slope = k1->has_tangents ? k1->in_tangent.d[0] : 0;
    ck[1].in_weight = k1->in_weighted ? k1->in_weight : 1.0 / 3;
    ck[1].in_weighted = true;
    ak_curve curve = {ck, 2, AK_INF_CONSTANT, AK_INF_CONSTANT};
    double dt = k1->time - k0->time;
    /* normal equations of min sum (a1 c1 + a2 c2 - r)^2, a1 = 3u(1-u)^2, a2 = 3u^2(1-u) */
    double s11 = 0, s12 = 0, s22 = 0, r1 = 0, r2 = 0;
    enum { FIT = 32, CHECK = 64 };
    for (int j = 1; j < FIT; j++) {
        double u = (double)j / FIT, w = 1 - u;
        double a1 = 3 * u * w * w, a2 = 3 * u * u * w;
        double r = ak_curve_eval(&curve, k0->time + u * dt) - (w * w * w * v0 + u * u * u * v1);
        s11 += a1 * a1;
        s12 += a1 * a2;
        s22 += a2 * a2;
        r1 += a1 * r;
        r2 += a2 * r;
    }
    double det = s11 * s22 - s12 * s12;
    *c1 = (r1 * s22 - r2 * s12) / det;
    *c2 = (s11 * r2 - s12 * r1) / det;
    double worst = 0;
    *at = k0->time;
    for (int j = 1; j < CHECK; j++) {
        double u = (double)j / CHECK, w = 1 - u;
        double b = w * w * w * v0 + 3 * u * w * w * *c1 + 3 * u * u * w * *c2 + u * u * u * v1;
        double e = fabs(b - ak_curve_eval(&curve, k0->time + u * dt));
        if (e > worst) {
            worst = e;
            *at = k0->time + u * dt;
        }
    }
    return worst;
}

size_t ak_keys_as_bezier(const ak_track *t, const ak_key *keys, size_t n, bool step_keys, ak_key *out,
                         ak_bezier_report *rep)
{
    memset(rep, 0, sizeof *rep);
    const ak_value_type_info *info = ak_value_type_info_of(t->type);
    bool f32 = info->kind == AK_VK_F32;
    bool slopes = info->components == 1 && (f32 || info->kind == AK_VK_F64); /* Hermite d[0] is a slope */
    size_t m = 0;
    for (size_t j = 0; j < n; j++) {
        /* the previous segment, a converted Hermite one, ends at this key:
           its second control value is this key's left tangent */
        bool prev_bezier = m > 0 && out[m - 1].interp == AK_INTERP_CUBIC_BEZIER;
        bool left_set = prev_bezier && keys[j - 1].interp == AK_INTERP_HERMITE;
        ak_value left;
        if (left_set)
            left = out[m].in_tangent; /* written there by the previous segment */
        ak_key *k = &out[m++];
        *k = keys[j];
        if (left_set) {
            if (!k->has_tangents || k->interp == AK_INTERP_HERMITE)
                k->out_tangent = k->value;
            k->in_tangent = left;
            k->has_tangents = true;
        }
        const ak_key *next = j + 1 < n ? &keys[j + 1] : NULL;
        if (k->interp == AK_INTERP_STEP_NEXT) {
            /* the next key's value right after this key: Hold, and a Hold
               key of the next value one float32 step later */
            k->interp = AK_INTERP_HOLD;
            rep->steps++;
            float after = nextafterf((float)k->time, INFINITY);
            if (step_keys && next && (double)after < next->time) {
                ak_key *extra = &out[m++];
                *extra = *next;
                extra->time = after;
                extra->interp = AK_INTERP_HOLD;
                extra->has_tangents = false;
            } else {
                rep->steps_lost++;
            }
            continue;
        }
        if (k->interp != AK_INTERP_HERMITE)
            continue;
        if (!slopes) {
            k->interp = AK_INTERP_LINEAR; /* a vector's slopes are not in the model */
            rep->linearised++;
            continue;
        }
        double v0 = scalar(&k->value, f32);
        double m0 = keys[j].has_tangents ? keys[j].out_tangent.d[0] : 0;
        if (!prev_bezier)
            k->in_tangent = k->value; /* a left tangent no segment uses */
        k->out_tangent = k->value;
        k->has_tangents = true;
        k->interp = AK_INTERP_CUBIC_BEZIER;
        if (!next)
            continue;
        double w0 = k->out_weighted ? k->out_weight : 1.0 / 3;
        double w1 = next->in_weighted ? next->in_weight : 1.0 / 3;
        if (w0 <= 0 && w1 <= 0) {
            k->interp = AK_INTERP_LINEAR; /* zero-length handles on both sides draw a straight line */
            continue;
        }
        double v1 = scalar(&next->value, f32);
        double m1 = next->has_tangents ? next->in_tangent.d[0] : 0;
        double dt = next->time - k->time;
        double c1 = v0 + m0 * dt / 3, c2 = v1 - m1 * dt / 3; /* exact when unweighted (spec 4.2) */
        if ((w0 != 1.0 / 3 || w1 != 1.0 / 3) && dt > 0) {
            double at, dev = fit_weighted(&keys[j], next, v0, v1, &c1, &c2, &at);
            rep->approximated++;
            if (dev > rep->worst || rep->approximated == 1) {
                rep->worst = dev;
                rep->worst_time = at;
            }
        }
        set_scalar(&k->out_tangent, f32, c1);
        /* the next key's left tangent: written into out when it is copied */
        ak_key *slot = &out[m];
        slot->in_tangent = next->value;
        set_scalar(&slot->in_tangent, f32, c2);
    }
    return m;
}
