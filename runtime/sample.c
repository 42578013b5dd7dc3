/* Evaluation of common-model tracks at a time: the model's rules (after the
 * AnimX semantics) for Raw, Discrete and keyed tracks, and the shared scalar
 * curve evaluator (curve.h) for Hermite / step-next tracks. */
#include <animkit/animkit.h>

#include "budget.h"
#include "curve.h"
#include "model.h"
#include "numbers.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* Integers lerp in double, round half away from zero, and saturate. */
static void set_component(ak_value *v, const ak_value_type_info *info, unsigned c, double x)
{
    switch (info->kind) {
    case AK_VK_BOOL: v->b[c] = x >= 0.5; break;
    case AK_VK_UINT: {
        double max = info->bits >= 64 ? 18446744073709551615.0 : ldexp(1.0, info->bits) - 1;
        x = round(x);
        if (!(x > 0))
            v->u[c] = 0;
        else if (x >= max)
            v->u[c] = info->bits >= 64 ? UINT64_MAX : (uint64_t)max;
        else
            v->u[c] = (uint64_t)x;
        break;
    }
    case AK_VK_INT: {
        double lim = ldexp(1.0, info->bits - 1);
        x = round(x);
        if (x >= lim)
            v->i[c] = info->bits >= 64 ? INT64_MAX : (int64_t)(lim - 1);
        else if (x <= -lim)
            v->i[c] = info->bits >= 64 ? INT64_MIN : (int64_t)-lim;
        else if (x != x)
            v->i[c] = 0;
        else
            v->i[c] = (int64_t)x;
        break;
    }
    case AK_VK_F32: v->f[c] = (float)x; break;
    case AK_VK_F64: v->d[c] = x; break;
    case AK_VK_STRING: break;
    }
}

static bool is_quaternion(ak_value_type t) { return t == AK_VT_FLOATQ || t == AK_VT_DOUBLEQ; }

static void normalise_quaternion(ak_value *v, ak_value_type type, const ak_value_type_info *info)
{
    double q[4], len = 0;
    for (unsigned c = 0; c < 4; c++) {
        q[c] = ak_value_component(v, type, c);
        len += q[c] * q[c];
    }
    len = sqrt(len);
    for (unsigned c = 0; c < 4; c++)
        set_component(v, info, c, len < 1e-20 ? (c == 3 ? 1.0 : 0.0) : q[c] / len);
}

static void slerp(ak_value_type type, const ak_value *a, const ak_value *b, double u, ak_value *out,
                  const ak_value_type_info *info)
{
    double qa[4], qb[4], dot = 0;
    for (unsigned c = 0; c < 4; c++) {
        qa[c] = ak_value_component(a, type, c);
        qb[c] = ak_value_component(b, type, c);
        dot += qa[c] * qb[c];
    }
    if (dot < 0) { /* the shorter way round */
        dot = -dot;
        for (unsigned c = 0; c < 4; c++)
            qb[c] = -qb[c];
    }
    double wa = 1 - u, wb = u;
    if (dot < 0.9995) {
        double theta = acos(dot), s = sin(theta);
        wa = sin((1 - u) * theta) / s;
        wb = sin(u * theta) / s;
    }
    for (unsigned c = 0; c < 4; c++)
        set_component(out, info, c, wa * qa[c] + wb * qb[c]);
    normalise_quaternion(out, type, info);
}

static void lerp(ak_value_type type, const ak_value *a, const ak_value *b, double u, ak_value *out)
{
    const ak_value_type_info *info = ak_value_type_info_of(type);
    /* bool and string: a before the middle, b from it on (per component for bool vectors) */
    if (info->kind == AK_VK_BOOL || info->kind == AK_VK_STRING) {
        *out = u < 0.5 ? *a : *b;
        return;
    }
    if (is_quaternion(type)) {
        slerp(type, a, b, u, out, info);
        return;
    }
    memset(out, 0, sizeof *out);
    for (unsigned c = 0; c < info->components; c++) {
        double x = ak_value_component(a, type, c), y = ak_value_component(b, type, c);
        set_component(out, info, c, x + (y - x) * u);
    }
}

static void bezier(ak_value_type type, const ak_key *k0, const ak_key *k1, double u, ak_value *out)
{
    const ak_value_type_info *info = ak_value_type_info_of(type);
    if (info->kind == AK_VK_BOOL || info->kind == AK_VK_STRING) {
        *out = u < 0.5 ? k0->value : k1->value;
        return;
    }
    double w = 1 - u;
    memset(out, 0, sizeof *out);
    for (unsigned c = 0; c < info->components; c++) {
        double p0 = ak_value_component(&k0->value, type, c), p1 = ak_value_component(&k0->out_tangent, type, c);
        double p2 = ak_value_component(&k1->in_tangent, type, c), p3 = ak_value_component(&k1->value, type, c);
        set_component(out, info, c, w * w * w * p0 + 3 * w * w * u * p1 + 3 * w * u * u * p2 + u * u * u * p3);
    }
    if (is_quaternion(type))
        normalise_quaternion(out, type, info);
}

static bool uses_curve_evaluator(const ak_track *t)
{
    for (size_t i = 0; i < t->key_count; i++) {
        ak_interp interp = ak_key_interp(t, i);
        if (interp == AK_INTERP_HERMITE || interp == AK_INTERP_STEP_NEXT)
            return true;
    }
    return t->pre != AK_INF_CONSTANT || t->post != AK_INF_CONSTANT;
}

static void eval_keys(const ak_track *t, double time, ak_value *out);

bool ak_track_sampler_init(ak_track_sampler *s, const ak_track *t, ak_arena *arena)
{
    const ak_value_type_info *info = ak_value_type_info_of(t->type);
    s->track = t;
    s->curves = t->kind == AK_TRACK_CURVE && t->key_count && info->kind != AK_VK_STRING && uses_curve_evaluator(t);
    for (unsigned c = 0; s->curves && c < info->components; c++)
        if (!ak_curve_from_track(t, c, arena, &s->component[c]))
            return false;
    return true;
}

void ak_track_sampler_eval(const ak_track_sampler *s, double time, ak_value *out)
{
    if (!s->curves) {
        eval_keys(s->track, time, out);
        return;
    }
    const ak_value_type_info *info = ak_value_type_info_of(s->track->type);
    memset(out, 0, sizeof *out);
    for (unsigned c = 0; c < info->components; c++)
        set_component(out, info, c, ak_curve_eval(&s->component[c], time));
}

bool ak_track_eval(const ak_track *t, double time, ak_value *out)
{
    ak_arena arena;
    ak_arena_init(&arena, 0);
    ak_track_sampler s;
    bool ok = ak_track_sampler_init(&s, t, &arena);
    if (ok)
        ak_track_sampler_eval(&s, time, out);
    else
        memset(out, 0, sizeof *out);
    ak_arena_free(&arena);
    return ok;
}

/* Raw, Discrete and AnimX-style keyed tracks. */
static void eval_keys(const ak_track *t, double time, ak_value *out)
{
    memset(out, 0, sizeof *out);
    size_t n = t->key_count;
    if (n == 0)
        return; /* the zero value */
    if (t->kind == AK_TRACK_RAW) {
        double x = (time - t->start) / t->interval;
        if (!(t->interval > 0) || n == 1 || !(x > 0)) {
            ak_key_value(t, 0, out);
            return;
        }
        if (x >= (double)(n - 1)) {
            ak_key_value(t, n - 1, out);
            return;
        }
        size_t i = (size_t)x;
        ak_value a, b;
        ak_key_value(t, i, &a);
        ak_key_value(t, i + 1, &b);
        lerp(t->type, &a, &b, x - (double)i, out);
        return;
    }
    /* the last key at or before time; with equal times the later key wins */
    if (time < ak_key_time(t, 0)) {
        ak_key_value(t, 0, out);
        return;
    }
    size_t lo = 0, hi = n; /* first key with time > t */
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        if (ak_key_time(t, mid) <= time)
            lo = mid + 1;
        else
            hi = mid;
    }
    size_t i = lo - 1;
    ak_interp interp = ak_key_interp(t, i);
    if (t->kind == AK_TRACK_DISCRETE || i + 1 >= n || interp == AK_INTERP_HOLD) {
        ak_key_value(t, i, out);
        return;
    }
    ak_key k0, k1;
    ak_key_get(t, i, &k0);
    ak_key_get(t, i + 1, &k1);
    double span = k1.time - k0.time;
    double u = span > 0 ? (time - k0.time) / span : 1.0;
    if (interp == AK_INTERP_CUBIC_BEZIER)
        bezier(t->type, &k0, &k1, u, out);
    else /* Linear; legacy Tangent is evaluated as Linear (its formula is unknown) */
        lerp(t->type, &k0.value, &k1.value, u, out);
}

/* Sample times of a track: its keys, and 7 points inside each segment
   (fewer when that would pass the cap). */
#define AK_DEVIATION_MAX_SAMPLES 200000u

static void deviation_over(const ak_track *a, const ak_track_sampler *ca, const ak_track *b,
                           const ak_track_sampler *cb, const ak_track *times_of, int comp_a, int comp_b, double *worst,
                           double *at)
{
    size_t n = times_of->key_count;
    unsigned inner = n * 8 > AK_DEVIATION_MAX_SAMPLES ? 0 : 7;
    const ak_value_type_info *ia = ak_value_type_info_of(a->type), *ib = ak_value_type_info_of(b->type);
    unsigned comps = comp_a >= 0 ? 1 : ia->components < ib->components ? ia->components : ib->components;
    for (size_t i = 0; i < n; i++) {
        double t0 = ak_key_time(times_of, i), t1 = i + 1 < n ? ak_key_time(times_of, i + 1) : t0;
        for (unsigned k = 0; k <= (i + 1 < n ? inner : 0); k++) {
            double t = t0 + (t1 - t0) * k / 8.0;
            ak_value va, vb;
            ak_track_sampler_eval(ca, t, &va);
            ak_track_sampler_eval(cb, t, &vb);
            /* q and -q are one rotation: quaternions deviate by the nearer of the two */
            bool quat = comp_a < 0 && is_quaternion(a->type) && is_quaternion(b->type);
            double dev[2] = {0, 0};
            for (int neg = 0; neg < (quat ? 2 : 1); neg++)
                for (unsigned c = 0; c < comps; c++) {
                    double x = ak_value_component(&va, a->type, comp_a >= 0 ? (unsigned)comp_a : c);
                    double y = ak_value_component(&vb, b->type, comp_b >= 0 ? (unsigned)comp_b : c);
                    if (neg)
                        y = -y;
                    double diff = x > y ? x - y : y - x;
                    if (diff != diff) /* NaN on one side only counts as infinite */
                        diff = x != x && y != y ? 0 : 1.0 / 0.0;
                    if (diff > dev[neg])
                        dev[neg] = diff;
                }
            double diff = quat && dev[1] < dev[0] ? dev[1] : dev[0];
            if (diff > *worst) {
                *worst = diff;
                *at = t;
            }
        }
    }
}

bool ak_track_component_deviation(const ak_track *a, int ca, const ak_track *b, int cb, ak_arena *arena,
                                  double *worst, double *at)
{
    const ak_value_type_info *ia = ak_value_type_info_of(a->type), *ib = ak_value_type_info_of(b->type);
    *worst = 0;
    *at = 0;
    if (ia->kind == AK_VK_STRING || ib->kind == AK_VK_STRING || (ca < 0) != (cb < 0) ||
        (ca < 0 && ia->components != ib->components) || (ca >= 0 && (unsigned)ca >= ia->components) ||
        (cb >= 0 && (unsigned)cb >= ib->components))
        return false;
    ak_track_sampler sa, sb;
    if (!ak_track_sampler_init(&sa, a, arena) || !ak_track_sampler_init(&sb, b, arena))
        return false;
    deviation_over(a, &sa, b, &sb, a, ca, cb, worst, at);
    deviation_over(a, &sa, b, &sb, b, ca, cb, worst, at);
    return true;
}

bool ak_track_deviation(const ak_track *a, const ak_track *b, ak_arena *arena, double *worst, double *at)
{
    return ak_track_component_deviation(a, AK_WHOLE, b, AK_WHOLE, arena, worst, at);
}

static void put_value(ak_buf *out, ak_value_type type, const ak_value *v)
{
    const ak_value_type_info *info = ak_value_type_info_of(type);
    char num[AK_NUM_BUFSIZE];
    for (unsigned c = 0; c < info->components; c++) {
        ak_buf_putc(out, '\t');
        switch (info->kind) {
        case AK_VK_BOOL: ak_buf_puts(out, v->b[c] ? "true" : "false"); break;
        case AK_VK_UINT: ak_buf_append(out, num, ak_format_u64(v->u[c], num)); break;
        case AK_VK_INT: ak_buf_append(out, num, ak_format_i64(v->i[c], num)); break;
        case AK_VK_F32: ak_buf_append(out, num, ak_format_f32(v->f[c], num)); break;
        case AK_VK_F64: ak_buf_append(out, num, ak_format_f64(v->d[c], num)); break;
        case AK_VK_STRING:
            if (v->s.ptr)
                ak_buf_json_string(out, v->s.ptr, v->s.len);
            else
                ak_buf_puts(out, "null");
            break;
        }
    }
    ak_buf_putc(out, '\n');
}

void ak_report_no_track(ak_diags *d, size_t track, size_t count)
{
    ak_report(d, &ak_rule_sample_no_track, 0, 0, "", "there is no track %zu: the file has %zu track%s", track, count,
              count == 1 ? "" : "s");
}

bool ak_sample(const ak_input *in, const ak_format *format, const ak_options *opt, ak_diags *d, size_t track,
               double t0, double t1, double step, ak_buf *out, const ak_format **used)
{
    ak_arena arena;
    struct ak_animation *anim;
    size_t errors = ak_diags_errors(d);
    bool ok = ak_model_of_input(in, format, opt, d, "sample", &arena, &anim, used);
    /* the lines are held with the model until the caller writes them */
    size_t start = out->len;
    ok = ok && ak_buf_attach(out, ak_budget_of(d, opt));
    if (ok && track >= anim->track_count) {
        ak_report_no_track(d, track, anim->track_count);
        ok = false;
    }
    const ak_track *t = ok ? &anim->tracks[track] : NULL;
    ak_track_sampler sampler;
    if (ok && !ak_track_sampler_init(&sampler, t, &arena))
        ok = false; /* out of memory */
    if (ok) {
        char num[AK_NUM_BUFSIZE];
        for (uint64_t i = 0;; i++) {
            double time = t0 + (double)i * step;
            if (time > t1)
                break;
            ak_value v;
            ak_track_sampler_eval(&sampler, time, &v);
            ak_buf_append(out, num, ak_format_f64(time, num));
            put_value(out, t->type, &v);
            if (out->failed || step <= 0)
                break;
        }
    }
    ak_buf_detach(out);
    ak_arena_free(&arena);
    ok = ak_hook_result(d, errors, ok, out, "sampling");
    if (!ok && out->len > start)
        out->len = start;
    return ok;
}
