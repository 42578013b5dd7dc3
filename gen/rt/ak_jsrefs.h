/* The memory a streaming JSON validator needs for cross-references (used
 * by the automaton of ak_jschema.c only): the keys of the objects seen so
 * far (`key`), the references whose target has not been seen yet
 * (`ref<T>`, resolved at the end of the document), and the values of the
 * arrays open now whose elements must differ (`unique`, `unique(f)`).
 *
 * Values are kept as spans of the input, which stays in memory for the
 * whole parse: a key costs one table entry, a pending reference an entry
 * and its JSON Pointer. Strings compare decoded (escapes resolved),
 * numbers by value, `true`/`false`/`null` by kind. */
#ifndef AK_JSREFS_H
#define AK_JSREFS_H

#include "ak_jschema.h"
#include "budget.h"

typedef enum ak_jsadd {
    AK_JS_ADDED,
    AK_JS_DUPLICATE,
    AK_JS_NOMEM,
} ak_jsadd;

/* A reference whose target was not seen when it was read. */
typedef struct ak_jsref {
    size_t offset, length;  /* the token (with quotes) */
    size_t text;            /* the string's text: offset and length in the input */
    uint32_t text_len;
    bool escaped;
    int16_t target;         /* the object type it must name (ref<T>) */
    int16_t dangling_rule, mistargeted_rule;
    uint32_t line, column;
    const char *path;       /* JSON Pointer of the reference */
} ak_jsref;

/* The sets' paths are charged to budget (may be NULL). */
ak_jsstate *ak_jsstate_new(const uint8_t *data, size_t size, ak_budget *budget);
void ak_jsstate_free(ak_jsstate *st);
/* The input the spans point into. */
const uint8_t *ak_jsstate_data(const ak_jsstate *st);

/* Keys: one namespace per key space (the object that declares the key
 * member). Adds the key of an object; on a duplicate, *prev_object and
 * *prev_offset say where the first one was. */
ak_jsadd ak_jsstate_add_key(ak_jsstate *st, int16_t space, int16_t object, const ak_json_event *e,
                            int16_t *prev_object, size_t *prev_offset);
/* The object a key names, -1 when it is not (yet) known. */
int16_t ak_jsstate_find_key(ak_jsstate *st, int16_t space, const ak_json_event *e);
int16_t ak_jsstate_find_ref_key(ak_jsstate *st, int16_t space, const ak_jsref *r);

/* References resolved at the end. The path is copied. False when out of memory. */
bool ak_jsstate_defer(ak_jsstate *st, const ak_jsref *r);
const ak_jsref *ak_jsstate_refs(const ak_jsstate *st, size_t *count);

/* Sets of the arrays open now (stack discipline: the innermost opens
 * last, closes first). open returns the set's index, -1 out of memory. */
int32_t ak_jsstate_set_open(ak_jsstate *st);
void ak_jsstate_set_close(ak_jsstate *st, int32_t set);
ak_jsadd ak_jsstate_set_add(ak_jsstate *st, int32_t set, const ak_json_event *e);

#endif
