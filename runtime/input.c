/* Input files: mmap for regular files; pipes (and stdin when it is one) are
 * spooled to an unlinked temporary file that is then mapped, so that a huge
 * stream costs page cache, not heap, and validators can drop the pages they
 * have read (runtime/release.h); read() into memory only when no temporary
 * file can be made. */
#include <stdio.h>

#include <animkit/animkit.h>

#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

enum { KIND_NONE, KIND_MMAP, KIND_MALLOC };

static bool read_all(int fd, ak_file *f, char *why, size_t why_size)
{
    size_t cap = 1 << 16, len = 0;
    uint8_t *buf = malloc(cap);
    if (!buf) {
        snprintf(why, why_size, "out of memory");
        return false;
    }
    for (;;) {
        if (len == cap) {
            if (cap > SIZE_MAX / 2) {
                free(buf);
                errno = EFBIG;
                snprintf(why, why_size, "input too large");
                return false;
            }
            uint8_t *nb = realloc(buf, cap * 2);
            if (!nb) {
                free(buf);
                snprintf(why, why_size, "out of memory");
                return false;
            }
            buf = nb;
            cap *= 2;
        }
        ssize_t n = read(fd, buf + len, cap - len);
        if (n < 0) {
            if (errno == EINTR)
                continue;
            int e = errno;
            free(buf);
            snprintf(why, why_size, "%s", strerror(e));
            errno = e;
            return false;
        }
        if (n == 0)
            break;
        len += (size_t)n;
    }
    f->data = buf;
    f->size = len;
    f->kind = KIND_MALLOC;
    return true;
}

/* Maps size bytes of fd; false when mmap fails. */
static bool map_fd(int fd, size_t size, ak_file *f)
{
    void *p = mmap(NULL, size, PROT_READ, MAP_PRIVATE, fd, 0);
    if (p == MAP_FAILED)
        return false;
    madvise(p, size, MADV_SEQUENTIAL);
    f->data = p;
    f->size = size;
    f->kind = KIND_MMAP;
    return true;
}

/* A stream: copied to a temporary file, which is mapped. 0: done, 1: no
 * temporary file (nothing read yet), -1: failed (reported). */
static int spool(int fd, ak_file *f, char *why, size_t why_size)
{
    FILE *tmp = tmpfile();
    if (!tmp)
        return 1;
    enum { CHUNK = 1 << 20 };
    uint8_t *buf = malloc(CHUNK);
    size_t total = 0;
    int e = 0;
    while (buf) {
        ssize_t n = read(fd, buf, CHUNK);
        if (n < 0 && errno == EINTR)
            continue;
        if (n < 0) {
            e = errno;
            break;
        }
        if (n == 0)
            break;
        if (fwrite(buf, 1, (size_t)n, tmp) != (size_t)n) {
            e = errno ? errno : EIO;
            break;
        }
        total += (size_t)n;
    }
    if (!buf)
        e = ENOMEM;
    free(buf);
    if (!e && fflush(tmp) != 0)
        e = errno ? errno : EIO;
    bool ok = !e && (total == 0 || map_fd(fileno(tmp), total, f));
    if (!ok && !e)
        e = errno ? errno : ENOMEM;
    if (ok && total == 0) {
        static uint8_t empty[1]; /* nothing to map: a valid empty input */
        f->data = empty;
        f->size = 0;
        f->kind = KIND_NONE;
    }
    fclose(tmp); /* the mapping stays valid; the file is gone with it */
    if (!ok) {
        snprintf(why, why_size, "%s", strerror(e));
        errno = e;
        return -1;
    }
    return 0;
}

/* A file descriptor that is not a regular file (a pipe, a terminal). */
static bool read_stream(int fd, ak_file *f, char *why, size_t why_size)
{
    int r = spool(fd, f, why, why_size);
    if (r == 1)
        return read_all(fd, f, why, why_size);
    return r == 0;
}

bool ak_file_open(ak_file *f, const char *path, char *why, size_t why_size)
{
    memset(f, 0, sizeof *f);
    f->name = path;
    if (strcmp(path, "-") == 0) {
        struct stat st;
        if (fstat(STDIN_FILENO, &st) == 0 && S_ISREG(st.st_mode) && st.st_size > 0 &&
            (uint64_t)st.st_size <= SIZE_MAX && lseek(STDIN_FILENO, 0, SEEK_CUR) == 0 &&
            map_fd(STDIN_FILENO, (size_t)st.st_size, f))
            return true; /* `< file`: mapped like a named file */
        return read_stream(STDIN_FILENO, f, why, why_size);
    }
    int fd = open(path, O_RDONLY | O_CLOEXEC);
    if (fd < 0) {
        int e = errno;
        snprintf(why, why_size, "%s", strerror(e));
        errno = e;
        return false;
    }
    struct stat st;
    if (fstat(fd, &st) != 0) {
        int e = errno;
        close(fd);
        snprintf(why, why_size, "%s", strerror(e));
        errno = e;
        return false;
    }
    if (S_ISDIR(st.st_mode)) {
        close(fd);
        snprintf(why, why_size, "is a directory");
        errno = EISDIR;
        return false;
    }
    bool ok;
    if (S_ISREG(st.st_mode) && st.st_size > 0) {
        if ((uint64_t)st.st_size > SIZE_MAX) {
            close(fd);
            snprintf(why, why_size, "file too large");
            errno = EFBIG;
            return false;
        }
        ok = map_fd(fd, (size_t)st.st_size, f) || read_all(fd, f, why, why_size);
    } else if (S_ISREG(st.st_mode)) {
        ok = read_all(fd, f, why, why_size); /* empty, or a /proc file that says so */
    } else {
        ok = read_stream(fd, f, why, why_size);
    }
    int e = errno;
    close(fd);
    errno = e;
    return ok;
}

void ak_file_close(ak_file *f)
{
    if (f->kind == KIND_MMAP)
        munmap(f->data, f->size);
    else if (f->kind == KIND_MALLOC)
        free(f->data);
    f->data = NULL;
    f->size = 0;
    f->kind = KIND_NONE;
}

/* mkstemp creates 0600; give the output the usual mode (0666 less umask). */
static void fchmod_default(const char *path)
{
    mode_t mask = umask(0);
    umask(mask);
    chmod(path, 0666 & ~mask);
}

ak_input ak_file_input(const ak_file *f)
{
    ak_input in = {f->name, f->data, f->size, f->kind == KIND_MMAP};
    return in;
}

static bool write_all(int fd, const void *data, size_t size)
{
    const uint8_t *p = data;
    while (size) {
        ssize_t n = write(fd, p, size);
        if (n < 0) {
            if (errno == EINTR)
                continue;
            return false;
        }
        p += n;
        size -= (size_t)n;
    }
    return true;
}

bool ak_out_open(ak_out *o, const char *path, char *why, size_t why_size)
{
    memset(o, 0, sizeof *o);
    o->fd = -1;
    if (strcmp(path, "-") == 0) {
        o->fd = STDOUT_FILENO;
        return true;
    }
    size_t len = strlen(path);
    o->path = strdup(path);
    o->tmp = malloc(len + 16);
    if (!o->path || !o->tmp) {
        snprintf(why, why_size, "out of memory");
        ak_out_abort(o);
        return false;
    }
    /* The temporary file sits beside the target so that rename() is atomic. */
    snprintf(o->tmp, len + 16, "%s.tmp-XXXXXX", path);
    o->fd = mkstemp(o->tmp);
    if (o->fd < 0) {
        snprintf(why, why_size, "%s", strerror(errno));
        free(o->tmp);
        o->tmp = NULL; /* nothing to remove */
        ak_out_abort(o);
        return false;
    }
    return true;
}

bool ak_out_write(ak_out *o, const void *data, size_t size)
{
    if (o->failed)
        return false;
    if (!write_all(o->fd, data, size)) {
        o->failed = true;
        o->error = errno ? errno : EIO;
    }
    return !o->failed;
}

bool ak_out_commit(ak_out *o, char *why, size_t why_size)
{
    if (!o->tmp) { /* standard output */
        bool ok = !o->failed;
        if (!ok)
            snprintf(why, why_size, "%s", strerror(o->error));
        ak_out_abort(o);
        return ok;
    }
    int e = o->error;
    bool ok = !o->failed;
    if (ok && fsync(o->fd) != 0) {
        ok = false;
        e = errno;
    }
    if (close(o->fd) != 0 && ok) {
        ok = false;
        e = errno;
    }
    o->fd = -1;
    if (ok) {
        fchmod_default(o->tmp);
        if (rename(o->tmp, o->path) != 0) {
            ok = false;
            e = errno;
        } else {
            free(o->tmp);
            o->tmp = NULL; /* renamed: nothing to remove */
        }
    }
    if (!ok)
        snprintf(why, why_size, "%s", strerror(e));
    ak_out_abort(o);
    return ok;
}

void ak_out_abort(ak_out *o)
{
    if (o->tmp) {
        if (o->fd >= 0)
            close(o->fd);
        unlink(o->tmp);
    }
    free(o->tmp);
    free(o->path);
    o->tmp = o->path = NULL;
    o->fd = -1;
}

bool ak_write_file_atomic(const char *path, const void *data, size_t size, char *why, size_t why_size)
{
    ak_out o;
    if (!ak_out_open(&o, path, why, why_size))
        return false;
    ak_out_write(&o, data, size);
    return ak_out_commit(&o, why, why_size);
}
