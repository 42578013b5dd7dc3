/* Support of the mappings generated from model sections (ak_model_map.h). */
#include "ak_model_map.h"

#include "budget.h"
#include "curve.h"
#include "diag.h"
#include "sink.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- reading ------------------------------------------------------------------ */

const char *ak_mm_path(ak_arena *arena, const char *parent, const char *field, long index)
{
    if (!parent)
        return NULL;
    char num[24] = "";
    if (index >= 0)
        snprintf(num, sizeof num, "/%ld", index);
    size_t n = strlen(parent) + 1 + strlen(field) + strlen(num) + 1;
    char *s = ak_arena_alloc(arena, n, 1);
    if (!s)
        return NULL;
    snprintf(s, n, "%s%s%s%s", parent, parent[0] ? "/" : "", field, num);
    return s;
}

size_t *ak_mm_order(ak_model_builder *b, const double *times, size_t n)
{
    size_t *order = malloc((n ? n : 1) * sizeof *order);
    if (!order || !ak_stable_order(times, n, order)) {
        free(order);
        ak_report_out_of_memory(b->d, (uint64_t)n * 2 * sizeof *order, "ordering keys by time");
        b->failed = true;
        return NULL;
    }
    return order;
}

bool ak_mm_value_get(ak_model_builder *b, const ak_lentry *e, const void *p, ak_value *out)
{
    ak_lvalue_get(e, p, out);
    if ((e->comp_kind != AK_LK_NSTRING && e->comp_kind != AK_LK_STRING) || !out->s.ptr)
        return true;
    out->s.ptr = ak_mb_string(b, out->s.ptr, out->s.len);
    return out->s.ptr != NULL;
}

/* ---- writing ------------------------------------------------------------------- */

bool ak_mm_writer_init(ak_model_writer *w, const ak_animation *anim, const ak_options *opt, struct ak_diags *d,
                       const ak_rule *loss, const ak_rule *refused, const char *what)
{
    memset(w, 0, sizeof *w);
    w->d = d;
    w->opt = opt;
    w->anim = anim;
    w->loss = loss;
    w->refused = refused;
    ak_losses_init(&w->losses);
    ak_arena_init_budget(&w->arena, 0, ak_budget_of(d, opt), what);
    ak_arena_init_budget(&w->element, 0, ak_budget_of(d, opt), what);
    w->into = &w->arena;
    if (!ak_track_index_init(&w->index, anim)) {
        ak_report_out_of_memory(d, anim->track_count * (sizeof(ak_track_ref) + 1), "indexing the tracks");
        return false;
    }
    return true;
}

const char *ak_mm_version(const ak_options *opt, const char *const *versions)
{
    return opt && opt->format_version ? opt->format_version : versions ? versions[0] : NULL;
}

size_t ak_mm_version_parts(const char *version, int64_t *parts, size_t n)
{
    size_t k = 0;
    while (version && *version && k < n) {
        char *end;
        parts[k++] = strtoll(version, &end, 10);
        version = *end == '.' ? end + 1 : NULL;
    }
    return k;
}

void ak_mm_refuse(ak_model_writer *w, const ak_track *t, const char *fmt, ...)
{
    char what[256];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(what, sizeof what, fmt, ap);
    va_end(ap);
    ak_buf b;
    ak_buf_init(&b);
    if (t && t->target.property)
        ak_target_put(&b, &t->target, t->type);
    ak_report(w->d, w->refused, 0, 0, "", "%s%s%s", b.len ? ak_buf_cstr(&b) : "", b.len ? ": " : "", what);
    ak_buf_free(&b);
    w->failed = true;
}

void ak_mm_loss(ak_model_writer *w, const char *what, const ak_track *t, size_t items)
{
    ak_loss(&w->losses, what, t, items);
}

static bool numeric(ak_value_type t)
{
    const ak_value_type_info *info = ak_value_type_info_of(t);
    return info && info->kind != AK_VK_STRING && info->kind != AK_VK_BOOL;
}

bool ak_mm_holds(const ak_track *t, int comp, ak_value_type vt)
{
    const ak_value_type_info *want = ak_value_type_info_of(vt), *have = ak_value_type_info_of(t->type);
    if (want->kind == AK_VK_BOOL && want->components == 1) /* a number is a bool by the place's threshold */
        return have && have->kind != AK_VK_STRING && (have->components == 1 || comp >= 0);
    if (want->components == 1 && want->kind != AK_VK_STRING)
        return numeric(t->type) && (have->components == 1 || comp >= 0);
    return t->type == vt && comp == AK_WHOLE;
}

bool ak_mm_fits(ak_model_writer *w, const ak_track *t, int comp, ak_value_type vt, ak_track_kind kind)
{
    bool fits = ak_mm_holds(t, comp, vt);
    if (!fits)
        ak_mm_loss(w, "tracks whose value type the file's place cannot hold, left out", t, 0);
    else if (kind != AK_TRACK_CURVE && t->kind == AK_TRACK_CURVE)
        ak_mm_loss(w, "curves held as steps", t, 0);
    return fits;
}

/* Component comp of a key (values and tangent values) as a scalar double. */
static void component_key(const ak_track *t, int comp, ak_key *k)
{
    ak_key c = *k;
    memset(&c.value, 0, sizeof c.value);
    c.value.d[0] = ak_value_component(&k->value, t->type, (unsigned)comp);
    if (k->has_tangents && k->interp != AK_INTERP_HERMITE) {
        memset(&c.in_tangent, 0, sizeof c.in_tangent);
        memset(&c.out_tangent, 0, sizeof c.out_tangent);
        c.in_tangent.d[0] = ak_value_component(&k->in_tangent, t->type, (unsigned)comp);
        c.out_tangent.d[0] = ak_value_component(&k->out_tangent, t->type, (unsigned)comp);
    }
    *k = c;
}

/* Key buffer i of the writer, for n keys at least. A track's buffers
   are not allocated and freed per track: blocks of this size come from
   pages the allocator maps and gives back each time, and faulting them in
   again cost a conversion of a thousand tracks more than its keys did. */
static ak_key *key_buffer(ak_model_writer *w, int i, size_t n)
{
    if (w->key_buffer_caps[i] < n) {
        ak_key *p = realloc(w->key_buffers[i], n * sizeof *p);
        if (!p)
            return NULL;
        w->key_buffers[i] = p;
        w->key_buffer_caps[i] = n;
    }
    return w->key_buffers[i];
}

static void free_key_buffers(ak_model_writer *w)
{
    for (int i = 0; i < 2; i++) {
        free(w->key_buffers[i]);
        w->key_buffers[i] = NULL;
        w->key_buffer_caps[i] = 0;
    }
}

bool ak_mm_keys(ak_model_writer *w, const ak_track *t, int comp, unsigned can, ak_key **keys, size_t *n)
{
    size_t count = t->key_count;
    *keys = NULL;
    *n = 0;
    /* the keys, twice (conversions may add one after each), and what orders them */
    ak_budget *budget = ak_diags_budget(w->d);
    uint64_t held = (uint64_t)count * (4 * sizeof(ak_key) + sizeof(double) + sizeof(size_t));
    if (!ak_budget_take(budget, held, "converting keys")) {
        w->failed = true;
        return false;
    }
    w->keys_held += held;
    double *times = malloc((count ? count : 1) * sizeof *times);
    size_t *order = malloc((count ? count : 1) * sizeof *order);
    ak_key *sorted = key_buffer(w, 0, count ? 2 * count : 1);
    bool ok = times && order && sorted;
    for (size_t i = 0; ok && i < count; i++)
        times[i] = ak_key_time(t, i);
    ok = ok && (t->kind == AK_TRACK_RAW || ak_stable_order(times, count, order));
    for (size_t i = 0; ok && i < count; i++) {
        ak_key_get(t, t->kind == AK_TRACK_RAW ? i : order[i], &sorted[i]);
        if (t->kind == AK_TRACK_DISCRETE)
            sorted[i].interp = AK_INTERP_HOLD;
        else if (t->kind == AK_TRACK_RAW) /* samples are evaluated linearly between them */
            sorted[i].interp = AK_INTERP_LINEAR;
    }
    free(times);
    free(order);
    if (!ok) {
        ak_mm_keys_free(w, NULL);
        ak_report_out_of_memory(w->d, (uint64_t)count * 3 * sizeof(ak_key), "ordering keys by time");
        w->failed = true;
        return false;
    }
    size_t m = count;
    bool hermite = false, step_next = false;
    for (size_t i = 0; i + 1 < count; i++) {
        hermite |= sorted[i].interp == AK_INTERP_HERMITE;
        step_next |= sorted[i].interp == AK_INTERP_STEP_NEXT;
    }
    if (((hermite && !(can & 1u << AK_INTERP_HERMITE)) || (step_next && !(can & 1u << AK_INTERP_STEP_NEXT))) &&
        (can & 1u << AK_INTERP_CUBIC_BEZIER)) {
        /* the segments AnimX and AnimJ can say (runtime/curve.h); the
           converted keys are in time order and may be more */
        ak_key *converted = key_buffer(w, 1, 2 * count);
        if (!converted) {
            ak_mm_keys_free(w, NULL);
            w->failed = true;
            return false;
        }
        ak_bezier_report rep;
        memset(&rep, 0, sizeof rep);
        m = ak_keys_as_bezier(t, sorted, count, true, converted, &rep);
        sorted = converted;
        if (rep.approximated) {
            ak_mm_loss(w, "weighted tangents approximated by CubicBezier handles at 1/3 and 2/3 of their segments",
                       t, rep.approximated);
            ak_loss_deviation(&w->losses,
                              "weighted tangents approximated by CubicBezier handles at 1/3 and 2/3 of their segments",
                              rep.worst, rep.worst_time);
        }
        if (rep.steps_lost)
            ak_mm_loss(w, "step-next keys held where the next key is within one float32 step", t, rep.steps_lost);
        if (rep.linearised)
            ak_mm_loss(w, "Hermite keys of vector tracks made Linear (their slopes are not in the model)", t,
                       rep.linearised);
    } else {
        size_t changed = 0;
        for (size_t i = 0; i < count; i++) {
            ak_key *k = &sorted[i];
            if (can & 1u << k->interp)
                continue;
            ak_interp to = k->interp == AK_INTERP_STEP_NEXT && (can & 1u << AK_INTERP_HOLD) ? AK_INTERP_HOLD
                           : (can & 1u << AK_INTERP_LINEAR)                                    ? AK_INTERP_LINEAR
                                                                                               : AK_INTERP_HOLD;
            changed += i + 1 < count && to != k->interp;
            k->interp = to;
            k->has_tangents = false;
        }
        if (changed)
            ak_mm_loss(w, "segments the file cannot hold made linear (or steps)", t, changed);
    }
    if (comp >= 0)
        for (size_t i = 0; i < m; i++)
            component_key(t, comp, &sorted[i]);
    *keys = sorted;
    *n = m;
    return true;
}

void ak_mm_keys_free(ak_model_writer *w, ak_key *keys)
{
    (void)keys; /* one of the writer's buffers, kept for the next track */
    ak_budget_give(ak_diags_budget(w->d), w->keys_held);
    w->keys_held = 0;
}

bool ak_mm_time_ok(ak_model_writer *w, const ak_track *t, double time, bool f32)
{
    if (!isfinite(time)) {
        ak_mm_refuse(w, t, "a key time is NaN or infinite");
        return false;
    }
    if (f32 && (double)(float)time != time)
        ak_mm_loss(w, "key times rounded to float32", t, 0);
    return true;
}

double ak_mm_end(ak_model_writer *w)
{
    double end = ak_animation_end(w->anim);
    if (isfinite(w->anim->end) && end > w->anim->end)
        ak_mm_loss(w, "the duration extended to the last key (a file holds no key after its duration)", NULL, 0);
    return end;
}

const ak_target *ak_mm_target(ak_model_writer *w, const ak_track *t)
{
    return &w->index.targets[t - w->anim->tracks];
}

const char *ak_mm_native(ak_model_writer *w, const ak_target_name *names, size_t n, const ak_track *t)
{
    const ak_value_type_info *info = ak_value_type_info_of(t->type);
    const ak_target *target = ak_mm_target(w, t);
    bool quaternion = t->type == AK_VT_FLOATQ || t->type == AK_VT_DOUBLEQ, whole = false;
    const char *native = ak_target_native(names, n, target->property, target->component, quaternion, &whole);
    if (native && !whole)
        return native;
    const char *base = native ? native : target->property;
    if (target->component < 0)
        return base;
    char comp[4];
    ak_value_component_name(info && info->components > 1 ? t->type : AK_VT_FLOAT4, (unsigned)target->component & 3,
                            comp);
    size_t len = strlen(base) + 1 + strlen(comp) + 1;
    char *s = ak_arena_alloc(&w->arena, len, 1);
    if (!s) {
        w->failed = true;
        return base;
    }
    snprintf(s, len, "%s.%s", base, comp);
    return s;
}

/* ---- names distinct for distinct paths ---- */

static size_t name_slot(const ak_mm_names *s, const char *const *table, const char *str)
{
    size_t mask = s->cap - 1, i = (size_t)ak_hash_bytes(&s->key, str, strlen(str)) & mask;
    while (table[i] && strcmp(table[i], str) != 0)
        i = (i + 1) & mask;
    return i;
}

static bool names_grow(ak_model_writer *w, ak_mm_names *s)
{
    ak_mm_names old = *s;
    s->cap = old.cap ? old.cap * 2 : 64;
    s->paths = AK_ARENA_ARRAY(&w->arena, const char *, s->cap);
    s->names = AK_ARENA_ARRAY(&w->arena, const char *, s->cap);
    s->taken = AK_ARENA_ARRAY(&w->arena, const char *, s->cap);
    s->next = AK_ARENA_ARRAY(&w->arena, unsigned, s->cap);
    if (!s->paths || !s->names || !s->taken || !s->next)
        return false;
    if (!old.cap)
        ak_hash_key_draw(&s->key);
    for (size_t i = 0; i < old.cap; i++) {
        if (old.paths[i]) {
            size_t j = name_slot(s, s->paths, old.paths[i]);
            s->paths[j] = old.paths[i], s->names[j] = old.names[i];
        }
        if (old.taken[i]) {
            size_t j = name_slot(s, s->taken, old.taken[i]);
            s->taken[j] = old.taken[i], s->next[j] = old.next[i];
        }
    }
    return true;
}

const char *ak_mm_distinct(ak_model_writer *w, ak_mm_names *s, const char *path,
                           const char *(*spell)(ak_arena *arena, const char *path), const char *loss)
{
    if (s->cap && s->paths[name_slot(s, s->paths, path)])
        return s->names[name_slot(s, s->paths, path)];
    const char *base = (s->n + 1) * 2 <= s->cap || names_grow(w, s) ? spell(&w->arena, path) : NULL;
    const char *name = base;
    if (base && s->taken[name_slot(s, s->taken, base)]) {
        /* the base's counter: each later path that spells the same starts
           where the last one ended */
        size_t at = name_slot(s, s->taken, base);
        unsigned k = s->next[at] ? s->next[at] : 2;
        size_t len = strlen(base) + 12;
        char *again = ak_arena_alloc(&w->arena, len, 1);
        if (again) {
            do
                snprintf(again, len, "%s_%u", base, k++);
            while (s->taken[name_slot(s, s->taken, again)]);
        }
        s->next[at] = k;
        name = again;
        ak_mm_loss(w, loss, NULL, 0);
    }
    if (!name) {
        w->failed = true;
        return NULL;
    }
    size_t i = name_slot(s, s->paths, path), j = name_slot(s, s->taken, name);
    s->paths[i] = path, s->names[i] = name, s->taken[j] = name;
    s->n++;
    return name;
}

ak_lstr ak_mm_str(const char *s) { return (ak_lstr){s ? s : "", s ? strlen(s) : 0}; }

void ak_mm_take(ak_model_writer *w, const ak_track *t)
{
    w->index.taken[t - w->anim->tracks] = true;
    w->placed++;
}

/* The base of a number's text: 16 after 0x (after a sign), else 10. */
static int base_of(const char *s)
{
    s += *s == '-' || *s == '+';
    return s[0] == '0' && (s[1] == 'x' || s[1] == 'X') ? 16 : 10;
}

bool ak_mm_uint(const char *s, uint64_t max, uint64_t *out)
{
    char *end;
    errno = 0;
    unsigned long long v = strtoull(s, &end, base_of(s));
    if (errno || end == s || *end || !(*s >= '0' && *s <= '9') || v > max)
        return false;
    *out = v;
    return true;
}

bool ak_mm_int(const char *s, int64_t min, int64_t max, int64_t *out)
{
    char *end;
    errno = 0;
    long long v = strtoll(s, &end, base_of(s));
    if (errno || end == s || *end || !((*s >= '0' && *s <= '9') || *s == '-') || v < min || v > max)
        return false;
    *out = v;
    return true;
}

bool ak_mm_numbered(const char *path, const char *prefix, uint64_t *n)
{
    size_t p = strlen(prefix);
    if (path && strncmp(path, prefix, p) == 0)
        path += p;
    size_t digits = path ? strspn(path, "0123456789") : 0;
    if (!digits || digits > 9 || path[digits])
        return false;
    *n = strtoull(path, NULL, 10);
    return true;
}

bool ak_mm_writer_finish(ak_model_writer *w)
{
    for (size_t i = 0; i < w->anim->track_count && !w->failed; i++)
        if (!w->index.taken[i])
            ak_mm_loss(w, "tracks the file has no place for, left out", &w->anim->tracks[i], 0);
    if (!w->failed)
        ak_losses_report(&w->losses, w->d, w->loss);
    ak_track_index_free(&w->index);
    free_key_buffers(w);
    return !w->failed;
}

void ak_mm_writer_free(ak_model_writer *w)
{
    ak_track_index_free(&w->index);
    free_key_buffers(w);
    ak_arena_free(&w->arena);
    ak_arena_free(&w->element);
}

static bool list_make(ak_lelements *s, size_t i, void *element)
{
    ak_mm_list *l = (ak_mm_list *)s;
    ak_model_writer *w = l->w;
    if (w->failed)
        return false;
    w->into = &w->element;
    l->make(w, l->root, i, element);
    w->into = &w->arena;
    return !w->failed;
}

static bool list_done(ak_lelements *s, ak_buf *b)
{
    ak_mm_list *l = (ak_mm_list *)s;
    /* the element's parts go; its blocks are given back (a track's keys
       can be megabytes: a block kept would hold the largest) */
    ak_arena_free(&l->w->element);
    if (b->failed)
        return false;
    return b != l->top || !l->sink || ak_sink_drain(l->sink, b, false);
}

ak_lelements *ak_mm_list_init(ak_mm_list *l, ak_model_writer *w, void *root,
                              void (*make)(ak_model_writer *w, void *root, size_t i, void *element), ak_buf *top,
                              ak_sink *sink)
{
    *l = (ak_mm_list){{list_make, list_done}, w, root, make, top, sink};
    return &l->elements;
}
