/* Where references point (see ak_jsgraph.h). */
#include "ak_jsgraph.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* An object's place: its serial, the object it is in (0: none) and its
 * enclosing instance (itself included) of each scope object (0: none). */
typedef struct place {
    uint32_t serial, container;
    uint32_t scope[AK_JS_MAX_SCOPES];
} place;

typedef struct node {
    place at;
    int16_t object;
} node;

typedef struct ref {
    ak_jsref key;
    place from; /* the referrer: the innermost object */
    const ak_jplace *p;
} ref;

typedef struct finding {
    size_t ref;
    int16_t rule;
    char msg[120];
} finding;

struct ak_jsgraph {
    node *nodes;
    size_t nnodes, cap_nodes;
    ref *refs;
    size_t nrefs, cap_refs;
    finding *findings;
    size_t nfindings, cap_findings;
    ak_budget *budget;
};

void ak_jsgraph_free(ak_jsgraph *g)
{
    if (!g)
        return;
    ak_budget_give(g->budget, g->cap_nodes * sizeof *g->nodes + g->cap_refs * sizeof *g->refs);
    free(g->nodes);
    free(g->refs);
    free(g->findings);
    free(g);
}

/* Room for one more item of an array charged to the budget (NULL: none);
 * a refusal is reported at the token [offset, +length) being read. */
static bool room(ak_jsctx *c, ak_budget *budget, void **items, size_t *cap, size_t n, size_t size, size_t offset,
                 size_t length)
{
    if (n < *cap)
        return true;
    ak_budget_place before =
        ak_budget_place_at(budget, offset, length, budget && c && c->p ? ak_json_path(c->p) : NULL);
    bool ok = ak_budget_grow(budget, items, cap, n + 1, size, "the references' places");
    ak_budget_place_back(budget, before);
    return ok;
}

static ak_jsgraph *graph(ak_jsctx *c)
{
    if (!c->graph && (c->graph = calloc(1, sizeof *c->graph)) != NULL)
        c->graph->budget = ak_diags_budget(c->diags);
    return c->graph;
}

/* The place of the object of frame index fi. */
static place place_of(const ak_jsctx *c, size_t fi)
{
    place at = {c->frames[fi].serial, 0, {0}};
    for (size_t j = fi; j-- > 0;)
        if (c->frames[j].is_object) {
            at.container = c->frames[j].serial;
            break;
        }
    for (uint16_t k = 0; k < c->s->scope_count && k < AK_JS_MAX_SCOPES; k++)
        for (size_t j = fi + 1; j-- > 0;) {
            const ak_jsframe *f = &c->frames[j];
            if (f->is_object && f->object >= 0 && !f->unresolved && ak_js_is_a(c->s, f->object, c->s->scopes[k])) {
                at.scope[k] = f->serial;
                break;
            }
        }
    return at;
}

bool ak_jsgraph_node(ak_jsctx *c, const ak_jsframe *f, int16_t space, const ak_json_event *e)
{
    ak_jsgraph *g = graph(c);
    if (!g || !room(c, g->budget, (void **)&g->nodes, &g->cap_nodes, g->nnodes, sizeof *g->nodes, e->offset,
                    e->length))
        return false;
    node *n = &g->nodes[g->nnodes];
    n->at = place_of(c, (size_t)(f - c->frames));
    n->object = f->object;
    return ak_jsstate_key_node(c->st, space, (ak_jkey_kind)c->s->objects[space].key_kind, e, (uint32_t)g->nnodes++);
}

bool ak_jsgraph_ref(ak_jsctx *c, const ak_jsref *r, const ak_jplace *p)
{
    size_t fi = c->depth;
    while (fi > 0 && !c->frames[fi - 1].is_object)
        fi--;
    if (!fi)
        return true;
    ak_jsgraph *g = graph(c);
    if (!g || !room(c, g->budget, (void **)&g->refs, &g->cap_refs, g->nrefs, sizeof *g->refs, r->offset, r->length))
        return false;
    ref *x = &g->refs[g->nrefs++];
    x->key = *r;
    x->from = place_of(c, fi - 1);
    x->p = p;
    return true;
}

static bool find(ak_jsgraph *g, size_t i, int16_t rule, const char *fmt, ...) AK_PRINTF(4, 5);
static bool find(ak_jsgraph *g, size_t i, int16_t rule, const char *fmt, ...)
{
    if (!room(NULL, NULL, (void **)&g->findings, &g->cap_findings, g->nfindings, sizeof *g->findings, 0, 0))
        return false;
    finding *f = &g->findings[g->nfindings++];
    f->ref = i;
    f->rule = rule;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(f->msg, sizeof f->msg, fmt, ap);
    va_end(ap);
    return true;
}

static const char *name_of(const ak_jsctx *c, int16_t o)
{
    return c->s->objects[o].label ? c->s->objects[o].label : c->s->objects[o].name;
}

/* The first placement constraint reference i breaks (distinct, scope,
 * toplevel, sibling, in that order): a finding, *ok false. */
static bool placement(ak_jsctx *c, size_t i, const node *t, bool *ok)
{
    ak_jsgraph *g = c->graph;
    const ref *r = &g->refs[i];
    const ak_jplace *p = r->p;
    const char *scope = p->scope >= 0 ? name_of(c, c->s->scopes[p->scope]) : "";
    uint32_t fs = p->scope >= 0 ? r->from.scope[p->scope] : 0, ts = p->scope >= 0 ? t->at.scope[p->scope] : 0;
    *ok = false;
    if (p->distinct_rule >= 0 && t->at.serial == r->from.serial)
        return find(g, i, p->distinct_rule, "the %s names itself", name_of(c, t->object));
    if (p->scope_rule >= 0 && fs != ts)
        return find(g, i, p->scope_rule, "the %s it names is not in the same %s", name_of(c, t->object), scope);
    if (p->toplevel_rule >= 0 && r->from.container != fs)
        return find(g, i, p->toplevel_rule, "the reference is on an object that is not a direct child of its %s",
                    scope);
    if (p->toplevel_rule >= 0 && t->at.container != ts)
        return find(g, i, p->toplevel_rule, "the %s it names is not a direct child of its %s", name_of(c, t->object),
                    scope);
    if (p->sibling_rule >= 0 && t->at.container != r->from.container)
        return find(g, i, p->sibling_rule, "the %s it names is not a sibling (in the same object)",
                    name_of(c, t->object));
    *ok = true;
    return true;
}

/* ---- the graph of one member's references ------------------------------- */

/* Edges over dense vertices, as adjacency lists; edge k is reference ref[k]. */
typedef struct edges {
    uint32_t *serial;   /* per vertex: its object's serial (sorted) */
    size_t nv;
    size_t *from, *to, *ref;
    ptrdiff_t *first, *next; /* per vertex, per edge: the adjacency lists (-1) */
    size_t ne;
} edges;

static int serial_cmp(const void *a, const void *b)
{
    uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;
    return x < y ? -1 : x > y;
}

static size_t vertex(const edges *E, uint32_t serial)
{
    size_t lo = 0, hi = E->nv;
    while (lo < hi) {
        size_t mid = (lo + hi) / 2;
        if (E->serial[mid] < serial)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo;
}

static void edges_free(edges *E)
{
    free(E->serial);
    free(E->from);
    free(E->to);
    free(E->ref);
    free(E->first);
    free(E->next);
}

static void link(edges *E, size_t k)
{
    E->next[k] = E->first[E->from[k]];
    E->first[E->from[k]] = (ptrdiff_t)k;
}

/* Does vertex a reach b? Breadth-first with a visit stamp. */
static bool reaches(const edges *E, uint32_t *seen, uint32_t stamp, size_t *queue, size_t a, size_t b)
{
    size_t head = 0, tail = 0;
    queue[tail++] = a;
    seen[a] = stamp;
    while (head < tail) {
        size_t v = queue[head++];
        if (v == b)
            return true;
        for (ptrdiff_t e = E->first[v]; e >= 0; e = E->next[e])
            if (seen[E->to[e]] != stamp) {
                seen[E->to[e]] = stamp;
                queue[tail++] = E->to[e];
            }
    }
    return false;
}

/* Strongly connected components (Tarjan, with an explicit stack): comp per
 * vertex. work holds 5 * nv words. */
static void components(const edges *E, size_t *comp, size_t *work)
{
    size_t nv = E->nv, *index = work, *low = work + nv, *stack = work + 2 * nv, *calls = work + 3 * nv;
    ptrdiff_t *cursor = (ptrdiff_t *)(work + 4 * nv);
    size_t next = 1, ns = 0, ncomp = 0;
    for (size_t v = 0; v < nv; v++)
        index[v] = 0, comp[v] = SIZE_MAX;
    for (size_t s = 0; s < nv; s++) {
        if (index[s])
            continue;
        size_t nc = 0;
        calls[nc++] = s, index[s] = low[s] = next++, stack[ns++] = s, cursor[s] = E->first[s];
        while (nc) {
            size_t v = calls[nc - 1];
            ptrdiff_t e = cursor[v];
            if (e >= 0) {
                size_t w = E->to[e];
                cursor[v] = E->next[e];
                if (!index[w])
                    calls[nc++] = w, index[w] = low[w] = next++, stack[ns++] = w, cursor[w] = E->first[w];
                else if (comp[w] == SIZE_MAX && index[w] < low[v])
                    low[v] = index[w];
                continue;
            }
            if (low[v] == index[v]) {
                size_t w;
                do {
                    w = stack[--ns];
                    comp[w] = ncomp;
                } while (w != v);
                ncomp++;
            }
            if (--nc && low[v] < low[calls[nc - 1]])
                low[calls[nc - 1]] = low[v];
        }
    }
}

/* The longest chain of edges below each vertex, by a depth-first walk with
 * an edge cursor per vertex (the edges are acyclic). work holds 3 * nv. */
static void depths(const edges *E, uint32_t *depth, size_t *work)
{
    size_t nv = E->nv, *stack = work, *state = work + nv;
    ptrdiff_t *cursor = (ptrdiff_t *)(work + 2 * nv);
    for (size_t v = 0; v < nv; v++)
        state[v] = 0, depth[v] = 0;
    for (size_t s = 0; s < nv; s++) {
        if (state[s])
            continue;
        size_t top = 0;
        stack[top++] = s, state[s] = 1, cursor[s] = E->first[s];
        while (top) {
            size_t v = stack[top - 1];
            ptrdiff_t e = cursor[v];
            if (e >= 0) {
                size_t to = E->to[e];
                cursor[v] = E->next[e];
                if (!state[to])
                    stack[top++] = to, state[to] = 1, cursor[to] = E->first[to];
                else if (depth[to] + 1 > depth[v])
                    depth[v] = depth[to] + 1;
                continue;
            }
            state[v] = 2;
            if (--top && depth[v] + 1 > depth[stack[top - 1]])
                depth[stack[top - 1]] = depth[v] + 1;
        }
    }
}

/* The edge of reference i: from the referrer (or its enclosing instance of
 * the `from` scope) to its target. */
static uint32_t edge_from(const ref *r)
{
    uint32_t s = r->p->acyclic_from >= 0 ? r->from.scope[r->p->acyclic_from] : 0;
    return s ? s : r->from.serial;
}

/* `acyclic` and `depth` over the references of place p that passed their
 * placement (target[i] >= 0): builds the graph, reports, and leaves out the
 * edges a cycle check reported. */
static bool cycles(ak_jsctx *c, const ak_jplace *p, const ptrdiff_t *target)
{
    ak_jsgraph *g = c->graph;
    edges E = {0};
    size_t n = 0;
    for (size_t i = 0; i < g->nrefs; i++)
        n += g->refs[i].p == p && target[i] >= 0;
    /* held while the graph is checked, some times what the references take
       themselves: charged to the budget */
    const uint64_t held = (2 * (uint64_t)n + 1) * (sizeof *E.serial + sizeof *E.first + sizeof(uint32_t)) +
                          ((uint64_t)n + 1) * (sizeof *E.from + sizeof *E.to + sizeof *E.ref + sizeof *E.next +
                                               sizeof(bool)) +
                          (12 * (uint64_t)n + 1) * sizeof(size_t);
    if (!ak_budget_take(g->budget, held, "checking the references"))
        return false;
    E.serial = malloc((2 * n + 1) * sizeof *E.serial);
    E.from = malloc((n + 1) * sizeof *E.from);
    E.to = malloc((n + 1) * sizeof *E.to);
    E.ref = malloc((n + 1) * sizeof *E.ref);
    E.next = malloc((n + 1) * sizeof *E.next);
    E.first = malloc((2 * n + 1) * sizeof *E.first);
    size_t *work = malloc((12 * n + 1) * sizeof *work); /* 5 per vertex, and comp */
    uint32_t *mark = calloc(2 * n + 1, sizeof *mark);
    bool go = E.serial && E.from && E.to && E.ref && E.next && E.first && work && mark;
    for (size_t i = 0; go && i < g->nrefs; i++)
        if (g->refs[i].p == p && target[i] >= 0) {
            E.serial[E.nv++] = edge_from(&g->refs[i]);
            E.serial[E.nv++] = g->nodes[target[i]].at.serial;
            E.ref[E.ne++] = i;
        }
    if (go && E.nv) {
        qsort(E.serial, E.nv, sizeof *E.serial, serial_cmp);
        size_t u = 1;
        for (size_t v = 1; v < E.nv; v++)
            if (E.serial[v] != E.serial[u - 1])
                E.serial[u++] = E.serial[v];
        E.nv = u;
    }
    for (size_t v = 0; go && v < E.nv; v++)
        E.first[v] = -1;
    for (size_t k = 0; go && k < E.ne; k++) {
        const ref *r = &g->refs[E.ref[k]];
        E.from[k] = vertex(&E, edge_from(r));
        E.to[k] = vertex(&E, g->nodes[target[E.ref[k]]].at.serial);
    }
    /* kept[k]: the edge stays in the graph */
    bool *kept = go ? calloc(E.ne + 1, sizeof *kept) : NULL;
    go = go && kept;
    if (go && p->acyclic_rule >= 0 && p->closing) {
        /* in document order: the edge that would close a cycle is reported and left out */
        for (size_t k = 0; go && k < E.ne; k++) {
            if (E.to[k] == E.from[k])
                go = find(g, E.ref[k], p->acyclic_rule, "the reference names the %s it is in",
                          p->acyclic_from >= 0 ? name_of(c, c->s->scopes[p->acyclic_from]) : "object");
            else if (reaches(&E, mark, (uint32_t)k + 1, work, E.to[k], E.from[k]))
                go = find(g, E.ref[k], p->acyclic_rule, "the reference closes a cycle of references");
            else
                kept[k] = true, link(&E, k);
        }
    } else if (go) {
        for (size_t k = 0; k < E.ne; k++)
            link(&E, k);
        if (p->acyclic_rule >= 0) {
            size_t *comp = work + 10 * n;
            components(&E, comp, work);
            for (size_t k = 0; k < E.ne; k++)
                kept[k] = comp[E.from[k]] != comp[E.to[k]];
            for (size_t k = 0; go && k < E.ne; k++)
                if (!kept[k])
                    go = find(g, E.ref[k], p->acyclic_rule,
                              E.to[k] == E.from[k] ? "the reference names its own object"
                                                   : "the reference is on a cycle of references");
            for (size_t v = 0; v < E.nv; v++)
                E.first[v] = -1;
            for (size_t k = 0; k < E.ne; k++)
                if (kept[k])
                    link(&E, k);
        }
    }
    if (go && p->depth_rule >= 0) {
        depths(&E, mark, work);
        for (size_t k = 0; go && k < E.ne; k++)
            if (kept[k] && mark[E.to[k]] + 1 > p->depth_max) {
                go = find(g, E.ref[k], p->depth_rule, "the references nest %u levels deep from here (more than %u)",
                          mark[E.to[k]] + 1, p->depth_max);
                break;
            }
    }
    free(kept);
    free(work);
    free(mark);
    edges_free(&E);
    ak_budget_give(g->budget, held);
    if (!go && !ak_budget_exhausted(g->budget))
        ak_budget_failed(g->budget, held, "checking the references");
    return go;
}

/* Reports the findings at the places of their references (found again in
 * one parse: the records keep no path). */
static bool report(ak_jsctx *c)
{
    ak_jsgraph *g = c->graph;
    size_t nr = g->nrefs, np = 0;
    size_t *at = malloc((nr + 1) * sizeof *at);
    ak_json_place *places = calloc(g->nfindings + 1, sizeof *places);
    bool ok = at && places;
    for (size_t i = 0; ok && i < nr; i++)
        at[i] = SIZE_MAX;
    for (size_t i = 0; ok && i < g->nfindings; i++)
        at[g->findings[i].ref] = 0;
    for (size_t i = 0; ok && i < nr; i++) /* references are in document order */
        if (at[i] != SIZE_MAX)
            places[np].offset = g->refs[i].key.offset, at[i] = np++;
    ok = ok && ak_json_places(ak_jsstate_data(c->st), c->size, c->cfg, places, np);
    bool go = ok;
    for (size_t i = 0; go && i < g->nfindings; i++) {
        const finding *f = &g->findings[i];
        const ak_jsref *r = &g->refs[f->ref].key;
        const ak_json_place *pl = &places[at[f->ref]];
        go = ak_report_at(c->diags, &c->s->rules[f->rule], r->offset, r->length, pl->line, pl->column,
                          pl->path ? pl->path : "", "%s", f->msg);
    }
    if (!ok)
        c->oom = true;
    free(at);
    ak_json_places_free(places, np);
    return go;
}

bool ak_jsgraph_check(ak_jsctx *c)
{
    ak_jsgraph *g = c->graph;
    if (!g || !g->nrefs || !c->diags)
        return true;
    /* each reference's target node: -1 dangling, mistargeted or misplaced */
    const uint64_t held = g->nrefs * sizeof(ptrdiff_t);
    if (!ak_budget_take(g->budget, held, "checking the references")) {
        c->oom = true;
        return false;
    }
    ptrdiff_t *target = malloc(g->nrefs * sizeof *target);
    bool go = target != NULL;
    for (size_t i = 0; go && i < g->nrefs; i++) {
        const ref *r = &g->refs[i];
        int64_t t = ak_jsstate_ref_node(c->st, c->s->objects[r->key.target].key_space, &r->key);
        bool ok = t >= 0 && ak_js_is_a(c->s, g->nodes[t].object, r->key.target);
        if (ok)
            go = placement(c, i, &g->nodes[t], &ok);
        target[i] = ok ? (ptrdiff_t)t : -1;
    }
    /* each member's graph once (a schema has few such members) */
    const ak_jplace **done = NULL;
    size_t ndone = 0, cap_done = 0;
    for (size_t i = 0; go && i < g->nrefs; i++) {
        const ak_jplace *p = g->refs[i].p;
        bool first = p->acyclic_rule >= 0 || p->depth_rule >= 0;
        for (size_t j = 0; first && j < ndone; j++)
            first = done[j] != p;
        if (first && (go = room(NULL, NULL, (void **)&done, &cap_done, ndone, sizeof *done, 0, 0)))
            done[ndone++] = p, go = cycles(c, p, target);
    }
    free(done);
    free(target);
    ak_budget_give(g->budget, held);
    if (!go) {
        c->oom = true;
        return false;
    }
    return report(c);
}
