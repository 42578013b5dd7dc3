/* The `glaxnimate` format: Glaxnimate .rawr (../shared/specs/glaxnimate.md).
 *
 * Validation is the validator animgen generates from glaxnimate.schema, on
 * the JSON front end's events, plus the hook of glaxnimate_hooks.c. The
 * JSON front end reports malformed text with its own json.* rules;
 * Glaxnimate names them glaxnimate.json.* and glaxnimate.limit.* (spec
 * 8.2, rules 1-7), so they are renamed on the way out. */
#include "glaxnimate.h"

#include <string.h>

static bool contains(const uint8_t *data, size_t n, const char *needle)
{
    size_t len = strlen(needle);
    for (size_t j = 0; j + len <= n; j++)
        if (data[j] == '"' && memcmp(data + j, needle, len) == 0)
            return true;
    return false;
}

/* Spec section 1: a JSON object whose objects carry "__type__" members, or
 * whose "format" object holds "format_version" (it may come after a large
 * "animation"); a Lottie file has neither. The first 64 KiB suffice: a
 * `.rawr` whose first object starts later is still claimed by its
 * extension. */
static int glaxnimate_sniff(const uint8_t *p, size_t n)
{
    size_t i = 0;
    if (n >= 3 && p[0] == 0xef && p[1] == 0xbb && p[2] == 0xbf)
        i = 3;
    while (i < n && (p[i] == ' ' || p[i] == '\t' || p[i] == '\r' || p[i] == '\n'))
        i++;
    if (i >= n || p[i] != '{')
        return AK_SNIFF_NO;
    size_t window = n < 65536 ? n : 65536;
    if (contains(p + i, window - i, "\"__type__\"") || contains(p + i, window - i, "\"format_version\""))
        return AK_SNIFF_CONTENT;
    return AK_SNIFF_NO;
}

/* The Glaxnimate rule of a JSON front-end diagnostic. */
static const ak_rule *glaxnimate_rule_of(const ak_rule *r)
{
    if (r < ak_json_rules || r >= ak_json_rules + AK_JSON_R_COUNT)
        return r;
    switch (r - ak_json_rules) {
    case AK_JSON_R_DEPTH: return &glaxnimate_rules[glaxnimate_R_LIMIT_DEPTH];
    case AK_JSON_R_BOM: return &glaxnimate_rules[glaxnimate_R_JSON_BOM];
    case AK_JSON_R_UTF16:
    case AK_JSON_R_UTF32:
    case AK_JSON_R_INVALID_UTF8:
    case AK_JSON_R_LONE_SURROGATE: return &glaxnimate_rules[glaxnimate_R_JSON_ENCODING];
    case AK_JSON_R_DUPLICATE_MEMBER: return &glaxnimate_rules[glaxnimate_R_JSON_DUPLICATE_KEY];
    case AK_JSON_R_OUT_OF_RANGE: return &glaxnimate_rules[glaxnimate_R_JSON_NUMBER_RANGE];
    case AK_JSON_R_NOT_INTEGER: return &glaxnimate_rules[glaxnimate_R_PROP_NOT_INTEGER];
    default: return &glaxnimate_rules[glaxnimate_R_JSON_SYNTAX];
    }
}

/* Qt's JSON parser refuses deeper nesting (spec 8.2 rule 7). */
#define GLAXNIMATE_MAX_DEPTH 1024u
/* Spec 8.2 rule 8's default size cap. */
#define GLAXNIMATE_MAX_SIZE ((size_t)256 << 20)

static void glaxnimate_validate(const ak_input *in, const ak_options *opt, ak_diags *d)
{
    if (in->size > GLAXNIMATE_MAX_SIZE) {
        ak_report(d, &glaxnimate_rules[glaxnimate_R_LIMIT_SIZE], 0, 0, "", "the file has %zu bytes; the cap is %zu",
                  in->size, GLAXNIMATE_MAX_SIZE);
        return;
    }
    ak_diag_options dopt = {opt ? opt->strict : false, opt ? opt->max_errors : 0};
    ak_diags *tmp = ak_diags_new(&dopt);
    if (!tmp)
        return;
    ak_diags_set_source(tmp, in->data, in->size, true);
    glax_state st;
    memset(&st, 0, sizeof st);
    st.input = in->data;
    ak_options o = opt ? *opt : (ak_options){0};
    if (o.max_depth == 0 || o.max_depth > GLAXNIMATE_MAX_DEPTH)
        o.max_depth = GLAXNIMATE_MAX_DEPTH;
    glaxnimate_validate_json(in->data, in->size, &o, tmp, &glaxnimate_rules[glaxnimate_R_JSON_DUPLICATE_KEY],
                             in->mapped, &st);
    glax_state_free(&st);
    /* a version this validator does not check (1, 2, below 1): that alone,
       and what is wrong with the JSON itself, not a cascade of version
       mismatches (convert reads versions 1 and 2 in legacy mode) */
    bool unsupported = false;
    for (size_t i = 0; i < ak_diags_count(tmp); i++)
        if (ak_diags_at(tmp, i)->rule == &glaxnimate_rules[glaxnimate_R_FORMAT_VERSION_UNSUPPORTED])
            unsupported = true;
    for (size_t i = 0; i < ak_diags_count(tmp); i++) {
        const ak_diag *g = ak_diags_at(tmp, i);
        if (g->rule == &ak_rule_limit_max_errors)
            break;
        if (unsupported && g->rule >= glaxnimate_rules && g->rule < glaxnimate_rules + glaxnimate_RULE_COUNT &&
            g->rule != &glaxnimate_rules[glaxnimate_R_FORMAT_VERSION_UNSUPPORTED])
            continue;
        if (!ak_report_at(d, glaxnimate_rule_of(g->rule), g->offset, g->length, g->line, g->column, g->path, "%s",
                          g->message))
            break;
    }
    ak_diags_free(tmp);
}

const ak_format ak_format_glaxnimate = {
    .id = "glaxnimate",
    .name = "Glaxnimate",
    .extensions = glaxnimate_extensions,
    .text = true,
    .rules = glaxnimate_rules,
    .rule_count = glaxnimate_RULE_COUNT,
    .sniff = glaxnimate_sniff,
    .validate = glaxnimate_validate,
    .dump = glaxnimate_reemit, /* the canonical file is the clearest dump of a Glaxnimate file */
    .reemit = glaxnimate_reemit,
    .reemit_versions = true,
    .to_model = glaxnimate_to_model,
    .json_schema = glaxnimate_json_schema,
    .versions = glaxnimate_versions,
};
