/* animgen: the entry points of the Lemon parser (schema_lang.y, %name schema_parser). */
#ifndef ANIMGEN_PARSER_H
#define ANIMGEN_PARSER_H

#include "ast.h"

#include <stddef.h>

void *schema_parserAlloc(void *(*alloc)(size_t), compiler *cc);
void schema_parserFree(void *parser, void (*dealloc)(void *));
void schema_parser(void *parser, int major, token *minor);

#endif
