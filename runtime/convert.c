/* Conversion between formats: through a format's own JSON dump (undump) or
 * through the common model. Knows no format: only the hooks. */
#include <animkit/animkit.h>

#include "arena.h"
#include "budget.h"
#include "model.h"
#include "model_build.h"
#include "diag.h"

#include <stdio.h>
#include <string.h>

static bool model_decode(const ak_format *f, const ak_input *in, const ak_options *opt, ak_diags *d, ak_arena *arena,
                         struct ak_animation **out, bool headers)
{
    ak_arena_init_budget(arena, 0, ak_budget_of(d, opt), "the common model");
    *out = NULL;
    size_t before = ak_diags_errors(d);
    bool ok = (headers && f->to_model_headers ? f->to_model_headers : f->to_model)(in, opt, d, arena, out) && *out;
    /* a mapping that names no targets: the format's own names are its tracks' identity */
    for (size_t i = 0; ok && i < (*out)->track_count; i++) {
        ak_track *t = &(*out)->tracks[i];
        if (!t->target.property)
            t->target = (ak_target){t->node ? t->node : "", t->property ? t->property : "", AK_WHOLE};
    }
    return ak_hook_result(d, before, ok, NULL, "decoding into the common model") && ak_diags_errors(d) == 0;
}

bool ak_model_decode(const ak_format *f, const ak_input *in, const ak_options *opt, ak_diags *d, ak_arena *arena,
                     struct ak_animation **out)
{
    return model_decode(f, in, opt, d, arena, out, false);
}

static bool model_of_input(const ak_input *in, const ak_format *format, const ak_options *opt, ak_diags *d,
                           const char *what, ak_arena *arena, struct ak_animation **out, const ak_format **used,
                           bool headers)
{
    ak_arena_init_budget(arena, 0, ak_budget_of(d, opt), "the common model");
    *out = NULL;
    format = ak_resolve_format(in, format, d);
    if (used)
        *used = format;
    if (!format)
        return false;
    if (!format->to_model) {
        ak_report(d, &ak_rule_convert_unsupported, 0, 0, "",
                  "cannot %s %s files: the format does not decode into the common model yet", what, format->id);
        return false;
    }
    return model_decode(format, in, opt, d, arena, out, headers);
}

bool ak_model_of_input(const ak_input *in, const ak_format *format, const ak_options *opt, ak_diags *d,
                       const char *what, ak_arena *arena, struct ak_animation **out, const ak_format **used)
{
    return model_of_input(in, format, opt, d, what, arena, out, used, false);
}

bool ak_model_headers_of_input(const ak_input *in, const ak_format *format, const ak_options *opt, ak_diags *d,
                               const char *what, ak_arena *arena, struct ak_animation **out, const ak_format **used)
{
    return model_of_input(in, format, opt, d, what, arena, out, used, true);
}

/* --verify: every numeric component of every input track against the
   output's component of the same target (docs/model.md, "Verification"). */
typedef struct verify {
    ak_arena arena;
    double worst, at;
    const ak_track *worst_track;
    int worst_component;
    size_t compared, tracks;   /* components compared, of how many tracks */
    size_t skipped, shown;
    ak_buf why;                /* the first tracks not compared, and why */
} verify;

static void skip(verify *v, const ak_track *t, const char *why)
{
    v->skipped++;
    if (v->shown++ >= 8)
        return;
    ak_buf_puts(&v->why, v->why.len ? "; " : "");
    ak_target_put(&v->why, &t->target, t->type);
    ak_buf_printf(&v->why, ": %s", why);
}

static bool compare(verify *v, const ak_track *a, int ca, const ak_track *b, int cb)
{
    double dev, t;
    if (a->value_unit && b->value_unit && strcmp(a->value_unit, b->value_unit) != 0)
        return false;
    if (!ak_track_component_deviation(a, ca, b, cb, &v->arena, &dev, &t))
        return false;
    const ak_value_type_info *info = ak_value_type_info_of(a->type);
    v->compared += ca >= 0 ? 1 : info->components;
    if (!v->worst_track || !(dev <= v->worst)) {
        v->worst = dev;
        v->at = t;
        v->worst_track = a;
        v->worst_component = ca;
    }
    return true;
}

static void verify_track(verify *v, const ak_track_index *x, const ak_track *a)
{
    const ak_value_type_info *info = ak_value_type_info_of(a->type);
    if (info->kind == AK_VK_STRING) {
        skip(v, a, "a string track has no numbers to compare");
        return;
    }
    if (!a->key_count)
        return; /* nothing to compare: no keys */
    const ak_target *want = &a->target;
    const ak_track *b = ak_track_index_find(x, want);
    bool done = false;
    if (b) {
        done = compare(v, a, AK_WHOLE, b, AK_WHOLE);
        if (!done && a->value_unit && b->value_unit && strcmp(a->value_unit, b->value_unit)) {
            skip(v, a, "its unit differs in the output");
            return;
        }
    } else if (want->component == AK_WHOLE) {
        /* a whole value written as one track per component */
        for (unsigned c = 0; c < info->components; c++) {
            ak_target one = *want;
            one.component = (int)c;
            const ak_track *bc = ak_track_index_find(x, &one);
            done |= bc && compare(v, a, (int)c, bc, 0);
        }
    } else {
        /* one component, written within a whole value */
        ak_target whole = *want;
        whole.component = AK_WHOLE;
        const ak_track *bw = ak_track_index_find(x, &whole);
        done = bw && compare(v, a, 0, bw, want->component);
    }
    if (done)
        v->tracks++;
    else
        skip(v, a, b ? "its value type or representation differs in the output"
                     : "the output has no track with its target");
}

static void report_deviation(const ak_animation *in, const ak_animation *out, ak_diags *d)
{
    verify v;
    memset(&v, 0, sizeof v);
    ak_arena_init(&v.arena, 0);
    ak_buf_init(&v.why);
    ak_track_index x;
    if (!ak_track_index_init(&x, out)) {
        ak_report_out_of_memory(d, out->track_count * sizeof(ak_track_ref), "verifying the output");
        ak_arena_free(&v.arena);
        return;
    }
    for (size_t i = 0; i < in->track_count; i++)
        verify_track(&v, &x, &in->tracks[i]);
    ak_track_index_free(&x);
    ak_arena_free(&v.arena);
    char more[48] = "";
    if (v.shown > 8)
        snprintf(more, sizeof more, "; and %zu more", v.shown - 8);
    if (!v.compared) {
        if (out->track_count && v.skipped)
            ak_report(d, &ak_rule_convert_unverified, 0, 0, "",
                      "--verify compared no track of the %zu written: %s%s", out->track_count, ak_buf_cstr(&v.why),
                      more);
        else
            ak_report(d, &ak_rule_convert_deviation, 0, 0, "", "no numeric keys to compare");
        ak_buf_free(&v.why);
        return;
    }
    ak_buf where;
    ak_buf_init(&where);
    ak_target worst = v.worst_track->target;
    if (v.worst_component >= 0)
        worst.component = v.worst_component;
    ak_target_put(&where, &worst, v.worst_track->type);
    ak_report(d, &ak_rule_convert_deviation, 0, 0, "",
              "largest deviation of the sampled curves: %.9g at time %.9g in %s; %zu component%s of %zu track%s "
              "compared%s%s%s%s",
              v.worst, v.at, ak_buf_cstr(&where), v.compared, v.compared == 1 ? "" : "s", v.tracks,
              v.tracks == 1 ? "" : "s", v.skipped ? "; not compared: " : "", v.skipped ? ak_buf_cstr(&v.why) : "",
              v.skipped ? more : "", "");
    ak_buf_free(&where);
    ak_buf_free(&v.why);
}

/* An allocation failed in d's input, also where the budget it was charged
 * to is not d's own (a parser with a budget of its own reports into d). */
static bool out_of_memory(const ak_diags *d)
{
    for (size_t i = 0; i < ak_diags_count(d); i++)
        if (ak_diags_at(d, i)->rule == &ak_rule_limit_out_of_memory)
            return true;
    return false;
}

/* Decodes what from_model wrote (from out->data[start]), for the checks of
   a conversion through the model: its track headers (what it holds, not
   its keys) unless --verify compares the keys. NULL when it does not
   decode (the output's validation says why). */
static ak_animation *decode_output(const ak_format *to, const ak_input *produced, const ak_options *opt, ak_diags *d,
                                   ak_arena *arena)
{
    if (!to->to_model)
        return NULL;
    ak_diags *quiet = ak_diags_new(NULL);
    if (!quiet) {
        ak_report_out_of_memory(d, sizeof(void *), "checking the output");
        return NULL;
    }
    if (to->validate)
        ak_diags_set_input_valid(quiet); /* output_valid said so (convert_into) */
    if (!opt->verify)
        ak_diags_set_tracks_only(quiet); /* what convert_into compares: the tracks, not their keys */
    /* what is left of the command's budget (the output, and with --verify
       the input's model, are held meanwhile) */
    ak_budget *budget = ak_budget_of(d, opt);
    uint64_t left = budget ? budget->limit - budget->used : 0;
    ak_options within = *opt;
    within.max_memory = left; /* 0 without a budget: the default */
    ak_animation *anim = NULL;
    bool ok = (left > 0 || !budget) && model_decode(to, produced, &within, quiet, arena, &anim, !opt->verify);
    const ak_budget *inner = ak_diags_budget(quiet);
    if (!ok && budget && (left == 0 || inner->refused))
        ak_budget_take(budget, budget->limit - budget->used + 1, "decoding the output again");
    else if (!ok && (inner->failed || out_of_memory(quiet)))
        ak_report_out_of_memory(d, 0, "decoding the output again");
    /* the output's model outlives `quiet` (for --verify): from here on it is
       charged to the command's budget (it fitted in what was left) */
    arena->budget = budget;
    if (budget)
        budget->used += arena->total;
    ak_diags_free(quiet);
    return ok ? anim : NULL;
}

/* What the input's model says besides its tracks (the looping flag, the
   attributes of other formats) that the output's model no longer says:
   what the writer dropped without a word, because it only knows its own
   format's fields. Kept as text, since the input's model may be freed
   before the output is decoded. */
typedef struct model_extras {
    ak_looping looping;
    ak_buf attributes; /* "name=value\0" of each attribute the writer does not own */
} model_extras;

static void model_extras_of(const ak_animation *anim, const ak_format *to, model_extras *x)
{
    x->looping = anim->looping;
    ak_buf_init(&x->attributes);
    size_t own = strlen(to->id);
    for (size_t i = 0; i < anim->attribute_count; i++) {
        const ak_attribute *a = &anim->attributes[i];
        if (strncmp(a->name, to->id, own) == 0 && a->name[own] == '.')
            continue; /* the writer's own field: it reports its losses itself */
        ak_buf_printf(&x->attributes, "%s=%s", a->name, a->value);
        ak_buf_append(&x->attributes, "", 1);
    }
}

static void report_lost_extras(const model_extras *x, const ak_animation *produced, const ak_format *to, ak_diags *d)
{
    ak_buf lost;
    ak_buf_init(&lost);
    if (x->looping == AK_LOOPING_YES && produced->looping != AK_LOOPING_YES)
        ak_buf_printf(&lost, "the looping flag");
    for (size_t at = 0; at < x->attributes.len;) {
        const char *entry = x->attributes.data + at;
        size_t name_len = strcspn(entry, "=");
        char name[128];
        snprintf(name, sizeof name, "%.*s", (int)name_len, entry);
        if (!ak_animation_attribute(produced, name))
            ak_buf_printf(&lost, "%s%s", lost.len ? ", " : "", entry);
        at += strlen(entry) + 1;
    }
    if (lost.failed || x->attributes.failed) /* a loss must not go unsaid */
        ak_report_out_of_memory(d, 0, "listing what the conversion drops");
    else if (lost.len)
        ak_report(d, &ak_rule_convert_loss, 0, 0, "", "the %s file cannot hold %s: dropped", to->id,
                  ak_buf_cstr(&lost));
    ak_buf_free(&lost);
}

static bool known_version(const ak_format *to, const char *version)
{
    for (const char *const *v = to->versions; v && *v; v++)
        if (strcmp(*v, version) == 0)
            return true;
    return false;
}

/* A conversion never writes a file that its own validator rejects at the
   level asked for: the output is validated, and each of its errors is said
   as the conversion's, where it is (the first few; how many in all). */
static bool output_valid(const ak_format *to, const ak_input *produced, const ak_options *opt, ak_diags *d)
{
    if (!to->validate)
        return true;
    ak_diag_options level = {ak_diags_strict(d), 0};
    ak_diags *vd = ak_diags_new(&level);
    if (!vd) {
        ak_report_out_of_memory(d, sizeof(void *), "checking the output");
        return false;
    }
    ak_options within = opt ? *opt : (ak_options){0};
    within.verify = false;
    ak_validate(produced, to, &within, vd);
    size_t errors = 0;
    for (size_t i = 0; i < ak_diags_count(vd); i++) {
        const ak_diag *g = ak_diags_at(vd, i);
        if (g->severity != AK_SEV_ERROR)
            continue;
        if (g->rule == &ak_rule_limit_memory || g->rule == &ak_rule_limit_out_of_memory) {
            /* memory ran out checking it: that, not a verdict on the file */
            ak_report(d, g->rule, 0, 0, "", "checking the %s output: %s", to->id, g->message);
            ak_diags_free(vd);
            return false;
        }
        if (errors++ < 8)
            ak_report(d, &ak_rule_convert_invalid, 0, 0, "", "the %s output would not pass its validator%s: %s [%s]%s%s",
                      to->id, ak_diags_strict(d) ? " at the strict level" : "", g->message, g->rule->code,
                      g->path[0] ? " at " : "", g->path);
    }
    if (errors > 8)
        ak_report(d, &ak_rule_convert_invalid, 0, 0, "", "and %zu more errors of the %s output", errors - 8, to->id);
    ak_diags_free(vd);
    return errors == 0;
}

/* A sink that takes at most cap bytes for another (the size an output's
   format allows: a conversion streamed into a sink stops there, as one
   held stops its buffer, ak_budget_cap). */
typedef struct capped_sink {
    ak_sink sink;
    ak_sink *inner;
    uint64_t cap;
    bool over; /* it refused a piece past cap */
} capped_sink;

static bool capped_write(ak_sink *s, const void *data, size_t n)
{
    capped_sink *c = s->ctx;
    if (n > c->cap - s->written) {
        c->over = true;
        return false;
    }
    return ak_sink_write(c->inner, data, n);
}

/* The bytes a conversion wrote, to be checked: the held ones from start,
   or what the sink it streamed into reads back (given back with
   read_back_end). */
static bool produced_bytes(const ak_buf *out, size_t start, ak_sink *streamed, ak_input *produced)
{
    if (!streamed) {
        *produced = (ak_input){"output", (const uint8_t *)out->data + start, out->len - start, false};
        return true;
    }
    char why[100];
    if (!streamed->read_back(streamed, produced, why, sizeof why)) {
        snprintf(streamed->why, sizeof streamed->why, "reading the output back: %s", why);
        streamed->failed = true;
        return false;
    }
    produced->name = "output";
    return true;
}

/* An output written from the model is validated (output_valid); the
   format's re-emission of a file that validated, or a file built from its
   dump and checked, are valid as they are. */
static bool convert_into(const ak_input *in, const ak_format *from, const ak_format *to, const ak_options *opt,
                         ak_diags *d, ak_buf *out, ak_sink *sink, bool *streamed, const ak_format **used_from)
{
    ak_options defaults = {0};
    if (!opt)
        opt = &defaults;
    from = ak_resolve_format(in, from, d);
    if (used_from)
        *used_from = from;
    if (!from)
        return false;
    size_t errors = ak_diags_errors(d);
    if (opt->format_version && !known_version(to, opt->format_version)) {
        ak_buf list;
        ak_buf_init(&list);
        for (const char *const *v = to->versions; v && *v; v++)
            ak_buf_printf(&list, "%s%s", v == to->versions ? "" : ", ", *v);
        ak_report(d, &ak_rule_convert_version, 0, 0, "", "the %s format cannot write version %s (%s%s)", to->id,
                  opt->format_version, list.len ? "it writes " : "it has no versions to choose",
                  list.len ? ak_buf_cstr(&list) : "");
        ak_buf_free(&list);
        return false;
    }

    /* Same format: the canonical re-emission keeps everything the file has,
       its version included (or converts it, when the format says so). */
    if (from == to && to->reemit && (!opt->format_version || to->reemit_versions))
        return ak_hook_result(d, errors, to->reemit(in, opt, d, out), out, "re-emitting");

    /* A JSON file converted into a format that can build itself from its own
       dump: that is what the JSON is meant to be (the inverse of dump). */
    if (to->undump && from->id && strcmp(from->id, "json") == 0)
        return ak_hook_result(d, errors, to->undump(in, opt, d, out), out, "building the file from its dump");

    if (!from->to_model || !to->from_model) {
        ak_report(d, &ak_rule_convert_unsupported, 0, 0, "",
                  "cannot convert %s to %s: %s", from->id, to->id,
                  !from->to_model ? "the input format does not decode into the common model yet"
                                  : "the output format cannot encode the common model yet");
        return false;
    }
    ak_arena arena, produced_arena;
    struct ak_animation *anim;
    bool ok = ak_model_decode(from, in, opt, d, &arena, &anim);
    size_t tracks = ok ? anim->track_count : 0;
    /* Losses are reported against the input, which is what the user has in front of them. */
    model_extras extras = {0};
    if (ok)
        model_extras_of(anim, to, &extras);
    size_t before = ak_diags_errors(d), start = out->len;
    /* into a sink that can read it back, the output is checked there: it
       is never held whole (nor, for a format that makes its tracks as it
       encodes them, is its document) */
    ak_sink *stream = sink && sink->read_back && to->from_model_to ? sink : NULL;
    *streamed = stream != NULL;
    if (ok) {
        /* an output past the size its format allows could never be written:
           it stops growing there, not when the whole of it is held */
        ak_budget *budget = out->budget;
        bool capped = to->max_size && to->max_size_rule, made, over;
        if (stream) {
            capped_sink limit = {{0}, stream, capped ? to->max_size : UINT64_MAX, false};
            limit.sink.write = capped_write;
            limit.sink.ctx = &limit;
            made = to->from_model_to(anim, opt, d, &limit.sink);
            over = limit.over;
        } else {
            if (capped)
                ak_budget_cap(budget, out,
                              start + (to->max_size < SIZE_MAX - start ? (size_t)to->max_size : SIZE_MAX - start));
            made = to->from_model(anim, opt, d, out);
            over = budget && budget->over_cap;
            ak_budget_cap(budget, NULL, 0);
        }
        if (over) {
            ak_report(d, &ak_rule_convert_invalid, 0, 0, "",
                      "the %s output would not pass its validator: the file would have more than %llu bytes; the "
                      "cap is %llu [%s]", to->id, (unsigned long long)to->max_size,
                      (unsigned long long)to->max_size, to->max_size_rule->code);
            ok = false;
        } else {
            /* a write the sink refused is the sink's to say */
            ok = !(stream && stream->failed) &&
                 ak_hook_result(d, before, made, stream ? NULL : out, "encoding the common model");
        }
    }
    bool input_model = true;
    if (!ok || !opt->verify) {
        ak_arena_free(&arena); /* one model in memory at a time */
        input_model = false;
    }
    /* validated once: the output's reading back below relies on it */
    ak_input bytes = {0};
    bool read_back = ok && !out->failed && produced_bytes(out, start, stream, &bytes);
    ok = read_back && output_valid(to, &bytes, opt, d);
    ak_arena_init(&produced_arena, 0);
    const ak_animation *produced = ok ? decode_output(to, &bytes, opt, d, &produced_arena) : NULL;
    if (produced && tracks && produced->track_count == 0) {
        ak_report(d, &ak_rule_convert_no_tracks, 0, 0, "",
                  "none of the %zu track%s can be written as %s (the warnings say why): nothing was written", tracks,
                  tracks == 1 ? "" : "s", to->id);
        ok = false;
    } else if (produced) {
        /* a conversion to the same format through the model (another
           version) is the writer's own business */
        if (from != to)
            report_lost_extras(&extras, produced, to, d);
        if (input_model)
            report_deviation(anim, produced, d);
    }
    ak_buf_free(&extras.attributes);
    ak_arena_free(&produced_arena);
    if (read_back && stream && stream->read_back_end)
        stream->read_back_end(stream, &bytes);
    if (input_model)
        ak_arena_free(&arena);
    return ok;
}

/* ak_convert, or with sink, into the sink as it is made where it can be
   (*streamed then: out holds nothing of it) */
static bool convert(const ak_input *in, const ak_format *from, const ak_format *to, const ak_options *opt,
                    ak_diags *d, ak_buf *out, ak_sink *sink, bool *streamed, const ak_format **used_from)
{
    /* the output is held with what it is made from: one budget for both */
    size_t start = out->len;
    *streamed = false;
    bool attached = ak_buf_attach(out, ak_budget_of(d, opt));
    bool ok = attached && convert_into(in, from, to, opt, d, out, sink, streamed, used_from);
    ak_buf_detach(out);
    ok = ok && !out->failed;
    if (!ok && out->len > start)
        out->len = start; /* no partial output */
    return ok && !out->failed;
}

bool ak_convert(const ak_input *in, const ak_format *from, const ak_format *to, const ak_options *opt,
                ak_diags *d, ak_buf *out, const ak_format **used_from)
{
    bool streamed;
    return convert(in, from, to, opt, d, out, NULL, &streamed, used_from);
}

/* What a hook that streamed into out returned: a write the sink refused is
   the sink's to say (its budget reported already); else the hook's result,
   with no error reported while it ran. */
static bool streamed_result(ak_diags *d, size_t errors, bool ok, const ak_sink *out, const char *what)
{
    if (out->failed)
        return false;
    return ak_hook_result(d, errors, ok, NULL, what) && ak_diags_errors(d) == errors;
}

bool ak_convert_to(const ak_input *in, const ak_format *from, const ak_format *to, const ak_options *opt,
                   ak_diags *d, ak_sink *out, const ak_format **used_from)
{
    const ak_format *resolved = ak_resolve_format(in, from, d);
    if (used_from)
        *used_from = resolved;
    if (resolved && resolved == to && to->reemit_to && !(opt && opt->format_version)) {
        /* the canonical file streamed: it checks the input first, as reemit does */
        size_t errors = ak_diags_errors(d);
        bool ok = to->reemit_to(in, opt, d, out);
        return streamed_result(d, errors, ok, out, "re-emitting");
    }
    ak_buf buf;
    ak_buf_init(&buf);
    bool streamed = false;
    bool ok = resolved && convert(in, resolved, to, opt, d, &buf, out, &streamed, NULL) &&
              (streamed || ak_sink_write(out, buf.data, buf.len));
    ak_buf_free(&buf);
    return ok;
}

bool ak_dump_to(const ak_input *in, const ak_format *format, const ak_options *opt, ak_diags *d, ak_sink *out)
{
    if (!format->dump && !format->dump_to) {
        ak_report(d, &ak_rule_convert_unsupported, 0, 0, "", "the %s format has no dump", format->id);
        return false;
    }
    size_t errors = ak_diags_errors(d);
    if (format->dump_to) {
        /* validated first, then streamed: the sink sees nothing of a file
           with errors, and only a limit or a failed write cuts it short */
        bool ok = format->dump_to(in, opt, d, out);
        return streamed_result(d, errors, ok, out, "dumping");
    }
    /* the format needs the whole document: built, then written at once */
    ak_buf json;
    ak_buf_init(&json);
    bool ok = ak_buf_attach(&json, ak_budget_of(d, opt)) && format->dump(in, opt, d, &json);
    ak_buf_detach(&json);
    ok = ak_hook_result(d, errors, ok, &json, "dumping") && ak_diags_errors(d) == errors;
    ok = ok && ak_sink_write(out, json.data, json.len);
    ak_buf_free(&json);
    return ok;
}

bool ak_dump(const ak_input *in, const ak_format *format, const ak_options *opt, ak_diags *d, ak_buf *out)
{
    size_t start = out->len, errors = ak_diags_errors(d);
    bool ok = ak_buf_attach(out, ak_budget_of(d, opt));
    if (ok && format->dump_to) {
        ak_sink sink;
        ak_sink_buf(&sink, out);
        ok = ak_dump_to(in, format, opt, d, &sink);
    } else if (ok && format->dump) {
        ok = format->dump(in, opt, d, out); /* straight into out: no copy */
    } else if (ok) {
        ok = ak_dump_to(in, format, opt, d, NULL); /* says there is no dump */
    }
    ak_buf_detach(out);
    ok = ak_hook_result(d, errors, ok, out, "dumping") && ak_diags_errors(d) == errors;
    if (!ok)
        out->len = start;
    return ok;
}
