/* The decoded Maya .anim document: everything the canonical emitter needs
 * to write the file back (spec 2.6, 5.1), allocated in one arena. Words are
 * kept as written (NUL-terminated), with their table index where one
 * applies; numbers as doubles (Maya's own reader keeps no more). */
#ifndef AK_MAYA_DOC_H
#define AK_MAYA_DOC_H

#include "maya_syntax.h"

#include <animkit/animkit.h>
#include <arena.h>

#include <stdbool.h>
#include <stddef.h>

struct maya_key {
    double time, value;
    int tin, tout;                 /* maya_tangent, -1 = unknown word */
    const char *tin_word, *tout_word;
    double tan_locked, weight_locked, breakdown; /* raw flag numbers */
    bool has_breakdown;            /* animVersion >= 1.1 */
    double in_angle, in_weight;    /* when tin is fixed */
    double out_angle, out_weight;  /* when tout is fixed */
};

/* animData statements; a NULL word means the statement was absent. */
typedef struct maya_adata {
    const char *input, *output;
    bool has_weighted;
    double weighted;
    const char *input_unit, *output_unit, *tangent_angle_unit;
    const char *pre_infinity, *post_infinity;
    maya_key *keys;
    size_t key_count;
} maya_adata;

struct maya_entry {
    bool curve;                 /* false: placeholder */
    unsigned name_count;        /* 0, 1 or 3 */
    const char *names[3];       /* full attribute, leaf attribute, node */
    double row, child, attr;
    maya_adata data;
};

struct maya_doc {
    const char *anim_version;   /* NULL: absent (an error) */
    const char *maya_version;
    const char *time_unit, *linear_unit, *angular_unit;
    bool has_start_time, has_end_time, has_start_unitless, has_end_unitless;
    double start_time, end_time, start_unitless, end_unitless;
    maya_entry *entries;
    size_t entry_count;
    int precision;              /* max significant digits of the file's numbers, >= 8 */
    bool crlf;                  /* the file's line ends are CRLF */
};

/* Reads a file into a document. Returns false when the file has errors
 * (reported into d; *out is then NULL). */
bool maya_decode(const ak_input *in, const ak_options *opt, ak_diags *d, ak_arena *arena,
                 maya_doc **out);

/* Canonical emitter (spec 5.1). precision: 0 = the document's own (>= 8),
 * else 1..17 (the CLI's --precision). crlf: CRLF line ends. Unwritable
 * content (NaN, names Maya cannot write) is reported into d (may be NULL);
 * returns false then. */
bool maya_emit(const maya_doc *doc, int precision, bool crlf, bool strict, ak_diags *d, ak_buf *out);

/* The document as JSON (spec field names in snake_case). */
bool maya_dump_doc(const maya_doc *doc, ak_buf *out);
/* The JSON Schema of that dump (maya.dump.schema.json, embedded by the build). */
extern const char maya_dump_schema[];

#endif
