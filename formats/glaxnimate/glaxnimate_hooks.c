/* Glaxnimate: the checks glaxnimate.schema cannot declare (spec section
 * 8.2), run by the generated validator on every event after its own
 * checks. All are local to one object or value (the frame range, a
 * Bitmap's header, Path.closed, adjacent keyframes); the reference rules
 * of section 6, the bounds (the count of values and number overflow
 * included) and the version quirks are the schema's. */
#include "diag.h"
#include "glaxnimate.h"
#include "value_syntax.h"

#include <math.h>
#include <string.h>

/* The number's value, correctly rounded (never infinite: the schema's
 * `numbers finite` keeps such numbers from the hook). */
static double number_of(const ak_json_event *e)
{
    double v = 0;
    ak_json_number_f64(e, &v);
    return v;
}

/* A new object: the state of the one being read. */
static bool begin_object(ak_jsctx *c, glax_state *st)
{
    ak_jsframe *f = ak_js_top(c);
    if (!f || f->object < 0 || f->unresolved)
        return true;
    int16_t o = f->object;
    if (o == glaxnimate_O_AnimationContainer)
        st->has_first = st->has_last = false;
    else if (o == glaxnimate_O_Path)
        st->path_closed = -1, st->bezier_open = st->bezier_closed = false;
    else if (o == glaxnimate_O_Bitmap)
        st->image_known = false, st->bitmap_seen = st->bitmap_reported = 0;
    else if (o == glaxnimate_O_anim_bezier || o == glaxnimate_O_anim_stops)
        st->prev_shape = -1;
    return true;
}

/* Rule 83: a Bitmap's format, width and height are recomputed on load from
 * data Qt can decode; reported at whichever of the pair comes second. */
static bool bitmap_readonly(ak_jsctx *c, glax_state *st, const ak_json_event *e)
{
    int m = c->slot_member;
    if (m == glaxnimate_M_Bitmap_data && e->kind == AK_JSON_STRING) {
        uint8_t head[12288];
        size_t n = ak_base64_decode_prefix(e->text, e->text_len < 16384 ? e->text_len : 16384, head, sizeof head);
        st->image_known = ak_image_info_read(head, n, &st->image);
    } else if (m == glaxnimate_M_Bitmap_format && e->kind == AK_JSON_STRING) {
        st->bitmap_format = (size_t)((const uint8_t *)e->text - st->input), st->bitmap_format_len = e->text_len;
        st->bitmap_seen |= 1;
    } else if ((m == glaxnimate_M_Bitmap_width || m == glaxnimate_M_Bitmap_height) && e->kind == AK_JSON_NUMBER) {
        st->bitmap_size[m == glaxnimate_M_Bitmap_height] = number_of(e);
        st->bitmap_seen |= m == glaxnimate_M_Bitmap_width ? 2 : 4;
    } else {
        return true;
    }
    if (!st->image_known)
        return true;
    const ak_image_info *im = &st->image;
    size_t fn = strlen(im->format);
    bool differs[3] = {st->bitmap_format_len != fn || memcmp(st->input + st->bitmap_format, im->format, fn) != 0,
                       st->bitmap_size[0] != (double)im->width, st->bitmap_size[1] != (double)im->height};
    static const char *const names[3] = {"format", "width", "height"};
    for (unsigned i = 0; i < 3; i++)
        if ((st->bitmap_seen & ~st->bitmap_reported) >> i & 1 && differs[i]) {
            st->bitmap_reported |= 1u << i;
            if (!ak_js_report(c, glaxnimate_R_ASSET_READONLY, e,
                              "the Bitmap's %s disagrees with its data (a %lld x %lld %s image): Glaxnimate "
                              "recomputes it on load",
                              names[i], (long long)im->width, (long long)im->height, im->format))
                return false;
        }
    return true;
}

static bool scalar(ak_jsctx *c, glax_state *st, const ak_json_event *e)
{
    int16_t o = c->slot_object;
    if (o < 0 || c->slot_member < 0)
        return true;
    bool num = e->kind == AK_JSON_NUMBER;
    bool boolean = e->kind == AK_JSON_TRUE || e->kind == AK_JSON_FALSE;
    if (num && o == glaxnimate_O_AnimationContainer) {
        double v = trunc(number_of(e));
        bool first = c->slot_member == glaxnimate_M_AnimationContainer_first_frame;
        if (first) {
            st->has_first = true, st->first = v;
            /* loaded before last_frame, which is still -1 */
            if (!(v >= 0))
                return ak_js_report(c, glaxnimate_R_PROP_REJECTED, e,
                                    "first_frame %.*s is negative: the default is kept", (int)e->text_len, e->text);
            if (st->has_last && st->last >= 0 && !(st->last > v))
                return ak_js_report(c, glaxnimate_R_PROP_REJECTED, e,
                                    "first_frame %.*s is not before last_frame (compared as integers)",
                                    (int)e->text_len, e->text);
        } else {
            st->has_last = true, st->last = v;
            double first_v = st->has_first && st->first >= 0 ? st->first : 0;
            if (!(v >= 0) || !(v > first_v))
                return ak_js_report(c, glaxnimate_R_PROP_REJECTED, e,
                                    "last_frame %.*s is not after first_frame (compared as integers): the default "
                                    "is kept",
                                    (int)e->text_len, e->text);
        }
    }
    if (boolean && o == glaxnimate_O_Path && c->slot_member == glaxnimate_M_Path_closed)
        st->path_closed = e->kind == AK_JSON_TRUE;
    if (boolean && o == glaxnimate_O_bezier && c->slot_member == glaxnimate_M_bezier_closed) {
        if (e->kind == AK_JSON_TRUE)
            st->bezier_closed = true;
        else
            st->bezier_open = true;
        st->cur_shape = (st->cur_shape & ~(INT64_C(1) << 62)) | (e->kind == AK_JSON_TRUE ? INT64_C(1) << 62 : 0);
    }
    if (o == glaxnimate_O_Bitmap && !bitmap_readonly(c, st, e))
        return false;
    return true;
}

static bool end_container(ak_jsctx *c, glax_state *st, const ak_json_event *e)
{
    ak_jsframe *f = ak_js_top(c);
    if (!f)
        return true;
    if (!f->is_object) {
        /* an array: its owner is the frame out of it */
        ak_jsframe *owner = ak_js_up(c, 1);
        if (!owner || owner->object < 0 || owner->member < 0)
            return true;
        int16_t o = owner->object;
        /* the shape of a bezier or stops value inside a keyframe */
        if ((o == glaxnimate_O_bezier && owner->member == glaxnimate_M_bezier_points) || o == glaxnimate_O_kf_stops)
            st->cur_shape = (st->cur_shape & (INT64_C(1) << 62)) | (int64_t)(f->count & 0xffffffffu);
        return true;
    }
    int16_t o = f->object;
    if (o == glaxnimate_O_kf_bezier || o == glaxnimate_O_kf_stops) {
        bool jump = st->prev_shape >= 0 && st->prev_shape != st->cur_shape;
        st->prev_shape = st->cur_shape;
        st->cur_shape = 0;
        if (jump)
            return ak_js_report(c, o == glaxnimate_O_kf_bezier ? glaxnimate_R_KEYFRAME_BEZIER_MISMATCH
                                                                : glaxnimate_R_KEYFRAME_STOPS_MISMATCH,
                                e, "this keyframe's %s differ from the previous one's: the value jumps",
                                o == glaxnimate_O_kf_bezier ? "point count or closed flag" : "stop count");
    }
    if (o == glaxnimate_O_Path && st->path_closed >= 0 &&
        (st->path_closed ? st->bezier_open : st->bezier_closed))
        return ak_js_report(c, glaxnimate_R_PROP_CLOSED_MISMATCH, e,
                            "Path.closed is %s but its shape says otherwise: Path.closed wins",
                            st->path_closed ? "true" : "false");
    return true;
}

bool glaxnimate_hook_semantics(ak_jsctx *c, const ak_json_event *e)
{
    glax_state *st = c->user;
    if (!e)
        return true;
    switch (e->kind) {
    case AK_JSON_BEGIN_OBJECT: return begin_object(c, st);
    case AK_JSON_BEGIN_ARRAY: return true;
    case AK_JSON_END_OBJECT:
    case AK_JSON_END_ARRAY: return end_container(c, st, e);
    case AK_JSON_KEY: return true;
    default: return scalar(c, st, e);
    }
}

/* The lane half (an array element taken whole, docs/schema-language.md
 * "Lanes"): the objects above that the event half keeps state for or
 * reports about are read event by event; any other element (a keyframe
 * of numbers, points or colours, a bezier point, a gradient stop) is
 * nothing to this hook. */
bool glaxnimate_hook_semantics_lane(ak_jsctx *c, const ak_jslane_view *v)
{
    (void)c;
    switch (v->lane->object) {
    case glaxnimate_O_AnimationContainer:
    case glaxnimate_O_Path:
    case glaxnimate_O_Bitmap:
    case glaxnimate_O_bezier:
    case glaxnimate_O_anim_bezier:
    case glaxnimate_O_anim_stops:
    case glaxnimate_O_kf_bezier:
    case glaxnimate_O_kf_stops: return false;
    default: return true;
    }
}
