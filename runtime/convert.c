/* Conversion between formats: through a format's own JSON dump (undump) or
 * through the common model. Knows no format: only the hooks. */
#include <animkit/animkit.h>

#include "arena.h"
#include "model.h"

#include <string.h>

bool ak_model_decode(const ak_format *f, const ak_input *in, const ak_options *opt, ak_diags *d, ak_arena *arena,
                     struct ak_animation **out)
{
    uint64_t cap = opt && opt->max_model ? opt->max_model : AK_DEFAULT_MAX_MODEL;
    ak_arena_init(arena, 0);
    arena->limit = cap > SIZE_MAX ? SIZE_MAX : (size_t)cap;
    *out = NULL;
    if (f->to_model(in, opt, d, arena, out) && *out && ak_diags_errors(d) == 0)
        return true;
    if (arena->over_limit) {
        bool mib = cap >= (UINT64_C(1) << 20);
        ak_report(d, &ak_rule_limit_model, 0, 0, "",
                  "decoding the file into the common model needs more than %llu %s (--max-model)",
                  (unsigned long long)(mib ? cap >> 20 : cap), mib ? "MiB" : "bytes");
    }
    return false;
}

bool ak_model_of_input(const ak_input *in, const ak_format *format, const ak_options *opt, ak_diags *d,
                       const char *what, ak_arena *arena, struct ak_animation **out, const ak_format **used)
{
    ak_arena_init(arena, 0);
    *out = NULL;
    format = ak_resolve_format(in, format, d);
    if (used)
        *used = format;
    if (!format)
        return false;
    if (!format->to_model) {
        ak_report(d, &ak_rule_convert_unsupported, 0, 0, "",
                  "cannot %s %s files: the format does not decode into the common model yet", what, format->id);
        return false;
    }
    return ak_model_decode(format, in, opt, d, arena, out);
}

bool ak_convert(const ak_input *in, const ak_format *from, const ak_format *to, const ak_options *opt,
                ak_diags *d, ak_buf *out, const ak_format **used_from)
{
    ak_options defaults = {0};
    if (!opt)
        opt = &defaults;
    from = ak_resolve_format(in, from, d);
    if (used_from)
        *used_from = from;
    if (!from)
        return false;

    /* Same format: the canonical re-emission keeps everything the file has. */
    if (from == to && to->reemit)
        return to->reemit(in, opt, d, out);

    /* A JSON file converted into a format that can build itself from its own
       dump: that is what the JSON is meant to be (the inverse of dump). */
    if (to->undump && from->id && strcmp(from->id, "json") == 0)
        return to->undump(in, opt, d, out);

    if (!from->to_model || !to->from_model) {
        ak_report(d, &ak_rule_convert_unsupported, 0, 0, "",
                  "cannot convert %s to %s: %s", from->id, to->id,
                  !from->to_model ? "the input format does not decode into the common model yet"
                                  : "the output format cannot encode the common model yet");
        return false;
    }
    ak_arena arena;
    struct ak_animation *anim;
    bool ok = ak_model_decode(from, in, opt, d, &arena, &anim);
    if (ok) {
        /* Losses are reported against the input, which is what the user has in front of them. */
        ok = to->from_model(anim, opt, d, out);
    }
    ak_arena_free(&arena);
    return ok && !out->failed;
}
