/* The Maya .anim scanner (grammars/maya_anim.re): Maya's reader primitives
 * (spec section 2.1) over a bounded byte range. The scanner knows tokens and
 * what was skipped before them; which primitive applies where (word, number,
 * rest, discard-line) is decided by the reader (maya_reader.c), as in Maya. */
#ifndef AK_MAYA_LEX_H
#define AK_MAYA_LEX_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* Token classes. */
typedef enum maya_tclass {
    MAYA_C_EOF = 0,
    MAYA_C_WORD,      /* unquoted word (may also be a number lexeme: see num) */
    MAYA_C_QUOTED,    /* "..." (off/len exclude the quotes) */
    MAYA_C_UNTERMINATED, /* " without its closing quote: runs to EOF */
    MAYA_C_LBRACE,
    MAYA_C_RBRACE,
    MAYA_C_REST,      /* rest(): up to ';' (mayaVersion) */
} maya_tclass;

/* Keywords (spec 2.3); 0 = not a keyword. */
typedef enum maya_kw {
    MAYA_KW_NONE = 0,
    MAYA_KW_ANIMVERSION, MAYA_KW_MAYAVERSION, MAYA_KW_TIMEUNIT, MAYA_KW_LINEARUNIT,
    MAYA_KW_ANGULARUNIT, MAYA_KW_STARTTIME, MAYA_KW_ENDTIME, MAYA_KW_STARTUNITLESS,
    MAYA_KW_ENDUNITLESS, MAYA_KW_ANIM, MAYA_KW_ANIMDATA, MAYA_KW_INPUT, MAYA_KW_OUTPUT,
    MAYA_KW_WEIGHTED, MAYA_KW_INPUTUNIT, MAYA_KW_OUTPUTUNIT, MAYA_KW_TANGENTANGLEUNIT,
    MAYA_KW_PREINFINITY, MAYA_KW_POSTINFINITY, MAYA_KW_KEYS,
    MAYA_KW_COUNT
} maya_kw;

/* Number syntax of a word lexeme. */
typedef enum maya_numclass {
    MAYA_N_NONE = 0,  /* not a complete C++ double */
    MAYA_N_FIXED,     /* %g-shaped fixed notation: -?(0|[1-9][0-9]*)(.[0-9]*[1-9])? */
    MAYA_N_EXP,       /* %g-shaped exponent notation: -?[1-9](.[0-9]*[1-9])?e[+-]dd+ */
    MAYA_N_OTHER,     /* a valid double in another spelling: +1 .5 1.0 1E5 e-006 */
} maya_numclass;

/* What ended a token. */
typedef enum maya_end {
    MAYA_END_SPACE = 0, /* SP or HT */
    MAYA_END_SEMI,      /* ';' right after the token */
    MAYA_END_EOL,       /* LF or CR (a word would run on into the next line) */
    MAYA_END_OTHER,     /* VT/FF, or '#'/'/' (a comment) right after a number */
    MAYA_END_EOF,
} maya_end;

typedef struct maya_tok {
    maya_tclass cls;
    maya_kw kw;
    maya_numclass num;
    maya_end end;
    bool digit_start;     /* digit-next: first byte 0-9 */
    bool odd_bytes;       /* contains NUL, C0 control or non-ASCII bytes */
    size_t off, len;      /* the lexeme */
    size_t start;         /* where the token starts (the quote for quoted words) */
    uint32_t line, col;   /* of start, 1-based */
    uint32_t eols_before; /* line ends skipped before the token */
    uint32_t semis_before;
    bool comment_before;
} maya_tok;

/* Something the skip primitive met that a rule is about. */
typedef enum maya_lexnote {
    MAYA_NOTE_COMMENT,    /* off = the '#' or '/' */
    MAYA_NOTE_BARE_CR,    /* CR not followed by LF */
    MAYA_NOTE_CRLF,       /* a CRLF line end (for the mixed-eol rule) */
    MAYA_NOTE_LF,         /* a LF line end */
    MAYA_NOTE_ODD_BYTE,   /* NUL or control byte outside any token */
} maya_lexnote;

typedef struct maya_lexer {
    const uint8_t *base, *cur, *lim;
    uint32_t line;          /* line of cur */
    size_t line_start;      /* offset of the first byte of that line */
    /* called for each lexical note; may be NULL */
    void (*note)(void *ctx, maya_lexnote what, size_t off, uint32_t line, uint32_t col);
    void *note_ctx;
} maya_lexer;

void maya_lex_init(maya_lexer *lx, const uint8_t *data, size_t size);
/* skip + word (spec 2.1), classified. */
void maya_lex_next(maya_lexer *lx, maya_tok *t);
/* skip + rest: bytes up to ';' (consumed) or EOF. */
void maya_lex_rest(maya_lexer *lx, maya_tok *t);
/* The common case of a key line, matched whole: a canonical 7-field key
 * (animVersion 1.1) with %.8g-shaped numbers, no fixed tangent, flags 0/1,
 * ';' and the line end. Nothing in such a line needs a diagnostic except
 * the time order. On no match the lexer is unchanged. */
typedef struct maya_fastkey {
    size_t time_off, time_len, value_off, value_len;
    int tin, tout;
    bool flags[3];
    bool crlf;
    size_t eol_off; /* the CR or LF */
} maya_fastkey;
bool maya_lex_fast_key(maya_lexer *lx, maya_fastkey *k);
/* discard-line: consumes through the next LF (or to EOF). */
void maya_lex_discard_line(maya_lexer *lx);
/* True when only blanks (SP HT VT FF CR), ';' and a comment remain before
 * the next LF or EOF; *semis counts the ';' before the comment, *comment is
 * the comment's offset (SIZE_MAX: none). Does not consume. */
bool maya_lex_line_blank(const maya_lexer *lx, uint32_t *semis, size_t *comment);
/* Offset of the next byte. */
static inline size_t maya_lex_pos(const maya_lexer *lx) { return (size_t)(lx->cur - lx->base); }

/* Word tables (spec 2.3), by exact lexeme; -1 when not in the table. */
typedef enum maya_tangent {
    MAYA_TAN_GLOBAL, MAYA_TAN_FIXED, MAYA_TAN_LINEAR, MAYA_TAN_FLAT, MAYA_TAN_SPLINE,
    MAYA_TAN_STEP, MAYA_TAN_STEPNEXT, MAYA_TAN_SLOW, MAYA_TAN_FAST, MAYA_TAN_CLAMPED,
    MAYA_TAN_PLATEAU, MAYA_TAN_AUTO, MAYA_TAN_AUTOEASE, MAYA_TAN_AUTOMIX, MAYA_TAN_AUTOCUSTOM,
    MAYA_TAN_COUNT
} maya_tangent;

typedef enum maya_infinity {
    MAYA_INF_CONSTANT, MAYA_INF_LINEAR, MAYA_INF_CYCLE, MAYA_INF_CYCLE_RELATIVE,
    MAYA_INF_OSCILLATE, MAYA_INF_COUNT
} maya_infinity;

/* Unit words: index into the unit tables of maya_units.c. */
typedef enum maya_time_unit {
    MAYA_TU_HOUR, MAYA_TU_MIN, MAYA_TU_SEC, MAYA_TU_MILLISEC, MAYA_TU_GAME, MAYA_TU_FILM,
    MAYA_TU_PAL, MAYA_TU_NTSC, MAYA_TU_SHOW, MAYA_TU_PALF, MAYA_TU_NTSCF, MAYA_TU_COUNT
} maya_time_unit;

typedef enum maya_linear_unit {
    MAYA_LU_MM, MAYA_LU_CM, MAYA_LU_M, MAYA_LU_KM, MAYA_LU_IN, MAYA_LU_FT, MAYA_LU_YD,
    MAYA_LU_MI, MAYA_LU_COUNT
} maya_linear_unit;

typedef enum maya_angular_unit {
    MAYA_AU_DEG, MAYA_AU_RAD, MAYA_AU_MIN, MAYA_AU_SEC, MAYA_AU_COUNT
} maya_angular_unit;

/* Output classes (the `output` statement). */
typedef enum maya_output {
    MAYA_OUT_LINEAR, MAYA_OUT_ANGULAR, MAYA_OUT_TIME, MAYA_OUT_UNITLESS, MAYA_OUT_COUNT
} maya_output;

int maya_word_tangent(const uint8_t *s, size_t n);
int maya_word_infinity(const uint8_t *s, size_t n);
int maya_word_time_unit(const uint8_t *s, size_t n);
/* *long_form is set when the long spelling (centimeter, degree) was used. */
int maya_word_linear_unit(const uint8_t *s, size_t n, bool *long_form);
int maya_word_angular_unit(const uint8_t *s, size_t n, bool *long_form);
int maya_word_output(const uint8_t *s, size_t n);
/* Number syntax of a whole lexeme. */
maya_numclass maya_number_class(const uint8_t *s, size_t n);

#endif
