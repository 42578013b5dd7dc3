/* Helpers shared by the libFuzzer harnesses. */
#ifndef AK_FUZZ_SUPPORT_H
#define AK_FUZZ_SUPPORT_H

#include <animkit/animkit.h>

#include "../runtime/arena.h"
#include "../runtime/model.h"
#include "diag.h"
#include "fuzz_file.h"

#include <stdlib.h>
#include <string.h>

/* The registered format `id`; a build without it cannot fuzz it. */
static inline const ak_format *ak_fuzz_format(const char *id)
{
    const ak_format *f = ak_format_find(id);
    if (!f)
        abort();
    return f;
}

/* Same rules at the same offsets and paths, in the same order. */
static inline bool ak_fuzz_same_diags(const ak_diags *a, const ak_diags *b)
{
    if (ak_diags_count(a) != ak_diags_count(b))
        return false;
    for (size_t i = 0; i < ak_diags_count(a); i++) {
        const ak_diag *x = ak_diags_at(a, i), *y = ak_diags_at(b, i);
        if (x->rule != y->rule || x->offset != y->offset || strcmp(x->path, y->path) != 0)
            return false;
    }
    return true;
}

/* The same report to the byte: what ak_fuzz_same_diags compares, and the
 * severity, span, line, column and message. For what is a pure speed-up
 * (lanes, block checks): it must change nothing a user sees. */
static inline bool ak_fuzz_same_report(const ak_diags *a, const ak_diags *b)
{
    if (!ak_fuzz_same_diags(a, b))
        return false;
    for (size_t i = 0; i < ak_diags_count(a); i++) {
        const ak_diag *x = ak_diags_at(a, i), *y = ak_diags_at(b, i);
        if (x->severity != y->severity || x->length != y->length || x->line != y->line || x->column != y->column ||
            strcmp(x->message ? x->message : "", y->message ? y->message : "") != 0)
            return false;
    }
    return true;
}

/* Validates in at one level (the caller frees the diagnostics); aborts on
 * a diagnostic without a path, past the input's end, or whose code is
 * neither the format's (`prefix`, "animj.") nor the tool's. */
static inline ak_diags *ak_fuzz_validate_checked(const ak_format *f, const ak_input *in, const ak_options *opt,
                                                 bool strict, const char *prefix)
{
    ak_diag_options dopt = {strict, 0};
    ak_diags *d = ak_diags_new(&dopt);
    if (!d)
        abort();
    ak_diags_set_source(d, in->data, in->size, true);
    f->sniff(in->data, in->size);
    f->validate(in, opt, d);
    for (size_t i = 0; i < ak_diags_count(d); i++) {
        const ak_diag *g = ak_diags_at(d, i);
        if (!g->path || g->offset > in->size)
            abort();
        if (strncmp(g->rule->code, prefix, strlen(prefix)) != 0 && strncmp(g->rule->code, "animkit.", 8) != 0)
            abort();
    }
    return d;
}

/* Re-emits in (a file without errors); the canonical text must re-emit
 * byte-identically. */
static inline void ak_fuzz_reemit_fixed_point(const ak_format *f, const ak_input *in, const ak_options *opt)
{
    ak_diags *d = ak_diags_new(NULL);
    ak_buf once, twice;
    ak_buf_init(&once);
    ak_buf_init(&twice);
    if (f->reemit(in, opt, d, &once)) {
        ak_input again = {"fuzz", (const uint8_t *)once.data, once.len, false};
        if (!f->reemit(&again, opt, d, &twice) || twice.len != once.len || memcmp(once.data, twice.data, once.len) != 0)
            abort();
    }
    ak_buf_free(&once);
    ak_buf_free(&twice);
    ak_diags_free(d);
}

/* The streamed dump of in (ak_dump_to through f->dump_to, into a buffer)
 * is the whole-document dump (ak_dump_to of f without its dump_to) byte
 * for byte, with the same diagnostics, and both succeed or fail together. */
static inline void ak_fuzz_dump_streams_same(const ak_format *f, const ak_input *in, const ak_options *opt)
{
    ak_format whole = *f;
    whole.dump_to = NULL;
    ak_diags *dw = ak_diags_new(NULL), *ds = ak_diags_new(NULL);
    ak_buf w_text, s_text;
    ak_buf_init(&w_text);
    ak_buf_init(&s_text);
    ak_sink w_sink, s_sink;
    ak_sink_buf(&w_sink, &w_text);
    ak_sink_buf(&s_sink, &s_text);
    bool w = ak_dump_to(in, &whole, opt, dw, &w_sink), s = ak_dump_to(in, f, opt, ds, &s_sink);
    if (w != s || !ak_fuzz_same_report(dw, ds) ||
        (w && (w_text.len != s_text.len || memcmp(w_text.data, s_text.data, w_text.len) != 0)))
        abort();
    ak_buf_free(&w_text);
    ak_buf_free(&s_text);
    ak_diags_free(dw);
    ak_diags_free(ds);
}

/* Equal, or both NaN. */
static inline bool ak_fuzz_same_time(double a, double b) { return a == b || (a != a && b != b); }

/* The model of track headers (f->to_model_headers, `--list`) decodes
 * exactly when the whole model does, and says what it says: the same
 * tracks and targets, key counts and time ranges (the earliest and latest
 * key time; NaN where the keys' are; a track of samples: its start and
 * interval). Read for its tracks only (ak_diags_tracks_only, as a
 * conversion reads its output back: AnimJ passes each keys array whole,
 * ak_json_lane_rest), it has the same tracks, looping flag and
 * attributes. */
static inline void ak_fuzz_headers_as_whole(const ak_format *f, const ak_input *in)
{
    ak_options opt = {0};
    ak_diags *dw = ak_diags_new(NULL), *dh = ak_diags_new(NULL), *dt = ak_diags_new(NULL);
    ak_diags_set_tracks_only(dt);
    ak_arena aw, ah, at;
    ak_arena_init(&aw, 1 << 14);
    ak_arena_init(&ah, 1 << 14);
    ak_arena_init(&at, 1 << 14);
    ak_animation *whole = NULL, *heads = NULL, *tracks = NULL;
    bool w = f->to_model(in, &opt, dw, &aw, &whole), h = f->to_model_headers(in, &opt, dh, &ah, &heads);
    bool only = f->to_model_headers(in, &opt, dt, &at, &tracks);
    if (w != h || w != only || (w && (heads->track_count != whole->track_count || tracks->track_count !=
                                   whole->track_count || tracks->looping != whole->looping ||
                                   tracks->attribute_count != whole->attribute_count)))
        abort();
    for (size_t i = 0; w && i < whole->track_count; i++) {
        const ak_track *a = &whole->tracks[i], *b = &heads->tracks[i], *c = &tracks->tracks[i];
        if (!ak_target_equal(&a->target, &c->target) || a->type != c->type || a->kind != c->kind || c->store)
            abort();
        if (!ak_target_equal(&a->target, &b->target) || a->key_count != b->key_count || b->store)
            abort();
        if (a->kind == AK_TRACK_RAW) { /* samples: their times are the start and the interval's */
            if (!ak_fuzz_same_time(a->start, b->start) || !ak_fuzz_same_time(a->interval, b->interval))
                abort();
            continue;
        }
        double earliest = a->key_count ? ak_key_time(a, 0) : 0, latest = earliest;
        for (size_t k = 1; k < a->key_count; k++) {
            double t = ak_key_time(a, k);
            earliest = earliest <= t ? earliest : t;
            latest = latest >= t ? latest : t;
        }
        if (a->key_count && (!ak_fuzz_same_time(b->earliest, earliest) || !ak_fuzz_same_time(b->latest, latest)))
            abort();
    }
    ak_arena_free(&aw);
    ak_arena_free(&ah);
    ak_arena_free(&at);
    ak_diags_free(dw);
    ak_diags_free(dh);
    ak_diags_free(dt);
}

/* The whole model read again without the fast paths (ak_options.no_lanes:
 * AnimJ's keys then come event by event, not read in their spans by
 * ak_json_next_member) decodes exactly when it does and has the same
 * tracks with the same keys, bit for bit (ak_track_keys_identical). */
static inline void ak_fuzz_whole_slowly(const ak_format *f, const ak_input *in)
{
    ak_options fast = {0}, slow = {.no_lanes = true};
    ak_diags *df = ak_diags_new(NULL), *ds = ak_diags_new(NULL);
    ak_arena af, as;
    ak_arena_init(&af, 1 << 14);
    ak_arena_init(&as, 1 << 14);
    ak_animation *a = NULL, *b = NULL;
    bool ok = f->to_model(in, &fast, df, &af, &a), slow_ok = f->to_model(in, &slow, ds, &as, &b);
    if (ok != slow_ok || (ok && a->track_count != b->track_count))
        abort();
    for (size_t i = 0; ok && i < a->track_count; i++)
        if (!ak_target_equal(&a->tracks[i].target, &b->tracks[i].target) || a->tracks[i].kind != b->tracks[i].kind ||
            !ak_track_keys_identical(&a->tracks[i], &b->tracks[i]))
            abort();
    ak_arena_free(&af);
    ak_arena_free(&as);
    ak_diags_free(df);
    ak_diags_free(ds);
}

/* Validates in at the strict level (for crashes only) and at the default
 * level, whose diagnostics it returns (the caller frees them); opt: the
 * harness's options (may be NULL); max_errors: the error limit (0: the
 * default), which also bounds the warnings stored (ten times as many). */
static inline ak_diags *ak_fuzz_validate(const ak_format *f, const ak_input *in, const ak_options *opt,
                                         uint32_t max_errors)
{
    ak_options none = {0};
    if (!opt)
        opt = &none;
    ak_diag_options sopt = {.strict = true, .max_errors = max_errors};
    ak_diags *vs = ak_diags_new(&sopt);
    f->validate(in, opt, vs);
    ak_diags_free(vs);
    ak_diag_options dopt = {.strict = false, .max_errors = max_errors};
    ak_diags *v = ak_diags_new(&dopt);
    f->validate(in, opt, v);
    return v;
}

/* Validating again without the generated fast paths (ak_options.no_lanes:
 * a schema's lanes, a binary layout's block checks) with the diagnostics'
 * options dopt (the input as their source when `source`, as v has it)
 * reports what v has; else abort. */
static inline void ak_fuzz_same_slowly(const ak_format *f, const ak_input *in, const ak_options *opt,
                                       ak_diag_options dopt, bool source, const ak_diags *v)
{
    ak_options slow = {0};
    if (opt)
        slow = *opt;
    slow.no_lanes = true;
    ak_diags *s = ak_diags_new(&dopt);
    if (!s)
        abort();
    if (source)
        ak_diags_set_source(s, in->data, in->size, true);
    f->validate(in, &slow, s);
    if (!ak_fuzz_same_report(v, s))
        abort();
    ak_diags_free(s);
}

/* The same for v validated non-strict with max_errors and opt. */
static inline void ak_fuzz_same_without_fast_paths(const ak_format *f, const ak_input *in, const ak_options *opt,
                                                    uint32_t max_errors, const ak_diags *v)
{
    ak_fuzz_same_slowly(f, in, opt, (ak_diag_options){.strict = false, .max_errors = max_errors}, false, v);
}

/* The same for v validated by ak_fuzz_validate_checked (at the level
 * `strict`, the input its diagnostics' source). */
static inline void ak_fuzz_same_without_lanes(const ak_format *f, const ak_input *in, const ak_options *opt,
                                              bool strict, const ak_diags *v)
{
    ak_fuzz_same_slowly(f, in, opt, (ak_diag_options){.strict = strict, .max_errors = 0}, true, v);
}

/* FNV-1a of the input's bytes: the choices a harness makes per input (which
 * conversion, which extra paths) depend on the input alone, so that a
 * finding replays. */
static inline uint32_t ak_fuzz_choice(const uint8_t *data, size_t size)
{
    uint32_t h = 2166136261u;
    for (size_t i = 0; i < size; i++)
        h = (h ^ data[i]) * 16777619u;
    return h;
}

/* A sink into a buffer that reads back what it took: a conversion into it
   streams where the output's format can (ak_format.from_model_to). */
static inline bool ak_fuzz_kept_read_back(ak_sink *s, ak_input *in, char *why, size_t why_size)
{
    (void)why, (void)why_size;
    const ak_buf *b = s->ctx;
    *in = (ak_input){"kept", (const uint8_t *)b->data, b->len, false};
    return true;
}

static inline void ak_fuzz_kept_read_back_end(ak_sink *s, ak_input *in)
{
    (void)s;
    *in = (ak_input){0};
}

/* The conversion of in streamed into a sink that reads back, where the
   output's format writes from the model as it encodes: it ends as the
   held one did (ok, as many diagnostics and errors) and writes the same
   bytes, else abort. */
static inline void ak_fuzz_streamed_as_held(const ak_input *in, const ak_format *f, const ak_format *to,
                                            const ak_options *opt, bool ok, const ak_diags *d, const ak_buf *held)
{
    if (!to->from_model_to)
        return;
    ak_buf streamed;
    ak_buf_init(&streamed);
    ak_sink s;
    ak_sink_buf(&s, &streamed);
    s.read_back = ak_fuzz_kept_read_back;
    s.read_back_end = ak_fuzz_kept_read_back_end;
    ak_diags *sd = ak_diags_new(NULL);
    bool sok = ak_convert_to(in, f, to, opt, sd, &s, NULL);
    if (sok != ok || ak_diags_count(sd) != ak_diags_count(d) || ak_diags_errors(sd) != ak_diags_errors(d) ||
        (ok && (streamed.len != held->len || (held->len && memcmp(streamed.data, held->data, held->len) != 0))))
        abort(); /* the streamed conversion is not the held one */
    ak_diags_free(sd);
    ak_buf_free(&streamed);
}

/* A file without errors converts through the common model into another
 * format that writes from the model, chosen by its bytes (every writer is
 * reached from every reader that way: the model's code, to_model of the
 * input's format and from_model of the output's, is reached by no other
 * check of a harness), with --verify for one input in two; the conversion
 * produces a file without errors or says why it could not (an error), else
 * abort; streamed where it can be, it is the same (ak_fuzz_streamed_as_held). One input in four is also sampled (ak_sample, the `sample`
 * command's path), and one in sixteen is read back through a file or a
 * pipe (ak_file_open: the mapped input and the release of its pages, or
 * the spooled one), where it must validate as it did from memory, and
 * its conversion is written with ak_write_file_atomic and read back. */
static inline void ak_fuzz_convert_check(const ak_format *f, const ak_input *in, const ak_diags *v)
{
    if (ak_diags_errors(v) != 0 || !f->to_model)
        return;
    uint32_t h = ak_fuzz_choice(in->data, in->size);
    const ak_format *writers[16];
    size_t n = 0;
    for (size_t i = 0; i < ak_format_count() && n < 16; i++) {
        const ak_format *to = ak_format_at(i);
        if (to != f && to->from_model)
            writers[n++] = to;
    }
    if (n == 0)
        return;
    const ak_format *to = writers[h % n];
    ak_options opt = {0};
    opt.verify = (h >> 8) & 1;
    ak_diags *d = ak_diags_new(NULL);
    ak_buf out;
    ak_buf_init(&out);
    bool ok = ak_convert(in, f, to, &opt, d, &out, NULL);
    if (!ok && ak_diags_errors(d) == 0)
        abort(); /* a conversion that failed without saying why */
    ak_fuzz_streamed_as_held(in, f, to, &opt, ok, d, &out);
    if (ok) {
        ak_input back = {"converted", (const uint8_t *)out.data, out.len, false};
        ak_diags *bd = ak_diags_new(NULL);
        to->validate(&back, &opt, bd);
        if (ak_diags_errors(bd) != 0)
            abort(); /* the conversion wrote a file with errors */
        ak_diags_free(bd);
    }
    if (((h >> 13) & 15) == 0) {
        ak_fuzz_through_file(f, in, (h >> 17) & 1);
        if (ok)
            ak_fuzz_write_through((const uint8_t *)out.data, out.len);
    }
    ak_buf_free(&out);
    ak_diags_free(d);
    if (((h >> 9) & 3) == 0) {
        ak_options sopt = {0};
        ak_diags *sd = ak_diags_new(NULL);
        ak_buf samples;
        ak_buf_init(&samples);
        if (!ak_sample(in, f, &sopt, sd, (h >> 11) % 4, 0, 2, 0.375, &samples, NULL) && ak_diags_errors(sd) == 0)
            abort(); /* sampling failed without saying why */
        ak_buf_free(&samples);
        ak_diags_free(sd);
    }
}

#endif
