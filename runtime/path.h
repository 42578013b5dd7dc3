/* Diagnostic paths: JSON Pointers (RFC 6901) for JSON, the same shape for
 * binary field paths (/left_hand/joints/3/pos_x/keys/17/time). A stack of
 * segments with O(1) push and pop. */
#ifndef AK_RUNTIME_PATH_H
#define AK_RUNTIME_PATH_H

#include <animkit/animkit.h>

typedef struct ak_path {
    ak_buf text;
    size_t *marks; /* text length before each segment */
    size_t depth, cap;
} ak_path;

void ak_path_init(ak_path *p);
void ak_path_free(ak_path *p);
/* Appends "/" + key with '~' -> "~0" and '/' -> "~1". */
bool ak_path_push_key(ak_path *p, const char *key, size_t n);
bool ak_path_push_index(ak_path *p, uint64_t index);
void ak_path_pop(ak_path *p);
/* Replaces the last segment by an index (array walking). */
bool ak_path_set_index(ak_path *p, uint64_t index);
/* "" for the whole document. */
const char *ak_path_str(ak_path *p);

#endif
