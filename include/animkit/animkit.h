/* animkit public API: formats, validation, diagnostics and their renderers.
 *
 * The command line (cli/) uses nothing but this header. Everything a format
 * front end needs beyond it (readers, arenas, numbers) lives in runtime/. */
#ifndef ANIMKIT_ANIMKIT_H
#define ANIMKIT_ANIMKIT_H

#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#ifdef __cplusplus
extern "C" {
#endif

#define AK_VERSION "0.1.0"

#if defined(__GNUC__) || defined(__clang__)
#define AK_PRINTF(fmt, args) __attribute__((format(printf, fmt, args)))
#else
#define AK_PRINTF(fmt, args)
#endif

/* ------------------------------------------------------------------ */
/* Growable byte buffer                                                */

typedef struct ak_buf {
    char *data;
    size_t len;
    size_t cap;
    bool failed; /* an allocation failed; contents are incomplete */
} ak_buf;

void ak_buf_init(ak_buf *b);
void ak_buf_free(ak_buf *b);
bool ak_buf_reserve(ak_buf *b, size_t extra);
bool ak_buf_append(ak_buf *b, const void *data, size_t n);
bool ak_buf_puts(ak_buf *b, const char *s);
bool ak_buf_putc(ak_buf *b, char c);
bool ak_buf_printf(ak_buf *b, const char *fmt, ...) AK_PRINTF(2, 3);
bool ak_buf_vprintf(ak_buf *b, const char *fmt, va_list ap);
/* Appends s as a JSON string literal (quotes included); invalid UTF-8 bytes
 * become U+FFFD so that the output is always valid JSON. */
bool ak_buf_json_string(ak_buf *b, const char *s, size_t n);
/* NUL-terminates without counting the terminator in len. */
const char *ak_buf_cstr(ak_buf *b);

/* ------------------------------------------------------------------ */
/* Diagnostics                                                         */

typedef enum ak_severity {
    AK_SEV_NOTE = 0,
    AK_SEV_WARNING = 1,
    AK_SEV_ERROR = 2,
} ak_severity;

const char *ak_severity_name(ak_severity s); /* "note", "warning", "error" */

/* A rule: a stable code with its severity at each of the two levels.
 * `compat` is the default level (what the real reader rejects or misreads is
 * an error); `strict` is the level of --strict (the file must look as the
 * real writer writes it). A rule a spec marks "off" for the compatible level
 * is still reported there, as a warning. */
typedef struct ak_rule {
    const char *code;      /* "<format>.<area>.<slug>" */
    ak_severity compat;
    ak_severity strict;
    const char *message;   /* the default message */
    const char *rationale; /* why the rule exists; may be NULL */
} ak_rule;

typedef struct ak_diag {
    const ak_rule *rule;
    ak_severity severity;  /* already resolved for the level in force */
    char *message;
    char *path;            /* JSON Pointer or binary field path; "" = whole file */
    uint64_t offset;       /* byte offset, always */
    uint64_t length;       /* bytes covered (0 = a point) */
    uint32_t line, column; /* 1-based; 0 for binary input */
} ak_diag;

typedef struct ak_diag_options {
    bool strict;
    uint32_t max_errors; /* 0 = default (100) */
} ak_diag_options;

#define AK_DEFAULT_MAX_ERRORS 100u

typedef struct ak_diags ak_diags;

ak_diags *ak_diags_new(const ak_diag_options *opt);
void ak_diags_free(ak_diags *d);
/* Attaches the source being checked. For text sources line and column of
 * diagnostics reported without them are computed from the offset. */
void ak_diags_set_source(ak_diags *d, const uint8_t *data, size_t size, bool text);
void ak_diags_clear(ak_diags *d);

/* Reports a diagnostic. Returns false once the error limit is reached: the
 * caller should stop checking (the engine has added a final note). */
bool ak_report(ak_diags *d, const ak_rule *rule, uint64_t offset, uint64_t length,
               const char *path, const char *fmt, ...) AK_PRINTF(6, 7);
/* Same, with a line and column the front end already knows. */
bool ak_report_at(ak_diags *d, const ak_rule *rule, uint64_t offset, uint64_t length,
                  uint32_t line, uint32_t column, const char *path, const char *fmt, ...)
    AK_PRINTF(8, 9);
bool ak_vreport(ak_diags *d, const ak_rule *rule, uint64_t offset, uint64_t length,
                uint32_t line, uint32_t column, const char *path, const char *fmt, va_list ap);

/* Diagnostics reported between these two calls concern bytes of a derived
 * stream (a decompressed payload), not of the file: the engine reports them
 * at `file_offset` (where the stream's source data start in the file) and
 * adds "(byte N of the <what>)" to the message, N being the offset given. */
void ak_diags_enter_stream(ak_diags *d, uint64_t file_offset, const char *what);
void ak_diags_leave_stream(ak_diags *d);

/* The severity a rule has at the level in force. */
ak_severity ak_diags_severity(const ak_diags *d, const ak_rule *rule);
bool ak_diags_stopped(const ak_diags *d);
size_t ak_diags_count(const ak_diags *d);
const ak_diag *ak_diags_at(const ak_diags *d, size_t i);
size_t ak_diags_errors(const ak_diags *d);
size_t ak_diags_warnings(const ak_diags *d);
/* Sorts by offset, keeping report order for equal offsets. */
void ak_diags_sort(ak_diags *d);

/* Rules of the tool itself (not of any format). */
extern const ak_rule ak_rule_input_unknown_format; /* animkit.input.unknown-format */
extern const ak_rule ak_rule_input_empty;          /* animkit.input.empty */
extern const ak_rule ak_rule_limit_max_errors;     /* animkit.limit.max-errors */
extern const ak_rule ak_rule_convert_unsupported;  /* animkit.convert.unsupported */
extern const ak_rule ak_rule_sample_no_track;      /* animkit.sample.no-track */
extern const ak_rule ak_rule_limit_model;          /* animkit.limit.model-size */
extern const ak_rule ak_rule_limit_lookahead;      /* animkit.limit.lookahead */
/* All of the tool's own rules. */
const ak_rule *const *ak_tool_rules(size_t *count);

/* ------------------------------------------------------------------ */
/* Renderers                                                           */

typedef enum ak_render_style {
    AK_RENDER_TEXT,   /* clang style with source line and caret */
    AK_RENDER_GCC,    /* one line per diagnostic */
    AK_RENDER_JSON,   /* {"files":[...]} */
    AK_RENDER_SARIF,  /* SARIF 2.1.0 */
    AK_RENDER_GITHUB, /* GitHub workflow annotations */
} ak_render_style;

bool ak_render_style_parse(const char *name, ak_render_style *out);

typedef struct ak_render_options {
    bool color; /* ANSI colours in the text style */
} ak_render_options;

typedef struct ak_renderer ak_renderer;

ak_renderer *ak_renderer_new(ak_render_style style, FILE *out, const ak_render_options *opt);
/* Renders the diagnostics of one file. `data` (may be NULL) is the file's
 * content, for source lines and hex dumps. format_id may be NULL when no
 * format was recognised. */
void ak_renderer_file(ak_renderer *r, const char *file, const char *format_id,
                      const uint8_t *data, size_t size, bool text, const ak_diags *d);
/* Ends the document (json, sarif) and frees the renderer. */
void ak_renderer_finish(ak_renderer *r);

/* ------------------------------------------------------------------ */
/* Formats                                                             */

typedef struct ak_options {
    bool strict;
    uint32_t max_errors;  /* 0 = AK_DEFAULT_MAX_ERRORS */
    uint32_t max_depth;   /* nesting limit for tree formats; 0 = 512 */
    uint64_t max_output;  /* decompression cap in bytes; 0 = 1 GiB */
    uint64_t max_model;   /* memory cap of a decoded model (convert, sample); 0 = 2 GiB */
    int precision;        /* significant digits of text emitters; 0 = the format's default */
    int compress;         /* output compression where a format has it (AK_COMPRESS_*) */
    /* Validate every element event by event, without the generated fast
       paths (lanes) of schema formats: the same report, slower. For
       differential tests and for measuring the general path. */
    bool no_lanes;
} ak_options;

enum {
    AK_COMPRESS_DEFAULT = 0, /* what the format's canonical writer does */
    AK_COMPRESS_NONE,
    AK_COMPRESS_LZ4,
    AK_COMPRESS_LZMA,
};

#define AK_DEFAULT_MAX_DEPTH 512u
#define AK_DEFAULT_MAX_OUTPUT (UINT64_C(1) << 30)
#define AK_DEFAULT_MAX_MODEL (UINT64_C(2) << 30)

typedef struct ak_input {
    const char *name; /* for messages; "-" for stdin */
    const uint8_t *data;
    size_t size;
    /* data is a read-only private file mapping: a streaming validator may
       release the pages it has read (runtime/release.h) */
    bool mapped;
} ak_input;

/* Sniff confidence. */
enum {
    AK_SNIFF_NO = 0,
    AK_SNIFF_EXTENSION = 10, /* used by the registry, never returned by a sniffer */
    AK_SNIFF_CONTENT = 50,
    AK_SNIFF_MAGIC = 100,
};

struct ak_arena;
struct ak_animation;

typedef struct ak_format {
    const char *id;
    const char *name;
    const char *const *extensions; /* NULL-terminated, with the dot: ".animj" */
    bool text;                     /* line/column diagnostics */
    const ak_rule *rules;
    size_t rule_count;
    /* Confidence that data is in this format (AK_SNIFF_*). */
    int (*sniff)(const uint8_t *data, size_t size);
    /* Streams the input and reports diagnostics; builds no document. */
    void (*validate)(const ak_input *in, const ak_options *opt, ak_diags *d);
    /* Decoded document as JSON into out. Returns false when the input has
     * errors (reported into d) and nothing usable was written. May be NULL. */
    bool (*dump)(const ak_input *in, const ak_options *opt, ak_diags *d, ak_buf *out);
    /* Writes the input again in the format's canonical style (same format:
       `convert a.anim b.anim`). May be NULL. */
    bool (*reemit)(const ak_input *in, const ak_options *opt, ak_diags *d, ak_buf *out);
    /* The inverse of dump: builds the file from its JSON dump. May be NULL. */
    bool (*undump)(const ak_input *json, const ak_options *opt, ak_diags *d, ak_buf *out);
    /* Decodes into the common model (runtime/model.h), allocated in arena.
       Returns false when the input has errors. May be NULL. */
    bool (*to_model)(const ak_input *in, const ak_options *opt, ak_diags *d, struct ak_arena *arena,
                     struct ak_animation **out);
    /* Encodes the common model. What the format cannot hold is reported into
       d (a warning per kind of loss, saying exactly what was lost); returns
       false when nothing sensible can be written. May be NULL. */
    bool (*from_model)(const struct ak_animation *anim, const ak_options *opt, ak_diags *d, ak_buf *out);
    /* JSON formats: their JSON Schema (draft 2020-12), for editors. May be NULL. */
    const char *json_schema;
} ak_format;

size_t ak_format_count(void);
const ak_format *ak_format_at(size_t i);
const ak_format *ak_format_find(const char *id);
/* Magic, then content, then the file name's extension. NULL when nothing fits. */
const ak_format *ak_format_detect(const uint8_t *data, size_t size, const char *filename);
/* True when filename ends with one of the format's extensions (ASCII case-insensitive). */
bool ak_format_has_extension(const ak_format *f, const char *filename);
/* A rule of any registered format (or of the tool) by code. */
const ak_rule *ak_rule_find(const char *code);
/* The format a rule belongs to, NULL for the tool's own rules. */
const ak_format *ak_rule_format(const ak_rule *rule);

/* Converts in (format `from`, or detected when NULL) into the format `to`:
 * through `to->reemit` when both formats are the same, through `to->undump`
 * when the input is JSON and `to` can build itself from its own dump, else
 * through the common model (from->to_model, then to->from_model). Problems and losses are reported into d. Returns false
 * when nothing was produced; *used_from (may be NULL) is the input format. */
bool ak_convert(const ak_input *in, const ak_format *from, const ak_format *to, const ak_options *opt,
                ak_diags *d, ak_buf *out, const ak_format **used_from);

/* Evaluates track `track` (0-based) of the input at t0, t0 + step, ... up to
 * t1 and writes one line per time into out: the time, then the value's
 * components, tab-separated (shortest round-trip numbers; strings as JSON
 * strings). Returns false on errors, reported into d. *used (may be NULL)
 * is the input format. */
bool ak_sample(const ak_input *in, const ak_format *format, const ak_options *opt, ak_diags *d, size_t track,
               double t0, double t1, double step, ak_buf *out, const ak_format **used);

/* The format that files named like `filename` are written in (by extension);
 * NULL when no format claims the extension. */
const ak_format *ak_format_for_filename(const char *filename);

/* ------------------------------------------------------------------ */
/* Input files                                                         */

typedef struct ak_file {
    const char *name;
    uint8_t *data;
    size_t size;
    int kind; /* internal: how it was obtained */
} ak_file;

/* Maps a file (mmap) or reads a pipe / stdin ("-"). On failure returns false
 * with errno set; `why` describes it. */
bool ak_file_open(ak_file *f, const char *path, char *why, size_t why_size);
void ak_file_close(ak_file *f);
/* The file as an input (with `mapped` set when it was mapped). */
ak_input ak_file_input(const ak_file *f);

/* Writes data to path through a temporary file in the same directory that
 * is renamed over path only when everything was written: a failure never
 * leaves a truncated file. "-" writes to standard output. */
bool ak_write_file_atomic(const char *path, const void *data, size_t size, char *why, size_t why_size);

/* The format of an input: `format` when given, else detected. Attaches the
 * source to d; when no format fits, reports why (empty input, or every
 * format that was tried) and returns NULL. */
const ak_format *ak_resolve_format(const ak_input *in, const ak_format *format, ak_diags *d);

/* Validates one input: detects the format unless `format` is given, attaches
 * the source and runs the format's validator. Returns the format used (NULL
 * when none was recognised; a diagnostic says so). */
const ak_format *ak_validate(const ak_input *in, const ak_format *format,
                             const ak_options *opt, ak_diags *d);

#ifdef __cplusplus
}
#endif

#endif
