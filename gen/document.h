/* animgen: a text format's document (docs/schema-language.md, "Documents").
 *
 * A text format's parser is a grammar of its own; what it fills can be
 * declared: structs of fields that have no wire encoding (numbers, words,
 * booleans, enums of words, arrays, structs, the byte spans the grammar
 * read a struct from), optional members and
 * members inside `if`. check_document.c checks the declaration,
 * emit_document.c writes the C structs, their field metadata (the generic
 * dump and undump of gen/rt/ak_layout.c run on it) and the dump's JSON
 * Schema. */
#ifndef ANIMGEN_DOCUMENT_H
#define ANIMGEN_DOCUMENT_H

#include "ast.h"

#include <stdbool.h>
#include <stdio.h>

/* What a document field (or an array's element) holds. */
typedef enum dkind { DK_NONE, DK_F64, DK_I32, DK_BOOL, DK_WORD, DK_ENUM, DK_STRUCT, DK_SPAN } dkind;

/* The kind of a resolved type that is not an array. */
dkind doc_kind(const tref *t);

/* Checks the document of a text format (its `root`, structs, enums and
 * type aliases), resolving the field types; nothing when it has none. */
void cc_check_document(compiler *cc);
/* Writes the document's types, metadata, dump, undump and dump schema
 * (nothing without a `root`), then closes the header. */
bool cc_emit_document(compiler *cc, FILE *h, FILE *c);

#endif
