/* The peer of report's -j rows (bench/report/run): a perfectly parallel
 * program, a fixed amount of work (hashing a 64 KiB buffer over and over)
 * split evenly over N threads, nothing shared. Its -j 2 / -j 1 speed-up,
 * measured in the same run as the report's, is what the machine gives two
 * threads at that moment (its other load, how its two CPUs share a core).
 * usage: report_parallel_peer THREADS */
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

enum { ROUNDS = 4096, SIZE = 1 << 16 };

typedef struct share {
    int rounds;
    uint64_t sum;
} share;

static void *work(void *arg)
{
    share *s = arg;
    uint8_t *buf = malloc(SIZE);
    if (!buf)
        return NULL;
    for (int i = 0; i < SIZE; i++)
        buf[i] = (uint8_t)(i * 31);
    uint64_t h = 1469598103934665603u;
    for (int r = 0; r < s->rounds; r++)
        for (int i = 0; i < SIZE; i++)
            h = (h ^ buf[i]) * 1099511628211u;
    s->sum = h;
    free(buf);
    return NULL;
}

int main(int argc, char **argv)
{
    int n = argc > 1 ? atoi(argv[1]) : 1;
    if (n < 1 || n > 64) {
        fprintf(stderr, "usage: report_parallel_peer THREADS (1..64)\n");
        return 2;
    }
    pthread_t threads[64];
    share shares[64];
    for (int i = 0; i < n; i++) {
        shares[i].rounds = ROUNDS / n;
        if (pthread_create(&threads[i], NULL, work, &shares[i]) != 0)
            return 1;
    }
    uint64_t sum = 0;
    for (int i = 0; i < n; i++) {
        pthread_join(threads[i], NULL);
        sum += shares[i].sum;
    }
    printf("%llu\n", (unsigned long long)sum);
    return 0;
}
