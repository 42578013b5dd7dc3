/* The `json` format: plain RFC 8259 well-formedness (validate) and the
 * canonical re-emission of a document (dump).
 *
 * Both stream: validate builds nothing; dump writes each event as it comes
 * (member order, duplicate members and the exact text of every number are
 * kept; strings are re-escaped minimally; two-space indentation, LF). */
#include "json_parser.h"
#include "json_writer.h"

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

static int dump_event(void *user, ak_json_parser *p, const ak_json_event *e)
{
    ak_json_writer *w = user;
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
    return 0;
}

static bool json_dump(const ak_input *in, const ak_options *opt, ak_diags *d, ak_buf *out)
{
    ak_json_writer w;
    ak_json_writer_options wopt = {2, false, true};
    ak_json_writer_init(&w, out, &wopt);
    ak_json_config cfg;
    memset(&cfg, 0, sizeof cfg);
    cfg.max_depth = opt ? opt->max_depth : 0;
    cfg.handler = dump_event;
    cfg.user = &w;
    ak_json_status st = ak_json_parse(in->data, in->size, &cfg, d);
    bool written = ak_json_writer_finish(&w);
    return st == AK_JSON_OK && written;
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
    .dump_schema = json_dump_schema,
    /* Any object might be JSON: a file is plain JSON only when it is named
       .json or --format json says so (an AnimJ or Glaxnimate file is JSON
       too, and passing it as "valid JSON" would check nothing of it). */
    .generic = true,
};
