/* libFuzzer harness of the MRTK front end (all generated from
 * formats/mrtk/mrtk.layout): validates (normal and strict), dumps, and
 * checks the differential properties:
 *  - the streaming validator and the decoder behind dump report the same
 *    diagnostics;
 *  - validating without the block checks (no_lanes) reports the same;
 *  - whatever dumps, undumps to a file that validates without errors and
 *    dumps to the same JSON (checked for one input in two, chosen by its
 *    bytes, and for every file without diagnostics);
 *  - a file with no diagnostic at all undumps to exactly its own bytes;
 *  - a file without errors converts through the common model into a file
 *    without errors (ak_fuzz_convert_check: the format its bytes choose).
 * Any mismatch aborts. */
#include <animkit/animkit.h>

#include "fuzz_support.h"
#include "fuzz_alloc.h"

#ifdef AK_FUZZ_MUTATORS
#include "layout_mutator.h"
#include "mrtk_layout.h"
AK_FUZZ_LAYOUT_MUTATORS(mrtk_llayout)
#endif

#include <stdlib.h>
#include <string.h>

#define MAX_ERRORS 10

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (ak_fuzz_alloc_run("mrtk", "animx", data, size))
        return 0;
    const ak_format *f = ak_fuzz_format("mrtk");
    ak_input in = {"fuzz", data, size, false};
    ak_options opt = {0};
    /* a 1.0 file has 389 curves, and a mutated one a warning or two on
       each: ten errors (a hundred warnings stored) say as much for the
       comparisons below at a fraction of the reporting */
    ak_diags *v = ak_fuzz_validate(f, &in, NULL, MAX_ERRORS);
    /* block checks are a pure speed-up; the decoder behind dump below reads
       element by element too, so one input in four is enough here (the
       harness is the slowest: every validation walks 389 curves) */
    if ((ak_fuzz_choice(data, size) & 0x30) == 0)
        ak_fuzz_same_without_fast_paths(f, &in, NULL, MAX_ERRORS, v);

    ak_diag_options dopt = {.strict = false, .max_errors = MAX_ERRORS};
    ak_diags *dd = ak_diags_new(&dopt);
    ak_buf json;
    ak_buf_init(&json);
    bool dumped = f->dump(&in, &opt, dd, &json);
    if (!ak_fuzz_same_diags(v, dd))
        abort(); /* validator and decoder disagree */
    /* dump -> undump -> dump re-runs two JSON pipelines: for one input in
       two (by its bytes; a file without diagnostics always), at twice the
       executions a second */
    if (dumped && (ak_diags_count(v) == 0 || (ak_fuzz_choice(data, size) & 1) == 0)) {
        ak_input jin = {"fuzz.json", (const uint8_t *)json.data, json.len, false};
        ak_diags *ud = ak_diags_new(NULL);
        ak_buf bin;
        ak_buf_init(&bin);
        if (!f->undump(&jin, &opt, ud, &bin))
            abort(); /* a dump must undump */
        if (ak_diags_count(v) == 0 && (bin.len != size || memcmp(bin.data, data, size) != 0))
            abort(); /* decode -> encode must give the same bytes */
        ak_input bin_in = {"fuzz.bin", (const uint8_t *)bin.data, bin.len, false};
        ak_diags *d2 = ak_diags_new(NULL);
        ak_buf json2;
        ak_buf_init(&json2);
        if (!f->dump(&bin_in, &opt, d2, &json2) || json2.len != json.len || memcmp(json2.data, json.data, json.len))
            abort(); /* the dump is a fixpoint */
        ak_buf_free(&json2);
        ak_diags_free(d2);
        ak_buf_free(&bin);
        ak_diags_free(ud);
    }
    ak_buf_free(&json);
    ak_diags_free(dd);
    ak_fuzz_convert_check(f, &in, v);
    ak_diags_free(v);
    return 0;
}
