/* Format settings (format_options.h). */
#include "format_options.h"

#include <string.h>

const char *ak_format_option(const ak_options *opt, const char *name, size_t *len)
{
    const char *s = opt ? opt->format_options : NULL;
    size_t n = strlen(name);
    while (s && *s) {
        const char *end = strchr(s, ',');
        size_t item = end ? (size_t)(end - s) : strlen(s);
        if (item >= n && strncmp(s, name, n) == 0 && (item == n || s[n] == '=')) {
            *len = item == n ? 0 : item - n - 1;
            return item == n ? s + n : s + n + 1;
        }
        s = end ? end + 1 : NULL;
    }
    return NULL;
}
