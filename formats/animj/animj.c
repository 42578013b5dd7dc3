/* The `animj` format: Resonite AnimJ (../shared/specs/animj-animx.md).
 *
 * Validation is the validator animgen generates from animj.schema, on the
 * JSON front end's events, plus the hooks of animj_hooks.c. The JSON front
 * end reports malformed text with its own json.* rules; AnimJ names them
 * animj.json.* (spec table 5.1), so they are renamed on the way out. */
#include "animj.h"

#include <string.h>

static bool contains(const uint8_t *data, size_t n, const char *needle)
{
    size_t len = strlen(needle);
    for (size_t j = 0; j + len <= n; j++)
        if (data[j] == '"' && memcmp(data + j, needle, len) == 0)
            return true;
    return false;
}

/* Spec section 1: optional BOM, JSON whitespace, '{', and "trackType" or a
 * root "tracks" member somewhere in the text (the first 64 KiB suffice: a
 * file whose first track starts later is still claimed by its extension). */
static int animj_sniff(const uint8_t *data, size_t size)
{
    size_t i = 0;
    if (size >= 3 && data[0] == 0xef && data[1] == 0xbb && data[2] == 0xbf)
        i = 3;
    while (i < size && (data[i] == ' ' || data[i] == '\t' || data[i] == '\r' || data[i] == '\n'))
        i++;
    if (i >= size || data[i] != '{')
        return AK_SNIFF_NO;
    size_t n = size < 65536 ? size : 65536;
    /* an animkit dump of an AnimX file has "tracks" too, but its members
       are snake_case: it is JSON for `convert` to undump, not AnimJ (a
       dump without tracks, or of version 0, has no "track_type") */
    if (contains(data + i, n - i, "\"track_type\"") || contains(data + i, n - i, "\"track_count\""))
        return AK_SNIFF_NO;
    if (contains(data + i, n - i, "\"trackType\"") || contains(data + i, n - i, "\"tracks\""))
        return AK_SNIFF_CONTENT;
    return AK_SNIFF_NO;
}

/* The AnimJ rule of a JSON front-end diagnostic. */
static const ak_rule *animj_rule_of(const ak_rule *r)
{
    if (r < ak_json_rules || r >= ak_json_rules + AK_JSON_R_COUNT)
        return r;
    switch (r - ak_json_rules) {
    case AK_JSON_R_DEPTH: return &animj_rules[animj_R_JSON_DEPTH];
    case AK_JSON_R_BOM: return &animj_rules[animj_R_FILE_BOM];
    case AK_JSON_R_UTF16:
    case AK_JSON_R_UTF32:
    case AK_JSON_R_INVALID_UTF8:
    case AK_JSON_R_LONE_SURROGATE: return &animj_rules[animj_R_JSON_ENCODING];
    case AK_JSON_R_DUPLICATE_MEMBER: return &animj_rules[animj_R_JSON_DUPLICATE_KEY];
    case AK_JSON_R_OUT_OF_RANGE: return &animj_rules[animj_R_VALUE_RANGE];
    case AK_JSON_R_NOT_INTEGER: return &animj_rules[animj_R_VALUE_INT_LITERAL];
    default: return &animj_rules[animj_R_JSON_SYNTAX];
    }
}

#define ANIMJ_MAX_DEPTH 64u
/* Spec section 5's default file size cap. */
#define ANIMJ_MAX_SIZE ((size_t)256 << 20)

static void animj_validate(const ak_input *in, const ak_options *opt, ak_diags *d)
{
    if (in->size > ANIMJ_MAX_SIZE) {
        ak_report(d, &animj_rules[animj_R_FILE_SIZE_LIMIT], 0, 0, "", "the file has %zu bytes; the cap is %zu",
                  in->size, ANIMJ_MAX_SIZE);
        return;
    }
    ak_diag_options dopt = {opt ? opt->strict : false, opt ? opt->max_errors : 0};
    ak_diags *tmp = ak_diags_new(&dopt);
    if (!tmp)
        return;
    ak_diags_set_source(tmp, in->data, in->size, true);
    animj_state st;
    memset(&st, 0, sizeof st);
    /* System.Text.Json's MaxDepth (spec 2.1), unless asked for less */
    ak_options o = opt ? *opt : (ak_options){0};
    if (o.max_depth == 0 || o.max_depth > ANIMJ_MAX_DEPTH)
        o.max_depth = ANIMJ_MAX_DEPTH;
    animj_validate_json(in->data, in->size, &o, tmp, &animj_rules[animj_R_JSON_DUPLICATE_KEY], in->mapped, &st);
    for (size_t i = 0; i < ak_diags_count(tmp); i++) {
        const ak_diag *g = ak_diags_at(tmp, i);
        if (g->rule == &ak_rule_limit_max_errors)
            break;
        if (!ak_report_at(d, animj_rule_of(g->rule), g->offset, g->length, g->line, g->column, g->path, "%s",
                          g->message))
            break;
    }
    ak_diags_free(tmp);
}

const ak_format ak_format_animj = {
    .id = "animj",
    .name = "Resonite AnimJ",
    .extensions = animj_extensions,
    .text = true,
    .rules = animj_rules,
    .rule_count = animj_RULE_COUNT,
    .sniff = animj_sniff,
    .validate = animj_validate,
    .dump = animj_reemit, /* the canonical AnimJ is the clearest dump of an AnimJ file */
    .reemit = animj_reemit,
    .to_model = animj_to_model,
    .from_model = animj_from_model,
    .json_schema = animj_json_schema,
};
