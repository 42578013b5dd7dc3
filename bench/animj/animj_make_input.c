/* Writes a valid AnimJ document of about N MB.
 *
 *   clean   float3 Curve tracks with CubicBezier keys, float Raw tracks and
 *           string Discrete tracks, pretty printed with CRLF as real files
 *           are;
 *   warned  the same with floatQ rotation Curve tracks in place of the
 *           float3 ones, every rotation key's quaternion not of unit length
 *           (animj.value.quat-nonunit, a warning: the file stays valid);
 *   shapes  other shapes for the same front end: LF line ends, two-space
 *           indentation, long node and property names, members of the keys
 *           in another order with Linear and Hold keys without tangents,
 *           color, double, int and bool tracks, Discrete float2 keys;
 *   warned-shapes  the shapes file with the rotation tracks of `warned`.
 * The speed of `animkit validate` on the second and fourth must be that of
 * the first and third (bench/animj/run).
 * usage: animj_bench_gen OUT MEGABYTES [clean|warned|shapes|warned-shapes] */
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct style {
    const char *nl;     /* line end */
    const char *in[6];  /* indentation by level */
} style;

static const style crlf = {"\r\n", {"", "  ", "    ", "      ", "        ", "          "}};
static const style lf = {"\n", {"", "  ", "    ", "      ", "        ", "          "}};

/* A rotation key: a quaternion of length about 1.01..1.3 (never unit). */
static long long quat_key(FILE *f, const style *s, int k, double time)
{
    double x = 0.1 + (k % 7) * 0.05, y = 0.2, z = -0.3 + (k % 5) * 0.01, w = 0.95;
    return fprintf(f,
                   "%s%s%s{\"time\": %.7g, \"value\": {\"x\": %.7g, \"y\": %.7g, \"z\": %.7g, \"w\": %.7g}, "
                   "\"interpolation\": \"CubicBezier\", \"leftTangent\": {\"x\": %.7g, \"y\": 0, \"z\": 0, \"w\": 1}, "
                   "\"rightTangent\": {\"x\": %.7g, \"y\": 0.5, \"z\": 0, \"w\": 1}}",
                   k ? "," : "", s->nl, s->in[5], time, x, y, z, w, x - 0.01, x + 0.01);
}

static long long clean_track(FILE *f, const style *s, int t, bool warned)
{
    int kind = t % 3;
    const char *vtype = kind == 0 ? (warned ? "floatQ" : "float3") : kind == 1 ? "float" : "string";
    long long w = fprintf(f,
                          "%s%s%s{%s%s\"trackType\": \"%s\",%s%s\"valueType\": \"%s\",%s%s\"data\": {%s%s\"node\": "
                          "\"Slot%d\",%s%s\"property\": \"%s\",%s",
                          t ? "," : "", s->nl, s->in[2], s->nl, s->in[3],
                          kind == 0 ? "Curve" : kind == 1 ? "Raw" : "Discrete", s->nl, s->in[3], vtype, s->nl,
                          s->in[3], s->nl, s->in[4], t, s->nl, s->in[4], warned && kind == 0 ? "Rotation" : "Field",
                          s->nl);
    if (kind == 1)
        w += fprintf(f, "%s\"interval\": 0.0166667,%s", s->in[4], s->nl);
    w += fprintf(f, "%s\"keyframes\": [", s->in[4]);
    for (int k = 0; k < 2000; k++) {
        double time = k / 60.0, v = (k % 97) * 0.125 - 3.5;
        if (kind == 0 && warned)
            w += quat_key(f, s, k, time);
        else if (kind == 0)
            w += fprintf(f,
                         "%s%s%s{\"time\": %.7g, \"value\": {\"x\": %.7g, \"y\": %.7g, \"z\": %.7g}, "
                         "\"interpolation\": \"CubicBezier\", \"leftTangent\": {\"x\": %.7g, \"y\": 0, \"z\": 1}, "
                         "\"rightTangent\": {\"x\": %.7g, \"y\": 0.5, \"z\": -1}}",
                         k ? "," : "", s->nl, s->in[5], time, v, -v, v * 2, v - 0.01, v + 0.01);
        else if (kind == 1)
            w += fprintf(f, "%s%s%s%.7g", k ? "," : "", s->nl, s->in[5], v);
        else
            w += fprintf(f, "%s%s%s{\"time\": %.7g, \"value\": \"state %d\"}", k ? "," : "", s->nl, s->in[5], time,
                         k % 13);
    }
    w += fprintf(f, "%s%s]%s%s}%s%s}", s->nl, s->in[4], s->nl, s->in[3], s->nl, s->in[2]);
    return w;
}

/* The shapes file's tracks: six kinds in turn (the rotation tracks of
   `warned` when asked). */
static long long shapes_track(FILE *f, const style *s, int t, bool warned)
{
    static const char *const vtypes[] = {"color", "double", "int", "bool", "float2", "floatQ"};
    static const char *const ttypes[] = {"Curve", "Raw", "Curve", "Discrete", "Discrete", "Curve"};
    int kind = t % 6;
    if (kind == 5 && !warned)
        kind = 0; /* no rotations: colors again */
    long long w = fprintf(f,
                          "%s%s%s{%s%s\"trackType\": \"%s\",%s%s\"valueType\": \"%s\",%s%s\"data\": {%s%s\"node\": "
                          "\"Assets/Characters/Hero_%04d/Armature/Hips/Spine/Chest/UpperChest\",%s%s\"property\": "
                          "\"SkinnedMeshRenderer.BlendShapeWeights.Smile_Left_%d\",%s",
                          t ? "," : "", s->nl, s->in[1], s->nl, s->in[2], ttypes[kind], s->nl, s->in[2], vtypes[kind],
                          s->nl, s->in[2], s->nl, s->in[3], t, s->nl, s->in[3], t % 17, s->nl);
    if (kind == 1)
        w += fprintf(f, "%s\"interval\": 0.033333335,%s", s->in[3], s->nl);
    w += fprintf(f, "%s\"keyframes\": [", s->in[3]);
    for (int k = 0; k < 2000; k++) {
        double time = k / 30.0, v = (k % 89) * 0.0625 - 2.75;
        const char *sep = k ? "," : "";
        switch (kind) {
        case 0: /* Linear and Hold keys, members in another order, no tangents */
            w += fprintf(f,
                         "%s%s%s{\"interpolation\": \"%s\", \"time\": %.9g, \"value\": {\"r\": %.9g, \"g\": %.9g, "
                         "\"b\": 0.25, \"a\": 1}}",
                         sep, s->nl, s->in[4], k % 4 ? "Linear" : "Hold", time, v * 0.1, 1 - v * 0.01);
            break;
        case 1:
            w += fprintf(f, "%s%s%s%.17g", sep, s->nl, s->in[4], v * 1.000000001);
            break;
        case 2:
            w += fprintf(f, "%s%s%s{\"time\": %.9g, \"value\": %d, \"interpolation\": \"Linear\"}", sep, s->nl,
                         s->in[4], time, k * 37 - 5000);
            break;
        case 3:
            w += fprintf(f, "%s%s%s{\"time\": %.9g, \"value\": %s}", sep, s->nl, s->in[4], time,
                         k % 3 ? "true" : "false");
            break;
        case 4:
            w += fprintf(f, "%s%s%s{\"time\": %.9g, \"value\": {\"x\": %.9g, \"y\": %.9g}}", sep, s->nl, s->in[4],
                         time, v, -v);
            break;
        default:
            w += quat_key(f, s, k, time);
            break;
        }
    }
    w += fprintf(f, "%s%s]%s%s}%s%s}", s->nl, s->in[3], s->nl, s->in[2], s->nl, s->in[1]);
    return w;
}

int main(int argc, char **argv)
{
    if (argc < 3 || argc > 4) {
        fprintf(stderr, "usage: animj_bench_gen OUT MEGABYTES [clean|warned|shapes|warned-shapes]\n");
        return 2;
    }
    const char *mode = argc > 3 ? argv[3] : "clean";
    bool shapes = strcmp(mode, "shapes") == 0 || strcmp(mode, "warned-shapes") == 0;
    bool warned = strcmp(mode, "warned") == 0 || strcmp(mode, "warned-shapes") == 0;
    if (!shapes && !warned && strcmp(mode, "clean") != 0) {
        fprintf(stderr, "animj_bench_gen: unknown kind '%s'\n", mode);
        return 2;
    }
    FILE *f = fopen(argv[1], "wb");
    if (!f)
        return 2;
    const style *s = shapes ? &lf : &crlf;
    long long target = atoll(argv[2]) * 1000000LL, written = 0;
    written += fprintf(f, "{%s%s\"name\": \"bench\",%s%s\"globalDuration\": 0,%s%s\"tracks\": [", s->nl, s->in[1],
                       s->nl, s->in[1], s->nl, s->in[1]);
    for (int t = 0; written < target; t++)
        written += shapes ? shapes_track(f, s, t, warned) : clean_track(f, s, t, warned);
    fprintf(f, "%s%s]%s}%s", s->nl, s->in[1], s->nl, s->nl);
    return fclose(f) ? 2 : 0;
}
