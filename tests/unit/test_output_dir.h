/* Temporary folders for the output tests (test_output.c, test_cli_output.c). */
#ifndef AK_TEST_OUTPUT_DIR_H
#define AK_TEST_OUTPUT_DIR_H

#include "test_support.h"

#include <dirent.h>

static inline size_t entries(const char *dir)
{
    DIR *d = opendir(dir);
    assert_non_null(d);
    size_t n = 0;
    struct dirent *e;
    while ((e = readdir(d)) != NULL)
        n += strcmp(e->d_name, ".") != 0 && strcmp(e->d_name, "..") != 0;
    closedir(d);
    return n;
}

static inline void make_dir(char *dir, size_t size)
{
    const char *tmp = getenv("TMPDIR");
    snprintf(dir, size, "%s/ak_output_XXXXXX", tmp && *tmp ? tmp : "/tmp");
    assert_non_null(mkdtemp(dir));
}

#endif
