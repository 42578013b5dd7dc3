/* libFuzzer harness of the AnimJ validator (animgen-generated automaton and
 * hooks): validates at both levels and checks that every diagnostic has a
 * rule of the animj table, a location inside the input and a path; that
 * validating without lanes reports exactly the same (lanes are a pure
 * speed-up); and
 * that a file without errors re-emits canonically, the canonical text
 * re-emitting byte-identically (spec 6.1.8). */
#include <animkit/animkit.h>

#include "diag.h"
#include "fuzz_support.h"

#include <stdlib.h>
#include <string.h>

extern const ak_format ak_format_animj;

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    for (int strict = 0; strict < 2; strict++) {
        ak_diag_options dopt = {strict != 0, 0};
        ak_diags *d = ak_diags_new(&dopt);
        if (!d)
            return 0;
        ak_diags_set_source(d, data, size, true);
        ak_input in = {"fuzz", data, size, false};
        ak_options opt;
        memset(&opt, 0, sizeof opt);
        ak_format_animj.sniff(data, size);
        ak_format_animj.validate(&in, &opt, d);
        for (size_t i = 0; i < ak_diags_count(d); i++) {
            const ak_diag *g = ak_diags_at(d, i);
            if (!g->path || g->offset > size)
                abort();
            if (strncmp(g->rule->code, "animj.", 6) != 0 && strncmp(g->rule->code, "animkit.", 8) != 0)
                abort();
        }
        /* the same report event by event */
        ak_diags *slow = ak_diags_new(&dopt);
        if (!slow)
            abort();
        ak_diags_set_source(slow, data, size, true);
        ak_options no_lanes = opt;
        no_lanes.no_lanes = true;
        ak_format_animj.validate(&in, &no_lanes, slow);
        if (!ak_fuzz_same_diags(d, slow))
            abort();
        ak_diags_free(slow);
        bool clean = ak_diags_errors(d) == 0;
        ak_diags_free(d);
        if (!clean || strict)
            continue;
        ak_diag_options o2 = {false, 0};
        ak_diags *d2 = ak_diags_new(&o2);
        ak_buf once, twice;
        ak_buf_init(&once);
        ak_buf_init(&twice);
        if (ak_format_animj.reemit(&in, &opt, d2, &once)) {
            ak_input again = {"fuzz", (const uint8_t *)once.data, once.len, false};
            if (!ak_format_animj.reemit(&again, &opt, d2, &twice) || twice.len != once.len ||
                memcmp(once.data, twice.data, once.len) != 0)
                abort();
        }
        ak_buf_free(&once);
        ak_buf_free(&twice);
        ak_diags_free(d2);
    }
    return 0;
}
