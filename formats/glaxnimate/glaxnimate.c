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
 * file differs from its canonical emission (spec 3.3). */
static void layout_check(const ak_input *in, ak_diags *d)
{
    ak_jtree doc;
    ak_jtree_init(&doc, NULL, NULL, "the Glaxnimate document");
    ak_buf out;
    ak_buf_init(&out);
    if (ak_jtree_read(&doc, in->data, in->size) && glax_write(doc.root, &out) && !out.failed) {
        size_t k = 0, n = out.len < in->size ? out.len : in->size;
        while (k < n && in->data[k] == (uint8_t)out.data[k])
            k++;
        uint32_t line = 1, column = 1;
        for (size_t i = 0; i < k; i++)
            in->data[i] == '\n' ? (line++, column = 1) : column++;
        if (k < in->size || k < out.len)
            ak_report_at(d, &glaxnimate_rules[glaxnimate_R_LAYOUT_NONCANONICAL], k, k < in->size, line, column, "",
                         "%s", k == in->size  ? "the file ends where Glaxnimate's layout goes on"
                               : k == out.len ? "text after the end of Glaxnimate's layout"
                                              : "the bytes differ from Glaxnimate's layout (spec 3.3) from here on");
    }
    ak_buf_free(&out);
    ak_jtree_free(&doc);
}

void glaxnimate_validate(const ak_input *in, const ak_options *opt, ak_diags *d)
{
    glax_state st = {.input = in->data}; /* holds no allocation */
    size_t errors = ak_diags_errors(d), optlen;
    glaxnimate_validate_with(in, opt, d, &st);
    if (ak_format_option(opt, "layout", &optlen) && ak_diags_errors(d) == errors)
        layout_check(in, d);
}
