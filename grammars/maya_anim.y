/* Maya ASCII .anim: the structure of a file as Maya's reader sees it
 * (spec 2.2 with the compatible-mode relaxations of 2.2 and 2.5).
 *
 * Tokens come from the reader (formats/maya/maya_reader.c), which runs the
 * scanner grammars/maya_anim.re with the primitive Maya would use at that
 * point: a whole key line arrives as one KEY token, because how many fields
 * a key has depends on the file's animVersion and its tangent words (C1, C2);
 * mayaVersion's value arrives as REST. Keywords that are not valid where they
 * stand fall back to WORD: Maya reads them as plain words there.
 *
 * Header statements may come in any order and repeat (compatible mode); what
 * Maya writes (order, presence) is checked by the actions. The one thing the
 * grammar decides that Maya decides by look-ahead is C3: an `anim` line is a
 * curve iff the next word is `animData`. Precedence LOW resolves the places
 * where a missing part ends a block (no keys, no closing brace): a token that
 * can continue the block is shifted. There is no error recovery here: a
 * syntax error goes to the reader, which resynchronises at the next `anim`
 * line as Maya's reader would. */

%name maya_parse
%token_prefix MAYA_T_
%extra_context {maya_reader *rd}
%token_type {maya_tok}
%start_symbol file

%include {
#include "maya_reader_priv.h"
#include <assert.h>
}

%syntax_error {
    maya_syntax_error(rd, yymajor, &yyminor);
}
%parse_failure {
    maya_parse_failed(rd);
}
%stack_overflow {
    maya_parse_failed(rd);
}

%nonassoc LOW.
%nonassoc WORD INDEX LBRACE RBRACE.
%token ANIMVERSION MAYAVERSION TIMEUNIT LINEARUNIT ANGULARUNIT STARTTIME ENDTIME
       STARTUNITLESS ENDUNITLESS ANIM ANIMDATA INPUT OUTPUT WEIGHTED INPUTUNIT OUTPUTUNIT
       TANGENTANGLEUNIT PREINFINITY POSTINFINITY KEYS REST KEY.
%fallback WORD ANIMVERSION MAYAVERSION TIMEUNIT LINEARUNIT ANGULARUNIT STARTTIME ENDTIME
       STARTUNITLESS ENDUNITLESS ANIM ANIMDATA INPUT OUTPUT WEIGHTED INPUTUNIT OUTPUTUNIT
       TANGENTANGLEUNIT PREINFINITY POSTINFINITY KEYS.

file ::= items.
items ::= .
items ::= items item.

/* Header statements (2.2 header; any order in compatible mode). */
item ::= ANIMVERSION(K) value(V).    { maya_header_stmt(rd, &K, &V); }
item ::= MAYAVERSION(K) REST(V).     { maya_header_stmt(rd, &K, &V); }
item ::= TIMEUNIT(K) value(V).       { maya_header_stmt(rd, &K, &V); }
item ::= LINEARUNIT(K) value(V).     { maya_header_stmt(rd, &K, &V); }
item ::= ANGULARUNIT(K) value(V).    { maya_header_stmt(rd, &K, &V); }
item ::= STARTTIME(K) value(V).      { maya_header_stmt(rd, &K, &V); }
item ::= ENDTIME(K) value(V).        { maya_header_stmt(rd, &K, &V); }
item ::= STARTUNITLESS(K) value(V).  { maya_header_stmt(rd, &K, &V); }
item ::= ENDUNITLESS(K) value(V).    { maya_header_stmt(rd, &K, &V); }

/* Anything else at the top: Maya reports it and discards the line. */
item ::= WORD(W).                    { maya_top_unknown(rd, &W); }
item ::= INDEX(W).                   { maya_top_unknown(rd, &W); }
item ::= LBRACE(W).                  { maya_top_unknown(rd, &W); }
item ::= RBRACE(W).                  { maya_top_unknown(rd, &W); }

/* C3: a placeholder, or a curve when animData follows. */
item ::= anim. [LOW]                 { maya_anim_end(rd, false); }
item ::= anim ANIMDATA(D) adata.     { (void)D; maya_anim_end(rd, true); }

anim ::= anim_kw names index index index.  { maya_anim_line(rd); }
anim_kw ::= ANIM(A).                 { maya_anim_begin(rd, &A); }
names ::= .
names ::= names WORD(N).             { maya_anim_name(rd, &N); }
index ::= INDEX(I).                  { maya_anim_index(rd, &I); }

value(V) ::= WORD(W).                { V = W; }
value(V) ::= INDEX(W).               { V = W; }

/* animData (2.2 anim-data; statements in any order in compatible mode). */
adata ::= astmts keys close.
adata ::= astmts RBRACE(C).          { maya_adata_no_keys(rd, &C); }
adata ::= astmts. [LOW]              { maya_adata_no_keys(rd, NULL); }

astmts ::= .
astmts ::= astmts astmt.
astmt ::= INPUT(K) value(V).            { maya_adata_stmt(rd, &K, &V); }
astmt ::= OUTPUT(K) value(V).           { maya_adata_stmt(rd, &K, &V); }
astmt ::= WEIGHTED(K) value(V).         { maya_adata_stmt(rd, &K, &V); }
astmt ::= INPUTUNIT(K) value(V).        { maya_adata_stmt(rd, &K, &V); }
astmt ::= OUTPUTUNIT(K) value(V).       { maya_adata_stmt(rd, &K, &V); }
astmt ::= TANGENTANGLEUNIT(K) value(V). { maya_adata_stmt(rd, &K, &V); }
astmt ::= PREINFINITY(K) value(V).      { maya_adata_stmt(rd, &K, &V); }
astmt ::= POSTINFINITY(K) value(V).     { maya_adata_stmt(rd, &K, &V); }
astmt ::= LBRACE(B).                    { maya_adata_brace(rd, &B); }
astmt ::= WORD(W).                      { maya_adata_unknown(rd, &W); }
astmt ::= INDEX(W).                     { maya_adata_unknown(rd, &W); }

/* The reader checks the `keys {` line and reads the key lines (spec 2.5). */
keys ::= KEYS keylist RBRACE(C).        { maya_keys_close(rd, &C); }
keys ::= KEYS keylist. [LOW]            { maya_keys_close(rd, NULL); }
keylist ::= .
keylist ::= keylist KEY.

close ::= RBRACE(C).                    { maya_adata_close(rd, &C); }
close ::= . [LOW]                       { maya_adata_close(rd, NULL); }
