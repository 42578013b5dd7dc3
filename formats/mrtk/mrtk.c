/* MRTK input animation: the format's entry in the registry. Reading,
 * validation, encoding and the JSON dump are generated from mrtk.layout;
 * mrtk_model.c adds what a declaration cannot say (the common model). */
#include "mrtk.h"

#include "mrtk_layout.h"

/* §1: ".bin" is too generic to count as evidence, so format detection gets
 * no extension: only the magic identifies an MRTK file. */
static const char *const no_extensions[] = {NULL};

const ak_format ak_format_mrtk = {
    .id = "mrtk",
    .name = "MRTK input animation",
    .extensions = no_extensions,
    .text = false,
    .rules = mrtk_rules,
    .rule_count = mrtk_RULE_COUNT,
    .sniff = mrtk_sniff,
    .validate = mrtk_validate,
    .dump = mrtk_dump,
    .undump = mrtk_undump,
    .to_model = mrtk_to_model,
    .from_model = mrtk_from_model,
};
