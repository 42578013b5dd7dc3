/* libFuzzer harness of the JSON front end and writer: parses with a handler
 * that uses every helper (path, location, decoding, number conversions),
 * validates through the `json` format, and checks the differential
 * properties: whatever parses is rewritten by the writer into a document
 * that parses to the same events; the text given to the language server in
 * pieces (fuzz_stream.h) gets the diagnostics it gets whole. Any mismatch
 * aborts. */
#include "diag.h"
#include "../grammars/json_parser.h"
#include "../tests/json/json_events.h"
#include "fuzz_alloc.h"
#include "fuzz_stream.h"

#include <stdlib.h>

extern const ak_format ak_format_json;

static int use_everything(void *user, ak_json_parser *p, const ak_json_event *e)
{
    size_t *sink = user;
    const char *path = ak_json_path(p);
    uint32_t line, col;
    ak_json_location(p, e->offset, &line, &col);
    *sink += strlen(path) + line + col;
    if (e->kind == AK_JSON_STRING || e->kind == AK_JSON_KEY) {
        ak_buf s;
        ak_buf_init(&s);
        if (!ak_json_string_decode(e, &s) && e->text_len)
            abort();
        *sink += s.len;
        ak_buf_free(&s);
    } else if (e->kind == AK_JSON_NUMBER) {
        double d;
        float f;
        int64_t i;
        uint64_t u;
        (void)ak_json_number_f64(e, &d);
        (void)ak_json_number_f32(e, &f);
        (void)ak_json_number_i64(p, e, NULL, &i);
        (void)ak_json_number_u64(p, e, NULL, &u);
        if (!(ak_json_number_class(e->text, e->text_len) & AK_JSON_NUMBER_VALID))
            abort(); /* the scanner and the Ragel machine disagree */
    }
    return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (ak_fuzz_alloc_run("json", NULL, data, size))
        return 0;
    ak_diag_options dopt = {false, 0};
    ak_diags *d = ak_diags_new(&dopt);
    ak_diags_set_source(d, data, size, true);
    size_t sink = 0;
    ak_json_config cfg;
    memset(&cfg, 0, sizeof cfg);
    cfg.handler = use_everything;
    cfg.user = &sink;
    ak_json_status st = ak_json_parse(data, size, &cfg, d);
    ak_diags_free(d);

    ak_options opt = {0};
    d = ak_diags_new(&dopt);
    ak_input in = {"fuzz", data, size, false};
    ak_validate(&in, &ak_format_json, &opt, d);
    /* validate and the event parse agree on well-formedness */
    if ((ak_diags_errors(d) == 0) != (st == AK_JSON_OK))
        abort();
    ak_diags_free(d);

    if (st == AK_JSON_OK && !ak_test_round_trip(data, size, "fuzz input"))
        abort();
    /* the text in pieces through the language server's incremental sync */
    ak_fuzz_stream_check(data, size, "file:///f/a.json", "json");
    return 0;
}
