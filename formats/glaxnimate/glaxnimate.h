/* Glaxnimate .rawr: shared between the format entry (glaxnimate.c), the
 * hooks (glaxnimate_hooks.c), the canonical writer (glaxnimate_emit.c) and
 * the model section's hooks (glaxnimate_model.c). */
#ifndef AK_FORMATS_GLAXNIMATE_H
#define AK_FORMATS_GLAXNIMATE_H

#include "glaxnimate_layout.h"
#include "image_info.h"

/* The newest format_version this build knows (spec section 1.1). */
#define GLAXNIMATE_LATEST 9

/* The hooks' per-document state (glaxnimate_validate_json's user pointer). */
typedef struct glax_state {
    const uint8_t *input;       /* the document (the Bitmap format's span points into it) */
    /* AnimationContainer being read */
    bool has_first, has_last;
    double first, last;
    /* Path being read: its closed flag and its beziers' */
    int path_closed;            /* -1 unknown */
    bool bezier_open, bezier_closed;
    /* Bitmap being read: the kind and size of its data, and its format,
       width and height (rule 83) */
    bool image_known;
    ak_image_info image;
    unsigned bitmap_seen, bitmap_reported; /* bits: format, width, height */
    size_t bitmap_format, bitmap_format_len;
    double bitmap_size[2];
    /* adjacent keyframes: the shape (points or stops, closed) of the previous one */
    int64_t prev_shape, cur_shape;
} glax_state;

/* The format's own hooks (glaxnimate_sniff, glaxnimate_validate in
   glaxnimate.c; glaxnimate_reemit, the canonical writer of spec 9.1 and the
   conversion to opt->format_version of 9.2, and glaxnimate_dump in
   glaxnimate_emit.c; to_model and from_model, generated from the model section) are declared
   by the generated header, with the registry entry ak_format_glaxnimate. */

#endif
