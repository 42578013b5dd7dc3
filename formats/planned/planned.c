/* Formats animkit recognises but cannot check yet. A file of one of them
 * is reported as such (animkit.input.unsupported-format, exit 2), never
 * checked as something else: a Glaxnimate `.rawr` is JSON, but passing it
 * as valid plain JSON would say nothing about it.
 *
 * Each row is an ak_format with only its id, name, extensions and sniffer.
 * When a format lands in formats/<id>/, its row and sniffer move there;
 * until the row is deleted, the built-in format of the same id replaces it
 * (runtime/registry.c), so the two can land in either order. */
#include <animkit/animkit.h>

#include <string.h>

static bool contains(const uint8_t *data, size_t n, const char *needle)
{
    size_t len = strlen(needle);
    for (size_t j = 0; j + len <= n; j++)
        if (data[j] == needle[0] && memcmp(data + j, needle, len) == 0)
            return true;
    return false;
}

/* ../shared/specs/glaxnimate.md §1: a JSON object whose objects carry
 * "__type__" members (the "format" object with "format_version" may come
 * after a large "animation"; a Lottie file has neither). */
static int glaxnimate_sniff(const uint8_t *p, size_t n)
{
    size_t i = 0;
    if (n >= 3 && p[0] == 0xef && p[1] == 0xbb && p[2] == 0xbf)
        i = 3;
    while (i < n && (p[i] == ' ' || p[i] == '\t' || p[i] == '\r' || p[i] == '\n'))
        i++;
    if (i >= n || p[i] != '{')
        return AK_SNIFF_NO;
    size_t window = n < 65536 ? n : 65536;
    if (contains(p + i, window - i, "\"__type__\"") || contains(p + i, window - i, "\"format_version\""))
        return AK_SNIFF_CONTENT;
    return AK_SNIFF_NO;
}

static const char *const glaxnimate_extensions[] = {".rawr", NULL};

static const ak_format glaxnimate = {
    .id = "glaxnimate",
    .name = "Glaxnimate",
    .extensions = glaxnimate_extensions,
    .text = true,
    .sniff = glaxnimate_sniff,
    .planned = true,
};

const ak_format *const ak_planned_formats[] = {&glaxnimate, NULL};
