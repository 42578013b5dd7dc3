#include "path.h"

#include <stdlib.h>

void ak_path_init(ak_path *p)
{
    ak_buf_init(&p->text);
    p->marks = NULL;
    p->depth = p->cap = 0;
}

void ak_path_free(ak_path *p)
{
    ak_buf_free(&p->text);
    free(p->marks);
    p->marks = NULL;
    p->depth = p->cap = 0;
}

static bool mark(ak_path *p)
{
    if (p->depth == p->cap) {
        size_t cap = p->cap ? p->cap * 2 : 32;
        size_t *m = realloc(p->marks, cap * sizeof *m);
        if (!m)
            return false;
        p->marks = m;
        p->cap = cap;
    }
    p->marks[p->depth++] = p->text.len;
    return true;
}

bool ak_path_push_key(ak_path *p, const char *key, size_t n)
{
    if (!mark(p))
        return false;
    ak_buf_putc(&p->text, '/');
    size_t run = 0;
    for (size_t i = 0; i < n; i++) {
        if (key[i] == '~' || key[i] == '/') {
            ak_buf_append(&p->text, key + run, i - run);
            ak_buf_puts(&p->text, key[i] == '~' ? "~0" : "~1");
            run = i + 1;
        }
    }
    return ak_buf_append(&p->text, key + run, n - run) || n == run;
}

bool ak_path_push_index(ak_path *p, uint64_t index)
{
    if (!mark(p))
        return false;
    return ak_buf_printf(&p->text, "/%llu", (unsigned long long)index);
}

void ak_path_pop(ak_path *p)
{
    if (p->depth == 0)
        return;
    p->text.len = p->marks[--p->depth];
}

bool ak_path_set_index(ak_path *p, uint64_t index)
{
    ak_path_pop(p);
    return ak_path_push_index(p, index);
}

const char *ak_path_str(ak_path *p) { return ak_buf_cstr(&p->text); }
