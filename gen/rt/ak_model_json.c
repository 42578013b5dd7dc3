/* The JSON half of model sections (ak_model_json.h). */
#include "ak_model_json.h"

#include "budget.h"
#include "curve.h"
#include "diag.h"
#include "json_seek.h"
#include "json_sniff.h"
#include "keyed_hash.h"
#include "sink.h"
#include "value_syntax.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

/* ---- maps ----------------------------------------------------------------------- */

int ak_mj_map_index(const ak_mj_map *m, const char *s, size_t n, bool number)
{
    if (!number) {
        for (uint16_t i = 0; i < m->count; i++)
            if (strlen(m->names[i]) == n && memcmp(m->names[i], s, n) == 0)
                return i;
        for (uint16_t i = 0; i < m->count; i++)
            if (strlen(m->names[i]) == n && strncasecmp(m->names[i], s, n) == 0)
                return i;
    }
    /* an integer: the nth name */
    if (n == 0 || n > 5)
        return -1;
    unsigned v = 0;
    for (size_t i = 0; i < n; i++) {
        if (s[i] < '0' || s[i] > '9')
            return -1;
        v = v * 10 + (unsigned)(s[i] - '0');
    }
    return v < m->count ? (int)v : -1;
}

const char *ak_mj_map_name(const ak_mj_map *m, int w, bool *lost)
{
    *lost = false;
    for (uint16_t i = 0; i < m->count; i++)
        if (m->words[i] == w)
            return m->names[i];
    *lost = true;
    for (uint16_t i = 0; i < m->count; i++)
        if (m->words[i] == m->rest)
            return m->names[i];
    return m->count ? m->names[0] : "";
}

static int map_word(const ak_mj_map *m, int index) { return index >= 0 ? m->words[index] : m->rest; }

/* ---- values of a value type from events ----------------------------------------- */

static void value_defaults(ak_value_type vt, ak_value *v)
{
    memset(v, 0, sizeof *v);
    if (vt == AK_VT_COLOR)
        v->f[3] = 1.0f;
    else if (vt == AK_VT_COLOR32)
        v->u[3] = 255;
}

/* ---- a list of tracks: reading --------------------------------------------------- */

enum { F_OBJECT, F_TRACKS, F_KEYS, F_VALUES, F_VALUE };
enum { END_NONE, END_TRACK, END_KEY, END_SAMPLE };
#define MJ_DEPTH 32

typedef struct mj_frame {
    uint8_t kind, ends;
    int16_t state;  /* F_OBJECT: its members; F_TRACKS, F_KEYS: the elements' */
    int16_t member; /* F_OBJECT: the member whose value comes next (-1: none that means anything) */
    int8_t word;    /* F_KEYS: the interpolation of keys that do not say one */
    int comp;       /* F_VALUE: the component whose value comes next */
    ak_value *value;
} mj_frame;

struct mj_stream;

typedef struct mj_reader {
    const ak_mj_list *x;
    struct mj_stream *stream; /* a streamed dump's second reading: each track written once read, then forgotten */
    ak_model_builder b;
    mj_frame frames[MJ_DEPTH];
    size_t depth;
    size_t skip;       /* containers open inside one that means nothing */
    size_t track;      /* the track being read (index: the array may move) */
    bool in_track, have_type, have_kind;
    int arm;
    ak_key_stage stage;
    ak_key key;
    ak_buf text;
    /* a model of headers without the keys' counts and times
       (ak_diags_tracks_only): each keys or samples array passed whole */
    bool tracks_only;
} mj_reader;

static ak_track *cur(mj_reader *r) { return &r->b.anim->tracks[r->track]; }

/* A string event as a NUL-terminated copy in the model's arena. */
static const char *string_of(mj_reader *r, const ak_json_event *e)
{
    if (e->kind != AK_JSON_STRING)
        return NULL;
    if (ak_json_string_is_raw(e))
        return ak_mb_string(&r->b, e->text, e->text_len);
    r->text.len = 0;
    if (!ak_json_string_decode(e, &r->text)) {
        r->b.failed = true;
        return NULL;
    }
    return ak_mb_string(&r->b, r->text.data ? r->text.data : "", r->text.len);
}

static double number_of(const ak_json_event *e, bool f32)
{
    if (f32) {
        float v = 0;
        ak_json_number_f32(e, &v);
        return v;
    }
    double v = 0;
    ak_json_number_f64(e, &v);
    return v;
}

static void set_component(mj_reader *r, ak_value *v, int i, const ak_json_event *e)
{
    if (r->b.headers)
        return; /* no values (nor copies of string values) in a model of headers */
    ak_value_type vt = cur(r)->type;
    const ak_value_type_info *info = ak_value_type_info_of(vt);
    if (!info || i < 0 || i >= info->components)
        return;
    if (info->kind != AK_VK_BOOL && info->kind != AK_VK_STRING && e->kind != AK_JSON_NUMBER)
        return; /* not of the shape (a valid document's values are) */
    switch (info->kind) {
    case AK_VK_BOOL: v->b[i] = e->kind == AK_JSON_TRUE; break;
    case AK_VK_UINT: ak_parse_u64(e->text, e->text_len, &v->u[i]); break;
    case AK_VK_INT: ak_parse_i64(e->text, e->text_len, &v->i[i]); break;
    case AK_VK_F32: {
        float f = 0;
        ak_json_number_f32(e, &f);
        v->f[i] = f;
        break;
    }
    case AK_VK_F64: ak_json_number_f64(e, &v->d[i]); break;
    case AK_VK_STRING: {
        const char *s = string_of(r, e);
        v->s.ptr = s;
        v->s.len = s ? strlen(s) : 0;
        break;
    }
    }
}

static bool push(mj_reader *r, mj_frame f)
{
    if (r->depth == MJ_DEPTH) { /* deeper than any declared path: animgen refuses it */
        r->skip = 1;
        return false;
    }
    r->frames[r->depth++] = f;
    return true;
}

static void push_key(mj_reader *r)
{
    ak_track *t = cur(r);
    if (r->b.headers) { /* counted, its time taken into the track's range */
        double time = r->key.time;
        if (!t->key_count || time < t->earliest)
            t->earliest = time;
        if (!t->key_count || time > t->latest)
            t->latest = time;
        t->key_count++;
        return;
    }
    if (!ak_key_stage_push(&r->stage, t->type, t->kind, &r->key))
        r->b.failed = true;
}

/* A value of the track's type starts at e: a scalar is its first
   component, an object's members are its components. */
static void begin_value(mj_reader *r, ak_value *v, const ak_json_event *e, uint8_t ends)
{
    value_defaults(cur(r)->type, v);
    if (e->kind == AK_JSON_BEGIN_OBJECT) {
        push(r, (mj_frame){F_VALUE, ends, -1, -1, -1, -1, v});
        return;
    }
    if (e->kind == AK_JSON_BEGIN_ARRAY) {
        r->skip = 1;
        return;
    }
    set_component(r, v, 0, e);
    if (ends == END_SAMPLE)
        push_key(r);
}

/* The keys of the track in their stable time order (a valid file may have
   them out of order where its rule is a warning). */
static void order_keys(mj_reader *r, ak_track *t)
{
    size_t n = t->key_count;
    bool ordered = true;
    for (size_t i = 1; i < n && ordered && t->kind != AK_TRACK_RAW; i++)
        ordered = !(ak_key_time(t, i) < ak_key_time(t, i - 1));
    if (ordered)
        return;
    double *times = malloc(n * sizeof *times);
    ak_key *keys = malloc(n * sizeof *keys);
    size_t *order = NULL;
    if (times && keys) {
        for (size_t i = 0; i < n; i++)
            times[i] = ak_key_time(t, i);
        order = ak_mm_order(&r->b, times, n);
    }
    if (order) {
        for (size_t i = 0; i < n; i++)
            ak_key_get(t, order[i], &keys[i]);
        if (!ak_track_set_keys(t, r->b.arena, keys, n))
            r->b.failed = true;
    } else {
        r->b.failed = true;
    }
    free(times);
    free(keys);
    free(order);
}

static void stream_track(mj_reader *r);

static void end_track(mj_reader *r)
{
    ak_track *t = cur(r);
    if (r->b.headers)
        ; /* counted as they came */
    else if (!ak_key_stage_move(&r->stage, t, r->b.arena))
        r->b.failed = true;
    else
        order_keys(r, t);
    ak_target_of(r->x->names, r->x->name_count, t->node, t->property, t->type, AK_WHOLE, &t->target, r->b.arena);
    r->in_track = false;
    if (r->stream)
        stream_track(r);
}

static void pop(mj_reader *r)
{
    if (!r->depth)
        return;
    mj_frame f = r->frames[--r->depth];
    if (f.ends == END_TRACK)
        end_track(r);
    else if (f.ends == END_KEY || f.ends == END_SAMPLE)
        push_key(r);
}

/* The value of member m (NULL: one that means nothing) starts at e. */
static void member_value(mj_reader *r, const ak_mj_member *m, const ak_json_event *e)
{
    bool container = e->kind == AK_JSON_BEGIN_OBJECT || e->kind == AK_JSON_BEGIN_ARRAY;
    bool number = e->kind == AK_JSON_NUMBER, string = e->kind == AK_JSON_STRING;
    ak_animation *a = r->b.anim;
    const ak_mj_list *x = r->x;
    switch (m ? (ak_mj_act)m->act : AK_MJ_NONE) {
    case AK_MJ_OBJECT:
        if (e->kind == AK_JSON_BEGIN_OBJECT)
            push(r, (mj_frame){F_OBJECT, END_NONE, m->state, -1, -1, -1, NULL});
        else if (container)
            r->skip = 1;
        return;
    case AK_MJ_TRACKS:
        if (e->kind == AK_JSON_BEGIN_ARRAY)
            push(r, (mj_frame){F_TRACKS, END_NONE, m->state, -1, -1, -1, NULL});
        else if (container)
            r->skip = 1;
        return;
    case AK_MJ_KEYS:
        if (e->kind == AK_JSON_BEGIN_ARRAY && r->in_track)
            push(r, (mj_frame){F_KEYS, END_NONE, m->state, -1, m->word, -1, NULL});
        else if (container)
            r->skip = 1;
        return;
    case AK_MJ_VALUES:
        if (e->kind == AK_JSON_BEGIN_ARRAY && r->in_track)
            push(r, (mj_frame){F_VALUES, END_NONE, -1, -1, -1, -1, NULL});
        else if (container)
            r->skip = 1;
        return;
    case AK_MJ_BODY:
        /* the type and the kind come first (animgen checks the order) */
        if (e->kind == AK_JSON_BEGIN_OBJECT && r->have_type && r->have_kind && r->arm >= 0 && x->arms[r->arm] >= 0)
            push(r, (mj_frame){F_OBJECT, END_NONE, x->arms[r->arm], -1, -1, -1, NULL});
        else if (container)
            r->skip = 1;
        return;
    case AK_MJ_VALUE:
    case AK_MJ_IN:
    case AK_MJ_OUT: {
        ak_key *k = &r->key;
        ak_value *v = m->act == AK_MJ_VALUE ? &k->value : m->act == AK_MJ_IN ? &k->in_tangent : &k->out_tangent;
        if (m->act != AK_MJ_VALUE && !k->has_tangents) {
            /* the tangent not given is the zero value, not a value with
               missing components */
            memset(&k->in_tangent, 0, sizeof k->in_tangent);
            memset(&k->out_tangent, 0, sizeof k->out_tangent);
            k->has_tangents = true;
        }
        begin_value(r, v, e, END_NONE);
        return;
    }
    default:
        break;
    }
    if (container) {
        r->skip = 1;
        return;
    }
    if (!m)
        return;
    ak_track *t = r->in_track ? cur(r) : NULL;
    switch ((ak_mj_act)m->act) {
    case AK_MJ_NAME:
        a->name = string_of(r, e);
        break;
    case AK_MJ_START:
    case AK_MJ_END:
        if (number)
            *(m->act == AK_MJ_START ? &a->start : &a->end) = number_of(e, m->f32);
        break;
    case AK_MJ_NONE:
    case AK_MJ_KIND:
        if (t && (number || string)) {
            int i = ak_mj_map_index(&x->kinds, e->text, e->text_len, number);
            if (m->act == AK_MJ_KIND) {
                t->kind = (ak_track_kind)map_word(&x->kinds, i);
                r->have_kind = true;
            }
            if (m->tag)
                r->arm = i;
        }
        break;
    case AK_MJ_TYPE:
        if (t && string && ak_value_type_from_name(e->text, e->text_len, &t->type))
            r->have_type = true;
        break;
    case AK_MJ_NODE:
        if (t)
            t->node = string_of(r, e);
        break;
    case AK_MJ_PROPERTY:
        if (t)
            t->property = string_of(r, e);
        break;
    case AK_MJ_INTERVAL:
        if (t && number)
            t->interval = number_of(e, m->f32);
        break;
    case AK_MJ_TIME:
        if (number)
            r->key.time = number_of(e, m->f32);
        break;
    case AK_MJ_INTERP:
        if (number || string)
            r->key.interp = (ak_interp)map_word(&x->interps, ak_mj_map_index(&x->interps, e->text, e->text_len, number));
        break;
    default:
        break;
    }
}

static const ak_mj_member *member_named(const ak_mj_state *s, const ak_json_event *e)
{
    const bool raw = ak_json_string_is_raw(e);
    for (uint16_t i = 0; i < s->count; i++) {
        const char *name = s->members[i].name;
        /* a raw name's first byte before its length: most members differ
           there (a key's members, looked up for each key of a file) */
        if (raw && name[0] != (e->text_len ? e->text[0] : '\0'))
            continue;
        size_t n = strlen(name);
        if (raw ? e->text_len == n && memcmp(e->text, name, n) == 0 : ak_json_string_equals(e, name, n))
            return &s->members[i];
    }
    return NULL;
}

/* ---- a model of headers: keys taken whole -------------------------------------- */

/* A model of headers wants of a key its time only, so each element of a
   keys or samples array is taken whole, found by its brackets
   (ak_json_lane_any: the text was validated before it is read), and its
   time looked up in its span, with what its events would have done: a
   pass over the brackets instead of an event per number (`sample --list`
   of the bench's 100 MB AnimJ file 322 -> 175 ms, validation included;
   a conversion's reading of its output back likewise). A full reading
   takes its keys whole too, and reads all their members (below). */

/* Whether a member that acts so is one of a key's fields, all that a
   model of headers reads of a key without its events (key_time). */
static bool key_field(ak_mj_act act)
{
    return act == AK_MJ_TIME || act == AK_MJ_VALUE || act == AK_MJ_IN || act == AK_MJ_OUT || act == AK_MJ_INTERP;
}

/* Whether a key of state s is done with once its time is read: no member
   of s does more than a key's fields (key_time's refusal), and the rest of
   the key, [from, end), holds neither the quoted name of a time member (a
   later one wins) nor a backslash (an escaped name could be one). Then its
   other members need not be walked: a pretty-printed key is mostly its
   value and tangents, whose objects ak_json_value_end passed (a
   conversion of the bench's AnimX file into AnimJ: 4% of its
   instructions, in skip_nested). Where a name cannot be given twice
   (unique_names) the rest of the key holds no other time member,
   escaped or not: it is not searched (3% of that conversion's
   instructions). */
static bool key_done(const ak_mj_state *s, const uint8_t *from, const uint8_t *end, bool unique_names)
{
    size_t n = (size_t)(end - from);
    if (!unique_names && memchr(from, '\\', n))
        return false;
    for (uint16_t i = 0; i < s->count; i++) {
        const ak_mj_member *m = &s->members[i];
        if (!key_field((ak_mj_act)m->act))
            return false;
        if (m->act != AK_MJ_TIME || unique_names)
            continue;
        char quoted[64];
        size_t len = strlen(m->name);
        if (len + 2 > sizeof quoted)
            return false;
        quoted[0] = '"';
        memcpy(quoted + 1, m->name, len);
        quoted[len + 1] = '"';
        if (ak_json_find(from, n, quoted, len + 2))
            return false;
    }
    return true;
}

/* A container's value at e[*at - 1] passed (*at past its closing bracket). */
static bool pass_container(const uint8_t *e, size_t size, size_t *at)
{
    const uint8_t *after = ak_json_value_end(e + *at - 1, e + size);
    if (!after)
        return false;
    *at = (size_t)(after - e);
    return true;
}

/* The members of the key object [o, end) into r->key: its time member's
   number, the last one of that name, as member_value sets it, its members
   read with ak_json_next_member (as key_read's below). False (its events
   read it) where a member would do more than that key's fields in a model
   of headers (a nested object on a path, the track's kind). */
static bool key_time(mj_reader *r, const ak_mj_state *s, const uint8_t *o, const uint8_t *end)
{
    size_t size = (size_t)(end - o), at = 1;
    ak_json_event name, value;
    ak_json_member_status st;
    while ((st = ak_json_next_member(o, size, &at, &name, &value)) == AK_JSON_MEMBER) {
        const ak_mj_member *m = member_named(s, &name);
        ak_mj_act act = m ? (ak_mj_act)m->act : AK_MJ_NONE;
        if (m && !key_field(act))
            return false;
        if (act == AK_MJ_TIME && value.kind == AK_JSON_NUMBER) {
            r->key.time = number_of(&value, m->f32);
            if (key_done(s, o + at, end, r->x->unique_names))
                return true;
        }
        if ((value.kind == AK_JSON_BEGIN_OBJECT || value.kind == AK_JSON_BEGIN_ARRAY) && !pass_container(o, size, &at))
            return false;
    }
    return st == AK_JSON_MEMBERS_END;
}

/* ---- a full model: keys read by their members ------------------------------------ */

/* A full reading takes each element of a keys or samples array whole too
   (ak_json_lane_any), and reads it member by member in its span
   (ak_json_next_member), doing what the element's events would: the
   parser's tokens, its grammar and on_event's dispatch a token at a time
   were 60% of converting a 10 MB AnimJ file of the bench's generator into
   AnimX (callgrind: 822 -> 593 M instructions; a key's tokens fed to
   on_event from a tokenizer of its own had saved 5%). An element it
   cannot read so (a member that does more than a key's fields, text
   ak_json_next_member leaves unread) is declined: its events read it. */

/* A value of the track's type (value, from e[*at]) into *v, as begin_value
   and the events of an object's members set it: a scalar is its first
   component, an object's members are its components, an array is passed
   (the defaults). *at ends past it. */
static bool value_read(mj_reader *r, const uint8_t *e, size_t size, size_t *at, const ak_json_event *value,
                       ak_value *v)
{
    value_defaults(cur(r)->type, v);
    if (value->kind == AK_JSON_BEGIN_ARRAY)
        return pass_container(e, size, at);
    if (value->kind != AK_JSON_BEGIN_OBJECT) {
        set_component(r, v, 0, value);
        return true;
    }
    ak_json_event name, comp;
    ak_json_member_status st;
    while ((st = ak_json_next_member(e, size, at, &name, &comp)) == AK_JSON_MEMBER) {
        if (comp.kind == AK_JSON_BEGIN_OBJECT || comp.kind == AK_JSON_BEGIN_ARRAY) {
            if (!pass_container(e, size, at))
                return false;
            continue;
        }
        int i;
        if (ak_json_string_is_raw(&name)) {
            i = ak_value_component_index(cur(r)->type, name.text, name.text_len);
        } else {
            r->text.len = 0;
            i = ak_json_string_decode(&name, &r->text)
                    ? ak_value_component_index(cur(r)->type, r->text.data ? r->text.data : "", r->text.len)
                    : -1;
        }
        set_component(r, v, i, &comp);
    }
    return st == AK_JSON_MEMBERS_END;
}

/* The key object e[0..size) of state s into r->key (a key's members only:
   member_value's and begin_value's work), then pushed. */
static bool key_read(mj_reader *r, const ak_mj_state *s, int8_t word, const uint8_t *e, size_t size)
{
    ak_key *k = &r->key;
    memset(k, 0, sizeof *k);
    k->interp = (ak_interp)word;
    size_t at = 1;
    ak_json_event name, value;
    ak_json_member_status st;
    while ((st = ak_json_next_member(e, size, &at, &name, &value)) == AK_JSON_MEMBER) {
        const ak_mj_member *m = member_named(s, &name);
        ak_mj_act act = m ? (ak_mj_act)m->act : AK_MJ_NONE;
        if (m && !key_field(act))
            return false;
        bool number = value.kind == AK_JSON_NUMBER;
        switch (act) {
        case AK_MJ_TIME:
            if (number)
                k->time = number_of(&value, m->f32);
            break;
        case AK_MJ_INTERP:
            if (number || value.kind == AK_JSON_STRING)
                k->interp = (ak_interp)map_word(&r->x->interps,
                                                ak_mj_map_index(&r->x->interps, value.text, value.text_len, number));
            break;
        case AK_MJ_VALUE:
        case AK_MJ_IN:
        case AK_MJ_OUT:
            if (act != AK_MJ_VALUE && !k->has_tangents) { /* as member_value */
                memset(&k->in_tangent, 0, sizeof k->in_tangent);
                memset(&k->out_tangent, 0, sizeof k->out_tangent);
                k->has_tangents = true;
            }
            if (!value_read(r, e, size, &at,
                            &value, act == AK_MJ_VALUE ? &k->value : act == AK_MJ_IN ? &k->in_tangent : &k->out_tangent))
                return false;
            continue;
        default:
            break;
        }
        if ((value.kind == AK_JSON_BEGIN_OBJECT || value.kind == AK_JSON_BEGIN_ARRAY) && !pass_container(e, size, &at))
            return false;
    }
    if (st != AK_JSON_MEMBERS_END)
        return false;
    push_key(r);
    return true;
}

/* An element [e, end) of the keys or samples array top, for a full model. */
static bool element_read(mj_reader *r, const mj_frame *top, const uint8_t *e, const uint8_t *end)
{
    size_t size = (size_t)(end - e);
    if (r->depth + 2 > MJ_DEPTH)
        return false; /* (the frames its events would push: never so deep, animgen refuses it) */
    if (top->kind == F_KEYS) {
        if (*e != '{')
            return true; /* no key: its events change nothing either */
        return key_read(r, &r->x->states[top->state], top->word, e, size) && !r->b.failed;
    }
    /* a sample: a value of the track's type, one key (begin_value, END_SAMPLE) */
    ak_json_event value;
    ak_json_value_token(e, size, 0, &value);
    if (value.kind == AK_JSON__LANE)
        return false;
    memset(&r->key, 0, sizeof r->key);
    r->key.interp = AK_INTERP_LINEAR;
    size_t at = value.kind == AK_JSON_BEGIN_OBJECT || value.kind == AK_JSON_BEGIN_ARRAY ? value.offset + 1 : size;
    if (!value_read(r, e, size, &at, &value, &r->key.value))
        return false;
    if (value.kind != AK_JSON_BEGIN_ARRAY) /* an array is no sample (begin_value skips it) */
        push_key(r);
    return !r->b.failed;
}

/* lane_accept: an element of the keys or samples array the reader is in. */
static bool on_element(void *user, ak_json_parser *p, const uint8_t *const *caps, const uint8_t *end)
{
    (void)p;
    mj_reader *r = user;
    const mj_frame *top = r->depth ? &r->frames[r->depth - 1] : NULL;
    const uint8_t *e = caps[0];
    if (!top || r->skip || r->b.failed)
        return false;
    if (r->tracks_only) /* the array's elements, all of them (ak_json_lane_rest) */
        return top->kind == F_VALUES || top->kind == F_KEYS;
    if (!r->b.headers)
        return (top->kind == F_VALUES || top->kind == F_KEYS) && element_read(r, top, e, end);
    r->key.time = 0; /* all of the key a model of headers keeps (push_key) */
    if (top->kind == F_VALUES) { /* a value of the track's type (a sample): one key at time 0, as begin_value */
        if (*e != '[')
            push_key(r);
        return !r->b.failed;
    }
    if (top->kind != F_KEYS)
        return false;
    if (*e != '{')
        return true; /* no key: its events change nothing either */
    r->key.interp = (ak_interp)top->word;
    if (!key_time(r, &r->x->states[top->state], e, end))
        return false;
    push_key(r);
    return !r->b.failed;
}

static void stream_mark(mj_reader *r);

static int on_event(void *user, ak_json_parser *p, const ak_json_event *e)
{
    mj_reader *r = user;
    bool begin = e->kind == AK_JSON_BEGIN_OBJECT || e->kind == AK_JSON_BEGIN_ARRAY;
    if (r->skip) {
        if (begin)
            r->skip++;
        else if (e->kind == AK_JSON_END_OBJECT || e->kind == AK_JSON_END_ARRAY)
            r->skip--;
        return 0;
    }
    if (e->kind == AK_JSON_END_OBJECT || e->kind == AK_JSON_END_ARRAY) {
        pop(r);
        return r->b.failed;
    }
    mj_frame *top = r->depth ? &r->frames[r->depth - 1] : NULL;
    const ak_mj_list *x = r->x;
    if (e->kind == AK_JSON_KEY) {
        if (top && top->kind == F_OBJECT) {
            const ak_mj_member *m = member_named(&x->states[top->state], e);
            top->member = m ? (int16_t)(m - x->states[top->state].members) : -1;
        } else if (top && top->kind == F_VALUE) {
            if (ak_json_string_is_raw(e)) {
                top->comp = ak_value_component_index(cur(r)->type, e->text, e->text_len);
            } else {
                r->text.len = 0;
                top->comp = ak_json_string_decode(e, &r->text)
                                ? ak_value_component_index(cur(r)->type, r->text.data ? r->text.data : "", r->text.len)
                                : -1;
            }
        }
        return 0;
    }
    if (!top) { /* the document: the root object */
        if (e->kind == AK_JSON_BEGIN_OBJECT)
            push(r, (mj_frame){F_OBJECT, END_NONE, x->root, -1, -1, -1, NULL});
        else if (begin)
            r->skip = 1;
        return 0;
    }
    switch (top->kind) {
    case F_OBJECT: {
        int16_t mi = top->member;
        size_t depth = r->depth;
        top->member = -1;
        member_value(r, mi >= 0 ? &x->states[top->state].members[mi] : NULL, e);
        if (r->depth > depth && (r->frames[depth].kind == F_KEYS || r->frames[depth].kind == F_VALUES))
            ak_json_set_lane(p, r->tracks_only ? ak_json_lane_rest : ak_json_lane_any, 0);
        break;
    }
    case F_TRACKS:
        if (e->kind == AK_JSON_BEGIN_OBJECT && ak_mb_track(&r->b)) {
            if (r->stream)
                stream_mark(r);
            r->track = r->b.anim->track_count - 1;
            r->in_track = true;
            r->have_type = r->have_kind = false;
            r->arm = -1;
            push(r, (mj_frame){F_OBJECT, END_TRACK, top->state, -1, -1, -1, NULL});
        } else if (begin) {
            r->skip = 1;
        }
        break;
    case F_KEYS:
        if (e->kind == AK_JSON_BEGIN_OBJECT) {
            memset(&r->key, 0, sizeof r->key);
            r->key.interp = (ak_interp)top->word;
            push(r, (mj_frame){F_OBJECT, END_KEY, top->state, -1, -1, -1, NULL});
        } else if (begin) {
            r->skip = 1;
        }
        break;
    case F_VALUES:
        memset(&r->key, 0, sizeof r->key);
        r->key.interp = AK_INTERP_LINEAR;
        begin_value(r, &r->key.value, e, END_SAMPLE);
        break;
    case F_VALUE:
        if (begin)
            r->skip = 1;
        else
            set_component(r, top->value, top->comp, e);
        top->comp = -1;
        break;
    default:
        break;
    }
    return r->b.failed;
}

/* The document has no errors (what is read into the model relies on its
   shape). */
static bool validated(void (*validate)(const ak_input *, const ak_options *, ak_diags *), const ak_input *in,
                      const ak_options *opt, ak_diags *d)
{
    if (ak_diags_input_valid(d))
        return true; /* a conversion's output, validated just before */
    size_t before = ak_diags_errors(d);
    validate(in, opt, d);
    return ak_diags_errors(d) == before;
}

static mj_reader *reader_new(const ak_mj_list *x, ak_arena *arena, ak_diags *d, bool headers)
{
    mj_reader *r = calloc(1, sizeof *r);
    if (!r || !ak_mb_begin(&r->b, arena, d)) {
        free(r);
        return NULL;
    }
    r->x = x;
    r->b.headers = headers;
    r->tracks_only = headers && ak_diags_tracks_only(d);
    ak_buf_init(&r->text);
    ak_key_stage_init(&r->stage, arena->budget);
    return r;
}

/* One reading of the (validated) document into r's model; release: the
   input's pages go as they are read (r keeps nothing of the text). */
static bool reader_parse(mj_reader *r, const ak_input *in, const ak_options *opt, bool release)
{
    ak_json_config cfg;
    memset(&cfg, 0, sizeof cfg);
    cfg.handler = on_event;
    cfg.user = r;
    cfg.allow_duplicates = true; /* validated: duplicates were reported there */
    cfg.max_depth = opt && opt->max_depth ? opt->max_depth : 0;
    cfg.release_input = release && in->mapped;
    if (!(opt && opt->no_lanes))
        cfg.lane_accept = on_element;
    ak_json_status st = ak_json_parse(in->data, in->size, &cfg, NULL);
    return st == AK_JSON_OK && !r->b.failed;
}

static void reader_free(mj_reader *r)
{
    if (!r)
        return;
    ak_key_stage_free(&r->stage);
    ak_buf_free(&r->text);
    free(r);
}

static bool list_read(const ak_mj_list *x, const ak_input *in, const ak_options *opt, ak_diags *d, ak_arena *arena,
                      ak_animation **out, bool headers)
{
    *out = NULL;
    if (!validated(x->validate, in, opt, d))
        return false;
    mj_reader *r = reader_new(x, arena, d, headers);
    if (!r)
        return false;
    /* a model of headers holds nothing of the text: its pages may go */
    bool ok = reader_parse(r, in, opt, headers);
    ak_animation *anim = ok ? ak_mb_finish(&r->b) : NULL;
    reader_free(r);
    *out = anim;
    return anim != NULL;
}

bool ak_mj_list_read(const ak_mj_list *x, const ak_input *in, const ak_options *opt, ak_diags *d, ak_arena *arena,
                     ak_animation **out)
{
    return list_read(x, in, opt, d, arena, out, false);
}

bool ak_mj_list_read_headers(const ak_mj_list *x, const ak_input *in, const ak_options *opt, ak_diags *d,
                             ak_arena *arena, ak_animation **out)
{
    return list_read(x, in, opt, d, arena, out, true);
}

/* ---- a list of tracks: writing ---------------------------------------------------- */

typedef struct mj_writer {
    ak_model_writer w;
    const ak_mj_list *x;
    ak_json_writer jw;
    const ak_track *t; /* the track being written */
    int arm;
    ak_key *keys;      /* its keys as the body holds them */
    size_t n, k;
    struct mj_stream *stream; /* a streamed dump: the text goes on as it fills (stream_flush) */
} mj_writer;

static bool stream_flush(struct mj_stream *s, bool all);

static void put_number(mj_writer *r, double v, bool f32)
{
    if (!isfinite(v) && !r->w.failed)
        ak_mm_refuse(&r->w, r->t, "a number is NaN or infinite (JSON has no such number)");
    if (f32)
        ak_json_f32(&r->jw, (float)v);
    else
        ak_json_f64(&r->jw, v);
}

static bool value_finite(ak_value_type vt, const ak_value *v)
{
    const ak_value_type_info *info = ak_value_type_info_of(vt);
    for (int i = 0; i < info->components; i++)
        if ((info->kind == AK_VK_F32 && !isfinite(v->f[i])) || (info->kind == AK_VK_F64 && !isfinite(v->d[i])))
            return false;
    return true;
}

static void put_value(mj_writer *r, const ak_value *v)
{
    ak_value_type vt = r->t->type;
    const ak_value_type_info *info = ak_value_type_info_of(vt);
    ak_json_writer *w = &r->jw;
    if (!value_finite(vt, v) && !r->w.failed)
        ak_mm_refuse(&r->w, r->t, "a value is NaN or infinite (JSON has no such number)");
    if (info->components > 1 && info->components <= 16 && (info->kind == AK_VK_F32 || info->kind == AK_VK_F64)) {
        /* a vector, a quaternion, a color, a matrix: one call */
        char name[16][4];
        const char *names[16];
        size_t lens[16];
        double values[16];
        for (int i = 0; i < info->components; i++) {
            lens[i] = ak_value_component_name(vt, (unsigned)i, name[i]);
            names[i] = name[i];
            values[i] = info->kind == AK_VK_F32 ? (double)v->f[i] : v->d[i];
        }
        ak_json_number_members(w, names, lens, values, (size_t)info->components, info->kind == AK_VK_F32);
        return;
    }
    if (info->components > 1)
        ak_json_begin_object(w);
    for (int i = 0; i < info->components; i++) {
        if (info->components > 1) {
            char name[4];
            size_t n = ak_value_component_name(vt, (unsigned)i, name);
            ak_json_key_plain(w, name, n); /* m00, x, r: no escapes */
        }
        switch (info->kind) {
        case AK_VK_BOOL: ak_json_bool(w, v->b[i]); break;
        case AK_VK_UINT: ak_json_u64(w, v->u[i]); break;
        case AK_VK_INT: ak_json_i64(w, v->i[i]); break;
        case AK_VK_F32: ak_json_f32(w, v->f[i]); break;
        case AK_VK_F64: ak_json_f64(w, v->d[i]); break;
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

static bool with_tangents(ak_interp i) { return i == AK_INTERP_TANGENT || i == AK_INTERP_CUBIC_BEZIER; }

/* Keys before the earliest time the file holds are left out; the last of
   them becomes a key there with the track's value at that time (a segment
   with tangents that crosses it Linear). */
static size_t clip_before(mj_writer *r, ak_key *keys, size_t n, double from)
{
    size_t first = 0;
    while (first < n && keys[first].time < from)
        first++;
    if (first == 0)
        return n;
    size_t keep = first;
    if (first < n && keys[first].time > from) {
        ak_key *k = &keys[--keep];
        ak_value there;
        if (!ak_track_eval(r->t, from, &there)) {
            r->w.failed = true;
            return 0;
        }
        k->time = from;
        k->value = there;
        if (with_tangents(k->interp))
            k->interp = AK_INTERP_LINEAR;
    }
    ak_mm_loss(&r->w, from == 0 ? "keys before time 0 left out (the file's times are >= 0; a key at 0 holds the "
                                      "value there)"
                                    : "keys before the file's earliest time left out (a key there holds the value "
                                      "there)",
                   r->t, first);
    memmove(keys, keys + keep, (n - keep) * sizeof *keys);
    return n - keep;
}

/* The interpolations the keys of a KEYS member's state can say. */
static unsigned keys_can(const ak_mj_list *x, const ak_mj_member *m)
{
    const ak_mj_state *s = &x->states[m->state];
    for (uint16_t i = 0; i < s->count; i++)
        if (s->members[i].act == AK_MJ_INTERP) {
            unsigned can = 0;
            for (uint16_t k = 0; k < x->interps.count; k++)
                can |= 1u << x->interps.words[k];
            return can;
        }
    return 1u << m->word;
}

static void write_state(mj_writer *r, int16_t state);

/* The property in this format's words: the track's own name where it means
   its target here too (an AnimJ file keeps its "position" as it is), else
   the target's native name (ak_mm_native). */
static const char *property_of(mj_writer *r)
{
    const ak_track *t = r->t;
    const ak_target *want = ak_mm_target(&r->w, t);
    if (t->property) {
        ak_target own;
        ak_target_of(r->x->names, r->x->name_count, want->path, t->property, t->type, AK_WHOLE, &own, &r->w.arena);
        if (ak_target_equal(&own, want))
            return t->property;
    }
    return ak_mm_native(&r->w, r->x->names, r->x->name_count, t);
}

static void write_track(mj_writer *r, const ak_mj_member *m, size_t i)
{
    const ak_track *t = &r->w.anim->tracks[i];
    const ak_mj_list *x = r->x;
    r->w.index.taken[i] = true;
    if ((unsigned)t->type >= AK_VT_COUNT) {
        ak_mm_refuse(&r->w, t, "an unknown value type");
        return;
    }
    if (x->excepts >> t->type & 1) {
        ak_mm_loss(&r->w, "tracks whose value type the file cannot hold, left out", t, 0);
        return;
    }
    bool lost;
    ak_mj_map_name(&x->kinds, t->kind, &lost);
    int arm = -1;
    for (uint16_t k = 0; k < x->kinds.count && arm < 0; k++)
        if (x->kinds.words[k] == (int)t->kind)
            arm = k;
    if (lost || arm < 0 || x->arms[arm] < 0) {
        ak_mm_refuse(&r->w, t, "a kind of track the file cannot hold");
        return;
    }
    r->t = t;
    r->arm = arm;
    if (t->pre != AK_INF_CONSTANT || t->post != AK_INF_CONSTANT)
        ak_mm_loss(&r->w, "infinity modes other than constant left out (the file has none)", t, 0);
    ak_json_begin_object(&r->jw);
    write_state(r, m->state);
    ak_json_end_object(&r->jw);
}

static void write_keys(mj_writer *r, const ak_mj_member *m)
{
    const ak_mj_state *ks = &r->x->states[m->state];
    bool f32 = false;
    for (uint16_t i = 0; i < ks->count; i++)
        f32 |= ks->members[i].act == AK_MJ_TIME && ks->members[i].f32;
    if (!ak_mm_keys(&r->w, r->t, AK_WHOLE, keys_can(r->x, m), &r->keys, &r->n))
        return;
    if (r->x->has_time_min)
        r->n = clip_before(r, r->keys, r->n, r->x->time_min);
    ak_json_begin_array(&r->jw);
    for (r->k = 0; r->k < r->n && !r->w.failed; r->k++) {
        if (!ak_mm_time_ok(&r->w, r->t, r->keys[r->k].time, f32))
            break;
        ak_json_begin_object(&r->jw);
        write_state(r, m->state);
        ak_json_end_object(&r->jw);
        if (r->stream && !stream_flush(r->stream, false))
            r->w.failed = true;
    }
    ak_json_end_array(&r->jw);
    ak_mm_keys_free(&r->w, r->keys);
    r->keys = NULL;
}

static void member_name(ak_json_writer *w, const ak_mj_member *m)
{
    if (m->plain_len)
        ak_json_key_plain(w, m->name, m->plain_len);
    else
        ak_json_keyz(w, m->name);
}

static void write_member(mj_writer *r, const ak_mj_member *m)
{
    const ak_mj_list *x = r->x;
    const ak_animation *a = r->w.anim;
    const ak_key *k = r->keys && r->k < r->n ? &r->keys[r->k] : NULL;
    bool lost;
    ak_json_writer *w = &r->jw;
    if (m->act == AK_MJ_IN || m->act == AK_MJ_OUT) {
        /* both tangents on a key whose segment has them, and the in
           tangent on the key after one (that segment's second control point) */
        bool needs = k && with_tangents(k->interp), after = k && r->k > 0 && with_tangents(r->keys[r->k - 1].interp);
        if (!(needs || (m->act == AK_MJ_IN && after)))
            return;
        ak_value zero;
        memset(&zero, 0, sizeof zero);
        member_name(w, m);
        put_value(r, k->has_tangents ? (m->act == AK_MJ_IN ? &k->in_tangent : &k->out_tangent) : &zero);
        return;
    }
    member_name(w, m);
    switch ((ak_mj_act)m->act) {
    case AK_MJ_OBJECT:
        ak_json_begin_object(w);
        write_state(r, m->state);
        ak_json_end_object(w);
        break;
    case AK_MJ_NAME: ak_json_stringz(w, a->name ? a->name : ""); break;
    case AK_MJ_START: put_number(r, a->start, m->f32); break;
    case AK_MJ_END: put_number(r, ak_mm_end(&r->w), m->f32); break;
    case AK_MJ_TRACKS:
        ak_json_begin_array(w);
        for (size_t i = 0; i < a->track_count && !r->w.failed; i++)
            write_track(r, m, i);
        r->t = NULL;
        ak_json_end_array(w);
        break;
    case AK_MJ_NONE:
    case AK_MJ_KIND: ak_json_stringz(w, x->kinds.names[r->arm]); break;
    case AK_MJ_TYPE: ak_json_stringz(w, ak_value_type_info_of(r->t->type)->name); break;
    case AK_MJ_BODY:
        ak_json_begin_object(w);
        write_state(r, x->arms[r->arm]);
        ak_json_end_object(w);
        break;
    case AK_MJ_NODE: ak_json_stringz(w, ak_mm_target(&r->w, r->t)->path ? ak_mm_target(&r->w, r->t)->path : ""); break;
    case AK_MJ_PROPERTY: ak_json_stringz(w, property_of(r)); break;
    case AK_MJ_INTERVAL:
        put_number(r, r->t->interval, m->f32);
        if ((m->f32 && (double)(float)r->t->interval != r->t->interval) || r->t->start != 0)
            ak_mm_loss(&r->w, "Raw intervals rounded, or start times other than 0 left out", r->t, 0);
        break;
    case AK_MJ_VALUES:
        ak_json_begin_array(w);
        for (size_t i = 0; i < r->t->key_count && !r->w.failed; i++) {
            ak_value v;
            ak_key_value(r->t, i, &v);
            put_value(r, &v);
            /* a Raw track's samples go on as its keys do (write_keys) */
            if (r->stream && !stream_flush(r->stream, false))
                r->w.failed = true;
        }
        ak_json_end_array(w);
        break;
    case AK_MJ_KEYS: write_keys(r, m); break;
    case AK_MJ_TIME: put_number(r, k->time, m->f32); break;
    case AK_MJ_VALUE: put_value(r, &k->value); break;
    case AK_MJ_INTERP: ak_json_stringz(w, ak_mj_map_name(&x->interps, k->interp, &lost)); break;
    default: ak_json_null(w); break;
    }
}

static void write_state(mj_writer *r, int16_t state)
{
    const ak_mj_state *s = &r->x->states[state];
    for (uint16_t i = 0; i < s->count && !r->w.failed; i++)
        write_member(r, &s->members[i]);
}

static mj_writer *writer_new(const ak_mj_list *x, const ak_animation *anim, const ak_options *opt, ak_diags *d,
                             ak_buf *out)
{
    mj_writer *r = calloc(1, sizeof *r);
    if (!r)
        return NULL;
    char what[64];
    snprintf(what, sizeof what, "the %s document", x->id);
    if (!ak_mm_writer_init(&r->w, anim, opt, d, x->loss, x->refused, what)) {
        ak_mm_writer_free(&r->w);
        free(r);
        return NULL;
    }
    r->x = x;
    ak_json_writer_options wo = {x->indent, false, true};
    ak_json_writer_init(&r->jw, out, &wo);
    r->jw.number_style = x->numbers;
    return r;
}

/* The document ended: its losses reported, the writer freed. */
static bool writer_end(mj_writer *r, ak_buf *out)
{
    bool written = ak_json_writer_finish(&r->jw);
    bool ok = ak_mm_writer_finish(&r->w) && written && !out->failed;
    ak_mm_writer_free(&r->w);
    free(r);
    return ok;
}

bool ak_mj_list_write(const ak_mj_list *x, const ak_animation *anim, const ak_options *opt, ak_diags *d,
                      ak_buf *out)
{
    size_t start = out->len;
    mj_writer *r = writer_new(x, anim, opt, d, out);
    if (!r)
        return false;
    ak_json_begin_object(&r->jw);
    write_state(r, x->root);
    ak_json_end_object(&r->jw);
    bool ok = writer_end(r, out);
    if (!ok)
        out->len = start; /* nothing half-written */
    return ok;
}

bool ak_mj_list_rewrite(const ak_mj_list *x, const ak_input *in, const ak_options *opt, ak_diags *d, ak_buf *out)
{
    ak_arena arena;
    ak_arena_init_budget(&arena, 1 << 16, ak_budget_of(d, opt), "the common model");
    ak_animation *anim = NULL;
    bool ok = ak_mj_list_read(x, in, opt, d, &arena, &anim) && ak_mj_list_write(x, anim, opt, d, out);
    ak_arena_free(&arena);
    return ok;
}

/* ---- a list of tracks: the canonical file streamed --------------------------------- */

typedef struct mj_stream {
    mj_writer *w;
    ak_animation *heads;         /* the first reading's model of headers: what the writer indexes */
    const ak_mj_member *tracks;  /* the root's member that holds the tracks */
    size_t next;                 /* the header of the track read next */
    ak_sink *sink;
    ak_buf *text;
    ak_arena_mark mark;          /* the model's arena before the first track's own allocations */
    bool marked;
} mj_stream;

/* What the writer holds goes on once it is a full chunk; a sink that
   refused a piece stops the dump at once. */
static bool stream_flush(struct mj_stream *s, bool all)
{
    return !s->sink->failed && ak_sink_drain(s->sink, s->text, all);
}

/* The first track's slot in the model is made: what comes after it in the
   arena (its strings, its keys) is each track's own. */
static void stream_mark(mj_reader *r)
{
    if (!r->stream->marked) {
        r->stream->mark = ak_arena_mark_now(r->b.arena);
        r->stream->marked = true;
    }
}

/* A track read whole, with its keys: written as its header's track (the
   writer's model is the headers'), then forgotten, its slot used again. */
static void stream_track(mj_reader *r)
{
    mj_stream *s = r->stream;
    ak_track *read = cur(r);
    if (r->b.failed || s->next >= s->heads->track_count) {
        r->b.failed = true; /* the two readings disagree: they cannot, over one validated text */
        return;
    }
    ak_track *head = &s->heads->tracks[s->next];
    struct ak_key_store *store = head->store;
    size_t count = head->key_count;
    head->store = read->store;
    head->key_count = read->key_count;
    write_track(s->w, s->tracks, s->next++);
    s->w->t = NULL;
    head->store = store;
    head->key_count = count;
    r->b.anim->track_count = 0;
    ak_arena_rewind(r->b.arena, s->mark);
    if (s->w->w.failed || !stream_flush(s, false))
        r->b.failed = true;
}

bool ak_mj_list_dump_to(const ak_mj_list *x, const ak_input *in, const ak_options *opt, ak_diags *d, ak_sink *sink)
{
    const ak_mj_state *root = &x->states[x->root];
    const ak_mj_member *tracks = NULL;
    for (uint16_t i = 0; i < root->count && !tracks; i++)
        if (root->members[i].act == AK_MJ_TRACKS)
            tracks = &root->members[i];
    ak_buf text;
    ak_buf_init(&text);
    ak_buf_attach(&text, ak_budget_of(d, opt));
    if (!tracks) { /* tracks deeper in the document (animgen allows it): written whole */
        bool ok = ak_mj_list_rewrite(x, in, opt, d, &text) && ak_sink_write(sink, text.data, text.len);
        ak_buf_detach(&text);
        ak_buf_free(&text);
        return ok;
    }
    ak_arena heads_arena, keys_arena;
    ak_arena_init_budget(&heads_arena, 1 << 16, ak_budget_of(d, opt), "the tracks' headers");
    ak_arena_init_budget(&keys_arena, 1 << 16, ak_budget_of(d, opt), "the track being dumped");
    ak_animation *heads = NULL;
    /* the first reading validates the file and keeps what the document's
       members before the tracks need (the end: each track's last key) */
    bool ok = list_read(x, in, opt, d, &heads_arena, &heads, true) && ak_buf_reserve(&text, AK_SINK_CHUNK + 256);
    mj_stream s = {.heads = heads, .tracks = tracks, .sink = sink, .text = &text};
    s.w = ok ? writer_new(x, heads, opt, d, &text) : NULL;
    mj_reader *r = s.w ? reader_new(x, &keys_arena, d, false) : NULL;
    ok = r != NULL;
    if (ok) {
        r->stream = &s;
        s.w->stream = &s;
        ak_json_writer *jw = &s.w->jw;
        ak_json_begin_object(jw);
        const ak_mj_member *m = root->members, *end = root->members + root->count;
        for (; m < tracks && !s.w->w.failed; m++)
            write_member(s.w, m);
        ak_json_keyz(jw, tracks->name);
        ak_json_begin_array(jw);
        ok = !s.w->w.failed && stream_flush(&s, false) && reader_parse(r, in, opt, true) &&
             s.next == heads->track_count;
        ak_json_end_array(jw);
        for (m = tracks + 1; m < end && ok && !s.w->w.failed; m++)
            write_member(s.w, m);
        ak_json_end_object(jw);
    }
    reader_free(r);
    if (s.w)
        ok = writer_end(s.w, &text) && ok && stream_flush(&s, true);
    ak_buf_detach(&text);
    ak_buf_free(&text);
    ak_arena_free(&keys_arena);
    ak_arena_free(&heads_arena);
    return ok;
}

bool ak_mj_list_write_to(const ak_mj_list *x, const ak_animation *anim, const ak_options *opt, ak_diags *d,
                         ak_sink *sink)
{
    ak_buf text;
    ak_buf_init(&text);
    ak_buf_attach(&text, ak_budget_of(d, opt));
    mj_stream s = {.sink = sink, .text = &text};
    mj_writer *r = ak_buf_reserve(&text, AK_SINK_CHUNK + 256) ? writer_new(x, anim, opt, d, &text) : NULL;
    bool ok = r != NULL;
    if (ok) {
        r->stream = &s; /* the text goes on after each key */
        ak_json_begin_object(&r->jw);
        write_state(r, x->root);
        ak_json_end_object(&r->jw);
        ok = writer_end(r, &text) && stream_flush(&s, true);
    }
    ak_buf_detach(&text);
    ak_buf_free(&text);
    return ok;
}

/* ---- object paths ---------------------------------------------------------------- */

/* Object paths (not copied) with a number each, hashed under a key of their
   own (no input makes it slow): the paths a reader gave (the number: the
   next suffix to try after it), the elements a writer made. */
typedef struct mj_entry {
    const char *path;
    size_t value;
} mj_entry;
typedef struct mj_paths {
    ak_hash_key key;
    mj_entry *slots;
    size_t n, cap;
} mj_paths;

static mj_entry *paths_slot(const mj_paths *s, const char *p)
{
    size_t mask = s->cap - 1, i = (size_t)ak_hash_bytes(&s->key, p, strlen(p)) & mask;
    while (s->slots[i].path && strcmp(s->slots[i].path, p))
        i = (i + 1) & mask;
    return &s->slots[i];
}

static mj_entry *paths_get(const mj_paths *s, const char *p)
{
    mj_entry *e = s->cap ? paths_slot(s, p) : NULL;
    return e && e->path ? e : NULL;
}

/* The entry of p, made (0) when absent; NULL when memory runs out. */
static mj_entry *paths_put(mj_paths *s, const char *p)
{
    if ((s->n + 1) * 2 > s->cap) {
        mj_paths g = {s->key, NULL, s->n, s->cap ? s->cap * 2 : 64};
        if (!s->cap)
            ak_hash_key_draw(&g.key);
        if (!(g.slots = calloc(g.cap, sizeof *g.slots)))
            return NULL;
        for (size_t i = 0; i < s->cap; i++)
            if (s->slots[i].path)
                *paths_slot(&g, s->slots[i].path) = s->slots[i];
        free(s->slots);
        *s = g;
    }
    mj_entry *e = paths_slot(s, p);
    if (!e->path)
        *e = (mj_entry){p, 0}, s->n++;
    return e;
}

/* The path a reader gives an object named `own` in `parent` (NULL: at the
   top): parent/own, or when an object before it has that path,
   parent/own#2 (#3 ...), so that two objects of one name in one place are
   two targets (docs/model.md). take: the path is given (else only asked).
   NULL when memory runs out. */
static const char *distinct_path(mj_paths *s, ak_arena *arena, const char *parent, const char *own, bool take)
{
    size_t n = (parent ? strlen(parent) + 1 : 0) + strlen(own) + 1;
    char *p = ak_arena_alloc(arena, n, 1), *again;
    if (!p)
        return NULL;
    snprintf(p, n, "%s%s%s", parent ? parent : "", parent ? "/" : "", own);
    mj_entry *base = paths_get(s, p);
    if (!base)
        return !take || paths_put(s, p) ? p : NULL;
    if (!(again = ak_arena_alloc(arena, n + 24, 1)))
        return NULL;
    size_t k = base->value ? base->value : 2; /* where the last one of this name ended */
    do
        snprintf(again, n + 24, "%s#%zu", p, k++);
    while (paths_get(s, again));
    if (take)
        base->value = k;
    return !take || paths_put(s, again) ? again : NULL;
}

/* ---- animated properties in a tree: reading ---------------------------------------- */

/* Where the walk is: the path of the nodes around, the member of the
   property group it is in ("transform"), the divisor of times. */
typedef struct mjt_place {
    const char *node, *prefix;
    double fps;
} mjt_place;

typedef struct mjt_reader {
    const ak_mj_tree *x;
    const ak_input *in; /* the text of the document's unread arrays */
    ak_model_builder b;
    mjt_place *places;
    size_t place_count, place_cap;
    const ak_jnode *main;
    mj_paths paths;  /* the paths given so far */
    size_t lost;     /* instances of x->lost with keys */
    ak_buf lost_at;  /* the first of them */
} mjt_reader;

/* The components of value v of a track object's key; false when it has
   none of its shape. */
static bool components_of(const ak_mj_track *tr, const ak_jnode *v, double out[4])
{
    if (!v)
        return false;
    switch ((ak_mj_shape)tr->shape) {
    case AK_MJV_NUMBER:
        out[0] = v->kind == AK_JNUM ? v->num : 0;
        return v->kind == AK_JNUM;
    case AK_MJV_MEMBERS:
        for (uint8_t c = 0; c < tr->count; c++) {
            const ak_jnode *m = ak_jnode_get(v, tr->components[c]);
            if (!m || m->kind != AK_JNUM)
                return false;
            out[c] = m->num;
        }
        return true;
    case AK_MJV_COLOR: {
        uint8_t rgba[4];
        if (v->kind != AK_JSTR || !ak_color_parse((const uint8_t *)v->str, v->len, rgba))
            return false;
        for (int c = 0; c < 4; c++)
            out[c] = rgba[c] / 255.0;
        return true;
    }
    }
    return false;
}

static const char *const color_names[4] = {"r", "g", "b", "a"};

/* The tracks of one instance of a track object: one per component. */
static void read_property(mjt_reader *r, const ak_mj_track *tr, const ak_jnode *o, const char *node,
                          const char *property, double fps)
{
    const ak_jnode *kfs = ak_jnode_get(o, tr->keys);
    if (!kfs || kfs->kind != AK_JARR || !kfs->count)
        return;
    size_t n = kfs->count, size = tr->hook ? tr->hook->size : 1;
    double *times = malloc(n * sizeof *times), (*values)[4] = malloc(n * sizeof *values);
    char *keys = malloc(n * size);
    size_t *order = NULL;
    bool ok = times && values && keys;
    for (size_t i = 0; ok && i < n; i++) {
        const ak_jnode *kf = kfs->items[i].v;
        times[i] = ak_jnode_number(kf, tr->time, 0) / fps;
        memset(values[i], 0, sizeof values[i]);
        components_of(tr, ak_jnode_get(kf, tr->value), values[i]);
    }
    ok = ok && (order = ak_mm_order(&r->b, times, n)) != NULL;
    for (uint8_t c = 0; ok && c < tr->count; c++) {
        if (tr->hook && !r->b.headers)
            for (size_t j = 0; j < n; j++)
                tr->hook->fill(kfs->items[order[j]].v, times[order[j]], values[order[j]][c], keys + j * size);
        ak_track *t = ak_mb_track(&r->b);
        if (!t)
            break;
        char name[256];
        const char *comp = tr->shape == AK_MJV_MEMBERS ? tr->components[c]
                           : tr->shape == AK_MJV_COLOR ? color_names[c]
                                                       : NULL;
        snprintf(name, sizeof name, comp ? "%s.%s" : "%s", property, comp);
        t->node = node;
        t->property = ak_mb_string(&r->b, name, strlen(name));
        t->type = tr->type;
        t->kind = tr->kind;
        ak_target_of(r->x->names, r->x->name_count, node, t->property, t->type, AK_WHOLE, &t->target, r->b.arena);
        if (!ak_mb_keys(&r->b, t, n, tr->hook ? tr->hook->parts : 0)) {
            r->b.failed = true;
            break;
        }
        for (size_t j = 0; j < n; j++) {
            if (r->b.headers) { /* their times make the track's range */
                ak_key_set_time(t, j, times[order[j]]);
                continue;
            }
            ak_key key;
            memset(&key, 0, sizeof key);
            key.time = times[order[j]];
            if (tr->hook) {
                tr->hook->read(keys, n, j, &key);
            } else {
                key.value.d[0] = values[order[j]][c];
                key.interp = (ak_interp)tr->interp;
            }
            ak_key_set(t, j, &key);
        }
    }
    if (!ok)
        r->b.failed = true;
    free(times);
    free(values);
    free(keys);
    free(order);
}

static const ak_mj_track *track_object(const ak_mj_tree *x, const ak_jobject *o)
{
    for (uint16_t i = 0; o && i < x->track_count; i++)
        if (&x->schema->objects[x->tracks[i].object] == o)
            return &x->tracks[i];
    return NULL;
}

static unsigned visit(ak_jtree *t, ak_jnode *v, const char *key, const ak_jtyped *at, unsigned up, void *arg)
{
    mjt_reader *r = arg;
    const ak_mj_tree *x = r->x;
    if (r->b.failed || !at->object)
        return up;
    mjt_place p = r->places[up];
    for (uint16_t i = 0; i < x->lost_count && x->track_count; i++) {
        const ak_jnode *kfs = ak_jnode_get(v, x->tracks[0].keys);
        if (at->object == &x->schema->objects[x->lost[i]] && kfs && ak_jnode_has_items(kfs) &&
            r->lost++ < 3)
            ak_buf_printf(&r->lost_at, "%s%s%s%s", r->lost > 1 ? ", " : "", p.node ? p.node : "", p.node ? "/" : "",
                          key ? key : "");
    }
    const ak_mj_track *tr = track_object(x, at->object);
    if (tr) {
        ak_jnode *kfs = ak_jnode_get(v, tr->keys);
        if (kfs && ak_jnode_unread(kfs)) { /* its keys read whole, in its place: the walk goes on through them */
            if (!(kfs = ak_jtree_read_unread(t, kfs, r->in)))
                return r->b.failed = true, up;
            ak_jnode_set(t, v, tr->keys, kfs);
        }
        char prop[256];
        snprintf(prop, sizeof prop, p.prefix ? "%s.%s" : "%s%s", p.prefix ? p.prefix : "", key ? key : "");
        read_property(r, tr, v, p.node ? p.node : "", ak_mb_string(&r->b, prop, strlen(prop)), p.fps);
        return up;
    }
    if (at->object->family < 0)
        return up;
    /* a node: an element of an array of keyed objects, the main object
       excepted, named by its name (its type where that is empty); a keyed
       object elsewhere (a container) adds nothing; an object without a key
       is a group of its holder's properties (its member's name prefixes
       theirs) */
    if (x->fps && ak_jobject_member(at->object, x->fps, strlen(x->fps)) && ak_jnode_number(v, x->fps, 0) > 0)
        p.fps = ak_jnode_number(v, x->fps, 0);
    if (at->object->key_member >= 0) {
        p.prefix = NULL;
        if (!key && !ak_jnode_same(v, r->main)) {
            const char *own = ak_jnode_text(v, x->node_name);
            if (!*own)
                own = ak_jnode_text(v, at->object->members[at->object->tag_member].name);
            if (!(p.node = distinct_path(&r->paths, r->b.arena, p.node, own, true)))
                return r->b.failed = true, up;
        }
    } else if (key) {
        p.prefix = key;
    }
    mjt_place *places = AK_ARENA_GROW(r->b.arena, mjt_place, r->places, r->place_count, &r->place_cap);
    if (!places)
        return r->b.failed = true, up;
    (r->places = places)[r->place_count] = p;
    return (unsigned)r->place_count++;
}

/* A number at pointer p below o, divided by the main object's member div. */
static double range_at(const ak_jnode *o, const char *p, const char *div, double fps)
{
    const ak_jnode *v = p ? ak_jnode_at(o, p) : NULL;
    return v && v->kind == AK_JNUM ? v->num / (div ? fps : 1) : NAN;
}

static bool tree_read(const ak_mj_tree *x, const ak_input *in, const ak_options *opt, ak_diags *d, ak_arena *arena,
                      ak_animation **out, bool headers)
{
    *out = NULL;
    if (!validated(x->validate, in, opt, d))
        return false;
    /* the document read shallow, the elements of its arrays one at a time
       as the walk reaches them: what is held is the path to the object
       being read, whatever the file's size (the tree copies what it keeps) */
    ak_jtree doc;
    ak_jtree_init(&doc, NULL, arena->budget, "the document's objects");
    mjt_reader r = {.x = x, .in = in};
    ak_buf_init(&r.lost_at);
    ak_jnode *root = NULL;
    bool ok = ak_mb_begin(&r.b, arena, d) && (root = ak_jtree_parse_shallow(&doc, in->data, in->size, in->mapped));
    r.b.headers = headers;
    for (uint16_t i = 0; ok && i < x->main_count && !r.main; i++)
        r.main = ak_jnode_at_input(&doc, root, x->mains[i], in);
    if (!r.main)
        r.main = root;
    double fps = x->fps && ak_jnode_number(r.main, x->fps, 0) > 0 ? ak_jnode_number(r.main, x->fps, 0) : x->fps_default;
    if (!(fps > 0))
        fps = 1;
    ok = ok && (r.places = AK_ARENA_GROW(arena, mjt_place, NULL, 0, &r.place_cap)) != NULL;
    if (ok)
        r.places[r.place_count++] = (mjt_place){NULL, NULL, fps};
    ok = ok && ak_jschema_walk_input(&doc, root, in, x->schema, false, visit, &r) && !r.b.failed;
    if (ok) {
        ak_animation *a = r.b.anim;
        const ak_jnode *name = x->name ? ak_jnode_get(r.main, x->name) : NULL;
        a->name = name && name->kind == AK_JSTR ? ak_mb_string(&r.b, name->str, name->len) : NULL;
        double first = range_at(r.main, x->start, x->range_fps, fps), last = range_at(r.main, x->end, x->range_fps, fps);
        /* a range that ends before it starts (or not said) is none */
        bool range = last >= first;
        a->start = range ? first : 0;
        a->end = range ? last : NAN;
        ok = !x->doc || x->doc(&r.b, root, opt);
    }
    if (ok && r.lost)
        ak_report(d, x->loss, 0, 0, "", "%s are no tracks of the common model: %zu left out (%s%s)", x->lost_what,
                  r.lost, ak_buf_cstr(&r.lost_at), r.lost > 3 ? ", ..." : "");
    ak_buf_free(&r.lost_at);
    free(r.paths.slots);
    ak_jtree_free(&doc);
    *out = ok ? ak_mb_finish(&r.b) : NULL;
    return *out != NULL;
}

bool ak_mj_tree_read(const ak_mj_tree *x, const ak_input *in, const ak_options *opt, ak_diags *d, ak_arena *arena,
                     ak_animation **out)
{
    return tree_read(x, in, opt, d, arena, out, false);
}

bool ak_mj_tree_read_headers(const ak_mj_tree *x, const ak_input *in, const ak_options *opt, ak_diags *d,
                             ak_arena *arena, ak_animation **out)
{
    return tree_read(x, in, opt, d, arena, out, true);
}

/* ---- animated properties in a tree: writing ---------------------------------------- */

/* An element of the target paths (of a/b/c: a, a/b and a/b/c), the object
   a new file makes of it. */
typedef struct mjt_elem {
    const char *path, *name; /* the path up to it, its last part */
    size_t parent, child, next, last; /* SIZE_MAX: none (its first child, the next sibling, its last child) */
    size_t from, to;         /* its tracks: positions [from, to) of the index's order */
    unsigned depth;
} mjt_elem;

typedef struct mjt_writer {
    ak_model_writer w;
    const ak_mj_tree *x;
    ak_jtree t;
    double fps;
    uint16_t *used; /* per track: the components places took (whole tracks) */
    mjt_elem *elems;
    size_t elem_count, elem_cap;
    mj_paths at;    /* path -> element */
    mj_paths read;  /* the paths a reader of the new file gives its objects so far */
    size_t *mark;   /* per track: the probe that counted it */
    size_t probe, held; /* probing an object: its number, the tracks its places hold */
    size_t *counts; /* per candidate object: the tracks it holds */
} mjt_writer;

static bool in_version(const ak_jversions *v, int32_t version) { return version < 0 || ak_js_in_versions(v, version); }

/* The object (or array) member `name` of o, made (typed by the schema:
   object oi's member) when absent; NULL when oi has no such member in the
   version. */
static ak_jnode *member_at(mjt_writer *r, ak_jnode *o, int oi, const char *name, size_t len, int *type)
{
    const ak_jschema *s = r->x->schema;
    const ak_jmember *m = oi >= 0 ? ak_jobject_member(&s->objects[oi], name, len) : NULL;
    if (!m || (m->x && !in_version(&m->x->versions, r->x->version)))
        return NULL;
    int ty = m->type;
    while (ty >= 0 && s->types[ty].kind == AK_JT_UNION) { /* the alternative that is a container */
        int pick = -1;
        for (uint16_t i = 0; i < s->types[ty].alt_count && pick < 0; i++) {
            ak_jtype_kind k = s->types[s->types[ty].alts[i]].kind;
            if (k == AK_JT_OBJECT || k == AK_JT_ARRAY)
                pick = s->types[ty].alts[i];
        }
        ty = pick;
    }
    *type = ty;
    ak_jnode *v = ak_jnode_getn(o, name, len);
    if (v || ty < 0)
        return v;
    if (s->types[ty].kind == AK_JT_ARRAY)
        v = ak_jnode_new(&r->t, AK_JARR);
    else if (s->types[ty].kind == AK_JT_OBJECT && s->objects[s->types[ty].object].family >= 0)
        v = ak_jobject_new(&r->t, s, s->types[ty].object, NULL, NULL);
    else if (s->types[ty].kind == AK_JT_OBJECT)
        v = ak_jnode_new(&r->t, AK_JOBJ);
    if (v) {
        char *key = ak_arena_strndup(r->t.arena, name, len);
        ak_jnode_append(&r->t, o, key, len, v);
    }
    return v;
}

/* The value at JSON Pointer p below o (object oi), made along the way;
   NULL when the version has no such place. *oi becomes the last object's. */
static ak_jnode *place_at(mjt_writer *r, ak_jnode *o, int *oi, const char *p)
{
    const ak_jschema *s = r->x->schema;
    while (o && p && *p == '/') {
        const char *seg = p + 1, *end = strchr(seg, '/');
        size_t len = end ? (size_t)(end - seg) : strlen(seg);
        p = seg + len;
        if (o->kind == AK_JARR) { /* an index: elements of the array's type up to it */
            size_t at = (size_t)strtoul(seg, NULL, 10);
            int elem = s->types[*oi].elem;
            while (o->count <= at) {
                ak_jnode *e = s->types[elem].kind == AK_JT_OBJECT && s->objects[s->types[elem].object].family >= 0
                                  ? ak_jobject_new(&r->t, s, s->types[elem].object, NULL, NULL)
                                  : ak_jnode_new(&r->t, AK_JOBJ);
                if (!e || !ak_jnode_append(&r->t, o, NULL, 0, e))
                    return NULL;
            }
            o = o->items[at].v;
            *oi = s->types[elem].kind == AK_JT_OBJECT ? s->types[elem].object : -1;
            continue;
        }
        int ty = -1;
        o = member_at(r, o, *oi, seg, len, &ty);
        *oi = !o ? -1 : o->kind == AK_JARR ? ty : ty >= 0 && s->types[ty].kind == AK_JT_OBJECT ? s->types[ty].object : -1;
    }
    return o;
}

static ak_jnode *set_number(mjt_writer *r, ak_jnode *main, int oi, const char *p, double v)
{
    if (!p)
        return NULL;
    const char *slash = strrchr(p, '/');
    char parent[256];
    snprintf(parent, sizeof parent, "%.*s", (int)(slash - p), p);
    ak_jnode *o = place_at(r, main, &oi, parent);
    if (o)
        ak_jnode_set(&r->t, o, slash + 1, ak_jnode_num(&r->t, v));
    return o;
}

/* The keys of component comp of track t as the shared evaluator sees
   them (every segment Hermite slopes, weights or a step), in time order. */
static bool curve_keys(mjt_writer *r, const ak_track *t, int comp, ak_curve *curve, ak_key **keys, size_t *n)
{
    ak_curve cv = {0};
    *curve = cv;
    *keys = NULL;
    *n = 0;
    if (!t->key_count)
        return true;
    if (!ak_curve_from_track(t, comp < 0 ? 0 : (unsigned)comp, r->t.arena, &cv))
        return !(r->w.failed = true);
    ak_key *k = calloc(cv.count ? cv.count : 1, sizeof *k);
    if (!k)
        return !(r->w.failed = true);
    size_t steps = 0;
    for (size_t i = 0; i < cv.count; i++) {
        const ak_curve_key *c = &cv.keys[i];
        if (!ak_mm_time_ok(&r->w, t, c->time, false)) {
            free(k);
            return false;
        }
        k[i].time = c->time;
        k[i].value.d[0] = c->value;
        k[i].interp = c->segment == AK_SEG_LINEAR   ? AK_INTERP_LINEAR
                      : c->segment == AK_SEG_HERMITE ? AK_INTERP_HERMITE
                                                     : AK_INTERP_HOLD;
        steps += c->segment == AK_SEG_STEP_NEXT && i + 1 < cv.count;
        k[i].has_tangents = true;
        k[i].in_tangent.d[0] = c->in_slope;
        k[i].out_tangent.d[0] = c->out_slope;
        k[i].in_weight = c->in_weight, k[i].out_weight = c->out_weight;
        k[i].in_weighted = c->in_weighted, k[i].out_weighted = c->out_weighted;
    }
    if (steps)
        ak_mm_loss(&r->w, "step-next keys held (the value changes one segment later)", t, steps);
    *curve = cv;
    *keys = k;
    *n = cv.count;
    return true;
}

/* Whether the values of track t (its component comp) are within the range
   the schema gives the key values of track object tr (a Trim's start:
   0..1, an Inflate/Deflate's amount: -1..1): a place that would clamp them
   does not hold them. */
static bool within(const ak_mj_tree *x, const ak_mj_track *tr, const ak_track *t, int comp)
{
    const ak_jschema *s = x->schema;
    const ak_jmember *k = ak_jobject_member(&s->objects[tr->object], tr->keys, strlen(tr->keys));
    const ak_jtype *a = k ? &s->types[k->type] : NULL;
    const ak_jtype *e = a && a->kind == AK_JT_ARRAY ? &s->types[a->elem] : NULL;
    const ak_jmember *v = e && e->kind == AK_JT_OBJECT
                              ? ak_jobject_member(&s->objects[e->object], tr->value, strlen(tr->value))
                              : NULL;
    for (size_t i = 0; v && v->range_rule >= 0 && tr->shape == AK_MJV_NUMBER && i < t->key_count; i++) {
        double y = ak_key_component(t, i, comp < 0 ? 0 : (unsigned)comp);
        if (y < v->lo || y > v->hi)
            return false;
    }
    return true;
}

/* One place: a track object member `member` of holder o, its property
   `property` at path. Without o, a probe: the tracks it would take are
   taken and counted (r->held), nothing is said or written. */
static void write_place(mjt_writer *r, const ak_mj_track *tr, ak_jnode *o, const char *member, const char *path,
                        const char *property)
{
    const ak_mj_tree *x = r->x;
    const ak_track *tracks[4] = {NULL};
    int comps[4];
    ak_key *keys[4] = {NULL};
    ak_curve curves[4];
    size_t counts[4] = {0}, at[4] = {0};
    ak_target place;
    ak_target_of(x->names, x->name_count, path, property, tr->type, AK_WHOLE, &place, &r->w.arena);
    bool any = false;
    for (uint8_t c = 0; c < tr->count && c < 4; c++) {
        const char *cname = tr->shape == AK_MJV_MEMBERS ? tr->components[c]
                            : tr->shape == AK_MJV_COLOR ? color_names[c]
                                                        : NULL;
        ak_target want = place;
        if (tr->count > 1 && place.component == AK_WHOLE)
            want.component = c;
        const ak_track *t = ak_track_index_take(&r->w.index, &want, &comps[c]);
        char own[256];
        snprintf(own, sizeof own, cname ? "%s.%s" : "%s", property, cname);
        if (!t) /* a track named as the place is */
            t = ak_track_index_take(&r->w.index, &(ak_target){path, own, AK_WHOLE}, &comps[c]);
        if (!o) {
            if (t && ak_mm_holds(t, comps[c], AK_VT_DOUBLE) && r->mark[t - r->w.anim->tracks] != r->probe &&
                within(x, tr, t, comps[c]))
                r->mark[t - r->w.anim->tracks] = r->probe, r->held++;
            continue;
        }
        if (t && !ak_mm_fits(&r->w, t, comps[c], AK_VT_DOUBLE, tr->kind))
            t = NULL;
        if (t && comps[c] >= 0)
            r->used[t - r->w.anim->tracks] |= (uint16_t)(1u << comps[c]);
        tracks[c] = t;
        if (t && (t->pre != AK_INF_CONSTANT || t->post != AK_INF_CONSTANT))
            ak_mm_loss(&r->w, "infinity modes other than constant left out (the file has none)", t, 0);
        if (t && !curve_keys(r, t, comps[c], &curves[c], &keys[c], &counts[c]))
            goto done;
        any |= t && counts[c];
    }
    if (!any || !o) /* nothing to say: the property keeps its default */
        goto done;
    r->w.placed++;
    ak_jnode *prop = ak_jnode_new(&r->t, AK_JOBJ), *kfs = ak_jnode_new(&r->t, AK_JARR);
    ak_jnode_set(&r->t, prop, tr->keys, kfs);
    ak_jnode_set(&r->t, o, member, prop);
    size_t size = tr->hook ? tr->hook->size : 0;
    char *key = size ? malloc(2 * size) : NULL;
    if (size && !key) {
        r->w.failed = true;
        goto done;
    }
    bool shared = false;
    for (;;) {
        double time = INFINITY;
        for (uint8_t c = 0; c < tr->count; c++)
            if (at[c] < counts[c] && keys[c][at[c]].time < time)
                time = keys[c][at[c]].time;
        if (time == INFINITY || r->t.failed || r->w.failed)
            break;
        ak_jnode *kf = ak_jnode_new(&r->t, AK_JOBJ), *value = NULL;
        double v[4] = {0};
        for (uint8_t c = 0; c < tr->count; c++)
            if (tracks[c] && counts[c] && !isfinite(v[c] = ak_curve_eval(&curves[c], time)) && !r->w.failed)
                ak_mm_refuse(&r->w, tracks[c], "a value is NaN or infinite (JSON has no such number)");
        if (tr->shape == AK_MJV_NUMBER) {
            value = ak_jnode_num(&r->t, v[0]);
        } else if (tr->shape == AK_MJV_MEMBERS) {
            value = ak_jnode_new(&r->t, AK_JOBJ);
            for (uint8_t c = 0; c < tr->count; c++)
                ak_jnode_set(&r->t, value, tr->components[c], ak_jnode_num(&r->t, v[c]));
        } else { /* a colour: #rrggbb, and the alpha when it is not ff (opaque without a track) */
            int c8[4];
            for (uint8_t c = 0; c < 4; c++) {
                double y = tracks[c] && counts[c] ? v[c] : c == 3;
                c8[c] = (int)lround(fmin(fmax(y, 0), 1) * 255);
                if (c8[c] != y * 255)
                    ak_mm_loss(&r->w, "colour components rounded to 8 bits (0 to 255)", tracks[c], 1);
            }
            char *text = ak_arena_alloc(r->t.arena, 10, 1);
            if (text)
                snprintf(text, 10, c8[3] == 255 ? "#%02x%02x%02x" : "#%02x%02x%02x%02x", c8[0], c8[1], c8[2], c8[3]);
            value = text ? ak_jnode_str(&r->t, text) : NULL;
        }
        ak_jnode_set(&r->t, kf, tr->time, ak_jnode_num(&r->t, time * r->fps));
        ak_jnode_set(&r->t, kf, tr->value, value);
        /* the key's other members from the first component with a key here */
        bool chosen = false;
        for (uint8_t c = 0; c < tr->count; c++) {
            if (at[c] >= counts[c] || keys[c][at[c]].time != time) {
                shared |= tracks[c] != NULL;
                continue;
            }
            if (tr->hook) {
                char *into = chosen ? key + size : key;
                memset(into, 0, size);
                if (!tr->hook->back(keys[c], counts[c], at[c], into))
                    ak_mm_loss(&r->w, "segments the file's keyframes cannot say exactly, approximated", tracks[c], 1);
                shared |= chosen && memcmp(key, key + size, size) != 0;
            }
            at[c]++;
            chosen = true;
        }
        if (tr->hook)
            tr->hook->put(&r->t, kf, key);
        ak_jnode_append(&r->t, kfs, NULL, 0, kf);
    }
    free(key);
    for (uint8_t c = 0; shared && c < tr->count; c++)
        if (tracks[c])
            ak_mm_loss(&r->w, "components of one property with other key times or segments, approximated (the file "
                              "has one list of keyframes per property)",
                       tracks[c], 0);
done:
    for (int c = 0; c < 4; c++)
        free(keys[c]);
}

/* The places of a node: the track objects among the members of its object
   (and of its objects without a key: `transform.position`). */
static void write_places(mjt_writer *r, ak_jnode *o, int oi, const char *path, const char *prefix, int depth)
{
    const ak_jschema *s = r->x->schema;
    const ak_jobject *ob = &s->objects[oi];
    for (uint16_t i = 0; i < ob->member_count && !r->w.failed; i++) {
        const ak_jmember *m = &ob->members[i];
        const ak_jtype *ty = &s->types[m->type];
        if (ty->kind != AK_JT_OBJECT || (m->x && !in_version(&m->x->versions, r->x->version)))
            continue;
        char prop[256];
        snprintf(prop, sizeof prop, prefix ? "%s.%s" : "%s", prefix ? prefix : m->name, m->name);
        const ak_mj_track *tr = track_object(r->x, &s->objects[ty->object]);
        if (tr) {
            write_place(r, tr, o, m->name, path, prop);
        } else if (depth == 0 && s->objects[ty->object].family >= 0 && s->objects[ty->object].key_member < 0 &&
                   !s->objects[ty->object].abstract) {
            ak_jnode *had = o ? ak_jnode_get(o, m->name) : NULL;
            ak_jnode *g = had || !o ? had : ak_jobject_new(&r->t, s, ty->object, NULL, NULL);
            size_t placed = r->w.placed;
            write_places(r, g, ty->object, path, prop, depth + 1);
            if (o && !had && r->w.placed > placed)
                ak_jnode_set(&r->t, o, m->name, g);
        }
    }
}

/* Tracks whose target is only their own names (a mapping that gives no
   canonical targets: ak_model_decode names them so) are known by the last
   part of their property where this format's names know it
   ("translate.translateX": translateX): a copy of the animation with those
   targets, NULL when no track needs one. */
static bool own_target(const ak_track *t)
{
    return !t->target.property ||
           (t->target.component == AK_WHOLE && !strcmp(t->target.property, t->property ? t->property : ""));
}

static const char *known_last(mjt_writer *r, const ak_track *t)
{
    const char *p = t->property ? t->property : "", *last = strrchr(p, '.') ? strrchr(p, '.') + 1 : p;
    for (size_t k = 0; last != p && k < r->x->name_count; k++)
        if (!strcasecmp(r->x->names[k].native, last))
            return last;
    return NULL;
}

static ak_animation *targets_of_names(mjt_writer *r, const ak_animation *anim)
{
    size_t n = 0;
    for (size_t i = 0; i < anim->track_count; i++)
        n += own_target(&anim->tracks[i]) && known_last(r, &anim->tracks[i]);
    ak_animation *copy = n ? AK_ARENA_NEW(&r->w.arena, ak_animation) : NULL;
    ak_track *tracks = copy ? AK_ARENA_ARRAY(&r->w.arena, ak_track, anim->track_count + 1) : NULL;
    if (!tracks)
        return NULL;
    *copy = *anim;
    memcpy(tracks, anim->tracks, anim->track_count * sizeof *tracks);
    copy->tracks = tracks;
    for (size_t i = 0; i < anim->track_count; i++) {
        ak_track *t = &tracks[i];
        const char *last = own_target(t) ? known_last(r, t) : NULL;
        if (last)
            ak_target_of(r->x->names, r->x->name_count, t->node, last, t->type, AK_WHOLE, &t->target, &r->w.arena);
    }
    return copy;
}

static const char *path_of(const ak_target *t) { return t->path ? t->path : ""; }

/* Target paths deeper than this keep the rest of their path as one name
   (it reads back as the same path): the nesting of a new file stays well
   within what readers take, and a writer that sorts members (Glaxnimate's,
   which holds each open level's text) within memory. */
#define MJT_DEPTH 32

static size_t new_elem(mjt_writer *r, const char *path, size_t len, size_t parent)
{
    mjt_elem *elems = AK_ARENA_GROW(&r->w.arena, mjt_elem, r->elems, r->elem_count, &r->elem_cap);
    char *own = ak_arena_strndup(&r->w.arena, path, len);
    mj_entry *e = elems && own ? paths_put(&r->at, own) : NULL;
    if (!e)
        return r->w.failed = true, SIZE_MAX;
    size_t i = e->value = r->elem_count++;
    const char *slash = parent != SIZE_MAX ? own + strlen(elems[parent].path) + 1 : own;
    elems[i] = (mjt_elem){own, slash, parent, SIZE_MAX, SIZE_MAX, SIZE_MAX, 0, 0,
                          parent != SIZE_MAX ? elems[parent].depth + 1 : 0};
    size_t *link = parent == SIZE_MAX ? NULL : elems[parent].last != SIZE_MAX ? &elems[elems[parent].last].next
                                                                                : &elems[parent].child;
    if (link)
        *link = i, elems[parent].last = i;
    r->elems = elems;
    return i;
}

/* The elements of the target paths in the order of their first tracks
   (a path is one element when the format declares no `objects`), and
   each one's tracks. */
static bool make_elems(mjt_writer *r)
{
    const ak_track_index *x = &r->w.index;
    size_t n = r->w.anim->track_count;
    for (size_t i = 0; i < n && !r->w.failed; i++) {
        const char *path = path_of(&x->targets[i]);
        if (paths_get(&r->at, path))
            continue;
        char *prefix = ak_arena_strndup(&r->w.arena, path, strlen(path));
        size_t parent = SIZE_MAX;
        for (size_t k = 0; prefix; k++) {
            bool split = path[k] == '/' && r->x->object_count &&
                         (parent == SIZE_MAX || r->elems[parent].depth + 1 < MJT_DEPTH);
            if (path[k] && !split)
                continue;
            prefix[k] = 0; /* a/b of a/b/c */
            mj_entry *e = paths_get(&r->at, prefix);
            parent = e ? e->value : new_elem(r, prefix, k, parent);
            if (parent == SIZE_MAX || !path[k])
                break;
            prefix[k] = '/';
        }
        if (!prefix || parent == SIZE_MAX)
            return !(r->w.failed = true);
    }
    for (size_t at = 0; at < n;) {
        size_t end = at;
        while (end < n && !strcmp(path_of(x->order[end].target), path_of(x->order[at].target)))
            end++;
        mj_entry *e = paths_get(&r->at, path_of(x->order[at].target));
        if (e)
            r->elems[e->value].from = at, r->elems[e->value].to = end;
        at = end;
    }
    return !r->w.failed;
}

static bool is_a(const ak_jschema *s, int a, int b)
{
    while (a >= 0 && a != b)
        a = s->objects[a].base;
    return a >= 0;
}

/* The array of elements below, in object oi; NULL when it has none. */
static const ak_jmember *below_of(mjt_writer *r, int oi)
{
    const char *a = r->x->object_array;
    const ak_jmember *m = a ? ak_jobject_member(&r->x->schema->objects[oi], a, strlen(a)) : NULL;
    return m && (!m->x || in_version(&m->x->versions, r->x->version)) ? m : NULL;
}

/* The candidates for element e: the node object at the top, then the
   `objects`; the one written is the first whose places hold the most of
   its tracks (and, with elements below, has their array). *guess: another
   that holds as many is no kind of it, nor it of that one (an Ellipse for
   a size that a Rect has too). -1: none can be. */
static int choose(mjt_writer *r, const mjt_elem *e, bool *guess)
{
    const ak_mj_tree *x = r->x;
    const ak_jschema *s = x->schema;
    bool top = e->parent == SIZE_MAX;
    size_t most = 0;
    int best = -1;
    *guess = false;
    for (size_t k = 0; k <= x->object_count; k++) {
        int oi = k ? x->objects[k - 1] : x->node_object;
        r->counts[k] = SIZE_MAX;
        if ((k == 0 && !top && x->object_count) || !in_version(&s->objects[oi].versions, x->version) ||
            (e->child != SIZE_MAX && !below_of(r, oi)))
            continue;
        r->probe++, r->held = 0;
        if (e->from < e->to) /* an element without tracks: none holds any */
            write_places(r, NULL, oi, e->path, NULL, 0);
        for (size_t at = e->from; at < e->to; at++) /* given back */
            r->w.index.taken[r->w.index.order[at].track] = false;
        r->counts[k] = r->held;
        if (best < 0 || r->held > most)
            best = oi, most = r->held;
        if (k == 0 && most == e->to - e->from) /* the node object holds them all: what the top is */
            return best;
    }
    for (size_t k = 1; best >= 0 && most && !(top && best == x->node_object) && k <= x->object_count; k++)
        *guess |= r->counts[k] == most && !is_a(s, x->objects[k - 1], best) && !is_a(s, best, x->objects[k - 1]);
    return best;
}

/* Element ei as a new object in array `into`, when a place in it or below
   took a track. Its name: its part of the path, or, where a reader of
   the file makes that part of another name (a second "Fill" is
   "Fill#2"), that name. */
static void write_elem(mjt_writer *r, size_t ei, ak_jnode *into, bool unnamed)
{
    const ak_mj_tree *x = r->x;
    const ak_jschema *s = x->schema;
    mjt_elem *e = &r->elems[ei];
    bool guess;
    int oi = choose(r, e, &guess);
    if (oi < 0 || r->w.failed)
        return;
    const char *parent = e->parent != SIZE_MAX ? r->elems[e->parent].path : NULL, *name = e->name;
    const ak_jobject *no = &s->objects[oi];
    ak_jnode *node = ak_jobject_new(&r->t, s, oi, NULL, NULL);
    if (!node)
        return;
    if (!*name) /* what a reader names an unnamed object by */
        name = ak_jnode_text(node, no->members[no->tag_member].name), unnamed = true;
    const char *hash = x->object_count ? strrchr(name, '#') : NULL;
    if (hash && hash > name && hash[1] >= '1' && hash[1] <= '9' && strspn(hash + 1, "0123456789") == strlen(hash + 1)) {
        char *base = ak_arena_strndup(&r->w.arena, name, (size_t)(hash - name));
        const char *back = base ? distinct_path(&r->read, &r->w.arena, parent, base, false) : NULL;
        if (back && !strcmp(back, e->path))
            name = base;
    }
    ak_jnode_set(&r->t, node, x->node_name, ak_jnode_str(&r->t, name));
    size_t placed = r->w.placed;
    write_places(r, node, oi, e->path, NULL, 0);
    /* a guess: counted once per object, named by its tracks */
    for (size_t at = e->from, objects = 1; guess && at < e->to; at++)
        if (r->w.index.taken[r->w.index.order[at].track])
            ak_mm_loss(&r->w, "object types chosen by their animated properties",
                       &r->w.anim->tracks[r->w.index.order[at].track], objects), objects = 0;
    for (size_t at = e->from; unnamed && at < e->to; at++)
        if (r->w.index.taken[r->w.index.order[at].track])
            ak_mm_loss(&r->w, "object paths with an empty part: named by the object's type there",
                       &r->w.anim->tracks[r->w.index.order[at].track], 0);
    int ty;
    ak_jnode *below = e->child != SIZE_MAX ? member_at(r, node, oi, x->object_array, strlen(x->object_array), &ty)
                                           : NULL;
    for (size_t c = below ? e->child : SIZE_MAX; c != SIZE_MAX && !r->w.failed; c = r->elems[c].next)
        write_elem(r, c, below, unnamed);
    if (r->w.placed > placed) {
        ak_jnode_append(&r->t, into, NULL, 0, node);
        if (x->object_count && !distinct_path(&r->read, &r->w.arena, parent, name, true))
            r->w.failed = true;
    }
}

static bool tree_write(const ak_mj_tree *x, const ak_animation *anim, const ak_options *opt, ak_diags *d,
                       ak_buf *out, ak_sink *sink)
{
    mjt_writer *r = calloc(1, sizeof *r);
    if (!r)
        return false;
    char what[64];
    snprintf(what, sizeof what, "the %s document", x->id);
    bool ok = ak_mm_writer_init(&r->w, anim, opt, d, x->loss, x->refused, what);
    r->x = x;
    ak_animation *named = ok ? targets_of_names(r, anim) : NULL;
    if (named) { /* the index again, with those targets */
        ak_track_index_free(&r->w.index);
        r->w.anim = anim = named;
        ok = ak_track_index_init(&r->w.index, anim);
    }
    ak_jtree_init(&r->t, &r->w.arena, NULL, NULL); /* in the writer's arena */
    r->used = calloc(anim->track_count + 1, sizeof *r->used);
    ok = ok && r->used && (r->t.root = ak_jnode_new(&r->t, AK_JOBJ)) != NULL;
    const ak_jschema *s = x->schema;
    int oi = s->types[s->root_type].object;
    if (ok && s->version_pointer && x->version >= 0)
        set_number(r, r->t.root, oi, s->version_pointer, x->version);
    ak_jnode *main = NULL;
    int main_oi = -1;
    for (uint16_t i = 0; ok && i < x->main_count && !main; i++) {
        main_oi = oi;
        main = place_at(r, r->t.root, &main_oi, x->mains[i]);
    }
    if (!main)
        main = r->t.root, main_oi = oi;
    r->fps = x->fps ? x->fps_default : 1;
    if (ok && x->fps)
        ak_jnode_set(&r->t, main, x->fps, ak_jnode_num(&r->t, r->fps));
    if (ok && x->name && anim->name)
        ak_jnode_set(&r->t, main, x->name, ak_jnode_str(&r->t, anim->name));
    double scale = x->range_fps ? r->fps : 1;
    if (ok && x->start)
        set_number(r, main, main_oi, x->start, anim->start * scale);
    if (ok && x->end)
        set_number(r, main, main_oi, x->end, ak_mm_end(&r->w) * scale);
    /* the objects of the target paths, in the order of the tracks */
    int ty = -1;
    ak_jnode *nodes = ok && x->node_object >= 0 ? member_at(r, main, main_oi, x->node_array, strlen(x->node_array), &ty)
                                                : NULL;
    r->mark = nodes ? calloc(anim->track_count + 1, sizeof *r->mark) : NULL;
    r->counts = nodes ? calloc(x->object_count + 1u, sizeof *r->counts) : NULL;
    ok = ok && (!nodes || (r->mark && r->counts && make_elems(r)));
    for (size_t i = 0; ok && nodes && i < r->elem_count && !r->w.failed && !r->t.failed; i++)
        if (r->elems[i].parent == SIZE_MAX)
            write_elem(r, i, nodes, false);
    /* components of whole tracks that no place took */
    for (size_t i = 0; ok && i < anim->track_count; i++) {
        const ak_value_type_info *info = ak_value_type_info_of(anim->tracks[i].type);
        if (r->used[i] && info && r->used[i] != (1u << info->components) - 1)
            ak_mm_loss(&r->w, "components of vector tracks the file has no place for, left out", &anim->tracks[i], 0);
    }
    free(r->mark);
    free(r->counts);
    free(r->at.slots);
    free(r->read.slots);
    ok = ok && !r->t.failed && !r->w.failed;
    size_t start = out->len;
    ok = ok && (!x->doc_back || x->doc_back(&r->w, &r->t, out, sink));
    ok = ak_mm_writer_finish(&r->w) && ok && !out->failed;
    if (!ok)
        out->len = start;
    ak_jtree_free(&r->t);
    ak_mm_writer_free(&r->w);
    free(r->used);
    free(r);
    return ok;
}

bool ak_mj_tree_write(const ak_mj_tree *x, const ak_animation *anim, const ak_options *opt, ak_diags *d,
                      ak_buf *out)
{
    return tree_write(x, anim, opt, d, out, NULL);
}

bool ak_mj_tree_write_to(const ak_mj_tree *x, const ak_animation *anim, const ak_options *opt, ak_diags *d,
                         ak_sink *sink)
{
    ak_buf text; /* what the writer has not handed on yet */
    ak_buf_init(&text);
    ak_buf_attach(&text, ak_budget_of(d, opt));
    bool ok = tree_write(x, anim, opt, d, &text, sink) && ak_sink_write(sink, text.data, text.len);
    ak_buf_detach(&text);
    ak_buf_free(&text);
    return ok;
}
