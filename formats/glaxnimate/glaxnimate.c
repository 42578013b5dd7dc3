/* The `glaxnimate` format: Glaxnimate .rawr (../shared/specs/glaxnimate.md).
 *
 * Validation is the validator animgen generates from glaxnimate.schema
 * (the caps, the JSON front end's problems as glaxnimate.* rules, the
 * legacy versions, the enclosing object in each diagnostic), on the JSON
 * front end's events, plus the hook of glaxnimate_hooks.c with its state;
 * then, on request, the layout check. The registry entry is generated from
 * the schema's format items. */
#include "diag.h"
#include "glaxnimate_doc.h"
#include "format_options.h"
#include "json_sniff.h"
#include "text_pos.h"


/* Spec section 1: a JSON object whose objects carry "__type__" members, or
 * whose "format" object holds "format_version" (it may come after a large
 * "animation"); a Lottie file has neither. The first 64 KiB suffice: a
 * `.rawr` whose first object starts later is still claimed by its
 * extension. */
int glaxnimate_sniff(const uint8_t *p, size_t n)
{
    static const char *const any[] = {"\"__type__\"", "\"format_version\"", NULL};
    return ak_json_sniff_members(p, n, any, NULL) ? AK_SNIFF_CONTENT : AK_SNIFF_NO;
}

/* Rule 84 (opt-in: the format option "layout"): the first byte where the
 * file differs from its canonical emission (spec 3.3), found as the
 * emission is written (glax_layout_difference): a file of any size. */
static void layout_check(const ak_input *in, ak_diags *d)
{
    size_t k;
    glax_layout how = glax_layout_difference(in, &k);
    if (how == GLAX_LAYOUT_SAME || how == GLAX_LAYOUT_UNKNOWN)
        return;
    ak_text_pos at = AK_TEXT_POS_START;
    ak_text_pos_at(&at, in->data, in->size, k, in->mapped);
    ak_report_at(d, &glaxnimate_rules[glaxnimate_R_LAYOUT_NONCANONICAL], k, k < in->size, at.line, at.column, "", "%s",
                 how == GLAX_LAYOUT_FILE_ENDS    ? "the file ends where Glaxnimate's layout goes on"
                 : how == GLAX_LAYOUT_TEXT_AFTER ? "text after the end of Glaxnimate's layout"
                                                 : "the bytes differ from Glaxnimate's layout (spec 3.3) from here on");
}

void glaxnimate_validate(const ak_input *in, const ak_options *opt, ak_diags *d)
{
    glax_state st = {.input = in->data}; /* holds no allocation */
    size_t errors = ak_diags_errors(d), optlen;
    glaxnimate_validate_with(in, opt, d, &st);
    if (ak_format_option(opt, "layout", &optlen) && ak_diags_errors(d) == errors)
        layout_check(in, d);
}
