/* Scalar curve evaluation shared by every format: Hermite segments from
 * slopes, weighted (cubic Bezier in time and value) segments, linear, step
 * and step-next segments, and the infinity (wrap) modes before the first and
 * after the last key. Formats convert their own tangent conventions (Maya
 * angles in the file's angular unit, Unity slopes and weight fractions,
 * AnimX tangent values) into this form. */
#ifndef AK_RUNTIME_CURVE_H
#define AK_RUNTIME_CURVE_H

#include "model.h"

#include <stddef.h>

typedef enum ak_segment {
    AK_SEG_HERMITE, /* cubic from out_slope of this key to in_slope of the next */
    AK_SEG_LINEAR,
    AK_SEG_STEP,      /* this key's value until the next key */
    AK_SEG_STEP_NEXT, /* the next key's value right after this key */
} ak_segment;

typedef struct ak_curve_key {
    double time;
    double value;
    double in_slope, out_slope;    /* value units per time unit */
    double in_weight, out_weight;  /* fraction of the segment's duration (1/3 = unweighted) */
    bool in_weighted, out_weighted; /* a weighted side makes the segment a 2-D Bezier */
    ak_segment segment;             /* the segment that starts at this key */
} ak_curve_key;

typedef struct ak_curve {
    const ak_curve_key *keys; /* times non-decreasing */
    size_t count;
    ak_infinity pre, post;
} ak_curve;

/* Value of the curve at time t. An empty curve is 0; one key is constant
 * (or linear along its slopes with AK_INF_LINEAR). */
double ak_curve_eval(const ak_curve *c, double t);

/* The curve of one component of a numeric model track: raw tracks are
 * linear between their samples, discrete tracks hold, curve tracks follow
 * their keys' interpolation (AK_INTERP_TANGENT uses the tangent values of
 * that component as slopes; CUBIC_BEZIER's are control values, turned into
 * the slopes of the same cubic: 3 (control - value) / segment duration). Keys are allocated in arena.
 * Returns false for string tracks, a component out of range, or when the
 * allocation fails. */
bool ak_curve_from_track(const ak_track *t, unsigned component, ak_arena *arena, ak_curve *out);
/* One component of a value as a double (bool 0/1, integers converted). */
double ak_value_component(const ak_value *v, ak_value_type type, unsigned component);

/* A track prepared for evaluation at many times: the per-component curves
 * of the shared evaluator are built once (building them walks every key).
 * `sample` and `plot` both evaluate through it, so they agree exactly. */
typedef struct ak_track_sampler {
    const ak_track *track;
    bool curves; /* evaluated through component[] (curve.h) */
    ak_curve component[16];
} ak_track_sampler;

/* False when the curves cannot be allocated in arena. */
bool ak_track_sampler_init(ak_track_sampler *s, const ak_track *track, ak_arena *arena);
/* The value of the track at time t, as ak_track_eval gives it. */
void ak_track_sampler_eval(const ak_track_sampler *s, double t, ak_value *out);

/* What ak_keys_as_bezier changed. */
typedef struct ak_bezier_report {
    size_t approximated; /* weighted Hermite segments fitted by a CubicBezier */
    double worst;        /* their largest deviation, in value units */
    double worst_time;   /* where */
    size_t steps;        /* step-next keys made Hold */
    size_t steps_lost;   /* of which without the extra key (the next key is too close, or not asked for) */
    size_t linearised;   /* Hermite keys of vector tracks made Linear (their slopes are not in the model) */
} ak_bezier_report;

/* A curve track's keys, in time order (keys[0..n)), as segments AnimX and
 * AnimJ can say, written to out (room for 2n keys); returns how many.
 * - A Hermite segment of a scalar track becomes CubicBezier with control
 *   values v0 + m0 dt/3 and v1 - m1 dt/3: exact when unweighted (spec 4.2).
 *   A weighted one is fitted (least squares) and its deviation reported;
 *   zero-length handles on both sides are Linear.
 * - A step-next key becomes Hold and, with step_keys, is followed by a Hold
 *   key of the next key's value one float32 step after it: the value
 *   differs only within that step.
 * - Hermite keys of vector tracks become Linear. */
size_t ak_keys_as_bezier(const ak_track *t, const ak_key *keys, size_t n, bool step_keys, ak_key *out,
                         ak_bezier_report *rep);

#endif
