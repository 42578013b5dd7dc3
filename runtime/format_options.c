/* ak_options.format_options: "name=value,name,..." (see format_options.h). */
#include "format_options.h"

#include <string.h>

const char *ak_format_option(const ak_options *opt, const char *name, size_t *len)
{
    const char *s = opt ? opt->format_options : NULL;
    const char *found = NULL;
    size_t n = strlen(name);
    while (s && *s) {
        const char *end = strchr(s, ',');
        size_t item = end ? (size_t)(end - s) : strlen(s);
        if (item >= n && strncmp(s, name, n) == 0 && (item == n || s[n] == '=')) {
            found = item == n ? s + n : s + n + 1;
            *len = item == n ? 0 : item - n - 1;
        }
        s = end ? end + 1 : NULL;
    }
    return found;
}

bool ak_format_option_u64(const ak_options *opt, const char *name, uint64_t *value)
{
    size_t len;
    const char *v = ak_format_option(opt, name, &len);
    if (!v)
        return true;
    uint64_t x = 0;
    size_t i = 0;
    for (; i < len && v[i] >= '0' && v[i] <= '9'; i++) {
        if (x > (UINT64_MAX - (uint64_t)(v[i] - '0')) / 10)
            return false;
        x = x * 10 + (uint64_t)(v[i] - '0');
    }
    if (i == 0)
        return false;
    if (i + 1 == len) {
        int shift = v[i] == 'K' ? 10 : v[i] == 'M' ? 20 : v[i] == 'G' ? 30 : -1;
        if (shift < 0 || x > UINT64_MAX >> shift)
            return false;
        x <<= shift;
        i++;
    }
    if (i != len)
        return false;
    *value = x;
    return true;
}
