/* animkit.wasm: the WebAssembly reactor (docs/wasm.md). No main, no file:
 * the host puts an input in the module's memory, sets the options of the
 * command one by one, and runs it; the command writes what the command
 * line writes on its standard output (the output) and on its standard
 * error (the messages), kept until the next command. The commands are the
 * command line's own (cli/commands.c), so both write the same bytes.
 *
 * One command runs at a time (a module instance is single-threaded); the
 * state between the calls of one command is the options and the last
 * results below. */
#include "commands.h"

#include <stdlib.h>
#include <string.h>

#define EXPORT(name) __attribute__((export_name(name)))

/* ------------------------------------------------------------------ */
/* results                                                             */

static ak_buf output;        /* what the command line writes on standard output */
static char *messages;       /* ... and on standard error */
static size_t messages_size;

EXPORT("ak_wasm_output") const char *ak_wasm_output(void) { return output.data ? output.data : ""; }
EXPORT("ak_wasm_output_size") size_t ak_wasm_output_size(void) { return output.len; }
EXPORT("ak_wasm_messages") const char *ak_wasm_messages(void) { return messages ? messages : ""; }
EXPORT("ak_wasm_messages_size") size_t ak_wasm_messages_size(void) { return messages_size; }

/* Memory for the host's inputs and strings. */
EXPORT("ak_wasm_alloc") void *ak_wasm_alloc(size_t size) { return malloc(size ? size : 1); }
EXPORT("ak_wasm_free") void ak_wasm_free(void *p) { free(p); }

/* ------------------------------------------------------------------ */
/* options                                                             */

/* The options of the next command, by the command line's names (without
   the dashes); ak_wasm_run forgets them. */
typedef struct options {
    char *format, *from, *to, *out, *diagnostics, *format_version;
    char *start, *end; /* plot --from, --to (times) */
    ak_buf format_settings; /* --format-option, --game, --layout, --legacy: "a=b,c" */
    bool strict, verify, handles, euler, list;
    uint64_t max_memory, max_output, max_errors, max_depth, precision, track;
    bool have_times;
    double t0, t1, step;
    int compress;
    size_t *tracks, track_count;        /* plot --track (repeatable) */
    const char **targets;               /* plot --target (repeatable) */
    size_t target_count;
} options;

static options opts;

static void forget_options(void)
{
    char **strings[] = {&opts.format, &opts.from, &opts.to, &opts.out, &opts.diagnostics, &opts.format_version,
                        &opts.start, &opts.end};
    for (size_t i = 0; i < sizeof strings / sizeof strings[0]; i++)
        free(*strings[i]);
    for (size_t i = 0; i < opts.target_count; i++)
        free((void *)opts.targets[i]);
    free(opts.targets);
    free(opts.tracks);
    ak_buf_free(&opts.format_settings);
    memset(&opts, 0, sizeof opts);
}

static bool keep(char **slot, const char *value)
{
    free(*slot);
    *slot = strdup(value);
    return *slot != NULL;
}

static bool add_setting(const char *setting)
{
    if (!*setting || setting[0] == '=' || strchr(setting, ','))
        return false;
    if (opts.format_settings.len)
        ak_buf_putc(&opts.format_settings, ',');
    ak_buf_puts(&opts.format_settings, setting);
    return !opts.format_settings.failed;
}

static bool number(const char *value, uint64_t *out, uint64_t min, uint64_t max)
{
    return parse_u64(value, out) && *out >= min && *out <= max;
}

/* Sets one option of the next command: a name of the command line's
   (without the dashes: "strict", "format", "times", ...) and its value
   ("" for a flag). Repeatable options (format-option, track and target of
   plot) add a value each call. False for an unknown name or a bad value. */
EXPORT("ak_wasm_option") bool ak_wasm_option(const char *name, const char *value)
{
    uint64_t n;
    if (strcmp(name, "format") == 0)
        return keep(&opts.format, value);
    if (strcmp(name, "from") == 0)
        return keep(&opts.from, value);
    if (strcmp(name, "to") == 0)
        return keep(&opts.to, value);
    if (strcmp(name, "out") == 0)
        return *value && keep(&opts.out, value);
    if (strcmp(name, "diagnostics") == 0)
        return keep(&opts.diagnostics, value);
    if (strcmp(name, "format-version") == 0)
        return *value && keep(&opts.format_version, value);
    if (strcmp(name, "strict") == 0)
        return opts.strict = true;
    if (strcmp(name, "verify") == 0)
        return opts.verify = true;
    if (strcmp(name, "handles") == 0)
        return opts.handles = true;
    if (strcmp(name, "euler") == 0)
        return opts.euler = true;
    if (strcmp(name, "list") == 0)
        return opts.list = true;
    if (strcmp(name, "layout") == 0)
        return add_setting("layout");
    if (strcmp(name, "legacy") == 0)
        return add_setting("legacy");
    if (strcmp(name, "format-option") == 0)
        return add_setting(value);
    if (strcmp(name, "game") == 0)
        return (strcmp(value, "mp1") == 0 || strcmp(value, "mp2") == 0) &&
               add_setting(strcmp(value, "mp1") == 0 ? "game=mp1" : "game=mp2");
    if (strcmp(name, "max-memory") == 0)
        return parse_size(value, &opts.max_memory) && opts.max_memory > 0;
    if (strcmp(name, "max-output") == 0)
        return parse_size(value, &opts.max_output) && opts.max_output > 0;
    if (strcmp(name, "max-errors") == 0)
        return number(value, &opts.max_errors, 1, UINT32_MAX);
    if (strcmp(name, "max-depth") == 0)
        return number(value, &opts.max_depth, 1, 1000000);
    if (strcmp(name, "precision") == 0)
        return number(value, &opts.precision, 1, 17);
    if (strcmp(name, "times") == 0)
        return opts.have_times = parse_times(value, &opts.t0, &opts.t1, &opts.step);
    if (strcmp(name, "start") == 0)
        return keep(&opts.start, value);
    if (strcmp(name, "end") == 0)
        return keep(&opts.end, value);
    if (strcmp(name, "compress") == 0) {
        static const char *const names[] = {"none", "lz4", "lzma"};
        for (int k = 0; k < 3; k++)
            if (strcmp(value, names[k]) == 0)
                return opts.compress = AK_COMPRESS_NONE + k;
        return false;
    }
    if (strcmp(name, "track") == 0) {
        size_t *tracks = realloc(opts.tracks, (opts.track_count + 1) * sizeof *tracks);
        if (!tracks)
            return false;
        opts.tracks = tracks;
        if (!parse_u64(value, &n) || n > SIZE_MAX)
            return false;
        opts.tracks[opts.track_count++] = (size_t)n;
        opts.track = n;
        return true;
    }
    if (strcmp(name, "target") == 0) {
        const char **targets = realloc(opts.targets, (opts.target_count + 1) * sizeof *targets);
        if (!targets)
            return false;
        opts.targets = targets;
        if (!*value || !(opts.targets[opts.target_count] = strdup(value)))
            return false;
        opts.target_count++;
        return true;
    }
    return false;
}

/* ------------------------------------------------------------------ */
/* commands                                                            */

/* A format named by an option: a supported one, or a message. */
static bool named_format(FILE *err, const char *cmd, const char *id, const ak_format **out)
{
    *out = NULL;
    if (!id)
        return true;
    *out = ak_format_find(id);
    if (!*out) {
        fprintf(err, "%s %s: unknown format '%s' (see 'animkit formats')\n", prog, cmd, id);
        return false;
    }
    if ((*out)->planned) {
        fprintf(err, "%s %s: the %s format is planned: this build cannot read or write it yet\n", prog, cmd, id);
        return false;
    }
    return true;
}

static void read_options(ak_options *opt, ak_diag_options *level)
{
    memset(opt, 0, sizeof *opt);
    memset(level, 0, sizeof *level);
    opt->max_memory = opts.max_memory;
    opt->max_output = opts.max_output;
    opt->max_depth = (uint32_t)opts.max_depth;
    opt->precision = (int)opts.precision;
    opt->compress = opts.compress;
    opt->format_version = opts.format_version;
    opt->verify = opts.verify;
    opt->format_options = opts.format_settings.len ? ak_buf_cstr(&opts.format_settings) : NULL;
    level->strict = opts.strict;
    level->max_errors = (uint32_t)opts.max_errors;
}

static int validate(FILE *err, const ak_input *in)
{
    ak_options opt;
    ak_diag_options level;
    read_options(&opt, &level);
    const ak_format *format;
    ak_render_style style = AK_RENDER_JSON;
    if (!named_format(err, "validate", opts.format, &format))
        return EXIT_USAGE;
    if (opts.diagnostics && !ak_render_style_parse(opts.diagnostics, &style)) {
        fprintf(err, "%s validate: --diagnostics takes text, gcc, json, sarif or github\n", prog);
        return EXIT_USAGE;
    }
    char *text = NULL;
    size_t size = 0;
    FILE *out = open_memstream(&text, &size);
    if (!out)
        return EXIT_USAGE;
    ak_render_options ropt = {false};
    ak_renderer *r = ak_renderer_new(style, out, &ropt);
    cli_tally tally;
    memset(&tally, 0, sizeof tally);
    bool ok = r && cli_validate_input(in, format, &opt, &level, r, &tally);
    if (r)
        ak_renderer_finish(r);
    fclose(out);
    ak_buf_append(&output, text, size);
    free(text);
    if (!ok) {
        fprintf(err, "%s: out of memory\n", prog);
        return EXIT_USAGE;
    }
    cli_validate_summary(&tally, style == AK_RENDER_TEXT, false, err);
    return cli_validate_status(&tally, false);
}

static int dump(FILE *err, const ak_input *in)
{
    ak_options opt;
    ak_diag_options level;
    read_options(&opt, &level);
    const ak_format *format;
    if (!named_format(err, "dump", opts.format, &format))
        return EXIT_USAGE;
    ak_sink sink;
    ak_sink_buf(&sink, &output);
    int rc = cli_dump_input(in, format, &opt, &level, &sink, err, false);
    if (rc != EXIT_OK)
        output.len = 0; /* no partial dump */
    return rc;
}

static int sample(FILE *err, const ak_input *in)
{
    ak_options opt;
    ak_diag_options level;
    read_options(&opt, &level);
    const ak_format *format;
    if (!named_format(err, "sample", opts.format, &format))
        return EXIT_USAGE;
    if (opts.list)
        return cli_list_tracks_input(in, format, &opt, &output, err, false);
    if (!opts.have_times) {
        fprintf(err, "%s sample: needs --times A:B:STEP (or --list)\n", prog);
        return EXIT_USAGE;
    }
    int rc = cli_sample_input(in, format, &opt, (size_t)opts.track, opts.t0, opts.t1, opts.step, &output, err,
                              false);
    if (rc != EXIT_OK)
        output.len = 0;
    return rc;
}

static int plot(FILE *err, const ak_input *in)
{
    ak_options opt;
    ak_diag_options level;
    read_options(&opt, &level);
    const ak_format *format;
    if (!named_format(err, "plot", opts.format, &format))
        return EXIT_USAGE;
    if (opts.list)
        return cli_list_tracks_input(in, format, &opt, &output, err, false);
    ak_plot_options popt;
    memset(&popt, 0, sizeof popt);
    popt.tracks = opts.tracks;
    popt.track_count = opts.track_count;
    popt.targets = opts.targets;
    popt.target_count = opts.target_count;
    popt.handles = opts.handles;
    popt.euler = opts.euler;
    popt.title = in->name;
    if ((opts.start && !(popt.has_from = parse_double(opts.start, opts.start + strlen(opts.start), &popt.from))) ||
        (opts.end && !(popt.has_to = parse_double(opts.end, opts.end + strlen(opts.end), &popt.to)))) {
        fprintf(err, "%s plot: --from and --to take a time in seconds\n", prog);
        return EXIT_USAGE;
    }
    if (popt.has_from && popt.has_to && !(popt.to > popt.from)) {
        fprintf(err, "%s plot: --to must be after --from\n", prog);
        return EXIT_USAGE;
    }
    int rc = cli_plot_input(in, format, &opt, &popt, &output, err, false);
    if (rc != EXIT_OK)
        output.len = 0;
    return rc;
}

/* The name of the output when only --to is given: the input's, with the
   extension of the format. */
static char *output_name(const char *input, const ak_format *to)
{
    const char *base = strrchr(input, '/');
    base = base ? base + 1 : input;
    const char *dot = strrchr(base, '.');
    size_t stem = dot && dot != base ? (size_t)(dot - base) : strlen(base);
    const char *ext = to->extensions && to->extensions[0] ? to->extensions[0] : "";
    ak_buf b;
    ak_buf_init(&b);
    ak_buf_append(&b, base, stem);
    if (stem == 0)
        ak_buf_puts(&b, "output");
    ak_buf_puts(&b, ext);
    return b.failed ? NULL : (char *)ak_buf_cstr(&b);
}

static int convert(FILE *err, const ak_input *in)
{
    ak_options opt;
    ak_diag_options level;
    read_options(&opt, &level);
    const ak_format *from, *to;
    if (!named_format(err, "convert", opts.from, &from) || !named_format(err, "convert", opts.to, &to))
        return EXIT_USAGE;
    if (!to && opts.out)
        to = cli_convert_target(from, in, opts.out);
    if (!to) {
        fprintf(err, "%s convert: cannot tell the output format from '%s': use --to\n", prog,
                opts.out ? opts.out : "");
        return EXIT_USAGE;
    }
    if (cli_convert_check_target(to, err) != EXIT_OK)
        return EXIT_USAGE;
    char *made = opts.out ? NULL : output_name(in->name, to);
    const char *out_name = opts.out ? opts.out : made;
    if (!out_name) {
        fprintf(err, "%s: out of memory\n", prog);
        return EXIT_USAGE;
    }
    cli_convert_warn_extension(to, out_name, err);
    int rc = cli_convert_input(in, from, to, &opt, &level, out_name, &output, err, false);
    if (rc != EXIT_OK)
        output.len = 0; /* nothing is written */
    free(made);
    return rc;
}

/* Runs a command (validate, dump, sample, plot, convert) over the input
   data[0..size) named `name` (for the messages), with the options set
   since the last run, which it then forgets. Returns the command line's
   exit status: 0 no errors, 1 errors found, 2 usage or internal failure.
   The output and the messages stay until the next run. */
EXPORT("ak_wasm_run") int ak_wasm_run(const char *command, const uint8_t *data, size_t size, const char *name)
{
    output.len = 0;
    free(messages);
    messages = NULL;
    messages_size = 0;
    FILE *err = open_memstream(&messages, &messages_size);
    if (!err) {
        forget_options();
        return EXIT_USAGE;
    }
    ak_input in = {name && *name ? name : "-", data, size, false};
    int rc;
    if (strcmp(command, "validate") == 0)
        rc = validate(err, &in);
    else if (strcmp(command, "dump") == 0)
        rc = dump(err, &in);
    else if (strcmp(command, "sample") == 0)
        rc = sample(err, &in);
    else if (strcmp(command, "plot") == 0)
        rc = plot(err, &in);
    else if (strcmp(command, "convert") == 0)
        rc = convert(err, &in);
    else {
        fprintf(err, "%s: unknown command '%s'\n", prog, command);
        rc = EXIT_USAGE;
    }
    if (output.failed) {
        fprintf(err, "%s: out of memory\n", prog);
        output.len = 0;
        output.failed = false;
        rc = EXIT_USAGE;
    }
    fclose(err);
    forget_options();
    return rc;
}

/* ------------------------------------------------------------------ */
/* what the build knows                                                */

/* The formats as JSON (kept until the next call of this function):
   [{"id","name","text","extensions":[...],"versions":[...],"dump":bool,
   "target":bool (convert writes it)}], supported ones only. */
EXPORT("ak_wasm_formats") const char *ak_wasm_formats(void)
{
    static ak_buf list;
    list.len = 0;
    ak_buf_putc(&list, '[');
    for (size_t i = 0; i < ak_format_count(); i++) {
        const ak_format *f = ak_format_at(i);
        ak_buf_puts(&list, i ? ",{\"id\":" : "{\"id\":");
        ak_buf_json_string(&list, f->id, strlen(f->id));
        ak_buf_puts(&list, ",\"name\":");
        ak_buf_json_string(&list, f->name, strlen(f->name));
        ak_buf_printf(&list, ",\"text\":%s,\"extensions\":[", f->text ? "true" : "false");
        for (const char *const *e = f->extensions; e && *e; e++) {
            if (e != f->extensions)
                ak_buf_putc(&list, ',');
            ak_buf_json_string(&list, *e, strlen(*e));
        }
        ak_buf_puts(&list, "],\"versions\":[");
        for (const char *const *v = f->versions; v && *v; v++) {
            if (v != f->versions)
                ak_buf_putc(&list, ',');
            ak_buf_json_string(&list, *v, strlen(*v));
        }
        ak_buf_printf(&list, "],\"dump\":%s,\"target\":%s}", f->dump || f->dump_to ? "true" : "false",
                      f->from_model || f->undump ? "true" : "false");
    }
    ak_buf_putc(&list, ']');
    return list.failed ? "[]" : ak_buf_cstr(&list);
}

EXPORT("ak_wasm_version") const char *ak_wasm_version(void) { return AK_VERSION; }
