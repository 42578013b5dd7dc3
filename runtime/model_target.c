/* Track identity (model.h): targets, the canonical names a format's own
 * names stand for, and the animation's end. Knows no format: the tables of
 * names come from the formats' model declarations. */
#include <animkit/animkit.h>

#include "model.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

static bool is_quaternion(ak_value_type t) { return t == AK_VT_FLOATQ || t == AK_VT_DOUBLEQ; }

void ak_target_put(ak_buf *b, const ak_target *t, ak_value_type type)
{
    if (t->path && t->path[0]) {
        ak_buf_puts(b, t->path);
        ak_buf_putc(b, '/');
    }
    ak_buf_puts(b, t->property ? t->property : "?");
    if (t->component >= 0) {
        char name[4];
        const ak_value_type_info *info = ak_value_type_info_of(type);
        if (info && info->components > 1 && (unsigned)t->component < info->components)
            ak_value_component_name(type, (unsigned)t->component, name);
        else /* a scalar track that holds one component of a vector property */
            ak_value_component_name(AK_VT_FLOAT4, (unsigned)t->component & 3, name);
        ak_buf_putc(b, '.');
        ak_buf_puts(b, name);
    }
}

static bool same_text(const char *a, const char *b) { return strcmp(a ? a : "", b ? b : "") == 0; }

bool ak_target_equal(const ak_target *a, const ak_target *b)
{
    return same_text(a->path, b->path) && same_text(a->property, b->property) && a->component == b->component;
}

/* The table's entry for a native name s[0..len), or NULL. */
static const ak_target_name *entry_of(const ak_target_name *names, size_t n, const char *s, size_t len,
                                      ak_value_type type)
{
    for (size_t i = 0; i < n; i++) {
        const ak_target_name *e = &names[i];
        if (strlen(e->native) == len && strncasecmp(e->native, s, len) == 0 &&
            (e->quaternion < 0 || e->quaternion == is_quaternion(type)))
            return e;
    }
    return NULL;
}

void ak_target_of(const ak_target_name *names, size_t n, const char *path, const char *native, ak_value_type type,
                  int component, ak_target *out, ak_arena *arena)
{
    out->path = path ? path : "";
    out->property = native ? native : "";
    out->component = component;
    if (!native)
        return;
    const ak_target_name *e = entry_of(names, n, native, strlen(native), type);
    if (e) {
        out->property = e->property;
        if (e->component != AK_WHOLE)
            out->component = e->component;
        return;
    }
    /* "<native>.<component>" of a scalar track: one component of the
       property ("Position.x", "euler.x": what a writer names a component
       track); r g b a only of a name the table knows */
    const char *dot = strrchr(native, '.');
    static const char comps[] = "xyzwrgba";
    const ak_value_type_info *info = ak_value_type_info_of(type);
    if (dot && dot > native && dot[1] && !dot[2] && strchr(comps, dot[1]) && component == AK_WHOLE &&
        (!info || info->components == 1)) {
        e = entry_of(names, n, native, (size_t)(dot - native), AK_VT_COUNT);
        const char *base = e ? e->property : arena ? ak_arena_strndup(arena, native, (size_t)(dot - native)) : NULL;
        if (base && ((e && e->component == AK_WHOLE) || (!e && strchr("xyzw", dot[1])))) {
            out->property = base;
            out->component = (int)((strchr(comps, dot[1]) - comps) & 3);
        }
        return;
    }
    /* "<native>.<leaf><i>" (the child attribute by which a writer of one
       curve per component names component i: "rotation.rotation0") */
    if (!dot || component != AK_WHOLE)
        return;
    const char *leaf = dot;
    while (leaf > native && leaf[-1] != '.')
        leaf--;
    size_t leaf_len = (size_t)(dot - leaf);
    if (strncmp(dot + 1, leaf, leaf_len) != 0)
        return;
    const char *digits = dot + 1 + leaf_len;
    if (!digits[0] || strspn(digits, "0123456789") != strlen(digits) || strlen(digits) > 2 || atoi(digits) > 15)
        return;
    e = entry_of(names, n, native, (size_t)(dot - native), AK_VT_COUNT);
    if (e && e->component == AK_WHOLE) {
        out->property = e->property;
        out->component = atoi(digits);
    }
}

const char *ak_target_native(const ak_target_name *names, size_t n, const char *property, int component,
                             bool quaternion, bool *whole)
{
    *whole = false;
    for (int pass = 0; pass < 2; pass++)
        for (size_t i = 0; property && i < n; i++) {
            const ak_target_name *e = &names[i];
            if (strcmp(e->property, property) != 0 || (e->quaternion >= 0 && e->quaternion != quaternion))
                continue;
            if (pass == 0 && e->component == component)
                return e->native;
            if (pass == 1 && e->component == AK_WHOLE) {
                *whole = component != AK_WHOLE;
                return e->native;
            }
        }
    return NULL;
}

double ak_track_last_key(const ak_track *t)
{
    double last = NAN;
    if (!t->store && t->key_count) /* a model of headers: the range its reader kept */
        return t->kind == AK_TRACK_RAW ? t->start + (double)(t->key_count - 1) * t->interval : t->latest;
    for (size_t i = t->key_count; i-- > 0;) {
        double time = ak_key_time(t, i);
        if (isnan(last) || time > last)
            last = time; /* keys are ordered in valid files; a Raw track's last is its latest */
        if (t->kind == AK_TRACK_RAW)
            break;
    }
    return last;
}

double ak_animation_last_key(const ak_animation *anim)
{
    double last = NAN;
    for (size_t i = 0; i < anim->track_count; i++) {
        if (anim->tracks[i].kind == AK_TRACK_RAW)
            continue; /* samples, not keys: no time of their own in the formats that have them */
        double t = ak_track_last_key(&anim->tracks[i]);
        if (!isnan(t) && (isnan(last) || t > last))
            last = t;
    }
    return last;
}

double ak_animation_end(const ak_animation *anim)
{
    double last = ak_animation_last_key(anim), end = anim->end;
    if (isfinite(end) && (isnan(last) || end >= last))
        return end;
    return isfinite(last) ? last : 0;
}
