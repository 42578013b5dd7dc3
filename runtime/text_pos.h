/* Where a byte of a text is: its 1-based line and byte column, counted
 * from the last place asked for (cheap for offsets asked in increasing
 * order, as diagnostics come). Shared by the diagnostics engine, the JSON
 * front end and the checks that find a place after their pass (a
 * Glaxnimate file's first byte out of layout). */
#ifndef AK_RUNTIME_TEXT_POS_H
#define AK_RUNTIME_TEXT_POS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef struct ak_text_pos {
    size_t offset;
    uint32_t line, column;
} ak_text_pos;

#define AK_TEXT_POS_START ((ak_text_pos){0, 1, 1})

/* Moves pos to offset (at most size) in data, from the start again when
 * offset is before it. mapped: data is a read-only file mapping
 * (ak_input.mapped) whose pages a pass has released: those counted go
 * again, a MiB at a time (a diagnostic at the end of a 100 MB file brought
 * every page back: 100 MiB). */
void ak_text_pos_at(ak_text_pos *pos, const uint8_t *data, size_t size, size_t offset, bool mapped);

#endif
