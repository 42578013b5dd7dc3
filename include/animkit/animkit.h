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

/* libanimkit is built with hidden visibility: what this header declares is
 * its whole interface, and the only symbols the shared library exports. */
#if defined(__GNUC__) || defined(__clang__)
#pragma GCC visibility push(default)
#endif

#define AK_VERSION "0.1.0"

#if defined(__GNUC__) || defined(__clang__)
#define AK_PRINTF(fmt, args) __attribute__((format(printf, fmt, args)))
#else
#define AK_PRINTF(fmt, args)
#endif

/* ------------------------------------------------------------------ */
/* Growable byte buffer                                                */

struct ak_budget;

typedef struct ak_buf {
    char *data;
    size_t len;
    size_t cap;
    bool failed; /* an allocation failed; contents are incomplete */
    /* internal: the memory budget (ak_options.max_memory) that a library
       call charges this buffer's growth to while it fills it; NULL outside
       such calls (ak_buf_init sets it so) */
    struct ak_budget *budget;
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
/* Appends s as XML / HTML text, usable in element content and in quoted
 * attribute values: & < > " ' are escaped; bytes XML cannot hold (control
 * characters other than tab and line breaks, invalid UTF-8) become U+FFFD. */
bool ak_buf_xml_text(ak_buf *b, const char *s, size_t n);
/* Appends s[0..n) for a terminal: C0 controls (ESC included) and DEL as
 * \xNN, C1 controls as \u00NN, bytes of ill-formed UTF-8 as \xNN. What
 * the text, gcc and github renderers print of a file's bytes, names and
 * messages goes through this. */
bool ak_buf_put_escaped(ak_buf *b, const char *s, size_t n);
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
    uint32_t line, column; /* 1-based; 0 for binary input. The column counts bytes;
                              renderers print it in code points (SARIF's
                              columnKind unicodeCodePoints) */
} ak_diag;

/* The level and the error limit of a check: the one place that decides them
 * (validators and converters read them from the ak_diags they report into). */
typedef struct ak_diag_options {
    bool strict;         /* the --strict level (ak_rule.strict); else ak_rule.compat */
    uint32_t max_errors; /* 0 = default (100) */
} ak_diag_options;

#define AK_DEFAULT_MAX_ERRORS 100u

typedef struct ak_diags ak_diags;

ak_diags *ak_diags_new(const ak_diag_options *opt);
void ak_diags_free(ak_diags *d);

/* Reports a diagnostic (a program adds its own with the tool's rules, e.g.
 * ak_rule_input_unreadable for a file it could not read). Returns false
 * once the error limit is reached (the engine has added a final note). */
bool ak_report(ak_diags *d, const ak_rule *rule, uint64_t offset, uint64_t length,
               const char *path, const char *fmt, ...) AK_PRINTF(6, 7);

/* The version of its format that the file declares ("1.1"), as the
 * validator read it from the header. NULL when the format has none or the
 * file did not say. */
const char *ak_diags_version(const ak_diags *d);

/* The diagnostics kept, in report order (ak_diags_sort: by offset). Past
 * 10 x max_errors warnings and notes the engine keeps counting but stops
 * storing them, so that memory does not grow with the file; the counts
 * below include those not kept. A command's own result (the diagnostics of
 * the area `convert`: a conversion's losses, --verify's deviation) has a
 * cap of its own, so that a file's warnings never hide it. */
size_t ak_diags_count(const ak_diags *d);
const ak_diag *ak_diags_at(const ak_diags *d, size_t i);
size_t ak_diags_errors(const ak_diags *d);
size_t ak_diags_warnings(const ak_diags *d);
size_t ak_diags_notes(const ak_diags *d);
/* How many diagnostics were counted but not kept (warnings and notes). */
size_t ak_diags_unshown(const ak_diags *d);
/* Those by rule, for tallies by rule (a report's rule x format matrix): the
 * i-th rule with diagnostics not kept and their number in *count; NULL past
 * the last one. Beyond 32 distinct rules the rest count under one entry
 * whose rule is &ak_rule_limit_unshown. */
const ak_rule *ak_diags_unshown_at(const ak_diags *d, size_t i, size_t *count);
/* Sorts by offset, keeping report order for equal offsets. */
void ak_diags_sort(ak_diags *d);
/* The column of a diagnostic as renderers print it: code points from the
 * start of the line (its `column` counts bytes), data being the file it is
 * about; without data, the column as it is. */
uint32_t ak_diag_column(const ak_diag *g, const uint8_t *data, size_t size);

/* A result kept elsewhere (a report's part, a cache entry), made an ak_diags
 * again for the renderers: each diagnostic as it was kept (its severity,
 * line and column as given, no limit applied); what was counted but not
 * kept, rule by rule in ak_diags_unshown_at's order; and the counts of the
 * file, those not kept included (the diagnostics restored add nothing to
 * them). False when out of memory, or past the slots of unshown rules. */
bool ak_diags_restore(ak_diags *d, const ak_diag *g);
bool ak_diags_restore_unshown(ak_diags *d, const ak_rule *rule, size_t count);
void ak_diags_restore_counts(ak_diags *d, size_t errors, size_t warnings, size_t notes);

/* Rules of the tool itself (not of any format). */
extern const ak_rule ak_rule_input_unknown_format; /* animkit.input.unknown-format */
extern const ak_rule ak_rule_input_empty;          /* animkit.input.empty */
extern const ak_rule ak_rule_input_unsupported_format; /* animkit.input.unsupported-format */
extern const ak_rule ak_rule_input_extension_mismatch; /* animkit.input.extension-mismatch */
extern const ak_rule ak_rule_input_not_text;           /* animkit.input.not-text */
extern const ak_rule ak_rule_limit_max_errors;     /* animkit.limit.max-errors */
extern const ak_rule ak_rule_limit_unshown;        /* animkit.limit.unshown */
extern const ak_rule ak_rule_convert_unsupported;  /* animkit.convert.unsupported */
extern const ak_rule ak_rule_sample_no_track;      /* animkit.sample.no-track */
extern const ak_rule ak_rule_limit_memory;         /* animkit.limit.memory */
extern const ak_rule ak_rule_limit_out_of_memory;  /* animkit.limit.out-of-memory */
/* Deprecated (0.1 had a model-only cap, animkit.limit.model-size): the one
   memory budget's rule. Goes in the next release. */
#define ak_rule_limit_model ak_rule_limit_memory
extern const ak_rule ak_rule_input_unreadable;     /* animkit.input.unreadable */
extern const ak_rule ak_rule_convert_version;      /* animkit.convert.version */
extern const ak_rule ak_rule_convert_no_tracks;    /* animkit.convert.no-tracks */
extern const ak_rule ak_rule_convert_loss;         /* animkit.convert.loss */
extern const ak_rule ak_rule_convert_deviation;    /* animkit.convert.deviation */
extern const ak_rule ak_rule_convert_unverified;   /* animkit.convert.unverified */
extern const ak_rule ak_rule_convert_invalid;      /* animkit.convert.invalid-output */
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
/* A file that could not be read (`why`: the system's reason): an entry
 * with an "error" member (json), a tool execution notification with
 * executionSuccessful false (sarif), an ::error annotation (github);
 * nothing in text and gcc, whose callers say it on standard error. */
void ak_renderer_unreadable(ak_renderer *r, const char *file, const char *why);
/* Ends the document (json, sarif) and frees the renderer. */
void ak_renderer_finish(ak_renderer *r);

/* ------------------------------------------------------------------ */
/* Formats                                                             */

/* How to read and write. The level (--strict) and the error limit are the
 * ak_diags's (ak_diag_options). */
typedef struct ak_options {
    uint32_t max_depth;   /* nesting limit for tree formats; 0 = 512 */
    uint64_t max_output;  /* decompression cap in bytes; 0 = 1 GiB */
    /* The memory budget of a command that decodes (dump, convert, sample,
       plot, validation's cross-reference sets): what it holds at once, in
       bytes, checked before each allocation (animkit.limit.memory);
       0 = ak_default_max_memory(), for ak_validate
       ak_default_validate_max_memory(). Replaces 0.1's max_model. */
    uint64_t max_memory;
    int precision;        /* significant digits of text emitters; 0 = the format's default */
    int compress;         /* output compression where a format has it (AK_COMPRESS_*) */
    /* convert: the version of the output format to write (ak_format.versions);
       NULL: a same-format conversion keeps the input's version, any other
       writes the format's default */
    const char *format_version;
    /* convert: decode the output again and report the largest deviation of
       its sampled curves from the input's (animkit.convert.deviation) */
    bool verify;
    /* Validate every element event by event, without the generated fast
       paths (lanes) of schema formats, and every element of a binary
       layout's array one by one, without its block checks: the same
       report, slower. For differential tests and for measuring the
       general path. */
    bool no_lanes;
    /* Settings of the format being read, "name=value,name,..." (NULL: none).
       A format reads the names it knows and ignores the others; the last
       occurrence of a name wins. Metroid Prime ANIM: game=mp1|mp2 (the
       caller's game, spec §1.2), s32_totals (32-bit bitstream totals instead
       of the retail 16-bit ones, §6 B7), the limits max_file_bytes,
       max_frames, max_decoded_bytes (counts, K/M/G suffixes), and
       v0_scale_order=channel|frame, v0_duration=frames|frames-1. */
    const char *format_options;
} ak_options;

enum {
    AK_COMPRESS_DEFAULT = 0, /* what the format's canonical writer does */
    AK_COMPRESS_NONE,
    AK_COMPRESS_LZ4,
    AK_COMPRESS_LZMA,
};

#define AK_DEFAULT_MAX_DEPTH 512u
#define AK_DEFAULT_MAX_OUTPUT (UINT64_C(1) << 30)
/* The largest default memory budget; ak_default_max_memory() is the
   smaller of it and half the physical memory. */
#define AK_DEFAULT_MAX_MEMORY (UINT64_C(2) << 30)

/* The default budget of validation (ak_validate; `animkit validate` and
   `report`): it streams, so what it holds is small whatever the file's
   size (docs/memory.md), and a small hostile file (a header that declares a
   huge LZMA dictionary, a huge string) stops with animkit.limit.memory
   instead of taking a gigabyte. */
#define AK_DEFAULT_VALIDATE_MAX_MEMORY (UINT64_C(256) << 20)

/* min(AK_DEFAULT_MAX_MEMORY, half the machine's physical memory). */
uint64_t ak_default_max_memory(void);
/* min(AK_DEFAULT_VALIDATE_MAX_MEMORY, ak_default_max_memory()). */
uint64_t ak_default_validate_max_memory(void);
/* The budget opt gives: opt->max_memory, else ak_default_max_memory()
   (ak_validate: else ak_default_validate_max_memory()). */
uint64_t ak_memory_budget(const ak_options *opt);

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
    AK_SNIFF_EXTENSION = 10, /* not a score: an extension names a format (ak_format_detect_ex) */
    AK_SNIFF_CONTENT = 50,
    AK_SNIFF_MAGIC = 100,
};

/* What a text format never allows (ak_format.text_never). */
enum {
    AK_TEXT_NEVER_C0 = 1u << 0,         /* C0 controls other than tab, line feed and carriage return */
    AK_TEXT_NEVER_BAD_UTF8 = 1u << 1,   /* bytes of ill-formed UTF-8 */
};

struct ak_arena;
struct ak_animation;
struct ak_sink;

typedef struct ak_format {
    const char *id;
    const char *name;
    const char *const *extensions; /* NULL-terminated, with the dot: ".animj" */
    bool text;                     /* line/column diagnostics */
    /* Text formats: the bytes the format never allows anywhere in a file
       (AK_TEXT_NEVER_*; an error at the compatible level wherever they
       stand). The not-text test (animkit.input.not-text) counts only these,
       so it never rejects a file the format accepts; 0 turns it off (Maya:
       a comment takes any byte, and the front end names binary .anim files
       itself). */
    unsigned text_never;
    const ak_rule *rules;
    size_t rule_count;
    /* Confidence that data is in this format (AK_SNIFF_*). */
    int (*sniff)(const uint8_t *data, size_t size);
    /* Streams the input and reports diagnostics; builds no document. */
    void (*validate)(const ak_input *in, const ak_options *opt, ak_diags *d);
    /* Decoded document as JSON into out. Returns false when the input has
     * errors (reported into d) and nothing usable was written. May be NULL. */
    bool (*dump)(const ak_input *in, const ak_options *opt, ak_diags *d, ak_buf *out);
    /* The same JSON, streamed (binary layouts, plain JSON, Maya): the input
     * is validated first (nothing is written when it has errors), then the
     * JSON goes to out as the input is decoded again, holding no document
     * (Maya: one anim entry at a time). NULL: the format's dump needs the
     * whole document (dump, then one write). */
    bool (*dump_to)(const ak_input *in, const ak_options *opt, ak_diags *d, struct ak_sink *out);
    /* Writes the input again in the format's canonical style (same format:
       `convert a.anim b.anim`). May be NULL. */
    bool (*reemit)(const ak_input *in, const ak_options *opt, ak_diags *d, ak_buf *out);
    /* reemit writes ak_options.format_version itself (an upgrade within the
       format, Glaxnimate's); otherwise a same-format conversion to another
       version goes through the common model */
    bool reemit_versions;
    /* The inverse of dump: builds the file from its JSON dump. May be NULL. */
    bool (*undump)(const ak_input *json, const ak_options *opt, ak_diags *d, ak_buf *out);
    /* Decodes into the common model (runtime/model.h), allocated in arena.
       Returns false when the input has errors. May be NULL. */
    bool (*to_model)(const ak_input *in, const ak_options *opt, ak_diags *d, struct ak_arena *arena,
                     struct ak_animation **out);
    /* The same model without keys (`--list`): each track's target, names,
       value type, kind, unit, key count and first and last key time, held
       without the key arrays (memory independent of the file's size). May be
       NULL: to_model is used. */
    bool (*to_model_headers)(const ak_input *in, const ak_options *opt, ak_diags *d, struct ak_arena *arena,
                             struct ak_animation **out);
    /* Encodes the common model. What the format cannot hold is reported into
       d (a warning per kind of loss, saying exactly what was lost); returns
       false when nothing sensible can be written. May be NULL. */
    bool (*from_model)(const struct ak_animation *anim, const ak_options *opt, ak_diags *d, ak_buf *out);
    /* JSON formats: their JSON Schema (draft 2020-12), for editors. May be NULL. */
    const char *json_schema;
    /* The JSON Schema (draft 2020-12) of what `dump` writes, for editors and
       for tools that read dumps. NULL when dump is NULL. */
    const char *dump_schema;
    /* The versions from_model can write, the default first (NULL-terminated;
       NULL: the format has no version to choose). */
    const char *const *versions;
    /* A syntax rather than an animation format (plain JSON): chosen only by
       its extension or by name (--format), never by content, and never over
       an animation format that the content shows. */
    bool generic;
    /* Recognised but not checked by this build yet (formats/planned/): only
       id, name, extensions and sniff are set. A file of such a format is
       reported as unsupported (animkit.input.unsupported-format), never
       checked as something else. */
    bool planned;
    /* The largest file the format's own rules allow (its `limit size`, when
       no format option changes it; 0: none) and the rule that says so: a
       conversion stops building an output that grows past it, rather than
       holding all of it to find out (runtime/convert.c). */
    uint64_t max_size;
    const ak_rule *max_size_rule;
    /* reemit, written to out as it is made (its text never held whole):
       where the re-emission is the format's streamed dump (AnimJ's `json
       dump canonical`, Glaxnimate's hook). NULL: reemit only. Like dump_to, nothing is written
       of an input with errors; false when nothing or only part was
       written. */
    bool (*reemit_to)(const ak_input *in, const ak_options *opt, ak_diags *d, struct ak_sink *out);
    /* from_model, written to out as it is encoded: neither the document
       nor the output is ever held whole (a layout whose tracks are a list,
       AnimX: each element is made when the encoder reaches it; a JSON list
       of tracks, AnimJ: its text goes on after each key). A conversion uses
       it when out can read back what it took (ak_sink.read_back), to check
       the output before it is final. NULL: from_model only. False when
       nothing or only part was written. */
    bool (*from_model_to)(const struct ak_animation *anim, const ak_options *opt, ak_diags *d, struct ak_sink *out);
} ak_format;

/* The supported (built-in) formats. */
size_t ak_format_count(void);
const ak_format *ak_format_at(size_t i);
/* The formats recognised but not supported yet (ak_format.planned), less
   those that a built-in format of the same id has replaced. */
size_t ak_format_planned_count(void);
const ak_format *ak_format_planned_at(size_t i);
/* A supported or planned format by id. */
const ak_format *ak_format_find(const char *id);

/* What detection found for an input. */
typedef struct ak_detection {
    const ak_format *format; /* what to check the input as (may be planned); NULL: nothing fits */
    /* The format the file name's extension names when the content showed
       another animation format (the extension is misleading); else NULL. */
    const ak_format *named;
} ak_detection;

/* Detection: a file whose extension names a format is that format, unless
 * its content (magic bytes, then content sniffing) shows another animation
 * format; without a known extension the content decides. A generic format
 * (json) is chosen only by its extension. */
ak_detection ak_format_detect_ex(const uint8_t *data, size_t size, const char *filename);
/* ak_format_detect_ex(...).format */
const ak_format *ak_format_detect(const uint8_t *data, size_t size, const char *filename);
/* True when filename ends with one of the format's extensions (ASCII case-insensitive). */
bool ak_format_has_extension(const ak_format *f, const char *filename);
/* A rule of any registered format (or of the tool) by code. */
const ak_rule *ak_rule_find(const char *code);
/* The format a rule belongs to, NULL for the tool's own rules. */
const ak_format *ak_rule_format(const ak_rule *rule);

/* Converts in (format `from`, or detected when NULL) into the format `to`:
 * through `to->reemit` when both formats are the same and no other version
 * is asked for (opt->format_version), through `to->undump` when the input
 * is JSON and `to` can build itself from its own dump, else through the
 * common model (from->to_model, then to->from_model). Problems and losses
 * are reported into d; a conversion through the model whose output has no
 * track left of an input that had some is an error
 * (animkit.convert.no-tracks). With opt->verify, the output's sampled
 * curves are compared with the input's (animkit.convert.deviation, a
 * note). Returns false when nothing was produced; *used_from (may be NULL)
 * is the input format. */
bool ak_convert(const ak_input *in, const ak_format *from, const ak_format *to, const ak_options *opt,
                ak_diags *d, ak_buf *out, const ak_format **used_from);

/* ak_convert, written to out as it is made where it can be: a conversion
 * to the same format without another version (opt->format_version NULL) by
 * a format with reemit_to never holds its output whole; any other
 * conversion is made whole (ak_convert) and written once. False when
 * nothing or only part was written (reported into d, or out->failed): a
 * caller that must not keep a partial output writes to a temporary place
 * (ak_output). */
bool ak_convert_to(const ak_input *in, const ak_format *from, const ak_format *to, const ak_options *opt,
                   ak_diags *d, struct ak_sink *out, const ak_format **used_from);

/* The decoded document of the input as JSON into out, `format` being the
 * input's format (as ak_resolve_format gave it): ak_dump_to through a sink
 * that appends to out. What it holds, the JSON included, counts against
 * the memory budget (opt->max_memory). Returns false when the input has
 * errors or nothing usable was written (reported into d; out is left as it
 * was). */
bool ak_dump(const ak_input *in, const ak_format *format, const ak_options *opt, ak_diags *d, ak_buf *out);

/* The dump, written to out as it is made. The input is checked first: when
 * it has errors (reported into d), nothing is written. A format with
 * dump_to (the binary layouts: AnimX, MRTK, Metroid Prime ANIM; plain JSON;
 * Maya, one anim entry at a time) then writes its JSON while it decodes the
 * input a second time, holding no document;
 * any other builds the JSON whole (charged to the budget, opt->max_memory)
 * and writes it once. Returns false when nothing or only part was written:
 * the input has errors, or the dump stopped (a limit, reported into d, or a
 * write out refused: out->failed, out->why). A caller that must not keep a
 * partial dump writes to a temporary place (ak_output). */
bool ak_dump_to(const ak_input *in, const ak_format *format, const ak_options *opt, ak_diags *d,
                struct ak_sink *out);

/* Evaluates track `track` (0-based) of the input at t0, t0 + step, ... up to
 * t1 and writes one line per time into out: the time, then the value's
 * components, tab-separated (shortest round-trip numbers; strings as JSON
 * strings). Returns false on errors, reported into d. *used (may be NULL)
 * is the input format. */
bool ak_sample(const ak_input *in, const ak_format *format, const ak_options *opt, ak_diags *d, size_t track,
               double t0, double t1, double step, ak_buf *out, const ak_format **used);

/* ------------------------------------------------------------------ */
/* Tracks and plots (formats that decode into the common model)        */

/* One line per track of the input: index, target, value type, kind, key
 * count and time range, in aligned columns under a header line. Returns
 * false on errors, reported into d. *used (may be NULL) is the format. */
bool ak_list_tracks(const ak_input *in, const ak_format *format, const ak_options *opt, ak_diags *d,
                    ak_buf *out, const ak_format **used);

typedef struct ak_plot_options {
    /* The tracks to draw: by index (from 0, file order) and by target name
     * ("node.property", or a node for all its tracks); with neither, the
     * first `first_tracks` tracks (0: 4). */
    const size_t *tracks;
    size_t track_count;
    const char *const *targets;
    size_t target_count;
    size_t first_tracks;
    bool has_from, has_to; /* the time range; default: the keys' range */
    double from, to;
    bool handles;  /* tangent handles of curve keys */
    bool euler;    /* quaternion tracks as Euler angles (degrees) */
    bool compact;  /* a thumbnail (reports): small, no title, few ticks */
    const char *title; /* the heading of a full plot (e.g. the file name); may be NULL */
} ak_plot_options;

/* Draws the chosen tracks of the input as an SVG document into svg,
 * evaluated as ak_sample evaluates them. A polyline per drawn component
 * carries data-track, data-component and data-times="A:B:STEP", the times
 * `animkit sample --times` takes to give its points. Returns false on
 * errors (unknown track or target: animkit.sample.no-track), reported into
 * d. *used (may be NULL) is the input format. */
bool ak_plot(const ak_input *in, const ak_format *format, const ak_options *opt, ak_diags *d,
             const ak_plot_options *popt, ak_buf *svg, const ak_format **used);

/* The format that files named like `filename` are written in (by extension);
 * NULL when no format claims the extension. */
const ak_format *ak_format_for_filename(const char *filename);

/* ------------------------------------------------------------------ */
/* JSON read as events                                                 */

/* The JSON front end the validators use (strict RFC 8259, streaming: memory
 * bounded by the nesting, not by the size), for programs that read JSON of
 * their own (animkit report --merge reads its partial reports with it). */
typedef enum ak_json_item_kind {
    AK_JITEM_BEGIN_OBJECT,
    AK_JITEM_KEY, /* a member name; its value follows */
    AK_JITEM_END_OBJECT,
    AK_JITEM_BEGIN_ARRAY,
    AK_JITEM_END_ARRAY,
    AK_JITEM_STRING,
    AK_JITEM_NUMBER,
    AK_JITEM_TRUE,
    AK_JITEM_FALSE,
    AK_JITEM_NULL,
} ak_json_item_kind;

typedef struct ak_json_item {
    ak_json_item_kind kind;
    uint32_t depth;   /* containers open around the value (0: the top level) */
    size_t offset;    /* of its first byte in the data */
    const char *text; /* keys and strings: the raw bytes between the quotes
                         (ak_json_item_string decodes them); numbers: as written */
    size_t text_len;
    bool escaped;     /* keys and strings: they have backslash escapes */
} ak_json_item;

/* Called for each item in document order; not 0 stops the reading. */
typedef int (*ak_json_item_fn)(void *user, const ak_json_item *item);

/* Reads data[0..size) as one JSON document. True when it is well-formed and
 * was read to its end; the reasons it is not go to d (may be NULL). */
bool ak_json_read(const uint8_t *data, size_t size, ak_json_item_fn fn, void *user, ak_diags *d);
/* Appends the decoded (UTF-8) text of a key or string item. */
bool ak_json_item_string(const ak_json_item *item, ak_buf *out);

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

/* An output file being written. A regular file or a new path is written
 * to a temporary file beside it (beside the file a symbolic link names)
 * that ak_output_commit renames over it: a failure never leaves a truncated
 * file, and an existing file keeps its mode. Anything else is written in
 * place: "-", /dev/stdout, /dev/fd/N (the descriptor itself), devices such
 * as /dev/null, FIFOs. The library installs no signal handler: a program
 * that wants the temporary file (`tmp`, set once ak_output_open returns)
 * removed when a signal ends it does that itself (the command line blocks
 * SIGINT, SIGTERM and SIGHUP around ak_output_open, then hands `tmp` to its
 * handler). Outputs are independent of each other. */
typedef struct ak_output {
    int fd;
    char *tmp;    /* the temporary file; NULL when written in place */
    char *target; /* what tmp is renamed to */
    bool in_place, borrowed, failed;
} ak_output;

bool ak_output_open(ak_output *o, const char *path, char *why, size_t why_size);
bool ak_output_write(ak_output *o, const void *data, size_t size, char *why, size_t why_size);
/* Makes the output final (fsync, rename); on failure nothing was replaced. */
bool ak_output_commit(ak_output *o, char *why, size_t why_size);
/* Removes the temporary file; an output written in place stays as it is. */
void ak_output_abort(ak_output *o);
/* What was written to o's temporary file so far, mapped for reading
 * before the commit (ak_output_unmap gives it back); false (ESPIPE) for an
 * output written in place. */
bool ak_output_map(const ak_output *o, ak_input *in, char *why, size_t why_size);
void ak_output_unmap(ak_input *in);
/* open, write, commit. */
bool ak_write_file_atomic(const char *path, const void *data, size_t size, char *why, size_t why_size);

/* ------------------------------------------------------------------ */
/* Output sinks                                                        */

/* Where a writer that streams (ak_dump_to) puts its bytes, in order, in
 * pieces of any size. write() takes the next n bytes, or returns false
 * (with why set) when it cannot: the writer stops there, so a sink sees a
 * prefix of the output. ak_sink_buf, ak_sink_file and ak_sink_output make
 * the usual sinks; a caller may set write and ctx for its own. */
typedef struct ak_sink {
    bool (*write)(struct ak_sink *s, const void *data, size_t n);
    void *ctx;
    uint64_t written; /* the bytes taken so far (ak_sink_write counts them) */
    bool failed;      /* a write failed: nothing more is taken */
    char why[160];    /* why it failed, for messages (e.g. strerror) */
    /* The bytes taken so far, read back (read_back_end gives them back):
       a conversion streamed into the sink checks its output there before
       the caller makes it final (ak_convert_to). NULL where they cannot be
       read again (standard output, a pipe, a buffer of the caller's): the
       output is then held until it is checked. A caller that sets write
       and ctx itself leaves both NULL (zero-initialize the sink). */
    bool (*read_back)(struct ak_sink *s, ak_input *in, char *why, size_t why_size);
    void (*read_back_end)(struct ak_sink *s, ak_input *in);
} ak_sink;

/* Appends to b; a budget b is attached to applies (ak_dump). */
void ak_sink_buf(ak_sink *s, ak_buf *b);
/* fwrite to fp; the caller flushes and closes it. */
void ak_sink_file(ak_sink *s, FILE *fp);
/* ak_output_write to o; the caller commits or aborts it. It reads back
   (ak_output_map) when o writes a temporary file. */
void ak_sink_output(ak_sink *s, ak_output *o);
/* Hands n bytes to the sink: false once a write failed (then, and after,
 * nothing is taken). */
bool ak_sink_write(ak_sink *s, const void *data, size_t n);

/* Walks the files under root in sorted order (files of a directory before
 * its subdirectories), calling visit for each regular file, and for each
 * entry that cannot be read (errno in err, 0 otherwise; AK_WALK_NOT_A_FILE
 * for a FIFO, a socket or a device, which the walk never opens: reading a
 * FIFO may wait for ever, but a report lists what it left out). Symbolic links are
 * followed; a directory reached again (a link loop, or a second link to a
 * directory already walked) is not walked twice. Uses no recursion. A root
 * that is a file is visited itself. Stops early when visit returns false. */
#define AK_WALK_NOT_A_FILE (-1)
typedef bool (*ak_walk_visit)(void *ctx, const char *path, int err);
bool ak_walk(const char *root, ak_walk_visit visit, void *ctx);

/* The format of an input: `format` when given, else detected
 * (ak_format_detect_ex; a misleading extension is reported as a warning).
 * Attaches the source to d. Returns NULL after reporting why when the input
 * cannot be checked: it is empty or matches no format, its format is
 * planned (not supported yet), or it is binary and the format is a text
 * format. */
const ak_format *ak_resolve_format(const ak_input *in, const ak_format *format, ak_diags *d);

/* Validates one input: resolves its format as ak_resolve_format does and
 * runs the format's validator, within opt->max_memory (0:
 * ak_default_validate_max_memory()). Returns the format the input was taken for:
 * NULL when none was recognised, and also a planned format, or a text format
 * for binary data, neither of which was checked (a diagnostic says why). */
const ak_format *ak_validate(const ak_input *in, const ak_format *format,
                             const ak_options *opt, ak_diags *d);

/* ------------------------------------------------------------------ */
/* Language server (`animkit lsp`)                                     */

/* The core of a Language Server Protocol 3.17 server: JSON-RPC messages
 * in, messages out, no I/O. A transport (the command line's `animkit lsp`:
 * stdio with Content-Length framing) hands it each message's body and
 * sends what it gives back. Diagnostics are published when the transport
 * says that the input is drained (ak_lsp_idle): every message that came
 * before has been taken, so only the newest version of each document is
 * checked and published, never a stale one. A server never writes to
 * disk; it holds the open documents' texts (each at most
 * ak_lsp_options.max_document bytes; a larger one gets one diagnostic,
 * animkit.limit.document-size, instead of a check). No request can make it
 * fail: a message it cannot take is answered with a JSON-RPC error. */
typedef struct ak_lsp ak_lsp;

typedef struct ak_lsp_options {
    /* Each diagnostic's codeDescription.href is docs_url#CODE (the rule's
       row of docs/diagnostics.md); NULL or "": no codeDescription. */
    const char *docs_url;
    uint64_t max_document; /* bytes; 0 = 16 MiB */
    bool strict;           /* the level until the client's settings say */
} ak_lsp_options;

/* NULL when out of memory. The options are copied. */
ak_lsp *ak_lsp_new(const ak_lsp_options *opt);
void ak_lsp_free(ak_lsp *s);
/* Takes one message: the body of an LSP message (a JSON-RPC request,
 * notification or response), n bytes. Answers go to the outgoing queue. */
void ak_lsp_receive(ak_lsp *s, const char *body, size_t n);
/* A message of n bytes the transport could not take whole (over its
 * size limit): the server says so to the client (window/showMessage). */
void ak_lsp_dropped(ak_lsp *s, uint64_t n);
/* Whether documents changed since their diagnostics were last published
 * (the transport then calls ak_lsp_idle once its input is drained). */
bool ak_lsp_pending(const ak_lsp *s);
/* The input is drained: checks the documents that changed and queues
 * their diagnostics. */
void ak_lsp_idle(ak_lsp *s);
/* The next outgoing message's body into out (replacing its contents);
 * false when there is none. */
bool ak_lsp_next(ak_lsp *s, ak_buf *out);
/* -1 while the server runs; after the `exit` notification the process's
 * exit status: 0 when `shutdown` came first, else 1. */
int ak_lsp_exit_status(const ak_lsp *s);

extern const ak_rule ak_rule_limit_document_size; /* animkit.limit.document-size */

#if defined(__GNUC__) || defined(__clang__)
#pragma GCC visibility pop
#endif

#ifdef __cplusplus
}
#endif

#endif
