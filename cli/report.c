/* animkit report: validates every file under the given paths, in parallel,
 * and writes one conformance report (HTML, Markdown, JSON, JUnit XML or
 * SARIF, by the output's extension).
 *
 * Files are found first (ak_walk), sorted by path, then checked by -j
 * workers; results are written strictly in path order, so the report does
 * not depend on -j. A worker may run at most a few files ahead of the
 * report, so memory is bounded by the files in flight, not by the folder:
 * finished files go to the writer's spool (a temporary file) at once, by
 * the worker that finished them (see "workers" below). */
#include "report.h"

#include "report_cache.h"
#include "blake2b.h"

#include <errno.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <sys/wait.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

static const char report_help[] =
    "usage: animkit report [options] PATH... -o OUT\n"
    "\n"
    "Validates every file under the given files and folders (folders are walked\n"
    "recursively, symbolic links followed, each folder once) and writes one\n"
    "conformance report: totals, a rule x format matrix, and per file its format,\n"
    "version, size, verdict and diagnostics. The kind of report follows OUT's\n"
    "extension:\n"
    "  .html   one self-contained page, with a small plot of each animation\n"
    "  .md     Markdown\n"
    "  .json   JSON (schema: docs/report.schema.json)\n"
    "  .xml    JUnit XML: one testcase per file, a failure per file with errors\n"
    "  .sarif  SARIF 2.1.0\n"
    "OUT is written atomically: a failed run never leaves a half report.\n"
    "\n"
    "options:\n"
    "  -o OUT              the report file\n"
    "  -j N                check N files at once (default: the number of cores);\n"
    "                      the report is the same for every N\n"
    "  --strict            the verdict at the strict level (both levels are counted)\n"
    "  --format ID         check every file as this format (folders: only files\n"
    "                      with its extensions)\n"
    "  --max-errors N      stop checking a file after N errors (default 100)\n"
    "  --max-memory SIZE   memory budget of each file being checked, thumbnail\n"
    "                      included (default 256M, at most half the physical\n"
    "                      memory, as validate; K, M, G suffixes)\n"
    "  -q, --quiet         no progress line on standard error\n"
    "  --shard I/N         check shard I of N (1 <= I <= N) of the files, chosen\n"
    "                      by a hash of each file's path below its PATH, and write\n"
    "                      a partial report (-o NAME.json) for --merge\n"
    "  --merge PART...     join the partial reports of every shard into one\n"
    "                      report of any kind, the same bytes as one run over\n"
    "                      all the files would write (no PATH is read)\n"
    "  --cache DIR         keep each file's result in DIR, keyed by its content,\n"
    "                      the formats its name names, animkit's version and the\n"
    "                      options above, and its stat data: an unchanged file is\n"
    "                      not checked again, nor read\n"
    "  --cache-max SIZE    trim DIR to SIZE, oldest segments first, keeping what\n"
    "                      the run used (default 1G; 0: no bound; K, M, G)\n"
    "  --files-from FILE   check the files FILE lists (one a line; - standard\n"
    "                      input) that are under the PATHs (all: no PATH)\n"
    "  --changed-since REF check the files under the PATHs (default .) that differ\n"
    "                      from git revision REF, untracked ones included\n"
    "\n"
    "exit status: 0 every file is valid, 1 some file has errors or cannot be\n"
    "read, 2 usage, or the report cannot be written (--merge: or the parts do\n"
    "not fit together)\n";

static const report_writer *const writers[] = {&report_html, &report_md, &report_json, &report_junit,
                                               &report_sarif};

/* ------------------------------------------------------------------ */
/* the files to check                                                  */

typedef struct entry {
    char *path;
    int err;      /* the walk could not read it (errno), or AK_WALK_NOT_A_FILE */
    bool examine; /* found in a folder with no extension of a format of its own: looked at before it is kept */
    size_t input; /* the argument it was found under */
    /* what look_entry found */
    bool drop, earlier_report, regular;
    dev_t dev;
    ino_t ino;
} entry;

typedef struct entries {
    entry *v;
    size_t n, cap;
    const ak_format *format;
    bool oom;
    size_t input;      /* the argument being walked */
    dir_census *census; /* of that argument */
} entries;

static bool add_entry(entries *e, const char *path, int err, bool examine)
{
    if (e->n == e->cap) {
        size_t cap = e->cap ? e->cap * 2 : 256;
        entry *v = realloc(e->v, cap * sizeof *v);
        if (!v) {
            e->oom = true;
            return false;
        }
        e->v = v;
        e->cap = cap;
    }
    if (!(e->v[e->n].path = strdup(path))) {
        e->oom = true;
        return false;
    }
    e->v[e->n] = (entry){.path = e->v[e->n].path, .err = err, .examine = examine, .input = e->input};
    e->n++;
    return true;
}

/* As `validate` walks folders: files with a supported format's extension
 * (with --format: that format's), and, without --format, files whose
 * content a format recognises; files of a generic format (plain JSON) and
 * of none are looked at before they are kept (look_entry). Entries that
 * cannot be read, FIFOs among them, are listed as such. */
static bool visit_walked(void *ctx, const char *path, int err)
{
    entries *e = ctx;
    struct stat st;
    if (!(err && stat(path, &st) == 0 && S_ISDIR(st.st_mode)))
        census_add(e->census, path);
    if (err)
        return add_entry(e, path, err, false);
    const ak_format *named = ak_format_for_filename(path);
    if (e->format)
        return ak_format_has_extension(e->format, path) ? add_entry(e, path, 0, e->format->generic) : true;
    return add_entry(e, path, 0, !named || named->generic);
}

/* Is the file a report that animkit wrote (any kind: the writers'
 * signatures in its first KiB)? */
static bool written_as_report(const ak_file *f)
{
    size_t n = f->size < 1024 ? f->size : 1024;
    for (size_t i = 0; i < sizeof writers / sizeof writers[0]; i++) {
        const char *sig = writers[i]->signature;
        size_t m = strlen(sig);
        /* by the first byte (memchr), then the rest: this runs on every
           file of a folder before the checking starts */
        const uint8_t *p = f->data, *end = f->data + n;
        while (m <= (size_t)(end - p) && (p = memchr(p, sig[0], (size_t)(end - p) - m + 1)) != NULL) {
            if (memcmp(p, sig, m) == 0)
                return true;
            p++;
        }
    }
    return false;
}

/* Is a found file checked? One named on the command line always is; one
 * found in a folder with no extension of a format of its own only when its
 * content is of a supported format, and never when animkit wrote it as a
 * report (the output of an earlier run, written into the folder it scans).
 * Decided before the checking begins, so that the progress line counts
 * what will be checked. Also the file's identity, which the report must
 * not overwrite (cli_protect_identity). Runs in threads (look_all): it
 * touches only its entry. */
static void look_entry(const ak_format *format, entry *e)
{
    if (e->examine) {
        e->examine = false;
        ak_file f;
        char why[256];
        if (!ak_file_open(&f, e->path, why, sizeof why)) {
            e->err = errno ? errno : EIO; /* listed as unreadable */
        } else {
            e->earlier_report = written_as_report(&f);
            e->drop = e->earlier_report ||
                      !(format || ak_format_for_filename(e->path) || ak_format_detect(f.data, f.size, NULL));
            ak_file_close(&f);
        }
    }
    struct stat st;
    bool stdin_ = strcmp(e->path, "-") == 0;
    if (!e->drop && !e->err && (stdin_ ? fstat(STDIN_FILENO, &st) : stat(e->path, &st)) == 0 &&
        S_ISREG(st.st_mode)) {
        e->regular = true;
        e->dev = st.st_dev;
        e->ino = st.st_ino;
    }
}

typedef struct look_pool {
    const ak_format *format;
    entries *files;
    pthread_mutex_t mu;
    size_t next;
} look_pool;

static void *look_worker(void *arg)
{
    look_pool *lp = arg;
    enum { CHUNK = 64 };
    for (;;) {
        pthread_mutex_lock(&lp->mu);
        size_t from = lp->next, to = from + CHUNK < lp->files->n ? from + CHUNK : lp->files->n;
        lp->next = to;
        pthread_mutex_unlock(&lp->mu);
        if (from >= to)
            return NULL;
        for (size_t i = from; i < to; i++)
            look_entry(lp->format, &lp->files->v[i]);
    }
}

/* look_entry for every entry, in `jobs` threads: on a large folder this is
   a good part of the whole run, and it comes before any checking. */
static void look_all(const ak_format *format, entries *files, int jobs)
{
    look_pool lp = {format, files, PTHREAD_MUTEX_INITIALIZER, 0};
    pthread_t threads[255];
    int started = 0;
    while (started < jobs - 1 && (size_t)started * 256 < files->n &&
           pthread_create(&threads[started], NULL, look_worker, &lp) == 0)
        started++;
    look_worker(&lp);
    for (int i = 0; i < started; i++)
        pthread_join(threads[i], NULL);
    pthread_mutex_destroy(&lp.mu);
}

static int cmp_entry(const void *a, const void *b)
{
    return strcmp(((const entry *)a)->path, ((const entry *)b)->path);
}

/* ------------------------------------------------------------------ */
/* checking one file (in a worker)                                     */

typedef struct run {
    const ak_format *format;
    ak_options opt;
    ak_diag_options level; /* --strict, --max-errors */
    bool thumbnails;
    bool keep_data; /* the writer reads the files' bytes (SARIF: its snippets) */
    bool snippets;  /* SARIF: every file's bytes; else a part needs those of a file whose columns in code points differ */
    entries files;
    report_cache *cache; /* --cache */
    atomic_size_t *plots; /* thumbnails the report has taken (report_add) */
} run;

/* The options that change a file's result, as one string: what a cache key
   and a partial report hold (parts of other options are not merged). */
static void result_options(const run *rn, ak_buf *b)
{
    ak_buf_printf(b, "level=%s max-errors=%u max-memory=%llu format=%s format-options=",
                  report_level_name(rn->level.strict), rn->level.max_errors ? rn->level.max_errors : AK_DEFAULT_MAX_ERRORS,
                  (unsigned long long)rn->opt.max_memory, rn->format ? rn->format->id : "-");
    if (rn->opt.format_options)
        ak_buf_puts(b, rn->opt.format_options);
}

typedef struct result {
    report_file f;
    ak_file file;
    bool opened;
    ak_diags *d;
    ak_buf svg;
    char *version;
} result;

/* The file's counts, those not shown included (ak_diags_unshown), and its
 * verdicts at both levels: validators do not depend on the level, so the
 * verdict at the other level follows from the rules' severities there. */
static void count_levels(result *res)
{
    const ak_diags *d = res->d;
    res->f.errors = ak_diags_errors(d);
    res->f.warnings = ak_diags_warnings(d);
    res->f.notes = ak_diags_notes(d);
    res->f.unshown = ak_diags_unshown(d);
    for (size_t i = 0; i < ak_diags_count(d); i++) {
        const ak_rule *rule = ak_diags_at(d, i)->rule;
        res->f.invalid[0] |= rule->compat == AK_SEV_ERROR;
        res->f.invalid[1] |= rule->strict == AK_SEV_ERROR;
    }
    size_t n;
    const ak_rule *rule;
    for (size_t i = 0; (rule = ak_diags_unshown_at(d, i, &n)) != NULL; i++) {
        res->f.invalid[0] |= rule->compat == AK_SEV_ERROR;
        res->f.invalid[1] |= rule->strict == AK_SEV_ERROR;
    }
}

/* A result the cache holds for the file: res as if it had been checked.
   columns: the result has a column in code points that is not its column
   in bytes (a part computes it from the file's bytes). */
static bool from_cache(const run *rn, result *res, const uint8_t key[32], bool *columns)
{
    ak_buf text;
    ak_buf_init(&text);
    bool hit = report_cache_get(rn->cache, key, &text);
    *columns = hit && strstr(ak_buf_cstr(&text), "\"codePointColumn\"") != NULL;
    report_record rec;
    report_record_init(&rec, &rn->level);
    char why[256];
    if (hit && report_record_read(&rec, text.data, text.len, false, why, sizeof why) &&
        rec.f.size == res->file.size && (!rec.has_version || (res->version = strdup(rec.f.version)) != NULL)) {
        ak_diags_free(res->d);
        res->d = rec.d;
        rec.d = NULL;
        res->f.format = rec.f.format;
        res->f.version = res->version;
        res->f.d = res->d;
        res->f.errors = rec.f.errors;
        res->f.warnings = rec.f.warnings;
        res->f.notes = rec.f.notes;
        res->f.unshown = rec.f.unshown;
        res->f.invalid[0] = rec.f.invalid[0];
        res->f.invalid[1] = rec.f.invalid[1];
    } else {
        if (hit)
            report_cache_unusable(rn->cache);
        hit = false;
    }
    report_record_free(&rec);
    ak_buf_free(&text);
    return hit;
}

/* The result into the cache, unless it says something of this run rather
   than of the file (the system refused memory). */
static void to_cache(const run *rn, const result *res, const uint8_t key[32])
{
    for (size_t i = 0; i < ak_diags_count(res->d); i++)
        if (ak_diags_at(res->d, i)->rule == &ak_rule_limit_out_of_memory)
            return;
    ak_buf text;
    ak_buf_init(&text);
    report_record_write(&text, &res->f, rn->level.strict, RECORD_EXTRAS);
    if (!text.failed)
        report_cache_put(rn->cache, key, text.data, text.len);
    ak_buf_free(&text);
}

/* A thumbnail only while the report may still take one (the first
   REPORT_PLOTS files that have one: it counts them in path order, and
   this file comes after every file it has counted). */
static bool wants_thumbnail(const run *rn, const result *res)
{
    return rn->thumbnails && res->f.format && res->f.format->to_model && res->f.errors == 0 &&
           atomic_load(rn->plots) < REPORT_PLOTS;
}

static result *check_file(const run *rn, const entry *e)
{
    result *res = calloc(1, sizeof *res);
    if (!res)
        return NULL;
    ak_buf_init(&res->svg);
    res->f.path = e->path;
    res->d = ak_diags_new(&rn->level);
    if (!res->d) {
        free(res);
        return NULL;
    }
    char why[256];
    int err = e->err;
    /* the stat shortcut: a file whose stat data the cache knows is not
       read (unless a thumbnail or SARIF's snippets want its bytes) */
    struct stat st;
    struct timespec taken;
    bool known = false, tried = false, hit = false, columns = false;
    uint8_t content[32], key[32];
    if (!err && rn->cache && clock_gettime(CLOCK_REALTIME, &taken) == 0 && stat(e->path, &st) == 0 &&
        S_ISREG(st.st_mode)) {
        known = true;
        if (!rn->snippets && report_cache_stat_get(rn->cache, e->path, &st, content)) {
            report_cache_key(rn->cache, e->path, content, key);
            res->file.size = (size_t)st.st_size;
            res->f.size = res->file.size;
            hit = from_cache(rn, res, key, &columns);
            tried = true;
            if (hit && !(rn->keep_data && columns) && !wants_thumbnail(rn, res))
                return res; /* not read */
        }
    }
    if (!err && !ak_file_open(&res->file, e->path, why, sizeof why))
        err = errno ? errno : EIO;
    else if (err)
        snprintf(why, sizeof why, "%s", walk_error(e->path, err));
    if (err) {
        if (hit) { /* gone since: as if there had been no cache */
            ak_diags_free(res->d);
            free(res->version);
            res->version = NULL;
            memset(&res->f, 0, sizeof res->f);
            res->f.path = e->path;
            if (!(res->d = ak_diags_new(&rn->level))) {
                free(res);
                return NULL;
            }
        }
        res->f.unreadable = true;
        ak_report(res->d, &ak_rule_input_unreadable, 0, 0, "", err == AK_WALK_NOT_A_FILE ? "%s" : "cannot read the file: %s",
                  why);
        res->f.d = res->d;
        count_levels(res);
        return res;
    }
    res->opened = true;
    res->f.size = res->file.size;
    res->f.data = res->file.data;
    ak_input in = ak_file_input(&res->file);
    if (rn->cache)
        report_cache_read(rn->cache);
    if (rn->cache && !hit) {
        /* hashed even when the stat data gave the hash: the result is kept
           under what was read (the file may have changed since the stat) */
        uint8_t seen[32];
        blake2b_of(res->file.data, res->file.size, seen);
        if (!tried || memcmp(seen, content, sizeof seen) != 0) {
            memcpy(content, seen, sizeof seen);
            if (known)
                report_cache_stat_put(rn->cache, e->path, &st, &taken, content);
            report_cache_key(rn->cache, e->path, content, key);
        }
    }
    if (!hit && !(rn->cache && !tried && from_cache(rn, res, key, &columns))) {
        res->f.format = ak_validate(&in, rn->format, &rn->opt, res->d);
        ak_diags_sort(res->d);
        const char *v = ak_diags_version(res->d);
        if (v && !(res->version = strdup(v)))
            v = NULL;
        res->f.version = res->version;
        res->f.d = res->d;
        count_levels(res);
        if (rn->cache)
            to_cache(rn, res, key);
    }
    if (wants_thumbnail(rn, res)) {
        ak_diags *pd = ak_diags_new(NULL);
        ak_plot_options popt = {.first_tracks = 3, .compact = true, .title = e->path};
        if (pd && ak_plot(&in, res->f.format, &rn->opt, pd, &popt, &res->svg, NULL) && res->svg.len)
            res->f.svg = ak_buf_cstr(&res->svg);
        ak_diags_free(pd);
    }
    if (!rn->keep_data) { /* what waits to be written holds no input */
        ak_file_close(&res->file);
        res->opened = false;
        res->f.data = NULL;
    }
    return res;
}

static void free_result(result *res)
{
    if (!res)
        return;
    if (res->opened)
        ak_file_close(&res->file);
    ak_diags_free(res->d);
    ak_buf_free(&res->svg);
    free(res->version);
    free(res);
}

/* ------------------------------------------------------------------ */
/* the report being written (main thread only)                         */

struct report {
    const report_writer *w;
    void *writer_state;
    bool strict;
    report_shard shard; /* count 0: a whole report */
    atomic_size_t plots; /* thumbnails taken (REPORT_PLOTS at most) */
    size_t index;        /* files added */
    const char *const *inputs;
    size_t input_count;
    FILE *spool[REPORT_SPOOLS]; /* made when first written */
    bool spool_failed;
    report_totals totals;
    /* every rule, for the matrix: rules[i] at matrix row i */
    const ak_rule **rules;
    size_t rule_count;
    size_t format_count; /* matrix columns: the formats, then "none" */
    size_t *counts;      /* rule_count x (format_count + 1) */
    size_t *format_files, *format_valid, *format_invalid; /* format_count + 1 */
    report_format_row *rows;
    report_cell *cells;
    const ak_format **matrix_formats;
};

bool report_strict(const report *r) { return r->strict; }
const report_shard *report_get_shard(const report *r) { return r->shard.count ? &r->shard : NULL; }
size_t report_input_count(const report *r) { return r->input_count; }
const char *report_input(const report *r, size_t i) { return r->inputs[i]; }
const report_totals *report_get_totals(const report *r) { return &r->totals; }
/* The spool, made when first needed (a writer may leave some empty). */
static FILE *spool_of(report *r, int spool)
{
    if (!r->spool[spool] && !(r->spool[spool] = tmpfile()))
        r->spool_failed = true;
    return r->spool[spool];
}

FILE *report_spool_file(report *r) { return spool_of(r, 0); }
void **report_writer_state(report *r) { return &r->writer_state; }
const char *report_level_name(int level) { return level ? "strict" : "compatible"; }
const char *report_format_id(const ak_format *f) { return f ? f->id : "-"; }

const char *report_verdict(const report *r, const report_file *f)
{
    return f->unreadable ? "unreadable" : f->invalid[r->strict] ? "invalid" : "valid";
}

void report_location(ak_buf *b, const ak_diag *g)
{
    if (g->line)
        ak_buf_printf(b, "%u:%u", g->line, g->column);
    else
        ak_buf_printf(b, "byte %llu", (unsigned long long)g->offset);
}

void report_spool(report *r, int spool, const ak_buf *b)
{
    FILE *f = b->len ? spool_of(r, spool) : NULL;
    if (b->failed || (b->len && (!f || fwrite(b->data, 1, b->len, f) != b->len)))
        r->spool_failed = true;
}

void report_put(ak_output *out, ak_buf *b)
{
    if (b->failed)
        out->failed = true;
    else
        ak_output_write(out, b->data ? b->data : "", b->len, NULL, 0); /* a failure fails the commit */
}

void report_copy_spool(report *r, int spool, ak_output *out)
{
    FILE *f = r->spool[spool];
    if (!f)
        return; /* nothing was written to it */
    if (fflush(f) != 0 || fseek(f, 0, SEEK_SET) != 0)
        r->spool_failed = true;
    char buf[1 << 16];
    size_t n;
    while (!r->spool_failed && (n = fread(buf, 1, sizeof buf, f)) > 0)
        ak_output_write(out, buf, n, NULL, 0);
    if (ferror(f))
        r->spool_failed = true;
}

static int cmp_rule_ptr(const void *a, const void *b)
{
    uintptr_t x = (uintptr_t) * (const ak_rule *const *)a, y = (uintptr_t) * (const ak_rule *const *)b;
    return x < y ? -1 : x > y;
}

static int cmp_rule_code(const void *a, const void *b)
{
    return strcmp((*(const ak_rule *const *)a)->code, (*(const ak_rule *const *)b)->code);
}

static bool report_init(report *r)
{
    size_t tool_n;
    const ak_rule *const *tool = ak_tool_rules(&tool_n);
    r->format_count = ak_format_count();
    size_t n = tool_n;
    for (size_t i = 0; i < r->format_count; i++)
        n += ak_format_at(i)->rule_count;
    size_t cols = r->format_count + 1;
    r->rules = calloc(n ? n : 1, sizeof *r->rules);
    r->counts = calloc(n * cols + 1, sizeof *r->counts);
    r->format_files = calloc(cols, sizeof *r->format_files);
    r->format_valid = calloc(cols, sizeof *r->format_valid);
    r->format_invalid = calloc(cols, sizeof *r->format_invalid);
    if (!r->rules || !r->counts || !r->format_files || !r->format_valid || !r->format_invalid)
        return false;
    for (size_t i = 0; i < tool_n; i++)
        r->rules[r->rule_count++] = tool[i];
    for (size_t i = 0; i < r->format_count; i++)
        for (size_t k = 0; k < ak_format_at(i)->rule_count; k++)
            r->rules[r->rule_count++] = &ak_format_at(i)->rules[k];
    qsort(r->rules, r->rule_count, sizeof *r->rules, cmp_rule_ptr);
    return true;
}

static void report_free(report *r)
{
    for (int i = 0; i < REPORT_SPOOLS; i++)
        if (r->spool[i])
            fclose(r->spool[i]);
    free(r->rules);
    free(r->counts);
    free(r->format_files);
    free(r->format_valid);
    free(r->format_invalid);
    free(r->rows);
    free(r->cells);
    free(r->matrix_formats);
}

static size_t format_column(const report *r, const ak_format *f)
{
    for (size_t i = 0; f && i < r->format_count; i++)
        if (ak_format_at(i) == f)
            return i;
    return r->format_count;
}

static const ak_format *column_format(const report *r, size_t col)
{
    return col < r->format_count ? ak_format_at(col) : NULL;
}

/* The matrix's cell of a rule and a format's column. */
static void count_rule(report *r, const ak_rule *rule, size_t col, size_t n)
{
    const ak_rule **hit = bsearch(&rule, r->rules, r->rule_count, sizeof *r->rules, cmp_rule_ptr);
    if (hit)
        r->counts[(size_t)(hit - r->rules) * (r->format_count + 1) + col] += n;
}

static void tally(report *r, const report_file *f)
{
    report_totals *t = &r->totals;
    t->files++;
    t->unreadable += f->unreadable;
    t->errors += f->errors;
    t->warnings += f->warnings;
    t->notes += f->notes;
    for (int level = 0; level < 2; level++) {
        t->invalid[level] += f->invalid[level];
        t->valid[level] += !f->invalid[level];
    }
    size_t col = format_column(r, f->format);
    r->format_files[col]++;
    if (f->errors)
        r->format_invalid[col]++;
    else
        r->format_valid[col]++;
    for (size_t i = 0; i < ak_diags_count(f->d); i++)
        count_rule(r, ak_diags_at(f->d, i)->rule, col, 1);
    size_t n;
    const ak_rule *rule;
    for (size_t i = 0; (rule = ak_diags_unshown_at(f->d, i, &n)) != NULL; i++)
        count_rule(r, rule, col, n);
}

size_t report_format_rows(const report *r, const report_format_row **rows)
{
    report *w = (report *)r;
    if (!w->rows)
        w->rows = calloc(r->format_count + 1, sizeof *w->rows);
    size_t n = 0;
    for (size_t col = 0; w->rows && col <= r->format_count; col++)
        if (r->format_files[col])
            w->rows[n++] = (report_format_row){column_format(r, col), r->format_files[col], r->format_valid[col],
                                               r->format_invalid[col]};
    *rows = w->rows;
    return n;
}

size_t report_matrix(const report *r, const report_cell **cells)
{
    report *w = (report *)r;
    size_t cols = r->format_count + 1, n = 0;
    for (size_t i = 0; i < r->rule_count * cols; i++)
        n += r->counts[i] != 0;
    free(w->cells);
    w->cells = calloc(n ? n : 1, sizeof *w->cells);
    const ak_rule **by_code = calloc(r->rule_count ? r->rule_count : 1, sizeof *by_code);
    if (!w->cells || !by_code) {
        free(by_code);
        *cells = NULL;
        return 0;
    }
    memcpy(by_code, r->rules, r->rule_count * sizeof *by_code);
    qsort(by_code, r->rule_count, sizeof *by_code, cmp_rule_code);
    n = 0;
    for (size_t k = 0; k < r->rule_count; k++) {
        const ak_rule **hit = bsearch(&by_code[k], r->rules, r->rule_count, sizeof *r->rules, cmp_rule_ptr);
        size_t row = (size_t)(hit - r->rules);
        for (size_t col = 0; col < cols; col++)
            if (r->counts[row * cols + col])
                w->cells[n++] = (report_cell){by_code[k], column_format(r, col), r->counts[row * cols + col]};
    }
    free(by_code);
    *cells = w->cells;
    return n;
}

size_t report_matrix_formats(const report *r, const ak_format *const **formats)
{
    report *w = (report *)r;
    size_t cols = r->format_count + 1, n = 0;
    free(w->matrix_formats);
    w->matrix_formats = calloc(cols, sizeof *w->matrix_formats);
    for (size_t col = 0; w->matrix_formats && col < cols; col++) {
        bool used = false;
        for (size_t row = 0; row < r->rule_count && !used; row++)
            used = r->counts[row * cols + col] != 0;
        if (used)
            w->matrix_formats[n++] = column_format(r, col);
    }
    *formats = w->matrix_formats;
    return w->matrix_formats ? n : 0;
}

/* ------------------------------------------------------------------ */
/* progress                                                            */

typedef struct progress {
    bool on;
    struct timespec last;
} progress;

static void show_progress(progress *pr, size_t done, size_t total, const char *path)
{
    if (!pr->on)
        return;
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    double dt = (double)(now.tv_sec - pr->last.tv_sec) + (double)(now.tv_nsec - pr->last.tv_nsec) / 1e9;
    if (done < total && dt < 0.1)
        return;
    pr->last = now;
    /* the path's tail, without control characters, on one terminal line */
    char shown[61];
    size_t len = strlen(path), from = len > 56 ? len - 56 : 0, k = 0;
    if (from) {
        memcpy(shown, "...", 3);
        k = 3;
    }
    for (size_t i = from; i < len && k < sizeof shown - 1; i++)
        shown[k++] = (unsigned char)path[i] < 0x20 || path[i] == 0x7f ? '?' : path[i];
    shown[k] = '\0';
    fprintf(stderr, "\r\033[K%zu/%zu %s", done, total, shown);
    fflush(stderr);
}

/* ------------------------------------------------------------------ */
/* the command                                                         */

const report_writer *report_writer_for(const char *path)
{
    for (size_t i = 0; i < sizeof writers / sizeof writers[0]; i++) {
        for (const char *const *e = writers[i]->extensions; *e; e++) {
            size_t n = strlen(path), m = strlen(*e);
            if (n > m && strcasecmp(path + n - m, *e) == 0)
                return writers[i];
        }
    }
    return NULL;
}

void report_add(report *r, report_file *f)
{
    f->index = r->index++;
    if (f->svg && atomic_load(&r->plots) >= REPORT_PLOTS)
        f->svg = NULL; /* the page holds the first REPORT_PLOTS */
    else if (f->svg)
        atomic_fetch_add(&r->plots, 1);
    tally(r, f);
    r->w->file(r, f);
}

static int default_jobs(void)
{
    long n = sysconf(_SC_NPROCESSORS_ONLN);
    return n < 1 ? 1 : n > 256 ? 256 : (int)n;
}

/* ------------------------------------------------------------------ */
/* workers                                                             */

/* -j N: N threads (the command's own among them) take the files in path
 * order; whoever finishes the file the report is waiting for writes it and
 * every finished file after it, one thread at a time. No thread is only a
 * writer: a writer that waits for each file would be woken once per file,
 * and on a machine with as many cores as workers every wake-up is a
 * context switch. A thread may run at most `window` files ahead of the
 * report, so memory is bounded by the files in flight (their diagnostics
 * and thumbnails: a file is closed once checked unless the writer reads
 * it). The window is wide: a thread that waits for room wakes the other,
 * and the scheduler then tends to keep both on one core. */
typedef struct pool {
    const run *rn;
    report *r;
    progress *pr;
    pthread_mutex_t mu;
    pthread_cond_t room;
    size_t next;    /* the next entry to take */
    size_t emitted; /* entries written */
    size_t window;  /* how far threads may run ahead of the report */
    size_t waiting; /* threads waiting for room */
    bool writing;   /* a thread is writing finished files */
    bool ok;        /* false: out of memory; every thread stops */
    result **results;
    bool *finished;
} pool;

/* With p->mu held: writes the finished files from p->emitted on, unless
   another thread is at it. */
static void write_finished(pool *p)
{
    size_t n = p->rn->files.n;
    if (p->writing)
        return;
    p->writing = true;
    while (p->ok && p->emitted < n && p->finished[p->emitted]) {
        size_t i = p->emitted;
        result *res = p->results[i];
        p->results[i] = NULL;
        pthread_mutex_unlock(&p->mu);
        if (res)
            report_add(p->r, &res->f);
        free_result(res);
        show_progress(p->pr, i + 1, n, p->rn->files.v[i].path);
        pthread_mutex_lock(&p->mu);
        p->emitted = i + 1;
        p->ok &= res != NULL;
        /* a thread waiting for room is woken when half the window is free
           (not at every file: each wake-up is a futex call and a switch) */
        if (p->waiting && p->next + p->window / 2 <= p->emitted + p->window)
            pthread_cond_broadcast(&p->room);
    }
    p->writing = false;
    if (p->waiting)
        pthread_cond_broadcast(&p->room);
}

static void *worker(void *arg)
{
    pool *p = arg;
    size_t n = p->rn->files.n;
    pthread_mutex_lock(&p->mu);
    while (p->ok && p->next < n) {
        if (p->next >= p->emitted + p->window) {
            p->waiting++;
            pthread_cond_wait(&p->room, &p->mu);
            p->waiting--;
            continue;
        }
        size_t i = p->next++;
        pthread_mutex_unlock(&p->mu);
        result *res = check_file(p->rn, &p->rn->files.v[i]);
        pthread_mutex_lock(&p->mu);
        p->results[i] = res;
        p->finished[i] = true;
        write_finished(p);
    }
    if (!p->ok && p->waiting) /* let the others see it */
        pthread_cond_broadcast(&p->room);
    pthread_mutex_unlock(&p->mu);
    return NULL;
}

static bool check_all(run *rn, report *r, int jobs, progress *pr)
{
    size_t n = rn->files.n;
    pool p = {.rn = rn, .r = r, .pr = pr, .window = (size_t)jobs * 64, .ok = true};
    if (jobs > 1 && n > 1) {
        p.results = calloc(n, sizeof *p.results);
        p.finished = calloc(n, sizeof *p.finished);
    }
    if (jobs <= 1 || n <= 1 || !p.results || !p.finished) {
        free(p.results);
        free(p.finished);
        if (jobs > 1 && n > 1)
            return false;
        for (size_t i = 0; i < n; i++) {
            result *res = check_file(rn, &rn->files.v[i]);
            if (res)
                report_add(r, &res->f);
            free_result(res);
            show_progress(pr, i + 1, n, rn->files.v[i].path);
            if (!res)
                return false;
        }
        return true;
    }
    pthread_t *threads = calloc((size_t)jobs - 1, sizeof *threads);
    pthread_mutex_init(&p.mu, NULL);
    pthread_cond_init(&p.room, NULL);
    int started = 0;
    while (threads && started < jobs - 1 && pthread_create(&threads[started], NULL, worker, &p) == 0)
        started++;
    worker(&p); /* this thread is one of the workers */
    for (int i = 0; i < started; i++)
        pthread_join(threads[i], NULL);
    bool ok = p.ok && p.emitted == n;
    for (size_t i = 0; i < n; i++)
        free_result(p.results[i]);
    pthread_mutex_destroy(&p.mu);
    pthread_cond_destroy(&p.room);
    free(p.results);
    free(p.finished);
    free(threads);
    return ok;
}

/* ------------------------------------------------------------------ */
/* the report as --merge drives it                                     */

report *report_new(const report_writer *w, bool strict, const char *const *inputs, size_t input_count,
                   const report_shard *shard)
{
    report *r = calloc(1, sizeof *r);
    if (!r)
        return NULL;
    r->w = w;
    r->strict = strict;
    r->inputs = inputs;
    r->input_count = input_count;
    if (shard)
        r->shard = *shard;
    atomic_init(&r->plots, 0);
    if (!report_init(r)) {
        report_free(r);
        free(r);
        return NULL;
    }
    return r;
}

bool report_end(report *r, ak_output *out)
{
    r->w->finish(r, out);
    return !r->spool_failed;
}

void report_delete(report *r)
{
    if (!r)
        return;
    report_free(r);
    free(r);
}

void report_summary(const char *output, const report *r, const char *extra)
{
    const report_totals *t = &r->totals;
    fprintf(stderr, "%s: %zu file%s, %zu with errors (%zu unreadable); %zu error%s, %zu warning%s%s\n", shown(output),
            t->files, t->files == 1 ? "" : "s", t->invalid[r->strict], t->unreadable, t->errors,
            t->errors == 1 ? "" : "s", t->warnings, t->warnings == 1 ? "" : "s", extra);
}

/* ------------------------------------------------------------------ */
/* shards and lists of files                                           */

/* The shard (1..count) of a file: by its path below the argument it was
   found under, so that a file keeps its shard when others are added, and
   wherever the tree is: BLAKE2b-256's first 8 bytes, big-endian, modulo count. */
static unsigned shard_of(const char *path, const char *input, unsigned count)
{
    size_t n = strlen(input);
    while (n > 1 && input[n - 1] == '/')
        n--;
    const char *rel = path;
    if (strcmp(input, "-") != 0 && strncmp(path, input, n) == 0 && path[n] == '/') {
        rel = path + n;
        while (*rel == '/')
            rel++;
    }
    uint8_t digest[32];
    blake2b_of(rel, strlen(rel), digest);
    uint64_t h = 0;
    for (int i = 0; i < 8; i++)
        h = h << 8 | digest[i];
    return (unsigned)(h % count) + 1;
}

static bool parse_shard(const char *v, report_shard *shard)
{
    char *end;
    errno = 0;
    unsigned long i = strtoul(v, &end, 10), n;
    if (errno || end == v || *end != '/' || v[0] == '-' || v[0] == '+')
        return false;
    const char *c = end + 1;
    n = strtoul(c, &end, 10);
    if (errno || end == c || *end || c[0] == '-' || c[0] == '+' || n < 1 || n > 1000000 || i < 1 || i > n)
        return false;
    shard->index = (unsigned)i;
    shard->count = (unsigned)n;
    return true;
}

/* Reads a command's standard output (argv run without a shell) into out:
   NUL-separated paths. False, with the reason on standard error, when it
   cannot be run or fails. */
static bool run_git(const char *const *argv, ak_buf *out)
{
    int fds[2];
    if (pipe(fds) != 0)
        return false;
    pid_t pid = fork();
    if (pid < 0) {
        close(fds[0]);
        close(fds[1]);
        return false;
    }
    if (pid == 0) {
        dup2(fds[1], STDOUT_FILENO);
        close(fds[0]);
        close(fds[1]);
        execvp(argv[0], (char *const *)argv);
        fprintf(stderr, "%s report: cannot run %s: %s\n", prog, argv[0], strerror(errno));
        _exit(127);
    }
    close(fds[1]);
    char buf[1 << 16];
    ssize_t n;
    while ((n = read(fds[0], buf, sizeof buf)) > 0 || (n < 0 && errno == EINTR))
        if (n > 0)
            ak_buf_append(out, buf, (size_t)n);
    close(fds[0]);
    int status;
    while (waitpid(pid, &status, 0) < 0 && errno == EINTR) {
    }
    return WIFEXITED(status) && WEXITSTATUS(status) == 0 && !out->failed;
}

/* The files of --changed-since REF (NUL-separated, relative to the current
   folder): what differs from REF in the working tree (committed since,
   staged or not; deleted files left out), and untracked files that are not
   ignored. */
static bool changed_files(const char *ref, ak_buf *list)
{
    const char *diff[] = {"git", "-c", "core.quotepath=off", "diff", "--name-only", "-z", "--no-renames",
                          "--diff-filter=d", "--relative", ref, "--", NULL};
    const char *others[] = {"git", "ls-files", "-z", "--others", "--exclude-standard", NULL};
    if (!run_git(diff, list) || !run_git(others, list)) {
        fprintf(stderr, "%s report: --changed-since %s: git could not list the changed files\n", prog, shown(ref));
        return false;
    }
    return true;
}

/* The lines of FILE (- standard input) as NUL-separated paths. */
static bool listed_files(const char *name, ak_buf *list)
{
    FILE *f = strcmp(name, "-") == 0 ? stdin : fopen(name, "r");
    if (!f) {
        fprintf(stderr, "%s report: --files-from %s: %s\n", prog, shown(name), strerror(errno));
        return false;
    }
    char *line = NULL;
    size_t cap = 0;
    ssize_t n;
    while ((n = getline(&line, &cap, f)) > 0) {
        while (n > 0 && (line[n - 1] == '\n' || line[n - 1] == '\r'))
            n--;
        if (n > 0) {
            ak_buf_append(list, line, (size_t)n);
            ak_buf_putc(list, '\0');
        }
    }
    bool ok = !ferror(f) && !list->failed;
    free(line);
    if (f != stdin)
        fclose(f);
    if (!ok)
        fprintf(stderr, "%s report: --files-from %s: cannot read it\n", prog, shown(name));
    return ok;
}

/* Which of the inputs a listed path is under (ninputs: none). */
static size_t input_of(const char *path, const char *const *inputs, size_t ninputs)
{
    for (size_t k = 0; k < ninputs; k++) {
        const char *in = inputs[k];
        size_t n = strlen(in);
        while (n > 1 && in[n - 1] == '/')
            n--;
        if (n == 1 && in[0] == '.')
            return k;
        if (strncmp(path, in, n) == 0 && (path[n] == '/' || path[n] == '\0'))
            return k;
    }
    return ninputs;
}

/* The listed files under the inputs (all of them when there is none), as
   a walk would find them: files of a supported format or content only. A
   listed file that is not there (deleted) is skipped and counted. */
static void add_listed(entries *files, const char *list, size_t len, const char *const *inputs, size_t ninputs,
                       dir_census *census, size_t *missing)
{
    for (const char *p = list; p < list + len; p += strlen(p) + 1) {
        const char *path = p;
        while (path[0] == '.' && path[1] == '/')
            path += 2;
        size_t k = ninputs ? input_of(path, inputs, ninputs) : 0;
        if (ninputs && k == ninputs)
            continue;
        struct stat st;
        if (stat(path, &st) != 0) {
            ++*missing;
            continue;
        }
        if (S_ISDIR(st.st_mode))
            continue;
        files->input = k;
        files->census = &census[k];
        if (!visit_walked(files, path, 0))
            return;
    }
}

/* ------------------------------------------------------------------ */
/* the command                                                         */

int cmd_report(int argc, char **argv)
{
    static const char *cmd = "report";
    if (wants_help(argc, argv)) {
        fputs(report_help, stdout);
        return EXIT_OK;
    }
    run rn;
    memset(&rn, 0, sizeof rn);
    const char *output = NULL, *cache_dir = NULL, *files_from = NULL, *since = NULL;
    uint64_t cache_max = (uint64_t)1 << 30;
    report_shard shard = {0, 0, NULL};
    int jobs = 0;
    bool quiet = false, only_files = false, allow_empty = false, merge = false, result_option = false;
    const char **inputs = calloc((size_t)argc + 1, sizeof *inputs);
    size_t ninputs = 0;
    int rc = inputs ? EXIT_OK : EXIT_USAGE;
    for (int i = 0; i < argc && rc == EXIT_OK; i++) {
        const char *a = argv[i], *v;
        uint64_t num;
        int got;
        bool was_result_option = true;
        if (only_files || a[0] != '-' || strcmp(a, "-") == 0) {
            inputs[ninputs++] = a;
            was_result_option = false;
        } else if (strcmp(a, "--") == 0) {
            only_files = true;
            was_result_option = false;
        } else if ((got = format_option(cmd, "--format", argc, argv, &i, &rn.format)) != 0) {
            if (got < 0)
                rc = EXIT_USAGE;
        } else if (opt_value(argc, argv, &i, "-o", &v)) {
            if (!v || !*v) {
                usage_error(cmd, "-o needs a file name%s", "");
                rc = EXIT_USAGE;
            }
            output = v;
            was_result_option = false;
        } else if (opt_value(argc, argv, &i, "-j", &v) || opt_value(argc, argv, &i, "--jobs", &v)) {
            if (!v || !parse_u64(v, &num) || num == 0 || num > 256) {
                usage_error(cmd, "-j takes a number of jobs from 1 to 256%s", "");
                rc = EXIT_USAGE;
            } else {
                jobs = (int)num;
            }
        } else if (strncmp(a, "-j", 2) == 0 && a[2] && parse_u64(a + 2, &num) && num > 0 && num <= 256) {
            jobs = (int)num; /* -j4 */
        } else if (opt_value(argc, argv, &i, "--max-errors", &v)) {
            if (!v || !parse_u64(v, &num) || num == 0 || num > UINT32_MAX) {
                usage_error(cmd, "--max-errors takes a whole number from 1 to 4294967295%s", "");
                rc = EXIT_USAGE;
            } else {
                rn.level.max_errors = (uint32_t)num;
            }
        } else if ((got = memory_option(cmd, argc, argv, &i, &rn.opt)) != 0 ||
                   (got = format_settings_option(cmd, argc, argv, &i, &rn.opt)) != 0) {
            if (got < 0)
                rc = EXIT_USAGE;
        } else if (strcmp(a, "--strict") == 0) {
            rn.level.strict = true;
        } else if (strcmp(a, "--allow-empty") == 0) {
            allow_empty = true;
        } else if (strcmp(a, "-q") == 0 || strcmp(a, "--quiet") == 0) {
            quiet = true;
            was_result_option = false;
        } else if (strcmp(a, "--merge") == 0) {
            merge = true;
            was_result_option = false;
        } else if (opt_value(argc, argv, &i, "--shard", &v)) {
            if (!v || !parse_shard(v, &shard)) {
                usage_error(cmd, "--shard takes I/N, shard I of N (1 <= I <= N), e.g. --shard 2/4%s", "");
                rc = EXIT_USAGE;
            }
        } else if (opt_value(argc, argv, &i, "--cache", &v)) {
            if (!v || !*v) {
                usage_error(cmd, "--cache needs a folder%s", "");
                rc = EXIT_USAGE;
            }
            cache_dir = v;
        } else if (opt_value(argc, argv, &i, "--cache-max", &v)) {
            if (!v || !parse_size(v, &cache_max)) {
                usage_error(cmd, "--cache-max takes a size (bytes, or K, M, G)%s", "");
                rc = EXIT_USAGE;
            }
        } else if (opt_value(argc, argv, &i, "--files-from", &v)) {
            if (!v || !*v) {
                usage_error(cmd, "--files-from needs a file (- for standard input)%s", "");
                rc = EXIT_USAGE;
            }
            files_from = v;
        } else if (opt_value(argc, argv, &i, "--changed-since", &v)) {
            if (!v || !*v || v[0] == '-') {
                usage_error(cmd, "--changed-since needs a git revision (a branch, tag or commit)%s", "");
                rc = EXIT_USAGE;
            }
            since = v;
        } else {
            usage_error(cmd, "unknown option '%s'", a);
            rc = EXIT_USAGE;
        }
        result_option |= was_result_option;
    }
    if (rc == EXIT_OK && merge) {
        /* the parts say how their files were checked */
        if (result_option) {
            usage_error(cmd, "--merge takes the parts, -o OUT and -q: the parts say how their files were checked%s", "");
            rc = EXIT_USAGE;
        } else if (ninputs == 0) {
            usage_error(cmd, "--merge needs the partial reports (--shard I/N) to join%s", "");
            rc = EXIT_USAGE;
        } else if (!output) {
            usage_error(cmd, "needs -o OUT (.html, .md, .json, .xml or .sarif)%s", "");
            rc = EXIT_USAGE;
        } else {
            rc = report_merge(inputs, ninputs, output, quiet);
        }
        free(inputs);
        return rc;
    }
    if (!rn.opt.max_memory) /* validate's default, for the thumbnails too */
        rn.opt.max_memory = ak_default_validate_max_memory();
    const report_writer *w = NULL;
    if (rc == EXIT_OK && files_from && since) {
        usage_error(cmd, "--files-from and --changed-since do not go together%s", "");
        rc = EXIT_USAGE;
    } else if (rc == EXIT_OK && ninputs == 0 && since) {
        inputs[ninputs++] = ".";
    } else if (rc == EXIT_OK && ninputs == 0 && !files_from) {
        usage_error(cmd, "no input given (files or folders)%s", "");
        rc = EXIT_USAGE;
    }
    if (rc == EXIT_OK && !output) {
        usage_error(cmd, "needs -o OUT (.html, .md, .json, .xml or .sarif)%s", "");
        rc = EXIT_USAGE;
    } else if (rc == EXIT_OK && !(w = report_writer_for(output))) {
        usage_error(cmd, "cannot tell the kind of report from '%s': use .html, .md, .json, .xml or .sarif", output);
        rc = EXIT_USAGE;
    } else if (rc == EXIT_OK && shard.count && w != &report_json) {
        usage_error(cmd, "--shard writes a partial JSON report (-o NAME.json); --merge makes a report of any kind "
                         "from the parts%s", "");
        rc = EXIT_USAGE;
    }
    ak_buf options;
    ak_buf_init(&options);
    result_options(&rn, &options);
    shard.options = ak_buf_cstr(&options);
    char why[256];
    if (rc == EXIT_OK && cache_dir &&
        !(rn.cache = report_cache_open(cache_dir, shard.options, cache_max, why, sizeof why))) {
        fprintf(stderr, "%s %s: --cache %s: %s\n", prog, cmd, shown(cache_dir), why);
        rc = EXIT_USAGE;
    }
    if (rc != EXIT_OK) {
        report_cache_close(rn.cache);
        ak_buf_free(&options);
        free(inputs);
        return rc;
    }
    /* Find the files, then sort them: the report's order is the paths'.
       A path that is not there is a usage error, as for validate: nothing
       is written. */
    rn.files.format = rn.format;
    rn.thumbnails = w == &report_html || shard.count; /* a part holds them for an HTML report */
    rn.snippets = w == &report_sarif;
    rn.keep_data = rn.snippets || shard.count; /* a part: the code point columns */
    bool listed = files_from || since;
    dir_census *census = calloc(ninputs + 1, sizeof *census);
    bool *is_dir = calloc(ninputs + 1, sizeof *is_dir);
    rn.files.oom = !census || !is_dir;
    for (size_t k = 0; k < ninputs && !rn.files.oom; k++) {
        struct stat st;
        rn.files.input = k;
        rn.files.census = &census[k];
        if (strcmp(inputs[k], "-") != 0 && stat(inputs[k], &st) != 0) {
            fprintf(stderr, "%s %s: %s: %s\n", prog, cmd, shown(inputs[k]), strerror(errno));
            rc = EXIT_USAGE;
        } else if (listed) {
            is_dir[k] = false; /* the list says which files: no walk */
        } else if (strcmp(inputs[k], "-") != 0 && S_ISDIR(st.st_mode)) {
            is_dir[k] = true;
            ak_walk(inputs[k], visit_walked, &rn.files);
        } else { /* a file named on the command line is checked whatever its name */
            add_entry(&rn.files, inputs[k], 0, false);
        }
    }
    size_t missing = 0;
    if (listed && rc == EXIT_OK && !rn.files.oom) {
        ak_buf list;
        ak_buf_init(&list);
        if (since ? changed_files(since, &list) : listed_files(files_from, &list))
            add_listed(&rn.files, list.data ? list.data : "", list.len, inputs, ninputs, census, &missing);
        else
            rc = EXIT_USAGE;
        ak_buf_free(&list);
    }
    if (rn.files.n)
        qsort(rn.files.v, rn.files.n, sizeof *rn.files.v, cmp_entry);
    size_t kept = 0, reports = 0;
    for (size_t i = 0; i < rn.files.n; i++) {
        entry *e = &rn.files.v[i];
        if (kept && strcmp(rn.files.v[kept - 1].path, e->path) == 0) { /* named twice */
            free(e->path);
        } else if (shard.count && shard_of(e->path, e->input < ninputs ? inputs[e->input] : "", shard.count) !=
                                      shard.index) {
            /* another shard's; it would be checked (unless it is looked at
               and dropped), so its folder is not empty */
            if (!e->examine)
                census[e->input].checked++;
            free(e->path);
        } else {
            rn.files.v[kept++] = *e;
        }
    }
    rn.files.n = kept;
    if (jobs == 0)
        jobs = default_jobs();
    look_all(rn.format, &rn.files, jobs);
    kept = 0;
    for (size_t i = 0; i < rn.files.n; i++) {
        entry *e = &rn.files.v[i];
        reports += e->earlier_report;
        if (e->drop) {
            free(e->path);
            continue;
        }
        census[e->input].checked++;
        /* The report may replace an earlier report, never a file it checks. */
        if (e->regular && !cli_protect_identity(e->dev, e->ino))
            rn.files.oom = true;
        rn.files.v[kept++] = *e;
    }
    rn.files.n = kept;
    for (size_t k = 0; k < ninputs && !rn.files.oom && rc == EXIT_OK; k++) {
        if (is_dir[k] && census[k].checked == 0) {
            report_empty_folder(cmd, inputs[k], &census[k], allow_empty);
            if (!allow_empty)
                rc = EXIT_USAGE;
        }
    }
    ak_output out;
    if (rc == EXIT_OK && rn.files.oom) {
        fprintf(stderr, "%s %s: out of memory; no report was written\n", prog, cmd);
        rc = EXIT_USAGE;
    } else if (rc == EXIT_OK && !cli_output_open(&out, output, why, sizeof why)) {
        fprintf(stderr, "%s %s: %s: %s\n", prog, cmd, shown(output), why);
        rc = EXIT_USAGE;
    }
    free(census);
    free(is_dir);
    if (rc != EXIT_OK) {
        for (size_t i = 0; i < rn.files.n; i++)
            free(rn.files.v[i].path);
        free(rn.files.v);
        report_cache_close(rn.cache);
        ak_buf_free(&options);
        free(inputs);
        return rc;
    }

    report *r = !rn.files.oom ? report_new(w, rn.level.strict, inputs, ninputs, shard.count ? &shard : NULL) : NULL;
    bool ok = r != NULL;
    rn.plots = r ? &r->plots : NULL;
    progress pr = {!quiet && isatty(STDERR_FILENO), {0, 0}};
    if (ok)
        ok = check_all(&rn, r, jobs, &pr);
    if (pr.on) {
        fputs("\r\033[K", stderr);
        fflush(stderr);
    }
    if (ok)
        ok = report_end(r, &out);
    if (!ok) {
        fprintf(stderr, "%s %s: out of memory or temporary space; no report was written\n", prog, cmd);
        cli_output_abort(&out);
        rc = EXIT_USAGE;
    } else if (!cli_output_commit(&out, why, sizeof why)) {
        fprintf(stderr, "%s: %s: %s\n", prog, shown(output), why);
        rc = EXIT_USAGE;
    } else {
        if (!quiet) {
            ak_buf extra;
            ak_buf_init(&extra);
            if (reports)
                ak_buf_puts(&extra, "; earlier reports of animkit's in the folders were left out");
            if (shard.count)
                ak_buf_printf(&extra, "; shard %u/%u", shard.index, shard.count);
            if (missing)
                ak_buf_printf(&extra, "; %zu listed file%s not there (deleted?)", missing, missing == 1 ? "" : "s");
            if (rn.cache) {
                size_t hits, misses, torn, reads;
                report_cache_counts(rn.cache, &hits, &misses, &torn, &reads);
                ak_buf_printf(&extra, "; cache: %zu checked, %zu from the cache", misses, hits);
                if (torn)
                    ak_buf_printf(&extra, " (%zu damaged record%s written again)", torn, torn == 1 ? "" : "s");
                ak_buf_printf(&extra, ", %zu file%s read", reads, reads == 1 ? "" : "s");
            }
            report_summary(output, r, extra.len ? ak_buf_cstr(&extra) : "");
            ak_buf_free(&extra);
        }
        rc = r->totals.invalid[r->strict] ? EXIT_INVALID : EXIT_OK;
    }
    report_delete(r);
    report_cache_close(rn.cache);
    ak_buf_free(&options);
    for (size_t i = 0; i < rn.files.n; i++)
        free(rn.files.v[i].path);
    free(rn.files.v);
    free(inputs);
    return rc;
}
