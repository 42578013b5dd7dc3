/* Generates the JSON benchmark inputs (never committed):
 *   animj-100mb.json  an AnimJ-like document, float-heavy: tracks of curve
 *                     keyframes with float3/float values, written shortest
 *                     (as Resonite's writer would), ~100 MB;
 *   canada-like.json  a GeoJSON polygon like canada.json: long arrays of
 *                     [lon, lat] pairs with 15-17 significant digits.
 * usage: json_bench_gen OUTDIR [MEGABYTES] */
#include "numbers.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static uint64_t state = 0x2545f4914f6cdd1du;

static double uniform(double lo, double hi)
{
    state ^= state << 13;
    state ^= state >> 7;
    state ^= state << 17;
    return lo + (hi - lo) * ((double)(state >> 11) / 9007199254740992.0);
}

static void put_f32(FILE *f, double v)
{
    char buf[AK_NUM_BUFSIZE];
    size_t n = ak_format_f32((float)v, buf);
    fwrite(buf, 1, n, f);
}

static int gen_animj(const char *path, long target)
{
    FILE *f = fopen(path, "wb");
    if (!f)
        return 1;
    static const char *const props[] = {"position", "rotation", "scale"};
    fputs("{\"name\":\"benchmark\",\"globalDuration\":60.0,\"tracks\":[", f);
    for (int t = 0; ftell(f) < target; t++) {
        if (t)
            fputc(',', f);
        bool vec = t % 4 != 3;
        fprintf(f, "{\"trackType\":\"Curve\",\"valueType\":\"%s\",\"data\":{\"node\":\"bone%d\",\"property\":\"%s\","
                   "\"keyframes\":[",
                vec ? "float3" : "float", t, props[t % 3]);
        double time = 0;
        for (int k = 0; k < 400; k++) {
            time += uniform(0.01, 0.05);
            fputs(k ? ",{\"time\":" : "{\"time\":", f);
            put_f32(f, time);
            fputs(",\"value\":", f);
            if (vec) {
                fputs("{\"x\":", f);
                put_f32(f, uniform(-10, 10));
                fputs(",\"y\":", f);
                put_f32(f, uniform(-10, 10));
                fputs(",\"z\":", f);
                put_f32(f, uniform(-10, 10));
                fputc('}', f);
            } else {
                put_f32(f, uniform(-1, 1));
            }
            fputs(",\"interpolation\":\"Tangent\",\"leftTangent\":", f);
            put_f32(f, uniform(-2, 2));
            fputs(",\"rightTangent\":", f);
            put_f32(f, uniform(-2, 2));
            fputc('}', f);
        }
        fputs("]}}", f);
    }
    fputs("]}\n", f);
    return fclose(f) != 0;
}

static int gen_canada(const char *path, long target)
{
    FILE *f = fopen(path, "wb");
    if (!f)
        return 1;
    fputs("{\"type\":\"FeatureCollection\",\"features\":[{\"type\":\"Feature\",\"properties\":{\"name\":\"Canada\"},"
          "\"geometry\":{\"type\":\"Polygon\",\"coordinates\":[",
          f);
    for (int ring = 0; ftell(f) < target; ring++) {
        fputs(ring ? ",[" : "[", f);
        for (int k = 0; k < 1000; k++)
            fprintf(f, "%s[%.17g,%.17g]", k ? "," : "", uniform(-141, -52), uniform(41, 83));
        fputc(']', f);
    }
    fputs("]}}]}\n", f);
    return fclose(f) != 0;
}

int main(int argc, char **argv)
{
    if (argc < 2) {
        fprintf(stderr, "usage: %s OUTDIR [MEGABYTES]\n", argv[0]);
        return 2;
    }
    long mb = argc > 2 ? atol(argv[2]) : 100;
    char path[4096];
    snprintf(path, sizeof path, "%s/animj-%ldmb.json", argv[1], mb);
    if (gen_animj(path, mb << 20))
        return 1;
    snprintf(path, sizeof path, "%s/canada-like.json", argv[1]);
    return gen_canada(path, 24L << 20);
}
