/* The JSON grammar (RFC 8259, section 2): exactly what it allows, nothing
 * more. A Lemon push parser fed one token at a time by the scanner
 * (json.re); its actions turn reductions into the events of the driver
 * (json_parser.c). No error recovery: the first syntax error ends the
 * document, through the single %syntax_error path below.
 *
 * Tokens carry their source spans as the minor value (Lemon runs an action
 * when the token after it arrives, so the spans must travel with the
 * symbol).
 *
 * Speed: most of a float-heavy document is `, value` in arrays and
 * `"name": value` in objects, so the scanner also delivers those as single
 * tokens (C_SCALAR, KEY_SCALAR, C_KEY_SCALAR, C_KEY, C_LBRACE, C_LBRACKET,
 * LBRACKET_SCALAR, C_LBRACKET_SCALAR, LBRACE_KEY_SCALAR, C_LBRACE_KEY_SCALAR,
 * C_SCALAR_RBRACKET, C_KEY_SCALAR_RBRACE: "C_" = with the comma before it).
 * Each is one grammar step instead of three or four; the grammar below
 * still decides where each may stand, so every event comes from a
 * reduction of a valid prefix. The plain tokens remain for everything else
 * (and give the error messages). Opening brackets have their own rules (object_open, array_open)
 * so that BEGIN events come before the events of the members. Nesting is
 * bounded by the driver (json.limit.depth), which also bounds this stack. */

%name ak_json_lemon
%token_prefix AK_JSON_T_
%extra_context {ak_json_parser *jp}
%token_type {ak_json_token}
%default_type {ak_json_token}
%stack_size 0
%start_symbol document

%include {
#include "json_parser.h"
#include <assert.h>
#include <stdlib.h>
#define YYNOERRORRECOVERY 1
}

/* ERROR is never shifted: the scanner feeds it for a lexical error, so
   that pending reductions (and their events) happen first and the error is
   reported through the same %syntax_error path, with the right path. Its
   minor value's flags hold the ak_json_lex_error. */
%token COMMA COLON RBRACE RBRACKET LBRACE LBRACKET STRING SCALAR KEY KEY_SCALAR
       C_SCALAR C_KEY C_KEY_SCALAR C_LBRACE C_LBRACKET LBRACKET_SCALAR C_LBRACKET_SCALAR
       LBRACE_KEY_SCALAR C_LBRACE_KEY_SCALAR C_SCALAR_RBRACKET C_KEY_SCALAR_RBRACE ERROR.

%syntax_error {
    /* What would have been accepted here: the tokens with an action in the
       state the parser is in. */
    bool expected[YYNTOKEN];
    for (int t = 0; t < YYNTOKEN; t++)
        expected[t] = yy_find_shift_action((YYCODETYPE)t, yypParser->yytos->stateno) != YY_ERROR_ACTION;
    ak_json__syntax_error(jp, yymajor, &yyminor, expected, YYNTOKEN);
}

%stack_overflow {
    /* While the driver bounds the depth, only a failed growth of the
       stack (%stack_size 0: realloc) gets here: memory ran out. */
    ak_json__syntax_error(jp, -1, NULL, NULL, 0);
}

document ::= value.

value ::= object.
value ::= array.
value ::= STRING(T).  { ak_json__scalar(jp, AK_JSON_STRING, &T); }
value ::= SCALAR(T).  { ak_json__scalar(jp, AK_JSON_TOKEN_KIND(&T), &T); }

/* Objects: empty, one member, or a first member and `more_members`. The
   first member may come fused with the '{' (LBRACE_KEY_SCALAR); `c_object`
   is an object whose '{' came fused with the comma before it (C_LBRACE,
   C_LBRACE_KEY_SCALAR), as an element of an array. */
object ::= object_open RBRACE(T).                      { ak_json__close(jp, AK_JSON_END_OBJECT, &T); }
object ::= object_first RBRACE(T).                     { ak_json__close(jp, AK_JSON_END_OBJECT, &T); }
object ::= object_first more_members RBRACE(T).        { ak_json__close(jp, AK_JSON_END_OBJECT, &T); }
object_open ::= LBRACE(T).                             { ak_json__open(jp, AK_JSON_BEGIN_OBJECT, &T); }
object_first ::= object_open member.
object_first ::= object_open KEY_SCALAR(T).            { ak_json__key_scalar(jp, &T); }
object_first ::= LBRACE_KEY_SCALAR(T).                 { ak_json__open_key_scalar(jp, &T); }
c_object ::= c_object_open RBRACE(T).                  { ak_json__close(jp, AK_JSON_END_OBJECT, &T); }
c_object ::= c_object_first RBRACE(T).                 { ak_json__close(jp, AK_JSON_END_OBJECT, &T); }
c_object ::= c_object_first more_members RBRACE(T).    { ak_json__close(jp, AK_JSON_END_OBJECT, &T); }
/* the last member fused with the '}' (C_KEY_SCALAR_RBRACE) */
object ::= object_first C_KEY_SCALAR_RBRACE(T).                { ak_json__key_scalar_close(jp, &T); }
object ::= object_first more_members C_KEY_SCALAR_RBRACE(T).   { ak_json__key_scalar_close(jp, &T); }
c_object ::= c_object_first C_KEY_SCALAR_RBRACE(T).            { ak_json__key_scalar_close(jp, &T); }
c_object ::= c_object_first more_members C_KEY_SCALAR_RBRACE(T). { ak_json__key_scalar_close(jp, &T); }
c_object_open ::= C_LBRACE(T).                         { ak_json__open(jp, AK_JSON_BEGIN_OBJECT, &T); }
c_object_first ::= c_object_open member.
c_object_first ::= c_object_open KEY_SCALAR(T).        { ak_json__key_scalar(jp, &T); }
c_object_first ::= C_LBRACE_KEY_SCALAR(T).             { ak_json__open_key_scalar(jp, &T); }
more_members ::= COMMA member.
/* a ',' apart from the member after it: a long run of whitespace between
   them ends the scanner's fused token (json.re, wsf) */
more_members ::= COMMA KEY_SCALAR(T).                  { ak_json__key_scalar(jp, &T); }
more_members ::= C_KEY_SCALAR(T).                      { ak_json__key_scalar(jp, &T); }
more_members ::= c_key value.
more_members ::= more_members COMMA member.
more_members ::= more_members COMMA KEY_SCALAR(T).     { ak_json__key_scalar(jp, &T); }
more_members ::= more_members C_KEY_SCALAR(T).         { ak_json__key_scalar(jp, &T); }
more_members ::= more_members c_key value.
member ::= key value.
key ::= KEY(T).                             { ak_json__key(jp, &T); }
/* A string and its ':' apart: what is left when something stands between
   them; kept for the error message ("expected ':'"). */
key ::= STRING(T) COLON.                    { ak_json__key(jp, &T); }
c_key ::= C_KEY(T).                         { ak_json__key(jp, &T); }

/* Arrays: empty, one element, or a first element and `more`. The first
   element may come fused with the '[' (LBRACKET_SCALAR), and a nested
   array's '[' with the comma before it (C_LBRACKET, C_LBRACKET_SCALAR). */
array ::= array_open RBRACKET(T).            { ak_json__close(jp, AK_JSON_END_ARRAY, &T); }
array ::= array_first RBRACKET(T).           { ak_json__close(jp, AK_JSON_END_ARRAY, &T); }
array ::= array_first more RBRACKET(T).      { ak_json__close(jp, AK_JSON_END_ARRAY, &T); }
array_open ::= LBRACKET(T).                  { ak_json__open(jp, AK_JSON_BEGIN_ARRAY, &T); }
array_first ::= array_open value.
array_first ::= LBRACKET_SCALAR(T).          { ak_json__open_scalar(jp, &T); }
c_array ::= c_array_open RBRACKET(T).        { ak_json__close(jp, AK_JSON_END_ARRAY, &T); }
c_array ::= c_array_first RBRACKET(T).       { ak_json__close(jp, AK_JSON_END_ARRAY, &T); }
c_array ::= c_array_first more RBRACKET(T).  { ak_json__close(jp, AK_JSON_END_ARRAY, &T); }
/* the last element fused with the ']' (C_SCALAR_RBRACKET) */
array ::= array_first C_SCALAR_RBRACKET(T).        { ak_json__scalar_close(jp, &T); }
array ::= array_first more C_SCALAR_RBRACKET(T).   { ak_json__scalar_close(jp, &T); }
c_array ::= c_array_first C_SCALAR_RBRACKET(T).      { ak_json__scalar_close(jp, &T); }
c_array ::= c_array_first more C_SCALAR_RBRACKET(T). { ak_json__scalar_close(jp, &T); }
c_array_open ::= C_LBRACKET(T).              { ak_json__open(jp, AK_JSON_BEGIN_ARRAY, &T); }
c_array_first ::= c_array_open value.
c_array_first ::= C_LBRACKET_SCALAR(T).      { ak_json__open_scalar(jp, &T); }
more ::= COMMA value.
more ::= C_SCALAR(T).                        { ak_json__scalar(jp, AK_JSON_TOKEN_KIND(&T), &T); }
more ::= c_object.
more ::= c_array.
more ::= more COMMA value.
more ::= more C_SCALAR(T).                   { ak_json__scalar(jp, AK_JSON_TOKEN_KIND(&T), &T); }
more ::= more c_object.
more ::= more c_array.
