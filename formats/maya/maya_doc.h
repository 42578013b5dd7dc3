/* The decoded Maya .anim document: its structs (maya_doc, maya_entry,
 * maya_adata, maya_key), their dump, undump and dump schema are generated
 * from formats/maya/maya.document; the grammar's actions (maya_check.c)
 * fill them. Here: what reads and writes them. */
#ifndef AK_MAYA_DOC_H
#define AK_MAYA_DOC_H

#include "maya_syntax.h"

#include <animkit/animkit.h>
#include <arena.h>

#include <stdbool.h>

/* maya_document_decode (declared by the generated header: the model
 * section's) reads a file into a document; false when the file has errors
 * (reported into d; *out is then NULL). */

/* Canonical emitter (spec 5.1). precision: 0 = the document's own (>= 8),
 * else 1..17 (the CLI's --precision). crlf: CRLF line ends. Unwritable
 * content (NaN, names Maya cannot write) is reported into d (may be NULL);
 * returns false then. */
bool maya_emit(const maya_doc *doc, int precision, bool crlf, bool strict, ak_diags *d, ak_buf *out);

#endif
