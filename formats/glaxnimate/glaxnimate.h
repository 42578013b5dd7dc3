/* Glaxnimate .rawr: shared between the format entry (glaxnimate.c), the
 * hooks (glaxnimate_hooks.c), the canonical writer (glaxnimate_emit.c) and
 * the model mapping (glaxnimate_model.c). */
#ifndef AK_FORMATS_GLAXNIMATE_H
#define AK_FORMATS_GLAXNIMATE_H

#include "glaxnimate_layout.h"
#include "image_info.h"

/* The newest format_version this build knows (spec section 1.1). */
#define GLAXNIMATE_LATEST 9

/* A document node the reference rules of spec section 6 need: a
 * composition or a shape element (assets are checked by the schema). */
typedef struct glax_node {
    uint8_t uuid[16];      /* the parsed uuid (spec 3.1: braces and case do not matter) */
    bool has_uuid;         /* false: none that parses */
    uint32_t serial;       /* its object's serial */
    uint32_t comp;         /* serial of the composition it is in (itself for a composition) */
    uint32_t container;    /* serial of the object whose shapes hold it */
    int16_t object;        /* its concrete type */
} glax_node;

/* A reference to check at the end. */
typedef struct glax_ref {
    uint32_t from;       /* serial of the referencing object */
    int16_t object;      /* its type */
    uint8_t uuid[16];    /* the target uuid, parsed (an unparsable one is not kept) */
    size_t offset, length; /* the token: its path is found again if it is reported */
} glax_ref;

/* A reference rule broken, reported once the places are known. */
typedef struct glax_finding {
    size_t ref;
    int rule;
    char msg[128];
} glax_finding;

/* The hooks' per-document state (glaxnimate_validate_json's user pointer). */
typedef struct glax_state {
    const uint8_t *input;       /* the document (the Bitmap format's span points into it) */
    uint64_t events;
    uint32_t serial;            /* objects opened so far */
    uint32_t *serials;          /* per open frame: its object's serial (depth-indexed) */
    size_t serials_cap;
    glax_node *nodes;
    size_t node_count, node_cap;
    glax_ref *refs;
    size_t ref_count, ref_cap;
    glax_finding *findings;
    size_t finding_count, finding_cap;
    uint64_t compositions;      /* Composition / MainComposition objects */
    bool root_object;
    /* AnimationContainer being read */
    bool has_first, has_last;
    double first, last;
    /* Path being read: its closed flag and its beziers' */
    int path_closed;            /* -1 unknown */
    bool bezier_open, bezier_closed;
    /* Bitmap being read: sources that are not empty; the kind and size of
       its data, and its format, width and height (rule 83) */
    bool bitmap_source;
    bool image_known;
    ak_image_info image;
    unsigned bitmap_seen, bitmap_reported; /* bits: format, width, height */
    size_t bitmap_format, bitmap_format_len;
    double bitmap_size[2];
    /* adjacent keyframes: the shape (points or stops, closed) of the previous one */
    int64_t prev_shape, cur_shape;
    bool oom;
} glax_state;

void glax_state_free(glax_state *st);

/* The format's own hooks (glaxnimate_sniff, glaxnimate_validate in
   glaxnimate.c; glaxnimate_reemit, the canonical writer of spec 9.1 and the
   conversion to opt->format_version of 9.2, and glaxnimate_dump in
   glaxnimate_emit.c; glaxnimate_to_model in glaxnimate_model.c) are declared
   by the generated header, with the registry entry ak_format_glaxnimate. */

#endif
