/* libFuzzer harness of animgen's JSON validators beyond AnimJ: the
 * validators generated from the construct cases of tests/animgen/json/
 * (families selected by a late discriminator, versions read ahead,
 * references and keys, enum sets, value syntaxes, unique sets, sibling
 * discriminators looked ahead for). Each input is validated by every case,
 * at both levels: every diagnostic has a location inside the input and a
 * path, and validating without lanes reports exactly the same. */
#include <animkit/animkit.h>

#include "diag.h"
#include "fuzz_support.h"
#include "json_cases.h"

#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static ak_diags *validate(const json_case *jc, const uint8_t *data, size_t size, bool strict, bool lanes)
{
    ak_diag_options dopt = {strict, 0};
    ak_diags *d = ak_diags_new(&dopt);
    if (!d)
        abort();
    ak_diags_set_source(d, data, size, true);
    ak_options opt;
    memset(&opt, 0, sizeof opt);
    opt.no_lanes = !lanes;
    jc->validate(data, size, &opt, d, NULL, false, NULL);
    return d;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    for (size_t k = 0; k < json_case_count; k++) {
        for (int strict = 0; strict < 2; strict++) {
            ak_diags *d = validate(&json_cases[k], data, size, strict != 0, true);
            for (size_t i = 0; i < ak_diags_count(d); i++) {
                const ak_diag *g = ak_diags_at(d, i);
                if (!g->path || g->offset > size)
                    abort();
            }
            ak_diags *slow = validate(&json_cases[k], data, size, strict != 0, false);
            if (!ak_fuzz_same_diags(d, slow))
                abort();
            ak_diags_free(slow);
            ak_diags_free(d);
        }
    }
    return 0;
}
