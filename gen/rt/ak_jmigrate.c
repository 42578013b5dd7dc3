/* Migrating a JSON document tree between format versions (ak_jmigrate.h). */
#include "ak_jmigrate.h"

#include <stdlib.h>
#include <string.h>

typedef struct migration {
    ak_jtree *t;
    const ak_jschema *s;
    const ak_jmig_step *step;
    const ak_jmig_statement *statement;
    ak_jkey_fn key;
    void *user;
    ak_diags *d;
    /* the actions that reported (once each; past 32, they report again) */
    const ak_jmig_action *reported[32];
    size_t reported_count;
    /* the literals compared with, parsed once */
    const char *texts[32];
    ak_jnode *values[32];
    size_t value_count;
} migration;

/* Whether step st is on the way from `from` to `to`. */
static bool on_the_way(const ak_jmig_step *st, int64_t from, int64_t to)
{
    return st->down ? to <= st->version && st->version < from : from < st->version && st->version <= to;
}

bool ak_jmigrate_possible(const ak_jschema *s, int64_t from, int64_t to)
{
    int64_t down = 0; /* one step per version and direction (animgen) */
    for (uint16_t i = 0; i < s->step_count; i++)
        down += s->steps[i].down && on_the_way(&s->steps[i], from, to);
    return from <= to || down == from - to;
}

/* A literal to compare with (shared: never placed in the tree). */
static const ak_jnode *literal(migration *m, const char *json)
{
    for (size_t i = 0; i < m->value_count; i++)
        if (m->texts[i] == json)
            return m->values[i];
    ak_jnode *v = ak_jtree_parse(m->t, json, strlen(json));
    if (v && m->value_count < sizeof m->texts / sizeof m->texts[0])
        m->texts[m->value_count] = json, m->values[m->value_count++] = v;
    return v;
}

static ak_jnode *fresh(migration *m, const char *json) { return ak_jtree_parse(m->t, json, strlen(json)); }

static void report(migration *m, const ak_jmig_action *a)
{
    for (size_t i = 0; i < m->reported_count; i++)
        if (m->reported[i] == a)
            return;
    if (m->reported_count < sizeof m->reported / sizeof m->reported[0])
        m->reported[m->reported_count++] = a;
    if (!m->d || m->step->rule < 0)
        return;
    if (a->op == AK_JM_DROP)
        ak_report(m->d, &m->s->rules[m->step->rule], 0, 0, "", "version %d cannot hold %s: dropped",
                  (int)m->step->version, a->text);
    else
        ak_report(m->d, &m->s->rules[m->step->rule], 0, 0, "", "%s", a->text);
}

/* The value holding place p, seen from object o. */
static ak_jnode *holder(migration *m, ak_jnode *o, const ak_jmig_place *p)
{
    return ak_jnode_at(p->absolute ? m->t->root : o, p->parent);
}

/* v at place p of container c: a member, or (an array) inserted at an index. */
static void place(migration *m, ak_jnode *c, const ak_jmig_place *p, ak_jnode *v)
{
    if (c && c->kind == AK_JARR)
        ak_jnode_insert(m->t, c, strtoul(p->last, NULL, 10), v);
    else
        ak_jnode_set(m->t, c, p->last, v);
}

static void apply(migration *m, ak_jnode *o, const ak_jobject *type, const ak_jmig_action *a)
{
    ak_jtree *t = m->t;
    ak_jnode *c = a->at.parent ? holder(m, o, &a->at) : NULL, *v = c ? ak_jnode_get(c, a->at.last) : NULL;
    switch ((ak_jmig_op)a->op) {
    case AK_JM_ADD:
        if (!c || v)
            break;
        if (a->json)
            ak_jnode_set(t, c, a->at.last, fresh(m, a->json));
        else if (a->object >= 0)
            ak_jnode_set(t, c, a->at.last, ak_jobject_new(t, m->s, a->object, m->key, m->user));
        else if (m->key && type->key_member >= 0) /* the object's key */
            ak_jnode_set(t, c, a->at.last, m->key(m->user, t, type, &type->members[type->key_member]));
        break;
    case AK_JM_COPY:
    case AK_JM_MOVE: {
        ak_jnode *to = holder(m, o, &a->to);
        if (!v || !to || (to->kind != AK_JOBJ && to->kind != AK_JARR))
            break; /* nowhere to go: a value moved stays where it is */
        if (a->op == AK_JM_MOVE)
            ak_jnode_del(c, a->at.last);
        place(m, to, &a->to, a->op == AK_JM_MOVE ? v : ak_jnode_copy(t, v));
        break;
    }
    case AK_JM_RETYPE:
        if (type->family >= 0) {
            const ak_jobject *root = &m->s->objects[type->family];
            ak_jnode_set(t, o, root->members[root->tag_member].name, ak_jnode_str(t, m->s->objects[a->object].name));
        }
        break;
    case AK_JM_MAP:
        for (uint16_t i = 0; i < a->pair_count; i++)
            if (!a->pairs[i].from || (v && ak_jnode_equal(v, literal(m, a->pairs[i].from)))) {
                ak_jnode_set(t, c, a->at.last, fresh(m, a->pairs[i].to));
                break;
            }
        break;
    case AK_JM_DROP:
        if (!v)
            break;
        if (a->text && !(a->json && ak_jnode_equal(v, literal(m, a->json))))
            report(m, a);
        ak_jnode_del(c, a->at.last);
        break;
    case AK_JM_WARN:
        if (v && ak_jnode_equal(v, literal(m, a->json)))
            report(m, a);
        break;
    case AK_JM_WRAP:
        if (v) {
            ak_jnode *w = ak_jobject_new(t, m->s, a->object, m->key, m->user);
            ak_jnode_set(t, w, a->to.last, v);
            ak_jnode_set(t, c, a->at.last, w);
        }
        break;
    case AK_JM_HOOK:
        if (!a->hook(t, o, m->user))
            t->failed = true;
        break;
    }
}

static unsigned visit(ak_jtree *t, ak_jnode *v, const char *key, const ak_jtyped *at, unsigned up, void *arg)
{
    (void)t, (void)key;
    migration *m = arg;
    const ak_jmig_statement *st = m->statement;
    int16_t oi = at->object ? (int16_t)(at->object - m->s->objects) : -1;
    for (uint16_t i = 0; oi >= 0 && i < st->object_count; i++)
        if (ak_js_is_a(m->s, oi, st->objects[i])) {
            for (uint16_t k = 0; k < st->action_count; k++)
                apply(m, v, at->object, &st->actions[k]);
            break;
        }
    return up;
}

static bool run(migration *m, const ak_jmig_step *step)
{
    m->step = step;
    /* what is declared for legacy versions only is followed while the
       document is one: later, it is what undeclared things are */
    int64_t from = step->version + (step->down ? 1 : -1);
    bool legacy = m->s->gate_rule >= 0 && from < m->s->gate_since;
    for (uint16_t i = 0; i < step->statement_count; i++) {
        m->statement = &step->statements[i];
        if (!ak_jschema_walk(m->t, m->s, legacy, visit, m))
            return false;
    }
    return true;
}

bool ak_jmigrate(ak_jtree *t, const ak_jschema *s, int64_t from, int64_t to, ak_jkey_fn key, void *user,
                 ak_diags *d)
{
    if (!t->root || !ak_jmigrate_possible(s, from, to))
        return false;
    migration m = {.t = t, .s = s, .key = key, .user = user, .d = d};
    bool ok = true; /* the steps are declared in the order they run */
    for (uint16_t i = 0; ok && i < s->step_count; i++)
        if (on_the_way(&s->steps[i], from, to))
            ok = run(&m, &s->steps[i]);
    return ok && !t->failed;
}
