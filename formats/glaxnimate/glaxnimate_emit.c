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

#include "format_options.h"
#include "json_writer.h"
#include "numbers.h"

#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

gj *gj_new(gj_doc *doc, gj_kind kind)
{
    gj *v = AK_ARENA_NEW(doc->arena, gj);
    if (!v)
        doc->failed = true;
    else
        v->kind = kind;
    return v;
}

bool gj_append(gj_doc *doc, gj *to, const char *key, size_t key_len, gj *v)
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
void gj_set(gj_doc *doc, gj *o, const char *key, gj *v)
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

gj *gj_num(gj_doc *doc, double x)
{
    gj *v = gj_new(doc, GJ_NUM);
    if (v)
        v->num = x;
    return v;
}

gj *gj_str(gj_doc *doc, const char *s)
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

gj *gj_static(gj_doc *doc, gj *value)
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

void gj_doc_init(gj_doc *doc, ak_arena *arena, ak_diags *d)
{
    memset(doc, 0, sizeof *doc);
    if (!arena) /* charged to the command's memory budget where there is one */
        ak_arena_init_budget(arena = &doc->own, 1 << 16, ak_diags_budget(d), "the Glaxnimate document");
    doc->arena = arena;
    doc->d = d;
}

void gj_doc_free(gj_doc *doc)
{
    free(doc->stack);
    if (doc->arena == &doc->own)
        ak_arena_free(&doc->own);
}

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
bool gj_write(const gj *root, ak_buf *out)
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

static void loss(gj_doc *doc, int version, const char *what)
{
    size_t i = 0;
    while (i < 8 && doc->lost[i] && doc->lost[i] != what)
        i++;
    if (i == 8 || doc->lost[i])
        return;
    doc->lost[i] = what;
    ak_report(doc->d, &glaxnimate_rules[glaxnimate_R_CONVERT_LOSS], 0, 0, "", "version %d cannot hold %s: dropped",
              version, what);
}

static bool type_in(const char *t, const char *const *names)
{
    for (; *names; names++)
        if (strcmp(t, *names) == 0)
            return true;
    return false;
}

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
            loss(doc, 8, "auto_orient outside a Group or Layer");
        if (tr)
            gj_del(tr, "auto_orient");
        gj *bm = gj_get(o, "blend_mode");
        if (bm && !gj_is(bm, "Normal"))
            loss(doc, 8, "blend modes");
        gj_del(o, "blend_mode");
        if (strcmp(t, "Image") == 0) {
            gj *op = gj_get(o, "opacity"), *ov = gj_get(op, "value");
            if (op && !(ov && ov->kind == GJ_NUM && ov->num == 1))
                loss(doc, 8, "the opacity of an Image");
            gj_del(o, "opacity");
        }
        if (strcmp(t, "PreCompLayer") == 0) {
            if (gj_get(o, "unbounded") && gj_get(o, "unbounded")->kind == GJ_TRUE)
                loss(doc, 8, "unbounded precomposition layers");
            gj_del(o, "unbounded");
        }
        if (strcmp(t, "Gradient") == 0) {
            gj *a = gj_get(o, "angle"), *av = gj_get(a, "value");
            if (a && !(av && av->kind == GJ_NUM && av->num == 0))
                loss(doc, 8, "the angle of a conical gradient");
            gj_del(o, "angle");
        }
        if (strcmp(t, "MaskSettings") == 0 && gj_is(gj_get(o, "mask"), "Luma"))
            ak_report(doc->d, &glaxnimate_rules[glaxnimate_R_CONVERT_LOSS], 0, 0, "",
                      "a Luma mask: only late version 8 development builds read it");
        return;
    }
    if (from < 5 && to >= 5) {
        /* the two meanings swapped; missing: Individually */
        if (strcmp(t, "Trim") == 0)
            gj_set(doc, o, "multiple",
                   gj_str(doc, gj_is(gj_get(o, "multiple"), "Individually") ? "Simultaneously" : "Individually"));
    }
    if (from < 6 && to >= 6 && strcmp(t, "MaskSettings") == 0) {
        gj *m = gj_get(o, "mask");
        gj_set(doc, o, "mask", gj_str(doc, m && m->kind == GJ_TRUE ? "Alpha" : "NoMask"));
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
        }
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

/* Calls visit on every value below root (root first, then depth-first in
 * file order, with an explicit stack), with the member name it is under
 * (NULL in an array) and what visit returned for its container. Members
 * visit adds are visited too. */
typedef unsigned (*gj_visit)(gj_doc *doc, gj *v, const char *key, unsigned up, void *arg);

static void walk(gj_doc *doc, gj *root, gj_visit visit, void *arg)
{
    typedef struct {
        gj *v;
        const char *key;
        unsigned up;
    } item;
    size_t cap = 64, n = 0;
    item *todo = malloc(cap * sizeof *todo);
    if (!todo) {
        doc->failed = true;
        return;
    }
    todo[n++] = (item){root, NULL, 0};
    while (n) {
        item it = todo[--n];
        unsigned up = visit(doc, it.v, it.key, it.up, arg);
        for (size_t i = it.v->count; i-- > 0;) {
            if (n == cap) {
                item *t = realloc(todo, (cap *= 2) * sizeof *t);
                if (!t) {
                    doc->failed = true;
                    break;
                }
                todo = t;
            }
            todo[n++] = (item){it.v->items[i].v, it.v->kind == GJ_OBJ ? it.v->items[i].key : NULL, up};
        }
    }
    free(todo);
}

static unsigned upgrade_visit(gj_doc *doc, gj *v, const char *key, unsigned up, void *arg)
{
    (void)key, (void)up;
    const int *steps = arg;
    if (v->kind == GJ_OBJ && gj_get(v, "__type__"))
        upgrade_object(doc, v, steps[0], steps[1]);
    return 0;
}

void gj_convert_version(gj_doc *doc, int from, int to)
{
    if (from < 8 && to >= 8)
        to_compositions(doc, doc->root);
    walk(doc, doc->root, upgrade_visit, (int[]){from, to});
    gj_set(doc, gj_get(doc->root, "format"), "format_version", gj_num(doc, to));
}

/* ---- legacy input (versions 1 and 2, `convert --legacy`; spec 9.2) ----- */

gj *gj_typed(gj_doc *doc, const char *type, bool node)
{
    gj *o = gj_new(doc, GJ_OBJ);
    gj_set(doc, o, "__type__", gj_str(doc, type));
    if (node) {
        gj_set(doc, o, "uuid", gj_uuid(doc));
        gj_set(doc, o, "name", gj_str(doc, ""));
    }
    return o;
}

static double number_in(const gj *v)
{
    const gj *n = v && v->kind == GJ_OBJ ? gj_get(v, "value") : v;
    return n && n->kind == GJ_NUM ? n->num : 0;
}

static gj *point(gj_doc *doc, const char *a, double x, const char *b, double y)
{
    gj *p = gj_new(doc, GJ_OBJ);
    gj_set(doc, p, a, gj_num(doc, x));
    gj_set(doc, p, b, gj_num(doc, y));
    return gj_static(doc, p);
}

/* v2: first_frame/last_frame move into an AnimationContainer (values kept:
   upstream loses them, section 10 #1) */
static void frames_to_container(gj_doc *doc, gj *o)
{
    gj *first = gj_get(o, "first_frame"), *last = gj_get(o, "last_frame");
    if (!first && !last)
        return;
    gj *a = gj_typed(doc, "AnimationContainer", false);
    if (first)
        gj_set(doc, a, "first_frame", first);
    if (last)
        gj_set(doc, a, "last_frame", last);
    gj_del(o, "first_frame");
    gj_del(o, "last_frame");
    gj_set(doc, o, "animation", a);
}

/* v2: the three layer types of version 1 become a Layer; a solid colour
   layer holds a Fill of its colour and a Rect of its size */
static void legacy_layer(gj_doc *doc, gj *l)
{
    if (l->kind != GJ_OBJ)
        return;
    const char *t = gj_type(l);
    if (strcmp(t, "SolidColorLayer") == 0) {
        double w = number_in(gj_get(l, "width")), h = number_in(gj_get(l, "height"));
        gj *color = gj_get(l, "color"), *fill = gj_typed(doc, "Fill", true), *rect = gj_typed(doc, "Rect", true);
        gj_set(doc, fill, "color", color && color->kind == GJ_OBJ ? color : gj_static(doc, color ? color : gj_str(doc, "#000000")));
        gj_set(doc, rect, "position", point(doc, "x", w / 2, "y", h / 2));
        gj_set(doc, rect, "size", point(doc, "width", w, "height", h));
        gj *shapes = gj_new(doc, GJ_ARR);
        gj_append(doc, shapes, NULL, 0, fill);
        gj_append(doc, shapes, NULL, 0, rect);
        gj_set(doc, l, "shapes", shapes);
        gj_del(l, "width"), gj_del(l, "height"), gj_del(l, "color");
    }
    if (type_in(t, (const char *const[]){"ShapeLayer", "EmptyLayer", "SolidColorLayer", NULL}))
        gj_set(doc, l, "__type__", gj_str(doc, "Layer"));
    if (!gj_get(l, "shapes"))
        gj_set(doc, l, "shapes", gj_new(doc, GJ_ARR));
    frames_to_container(doc, l);
}

/* v3: an early version 2 layer's start_time has no equivalent */
static unsigned drop_start_time(gj_doc *doc, gj *v, const char *key, unsigned up, void *arg)
{
    (void)key, (void)up, (void)arg;
    if (v->kind == GJ_OBJ && strcmp(gj_type(v), "Layer") == 0 && gj_get(v, "start_time")) {
        gj_del(v, "start_time");
        loss(doc, 3, "the start_time of a layer");
    }
    return 0;
}

/* Versions 1 and 2 up to version 3: the steps "to v2" and "to v3" of spec 9.2. */
static void legacy_to_v3(gj_doc *doc, int from)
{
    gj *root = doc->root, *main = gj_get(root, "animation"), *defs = gj_get(root, "defs");
    for (size_t i = 0; from < 2 && main && main->kind == GJ_OBJ && i < main->count; i++)
        if (strcmp(main->items[i].key, "layers") == 0) {
            main->items[i].key = "shapes", main->items[i].key_len = 6;
            for (size_t k = 0; main->items[i].v->kind == GJ_ARR && k < main->items[i].v->count; k++)
                legacy_layer(doc, main->items[i].v->items[k].v);
        }
    if (from < 2 && main)
        frames_to_container(doc, main);
    static const char *const lists[][2] = {{"colors", "NamedColorList"},
                                           {"images", "BitmapList"},
                                           {"gradient_colors", "GradientColorsList"},
                                           {"gradients", "GradientList"},
                                           {"precompositions", "PrecompositionList"}};
    gj *assets = gj_typed(doc, "Assets", true);
    for (size_t i = 0; i < sizeof lists / sizeof lists[0]; i++) {
        gj *list = gj_typed(doc, lists[i][1], true), *values = gj_get(defs, lists[i][0]);
        gj_set(doc, list, "values", values && values->kind == GJ_ARR ? values : gj_new(doc, GJ_ARR));
        gj_set(doc, assets, lists[i][0], list);
    }
    gj_del(root, "defs");
    gj_set(doc, root, "assets", assets);
    walk(doc, root, drop_start_time, NULL);
}

/* ---- normalisation (spec 9.1 rules 3-5) --------------------------------- */

/* Spec 4.3's defaults of the properties whose value the type does not say
   (objects, lists and references are made from the schema), as JSON; the
   owner's type first where names collide. */
static const char *const defaults[][2] = {
    {"name", "\"\""}, {"group_color", "\"#00000000\""}, {"visible", "true"}, {"locked", "false"},
    {"fps", "60"}, {"Bitmap.width", "-1"}, {"Bitmap.height", "-1"}, {"Stroke.width", "1"}, {"width", "512"},
    {"height", "512"}, {"first_frame", "0"}, {"last_frame", "-1"}, {"start_time", "0"}, {"stretch", "1"},
    {"anchor_point", "{\"x\": 0, \"y\": 0}"}, {"position", "{\"x\": 0, \"y\": 0}"},
    {"scale", "{\"x\": 1, \"y\": 1}"}, {"rotation", "0"}, {"auto_orient", "false"}, {"mask", "\"NoMask\""},
    {"inverted", "false"}, {"reversed", "false"}, {"Font.size", "32"}, {"size", "{\"width\": -1, \"height\": -1}"},
    {"rounded", "0"}, {"Gradient.type", "\"Linear\""}, {"type", "\"Star\""}, {"outer_radius", "0"},
    {"inner_radius", "0"}, {"angle", "0"}, {"points", "5"}, {"outer_roundness", "0"}, {"inner_roundness", "0"},
    {"shape", "{\"closed\": false, \"points\": []}"}, {"closed", "false"}, {"color", "\"#000000\""},
    {"opacity", "1"}, {"fill_rule", "\"NonZero\""}, {"cap", "\"RoundCap\""}, {"join", "\"RoundJoin\""},
    {"OffsetPath.miter_limit", "100"}, {"miter_limit", "0"}, {"copies", "1"}, {"start_opacity", "1"},
    {"end_opacity", "1"}, {"start", "0"}, {"end", "1"}, {"offset", "0"}, {"multiple", "\"Individually\""},
    {"amount", "0"}, {"radius", "0"}, {"amplitude", "10"}, {"frequency", "10"}, {"Font.style", "\"\""},
    {"style", "\"Saw\""}, {"blend_mode", "\"Normal\""}, {"render", "true"}, {"unbounded", "false"},
    {"text", "\"\""}, {"path_offset", "0"}, {"family", "\"\""}, {"line_height", "1"},
    {"start_point", "{\"x\": 0, \"y\": 0}"}, {"end_point", "{\"x\": 0, \"y\": 0}"},
    {"highlight", "{\"x\": 0, \"y\": 0}"}, {"GradientColors.colors", "[]"}, {"data", "\"\""},
    {"filename", "\"\""}, {"url", "\"\""}, {"format", "\"\""}, {"source_url", "\"\""}, {"css_url", "\"\""},
};

static gj *parse_json(gj_doc *doc, const char *text)
{
    gj_doc tmp;
    gj_doc_init(&tmp, doc->arena, NULL);
    ak_input in = {"", (const uint8_t *)text, strlen(text), false};
    gj *v = gj_read(&tmp, &in) ? tmp.root : NULL;
    gj_doc_free(&tmp);
    if (!v)
        doc->failed = true;
    return v;
}

/* The default of member m of an object of type `owner` in `version`; NULL
   when there is none to write. */
static gj *default_value(gj_doc *doc, const char *owner, const ak_jmember *m, int version)
{
    const ak_jschema *s = &glaxnimate_schema;
    const ak_jtype *ty = &s->types[m->type];
    if (strcmp(m->name, "uuid") == 0)
        return gj_uuid(doc);
    if (strcmp(m->name, "mask") == 0 && version < 6)
        return gj_bool(doc, false);
    for (uint16_t i = 0; ty->kind == AK_JT_UNION && i < ty->alt_count; i++)
        if (s->types[ty->alts[i]].kind == AK_JT_NULL)
            return gj_new(doc, GJ_NULL); /* references */
    if (ty->kind == AK_JT_ARRAY || ty->kind == AK_JT_MAP)
        return gj_new(doc, ty->kind == AK_JT_ARRAY ? GJ_ARR : GJ_OBJ);
    const ak_jobject *o = ty->kind == AK_JT_OBJECT || ty->kind == AK_JT_TAG ? &s->objects[ty->object] : NULL;
    if (o && o->family >= 0) /* filled in when the walk gets there */
        return gj_typed(doc, o->name, o->key_member >= 0);
    char qualified[96];
    snprintf(qualified, sizeof qualified, "%s.%s", owner, m->name);
    for (size_t i = 0; i < sizeof defaults / sizeof defaults[0]; i++)
        if (strcmp(defaults[i][0], qualified) == 0 || strcmp(defaults[i][0], m->name) == 0) {
            gj *v = parse_json(doc, defaults[i][1]);
            return o && strncmp(o->name, "anim_", 5) == 0 ? gj_static(doc, v) : v;
        }
    return NULL;
}

static bool required_in(const ak_jmember *m, int version)
{
    const ak_jmember_x *x = m->x;
    return !m->optional && (!x || (x->versions.since <= version &&
                                   (x->versions.until < 0 || version <= x->versions.until) &&
                                   (x->required_since < 0 || version >= x->required_since)));
}

/* Rule 3: every property of the object's type in the version. */
static void add_defaults(gj_doc *doc, gj *o, int version)
{
    const ak_jschema *s = &glaxnimate_schema;
    const char *t = gj_type(o);
    for (uint16_t k = 0; k < s->object_count; k++) {
        const ak_jobject *ob = &s->objects[k];
        if (ob->family < 0 || ob->abstract || strcmp(ob->name, t) != 0)
            continue;
        for (uint16_t i = 0; i < ob->member_count; i++) {
            const ak_jmember *m = &ob->members[i];
            gj *v = strcmp(m->name, "__type__") != 0 && !gj_get(o, m->name) && required_in(m, version)
                        ? default_value(doc, t, m, version)
                        : NULL;
            if (v)
                gj_set(doc, o, m->name, v);
        }
    }
}

/* Rule 4: a uuid (or a reference) braced or in capitals, lowercase and bare. */
static void normalise_uuid(gj_doc *doc, gj *v)
{
    const char *s = v->str;
    size_t n = v->len;
    if (n == 38 && s[0] == '{' && s[37] == '}')
        s++, n = 36;
    if (n != 36)
        return;
    char u[37];
    for (size_t i = 0; i < 36; i++) {
        bool dash = i == 8 || i == 13 || i == 18 || i == 23;
        if (dash ? s[i] != '-' : !isxdigit((unsigned char)s[i]))
            return;
        u[i] = (char)tolower((unsigned char)s[i]);
    }
    u[36] = 0;
    if (n != v->len || memcmp(u, v->str, 36) != 0)
        v->str = ak_arena_strndup(doc->arena, u, 36), v->len = 36;
}

/* Rule 5: a colour as lowercase #rrggbb, #rrggbbaa only when alpha is not
   255 (#rgb spelled out). Names are left as they are. */
static void normalise_colour(gj_doc *doc, gj *v)
{
    size_t n = v->len;
    if ((n != 4 && n != 7 && n != 9) || v->str[0] != '#')
        return;
    char c[10] = "#";
    for (size_t i = 1; i < n; i++) {
        if (!isxdigit((unsigned char)v->str[i]))
            return;
        c[i] = (char)tolower((unsigned char)v->str[i]);
    }
    if (n == 4)
        for (size_t i = 3; i > 0; i--)
            c[2 * i] = c[2 * i - 1] = c[i];
    n = n == 4 || (n == 9 && c[7] == 'f' && c[8] == 'f') ? 7 : n;
    if (n != v->len || memcmp(c, v->str, n) != 0)
        v->str = ak_arena_strndup(doc->arena, c, n), v->len = n;
}

enum { IN_COLOUR = 1 };

static unsigned normalise_visit(gj_doc *doc, gj *v, const char *key, unsigned up, void *arg)
{
    static const char *const refs[] = {"uuid", "use", "colors", "parent", "image", "composition", "path", NULL};
    bool colour = key ? strcmp(key, "color") == 0 || strcmp(key, "group_color") == 0 ||
                            ((up & IN_COLOUR) && (strcmp(key, "value") == 0 || strcmp(key, "keyframes") == 0))
                      : (up & IN_COLOUR) != 0;
    if (v->kind == GJ_STR && colour)
        normalise_colour(doc, v);
    else if (v->kind == GJ_STR && key && type_in(key, refs))
        normalise_uuid(doc, v);
    else if (v->kind == GJ_OBJ && gj_get(v, "__type__"))
        add_defaults(doc, v, *(const int *)arg);
    return colour ? IN_COLOUR : 0;
}

/* Spec 9.1 rules 3-5, and the root's metadata and info (rule 2). */
void gj_normalise(gj_doc *doc, int version)
{
    gj *root = doc->root, *info = gj_get(root, "info");
    if (!gj_get(root, "metadata"))
        gj_set(doc, root, "metadata", gj_new(doc, GJ_OBJ));
    if (!info && version >= 5)
        gj_set(doc, root, "info", info = gj_new(doc, GJ_OBJ));
    if (info && info->kind == GJ_OBJ) {
        if (!gj_get(info, "author"))
            gj_set(doc, info, "author", gj_str(doc, ""));
        if (!gj_get(info, "description"))
            gj_set(doc, info, "description", gj_str(doc, ""));
        if (!gj_get(info, "keywords"))
            gj_set(doc, info, "keywords", gj_new(doc, GJ_ARR));
    }
    walk(doc, root, normalise_visit, &version);
}

/* A legacy input is not validated as such: its upgrade is, as the version
   it was written as. */
static bool check_upgraded(const ak_buf *out, ak_diags *d)
{
    ak_diag_options dopt = {ak_diags_strict(d), ak_diags_max_errors(d)};
    ak_diags *tmp = ak_diags_new(&dopt);
    if (!tmp)
        return false;
    ak_input in = {"upgraded", (const uint8_t *)out->data, out->len, false};
    ak_format_glaxnimate.validate(&in, NULL, tmp);
    bool ok = ak_diags_errors(tmp) == 0;
    for (size_t i = 0; i < ak_diags_count(tmp); i++) {
        const ak_diag *g = ak_diags_at(tmp, i);
        if (!ak_report(d, g->rule, 0, 0, g->path, "in the upgraded document: %s", g->message))
            break;
    }
    ak_diags_free(tmp);
    return ok;
}

bool glaxnimate_reemit(const ak_input *in, const ak_options *opt, ak_diags *d, ak_buf *out)
{
    size_t before = ak_diags_errors(d), n;
    bool legacy = ak_format_option(opt, "legacy", &n) != NULL;
    ak_budget_of(d, opt); /* the document's arena (gj_doc_init) is charged to it */
    if (!legacy) {
        ak_format_glaxnimate.validate(in, opt, d);
        if (ak_diags_errors(d) > before)
            return false;
    }
    gj_doc doc;
    gj_doc_init(&doc, NULL, d);
    bool ok = gj_read(&doc, in);
    gj *fv = ok ? gj_get(gj_get(doc.root, "format"), "format_version") : NULL;
    int from = fv && fv->kind == GJ_NUM ? (int)fv->num : 0;
    legacy = legacy && ok && (from == 1 || from == 2);
    if (legacy) {
        legacy_to_v3(&doc, from);
    } else if (!ok || ak_format_option(opt, "legacy", &n)) { /* not legacy after all: as usual */
        ak_format_glaxnimate.validate(in, opt, d);
        ok = ok && ak_diags_errors(d) == before;
    }
    int to = opt && opt->format_version ? atoi(opt->format_version) : legacy ? GLAXNIMATE_LATEST : from;
    if (ok && to != from) {
        if ((from < 3 && !legacy) || to < 3 || (to < from && !(from == 9 && to == 8))) {
            ak_report(d, &glaxnimate_rules[glaxnimate_R_CONVERT_LOSS], 0, 0, "/format/format_version",
                      "cannot convert version %d to %d (from version 3 up, 1 and 2 with --legacy, and 9 down to 8)",
                      from, to);
            ok = false;
        } else {
            gj_convert_version(&doc, legacy ? 3 : from > GLAXNIMATE_LATEST ? GLAXNIMATE_LATEST : from, to);
        }
    }
    if (ok)
        gj_normalise(&doc, to);
    ok = ok && !doc.failed && gj_write(doc.root, out) && !out->failed;
    gj_doc_free(&doc);
    return ok && (!legacy || check_upgraded(out, d));
}

/* The canonical file is the clearest dump of a Glaxnimate file. */
bool glaxnimate_dump(const ak_input *in, const ak_options *opt, ak_diags *d, ak_buf *out)
{
    return glaxnimate_reemit(in, opt, d, out);
}
