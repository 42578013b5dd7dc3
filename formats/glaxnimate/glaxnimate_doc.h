/* Glaxnimate: a document as a tree (gen/rt/ak_jtree.h), for the canonical
 * writer, the upgrade and the model mappings (glaxnimate_emit.c). */
#ifndef AK_FORMATS_GLAXNIMATE_DOC_H
#define AK_FORMATS_GLAXNIMATE_DOC_H

#include "ak_jtree.h"
#include "glaxnimate.h"

/* A document being converted: its tree, and what the steps need beyond it. */
typedef struct glax_conv {
    ak_jtree t;              /* in its own arena, charged to d's budget */
    uint64_t seed;           /* new uuids: deterministic per input */
    const ak_input *seed_in; /* the input whose bytes are the seed, hashed when
                                the first uuid is made (NULL: seed as it is) */
    ak_diags *d;             /* where losses are reported (may be NULL) */
} glax_conv;

void glax_conv_init(glax_conv *c, ak_diags *d);
void glax_conv_free(glax_conv *c);
/* Writes the tree in Glaxnimate's layout (spec 3.3); false when out of memory. */
bool glax_write(const ak_jnode *root, ak_buf *out);
/* The same, the text handed to sink (when not NULL) as it fills: what is
   left in out at the end is the caller's to hand on. */
bool glax_write_to(const ak_jnode *root, ak_buf *out, ak_sink *sink);
/* Where a file leaves Glaxnimate's layout (spec 3.3: its document sorted
   and written as Qt writes it, nothing completed): written as it is read
   and compared as it goes, holding neither. *at: the first byte that
   differs (the input's size when it ends first). */
typedef enum glax_layout { GLAX_LAYOUT_SAME, GLAX_LAYOUT_DIFFERS, GLAX_LAYOUT_FILE_ENDS, GLAX_LAYOUT_TEXT_AFTER,
                           GLAX_LAYOUT_UNKNOWN /* out of memory */ } glax_layout;
glax_layout glax_layout_difference(const ak_input *in, size_t *at);
/* The steps of spec 9.2 from version `from` up to `to` (1 and 2: --legacy),
   or back from 9 to 8, as the schema declares them (`upgrade to N`,
   `downgrade to 8`), with a glaxnimate.convert.loss warning per kind of loss. */
void glax_convert_version(glax_conv *c, int from, int to);
/* Spec 9.1 rules 2-5 for `version` (ak_jcomplete with the schema's
   defaults): missing properties get their defaults, new nodes fresh uuids,
   uuids and colours their canonical spelling. */
void glax_complete(glax_conv *c, int version);

#endif
