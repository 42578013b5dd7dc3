/* Where references point, for the generated JSON validators (used by the
 * automaton of ak_jschema.c only): the constraints of ak_jplace (`scope`,
 * `toplevel`, `sibling`, `distinct`, `acyclic`, `depth` on a ref<T>
 * member) need to know, for a reference and for its target, the object it
 * is in and its enclosing instance of each scope object. Each keyed object
 * is recorded as a node when its key is read, each reference of such a
 * member when it is read; everything is checked at the end of a well-formed
 * document.
 *
 * Memory: one node (28 bytes) per keyed object and one record per placed
 * reference (about 80 bytes), charged to the budget — what the references
 * need, never the document. */
#ifndef AK_JSGRAPH_H
#define AK_JSGRAPH_H

#include "ak_jsrefs.h"

/* The most scope objects a schema may name (animgen refuses more). */
#define AK_JS_MAX_SCOPES 4

typedef struct ak_jsgraph ak_jsgraph;

void ak_jsgraph_free(ak_jsgraph *g);

/* The object of frame f (of c) has just been given key e in key space
 * space: it becomes a node. False when out of memory. */
bool ak_jsgraph_node(ak_jsctx *c, const ak_jsframe *f, int16_t space, const ak_json_event *e);
/* A reference of a member with place p, read in the innermost object frame
 * (r: its key, as ak_jsstate_ref_of filled it). False when out of memory. */
bool ak_jsgraph_ref(ak_jsctx *c, const ak_jsref *r, const ak_jplace *p);
/* The checks, at the end of a well-formed document; false to stop. */
bool ak_jsgraph_check(ak_jsctx *c);

#endif
