/* Releasing consumed pages of a read-only file mapping (maya_release.c). */
#ifndef AK_MAYA_RELEASE_H
#define AK_MAYA_RELEASE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef struct maya_release {
    const uint8_t *data;
    uintptr_t from, end; /* end == 0: nothing to release */
    size_t next;         /* call maya_release_progress() at this offset */
} maya_release;

void maya_release_init(maya_release *r, const uint8_t *data, size_t size);
void maya_release_progress(maya_release *r, size_t offset);

#endif
