/* The memory a streaming JSON validator needs for cross-references (used
 * by the automaton of ak_jschema.c only): the keys of the objects seen so
 * far (`key`), the references whose target has not been seen yet
 * (`ref<T>`, resolved at the end of the document), and the values of the
 * arrays open now whose elements must differ (`unique`, `unique(f)`).
 *
 * Values are kept as spans of the input, which stays mapped for the whole
 * parse: a key costs one table entry, a pending reference a record of 40
 * bytes. Strings compare decoded (escapes resolved), numbers by
 * value, `true`/`false`/`null` by kind. Keys of kind `key uuid` (and the
 * references to them) are kept and compared as their parsed 16 bytes, so
 * braces and case do not matter and resolving them never reads the input
 * again (its pages, released behind the parser, stay released). */
#ifndef AK_JSREFS_H
#define AK_JSREFS_H

#include "ak_jschema.h"
#include "budget.h"

typedef enum ak_jsadd {
    AK_JS_ADDED,
    AK_JS_DUPLICATE,
    AK_JS_NOMEM,
    AK_JS_NOKEY, /* not a key of the space's kind (`key uuid`: not a UUID) */
} ak_jsadd;

/* A reference whose target was not seen when it was read: a compact
 * record (its token and the key it names); its JSON Pointer and line are
 * found again only when it is reported (ak_json_places). */
typedef struct ak_jsref {
    size_t offset;          /* the token (with quotes): the string's text is offset + 1, length - 2 */
    uint32_t length;
    bool escaped;
    bool parsed;            /* a key of kind AK_JKEY_UUID: uuid holds its value */
    uint8_t uuid[16];
    int16_t target;         /* the object type it must name (ref<T>) */
    int16_t dangling_rule, mistargeted_rule;
    /* offset - owner_back is the '{' of the object its diagnostics name
       (`named by`; ak_js_owner); UINT32_MAX: none, or too far back */
    uint32_t owner_back;
} ak_jsref;

/* The pending references and the tables of keys and unique values are
 * charged to budget (may be NULL). */
ak_jsstate *ak_jsstate_new(const uint8_t *data, size_t size, ak_budget *budget);
void ak_jsstate_free(ak_jsstate *st);
/* Where the tables' refusals of the budget are reported: at the token of
 * the value being added, with the path path(ctx) gives then (the parser's
 * path; NULL or no path: none). */
void ak_jsstate_locate(ak_jsstate *st, const char *(*path)(void *ctx), void *ctx);
/* The input the spans point into. */
const uint8_t *ak_jsstate_data(const ak_jsstate *st);

/* Keys: one namespace per key space (the object that declares the key
 * member). Adds the key of an object; on a duplicate, *prev_object and
 * *prev_offset say where the first one was. */
ak_jsadd ak_jsstate_add_key(ak_jsstate *st, int16_t space, ak_jkey_kind kind, int16_t object,
                            const ak_json_event *e, int16_t *prev_object, size_t *prev_offset);
/* The object a key names, -1 when it is not (yet) known or no key of the kind. */
int16_t ak_jsstate_find_key(ak_jsstate *st, int16_t space, ak_jkey_kind kind, const ak_json_event *e);
/* Fills r's parsed value for a key space of that kind; false when e is no
 * key of the kind (a reference that is no UUID refers to nothing). */
bool ak_jsstate_ref_of(ak_jsstate *st, ak_jkey_kind kind, const ak_json_event *e, ak_jsref *r);
int16_t ak_jsstate_find_ref_key(ak_jsstate *st, int16_t space, const ak_jsref *r);
/* The node (ak_jsgraph) of the object whose key e is (the first with it):
 * set once the key was added; found for a reference, -1 when none. False
 * when out of memory. */
bool ak_jsstate_key_node(ak_jsstate *st, int16_t space, ak_jkey_kind kind, const ak_json_event *e, uint32_t node);
int64_t ak_jsstate_ref_node(ak_jsstate *st, int16_t space, const ak_jsref *r);

/* References resolved at the end. False when out of memory (or over the budget). */
bool ak_jsstate_defer(ak_jsstate *st, const ak_jsref *r);
const ak_jsref *ak_jsstate_refs(const ak_jsstate *st, size_t *count);

/* The slots the tables above have looked at so far (every probe of a
 * lookup, an insertion or a rehash): for tests, which check that it stays
 * proportional to the values whatever they are (runtime/keyed_hash.h). */
uint64_t ak_jsstate_probes(const ak_jsstate *st);

/* Sets of the arrays open now (stack discipline: the innermost opens
 * last, closes first). open returns the set's index, -1 out of memory. */
int32_t ak_jsstate_set_open(ak_jsstate *st);
void ak_jsstate_set_close(ak_jsstate *st, int32_t set);
ak_jsadd ak_jsstate_set_add(ak_jsstate *st, int32_t set, const ak_json_event *e);

#endif
