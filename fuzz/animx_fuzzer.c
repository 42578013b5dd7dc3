/* libFuzzer harness of the AnimX front end (formats/animx: the header
 * generated from animx.layout, the body hook, the LZMA/LZ4 framing):
 * validates (normal and strict), dumps, converts to the common model and
 * checks the differential properties:
 *  - the streaming validator and the decoder behind dump report the same
 *    diagnostics;
 *  - whatever decodes without errors re-encodes (canonical, plain) to a file
 *    that validates without errors and re-encodes to the same bytes;
 *  - the canonical file also survives LZ4 and LZMA framing unchanged.
 * Any mismatch aborts. */
#include <animkit/animkit.h>

#include "fuzz_support.h"

#include "../formats/animx/animx.h"

#include <stdlib.h>
#include <string.h>

/* Canonical re-encoding of data with `compression`; false when it does not decode. */
static bool canonical(const ak_format *f, const uint8_t *data, size_t size, int compression, ak_buf *out)
{
    ak_input in = {"fuzz", data, size, false};
    ak_options opt = {0};
    ak_arena arena;
    ak_arena_init(&arena, 0);
    ak_diags *d = ak_diags_new(NULL);
    ak_animation *anim = NULL;
    bool ok = f->to_model(&in, &opt, d, &arena, &anim) && ak_animx_encode_model(anim, compression, d, out);
    ak_diags_free(d);
    ak_arena_free(&arena);
    return ok;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const ak_format *f = ak_fuzz_format("animx");
    ak_input in = {"fuzz", data, size, false};
    ak_options opt = {0};
    ak_diags *v = ak_fuzz_validate(f, &in);

    ak_diags *dd = ak_diags_new(NULL);
    ak_buf json;
    ak_buf_init(&json);
    (void)f->dump(&in, &opt, dd, &json);
    if (!ak_fuzz_same_diags(v, dd))
        abort(); /* validator and decoder disagree */
    ak_buf_free(&json);
    ak_diags_free(dd);

    ak_buf a;
    ak_buf_init(&a);
    if (canonical(f, data, size, 0, &a)) {
        ak_diags *ad = ak_diags_new(NULL);
        ak_input ain = {"canonical", (const uint8_t *)a.data, a.len, false};
        f->validate(&ain, &opt, ad);
        if (ak_diags_errors(ad))
            abort(); /* the encoder wrote a file with errors */
        ak_diags_free(ad);
        for (int compression = 0; compression <= 2; compression++) {
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
    ak_diags_free(v);
    return 0;
}
