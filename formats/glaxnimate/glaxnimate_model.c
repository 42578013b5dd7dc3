/* Glaxnimate into the common model (runtime/model.h): every animated
 * property ({"keyframes": [...]}) becomes tracks, one scalar track per
 * component (a point's x and y, a size's width and height, a colour's r, g,
 * b, a in 0..1), named after the object path (names, or types where a name
 * is empty; the main composition's name is no part of it) and the property ("transform.position.x").
 *
 * Times are frames in the file, seconds in the model: divided by the fps of
 * the composition the property is in (before version 8, precompositions
 * use the main composition's). Glaxnimate's easing (spec 3.2) is a cubic
 * timing curve from (0,0) to (1,1) with handles before/after; on a scalar it
 * is exactly a weighted Hermite segment: slopes dv*y1/(x1*T) and
 * dv*(1-y2)/((1-x2)*T), weights x1 and 1-x2. A keyframe without both
 * handles holds. A segment that ends on a hold keyframe keeps its out
 * weight; its in weight is the model's default 1/3 (the model keeps in
 * weights only on Hermite keys). Beziers and gradient stops are no
 * tracks (reported once). */
#include "glaxnimate_doc.h"

#include "model.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct builder {
    ak_arena *arena;
    ak_diags *d;
    ak_track *tracks;
    size_t count, cap;
    const ak_jnode *main; /* the main composition: its name is no part of the paths */
    bool skipped_shapes;
    bool failed;
} builder;

/* The components of a keyframe value, their names; 0 when it is no track. */
static unsigned components(const ak_jnode *v, double out[4], const char *names[4])
{
    if (!v)
        return 0;
    if (v->kind == AK_JNUM) {
        out[0] = v->num, names[0] = NULL;
        return 1;
    }
    if (v->kind == AK_JSTR && v->len >= 7 && v->str[0] == '#') {
        unsigned rgba[4] = {0, 0, 0, 255};
        int n = v->len >= 9 ? sscanf(v->str + 1, "%2x%2x%2x%2x", &rgba[0], &rgba[1], &rgba[2], &rgba[3])
                            : sscanf(v->str + 1, "%2x%2x%2x", &rgba[0], &rgba[1], &rgba[2]);
        if (n < 3)
            return 0;
        static const char *const rgba_names[4] = {"r", "g", "b", "a"};
        for (int i = 0; i < 4; i++)
            out[i] = rgba[i] / 255.0, names[i] = rgba_names[i];
        return 4;
    }
    static const char *const pairs[2][2] = {{"x", "y"}, {"width", "height"}};
    for (int p = 0; p < 2 && v->kind == AK_JOBJ; p++) {
        ak_jnode *a = ak_jnode_get(v, pairs[p][0]), *b = ak_jnode_get(v, pairs[p][1]);
        if (a && b && a->kind == AK_JNUM && b->kind == AK_JNUM) {
            out[0] = a->num, out[1] = b->num;
            names[0] = pairs[p][0], names[1] = pairs[p][1];
            return 2;
        }
    }
    return 0;
}

static bool handle(const ak_jnode *k, const char *which, double *x, double *y)
{
    ak_jnode *h = ak_jnode_get(k, which), *hx = ak_jnode_get(h, "x"), *hy = ak_jnode_get(h, "y");
    if (!hx || !hy || hx->kind != AK_JNUM || hy->kind != AK_JNUM)
        return false;
    *x = hx->num, *y = hy->num;
    return true;
}

static ak_track *new_track(builder *b)
{
    if (b->count == b->cap) {
        size_t cap = b->cap ? b->cap * 2 : 16;
        ak_track *t = AK_ARENA_ARRAY(b->arena, ak_track, cap);
        if (!t)
            return b->failed = true, NULL;
        if (b->count)
            memcpy(t, b->tracks, b->count * sizeof *t);
        b->tracks = t, b->cap = cap;
    }
    ak_track *t = &b->tracks[b->count++];
    memset(t, 0, sizeof *t);
    return t;
}

/* The tracks of one animated property. */
static void property_tracks(builder *b, const char *node, const char *property, const ak_jnode *kfs, double fps)
{
    double v0[4];
    const char *names[4];
    size_t n = kfs->count;
    unsigned nc = n ? components(ak_jnode_get(kfs->items[0].v, "value"), v0, names) : 0;
    if (!nc) {
        if (n && !b->skipped_shapes)
            ak_report(b->d, &glaxnimate_rules[glaxnimate_R_CONVERT_LOSS], 0, 0, "",
                      "animated beziers and gradient stops (%s of %s, ...) are not tracks of the common model",
                      property, node);
        b->skipped_shapes = b->skipped_shapes || n;
        return;
    }
    for (unsigned c = 0; c < nc; c++) {
        ak_track *t = new_track(b);
        if (!t)
            return;
        char prop[256];
        snprintf(prop, sizeof prop, names[c] ? "%s.%s" : "%s", property, names[c]);
        t->node = node;
        t->property = ak_arena_strndup(b->arena, prop, strlen(prop));
        t->type = AK_VT_DOUBLE;
        t->kind = AK_TRACK_CURVE;
        if (!ak_track_alloc_keys(t, b->arena, n, AK_KEYS_TANGENTS | AK_KEYS_WEIGHTS)) {
            b->failed = true;
            return;
        }
        ak_key incoming = {0}; /* the incoming side of key i, set by the turn of key i - 1 */
        for (size_t i = 0; i < n; i++) {
            const ak_jnode *k = kfs->items[i].v;
            double v[4] = {0}, time = ak_jnode_get(k, "time") ? ak_jnode_get(k, "time")->num : 0;
            const char *unused[4];
            components(ak_jnode_get(k, "value"), v, unused);
            ak_key key = incoming;
            memset(&incoming, 0, sizeof incoming);
            key.time = time / fps;
            key.value.d[0] = v[c];
            key.has_tangents = true;
            if (!key.in_weighted)
                key.in_weight = 1.0 / 3;
            key.out_weight = 1.0 / 3;
            double x1, y1, x2, y2;
            key.interp = AK_INTERP_HOLD;
            if (handle(k, "before", &x1, &y1) && handle(k, "after", &x2, &y2)) {
                key.interp = AK_INTERP_HERMITE;
                const ak_jnode *next = i + 1 < n ? kfs->items[i + 1].v : NULL;
                double w[4] = {0}, t1 = next && ak_jnode_get(next, "time") ? ak_jnode_get(next, "time")->num : 0;
                if (next)
                    components(ak_jnode_get(next, "value"), w, unused);
                double dv = w[c] - v[c], dt = (t1 - time) / fps;
                if (next && dt > 0) {
                    /* handles at x = 0 or 1 are vertical: the nearest finite slope */
                    double a = x1 > 1e-9 ? x1 : 1e-9, e = 1 - x2 > 1e-9 ? 1 - x2 : 1e-9;
                    key.out_tangent.d[0] = dv * y1 / (a * dt);
                    key.out_weight = a;
                    key.out_weighted = true;
                    incoming.in_tangent.d[0] = dv * (1 - y2) / (e * dt);
                    incoming.in_weight = e;
                    incoming.in_weighted = true;
                }
            }
            ak_key_set(t, i, &key);
        }
    }
}

/* The name of a node in a target path: its name, else its type. */
static const char *node_name(builder *b, const char *parent, const ak_jnode *o)
{
    ak_jnode *name = ak_jnode_get(o, "name");
    const char *own = name && name->kind == AK_JSTR && name->len ? name->str : glax_type(o);
    if (o == b->main)
        return NULL;
    size_t tn = strlen(glax_type(o));
    bool container = strcmp(glax_type(o), "Assets") == 0 || (tn > 4 && strcmp(glax_type(o) + tn - 4, "List") == 0);
    if (!ak_jnode_get(o, "uuid") || container || !parent)
        return parent || container ? parent : own;
    size_t n = strlen(parent) + strlen(own) + 2;
    char *s = ak_arena_alloc(b->arena, n, 1);
    if (s)
        snprintf(s, n, "%s/%s", parent, own);
    return s ? s : parent;
}

typedef struct pending {
    const ak_jnode *o;
    const char *node;   /* the enclosing node's path */
    const char *prefix; /* sub-objects without uuid: the member that holds them ("transform") */
    double fps;
} pending;

static double fps_of(const ak_jnode *comp, double fallback)
{
    ak_jnode *f = ak_jnode_get(comp, "fps");
    return f && f->kind == AK_JNUM && f->num > 0 ? f->num : fallback;
}

bool glaxnimate_to_model(const ak_input *in, const ak_options *opt, ak_diags *d, ak_arena *arena,
                         ak_animation **out)
{
    size_t before = ak_diags_errors(d);
    ak_format_glaxnimate.validate(in, opt, d);
    if (ak_diags_errors(d) > before)
        return false;
    ak_jtree doc;
    ak_jtree_init(&doc, arena, NULL, NULL); /* in the model's arena */
    builder b = {.arena = arena, .d = d};
    ak_animation *anim = AK_ARENA_NEW(arena, ak_animation);
    bool ok = anim && ak_jtree_read(&doc, in->data, in->size);
    /* the main composition: root animation before version 8, else the first */
    const ak_jnode *main = ak_jnode_get(doc.root, "animation");
    ak_jnode *comps = ak_jnode_get(ak_jnode_get(ak_jnode_get(doc.root, "assets"), "compositions"), "values");
    if (!main && comps && comps->kind == AK_JARR && comps->count)
        main = comps->items[0].v;
    b.main = main;
    double main_fps = fps_of(main, 60);
    size_t cap = 256, depth = 0;
    pending *todo = ok ? malloc(cap * sizeof *todo) : NULL;
    if (todo)
        todo[depth++] = (pending){doc.root, NULL, NULL, main_fps};
    else
        b.failed = true;
    while (depth && !b.failed) {
        pending p = todo[--depth];
        const ak_jnode *o = p.o;
        bool comp = strcmp(glax_type(o), "Composition") == 0 || strcmp(glax_type(o), "MainComposition") == 0;
        double fps = comp ? fps_of(o, main_fps) : p.fps;
        const char *node = ak_jnode_get(o, "__type__") ? node_name(&b, p.node, o) : p.node;
        for (size_t i = o->count; i-- > 0;) { /* pushed in reverse: visited in file order */
            const ak_jitem *it = &o->items[i];
            const ak_jnode *v = it->v;
            ak_jnode *kfs = v->kind == AK_JOBJ ? ak_jnode_get(v, "keyframes") : NULL;
            if (o->kind == AK_JOBJ && kfs && kfs->kind == AK_JARR && !ak_jnode_get(v, "__type__")) {
                char prop[256];
                snprintf(prop, sizeof prop, p.prefix ? "%s.%.*s" : "%s%.*s", p.prefix ? p.prefix : "",
                         (int)it->key_len, it->key);
                property_tracks(&b, node ? node : "", ak_arena_strndup(arena, prop, strlen(prop)), kfs, fps);
                continue;
            }
            if (v->kind != AK_JOBJ && v->kind != AK_JARR)
                continue;
            if (depth == cap) {
                pending *t = realloc(todo, (cap *= 2) * sizeof *t);
                if (!t) {
                    b.failed = true;
                    break;
                }
                todo = t;
            }
            /* a sub-object without uuid (Transform) is a property group of its owner */
            const char *prefix = p.prefix;
            if (v->kind == AK_JOBJ && ak_jnode_get(v, "__type__") && !ak_jnode_get(v, "uuid") && o->kind == AK_JOBJ)
                prefix = ak_arena_strndup(arena, it->key, it->key_len);
            else if (v->kind == AK_JOBJ && ak_jnode_get(v, "uuid"))
                prefix = NULL;
            todo[depth++] = (pending){v, node, prefix, fps};
        }
    }
    free(todo);
    ak_jtree_free(&doc);
    if (!ok || b.failed)
        return false;
    ak_jnode *anim_c = ak_jnode_get(main, "animation");
    ak_jnode *first = ak_jnode_get(anim_c, "first_frame"), *last = ak_jnode_get(anim_c, "last_frame");
    anim->duration = first && last && first->kind == AK_JNUM && last->kind == AK_JNUM && last->num >= first->num
                         ? (last->num - first->num) / main_fps
                         : -1;
    ak_jnode *name = ak_jnode_get(main, "name");
    anim->name = name && name->kind == AK_JSTR ? name->str : NULL;
    anim->tracks = b.tracks;
    anim->track_count = b.count;
    *out = anim;
    return true;
}
