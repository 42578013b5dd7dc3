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
        r->from = (uintptr_t)in->data;
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
}

void ak_release_done(ak_release *r)
{
    if (r->end > r->from)
        madvise((void *)r->from, r->end - r->from, MADV_DONTNEED);
    r->from = r->end;
}
