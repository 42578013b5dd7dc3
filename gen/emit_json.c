/* animgen: the JSON half of the C emitter.
 *
 * A JSON schema becomes tables for the push automaton of gen/rt/ak_jschema.c
 * (types, objects with their members, the rules they report), the entry
 * point <id>_validate_json. The JSON Schema (draft 2020-12) export, written
 * from the same resolved types, is emit_jsonschema.c. */
#include "ast.h"
#include "emit_common.h"
#include "emit_jsonschema.h"
#include "emit_lanes.h"

#include <stdlib.h>
#include <string.h>

static int object_index(format_decl *f, const char *name)
{
    for (size_t i = 0; i < f->objects.n; i++)
        if (strcmp(((jobject *)f->objects.items[i])->name, name) == 0)
            return (int)i;
    return -1;
}

static vec *flat_members(jem *em, int oi)
{
    return em->flat.items[oi];
}

static int member_index(jem *em, int oi, const char *name)
{
    vec *v = flat_members(em, oi);
    for (size_t i = 0; i < v->n; i++)
        if (strcmp(((jmember *)v->items[i])->name, name) == 0)
            return (int)i;
    return -1;
}

static int rule_index(compiler *cc, const char *code)
{
    if (!code)
        return -1;
    rule_decl *r = find_rule(cc, code);
    return r ? r->index : -1;
}

static int new_type(jem *em, const char *kind)
{
    jt *t = cc_alloc(em->cc, sizeof *t);
    memset(t, 0, sizeof *t);
    t->kind = kind;
    t->object = t->elem = t->sibling = -1;
    t->bind = -1;
    vec_push(em->cc, &em->types, t);
    return (int)em->types.n - 1;
}

static bool is_param(jobject *o, const char *name)
{
    for (size_t i = 0; i < o->params.n; i++)
        if (strcmp(((token *)o->params.items[i])->text, name) == 0)
            return true;
    return false;
}

/* The type index of y, used in object o (for parameters and siblings). */
static int type_of(jem *em, jobject *o, int oi, jtype *y)
{
    compiler *cc = em->cc;
    switch (y->kind) {
    case J_NAMED: {
        static const char *const prims[][2] = {
            {"string", "STRING"}, {"number", "NUMBER"}, {"integer", "INTEGER"}, {"f32", "F32"}, {"f64", "F64"},
            {"bool", "BOOL"}, {"null", "NULL"}, {"any", "ANY"}, {"value_type", "VALUE_TYPE"},
            {"i8", "INTEGER"}, {"u8", "INTEGER"}, {"i16", "INTEGER"}, {"u16", "INTEGER"}, {"i32", "INTEGER"},
            {"u32", "INTEGER"}, {"i64", "INTEGER"}, {"u64", "INTEGER"},
        };
        for (size_t i = 0; i < sizeof prims / sizeof prims[0]; i++)
            if (strcmp(y->name, prims[i][0]) == 0)
                return new_type(em, prims[i][1]);
        if (o && is_param(o, y->name))
            return new_type(em, "PARAM");
        int target = object_index(em->f, y->name);
        if (target < 0) {
            cc_error(cc, y->at, "unknown type '%s'", y->name);
            return -1;
        }
        int t = new_type(em, "OBJECT");
        ((jt *)em->types.items[t])->object = target;
        if (y->args.n) {
            jtype *a = y->args.items[0];
            int b = -1;
            if (a->kind == J_NAMED && o && is_param(o, a->name))
                b = -2;
            else if (a->kind == J_NAMED && oi >= 0)
                b = member_index(em, oi, a->name);
            if (b == -1)
                cc_error(cc, a->at, "type argument '%s' must be a sibling member or a type parameter", a->name);
            ((jt *)em->types.items[t])->bind = b;
        }
        return t;
    }
    case J_STRING: return new_type(em, "STRING");
    case J_NUMBER: return new_type(em, "NUMBER");
    case J_INTEGER: return new_type(em, "INTEGER");
    case J_F32: return new_type(em, "F32");
    case J_F64: return new_type(em, "F64");
    case J_BOOL: return new_type(em, "BOOL");
    case J_NULL: return new_type(em, "NULL");
    case J_ANY: return new_type(em, "ANY");
    case J_REF: return new_type(em, "STRING");
    case J_ARRAY:
    case J_MAP: {
        int e = type_of(em, o, oi, y->elem);
        int t = new_type(em, y->kind == J_ARRAY ? "ARRAY" : "MAP");
        ((jt *)em->types.items[t])->elem = e;
        return t;
    }
    case J_ENUM: {
        int t = new_type(em, "ENUM");
        ((jt *)em->types.items[t])->names = y->names;
        return t;
    }
    case J_UNION: {
        vec alts = {0};
        for (size_t i = 0; i < y->args.n; i++)
            vec_push(cc, &alts, (void *)(intptr_t)type_of(em, o, oi, y->args.items[i]));
        int t = new_type(em, "UNION");
        ((jt *)em->types.items[t])->alts = alts;
        return t;
    }
    case J_BY: {
        int sib = oi >= 0 ? member_index(em, oi, y->name) : -1;
        if (sib < 0) {
            cc_error(cc, y->at, "'by %s': no such sibling member", y->name);
            return -1;
        }
        jmember *sm = flat_members(em, oi)->items[sib];
        if (sm->type->kind != J_ENUM) {
            cc_error(cc, y->at, "'by %s': the sibling must be an enum", y->name);
            return -1;
        }
        vec arms = {0};
        for (size_t k = 0; k < sm->type->names.n; k++) {
            const char *name = sm->type->names.items[k];
            int at = -1;
            for (size_t a = 0; a < y->arms.n; a++) {
                jarm *arm = y->arms.items[a];
                if (strcmp(arm->tag, name) == 0)
                    at = type_of(em, o, oi, arm->type);
            }
            vec_push(cc, &arms, (void *)(intptr_t)at);
        }
        for (size_t a = 0; a < y->arms.n; a++) {
            jarm *arm = y->arms.items[a];
            bool found = false;
            for (size_t k = 0; k < sm->type->names.n; k++)
                found |= strcmp(arm->tag, sm->type->names.items[k]) == 0;
            if (!found)
                cc_error(cc, arm->at, "'%s' is not a value of '%s'", arm->tag, y->name);
        }
        int t = new_type(em, "BY");
        ((jt *)em->types.items[t])->sibling = sib;
        ((jt *)em->types.items[t])->arm_tags = arms;
        return t;
    }
    }
    return -1;
}

static double num_of(expr *e)
{
    if (!e)
        return 0;
    if (e->kind == E_NEG)
        return -num_of(e->lhs);
    if (e->kind == E_INT || e->kind == E_FLOAT)
        return strtod(e->text, NULL);
    return 0;
}

/* ---- the C tables ------------------------------------------------------- */

static const char *cons_code(jmember *m, cons_kind k, int nth)
{
    for (size_t i = 0; i < m->cons.n; i++) {
        cons *c = m->cons.items[i];
        if (c->kind == k && nth-- == 0)
            return c->code;
    }
    return NULL;
}

cons *jmember_cons(jmember *m, cons_kind k)
{
    for (size_t i = 0; i < m->cons.n; i++) {
        cons *c = m->cons.items[i];
        if (c->kind == k)
            return c;
    }
    return NULL;
}

/* The lane kind of a type node. */
static lane_kind lane_kind_of(const jt *y)
{
    static const struct {
        const char *kind;
        lane_kind lk;
    } kinds[] = {{"F32", LK_F32},       {"F64", LK_F64},   {"NUMBER", LK_NUMBER}, {"STRING", LK_STRING},
                 {"BOOL", LK_BOOL},     {"NULL", LK_NULL}, {"UNION", LK_UNION},   {"PARAM", LK_PARAM},
                 {"OBJECT", LK_OBJECT}, {"ARRAY", LK_ARRAY}};
    for (size_t i = 0; i < sizeof kinds / sizeof kinds[0]; i++)
        if (strcmp(y->kind, kinds[i].kind) == 0)
            return kinds[i].lk;
    return LK_OTHER;
}

/* OUTDIR/<id>_lanes.re (emit_lanes.c) from the numbered types and objects. */
static bool write_lanes(jem *em, const char *outdir)
{
    compiler *cc = em->cc;
    format_decl *f = em->f;
    lane_type *types = cc_alloc(cc, (em->types.n + 1) * sizeof *types);
    for (size_t t = 0; t < em->types.n; t++) {
        jt *y = em->types.items[t];
        int *alts = cc_alloc(cc, (y->alts.n + 1) * sizeof *alts);
        for (size_t k = 0; k < y->alts.n; k++)
            alts[k] = (int)(intptr_t)y->alts.items[k];
        types[t] = (lane_type){lane_kind_of(y), y->object, y->elem, alts, y->alts.n};
    }
    lane_object *objects = cc_alloc(cc, (f->objects.n + 1) * sizeof *objects);
    for (size_t i = 0; i < f->objects.n; i++) {
        vec *v = flat_members(em, (int)i);
        vec *tv = em->mtypes.items[i];
        lane_member *members = cc_alloc(cc, (v->n + 1) * sizeof *members);
        for (size_t k = 0; k < v->n; k++) {
            jmember *m = v->items[k];
            members[k] = (lane_member){m->name, (int)(intptr_t)tv->items[k], m->optional};
        }
        objects[i] = (lane_object){members, v->n};
    }
    lane_schema ls = {f->id, types, em->types.n, objects, f->objects.n, f->values_codes[0] != NULL};
    char path[4096];
    snprintf(path, sizeof path, "%s/%s_lanes.re", outdir, f->id);
    FILE *re = gen_open(path);
    if (!re)
        return false;
    if (!emit_lanes(&ls, re)) {
        gen_discard(re, path);
        fprintf(stderr, "animgen: cannot write %s\n", path);
        return false;
    }
    return gen_commit(re, path);
}

bool cc_emit_json(compiler *cc, FILE *h, FILE *c, const char *outdir)
{
    format_decl *f = cc->format;
    const char *id = f->id;
    jem em;
    memset(&em, 0, sizeof em);
    em.cc = cc;
    em.f = f;
    /* flattened members: the base chain first (bounded: a chain longer
       than the number of objects is a cycle) */
    for (size_t i = 0; i < f->objects.n; i++) {
        vec *v = cc_alloc(cc, sizeof *v);
        memset(v, 0, sizeof *v);
        jobject *chain[64];
        int n = 0;
        for (jobject *o = f->objects.items[i]; o && n < 64; n++) {
            chain[n] = o;
            int bi = o->base ? object_index(f, o->base) : -1;
            o = bi >= 0 ? f->objects.items[bi] : NULL;
        }
        if (n == 64)
            cc_error(cc, ((jobject *)f->objects.items[i])->at, "object '%s' inherits from itself",
                     ((jobject *)f->objects.items[i])->name);
        for (int k = n - 1; k >= 0; k--)
            for (size_t m = 0; m < chain[k]->members.n; m++)
                vec_push(cc, v, chain[k]->members.items[m]);
        if (v->n > 64)
            cc_error(cc, ((jobject *)f->objects.items[i])->at, "at most 64 members per object");
        vec_push(cc, &em.flat, v);
    }
    if (cc->errors)
        return false;
    int root_type = -1;
    for (size_t i = 0; i < f->objects.n; i++) {
        jobject *o = f->objects.items[i];
        vec *v = flat_members(&em, (int)i);
        vec *t = cc_alloc(cc, sizeof *t);
        memset(t, 0, sizeof *t);
        for (size_t k = 0; k < v->n; k++) {
            jmember *m = v->items[k];
            vec_push(cc, t, (void *)(intptr_t)type_of(&em, o, (int)i, m->type));
        }
        vec_push(cc, &em.mtypes, t);
    }
    if (f->root) {
        root_type = new_type(&em, "OBJECT");
        ((jt *)em.types.items[root_type])->object = object_index(f, f->root);
    }
    if (cc->errors)
        return false;

    /* header */
    gen_out(h, "\n#include \"ak_jschema.h\"\n\n");
    gen_out(h, "enum {\n");
    for (size_t i = 0; i < f->objects.n; i++) {
        jobject *o = f->objects.items[i];
        gen_out(h, "    %s_O_%s = %zu,\n", id, o->name, i);
    }
    gen_out(h, "};\nenum {\n");
    for (size_t i = 0; i < f->objects.n; i++) {
        jobject *o = f->objects.items[i];
        vec *v = flat_members(&em, (int)i);
        for (size_t k = 0; k < v->n; k++) {
            const char *name = ((jmember *)v->items[k])->name;
            gen_out(h, "    %s_M_%s_", id, o->name);
            for (const char *p = name; *p; p++)
                fputc((*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z') || (*p >= '0' && *p <= '9') ? *p : '_', h);
            gen_out(h, " = %zu,\n", k);
        }
    }
    gen_out(h, "};\nextern const ak_jschema %s_schema;\n", id);
    gen_out(h, "/* The JSON Schema (draft 2020-12) of the format (also written as %s.schema.json). */\n", id);
    gen_out(h, "extern const char %s_json_schema[];\n", id);
    for (size_t i = 0; i < f->hooks.n; i++) {
        member *m = f->hooks.items[i];
        gen_out(h, "/* hand-written (formats/%s/): sees every event after the automaton, NULL at the end */\n", id);
        gen_out(h, "bool %s_hook_%s(ak_jsctx *c, const ak_json_event *e);\n", id, m->name);
    }
    for (size_t i = 0; i < f->hooks.n; i++) {
        member *m = f->hooks.items[i];
        gen_out(h, "/* its lane half (ak_jslanehook); with more than one hook, lanes are off */\n");
        gen_out(h, "bool %s_hook_%s_lane(ak_jsctx *c, const ak_jslane_view *v);\n", id, m->name);
    }
    gen_out(h, "/* The lanes (generated into %s_lanes.c). */\n", id);
    gen_out(h, "const ak_jlane *%s_lane(int16_t type, int16_t vtype);\n", id);
    gen_out(h, "/* Streaming validation (bounded memory); user is the hooks' state. */\n");
    gen_out(h, "ak_json_status %s_validate_json(const uint8_t *data, size_t size, const ak_options *opt, ak_diags *d,\n"
           "    const ak_rule *duplicate_rule, bool release_input, void *user);\n", id);
    gen_out(h, "\n#endif\n");

    /* tables */
    gen_out(c, "\n#include \"ak_jschema.h\"\n\n");
    for (size_t t = 0; t < em.types.n; t++) {
        jt *y = em.types.items[t];
        if (y->names.n) {
            gen_out(c, "static const char *const %s_names_%zu[] = {", id, t);
            for (size_t k = 0; k < y->names.n; k++) {
                gen_c_string(c, y->names.items[k], false);
                gen_out(c, ", ");
            }
            gen_out(c, "};\n");
        }
        if (y->arm_tags.n) {
            gen_out(c, "static const ak_jarm %s_arms_%zu[] = {", id, t);
            for (size_t k = 0; k < y->arm_tags.n; k++)
                gen_out(c, "{NULL, %d}, ", (int)(intptr_t)y->arm_tags.items[k]);
            gen_out(c, "};\n");
        }
        if (y->alts.n) {
            gen_out(c, "static const int16_t %s_alts_%zu[] = {", id, t);
            for (size_t k = 0; k < y->alts.n; k++)
                gen_out(c, "%d, ", (int)(intptr_t)y->alts.items[k]);
            gen_out(c, "};\n");
        }
    }
    gen_out(c, "static const ak_jtype %s_types[] = {\n", id);
    for (size_t t = 0; t < em.types.n; t++) {
        jt *y = em.types.items[t];
        gen_out(c, "    {AK_JT_%s, %d, %d, %d, %d, ", y->kind, y->object, y->elem, y->sibling, y->bind);
        if (y->names.n)
            gen_out(c, "%s_names_%zu, %zu, ", id, t, y->names.n);
        else
            gen_out(c, "NULL, 0, ");
        if (y->arm_tags.n)
            gen_out(c, "%s_arms_%zu, %zu, ", id, t, y->arm_tags.n);
        else
            gen_out(c, "NULL, 0, ");
        if (y->alts.n)
            gen_out(c, "%s_alts_%zu, %zu},\n", id, t, y->alts.n);
        else
            gen_out(c, "NULL, 0},\n");
    }
    gen_out(c, "};\n");
    for (size_t i = 0; i < f->objects.n; i++) {
        jobject *o = f->objects.items[i];
        vec *v = flat_members(&em, (int)i);
        vec *tv = em.mtypes.items[i];
        if (!v->n)
            continue;
        gen_out(c, "static const ak_jmember %s_members_%s[] = {\n", id, o->name);
        for (size_t k = 0; k < v->n; k++) {
            jmember *m = v->items[k];
            gen_out(c, "    {");
            gen_c_string(c, m->name, false);
            cons *range = jmember_cons(m, C_RANGE);
            gen_out(c, ", %zu, %d, %s, %d, %d, %d, %d, %d, %.17g, %.17g, ", strlen(m->name), (int)(intptr_t)tv->items[k],
                m->optional ? "true" : "false", rule_index(cc, cons_code(m, C_KIND, 0)),
                rule_index(cc, cons_code(m, C_KIND, 1)), rule_index(cc, cons_code(m, C_REQUIRED, 0)),
                rule_index(cc, cons_code(m, C_FINITE, 0)), range ? rule_index(cc, range->code) : -1,
                range ? num_of(range->value) : 0.0, range ? num_of(range->hi) : 0.0);
            /* where <this member>: nondecreasing(f) / norepeat(f) */
            const char *field = NULL, *order = NULL, *repeat = NULL;
            for (size_t w = 0; w < o->wheres.n; w++) {
                cons *wc = o->wheres.items[w];
                const char *arr = wc->value ? wc->value->text : NULL;
                if (!arr || strcmp(arr, m->name) != 0)
                    continue;
                field = wc->name;
                if (wc->kind == C_NONDECREASING)
                    order = wc->code;
                else if (wc->kind == C_NOREPEAT)
                    repeat = wc->code;
            }
            gen_c_string(c, field, false);
            gen_out(c, ", %d, %d},\n", rule_index(cc, order), rule_index(cc, repeat));
        }
        gen_out(c, "};\n");
    }
    gen_out(c, "static const ak_jobject %s_objects[] = {\n", id);
    for (size_t i = 0; i < f->objects.n; i++) {
        jobject *o = f->objects.items[i];
        vec *v = flat_members(&em, (int)i);
        gen_out(c, "    {");
        gen_c_string(c, o->name, false);
        if (v->n)
            gen_out(c, ", %s_members_%s, %zu, ", id, o->name, v->n);
        else
            gen_out(c, ", NULL, 0, ");
        gen_out(c, "%d, %d},\n", rule_index(cc, o->ordered_code),
            rule_index(cc, o->closed_code ? o->closed_code : o->open_code));
    }
    gen_out(c, "};\n");
    gen_out(c, "const ak_jschema %s_schema = {%s_rules, %s_types, %s_objects, %d, %d, {%d, %d, %d, %d, %d}, %s_lane};\n",
        id, id, id, id, root_type, rule_index(cc, f->root_code), rule_index(cc, f->values_codes[0]),
        rule_index(cc, f->values_codes[1]), rule_index(cc, f->values_codes[2]), rule_index(cc, f->values_codes[3]),
        rule_index(cc, f->values_codes[4]), id);

    /* hooks: one is called directly; several in declaration order */
    gen_out(c, "\nstatic bool %s_hooks(ak_jsctx *c, const ak_json_event *e)\n{\n", id);
    for (size_t i = 0; i < f->hooks.n; i++)
        gen_out(c, "    if (!%s_hook_%s(c, e))\n        return false;\n", id, ((member *)f->hooks.items[i])->name);
    gen_out(c, "    (void)c;\n    (void)e;\n    return true;\n}\n");
    gen_out(c, "\nak_json_status %s_validate_json(const uint8_t *data, size_t size, const ak_options *opt, ak_diags *d,\n"
           "    const ak_rule *duplicate_rule, bool release_input, void *user)\n{\n", id);
    /* the lane half: the single hook's, none without hooks, and no lanes
       with several (taking an element must be all or nothing) */
    char hooks[160] = "NULL", lane_hook[160] = "NULL";
    if (f->hooks.n)
        snprintf(hooks, sizeof hooks, "%s_hooks", id);
    if (f->hooks.n == 1)
        snprintf(lane_hook, sizeof lane_hook, "%s_hook_%s_lane", id, ((member *)f->hooks.items[0])->name);
    gen_out(c, "    return ak_jschema_validate(&%s_schema, data, size, opt, d, %s, %s, user, duplicate_rule,\n"
               "        release_input);\n}\n",
        id, hooks, lane_hook);

    if (outdir && !write_lanes(&em, outdir))
        return false;

    /* the JSON Schema (emit_jsonschema.c) */
    bool ok = cc_emit_json_schema(&em, c, outdir);
    return ok && cc->errors == 0;
}
