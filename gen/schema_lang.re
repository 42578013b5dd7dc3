/* animgen: the scanner of the schema language (re2c, bounds-checked with
 * re2c:eof and YYLIMIT; the input buffer ends with a NUL sentinel) and the
 * loop that pushes tokens into the Lemon parser (schema_lang.y). */
#include "ast.h"
#include "schema_lang.h"
#include "parser.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

typedef struct lexer {
    const unsigned char *cur, *lim, *tok, *mar, *line_start;
    int line;
} lexer;

typedef struct keyword {
    const char *word;
    int token;
} keyword;

/* Keywords fall back to TK_IDENT where a name is expected (%fallback in the
 * grammar), so `size`, `end` or `length` stay usable as field names. */
static const keyword keywords[] = {
    {"format", TK_FORMAT}, {"binary", TK_BINARY}, {"json", TK_JSON}, {"endian", TK_ENDIAN},
    {"little", TK_LITTLE}, {"big", TK_BIG}, {"extension", TK_EXTENSION}, {"magic", TK_MAGIC},
    {"size", TK_SIZE}, {"limit", TK_LIMIT}, {"truncated", TK_TRUNCATED}, {"rule", TK_RULE},
    {"struct", TK_STRUCT}, {"enum", TK_ENUM}, {"if", TK_IF}, {"else", TK_ELSE}, {"switch", TK_SWITCH},
    {"let", TK_LET}, {"assert", TK_ASSERT}, {"at", TK_AT}, {"fatal", TK_FATAL}, {"finite", TK_FINITE},
    {"in", TK_IN}, {"fits", TK_FITS}, {"utf8", TK_UTF8}, {"minimal", TK_MINIMAL}, {"length", TK_LENGTH},
    {"flag", TK_FLAG}, {"nondecreasing", TK_NONDECREASING}, {"norepeat", TK_NOREPEAT},
    {"nonempty", TK_NONEMPTY}, {"when", TK_WHEN}, {"end", TK_END}, {"hook", TK_HOOK}, {"root", TK_ROOT},
    {"object", TK_OBJECT}, {"ordered", TK_ORDERED}, {"closed", TK_CLOSED}, {"open", TK_OPEN},
    {"abstract", TK_ABSTRACT}, {"by", TK_BY}, {"since", TK_SINCE}, {"until", TK_UNTIL}, {"ref", TK_REF},
    {"map", TK_MAP}, {"null", TK_NULLKW}, {"note", TK_NOTE}, {"warning", TK_WARNING}, {"error", TK_ERROR},
    {"where", TK_WHERE}, {"syntax", TK_SYNTAX}, {"machine", TK_MACHINE}, {"version", TK_VERSION},
    {"unique", TK_UNIQUE}, {"reports", TK_REPORTS}, {"dump", TK_DUMP},
    {"mistyped", TK_KIND}, {"required", TK_REQUIRED}, {"values", TK_VALUES},
    /* binary layouts, part 2 */
    {"table", TK_TABLE}, {"default", TK_DEFAULT}, {"bits", TK_BITS}, {"type", TK_TYPE}, {"const", TK_CONST},
    {"process", TK_PROCESS}, {"span", TK_SPAN}, {"as", TK_AS}, {"stop", TK_STOP}, {"unit", TK_UNIT},
    {"sizeof", TK_SIZEOF}, {"writes", TK_WRITES}, {"sum", TK_SUM}, {"first", TK_FIRST},
    {"key", TK_KEY}, {"dangling", TK_DANGLING}, {"mistargeted", TK_MISTARGETED}, {"unlisted", TK_UNLISTED},
    {"misplaced", TK_MISPLACED}, {"anycase", TK_ANYCASE}, {"coerced", TK_COERCED}, {"oneof", TK_ONEOF}, {"together", TK_TOGETHER},
    {"fractional", TK_FRACTIONAL},
    {"verbatim", TK_VERBATIM}, {"canonical", TK_CANONICAL},
    {"scope", TK_SCOPE}, {"toplevel", TK_TOPLEVEL}, {"sibling", TK_SIBLING}, {"distinct", TK_DISTINCT},
    {"acyclic", TK_ACYCLIC}, {"from", TK_FROM}, {"closing", TK_CLOSING}, {"depth", TK_DEPTH}, {"exists", TK_EXISTS},
    {"upgrade", TK_UPGRADE}, {"downgrade", TK_DOWNGRADE}, {"to", TK_TO}, {"add", TK_ADD}, {"copy", TK_COPY},
    {"move", TK_MOVE}, {"retype", TK_RETYPE}, {"drop", TK_DROP}, {"unless", TK_UNLESS}, {"loss", TK_LOSS},
    {"warn", TK_WARN}, {"wrap", TK_WRAP},
    {"present", TK_PRESENT},
    {"model", TK_MODEL}, {"track", TK_TRACK}, {"tracks", TK_TRACKS}, {"keys", TK_KEYS}, {"names", TK_NAMES},
    {"infinity", TK_INFINITY}, {"interpolation", TK_INTERPOLATION}, {"kind", TK_MKIND}, {"start", TK_START},
    {"looping", TK_LOOPING}, {"refused", TK_REFUSED}, {"animation", TK_ANIMATION}, {"pre", TK_PRE},
    {"post", TK_POST}, {"after", TK_AFTER}, {"node", TK_NODE}, {"property", TK_PROPERTY},
    {"interval", TK_INTERVAL}, {"interp", TK_INTERP}, {"tangents", TK_TANGENTS}, {"time", TK_TIME},
    {"value", TK_VALUE}, {"out", TK_OUT}, {"body", TK_BODY}, {"with", TK_WITH}, {"quaternion", TK_QUATERNION},
    {"euler", TK_EULER}, {"name", TK_MNAME}, {"attribute", TK_ATTRIBUTE}, {"option", TK_OPTION},
    {"objects", TK_OBJECTS}, {"hex", TK_HEX}, {"main", TK_MAIN}, {"except", TK_EXCEPT},
    {"each", TK_EACH}, {"kept", TK_KEPT}, /* assert each A: e; a field the validator keeps */
    {"headers", TK_HEADERS}, /* model: headers except A, B */
};

static int keyword_token(const unsigned char *s, size_t n)
{
    for (size_t i = 0; i < sizeof keywords / sizeof keywords[0]; i++)
        if (strlen(keywords[i].word) == n && memcmp(keywords[i].word, s, n) == 0)
            return keywords[i].token;
    return TK_IDENT;
}

static loc here(const lexer *lx)
{
    loc l = {lx->line, (int)(lx->tok - lx->line_start) + 1};
    return l;
}

static int hex_digit(unsigned char c)
{
    return c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10 : c >= 'A' && c <= 'F' ? c - 'A' + 10 : -1;
}

/* Copies a string literal's body without quotes, resolving \" \\ \n \t and
 * \xHH (two hex digits: any byte, for `const` and `magic` byte strings). */
static char *unescape(compiler *cc, const unsigned char *s, size_t n, size_t *out_len)
{
    char *out = cc_alloc(cc, n + 1);
    size_t k = 0;
    for (size_t i = 0; i < n; i++) {
        if (s[i] == '\\' && i + 3 < n && s[i + 1] == 'x' && hex_digit(s[i + 2]) >= 0 && hex_digit(s[i + 3]) >= 0) {
            out[k++] = (char)(hex_digit(s[i + 2]) * 16 + hex_digit(s[i + 3]));
            i += 3;
        } else if (s[i] == '\\' && i + 1 < n) {
            i++;
            out[k++] = s[i] == 'n' ? '\n' : s[i] == 't' ? '\t' : (char)s[i];
        } else {
            out[k++] = (char)s[i];
        }
    }
    out[k] = 0;
    *out_len = k;
    return out;
}

/* Returns a token code, 0 at the end, -1 after a reported error. */
static int scan(compiler *cc, lexer *lx, token *t)
{
    for (;;) {
        lx->tok = lx->cur;
        t->at = here(lx);
        t->text = NULL;
        t->len = 0;
        /*!re2c
            re2c:api:style = free-form;
            re2c:define:YYCTYPE = "unsigned char";
            re2c:define:YYCURSOR = "lx->cur";
            re2c:define:YYMARKER = "lx->mar";
            re2c:define:YYLIMIT = "lx->lim";
            re2c:yyfill:enable = 0;
            re2c:eof = 0;

            hex = "0x" [0-9a-fA-F]+;
            dec = [0-9]+;
            exp = [eE] [+-]? [0-9]+;
            flt = [0-9]+ "." [0-9]+ exp? | [0-9]+ exp;
            ident = [a-zA-Z_] [a-zA-Z0-9_]*;
            code = "@" [a-z0-9] [a-z0-9_.-]*;

            $ { return 0; }
            * {
                unsigned char c = lx->tok[0];
                if (c >= 0x20 && c < 0x7f)
                    cc_error(cc, t->at, "unexpected character '%c'", c);
                else
                    cc_error(cc, t->at, "unexpected byte 0x%02x", c);
                return -1;
            }
            [ \t\r]+ { continue; }
            "\n" { lx->line++; lx->line_start = lx->cur; continue; }
            "#" [^\n]* { continue; }
            ["] ([^"\\\n] | "\\" [^\n])* ["] {
                t->text = unescape(cc, lx->tok + 1, (size_t)(lx->cur - lx->tok) - 2, &t->len);
                return TK_STRING;
            }
            ["] {
                cc_error(cc, t->at, "unterminated string literal");
                return -1;
            }
            hex | dec { goto text_int; }
            flt { t->text = cc_strdup(cc, (const char *)lx->tok, (size_t)(lx->cur - lx->tok));
                  t->len = (size_t)(lx->cur - lx->tok); return TK_FLOAT; }
            code { t->text = cc_strdup(cc, (const char *)lx->tok + 1, (size_t)(lx->cur - lx->tok) - 1);
                   t->len = (size_t)(lx->cur - lx->tok) - 1;
                   if (t->text[t->len - 1] == '.' || t->text[t->len - 1] == '-') {
                       cc_error(cc, t->at, "a rule code cannot end with '%c'", t->text[t->len - 1]);
                       return -1;
                   }
                   return TK_CODE; }
            ident { t->text = cc_strdup(cc, (const char *)lx->tok, (size_t)(lx->cur - lx->tok));
                    t->len = (size_t)(lx->cur - lx->tok);
                    return keyword_token(lx->tok, t->len); }
            "{" { return TK_LBRACE; }
            "}" { return TK_RBRACE; }
            "(" { return TK_LPAREN; }
            ")" { return TK_RPAREN; }
            "[" { return TK_LBRACKET; }
            "]" { return TK_RBRACKET; }
            "<=" { return TK_LE; }
            ">=" { return TK_GE; }
            "<" { return TK_LT; }
            ">" { return TK_GT; }
            "==" { return TK_EQ; }
            "!=" { return TK_NE; }
            "&&" { return TK_ANDAND; }
            "||" { return TK_OROR; }
            "!" { return TK_NOT; }
            ":" { return TK_COLON; }
            "," { return TK_COMMA; }
            ".." { return TK_DOTDOT; }
            "." { return TK_DOT; }
            "=>" { return TK_ARROW; }
            "=" { return TK_ASSIGN; }
            "?" { return TK_QUESTION; }
            "|" { return TK_PIPE; }
            "/" { return TK_SLASH; }
            "-" { return TK_MINUS; }
            ";" { return TK_SEMI; }
            "&" { return TK_AMP; }
            "%" { return TK_PERCENT; }
            "+" { return TK_PLUS; }
            "*" { return TK_STAR; }
        */
    text_int:
        t->text = cc_strdup(cc, (const char *)lx->tok, (size_t)(lx->cur - lx->tok));
        t->len = (size_t)(lx->cur - lx->tok);
        /* beyond 64 bits strtoull would saturate: refuse instead */
        errno = 0;
        (void)strtoull(t->text, NULL, 0);
        if (t->len > 20 || errno == ERANGE) {
            cc_error(cc, t->at, "integer literal too long");
            return -1;
        }
        return TK_INT;
    }
}

bool cc_parse(compiler *cc)
{
    lexer lx;
    lx.cur = (const unsigned char *)cc->src;
    lx.lim = lx.cur + cc->src_len;
    lx.mar = lx.cur;
    lx.line_start = lx.cur;
    lx.line = 1;
    void *parser = schema_parserAlloc(malloc, cc);
    if (!parser) {
        fprintf(stderr, "animgen: out of memory\n");
        return false;
    }
    bool ok = true;
    for (;;) {
        token t;
        int code = scan(cc, &lx, &t);
        if (code < 0) {
            ok = false;
            break;
        }
        if (!t.text) {
            t.len = (size_t)(lx.cur - lx.tok);
            t.text = code == 0 ? "end of file" : cc_strdup(cc, (const char *)lx.tok, t.len);
        }
        token *tp = cc_alloc(cc, sizeof *tp);
        *tp = t;
        if (code == 0) {
            schema_parser(parser, 0, tp);
            break;
        }
        schema_parser(parser, code, tp);
        if (cc->errors)
            break; /* one syntax error ends the file: no recovery */
    }
    schema_parserFree(parser, free);
    return ok && cc->errors == 0 && cc->format;
}
