/* The file path of a harness: bytes read through ak_file_open (issue 31).
 *
 * A harness is given bytes in memory; the command line reads files:
 * mapped (ak_file_open), with the pages of what was validated released as
 * it goes (runtime/release.c). This writes the input into an anonymous
 * memory file and validates it through /proc/self/fd/N as the command line
 * does; the diagnostics must equal those of the same validation from
 * memory, else abort. */
#ifndef AK_FUZZ_FILE_H
#define AK_FUZZ_FILE_H

#include <animkit/animkit.h>

void ak_fuzz_through_file(const ak_format *f, const ak_input *in);

#endif
