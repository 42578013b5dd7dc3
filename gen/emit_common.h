/* Helpers shared by animgen's C emitters (emit.c for layouts, emit_json.c
 * for JSON schemas). */
#ifndef AK_GEN_EMIT_COMMON_H
#define AK_GEN_EMIT_COMMON_H

#include <stdbool.h>
#include <stdio.h>

#if defined(__GNUC__)
#define GEN_PRINTF(a, b) __attribute__((format(printf, a, b)))
#else
#define GEN_PRINTF(a, b)
#endif

/* fprintf to generated output. */
void gen_out(FILE *fp, const char *fmt, ...) GEN_PRINTF(2, 3);

/* s as a C string literal ("NULL" for NULL): quotes, backslashes, newlines
 * and other control bytes escaped. printf_format: the literal will be used
 * as a printf format, so '%' is doubled. */
void gen_c_string(FILE *fp, const char *s, bool printf_format);

/* Generated files are written through gen_open/gen_commit: the text goes
 * to PATH.tmp, and PATH is replaced only when the text differs. An
 * unchanged output keeps its time stamp, so regenerating after a change to
 * animgen recompiles only what the change really touched (the AnimJ lanes
 * are minutes of compilation). gen_commit closes f and returns false, after
 * a message on stderr, when writing failed; the temporary file is removed. */
FILE *gen_open(const char *path);
bool gen_commit(FILE *f, const char *path);
/* Closes f and removes its temporary file: PATH stays as it was. */
void gen_discard(FILE *f, const char *path);

/* A format's registry entry `ak_format_<id>` (both halves): its head (id,
 * title, extensions, text, rules) and, after the fields each half adds, its
 * tail (the versions it writes, whether re-emission writes them, the
 * closing brace). */
struct format_decl;
struct member;
/* Is m the array of the model's `tracks` list, whose elements a conversion
 * makes one at a time as the encoder reaches them (the struct gets
 * NAME_made_, an ak_lelements)? Not where an aggregate reads the array. */
bool gen_made_one_at_a_time(const struct format_decl *f, const struct member *m);
/* Has f such a list? Then its model writer can stream (from_model_to). */
bool gen_model_list_made(const struct format_decl *f);
void gen_registry_open(FILE *c, const struct format_decl *f, bool text);
void gen_registry_close(FILE *c, const struct format_decl *f);
/* The rule an undump problem of category cat (UD_*) is reported with: its
 * own, else the one it falls back to (type, name, range, result: value;
 * the others: shape). */
struct rule_decl;
const struct rule_decl *gen_undump_rule(const struct format_decl *f, int cat);

/* Generated C goes back to its own lines after code that a #line directive
 * attributed to the declaration: emitters write this marker line, and
 * gen_fix_lines (before gen_commit) replaces each with `#line N "name"`,
 * N being the line that follows it in the file `name`. */
#define GEN_LINE_RESET "#line 0 \"@animgen-reset\""
bool gen_fix_lines(FILE *f, const char *name);

/* A growing string for JSON text (the JSON Schema exports); on allocation
 * failure p stays as it was and the output is incomplete (the caller
 * checks p). */
typedef struct sbuf {
    char *p;
    size_t n, cap;
} sbuf;
void sb(sbuf *b, const char *fmt, ...) GEN_PRINTF(2, 3);
/* s as a JSON string literal. */
void sb_str(sbuf *b, const char *s);
/* text[0..n) as `const char <name>[]`: one C string literal line per line
 * of text. */
void gen_c_text(FILE *c, const char *name, const char *text, size_t n);

#endif
