/* The peer of MRTK's whole-process row (bench/mrtk/run): what reading a file
 * costs at all, a loop of read() calls into one 1 MiB buffer, touching a
 * byte of each block so that nothing is optimised away.
 * usage: mrtk_read_loop FILE */
#include <fcntl.h>
#include <stdio.h>
#include <unistd.h>

int main(int argc, char **argv)
{
    if (argc != 2) {
        fprintf(stderr, "usage: mrtk_read_loop FILE\n");
        return 2;
    }
    int fd = open(argv[1], O_RDONLY);
    if (fd < 0) {
        perror(argv[1]);
        return 1;
    }
    static unsigned char buf[1 << 20];
    unsigned long long total = 0, sum = 0;
    for (;;) {
        ssize_t n = read(fd, buf, sizeof buf);
        if (n < 0) {
            perror(argv[1]);
            return 1;
        }
        if (n == 0)
            break;
        total += (unsigned long long)n;
        sum += buf[n - 1];
    }
    close(fd);
    printf("%llu bytes (checksum %llu)\n", total, sum);
    return 0;
}
