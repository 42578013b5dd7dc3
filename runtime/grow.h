/* Arrays on the heap that grow by doubling: the one helper for the
 * validators' and trees' stacks and tables (arena arrays: arena.h). */
#ifndef AK_RUNTIME_GROW_H
#define AK_RUNTIME_GROW_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>

/* Makes room for need items of size bytes in *items (malloc'd, or NULL with
 * *cap 0), doubling *cap from 16; false (nothing changed) when the size
 * would overflow or realloc fails. */
static inline bool ak_grow(void **items, size_t *cap, size_t need, size_t size)
{
    if (need <= *cap)
        return true;
    size_t n = *cap ? *cap : 16;
    while (n < need) {
        if (n > SIZE_MAX / 2 / size)
            return false;
        n *= 2;
    }
    void *p = realloc(*items, n * size);
    if (!p)
        return false;
    *items = p;
    *cap = n;
    return true;
}

#endif
