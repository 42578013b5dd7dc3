/* The commands over one input held in memory: what validate, dump, convert,
 * sample, plot and --list do once the command line has read its input.
 * The command line (animkit.c, plot.c) and the WebAssembly reactor (wasm/)
 * both run them, so that both write the same bytes. Public API only, no
 * file and no process state: what the command line prints on its standard
 * error goes to `err`, in the text style (`color`: with ANSI colours). */
#ifndef AK_CLI_COMMANDS_H
#define AK_CLI_COMMANDS_H

#include <animkit/animkit.h>

#include <stdio.h>

enum { EXIT_OK = 0, EXIT_INVALID = 1, EXIT_USAGE = 2 };

extern const char *const prog; /* "animkit" */

/* Option values. A whole number (decimal digits only). */
bool parse_u64(const char *s, uint64_t *out);
/* A size: bytes, or KiB, MiB, GiB with a K, M or G suffix. */
bool parse_size(const char *s, uint64_t *out);
/* A decimal number in s[0..end) (finite). */
bool parse_double(const char *s, const char *end, double *out);
/* sample --times A:B:STEP: A <= B, STEP > 0, at most 10000000 samples. */
bool parse_times(const char *s, double *a, double *b, double *step);

/* What validate found over its inputs. */
typedef struct cli_tally {
    size_t files, files_invalid, errors, warnings, unshown;
    size_t unsupported; /* files of a planned format */
} cli_tally;

/* Validates one input (its name: in->name) and renders its diagnostics
   with r. False when out of memory (nothing was rendered). */
bool cli_validate_input(const ak_input *in, const ak_format *format, const ak_options *opt,
                        const ak_diag_options *level, ak_renderer *r, cli_tally *tally);
/* The closing lines of validate on err: the summary of the text style
   (text_style, unless quiet), and the count of files of a planned format. */
void cli_validate_summary(const cli_tally *tally, bool text_style, bool quiet, FILE *err);
/* The exit status of validate (failure: an input could not be read, or a
   folder held nothing to check). */
int cli_validate_status(const cli_tally *tally, bool failure);

/* The exit status of a command that found problems: 2 when the input is
   of a planned format (not supported yet), else 1. */
int cli_failure_status(const ak_diags *d);

/* The diagnostics of d on err in the text style, for commands whose
   output is data (dump, convert, sample, plot, --list); nothing when
   there are none. name, data and size: the input's (in->name, in->data). */
void cli_render_text(FILE *err, bool color, const char *name, const ak_format *f, const uint8_t *data, size_t size,
                     ak_diags *d);

/* dump: the decoded document as JSON into out, once the input is checked
   (ak_dump_to). The exit status. */
int cli_dump_input(const ak_input *in, const ak_format *format, const ak_options *opt, const ak_diag_options *level,
                   ak_sink *out, FILE *err, bool color);

/* convert without --to: the format OUT's name says. An extension that two
   formats share (.anim: Maya and Prime ANIM) keeps the input's format when
   that format has it; `in` (may be NULL when the input cannot be looked at
   beforehand, e.g. standard input) is probed when `from` is NULL. NULL when
   no format claims the name. */
const ak_format *cli_convert_target(const ak_format *from, const ak_input *in, const char *out_name);
/* Refuses a target no input can become (planned, or neither from_model,
   undump nor reemit): a message on err and EXIT_USAGE; else EXIT_OK. */
int cli_convert_check_target(const ak_format *to, FILE *err);
/* The warning when OUT's extension names another format than the one
   written. */
void cli_convert_warn_extension(const ak_format *to, const char *out_name, FILE *err);
/* Converts in into `to` (out: the bytes of OUT, to be written only when the
   status is EXIT_OK). out_name: OUT's name, in the messages about the
   output. With opt->verify, the output must pass its validator. */
int cli_convert_input(const ak_input *in, const ak_format *from, const ak_format *to, const ak_options *opt,
                      const ak_diag_options *level, const char *out_name, ak_buf *out, FILE *err, bool color);
/* The same (without --verify) into a sink as the output is made
   (ak_convert_to): a same-format re-emission never held whole. The sink
   must be one that keeps nothing of a failed conversion (a temporary file:
   the caller commits it only on EXIT_OK). */
int cli_convert_stream(const ak_input *in, const ak_format *from, const ak_format *to, const ak_options *opt,
                       const ak_diag_options *level, ak_sink *out, FILE *err, bool color);

/* sample: track `track` at t0, t0 + step, ... t1, as lines into out. */
int cli_sample_input(const ak_input *in, const ak_format *format, const ak_options *opt, size_t track, double t0,
                     double t1, double step, ak_buf *out, FILE *err, bool color);
/* sample --list and plot --list: the tracks, as lines into out. */
int cli_list_tracks_input(const ak_input *in, const ak_format *format, const ak_options *opt, ak_buf *out, FILE *err,
                          bool color);
/* plot: the SVG document into svg. */
int cli_plot_input(const ak_input *in, const ak_format *format, const ak_options *opt, const ak_plot_options *popt,
                   ak_buf *svg, FILE *err, bool color);

#endif
