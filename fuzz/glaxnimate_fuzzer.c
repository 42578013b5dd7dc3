/* libFuzzer harness of the Glaxnimate validator (animgen-generated
 * automaton and hooks), canonical writer and upgrade: validates at both
 * levels and checks that every diagnostic has a rule of the glaxnimate
 * table (or the tool's), a location inside the input and a path, and the
 * same validated event by event, without lanes; a file
 * without errors re-emits, the canonical text re-emitting byte-identically
 * (spec 9.1.10), dumps streamed as it dumps whole, converts to versions 9 and 8 without a crash and
 * through the common model into a file without errors (ak_fuzz_convert_check:
 * the format its bytes choose), completes as it writes as the tree completes
 * whole (streamed_as_whole), lists its tracks as the whole model has them
 * (ak_fuzz_headers_as_whole); also
 * the layout check and the legacy upgrade (convert --legacy) on any input. */
#include <animkit/animkit.h>

#include "ak_jcomplete.h"
#include "diag.h"
#include "glaxnimate_layout.h"
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

/* The document completed as it is written, read shallow
   (ak_jcomplete_write_to), is the tree completed whole (ak_jcomplete)
   written in the same layout: without fresh keys, whose order is the
   writing's there and the tree's here, the same bytes. */
static void text_of(const ak_input *in, bool streamed, ak_buf *out)
{
    ak_jtree t;
    ak_jtree_init(&t, NULL, NULL, "a fuzzed document");
    ak_json_writer w;
    ak_json_writer_options wo = {4, true, true};
    ak_json_writer_init(&w, out, &wo);
    w.first_key = "__type__";
    bool ok;
    if (streamed) {
        ak_jnode *root = ak_jtree_parse_shallow(&t, in->data, in->size, false);
        ok = root && ak_jcomplete_write_to(&t, root, in, &glaxnimate_schema, 8, NULL, NULL, &w, NULL);
    } else {
        ok = ak_jtree_read(&t, in->data, in->size) && ak_jcomplete(&t, &glaxnimate_schema, 8, NULL, NULL) &&
             ak_jtree_write(t.root, &w);
    }
    if (!ak_json_writer_finish(&w) || !ok)
        abort();
    ak_jtree_free(&t);
}

static void streamed_as_whole(const ak_input *in)
{
    ak_buf a, b;
    ak_buf_init(&a);
    ak_buf_init(&b);
    text_of(in, true, &a);
    text_of(in, false, &b);
    if (a.len != b.len || memcmp(a.data, b.data, a.len) != 0)
        abort();
    ak_buf_free(&a);
    ak_buf_free(&b);
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
        streamed_as_whole(&in);
        ak_fuzz_headers_as_whole(&ak_format_glaxnimate, &in);
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
