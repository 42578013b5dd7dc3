/* libFuzzer harness of the Glaxnimate validator (animgen-generated
 * automaton and hooks), canonical writer and upgrade: validates at both
 * levels and checks that every diagnostic has a rule of the glaxnimate
 * table (or the tool's), a location inside the input and a path; a file
 * without errors re-emits, the canonical text re-emitting byte-identically
 * (spec 9.1.10), and converts to versions 9 and 8 without a crash. */
#include <animkit/animkit.h>

#include "diag.h"

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
    ak_input in = {"fuzz", data, size, false};
    for (int strict = 0; strict < 2; strict++) {
        ak_diag_options dopt = {strict != 0, 0};
        ak_diags *d = ak_diags_new(&dopt);
        if (!d)
            return 0;
        ak_diags_set_source(d, data, size, true);
        ak_options opt;
        memset(&opt, 0, sizeof opt);
        ak_format_glaxnimate.sniff(data, size);
        ak_format_glaxnimate.validate(&in, &opt, d);
        for (size_t i = 0; i < ak_diags_count(d); i++) {
            const ak_diag *g = ak_diags_at(d, i);
            if (!g->path || g->offset > size)
                abort();
            if (strncmp(g->rule->code, "glaxnimate.", 11) != 0 && strncmp(g->rule->code, "animkit.", 8) != 0)
                abort();
        }
        bool clean = ak_diags_errors(d) == 0;
        ak_diags_free(d);
        if (!clean || strict)
            continue;
        ak_diags *d2 = ak_diags_new(NULL);
        ak_buf once, twice;
        ak_buf_init(&once);
        ak_buf_init(&twice);
        if (ak_format_glaxnimate.reemit(&in, &opt, d2, &once)) {
            ak_input again = {"fuzz", (const uint8_t *)once.data, once.len, false};
            if (!ak_format_glaxnimate.reemit(&again, &opt, d2, &twice) || twice.len != once.len ||
                memcmp(once.data, twice.data, once.len) != 0)
                abort();
        }
        ak_buf_free(&once);
        ak_buf_free(&twice);
        ak_diags_free(d2);
        convert_to(&in, "9");
        convert_to(&in, "8");
    }
    return 0;
}
