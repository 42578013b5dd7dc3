/* A tiny arithmetic grammar: the proof that the Lemon pipeline works
 * (%extra_context, one %syntax_error path, %destructor for owned values). */
%name AkCalcParse
%token_prefix CALC_
%extra_context { ak_calc_state *state }
%token_type { double }
%type expr { ak_calc_value * }
%destructor expr { ak_calc_value_free(state, $$); }
%left PLUS MINUS.
%left TIMES DIVIDE.

%include {
#include "calc.h"
#include <assert.h>
}

%syntax_error {
    (void)yymajor;
    (void)yyminor;
    state->syntax_error = true;
}

program ::= expr(E). { state->result = E->v; ak_calc_value_free(state, E); state->done = true; }

expr(A) ::= expr(B) PLUS expr(C).   { A = B; A->v = B->v + C->v; ak_calc_value_free(state, C); }
expr(A) ::= expr(B) MINUS expr(C).  { A = B; A->v = B->v - C->v; ak_calc_value_free(state, C); }
expr(A) ::= expr(B) TIMES expr(C).  { A = B; A->v = B->v * C->v; ak_calc_value_free(state, C); }
expr(A) ::= expr(B) DIVIDE expr(C). { A = B; A->v = B->v / C->v; ak_calc_value_free(state, C); }
expr(A) ::= LPAREN expr(B) RPAREN.  { A = B; }
expr(A) ::= MINUS expr(B). [TIMES]  { A = B; A->v = -B->v; }
expr(A) ::= NUMBER(N).              { A = ak_calc_value_new(state, N); }
