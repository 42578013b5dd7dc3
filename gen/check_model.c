/* animgen: the model section of a binary layout (docs/schema-language.md,
 * "The common model"): every name it uses is resolved here against the
 * layout, so that a field renamed in the layout and not in the model is a
 * build error, never a mapping that finds nothing at run time. */
#include "ast.h"
#include "model.h"
#include "model_json.h"

#include <stdlib.h>
#include <string.h>

/* The model's words, in the order of its enums (runtime/model.h). */
const char *const cc_model_infinity_words[] = {"constant", "linear", "cycle", "cycle_relative", "oscillate", NULL};
const char *const cc_model_interp_words[] = {"hold", "linear", "tangent", "cubic_bezier", "hermite", "step_next", NULL};
const char *const cc_model_kind_words[] = {"raw", "discrete", "curve", NULL};

int cc_model_word(const char *const *words, const char *w)
{
    for (int i = 0; words[i]; i++)
        if (strcmp(words[i], w) == 0)
            return i;
    return -1;
}

static const char *const *words_of(mmap_kind k)
{
    return k == MM_INFINITY ? cc_model_infinity_words : k == MM_INTERP ? cc_model_interp_words : cc_model_kind_words;
}

static const char *map_keyword(mmap_kind k)
{
    return k == MM_INFINITY ? "infinity" : k == MM_INTERP ? "interpolation" : "kind";
}

/* The enum a field's values come from: its type, or its `in E` constraint. */
static enum_decl *enum_of(compiler *cc, const member *m)
{
    if (m->kind != M_FIELD)
        return NULL;
    const tref *t = m->type->kind == T_ARRAY ? m->type->elem : m->type;
    if (t->en)
        return t->en;
    for (size_t i = 0; i < m->cons.n; i++) {
        const cons *c = m->cons.items[i];
        if (c->kind == C_ENUM)
            return c->en ? c->en : find_enum(cc, c->name);
    }
    return NULL;
}

mmap *cc_model_map_for(compiler *cc, mmap_kind kind, const enum_decl *en)
{
    model_decl *md = cc->format->model;
    for (size_t i = 0; md && i < md->maps.n; i++) {
        mmap *m = md->maps.items[i];
        if (m->kind == kind && m->en && (!en || m->en == en))
            return m;
    }
    return NULL;
}

static member *field_of(compiler *cc, struct_decl *s, const token *name, const char *what)
{
    member *m = find_member_named(s, name->text, NULL);
    if (!m)
        cc_error(cc, name->at, "model %s: struct '%s' has no field '%s'", what, s->name, name->text);
    return m;
}

static bool is_numeric(const member *m)
{
    prim_kind p = member_prim(m);
    return p != P_NONE && p != P_STRING7 && p != P_NSTRING7;
}

static bool is_string_field(const member *m)
{
    return m->kind == M_FIELD && m->type->kind == T_NAMED && !m->type->st &&
           (m->type->prim == P_STRING7 || m->type->prim == P_NSTRING7);
}

/* An array field of structs: its element struct, or NULL (reported). */
static struct_decl *array_elements(compiler *cc, member *m, const token *name, const char *what)
{
    if (!m)
        return NULL;
    if (m->kind != M_FIELD || m->type->kind != T_ARRAY || !m->type->elem->st) {
        cc_error(cc, name->at, "model %s: '%s' is not an array of structs", what, name->text);
        return NULL;
    }
    return m->type->elem->st;
}

/* A field of enum type with a map of this kind: the map. */
static mmap *mapped(compiler *cc, member *m, mmap_kind kind, const token *name, const char *what)
{
    if (!m)
        return NULL;
    if (m->kind == M_LET) { /* a let's values are the map's codes (AnimX's `kind`) */
        mmap *map = cc_model_map_for(cc, kind, NULL);
        if (!map)
            cc_error(cc, name->at, "model %s: no `%s` map for '%s'", what, map_keyword(kind), name->text);
        return map;
    }
    enum_decl *en = enum_of(cc, m);
    mmap *map = en ? cc_model_map_for(cc, kind, en) : NULL;
    if (!en)
        cc_error(cc, name->at, "model %s: '%s' is not typed by an enum (a `%s` map needs one)", what, name->text,
                 map_keyword(kind));
    else if (!map)
        cc_error(cc, name->at, "model %s: no `%s %s { ... }` map for the values of '%s'", what, map_keyword(kind),
                 en->name, name->text);
    return map;
}

static void check_keys(compiler *cc, struct_decl *holder, mkeys *k)
{
    k->array_m = field_of(cc, holder, k->array, "keys");
    k->key_st = array_elements(cc, k->array_m, k->array, "keys");
    if (!k->key_st)
        return;
    for (size_t i = 0; i < k->parts.n; i++) {
        token *p = k->parts.items[i];
        if (strcmp(p->text, "tangents") && strcmp(p->text, "weights") && strcmp(p->text, "flags"))
            cc_error(cc, p->at, "keys by %s with: tangents, weights or flags, not '%s'", k->hook->text, p->text);
    }
    if (!k->time || (!k->value && !k->hook))
        cc_error(cc, k->at, "model keys: a `time` field (that orders them) and a `value` field or `by <hook>`");
    if (k->hook && (k->value || k->interp || k->tangents))
        cc_error(cc, k->hook->at, "model keys by %s: the hook fills what is not the time", k->hook->text);
    if (k->time) {
        k->time_m = field_of(cc, k->key_st, k->time, "time");
        if (k->time_m && !is_numeric(k->time_m))
            cc_error(cc, k->time->at, "model time: '%s' is not a number", k->time->text);
    }
    if (k->value)
        k->value_m = field_of(cc, k->key_st, k->value, "value");
    if (k->value_m && k->threshold && !is_numeric(k->value_m))
        cc_error(cc, k->value->at, "model value '%s' > %s: the field is not a number", k->value->text,
                 k->threshold->text);
    if (k->interp && !k->interp_shared && cc_model_word(cc_model_interp_words, k->interp->text) < 0) {
        k->interp_m = field_of(cc, k->key_st, k->interp, "interp");
        k->interp_map = mapped(cc, k->interp_m, MM_INTERP, k->interp, "interp");
    } else if (k->interp && k->interp_shared) {
        /* per key in an array beside the keys, else one for all */
        k->interp_m = field_of(cc, holder, k->interp, "interp");
        k->shared_m = field_of(cc, holder, k->interp_shared, "interp");
        if (k->interp_m && (k->interp_m->kind != M_FIELD || k->interp_m->type->kind != T_ARRAY))
            cc_error(cc, k->interp->at, "model interp A | S: '%s' is not an array (one per key)", k->interp->text);
        k->interp_map = mapped(cc, k->interp_m, MM_INTERP, k->interp, "interp");
        if (k->shared_m && enum_of(cc, k->shared_m) != (k->interp_m ? enum_of(cc, k->interp_m) : NULL))
            cc_error(cc, k->interp_shared->at, "model interp A | S: '%s' and '%s' are not of the same enum",
                     k->interp->text, k->interp_shared->text);
    }
    if (k->tangents) {
        k->tangents_m = field_of(cc, holder, k->tangents, "tangents");
        struct_decl *ts = array_elements(cc, k->tangents_m, k->tangents, "tangents");
        if (ts) {
            k->in_m = field_of(cc, ts, k->tan_in, "tangents");
            k->out_m = field_of(cc, ts, k->tan_out, "tangents");
        }
    }
}

/* The parts of a track (or of a body) against the struct that holds them. */
static void check_parts(compiler *cc, struct_decl *s, mtrack *t)
{
    if (t->pre) {
        t->pre_m = field_of(cc, s, t->pre, "pre");
        t->pre_map = mapped(cc, t->pre_m, MM_INFINITY, t->pre, "pre");
    }
    if (t->post) {
        t->post_m = field_of(cc, s, t->post, "post");
        t->post_map = mapped(cc, t->post_m, MM_INFINITY, t->post, "post");
    }
    if (t->keys)
        check_keys(cc, s, t->keys);
    if (t->interval) {
        t->interval_m = field_of(cc, s, t->interval, "interval");
        if (t->interval_m && !is_numeric(t->interval_m))
            cc_error(cc, t->interval->at, "model interval: '%s' is not a number", t->interval->text);
    }
    if (t->values) {
        t->values_m = field_of(cc, s, t->values, "values");
        if (t->values_m && (t->values_m->kind != M_FIELD || t->values_m->type->kind != T_ARRAY))
            cc_error(cc, t->values->at, "model values: '%s' is not an array", t->values->text);
    }
    if (!t->keys && !t->values)
        cc_error(cc, t->at, "model: a track needs `keys` (or, Raw, `values`)");
}

static void check_fixed_track(compiler *cc, mtrack *t)
{
    char name[256];
    snprintf(name, sizeof name, "%s", t->name->text);
    for (size_t i = 0; i < t->targs.n; i++) {
        size_t n = strlen(name);
        snprintf(name + n, sizeof name - n, "__%s", ((token *)t->targs.items[i])->text);
    }
    t->st = find_struct(cc, name);
    if (!t->st) {
        cc_error(cc, t->name->at, "model track: no struct '%s' (an instance of a template is `name<arg>`)", name);
        return;
    }
    ak_value_type vt;
    if (!ak_value_type_from_name(t->vtype->text, strlen(t->vtype->text), &vt))
        cc_error(cc, t->vtype->at, "model track: '%s' is not a value type of the model (float, double, bool, "
                                   "float3, floatQ, ...)", t->vtype->text);
    t->vt = (int)vt;
    t->kind_value = cc_model_word(cc_model_kind_words, t->kind->text);
    if (t->kind_value < 0)
        cc_error(cc, t->kind->at, "model track: the kind is raw, discrete or curve, not '%s'", t->kind->text);
    if (t->node || t->property || t->type_field || t->kind_field || t->bodies.n)
        cc_error(cc, t->at, "model track: node, property, type, kind and body belong to a `tracks` block (a "
                            "track's place in the document is its identity)");
    check_parts(cc, t->st, t);
}

/* The instances of template `name`: the arms of the element's switch. */
static void check_body(compiler *cc, mtrack *list, mtrack *b)
{
    size_t found = 0;
    format_decl *f = cc->format;
    for (size_t i = 0; i < f->structs.n; i++) {
        struct_decl *s = f->structs.items[i];
        if (!s->template_of || strcmp(s->template_of->name, b->name->text) != 0)
            continue;
        if (found++ == 0) {
            int errors = cc->errors;
            check_parts(cc, s, b);
            if (cc->errors > errors)
                return; /* once, not per instance */
        } else {
            /* every instance has the fields the first one has (a template's) */
            mtrack copy = *b;
            check_parts(cc, s, &copy);
        }
    }
    if (!found)
        cc_error(cc, b->name->at, "model body: no instance of a template '%s' in the layout", b->name->text);
    (void)list;
}

static void check_list(compiler *cc, mtrack *t)
{
    struct_decl *root = cc->format->root_st;
    t->array_m = field_of(cc, root, t->name, "tracks");
    t->st = array_elements(cc, t->array_m, t->name, "tracks");
    if (!t->st)
        return;
    if (t->node && (t->node_m = field_of(cc, t->st, t->node, "node")) && !is_string_field(t->node_m))
        cc_error(cc, t->node->at, "model node: '%s' is not a string", t->node->text);
    if (t->property && (t->property_m = field_of(cc, t->st, t->property, "property")) && !is_string_field(t->property_m))
        cc_error(cc, t->property->at, "model property: '%s' is not a string", t->property->text);
    if (!t->type_field || !t->kind_field)
        cc_error(cc, t->at, "model tracks: each element says its `type` and `kind`");
    if (t->type_field && (t->type_m = field_of(cc, t->st, t->type_field, "type")) && !is_numeric(t->type_m))
        cc_error(cc, t->type_field->at, "model type: '%s' is not a value type code", t->type_field->text);
    if (t->kind_field) {
        t->kind_m = field_of(cc, t->st, t->kind_field, "kind");
        t->kind_map = mapped(cc, t->kind_m, MM_KIND, t->kind_field, "kind");
    }
    if (t->type_write && (t->type_write_m = field_of(cc, t->st, t->type_write, "type writes")) &&
        (t->type_write_m->kind != M_FIELD || !is_numeric(t->type_write_m)))
        cc_error(cc, t->type_write->at, "model type ... writes: '%s' is not a number field", t->type_write->text);
    if (t->kind_write && (t->kind_write_m = field_of(cc, t->st, t->kind_write, "kind writes")) &&
        (t->kind_write_m->kind != M_FIELD || enum_of(cc, t->kind_write_m) != (t->kind_map ? t->kind_map->en : NULL)))
        cc_error(cc, t->kind_write->at, "model kind ... writes: '%s' is not a field of the `kind` map's enum",
                 t->kind_write->text);
    if (!t->bodies.n)
        cc_error(cc, t->at, "model tracks: a `body <template> { ... }` per kind of track");
    for (size_t i = 0; i < t->bodies.n; i++)
        check_body(cc, t, t->bodies.items[i]);
    if (t->pre || t->post || t->keys || t->values || t->interval)
        cc_error(cc, t->at, "model tracks: the keys are in the bodies");
}

/* The table of value types agrees with the model's: code k is the model's
 * value type k, with its name and its number of components. */
static void check_value_table(compiler *cc, const member *type_m)
{
    const tref *t = type_m->kind == M_FIELD ? type_m->type : NULL;
    format_decl *f = cc->format;
    for (size_t i = 0; i < f->tables.n; i++) {
        table_decl *tab = f->tables.items[i];
        if (t && t->en != tab->en)
            continue;
        for (size_t k = 0; k < tab->entries.n; k++) {
            table_entry *e = tab->entries.items[k];
            const ak_value_type_info *info = e->value >= 0 && e->value < AK_VT_COUNT
                                                 ? ak_value_type_info_of((ak_value_type)e->value)
                                                 : NULL;
            size_t comps = e->comps.n ? e->comps.n : 1;
            if (!info || strcmp(info->name, e->name) != 0 || info->components != comps)
                cc_error(cc, e->at, "table %s: entry '%s' = %lld is not the model's value type %lld (%s, %u "
                                    "component%s)", tab->name, e->name, (long long)e->value, (long long)e->value,
                         info ? info->name : "none", info ? info->components : 0,
                         info && info->components == 1 ? "" : "s");
        }
    }
}

/* ---- animation items: attributes, arms, options, objects ------------------ */

/* An arm struct of a switch of the root, or NULL. */
static struct_decl *root_arm(compiler *cc, const char *name)
{
    struct_decl *root = cc->format->root_st;
    for (size_t i = 0; root && i < root->members.n; i++) {
        member *x = root->members.items[i];
        for (size_t k = 0; x->kind == M_SWITCH && k < x->arms.n; k++) {
            switch_arm *a = x->arms.items[k];
            if (a->st && strcmp(a->st->name, name) == 0)
                return a->st;
        }
    }
    return NULL;
}

static bool is_unsigned(prim_kind p) { return p == P_U8 || p == P_U16 || p == P_U32 || p == P_U64; }

/* `attribute "<id>.<field>" F [hex] [unless E]` over struct s (the root or an arm). */
static void check_attribute(compiler *cc, struct_decl *s, const mattr *a)
{
    const char *id = cc->format->id, *name = a->name->text;
    size_t n = strlen(id);
    bool plain = strncmp(name, id, n) == 0 && name[n] == '.' && name[n + 1];
    for (const char *p = name + n + 1; plain && *p; p++)
        plain = (*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z') || (*p >= '0' && *p <= '9') || *p == '_';
    if (!plain)
        cc_error(cc, a->name->at, "model attribute: \"%s\" is not named \"%s.<field>\" (the format's own, of letters, "
                                  "digits and _)", name, id);
    char lv[512];
    member *m = resolve_name(cc, s, a->field->text, lv, sizeof lv);
    if (!m)
        cc_error(cc, a->field->at, "model attribute: struct '%s' has no field '%s'", s->name, a->field->text);
    else if (m->kind != M_FIELD || !prim_is_int(member_prim(m)))
        cc_error(cc, a->field->at, "model attribute: '%s' is not an integer field", a->field->text);
    else if (a->hex && !is_unsigned(member_prim(m)))
        cc_error(cc, a->field->at, "model attribute: hex is for unsigned fields, and '%s' is signed", a->field->text);
    cc_check_expr(cc, s, a->unless);
}

/* The same attribute twice in a and b (a == b: within a). */
static void check_twice(compiler *cc, const vec *a, const vec *b, const char *where)
{
    for (size_t i = 0; i < a->n; i++)
        for (size_t k = 0; k < (a == b ? i : b->n); k++)
            if (strcmp(((mattr *)a->items[i])->name->text, ((mattr *)b->items[k])->name->text) == 0)
                cc_error(cc, ((mattr *)a->items[i])->name->at, "model attribute \"%s\": given twice for '%s'",
                         ((mattr *)a->items[i])->name->text, where);
}

static bool names_arm(const marm *block, const struct_decl *s)
{
    for (size_t i = 0; i < block->structs.n; i++)
        if (block->structs.items[i] == s)
            return true;
    return false;
}

static void check_arms(compiler *cc, model_decl *md)
{
    struct_decl *root = cc->format->root_st;
    for (size_t i = 0; i < md->attrs.n; i++)
        check_attribute(cc, root, md->attrs.items[i]);
    check_twice(cc, &md->attrs, &md->attrs, root->name);
    for (size_t i = 0; i < md->arms.n; i++) {
        marm *block = md->arms.items[i];
        for (size_t k = 0; k < block->arms.n; k++) {
            token *t = block->arms.items[k];
            struct_decl *s = root_arm(cc, t->text);
            if (!s)
                cc_error(cc, t->at, "model in: '%s' is no arm of a switch of the root struct", t->text);
            else
                vec_push(cc, &block->structs, s);
        }
        /* each item over each arm the block names; a name none has: one message */
        for (size_t k = 0; k < block->structs.n; k++) {
            struct_decl *s = block->structs.items[k];
            int errors = cc->errors;
            cc_check_expr(cc, s, block->looping);
            for (size_t a = 0; a < block->attrs.n; a++)
                check_attribute(cc, s, block->attrs.items[a]);
            if (cc->errors > errors)
                break;
        }
        /* an arm's items once, over the root's and every block's */
        for (size_t k = 0; k < block->structs.n; k++) {
            struct_decl *s = block->structs.items[k];
            if (block->looping && md->looping)
                cc_error(cc, block->looping->at, "model in: looping is given for the root and for '%s'", s->name);
            check_twice(cc, &block->attrs, &md->attrs, s->name);
            if (k == 0)
                check_twice(cc, &block->attrs, &block->attrs, s->name);
            for (size_t j = 0; j < i; j++) {
                marm *other = md->arms.items[j];
                if (!names_arm(other, s))
                    continue;
                if (block->looping && other->looping)
                    cc_error(cc, block->looping->at, "model in: looping is given twice for '%s'", s->name);
                check_twice(cc, &block->attrs, &other->attrs, s->name);
            }
        }
    }
    for (size_t i = 0; i < md->options.n; i++) {
        mopt *o = md->options.items[i];
        char lv[512];
        member *m = resolve_name(cc, root, o->field->text, lv, sizeof lv);
        if (!m || m->kind != M_FIELD || !prim_is_int(member_prim(m)))
            cc_error(cc, o->field->at, "model option: '%s' is no integer field of the root struct", o->field->text);
        for (size_t k = 0; k < o->pairs.n; k++)
            for (size_t j = 0; j < k; j++)
                if (strcmp(((mpair *)o->pairs.items[j])->from->text, ((mpair *)o->pairs.items[k])->from->text) == 0)
                    cc_error(cc, ((mpair *)o->pairs.items[k])->from->at, "model option %s: '%s' is given twice",
                             o->option->text, ((mpair *)o->pairs.items[k])->from->text);
    }
    if (md->objects && !md->tracks_hook)
        cc_error(cc, md->objects->at, "model objects: the paths of the objects a `tracks by` hook makes (there is none)");
    /* headers except A: arrays of the layout (by member name, in any struct)
       that the hook does not read when it makes headers */
    if (md->headers_except.n && !md->tracks_hook)
        cc_error(cc, md->headers_except_at,
                 "model headers except: the arrays a `tracks by` hook does not read for a listing (there is none)");
    for (size_t i = 0; i < md->headers_except.n; i++) {
        const token *t = md->headers_except.items[i];
        bool array = false;
        for (size_t k = 0; k < cc->format->structs.n && !array; k++) {
            const member *m = find_member_named(cc->format->structs.items[k], t->text, NULL);
            array = m && m->kind == M_FIELD && m->type->kind == T_ARRAY;
        }
        if (!array)
            cc_error(cc, t->at, "model headers except: '%s' is no array of the layout", t->text);
    }
}

void cc_check_model(compiler *cc)
{
    format_decl *f = cc->format;
    model_decl *md = f->model;
    if (!md)
        return;
    /* what a headers decoding keeps is a binary layout's decoder's choice
       (a JSON list reads events, a text document one entry at a time) */
    if (md->headers_except.n && (f->text || f->json))
        cc_error(cc, md->headers_except_at, "model headers except: the arrays of a binary layout (a %s format has none)",
                 f->json ? "JSON" : "text");
    if (f->text && (md->tracks.n || md->name || md->start || md->end || md->looping || !md->tracks_hook)) {
        /* a text format's document is filled by its grammar's actions: its
           tracks come from a typed hook over it (`tracks by H`) */
        cc_error(cc, md->at, "model: a text format's document maps through `tracks by <hook>` (its tracks, time "
                             "range and name), with names, maps and the rules declared here");
        return;
    }
    if (f->json) { /* its JSON half: check_model_json.c */
        cc_check_model_json(cc);
        return;
    }
    cc_check_model_json_only(cc);
    if (cc_has_hook(f, "to_model") || cc_has_hook(f, "from_model"))
        cc_error(cc, md->at, "model: the model section generates to_model and from_model (drop the hooks)");
    if (!md->loss_code || !md->refused_code)
        cc_error(cc, md->at, "model: `loss @code` and `refused @code` name the rules a conversion reports");
    if (md->loss_code)
        md->loss_rule = use_rule(cc, md->loss_code, md->loss_at);
    if (md->refused_code)
        md->refused_rule = use_rule(cc, md->refused_code, md->refused_at);
    struct_decl *root = f->root_st;
    if (!root)
        return;
    if (md->name) {
        member *m = field_of(cc, root, md->name, "name");
        if (m && !is_string_field(m))
            cc_error(cc, md->name->at, "model name: '%s' is not a string", md->name->text);
    }
    cc_check_expr(cc, root, md->start);
    cc_check_expr(cc, root, md->end);
    cc_check_expr(cc, root, md->looping);
    for (size_t i = 0; i < md->names.n; i++) {
        mname *n = md->names.items[i];
        if (n->component) {
            static const char comps[] = "xyzwrgba";
            const char *c = n->component->text;
            if (strlen(c) != 1 || !strchr(comps, c[0]))
                cc_error(cc, n->component->at, "model names: a component is x, y, z, w (or r, g, b, a), not '%s'", c);
        }
        for (size_t k = 0; k < i; k++) {
            mname *o = md->names.items[k];
            if (strcmp(o->native->text, n->native->text) == 0 && o->quaternion == n->quaternion)
                cc_error(cc, n->native->at, "model names: '%s' is given twice", n->native->text);
        }
    }
    for (size_t i = 0; i < md->maps.n; i++) {
        mmap *m = md->maps.items[i];
        m->en = find_enum(cc, m->enum_name->text);
        if (!m->en) {
            cc_error(cc, m->enum_name->at, "model %s: no enum '%s'", map_keyword(m->kind), m->enum_name->text);
            continue;
        }
        for (size_t k = 0; k < i; k++)
            if (((mmap *)md->maps.items[k])->en == m->en && ((mmap *)md->maps.items[k])->kind == m->kind)
                cc_error(cc, m->at, "model %s %s: given twice", map_keyword(m->kind), m->en->name);
        bool star = false;
        for (size_t k = 0; k < m->pairs.n; k++) {
            mpair *p = m->pairs.items[k];
            if (cc_model_word(words_of(m->kind), p->to->text) < 0)
                cc_error(cc, p->to->at, "model %s: '%s' is no word of the model here", map_keyword(m->kind),
                         p->to->text);
            if (!p->from) {
                if (star)
                    cc_error(cc, p->to->at, "model %s: one `*`", map_keyword(m->kind));
                star = true;
                continue;
            }
            bool known = false;
            for (size_t e = 0; e < m->en->items.n; e++)
                known |= strcmp(((enum_item *)m->en->items.items[e])->name, p->from->text) == 0;
            if (!known)
                cc_error(cc, p->from->at, "model %s: enum '%s' has no value '%s'", map_keyword(m->kind), m->en->name,
                         p->from->text);
        }
    }
    if (!md->tracks.n && !md->tracks_hook)
        cc_error(cc, md->at, "model: no tracks (`track`, `tracks` or `tracks by <hook>`)");
    for (size_t i = 0; i < md->tracks.n; i++) {
        mtrack *t = md->tracks.items[i];
        if (t->list) {
            check_list(cc, t);
            if (t->type_m)
                check_value_table(cc, t->type_m);
        } else {
            check_fixed_track(cc, t);
        }
    }
    check_arms(cc, md);
}
