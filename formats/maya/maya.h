/* Maya .anim entry points beyond ak_format (for the CLI and tests). */
#ifndef AK_FORMATS_MAYA_H
#define AK_FORMATS_MAYA_H

#include <animkit/animkit.h>

extern const ak_format ak_format_maya;

/* Decodes in and writes it back in Maya's canonical layout (spec 5.1).
 * precision: 0 = the file's own (its most significant digits, >= 8; Maya's
 * default 8), or 1..17 (`--precision 17` is lossless). crlf: CRLF line ends
 * (else LF; -1 = keep the file's style). Returns false when the input has
 * errors or cannot be written (reported into d). */
bool ak_maya_reemit(const ak_input *in, const ak_options *opt, int precision, int crlf, ak_diags *d, ak_buf *out);

/* Builds a .anim from its JSON dump, with the given precision (0 = the
 * dump's `precision` member, else 1..17). */
bool ak_maya_undump(const ak_input *json, const ak_options *opt, int precision, ak_diags *d, ak_buf *out);

#endif
