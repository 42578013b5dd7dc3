/* Writes a valid Glaxnimate document (format_version 8) of about N MB: one
 * composition of layers, each a Fill and a Rect whose position is animated
 * with eased keyframes and motion extras, laid out as Glaxnimate writes;
 * `compact`: the same document without whitespace between tokens (another
 * shape for the same front end: bench/glaxnimate/run).
 * usage: glaxnimate_bench_gen OUT MEGABYTES [compact] */
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Copies the JSON text of `in` to `out` without the whitespace outside
   strings (the generated strings have no escapes). */
static int compact(FILE *in, FILE *out)
{
    bool in_string = false;
    for (int c; (c = getc(in)) != EOF;) {
        if (c == '"')
            in_string = !in_string;
        if (in_string || (c != ' ' && c != '\n' && c != '\r' && c != '\t'))
            putc(c, out);
    }
    putc('\n', out);
    return ferror(in) || ferror(out) ? 2 : 0;
}

static unsigned long long uuid_n;

/* A fresh uuid line at the given indent. */
static long uuid(FILE *f, const char *ind)
{
    uuid_n++;
    return fprintf(f, "%s\"uuid\": \"%08llx-0000-4000-8000-%012llx\"", ind, uuid_n, uuid_n);
}

static long list(FILE *f, const char *type, const char *tail)
{
    long w = fprintf(f, "        {\n            \"__type__\": \"%s\",\n            \"name\": \"\",\n", type);
    w += uuid(f, "            ");
    return w + fprintf(f, ",\n            \"values\": [\n            ]\n        }%s\n", tail);
}

static long point(FILE *f, const char *ind, const char *key, double x, double y, const char *tail)
{
    return fprintf(f, "%s\"%s\": {\n%s    \"x\": %g,\n%s    \"y\": %g\n%s}%s\n", ind, key, ind, x, ind, y, ind, tail);
}

int main(int argc, char **argv)
{
    if (argc < 3 || argc > 4 || (argc == 4 && strcmp(argv[3], "compact") != 0)) {
        fprintf(stderr, "usage: glaxnimate_bench_gen OUT MEGABYTES [compact]\n");
        return 2;
    }
    FILE *f = argc == 4 ? tmpfile() : fopen(argv[1], "wb");
    if (!f)
        return 2;
    long long target = atoll(argv[2]) * 1000000LL, w = 0;
    w += fprintf(f, "{\n    \"assets\": {\n        \"__type__\": \"Assets\",\n        \"colors\": \n");
    w += list(f, "NamedColorList", ",");
    w += fprintf(f, "        \"compositions\": {\n            \"__type__\": \"CompositionList\",\n"
                    "            \"name\": \"\",\n");
    w += uuid(f, "            ");
    w += fprintf(f, ",\n            \"values\": [\n                {\n                    \"__type__\": \"Composition\",\n"
                    "                    \"animation\": {\n                        \"__type__\": \"AnimationContainer\",\n"
                    "                        \"first_frame\": 0,\n                        \"last_frame\": 600\n"
                    "                    },\n                    \"fps\": 60,\n                    \"group_color\": "
                    "\"#00000000\",\n                    \"height\": 512,\n                    \"locked\": false,\n"
                    "                    \"name\": \"Main\",\n                    \"shapes\": [\n");
    const char *L = "                        ", *I = "                            ";
    for (int layer = 0; w < target; layer++) {
        w += fprintf(f, "%s%s{\n%s\"__type__\": \"Layer\",\n%s\"animation\": {\n%s    \"__type__\": "
                        "\"AnimationContainer\",\n%s    \"first_frame\": 0,\n%s    \"last_frame\": 600\n%s},\n"
                        "%s\"auto_orient\": false,\n%s\"group_color\": \"#00000000\",\n%s\"locked\": false,\n"
                        "%s\"mask\": {\n%s    \"__type__\": \"MaskSettings\",\n%s    \"inverted\": false,\n"
                        "%s    \"mask\": \"NoMask\"\n%s},\n%s\"name\": \"Layer %d\",\n%s\"opacity\": {\n"
                        "%s    \"value\": 1\n%s},\n%s\"parent\": null,\n%s\"render\": true,\n%s\"shapes\": [\n",
                     layer ? ",\n" : "", L, I, I, I, I, I, I, I, I, I, I, I, I, I, I, I, layer, I, I, I, I, I, I);
        w += fprintf(f, "%s    {\n%s        \"__type__\": \"Fill\",\n%s        \"color\": {\n%s            \"value\": "
                        "\"#ff8000\"\n%s        },\n%s        \"fill_rule\": \"NonZero\",\n%s        \"group_color\": "
                        "\"#00000000\",\n%s        \"locked\": false,\n%s        \"name\": \"Fill\",\n%s        "
                        "\"opacity\": {\n%s            \"value\": 1\n%s        },\n%s        \"use\": null,\n",
                     I, I, I, I, I, I, I, I, I, I, I, I, I);
        w += uuid(f, "                                    ");
        w += fprintf(f, ",\n%s        \"visible\": true\n%s    },\n%s    {\n%s        \"__type__\": \"Rect\",\n"
                        "%s        \"group_color\": \"#00000000\",\n%s        \"locked\": false,\n%s        \"name\": "
                        "\"Rect\",\n%s        \"position\": {\n%s            \"keyframes\": [\n",
                     I, I, I, I, I, I, I, I, I);
        const char *K = "                                                ";
        for (int k = 0; k < 200; k++) {
            double x = (k * 37 % 500) + 0.25, y = (k * 91 % 500) + 0.5;
            w += fprintf(f, "%s%s    {\n", k ? ",\n" : "", K);
            w += point(f, "                                                        ", "after", 0.6666666666666666, 1,
                       ",");
            w += point(f, "                                                        ", "before", 0.3333333333333333, 0,
                       ",");
            w += fprintf(f, "%s        \"point_type\": 0,\n", K);
            w += point(f, "                                                        ", "tan_in", x, y, ",");
            w += point(f, "                                                        ", "tan_out", x, y, ",");
            w += fprintf(f, "%s        \"time\": %d,\n", K, k * 3);
            w += point(f, "                                                        ", "value", x, y, "");
            w += fprintf(f, "%s    }", K);
        }
        w += fprintf(f, "\n%s            ]\n%s        },\n%s        \"reversed\": false,\n%s        \"rounded\": {\n"
                        "%s            \"value\": 0\n%s        },\n%s        \"size\": {\n%s            \"value\": {\n"
                        "%s                \"height\": 20,\n%s                \"width\": 40\n%s            }\n"
                        "%s        },\n",
                     I, I, I, I, I, I, I, I, I, I, I, I);
        w += uuid(f, "                                    ");
        w += fprintf(f, ",\n%s        \"visible\": true\n%s    }\n%s],\n%s\"transform\": {\n%s    \"__type__\": "
                        "\"Transform\",\n",
                     I, I, I, I, I);
        w += fprintf(f, "%s    \"anchor_point\": {\n%s        \"value\": {\n%s            \"x\": 0,\n%s            "
                        "\"y\": 0\n%s        }\n%s    },\n", I, I, I, I, I, I);
        w += fprintf(f, "%s    \"position\": {\n%s        \"value\": {\n%s            \"x\": 0,\n%s            "
                        "\"y\": 0\n%s        }\n%s    },\n%s    \"rotation\": {\n%s        \"value\": 0\n%s    },\n"
                        "%s    \"scale\": {\n%s        \"value\": {\n%s            \"x\": 1,\n%s            \"y\": 1\n"
                        "%s        }\n%s    }\n%s},\n",
                     I, I, I, I, I, I, I, I, I, I, I, I, I, I, I, I);
        w += uuid(f, I);
        w += fprintf(f, ",\n%s\"visible\": true\n%s}", I, L);
    }
    w += fprintf(f, "\n                    ],\n");
    w += uuid(f, "                    ");
    w += fprintf(f, ",\n                    \"visible\": true,\n                    \"width\": 512\n"
                    "                }\n            ]\n        },\n        \"fonts\": \n");
    w += list(f, "FontList", ",");
    w += fprintf(f, "        \"gradient_colors\": \n");
    w += list(f, "GradientColorsList", ",");
    w += fprintf(f, "        \"gradients\": \n");
    w += list(f, "GradientList", ",");
    w += fprintf(f, "        \"images\": \n");
    w += list(f, "BitmapList", ",");
    w += fprintf(f, "        \"name\": \"\",\n");
    w += uuid(f, "        ");
    fprintf(f, "\n    },\n    \"format\": {\n        \"format_version\": 8,\n        \"generator\": \"Glaxnimate\",\n"
               "        \"generator_version\": \"0.5.4\"\n    },\n    \"info\": {\n        \"author\": \"\",\n"
               "        \"description\": \"\",\n        \"keywords\": [\n        ]\n    },\n"
               "    \"metadata\": {\n    }\n}\n");
    if (argc == 4) {
        FILE *out = fopen(argv[1], "wb");
        rewind(f);
        int status = out ? compact(f, out) : 2;
        fclose(f);
        return out && fclose(out) == 0 ? status : 2;
    }
    return fclose(f) == 0 ? 0 : 2;
}
