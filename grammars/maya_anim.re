/* Maya ASCII .anim scanner: the primitives of Maya's reader (spec 2.1).
 *
 * Maya's reader is not line based: `skip` eats whitespace, ';' and comments
 * (a '#' or '/' where a token starts, through the next LF); a `word` runs to
 * the next ';', SP or HT (LF and CR do NOT end it: a word value missing its
 * ';' swallows the next line); '{' and '}' are words of one byte; a quoted
 * word runs to the next '"'. Here a token stops at any blank or ';' and
 * records what ended it, so that the reader can tell when Maya would have run
 * on into the next line (maya.lex.word-spans-line).
 *
 * Bounds: the input has no sentinel (it is usually mmapped), so every read
 * goes through YYPEEK, which yields 0 at the limit, and re2c:eof checks the
 * limit whenever it sees 0. */
#include "maya_lex.h"

#include <string.h>

/*!re2c
    re2c:api = custom;
    re2c:api:style = free-form;
    re2c:define:YYCTYPE = "unsigned char";
    re2c:define:YYPEEK = "(cur < lim ? *cur : 0)";
    re2c:define:YYSKIP = "++cur;";
    re2c:define:YYBACKUP = "mar = cur;";
    re2c:define:YYRESTORE = "cur = mar;";
    re2c:define:YYBACKUPCTX = "ctx = cur;";
    re2c:define:YYRESTORECTX = "cur = ctx;";
    re2c:define:YYLESSTHAN = "(lim - cur) < @@";
    re2c:define:YYSHIFT = "cur += @@;";
    re2c:define:YYSTAGP = "@@{tag} = cur;";
    re2c:define:YYSTAGN = "@@{tag} = NULL;";
    re2c:define:YYSHIFTSTAG = "@@{tag} += @@{shift};";
    re2c:tags = 1;
    re2c:yyfill:enable = 0;
    re2c:eof = 0;
    re2c:indent:string = "    ";

    digit   = [0-9];
    nzdigit = [1-9];
    blank   = [ \t\v\f];
    tokend  = [ \t\v\f\r\n;];
    num_fixed = "-"? ("0" | nzdigit digit*) ("." digit* nzdigit)?;
    num_exp   = "-"? nzdigit ("." digit* nzdigit)? "e" [+-] (digit digit | nzdigit digit digit+);
    num_any   = [+-]? (digit+ ("." digit*)? | "." digit+) ([eE] [+-]? digit+)?;

    // Numbers exactly as %.8g prints them (Maya's default precision): at
    // most 8 significant digits, fixed notation for exponents -4..7, else
    // a two-digit exponent. Used by the key-line fast path only.
    sig8frac = [0-9]{0,6} nzdigit;
    fix8 = "-"? ( "0"
                | "0." "0"{0,3} nzdigit ([0-9]{0,6} nzdigit)?
                | nzdigit [0-9]{0,7}
                | nzdigit "." sig8frac
                | nzdigit [0-9] "." [0-9]{0,5} nzdigit
                | nzdigit [0-9]{2} "." [0-9]{0,4} nzdigit
                | nzdigit [0-9]{3} "." [0-9]{0,3} nzdigit
                | nzdigit [0-9]{4} "." [0-9]{0,2} nzdigit
                | nzdigit [0-9]{5} "." [0-9]{0,1} nzdigit
                | nzdigit [0-9]{6} "." nzdigit );
    mant8 = nzdigit ("." [0-9]{0,6} nzdigit)?;
    exp8_any   = "-"? mant8 "e" ("-0" [5-9] | "-" nzdigit digit | "+0" [89] | "+" nzdigit digit);
    exp8_value = "-"? mant8 "e" ("-0" [5-9] | "+0" [89] | "+" nzdigit digit);
    num8   = fix8 | exp8_any;
    value8 = fix8 | exp8_value;
    tan_plain = "global" | "linear" | "flat" | "spline" | "step" | "stepnext" | "clamped" | "plateau" | "auto";
*/

void maya_lex_init(maya_lexer *lx, const uint8_t *data, size_t size)
{
    memset(lx, 0, sizeof *lx);
    lx->base = lx->cur = data;
    lx->lim = data + size;
    lx->line = 1;
}

static void note(maya_lexer *lx, maya_lexnote what, const uint8_t *at)
{
    if (lx->note)
        lx->note(lx->note_ctx, what, (size_t)(at - lx->base), lx->line,
                 (uint32_t)((size_t)(at - lx->base) - lx->line_start + 1));
}

static void newline(maya_lexer *lx, const uint8_t *after)
{
    lx->line++;
    lx->line_start = (size_t)(after - lx->base);
}

/* skip (spec 2.1): whitespace, ';' and comments before a token. */
static void skip(maya_lexer *lx, maya_tok *t)
{
    const uint8_t *cur = lx->cur, *lim = lx->lim, *mar = cur, *start;
    (void)mar;
    t->eols_before = 0;
    t->semis_before = 0;
    t->comment_before = false;
    for (;;) {
        start = cur;
        /*!re2c
            blank+     { continue; }
            "\r\n"     { note(lx, MAYA_NOTE_CRLF, start); newline(lx, cur); t->eols_before++; continue; }
            "\n"       { note(lx, MAYA_NOTE_LF, start); newline(lx, cur); t->eols_before++; continue; }
            "\r"       { note(lx, MAYA_NOTE_BARE_CR, start); t->eols_before++; continue; }
            ";"        { t->semis_before++; continue; }
            [#/] [^\n]* { note(lx, MAYA_NOTE_COMMENT, start); t->comment_before = true; continue; }
            $          { lx->cur = cur; return; }
            *          { cur = start; lx->cur = cur; return; }
        */
    }
}

static maya_end end_of(const uint8_t *cur, const uint8_t *lim)
{
    if (cur >= lim)
        return MAYA_END_EOF;
    switch (*cur) {
    case ' ': case '\t': return MAYA_END_SPACE;
    case ';': return MAYA_END_SEMI;
    case '\r': case '\n': return MAYA_END_EOL;
    default: return MAYA_END_OTHER;
    }
}

static void position(maya_lexer *lx, maya_tok *t, const uint8_t *start)
{
    t->start = (size_t)(start - lx->base);
    t->line = lx->line;
    t->col = (uint32_t)(t->start - lx->line_start + 1);
}

static bool odd_bytes(const uint8_t *s, size_t n)
{
    for (size_t i = 0; i < n; i++)
        if (s[i] < 0x20 || s[i] >= 0x7f)
            return true;
    return false;
}

static maya_kw keyword(const uint8_t *s, size_t n)
{
    const uint8_t *cur = s, *lim = s + n, *mar = s;
    (void)mar;
    maya_kw kw = MAYA_KW_NONE;
    /*!re2c
        "animVersion"      { kw = MAYA_KW_ANIMVERSION; goto done; }
        "mayaVersion"      { kw = MAYA_KW_MAYAVERSION; goto done; }
        "timeUnit"         { kw = MAYA_KW_TIMEUNIT; goto done; }
        "linearUnit"       { kw = MAYA_KW_LINEARUNIT; goto done; }
        "angularUnit"      { kw = MAYA_KW_ANGULARUNIT; goto done; }
        "startTime"        { kw = MAYA_KW_STARTTIME; goto done; }
        "endTime"          { kw = MAYA_KW_ENDTIME; goto done; }
        "startUnitless"    { kw = MAYA_KW_STARTUNITLESS; goto done; }
        "endUnitless"      { kw = MAYA_KW_ENDUNITLESS; goto done; }
        "anim"             { kw = MAYA_KW_ANIM; goto done; }
        "animData"         { kw = MAYA_KW_ANIMDATA; goto done; }
        "input"            { kw = MAYA_KW_INPUT; goto done; }
        "output"           { kw = MAYA_KW_OUTPUT; goto done; }
        "weighted"         { kw = MAYA_KW_WEIGHTED; goto done; }
        "inputUnit"        { kw = MAYA_KW_INPUTUNIT; goto done; }
        "outputUnit"       { kw = MAYA_KW_OUTPUTUNIT; goto done; }
        "tangentAngleUnit" { kw = MAYA_KW_TANGENTANGLEUNIT; goto done; }
        "preInfinity"      { kw = MAYA_KW_PREINFINITY; goto done; }
        "postInfinity"     { kw = MAYA_KW_POSTINFINITY; goto done; }
        "keys"             { kw = MAYA_KW_KEYS; goto done; }
        $                  { return MAYA_KW_NONE; }
        *                  { return MAYA_KW_NONE; }
    */
done:
    return cur == lim ? kw : MAYA_KW_NONE;
}

maya_numclass maya_number_class(const uint8_t *s, size_t n)
{
    const uint8_t *cur = s, *lim = s + n, *mar = s;
    maya_numclass c;
    /*!re2c
        num_fixed { c = MAYA_N_FIXED; goto done; }
        num_exp   { c = MAYA_N_EXP; goto done; }
        num_any   { c = MAYA_N_OTHER; goto done; }
        $         { return MAYA_N_NONE; }
        *         { return MAYA_N_NONE; }
    */
done:
    return cur == lim ? c : MAYA_N_NONE;
}

void maya_lex_next(maya_lexer *lx, maya_tok *t)
{
    skip(lx, t);
    const uint8_t *cur = lx->cur, *lim = lx->lim, *mar = cur, *ctx = cur, *start = cur;
    (void)ctx;
    (void)mar;
    t->kw = MAYA_KW_NONE;
    t->num = MAYA_N_NONE;
    t->digit_start = false;
    t->odd_bytes = false;
    position(lx, t, start);
    /*!re2c
        $ {
            t->cls = MAYA_C_EOF; t->off = t->start; t->len = 0; t->end = MAYA_END_EOF;
            return;
        }
        "{" { t->cls = MAYA_C_LBRACE; goto token; }
        "}" { t->cls = MAYA_C_RBRACE; goto token; }
        ["] [^"]* ["] {
            t->cls = MAYA_C_QUOTED;
            t->off = t->start + 1;
            t->len = (size_t)(cur - start) - 2;
            t->odd_bytes = odd_bytes(start + 1, t->len);
            for (const uint8_t *p = start + 1; p < cur - 1; p++)
                if (*p == '\n')
                    newline(lx, p + 1);
            t->end = end_of(cur, lim);
            lx->cur = cur;
            return;
        }
        ["] [^"]* {
            t->cls = MAYA_C_UNTERMINATED;
            t->off = t->start + 1;
            t->len = (size_t)(lim - start) - 1;
            for (const uint8_t *p = start + 1; p < lim; p++)
                if (*p == '\n')
                    newline(lx, p + 1);
            t->end = MAYA_END_EOF;
            lx->cur = lim;
            return;
        }
        [^ \t\v\f\r\n;{}"#/] [^ \t\v\f\r\n;]* { t->cls = MAYA_C_WORD; goto word; }
        * { t->cls = MAYA_C_WORD; goto word; }
    */
word:
    t->off = t->start;
    t->len = (size_t)(cur - start);
    t->digit_start = *start >= '0' && *start <= '9';
    t->odd_bytes = odd_bytes(start, t->len);
    {
        uint8_t c0 = *start;
        if ((c0 >= '0' && c0 <= '9') || c0 == '-' || c0 == '+' || c0 == '.') {
            t->num = maya_number_class(start, t->len);
            if (t->num == MAYA_N_NONE) {
                /* Maya's `number` stops before the first byte that cannot
                   continue it; a '#' or '/' there starts a comment */
                for (size_t i = 1; i < t->len; i++) {
                    if (start[i] != '#' && start[i] != '/')
                        continue;
                    maya_numclass c = maya_number_class(start, i);
                    if (c != MAYA_N_NONE) {
                        t->num = c;
                        t->len = i;
                        cur = start + i;
                    }
                    break;
                }
            }
        } else if (t->len >= 4) {
            t->kw = keyword(start, t->len);
        }
    }
    t->end = end_of(cur, lim);
    lx->cur = cur;
    return;
token:
    t->off = t->start;
    t->len = 1;
    t->end = end_of(cur, lim);
    lx->cur = cur;
}

void maya_lex_rest(maya_lexer *lx, maya_tok *t)
{
    skip(lx, t);
    const uint8_t *start = lx->cur, *p = start;
    position(lx, t, start);
    while (p < lx->lim && *p != ';') {
        if (*p == '\n')
            newline(lx, p + 1);
        p++;
    }
    t->cls = MAYA_C_REST;
    t->kw = MAYA_KW_NONE;
    t->num = MAYA_N_NONE;
    t->digit_start = false;
    t->off = t->start;
    t->len = (size_t)(p - start);
    t->odd_bytes = odd_bytes(start, t->len);
    t->end = p < lx->lim ? MAYA_END_SEMI : MAYA_END_EOF;
    lx->cur = p < lx->lim ? p + 1 : p;
}

bool maya_lex_fast_key(maya_lexer *lx, maya_fastkey *k)
{
    const uint8_t *cur = lx->cur, *lim = lx->lim, *mar = cur;
    const uint8_t *t0, *t1, *v0, *v1, *a0, *a1, *b0, *b1, *f0, *eol;
    /*!stags:re2c format = 'const uint8_t *@@ = NULL;\n'; */
    (void)mar;
    /*!re2c
        [ ]* @t0 num8 @t1 " " @v0 value8 @v1 " " @a0 tan_plain @a1 " " @b0 tan_plain @b1 " "
            @f0 [01] " " [01] " " [01] ";" @eol "\r"? "\n" {
            k->time_off = (size_t)(t0 - lx->base);
            k->time_len = (size_t)(t1 - t0);
            k->value_off = (size_t)(v0 - lx->base);
            k->value_len = (size_t)(v1 - v0);
            k->tin = maya_word_tangent(a0, (size_t)(a1 - a0));
            k->tout = maya_word_tangent(b0, (size_t)(b1 - b0));
            k->flags[0] = f0[0] == '1';
            k->flags[1] = f0[2] == '1';
            k->flags[2] = f0[4] == '1';
            k->crlf = *eol == '\r';
            k->eol_off = (size_t)(eol - lx->base);
            lx->cur = cur;
            lx->line++;
            lx->line_start = (size_t)(cur - lx->base);
            return true;
        }
        $ { return false; }
        * { return false; }
    */
}

void maya_lex_discard_line(maya_lexer *lx)
{
    const uint8_t *nl = memchr(lx->cur, '\n', (size_t)(lx->lim - lx->cur));
    if (!nl) {
        lx->cur = lx->lim;
        return;
    }
    lx->cur = nl + 1;
    newline(lx, lx->cur);
}

bool maya_lex_line_blank(const maya_lexer *lx, uint32_t *semis, size_t *comment)
{
    *semis = 0;
    *comment = SIZE_MAX;
    for (const uint8_t *p = lx->cur; p < lx->lim && *p != '\n'; p++) {
        if (*p == ';')
            (*semis)++;
        else if (*p == '#' || *p == '/') {
            *comment = (size_t)(p - lx->base);
            return true;
        } else if (*p != ' ' && *p != '\t' && *p != '\r' && *p != '\v' && *p != '\f')
            return false;
    }
    return true;
}

/* ------------------------------------------------------------------ */
/* Word tables (spec 2.3). Exact, case-sensitive lexemes.              */

int maya_word_tangent(const uint8_t *s, size_t n)
{
    const uint8_t *cur = s, *lim = s + n, *mar = s;
    int v;
    (void)mar;
    /*!re2c
        "global"     { v = MAYA_TAN_GLOBAL; goto done; }
        "fixed"      { v = MAYA_TAN_FIXED; goto done; }
        "linear"     { v = MAYA_TAN_LINEAR; goto done; }
        "flat"       { v = MAYA_TAN_FLAT; goto done; }
        "spline"     { v = MAYA_TAN_SPLINE; goto done; }
        "step"       { v = MAYA_TAN_STEP; goto done; }
        "stepnext"   { v = MAYA_TAN_STEPNEXT; goto done; }
        "slow"       { v = MAYA_TAN_SLOW; goto done; }
        "fast"       { v = MAYA_TAN_FAST; goto done; }
        "clamped"    { v = MAYA_TAN_CLAMPED; goto done; }
        "plateau"    { v = MAYA_TAN_PLATEAU; goto done; }
        "auto"       { v = MAYA_TAN_AUTO; goto done; }
        "autoease"   { v = MAYA_TAN_AUTOEASE; goto done; }
        "automix"    { v = MAYA_TAN_AUTOMIX; goto done; }
        "autocustom" { v = MAYA_TAN_AUTOCUSTOM; goto done; }
        $            { return -1; }
        *            { return -1; }
    */
done:
    return cur == lim ? v : -1;
}

int maya_word_infinity(const uint8_t *s, size_t n)
{
    const uint8_t *cur = s, *lim = s + n, *mar = s;
    int v;
    (void)mar;
    /*!re2c
        "constant"      { v = MAYA_INF_CONSTANT; goto done; }
        "linear"        { v = MAYA_INF_LINEAR; goto done; }
        "cycle"         { v = MAYA_INF_CYCLE; goto done; }
        "cycleRelative" { v = MAYA_INF_CYCLE_RELATIVE; goto done; }
        "oscillate"     { v = MAYA_INF_OSCILLATE; goto done; }
        $               { return -1; }
        *               { return -1; }
    */
done:
    return cur == lim ? v : -1;
}

int maya_word_time_unit(const uint8_t *s, size_t n)
{
    const uint8_t *cur = s, *lim = s + n, *mar = s;
    int v;
    (void)mar;
    /*!re2c
        "hour"     { v = MAYA_TU_HOUR; goto done; }
        "min"      { v = MAYA_TU_MIN; goto done; }
        "sec"      { v = MAYA_TU_SEC; goto done; }
        "millisec" { v = MAYA_TU_MILLISEC; goto done; }
        "game"     { v = MAYA_TU_GAME; goto done; }
        "film"     { v = MAYA_TU_FILM; goto done; }
        "pal"      { v = MAYA_TU_PAL; goto done; }
        "ntsc"     { v = MAYA_TU_NTSC; goto done; }
        "show"     { v = MAYA_TU_SHOW; goto done; }
        "palf"     { v = MAYA_TU_PALF; goto done; }
        "ntscf"    { v = MAYA_TU_NTSCF; goto done; }
        $          { return -1; }
        *          { return -1; }
    */
done:
    return cur == lim ? v : -1;
}

int maya_word_linear_unit(const uint8_t *s, size_t n, bool *long_form)
{
    const uint8_t *cur = s, *lim = s + n, *mar = s;
    int v;
    bool lf = false;
    (void)mar;
    /*!re2c
        "mm"         { v = MAYA_LU_MM; goto done; }
        "cm"         { v = MAYA_LU_CM; goto done; }
        "m"          { v = MAYA_LU_M; goto done; }
        "km"         { v = MAYA_LU_KM; goto done; }
        "in"         { v = MAYA_LU_IN; goto done; }
        "ft"         { v = MAYA_LU_FT; goto done; }
        "yd"         { v = MAYA_LU_YD; goto done; }
        "mi"         { v = MAYA_LU_MI; goto done; }
        "millimeter" { v = MAYA_LU_MM; lf = true; goto done; }
        "centimeter" { v = MAYA_LU_CM; lf = true; goto done; }
        "meter"      { v = MAYA_LU_M; lf = true; goto done; }
        "kilometer"  { v = MAYA_LU_KM; lf = true; goto done; }
        "inch"       { v = MAYA_LU_IN; lf = true; goto done; }
        "foot"       { v = MAYA_LU_FT; lf = true; goto done; }
        "yard"       { v = MAYA_LU_YD; lf = true; goto done; }
        "mile"       { v = MAYA_LU_MI; lf = true; goto done; }
        $            { return -1; }
        *            { return -1; }
    */
done:
    if (cur != lim)
        return -1;
    *long_form = lf;
    return v;
}

int maya_word_angular_unit(const uint8_t *s, size_t n, bool *long_form)
{
    const uint8_t *cur = s, *lim = s + n, *mar = s;
    int v;
    bool lf = false;
    (void)mar;
    /*!re2c
        "deg"    { v = MAYA_AU_DEG; goto done; }
        "rad"    { v = MAYA_AU_RAD; goto done; }
        "min"    { v = MAYA_AU_MIN; goto done; }
        "sec"    { v = MAYA_AU_SEC; goto done; }
        "degree" { v = MAYA_AU_DEG; lf = true; goto done; }
        "radian" { v = MAYA_AU_RAD; lf = true; goto done; }
        "minute" { v = MAYA_AU_MIN; lf = true; goto done; }
        "second" { v = MAYA_AU_SEC; lf = true; goto done; }
        $        { return -1; }
        *        { return -1; }
    */
done:
    if (cur != lim)
        return -1;
    *long_form = lf;
    return v;
}

int maya_word_output(const uint8_t *s, size_t n)
{
    const uint8_t *cur = s, *lim = s + n, *mar = s;
    int v;
    (void)mar;
    /*!re2c
        "linear"   { v = MAYA_OUT_LINEAR; goto done; }
        "angular"  { v = MAYA_OUT_ANGULAR; goto done; }
        "time"     { v = MAYA_OUT_TIME; goto done; }
        "unitless" { v = MAYA_OUT_UNITLESS; goto done; }
        $          { return -1; }
        *          { return -1; }
    */
done:
    return cur == lim ? v : -1;
}
