/* Glaxnimate into the common model (runtime/model.h): every animated
 * property with keyframes (a member the schema declares as one of the
 * anim_* objects; the walk follows the schema's types) becomes one scalar
 * track per component (a point's x and y, a size's width and height, a
 * colour's r, g, b, a in 0..1), named after the object path (names, or
 * types where a name is empty; the main composition's name is no part of
 * it) and the property ("transform.position.x").
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
#include "ak_jcomplete.h"
#include "glaxnimate_doc.h"

#include "model.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

/* Where the walk is: the enclosing node's path, the member that holds the
   property group it is in (an object without uuid: "transform"), the fps. */
typedef struct place {
    const char *node, *prefix;
    double fps;
} place;

typedef struct builder {
    ak_arena *arena;
    ak_diags *d;
    ak_track *tracks;
    size_t count, cap;
    place *places; /* indexed by the walk's `up`: 0 is the document's */
    size_t place_count, place_cap;
    const ak_jnode *main; /* the main composition: its name is no part of the paths */
    bool skipped_shapes;
    bool failed;
} builder;

/* The components of a keyframe value, their names; 0 when it is no track. */
static unsigned components(const ak_jnode *v, double out[4], const char *names[4])
{
    static const char *const named[3][4] = {{"x", "y"}, {"width", "height"}, {"r", "g", "b", "a"}};
    uint8_t rgba[4];
    if (v && v->kind == AK_JNUM) {
        out[0] = v->num, names[0] = NULL;
        return 1;
    }
    if (v && v->kind == AK_JSTR && ak_color_parse((const uint8_t *)v->str, v->len, rgba)) {
        for (int i = 0; i < 4; i++)
            out[i] = rgba[i] / 255.0, names[i] = named[2][i];
        return 4;
    }
    for (int p = 0; p < 2 && v && v->kind == AK_JOBJ; p++) {
        ak_jnode *a = ak_jnode_get(v, named[p][0]), *b = ak_jnode_get(v, named[p][1]);
        if (a && b && a->kind == AK_JNUM && b->kind == AK_JNUM) {
            out[0] = a->num, out[1] = b->num;
            names[0] = named[p][0], names[1] = named[p][1];
            return 2;
        }
    }
    return 0;
}

static bool handle(const ak_jnode *k, const char *which, double *x, double *y)
{
    ak_jnode *h = ak_jnode_get(k, which);
    *x = ak_jnode_number(h, "x", NAN), *y = ak_jnode_number(h, "y", NAN);
    return !isnan(*x) && !isnan(*y);
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
        ak_track *tracks = AK_ARENA_GROW(b->arena, ak_track, b->tracks, b->count, &b->cap);
        if (!tracks) {
            b->failed = true;
            return;
        }
        ak_track *t = &(b->tracks = tracks)[b->count++];
        char prop[256];
        snprintf(prop, sizeof prop, names[c] ? "%s.%s" : "%s", property, names[c]);
        *t = (ak_track){.node = node, .type = AK_VT_DOUBLE, .kind = AK_TRACK_CURVE};
        t->property = ak_arena_strndup(b->arena, prop, strlen(prop));
        if (!ak_track_alloc_keys(t, b->arena, n, AK_KEYS_TANGENTS | AK_KEYS_WEIGHTS)) {
            b->failed = true;
            return;
        }
        ak_key incoming = {0}; /* the incoming side of key i, set by the turn of key i - 1 */
        for (size_t i = 0; i < n; i++) {
            const ak_jnode *k = kfs->items[i].v, *next = i + 1 < n ? kfs->items[i + 1].v : NULL;
            double v[4] = {0}, w[4] = {0}, time = ak_jnode_number(k, "time", 0), x1, y1, x2, y2;
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
            key.interp = AK_INTERP_HOLD;
            if (handle(k, "before", &x1, &y1) && handle(k, "after", &x2, &y2)) {
                key.interp = AK_INTERP_HERMITE;
                if (next)
                    components(ak_jnode_get(next, "value"), w, unused);
                double dv = w[c] - v[c], dt = (ak_jnode_number(next, "time", 0) - time) / fps;
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
    const char *type = glax_type(o), *own = *ak_jnode_text(o, "name") ? ak_jnode_text(o, "name") : type;
    size_t tn = strlen(type);
    bool container = strcmp(type, "Assets") == 0 || (tn > 4 && strcmp(type + tn - 4, "List") == 0);
    if (o == b->main)
        return NULL;
    if (!ak_jnode_get(o, "uuid") || container || !parent)
        return parent || container ? parent : own;
    size_t n = strlen(parent) + strlen(own) + 2;
    char *s = ak_arena_alloc(b->arena, n, 1);
    if (s)
        snprintf(s, n, "%s/%s", parent, own);
    return s ? s : parent;
}

/* Whether member m holds an animated property: one of the anim_* objects. */
static bool animated(const ak_jmember *m)
{
    const ak_jtype *y = m ? &glaxnimate_schema.types[m->type] : NULL;
    return y && y->kind == AK_JT_OBJECT && strncmp(glaxnimate_schema.objects[y->object].name, "anim_", 5) == 0;
}

/* The walk along the schema's types: an object of the type tree opens a
   place; the animated properties with keyframes among an object's members
   become tracks, last member first (the order of tracks kept since the
   first version of this mapping). */
static unsigned visit(ak_jtree *t, ak_jnode *v, const char *key, const ak_jtyped *at, unsigned up, void *arg)
{
    (void)t;
    builder *b = arg;
    place p = b->places[up];
    if (b->failed || !at->object)
        return up;
    if (at->object->family >= 0) {
        place *places = AK_ARENA_GROW(b->arena, place, b->places, b->place_count, &b->place_cap);
        if (!places)
            return b->failed = true, up;
        if (strcmp(glax_type(v), "Composition") == 0 || strcmp(glax_type(v), "MainComposition") == 0)
            p.fps = ak_jnode_number(v, "fps", 0) > 0 ? ak_jnode_number(v, "fps", 0) : b->places[0].fps;
        p.node = node_name(b, p.node, v);
        /* an object that is no document node (Transform) is a property group of its owner */
        p.prefix = at->object->key_member >= 0 ? NULL : key ? key : p.prefix;
        (b->places = places)[up = (unsigned)b->place_count++] = p;
    }
    for (size_t i = v->count; i-- > 0;) {
        const ak_jitem *it = &v->items[i];
        ak_jnode *kfs = ak_jnode_get(it->v, "keyframes");
        if (kfs && kfs->kind == AK_JARR && animated(ak_jobject_member(at->object, it->key, it->key_len))) {
            char prop[256];
            snprintf(prop, sizeof prop, p.prefix ? "%s.%s" : "%s%s", p.prefix ? p.prefix : "", it->key);
            property_tracks(b, p.node ? p.node : "", ak_arena_strndup(b->arena, prop, strlen(prop)), kfs, p.fps);
        }
    }
    return up;
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
    const ak_jnode *main = ak_jnode_at(doc.root, "/animation");
    b.main = main = main ? main : ak_jnode_at(doc.root, "/assets/compositions/values/0");
    double fps = ak_jnode_number(main, "fps", 0) > 0 ? ak_jnode_number(main, "fps", 0) : 60;
    if ((b.places = AK_ARENA_GROW(arena, place, NULL, 0, &b.place_cap)))
        b.places[b.place_count++] = (place){NULL, NULL, fps};
    ok = ok && b.places && ak_jschema_walk(&doc, &glaxnimate_schema, false, visit, &b) && !b.failed;
    ak_jtree_free(&doc);
    if (!ok)
        return false;
    ak_jnode *range = ak_jnode_get(main, "animation");
    double first = ak_jnode_number(range, "first_frame", NAN), last = ak_jnode_number(range, "last_frame", NAN);
    anim->start = last >= first ? first / fps : 0;
    anim->end = last >= first ? last / fps : NAN;
    anim->name = ak_jnode_get(main, "name") ? ak_jnode_text(main, "name") : NULL;
    anim->tracks = b.tracks;
    anim->track_count = b.count;
    *out = anim;
    return true;
}
