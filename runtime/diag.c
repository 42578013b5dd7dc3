/* The diagnostics engine: collects what front ends report, resolves
 * severities for the level in force, enforces --max-errors and computes
 * line/column for text sources. Knows no format. */
#include <animkit/animkit.h>
#include "diag_mark.h"

#include "budget.h"
#include "diag.h"
#include "text_pos.h"

#include <stdlib.h>
#include <string.h>

const ak_rule ak_rule_input_unknown_format = {
    "animkit.input.unknown-format", AK_SEV_ERROR, AK_SEV_ERROR,
    "the file matches no supported format",
    "Formats are recognised by magic bytes, then content, then file extension."};
const ak_rule ak_rule_input_empty = {
    "animkit.input.empty", AK_SEV_ERROR, AK_SEV_ERROR, "the file is empty",
    "An empty file is no animation in any supported format."};
const ak_rule ak_rule_limit_max_errors = {
    "animkit.limit.max-errors", AK_SEV_NOTE, AK_SEV_NOTE,
    "too many errors; the rest of the file was not checked",
    "Checking stops after --max-errors errors (default 100)."};
const ak_rule ak_rule_limit_unshown = {
    "animkit.limit.unshown", AK_SEV_NOTE, AK_SEV_NOTE,
    "more warnings and notes than are shown",
    "Past ten times --max-errors warnings and notes (1000 by default), the rest of a file's are counted "
    "(every summary, JSON, SARIF and report counts them) but not shown, so that memory does not grow "
    "with the file; --max-errors N raises the cap to 10 N. A command's own result (what a conversion "
    "lost, --verify's deviation) is always shown."};

const ak_rule ak_rule_convert_unsupported = {
    "animkit.convert.unsupported", AK_SEV_ERROR, AK_SEV_ERROR,
    "this conversion is not supported",
    "A conversion needs the input format to decode into the common model (or the output format "
    "to build itself from its JSON dump) and the output format to encode the model."};

const ak_rule ak_rule_sample_no_track = {
    "animkit.sample.no-track", AK_SEV_ERROR, AK_SEV_ERROR, "the file has no such track",
    "`animkit sample --track N` counts tracks from 0 in file order."};

const ak_rule ak_rule_input_unreadable = {
    "animkit.input.unreadable", AK_SEV_ERROR, AK_SEV_ERROR, "the file cannot be read",
    "A file that cannot be opened or read (permissions, a dangling link, an I/O error) is listed "
    "in reports with this error rather than left out."};

const ak_rule ak_rule_input_unsupported_format = {
    "animkit.input.unsupported-format", AK_SEV_ERROR, AK_SEV_ERROR,
    "the file is in a format this build recognises but cannot check yet",
    "A file of a planned format (`animkit formats` lists them) is never passed as something else, "
    "e.g. as plain JSON; the command exits with status 2."};
const ak_rule ak_rule_input_extension_mismatch = {
    "animkit.input.extension-mismatch", AK_SEV_WARNING, AK_SEV_ERROR,
    "the file's extension names another format than its content",
    "The content decides how the file is checked; a tool that goes by the extension would misread it."};
const ak_rule ak_rule_input_not_text = {
    "animkit.input.not-text", AK_SEV_ERROR, AK_SEV_ERROR, "binary data handed to a text format",
    "In its first 4 KiB at least a quarter of the bytes (and at least 8) are bytes the format never allows "
    "(JSON formats: C0 controls other than tab, LF and CR, ill-formed UTF-8; DEL is string content): one "
    "diagnostic instead of one per line of garbage. Maya's comments take any byte, so Maya names a binary "
    ".anim itself (maya.file.foreign-format)."};

const ak_rule ak_rule_convert_version = {
    "animkit.convert.version", AK_SEV_ERROR, AK_SEV_ERROR,
    "the output format cannot write the version asked for",
    "--format-version names one of the versions the output format can write (`animkit formats`)."};

const ak_rule ak_rule_convert_no_tracks = {
    "animkit.convert.no-tracks", AK_SEV_ERROR, AK_SEV_ERROR,
    "the output format can hold none of the input's tracks",
    "A conversion that would drop every track writes nothing: an empty file is no conversion."};

const ak_rule ak_rule_convert_loss = {
    "animkit.convert.loss", AK_SEV_WARNING, AK_SEV_ERROR,
    "the output format cannot hold a property of the whole animation",
    "A conversion through the common model keeps what the output format has a field for. The input's "
    "looping flag and fields that only its own format has (a Metroid Prime ANIM's EVNT id) are dropped "
    "when the output has no place for them, and this warning names them. Track losses are the output "
    "format's own convert.loss."};

const ak_rule ak_rule_convert_deviation = {
    "animkit.convert.deviation", AK_SEV_NOTE, AK_SEV_NOTE,
    "the largest deviation of the output's sampled curves from the input's",
    "convert --verify decodes the output again and samples every track of both at every key and between "
    "keys."};
const ak_rule ak_rule_convert_invalid = {
    "animkit.convert.invalid-output", AK_SEV_ERROR, AK_SEV_ERROR,
    "the output would not pass its own format's validator",
    "A conversion never writes a file that animkit rejects at the level asked for (--strict included): the "
    "output is validated before it is written, and each error is named with its place (the track it "
    "concerns)."};
const ak_rule ak_rule_convert_unverified = {
    "animkit.convert.unverified", AK_SEV_ERROR, AK_SEV_ERROR,
    "--verify compared no track of the output",
    "convert --verify pairs each input track with the output's track of the same target (docs/model.md); when "
    "tracks were written but none could be compared, the verification checked nothing, and says why for each."};
const ak_rule ak_rule_limit_lookahead = {
    "animkit.limit.lookahead", AK_SEV_ERROR, AK_SEV_ERROR,
    "discriminators come too late in their objects: the rest of the objects whose discriminator "
    "is not near their start are not checked",
    "A schema-generated JSON validator streams: when an object's type is decided by a member "
    "(`__type__`) that comes after others, it looks ahead for it. The look-ahead skips at most "
    "eight times the file's size in all, so that a hostile file (every discriminator last, "
    "deeply nested) cannot make validation quadratic."};

const ak_rule ak_rule_limit_document_size = {
    "animkit.limit.document-size", AK_SEV_WARNING, AK_SEV_WARNING,
    "the document is larger than the language server checks",
    "`animkit lsp` checks an open document on every change; past its size limit (--max-document, "
    "default 16 MiB) it reports this once instead of stalling the editor. `animkit validate` checks the "
    "file."};

static const ak_rule *const tool_rules[] = {
    &ak_rule_input_unknown_format,
    &ak_rule_input_unsupported_format,
    &ak_rule_input_extension_mismatch,
    &ak_rule_input_not_text,
    &ak_rule_input_empty,
    &ak_rule_limit_max_errors,
    &ak_rule_limit_unshown,
    &ak_rule_convert_unsupported,
    &ak_rule_convert_version,
    &ak_rule_convert_no_tracks,
    &ak_rule_convert_loss,
    &ak_rule_convert_deviation,
    &ak_rule_convert_unverified,
    &ak_rule_convert_invalid,
    &ak_rule_sample_no_track,
    &ak_rule_limit_memory,
    &ak_rule_limit_out_of_memory,
    &ak_rule_input_unreadable,
    &ak_rule_limit_lookahead,
    &ak_rule_limit_document_size,
};

const ak_rule *const *ak_tool_rules(size_t *count)
{
    *count = sizeof tool_rules / sizeof tool_rules[0];
    return tool_rules;
}

struct ak_diags {
    ak_diag_options opt;
    ak_diag *items;
    size_t count, cap; /* count < cap but after a lost diagnostic: one slot is kept for it (push) */
    size_t lost_at;    /* 1 + the index of the animkit.limit.out-of-memory that took it; 0: none */
    size_t errors, warnings, notes;   /* reported, stored or not */
    size_t stored_minor;              /* warnings and notes stored, results aside */
    size_t stored_results;            /* diagnostics of the area convert stored */
    size_t unshown, unshown_rules;    /* counted, not stored; by rule: */
    ak_diag_tally unshown_by_rule[AK_DIAG_UNSHOWN_RULES];
    bool stopped;
    const uint8_t *src;
    size_t src_size;
    bool text;
    /* ak_diags_enter_stream: reports are about a derived stream */
    bool in_stream;
    uint64_t stream_offset;
    const char *stream_what;
    /* where the last line/column computation ended, to avoid rescanning */
    ak_text_pos lc;
    char version[32]; /* ak_diags_set_version; "" = none */
    bool input_valid; /* ak_diags_set_input_valid */
    bool tracks_only; /* ak_diags_set_tracks_only */
    ak_budget budget; /* the memory budget of the command on this input (budget.h) */
    /* ak_diags_set_annotator */
    ak_diag_annotator annotate;
    void *annotate_user;
};

ak_budget *ak_diags_budget(ak_diags *d) { return d ? &d->budget : NULL; }

const char *ak_severity_name(ak_severity s)
{
    switch (s) {
    case AK_SEV_ERROR: return "error";
    case AK_SEV_WARNING: return "warning";
    case AK_SEV_NOTE:
    default: return "note";
    }
}

/* The texts of the diagnostic that stands for those that could not be
 * stored (lost): read-only, never freed (ak_diag's texts are char * for
 * the heap copies; nothing writes through them). */
static const char lost_message[] = "a diagnostic could not be stored: the system refused memory";
static const char lost_path[] = "";

static void free_text(char *s)
{
    if (s != lost_message && s != lost_path)
        free(s);
}

ak_diags *ak_diags_new(const ak_diag_options *opt)
{
    ak_diags *d = calloc(1, sizeof *d);
    if (!d)
        return NULL;
    /* the slot a lost diagnostic needs is there from the start */
    d->cap = 8;
    d->items = malloc(d->cap * sizeof *d->items);
    if (!d->items) {
        free(d);
        return NULL;
    }
    if (opt)
        d->opt = *opt;
    if (d->opt.max_errors == 0)
        d->opt.max_errors = AK_DEFAULT_MAX_ERRORS;
    d->lc = AK_TEXT_POS_START;
    d->budget.d = d;
    return d;
}

void ak_diags_clear(ak_diags *d)
{
    for (size_t i = 0; i < d->count; i++) {
        free_text(d->items[i].message);
        free_text(d->items[i].path);
    }
    d->count = 0;
    d->lost_at = 0;
    d->errors = d->warnings = d->notes = d->stored_minor = d->stored_results = 0;
    d->unshown = d->unshown_rules = 0;
    d->stopped = false;
    d->src = NULL;
    d->src_size = 0;
    d->text = false;
    d->in_stream = false;
    d->lc = AK_TEXT_POS_START;
    d->version[0] = '\0';
    d->budget.refused = d->budget.failed = false;
}

void ak_diags_mark_at(const ak_diags *d, ak_diags_mark *m)
{
    m->count = d->count;
    m->errors = d->errors;
    m->warnings = d->warnings;
    m->notes = d->notes;
    m->stored_minor = d->stored_minor;
    m->stored_results = d->stored_results;
    m->unshown = d->unshown;
    m->unshown_rules = d->unshown_rules;
    memcpy(m->unshown_by_rule, d->unshown_by_rule, d->unshown_rules * sizeof *d->unshown_by_rule);
    m->stopped = d->stopped;
}

void ak_diags_rewind(ak_diags *d, const ak_diags_mark *m)
{
    for (size_t i = m->count; i < d->count; i++) {
        free_text(d->items[i].message);
        free_text(d->items[i].path);
    }
    if (m->count < d->count)
        d->count = m->count;
    if (d->lost_at > d->count)
        d->lost_at = 0;
    d->errors = m->errors;
    d->warnings = m->warnings;
    d->notes = m->notes;
    d->stored_minor = m->stored_minor;
    d->stored_results = m->stored_results;
    d->unshown = m->unshown;
    d->unshown_rules = m->unshown_rules;
    memcpy(d->unshown_by_rule, m->unshown_by_rule, m->unshown_rules * sizeof *m->unshown_by_rule);
    d->stopped = m->stopped;
}

void ak_diags_free(ak_diags *d)
{
    if (!d)
        return;
    ak_diags_clear(d);
    free(d->items);
    free(d);
}

void ak_diags_set_source(ak_diags *d, const uint8_t *data, size_t size, bool text)
{
    d->src = data;
    d->src_size = size;
    d->text = text;
    d->lc = AK_TEXT_POS_START;
}

void ak_diags_enter_stream(ak_diags *d, uint64_t file_offset, const char *what)
{
    d->in_stream = true;
    d->stream_offset = file_offset;
    d->stream_what = what;
}

void ak_diags_leave_stream(ak_diags *d) { d->in_stream = false; }

ak_severity ak_diags_severity(const ak_diags *d, const ak_rule *rule)
{
    return d->opt.strict ? rule->strict : rule->compat;
}

bool ak_diags_strict(const ak_diags *d) { return d->opt.strict; }

void ak_diags_set_input_valid(ak_diags *d) { d->input_valid = true; }

bool ak_diags_input_valid(const ak_diags *d) { return d->input_valid; }

void ak_diags_set_tracks_only(ak_diags *d) { d->tracks_only = true; }

bool ak_diags_tracks_only(const ak_diags *d) { return d && d->tracks_only; }

uint32_t ak_diags_max_errors(const ak_diags *d) { return d->opt.max_errors; }

void ak_diags_set_version(ak_diags *d, const char *version, size_t n)
{
    /* A version is a short token; anything else is cut and kept printable. */
    if (n >= sizeof d->version)
        n = sizeof d->version - 1;
    for (size_t i = 0; i < n; i++)
        d->version[i] = version[i] > 0x20 && version[i] < 0x7f ? version[i] : '?';
    d->version[n] = '\0';
}

const char *ak_diags_version(const ak_diags *d) { return d->version[0] ? d->version : NULL; }

bool ak_diags_stopped(const ak_diags *d) { return d->stopped; }
size_t ak_diags_count(const ak_diags *d) { return d->count; }
const ak_diag *ak_diags_at(const ak_diags *d, size_t i) { return i < d->count ? &d->items[i] : NULL; }
size_t ak_diags_errors(const ak_diags *d) { return d->errors; }
size_t ak_diags_warnings(const ak_diags *d) { return d->warnings; }
size_t ak_diags_notes(const ak_diags *d) { return d->notes; }
size_t ak_diags_unshown(const ak_diags *d) { return d->unshown; }

const ak_rule *ak_diags_unshown_at(const ak_diags *d, size_t i, size_t *count)
{
    if (i >= d->unshown_rules)
        return NULL;
    *count = d->unshown_by_rule[i].count;
    return d->unshown_by_rule[i].rule;
}

/* A diagnostic counted, not stored: its rule's tally, or past the table's
   last slot the catch-all one. */
static void count_unshown(ak_diags *d, const ak_rule *rule, size_t count)
{
    d->unshown += count;
    size_t n = d->unshown_rules;
    for (size_t i = 0; i < n; i++) {
        if (d->unshown_by_rule[i].rule == rule || (i == AK_DIAG_UNSHOWN_RULES - 1)) {
            d->unshown_by_rule[i].count += count;
            return;
        }
    }
    const ak_rule *slot = n == AK_DIAG_UNSHOWN_RULES - 1 ? &ak_rule_limit_unshown : rule;
    d->unshown_by_rule[n] = (ak_diag_tally){slot, count};
    d->unshown_rules++;
}

void ak_diags_pass_unshown(ak_diags *d, const ak_diags *from, const ak_rule *(*map)(const ak_rule *rule))
{
    if (d->stopped)
        return;
    for (size_t i = 0; i < from->unshown_rules; i++) {
        const ak_rule *rule = from->unshown_by_rule[i].rule;
        if (map && rule != &ak_rule_limit_unshown)
            rule = map(rule);
        size_t n = from->unshown_by_rule[i].count;
        ak_severity sev = ak_diags_severity(d, rule);
        count_unshown(d, rule, n);
        d->warnings += sev == AK_SEV_WARNING ? n : 0;
        d->notes += sev == AK_SEV_NOTE ? n : 0;
    }
}

/* Is the rule a command's own result (its code's area is `convert`)? */
static bool is_result(const ak_rule *rule)
{
    const char *dot = strchr(rule->code, '.');
    return dot && strncmp(dot + 1, "convert.", 8) == 0;
}

static void line_col(ak_diags *d, uint64_t offset, uint32_t *line, uint32_t *col)
{
    ak_text_pos_at(&d->lc, d->src, d->src_size, offset < d->src_size ? (size_t)offset : d->src_size, false);
    *line = d->lc.line;
    *col = d->lc.column;
}

static char *vformat(const char *fmt, va_list ap)
{
    va_list ap2;
    va_copy(ap2, ap);
    int n = vsnprintf(NULL, 0, fmt, ap2);
    va_end(ap2);
    if (n < 0)
        return NULL;
    char *s = malloc((size_t)n + 1);
    if (s)
        vsnprintf(s, (size_t)n + 1, fmt, ap);
    return s;
}

static char *format(const char *fmt, ...) AK_PRINTF(1, 2);
static char *format(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    char *s = vformat(fmt, ap);
    va_end(ap);
    return s;
}

static char *dupstr(const char *s)
{
    size_t n = strlen(s);
    char *p = malloc(n + 1);
    if (p)
        memcpy(p, s, n + 1);
    return p;
}

/* Messages and paths quote the input (names, strings); an absurd input (a
 * 16 MiB member name) must not make every rendering of its diagnostics that
 * big. Longer texts are cut at a UTF-8 boundary, marked with an ellipsis. */
#define AK_DIAG_TEXT_MAX 4096u

static char *clip(char *text)
{
    size_t n = text ? strlen(text) : 0;
    if (n <= AK_DIAG_TEXT_MAX)
        return text;
    size_t cut = AK_DIAG_TEXT_MAX - 3;
    while (cut > 0 && ((unsigned char)text[cut] & 0xc0) == 0x80)
        cut--;
    memcpy(text + cut, "\xe2\x80\xa6", 3); /* U+2026 */
    text[cut + 3] = '\0';
    char *smaller = realloc(text, cut + 4);
    return smaller ? smaller : text;
}

/* A diagnostic could not be stored (memory ran out): the first such one is
 * replaced by animkit.limit.out-of-memory at its place, in the slot push
 * keeps free, with static texts, so that no finding goes missing without a
 * word (the counts still count it). */
static void lost(ak_diags *d, uint64_t offset, uint32_t line, uint32_t column)
{
    if (d->lost_at || d->count >= d->cap)
        return;
    ak_severity sev = ak_diags_severity(d, &ak_rule_limit_out_of_memory);
    d->items[d->count++] = (ak_diag){&ak_rule_limit_out_of_memory, sev, (char *)lost_message, (char *)lost_path,
                                     offset, 0, line, column};
    d->lost_at = d->count;
    if (sev == AK_SEV_ERROR)
        d->errors++;
    d->budget.failed = true; /* reported for this input */
}

static bool push(ak_diags *d, const ak_rule *rule, ak_severity sev, uint64_t offset, uint64_t length,
                 uint32_t line, uint32_t column, const char *path, char *message)
{
    if (d->text && d->src && line == 0)
        line_col(d, offset, &line, &column);
    if (d->count + 2 > d->cap) { /* this one and the slot kept free */
        size_t cap = d->cap ? d->cap * 2 : 16;
        ak_diag *items = realloc(d->items, cap * sizeof *items);
        if (!items) {
            free(message);
            lost(d, offset, line, column);
            return false;
        }
        d->items = items;
        d->cap = cap;
    }
    char *p = dupstr(path ? path : "");
    if (!message)
        message = dupstr(rule->message);
    if (!p || !message) {
        free(p);
        free(message);
        lost(d, offset, line, column);
        return false;
    }
    ak_diag *g = &d->items[d->count++];
    g->rule = rule;
    g->severity = sev;
    g->message = clip(message);
    g->path = clip(p);
    g->offset = offset;
    g->length = length;
    g->line = line;
    g->column = column;
    return true;
}

/* The count a kept warning or note of this rule adds to (NULL: an error). */
static size_t *stored_count(ak_diags *d, const ak_rule *rule, ak_severity sev)
{
    if (sev == AK_SEV_ERROR)
        return NULL;
    return is_result(rule) ? &d->stored_results : &d->stored_minor;
}

bool ak_diags_keeps(const ak_diags *d, const ak_rule *rule)
{
    if (d->stopped)
        return false;
    const size_t *stored = stored_count((ak_diags *)d, rule, ak_diags_severity(d, rule));
    return !stored || *stored < 10u * (size_t)d->opt.max_errors;
}

bool ak_vreport(ak_diags *d, const ak_rule *rule, uint64_t offset, uint64_t length, uint32_t line,
                uint32_t column, const char *path, const char *fmt, va_list ap)
{
    if (d->stopped)
        return false;
    ak_severity sev = ak_diags_severity(d, rule);
    size_t *stored = stored_count(d, rule, sev);
    if (stored && *stored >= 10u * (size_t)d->opt.max_errors) {
        /* Warnings and notes are bounded too, so that memory does not grow
           with the file; they are still counted. */
        count_unshown(d, rule, 1);
        d->warnings += sev == AK_SEV_WARNING;
        d->notes += sev == AK_SEV_NOTE;
        return true;
    }
    char *message = fmt ? vformat(fmt, ap) : NULL;
    if (d->annotate) {
        char extra[512];
        extra[0] = 0;
        d->annotate(d->annotate_user, rule, offset, path ? path : "", extra, sizeof extra);
        if (extra[0]) {
            char *annotated = format("%s%s", message ? message : rule->message, extra);
            if (annotated) {
                free(message);
                message = annotated;
            }
        }
    }
    if (d->in_stream) {
        char *located = format("%s (byte %llu of the %s)", message ? message : rule->message,
                               (unsigned long long)offset, d->stream_what);
        free(message);
        message = located;
        offset = d->stream_offset;
        length = 0;
        line = column = 0;
    }
    if (push(d, rule, sev, offset, length, line, column, path, message) && stored)
        ++*stored;
    if (sev == AK_SEV_ERROR)
        d->errors++;
    else if (sev == AK_SEV_WARNING)
        d->warnings++;
    else
        d->notes++;
    if (sev == AK_SEV_ERROR && d->errors >= d->opt.max_errors) {
        char *note =
            format("too many errors (--max-errors %u); the rest of the file was not checked", d->opt.max_errors);
        push(d, &ak_rule_limit_max_errors, AK_SEV_NOTE, offset, 0, line, column, path, note);
        d->stopped = true;
        return false;
    }
    return true;
}

void ak_diags_set_annotator(ak_diags *d, ak_diag_annotator fn, void *user, ak_diag_annotator *prev_fn,
                            void **prev_user)
{
    if (prev_fn)
        *prev_fn = d ? d->annotate : NULL;
    if (prev_user)
        *prev_user = d ? d->annotate_user : NULL;
    if (d) {
        d->annotate = fn;
        d->annotate_user = user;
    }
}

bool ak_report(ak_diags *d, const ak_rule *rule, uint64_t offset, uint64_t length, const char *path,
               const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    bool more = ak_vreport(d, rule, offset, length, 0, 0, path, fmt, ap);
    va_end(ap);
    return more;
}

bool ak_report_at(ak_diags *d, const ak_rule *rule, uint64_t offset, uint64_t length, uint32_t line,
                  uint32_t column, const char *path, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    bool more = ak_vreport(d, rule, offset, length, line, column, path, fmt, ap);
    va_end(ap);
    return more;
}

bool ak_diags_restore(ak_diags *d, const ak_diag *g)
{
    char *message = dupstr(g->message ? g->message : g->rule->message);
    if (!message)
        return false;
    return push(d, g->rule, g->severity, g->offset, g->length, g->line, g->column, g->path, message);
}

bool ak_diags_restore_unshown(ak_diags *d, const ak_rule *rule, size_t count)
{
    if (d->unshown_rules >= AK_DIAG_UNSHOWN_RULES)
        return false;
    d->unshown_by_rule[d->unshown_rules++] = (ak_diag_tally){rule, count};
    d->unshown += count;
    return true;
}

void ak_diags_restore_counts(ak_diags *d, size_t errors, size_t warnings, size_t notes)
{
    d->errors = errors;
    d->warnings = warnings;
    d->notes = notes;
}

static int cmp_offset(const void *a, const void *b)
{
    const ak_diag *x = a, *y = b;
    if (x->offset != y->offset)
        return x->offset < y->offset ? -1 : 1;
    /* the limit note stays last */
    return (x->rule == &ak_rule_limit_max_errors) - (y->rule == &ak_rule_limit_max_errors);
}

void ak_diags_sort(ak_diags *d)
{
    /* insertion sort: stable, and reports arrive almost in order */
    for (size_t i = 1; i < d->count; i++) {
        ak_diag tmp = d->items[i];
        size_t j = i;
        while (j > 0 && cmp_offset(&d->items[j - 1], &tmp) > 0) {
            d->items[j] = d->items[j - 1];
            j--;
        }
        d->items[j] = tmp;
    }
}
