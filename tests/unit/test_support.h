/* Helpers shared by the unit tests. */
#ifndef AK_TEST_SUPPORT_H
#define AK_TEST_SUPPORT_H

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include <animkit/animkit.h>

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Reads a whole file; NULL when it cannot be read. */
static inline char *ak_test_read_file(const char *path, size_t *size)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return NULL;
    ak_buf b;
    ak_buf_init(&b);
    char tmp[8192];
    size_t n;
    while ((n = fread(tmp, 1, sizeof tmp, f)) > 0)
        ak_buf_append(&b, tmp, n);
    fclose(f);
    ak_buf_cstr(&b);
    if (size)
        *size = b.len;
    return b.data ? b.data : calloc(1, 1);
}

/* Calls fn on every file in dir (absolute, or relative to AK_SOURCE_DIR)
 * whose name ends with suffix, with its bytes; returns how many (the
 * directory must exist). */
typedef void ak_test_file_fn(const char *path, const uint8_t *data, size_t size, void *ctx);
static inline size_t ak_test_each_file(const char *dir, const char *suffix, ak_test_file_fn *fn, void *ctx)
{
    const char *src = getenv("AK_SOURCE_DIR");
    char full[4096];
    if (snprintf(full, sizeof full, "%s%s%s", dir[0] == '/' ? "" : src ? src : ".", dir[0] == '/' ? "" : "/", dir) >=
        (int)sizeof full)
        fail_msg("path too long: %s", dir);
    DIR *dp = opendir(full);
    if (!dp)
        fail_msg("cannot open %s", full);
    size_t suffix_len = strlen(suffix), files = 0;
    struct dirent *e;
    while ((e = readdir(dp))) {
        size_t n = strlen(e->d_name);
        if (n <= suffix_len || strcmp(e->d_name + n - suffix_len, suffix) != 0)
            continue;
        char path[4096 + 256];
        snprintf(path, sizeof path, "%s/%s", full, e->d_name);
        size_t size = 0;
        char *data = ak_test_read_file(path, &size);
        assert_non_null(data);
        fn(path, (const uint8_t *)data, size, ctx);
        free(data);
        files++;
    }
    closedir(dp);
    return files;
}

/* The folder <AK_SHARED_DIR>/<rel> (../shared beside the clone: the
 * corpus), into out; false when there is none (the test then reports
 * itself skipped, CTest's 77: a user's clone has no ../shared). */
static inline bool ak_test_shared_dir(const char *rel, char *out, size_t size)
{
    const char *shared = getenv("AK_SHARED_DIR");
    snprintf(out, size, "%s/%s", shared ? shared : "../shared", rel);
    DIR *dp = shared ? opendir(out) : NULL;
    if (dp)
        closedir(dp);
    else
        fprintf(stderr, "no %s: skipped\n", out);
    return dp != NULL;
}

/* Compares text with the golden file tests/golden/<name>; with
 * AK_UPDATE_GOLDEN=1 in the environment the golden file is rewritten. */
static inline void ak_test_golden(const char *name, const char *text, size_t len)
{
    char path[1024];
    const char *src = getenv("AK_SOURCE_DIR");
    snprintf(path, sizeof path, "%s/tests/golden/%s", src ? src : ".", name);
    if (getenv("AK_UPDATE_GOLDEN")) {
        FILE *f = fopen(path, "wb");
        assert_non_null(f);
        fwrite(text, 1, len, f);
        fclose(f);
        return;
    }
    size_t glen = 0;
    char *golden = ak_test_read_file(path, &glen);
    if (!golden)
        fail_msg("golden file %s is missing (run with AK_UPDATE_GOLDEN=1 to create it)", path);
    if (glen != len || memcmp(golden, text, len) != 0) {
        fprintf(stderr, "--- golden %s\n%s\n--- actual\n%.*s\n", path, golden, (int)len, text);
        free(golden);
        fail_msg("output differs from golden file %s", name);
    }
    free(golden);
}

/* A deterministic stream of 32-bit numbers from *state (xorshift64): a
 * generated test's documents are the same on every run. */
static inline uint32_t ak_test_xorshift(uint64_t *state)
{
    *state ^= *state << 13;
    *state ^= *state >> 7;
    *state ^= *state << 17;
    return (uint32_t)(*state >> 32);
}

#endif
