/* MRTK -> common model. One scalar track per curve, in file order (§3.5,
 * §3.6), node = the group ("camera", "left_hand/joints/3", "eye_gaze"; none
 * for the hand state curves), property = the curve's field name.
 *
 *  - Float curves are Unity AnimationCurves (§4.2, §4.3): Hermite keys with
 *    slopes, and weights where weighted_mode says so; a ±∞ tangent makes
 *    the segment stepped. 1.1 keys are (0, 0, 0, 0, Both): linear.
 *  - Bool curves are step functions (§4.4): discrete bool tracks whose value
 *    is key value > 0.5.
 *  - Keys are stable-sorted by time, as Unity keeps them (§4.2).
 *  - Wrap modes: Loop -> cycle, PingPong -> oscillate, anything else clamps.
 *  - duration = the latest last-key time over all curves (§4.1).
 * Rotations stay four scalar tracks: their key times may differ (§4.6), so
 * normalising the quaternion is the evaluator's business, per time. */
#include "model.h"
#include "budget.h"

#include "mrtk_layout.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct builder {
    ak_arena *arena;
    ak_diags *d;
    ak_track *tracks;
    size_t count, cap;
    double duration;
    bool failed;
} builder;

static ak_infinity wrap_to_infinity(int32_t wrap)
{
    switch (wrap) {
    case 2: return AK_INF_CYCLE;     /* Loop -> Repeat */
    case 4: return AK_INF_OSCILLATE; /* PingPong */
    default: return AK_INF_CONSTANT; /* Default, Once, ClampForever, unknown */
    }
}

static ak_track *new_track(builder *b, const char *node, const char *property)
{
    if (b->count == b->cap) {
        size_t cap = b->cap ? b->cap * 2 : 512;
        ak_track *grown = AK_ARENA_ARRAY(b->arena, ak_track, cap);
        if (!grown) {
            b->failed = true;
            return NULL;
        }
        if (b->count)
            memcpy(grown, b->tracks, b->count * sizeof *grown);
        b->tracks = grown;
        b->cap = cap;
    }
    ak_track *t = &b->tracks[b->count++];
    memset(t, 0, sizeof *t);
    t->node = node;
    t->property = property;
    return t;
}

/* The order of n keys by time (times[i * stride] is key i's, a float),
 * stable: a bottom-up merge sort (no recursion; O(n log n) on any input).
 * NULL when they are in order already, as MRTK writes them, and on
 * allocation failure (b->failed). The caller frees it. */
static size_t *key_order(builder *b, const float *times, size_t stride, size_t n)
{
    size_t i = 1;
    while (i < n && !(times[i * stride] < times[(i - 1) * stride]))
        i++;
    if (i >= n)
        return NULL;
    size_t *src = malloc(n * sizeof *src), *dst = malloc(n * sizeof *dst);
    if (!src || !dst) {
        free(src);
        free(dst);
        ak_report_out_of_memory(b->d, (uint64_t)n * 2 * sizeof *src, "sorting MRTK keys");
        b->failed = true;
        return NULL;
    }
    for (i = 0; i < n; i++)
        src[i] = i;
    for (size_t width = 1; width < n; width *= 2) {
        for (size_t lo = 0; lo < n; lo += 2 * width) {
            size_t mid = lo + width < n ? lo + width : n;
            size_t hi = lo + 2 * width < n ? lo + 2 * width : n;
            size_t a = lo, c = mid, k = lo;
            while (a < mid && c < hi)
                dst[k++] = times[src[c] * stride] < times[src[a] * stride] ? src[c++] : src[a++];
            while (a < mid)
                dst[k++] = src[a++];
            while (c < hi)
                dst[k++] = src[c++];
        }
        size_t *swap = src;
        src = dst;
        dst = swap;
    }
    free(dst);
    return src;
}

/* A track of n keys with parts; false (b->failed) when they cannot be
   allocated. */
static bool alloc_keys(builder *b, ak_track *t, size_t n, unsigned parts)
{
    if (!ak_track_alloc_keys(t, b->arena, n, parts))
        b->failed = true;
    return !b->failed;
}

static void finish(builder *b, ak_track *t)
{
    if (t->key_count && ak_key_time(t, t->key_count - 1) > b->duration)
        b->duration = ak_key_time(t, t->key_count - 1);
}

/* A Unity key: slopes, and the weights its weighted_mode enables. */
static void unity_key(ak_key *k, float time, float value, float in_t, float out_t, float in_w, float out_w, int32_t mode)
{
    memset(k, 0, sizeof *k);
    k->time = time;
    k->value.f[0] = value;
    k->interp = AK_INTERP_HERMITE;
    k->has_tangents = true;
    k->in_tangent.d[0] = in_t;
    k->out_tangent.d[0] = out_t;
    k->in_weighted = (mode & 1) != 0;
    k->out_weighted = (mode & 2) != 0;
    k->in_weight = k->in_weighted ? in_w : 1.0 / 3.0;
    k->out_weight = k->out_weighted ? out_w : 1.0 / 3.0;
    k->flags = (uint32_t)mode;
}

/* §4.3 step 4: a ±∞ tangent on either side makes the segment a step. */
static void mark_steps(ak_track *t)
{
    ak_value in, out, next_in, next_out;
    for (size_t i = 0; i + 1 < t->key_count; i++) {
        ak_key_tangents(t, i, &in, &out);
        ak_key_tangents(t, i + 1, &next_in, &next_out);
        if (isinf(out.d[0]) || isinf(next_in.d[0]))
            ak_key_set_interp(t, i, AK_INTERP_HOLD);
    }
}

enum { UNITY_KEY_PARTS = AK_KEYS_TANGENTS | AK_KEYS_WEIGHTS | AK_KEYS_FLAGS };

static void add_full(builder *b, const char *node, const char *prop, const mrtk_curve__full_key *c)
{
    ak_track *t = new_track(b, node, prop);
    if (!t)
        return;
    t->type = AK_VT_FLOAT;
    t->kind = AK_TRACK_CURVE;
    t->pre = wrap_to_infinity(c->pre_wrap);
    t->post = wrap_to_infinity(c->post_wrap);
    size_t n = c->keys_count;
    size_t *order = n ? key_order(b, &c->keys[0].time, sizeof c->keys[0] / sizeof(float), n) : NULL;
    if (!alloc_keys(b, t, n, UNITY_KEY_PARTS)) {
        free(order);
        return;
    }
    for (size_t i = 0; i < n; i++) {
        const mrtk_full_key *k = &c->keys[order ? order[i] : i];
        ak_key key;
        unity_key(&key, k->time, k->value, k->in_tangent, k->out_tangent, k->in_weight, k->out_weight,
                  k->weighted_mode);
        ak_key_set(t, i, &key);
    }
    free(order);
    finish(b, t);
    mark_steps(t);
}

static void add_simple(builder *b, const char *node, const char *prop, const mrtk_curve__simple_key *c)
{
    ak_track *t = new_track(b, node, prop);
    if (!t)
        return;
    t->type = AK_VT_FLOAT;
    t->kind = AK_TRACK_CURVE;
    t->pre = wrap_to_infinity(c->pre_wrap);
    t->post = wrap_to_infinity(c->post_wrap);
    size_t n = c->keys_count;
    size_t *order = n ? key_order(b, &c->keys[0].time, sizeof c->keys[0] / sizeof(float), n) : NULL;
    if (!alloc_keys(b, t, n, UNITY_KEY_PARTS)) {
        free(order);
        return;
    }
    for (size_t i = 0; i < n; i++) { /* §4.2: (0, 0, 0, 0, Both) = linear */
        const mrtk_simple_key *k = &c->keys[order ? order[i] : i];
        ak_key key;
        unity_key(&key, k->time, k->value, 0, 0, 0, 0, 3);
        ak_key_set(t, i, &key);
    }
    free(order);
    finish(b, t);
}

static void add_bool(builder *b, const char *prop, const mrtk_curve__bool_key *c)
{
    ak_track *t = new_track(b, NULL, prop);
    if (!t)
        return;
    t->type = AK_VT_BOOL;
    t->kind = AK_TRACK_DISCRETE;
    size_t n = c->keys_count;
    size_t *order = n ? key_order(b, &c->keys[0].time, sizeof c->keys[0] / sizeof(float), n) : NULL;
    if (!alloc_keys(b, t, n, 0)) {
        free(order);
        return;
    }
    for (size_t i = 0; i < n; i++) {
        const mrtk_bool_key *k = &c->keys[order ? order[i] : i];
        ak_value v = {.b = {k->value > 0.5f}}; /* §4.4: MRTK tests > 0.5 */
        ak_key_set_time(t, i, k->time);
        ak_key_set_value(t, i, &v); /* Hold */
    }
    free(order);
    finish(b, t);
}

static const char *const pose_names[7] = {"pos_x", "pos_y", "pos_z", "rot_x", "rot_y", "rot_z", "rot_w"};
static const char *const ray_names[6] = {"origin_x", "origin_y", "origin_z", "dir_x", "dir_y", "dir_z"};

static const char *joint_node(builder *b, const char *hand, int j)
{
    char tmp[64];
    snprintf(tmp, sizeof tmp, "%s/joints/%d", hand, j);
    return ak_arena_strndup(b->arena, tmp, strlen(tmp));
}

static void add_pose_full(builder *b, const char *node, const mrtk_pose_full *p)
{
    const mrtk_curve__full_key *c[7] = {&p->pos_x, &p->pos_y, &p->pos_z, &p->rot_x, &p->rot_y, &p->rot_z, &p->rot_w};
    for (int k = 0; k < 7; k++)
        add_full(b, node, pose_names[k], c[k]);
}

static void add_pose_simple(builder *b, const char *node, const mrtk_pose_simple *p)
{
    const mrtk_curve__simple_key *c[7] = {&p->pos_x, &p->pos_y, &p->pos_z, &p->rot_x, &p->rot_y, &p->rot_z, &p->rot_w};
    for (int k = 0; k < 7; k++)
        add_simple(b, node, pose_names[k], c[k]);
}

bool mrtk_to_model(const ak_input *in, const ak_options *opt, ak_diags *d, struct ak_arena *arena,
                   struct ak_animation **out)
{
    (void)opt;
    *out = NULL;
    mrtk_file *doc = mrtk_decode(in->data, in->size, opt, d, arena);
    if (!doc || ak_diags_errors(d))
        return false;
    builder b = {.arena = arena, .d = d};
    if (doc->layout == mrtk_layout_body_v11) {
        /* 1.1: the sections the flags say are present (§4.4 presence) */
        const mrtk_body_v11 *v = &doc->body_v11;
        if (v->has_camera_pose)
            add_pose_simple(&b, "camera", &v->camera);
        if (v->has_hand_data) {
            add_bool(&b, "hand_tracked_left", &v->hand_tracked_left);
            add_bool(&b, "hand_tracked_right", &v->hand_tracked_right);
            add_bool(&b, "hand_pinching_left", &v->hand_pinching_left);
            add_bool(&b, "hand_pinching_right", &v->hand_pinching_right);
            for (int j = 0; j < 27 && !b.failed; j++)
                add_pose_simple(&b, joint_node(&b, "left_hand", j), &v->left_hand.joints[j]);
            for (int j = 0; j < 27 && !b.failed; j++)
                add_pose_simple(&b, joint_node(&b, "right_hand", j), &v->right_hand.joints[j]);
        }
        if (v->has_eye_gaze) {
            const mrtk_curve__simple_key *c[6] = {&v->eye_gaze.origin_x, &v->eye_gaze.origin_y, &v->eye_gaze.origin_z,
                                             &v->eye_gaze.dir_x, &v->eye_gaze.dir_y, &v->eye_gaze.dir_z};
            for (int k = 0; k < 6; k++)
                add_simple(&b, "eye_gaze", ray_names[k], c[k]);
        }
    } else {
        const mrtk_body_v10 *v = &doc->body_v10;
        add_pose_full(&b, "camera", &v->camera);
        add_bool(&b, "hand_tracked_left", &v->hand_tracked_left);
        add_bool(&b, "hand_tracked_right", &v->hand_tracked_right);
        add_bool(&b, "hand_pinching_left", &v->hand_pinching_left);
        add_bool(&b, "hand_pinching_right", &v->hand_pinching_right);
        for (int j = 0; j < 27 && !b.failed; j++)
            add_pose_full(&b, joint_node(&b, "left_hand", j), &v->left_hand.joints[j]);
        for (int j = 0; j < 27 && !b.failed; j++)
            add_pose_full(&b, joint_node(&b, "right_hand", j), &v->right_hand.joints[j]);
    }
    if (b.failed)
        return false;
    ak_animation *anim = AK_ARENA_NEW(arena, ak_animation);
    if (!anim)
        return false;
    anim->name = NULL;
    anim->end = b.duration;
    anim->tracks = b.tracks;
    anim->track_count = b.count;
    *out = anim;
    return true;
}

/* ---- common model -> MRTK 1.1 or 1.0 (spec §6) --------------------------
 * New documents are 1.1 (MRTK 2.6+), or 1.0 with --format-version 1.0. Tracks are matched by the names
 * to_model gives them (node + property); float tracks become simple curves
 * (time, value), bool tracks bool curves (0.0/1.0). A section is flagged
 * present when any of its tracks is given. Losses are reported once per
 * kind: tracks that fit nowhere, tangent/weight data (1.1 keys are linear),
 * wrap modes other than clamp/cycle/oscillate. NaN/∞ times are refused. */

static const ak_rule *rule_of(const char *code)
{
    for (size_t i = 0; i < mrtk_RULE_COUNT; i++)
        if (strcmp(mrtk_rules[i].code, code) == 0)
            return &mrtk_rules[i];
    return NULL;
}

typedef struct encoder {
    ak_arena *arena;
    ak_diags *d;
    mrtk_file *doc;
    size_t unmatched, curved, wrapped;
    bool refused;
} encoder;

static int32_t infinity_to_wrap(ak_infinity inf, encoder *e)
{
    switch (inf) {
    case AK_INF_CONSTANT: return 8;
    case AK_INF_CYCLE: return 2;
    case AK_INF_OSCILLATE: return 4;
    default: e->wrapped++; return 8;
    }
}

static bool linear_key(const ak_track *t, size_t i)
{
    ak_key key;
    ak_key_get(t, i, &key);
    const ak_key *k = &key;
    if (k->interp == AK_INTERP_LINEAR)
        return true;
    if (k->interp != AK_INTERP_HERMITE)
        return false;
    bool flat = !k->has_tangents || (k->in_tangent.d[0] == 0 && k->out_tangent.d[0] == 0);
    return flat && k->in_weighted && k->out_weighted && k->in_weight == 0 && k->out_weight == 0;
}

static bool times_ok(encoder *e, const ak_track *t, size_t index)
{
    if (t->key_count > INT32_MAX) {
        ak_report(e->d, rule_of("mrtk.convert.refused"), 0, 0, "", "track %zu has more keys than an i32 counts", index);
        e->refused = true;
        return false;
    }
    for (size_t i = 0; i < t->key_count; i++)
        if (!isfinite(ak_key_time(t, i))) {
            ak_report(e->d, rule_of("mrtk.convert.refused"), 0, 0, "", "track %zu key %zu has a non-finite time",
                      index, i);
            e->refused = true;
            return false;
        }
    return true;
}

static void put_simple(encoder *e, mrtk_curve__simple_key *c, const ak_track *t, size_t index)
{
    if (t->type != AK_VT_FLOAT && t->type != AK_VT_DOUBLE) {
        e->unmatched++;
        return;
    }
    if (!times_ok(e, t, index))
        return;
    c->pre_wrap = infinity_to_wrap(t->pre, e);
    c->post_wrap = infinity_to_wrap(t->post, e);
    c->keys = t->key_count ? AK_ARENA_ARRAY(e->arena, mrtk_simple_key, t->key_count) : NULL;
    if (t->key_count && !c->keys) {
        e->refused = true;
        return;
    }
    for (size_t i = 0; i < t->key_count; i++) {
        c->keys[i].time = (float)ak_key_time(t, i);
        c->keys[i].value = (float)ak_key_component(t, i, 0);
        if (i + 1 < t->key_count && !linear_key(t, i))
            e->curved++;
    }
    c->num_keys = (int32_t)t->key_count;
    c->keys_count = t->key_count;
}

static void put_bool(encoder *e, mrtk_curve__bool_key *c, const ak_track *t, size_t index)
{
    if (t->type != AK_VT_BOOL) {
        e->unmatched++;
        return;
    }
    if (!times_ok(e, t, index))
        return;
    c->keys = t->key_count ? AK_ARENA_ARRAY(e->arena, mrtk_bool_key, t->key_count) : NULL;
    if (t->key_count && !c->keys) {
        e->refused = true;
        return;
    }
    for (size_t i = 0; i < t->key_count; i++) {
        c->keys[i].time = (float)ak_key_time(t, i);
        c->keys[i].value = ak_key_component(t, i, 0) != 0 ? 1.0f : 0.0f;
    }
    c->num_keys = (int32_t)t->key_count;
    c->keys_count = t->key_count;
}

static int name_index(const char *const *names, int n, const char *s)
{
    for (int i = 0; s && i < n; i++)
        if (strcmp(names[i], s) == 0)
            return i;
    return -1;
}

static void put_track(encoder *e, const ak_track *t, size_t index)
{
    mrtk_body_v11 *b = &e->doc->body_v11;
    static const char *const bools[4] = {"hand_tracked_left", "hand_tracked_right", "hand_pinching_left",
                                         "hand_pinching_right"};
    mrtk_curve__bool_key *bool_curves[4] = {&b->hand_tracked_left, &b->hand_tracked_right, &b->hand_pinching_left,
                                       &b->hand_pinching_right};
    /* no node and an empty one are the same: formats such as AnimX write "" for none */
    const char *node = t->node ? t->node : "";
    int k;
    if (!*node && (k = name_index(bools, 4, t->property)) >= 0) {
        b->has_hand_data = true;
        put_bool(e, bool_curves[k], t, index);
        return;
    }
    if (strcmp(node, "camera") == 0 && (k = name_index(pose_names, 7, t->property)) >= 0) {
        b->has_camera_pose = true;
        put_simple(e, &b->camera.pos_x + k, t, index);
        return;
    }
    if (strcmp(node, "eye_gaze") == 0 && (k = name_index(ray_names, 6, t->property)) >= 0) {
        b->has_eye_gaze = true;
        put_simple(e, &b->eye_gaze.origin_x + k, t, index);
        return;
    }
    int joint = -1;
    mrtk_hand_simple *hand = NULL;
    if (sscanf(node, "left_hand/joints/%d", &joint) == 1)
        hand = &b->left_hand;
    else if (sscanf(node, "right_hand/joints/%d", &joint) == 1)
        hand = &b->right_hand;
    if (hand && joint >= 0 && joint < 27 && (k = name_index(pose_names, 7, t->property)) >= 0) {
        b->has_hand_data = true;
        put_simple(e, &hand->joints[joint].pos_x + k, t, index);
        return;
    }
    e->unmatched++;
}

static void empty_simple(mrtk_curve__simple_key *c) { c->pre_wrap = c->post_wrap = 8; }

/* §6.8, 1.1 -> 1.0: simple keys become (t, v, 0, 0, 0, 0, Both), which
 * evaluates identically; absent sections are empty curves; gaze is dropped. */
static bool full_from_simple(encoder *e, mrtk_curve__full_key *to, const mrtk_curve__simple_key *from)
{
    to->pre_wrap = from->pre_wrap;
    to->post_wrap = from->post_wrap;
    to->num_keys = from->num_keys;
    to->keys_count = from->keys_count;
    to->keys = from->keys_count ? AK_ARENA_ARRAY(e->arena, mrtk_full_key, from->keys_count) : NULL;
    if (from->keys_count && !to->keys)
        return false;
    for (size_t i = 0; i < from->keys_count; i++)
        to->keys[i] = (mrtk_full_key){.time = from->keys[i].time, .value = from->keys[i].value, .weighted_mode = 3};
    return true;
}

static bool to_v10(encoder *e, mrtk_file *f)
{
    const mrtk_body_v11 v11 = f->body_v11; /* the two bodies share their storage */
    mrtk_body_v10 *b = &f->body_v10;
    memset(b, 0, sizeof *b);
    f->minor = 0;
    bool ok = true;
    for (int k = 0; k < 7; k++)
        ok &= full_from_simple(e, &b->camera.pos_x + k, &v11.camera.pos_x + k);
    for (int j = 0; j < 27; j++)
        for (int k = 0; k < 7; k++) {
            ok &= full_from_simple(e, &b->left_hand.joints[j].pos_x + k, &v11.left_hand.joints[j].pos_x + k);
            ok &= full_from_simple(e, &b->right_hand.joints[j].pos_x + k, &v11.right_hand.joints[j].pos_x + k);
        }
    b->hand_tracked_left = v11.hand_tracked_left;
    b->hand_tracked_right = v11.hand_tracked_right;
    b->hand_pinching_left = v11.hand_pinching_left;
    b->hand_pinching_right = v11.hand_pinching_right;
    size_t gaze = 0;
    for (int k = 0; k < 6; k++)
        gaze += (&v11.eye_gaze.origin_x + k)->keys_count ? 1 : 0;
    if (gaze)
        ak_report(e->d, rule_of("mrtk.convert.loss"), 0, 0, "",
                  "%zu eye gaze track%s dropped: version 1.0 has no eye gaze", gaze, gaze == 1 ? " is" : "s are");
    return ok;
}

bool mrtk_from_model(const struct ak_animation *anim, const ak_options *opt, ak_diags *d, ak_buf *out)
{
    /* 1.1 unless 1.0 is asked for (the layout's `writes`: MRTK 2.5 and older read only 1.0) */
    bool v10 = opt && opt->format_version && strcmp(opt->format_version, "1.0") == 0;
    ak_arena arena;
    ak_arena_init_budget(&arena, 0, ak_budget_of(d, opt), "the MRTK document");
    encoder e = {.arena = &arena, .d = d};
    e.doc = AK_ARENA_NEW(&arena, mrtk_file);
    if (!e.doc) {
        ak_arena_free(&arena);
        return false;
    }
    mrtk_file *f = e.doc;
    f->magic = 0x6a8faf6e0f9e42c6ULL;
    f->major = 1;
    f->minor = 1;
    mrtk_body_v11 *b = &f->body_v11;
    /* §6.3: new curves get wrap modes 8/8 */
    for (int k = 0; k < 7; k++)
        empty_simple(&b->camera.pos_x + k);
    for (int j = 0; j < 27; j++)
        for (int k = 0; k < 7; k++) {
            empty_simple(&b->left_hand.joints[j].pos_x + k);
            empty_simple(&b->right_hand.joints[j].pos_x + k);
        }
    for (int k = 0; k < 6; k++)
        empty_simple(&b->eye_gaze.origin_x + k);
    mrtk_curve__bool_key *bc[4] = {&b->hand_tracked_left, &b->hand_tracked_right, &b->hand_pinching_left,
                              &b->hand_pinching_right};
    for (int k = 0; k < 4; k++)
        bc[k]->pre_wrap = bc[k]->post_wrap = 8;
    for (size_t i = 0; i < anim->track_count && !e.refused; i++)
        put_track(&e, &anim->tracks[i], i);
    const ak_rule *loss = rule_of("mrtk.convert.loss");
    if (e.unmatched)
        ak_report(d, loss, 0, 0, "", "%zu track%s fit no MRTK channel and %s dropped", e.unmatched,
                  e.unmatched == 1 ? "" : "s", e.unmatched == 1 ? "is" : "are");
    if (e.curved)
        ak_report(d, loss, 0, 0, "",
                  "%zu segment%s with tangents, weights or steps become linear (1.1 keys are time and value only)",
                  e.curved, e.curved == 1 ? "" : "s");
    if (e.wrapped)
        ak_report(d, loss, 0, 0, "", "%zu infinity mode%s MRTK cannot hold became clamp", e.wrapped,
                  e.wrapped == 1 ? "" : "s");
    if (v10 && !e.refused && !to_v10(&e, f))
        e.refused = true;
    bool ok = !e.refused && mrtk_encode(f, out);
    ak_arena_free(&arena);
    return ok;
}
