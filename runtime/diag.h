/* What format front ends report with: the other half of the diagnostics
 * engine (runtime/diag.c). Internal: not installed, and hidden in the
 * shared library. A program that embeds animkit reads diagnostics through
 * <animkit/animkit.h> (ak_diags_count, ak_diags_at, renderers) and adds its
 * own with ak_report; it never needs these. */
#ifndef AK_RUNTIME_DIAG_H
#define AK_RUNTIME_DIAG_H

#include <animkit/animkit.h>

#include <stdarg.h>

/* Attaches the source being checked. For text sources line and column of
 * diagnostics reported without them are computed from the offset. */
void ak_diags_set_source(ak_diags *d, const uint8_t *data, size_t size, bool text);
/* Forgets every diagnostic, the source and the version (the level and the
 * limit stay): ready for the next input. */
void ak_diags_clear(ak_diags *d);

/* ak_report with a line and column the front end already knows. */
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

/* Words a validator adds to the messages it reports, from what it knows
 * about the document at the diagnostic's place (a JSON validator: the
 * object the diagnostic is in). Called for every diagnostic kept while it
 * is set; writes a suffix of at most cap bytes (NUL included) to out, ""
 * for none. fn NULL: no more. The previous annotator is returned through
 * *prev_fn, *prev_user (may be NULL) so that a caller can restore it. */
typedef void (*ak_diag_annotator)(void *user, const ak_rule *rule, uint64_t offset, const char *path, char *out,
                                  size_t cap);
void ak_diags_set_annotator(ak_diags *d, ak_diag_annotator fn, void *user, ak_diag_annotator *prev_fn,
                            void **prev_user);

/* The version of its format that the file declares ("1.1"), as the
 * validator read it from the header (ak_diags_version reads it back);
 * validators of formats that have versions set it. */
void ak_diags_set_version(ak_diags *d, const char *version, size_t n);

/* The input these diagnostics are about passed its format's validator
 * already, at this level or a stricter one, without an error: a
 * conversion's output, checked before it is read back. A reader that
 * validates before it reads (the JSON model readers) skips that second
 * validation. Only the runtime says so, right after such a check. */
void ak_diags_set_input_valid(ak_diags *d);
bool ak_diags_input_valid(const ak_diags *d);

/* Of a model of headers (ak_format.to_model_headers) the caller wants the
 * document and its tracks, not their keys' counts and time ranges: a
 * conversion's check of its output, which compares the tracks and what
 * the document says besides. A reader may then pass the keys without
 * looking at them (the JSON model readers pass each keys array whole);
 * one that reads them anyway gives the same tracks. */
void ak_diags_set_tracks_only(ak_diags *d);
bool ak_diags_tracks_only(const ak_diags *d);

/* The severity a rule has at the level in force. */
ak_severity ak_diags_severity(const ak_diags *d, const ak_rule *rule);
/* The level in force (ak_diag_options.strict) and the error limit (the
 * default when 0 was given), as validators and converters read them. */
bool ak_diags_strict(const ak_diags *d);
uint32_t ak_diags_max_errors(const ak_diags *d);
/* The error limit was reached: checking should stop. */
bool ak_diags_stopped(const ak_diags *d);
/* Whether a diagnostic of this rule reported now would be kept (past ten
 * times --max-errors warnings and notes are only counted): a reporter may
 * then leave out what only a kept one needs, its line, column and path. */
bool ak_diags_keeps(const ak_diags *d, const ak_rule *rule);

/* A front end that checked into a list of its own and reports its
 * diagnostics again into d passes on, with this, what that list counted
 * but did not keep (ak_diags_unshown_at): as d's own, counted and not
 * shown. map, when given, names the rule d knows the diagnostics by. */
void ak_diags_pass_unshown(ak_diags *d, const ak_diags *from, const ak_rule *(*map)(const ak_rule *rule));

#endif
