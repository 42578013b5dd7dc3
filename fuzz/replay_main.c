/* Runs a libFuzzer harness over files and directories without libFuzzer:
 * how `make check` replays every seed corpus under the sanitizers. */
#include <dirent.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static int run_file(const char *path)
{
    FILE *f = fopen(path, "rb");
    if (!f) {
        perror(path);
        return 1;
    }
    size_t cap = 4096, len = 0;
    uint8_t *buf = malloc(cap);
    size_t n;
    while (buf && (n = fread(buf + len, 1, cap - len, f)) > 0) {
        len += n;
        if (len == cap) {
            uint8_t *nb = realloc(buf, cap * 2);
            if (!nb)
                break;
            buf = nb;
            cap *= 2;
        }
    }
    fclose(f);
    if (!buf)
        return 1;
    /* An exact-size copy so that ASan sees reads past the end. */
    uint8_t *exact = malloc(len ? len : 1);
    if (!exact) {
        free(buf);
        return 1;
    }
    memcpy(exact, buf, len);
    free(buf);
    LLVMFuzzerTestOneInput(exact, len);
    free(exact);
    return 0;
}

static int cmp(const void *a, const void *b) { return strcmp(*(char *const *)a, *(char *const *)b); }

int main(int argc, char **argv)
{
    size_t files = 0;
    int failures = 0;
    for (int i = 1; i < argc; i++) {
        struct stat st;
        if (stat(argv[i], &st) != 0) {
            perror(argv[i]);
            return 1;
        }
        if (!S_ISDIR(st.st_mode)) {
            failures += run_file(argv[i]);
            files++;
            continue;
        }
        DIR *d = opendir(argv[i]);
        if (!d) {
            perror(argv[i]);
            return 1;
        }
        char **names = NULL;
        size_t count = 0;
        struct dirent *e;
        while ((e = readdir(d)) != NULL) {
            if (e->d_name[0] == '.')
                continue;
            char **nn = realloc(names, (count + 1) * sizeof *nn);
            if (!nn)
                break;
            names = nn;
            size_t len = strlen(argv[i]) + strlen(e->d_name) + 2;
            names[count] = malloc(len);
            if (names[count])
                snprintf(names[count++], len, "%s/%s", argv[i], e->d_name);
        }
        closedir(d);
        if (count)
            qsort(names, count, sizeof *names, cmp);
        for (size_t k = 0; k < count; k++) {
            struct stat fs;
            if (stat(names[k], &fs) == 0 && S_ISREG(fs.st_mode)) {
                failures += run_file(names[k]);
                files++;
            }
            free(names[k]);
        }
        free(names);
    }
    printf("replayed %zu inputs\n", files);
    return failures ? 1 : 0;
}
