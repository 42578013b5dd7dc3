/* What the code animgen generates from a layout's model section calls
 * (gen/emit_model.c), and what the typed hooks of that section get: the
 * writer of a document from the common model, paths of places, keys in
 * time order as the segments a format can hold, and values of table
 * entries. Knows no format. */
#ifndef AK_MODEL_MAP_H
#define AK_MODEL_MAP_H

#include "ak_layout.h"
#include "ak_layout_model.h"
#include "keyed_hash.h"
#include "model_build.h"

#include <stdarg.h>

/* ---- reading (to_model) ------------------------------------------------------ */

/* "parent/field" or "parent/field/index" (index < 0: none; an empty parent:
   no leading '/'), in arena; NULL when it cannot be (or parent is NULL). */
const char *ak_mm_path(ak_arena *arena, const char *parent, const char *field, long index);
/* The stable time order of n keys whose times the caller filled into
   times (ak_stable_order): malloc'd, the caller frees it; NULL with
   b->failed when memory runs out. n == 0 gives a valid pointer. */
size_t *ak_mm_order(ak_model_builder *b, const double *times, size_t n);
/* A value of table entry e at p as a model value, its string copied into
   the arena. False (b->failed) when it cannot be. */
bool ak_mm_value_get(ak_model_builder *b, const ak_lentry *e, const void *p, ak_value *out);

/* ---- writing (from_model) ----------------------------------------------------- */

typedef struct ak_model_writer {
    ak_arena arena;     /* the document being built (charged to the command's budget) */
    ak_arena element;   /* the element of a list of tracks being made (ak_mm_list) */
    ak_arena *into;     /* where the document's parts go: arena, or element while one is made */
    struct ak_diags *d;
    const ak_options *opt;
    const ak_animation *anim;
    ak_track_index index;
    ak_losses losses;
    const ak_rule *loss, *refused;
    bool failed;        /* refused, or out of memory: nothing is written */
    size_t placed;      /* places that got a track so far */
    uint64_t keys_held; /* the budget ak_mm_keys' result holds */
    ak_key *key_buffers[2]; /* ak_mm_keys' buffers, kept from track to track */
    size_t key_buffer_caps[2];
} ak_model_writer;

/* A list of tracks (a layout's `tracks` array) made one at a time as the
   encoder reaches each element (ak_lelements, gen/rt/ak_layout.h): make
   (generated) writes track i of the model into element; what it allocates
   (w->into) is forgotten once the element is encoded. Between elements,
   the encoder's buffer `top` is handed to sink when it holds a chunk (a
   process's own buffer, e.g. the bytes it compresses, stays). sink NULL:
   the output is held in top. The encoder must come before
   ak_mm_writer_finish, which reports what the elements lost. */
typedef struct ak_mm_list {
    ak_lelements elements; /* first: what the encoder is given */
    ak_model_writer *w;
    void *root;
    void (*make)(ak_model_writer *w, void *root, size_t i, void *element);
    ak_buf *top;
    ak_sink *sink;
} ak_mm_list;
ak_lelements *ak_mm_list_init(ak_mm_list *l, ak_model_writer *w, void *root,
                              void (*make)(ak_model_writer *w, void *root, size_t i, void *element), ak_buf *top,
                              ak_sink *sink);

bool ak_mm_writer_init(ak_model_writer *w, const ak_animation *anim, const ak_options *opt, struct ak_diags *d,
                       const ak_rule *loss, const ak_rule *refused, const char *what);
/* The version to write: --format-version when given (the format's list was
   checked by the conversion), else the first of versions. */
const char *ak_mm_version(const ak_options *opt, const char *const *versions);
/* The parts of a version "1.1" in order (at most n); how many. */
size_t ak_mm_version_parts(const char *version, int64_t *parts, size_t n);
/* Refuses the conversion (the refused rule, about track t or the whole). */
void ak_mm_refuse(ak_model_writer *w, const ak_track *t, const char *fmt, ...) AK_PRINTF(3, 4);
/* A loss of kind `what` (a literal) in track t. */
void ak_mm_loss(ak_model_writer *w, const char *what, const ak_track *t, size_t items);
/* Does track t (its component comp, or all of it) fit a place of value
   type vt and this kind? A numeric scalar place takes any numeric scalar
   or component; a vector place its own type; a bool place bools, and
   numbers (by its threshold). If not: a loss, false. */
bool ak_mm_fits(ak_model_writer *w, const ak_track *t, int comp, ak_value_type vt, ak_track_kind kind);
/* The same question, without a word: whether the place can hold it. */
bool ak_mm_holds(const ak_track *t, int comp, ak_value_type vt);
/* The keys of track t (one component of it: comp >= 0, as a double track;
   AK_WHOLE: as they are), in time order and made of the segments the place
   can hold (can: the bits 1u << AK_INTERP_*): Hermite and step-next keys
   become CubicBezier and Hold where it holds those, else every segment
   that is not Hold is Linear; each change is a loss. Charged to the
   command's budget until ak_mm_keys_free, which must come before the next
   call (the buffers are the writer's, reused); false (w->failed) when
   memory or the budget runs out. */
bool ak_mm_keys(ak_model_writer *w, const ak_track *t, int comp, unsigned can, ak_key **keys, size_t *n);
void ak_mm_keys_free(ak_model_writer *w, ak_key *keys);
/* The time of a key as a field of the file: non-finite times refuse the
   conversion (no file holds them); f32 fields round, said once. */
bool ak_mm_time_ok(ak_model_writer *w, const ak_track *t, double time, bool f32);
/* The end of the animation for a file that holds one duration
   (ak_animation_end), said as a loss when it had to be moved to the last
   key. */
double ak_mm_end(ak_model_writer *w);
/* Track t's target (its own names when the model names none). */
const ak_target *ak_mm_target(ak_model_writer *w, const ak_track *t);
/* The name of track t's target property in a format's words (names): the
   native name of its canonical property, with ".x" (".y" ...) for one
   component of a whole one, else the target's property as it is; in the
   writer's arena (NULL when it cannot be). */
const char *ak_mm_native(ak_model_writer *w, const ak_target_name *names, size_t n, const ak_track *t);
/* Names a writer gives to target paths where the format's names cannot hold
   every path (blanks, a leading digit ...): distinct for distinct paths.
   Hashed under a key of its own, so no input makes it slow. Zero it to
   start; it lives in the writer's arena. */
typedef struct ak_mm_names {
    ak_hash_key key;
    const char **paths, **names; /* by path: a path and its name */
    const char **taken;          /* by name: every name given */
    unsigned *next;              /* by name: the suffix to try next when it is taken */
    size_t n, cap;
} ak_mm_names;
/* The name of path: spell(path) (in the arena), unless another path got
   that name first: then "<name>_2", "_3" ... and a loss of kind `loss` (a
   literal). The same path gets the same name each time. NULL (w->failed)
   when memory runs out. */
const char *ak_mm_distinct(ak_model_writer *w, ak_mm_names *set, const char *path,
                           const char *(*spell)(ak_arena *arena, const char *path), const char *loss);
/* A string for a document's string field (not copied: the model outlives
   the document). */
ak_lstr ak_mm_str(const char *s);
/* A track a `tracks by` hook wrote (it is no loss). */
void ak_mm_take(ak_model_writer *w, const ak_track *t);
/* The number of an attribute's text (decimal, or 0x and hex digits; no
   blanks, no sign but a minus of a signed field) when it is one and within
   the field's range. */
bool ak_mm_uint(const char *s, uint64_t max, uint64_t *out);
bool ak_mm_int(const char *s, int64_t min, int64_t max, int64_t *out);
/* n of an object path "<prefix><n>" (`objects "<prefix>"`), or of the bare
   number (an object path written before the prefix was declared). */
bool ak_mm_numbered(const char *path, const char *prefix, uint64_t *n);
/* Tracks no place took are a loss; every loss is reported; the index is
   freed. False when the conversion was refused or memory ran out. */
bool ak_mm_writer_finish(ak_model_writer *w);
void ak_mm_writer_free(ak_model_writer *w);

#endif
