/* Glaxnimate: the canonical writer (spec 3.3, 9.1) and the upgrade between
 * format versions (spec 9.2).
 *
 * A validated document is read into a small tree (one node per JSON value,
 * in an arena), changed by the upgrade steps from its version to the one
 * asked for, and written through the JSON writer in Qt's indented layout:
 * members sorted with "__type__" first, empty containers on two lines,
 * numbers as Qt writes doubles. Same version, nothing changes: a file
 * Glaxnimate wrote comes out byte for byte (spec 9.1.10). */
#include "budget.h"
#include "glaxnimate_doc.h"

#include "json_writer.h"
#include "numbers.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static gj *gj_new(gj_doc *doc, gj_kind kind)
{
    gj *v = AK_ARENA_NEW(doc->arena, gj);
    if (!v)
        doc->failed = true;
    else
        v->kind = kind;
    return v;
}

static bool gj_append(gj_doc *doc, gj *to, const char *key, size_t key_len, gj *v)
{
    if (!v)
        return false;
    if (to->count == to->cap) {
        size_t cap = to->cap ? to->cap * 2 : 8;
        gj_item *items = AK_ARENA_ARRAY(doc->arena, gj_item, cap);
        if (!items)
            return doc->failed = true, false;
        if (to->count)
            memcpy(items, to->items, to->count * sizeof *items);
        to->items = items;
        to->cap = cap;
    }
    to->items[to->count++] = (gj_item){key, key_len, v};
    return true;
}

gj *gj_get(const gj *o, const char *key)
{
    size_t n = strlen(key);
    for (size_t i = 0; o && o->kind == GJ_OBJ && i < o->count; i++)
        if (o->items[i].key_len == n && memcmp(o->items[i].key, key, n) == 0)
            return o->items[i].v;
    return NULL;
}

static void gj_del(gj *o, const char *key)
{
    size_t n = strlen(key);
    for (size_t i = 0; o && o->kind == GJ_OBJ && i < o->count; i++)
        if (o->items[i].key_len == n && memcmp(o->items[i].key, key, n) == 0) {
            memmove(&o->items[i], &o->items[i + 1], (o->count - i - 1) * sizeof *o->items);
            o->count--;
            return;
        }
}

/* Sets (replaces or adds) a member. */
static void gj_set(gj_doc *doc, gj *o, const char *key, gj *v)
{
    if (!o || o->kind != GJ_OBJ || !v)
        return;
    size_t n = strlen(key);
    for (size_t i = 0; i < o->count; i++)
        if (o->items[i].key_len == n && memcmp(o->items[i].key, key, n) == 0) {
            o->items[i].v = v;
            return;
        }
    gj_append(doc, o, key, n, v);
}

static gj *gj_num(gj_doc *doc, double x)
{
    gj *v = gj_new(doc, GJ_NUM);
    if (v)
        v->num = x;
    return v;
}

static gj *gj_str(gj_doc *doc, const char *s)
{
    gj *v = gj_new(doc, GJ_STR);
    if (v)
        v->str = s, v->len = strlen(s);
    return v;
}

static gj *gj_bool(gj_doc *doc, bool b) { return gj_new(doc, b ? GJ_TRUE : GJ_FALSE); }

static bool gj_is(const gj *v, const char *s)
{
    return v && v->kind == GJ_STR && v->len == strlen(s) && memcmp(v->str, s, v->len) == 0;
}

const char *gj_type(const gj *o)
{
    gj *t = gj_get(o, "__type__");
    return t && t->kind == GJ_STR ? t->str : "";
}

/* A deep copy (the main composition's animation for each precomposition). */
static gj *gj_copy(gj_doc *doc, const gj *v)
{
    gj *c = gj_new(doc, v->kind);
    if (!c)
        return NULL;
    c->num = v->num, c->str = v->str, c->len = v->len;
    for (size_t i = 0; i < v->count; i++)
        gj_append(doc, c, v->items[i].key, v->items[i].key_len, gj_copy(doc, v->items[i].v));
    return c;
}

static gj *gj_static(gj_doc *doc, gj *value)
{
    gj *o = gj_new(doc, GJ_OBJ);
    gj_set(doc, o, "value", value);
    return o;
}

/* A fresh version 4 UUID (spec 9.1.4), derived from the input so that the
 * output is reproducible. */
static gj *gj_uuid(gj_doc *doc)
{
    uint64_t a = doc->seed += 0x9e3779b97f4a7c15u, b = a * 0xbf58476d1ce4e5b9u;
    b ^= b >> 31;
    a ^= a >> 29;
    a *= 0x94d049bb133111ebu;
    char *s = ak_arena_alloc(doc->arena, 37, 1);
    if (!s)
        return doc->failed = true, NULL;
    snprintf(s, 37, "%08x-%04x-4%03x-%04x-%012llx", (unsigned)(a >> 32), (unsigned)(a >> 16) & 0xffffu,
             (unsigned)a & 0xfffu, (unsigned)((b >> 48) & 0x3fffu) | 0x8000u,
             (unsigned long long)(b & 0xffffffffffffu));
    return gj_str(doc, s);
}

/* Reading: JSON events into the tree. */
static int read_event(void *user, ak_json_parser *p, const ak_json_event *e)
{
    (void)p;
    gj_doc *doc = user;
    gj *v = NULL;
    if (e->kind == AK_JSON_KEY) {
        ak_buf b;
        ak_buf_init(&b);
        ak_json_string_decode(e, &b);
        bool whole = !b.failed;
        doc->key = ak_arena_strndup(doc->arena, b.data ? b.data : "", b.len);
        doc->key_len = b.len;
        ak_buf_free(&b);
        return doc->key && whole ? 0 : 1;
    }
    if (e->kind == AK_JSON_END_OBJECT || e->kind == AK_JSON_END_ARRAY) {
        doc->depth--;
        return 0;
    }
    switch (e->kind) {
    case AK_JSON_BEGIN_OBJECT: v = gj_new(doc, GJ_OBJ); break;
    case AK_JSON_BEGIN_ARRAY: v = gj_new(doc, GJ_ARR); break;
    case AK_JSON_TRUE: v = gj_new(doc, GJ_TRUE); break;
    case AK_JSON_FALSE: v = gj_new(doc, GJ_FALSE); break;
    case AK_JSON_NULL: v = gj_new(doc, GJ_NULL); break;
    case AK_JSON_NUMBER:
        if ((v = gj_new(doc, GJ_NUM)))
            ak_json_number_f64(e, &v->num);
        break;
    default: {
        ak_buf b;
        ak_buf_init(&b);
        ak_json_string_decode(e, &b);
        if (!b.failed && (v = gj_new(doc, GJ_STR))) {
            v->str = ak_arena_strndup(doc->arena, b.data ? b.data : "", b.len);
            v->len = b.len;
            if (!v->str)
                v = NULL;
        }
        ak_buf_free(&b);
    }
    }
    if (!v)
        return 1;
    if (doc->depth == 0)
        doc->root = v;
    else
        gj_append(doc, doc->stack[doc->depth - 1], doc->key, doc->key_len, v);
    if (v->kind == GJ_OBJ || v->kind == GJ_ARR) {
        if (doc->depth == doc->cap) {
            size_t cap = doc->cap ? doc->cap * 2 : 64;
            gj **s = realloc(doc->stack, cap * sizeof *s);
            if (!s)
                return 1;
            doc->stack = s, doc->cap = cap;
        }
        doc->stack[doc->depth++] = v;
    }
    return doc->failed;
}

bool gj_read(gj_doc *doc, const ak_input *in)
{
    for (size_t i = 0; i < in->size; i++)
        doc->seed = (doc->seed ^ in->data[i]) * 0x100000001b3u;
    ak_json_config cfg;
    memset(&cfg, 0, sizeof cfg);
    cfg.handler = read_event;
    cfg.user = doc;
    cfg.allow_duplicates = true;
    cfg.max_depth = 1024;
    return ak_json_parse(in->data, in->size, &cfg, NULL) == AK_JSON_OK && !doc->failed && doc->root;
}

void gj_doc_free(gj_doc *doc) { free(doc->stack); }

/* A double as Qt's JSON writer writes it (spec 3.3): integral values below
 * 2^53 as integers, others in the shortest round-trip digits, in decimal
 * form unless the exponent form is shorter (QLocale's FloatingPointShortest
 * with 'g': two exponent digits at least), -0 as 0. */
static size_t qt_number(double v, char *buf)
{
    if (v == 0)
        return (size_t)snprintf(buf, AK_NUM_BUFSIZE, "0");
    if (v == trunc(v) && fabs(v) < 9007199254740992.0)
        return (size_t)snprintf(buf, AK_NUM_BUFSIZE, "%lld", (long long)v);
    char dig[18];
    int point;
    bool neg;
    int nd = ak_shortest_f64(v, dig, &point, &neg);
    int decpt = point + 1;
    bool decimal = decpt <= 0 ? 1 - decpt <= 4 : decpt <= nd + 4;
    char *p = buf;
    if (neg)
        *p++ = '-';
    if (decimal && decpt <= 0) {
        p += sprintf(p, "0.%.*s%.*s", -decpt, "0000", nd, dig);
    } else if (decimal) {
        for (int i = 0; i < (decpt > nd ? decpt : nd); i++) {
            if (i == decpt)
                *p++ = '.';
            *p++ = i < nd ? dig[i] : '0';
        }
        *p = 0;
    } else {
        *p++ = dig[0];
        if (nd > 1)
            p += sprintf(p, ".%.*s", nd - 1, dig + 1);
        p += sprintf(p, "e%c%02d", point < 0 ? '-' : '+', point < 0 ? -point : point);
    }
    return (size_t)(p - buf);
}

/* Writing: the tree through the writer, depth-first with an explicit stack. */
static bool write_doc(const gj *root, ak_buf *out)
{
    ak_json_writer w;
    ak_json_writer_options wo = {4, true, true};
    ak_json_writer_init(&w, out, &wo);
    w.first_key = "__type__";
    w.open_empty = true;
    typedef struct {
        const gj *v;
        size_t next;
    } frame;
    size_t cap = 64, depth = 0;
    frame *st = malloc(cap * sizeof *st);
    if (!st)
        return false;
    const gj *v = root;
    for (;;) {
        if (v) {
            char num[AK_NUM_BUFSIZE];
            switch (v->kind) {
            case GJ_NULL: ak_json_null(&w); break;
            case GJ_FALSE:
            case GJ_TRUE: ak_json_bool(&w, v->kind == GJ_TRUE); break;
            case GJ_NUM:
                if (isfinite(v->num))
                    ak_json_raw_number(&w, num, qt_number(v->num, num));
                else
                    ak_json_f64(&w, v->num); /* never written: flags the output */
                break;
            case GJ_STR: ak_json_string(&w, v->str, v->len); break;
            default:
                if (depth == cap) {
                    frame *n = realloc(st, (cap *= 2) * sizeof *st);
                    if (!n)
                        return free(st), false;
                    st = n;
                }
                if (v->kind == GJ_OBJ)
                    ak_json_begin_object(&w);
                else
                    ak_json_begin_array(&w);
                st[depth++] = (frame){v, 0};
            }
            v = NULL;
        }
        if (!depth)
            break;
        frame *f = &st[depth - 1];
        if (f->next == f->v->count) {
            if (f->v->kind == GJ_OBJ)
                ak_json_end_object(&w);
            else
                ak_json_end_array(&w);
            depth--;
            continue;
        }
        const gj_item *it = &f->v->items[f->next++];
        if (f->v->kind == GJ_OBJ)
            ak_json_key(&w, it->key, it->key_len);
        v = it->v;
    }
    free(st);
    return ak_json_writer_finish(&w);
}

/* ---- upgrade (spec 9.2) and downgrade ---------------------------------- */

static void loss(gj_doc *doc, const char *what)
{
    size_t i = 0;
    while (i < 8 && doc->lost[i] && doc->lost[i] != what)
        i++;
    if (i == 8 || doc->lost[i])
        return;
    doc->lost[i] = what;
    ak_report(doc->d, &glaxnimate_rules[glaxnimate_R_CONVERT_LOSS], 0, 0, "", "version 8 cannot hold %s: dropped",
              what);
}

static bool type_in(const char *t, const char *const *names)
{
    for (; *names; names++)
        if (strcmp(t, *names) == 0)
            return true;
    return false;
}

static const char *const shape_types[] = {"Rect", "Ellipse", "PolyStar", "Path", NULL};
static const char *const group_types[] = {"Group", "Layer", NULL};
static const char *const composable_types[] = {"Group", "Layer", "Image", "PreCompLayer", NULL};

/* Point-typed properties of spec 3.2: their keyframes carry motion extras from v7. */
static void add_motion(gj_doc *doc, gj *o)
{
    static const char *const props[] = {"anchor_point", "position", "start_point", "end_point", "highlight", NULL};
    const char *t = gj_type(o);
    if (!type_in(t, (const char *const[]){"Transform", "Rect", "Ellipse", "PolyStar", "TextShape", "Gradient", NULL}))
        return;
    for (const char *const *p = props; *p; p++) {
        gj *kfs = gj_get(gj_get(o, *p), "keyframes");
        for (size_t i = 0; kfs && kfs->kind == GJ_ARR && i < kfs->count; i++) {
            gj *k = kfs->items[i].v, *value = gj_get(k, "value");
            if (k->kind != GJ_OBJ || !value || gj_get(k, "point_type"))
                continue;
            gj_set(doc, k, "tan_in", gj_copy(doc, value));
            gj_set(doc, k, "tan_out", gj_copy(doc, value));
            gj_set(doc, k, "point_type", gj_num(doc, 0));
        }
    }
}

static gj *default_mask(gj_doc *doc)
{
    gj *m = gj_new(doc, GJ_OBJ);
    gj_set(doc, m, "__type__", gj_str(doc, "MaskSettings"));
    gj_set(doc, m, "mask", gj_str(doc, "NoMask"));
    gj_set(doc, m, "inverted", gj_bool(doc, false));
    return m;
}

/* The steps of one object, from version `from` to `to` (from < to), or the
 * reverse of the last step (from 9 to 8). */
static void upgrade_object(gj_doc *doc, gj *o, int from, int to)
{
    const char *t = gj_type(o);
    if (from == 9 && to == 8) {
        gj *tr = gj_get(o, "transform"), *ao = gj_get(tr, "auto_orient");
        if (type_in(t, group_types) && ao)
            gj_set(doc, o, "auto_orient", ao);
        else if (ao && ao->kind == GJ_TRUE)
            loss(doc, "auto_orient outside a Group or Layer");
        if (tr)
            gj_del(tr, "auto_orient");
        gj *bm = gj_get(o, "blend_mode");
        if (bm && !gj_is(bm, "Normal"))
            loss(doc, "blend modes");
        gj_del(o, "blend_mode");
        if (strcmp(t, "Image") == 0) {
            gj *op = gj_get(o, "opacity"), *ov = gj_get(op, "value");
            if (op && !(ov && ov->kind == GJ_NUM && ov->num == 1))
                loss(doc, "the opacity of an Image");
            gj_del(o, "opacity");
        }
        if (strcmp(t, "PreCompLayer") == 0) {
            if (gj_get(o, "unbounded") && gj_get(o, "unbounded")->kind == GJ_TRUE)
                loss(doc, "unbounded precomposition layers");
            gj_del(o, "unbounded");
        }
        if (strcmp(t, "Gradient") == 0) {
            gj *a = gj_get(o, "angle"), *av = gj_get(a, "value");
            if (a && !(av && av->kind == GJ_NUM && av->num == 0))
                loss(doc, "the angle of a conical gradient");
            gj_del(o, "angle");
        }
        if (strcmp(t, "MaskSettings") == 0 && gj_is(gj_get(o, "mask"), "Luma"))
            ak_report(doc->d, &glaxnimate_rules[glaxnimate_R_CONVERT_LOSS], 0, 0, "",
                      "a Luma mask: only late version 8 development builds read it");
        return;
    }
    if (from < 4 && to >= 4 && strcmp(t, "Assets") == 0 && !gj_get(o, "fonts")) {
        gj *fonts = gj_new(doc, GJ_OBJ);
        gj_set(doc, fonts, "__type__", gj_str(doc, "FontList"));
        gj_set(doc, fonts, "name", gj_str(doc, ""));
        gj_set(doc, fonts, "uuid", gj_uuid(doc));
        gj_set(doc, fonts, "values", gj_new(doc, GJ_ARR));
        gj_set(doc, o, "fonts", fonts);
    }
    if (from < 5 && to >= 5) {
        /* the two meanings swapped; missing: Individually */
        if (strcmp(t, "Trim") == 0)
            gj_set(doc, o, "multiple",
                   gj_str(doc, gj_is(gj_get(o, "multiple"), "Individually") ? "Simultaneously" : "Individually"));
        if (type_in(t, shape_types) && !gj_get(o, "reversed"))
            gj_set(doc, o, "reversed", gj_bool(doc, false));
        if (strcmp(t, "PolyStar") == 0) {
            if (!gj_get(o, "outer_roundness"))
                gj_set(doc, o, "outer_roundness", gj_static(doc, gj_num(doc, 0)));
            if (!gj_get(o, "inner_roundness"))
                gj_set(doc, o, "inner_roundness", gj_static(doc, gj_num(doc, 0)));
        }
    }
    if (from < 6 && to >= 6) {
        if (strcmp(t, "MaskSettings") == 0) {
            gj *m = gj_get(o, "mask");
            gj_set(doc, o, "mask", gj_str(doc, m && m->kind == GJ_TRUE ? "Alpha" : "NoMask"));
            if (!gj_get(o, "inverted"))
                gj_set(doc, o, "inverted", gj_bool(doc, false));
        }
        if (strcmp(t, "Layer") == 0 && !gj_get(o, "mask"))
            gj_set(doc, o, "mask", default_mask(doc));
    }
    if (from < 7 && to >= 7)
        add_motion(doc, o);
    if (from < 8 && to >= 8) {
        if (type_in(t, group_types) && !gj_get(o, "auto_orient"))
            gj_set(doc, o, "auto_orient", gj_bool(doc, false));
        if (strcmp(t, "Bitmap") == 0 && !gj_get(o, "url"))
            gj_set(doc, o, "url", gj_str(doc, ""));
    }
    if (from < 9 && to >= 9) {
        gj *tr = gj_get(o, "transform");
        if (type_in(t, composable_types)) {
            gj *ao = gj_get(o, "auto_orient");
            gj_set(doc, tr, "auto_orient", ao && ao->kind == GJ_TRUE ? ao : gj_bool(doc, false));
            gj_del(o, "auto_orient");
            if (!gj_get(o, "blend_mode"))
                gj_set(doc, o, "blend_mode", gj_str(doc, "Normal"));
        } else if (tr && !gj_get(tr, "auto_orient")) {
            gj_set(doc, tr, "auto_orient", gj_bool(doc, false));
        }
        if (strcmp(t, "Image") == 0 && !gj_get(o, "opacity"))
            gj_set(doc, o, "opacity", gj_static(doc, gj_num(doc, 1)));
        if (strcmp(t, "PreCompLayer") == 0 && !gj_get(o, "unbounded"))
            gj_set(doc, o, "unbounded", gj_bool(doc, false));
        if (strcmp(t, "Gradient") == 0 && !gj_get(o, "angle"))
            gj_set(doc, o, "angle", gj_static(doc, gj_num(doc, 0)));
    }
}

/* v8: one composition list, the main composition first; precompositions get
 * the main's animation, fps and size (spec 9.2; upstream's lookup runs on an
 * empty list, section 10 #3). */
static void to_compositions(gj_doc *doc, gj *root)
{
    gj *assets = gj_get(root, "assets"), *main = gj_get(root, "animation");
    gj *pre = gj_get(assets, "precompositions");
    gj *list = gj_new(doc, GJ_OBJ);
    gj_set(doc, list, "__type__", gj_str(doc, "CompositionList"));
    gj *name = gj_get(pre, "name"), *uuid = gj_get(pre, "uuid");
    gj_set(doc, list, "name", name ? name : gj_str(doc, ""));
    gj_set(doc, list, "uuid", uuid ? uuid : gj_uuid(doc));
    gj *values = gj_new(doc, GJ_ARR);
    gj_set(doc, list, "values", values);
    if (main && main->kind == GJ_OBJ) {
        gj_set(doc, main, "__type__", gj_str(doc, "Composition"));
        gj_append(doc, values, NULL, 0, main);
    }
    gj *old = gj_get(pre, "values");
    for (size_t i = 0; old && old->kind == GJ_ARR && i < old->count; i++) {
        gj *c = old->items[i].v;
        if (c->kind != GJ_OBJ)
            continue;
        gj_set(doc, c, "__type__", gj_str(doc, "Composition"));
        static const char *const copied[] = {"animation", "fps", "width", "height", NULL};
        for (const char *const *k = copied; *k; k++)
            if (gj_get(main, *k))
                gj_set(doc, c, *k, gj_copy(doc, gj_get(main, *k)));
        gj_append(doc, values, NULL, 0, c);
    }
    gj_del(assets, "precompositions");
    gj_set(doc, assets, "compositions", list);
    gj_del(root, "animation");
}

static void convert_version(gj_doc *doc, int from, int to)
{
    gj *root = doc->root;
    if (from < 8 && to >= 8)
        to_compositions(doc, root);
    /* every object, depth-first with an explicit stack */
    size_t cap = 64, n = 0;
    gj **todo = malloc(cap * sizeof *todo);
    if (!todo) {
        doc->failed = true;
        return;
    }
    todo[n++] = root;
    while (n) {
        gj *v = todo[--n];
        if (v->kind == GJ_OBJ && gj_get(v, "__type__"))
            upgrade_object(doc, v, from, to);
        for (size_t i = 0; i < v->count; i++) {
            if (v->items[i].v->kind != GJ_OBJ && v->items[i].v->kind != GJ_ARR)
                continue;
            if (n == cap) {
                gj **t = realloc(todo, (cap *= 2) * sizeof *t);
                if (!t) {
                    doc->failed = true;
                    break;
                }
                todo = t;
            }
            todo[n++] = v->items[i].v;
        }
    }
    free(todo);
    gj *format = gj_get(root, "format");
    gj_set(doc, format, "format_version", gj_num(doc, to));
    if (to >= 5 && !gj_get(root, "info")) {
        gj *info = gj_new(doc, GJ_OBJ);
        gj_set(doc, info, "author", gj_str(doc, ""));
        gj_set(doc, info, "description", gj_str(doc, ""));
        gj_set(doc, info, "keywords", gj_new(doc, GJ_ARR));
        gj_set(doc, root, "info", info);
    }
}

bool glaxnimate_reemit(const ak_input *in, const ak_options *opt, ak_diags *d, ak_buf *out)
{
    size_t before = ak_diags_errors(d);
    ak_format_glaxnimate.validate(in, opt, d);
    if (ak_diags_errors(d) > before)
        return false;
    ak_arena arena;
    ak_arena_init_budget(&arena, 1 << 16, ak_budget_of(d, opt), "the decoded document");
    gj_doc doc;
    memset(&doc, 0, sizeof doc);
    doc.arena = &arena;
    doc.d = d;
    bool ok = gj_read(&doc, in);
    gj *fv = ok ? gj_get(gj_get(doc.root, "format"), "format_version") : NULL;
    int from = fv && fv->kind == GJ_NUM ? (int)fv->num : 0;
    int to = opt && opt->format_version ? atoi(opt->format_version) : from;
    if (ok && to != from) {
        if (from < 3 || (to < from && !(from == 9 && to == 8))) {
            ak_report(d, &glaxnimate_rules[glaxnimate_R_CONVERT_LOSS], 0, 0, "/format/format_version",
                      "cannot convert version %d to %d (from version 3 up, and 9 down to 8)", from, to);
            ok = false;
        } else {
            convert_version(&doc, from > GLAXNIMATE_LATEST ? GLAXNIMATE_LATEST : from, to);
        }
    }
    ok = ok && !doc.failed && write_doc(doc.root, out) && !out->failed;
    gj_doc_free(&doc);
    ak_arena_free(&arena);
    return ok;
}

/* The canonical file is the clearest dump of a Glaxnimate file. */
bool glaxnimate_dump(const ak_input *in, const ak_options *opt, ak_diags *d, ak_buf *out)
{
    return glaxnimate_reemit(in, opt, d, out);
}
