/* Validation throughput of the JSON front end: the file mapped once, then
 * ak_json_parse (well-formedness, duplicate detection on, no handler: what
 * `animkit validate --format json` does) timed best of N in process CPU time (the machine may be shared; the
 * peers are timed the same way). */
#include <animkit/animkit.h>

#include "json_parser.h"

#include <stdio.h>
#include <stdlib.h>
#include <time.h>

int main(int argc, char **argv)
{
    if (argc < 2)
        return 2;
    int runs = argc > 2 ? atoi(argv[2]) : 5;
    ak_file f;
    char why[256];
    if (!ak_file_open(&f, argv[1], why, sizeof why)) {
        fprintf(stderr, "%s: %s\n", argv[1], why);
        return 2;
    }
    double best = 1e30;
    for (int r = 0; r < runs; r++) {
        struct timespec t0, t1;
        clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t0);
        ak_json_config cfg = {0};
        ak_json_status st = ak_json_parse(f.data, f.size, &cfg, NULL);
        clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t1);
        if (st != AK_JSON_OK) {
            fprintf(stderr, "%s: not well-formed\n", argv[1]);
            return 1;
        }
        double s = (double)(t1.tv_sec - t0.tv_sec) + (double)(t1.tv_nsec - t0.tv_nsec) * 1e-9;
        if (s < best)
            best = s;
    }
    printf("%.1f\n", (double)f.size / best / 1e6);
    ak_file_close(&f);
    return 0;
}
