/* The maths of Glaxnimate's model section (glaxnimate.schema) and what a
 * new document needs beyond its animated properties. Everything else of
 * the mapping (the walk along the schema's types, object paths, the frames
 * of each composition, the Layers of a new file and their places) is
 * generated from the declaration.
 *
 * Glaxnimate's easing (spec 3.2) is a cubic timing curve from (0,0) to
 * (1,1) with handles before and after; on a scalar it is exactly a
 * weighted Hermite segment: slopes dv*y1/(x1*T) and dv*(1-y2)/((1-x2)*T),
 * weights x1 and 1-x2. A keyframe without both handles holds. */
#include "glaxnimate_doc.h"

#include <math.h>
#include <string.h>

/* Handles at x = 0 or 1 are vertical: the nearest finite slope. */
static double at_least(double x) { return x > 1e-9 ? x : 1e-9; }

void glaxnimate_model_easing(const glaxnimate_kf_base *keys, size_t n, size_t i, ak_key *out)
{
    const glaxnimate_kf_base *k = &keys[i], *prev = i ? &keys[i - 1] : NULL, *next = i + 1 < n ? &keys[i + 1] : NULL;
    out->value.d[0] = k->value;
    out->has_tangents = true;
    out->in_weight = out->out_weight = 1.0 / 3;
    out->interp = AK_INTERP_HOLD;
    /* the side of the segment that ends here: the previous keyframe's after */
    if (prev && prev->has_before && prev->has_after && k->time > prev->time) {
        double e = at_least(1 - prev->after.x);
        out->in_tangent.d[0] = (k->value - prev->value) * (1 - prev->after.y) / (e * (k->time - prev->time));
        out->in_weight = e;
        out->in_weighted = true;
    }
    if (!k->has_before || !k->has_after)
        return;
    out->interp = AK_INTERP_HERMITE;
    if (next && next->time > k->time) {
        double a = at_least(k->before.x);
        out->out_tangent.d[0] = (next->value - k->value) * k->before.y / (a * (next->time - k->time));
        out->out_weight = a;
        out->out_weighted = true;
    }
}

bool glaxnimate_model_easing_back(const ak_key *keys, size_t n, size_t i, glaxnimate_kf_base *out)
{
    const ak_key *a = &keys[i], *b = i + 1 < n ? &keys[i + 1] : NULL;
    if (a->interp == AK_INTERP_HOLD)
        return true; /* no handles */
    double h[4] = {1.0 / 3, 1.0 / 3, 2.0 / 3, 2.0 / 3};
    bool exact = true;
    if (b && a->interp != AK_INTERP_LINEAR) {
        double dt = b->time - a->time, dv = b->value.d[0] - a->value.d[0];
        h[0] = a->out_weighted ? a->out_weight : 1.0 / 3;
        h[2] = 1 - (b->in_weighted ? b->in_weight : 1.0 / 3);
        if (dv == 0 || !(dt > 0)) { /* flat: slopes of a segment between equal values are lost */
            exact = a->out_tangent.d[0] == 0 && b->in_tangent.d[0] == 0;
            h[1] = 0, h[3] = 1;
        } else {
            h[1] = a->out_tangent.d[0] * h[0] * dt / dv;
            h[3] = 1 - b->in_tangent.d[0] * (1 - h[2]) * dt / dv;
        }
    }
    out->has_before = out->has_after = true;
    out->before = (glaxnimate_handle){h[0], h[1]};
    out->after = (glaxnimate_handle){h[2], h[3]};
    return exact;
}

bool glaxnimate_model_document(ak_model_builder *b, const ak_jnode *root, const ak_options *opt)
{
    (void)b, (void)root, (void)opt;
    return true;
}

/* Keyframes of point properties move along a straight path (the motion
   extras of version 7 on); each layer shows the whole composition (arg:
   its range). */
static unsigned straight(ak_jtree *t, ak_jnode *v, const char *key, const ak_jtyped *at, unsigned up, void *arg)
{
    (void)key;
    if (at->object == &glaxnimate_schema.objects[glaxnimate_O_Layer])
        ak_jnode_set(t, v, "animation", arg);
    if (at->object == &glaxnimate_schema.objects[glaxnimate_O_kf_point] && !ak_jnode_get(v, "tan_in")) {
        ak_jnode *value = ak_jnode_get(v, "value");
        ak_jnode_set(t, v, "tan_in", value); /* shared: the tree is only written */
        ak_jnode_set(t, v, "tan_out", value);
        ak_jnode_set(t, v, "point_type", ak_jnode_num(t, 0));
    }
    return up;
}

bool glaxnimate_model_document_back(ak_model_writer *w, ak_jtree *t, ak_buf *out, ak_sink *sink)
{
    glax_conv c = {.t = *t, .seed = 0x676c61786e696d61u, .d = w->d};
    ak_jtree *tree = &c.t;
    ak_jnode *format = ak_jnode_get(tree->root, "format");
    ak_jnode_set(tree, format, "generator", ak_jnode_str(tree, "animkit"));
    ak_jnode_set(tree, format, "generator_version", ak_jnode_str(tree, AK_VERSION));
    ak_jnode *comp = ak_jnode_at(tree->root, "/assets/compositions/values/0"), *range = ak_jnode_get(comp, "animation");
    if (!*ak_jnode_text(comp, "name"))
        ak_jnode_set(tree, comp, "name", ak_jnode_str(tree, "Animation"));
    /* frames are compared as integers: the range from a whole frame to a later one */
    double first = fmax(0, floor(ak_jnode_number(range, "first_frame", 0)));
    ak_jnode_set(tree, range, "first_frame", ak_jnode_num(tree, first));
    ak_jnode_set(tree, range, "last_frame",
                 ak_jnode_num(tree, fmax(first + 1, ceil(ak_jnode_number(range, "last_frame", 0)))));
    bool ok = ak_jschema_walk(tree, &glaxnimate_schema, false, straight, range);
    glax_complete(&c, GLAXNIMATE_LATEST);
    if (w->opt && w->opt->format_version && strcmp(w->opt->format_version, "8") == 0)
        glax_convert_version(&c, GLAXNIMATE_LATEST, 8);
    ok = ok && !tree->failed && glax_write_to(tree->root, out, sink) && !out->failed;
    *t = c.t;
    return ok;
}
