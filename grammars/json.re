/* The JSON scanner (RFC 8259): tokens for the Lemon grammar (json.y).
 *
 * Bounds: re2c's `re2c:eof` style with a NUL sentinel, and a YYPEEK that
 * never reads at or past YYLIMIT (it yields the sentinel there), so the
 * input needs no terminator and NUL bytes inside the input are data: a NUL
 * is only the end when the cursor has reached the limit.
 *
 * Speed: the common tokens are single DFA rules (a string without escapes
 * or non-ASCII bytes, a number, a run of whitespace). Strings with escapes
 * or UTF-8 take the piecewise rules of scan_string(); runs of bytes >= 0x80
 * are checked by the UTF-8 machine of the runtime (grammars/utf8.rl).
 *
 * Everything that is not JSON but is a known mistake (comments, single
 * quotes, leading zeros, NaN, `True`) has its own rule so that the message
 * can say what it is. */
#include "json_parser.h"

#include "utf8.h"

/* The Lemon parser generated from json.y, in this unit so that the
   compiler can inline the push parser into the scan loop below. */
#include "json.c"

/*!re2c
    re2c:api = custom;
    re2c:api:style = free-form;
    re2c:define:YYCTYPE = "unsigned char";
    re2c:define:YYPEEK = "(cur < lim ? *cur : 0)";
    re2c:define:YYSKIP = "++cur;";
    re2c:define:YYBACKUP = "mar = cur;";
    re2c:define:YYRESTORE = "cur = mar;";
    re2c:define:YYLESSTHAN = "cur >= lim";
    re2c:eof = 0;
    re2c:tags = 1;
    re2c:define:YYSTAGP = "@@{tag} = cur;";
    re2c:define:YYSTAGN = "@@{tag} = NULL;";
    re2c:define:YYSHIFTSTAG = "@@{tag} += @@{shift};";
    re2c:yyfill:enable = 0;
    re2c:indent:string = "    ";

    ws     = [ \t\r\n];
    // whitespace inside a token made of several (after its ',', '{' or
    // '[', before its '}' or ']'): a few bytes at most; a longer run (a
    // pretty-printed document's line end and indentation) ends the token
    // there and is passed 8 bytes at a time before the next (ak_json__skip_ws)
    wsf    = [ \t\r\n]{0,4};
    digit  = [0-9];
    hex    = [0-9a-fA-F];
    plain  = [\x20-\x21\x23-\x5b\x5d-\x7f];
    int    = "-"? ("0" | [1-9] digit*);
    frac   = "." digit+;
    exp    = [eE] [+-]? digit+;
    numish = [-+.0-9] [-+.0-9a-zA-Z_]*;
    word   = [a-zA-Z_$] [a-zA-Z0-9_$]*;
    hi_sur = [dD] [89abAB] hex hex;
    str    = "\"" plain* "\"";
    num    = int (@fr frac)? (@ex exp)?;
    lit    = "true" | "false" | "null";
    delim  = [ \t\r\n,\]}];
    lo_sur = [dD] [c-fC-F] hex hex;
*/

/* The rest of a string after its opening quote, when it has escapes or
 * bytes >= 0x80. Returns the end (after the closing quote), or NULL after
 * reporting a lexical error. */
typedef struct lex_fault {
    ak_json_lex_error kind;
    const unsigned char *at;
    size_t length;
} lex_fault;

static const unsigned char *fault(lex_fault *f, ak_json_lex_error kind, const unsigned char *at, size_t length)
{
    f->kind = kind;
    f->at = at;
    f->length = length;
    return NULL;
}

static const unsigned char *scan_string(const unsigned char *open, const unsigned char *cur,
                                        const unsigned char *lim, uint32_t *flags, lex_fault *f)
{
    const unsigned char *mar = cur, *tok;
    for (;;) {
        tok = cur;
        /*!re2c
            plain+                 { continue; }
            "\""                   { return cur; }
            "\\" ["\\/bfnrt]       { *flags |= AK_JSON_F_ESCAPED; continue; }
            "\\u" hi_sur "\\u" lo_sur { *flags |= AK_JSON_F_ESCAPED; continue; }
            "\\u" (hi_sur | lo_sur) {
                return fault(f, AK_JSON_LEX_LONE_SURROGATE, tok, 6);
            }
            "\\u" hex{4}           { *flags |= AK_JSON_F_ESCAPED; continue; }
            "\\"                   {
                return fault(f, AK_JSON_LEX_BAD_ESCAPE, tok, cur < lim ? 2 : 1);
            }
            [\x80-\xff]+           {
                size_t bad;
                if (!ak_utf8_valid(tok, (size_t)(cur - tok), &bad))
                    return fault(f, AK_JSON_LEX_INVALID_UTF8, tok + bad, 1);
                continue;
            }
            [\x00-\x1f]            {
                return fault(f, AK_JSON_LEX_CONTROL, tok, 1);
            }
            $                      {
                return fault(f, AK_JSON_LEX_UNTERMINATED, open, (size_t)(lim - open));
            }
        */
    }
}

/* Lemon completes a shift-reduce (and the default reductions after it)
 * only when the next token arrives, so the driver's state (frames, events,
 * the innermost array's lane) lags one token behind the scanner. Where that
 * matters, with lanes, those reductions (which do not depend on the
 * lookahead) are run at once, before the scanner reads on. The generated
 * parser is included above, so its internals are at hand; the work is the
 * same, only earlier, but the extra check per token costs the plain parse
 * some 15%, which is why it is not done without lanes. */
static inline void settle(ak_json_parser *p)
{
    yyParser *pp = p->lemon;
    while (pp->yytos->stateno >= YY_MIN_REDUCE && !p->done) {
        ak_json_token none = {0, 0, 0, 0, 0, 0};
        yy_reduce(pp, (unsigned)(pp->yytos->stateno - YY_MIN_REDUCE), YYNOCODE, none, p);
    }
}

/* Every rule hands its token to the grammar step at `feed:` below the
   rules: the grammar is inlined into this loop (flatten) once, not once per
   rule: with ~45 inlined copies this file took 100-120 s of CPU to compile
   at -O2/-O3, with one about 8 s, and the scan is no slower. */
#define TOKEN(major, v, ve, k, ke, fl)                                                    \
    (t_major = (major),                                                                   \
     t_ = (ak_json_token){(size_t)((v) - base), (size_t)((ve) - (v)), (size_t)(tok - base), \
                          (size_t)((k) - base), (size_t)((ke) - (k)), (fl)})

/* A token from tok to the value [v, ve) (a fused one: its name, if any,
   is [k, ke)). The grammar gets it; its events happen in the actions. */
#define FEED_SPANS(major, v, ve, k, ke, fl)                                               \
    do {                                                                                  \
        TOKEN(major, v, ve, k, ke, fl);                                                   \
        goto feed;                                                                        \
    } while (0)

/* A token whose spans are all [tok, cur). */
#define FEED(major, fl) FEED_SPANS(major, tok, cur, tok, tok, (fl))

/* The last token: a lexical error or the end. */
#define FEED_LAST(major, fl)                                                              \
    do {                                                                                  \
        last = true;                                                                      \
        FEED(major, fl);                                                                  \
    } while (0)

#define NUMBER_FLAGS(v, fr, ex)                                                           \
    (AK_JSON_KIND_FLAG(AK_JSON_NUMBER) | (*(v) == '-' ? AK_JSON_F_NEG : 0u) |             \
     ((fr) ? AK_JSON_F_FRAC : 0u) | ((ex) ? AK_JSON_F_EXP : 0u))

/* Fused tokens end with the delimiter after their value (so that `1x` or
   `truex` are never split into a value and garbage); it is given back. */
#define SCALAR_KIND(k) AK_JSON_KIND_FLAG(AK_JSON_##k)
#define LITERAL_KIND(v) (*(v) == 't' ? SCALAR_KIND(TRUE) : *(v) == 'f' ? SCALAR_KIND(FALSE) : SCALAR_KIND(NULL))

/* flatten: the grammar (included above) is inlined into this loop. */
#if defined(__GNUC__) || defined(__clang__)
__attribute__((flatten))
#endif
void ak_json__scan(ak_json_parser *p)
{
    const unsigned char *base = p->data;
    const unsigned char *cur = base + p->start, *lim = base + p->size;
    const unsigned char *mar = cur, *tok;
    /* named tags (value, value end, name, name end, fraction, exponent) */
    const unsigned char *v = NULL, *ve = NULL, *k = NULL, *ke = NULL, *fr = NULL, *ex = NULL;
    /* the token for the grammar step at `feed:` */
    int t_major;
    ak_json_token t_;
    bool last = false;
    /*!stags:re2c format = 'const unsigned char *@@ = NULL;\n    '; */
    for (;;) {
        if (cur < lim && (*cur == ' ' || *cur == '\n' || *cur == '\r' || *cur == '\t'))
            cur = ak_json__skip_ws(cur, lim);
        tok = cur;
        ak_release_at(&p->release, (size_t)(tok - base));
        if (p->lane && cur < lim) {
            const unsigned char *end = ak_json__try_lane(p, cur, lim);
            if (end) {
                /* an element taken whole: one value token for the grammar */
                cur = end;
                if (*tok == ',' && p->last_major == AK_JSON_T_C_SCALAR) {
                    /* the grammar is where the element before left it
                       (more ::= more C_SCALAR, settled): its action only */
                    TOKEN(AK_JSON_T_C_SCALAR, p->lane_caps[0], end, tok, tok, AK_JSON_KIND_FLAG(AK_JSON__LANE));
                    ak_json__scalar(p, AK_JSON__LANE, &t_);
                    p->last_offset = t_.start;
                    /* and those after it that the lane takes */
                    cur = ak_json__lane_run(p, cur, lim);
                    continue;
                }
                FEED_SPANS(*tok == ',' ? AK_JSON_T_C_SCALAR : AK_JSON_T_SCALAR, p->lane_caps[0], end, tok, tok,
                           AK_JSON_KIND_FLAG(AK_JSON__LANE));
            }
        }
        /*!re2c
            ws+                    { continue; }
            "{"                    { FEED(AK_JSON_T_LBRACE, 0); }
            "}"                    { FEED(AK_JSON_T_RBRACE, 0); }
            "["                    { FEED(AK_JSON_T_LBRACKET, 0); }
            "]"                    { FEED(AK_JSON_T_RBRACKET, 0); }
            ":"                    { FEED(AK_JSON_T_COLON, 0); }
            ","                    { FEED(AK_JSON_T_COMMA, 0); }
            "," wsf @k "{"         { FEED_SPANS(AK_JSON_T_C_LBRACE, k, cur, k, cur, 0); }
            "," wsf @k "["         { FEED_SPANS(AK_JSON_T_C_LBRACKET, k, cur, k, cur, 0); }
            "{" wsf @k str @ke ws* ":" ws* @v num @ve delim {
                cur = ve;
                FEED_SPANS(AK_JSON_T_LBRACE_KEY_SCALAR, v, ve, k, ke, NUMBER_FLAGS(v, fr, ex));
            }
            "," wsf "{" wsf @k str @ke ws* ":" ws* @v num @ve delim {
                cur = ve;
                FEED_SPANS(AK_JSON_T_C_LBRACE_KEY_SCALAR, v, ve, k, ke, NUMBER_FLAGS(v, fr, ex));
            }
            "{" wsf @k str @ke ws* ":" ws* @v str @ve delim {
                cur = ve;
                FEED_SPANS(AK_JSON_T_LBRACE_KEY_SCALAR, v, ve, k, ke, SCALAR_KIND(STRING));
            }
            "," wsf "{" wsf @k str @ke ws* ":" ws* @v str @ve delim {
                cur = ve;
                FEED_SPANS(AK_JSON_T_C_LBRACE_KEY_SCALAR, v, ve, k, ke, SCALAR_KIND(STRING));
            }
            "{" wsf @k str @ke ws* ":" ws* @v lit @ve delim {
                cur = ve;
                FEED_SPANS(AK_JSON_T_LBRACE_KEY_SCALAR, v, ve, k, ke, LITERAL_KIND(v));
            }
            "," wsf "{" wsf @k str @ke ws* ":" ws* @v lit @ve delim {
                cur = ve;
                FEED_SPANS(AK_JSON_T_C_LBRACE_KEY_SCALAR, v, ve, k, ke, LITERAL_KIND(v));
            }
            "," wsf @v num @ve wsf "]" {
                FEED_SPANS(AK_JSON_T_C_SCALAR_RBRACKET, v, ve, tok, tok, NUMBER_FLAGS(v, fr, ex));
            }
            "," wsf @k str @ke ws* ":" ws* @v num @ve wsf "}" {
                FEED_SPANS(AK_JSON_T_C_KEY_SCALAR_RBRACE, v, ve, k, ke, NUMBER_FLAGS(v, fr, ex));
            }
            "," wsf @v str @ve wsf "]" {
                FEED_SPANS(AK_JSON_T_C_SCALAR_RBRACKET, v, ve, tok, tok, SCALAR_KIND(STRING));
            }
            "," wsf @k str @ke ws* ":" ws* @v str @ve wsf "}" {
                FEED_SPANS(AK_JSON_T_C_KEY_SCALAR_RBRACE, v, ve, k, ke, SCALAR_KIND(STRING));
            }
            "," wsf @v lit @ve wsf "]" {
                FEED_SPANS(AK_JSON_T_C_SCALAR_RBRACKET, v, ve, tok, tok, LITERAL_KIND(v));
            }
            "," wsf @k str @ke ws* ":" ws* @v lit @ve wsf "}" {
                FEED_SPANS(AK_JSON_T_C_KEY_SCALAR_RBRACE, v, ve, k, ke, LITERAL_KIND(v));
            }
            "[" wsf @v num @ve delim {
                cur = ve;
                FEED_SPANS(AK_JSON_T_LBRACKET_SCALAR, v, ve, tok, tok + 1, NUMBER_FLAGS(v, fr, ex));
            }
            "[" wsf @v str @ve delim {
                cur = ve;
                FEED_SPANS(AK_JSON_T_LBRACKET_SCALAR, v, ve, tok, tok + 1, SCALAR_KIND(STRING));
            }
            "[" wsf @v lit @ve delim {
                cur = ve;
                FEED_SPANS(AK_JSON_T_LBRACKET_SCALAR, v, ve, tok, tok + 1, LITERAL_KIND(v));
            }
            "," wsf @k "[" wsf @v num @ve delim {
                cur = ve;
                FEED_SPANS(AK_JSON_T_C_LBRACKET_SCALAR, v, ve, k, k + 1, NUMBER_FLAGS(v, fr, ex));
            }
            "," wsf @k "[" wsf @v str @ve delim {
                cur = ve;
                FEED_SPANS(AK_JSON_T_C_LBRACKET_SCALAR, v, ve, k, k + 1, SCALAR_KIND(STRING));
            }
            "," wsf @k "[" wsf @v lit @ve delim {
                cur = ve;
                FEED_SPANS(AK_JSON_T_C_LBRACKET_SCALAR, v, ve, k, k + 1, LITERAL_KIND(v));
            }

            str                    { FEED(AK_JSON_T_STRING, 0); }
            str @ke ws* ":"        { FEED_SPANS(AK_JSON_T_KEY, tok, ke, tok, tok, 0); }
            "\""                   {
                uint32_t flags = 0;
                lex_fault f;
                const unsigned char *end = scan_string(tok, cur, lim, &flags, &f);
                if (!end) {
                    tok = f.at;
                    cur = f.at + f.length;
                    FEED_LAST(AK_JSON_T_ERROR, f.kind);
                }
                cur = end;
                /* A member name when a ':' follows (after whitespace). */
                const unsigned char *after = end;
                while (after < lim && (*after == ' ' || *after == '\n' || *after == '\r' || *after == '\t'))
                    after++;
                if (after < lim && *after == ':') {
                    TOKEN(AK_JSON_T_KEY, tok, cur, tok, tok, flags);
                    cur = after + 1;
                    goto feed;
                }
                FEED(AK_JSON_T_STRING, flags | SCALAR_KIND(STRING));
            }

            int                    { FEED(AK_JSON_T_SCALAR, NUMBER_FLAGS(tok, 0, 0)); }
            int frac               { FEED(AK_JSON_T_SCALAR, NUMBER_FLAGS(tok, 1, 0)); }
            int exp                { FEED(AK_JSON_T_SCALAR, NUMBER_FLAGS(tok, 0, 1)); }
            int frac exp           { FEED(AK_JSON_T_SCALAR, NUMBER_FLAGS(tok, 1, 1)); }
            "true"                 { FEED(AK_JSON_T_SCALAR, SCALAR_KIND(TRUE)); }
            "false"                { FEED(AK_JSON_T_SCALAR, SCALAR_KIND(FALSE)); }
            "null"                 { FEED(AK_JSON_T_SCALAR, SCALAR_KIND(NULL)); }

            "," wsf @v num @ve delim {
                cur = ve;
                FEED_SPANS(AK_JSON_T_C_SCALAR, v, ve, tok, tok, NUMBER_FLAGS(v, fr, ex));
            }
            "," wsf @v str @ve delim {
                cur = ve;
                FEED_SPANS(AK_JSON_T_C_SCALAR, v, ve, tok, tok, SCALAR_KIND(STRING));
            }
            "," wsf @v lit @ve delim {
                cur = ve;
                FEED_SPANS(AK_JSON_T_C_SCALAR, v, ve, tok, tok, LITERAL_KIND(v));
            }
            "," wsf @k str @ke ws* ":" {
                FEED_SPANS(AK_JSON_T_C_KEY, k, ke, k, ke, 0);
            }
            "," wsf @k str @ke ws* ":" ws* @v num @ve delim {
                cur = ve;
                FEED_SPANS(AK_JSON_T_C_KEY_SCALAR, v, ve, k, ke, NUMBER_FLAGS(v, fr, ex));
            }
            "," wsf @k str @ke ws* ":" ws* @v str @ve delim {
                cur = ve;
                FEED_SPANS(AK_JSON_T_C_KEY_SCALAR, v, ve, k, ke, SCALAR_KIND(STRING));
            }
            "," wsf @k str @ke ws* ":" ws* @v lit @ve delim {
                cur = ve;
                FEED_SPANS(AK_JSON_T_C_KEY_SCALAR, v, ve, k, ke, LITERAL_KIND(v));
            }
            str @ke ws* ":" ws* @v num @ve delim {
                cur = ve;
                FEED_SPANS(AK_JSON_T_KEY_SCALAR, v, ve, tok, ke, NUMBER_FLAGS(v, fr, ex));
            }
            str @ke ws* ":" ws* @v str @ve delim {
                cur = ve;
                FEED_SPANS(AK_JSON_T_KEY_SCALAR, v, ve, tok, ke, SCALAR_KIND(STRING));
            }
            str @ke ws* ":" ws* @v lit @ve delim {
                cur = ve;
                FEED_SPANS(AK_JSON_T_KEY_SCALAR, v, ve, tok, ke, LITERAL_KIND(v));
            }

            "-"? "0" digit [-+.0-9a-zA-Z_]* {
                FEED_LAST(AK_JSON_T_ERROR, AK_JSON_LEX_LEADING_ZERO);
            }
            numish                 {
                FEED_LAST(AK_JSON_T_ERROR, AK_JSON_LEX_BAD_NUMBER);
            }
            word                   {
                FEED_LAST(AK_JSON_T_ERROR, AK_JSON_LEX_BAD_WORD);
            }
            "'"                    {
                FEED_LAST(AK_JSON_T_ERROR, AK_JSON_LEX_SINGLE_QUOTE);
            }
            "/"                    {
                cur = tok + (cur < lim ? 2 : 1);
                FEED_LAST(AK_JSON_T_ERROR, AK_JSON_LEX_COMMENT);
            }
            *                      {
                FEED_LAST(AK_JSON_T_ERROR, AK_JSON_LEX_BAD_CHAR);
            }
            $                      {
                FEED_LAST(0, 0);
            }
        */
    feed:
        ak_json_lemon(p->lemon, t_major, t_);
        if (p->cfg.lane_accept)
            settle(p);
        p->last_major = t_major;
        p->last_offset = t_.start;
        if (p->done || last)
            return;
    }
}
