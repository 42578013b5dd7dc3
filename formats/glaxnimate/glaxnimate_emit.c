/* Glaxnimate: the canonical writer (spec 3.3, 9.1) and the upgrade between
 * format versions (spec 9.2).
 *
 * A validated document is read into a tree (gen/rt/ak_jtree.h), changed by
 * the upgrade steps from its version to the one asked for, completed from
 * the schema (ak_jcomplete: every property of the type and version with its
 * declared default, canonical uuids and colours) and written through the
 * JSON writer in Qt's indented layout: members sorted with "__type__"
 * first, empty containers on two lines, numbers as Qt writes doubles. Same
 * version, nothing changes: a file Glaxnimate wrote comes out byte for byte
 * (spec 9.1.10). */
#include "ak_jmigrate.h"
#include "ak_jcomplete.h"
#include "budget.h"
#include "release.h"
#include "sink.h"
#include "glaxnimate_doc.h"

#include "format_options.h"
#include "json_writer.h"

#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void glax_conv_init(glax_conv *c, ak_diags *d)
{
    memset(c, 0, sizeof *c);
    /* charged to the command's memory budget where there is one */
    ak_jtree_init(&c->t, NULL, ak_diags_budget(d), "the Glaxnimate document");
    c->d = d;
}

void glax_conv_free(glax_conv *c) { ak_jtree_free(&c->t); }

/* {"value": value}: an unanimated property */
static ak_jnode *glax_static(ak_jtree *t, ak_jnode *value)
{
    ak_jnode *o = ak_jnode_new(t, AK_JOBJ);
    ak_jnode_set(t, o, "value", value);
    return o;
}

/* The seed of the fresh uuids: the input's bytes (FNV-1a), its pages let go
   as they are hashed; only where a uuid is missing (a file Glaxnimate wrote
   has every one: its 100 MB took a fifth of the dump's time to hash). */
static uint64_t seed_of(const ak_input *in)
{
    ak_release r;
    ak_release_init(&r, in, false);
    uint64_t seed = 0;
    for (size_t i = 0; i < in->size; i++) {
        seed = (seed ^ in->data[i]) * 0x100000001b3u;
        if ((i & 0xfffff) == 0)
            ak_release_at(&r, i);
    }
    ak_release_done(&r);
    return seed;
}

/* A fresh version 4 UUID (spec 9.1.4), derived from the input so that the
 * output is reproducible. */
static ak_jnode *glax_uuid(glax_conv *c)
{
    if (c->seed_in)
        c->seed = seed_of(c->seed_in), c->seed_in = NULL;
    uint64_t a = c->seed += 0x9e3779b97f4a7c15u, b = a * 0xbf58476d1ce4e5b9u;
    b ^= b >> 31;
    a ^= a >> 29;
    a *= 0x94d049bb133111ebu;
    char *s = ak_arena_alloc(c->t.arena, 37, 1);
    if (!s)
        return c->t.failed = true, NULL;
    snprintf(s, 37, "%08x-%04x-4%03x-%04x-%012llx", (unsigned)(a >> 32), (unsigned)(a >> 16) & 0xffffu,
             (unsigned)a & 0xfffu, (unsigned)((b >> 48) & 0x3fffu) | 0x8000u,
             (unsigned long long)(b & 0xffffffffffffu));
    return ak_jnode_str(&c->t, s);
}

static ak_jnode *new_key(void *user, ak_jtree *t, const ak_jobject *o, const ak_jmember *m)
{
    (void)t, (void)o, (void)m;
    return glax_uuid(user);
}

void glax_complete(glax_conv *c, int version)
{
    ak_jcomplete(&c->t, &glaxnimate_schema, version, new_key, c);
}

/* Qt's indented layout (spec 3.3). */
static void glax_writer_init(ak_json_writer *w, ak_buf *out)
{
    ak_json_writer_options wo = {4, true, true};
    ak_json_writer_init(w, out, &wo);
    w->first_key = "__type__";
    w->open_empty = true;
    w->number_style = AK_JSON_NUMBERS_QT;
}

bool glax_write_to(const ak_jnode *root, ak_buf *out, ak_sink *sink)
{
    ak_json_writer w;
    glax_writer_init(&w, out);
    bool ok = ak_jtree_write_to(root, &w, sink);
    return ak_json_writer_finish(&w) && ok;
}

bool glax_write(const ak_jnode *root, ak_buf *out) { return glax_write_to(root, out, NULL); }

glax_layout glax_layout_difference(const ak_input *in, size_t *at)
{
    ak_sink_compare c;
    ak_sink_compare_init(&c, in);
    ak_jtree t;
    ak_jtree_init(&t, NULL, NULL, "the Glaxnimate document");
    ak_buf text;
    ak_buf_init(&text);
    ak_json_writer w;
    glax_writer_init(&w, &text);
    ak_jnode *root = ak_jtree_parse_shallow(&t, in->data, in->size, in->mapped);
    bool written = root && ak_jcomplete_write_to(&t, root, in, NULL, 0, NULL, NULL, &w, &c.sink);
    written = ak_json_writer_finish(&w) && written && ak_sink_write(&c.sink, text.data, text.len);
    ak_buf_free(&text);
    ak_jtree_free(&t);
    *at = c.at;
    return c.differs ? (c.at == in->size ? GLAX_LAYOUT_FILE_ENDS : GLAX_LAYOUT_DIFFERS)
           : !written ? GLAX_LAYOUT_UNKNOWN
           : c.at < in->size ? GLAX_LAYOUT_TEXT_AFTER
                             : GLAX_LAYOUT_SAME;
}

/* ---- upgrade (spec 9.2) and downgrade: the schema's steps ------------- */

void glax_convert_version(glax_conv *c, int from, int to)
{
    ak_jmigrate(&c->t, &glaxnimate_schema, from, to, new_key, c, c->d);
    ak_jnode_set(&c->t, ak_jnode_get(c->t.root, "format"), "format_version", ak_jnode_num(&c->t, to));
}

/* ---- legacy input (versions 1 and 2, `convert --legacy`; spec 9.2) ----- */

static double number_in(const ak_jnode *v)
{
    const ak_jnode *n = v && v->kind == AK_JOBJ ? ak_jnode_get(v, "value") : v;
    return n && n->kind == AK_JNUM ? n->num : 0;
}

/* The schema's step to version 2 (`hook solid_color_layer`): a solid colour
   layer holds a Fill of its colour and a Rect of its size. */
bool glaxnimate_step_solid_color_layer(ak_jtree *t, ak_jnode *l, void *user)
{
    double w = number_in(ak_jnode_get(l, "width")), h = number_in(ak_jnode_get(l, "height"));
    char json[320]; /* %.17g: the doubles read back exactly */
    snprintf(json, sizeof json,
             "[{\"__type__\": \"Fill\", \"color\": {\"value\": \"#000000\"}}, {\"__type__\": \"Rect\", \"position\": "
             "{\"value\": {\"x\": %.17g, \"y\": %.17g}}, \"size\": {\"value\": {\"width\": %.17g, \"height\": %.17g}}}]",
             w / 2, h / 2, w, h);
    ak_jnode *shapes = ak_jtree_parse(t, json, strlen(json)), *color = ak_jnode_get(l, "color");
    for (size_t i = 0; shapes && i < 2; i++) /* now: the uuids in the order of the steps */
        ak_jnode_set(t, shapes->items[i].v, "uuid", glax_uuid(user));
    if (shapes && color)
        ak_jnode_set(t, shapes->items[0].v, "color", color->kind == AK_JOBJ ? color : glax_static(t, color));
    ak_jnode_set(t, l, "shapes", shapes);
    ak_jnode_del(l, "width"), ak_jnode_del(l, "height"), ak_jnode_del(l, "color");
    return !t->failed;
}

/* A legacy input is checked through a list of its own, twice: first for its
   JSON's own problems, at their places (the rule that refuses its version
   aside: that is what --legacy is for), then its upgrade, as the version
   it was written as ("in the upgraded document"). Whether neither had an
   error. */
static bool legacy_checked(const ak_input *in, ak_diags *d, bool upgraded)
{
    ak_diag_options dopt = {ak_diags_strict(d), ak_diags_max_errors(d)};
    ak_diags *tmp = ak_diags_new(&dopt);
    if (!tmp)
        return false;
    ak_format_glaxnimate.validate(in, NULL, tmp);
    bool ok = true;
    for (size_t i = 0; i < ak_diags_count(tmp); i++) {
        const ak_diag *g = ak_diags_at(tmp, i);
        if (!upgraded && g->rule == &glaxnimate_rules[glaxnimate_schema.gate_rule])
            continue;
        ok = ok && g->severity != AK_SEV_ERROR;
        if (upgraded ? !ak_report(d, g->rule, 0, 0, g->path, "in the upgraded document: %s", g->message)
                     : !ak_report_at(d, g->rule, g->offset, g->length, g->line, g->column, g->path, "%s", g->message))
            break;
    }
    ak_diags_pass_unshown(d, tmp, NULL);
    ak_diags_free(tmp);
    return ok;
}

/* The format_version of a document read (0: none that reads as one). */
static int version_of(const ak_jnode *root)
{
    const ak_jnode *fv = ak_jnode_get(ak_jnode_get(root, "format"), "format_version");
    return fv && fv->kind == AK_JNUM && fv->num >= 0 ? (int)fmin(fv->num, INT_MAX) : 0; /* no overflowing cast */
}

/* The canonical tree of in into c (initialised by the caller, who frees
   it): validated unless `validated`, upgraded to the version asked for,
   completed. *legacy: the input was a version 1 or 2 file (--legacy),
   whose output is checked again as the version it becomes. */
static bool canonical_tree(const ak_input *in, const ak_options *opt, ak_diags *d, glax_conv *c, bool *legacy,
                           bool validated)
{
    size_t before = ak_diags_errors(d), n;
    *legacy = ak_format_option(opt, "legacy", &n) != NULL;
    if (!*legacy && !validated) {
        ak_format_glaxnimate.validate(in, opt, d);
        if (ak_diags_errors(d) > before)
            return false;
    }
    c->seed_in = in;
    bool ok = ak_jtree_read_input(&c->t, in);
    int from = ok ? version_of(c->t.root) : 0;
    *legacy = *legacy && ok && (from == 1 || from == 2);
    if (*legacy) {
        ok = legacy_checked(in, d, false);
    } else if (!ok || ak_format_option(opt, "legacy", &n)) { /* not legacy after all: as usual */
        ak_format_glaxnimate.validate(in, opt, d);
        ok = ok && ak_diags_errors(d) == before;
    }
    int to = opt && opt->format_version ? atoi(opt->format_version) : *legacy ? GLAXNIMATE_LATEST : from;
    if (ok && to != from) {
        if ((from < 3 && !*legacy) || to < 3 || !ak_jmigrate_possible(&glaxnimate_schema, from, to)) {
            ak_report(d, &glaxnimate_rules[glaxnimate_R_CONVERT_LOSS], 0, 0, "/format/format_version",
                      "cannot convert version %d to %d (from version 3 up, 1 and 2 with --legacy, and 9 down to 8)",
                      from, to);
            ok = false;
        } else {
            glax_convert_version(c, from > GLAXNIMATE_LATEST ? GLAXNIMATE_LATEST : from, to);
        }
    }
    if (ok)
        glax_complete(c, to);
    return ok && !c->t.failed;
}

/* The canonical text of in, into text and on to sink (NULL: held in text).
   A document that keeps its version is written as it is read
   (ak_jcomplete_write_to): what is held is the path from the root to the
   value being written, whatever the file's size. A change of version
   (the upgrade steps move members across the tree) and a legacy file are
   read into the tree whole. */
static bool canonical_text(const ak_input *in, const ak_options *opt, ak_diags *d, ak_buf *text, ak_sink *sink)
{
    size_t before = ak_diags_errors(d), n;
    bool legacy = ak_format_option(opt, "legacy", &n) != NULL, ok = true;
    ak_budget_of(d, opt); /* the document's arena (glax_conv_init) is charged to it */
    glax_conv c;
    glax_conv_init(&c, d);
    ak_jnode *root = NULL;
    if (!legacy) {
        ak_format_glaxnimate.validate(in, opt, d);
        ok = ak_diags_errors(d) == before && (root = ak_jtree_parse_shallow(&c.t, in->data, in->size, in->mapped));
    }
    int from = root ? version_of(root) : 0;
    if (ok && root && (!opt || !opt->format_version || atoi(opt->format_version) == from)) {
        c.seed_in = in;
        ak_json_writer w;
        glax_writer_init(&w, text);
        ok = ak_jcomplete_write_to(&c.t, root, in, &glaxnimate_schema, from, new_key, &c, &w, sink);
        ok = ak_json_writer_finish(&w) && ok;
    } else if (ok) {
        ak_jtree_free(&c.t);
        glax_conv_init(&c, d);
        ok = canonical_tree(in, opt, d, &c, &legacy, !legacy) && glax_write_to(c.t.root, text, legacy ? NULL : sink);
        ak_input upgraded = {"upgraded", (const uint8_t *)text->data, text->len, false};
        ok = ok && !text->failed && (!legacy || legacy_checked(&upgraded, d, true)); /* whole before it goes */
    }
    glax_conv_free(&c);
    return ok && !text->failed && !c.t.failed;
}

bool glaxnimate_reemit(const ak_input *in, const ak_options *opt, ak_diags *d, ak_buf *out)
{
    return canonical_text(in, opt, d, out, NULL);
}

/* The canonical file is the clearest dump of a Glaxnimate file. */
bool glaxnimate_dump(const ak_input *in, const ak_options *opt, ak_diags *d, ak_buf *out)
{
    return canonical_text(in, opt, d, out, NULL);
}

/* The same streamed: the text handed on as it is written (an upgraded
   legacy file's once it is checked again). */
bool glaxnimate_dump_to(const ak_input *in, const ak_options *opt, ak_diags *d, ak_sink *sink)
{
    ak_buf text;
    ak_buf_init(&text);
    ak_buf_attach(&text, ak_budget_of(d, opt));
    bool ok = canonical_text(in, opt, d, &text, sink) && ak_sink_write(sink, text.data, text.len);
    ak_buf_detach(&text);
    ak_buf_free(&text);
    return ok;
}

/* The re-emission is the dump: streamed alike (`convert --to glaxnimate`
   into a file holds the tree, not its text as well). */
bool glaxnimate_reemit_to(const ak_input *in, const ak_options *opt, ak_diags *d, ak_sink *sink)
{
    return glaxnimate_dump_to(in, opt, d, sink);
}
