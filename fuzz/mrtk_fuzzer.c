/* libFuzzer harness of the MRTK front end (all generated from
 * formats/mrtk/mrtk.layout): validates (normal and strict), dumps, and
 * checks the differential properties:
 *  - the streaming validator and the decoder behind dump report the same
 *    diagnostics;
 *  - whatever dumps, undumps to a file that validates without errors and
 *    dumps to the same JSON;
 *  - a file with no diagnostic at all undumps to exactly its own bytes.
 * Any mismatch aborts. */
#include <animkit/animkit.h>

#include <stdlib.h>
#include <string.h>

static const ak_format *format(void)
{
    static const ak_format *f;
    if (!f)
        f = ak_format_find("mrtk");
    return f;
}

static bool same_diags(const ak_diags *a, const ak_diags *b)
{
    if (ak_diags_count(a) != ak_diags_count(b))
        return false;
    for (size_t i = 0; i < ak_diags_count(a); i++) {
        const ak_diag *x = ak_diags_at(a, i), *y = ak_diags_at(b, i);
        if (x->rule != y->rule || x->offset != y->offset || strcmp(x->path, y->path) != 0)
            return false;
    }
    return true;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const ak_format *f = format();
    if (!f)
        abort();
    ak_input in = {"fuzz", data, size, false};
    ak_options opt = {0};
    ak_options strict = {.strict = true};
    ak_diag_options sopt = {.strict = true};

    ak_diags *v = ak_diags_new(NULL);
    f->validate(&in, &opt, v);
    ak_diags *vs = ak_diags_new(&sopt);
    f->validate(&in, &strict, vs);
    ak_diags_free(vs);

    ak_diags *dd = ak_diags_new(NULL);
    ak_buf json;
    ak_buf_init(&json);
    bool dumped = f->dump(&in, &opt, dd, &json);
    if (!same_diags(v, dd))
        abort(); /* validator and decoder disagree */
    if (dumped) {
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
    ak_diags_free(v);
    return 0;
}
