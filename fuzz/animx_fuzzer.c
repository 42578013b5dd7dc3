/* libFuzzer harness of the AnimX front end (formats/animx: the header
 * generated from animx.layout, the body hook, the LZMA/LZ4 framing):
 * validates (normal and strict), dumps, converts to the common model and
 * checks the differential properties:
 *  - the streaming validator and the decoder behind dump report the same
 *    diagnostics;
 *  - validating without the block checks (no_lanes) reports the same;
 *  - whatever decodes without errors re-encodes (canonical, plain) to a file
 *    that validates without errors and re-encodes to the same bytes;
 *  - the canonical file also survives LZ4 and LZMA framing unchanged
 *    (checked for one canonical file in eight, chosen by its bytes);
 *  - whatever dumps undumps (animx_undump), to a file that dumps to the
 *    same JSON and undumps to the same bytes;
 *  - a file without errors converts through the common model into a file
 *    without errors (ak_fuzz_convert_check: the format its bytes choose);
 *  - an input that starts with '{' is also given to undump as a dump: it
 *    fails with diagnostics and no output, or builds a file that validates
 *    without errors and comes back from its own dump byte for byte.
 * Any mismatch aborts. */
#include <animkit/animkit.h>

#include "fuzz_support.h"

#include "../formats/animx/animx.h"
#include "fuzz_alloc.h"

#ifdef AK_FUZZ_MUTATORS
#include "layout_mutator.h"
#include "animx_layout.h"
AK_FUZZ_LAYOUT_MUTATORS(animx_llayout)
#endif

#include <stdlib.h>
#include <string.h>

/* What every call takes: payloads decompress to at most 1 MiB (an 8 KiB
 * LZMA input may declare gigabytes; past the cap is the size-limit rule,
 * which is fuzzed as well), so that an input costs what its bytes say. */
static ak_options harness_options(void)
{
    ak_options opt = {0};
    opt.max_output = (uint64_t)1 << 20;
    return opt;
}

/* Canonical re-encoding of data with `compression`; false when it does not decode. */
static bool canonical(const ak_format *f, const uint8_t *data, size_t size, int compression, ak_buf *out)
{
    ak_input in = {"fuzz", data, size, false};
    ak_options opt = harness_options();
    ak_arena arena;
    ak_arena_init(&arena, 0);
    ak_diags *d = ak_diags_new(NULL);
    ak_animation *anim = NULL;
    bool ok = f->to_model(&in, &opt, d, &arena, &anim) && ak_animx_encode_model(anim, compression, d, out);
    ak_diags_free(d);
    ak_arena_free(&arena);
    return ok;
}

static bool dump_of(const ak_format *f, const uint8_t *data, size_t size, ak_buf *json)
{
    ak_input in = {"fuzz", data, size, false};
    ak_options opt = harness_options();
    ak_diags *d = ak_diags_new(NULL);
    bool ok = f->dump(&in, &opt, d, json) && ak_diags_errors(d) == 0;
    ak_diags_free(d);
    return ok;
}

/* undump; false (with diagnostics, out untouched) or true. */
static bool undump_of(const ak_format *f, const uint8_t *json, size_t size, ak_buf *out)
{
    ak_input in = {"fuzz.json", json, size, false};
    ak_options opt = harness_options();
    ak_diags *d = ak_diags_new(NULL);
    size_t before = out->len;
    bool ok = f->undump(&in, &opt, d, out);
    if (!ok && (out->len != before || ak_diags_errors(d) == 0))
        abort(); /* a failed undump wrote something, or said nothing */
    ak_diags_free(d);
    return ok;
}

static bool same_buf(const ak_buf *a, const ak_buf *b)
{
    return a->len == b->len && (a->len == 0 || memcmp(a->data, b->data, a->len) == 0);
}

/* A built file: it validates without errors; dump -> undump is a fixed point. */
static void check_built(const ak_format *f, const ak_buf *bin, const ak_buf *json_in)
{
    ak_input in = {"built", (const uint8_t *)bin->data, bin->len, false};
    ak_options opt = harness_options();
    ak_diags *d = ak_diags_new(NULL);
    f->validate(&in, &opt, d);
    if (ak_diags_errors(d))
        abort(); /* undump built an invalid file */
    ak_diags_free(d);
    ak_buf json, again;
    ak_buf_init(&json);
    ak_buf_init(&again);
    if (!dump_of(f, (const uint8_t *)bin->data, bin->len, &json) ||
        (json_in && !same_buf(&json, json_in)) ||
        !undump_of(f, (const uint8_t *)json.data, json.len, &again) || !same_buf(&again, bin))
        abort(); /* dump and undump are not inverse */
    ak_buf_free(&json);
    ak_buf_free(&again);
}

static void fuzz_undump(const ak_format *f, const uint8_t *data, size_t size)
{
    size_t i = 0;
    while (i < size && (data[i] == ' ' || data[i] == '\n' || data[i] == '\r' || data[i] == '\t'))
        i++;
    if (i == size || data[i] != '{')
        return;
    ak_buf bin;
    ak_buf_init(&bin);
    if (undump_of(f, data, size, &bin))
        check_built(f, &bin, NULL);
    ak_buf_free(&bin);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (ak_fuzz_alloc_run("animx", "animj", data, size))
        return 0;
    const ak_format *f = ak_fuzz_format("animx");
    ak_input in = {"fuzz", data, size, false};
    ak_options opt = harness_options();
    ak_diags *v = ak_fuzz_validate(f, &in, &opt, 0);
    ak_fuzz_same_without_fast_paths(f, &in, &opt, 0, v); /* block checks are a pure speed-up */

    ak_diags *dd = ak_diags_new(NULL);
    ak_buf json;
    ak_buf_init(&json);
    (void)f->dump(&in, &opt, dd, &json);
    if (!ak_fuzz_same_diags(v, dd))
        abort(); /* validator and decoder disagree */
    ak_diags_free(dd);
    /* the dump above may be partial (it failed): take a fresh one */
    ak_buf_free(&json);
    ak_buf_init(&json);
    if (dump_of(f, data, size, &json)) {
        ak_buf bin;
        ak_buf_init(&bin);
        if (!undump_of(f, (const uint8_t *)json.data, json.len, &bin))
            abort(); /* a dump that does not undump */
        check_built(f, &bin, &json);
        ak_buf_free(&bin);
    }
    ak_buf_free(&json);
    fuzz_undump(f, data, size);

    ak_buf a;
    ak_buf_init(&a);
    if (canonical(f, data, size, 0, &a)) {
        ak_diags *ad = ak_diags_new(NULL);
        ak_input ain = {"canonical", (const uint8_t *)a.data, a.len, false};
        f->validate(&ain, &opt, ad);
        if (ak_diags_errors(ad))
            abort(); /* the encoder wrote a file with errors */
        ak_diags_free(ad);
        /* the LZMA and LZ4 framings of one canonical file in eight (by its
           bytes: the same input always takes the same path): an LZMA
           encoder costs more than the rest of the checks together */
        uint32_t h = 2166136261u;
        for (size_t i = 0; i < a.len; i++)
            h = (h ^ (uint8_t)a.data[i]) * 16777619u;
        int framings = h % 8 == 0 ? 2 : 0;
        for (int compression = 0; compression <= framings; compression++) {
            ak_buf framed, b;
            ak_buf_init(&framed);
            ak_buf_init(&b);
            if (!canonical(f, (const uint8_t *)a.data, a.len, compression, &framed) ||
                !canonical(f, (const uint8_t *)framed.data, framed.len, 0, &b) || b.len != a.len ||
                memcmp(a.data, b.data, a.len) != 0)
                abort(); /* canonical form is not a fixed point */
            ak_buf_free(&framed);
            ak_buf_free(&b);
        }
    }
    ak_buf_free(&a);
    ak_fuzz_convert_check(f, &in, v);
    ak_diags_free(v);
    return 0;
}
