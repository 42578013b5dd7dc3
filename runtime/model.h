/* The common model: what converts between formats, and what `sample` and
 * `plot` evaluate. An animation is a name, a duration and tracks; a track has
 * a target (node, property), a value type (the 40 AnimX element types are the
 * universal value vocabulary), a kind (raw / discrete / curve) and keys.
 * Everything is allocated in one arena. */
#ifndef AK_RUNTIME_MODEL_H
#define AK_RUNTIME_MODEL_H

#include "arena.h"

struct ak_buf;

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* The 40 AnimX element types, in AnimX byte order. */
typedef enum ak_value_type {
    AK_VT_BOOL, AK_VT_BOOL2, AK_VT_BOOL3, AK_VT_BOOL4,
    AK_VT_BYTE, AK_VT_USHORT, AK_VT_UINT, AK_VT_ULONG,
    AK_VT_SBYTE, AK_VT_SHORT, AK_VT_INT, AK_VT_LONG,
    AK_VT_INT2, AK_VT_INT3, AK_VT_INT4,
    AK_VT_UINT2, AK_VT_UINT3, AK_VT_UINT4,
    AK_VT_LONG2, AK_VT_LONG3, AK_VT_LONG4,
    AK_VT_FLOAT, AK_VT_FLOAT2, AK_VT_FLOAT3, AK_VT_FLOAT4, AK_VT_FLOATQ,
    AK_VT_FLOAT2X2, AK_VT_FLOAT3X3, AK_VT_FLOAT4X4,
    AK_VT_DOUBLE, AK_VT_DOUBLE2, AK_VT_DOUBLE3, AK_VT_DOUBLE4, AK_VT_DOUBLEQ,
    AK_VT_DOUBLE2X2, AK_VT_DOUBLE3X3, AK_VT_DOUBLE4X4,
    AK_VT_COLOR, AK_VT_COLOR32, AK_VT_STRING,
    AK_VT_COUNT
} ak_value_type;

/* How the components of a value type are stored. */
typedef enum ak_value_kind {
    AK_VK_BOOL,   /* b[] */
    AK_VK_UINT,   /* u[] (byte, ushort, uint, ulong, color32 components) */
    AK_VK_INT,    /* i[] */
    AK_VK_F32,    /* f[] */
    AK_VK_F64,    /* d[] */
    AK_VK_STRING, /* s */
} ak_value_kind;

typedef struct ak_value_type_info {
    const char *name;     /* the AnimJ valueType spelling: "float3", "color32" */
    ak_value_kind kind;
    uint8_t components;   /* 1..16 */
    uint8_t bits;         /* width of one component in the binary form (1 for bool) */
} ak_value_type_info;

const ak_value_type_info *ak_value_type_info_of(ak_value_type t);
/* n of an n x n matrix type (float2x2 ... double4x4), 0 for the others. */
unsigned ak_value_type_matrix_dim(ak_value_type t);
/* The JSON member name of component i of a value object (AnimJ, dumps,
 * JSON Schema): x y z w; r g b a for colors; m<row><column> for matrices,
 * row-major. Writes it NUL-terminated into out and returns its length. */
size_t ak_value_component_name(ak_value_type t, unsigned i, char out[4]);
/* The component a member name s[0..n) names, or -1. */
int ak_value_component_index(ak_value_type t, const char *s, size_t n);
/* By AnimJ name (exact case); false when unknown. */
bool ak_value_type_from_name(const char *name, size_t n, ak_value_type *out);

typedef struct ak_value {
    union {
        bool b[4];
        uint64_t u[4];
        int64_t i[4];
        float f[16];
        double d[16];
        struct {
            const char *ptr; /* NULL = null string */
            size_t len;
        } s;
    };
} ak_value;

typedef enum ak_track_kind {
    AK_TRACK_RAW,      /* values at a fixed interval */
    AK_TRACK_DISCRETE, /* keys that hold until the next */
    AK_TRACK_CURVE,    /* keys with interpolation */
} ak_track_kind;

/* Interpolation of the segment that starts at a key. */
typedef enum ak_interp {
    AK_INTERP_HOLD,         /* stays at this key's value (Maya step) */
    AK_INTERP_LINEAR,
    AK_INTERP_TANGENT,      /* AnimX legacy Tangent: Hermite with tangent values */
    AK_INTERP_CUBIC_BEZIER, /* AnimX CubicBezier: control points from tangent values */
    AK_INTERP_HERMITE,      /* slopes and optional weights (Unity, Maya) */
    AK_INTERP_STEP_NEXT,    /* jumps to the next key's value at once (Maya stepnext) */
} ak_interp;

typedef enum ak_infinity {
    AK_INF_CONSTANT,
    AK_INF_LINEAR,
    AK_INF_CYCLE,
    AK_INF_CYCLE_RELATIVE,
    AK_INF_OSCILLATE,
} ak_infinity;

typedef struct ak_key {
    double time;
    ak_value value;
    ak_interp interp;
    /* AK_INTERP_TANGENT / CUBIC_BEZIER: tangent values of the value type.
       AK_INTERP_HERMITE: d[0] of each is the slope (value units per second). */
    ak_value in_tangent, out_tangent;
    bool has_tangents;
    /* AK_INTERP_HERMITE: weights as fractions of the segment's duration
       (Unity's convention; 1/3 is the unweighted value). */
    double in_weight, out_weight;
    bool in_weighted, out_weighted;
    uint32_t flags; /* format-specific bits that survive a round trip */
} ak_key;

/* What a track animates, the same whatever format it comes from or goes to
 * (docs/model.md): the object path ("ball", "left_hand/joints/3",
 * "bone_3"; "" for the animation as a whole), the canonical property
 * ("position", "rotation" (a quaternion x y z w), "euler" (Euler angles
 * x y z), "scale", "opacity", ... or the format's own name where it has no
 * canonical one) and the component of the property's value the track holds
 * (0 = x or r ...; AK_WHOLE: all of them). Every format maps its own names
 * to and from it (its model declaration), and --verify pairs tracks by it. */
enum { AK_WHOLE = -1 };
typedef struct ak_target {
    const char *path;
    const char *property;
    int component;
} ak_target;

typedef struct ak_track {
    const char *node;     /* the object as the format names it; may be NULL */
    const char *property; /* the property as the format names it; may be NULL */
    ak_target target;     /* what it animates (identity); property NULL: unknown */
    ak_value_type type;
    const char *value_unit; /* the values' unit where the format says ("cm", "deg"); may be NULL */
    ak_track_kind kind;
    ak_infinity pre, post;
    double interval;      /* AK_TRACK_RAW: seconds between values */
    double start;         /* AK_TRACK_RAW: time of the first value */
    /* The keys, read and written only through the accessors below (their
       layout is runtime/model.c's); AK_TRACK_RAW: times are start + i *
       interval. key_count may be lowered after ak_track_alloc_keys. */
    struct ak_key_store *store;
    size_t key_count;
    /* A model of track headers only (ak_format.to_model_headers, for
       `--list`): store is NULL, key_count says how many keys the track has
       and a keyed track's earliest and latest key time are these. */
    double earliest, latest;
} ak_track;

/* Whether playback repeats at the end: what a format's flag says, or
 * UNKNOWN when it has none (the zero value). */
typedef enum ak_looping { AK_LOOPING_UNKNOWN = 0, AK_LOOPING_NO, AK_LOOPING_YES } ak_looping;

/* A value of the animation that only some formats have a field for and the
 * model has no member for (a Metroid Prime ANIM's EVNT id), carried from a
 * format's to_model to a writer's from_model. The name is
 * "<format id>.<field>" (the spec's field name), the value text. A writer
 * uses the names of its own format it knows and may report the others as
 * lost. */
typedef struct ak_attribute {
    const char *name;
    const char *value;
} ak_attribute;

typedef struct ak_animation {
    const char *name; /* may be NULL */
    /* The animation's time range in seconds, as the format says it (a Maya
       file's startTime and endTime, an AnimX globalDuration from 0, a
       Glaxnimate composition's first and last frame); end is NAN when the
       format says none (ak_animation_end then gives the last key's time). */
    double start, end;
    ak_track *tracks;
    size_t track_count;
    ak_looping looping;
    const ak_attribute *attributes; /* may be NULL when attribute_count is 0 */
    size_t attribute_count;
} ak_animation;

/* ---- Keys by track and index --------------------------------------------
 * How a track's keys are stored is the model's business (runtime/model.c):
 * per-track arrays, the values packed by the track's value type (a bool
 * sample one byte, a float3 twelve), times only on keyed tracks, and
 * tangents, weights and flags only on tracks allocated with them
 * (bench/model measures the bytes per key). ak_key is how a key is handed
 * in and out whole. */

/* What the keys of a track may carry besides time, value and interpolation
   (ak_track_alloc_keys): a key that has tangents, weights or flags needs its
   track allocated with them (setting them on a track without is a
   programming error: asserted, and dropped). */
enum { AK_KEYS_TANGENTS = 1u, AK_KEYS_WEIGHTS = 2u, AK_KEYS_FLAGS = 4u };

/* Gives t n zeroed keys in arena (any earlier keys are dropped), laid out for
   t->type and t->kind, which must be set before and not change after; false
   when the arena refuses (its budget reports why). A Raw track's keys have
   no time and no interpolation of their own (Hold when read). */
bool ak_track_alloc_keys(ak_track *t, ak_arena *arena, size_t n, unsigned parts);
/* The parts keys[0..n) need (a parser's staged keys, converted keys). */
unsigned ak_keys_parts(const ak_key *keys, size_t n);
/* Gives t the keys keys[0..n) (allocated with the parts they need); false
   when the arena refuses. */
bool ak_track_set_keys(ak_track *t, ak_arena *arena, const ak_key *keys, size_t n);
/* The parts t was allocated with. */
unsigned ak_track_key_parts(const ak_track *t);
/* Key i (< t->key_count) as a whole, and setting it. */
void ak_key_get(const ak_track *t, size_t i, ak_key *out);
void ak_key_set(ak_track *t, size_t i, const ak_key *k);
/* Its time (a Raw track's: start + i * interval). */
double ak_key_time(const ak_track *t, size_t i);
void ak_key_set_time(ak_track *t, size_t i, double time);
ak_interp ak_key_interp(const ak_track *t, size_t i);
void ak_key_set_interp(ak_track *t, size_t i, ak_interp interp);
void ak_key_value(const ak_track *t, size_t i, ak_value *out);
/* Component c of its value as a double (as ak_value_component), read in
   place: what loops over many keys use. */
double ak_key_component(const ak_track *t, size_t i, unsigned c);
void ak_key_set_value(ak_track *t, size_t i, const ak_value *v);
/* Tangents: false (and zero values) when key i has none. */
bool ak_key_has_tangents(const ak_track *t, size_t i);
bool ak_key_tangents(const ak_track *t, size_t i, ak_value *in, ak_value *out);
void ak_key_set_tangents(ak_track *t, size_t i, const ak_value *in, const ak_value *out);
/* Hermite weights (fractions of the segment's duration); *_weighted false
   where the key has none (and 1/3, the unweighted value, on a track
   allocated without AK_KEYS_WEIGHTS). */
void ak_key_weights(const ak_track *t, size_t i, double *in, bool *in_weighted, double *out, bool *out_weighted);
void ak_key_set_weights(ak_track *t, size_t i, double in, bool in_weighted, double out, bool out_weighted);
/* Format-specific bits (ak_key.flags); 0 on a track without AK_KEYS_FLAGS. */
uint32_t ak_key_flags(const ak_track *t, size_t i);
/* Whether a and b have the same keys bit for bit (times, values, strings
   by their text, interpolations, tangents, weights, flags) in the same
   value type and order: two readings of one file by two paths (tests). */
bool ak_track_keys_identical(const ak_track *a, const ak_track *b);

/* Keys collected one at a time when their count is not known in advance (a
 * parser's), already in the compact layout: they grow by doubling in an
 * arena of their own (charged to budget), then move into a track. */
typedef struct ak_key_stage {
    ak_track track; /* the type and kind they are laid out for; key_count is the room */
    size_t count;
    ak_arena arena;
} ak_key_stage;

void ak_key_stage_init(ak_key_stage *s, struct ak_budget *budget);
/* Appends k to keys laid out for type and kind (the first push decides;
   later ones must match); false when the arena refuses. */
bool ak_key_stage_push(ak_key_stage *s, ak_value_type type, ak_track_kind kind, const ak_key *k);
/* Gives t (its type and kind set) the staged keys, allocated in arena, and
   empties the stage; false when arena refuses. */
bool ak_key_stage_move(ak_key_stage *s, ak_track *t, ak_arena *arena);
void ak_key_stage_free(ak_key_stage *s);

/* The value of attribute `name`, or NULL. */
const char *ak_animation_attribute(const ak_animation *anim, const char *name);

/* The end of the animation: anim->end when the format said one, never
 * before the last key of any track (a writer that holds one duration writes
 * this, so that no key comes after it); 0 for an animation without keys or
 * an end. The latest key time of the keyed tracks (Raw samples, whose times
 * follow from the interval, are no keys), and of one track (NAN when it has
 * no keys). */
double ak_animation_end(const ak_animation *anim);
double ak_animation_last_key(const ak_animation *anim);
double ak_track_last_key(const ak_track *t);

/* ---- identity ------------------------------------------------------------- */

/* "path/property.c" (the component's name for the value type of a whole
   track: "ball/position.x", "bone_3/orientation", "opacity"). */
void ak_target_put(struct ak_buf *b, const ak_target *t, ak_value_type type);
bool ak_target_equal(const ak_target *a, const ak_target *b);

/* A format's own property names and the canonical targets they stand for
 * (a format's model declaration): e.g. Maya {"translateX", "position", 0},
 * {"translate", "position", AK_WHOLE}. `quaternion` restricts an entry to
 * quaternion tracks (1) or others (0); -1: any. */
typedef struct ak_target_name {
    const char *native;
    const char *property;
    int component;
    int quaternion; /* 1: only quaternion tracks, 0: only others, -1: any */
} ak_target_name;
/* The target of a native name (compared in any ASCII case): the table's
   entry (a whole one keeps the `component` given); for a scalar track,
   "<name>.x" (.y .z .w; .r .g .b .a of a name the table knows whole) is
   that component of <name>'s target (the base copied into arena; without
   an arena only table names are); else the name itself is the property
   (component: the value of `component` given). path is stored as given. */
void ak_target_of(const ak_target_name *names, size_t n, const char *path, const char *native, ak_value_type type,
                  int component, ak_target *out, ak_arena *arena);
/* The native name of a canonical property and component (exact first, then
   the whole property: *whole set), or NULL when the table has none. */
const char *ak_target_native(const ak_target_name *names, size_t n, const char *property, int component,
                             bool quaternion, bool *whole);

/* Value of a track at time t (runtime/sample.c):
 *  - Raw: lerp between samples floor((t - start) / interval) and the next;
 *    interval <= 0 uses sample 0;
 *  - Discrete, and a Hold segment: the last key at or before t;
 *  - Linear: lerp; legacy Tangent: as Linear (its formula is unknown);
 *  - CubicBezier: per component, control points value, out_tangent of the
 *    left key, in_tangent of the right key, value (u = plain time fraction);
 *  - Hermite and step-next keys, and non-constant infinity: the shared curve
 *    evaluator (curve.h), per component;
 *  - before the first key the first value, after the last the last value;
 *    no keys: the zero value. bool and string: a while u < 0.5, else b.
 *    Integers lerp in double, round half away from zero, saturate.
 *    Quaternions slerp (Linear) or are normalised (CubicBezier). */
bool ak_track_eval(const ak_track *track, double t, ak_value *out);

/* The largest difference between two tracks with the same number of
 * numeric components, sampled at every key of both and 7 points inside each
 * segment: *worst (per component, in value units) and the time *at where it
 * is. Two quaternion tracks (floatQ, doubleQ) deviate by the nearer of q
 * and -q at each sample (one rotation). False for string tracks or
 * different component counts. Curves are built in arena. */
bool ak_track_deviation(const ak_track *a, const ak_track *b, ak_arena *arena, double *worst, double *at);
/* The same for component ca of a against component cb of b (AK_WHOLE: all
   components, as ak_track_deviation); false for strings or when a
   component is out of range. */
bool ak_track_component_deviation(const ak_track *a, int ca, const ak_track *b, int cb, ak_arena *arena,
                                  double *worst, double *at);

/* Decodes in with f's to_model into the model *out, in arena (initialised
 * here, freed by the caller even on failure) capped at opt->max_model; true
 * when that gave a model and no errors. When the cap was the reason it did
 * not, reports animkit.limit.model-size (runtime/convert.c). */
struct ak_options;
struct ak_diags;
struct ak_format;
struct ak_input;
bool ak_model_decode(const struct ak_format *f, const struct ak_input *in, const struct ak_options *opt,
                     struct ak_diags *d, ak_arena *arena, struct ak_animation **out);

/* The input's format (given or detected, *used when not NULL) and its
 * decoding through ak_model_decode, for the commands that evaluate tracks
 * (`what`: "sample", "plot"; named in the message when the format does not
 * decode into the model). The arena is initialised here in any case. */
bool ak_model_of_input(const struct ak_input *in, const struct ak_format *format, const struct ak_options *opt,
                       struct ak_diags *d, const char *what, ak_arena *arena, struct ak_animation **out,
                       const struct ak_format **used);
/* The same with the format's to_model_headers where it has one (`--list`):
 * tracks whose keys are counted, not held (store NULL; key_count,
 * earliest and latest say them); otherwise the whole model. Nothing but
 * the listing reads such a model. */
bool ak_model_headers_of_input(const struct ak_input *in, const struct ak_format *format,
                               const struct ak_options *opt, struct ak_diags *d, const char *what, ak_arena *arena,
                               struct ak_animation **out, const struct ak_format **used);

/* animkit.sample.no-track for a track index at or past count. */
void ak_report_no_track(struct ak_diags *d, size_t track, size_t count);

#endif
