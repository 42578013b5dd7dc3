/* Helpers shared by the libFuzzer harnesses. */
#ifndef AK_FUZZ_SUPPORT_H
#define AK_FUZZ_SUPPORT_H

#include <animkit/animkit.h>

#include <stdlib.h>
#include <string.h>

/* The registered format `id`; a build without it cannot fuzz it. */
static inline const ak_format *ak_fuzz_format(const char *id)
{
    const ak_format *f = ak_format_find(id);
    if (!f)
        abort();
    return f;
}

/* Same rules at the same offsets and paths, in the same order. */
static inline bool ak_fuzz_same_diags(const ak_diags *a, const ak_diags *b)
{
    if (ak_diags_count(a) != ak_diags_count(b))
        return false;
    for (size_t i = 0; i < ak_diags_count(a); i++) {
        const ak_diag *x = ak_diags_at(a, i), *y = ak_diags_at(b, i);
        if (x->rule != y->rule || x->offset != y->offset || strcmp(x->path, y->path) != 0)
            return false;
    }
    return true;
}

/* Validates in at the strict level (for crashes only) and at the default
 * level, whose diagnostics it returns (the caller frees them). */
static inline ak_diags *ak_fuzz_validate(const ak_format *f, const ak_input *in)
{
    ak_options opt = {0};
    ak_diag_options sopt = {.strict = true};
    ak_diags *vs = ak_diags_new(&sopt);
    f->validate(in, &opt, vs);
    ak_diags_free(vs);
    ak_diags *v = ak_diags_new(NULL);
    f->validate(in, &opt, v);
    return v;
}

#endif
