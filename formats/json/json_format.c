/* The `json` format: plain RFC 8259 well-formedness (validate) and the
 * canonical re-emission of a document (dump).
 *
 * Both stream: validate builds nothing; dump writes each event as it comes
 * (member order, duplicate members and the exact text of every number are
 * kept; strings are re-escaped minimally; two-space indentation, LF). The
 * streamed dump (dump_to) validates first, so that nothing is written of a
 * file with errors, then parses again handing the text to the sink in
 * pieces of 64 KiB: it holds what validate holds, whatever the input's size. */
#include "budget.h"
#include "diag.h"
#include "json_parser.h"
#include "json_writer.h"
#include "sink.h"

#include <string.h>

static const char *const json_extensions[] = {".json", NULL};

static void json_validate(const ak_input *in, const ak_options *opt, ak_diags *d)
{
    ak_json_config cfg;
    memset(&cfg, 0, sizeof cfg);
    cfg.max_depth = opt ? opt->max_depth : 0;
    cfg.release_input = in->mapped;
    ak_json_parse(in->data, in->size, &cfg, d);
}

/* The writer, and where its text goes once a chunk is full (NULL: it stays
   in the writer's buffer, the whole dump). */
typedef struct json_dumper {
    ak_json_writer w;
    ak_sink *sink;
} json_dumper;

static int dump_event(void *user, ak_json_parser *p, const ak_json_event *e)
{
    json_dumper *dumper = user;
    ak_json_writer *w = &dumper->w;
    (void)p;
    switch (e->kind) {
    case AK_JSON_BEGIN_OBJECT: ak_json_begin_object(w); break;
    case AK_JSON_END_OBJECT: ak_json_end_object(w); break;
    case AK_JSON_BEGIN_ARRAY: ak_json_begin_array(w); break;
    case AK_JSON_END_ARRAY: ak_json_end_array(w); break;
    case AK_JSON_KEY:
    case AK_JSON_STRING: {
        ak_buf s;
        ak_buf_init(&s);
        const char *text = e->text;
        size_t len = e->text_len;
        if (!ak_json_string_is_raw(e)) {
            if (!ak_json_string_decode(e, &s)) {
                ak_buf_free(&s);
                return 1;
            }
            text = s.data ? s.data : "";
            len = s.len;
        }
        if (e->kind == AK_JSON_KEY)
            ak_json_key(w, text, len);
        else
            ak_json_string(w, text, len);
        ak_buf_free(&s);
        break;
    }
    case AK_JSON_NUMBER: ak_json_raw_number(w, e->text, e->text_len); break;
    case AK_JSON_TRUE: ak_json_bool(w, true); break;
    case AK_JSON_FALSE: ak_json_bool(w, false); break;
    case AK_JSON_NULL: ak_json_null(w); break;
    }
    return dumper->sink && !ak_sink_drain(dumper->sink, w->out, false);
}

/* One parse writing the dump into out (and on to sink, when not NULL). */
static bool dump_pass(const ak_input *in, const ak_options *opt, ak_diags *d, ak_buf *out, ak_sink *sink)
{
    json_dumper dumper = {.sink = sink};
    ak_json_writer_options wopt = {2, false, true};
    ak_json_writer_init(&dumper.w, out, &wopt);
    ak_json_config cfg;
    memset(&cfg, 0, sizeof cfg);
    cfg.max_depth = opt ? opt->max_depth : 0;
    cfg.release_input = sink && in->mapped; /* streamed: what was read can go */
    cfg.handler = dump_event;
    cfg.user = &dumper;
    ak_json_status st = ak_json_parse(in->data, in->size, &cfg, d);
    bool written = ak_json_writer_finish(&dumper.w);
    return st == AK_JSON_OK && written;
}

static bool json_dump(const ak_input *in, const ak_options *opt, ak_diags *d, ak_buf *out)
{
    return dump_pass(in, opt, d, out, NULL);
}

static bool json_dump_to(const ak_input *in, const ak_options *opt, ak_diags *d, ak_sink *out)
{
    size_t errors = ak_diags_errors(d);
    json_validate(in, opt, d);
    if (ak_diags_errors(d) > errors)
        return false;
    /* the second parse's diagnostics repeat the first's: kept aside, but for
       an error only this pass can meet (memory) */
    ak_diag_options level = {ak_diags_strict(d), ak_diags_max_errors(d)};
    ak_diags *again = ak_diags_new(&level);
    if (!again) {
        ak_report_out_of_memory(d, sizeof(ak_diags *), "dumping");
        return false;
    }
    const ak_budget *b = ak_budget_of(d, opt);
    static const ak_options none;
    ak_options own = opt ? *opt : none;
    own.max_memory = b->limit > b->used + 1 ? b->limit - b->used : 1;
    ak_buf text;
    ak_buf_init(&text);
    ak_buf_attach(&text, ak_budget_of(again, &own));
    bool ok = ak_buf_reserve(&text, AK_SINK_CHUNK + 256) && dump_pass(in, &own, again, &text, out) &&
              !out->failed && ak_sink_write(out, text.data, text.len);
    for (size_t i = 0; !ok && i < ak_diags_count(again); i++) {
        const ak_diag *g = ak_diags_at(again, i);
        if (g->severity == AK_SEV_ERROR)
            ak_report(d, g->rule, g->offset, g->length, g->path, "%s", g->message);
    }
    ak_buf_detach(&text);
    ak_buf_free(&text);
    ak_diags_free(again);
    return ok;
}

/* The dump of a JSON file is the document written again: any JSON value. */
static const char json_dump_schema[] =
    "{\n"
    "  \"$schema\": \"https://json-schema.org/draft/2020-12/schema\",\n"
    "  \"$id\": \"https://animkit.invalid/schemas/json.dump.schema.json\",\n"
    "  \"title\": \"animkit dump of JSON\",\n"
    "  \"$comment\": \"The dump of a JSON file is its document written again (2-space indent, numbers as "
    "written): any JSON value. animkit validate --format json checks what JSON Schema cannot: duplicate "
    "members, lone surrogates, numbers beyond a double.\"\n"
    "}\n";

const ak_format ak_format_json = {
    .id = "json",
    .name = "JSON (RFC 8259, well-formedness only)",
    .extensions = json_extensions,
    .text = true,
    .text_never = AK_TEXT_NEVER_C0 | AK_TEXT_NEVER_BAD_UTF8, /* json.syntax.control-char, json.encoding.invalid-utf8 */
    .rules = ak_json_rules,
    .rule_count = AK_JSON_R_COUNT,
    .validate = json_validate,
    .dump = json_dump,
    .dump_to = json_dump_to,
    .dump_schema = json_dump_schema,
    /* Any object might be JSON: a file is plain JSON only when it is named
       .json or --format json says so (an AnimJ or Glaxnimate file is JSON
       too, and passing it as "valid JSON" would check nothing of it). */
    .generic = true,
};
