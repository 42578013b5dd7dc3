/* What `animkit lsp` knows of plain JSON (runtime/editor.h): a trailing
 * comma is removed, a repeated member points at the first one, and the
 * outline is the document's objects by their member names. */
#include "editor.h"

static const ak_edit_rule json_edit_rules[] = {
    {"json.syntax.trailing-comma", AK_FIX_TRAILING_COMMA, NULL, NULL, AK_RELATED_NONE, NULL},
    {"json.object.duplicate-member", AK_FIX_NONE, NULL, NULL, AK_RELATED_FIRST_MEMBER, NULL},
};

static const ak_edit_symbol_rule json_symbols[] = {
    {"/**/*", NULL, NULL, "{#}", "", AK_SYMBOL_OBJECT},
};

const ak_editor ak_editor_json = {
    .format = "json",
    .rules = json_edit_rules,
    .rule_count = sizeof json_edit_rules / sizeof json_edit_rules[0],
    .symbols = json_symbols,
    .symbol_count = sizeof json_symbols / sizeof json_symbols[0],
};
