/* AnimJ <-> the common model, and the canonical AnimJ emitter (spec 6.1).
 *
 * to_model runs only on documents the validator accepted without errors, so
 * the builder can rely on the shape (member kinds, the track order, value
 * shapes); it follows the event depths of AnimJ's fixed nesting:
 *   1 root members, 2 tracks, 3 track members, 4 data members,
 *   5 keyframes elements, 6 key members or Raw value components,
 *   7 key value components. */
#include "budget.h"
#include "animj.h"

#include "arena.h"
#include "curve.h"
#include "json_writer.h"
#include "model.h"
#include "numbers.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct builder {
    ak_arena *arena;
    ak_animation *anim;
    ak_track *tracks;
    size_t track_count, track_cap;
    ak_key_stage keys; /* the current track's keys before the last */
    ak_key key;        /* the last, being filled */
    bool has_key;
    bool failed;
    /* member names of the open objects, per depth */
    const char *member[8];
    size_t member_len[8];
    ak_value *target;   /* the value being filled (value, leftTangent, rightTangent) */
    ak_value_type vt;
    bool have_vt;
    int component;      /* the component whose value comes next (-1: unknown) */
    bool key_has_interp;
    ak_diags *d;
} builder;

static bool name_is(const builder *b, uint32_t depth, const char *s)
{
    return depth < 8 && b->member[depth] && b->member_len[depth] == strlen(s) &&
           memcmp(b->member[depth], s, b->member_len[depth]) == 0;
}

static char *arena_string(builder *b, const ak_json_event *e)
{
    ak_buf s;
    ak_buf_init(&s);
    if (!ak_json_string_decode(e, &s)) {
        ak_buf_free(&s);
        b->failed = true;
        return NULL;
    }
    char *out = ak_arena_alloc(b->arena, s.len + 1, 1);
    if (out) {
        if (s.len)
            memcpy(out, s.data, s.len);
        out[s.len] = 0;
    } else {
        b->failed = true;
    }
    ak_buf_free(&s);
    return out;
}

static ak_track *cur_track(builder *b) { return b->track_count ? &b->tracks[b->track_count - 1] : NULL; }

/* The key the next events fill; the one before goes to the stage. */
static ak_key *new_key(builder *b)
{
    ak_track *t = cur_track(b);
    if (b->has_key && !ak_key_stage_push(&b->keys, t->type, t->kind, &b->key)) {
        b->failed = true;
        return NULL;
    }
    b->has_key = true;
    ak_key *k = &b->key;
    memset(k, 0, sizeof *k);
    k->interp = AK_INTERP_HOLD; /* spec 7, A9: a missing interpolation is evaluated as Hold */
    return k;
}

/* The keys collected for the current track go into the arena. */
static void close_track(builder *b)
{
    ak_track *t = cur_track(b);
    if (!t)
        return;
    if (b->has_key && !ak_key_stage_push(&b->keys, t->type, t->kind, &b->key))
        b->failed = true;
    b->has_key = false;
    /* a Raw track's times are start + i * interval */
    if (!ak_key_stage_move(&b->keys, t, b->arena))
        b->failed = true;
}

static void value_defaults(builder *b, ak_value *v)
{
    memset(v, 0, sizeof *v);
    if (b->vt == AK_VT_COLOR)
        v->f[3] = 1.0f;
    else if (b->vt == AK_VT_COLOR32)
        v->u[3] = 255;
    else if (b->vt == AK_VT_STRING)
        v->s.ptr = NULL;
}

static void set_component(builder *b, ak_value *v, int i, const ak_json_event *e)
{
    const ak_value_type_info *info = ak_value_type_info_of(b->vt);
    if (i < 0 || i >= info->components)
        return;
    switch (info->kind) {
    case AK_VK_BOOL: v->b[i] = e->kind == AK_JSON_TRUE; break;
    case AK_VK_UINT: ak_parse_u64(e->text, e->text_len, &v->u[i]); break;
    case AK_VK_INT: ak_parse_i64(e->text, e->text_len, &v->i[i]); break;
    case AK_VK_F32: ak_json_number_f32(e, &v->f[i]); break;
    case AK_VK_F64: ak_json_number_f64(e, &v->d[i]); break;
    case AK_VK_STRING:
        if (e->kind == AK_JSON_STRING) {
            char *s = arena_string(b, e);
            v->s.ptr = s;
            v->s.len = s ? strlen(s) : 0;
        } else {
            v->s.ptr = NULL;
            v->s.len = 0;
        }
        break;
    }
}

static int interp_of(const ak_json_event *e)
{
    static const char *const names[4] = {"hold", "linear", "tangent", "cubicbezier"};
    if (e->kind == AK_JSON_NUMBER) {
        int64_t v;
        if (ak_parse_i64(e->text, e->text_len, &v) == AK_NUM_OK && v >= 0 && v <= 3)
            return (int)v;
        return 0;
    }
    for (int i = 0; i < 4; i++) {
        size_t n = strlen(names[i]);
        bool same = e->text_len == n;
        for (size_t k = 0; same && k < n; k++) {
            char a = e->text[k];
            if (a >= 'A' && a <= 'Z')
                a = (char)(a - 'A' + 'a');
            same = a == names[i][k];
        }
        if (same)
            return i;
    }
    return 0;
}

static int build_event(void *user, ak_json_parser *p, const ak_json_event *e)
{
    builder *b = user;
    (void)p;
    uint32_t dep = e->depth;
    if (e->kind == AK_JSON_KEY) {
        if (dep < 8) {
            b->member[dep] = e->text;
            b->member_len[dep] = e->text_len;
        }
        return 0;
    }
    if (e->kind == AK_JSON_END_OBJECT || e->kind == AK_JSON_END_ARRAY) {
        if (e->kind == AK_JSON_END_OBJECT && dep == 2 && name_is(b, 1, "tracks"))
            close_track(b); /* a track ends */
        return b->failed;
    }
    if (e->kind == AK_JSON_BEGIN_OBJECT && dep < 7)
        b->member[dep + 1] = NULL;
    /* root members */
    if (dep == 1) {
        if (name_is(b, 1, "name") && e->kind == AK_JSON_STRING)
            b->anim->name = arena_string(b, e);
        else if (name_is(b, 1, "globalDuration") && e->kind == AK_JSON_NUMBER) {
            float v = 0;
            ak_json_number_f32(e, &v);
            b->anim->end = v;
        }
        return b->failed;
    }
    if (!name_is(b, 1, "tracks"))
        return b->failed;
    if (dep == 2 && e->kind == AK_JSON_BEGIN_OBJECT) {
        if (b->track_count == b->track_cap) {
            size_t cap = b->track_cap ? b->track_cap * 2 : 8;
            ak_track *t = realloc(b->tracks, cap * sizeof *t);
            if (!t)
                return 1;
            b->tracks = t;
            b->track_cap = cap;
        }
        ak_track *t = &b->tracks[b->track_count++];
        memset(t, 0, sizeof *t);
        b->have_vt = false;
        return 0;
    }
    ak_track *t = cur_track(b);
    if (!t)
        return b->failed;
    if (dep == 3) {
        if (name_is(b, 3, "trackType") && e->kind == AK_JSON_STRING) {
            if (ak_json_string_equals(e, "Raw", 3) || ak_json_string_equals(e, "0", 1))
                t->kind = AK_TRACK_RAW;
            else if (ak_json_string_equals(e, "Discrete", 8) || ak_json_string_equals(e, "1", 1))
                t->kind = AK_TRACK_DISCRETE;
            else
                t->kind = AK_TRACK_CURVE;
        } else if (name_is(b, 3, "valueType") && e->kind == AK_JSON_STRING) {
            b->have_vt = ak_value_type_from_name(e->text, e->text_len, &b->vt);
            t->type = b->vt;
        }
        return b->failed;
    }
    if (!name_is(b, 3, "data"))
        return b->failed;
    if (dep == 4) {
        if (name_is(b, 4, "node") && e->kind == AK_JSON_STRING)
            t->node = arena_string(b, e);
        else if (name_is(b, 4, "property") && e->kind == AK_JSON_STRING)
            t->property = arena_string(b, e);
        else if (name_is(b, 4, "interval") && e->kind == AK_JSON_NUMBER) {
            float v = 0;
            ak_json_number_f32(e, &v);
            t->interval = v;
        }
        return b->failed;
    }
    if (!name_is(b, 4, "keyframes") || !b->have_vt)
        return b->failed;
    if (t->kind == AK_TRACK_RAW) {
        if (dep == 5) {
            ak_key *k = new_key(b);
            if (!k)
                return 1;
            value_defaults(b, &k->value);
            k->interp = AK_INTERP_LINEAR;
            if (e->kind != AK_JSON_BEGIN_OBJECT)
                set_component(b, &k->value, 0, e);
            b->target = &k->value;
        } else if (dep == 6 && b->has_key) {
            set_component(b, b->target, ak_value_component_index(b->vt, b->member[6], b->member_len[6]), e);
        }
        return b->failed;
    }
    if (dep == 5) {
        if (e->kind == AK_JSON_BEGIN_OBJECT && new_key(b)) {
            ak_key *k = &b->key;
            value_defaults(b, &k->value);
            if (t->kind == AK_TRACK_DISCRETE)
                k->interp = AK_INTERP_HOLD;
        }
        return b->failed;
    }
    if (!b->has_key)
        return b->failed;
    ak_key *k = &b->key;
    if (dep == 6) {
        if (name_is(b, 6, "time") && e->kind == AK_JSON_NUMBER) {
            float v = 0;
            ak_json_number_f32(e, &v);
            k->time = v;
            return 0;
        }
        if (name_is(b, 6, "interpolation") && t->kind == AK_TRACK_CURVE) {
            k->interp = (ak_interp)interp_of(e);
            return 0;
        }
        ak_value *v = name_is(b, 6, "value")          ? &k->value
                      : name_is(b, 6, "leftTangent")  ? &k->in_tangent
                      : name_is(b, 6, "rightTangent") ? &k->out_tangent
                                                      : NULL;
        if (!v || (t->kind != AK_TRACK_CURVE && v != &k->value))
            return 0;
        if (v != &k->value) {
            if (!k->has_tangents) {
                /* the tangent not given is the zero value, not a value with
                   missing components (spec 3.2: color a = 0, color32 a = 0) */
                memset(&k->in_tangent, 0, sizeof k->in_tangent);
                memset(&k->out_tangent, 0, sizeof k->out_tangent);
            }
            k->has_tangents = true;
        }
        value_defaults(b, v);
        b->target = v;
        if (e->kind != AK_JSON_BEGIN_OBJECT)
            set_component(b, v, 0, e);
        return b->failed;
    }
    if (dep == 7 && b->target)
        set_component(b, b->target, ak_value_component_index(b->vt, b->member[7], b->member_len[7]), e);
    return b->failed;
}

bool animj_to_model(const ak_input *in, const ak_options *opt, ak_diags *d, struct ak_arena *arena,
                    struct ak_animation **out)
{
    size_t before = ak_diags_errors(d);
    ak_format_animj.validate(in, opt, d);
    if (ak_diags_errors(d) > before)
        return false;
    builder b;
    memset(&b, 0, sizeof b);
    b.arena = arena;
    b.d = d;
    ak_key_stage_init(&b.keys, arena->budget);
    b.anim = AK_ARENA_NEW(arena, ak_animation);
    if (!b.anim)
        return false;
    memset(b.anim, 0, sizeof *b.anim);
    b.anim->end = NAN;
    ak_json_config cfg;
    memset(&cfg, 0, sizeof cfg);
    cfg.handler = build_event;
    cfg.user = &b;
    cfg.allow_duplicates = true;
    ak_json_status st = ak_json_parse(in->data, in->size, &cfg, NULL);
    bool ok = st == AK_JSON_OK && !b.failed;
    if (ok && b.track_count) {
        b.anim->tracks = AK_ARENA_ARRAY(arena, ak_track, b.track_count);
        if (b.anim->tracks)
            memcpy(b.anim->tracks, b.tracks, b.track_count * sizeof *b.anim->tracks);
        else
            ok = false;
        b.anim->track_count = b.track_count;
    }
    free(b.tracks);
    ak_key_stage_free(&b.keys);
    if (ok)
        *out = b.anim;
    return ok;
}

/* ---- the canonical emitter (spec 6.1) ----------------------------------- */

/* ECMAScript Number::toString layout of the shortest digits. */
static void number(ak_json_writer *w, double v, bool f32)
{
    char digits[20], buf[64];
    int exp10 = 0;
    bool neg = false;
    int k = f32 ? ak_shortest_f32((float)v, digits, &exp10, &neg) : ak_shortest_f64(v, digits, &exp10, &neg);
    k = (int)strlen(digits);
    int n = exp10 + 1;
    size_t len = 0;
    if (neg)
        buf[len++] = '-';
    if (k <= n && n <= 21) {
        memcpy(buf + len, digits, (size_t)k);
        len += (size_t)k;
        for (int i = 0; i < n - k; i++)
            buf[len++] = '0';
    } else if (0 < n && n <= 21) {
        memcpy(buf + len, digits, (size_t)n);
        len += (size_t)n;
        buf[len++] = '.';
        memcpy(buf + len, digits + n, (size_t)(k - n));
        len += (size_t)(k - n);
    } else if (-6 < n && n <= 0) {
        buf[len++] = '0';
        buf[len++] = '.';
        for (int i = 0; i < -n; i++)
            buf[len++] = '0';
        memcpy(buf + len, digits, (size_t)k);
        len += (size_t)k;
    } else {
        buf[len++] = digits[0];
        if (k > 1) {
            buf[len++] = '.';
            memcpy(buf + len, digits + 1, (size_t)(k - 1));
            len += (size_t)(k - 1);
        }
        len += (size_t)snprintf(buf + len, sizeof buf - len, "e%c%d", n - 1 < 0 ? '-' : '+', abs(n - 1));
    }
    ak_json_raw_number(w, buf, len);
}

static void write_value(ak_json_writer *w, ak_value_type vt, const ak_value *v)
{
    const ak_value_type_info *info = ak_value_type_info_of(vt);
    if (info->components > 1)
        ak_json_begin_object(w);
    for (int i = 0; i < info->components; i++) {
        if (info->components > 1) {
            char name[4];
            size_t n = ak_value_component_name(vt, (unsigned)i, name);
            ak_json_key(w, name, n);
        }
        switch (info->kind) {
        case AK_VK_BOOL: ak_json_bool(w, v->b[i]); break;
        case AK_VK_UINT: ak_json_u64(w, v->u[i]); break;
        case AK_VK_INT: ak_json_i64(w, v->i[i]); break;
        case AK_VK_F32: number(w, v->f[i], true); break;
        case AK_VK_F64: number(w, v->d[i], false); break;
        case AK_VK_STRING:
            if (v->s.ptr)
                ak_json_string(w, v->s.ptr, v->s.len);
            else
                ak_json_null(w);
            break;
        }
    }
    if (info->components > 1)
        ak_json_end_object(w);
}

static bool value_finite(ak_value_type vt, const ak_value *v)
{
    const ak_value_type_info *info = ak_value_type_info_of(vt);
    for (int i = 0; i < info->components; i++) {
        if (info->kind == AK_VK_F32 && !(v->f[i] - v->f[i] == 0))
            return false;
        if (info->kind == AK_VK_F64 && !(v->d[i] - v->d[i] == 0))
            return false;
    }
    return true;
}

typedef struct order {
    double time;
    size_t index;
} order;

static int by_time(const void *a, const void *b)
{
    const order *x = a, *y = b;
    if (x->time != y->time)
        return x->time < y->time ? -1 : 1;
    return x->index < y->index ? -1 : x->index > y->index;
}

static const char *const track_names[3] = {"Raw", "Discrete", "Curve"};
static const char *const interp_names[4] = {"Hold", "Linear", "Tangent", "CubicBezier"};

static bool is_matrix(ak_value_type vt) { return ak_value_type_matrix_dim(vt) != 0; }

static void track_name(ak_buf *b, size_t i, const ak_track *t)
{
    ak_buf_printf(b, "%s%zu (%s%s%s)", b->len ? ", " : "", i, t->node ? t->node : "",
                  t->node && t->property ? " " : "", t->property ? t->property : "");
}

/* What AnimJ cannot say, reported before anything is written (6.1.7):
   matrix tracks are left out, naming them; NaN or infinity refuses. */
static bool check_model(const struct ak_animation *anim, ak_diags *d)
{
    const ak_rule *loss = &animj_rules[animj_R_CONVERT_LOSS];
    ak_buf dropped;
    ak_buf_init(&dropped);
    for (size_t t = 0; t < anim->track_count; t++) {
        const ak_track *tr = &anim->tracks[t];
        if (is_matrix(tr->type)) {
            track_name(&dropped, t, tr);
            continue;
        }
        for (size_t k = 0; k < tr->key_count; k++) {
            ak_key got;
            ak_key_get(tr, k, &got);
            const ak_key *key = &got;
            if (!(key->time - key->time == 0) || !value_finite(tr->type, &key->value) ||
                (key->has_tangents && key->interp != AK_INTERP_HERMITE &&
                 (!value_finite(tr->type, &key->in_tangent) || !value_finite(tr->type, &key->out_tangent)))) {
                ak_report(d, &animj_rules[animj_R_VALUE_RANGE], 0, 0, "",
                          "track %zu key %zu: NaN or infinity cannot be written as JSON", t, k);
                ak_buf_free(&dropped);
                return false;
            }
        }
    }
    if (dropped.len)
        ak_report(d, loss, 0, 0, "", "matrix tracks left out (AnimJ cannot carry matrices; AnimX can): %s",
                  ak_buf_cstr(&dropped));
    ak_buf_free(&dropped);
    return true;
}

/* The keys of a curve or discrete track as AnimJ segments
   (ak_keys_as_bezier), in time order; *count is how many. NULL when
   allocation fails. */
static ak_key *curve_keys(const ak_track *tr, const order *ord, size_t *count, ak_bezier_report *rep)
{
    size_t n = tr->key_count;
    ak_key *sorted = malloc(n * sizeof *sorted), *out = malloc(2 * n * sizeof *out);
    if (!sorted || !out) {
        free(sorted);
        free(out);
        return NULL;
    }
    for (size_t i = 0; i < n; i++)
        ak_key_get(tr, ord[i].index, &sorted[i]);
    *count = ak_keys_as_bezier(tr, sorted, n, true, out, rep);
    free(sorted);
    return out;
}

typedef struct losses {
    size_t approximated, steps_lost, linearised;
    size_t before_zero, before_zero_tracks; /* keys left out: AnimJ times are >= 0 */
    double worst, worst_time;
    size_t worst_track;
} losses;

static void add_losses(losses *l, const ak_bezier_report *rep, size_t track)
{
    if (rep->approximated && (!l->approximated || rep->worst > l->worst)) {
        l->worst = rep->worst;
        l->worst_time = rep->worst_time;
        l->worst_track = track;
    }
    l->approximated += rep->approximated;
    l->steps_lost += rep->steps_lost;
    l->linearised += rep->linearised;
}

/* AnimJ times are >= 0 (the importer rejects the others): keys before 0
   are left out, and the key before 0 of the segment that crosses 0 becomes
   a key at 0 with the track's value there (a CubicBezier segment that
   crosses 0 becomes Linear from there). keys: in time order. SIZE_MAX
   when the value at 0 cannot be evaluated (out of memory). */
static size_t clip_before_zero(const ak_track *tr, ak_key *keys, size_t n, losses *l)
{
    size_t first = 0;
    while (first < n && keys[first].time < 0)
        first++;
    if (first == 0)
        return n;
    size_t from = first;
    if (first < n && keys[first].time > 0) {
        ak_key *k = &keys[--from];
        ak_value at_zero;
        if (!ak_track_eval(tr, 0, &at_zero))
            return SIZE_MAX;
        k->time = 0;
        k->value = at_zero;
        if (k->interp == AK_INTERP_CUBIC_BEZIER || k->interp == AK_INTERP_TANGENT)
            k->interp = AK_INTERP_LINEAR;
    }
    l->before_zero += from;
    l->before_zero_tracks++;
    memmove(keys, keys + from, (n - from) * sizeof *keys);
    return n - from;
}

static void report_losses(const losses *l, ak_diags *d)
{
    const ak_rule *loss = &animj_rules[animj_R_CONVERT_LOSS];
    if (l->before_zero)
        ak_report(d, loss, 0, 0, "",
                  "%zu key%s before time 0 left out of %zu track%s (AnimJ times are >= 0); a key at 0 holds the "
                  "value there",
                  l->before_zero, l->before_zero == 1 ? "" : "s", l->before_zero_tracks,
                  l->before_zero_tracks == 1 ? "" : "s");
    if (l->approximated)
        ak_report(d, loss, 0, 0, "",
                  "%zu weighted tangent segment%s approximated by CubicBezier handles at 1/3 and 2/3 of the "
                  "segment; largest deviation %.9g at time %.9g in track %zu",
                  l->approximated, l->approximated == 1 ? "" : "s", l->worst, l->worst_time, l->worst_track);
    if (l->steps_lost)
        ak_report(d, loss, 0, 0, "", "%zu step-next key%s became Hold: the next key is within one float32 step",
                  l->steps_lost, l->steps_lost == 1 ? "" : "s");
    if (l->linearised)
        ak_report(d, loss, 0, 0, "", "%zu Hermite key%s of vector tracks became Linear (their slopes are not kept)",
                  l->linearised, l->linearised == 1 ? "" : "s");
}

bool animj_from_model(const struct ak_animation *anim, const ak_options *opt, ak_diags *d, ak_buf *out)
{
    (void)opt;
    if (!check_model(anim, d))
        return false;
    ak_json_writer w;
    ak_json_writer_options wo = {2, false, true};
    ak_json_writer_init(&w, out, &wo);
    ak_json_begin_object(&w);
    ak_json_keyz(&w, "name");
    ak_json_stringz(&w, anim->name ? anim->name : "");
    ak_json_keyz(&w, "globalDuration");
    number(&w, ak_animation_end(anim), true);
    ak_json_keyz(&w, "tracks");
    ak_json_begin_array(&w);
    order *ord = NULL;
    losses lost;
    memset(&lost, 0, sizeof lost);
    bool ok = true;
    ak_budget *budget = ak_diags_budget(d);
    for (size_t t = 0; t < anim->track_count && ok; t++) {
        const ak_track *tr = &anim->tracks[t];
        if (is_matrix(tr->type))
            continue;
        size_t n = tr->key_count;
        if (n && tr->kind != AK_TRACK_RAW) { /* a Raw track's values are in order */
            order *grown = realloc(ord, n * sizeof *ord);
            if (!grown) {
                ok = false;
                break;
            }
            ord = grown;
            for (size_t k = 0; k < n; k++) {
                ord[k].time = ak_key_time(tr, k);
                ord[k].index = k;
            }
            qsort(ord, n, sizeof *ord, by_time); /* stable: ties keep their index order */
        }
        const ak_key *keys = NULL;
        ak_key *converted = NULL;
        uint64_t held = 0; /* the converted keys' share of the budget */
        if (tr->kind != AK_TRACK_RAW && n) {
            ak_bezier_report rep;
            held = (uint64_t)3 * n * sizeof(ak_key); /* curve_keys' peak */
            if (!ak_budget_take(budget, held, "converting curve keys")) {
                ok = false;
                break;
            }
            converted = curve_keys(tr, ord, &n, &rep);
            if (!converted) {
                ak_budget_give(budget, held);
                ok = false;
                break;
            }
            add_losses(&lost, &rep, t);
            n = clip_before_zero(tr, converted, n, &lost);
            keys = converted;
            if (n == SIZE_MAX) {
                free(converted);
                ak_budget_give(budget, held);
                ok = false;
                break;
            }
        }
        ak_json_begin_object(&w);
        ak_json_keyz(&w, "trackType");
        ak_json_stringz(&w, track_names[tr->kind]);
        ak_json_keyz(&w, "valueType");
        ak_json_stringz(&w, ak_value_type_info_of(tr->type)->name);
        ak_json_keyz(&w, "data");
        ak_json_begin_object(&w);
        ak_json_keyz(&w, "node");
        ak_json_stringz(&w, tr->node ? tr->node : "");
        ak_json_keyz(&w, "property");
        ak_json_stringz(&w, tr->property ? tr->property : "");
        if (tr->kind == AK_TRACK_RAW) {
            ak_json_keyz(&w, "interval");
            number(&w, tr->interval, true);
        }
        ak_json_keyz(&w, "keyframes");
        ak_json_begin_array(&w);
        for (size_t i = 0; i < n; i++) {
            if (tr->kind == AK_TRACK_RAW) {
                ak_value value;
                ak_key_value(tr, i, &value);
                write_value(&w, tr->type, &value);
                continue;
            }
            const ak_key *key = &keys[i]; /* in time order (converted) */
            ak_json_begin_object(&w);
            ak_json_keyz(&w, "time");
            number(&w, key->time, true);
            ak_json_keyz(&w, "value");
            write_value(&w, tr->type, &key->value);
            if (tr->kind == AK_TRACK_CURVE) {
                bool prev_needs = i > 0 && (keys[i - 1].interp == AK_INTERP_TANGENT ||
                                            keys[i - 1].interp == AK_INTERP_CUBIC_BEZIER);
                int ip = (int)key->interp; /* ak_keys_as_bezier left Hold, Linear, Tangent, CubicBezier */
                ak_json_keyz(&w, "interpolation");
                ak_json_stringz(&w, interp_names[ip]);
                /* both tangents on a Tangent/CubicBezier key, and on the key after
                   one (its leftTangent is that segment's second control point) */
                bool needs = ip == AK_INTERP_TANGENT || ip == AK_INTERP_CUBIC_BEZIER;
                if (needs || prev_needs) {
                    ak_value zero;
                    memset(&zero, 0, sizeof zero);
                    ak_json_keyz(&w, "leftTangent");
                    write_value(&w, tr->type, key->has_tangents ? &key->in_tangent : &zero);
                    if (needs) {
                        ak_json_keyz(&w, "rightTangent");
                        write_value(&w, tr->type, key->has_tangents ? &key->out_tangent : &zero);
                    }
                }
            }
            ak_json_end_object(&w);
        }
        free(converted);
        ak_budget_give(budget, held);
        ak_json_end_array(&w);
        ak_json_end_object(&w);
        ak_json_end_object(&w);
    }
    free(ord);
    ak_json_end_array(&w);
    ak_json_end_object(&w);
    report_losses(&lost, d);
    return ak_json_writer_finish(&w) && ok;
}

bool animj_reemit(const ak_input *in, const ak_options *opt, ak_diags *d, ak_buf *out)
{
    ak_arena arena;
    ak_arena_init_budget(&arena, 1 << 16, ak_budget_of(d, opt), "the common model");
    ak_animation *anim = NULL;
    bool ok = animj_to_model(in, opt, d, &arena, &anim) && animj_from_model(anim, opt, d, out);
    ak_arena_free(&arena);
    return ok;
}

/* The canonical AnimJ is the clearest dump of an AnimJ file. */
bool animj_dump(const ak_input *in, const ak_options *opt, ak_diags *d, ak_buf *out)
{
    return animj_reemit(in, opt, d, out);
}
