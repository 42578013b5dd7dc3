#define _GNU_SOURCE /* memfd_create */
#include "fuzz_file.h"

#include "fuzz_support.h"

#include <stdio.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <unistd.h>

static ak_diags *validated(const ak_format *f, const ak_input *in)
{
    ak_options opt = {0};
    ak_diags *d = ak_diags_new(NULL);
    if (!d)
        abort();
    ak_validate(in, f, &opt, d);
    return d;
}

void ak_fuzz_through_file(const ak_format *f, const ak_input *in)
{
    int fd = memfd_create("fuzz", 0);
    if (fd < 0)
        return; /* no memory files here: nothing to compare */
    size_t done = 0;
    while (done < in->size) {
        ssize_t w = write(fd, in->data + done, in->size - done);
        if (w <= 0)
            abort();
        done += (size_t)w;
    }
    char path[64];
    snprintf(path, sizeof path, "/proc/self/fd/%d", fd);
    ak_file file;
    char why[256];
    if (!ak_file_open(&file, path, why, sizeof why)) {
        close(fd);
        return; /* no /proc: nothing to compare */
    }
    ak_input mapped = ak_file_input(&file);
    ak_diags *a = validated(f, &mapped);
    ak_diags *b = validated(f, in);
    if (!ak_fuzz_same_diags(a, b))
        abort(); /* the file and the same bytes in memory validate differently */
    ak_diags_free(a);
    ak_diags_free(b);
    ak_file_close(&file);
    close(fd);
}
