/* animkit report: what the command (report.c) hands its writers
 * (report_<kind>.c). A writer turns each file's result into text as the
 * files come, in path order, into a spool; at the end it writes the
 * document (head with the totals, the spooled files, tail) to the output. */
#ifndef AK_CLI_REPORT_H
#define AK_CLI_REPORT_H

#include "cli.h"

/* The HTML page holds the thumbnails of the first REPORT_PLOTS files that
   have one (in path order), and so does a partial report. */
#define REPORT_PLOTS 100

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

/* Appends text to a spool (0 .. REPORT_SPOOLS - 1: a writer may keep
 * several parts, e.g. a table of files and then their diagnostics), and
 * copies a spool to the output. */
#define REPORT_SPOOLS 4
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

/* The shard a partial report holds (--shard I/N); count 0: a whole report. */
typedef struct report_shard {
    unsigned index, count; /* from 1 */
    const char *options;   /* the options that change results (report_result_options) */
} report_shard;
/* NULL for a whole report. */
const report_shard *report_get_shard(const report *r);

/* ------------------------------------------------------------------ */
/* A file's result as JSON (report_record.c): the objects of the JSON
 * report's "files", of partial reports and of cache records. */

enum {
    RECORD_PATH = 1u << 0,   /* the "path" member (not in cache records) */
    RECORD_EXTRAS = 1u << 1, /* what the other kinds need: lengths, code point columns, unshown rules */
    RECORD_PLOT = 1u << 2,   /* the thumbnail, when the file has one */
};
void report_record_write(ak_buf *b, const report_file *f, bool strict, unsigned what);
/* A JSON string of s; report_json_str_or_null writes null for NULL (the
   JSON report and the records of a partial one). */
void report_json_str(ak_buf *b, const char *s);
void report_json_str_or_null(ak_buf *b, const char *s);

/* A result read back: f is complete (f.d is d; its strings live in the
 * buffers) until the next read or report_record_free. */
typedef struct report_record {
    report_file f;
    ak_diags *d;
    ak_diag_options level;
    ak_buf path, version, svg;
    bool has_version, has_svg;
} report_record;
void report_record_init(report_record *rec, const ak_diag_options *level);
void report_record_free(report_record *rec);
/* Reads one result (text[0..n), a JSON object). code_point_columns: the
 * columns restored are those in code points (for SARIF, written without the
 * file at hand). False, with why, when it is not one of animkit's. */
bool report_record_read(report_record *rec, const char *text, size_t n, bool code_point_columns, char *why,
                        size_t why_size);

/* ------------------------------------------------------------------ */
/* The report being written, for --merge (report_merge.c) */

report *report_new(const report_writer *w, bool strict, const char *const *inputs, size_t input_count,
                   const report_shard *shard);
/* The next file, in path order (f->index is set). */
void report_add(report *r, report_file *f);
/* Writes the document; false when the spools failed. */
bool report_end(report *r, ak_output *out);
void report_delete(report *r);
const report_writer *report_writer_for(const char *path);
/* Merges partial reports into out (report_merge.c): the exit status. */
int report_merge(const char *const *parts, size_t n, const char *output, bool quiet);
/* The summary line on standard error. */
void report_summary(const char *output, const report *r, const char *extra);

/* "compatible" / "strict" */
const char *report_level_name(int level);
/* A buffer's text to the output. */
void report_put(ak_output *out, ak_buf *b);

#endif
