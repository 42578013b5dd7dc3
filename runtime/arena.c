#include "arena.h"

#include "budget.h"

#include <stdlib.h>
#include <string.h>

struct ak_arena_block {
    ak_arena_block *next;
    size_t size;
    size_t used;
    size_t seq; /* the arena's blocks before this one */
    _Alignas(max_align_t) unsigned char data[];
};

void ak_arena_init_budget(ak_arena *a, size_t block_size, ak_budget *budget, const char *what)
{
    a->head = NULL;
    a->block_size = block_size ? block_size : 64 * 1024;
    a->total = 0;
    a->budget = budget;
    a->what = what;
    a->blocks = 0;
    a->stream = NULL;
}

void ak_arena_init(ak_arena *a, size_t block_size) { ak_arena_init_budget(a, block_size, NULL, NULL); }

void ak_arena_free(ak_arena *a)
{
    ak_arena_block *b = a->head;
    while (b) {
        ak_arena_block *next = b->next;
        free(b);
        b = next;
    }
    a->head = NULL;
    ak_budget_give(a->budget, a->total);
    a->total = 0;
    a->blocks = 0;
}

ak_arena_mark ak_arena_mark_now(const ak_arena *a)
{
    return (ak_arena_mark){a->head, a->head ? a->head->used : 0, a->blocks};
}

void ak_arena_rewind(ak_arena *a, ak_arena_mark m)
{
    /* a block newer than the mark may stand behind the head (a large one):
       every block is looked at; the older ones keep their order, so the
       mark's head is the head again */
    for (ak_arena_block **at = &a->head; *at;) {
        ak_arena_block *b = *at;
        if (b->seq < m.blocks) {
            at = &b->next;
            continue;
        }
        *at = b->next;
        a->total -= b->size;
        ak_budget_give(a->budget, b->size);
        free(b);
    }
    a->blocks = m.blocks;
    if (m.head)
        m.head->used = m.used;
}

static size_t align_up(size_t v, size_t align)
{
    return (v + (align - 1)) & ~(align - 1);
}

void *ak_arena_alloc(ak_arena *a, size_t size, size_t align)
{
    if (align == 0 || (align & (align - 1)) != 0 || align > _Alignof(max_align_t))
        align = _Alignof(max_align_t);
    if (size == 0)
        size = 1;
    ak_arena_block *b = a->head;
    if (b) {
        size_t start = align_up(b->used, align);
        if (start >= b->used && start <= b->size && size <= b->size - start) {
            b->used = start + size;
            return b->data + start;
        }
    }
    /* A large request gets a block of its own so that the current block keeps serving small ones. */
    size_t want = size > a->block_size / 4 ? size : a->block_size;
    if (want > SIZE_MAX - sizeof(ak_arena_block)) {
        ak_budget_take(a->budget, UINT64_MAX, a->what); /* reports the refusal */
        return NULL;
    }
    if (!ak_budget_take(a->budget, want, a->what))
        return NULL;
    ak_arena_block *nb = malloc(sizeof(ak_arena_block) + want);
    if (!nb) {
        ak_budget_give(a->budget, want);
        ak_budget_failed(a->budget, want, a->what);
        return NULL;
    }
    nb->size = want;
    nb->used = size;
    nb->seq = a->blocks++;
    a->total += want;
    if (b && size > a->block_size / 4) {
        /* keep the partially used block at the head */
        nb->next = b->next;
        b->next = nb;
    } else {
        nb->next = b;
        a->head = nb;
    }
    return nb->data;
}

void *ak_arena_zalloc(ak_arena *a, size_t size, size_t align)
{
    void *p = ak_arena_alloc(a, size, align);
    if (p)
        memset(p, 0, size ? size : 1);
    return p;
}

void *ak_arena_array(ak_arena *a, size_t n, size_t size, size_t align)
{
    if (size && n > SIZE_MAX / size) {
        ak_budget_take(a->budget, UINT64_MAX, a->what); /* reports the refusal */
        return NULL;
    }
    return ak_arena_zalloc(a, n * size, align);
}

void *ak_arena_copy(ak_arena *a, const void *src, size_t n, size_t size, size_t align)
{
    if (size && n > SIZE_MAX / size) {
        ak_budget_take(a->budget, UINT64_MAX, a->what); /* reports the refusal */
        return NULL;
    }
    size_t bytes = n * size;
    void *p = ak_arena_alloc(a, bytes ? bytes : 1, align);
    if (p && bytes)
        memcpy(p, src, bytes);
    return p;
}

void *ak_arena_grow(ak_arena *a, void *items, size_t n, size_t *cap, size_t size, size_t align)
{
    if (n < *cap)
        return items;
    size_t more = *cap ? *cap * 2 : 16;
    void *grown = more > *cap ? ak_arena_array(a, more, size, align) : NULL;
    if (!grown)
        return NULL;
    if (n)
        memcpy(grown, items, n * size);
    *cap = more;
    return grown;
}

char *ak_arena_strndup(ak_arena *a, const char *s, size_t n)
{
    if (n == SIZE_MAX)
        return NULL;
    char *p = ak_arena_alloc(a, n + 1, 1);
    if (p) {
        if (n)
            memcpy(p, s, n);
        p[n] = '\0';
    }
    return p;
}
