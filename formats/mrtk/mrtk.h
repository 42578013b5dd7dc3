/* MRTK input animation: hand-written parts (model mapping, evaluation). */
#ifndef AK_FORMATS_MRTK_H
#define AK_FORMATS_MRTK_H

#include <animkit/animkit.h>

#include "model.h"

bool mrtk_to_model(const ak_input *in, const ak_options *opt, ak_diags *d, struct ak_arena *arena,
                   struct ak_animation **out);

bool mrtk_from_model(const struct ak_animation *anim, const ak_options *opt, ak_diags *d, ak_buf *out);

#endif
