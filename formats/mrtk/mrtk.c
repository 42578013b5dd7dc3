/* MRTK input animation: the format's entry in the registry. Reading,
 * validation, encoding and the JSON dump are generated from mrtk.layout;
 * mrtk_model.c adds what a declaration cannot say (the common model). */
#include "mrtk.h"

#include "mrtk_layout.h"
#include "reader.h"

#include <stdio.h>

/* §1: ".bin" is too generic to count as evidence, so format detection gets
 * no extension: only the magic identifies an MRTK file. */
static const char *const no_extensions[] = {NULL};

/* The generated validator, and the version the header declares (§3.1:
 * int32 major and minor after the magic) for reports. */
static void mrtk_validate_versioned(const ak_input *in, const ak_options *opt, ak_diags *d)
{
    mrtk_validate(in, opt, d);
    ak_reader r;
    ak_reader_init(&r, in->data, in->size);
    int32_t major, minor;
    char version[32];
    if (mrtk_sniff(in->data, in->size) == AK_SNIFF_MAGIC && ak_skip(&r, 8) && ak_read_i32le(&r, &major) &&
        ak_read_i32le(&r, &minor))
        ak_diags_set_version(d, version, (size_t)snprintf(version, sizeof version, "%d.%d", (int)major, (int)minor));
}

/* from_model writes 1.1 (spec §6.3); a 1.0 file converted to MRTK is
   re-emitted as it is, unless --format-version asks for 1.1. */
static const char *const versions[] = {"1.1", NULL};

/* Same format: the layout's own decode and encode, which keep every field
   (the version, 1.0's full Unity keys), rather than the common model. */
static bool mrtk_reemit(const ak_input *in, const ak_options *opt, ak_diags *d, ak_buf *out)
{
    (void)opt;
    ak_arena arena;
    ak_arena_init(&arena, 0);
    mrtk_file *doc = mrtk_decode(in->data, in->size, d, &arena);
    bool ok = doc && ak_diags_errors(d) == 0 && mrtk_encode(doc, out);
    ak_arena_free(&arena);
    return ok;
}

const ak_format ak_format_mrtk = {
    .id = "mrtk",
    .name = "MRTK input animation",
    .extensions = no_extensions,
    .text = false,
    .rules = mrtk_rules,
    .rule_count = mrtk_RULE_COUNT,
    .sniff = mrtk_sniff,
    .validate = mrtk_validate_versioned,
    .dump = mrtk_dump,
    .reemit = mrtk_reemit,
    .undump = mrtk_undump,
    .to_model = mrtk_to_model,
    .from_model = mrtk_from_model,
    .versions = versions,
};
