/* Maya ASCII .anim: what the scanner (grammars/maya_anim.re), the grammar
 * (grammars/maya_anim.y), the word tables (grammars/maya_words.rl) and the
 * grammar's actions (formats/maya/maya_check.c) share: tokens, the reading
 * context, the actions. */
#ifndef AK_MAYA_SYNTAX_H
#define AK_MAYA_SYNTAX_H

#include "maya_layout.h" /* the rule table and the document, generated from formats/maya/maya.document */

#include <animkit/animkit.h>
#include <arena.h>

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* What ended a token. */
enum { MAYA_END_SPACE, MAYA_END_SEMI, MAYA_END_EOL, MAYA_END_OTHER, MAYA_END_EOF };
/* The shape of a number lexeme (maya.lex.number-noncanonical). */
typedef enum maya_numclass {
    MAYA_N_NONE = 0, /* not a complete C++ double */
    MAYA_N_FIXED,    /* as %g prints in fixed notation: -?(0|[1-9][0-9]*)(.[0-9]*[1-9])? */
    MAYA_N_EXP,      /* as %g prints with an exponent: -?[1-9](.[0-9]*[1-9])?e[+-]dd+ */
    MAYA_N_OTHER,    /* a double in another spelling: +1 .5 1.0 1E5 e-006 */
} maya_numclass;
/* Token flags. */
enum { MAYA_F_BOL = 1, MAYA_F_QUOTED = 2, MAYA_F_ODD = 4, MAYA_F_CRLF = 8, MAYA_F_COMMENT = 16 };

/* A token: the lexeme, where it starts and what the scanner saw around it.
 * LINE (the rest of a line): start/len are its bytes; off, off2 where its
 * first two tokens are; count its tokens (at most 255); codes the grammar
 * codes of the first four; aux a comment on it (0: none). KEYLINE: off/len
 * the time lexeme, aux/vlen the value, tan/tan2 the tangents, kflags the
 * three flags (bit i: flag i is 1). */
typedef struct maya_tok {
    uint32_t off, len;    /* the lexeme (a quoted word without its quotes) */
    uint32_t start;       /* where the token starts (its quote) */
    uint32_t line, col;   /* of start, 1-based */
    uint32_t aux, off2;
    uint8_t code;         /* the grammar's code for it (MAYA_T_*) */
    uint8_t end, num, flags, semis; /* semis: ';' skipped before it (LINE: on it) */
    int8_t tan, tan2;     /* tangent index (maya_tangent), -1 for other words */
    uint8_t kflags, vlen, count;
    uint8_t codes[4];
} maya_tok;

typedef struct maya_lexer {
    const uint8_t *base, *cur, *lim;
    uint32_t line;     /* line of cur */
    size_t line_start; /* offset of its first byte */
} maya_lexer;

/* Spec 2.3 tables (the tangent words, maya_tangent and maya_tangent_words,
 * are the document's: formats/maya/maya.document). */
enum { MAYA_INF_CONSTANT, MAYA_INF_LINEAR, MAYA_INF_CYCLE, MAYA_INF_CYCLE_RELATIVE, MAYA_INF_OSCILLATE,
       MAYA_INF_COUNT };
enum { MAYA_OUT_LINEAR, MAYA_OUT_ANGULAR, MAYA_OUT_TIME, MAYA_OUT_UNITLESS };
enum { MAYA_AU_DEG, MAYA_AU_RAD, MAYA_AU_MIN, MAYA_AU_SEC };
extern const char *const maya_infinity_words[MAYA_INF_COUNT];

/* A value word of spec 2.3 (grammars/maya_words.rl): its index in each
 * table it belongs to, -1 where it does not ("min" is a time and an
 * angular unit, "linear" an output class and an infinity). */
typedef struct maya_word {
    int8_t time_unit, linear_unit, angular_unit, infinity, output;
    bool long_form; /* centimeter, degree: read, never written */
} maya_word;
maya_word maya_word_of(const uint8_t *s, size_t n);
/* Frames per second of a time unit, cm per linear unit, radians per
 * angular unit (spec 2.3); 0 when the word is not one. */
double maya_time_unit_fps(const char *word);
double maya_linear_unit_cm(const char *word);
double maya_angular_unit_rad(const char *word);
/* The tangent word (-1: none) and the number shape of a whole lexeme. */
int maya_tangent_of(const uint8_t *s, size_t n);
maya_numclass maya_number_class(const uint8_t *s, size_t n);

/* Which primitive the scanner applies next (maya_parse_primitive). */
typedef enum maya_primitive { MAYA_PRIM_TOKEN, MAYA_PRIM_REST, MAYA_PRIM_LINE, MAYA_PRIM_KEY } maya_primitive;
/* What a state with a syntax error expected (maya_parse_expected). */
enum {
    MAYA_EXP_NUMBER = 1, MAYA_EXP_INDEX = 2, MAYA_EXP_WORD = 4, MAYA_EXP_TANGENT = 8,
    MAYA_EXP_KEYS_BRACE = 16, MAYA_EXP_REST = 32, MAYA_EXP_KEY = 64, MAYA_EXP_RBRACE = 128,
};

/* The reading of one file: the driver's state and what the actions need
 * between tokens. With doc == NULL (validation) nothing is kept per key or
 * per curve beyond the current one. */
typedef struct maya_reader {
    ak_diags *d;
    const ak_input *in;
    const uint8_t *data;
    size_t size;
    bool strict;
    maya_lexer lx;
    void *parser;
    bool stop;            /* the error limit was reached, or out of memory */
    bool recovering;      /* after a syntax error, until the next anim line */
    bool any_token;
    size_t first_token;   /* offset of the file's first token */
    maya_tok line_first;  /* the first token after the last LINE: where a key starts */
    bool seen_lf, seen_crlf, mixed_reported, bare_cr_reported, long_line_reported;

    /* header */
    bool have_version, v11, body_started;
    unsigned header_seen;       /* bit per header keyword, in Maya's order */
    int header_last;
    int time_unit, linear_unit, angular_unit; /* -1 absent, -2 unknown */
    bool missing_unit_reported[3];
    int precision;              /* the most significant digits seen, >= 8 */
    double range[4];            /* startTime endTime startUnitless endUnitless */

    /* the current entry */
    maya_tok anim_tok;
    unsigned name_count;
    bool name_numeric, quiet;   /* quiet: after an orphan animData, until the next anim */
    int open_entry;             /* decoding: 1 after its anim line, 2 in its animData, 0 when kept */
    size_t cut_entry;           /* decoding: 1 + the index of the entry a syntax error cut short, 0 */
    uint64_t entries, total_keys;
    unsigned adata_seen;
    int adata_last;
    bool adata_brace, in_keys, close_lost;
    bool weighted;
    int input_unitless, output_class, angle_unit; /* angle_unit: -1 = the header's */
    size_t key_count;
    double prev_time;

    /* the key being read: its field tokens and their values (a KEYLINE's
       fixed angles and weights: kv[0..3], in then out) */
    maya_tok kf[11];
    double kv[11];
    unsigned nkf, pairs;
    int tin, tout;

    /* decoding */
    maya_doc *doc;
    ak_arena *arena;
    maya_entry *ents, *cur;
    size_t ent_count, ent_cap;
    maya_key *keys;
    size_t keys_cap;
} maya_reader;

/* The driver (maya_anim.re): reads the whole input, feeding the grammar. */
void maya_read(maya_reader *rd);
/* ak_format.sniff: AK_SNIFF_CONTENT when the first word is animVersion. */
int maya_sniff(const uint8_t *p, size_t n);

/* The grammar (maya_anim.y, Lemon). */
void *maya_parseAlloc(void *(*alloc)(size_t), maya_reader *rd);
void maya_parseFree(void *p, void (*dealloc)(void *));
void maya_parse(void *p, int major, maya_tok minor);
void maya_parse_settle(void *p);
maya_primitive maya_parse_primitive(void *p);
uint64_t maya_parse_where(void *p);
unsigned maya_parse_expected(void *p);

/* Reporting (maya_check.c): at a token, or at an offset. */
bool maya_report(maya_reader *rd, int rule, const maya_tok *t, const char *fmt, ...) AK_PRINTF(4, 5);
bool maya_report_at(maya_reader *rd, int rule, size_t off, size_t len, const char *fmt, ...) AK_PRINTF(5, 6);
/* A line end (for maya.file.mixed-eol and the document's style). */
void maya_first_eol(maya_reader *rd, size_t off, bool crlf);
static inline void maya_note_eol(maya_reader *rd, size_t off, bool crlf)
{
    if (!(crlf ? rd->seen_crlf : rd->seen_lf))
        maya_first_eol(rd, off, crlf);
}

/* The grammar's actions (maya_check.c). */
void maya_header(maya_reader *rd, const maya_tok *kw, const maya_tok *v);
void maya_unknown(maya_reader *rd, const maya_tok *w, const maya_tok *line);
void maya_orphan(maya_reader *rd, const maya_tok *w, const maya_tok *line);
void maya_anim_begin(maya_reader *rd, const maya_tok *a);
void maya_anim_name(maya_reader *rd, const maya_tok *n);
void maya_anim_line(maya_reader *rd, const maya_tok *row, const maya_tok *child, const maya_tok *attr);
void maya_entry_end(maya_reader *rd, bool curve);
/* Decoding as a stream (the dump, a model of headers: gen/rt/ak_layout.h,
   ak_ldoc_stream): an entry's memory begins at its anim line, and each
   entry goes to the stream once complete, with the document's header.
   Nothing when validating or decoding whole. */
static inline void maya_entry_begins(maya_reader *rd)
{
    if (rd->arena)
        ak_ldoc_elem_begin(rd->arena);
}
static inline void maya_entries_done(maya_reader *rd)
{
    if (rd->arena && !ak_ldoc_elems_done(rd->arena, rd->doc, rd->ents, &rd->ent_count, sizeof *rd->ents))
        rd->stop = true;
}
void maya_resync(maya_reader *rd);
void maya_adata_begin(maya_reader *rd, const maya_tok *kw);
void maya_adata_brace(maya_reader *rd, const maya_tok *b);
void maya_adata_stmt(maya_reader *rd, const maya_tok *kw, const maya_tok *v);
void maya_adata_unknown(maya_reader *rd, const maya_tok *w);
void maya_adata_no_keys(maya_reader *rd, const maya_tok *close, const maya_tok *line);
void maya_adata_close(maya_reader *rd, const maya_tok *close, const maya_tok *line);
void maya_keys_open(maya_reader *rd, const maya_tok *kw, const maya_tok *line);
void maya_keys_close(maya_reader *rd, const maya_tok *close, const maya_tok *line);
void maya_key_line(maya_reader *rd, const maya_tok *k);
void maya_key_begin(maya_reader *rd, const maya_tok *time, const maya_tok *value);
void maya_key_tangent(maya_reader *rd, int side, const maya_tok *t);
void maya_key_flags(maya_reader *rd, const maya_tok *a, const maya_tok *b, const maya_tok *c);
void maya_key_pair(maya_reader *rd, const maya_tok *angle, const maya_tok *weight);
void maya_key_end(maya_reader *rd, const maya_tok *line);
void maya_syntax_error(maya_reader *rd, int major, const maya_tok *t, unsigned expected);
void maya_parse_failed(maya_reader *rd);
/* The checks of a whole file, after its last token. */
void maya_finish(maya_reader *rd);

#endif
