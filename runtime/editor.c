/* The formats' editors (runtime/editor.h): lookups by format and code. */
#include "editor.h"

#include <string.h>

const ak_editor *ak_editor_of(const ak_format *f)
{
    for (size_t i = 0; f && ak_builtin_editors[i]; i++)
        if (strcmp(ak_builtin_editors[i]->format, f->id) == 0)
            return ak_builtin_editors[i];
    return NULL;
}

const ak_edit_rule *ak_editor_rule(const ak_editor *e, const char *code)
{
    for (size_t i = 0; e && code && i < e->rule_count; i++)
        if (strcmp(e->rules[i].code, code) == 0)
            return &e->rules[i];
    return NULL;
}
