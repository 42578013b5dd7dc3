/* One stable sort for the runtime: the key order of a track, the members of
 * a sorted JSON object (the writer's, a tree's). */
#ifndef AK_RUNTIME_SORT_H
#define AK_RUNTIME_SORT_H

#include <stdbool.h>
#include <stddef.h>

/* Puts the n elements of size bytes at base in the order `less` gives
   (less(a, b, ctx): whether a goes before b), equal ones keeping theirs: a
   bottom-up merge sort, O(n log n) whatever the input, a pass for input
   already in order. False when its scratch memory (n elements) cannot be
   had: base is then as it was. */
bool ak_sort_stable(void *base, size_t n, size_t size, bool (*less)(const void *a, const void *b, void *ctx),
                    void *ctx);

#endif
