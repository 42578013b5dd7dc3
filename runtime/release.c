#include "release.h"

#include <sys/mman.h>
#include <unistd.h>

#ifdef __wasi__
/* WASI has no madvise, and maps no file: the WebAssembly reactor's inputs
   are buffers (ak_input.mapped false), so nothing here is ever released */
#define madvise(addr, len, advice) ((void)0)
#endif

/* Pages are dropped in steps of this size, keeping the last step resident:
   the token or statement being read may have started there. */
#define RELEASE_STEP ((size_t)4 << 20)

void ak_release_init(ak_release *r, const ak_input *in, bool keep)
{
    r->data = in->data;
    r->from = r->end = 0;
    r->next = SIZE_MAX;
    if (in->mapped && !keep && in->size >= 2 * RELEASE_STEP) {
        /* a page boundary: the input may be a span that starts inside a
           page of a mapping (a value read again on its own) */
        uintptr_t page = (uintptr_t)sysconf(_SC_PAGESIZE);
        r->from = ((uintptr_t)in->data + page - 1) & ~(page - 1);
        r->end = (uintptr_t)in->data + in->size;
        r->next = 2 * RELEASE_STEP;
    }
}

void ak_release_progress(ak_release *r, size_t offset)
{
    r->next = offset + RELEASE_STEP;
    if (!r->end || offset < RELEASE_STEP)
        return;
    uintptr_t page = (uintptr_t)sysconf(_SC_PAGESIZE);
    uintptr_t upto = ((uintptr_t)r->data + offset - RELEASE_STEP) & ~(page - 1);
    if (upto > r->from) {
        madvise((void *)r->from, upto - r->from, MADV_DONTNEED);
        r->from = upto;
    }
#ifdef MADV_POPULATE_READ
    /* the step the reader goes on to, mapped in one call rather than by a
       page fault every 16 pages (MRTK 100 MB: 1,773 faults -> 337, 36 ->
       30 ms); what stays resident is as before, the step before and this
       one. Older kernels refuse it (EINVAL): the pages fault in as before. */
    uintptr_t ahead = ((uintptr_t)r->data + offset) & ~(page - 1), stop = ahead + RELEASE_STEP;
    if (stop > r->end)
        stop = r->end;
    if (stop > ahead)
        madvise((void *)ahead, stop - ahead, MADV_POPULATE_READ);
#endif
}

void ak_release_restart(ak_release *r, size_t offset)
{
    if (!r->end)
        return;
    uintptr_t page = (uintptr_t)sysconf(_SC_PAGESIZE);
    r->from = ((uintptr_t)r->data + offset) & ~(page - 1);
    r->next = offset + 2 * RELEASE_STEP;
}

void ak_release_done(ak_release *r)
{
    if (r->end > r->from)
        madvise((void *)r->from, r->end - r->from, MADV_DONTNEED);
    r->from = r->end;
}

void ak_release_span(const ak_release *r, size_t from, size_t to)
{
    if (!r->end || to <= from)
        return;
    uintptr_t page = (uintptr_t)sysconf(_SC_PAGESIZE);
    uintptr_t a = ((uintptr_t)r->data + from + page - 1) & ~(page - 1), b = ((uintptr_t)r->data + to) & ~(page - 1);
    if (b > a)
        madvise((void *)a, b - a, MADV_DONTNEED);
}
