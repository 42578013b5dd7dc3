/* Taking back diagnostics: a reader that went ahead optimistically (a
 * derived stream validated while it is decoded) and found that it must
 * read the same bytes again another way returns the engine to where it
 * was. Library-internal. */
#ifndef AK_DIAG_MARK_H
#define AK_DIAG_MARK_H

#include <animkit/animkit.h>

#include <stdbool.h>
#include <stddef.h>

/* Diagnostics counted but not stored, by rule (diag.c). */
#define AK_DIAG_UNSHOWN_RULES 32
typedef struct ak_diag_tally {
    const ak_rule *rule;
    size_t count;
} ak_diag_tally;

typedef struct ak_diags_mark {
    size_t count, errors, warnings, notes, stored_minor, stored_results;
    size_t unshown, unshown_rules;
    ak_diag_tally unshown_by_rule[AK_DIAG_UNSHOWN_RULES];
    bool stopped;
} ak_diags_mark;

/* Where the engine is now. */
void ak_diags_mark_at(const ak_diags *d, ak_diags_mark *m);
/* Drops every diagnostic reported since the mark, and the error limit's
 * stop if it came since. */
void ak_diags_rewind(ak_diags *d, const ak_diags_mark *m);

#endif
