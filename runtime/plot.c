/* Tracks of the common model as an SVG picture (`animkit plot`, the
 * thumbnails of `animkit report`) and as a listing (`--list`). Knows no
 * format: it draws what ak_model_of_input decodes, evaluated by the same
 * ak_track_sampler as `animkit sample`, so a polyline's points are exactly
 * the values `sample` prints at the times its data-times attribute names. */
#include <animkit/animkit.h>

#include "arena.h"
#include "budget.h"
#include "curve.h"
#include "model.h"
#include "numbers.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#define PI 3.14159265358979323846

enum {
    MAX_SERIES = 48,       /* drawn component curves; more are named as left out */
    MAX_MARKERS = 2000,    /* key markers per series */
    NAME_MAX_BYTES = 72,   /* legend names are cut (at a UTF-8 boundary) past this */
};

/* x, y, z in red, green, blue as in every 3-D tool; then a qualitative palette. */
static const char *const palette[] = {"#d62728", "#2ca02c", "#1f77b4", "#ff7f0e", "#9467bd",
                                      "#8c564b", "#e377c2", "#17becf", "#7f7f7f", "#bcbd22"};

/* ------------------------------------------------------------------ */
/* names and numbers                                                   */

/* "node.property", or whichever of the two the track has. */
static void target_name(ak_buf *b, const ak_track *t, size_t index)
{
    bool node = t->node && t->node[0], prop = t->property && t->property[0];
    if (node)
        ak_buf_puts(b, t->node);
    if (node && prop)
        ak_buf_putc(b, '.');
    if (prop)
        ak_buf_puts(b, t->property);
    if (!node && !prop)
        ak_buf_printf(b, "track %zu", index);
}

/* --target: the track's name as its format says it (node.property, or the
   node), its target (docs/model.md: path/property.component), or the
   target's object path. */
static bool target_matches(const ak_track *t, const char *want)
{
    if ((t->node && strcmp(t->node, want) == 0) || (t->target.path && strcmp(t->target.path, want) == 0))
        return true;
    ak_buf b;
    ak_buf_init(&b);
    target_name(&b, t, 0);
    bool same = !b.failed && strcmp(ak_buf_cstr(&b), want) == 0;
    b.len = 0;
    ak_target_put(&b, &t->target, t->type);
    same |= !b.failed && strcmp(ak_buf_cstr(&b), want) == 0;
    ak_buf_free(&b);
    return same;
}

static void put_f64(ak_buf *b, double v)
{
    char num[AK_NUM_BUFSIZE];
    ak_buf_append(b, num, ak_format_f64(v, num));
}

/* The first and last time of a track's keys; false when it has none. */
static bool track_time_range(const ak_track *t, double *t0, double *t1)
{
    if (t->key_count == 0)
        return false;
    if (t->kind == AK_TRACK_RAW) {
        *t0 = t->start;
        *t1 = t->start + (double)(t->key_count - 1) * (t->interval > 0 ? t->interval : 0);
        return true;
    }
    if (!t->store) { /* a model of headers (ak_model_headers_of_input) */
        *t0 = t->earliest;
        *t1 = t->latest;
        return true;
    }
    *t0 = *t1 = ak_key_time(t, 0);
    for (size_t i = 1; i < t->key_count; i++) { /* times are ordered in valid files; be safe anyway */
        double time = ak_key_time(t, i);
        if (time < *t0)
            *t0 = time;
        if (time > *t1)
            *t1 = time;
    }
    return true;
}

static const char *kind_name(ak_track_kind k)
{
    return k == AK_TRACK_RAW ? "raw" : k == AK_TRACK_DISCRETE ? "discrete" : "curve";
}

/* ------------------------------------------------------------------ */
/* --list                                                              */

bool ak_list_tracks(const ak_input *in, const ak_format *format, const ak_options *opt, ak_diags *d, ak_buf *out,
                    const ak_format **used)
{
    ak_arena arena;
    ak_animation *anim;
    size_t errors = ak_diags_errors(d);
    if (!ak_model_headers_of_input(in, format, opt, d, "list the tracks of", &arena, &anim, used)) {
        ak_arena_free(&arena);
        return false;
    }
    enum { COLS = 9 };
    static const char *const head[COLS] = {"track", "target", "name", "type", "kind", "keys", "from", "to", "unit"};
    /* Cells first, to size the columns. */
    size_t rows = anim->track_count + 1;
    ak_buf *cells = calloc(rows * COLS, sizeof *cells);
    if (!cells) {
        ak_report_out_of_memory(d, rows * COLS * sizeof *cells, "listing the tracks");
        ak_arena_free(&arena);
        return false;
    }
    size_t width[COLS] = {0};
    for (size_t r = 0; r < rows; r++) {
        ak_buf *row = &cells[r * COLS];
        for (size_t c = 0; c < COLS; c++)
            ak_buf_init(&row[c]);
        if (r == 0) {
            for (size_t c = 0; c < COLS; c++)
                ak_buf_puts(&row[c], head[c]);
        } else {
            const ak_track *t = &anim->tracks[r - 1];
            double t0, t1;
            bool timed = track_time_range(t, &t0, &t1);
            ak_buf_printf(&row[0], "%zu", r - 1);
            /* names and units are the file's bytes: escaped for a terminal,
               as diagnostics are (an ESC in a node name must not reach it) */
            ak_buf text;
            ak_buf_init(&text);
            ak_target_put(&text, &t->target, t->type); /* what it animates (docs/model.md) */
            ak_buf_put_escaped(&row[1], text.data ? text.data : "", text.len);
            text.len = 0;
            target_name(&text, t, r - 1); /* as the format names it */
            ak_buf_put_escaped(&row[2], text.data ? text.data : "", text.len);
            row[1].failed |= text.failed;
            ak_buf_free(&text);
            ak_buf_puts(&row[3], ak_value_type_info_of(t->type)->name);
            ak_buf_puts(&row[4], kind_name(t->kind));
            ak_buf_printf(&row[5], "%zu", t->key_count);
            if (timed) {
                put_f64(&row[6], t0);
                put_f64(&row[7], t1);
            } else {
                ak_buf_putc(&row[6], '-');
                ak_buf_putc(&row[7], '-');
            }
            ak_buf_put_escaped(&row[8], t->value_unit ? t->value_unit : "-", strlen(t->value_unit ? t->value_unit : "-"));
        }
        for (size_t c = 0; c < COLS; c++)
            if (row[c].len > width[c])
                width[c] = row[c].len;
    }
    bool lost = false;
    for (size_t r = 0; r < rows; r++) {
        for (size_t c = 0; c < COLS; c++) {
            ak_buf *cell = &cells[r * COLS + c];
            lost |= cell->failed;
            ak_buf_append(out, cell->data ? cell->data : "", cell->len);
            if (c + 1 < COLS)
                for (size_t k = cell->len; k < width[c] + 2; k++)
                    ak_buf_putc(out, ' ');
            ak_buf_free(cell);
        }
        ak_buf_putc(out, '\n');
    }
    free(cells);
    ak_arena_free(&arena);
    return ak_hook_result(d, errors, !lost, out, "listing the tracks");
}

/* ------------------------------------------------------------------ */
/* plot                                                                */

typedef struct series {
    size_t track;     /* index in the animation */
    unsigned comp;    /* component (or Euler angle 0..2) */
    bool euler;
    const char *color;
    double *values;   /* one per sample time; NaN where not finite */
} series;

typedef struct layout {
    double left, top, width, height; /* the plot area */
    double svg_w, svg_h;
    double font;
    int time_ticks, value_ticks;
    double marker_r;
} layout;

typedef struct plot {
    const ak_animation *anim;
    const ak_plot_options *o;
    size_t *tracks; /* selected tracks, in the order asked */
    size_t track_count;
    series s[MAX_SERIES];
    size_t series_count, series_left_out;
    double from, to, step;
    size_t samples;
    double vmin, vmax;
    bool any_value;
    layout l;
} plot;

static bool is_quaternion(ak_value_type t) { return t == AK_VT_FLOATQ || t == AK_VT_DOUBLEQ; }

/* Intrinsic x-y-z (roll, pitch, yaw) angles in degrees of a quaternion. */
static void quat_to_euler(const ak_value *v, ak_value_type type, double out[3])
{
    double x = ak_value_component(v, type, 0), y = ak_value_component(v, type, 1);
    double z = ak_value_component(v, type, 2), w = ak_value_component(v, type, 3);
    double n = sqrt(x * x + y * y + z * z + w * w);
    if (n > 0) {
        x /= n, y /= n, z /= n, w /= n;
    }
    double sp = 2 * (w * y - z * x);
    sp = sp > 1 ? 1 : sp < -1 ? -1 : sp;
    out[0] = atan2(2 * (w * x + y * z), 1 - 2 * (x * x + y * y)) * 180 / PI;
    out[1] = asin(sp) * 180 / PI;
    out[2] = atan2(2 * (w * z + x * y), 1 - 2 * (y * y + z * z)) * 180 / PI;
}

static double series_value(const series *s, const ak_track *t, const ak_value *v)
{
    if (s->euler) {
        double e[3];
        quat_to_euler(v, t->type, e);
        return e[s->comp];
    }
    return ak_value_component(v, t->type, s->comp);
}

static bool select_tracks(plot *p, ak_diags *d)
{
    const ak_animation *a = p->anim;
    const ak_plot_options *o = p->o;
    size_t cap = o->track_count + a->track_count * (o->target_count ? 1 : 0) + 4;
    p->tracks = calloc(cap, sizeof *p->tracks);
    if (!p->tracks)
        return false;
    for (size_t i = 0; i < o->track_count; i++) {
        if (o->tracks[i] >= a->track_count) {
            ak_report_no_track(d, o->tracks[i], a->track_count);
            return false;
        }
        p->tracks[p->track_count++] = o->tracks[i];
    }
    for (size_t k = 0; k < o->target_count; k++) {
        bool found = false;
        for (size_t i = 0; i < a->track_count; i++) {
            if (!target_matches(&a->tracks[i], o->targets[k]))
                continue;
            found = true;
            bool dup = false;
            for (size_t j = 0; j < p->track_count; j++)
                dup |= p->tracks[j] == i;
            if (!dup && p->track_count < cap)
                p->tracks[p->track_count++] = i;
        }
        if (!found) {
            ak_report(d, &ak_rule_sample_no_track, 0, 0, "", "no track has the target '%s' (see --list)",
                      o->targets[k]);
            return false;
        }
    }
    if (o->track_count == 0 && o->target_count == 0) {
        size_t want = o->first_tracks ? o->first_tracks : 4;
        for (size_t i = 0; i < a->track_count && p->track_count < want && p->track_count < cap; i++)
            if (ak_value_type_info_of(a->tracks[i].type)->kind != AK_VK_STRING)
                p->tracks[p->track_count++] = i;
    }
    return true;
}

static void time_range(plot *p)
{
    bool any = false;
    double lo = 0, hi = 0;
    for (size_t i = 0; i < p->track_count; i++) {
        double t0, t1;
        if (!track_time_range(&p->anim->tracks[p->tracks[i]], &t0, &t1) || !isfinite(t0) || !isfinite(t1))
            continue;
        lo = any && lo < t0 ? lo : t0;
        hi = any && hi > t1 ? hi : t1;
        any = true;
    }
    p->from = p->o->has_from ? p->o->from : lo;
    p->to = p->o->has_to ? p->o->to : hi;
    if (!(p->to > p->from))
        p->to = p->from + 1; /* one key, or no keys: a second around it */
}

/* Builds the series and samples them at from, from + step, ... to (the
 * loop of ak_sample, so that `sample --times from:to:step` gives the same
 * times). */
static bool sample_series(plot *p, ak_arena *arena)
{
    size_t n = (size_t)p->l.width + 1;
    p->step = (p->to - p->from) / (double)(n - 1);
    p->samples = 0;
    for (uint64_t i = 0; i < n + 1; i++) {
        if (p->from + (double)i * p->step > p->to)
            break;
        p->samples++;
    }
    for (size_t k = 0; k < p->track_count; k++) {
        const ak_track *t = &p->anim->tracks[p->tracks[k]];
        const ak_value_type_info *info = ak_value_type_info_of(t->type);
        if (info->kind == AK_VK_STRING)
            continue;
        bool euler = p->o->euler && is_quaternion(t->type);
        unsigned comps = euler ? 3 : info->components;
        size_t first = p->series_count;
        for (unsigned c = 0; c < comps; c++) {
            if (p->series_count == MAX_SERIES) {
                p->series_left_out++;
                continue;
            }
            series *s = &p->s[p->series_count];
            s->track = p->tracks[k];
            s->comp = c;
            s->euler = euler;
            s->color = palette[p->series_count % (sizeof palette / sizeof palette[0])];
            s->values = AK_ARENA_ARRAY(arena, double, p->samples ? p->samples : 1);
            if (!s->values)
                return false;
            p->series_count++;
        }
        if (p->series_count == first)
            continue;
        ak_track_sampler sampler;
        if (!ak_track_sampler_init(&sampler, t, arena))
            return false;
        for (size_t i = 0; i < p->samples; i++) {
            ak_value v;
            ak_track_sampler_eval(&sampler, p->from + (double)i * p->step, &v);
            for (size_t j = first; j < p->series_count; j++) {
                double x = series_value(&p->s[j], t, &v);
                p->s[j].values[i] = isfinite(x) ? x : NAN;
            }
        }
    }
    return true;
}

static void include_value(plot *p, double v)
{
    if (!isfinite(v))
        return;
    if (!p->any_value) {
        p->vmin = p->vmax = v;
        p->any_value = true;
    } else if (v < p->vmin) {
        p->vmin = v;
    } else if (v > p->vmax) {
        p->vmax = v;
    }
}

/* A tangent handle of key i of a track component: its end point. side -1 is
 * the in-handle, +1 the out-handle. False when the key has none there. */
static bool handle_end(const ak_track *t, const ak_curve *c, size_t i, unsigned comp, int side, double *ht, double *hv)
{
    if (t->kind != AK_TRACK_CURVE || !ak_key_has_tangents(t, i))
        return false;
    size_t other = side < 0 ? i - 1 : i + 1;
    if ((side < 0 && i == 0) || (side > 0 && i + 1 >= t->key_count))
        return false;
    ak_interp seg_interp = ak_key_interp(t, side < 0 ? i - 1 : i); /* of the key that starts the segment */
    double time = ak_key_time(t, i);
    double span = fabs(ak_key_time(t, other) - time);
    if (seg_interp == AK_INTERP_CUBIC_BEZIER) {
        /* control points are tangent values at a third of the segment */
        ak_value in, out;
        ak_key_tangents(t, i, &in, &out);
        *ht = time + side * span / 3;
        *hv = ak_value_component(side < 0 ? &in : &out, t->type, comp);
        return true;
    }
    if (seg_interp != AK_INTERP_HERMITE || !c)
        return false;
    const ak_curve_key *ck = &c->keys[i];
    double w = side < 0 ? ck->in_weight : ck->out_weight, slope = side < 0 ? ck->in_slope : ck->out_slope;
    *ht = time + side * w * span;
    *hv = ck->value + side * slope * w * span;
    return true;
}

static void value_range(plot *p, ak_arena *arena, ak_curve *curves)
{
    for (size_t j = 0; j < p->series_count; j++)
        for (size_t i = 0; i < p->samples; i++)
            include_value(p, p->s[j].values[i]);
    for (size_t j = 0; j < p->series_count; j++) {
        const series *s = &p->s[j];
        const ak_track *t = &p->anim->tracks[s->track];
        if (s->euler)
            continue;
        curves[j].keys = NULL;
        if (p->o->handles && t->kind == AK_TRACK_CURVE)
            ak_curve_from_track(t, s->comp, arena, &curves[j]);
        for (size_t i = 0; i < t->key_count && t->kind != AK_TRACK_RAW; i++) {
            if (ak_key_time(t, i) < p->from || ak_key_time(t, i) > p->to)
                continue;
            include_value(p, ak_key_component(t, i, s->comp));
            for (int side = -1; p->o->handles && side <= 1; side += 2) {
                double ht, hv;
                if (handle_end(t, curves[j].keys ? &curves[j] : NULL, i, s->comp, side, &ht, &hv))
                    include_value(p, hv);
            }
        }
    }
    if (!p->any_value) {
        p->vmin = -1;
        p->vmax = 1;
    } else if (!(p->vmax - p->vmin > 1e-12 * fmax(1.0, fabs(p->vmin)))) {
        double pad = fmax(fabs(p->vmin) * 0.1, 1.0);
        p->vmin -= pad;
        p->vmax += pad;
    } else {
        double pad = (p->vmax - p->vmin) * 0.05;
        p->vmin -= pad;
        p->vmax += pad;
    }
    if (!isfinite(p->vmax - p->vmin)) { /* values near the double range: keep what can be drawn */
        p->vmin = -1e307;
        p->vmax = 1e307;
    }
}

static double px_x(const plot *p, double t) { return p->l.left + (t - p->from) / (p->to - p->from) * p->l.width; }
static double px_y(const plot *p, double v) { return p->l.top + (p->vmax - v) / (p->vmax - p->vmin) * p->l.height; }

/* 1, 2 or 5 times a power of ten, near range / ticks. */
static double nice_step(double range, int ticks)
{
    double raw = range / ticks, mag = pow(10, floor(log10(raw))), f = raw / mag;
    return (f < 1.5 ? 1 : f < 3.5 ? 2 : f < 7.5 ? 5 : 10) * mag;
}

static void put_px(ak_buf *b, double v) { ak_buf_printf(b, "%.2f", v); }

static void axes(ak_buf *b, const plot *p, const char *value_label)
{
    const layout *l = &p->l;
    ak_buf_puts(b, "<g class=\"ak-axes\" fill=\"#333\" stroke-width=\"1\">\n");
    for (int axis = 0; axis < 2; axis++) {
        double lo = axis == 0 ? p->from : p->vmin, hi = axis == 0 ? p->to : p->vmax;
        double step = nice_step(hi - lo, axis == 0 ? l->time_ticks : l->value_ticks);
        if (!(step > 0) || !isfinite(step))
            continue;
        double k0 = ceil(lo / step), k1 = floor(hi / step);
        for (double k = k0; k <= k1 && k - k0 < 50; k++) {
            double v = k * step;
            if (fabs(v) < step * 1e-9)
                v = 0; /* no "-0" or "1e-17" labels */
            char label[32];
            snprintf(label, sizeof label, "%.6g", v);
            if (axis == 0) {
                double x = px_x(p, v);
                ak_buf_puts(b, "<line stroke=\"#e4e4e4\" x1=\"");
                put_px(b, x);
                ak_buf_printf(b, "\" y1=\"%.2f\" x2=\"", l->top);
                put_px(b, x);
                ak_buf_printf(b, "\" y2=\"%.2f\"/><text text-anchor=\"middle\" x=\"", l->top + l->height);
                put_px(b, x);
                ak_buf_printf(b, "\" y=\"%.2f\">%s</text>\n", l->top + l->height + l->font + 3, label);
            } else {
                double y = px_y(p, v);
                ak_buf_printf(b, "<line stroke=\"#e4e4e4\" x1=\"%.2f\" y1=\"", l->left);
                put_px(b, y);
                ak_buf_printf(b, "\" x2=\"%.2f\" y2=\"", l->left + l->width);
                put_px(b, y);
                ak_buf_printf(b, "\"/><text text-anchor=\"end\" x=\"%.2f\" y=\"", l->left - 4);
                put_px(b, y + l->font / 3);
                ak_buf_printf(b, "\">%s</text>\n", label);
            }
        }
    }
    ak_buf_printf(b, "<rect fill=\"none\" stroke=\"#999\" x=\"%.2f\" y=\"%.2f\" width=\"%.2f\" height=\"%.2f\"/>\n",
                  l->left, l->top, l->width, l->height);
    if (!p->o->compact) {
        ak_buf_printf(b, "<text text-anchor=\"middle\" x=\"%.2f\" y=\"%.2f\">time (s)</text>\n",
                      l->left + l->width / 2, l->top + l->height + 2 * l->font + 8);
        if (value_label) {
            double x = 14, y = l->top + l->height / 2;
            ak_buf_printf(b, "<text text-anchor=\"middle\" transform=\"rotate(-90 %.2f %.2f)\" x=\"%.2f\" y=\"%.2f\">",
                          x, y, x, y);
            ak_buf_xml_text(b, value_label, strlen(value_label));
            ak_buf_puts(b, "</text>\n");
        }
    }
    ak_buf_puts(b, "</g>\n");
}

/* The legend name of a series: the target (cut), then the component. */
static void series_name(ak_buf *b, const plot *p, const series *s)
{
    const ak_track *t = &p->anim->tracks[s->track];
    ak_buf name;
    ak_buf_init(&name);
    target_name(&name, t, s->track);
    size_t n = name.len;
    if (n > NAME_MAX_BYTES) {
        n = NAME_MAX_BYTES;
        while (n > 0 && ((unsigned char)name.data[n] & 0xc0) == 0x80)
            n--;
    }
    ak_buf_xml_text(b, name.data ? name.data : "", n);
    if (n < name.len)
        ak_buf_puts(b, "\xe2\x80\xa6");
    if (name.failed)
        b->failed = true; /* the name is incomplete: so is the picture */
    ak_buf_free(&name);
    const ak_value_type_info *info = ak_value_type_info_of(t->type);
    char comp[4];
    if (s->euler)
        ak_buf_printf(b, " (euler %c, degrees)", "xyz"[s->comp]);
    else if (info->components > 1 && ak_value_component_name(t->type, s->comp, comp))
        ak_buf_printf(b, ".%s", comp);
    if (!s->euler && t->value_unit) {
        ak_buf_puts(b, " (");
        ak_buf_xml_text(b, t->value_unit, strlen(t->value_unit));
        ak_buf_putc(b, ')');
    }
}

static void draw_series(ak_buf *b, const plot *p, size_t j, const ak_curve *curve)
{
    const series *s = &p->s[j];
    const ak_track *t = &p->anim->tracks[s->track];
    const layout *l = &p->l;
    ak_buf_printf(b, "<polyline class=\"ak-series\" fill=\"none\" stroke=\"%s\" stroke-width=\"%s\" "
                     "stroke-linejoin=\"round\" data-track=\"%zu\" data-component=\"%u\"%s data-times=\"",
                  s->color, p->o->compact ? "1.2" : "1.6", s->track, s->comp, s->euler ? " data-euler=\"1\"" : "");
    put_f64(b, p->from);
    ak_buf_putc(b, ':');
    put_f64(b, p->to);
    ak_buf_putc(b, ':');
    put_f64(b, p->step);
    ak_buf_puts(b, "\" points=\"");
    for (size_t i = 0; i < p->samples; i++) {
        if (isnan(s->values[i]))
            continue;
        if (i)
            ak_buf_putc(b, ' ');
        put_px(b, px_x(p, p->from + (double)i * p->step));
        ak_buf_putc(b, ',');
        put_px(b, px_y(p, s->values[i]));
    }
    ak_buf_puts(b, "\"/>\n");
    if (t->kind == AK_TRACK_RAW || s->euler)
        return; /* the samples of a raw track are its keys: no markers */
    ak_buf_printf(b, "<g class=\"ak-keys\" fill=\"%s\">", s->color);
    size_t markers = 0;
    for (size_t i = 0; i < t->key_count && markers < MAX_MARKERS; i++) {
        double kt = ak_key_time(t, i), kv = ak_key_component(t, i, s->comp);
        if (kt < p->from || kt > p->to || !isfinite(kv))
            continue;
        markers++;
        ak_buf_puts(b, "<circle cx=\"");
        put_px(b, px_x(p, kt));
        ak_buf_puts(b, "\" cy=\"");
        put_px(b, px_y(p, kv));
        ak_buf_printf(b, "\" r=\"%.1f\"/>", l->marker_r);
        for (int side = -1; p->o->handles && side <= 1; side += 2) {
            double ht, hv;
            if (!handle_end(t, curve && curve->keys ? curve : NULL, i, s->comp, side, &ht, &hv) || !isfinite(hv))
                continue;
            ak_buf_printf(b, "<line class=\"ak-handle\" stroke=\"%s\" stroke-width=\"0.8\" x1=\"", s->color);
            put_px(b, px_x(p, kt));
            ak_buf_puts(b, "\" y1=\"");
            put_px(b, px_y(p, kv));
            ak_buf_puts(b, "\" x2=\"");
            put_px(b, px_x(p, ht));
            ak_buf_puts(b, "\" y2=\"");
            put_px(b, px_y(p, hv));
            ak_buf_printf(b, "\"/><circle fill=\"#fff\" stroke=\"%s\" r=\"%.1f\" cx=\"", s->color, l->marker_r * 0.8);
            put_px(b, px_x(p, ht));
            ak_buf_puts(b, "\" cy=\"");
            put_px(b, px_y(p, hv));
            ak_buf_puts(b, "\"/>");
        }
    }
    ak_buf_puts(b, "</g>\n");
}

/* The unit all drawn series share, for the value axis; NULL when they differ. */
static const char *common_unit(const plot *p)
{
    const char *unit = NULL;
    for (size_t j = 0; j < p->series_count; j++) {
        const char *u = p->s[j].euler ? "degrees" : p->anim->tracks[p->s[j].track].value_unit;
        if (!u || (unit && strcmp(unit, u) != 0))
            return NULL;
        unit = u;
    }
    return unit;
}

static size_t legend_rows(const plot *p, size_t strings)
{
    size_t rows = p->series_count + strings + (p->series_left_out ? 1 : 0);
    return p->o->compact && rows > 4 ? 4 : rows;
}

static void legend(ak_buf *b, const plot *p, double y0, size_t strings)
{
    const layout *l = &p->l;
    double row_h = l->font + 4;
    size_t rows = legend_rows(p, strings), shown = 0;
    size_t all = p->series_count + strings + (p->series_left_out ? 1 : 0);
    ak_buf_puts(b, "<g class=\"ak-legend\" fill=\"#333\">\n");
    for (size_t j = 0; j < p->series_count && shown < rows; j++, shown++) {
        if (p->o->compact && shown + 1 == rows && all > rows)
            break;
        double y = y0 + (double)shown * row_h;
        ak_buf_printf(b, "<rect fill=\"%s\" x=\"%.2f\" y=\"%.2f\" width=\"12\" height=\"3\"/><text x=\"%.2f\" y=\"%.2f\">",
                      p->s[j].color, l->left, y - l->font / 3 - 1, l->left + 16, y);
        series_name(b, p, &p->s[j]);
        ak_buf_puts(b, "</text>\n");
    }
    for (size_t k = 0; k < p->track_count && shown < rows && !(p->o->compact && all > rows); k++) {
        const ak_track *t = &p->anim->tracks[p->tracks[k]];
        if (ak_value_type_info_of(t->type)->kind != AK_VK_STRING)
            continue;
        ak_buf_printf(b, "<text x=\"%.2f\" y=\"%.2f\">", l->left + 16, y0 + (double)shown++ * row_h);
        ak_buf name;
        ak_buf_init(&name);
        target_name(&name, t, p->tracks[k]);
        ak_buf_xml_text(b, name.data ? name.data : "", name.len);
        ak_buf_free(&name);
        ak_buf_puts(b, " (string track: not drawn)</text>\n");
    }
    if (all > shown) {
        size_t more = all - shown + (p->series_left_out ? p->series_left_out - 1 : 0);
        ak_buf_printf(b, "<text x=\"%.2f\" y=\"%.2f\">\xe2\x80\xa6 and %zu more</text>\n", l->left + 16,
                      y0 + (double)shown * row_h, more);
    }
    ak_buf_puts(b, "</g>\n");
}

static void set_layout(plot *p, size_t strings)
{
    layout *l = &p->l;
    if (p->o->compact) {
        *l = (layout){.left = 44, .top = 6, .width = 268, .height = 84, .font = 9, .time_ticks = 4,
                      .value_ticks = 3, .marker_r = 1.6};
        l->svg_w = 320;
        l->svg_h = l->top + l->height + l->font + 8 + (double)legend_rows(p, strings) * (l->font + 4);
    } else {
        *l = (layout){.left = 72, .top = 34, .width = 632, .height = 280, .font = 11, .time_ticks = 8,
                      .value_ticks = 6, .marker_r = 2.6};
        l->svg_w = 720;
        l->svg_h = l->top + l->height + 2 * l->font + 22 + (double)legend_rows(p, strings) * (l->font + 4) + 4;
    }
}

bool ak_plot(const ak_input *in, const ak_format *format, const ak_options *opt, ak_diags *d,
             const ak_plot_options *popt, ak_buf *b, const ak_format **used)
{
    ak_plot_options defaults = {0};
    ak_arena arena;
    ak_animation *anim;
    size_t errors = ak_diags_errors(d);
    plot *p = calloc(1, sizeof *p);
    if (!p) {
        ak_report_out_of_memory(d, sizeof *p, "plotting");
        return false;
    }
    p->o = popt ? popt : &defaults;
    /* the SVG is held with the model it is drawn from: one budget for both */
    const size_t start = b->len;
    ak_arena_init(&arena, 0);
    bool ok = ak_buf_attach(b, ak_budget_of(d, opt)) &&
              ak_model_of_input(in, format, opt, d, "plot", &arena, &anim, used);
    if (ok) {
        p->anim = anim;
        ok = select_tracks(p, d);
    }
    ak_curve *curves = ok ? calloc(MAX_SERIES, sizeof *curves) : NULL;
    if (ok && !curves)
        ak_report_out_of_memory(d, MAX_SERIES * sizeof *curves, "plotting");
    size_t strings = 0;
    if (ok) {
        for (size_t k = 0; k < p->track_count; k++)
            strings += ak_value_type_info_of(anim->tracks[p->tracks[k]].type)->kind == AK_VK_STRING;
        set_layout(p, 0);
        time_range(p);
        ok = curves && sample_series(p, &arena);
    }
    if (ok) {
        value_range(p, &arena, curves);
        set_layout(p, strings);
        const layout *l = &p->l;
        ak_buf_printf(b,
                      "<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"ak-plot\" width=\"%.0f\" height=\"%.0f\" "
                      "viewBox=\"0 0 %.0f %.0f\" font-family=\"sans-serif\" font-size=\"%.0f\">\n",
                      l->svg_w, l->svg_h, l->svg_w, l->svg_h, l->font);
        ak_buf_puts(b, "<title>");
        if (p->o->title)
            ak_buf_xml_text(b, p->o->title, strlen(p->o->title));
        else
            ak_buf_puts(b, "animation curves");
        ak_buf_puts(b, "</title>\n");
        ak_buf_printf(b, "<rect class=\"ak-background\" width=\"%.0f\" height=\"%.0f\" fill=\"#fff\"/>\n", l->svg_w,
                      l->svg_h);
        if (!p->o->compact) {
            ak_buf_printf(b, "<text class=\"ak-title\" x=\"%.2f\" y=\"20\" font-size=\"13\" font-weight=\"bold\">",
                          l->left);
            if (p->o->title)
                ak_buf_xml_text(b, p->o->title, strlen(p->o->title));
            if (anim->name && anim->name[0]) {
                ak_buf_puts(b, p->o->title ? " \xe2\x80\x94 " : "");
                ak_buf_xml_text(b, anim->name, strlen(anim->name));
            }
            ak_buf_puts(b, "</text>\n");
        }
        axes(b, p, common_unit(p));
        ak_buf_printf(b, "<g class=\"ak-area\" data-box=\"%.0f %.0f %.0f %.0f\" data-time-range=\"", l->left, l->top,
                      l->width, l->height);
        put_f64(b, p->from);
        ak_buf_putc(b, ' ');
        put_f64(b, p->to);
        ak_buf_puts(b, "\" data-value-range=\"");
        put_f64(b, p->vmin);
        ak_buf_putc(b, ' ');
        put_f64(b, p->vmax);
        ak_buf_puts(b, "\">\n");
        for (size_t j = 0; j < p->series_count; j++)
            draw_series(b, p, j, &curves[j]);
        ak_buf_puts(b, "</g>\n");
        legend(b, p, l->top + l->height + (p->o->compact ? l->font + 16 : 2 * l->font + 28), strings);
        ak_buf_puts(b, "</svg>\n");
    }
    free(curves);
    free(p->tracks);
    free(p);
    ak_arena_free(&arena);
    ak_buf_detach(b);
    ok = ak_hook_result(d, errors, ok, b, "plotting");
    if (!ok)
        b->len = start; /* no partial SVG */
    return ok;
}
