/* animgen: the model section of a JSON schema (docs/schema-language.md,
 * "The common model", its JSON half): every name in it is resolved here
 * against the schema's objects and members, so that a member renamed in
 * the schema and not in the model is a build error. The result (model_json.h)
 * is what emit_model_json.c writes as tables. */
#include "model_json.h"

#include "model.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

extern const char *const cc_model_infinity_words[];
extern const char *const cc_model_interp_words[];
extern const char *const cc_model_kind_words[];
int cc_model_word(const char *const *words, const char *w);

/* The values of ak_mj_act (gen/rt/ak_model_json.h). */
enum {
    A_NONE, A_OBJECT, A_NAME, A_START, A_END, A_TRACKS, A_KIND, A_TYPE, A_BODY, A_NODE, A_PROPERTY, A_INTERVAL,
    A_VALUES, A_KEYS, A_TIME, A_VALUE, A_INTERP, A_IN, A_OUT
};
enum { V_NUMBER, V_MEMBERS, V_COLOR };

typedef struct ctx {
    compiler *cc;
    jem *em;
    format_decl *f;
    model_decl *md;
    mjx *x;
} ctx;

static jt *ty(ctx *c, int t) { return t >= 0 && (size_t)t < c->em->types.n ? c->em->types.items[t] : NULL; }
static bool ty_is(ctx *c, int t, const char *kind) { return ty(c, t) && strcmp(ty(c, t)->kind, kind) == 0; }
static const char *oname(ctx *c, int oi) { return ((jobject *)c->f->objects.items[oi])->name; }

static int member_of(ctx *c, int oi, const char *name)
{
    vec *v = &c->em->obj[oi].flat;
    for (size_t i = 0; i < v->n; i++)
        if (strcmp(((jmember *)v->items[i])->name, name) == 0)
            return (int)i;
    return -1;
}
static jmember *jm(ctx *c, int oi, int mi) { return c->em->obj[oi].flat.items[mi]; }
static int mtype(ctx *c, int oi, int mi) { return (int)(intptr_t)c->em->obj[oi].types.items[mi]; }

/* A union's alternative of one of these kinds (the first), or t itself. */
static int unwrap(ctx *c, int t, const char *k1, const char *k2)
{
    jt *y = ty(c, t);
    if (!y || strcmp(y->kind, "UNION"))
        return t;
    for (size_t i = 0; i < y->alts.n; i++) {
        int a = (int)(intptr_t)y->alts.items[i];
        if (ty_is(c, a, k1) || (k2 && ty_is(c, a, k2)))
            return a;
    }
    return t;
}

static bool is_number(ctx *c, int t)
{
    t = unwrap(c, t, "NUMBER", "INTEGER");
    t = unwrap(c, t, "F32", "F64");
    return ty_is(c, t, "NUMBER") || ty_is(c, t, "INTEGER") || ty_is(c, t, "F32") || ty_is(c, t, "F64");
}
static bool is_f32(ctx *c, int t) { return ty_is(c, unwrap(c, t, "F32", NULL), "F32"); }
static bool is_string(ctx *c, int t) { return ty_is(c, unwrap(c, t, "STRING", NULL), "STRING"); }

/* The member `name` of object oi, reported when there is none. */
static int need(ctx *c, int oi, const token *name, const char *what)
{
    int mi = member_of(c, oi, name->text);
    if (mi < 0)
        cc_error(c->cc, name->at, "model %s: object '%s' has no member '%s'", what, oname(c, oi), name->text);
    return mi;
}

/* ---- states of a list ------------------------------------------------------------- */

static int new_state(ctx *c, int oi)
{
    mj_state *s = cc_alloc(c->cc, sizeof *s);
    s->object = oi;
    vec_push(c->cc, &c->x->states, s);
    return (int)c->x->states.n - 1;
}

static mj_state *st(ctx *c, int s) { return c->x->states.items[s]; }

/* The entry of member mi in state s (made on first use). */
static mj_member *entry(ctx *c, int s, int mi)
{
    mj_state *S = st(c, s);
    for (size_t i = 0; i < S->members.n; i++)
        if (((mj_member *)S->members.items[i])->index == mi)
            return S->members.items[i];
    mj_member *m = cc_alloc(c->cc, sizeof *m);
    m->index = mi;
    m->name = jm(c, S->object, mi)->name;
    m->act = A_NONE;
    m->state = -1;
    m->word = 0;
    vec_push(c->cc, &S->members, m);
    return m;
}

/* Member mi of state s gets act (an error when it has another). */
static mj_member *give(ctx *c, int s, int mi, int act, const token *at)
{
    mj_member *m = entry(c, s, mi);
    if (m->act != A_NONE && m->act != act)
        cc_error(c->cc, at->at, "model: member '%s' of '%s' already means something else to the model", m->name,
                 oname(c, st(c, s)->object));
    m->act = act;
    return m;
}

/* The state of the object a member's value is (made on first use). */
static int child(ctx *c, int s, int mi, int oi, const token *at)
{
    mj_member *m = give(c, s, mi, A_OBJECT, at);
    if (m->state < 0)
        m->state = new_state(c, oi);
    return m->state;
}

/* The body states of the element state s: its `by` member's arms. */
static int body_member(ctx *c, int s)
{
    int oi = st(c, s)->object;
    for (size_t i = 0; i < c->em->obj[oi].flat.n; i++)
        if (ty_is(c, mtype(c, oi, (int)i), "BY"))
            return (int)i;
    return -1;
}

static void make_arms(ctx *c, int s, const token *at)
{
    if (c->x->arms.n)
        return;
    int oi = st(c, s)->object, bm = body_member(c, s);
    if (bm < 0) {
        cc_error(c->cc, at->at, "model: object '%s' has no `by` member whose arms are bodies", oname(c, oi));
        return;
    }
    jt *y = ty(c, mtype(c, oi, bm));
    mj_member *m = give(c, s, bm, A_BODY, at);
    (void)m;
    for (size_t k = 0; k < y->arm_tags.n; k++) {
        int t = (int)(intptr_t)y->arm_tags.items[k], state = -1;
        for (size_t j = 0; j < k && ty_is(c, t, "OBJECT"); j++) { /* arms of one object share its body */
            int o = (int)(intptr_t)y->arm_tags.items[j];
            if (ty_is(c, o, "OBJECT") && ty(c, o)->object == ty(c, t)->object)
                state = (int)(intptr_t)c->x->arms.items[j];
        }
        if (state < 0 && ty_is(c, t, "OBJECT"))
            state = new_state(c, ty(c, t)->object);
        vec_push(c->cc, &c->x->arms, (void *)(intptr_t)state);
    }
}

/* A dotted path from state s to its last member, which gets act; through
   objects (OBJECT states) and the element's `by` member (every arm).
   check(mi, oi) says whether the last member's type fits. */
typedef bool (*fits_fn)(ctx *c, int oi, int mi);
static void path(ctx *c, int s, const token *dotted, const char *p, int act, fits_fn fits, const char *what)
{
    const char *dot = strchr(p, '.');
    char seg[128];
    snprintf(seg, sizeof seg, "%.*s", dot ? (int)(dot - p) : (int)strlen(p), p);
    int oi = st(c, s)->object, mi = member_of(c, oi, seg);
    if (mi < 0) {
        cc_error(c->cc, dotted->at, "model %s: object '%s' has no member '%s'", what, oname(c, oi), seg);
        return;
    }
    int t = unwrap(c, mtype(c, oi, mi), "OBJECT", NULL);
    if (!dot) {
        if (fits && !fits(c, oi, mi))
            return (void)cc_error(c->cc, dotted->at, "model %s: member '%s' of '%s' is not %s", what, seg,
                                  oname(c, oi),
                                  act == A_NAME || act == A_NODE || act == A_PROPERTY ? "a string" : "a number");
        mj_member *m = give(c, s, mi, act, dotted);
        m->f32 = is_f32(c, mtype(c, oi, mi));
        return;
    }
    if (ty_is(c, t, "BY")) {
        make_arms(c, s, dotted);
        for (size_t k = 0; k < c->x->arms.n; k++) {
            int arm = (int)(intptr_t)c->x->arms.items[k];
            bool seen = false;
            for (size_t j = 0; j < k; j++)
                seen |= (int)(intptr_t)c->x->arms.items[j] == arm;
            if (arm >= 0 && !seen)
                path(c, arm, dotted, dot + 1, act, fits, what);
        }
        return;
    }
    if (!ty_is(c, t, "OBJECT")) {
        cc_error(c->cc, dotted->at, "model %s: member '%s' of '%s' is not an object", what, seg, oname(c, oi));
        return;
    }
    path(c, child(c, s, mi, ty(c, t)->object, dotted), dotted, dot + 1, act, fits, what);
}

static bool fits_string(ctx *c, int oi, int mi) { return is_string(c, mtype(c, oi, mi)); }
static bool fits_number(ctx *c, int oi, int mi) { return is_number(c, mtype(c, oi, mi)); }

/* ---- maps ------------------------------------------------------------------------- */

static const char *const *words_of(mmap_kind k)
{
    return k == MM_INFINITY ? cc_model_infinity_words : k == MM_INTERP ? cc_model_interp_words : cc_model_kind_words;
}

/* The map of this kind for member mi of oi (its name, or its named enum's),
   its names checked against the member's enum. Fills names/words. */
static void map_for(ctx *c, int oi, int mi, mmap_kind kind, const token *at, vec *names, vec *words, int *rest)
{
    jmember *m = jm(c, oi, mi);
    mmap *map = NULL;
    for (size_t i = 0; i < c->md->maps.n && !map; i++) {
        mmap *x = c->md->maps.items[i];
        if (x->kind == kind && (!strcmp(x->enum_name->text, m->name) ||
                                (m->type->kind == J_NAMED && !strcmp(x->enum_name->text, m->type->name))))
            map = x;
    }
    static const char *const kw[] = {"infinity", "interpolation", "kind"};
    if (!map) {
        cc_error(c->cc, at->at, "model: no `%s %s { ... }` map for the values of '%s'", kw[kind], m->name, m->name);
        return;
    }
    jt *y = ty(c, mtype(c, oi, mi));
    vec *enames = y && !strcmp(y->kind, "ENUM") ? &y->names : NULL;
    *rest = 0;
    for (size_t k = 0; k < map->pairs.n; k++) {
        mpair *p = map->pairs.items[k];
        int w = cc_model_word(words_of(kind), p->to->text);
        if (w < 0)
            cc_error(c->cc, p->to->at, "model %s: '%s' is no word of the model here", kw[kind], p->to->text);
        if (!p->from) {
            *rest = w < 0 ? 0 : w;
            continue;
        }
        bool known = !enames;
        for (size_t e = 0; enames && e < enames->n; e++)
            known |= !strcmp(enames->items[e], p->from->text);
        if (!known)
            cc_error(c->cc, p->from->at, "model %s: member '%s' of '%s' has no value '%s'", kw[kind], m->name,
                     oname(c, oi), p->from->text);
    }
    /* an enum's names in its order (the arms' order), else the map's */
    size_t n = enames ? enames->n : map->pairs.n;
    for (size_t k = 0; k < n; k++) {
        const char *name = enames ? enames->items[k] : ((mpair *)map->pairs.items[k])->from
                                                            ? ((mpair *)map->pairs.items[k])->from->text
                                                            : NULL;
        if (!name)
            continue;
        int w = *rest;
        for (size_t q = 0; q < map->pairs.n; q++) {
            mpair *p = map->pairs.items[q];
            if (p->from && !strcmp(p->from->text, name))
                w = cc_model_word(words_of(kind), p->to->text);
        }
        vec_push(c->cc, names, (void *)name);
        vec_push(c->cc, words, (void *)(intptr_t)(w < 0 ? 0 : w));
    }
}

/* ---- a list of tracks --------------------------------------------------------------- */

static int element_of(ctx *c, int oi, int mi)
{
    int t = unwrap(c, mtype(c, oi, mi), "ARRAY", NULL);
    return ty_is(c, t, "ARRAY") ? ty(c, t)->elem : -1;
}

static void check_keys(ctx *c, int s, mkeys *k, bool discrete)
{
    int oi = st(c, s)->object, mi = need(c, oi, k->array, "keys");
    if (mi < 0)
        return;
    int e = element_of(c, oi, mi);
    if (!ty_is(c, e, "OBJECT"))
        return (void)cc_error(c->cc, k->array->at, "model keys: '%s' is not an array of objects", k->array->text);
    mj_member *m = give(c, s, mi, A_KEYS, k->array);
    int ko = ty(c, e)->object;
    m->state = new_state(c, ko);
    m->word = discrete || !k->interp ? (discrete ? AK_INTERP_HOLD : AK_INTERP_LINEAR) : c->x->interp_rest;
    int ks = m->state;
    if (!k->time || !k->value)
        cc_error(c->cc, k->at, "model keys: a `time` member and a `value` member");
    if (k->hook || k->tangents || k->interp_shared || k->time_member || k->threshold || k->time_op)
        cc_error(c->cc, k->at, "model keys of a list: time, value, interp and tangents { in L, out R } (members "
                               "of each key)");
    int ti = k->time ? need(c, ko, k->time, "time") : -1;
    if (ti >= 0 && !is_number(c, mtype(c, ko, ti)))
        cc_error(c->cc, k->time->at, "model time: member '%s' of '%s' is not a number", k->time->text, oname(c, ko));
    else if (ti >= 0) {
        mj_member *tm = give(c, ks, ti, A_TIME, k->time);
        tm->f32 = is_f32(c, mtype(c, ko, ti));
        /* keys before the earliest time the member takes cannot be written: clipped */
        cons *r = jmember_cons(jm(c, ko, ti), C_RANGE);
        rule_decl *rd = r && r->code ? find_rule(c->cc, r->code) : NULL;
        if (r && rd && rd->compat == 2 && rd->strict == 2 && r->value) {
            double lo = r->value->kind == E_NEG ? -strtod(r->value->lhs->text, NULL) : strtod(r->value->text, NULL);
            c->x->has_time_min = true;
            c->x->time_min = lo;
        }
    }
    int vi = k->value ? need(c, ko, k->value, "value") : -1;
    if (vi >= 0 && !ty_is(c, mtype(c, ko, vi), "PARAM"))
        cc_error(c->cc, k->value->at, "model value: member '%s' of '%s' is not a value of the track's type (T)",
                 k->value->text, oname(c, ko));
    else if (vi >= 0)
        give(c, ks, vi, A_VALUE, k->value);
    if (k->interp) {
        int ii = need(c, ko, k->interp, "interp");
        if (ii >= 0) {
            give(c, ks, ii, A_INTERP, k->interp);
            if (!c->x->interp_names.n)
                map_for(c, ko, ii, MM_INTERP, k->interp, &c->x->interp_names, &c->x->interp_words, &c->x->interp_rest);
            m->word = c->x->interp_rest;
        }
    }
    if (k->tangents_inline) {
        const token *sides[2] = {k->tan_in, k->tan_out};
        for (int i = 0; i < 2; i++) {
            int ti2 = need(c, ko, sides[i], "tangents");
            if (ti2 >= 0 && !ty_is(c, mtype(c, ko, ti2), "PARAM"))
                cc_error(c->cc, sides[i]->at, "model tangents: member '%s' of '%s' is not a value of the track's "
                                              "type (T)", sides[i]->text, oname(c, ko));
            else if (ti2 >= 0)
                give(c, ks, ti2, i ? A_OUT : A_IN, sides[i]);
        }
    }
}

static void check_body(ctx *c, int es, mtrack *b)
{
    make_arms(c, es, b->name);
    int found = -1;
    for (size_t k = 0; k < c->x->arms.n; k++) {
        int s = (int)(intptr_t)c->x->arms.items[k];
        if (s >= 0 && !strcmp(oname(c, st(c, s)->object), b->name->text))
            found = s;
    }
    if (found < 0)
        return (void)cc_error(c->cc, b->name->at, "model body: no arm of the `by` member is an object '%s'",
                              b->name->text);
    if (b->interval)
        path(c, found, b->interval, b->interval->text, A_INTERVAL, fits_number, "interval");
    if (b->values) {
        int oi = st(c, found)->object, mi = need(c, oi, b->values, "values");
        if (mi >= 0 && !ty_is(c, element_of(c, oi, mi), "PARAM"))
            cc_error(c->cc, b->values->at, "model values: '%s' is not an array of values of the track's type (T)",
                     b->values->text);
        else if (mi >= 0)
            give(c, found, mi, A_VALUES, b->values);
    }
    if (b->keys)
        check_keys(c, found, b->keys, !b->keys->interp);
    if (!b->keys && !b->values)
        cc_error(c->cc, b->at, "model: a body needs `keys` (or, Raw, `values`)");
    if (b->pre || b->post || b->after || b->node || b->property)
        cc_error(c->cc, b->at, "model body of a JSON list: interval, values and keys (no infinity: a list of JSON "
                               "tracks has none)");
}

static void check_list(ctx *c, int root, mtrack *t)
{
    mjx *x = c->x;
    int rs = x->root;
    int oi = st(c, rs)->object, mi = need(c, oi, t->name, "tracks");
    if (mi < 0)
        return;
    int e = element_of(c, oi, mi);
    if (!ty_is(c, e, "OBJECT"))
        return (void)cc_error(c->cc, t->name->at, "model tracks: '%s' is not an array of objects", t->name->text);
    mj_member *m = give(c, rs, mi, A_TRACKS, t->name);
    int eo = ty(c, e)->object, es = m->state = new_state(c, eo);
    (void)root;
    if (!t->kind_field || !t->type_field)
        cc_error(c->cc, t->at, "model tracks: each element says its `kind` and `type`");
    if (t->type_write || t->kind_write)
        cc_error(c->cc, t->at, "model tracks of a JSON list: `type T` and `kind K` are read and written in the "
                               "same members (no `writes`)");
    int bm = body_member(c, es);
    if (t->kind_field) {
        int ki = need(c, eo, t->kind_field, "kind");
        if (ki >= 0) {
            mj_member *km = give(c, es, ki, A_KIND, t->kind_field);
            map_for(c, eo, ki, MM_KIND, t->kind_field, &x->kind_names, &x->kind_words, &x->kind_rest);
            if (bm >= 0) {
                jt *by = ty(c, mtype(c, eo, bm));
                if (by->sibling != ki)
                    cc_error(c->cc, t->kind_field->at, "model kind: the bodies are the arms of '%s' by '%s': the kind "
                                                       "is that member", jm(c, eo, bm)->name,
                             jm(c, eo, by->sibling)->name);
                km->tag = true;
                if (ki > bm)
                    cc_error(c->cc, t->kind_field->at, "model kind: '%s' comes after the body '%s'",
                             t->kind_field->text, jm(c, eo, bm)->name);
            }
        }
    }
    if (t->type_field) {
        int ti = need(c, eo, t->type_field, "type");
        if (ti >= 0 && !ty_is(c, mtype(c, eo, ti), "VALUE_TYPE"))
            cc_error(c->cc, t->type_field->at, "model type: member '%s' of '%s' is not a value_type",
                     t->type_field->text, oname(c, eo));
        else if (ti >= 0) {
            give(c, es, ti, A_TYPE, t->type_field);
            if (bm >= 0 && ti > bm)
                cc_error(c->cc, t->type_field->at, "model type: '%s' comes after the body '%s'", t->type_field->text,
                         jm(c, eo, bm)->name);
        }
    }
    /* a streaming reader takes the kind and the type before the body: the
       object's order must be one the validator holds it to */
    const char *ordered = c->em->obj[eo].ordered;
    rule_decl *rd = ordered ? find_rule(c->cc, ordered) : NULL;
    if (bm >= 0 && (!rd || rd->compat != 2 || rd->strict != 2))
        cc_error(c->cc, t->name->at, "model tracks: the reader needs the kind and the type before '%s': object '%s' "
                                     "must be `ordered` with an error", jm(c, eo, bm)->name, oname(c, eo));
    for (size_t i = 0; i < t->excepts.n; i++) {
        token *n = t->excepts.items[i];
        ak_value_type vt;
        if (!ak_value_type_from_name(n->text, strlen(n->text), &vt))
            cc_error(c->cc, n->at, "model type ... except: '%s' is not a value type of the model", n->text);
        else
            x->excepts |= 1ull << vt;
    }
    if (t->node)
        path(c, es, t->node, t->node->text, A_NODE, fits_string, "node");
    if (t->property)
        path(c, es, t->property, t->property->text, A_PROPERTY, fits_string, "property");
    if (!t->bodies.n)
        cc_error(c->cc, t->at, "model tracks: a `body <object> { ... }` per arm of the `by` member");
    for (size_t i = 0; i < t->bodies.n; i++)
        check_body(c, es, t->bodies.items[i]);
    if (t->pre || t->post || t->keys || t->values || t->interval)
        cc_error(c->cc, t->at, "model tracks: the keys are in the bodies");
}

/* `json indent 2, numbers ecmascript, dump canonical`. */
static void check_layout(ctx *c)
{
    mjx *x = c->x;
    x->indent = 2;
    x->numbers = "SHORTEST";
    for (size_t i = 0; i + 1 < c->md->json_options.n; i += 2) {
        token *k = c->md->json_options.items[i], *v = c->md->json_options.items[i + 1];
        if (!strcmp(k->text, "indent") && v->text[0] >= '0' && v->text[0] <= '9' && atoi(v->text) <= 16)
            x->indent = (unsigned)atoi(v->text);
        else if (!strcmp(k->text, "numbers") && !strcmp(v->text, "shortest"))
            x->numbers = "SHORTEST";
        else if (!strcmp(k->text, "numbers") && !strcmp(v->text, "ecmascript"))
            x->numbers = "ECMASCRIPT";
        else if (!strcmp(k->text, "numbers") && !strcmp(v->text, "qt"))
            x->numbers = "QT";
        else if (!strcmp(k->text, "dump") && !strcmp(v->text, "canonical") &&
                 (cc_has_hook(c->cc->format, "dump") || cc_has_hook(c->cc->format, "dump_to")))
            cc_error(c->cc, k->at, "model json dump canonical: the dump is the canonical file, so no `hook dump` "
                                   "or `hook dump_to` says it too");
        else if (!strcmp(k->text, "dump") && !strcmp(v->text, "canonical"))
            x->dump_canonical = true;
        else
            cc_error(c->cc, k->at,
                     "model json: indent 0..16, numbers shortest|ecmascript|qt, dump canonical (not '%s %s')", k->text,
                     v->text);
    }
}

/* ---- animated properties in a tree --------------------------------------------------- */

/* The object at JSON Pointer p from object oi; -1 (reported) when none. */
static int pointer_object(ctx *c, int oi, const token *at, const char *p)
{
    while (oi >= 0 && *p == '/') {
        const char *seg = p + 1, *end = strchr(seg, '/');
        char name[128];
        snprintf(name, sizeof name, "%.*s", end ? (int)(end - seg) : (int)strlen(seg), seg);
        p = end ? end : seg + strlen(seg);
        int mi = member_of(c, oi, name);
        if (mi < 0) {
            cc_error(c->cc, at->at, "model: object '%s' has no member '%s' (in %s)", oname(c, oi), name, at->text);
            return -1;
        }
        int t = unwrap(c, mtype(c, oi, mi), "OBJECT", "ARRAY");
        if (ty_is(c, t, "ARRAY")) { /* an index next */
            const char *iseg = p + 1, *iend = strchr(iseg, '/');
            size_t n = iend ? (size_t)(iend - iseg) : strlen(iseg);
            if (*p != '/' || !n || strspn(iseg, "0123456789") < n) {
                cc_error(c->cc, at->at, "model: '%s' of '%s' is an array: an index follows (in %s)", name,
                         oname(c, oi), at->text);
                return -1;
            }
            p = iseg + n;
            t = ty(c, t)->elem;
        }
        if (!ty_is(c, t, "OBJECT")) {
            cc_error(c->cc, at->at, "model: '%s' of '%s' is not an object (in %s)", name, oname(c, oi), at->text);
            return -1;
        }
        oi = ty(c, t)->object;
    }
    return oi;
}

/* `start E`, `end E` of a tree: `a.b` or `a.b / m` below the main objects. */
static const char *range_path(ctx *c, vec *mains, expr *e, const char **div)
{
    if (!e)
        return NULL;
    expr *p = e;
    if (e->kind == E_BINARY && !strcmp(e->op, "/") && e->rhs->kind == E_NAME) {
        *div = e->rhs->text;
        for (size_t i = 0; i < mains->n; i++) {
            int oi = (int)(intptr_t)mains->items[i], mi = member_of(c, oi, e->rhs->text);
            if (mi < 0 || !is_number(c, mtype(c, oi, mi)))
                cc_error(c->cc, e->rhs->at, "model: object '%s' has no number member '%s'", oname(c, oi), e->rhs->text);
        }
        p = e->lhs;
    }
    if (p->kind != E_NAME) {
        cc_error(c->cc, e->at, "model start/end of a JSON schema: a member path, or one divided by a member");
        return NULL;
    }
    size_t len = strlen(p->text) + 2;
    char *ptr = cc_alloc(c->cc, len);
    snprintf(ptr, len, "/%s", p->text);
    for (char *q = ptr; *q; q++)
        if (*q == '.')
            *q = '/';
    for (size_t i = 0; i < mains->n; i++) {
        int oi = (int)(intptr_t)mains->items[i];
        const char *last = strrchr(ptr, '/');
        char parent[256];
        snprintf(parent, sizeof parent, "%.*s", (int)(last - ptr), ptr);
        token at = {p->at, p->text, strlen(p->text)};
        int po = pointer_object(c, oi, &at, parent);
        if (po >= 0) {
            int mi = member_of(c, po, last + 1);
            if (mi < 0 || !is_number(c, mtype(c, po, mi)))
                cc_error(c->cc, p->at, "model: object '%s' has no number member '%s'", oname(c, po), last + 1);
        }
    }
    return ptr;
}

static int common_base(ctx *c, int a, int b)
{
    for (int x = a; x >= 0; x = c->em->obj[x].base)
        if (jobject_is_a(c->em, b, x))
            return x;
    return -1;
}

static void check_track_object(ctx *c, mtrack *t, token *name)
{
    int oi = jobject_index(c->f, name->text);
    if (oi < 0)
        return (void)cc_error(c->cc, name->at, "model track: no object '%s'", name->text);
    mj_track *tr = cc_alloc(c->cc, sizeof *tr);
    tr->decl = t;
    tr->object = oi;
    tr->key_object = -1;
    vec_push(c->cc, &c->x->tracks, tr);
    mkeys *k = t->keys;
    if (!k)
        return (void)cc_error(c->cc, t->at, "model track: `keys K { time T value V ... }`");
    int mi = need(c, oi, k->array, "keys");
    if (mi < 0)
        return;
    int e = element_of(c, oi, mi);
    if (!ty_is(c, e, "OBJECT"))
        return (void)cc_error(c->cc, k->array->at, "model keys: '%s' is not an array of objects", k->array->text);
    int ko = tr->key_object = ty(c, e)->object;
    tr->keys = k->array->text;
    int ti = k->time ? need(c, ko, k->time, "time") : -1, vi = k->value ? need(c, ko, k->value, "value") : -1;
    if (!k->time || !k->value)
        cc_error(c->cc, k->at, "model keys: a `time` member and a `value` member");
    if (ti >= 0 && !is_number(c, mtype(c, ko, ti)))
        cc_error(c->cc, k->time->at, "model time: member '%s' of '%s' is not a number", k->time->text, oname(c, ko));
    tr->time = k->time ? k->time->text : NULL;
    tr->value = k->value ? k->value->text : NULL;
    if (vi >= 0) {
        int vt = mtype(c, ko, vi);
        jmember *vm = jm(c, ko, vi);
        cons *syn = jmember_cons(vm, C_SYNTAX);
        syntax_decl *sd = NULL;
        for (size_t i = 0; syn && i < c->f->syntaxes.n; i++)
            if (!strcmp(((syntax_decl *)c->f->syntaxes.items[i])->name, syn->name))
                sd = c->f->syntaxes.items[i];
        if (is_number(c, vt)) {
            tr->shape = V_NUMBER;
        } else if (is_string(c, vt) && sd && !strncmp(sd->machine, "color", 5)) {
            tr->shape = V_COLOR;
        } else if (ty_is(c, unwrap(c, vt, "OBJECT", NULL), "OBJECT")) {
            int vo = ty(c, unwrap(c, vt, "OBJECT", NULL))->object;
            tr->shape = V_MEMBERS;
            for (size_t i = 0; i < c->em->obj[vo].flat.n; i++) {
                if (!is_number(c, mtype(c, vo, (int)i)) || i >= 4) {
                    cc_error(c->cc, k->value->at, "model value: '%s' of '%s' is an object whose members are not all "
                                                  "numbers (at most 4)", k->value->text, oname(c, ko));
                    break;
                }
                vec_push(c->cc, &tr->components, (void *)jm(c, vo, (int)i)->name);
            }
        } else {
            cc_error(c->cc, k->value->at, "model value: '%s' of '%s' is no number, object of numbers or string of a "
                                          "colour syntax", k->value->text, oname(c, ko));
        }
    }
    if (k->time_member) {
        c->x->fps = k->time_member->text;
        bool any = false;
        for (size_t o = 0; o < c->f->objects.n; o++) {
            int fm = member_of(c, (int)o, k->time_member->text);
            if (fm < 0 || !is_number(c, mtype(c, (int)o, fm)))
                continue;
            any = true;
            jmember *m = jm(c, (int)o, fm);
            for (size_t d = 0; d < m->defaults.n && c->x->fps_default == 0; d++) {
                jdefault *df = m->defaults.items[d];
                if (df->value && df->value->kind == JL_NUMBER)
                    c->x->fps_default = strtod(df->value->text, NULL);
            }
        }
        if (!any || !(c->x->fps_default > 0))
            cc_error(c->cc, k->time_member->at, "model time ... / %s: no object has a number member '%s' with a "
                                                "positive default", k->time_member->text, k->time_member->text);
    }
    if (k->time_op)
        cc_error(c->cc, k->at, "model time of a JSON schema: `time T` (seconds) or `time T / member`");
    if (k->interp || k->tangents || k->tangents_inline || k->threshold)
        cc_error(c->cc, k->at, "model keys of a JSON track object: time, value and `by <hook>` (or interp W)");
    if (k->hook) {
        mj_hook *h = NULL;
        for (size_t i = 0; i < c->x->hooks.n; i++)
            if (!strcmp(((mj_hook *)c->x->hooks.items[i])->name->text, k->hook->text))
                h = c->x->hooks.items[i];
        if (!h) {
            h = cc_alloc(c->cc, sizeof *h);
            h->name = k->hook;
            h->base = ko;
            h->time = tr->time;
            h->value = tr->value;
            vec_push(c->cc, &c->x->hooks, h);
        } else {
            h->base = common_base(c, h->base, ko);
            if (h->base < 0)
                cc_error(c->cc, k->hook->at, "model keys by %s: its key objects have no common base", k->hook->text);
            if (strcmp(h->time, tr->time) || strcmp(h->value, tr->value))
                cc_error(c->cc, k->hook->at, "model keys by %s: one time and one value member for all its keys",
                         k->hook->text);
        }
        for (size_t i = 0; i < k->parts.n; i++) {
            token *p = k->parts.items[i];
            if (!strcmp(p->text, "tangents"))
                h->parts |= 1;
            else if (!strcmp(p->text, "weights"))
                h->parts |= 2;
            else if (!strcmp(p->text, "flags"))
                h->parts |= 4;
            else
                cc_error(c->cc, p->at, "keys by %s with: tangents, weights or flags, not '%s'", k->hook->text, p->text);
        }
        tr->hook = h;
    }
}

/* Whether object oi holds an instance of a track object: a member of one,
   or of a key-less family object among its members (`transform`). */
static bool holds_tracks(ctx *c, int oi, int depth)
{
    for (size_t mi = 0; mi < c->em->obj[oi].flat.n; mi++) {
        int t = mtype(c, oi, (int)mi), o = ty_is(c, t, "OBJECT") ? ty(c, t)->object : -1;
        for (size_t k = 0; o >= 0 && k < c->x->tracks.n; k++)
            if (((mj_track *)c->x->tracks.items[k])->object == o)
                return true;
        if (o >= 0 && depth == 0 && c->em->obj[o].family >= 0 && c->em->obj[o].key < 0 && holds_tracks(c, o, 1))
            return true;
    }
    return false;
}

/* `objects O, P, ... in A`: what a new file's path elements may be (after
   the node object, for the first element): concrete keyed objects named by
   the node member that the main's node array may hold; an element with
   elements below is one that has the array A, whose elements may be each
   of them. */
static void check_objects(ctx *c, vec *mains)
{
    model_decl *md = c->md;
    if (!md->node_objects.n)
        return;
    if (!md->node_object || !md->node_name)
        return (void)cc_error(c->cc, md->node_objects_array->at, "model objects: with `node F writes O in A`");
    vec all = {0};
    vec_push(c->cc, &all, (void *)(intptr_t)c->x->node_object);
    for (size_t i = 0; i < md->node_objects.n; i++) {
        token *n = md->node_objects.items[i];
        int oi = jobject_index(c->f, n->text);
        jobject *o = oi >= 0 ? c->f->objects.items[oi] : NULL;
        if (!o) {
            cc_error(c->cc, n->at, "model objects: no object '%s'", n->text);
            continue;
        }
        if (o->abstract || c->em->obj[oi].family < 0 || c->em->obj[oi].key < 0 ||
            member_of(c, oi, md->node_name->text) < 0) {
            cc_error(c->cc, n->at, "model objects: '%s' is not a concrete object of a family with a key and a member "
                                   "'%s'", n->text, md->node_name->text);
            continue;
        }
        for (size_t k = 0; k < c->x->objects.n; k++)
            if ((int)(intptr_t)c->x->objects.items[k] == oi)
                cc_error(c->cc, n->at, "model objects: '%s' is given twice", n->text);
        if (!holds_tracks(c, oi, 0) && member_of(c, oi, md->node_objects_array->text) < 0)
            cc_error(c->cc, n->at, "model objects: '%s' has no animated property of a track object and no member "
                                   "'%s': nothing would make it", n->text, md->node_objects_array->text);
        for (size_t k = 0; k < mains->n; k++) {
            int mo = (int)(intptr_t)mains->items[k], mi = member_of(c, mo, md->node_array->text);
            int e = mi >= 0 ? element_of(c, mo, mi) : -1;
            if (ty_is(c, e, "OBJECT") && !jobject_is_a(c->em, oi, ty(c, e)->object))
                cc_error(c->cc, n->at, "model objects: the elements of '%s' of '%s' cannot be a '%s'",
                         md->node_array->text, oname(c, mo), n->text);
        }
        vec_push(c->cc, &c->x->objects, (void *)(intptr_t)oi);
        vec_push(c->cc, &all, (void *)(intptr_t)oi);
    }
    /* the array of elements below: every object that has it takes each of them */
    size_t holders = 0;
    for (size_t i = 0; i < all.n; i++) {
        int oi = (int)(intptr_t)all.items[i], mi = oi >= 0 ? member_of(c, oi, md->node_objects_array->text) : -1;
        if (mi < 0)
            continue;
        holders++;
        int e = element_of(c, oi, mi);
        for (size_t k = 0; k < all.n; k++) {
            int ok = (int)(intptr_t)all.items[k];
            if (ok >= 0 && (!ty_is(c, e, "OBJECT") || !jobject_is_a(c->em, ok, ty(c, e)->object)))
                cc_error(c->cc, md->node_objects_array->at, "model objects ... in %s: the elements of '%s' of '%s' "
                                                            "cannot be a '%s'", md->node_objects_array->text,
                         md->node_objects_array->text, oname(c, oi), oname(c, ok));
        }
    }
    if (!holders)
        cc_error(c->cc, md->node_objects_array->at, "model objects ... in %s: none of them has an array member '%s' "
                                                    "(the elements below an element)", md->node_objects_array->text,
                 md->node_objects_array->text);
    c->x->object_array = md->node_objects_array->text;
}

static void check_tree(ctx *c)
{
    mjx *x = c->x;
    model_decl *md = c->md;
    int root = ty(c, c->em->root_type) ? ty(c, c->em->root_type)->object : -1;
    vec mains = {0};
    for (size_t i = 0; i < md->mains.n; i++) {
        token *p = md->mains.items[i];
        if (p->text[0] != '/')
            cc_error(c->cc, p->at, "model main: a JSON Pointer (\"/animation\"), not \"%s\"", p->text);
        int oi = root >= 0 ? pointer_object(c, root, p, p->text) : -1;
        if (oi >= 0)
            vec_push(c->cc, &mains, (void *)(intptr_t)oi);
    }
    if (!md->mains.n && root >= 0)
        vec_push(c->cc, &mains, (void *)(intptr_t)root);
    if (md->name) {
        x->name = md->name->text;
        for (size_t i = 0; i < mains.n; i++) {
            int oi = (int)(intptr_t)mains.items[i], mi = need(c, oi, md->name, "name");
            if (mi >= 0 && !is_string(c, mtype(c, oi, mi)))
                cc_error(c->cc, md->name->at, "model name: member '%s' of '%s' is not a string", md->name->text,
                         oname(c, oi));
        }
    }
    const char *d1 = NULL, *d2 = NULL;
    x->start = range_path(c, &mains, md->start, &d1);
    x->end = range_path(c, &mains, md->end, &d2);
    x->range_fps = d1 ? d1 : d2;
    if (md->looping)
        cc_error(c->cc, md->at, "model looping: not in a JSON schema so far");
    x->node_object = -1;
    if (!md->node_name)
        cc_error(c->cc, md->at, "model: `node F` (the member that names the nodes of object paths)");
    else {
        bool any = false;
        for (size_t o = 0; o < c->f->objects.n; o++) {
            int mi = member_of(c, (int)o, md->node_name->text);
            any |= mi >= 0 && is_string(c, mtype(c, (int)o, mi)) && c->em->obj[o].key >= 0;
        }
        if (!any)
            cc_error(c->cc, md->node_name->at, "model node: no object with a key has a string member '%s'",
                     md->node_name->text);
    }
    if (md->node_object) {
        int no = jobject_index(c->f, md->node_object->text);
        jobject *o = no >= 0 ? c->f->objects.items[no] : NULL;
        if (!o || o->abstract || c->em->obj[no].family < 0 || c->em->obj[no].key < 0)
            cc_error(c->cc, md->node_object->at, "model node ... writes %s: not a concrete object of a family with "
                                                 "a key", md->node_object->text);
        else if (member_of(c, no, md->node_name->text) < 0)
            cc_error(c->cc, md->node_object->at, "model node: object '%s' has no member '%s'", md->node_object->text,
                     md->node_name->text);
        x->node_object = no;
        for (size_t i = 0; no >= 0 && i < mains.n; i++) {
            int oi = (int)(intptr_t)mains.items[i], mi = member_of(c, oi, md->node_array->text);
            int e = mi >= 0 ? element_of(c, oi, mi) : -1;
            if (!ty_is(c, e, "OBJECT") || !jobject_is_a(c->em, no, ty(c, e)->object))
                cc_error(c->cc, md->node_array->at, "model node ... in %s: object '%s' has no array member '%s' "
                                                    "whose elements may be a '%s'", md->node_array->text,
                         oname(c, oi), md->node_array->text, md->node_object->text);
        }
    }
    for (size_t i = 0; i < md->tracks.n; i++) {
        mtrack *t = md->tracks.items[i];
        if (t->list) {
            cc_error(c->cc, t->at, "model: `tracks` and `track` in one JSON schema");
            continue;
        }
        ak_value_type vt;
        if (!ak_value_type_from_name(t->vtype->text, strlen(t->vtype->text), &vt) ||
            ak_value_type_info_of(vt)->components != 1 || ak_value_type_info_of(vt)->kind == AK_VK_STRING)
            cc_error(c->cc, t->vtype->at, "model track: '%s' is not a numeric scalar value type of the model (a "
                                          "track per component)", t->vtype->text);
        t->vt = (int)vt;
        t->kind_value = cc_model_word(cc_model_kind_words, t->kind->text);
        if (t->kind_value < 0)
            cc_error(c->cc, t->kind->at, "model track: the kind is raw, discrete or curve, not '%s'", t->kind->text);
        if (t->targs.n || t->pre || t->post || t->after || t->node || t->property || t->bodies.n || t->values)
            cc_error(c->cc, t->at, "model track of a JSON schema: `track A, B, ... <type> <kind> { keys ... }`");
        check_track_object(c, t, t->name);
        for (size_t k = 0; k < t->also.n; k++)
            check_track_object(c, t, t->also.items[k]);
    }
    check_objects(c, &mains);
    for (size_t i = 0; i < md->lost.n; i++) {
        token *n = md->lost.items[i];
        int oi = jobject_index(c->f, n->text);
        const char *keys = x->tracks.n ? ((mj_track *)x->tracks.items[0])->keys : NULL;
        int mi = oi >= 0 && keys ? member_of(c, oi, keys) : -1;
        if (mi < 0 || element_of(c, oi, mi) < 0)
            cc_error(c->cc, n->at, "model loss: no object '%s' with the tracks' array member '%s'", n->text,
                     keys ? keys : "?");
        else
            vec_push(c->cc, &x->lost, (void *)(intptr_t)oi);
    }
    if (md->anim_hook == NULL && x->node_object >= 0)
        cc_error(c->cc, md->at, "model: a new tree is finished and written by `animation by <hook>`");
    x->version = c->f->writes.n ? atoi(c->f->writes.items[0]) : -1;
}

void cc_check_model_json(compiler *cc)
{
    format_decl *f = cc->format;
    model_decl *md = f->model;
    if (!cc->json)
        return;
    ctx c = {cc, cc->json, f, md, cc_alloc(cc, sizeof(mjx))};
    md->json = c.x;
    if (cc_has_hook(f, "to_model") || cc_has_hook(f, "from_model"))
        cc_error(cc, md->at, "model: the model section generates to_model and from_model (drop the hooks)");
    if (!md->loss_code || !md->refused_code)
        cc_error(cc, md->at, "model: `loss @code` and `refused @code` name the rules a conversion reports");
    if (md->loss_code)
        md->loss_rule = use_rule(cc, md->loss_code, md->loss_at);
    if (md->refused_code)
        md->refused_rule = use_rule(cc, md->refused_code, md->refused_at);
    if (md->tracks_hook)
        cc_error(cc, md->at, "model: `tracks by <hook>` is for binary layouts");
    for (size_t i = 0; i < md->names.n; i++) {
        mname *n = md->names.items[i];
        if (n->component && (strlen(n->component->text) != 1 || !strchr("xyzwrgba", n->component->text[0])))
            cc_error(cc, n->component->at, "model names: a component is x, y, z, w (or r, g, b, a), not '%s'",
                     n->component->text);
        for (size_t k = 0; k < i; k++) {
            mname *o = md->names.items[k];
            if (!strcmp(o->native->text, n->native->text) && o->quaternion == n->quaternion)
                cc_error(cc, n->native->at, "model names: '%s' is given twice", n->native->text);
        }
    }
    bool list = false;
    for (size_t i = 0; i < md->tracks.n; i++)
        list |= ((mtrack *)md->tracks.items[i])->list;
    c.x->list = list;
    int root = ty(&c, c.em->root_type) ? ty(&c, c.em->root_type)->object : -1;
    if (root < 0)
        return;
    if (!md->tracks.n)
        cc_error(cc, md->at, "model: no tracks (`tracks A { ... }` or `track O, ... { ... }`)");
    if (list) {
        c.x->kind_rest = c.x->interp_rest = 0;
        c.x->root = new_state(&c, root);
        if (md->name)
            path(&c, c.x->root, md->name, md->name->text, A_NAME, fits_string, "name");
        expr *ends[2] = {md->start, md->end};
        for (int i = 0; i < 2; i++) {
            if (!ends[i])
                continue;
            if (ends[i]->kind != E_NAME) {
                cc_error(cc, ends[i]->at, "model start/end of a JSON list: a member path");
                continue;
            }
            token at = {ends[i]->at, ends[i]->text, strlen(ends[i]->text)};
            path(&c, c.x->root, &at, ends[i]->text, i ? A_END : A_START, fits_number, i ? "end" : "start");
        }
        if (md->looping)
            cc_error(cc, md->at, "model looping: not in a JSON schema so far");
        if (md->mains.n || md->node_name || md->anim_hook || md->lost.n || md->node_objects.n)
            cc_error(cc, md->at, "model of a JSON list: main, node, objects, `loss O` and `animation by` are for track "
                                 "objects in a tree");
        for (size_t i = 0; i < md->tracks.n; i++) {
            mtrack *t = md->tracks.items[i];
            if (!t->list)
                cc_error(cc, t->at, "model: `tracks` and `track` in one JSON schema");
            else if (i)
                cc_error(cc, t->at, "model: one `tracks` list in a JSON schema");
            else
                check_list(&c, root, t);
        }
        check_layout(&c);
    } else {
        if (md->json_options.n)
            cc_error(cc, md->at, "model json ...: the layout of a list (a tree is written by its `animation by` hook)");
        check_tree(&c);
    }
    for (size_t i = 0; i < md->maps.n; i++) {
        mmap *m = md->maps.items[i];
        if (m->kind == MM_INFINITY)
            cc_error(cc, m->at, "model infinity: a JSON schema's tracks have none so far");
    }
}

void cc_check_model_json_only(compiler *cc)
{
    model_decl *md = cc->format->model;
    if (md->mains.n || md->node_name || md->json_options.n || md->lost.n || md->node_objects.n)
        cc_error(cc, md->at, "model: main, node, objects ... in, json and `loss O \"what\"` are for JSON schemas");
    for (size_t i = 0; i < md->tracks.n; i++) {
        mtrack *t = md->tracks.items[i];
        vec all = {0};
        vec_push(cc, &all, t);
        for (size_t k = 0; k < t->bodies.n; k++)
            vec_push(cc, &all, t->bodies.items[k]);
        for (size_t k = 0; k < all.n; k++) {
            mtrack *x = all.items[k];
            if (x->also.n || x->excepts.n || (x->keys && (x->keys->time_member || x->keys->tangents_inline)))
                cc_error(cc, x->at, "model: `track A, B`, `except`, `time T / member` and `tangents { in, out }` "
                                    "are for JSON schemas");
        }
        if (t->list && (!t->type_write || !t->kind_write))
            cc_error(cc, t->at, "model tracks of a binary layout: `type T writes F` and `kind K writes F`");
    }
}
