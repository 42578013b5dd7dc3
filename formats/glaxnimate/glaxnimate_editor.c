/* What `animkit lsp` knows of Glaxnimate (runtime/editor.h): an enum name
 * in the wrong case takes the schema's spelling, a number written as a
 * string (format_version, a coerced property) is unquoted, an object's
 * missing properties are added with the defaults the schema declares for
 * its __type__, a trailing comma is removed; a repeated member points at
 * the first one, and a UUID that is repeated or referred to the wrong way
 * points at the object that has it. The outline is the compositions and,
 * inside them, the layers and shapes by name. */
#include "editor.h"

#define SAME_UUID AK_FIX_NONE, NULL, NULL, AK_RELATED_SAME_STRING, "uuid"

static const ak_edit_rule glaxnimate_edit_rules[] = {
    {"glaxnimate.value.enum-unknown", AK_FIX_CASE, NULL, NULL, AK_RELATED_NONE, NULL},
    {"glaxnimate.format.version-type", AK_FIX_UNQUOTE, NULL, NULL, AK_RELATED_NONE, NULL},
    {"glaxnimate.prop.coerced", AK_FIX_UNQUOTE, NULL, NULL, AK_RELATED_NONE, NULL},
    {"glaxnimate.prop.missing", AK_FIX_DEFAULTS, "__type__", NULL, AK_RELATED_NONE, NULL},
    {"glaxnimate.json.syntax", AK_FIX_TRAILING_COMMA, NULL, NULL, AK_RELATED_NONE, NULL},
    {"glaxnimate.json.duplicate-key", AK_FIX_NONE, NULL, NULL, AK_RELATED_FIRST_MEMBER, NULL},
    {"glaxnimate.uuid.duplicate", SAME_UUID},
    {"glaxnimate.ref.kind", SAME_UUID},
    {"glaxnimate.ref.parent-scope", SAME_UUID},
    {"glaxnimate.ref.parent-cycle", SAME_UUID},
    {"glaxnimate.ref.precomp-cycle", SAME_UUID},
    {"glaxnimate.ref.text-path", SAME_UUID},
    {"glaxnimate.ref.text-path-sibling", SAME_UUID},
};

static const ak_edit_symbol_rule glaxnimate_symbols[] = {
    {"/animation", NULL, NULL, "{name}", "{__type__}", AK_SYMBOL_CLASS},
    {"/assets/compositions/values/*", NULL, NULL, "{name}", "{__type__}", AK_SYMBOL_CLASS},
    {"/assets/precompositions/values/*", NULL, NULL, "{name}", "{__type__}", AK_SYMBOL_CLASS},
    {"/**/shapes/*", "__type__", "Layer", "{name}", "{__type__}", AK_SYMBOL_NAMESPACE},
    {"/**/shapes/*", NULL, NULL, "{name}", "{__type__}", AK_SYMBOL_OBJECT},
};

const ak_editor ak_editor_glaxnimate = {
    .format = "glaxnimate",
    .rules = glaxnimate_edit_rules,
    .rule_count = sizeof glaxnimate_edit_rules / sizeof glaxnimate_edit_rules[0],
    .symbols = glaxnimate_symbols,
    .symbol_count = sizeof glaxnimate_symbols / sizeof glaxnimate_symbols[0],
};
