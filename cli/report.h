/* animkit report: what the command (report.c) hands its writers
 * (report_<kind>.c). A writer turns each file's result into text as the
 * files come, in path order, into a spool; at the end it writes the
 * document (head with the totals, the spooled files, tail) to the output. */
#ifndef AK_CLI_REPORT_H
#define AK_CLI_REPORT_H

#include "cli.h"

/* One checked file. */
typedef struct report_file {
    const char *path;
    const ak_format *format; /* NULL: unreadable, or no format recognised */
    const char *version;     /* as the file declares it; NULL when none */
    uint64_t size;
    bool unreadable;         /* d holds animkit.input.unreadable */
    const ak_diags *d;       /* sorted by offset */
    const uint8_t *data;     /* the content (NULL when unreadable) */
    size_t errors, warnings, notes; /* at the level in force, those not shown included */
    size_t unshown;          /* warnings and notes counted but not kept in d (ak_diags_unshown) */
    bool invalid[2];         /* errors at the compatible [0] and strict [1] level */
    const char *svg;         /* HTML: a thumbnail plot of the first tracks; NULL when none */
    size_t index;            /* position in the report, from 0 */
} report_file;

/* Counts over all files. */
typedef struct report_totals {
    size_t files, unreadable, errors, warnings, notes;
    size_t valid[2], invalid[2]; /* [0] compatible, [1] strict */
} report_totals;

/* Files and verdicts of one format (format NULL: none recognised). */
typedef struct report_format_row {
    const ak_format *format;
    size_t files, valid, invalid; /* at the level in force */
} report_format_row;

/* A cell of the rule x format matrix with a non-zero count. */
typedef struct report_cell {
    const ak_rule *rule;
    const ak_format *format; /* NULL: files of no recognised format */
    size_t count;            /* diagnostics */
} report_cell;

typedef struct report report;

typedef struct report_writer {
    const char *const *extensions; /* NULL-terminated, with the dot */
    /* Text in the first KiB of every report of this kind: a later run over
       the folder the report was written into leaves such a file out. */
    const char *signature;
    /* Called once per file in path order; appends to the spool (report_spool). */
    void (*file)(report *r, const report_file *f);
    /* Writes the whole document: report_copy_spool() where the files go. */
    void (*finish)(report *r, ak_output *out);
} report_writer;

extern const report_writer report_html, report_md, report_json, report_junit, report_sarif;

/* What writers may read while writing. */
bool report_strict(const report *r);
size_t report_input_count(const report *r);
const char *report_input(const report *r, size_t i);
const report_totals *report_get_totals(const report *r);
/* Per-format rows in registry order, then files of no format; only formats that had files. */
size_t report_format_rows(const report *r, const report_format_row **rows);
/* Non-zero cells, ordered by rule code, then format (registry order, none last). */
size_t report_matrix(const report *r, const report_cell **cells);
/* The formats that appear in the matrix, in registry order (NULL last, for none). */
size_t report_matrix_formats(const report *r, const ak_format *const **formats);

/* Appends text to a spool (0 or 1: a writer may keep two parts, e.g. a
 * table of files and then their diagnostics), and copies a spool to the
 * output. */
void report_spool(report *r, int spool, const ak_buf *b);
void report_copy_spool(report *r, int spool, ak_output *out);
/* Spool 0 as a FILE (the SARIF writer hands it to the library's renderer). */
FILE *report_spool_file(report *r);
/* Per-writer state (the SARIF renderer); owned by the writer. */
void **report_writer_state(report *r);

/* Where a diagnostic is: "line:column" for text, else "byte N". */
void report_location(ak_buf *b, const ak_diag *g);
/* The format's id, or "-" (no format recognised). */
const char *report_format_id(const ak_format *f);
/* "valid", "invalid" or "unreadable" at the level in force. */
const char *report_verdict(const report *r, const report_file *f);

/* "compatible" / "strict" */
const char *report_level_name(int level);
/* A buffer's text to the output. */
void report_put(ak_output *out, ak_buf *b);

#endif
