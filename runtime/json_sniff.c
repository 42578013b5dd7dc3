#include "json_sniff.h"

#include <string.h>

#define AK_JSON_SNIFF_WINDOW 65536

static bool contains(const uint8_t *data, size_t n, const char *needle)
{
    size_t len = strlen(needle);
    for (size_t j = 0; j + len <= n; j++)
        if (data[j] == (uint8_t)needle[0] && memcmp(data + j, needle, len) == 0)
            return true;
    return false;
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
