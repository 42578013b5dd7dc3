/* animgen: lanes of a JSON schema (see gen/rt/ak_jschema.h and "lanes" in
 * grammars/json_parser.h).
 *
 * The emitter of the validator tables (emit_json.c) describes the types and
 * objects it has numbered; this one writes a C source (re2c for the names
 * of members in any order) with one matcher per array element type of a
 * fixed shape (per JSON shape of the bound value type when the element
 * uses it: see emit_lanes.c), a lane per (element type, bound value type)
 * on those matchers, and the lookup function <id>_lane that the tables
 * point to. */
#ifndef AK_GEN_EMIT_LANES_H
#define AK_GEN_EMIT_LANES_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

typedef enum lane_kind {
    LK_OTHER, /* not expressible in a lane */
    LK_F32,
    LK_F64,
    LK_NUMBER,
    LK_INTEGER,
    LK_STRING,
    LK_BOOL,
    LK_NULL,
    LK_UNION,
    LK_PARAM, /* the bound value type */
    LK_OBJECT,
    LK_ARRAY,
} lane_kind;

/* Whether k is a number's kind (the automaton converts and checks it). */
static inline bool lane_kind_number(lane_kind k)
{
    return k == LK_F32 || k == LK_F64 || k == LK_NUMBER || k == LK_INTEGER;
}

typedef struct lane_type {
    lane_kind kind;
    int object;      /* LK_OBJECT */
    int elem;        /* LK_ARRAY */
    const int *alts; /* LK_UNION */
    size_t alt_count;
} lane_type;

typedef struct lane_member {
    const char *name;
    int type;
    bool optional;
    /* checks the automaton makes of a lane's leaf (versions, `in`, `>=`):
       such a member is no part of a nested object's lane */
    bool checked;
    /* it exists in some versions only, or is required from one on: the
       lane takes it as optional, the automaton checks what the document's
       version requires */
    bool versioned;
} lane_member;

typedef struct lane_object {
    const lane_member *members;
    size_t member_count;
    bool ordered; /* its members in declaration order (or an error): no lane takes them in another */
    bool grouped; /* it has `where oneof/together` groups (the automaton checks an element's) */
    bool versioned; /* a member is versioned (lane_member) */
} lane_object;

typedef struct lane_schema {
    const char *id;
    const lane_type *types;
    size_t type_count;
    const lane_object *objects;
    size_t object_count;
    bool values; /* the schema binds value types (`values`) */
} lane_schema;

/* Writes the re2c source of the lanes. False on a write error. */
bool emit_lanes(const lane_schema *s, FILE *re);
/* Whether some array of the schema has elements a lane can take (false:
 * emit_lanes writes no lane, and a hook needs no lane half). */
bool lanes_possible(const lane_schema *s);

#endif
