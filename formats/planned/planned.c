/* Formats animkit recognises but cannot check yet. A file of one of them
 * is reported as such (animkit.input.unsupported-format, exit 2), never
 * checked as something else.
 *
 * Each row is an ak_format with only its id, name, extensions and sniffer.
 * When a format lands in formats/<id>/, its row and sniffer move there;
 * until the row is deleted, the built-in format of the same id replaces it
 * (runtime/registry.c), so the two can land in either order. */
#include <animkit/animkit.h>

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

static const char *const primeanim_extensions[] = {".anim", NULL};

static const ak_format primeanim = {
    .id = "primeanim",
    .name = "Metroid Prime ANIM",
    .extensions = primeanim_extensions,
    .text = false,
    .sniff = primeanim_sniff,
    .planned = true,
};

const ak_format *const ak_planned_formats[] = {&primeanim, NULL};
