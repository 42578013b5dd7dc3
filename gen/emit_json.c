/* animgen: the JSON half of the C emitter.
 *
 * A JSON schema, as check_json.c resolved it, becomes tables for the push
 * automaton of gen/rt/ak_jschema.c (types, objects with their members,
 * member constraints, the rules they report) and the entry point
 * <id>_validate_json. The tables built from declarations carry #line
 * directives back to the .schema file. The JSON Schema (draft 2020-12)
 * export, written from the same resolved types, is emit_jsonschema.c. */
#include "ast.h"
#include "emit_common.h"
#include "model_json.h"
#include "emit_jsonschema.h"
#include "emit_lanes.h"
#include "json_schema.h"
#include "value_syntax.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

static int rule_index(compiler *cc, const char *code)
{
    if (!code)
        return -1;
    rule_decl *r = find_rule(cc, code);
    return r ? r->index : -1;
}

static int cons_rule(compiler *cc, jmember *m, cons_kind k, int nth)
{
    cons *c = jmember_cons_nth(m, k, nth);
    return c ? rule_index(cc, c->code) : -1;
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

/* ---- #line ----------------------------------------------------------------- */

/* The line the next output to c starts on (c is read back: gen_open
 * opens outputs for update). */
static long out_line(FILE *c)
{
    long pos = ftell(c);
    long line = 1;
    if (pos < 0 || fflush(c) != 0)
        return 1;
    rewind(c);
    for (long i = 0; i < pos; i++) {
        int ch = fgetc(c);
        if (ch == EOF)
            break;
        line += ch == '\n';
    }
    fseek(c, pos, SEEK_SET);
    return line;
}

/* What follows comes from line `line` of the declaration. */
static void line_to_decl(compiler *cc, FILE *c, int line)
{
    gen_out(c, "#line %d ", line);
    gen_c_string(c, cc->path, false);
    gen_out(c, "\n");
}

/* What follows is the generated file's own text again. */
static void line_to_self(compiler *cc, FILE *c)
{
    char path[4096];
    snprintf(path, sizeof path, "%s/%s_layout.c", cc->outdir ? cc->outdir : ".", cc->format->id);
    long line = out_line(c) + 1;
    gen_out(c, "#line %ld ", line);
    gen_c_string(c, path, false);
    gen_out(c, "\n");
}

/* ---- member constraints ------------------------------------------------------ */

static bool has_versions(int64_t since, int64_t until)
{
    return since >= 0 || until >= 0;
}

/* Whether member m needs an ak_jmember_x. */
static bool needs_x(jmember *m)
{
    static const cons_kind kinds[] = {C_CMP,       C_SET,      C_ENUM,      C_SYNTAX,  C_KEY,    C_DANGLING,
                                      C_MISTARGETED, C_UNLISTED, C_MISPLACED, C_ANYCASE, C_UNIQUE, C_COERCED,
                                      C_FRACTIONAL,  C_NULL,     C_SCOPE,     C_TOPLEVEL, C_SIBLING, C_DISTINCT,
                                      C_ACYCLIC,     C_NONEMPTY, C_MAXLENGTH, C_PRESENT};
    for (size_t i = 0; i < sizeof kinds / sizeof kinds[0]; i++)
        if (jmember_cons(m, kinds[i]))
            return true;
    cons *rq = jmember_cons(m, C_REQUIRED);
    return has_versions(m->since, m->until) || (rq && rq->value);
}

static void put_versions(FILE *c, compiler *cc, int64_t since, int64_t until, const char *since_code,
                         const char *until_code)
{
    /* one code names both ends */
    const char *s = since_code ? since_code : until_code, *u = until_code ? until_code : since_code;
    gen_out(c, "{%lld, %lld, %d, %d}", (long long)since, (long long)until, rule_index(cc, s), rule_index(cc, u));
}

static int scope_index(jem *em, const char *name)
{
    const char *names[JPLACE_SCOPES + 1];
    size_t n = jplace_scopes(em, names);
    for (size_t i = 0; name && i < n; i++)
        if (!strcmp(names[i], name))
            return (int)i;
    return -1;
}

/* static ak_jplace <id>_p_<object>_<k> for member m; false when it has none. */
static bool member_place(jem *em, FILE *c, const char *on, size_t k, jmember *m)
{
    compiler *cc = em->cc;
    cons *scope = jmember_cons(m, C_SCOPE), *acyclic = jmember_cons(m, C_ACYCLIC), *depth = jmember_cons(m, C_DEPTH);
    if (!scope && !acyclic && !jmember_cons(m, C_TOPLEVEL) && !jmember_cons(m, C_SIBLING) &&
        !jmember_cons(m, C_DISTINCT))
        return false;
    gen_out(c, "static const ak_jplace %s_p_%s_%zu = {%d, %d, %d, %d, %d, %d, %d, %s, %d, %lluu};\n", em->f->id, on, k,
            scope ? scope_index(em, scope->name) : -1, cons_rule(cc, m, C_SCOPE, 0), cons_rule(cc, m, C_TOPLEVEL, 0),
            cons_rule(cc, m, C_SIBLING, 0), cons_rule(cc, m, C_DISTINCT, 0), cons_rule(cc, m, C_ACYCLIC, 0),
            acyclic ? scope_index(em, acyclic->name) : -1, acyclic && acyclic->closing ? "true" : "false",
            cons_rule(cc, m, C_DEPTH, 0), depth ? (unsigned long long)num_of(depth->value) : 0ULL);
    return true;
}

/* static ak_jmember_x <id>_x_<object>_<k> (and its checks), for member m. */
static void member_x(jem *em, FILE *c, int oi, size_t k, jmember *m)
{
    compiler *cc = em->cc;
    const char *id = em->f->id;
    const char *on = ((jobject *)em->f->objects.items[oi])->name;
    size_t nchecks = 0;
    for (size_t i = 0; i < m->cons.n; i++) {
        cons *q = m->cons.items[i];
        if (q->kind != C_CMP && q->kind != C_SET && q->kind != C_ENUM)
            continue;
        gen_out(c, "static const double %s_v_%s_%zu_%zu[] = {", id, on, k, i);
        if (q->kind == C_CMP) {
            gen_out(c, "%.17g", num_of(q->value));
        } else if (q->kind == C_SET) {
            for (size_t j = 0; j < q->set.n; j++)
                gen_out(c, "%s%.17g", j ? ", " : "", num_of(q->set.items[j]));
        } else {
            for (size_t j = 0; j < q->en->items.n; j++)
                gen_out(c, "%s%lld", j ? ", " : "", (long long)((enum_item *)q->en->items.items[j])->value);
        }
        gen_out(c, "};\n");
    }
    for (size_t i = 0; i < m->cons.n; i++) {
        cons *q = m->cons.items[i];
        if (q->kind != C_CMP && q->kind != C_SET && q->kind != C_ENUM && q->kind != C_SYNTAX)
            continue;
        if (!nchecks++)
            gen_out(c, "static const ak_jcheck %s_c_%s_%zu[] = {\n", id, on, k);
        if (q->kind == C_SYNTAX) {
            const char *machine = "";
            for (size_t s = 0; s < em->f->syntaxes.n; s++) {
                syntax_decl *sd = em->f->syntaxes.items[s];
                if (!strcmp(sd->name, q->name))
                    machine = sd->machine;
            }
            const ak_value_syntax *vs = ak_value_syntax_find(machine);
            bool canonical = false;
            for (size_t sx = 0; sx < em->f->syntaxes.n; sx++)
                if (!strcmp(((syntax_decl *)em->f->syntaxes.items[sx])->name, q->name))
                    canonical = ((syntax_decl *)em->f->syntaxes.items[sx])->canonical;
            gen_out(c, "    {AK_JC_SYNTAX, %d, NULL, 0, &ak_value_syntaxes[%d], %s},\n", rule_index(cc, q->code),
                    vs ? (int)(vs - ak_value_syntaxes) : 0, canonical ? "true" : "false");
        } else {
            size_t n = q->kind == C_CMP ? 1 : q->kind == C_SET ? q->set.n : q->en->items.n;
            const char *kind = "AK_JC_IN";
            if (q->kind == C_CMP && strcmp(q->op, "==") != 0)
                kind = !strcmp(q->op, "!=")   ? "AK_JC_NOT_IN"
                       : !strcmp(q->op, ">")  ? "AK_JC_GT"
                       : !strcmp(q->op, ">=") ? "AK_JC_GE"
                                              : "AK_JC_LE";
            gen_out(c, "    {%s, %d, %s_v_%s_%zu_%zu, %zu, NULL, false},\n", kind, rule_index(cc, q->code), id, on, k, i, n);
        }
    }
    if (nchecks)
        gen_out(c, "};\n");
    cons *rq = jmember_cons(m, C_REQUIRED);
    cons *uq = jmember_cons(m, C_UNIQUE);
    bool place = member_place(em, c, on, k, m);
    gen_out(c, "static const ak_jmember_x %s_x_%s_%zu = {", id, on, k);
    put_versions(c, cc, m->since, m->until, m->since_code, m->until_code);
    gen_out(c, ", %lld, ", rq && rq->value ? (long long)num_of(rq->value) : -1LL);
    if (nchecks)
        gen_out(c, "%s_c_%s_%zu, %zu, ", id, on, k, nchecks);
    else
        gen_out(c, "NULL, 0, ");
    gen_out(c, "%d, %d, %d, %d, %d, %d, %d, ", cons_rule(cc, m, C_KEY, 0), cons_rule(cc, m, C_DANGLING, 0),
            cons_rule(cc, m, C_MISTARGETED, 0), cons_rule(cc, m, C_UNLISTED, 0), cons_rule(cc, m, C_MISPLACED, 0),
            cons_rule(cc, m, C_ANYCASE, 0), uq ? rule_index(cc, uq->code) : -1);
    gen_c_string(c, uq ? uq->name : NULL, false);
    gen_out(c, ", %d, ", cons_rule(cc, m, C_COERCED, 0));
    if (place)
        gen_out(c, "&%s_p_%s_%zu", id, on, k);
    else
        gen_out(c, "NULL");
    cons *ml = jmember_cons(m, C_MAXLENGTH);
    gen_out(c, ", %d, %d, %d, %lluu", cons_rule(cc, m, C_NULL, 0), cons_rule(cc, m, C_NONEMPTY, 0),
            cons_rule(cc, m, C_MAXLENGTH, 0), ml ? (unsigned long long)num_of(ml->value) : 0ULL);
    cons *pr = jmember_cons(m, C_PRESENT);
    gen_out(c, ", %d, %lld, %lld, %d};\n", cons_rule(cc, m, C_PRESENT, 0), pr ? (long long)num_of(pr->value) : 0LL,
            pr ? (long long)num_of(pr->hi) : 0LL, cons_rule(cc, m, C_FRACTIONAL, 0));
}

/* ---- lanes ---------------------------------------------------------------------- */

/* The lane kind of a type node: objects that are selected by a
 * discriminator or exist in some versions only have no lane. */
static lane_kind lane_kind_of(jem *em, const jt *y)
{
    static const struct {
        const char *kind;
        lane_kind lk;
    } kinds[] = {{"F32", LK_F32},       {"F64", LK_F64},     {"NUMBER", LK_NUMBER}, {"INTEGER", LK_INTEGER},
                 {"STRING", LK_STRING}, {"BOOL", LK_BOOL},   {"NULL", LK_NULL},     {"UNION", LK_UNION},
                 {"PARAM", LK_PARAM},   {"OBJECT", LK_OBJECT}, {"ARRAY", LK_ARRAY}};
    if (y->altv.n)
        return LK_OTHER; /* alternatives by version: the automaton checks the version */
    if (!strcmp(y->kind, "OBJECT")) {
        jobject *o = em->f->objects.items[y->object];
        if (em->obj[y->object].family >= 0 || has_versions(o->since, o->until))
            return LK_OTHER;
        /* what a lane cannot note: an object `exists` asks for, a `where nonempty` */
        for (size_t i = 0; i < em->f->exists.n; i++)
            if (jobject_is_a(em, y->object, jobject_index(em->f, ((token *)em->f->exists.items[i])->text)))
                return LK_OTHER;
        for (size_t g = 0; g < em->obj[y->object].groups.n; g++)
            if (((jgroup *)em->obj[y->object].groups.items[g])->nonempty)
                return LK_OTHER;
    }
    for (size_t i = 0; i < sizeof kinds / sizeof kinds[0]; i++)
        if (strcmp(y->kind, kinds[i].kind) == 0)
            return kinds[i].lk;
    return LK_OTHER;
}

/* Whether what member m (of lane kind k) needs beyond its kind and range
 * is all the automaton checks of a lane's leaf (on_lane in
 * gen/rt/ak_jschema.c): the versions it exists in, `required since N`
 * (both: lane_member.versioned), a number's `in`, `==`, `!=`, `>`,
 * `>=`, `<=`, and a string's `syntax`. A number that is not one
 * (`coerced`, `fractional`) never matches a lane's number. */
static bool lane_checks(jmember *m, lane_kind k)
{
    bool number = lane_kind_number(k);
    for (size_t i = 0; i < m->cons.n; i++) {
        switch (((cons *)m->cons.items[i])->kind) {
        case C_KIND:
        case C_REQUIRED:
        case C_RANGE:
        case C_FINITE:
        case C_NONDECREASING:
        case C_NOREPEAT: break;
        case C_CMP:
        case C_SET:
        case C_ENUM:
        case C_COERCED:
        case C_FRACTIONAL:
            if (!number)
                return false;
            break;
        case C_SYNTAX: /* a lane's string is raw: the machine reads it in place */
            if (k != LK_STRING)
                return false;
            break;
        default: return false;
        }
    }
    return true;
}

/* The numbered types and objects as the lane emitter sees them. A member
 * with constraints a lane cannot check gets a type of its own, one no lane
 * takes. */
static lane_schema lanes_of(jem *em)
{
    compiler *cc = em->cc;
    format_decl *f = em->f;
    size_t other = em->types.n;
    lane_type *types = cc_alloc(cc, (em->types.n + 2) * sizeof *types);
    for (size_t t = 0; t < em->types.n; t++) {
        jt *y = em->types.items[t];
        int *alts = cc_alloc(cc, (y->alts.n + 1) * sizeof *alts);
        for (size_t k = 0; k < y->alts.n; k++)
            alts[k] = (int)(intptr_t)y->alts.items[k];
        types[t] = (lane_type){lane_kind_of(em, y), y->object, y->elem, alts, y->alts.n};
    }
    types[other] = (lane_type){LK_OTHER, -1, -1, NULL, 0};
    lane_object *objects = cc_alloc(cc, (f->objects.n + 1) * sizeof *objects);
    for (size_t i = 0; i < f->objects.n; i++) {
        vec *v = &em->obj[i].flat;
        bool versions = false;
        lane_member *members = cc_alloc(cc, (v->n + 1) * sizeof *members);
        for (size_t k = 0; k < v->n; k++) {
            jmember *m = v->items[k];
            int t = (int)(intptr_t)em->obj[i].types.items[k];
            bool checked = needs_x(m);
            bool ok = !checked || lane_checks(m, types[t].kind);
            cons *rq = jmember_cons(m, C_REQUIRED);
            bool versioned = has_versions(m->since, m->until) || (rq && rq->value);
            members[k] = (lane_member){m->name, ok ? t : (int)other, m->optional, checked, versioned};
            versions |= versioned;
        }
        objects[i] = (lane_object){members, v->n, em->obj[i].ordered != NULL, em->obj[i].groups.n > 0, versions};
    }
    return (lane_schema){f->id, types, em->types.n + 1, objects, f->objects.n, f->values_codes[0] != NULL};
}

/* Whether the format has lanes: its single validation hook needs a lane half. */
static bool has_lanes(jem *em)
{
    lane_schema ls = lanes_of(em);
    return lanes_possible(&ls);
}

/* OUTDIR/<id>_lanes.re (emit_lanes.c). */
static bool write_lanes(jem *em, const char *outdir)
{
    format_decl *f = em->f;
    lane_schema ls = lanes_of(em);
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

/* ---- the tables ------------------------------------------------------------------ */

static void header(jem *em, FILE *h)
{
    format_decl *f = em->f;
    const char *id = f->id;
    gen_out(h, "\n#include \"ak_jschema.h\"\n\n");
    gen_out(h, "enum {\n");
    for (size_t i = 0; i < f->objects.n; i++) {
        jobject *o = f->objects.items[i];
        gen_out(h, "    %s_O_%s = %zu,\n", id, o->name, i);
    }
    gen_out(h, "};\nenum {\n");
    for (size_t i = 0; i < f->objects.n; i++) {
        jobject *o = f->objects.items[i];
        vec *v = &em->obj[i].flat;
        for (size_t k = 0; k < v->n; k++) {
            const char *name = ((jmember *)v->items[k])->name;
            gen_out(h, "    %s_M_%s_", id, o->name);
            for (const char *p = name; *p; p++)
                fputc((*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z') || (*p >= '0' && *p <= '9') ? *p : '_', h);
            gen_out(h, " = %zu,\n", k);
        }
    }
    gen_out(h, "};\nextern const ak_jschema %s_schema;\n", id);
    /* the hand-written actions of migration steps (`hook <name>`) */
    for (size_t i = 0; i < f->steps.n; i++) {
        jstep *st = f->steps.items[i];
        for (size_t k = 0; k < st->statements.n; k++) {
            jstatement *sm = st->statements.items[k];
            for (size_t a = 0; a < sm->actions.n; a++) {
                jaction *x = sm->actions.items[a];
                if (x->op == JM_HOOK) /* a second declaration of one is harmless */
                    gen_out(h, "bool %s_step_%s(struct ak_jtree *t, struct ak_jnode *o, void *user);\n", id,
                            x->type->text);
            }
        }
    }
    gen_out(h, "/* The JSON Schema (draft 2020-12) of the format (also written as %s.schema.json). */\n", id);
    gen_out(h, "extern const char %s_json_schema[];\n", id);
    if (cc_json_has_dump(em->cc))
        gen_out(h, "extern const char %s_dump_schema[];\n", id);
    for (size_t i = 0; i < f->hooks.n; i++) {
        member *m = f->hooks.items[i];
        if (cc_is_format_hook(m->name))
            continue;
        gen_out(h, "/* hand-written (formats/%s/): sees every event after the automaton, NULL at the end */\n", id);
        gen_out(h, "bool %s_hook_%s(ak_jsctx *c, const ak_json_event *e);\n", id, m->name);
        if (!has_lanes(em))
            continue; /* no lane half to write */
        gen_out(h, "/* its lane half (ak_jslanehook); with more than one hook, lanes are off */\n");
        gen_out(h, "bool %s_hook_%s_lane(ak_jsctx *c, const ak_jslane_view *v);\n", id, m->name);
    }
    /* the format's own hooks: its registry entry calls them (hand-written) */
    if (cc_has_hook(f, "state"))
        gen_out(h, "/* the validation hooks' per-document state: its size (zeroed before each document) */\n"
                   "extern const size_t %s_state_size;\n", id);
    if (cc_has_hook(f, "sniff"))
        gen_out(h, "int %s_sniff(const uint8_t *data, size_t size);\n", id);
    if (cc_json_has_dump(em->cc))
        gen_out(h, "bool %s_dump(const ak_input *in, const ak_options *opt, ak_diags *d, ak_buf *out);\n", id);
    if (cc_json_has_dump_to(em->cc))
        gen_out(h, "bool %s_dump_to(const ak_input *in, const ak_options *opt, ak_diags *d, ak_sink *out);\n", id);
    if (cc_has_hook(f, "reemit"))
        gen_out(h, "bool %s_reemit(const ak_input *in, const ak_options *opt, ak_diags *d, ak_buf *out);\n", id);
    if (cc_has_hook(f, "reemit_to"))
        gen_out(h, "bool %s_reemit_to(const ak_input *in, const ak_options *opt, ak_diags *d, ak_sink *out);\n", id);
    if (cc_has_hook(f, "to_model"))
        gen_out(h, "struct ak_arena;\nstruct ak_animation;\nbool %s_to_model(const ak_input *in, const ak_options *opt, "
                   "ak_diags *d, struct ak_arena *arena,\n    struct ak_animation **out);\n", id);
    if (cc_has_hook(f, "from_model"))
        gen_out(h, "struct ak_animation;\nbool %s_from_model(const struct ak_animation *anim, const ak_options *opt, "
                   "ak_diags *d, ak_buf *out);\n", id);
    gen_out(h, "/* The whole check of a document: size and depth caps, the JSON front end's problems as the format's "
               "rules%s. */\nvoid %s_validate(const ak_input *in, const ak_options *opt, ak_diags *d);\n",
            cc_has_hook(f, "validate") ? " (hand-written: hook validate)" : "", id);
    gen_out(h, "/* The generated check, with the hooks' state user (what %s_validate calls%s). */\n"
               "void %s_validate_with(const ak_input *in, const ak_options *opt, ak_diags *d, void *user);\n", id,
            cc_has_hook(f, "validate") ? ": hook validate wraps it" : "", id);
    bool renames = false;
    for (int i = 0; i < JR_COUNT; i++)
        renames |= f->json_codes[i] != NULL;
    if (renames)
        gen_out(h, "/* The format's rule for a problem the JSON front end found (`json { ... }`; other rules as they "
                   "are). */\nconst ak_rule *%s_json_rule(const ak_rule *r);\n", id);
    cc_emit_model_json_header(em->cc, h); /* a model section: its hooks, to_model and from_model */
    gen_out(h, "extern const ak_format ak_format_%s;\n", id);
    gen_out(h, "/* The lanes (generated into %s_lanes.c). */\n", id);
    gen_out(h, "const ak_jlane *%s_lane(int16_t type, int16_t vtype);\n", id);
    gen_out(h, "/* Streaming validation (bounded memory); user is the hooks' state. */\n");
    gen_out(h, "ak_json_status %s_validate_json(const uint8_t *data, size_t size, const ak_options *opt, ak_diags *d,\n"
               "    const ak_rule *duplicate_rule, bool release_input, void *user);\n", id);
    gen_out(h, "\n#endif\n");
}

/* static ak_jversions <id>_nv_<t>[]: per alternative of union y, the
 * versions it is taken in (`(T since N @code)`; the others: all). */
static void alt_versions(FILE *c, compiler *cc, const jt *y, const char *id, size_t t)
{
    gen_out(c, "static const ak_jversions %s_nv_%zu[] = {", id, t);
    for (size_t k = 0; k < y->alts.n; k++) {
        const jaltv *a = NULL;
        for (size_t i = 0; i < y->altv.n; i++)
            if (((const jaltv *)y->altv.items[i])->index == k)
                a = y->altv.items[i];
        if (a)
            put_versions(c, cc, a->since, a->until, a->since_code, a->until_code);
        else
            gen_out(c, "{-1, -1, -1, -1}");
        gen_out(c, ", ");
    }
    gen_out(c, "};\n");
}

static void type_tables(jem *em, FILE *c)
{
    compiler *cc = em->cc;
    const char *id = em->f->id;
    for (size_t t = 0; t < em->types.n; t++) {
        jt *y = em->types.items[t];
        if (y->names.n) {
            gen_out(c, "static const char *const %s_names_%zu[] = {", id, t);
            for (size_t k = 0; k < y->names.n; k++) {
                gen_c_string(c, y->names.items[k], false);
                gen_out(c, ", ");
            }
            gen_out(c, "};\n");
            bool versions = false;
            for (size_t k = 0; k < y->enames.n; k++) {
                jename *n = y->enames.items[k];
                versions |= has_versions(n->since, n->until);
            }
            if (versions) {
                gen_out(c, "static const ak_jversions %s_nv_%zu[] = {", id, t);
                for (size_t k = 0; k < y->enames.n; k++) {
                    jename *n = y->enames.items[k];
                    put_versions(c, cc, n->since, n->until, n->code, n->code);
                    gen_out(c, ", ");
                }
                gen_out(c, "};\n");
            }
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
        if (y->altv.n)
            alt_versions(c, cc, y, id, t);
    }
    gen_out(c, "static const ak_jtype %s_types[] = {\n", id);
    for (size_t t = 0; t < em->types.n; t++) {
        jt *y = em->types.items[t];
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
            gen_out(c, "%s_alts_%zu, %zu, ", id, t, y->alts.n);
        else
            gen_out(c, "NULL, 0, ");
        bool versions = false;
        for (size_t k = 0; k < y->enames.n; k++) {
            jename *n = y->enames.items[k];
            versions |= has_versions(n->since, n->until);
        }
        if (versions || y->altv.n)
            gen_out(c, "%s_nv_%zu},\n", id, t);
        else
            gen_out(c, "NULL},\n");
    }
    gen_out(c, "};\n");
}

/* static ak_jdefault <id>_d_<object>_<k>[]: member m's defaults by version. */
static void member_defaults(jem *em, FILE *c, int oi, size_t k, jmember *m)
{
    if (!m->defaults.n)
        return;
    line_to_decl(em->cc, c, m->at.line);
    gen_out(c, "static const ak_jdefault %s_d_%s_%zu[] = {", em->f->id,
            ((jobject *)em->f->objects.items[oi])->name, k);
    for (size_t i = 0; i < m->defaults.n; i++) {
        jdefault *d = m->defaults.items[i];
        gen_out(c, "%s{%lld, %lld, ", i ? ", " : "", (long long)d->since, (long long)d->until);
        gen_c_string(c, jlit_json(em->cc, d->value), false);
        gen_out(c, "}");
    }
    gen_out(c, "};\n");
}

/* The members of object oi, each row from its declaration. */
static void member_table(jem *em, FILE *c, int oi)
{
    compiler *cc = em->cc;
    format_decl *f = em->f;
    const char *id = f->id;
    jobject *o = f->objects.items[oi];
    jinfo *in = &em->obj[oi];
    for (size_t k = 0; k < in->flat.n; k++) {
        jmember *m = in->flat.items[k];
        if (needs_x(m)) {
            line_to_decl(cc, c, m->at.line);
            member_x(em, c, oi, k, m);
        }
        member_defaults(em, c, oi, k, m);
    }
    line_to_decl(cc, c, o->at.line);
    gen_out(c, "static const ak_jmember %s_members_%s[] = {\n", id, o->name);
    for (size_t k = 0; k < in->flat.n; k++) {
        jmember *m = in->flat.items[k];
        line_to_decl(cc, c, m->at.line);
        gen_out(c, "    {");
        gen_c_string(c, m->name, false);
        cons *range = jmember_cons(m, C_RANGE);
        int kind = cons_rule(cc, m, C_KIND, 0), elem_kind = cons_rule(cc, m, C_KIND, 1);
        if (elem_kind < 0)
            elem_kind = kind; /* one `mistyped` is for the member and its elements */
        if ((int)k == in->tag && kind < 0)
            kind = cons_rule(cc, m, C_REQUIRED, 0); /* a discriminator that is no string: missing */
        gen_out(c, ", %zu, %d, %s, %d, %d, %d, %d, %d, %.17g, %.17g, ", strlen(m->name),
                (int)(intptr_t)in->types.items[k], m->optional ? "true" : "false", kind, elem_kind,
                cons_rule(cc, m, C_REQUIRED, 0), cons_rule(cc, m, C_FINITE, 0), range ? rule_index(cc, range->code) : -1,
                range ? num_of(range->value) : 0.0, range ? num_of(range->hi) : 0.0);
        /* where <this member>: nondecreasing(f) / norepeat(f) (in the declaring object) */
        jobject *owner = in->owner.items[k];
        const char *field = NULL, *order = NULL, *repeat = NULL;
        for (size_t w = 0; w < owner->wheres.n; w++) {
            cons *wc = owner->wheres.items[w];
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
        gen_out(c, ", %d, %d, ", rule_index(cc, order), rule_index(cc, repeat));
        if (needs_x(m))
            gen_out(c, "&%s_x_%s_%zu, ", id, o->name, k);
        else
            gen_out(c, "NULL, ");
        if (m->defaults.n)
            gen_out(c, "%s_d_%s_%zu, %zu},\n", id, o->name, k, m->defaults.n);
        else
            gen_out(c, "NULL, 0},\n");
    }
    gen_out(c, "};\n");
}

static void object_table(jem *em, FILE *c)
{
    compiler *cc = em->cc;
    format_decl *f = em->f;
    const char *id = f->id;
    for (size_t i = 0; i < f->objects.n; i++)
        if (em->obj[i].flat.n)
            member_table(em, c, (int)i);
    for (size_t i = 0; i < f->objects.n; i++) {
        jobject *o = f->objects.items[i];
        vec *groups = &em->obj[i].groups;
        if (!groups->n)
            continue;
        line_to_decl(cc, c, o->at.line);
        gen_out(c, "static const ak_jgroup %s_groups_%s[] = {\n", id, o->name);
        for (size_t g = 0; g < groups->n; g++) {
            jgroup *gr = groups->items[g];
            uint64_t mask = 0;
            for (size_t k = 0; k < gr->names.n; k++)
                for (size_t j = 0; j < em->obj[i].flat.n; j++)
                    if (!strcmp(((jmember *)em->obj[i].flat.items[j])->name, ((token *)gr->names.items[k])->text))
                        mask |= UINT64_C(1) << j;
            line_to_decl(cc, c, gr->at.line);
            gen_out(c, "    {UINT64_C(0x%llx), %s, %d, %s},\n", (unsigned long long)mask, gr->oneof ? "true" : "false",
                    rule_index(cc, gr->code), gr->nonempty ? "true" : "false");
        }
        gen_out(c, "};\n");
    }
    gen_out(c, "static const ak_jobject %s_objects[] = {\n", id);
    for (size_t i = 0; i < f->objects.n; i++) {
        jobject *o = f->objects.items[i];
        jinfo *in = &em->obj[i];
        line_to_decl(cc, c, o->at.line);
        gen_out(c, "    {");
        gen_c_string(c, o->name, false);
        if (in->flat.n)
            gen_out(c, ", %s_members_%s, %zu, ", id, o->name, in->flat.n);
        else
            gen_out(c, ", NULL, 0, ");
        gen_out(c, "%d, %d, %d, %d, %d, %s, ", rule_index(cc, in->ordered),
                rule_index(cc, in->closed ? in->closed : in->open), in->base, in->family, in->tag,
                o->abstract ? "true" : "false");
        put_versions(c, cc, o->since, o->until, o->since_code, o->until_code);
        gen_out(c, ", %d, %d, ", in->key, in->key_space);
        if (in->groups.n)
            gen_out(c, "%s_groups_%s, %zu, ", id, o->name, in->groups.n);
        else
            gen_out(c, "NULL, 0, ");
        gen_c_string(c, o->label, false);
        cons *key = in->key >= 0 ? jmember_cons(in->flat.items[in->key], C_KEY) : NULL;
        gen_out(c, ", %s, ", key && key->name ? "AK_JKEY_UUID" : "AK_JKEY_TEXT");
        gen_c_string(c, o->named_by, false);
        gen_out(c, "},\n");
    }
    gen_out(c, "};\n");
}

/* The entry point; hooks are called directly (several: in declaration order). */
static void entry_point(jem *em, FILE *c)
{
    compiler *cc = em->cc;
    format_decl *f = em->f;
    const char *id = f->id;
    char hooks[160] = "NULL", lane_hook[160] = "NULL";
    vec events = {0}; /* the validation hooks (member*) */
    for (size_t i = 0; i < f->hooks.n; i++)
        if (!cc_is_format_hook(((member *)f->hooks.items[i])->name))
            vec_push(cc, &events, f->hooks.items[i]);
    if (events.n == 1) {
        snprintf(hooks, sizeof hooks, "%s_hook_%s", id, ((member *)events.items[0])->name);
        /* the lane half: only with a single hook (taking an element must be all or nothing), and
           lanes to take */
        if (has_lanes(em))
            snprintf(lane_hook, sizeof lane_hook, "%s_hook_%s_lane", id, ((member *)events.items[0])->name);
    } else if (events.n > 1) {
        snprintf(hooks, sizeof hooks, "%s_hooks", id);
        gen_out(c, "\nstatic bool %s_hooks(ak_jsctx *c, const ak_json_event *e)\n{\n    return ", id);
        for (size_t i = 0; i < events.n; i++) {
            member *m = events.items[i];
            gen_out(c, "%s\n", i ? " &&" : "");
            line_to_decl(cc, c, m->at.line);
            gen_out(c, "        %s_hook_%s(c, e)", id, m->name);
        }
        gen_out(c, ";\n");
        line_to_self(cc, c);
        gen_out(c, "}\n");
    }
    gen_out(c, "\nak_json_status %s_validate_json(const uint8_t *data, size_t size, const ak_options *opt, ak_diags *d,\n"
               "    const ak_rule *duplicate_rule, bool release_input, void *user)\n{\n", id);
    gen_out(c, "    return ak_jschema_validate(&%s_schema, data, size, opt, d, %s, %s, user, duplicate_rule,\n"
               "        release_input);\n}\n",
            id, hooks, lane_hook);
}

/* <id>_validate_with: the size cap, then the depth cap, then
 * <id>_validate_json with the hooks' state, its diagnostics reported again
 * under the format's rules when `json { ... }` renames them; <id>_validate
 * (unless the format wraps it by hand: hook validate) gives it the state of
 * `hook state`. */
static void emit_validate(jem *em, FILE *c, bool renames)
{
    compiler *cc = em->cc;
    format_decl *f = em->f;
    const char *id = f->id;
    gen_out(c, "\nvoid %s_validate_with(const ak_input *in, const ak_options *opt, ak_diags *d, void *user)\n{\n",
            id);
    if (f->size_code) {
        gen_out(c, "    if (in->size > (size_t)%lldULL) {\n", (long long)f->size_limit);
        gen_out(c, "        ak_report(d, &%s_rules[%d], 0, 0, \"\", \"the file has %%zu bytes; the cap is %%zu\", in->size,\n"
                   "                  (size_t)%lldULL);\n        return;\n    }\n",
                id, rule_index(cc, f->size_code), (long long)f->size_limit);
    }
    gen_out(c, "    ak_options o = opt ? *opt : (ak_options){0};\n");
    if (f->max_depth)
        gen_out(c, "    if (o.max_depth == 0 || o.max_depth > %lldu)\n        o.max_depth = %lldu;\n",
                (long long)f->max_depth, (long long)f->max_depth);
    const char *user = "user";
    char dup[64] = "NULL";
    if (f->json_codes[JR_DUPLICATE])
        snprintf(dup, sizeof dup, "&%s_rules[%d]", id, rule_index(cc, f->json_codes[JR_DUPLICATE]));
    if (renames) {
        /* the front end reports with its own rules: checked into a list of
           their own, then reported again as the format's */
        gen_out(c, "    ak_diag_options dopt = {ak_diags_strict(d), ak_diags_max_errors(d)};\n    ak_diags *tmp = ak_diags_new(&dopt);\n");
        gen_out(c, "    if (tmp) {\n        ak_diags_set_source(tmp, in->data, in->size, true);\n");
        gen_out(c, "        %s_validate_json(in->data, in->size, &o, tmp, %s, in->mapped, %s);\n", id, dup, user);
        gen_out(c, "        for (size_t i = 0; i < ak_diags_count(tmp); i++) {\n"
                   "            const ak_diag *g = ak_diags_at(tmp, i);\n"
                   "            if (g->rule == &ak_rule_limit_max_errors)\n                break;\n"
                   "            if (!ak_report_at(d, %s_json_rule(g->rule), g->offset, g->length, g->line, g->column, "
                   "g->path, \"%%s\",\n                              g->message))\n                break;\n"
                   "        }\n        ak_diags_pass_unshown(d, tmp, %s_json_rule);\n"
                   "        ak_diags_free(tmp);\n    } else {\n"
                   "        ak_report_out_of_memory(d, 0, \"validating\");\n    }\n",
                id, id);
    } else {
        gen_out(c, "    %s_validate_json(in->data, in->size, &o, d, %s, in->mapped, %s);\n", id, dup, user);
    }
    gen_out(c, "}\n");
    if (cc_has_hook(f, "validate")) /* hand-written around <id>_validate_with */
        return;
    gen_out(c, "\nvoid %s_validate(const ak_input *in, const ak_options *opt, ak_diags *d)\n{\n", id);
    if (cc_has_hook(f, "state")) {
        gen_out(c, "    void *state = calloc(1, %s_state_size ? %s_state_size : 1);\n", id, id);
        gen_out(c, "    if (!state) {\n        ak_report_out_of_memory(d, %s_state_size, \"validating\");\n"
                   "        return;\n    }\n", id);
        gen_out(c, "    %s_validate_with(in, opt, d, state);\n    free(state);\n}\n", id);
    } else {
        gen_out(c, "    %s_validate_with(in, opt, d, NULL);\n}\n", id);
    }
}

/* Is the format's rule for a JSON front-end category (`json { ... }`) an
   error at the compatible level? Unrenamed, JSON's own rule is. */
static bool json_category_fatal(compiler *cc, const format_decl *f, int cat)
{
    if (!f->json_codes[cat])
        return true;
    rule_decl *r = find_rule(cc, f->json_codes[cat]);
    return !r || r->compat == 2;
}

/* ak_format.text_never: a control character (anywhere: outside strings it
   is no token, inside it must be escaped) is the syntax category's
   problem, ill-formed UTF-8 the encoding category's; the not-text test
   counts those bytes only where the format's rule rejects them. */
static void text_never(compiler *cc, const format_decl *f, FILE *c)
{
    bool c0 = json_category_fatal(cc, f, JR_SYNTAX), utf8 = json_category_fatal(cc, f, JR_ENCODING);
    gen_out(c, "    .text_never = %s%s%s,\n", c0 ? "AK_TEXT_NEVER_C0" : "", c0 && utf8 ? " | " : "",
            utf8 ? "AK_TEXT_NEVER_BAD_UTF8" : !c0 ? "0" : "");
}

/* The format's check and its registry entry: the size cap, the depth cap,
 * the hooks' state, and the JSON front end's problems renamed to the
 * format's rules (`json { ... }`). */
static void registry_entry(jem *em, FILE *c)
{
    compiler *cc = em->cc;
    format_decl *f = em->f;
    const char *id = f->id;
    bool renames = false;
    for (int i = 0; i < JR_COUNT; i++)
        renames |= f->json_codes[i] != NULL;
    line_to_self(cc, c);
    if (renames) {
        /* which JSON front-end rules each category takes (the rest are syntax) */
        static const struct {
            int cat;
            const char *rule;
        } members[] = {
            {JR_ENCODING, "AK_JSON_R_UTF16"},     {JR_ENCODING, "AK_JSON_R_UTF32"},
            {JR_ENCODING, "AK_JSON_R_INVALID_UTF8"}, {JR_ENCODING, "AK_JSON_R_LONE_SURROGATE"},
            {JR_DEPTH, "AK_JSON_R_DEPTH"},        {JR_BOM, "AK_JSON_R_BOM"},
            {JR_DUPLICATE, "AK_JSON_R_DUPLICATE_MEMBER"}, {JR_RANGE, "AK_JSON_R_OUT_OF_RANGE"},
            {JR_INTEGER, "AK_JSON_R_NOT_INTEGER"},
        };
        gen_out(c, "\n/* The format's rule for a problem the JSON front end found. */\n");
        gen_out(c, "const ak_rule *%s_json_rule(const ak_rule *r)\n{\n", id);
        gen_out(c, "    if (r < ak_json_rules || r >= ak_json_rules + AK_JSON_R_COUNT)\n        return r;\n");
        gen_out(c, "    switch (r - ak_json_rules) {\n");
        for (size_t k = 0; k < sizeof members / sizeof members[0]; k++)
            if (f->json_codes[members[k].cat])
                gen_out(c, "    case %s: return &%s_rules[%d];\n", members[k].rule, id,
                        rule_index(cc, f->json_codes[members[k].cat]));
        if (f->json_codes[JR_SYNTAX])
            gen_out(c, "    default: return &%s_rules[%d];\n    }\n}\n", id, rule_index(cc, f->json_codes[JR_SYNTAX]));
        else
            gen_out(c, "    default: return r;\n    }\n}\n");
    }
    emit_validate(em, c, renames);
    gen_registry_open(c, f, true);
    text_never(cc, f, c);
    /* AK_NO_SCHEMA_TEXT: a build that serves no schema (WebAssembly) leaves the texts out */
    gen_out(c, "    .validate = %s_validate,\n#ifndef AK_NO_SCHEMA_TEXT\n    .json_schema = %s_json_schema,\n", id, id);
    if (cc_json_has_dump(cc))
        gen_out(c, "    .dump_schema = %s_dump_schema,\n", id);
    gen_out(c, "#endif\n");
    static const char *const fields[] = {"sniff", "dump", "reemit", "to_model", "from_model"};
    for (size_t i = 0; i < sizeof fields / sizeof fields[0]; i++)
        if (cc_has_hook(f, fields[i]) || (f->model && i >= 3) /* a model section makes to_model, from_model */
            || (i == 1 && cc_json_has_dump(cc)))
            gen_out(c, "    .%s = %s_%s,\n", fields[i], id, fields[i]);
    if (cc_json_has_dump_to(cc))
        gen_out(c, "    .dump_to = %s_dump_to,\n", id);
    /* `json dump canonical` without a reemit hook: the dump is the
       re-emission too, whole and streamed */
    if (cc_model_json_dump_to(cc) && !cc_has_hook(f, "reemit"))
        gen_out(c, "    .reemit = %s_dump,\n    .reemit_to = %s_dump_to,\n", id, id);
    else if (cc_has_hook(f, "reemit_to"))
        gen_out(c, "    .reemit_to = %s_reemit_to,\n", id);
    if (cc_model_json_headers(em->cc))
        gen_out(c, "    .to_model_headers = %s_to_model_headers,\n", id);
    if (cc_model_json_writes_to(em->cc))
        gen_out(c, "    .from_model_to = %s_from_model_to,\n", id);
    if (f->size_code)
        gen_out(c, "    .max_size = %lldULL,\n    .max_size_rule = &%s_rules[%d],\n", (long long)f->size_limit, id,
                rule_index(cc, f->size_code));
    gen_registry_close(c, f);
}


/* A migration place (ak_jmig_place): the JSON Pointer of the segments but
   the last, and the last. */
static void gen_place(FILE *c, const jpath *p)
{
    if (!p) {
        gen_out(c, "{false, NULL, NULL}");
        return;
    }
    gen_out(c, "{%s, \"", p->absolute ? "true" : "false");
    for (size_t i = 0; i + 1 < p->segs.n; i++)
        gen_out(c, "/%s", ((token *)p->segs.items[i])->text);
    gen_out(c, "\", ");
    gen_c_string(c, ((token *)p->segs.items[p->segs.n - 1])->text, false);
    gen_out(c, "}");
}

/* The migration steps (ak_jmig_step): their tables, then `<id>_steps`. */
static void step_tables(jem *em, FILE *c)
{
    compiler *cc = em->cc;
    format_decl *f = em->f;
    static const char *const ops[] = {"AK_JM_ADD", "AK_JM_COPY", "AK_JM_MOVE", "AK_JM_RETYPE", "AK_JM_MAP",
                                      "AK_JM_DROP", "AK_JM_WARN", "AK_JM_WRAP", "AK_JM_HOOK"};
    for (size_t i = 0; i < f->steps.n; i++) {
        jstep *st = f->steps.items[i];
        for (size_t k = 0; k < st->statements.n; k++) {
            jstatement *sm = st->statements.items[k];
            gen_out(c, "static const int16_t %s_step%zu_objects%zu[] = {", f->id, i, k);
            for (size_t n = 0; n < sm->objects.n; n++)
                gen_out(c, "%s%d", n ? ", " : "", jobject_index(f, ((token *)sm->objects.items[n])->text));
            gen_out(c, "};\n");
            for (size_t a = 0; a < sm->actions.n; a++) {
                jaction *x = sm->actions.items[a];
                if (!x->pairs.n)
                    continue;
                gen_out(c, "static const ak_jmig_pair %s_step%zu_pairs%zu_%zu[] = {", f->id, i, k, a);
                for (size_t n = 0; n < x->pairs.n; n += 2) {
                    gen_out(c, "%s{", n ? ", " : "");
                    gen_c_string(c, x->pairs.items[n] ? jlit_json(cc, x->pairs.items[n]) : NULL, false);
                    gen_out(c, ", ");
                    gen_c_string(c, jlit_json(cc, x->pairs.items[n + 1]), false);
                    gen_out(c, "}");
                }
                gen_out(c, "};\n");
            }
            gen_out(c, "static const ak_jmig_action %s_step%zu_actions%zu[] = {\n", f->id, i, k);
            for (size_t a = 0; a < sm->actions.n; a++) {
                jaction *x = sm->actions.items[a];
                gen_out(c, "    {%s, ", ops[x->op]);
                gen_place(c, x->path);
                gen_out(c, ", ");
                gen_place(c, x->to);
                gen_out(c, ", %d, ",
                        x->op == JM_RETYPE || x->op == JM_WRAP || (x->op == JM_ADD && !x->value) ? x->object : -1);
                gen_c_string(c, x->value ? jlit_json(cc, x->value) : NULL, false);
                gen_out(c, ", ");
                gen_c_string(c, x->text, false);
                if (x->pairs.n)
                    gen_out(c, ", %s_step%zu_pairs%zu_%zu, %zu", f->id, i, k, a, x->pairs.n / 2);
                else
                    gen_out(c, ", NULL, 0");
                if (x->op == JM_HOOK)
                    gen_out(c, ", %s_step_%s},\n", f->id, x->type->text);
                else
                    gen_out(c, ", NULL},\n");
            }
            gen_out(c, "};\n");
        }
        gen_out(c, "static const ak_jmig_statement %s_step%zu[] = {\n", f->id, i);
        for (size_t k = 0; k < st->statements.n; k++) {
            jstatement *sm = st->statements.items[k];
            gen_out(c, "    {%s_step%zu_objects%zu, %zu, %s_step%zu_actions%zu, %zu},\n", f->id, i, k, sm->objects.n,
                    f->id, i, k, sm->actions.n);
        }
        gen_out(c, "};\n");
    }
    if (!f->steps.n)
        return;
    gen_out(c, "static const ak_jmig_step %s_steps[] = {\n", f->id);
    for (size_t i = 0; i < f->steps.n; i++) {
        jstep *st = f->steps.items[i];
        gen_out(c, "    {%lld, %s, %d, %s_step%zu, %zu},\n", (long long)st->version, st->down ? "true" : "false",
                st->code ? rule_index(cc, st->code) : -1, f->id, i, st->statements.n);
    }
    gen_out(c, "};\n");
}

bool cc_emit_json(compiler *cc, FILE *h, FILE *c, const char *outdir)
{
    format_decl *f = cc->format;
    const char *id = f->id;
    jem *em = cc->json;
    if (!em || cc->errors)
        return false;
    header(em, h);
    gen_out(c, "\n#include \"ak_jschema.h\"\n\n");
    type_tables(em, c);
    object_table(em, c);
    line_to_self(cc, c);
    step_tables(em, c);
    const char *names[JPLACE_SCOPES + 1];
    size_t nnames = jplace_scopes(em, names);
    if (f->exists.n)
        gen_out(c, "static const int16_t %s_exists[] = {", id);
    for (size_t i = 0; i < f->exists.n; i++)
        gen_out(c, "%s%d%s", i ? ", " : "", jobject_index(f, ((token *)f->exists.items[i])->text),
                i + 1 == f->exists.n ? "};\n" : "");
    /* the scopes (-1 only: none, but references that say where they point) */
    bool places = nnames > 0;
    for (size_t i = 0; i < f->objects.n; i++)
        for (size_t k = 0; k < em->obj[i].flat.n; k++) {
            jmember *m = em->obj[i].flat.items[k];
            places |= jmember_cons(m, C_SIBLING) || jmember_cons(m, C_DISTINCT) || jmember_cons(m, C_ACYCLIC);
        }
    if (places)
        gen_out(c, "static const int16_t %s_scopes[] = {%s", id, nnames ? "" : "-1};\n");
    for (size_t i = 0; i < nnames; i++)
        gen_out(c, "%s%d%s", i ? ", " : "", jobject_index(f, names[i]), i + 1 == nnames ? "};\n" : "");
    /* AK_NO_LANES: a build that must be small (WebAssembly) leaves the lanes out; the automaton's
       general path gives the same report */
    gen_out(c, "const ak_jschema %s_schema = {%s_rules, %s_types, %s_objects, %d, %d, {%d, %d, %d, %d, %d},\n"
               "#ifdef AK_NO_LANES\n    NULL,\n#else\n    %s_lane,\n#endif\n    ",
            id, id, id, id, em->root_type, rule_index(cc, f->root_code), rule_index(cc, f->values_codes[0]),
            rule_index(cc, f->values_codes[1]), rule_index(cc, f->values_codes[2]),
            rule_index(cc, f->values_codes[3]), rule_index(cc, f->values_codes[4]), id);
    gen_c_string(c, f->version_pointer, false);
    gen_out(c, ", %zu, %lld, %d, ", f->objects.n, (long long)f->gate_since,
            f->gate_code ? rule_index(cc, f->gate_code) : -1);
    gen_c_string(c, f->gate_note, false);
    gen_out(c, ", ");
    if (places)
        gen_out(c, "%s_scopes, %zu, ", id, nnames);
    else
        gen_out(c, "NULL, 0, ");
    if (f->exists.n)
        gen_out(c, "%s_exists, %zu, %lld, %d, ", id, f->exists.n, (long long)f->exists_since,
                rule_index(cc, f->exists_code));
    else
        gen_out(c, "NULL, 0, 0, -1, ");
    if (f->steps.n)
        gen_out(c, "%s_steps, %zu, ", id, f->steps.n);
    else
        gen_out(c, "NULL, 0, ");
    gen_out(c, "%lluu, %d, %d, %s};\n", (unsigned long long)f->value_cap,
            f->value_cap_code ? rule_index(cc, f->value_cap_code) : -1,
            f->finite_code ? rule_index(cc, f->finite_code) : -1, f->version_fractional ? "true" : "false");
    entry_point(em, c);
    registry_entry(em, c);
    cc_emit_model_json(cc, c); /* the model section (emit_model_json.c) */
    if (outdir && !write_lanes(em, outdir))
        return false;
    /* the JSON Schema (emit_jsonschema.c) */
    bool ok = cc_emit_json_schema(em, c, outdir);
    return ok && cc->errors == 0;
}
