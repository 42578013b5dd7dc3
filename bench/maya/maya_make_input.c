/* Writes a large Maya .anim file (Maya's layout and number style) for the
 * benchmark.
 *   plain   LF, short names, linear/angular curves of `linear` keys (the
 *           first key of each curve `fixed`);
 *   shapes  other shapes that Maya writes: CRLF line ends, long node and
 *           attribute names, weighted curves whose keys are all `fixed`
 *           with an angle and a weight on each side (11 fields), spline,
 *           clamped and auto keys, unitless outputs, the verbose
 *           unit statements. Its speed must be that of the first
 *           (bench/maya/run).
 * usage: maya_gen OUT MEGABYTES [plain|shapes] */
#include <math.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void plain(FILE *f, long long target)
{
    fputs("animVersion 1.1;\nmayaVersion 2026;\ntimeUnit ntscf;\nlinearUnit cm;\nangularUnit deg;\n"
          "startTime 1;\nendTime 1000;\n", f);
    static const char *const attrs[] = {"translateX", "translateY", "translateZ", "rotateX", "rotateY", "rotateZ"};
    unsigned seed = 12345;
    for (long curve = 0; ftell(f) < target; curve++) {
        const char *attr = attrs[curve % 6];
        fprintf(f, "anim %s.%s %s joint%ld 0 1 %ld;\nanimData {\n  input time;\n  output %s;\n  weighted 0;\n"
                   "  preInfinity constant;\n  postInfinity constant;\n  keys {\n",
                curve % 6 < 3 ? "translate" : "rotate", attr, attr, curve / 6, curve % 6,
                curve % 6 < 3 ? "linear" : "angular");
        for (int k = 0; k < 1000; k++) {
            seed = seed * 1103515245u + 12345u;
            double v = sin(k * 0.01 + curve) * 100.0 + (double)(seed % 1000) / 997.0;
            if (k == 0)
                fprintf(f, "    %d %.8g fixed fixed 1 0 0 %.8g 1 %.8g 1;\n", k + 1, v, v * 0.1, v * 0.1);
            else
                fprintf(f, "    %d %.8g linear linear 1 0 0;\n", k + 1, v);
        }
        fputs("  }\n}\n", f);
    }
}

static void shapes(FILE *f, long long target)
{
    fputs("animVersion 1.1;\r\nmayaVersion 2024 x64;\r\ntimeUnit film;\r\nlinearUnit m;\r\nangularUnit rad;\r\n"
          "startTime 0;\r\nendTime 2400;\r\n", f);
    static const char *const attrs[][2] = {{"blendShapeWeights_mouthSmileLeft", "unitless"},
                                           {"focalLengthOverscanCompensation", "linear"},
                                           {"translateX", "linear"},
                                           {"rotateY", "angular"}};
    static const char *const tangents[] = {"spline", "clamped", "auto", "plateau"};
    unsigned seed = 4242;
    for (long curve = 0; ftell(f) < target; curve++) {
        int a = (int)(curve % 4);
        bool fixed = curve % 2 == 0;
        fprintf(f,
                "anim %s %s Character1_Reference_Hips_Spine_Spine1_Spine2_Neck_Head_%05ld 0 %ld %d;\r\n"
                "animData {\r\n  input time;\r\n  output %s;\r\n  weighted %d;\r\n  inputUnit film;\r\n"
                "  outputUnit %s;\r\n  tangentAngleUnit rad;\r\n  preInfinity cycle;\r\n  postInfinity oscillate;\r\n"
                "  keys {\r\n",
                attrs[a][0], attrs[a][0], curve / 4, curve % 4, a, attrs[a][1], fixed ? 1 : 0,
                a == 0 ? "unitless" : a == 3 ? "rad" : "m");
        for (int k = 0; k < 1000; k++) {
            seed = seed * 1103515245u + 12345u;
            double v = cos(k * 0.02 + curve) * 0.03125 + (double)(seed % 1000) / 9973.0;
            double t = k * 2.5;
            if (fixed)
                fprintf(f, "    %.8g %.8g fixed fixed 0 0 0 %.8g %.8g %.8g %.8g;\r\n", t, v, 0.5 - v, 0.25 + v * v,
                        v - 0.5, 0.75 + v);
            else
                fprintf(f, "    %.8g %.8g %s %s 1 1 0;\r\n", t, v, tangents[k % 4], tangents[(k + 1) % 4]);
        }
        fputs("  }\r\n}\r\n", f);
    }
}

int main(int argc, char **argv)
{
    if (argc < 3 || argc > 4 || (argc == 4 && strcmp(argv[3], "plain") != 0 && strcmp(argv[3], "shapes") != 0)) {
        fprintf(stderr, "usage: %s OUT MEGABYTES [plain|shapes]\n", argv[0]);
        return 2;
    }
    FILE *f = fopen(argv[1], "wb");
    if (!f)
        return 1;
    long long target = atoll(argv[2]) * 1000000LL;
    if (argc == 4 && strcmp(argv[3], "shapes") == 0)
        shapes(f, target);
    else
        plain(f, target);
    return fclose(f) ? 1 : 0;
}
