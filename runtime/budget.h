/* The memory budget of one command on one input (ak_options.max_memory):
 * what its arenas and large buffers hold together, checked before each
 * allocation. It lives in the ak_diags the command reports into (one per
 * input and thread), so every decoder reaches it through the diagnostics it
 * already has, without a global. A refusal is reported once as
 * animkit.limit.memory (the sizes involved); an allocation that fails
 * although the budget allowed it as animkit.limit.out-of-memory. */
#ifndef AK_RUNTIME_BUDGET_H
#define AK_RUNTIME_BUDGET_H

#include <animkit/animkit.h>

#include <stdbool.h>
#include <stdint.h>

/* Where in the input the memory being asked for comes from: the field that
 * declares its size (an array's count, a header's dictionary size). The
 * offset is in the stream being read (a derived stream's offsets are
 * mapped by the diagnostics engine as for any report). */
typedef struct ak_budget_place {
    uint64_t offset, length;
    const char *path; /* the field's path; NULL: none is known (offset 0, the whole file) */
} ak_budget_place;

typedef struct ak_budget {
    uint64_t limit; /* bytes; set from ak_options.max_memory by ak_budget_of */
    uint64_t used;  /* held by arenas and buffers charged to it */
    /* ak_budget_cap: the one buffer that may not grow past cap_len bytes;
       over_cap is set when it tried to (nothing is reported) */
    const ak_buf *capped;
    size_t cap_len;
    bool over_cap;
    ak_diags *d;    /* where refusals are reported */
    bool refused;   /* animkit.limit.memory was reported for this input */
    bool failed;    /* animkit.limit.out-of-memory was reported for this input */
    ak_budget_place at; /* where refusals and failures are reported (ak_budget_place_at) */
} ak_budget;

/* The budget that lives in d (diag.c); NULL when d is NULL. */
ak_budget *ak_diags_budget(ak_diags *d);

/* The budget of d (for the input being checked), its limit that of opt
 * (ak_memory_budget). NULL when d is NULL. */
ak_budget *ak_budget_of(ak_diags *d, const ak_options *opt);
/* Charges n bytes about to be allocated for `what` ("the common model"):
 * false, after reporting animkit.limit.memory once, when they do not fit.
 * A NULL budget takes anything. */
bool ak_budget_take(ak_budget *b, uint64_t n, const char *what);
/* Whether n more bytes fit (nothing is charged or reported). */
bool ak_budget_fits(const ak_budget *b, uint64_t n);
/* Gives back n bytes charged earlier. */
void ak_budget_give(ak_budget *b, uint64_t n);
/* An allocation of n bytes failed although the budget allowed it: reports
 * animkit.limit.out-of-memory once (nothing when b is NULL). */
void ak_budget_failed(ak_budget *b, uint64_t n, const char *what);
/* The same for code that has the diagnostics but no budget at hand. */
void ak_report_out_of_memory(ak_diags *d, uint64_t n, const char *what);
/* What a format hook's result means for the caller: a hook that returned
 * false (or filled out, when not NULL, only partly) without reporting an
 * error since errors_before could only pass up a failed allocation: that
 * is reported as animkit.limit.out-of-memory (`what`: "converting").
 * Returns ok && the output is whole. */
bool ak_hook_result(ak_diags *d, size_t errors_before, bool ok, const ak_buf *out, const char *what);
/* True once this input was refused memory or an allocation failed: the
 * error that ended decoding is reported already. */
bool ak_budget_exhausted(const ak_budget *b);

/* Reports of b from here on are placed at the field that asked for the
 * memory (offset and length in the stream being read, its path; the path is
 * not copied: it must live until the matching ak_budget_place_at). Returns
 * the place before, to be given back when the allocation is done. NULL b:
 * nothing. */
ak_budget_place ak_budget_place_at(ak_budget *b, uint64_t offset, uint64_t length, const char *path);
void ak_budget_place_back(ak_budget *b, ak_budget_place before);

/* ak_grow (grow.h) charged to b: an array of *cap items of size bytes
 * that must hold need, doubled from 16. The bytes it grows by are taken
 * from b before realloc; a refusal (animkit.limit.memory) or a failed
 * realloc (animkit.limit.out-of-memory, with the size asked for) is
 * reported at b's place as `what`, and leaves the array as it was. The
 * owner gives back *cap * size when it frees the array. */
bool ak_budget_grow(ak_budget *b, void **items, size_t *cap, size_t need, size_t size, const char *what);
/* ak_buf_reserve for a buffer attached to b (ak_buf_attach) that holds
 * `what` rather than a command's output: the same, with that name in a
 * refusal. */
bool ak_buf_reserve_as(ak_buf *buf, size_t extra, const char *what);

/* buf, attached to b, fails (over_cap set, nothing reported) when it would
 * hold more than cap_len bytes: a conversion's output past the size its
 * format allows. NULL buf: no buffer is capped. */
void ak_budget_cap(ak_budget *b, const ak_buf *buf, size_t cap_len);

/* An ak_buf whose growth is charged to b (its capacity so far is charged
 * now); ak_buf_detach gives it all back and unhooks it. */
bool ak_buf_attach(ak_buf *buf, ak_budget *b);
void ak_buf_detach(ak_buf *buf);

#endif
