/* Resonite AnimX: the hand-written parts around the code animgen generates
 * from animx.layout (spec ../shared/specs/animj-animx.md).
 *
 *  - animx_body.c: the `body` hook: counts, encoding, compressed payload and
 *    tracks (validation and decoding into an animx_doc);
 *  - animx_model.c: the common model in both directions and the canonical
 *    encoder (spec §6.2);
 *  - animx.c: the registry entry, sniffing, dump and re-emission;
 *  - animx_undump.c: the inverse of dump (a file from its JSON dump). */
#ifndef AK_FORMATS_ANIMX_H
#define AK_FORMATS_ANIMX_H

#include <animkit/animkit.h>

#include "model.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* Spec §7 A1: whether a Curve key is (time, value) or (value, time) is not
 * settled. This constant is the one place that decides it, for the reader
 * (animx_body.c) and the encoder (animx_model.c); rule animx.curve.order-suspect
 * notices files that read better the other way. */
#define ANIMX_CURVE_TIME_FIRST 1

enum { ANIMX_RAW = 0, ANIMX_DISCRETE = 1, ANIMX_CURVE = 2, ANIMX_BEZIER = 3 };
enum { ANIMX_HOLD = 0, ANIMX_LINEAR = 1, ANIMX_TANGENT = 2, ANIMX_CUBIC_BEZIER = 3 };
#define ANIMX_FLAG_INTERPOLATIONS 0x01u
#define ANIMX_FLAG_TANGENTS 0x02u

/* One decoded track. Strings point into the input or into the arena. */
typedef struct animx_track {
    uint8_t track_type, value_type;
    const char *node, *property;
    size_t node_len, property_len;
    uint32_t key_count;
    float interval;    /* Raw */
    uint8_t flags;     /* Curve */
    uint8_t *interps;  /* Curve: key_count bytes with flag bit 0, else 1 byte */
    float *times;      /* Discrete, Curve */
    ak_value *values;  /* key_count */
    ak_value *left, *right; /* Curve with flag bit 1 */
} animx_track;

typedef struct animx_doc {
    int32_t version;
    uint32_t track_count;
    float global_duration;
    const char *name;
    size_t name_len;
    uint8_t encoding;
    animx_track *tracks;
    bool complete; /* every track was read */
} animx_doc;

/* Decodes data into arena. NULL when the input cannot be decoded (fatal
 * problems); other diagnostics go to d as usual. */
animx_doc *animx_read(const uint8_t *data, size_t size, const ak_options *opt, ak_diags *d, ak_arena *arena);

/* Byte size of one value of type vt in the file; for `string` its minimum
 * (1: a null flag). */
size_t animx_value_size(uint8_t vt);

/* The encoding byte (0 plain, 1 LZ4, 2 LZMA) that ak_options.compress asks for. */
int ak_animx_compression(const ak_options *opt);

/* The canonical encoder (spec §6.2) from the common model: compression 0 =
 * none (the canonical default), 1 = LZ4 chunk stream, 2 = LZMA. Losses are
 * warnings (animx.convert.loss); what cannot be written at all is an error
 * (animx.convert.refused) and returns false. */
bool ak_animx_encode_model(const ak_animation *anim, int compression, ak_diags *d, ak_buf *out);

/* Encoding primitives of the canonical encoder (animx_model.c): little-endian
 * integers, f32 bits as stored, minimal LEB128 counts, 7-bit length strings,
 * one value of type vt as §3.2 lays it out. */
void animx_put_le(ak_buf *b, uint64_t v, unsigned bytes);
void animx_put_f32(ak_buf *b, float f);
void animx_put_count(ak_buf *b, uint64_t v);
void animx_put_string(ak_buf *b, const char *s, size_t n);
void animx_put_value(ak_buf *b, ak_value_type vt, const ak_value *v);

/* The inverse of dump (animx_undump.c): builds the file from its JSON dump.
 * The encoding is ak_options.compress, or the dump's `encoding` by default. */
bool animx_undump_json(const ak_input *json, const ak_options *opt, ak_diags *d, ak_buf *out);

bool animx_to_model(const ak_input *in, const ak_options *opt, ak_diags *d, struct ak_arena *arena,
                    struct ak_animation **out);
bool animx_from_model(const struct ak_animation *anim, const ak_options *opt, ak_diags *d, ak_buf *out);

#endif
