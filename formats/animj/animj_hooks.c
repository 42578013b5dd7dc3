/* AnimJ: the checks animj.schema cannot declare (spec section 5.1), run by
 * the generated validator on every event after its own checks.
 *
 * The state is one document, one track, one data object and two keys (the
 * current and the previous one), because tracks, data and keys never nest
 * in AnimJ: memory is bounded, never proportional to the file. */
#include "diag.h"
#include "animj.h"
#include "json_sniff.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "model.h"

/* Caps of spec section 5 (default limits). */
#define ANIMJ_MAX_STRING (16u << 20)
#define ANIMJ_MAX_NUMBER 256u

static bool report_at(ak_jsctx *c, int rule, size_t off, size_t len, const char *path, const char *fmt, ...)
    AK_PRINTF(6, 7);
static bool report_at(ak_jsctx *c, int rule, size_t off, size_t len, const char *path, const char *fmt, ...)
{
    uint32_t line = 0, col = 0;
    if (c->p)
        ak_json_location(c->p, off, &line, &col);
    va_list ap;
    va_start(ap, fmt);
    bool go = ak_vreport(c->diags, &animj_rules[rule], off, len, line, col, path, fmt, ap);
    va_end(ap);
    return go;
}

static bool is_key(int16_t object)
{
    return object == animj_O_discrete_key || object == animj_O_curve_key;
}

static bool is_data(int16_t object)
{
    return object == animj_O_raw_data || object == animj_O_discrete_data || object == animj_O_curve_data;
}

/* Interpolation names (spec 3.1), their bytes, and whether they need tangents. */
static const char *const interp_names[4] = {"Hold", "Linear", "Tangent", "CubicBezier"};

static bool interpolation(animj_state *st, ak_jsctx *c, const ak_json_event *e)
{
    st->key.has_interp = true;
    if (e->kind == AK_JSON_NUMBER && (e->flags & (AK_JSON_F_FRAC | AK_JSON_F_EXP)) != 0) {
        /* J14: a number that is not an integer literal is no interpolation
           at all (the schema types the member as a number for this) */
        st->key.interp = -1;
        return ak_js_report(c, animj_R_KEY_INTERPOLATION, e, "%.*s is not an interpolation (a name or an integer)",
                            (int)e->text_len, e->text);
    }
    if (e->kind == AK_JSON_NUMBER) {
        if (e->text_len == 1 && e->text[0] >= '0' &&
            e->text[0] <= '3') {
            st->key.interp = e->text[0] - '0';
            if (!ak_js_report(c, animj_R_KEY_INTERPOLATION_NONCANONICAL, e, "integer interpolation %c: write \"%s\"",
                              e->text[0], interp_names[st->key.interp]))
                return false;
        } else {
            st->key.interp = -1;
            return ak_js_report(c, animj_R_KEY_INTERPOLATION_UNDEFINED, e,
                                "interpolation %.*s is outside 0..3: its meaning is undefined", (int)e->text_len,
                                e->text);
        }
    } else if (e->kind == AK_JSON_STRING) {
        st->key.interp = -1;
        for (int i = 0; i < 4; i++) {
            size_t n = strlen(interp_names[i]);
            if (ak_json_string_equals(e, interp_names[i], n)) {
                st->key.interp = i;
                break;
            }
        }
        if (st->key.interp < 0 && ak_json_string_is_raw(e)) {
            for (int i = 0; i < 4; i++) {
                size_t n = strlen(interp_names[i]);
                bool same = e->text_len == n;
                for (size_t k = 0; same && k < n; k++) {
                    char a = e->text[k], b = interp_names[i][k];
                    if (a >= 'A' && a <= 'Z')
                        a = (char)(a - 'A' + 'a');
                    if (b >= 'A' && b <= 'Z')
                        b = (char)(b - 'A' + 'a');
                    same = a == b;
                }
                if (same) {
                    st->key.interp = i;
                    if (!ak_js_report(c, animj_R_KEY_INTERPOLATION_NONCANONICAL, e,
                                      "\"%.*s\" is read case-insensitively: write \"%s\"", (int)e->text_len, e->text,
                                      interp_names[i]))
                        return false;
                    break;
                }
            }
        }
        if (st->key.interp < 0)
            return ak_js_report(c, animj_R_KEY_INTERPOLATION, e,
                                "\"%.*s\" is not an interpolation (Hold, Linear, Tangent, CubicBezier)",
                                (int)e->text_len, e->text);
    } else {
        st->key.interp = -1; /* the schema reported the kind */
        return true;
    }
    if (st->key.interp == 2)
        return ak_js_report(c, animj_R_KEY_INTERP_TANGENT, e,
                            "legacy Tangent interpolation: its formula is unknown (evaluated as Linear)");
    return true;
}

/* The path of the key before the current one: the current key's path with
 * the last index decremented. */
static void previous_key_path(const char *cur, uint64_t index, char *out, size_t n)
{
    const char *slash = strrchr(cur, '/');
    size_t head = slash ? (size_t)(slash - cur) : 0;
    snprintf(out, n, "%.*s/%llu", (int)head, cur, (unsigned long long)(index ? index - 1 : 0));
}

/* The current JSON Pointer, built only when a diagnostic needs it. */
#define CURRENT_PATH (ak_json_path(c->p))

/* What the end of a key reports (J38, J41, J40): one bit per finding. */
enum {
    KEY_NO_INTERP = 1u << 0,     /* a Curve key without interpolation */
    KEY_LEFT_UNUSED = 1u << 1,   /* tangents the segments around the key do not use */
    KEY_RIGHT_UNUSED = 1u << 2,
    KEY_PREV_NO_RIGHT = 1u << 3, /* the segment from the previous key lacks its tangents */
    KEY_NO_LEFT = 1u << 4,
};

static bool needs_tangents(bool curve, int interp)
{
    return curve && (interp == 2 || interp == 3);
}

static unsigned key_findings(const animj_state *st, const animj_key *k, bool curve)
{
    unsigned found = 0;
    if (curve && !k->has_interp)
        found |= KEY_NO_INTERP;
    /* a key's leftTangent serves the segment from the previous key, its
       rightTangent the segment to the next: unused only when neither this
       key nor the previous one is Tangent/CubicBezier */
    bool needs = needs_tangents(curve, k->interp), prev_needs = st->prev.valid && st->prev.needs;
    if (curve && k->interp >= 0) {
        if (k->left_off && !needs && !prev_needs)
            found |= KEY_LEFT_UNUSED;
        if (k->right_off && !needs)
            found |= KEY_RIGHT_UNUSED;
    }
    if (curve && prev_needs) {
        if (!st->prev.has_right)
            found |= KEY_PREV_NO_RIGHT;
        if (!k->left_off)
            found |= KEY_NO_LEFT;
    }
    return found;
}

/* The key is done: it becomes the previous one. */
static void key_commit(animj_state *st, const animj_key *k, bool curve, size_t start)
{
    st->prev.valid = true;
    st->prev.needs = needs_tangents(curve, k->interp);
    st->prev.interp = k->interp;
    st->prev.has_right = k->right_off != 0;
    st->prev.start = start;
    st->key_index++;
}

static bool key_end(animj_state *st, ak_jsctx *c, const ak_jsframe *key)
{
    bool curve = key->object == animj_O_curve_key;
    int interp = st->key.interp;
    unsigned found = key_findings(st, &st->key, curve);
    if (found & KEY_NO_INTERP) {
        if (!report_at(c, animj_R_KEY_INTERPOLATION_MISSING, key->start, 1, CURRENT_PATH,
                       "Curve key without interpolation (the importer probably assumes Hold)"))
            return false;
    }
    if (found & (KEY_LEFT_UNUSED | KEY_RIGHT_UNUSED)) {
        char p2[192];
        bool left = (found & KEY_LEFT_UNUSED) != 0;
        snprintf(p2, sizeof p2, "%s/%s", CURRENT_PATH, left ? "leftTangent" : "rightTangent");
        if (!report_at(c, animj_R_KEY_TANGENT_UNUSED, left ? st->key.left_off : st->key.right_off, 1, p2,
                       "tangents on a %s key are ignored", interp_names[interp]))
            return false;
    }
    /* J40: the segment from the previous key to this one */
    if (found & KEY_PREV_NO_RIGHT) {
        char p2[192];
        previous_key_path(CURRENT_PATH, st->key_index, p2, sizeof p2);
        if (!report_at(c, animj_R_KEY_TANGENT_MISSING, st->prev.start, 1, p2,
                       "%s key without rightTangent (its control point becomes 0)", interp_names[st->prev.interp]))
            return false;
    }
    if (found & KEY_NO_LEFT) {
        if (!report_at(c, animj_R_KEY_TANGENT_MISSING, key->start, 1, CURRENT_PATH,
                       "key after a %s key without leftTangent (its control point becomes 0)",
                       interp_names[st->prev.interp]))
            return false;
    }
    key_commit(st, &st->key, curve, key->start);
    return true;
}

static bool data_end(animj_state *st, ak_jsctx *c, const ak_jsframe *data)
{
    static const char *const names[2] = {"node", "property"};
    for (int i = 0; i < 2; i++) {
        if (st->data.target_off[i] == 0) {
            if (!report_at(c, animj_R_DATA_NODE_MISSING, data->start, 1, CURRENT_PATH, "data without %s", names[i]))
                return false;
        } else if (st->data.target_null[i]) {
            char p2[192];
            snprintf(p2, sizeof p2, "%s/%s", CURRENT_PATH, names[i]);
            if (!report_at(c, animj_R_DATA_NODE_MISSING, st->data.target_off[i], 4, p2,
                           "%s is null (AnimX cannot hold null: it becomes \"\")", names[i]))
                return false;
        }
    }
    if (!st->data.has_keyframes || st->data.keyframes_null ||
        (st->data.keyframes_array && st->data.keyframes_count == 0)) {
        if (!report_at(c, animj_R_DATA_KEYFRAMES_MISSING, data->start, 1, CURRENT_PATH, "%s",
                       st->data.has_keyframes ? "keyframes is null or empty" : "data without keyframes"))
            return false;
    }
    if (data->object == animj_O_raw_data) {
        if (!st->data.interval_member)
            return report_at(c, animj_R_DATA_INTERVAL_MISSING, data->start, 1, CURRENT_PATH,
                             "Raw track without interval (seconds between samples)");
        if (st->data.has_interval && st->data.interval <= 0 && st->data.keyframes_count > 1) {
            char p2[192];
            snprintf(p2, sizeof p2, "%s/interval", CURRENT_PATH);
            return report_at(c, animj_R_DATA_INTERVAL_MISSING, st->data.interval_off, 1, p2,
                             "interval %g with %llu samples: every sample is at time 0", st->data.interval,
                             (unsigned long long)st->data.keyframes_count);
        }
    }
    return true;
}

#undef CURRENT_PATH

/* A key's time, for J45 (decided at the end: the path is built then from
 * the indices, never per key). */
static void note_time(animj_state *st, double t, size_t off)
{
    if (!st->has_max_time || t > st->max_time) {
        st->has_max_time = true;
        st->max_time = (float)t;
        st->max_time_off = off;
        st->max_time_track = st->track_count ? st->track_count - 1 : 0;
        st->max_time_key = st->key_index;
    }
}

/* Whether a quaternion's length is 1 within J47's tolerance. */
static bool quat_unit(double len2)
{
    return fabs(sqrt(len2) - 1.0) <= 1e-3;
}

/* A scalar component of a quaternion value (J47). */
static void quat_component(animj_state *st, const ak_json_event *e)
{
    double v;
    if (e->kind == AK_JSON_NUMBER && ak_json_number_f64(e, &v) == AK_NUM_OK)
        st->quat_len2 += v * v;
}

bool animj_hook_semantics(ak_jsctx *c, const ak_json_event *e)
{
    animj_state *st = c->user;
    if (!st)
        return true;
    if (!e) {
        /* the end of a well-formed document */
        if (st->root_is_object &&
            (!st->saw_tracks || st->tracks_null || (st->tracks_array && st->tracks_len == 0)))
            if (!ak_report(c->diags, &animj_rules[animj_R_ROOT_TRACKS_MISSING], st->root_start, 1, "",
                           "%s", st->saw_tracks ? "tracks is null or empty" : "the animation has no tracks"))
                return false;
        if (st->has_duration && st->duration > 0 && st->max_time > st->duration) {
            char path[96];
            snprintf(path, sizeof path, "/tracks/%llu/data/keyframes/%llu/time",
                     (unsigned long long)st->max_time_track, (unsigned long long)st->max_time_key);
            return ak_report(c->diags, &animj_rules[animj_R_TIME_AFTER_DURATION], st->max_time_off, 1, path,
                             "key time %.9g is after globalDuration %.9g", st->max_time, st->duration);
        }
        return true;
    }
    if ((e->kind == AK_JSON_STRING || e->kind == AK_JSON_KEY) && e->text_len > ANIMJ_MAX_STRING)
        if (!ak_js_report(c, animj_R_JSON_TOKEN_LIMIT, e, "string of %zu bytes (the cap is %u)", e->text_len,
                          ANIMJ_MAX_STRING))
            return false;
    if (e->kind == AK_JSON_NUMBER && e->text_len > ANIMJ_MAX_NUMBER)
        if (!ak_js_report(c, animj_R_JSON_TOKEN_LIMIT, e, "number literal of %zu characters (the cap is %u)",
                          e->text_len, ANIMJ_MAX_NUMBER))
            return false;
    ak_jsframe *top = ak_js_top(c);
    if (!top)
        return true;
    /* trackType: .NET Enum.Parse accepts numeric strings ("2"); Bezier has
       its own rule; anything else is not a track type */
    if (top->object == animj_O_track && top->member == animj_M_track_trackType && e->kind != AK_JSON_KEY &&
        top->tags[animj_M_track_trackType] < 0) {
        if (e->kind == AK_JSON_STRING && ak_json_string_equals(e, "Bezier", 6))
            return ak_js_report(c, animj_R_TRACK_BEZIER, e, "Bezier tracks have no JSON model; the importer throws");
        if (e->kind == AK_JSON_STRING && e->text_len == 1 && e->text[0] >= '0' && e->text[0] <= '2') {
            top->tags[animj_M_track_trackType] = (int16_t)(e->text[0] - '0');
            return ak_js_report(c, animj_R_TRACK_TYPE_NONCANONICAL, e, "numeric trackType \"%c\": write its name",
                                e->text[0]);
        }
        return ak_js_report(c, animj_R_TRACK_TRACK_TYPE, e,
                            "trackType must be \"Raw\", \"Discrete\" or \"Curve\" (case-sensitive)");
    }
    switch (e->kind) {
    case AK_JSON_KEY:
        if (c->depth == 1 && top->object == animj_O_animation && top->member == animj_M_animation_tracks)
            st->saw_tracks = true;
        if (is_data(top->object) && top->member == animj_M_raw_data_interval && top->object != animj_O_raw_data)
            return ak_js_report(c, animj_R_DATA_INTERVAL_UNUSED, e, "interval on a non-Raw track is ignored");
        if (is_data(top->object) && top->member == animj_M_raw_data_keyframes)
            st->data.has_keyframes = true;
        if (top->object == animj_O_raw_data && top->member == animj_M_raw_data_interval)
            st->data.interval_member = true;
        if (top->object == animj_O_curve_key && top->member == animj_M_curve_key_leftTangent)
            st->key.left_off = e->offset;
        if (top->object == animj_O_curve_key && top->member == animj_M_curve_key_rightTangent)
            st->key.right_off = e->offset;
        return true;
    case AK_JSON_BEGIN_OBJECT:
        if (c->depth == 1) {
            st->root_start = e->offset;
            st->root_is_object = true;
        }
        if (top->object == animj_O_track)
            st->track_count++;
        if (is_data(top->object)) {
            memset(&st->data, 0, sizeof st->data);
            memset(&st->prev, 0, sizeof st->prev);
            st->key_index = 0;
        }
        if (is_key(top->object)) {
            memset(&st->key, 0, sizeof st->key);
            st->key.interp = -1;
        }
        if (top->value == AK_VT_FLOATQ || top->value == AK_VT_DOUBLEQ)
            st->quat_len2 = 0;
        return true;
    case AK_JSON_END_OBJECT:
        if (is_key(top->object))
            return key_end(st, c, top);
        if (is_data(top->object))
            return data_end(st, c, top);
        if (top->value == AK_VT_FLOATQ || top->value == AK_VT_DOUBLEQ) {
            ak_jsframe *owner = ak_js_up(c, 1);
            bool is_value = owner && (!is_key(owner->object) || owner->member == animj_M_curve_key_value);
            if (is_value && !quat_unit(st->quat_len2)) {
                ak_json_event at = *e;
                at.offset = top->start;
                at.length = 1;
                return ak_js_report(c, animj_R_VALUE_QUAT_NONUNIT, &at, "quaternion of length %.9g",
                                    sqrt(st->quat_len2));
            }
        }
        return true;
    case AK_JSON_END_ARRAY: {
        ak_jsframe *owner = ak_js_up(c, 1);
        if (owner && is_data(owner->object) && owner->member == animj_M_raw_data_keyframes) {
            st->data.keyframes_array = true;
            st->data.keyframes_count = top->count;
        }
        if (owner && owner->object == animj_O_animation && owner->member == animj_M_animation_tracks) {
            st->tracks_array = true;
            st->tracks_len = top->count;
        }
        return true;
    }
    case AK_JSON_NUMBER:
        if (is_data(top->object) && (top->member == animj_M_raw_data_node || top->member == animj_M_raw_data_property))
            st->data.target_off[top->member == animj_M_raw_data_node ? 0 : 1] = e->offset;
        if (top->value == AK_VT_FLOATQ || top->value == AK_VT_DOUBLEQ) {
            quat_component(st, e);
            return true;
        }
        if (top->object == animj_O_animation && top->member == animj_M_animation_globalDuration) {
            float v;
            if (ak_json_number_f32(e, &v) == AK_NUM_OK) {
                st->has_duration = true;
                st->duration = v;
                if (v < 0)
                    return ak_js_report(c, animj_R_ROOT_DURATION_NEGATIVE, e, "globalDuration %.*s is negative",
                                        (int)e->text_len, e->text);
            }
            return true;
        }
        if (is_data(top->object) && top->member == animj_M_raw_data_interval) {
            float v;
            if (ak_json_number_f32(e, &v) == AK_NUM_OK) {
                st->data.has_interval = true;
                st->data.interval = v;
                st->data.interval_off = e->offset;
            }
            return true;
        }
        if (is_key(top->object) && top->member == animj_M_curve_key_time) {
            if (c->has_num)
                note_time(st, c->num, e->offset);
            return true;
        }
        if (top->object == animj_O_curve_key && top->member == animj_M_curve_key_interpolation)
            return interpolation(st, c, e);
        return true;
    case AK_JSON_STRING:
    case AK_JSON_NULL:
    case AK_JSON_TRUE:
    case AK_JSON_FALSE:
        if (top->object == animj_O_track && top->member == animj_M_track_valueType && e->kind == AK_JSON_STRING &&
            e->text_len > 3) {
            const char *t = e->text + e->text_len - 3;
            if (memcmp(t, "2x2", 3) == 0 || memcmp(t, "3x3", 3) == 0 || memcmp(t, "4x4", 3) == 0)
                return ak_js_report(c, animj_R_VALUE_MATRIX_UNSUPPORTED, e,
                                    "%.*s: the stock importer cannot read matrices; use AnimX", (int)e->text_len,
                                    e->text);
        }
        if (is_data(top->object) && (top->member == animj_M_raw_data_node || top->member == animj_M_raw_data_property)) {
            int i = top->member == animj_M_raw_data_node ? 0 : 1;
            st->data.target_off[i] = e->offset;
            st->data.target_null[i] = e->kind == AK_JSON_NULL;
        }
        if (e->kind == AK_JSON_NULL && is_data(top->object) && top->member == animj_M_raw_data_keyframes)
            st->data.keyframes_null = true;
        if (e->kind == AK_JSON_NULL && top->object == animj_O_animation && top->member == animj_M_animation_tracks)
            st->tracks_null = true;
        if (top->object == animj_O_curve_key && top->member == animj_M_curve_key_interpolation)
            return interpolation(st, c, e);
        return true;
    case AK_JSON_BEGIN_ARRAY: {
        ak_jsframe *owner = ak_js_up(c, 1);
        if (owner && is_data(owner->object) && (owner->member == animj_M_raw_data_node || owner->member == animj_M_raw_data_property))
            st->data.target_off[owner->member == animj_M_raw_data_node ? 0 : 1] = e->offset;
        return true;
    }
    }
    return true;
}

/* ---- lanes ---------------------------------------------------------------- */

/* The squared length of the quaternion whose components are leaves
 * first..first+3, as quat_component sums it; false when a leaf is absent. */
static bool lane_quat_len2(const ak_jslane_view *v, int first, double *len2)
{
    *len2 = 0;
    for (int i = first; i < first + 4; i++) {
        size_t n;
        const char *text = ak_js_leaf(v, (size_t)i, &n);
        double x;
        if (!text || ak_parse_f64(text, n, &x) != AK_NUM_OK)
            return false;
        *len2 += x * x;
    }
    return true;
}

/* J47 for a quaternion a lane read (leaves first..first+3; suffix: its
 * member in the element, "" when the element is the value): said here as
 * the event path says it, at the value's '{', so that a file whose every
 * rotation is off stays in the lanes. False: the element goes event by
 * event (a leaf the lane lacks, or reporting must stop). */
static bool lane_quat(ak_jsctx *c, const ak_jslane_view *v, int first, const char *suffix)
{
    double len2;
    if (!lane_quat_len2(v, first, &len2))
        return false;
    if (quat_unit(len2))
        return true;
    /* the value object's '{': the element's start, or the last '{' before
       its first component (only the component's name and JSON whitespace
       are between them) */
    const char *brace = (const char *)v->caps[2 + 2 * first];
    const char *from = (const char *)v->caps[0];
    while (brace > from && *brace != '{')
        brace--;
    size_t at = v->start + (size_t)(brace - from);
    return ak_js_report_lane(c, animj_R_VALUE_QUAT_NONUNIT, at, 1, suffix, "quaternion of length %.9g", sqrt(len2));
}

/* The interpolation leaf of a lane: only the canonical names that carry no
 * diagnostic (not the legacy Tangent, J46); -1 for anything else. */
static int lane_interpolation(const char *text, size_t n)
{
    static const int clean[3] = {0, 1, 3};
    for (int i = 0; i < 3; i++) {
        const char *name = interp_names[clean[i]];
        size_t len = strlen(name);
        if (n == len + 2 && text[0] == '"' && memcmp(text + 1, name, len) == 0)
            return clean[i];
    }
    return -1;
}

/* The lane half of the hook (see ak_jslanehook): a key or a Raw value that
 * the semantics above would say nothing about is taken at once. */
bool animj_hook_semantics_lane(ak_jsctx *c, const ak_jslane_view *v)
{
    animj_state *st = c->user;
    if (!st)
        return true;
    const ak_jlane *l = v->lane;
    /* J26 (lanes hold no strings but interpolation names and nulls): only
       an element longer than the cap can hold a number past it */
    if (v->end - v->start > ANIMJ_MAX_NUMBER) {
        for (uint16_t i = 0; i < l->leaf_count; i++) {
            size_t n;
            if (ak_js_leaf(v, i, &n) && n > ANIMJ_MAX_NUMBER)
                return false;
        }
    }
    bool quat = v->vtype == AK_VT_FLOATQ || v->vtype == AK_VT_DOUBLEQ;
    if (l->object < 0)
        return !quat || lane_quat(c, v, 0, "");
    if (!is_key(l->object))
        return false;
    bool curve = l->object == animj_O_curve_key;
    int value = ak_js_leaf_of(v, curve ? animj_M_curve_key_value : animj_M_discrete_key_value);
    double len2 = 1;
    if (quat && (value < 0 || !lane_quat_len2(v, value, &len2)))
        return false;
    animj_key k = {false, -1, 0, 0};
    if (curve) {
        int at = ak_js_leaf_of(v, animj_M_curve_key_interpolation);
        size_t n;
        const char *text = at >= 0 ? ak_js_leaf(v, (size_t)at, &n) : NULL;
        if (text) {
            k.has_interp = true;
            k.interp = lane_interpolation(text, n);
            if (k.interp < 0)
                return false;
        }
        int left = ak_js_leaf_of(v, animj_M_curve_key_leftTangent);
        int right = ak_js_leaf_of(v, animj_M_curve_key_rightTangent);
        if (left >= 0 && v->caps[2 + 2 * left])
            k.left_off = (size_t)(v->caps[2 + 2 * left] - v->caps[0]) + v->start;
        if (right >= 0 && v->caps[2 + 2 * right])
            k.right_off = (size_t)(v->caps[2 + 2 * right] - v->caps[0]) + v->start;
    }
    if (key_findings(st, &k, curve))
        return false;
    /* the value's finding comes before the key's (at its END_OBJECT), and
       the key has none */
    if (quat && !quat_unit(len2) && !lane_quat(c, v, value, "/value"))
        return false;
    int time = ak_js_leaf_of(v, animj_M_curve_key_time);
    if (time >= 0 && v->caps[2 + 2 * time])
        note_time(st, v->num[time], (size_t)(v->caps[2 + 2 * time] - v->caps[0]) + v->start);
    key_commit(st, &k, curve, v->start);
    return true;
}

/* ---- detection ------------------------------------------------------------ */

/* Spec section 1: optional BOM, JSON whitespace, '{', and "trackType" or a
 * root "tracks" member somewhere in the first 64 KiB. An animkit dump of an
 * AnimX file has "tracks" too, but its members are snake_case: it is JSON
 * for `convert` to undump, not AnimJ (a dump without tracks, or of version
 * 0, has no "track_type", but a "track_count"). */
int animj_sniff(const uint8_t *data, size_t size)
{
    static const char *const any[] = {"\"trackType\"", "\"tracks\"", NULL};
    static const char *const none[] = {"\"track_type\"", "\"track_count\"", NULL};
    return ak_json_sniff_members(data, size, any, none) ? AK_SNIFF_CONTENT : AK_SNIFF_NO;
}

const size_t animj_state_size = sizeof(animj_state);
