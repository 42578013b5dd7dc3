#define _GNU_SOURCE /* memfd_create, F_GETPIPE_SZ */
#include "fuzz_file.h"

#include "fuzz_support.h"

#include <fcntl.h>
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

static bool write_all(int fd, const uint8_t *data, size_t size)
{
    size_t done = 0;
    while (done < size) {
        ssize_t w = write(fd, data + done, size - done);
        if (w <= 0)
            return false;
        done += (size_t)w;
    }
    return true;
}

/* The input in a descriptor the command line could have been given: a
 * memory file (a regular file: mapped), or a pipe holding all of it (read
 * and spooled: the pipe's capacity is checked first, so that writing never
 * waits for a reader); -1 when the system has neither. */
static int descriptor_of(const ak_input *in, bool pipe_it)
{
    if (pipe_it) {
        int p[2];
        if (pipe(p) != 0)
            return -1;
        int capacity = fcntl(p[1], F_GETPIPE_SZ);
        if (capacity < 0 || (size_t)capacity < in->size || !write_all(p[1], in->data, in->size)) {
            close(p[0]);
            close(p[1]);
            return -1;
        }
        close(p[1]);
        return p[0];
    }
    int fd = memfd_create("fuzz", 0);
    if (fd >= 0 && !write_all(fd, in->data, in->size)) {
        close(fd);
        return -1;
    }
    return fd;
}

void ak_fuzz_through_file(const ak_format *f, const ak_input *in, bool pipe_it)
{
    int fd = descriptor_of(in, pipe_it);
    if (fd < 0)
        return; /* nothing to compare */
    char path[64];
    snprintf(path, sizeof path, "/proc/self/fd/%d", fd);
    ak_file file;
    char why[256];
    if (!ak_file_open(&file, path, why, sizeof why)) {
        close(fd);
        return; /* no /proc: nothing to compare */
    }
    ak_input read_back = ak_file_input(&file);
    ak_diags *a = validated(f, &read_back);
    ak_diags *b = validated(f, in);
    if (!ak_fuzz_same_diags(a, b))
        abort(); /* the file and the same bytes in memory validate differently */
    ak_diags_free(a);
    ak_diags_free(b);
    ak_file_close(&file);
    close(fd);
}

/* The folder of write_through's files: one per process, removed at exit. */
static char out_dir[64];

static void remove_out_dir(void)
{
    rmdir(out_dir);
}

void ak_fuzz_write_through(const uint8_t *data, size_t size)
{
    if (!out_dir[0]) {
        snprintf(out_dir, sizeof out_dir, "/tmp/animkit-fuzz-XXXXXX");
        if (!mkdtemp(out_dir)) {
            out_dir[0] = '\0';
            return;
        }
        atexit(remove_out_dir);
    }
    char path[96], why[256];
    snprintf(path, sizeof path, "%s/out", out_dir);
    if (!ak_write_file_atomic(path, data, size, why, sizeof why))
        return; /* a full disk is no finding */
    ak_file file;
    if (!ak_file_open(&file, path, why, sizeof why))
        abort(); /* what was written cannot be read */
    if (file.size != size || (size && memcmp(file.data, data, size) != 0))
        abort(); /* the file holds other bytes than were written */
    ak_file_close(&file);
    unlink(path);
}
