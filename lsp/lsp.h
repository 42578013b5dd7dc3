/* The language server's core (ak_lsp_*, include/animkit/animkit.h): what
 * its files share. Internal.
 *
 *   lsp_server.c    JSON-RPC, the lifecycle, open documents, settings
 *   lsp_check.c     checking a document: its format, diagnostics, model
 *   lsp_features.c  hover, formatting, code actions, document symbols
 *   lsp_tree.c      a JSON document's values with their places
 *   lsp_text.c      LSP positions (UTF-16 or UTF-8) and byte offsets
 *
 * The core knows no format: it reads the ak_format registry and the
 * formats' editors (runtime/editor.h). */
#ifndef AK_LSP_H
#define AK_LSP_H

#include <animkit/animkit.h>

#include "arena.h"
#include "editor.h"
#include "json_writer.h"
#include "model.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* ---- a JSON document's values with their places (lsp_tree.c) ---------- */

enum { LSP_J_NULL, LSP_J_FALSE, LSP_J_TRUE, LSP_J_NUM, LSP_J_STR, LSP_J_OBJ, LSP_J_ARR };

typedef struct lsp_node {
    uint32_t start, end;          /* the value's bytes ('{' to after '}' for objects) */
    uint32_t key_start, key_end;  /* a member's name token, quotes included */
    uint32_t str, len;            /* strings: the decoded text; numbers: as written (see lsp_str) */
    uint32_t key, key_len;        /* a member's decoded name */
    int32_t parent, first, last, next; /* -1: none */
    uint32_t index, count;        /* place in the parent; children */
    uint8_t kind;
    uint8_t has_key, str_decoded, key_decoded; /* decoded: in strings, else in the text */
} lsp_node;

typedef struct lsp_tree {
    const uint8_t *text;
    size_t size;
    lsp_node *nodes;
    size_t count, cap;
    ak_buf strings;   /* decoded escaped strings and names */
    bool complete;    /* the whole text was well-formed JSON and every value fit */
} lsp_tree;

/* At most this many values are kept: past it the tree is incomplete. */
#define LSP_TREE_MAX_NODES (1u << 20)

/* Reads text as JSON (as far as it is well-formed: a tree of what came
   before a syntax error). text must stay alive while the tree is used. */
void lsp_tree_build(lsp_tree *t, const uint8_t *text, size_t size);
void lsp_tree_free(lsp_tree *t);
const char *lsp_str(const lsp_tree *t, const lsp_node *n, size_t *len);
const char *lsp_key(const lsp_tree *t, const lsp_node *n, size_t *len);
/* The first member `name` of object o (index), -1 when none. */
int32_t lsp_member(const lsp_tree *t, int32_t o, const char *name, size_t n);
/* The value a JSON Pointer names below node from (-1: none). */
int32_t lsp_at_pointer(const lsp_tree *t, int32_t from, const char *pointer, size_t n);
/* The innermost value whose bytes (or whose member name) hold offset. */
int32_t lsp_at_offset(const lsp_tree *t, size_t offset);
/* The value (or member whose name) starts at offset, -1 when none. */
int32_t lsp_starting_at(const lsp_tree *t, size_t offset);
/* Appends node i's JSON Pointer. */
void lsp_pointer(const lsp_tree *t, int32_t i, ak_buf *out);

/* ---- positions (lsp_text.c) -------------------------------------------- */

typedef struct lsp_lines {
    size_t *starts; /* offset of each line's first byte */
    size_t count;
} lsp_lines;

typedef struct lsp_pos {
    uint32_t line, character;
} lsp_pos;

/* Line starts of text (LSP's line ends: LF, CRLF, CR). False when out of memory. */
bool lsp_lines_build(lsp_lines *l, const uint8_t *text, size_t size);
void lsp_lines_free(lsp_lines *l);
lsp_pos lsp_position(const lsp_lines *l, const uint8_t *text, size_t size, size_t offset, bool utf8);
size_t lsp_offset(const lsp_lines *l, const uint8_t *text, size_t size, lsp_pos p, bool utf8);

/* ---- a document and its check (lsp_check.c) ---------------------------- */

typedef struct lsp_doc {
    char *uri;
    char *language;
    int64_t version;
    ak_buf text;             /* NUL-terminated; empty when too_large */
    uint64_t size;           /* the text's size (kept when too large) */
    bool too_large;
    bool dirty;              /* diagnostics not published for this text */
    /* the last check, of `checked_gen` */
    uint64_t gen, checked_gen;
    const ak_format *format; /* what it was checked as; NULL: nothing */
    const ak_format *dump_of;/* the text is the JSON dump of this format */
    ak_diags *diags;
    lsp_tree tree;           /* JSON texts */
    bool has_tree;
    lsp_lines lines;
    /* the common model, decoded on demand (hover of keys) */
    bool model_tried;
    ak_diags *model_diags;
    ak_arena model_arena;
    ak_animation *model;
} lsp_doc;

struct ak_jtree;
typedef struct lsp_schema_names {
    const ak_format *format;
    struct ak_jtree *tree;   /* its JSON Schema, read */
    char **names;            /* every enum and const string of it */
    size_t count;
} lsp_schema_names;

struct ak_lsp {
    char *docs_url;
    uint64_t max_document;
    bool strict;
    uint32_t max_errors;
    enum { LSP_NEW, LSP_RUNNING, LSP_SHUT_DOWN, LSP_EXITED } state;
    int exit_status;
    /* what the client said it can take (initialize) */
    bool utf8;
    bool hierarchical_symbols;
    bool related_information;
    bool markdown_hover;
    bool document_changes;
    lsp_doc **docs;
    size_t doc_count, doc_cap;
    ak_buf *out;             /* outgoing messages, a queue */
    size_t out_head, out_count, out_cap;
    lsp_schema_names *schemas; /* by format, made on demand */
    size_t schema_count;
    uint64_t gen;            /* the next document generation */
    /* what one request or publication may spend: values looked at for
       related places, bytes validated to check fixes */
    uint64_t related_budget, fix_budget;
};

/* Checks doc's current text when it has not been (diagnostics, tree, lines). */
void lsp_check(ak_lsp *s, lsp_doc *doc);
/* Forgets doc's check and model. */
void lsp_uncheck(lsp_doc *doc);
/* Validates text as doc is checked (its format, dump or not) into a new
   ak_diags (NULL when out of memory); *used (may be NULL): the format it
   was checked as. */
ak_diags *lsp_validate_text(ak_lsp *s, const lsp_doc *doc, const uint8_t *text, size_t size, const ak_format **used);
/* The common model of doc (its check without errors), NULL when none. */
const ak_animation *lsp_model(ak_lsp *s, lsp_doc *doc);
/* The diagnostic's range in bytes (a point widened to its token). */
void lsp_diag_span(const lsp_doc *doc, const ak_diag *g, size_t *start, size_t *end);

/* ---- writing messages (lsp_server.c) ----------------------------------- */

void lsp_write_range(ak_lsp *s, ak_json_writer *w, const lsp_doc *doc, size_t start, size_t end);
void lsp_write_position(ak_lsp *s, ak_json_writer *w, const lsp_doc *doc, size_t offset);
/* A diagnostic as LSP says it. */
void lsp_write_diagnostic(ak_lsp *s, ak_json_writer *w, const lsp_doc *doc, const ak_diag *g);
/* The rule's documentation link, NULL when there is none. */
bool lsp_rule_href(const ak_lsp *s, const char *code, ak_buf *out);

/* ---- features (lsp_features.c): each writes the result value ---------- */

struct ak_jnode;
void lsp_hover(ak_lsp *s, lsp_doc *doc, size_t offset, ak_json_writer *w);
void lsp_formatting(ak_lsp *s, lsp_doc *doc, ak_json_writer *w);
void lsp_code_actions(ak_lsp *s, lsp_doc *doc, const struct ak_jnode *params, ak_json_writer *w);
void lsp_symbols(ak_lsp *s, lsp_doc *doc, ak_json_writer *w);
/* The relatedInformation of a diagnostic (written inside its object). */
void lsp_write_related(ak_lsp *s, ak_json_writer *w, const lsp_doc *doc, const ak_diag *g);

/* ---- small things ------------------------------------------------------ */

char *lsp_strndup(const char *s, size_t n);
/* s[0..n) equals the NUL-terminated z. */
bool lsp_eq(const char *s, size_t n, const char *z);

#endif
