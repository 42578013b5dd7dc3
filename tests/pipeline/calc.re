/* A tiny arithmetic scanner: the proof that the re2c pipeline works (bounds
 * checked with re2c:eof, an error rule, an included .re file). */
#include "calc.h"
#include "calc_parser.h"

#include <stdlib.h>

/*!include:re2c "calc_digits.re" */

/* Returns the next token id (0 at the end, -1 on a bad byte). */
int ak_calc_next(ak_calc_lexer *lx, double *value)
{
    const unsigned char *YYMARKER;
    (void)YYMARKER;
    for (;;) {
        const unsigned char *start = lx->cur;
        /*!re2c
            re2c:api:style = free-form;
            re2c:define:YYCTYPE = "unsigned char";
            re2c:define:YYCURSOR = "lx->cur";
            re2c:define:YYLIMIT = "lx->lim";
            re2c:define:YYMARKER = "YYMARKER";
            re2c:yyfill:enable = 0;
            re2c:eof = 0;

            !use:digits;

            [ \t\n]+ { continue; }
            number   { *value = strtod((const char *)start, NULL); return CALC_NUMBER; }
            "+"      { return CALC_PLUS; }
            "-"      { return CALC_MINUS; }
            "*"      { return CALC_TIMES; }
            "/"      { return CALC_DIVIDE; }
            "("      { return CALC_LPAREN; }
            ")"      { return CALC_RPAREN; }
            $        { return 0; }
            *        { lx->bad = start; return -1; }
        */
    }
}
