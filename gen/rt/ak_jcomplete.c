/* Completing a JSON document tree from its schema (ak_jcomplete.h). */
#include "ak_jcomplete.h"

#include "grow.h"
#include "release.h"
#include "sink.h"
#include "sort.h"

#include <stdlib.h>
#include <string.h>

bool ak_jmember_required_in(const ak_jmember *m, int64_t v)
{
    const ak_jmember_x *x = m->x;
    return !m->optional &&
           (!x || (ak_js_in_versions(&x->versions, v) && (x->required_since < 0 || v >= x->required_since)));
}

const char *ak_jmember_default(const ak_jmember *m, int64_t v)
{
    for (uint16_t i = 0; i < m->default_count; i++) {
        ak_jversions r = {m->defaults[i].since, m->defaults[i].until, -1, -1};
        if (ak_js_in_versions(&r, v))
            return m->defaults[i].json;
    }
    return NULL;
}

/* The type of a value of kind k in a place of type ti: the first
   alternative of a union that takes the kind; -1 when none does. */
static int16_t type_for(const ak_jschema *s, int16_t ti, ak_jkind k)
{
    if (ti < 0)
        return -1;
    const ak_jtype *y = &s->types[ti];
    if (y->kind == AK_JT_UNION) {
        for (uint16_t i = 0; i < y->alt_count; i++)
            if (type_for(s, y->alts[i], k) >= 0)
                return y->alts[i];
        return -1;
    }
    switch (y->kind) {
    case AK_JT_STRING:
    case AK_JT_ENUM:
    case AK_JT_REF:
    case AK_JT_TAG:
    case AK_JT_VALUE_TYPE: return k == AK_JSTR ? ti : -1;
    case AK_JT_NUMBER:
    case AK_JT_INTEGER:
    case AK_JT_F32:
    case AK_JT_F64: return k == AK_JNUM ? ti : -1;
    case AK_JT_BOOL: return k == AK_JTRUE || k == AK_JFALSE ? ti : -1;
    case AK_JT_NULL: return k == AK_JNULL ? ti : -1;
    case AK_JT_OBJECT:
    case AK_JT_MAP: return k == AK_JOBJ ? ti : -1;
    case AK_JT_ARRAY: return k == AK_JARR ? ti : -1;
    default: return -1; /* any, by, param: not followed */
    }
}

/* The concrete object an object value of declared object `declared` is:
   the one its discriminator names, for a family; -1 when none. */
static int concrete(const ak_jschema *s, int declared, const ak_jnode *v, bool legacy)
{
    const ak_jobject *o = &s->objects[declared];
    if (o->family < 0)
        return declared;
    const ak_jobject *root = &s->objects[o->family];
    const ak_jnode *tag = root->tag_member >= 0 ? ak_jnode_get(v, root->members[root->tag_member].name) : NULL;
    for (uint16_t i = 0; tag && tag->kind == AK_JSTR && i < s->object_count; i++)
        if (s->objects[i].family == o->family && !s->objects[i].abstract && ak_jnode_is(tag, s->objects[i].name))
            return legacy || !ak_js_legacy(s, &s->objects[i].versions) ? i : -1;
    return -1;
}

typedef struct completion {
    ak_jtree *t;
    const ak_jschema *s;
    int64_t version;
    ak_jkey_fn key;
    void *user;
} completion;

ak_jnode *ak_jobject_new(ak_jtree *t, const ak_jschema *s, int oi, ak_jkey_fn key, void *user)
{
    const ak_jobject *o = &s->objects[oi], *root = &s->objects[o->family];
    ak_jnode *v = ak_jnode_new(t, AK_JOBJ);
    ak_jnode_set(t, v, root->members[root->tag_member].name, ak_jnode_str(t, o->name));
    if (o->key_member >= 0 && key)
        ak_jnode_set(t, v, o->members[o->key_member].name, key(user, t, o, &o->members[o->key_member]));
    return v;
}

/* The value a missing required member m of object o gets, NULL. */
static ak_jnode *missing(completion *c, const ak_jobject *o, uint16_t i)
{
    const ak_jmember *m = &o->members[i];
    if (i == o->key_member)
        return c->key ? c->key(c->user, c->t, o, m) : NULL;
    const char *json = ak_jmember_default(m, c->version);
    if (json)
        return ak_jtree_parse(c->t, json, strlen(json));
    const ak_jtype *y = &c->s->types[m->type];
    if (y->kind == AK_JT_OBJECT && c->s->objects[y->object].family >= 0 && !c->s->objects[y->object].abstract)
        return ak_jobject_new(c->t, c->s, y->object, c->key, c->user);
    return NULL;
}

static void complete_object(completion *c, ak_jnode *v, const ak_jobject *o)
{
    const ak_jobject *root = o->family >= 0 ? &c->s->objects[o->family] : NULL;
    for (uint16_t i = 0; i < o->member_count; i++) {
        const ak_jmember *m = &o->members[i];
        if ((root && i == root->tag_member) || ak_jnode_getn(v, m->name, m->name_len) ||
            !ak_jmember_required_in(m, c->version))
            continue;
        ak_jnode *d = missing(c, o, i);
        if (d)
            ak_jnode_append(c->t, v, m->name, m->name_len, d);
    }
}

static void canonical(completion *c, ak_jnode *v, const ak_jmember *m)
{
    for (uint16_t i = 0; m && m->x && i < m->x->check_count; i++) {
        const ak_jcheck *k = &m->x->checks[i];
        char out[AK_VALUE_CANONICAL_MAX];
        size_t n = k->kind == AK_JC_SYNTAX && k->canonical && k->syntax->canonical
                       ? k->syntax->canonical((const uint8_t *)v->str, v->len, out)
                       : 0;
        if (n && (n != v->len || memcmp(out, v->str, n) != 0)) {
            char *s = ak_arena_strndup(c->t->arena, out, n);
            if (!s)
                c->t->failed = true;
            else
                v->str = s, v->len = n;
        }
    }
}

const ak_jmember *ak_jobject_member(const ak_jobject *o, const char *name, size_t n)
{
    for (uint16_t k = 0; o && k < o->member_count; k++)
        if (o->members[k].name_len == n && memcmp(o->members[k].name, name, n) == 0)
            return &o->members[k];
    return NULL;
}

/* What the walk has still to do: a value to visit, the next element of an
   unread array, or forgetting an element read alone once its values have
   been visited. */
typedef enum { WALK_VALUE, WALK_ELEMENTS, WALK_FORGET } walk_step;

typedef struct walk_item {
    walk_step step;
    ak_jnode *v;
    const char *key;
    int16_t type; /* of v; WALK_ELEMENTS: of the elements */
    const ak_jmember *m;
    unsigned up;
    ak_jelements elements;
    ak_arena_mark mark;
} walk_item;

bool ak_jschema_walk_input(ak_jtree *t, ak_jnode *root, const ak_input *in, const ak_jschema *s, bool legacy,
                           ak_jtyped_visit visit, void *arg)
{
    size_t cap = 0, n = 0;
    if (!root)
        return false;
    ak_release release;
    if (in)
        ak_release_init(&release, in, false);
    walk_item *todo = NULL;
    if (!ak_grow((void **)&todo, &cap, 1, sizeof *todo))
        return t->failed = true, false;
    todo[n++] = (walk_item){WALK_VALUE, root, NULL, s->root_type, NULL, 0, {0}, {0}};
    while (n && !t->failed) {
        walk_item it = todo[--n];
        if (it.step == WALK_FORGET) {
            ak_arena_rewind(t->arena, it.mark);
            continue;
        }
        if (it.step == WALK_ELEMENTS) {
            ak_arena_mark mark = ak_arena_mark_now(t->arena);
            ak_jnode *e = ak_jelements_next(&it.elements, t);
            if (!e || !ak_grow((void **)&todo, &cap, n + 3, sizeof *todo))
                continue; /* its end, or out of memory (t->failed) */
            todo[n++] = it; /* the elements after this one */
            todo[n++] = (walk_item){WALK_FORGET, NULL, NULL, -1, NULL, 0, {0}, mark};
            todo[n++] = (walk_item){WALK_VALUE, e, NULL, it.type, it.m, it.up, {0}, {0}};
            continue;
        }
        ak_jtyped at = {type_for(s, it.type, it.v->kind), NULL, it.m};
        const ak_jtype *y = at.type >= 0 ? &s->types[at.type] : NULL;
        int oi = y && y->kind == AK_JT_OBJECT ? concrete(s, y->object, it.v, legacy) : 0;
        if (!y || oi < 0)
            continue;
        if (y->kind == AK_JT_OBJECT)
            at.object = &s->objects[oi];
        unsigned up = visit(t, it.v, it.key, &at, it.up, arg);
        if (in && ak_jnode_unread(it.v)) {
            if (!ak_grow((void **)&todo, &cap, n + 1, sizeof *todo)) {
                t->failed = true;
                break;
            }
            todo[n] = (walk_item){WALK_ELEMENTS, it.v, NULL, y->elem, it.m, up, {0}, {0}};
            ak_jelements_begin(&todo[n++].elements, it.v, in, &release);
            continue;
        }
        for (size_t i = it.v->count; i-- > 0;) { /* pushed in reverse: visited in member order */
            const ak_jitem *c = &it.v->items[i];
            const ak_jmember *m = at.object ? ak_jobject_member(at.object, c->key, c->key_len) : it.m;
            if (at.object && m && m->x && !legacy && ak_js_legacy(s, &m->x->versions))
                m = NULL;
            walk_item child = {WALK_VALUE, c->v, it.v->kind == AK_JOBJ ? c->key : NULL,
                               at.object ? (m ? m->type : -1) : y->elem, m, up, {0}, {0}};
            if (child.type < 0)
                continue;
            if (!ak_grow((void **)&todo, &cap, n + 1, sizeof *todo)) {
                t->failed = true;
                break;
            }
            todo[n++] = child;
        }
    }
    free(todo);
    return !t->failed;
}

bool ak_jschema_walk(ak_jtree *t, const ak_jschema *s, bool legacy, ak_jtyped_visit visit, void *arg)
{
    return ak_jschema_walk_input(t, t->root, NULL, s, legacy, visit, arg);
}

static unsigned complete_visit(ak_jtree *t, ak_jnode *v, const char *key, const ak_jtyped *at, unsigned up, void *arg)
{
    (void)t, (void)key;
    if (at->object)
        complete_object(arg, v, at->object);
    else if (v->kind == AK_JSTR)
        canonical(arg, v, at->member);
    return up;
}

bool ak_jcomplete(ak_jtree *t, const ak_jschema *s, int64_t version, ak_jkey_fn key, void *user)
{
    completion c = {t, s, version, key, user};
    return ak_jschema_walk(t, s, false, complete_visit, &c);
}

/* ---- completing as it writes ------------------------------------------ */

/* A container being written: its items, or an unread array's elements. */
typedef struct wframe {
    ak_jnode *v;
    const ak_jobject *object; /* its concrete object; NULL: not one */
    int16_t elem;             /* the type of its items when not an object (-1: untyped) */
    const ak_jmember *m;      /* the member it is the value of or an element of */
    uint32_t next;            /* the item to write next */
    ak_jelements elements;    /* unread */
    bool rewind;              /* read for this frame: forgotten when it ends */
    ak_arena_mark mark;
} wframe;

typedef struct cwriter {
    completion c;
    ak_json_writer *w;
    const ak_input *in;
    ak_release release;
    bool sorted;
    wframe *st;
    size_t depth, cap;
} cwriter;

static bool member_before(const void *x, const void *y, void *first)
{
    const ak_jitem *a = x, *b = y;
    return ak_json_name_order(first, a->key, a->key_len, b->key, b->key_len) < 0;
}

/* Writes v, the value of (or an element of) member m, of type ti (-1:
   untyped, written as it is): completed and canonical as the walk of
   ak_jcomplete makes it; a container is opened for put_next. */
static bool put_value(cwriter *cw, ak_jnode *v, int16_t ti, const ak_jmember *m, bool rewind, ak_arena_mark mark)
{
    const ak_jschema *s = cw->c.s;
    int16_t at = type_for(s, ti, v->kind); /* -1 for every value without a schema */
    const ak_jtype *y = at >= 0 ? &s->types[at] : NULL;
    int oi = y && y->kind == AK_JT_OBJECT ? concrete(s, y->object, v, false) : 0;
    if (oi < 0)
        y = NULL;
    ak_json_writer *w = cw->w;
    switch (v->kind) {
    case AK_JNULL: ak_json_null(w); break;
    case AK_JFALSE:
    case AK_JTRUE: ak_json_bool(w, v->kind == AK_JTRUE); break;
    case AK_JNUM: ak_json_f64(w, v->num); break;
    case AK_JSTR:
        if (y)
            canonical(&cw->c, v, m);
        ak_json_string(w, v->str, v->len);
        break;
    default: {
        if (!ak_grow((void **)&cw->st, &cw->cap, cw->depth + 1, sizeof *cw->st))
            return false;
        wframe f = {v, NULL, y ? y->elem : -1, m, 0, {0}, rewind, mark};
        if (y && y->kind == AK_JT_OBJECT) {
            f.object = &s->objects[oi];
            complete_object(&cw->c, v, f.object);
        }
        if (ak_jnode_unread(v))
            ak_jelements_begin(&f.elements, v, cw->in, &cw->release);
        if (v->kind == AK_JOBJ && cw->sorted &&
            !ak_sort_stable(v->items, v->count, sizeof *v->items, member_before, (void *)w->first_key))
            return false;
        cw->st[cw->depth++] = f;
        if (v->kind == AK_JOBJ)
            ak_json_begin_object(w);
        else
            ak_json_begin_array(w);
        return !cw->c.t->failed;
    }
    }
    if (rewind)
        ak_arena_rewind(cw->c.t->arena, mark);
    return !cw->c.t->failed;
}

/* The next item of the innermost container, or its end. */
static bool put_next(cwriter *cw)
{
    wframe *f = &cw->st[cw->depth - 1];
    ak_jtree *t = cw->c.t;
    if (ak_jnode_unread(f->v)) { /* an element read alone, forgotten once written */
        ak_arena_mark mark = ak_arena_mark_now(t->arena);
        ak_jnode *v = ak_jelements_next(&f->elements, t);
        if (v)
            return put_value(cw, v, f->elem, f->m, true, mark);
        if (t->failed)
            return false;
    } else if (f->next < f->v->count) {
        const ak_jitem *it = &f->v->items[f->next++];
        const ak_jmember *m = f->m;
        int16_t ti = f->elem;
        if (f->v->kind == AK_JOBJ) {
            ak_json_key(cw->w, it->key, it->key_len);
            if (f->object) {
                m = ak_jobject_member(f->object, it->key, it->key_len);
                if (m && m->x && ak_js_legacy(cw->c.s, &m->x->versions))
                    m = NULL;
                ti = m ? m->type : -1;
            }
        }
        return put_value(cw, it->v, ti, m, false, f->mark);
    }
    if (f->v->kind == AK_JOBJ)
        ak_json_end_object(cw->w);
    else
        ak_json_end_array(cw->w);
    if (f->rewind)
        ak_arena_rewind(t->arena, f->mark);
    cw->depth--;
    return true;
}

bool ak_jcomplete_write_to(ak_jtree *t, ak_jnode *root, const ak_input *in, const ak_jschema *s, int64_t version,
                           ak_jkey_fn key, void *user, ak_json_writer *w, ak_sink *sink)
{
    cwriter cw = {{t, s, version, key, user}, w, in, {0}, w->opt.sort_keys, NULL, 0, 0};
    ak_release_init(&cw.release, in, false);
    w->opt.sort_keys = false; /* sorted here, one object at a time */
    bool ok = put_value(&cw, root, s ? s->root_type : -1, NULL, false, ak_arena_mark_now(t->arena));
    while (ok && cw.depth) {
        if (sink && !ak_sink_drain(sink, w->out, false))
            ok = false;
        else
            ok = put_next(&cw) && !t->failed;
    }
    w->opt.sort_keys = cw.sorted;
    free(cw.st);
    return ok;
}
