/* animgen: to_model and from_model of a binary layout, generated from its
 * model section (check_model.c resolved every name in it).
 *
 * Reading, generated functions walk the decoded document along the
 * layout's structs: every instance of a `track` struct is a track, whose
 * object path is where it is (the field names and indices down to the
 * struct that holds it; switch arms add nothing) and whose property is the
 * field that holds it; every element of a `tracks` array is one, named by
 * its own fields. Writing, the same walk goes over a new document of the
 * version asked: each place asks the model for the track of its target
 * (ak_track_index), presence flags are set for what got tracks, counts
 * for what was written, and the document goes through the generated
 * encoder. Typed hooks (formats/<id>/) do the maths the declaration cannot
 * say; gen/rt/ak_model_map.c the rest. */
#include "ast.h"
#include "emit_common.h"
#include "model.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

extern const char *const cc_model_infinity_words[];
extern const char *const cc_model_interp_words[];
extern const char *const cc_model_kind_words[];
int cc_model_word(const char *const *words, const char *w);

typedef struct mem {
    compiler *cc;
    format_decl *f;
    model_decl *md;
    FILE *h, *c;
    const char *id, *root;
    int *has; /* per struct: 0 unknown, 1 holds tracks, 2 holds none, 3 being looked at */
} mem;

static void upper(char *out, size_t n, const char *s)
{
    size_t i = 0;
    for (; s[i] && i + 1 < n; i++)
        out[i] = (char)toupper((unsigned char)s[i]);
    out[i] = 0;
}

static size_t struct_index(mem *m, const struct_decl *s)
{
    for (size_t i = 0; i < m->f->structs.n; i++)
        if (m->f->structs.items[i] == s)
            return i;
    return 0;
}

static mtrack *fixed_track(mem *m, const struct_decl *s)
{
    for (size_t i = 0; i < m->md->tracks.n; i++) {
        mtrack *t = m->md->tracks.items[i];
        if (!t->list && t->st == s)
            return t;
    }
    return NULL;
}

static bool holds_tracks(mem *m, struct_decl *s);

static bool members_hold(mem *m, vec *members)
{
    for (size_t i = 0; i < members->n; i++) {
        member *x = members->items[i];
        if ((x->kind == M_IF || x->kind == M_PROCESS) && (members_hold(m, &x->body) || members_hold(m, &x->else_body)))
            return true;
        if (x->kind == M_SWITCH)
            for (size_t k = 0; k < x->arms.n; k++) {
                switch_arm *a = x->arms.items[k];
                if (a->st && (fixed_track(m, a->st) || holds_tracks(m, a->st)))
                    return true;
            }
        if (x->kind != M_FIELD)
            continue;
        const tref *t = x->type->kind == T_ARRAY ? x->type->elem : x->type;
        if (t->st && (fixed_track(m, t->st) || holds_tracks(m, t->st)))
            return true;
    }
    return false;
}

static bool holds_tracks(mem *m, struct_decl *s)
{
    size_t i = struct_index(m, s);
    if (m->has[i] == 0) {
        m->has[i] = 3;
        m->has[i] = members_hold(m, &s->members) ? 1 : 2;
    }
    return m->has[i] == 1;
}

/* ---- values ------------------------------------------------------------------- */

static table_entry *entry_of_type(const tref *t)
{
    if (t->entry)
        return t->entry;
    if (t->kind == T_ARRAY && t->elem->entry)
        return t->elem->entry;
    return NULL;
}

/* "&<id>_entries_<table>[i]" of a field's table entry, or NULL. */
static const char *entry_ref(mem *m, const member *x, char *buf, size_t n)
{
    table_entry *e = x->kind == M_FIELD ? entry_of_type(x->type) : NULL;
    if (!e)
        return NULL;
    for (size_t i = 0; i < m->f->tables.n; i++) {
        table_decl *t = m->f->tables.items[i];
        for (size_t k = 0; k < t->entries.n; k++)
            if (t->entries.items[k] == e) {
                snprintf(buf, n, "&%s_entries_%s[%d]", m->id, t->name, e->index);
                return buf;
            }
    }
    return NULL;
}

/* "f" or "d" where the field x is a float or double, or a tuple of them:
   the bytes of the ak_value's f[] or d[] as they are, copied without the
   table entry's run-time description (ak_lvalue_get/set: a call, a loop
   and a switch a component, for every key's value and tangents). */
static const char *float_slot(const member *x)
{
    const table_entry *e = x->kind == M_FIELD ? entry_of_type(x->type) : NULL;
    if (!e || (e->kind != EK_SCALAR && !(e->kind == EK_TUPLE && e->comps.n <= 16)))
        return NULL;
    return e->prim == P_F32 ? "f" : e->prim == P_F64 ? "d" : NULL;
}

/* The model member a scalar of value type vt is kept in. */
static const char *slot_of(int vt)
{
    const ak_value_type_info *info = ak_value_type_info_of((ak_value_type)vt);
    switch (info->kind) {
    case AK_VK_BOOL: return "b";
    case AK_VK_UINT: return "u";
    case AK_VK_INT: return "i";
    case AK_VK_F32: return "f";
    default: return "d";
    }
}

/* dst (an ak_value) from the field at src (a C lvalue); vt < 0: the type
   is the track's, known at run time (a table entry gives the encoding). */
static void emit_value_read(mem *m, FILE *c, const member *vm, const char *src, const char *dst, const mkeys *k, int vt)
{
    char eref[160];
    if (entry_ref(m, vm, eref, sizeof eref)) {
        const char *floats = float_slot(vm);
        if (floats) /* into the zeroed key */
            gen_out(c, "        memcpy(%s.%s, &%s, sizeof %s);\n", dst, floats, src, src);
        else
            gen_out(c, "        if (!ak_mm_value_get(b, %s, &%s, &%s)) {\n            free(order);\n"
                       "            goto failed;\n        }\n", eref, src, dst);
        return;
    }
    if (k && k->threshold)
        gen_out(c, "        %s.b[0] = %s > %s;\n", dst, src, k->threshold->text);
    else if (vt >= 0 && !strcmp(slot_of(vt), "b"))
        gen_out(c, "        %s.b[0] = %s != 0;\n", dst, src);
    else if (vt >= 0)
        gen_out(c, "        %s.%s[0] = %s;\n", dst, slot_of(vt), src);
}

/* The field at dst (a C lvalue) from the value src; a scalar place gets the
   component keys ak_mm_keys made (a double in d[0]). */
static void emit_value_write(mem *m, FILE *c, const member *vm, const char *dst, const char *src, const mkeys *k)
{
    char eref[160];
    if (entry_ref(m, vm, eref, sizeof eref)) {
        const char *floats = float_slot(vm);
        if (floats)
            gen_out(c, "        memcpy(&%s, %s.%s, sizeof %s);\n", dst, src, floats, dst);
        else
            gen_out(c, "        ak_lvalue_set(%s, &%s, &%s);\n", eref, dst, src);
        return;
    }
    if (k && k->threshold)
        gen_out(c, "        %s = %s.d[0] > %s ? 1 : 0;\n", dst, src, k->threshold->text);
    else
        gen_out(c, "        %s = %s.d[0];\n", dst, src);
}

/* ---- maps ------------------------------------------------------------------------ */

static const char *const *map_words(mmap_kind k)
{
    return k == MM_INFINITY ? cc_model_infinity_words : k == MM_INTERP ? cc_model_interp_words : cc_model_kind_words;
}

static const char *map_prefix(mmap_kind k)
{
    return k == MM_INFINITY ? "AK_INF_" : k == MM_INTERP ? "AK_INTERP_" : "AK_TRACK_";
}

static const char *map_name(mmap_kind k)
{
    return k == MM_INFINITY ? "infinity" : k == MM_INTERP ? "interp" : "kind";
}

static int64_t enum_value(const enum_decl *en, const char *name)
{
    for (size_t i = 0; i < en->items.n; i++) {
        enum_item *it = en->items.items[i];
        if (!strcmp(it->name, name))
            return it->value;
    }
    return 0;
}

static void emit_map(mem *m, const mmap *map)
{
    FILE *c = m->c;
    const char *kind = map_name(map->kind), *prefix = map_prefix(map->kind);
    char up[64];
    /* reading: a value of the enum to the model's word */
    gen_out(c, "\nstatic inline int mm_%s_%s(int64_t v)\n{\n    switch (v) {\n", kind, map->en->name);
    const char *rest = NULL;
    for (size_t i = 0; i < map->pairs.n; i++) {
        mpair *p = map->pairs.items[i];
        upper(up, sizeof up, p->to->text);
        if (!p->from) {
            rest = p->to->text;
            continue;
        }
        gen_out(c, "    case %lldLL: return %s%s; /* %s */\n", (long long)enum_value(map->en, p->from->text), prefix, up,
                p->from->text);
    }
    upper(up, sizeof up, rest ? rest : map_words(map->kind)[0]);
    gen_out(c, "    default: return %s%s;\n    }\n}\n", prefix, up);
    /* writing: the model's word to the first value that names it */
    gen_out(c, "\nstatic inline int64_t mm_%s_%s_back(int v, bool *lost)\n{\n    *lost = false;\n    switch (v) {\n", kind,
            map->en->name);
    const char *const *words = map_words(map->kind);
    const char *fallback = NULL;
    for (int w = 0; words[w]; w++) {
        for (size_t i = 0; i < map->pairs.n; i++) {
            mpair *p = map->pairs.items[i];
            if (!p->from || strcmp(p->to->text, words[w]))
                continue;
            upper(up, sizeof up, words[w]);
            gen_out(c, "    case %s%s: return %lldLL;\n", prefix, up, (long long)enum_value(map->en, p->from->text));
            if (!fallback)
                fallback = p->from->text;
            break;
        }
    }
    /* what the enum cannot say: the value that says the model's first word
       (constant, hold, raw), else the first value mapped */
    const char *first = NULL;
    for (size_t i = 0; i < map->pairs.n && !first; i++) {
        mpair *p = map->pairs.items[i];
        if (p->from && !strcmp(p->to->text, words[0]))
            first = p->from->text;
    }
    gen_out(c, "    default: *lost = true; return %lldLL;\n    }\n}\n",
            (long long)enum_value(map->en, first ? first : fallback ? fallback : ""));
}

/* The interpolations a map can say, as the bits ak_mm_keys takes. */
static unsigned map_can(const mmap *map)
{
    unsigned can = 0;
    for (size_t i = 0; map && i < map->pairs.n; i++) {
        int w = cc_model_word(cc_model_interp_words, ((mpair *)map->pairs.items[i])->to->text);
        if (w >= 0)
            can |= 1u << w;
    }
    return can;
}

/* ---- conditions ------------------------------------------------------------------ */

/* The ifs (and which branch) a member of s is inside, outermost first. */
static bool find_chain(vec *members, const member *target, vec *ifs, vec *sides, compiler *cc)
{
    for (size_t i = 0; i < members->n; i++) {
        member *x = members->items[i];
        if (x == target)
            return true;
        if (x->kind == M_IF || x->kind == M_PROCESS) {
            for (int side = 0; side < 2; side++) {
                vec *body = side ? &x->else_body : &x->body;
                size_t n = ifs->n;
                if (x->kind == M_IF) {
                    vec_push(cc, ifs, x);
                    vec_push(cc, sides, (void *)(intptr_t)side);
                }
                if (find_chain(body, target, ifs, sides, cc))
                    return true;
                ifs->n = sides->n = n;
            }
        }
    }
    return false;
}

/* C for "the member is present" in struct s (o->...): "1" when always. */
static void emit_present(mem *m, FILE *c, struct_decl *s, const member *target)
{
    vec ifs = {0}, sides = {0};
    if (!find_chain(&s->members, target, &ifs, &sides, m->cc) || !ifs.n) {
        gen_out(c, "1");
        return;
    }
    for (size_t i = 0; i < ifs.n; i++) {
        member *x = ifs.items[i];
        gen_out(c, "%s%s(", i ? " && " : "", (intptr_t)sides.items[i] ? "!" : "");
        cc_emit_expr(m->cc, c, s, x->value);
        gen_out(c, ")");
    }
}

/* C that makes condition e of struct s true (or false): a field, `field &
   bits`, or a negation of those. False when it cannot. */
static bool emit_make(mem *m, FILE *c, struct_decl *s, const expr *e, bool value, const char *indent)
{
    char lv[512];
    if (e->kind == E_NOT)
        return emit_make(m, c, s, e->lhs, !value, indent);
    if (e->kind == E_NAME) {
        member *x = resolve_name(m->cc, s, e->text, lv, sizeof lv);
        if (!x || x->kind != M_FIELD)
            return false;
        gen_out(c, "%s%s = %d;\n", indent, lv, value ? 1 : 0);
        return true;
    }
    if (e->kind == E_BINARY && !strcmp(e->op, "&") && e->lhs->kind == E_NAME && e->rhs->kind == E_INT) {
        member *x = resolve_name(m->cc, s, e->lhs->text, lv, sizeof lv);
        if (!x || x->kind != M_FIELD)
            return false;
        if (value)
            gen_out(c, "%s%s |= %s;\n", indent, lv, e->rhs->text);
        else
            gen_out(c, "%s%s &= ~%s;\n", indent, lv, e->rhs->text);
        return true;
    }
    return false;
}

/* Makes a member of s present in a new document. */
static void emit_make_present(mem *m, FILE *c, struct_decl *s, const member *target, bool present, const char *indent)
{
    vec ifs = {0}, sides = {0};
    if (!find_chain(&s->members, target, &ifs, &sides, m->cc))
        return;
    for (size_t i = 0; i < ifs.n; i++) {
        member *x = ifs.items[i];
        bool want = (intptr_t)sides.items[i] ? !present : present;
        if (i + 1 < ifs.n)
            want = !(intptr_t)sides.items[i]; /* the outer ifs hold it whatever it is */
        if (!emit_make(m, c, s, x->value, want, indent))
            cc_error(m->cc, x->at, "model: this condition decides where '%s' is, and a new file cannot be made to "
                                   "meet it (a field, `field & bits` or their negation can)", target->name);
    }
}

/* The count field an array's declaration names (set when it is written). */
static void emit_set_count(mem *m, FILE *c, struct_decl *s, const member *array, const char *n, const char *indent)
{
    char lv[512];
    const expr *count = array->type->count;
    if (!count)
        return; /* a fixed array */
    if (count->kind != E_NAME || !resolve_name(m->cc, s, count->text, lv, sizeof lv)) {
        cc_error(m->cc, array->at, "model: the count of '%s' is no field, so a new file cannot say it", array->name);
        return;
    }
    gen_out(c, "%s%s = %s;\n", indent, lv, n);
}

/* Sets the arm field of switch x in a new document of struct s from the
   arms' conditions (the lets were computed), as the encoder decides. */
static void emit_arm_select(mem *m, struct_decl *s, const member *x, const char *indent)
{
    FILE *c = m->c;
    gen_out(c, "%so->%s = -1;\n", indent, x->name);
    for (size_t k = 0; k < x->arms.n; k++) {
        switch_arm *a = x->arms.items[k];
        gen_out(c, "%s%s", indent, k ? "else " : "");
        if (a->cond) {
            gen_out(c, "if (");
            cc_emit_expr(m->cc, c, s, a->cond);
            gen_out(c, ")");
        } else if (!k) {
            gen_out(c, "if (1)");
        }
        if (a->st)
            gen_out(c, "\n%s    o->%s = %s_%s_%s;\n", indent, x->name, m->id, x->name, a->st->name);
        else
            gen_out(c, "\n%s    o->%s = -1; /* stop */\n", indent, x->name);
    }
}

/* ---- reading -------------------------------------------------------------------- */

static void emit_time_scale(FILE *c, const mkeys *k)
{
    if (k->time_op)
        gen_out(c, " %s %s", !strcmp(k->time_op, "*") ? "/" : "*", k->time_scale->text);
}

/* The keys of track t from the holder o: read in time order. */
static void emit_keys_read(mem *m, struct_decl *holder, const mkeys *k, int vt, bool discrete)
{
    FILE *c = m->c;
    const char *arr = k->array->text, *key = k->key_st->name;
    gen_out(c, "    size_t n = o->%s_count;\n", arr);
    /* headers only: the decoder kept the earliest and the latest key */
    gen_out(c, "    if (b->headers) {\n        t->key_count = n;\n        if (n) {\n"
               "            t->earliest = (double)o->%s[0].%s", arr, k->time->text);
    if (k->time_op)
        gen_out(c, " %s %s", k->time_op, k->time_scale->text);
    gen_out(c, ";\n            t->latest = (double)o->%s[1].%s", arr, k->time->text);
    if (k->time_op)
        gen_out(c, " %s %s", k->time_op, k->time_scale->text);
    gen_out(c, ";\n        }\n        return;\n    }\n");
    gen_out(c, "    double *times = malloc((n ? n : 1) * sizeof *times);\n    if (!times)\n        goto failed;\n");
    gen_out(c, "    for (size_t i = 0; i < n; i++)\n        times[i] = (double)o->%s[i].%s", arr, k->time->text);
    if (k->time_op)
        gen_out(c, " %s %s", k->time_op, k->time_scale->text);
    gen_out(c, ";\n    size_t *order = ak_mm_order(b, times, n);\n    free(times);\n    if (!order)\n        return;\n");
    gen_out(c, "    unsigned parts = 0");
    for (size_t i = 0; i < k->parts.n; i++) {
        char up[32];
        upper(up, sizeof up, ((token *)k->parts.items[i])->text);
        gen_out(c, " | AK_KEYS_%s", up);
    }
    if (k->tangents_m) {
        gen_out(c, ";\n    const bool tangents = ");
        emit_present(m, c, holder, k->tangents_m);
        gen_out(c, ";\n    parts |= tangents ? AK_KEYS_TANGENTS : 0");
    }
    gen_out(c, ";\n    if (!ak_track_alloc_keys(t, b->arena, n, parts)) {\n        free(order);\n        goto failed;\n    }\n");
    if (k->interp_m && k->shared_m) {
        gen_out(c, "    const bool per_key = ");
        emit_present(m, c, holder, k->interp_m);
        gen_out(c, ";\n");
    }
    gen_out(c, "    for (size_t j = 0; j < n; j++) {\n        const size_t i = order[j];\n");
    gen_out(c, "        const %s_%s *k = &o->%s[i];\n        ak_key key;\n        memset(&key, 0, sizeof key);\n", m->id,
            key, arr);
    gen_out(c, "        key.time = (double)k->%s", k->time->text);
    if (k->time_op)
        gen_out(c, " %s %s", k->time_op, k->time_scale->text);
    gen_out(c, ";\n");
    if (k->hook) {
        gen_out(c, "        %s_model_%s(k, &key);\n", m->id, k->hook->text);
    } else {
        char src[256];
        snprintf(src, sizeof src, "k->%s", k->value->text);
        emit_value_read(m, c, k->value_m, src, "key.value", k, vt);
        if (discrete || !k->interp)
            gen_out(c, "        key.interp = AK_INTERP_%s;\n", discrete ? "HOLD" : "LINEAR");
        else if (!k->interp_m) {
            char up[32];
            upper(up, sizeof up, k->interp->text);
            gen_out(c, "        key.interp = AK_INTERP_%s;\n", up);
        } else if (k->shared_m) {
            gen_out(c, "        key.interp = (ak_interp)mm_interp_%s(per_key ? (int64_t)o->%s[i] : (int64_t)o->%s);\n",
                    k->interp_map->en->name, k->interp->text, k->interp_shared->text);
        } else {
            gen_out(c, "        key.interp = (ak_interp)mm_interp_%s((int64_t)k->%s);\n", k->interp_map->en->name,
                    k->interp->text);
        }
        if (k->tangents_m) {
            gen_out(c, "        if (tangents) {\n");
            snprintf(src, sizeof src, "o->%s[i].%s", k->tangents->text, k->tan_in->text);
            emit_value_read(m, c, k->in_m, src, "key.in_tangent", NULL, vt);
            snprintf(src, sizeof src, "o->%s[i].%s", k->tangents->text, k->tan_out->text);
            emit_value_read(m, c, k->out_m, src, "key.out_tangent", NULL, vt);
            gen_out(c, "            key.has_tangents = true;\n        }\n");
        }
    }
    gen_out(c, "        ak_key_set(t, j, &key);\n    }\n    free(order);\n");
    (void)holder;
}

static void emit_infinity_read(mem *m, const mtrack *t)
{
    if (t->pre_m)
        gen_out(m->c, "    t->pre = (ak_infinity)mm_infinity_%s((int64_t)o->%s);\n", t->pre_map->en->name, t->pre->text);
    if (t->post_m)
        gen_out(m->c, "    t->post = (ak_infinity)mm_infinity_%s((int64_t)o->%s);\n", t->post_map->en->name,
                t->post->text);
}

/* The keys (or Raw samples) of a track or of one body instance. */
static void emit_parts_read(mem *m, struct_decl *s, const mtrack *t, int vt, bool discrete)
{
    FILE *c = m->c;
    emit_infinity_read(m, t);
    if (t->values_m) {
        char eref[160];
        if (t->interval_m)
            gen_out(c, "    t->interval = (double)o->%s;\n", t->interval->text);
        gen_out(c, "    size_t n = o->%s_count;\n", t->values->text);
        gen_out(c, "    if (b->headers) {\n        t->key_count = n;\n        return;\n    }\n");
        gen_out(c, "    if (!ak_track_alloc_keys(t, b->arena, n, 0))\n        goto failed;\n");
        gen_out(c, "    for (size_t i = 0; i < n; i++) {\n        ak_value v;\n        memset(&v, 0, sizeof v);\n");
        if (entry_ref(m, t->values_m, eref, sizeof eref))
            gen_out(c, "        if (!ak_mm_value_get(b, %s, &o->%s[i], &v))\n            goto failed;\n", eref,
                    t->values->text);
        else
            gen_out(c, "        v.%s[0] = o->%s[i];\n", slot_of(vt), t->values->text);
        gen_out(c, "        ak_key_set_value(t, i, &v);\n    }\n");
    } else if (t->keys) {
        emit_keys_read(m, s, t->keys, vt, discrete);
    }
    if (t->after)
        gen_out(c, "    %s_model_%s(t);\n", m->id, t->after->text);
    gen_out(c, "    return;\nfailed:\n    b->failed = true;\n");
}

static void emit_fixed_read(mem *m, const mtrack *t)
{
    FILE *c = m->c;
    char vt[32], kind[32];
    upper(vt, sizeof vt, ak_value_type_info_of((ak_value_type)t->vt)->name);
    upper(kind, sizeof kind, cc_model_kind_words[t->kind_value]);
    gen_out(c, "\nstatic void mr_%s(ak_model_builder *b, const %s_%s *o, const char *path, const char *field)\n{\n",
            t->st->name, m->id, t->st->name);
    /* a place with nothing in it is no track (an empty MRTK channel) */
    gen_out(c, "    if (!o->%s_count)\n        return;\n", t->keys ? t->keys->array->text : t->values->text);
    gen_out(c, "    ak_track *t = ak_mb_track(b);\n    if (!t || !path)\n        goto failed;\n");
    gen_out(c, "    t->node = path[0] ? path : NULL;\n    t->property = field;\n");
    gen_out(c, "    t->type = AK_VT_%s;\n    t->kind = AK_TRACK_%s;\n", vt, kind);
    gen_out(c, "    ak_target_of(mm_names, MM_NAMES, path, field, t->type, AK_WHOLE, &t->target, b->arena);\n");
    emit_parts_read(m, t->st, t, t->vt, t->kind_value == AK_TRACK_DISCRETE);
    gen_out(c, "}\n");
}

/* Walks the members of struct s (reading or writing) down to its tracks. */
static void emit_walk_members(mem *m, struct_decl *s, vec *members, bool write, const char *indent);

static void emit_walk_members(mem *m, struct_decl *s, vec *members, bool write, const char *indent)
{
    FILE *c = m->c;
    const char *ctx = write ? "w" : "b", *arena = write ? "w->into" : "b->arena";
    char deeper[64];
    snprintf(deeper, sizeof deeper, "%s    ", indent);
    for (size_t i = 0; i < members->n; i++) {
        member *x = members->items[i];
        if (x->kind == M_PROCESS) {
            emit_walk_members(m, s, &x->body, write, indent);
        } else if (x->kind == M_IF) {
            if (!members_hold(m, &x->body) && !members_hold(m, &x->else_body))
                continue;
            if (write && !x->else_body.n && emit_make(m, c, s, x->value, true, indent)) {
                /* a section is present when a place in it got a track */
                gen_out(c, "%s{\n%s    const size_t before = w->placed;\n", indent, indent);
                emit_walk_members(m, s, &x->body, write, deeper);
                char cond[64];
                snprintf(cond, sizeof cond, "%s    ", indent);
                gen_out(c, "%s    if (w->placed == before) {\n", indent);
                char inner[80];
                snprintf(inner, sizeof inner, "%s        ", indent);
                emit_make(m, c, s, x->value, false, inner);
                gen_out(c, "%s    }\n%s}\n", indent, indent);
                continue;
            }
            gen_out(c, "%sif (", indent);
            cc_emit_expr(m->cc, c, s, x->value);
            gen_out(c, ") {\n");
            emit_walk_members(m, s, &x->body, write, deeper);
            if (x->else_body.n) {
                gen_out(c, "%s} else {\n", indent);
                emit_walk_members(m, s, &x->else_body, write, deeper);
            }
            gen_out(c, "%s}\n", indent);
        } else if (x->kind == M_SWITCH) {
            bool any = false;
            for (size_t k = 0; k < x->arms.n; k++) {
                switch_arm *a = x->arms.items[k];
                any |= a->st && (fixed_track(m, a->st) || holds_tracks(m, a->st));
            }
            if (!any)
                continue;
            if (write) /* a new document: the arm its fields select, as the encoder takes it */
                emit_arm_select(m, s, x, indent);
            gen_out(c, "%sswitch (o->%s) {\n", indent, x->name);
            for (size_t k = 0; k < x->arms.n; k++) {
                switch_arm *a = x->arms.items[k];
                bool dup = false;
                for (size_t j = 0; j < k; j++)
                    dup |= ((switch_arm *)x->arms.items[j])->st == a->st;
                if (!a->st || dup || !(fixed_track(m, a->st) || holds_tracks(m, a->st)))
                    continue;
                gen_out(c, "%scase %s_%s_%s:\n", indent, m->id, x->name, a->st->name);
                if (fixed_track(m, a->st))
                    gen_out(c, "%s    m%c_%s(%s, &o->%s, path, \"%s\");\n", indent, write ? 'w' : 'r', a->st->name,
                            ctx, a->st->name, x->name);
                else /* an arm adds nothing to the path: it is a version of its place */
                    gen_out(c, "%s    m%c_walk_%s(%s, r_, &o->%s, path);\n", indent, write ? 'w' : 'r', a->st->name,
                            ctx, a->st->name);
                gen_out(c, "%s    break;\n", indent);
            }
            gen_out(c, "%sdefault:\n%s    break;\n%s}\n", indent, indent, indent);
        } else if (x->kind == M_FIELD) {
            const tref *t = x->type->kind == T_ARRAY ? x->type->elem : x->type;
            struct_decl *st = t->st;
            if (!st)
                continue;
            mtrack *tr = fixed_track(m, st);
            if (!tr && !holds_tracks(m, st))
                continue;
            if (x->type->kind != T_ARRAY) {
                if (tr)
                    gen_out(c, "%sm%c_%s(%s, &o->%s, path, \"%s\");\n", indent, write ? 'w' : 'r', st->name, ctx,
                            x->name, x->name);
                else
                    gen_out(c, "%sm%c_walk_%s(%s, r_, &o->%s, ak_mm_path(%s, path, \"%s\", -1));\n", indent,
                            write ? 'w' : 'r', st->name, ctx, x->name, arena, x->name);
                continue;
            }
            if (tr) {
                cc_error(m->cc, x->at, "model: an array of track structs ('%s') has no field per track to name them",
                         x->name);
                continue;
            }
            bool is_fixed = x->type->count && x->type->count->kind == E_INT;
            if (write && !is_fixed) {
                cc_error(m->cc, x->at, "model: a counted array of structs that hold tracks ('%s'): a new file "
                                       "cannot tell how many", x->name);
                continue;
            }
            if (is_fixed)
                gen_out(c, "%sfor (size_t i = 0; i < %s; i++)\n", indent, x->type->count->text);
            else
                gen_out(c, "%sfor (size_t i = 0; i < o->%s_count; i++)\n", indent, x->name);
            gen_out(c, "%s    m%c_walk_%s(%s, r_, &o->%s[i], ak_mm_path(%s, path, \"%s\", (long)i));\n", indent,
                    write ? 'w' : 'r', st->name, ctx, x->name, arena, x->name);
        }
    }
}

static void emit_walkers(mem *m, bool write)
{
    FILE *c = m->c;
    const char *R = m->root;
    /* prototypes first: the walk goes down the structs in any order */
    for (size_t i = 0; i < m->f->structs.n; i++) {
        struct_decl *s = m->f->structs.items[i];
        if (!holds_tracks(m, s))
            continue;
        if (write)
            gen_out(c, "static void mw_walk_%s(ak_model_writer *w, %s_%s *r_, %s_%s *o, const char *path);\n", s->name,
                    m->id, R, m->id, s->name);
        else
            gen_out(c, "static void mr_walk_%s(ak_model_builder *b, const %s_%s *r_, const %s_%s *o, const char "
                       "*path);\n", s->name, m->id, R, m->id, s->name);
    }
    for (size_t i = 0; i < m->f->structs.n; i++) {
        struct_decl *s = m->f->structs.items[i];
        if (!holds_tracks(m, s))
            continue;
        if (write)
            gen_out(c, "\nstatic void mw_walk_%s(ak_model_writer *w, %s_%s *r_, %s_%s *o, const char *path)\n{\n",
                    s->name, m->id, R, m->id, s->name);
        else
            gen_out(c, "\nstatic void mr_walk_%s(ak_model_builder *b, const %s_%s *r_, const %s_%s *o, const char "
                       "*path)\n{\n", s->name, m->id, R, m->id, s->name);
        gen_out(c, "    (void)r_;\n    if (!path) {\n        %s;\n        return;\n    }\n",
                write ? "w->failed = true" : "b->failed = true");
        emit_walk_members(m, s, &s->members, write, "    ");
        gen_out(c, "}\n");
    }
}

/* ---- the tracks of a `tracks` array ----------------------------------------------- */

static void emit_list_read(mem *m, const mtrack *lt)
{
    FILE *c = m->c;
    const char *E = lt->st->name;
    /* one function per body instance */
    for (size_t bi = 0; bi < lt->bodies.n; bi++) {
        mtrack *bd = lt->bodies.items[bi];
        for (size_t i = 0; i < m->f->structs.n; i++) {
            struct_decl *s = m->f->structs.items[i];
            if (!s->template_of || strcmp(s->template_of->name, bd->name->text))
                continue;
            mtrack inst = *bd;
            inst.st = s;
            /* the instance's own members (the checker resolved the first's) */
            inst.keys = NULL;
            mkeys keys;
            if (bd->keys) {
                keys = *bd->keys;
                keys.array_m = find_member_named(s, keys.array->text, NULL);
                keys.key_st = keys.array_m->type->elem->st;
                keys.time_m = keys.time ? find_member_named(keys.key_st, keys.time->text, NULL) : NULL;
                keys.value_m = keys.value ? find_member_named(keys.key_st, keys.value->text, NULL) : NULL;
                if (keys.interp_shared) {
                    keys.interp_m = find_member_named(s, keys.interp->text, NULL);
                    keys.shared_m = find_member_named(s, keys.interp_shared->text, NULL);
                } else if (keys.interp_m) {
                    keys.interp_m = find_member_named(keys.key_st, keys.interp->text, NULL);
                }
                if (keys.tangents) {
                    keys.tangents_m = find_member_named(s, keys.tangents->text, NULL);
                    struct_decl *ts = keys.tangents_m->type->elem->st;
                    keys.in_m = find_member_named(ts, keys.tan_in->text, NULL);
                    keys.out_m = find_member_named(ts, keys.tan_out->text, NULL);
                }
                inst.keys = &keys;
            }
            inst.values_m = bd->values ? find_member_named(s, bd->values->text, NULL) : NULL;
            inst.interval_m = bd->interval ? find_member_named(s, bd->interval->text, NULL) : NULL;
            gen_out(c, "\nstatic void mr_%s(ak_model_builder *b, ak_track *t, const %s_%s *o)\n{\n", s->name, m->id,
                    s->name);
            emit_parts_read(m, s, &inst, -1, !bd->keys || !bd->keys->interp);
            gen_out(c, "}\n");
        }
    }
    gen_out(c, "\nstatic void mr_%s(ak_model_builder *b, const %s_%s *r_)\n{\n", lt->name->text, m->id, m->root);
    gen_out(c, "    for (size_t e = 0; e < r_->%s_count && !b->failed; e++) {\n", lt->name->text);
    gen_out(c, "        const %s_%s *o = &r_->%s[e];\n        ak_track *t = ak_mb_track(b);\n        if (!t)\n"
               "            return;\n", m->id, E, lt->name->text);
    if (lt->node_m)
        gen_out(c, "        t->node = ak_mb_string(b, o->%s.ptr ? o->%s.ptr : \"\", o->%s.len);\n", lt->node->text,
                lt->node->text, lt->node->text);
    if (lt->property_m)
        gen_out(c, "        t->property = ak_mb_string(b, o->%s.ptr ? o->%s.ptr : \"\", o->%s.len);\n",
                lt->property->text, lt->property->text, lt->property->text);
    gen_out(c, "        t->type = (ak_value_type)(int)o->%s;\n", lt->type_field->text);
    gen_out(c, "        t->kind = (ak_track_kind)mm_kind_%s((int64_t)o->%s);\n", lt->kind_map->en->name,
            lt->kind_field->text);
    gen_out(c, "        ak_target_of(mm_names, MM_NAMES, t->node, t->property, t->type, AK_WHOLE, &t->target, b->arena);\n");
    /* the body switch of the element: its arms are the bodies' instances */
    for (size_t i = 0; i < lt->st->members.n; i++) {
        member *x = lt->st->members.items[i];
        if (x->kind != M_SWITCH)
            continue;
        gen_out(c, "        switch (o->%s) {\n", x->name);
        for (size_t k = 0; k < x->arms.n; k++) {
            switch_arm *a = x->arms.items[k];
            bool ours = false;
            for (size_t bi = 0; bi < lt->bodies.n && a->st && a->st->template_of; bi++)
                ours |= !strcmp(((mtrack *)lt->bodies.items[bi])->name->text, a->st->template_of->name);
            if (ours)
                gen_out(c, "        case %s_%s_%s: mr_%s(b, t, &o->%s); break;\n", m->id, x->name, a->st->name,
                        a->st->name, a->st->name);
        }
        gen_out(c, "        default: break;\n        }\n");
    }
    gen_out(c, "    }\n}\n");
}

/* ---- writing -------------------------------------------------------------------- */

static unsigned keys_can(const mkeys *k, bool discrete)
{
    if (discrete)
        return 1u << AK_INTERP_HOLD;
    if (k->hook) {
        bool tangents = false;
        for (size_t i = 0; i < k->parts.n; i++)
            tangents |= !strcmp(((token *)k->parts.items[i])->text, "tangents");
        return 1u << AK_INTERP_HOLD | 1u << AK_INTERP_LINEAR | (tangents ? 1u << AK_INTERP_HERMITE : 0);
    }
    if (!k->interp)
        return 1u << AK_INTERP_LINEAR;
    if (!k->interp_m)
        return 1u << cc_model_word(cc_model_interp_words, k->interp->text);
    return map_can(k->interp_map);
}

static void emit_infinity_write(mem *m, const mtrack *t)
{
    FILE *c = m->c;
    for (int side = 0; side < 2; side++) {
        const char *field = side ? (t->post ? t->post->text : NULL) : (t->pre ? t->pre->text : NULL);
        const mmap *map = side ? t->post_map : t->pre_map;
        if (!field)
            continue;
        gen_out(c, "    {\n        bool lost;\n        o->%s = mm_infinity_%s_back((int)t->%s, &lost);\n", field,
                map->en->name, side ? "post" : "pre");
        gen_out(c, "        if (lost)\n            ak_mm_loss(w, \"infinity modes the file cannot hold made "
                   "constant\", t, 0);\n    }\n");
    }
    if (!t->pre && !t->post)
        gen_out(c, "    if (t->pre != AK_INF_CONSTANT || t->post != AK_INF_CONSTANT)\n"
                   "        ak_mm_loss(w, \"infinity modes other than constant left out (the file has none)\", t, "
                   "0);\n");
}

/* The keys of track t (component comp) into the holder o. */
static void emit_keys_write(mem *m, struct_decl *holder, const mkeys *k, bool discrete)
{
    FILE *c = m->c;
    const char *arr = k->array->text;
    bool f32 = k->time_m && member_prim(k->time_m) == P_F32;
    gen_out(c, "    ak_key *keys;\n    size_t n;\n    if (!ak_mm_keys(w, t, comp, 0x%xu, &keys, &n))\n        return;\n",
            keys_can(k, discrete));
    const char *count_type = NULL;
    if (k->array_m->type->count && k->array_m->type->count->kind == E_NAME) {
        member *cm = find_member_named(holder, k->array_m->type->count->text, NULL);
        if (cm && member_prim(cm) == P_I32)
            count_type = "INT32_MAX";
    }
    if (count_type)
        gen_out(c, "    if (n > (size_t)%s) {\n        ak_mm_keys_free(w, keys);\n        ak_mm_refuse(w, t, \"more keys than the "
                   "file can count\");\n        return;\n    }\n", count_type);
    gen_out(c, "    o->%s = ak_arena_array(w->into, n ? n : 1, sizeof *o->%s, 8);\n", arr, arr);
    gen_out(c, "    if (!o->%s) {\n        ak_mm_keys_free(w, keys);\n        w->failed = true;\n        return;\n    }\n", arr);
    gen_out(c, "    o->%s_count = n;\n", arr);
    emit_set_count(m, c, holder, k->array_m, "n", "    ");
    if (k->interp_m && k->shared_m) {
        gen_out(c, "    bool differ = false;\n    for (size_t j = 1; j < n; j++)\n"
                   "        differ |= keys[j].interp != keys[0].interp;\n");
        emit_make_present(m, c, holder, k->interp_m, true, "    ");
        gen_out(c, "    if (!differ) {\n");
        emit_make_present(m, c, holder, k->shared_m, true, "        ");
        gen_out(c, "        bool lost;\n        o->%s = (%s)mm_interp_%s_back(n ? (int)keys[0].interp : 0, &lost);\n"
                   "    } else {\n", k->interp_shared->text, prim_ctype(member_prim(k->shared_m)),
                k->interp_map->en->name);
        gen_out(c, "        o->%s = ak_arena_array(w->into, n, sizeof *o->%s, 8);\n        o->%s_count = n;\n",
                k->interp->text, k->interp->text, k->interp->text);
        gen_out(c, "        if (!o->%s) {\n            ak_mm_keys_free(w, keys);\n            w->failed = true;\n            return;\n"
                   "        }\n        for (size_t j = 0; j < n; j++) {\n            bool lost;\n"
                   "            o->%s[j] = (%s)mm_interp_%s_back((int)keys[j].interp, &lost);\n        }\n    }\n",
                k->interp->text, k->interp->text, prim_ctype(k->interp_m->type->elem->prim), k->interp_map->en->name);
    }
    if (k->tangents_m) {
        gen_out(c, "    bool tangents = false;\n    for (size_t j = 0; j < n; j++)\n        tangents |= keys[j].interp "
                   "== AK_INTERP_TANGENT || keys[j].interp == AK_INTERP_CUBIC_BEZIER;\n    if (tangents) {\n");
        emit_make_present(m, c, holder, k->tangents_m, true, "        ");
        gen_out(c, "        o->%s = ak_arena_array(w->into, n ? n : 1, sizeof *o->%s, 8);\n        o->%s_count = n;\n",
                k->tangents->text, k->tangents->text, k->tangents->text);
        gen_out(c, "        if (!o->%s) {\n            ak_mm_keys_free(w, keys);\n            w->failed = true;\n            return;\n"
                   "        }\n        memset(o->%s, 0, (n ? n : 1) * sizeof *o->%s);\n", k->tangents->text,
                k->tangents->text, k->tangents->text);
        gen_out(c, "        for (size_t j = 0; j < n; j++) {\n"
                   "            if (!keys[j].has_tangents || keys[j].interp == AK_INTERP_HERMITE)\n"
                   "                continue; /* the type's zero value */\n");
        char dst[256];
        snprintf(dst, sizeof dst, "o->%s[j].%s", k->tangents->text, k->tan_in->text);
        emit_value_write(m, c, k->in_m, dst, "keys[j].in_tangent", NULL);
        snprintf(dst, sizeof dst, "o->%s[j].%s", k->tangents->text, k->tan_out->text);
        emit_value_write(m, c, k->out_m, dst, "keys[j].out_tangent", NULL);
        gen_out(c, "        }\n    } else {\n");
        emit_make_present(m, c, holder, k->tangents_m, false, "        ");
        gen_out(c, "    }\n");
    }
    gen_out(c, "    for (size_t j = 0; j < n; j++) {\n        %s_%s *k = &o->%s[j];\n", m->id, k->key_st->name, arr);
    gen_out(c, "        memset(k, 0, sizeof *k);\n");
    gen_out(c, "        if (!ak_mm_time_ok(w, t, keys[j].time, %s))\n            break;\n", f32 ? "true" : "false");
    gen_out(c, "        k->%s = keys[j].time", k->time->text);
    if (k->time_op)
        emit_time_scale(c, k);
    gen_out(c, ";\n");
    if (k->hook)
        gen_out(c, "        %s_model_%s_back(keys, n, j, k);\n", m->id, k->hook->text);
    else if (k->value_m) {
        char dst[256];
        snprintf(dst, sizeof dst, "k->%s", k->value->text);
        emit_value_write(m, c, k->value_m, dst, "keys[j].value", k);
    }
    if (!k->hook && k->interp_m && !k->shared_m)
        gen_out(c, "        bool lost;\n        k->%s = mm_interp_%s_back((int)keys[j].interp, &lost);\n",
                k->interp->text, k->interp_map->en->name);
    gen_out(c, "    }\n    ak_mm_keys_free(w, keys);\n");
}

static void emit_parts_write(mem *m, struct_decl *s, const mtrack *t, bool discrete)
{
    FILE *c = m->c;
    emit_infinity_write(m, t);
    if (t->values_m) {
        char eref[160];
        gen_out(c, "    size_t n = t->key_count;\n");
        if (t->interval_m) {
            gen_out(c, "    o->%s = t->interval;\n", t->interval->text);
            gen_out(c, "    if ((double)o->%s != t->interval || t->start != 0)\n        ak_mm_loss(w, \"Raw intervals "
                       "rounded, or start times other than 0 left out\", t, 0);\n", t->interval->text);
        }
        gen_out(c, "    o->%s = ak_arena_array(w->into, n ? n : 1, sizeof *o->%s, 8);\n", t->values->text,
                t->values->text);
        gen_out(c, "    if (!o->%s) {\n        w->failed = true;\n        return;\n    }\n    o->%s_count = n;\n",
                t->values->text, t->values->text);
        emit_set_count(m, c, s, t->values_m, "n", "    ");
        gen_out(c, "    for (size_t i = 0; i < n; i++) {\n        ak_value v;\n        ak_key_value(t, i, &v);\n");
        if (entry_ref(m, t->values_m, eref, sizeof eref))
            gen_out(c, "        ak_lvalue_set(%s, &o->%s[i], &v);\n", eref, t->values->text);
        gen_out(c, "    }\n");
    } else if (t->keys) {
        emit_keys_write(m, s, t->keys, discrete);
    }
}

static void emit_fixed_write(mem *m, const mtrack *t)
{
    FILE *c = m->c;
    char vt[32], kind[32];
    upper(vt, sizeof vt, ak_value_type_info_of((ak_value_type)t->vt)->name);
    upper(kind, sizeof kind, cc_model_kind_words[t->kind_value]);
    gen_out(c, "\nstatic void mw_%s(ak_model_writer *w, %s_%s *o, const char *path, const char *field)\n{\n",
            t->st->name, m->id, t->st->name);
    gen_out(c, "    if (!path) {\n        w->failed = true;\n        return;\n    }\n");
    /* an empty place says what a file with nothing there says */
    for (int side = 0; side < 2; side++) {
        const char *field = side ? (t->post ? t->post->text : NULL) : (t->pre ? t->pre->text : NULL);
        const mmap *map = side ? t->post_map : t->pre_map;
        if (field)
            gen_out(c, "    {\n        bool lost;\n        o->%s = mm_infinity_%s_back(AK_INF_CONSTANT, &lost);\n    }\n",
                    field, map->en->name);
    }
    gen_out(c, "    ak_target want;\n    ak_target_of(mm_names, MM_NAMES, path, field, AK_VT_%s, AK_WHOLE, &want, NULL);\n", vt);
    gen_out(c, "    int comp;\n    const ak_track *t = ak_track_index_take(&w->index, &want, &comp);\n");
    /* a track named as the place is (a file another tool wrote with this
       format's own names) */
    gen_out(c, "    if (!t)\n        t = ak_track_index_take(&w->index, &(ak_target){path, field, AK_WHOLE}, &comp);\n");
    gen_out(c, "    if (!t || !ak_mm_fits(w, t, comp, AK_VT_%s, AK_TRACK_%s))\n        return;\n", vt, kind);
    gen_out(c, "    if (comp == AK_WHOLE)\n        comp = 0; /* a scalar place: the track's one component */\n");
    gen_out(c, "    w->placed++;\n");
    emit_parts_write(m, t->st, t, t->kind_value == AK_TRACK_DISCRETE);
    gen_out(c, "}\n");
}

static void emit_list_write(mem *m, const mtrack *lt)
{
    FILE *c = m->c;
    const char *E = lt->st->name;
    for (size_t bi = 0; bi < lt->bodies.n; bi++) {
        mtrack *bd = lt->bodies.items[bi];
        for (size_t i = 0; i < m->f->structs.n; i++) {
            struct_decl *s = m->f->structs.items[i];
            if (!s->template_of || strcmp(s->template_of->name, bd->name->text))
                continue;
            mtrack inst = *bd;
            inst.st = s;
            inst.keys = NULL;
            mkeys keys;
            if (bd->keys) {
                keys = *bd->keys;
                keys.array_m = find_member_named(s, keys.array->text, NULL);
                keys.key_st = keys.array_m->type->elem->st;
                keys.time_m = find_member_named(keys.key_st, keys.time->text, NULL);
                keys.value_m = keys.value ? find_member_named(keys.key_st, keys.value->text, NULL) : NULL;
                if (keys.interp_shared) {
                    keys.interp_m = find_member_named(s, keys.interp->text, NULL);
                    keys.shared_m = find_member_named(s, keys.interp_shared->text, NULL);
                } else if (keys.interp_m) {
                    keys.interp_m = find_member_named(keys.key_st, keys.interp->text, NULL);
                }
                if (keys.tangents) {
                    keys.tangents_m = find_member_named(s, keys.tangents->text, NULL);
                    struct_decl *ts = keys.tangents_m->type->elem->st;
                    keys.in_m = find_member_named(ts, keys.tan_in->text, NULL);
                    keys.out_m = find_member_named(ts, keys.tan_out->text, NULL);
                }
                inst.keys = &keys;
            }
            inst.values_m = bd->values ? find_member_named(s, bd->values->text, NULL) : NULL;
            inst.interval_m = bd->interval ? find_member_named(s, bd->interval->text, NULL) : NULL;
            gen_out(c, "\nstatic void mw_%s(ak_model_writer *w, const ak_track *t, %s_%s *o)\n{\n    const int comp "
                       "= AK_WHOLE;\n", s->name, m->id, s->name);
            emit_parts_write(m, s, &inst, !bd->keys || !bd->keys->interp);
            gen_out(c, "}\n");
        }
    }
    /* element e, made when the encoder reaches it (ak_mm_list): the
       document never holds the whole list */
    gen_out(c, "\nstatic void mw_%s_element(ak_model_writer *w, void *root, size_t e, void *element)\n{\n",
            lt->name->text);
    gen_out(c, "    %s_%s *r_ = root;\n    %s_%s *o = element;\n    const ak_track *t = &w->anim->tracks[e];\n"
               "    (void)r_;\n    w->index.taken[e] = true;\n", m->id, m->root, m->id, E);
    gen_out(c, "    {\n");
    gen_out(c, "        if ((unsigned)t->type >= AK_VT_COUNT) {\n            ak_mm_refuse(w, t, \"an unknown value "
               "type\");\n            return;\n        }\n");
    /* the names of the track's target in this format's words */
    if (lt->node_m)
        gen_out(c, "        o->%s = ak_mm_str(ak_mm_target(w, t)->path);\n", lt->node->text);
    if (lt->property_m)
        gen_out(c, "        o->%s = ak_mm_str(ak_mm_native(w, mm_names, MM_NAMES, t));\n", lt->property->text);
    if (lt->type_write_m)
        gen_out(c, "        o->%s = (%s)t->type;\n", lt->type_write->text, prim_ctype(member_prim(lt->type_write_m)));
    if (lt->kind_write_m)
        gen_out(c, "        bool lost;\n        o->%s = (%s)mm_kind_%s_back((int)t->kind, &lost);\n        if (lost) {\n"
                   "            ak_mm_refuse(w, t, \"a kind of track the file cannot hold\");\n            return;\n"
                   "        }\n", lt->kind_write->text, prim_ctype(member_prim(lt->kind_write_m)), lt->kind_map->en->name);
    gen_out(c, "        if (%s_meta_%s.lets)\n            %s_meta_%s.lets(o, r_); /* the body the types select */\n",
            m->id, E, m->id, E);
    for (size_t i = 0; i < lt->st->members.n; i++) {
        member *x = lt->st->members.items[i];
        if (x->kind != M_SWITCH)
            continue;
        emit_arm_select(m, lt->st, x, "        ");
        gen_out(c, "        switch (o->%s) {\n", x->name);
        for (size_t k = 0; k < x->arms.n; k++) {
            switch_arm *a = x->arms.items[k];
            bool ours = false;
            for (size_t bi = 0; bi < lt->bodies.n && a->st && a->st->template_of; bi++)
                ours |= !strcmp(((mtrack *)lt->bodies.items[bi])->name->text, a->st->template_of->name);
            if (ours)
                gen_out(c, "        case %s_%s_%s: mw_%s(w, t, &o->%s); break;\n", m->id, x->name, a->st->name,
                        a->st->name, a->st->name);
        }
        gen_out(c, "        default: ak_mm_refuse(w, t, \"no body of the file holds it\"); break;\n        }\n");
    }
    gen_out(c, "    }\n}\n");
    /* the list's count, and its elements where the document holds them
       (else the encoder asks mw_<list>_element for each) */
    const char *L = lt->name->text;
    gen_out(c, "\nstatic void mw_%s(ak_model_writer *w, %s_%s *r_)\n{\n", L, m->id, m->root);
    gen_out(c, "    size_t n = w->anim->track_count;\n    r_->%s = NULL;\n    r_->%s_count = n;\n    {\n"
               "        %s_%s *o = r_;\n", L, L, m->id, m->root);
    emit_set_count(m, c, m->f->root_st, lt->array_m, "n", "        ");
    gen_out(c, "    }\n");
    if (!gen_made_one_at_a_time(m->f, lt->array_m))
        gen_out(c, "    r_->%s = ak_arena_array(&w->arena, n ? n : 1, sizeof *r_->%s, 8);\n    if (!r_->%s) {\n"
                   "        w->failed = true;\n        return;\n    }\n"
                   "    for (size_t e = 0; e < n && !w->failed; e++)\n        mw_%s_element(w, r_, e, &r_->%s[e]);\n",
                L, L, L, L, L);
    gen_out(c, "}\n");
}

/* ---- animation items: attributes, arms, options; the helpers of `tracks by` ---------- */

/* The helpers a `tracks by` hook names its tracks with (the names table and
   `objects` are the declaration's). */
static void emit_hook_helpers_h(mem *m)
{
    FILE *h = m->h;
    const char *id = m->id;
    if (!m->md->tracks_hook)
        return;
    gen_out(h, "/* For the `tracks by` hook: a new track of object path and native property name, its target\n"
               "   from the declaration's names; and the target of a model track in canonical words (what the\n"
               "   model says, or what this format's own names make of it: files others wrote in them). */\n");
    gen_out(h, "ak_track *%s_model_track(ak_model_builder *b, const char *path, const char *native, ak_value_type type,\n"
               "                         ak_track_kind kind);\n", id);
    gen_out(h, "void %s_model_target(ak_model_writer *w, const ak_track *t, ak_target *out);\n", id);
    if (m->md->objects) {
        gen_out(h, "/* `objects \"%s\"`: the path of object n, and the n of a path (also the bare number). */\n",
                m->md->objects->text);
        gen_out(h, "const char *%s_model_object(ak_model_builder *b, uint64_t n);\n", id);
        gen_out(h, "bool %s_model_object_of(const char *path, uint64_t *n);\n", id);
    }
}

static void emit_hook_helpers(mem *m)
{
    FILE *c = m->c;
    const char *id = m->id;
    if (!m->md->tracks_hook)
        return;
    gen_out(c, "\nak_track *%s_model_track(ak_model_builder *b, const char *path, const char *native, ak_value_type type,\n"
               "                         ak_track_kind kind)\n{\n", id);
    gen_out(c, "    ak_track *t = path ? ak_mb_track(b) : NULL;\n    if (!t) {\n        b->failed = true;\n"
               "        return NULL;\n    }\n    t->node = path;\n    t->property = native;\n    t->type = type;\n"
               "    t->kind = kind;\n    ak_target_of(mm_names, MM_NAMES, path, native, type, AK_WHOLE, &t->target, b->arena);\n"
               "    return t;\n}\n");
    gen_out(c, "\nvoid %s_model_target(ak_model_writer *w, const ak_track *t, ak_target *out)\n{\n", id);
    gen_out(c, "    const ak_target have = *ak_mm_target(w, t);\n    *out = have;\n"
               "    if (have.component == AK_WHOLE && have.property)\n"
               "        ak_target_of(mm_names, MM_NAMES, have.path, have.property, t->type, AK_WHOLE, out, &w->arena);\n}\n");
    if (m->md->objects) {
        gen_out(c, "\nconst char *%s_model_object(ak_model_builder *b, uint64_t n)\n{\n    char s[%zu];\n", id,
                strlen(m->md->objects->text) + 24);
        gen_out(c, "    int len = snprintf(s, sizeof s, \"%s%%llu\", (unsigned long long)n);\n", m->md->objects->text);
        gen_out(c, "    return ak_mb_string(b, s, (size_t)len);\n}\n");
        gen_out(c, "\nbool %s_model_object_of(const char *path, uint64_t *n)\n{\n"
                   "    return ak_mm_numbered(path, \"%s\", n);\n}\n", id, m->md->objects->text);
    }
}

static bool unsigned_prim(prim_kind p) { return p == P_U8 || p == P_U16 || p == P_U32 || p == P_U64; }

static void emit_attribute_read(mem *m, struct_decl *s, const mattr *a, const char *ind)
{
    FILE *c = m->c;
    char lv[512];
    member *f = resolve_name(m->cc, s, a->field->text, lv, sizeof lv);
    prim_kind p = member_prim(f);
    gen_out(c, "%sif (!(", ind);
    if (a->unless)
        cc_emit_expr(m->cc, c, s, a->unless);
    else
        gen_out(c, "0");
    gen_out(c, ")) {\n%s    char v_[40];\n", ind);
    if (a->hex)
        gen_out(c, "%s    snprintf(v_, sizeof v_, \"0x%%0%dllX\", (unsigned long long)%s);\n", ind, 2 * prim_size(p), lv);
    else if (unsigned_prim(p))
        gen_out(c, "%s    snprintf(v_, sizeof v_, \"%%llu\", (unsigned long long)%s);\n", ind, lv);
    else
        gen_out(c, "%s    snprintf(v_, sizeof v_, \"%%lld\", (long long)%s);\n", ind, lv);
    gen_out(c, "%s    ak_mb_attribute(&b, \"%s\", v_);\n%s}\n", ind, a->name->text, ind);
}

/* Does a block of the model name arm st? */
static bool block_names(const marm *block, const struct_decl *st)
{
    for (size_t i = 0; i < block->structs.n; i++)
        if (block->structs.items[i] == st)
            return true;
    return false;
}

/* Are there blocks for an arm of switch x (or, with a `tracks by` hook that
   fills the arms, is it a switch of arms at all)? */
static bool switch_has_items(mem *m, const member *x)
{
    for (size_t k = 0; k < x->arms.n; k++) {
        switch_arm *a = x->arms.items[k];
        if (a->st && m->md->tracks_hook)
            return true;
        for (size_t i = 0; a->st && i < m->md->arms.n; i++)
            if (block_names(m->md->arms.items[i], a->st))
                return true;
    }
    return false;
}

static bool first_arm_of(const member *x, size_t k)
{
    switch_arm *a = x->arms.items[k];
    for (size_t j = 0; j < k; j++)
        if (((switch_arm *)x->arms.items[j])->st == a->st)
            return false;
    return a->st != NULL;
}

/* Reading: the attributes of the root, and the items of the arm a document took. */
static void emit_items_read(mem *m)
{
    FILE *c = m->c;
    model_decl *md = m->md;
    struct_decl *root = m->f->root_st;
    for (size_t i = 0; i < md->attrs.n; i++)
        emit_attribute_read(m, root, md->attrs.items[i], "    ");
    if (!md->arms.n)
        return;
    for (size_t i = 0; i < root->members.n; i++) {
        member *x = root->members.items[i];
        if (x->kind != M_SWITCH || !switch_has_items(m, x))
            continue;
        gen_out(c, "    switch (doc->%s) {\n", x->name);
        for (size_t k = 0; k < x->arms.n; k++) {
            switch_arm *a = x->arms.items[k];
            bool any = false;
            for (size_t b = 0; first_arm_of(x, k) && b < md->arms.n; b++)
                any |= block_names(md->arms.items[b], a->st);
            if (!any)
                continue;
            gen_out(c, "    case %s_%s_%s: {\n        const %s_%s *o = &doc->%s;\n", m->id, x->name, a->st->name, m->id,
                    a->st->name, a->st->name);
            for (size_t b = 0; b < md->arms.n; b++) {
                marm *block = md->arms.items[b];
                if (!block_names(block, a->st))
                    continue;
                if (block->looping) {
                    gen_out(c, "        b.anim->looping = (");
                    cc_emit_expr(m->cc, c, a->st, block->looping);
                    gen_out(c, ") ? AK_LOOPING_YES : AK_LOOPING_NO;\n");
                }
                for (size_t j = 0; j < block->attrs.n; j++)
                    emit_attribute_read(m, a->st, block->attrs.items[j], "        ");
            }
            gen_out(c, "        break;\n    }\n");
        }
        gen_out(c, "    default:\n        break;\n    }\n");
    }
}

/* C that makes condition e of struct s hold in a new document: what
   emit_make makes, `field == N`, the first of `a || b`, both of `a && b`. */
static bool emit_make_holds(mem *m, struct_decl *s, const expr *e, const char *ind)
{
    char lv[512];
    if (e->kind == E_BINARY && !strcmp(e->op, "||"))
        return emit_make_holds(m, s, e->lhs, ind);
    if (e->kind == E_BINARY && !strcmp(e->op, "&&"))
        return emit_make_holds(m, s, e->lhs, ind) && emit_make_holds(m, s, e->rhs, ind);
    if (e->kind == E_BINARY && !strcmp(e->op, "==") && e->lhs->kind == E_NAME && e->rhs->kind == E_INT) {
        member *x = resolve_name(m->cc, s, e->lhs->text, lv, sizeof lv);
        if (!x || x->kind != M_FIELD)
            return false;
        gen_out(m->c, "%s%s = %s;\n", ind, lv, e->rhs->text);
        return true;
    }
    return emit_make(m, m->c, s, e, true, ind);
}

static void emit_looping_write(mem *m, struct_decl *s, const expr *e, const char *ind)
{
    FILE *c = m->c;
    char deeper[64];
    snprintf(deeper, sizeof deeper, "%s    ", ind);
    gen_out(c, "%sif (anim->looping == AK_LOOPING_YES) {\n", ind);
    bool ok = emit_make(m, c, s, e, true, deeper);
    gen_out(c, "%s} else {\n", ind);
    ok = ok && emit_make(m, c, s, e, false, deeper);
    gen_out(c, "%s}\n", ind);
    if (!ok)
        cc_error(m->cc, e->at, "model looping: a new file cannot be made to say it (a field, `field & bits` or their "
                               "negation can)");
}

static void emit_attribute_write(mem *m, struct_decl *s, const mattr *a, const char *ind)
{
    FILE *c = m->c;
    char lv[512], deeper[64];
    snprintf(deeper, sizeof deeper, "%s        ", ind);
    member *f = resolve_name(m->cc, s, a->field->text, lv, sizeof lv);
    prim_kind p = member_prim(f);
    int bits = 8 * prim_size(p);
    gen_out(c, "%s{\n%s    const char *v_ = ak_animation_attribute(anim, \"%s\");\n", ind, ind, a->name->text);
    if (unsigned_prim(p))
        gen_out(c, "%s    uint64_t x_;\n%s    if (v_ && ak_mm_uint(v_, UINT%d_MAX, &x_))\n", ind, ind, bits);
    else
        gen_out(c, "%s    int64_t x_;\n%s    if (v_ && ak_mm_int(v_, INT%d_MIN, INT%d_MAX, &x_))\n", ind, ind, bits, bits);
    gen_out(c, "%s        %s = (%s)x_;\n%s    else if (v_)\n", ind, lv, prim_ctype(p), ind);
    gen_out(c, "%s        ak_mm_loss(w, \"the attribute %s: not a number its field can hold\", NULL, 0);\n", ind,
            a->name->text);
    if (a->unless) {
        gen_out(c, "%s    else {\n", ind);
        if (!emit_make_holds(m, s, a->unless, deeper))
            cc_error(m->cc, a->unless->at, "model attribute \"%s\": a new file cannot be made to meet this condition "
                                           "(`field == N`, a field, `field & bits`, their negation, || and && can)",
                     a->name->text);
        gen_out(c, "%s    }\n", ind);
    }
    gen_out(c, "%s}\n", ind);
}

/* Writing: a format option's field (after the version's). */
static void emit_options_write(mem *m)
{
    FILE *c = m->c;
    char lv[512];
    for (size_t i = 0; i < m->md->options.n; i++) {
        mopt *o = m->md->options.items[i];
        member *x = resolve_name(m->cc, m->f->root_st, o->field->text, lv, sizeof lv);
        gen_out(c, "    {\n        size_t len_;\n        const char *v_ = ak_format_option(opt, \"%s\", &len_);\n",
                o->option->text);
        char words[256] = "";
        for (size_t k = 0; k < o->pairs.n; k++) {
            mpair *p = o->pairs.items[k];
            size_t n = strlen(words);
            snprintf(words + n, sizeof words - n, "%s%s", k ? (k + 1 == o->pairs.n ? " or " : ", ") : "", p->from->text);
            gen_out(c, "        %sif (%s(len_ == %zu && memcmp(v_, \"%s\", %zu) == 0))\n            %s = (%s)%s;\n",
                    k ? "else " : "", k ? "" : "!v_ || ", strlen(p->from->text), p->from->text, strlen(p->from->text),
                    lv, prim_ctype(member_prim(x)), p->to->text);
        }
        gen_out(c, "        else\n            ak_mm_refuse(w, NULL, \"format option %s takes %s\");\n    }\n",
                o->option->text, words);
    }
}

/* Writing: the fields of struct s a layout fixes (`== constant`), in a new
   document (at `to`: "doc->", "o->"). */
static void emit_fixed_fields(mem *m, const struct_decl *s, const char *to, const char *indent)
{
    for (size_t i = 0; i < s->members.n; i++) {
        member *x = s->members.items[i];
        if (x->kind != M_FIELD || !prim_is_int(member_prim(x)))
            continue;
        for (size_t k = 0; k < x->cons.n; k++) {
            cons *cn = x->cons.items[k];
            if (cn->kind == C_CMP && !strcmp(cn->op, "==") && cn->value && cn->value->kind == E_INT)
                gen_out(m->c, "%s%s%s = %sULL;\n", indent, to, x->name, cn->value->text);
        }
    }
}

/* Writing: the arm of each root switch the version and options select, the
   fields it fixes, and its items (a loss where it has no field for one). */
static void emit_items_write(mem *m)
{
    FILE *c = m->c;
    model_decl *md = m->md;
    struct_decl *root = m->f->root_st;
    bool declares_looping = md->looping != NULL;
    vec names = {0}; /* the attributes the arms declare, once each */
    for (size_t b = 0; b < md->arms.n; b++) {
        marm *block = md->arms.items[b];
        declares_looping |= block->looping != NULL;
        for (size_t j = 0; j < block->attrs.n; j++) {
            mattr *a = block->attrs.items[j];
            bool seen = false;
            for (size_t k = 0; k < names.n; k++)
                seen |= !strcmp(((mattr *)names.items[k])->name->text, a->name->text);
            if (!seen)
                vec_push(m->cc, &names, a);
        }
    }
    for (size_t i = 0; i < md->attrs.n; i++)
        emit_attribute_write(m, root, md->attrs.items[i], "    ");
    for (size_t i = 0; i < root->members.n; i++) {
        member *x = root->members.items[i];
        if (x->kind != M_SWITCH || !switch_has_items(m, x))
            continue;
        gen_out(c, "    /* the arm the version and the options select, the fields it fixes, its items */\n");
        emit_arm_select(m, root, x, "    ");
        gen_out(c, "    switch (doc->%s) {\n", x->name);
        for (size_t k = 0; k < x->arms.n; k++) {
            switch_arm *a = x->arms.items[k];
            if (!first_arm_of(x, k))
                continue;
            gen_out(c, "    case %s_%s_%s: {\n        %s_%s *o = &doc->%s;\n", m->id, x->name, a->st->name, m->id,
                    a->st->name, a->st->name);
            emit_fixed_fields(m, a->st, "o->", "        ");
            bool looping = md->looping != NULL;
            vec has = {0};
            for (size_t b = 0; b < md->arms.n; b++) {
                marm *block = md->arms.items[b];
                if (!block_names(block, a->st))
                    continue;
                if (block->looping)
                    emit_looping_write(m, a->st, block->looping, "        ");
                looping |= block->looping != NULL;
                for (size_t j = 0; j < block->attrs.n; j++) {
                    emit_attribute_write(m, a->st, block->attrs.items[j], "        ");
                    vec_push(m->cc, &has, block->attrs.items[j]);
                }
            }
            if (declares_looping && !looping)
                gen_out(c, "        if (anim->looping == AK_LOOPING_YES)\n            ak_mm_loss(w, \"the looping flag "
                           "(this layout of the file has no field for it)\", NULL, 0);\n");
            for (size_t n = 0; n < names.n; n++) {
                const char *name = ((mattr *)names.items[n])->name->text;
                bool here = false;
                for (size_t j = 0; j < has.n; j++)
                    here |= !strcmp(((mattr *)has.items[j])->name->text, name);
                if (!here)
                    gen_out(c, "        if (ak_animation_attribute(anim, \"%s\"))\n            ak_mm_loss(w, \"the "
                               "attribute %s (this layout of the file has no field for it)\", NULL, 0);\n", name, name);
            }
            gen_out(c, "        break;\n    }\n");
        }
        gen_out(c, "    default:\n        break;\n    }\n");
    }
}

/* ---- headers only (--list) ------------------------------------------------------- */

/* Does array name of a track's struct (or body template) name member m of s? */
static bool names_member(const token *name, const member *m) { return name && !strcmp(name->text, m->name); }

static cc_skim skim_of(const mtrack *t, const member *m, const mkeys **keys)
{
    if (t->keys && names_member(t->keys->array, m)) {
        *keys = t->keys;
        return CC_SKIM_KEYS;
    }
    if (names_member(t->values, m) || (t->keys && names_member(t->keys->tangents, m)) ||
        (t->keys && t->keys->interp_shared && names_member(t->keys->interp, m)))
        return CC_SKIM_PARALLEL;
    return CC_SKIM_NONE;
}

cc_skim cc_model_skim(compiler *cc, const struct_decl *s, const member *m, const mkeys **keys)
{
    format_decl *f = cc->format;
    model_decl *md = f->model;
    if (!md || f->text)
        return CC_SKIM_NONE;
    for (size_t i = 0; i < md->headers_except.n; i++) /* the hook reads none of it for headers */
        if (names_member(md->headers_except.items[i], m))
            return CC_SKIM_PARALLEL;
    for (size_t i = 0; i < md->tracks.n; i++) {
        const mtrack *t = md->tracks.items[i];
        if (!t->list) {
            if (t->st == s)
                return skim_of(t, m, keys);
            continue;
        }
        for (size_t k = 0; k < t->bodies.n; k++) {
            const mtrack *bd = t->bodies.items[k];
            if (s->template_of && !strcmp(s->template_of->name, bd->name->text))
                return skim_of(bd, m, keys);
        }
    }
    return CC_SKIM_NONE;
}

bool cc_model_track_name(compiler *cc, const struct_decl *s, const member *m)
{
    format_decl *f = cc->format;
    if (!f->model || f->text)
        return false;
    for (size_t i = 0; i < f->model->tracks.n; i++) {
        const mtrack *t = f->model->tracks.items[i];
        if (t->list && t->st == s && (names_member(t->node, m) || names_member(t->property, m)))
            return true;
    }
    return false;
}

/* ---- the entry points --------------------------------------------------------------- */

static void emit_names(mem *m)
{
    FILE *c = m->c;
    model_decl *md = m->md;
    gen_out(c, "\n/* The canonical targets of the format's own names (docs/model.md). */\n");
    gen_out(c, "const ak_target_name %s_model_names[] = {\n", m->id);
    for (size_t i = 0; i < md->names.n; i++) {
        mname *n = md->names.items[i];
        int comp = -1;
        if (n->component)
            comp = (int)(strchr("xyzw", n->component->text[0]) ? strchr("xyzw", n->component->text[0]) - "xyzw"
                                                               : strchr("rgba", n->component->text[0]) - "rgba");
        gen_out(c, "    {\"%s\", \"%s\", %d, %d},\n", n->native->text, n->property->text, comp, n->quaternion);
    }
    gen_out(c, "    {\"\", \"\", -1, -1}\n};\n#define mm_names %s_model_names\n#define MM_NAMES %zu\n", m->id,
            md->names.n);
}

/* Whether a text format's document is read into the model one entry at a
   time (ak_ldoc_each, the `tracks by` hook called on each completed entry),
   which gives it a model of headers too: not with an `animation by` hook,
   which needs the whole document. */
bool cc_model_document_streams(const model_decl *md) { return md->tracks_hook && !md->anim_hook; }

/* A text format's document is read by its grammar and written by its
   emitter (hand-written: <id>_document_decode and <id>_document_encode); its
   tracks come from the `tracks by` hook. */
static void emit_document_model(mem *m)
{
    FILE *c = m->c;
    model_decl *md = m->md;
    const char *id = m->id, *R = m->root, *H = md->tracks_hook->text;
    if (cc_model_document_streams(md)) {
        /* the hook makes the tracks (or their headers: `--list`) of each
           entry as the grammar completes it (ak_ldoc_each), which is then
           forgotten: the model and one entry held, whatever the file's
           size, and never the document and the model whole at once */
        gen_out(c, "\ntypedef struct %s_entries_ {\n    ak_model_builder *b;\n    const ak_options *opt;\n} %s_entries_;\n\n"
                   "static bool %s_entries_each_(void *user, const void *root)\n{\n    %s_entries_ *e = user;\n"
                   "    return %s_model_%s(e->b, root, e->opt);\n}\n",
                id, id, id, id, id, H);
        gen_out(c, "\nextern const ak_ldocument %s_document;\n", id);
        gen_out(c, "\nstatic bool to_model_(const ak_input *in, const ak_options *opt, ak_diags *d, struct ak_arena *arena,\n"
                   "                      struct ak_animation **out, bool headers)\n{\n");
        gen_out(c, "    *out = NULL;\n    ak_model_builder b;\n    if (!ak_mb_begin(&b, arena, d))\n        return false;\n"
                   "    b.headers = headers;\n    ak_arena doc_arena;\n"
                   "    ak_arena_init_budget(&doc_arena, 0, arena->budget, \"the decoded document\");\n"
                   "    %s_entries_ e = {&b, opt};\n"
                   "    if (!ak_ldoc_each(&%s_document, in, opt, d, &doc_arena, %s_entries_each_, &e))\n        b.failed = true;\n"
                   "    ak_arena_free(&doc_arena);\n    *out = ak_mb_finish(&b);\n    return *out != NULL;\n}\n",
                id, id, id);
        gen_out(c, "\nbool %s_to_model(const ak_input *in, const ak_options *opt, ak_diags *d, struct ak_arena *arena,\n"
                   "                  struct ak_animation **out)\n{\n    return to_model_(in, opt, d, arena, out, false);\n}\n",
                id);
        gen_out(c, "\nbool %s_to_model_headers(const ak_input *in, const ak_options *opt, ak_diags *d, struct ak_arena *arena,\n"
                   "                          struct ak_animation **out)\n{\n    return to_model_(in, opt, d, arena, out, true);\n}\n",
                id);
    } else {
        gen_out(c, "\nbool %s_to_model(const ak_input *in, const ak_options *opt, ak_diags *d, struct ak_arena *arena,\n"
                   "                  struct ak_animation **out)\n{\n", id);
        /* the document in an arena of its own, gone once the model is built
           (the hooks copy into the model what they keep of it): a
           conversion does not hold document, model and output at once */
        gen_out(c, "    *out = NULL;\n    ak_arena doc_arena;\n"
                   "    ak_arena_init_budget(&doc_arena, 0, arena->budget, \"the decoded document\");\n"
                   "    %s_%s *doc;\n    ak_model_builder b;\n"
                   "    if (!%s_document_decode(in, opt, d, &doc_arena, &doc) || !ak_mb_begin(&b, arena, d)) {\n"
                   "        ak_arena_free(&doc_arena);\n        return false;\n    }\n", id, R, id);
        gen_out(c, "    if (!%s_model_%s(&b, doc, opt))\n        b.failed = true;\n", id, H);
        if (md->anim_hook)
            gen_out(c, "    if (!b.failed && !%s_model_%s(&b, doc, opt))\n        b.failed = true;\n", id,
                    md->anim_hook->text);
        gen_out(c, "    ak_arena_free(&doc_arena);\n    *out = ak_mb_finish(&b);\n    return *out != NULL;\n}\n");
    }
    gen_out(c, "\nbool %s_from_model(const struct ak_animation *anim, const ak_options *opt, ak_diags *d, ak_buf *out)\n{\n",
            id);
    gen_out(c, "    ak_model_writer mw, *w = &mw;\n");
    gen_out(c, "    if (!ak_mm_writer_init(w, anim, opt, d, &%s_rules[%d], &%s_rules[%d], \"the %s document\")) {\n"
               "        ak_mm_writer_free(w);\n        return false;\n    }\n",
            id, md->loss_rule ? md->loss_rule->index : 0, id, md->refused_rule ? md->refused_rule->index : 0, id);
    gen_out(c, "    %s_%s *doc = AK_ARENA_NEW(&w->arena, %s_%s);\n", id, R, id, R);
    gen_out(c, "    if (!doc || !%s_model_%s_back(w, doc))\n        w->failed = true;\n", id, H);
    if (md->anim_hook)
        gen_out(c, "    if (!w->failed && !%s_model_%s_back(w, doc))\n        w->failed = true;\n", id, md->anim_hook->text);
    gen_out(c, "    bool ok = ak_mm_writer_finish(w) && %s_document_encode(doc, opt, d, out);\n    ak_mm_writer_free(w);\n"
               "    return ok;\n}\n", id);
}

static bool is_field_name(compiler *cc, struct_decl *root, const expr *e, char *lv, size_t n)
{
    return e && e->kind == E_NAME && resolve_name(cc, root, e->text, lv, n);
}

void cc_emit_model(compiler *cc, FILE *h, FILE *c)
{
    format_decl *f = cc->format;
    model_decl *md = f->model;
    if (!md || !f->root_st)
        return;
    mem m = {.cc = cc, .f = f, .md = md, .h = h, .c = c, .id = f->id, .root = f->root_st->name};
    m.has = calloc(f->structs.n + 1, sizeof *m.has);
    const char *id = f->id, *R = m.root;

    /* the typed hooks the section names */
    gen_out(h, "\n/* The model section's hooks: the maths the declaration cannot say (formats/%s/). */\n", id);
    gen_out(h, "#include \"ak_model_map.h\"\n");
    char up[64];
    upper(up, sizeof up, id);
    gen_out(h, "/* The section's names: the canonical targets of the format's own (ak_target_of). */\n"
               "extern const ak_target_name %s_model_names[];\n#define %s_MODEL_NAMES %zuu\n", id, up, md->names.n);
    for (size_t i = 0; i < md->tracks.n; i++) {
        mtrack *t = md->tracks.items[i];
        vec all = {0};
        if (t->list)
            for (size_t k = 0; k < t->bodies.n; k++)
                vec_push(cc, &all, t->bodies.items[k]);
        else
            vec_push(cc, &all, t);
        for (size_t k = 0; k < all.n; k++) {
            mtrack *x = all.items[k];
            if (x->after)
                gen_out(h, "void %s_model_%s(ak_track *t);\n", id, x->after->text);
            if (x->keys && x->keys->hook && x->keys->key_st && !t->list) {
                gen_out(h, "void %s_model_%s(const %s_%s *key, ak_key *out);\n", id, x->keys->hook->text, id,
                        x->keys->key_st->name);
                gen_out(h, "void %s_model_%s_back(const ak_key *keys, size_t n, size_t i, %s_%s *out);\n", id,
                        x->keys->hook->text, id, x->keys->key_st->name);
            }
        }
    }
    if (md->anim_hook) {
        gen_out(h, "bool %s_model_%s(ak_model_builder *b, const %s_%s *doc, const ak_options *opt);\n", id,
                md->anim_hook->text, id, R);
        gen_out(h, "bool %s_model_%s_back(ak_model_writer *w, %s_%s *doc);\n", id, md->anim_hook->text, id, R);
    }
    if (md->tracks_hook) {
        gen_out(h, "bool %s_model_%s(ak_model_builder *b, const %s_%s *doc, const ak_options *opt);\n", id,
                md->tracks_hook->text, id, R);
        gen_out(h, "bool %s_model_%s_back(ak_model_writer *w, %s_%s *doc);\n", id, md->tracks_hook->text, id, R);
    }
    emit_hook_helpers_h(&m);
    gen_out(h, "bool %s_to_model(const ak_input *in, const ak_options *opt, ak_diags *d, struct ak_arena *arena,\n"
               "                  struct ak_animation **out);\n", id);
    gen_out(h, "bool %s_from_model(const struct ak_animation *anim, const ak_options *opt, ak_diags *d, ak_buf *out);\n",
            id);
    if (!f->text && gen_model_list_made(f))
        gen_out(h, "/* The same, into a sink as it is encoded (ak_format.from_model_to). */\n"
                   "bool %s_from_model_to(const struct ak_animation *anim, const ak_options *opt, ak_diags *d, "
                   "ak_sink *sink);\n", id);
    if (!f->text || cc_model_document_streams(md))
        gen_out(h, "/* The tracks without their keys (ak_format.to_model_headers). */\n"
                   "bool %s_to_model_headers(const ak_input *in, const ak_options *opt, ak_diags *d, struct ak_arena *arena,\n"
                   "                          struct ak_animation **out);\n", id);

    gen_out(c, "\n/* ==== the common model (the model section) ==== */\n");
    emit_names(&m);
    if (f->text) {
        emit_document_model(&m);
        free(m.has);
        return;
    }
    for (size_t i = 0; i < md->maps.n; i++)
        emit_map(&m, md->maps.items[i]);
    if (md->options.n)
        gen_out(c, "#include \"format_options.h\"\n");
    emit_hook_helpers(&m);
    gen_out(c, "\nstatic void mr_walk_%s(ak_model_builder *b, const %s_%s *r_, const %s_%s *o, const char *path);\n",
            R, id, R, id, R);
    for (size_t i = 0; i < md->tracks.n; i++) {
        mtrack *t = md->tracks.items[i];
        if (t->list)
            emit_list_read(&m, t);
        else
            emit_fixed_read(&m, t);
    }
    emit_walkers(&m, false);
    if (!holds_tracks(&m, f->root_st))
        gen_out(c, "\nstatic void mr_walk_%s(ak_model_builder *b, const %s_%s *r_, const %s_%s *o, const char *path)\n"
                   "{\n    (void)b, (void)r_, (void)o, (void)path;\n}\n", R, id, R, id, R);

    /* to_model */
    char lv[512];
    gen_out(c, "\nstatic bool build_model_(const ak_input *in, const ak_options *opt, ak_diags *d, struct ak_arena *arena,\n"
               "                         struct ak_arena *doc_arena, struct ak_animation **out, bool headers)\n{\n");
    gen_out(c, "    *out = NULL;\n    %s_%s *doc = headers ? %s_decode_headers(in, opt, d, doc_arena)\n"
               "                         : %s_decode(in->data, in->size, opt, d, doc_arena);\n", id, R, id, id);
    gen_out(c, "    if (!doc || ak_diags_errors(d))\n        return false;\n    const %s_%s *r_ = doc, *o = doc;\n", id, R);
    gen_out(c, "    (void)r_;\n    ak_model_builder b;\n    if (!ak_mb_begin(&b, arena, d))\n        return false;\n"
               "    b.headers = headers;\n");
    if (md->name) {
        resolve_name(cc, f->root_st, md->name->text, lv, sizeof lv);
        gen_out(c, "    b.anim->name = ak_mb_string(&b, %s.ptr ? %s.ptr : \"\", %s.len);\n", lv, lv, lv);
    }
    if (md->start) {
        gen_out(c, "    b.anim->start = (double)(");
        cc_emit_expr(cc, c, f->root_st, md->start);
        gen_out(c, ");\n");
    }
    if (md->end) {
        gen_out(c, "    b.anim->end = (double)(");
        cc_emit_expr(cc, c, f->root_st, md->end);
        gen_out(c, ");\n");
    }
    if (md->looping) {
        gen_out(c, "    b.anim->looping = (");
        cc_emit_expr(cc, c, f->root_st, md->looping);
        gen_out(c, ") ? AK_LOOPING_YES : AK_LOOPING_NO;\n");
    }
    emit_items_read(&m);
    gen_out(c, "    mr_walk_%s(&b, doc, doc, \"\");\n", R);
    for (size_t i = 0; i < md->tracks.n; i++) {
        mtrack *t = md->tracks.items[i];
        if (t->list)
            gen_out(c, "    mr_%s(&b, doc);\n", t->name->text);
    }
    if (md->tracks_hook)
        gen_out(c, "    if (!b.failed && !%s_model_%s(&b, doc, opt))\n        b.failed = true;\n", id,
                md->tracks_hook->text);
    if (md->anim_hook)
        gen_out(c, "    if (!b.failed && !%s_model_%s(&b, doc, opt))\n        b.failed = true;\n", id,
                md->anim_hook->text);
    gen_out(c, "    (void)o;\n    *out = ak_mb_finish(&b);\n    return *out != NULL;\n}\n");
    /* the document in an arena of its own, gone once the model is built
       (the model copies the strings it keeps): a conversion does not hold
       the document, the model and the output at once */
    gen_out(c, "\nstatic bool to_model_(const ak_input *in, const ak_options *opt, ak_diags *d, struct ak_arena *arena,\n"
               "                      struct ak_animation **out, bool headers)\n{\n"
               "    ak_arena doc_arena;\n"
               "    ak_arena_init_budget(&doc_arena, 0, arena->budget, \"the decoded document\");\n"
               "    bool ok = build_model_(in, opt, d, arena, &doc_arena, out, headers);\n"
               "    ak_arena_free(&doc_arena);\n    return ok;\n}\n");
    gen_out(c, "\nbool %s_to_model(const ak_input *in, const ak_options *opt, ak_diags *d, struct ak_arena *arena,\n"
               "                  struct ak_animation **out)\n{\n    return to_model_(in, opt, d, arena, out, false);\n}\n", id);
    gen_out(c, "\nbool %s_to_model_headers(const ak_input *in, const ak_options *opt, ak_diags *d, struct ak_arena *arena,\n"
               "                          struct ak_animation **out)\n{\n    return to_model_(in, opt, d, arena, out, true);\n}\n",
            id);

    /* from_model */
    for (size_t i = 0; i < md->tracks.n; i++) {
        mtrack *t = md->tracks.items[i];
        if (!t->list)
            emit_fixed_write(&m, t);
    }
    emit_walkers(&m, true);
    if (!holds_tracks(&m, f->root_st))
        gen_out(c, "\nstatic void mw_walk_%s(ak_model_writer *w, %s_%s *r_, %s_%s *o, const char *path)\n"
                   "{\n    (void)w, (void)r_, (void)o, (void)path;\n}\n", R, id, R, id, R);
    for (size_t i = 0; i < md->tracks.n; i++) {
        mtrack *t = md->tracks.items[i];
        if (t->list)
            emit_list_write(&m, t);
    }
    /* A list made one at a time (gen_made_one_at_a_time) can go into a
       sink as it is encoded: from_model_to. */
    const bool made = gen_model_list_made(f);
    gen_out(c, "\n/* out: what is encoded (with sink, a chunk handed on between elements) */\n"
               "static bool from_model_(const struct ak_animation *anim, const ak_options *opt, ak_diags *d, ak_buf "
               "*out,\n                        ak_sink *sink)\n{\n");
    gen_out(c, "    ak_model_writer mw, *w = &mw;\n");
    gen_out(c, "    if (!ak_mm_writer_init(w, anim, opt, d, &%s_rules[%d], &%s_rules[%d], \"the %s document\")) {\n"
               "        ak_mm_writer_free(w);\n        return false;\n    }\n",
            id, md->loss_rule ? md->loss_rule->index : 0, id, md->refused_rule ? md->refused_rule->index : 0, id);
    gen_out(c, "    %s_%s *doc = AK_ARENA_NEW(&w->arena, %s_%s), *r_ = doc, *o = doc;\n", id, R, id, R);
    gen_out(c, "    (void)r_, (void)o;\n    if (!doc) {\n        ak_mm_writer_free(w);\n        return false;\n    }\n");
    /* the version asked: its parts into the version fields */
    if (f->writes.n && f->version_fields.n) {
        gen_out(c, "    int64_t version[%zu] = {0};\n    ak_mm_version_parts(ak_mm_version(opt, %s_versions), version, "
                   "%zu);\n", f->version_fields.n, id, f->version_fields.n);
        for (size_t i = 0; i < f->version_fields.n; i++) {
            token *vf = f->version_fields.items[i];
            resolve_name(cc, f->root_st, vf->text, lv, sizeof lv);
            gen_out(c, "    %s = version[%zu];\n", lv, i);
        }
    }
    emit_options_write(&m);
    emit_fixed_fields(&m, f->root_st, "doc->", "    ");
    gen_out(c, "    if (%s_meta_%s.lets)\n        %s_meta_%s.lets(doc, doc); /* the arms the version selects */\n", id, R,
            id, R);
    emit_items_write(&m);
    if (md->name && resolve_name(cc, f->root_st, md->name->text, lv, sizeof lv))
        gen_out(c, "    %s = ak_mm_str(anim->name);\n", lv);
    if (is_field_name(cc, f->root_st, md->end, lv, sizeof lv))
        gen_out(c, "    %s = ak_mm_end(w);\n", lv);
    if (is_field_name(cc, f->root_st, md->start, lv, sizeof lv))
        gen_out(c, "    %s = anim->start;\n", lv);
    gen_out(c, "    mw_walk_%s(w, doc, doc, \"\");\n", R);
    for (size_t i = 0; i < md->tracks.n; i++) {
        mtrack *t = md->tracks.items[i];
        if (t->list)
            gen_out(c, "    mw_%s(w, doc);\n", t->name->text);
        if (t->list && gen_made_one_at_a_time(f, t->array_m))
            gen_out(c, "    ak_mm_list made_%s;\n    doc->%s_made_ = ak_mm_list_init(&made_%s, w, doc, mw_%s_element, out, "
                       "sink);\n", t->name->text, t->name->text, t->name->text, t->name->text);
    }
    if (!made)
        gen_out(c, "    (void)sink;\n");
    if (md->tracks_hook)
        gen_out(c, "    if (!w->failed && !%s_model_%s_back(w, doc))\n        w->failed = true;\n", id,
                md->tracks_hook->text);
    if (md->anim_hook)
        gen_out(c, "    if (!w->failed && !%s_model_%s_back(w, doc))\n        w->failed = true;\n", id,
                md->anim_hook->text);
    /* the elements are made while the document is encoded: what they lost
       is said after (and nothing is, when the encoding stopped) */
    gen_out(c, "    bool ok = !w->failed && %s_encode(doc, out);\n    ok = ok && ak_mm_writer_finish(w);\n"
               "    ak_mm_writer_free(w);\n    return ok;\n}\n", id);
    gen_out(c, "\nbool %s_from_model(const struct ak_animation *anim, const ak_options *opt, ak_diags *d, ak_buf *out)\n{\n"
               "    return from_model_(anim, opt, d, out, NULL);\n}\n", id);
    if (made)
        gen_out(c, "\nbool %s_from_model_to(const struct ak_animation *anim, const ak_options *opt, ak_diags *d, "
                   "ak_sink *sink)\n{\n    ak_buf chunk;\n    ak_buf_init(&chunk);\n"
                   "    bool ok = ak_buf_attach(&chunk, ak_budget_of(d, opt)) && from_model_(anim, opt, d, &chunk, sink) &&\n"
                   "              ak_sink_drain(sink, &chunk, true);\n    ak_buf_free(&chunk);\n    return ok;\n}\n", id);
    free(m.has);
}
