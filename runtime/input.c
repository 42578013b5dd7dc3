/* Input files: mmap for regular files; pipes (and stdin when it is one) are
 * spooled to an unlinked temporary file that is then mapped, so that a huge
 * stream costs page cache, not heap, and validators can drop the pages they
 * have read (runtime/release.h); read() into memory only when no temporary
 * file can be made, and for small regular files (READ_MAX): for them a
 * mapping costs more than the copy (mmap, a page fault per page, munmap),
 * and in a process of several threads (report -j N) every munmap takes the
 * address space's lock and interrupts the other threads' cores to flush
 * their TLBs. */
#include <stdio.h>

#include <animkit/animkit.h>

#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/random.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

enum { KIND_NONE, KIND_MMAP, KIND_MALLOC };

/* Regular files up to this size are read, not mapped (see the top). */
#define READ_MAX ((size_t)256 << 10)

/* Reads fd to its end into memory; `expect` is the size it is expected to
   have (0: unknown), read in one call when the file is as large as said. */
static bool read_all(int fd, ak_file *f, size_t expect, char *why, size_t why_size)
{
    size_t cap = expect ? expect + 1 : (size_t)1 << 16, len = 0;
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
        static const uint8_t empty[1]; /* nothing to map: a valid empty input (never written) */
        f->data = (uint8_t *)empty;
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
        return read_all(fd, f, 0, why, why_size);
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
        size_t size = (size_t)st.st_size;
        ok = (size > READ_MAX && map_fd(fd, size, f)) || read_all(fd, f, size, why, why_size);
    } else if (S_ISREG(st.st_mode)) {
        ok = read_all(fd, f, 0, why, why_size); /* empty, or a /proc file that says so */
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

/* ---- output files ------------------------------------------------------ */

/* "/dev/stdout", "/dev/fd/N", "/proc/self/fd/N": the descriptor N itself
   (what the shell would write to), else -1. */
static int fd_alias(const char *path)
{
    static const char *const prefixes[] = {"/dev/fd/", "/proc/self/fd/"};
    if (strcmp(path, "/dev/stdout") == 0)
        return STDOUT_FILENO;
    if (strcmp(path, "/dev/stderr") == 0)
        return STDERR_FILENO;
    for (size_t i = 0; i < 2; i++) {
        size_t n = strlen(prefixes[i]);
        if (strncmp(path, prefixes[i], n) == 0 && path[n]) {
            char *end;
            long fd = strtol(path + n, &end, 10);
            if (*end == '\0' && fd >= 0 && fd <= INT32_MAX)
                return (int)fd;
        }
    }
    return -1;
}

/* Creates "<target>.tmp-XXXXXX" (six random letters and digits) in
   tmp[0..size) with the given mode (less the umask), as mkstemp does but
   without its fixed 0600. Returns the descriptor, or -1 with errno set. */
static int create_temp(char *tmp, size_t size, const char *target, mode_t mode)
{
    static const char letters[] = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";
    for (int attempt = 0; attempt < 100; attempt++) {
        unsigned char r[6];
        if (getrandom(r, sizeof r, GRND_NONBLOCK) != (ssize_t)sizeof r) {
            /* no entropy yet (early boot): the clock and the attempt */
            struct timespec ts;
            clock_gettime(CLOCK_MONOTONIC, &ts);
            uint64_t x = (uint64_t)ts.tv_nsec * 2654435761u ^ (uint64_t)ts.tv_sec ^ (uint64_t)attempt << 40;
            for (size_t i = 0; i < sizeof r; i++, x >>= 8)
                r[i] = (unsigned char)x;
        }
        char suffix[7];
        for (size_t i = 0; i < 6; i++)
            suffix[i] = letters[r[i] % (sizeof letters - 1)];
        suffix[6] = '\0';
        snprintf(tmp, size, "%s.tmp-%s", target, suffix);
        int fd = open(tmp, O_RDWR | O_CREAT | O_EXCL | O_CLOEXEC, mode);
        if (fd >= 0 || errno != EEXIST)
            return fd;
    }
    errno = EEXIST;
    return -1;
}

static bool fail_why(char *why, size_t why_size, int e)
{
    snprintf(why, why_size, "%s", strerror(e));
    errno = e;
    return false;
}

bool ak_output_open(ak_output *o, const char *path, char *why, size_t why_size)
{
    memset(o, 0, sizeof *o);
    o->fd = -1;
    int alias = strcmp(path, "-") == 0 ? STDOUT_FILENO : fd_alias(path);
    if (alias >= 0) {
        o->fd = alias;
        o->in_place = true;
        o->borrowed = true;
        return true;
    }
    struct stat st;
    bool exists = stat(path, &st) == 0;
    if (exists && S_ISDIR(st.st_mode))
        return fail_why(why, why_size, EISDIR);
    if (exists && !S_ISREG(st.st_mode)) {
        /* a device, a FIFO, a socket: written in place (renaming a regular
           file over /dev/null would replace the system's /dev/null) */
        o->fd = open(path, O_WRONLY | O_CLOEXEC);
        if (o->fd < 0)
            return fail_why(why, why_size, errno);
        o->in_place = true;
        return true;
    }
    /* A regular file or a new path: a temporary file beside it, renamed
       over it on commit. Through a symbolic link, the file the link names is
       replaced, not the link. */
    char *target = NULL;
    struct stat lst;
    if (exists && lstat(path, &lst) == 0 && S_ISLNK(lst.st_mode))
        target = realpath(path, NULL);
    else
        target = strdup(path);
    if (!target)
        return fail_why(why, why_size, errno ? errno : ENOMEM);
    size_t len = strlen(target);
    o->target = target;
    o->tmp = malloc(len + 16);
    if (!o->tmp) {
        free(target);
        o->target = NULL;
        return fail_why(why, why_size, ENOMEM);
    }
    /* an existing file keeps its mode (and, where the caller may, its
       owner), set below; a new one gets 0666 less the umask, which the
       kernel applies (reading the umask would change it for every thread) */
    o->fd = create_temp(o->tmp, len + 16, target, exists ? 0600 : 0666);
    if (o->fd < 0) {
        int e = errno;
        free(o->tmp);
        free(o->target);
        o->tmp = o->target = NULL;
        return fail_why(why, why_size, e);
    }
    if (exists) {
        bool owner = fchown(o->fd, st.st_uid, st.st_gid) == 0;
        fchmod(o->fd, st.st_mode & (owner ? 07777 : 0777)); /* no set-id bits for another owner */
    }
    return true;
}

bool ak_output_write(ak_output *o, const void *data, size_t size, char *why, size_t why_size)
{
    if (o->fd < 0)
        return fail_why(why, why_size, EBADF);
    if (!write_all(o->fd, data, size)) {
        o->failed = true;
        return fail_why(why, why_size, errno);
    }
    return true;
}

void ak_output_abort(ak_output *o)
{
    if (o->tmp) {
        if (o->fd >= 0)
            close(o->fd);
        unlink(o->tmp);
    } else if (o->fd >= 0 && !o->borrowed) {
        close(o->fd);
    }
    free(o->tmp);
    free(o->target);
    memset(o, 0, sizeof *o);
    o->fd = -1;
}

bool ak_output_map(const ak_output *o, ak_input *in, char *why, size_t why_size)
{
    *in = (ak_input){o->target, NULL, 0, false};
    if (!o->tmp || o->fd < 0)
        return fail_why(why, why_size, ESPIPE);
    struct stat st;
    if (fstat(o->fd, &st) != 0)
        return fail_why(why, why_size, errno);
    if ((uint64_t)st.st_size > SIZE_MAX)
        return fail_why(why, why_size, EFBIG);
    if (st.st_size == 0)
        return true;
    /* the temporary file is open for reading too (create_temp); its pages
       are the page cache's, as an input's are */
    ak_file f;
    if (!map_fd(o->fd, (size_t)st.st_size, &f))
        return fail_why(why, why_size, errno);
    *in = (ak_input){o->target, f.data, f.size, true};
    return true;
}

void ak_output_unmap(ak_input *in)
{
    if (in->mapped && in->size)
        munmap((void *)in->data, in->size);
    *in = (ak_input){0};
}

bool ak_output_commit(ak_output *o, char *why, size_t why_size)
{
    if (o->failed) {
        ak_output_abort(o);
        return fail_why(why, why_size, EIO);
    }
    if (!o->tmp) {
        int e = 0;
        if (o->borrowed)
            return true;
        if (close(o->fd) != 0)
            e = errno;
        o->fd = -1;
        ak_output_abort(o);
        return e ? fail_why(why, why_size, e) : true;
    }
    int e = 0;
    if (fsync(o->fd) != 0)
        e = errno;
    if (close(o->fd) != 0 && !e)
        e = errno;
    o->fd = -1;
    if (!e && rename(o->tmp, o->target) != 0)
        e = errno;
    if (e) {
        ak_output_abort(o);
        return fail_why(why, why_size, e);
    }
    free(o->tmp);
    free(o->target);
    memset(o, 0, sizeof *o);
    o->fd = -1;
    return true;
}

bool ak_write_file_atomic(const char *path, const void *data, size_t size, char *why, size_t why_size)
{
    ak_output o;
    if (!ak_output_open(&o, path, why, why_size))
        return false;
    if (!ak_output_write(&o, data, size, why, why_size)) {
        ak_output_abort(&o);
        return false;
    }
    return ak_output_commit(&o, why, why_size);
}
