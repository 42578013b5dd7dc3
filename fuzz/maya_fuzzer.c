/* libFuzzer harness of the Maya .anim front end: validates in both modes,
 * samples every curve through the common model (whose model of track
 * headers, read an entry at a time, must say the same), converts a file
 * without errors through it into a file without errors (ak_fuzz_convert_check: the
 * format its bytes choose), and checks two properties of whatever decodes
 * without errors:
 *   - the emitter is a fixed point at --precision 17: emit(decode(emit(x)))
 *     equals emit(x) byte for byte (and emit(x) decodes without errors);
 *   - dump -> undump gives what the emitter gives;
 * and that the text given to the language server in pieces (fuzz_stream.h)
 * gets the diagnostics it gets whole. Any mismatch aborts. */
#include "diag.h"
#include "../runtime/curve.h"
#include "../runtime/model.h"
#include "../runtime/utf8.h"
#include "fuzz_alloc.h"
#include "fuzz_stream.h"
#include "fuzz_support.h"

#include <stdlib.h>
#include <string.h>

extern const ak_format ak_format_maya; /* generated from formats/maya/maya.document */

static bool reemit(const uint8_t *data, size_t size, ak_buf *out)
{
    ak_options opt = {.precision = 17};
    ak_diag_options dopt = {false, 0};
    ak_diags *d = ak_diags_new(&dopt);
    ak_input in = {"fuzz.anim", data, size, false};
    ak_diags_set_source(d, data, size, true);
    bool ok = ak_format_maya.reemit(&in, &opt, d, out);
    ak_diags_free(d);
    return ok;
}

static void sample(const uint8_t *data, size_t size)
{
    ak_options opt = {0};
    ak_diag_options dopt = {false, 0};
    ak_diags *d = ak_diags_new(&dopt);
    ak_input in = {"fuzz.anim", data, size, false};
    ak_arena arena;
    ak_arena_init(&arena, 1 << 14);
    ak_animation *anim;
    if (ak_format_maya.to_model(&in, &opt, d, &arena, &anim)) {
        volatile double sink = 0;
        for (size_t i = 0; i < anim->track_count; i++) {
            ak_curve c;
            if (!ak_curve_from_track(&anim->tracks[i], 0, &arena, &c))
                abort();
            for (int k = -3; k < 12; k++)
                sink += ak_curve_eval(&c, k * 0.37);
        }
        (void)sink;
    }
    ak_arena_free(&arena);
    ak_diags_free(d);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (ak_fuzz_alloc_run("maya", "animx", data, size))
        return 0;
    for (int strict = 0; strict < 2; strict++) {
        ak_options opt = {0};
        ak_diag_options dopt = {strict != 0, 0};
        ak_diags *d = ak_diags_new(&dopt);
        ak_input in = {"fuzz.anim", data, size, false};
        ak_validate(&in, &ak_format_maya, &opt, d);
        if (!strict)
            ak_fuzz_convert_check(&ak_format_maya, &in, d);
        ak_diags_free(d);
    }
    (void)ak_format_maya.sniff(data, size);
    sample(data, size);
    ak_input input = {"fuzz.anim", data, size, false};
    ak_fuzz_headers_as_whole(&ak_format_maya, &input); /* its entries read one at a time */

    ak_buf first, second;
    ak_buf_init(&first);
    ak_buf_init(&second);
    if (reemit(data, size, &first)) {
        if (!reemit((const uint8_t *)first.data, first.len, &second))
            abort(); /* the emitter wrote something that does not read back */
        if (first.len != second.len || memcmp(first.data, second.data, first.len) != 0)
            abort(); /* not a fixed point */
        /* dump -> undump at the same precision gives the same file (words
           that are not UTF-8 cannot survive JSON) */
        if (!ak_utf8_valid((const uint8_t *)first.data, first.len, NULL))
            goto done;
        ak_options opt = {.precision = 17};
        ak_diag_options dopt = {false, 0};
        ak_diags *d = ak_diags_new(&dopt);
        ak_input in = {"fuzz.anim", (const uint8_t *)first.data, first.len, false};
        ak_buf json, back;
        ak_buf_init(&json);
        ak_buf_init(&back);
        if (!ak_format_maya.dump(&in, &opt, d, &json))
            abort();
        ak_input jin = {"fuzz.json", (const uint8_t *)json.data, json.len, false};
        if (!ak_format_maya.undump(&jin, &opt, d, &back))
            abort();
        if (back.len != first.len || memcmp(back.data, first.data, first.len) != 0)
            abort();
        ak_buf_free(&json);
        ak_buf_free(&back);
        ak_diags_free(d);
    }
done:
    ak_buf_free(&first);
    ak_buf_free(&second);
    /* the text in pieces through the language server's incremental sync */
    ak_fuzz_stream_check(data, size, "file:///f/a.anim", "maya");
    return 0;
}
