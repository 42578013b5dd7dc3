/* Maya ASCII .anim scanner: the primitives of Maya's reader (spec 2.1) and
 * the driver that feeds the grammar (maya_anim.y) with them.
 *
 *   skip    whitespace, ';' and comments (a '#' or '/' where a token starts,
 *           through the next LF) before every token;
 *   token   Maya's `word` and `number` as one token class each: keywords,
 *           tangent words, numbers by their first byte (`digit-next`) and
 *           shape, other words, '{' and '}' (words of one byte), quoted
 *           words. A word directly followed by a line end is RUNON: Maya's
 *           `word` does not stop at LF or CR and swallows the next line
 *           (a number stops there, so a number is DNUM_E/ONUM_E instead);
 *   rest    mayaVersion's value, up to ';';
 *   line    the rest of a line through its LF (Maya's `discard-line`);
 *   keyline a whole key line as Maya writes it (the fast path).
 * Which of token, rest, line or keyline comes next is the grammar's to say
 * (maya_parse_primitive): the driver asks before each token, as Maya's
 * reader knows which primitive it calls where it is.
 *
 * Bounds: the input has no sentinel (it is usually mmapped), so every read
 * goes through YYPEEK, which yields 0 at the limit, and re2c:eof checks the
 * limit whenever it sees 0. */
#include "maya_syntax.h"

#include "budget.h"
#include "release.h"
#include "numbers.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* The parser, inlined into the driver's loop. */
#include "maya_anim.c"

#define MAX_FILE_BYTES ((size_t)256 << 20)
#define MAX_LINE_BYTES ((size_t)1 << 20)
#define MAX_TOKEN_BYTES ((size_t)64 << 10)

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
    eol     = [\r\n\v\f];
    num_fixed = "-"? ("0" | nzdigit digit*) ("." digit* nzdigit)?;
    num_exp   = "-"? nzdigit ("." digit* nzdigit)? "e" [+-] (digit digit | nzdigit digit digit+);
    num_any   = [+-]? (digit+ ("." digit*)? | "." digit+) ([eE] [+-]? digit+)?;

    // Numbers exactly as %.8g prints them (Maya's default precision): at
    // most 8 significant digits, fixed notation for exponents -4..7, else
    // a two-digit exponent. For the key-line fast path only.
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
    // a value's exponent: never below e-09 (a value of at most 1e-10 goes
    // the general way, for maya.key.tiny-value)
    exp8_value = "-"? mant8 "e" ("-0" [5-9] | "+0" [89] | "+" nzdigit digit);
    num8   = fix8 | exp8_any;
    value8 = fix8 | exp8_value;
    // tangent words Maya writes without a note: no fixed (it takes a pair),
    // no obsolete or 2023-only word
    tan_plain = "global" | "linear" | "flat" | "spline" | "step" | "stepnext" | "clamped" | "plateau" | "auto";
*/

int maya_tangent_of(const uint8_t *s, size_t n)
{
    const uint8_t *cur = s, *lim = s + n, *mar = s;
    int v;
    (void)mar;
    /*!re2c
        "global"     { v = MAYA_TANGENT_GLOBAL; goto done; }
        "fixed"      { v = MAYA_TANGENT_FIXED; goto done; }
        "linear"     { v = MAYA_TANGENT_LINEAR; goto done; }
        "flat"       { v = MAYA_TANGENT_FLAT; goto done; }
        "spline"     { v = MAYA_TANGENT_SPLINE; goto done; }
        "step"       { v = MAYA_TANGENT_STEP; goto done; }
        "stepnext"   { v = MAYA_TANGENT_STEPNEXT; goto done; }
        "slow"       { v = MAYA_TANGENT_SLOW; goto done; }
        "fast"       { v = MAYA_TANGENT_FAST; goto done; }
        "clamped"    { v = MAYA_TANGENT_CLAMPED; goto done; }
        "plateau"    { v = MAYA_TANGENT_PLATEAU; goto done; }
        "auto"       { v = MAYA_TANGENT_AUTO; goto done; }
        "autoease"   { v = MAYA_TANGENT_AUTOEASE; goto done; }
        "automix"    { v = MAYA_TANGENT_AUTOMIX; goto done; }
        "autocustom" { v = MAYA_TANGENT_AUTOCUSTOM; goto done; }
        $            { return -1; }
        *            { return -1; }
    */
done:
    return cur == lim ? v : -1;
}

/* The keywords of spec 2.3 ("movData" is not one: Maya never reads it). */
static int keyword(const uint8_t *s, size_t n)
{
    const uint8_t *cur = s, *lim = s + n, *mar = s;
    int code;
    (void)mar;
    /*!re2c
        "animVersion"      { code = MAYA_T_ANIMVERSION; goto done; }
        "mayaVersion"      { code = MAYA_T_MAYAVERSION; goto done; }
        "timeUnit"         { code = MAYA_T_TIMEUNIT; goto done; }
        "linearUnit"       { code = MAYA_T_LINEARUNIT; goto done; }
        "angularUnit"      { code = MAYA_T_ANGULARUNIT; goto done; }
        "startTime"        { code = MAYA_T_STARTTIME; goto done; }
        "endTime"          { code = MAYA_T_ENDTIME; goto done; }
        "startUnitless"    { code = MAYA_T_STARTUNITLESS; goto done; }
        "endUnitless"      { code = MAYA_T_ENDUNITLESS; goto done; }
        "anim"             { code = MAYA_T_ANIM; goto done; }
        "animData"         { code = MAYA_T_ANIMDATA; goto done; }
        "input"            { code = MAYA_T_INPUT; goto done; }
        "output"           { code = MAYA_T_OUTPUT; goto done; }
        "weighted"         { code = MAYA_T_WEIGHTED; goto done; }
        "inputUnit"        { code = MAYA_T_INPUTUNIT; goto done; }
        "outputUnit"       { code = MAYA_T_OUTPUTUNIT; goto done; }
        "tangentAngleUnit" { code = MAYA_T_TANGENTANGLEUNIT; goto done; }
        "preInfinity"      { code = MAYA_T_PREINFINITY; goto done; }
        "postInfinity"     { code = MAYA_T_POSTINFINITY; goto done; }
        "keys"             { code = MAYA_T_KEYS; goto done; }
        $                  { return 0; }
        *                  { return 0; }
    */
done:
    return cur == lim ? code : 0;
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
    if (cur != lim)
        return MAYA_N_NONE;
    /* `number` fails on a value a double cannot hold (1e999): look only
       where that is possible */
    if (n > 300 || (n > 4 && memchr(s, 'e', n)) || (n > 4 && memchr(s, 'E', n))) {
        double v;
        if (ak_parse_f64((const char *)s, n, &v) != AK_NUM_OK || !isfinite(v))
            return MAYA_N_NONE;
    }
    return c;
}

/* ------------------------------------------------------------------ */
/* skip                                                                 */

static void newline(maya_lexer *lx, const uint8_t *after)
{
    lx->line++;
    lx->line_start = (size_t)(after - lx->base);
}

static void position(const maya_lexer *lx, maya_tok *t, const uint8_t *at)
{
    t->start = (uint32_t)(at - lx->base);
    t->line = lx->line;
    t->col = (uint32_t)(t->start - lx->line_start + 1);
}

/* skip (spec 2.1). Notes what rules are about when rd is given: comments,
 * bare CR, line-end styles. */
static void skip(maya_reader *rd, maya_lexer *lx, maya_tok *t)
{
    const uint8_t *cur = lx->cur, *lim = lx->lim, *mar = cur, *start;
    (void)mar;
    t->semis = 0;
    t->flags = lx->cur == lx->base || lx->cur[-1] == '\n' ? MAYA_F_BOL : 0;
    for (;;) {
        start = cur;
        /*!re2c
            blank+      { continue; }
            "\r"? "\n"  {
                if (rd)
                    maya_note_eol(rd, (size_t)(start - lx->base), *start == '\r');
                newline(lx, cur);
                t->flags |= MAYA_F_BOL;
                continue;
            }
            "\r"        {
                if (rd && !rd->bare_cr_reported && !rd->recovering) {
                    rd->bare_cr_reported = true;
                    maya_report_at(rd, maya_R_FILE_BARE_CR, (size_t)(start - lx->base), 1,
                                   "line end CR without LF: Maya's skip-to-LF then eats the rest of the file");
                }
                continue;
            }
            ";"         { if (t->semis < 255) t->semis++; continue; }
            [#/] [^\n]* {
                t->flags |= MAYA_F_COMMENT;
                t->aux = (uint32_t)(start - lx->base);
                if (rd && !rd->recovering)
                    maya_report_at(rd, maya_R_LEX_COMMENT, t->aux, 1, "comment (Maya never writes comments)");
                continue;
            }
            $           { lx->cur = cur; return; }
            *           { lx->cur = start; return; }
        */
    }
}

static uint8_t end_of(const uint8_t *cur, const uint8_t *lim)
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

static bool odd_bytes(const uint8_t *s, size_t n)
{
    for (size_t i = 0; i < n; i++)
        if (s[i] < 0x20 || s[i] >= 0x7f)
            return true;
    return false;
}

/* ------------------------------------------------------------------ */
/* token                                                                */

/* The grammar code of a word lexeme [s, s+n) ended by what is at e. */
static int classify(maya_tok *t, const uint8_t *s, size_t n, const uint8_t *e, const uint8_t *lim)
{
    bool runon = e < lim && (*e == '\r' || *e == '\n' || *e == '\v' || *e == '\f');
    t->tan = -1;
    if (!n)
        return MAYA_T_WORD;
    if ((*s >= '0' && *s <= '9') || *s == '-' || *s == '+' || *s == '.') {
        t->num = (uint8_t)maya_number_class(s, n);
        bool digit = *s >= '0' && *s <= '9';
        if (t->num != MAYA_N_NONE)
            return digit ? (runon ? MAYA_T_DNUM_E : MAYA_T_DNUM) : (runon ? MAYA_T_ONUM_E : MAYA_T_ONUM);
        return runon ? MAYA_T_RUNON : digit ? MAYA_T_DWORD : MAYA_T_WORD;
    }
    t->num = MAYA_N_NONE;
    if (runon)
        return MAYA_T_RUNON;
    int kw = n >= 4 && n <= 16 ? keyword(s, n) : 0;
    if (kw)
        return kw == MAYA_T_ANIM && (t->flags & MAYA_F_BOL) ? MAYA_T_ANIMB : kw;
    t->tan = (int8_t)maya_tangent_of(s, n);
    return t->tan == MAYA_TANGENT_FIXED ? MAYA_T_FIXED : t->tan >= 0 ? MAYA_T_TAN : MAYA_T_WORD;
}

/* skip + word/number (spec 2.1): the token's grammar code, 0 at the end. */
static int scan_token(maya_reader *rd, maya_lexer *lx, maya_tok *t)
{
    skip(rd, lx, t);
    const uint8_t *cur = lx->cur, *lim = lx->lim, *mar = cur, *start = cur;
    (void)mar;
    position(lx, t, start);
    t->off = t->start;
    int code;
    /*!re2c
        $   { t->len = 0; t->end = MAYA_END_EOF; t->num = 0; return 0; }
        "{" { code = MAYA_T_LBRACE; goto brace; }
        "}" { code = MAYA_T_RBRACE; goto brace; }
        ["] [^"]* ["] {
            t->off = t->start + 1;
            t->len = (uint32_t)(cur - start) - 2;
            t->flags |= MAYA_F_QUOTED;
            for (const uint8_t *p = start + 1; p < cur - 1; p++)
                if (*p == '\n')
                    newline(lx, p + 1);
            /* Maya's `word` drops the quotes: a quoted keyword or tangent
               word is one; `number` fails on the quote */
            code = classify(t, start + 1, t->len, NULL, NULL);
            if (code == MAYA_T_DNUM || code == MAYA_T_ONUM || code == MAYA_T_DWORD) {
                code = MAYA_T_WORD;
                t->num = MAYA_N_NONE;
            }
            goto done;
        }
        ["] [^"]* {
            t->off = t->start + 1;
            t->len = (uint32_t)(lim - start) - 1;
            lx->cur = lim;
            t->end = MAYA_END_EOF;
            return MAYA_T_LEXERR;
        }
        [^ \t\v\f\r\n;{}"#/] [^ \t\v\f\r\n;]* { goto word; }
        * { goto word; }
    */
brace:
    t->len = 1;
    t->num = MAYA_N_NONE;
    t->tan = -1;
    goto done;
word:
    t->len = (uint32_t)(cur - start);
    {
        uint8_t c0 = *start;
        if (((c0 >= '0' && c0 <= '9') || c0 == '-' || c0 == '+' || c0 == '.') &&
            maya_number_class(start, t->len) == MAYA_N_NONE) {
            /* `number` stops before a byte that cannot continue it: a '#'
               or '/' there starts a comment */
            for (size_t i = 1; i < t->len; i++) {
                if (start[i] != '#' && start[i] != '/')
                    continue;
                if (maya_number_class(start, i) != MAYA_N_NONE) {
                    t->len = (uint32_t)i;
                    cur = start + i;
                }
                break;
            }
        }
    }
    code = classify(t, start, t->len, cur, lim);
done:
    if (odd_bytes(lx->base + t->off, t->len))
        t->flags |= MAYA_F_ODD;
    t->end = end_of(cur, lim);
    lx->cur = cur;
    return code;
}

/* rest (spec 2.1): mayaVersion's value, the bytes up to ';' (consumed). A
 * value that runs over a line end is RUNON. */
static int scan_rest(maya_reader *rd, maya_lexer *lx, maya_tok *t)
{
    skip(rd, lx, t);
    const uint8_t *start = lx->cur, *semi = memchr(start, ';', (size_t)(lx->lim - start));
    const uint8_t *end = semi ? semi : lx->lim;
    position(lx, t, start);
    t->off = t->start;
    t->len = (uint32_t)(end - start);
    t->num = MAYA_N_NONE;
    t->tan = -1;
    t->end = semi ? MAYA_END_SEMI : MAYA_END_EOF;
    if (odd_bytes(start, t->len))
        t->flags |= MAYA_F_ODD;
    bool runon = false;
    for (const uint8_t *p = start; p < end; p++)
        if (*p == '\n' || *p == '\r') {
            runon = true;
            if (*p == '\n')
                newline(lx, p + 1);
        }
    lx->cur = semi ? semi + 1 : lx->lim;
    return runon ? MAYA_T_RUNON : MAYA_T_REST;
}

/* discard-line (spec 2.1): the rest of the current line through its LF.
 * The tokens on it are counted (they are what Maya ignores); LINE_BRACE
 * when the first is '{'. */
static int scan_line(maya_reader *rd, maya_lexer *lx, maya_tok *t)
{
    const uint8_t *start = lx->cur, *nl = memchr(start, '\n', (size_t)(lx->lim - start));
    const uint8_t *end = nl ? nl + 1 : lx->lim;
    position(lx, t, start);
    t->len = (uint32_t)(end - start);
    t->end = nl ? MAYA_END_EOL : MAYA_END_EOF;
    t->flags = nl && nl > start && nl[-1] == '\r' ? MAYA_F_CRLF : 0;
    t->num = MAYA_N_NONE;
    t->tan = -1;
    t->count = 0;
    memset(t->codes, 0, sizeof t->codes);
    t->aux = t->off2 = 0;
    t->semis = 0;
    t->off = t->start;
    /* the tokens Maya discards, scanned within the line */
    maya_lexer sub = {lx->base, start, nl ? nl : lx->lim, lx->line, lx->line_start};
    for (;;) {
        maya_tok x;
        x.aux = 0;
        int code = scan_token(NULL, &sub, &x);
        t->semis = (uint8_t)(t->semis + x.semis > 255 ? 255 : t->semis + x.semis);
        if ((x.flags & MAYA_F_COMMENT) && !t->aux)
            t->aux = x.aux;
        if (!code || t->count == 255)
            break;
        if (t->count < 4)
            t->codes[t->count] = (uint8_t)code;
        if (t->count == 0)
            t->off = x.off;
        else if (t->count == 1)
            t->off2 = x.off;
        t->count++;
    }
    if (rd) {
        if (t->len > MAX_LINE_BYTES && !rd->long_line_reported) {
            rd->long_line_reported = true;
            maya_report_at(rd, maya_R_LIMIT_LINE_LENGTH, lx->line_start, 0, "line longer than %zu bytes",
                           MAX_LINE_BYTES);
        }
        if (nl)
            maya_note_eol(rd, (size_t)(nl - lx->base) - (t->flags & MAYA_F_CRLF ? 1 : 0),
                          (t->flags & MAYA_F_CRLF) != 0);
    }
    lx->cur = end;
    if (nl)
        newline(lx, end);
    return t->codes[0] == MAYA_T_LBRACE ? MAYA_T_LINE_BRACE : MAYA_T_LINE;
}

/* A key line written as Maya writes it: %.8g-shaped numbers, tangent words
 * that carry no note, flags 0/1, an angle and a weight for each `fixed`
 * tangent (7, 9 or 11 fields), ';' and the line end, after at most 32
 * spaces. The fields are found by one DFA that reads without bounds checks
 * (the longest line it matches is far shorter than KEYLINE_FAR): where the
 * line could reach the end of the input, it reads a copy of what is left,
 * ended by a NUL that no rule takes, and the spans are moved back onto the
 * input (KEYLINE_AT). keyline_pairs and keyline_take then take the line only
 * when nothing in it needs a diagnostic but the time order: a weight Maya
 * writes (1 on a non-weighted curve, positive on a weighted one), angles
 * within a quarter turn. On no match nothing moves, and the token path
 * reads the line. */
#define KEYLINE_FAR 256

/*!re2c
    keyhead  = [ ]{0,32} @t0 num8 @t1 " " @v0 value8 @v1 " ";
    keyflags = @f0 [01] " " [01] " " [01];
    keyend   = ";" @e "\r"? "\n";
    keypair  = " " @p0 num8 @p1 " " @p2 num8 @p3;
    keypair2 = " " @q0 num8 @q1 " " @q2 num8 @q3;
    keyline_plain = keyhead @a0 tan_plain @a1 " " @b0 tan_plain @b1 " " keyflags keyend;
    keyline_in    = keyhead @a0 "fixed" @a1 " " @b0 tan_plain @b1 " " keyflags keypair keyend;
    keyline_out   = keyhead @a0 tan_plain @a1 " " @b0 "fixed" @b1 " " keyflags keypair keyend;
    keyline_both  = keyhead @a0 "fixed" @a1 " " @b0 "fixed" @b1 " " keyflags keypair keypair2 keyend;
*/

/* Whether a num8 literal s..end is within (-q, q) by its digits before the
   point alone (|x| < its integer part + 1 <= q); false when that does not
   tell (an exponent, a larger integer part): the caller parses it. */
static bool literal_within(const uint8_t *s, const uint8_t *end, double q)
{
    if (memchr(s, 'e', (size_t)(end - s)))
        return false;
    s += s < end && *s == '-';
    uint32_t whole = 0;
    for (int digits = 0; s < end && *s != '.'; s++)
        if (++digits > 8)
            return false;
        else
            whole = whole * 10 + (uint32_t)(*s - '0');
    return (double)whole + 1 <= q;
}

/* Whether a num8 literal s..end is above 0: no sign and a digit other than 0
   before any exponent. */
static bool literal_positive(const uint8_t *s, const uint8_t *end)
{
    if (s == end || *s == '-')
        return false;
    for (; s < end && *s != 'e'; s++)
        if (*s >= '1' && *s <= '9')
            return true;
    return false;
}

/* An angle and a weight of a fixed side (spans a..a_end, w..w_end) as Maya
   writes them: into out[0..1]. Validating (no document), a line whose
   digits already show them within range is taken without parsing them, and
   out is left as it is. */
static bool keyline_pair(const maya_reader *rd, const uint8_t *a, const uint8_t *a_end, const uint8_t *w,
                         const uint8_t *w_end, double *out)
{
    static const double quarter[] = {90, 1.5707963267948966, 5400, 324000}; /* deg rad min sec */
    int u = rd->angle_unit >= 0 ? rd->angle_unit : rd->angular_unit;
    double q = u >= 0 ? quarter[u] : 90;
    if (!rd->doc && literal_within(a, a_end, q) &&
        (rd->weighted ? literal_positive(w, w_end) : w_end - w == 1 && *w == '1'))
        return true;
    if (ak_parse_f64((const char *)a, (size_t)(a_end - a), &out[0]) != AK_NUM_OK ||
        ak_parse_f64((const char *)w, (size_t)(w_end - w), &out[1]) != AK_NUM_OK)
        return false;
    return out[0] > -q && out[0] < q && (rd->weighted ? out[1] > 0 : out[1] == 1);
}

/* The angles and weights of a key line's fixed sides (bit 0: in, bit 1:
   out; p is the first fixed side's pair, q the second's) into rd->kv[0..3],
   in then out, 0 for a side that is not fixed; false when Maya would not
   write them. */
static bool keyline_pairs(maya_reader *rd, int fixed, const uint8_t *const p[4], const uint8_t *const q[4])
{
    double pair[4] = {0, 0, 0, 0};
    const uint8_t *const *next = p;
    for (int side = 0; side < 2; side++) {
        if (!((fixed >> side) & 1))
            continue;
        if (!keyline_pair(rd, next[0], next[1], next[2], next[3], pair + 2 * side))
            return false;
        next = q;
    }
    memcpy(rd->kv, pair, sizeof pair);
    return true;
}

/* Takes the key line the DFA matched (see scan_keyline) as the token k;
   the fixed sides' angles and weights are in rd->kv[0..3] (keyline_pairs;
   zeroed here for a line without, when a document is built). */
static inline bool keyline_take(maya_reader *rd, maya_lexer *lx, maya_tok *k, int fixed, const uint8_t *t0,
                                const uint8_t *t1, const uint8_t *v0, const uint8_t *v1, const uint8_t *a0,
                                const uint8_t *a1, const uint8_t *b0, const uint8_t *b1, const uint8_t *f0,
                                const uint8_t *e, const uint8_t *end)
{
    k->off = (uint32_t)(t0 - lx->base);
    k->start = k->off;
    k->len = (uint32_t)(t1 - t0);
    k->aux = (uint32_t)(v0 - lx->base);
    k->vlen = (uint8_t)(v1 - v0);
    if (rd->doc) { /* validation needs no tangent index, no fixed pairs */
        k->tan = (int8_t)maya_tangent_of(a0, (size_t)(a1 - a0));
        k->tan2 = (int8_t)maya_tangent_of(b0, (size_t)(b1 - b0));
        if (!fixed)
            memset(rd->kv, 0, 4 * sizeof rd->kv[0]);
    }
    k->kflags = (uint8_t)((f0[0] == '1') | (f0[2] == '1') << 1 | (f0[4] == '1') << 2);
    k->flags = *e == '\r' ? MAYA_F_CRLF : 0;
    k->line = lx->line;
    k->col = (uint32_t)(k->start - lx->line_start + 1);
    maya_note_eol(rd, (size_t)(e - lx->base), *e == '\r');
    lx->cur = end;
    newline(lx, end);
    return true;
}

/* A span of the DFA's text (from `text`) at its place in the input (from
   `from`): the same pointer unless the DFA read a copy of the input's end.
   Only for tags that the rule sets (the pairs' only on fixed sides). */
#define KEYLINE_AT(p) (from + ((p) - text))

/* The DFA's rules, as actions on the spans. */
#define KEYLINE_RULE(fixed_sides)                                                                         \
    {                                                                                                     \
        if (fixed_sides) {                                                                                \
            const uint8_t *const p_[4] = {KEYLINE_AT(p0), KEYLINE_AT(p1), KEYLINE_AT(p2), KEYLINE_AT(p3)}; \
            const uint8_t *const q_[4] = {(fixed_sides) == 3 ? KEYLINE_AT(q0) : NULL,                    \
                                          (fixed_sides) == 3 ? KEYLINE_AT(q1) : NULL,                    \
                                          (fixed_sides) == 3 ? KEYLINE_AT(q2) : NULL,                    \
                                          (fixed_sides) == 3 ? KEYLINE_AT(q3) : NULL};                   \
            if (!keyline_pairs(rd, fixed_sides, p_, q_))                                                  \
                return false;                                                                             \
        }                                                                                                 \
        return keyline_take(rd, lx, k, fixed_sides, KEYLINE_AT(t0), KEYLINE_AT(t1), KEYLINE_AT(v0),       \
                            KEYLINE_AT(v1), KEYLINE_AT(a0), KEYLINE_AT(a1), KEYLINE_AT(b0), KEYLINE_AT(b1), \
                            KEYLINE_AT(f0), KEYLINE_AT(e), KEYLINE_AT(cur));                              \
    }

static bool scan_keyline(maya_reader *rd, maya_lexer *lx, maya_tok *k)
{
    const uint8_t *from = lx->cur, *text = from;
    uint8_t tail[KEYLINE_FAR + 1];
    if (lx->lim - from <= KEYLINE_FAR) {
        size_t n = (size_t)(lx->lim - from);
        memcpy(tail, from, n);
        tail[n] = 0;
        text = tail;
    }
    const uint8_t *cur = text, *mar = cur;
    const uint8_t *t0 = NULL, *t1 = NULL, *v0 = NULL, *v1 = NULL, *a0 = NULL, *a1 = NULL, *b0 = NULL, *b1 = NULL;
    const uint8_t *f0 = NULL, *e = NULL, *p0 = NULL, *p1 = NULL, *p2 = NULL, *p3 = NULL;
    const uint8_t *q0 = NULL, *q1 = NULL, *q2 = NULL, *q3 = NULL;
    (void)mar;
    /*!stags:re2c:keyline format = 'const uint8_t *@@ = NULL;\n    '; */
    /*!local:re2c:keyline
        re2c:define:YYPEEK = "*cur";
        re2c:eof = -1;
        keyline_plain { KEYLINE_RULE(0) }
        keyline_in    { KEYLINE_RULE(1) }
        keyline_out   { KEYLINE_RULE(2) }
        keyline_both  { KEYLINE_RULE(3) }
        *             { return false; }
    */
}

/* ------------------------------------------------------------------ */
/* The driver                                                           */

/* Lexical checks of a token the grammar gets (spec 2.1, rules 11, 14, 18,
 * 19, 4, 5, 72). */
static void check_token(maya_reader *rd, const maya_tok *t, bool semi_before_ok)
{
    if (t->semis > (semi_before_ok ? 1 : 0))
        maya_report(rd, maya_R_LEX_STRAY_SEMICOLON, t, "%u extra ';' before this", t->semis - (semi_before_ok ? 1u : 0u));
    if (t->len > MAX_TOKEN_BYTES)
        maya_report(rd, maya_R_LIMIT_TOKEN_LENGTH, t, "token of %u bytes (limit %zu)", t->len, MAX_TOKEN_BYTES);
    else if (t->len > 1023)
        maya_report(rd, maya_R_LEX_LONG_WORD, t, "word of %u bytes: readers before Maya 2023 split it at 1023",
                    t->len);
    if (t->flags & MAYA_F_QUOTED)
        maya_report(rd, maya_R_LEX_QUOTED_WORD, t, "quoted word (Maya never writes quotes)");
    if (!(t->flags & MAYA_F_ODD))
        return;
    const uint8_t *s = rd->data + t->off;
    size_t nul = SIZE_MAX, ctl = SIZE_MAX, high = SIZE_MAX;
    for (size_t i = 0; i < t->len; i++) {
        if (s[i] == 0 && nul == SIZE_MAX)
            nul = i;
        else if (s[i] && (s[i] < 0x20 || s[i] == 0x7f) && s[i] != '\t' && s[i] != '\n' && s[i] != '\v' &&
                 s[i] != '\f' && s[i] != '\r' && ctl == SIZE_MAX)
            ctl = i;
        else if (s[i] >= 0x80 && high == SIZE_MAX)
            high = i;
    }
    if (nul != SIZE_MAX)
        maya_report_at(rd, maya_R_FILE_NUL_BYTE, t->off + nul, 1, "NUL byte: this is not a text file");
    if (ctl != SIZE_MAX)
        maya_report_at(rd, maya_R_FILE_CONTROL_CHAR, t->off + ctl, 1, "control character 0x%02x inside a word",
                       s[ctl]);
    if (high != SIZE_MAX)
        maya_report_at(rd, maya_R_LEX_NON_ASCII, t->off + high, 1, "non-ASCII byte in a word (Maya names are ASCII)");
}

/* Spec 1.1: skip a BOM, whitespace, ';' and comment lines; the first word
 * must be exactly animVersion. */
int maya_sniff(const uint8_t *p, size_t n)
{
    size_t i = 0;
    if (n >= 3 && p[0] == 0xef && p[1] == 0xbb && p[2] == 0xbf)
        i = 3;
    while (i < n) {
        uint8_t c = p[i];
        if (c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == '\v' || c == '\f' || c == ';') {
            i++;
        } else if (c == '#' || c == '/') {
            while (i < n && p[i] != '\n')
                i++;
        } else {
            break;
        }
    }
    static const char kw[] = "animVersion";
    size_t k = sizeof kw - 1;
    if (n - i < k || memcmp(p + i, kw, k) != 0)
        return AK_SNIFF_NO;
    if (n - i == k)
        return AK_SNIFF_CONTENT;
    uint8_t c = p[i + k];
    return (c == ' ' || c == '\t' || c == ';' || c == '\r' || c == '\n') ? AK_SNIFF_CONTENT : AK_SNIFF_NO;
}

/* Spec 1.1: another format's .anim file, by its first bytes (a file whose
 * first word is not animVersion: Maya refuses it, and this says why). A
 * NUL byte in the first 4 KiB means binary; a Maya file may hold one in a
 * comment, which Maya skips unread. */
static const char *foreign_kind(const uint8_t *p, size_t n)
{
    if (n >= 4 && memcmp(p, "PK\x03\x04", 4) == 0)
        return "a Studio Library .anim (ZIP)";
    if (memchr(p, 0, n < 4096 ? n : 4096))
        return "a binary .anim (Second Life, Horde3D or Metroid Prime)";
    if (n >= 5 && memcmp(p, "%YAML", 5) == 0)
        return "a Unity animation clip";
    if (n >= 5 && memcmp(p, "<?xml", 5) == 0)
        return "an XML .anim (Tomb Raider WadTool)";
    if (n >= 12 && memcmp(p, "[gd_resource", 12) == 0)
        return "a Godot animation resource";
    if (n >= 9 && memcmp(p, "animation", 9) == 0 && (n == 9 || memchr(" \t\n{", p[9], 4)))
        return "a CSE169 text animation";
    return NULL;
}

void maya_read(maya_reader *rd)
{
    const uint8_t *data = rd->data;
    size_t size = rd->size, start = 0;
    if (size > MAX_FILE_BYTES) {
        maya_report_at(rd, maya_R_LIMIT_FILE_SIZE, 0, 0, "file of %zu bytes (limit %zu)", size, MAX_FILE_BYTES);
        return;
    }
    if (size >= 3 && data[0] == 0xef && data[1] == 0xbb && data[2] == 0xbf) {
        maya_report_at(rd, maya_R_FILE_BOM, 0, 3, "UTF-8 byte order mark: Maya reads it into the first word");
        start = 3;
    }
    const char *foreign = maya_sniff(data, size) ? NULL : foreign_kind(data + start, size - start);
    if (foreign) {
        maya_report_at(rd, maya_R_FILE_FOREIGN_FORMAT, start, 0, "this is %s, not a Maya .anim file", foreign);
        return;
    }
    maya_lexer *lx = &rd->lx;
    lx->base = data;
    lx->cur = data + start;
    lx->lim = data + size;
    lx->line = 1;
    lx->line_start = 0;
    rd->parser = maya_parseAlloc(malloc, rd);
    if (!rd->parser) {
        /* never a silent end: the file would pass unchecked */
        ak_report_out_of_memory(rd->d, 0, "parsing Maya .anim");
        rd->stop = true;
        return;
    }
    ak_release rel;
    /* a document points into the data; one decoded as a stream (the dump)
       has copied what it keeps, and its entries go as they are read */
    ak_release_init(&rel, rd->in, rd->doc != NULL && !rd->arena->stream);
    bool after_line = true, semi_ok = false;
    uint64_t before = 0; /* maya_parse_where before a KEYLINE */
    while (!rd->stop) {
        ak_release_at(&rel, (size_t)(lx->cur - data));
        maya_parse_settle(rd->parser);
        maya_tok t;
        memset(&t, 0, sizeof t);
        int code;
        switch (maya_parse_primitive(rd->parser)) {
        case MAYA_PRIM_LINE:
            code = scan_line(rd, lx, &t);
            break;
        case MAYA_PRIM_REST:
            code = scan_rest(rd, lx, &t);
            break;
        case MAYA_PRIM_KEY:
            if (rd->precision == 8 && scan_keyline(rd, lx, &t)) {
                code = MAYA_T_KEYLINE;
                before = maya_parse_where(rd->parser);
                break;
            }
            /* fall through */
        default:
            code = scan_token(rd, lx, &t);
            if (code == MAYA_T_KEYS && !rd->v11)
                code = MAYA_T_KEYS10; /* C1: the animVersion action decides */
            break;
        }
        t.code = (uint8_t)code;
        if (code && code != MAYA_T_LINE && code != MAYA_T_LINE_BRACE && code != MAYA_T_KEYLINE) {
            if (!rd->any_token) {
                rd->any_token = true;
                rd->first_token = t.start;
            }
            if (!rd->recovering)
                check_token(rd, &t, semi_ok);
            if (code == MAYA_T_LEXERR && !rd->recovering)
                maya_report(rd, maya_R_LEX_UNTERMINATED_QUOTE, &t,
                            "quoted word without its closing '\"' runs to the end of the file");
            semi_ok = t.end == MAYA_END_SEMI;
            if (after_line)
                rd->line_first = t;
            after_line = false;
        } else {
            semi_ok = false;
            after_line = true;
        }
        maya_parse(rd->parser, code, t);
        if (!code)
            break;
        if (code != MAYA_T_KEYLINE)
            continue;
        /* A key line that leaves the parser where it was (keylist ::=
           keylist KEYLINE): the next ones are that rule's action alone,
           maya_key_line, without a step of the parser each. */
        maya_parse_settle(rd->parser);
        if (maya_parse_where(rd->parser) != before)
            continue;
        while (!rd->stop && rd->precision == 8) {
            ak_release_at(&rel, (size_t)(lx->cur - data));
            if (!scan_keyline(rd, lx, &t))
                break;
            maya_key_line(rd, &t);
        }
    }
    maya_parseFree(rd->parser, free);
    rd->parser = NULL;
    if (!rd->stop)
        maya_finish(rd);
}
