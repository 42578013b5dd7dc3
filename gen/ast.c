/* animgen: allocation, compiler-style error messages, primitive types. */
#include "ast.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

void *cc_alloc(compiler *cc, size_t n)
{
    void *p = ak_arena_zalloc(&cc->arena, n ? n : 1, 16);
    if (!p) {
        fprintf(stderr, "animgen: out of memory\n");
        exit(2);
    }
    return p;
}

char *cc_strdup(compiler *cc, const char *s, size_t n)
{
    char *p = cc_alloc(cc, n + 1);
    memcpy(p, s, n);
    p[n] = 0;
    return p;
}

void vec_push(compiler *cc, vec *v, void *item)
{
    if (v->n == v->cap) {
        size_t cap = v->cap ? v->cap * 2 : 8;
        void **items = cc_alloc(cc, cap * sizeof *items);
        if (v->n)
            memcpy(items, v->items, v->n * sizeof *items);
        v->items = items;
        v->cap = cap;
    }
    v->items[v->n++] = item;
}

void cc_error(compiler *cc, loc at, const char *fmt, ...)
{
    va_list ap;
    cc->errors++;
    if (at.line > 0)
        fprintf(stderr, "%s:%d:%d: error: ", cc->path, at.line, at.col);
    else
        fprintf(stderr, "%s: error: ", cc->path);
    va_start(ap, fmt);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fputc('\n', stderr);
    if (at.line <= 0)
        return;
    /* the source line and a caret under the column */
    const char *s = cc->src;
    const char *end = cc->src + cc->src_len;
    for (int line = 1; line < at.line && s < end; s++)
        if (*s == '\n')
            line++;
    const char *e = s;
    while (e < end && *e != '\n')
        e++;
    fprintf(stderr, "%.*s\n", (int)(e - s), s);
    for (int i = 1; i < at.col && s + i - 1 < e; i++)
        fputc(s[i - 1] == '\t' ? '\t' : ' ', stderr);
    fputs("^\n", stderr);
}

static const struct {
    const char *name;
    prim_kind kind;
    int size;
    const char *ctype;
} prims[] = {
    {"none", P_NONE, 0, "void"},
    {"u8", P_U8, 1, "uint8_t"}, {"i8", P_I8, 1, "int8_t"},
    {"u16", P_U16, 2, "uint16_t"}, {"i16", P_I16, 2, "int16_t"},
    {"u32", P_U32, 4, "uint32_t"}, {"i32", P_I32, 4, "int32_t"},
    {"u64", P_U64, 8, "uint64_t"}, {"i64", P_I64, 8, "int64_t"},
    {"f32", P_F32, 4, "float"}, {"f64", P_F64, 8, "double"},
    {"bool8", P_BOOL8, 1, "bool"}, {"varint", P_VARINT, 0, "uint32_t"},
    {"string7", P_STRING7, 0, "ak_lstr"}, {"nstring7", P_NSTRING7, 0, "ak_lstr"},
    {"leb128", P_LEB128, 0, "uint64_t"}, {"bit", P_BIT, 0, "bool"},
};

const char *prim_name(prim_kind p) { return prims[p].name; }
int prim_size(prim_kind p) { return prims[p].size; }
const char *prim_ctype(prim_kind p) { return prims[p].ctype; }
bool prim_is_float(prim_kind p) { return p == P_F32 || p == P_F64; }
bool prim_is_int(prim_kind p) { return p >= P_U8 && p <= P_I64; }
