/* The kind and pixel size of embedded image data, read from its header
 * (a validator's helper: Glaxnimate's Bitmap keeps format, width and height
 * next to its base64 data). Only the header is read: a few bytes of PNG,
 * GIF and BMP, and the segments of a JPEG up to its frame header. */
#ifndef AK_RUNTIME_IMAGE_INFO_H
#define AK_RUNTIME_IMAGE_INFO_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef struct ak_image_info {
    const char *format; /* Qt's name of the kind: "png", "jpeg", "gif", "bmp" */
    int64_t width, height;
} ak_image_info;

/* Decodes the base64 text (padded or not; stops at '=' or at the first
 * character outside the alphabet; JSON's "\/" is read as '/') into out;
 * returns the bytes written, at most cap. */
size_t ak_base64_decode_prefix(const char *text, size_t len, uint8_t *out, size_t cap);

/* The image header at the start of data; false when it is none of the
 * kinds above or ends before the size. */
bool ak_image_info_read(const uint8_t *data, size_t size, ak_image_info *info);

#endif
