/* What `animkit lsp` knows of Maya .anim (runtime/editor.h), read by the generated front end: the ';' the
 * grammar's actions report missing is inserted; the outline is the document's entries (curves under the
 * placeholder of their node), key K of track T that of the T-th curve (maya_model.c), placed by its spans. */
#include "editor.h"
#include "maya_layout.h"

static const ak_edit_rule maya_edit_rules[] = {
    {"maya.lex.missing-semicolon", AK_FIX_APPEND, ";", "Add the missing ';'", AK_RELATED_NONE, NULL},
    {"maya.lex.word-spans-line", AK_FIX_APPEND, ";", "End the word with ';'", AK_RELATED_NONE, NULL},
};

static const ak_edit_symbol_rule maya_symbols[] = {
    {"/entries/*", "kind", "placeholder", "{names/2}.{names/0}|{names/0}|anim", "placeholder", AK_SYMBOL_NAMESPACE, NULL},
    {"/entries/*", "kind", "curve", "{names/2}.{names/0}|{names/0}|anim", "curve {%}", AK_SYMBOL_FIELD, "{names/2}"},
};

const ak_editor ak_editor_maya = {"maya", maya_edit_rules, 2, maya_symbols, 2, "/entries/%/anim_data/keys/#",
                                  &maya_document};
