/* Formats animkit recognises but cannot check yet. A file of one of them
 * is reported as such (animkit.input.unsupported-format, exit 2), never
 * checked as something else.
 *
 * Each row is an ak_format with only its id, name, extensions and sniffer.
 * When a format lands in formats/<id>/, its row and sniffer move there;
 * until the row is deleted, the built-in format of the same id replaces it
 * (runtime/registry.c), so the two can land in either order. */
#include <animkit/animkit.h>

/* None at the moment: Prime ANIM and Glaxnimate have landed. */
const ak_format *const ak_planned_formats[] = {NULL};
