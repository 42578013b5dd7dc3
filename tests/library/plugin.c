/* A plug-in: a shared object with libanimkit.a linked in, as a Maya or
 * Blender plug-in or an asset server module would embed it. Returns the
 * number of errors in data, or -1 when the format is not recognised. */
#include <animkit/animkit.h>

__attribute__((visibility("default"))) int plugin_errors(const char *name, const char *data, size_t size);

int plugin_errors(const char *name, const char *data, size_t size)
{
    ak_diags *d = ak_diags_new(NULL);
    if (!d)
        return -2;
    ak_options opt = {0};
    ak_input in = {name, (const uint8_t *)data, size, false};
    int errors = ak_validate(&in, NULL, &opt, d) ? (int)ak_diags_errors(d) : -1;
    ak_diags_free(d);
    return errors;
}
