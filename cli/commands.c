/* The commands over one input held in memory (commands.h): shared by the
 * command line and the WebAssembly reactor. */
#include "commands.h"

#include <stdlib.h>
#include <string.h>

const char *const prog = "animkit";

/* ------------------------------------------------------------------ */
/* option values                                                       */

bool parse_u64(const char *s, uint64_t *out)
{
    if (!*s)
        return false;
    uint64_t v = 0;
    for (; *s; s++) {
        if (*s < '0' || *s > '9' || v > (UINT64_MAX - (uint64_t)(*s - '0')) / 10)
            return false;
        v = v * 10 + (uint64_t)(*s - '0');
    }
    *out = v;
    return true;
}

/* A size: a whole number of bytes, or of KiB, MiB or GiB with a K, M or G
   suffix (either case, an optional "iB"/"B" after it): 512, 64K, 1.5 is not one,
   16M, 2G, 2GiB. */
bool parse_size(const char *s, uint64_t *out)
{
    size_t n = strspn(s, "0123456789");
    if (n == 0 || n >= 32)
        return false;
    char digits[32];
    memcpy(digits, s, n);
    digits[n] = '\0';
    uint64_t v;
    if (!parse_u64(digits, &v))
        return false;
    const char *unit = s + n;
    unsigned shift = 0;
    switch (*unit) {
    case '\0': break;
    case 'k': case 'K': shift = 10; break;
    case 'm': case 'M': shift = 20; break;
    case 'g': case 'G': shift = 30; break;
    default: return false;
    }
    if (shift) {
        unit++;
        if (strcmp(unit, "") != 0 && strcmp(unit, "B") != 0 && strcmp(unit, "iB") != 0)
            return false;
        if (v > (UINT64_MAX >> shift))
            return false;
        v <<= shift;
    }
    *out = v;
    return true;
}

/* A decimal number as the C library reads it; the time range is the user's
   own text, not file content. */
bool parse_double(const char *s, const char *end, double *out)
{
    char buf[64];
    size_t n = (size_t)(end - s);
    if (n == 0 || n >= sizeof buf)
        return false;
    memcpy(buf, s, n);
    buf[n] = '\0';
    char *stop;
    *out = strtod(buf, &stop);
    return *stop == '\0' && *out == *out && *out - *out == 0;
}

bool parse_times(const char *s, double *a, double *b, double *step)
{
    const char *c1 = strchr(s, ':');
    const char *c2 = c1 ? strchr(c1 + 1, ':') : NULL;
    if (!c1 || !c2)
        return false;
    return parse_double(s, c1, a) && parse_double(c1 + 1, c2, b) && parse_double(c2 + 1, c2 + strlen(c2), step) &&
           *step > 0 && *b >= *a && (*b - *a) / *step <= 1e7;
}

/* ------------------------------------------------------------------ */
/* validate                                                            */

bool cli_validate_input(const ak_input *in, const ak_format *format, const ak_options *opt,
                        const ak_diag_options *level, ak_renderer *r, cli_tally *tally)
{
    ak_diags *d = ak_diags_new(level);
    if (!d)
        return false;
    const ak_format *fmt = ak_validate(in, format, opt, d);
    ak_diags_sort(d);
    ak_renderer_file(r, in->name, fmt ? fmt->id : NULL, in->data, in->size, fmt ? fmt->text : false, d);
    tally->files++;
    tally->errors += ak_diags_errors(d);
    tally->warnings += ak_diags_warnings(d);
    tally->unshown += ak_diags_unshown(d);
    if (ak_diags_errors(d))
        tally->files_invalid++;
    if (fmt && fmt->planned)
        tally->unsupported++;
    ak_diags_free(d);
    return true;
}

void cli_validate_summary(const cli_tally *t, bool text_style, bool quiet, FILE *err)
{
    if (text_style && !quiet && (t->files > 1 || t->errors || t->warnings)) {
        char unshown[64] = "";
        if (t->unshown)
            snprintf(unshown, sizeof unshown, " (%zu not shown)", t->unshown);
        fprintf(err, "%zu file%s checked: %zu with errors; %zu error%s, %zu warning%s%s\n", t->files,
                t->files == 1 ? "" : "s", t->files_invalid, t->errors, t->errors == 1 ? "" : "s", t->warnings,
                t->warnings == 1 ? "" : "s", unshown);
    }
    if (t->unsupported)
        fprintf(err, "%s validate: %zu file%s of a format this build cannot check yet (exit status 2)\n", prog,
                t->unsupported, t->unsupported == 1 ? "" : "s");
}

int cli_validate_status(const cli_tally *t, bool failure)
{
    if (failure || t->unsupported)
        return EXIT_USAGE;
    return t->errors ? EXIT_INVALID : EXIT_OK;
}

/* ------------------------------------------------------------------ */
/* what the data commands share                                        */

int cli_failure_status(const ak_diags *d)
{
    for (size_t i = 0; i < ak_diags_count(d); i++)
        if (ak_diags_at(d, i)->rule == &ak_rule_input_unsupported_format)
            return EXIT_USAGE;
    return EXIT_INVALID;
}

void cli_render_text(FILE *err, bool color, const char *name, const ak_format *f, const uint8_t *data, size_t size,
                     ak_diags *d)
{
    if (!ak_diags_count(d))
        return;
    ak_diags_sort(d);
    ak_render_options ropt = {color};
    ak_renderer *r = ak_renderer_new(AK_RENDER_TEXT, err, &ropt);
    ak_renderer_file(r, name, f ? f->id : NULL, data, size, f ? f->text : false, d);
    ak_renderer_finish(r);
}

/* ------------------------------------------------------------------ */
/* dump                                                                */

int cli_dump_input(const ak_input *in, const ak_format *format, const ak_options *opt, const ak_diag_options *level,
                   ak_sink *out, FILE *err, bool color)
{
    ak_diags *d = ak_diags_new(level);
    if (!d) {
        fprintf(err, "%s: out of memory\n", prog);
        return EXIT_USAGE;
    }
    format = ak_resolve_format(in, format, d);
    int rc = EXIT_OK;
    if (!format) {
        rc = cli_failure_status(d); /* the diagnostic says what was tried */
    } else if (!format->dump && !format->dump_to) {
        fprintf(err, "%s dump: the %s format has no dump yet\n", prog, format->id);
        rc = EXIT_USAGE;
    } else if (!ak_dump_to(in, format, opt, d, out) || ak_diags_errors(d)) {
        rc = out->failed && !ak_diags_errors(d) ? EXIT_USAGE : EXIT_INVALID; /* a limit: animkit.limit.* says so */
    }
    cli_render_text(err, color, in->name, format, in->data, in->size, d);
    ak_diags_free(d);
    return rc;
}

/* ------------------------------------------------------------------ */
/* convert                                                             */

const ak_format *cli_convert_target(const ak_format *from, const ak_input *in, const char *out_name)
{
    const ak_format *named = ak_format_for_filename(out_name);
    if (!named)
        return NULL;
    const ak_format *input = from;
    if (!input && in)
        input = ak_format_detect(in->data, in->size, in->name);
    return input && !input->planned && ak_format_has_extension(input, out_name) ? input : named;
}

int cli_convert_check_target(const ak_format *to, FILE *err)
{
    if (to->planned) {
        fprintf(err, "%s convert: the %s format is planned: this build cannot write it yet\n", prog, to->id);
        return EXIT_USAGE;
    }
    if (!to->from_model && !to->undump && !to->reemit) {
        /* what no input can become is the user's mistake, not the file's */
        char targets[160] = "";
        size_t used = 0;
        for (size_t i = 0; i < ak_format_count(); i++) {
            const ak_format *f = ak_format_at(i);
            if (f->from_model || f->undump)
                used += (size_t)snprintf(targets + used, used < sizeof targets ? sizeof targets - used : 0, "%s%s",
                                         used ? ", " : "", f->id);
        }
        fprintf(err, "%s convert: %s is no conversion target (convert writes %s)\n", prog, to->id, targets);
        return EXIT_USAGE;
    }
    return EXIT_OK;
}

void cli_convert_warn_extension(const ak_format *to, const char *out_name, FILE *err)
{
    const ak_format *named = ak_format_for_filename(out_name);
    if (named && named != to && !named->generic && !ak_format_has_extension(to, out_name)) {
        ak_buf shown;
        ak_buf_init(&shown);
        ak_buf_put_escaped(&shown, out_name, strlen(out_name));
        fprintf(err, "%s convert: warning: the extension of %s is %s's, but it is written as %s (--to %s)\n", prog,
                shown.failed ? "?" : ak_buf_cstr(&shown), named->id, to->id, to->id);
        ak_buf_free(&shown);
    }
}

int cli_convert_stream(const ak_input *in, const ak_format *from, const ak_format *to, const ak_options *opt,
                       const ak_diag_options *level, ak_sink *out, FILE *err, bool color)
{
    ak_diags *d = ak_diags_new(level);
    if (!d) {
        fprintf(err, "%s: out of memory\n", prog);
        return EXIT_USAGE;
    }
    const ak_format *used_from = NULL;
    bool ok = ak_convert_to(in, from, to, opt, d, out, &used_from) && ak_diags_errors(d) == 0;
    cli_render_text(err, color, in->name, used_from, in->data, in->size, d);
    /* a write the sink refused is said by the caller (out->why) */
    int rc = ok ? EXIT_OK : out->failed && !ak_diags_errors(d) ? EXIT_USAGE : cli_failure_status(d);
    ak_diags_free(d);
    return rc;
}

int cli_convert_input(const ak_input *in, const ak_format *from, const ak_format *to, const ak_options *opt,
                      const ak_diag_options *level, const char *out_name, ak_buf *out, FILE *err, bool color)
{
    ak_diags *d = ak_diags_new(level);
    if (!d) {
        fprintf(err, "%s: out of memory\n", prog);
        return EXIT_USAGE;
    }
    const ak_format *used_from = NULL;
    bool ok = ak_convert(in, from, to, opt, d, out, &used_from) && ak_diags_errors(d) == 0;
    cli_render_text(err, color, in->name, used_from, in->data, in->size, d);
    int rc = ok ? EXIT_OK : cli_failure_status(d);
    if (ok && opt->verify) {
        ak_diags *vd = ak_diags_new(level);
        if (!vd) {
            fprintf(err, "%s: out of memory\n", prog);
            ak_diags_free(d);
            return EXIT_USAGE;
        }
        ak_input produced = {out_name, (const uint8_t *)out->data, out->len, false};
        ak_validate(&produced, to, opt, vd);
        if (ak_diags_errors(vd)) {
            fprintf(err, "%s convert: the output does not pass the %s validator; nothing was written\n", prog,
                    to->id);
            rc = EXIT_INVALID;
        }
        cli_render_text(err, color, out_name, to, (const uint8_t *)out->data, out->len, vd);
        ak_diags_free(vd);
    }
    ak_diags_free(d);
    return rc;
}

/* ------------------------------------------------------------------ */
/* sample, --list, plot                                                */

int cli_sample_input(const ak_input *in, const ak_format *format, const ak_options *opt, size_t track, double t0,
                     double t1, double step, ak_buf *out, FILE *err, bool color)
{
    ak_diags *d = ak_diags_new(NULL);
    if (!d) {
        fprintf(err, "%s: out of memory\n", prog);
        return EXIT_USAGE;
    }
    bool ok = ak_sample(in, format, opt, d, track, t0, t1, step, out, &format);
    cli_render_text(err, color, in->name, format, in->data, in->size, d);
    int rc = ok ? EXIT_OK : cli_failure_status(d);
    ak_diags_free(d);
    return rc;
}

int cli_list_tracks_input(const ak_input *in, const ak_format *format, const ak_options *opt, ak_buf *out, FILE *err,
                          bool color)
{
    ak_diags *d = ak_diags_new(NULL);
    bool ok = d && ak_list_tracks(in, format, opt, d, out, &format);
    if (d)
        cli_render_text(err, color, in->name, format, in->data, in->size, d);
    int rc = ok ? EXIT_OK : d && ak_diags_errors(d) ? EXIT_INVALID : EXIT_USAGE;
    ak_diags_free(d);
    return rc;
}

int cli_plot_input(const ak_input *in, const ak_format *format, const ak_options *opt, const ak_plot_options *popt,
                   ak_buf *svg, FILE *err, bool color)
{
    ak_diags *d = ak_diags_new(NULL);
    bool ok = d && ak_plot(in, format, opt, d, popt, svg, &format);
    if (d)
        cli_render_text(err, color, in->name, format, in->data, in->size, d);
    int rc = ok ? EXIT_OK : d && ak_diags_errors(d) ? EXIT_INVALID : EXIT_USAGE;
    ak_diags_free(d);
    return rc;
}
