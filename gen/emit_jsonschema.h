/* animgen: the JSON Schema (draft 2020-12) export of a JSON schema
 * (emit_jsonschema.c), written from the schema as check_json.c resolved
 * it (json_schema.h), the same types the validator tables are written
 * from, so both outputs say the same thing. */
#ifndef ANIMGEN_EMIT_JSONSCHEMA_H
#define ANIMGEN_EMIT_JSONSCHEMA_H

#include "json_schema.h"

#include <stdbool.h>
#include <stdio.h>

/* Writes the JSON Schema (draft 2020-12) of the format into c as the C
 * string <id>_json_schema and, when outdir is not NULL, as the file
 * OUTDIR/<id>.schema.json. False when the file cannot be written. */
bool cc_emit_json_schema(jem *em, FILE *c, const char *outdir);

#endif
