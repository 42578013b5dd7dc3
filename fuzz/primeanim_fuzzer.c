/* libFuzzer harness of the Metroid Prime ANIM front end (formats/primeanim:
 * the layout's generated code and its bitstream hooks): validates (normal,
 * strict, each game hinted, 32-bit totals), dumps, and checks:
 *  - the streaming validator and the decoder behind dump report the same
 *    diagnostics;
 *  - validating without the block checks (no_lanes) reports the same;
 *  - a file without errors (warnings allowed) re-emits to exactly its own
 *    bytes (spec §5.1), through its JSON dump too (a NaN other than C's NAN
 *    is dumped with its bits, "nan:0x7fc00001");
 *  - whatever dumps, undumps to a file that dumps to the same JSON;
 *  - a file without errors converts through the common model into a file
 *    without errors (ak_fuzz_convert_check: the format its bytes choose);
 *  - the streamed dump is the whole one, and the model of track headers
 *    (`--list`) says what the whole model says.
 * Any mismatch aborts. */
#include <animkit/animkit.h>

#include "fuzz_support.h"
#include "fuzz_alloc.h"

#ifdef AK_FUZZ_MUTATORS
#include "layout_mutator.h"
#include "primeanim_layout.h"
AK_FUZZ_LAYOUT_MUTATORS(primeanim_llayout)
#endif

#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (ak_fuzz_alloc_run("primeanim", "animx", data, size))
        return 0;
    const ak_format *f = ak_fuzz_format("primeanim");
    ak_input in = {"fuzz", data, size, false};
    static const char *const settings[] = {"game=mp1", "game=mp2", "s32_totals"};
    for (size_t i = 0; i < 3; i++) {
        ak_options o = {.format_options = settings[i]};
        ak_diags *d = ak_diags_new(NULL);
        f->validate(&in, &o, d);
        ak_diags_free(d);
    }
    ak_options opt = {0};
    ak_diags *v = ak_fuzz_validate(f, &in, NULL, 0);
    ak_fuzz_same_without_fast_paths(f, &in, NULL, 0, v); /* block checks are a pure speed-up */
    bool clean = ak_diags_errors(v) == 0;

    ak_fuzz_dump_streams_same(f, &in, &opt); /* the decoded keys' text goes out as it is written */
    ak_fuzz_headers_as_whole(f, &in);        /* the headers from the key bitmap, no key decoded */
    ak_diags *dd = ak_diags_new(NULL);
    ak_buf json;
    ak_buf_init(&json);
    bool dumped = f->dump(&in, &opt, dd, &json);
    if (!ak_fuzz_same_diags(v, dd))
        abort(); /* validator and decoder disagree */
    if (clean) {
        ak_diags *rd = ak_diags_new(NULL);
        ak_buf out;
        ak_buf_init(&out);
        if (!f->reemit(&in, &opt, rd, &out) || out.len != size || memcmp(out.data, data, size) != 0)
            abort(); /* §5.1: emit(parse(b)) == b, warnings included */
        ak_buf_free(&out);
        ak_diags_free(rd);
    }
    if (dumped) {
        ak_input jin = {"fuzz.json", (const uint8_t *)json.data, json.len, false};
        ak_diags *ud = ak_diags_new(NULL);
        ak_buf bin;
        ak_buf_init(&bin);
        if (!f->undump(&jin, &opt, ud, &bin))
            abort(); /* a dump must undump */
        if (clean && (bin.len != size || memcmp(bin.data, data, size) != 0))
            abort(); /* dump -> undump gives the same bytes */
        ak_input bin_in = {"fuzz.anim", (const uint8_t *)bin.data, bin.len, false};
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
