/* Building animations, finding their tracks by target, the stable key
 * order and losses (model_build.h). */
#include <animkit/animkit.h>

#include "diag.h"
#include "model_build.h"
#include "sort.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- stable order ------------------------------------------------------------ */

static bool before(double a, double b) { return a < b || (isnan(b) && !isnan(a)); }

static bool earlier(const void *a, const void *b, void *times)
{
    const double *t = times;
    return before(t[*(const size_t *)a], t[*(const size_t *)b]);
}

bool ak_stable_order(const double *times, size_t n, size_t *order)
{
    for (size_t i = 0; i < n; i++)
        order[i] = i;
    return ak_sort_stable(order, n, sizeof *order, earlier, (void *)times);
}

/* ---- the builder -------------------------------------------------------------- */

bool ak_mb_begin(ak_model_builder *b, ak_arena *arena, struct ak_diags *d)
{
    memset(b, 0, sizeof *b);
    b->arena = arena;
    b->d = d;
    b->anim = AK_ARENA_NEW(arena, ak_animation);
    if (!b->anim)
        return !(b->failed = true);
    b->anim->end = NAN;
    return true;
}

bool ak_mb_keys(ak_model_builder *b, ak_track *t, size_t n, unsigned parts)
{
    if (!b->headers)
        return ak_track_alloc_keys(t, b->arena, n, parts);
    t->store = NULL;
    t->key_count = n;
    return true;
}

ak_track *ak_mb_track(ak_model_builder *b)
{
    if (b->failed)
        return NULL;
    ak_animation *a = b->anim;
    ak_track *tracks = AK_ARENA_GROW(b->arena, ak_track, a->tracks, a->track_count, &b->cap);
    if (!tracks) {
        b->failed = true;
        return NULL;
    }
    a->tracks = tracks;
    ak_track *t = &tracks[a->track_count++];
    memset(t, 0, sizeof *t);
    t->target.component = AK_WHOLE;
    return t;
}

const char *ak_mb_string(ak_model_builder *b, const char *s, size_t n)
{
    if (!s)
        return NULL;
    const char *copy = ak_arena_strndup(b->arena, s, n);
    if (!copy)
        b->failed = true;
    return copy;
}

const char *ak_mb_cstring(ak_model_builder *b, const char *s) { return ak_mb_string(b, s, s ? strlen(s) : 0); }

bool ak_mb_attribute(ak_model_builder *b, const char *name, const char *value)
{
    ak_animation *a = b->anim;
    size_t cap = a->attribute_count;
    ak_attribute *attrs = AK_ARENA_GROW(b->arena, ak_attribute, (ak_attribute *)a->attributes, a->attribute_count,
                                        &cap);
    const char *v = ak_mb_cstring(b, value);
    if (!attrs || !v)
        return !(b->failed = true);
    attrs[a->attribute_count++] = (ak_attribute){name, v};
    a->attributes = attrs;
    return true;
}

ak_animation *ak_mb_finish(ak_model_builder *b) { return b->failed ? NULL : b->anim; }

/* ---- the track index ---------------------------------------------------------- */

static int cmp_target(const ak_target *a, const ak_target *b)
{
    int c = strcmp(a->path ? a->path : "", b->path ? b->path : "");
    if (c == 0)
        c = strcmp(a->property ? a->property : "", b->property ? b->property : "");
    return c ? c : (a->component > b->component) - (a->component < b->component);
}

static int cmp_ref(const void *x, const void *y)
{
    const ak_track_ref *a = x, *b = y;
    int c = cmp_target(a->target, b->target);
    return c ? c : (a->track > b->track) - (a->track < b->track);
}

bool ak_track_index_init(ak_track_index *x, const ak_animation *anim)
{
    size_t n = anim->track_count;
    x->anim = anim;
    x->order = malloc((n ? n : 1) * sizeof *x->order);
    x->taken = calloc(n ? n : 1, sizeof *x->taken);
    x->targets = malloc((n ? n : 1) * sizeof *x->targets);
    if (!x->order || !x->taken || !x->targets) {
        ak_track_index_free(x);
        return false;
    }
    for (size_t i = 0; i < n; i++) {
        const ak_track *t = &anim->tracks[i];
        x->targets[i] = t->target.property ? t->target
                                           : (ak_target){t->node ? t->node : "", t->property ? t->property : "",
                                                         AK_WHOLE};
        x->order[i] = (ak_track_ref){&x->targets[i], i};
    }
    qsort(x->order, n, sizeof *x->order, cmp_ref);
    return true;
}

/* The first position in the order whose target is not below want. */
static size_t lower_bound(const ak_track_index *x, const ak_target *want)
{
    size_t lo = 0, hi = x->anim->track_count;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        if (cmp_target(x->order[mid].target, want) < 0)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo;
}

const ak_track *ak_track_index_find(const ak_track_index *x, const ak_target *want)
{
    size_t at = lower_bound(x, want);
    if (at < x->anim->track_count && cmp_target(x->order[at].target, want) == 0)
        return &x->anim->tracks[x->order[at].track];
    return NULL;
}

/* The first of the tracks with this target that is not taken; SIZE_MAX
   when none. */
static size_t find(const ak_track_index *x, const ak_target *want)
{
    for (size_t at = lower_bound(x, want); at < x->anim->track_count; at++) {
        if (cmp_target(x->order[at].target, want) != 0)
            return SIZE_MAX;
        if (!x->taken[x->order[at].track])
            return x->order[at].track;
    }
    return SIZE_MAX;
}

const ak_track *ak_track_index_take(ak_track_index *x, const ak_target *want, int *component)
{
    *component = AK_WHOLE;
    size_t i = find(x, want);
    if (i == SIZE_MAX && want->component != AK_WHOLE) {
        /* a place for one component: a whole track that has it (all of
           its places may take from it: it counts as placed once one did) */
        ak_target whole = *want;
        whole.component = AK_WHOLE;
        size_t at = lower_bound(x, &whole);
        if (at < x->anim->track_count && cmp_target(x->order[at].target, &whole) == 0) {
            size_t t = x->order[at].track;
            const ak_value_type_info *info = ak_value_type_info_of(x->anim->tracks[t].type);
            if (info && (unsigned)want->component < info->components) {
                x->taken[t] = true;
                *component = want->component;
                return &x->anim->tracks[t];
            }
        }
        return NULL;
    }
    if (i == SIZE_MAX)
        return NULL;
    x->taken[i] = true;
    return &x->anim->tracks[i];
}

void ak_track_index_free(ak_track_index *x)
{
    free(x->order);
    free(x->taken);
    free(x->targets);
    x->order = NULL;
    x->taken = NULL;
    x->targets = NULL;
}

/* ---- losses --------------------------------------------------------------------- */

void ak_losses_init(ak_losses *l) { memset(l, 0, sizeof *l); }

static size_t kind_of(ak_losses *l, const char *what)
{
    for (size_t i = 0; i < l->count; i++)
        if (l->kind[i].what == what)
            return i;
    if (l->count == AK_LOSS_KINDS)
        return AK_LOSS_KINDS - 1; /* the last kind takes the rest: counted, never dropped */
    l->kind[l->count].what = what;
    return l->count++;
}

void ak_loss(ak_losses *l, const char *what, const ak_track *t, size_t items)
{
    size_t k = kind_of(l, what);
    l->kind[k].items += items;
    if (t && t == l->kind[k].last)
        return;
    size_t n = l->kind[k].tracks++;
    l->kind[k].last = t;
    if (n < AK_LOSS_NAMED && t) {
        ak_buf b;
        ak_buf_init(&b);
        if (t->target.property)
            ak_target_put(&b, &t->target, t->type);
        else
            ak_buf_printf(&b, "%s%s%s", t->node ? t->node : "", t->node && t->property ? "/" : "",
                          t->property ? t->property : "");
        snprintf(l->kind[k].named[n], sizeof l->kind[k].named[n], "%s", b.failed ? "?" : ak_buf_cstr(&b));
        ak_buf_free(&b);
    }
}

void ak_loss_deviation(ak_losses *l, const char *what, double worst, double at)
{
    size_t k = kind_of(l, what);
    if (!l->kind[k].has_worst || worst > l->kind[k].worst) {
        l->kind[k].worst = worst;
        l->kind[k].worst_time = at;
        l->kind[k].has_worst = true;
    }
}

bool ak_losses_report(const ak_losses *l, struct ak_diags *d, const struct ak_rule *rule)
{
    for (size_t i = 0; i < l->count; i++) {
        const ak_loss_kind *k = &l->kind[i];
        ak_buf b;
        ak_buf_init(&b);
        ak_buf_puts(&b, k->what);
        if (k->items)
            ak_buf_printf(&b, ": %zu in %zu track%s", k->items, k->tracks, k->tracks == 1 ? "" : "s");
        else if (k->tracks && k->last)
            ak_buf_printf(&b, ": %zu track%s", k->tracks, k->tracks == 1 ? "" : "s");
        if (k->tracks && k->named[0][0]) {
            ak_buf_puts(&b, " (");
            for (size_t j = 0; j < k->tracks && j < AK_LOSS_NAMED; j++)
                ak_buf_printf(&b, "%s%s", j ? ", " : "", k->named[j]);
            if (k->tracks > AK_LOSS_NAMED)
                ak_buf_printf(&b, " and %zu more", k->tracks - AK_LOSS_NAMED);
            ak_buf_putc(&b, ')');
        }
        if (k->has_worst)
            ak_buf_printf(&b, "; largest deviation %.9g at time %.9g", k->worst, k->worst_time);
        bool more = ak_report(d, rule, 0, 0, "", "%s", b.failed ? k->what : ak_buf_cstr(&b));
        ak_buf_free(&b);
        if (!more)
            return false;
    }
    return true;
}
