/* Walking folders: every regular file under a root, in sorted order, with
 * symbolic links followed and each directory (by device and inode) walked
 * once, so that a link loop ends. An explicit stack, no recursion: the
 * depth of a tree is not bounded by the C stack. */
#include <animkit/animkit.h>

#include "keyed_hash.h"

#include <dirent.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

/* The directories walked so far: an open-addressing set of (dev, ino). */
typedef struct dir_id {
    dev_t dev;
    ino_t ino;
    bool used;
} dir_id;

typedef struct dir_set {
    dir_id *slots;
    size_t cap, count;
    ak_hash_key key; /* drawn with the first slots */
} dir_set;

static size_t dir_hash(const dir_set *s, dev_t dev, ino_t ino)
{
    const uint64_t id[2] = {(uint64_t)dev, (uint64_t)ino};
    return (size_t)ak_hash_bytes(&s->key, id, sizeof id);
}

/* Adds (dev, ino); false when it was there already or memory ran out
 * (*oom set). */
static bool dir_set_add(dir_set *s, dev_t dev, ino_t ino, bool *oom)
{
    if ((s->count + 1) * 2 > s->cap) {
        size_t cap = s->cap ? s->cap * 2 : 64;
        dir_id *slots = calloc(cap, sizeof *slots);
        if (!slots) {
            *oom = true;
            return false;
        }
        if (!s->cap)
            ak_hash_key_draw(&s->key);
        for (size_t i = 0; i < s->cap; i++) {
            if (!s->slots[i].used)
                continue;
            size_t k = dir_hash(s, s->slots[i].dev, s->slots[i].ino) & (cap - 1);
            while (slots[k].used)
                k = (k + 1) & (cap - 1);
            slots[k] = s->slots[i];
        }
        free(s->slots);
        s->slots = slots;
        s->cap = cap;
    }
    size_t k = dir_hash(s, dev, ino) & (s->cap - 1);
    while (s->slots[k].used) {
        if (s->slots[k].dev == dev && s->slots[k].ino == ino)
            return false;
        k = (k + 1) & (s->cap - 1);
    }
    s->slots[k] = (dir_id){dev, ino, true};
    s->count++;
    return true;
}

static char *join(const char *dir, const char *name)
{
    size_t n = strlen(dir), m = strlen(name);
    char *p = malloc(n + m + 2);
    if (!p)
        return NULL;
    memcpy(p, dir, n);
    size_t at = n;
    if (n == 0 || dir[n - 1] != '/')
        p[at++] = '/';
    memcpy(p + at, name, m + 1);
    return p;
}

/* A directory's entry: its full path, and whether the directory says it is
 * a regular file (d_type; a link is not): such an entry needs no stat,
 * which is most of what walking a large tree costs. */
typedef struct dir_entry {
    char *path;
    bool regular;
} dir_entry;

static int cmp_entry(const void *a, const void *b)
{
    return strcmp(((const dir_entry *)a)->path, ((const dir_entry *)b)->path);
}

/* The sorted entries of a directory (without . and ..). NULL with *err set
 * when it cannot be read. */
static dir_entry *read_dir(const char *dir, size_t *count, int *err)
{
    DIR *dh = opendir(dir);
    *count = 0;
    if (!dh) {
        *err = errno;
        return NULL;
    }
    dir_entry *names = NULL;
    size_t cap = 0;
    struct dirent *e;
    *err = 0;
    errno = 0;
    while ((e = readdir(dh)) != NULL) {
        if (strcmp(e->d_name, ".") == 0 || strcmp(e->d_name, "..") == 0)
            continue;
        if (*count == cap) {
            cap = cap ? cap * 2 : 32;
            dir_entry *nn = realloc(names, cap * sizeof *nn);
            if (!nn) {
                *err = ENOMEM;
                break;
            }
            names = nn;
        }
        if (!(names[*count].path = join(dir, e->d_name))) {
            *err = ENOMEM;
            break;
        }
        names[*count].regular = false;
#ifdef DT_REG
        names[*count].regular = e->d_type == DT_REG;
#endif
        ++*count;
        errno = 0;
    }
    if (!*err && errno)
        *err = errno;
    closedir(dh);
    if (*err) {
        for (size_t i = 0; i < *count; i++)
            free(names[i].path);
        free(names);
        *count = 0;
        return NULL;
    }
    if (*count)
        qsort(names, *count, sizeof *names, cmp_entry);
    return names ? names : calloc(1, sizeof *names);
}

bool ak_walk(const char *root, ak_walk_visit visit, void *ctx)
{
    struct stat st;
    if (stat(root, &st) != 0)
        return visit(ctx, root, errno);
    if (!S_ISDIR(st.st_mode))
        return visit(ctx, root, 0);
    dir_set seen = {0};
    bool oom = false, go_on = true;
    size_t cap = 16, n = 0;
    char **stack = malloc(cap * sizeof *stack);
    char *first = strdup(root);
    if (!stack || !first || !dir_set_add(&seen, st.st_dev, st.st_ino, &oom)) {
        free(stack);
        free(first);
        free(seen.slots);
        return visit(ctx, root, ENOMEM);
    }
    stack[n++] = first;
    while (n > 0 && go_on) {
        char *dir = stack[--n];
        size_t count;
        int err;
        dir_entry *names = read_dir(dir, &count, &err);
        if (!names) {
            go_on = visit(ctx, dir, err);
            free(dir);
            continue;
        }
        free(dir);
        /* Files of this directory first, in order; subdirectories pushed in
           reverse so that they pop in order. */
        bool *is_dir = calloc(count ? count : 1, sizeof *is_dir);
        for (size_t i = 0; i < count && go_on; i++) {
            const char *path = names[i].path;
            if (names[i].regular) {
                go_on = visit(ctx, path, 0);
            } else if (stat(path, &st) != 0) {
                go_on = visit(ctx, path, errno); /* e.g. a dangling link */
                continue;
            } else if (S_ISREG(st.st_mode)) {
                go_on = visit(ctx, path, 0);
            } else if (S_ISDIR(st.st_mode) && is_dir && dir_set_add(&seen, st.st_dev, st.st_ino, &oom)) {
                is_dir[i] = true;
            } else if (!S_ISDIR(st.st_mode)) {
                go_on = visit(ctx, path, AK_WALK_NOT_A_FILE); /* said, never opened: a FIFO may block */
            }
            if (oom || !is_dir)
                go_on = visit(ctx, path, ENOMEM) && false;
        }
        for (size_t i = count; i-- > 0;) {
            if (go_on && is_dir && is_dir[i]) {
                if (n == cap) {
                    char **ns = realloc(stack, cap * 2 * sizeof *ns);
                    if (!ns) {
                        go_on = visit(ctx, names[i].path, ENOMEM) && false;
                        free(names[i].path);
                        continue;
                    }
                    stack = ns;
                    cap *= 2;
                }
                stack[n++] = names[i].path;
            } else {
                free(names[i].path);
            }
        }
        free(is_dir);
        free(names);
    }
    while (n > 0)
        free(stack[--n]);
    free(stack);
    free(seen.slots);
    return go_on;
}
