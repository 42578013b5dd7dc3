/* ak_options.format_options ("name=value,name,..."): the settings of the
 * format being read. */
#ifndef AK_RUNTIME_FORMAT_OPTIONS_H
#define AK_RUNTIME_FORMAT_OPTIONS_H

#include <animkit/animkit.h>

/* The value of setting `name` (its length in *len; "" for a bare name),
 * NULL when it is not set. */
const char *ak_format_option(const ak_options *opt, const char *name, size_t *len);

#endif
