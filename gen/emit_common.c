#include "emit_common.h"

#include "ast.h"

#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

void gen_out(FILE *fp, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vfprintf(fp, fmt, ap);
    va_end(ap);
}

void gen_c_string(FILE *fp, const char *s, bool printf_format)
{
    if (!s) {
        fputs("NULL", fp);
        return;
    }
    fputc('"', fp);
    for (; *s; s++) {
        unsigned char ch = (unsigned char)*s;
        if (ch == '"' || ch == '\\')
            fprintf(fp, "\\%c", ch);
        else if (ch == '\n')
            fputs("\\n", fp);
        else if (ch < 0x20 || ch == 0x7f)
            fprintf(fp, "\\%03o", ch);
        else if (ch == '%' && printf_format)
            fputs("%%", fp);
        else
            fputc(ch, fp);
    }
    fputc('"', fp);
}

/* The file an output is written to before it is renamed into place: one
 * per process, as animgen runs of several schemas into one folder (the
 * JSON construct cases) write the same rules.md at once, and a shared
 * temporary file was renamed away under the other run. */
static void tmp_name(char *out, size_t n, const char *path)
{
    snprintf(out, n, "%s.%ld.tmp", path, (long)getpid());
}

FILE *gen_open(const char *path)
{
    char tmp[4200];
    tmp_name(tmp, sizeof tmp, path);
    FILE *f = fopen(tmp, "w+b");
    if (!f)
        fprintf(stderr, "animgen: cannot write %s: %s\n", tmp, strerror(errno));
    return f;
}

/* True when the file at path holds exactly the bytes of f (read from its start). */
static bool same_content(FILE *f, const char *path)
{
    FILE *old = fopen(path, "rb");
    if (!old)
        return false;
    rewind(f);
    char a[8192], b[8192];
    bool same = true;
    for (;;) {
        size_t na = fread(a, 1, sizeof a, f), nb = fread(b, 1, sizeof b, old);
        if (na != nb || memcmp(a, b, na) != 0) {
            same = false;
            break;
        }
        if (na < sizeof a)
            break;
    }
    if (ferror(f) || ferror(old))
        same = false;
    fclose(old);
    return same;
}

bool gen_commit(FILE *f, const char *path)
{
    char tmp[4200];
    tmp_name(tmp, sizeof tmp, path);
    bool ok = fflush(f) == 0 && !ferror(f);
    bool same = ok && same_content(f, path);
    if (fclose(f) != 0)
        ok = false;
    if (!ok || same) {
        remove(tmp);
        if (!ok)
            fprintf(stderr, "animgen: cannot write %s\n", tmp);
        return ok;
    }
    if (rename(tmp, path) != 0) {
        fprintf(stderr, "animgen: cannot rename %s to %s: %s\n", tmp, path, strerror(errno));
        remove(tmp);
        return false;
    }
    return true;
}

void gen_discard(FILE *f, const char *path)
{
    char tmp[4200];
    tmp_name(tmp, sizeof tmp, path);
    fclose(f);
    remove(tmp);
}

bool gen_fix_lines(FILE *f, const char *name)
{
    if (fflush(f) != 0 || fseek(f, 0, SEEK_END) != 0)
        return false;
    long size = ftell(f);
    if (size < 0)
        return false;
    char *text = malloc((size_t)size + 1);
    if (!text)
        return false;
    rewind(f);
    bool ok = fread(text, 1, (size_t)size, f) == (size_t)size;
    text[size] = 0;
    if (ok) {
        rewind(f);
        const char *marker = GEN_LINE_RESET;
        size_t mlen = strlen(marker);
        long line = 1;
        const char *p = text, *end = text + size;
        while (p < end) {
            const char *nl = memchr(p, '\n', (size_t)(end - p));
            size_t len = nl ? (size_t)(nl - p) + 1 : (size_t)(end - p);
            if (len >= mlen && memcmp(p, marker, mlen) == 0 && (len == mlen || p[mlen] == '\n'))
                fprintf(f, "#line %ld \"%s\"\n", line + 1, name);
            else
                fwrite(p, 1, len, f);
            line++;
            p += len;
        }
        fflush(f);
        ok = !ferror(f) && ftruncate(fileno(f), ftell(f)) == 0;
    }
    free(text);
    return ok;
}

void gen_registry_open(FILE *c, const format_decl *f, bool text)
{
    gen_out(c, "\nconst ak_format ak_format_%s = {\n    .id = \"%s\",\n    .name = ", f->id, f->id);
    gen_c_string(c, f->title, false);
    gen_out(c, ",\n    .extensions = %s_extensions,\n    .text = %s,\n    .rules = %s_rules,\n", f->id,
            text ? "true" : "false", f->id);
    gen_out(c, "    .rule_count = %s_RULE_COUNT,\n", f->id);
}

void gen_registry_close(FILE *c, const format_decl *f)
{
    if (f->writes.n)
        gen_out(c, "    .versions = %s_versions,\n", f->id);
    if (f->writes_by_reemit)
        gen_out(c, "    .reemit_versions = true,\n");
    gen_out(c, "};\n");
}

const rule_decl *gen_undump_rule(const format_decl *f, int cat)
{
    if (f->undump_rules[cat])
        return f->undump_rules[cat];
    switch (cat) {
    case UD_TYPE:
    case UD_NAME:
    case UD_RANGE:
    case UD_RESULT: return f->undump_rules[UD_VALUE];
    default: return f->undump_rules[UD_SHAPE];
    }
}

void sb(sbuf *b, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int k = vsnprintf(NULL, 0, fmt, ap);
    va_end(ap);
    if (k < 0)
        return;
    if (b->n + (size_t)k + 1 > b->cap) {
        size_t cap = (b->cap + (size_t)k + 1) * 2;
        char *q = realloc(b->p, cap);
        if (!q)
            return;
        b->p = q;
        b->cap = cap;
    }
    va_start(ap, fmt);
    vsnprintf(b->p + b->n, (size_t)k + 1, fmt, ap);
    va_end(ap);
    b->n += (size_t)k;
}

void sb_str(sbuf *b, const char *s)
{
    sb(b, "\"");
    for (; *s; s++) {
        if (*s == '"' || *s == '\\')
            sb(b, "\\%c", *s);
        else if ((unsigned char)*s < 0x20)
            sb(b, "\\u%04x", (unsigned char)*s);
        else
            sb(b, "%c", *s);
    }
    sb(b, "\"");
}

void gen_c_text(FILE *c, const char *name, const char *text, size_t n)
{
    gen_out(c, "\nconst char %s[] =\n    \"", name);
    for (size_t i = 0; i < n; i++) {
        char ch = text[i];
        if (ch == '\n')
            gen_out(c, "\\n\"\n    \"");
        else if (ch == '"' || ch == '\\')
            gen_out(c, "\\%c", ch);
        else
            fputc(ch, c);
    }
    gen_out(c, "\";\n");
}

/* (an aggregate reads every element: such an array is held whole) */
bool gen_made_one_at_a_time(const format_decl *f, const member *m)
{
    bool listed = false;
    for (size_t i = 0; f->model && i < f->model->tracks.n; i++) {
        const mtrack *t = f->model->tracks.items[i];
        listed |= t->list && t->array_m == m;
    }
    for (size_t i = 0; listed && i < f->structs.n; i++) {
        const struct_decl *s = f->structs.items[i];
        for (size_t k = 0; k < s->aggs.n; k++)
            if (((const expr *)s->aggs.items[k])->array == m)
                return false;
    }
    return listed;
}

bool gen_model_list_made(const format_decl *f)
{
    for (size_t i = 0; f->model && i < f->model->tracks.n; i++) {
        const mtrack *t = f->model->tracks.items[i];
        if (t->list && gen_made_one_at_a_time(f, t->array_m))
            return true;
    }
    return false;
}
