/* Writes a plain AnimX file of about N MB for the benchmark, byte by byte
 * from ../shared/specs/animj-animx.md §3.4 (not through the project's
 * encoder): tracks of 20,000 keys in turn a Curve float3 with tangents
 * (CubicBezier), a Discrete float, a Raw floatQ and a Curve float with
 * per-key interpolations.
 * usage: animx_make_input FILE MEGABYTES */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void put(FILE *f, const void *p, size_t n) { fwrite(p, 1, n, f); }
static void u8(FILE *f, unsigned v)
{
    uint8_t b = (uint8_t)v;
    put(f, &b, 1);
}
static void le32(FILE *f, uint32_t v)
{
    uint8_t b[4] = {(uint8_t)v, (uint8_t)(v >> 8), (uint8_t)(v >> 16), (uint8_t)(v >> 24)};
    put(f, b, 4);
}
static void f32(FILE *f, float x)
{
    uint32_t u;
    memcpy(&u, &x, 4);
    le32(f, u);
}
static void leb(FILE *f, uint64_t v)
{
    do {
        uint8_t b = (uint8_t)(v & 0x7f);
        v >>= 7;
        u8(f, b | (v ? 0x80u : 0));
    } while (v);
}
static void str(FILE *f, const char *s)
{
    leb(f, strlen(s));
    put(f, s, strlen(s));
}

enum { KEYS = 20000 };

int main(int argc, char **argv)
{
    if (argc != 3) {
        fprintf(stderr, "usage: animx_make_input FILE MEGABYTES\n");
        return 2;
    }
    double mb = atof(argv[2]);
    /* bytes per group of four tracks, roughly */
    double group = KEYS * (40.0 + 8 + 16 + 9) + 100;
    unsigned tracks = 4u * (unsigned)ceil(mb * 1e6 / group);
    FILE *f = fopen(argv[1], "wb");
    if (!f)
        return 2;
    put(f, "\x05" "AnimX", 6);
    le32(f, 1);
    leb(f, tracks);
    f32(f, 0); /* no global duration */
    str(f, "bench");
    u8(f, 0); /* plain */
    for (unsigned t = 0; t < tracks; t++) {
        char node[32];
        snprintf(node, sizeof node, "node%u", t);
        switch (t % 4) {
        case 0: /* Curve float3, shared CubicBezier, tangents */
            u8(f, 2), u8(f, 23), str(f, node), str(f, "position"), leb(f, KEYS);
            u8(f, 0x02), u8(f, 3);
            for (unsigned k = 0; k < KEYS; k++) {
                f32(f, (float)k / 30.0f);
                for (int c = 0; c < 3; c++)
                    f32(f, sinf((float)(k + c)));
            }
            for (unsigned k = 0; k < KEYS; k++)
                for (int c = 0; c < 6; c++)
                    f32(f, cosf((float)(k * 6 + c)));
            break;
        case 1: /* Discrete float */
            u8(f, 1), u8(f, 21), str(f, node), str(f, "weight"), leb(f, KEYS);
            for (unsigned k = 0; k < KEYS; k++)
                f32(f, (float)k / 30.0f), f32(f, (float)(k % 7));
            break;
        case 2: /* Raw floatQ */
            u8(f, 0), u8(f, 25), str(f, node), str(f, "rotation"), leb(f, KEYS);
            f32(f, 1.0f / 30.0f);
            for (unsigned k = 0; k < KEYS; k++) {
                float a = (float)k * 0.01f;
                f32(f, 0), f32(f, sinf(a)), f32(f, 0), f32(f, cosf(a));
            }
            break;
        default: /* Curve float, per-key interpolations, no tangents */
            u8(f, 2), u8(f, 21), str(f, node), str(f, "scale"), leb(f, KEYS);
            u8(f, 0x01);
            for (unsigned k = 0; k < KEYS; k++)
                u8(f, k % 2);
            for (unsigned k = 0; k < KEYS; k++)
                f32(f, (float)k / 30.0f), f32(f, 1.0f + (float)(k % 5));
            break;
        }
    }
    return fclose(f) == 0 ? 0 : 2;
}
