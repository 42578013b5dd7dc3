/* Differential test on the shared corpus: every .animj and .rawr file is
 * JSON; parse -> write -> parse gives the same event stream, and the `json`
 * format finds it well-formed. Skipped (77) without ../shared/corpus. */
#include "test_support.h"

#include "../json/json_events.h"

#include <dirent.h>
#include <sys/stat.h>

static int files, failures;

static bool wanted(const char *name)
{
    size_t n = strlen(name);
    return (n > 6 && strcmp(name + n - 6, ".animj") == 0) || (n > 5 && strcmp(name + n - 5, ".rawr") == 0);
}

/* Walks the tree with an explicit list of pending directories. */
static void walk(const char *root)
{
    char **todo = malloc(sizeof *todo);
    size_t n = 0, cap = 1;
    todo[n++] = strdup(root);
    while (n) {
        char *dir = todo[--n];
        DIR *dh = opendir(dir);
        struct dirent *e;
        while (dh && (e = readdir(dh)) != NULL) {
            if (e->d_name[0] == '.')
                continue;
            char path[4096];
            snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
            struct stat st;
            if (stat(path, &st) != 0)
                continue;
            if (S_ISDIR(st.st_mode)) {
                if (n == cap) {
                    cap *= 2;
                    todo = realloc(todo, cap * sizeof *todo);
                }
                todo[n++] = strdup(path);
            } else if (wanted(e->d_name)) {
                size_t size = 0;
                char *data = ak_test_read_file(path, &size);
                if (!data)
                    continue;
                files++;
                if (!ak_test_round_trip(data, size, path))
                    failures++;
                free(data);
            }
        }
        if (dh)
            closedir(dh);
        free(dir);
    }
    free(todo);
}

static void test_corpus(void **state)
{
    (void)state;
    char root[1024];
    snprintf(root, sizeof root, "%s/corpus", getenv("AK_SHARED_DIR"));
    walk(root);
    fprintf(stderr, "%d corpus files round-tripped\n", files);
    assert_true(files > 0);
    assert_int_equal(failures, 0);
}

int main(void)
{
    char root[1024];
    if (!ak_test_shared_dir("corpus", root, sizeof root))
        return 77;
    const struct CMUnitTest tests[] = {cmocka_unit_test(test_corpus)};
    return cmocka_run_group_tests(tests, NULL, NULL);
}
