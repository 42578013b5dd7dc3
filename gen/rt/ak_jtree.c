/* A JSON document as a tree (ak_jtree.h). */
#include "ak_jtree.h"

#include "sort.h"

#include "budget.h"
#include "grow.h"
#include "json_parser.h"
#include "json_seek.h"
#include "release.h"
#include "sink.h"

#include <stdlib.h>
#include <string.h>

ak_jnode *ak_jnode_new(ak_jtree *t, ak_jkind kind)
{
    ak_jnode *v = AK_ARENA_NEW(t->arena, ak_jnode);
    if (!v)
        t->failed = true;
    else
        v->kind = kind;
    return v;
}

bool ak_jnode_append(ak_jtree *t, ak_jnode *to, const char *key, size_t key_len, ak_jnode *v)
{
    if (!v || !to)
        return false;
    if (to->count == to->cap) {
        size_t cap = to->cap ? to->cap * 2 : 8;
        ak_jitem *items = AK_ARENA_ARRAY(t->arena, ak_jitem, cap);
        if (!items)
            return t->failed = true, false;
        if (to->count)
            memcpy(items, to->items, to->count * sizeof *items);
        to->items = items;
        to->cap = cap;
    }
    to->items[to->count++] = (ak_jitem){key, key_len, v};
    return true;
}

bool ak_jnode_insert(ak_jtree *t, ak_jnode *a, size_t i, ak_jnode *v)
{
    if (!a || a->kind != AK_JARR || !ak_jnode_append(t, a, NULL, 0, v))
        return false;
    if (i < a->count - 1) {
        memmove(a->items + i + 1, a->items + i, (a->count - 1 - i) * sizeof *a->items);
        a->items[i] = (ak_jitem){NULL, 0, v};
    }
    return true;
}

static ak_jitem *find(const ak_jnode *o, const char *key, size_t n)
{
    for (size_t i = 0; o && o->kind == AK_JOBJ && i < o->count; i++)
        if (o->items[i].key_len == n && memcmp(o->items[i].key, key, n) == 0)
            return &o->items[i];
    return NULL;
}

ak_jnode *ak_jnode_getn(const ak_jnode *o, const char *key, size_t n)
{
    ak_jitem *it = find(o, key, n);
    return it ? it->v : NULL;
}

ak_jnode *ak_jnode_get(const ak_jnode *o, const char *key) { return ak_jnode_getn(o, key, strlen(key)); }

void ak_jnode_del(ak_jnode *o, const char *key)
{
    ak_jitem *it = find(o, key, strlen(key));
    if (it) {
        memmove(it, it + 1, (size_t)(o->items + o->count - it - 1) * sizeof *it);
        o->count--;
    }
}

void ak_jnode_set(ak_jtree *t, ak_jnode *o, const char *key, ak_jnode *v)
{
    if (!o || o->kind != AK_JOBJ || !v)
        return;
    size_t n = strlen(key);
    ak_jitem *it = find(o, key, n);
    if (it)
        it->v = v;
    else
        ak_jnode_append(t, o, key, n, v);
}

ak_jnode *ak_jnode_num(ak_jtree *t, double x)
{
    ak_jnode *v = ak_jnode_new(t, AK_JNUM);
    if (v)
        v->num = x;
    return v;
}

ak_jnode *ak_jnode_str(ak_jtree *t, const char *s)
{
    ak_jnode *v = s ? ak_jnode_new(t, AK_JSTR) : NULL;
    if (v)
        v->str = s, v->len = strlen(s);
    return v;
}

ak_jnode *ak_jnode_bool(ak_jtree *t, bool b) { return ak_jnode_new(t, b ? AK_JTRUE : AK_JFALSE); }

bool ak_jnode_is(const ak_jnode *v, const char *s)
{
    return v && v->kind == AK_JSTR && v->len == strlen(s) && memcmp(v->str, s, v->len) == 0;
}

const char *ak_jnode_text(const ak_jnode *o, const char *key)
{
    const ak_jnode *v = ak_jnode_get(o, key);
    return v && v->kind == AK_JSTR ? v->str : "";
}

ak_jnode *ak_jnode_at(const ak_jnode *v, const char *pointer) { return ak_jnode_at_input(NULL, v, pointer, NULL); }

/* Past the whitespace and the comma after an element. */
static const uint8_t *skip_separator(const uint8_t *p, const uint8_t *lim)
{
    p = ak_json__skip_ws(p, lim);
    return p < lim && *p == ',' ? ak_json__skip_ws(p + 1, lim) : p;
}

/* Element i of unread array a, read shallow; NULL when it has fewer. */
static ak_jnode *unread_element(ak_jtree *t, const ak_jnode *a, size_t i, const ak_input *in)
{
    ak_release release;
    ak_release_init(&release, in, false);
    ak_jelements e;
    ak_jelements_begin(&e, a, in, &release);
    const uint8_t *lim = in->data + in->size, *p = e.cur;
    for (size_t k = 0; k < i && p; k++) { /* passed, not read */
        p = skip_separator(p, lim);
        ak_release_restart(&release, (size_t)(p - in->data));
        p = p < lim && *p != ']' ? ak_json_value_end_releasing(p, lim, in->data, &release) : NULL;
    }
    if (!p)
        return NULL;
    e.cur = p;
    return ak_jelements_next(&e, t);
}

ak_jnode *ak_jnode_at_input(ak_jtree *t, const ak_jnode *v, const char *pointer, const ak_input *in)
{
    const char *p = pointer;
    while (v && *p == '/') {
        char token[256]; /* a reference token, unescaped (~0: ~, ~1: /) */
        size_t n = 0;
        for (p++; *p && *p != '/'; p++) {
            if (n == sizeof token || (*p == '~' && p[1] != '0' && p[1] != '1'))
                return NULL;
            token[n++] = *p != '~' ? *p : *++p == '0' ? '~' : '/';
        }
        if (v->kind == AK_JOBJ) {
            v = ak_jnode_getn(v, token, n);
            continue;
        }
        bool unread = in && ak_jnode_unread(v);
        size_t i = 0, k = 0; /* an array index: digits, no leading zero */
        while (k < n && token[k] >= '0' && token[k] <= '9' && (unread ? i < SIZE_MAX / 10 - 1 : i < v->count))
            i = i * 10 + (size_t)(token[k++] - '0');
        bool index = v->kind == AK_JARR && n && k == n && (token[0] != '0' || n == 1);
        v = !index ? NULL : unread ? unread_element(t, v, i, in) : i < v->count ? v->items[i].v : NULL;
    }
    return *p ? NULL : (ak_jnode *)v;
}

bool ak_jnode_equal(const ak_jnode *a, const ak_jnode *b)
{
    if (!a || !b || a->kind != b->kind || a->count != b->count)
        return a == b;
    if (a->kind == AK_JNUM)
        return a->num == b->num;
    if (a->kind == AK_JSTR)
        return a->len == b->len && memcmp(a->str, b->str, a->len) == 0;
    /* containers: the recursion goes no deeper than the shallower value (a
       migration's literal), and the front end caps a document at 1024 */
    for (size_t i = 0; i < a->count; i++) {
        const ak_jnode *w = a->kind == AK_JARR ? b->items[i].v : ak_jnode_getn(b, a->items[i].key, a->items[i].key_len);
        if (!ak_jnode_equal(a->items[i].v, w))
            return false;
    }
    return true;
}

double ak_jnode_number(const ak_jnode *o, const char *key, double otherwise)
{
    const ak_jnode *v = ak_jnode_get(o, key);
    return v && v->kind == AK_JNUM ? v->num : otherwise;
}

ak_jnode *ak_jnode_copy(ak_jtree *t, const ak_jnode *v)
{
    /* explicit stack of (original, copy) pairs whose items remain to copy */
    typedef struct {
        const ak_jnode *from;
        ak_jnode *to;
    } pair;
    if (!v)
        return NULL;
    ak_jnode *root = ak_jnode_new(t, v->kind);
    size_t cap = 0, n = 0;
    pair *todo = NULL;
    if (!root || !ak_grow((void **)&todo, &cap, 1, sizeof *todo))
        return t->failed = true, NULL;
    todo[n++] = (pair){v, root};
    while (n && !t->failed) {
        pair p = todo[--n];
        p.to->num = p.from->num, p.to->str = p.from->str, p.to->len = p.from->len;
        for (size_t i = 0; i < p.from->count; i++) {
            const ak_jnode *c = p.from->items[i].v;
            ak_jnode *d = ak_jnode_new(t, c->kind);
            if (!ak_jnode_append(t, p.to, p.from->items[i].key, p.from->items[i].key_len, d))
                break;
            if (!ak_grow((void **)&todo, &cap, n + 1, sizeof *todo)) {
                t->failed = true;
                break;
            }
            todo[n++] = (pair){c, d};
        }
    }
    free(todo);
    return t->failed ? NULL : root;
}

/* Reading: the JSON front end's events into the tree. */
static const char *decoded(ak_jtree *t, const ak_json_event *e, size_t *len)
{
    ak_buf b;
    ak_buf_init(&b);
    ak_json_string_decode(e, &b);
    const char *s = b.failed ? NULL : ak_arena_strndup(t->arena, b.data ? b.data : "", b.len);
    *len = b.len;
    ak_buf_free(&b);
    return s;
}

/* While reading, the members of the open containers are collected on one
   stack (t->pending) and each container gets exactly its own when it ends:
   grown in the arena, every array would leave its smaller copies behind. */
static bool close_container(ak_jtree *t)
{
    ak_jnode *c = t->stack[--t->depth].node;
    size_t base = t->stack[t->depth].base, n = t->pending.len / sizeof(ak_jitem) - base;
    ak_jitem *items = n ? AK_ARENA_ARRAY(t->arena, ak_jitem, n) : NULL;
    if (n && !items)
        return !(t->failed = true);
    if (n)
        memcpy(items, (const ak_jitem *)(const void *)t->pending.data + base, n * sizeof *items);
    c->items = items;
    c->count = c->cap = n;
    t->pending.len = base * sizeof(ak_jitem);
    return true;
}

/* A shallow reading's arrays: their elements are passed whole by the lane
   that takes any element, and what comes as events (the text of a lane's
   miss) is passed here. */
static bool pass_element(void *user, ak_json_parser *p, const uint8_t *const *caps, const uint8_t *end)
{
    (void)user, (void)p, (void)caps, (void)end;
    return true;
}

static int read_event(void *user, ak_json_parser *p, const ak_json_event *e)
{
    ak_jtree *t = user;
    ak_jnode *v = NULL;
    if (t->unread) {
        if (e->kind == AK_JSON_BEGIN_OBJECT || e->kind == AK_JSON_BEGIN_ARRAY)
            t->unread++;
        else if (e->kind == AK_JSON_END_OBJECT || e->kind == AK_JSON_END_ARRAY)
            t->unread--;
        return 0;
    }
    switch (e->kind) {
    case AK_JSON_KEY: return (t->key = decoded(t, e, &t->key_len)) ? 0 : 1;
    case AK_JSON_END_OBJECT:
    case AK_JSON_END_ARRAY:
        if (!close_container(t))
            return 1;
        if (t->first && !t->depth) { /* the value is read: what follows is not its */
            t->end = t->text + e->offset + 1;
            return 1;
        }
        return 0;
    case AK_JSON_BEGIN_OBJECT: v = ak_jnode_new(t, AK_JOBJ); break;
    case AK_JSON_BEGIN_ARRAY: v = ak_jnode_new(t, AK_JARR); break;
    case AK_JSON_TRUE: v = ak_jnode_new(t, AK_JTRUE); break;
    case AK_JSON_FALSE: v = ak_jnode_new(t, AK_JFALSE); break;
    case AK_JSON_NULL: v = ak_jnode_new(t, AK_JNULL); break;
    case AK_JSON_NUMBER:
        if ((v = ak_jnode_new(t, AK_JNUM)))
            ak_json_number_f64(e, &v->num);
        break;
    default: {
        size_t len = 0;
        if ((v = ak_jnode_new(t, AK_JSTR)) && !(v->str = decoded(t, e, &len)))
            v = NULL;
        else if (v)
            v->len = (uint32_t)len;
    }
    }
    if (!v)
        return 1;
    if (t->depth == 0) {
        t->root = v;
    } else {
        bool member = t->stack[t->depth - 1].node->kind == AK_JOBJ;
        ak_jitem it = {member ? t->key : NULL, member ? t->key_len : 0, v};
        if (!ak_buf_reserve_as(&t->pending, sizeof it, t->arena->what) || !ak_buf_append(&t->pending, &it, sizeof it))
            return t->failed = true, 1;
    }
    if (v->kind == AK_JOBJ && t->shallow)
        v->str = (const char *)t->text + e->offset; /* where it begins: ak_jnode_same */
    if (v->kind == AK_JARR && t->shallow) {
        v->str = (const char *)t->text + e->offset;
        t->unread = 1;
        ak_json_set_lane(p, ak_json_lane_any, 0);
    } else if (v->kind == AK_JOBJ || v->kind == AK_JARR) {
        if (!ak_grow((void **)&t->stack, &t->cap, t->depth + 1, sizeof *t->stack))
            return t->failed = true, 1;
        t->stack[t->depth++] = (ak_jopen){v, t->pending.len / sizeof(ak_jitem)};
    }
    return t->failed;
}

static ak_jnode *read_value(ak_jtree *t, const uint8_t *data, size_t size, bool release)
{
    ak_jnode *root = t->root;
    t->root = NULL, t->depth = 0, t->text = data, t->unread = 0;
    ak_buf_init(&t->pending);
    ak_buf_attach(&t->pending, t->arena->budget); /* charged as the arena is */
    ak_json_config cfg;
    memset(&cfg, 0, sizeof cfg);
    cfg.handler = read_event;
    cfg.user = t;
    cfg.allow_duplicates = true;
    cfg.max_depth = 1024;
    cfg.release_input = release; /* the tree holds copies of every string */
    cfg.lane_accept = t->shallow ? pass_element : NULL;
    t->end = NULL;
    ak_json_status status = ak_json_parse(data, size, &cfg, NULL);
    bool ok = (status == AK_JSON_OK || (status == AK_JSON_STOPPED && t->end)) && !t->failed && t->root;
    ak_buf_free(&t->pending);
    ak_jnode *v = ok ? t->root : NULL;
    t->root = root;
    return v;
}

bool ak_jtree_read(ak_jtree *t, const uint8_t *data, size_t size)
{
    return (t->root = read_value(t, data, size, false)) != NULL;
}

bool ak_jtree_read_input(ak_jtree *t, const ak_input *in)
{
    return (t->root = read_value(t, in->data, in->size, in->mapped)) != NULL;
}

ak_jnode *ak_jtree_parse(ak_jtree *t, const char *text, size_t len)
{
    ak_jnode *v = read_value(t, (const uint8_t *)text, len, false);
    if (!v)
        t->failed = true;
    return v;
}

ak_jnode *ak_jtree_parse_shallow(ak_jtree *t, const uint8_t *data, size_t size, bool release)
{
    t->shallow = true;
    ak_jnode *v = read_value(t, data, size, release);
    t->shallow = false;
    if (!v)
        t->failed = true;
    return v;
}

bool ak_jnode_has_items(const ak_jnode *a)
{
    if (a->kind != AK_JARR || a->count || !a->str)
        return a->kind == AK_JARR && a->count;
    const uint8_t *p = (const uint8_t *)a->str + 1;
    while (*p == ' ' || *p == '\n' || *p == '\r' || *p == '\t') /* a ']' ends it at the latest */
        p++;
    return *p != ']';
}

/* The value that begins at p, read up to its end, found as it is read (a
   container's: not the text after it); NULL when it is no container. */
static ak_jnode *read_first(ak_jtree *t, const uint8_t *p, const ak_input *in, bool shallow)
{
    if (*p != '{' && *p != '[')
        return NULL;
    t->shallow = shallow, t->first = true;
    ak_jnode *v = read_value(t, p, (size_t)(in->data + in->size - p), in->mapped);
    t->shallow = t->first = false;
    return v;
}

ak_jnode *ak_jtree_read_unread(ak_jtree *t, const ak_jnode *a, const ak_input *in)
{
    ak_jnode *v = read_first(t, (const uint8_t *)a->str, in, false);
    if (!v)
        t->failed = true;
    return v;
}

void ak_jelements_begin(ak_jelements *e, const ak_jnode *a, const ak_input *in, struct ak_release *release)
{
    e->in = in;
    e->release = release;
    e->cur = (const uint8_t *)a->str + 1;
    e->released = (size_t)(e->cur - in->data);
}

ak_jnode *ak_jelements_next(ak_jelements *e, ak_jtree *t)
{
    const uint8_t *data = e->in->data, *lim = data + e->in->size, *p = skip_separator(e->cur, lim);
    size_t offset = (size_t)(p - data);
    if (p >= lim || *p == ']') {
        if (e->release)
            ak_release_span(e->release, e->released, offset);
        e->cur = p;
        return NULL;
    }
    if (e->release && offset - e->released >= ((size_t)4 << 20)) { /* in steps, as the validators release */
        ak_release_span(e->release, e->released, offset);
        e->released = offset;
    }
    const uint8_t *end = NULL;
    ak_jnode *v = NULL;
    if (*p == '{') { /* its end found as it is read (the parse releases its pages), not passed first */
        if ((v = read_first(t, p, e->in, true)))
            end = t->end;
    } else {
        if (e->release)
            ak_release_restart(e->release, offset); /* a large one's pages go as it is passed */
        end = ak_json_value_end_releasing(p, lim, data, e->release);
        if (end && *p == '[') {
            if ((v = ak_jnode_new(t, AK_JARR)))
                v->str = (const char *)p;
        } else if (end) {
            v = ak_jtree_parse_shallow(t, p, (size_t)(end - p), e->in->mapped);
        }
    }
    if (!v)
        return t->failed = true, NULL;
    e->cur = end;
    return v;
}

void ak_jtree_init(ak_jtree *t, ak_arena *arena, struct ak_budget *budget, const char *what)
{
    memset(t, 0, sizeof *t);
    if (!arena)
        ak_arena_init_budget(arena = &t->own, 1 << 16, budget, what);
    t->arena = arena;
}

void ak_jtree_free(ak_jtree *t)
{
    free(t->stack);
    t->stack = NULL;
    if (t->arena == &t->own)
        ak_arena_free(&t->own);
}

bool ak_jtree_walk(ak_jtree *t, ak_jnode *root, ak_jvisit visit, void *arg)
{
    typedef struct {
        ak_jnode *v;
        const char *key;
        unsigned up;
    } item;
    size_t cap = 0, n = 0;
    item *todo = NULL;
    if (!ak_grow((void **)&todo, &cap, 1, sizeof *todo))
        return t->failed = true, false;
    todo[n++] = (item){root, NULL, 0};
    while (n) {
        item it = todo[--n];
        unsigned up = visit(t, it.v, it.key, it.up, arg);
        for (size_t i = it.v->count; i-- > 0;) {
            if (!ak_grow((void **)&todo, &cap, n + 1, sizeof *todo)) {
                free(todo);
                return t->failed = true, false;
            }
            todo[n++] = (item){it.v->items[i].v, it.v->kind == AK_JOBJ ? it.v->items[i].key : NULL, up};
        }
    }
    free(todo);
    return true;
}

static bool item_before(const void *x, const void *y, void *first)
{
    const ak_jitem *a = *(const ak_jitem *const *)x, *b = *(const ak_jitem *const *)y;
    return ak_json_name_order(first, a->key, a->key_len, b->key, b->key_len) < 0;
}

bool ak_jtree_write(const ak_jnode *root, ak_json_writer *w) { return ak_jtree_write_to(root, w, NULL); }

bool ak_jtree_write_to(const ak_jnode *root, ak_json_writer *w, ak_sink *sink)
{
    typedef struct {
        const ak_jnode *v;
        size_t next;
        size_t base; /* sorted: where the object's members are in `order` */
    } frame;
    /* With sort_keys, the members of each open object are put in order here
       (pointers, on one stack) and the writer writes them as they come:
       sorting them itself, it would hold the text of every open object, the
       whole document several times over. */
    bool sorted = w->opt.sort_keys, ok = true;
    w->opt.sort_keys = false;
    const ak_jitem **order = NULL;
    size_t cap = 0, depth = 0, order_cap = 0, order_n = 0;
    frame *st = NULL;
    const ak_jnode *v = root;
    for (;;) {
        if (v) {
            switch (v->kind) {
            case AK_JNULL: ak_json_null(w); break;
            case AK_JFALSE:
            case AK_JTRUE: ak_json_bool(w, v->kind == AK_JTRUE); break;
            case AK_JNUM: ak_json_f64(w, v->num); break;
            case AK_JSTR: ak_json_string(w, v->str, v->len); break;
            default:
                if (!ak_grow((void **)&st, &cap, depth + 1, sizeof *st)) {
                    ok = false;
                    goto done;
                }
                st[depth] = (frame){v, 0, order_n};
                if (v->kind == AK_JOBJ && sorted) {
                    if (!ak_grow((void **)&order, &order_cap, order_n + v->count, sizeof *order)) {
                        ok = false;
                        goto done;
                    }
                    for (size_t i = 0; i < v->count; i++)
                        order[order_n + i] = &v->items[i];
                    if (!ak_sort_stable(order + order_n, v->count, sizeof *order, item_before, (void *)w->first_key)) {
                        ok = false;
                        goto done;
                    }
                    order_n += v->count;
                }
                if (v->kind == AK_JOBJ)
                    ak_json_begin_object(w);
                else
                    ak_json_begin_array(w);
                depth++;
            }
            v = NULL;
        }
        if (!depth)
            break;
        frame *f = &st[depth - 1];
        bool object = f->v->kind == AK_JOBJ;
        if (f->next == f->v->count) {
            if (object)
                ak_json_end_object(w);
            else
                ak_json_end_array(w);
            order_n = f->base;
            depth--;
            continue;
        }
        if (sink && !ak_sink_drain(sink, w->out, false)) {
            ok = false;
            goto done;
        }
        const ak_jitem *it = object && sorted ? order[f->base + f->next++] : &f->v->items[f->next++];
        if (object)
            ak_json_key(w, it->key, it->key_len);
        v = it->v;
    }
done:
    w->opt.sort_keys = sorted;
    free(order);
    free(st);
    return ok;
}
