/* The runtime's stable sort (sort.h). */
#include "sort.h"

#include <stdlib.h>
#include <string.h>

bool ak_sort_stable(void *base, size_t n, size_t size, bool (*less)(const void *a, const void *b, void *ctx),
                    void *ctx)
{
    char *at = base;
    size_t i = 1;
    while (i < n && !less(at + i * size, at + (i - 1) * size, ctx))
        i++;
    if (i >= n)
        return true;
    char *tmp = malloc(n * size);
    if (!tmp)
        return false;
    char *src = at, *dst = tmp;
    for (size_t w = 1; w < n; w *= 2) {
        for (size_t lo = 0; lo < n; lo += 2 * w) {
            size_t mid = lo + w < n ? lo + w : n, hi = lo + 2 * w < n ? lo + 2 * w : n;
            size_t a = lo, c = mid, k = lo;
            while (a < mid && c < hi) {
                bool right = less(src + c * size, src + a * size, ctx);
                memcpy(dst + k++ * size, src + (right ? c++ : a++) * size, size);
            }
            memcpy(dst + k * size, src + a * size, (mid - a) * size);
            k += mid - a;
            memcpy(dst + k * size, src + c * size, (hi - c) * size);
        }
        char *swap = src;
        src = dst;
        dst = swap;
    }
    if (src != at)
        memcpy(at, src, n * size);
    free(tmp);
    return true;
}
