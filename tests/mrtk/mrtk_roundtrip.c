/* decode -> encode over every MRTK conformance case and example (generated
 * decoder and encoder, straight from mrtk_layout.h):
 *  - a file without errors re-encodes to exactly its bytes, unless it has
 *    one of the three normalisations of spec §6.7 (flag bytes, non-minimal
 *    string lengths, trailing bytes), each announced by its warning; then
 *    the re-encoding has none of them and re-encodes to itself;
 *  - the streaming validator and the decoder report the same diagnostics.
 * usage: mrtk_roundtrip FILE... (exit 0 when all hold) */
#include "mrtk_layout.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int failures;

static uint8_t *read_all(const char *path, size_t *size)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return NULL;
    ak_buf b;
    ak_buf_init(&b);
    char tmp[65536];
    size_t n;
    while ((n = fread(tmp, 1, sizeof tmp, f)) > 0)
        ak_buf_append(&b, tmp, n);
    fclose(f);
    *size = b.len;
    return b.data ? (uint8_t *)b.data : calloc(1, 1);
}

static bool has_code(const ak_diags *d, const char *code)
{
    for (size_t i = 0; i < ak_diags_count(d); i++)
        if (strcmp(ak_diags_at(d, i)->rule->code, code) == 0)
            return true;
    return false;
}

static void check(const char *path)
{
    size_t size;
    uint8_t *data = read_all(path, &size);
    if (!data) {
        printf("FAIL %s: cannot read\n", path);
        failures++;
        return;
    }
    ak_diags *v = ak_diags_new(NULL);
    ak_input in = {path, data, size, false};
    ak_options opt = {0};
    mrtk_validate(&in, &opt, v);
    ak_diags *d = ak_diags_new(NULL);
    ak_arena arena;
    ak_arena_init(&arena, 0);
    mrtk_file *doc = mrtk_decode(data, size, NULL, d, &arena);
    if (ak_diags_count(v) != ak_diags_count(d)) {
        printf("FAIL %s: validate reports %zu, decode %zu\n", path, ak_diags_count(v), ak_diags_count(d));
        failures++;
    }
    if (doc && ak_diags_errors(d) == 0) {
        ak_buf out;
        ak_buf_init(&out);
        if (!mrtk_encode(doc, &out)) {
            printf("FAIL %s: encode\n", path);
            failures++;
        }
        bool normalised = has_code(d, "mrtk.header.flag-value") || has_code(d, "mrtk.string.non-minimal") ||
                          has_code(d, "mrtk.file.trailing");
        bool same = out.len == size && memcmp(out.data, data, size) == 0;
        if (!normalised && !same) {
            printf("FAIL %s: decode -> encode changed the bytes\n", path);
            failures++;
        }
        if (normalised) {
            ak_diags *d2 = ak_diags_new(NULL);
            ak_arena a2;
            ak_arena_init(&a2, 0);
            mrtk_file *doc2 = mrtk_decode((const uint8_t *)out.data, out.len, NULL, d2, &a2);
            ak_buf out2;
            ak_buf_init(&out2);
            if (!doc2 || has_code(d2, "mrtk.header.flag-value") || has_code(d2, "mrtk.string.non-minimal") ||
                has_code(d2, "mrtk.file.trailing") || !mrtk_encode(doc2, &out2) || out2.len != out.len ||
                memcmp(out2.data, out.data, out.len) != 0) {
                printf("FAIL %s: the normalised encoding is not canonical\n", path);
                failures++;
            }
            ak_buf_free(&out2);
            ak_arena_free(&a2);
            ak_diags_free(d2);
        }
        ak_buf_free(&out);
    }
    ak_arena_free(&arena);
    ak_diags_free(d);
    ak_diags_free(v);
    free(data);
}

int main(int argc, char **argv)
{
    for (int i = 1; i < argc; i++)
        check(argv[i]);
    printf("%d file%s, %d failure%s\n", argc - 1, argc == 2 ? "" : "s", failures, failures == 1 ? "" : "s");
    return failures ? 1 : 0;
}
