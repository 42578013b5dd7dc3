/* Building a .anim from its JSON dump (maya_dump.c): the inverse of dump.
 * The JSON is read with the project's streaming JSON front end
 * (grammars/json_parser.h); its events fill a document that the canonical
 * emitter writes. dump -> undump gives back the file's bytes for a file
 * Maya wrote (the dump carries its precision and line-end style). */
#include "maya.h"
#include "maya_doc.h"

#include <json_parser.h>

#include <stdlib.h>
#include <string.h>

/* What the open container at each depth is. */
typedef enum ctx {
    C_TOP,     /* the document object */
    C_ENTRIES, /* entries: [...] */
    C_ENTRY,   /* one entry object */
    C_NAMES,   /* names: [...] */
    C_ADATA,   /* anim_data: {...} */
    C_KEYS,    /* keys: [...] */
    C_KEY,     /* one key object */
    C_SKIP,    /* inside something already reported */
} ctx;

#define MAX_DEPTH 8

typedef struct undump {
    ak_arena *arena;
    maya_doc *doc;
    ctx stack[MAX_DEPTH];
    unsigned depth;
    char member[32]; /* the pending member name ("" = none) */
    int precision;
    bool crlf;
    bool failed;
    maya_entry cur;
    maya_key key;
    maya_entry *ents;
    size_t ent_count, ent_cap;
    maya_key *keys;
    size_t key_count, key_cap;
    ak_buf tmp;
} undump;

static bool bad(undump *u, ak_json_parser *p, const ak_json_event *e, const char *what)
{
    u->failed = true;
    ak_json_report(p, &maya_rules[maya_R_UNDUMP_BAD_MEMBER], e, "%s", what);
    return false;
}

static const char *str(undump *u, const ak_json_event *e)
{
    u->tmp.len = 0;
    if (!ak_json_string_decode(e, &u->tmp))
        return NULL;
    return ak_arena_strndup(u->arena, u->tmp.data ? u->tmp.data : "", u->tmp.len);
}

static bool number(const ak_json_event *e, double *v)
{
    return e->kind == AK_JSON_NUMBER && ak_json_number_f64(e, v) == AK_NUM_OK;
}

static int tangent_of(const char *w)
{
    for (int i = 0; i < MAYA_TAN_COUNT; i++)
        if (strcmp(maya_tangent_words[i], w) == 0)
            return i;
    return -1;
}

#define M(name) (strcmp(u->member, name) == 0)

/* A scalar member value in the given container. */
static bool scalar(undump *u, ak_json_parser *p, ctx c, const ak_json_event *e)
{
    maya_doc *doc = u->doc;
    bool is_str = e->kind == AK_JSON_STRING;
    double v = 0;
    bool is_num = number(e, &v);
    const char **word = NULL;
    double *num = NULL;
    bool *flag = NULL;
    switch (c) {
    case C_TOP:
        if (M("anim_version")) word = &doc->anim_version;
        else if (M("maya_version")) word = &doc->maya_version;
        else if (M("time_unit")) word = &doc->time_unit;
        else if (M("linear_unit")) word = &doc->linear_unit;
        else if (M("angular_unit")) word = &doc->angular_unit;
        else if (M("start_time")) { num = &doc->start_time; flag = &doc->has_start_time; }
        else if (M("end_time")) { num = &doc->end_time; flag = &doc->has_end_time; }
        else if (M("start_unitless")) { num = &doc->start_unitless; flag = &doc->has_start_unitless; }
        else if (M("end_unitless")) { num = &doc->end_unitless; flag = &doc->has_end_unitless; }
        else if (M("precision")) {
            if (!is_num || v < 1 || v > 17 || v != (int)v)
                return bad(u, p, e, "precision must be an integer in 1..17");
            u->precision = (int)v;
            return true;
        } else if (M("line_ends")) {
            if (is_str && ak_json_string_equals(e, "crlf", 4))
                u->crlf = true;
            else if (!(is_str && ak_json_string_equals(e, "lf", 2)))
                return bad(u, p, e, "line_ends must be \"lf\" or \"crlf\"");
            return true;
        }
        break;
    case C_ENTRY:
        if (M("kind")) {
            if (is_str && ak_json_string_equals(e, "curve", 5))
                u->cur.curve = true;
            else if (is_str && ak_json_string_equals(e, "placeholder", 11))
                u->cur.curve = false;
            else
                return bad(u, p, e, "kind must be \"curve\" or \"placeholder\"");
            return true;
        }
        if (M("row")) num = &u->cur.row;
        else if (M("child")) num = &u->cur.child;
        else if (M("attr")) num = &u->cur.attr;
        break;
    case C_NAMES:
        if (!is_str)
            return bad(u, p, e, "names are strings");
        if (u->cur.name_count >= 3)
            return bad(u, p, e, "an anim line has at most 3 names");
        u->cur.names[u->cur.name_count++] = str(u, e);
        return true;
    case C_ADATA: {
        maya_adata *a = &u->cur.data;
        if (M("input")) word = &a->input;
        else if (M("output")) word = &a->output;
        else if (M("weighted")) { num = &a->weighted; flag = &a->has_weighted; }
        else if (M("input_unit")) word = &a->input_unit;
        else if (M("output_unit")) word = &a->output_unit;
        else if (M("tangent_angle_unit")) word = &a->tangent_angle_unit;
        else if (M("pre_infinity")) word = &a->pre_infinity;
        else if (M("post_infinity")) word = &a->post_infinity;
        break;
    }
    case C_KEY: {
        maya_key *k = &u->key;
        if (M("in_tangent") || M("out_tangent")) {
            if (!is_str)
                return bad(u, p, e, "a tangent type is a string");
            const char *w = str(u, e);
            if (!w)
                return false;
            int t = tangent_of(w);
            if (M("in_tangent")) {
                k->tin = t;
                k->tin_word = t < 0 ? w : NULL;
            } else {
                k->tout = t;
                k->tout_word = t < 0 ? w : NULL;
            }
            return true;
        }
        if (M("time")) num = &k->time;
        else if (M("value")) num = &k->value;
        else if (M("tan_locked")) num = &k->tan_locked;
        else if (M("weight_locked")) num = &k->weight_locked;
        else if (M("breakdown")) { num = &k->breakdown; flag = &k->has_breakdown; }
        else if (M("in_angle")) num = &k->in_angle;
        else if (M("in_weight")) num = &k->in_weight;
        else if (M("out_angle")) num = &k->out_angle;
        else if (M("out_weight")) num = &k->out_weight;
        break;
    }
    default:
        return true;
    }
    if (word) {
        if (!is_str)
            return bad(u, p, e, "this member is a string");
        *word = str(u, e);
        return *word != NULL;
    }
    if (num) {
        if (!is_num)
            return bad(u, p, e, "this member is a finite number");
        *num = v;
        if (flag)
            *flag = true;
        return true;
    }
    return bad(u, p, e, "unknown member");
}

static bool push(void **vec, size_t *count, size_t *cap, size_t size, const void *item)
{
    if (*count == *cap) {
        size_t n = *cap ? *cap * 2 : 64;
        void *nv = realloc(*vec, n * size);
        if (!nv)
            return false;
        *vec = nv;
        *cap = n;
    }
    memcpy((char *)*vec + *count * size, item, size);
    (*count)++;
    return true;
}

static int on_event(void *user, ak_json_parser *p, const ak_json_event *e)
{
    undump *u = user;
    ctx c = u->depth ? u->stack[u->depth - 1] : C_SKIP;
    if (e->kind == AK_JSON_KEY) {
        u->member[0] = 0;
        if (ak_json_string_is_raw(e) && e->text_len < sizeof u->member) {
            memcpy(u->member, e->text, e->text_len);
            u->member[e->text_len] = 0;
        }
        return 0;
    }
    if (e->kind == AK_JSON_END_OBJECT || e->kind == AK_JSON_END_ARRAY) {
        if (!u->depth)
            return 0;
        u->depth--;
        if (c == C_KEY) {
            if (!push((void **)&u->keys, &u->key_count, &u->key_cap, sizeof u->key, &u->key))
                return 1;
        } else if (c == C_KEYS) {
            maya_adata *a = &u->cur.data;
            a->keys = AK_ARENA_ARRAY(u->arena, maya_key, u->key_count ? u->key_count : 1);
            if (!a->keys)
                return 1;
            if (u->key_count)
                memcpy(a->keys, u->keys, u->key_count * sizeof *u->keys);
            a->key_count = u->key_count;
        } else if (c == C_ENTRY) {
            if (!push((void **)&u->ents, &u->ent_count, &u->ent_cap, sizeof u->cur, &u->cur))
                return 1;
        }
        return 0;
    }
    if (e->kind == AK_JSON_BEGIN_OBJECT || e->kind == AK_JSON_BEGIN_ARRAY) {
        bool obj = e->kind == AK_JSON_BEGIN_OBJECT;
        ctx next = C_SKIP;
        if (u->depth == 0)
            next = obj ? C_TOP : C_SKIP;
        else if (c == C_TOP && M("entries") && !obj)
            next = C_ENTRIES;
        else if (c == C_ENTRIES && obj)
            next = C_ENTRY;
        else if (c == C_ENTRY && M("names") && !obj)
            next = C_NAMES;
        else if (c == C_ENTRY && M("anim_data") && obj)
            next = C_ADATA;
        else if (c == C_ADATA && M("keys") && !obj)
            next = C_KEYS;
        else if (c == C_KEYS && obj)
            next = C_KEY;
        if (next == C_SKIP && c != C_SKIP)
            bad(u, p, e, "unexpected object or array here");
        if (u->depth >= MAX_DEPTH) {
            bad(u, p, e, "nesting too deep for a .anim dump");
            return 1;
        }
        if (next == C_ENTRY) {
            memset(&u->cur, 0, sizeof u->cur);
            u->key_count = 0;
        } else if (next == C_KEY) {
            memset(&u->key, 0, sizeof u->key);
        }
        u->stack[u->depth++] = next;
        return 0;
    }
    if (c == C_SKIP)
        return 0;
    if (c == C_ENTRIES || c == C_KEYS) {
        bad(u, p, e, "an array element here is an object");
        return 0;
    }
    scalar(u, p, c, e);
    return 0;
}

bool maya_undump(const ak_input *json, const ak_options *opt, ak_diags *d, ak_buf *out);
bool maya_undump(const ak_input *json, const ak_options *opt, ak_diags *d, ak_buf *out)
{
    return ak_maya_undump(json, opt, opt ? opt->precision : 0, d, out);
}

bool ak_maya_undump(const ak_input *json, const ak_options *opt, int precision, ak_diags *d, ak_buf *out)
{
    ak_arena arena;
    ak_arena_init(&arena, 1 << 16);
    undump u;
    memset(&u, 0, sizeof u);
    u.arena = &arena;
    u.doc = AK_ARENA_NEW(&arena, maya_doc);
    u.precision = 8;
    ak_buf_init(&u.tmp);
    bool ok = u.doc != NULL;
    if (ok) {
        ak_json_config cfg;
        memset(&cfg, 0, sizeof cfg);
        cfg.handler = on_event;
        cfg.user = &u;
        cfg.max_depth = opt && opt->max_depth ? opt->max_depth : 0;
        ok = ak_json_parse(json->data, json->size, &cfg, d) == AK_JSON_OK && !u.failed;
    }
    if (ok && !u.doc->anim_version) {
        ak_report(d, &maya_rules[maya_R_UNDUMP_BAD_MEMBER], 0, 0, "", "the dump has no anim_version member");
        ok = false;
    }
    if (ok) {
        u.doc->entries = AK_ARENA_ARRAY(&arena, maya_entry, u.ent_count ? u.ent_count : 1);
        ok = u.doc->entries != NULL;
    }
    if (ok) {
        if (u.ent_count)
            memcpy(u.doc->entries, u.ents, u.ent_count * sizeof *u.ents);
        u.doc->entry_count = u.ent_count;
        u.doc->precision = u.precision;
        ok = maya_emit(u.doc, precision, u.crlf, opt && opt->strict, d, out);
    }
    free(u.ents);
    free(u.keys);
    ak_buf_free(&u.tmp);
    ak_arena_free(&arena);
    return ok;
}
