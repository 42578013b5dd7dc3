/* The naive reader of the benchmark: splits the file at whitespace and ';'
 * and runs strtod on every token that starts like a number. What a quick
 * hand-written .anim importer does; no validation at all. */
#include <ctype.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

int main(int argc, char **argv)
{
    if (argc != 2)
        return 2;
    int fd = open(argv[1], O_RDONLY);
    struct stat st;
    if (fd < 0 || fstat(fd, &st) != 0)
        return 1;
    size_t n = (size_t)st.st_size;
    char *p = mmap(NULL, n + 1, PROT_READ | PROT_WRITE, MAP_PRIVATE, fd, 0);
    if (p == MAP_FAILED)
        return 1;
    double sum = 0;
    size_t tokens = 0, numbers = 0, i = 0;
    char tok[256];
    while (i < n) {
        while (i < n && (isspace((unsigned char)p[i]) || p[i] == ';'))
            i++;
        size_t len = 0;
        while (i < n && !isspace((unsigned char)p[i]) && p[i] != ';') {
            if (len < sizeof tok - 1)
                tok[len++] = p[i];
            i++;
        }
        if (!len)
            continue;
        tok[len] = 0;
        tokens++;
        if (isdigit((unsigned char)tok[0]) || tok[0] == '-' || tok[0] == '.') {
            sum += strtod(tok, NULL);
            numbers++;
        }
    }
    printf("naive: %zu tokens, %zu numbers, sum %g\n", tokens, numbers, sum);
    return 0;
}
