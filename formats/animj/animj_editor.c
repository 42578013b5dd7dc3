/* What `animkit lsp` knows of AnimJ (runtime/editor.h): names written in
 * the wrong case take the schema's spelling (trackType, valueType,
 * interpolation), a trailing comma is removed, a repeated member points at
 * the first one; the outline is the tracks (node.property, then the track
 * and value types), and key K of track T is /tracks/T/data/keyframes/K,
 * as the schema's model section reads it. */
#include "editor.h"

/* The interpolation names (read case-insensitively by the semantics hook,
   animj_hooks.c; the schema only says "a string or a number"). */
#define INTERPOLATIONS "Hold|Linear|Tangent|CubicBezier"

static const ak_edit_rule animj_edit_rules[] = {
    {"animj.track.track-type", AK_FIX_CASE, NULL, NULL, AK_RELATED_NONE, NULL},
    {"animj.track.value-type", AK_FIX_CASE, NULL, NULL, AK_RELATED_NONE, NULL},
    {"animj.key.interpolation", AK_FIX_CASE, INTERPOLATIONS, NULL, AK_RELATED_NONE, NULL},
    {"animj.key.interpolation-noncanonical", AK_FIX_CASE, INTERPOLATIONS, NULL, AK_RELATED_NONE, NULL},
    {"animj.json.syntax", AK_FIX_TRAILING_COMMA, NULL, NULL, AK_RELATED_NONE, NULL},
    {"animj.json.duplicate-key", AK_FIX_NONE, NULL, NULL, AK_RELATED_FIRST_MEMBER, NULL},
};

static const ak_edit_symbol_rule animj_symbols[] = {
    {"/tracks/*", NULL, NULL, "{data/node}.{data/property}", "{trackType} {valueType}", AK_SYMBOL_FIELD, NULL},
};

const ak_editor ak_editor_animj = {
    .format = "animj",
    .rules = animj_edit_rules,
    .rule_count = sizeof animj_edit_rules / sizeof animj_edit_rules[0],
    .symbols = animj_symbols,
    .symbol_count = sizeof animj_symbols / sizeof animj_symbols[0],
    .key_pattern = "/tracks/#/data/keyframes/#",
};
