/* Writes a large Maya .anim file (Maya's layout and number style) for the
 * benchmark: usage maya_gen OUT MEGABYTES */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv)
{
    if (argc != 3) {
        fprintf(stderr, "usage: %s OUT MEGABYTES\n", argv[0]);
        return 2;
    }
    FILE *f = fopen(argv[1], "wb");
    if (!f)
        return 1;
    long long target = atoll(argv[2]) * 1000000LL;
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
    fclose(f);
    return 0;
}
