/* report --cache (report_cache.h). Layout: DIR/animkit-cache-2/NAME.seg, each
 * segment written by one process (a run, a shard) to tmp-<pid>-<n> and
 * renamed whole once it holds SEGMENT_CHUNK bytes or the run ends:
 *
 *   "animkit cache 2\n"                  16 bytes: a segment of this layout
 *   record...
 *
 * a record: 8 bytes of head (its kind, 'R' a result or 'S' stat data, then
 * "ak2", then the payload's length, 32 bits little-endian), 32 bytes of
 * BLAKE2b-256 of head and payload, the payload:
 *
 *   R: key (32 bytes), the result (a JSON object, report_record_write)
 *   S: device, inode, size, mtime s, mtime ns, ctime s, ctime ns (64 bits
 *      little-endian each), content hash (32 bytes), path (the rest)
 *
 * A reader maps every segment once at the start, walks its records' heads
 * and keeps an index (the newest record of a key or file wins); a record is
 * read (pread) and its checksum checked when it is used. A head that does
 * not fit ends the segment's walk (a foreign or cut file); a record whose
 * checksum does not match is ignored and written again.
 *
 * A stat record is trusted only when the file's modification time is older
 * than its segment's (git's racy rule: a file changed in the clock tick it
 * was hashed in keeps its stat data), and none is written for a file
 * modified less than RECENT_SECONDS before it was looked at. Stat data is
 * taken before the file is read: a change after it shows in the next
 * stat. */
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
#include <sys/mman.h>
#include <time.h>
#include <unistd.h>

#define CACHE_LAYOUT "animkit-cache-2"
#define SEGMENT_MAGIC "animkit cache 2\n"
#define SEGMENT_HEAD 16
#define RECORD_HEAD 40 /* kind, "ak2", length, checksum */
#define STAT_FIXED (7 * 8 + 32)
#define ENTRY_MAX (64u << 20)    /* a result is at most a few MiB (1,000 diagnostics of 4 KiB texts) */
#define SEGMENT_CHUNK (8u << 20) /* a process renames a segment once it holds this much */
#define SEGMENT_MAX (1u << 30)   /* larger files are no segments of ours (offsets are 32 bits) */
#define SEGMENTS_MANY 256        /* more: the oldest are compacted into one */
#define RECORD_GUESS 2048        /* bytes read at once for a record */
#define RECENT_SECONDS 2         /* a file changed this close to its stat is not recorded */

typedef struct slot {
    uint64_t h; /* 0: empty */
    uint32_t seg, off;
} slot;

typedef struct table {
    slot *v;
    atomic_uchar *used; /* the run used the record (trimming keeps it) */
    size_t n, cap;
} table;

typedef struct segment {
    char *name;
    int fd;
    uint64_t size;
    struct timespec written; /* its modification time: stat records older than this are trusted */
} segment;

struct report_cache {
    char *root; /* DIR/animkit-cache-2 */
    uint8_t prefix[32]; /* the hash of version and options, the key's first part */
    uint64_t max_bytes;
    segment *segs;
    size_t nsegs;
    table results, stats; /* read-only once open returns */
    pthread_mutex_t mu;   /* what follows */
    table put;            /* keys this run wrote (a copy's result once) */
    ak_buf pending;       /* records not yet in a segment */
    size_t hits, misses, torn, reads;
    uint64_t written;
    unsigned long serial;
};

/* ------------------------------------------------------------------ */
/* the index                                                           */

static bool table_add(table *t, uint64_t h, uint32_t seg, uint32_t off)
{
    h |= 1; /* never 0 */
    if (2 * (t->n + 1) > t->cap) {
        size_t cap = t->cap ? 2 * t->cap : 1024;
        slot *v = calloc(cap, sizeof *v);
        if (!v)
            return false;
        for (size_t i = 0; i < t->cap; i++)
            if (t->v[i].h) {
                size_t j = t->v[i].h & (cap - 1);
                while (v[j].h)
                    j = (j + 1) & (cap - 1);
                v[j] = t->v[i];
            }
        free(t->v);
        t->v = v;
        t->cap = cap;
    }
    size_t j = h & (t->cap - 1);
    while (t->v[j].h && t->v[j].h != h)
        j = (j + 1) & (t->cap - 1);
    if (!t->v[j].h)
        t->n++;
    t->v[j] = (slot){h, seg, off}; /* a newer record of the same key wins */
    return true;
}

static slot *table_find(const table *t, uint64_t h)
{
    h |= 1;
    if (!t->cap)
        return NULL;
    for (size_t j = h & (t->cap - 1); t->v[j].h; j = (j + 1) & (t->cap - 1))
        if (t->v[j].h == h)
            return &t->v[j];
    return NULL;
}

static uint64_t le64(const uint8_t *p)
{
    uint64_t v = 0;
    for (int i = 7; i >= 0; i--)
        v = v << 8 | p[i];
    return v;
}

static void put64(uint8_t *p, uint64_t v)
{
    for (int i = 0; i < 8; i++)
        p[i] = (uint8_t)(v >> (8 * i));
}

/* A stat record's index hash: its device, inode and path (FNV-1a). */
static uint64_t stat_hash(uint64_t dev, uint64_t ino, const char *path, size_t n)
{
    uint8_t id[16];
    put64(id, dev);
    put64(id + 8, ino);
    uint64_t h = 0xcbf29ce484222325u;
    for (size_t i = 0; i < sizeof id; i++)
        h = (h ^ id[i]) * 0x100000001b3u;
    for (size_t i = 0; i < n; i++)
        h = (h ^ (uint8_t)path[i]) * 0x100000001b3u;
    return h;
}

/* Walks a segment's record heads into the index; false when the segment
   is not one of this layout. A head that does not fit ends the walk. */
static bool index_segment(report_cache *c, uint32_t seg, const uint8_t *p, size_t size)
{
    if (size < SEGMENT_HEAD || memcmp(p, SEGMENT_MAGIC, SEGMENT_HEAD) != 0)
        return false;
    for (size_t off = SEGMENT_HEAD; off + RECORD_HEAD <= size;) {
        const uint8_t *r = p + off;
        uint32_t len = (uint32_t)r[4] | (uint32_t)r[5] << 8 | (uint32_t)r[6] << 16 | (uint32_t)r[7] << 24;
        if (memcmp(r + 1, "ak2", 3) != 0 || len > ENTRY_MAX || len > size - off - RECORD_HEAD)
            break;
        const uint8_t *payload = r + RECORD_HEAD;
        bool ok = true;
        if (r[0] == 'R' && len >= 32)
            ok = table_add(&c->results, le64(payload), seg, (uint32_t)off);
        else if (r[0] == 'S' && len > STAT_FIXED)
            ok = table_add(&c->stats, stat_hash(le64(payload), le64(payload + 8), (const char *)payload + STAT_FIXED,
                                                len - STAT_FIXED),
                           seg, (uint32_t)off);
        if (!ok)
            return false;
        off += RECORD_HEAD + len;
    }
    return true;
}

static bool later(const struct timespec *a, const struct timespec *b)
{
    return a->tv_sec != b->tv_sec ? a->tv_sec > b->tv_sec : a->tv_nsec > b->tv_nsec;
}

static int by_age(const void *a, const void *b)
{
    const segment *x = a, *y = b;
    if (later(&x->written, &y->written))
        return 1;
    if (later(&y->written, &x->written))
        return -1;
    return strcmp(x->name, y->name);
}

static bool is_segment_name(const char *name)
{
    size_t n = strlen(name);
    return n > 4 && strcmp(name + n - 4, ".seg") == 0 && name[0] != '.';
}

/* The segments in the folder, oldest first (their fds not open). */
static segment *list_segments(const report_cache *c, size_t *count)
{
    segment *v = NULL;
    size_t n = 0, cap = 0;
    DIR *dir = opendir(c->root);
    struct dirent *de;
    time_t now = time(NULL);
    char path[4096];
    while (dir && (de = readdir(dir)) != NULL) {
        struct stat st;
        if (snprintf(path, sizeof path, "%s/%s", c->root, de->d_name) >= (int)sizeof path)
            continue;
        if (strncmp(de->d_name, "tmp-", 4) == 0) { /* being written, or a crash's */
            if (lstat(path, &st) == 0 && st.st_mtime < now - 86400)
                unlink(path);
            continue;
        }
        if (!is_segment_name(de->d_name) || lstat(path, &st) != 0 || !S_ISREG(st.st_mode))
            continue;
        if (n == cap) {
            cap = cap ? 2 * cap : 64;
            segment *grown = realloc(v, cap * sizeof *v);
            if (!grown)
                break;
            v = grown;
        }
        if (!(v[n].name = strdup(de->d_name)))
            break;
        v[n].fd = -1;
        v[n].size = (uint64_t)st.st_size;
        v[n].written = st.st_mtim;
        n++;
    }
    if (dir)
        closedir(dir);
    if (n)
        qsort(v, n, sizeof *v, by_age);
    *count = n;
    return v;
}

static void free_segments(segment *v, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        if (v[i].fd >= 0)
            close(v[i].fd);
        free(v[i].name);
    }
    free(v);
}

/* Opens and indexes the segments, oldest first: the newest record of a
   key is the one the index keeps. */
static void load(report_cache *c)
{
    c->segs = list_segments(c, &c->nsegs);
    char path[4096];
    for (size_t i = 0; i < c->nsegs; i++) {
        segment *s = &c->segs[i];
        snprintf(path, sizeof path, "%s/%s", c->root, s->name);
        s->fd = open(path, O_RDONLY | O_CLOEXEC);
        struct stat st;
        if (s->fd < 0 || fstat(s->fd, &st) != 0 || st.st_size < SEGMENT_HEAD || (uint64_t)st.st_size > SEGMENT_MAX)
            continue;
        s->size = (uint64_t)st.st_size;
        s->written = st.st_mtim;
        void *map = mmap(NULL, s->size, PROT_READ, MAP_PRIVATE, s->fd, 0);
        if (map == MAP_FAILED)
            continue;
        madvise(map, s->size, MADV_SEQUENTIAL);
        index_segment(c, (uint32_t)i, map, s->size);
        munmap(map, s->size); /* records are read when used: memory holds the index only */
    }
    c->results.used = calloc(c->results.cap ? c->results.cap : 1, 1);
    c->stats.used = calloc(c->stats.cap ? c->stats.cap : 1, 1);
}

/* The record a slot names, whole and of the right kind, into b; false when
   it is torn or damaged. */
static bool read_record(const report_cache *c, const slot *s, char kind, ak_buf *b)
{
    const segment *seg = &c->segs[s->seg];
    uint8_t head[RECORD_HEAD];
    b->len = 0;
    /* one read for most records (a result is a few hundred bytes) */
    if (!ak_buf_reserve(b, RECORD_GUESS))
        return false;
    ssize_t first = pread(seg->fd, b->data, RECORD_GUESS, s->off);
    if (first < (ssize_t)sizeof head || b->data[0] != kind)
        return false;
    memcpy(head, b->data, sizeof head);
    uint32_t len = (uint32_t)head[4] | (uint32_t)head[5] << 8 | (uint32_t)head[6] << 16 | (uint32_t)head[7] << 24;
    if (len > ENTRY_MAX || !ak_buf_reserve(b, (size_t)len + 1))
        return false;
    size_t got = (size_t)first - RECORD_HEAD < len ? (size_t)first - RECORD_HEAD : len;
    memmove(b->data, b->data + RECORD_HEAD, got);
    ssize_t r;
    while (got < len && (r = pread(seg->fd, b->data + got, len - got, (off_t)s->off + RECORD_HEAD + (off_t)got)) > 0)
        got += (size_t)r;
    if (got != len)
        return false;
    b->len = len;
    blake2b st;
    uint8_t sum[32];
    blake2b_init(&st);
    blake2b_add(&st, head, 8);
    blake2b_add(&st, b->data, len);
    blake2b_finish(&st, sum);
    return memcmp(sum, head + 8, 32) == 0;
}

/* ------------------------------------------------------------------ */
/* writing                                                             */

/* Writes the records in b (after the segment head it starts with) as a
   new segment: a temporary file renamed whole. */
static bool write_segment(report_cache *c, const ak_buf *b)
{
    char tmp[4096], path[4096];
    unsigned long serial = c->serial++;
    struct timespec now;
    clock_gettime(CLOCK_REALTIME, &now);
    snprintf(tmp, sizeof tmp, "%s/tmp-%ld-%lu", c->root, (long)getpid(), serial);
    snprintf(path, sizeof path, "%s/%016llx-%ld-%lu.seg", c->root,
             (unsigned long long)now.tv_sec * 1000000000ull + (unsigned long long)now.tv_nsec, (long)getpid(), serial);
    int fd = open(tmp, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0666);
    if (fd < 0)
        return false;
    bool ok = true;
    for (size_t off = 0; ok && off < b->len;) {
        ssize_t w = write(fd, b->data + off, b->len - off);
        ok = w > 0;
        off += ok ? (size_t)w : 0;
    }
    ok &= close(fd) == 0;
    ok = ok && rename(tmp, path) == 0;
    if (!ok)
        unlink(tmp);
    else
        c->written += b->len;
    return ok;
}

static void start_segment(ak_buf *b)
{
    b->len = 0;
    ak_buf_append(b, SEGMENT_MAGIC, SEGMENT_HEAD);
}

/* Appends a record to b: its head, checksum and the payload's two parts. */
static void append_record(ak_buf *b, char kind, const void *a, size_t an, const void *z, size_t zn)
{
    uint8_t head[RECORD_HEAD];
    uint32_t len = (uint32_t)(an + zn);
    head[0] = (uint8_t)kind;
    memcpy(head + 1, "ak2", 3);
    for (int i = 0; i < 4; i++)
        head[4 + i] = (uint8_t)(len >> (8 * i));
    blake2b st;
    blake2b_init(&st);
    blake2b_add(&st, head, 8);
    blake2b_add(&st, a, an);
    blake2b_add(&st, z, zn);
    blake2b_finish(&st, head + 8);
    ak_buf_append(b, head, sizeof head);
    ak_buf_append(b, a, an);
    ak_buf_append(b, z, zn);
}

/* With c->mu held: a record into the pending segment, written once it is
   big enough. A buffer that failed is dropped (a cache that misses). */
static void add_pending(report_cache *c, char kind, const void *a, size_t an, const void *z, size_t zn)
{
    if (!c->pending.len)
        start_segment(&c->pending);
    append_record(&c->pending, kind, a, an, z, zn);
    if (c->pending.failed) {
        ak_buf_free(&c->pending);
        ak_buf_init(&c->pending);
    } else if (c->pending.len >= SEGMENT_CHUNK) {
        write_segment(c, &c->pending);
        c->pending.len = 0;
    }
}

/* ------------------------------------------------------------------ */
/* the interface                                                       */

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
    errno = 0;
    if ((mkdir(c->root, 0777) != 0 && errno != EEXIST) || stat(c->root, &st) != 0 || !S_ISDIR(st.st_mode) ||
        access(c->root, W_OK | X_OK) != 0) {
        snprintf(why, why_size, "%s", strerror(errno ? errno : ENOTDIR));
        free(c->root);
        free(c);
        return NULL;
    }
    blake2b s;
    blake2b_init(&s);
    static const char head[] = "animkit cache 2\nversion " AK_VERSION "\noptions ";
    blake2b_add(&s, head, sizeof head - 1);
    blake2b_add(&s, options, strlen(options) + 1);
    blake2b_finish(&s, c->prefix);
    c->max_bytes = max_bytes;
    pthread_mutex_init(&c->mu, NULL);
    ak_buf_init(&c->pending);
    load(c);
    return c;
}

void report_cache_key(const report_cache *c, const char *path, const uint8_t content[32], uint8_t key[32])
{
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
    blake2b_add(&s, content, 32);
    blake2b_finish(&s, key);
}

static void stat_fields(const struct stat *st, uint8_t out[7 * 8])
{
    put64(out, (uint64_t)st->st_dev);
    put64(out + 8, (uint64_t)st->st_ino);
    put64(out + 16, (uint64_t)st->st_size);
    put64(out + 24, (uint64_t)st->st_mtim.tv_sec);
    put64(out + 32, (uint64_t)st->st_mtim.tv_nsec);
    put64(out + 40, (uint64_t)st->st_ctim.tv_sec);
    put64(out + 48, (uint64_t)st->st_ctim.tv_nsec);
}

bool report_cache_stat_get(report_cache *c, const char *path, const struct stat *st, uint8_t content[32])
{
    size_t n = strlen(path);
    slot *s = table_find(&c->stats, stat_hash((uint64_t)st->st_dev, (uint64_t)st->st_ino, path, n));
    if (!s)
        return false;
    uint8_t fields[7 * 8];
    stat_fields(st, fields);
    ak_buf b;
    ak_buf_init(&b);
    bool trusted = read_record(c, s, 'S', &b) && b.len == STAT_FIXED + n && memcmp(b.data, fields, sizeof fields) == 0 &&
                   memcmp(b.data + STAT_FIXED, path, n) == 0;
    /* racy: changed in the tick it was hashed in, the file may have kept
       its stat data; only a modification time older than the record's
       segment says the content is the one hashed */
    trusted = trusted && later(&c->segs[s->seg].written, &st->st_mtim);
    if (trusted) {
        memcpy(content, b.data + 7 * 8, 32);
        atomic_store(&c->stats.used[s - c->stats.v], 1);
    }
    ak_buf_free(&b);
    return trusted;
}

void report_cache_stat_put(report_cache *c, const char *path, const struct stat *st, const struct timespec *taken,
                           const uint8_t content[32])
{
    /* modified just before it was read: it may be modified again within
       the timestamps' granularity (a coarse clock tick; 2 s on FAT),
       keeping its stat data. Hashed again next time rather than trusted.
       (The change time is compared, not judged: a checkout or a copy sets
       it to now and keeps an old modification time.) */
    if (st->st_mtim.tv_sec >= taken->tv_sec - RECENT_SECONDS)
        return;
    uint8_t fixed[STAT_FIXED];
    stat_fields(st, fixed);
    memcpy(fixed + 7 * 8, content, 32);
    pthread_mutex_lock(&c->mu);
    add_pending(c, 'S', fixed, sizeof fixed, path, strlen(path));
    pthread_mutex_unlock(&c->mu);
}

bool report_cache_get(report_cache *c, const uint8_t key[32], ak_buf *text)
{
    text->len = 0;
    slot *s = table_find(&c->results, le64(key));
    bool whole = false;
    if (s && read_record(c, s, 'R', text) && text->len >= 32) {
        if (memcmp(text->data, key, 32) != 0) { /* another key's (of the same first 64 bits) */
            text->len = 0;
            s = NULL;
        } else {
            memmove(text->data, text->data + 32, text->len - 32);
            text->len -= 32;
            whole = true;
        }
    }
    pthread_mutex_lock(&c->mu);
    if (whole) {
        c->hits++;
        atomic_store(&c->results.used[s - c->results.v], 1);
    } else {
        text->len = 0;
        c->misses++;
        c->torn += s != NULL;
    }
    pthread_mutex_unlock(&c->mu);
    return whole;
}

void report_cache_put(report_cache *c, const uint8_t key[32], const char *text, size_t n)
{
    pthread_mutex_lock(&c->mu);
    if (!table_find(&c->put, le64(key))) { /* copies of a file: one record */
        table_add(&c->put, le64(key), 0, 0);
        add_pending(c, 'R', key, 32, text, n);
    }
    pthread_mutex_unlock(&c->mu);
}

void report_cache_unusable(report_cache *c)
{
    pthread_mutex_lock(&c->mu);
    c->hits--;
    c->misses++;
    c->torn++;
    pthread_mutex_unlock(&c->mu);
}

void report_cache_read(report_cache *c)
{
    pthread_mutex_lock(&c->mu);
    c->reads++;
    pthread_mutex_unlock(&c->mu);
}

void report_cache_counts(const report_cache *c, size_t *hits, size_t *misses, size_t *torn, size_t *reads)
{
    *hits = c->hits;
    *misses = c->misses;
    *torn = c->torn;
    *reads = c->reads;
}

/* ------------------------------------------------------------------ */
/* trimming and compacting                                             */

/* The index of the loaded segment of this name, or SIZE_MAX (written by
   another process since this one started). */
static size_t loaded(const report_cache *c, const char *name)
{
    for (size_t i = 0; i < c->nsegs; i++)
        if (strcmp(c->segs[i].name, name) == 0)
            return i;
    return SIZE_MAX;
}

/* Copies into out the records of the loaded segments marked in going that
   are the index's (the newest of their key) and, unless all, that this run
   used, while out stays within budget bytes. Damaged ones are left. */
static void carry(report_cache *c, const bool *going, bool all, uint64_t budget, ak_buf *out)
{
    const table *tables[2] = {&c->results, &c->stats};
    const char kinds[2] = {'R', 'S'};
    ak_buf rec;
    ak_buf_init(&rec);
    for (int t = 0; t < 2; t++)
        for (size_t i = 0; i < tables[t]->cap; i++) {
            const slot *s = &tables[t]->v[i];
            if (!s->h || !going[s->seg] || !(all || atomic_load(&tables[t]->used[i])))
                continue;
            if (!read_record(c, s, kinds[t], &rec) || out->len + RECORD_HEAD + rec.len > budget)
                continue;
            /* a stat record not trusted where it is would be in a newer segment */
            struct timespec mtime = {(time_t)le64((const uint8_t *)rec.data + 24),
                                     (long)le64((const uint8_t *)rec.data + 32)};
            if (kinds[t] == 'S' && !later(&c->segs[s->seg].written, &mtime))
                continue;
            append_record(out, kinds[t], rec.data, rec.len, "", 0);
        }
    ak_buf_free(&rec);
}

/* At most max_bytes (when this run added to the folder): the oldest
   segments go whole, the records this run used from them copied to a new
   segment first while that fits. Many segments (runs that each added a
   few): the oldest half of those loaded are compacted into one. Two
   processes trimming at once may both copy a record (the index takes
   either) or remove a segment twice: no harm, and a segment removed while
   another process reads it stays readable to it. */
static void trim(report_cache *c)
{
    size_t n;
    segment *v = list_segments(c, &n);
    uint64_t total = 0;
    for (size_t i = 0; i < n; i++)
        total += v[i].size;
    bool *going = calloc(c->nsegs ? c->nsegs : 1, sizeof *going);
    bool *gone = calloc(n ? n : 1, sizeof *gone);
    ak_buf out;
    ak_buf_init(&out);
    if (!going || !gone)
        goto done;
    uint64_t left = total;
    bool trimming = c->max_bytes && c->written && total > c->max_bytes;
    if (trimming) {
        for (size_t i = 0; i < n && left > c->max_bytes; i++) {
            gone[i] = true;
            left -= v[i].size;
            size_t k = loaded(c, v[i].name);
            if (k != SIZE_MAX)
                going[k] = true;
        }
    } else if (n > SEGMENTS_MANY) {
        for (size_t i = 0, taken = 0; i < n && taken < n / 2; i++) {
            size_t k = loaded(c, v[i].name);
            if (k != SIZE_MAX) {
                gone[i] = going[k] = true;
                taken++;
            }
        }
    } else
        goto done;
    start_segment(&out);
    carry(c, going, !trimming, trimming ? c->max_bytes - left : UINT64_MAX, &out);
    if (out.failed || (out.len > SEGMENT_HEAD && !write_segment(c, &out)))
        goto done; /* what the run used would be lost: trim another time */
    char path[4096];
    for (size_t i = 0; i < n; i++)
        if (gone[i] && snprintf(path, sizeof path, "%s/%s", c->root, v[i].name) < (int)sizeof path)
            unlink(path);
done:
    ak_buf_free(&out);
    free(going);
    free(gone);
    free_segments(v, n);
}

void report_cache_close(report_cache *c)
{
    if (!c)
        return;
    if (c->pending.len > SEGMENT_HEAD)
        write_segment(c, &c->pending);
    trim(c);
    ak_buf_free(&c->pending);
    free(c->results.v);
    free(c->results.used);
    free(c->stats.v);
    free(c->stats.used);
    free(c->put.v);
    free_segments(c->segs, c->nsegs);
    pthread_mutex_destroy(&c->mu);
    free(c->root);
    free(c);
}
