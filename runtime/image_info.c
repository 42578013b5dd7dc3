/* Image headers (image_info.h). */
#include "image_info.h"

#include <string.h>

static int b64_value(char ch)
{
    if (ch >= 'A' && ch <= 'Z')
        return ch - 'A';
    if (ch >= 'a' && ch <= 'z')
        return ch - 'a' + 26;
    if (ch >= '0' && ch <= '9')
        return ch - '0' + 52;
    return ch == '+' ? 62 : ch == '/' ? 63 : -1;
}

size_t ak_base64_decode_prefix(const char *text, size_t len, uint8_t *out, size_t cap)
{
    uint32_t acc = 0;
    int bits = 0;
    size_t n = 0;
    for (size_t i = 0; i < len && n < cap; i++) {
        if (text[i] == '\\' && i + 1 < len && text[i + 1] == '/')
            continue;
        int v = b64_value(text[i]);
        if (v < 0)
            break;
        acc = acc << 6 | (uint32_t)v;
        if ((bits += 6) >= 8) {
            bits -= 8;
            out[n++] = (uint8_t)(acc >> bits);
        }
    }
    return n;
}

static uint32_t be16(const uint8_t *p) { return (uint32_t)p[0] << 8 | p[1]; }
static uint32_t le16(const uint8_t *p) { return (uint32_t)p[1] << 8 | p[0]; }
static uint32_t be32(const uint8_t *p) { return be16(p) << 16 | be16(p + 2); }
static uint32_t le32(const uint8_t *p) { return le16(p + 2) << 16 | le16(p); }

/* A JPEG's size is in its frame header (SOF0-SOF15 but DHT, JPG and DAC). */
static bool jpeg_size(const uint8_t *d, size_t n, ak_image_info *info)
{
    size_t i = 2;
    while (i + 9 <= n && d[i] == 0xff) {
        uint8_t m = d[i + 1];
        if (m == 0xff) {
            i++;
            continue;
        }
        if (m >= 0xc0 && m <= 0xcf && m != 0xc4 && m != 0xc8 && m != 0xcc) {
            info->height = be16(d + i + 5);
            info->width = be16(d + i + 7);
            return true;
        }
        if (m == 0xd8 || (m >= 0xd0 && m <= 0xd7) || m == 0x01) {
            i += 2;
            continue;
        }
        i += 2 + be16(d + i + 2);
    }
    return false;
}

bool ak_image_info_read(const uint8_t *d, size_t n, ak_image_info *info)
{
    memset(info, 0, sizeof *info);
    if (n >= 24 && memcmp(d, "\x89PNG\r\n\x1a\n", 8) == 0 && memcmp(d + 12, "IHDR", 4) == 0) {
        *info = (ak_image_info){"png", be32(d + 16), be32(d + 20)};
        return true;
    }
    if (n >= 10 && (memcmp(d, "GIF87a", 6) == 0 || memcmp(d, "GIF89a", 6) == 0)) {
        *info = (ak_image_info){"gif", le16(d + 6), le16(d + 8)};
        return true;
    }
    if (n >= 26 && d[0] == 'B' && d[1] == 'M') {
        if (le32(d + 14) == 12)
            *info = (ak_image_info){"bmp", le16(d + 18), le16(d + 20)};
        else
            *info = (ak_image_info){"bmp", (int32_t)le32(d + 18), (int32_t)le32(d + 22)};
        if (info->height < 0) /* top-down rows */
            info->height = -info->height;
        return true;
    }
    if (n >= 4 && d[0] == 0xff && d[1] == 0xd8 && jpeg_size(d, n, info)) {
        info->format = "jpeg";
        return true;
    }
    return false;
}
