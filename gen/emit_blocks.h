/* animgen: block checks of the element arrays of binary layouts.
 *
 * An array of fixed-size elements whose checks all lie within the element
 * (and the previous element, for `nondecreasing` / `norepeat`) is checked a
 * block at a time by a branch-free predicate b_<S> over the raw words, in
 * 16-byte vectors (GCC/Clang vector extensions): no reports, no stores. A
 * block it passes is one where the per-element reader would report
 * nothing; any other block, and every element when something needs the
 * elements one by one (the streaming dump, a window edge, no_lanes), goes
 * through that reader, so diagnostics stay exactly its own. */
#ifndef AK_GEN_EMIT_BLOCKS_H
#define AK_GEN_EMIT_BLOCKS_H

#include "ast.h"

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#define BLOCK_MAX_WORDS 32

/* One 32-bit word of the element. Its key, x ^ ((x >> 31) & fa) ^ fb as an
 * int32, orders it as its type orders values (a float's sign-magnitude,
 * an unsigned's offset), so that every constraint on it is lo <= key <= hi. */
typedef struct block_word {
    uint32_t fa, fb;
    int32_t lo, hi;
    bool flt;    /* a float: orders compare it as one */
    bool lt, eq; /* nondecreasing, norepeat: against the same word of the previous element */
    int below, above; /* a bound the array's context sets (block_bound), or -1 */
} block_word;

/* A float's bound that is not a constant but the same for the whole array:
 * `<= global_duration when global_duration > 0` (root fields, constants). */
typedef struct block_bound {
    const char *op;
    const expr *value, *when;
} block_bound;

#define BLOCK_MAX_BOUNDS 8

typedef struct block_plan {
    int words;   /* of an element */
    int group;   /* elements in the smallest run of whole 16-byte vectors */
    int vectors; /* ... and those vectors */
    int blocks;  /* groups in a block (about 64 elements) */
    endian end;
    bool orders;
    block_word w[BLOCK_MAX_WORDS];
    int bounds;
    block_bound bound[BLOCK_MAX_BOUNDS];
} block_plan;

/* Whether element struct s can be checked by blocks, and how; watched(name)
 * says whether a field's values are summed (nonempty), which only the
 * per-element reader does. */
bool cc_block_plan(compiler *cc, struct_decl *s, endian fmt_end, bool (*watched)(void *, const char *), void *arg,
                   block_plan *p);
/* The predicate `static bool b_<s>(const uint8_t *q_, size_t ng_, const
 * <root> *r_)` of a planned struct, under #if AK_LBLOCKS_LE (or _BE). */
void cc_emit_block_fn(compiler *cc, FILE *c, struct_decl *s, const block_plan *p, const char *root_type);

#endif
