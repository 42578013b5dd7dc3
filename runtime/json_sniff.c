#include "json_sniff.h"

#include <string.h>

#define AK_JSON_SNIFF_WINDOW 65536

/* The needles are quoted names, and JSON is full of quotes: the search
   goes by the name's first letter with memchr (which is vectorised), then
   compares what is around it. */
const uint8_t *ak_json_find(const uint8_t *data, size_t n, const char *needle, size_t len)
{
    if (len < 2)
        return len == 0 ? data : memchr(data, needle[0], n);
    if (n < len)
        return NULL;
    const uint8_t *p = data + 1, *last = data + n - len + 1; /* where needle[1] can be */
    while (p <= last && (p = memchr(p, (uint8_t)needle[1], (size_t)(last - p) + 1)) != NULL) {
        if (p[-1] == (uint8_t)needle[0] && memcmp(p + 1, needle + 2, len - 2) == 0)
            return p - 1;
        p++;
    }
    return NULL;
}

/* Whether needle (a C string) occurs in data[0..n). */
static bool contains(const uint8_t *data, size_t n, const char *needle)
{
    return ak_json_find(data, n, needle, strlen(needle)) != NULL;
}

static bool contains_one(const uint8_t *data, size_t n, const char *const *names)
{
    for (; names && *names; names++)
        if (contains(data, n, *names))
            return true;
    return false;
}

bool ak_json_sniff_members(const uint8_t *data, size_t size, const char *const *any, const char *const *none)
{
    size_t i = 0;
    if (size >= 3 && data[0] == 0xef && data[1] == 0xbb && data[2] == 0xbf)
        i = 3;
    while (i < size && (data[i] == ' ' || data[i] == '\t' || data[i] == '\r' || data[i] == '\n'))
        i++;
    if (i >= size || data[i] != '{')
        return false;
    size_t n = size < AK_JSON_SNIFF_WINDOW ? size : AK_JSON_SNIFF_WINDOW;
    return !contains_one(data + i, n - i, none) && contains_one(data + i, n - i, any);
}
