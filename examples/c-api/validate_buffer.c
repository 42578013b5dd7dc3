/* Validates animation data held in memory with libanimkit and prints the
 * diagnostics.
 *
 *   validate_buffer            checks a small AnimJ document built in
 *   validate_buffer FILE...    checks each file, read into memory first
 *   validate_buffer --strict FILE...   at the strict level
 *
 * Exit status: 0 no errors, 1 errors found, 2 a file could not be read. */
#include <animkit/animkit.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* An AnimJ document with keyframes out of order (a warning) and a misspelt
 * interpolation (an error). */
static const char sample[] = "{\"name\": \"wave\", \"globalDuration\": 2, \"tracks\": [\n"
                             "  {\"trackType\": \"Curve\", \"valueType\": \"float\", \"data\": {\n"
                             "    \"node\": \"arm\", \"property\": \"angle\", \"keyframes\": [\n"
                             "      {\"time\": 1, \"value\": 0.5, \"interpolation\": \"Linear\"},\n"
                             "      {\"time\": 0, \"value\": 0.0, \"interpolation\": \"Lienar\"}]}}\n"
                             "]}\n";

/* Validates size bytes at data; name is used for detection (its extension)
 * and in messages. Returns the number of errors. */
static size_t check(const char *name, const void *data, size_t size, bool strict)
{
    ak_diag_options level = {.strict = strict, .max_errors = 0};
    ak_diags *d = ak_diags_new(&level);
    if (!d) {
        fprintf(stderr, "out of memory\n");
        exit(2);
    }
    ak_options opt;
    memset(&opt, 0, sizeof opt); /* every limit at its default */
    ak_input in = {name, (const uint8_t *)data, size, false};
    const ak_format *format = ak_validate(&in, NULL, &opt, d);
    ak_diags_sort(d);

    printf("%s: %s, %zu error(s), %zu warning(s)\n", name, format ? format->id : "unknown format",
           ak_diags_errors(d), ak_diags_warnings(d));
    for (size_t i = 0; i < ak_diags_count(d); i++) {
        const ak_diag *g = ak_diags_at(d, i);
        if (g->line) /* text formats */
            printf("  %u:%u: ", g->line, g->column);
        else
            printf("  byte %llu: ", (unsigned long long)g->offset);
        printf("%s [%s] %s\n", ak_severity_name(g->severity), g->rule->code, g->message);
    }
    size_t errors = ak_diags_errors(d);
    ak_diags_free(d);
    return errors;
}

/* A whole file in memory (the caller frees it). */
static char *slurp(const char *path, size_t *size)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return NULL;
    size_t cap = 1 << 16, len = 0;
    char *buf = malloc(cap);
    size_t n;
    while (buf && (n = fread(buf + len, 1, cap - len, f)) > 0) {
        len += n;
        if (len == cap) {
            char *bigger = realloc(buf, cap *= 2);
            if (!bigger)
                free(buf);
            buf = bigger;
        }
    }
    fclose(f);
    *size = len;
    return buf;
}

int main(int argc, char **argv)
{
    bool strict = argc > 1 && strcmp(argv[1], "--strict") == 0;
    int first = strict ? 2 : 1;
    if (first >= argc)
        return check("wave.animj", sample, sizeof sample - 1, strict) ? 1 : 0;
    size_t errors = 0;
    for (int i = first; i < argc; i++) {
        size_t size = 0;
        char *data = slurp(argv[i], &size);
        if (!data) {
            perror(argv[i]);
            return 2;
        }
        errors += check(argv[i], data, size, strict);
        free(data);
    }
    return errors ? 1 : 0;
}
