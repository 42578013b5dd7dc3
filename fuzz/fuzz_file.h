/* The file path of a harness: bytes read through ak_file_open and written
 * through ak_write_file_atomic (issue 31).
 *
 * A harness is given bytes in memory; the command line reads files: mapped
 * (ak_file_open), with the pages of what was validated released as it goes
 * (runtime/release.c), or, from a pipe, spooled first (runtime/input.c);
 * and writes its outputs atomically. */
#ifndef AK_FUZZ_FILE_H
#define AK_FUZZ_FILE_H

#include <animkit/animkit.h>

#include <stdbool.h>

/* Writes the input into an anonymous memory file (or, with pipe_it, a pipe)
 * and validates it through /proc/self/fd/N as the command line does; the
 * diagnostics must equal those of the same validation from memory, else
 * abort. */
void ak_fuzz_through_file(const ak_format *f, const ak_input *in, bool pipe_it);

/* Writes data to a file with ak_write_file_atomic (in a folder of its own)
 * and reads it back; other bytes than data abort. */
void ak_fuzz_write_through(const uint8_t *data, size_t size);

#endif
