/* animgen: to_model and from_model of a JSON schema, from the JSON half of
 * its model section as check_model_json.c resolved it: tables for
 * gen/rt/ak_model_json.c (which reads and writes documents along them),
 * the typed key structs of the keys hooks and the glue that calls them. */
#include "emit_common.h"
#include "model_json.h"

#include "model.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

static const char *const act_names[] = {
    "AK_MJ_NONE", "AK_MJ_OBJECT", "AK_MJ_NAME", "AK_MJ_START", "AK_MJ_END", "AK_MJ_TRACKS", "AK_MJ_KIND",
    "AK_MJ_TYPE", "AK_MJ_BODY", "AK_MJ_NODE", "AK_MJ_PROPERTY", "AK_MJ_INTERVAL", "AK_MJ_VALUES", "AK_MJ_KEYS",
    "AK_MJ_TIME", "AK_MJ_VALUE", "AK_MJ_INTERP", "AK_MJ_IN", "AK_MJ_OUT"};
static const char *const shape_names[] = {"AK_MJV_NUMBER", "AK_MJV_MEMBERS", "AK_MJV_COLOR"};

static const char *oname(compiler *cc, int oi) { return ((jobject *)cc->format->objects.items[oi])->name; }

/* A member name as a C identifier. */
static void ident(FILE *fp, const char *s)
{
    for (; *s; s++)
        fputc(isalnum((unsigned char)*s) ? *s : '_', fp);
}

static jt *ty(compiler *cc, int t) { return t >= 0 && (size_t)t < cc->json->types.n ? cc->json->types.items[t] : NULL; }
static int mtype(compiler *cc, int oi, int mi) { return (int)(intptr_t)cc->json->obj[oi].types.items[mi]; }

/* A member's type without `| null`. */
static jt *plain(compiler *cc, int t)
{
    jt *y = ty(cc, t);
    if (y && !strcmp(y->kind, "UNION"))
        for (size_t i = 0; i < y->alts.n; i++) {
            jt *a = ty(cc, (int)(intptr_t)y->alts.items[i]);
            if (a && strcmp(a->kind, "NULL"))
                return a;
        }
    return y;
}

static bool numeric(jt *y)
{
    return y && (!strcmp(y->kind, "NUMBER") || !strcmp(y->kind, "INTEGER") || !strcmp(y->kind, "F32") ||
                 !strcmp(y->kind, "F64"));
}

/* An object all of whose members are numbers (a handle, a point). */
static bool number_object(compiler *cc, jt *y)
{
    if (!y || strcmp(y->kind, "OBJECT"))
        return false;
    vec *v = &cc->json->obj[y->object].flat;
    for (size_t i = 0; i < v->n; i++)
        if (!numeric(plain(cc, mtype(cc, y->object, (int)i))))
            return false;
    return v->n > 0;
}

/* The members of a hook's key struct: what the base object has of numbers
   and objects of numbers, but its time and value (the runtime's). */
typedef enum { K_SKIP, K_NUMBER, K_OBJECT } kmember;
static kmember key_member(compiler *cc, mj_hook *h, int i)
{
    jmember *m = cc->json->obj[h->base].flat.items[i];
    if (!strcmp(m->name, h->time) || !strcmp(m->name, h->value))
        return K_SKIP;
    jt *y = plain(cc, mtype(cc, h->base, i));
    return numeric(y) ? K_NUMBER : number_object(cc, y) ? K_OBJECT : K_SKIP;
}

void cc_emit_model_json_header(compiler *cc, FILE *h)
{
    format_decl *f = cc->format;
    model_decl *md = f->model;
    mjx *x = md ? md->json : NULL;
    const char *id = f->id;
    if (!x)
        return;
    gen_out(h, "\n/* The common model (the model section): its typed hooks, the maths the declaration cannot say "
               "(formats/%s/). */\n#include \"ak_model_json.h\"\n", id);
    /* the typed keys of the hooks: objects of numbers first */
    bool *done = cc_alloc(cc, f->objects.n + 1);
    for (size_t k = 0; k < x->hooks.n; k++) {
        mj_hook *hk = x->hooks.items[k];
        vec *flat = &cc->json->obj[hk->base].flat;
        for (size_t i = 0; i < flat->n; i++) {
            jt *y = plain(cc, mtype(cc, hk->base, (int)i));
            if (key_member(cc, hk, (int)i) != K_OBJECT || done[y->object])
                continue;
            done[y->object] = true;
            gen_out(h, "typedef struct %s_%s {\n", id, oname(cc, y->object));
            vec *v = &cc->json->obj[y->object].flat;
            for (size_t m = 0; m < v->n; m++) {
                gen_out(h, "    double ");
                ident(h, ((jmember *)v->items[m])->name);
                gen_out(h, ";\n");
            }
            gen_out(h, "} %s_%s;\n", id, oname(cc, y->object));
        }
        if (done[hk->base])
            continue;
        done[hk->base] = true;
        gen_out(h, "/* a key of the tracks `by %s`: its time in seconds, the component's value */\n", hk->name->text);
        gen_out(h, "typedef struct %s_%s {\n    double time;\n    double value;\n", id, oname(cc, hk->base));
        for (size_t i = 0; i < flat->n; i++) {
            jmember *m = flat->items[i];
            kmember km = key_member(cc, hk, (int)i);
            if (km == K_SKIP)
                continue;
            if (km == K_NUMBER)
                gen_out(h, "    double ");
            else
                gen_out(h, "    %s_%s ", id, oname(cc, plain(cc, mtype(cc, hk->base, (int)i))->object));
            ident(h, m->name);
            gen_out(h, ";\n");
            if (m->optional) {
                gen_out(h, "    bool has_");
                ident(h, m->name);
                gen_out(h, ";\n");
            }
        }
        gen_out(h, "} %s_%s;\n", id, oname(cc, hk->base));
    }
    for (size_t k = 0; k < x->hooks.n; k++) {
        mj_hook *hk = x->hooks.items[k];
        const char *K = oname(cc, hk->base);
        gen_out(h, "/* keys[0..n) of one component in time order; key i of the model, and back (false: approximated) "
                   "*/\n");
        gen_out(h, "void %s_model_%s(const %s_%s *keys, size_t n, size_t i, ak_key *out);\n", id, hk->name->text, id, K);
        gen_out(h, "bool %s_model_%s_back(const ak_key *keys, size_t n, size_t i, %s_%s *out);\n", id, hk->name->text,
                id, K);
    }
    if (md->anim_hook) {
        gen_out(h, "bool %s_model_%s(ak_model_builder *b, const struct ak_jnode *root, const ak_options *opt);\n", id,
                md->anim_hook->text);
        gen_out(h, "/* finishes the new document t and writes it into out; where sink is not NULL, the text goes\n"
                   "   to sink as out fills (what is left in out is the caller's to hand on) */\n");
        gen_out(h, "bool %s_model_%s_back(ak_model_writer *w, struct ak_jtree *t, ak_buf *out, ak_sink *sink);\n", id,
                md->anim_hook->text);
    }
    gen_out(h, "bool %s_to_model(const ak_input *in, const ak_options *opt, ak_diags *d, struct ak_arena *arena,\n"
               "                  struct ak_animation **out);\n", id);
    gen_out(h, "/* The tracks without their keys (ak_format.to_model_headers). */\n"
                   "bool %s_to_model_headers(const ak_input *in, const ak_options *opt, ak_diags *d, struct ak_arena *arena,\n"
                   "                          struct ak_animation **out);\n", id);
    gen_out(h, "bool %s_from_model(const struct ak_animation *anim, const ak_options *opt, ak_diags *d, ak_buf *out);\n",
            id);
    if (cc_model_json_writes_to(cc))
        gen_out(h, "/* The same into a sink as it is written (ak_format.from_model_to). */\n"
                   "bool %s_from_model_to(const struct ak_animation *anim, const ak_options *opt, ak_diags *d, "
                   "ak_sink *out);\n", id);
}

bool cc_model_json_writes_to(compiler *cc)
{
    model_decl *md = cc->format->model;
    const mjx *x = md ? md->json : NULL;
    /* a tree's text comes from its document hook (ak_mj_tree_write_to): a
       tree without one writes none */
    return x && (x->list || md->anim_hook);
}

bool cc_model_json_headers(compiler *cc)
{
    model_decl *md = cc->format->model;
    return md && md->json; /* a list of tracks and animated properties in a tree alike */
}

bool cc_model_json_dump_to(compiler *cc)
{
    model_decl *md = cc->format->model;
    const mjx *x = md ? md->json : NULL;
    return x && x->list && x->dump_canonical;
}

bool cc_json_has_dump_to(compiler *cc) { return cc_has_hook(cc->format, "dump_to") || cc_model_json_dump_to(cc); }

bool cc_json_has_dump(compiler *cc) { return cc_has_hook(cc->format, "dump") || cc_model_json_dump_to(cc); }

static void emit_names(compiler *cc, FILE *c)
{
    model_decl *md = cc->format->model;
    gen_out(c, "\n/* The canonical targets of the format's own names (docs/model.md). */\n");
    gen_out(c, "static const ak_target_name mj_names[] = {\n");
    for (size_t i = 0; i < md->names.n; i++) {
        mname *n = md->names.items[i];
        int comp = -1;
        if (n->component) {
            const char *p = strchr("xyzw", n->component->text[0]);
            comp = p ? (int)(p - "xyzw") : (int)(strchr("rgba", n->component->text[0]) - "rgba");
        }
        gen_out(c, "    {");
        gen_c_string(c, n->native->text, false);
        gen_out(c, ", \"%s\", %d, %d},\n", n->property->text, comp, n->quaternion);
    }
    gen_out(c, "    {\"\", \"\", -1, -1}\n};\n");
}

static void emit_map(FILE *c, const char *name, vec *names, vec *words)
{
    gen_out(c, "static const char *const mj_%s_names[] = {", name);
    for (size_t i = 0; i < names->n; i++) {
        gen_c_string(c, names->items[i], false);
        gen_out(c, ", ");
    }
    gen_out(c, "NULL};\nstatic const int8_t mj_%s_words[] = {", name);
    for (size_t i = 0; i < words->n; i++)
        gen_out(c, "%d, ", (int)(intptr_t)words->items[i]);
    gen_out(c, "0};\n");
}

static int by_index(const void *a, const void *b)
{
    const mj_member *x = *(mj_member *const *)a, *y = *(mj_member *const *)b;
    return (x->index > y->index) - (x->index < y->index);
}

/* A member name's length where the writer may copy it as it is
   (ak_json_key_plain: ASCII from the space up, no quote, no backslash) and
   it has 1 to 255 bytes; else 0, and the writer escapes it. */
static size_t plain_length(const char *name)
{
    size_t n = strlen(name);
    for (size_t i = 0; i < n; i++) {
        unsigned char b = (unsigned char)name[i];
        if (b < 0x20 || b > 0x7e || b == '"' || b == '\\')
            return 0;
    }
    return n <= 255 ? n : 0;
}

static void emit_list(compiler *cc, FILE *c, mjx *x)
{
    format_decl *f = cc->format;
    model_decl *md = f->model;
    const char *id = f->id;
    emit_map(c, "kind", &x->kind_names, &x->kind_words);
    emit_map(c, "interp", &x->interp_names, &x->interp_words);
    for (size_t s = 0; s < x->states.n; s++) {
        mj_state *S = x->states.items[s];
        qsort(S->members.items, S->members.n, sizeof(void *), by_index); /* the schema's order */
        gen_out(c, "static const ak_mj_member mj_state%zu[] = { /* %s */\n", s, oname(cc, S->object));
        for (size_t i = 0; i < S->members.n; i++) {
            mj_member *m = S->members.items[i];
            gen_out(c, "    {");
            gen_c_string(c, m->name, false);
            gen_out(c, ", %zu, %s, %s, %s, %d, %d},\n", plain_length(m->name), act_names[m->act],
                    m->tag ? "true" : "false", m->f32 ? "true" : "false", m->word, m->state);
        }
        gen_out(c, "    {NULL, 0, AK_MJ_NONE, false, false, 0, -1}\n};\n");
    }
    gen_out(c, "static const ak_mj_state mj_states[] = {");
    for (size_t s = 0; s < x->states.n; s++)
        gen_out(c, "{mj_state%zu, %zu}, ", s, ((mj_state *)x->states.items[s])->members.n);
    gen_out(c, "};\nstatic const int16_t mj_arms[] = {");
    for (size_t i = 0; i < x->arms.n; i++)
        gen_out(c, "%d, ", (int)(intptr_t)x->arms.items[i]);
    gen_out(c, "-1};\n");
    gen_out(c, "static const ak_mj_list mj_list = {\n    \"%s\", mj_states, %d, mj_arms,\n", id, x->root);
    gen_out(c, "    {mj_kind_names, mj_kind_words, %zu, %d},\n", x->kind_names.n, x->kind_rest);
    gen_out(c, "    {mj_interp_names, mj_interp_words, %zu, %d},\n", x->interp_names.n, x->interp_rest);
    gen_out(c, "    mj_names, %zu, 0x%llxull, %s, %.17g,\n", md->names.n, (unsigned long long)x->excepts,
            x->has_time_min ? "true" : "false", x->has_time_min ? x->time_min : 0.0);
    /* a member given twice is an error at both levels: a document read
       (validated first) has none (ak_mj_list.unique_names) */
    const char *dup = f->json_codes[JR_DUPLICATE];
    rule_decl *dup_rule = dup ? find_rule(cc, dup) : NULL;
    bool unique_names = dup_rule && dup_rule->compat == 2 && dup_rule->strict == 2;
    gen_out(c, "    %u, AK_JSON_NUMBERS_%s, %s, &%s_rules[%d], &%s_rules[%d], %s_validate};\n", x->indent, x->numbers,
            unique_names ? "true" : "false", id, md->loss_rule ? md->loss_rule->index : 0, id,
            md->refused_rule ? md->refused_rule->index : 0, id);
    gen_out(c, "\nbool %s_to_model(const ak_input *in, const ak_options *opt, ak_diags *d, struct ak_arena *arena,\n"
               "                  struct ak_animation **out)\n{\n    return ak_mj_list_read(&mj_list, in, opt, d, arena, "
               "out);\n}\n", id);
    gen_out(c, "\nbool %s_to_model_headers(const ak_input *in, const ak_options *opt, ak_diags *d, struct ak_arena *arena,\n"
               "                          struct ak_animation **out)\n{\n"
               "    return ak_mj_list_read_headers(&mj_list, in, opt, d, arena, out);\n}\n", id);
    gen_out(c, "\nbool %s_from_model(const struct ak_animation *anim, const ak_options *opt, ak_diags *d, ak_buf *out)\n"
               "{\n    return ak_mj_list_write(&mj_list, anim, opt, d, out);\n}\n", id);
    gen_out(c, "\nbool %s_from_model_to(const struct ak_animation *anim, const ak_options *opt, ak_diags *d, ak_sink *out)\n"
               "{\n    return ak_mj_list_write_to(&mj_list, anim, opt, d, out);\n}\n", id);
    if (x->dump_canonical) { /* the canonical file, whole (the library's ak_format.dump) and streamed */
        gen_out(c, "\nbool %s_dump(const ak_input *in, const ak_options *opt, ak_diags *d, ak_buf *out)\n"
                   "{\n    return ak_mj_list_rewrite(&mj_list, in, opt, d, out);\n}\n", id);
        gen_out(c, "\nbool %s_dump_to(const ak_input *in, const ak_options *opt, ak_diags *d, ak_sink *out)\n"
                   "{\n    return ak_mj_list_dump_to(&mj_list, in, opt, d, out);\n}\n", id);
    }
}

/* The glue of a keys hook: its typed key from a keyframe and back. */
static void emit_hook_glue(compiler *cc, FILE *c, mj_hook *hk)
{
    const char *id = cc->format->id, *K = oname(cc, hk->base), *H = hk->name->text;
    vec *flat = &cc->json->obj[hk->base].flat;
    gen_out(c, "\nstatic void mj_fill_%s(const ak_jnode *kf, double time, double value, void *key)\n{\n", H);
    gen_out(c, "    %s_%s *k = key;\n    memset(k, 0, sizeof *k);\n    k->time = time;\n    k->value = value;\n", id, K);
    for (size_t i = 0; i < flat->n; i++) {
        jmember *m = flat->items[i];
        kmember km = key_member(cc, hk, (int)i);
        if (km == K_SKIP)
            continue;
        gen_out(c, "    {\n        const ak_jnode *v = ak_jnode_get(kf, ");
        gen_c_string(c, m->name, false);
        gen_out(c, ");\n        if (v && v->kind == %s) {\n", km == K_NUMBER ? "AK_JNUM" : "AK_JOBJ");
        if (m->optional) {
            gen_out(c, "            k->has_");
            ident(c, m->name);
            gen_out(c, " = true;\n");
        }
        if (km == K_NUMBER) {
            gen_out(c, "            k->");
            ident(c, m->name);
            gen_out(c, " = v->num;\n");
        } else {
            jt *y = plain(cc, mtype(cc, hk->base, (int)i));
            vec *v = &cc->json->obj[y->object].flat;
            for (size_t q = 0; q < v->n; q++) {
                const char *n = ((jmember *)v->items[q])->name;
                gen_out(c, "            k->");
                ident(c, m->name);
                gen_out(c, ".");
                ident(c, n);
                gen_out(c, " = ak_jnode_number(v, ");
                gen_c_string(c, n, false);
                gen_out(c, ", 0);\n");
            }
        }
        gen_out(c, "        }\n    }\n");
    }
    gen_out(c, "}\n");
    gen_out(c, "\nstatic void mj_read_%s(const void *keys, size_t n, size_t i, ak_key *out)\n{\n"
               "    %s_model_%s((const %s_%s *)keys, n, i, out);\n}\n", H, id, H, id, K);
    gen_out(c, "\nstatic bool mj_back_%s(const ak_key *keys, size_t n, size_t i, void *key)\n{\n"
               "    return %s_model_%s_back(keys, n, i, (%s_%s *)key);\n}\n", H, id, H, id, K);
    gen_out(c, "\nstatic void mj_put_%s(ak_jtree *t, ak_jnode *kf, const void *key)\n{\n    const %s_%s *k = key;\n", H,
            id, K);
    for (size_t i = 0; i < flat->n; i++) {
        jmember *m = flat->items[i];
        kmember km = key_member(cc, hk, (int)i);
        if (km == K_SKIP)
            continue;
        gen_out(c, "    ");
        if (m->optional) {
            gen_out(c, "if (k->has_");
            ident(c, m->name);
            gen_out(c, ") ");
        }
        gen_out(c, "{\n");
        if (km == K_NUMBER) {
            gen_out(c, "        ak_jnode *v = ak_jnode_num(t, k->");
            ident(c, m->name);
            gen_out(c, ");\n");
        } else {
            gen_out(c, "        ak_jnode *v = ak_jnode_new(t, AK_JOBJ);\n");
            jt *y = plain(cc, mtype(cc, hk->base, (int)i));
            vec *v = &cc->json->obj[y->object].flat;
            for (size_t q = 0; q < v->n; q++) {
                const char *n = ((jmember *)v->items[q])->name;
                gen_out(c, "        ak_jnode_set(t, v, ");
                gen_c_string(c, n, false);
                gen_out(c, ", ak_jnode_num(t, k->");
                ident(c, m->name);
                gen_out(c, ".");
                ident(c, n);
                gen_out(c, "));\n");
            }
        }
        gen_out(c, "        ak_jnode_set(t, kf, ");
        gen_c_string(c, m->name, false);
        gen_out(c, ", v);\n    }\n");
    }
    gen_out(c, "    (void)t, (void)kf, (void)k;\n}\n");
    gen_out(c, "\nstatic const ak_mj_hook mj_hook_%s = {sizeof(%s_%s), mj_fill_%s, mj_read_%s, mj_back_%s, mj_put_%s, "
               "%uu};\n", H, id, K, H, H, H, H, hk->parts);
}

static void emit_tree(compiler *cc, FILE *c, mjx *x)
{
    format_decl *f = cc->format;
    model_decl *md = f->model;
    const char *id = f->id;
    for (size_t k = 0; k < x->hooks.n; k++)
        emit_hook_glue(cc, c, x->hooks.items[k]);
    for (size_t i = 0; i < x->tracks.n; i++) {
        mj_track *t = x->tracks.items[i];
        if (t->components.n) {
            gen_out(c, "static const char *const mj_components%zu[] = {", i);
            for (size_t k = 0; k < t->components.n; k++) {
                gen_c_string(c, t->components.items[k], false);
                gen_out(c, ", ");
            }
            gen_out(c, "NULL};\n");
        }
    }
    gen_out(c, "static const ak_mj_track mj_tracks[] = {\n");
    for (size_t i = 0; i < x->tracks.n; i++) {
        mj_track *t = x->tracks.items[i];
        char vt[32];
        const char *vn = ak_value_type_info_of((ak_value_type)t->decl->vt)->name;
        size_t k = 0;
        for (; vn[k] && k + 1 < sizeof vt; k++)
            vt[k] = (char)toupper((unsigned char)vn[k]);
        vt[k] = 0;
        static const char *const kinds[] = {"AK_TRACK_RAW", "AK_TRACK_DISCRETE", "AK_TRACK_CURVE"};
        gen_out(c, "    {%d /* %s */, \"%s\", \"%s\", \"%s\", %s, ", t->object, oname(cc, t->object), t->keys, t->time,
                t->value, shape_names[t->shape]);
        if (t->components.n)
            gen_out(c, "mj_components%zu, %zu, ", i, t->components.n);
        else
            gen_out(c, "NULL, %d, ", t->shape == 2 ? 4 : 1);
        gen_out(c, "AK_VT_%s, %s, AK_INTERP_LINEAR, ", vt, kinds[t->decl->kind_value < 0 ? 2 : t->decl->kind_value]);
        if (t->hook)
            gen_out(c, "&mj_hook_%s},\n", t->hook->name->text);
        else
            gen_out(c, "NULL},\n");
    }
    gen_out(c, "};\nstatic const int16_t mj_lost[] = {");
    for (size_t i = 0; i < x->lost.n; i++)
        gen_out(c, "%d, ", (int)(intptr_t)x->lost.items[i]);
    gen_out(c, "-1};\nstatic const int16_t mj_objects[] = {");
    for (size_t i = 0; i < x->objects.n; i++)
        gen_out(c, "%d /* %s */, ", (int)(intptr_t)x->objects.items[i], oname(cc, (int)(intptr_t)x->objects.items[i]));
    gen_out(c, "-1};\nstatic const char *const mj_mains[] = {");
    for (size_t i = 0; i < md->mains.n; i++) {
        gen_c_string(c, ((token *)md->mains.items[i])->text, false);
        gen_out(c, ", ");
    }
    gen_out(c, "NULL};\n");
    if (md->anim_hook) {
        gen_out(c, "\nstatic bool mj_doc(ak_model_builder *b, const ak_jnode *root, const ak_options *opt)\n{\n"
                   "    return %s_model_%s(b, root, opt);\n}\n", id, md->anim_hook->text);
        gen_out(c, "\nstatic bool mj_doc_back(ak_model_writer *w, ak_jtree *t, ak_buf *out, ak_sink *sink)\n{\n"
                   "    return %s_model_%s_back(w, t, out, sink);\n}\n", id, md->anim_hook->text);
    }
    gen_out(c, "\nstatic const ak_mj_tree mj_tree = {\n    \"%s\", &%s_schema, mj_tracks, %zu, mj_mains, %zu,\n", id, id,
            x->tracks.n, md->mains.n);
    const char *strs[] = {x->name, x->start, x->end, x->range_fps, md->node_name ? md->node_name->text : NULL};
    gen_out(c, "    ");
    for (size_t i = 0; i < sizeof strs / sizeof strs[0]; i++) {
        gen_c_string(c, strs[i], false);
        gen_out(c, ", ");
    }
    gen_out(c, "%d, ", x->node_object);
    gen_c_string(c, md->node_array ? md->node_array->text : NULL, false);
    gen_out(c, ",\n    ");
    gen_c_string(c, x->fps, false);
    gen_out(c, ", %.17g, %d, mj_names, %zu, %s, %s,\n", x->fps_default, x->version, md->names.n,
            md->anim_hook ? "mj_doc" : "NULL", md->anim_hook ? "mj_doc_back" : "NULL");
    gen_out(c, "    &%s_rules[%d], &%s_rules[%d], %s_validate, mj_lost, %zu, ", id,
            md->loss_rule ? md->loss_rule->index : 0, id, md->refused_rule ? md->refused_rule->index : 0, id, x->lost.n);
    gen_c_string(c, md->lost_what ? md->lost_what->text : NULL, false);
    gen_out(c, ",\n    mj_objects, %zu, ", x->objects.n);
    gen_c_string(c, x->object_array, false);
    gen_out(c, "};\n");
    gen_out(c, "\nbool %s_to_model(const ak_input *in, const ak_options *opt, ak_diags *d, struct ak_arena *arena,\n"
               "                  struct ak_animation **out)\n{\n    return ak_mj_tree_read(&mj_tree, in, opt, d, arena, "
               "out);\n}\n", id);
    gen_out(c, "\nbool %s_to_model_headers(const ak_input *in, const ak_options *opt, ak_diags *d, struct ak_arena *arena,\n"
               "                          struct ak_animation **out)\n{\n"
               "    return ak_mj_tree_read_headers(&mj_tree, in, opt, d, arena, out);\n}\n", id);
    gen_out(c, "\nbool %s_from_model(const struct ak_animation *anim, const ak_options *opt, ak_diags *d, ak_buf *out)\n"
               "{\n    return ak_mj_tree_write(&mj_tree, anim, opt, d, out);\n}\n", id);
    if (cc_model_json_writes_to(cc))
        gen_out(c, "\nbool %s_from_model_to(const struct ak_animation *anim, const ak_options *opt, ak_diags *d, "
                   "ak_sink *out)\n{\n    return ak_mj_tree_write_to(&mj_tree, anim, opt, d, out);\n}\n", id);
}

void cc_emit_model_json(compiler *cc, FILE *c)
{
    model_decl *md = cc->format->model;
    mjx *x = md ? md->json : NULL;
    if (!x)
        return;
    gen_out(c, "\n/* ==== the common model (the model section) ==== */\n#include \"ak_model_json.h\"\n"
               "#include <string.h>\n");
    emit_names(cc, c);
    if (x->list)
        emit_list(cc, c, x);
    else
        emit_tree(cc, c, x);
}
