/* report --cache (report_cache.h). Layout: DIR/animkit-cache-1/XX/REST,
 * XX and REST the hex digits of the key; an entry is three parts:
 *
 *   animkit cache 1 <key>\n       whose entry it is (a foreign one: another key)
 *   <result>\n                    a JSON object (report_record_write)
 *   <BLAKE2b-256 of result>\n     the end: present and right only if whole
 *
 * A hit on an entry older than a day sets its modification time to now, so
 * that trimming (--cache-max) removes the entries least recently used (to
 * the day: a syscall that writes the inode on every hit would cost more
 * than a hit saves on a small file). Temporary files are XX/tmp-*, beside
 * the entry they become; one older than a day is a crash's and goes at the
 * next trim. */
#include "report_cache.h"

#include "blake2b.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#define CACHE_LAYOUT "animkit-cache-1"
#define ENTRY_MAX (64u << 20) /* a result is at most a few MiB (1,000 diagnostics of 4 KiB texts) */

struct report_cache {
    char *root; /* DIR/animkit-cache-1 */
    uint8_t prefix[32]; /* the hash of version and options, the key's first part */
    uint64_t max_bytes;
    pthread_mutex_t mu;
    size_t hits, misses, torn, written;
    unsigned long serial; /* temporary names */
    atomic_bool made[256]; /* the subfolders this process has made sure of */
};

report_cache *report_cache_open(const char *dir, const char *options, uint64_t max_bytes, char *why,
                                size_t why_size)
{
    if (mkdir(dir, 0777) != 0 && errno != EEXIST) {
        snprintf(why, why_size, "%s", strerror(errno));
        return NULL;
    }
    report_cache *c = calloc(1, sizeof *c);
    size_t n = strlen(dir) + sizeof CACHE_LAYOUT + 2;
    if (!c || !(c->root = malloc(n))) {
        free(c);
        snprintf(why, why_size, "out of memory");
        return NULL;
    }
    snprintf(c->root, n, "%s/%s", dir, CACHE_LAYOUT);
    struct stat st;
    if ((mkdir(c->root, 0777) != 0 && errno != EEXIST) || stat(c->root, &st) != 0 || !S_ISDIR(st.st_mode) ||
        access(c->root, W_OK | X_OK) != 0) {
        snprintf(why, why_size, "%s", strerror(errno ? errno : ENOTDIR));
        free(c->root);
        free(c);
        return NULL;
    }
    blake2b s;
    blake2b_init(&s);
    static const char head[] = "animkit cache 1\nversion " AK_VERSION "\noptions ";
    blake2b_add(&s, head, sizeof head - 1);
    blake2b_add(&s, options, strlen(options) + 1);
    blake2b_finish(&s, c->prefix);
    c->max_bytes = max_bytes;
    pthread_mutex_init(&c->mu, NULL);
    return c;
}

void report_cache_key(const report_cache *c, const char *path, const uint8_t *data, size_t size, uint8_t key[32])
{
    uint8_t content[32];
    blake2b_of(data, size, content);
    blake2b s;
    blake2b_init(&s);
    blake2b_add(&s, c->prefix, sizeof c->prefix);
    /* the formats the name names: detection weighs the extension */
    for (size_t i = 0; i < ak_format_count(); i++) {
        const ak_format *f = ak_format_at(i);
        if (ak_format_has_extension(f, path)) {
            blake2b_add(&s, f->id, strlen(f->id));
            blake2b_add(&s, ",", 1);
        }
    }
    blake2b_add(&s, "\n", 1);
    blake2b_add(&s, content, sizeof content);
    blake2b_finish(&s, key);
}

static void entry_path(const report_cache *c, const uint8_t key[32], char *out, size_t n, char hex[65])
{
    blake2b_hex(key, hex);
    snprintf(out, n, "%s/%.2s/%s", c->root, hex, hex + 2);
}

static void count(report_cache *c, size_t *what)
{
    pthread_mutex_lock(&c->mu);
    ++*what;
    pthread_mutex_unlock(&c->mu);
}

bool report_cache_get(report_cache *c, const uint8_t key[32], ak_buf *text)
{
    char path[4096], hex[65];
    entry_path(c, key, path, sizeof path, hex);
    text->len = 0;
    int fd = open(path, O_RDONLY | O_CLOEXEC);
    if (fd < 0) {
        count(c, &c->misses);
        return false;
    }
    struct stat st;
    bool whole = false;
    if (fstat(fd, &st) == 0 && S_ISREG(st.st_mode) && st.st_size > 0 && (uint64_t)st.st_size <= ENTRY_MAX &&
        ak_buf_reserve(text, (size_t)st.st_size + 1)) {
        size_t got = 0, want = (size_t)st.st_size;
        ssize_t r;
        while (got < want && (r = read(fd, text->data + got, want - got)) > 0)
            got += (size_t)r;
        text->len = got;
        /* header line, result, checksum line */
        char head[96];
        int hn = snprintf(head, sizeof head, "animkit cache 1 %s\n", hex);
        const char *p = text->data, *end = p + got;
        if (got == want && got > (size_t)hn + 66 && memcmp(p, head, (size_t)hn) == 0 && end[-1] == '\n' &&
            end[-66] == '\n') {
            const char *body = p + hn;
            size_t body_n = (size_t)(end - 66 - body);
            uint8_t sum[32];
            char sum_hex[65];
            blake2b_of(body, body_n, sum);
            blake2b_hex(sum, sum_hex);
            if (memcmp(end - 65, sum_hex, 64) == 0) {
                memmove(text->data, body, body_n);
                text->len = body_n;
                whole = true;
            }
        }
    }
    close(fd);
    if (whole) {
        if (st.st_mtime < time(NULL) - 86400)
            utimensat(AT_FDCWD, path, NULL, 0); /* used now: trimmed last */
        count(c, &c->hits);
    } else {
        text->len = 0;
        pthread_mutex_lock(&c->mu);
        c->misses++;
        c->torn++;
        pthread_mutex_unlock(&c->mu);
    }
    return whole;
}

void report_cache_put(report_cache *c, const uint8_t key[32], const char *text, size_t n)
{
    char path[4096], hex[65], tmp[4096];
    entry_path(c, key, path, sizeof path, hex);
    pthread_mutex_lock(&c->mu);
    unsigned long serial = c->serial++;
    pthread_mutex_unlock(&c->mu);
    if (!atomic_load(&c->made[key[0]])) {
        char dir[4096];
        snprintf(dir, sizeof dir, "%s/%.2s", c->root, hex);
        mkdir(dir, 0777); /* EEXIST: another run's, or another thread's */
        atomic_store(&c->made[key[0]], true);
    }
    snprintf(tmp, sizeof tmp, "%s/%.2s/tmp-%ld-%lu", c->root, hex, (long)getpid(), serial);
    int fd = open(tmp, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0666);
    if (fd < 0)
        return;
    ak_buf b;
    ak_buf_init(&b);
    uint8_t sum[32];
    char sum_hex[65];
    blake2b_of(text, n, sum);
    blake2b_hex(sum, sum_hex);
    ak_buf_printf(&b, "animkit cache 1 %s\n", hex);
    ak_buf_append(&b, text, n);
    ak_buf_printf(&b, "\n%s\n", sum_hex);
    bool ok = !b.failed;
    for (size_t off = 0; ok && off < b.len;) {
        ssize_t w = write(fd, b.data + off, b.len - off);
        ok = w > 0;
        off += ok ? (size_t)w : 0;
    }
    ok &= close(fd) == 0;
    /* rename replaces a torn or foreign entry whole, and two processes that
       write the same entry write the same bytes */
    ok = ok && rename(tmp, path) == 0;
    if (!ok)
        unlink(tmp);
    else {
        pthread_mutex_lock(&c->mu);
        c->written += b.len;
        pthread_mutex_unlock(&c->mu);
    }
    ak_buf_free(&b);
}

void report_cache_unusable(report_cache *c)
{
    pthread_mutex_lock(&c->mu);
    c->hits--;
    c->misses++;
    c->torn++;
    pthread_mutex_unlock(&c->mu);
}

void report_cache_counts(const report_cache *c, size_t *hits, size_t *misses, size_t *torn)
{
    *hits = c->hits;
    *misses = c->misses;
    *torn = c->torn;
}

typedef struct cached {
    char *path;
    uint64_t bytes;
    struct timespec used;
} cached;

static int by_use(const void *a, const void *b)
{
    const cached *x = a, *y = b;
    if (x->used.tv_sec != y->used.tv_sec)
        return x->used.tv_sec < y->used.tv_sec ? -1 : 1;
    if (x->used.tv_nsec != y->used.tv_nsec)
        return x->used.tv_nsec < y->used.tv_nsec ? -1 : 1;
    return strcmp(x->path, y->path);
}

/* Removes the least recently used entries until the folder holds at most
   max_bytes. Several processes may trim at once: an entry removed twice,
   or read while removed (an open file stays readable), is no harm. */
static void trim(report_cache *c)
{
    cached *v = NULL;
    size_t n = 0, cap = 0;
    uint64_t total = 0;
    time_t now = time(NULL);
    DIR *top = opendir(c->root);
    struct dirent *de;
    char path[4096];
    while (top && (de = readdir(top)) != NULL) {
        struct stat st;
        if (snprintf(path, sizeof path, "%s/%s", c->root, de->d_name) >= (int)sizeof path)
            continue;
        if (strlen(de->d_name) != 2 || de->d_name[0] == '.')
            continue;
        DIR *sub = opendir(path);
        struct dirent *e;
        while (sub && (e = readdir(sub)) != NULL) {
            if (e->d_name[0] == '.')
                continue;
            char entry[4096 + 256];
            if (snprintf(entry, sizeof entry, "%s/%s", path, e->d_name) >= (int)sizeof entry || stat(entry, &st) != 0)
                continue;
            if (strncmp(e->d_name, "tmp-", 4) == 0) { /* being written, or a crash's */
                if (st.st_mtime < now - 86400)
                    unlink(entry);
                continue;
            }
            if (!S_ISREG(st.st_mode))
                continue;
            if (n == cap) {
                cap = cap ? cap * 2 : 1024;
                cached *grown = realloc(v, cap * sizeof *v);
                if (!grown)
                    break;
                v = grown;
            }
            if (!(v[n].path = strdup(entry)))
                break;
            v[n].bytes = (uint64_t)st.st_size;
            v[n].used = st.st_mtim;
            total += v[n].bytes;
            n++;
        }
        if (sub)
            closedir(sub);
    }
    if (top)
        closedir(top);
    if (total > c->max_bytes) {
        qsort(v, n, sizeof *v, by_use);
        for (size_t i = 0; i < n && total > c->max_bytes; i++)
            if (unlink(v[i].path) == 0 || errno == ENOENT)
                total -= v[i].bytes;
    }
    for (size_t i = 0; i < n; i++)
        free(v[i].path);
    free(v);
}

void report_cache_close(report_cache *c)
{
    if (!c)
        return;
    if (c->written && c->max_bytes) /* a run that added nothing cannot have made it bigger */
        trim(c);
    pthread_mutex_destroy(&c->mu);
    free(c->root);
    free(c);
}
