/* Glaxnimate: a validated document as a tree (glaxnimate_emit.c), for the
 * canonical writer, the upgrade and the model mapping. One node per JSON
 * value, in an arena; objects keep their members in file order. */
#ifndef AK_FORMATS_GLAXNIMATE_DOC_H
#define AK_FORMATS_GLAXNIMATE_DOC_H

#include "glaxnimate.h"

#include "arena.h"

typedef enum gj_kind { GJ_NULL, GJ_FALSE, GJ_TRUE, GJ_NUM, GJ_STR, GJ_OBJ, GJ_ARR } gj_kind;

typedef struct gj gj;
typedef struct gj_item {
    const char *key; /* objects: the decoded name */
    size_t key_len;
    gj *v;
} gj_item;

struct gj {
    gj_kind kind;
    double num;
    const char *str; /* decoded */
    size_t len;
    gj_item *items;
    size_t count, cap;
};

typedef struct gj_doc {
    ak_arena *arena; /* the caller's, or own */
    ak_arena own;
    gj *root;
    gj **stack; /* open containers while reading */
    size_t depth, cap;
    const char *key; /* the member name whose value comes next */
    size_t key_len;
    bool failed;
    uint64_t seed; /* new uuids: deterministic per input */
    ak_diags *d;
    const char *lost[8]; /* the kinds of loss reported (one warning each) */
} gj_doc;

/* An empty document whose tree lives in arena (NULL: its own, freed by
   gj_doc_free); d: where conversions report losses (may be NULL). */
void gj_doc_init(gj_doc *doc, ak_arena *arena, ak_diags *d);
/* Reads in (which must be well-formed: validate first) into doc; false
   when out of memory. */
bool gj_read(gj_doc *doc, const ak_input *in);
void gj_doc_free(gj_doc *doc);
/* Writes the tree in Glaxnimate's layout (spec 3.3); false when out of memory. */
bool gj_write(const gj *root, ak_buf *out);
/* Building a tree (glaxnimate_emit.c; NULL and doc->failed when out of memory). */
gj *gj_new(gj_doc *doc, gj_kind kind);
bool gj_append(gj_doc *doc, gj *to, const char *key, size_t key_len, gj *v);
/* Sets (replaces or adds) a member. */
void gj_set(gj_doc *doc, gj *o, const char *key, gj *v);
gj *gj_num(gj_doc *doc, double x);
gj *gj_str(gj_doc *doc, const char *s);
/* {"value": value}: an unanimated property */
gj *gj_static(gj_doc *doc, gj *value);
/* {"__type__": type}, with a fresh uuid and an empty name for a node */
gj *gj_typed(gj_doc *doc, const char *type, bool node);
/* The steps of spec 9.2 from version `from` up to `to` (3 <= from < to), or
   back from 9 to 8, with a glaxnimate.convert.loss warning per kind of loss. */
void gj_convert_version(gj_doc *doc, int from, int to);
/* Spec 9.1 rules 2-5 for `version`: missing properties get their defaults,
   uuids and colours their canonical spelling. */
void gj_normalise(gj_doc *doc, int version);
/* A member of an object, NULL. */
gj *gj_get(const gj *o, const char *key);
/* The object's "__type__" ("" without). */
const char *gj_type(const gj *o);

#endif
