/* Settings of the format being read: ak_options.format_options, a list
 * "name=value,name,...". A format reads the names it knows (Metroid Prime
 * ANIM: game=, s32_totals, its limits); generated code reads the options
 * that the declaration names (`limit size N @code option NAME`). */
#ifndef AK_FORMAT_OPTIONS_H
#define AK_FORMAT_OPTIONS_H

#include <animkit/animkit.h>

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* The value of option `name`: NULL when it is absent; *len is the value's
 * length (0 for a bare name). The last occurrence wins. */
const char *ak_format_option(const ak_options *opt, const char *name, size_t *len);

/* An unsigned count: decimal digits, optionally followed by K, M or G
 * (times 2^10, 2^20, 2^30). True with *value set, or unchanged when the
 * option is absent; false when it is malformed or beyond 64 bits. */
bool ak_format_option_u64(const ak_options *opt, const char *name, uint64_t *value);

#endif
