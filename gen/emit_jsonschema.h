/* animgen: what the JSON half of the C emitter (emit_json.c: the validator
 * tables) shares with the JSON Schema export (emit_jsonschema.c).
 *
 * emit_json.c resolves every member type of the schema into a flat list of
 * typed nodes (jt), the same list the C tables are written from; the export
 * reads that list, so both outputs say the same thing. */
#ifndef ANIMGEN_EMIT_JSONSCHEMA_H
#define ANIMGEN_EMIT_JSONSCHEMA_H

#include "ast.h"

#include <stdbool.h>
#include <stdio.h>

/* One type node (an ak_jtype in the generated tables). */
typedef struct jt {
    const char *kind; /* AK_JT_* suffix */
    int object, elem, sibling, bind;
    vec names;        /* enum names */
    vec arm_tags;     /* BY: per sibling enum name, the arm's type (int via intptr) */
    vec alts;
    jobject *param_owner;
} jt;

/* The JSON emitter's state. */
typedef struct jem {
    compiler *cc;
    format_decl *f;
    vec types; /* jt* */
    vec flat;  /* per object: vec* of jmember* (bases first) */
    vec mtypes; /* per object: vec* of member type indices (intptr_t) */
} jem;

/* The first constraint of kind k on a member, or NULL (emit_json.c). */
cons *jmember_cons(jmember *m, cons_kind k);

/* Writes the JSON Schema (draft 2020-12) of the format into c as the C
 * string <id>_json_schema and, when outdir is not NULL, as the file
 * OUTDIR/<id>.schema.json. False when the file cannot be written. */
bool cc_emit_json_schema(jem *em, FILE *c, const char *outdir);

#endif
