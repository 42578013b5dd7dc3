/* The generated-code demos' checks (the tests/animgen mains): CHECK counts a
 * failed condition, printed with its line, in `failures`, which main
 * returns. */
#ifndef AK_TESTS_ANIMGEN_CHECK_H
#define AK_TESTS_ANIMGEN_CHECK_H

#include <stdio.h>

static int failures;

#define CHECK(cond)                                                                                                    \
    do {                                                                                                               \
        if (!(cond)) {                                                                                                 \
            printf("FAIL line %d: %s\n", __LINE__, #cond);                                                             \
            failures++;                                                                                                \
        }                                                                                                              \
    } while (0)

#endif
