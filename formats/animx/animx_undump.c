/* Building an AnimX file from its JSON dump (animx.c writes the dump): the
 * inverse of dump, `animkit convert x.json y.animx`.
 *
 * The JSON is read with the project's streaming JSON front end
 * (grammars/json_parser.h). Its events are encoded as they arrive: each
 * track's sections (values, interpolations, keys, tangents) into scratch
 * buffers that are joined into the payload when the track's object ends;
 * the header and the compression come last. Nothing is appended to `out`
 * unless the whole dump was read without an error and the file built from
 * it validates without an error.
 *
 * What the dump says is written as it is: key order, the Curve `flags` byte
 * (unknown bits too), interpolation bytes, version 0's one type byte, empty
 * tracks. So dump -> undump gives back the file's bytes when the file holds
 * nothing the dump cannot say (docs/formats/animx.md lists what that is).
 *
 * The dump's member order is required where a member depends on another:
 * `version` before `tracks`; `track_type` and `value_type` before a track's
 * data; `flags` before `interpolations`, `shared_interpolation` and
 * `tangents` (animx.undump.member-order). Otherwise members may come in any
 * order. Each problem is reported at the JSON member (path, line:col). */
#include "animx.h"

#include "animx_compress.h"
#include "animx_layout.h"

#include <json_parser.h>

#include <math.h>
#include <stdio.h>
#include <string.h>

#define R(slug) (&animx_rules[animx_R_UNDUMP_##slug])

/* What the open container at each depth is. */
typedef enum ctx {
    C_TOP,      /* the document */
    C_TRACKS,   /* tracks: [...] */
    C_TRACK,    /* one track */
    C_VALUES,   /* a Raw track's values: [...] */
    C_INTERPS,  /* interpolations: [...] */
    C_KEYS,     /* keys: [...] */
    C_KEY,      /* {time, value} */
    C_TANGENTS, /* tangents: [...] */
    C_TANGENT,  /* {left, right} */
    C_VALUE,    /* the components of one value: [...] */
} ctx;

#define MAX_DEPTH 8

/* Members. The top level and a track have bit sets of them; a key and a
 * tangent pair have their own two. */
enum {
    M_VERSION, M_TRACK_COUNT, M_DURATION, M_NAME, M_ENCODING, M_TRACKS, /* top */
    M_TRACK_TYPE, M_VALUE_TYPE, M_NODE, M_PROPERTY, M_KEY_COUNT, M_INTERVAL, M_VALUES, M_FLAGS,
    M_INTERPS, M_SHARED, M_KEYS, M_TANGENTS, /* track */
    M_TIME, M_VALUE, /* key */
    M_LEFT, M_RIGHT, /* tangent pair */
    M_COUNT,
    M_NONE = -1,
};

static const char *const member_names[M_COUNT] = {
    "version", "track_count", "global_duration", "name", "encoding", "tracks",
    "track_type", "value_type", "node", "property", "key_count", "interval", "values", "flags",
    "interpolations", "shared_interpolation", "keys", "tangents",
    "time", "value",
    "left", "right",
};

/* Where a value goes when it is complete. */
typedef enum slot { S_RAW, S_KEY, S_LEFT, S_RIGHT } slot;

/* A member remembered for a later diagnostic (count checks). */
typedef struct where {
    bool have;
    size_t offset, length;
    uint32_t line, column;
    char path[64];
} where;

typedef struct undump {
    ak_json_parser *p;
    ctx stack[MAX_DEPTH];
    unsigned depth;
    unsigned skip;  /* > 0: inside a container that is being skipped */
    int member;     /* the pending member (M_NONE: skip its value) */
    bool failed;
    bool stop;      /* the error limit is reached */

    /* top level */
    uint32_t seen;  /* bits of M_VERSION..M_TRACKS */
    int32_t version;
    uint32_t track_count;
    float duration;
    uint8_t encoding;
    size_t tracks_given;
    where track_count_at;
    ak_buf name, payload;

    /* the current track */
    uint32_t tseen; /* bits of M_TRACK_TYPE..M_TANGENTS, shifted by M_TRACK_TYPE */
    uint32_t tread; /* the arrays among them that were read */
    uint8_t track_type, value_type, flags;
    bool tt_ok, vt_ok, flags_ok; /* given and valid */
    float interval;
    size_t n_values, n_interps, n_keys, n_tangents;
    where key_count_at;
    uint32_t key_count;
    ak_buf node, property, values, interps, keys, tangents;

    /* the current key or tangent pair */
    unsigned kseen; /* bit 0: time / left, bit 1: value / right */
    float time;
    ak_buf keyval, left, right;

    /* the current value */
    slot vslot;
    ak_value cur;
    unsigned comps;     /* components given so far */
    bool value_bad;

    ak_buf tmp;
} undump;

/* ---- reporting ------------------------------------------------------------ */

static bool report(undump *u, const ak_rule *rule, const ak_json_event *e, const char *fmt, ...) AK_PRINTF(4, 5);
static bool report(undump *u, const ak_rule *rule, const ak_json_event *e, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    char msg[400];
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    u->failed = true;
    if (!ak_json_report(u->p, rule, e, "%s", msg))
        u->stop = true;
    return false;
}

static void remember(undump *u, const ak_json_event *e, where *w)
{
    w->have = true;
    w->offset = e->offset;
    w->length = e->length;
    ak_json_location(u->p, e->offset, &w->line, &w->column);
    snprintf(w->path, sizeof w->path, "%s", ak_json_path(u->p));
}

static void report_where(undump *u, const ak_rule *rule, const where *w, const char *fmt, ...) AK_PRINTF(4, 5);
static void report_where(undump *u, const ak_rule *rule, const where *w, const char *fmt, ...)
{
    u->failed = true;
    ak_diags *d = ak_json_diags(u->p);
    if (!d)
        return;
    va_list ap;
    va_start(ap, fmt);
    if (!ak_vreport(d, rule, w->offset, w->length, w->line, w->column, w->path, fmt, ap))
        u->stop = true;
    va_end(ap);
}

/* ---- scalars -------------------------------------------------------------- */

typedef enum num { N_OK, N_TYPE, N_RANGE } num;

/* An integer in [lo, hi] (the JSON number as written: no fraction, no exponent). */
static num get_int(const ak_json_event *e, bool text_ok, int64_t lo, uint64_t hi, int64_t *si, uint64_t *ui)
{
    /* text_ok: or a decimal string, how the dump writes 64-bit values beyond 2^53 */
    bool text = text_ok && e->kind == AK_JSON_STRING && ak_json_string_is_raw(e) && e->text_len > 0;
    if (e->kind != AK_JSON_NUMBER && !text)
        return N_TYPE;
    if (e->flags & (AK_JSON_F_FRAC | AK_JSON_F_EXP))
        return N_RANGE;
    if (text ? e->text[0] == '-' : (e->flags & AK_JSON_F_NEG) != 0) {
        int64_t v;
        if (ak_parse_i64(e->text, e->text_len, &v) != AK_NUM_OK || v < lo)
            return N_RANGE;
        if (v >= 0 && (uint64_t)v > hi)
            return N_RANGE;
        if (si)
            *si = v;
        if (ui)
            *ui = (uint64_t)v;
        return N_OK;
    }
    uint64_t v;
    if (ak_parse_u64(e->text, e->text_len, &v) != AK_NUM_OK || v > hi)
        return N_RANGE;
    if (si)
        *si = (int64_t)v;
    if (ui)
        *ui = v;
    return N_OK;
}

/* A header or track integer member; false (reported) when it is not one. */
static bool int_member(undump *u, const ak_json_event *e, const char *name, int64_t lo, uint64_t hi,
                       const char *what, uint64_t *out)
{
    int64_t s = 0;
    switch (get_int(e, false, lo, hi, &s, out)) {
    case N_OK: return true;
    case N_TYPE: return report(u, R(MEMBER_TYPE), e, "'%s' is an integer, not %s", name, ak_json_kind_name(e->kind));
    default:
        return report(u, R(VALUE_RANGE), e, "'%s' is %.*s: it must be %s", name, (int)e->text_len, e->text, what);
    }
}

/* "nan", "inf", "-inf": how the dump writes non-finite floats. */
static bool special_float(const ak_json_event *e, double *v)
{
    if (e->kind != AK_JSON_STRING)
        return false;
    if (ak_json_string_equals(e, "nan", 3))
        *v = NAN;
    else if (ak_json_string_equals(e, "inf", 3))
        *v = INFINITY;
    else if (ak_json_string_equals(e, "-inf", 4))
        *v = -INFINITY;
    else
        return false;
    return true;
}

/* An f32 member (time, interval, duration). finite: "nan"/"inf" are out of range. */
static bool f32_member(undump *u, const ak_json_event *e, const char *name, bool finite, float *out)
{
    double special;
    if (special_float(e, &special)) {
        if (finite)
            return report(u, R(VALUE_RANGE), e, "'%s' must be finite (the file would be rejected)", name);
        *out = (float)special;
        return true;
    }
    if (e->kind != AK_JSON_NUMBER)
        return report(u, R(MEMBER_TYPE), e, "'%s' is a number%s, not %s", name,
                      finite ? "" : " (or \"nan\", \"inf\", \"-inf\")", ak_json_kind_name(e->kind));
    if (ak_json_number_f32(e, out) != AK_NUM_OK)
        return report(u, R(VALUE_RANGE), e, "'%s' is %.*s: that does not fit a 32-bit float", name,
                      (int)e->text_len, e->text);
    return true;
}

static bool string_member(undump *u, const ak_json_event *e, const char *name, ak_buf *out)
{
    if (e->kind != AK_JSON_STRING)
        return report(u, R(MEMBER_TYPE), e, "'%s' is a string, not %s", name, ak_json_kind_name(e->kind));
    out->len = 0;
    if (!ak_json_string_decode(e, out) || out->failed)
        return report(u, R(VALUE_RANGE), e, "out of memory");
    if (out->len > INT32_MAX)
        return report(u, R(VALUE_RANGE), e, "'%s' is longer than 2^31-1 bytes", name);
    return true;
}

/* ---- values ---------------------------------------------------------------- */

static ak_buf *slot_buf(undump *u)
{
    switch (u->vslot) {
    case S_RAW: return &u->values;
    case S_KEY: return &u->keyval;
    case S_LEFT: return &u->left;
    default: return &u->right;
    }
}

static const char *vt_name(const undump *u) { return ak_value_type_info_of((ak_value_type)u->value_type)->name; }

/* Component k of the current value from a scalar event. */
static bool component(undump *u, const ak_json_event *e, unsigned k)
{
    const ak_value_type_info *ti = ak_value_type_info_of((ak_value_type)u->value_type);
    ak_value *v = &u->cur;
    switch (ti->kind) {
    case AK_VK_BOOL:
        if (e->kind != AK_JSON_TRUE && e->kind != AK_JSON_FALSE)
            return report(u, R(VALUE_SHAPE), e, "a %s component is true or false, not %s", vt_name(u), ak_json_kind_name(e->kind));
        v->b[k] = e->kind == AK_JSON_TRUE;
        return true;
    case AK_VK_UINT:
    case AK_VK_INT: {
        bool is_signed = ti->kind == AK_VK_INT;
        unsigned bits = ti->bits;
        int64_t lo = is_signed ? (bits == 64 ? INT64_MIN : -((int64_t)1 << (bits - 1))) : 0;
        uint64_t hi = is_signed ? (bits == 64 ? (uint64_t)INT64_MAX : ((uint64_t)1 << (bits - 1)) - 1)
                                : (bits == 64 ? UINT64_MAX : ((uint64_t)1 << bits) - 1);
        int64_t s = 0;
        uint64_t uv = 0;
        switch (get_int(e, bits == 64, lo, hi, &s, &uv)) {
        case N_OK: break;
        case N_TYPE:
            return report(u, R(VALUE_SHAPE), e, "a %s component is an integer, not %s", vt_name(u), ak_json_kind_name(e->kind));
        default:
            return report(u, R(VALUE_RANGE), e, "%.*s is out of range for a %s component (%lld..%llu)",
                          (int)e->text_len, e->text, vt_name(u), (long long)lo, (unsigned long long)hi);
        }
        if (is_signed)
            v->i[k] = s;
        else
            v->u[k] = uv;
        return true;
    }
    case AK_VK_F32:
    case AK_VK_F64: {
        bool f32 = ti->kind == AK_VK_F32;
        double special;
        if (special_float(e, &special)) {
            if (f32)
                v->f[k] = (float)special;
            else
                v->d[k] = special;
            return true;
        }
        if (e->kind != AK_JSON_NUMBER)
            return report(u, R(VALUE_SHAPE), e, "a %s component is a number (or \"nan\", \"inf\", \"-inf\"), not %s",
                          vt_name(u), ak_json_kind_name(e->kind));
        ak_num_status st = f32 ? ak_json_number_f32(e, &v->f[k]) : ak_json_number_f64(e, &v->d[k]);
        if (st != AK_NUM_OK)
            return report(u, R(VALUE_RANGE), e, "%.*s does not fit a %s component (%d-bit float)", (int)e->text_len,
                          e->text, vt_name(u), f32 ? 32 : 64);
        return true;
    }
    default: return false;
    }
}

static void emit_value(undump *u)
{
    if (!u->value_bad && !u->failed)
        animx_put_value(slot_buf(u), (ak_value_type)u->value_type, &u->cur);
}

/* A value starts in slot s: a scalar (complete now) or '[' (its components follow). */
static bool begin_value(undump *u, const ak_json_event *e, slot s)
{
    memset(&u->cur, 0, sizeof u->cur);
    u->vslot = s;
    u->comps = 0;
    u->value_bad = false;
    const ak_value_type_info *ti = ak_value_type_info_of((ak_value_type)u->value_type);
    if (u->value_type == AK_VT_STRING) {
        if (e->kind == AK_JSON_NULL) {
            u->cur.s.ptr = NULL;
        } else if (e->kind == AK_JSON_STRING) {
            u->tmp.len = 0;
            if (!ak_json_string_decode(e, &u->tmp) || u->tmp.failed)
                return report(u, R(VALUE_RANGE), e, "out of memory");
            if (u->tmp.len > INT32_MAX)
                return report(u, R(VALUE_RANGE), e, "a string value is longer than 2^31-1 bytes");
            u->cur.s.ptr = u->tmp.data ? u->tmp.data : "";
            u->cur.s.len = u->tmp.len;
        } else {
            return report(u, R(VALUE_SHAPE), e, "a string value is a string or null, not %s", ak_json_kind_name(e->kind));
        }
        emit_value(u);
        return true;
    }
    if (ti->components == 1) {
        if (e->kind == AK_JSON_BEGIN_ARRAY || e->kind == AK_JSON_BEGIN_OBJECT) {
            report(u, R(VALUE_SHAPE), e, "a %s value is one JSON scalar, not %s", vt_name(u), ak_json_kind_name(e->kind));
            return false;
        }
        if (component(u, e, 0))
            emit_value(u);
        return true;
    }
    if (e->kind != AK_JSON_BEGIN_ARRAY)
        return report(u, R(VALUE_SHAPE), e, "a %s value is an array of %u components, not %s", vt_name(u),
                      ti->components, ak_json_kind_name(e->kind));
    return true; /* the caller pushes C_VALUE */
}

/* ---- the event handler ----------------------------------------------------- */

static bool push(undump *u, ctx c)
{
    if (u->depth >= MAX_DEPTH)
        return false;
    u->stack[u->depth++] = c;
    return true;
}

static unsigned track_bit(int m) { return 1u << (m - M_TRACK_TYPE); }

static const char *kind_word(uint8_t tt)
{
    return tt == ANIMX_RAW ? "Raw" : tt == ANIMX_DISCRETE ? "Discrete" : "Curve";
}

/* Whether member m may appear in the current track now; reports when not.
 * *given: the member counts as given all the same (an order problem: no
 * "missing" report follows). */
static bool track_member_allowed(undump *u, const ak_json_event *e, int m, bool *given_anyway)
{
    bool given = (u->tseen & track_bit(M_TRACK_TYPE)) && (u->tseen & track_bit(M_VALUE_TYPE));
    if (m >= M_INTERVAL && !(given && u->tt_ok && u->vt_ok)) {
        *given_anyway = true;
        if (given)
            return false; /* a bad type was reported: its data cannot be read */
        return report(u, R(MEMBER_ORDER), e, "'%s' needs 'track_type' and 'value_type' before it", member_names[m]);
    }
    uint8_t tt = u->track_type;
    bool ok = true;
    switch (m) {
    case M_INTERVAL:
    case M_VALUES: ok = tt == ANIMX_RAW; break;
    case M_FLAGS: ok = tt == ANIMX_CURVE; break;
    case M_KEYS: ok = tt != ANIMX_RAW; break;
    case M_INTERPS:
    case M_SHARED:
    case M_TANGENTS:
        if (tt != ANIMX_CURVE) {
            ok = false;
            break;
        }
        *given_anyway = true;
        if (!(u->tseen & track_bit(M_FLAGS)))
            return report(u, R(MEMBER_ORDER), e, "'%s' needs 'flags' before it", member_names[m]);
        if (!u->flags_ok)
            return false; /* reported */
        *given_anyway = false;
        if (m == M_INTERPS && !(u->flags & ANIMX_FLAG_INTERPOLATIONS))
            return report(u, R(MEMBER_UNKNOWN), e,
                          "'interpolations' does not belong here: flags bit 0 is clear (one 'shared_interpolation')");
        if (m == M_SHARED && (u->flags & ANIMX_FLAG_INTERPOLATIONS))
            return report(u, R(MEMBER_UNKNOWN), e,
                          "'shared_interpolation' does not belong here: flags bit 0 is set (per-key 'interpolations')");
        if (m == M_TANGENTS && !(u->flags & ANIMX_FLAG_TANGENTS))
            return report(u, R(MEMBER_UNKNOWN), e, "'tangents' does not belong here: flags bit 1 is clear");
        break;
    default: break;
    }
    if (!ok)
        return report(u, R(MEMBER_UNKNOWN), e, "'%s' does not belong in a %s track", member_names[m],
                      kind_word(tt));
    return true;
}

static int member_of(const ak_json_event *e, int first, int last)
{
    for (int m = first; m <= last; m++)
        if (ak_json_string_equals(e, member_names[m], strlen(member_names[m])))
            return m;
    return M_NONE;
}

static void on_key(undump *u, const ak_json_event *e, ctx c)
{
    int first = c == C_TOP ? M_VERSION : c == C_TRACK ? M_TRACK_TYPE : c == C_KEY ? M_TIME : M_LEFT;
    int last = c == C_TOP ? M_TRACKS : c == C_TRACK ? M_TANGENTS : c == C_KEY ? M_VALUE : M_RIGHT;
    int m = member_of(e, first, last);
    u->member = M_NONE;
    if (m == M_NONE) {
        u->tmp.len = 0;
        ak_json_string_decode(e, &u->tmp);
        const char *what = c == C_TOP ? "the dump" : c == C_TRACK ? "a track" : c == C_KEY ? "a key" : "a tangent pair";
        report(u, R(MEMBER_UNKNOWN), e, "unknown member '%.60s' in %s", ak_buf_cstr(&u->tmp), what);
        return;
    }
    uint32_t *seen = c == C_TOP ? &u->seen : c == C_TRACK ? &u->tseen : NULL;
    unsigned bit = c == C_TOP ? 1u << m : c == C_TRACK ? track_bit(m) : 1u << (m - first);
    bool dup = seen ? (*seen & bit) != 0 : (u->kseen & bit) != 0;
    if (dup) {
        report(u, R(MEMBER_DUPLICATE), e, "member '%s' given twice", member_names[m]);
        return;
    }
    if (m == M_TRACKS && !(u->seen & (1u << M_VERSION))) {
        report(u, R(MEMBER_ORDER), e, "'tracks' needs 'version' before it (version 0 lays tracks out differently)");
        u->seen |= bit;
        return;
    }
    bool given_anyway = false;
    if (c == C_TRACK && !track_member_allowed(u, e, m, &given_anyway)) {
        if (given_anyway)
            *seen |= bit;
        return;
    }
    if (seen)
        *seen |= bit;
    else
        u->kseen |= bit;
    u->member = m;
}

/* A scalar, or the start of a container, as the value of member m. Returns
 * the context to push for a container (or -1: skip it). */
static int member_value(undump *u, const ak_json_event *e, int m)
{
    bool container = e->kind == AK_JSON_BEGIN_OBJECT || e->kind == AK_JSON_BEGIN_ARRAY;
    uint64_t v = 0;
    switch (m) {
    case M_VERSION:
        if (int_member(u, e, "version", 0, 1, "0 or 1", &v))
            u->version = (int32_t)v;
        break;
    case M_TRACK_COUNT:
        remember(u, e, &u->track_count_at);
        if (int_member(u, e, "track_count", 0, INT32_MAX, "a count from 0 to 2^31-1", &v))
            u->track_count = (uint32_t)v;
        break;
    case M_DURATION: f32_member(u, e, "global_duration", true, &u->duration); break;
    case M_NAME: string_member(u, e, "name", &u->name); break;
    case M_ENCODING:
        if (int_member(u, e, "encoding", 0, 2, "0 (plain), 1 (LZ4) or 2 (LZMA)", &v))
            u->encoding = (uint8_t)v;
        break;
    case M_TRACKS:
        if (e->kind == AK_JSON_BEGIN_ARRAY)
            return C_TRACKS;
        report(u, R(MEMBER_TYPE), e, "'tracks' is an array, not %s", ak_json_kind_name(e->kind));
        break;
    case M_TRACK_TYPE:
        if (!int_member(u, e, "track_type", 0, 3, "0 (Raw), 1 (Discrete) or 2 (Curve)", &v))
            break;
        if (v == ANIMX_BEZIER)
            report(u, R(VALUE_RANGE), e, "'track_type' is 3 (Bezier): it has no known layout");
        else if (u->version == 0 && v == ANIMX_DISCRETE)
            report(u, R(VALUE_RANGE), e, "'track_type' is 1 (Discrete): version 0 has Raw and Curve tracks only");
        else
            u->track_type = (uint8_t)v, u->tt_ok = true;
        break;
    case M_VALUE_TYPE:
        if (e->kind == AK_JSON_STRING) {
            ak_value_type vt;
            u->tmp.len = 0;
            ak_json_string_decode(e, &u->tmp);
            if (!ak_value_type_from_name(ak_buf_cstr(&u->tmp), u->tmp.len, &vt)) {
                report(u, R(VALUE_TYPE), e, "'value_type' \"%.60s\" is not the name of an AnimX element type",
                       ak_buf_cstr(&u->tmp));
                break;
            }
            v = (uint64_t)vt;
        } else if (e->kind != AK_JSON_NUMBER) {
            report(u, R(MEMBER_TYPE), e, "'value_type' is an integer (or a type name), not %s", ak_json_kind_name(e->kind));
            break;
        } else if (get_int(e, false, 0, AK_VT_COUNT - 1, NULL, &v) != N_OK) {
            report(u, R(VALUE_TYPE), e, "'value_type' is %.*s: the 40 element types are 0..39", (int)e->text_len,
                   e->text);
            break;
        }
        u->value_type = (uint8_t)v;
        u->vt_ok = true;
        break;
    case M_NODE: string_member(u, e, "node", &u->node); break;
    case M_PROPERTY: string_member(u, e, "property", &u->property); break;
    case M_KEY_COUNT:
        remember(u, e, &u->key_count_at);
        if (int_member(u, e, "key_count", 0, INT32_MAX, "a count from 0 to 2^31-1", &v))
            u->key_count = (uint32_t)v;
        break;
    case M_INTERVAL: f32_member(u, e, "interval", false, &u->interval); break;
    case M_FLAGS:
        if (int_member(u, e, "flags", 0, 255, "a byte (0..255)", &v))
            u->flags = (uint8_t)v, u->flags_ok = true;
        break;
    case M_SHARED:
        if (int_member(u, e, "shared_interpolation", 0, 3, "0 (Hold), 1 (Linear), 2 (Tangent) or 3 (CubicBezier)", &v))
            ak_buf_putc(&u->interps, (char)v);
        break;
    case M_VALUES:
    case M_INTERPS:
    case M_KEYS:
    case M_TANGENTS:
        if (e->kind == AK_JSON_BEGIN_ARRAY) {
            u->tread |= track_bit(m);
            return m == M_VALUES ? C_VALUES : m == M_INTERPS ? C_INTERPS : m == M_KEYS ? C_KEYS : C_TANGENTS;
        }
        report(u, R(MEMBER_TYPE), e, "'%s' is an array, not %s", member_names[m], ak_json_kind_name(e->kind));
        break;
    case M_TIME: f32_member(u, e, "time", true, &u->time); break;
    case M_VALUE:
    case M_LEFT:
    case M_RIGHT: {
        slot s = m == M_VALUE ? S_KEY : m == M_LEFT ? S_LEFT : S_RIGHT;
        if (!begin_value(u, e, s) || !container)
            break;
        return C_VALUE;
    }
    default: break;
    }
    return -1;
}

/* The end of the current track object: everything given, counts agree, then
 * the track joins the payload. */
static void end_track(undump *u, const ak_json_event *e)
{
    static const int required[] = {M_TRACK_TYPE, M_VALUE_TYPE, M_NODE, M_PROPERTY, M_KEY_COUNT};
    for (size_t i = 0; i < sizeof required / sizeof required[0]; i++)
        if (!(u->tseen & track_bit(required[i])))
            report(u, R(MEMBER_MISSING), e, "member '%s' is missing", member_names[required[i]]);
    if (!u->tt_ok || !u->vt_ok)
        return;
    uint8_t tt = u->track_type;
    bool per_key = u->flags & ANIMX_FLAG_INTERPOLATIONS, tangents = u->flags & ANIMX_FLAG_TANGENTS;
    int need[4], nn = 0;
    if (tt == ANIMX_RAW) {
        need[nn++] = M_INTERVAL;
        need[nn++] = M_VALUES;
    } else if (tt == ANIMX_DISCRETE) {
        need[nn++] = M_KEYS;
    } else {
        need[nn++] = M_FLAGS;
        need[nn++] = M_KEYS;
        if (u->flags_ok) {
            need[nn++] = per_key ? M_INTERPS : M_SHARED;
            if (tangents)
                need[nn++] = M_TANGENTS;
        }
    }
    for (int i = 0; i < nn; i++)
        if (!(u->tseen & track_bit(need[i])))
            report(u, R(MEMBER_MISSING), e, "member '%s' is missing (%s track%s)", member_names[need[i]],
                   kind_word(tt),
                   need[i] == M_INTERPS ? " with flags bit 0" : need[i] == M_TANGENTS ? " with flags bit 1" : "");
    if (u->key_count_at.have && (u->tseen & track_bit(M_KEY_COUNT))) {
        struct {
            int m;
            size_t n;
        } arrays[] = {{M_VALUES, u->n_values}, {M_KEYS, u->n_keys}, {M_INTERPS, u->n_interps}, {M_TANGENTS, u->n_tangents}};
        for (size_t i = 0; i < 4; i++)
            if ((u->tread & track_bit(arrays[i].m)) && arrays[i].n != u->key_count)
                report_where(u, R(COUNT_MISMATCH), &u->key_count_at, "'key_count' is %u but '%s' has %zu element%s",
                             u->key_count, member_names[arrays[i].m], arrays[i].n, arrays[i].n == 1 ? "" : "s");
    }
    if (u->failed)
        return;
    /* the track, in file order (§3.4) */
    ak_buf *p = &u->payload;
    if (u->version == 0) {
        ak_buf_putc(p, (char)(uint8_t)(u->value_type << 1 | (tt == ANIMX_CURVE ? 1 : 0)));
    } else {
        ak_buf_putc(p, (char)tt);
        ak_buf_putc(p, (char)u->value_type);
    }
    animx_put_string(p, u->node.data, u->node.len);
    animx_put_string(p, u->property.data, u->property.len);
    animx_put_count(p, u->key_count);
    if (tt == ANIMX_RAW) {
        animx_put_f32(p, u->interval);
        ak_buf_append(p, u->values.data, u->values.len);
    } else {
        if (tt == ANIMX_CURVE) {
            ak_buf_putc(p, (char)u->flags);
            ak_buf_append(p, u->interps.data, u->interps.len);
        }
        ak_buf_append(p, u->keys.data, u->keys.len);
        if (tt == ANIMX_CURVE)
            ak_buf_append(p, u->tangents.data, u->tangents.len);
    }
}

static void begin_track(undump *u)
{
    u->tseen = u->tread = 0;
    u->tt_ok = u->vt_ok = u->flags_ok = false;
    u->track_type = u->value_type = u->flags = 0;
    u->interval = 0;
    u->n_values = u->n_interps = u->n_keys = u->n_tangents = 0;
    u->key_count = 0;
    u->key_count_at.have = false;
    u->node.len = u->property.len = u->values.len = u->interps.len = u->keys.len = u->tangents.len = 0;
}

static void end_key(undump *u, const ak_json_event *e, bool tangent)
{
    const char *a = tangent ? "left" : "time", *b = tangent ? "right" : "value";
    if (!(u->kseen & 1))
        report(u, R(MEMBER_MISSING), e, "member '%s' is missing", a);
    if (!(u->kseen & 2))
        report(u, R(MEMBER_MISSING), e, "member '%s' is missing", b);
    if (u->failed)
        return;
    if (tangent) {
        ak_buf_append(&u->tangents, u->left.data, u->left.len);
        ak_buf_append(&u->tangents, u->right.data, u->right.len);
        return;
    }
    /* Discrete keys are time first (§8.1); Curve keys as ANIMX_CURVE_TIME_FIRST says (§7 A1) */
    bool time_first = u->track_type == ANIMX_DISCRETE || ANIMX_CURVE_TIME_FIRST;
    if (time_first)
        animx_put_f32(&u->keys, u->time);
    ak_buf_append(&u->keys, u->keyval.data, u->keyval.len);
    if (!time_first)
        animx_put_f32(&u->keys, u->time);
}

static int on_event(void *user, ak_json_parser *p, const ak_json_event *e)
{
    undump *u = user;
    u->p = p;
    bool open = e->kind == AK_JSON_BEGIN_OBJECT || e->kind == AK_JSON_BEGIN_ARRAY;
    bool close = e->kind == AK_JSON_END_OBJECT || e->kind == AK_JSON_END_ARRAY;
    if (u->skip) {
        u->skip += open;
        u->skip -= close;
        return 0;
    }
    if (u->depth == 0) {
        if (e->kind != AK_JSON_BEGIN_OBJECT) {
            report(u, R(MEMBER_TYPE), e, "an AnimX dump is a JSON object, not %s", ak_json_kind_name(e->kind));
            return 1;
        }
        push(u, C_TOP);
        return 0;
    }
    ctx c = u->stack[u->depth - 1];
    if (e->kind == AK_JSON_KEY) {
        on_key(u, e, c);
        return u->stop;
    }
    if (close) {
        u->depth--;
        switch (c) {
        case C_TOP: {
            for (int m = M_VERSION; m <= M_TRACKS; m++)
                if (!(u->seen & (1u << m)))
                    report(u, R(MEMBER_MISSING), e, "member '%s' is missing", member_names[m]);
            break;
        }
        case C_TRACKS:
            if (u->track_count_at.have && (u->seen & (1u << M_TRACK_COUNT)) && u->tracks_given != u->track_count)
                report_where(u, R(COUNT_MISMATCH), &u->track_count_at, "'track_count' is %u but 'tracks' has %zu element%s",
                             u->track_count, u->tracks_given, u->tracks_given == 1 ? "" : "s");
            break;
        case C_TRACK: end_track(u, e); break;
        case C_KEY: end_key(u, e, false); break;
        case C_TANGENT: end_key(u, e, true); break;
        case C_VALUE: {
            unsigned want = ak_value_type_info_of((ak_value_type)u->value_type)->components;
            if (u->comps != want && !u->value_bad)
                report(u, R(VALUE_SHAPE), e, "a %s value has %u components, not %u", vt_name(u), want, u->comps);
            else
                emit_value(u);
            break;
        }
        default: break;
        }
        return u->stop;
    }
    /* a value: of a member (objects) or an element (arrays) */
    int next = -1;
    switch (c) {
    case C_TOP:
    case C_TRACK:
    case C_KEY:
    case C_TANGENT:
        if (u->member != M_NONE)
            next = member_value(u, e, u->member);
        u->member = M_NONE;
        break;
    case C_TRACKS:
        u->tracks_given++;
        if (e->kind == AK_JSON_BEGIN_OBJECT) {
            begin_track(u);
            next = C_TRACK;
        } else {
            report(u, R(MEMBER_TYPE), e, "a track is an object, not %s", ak_json_kind_name(e->kind));
        }
        break;
    case C_VALUES:
        u->n_values++;
        if (begin_value(u, e, S_RAW) && e->kind == AK_JSON_BEGIN_ARRAY)
            next = C_VALUE;
        break;
    case C_INTERPS: {
        u->n_interps++;
        uint64_t v;
        if (int_member(u, e, "interpolations", 0, 3, "0 (Hold), 1 (Linear), 2 (Tangent) or 3 (CubicBezier)", &v))
            ak_buf_putc(&u->interps, (char)v);
        break;
    }
    case C_KEYS:
    case C_TANGENTS:
        if (c == C_KEYS)
            u->n_keys++;
        else
            u->n_tangents++;
        if (e->kind == AK_JSON_BEGIN_OBJECT) {
            u->kseen = 0;
            u->keyval.len = u->left.len = u->right.len = 0;
            next = c == C_KEYS ? C_KEY : C_TANGENT;
        } else {
            report(u, R(MEMBER_TYPE), e, "%s is an object, not %s", c == C_KEYS ? "a key" : "a tangent pair",
                   ak_json_kind_name(e->kind));
        }
        break;
    case C_VALUE:
        if (open) {
            if (!u->value_bad)
                report(u, R(VALUE_SHAPE), e, "a %s component is a JSON scalar, not %s", vt_name(u), ak_json_kind_name(e->kind));
            u->value_bad = true;
            break;
        }
        if (u->comps < ak_value_type_info_of((ak_value_type)u->value_type)->components) {
            if (!component(u, e, u->comps))
                u->value_bad = true;
        }
        u->comps++;
        break;
    }
    if (open) {
        if (next < 0 || !push(u, (ctx)next))
            u->skip = 1;
    }
    return u->stop;
}

/* ---- the hook ------------------------------------------------------------------ */

/* The header (§3.4) and the payload, framed as `encoding` says. */
static bool assemble(undump *u, uint8_t encoding, ak_buf *file)
{
    static const uint8_t magic[6] = {0x05, 'A', 'n', 'i', 'm', 'X'};
    ak_buf_append(file, magic, sizeof magic);
    animx_put_le(file, (uint32_t)u->version, 4);
    animx_put_count(file, u->track_count);
    animx_put_f32(file, u->duration);
    animx_put_string(file, u->name.data, u->name.len);
    ak_buf_putc(file, (char)encoding);
    const uint8_t *payload = (const uint8_t *)u->payload.data;
    bool ok = true;
    if (encoding == 0)
        ak_buf_append(file, payload, u->payload.len);
    else if (encoding == 1)
        ok = ak_animx_lz4_encode(payload, u->payload.len, AK_ANIMX_LZ4_FAST, file);
    else
        ok = ak_animx_lzma_encode(payload, u->payload.len, file);
    return ok && !file->failed;
}

void animx_validate_with(const ak_input *in, const ak_options *opt, ak_diags *d);

bool animx_undump_json(const ak_input *json, const ak_options *opt, ak_diags *d, ak_buf *out)
{
    undump u;
    memset(&u, 0, sizeof u);
    u.member = M_NONE;
    u.version = 1; /* until `version` says otherwise (a bad one is reported, tracks are read as version 1) */
    ak_buf *bufs[] = {&u.name, &u.payload, &u.node, &u.property, &u.values, &u.interps, &u.keys,
                      &u.tangents, &u.keyval, &u.left, &u.right, &u.tmp};
    const size_t nbufs = sizeof bufs / sizeof bufs[0];
    for (size_t i = 0; i < nbufs; i++)
        ak_buf_init(bufs[i]);

    ak_json_config cfg;
    memset(&cfg, 0, sizeof cfg);
    cfg.handler = on_event;
    cfg.user = &u;
    cfg.max_depth = opt && opt->max_depth ? opt->max_depth : 0;
    cfg.allow_duplicates = true; /* reported as animx.undump.member-duplicate */
    ak_json_status st = ak_json_parse(json->data, json->size, &cfg, d);
    bool ok = st == AK_JSON_OK && !u.failed;
    for (size_t i = 0; ok && i < nbufs; i++)
        ok = !bufs[i]->failed;
    if (st == AK_JSON_OK && !u.failed && !ok)
        ak_report(d, R(RESULT_INVALID), 0, 0, "", "out of memory while building the file");

    ak_buf file;
    ak_buf_init(&file);
    if (ok) {
        int want = opt ? opt->compress : AK_COMPRESS_DEFAULT;
        uint8_t encoding = want == AK_COMPRESS_NONE ? 0 : want == AK_COMPRESS_LZ4 ? 1 : want == AK_COMPRESS_LZMA ? 2
                                                                                                    : u.encoding;
        ok = assemble(&u, encoding, &file);
        if (!ok)
            ak_report(d, R(RESULT_INVALID), 0, 0, "", "the payload could not be compressed (out of memory)");
    }
    if (ok) {
        /* A safety net: every error the reader could find is an undump error
           above; should one slip through, nothing is written. */
        ak_diag_options dopt = {false, 1};
        ak_diags *vd = ak_diags_new(&dopt);
        ak_input built = {json->name, (const uint8_t *)file.data, file.len, false};
        animx_validate_with(&built, opt, vd);
        for (size_t i = 0; vd && i < ak_diags_count(vd); i++) {
            const ak_diag *g = ak_diags_at(vd, i);
            if (g->severity != AK_SEV_ERROR)
                continue;
            ak_report(d, R(RESULT_INVALID), 0, 0, "", "%s: the built file has %s at %s (%s)",
                      R(RESULT_INVALID)->message, g->rule->code, g->path[0] ? g->path : "/", g->message);
            ok = false;
            break;
        }
        ak_diags_free(vd);
    }
    if (ok)
        ok = ak_buf_append(out, file.data, file.len) && !out->failed;
    ak_buf_free(&file);
    for (size_t i = 0; i < nbufs; i++)
        ak_buf_free(bufs[i]);
    return ok;
}
