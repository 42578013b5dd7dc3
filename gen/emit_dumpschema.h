/* animgen: the JSON Schema (draft 2020-12) of a binary layout's JSON dump
 * (emit_dumpschema.c), written from the members the field metadata of the
 * generic dump is written from. */
#ifndef ANIMGEN_EMIT_DUMPSCHEMA_H
#define ANIMGEN_EMIT_DUMPSCHEMA_H

#include "ast.h"

#include <stdbool.h>
#include <stdio.h>

/* Writes the schema into c as the C string <id>_dump_schema. False when it
 * could not be built (out of memory). */
bool cc_emit_dump_schema(compiler *cc, FILE *c);

#endif
