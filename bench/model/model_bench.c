/* Bytes per key of the common model (issue 17), per value kind: a Raw
 * track (no times), a keyed (Discrete) track, and a Curve track with
 * tangents, each of N keys built as the format mappings build them (one
 * arena, keys through ak_track_alloc_keys), measured as what the arena
 * obtained from malloc divided by N. Also the binary size of such a
 * key in AnimX (time f32 + value + interpolation byte [+ two tangent
 * values]) for the factor the issue asks about.
 *
 *   model_bench [N]   (default 100000) */
#include "arena.h"
#include "model.h"

#include <stdio.h>
#include <stdlib.h>

static const struct {
    ak_value_type type;
    const char *name;
} kinds[] = {
    {AK_VT_BOOL, "bool"},     {AK_VT_INT, "int"},         {AK_VT_FLOAT, "float"},
    {AK_VT_FLOAT3, "float3"}, {AK_VT_FLOATQ, "floatQ"},   {AK_VT_FLOAT4X4, "float4x4"},
    {AK_VT_DOUBLE, "double"}, {AK_VT_STRING, "string"},
};

/* AnimX's bytes for one value of t (strings: a 7-bit length and 8 bytes) */
static size_t animx_value_bytes(ak_value_type t)
{
    const ak_value_type_info *info = ak_value_type_info_of(t);
    if (info->kind == AK_VK_STRING)
        return 1 + 1 + 8; /* nullable flag, length, text */
    size_t bits = (size_t)info->bits * info->components;
    return info->kind == AK_VK_BOOL ? info->components : bits / 8;
}

static double measure(ak_value_type t, size_t n, ak_track_kind kind, bool tangents)
{
    ak_arena arena;
    ak_arena_init(&arena, 0); /* the default blocks; arrays past a quarter of one get their own */
    ak_track track = {.type = t, .kind = kind, .interval = 1.0 / 30};
    if (!ak_track_alloc_keys(&track, &arena, n, tangents ? AK_KEYS_TANGENTS : 0)) {
        fprintf(stderr, "model_bench: out of memory\n");
        exit(2);
    }
    for (size_t i = 0; i < n; i++) {
        ak_key k = {.time = (double)i / 30, .interp = tangents ? AK_INTERP_CUBIC_BEZIER : AK_INTERP_HOLD,
                    .has_tangents = tangents};
        k.value.f[0] = (float)i;
        if (t == AK_VT_STRING) {
            k.value.s.ptr = "walk";
            k.value.s.len = 4;
        }
        ak_key_set(&track, i, &k);
    }
    double per_key = (double)arena.total / (double)n;
    ak_arena_free(&arena);
    return per_key;
}

int main(int argc, char **argv)
{
    size_t n = argc > 1 ? strtoul(argv[1], NULL, 10) : 100000;
    if (n == 0)
        n = 1;
    printf("common model: bytes per key (%zu keys per track; sizeof(ak_key) = %zu, sizeof(ak_value) = %zu)\n", n,
           sizeof(ak_key), sizeof(ak_value));
    printf("  %-9s %10s %10s %15s %10s %10s %15s\n", "value", "model raw", "model", "model+tangents", "AnimX raw",
           "AnimX", "AnimX+tangents");
    for (size_t i = 0; i < sizeof kinds / sizeof kinds[0]; i++) {
        ak_value_type t = kinds[i].type;
        size_t v = animx_value_bytes(t);
        printf("  %-9s %10.1f %10.1f %15.1f %10zu %10zu %15zu\n", kinds[i].name, measure(t, n, AK_TRACK_RAW, false),
               measure(t, n, AK_TRACK_DISCRETE, false), measure(t, n, AK_TRACK_CURVE, true), v, 4 + v,
               4 + v + 1 + 2 * v);
    }
    return 0;
}
