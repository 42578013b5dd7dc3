/* The maths of MRTK's model section (mrtk.layout): Unity AnimationCurve
 * keys (§4.2, §4.3) as the model's Hermite keys and back. Everything else
 * of the mapping is generated from the declaration. */
#include "mrtk_layout.h"

#include <math.h>

/* A 1.0 key: slopes, and the weights its weighted_mode enables (bit 0 in,
 * bit 1 out); unweighted sides have Unity's 1/3. The mode is kept as the
 * key's flags for the way back. */
void mrtk_model_unity(const mrtk_full_key *k, ak_key *out)
{
    out->value.f[0] = k->value;
    out->interp = AK_INTERP_HERMITE;
    out->has_tangents = true;
    out->in_tangent.d[0] = k->in_tangent;
    out->out_tangent.d[0] = k->out_tangent;
    out->in_weighted = (k->weighted_mode & 1) != 0;
    out->out_weighted = (k->weighted_mode & 2) != 0;
    out->in_weight = out->in_weighted ? k->in_weight : 1.0 / 3.0;
    out->out_weight = out->out_weighted ? k->out_weight : 1.0 / 3.0;
    out->flags = (uint32_t)k->weighted_mode;
}

/* §4.3 step 4: a ±∞ tangent on either side makes the segment a step. */
void mrtk_model_unity_steps(ak_track *t)
{
    ak_value in, out, next_in, next_out;
    for (size_t i = 0; i + 1 < t->key_count; i++) {
        ak_key_tangents(t, i, &in, &out);
        ak_key_tangents(t, i + 1, &next_in, &next_out);
        if (isinf(out.d[0]) || isinf(next_in.d[0]))
            ak_key_set_interp(t, i, AK_INTERP_HOLD);
    }
}

/* One side of a key of the segment it ends or starts: a linear segment has
   zero-length handles (weighted 0: §4.2's linear 1.1 keys), a step an
   infinite slope, a Hermite one its slope and weight. */
static void side(const ak_key *k, ak_interp segment, bool in, float *tangent, float *weight, bool *weighted)
{
    *tangent = 0;
    *weight = 0;
    *weighted = true;
    if (segment == AK_INTERP_HOLD) {
        *tangent = in ? 0 : INFINITY;
        *weighted = in;
    } else if (segment == AK_INTERP_HERMITE) {
        *tangent = (float)(in ? k->in_tangent.d[0] : k->out_tangent.d[0]);
        *weighted = in ? k->in_weighted : k->out_weighted;
        *weight = *weighted ? (float)(in ? k->in_weight : k->out_weight) : 0;
    }
}

void mrtk_model_unity_back(const ak_key *keys, size_t n, size_t i, mrtk_full_key *out)
{
    bool in_w, out_w;
    out->value = (float)keys[i].value.d[0];
    side(&keys[i], i > 0 ? keys[i - 1].interp : AK_INTERP_LINEAR, true, &out->in_tangent, &out->in_weight, &in_w);
    side(&keys[i], i + 1 < n ? keys[i].interp : AK_INTERP_LINEAR, false, &out->out_tangent, &out->out_weight, &out_w);
    out->weighted_mode = (in_w ? 1 : 0) | (out_w ? 2 : 0);
}
