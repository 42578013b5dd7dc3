/* animgen: the schema language compiler.
 *
 *   animgen [--check] [--id ID] [-o OUTDIR] FILE.layout|FILE.schema
 *
 * Parses and checks the declaration, then writes OUTDIR/<id>_layout.h,
 * OUTDIR/<id>_layout.c and OUTDIR/rules.md. --check stops after checking.
 * Errors are reported like a compiler's (file:line:col, source line, caret);
 * the exit status is 1 when there were errors, 2 on usage or I/O failure. */
#include "ast.h"
#include "emit_common.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

char *cc_read_file(const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return NULL;
    size_t cap = 1 << 16, n = 0;
    char *buf = malloc(cap + 1);
    while (buf) {
        size_t got = fread(buf + n, 1, cap - n, f);
        n += got;
        if (n < cap)
            break;
        cap *= 2;
        char *grown = realloc(buf, cap + 1);
        if (!grown) {
            free(buf);
            buf = NULL;
        } else {
            buf = grown;
        }
    }
    bool err = ferror(f);
    fclose(f);
    if (!buf || err) {
        free(buf);
        return NULL;
    }
    buf[n] = 0; /* the scanner's sentinel */
    *len = n;
    return buf;
}

static FILE *open_out(const char *dir, const char *name, char *path, size_t n)
{
    snprintf(path, n, "%s/%s", dir, name);
    return gen_open(path);
}

int main(int argc, char **argv)
{
    const char *outdir = ".";
    const char *input = NULL;
    bool check_only = false;
    const char *expect_id = NULL;
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--check") == 0) {
            check_only = true;
        } else if (strcmp(argv[i], "--id") == 0 && i + 1 < argc) {
            expect_id = argv[++i];
        } else if (strcmp(argv[i], "-o") == 0 && i + 1 < argc) {
            outdir = argv[++i];
        } else if (argv[i][0] == '-' && argv[i][1]) {
            fprintf(stderr, "animgen: unknown option '%s'\nusage: animgen [--check] [--id ID] [-o OUTDIR] FILE\n", argv[i]);
            return 2;
        } else if (!input) {
            input = argv[i];
        } else {
            fprintf(stderr, "animgen: more than one input\n");
            return 2;
        }
    }
    if (!input) {
        fprintf(stderr, "usage: animgen [--check] [-o OUTDIR] FILE.layout|FILE.schema\n");
        return 2;
    }
    compiler cc;
    memset(&cc, 0, sizeof cc);
    ak_arena_init(&cc.arena, 1 << 16);
    cc.path = input;
    cc.outdir = outdir;
    size_t len = 0;
    char *src = cc_read_file(input, &len);
    if (!src) {
        fprintf(stderr, "animgen: cannot read %s: %s\n", input, strerror(errno));
        ak_arena_free(&cc.arena);
        return 2;
    }
    cc.src = src;
    cc.src_len = len;
    if (strlen(src) != len) {
        loc at = {1, 1};
        const char *nul = src + strlen(src);
        for (const char *p = src; p < nul; p++) {
            if (*p == '\n') {
                at.line++;
                at.col = 1;
            } else {
                at.col++;
            }
        }
        cc_error(&cc, at, "NUL byte in the declaration");
    }
    int status = 0;
    if (cc.errors || !cc_parse(&cc) || !cc_expand(&cc) || !cc_check(&cc)) {
        if (!cc.errors)
            fprintf(stderr, "%s: error: no format declaration\n", input);
        status = 1;
    } else if (expect_id && strcmp(expect_id, cc.format->id) != 0) {
        cc_error(&cc, cc.format->at, "format '%s' is declared in the folder of format '%s': the id must be the folder's name",
                 cc.format->id, expect_id);
        status = 1;
    } else if (!check_only) {
        char hname[256], hpath[4096], cpath[4096], mdpath[4096];
        snprintf(hname, sizeof hname, "%s_layout.h", cc.format->id);
        char cname[256];
        snprintf(cname, sizeof cname, "%s_layout.c", cc.format->id);
        FILE *h = open_out(outdir, hname, hpath, sizeof hpath);
        FILE *c = h ? open_out(outdir, cname, cpath, sizeof cpath) : NULL;
        FILE *md = c ? open_out(outdir, "rules.md", mdpath, sizeof mdpath) : NULL;
        if (!h || !c || !md)
            status = 2;
        else if (!cc_emit_c(&cc, h, c, hname) || !cc_emit_rules_md(&cc, md))
            status = 1;
        /* Outputs are committed only when all were emitted: a failed run
         * leaves the previous ones, and its status fails the build. */
        FILE *outs[3] = {h, c, md};
        const char *paths[3] = {hpath, cpath, mdpath};
        for (int i = 0; i < 3; i++) {
            if (!outs[i])
                continue;
            if (status != 0)
                gen_discard(outs[i], paths[i]);
            else if (outs[i] == c && !gen_fix_lines(c, paths[i]))
                gen_discard(outs[i], paths[i]), status = 2;
            else if (!gen_commit(outs[i], paths[i]))
                status = 2;
        }
    }
    free(src);
    ak_arena_free(&cc.arena);
    return status;
}
