/* Arena allocator: many small allocations freed at once. Documents decoded
 * from a file live in one arena; freeing it frees the document. */
#ifndef AK_RUNTIME_ARENA_H
#define AK_RUNTIME_ARENA_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef struct ak_arena_block ak_arena_block;
struct ak_budget;

typedef struct ak_arena {
    ak_arena_block *head;
    size_t block_size; /* default size of new blocks */
    size_t total;      /* bytes obtained from malloc, for budgets and tests */
    /* what each new block is charged to before it is allocated (budget.h);
       NULL = unlimited. A refusal or a failed malloc is reported there. */
    struct ak_budget *budget;
    const char *what;  /* what the arena holds, for those reports */
    size_t blocks;     /* blocks obtained so far (ak_arena_mark) */
    /* A document decoded as a stream (gen/rt/ak_layout.h, ak_ldoc_stream):
       the decoder hands each completed element of the root's array to it
       and the arena forgets the element's memory. NULL: decoded whole. */
    struct ak_ldoc_stream *stream;
} ak_arena;

/* A place in an arena's allocations: ak_arena_rewind frees what came after. */
typedef struct ak_arena_mark {
    ak_arena_block *head;
    size_t used, blocks;
} ak_arena_mark;

void ak_arena_init(ak_arena *a, size_t block_size);
/* ak_arena_init with a budget (may be NULL) and what the arena holds
   ("the decoded document", "the common model"). */
void ak_arena_init_budget(ak_arena *a, size_t block_size, struct ak_budget *budget, const char *what);
/* Frees every block and gives them back to the budget; the arena can be
   used again, with the same budget. */
void ak_arena_free(ak_arena *a);
ak_arena_mark ak_arena_mark_now(const ak_arena *a);
/* Forgets every allocation made after m (their blocks freed and given back
   to the budget): what they held must not be used any more. */
void ak_arena_rewind(ak_arena *a, ak_arena_mark m);
/* Returns NULL on overflow, allocation failure or when the budget refuses
 * (both reported into the budget's diagnostics). */
void *ak_arena_alloc(ak_arena *a, size_t size, size_t align);
void *ak_arena_zalloc(ak_arena *a, size_t size, size_t align);
/* n * size with overflow check. */
void *ak_arena_array(ak_arena *a, size_t n, size_t size, size_t align);
/* An array of n items of size bytes copied from src, not zeroed first
   (every byte is written): an array made whole elsewhere and kept (the
   keys of a Maya curve: zeroing them first was 5% of a conversion). At
   least one byte is allocated; n * size with overflow check. */
void *ak_arena_copy(ak_arena *a, const void *src, size_t n, size_t size, size_t align);
char *ak_arena_strndup(ak_arena *a, const char *s, size_t n);
/* Room for one more in an arena array of n items (*cap allocated): items
   itself, or a copy twice as large (16 for an empty one; *cap updated, the
   old space stays in the arena); NULL when out of memory. */
void *ak_arena_grow(ak_arena *a, void *items, size_t n, size_t *cap, size_t size, size_t align);

#define AK_ARENA_NEW(a, T) ((T *)ak_arena_zalloc((a), sizeof(T), _Alignof(T)))
#define AK_ARENA_ARRAY(a, T, n) ((T *)ak_arena_array((a), (n), sizeof(T), _Alignof(T)))
#define AK_ARENA_GROW(a, T, items, n, cap) ((T *)ak_arena_grow((a), (items), (n), (cap), sizeof(T), _Alignof(T)))

#endif
