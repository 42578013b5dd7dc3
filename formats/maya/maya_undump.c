/* Building a .anim from its JSON dump (maya_dump.c): the inverse of dump.
 * The JSON is read with the project's streaming JSON front end
 * (grammars/json_parser.h); its events fill a document that the canonical
 * emitter writes. dump -> undump gives back the file's bytes for a file
 * Maya wrote (the dump carries its precision and line-end style). */
#include "budget.h"
#include "diag.h"
#include "maya.h"
#include "maya_doc.h"

#include <json_parser.h>

#include <stddef.h>
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

/* The members that hold a word, a number or a tangent, by container:
   where each goes in the document (offsets into the container's struct). */
typedef enum kind { K_WORD, K_NUM, K_TANGENT } kind;
#define W(c, name, type, field) {c, name, K_WORD, offsetof(type, field), 0}
#define N(c, name, type, field) {c, name, K_NUM, offsetof(type, field), 0}
#define NF(c, name, type, field, flag) {c, name, K_NUM, offsetof(type, field), offsetof(type, flag)}
static const struct member {
    ctx c;
    const char *name;
    kind k;
    size_t off, flag; /* flag: a bool set when the member is present (0: none) */
} members[] = {
    W(C_TOP, "anim_version", maya_doc, anim_version),       W(C_TOP, "maya_version", maya_doc, maya_version),
    W(C_TOP, "time_unit", maya_doc, time_unit),             W(C_TOP, "linear_unit", maya_doc, linear_unit),
    W(C_TOP, "angular_unit", maya_doc, angular_unit),
    NF(C_TOP, "start_time", maya_doc, start_time, has_start_time),
    NF(C_TOP, "end_time", maya_doc, end_time, has_end_time),
    NF(C_TOP, "start_unitless", maya_doc, start_unitless, has_start_unitless),
    NF(C_TOP, "end_unitless", maya_doc, end_unitless, has_end_unitless),
    N(C_ENTRY, "row", maya_entry, row),                     N(C_ENTRY, "child", maya_entry, child),
    N(C_ENTRY, "attr", maya_entry, attr),
    W(C_ADATA, "input", maya_adata, input),                 W(C_ADATA, "output", maya_adata, output),
    NF(C_ADATA, "weighted", maya_adata, weighted, has_weighted),
    W(C_ADATA, "input_unit", maya_adata, input_unit),       W(C_ADATA, "output_unit", maya_adata, output_unit),
    W(C_ADATA, "tangent_angle_unit", maya_adata, tangent_angle_unit),
    W(C_ADATA, "pre_infinity", maya_adata, pre_infinity),   W(C_ADATA, "post_infinity", maya_adata, post_infinity),
    N(C_KEY, "time", maya_key, time),                       N(C_KEY, "value", maya_key, value),
    {C_KEY, "in_tangent", K_TANGENT, offsetof(maya_key, tin), offsetof(maya_key, tin_word)},
    {C_KEY, "out_tangent", K_TANGENT, offsetof(maya_key, tout), offsetof(maya_key, tout_word)},
    N(C_KEY, "tan_locked", maya_key, tan_locked),           N(C_KEY, "weight_locked", maya_key, weight_locked),
    NF(C_KEY, "breakdown", maya_key, breakdown, has_breakdown),
    N(C_KEY, "in_angle", maya_key, in_angle),               N(C_KEY, "in_weight", maya_key, in_weight),
    N(C_KEY, "out_angle", maya_key, out_angle),             N(C_KEY, "out_weight", maya_key, out_weight),
};

#define M(name) (strcmp(u->member, name) == 0)

/* A scalar member value in the given container. */
static bool scalar(undump *u, ak_json_parser *p, ctx c, const ak_json_event *e)
{
    bool is_str = e->kind == AK_JSON_STRING;
    double v = 0;
    bool is_num = number(e, &v);
    if (c == C_TOP && M("precision")) {
        if (!is_num || v < 1 || v > 17 || v != (int)v)
            return bad(u, p, e, "precision must be an integer in 1..17");
        u->precision = (int)v;
        return true;
    }
    if (c == C_TOP && M("line_ends")) {
        u->crlf = is_str && ak_json_string_equals(e, "crlf", 4);
        if (!u->crlf && !(is_str && ak_json_string_equals(e, "lf", 2)))
            return bad(u, p, e, "line_ends must be \"lf\" or \"crlf\"");
        return true;
    }
    if (c == C_ENTRY && M("kind")) {
        u->cur.curve = is_str && ak_json_string_equals(e, "curve", 5);
        if (!u->cur.curve && !(is_str && ak_json_string_equals(e, "placeholder", 11)))
            return bad(u, p, e, "kind must be \"curve\" or \"placeholder\"");
        return true;
    }
    if (c == C_NAMES) {
        if (!is_str)
            return bad(u, p, e, "names are strings");
        if (u->cur.name_count >= 3)
            return bad(u, p, e, "an anim line has at most 3 names");
        u->cur.names[u->cur.name_count++] = str(u, e);
        return true;
    }
    char *base = c == C_TOP ? (char *)u->doc : c == C_ENTRY ? (char *)&u->cur
                 : c == C_ADATA ? (char *)&u->cur.data : c == C_KEY ? (char *)&u->key : NULL;
    for (size_t i = 0; base && i < sizeof members / sizeof members[0]; i++) {
        const struct member *m = &members[i];
        if (m->c != c || !M(m->name))
            continue;
        if (m->k == K_NUM) {
            if (!is_num)
                return bad(u, p, e, "this member is a finite number");
            *(double *)(base + m->off) = v;
            if (m->flag)
                *(bool *)(base + m->flag) = true;
            return true;
        }
        if (!is_str)
            return bad(u, p, e, "this member is a string");
        const char *w = str(u, e);
        if (!w)
            return false;
        if (m->k == K_WORD) {
            *(const char **)(base + m->off) = w;
            return true;
        }
        int t = maya_tangent_of((const uint8_t *)w, strlen(w));
        *(int *)(base + m->off) = t;
        *(const char **)(base + m->flag) = t < 0 ? w : NULL;
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
    ak_arena_init_budget(&arena, 1 << 16, ak_budget_of(d, opt), "the decoded document");
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
        ok = maya_emit(u.doc, precision, u.crlf, ak_diags_strict(d), d, out);
    }
    free(u.ents);
    free(u.keys);
    ak_buf_free(&u.tmp);
    ak_arena_free(&arena);
    return ok;
}
