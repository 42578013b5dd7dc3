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
    /* a shallow reading (ak_jtree_parse_shallow): its text, and the
       containers open inside the array being passed (0: none) */
    bool shallow;
    const uint8_t *text;
    size_t unread;
    /* reading the first value of the text only: where it ended */
    bool first;
    const uint8_t *end;
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
/* Reads data (text the JSON front end has checked) as a value whose arrays
   are not read: each is an empty AK_JARR node whose str is its '[' in
   data, its elements left to whoever writes it (ak_jcomplete_write_to)
   one at a time. The object that holds a large array is held without it.
   release: data lie in a read-only file mapping (ak_input.mapped), whose
   pages go as they are read (they come back from the file when read
   again). NULL (and t->failed) when out of memory or not JSON. */
ak_jnode *ak_jtree_parse_shallow(ak_jtree *t, const uint8_t *data, size_t size, bool release);
/* Whether v is an array a shallow reading left unread. */
static inline bool ak_jnode_unread(const ak_jnode *v) { return v->kind == AK_JARR && v->str; }
/* Whether a and b are one value: the same node, or objects a shallow
   reading read from the same text (its objects keep where they begin, in
   str), one of them read again as an element of an unread array. */
static inline bool ak_jnode_same(const ak_jnode *a, const ak_jnode *b)
{
    return a == b || (a && b && a->kind == AK_JOBJ && b->kind == AK_JOBJ && a->str && a->str == b->str);
}
/* Whether array a has an element (read or not). */
bool ak_jnode_has_items(const ak_jnode *a);
/* Unread array a read whole (its elements as ak_jtree_parse reads them)
   from in, the input it lies in; NULL (and t->failed) when out of memory. */
ak_jnode *ak_jtree_read_unread(ak_jtree *t, const ak_jnode *a, const ak_input *in);

/* The elements of an unread array, read one at a time: each shallow, into
   t's arena, to be forgotten (ak_arena_rewind) once it has been used. The
   pages of in's mapping go as the array is passed (release: the input's,
   ak_release_init). */
typedef struct ak_jelements {
    const ak_input *in;
    struct ak_release *release;
    const uint8_t *cur; /* past the last element read */
    size_t released;    /* the offset up to which the array's pages went */
} ak_jelements;
void ak_jelements_begin(ak_jelements *e, const ak_jnode *a, const ak_input *in, struct ak_release *release);
/* The next element; NULL at the array's end, or when out of memory or not
   JSON (then t->failed). */
ak_jnode *ak_jelements_next(ak_jelements *e, ak_jtree *t);
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
/* The same through the unread arrays of a shallow reading of in: the
   element named is read (shallow, into t), those before it passed. */
ak_jnode *ak_jnode_at_input(ak_jtree *t, const ak_jnode *v, const char *pointer, const ak_input *in);
/* Whether a and b are the same JSON value (numbers by value, objects by
   their members in any order). */
bool ak_jnode_equal(const ak_jnode *a, const ak_jnode *b);
/* The number member key of o, `otherwise` when it has none. */
double ak_jnode_number(const ak_jnode *o, const char *key, double otherwise);

#endif
