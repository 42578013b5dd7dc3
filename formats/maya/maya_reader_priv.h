/* The Maya .anim reader: drives the scanner with Maya's primitives, feeds
 * the Lemon grammar (grammars/maya_anim.y) and checks the rules of spec
 * section 4 in the grammar's actions. Used with doc == NULL for streaming
 * validation (memory bounded, nothing kept per key) and with a document for
 * decoding. */
#ifndef AK_MAYA_READER_PRIV_H
#define AK_MAYA_READER_PRIV_H

#include "maya_doc.h"
#include "maya_lex.h"
#include "maya_rules.h"

#include <animkit/animkit.h>

/* Where Maya's reader is (spec 2.5). */
typedef enum maya_state {
    S_TOP,         /* a statement keyword is next */
    S_TOP_VALUE,   /* the value of a header statement */
    S_ANIM,        /* names and indices of an anim line */
    S_ANIM_DONE,   /* after the third index: animData or the next entry */
    S_ADATA,       /* an animData statement keyword is next */
    S_ADATA_VALUE, /* its value */
    S_KEYS,        /* inside keys { ... }: one key per line */
    S_CLOSE,       /* the '}' closing animData is next */
} maya_state;

typedef struct maya_reader {
    ak_diags *d;
    const ak_options *opt;
    const ak_input *in;
    const uint8_t *data;
    size_t size;
    maya_lexer lx;
    void *parser;
    maya_state state;
    maya_kw value_of;   /* S_TOP_VALUE, S_ADATA_VALUE: whose value */
    unsigned drv_indices;
    bool stop;          /* the error limit was reached */
    bool resync;        /* abandon the curve, resume at the next `anim` line */
    bool at_eof;
    bool long_line_reported;
    bool flushing;      /* finishing the grammar's pending actions before a reset */
    size_t first_token;
    size_t close_expected_at;

    /* header */
    bool have_version, version_v11, body_started, any_token;
    double version;
    unsigned header_seen;   /* bit per maya_kw of the header */
    int header_last;        /* highest canonical position seen so far */
    int time_unit, linear_unit, angular_unit; /* -1 absent, -2 unknown */
    bool missing_unit_reported[3];
    int precision;
    double range[4];        /* startTime endTime startUnitless endUnitless */

    /* the current entry */
    maya_tok anim_tok;
    unsigned name_count, index_count;
    bool name_numeric;
    maya_tok name_toks[3];
    double index_vals[3];
    unsigned adata_seen;
    int adata_last;
    bool adata_brace, adata_brace_reported;
    bool weighted;
    int input_class, output_class; /* 0 time / 1 unitless ; maya_output */
    int tangent_angle_unit;        /* maya_angular_unit of this curve, -1 header */
    bool have_keys;
    size_t key_count;
    double prev_time;

    /* file */
    uint64_t entries, total_keys, curves;
    bool seen_lf, seen_crlf, eol_mixed_reported, bare_cr_reported;
    bool comment_reported_line;

    /* decoding (doc != NULL) */
    maya_doc *doc;
    ak_arena *arena;
    maya_entry *ents;
    size_t ent_count, ent_cap;
    maya_entry cur;
    maya_key *keys;
    size_t keys_cap;
} maya_reader;

/* Grammar actions (maya_reader.c). */
void maya_syntax_error(maya_reader *rd, int major, const maya_tok *t);
void maya_parse_failed(maya_reader *rd);
void maya_header_stmt(maya_reader *rd, const maya_tok *kw, const maya_tok *v);
void maya_top_unknown(maya_reader *rd, const maya_tok *w);
void maya_anim_begin(maya_reader *rd, const maya_tok *a);
void maya_anim_name(maya_reader *rd, const maya_tok *n);
void maya_anim_index(maya_reader *rd, const maya_tok *i);
void maya_anim_line(maya_reader *rd);
void maya_anim_end(maya_reader *rd, bool curve);
void maya_adata_stmt(maya_reader *rd, const maya_tok *kw, const maya_tok *v);
void maya_adata_brace(maya_reader *rd, const maya_tok *b);
void maya_adata_unknown(maya_reader *rd, const maya_tok *w);
void maya_adata_no_keys(maya_reader *rd, const maya_tok *close);
void maya_keys_close(maya_reader *rd, const maya_tok *c);
void maya_adata_close(maya_reader *rd, const maya_tok *c);

/* Lemon's interface (generated from grammars/maya_anim.y). */
void *maya_parseAlloc(void *(*alloc)(size_t), maya_reader *rd);
void maya_parseFree(void *p, void (*dealloc)(void *));
void maya_parse(void *p, int major, maya_tok minor);

#endif
