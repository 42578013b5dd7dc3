/* libFuzzer harness of the AnimJ validator (animgen-generated automaton and
 * hooks): validates at both levels and checks that every diagnostic has a
 * rule of the animj table, a location inside the input and a path; that
 * validating without lanes reports exactly the same (lanes are a pure
 * speed-up); and
 * that a file without errors re-emits canonically, the canonical text
 * re-emitting byte-identically (spec 6.1.8), its streamed dump (track by
 * track) being the whole rewrite byte for byte, and converts through the
 * common model into a file without errors (ak_fuzz_convert_check: the
 * format its bytes choose); and that its model of track headers, whose
 * keys are taken whole (ak_json_lane_any), says what the whole model says,
 * as does the one of its tracks only, whose keys arrays are passed whole
 * (ak_json_lane_rest, a conversion's reading of its output); and that its
 * whole model, whose keys are read in their spans (ak_json_next_member),
 * has the keys its events give (ak_fuzz_whole_slowly). */
#include <animkit/animkit.h>

#include "diag.h"
#include "fuzz_support.h"
#include "fuzz_alloc.h"

#include <stdlib.h>
#include <string.h>

extern const ak_format ak_format_animj;

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (ak_fuzz_alloc_run("animj", "animx", data, size))
        return 0;
    ak_input in = {"fuzz", data, size, false};
    ak_options opt;
    memset(&opt, 0, sizeof opt);
    for (int strict = 0; strict < 2; strict++) {
        ak_diags *d = ak_fuzz_validate_checked(&ak_format_animj, &in, &opt, strict != 0, "animj.");
        /* the same report event by event */
        ak_fuzz_same_without_lanes(&ak_format_animj, &in, &opt, strict != 0, d);
        bool clean = ak_diags_errors(d) == 0;
        if (clean && !strict)
            ak_fuzz_convert_check(&ak_format_animj, &in, d);
        ak_diags_free(d);
        if (!clean || strict)
            continue;
        ak_fuzz_reemit_fixed_point(&ak_format_animj, &in, &opt);
        ak_fuzz_dump_streams_same(&ak_format_animj, &in, &opt);
        ak_fuzz_headers_as_whole(&ak_format_animj, &in);
        ak_fuzz_whole_slowly(&ak_format_animj, &in);
    }
    return 0;
}
