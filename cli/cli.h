/* What the command files of cli/ share: option parsing (defined in
 * animkit.c), and the commands over an input in memory (commands.h, which
 * the WebAssembly reactor runs too). Everything else they use is the public
 * API. */
#ifndef AK_CLI_H
#define AK_CLI_H

#include <animkit/animkit.h>

#include "commands.h"

/* A file name or argument as it may reach a terminal: control characters
   escaped (ak_buf_put_escaped). Valid until the fourth call after. */
const char *shown(const char *s);
/* "animkit CMD: <fmt with arg>" and a hint at --help, on standard error. */
void usage_error(const char *cmd, const char *fmt, const char *arg);
bool wants_help(int argc, char **argv);
/* Matches "--name VALUE" and "--name=VALUE"; *value is NULL when missing. */
bool opt_value(int argc, char **argv, int *i, const char *name, const char **value);
/* `--format ID` (or --from/--to ID): 0 when argv[*i] is not that option,
   1 when it was read into *format, -1 after a usage error. */
int format_option(const char *cmd, const char *name, int argc, char **argv, int *i, const ak_format **format);
/* --max-memory SIZE (and its deprecated name --max-model): 1 when taken,
   -1 on a usage error, 0 for another option. */
int memory_option(const char *cmd, int argc, char **argv, int *i, ak_options *opt);
/* --game mp1|mp2 (Metroid Prime ANIM) and --format-option NAME[=VALUE]
   (ak_options.format_options): the same contract. */
int format_settings_option(const char *cmd, int argc, char **argv, int *i, ak_options *opt);
/* The one input of dump, sample and plot: false after a usage error. */
bool single_input(const char *cmd, const char *arg, const char **input);
/* Diagnostics of commands whose standard output is data go to standard
   error (cli_render_text): in colour when it is a terminal and NO_COLOR is
   not set. */
bool stderr_color(void);

/* The files the command reads, by identity (device and inode): every output
   the command line opens (cli_output_open, cli_write_file_atomic) refuses
   to be one of them, whatever name reaches it (a link, another path), for
   writing it would destroy the input. False when out of memory. */
bool cli_protect_input(const char *path);
/* False, with why set, when path is one of the protected inputs: the check
   cli_output_open makes, for a command that wants to refuse before it works. */
bool cli_output_allowed(const char *path, char *why, size_t why_size);

/* Protects in, then refuses out when it is in (a message, true): for the
   commands with one input and an output file (dump, convert, plot). */
bool refuse_output_over_input(const char *cmd, const char *in, const char *out);

/* ak_output with the command line's cleanup: while a temporary file exists,
   SIGINT, SIGTERM and SIGHUP remove it before the process ends; an output
   that is a protected input is refused (output.c). */
bool cli_output_open(ak_output *o, const char *path, char *why, size_t why_size);
bool cli_output_commit(ak_output *o, char *why, size_t why_size);
void cli_output_abort(ak_output *o);
bool cli_write_file_atomic(const char *path, const void *data, size_t size, char *why, size_t why_size);

/* What a walk of a folder argument met (folders.c): for the message when
   nothing in it could be checked. */
typedef struct dir_census {
    size_t files, checked;
    char exts[4][16]; /* the first few extensions seen */
    size_t ext_count[4], other;
} dir_census;
void census_add(dir_census *c, const char *path);
/* "animkit CMD: DIR: error: no file of a supported format among its N files
   (...)" on standard error; a note with --allow-empty. */
void report_empty_folder(const char *cmd, const char *dir, const dir_census *c, bool allowed);
/* What an ak_walk error means, for messages (strerror, or what kind of
   entry that is not a regular file was left out). */
const char *walk_error(const char *path, int err);

/* `sample --list` and `plot --list`: the tracks of input (cli/plot.c). */
int list_tracks(const char *input, const ak_format *format, const ak_options *opt);
int cmd_plot(int argc, char **argv);
int cmd_report(int argc, char **argv);
/* `animkit lsp` (cli/lsp.c). */
int cmd_lsp(int argc, char **argv);

#endif
