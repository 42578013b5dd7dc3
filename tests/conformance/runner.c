/* Conformance runner: validates every case file under
 * tests/conformance/<format>/{valid,invalid}/ with --format <format> and
 * compares what is reported with the expectations written next to it.
 *
 * Expectations for case file F live in F.expected (optional for valid/):
 *   # a comment
 *   --strict                      options for this case (also --max-errors N,
 *                                 --format-options "name=value,...",
 *                                 --max-depth N)
 *   error json.syntax.trailing-comma 1:7
 *   warning json.encoding.bom @0
 *   error mrtk.header.magic /magic
 * One line per expected diagnostic: severity, code, and optionally where:
 * LINE:COL, @OFFSET or a path starting with '/'. The reported diagnostics
 * must match the expected ones exactly, as a multiset (order-free). A valid/
 * case without F.expected must produce no diagnostic at all, and no case in
 * valid/ may expect an error. A case may also have F.strict.expected: the
 * same file is then checked a second time under --strict against it (the
 * two levels of one input side by side; valid/ cases may expect errors
 * there).
 *
 * usage: conformance_runner DIR FORMAT   (exit 0 when every case passes) */
#include <animkit/animkit.h>

#include <dirent.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

typedef struct expect {
    char severity[16];
    char code[128];
    char where[256]; /* "" = anywhere */
    bool matched;
} expect;

static int failures, cases;

static char *read_text(const char *path)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return NULL;
    ak_buf b;
    ak_buf_init(&b);
    char tmp[4096];
    size_t n;
    while ((n = fread(tmp, 1, sizeof tmp, f)) > 0)
        ak_buf_append(&b, tmp, n);
    fclose(f);
    ak_buf_cstr(&b);
    return b.data ? b.data : calloc(1, 1);
}

static bool where_matches(const char *where, const ak_diag *g)
{
    if (!where[0])
        return true;
    char tmp[64];
    if (where[0] == '@') {
        snprintf(tmp, sizeof tmp, "@%llu", (unsigned long long)g->offset);
        return strcmp(where, tmp) == 0;
    }
    if (where[0] == '/')
        return strcmp(where, g->path) == 0;
    snprintf(tmp, sizeof tmp, "%u:%u", g->line, g->column);
    return strcmp(where, tmp) == 0;
}

static void run_case(const char *path, const ak_format *format, bool valid_dir, bool strict_file)
{
    cases++;
    char exp_path[4096];
    snprintf(exp_path, sizeof exp_path, "%s%s.expected", path, strict_file ? ".strict" : "");
    char *text = read_text(exp_path);
    if (!text && !valid_dir) {
        printf("FAIL %s: no %s\n", path, exp_path);
        failures++;
        return;
    }
    ak_options opt = {0};
    ak_diag_options dopt = {strict_file, 0};
    char *format_options = NULL;
    expect *ex = NULL;
    size_t nex = 0;
    bool bad_expectation = false;
    for (char *line = text ? strtok(text, "\n") : NULL; line; line = strtok(NULL, "\n")) {
        while (*line == ' ' || *line == '\t')
            line++;
        size_t len = strlen(line);
        while (len && (line[len - 1] == '\r' || line[len - 1] == ' '))
            line[--len] = '\0';
        if (!len || line[0] == '#')
            continue;
        if (strcmp(line, "--strict") == 0) {
            dopt.strict = true;
            continue;
        }
        if (strncmp(line, "--format-options ", 17) == 0) {
            free(format_options);
            format_options = strdup(line + 17);
            opt.format_options = format_options;
            continue;
        }
        unsigned long v;
        if (sscanf(line, "--max-errors %lu", &v) == 1) {
            dopt.max_errors = (uint32_t)v;
            continue;
        }
        if (sscanf(line, "--max-depth %lu", &v) == 1) {
            opt.max_depth = (uint32_t)v;
            continue;
        }
        expect e;
        memset(&e, 0, sizeof e);
        int got = sscanf(line, "%15s %127s %255s", e.severity, e.code, e.where);
        if (got < 2 || (strcmp(e.severity, "error") && strcmp(e.severity, "warning") && strcmp(e.severity, "note"))) {
            printf("FAIL %s: bad expectation line '%s'\n", exp_path, line);
            bad_expectation = true;
            continue;
        }
        if (valid_dir && !strict_file && strcmp(e.severity, "error") == 0) {
            printf("FAIL %s: a valid case cannot expect an error\n", exp_path);
            bad_expectation = true;
        }
        if (!ak_rule_find(e.code)) {
            printf("FAIL %s: unknown rule code %s\n", exp_path, e.code);
            bad_expectation = true;
        }
        expect *nx = realloc(ex, (nex + 1) * sizeof *nx);
        if (!nx)
            break;
        ex = nx;
        ex[nex++] = e;
    }
    free(text);

    ak_file f;
    char why[256];
    if (!ak_file_open(&f, path, why, sizeof why)) {
        printf("FAIL %s: %s\n", path, why);
        failures++;
        free(ex);
        free(format_options);
        return;
    }
    ak_diags *d = ak_diags_new(&dopt);
    ak_input in = {path, f.data, f.size, false};
    ak_validate(&in, format, &opt, d);
    ak_diags_sort(d);

    bool ok = !bad_expectation;
    ak_buf report;
    ak_buf_init(&report);
    for (size_t i = 0; i < ak_diags_count(d); i++) {
        const ak_diag *g = ak_diags_at(d, i);
        if (g->rule == &ak_rule_limit_max_errors)
            continue;
        bool found = false;
        for (size_t k = 0; k < nex && !found; k++) {
            if (!ex[k].matched && strcmp(ex[k].code, g->rule->code) == 0 &&
                strcmp(ex[k].severity, ak_severity_name(g->severity)) == 0 && where_matches(ex[k].where, g)) {
                ex[k].matched = found = true;
            }
        }
        if (!found) {
            ok = false;
            ak_buf_printf(&report, "    unexpected: %s %s %u:%u @%llu %s: %s\n", ak_severity_name(g->severity),
                          g->rule->code, g->line, g->column, (unsigned long long)g->offset, g->path, g->message);
        }
    }
    for (size_t k = 0; k < nex; k++) {
        if (!ex[k].matched) {
            ok = false;
            ak_buf_printf(&report, "    missing:    %s %s %s\n", ex[k].severity, ex[k].code, ex[k].where);
        }
    }
    if (!ok) {
        failures++;
        printf("FAIL %s%s\n%s", path, dopt.strict ? " (--strict)" : "", ak_buf_cstr(&report));
    }
    ak_buf_free(&report);
    ak_diags_free(d);
    free(format_options);
    ak_file_close(&f);
    free(ex);
}

static int cmp(const void *a, const void *b) { return strcmp(*(char *const *)a, *(char *const *)b); }

static void run_dir(const char *dir, const ak_format *format, bool valid_dir)
{
    DIR *dh = opendir(dir);
    if (!dh)
        return;
    char **names = NULL;
    size_t count = 0;
    struct dirent *e;
    while ((e = readdir(dh)) != NULL) {
        size_t len = strlen(e->d_name);
        if (e->d_name[0] == '.' || (len > 9 && strcmp(e->d_name + len - 9, ".expected") == 0))
            continue;
        char **nn = realloc(names, (count + 1) * sizeof *nn);
        if (!nn)
            break;
        names = nn;
        size_t plen = strlen(dir) + len + 2;
        names[count] = malloc(plen);
        snprintf(names[count++], plen, "%s/%s", dir, e->d_name);
    }
    closedir(dh);
    if (count)
        qsort(names, count, sizeof *names, cmp);
    for (size_t i = 0; i < count; i++) {
        struct stat st;
        if (stat(names[i], &st) == 0 && S_ISREG(st.st_mode)) {
            run_case(names[i], format, valid_dir, false);
            char strict_path[4096];
            snprintf(strict_path, sizeof strict_path, "%s.strict.expected", names[i]);
            if (stat(strict_path, &st) == 0)
                run_case(names[i], format, valid_dir, true);
        }
        free(names[i]);
    }
    free(names);
}

int main(int argc, char **argv)
{
    if (argc != 3) {
        fprintf(stderr, "usage: %s DIR FORMAT\n", argv[0]);
        return 2;
    }
    const ak_format *format = ak_format_find(argv[2]);
    if (!format) {
        fprintf(stderr, "unknown format %s\n", argv[2]);
        return 2;
    }
    char sub[4096];
    snprintf(sub, sizeof sub, "%s/valid", argv[1]);
    run_dir(sub, format, true);
    snprintf(sub, sizeof sub, "%s/invalid", argv[1]);
    run_dir(sub, format, false);
    printf("%d passed, %d failed\n", cases - failures, failures);
    return failures ? 1 : 0;
}
