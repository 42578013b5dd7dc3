/* Content evidence of a JSON format (a sniffer's helper): the text is an
 * object (after an optional BOM and whitespace) whose first 64 KiB hold one
 * of some quoted member names and none of others. It reads no further, so
 * a format whose telling member comes later is still claimed by its
 * extension. */
#ifndef AK_RUNTIME_JSON_SNIFF_H
#define AK_RUNTIME_JSON_SNIFF_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* any, none: NULL-terminated lists of names with their quotes ("\"tracks\"");
 * none may be NULL. */
bool ak_json_sniff_members(const uint8_t *data, size_t size, const char *const *any, const char *const *none);

/* The first occurrence of the len bytes of needle in data[0..n), or NULL
 * (len 0: data). Made for quoted names in JSON text, which is full of
 * quotes: the search goes by the needle's second byte. */
const uint8_t *ak_json_find(const uint8_t *data, size_t n, const char *needle, size_t len);

#endif
