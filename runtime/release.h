/* Releasing the pages of a file mapping that a streaming validator has
 * already read, so that validating a file of any size keeps a small
 * resident set. Only an input that is a read-only private file mapping
 * (ak_input.mapped, set by ak_file_input) is released: its pages come back
 * from the file if a diagnostic renders them later. Memory read into a
 * buffer (stdin, pipes, tests) is never touched. */
#ifndef AK_RUNTIME_RELEASE_H
#define AK_RUNTIME_RELEASE_H

#include <animkit/animkit.h>

#include <stddef.h>
#include <stdint.h>

typedef struct ak_release {
    const uint8_t *data;
    uintptr_t from, end; /* end == 0: nothing to release */
    size_t next;         /* call ak_release_progress() once the reader is here */
} ak_release;

/* A document that points into the input must keep it: pass keep = true. */
void ak_release_init(ak_release *r, const ak_input *in, bool keep);
/* The reader is at offset: pages well before it may go. */
void ak_release_progress(ak_release *r, size_t offset);

/* A second walk over the input from offset on (a hook that reads again
 * what the validator's pass has gone past): the pages from there are
 * released as that walk reports its progress (ak_release_at), as the
 * first walk's were. */
void ak_release_restart(ak_release *r, size_t offset);

/* The reader is done (a look-ahead before the real pass): every page it
 * kept resident goes too, so that they do not stay for the whole pass. */
void ak_release_done(ak_release *r);

/* A reader that goes back and forth (a canonical writer that sorts what it
 * writes) is done with data[from..to): the pages wholly inside go. */
void ak_release_span(const ak_release *r, size_t from, size_t to);

static inline void ak_release_at(ak_release *r, size_t offset)
{
    if (offset >= r->next)
        ak_release_progress(r, offset);
}

#endif
