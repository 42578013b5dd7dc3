/* Glaxnimate on the shared corpus (../shared/specs/glaxnimate.md 8.3, 9.1,
 * 9.2): every Glaxnimate-written file validates without a diagnostic at
 * both levels, re-emits byte for byte (the hand-edited Discord template:
 * its canonical form is a fixed point), and upgrades to versions 9 and 8
 * into files that validate clean under --strict. Skipped (77) without
 * ../shared/corpus. */
#include "glaxnimate_support.h"

#include <dirent.h>
#include <sys/stat.h>

static void test_corpus(void **state)
{
    (void)state;
    char root[1024];
    snprintf(root, sizeof root, "%s/corpus/glaxnimate", getenv("AK_SHARED_DIR"));
    DIR *dh = opendir(root);
    assert_non_null(dh);
    struct dirent *e;
    int files = 0;
    while ((e = readdir(dh)) != NULL) {
        size_t n = strlen(e->d_name);
        if (n < 6 || strcmp(e->d_name + n - 5, ".rawr") != 0)
            continue;
        char path[2048];
        snprintf(path, sizeof path, "%s/%s", root, e->d_name);
        size_t size = 0;
        char *data = ak_test_read_file(path, &size);
        assert_non_null(data);
        /* spec 3.3: hand-edited upstream ("width" out of order) */
        check_file(path, data, size, strstr(e->d_name, "Discord_Sticker") == NULL);
        free(data);
        files++;
    }
    closedir(dh);
    assert_int_equal(files, 21);
}

int main(void)
{
    glax = ak_format_find("glaxnimate");
    const char *shared = getenv("AK_SHARED_DIR");
    char root[1024];
    struct stat st;
    snprintf(root, sizeof root, "%s/corpus/glaxnimate", shared ? shared : "../shared");
    if (!shared || stat(root, &st) != 0 || !S_ISDIR(st.st_mode)) {
        fprintf(stderr, "no shared corpus at %s: skipped\n", root);
        return 77;
    }
    const struct CMUnitTest tests[] = {cmocka_unit_test(test_corpus)};
    return cmocka_run_group_tests(tests, NULL, NULL);
}
