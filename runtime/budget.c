/* The memory budget of a command (budget.h) and the two limit rules. */
#include "budget.h"

#include <stdlib.h>
#include <unistd.h>

const ak_rule ak_rule_limit_memory = {
    "animkit.limit.memory", AK_SEV_ERROR, AK_SEV_ERROR,
    "the command would need more memory than its budget",
    "Every command holds what it decodes (dump, convert, sample, plot) or what validation keeps "
    "(the sets of member names, keys and references, an LZMA dictionary, an LZ4 chunk, a window for "
    "a long string) within one memory budget, --max-memory (default: 256 MiB for validate and "
    "report; half the physical memory, at most 2 GiB, for the others), checked before each "
    "allocation: past it the command stops with this error and writes nothing instead of "
    "exhausting the machine. docs/memory.md says what each command holds."};

const ak_rule ak_rule_limit_out_of_memory = {
    "animkit.limit.out-of-memory", AK_SEV_ERROR, AK_SEV_ERROR,
    "the system refused memory the command needed",
    "An allocation failed within the memory budget (the machine or the process's own limits had "
    "less to give): the command stops with this error and writes nothing. A lower --max-memory "
    "turns such failures into animkit.limit.memory before they happen."};

uint64_t ak_default_max_memory(void)
{
    uint64_t cap = AK_DEFAULT_MAX_MEMORY;
    long pages = sysconf(_SC_PHYS_PAGES), page = sysconf(_SC_PAGESIZE);
    if (pages > 0 && page > 0) {
        uint64_t half = (uint64_t)pages / 2 * (uint64_t)page;
        if (half > 0 && half < cap)
            cap = half;
    }
    return cap;
}

uint64_t ak_default_validate_max_memory(void)
{
    uint64_t all = ak_default_max_memory();
    return all < AK_DEFAULT_VALIDATE_MAX_MEMORY ? all : AK_DEFAULT_VALIDATE_MAX_MEMORY;
}

uint64_t ak_memory_budget(const ak_options *opt)
{
    return opt && opt->max_memory ? opt->max_memory : ak_default_max_memory();
}

/* "12 bytes", "3.5 KiB", "64 MiB", "2 GiB": sizes as people read them. */
static const char *size_text(uint64_t n, char out[32])
{
    static const char *const units[] = {"bytes", "KiB", "MiB", "GiB", "TiB"};
    int u = 0;
    double v = (double)n;
    while (v >= 1024 && u < 4) {
        v /= 1024;
        u++;
    }
    if (u == 0)
        snprintf(out, 32, "%llu bytes", (unsigned long long)n);
    else if (v == (double)(uint64_t)v)
        snprintf(out, 32, "%llu %s", (unsigned long long)v, units[u]);
    else
        snprintf(out, 32, "%.1f %s", v, units[u]);
    return out;
}

ak_budget *ak_budget_of(ak_diags *d, const ak_options *opt)
{
    ak_budget *b = ak_diags_budget(d);
    if (b)
        b->limit = ak_memory_budget(opt);
    return b;
}

bool ak_budget_fits(const ak_budget *b, uint64_t n)
{
    return !b || b->limit == 0 || (b->limit >= b->used && n <= b->limit - b->used);
}

bool ak_budget_take(ak_budget *b, uint64_t n, const char *what)
{
    if (!b)
        return true;
    if (b->limit == 0) /* a budget reached through ak_diags_budget before ak_budget_of */
        b->limit = ak_default_max_memory();
    if (ak_budget_fits(b, n)) {
        b->used += n;
        return true;
    }
    if (!b->refused) {
        b->refused = true;
        char need[32], held[32], limit[32];
        ak_report(b->d, &ak_rule_limit_memory, b->at.offset, b->at.length, b->at.path ? b->at.path : "",
                  "%s needs %s more with %s in use: past the memory budget of %s (--max-memory)",
                  what ? what : "decoding", size_text(n, need), size_text(b->used, held), size_text(b->limit, limit));
    }
    return false;
}

bool ak_budget_grow(ak_budget *b, void **items, size_t *cap, size_t need, size_t size, const char *what)
{
    if (need <= *cap)
        return true;
    size_t n = *cap ? *cap : 16;
    while (n < need) {
        if (n > SIZE_MAX / 2 / size) {
            ak_budget_take(b, UINT64_MAX, what); /* reports the refusal */
            return false;
        }
        n *= 2;
    }
    const uint64_t more = (uint64_t)(n - *cap) * size;
    if (!ak_budget_take(b, more, what))
        return false;
    void *p = realloc(*items, n * size);
    if (!p) {
        ak_budget_give(b, more);
        ak_budget_failed(b, (uint64_t)n * size, what);
        return false;
    }
    *items = p;
    *cap = n;
    return true;
}

void ak_budget_cap(ak_budget *b, const ak_buf *buf, size_t cap_len)
{
    if (!b)
        return;
    b->capped = buf;
    b->cap_len = cap_len;
    b->over_cap = false;
}

void ak_budget_give(ak_budget *b, uint64_t n)
{
    if (b)
        b->used = n < b->used ? b->used - n : 0;
}

void ak_budget_failed(ak_budget *b, uint64_t n, const char *what)
{
    if (!b || b->failed || b->refused)
        return;
    b->failed = true;
    char need[32], held[32], limit[32];
    /* n 0: the size is not known where the failure is noticed (a library's
       own allocation): no "0 bytes" */
    ak_report(b->d, &ak_rule_limit_out_of_memory, b->at.offset, b->at.length, b->at.path ? b->at.path : "",
              "%s: the system refused %s with %s in use (within the memory budget of %s)",
              what ? what : "decoding", n ? size_text(n, need) : "memory", size_text(b->used, held),
              size_text(b->limit ? b->limit : ak_default_max_memory(), limit));
}

void ak_report_out_of_memory(ak_diags *d, uint64_t n, const char *what)
{
    ak_budget_failed(ak_diags_budget(d), n, what);
}

bool ak_hook_result(ak_diags *d, size_t errors_before, bool ok, const ak_buf *out, const char *what)
{
    ok = ok && !(out && out->failed);
    if (!ok && d && ak_diags_errors(d) == errors_before)
        ak_report_out_of_memory(d, 0, what);
    return ok;
}

ak_budget_place ak_budget_place_at(ak_budget *b, uint64_t offset, uint64_t length, const char *path)
{
    ak_budget_place before = {0, 0, NULL};
    if (!b)
        return before;
    before = b->at;
    b->at.offset = offset;
    b->at.length = length;
    b->at.path = path;
    return before;
}

void ak_budget_place_back(ak_budget *b, ak_budget_place before)
{
    if (b)
        b->at = before;
}

bool ak_budget_exhausted(const ak_budget *b) { return b && (b->refused || b->failed); }

bool ak_buf_attach(ak_buf *buf, ak_budget *b)
{
    ak_buf_detach(buf);
    if (!b)
        return true;
    if (!ak_budget_take(b, buf->cap, "the output")) {
        buf->failed = true;
        return false;
    }
    buf->budget = b;
    return true;
}

void ak_buf_detach(ak_buf *buf)
{
    if (buf->budget)
        ak_budget_give(buf->budget, buf->cap);
    buf->budget = NULL;
}
