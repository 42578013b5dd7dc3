/* Runs the documents written in a JSON construct case
 * (tests/animgen/json/<id>.schema) through the validator animgen generated
 * from it, and compares what is reported with what the case expects.
 *
 * In the case's comment lines:
 *   # pass: {...}              a document (one line) that must report nothing
 *   # fail: {...}              a document that must report exactly the
 *   #   => error id.a.b /path  diagnostics listed after it (severity, code,
 *   #   => warning id.c.d      and optionally the JSON Pointer), as a multiset
 *   #   => error id.a.b /p | T  ... whose message ends with the text T
 *   # pass --strict: {...}     the same at the strict level (also fail --strict)
 *
 * Every document is validated twice, with lanes and without
 * (ak_options.no_lanes), and must report the same both ways.
 *
 * usage: animgen_json_cases FILE.schema [DIR]   (exit 0 when every document
 * passes; with AK_VERBOSE set in the environment, every diagnostic is
 * printed). Every file in DIR (real files, e.g. ../shared/corpus/<id>) must
 * validate without any diagnostic; exit 77 (skipped) when DIR is absent. */
#include "diag.h"
#include "json_cases.h"

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct expect {
    char severity[16], code[128], path[256], ending[256];
    bool matched;
} expect;

static int failures, documents, passing, failing;

static const json_case *find_case(const char *id)
{
    for (size_t i = 0; i < json_case_count; i++)
        if (strcmp(json_cases[i].id, id) == 0)
            return &json_cases[i];
    return NULL;
}

static const char *severity_name(ak_severity s)
{
    return s == AK_SEV_ERROR ? "error" : s == AK_SEV_WARNING ? "warning" : "note";
}

/* One validation of doc, with or without lanes (ak_options.no_lanes). */
static bool run_once(const json_case *jc, const char *file, int line, const char *doc, bool strict, expect *ex,
                     int nex, bool lanes)
{
    ak_diag_options dopt = {strict, 0};
    ak_diags *d = ak_diags_new(&dopt);
    ak_diags_set_source(d, (const uint8_t *)doc, strlen(doc), true);
    ak_options opt;
    memset(&opt, 0, sizeof opt);
    opt.no_lanes = !lanes;
    jc->validate((const uint8_t *)doc, strlen(doc), &opt, d, NULL, false, NULL);
    const char *how = lanes ? "" : " (without lanes)";
    for (int k = 0; k < nex; k++)
        ex[k].matched = false;
    bool ok = true;
    for (size_t i = 0; i < ak_diags_count(d); i++) {
        const ak_diag *g = ak_diags_at(d, i);
        const char *sev = severity_name(g->severity);
        if (getenv("AK_VERBOSE"))
            printf("%s:%d: %s %s %s:%u:%u: %s\n", file, line, sev, g->rule->code, g->path ? g->path : "", g->line,
                   g->column, g->message);
        bool found = false;
        for (int k = 0; k < nex && !found; k++) {
            expect *e = &ex[k];
            if (e->matched || strcmp(e->code, g->rule->code) != 0 || strcmp(e->severity, sev) != 0)
                continue;
            if (e->path[0] && strcmp(e->path, g->path ? g->path : "") != 0)
                continue;
            size_t ml = g->message ? strlen(g->message) : 0, el = strlen(e->ending);
            if (el && (ml < el || strcmp(g->message + ml - el, e->ending) != 0))
                continue;
            e->matched = found = true;
        }
        if (!found) {
            printf("%s:%d: unexpected %s %s %s: %s%s\n", file, line, sev, g->rule->code, g->path ? g->path : "",
                   g->message, how);
            ok = false;
        }
    }
    for (int k = 0; k < nex; k++)
        if (!ex[k].matched) {
            printf("%s:%d: expected %s %s %s%s%s, not reported%s\n", file, line, ex[k].severity, ex[k].code,
                   ex[k].path, ex[k].ending[0] ? " ending with " : "", ex[k].ending, how);
            ok = false;
        }
    ak_diags_free(d);
    return ok;
}

/* Lanes are a pure speed-up: the document reports the same without them. */
static void run(const json_case *jc, const char *file, int line, const char *doc, bool strict, expect *ex, int nex)
{
    documents++;
    bool with = run_once(jc, file, line, doc, strict, ex, nex, true);
    bool without = run_once(jc, file, line, doc, strict, ex, nex, false);
    if (!with || !without)
        failures++;
}

/* The text after "# <word>[ --strict]: " or NULL. */
static const char *doc_of(const char *line, const char *word, bool *strict)
{
    size_t n = strlen(word);
    if (strncmp(line, "# ", 2) != 0 || strncmp(line + 2, word, n) != 0)
        return NULL;
    const char *p = line + 2 + n;
    *strict = strncmp(p, " --strict", 9) == 0;
    if (*strict)
        p += 9;
    return strncmp(p, ": ", 2) == 0 ? p + 2 : NULL;
}

/* Every file of dir must validate without a diagnostic. -1: no such directory. */
static int run_dir(const json_case *jc, const char *dir)
{
    DIR *d = opendir(dir);
    if (!d)
        return -1;
    struct dirent *de;
    int files = 0;
    while ((de = readdir(d))) {
        if (de->d_name[0] == '.')
            continue;
        char path[4096];
        snprintf(path, sizeof path, "%s/%s", dir, de->d_name);
        FILE *f = fopen(path, "rb");
        if (!f)
            continue;
        ak_buf b;
        ak_buf_init(&b);
        char tmp[8192];
        size_t n;
        while ((n = fread(tmp, 1, sizeof tmp, f)) > 0)
            ak_buf_append(&b, tmp, n);
        fclose(f);
        files++;
        ak_buf_cstr(&b);
        run(jc, path, 1, b.data ? b.data : "", false, NULL, 0);
        ak_buf_free(&b);
    }
    closedir(d);
    printf("%s: %d files, %d failed\n", dir, files, failures);
    return files;
}

int main(int argc, char **argv)
{
    if (argc != 2 && argc != 3) {
        fprintf(stderr, "usage: animgen_json_cases FILE.schema [DIR]\n");
        return 2;
    }
    FILE *f = fopen(argv[1], "r");
    if (!f) {
        perror(argv[1]);
        return 2;
    }
    static char lines[512][4096];
    int n = 0;
    while (n < 512 && fgets(lines[n], sizeof lines[n], f)) {
        lines[n][strcspn(lines[n], "\n")] = 0;
        n++;
    }
    fclose(f);
    const json_case *jc = NULL;
    for (int i = 0; i < n && !jc; i++) {
        char id[128];
        if (sscanf(lines[i], "format %127s", id) == 1)
            jc = find_case(id);
    }
    if (!jc) {
        fprintf(stderr, "%s: no compiled format for this case\n", argv[1]);
        return 2;
    }
    if (argc == 3) {
        int files = run_dir(jc, argv[2]);
        if (files < 0)
            return 77;
        return failures || !files ? 1 : 0;
    }
    for (int i = 0; i < n; i++) {
        bool strict, fail = false;
        const char *doc = doc_of(lines[i], "pass", &strict);
        if (!doc) {
            doc = doc_of(lines[i], "fail", &strict);
            fail = doc != NULL;
        }
        if (!doc)
            continue;
        expect ex[32];
        int nex = 0;
        for (int k = i + 1; k < n && strncmp(lines[k], "#   => ", 7) == 0 && nex < 32; k++) {
            memset(&ex[nex], 0, sizeof ex[nex]);
            const char *bar = strstr(lines[k] + 7, " | ");
            if (bar)
                snprintf(ex[nex].ending, sizeof ex[nex].ending, "%s", bar + 3);
            if (sscanf(lines[k] + 7, "%15s %127s %255s", ex[nex].severity, ex[nex].code, ex[nex].path) >= 2)
                nex++;
        }
        if (fail && nex == 0) {
            printf("%s:%d: a failing document lists no diagnostic\n", argv[1], i + 1);
            failures++;
            continue;
        }
        if (!fail && nex) {
            printf("%s:%d: a passing document lists diagnostics\n", argv[1], i + 1);
            failures++;
            continue;
        }
        run(jc, argv[1], i + 1, doc, strict, ex, nex);
        passing += !fail;
        failing += fail;
    }
    printf("%s: %d documents, %d failed\n", argv[1], documents, failures);
    if (!passing || !failing) {
        printf("%s: a case needs a passing and a failing document\n", argv[1]);
        return 1;
    }
    return failures ? 1 : 0;
}
