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

static uint32_t be32(const uint8_t *p)
{
    return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 | (uint32_t)p[2] << 8 | (uint32_t)p[3];
}

/* ../shared/specs/prime-anim.md §1.2: no magic; the first big-endian u32
 * is the version. Version 2 has Metroid Prime's constant u32 1 at 0x0C or
 * Prime 2's bytes 01 01 at 8: content evidence. Version 0 has nothing
 * more to go on at the start: a weak score that only decides between the
 * formats an extension names (`.anim` is also Maya's, whose files start
 * with text). */
static int primeanim_sniff(const uint8_t *p, size_t n)
{
    if (n < 4)
        return AK_SNIFF_NO;
    uint32_t version = be32(p);
    if (version == 2 && ((n >= 0x10 && be32(p + 0x0C) == 1) || (n >= 0x0A && p[8] == 1 && p[9] == 1)))
        return AK_SNIFF_CONTENT;
    if (version == 0 && n >= 8)
        return AK_SNIFF_CONTENT - 30;
    return AK_SNIFF_NO;
}

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

static const char *const primeanim_extensions[] = {".anim", NULL};
static const char *const glaxnimate_extensions[] = {".rawr", NULL};

static const ak_format primeanim = {
    .id = "primeanim",
    .name = "Metroid Prime ANIM",
    .extensions = primeanim_extensions,
    .text = false,
    .sniff = primeanim_sniff,
    .planned = true,
};

static const ak_format glaxnimate = {
    .id = "glaxnimate",
    .name = "Glaxnimate",
    .extensions = glaxnimate_extensions,
    .text = true,
    .sniff = glaxnimate_sniff,
    .planned = true,
};

const ak_format *const ak_planned_formats[] = {&primeanim, &glaxnimate, NULL};
