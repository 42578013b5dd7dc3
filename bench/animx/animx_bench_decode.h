/* The benchmark's one link to the AnimX decoder: decodes an input into an
 * arena document, true when a document came out. */
#ifndef AK_BENCH_ANIMX_DECODE_H
#define AK_BENCH_ANIMX_DECODE_H

#include <animkit/animkit.h>

#include "arena.h"
#include "animx_layout.h"

static inline bool animx_bench_decode(const ak_input *in, const ak_options *opt, ak_diags *d, ak_arena *arena)
{
    return animx_decode(in->data, in->size, opt, d, arena) != NULL;
}

#endif
