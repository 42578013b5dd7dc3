/* The common model -> a Glaxnimate .rawr, version 9 (`animkit convert
 * x.animj y.rawr`; version 8 with --format-version 8).
 *
 * One composition (the animation's name, 60 fps, 512 x 512, the duration
 * as its frame range) holds one Layer per target node, named after it.
 * A track becomes an animated property of its layer where Glaxnimate has
 * one: `opacity`, `transform.rotation` (scalars), `transform.position`,
 * `transform.anchor_point`, `transform.scale` (points: a vector track's
 * first two components, or scalar tracks named `<property>.x` / `.y`, the
 * names glaxnimate_to_model gives them back, or Maya's translateX/Y,
 * rotateZ, scaleX/Y). Everything else is reported
 * once per kind with glaxnimate.convert.loss.
 *
 * A curve segment becomes a keyframe's easing: the timing curve through
 * (0,0), before, after, (1,1) is exactly a weighted Hermite segment
 * (glaxnimate_model.c), so x1 = out weight, y1 = out slope * x1 * T / dv,
 * x2 = 1 - in weight, y2 = 1 - in slope * (1 - x2) * T / dv; a linear
 * segment is (1/3,1/3)-(2/3,2/3); a hold has no handles. Only what the
 * model gives is built here (the animated properties, the composition's
 * name, fps and frame range, the layers and the containers that hold them);
 * the schema's completion adds everything else with its default
 * (glax_complete). */
#include "glaxnimate_doc.h"

#include "curve.h"
#include "model.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

/* What the model gives beyond its layers (the completion adds the rest,
   uuids included). */
static const char skeleton[] =
    "{\"format\": {\"format_version\": 9, \"generator\": \"animkit\", \"generator_version\": \"" AK_VERSION "\"},"
    " \"assets\": {\"__type__\": \"Assets\", \"compositions\": {\"__type__\": \"CompositionList\", \"values\": [{"
    " \"__type__\": \"Composition\", \"fps\": 60, \"shapes\": [],"
    " \"animation\": {\"__type__\": \"AnimationContainer\"}}]}}}";
#define FROM_MODEL_FPS 60.0 /* the skeleton's */

typedef struct losses {
    bool names, strings, step_next, infinity, flat, shared;
    size_t components;
} losses;

/* Glaxnimate's animated properties of a Layer that tracks can target, with
   the member that holds them (transform: the layer's Transform). */
static const struct target {
    const char *name; /* as glaxnimate_to_model names it */
    const char *member;
    bool point, motion; /* two components; Point-typed (motion extras, spec 3.2) */
} targets[] = {{"opacity", "opacity", false, false},
               {"transform.rotation", "rotation", false, false},
               {"transform.position", "position", true, true},
               {"transform.anchor_point", "anchor_point", true, true},
               {"transform.scale", "scale", true, false}};

/* The target of a track and the component (0: x, 1: y) a scalar track
   stands for; NULL when Glaxnimate has none. Vector tracks name the
   property itself ("position" also finds "transform.position"). */
static const struct target *target_of(const ak_track *t, unsigned components, int *component)
{
    const char *p = t->property ? t->property : "";
    size_t n = strlen(p);
    *component = -1;
    /* Maya's channels (`translate.translateX`) */
    static const struct {
        const char *leaf;
        int target, component;
    } channels[] = {{"translateX", 2, 0}, {"translateY", 2, 1}, {"rotateZ", 1, -1}, {"scaleX", 4, 0}, {"scaleY", 4, 1}};
    const char *last = strrchr(p, '.') ? strrchr(p, '.') + 1 : p;
    for (size_t i = 0; components == 1 && i < sizeof channels / sizeof channels[0]; i++)
        if (strcmp(last, channels[i].leaf) == 0)
            return *component = channels[i].component, &targets[channels[i].target];
    if (components == 1 && n > 2 && p[n - 2] == '.' && (p[n - 1] == 'x' || p[n - 1] == 'y')) {
        *component = p[n - 1] == 'y';
        n -= 2;
    }
    for (size_t i = 0; i < sizeof targets / sizeof targets[0]; i++) {
        const char *full = targets[i].name, *leaf = strchr(full, '.') ? strchr(full, '.') + 1 : full;
        bool named = (strlen(full) == n && memcmp(full, p, n) == 0) || (strlen(leaf) == n && memcmp(leaf, p, n) == 0);
        if (named && targets[i].point == (*component >= 0 || components > 1))
            return &targets[i];
    }
    return NULL;
}

/* The keys of one component as a curve; NULL for an empty one (the one
   place that reads the model's keys). */
static bool component_curve(const ak_track *t, unsigned c, ak_arena *arena, ak_curve *out)
{
    return t->key_count && ak_curve_from_track(t, c, arena, out) && out->count;
}

/* The easing of the segment from key k to the next: false for a hold. */
static bool easing(const ak_curve *cv, size_t k, double h[4], losses *lost)
{
    const ak_curve_key *a = &cv->keys[k], *b = k + 1 < cv->count ? &cv->keys[k + 1] : NULL;
    if (a->segment == AK_SEG_STEP || a->segment == AK_SEG_STEP_NEXT) {
        lost->step_next |= a->segment == AK_SEG_STEP_NEXT;
        return false;
    }
    h[0] = 1.0 / 3, h[1] = 1.0 / 3, h[2] = 2.0 / 3, h[3] = 2.0 / 3;
    if (!b || a->segment == AK_SEG_LINEAR)
        return true;
    double dt = b->time - a->time, dv = b->value - a->value;
    h[0] = a->out_weighted ? a->out_weight : 1.0 / 3;
    h[2] = 1 - (b->in_weighted ? b->in_weight : 1.0 / 3);
    if (dv == 0 || !(dt > 0)) {
        lost->flat |= a->out_slope != 0 || b->in_slope != 0;
        h[1] = 0, h[3] = 1;
        return true;
    }
    h[1] = a->out_slope * h[0] * dt / dv;
    h[3] = 1 - b->in_slope * (1 - h[2]) * dt / dv;
    return true;
}

static ak_jnode *xy(ak_jtree *tree, double x, double y)
{
    ak_jnode *p = ak_jnode_new(tree, AK_JOBJ);
    ak_jnode_set(tree, p, "x", ak_jnode_num(tree, x));
    ak_jnode_set(tree, p, "y", ak_jnode_num(tree, y));
    return p;
}

/* One animated property from the curves of its components (x, y; one for
   a scalar): keyframes at the union of their key times, the easing of the
   first curve that has a key there. */
static ak_jnode *animated(ak_jtree *tree, const ak_curve *cv[2], unsigned n, bool motion, losses *lost)
{
    ak_jnode *kfs = ak_jnode_new(tree, AK_JARR);
    size_t at[2] = {0, 0};
    for (;;) {
        double t = INFINITY;
        for (unsigned c = 0; c < n; c++)
            if (cv[c] && at[c] < cv[c]->count && cv[c]->keys[at[c]].time < t)
                t = cv[c]->keys[at[c]].time;
        if (t == INFINITY || !kfs)
            break;
        ak_jnode *k = ak_jnode_new(tree, AK_JOBJ);
        double v[2] = {0, 0};
        for (unsigned c = 0; c < n; c++)
            v[c] = cv[c] ? ak_curve_eval(cv[c], t) : 0;
        ak_jnode *value = n == 1 ? ak_jnode_num(tree, v[0]) : xy(tree, v[0], v[1]);
        ak_jnode_set(tree, k, "time", ak_jnode_num(tree, t * FROM_MODEL_FPS));
        ak_jnode_set(tree, k, "value", value);
        double h[4], other[4];
        bool eased = true, chosen = false;
        for (unsigned c = 0; c < n; c++) {
            if (!cv[c] || at[c] >= cv[c]->count || cv[c]->keys[at[c]].time != t) {
                lost->shared |= cv[c] != NULL; /* a component without a key here */
                continue;
            }
            bool e = easing(cv[c], at[c]++, chosen ? other : h, lost);
            if (chosen && (e != eased || (e && memcmp(h, other, sizeof h) != 0)))
                lost->shared = true;
            if (!chosen)
                eased = e, chosen = true;
        }
        if (eased)
            ak_jnode_set(tree, k, "before", xy(tree, h[0], h[1])), ak_jnode_set(tree, k, "after", xy(tree, h[2], h[3]));
        if (motion) /* a straight path */
            ak_jnode_set(tree, k, "tan_in", value), ak_jnode_set(tree, k, "tan_out", value),
                ak_jnode_set(tree, k, "point_type", ak_jnode_num(tree, 0));
        ak_jnode_append(tree, kfs, NULL, 0, k);
    }
    ak_jnode *prop = ak_jnode_new(tree, AK_JOBJ);
    ak_jnode_set(tree, prop, "keyframes", kfs);
    return prop;
}

/* The layer of a node, made on first use. */
static ak_jnode *layer_of(ak_jtree *tree, ak_jnode *shapes, const char *node, ak_jnode *range)
{
    static const char layer[] = "{\"__type__\": \"Layer\", \"transform\": {\"__type__\": \"Transform\"}}";
    const char *name = node && *node ? node : "Layer";
    for (size_t i = 0; i < shapes->count; i++)
        if (strcmp(ak_jnode_text(shapes->items[i].v, "name"), name) == 0)
            return shapes->items[i].v;
    ak_jnode *l = ak_jtree_parse(tree, layer, sizeof layer - 1);
    ak_jnode_set(tree, l, "name", ak_jnode_str(tree, name));
    ak_jnode_set(tree, l, "animation", range);
    ak_jnode_append(tree, shapes, NULL, 0, l);
    return l;
}

static void report_losses(const losses *lost, ak_diags *d)
{
    const ak_rule *r = &glaxnimate_rules[glaxnimate_R_CONVERT_LOSS];
    if (lost->names)
        ak_report(d, r, 0, 0, "",
                  "tracks whose property Glaxnimate has no counterpart for were dropped (a layer has opacity, "
                  "transform.rotation, .position, .anchor_point and .scale)");
    if (lost->strings)
        ak_report(d, r, 0, 0, "", "string tracks were dropped: Glaxnimate properties are numbers");
    if (lost->components)
        ak_report(d, r, 0, 0, "", "%zu component%s beyond x and y of vector tracks %s dropped", lost->components,
                  lost->components == 1 ? "" : "s", lost->components == 1 ? "was" : "were");
    if (lost->step_next)
        ak_report(d, r, 0, 0, "", "step-next keys became holds: the value changes one segment later");
    if (lost->infinity)
        ak_report(d, r, 0, 0, "", "curve extrapolation (cycles, linear infinity) was dropped: Glaxnimate holds");
    if (lost->flat)
        ak_report(d, r, 0, 0, "", "segments between equal values with nonzero slopes were written flat");
    if (lost->shared)
        ak_report(d, r, 0, 0, "",
                  "the x and y of a point share one easing per keyframe in Glaxnimate: components with other key "
                  "times or easing were approximated");
}

bool glaxnimate_from_model(const ak_animation *anim, const ak_options *opt, ak_diags *d, ak_buf *out)
{
    int version = opt && opt->format_version && strcmp(opt->format_version, "8") == 0 ? 8 : 9;
    glax_conv conv, *gc = &conv;
    glax_conv_init(gc, d);
    gc->seed = 0x676c61786e696d61u;
    ak_jtree *tree = &gc->t;
    losses lost = {0};
    double end = ak_animation_end(anim);
    ak_jnode *root = tree->root = ak_jtree_parse(tree, skeleton, sizeof skeleton - 1);
    ak_jnode *comp = ak_jnode_at(root, "/assets/compositions/values/0"), *shapes = ak_jnode_get(comp, "shapes");
    ak_jnode *range = ak_jnode_get(comp, "animation");
    if (tree->failed) {
        glax_conv_free(gc);
        return false;
    }
    ak_jnode_set(tree, comp, "name", ak_jnode_str(tree, anim->name ? anim->name : "Animation"));
    for (size_t i = 0; i < anim->track_count && !tree->failed; i++) {
        const ak_track *tr = &anim->tracks[i];
        const ak_value_type_info *info = ak_value_type_info_of(tr->type);
        int component;
        const struct target *tg = info && info->kind != AK_VK_STRING ? target_of(tr, info->components, &component)
                                                                       : NULL;
        lost.strings |= info && info->kind == AK_VK_STRING;
        lost.names |= info && info->kind != AK_VK_STRING && !tg;
        ak_curve curves[2];
        const ak_curve *cv[2] = {NULL, NULL};
        unsigned n = tg && tg->point ? 2 : 1;
        for (unsigned c = 0; tg && c < n && c < info->components; c++)
            cv[component >= 0 ? (unsigned)component : c] =
                component_curve(tr, c, tree->arena, &curves[c]) ? &curves[c] : NULL;
        if (!cv[0] && !cv[1])
            continue;
        lost.components += info->components > 2 ? info->components - 2 : 0;
        lost.infinity |= tr->pre != AK_INF_CONSTANT || tr->post != AK_INF_CONSTANT;
        for (unsigned c = 0; c < 2; c++)
            if (cv[c] && cv[c]->keys[cv[c]->count - 1].time > end)
                end = cv[c]->keys[cv[c]->count - 1].time;
        ak_jnode *layer = layer_of(tree, shapes, tr->node, range);
        ak_jnode *owner = strchr(tg->name, '.') ? ak_jnode_get(layer, "transform") : layer;
        /* a second track of the same point (its other component) joins it */
        ak_jnode *had = ak_jnode_get(owner, tg->member);
        if (had && component >= 0 && tg->point) {
            ak_jnode *kfs = ak_jnode_get(had, "keyframes");
            lost.shared = true; /* merged keyframe by keyframe below: approximated */
            for (size_t k = 0; kfs && k < kfs->count; k++) {
                ak_jnode *v = ak_jnode_get(kfs->items[k].v, "value"), *time = ak_jnode_get(kfs->items[k].v, "time");
                double x = ak_curve_eval(cv[component], time->num / FROM_MODEL_FPS);
                ak_jnode_set(tree, v, component ? "y" : "x", ak_jnode_num(tree, x));
            }
            continue;
        }
        ak_jnode_set(tree, owner, tg->member, animated(tree, cv, n, tg->motion, &lost));
    }
    ak_jnode_set(tree, range, "last_frame", ak_jnode_num(tree, fmax(1, ceil(end * FROM_MODEL_FPS))));
    glax_complete(gc, 9);
    if (version == 8)
        glax_convert_version(gc, 9, 8);
    report_losses(&lost, d);
    bool ok = !tree->failed && glax_write(tree->root, out) && !out->failed;
    glax_conv_free(gc);
    return ok;
}
