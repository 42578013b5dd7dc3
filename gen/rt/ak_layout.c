/* Support for animgen-generated binary decoders: context, paths,
 * diagnostics, derived streams, the generic JSON dump and its inverse, and
 * generic access to documents through their metadata. */
#include "ak_layout.h"

#include "json_parser.h"
#include "json_writer.h"
#include "numbers.h"

#include <math.h>
#include <stdarg.h>
#include <stdlib.h>

static const ak_options default_options;

void ak_lctx_init(ak_lctx *c, const uint8_t *data, size_t size, ak_diags *d, ak_arena *arena,
                  const ak_rule *truncated, const ak_options *opt)
{
    memset(c, 0, sizeof *c);
    c->data = data;
    c->size = c->end = size;
    c->keep = SIZE_MAX;
    c->d = d;
    c->opt = opt ? opt : &default_options;
    c->arena = arena;
    c->truncated = truncated;
    c->release.next = SIZE_MAX; /* nothing is released unless ak_release_init says so */
    c->verbatim_at = SIZE_MAX;
    ak_buf_init(&c->path);
}

const char *ak_lcopy_string(ak_lctx *c, const char *s, size_t n)
{
    char *copy = ak_arena_alloc(c->arena, n ? n : 1, 1);
    if (!copy) {
        c->oom = c->stop = true;
        return NULL;
    }
    memcpy(copy, s, n);
    return copy;
}

void ak_lctx_free(ak_lctx *c)
{
    if (c->kept) {
        ak_arena_free(c->kept);
        free(c->kept);
        c->kept = NULL;
    }
    if (c->offered) /* a hook offered a stream that was not read */
        c->offered->close(c->offered);
    c->offered = NULL;
    ak_buf_free(&c->path);
}

/* Appends "/" and a field name, escaped as a JSON Pointer segment: runs of
 * plain bytes at a time (a path is built for every diagnostic stored). */
static void path_key(ak_buf *b, const char *s)
{
    ak_buf_putc(b, '/');
    for (;;) {
        size_t run = strcspn(s, "~/");
        ak_buf_append(b, s, run);
        s += run;
        if (!*s)
            return;
        ak_buf_puts(b, *s == '~' ? "~0" : "~1");
        s++;
    }
}

/* Appends "/" and an array index. */
static void path_index(ak_buf *b, uint64_t i)
{
    char tmp[24];
    size_t n = sizeof tmp;
    do
        tmp[--n] = (char)('0' + i % 10);
    while ((i /= 10) != 0);
    tmp[--n] = '/';
    ak_buf_append(b, tmp + n, sizeof tmp - n);
}

const char *ak_lpath(ak_lctx *c, const char *leaf, uint64_t index)
{
    c->path.len = 0;
    for (int i = 0; i < c->depth; i++) {
        if (c->seg[i].name)
            path_key(&c->path, c->seg[i].name);
        else
            path_index(&c->path, c->seg[i].index);
    }
    if (leaf)
        path_key(&c->path, leaf);
    else if (index != UINT64_MAX)
        path_index(&c->path, index);
    return ak_buf_cstr(&c->path);
}

/* The path of a diagnostic at leaf, or NULL (checking stops) when memory
   ran out building it: a diagnostic without its path would be a wrong one,
   so out-of-memory is what is said (issue 31, found by the fuzzers'
   allocation-failure mode). */
static const char *report_path(ak_lctx *c, const char *leaf)
{
    const char *path = ak_lpath(c, leaf, UINT64_MAX);
    if (!c->path.failed)
        return path;
    ak_report_out_of_memory(c->d, 0, "the path of a diagnostic");
    c->oom = c->stop = true;
    return NULL;
}

bool ak_lreport(ak_lctx *c, const ak_rule *rule, bool fatal, uint64_t offset, uint64_t length,
                const char *leaf, const char *fmt, ...)
{
    /* a warning past the stored ones is only counted: no path to build */
    const char *path = !ak_diags_keeps(c->d, rule) ? "" : report_path(c, leaf);
    if (!path)
        return false;
    va_list ap;
    va_start(ap, fmt);
    bool more = ak_vreport(c->d, rule, offset, length, 0, 0, path, fmt, ap);
    va_end(ap);
    if (!more || fatal)
        c->stop = true;
    return !c->stop;
}

bool ak_loption_limit(ak_lctx *c, const ak_rule *rule, const char *name, uint64_t def, uint64_t *limit)
{
    *limit = def;
    if (ak_format_option_u64(c->opt, name, limit))
        return true;
    ak_report(c->d, rule, 0, 0, "", "format option %s: not a count (digits, then K, M or G)", name);
    c->stop = true;
    return false;
}

int ak_loption_word(const ak_options *opt, const char *name, const char *const *words, const int64_t *values, size_t n,
                    int64_t *value, const char **why, const char *takes)
{
    size_t len;
    const char *v = ak_format_option(opt, name, &len);
    *value = values[0];
    for (size_t i = 0; v && i < n; i++)
        if (strlen(words[i]) == len && memcmp(words[i], v, len) == 0) {
            *value = values[i];
            return 1;
        }
    if (v && why)
        *why = takes;
    return v ? -1 : 0;
}

void *ak_larray(ak_lctx *c, size_t n, size_t size, uint64_t count_at, uint64_t count_len, const char *leaf)
{
    ak_budget *b = c->arena->budget;
    ak_budget_place before = ak_budget_place_at(b, count_at, count_len, b ? ak_lpath(c, leaf, UINT64_MAX) : NULL);
    void *p = ak_arena_array(c->arena, n, size, 16);
    ak_budget_place_back(b, before);
    return p;
}

void *ak_larray_kept(ak_lctx *c, size_t n, size_t size, uint64_t count_at, uint64_t count_len, const char *leaf)
{
    if (!c->kept) {
        if (!(c->kept = malloc(sizeof *c->kept))) {
            ak_report_out_of_memory(c->d, sizeof *c->kept, "the arrays validation keeps");
            c->stop = true;
            return NULL;
        }
        ak_arena_init_budget(c->kept, 0, ak_diags_budget(c->d), "the arrays validation keeps");
    }
    ak_arena *arena = c->arena;
    c->arena = c->kept;
    void *p = ak_larray(c, n, size, count_at, count_len, leaf);
    c->arena = arena;
    return p;
}

bool ak_ltruncated(ak_lctx *c, const char *leaf, size_t need)
{
    if (c->src_failed) { /* not the stream's end: its source could not go on */
        c->stop = true;
        return false;
    }
    const char *path = report_path(c, leaf);
    if (!path)
        return false;
    ak_report(c->d, c->truncated, c->pos, ak_lleft(c), path,
              "the input ends inside '%s': %zu byte%s needed, %zu left", leaf ? leaf : "?", need,
              need == 1 ? "" : "s", ak_lleft(c));
    c->stop = true;
    return false;
}

int ak_lread_len7(ak_lctx *c, uint64_t *len, bool *overlong)
{
    uint64_t value = 0;
    size_t pos = c->pos;
    *overlong = false;
    for (unsigned i = 0;; i++) {
        if (pos >= c->size && !ak_lfill(c, pos - c->pos + 1))
            return 1;
        uint8_t byte = *ak_lbytes(c, pos++);
        if (i == 4 && byte > 0x0f)
            return 2; /* .NET: "Too many bytes in what should have been a 7-bit encoded Int32" */
        value |= (uint64_t)(byte & 0x7fu) << (7 * i);
        if (!(byte & 0x80u)) {
            if (value > INT32_MAX)
                return 2; /* negative as an Int32 */
            *overlong = i > 0 && byte == 0;
            *len = value;
            c->pos = pos;
            return 0;
        }
    }
}

int ak_lread_leb128(ak_lctx *c, uint64_t *value, bool *overlong, size_t *n)
{
    uint64_t v = 0;
    size_t pos = c->pos;
    bool beyond = false;
    for (unsigned i = 0; i < 10; i++) {
        if (pos >= c->size && !ak_lfill(c, pos - c->pos + 1))
            return 1;
        uint8_t byte = *ak_lbytes(c, pos++);
        if (i < 9)
            v |= (uint64_t)(byte & 0x7fu) << (7 * i);
        else if (byte & 0x7eu)
            beyond = true; /* the 10th group holds bit 63 only */
        else
            v |= (uint64_t)(byte & 1u) << 63;
        if (!(byte & 0x80u)) {
            if (beyond)
                return 2;
            *overlong = i > 0 && byte == 0;
            *value = v;
            *n = pos - c->pos;
            c->pos = pos;
            return 0;
        }
    }
    return 2; /* more than 10 bytes */
}

double ak_llength_f32(const float *p, size_t n)
{
    double sum = 0;
    for (size_t i = 0; i < n; i++)
        sum += (double)p[i] * p[i];
    return sqrt(sum);
}

double ak_llength_f64(const double *p, size_t n)
{
    double sum = 0;
    for (size_t i = 0; i < n; i++)
        sum += p[i] * p[i];
    return sqrt(sum);
}

/* ---- derived streams -------------------------------------------------------- */

bool ak_lfill(ak_lctx *c, size_t n)
{
    if (!c->src || c->src_failed || n > c->end - c->pos)
        return false;
    /* Keep [from, size): what is not read yet, and what a hook will read. */
    size_t from = c->pos < c->keep ? c->pos : c->keep;
    size_t kept = c->size - from;
    size_t need = c->pos + n - from;
    if (from > c->base) {
        memmove(c->win, c->win + (from - c->base), kept);
        c->base = from;
    }
    /* The window is filled whole; when kept bytes outgrow it, it doubles
       (so that a long kept span is read in ever larger pieces, not a field
       at a time). Never more than the stream holds. */
    const size_t most = c->end - c->base;
    size_t want = need > AK_LAYOUT_WINDOW ? need : AK_LAYOUT_WINDOW;
    if (want > c->win_cap && want < 2 * c->win_cap)
        want = 2 * c->win_cap;
    if (want < c->win_cap)
        want = c->win_cap;
    if (want > most)
        want = most;
    if (want > c->win_cap) {
        /* the window is held with the rest (a long string grows it): charged
           to the command's budget, given back when the stream is left */
        ak_budget *b = c->d ? ak_diags_budget(c->d) : NULL;
        /* refused: said at what is being read (a long string), in the stream */
        ak_budget_place before = ak_budget_place_at(b, c->pos, n, b ? ak_lpath(c, NULL, UINT64_MAX) : NULL);
        bool taken = ak_budget_take(b, want - c->win_cap, "the window of a derived stream");
        ak_budget_place_back(b, before);
        if (!taken) {
            c->oom = c->stop = c->src_failed = true;
            return false;
        }
        uint8_t *w = realloc(c->win, want);
        if (!w) {
            ak_budget_give(b, want - c->win_cap);
            /* not silent: what follows in the stream was not checked */
            ak_report_out_of_memory(c->d, want, "the window of a derived stream");
            c->oom = c->stop = c->src_failed = true;
            return false;
        }
        c->win = w;
        c->win_cap = want;
    }
    size_t have = c->size - c->base, room = want - have;
    while (room) {
        size_t got = c->src->read(c->src, c->win + have, room);
        if (!got || got > room) {
            if (c->src->oom) {
                ak_report_out_of_memory(c->d, c->src->oom, "decoding a derived stream");
                c->oom = true;
            }
            c->src_failed = c->stop = true;
            return false;
        }
        have += got;
        room -= got;
    }
    c->data = c->win;
    c->size = c->base + have;
    return true;
}

typedef struct memory_source {
    ak_lsource src;
    const uint8_t *p;
    size_t left;
} memory_source;

static size_t memory_source_read(ak_lsource *s, uint8_t *dst, size_t cap)
{
    memory_source *m = (memory_source *)s;
    size_t k = cap < m->left ? cap : m->left;
    if (k)
        memcpy(dst, m->p, k);
    m->p += k;
    m->left -= k;
    return k;
}

static void memory_source_close(ak_lsource *s) { free(s); }

ak_lsource *ak_lsource_memory(const uint8_t *p, size_t n)
{
    memory_source *m = calloc(1, sizeof *m);
    if (!m)
        return NULL;
    m->p = p;
    m->left = n;
    m->src.read = memory_source_read;
    m->src.close = memory_source_close;
    m->src.size = n;
    return &m->src;
}

bool ak_lsource_copy(ak_lsource *s, ak_buf *out)
{
    uint64_t left = s->size;
    while (left) {
        size_t want = left < AK_LAYOUT_WINDOW ? (size_t)left : AK_LAYOUT_WINDOW;
        if (!ak_buf_reserve(out, want))
            return false;
        size_t got = s->read(s, (uint8_t *)out->data + out->len, want);
        if (!got)
            return false;
        out->len += got;
        left -= got;
    }
    return !out->failed;
}

void ak_lstream_offer(ak_lctx *c, ak_lsource *src)
{
    if (c->offered)
        c->offered->close(c->offered);
    c->offered = src;
    if (c->d)
        ak_diags_mark_at(c->d, &c->mark);
    memcpy(c->mark_watch, c->watch, sizeof c->watch);
}

bool ak_lstream_retry(ak_lctx *c, size_t at)
{
    if (!c->redo || c->retrying || c->check_first) {
        c->redo = c->retrying = false;
        return false;
    }
    c->redo = false;
    c->retrying = c->retried = true;
    if (c->d)
        ak_diags_rewind(c->d, &c->mark);
    memcpy(c->watch, c->mark_watch, sizeof c->watch);
    c->stop = false;
    c->pos = at;
    return true;
}

bool ak_lstream_enter(ak_lctx *c, ak_lstream_saved *saved, const ak_buf *bytes, uint64_t file_offset,
                      const char *segment, const char *what)
{
    ak_lsource *src = c->offered;
    c->offered = NULL;
    const uint8_t *data = (const uint8_t *)(bytes->data ? bytes->data : "");
    if (src && (c->arena || src->size > SIZE_MAX / 2 || (segment && c->depth >= AK_LAYOUT_MAX_DEPTH))) {
        src->close(src); /* (hooks offer sources in validate mode only) */
        c->stop = true;
        return false;
    }
    if (c->arena && bytes->len) {
        /* strings of the document point into the stream; a refusal is
           reported where the block begins */
        ak_budget *b = c->arena->budget;
        ak_budget_place before = ak_budget_place_at(b, file_offset, 0, b ? ak_lpath(c, segment, UINT64_MAX) : NULL);
        uint8_t *copy = ak_arena_alloc(c->arena, bytes->len, 1);
        ak_budget_place_back(b, before);
        if (!copy) {
            c->oom = c->stop = true;
            return false;
        }
        memcpy(copy, bytes->data, bytes->len);
        data = copy;
    }
    saved->data = c->data;
    saved->size = c->size;
    saved->pos = c->pos;
    saved->end = c->end;
    saved->base = c->base;
    saved->keep = c->keep;
    saved->src = c->src;
    saved->win = c->win;
    saved->win_cap = c->win_cap;
    saved->src_failed = c->src_failed;
    saved->release = c->release;
    saved->depth = c->depth;
    c->pos = c->base = 0;
    c->keep = SIZE_MAX;
    c->src_failed = false;
    if (src) {
        c->src = src;
        c->data = (const uint8_t *)""; /* no bytes yet (never NULL: zero-length reads point here) */
        c->win = NULL;
        c->win_cap = 0;
        c->size = 0;
        c->end = (size_t)src->size;
    } else {
        c->src = NULL;
        c->data = data;
        c->size = c->end = bytes->len;
    }
    memset(&c->release, 0, sizeof c->release);
    c->release.next = SIZE_MAX;
    if (segment) {
        if (c->depth >= AK_LAYOUT_MAX_DEPTH) {
            c->stop = true;
            return false;
        }
        ak_lpush(c, segment);
    }
    if (c->d)
        ak_diags_enter_stream(c->d, file_offset, what);
    return true;
}

bool ak_lstream_leave(ak_lctx *c, const ak_lstream_saved *saved)
{
    bool ok = !c->src_failed;
    if (c->d)
        ak_diags_leave_stream(c->d);
    /* back to the path before the stream, whatever a stop left pushed: a
       retry must not read the block again below its own segments */
    c->depth = saved->depth;
    /* a source out of memory, or a window the budget refused, is reported
       already: reading the rest (or all again, checked) would not say more */
    if (c->src && !c->src->oom && !c->oom && c->src->finish && !c->src->finish(c->src))
        c->redo = true, ok = false;
    if (c->src)
        c->src->close(c->src);
    if (c->win && c->d)
        ak_budget_give(ak_diags_budget(c->d), c->win_cap);
    free(c->win);
    c->data = saved->data;
    c->size = saved->size;
    c->pos = saved->pos;
    c->end = saved->end;
    c->base = saved->base;
    c->keep = saved->keep;
    c->src = saved->src;
    c->win = saved->win;
    c->win_cap = saved->win_cap;
    c->src_failed = saved->src_failed;
    c->release = saved->release;
    return ok;
}

/* ---- generic access ------------------------------------------------------------ */

const ak_lentry *ak_ltable_find(const ak_ltable *t, int64_t code)
{
    for (size_t i = 0; i < t->count; i++)
        if (t->entries[i].code == code)
            return &t->entries[i];
    return NULL;
}

const ak_lfield *ak_lfind(const ak_lstruct *st, const void *obj, const void *root, const char *name,
                          const void **holder)
{
    for (size_t i = 0; i < st->field_count; i++) {
        const ak_lfield *f = &st->fields[i];
        if (f->present && !f->present(obj, root))
            continue;
        if (f->kind == AK_LK_INLINE) {
            const ak_lfield *g = ak_lfind(f->st, (const uint8_t *)obj + f->offset, root, name, holder);
            if (g)
                return g;
            continue;
        }
        if (strcmp(f->name, name) == 0) {
            *holder = obj;
            return f;
        }
    }
    return NULL;
}

const void *ak_lelems(const ak_lfield *f, const void *holder, size_t *count)
{
    const uint8_t *h = holder;
    if (f->kind == AK_LK_FIXED) {
        *count = f->fixed_count;
        return h + f->offset;
    }
    const void *base;
    memcpy(&base, h + f->offset, sizeof base);
    memcpy(count, h + f->count_offset, sizeof *count);
    return base;
}

void *ak_lset_elems(const ak_lfield *f, void *holder, size_t n, ak_arena *arena)
{
    uint8_t *h = holder;
    if (f->kind == AK_LK_FIXED)
        return h + f->offset;
    void *elems = n ? ak_arena_zalloc(arena, n * f->elem_size, 16) : NULL;
    if (n && (!elems || n > SIZE_MAX / f->elem_size))
        return NULL;
    memcpy(h + f->offset, &elems, sizeof elems);
    memcpy(h + f->count_offset, &n, sizeof n);
    return elems ? elems : h + f->offset; /* never NULL on success */
}

/* ---- dump --------------------------------------------------------------- */

size_t ak_lkind_size(ak_lkind k)
{
    switch (k) {
    case AK_LK_U8:
    case AK_LK_I8: return 1;
    case AK_LK_U16:
    case AK_LK_I16: return 2;
    case AK_LK_U32:
    case AK_LK_I32:
    case AK_LK_F32:
    case AK_LK_VARINT: return 4;
    case AK_LK_U64:
    case AK_LK_I64:
    case AK_LK_F64:
    case AK_LK_LEB128: return 8;
    case AK_LK_BOOL: return sizeof(bool);
    case AK_LK_STRING:
    case AK_LK_NSTRING: return sizeof(ak_lstr);
    case AK_LK_WORD: return sizeof(const char *);
    case AK_LK_SPELLED: return sizeof(int);
    case AK_LK_SPAN: return sizeof(ak_span);
    default: return 0;
    }
}

/* The NaN the undump makes of "nan" (C's NAN): any other NaN is written
   with its bit pattern, "nan:0x7fc00001", so that the undump keeps it */
#define QUIET_NAN32 UINT32_C(0x7fc00000)
#define QUIET_NAN64 UINT64_C(0x7ff8000000000000)

void ak_ldump_f32(ak_buf *out, float v)
{
    char tmp[AK_NUM_BUFSIZE];
    size_t n = ak_format_f32(v, tmp);
    uint32_t bits;
    memcpy(&bits, &v, 4);
    if (v != v && bits != QUIET_NAN32) {
        ak_buf_printf(out, "\"nan:0x%08lx\"", (unsigned long)bits);
    } else if (isfinite(v)) {
        ak_buf_append(out, tmp, n);
    } else {
        ak_buf_putc(out, '"');
        ak_buf_append(out, tmp, n);
        ak_buf_putc(out, '"');
    }
}

static void dump_f64(ak_buf *out, double v)
{
    char tmp[AK_NUM_BUFSIZE];
    size_t n = ak_format_f64(v, tmp);
    uint64_t bits;
    memcpy(&bits, &v, 8);
    if (v != v && bits != QUIET_NAN64) {
        ak_buf_printf(out, "\"nan:0x%016llx\"", (unsigned long long)bits);
    } else if (isfinite(v)) {
        ak_buf_append(out, tmp, n);
    } else {
        ak_buf_putc(out, '"');
        ak_buf_append(out, tmp, n);
        ak_buf_putc(out, '"');
    }
}

static void dump_scalar(ak_buf *out, ak_lkind k, const uint8_t *p)
{
    switch (k) {
    case AK_LK_U8: ak_buf_printf(out, "%u", (unsigned)*(const uint8_t *)p); break;
    case AK_LK_I8: ak_buf_printf(out, "%d", (int)*(const int8_t *)p); break;
    case AK_LK_U16: { uint16_t v; memcpy(&v, p, 2); ak_buf_printf(out, "%u", (unsigned)v); break; }
    case AK_LK_I16: { int16_t v; memcpy(&v, p, 2); ak_buf_printf(out, "%d", (int)v); break; }
    case AK_LK_U32:
    case AK_LK_VARINT: { uint32_t v; memcpy(&v, p, 4); ak_buf_printf(out, "%lu", (unsigned long)v); break; }
    case AK_LK_I32: { int32_t v; memcpy(&v, p, 4); ak_buf_printf(out, "%ld", (long)v); break; }
    case AK_LK_U64:
    case AK_LK_LEB128: { uint64_t v; memcpy(&v, p, 8); ak_buf_json_u64(out, v); break; } /* jq-safe */
    case AK_LK_I64: { int64_t v; memcpy(&v, p, 8); ak_buf_json_i64(out, v); break; }
    case AK_LK_F32: { float v; memcpy(&v, p, 4); ak_ldump_f32(out, v); break; }
    case AK_LK_F64: { double v; memcpy(&v, p, 8); dump_f64(out, v); break; }
    case AK_LK_BOOL: ak_buf_puts(out, *(const bool *)p ? "true" : "false"); break;
    case AK_LK_STRING:
    case AK_LK_NSTRING: {
        ak_lstr s;
        memcpy(&s, p, sizeof s);
        if (!s.ptr)
            ak_buf_puts(out, "null");
        else
            ak_buf_json_string(out, s.ptr, s.len);
        break;
    }
    case AK_LK_WORD: {
        const char *w;
        memcpy(&w, p, sizeof w);
        ak_buf_json_string(out, w ? w : "", w ? strlen(w) : 0);
        break;
    }
    default: break;
    }
}

/* A SPELLED value at p: its word, the word kept at `word` when it is none of
   f's, else its code. */
static void dump_spelled(ak_buf *out, const ak_lfield *f, const uint8_t *p, const uint8_t *word)
{
    int code;
    memcpy(&code, p, sizeof code);
    const ak_lentry *e = ak_ltable_find(f->names, code);
    const char *w = e ? e->name : NULL;
    if (!w && word)
        memcpy(&w, word, sizeof w);
    if (w)
        ak_buf_json_string(out, w, strlen(w));
    else
        ak_buf_printf(out, "%d", code);
}

/* Whether member f of obj is there: its condition holds and, when optional, it was given. */
static bool member_present(const ak_lfield *f, const uint8_t *obj, const void *root)
{
    if (f->present && !f->present(obj, root))
        return false;
    if (!f->optional)
        return true;
    if (f->kind == AK_LK_WORD) {
        const char *w;
        memcpy(&w, obj + f->offset, sizeof w);
        return w != NULL;
    }
    return *(const bool *)(obj + f->has_offset);
}

/* A tuple (a fixed array of scalars) on one line: [x, y, z] */
static void dump_tuple(ak_buf *out, ak_lkind k, uint32_t n, const uint8_t *p)
{
    ak_buf_putc(out, '[');
    for (uint32_t i = 0; i < n; i++) {
        if (i)
            ak_buf_puts(out, ", ");
        dump_scalar(out, k, p + i * ak_lkind_size(k));
    }
    ak_buf_putc(out, ']');
}

/* A line end and `level` indents of two spaces (one append: dumps write it per member). */
static void dump_indent(ak_buf *out, int level)
{
    static const char line[] = "\n                                                                ";
    size_t n = 1 + 2 * (size_t)(level > 0 ? level : 0);
    if (n < sizeof line) {
        ak_buf_append(out, line, n);
        return;
    }
    ak_buf_putc(out, '\n');
    for (int i = 0; i < level; i++)
        ak_buf_append(out, "  ", 2);
}

/* Recursion follows the declaration's nesting, never the input's. spread:
 * every member and element on its own line (a document's dump); 2: with
 * the `span` fields too (ak_ldump_document_spans). */
static void dump_members(const ak_lstruct *st, const uint8_t *obj, const void *root, const ak_options *opt,
                         ak_sink *sink, ak_buf *out, int level, bool *first, int spread);

/* Structs of scalars and tuples only (keys, markers) print on one line. */
static bool flat_struct(const ak_lstruct *st)
{
    for (size_t i = 0; i < st->field_count; i++) {
        const ak_lfield *f = &st->fields[i];
        bool tuple = f->kind == AK_LK_FIXED && f->elem_kind != AK_LK_STRUCT && f->elem_kind != AK_LK_FIXED;
        if (f->kind == AK_LK_STRUCT || f->kind == AK_LK_ARRAY || (f->kind == AK_LK_FIXED && !tuple) ||
            f->kind == AK_LK_INLINE || f->kind == AK_LK_DERIVED || f->kind == AK_LK_SPAN || f->present || f->optional)
            return false;
    }
    return true;
}

static void dump_value(const ak_lfield *f, ak_lkind k, const uint8_t *p, const void *root, const ak_options *opt,
                       ak_sink *sink, ak_buf *out, int level, int spread)
{
    if (k == AK_LK_STRUCT && !spread && flat_struct(f->st)) {
        ak_buf_putc(out, '{');
        for (size_t i = 0; i < f->st->field_count; i++) {
            const ak_lfield *g = &f->st->fields[i];
            if (i)
                ak_buf_puts(out, ", ");
            ak_buf_json_string(out, g->name, strlen(g->name));
            ak_buf_puts(out, ": ");
            if (g->kind == AK_LK_FIXED)
                dump_tuple(out, g->elem_kind, g->fixed_count, p + g->offset);
            else
                dump_scalar(out, g->kind, p + g->offset);
        }
        ak_buf_putc(out, '}');
    } else if (k == AK_LK_STRUCT) {
        bool first = true;
        ak_buf_putc(out, '{');
        dump_members(f->st, p, root, opt, sink, out, level + 1, &first, spread);
        if (!first)
            dump_indent(out, level);
        ak_buf_putc(out, '}');
    } else if (k == AK_LK_FIXED) {
        dump_tuple(out, f->tuple_kind, f->tuple_count, p); /* an element that is a tuple */
    } else if (k == AK_LK_SPELLED) {
        dump_spelled(out, f, p, f->kind == AK_LK_SPELLED && f->word_offset ? p - f->offset + f->word_offset : NULL);
    } else {
        dump_scalar(out, k, p);
    }
}

/* The value of member f of obj (its name is written already). */
static void dump_field(const ak_lfield *f, const uint8_t *obj, const void *root, const ak_options *opt, ak_sink *sink,
                       ak_buf *out, int level, int spread)
{
    if (f->kind == AK_LK_DERIVED) {
        ak_buf_puts(out, "null"); /* only the streamed dump's walk has what its hook reads */
    } else if (f->kind == AK_LK_ARRAY || f->kind == AK_LK_FIXED) {
        size_t n;
        const uint8_t *base = ak_lelems(f, obj, &n);
        ak_buf_putc(out, '[');
        bool one_line = f->elem_kind != AK_LK_STRUCT && !spread;
        for (size_t k = 0; k < n; k++) {
            if (k)
                ak_buf_puts(out, one_line ? ", " : ",");
            if (!one_line)
                dump_indent(out, level + 1);
            dump_value(f, f->elem_kind, base + k * f->elem_size, root, opt, sink, out, level + 1, spread);
            /* a streamed dump hands a long array's text over as it goes (a
               60 MB Prime ANIM bitstream is 165 MB of numbers) */
            if (sink && !ak_sink_drain(sink, out, false)) {
                out->failed = true;
                break;
            }
        }
        if (n && !one_line)
            dump_indent(out, level);
        ak_buf_putc(out, ']');
    } else {
        dump_value(f, f->kind, obj + f->offset, root, opt, sink, out, level, spread);
    }
}

/* A struct of scalars with a span (a key): editors read only its place. */
static bool placed_leaf(const ak_lstruct *st)
{
    bool span = false;
    for (size_t i = 0; i < st->field_count; i++) {
        ak_lkind k = st->fields[i].kind;
        if (k == AK_LK_STRUCT || k == AK_LK_ARRAY || k == AK_LK_FIXED || k == AK_LK_INLINE)
            return false;
        span |= k == AK_LK_SPAN;
    }
    return span;
}

static void dump_members(const ak_lstruct *st, const uint8_t *obj, const void *root, const ak_options *opt,
                         ak_sink *sink, ak_buf *out, int level, bool *first, int spread)
{
    bool spans_only = spread == 2 && placed_leaf(st);
    for (size_t i = 0; i < st->field_count; i++) {
        const ak_lfield *f = &st->fields[i];
        if (!member_present(f, obj, root) || (f->kind == AK_LK_SPAN ? spread < 2 : spans_only))
            continue;
        if (f->kind == AK_LK_SPAN) {
            ak_span sp;
            memcpy(&sp, obj + f->offset, sizeof sp);
            if (!*first)
                ak_buf_putc(out, ',');
            *first = false;
            dump_indent(out, level);
            ak_buf_printf(out, "\"@%s\": [%zu, %zu]", f->name, sp.start, sp.end);
            continue;
        }
        if (f->kind == AK_LK_INLINE) {
            dump_members(f->st, obj + f->offset, root, opt, sink, out, level, first, spread);
            continue;
        }
        if (!*first)
            ak_buf_putc(out, ',');
        *first = false;
        dump_indent(out, level);
        ak_buf_json_string(out, f->name, strlen(f->name));
        ak_buf_append(out, ": ", 2);
        dump_field(f, obj, root, opt, sink, out, level, spread);
    }
}

bool ak_ldump_json(const ak_lstruct *root, const void *doc, const ak_options *opt, ak_buf *out)
{
    bool first = true;
    ak_buf_putc(out, '{');
    dump_members(root, doc, doc, opt, NULL, out, 1, &first, false);
    ak_buf_puts(out, "\n}\n");
    return !out->failed;
}

static bool dump_document(const ak_lstruct *root, const void *doc, ak_buf *out, int spread)
{
    bool first = true;
    ak_buf_putc(out, '{');
    dump_members(root, doc, doc, NULL, NULL, out, 1, &first, spread);
    ak_buf_puts(out, "\n}\n");
    return !out->failed;
}

bool ak_ldump_document(const ak_lstruct *root, const void *doc, ak_buf *out)
{
    return dump_document(root, doc, out, 1);
}

bool ak_ldump_document_spans(const ak_lstruct *root, const void *doc, ak_buf *out)
{
    return dump_document(root, doc, out, 2);
}

/* ---- the streaming dump ------------------------------------------------------ */

enum { JS_OBJECT, JS_FLAT, JS_ARRAY };

/* Hands the text to the sink once a chunk is full (or at the end). */
static bool js_flush(ak_lctx *c, ak_ljs *j, bool all)
{
    if (j->failed || !ak_sink_drain(j->sink, &j->buf, all)) {
        j->failed = c->stop = true;
        return false;
    }
    return true;
}

/* The separator before the next member (name: f's) or element of the
 * innermost object or array, as dump_members and dump_field write it. */
static void js_next(ak_ljs *j, const char *name)
{
    ak_ljs_frame *t = &j->fr[j->depth - 1];
    ak_buf *out = &j->buf;
    bool first = t->first;
    t->first = false;
    if (t->kind == JS_ARRAY) {
        if (t->f->elem_kind == AK_LK_STRUCT) {
            if (!first)
                ak_buf_putc(out, ',');
            dump_indent(out, t->level + 1);
        } else if (!first) {
            ak_buf_puts(out, ", ");
        }
        return;
    }
    if (t->kind == JS_FLAT) {
        if (!first)
            ak_buf_puts(out, ", ");
    } else {
        if (!first)
            ak_buf_putc(out, ',');
        dump_indent(out, t->level);
    }
    ak_buf_json_string(out, name, strlen(name));
    ak_buf_puts(out, ": ");
}

static bool js_push(ak_lctx *c, ak_ljs *j, uint8_t kind, const ak_lfield *f, int level)
{
    if (j->depth >= AK_LJS_MAX_DEPTH) { /* deeper than any declaration nests */
        j->failed = c->stop = true;
        return false;
    }
    j->fr[j->depth++] = (ak_ljs_frame){f, kind, true, level};
    return true;
}

bool ak_ljs_begin(ak_lctx *c)
{
    ak_buf_putc(&c->js->buf, '{');
    return js_push(c, c->js, JS_OBJECT, NULL, 1);
}

bool ak_ljs_field(ak_lctx *c, const ak_lfield *f, const void *holder)
{
    ak_ljs *j = c->js;
    js_next(j, f->name);
    dump_field(f, holder, c->root, c->opt, j->sink, &j->buf, j->fr[j->depth - 1].level, false);
    return js_flush(c, j, false);
}

bool ak_ljs_elem(ak_lctx *c, const void *elem)
{
    ak_ljs *j = c->js;
    const ak_ljs_frame *t = &j->fr[j->depth - 1];
    js_next(j, NULL);
    dump_value(t->f, t->f->elem_kind, elem, c->root, c->opt, j->sink, &j->buf, t->level + 1, false);
    return js_flush(c, j, false);
}

bool ak_ljs_open(ak_lctx *c, const ak_lfield *f)
{
    ak_ljs *j = c->js;
    int level = j->fr[j->depth - 1].level;
    js_next(j, f->name);
    if (f->kind == AK_LK_ARRAY || f->kind == AK_LK_FIXED) {
        ak_buf_putc(&j->buf, '[');
        return js_push(c, j, JS_ARRAY, f, level);
    }
    ak_buf_putc(&j->buf, '{');
    return js_push(c, j, flat_struct(f->st) ? JS_FLAT : JS_OBJECT, NULL, level + 1);
}

bool ak_ljs_open_elem(ak_lctx *c)
{
    ak_ljs *j = c->js;
    const ak_ljs_frame *t = &j->fr[j->depth - 1];
    const ak_lstruct *st = t->f->st;
    int level = t->level + 2;
    js_next(j, NULL);
    ak_buf_putc(&j->buf, '{');
    return js_push(c, j, flat_struct(st) ? JS_FLAT : JS_OBJECT, NULL, level);
}

bool ak_ljs_close(ak_lctx *c)
{
    ak_ljs *j = c->js;
    const ak_ljs_frame *t = &j->fr[--j->depth];
    if (t->kind == JS_ARRAY) {
        if (!t->first && t->f->elem_kind == AK_LK_STRUCT)
            dump_indent(&j->buf, t->level);
        ak_buf_putc(&j->buf, ']');
    } else {
        if (t->kind == JS_OBJECT && !t->first)
            dump_indent(&j->buf, t->level - 1);
        ak_buf_putc(&j->buf, '}');
    }
    return js_flush(c, j, false);
}

bool ak_ljs_derived(ak_lctx *c, const ak_lfield *f, ak_ldump_hook hook, const ak_lhook *h)
{
    ak_ljs *j = c->js;
    js_next(j, f->name);
    if (!hook(c, h, &j->buf, j->sink, j->fr[j->depth - 1].level)) {
        j->failed = c->stop = true;
        return false;
    }
    return js_flush(c, j, false);
}

/* The diagnostics of the dump's own pass that the check before it could
 * not have had: a limit reached while writing. */
static void copy_errors(const ak_diags *from, ak_diags *to)
{
    for (size_t i = 0; i < ak_diags_count(from); i++) {
        const ak_diag *g = ak_diags_at(from, i);
        if (g->severity == AK_SEV_ERROR)
            ak_report(to, g->rule, g->offset, g->length, g->path, "%s", g->message);
    }
}

bool ak_ldump_stream(const ak_input *in, const ak_options *opt, ak_diags *d, ak_sink *out, bool retried, ak_lwalk walk)
{
    /* what the first pass reported is reported again: kept aside, so that
       the error limit counts the same and nothing appears twice */
    ak_diag_options level = {ak_diags_strict(d), ak_diags_max_errors(d)};
    ak_diags *again = ak_diags_new(&level);
    if (!again) {
        ak_report_out_of_memory(d, sizeof(ak_diags *), "dumping");
        return false;
    }
    /* one budget: this pass gets what the command has left */
    static const ak_options none;
    ak_options own = opt ? *opt : none;
    const ak_budget *b = ak_budget_of(d, opt);
    own.max_memory = b->limit > b->used + 1 ? b->limit - b->used : 1;
    ak_ljs j;
    memset(&j, 0, sizeof j);
    j.sink = out;
    ak_buf_init(&j.buf);
    ak_buf_attach(&j.buf, ak_budget_of(again, &own));
    bool ok = ak_buf_reserve(&j.buf, AK_LJS_CHUNK + 256) && walk(in, &own, again, &j, &retried) && !j.failed;
    if (ok) {
        ak_lctx end; /* the closing brace (js_flush reports through a context) */
        memset(&end, 0, sizeof end);
        ak_buf_puts(&j.buf, "\n}\n");
        ok = js_flush(&end, &j, true);
    }
    if (!ok && ak_diags_errors(again))
        copy_errors(again, d);
    ak_buf_detach(&j.buf);
    ak_buf_free(&j.buf);
    ak_diags_free(again);
    return ok;
}

/* ---- a document dumped as it is decoded ---------------------------------- */

void ak_ldoc_elem_begin(ak_arena *arena)
{
    ak_ldoc_stream *s = arena->stream;
    if (s) {
        s->mark = ak_arena_mark_now(arena);
        s->marked = true;
    }
}

/* Element `elem` of the streamed array, as dump_field writes it (the
   array a member of the root: level 1). */
static bool ldoc_write(ak_ldoc_stream *s, const void *elem)
{
    ak_buf *out = s->text;
    if (s->written++)
        ak_buf_putc(out, ',');
    dump_indent(out, 2);
    dump_value(s->field, s->field->elem_kind, elem, s->root, NULL, s->sink, out, 2, 1);
    return ak_sink_drain(s->sink, out, false) && !s->failed;
}

/* The array a document streams: its root's last member, when an array. */
static const ak_lfield *root_array(const ak_ldocument *doc)
{
    const ak_lstruct *r = doc->root;
    return r->field_count && r->fields[r->field_count - 1].kind == AK_LK_ARRAY ? &r->fields[r->field_count - 1] : NULL;
}

/* Elements elems[0 .. count) of root to s->each, in s->copy. */
static bool ldoc_each(ak_ldoc_stream *s, const void *root, const void *elems, size_t count)
{
    uint8_t *copy = s->copy;
    memcpy(copy, root, s->copy_size);
    memcpy(copy + s->field->offset, &elems, sizeof elems);
    memcpy(copy + s->field->count_offset, &count, sizeof count);
    return s->each(s->user, copy);
}

bool ak_ldoc_elems_done(ak_arena *arena, const void *root, const void *elems, size_t *count, size_t size)
{
    ak_ldoc_stream *s = arena->stream;
    if (!s)
        return true;
    if (s->each && *count && !s->failed)
        s->failed = !ldoc_each(s, root, elems, *count);
    for (size_t i = 0; i < *count && s->text && !s->failed; i++)
        s->failed = !ldoc_write(s, (const uint8_t *)elems + i * size);
    *count = 0;
    if (s->marked)
        ak_arena_rewind(arena, s->mark);
    s->marked = false;
    return !s->failed;
}

bool ak_ldoc_each(const ak_ldocument *doc, const ak_input *in, const ak_options *opt, ak_diags *d, ak_arena *arena,
                  bool (*each)(void *user, const void *root), void *user)
{
    const ak_lfield *field = root_array(doc);
    ak_ldoc_stream s = {.field = field, .each = each, .user = user};
    /* before any element: never rewound */
    s.copy_size = doc->root->size;
    s.copy = field ? ak_arena_alloc(arena, s.copy_size, 16) : NULL;
    if (field && !s.copy) {
        if (!arena->budget) /* else the budget has said it */
            ak_report_out_of_memory(d, s.copy_size, "decoding the document");
        return false;
    }
    arena->stream = field ? &s : NULL;
    void *root = NULL;
    bool ok = doc->decode(in, opt, d, arena, &root) && !s.failed;
    arena->stream = NULL;
    return ok && each(user, root);
}

/* The whole document, decoded again and written (a decoder that did not
   hand every element over, or a root whose array is not its last member). */
static bool ldoc_whole(const ak_ldocument *doc, const ak_input *in, const ak_options *opt, ak_diags *d, ak_sink *out)
{
    ak_arena arena;
    ak_arena_init_budget(&arena, 1 << 16, ak_budget_of(d, opt), "the decoded document");
    ak_buf json;
    ak_buf_init(&json);
    void *root = NULL;
    bool ok = ak_buf_attach(&json, ak_budget_of(d, opt)) && doc->decode(in, opt, d, &arena, &root) &&
              ak_ldump_document(doc->root, root, &json) && ak_sink_write(out, json.data, json.len);
    ak_buf_detach(&json);
    ak_buf_free(&json);
    ak_arena_free(&arena);
    return ok;
}

bool ak_ldump_document_to(const ak_ldocument *doc, const ak_input *in, const ak_options *opt, ak_diags *d,
                          ak_sink *out)
{
    const ak_lfield *field = root_array(doc);
    ak_ldoc_stream first = {.field = field}, second = first;
    ak_arena checked, arena;
    ak_arena_init_budget(&checked, 1 << 16, ak_budget_of(d, opt), "the decoded document");
    checked.stream = field ? &first : NULL;
    void *root = NULL, *again_root = NULL;
    ak_buf text;
    ak_buf_init(&text);
    bool ok = doc->decode(in, opt, d, &checked, &root) && !first.failed;
    /* the root without its elements: its text but the array's "[]\n}\n" */
    size_t n = 1;
    ok = ok && ak_buf_attach(&text, ak_budget_of(d, opt)) && ak_ldump_document(doc->root, root, &text);
    ak_buf_detach(&text);
    static const char tail[] = ": []\n}\n";
    bool streams = ok && field && (ak_lelems(field, root, &n), n == 0) && text.len > sizeof tail &&
                   memcmp(text.data + text.len - (sizeof tail - 1), tail, sizeof tail - 1) == 0;
    /* the second decoding's diagnostics repeat the first's: kept aside, but
       for an error only it can meet (a limit); one budget, what is left */
    ak_diag_options level = {ak_diags_strict(d), ak_diags_max_errors(d)};
    ak_diags *again = ok ? ak_diags_new(&level) : NULL;
    static const ak_options none;
    ak_options own = opt ? *opt : none;
    const ak_budget *b = ak_budget_of(d, opt);
    own.max_memory = b->limit > b->used + 1 ? b->limit - b->used : 1;
    if (ok && !again) {
        ak_report_out_of_memory(d, sizeof(ak_diags *), "dumping");
        ok = false;
    } else if (ok && !streams) {
        ok = ldoc_whole(doc, in, &own, again, out);
    } else if (ok) {
        text.len -= sizeof tail - 1 - 2; /* up to the array's value: ": " kept */
        ak_buf_putc(&text, '[');
        ak_buf_attach(&text, ak_budget_of(again, &own));
        ak_arena_init_budget(&arena, 1 << 16, ak_budget_of(again, &own), "the decoded document");
        second = (ak_ldoc_stream){.field = field, .root = root, .text = &text, .sink = out};
        arena.stream = &second;
        ok = ak_buf_reserve(&text, AK_LJS_CHUNK + 256) && doc->decode(in, &own, again, &arena, &again_root) &&
             !second.failed;
        size_t left = 0; /* what the decoder did not hand over */
        const uint8_t *elems = ok ? ak_lelems(field, again_root, &left) : NULL;
        for (size_t i = 0; ok && i < left; i++)
            ok = ldoc_write(&second, elems + i * field->elem_size);
        if (ok && second.written)
            dump_indent(&text, 1);
        ak_buf_puts(&text, "]\n}\n");
        ok = ok && !text.failed && !second.failed && ak_sink_write(out, text.data, text.len);
        ak_arena_free(&arena);
        ak_buf_detach(&text);
    }
    if (again && !ok)
        copy_errors(again, d);
    ak_diags_free(again);
    ak_buf_free(&text);
    ak_arena_free(&checked);
    return ok;
}

/* ---- undump: JSON events -> document ------------------------------------ */

typedef enum frame_kind { FR_OBJECT, FR_ARRAY } frame_kind;

#define MAX_SEEN 64

typedef struct seen_member {
    const ak_lfield *field;
    size_t value_offset; /* where its value starts (count mismatches are reported there) */
    bool bad;            /* its value could not be stored: what it decides is not judged */
    bool doubtful;       /* stored, but refused as a value the file cannot hold */
} seen_member;

typedef struct uframe {
    frame_kind kind;
    const ak_lstruct *st; /* FR_OBJECT */
    uint8_t *obj;
    const ak_lfield *field; /* FR_ARRAY: the array field; FR_OBJECT: the field being filled */
    uint8_t *field_obj;     /* the struct holding `field` (inline arms: the arm) */
    bool await_value;       /* FR_OBJECT: a key was read, its value comes next */
    seen_member seen[MAX_SEEN];
    size_t seen_n;
    size_t start_offset;
    /* FR_ARRAY */
    ak_lkind elem_kind;
    size_t elem_size;
    uint32_t fixed;     /* fixed arrays and tuples: the exact length; 0 = counted */
    uint8_t *dst;       /* fixed: the elements in place */
    bool tuple;         /* a tuple: the value of `field` (or of one of its elements) */
    bool overflow;      /* more elements than `fixed` */
    uint8_t *elems;     /* counted: heap, grown by doubling */
    size_t n, cap;
    uint8_t *array_owner; /* the struct holding the array field */
} uframe;

typedef struct undump {
    const ak_lstruct *root_st;
    uint8_t *root;
    ak_arena *arena;
    const ak_lundump_rules *rules;
    uframe frames[AK_LAYOUT_MAX_DEPTH];
    int depth;       /* frames in use */
    bool have_root;
    bool failed;
    bool stop;       /* the error limit was reached, or a problem the dump cannot go on after */
    size_t errors;   /* problems reported so far */
    bool skip_next;  /* the next value is skipped (an unknown or duplicate member's) */
    int skip_depth;  /* inside a skipped object or array */
    const char *undecided; /* LK_EARLY: the field that was not given yet */
    bool poisoned;         /* a field that decides the member looked up had a refused value */
    bool refused;          /* the value being stored could not be stored (type, name, number format) */
    bool doubtful;         /* a deciding field's value was stored but refused (a member it excludes is not judged) */
    ak_buf scratch;
} undump;

/* Reports a problem of the dump. The undump goes on after it, to report
 * the next one too (the document is not used): returns 1 (stop the parse)
 * only once the error limit is reached. A value that is an object or array
 * where the problem was found is skipped. */
static int fail(undump *u, ak_json_parser *p, const ak_rule *rule, const ak_json_event *e, const char *fmt,
                ...) AK_PRINTF(5, 6);
static int fail(undump *u, ak_json_parser *p, const ak_rule *rule, const ak_json_event *e, const char *fmt,
                ...)
{
    va_list ap;
    va_start(ap, fmt);
    char msg[512];
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    if (!ak_json_report(p, rule, e, "%s", msg))
        u->stop = true;
    u->failed = true;
    u->errors++;
    if (e->kind == AK_JSON_BEGIN_OBJECT || e->kind == AK_JSON_BEGIN_ARRAY)
        u->skip_depth = 1;
    return u->stop;
}

/* A problem after which the rest of the dump cannot be read sensibly. */
static int fail_hard(undump *u, ak_json_parser *p, const ak_rule *rule, const ak_json_event *e, const char *fmt,
                     ...) AK_PRINTF(5, 6);
static int fail_hard(undump *u, ak_json_parser *p, const ak_rule *rule, const ak_json_event *e, const char *fmt,
                     ...)
{
    va_list ap;
    va_start(ap, fmt);
    char msg[512];
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    ak_json_report(p, rule, e, "%s", msg);
    u->failed = u->stop = true;
    return 1;
}

/* Memory for the document could not be had: animkit.limit.out-of-memory
 * at the value that needed it (unless the budget refused it, which said so
 * already with animkit.limit.memory), as everywhere else; the build stops. */
static int fail_memory(undump *u, ak_json_parser *p, const ak_json_event *e, size_t n, const char *what)
{
    ak_budget *b = u->arena->budget;
    if (!ak_budget_exhausted(b))
        ak_json_report(p, &ak_rule_limit_out_of_memory, e,
                       "%s: the system refused %zu bytes (within the memory budget)", what, n);
    if (b)
        b->failed = true;
    u->failed = u->stop = true;
    return 1;
}

/* Reports at `offset` (a value seen earlier) with the path of the current
 * container plus `leaf`. */
static int fail_at(undump *u, ak_json_parser *p, const ak_rule *rule, size_t offset, const char *leaf,
                   const char *fmt, ...) AK_PRINTF(6, 7);
static int fail_at(undump *u, ak_json_parser *p, const ak_rule *rule, size_t offset, const char *leaf,
                   const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    uint32_t line = 0, col = 0;
    ak_json_location(p, offset, &line, &col);
    ak_buf path;
    ak_buf_init(&path);
    ak_buf_puts(&path, ak_json_path(p));
    if (leaf)
        path_key(&path, leaf);
    if (!ak_vreport(ak_json_diags(p), rule, offset, 0, line, col, ak_buf_cstr(&path), fmt, ap))
        u->stop = true;
    ak_buf_free(&path);
    va_end(ap);
    u->failed = true;
    u->errors++;
    return u->stop;
}

static const char *kind_name(ak_lkind k)
{
    switch (k) {
    case AK_LK_F32:
    case AK_LK_F64: return "a number";
    case AK_LK_BOOL: return "true or false";
    case AK_LK_STRING: return "a string";
    case AK_LK_NSTRING: return "a string or null";
    case AK_LK_WORD: return "a string";
    case AK_LK_SPELLED: return "a word";
    case AK_LK_STRUCT: return "an object";
    case AK_LK_ARRAY:
    case AK_LK_FIXED: return "an array";
    default: return "an integer";
    }
}

/* Members are told apart by name: the arms of a switch are alternatives,
 * and a member that all of them have is one member (see common_member). */
static const seen_member *seen_entry(const uframe *f, const ak_lfield *g)
{
    for (size_t i = 0; i < f->seen_n; i++) /* (a name is seen once: the pointers decide first) */
        if (f->seen[i].field == g)
            return &f->seen[i];
    for (size_t i = 0; i < f->seen_n; i++)
        if (f->seen[i].field->name[0] == g->name[0] && strcmp(f->seen[i].field->name, g->name) == 0)
            return &f->seen[i];
    return NULL;
}

static bool seen(const uframe *f, const ak_lfield *g) { return seen_entry(f, g) != NULL; }

static bool dep_decided(undump *u, uframe *f, const ak_lstruct *st, uint8_t *obj, const char *dep, int guard);

/* Whether a conditional field or arm can be decided now: every field its
 * condition reads was given, or cannot be (itself absent). */
static bool decidable(undump *u, uframe *f, const ak_lstruct *st, uint8_t *obj, const ak_lfield *g, int guard)
{
    if (!g->present || !g->deps || guard > 8)
        return true;
    for (const char *const *d = g->deps; *d; d++)
        if (!dep_decided(u, f, st, obj, *d, guard + 1)) {
            u->undecided = *d;
            return false;
        }
    return true;
}

/* The field called `name` of this object (in any arm), with its holder. */
static const ak_lfield *field_named(const ak_lstruct *st, uint8_t *obj, const char *name, uint8_t **holder)
{
    for (size_t i = 0; i < st->field_count; i++) {
        const ak_lfield *g = &st->fields[i];
        if (g->kind == AK_LK_INLINE) {
            const ak_lfield *r = field_named(g->st, obj + g->offset, name, holder);
            if (r)
                return r;
        } else if (g->name[0] == name[0] && strcmp(g->name, name) == 0) {
            *holder = obj;
            return g;
        }
    }
    return NULL;
}

static bool dep_decided(undump *u, uframe *f, const ak_lstruct *st, uint8_t *obj, const char *dep, int guard)
{
    if (dep[0] == '/') {
        /* a field of the root: given in the root object's frame */
        f = &u->frames[0];
        st = u->root_st;
        obj = u->root;
        dep++;
    }
    uint8_t *holder = NULL;
    const ak_lfield *g = field_named(st, obj, dep, &holder);
    const seen_member *sm = g ? seen_entry(f, g) : NULL;
    if (sm && sm->bad)
        u->poisoned = true;
    if (sm && sm->doubtful)
        u->doubtful = true;
    if (!g || sm)
        return true;
    /* not given: decided only when it cannot be given */
    return g->present && decidable(u, f, st, obj, g, guard) && !g->present(holder, u->root);
}

typedef enum lookup { LK_FOUND, LK_UNKNOWN, LK_EXCLUDED, LK_EARLY } lookup;

/* Whether the member name e is `name` (the first byte decides most). */
static bool named(const ak_json_event *e, const char *name)
{
    if (ak_json_string_is_raw(e) && e->text_len && e->text[0] != name[0])
        return false;
    return ak_json_string_equals(e, name, strlen(name));
}

/* A member that every arm of a switch has, with the same kind at the same
 * place of the arms' shared storage (AnimX: each track body begins with
 * key_count): it can be given before the fields that choose the arm. */
static const ak_lfield *common_member(const ak_lstruct *st, size_t arm, const ak_json_event *e, uint8_t *obj,
                                      uint8_t **holder)
{
    const ak_lfield *first = NULL;
    size_t offset = st->fields[arm].offset;
    for (size_t i = 0; i < st->field_count; i++) {
        const ak_lfield *g = &st->fields[i];
        if (g->kind != AK_LK_INLINE || g->offset != offset)
            continue;
        const ak_lfield *m = NULL;
        for (size_t k = 0; k < g->st->field_count && !m; k++)
            if (g->st->fields[k].kind != AK_LK_INLINE && !g->st->fields[k].present &&
                ak_json_string_equals(e, g->st->fields[k].name, strlen(g->st->fields[k].name)))
                m = &g->st->fields[k];
        if (!m || (first && (m->kind != first->kind || m->offset != first->offset)))
            return NULL;
        if (!first)
            first = m;
    }
    if (first)
        *holder = obj + offset;
    return first;
}

/* Finds a member among the fields that are present, looking into inline
 * arms; *holder is the struct that holds it. A member whose presence the
 * fields given so far do not decide yet is LK_EARLY. In an arm that is not
 * live (not taken by what was given so far) only names are looked up: its
 * storage is another arm's, so its own fields say nothing. */
static lookup find_member(undump *u, uframe *f, const ak_lstruct *st, uint8_t *obj, const ak_json_event *e,
                          const ak_lfield **out, uint8_t **holder, bool live)
{
    if (live && st->lets)
        st->lets(obj, u->root);
    lookup result = LK_UNKNOWN;
    for (size_t i = 0; i < st->field_count; i++) {
        const ak_lfield *g = &st->fields[i];
        if (g->kind == AK_LK_SPAN)
            continue; /* no member of the dump */
        if (!live) {
            const ak_lfield *r = NULL;
            uint8_t *h = NULL;
            if (g->kind == AK_LK_INLINE ? find_member(u, f, g->st, obj + g->offset, e, &r, &h, false) == LK_FOUND
                                        : named(e, g->name)) {
                *out = r ? r : g;
                *holder = r ? h : obj;
                return LK_FOUND;
            }
            continue;
        }
        if (g->kind != AK_LK_INLINE && !named(e, g->name))
            continue;
        bool present = !g->present || g->present(obj, u->root);
        if (g->kind == AK_LK_INLINE) {
            uint8_t *h = NULL;
            const ak_lfield *r = NULL;
            lookup inner = find_member(u, f, g->st, obj + g->offset, e, &r, &h, present);
            if (inner == LK_UNKNOWN)
                continue;
            if (!decidable(u, f, st, obj, g, 0)) {
                if ((*out = common_member(st, i, e, obj, holder)) != NULL)
                    return LK_FOUND;
                return LK_EARLY;
            }
            if (!present) {
                result = LK_EXCLUDED; /* an arm not taken: what is in it is excluded */
                continue;
            }
            if (inner == LK_FOUND) {
                *out = r;
                *holder = h;
                return LK_FOUND;
            }
            if (inner == LK_EARLY)
                return LK_EARLY;
            result = LK_EXCLUDED;
            continue;
        }
        if (!decidable(u, f, st, obj, g, 0))
            return LK_EARLY;
        if (!present) {
            result = LK_EXCLUDED;
            continue;
        }
        *out = g;
        *holder = obj;
        return LK_FOUND;
    }
    return result;
}

/* The value `dst` of field g was stored: what the file cannot hold. */
static bool check_value(undump *u, ak_json_parser *p, const ak_json_event *e, const ak_lfield *g, const uint8_t *dst,
                        const uint8_t *holder)
{
    bool coded = g->kind != AK_LK_ARRAY && g->kind != AK_LK_FIXED && g->kind != AK_LK_SPELLED;
    if (g->names && g->names->closed && coded) {
        int64_t code = 0;
        switch (ak_lkind_size(g->kind)) {
        case 1: code = *dst; break;
        case 2: { uint16_t x; memcpy(&x, dst, 2); code = x; break; }
        case 4: { uint32_t x; memcpy(&x, dst, 4); code = x; break; }
        default: memcpy(&code, dst, 8); break;
        }
        if (!ak_ltable_find(g->names, code)) {
            fail(u, p, u->rules->name, e, "%lld is not a code of %s", (long long)code, g->names->name);
            u->refused = true;
            return false;
        }
    }
    if (!g->check)
        return true;
    const ak_rule *r = g->check(dst, holder, u->root);
    if (!r)
        return true;
    fail(u, p, u->rules->range, e, "the file cannot hold this value: %s", r->message);
    return false;
}

/* "nan:0x" and exactly `digits` hex digits (8: f32, 16: f64) of a NaN's
   bit pattern (the dump's spelling of a NaN other than C's NAN) */
static bool nan_bits(undump *u, const ak_json_event *e, int digits, float *f, double *d)
{
    u->scratch.len = 0;
    ak_json_string_decode(e, &u->scratch);
    const char *s = ak_buf_cstr(&u->scratch);
    if (u->scratch.len != (size_t)(6 + digits) || strncmp(s, "nan:0x", 6) != 0)
        return false;
    uint64_t bits = 0;
    for (int i = 6; i < 6 + digits; i++) {
        char c = s[i];
        int v = c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10 : c >= 'A' && c <= 'F' ? c - 'A' + 10 : -1;
        if (v < 0)
            return false;
        bits = bits << 4 | (uint64_t)v;
    }
    if (digits == 8) {
        uint32_t b32 = (uint32_t)bits;
        memcpy(f, &b32, 4);
        return *f != *f;
    }
    memcpy(d, &bits, 8);
    return *d != *d;
}

static bool store_scalar_(undump *u, ak_json_parser *p, const ak_json_event *e, const ak_lfield *g, ak_lkind k,
                          uint8_t *dst);

/* A scalar value into dst; false (reported) when it cannot be stored: what
 * the field decides is then not judged (seen_member.bad). */
static bool store_scalar(undump *u, ak_json_parser *p, const ak_json_event *e, const ak_lfield *g, ak_lkind k,
                         uint8_t *dst)
{
    bool ok = store_scalar_(u, p, e, g, k, dst);
    if (!ok)
        u->refused = true;
    return ok;
}

/* A string of the dump into the arena: NUL-terminated; NULL when memory ran out (reported). */
static const char *store_string(undump *u, ak_json_parser *p, const ak_json_event *e, size_t *len)
{
    u->scratch.len = 0;
    if (!ak_json_string_decode(e, &u->scratch))
        return fail_memory(u, p, e, e->length, "a string of the dump"), NULL;
    *len = u->scratch.len;
    const char *s = ak_arena_strndup(u->arena, u->scratch.data ? u->scratch.data : "", *len);
    if (!s)
        fail_memory(u, p, e, *len + 1, "a string of the document");
    return s;
}

/* A word of a document's enum: its code; one that is none of its words is
   kept (code -1) when the field has a place for it, else refused. */
static bool store_spelled(undump *u, ak_json_parser *p, const ak_json_event *e, const ak_lfield *g, uint8_t *dst,
                          bool element)
{
    if (e->kind != AK_JSON_STRING)
        return fail(u, p, u->rules->type, e, "a word of %s is needed here", g->names->name), false;
    int code = -1;
    for (size_t i = 0; i < g->names->count && code < 0; i++)
        if (ak_json_string_equals(e, g->names->entries[i].name, strlen(g->names->entries[i].name)))
            code = (int)g->names->entries[i].code;
    memcpy(dst, &code, sizeof code);
    if (code >= 0)
        return true;
    size_t len;
    if (element || !g->word_offset) {
        u->scratch.len = 0;
        ak_json_string_decode(e, &u->scratch);
        return fail(u, p, u->rules->name, e, "'%s' is not a word of %s", ak_buf_cstr(&u->scratch), g->names->name),
               false;
    }
    const char *w = store_string(u, p, e, &len);
    memcpy(dst - g->offset + g->word_offset, &w, sizeof w);
    return w != NULL;
}

static bool store_scalar_(undump *u, ak_json_parser *p, const ak_json_event *e, const ak_lfield *g, ak_lkind k,
                          uint8_t *dst)
{
    const ak_rule *vr = u->rules->range, *tr = u->rules->type;
    if (k == AK_LK_SPELLED)
        return store_spelled(u, p, e, g, dst, k != g->kind);
    /* a table or enum code may be given by its name */
    if (g && g->names && e->kind == AK_JSON_STRING && k != AK_LK_STRING && k != AK_LK_NSTRING) {
        for (size_t i = 0; i < g->names->count; i++) {
            const ak_lentry *en = &g->names->entries[i];
            if (en->name && ak_json_string_equals(e, en->name, strlen(en->name))) {
                int64_t v = en->code;
                switch (ak_lkind_size(k)) {
                case 1: { uint8_t x = (uint8_t)v; memcpy(dst, &x, 1); break; }
                case 2: { uint16_t x = (uint16_t)v; memcpy(dst, &x, 2); break; }
                case 4: { uint32_t x = (uint32_t)v; memcpy(dst, &x, 4); break; }
                default: memcpy(dst, &v, 8); break;
                }
                return true;
            }
        }
        u->scratch.len = 0;
        ak_json_string_decode(e, &u->scratch);
        fail(u, p, u->rules->name, e, "'%s' is not a name of %s", ak_buf_cstr(&u->scratch), g->names->name);
        return false;
    }
    switch (k) {
    case AK_LK_F32:
    case AK_LK_F64: {
        double d = 0;
        float f = 0;
        if (e->kind == AK_JSON_STRING) {
            double special;
            if (ak_json_string_equals(e, "nan", 3))
                special = NAN;
            else if (ak_json_string_equals(e, "inf", 3))
                special = INFINITY;
            else if (ak_json_string_equals(e, "-inf", 4))
                special = -INFINITY;
            else if (nan_bits(u, e, k == AK_LK_F32 ? 8 : 16, &f, &d))
                goto store; /* "nan:0x<bits>": that NaN exactly */
            else
                return fail(u, p, tr, e,
                            "a number is needed here (or \"nan\", \"nan:0x<%d hex digits of a NaN>\", \"inf\", "
                            "\"-inf\")",
                            k == AK_LK_F32 ? 8 : 16),
                       false;
            d = special;
            f = (float)special;
        } else if (e->kind == AK_JSON_NUMBER) {
            if (k == AK_LK_F32) {
                if (ak_json_number_f32(e, &f) != AK_NUM_OK)
                    return fail(u, p, vr, e, "this number does not fit a 32-bit float"), false;
            } else if (ak_json_number_f64(e, &d) != AK_NUM_OK) {
                return fail(u, p, vr, e, "this number does not fit a 64-bit float"), false;
            }
        } else {
            return fail(u, p, tr, e, "a number is needed here"), false;
        }
    store:
        if (k == AK_LK_F32)
            memcpy(dst, &f, 4);
        else
            memcpy(dst, &d, 8);
        return true;
    }
    case AK_LK_BOOL:
        if (e->kind != AK_JSON_TRUE && e->kind != AK_JSON_FALSE)
            return fail(u, p, tr, e, "true or false is needed here"), false;
        *(bool *)dst = e->kind == AK_JSON_TRUE;
        return true;
    case AK_LK_STRING:
    case AK_LK_NSTRING:
    case AK_LK_WORD: {
        ak_lstr s = {NULL, 0};
        if (e->kind == AK_JSON_NULL && k == AK_LK_NSTRING) {
            memcpy(dst, &s, sizeof s);
            return true;
        }
        if (e->kind != AK_JSON_STRING)
            return fail(u, p, tr, e, "%s is needed here", kind_name(k)), false;
        s.ptr = store_string(u, p, e, &s.len);
        if (!s.ptr)
            return false;
        if (k == AK_LK_WORD)
            memcpy(dst, &s.ptr, sizeof s.ptr);
        else
            memcpy(dst, &s, sizeof s);
        return true;
    }
    default: break;
    }
    /* a 64-bit integer beyond 2^53 is dumped as a decimal string (jq keeps it) */
    bool wide = k == AK_LK_U64 || k == AK_LK_I64 || k == AK_LK_LEB128;
    bool text = wide && e->kind == AK_JSON_STRING && ak_json_string_is_raw(e) && e->text_len > 0;
    double whole;
    if (e->kind != AK_JSON_NUMBER && !text)
        return fail(u, p, tr, e, "an integer is needed here"), false;
    /* 1.5 is a number of the wrong kind here (the format's rule, not the JSON front end's) */
    if (!text && (e->flags & (AK_JSON_F_FRAC | AK_JSON_F_EXP)) && ak_json_number_f64(e, &whole) == AK_NUM_OK &&
        whole != trunc(whole))
        return fail(u, p, tr, e, "an integer is needed here"), false;
    bool is_signed = k == AK_LK_I8 || k == AK_LK_I16 || k == AK_LK_I32 || k == AK_LK_I64;
    int64_t lo = 0;
    uint64_t hi = 0;
    switch (k) {
    case AK_LK_U8: hi = UINT8_MAX; break;
    case AK_LK_I8: lo = INT8_MIN; hi = INT8_MAX; break;
    case AK_LK_U16: hi = UINT16_MAX; break;
    case AK_LK_I16: lo = INT16_MIN; hi = INT16_MAX; break;
    case AK_LK_U32: hi = UINT32_MAX; break;
    case AK_LK_VARINT: hi = INT32_MAX; break;
    case AK_LK_I32: lo = INT32_MIN; hi = INT32_MAX; break;
    case AK_LK_U64:
    case AK_LK_LEB128: hi = UINT64_MAX; break;
    default: lo = INT64_MIN; hi = INT64_MAX; break;
    }
    if (is_signed) {
        int64_t v;
        if (text ? ak_parse_i64(e->text, e->text_len, &v) != AK_NUM_OK : !ak_json_number_i64(p, e, vr, &v))
            return text ? fail(u, p, vr, e, "this string is not an integer") : (u->failed = true), false;
        if (v < lo || v > (int64_t)hi)
            return fail(u, p, vr, e, "%lld is out of range here", (long long)v), false;
        switch (k) {
        case AK_LK_I8: *(int8_t *)dst = (int8_t)v; break;
        case AK_LK_I16: { int16_t x = (int16_t)v; memcpy(dst, &x, 2); break; }
        case AK_LK_I32: { int32_t x = (int32_t)v; memcpy(dst, &x, 4); break; }
        default: memcpy(dst, &v, 8); break;
        }
    } else {
        uint64_t v;
        if (text ? ak_parse_u64(e->text, e->text_len, &v) != AK_NUM_OK : !ak_json_number_u64(p, e, vr, &v))
            return text ? fail(u, p, vr, e, "this string is not an integer") : (u->failed = true), false;
        if (v > hi)
            return fail(u, p, vr, e, "%llu is out of range here", (unsigned long long)v), false;
        switch (k) {
        case AK_LK_U8: *dst = (uint8_t)v; break;
        case AK_LK_U16: { uint16_t x = (uint16_t)v; memcpy(dst, &x, 2); break; }
        case AK_LK_U32:
        case AK_LK_VARINT: { uint32_t x = (uint32_t)v; memcpy(dst, &x, 4); break; }
        default: memcpy(dst, &v, 8); break;
        }
    }
    return true;
}

static uframe *push_frame(undump *u, ak_json_parser *p, const ak_json_event *e, frame_kind k)
{
    if (u->depth >= AK_LAYOUT_MAX_DEPTH) {
        fail_hard(u, p, u->rules->syntax, e, "nested too deeply for this layout");
        return NULL;
    }
    uframe *f = &u->frames[u->depth++];
    memset(f, 0, sizeof *f);
    f->kind = k;
    f->start_offset = e->offset;
    return f;
}

/* A value for `field` (held by `holder`), or an element when field is an
 * array: k is the kind of the value, dst where it goes (arrays: the holder). */
static int begin_value(undump *u, ak_json_parser *p, const ak_json_event *e, const ak_lfield *field, ak_lkind k,
                       uint8_t *dst, uint8_t *holder, bool element)
{
    if (k == AK_LK_STRUCT) {
        if (e->kind != AK_JSON_BEGIN_OBJECT)
            return fail(u, p, u->rules->type, e, "an object is needed here");
        uframe *f = push_frame(u, p, e, FR_OBJECT);
        if (!f)
            return 1;
        f->st = field->st;
        f->obj = dst;
        if (f->st->init)
            f->st->init(dst);
        return 0;
    }
    if (k == AK_LK_ARRAY || k == AK_LK_FIXED) {
        /* a tuple (a value of several components) written otherwise has the wrong shape */
        bool tuple = element ? true : k == AK_LK_FIXED && field->elem_kind != AK_LK_STRUCT;
        if (e->kind != AK_JSON_BEGIN_ARRAY)
            return fail(u, p, tuple ? u->rules->shape : u->rules->type, e, "an array is needed here");
        uframe *f = push_frame(u, p, e, FR_ARRAY);
        if (!f)
            return 1;
        f->field = field;
        f->array_owner = holder;
        if (element) {
            /* an element that is a tuple */
            f->tuple = true;
            f->elem_kind = field->tuple_kind;
            f->elem_size = ak_lkind_size(field->tuple_kind);
            f->fixed = field->tuple_count;
            f->dst = dst;
            return 0;
        }
        f->elem_kind = field->elem_kind;
        f->elem_size = field->elem_size;
        if (k == AK_LK_FIXED) {
            f->fixed = field->fixed_count;
            f->dst = holder + field->offset;
            f->tuple = field->elem_kind != AK_LK_STRUCT && field->elem_kind != AK_LK_FIXED;
        }
        return 0;
    }
    if (store_scalar(u, p, e, field, k, dst) && check_value(u, p, e, field, dst, holder) && field->optional &&
        k != AK_LK_WORD && !element)
        *(bool *)(holder + field->has_offset) = true; /* an optional member given */
    return u->stop;
}

/* At the end of an object: every present member given, counts agree. */
static int finish_object(undump *u, ak_json_parser *p, const ak_json_event *e, uframe *f,
                         const ak_lstruct *st, uint8_t *obj)
{
    if (st->lets)
        st->lets(obj, u->root);
    for (size_t i = 0; i < st->field_count; i++) {
        const ak_lfield *g = &st->fields[i];
        bool present = !g->present || g->present(obj, u->root);
        if (!present)
            continue;
        u->poisoned = u->doubtful = false;
        decidable(u, f, st, obj, g, 0);
        if (u->poisoned || u->doubtful)
            continue; /* decided by a refused value: not judged */
        if (g->kind == AK_LK_INLINE) {
            if (finish_object(u, p, e, f, g->st, obj + g->offset))
                return 1;
            continue;
        }
        if (g->kind == AK_LK_DERIVED || g->kind == AK_LK_SPAN)
            continue; /* optional: the undump ignores it; a span: no member of the dump */
        if (!seen(f, g) && (g->optional || g->defaulted))
            continue;
        if (!seen(f, g)) {
            fail(u, p, u->rules->missing, e, "member '%s' is missing", g->name);
            return 1; /* one report per object (finish_object's caller goes on) */
        }
        if (g->kind == AK_LK_ARRAY && g->count) {
            size_t n;
            memcpy(&n, obj + g->count_offset, sizeof n);
            uint64_t want = g->count(obj, u->root);
            if (want != n) {
                /* at the count field, where the disagreement was written */
                size_t at = e->offset;
                const char *leaf = g->name;
                for (size_t k = 0; k < f->seen_n; k++)
                    if (g->count_name && strcmp(f->seen[k].field->name, g->count_name) == 0) {
                        at = f->seen[k].value_offset;
                        leaf = g->count_name;
                    }
                fail_at(u, p, u->rules->count, at, leaf, "'%s' has %zu element%s but '%s' says %llu", g->name, n,
                        n == 1 ? "" : "s", g->count_name ? g->count_name : "the count", (unsigned long long)want);
                if (u->stop)
                    return 1;
            }
        }
    }
    return 0;
}

static int on_object_event(undump *u, ak_json_parser *p, const ak_json_event *e, uframe *f)
{
    if (e->kind == AK_JSON_KEY && !f->await_value) {
        uint8_t *holder = NULL;
        const ak_lfield *g = NULL;
        u->poisoned = u->doubtful = false;
        lookup r = find_member(u, f, f->st, f->obj, e, &g, &holder, true);
        u->scratch.len = 0;
        ak_json_string_decode(e, &u->scratch);
        const char *name = ak_buf_cstr(&u->scratch);
        if (u->poisoned || (r != LK_FOUND && u->doubtful)) {
            u->skip_next = true; /* what decides it was refused already */
            return 0;
        }
        if (r == LK_EARLY) {
            const char *dep = u->undecided ? u->undecided : "?";
            return fail_hard(u, p, u->rules->order, e,
                             "member '%s' comes before '%s'%s, which decides whether it belongs here", name,
                             dep[0] == '/' ? dep + 1 : dep, dep[0] == '/' ? " (a member of the root)" : "");
        }
        if (r == LK_EXCLUDED || r == LK_UNKNOWN) {
            u->skip_next = true;
            return fail(u, p, u->rules->unknown, e,
                        r == LK_EXCLUDED ? "member '%s' does not belong here: the fields before it exclude it"
                                         : "unknown member '%s'",
                        name);
        }
        if (seen(f, g)) {
            u->skip_next = true; /* the JSON front end reported the duplicate */
            u->failed = true;
            return 0;
        }
        if (f->seen_n >= MAX_SEEN)
            return fail_hard(u, p, u->rules->syntax, e, "too many members");
        f->seen[f->seen_n++] = (seen_member){g, e->offset, false, false};
        if (g->kind == AK_LK_DERIVED) {
            u->skip_next = true; /* derived from the other members: what the file is built from */
            return 0;
        }
        f->field = g;
        f->field_obj = holder;
        f->await_value = true;
        return 0;
    }
    if (e->kind == AK_JSON_END_OBJECT) {
        finish_object(u, p, e, f, f->st, f->obj);
        u->depth--;
        return u->stop;
    }
    const ak_lfield *g = f->field;
    f->field = NULL;
    f->await_value = false;
    if (!g)
        return fail_hard(u, p, u->rules->syntax, e, "a member name is needed here");
    seen_member *sm = &f->seen[f->seen_n - 1];
    sm->value_offset = e->offset;
    /* arrays get the struct that holds them (pointer, count or inline elements) */
    uint8_t *dst = g->kind == AK_LK_ARRAY || g->kind == AK_LK_FIXED ? f->field_obj : f->field_obj + g->offset;
    u->refused = false;
    size_t before = u->errors;
    int r = begin_value(u, p, e, g, g->kind, dst, f->field_obj, false);
    sm->bad = u->refused;
    sm->doubtful = u->errors != before;
    return r;
}

static int on_array_end(undump *u, ak_json_parser *p, const ak_json_event *e, uframe *f)
{
    const ak_lfield *g = f->field;
    if (f->fixed) {
        if (f->overflow || f->n != f->fixed)
            fail(u, p, f->tuple ? u->rules->shape : u->rules->count, e, "'%s' needs exactly %u element%s, not %zu",
                 g->name, (unsigned)f->fixed, f->fixed == 1 ? "" : "s", f->n);
        else if (f->tuple)
            check_value(u, p, e, g, f->dst, f->array_owner);
        u->depth--;
        return u->stop;
    }
    if (f->overflow) {
        fail(u, p, u->rules->count, e, "'%s' has at most %u element%s, not %zu", g->name, (unsigned)g->max_count,
             g->max_count == 1 ? "" : "s", f->n);
        f->n = g->max_count;
    }
    void *elems = NULL;
    if (f->n) {
        elems = ak_arena_copy(u->arena, f->elems, f->n, f->elem_size, 16);
        if (!elems)
            return fail_memory(u, p, e, f->n * f->elem_size, "an array of the document");
    }
    free(f->elems);
    f->elems = NULL;
    memcpy(f->array_owner + g->offset, &elems, sizeof elems);
    memcpy(f->array_owner + g->count_offset, &f->n, sizeof f->n);
    u->depth--;
    return 0;
}

static int on_event(void *user, ak_json_parser *p, const ak_json_event *e)
{
    undump *u = user;
    if (u->skip_next) {
        u->skip_next = false;
        if (e->kind == AK_JSON_BEGIN_OBJECT || e->kind == AK_JSON_BEGIN_ARRAY)
            u->skip_depth = 1;
        return 0;
    }
    if (u->skip_depth) {
        if (e->kind == AK_JSON_BEGIN_OBJECT || e->kind == AK_JSON_BEGIN_ARRAY)
            u->skip_depth++;
        else if (e->kind == AK_JSON_END_OBJECT || e->kind == AK_JSON_END_ARRAY)
            u->skip_depth--;
        return 0;
    }
    if (!u->have_root) {
        if (e->kind != AK_JSON_BEGIN_OBJECT)
            return fail_hard(u, p, u->rules->type, e, "the dump is a JSON object");
        u->have_root = true;
        uframe *f = push_frame(u, p, e, FR_OBJECT);
        f->st = u->root_st;
        f->obj = u->root;
        return 0;
    }
    if (u->depth == 0)
        return fail_hard(u, p, u->rules->syntax, e, "unexpected value after the document");
    uframe *f = &u->frames[u->depth - 1];
    if (f->kind == FR_OBJECT)
        return on_object_event(u, p, e, f);
    if (e->kind == AK_JSON_END_ARRAY)
        return on_array_end(u, p, e, f);
    const ak_lfield *g = f->field;
    uint8_t *dst;
    if (f->fixed) {
        if (f->n >= f->fixed) {
            /* counted on (and skipped): the length is reported once, at the end */
            f->overflow = true;
            f->n++;
            if (e->kind == AK_JSON_BEGIN_ARRAY || e->kind == AK_JSON_BEGIN_OBJECT)
                u->skip_depth = 1;
            return 0;
        }
        dst = f->dst + f->n * f->elem_size;
    } else {
        if (g->max_count && f->n >= g->max_count) { /* reported at the end, with the length */
            f->overflow = true;
            f->n++;
            if (e->kind == AK_JSON_BEGIN_ARRAY || e->kind == AK_JSON_BEGIN_OBJECT)
                u->skip_depth = 1;
            return 0;
        }
        if (f->n == f->cap) {
            size_t cap = f->cap ? f->cap * 2 : 16;
            if (cap > SIZE_MAX / f->elem_size)
                return fail_hard(u, p, u->rules->value, e, "array too long");
            uint8_t *grown = realloc(f->elems, cap * f->elem_size);
            if (!grown)
                return fail_memory(u, p, e, cap * f->elem_size, "an array of the dump");
            f->elems = grown;
            f->cap = cap;
        }
        dst = f->elems + f->n * f->elem_size;
        memset(dst, 0, f->elem_size);
    }
    f->n++;
    if (f->tuple) {
        store_scalar(u, p, e, g, f->elem_kind, dst);
        return u->stop;
    }
    ak_lkind k = f->elem_kind;
    if (k == AK_LK_FIXED || k == AK_LK_STRUCT)
        return begin_value(u, p, e, g, k, dst, f->array_owner, true);
    if (store_scalar(u, p, e, g, k, dst))
        check_value(u, p, e, g, dst, f->array_owner);
    return u->stop;
}

void *ak_lundump_json(const ak_lstruct *root, const uint8_t *json, size_t size, ak_arena *arena,
                      const ak_lundump_rules *rules, ak_diags *d)
{
    undump u;
    memset(&u, 0, sizeof u);
    u.root_st = root;
    u.arena = arena;
    u.rules = rules;
    u.root = ak_arena_zalloc(arena, root->size, 16);
    ak_buf_init(&u.scratch);
    if (!u.root)
        return NULL;
    if (root->init)
        root->init(u.root);
    ak_json_config cfg;
    memset(&cfg, 0, sizeof cfg);
    cfg.handler = on_event;
    cfg.user = &u;
    cfg.duplicate_rule = rules->duplicate;
    ak_json_status st = ak_json_parse(json, size, &cfg, d);
    for (int i = 0; i < AK_LAYOUT_MAX_DEPTH; i++)
        free(u.frames[i].elems);
    ak_buf_free(&u.scratch);
    if (st != AK_JSON_OK || u.failed || !u.have_root)
        return NULL;
    if (root->lets)
        root->lets(u.root, u.root);
    return u.root;
}

bool ak_lundump_verify(const ak_input *built, void (*validate)(const ak_input *, const ak_options *, ak_diags *),
                       const ak_options *opt, ak_diags *d, const ak_rule *result)
{
    ak_diag_options dopt = {0};
    ak_diags *scratch = ak_diags_new(&dopt);
    if (!scratch)
        return false;
    validate(built, opt, scratch);
    const ak_diag *first = NULL;
    for (size_t i = 0; i < ak_diags_count(scratch) && !first; i++)
        if (ak_diags_at(scratch, i)->severity == AK_SEV_ERROR)
            first = ak_diags_at(scratch, i);
    if (first && (first->rule == &ak_rule_limit_memory || first->rule == &ak_rule_limit_out_of_memory))
        /* memory ran out checking it: that, not a verdict on the file */
        ak_report(d, first->rule, 0, 0, "", "checking the file built from the dump: %s", first->message);
    else if (first)
        ak_report(d, result, 0, 0, "", "the file built from the dump would not validate: %s [%s] at %s",
                  first->message, first->rule->code, first->path[0] ? first->path : "/");
    bool ok = first == NULL;
    ak_diags_free(scratch);
    return ok;
}
