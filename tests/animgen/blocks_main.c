/* The code animgen generates for tests/animgen/layout_blocks_ok.layout,
 * compiled and run: files of valid elements with words changed to values at
 * the edges of each check (0, -0, 1, -1, the bounds and their neighbours,
 * the extremes, NaN, the infinities, denormals): each value in each word of
 * the elements at the edges of groups and blocks, then a few at a time at
 * random (a fixed seed) positions, some the previous element's, validated with the
 * block checks and without them (ak_options.no_lanes): the diagnostics must
 * be the same, in the same order, at the same offsets and paths, with the
 * same messages. The generator's b_<S> must be there (gen/emit_blocks.c). */
#include "demo4_layout.h"

#include <float.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#define N 150 /* elements of each array */

static int failures;

static uint32_t rng = 27;
static uint32_t next(void)
{
    rng = rng * 1103515245u + 12345u;
    return rng >> 8;
}

static uint32_t fbits(float f)
{
    uint32_t b;
    memcpy(&b, &f, 4);
    return b;
}

static void put32(uint8_t *p, uint32_t v)
{
    for (int i = 0; i < 4; i++)
        p[i] = (uint8_t)(v >> (8 * i));
}

/* limit, n, N tris (serial 10 + 3k, level k % 3 - 1 (no repeat), gain -0.5), N ones (t = k / 8),
   N fives (at 0.25 k, v 1 2 3, mode 2.0) */
static size_t build(uint8_t *b, float limit)
{
    size_t n = 0;
    put32(b + n, fbits(limit)), n += 4;
    put32(b + n, N), n += 4;
    for (uint32_t k = 0; k < N; k++) {
        put32(b + n, 10 + 3 * k), n += 4;
        put32(b + n, (uint32_t)((int32_t)(k % 3) - 1)), n += 4;
        put32(b + n, fbits(-0.5f)), n += 4;
    }
    for (uint32_t k = 0; k < N; k++)
        put32(b + n, fbits((float)k / 8)), n += 4;
    for (uint32_t k = 0; k < N; k++) {
        put32(b + n, fbits(0.25f * (float)k)), n += 4;
        for (int i = 0; i < 3; i++)
            put32(b + n, fbits((float)(i + 1))), n += 4;
        put32(b + n, fbits(2.0f)), n += 4;
    }
    return n;
}

static ak_diags *run(const uint8_t *b, size_t n, bool blocks)
{
    ak_input in = {"demo4", b, n, false};
    ak_options opt = {.no_lanes = !blocks};
    ak_diags *d = ak_diags_new(NULL);
    demo4_validate(&in, &opt, d);
    return d;
}

static size_t compare(const uint8_t *b, size_t n, const char *what)
{
    ak_diags *x = run(b, n, true), *y = run(b, n, false);
    size_t count = ak_diags_count(y);
    bool same = ak_diags_count(x) == count;
    for (size_t i = 0; same && i < count; i++) {
        const ak_diag *g = ak_diags_at(x, i), *h = ak_diags_at(y, i);
        same = g->rule == h->rule && g->offset == h->offset && g->length == h->length &&
               strcmp(g->path, h->path) == 0 && strcmp(g->message, h->message) == 0;
    }
    if (!same) {
        printf("FAIL %s: %zu diagnostics with blocks, %zu without\n", what, ak_diags_count(x), count);
        for (size_t i = 0; i < ak_diags_count(y); i++)
            printf("  without: %s %s @%llu %s\n", ak_diags_at(y, i)->rule->code, ak_diags_at(y, i)->path,
                   (unsigned long long)ak_diags_at(y, i)->offset, ak_diags_at(y, i)->message);
        for (size_t i = 0; i < ak_diags_count(x); i++)
            printf("  with:    %s %s @%llu %s\n", ak_diags_at(x, i)->rule->code, ak_diags_at(x, i)->path,
                   (unsigned long long)ak_diags_at(x, i)->offset, ak_diags_at(x, i)->message);
        failures++;
    }
    ak_diags_free(x);
    ak_diags_free(y);
    return count;
}

int main(void)
{
    static const float floats[] = {0.0f, -0.0f, 1.0f, -1.0f, 0.5f, -1.5f, -1.4999999f, -1.5000001f, -2.0f, -1.9999999f,
                                   -2.0000002f, FLT_MAX, -FLT_MAX, FLT_TRUE_MIN, -FLT_TRUE_MIN, FLT_MIN, 37.0f,
                                   37.000004f, 1e30f};
    static const uint32_t ints[] = {0, 1, 2, 3, 4, 5, 6, 9, 10, 11, 0xfffffffbu, 0xfffffffau, 0xffffffffu, 0x7fffffffu,
                                    0x80000000u, 4000000000u, 4000000001u, 0x7fc00000u, 0x7f800000u, 0xff800000u,
                                    0x7f800001u, 0xffc00000u};
    static uint8_t clean[16384], b[16384];
    const float limits[] = {0, 37.0f, -1};
    size_t reported = 0, files = 0;
    for (size_t l = 0; l < sizeof limits / sizeof limits[0]; l++) {
        size_t n = build(clean, limits[l]);
        compare(clean, n, "clean"); /* with a limit of 37, the fives after 37 s are reported */
        /* every value in every word of the elements at the edges of groups and blocks */
        static const size_t at[] = {0, 1, 3, 4, 7, 8, 15, 16, 17, 63, 64, N - 1};
        static const size_t arrays[3][2] = {{8, 3}, {8 + 12 * N, 1}, {8 + 16 * N, 5}}; /* offset, words */
        for (size_t a = 0; a < 3; a++)
            for (size_t i = 0; i < sizeof at / sizeof at[0]; i++)
                for (size_t w = 0; w < arrays[a][1]; w++)
                    for (size_t k = 0; k < sizeof floats / sizeof floats[0] + sizeof ints / sizeof ints[0]; k++) {
                        memcpy(b, clean, n);
                        size_t nf = sizeof floats / sizeof floats[0];
                        put32(b + arrays[a][0] + 4 * (at[i] * arrays[a][1] + w), k < nf ? fbits(floats[k]) : ints[k - nf]);
                        char what[160];
                        snprintf(what, sizeof what, "limit %g, array %zu, element %zu, word %zu, value %zu",
                                 (double)limits[l], a, at[i], w, k);
                        reported += compare(b, n, what) > 0;
                        files++;
                    }
        for (int trial = 0; trial < 1500; trial++) {
            memcpy(b, clean, n);
            int changes = 1 + (int)(next() % 3);
            for (int c = 0; c < changes; c++) {
                size_t word = 2 + next() % ((n - 8) / 4);
                uint32_t v = next() % 2 ? fbits(floats[next() % (sizeof floats / sizeof floats[0])])
                                        : ints[next() % (sizeof ints / sizeof ints[0])];
                size_t back = (size_t[]){1, 3, 5}[next() % 3]; /* an element of 1, 3 or 5 words */
                if (next() % 4 == 0 && word >= 2 + back) { /* the previous element's word: orders, repeats */
                    const uint8_t *q = b + 4 * (word - back);
                    v = (uint32_t)q[0] | (uint32_t)q[1] << 8 | (uint32_t)q[2] << 16 | (uint32_t)q[3] << 24;
                }
                put32(b + 4 * word, v);
            }
            char what[64];
            snprintf(what, sizeof what, "limit %g, trial %d", (double)limits[l], trial);
            reported += compare(b, n, what) > 0;
            files++;
        }
    }
    printf("%zu files, %zu with diagnostics\n", files, reported);
    if (reported < files / 2) {
        printf("FAIL: too few files with something to report\n");
        failures++;
    }
    return failures ? 1 : 0;
}
