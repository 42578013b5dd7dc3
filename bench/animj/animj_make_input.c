/* Writes a valid AnimJ document of about N MB: float3 Curve tracks with
 * CubicBezier keys, float Raw tracks and string Discrete tracks, pretty
 * printed with CRLF as real files are.
 * usage: animj_bench_gen OUT MEGABYTES */
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv)
{
    if (argc != 3) {
        fprintf(stderr, "usage: animj_bench_gen OUT MEGABYTES\n");
        return 2;
    }
    FILE *f = fopen(argv[1], "wb");
    if (!f)
        return 2;
    long long target = atoll(argv[2]) * 1000000LL, written = 0;
    written += fprintf(f, "{\r\n  \"name\": \"bench\",\r\n  \"globalDuration\": 0,\r\n  \"tracks\": [");
    for (int t = 0; written < target; t++) {
        int kind = t % 3;
        written += fprintf(f, "%s\r\n    {\r\n      \"trackType\": \"%s\",\r\n      \"valueType\": \"%s\",\r\n"
                              "      \"data\": {\r\n        \"node\": \"Slot%d\",\r\n        \"property\": \"Field\",\r\n",
                           t ? "," : "", kind == 0 ? "Curve" : kind == 1 ? "Raw" : "Discrete",
                           kind == 0 ? "float3" : kind == 1 ? "float" : "string", t);
        if (kind == 1)
            written += fprintf(f, "        \"interval\": 0.0166667,\r\n");
        written += fprintf(f, "        \"keyframes\": [");
        for (int k = 0; k < 2000; k++) {
            double time = k / 60.0, v = (k % 97) * 0.125 - 3.5;
            if (kind == 0)
                written += fprintf(f,
                                   "%s\r\n          {\"time\": %.7g, \"value\": {\"x\": %.7g, \"y\": %.7g, \"z\": %.7g}, "
                                   "\"interpolation\": \"CubicBezier\", \"leftTangent\": {\"x\": %.7g, \"y\": 0, \"z\": 1}, "
                                   "\"rightTangent\": {\"x\": %.7g, \"y\": 0.5, \"z\": -1}}",
                                   k ? "," : "", time, v, -v, v * 2, v - 0.01, v + 0.01);
            else if (kind == 1)
                written += fprintf(f, "%s\r\n          %.7g", k ? "," : "", v);
            else
                written += fprintf(f, "%s\r\n          {\"time\": %.7g, \"value\": \"state %d\"}", k ? "," : "", time, k % 13);
        }
        written += fprintf(f, "\r\n        ]\r\n      }\r\n    }");
    }
    fprintf(f, "\r\n  ]\r\n}\r\n");
    return fclose(f) ? 2 : 0;
}
