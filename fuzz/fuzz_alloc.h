/* Allocation-failure injection for the libFuzzer harnesses (issue 31).
 *
 * The library has no allocation hook (docs/memory.md): the harnesses link
 * with -Wl,--wrap=malloc,--wrap=calloc,--wrap=realloc (fuzz/CMakeLists.txt),
 * so every allocation of the library's objects comes through fuzz_alloc.c,
 * which fails the N-th one once armed and passes everything through
 * otherwise (libFuzzer's own allocations happen between inputs, disarmed).
 *
 * With AK_FUZZ_FAIL_ALLOC=K in the environment (K >= 1), a harness runs each
 * input through ak_fuzz_alloc_check instead of its usual oracles: validate,
 * dump, re-emission and a conversion through the common model, each first
 * without a failure (the reference), then K times with the N-th allocation
 * failing, N chosen from the input's bytes over the reference's count. The
 * oracle: a run with a failure either gives the reference's result exactly
 * (same success, diagnostics and output), or reports
 * animkit.limit.out-of-memory, fails, and reports no error the reference
 * has not (a format's own rule is no way to say memory ran out). A crash, a
 * leak (LeakSanitizer) or a failure without a word aborts. */
#ifndef AK_FUZZ_ALLOC_H
#define AK_FUZZ_ALLOC_H

#include <animkit/animkit.h>

#include <stddef.h>
#include <stdint.h>

/* The failure points per input asked for by AK_FUZZ_FAIL_ALLOC (0: the mode is off). */
int ak_fuzz_alloc_mode(void);

/* From now on, the at-th allocation fails (0: none); the count starts again. */
void ak_fuzz_alloc_arm(long at);
/* Allocations since the last ak_fuzz_alloc_arm. */
long ak_fuzz_alloc_count(void);

/* The oracle above for the input data of format f, with `points` failure
 * points per operation; `to` is the format of the conversion through the
 * model (NULL: none). Aborts on a violation. */
void ak_fuzz_alloc_check(const ak_format *f, const ak_format *to, const uint8_t *data, size_t size, int points);

/* What a harness does first: in allocation-failure mode, the check above
 * (to: the conversion target by id, NULL for none) and true (the harness
 * returns); otherwise false. */
bool ak_fuzz_alloc_run(const char *format_id, const char *to_id, const uint8_t *data, size_t size);

#endif
