/* A JSON document as a tree: one node per value, in an arena (charged to a
 * memory budget where there is one); objects keep their members in file
 * order, repeated names included. For the canonical writers that change a
 * document before writing it (Glaxnimate's upgrade and completion) and the
 * mappings that read it whole.
 *
 * Reading, walking and writing use explicit stacks: the depth of a document
 * never becomes the depth of the C stack. Knows no format and no schema
 * (ak_jcomplete.h completes a tree from a schema). Reading uses the JSON
 * front end (grammars/json_parser.h), hence its place beside the validators. */
#ifndef AK_JTREE_H
#define AK_JTREE_H

#include "arena.h"
#include "json_writer.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

struct ak_budget;

typedef enum ak_jkind { AK_JNULL, AK_JFALSE, AK_JTRUE, AK_JNUM, AK_JSTR, AK_JOBJ, AK_JARR } ak_jkind;

typedef struct ak_jnode ak_jnode;
typedef struct ak_jitem {
    const char *key; /* objects: the decoded name (NULL in an array) */
    size_t key_len;
    ak_jnode *v;
} ak_jitem;

/* 40 bytes: a document's tree is most of what its canonical writer holds
   (within the memory budget, so that 32-bit lengths and counts suffice). */
struct ak_jnode {
    ak_jkind kind;
    uint32_t len;    /* of str */
    double num;
    const char *str; /* decoded */
    ak_jitem *items;
    uint32_t count, cap;
};

/* A container being read, and where its members begin among the pending ones. */
typedef struct ak_jopen {
    ak_jnode *node;
    size_t base;
} ak_jopen;

typedef struct ak_jtree {
    ak_arena *arena; /* the caller's, or own */
    ak_arena own;
    ak_jnode *root;
    bool failed;     /* out of memory (or the budget refused) while building */
    /* while reading: the open containers, the members read so far of all
       of them (ak_jitem), the member name whose value comes next */
    ak_jopen *stack;
    size_t depth, cap;
    ak_buf pending;
    const char *key;
    size_t key_len;
} ak_jtree;

/* An empty tree whose nodes live in arena (NULL: its own, charged to budget
   (may be NULL) as `what`, freed by ak_jtree_free). */
void ak_jtree_init(ak_jtree *t, ak_arena *arena, struct ak_budget *budget, const char *what);
void ak_jtree_free(ak_jtree *t);
/* Reads data (well-formed JSON: validate first) as t's root; false when
   it is not JSON or out of memory. */
bool ak_jtree_read(ak_jtree *t, const uint8_t *data, size_t size);
/* The same of an input, whose pages (a mapped file's) go as they are read:
   the tree holds copies of its strings. */
bool ak_jtree_read_input(ak_jtree *t, const ak_input *in);
/* JSON text (a literal, a member default) as a new node of t; NULL (and
   t->failed) when it is not JSON or out of memory. */
ak_jnode *ak_jtree_parse(ak_jtree *t, const char *text, size_t len);
/* Writes the value through w (begun, not finished: the caller sets its
   options and calls ak_json_writer_finish); false when out of memory. */
bool ak_jtree_write(const ak_jnode *v, ak_json_writer *w);
/* The same, the text handed to sink as it fills, AK_SINK_CHUNK bytes or a
   little more at a time (w begun with nothing open: its buffer is the
   text; the caller hands on what ak_json_writer_finish leaves). False when
   out of memory or the sink failed. */
bool ak_jtree_write_to(const ak_jnode *v, ak_json_writer *w, ak_sink *sink);

/* Calls visit on every value below root, root first, then depth-first in
 * member order, with the member name it is under (NULL in an array and for
 * root) and what visit returned for its container (0 for root). Members
 * visit adds to a value are visited too. False when out of memory. */
typedef unsigned (*ak_jvisit)(ak_jtree *t, ak_jnode *v, const char *key, unsigned up, void *arg);
bool ak_jtree_walk(ak_jtree *t, ak_jnode *root, ak_jvisit visit, void *arg);

/* Building (NULL, and t->failed, when out of memory; a NULL value is
   ignored by append and set, so calls can nest). */
ak_jnode *ak_jnode_new(ak_jtree *t, ak_jkind kind);
ak_jnode *ak_jnode_num(ak_jtree *t, double x);
ak_jnode *ak_jnode_str(ak_jtree *t, const char *s); /* s is not copied */
ak_jnode *ak_jnode_bool(ak_jtree *t, bool b);
ak_jnode *ak_jnode_copy(ak_jtree *t, const ak_jnode *v); /* deep */
bool ak_jnode_append(ak_jtree *t, ak_jnode *to, const char *key, size_t key_len, ak_jnode *v);
/* Inserts v into array a before index i (at its end when i >= count). */
bool ak_jnode_insert(ak_jtree *t, ak_jnode *a, size_t i, ak_jnode *v);
/* Sets (replaces the first or adds) member key of object o. */
void ak_jnode_set(ak_jtree *t, ak_jnode *o, const char *key, ak_jnode *v);
void ak_jnode_del(ak_jnode *o, const char *key);
/* The first member key of o (NULL when o is no object or has none). */
ak_jnode *ak_jnode_get(const ak_jnode *o, const char *key);
ak_jnode *ak_jnode_getn(const ak_jnode *o, const char *key, size_t n);
/* Whether v is the string s. */
bool ak_jnode_is(const ak_jnode *v, const char *s);
/* The string member key of o, "" when it has none. */
const char *ak_jnode_text(const ak_jnode *o, const char *key);
/* The value a JSON Pointer (RFC 6901: "/a/0/b~1c") names below v; NULL
   when there is none ("" names v itself). */
ak_jnode *ak_jnode_at(const ak_jnode *v, const char *pointer);
/* Whether a and b are the same JSON value (numbers by value, objects by
   their members in any order). */
bool ak_jnode_equal(const ak_jnode *a, const ak_jnode *b);
/* The number member key of o, `otherwise` when it has none. */
double ak_jnode_number(const ak_jnode *o, const char *key, double otherwise);

#endif
