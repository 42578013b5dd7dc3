/* libFuzzer harness of the Glaxnimate validator (animgen-generated
 * automaton and hooks), canonical writer and upgrade: validates at both
 * levels and checks that every diagnostic has a rule of the glaxnimate
 * table (or the tool's), a location inside the input and a path, and the
 * same validated event by event, without lanes; a file
 * without errors re-emits, the canonical text re-emitting byte-identically
 * (spec 9.1.10), dumps streamed as it dumps whole, converts to versions 9 and 8 without a crash and
 * through the common model into a file without errors (ak_fuzz_convert_check:
 * the format its bytes choose); also
 * the layout check and the legacy upgrade (convert --legacy) on any input. */
#include <animkit/animkit.h>

#include "diag.h"
#include "fuzz_support.h"
#include "fuzz_alloc.h"

#include <stdlib.h>
#include <string.h>

extern const ak_format ak_format_glaxnimate;

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void convert_to(const ak_input *in, const char *version)
{
    ak_diags *d = ak_diags_new(NULL);
    ak_options opt;
    memset(&opt, 0, sizeof opt);
    opt.format_version = version;
    ak_buf out;
    ak_buf_init(&out);
    ak_convert(in, &ak_format_glaxnimate, &ak_format_glaxnimate, &opt, d, &out, NULL);
    ak_buf_free(&out);
    ak_diags_free(d);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (ak_fuzz_alloc_run("glaxnimate", "animj", data, size))
        return 0;
    ak_input in = {"fuzz", data, size, false};
    ak_options opt;
    memset(&opt, 0, sizeof opt);
    for (int strict = 0; strict < 2; strict++) {
        ak_diags *d = ak_fuzz_validate_checked(&ak_format_glaxnimate, &in, &opt, strict != 0, "glaxnimate.");
        /* the same report event by event (the keyframes' lanes) */
        ak_fuzz_same_without_lanes(&ak_format_glaxnimate, &in, &opt, strict != 0, d);
        bool clean = ak_diags_errors(d) == 0;
        if (clean && !strict)
            ak_fuzz_convert_check(&ak_format_glaxnimate, &in, d);
        ak_diags_free(d);
        if (!clean || strict)
            continue;
        ak_fuzz_reemit_fixed_point(&ak_format_glaxnimate, &in, &opt);
        ak_fuzz_dump_streams_same(&ak_format_glaxnimate, &in, &opt);
        convert_to(&in, "9");
        convert_to(&in, "8");
    }
    /* the opt-in layout rule and the legacy upgrade, on anything */
    ak_options layout = {.format_options = "layout"}, legacy = {.format_options = "legacy"};
    ak_diags_free(ak_fuzz_validate_checked(&ak_format_glaxnimate, &in, &layout, true, "glaxnimate."));
    ak_diags *d = ak_diags_new(NULL);
    ak_buf out;
    ak_buf_init(&out);
    ak_format_glaxnimate.reemit(&in, &legacy, d, &out);
    ak_buf_free(&out);
    ak_diags_free(d);
    ak_fuzz_dump_streams_same(&ak_format_glaxnimate, &in, &legacy); /* the legacy dump is checked whole first */
    return 0;
}
