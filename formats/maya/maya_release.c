/* Dropping the pages of a file mapping that the streaming validator has
 * read, so that validating a file of any size keeps a small resident set
 * (the pages come back from the file if a diagnostic renders them).
 *
 * The same thing exists privately in grammars/json_parser.c; both belong in
 * runtime/ (see the report of issue 6). */
#include "maya_release.h"

#include <stdio.h>
#include <sys/mman.h>
#include <unistd.h>

#define RELEASE_STEP ((size_t)4 << 20)

/* Only a read-only, private, file-backed mapping keeps its contents under
 * MADV_DONTNEED; anonymous memory (stdin read into malloc) would be zeroed. */
static bool read_only_file_mapping(const uint8_t *data, size_t size)
{
#if defined(__linux__)
    FILE *f = fopen("/proc/self/maps", "r");
    if (!f)
        return false;
    char line[512];
    bool ok = false;
    uintptr_t lo = (uintptr_t)data, hi = lo + size;
    while (fgets(line, sizeof line, f)) {
        unsigned long long start, end, off, inode;
        char perms[8];
        unsigned dev_major, dev_minor;
        if (sscanf(line, "%llx-%llx %7s %llx %x:%x %llu", &start, &end, perms, &off, &dev_major, &dev_minor,
                   &inode) != 7)
            continue;
        if (lo >= start && lo < end) {
            ok = hi <= end && inode != 0 && perms[0] == 'r' && perms[1] == '-' && perms[3] == 'p';
            break;
        }
    }
    fclose(f);
    return ok;
#else
    (void)data;
    (void)size;
    return false;
#endif
}

void maya_release_init(maya_release *r, const uint8_t *data, size_t size)
{
    r->data = data;
    r->from = r->end = 0;
    r->next = SIZE_MAX;
    if (size >= 2 * RELEASE_STEP && read_only_file_mapping(data, size)) {
        r->from = (uintptr_t)data;
        r->end = (uintptr_t)data + size;
        r->next = 2 * RELEASE_STEP;
    }
}

void maya_release_progress(maya_release *r, size_t offset)
{
    r->next = offset + RELEASE_STEP;
    if (!r->end)
        return;
    uintptr_t page = (uintptr_t)sysconf(_SC_PAGESIZE);
    /* keep the last step resident: the current statement started there */
    uintptr_t upto = ((uintptr_t)r->data + offset - RELEASE_STEP) & ~(page - 1);
    if (upto > r->from) {
        madvise((void *)r->from, upto - r->from, MADV_DONTNEED);
        r->from = upto;
    }
}
