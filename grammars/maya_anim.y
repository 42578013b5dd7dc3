/* Maya ASCII .anim: the structure of a file as Maya's reader reads it
 * (spec sections 2.2 and 2.5, with the compatible relaxations of 2.2).
 *
 * A Lemon push parser fed by the scanner grammars/maya_anim.re. Maya's
 * reader is a handful of primitives over a byte stream; which one it uses
 * depends on where it is. So does the scanner's: before each token the
 * driver asks this grammar which of its special terminals the parser state
 * can shift (maya_parse_primitive below) and scans that:
 *   REST        mayaVersion's value: the bytes up to ';' (Maya's `rest`);
 *   LINE        the rest of the line, through its LF (Maya's `discard-line`
 *               after `keys`, after each key, after each closing brace and
 *               after an unknown top-level word); LINE_BRACE when that
 *               rest starts with '{' (the `keys {` line);
 *   KEYLINE     a whole key line written exactly as Maya writes it (7
 *               fields, %.8g numbers, no fixed tangent): a lexical fast
 *               path for the common line, one token instead of eight,
 *               taken while the file's precision (an action's finding,
 *               rule 17) is 8;
 * and otherwise a token of Maya's `word`/`number` (classified below). Line
 * ends matter to Maya only where it discards a line, and so only there to
 * this grammar: everywhere else, as in Maya, a statement or a key may
 * spread over lines.
 *
 * C1 and C2 (how many fields a key has) are rules of this grammar: a key is
 * its time, value and tangents, then tanLocked, weightLocked, the breakdown
 * flag in 1.1 files, an angle/weight pair for each `fixed` tangent, and the
 * discarded rest of its line. The scanner classifies `fixed` and the other
 * tangent words; the file's animVersion class reaches the grammar as the
 * token of the `keys` keyword (KEYS for >= 1.1, KEYS10 below), which the
 * animVersion action decides (the one fact of the file's content that an
 * action passes to the scanner). So the grammar reads a key exactly as Maya's token reader does:
 * a short key line takes the next line's first tokens as its own fields,
 * and the actions compare what was read with the lines the file shows.
 *
 * Actions only check values and build the document (formats/maya/
 * maya_check.c). Errors: Maya hangs or loses its place on a bad number, a
 * word that runs on into the next line, an unterminated quote or a `{`
 * missing from the `keys` line (rules 16, 12, 15, 51); the spec then
 * abandons the curve and resynchronises at the next line that starts with
 * `anim`. That is the `error` production of anim_kw: after a syntax error
 * Lemon pops back to where an entry may start and discards tokens up to an
 * ANIMB, the `anim` keyword as the first word of a line. */

%name maya_parse
%token_prefix MAYA_T_
%extra_context {maya_reader *rd}
%token_type {maya_tok}
%start_symbol file

%include {
#include "maya_syntax.h"
#include <assert.h>
#include <stdlib.h>
}

/* Terminals (the scanner's classes; grammars/maya_anim.re). Keywords are
 * exact words followed by a blank, ';' or the end of the file. */
%token ANIM ANIMB.          /* `anim`; ANIMB: the first word of its line */
%token ANIMVERSION MAYAVERSION TIMEUNIT LINEARUNIT ANGULARUNIT STARTTIME ENDTIME STARTUNITLESS
       ENDUNITLESS ANIMDATA INPUT OUTPUT WEIGHTED INPUTUNIT OUTPUTUNIT TANGENTANGLEUNIT
       PREINFINITY POSTINFINITY KEYS KEYS10.
%token FIXED TAN.           /* the tangent word `fixed`; the other tangent words of spec 2.3 */
%token WORD.                /* any other word, quoted words included */
%token DNUM ONUM.           /* a complete C++ double starting with a digit / with - + . */
%token DNUM_E ONUM_E.       /* the same directly followed by a line end (fine for `number`) */
%token DWORD.               /* starts with a digit but is no complete double: 1,5 0x10 1e999 */
%token RUNON.               /* a word directly followed by a line end: Maya's `word` runs on */
%token LBRACE RBRACE.
%token REST LINE LINE_BRACE KEYLINE.
%token LEXERR.              /* an unterminated quote: the scanner has reported it */

/* Words Maya reads with `word` where the grammar expects a keyword are
 * plain words there (`anim keys 0 0 0;` names an attribute `keys`). */
%fallback WORD ANIM ANIMB ANIMVERSION MAYAVERSION TIMEUNIT LINEARUNIT ANGULARUNIT STARTTIME ENDTIME
          STARTUNITLESS ENDUNITLESS ANIMDATA INPUT OUTPUT WEIGHTED INPUTUNIT OUTPUTUNIT
          TANGENTANGLEUNIT PREINFINITY POSTINFINITY KEYS KEYS10.

%token_class num DNUM|ONUM|DNUM_E|ONUM_E.          /* read with `number` */
%token_class dnum DNUM|DNUM_E.                     /* a number where `digit-next` decides */
%token_class word WORD|TAN|FIXED|DNUM|ONUM|DWORD.  /* read with `word` */
%token_class name WORD|TAN|FIXED|ONUM.             /* a word `digit-next` does not take for an index */
%token_class tan WORD|TAN|DNUM|ONUM|DWORD.         /* a tangent word other than fixed (unknown: global) */
%token_class junk WORD|TAN|FIXED|DNUM|ONUM|DWORD|LBRACE|RBRACE.   /* an unknown word */
%token_class line LINE|LINE_BRACE.

/* Where a missing part ends a block (no keys, no closing brace, a
 * placeholder), a token that can continue it is shifted. */
%nonassoc LOW.
%nonassoc ANIM ANIMB ANIMDATA WORD TAN FIXED DNUM ONUM DWORD LBRACE RBRACE.

%syntax_error {
    maya_syntax_error(rd, yymajor, &yyminor, maya_parse_expected(yypParser));
}
%parse_failure {
    maya_parse_failed(rd);
}
%stack_overflow {
    maya_parse_failed(rd);
}

/* ---- the file (2.2 file, header; 2.5: header words until the first other
   word, which starts the body; there header keywords are unknown words) */
file ::= header.
file ::= header items.
header ::= .
header ::= header hstmt.
hstmt ::= ANIMVERSION(K) word(V).      { maya_header(rd, &K, &V); }
hstmt ::= MAYAVERSION(K) REST(V).      { maya_header(rd, &K, &V); }
hstmt ::= TIMEUNIT(K) word(V).         { maya_header(rd, &K, &V); }
hstmt ::= LINEARUNIT(K) word(V).       { maya_header(rd, &K, &V); }
hstmt ::= ANGULARUNIT(K) word(V).      { maya_header(rd, &K, &V); }
hstmt ::= STARTTIME(K) num(V).         { maya_header(rd, &K, &V); }
hstmt ::= ENDTIME(K) num(V).           { maya_header(rd, &K, &V); }
hstmt ::= STARTUNITLESS(K) num(V).     { maya_header(rd, &K, &V); }
hstmt ::= ENDUNITLESS(K) num(V).       { maya_header(rd, &K, &V); }

items ::= item.
items ::= items item.
item ::= entry.
item ::= junk(W) line(L).              { maya_unknown(rd, &W, &L); }
item ::= ANIMDATA(W) line(L).          { maya_orphan(rd, &W, &L); }

/* ---- anim entries: C3, a curve iff `animData` follows the anim line */
entry ::= anim_head. [LOW]                     { maya_entry_end(rd, false); maya_entries_done(rd); }
entry ::= anim_head adata_kw adata.            { maya_entry_end(rd, true); maya_entries_done(rd); }
anim_head ::= anim_kw names dnum(R) num(C) num(A).   { maya_anim_line(rd, &R, &C, &A); }
anim_kw ::= ANIM(A).                           { maya_entry_begins(rd); maya_anim_begin(rd, &A); }
anim_kw ::= ANIMB(A).                          { maya_entry_begins(rd); maya_anim_begin(rd, &A); }
/* Resynchronisation: after an error, the next line that starts with anim. */
anim_kw ::= error ANIMB(A).                    { yypParser->yyerrcnt = -1; maya_resync(rd); maya_entry_begins(rd); maya_anim_begin(rd, &A); }
names ::= .
names ::= names name(N).                       { maya_anim_name(rd, &N); }

/* ---- animData: statements in any order until `keys` ('{' skipped where it
   stands), the keys block, the closing brace */
adata_kw ::= ANIMDATA(D).                      { maya_adata_begin(rd, &D); }
adata ::= astmts keys close.
adata ::= astmts keys. [LOW]                   { maya_adata_close(rd, NULL, NULL); }
adata ::= astmts RBRACE(C) line(L).            { maya_adata_no_keys(rd, &C, &L); }
adata ::= astmts. [LOW]                        { maya_adata_no_keys(rd, NULL, NULL); }
astmts ::= .
astmts ::= astmts astmt.
astmt ::= LBRACE(B).                           { maya_adata_brace(rd, &B); }
astmt ::= INPUT(K) word(V).                    { maya_adata_stmt(rd, &K, &V); }
astmt ::= OUTPUT(K) word(V).                   { maya_adata_stmt(rd, &K, &V); }
astmt ::= WEIGHTED(K) num(V).                  { maya_adata_stmt(rd, &K, &V); }
astmt ::= INPUTUNIT(K) word(V).                { maya_adata_stmt(rd, &K, &V); }
astmt ::= OUTPUTUNIT(K) word(V).               { maya_adata_stmt(rd, &K, &V); }
astmt ::= TANGENTANGLEUNIT(K) word(V).         { maya_adata_stmt(rd, &K, &V); }
astmt ::= PREINFINITY(K) word(V).              { maya_adata_stmt(rd, &K, &V); }
astmt ::= POSTINFINITY(K) word(V).             { maya_adata_stmt(rd, &K, &V); }
astmt ::= tan(W).                              { maya_adata_unknown(rd, &W); }
astmt ::= FIXED(W).                            { maya_adata_unknown(rd, &W); }

/* Maya reads the word where the closing '}' belongs whatever it is, and
   discards the rest of its line: an anim line there is lost. */
close ::= RBRACE(C) line(L).                   { maya_adata_close(rd, &C, &L); }
close ::= tan(W) line(L).                      { maya_adata_close(rd, &W, &L); }
close ::= FIXED(W) line(L).                    { maya_adata_close(rd, &W, &L); }
close ::= LBRACE(W) line(L).                   { maya_adata_close(rd, &W, &L); }
close ::= ANIM(W) line(L).                     { maya_adata_close(rd, &W, &L); }
close ::= ANIMB(W) line(L).                    { maya_adata_close(rd, &W, &L); }
close ::= ANIMDATA(W) line(L).                 { maya_adata_close(rd, &W, &L); }

/* ---- keys: `keys`, the rest of its line (which must start with '{'), one
   key per line until '}', the rest of the '}' line */
keys ::= keys_open RBRACE(C) line(L).          { maya_keys_close(rd, &C, &L); }
keys ::= keys_open keylist RBRACE(C) line(L).  { maya_keys_close(rd, &C, &L); }
keys ::= keys10_open RBRACE(C) line(L).        { maya_keys_close(rd, &C, &L); }
keys ::= keys10_open keylist10 RBRACE(C) line(L). { maya_keys_close(rd, &C, &L); }
keys_open ::= KEYS(K) LINE_BRACE(L).           { maya_keys_open(rd, &K, &L); }
keys10_open ::= KEYS10(K) LINE_BRACE(L).       { maya_keys_open(rd, &K, &L); }
/* A canonical key line is one token (the fast path): one step each. The
   second rule leaves the parser where it was, so that the driver runs its
   action, maya_key_line, itself for the key lines that follow (maya_read). */
keylist ::= KEYLINE(K).                        { maya_key_line(rd, &K); }
keylist ::= keylist KEYLINE(K).                { maya_key_line(rd, &K); }
keylist ::= key.
keylist ::= keylist key.
keylist10 ::= key10.
keylist10 ::= keylist10 key10.

/* A key (2.2 key, C1, C2): time value in out tanLocked weightLocked
   [breakdown] [inAngle inWeight] [outAngle outWeight], then Maya discards
   the rest of the line. */
key ::= k_pp flags11 line(L).                  { maya_key_end(rd, &L); }
key ::= k_fp flags11 pair line(L).             { maya_key_end(rd, &L); }
key ::= k_pf flags11 pair line(L).             { maya_key_end(rd, &L); }
key ::= k_ff flags11 pair pair line(L).        { maya_key_end(rd, &L); }
key10 ::= k_pp flags10 line(L).                { maya_key_end(rd, &L); }
key10 ::= k_fp flags10 pair line(L).           { maya_key_end(rd, &L); }
key10 ::= k_pf flags10 pair line(L).           { maya_key_end(rd, &L); }
key10 ::= k_ff flags10 pair pair line(L).      { maya_key_end(rd, &L); }
k_tv ::= num(T) num(V).                        { maya_key_begin(rd, &T, &V); }
k_p ::= k_tv tan(I).                           { maya_key_tangent(rd, 0, &I); }
k_f ::= k_tv FIXED(I).                         { maya_key_tangent(rd, 0, &I); }
k_pp ::= k_p tan(O).                           { maya_key_tangent(rd, 1, &O); }
k_pf ::= k_p FIXED(O).                         { maya_key_tangent(rd, 1, &O); }
k_fp ::= k_f tan(O).                           { maya_key_tangent(rd, 1, &O); }
k_ff ::= k_f FIXED(O).                         { maya_key_tangent(rd, 1, &O); }
flags11 ::= num(A) num(B) num(C).              { maya_key_flags(rd, &A, &B, &C); }
flags10 ::= num(A) num(B).                     { maya_key_flags(rd, &A, &B, NULL); }
pair ::= num(A) num(W).                        { maya_key_pair(rd, &A, &W); }

%code {
/* The primitive the scanner applies next: the special terminal the parser
 * can shift in its current state. Lemon runs a reduction that no lookahead
 * decides only when the next token arrives; the driver runs those first
 * (maya_parse_settle), so that the actions have seen everything before the
 * scanner reads on and the top state is the one that takes the next token.
 * The grammar is written so that REST, LINE, LINE_BRACE and KEYLINE are
 * shifted directly in such a state (never after a reduction that depends
 * on the lookahead). */
void maya_parse_settle(void *p)
{
    yyParser *pp = p;
    while (pp->yytos->stateno >= YY_MIN_REDUCE && pp->yytos->stateno <= YY_MAX_REDUCE) {
        maya_tok none;
        memset(&none, 0, sizeof none);
        yy_reduce(pp, (unsigned)(pp->yytos->stateno - YY_MIN_REDUCE), YYNOCODE, none, pp->rd);
    }
}

static bool shifts(YYACTIONTYPE state, int token)
{
    return yy_find_shift_action((YYCODETYPE)token, state) <= YY_MAX_SHIFTREDUCE;
}

maya_primitive maya_parse_primitive(void *p)
{
    YYACTIONTYPE st = ((yyParser *)p)->yytos->stateno;
    if (st > YY_MAX_SHIFT)
        return MAYA_PRIM_TOKEN;
    if (shifts(st, MAYA_T_KEYLINE))
        return MAYA_PRIM_KEY;
    if (shifts(st, MAYA_T_LINE_BRACE) || shifts(st, MAYA_T_LINE))
        return MAYA_PRIM_LINE;
    return shifts(st, MAYA_T_REST) ? MAYA_PRIM_REST : MAYA_PRIM_TOKEN;
}

/* Where the parser is: its stack depth and top state. */
uint64_t maya_parse_where(void *p)
{
    const yyParser *pp = p;
    return (uint64_t)(pp->yytos - pp->yystack) << 32 | pp->yytos->stateno;
}

/* What the state where a syntax error was found would have taken. */
unsigned maya_parse_expected(void *p)
{
    YYACTIONTYPE st = ((yyParser *)p)->yytos->stateno;
    static const struct {
        int token;
        unsigned bit;
    } probes[] = {
        {MAYA_T_ONUM, MAYA_EXP_NUMBER},   {MAYA_T_DNUM, MAYA_EXP_INDEX},  {MAYA_T_WORD, MAYA_EXP_WORD},
        {MAYA_T_TAN, MAYA_EXP_TANGENT},   {MAYA_T_LINE_BRACE, MAYA_EXP_KEYS_BRACE},
        {MAYA_T_REST, MAYA_EXP_REST},     {MAYA_T_KEYLINE, MAYA_EXP_KEY}, {MAYA_T_RBRACE, MAYA_EXP_RBRACE},
    };
    unsigned bits = 0;
    for (size_t i = 0; i < sizeof probes / sizeof probes[0]; i++)
        if (yy_find_shift_action((YYCODETYPE)probes[i].token, st) != YY_ERROR_ACTION)
            bits |= probes[i].bit;
    if (yy_find_shift_action(MAYA_T_LINE, st) != YY_ERROR_ACTION)
        bits &= ~MAYA_EXP_KEYS_BRACE; /* any rest of a line would do */
    return bits;
}
}
