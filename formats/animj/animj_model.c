/* The canonical AnimJ (spec 6.1) is the document the common model gives
 * back: to_model and from_model are generated from the model section of
 * animj.schema (the members in the schema's order, numbers as ECMAScript
 * writes them), and the canonical emitter and the dump go through them. */
#include "animj.h"

#include "budget.h"
#include "model.h"

bool animj_reemit(const ak_input *in, const ak_options *opt, ak_diags *d, ak_buf *out)
{
    ak_arena arena;
    ak_arena_init_budget(&arena, 1 << 16, ak_budget_of(d, opt), "the common model");
    ak_animation *anim = NULL;
    bool ok = animj_to_model(in, opt, d, &arena, &anim) && animj_from_model(anim, opt, d, out);
    ak_arena_free(&arena);
    return ok;
}

/* The canonical AnimJ is the clearest dump of an AnimJ file. */
bool animj_dump(const ak_input *in, const ak_options *opt, ak_diags *d, ak_buf *out)
{
    return animj_reemit(in, opt, d, out);
}
