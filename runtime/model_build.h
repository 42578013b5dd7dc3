/* What every mapping between a format and the common model shares, in both
 * directions (runtime/model_build.c): the animation being built, the one
 * stable order of keys by time, the index a writer finds the model's
 * tracks in by their targets, and the losses a writer reports once per
 * kind, with their count and targets. The mappings are generated from the
 * formats' model declarations (gen/rt/ak_model_map.c) with hooks for their
 * maths; this file knows no format. */
#ifndef AK_RUNTIME_MODEL_BUILD_H
#define AK_RUNTIME_MODEL_BUILD_H

#include "model.h"

#include <stdbool.h>
#include <stddef.h>

struct ak_diags;
struct ak_rule;

/* ---- the stable order of keys by time ------------------------------------ */

/* order[0..n) = the indices 0..n-1 sorted by times[i] (NaN last), equal
 * times in index order: a bottom-up merge sort, no recursion, O(n log n)
 * on any input, O(n) on keys in order (as files have them). False when
 * memory for it runs out. The one key sort of every format (MRTK curves,
 * AnimX keys, writers that take the model's keys in time order). */
bool ak_stable_order(const double *times, size_t n, size_t *order);

/* ---- building an animation (to_model) ------------------------------------- */

typedef struct ak_model_builder {
    ak_arena *arena;
    struct ak_diags *d;
    ak_animation *anim;
    size_t cap;
    bool failed;
    /* Track headers only (ak_format.to_model_headers): no keys are
       allocated; each track gets its key_count and time range (ak_track) */
    bool headers;
} ak_model_builder;

/* An empty animation in arena: no name, start 0, end unknown (NAN). */
bool ak_mb_begin(ak_model_builder *b, ak_arena *arena, struct ak_diags *d);
/* A new track (zeroed; pre and post constant), or NULL (b->failed). */
ak_track *ak_mb_track(ak_model_builder *b);
/* Room for t's n keys (ak_track_alloc_keys); in a model of headers, their
   count only: the keys set then (ak_key_set, ak_key_set_time, in order)
   make its time range, and nothing else is kept of them. */
bool ak_mb_keys(ak_model_builder *b, ak_track *t, size_t n, unsigned parts);
/* s[0..n) copied into the arena, NUL-terminated; NULL (b->failed) when it
   cannot be. A NULL s stays NULL. */
const char *ak_mb_string(ak_model_builder *b, const char *s, size_t n);
/* The same for a NUL-terminated s (NULL stays NULL). */
const char *ak_mb_cstring(ak_model_builder *b, const char *s);
/* An attribute "<format>.<field>" = value (copied). */
bool ak_mb_attribute(ak_model_builder *b, const char *name, const char *value);
/* The animation, or NULL when something failed (reported). */
ak_animation *ak_mb_finish(ak_model_builder *b);

/* ---- finding the model's tracks (from_model) ------------------------------- */

/* The model's tracks by target, for a writer whose file has places for
 * certain targets (MRTK's channels, Glaxnimate's properties): a place asks
 * for one target, and gets the track that holds it whole or the track that
 * holds that one component. Each track is taken once; what was not taken is
 * a loss ("fits nowhere in the file"). */
typedef struct ak_track_ref {
    const ak_target *target;
    size_t track;
} ak_track_ref;
typedef struct ak_track_index {
    const ak_animation *anim;
    ak_track_ref *order; /* the tracks sorted by target, then index */
    bool *taken;
    /* each track's target; a track that names none (a model built by hand)
       is known by its own names: (node, property, whole) */
    ak_target *targets;
} ak_track_index;

bool ak_track_index_init(ak_track_index *x, const ak_animation *anim);
/* The first track with exactly this target, taken or not (NULL: none). */
const ak_track *ak_track_index_find(const ak_track_index *x, const ak_target *want);
/* The track for a target: *component is the component of its values the
   place takes (AK_WHOLE: the whole value). NULL when none. Marks it taken. */
const ak_track *ak_track_index_take(ak_track_index *x, const ak_target *want, int *component);
void ak_track_index_free(ak_track_index *x);

/* ---- losses (from_model) ---------------------------------------------------- */

/* What a writer cannot keep, counted per kind and reported once per kind:
 * "<what>: 3 tracks (ball/position.x, ball/position.y, ball/scale)" or,
 * with items, "<what>: 12 keys in 2 tracks (...)". A kind is its `what`
 * string (compared by pointer: a literal). */
#define AK_LOSS_KINDS 24
#define AK_LOSS_NAMED 4
typedef struct ak_loss_kind {
    const char *what;
    size_t tracks, items;
    const ak_track *last;     /* the last track counted (not counted twice) */
    char named[AK_LOSS_NAMED][96];
    double worst, worst_time; /* a deviation the kind reports (approximations) */
    bool has_worst;
} ak_loss_kind;
typedef struct ak_losses {
    ak_loss_kind kind[AK_LOSS_KINDS];
    size_t count;
} ak_losses;

void ak_losses_init(ak_losses *l);
/* One more of kind `what` in track t (NULL: the animation itself), items
   of it (0: the track as a whole). */
void ak_loss(ak_losses *l, const char *what, const ak_track *t, size_t items);
/* The largest deviation an approximation of kind `what` made. */
void ak_loss_deviation(ak_losses *l, const char *what, double worst, double at);
/* Reports every kind with rule (in the order first met); false when the
   error limit stopped it. */
bool ak_losses_report(const ak_losses *l, struct ak_diags *d, const struct ak_rule *rule);

#endif
