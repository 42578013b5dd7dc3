/* animkit: the command line. Uses nothing but the public API. */
#include "cli.h"

#include <errno.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

const char *shown(const char *s)
{
    static ak_buf ring[4];
    static unsigned next;
    ak_buf *b = &ring[next++ % 4];
    b->len = 0;
    ak_buf_put_escaped(b, s, strlen(s));
    return b->failed ? "?" : ak_buf_cstr(b);
}

void usage_error(const char *cmd, const char *fmt, const char *arg)
{
    fprintf(stderr, "%s%s%s: ", prog, cmd ? " " : "", cmd ? cmd : "");
    fprintf(stderr, fmt, shown(arg));
    fprintf(stderr, "\nTry '%s %s%s--help'.\n", prog, cmd ? cmd : "", cmd ? " " : "");
}

/* ------------------------------------------------------------------ */
/* help texts                                                          */

static const char main_help[] =
    "usage: animkit <command> [options] [arguments]\n"
    "\n"
    "Reads, strictly validates, dumps, re-emits and converts animation files.\n"
    "\n"
    "commands:\n"
    "  validate   check files against their format's rules\n"
    "  dump       print the decoded document as JSON\n"
    "  convert    convert between formats through the common model\n"
    "  sample     evaluate curves at given times\n"
    "  plot       draw curves as an SVG picture\n"
    "  report     conformance report over folders\n"
    "  formats    list the supported formats\n"
    "  rules      list the diagnostic rules\n"
    "  schema     print the JSON Schema of a JSON format, or of a format's dump\n"
    "  lsp        a language server for editors (LSP on standard input and output)\n"
    "\n"
    "options:\n"
    "  --version  print the version\n"
    "  --help     this text; 'animkit <command> --help' for a command\n"
    "\n"
    "exit status: 0 no errors, 1 errors found, 2 usage, I/O or internal failure\n";

static const char validate_help[] =
    "usage: animkit validate [options] FILE|DIR|- ...\n"
    "\n"
    "Checks each file against the rules of its format and reports every problem\n"
    "found (up to --max-errors). Directories are searched recursively for files\n"
    "of a supported format (by extension, or by content). '-' reads standard input.\n"
    "\n"
    "options:\n"
    "  --format ID             the format of every input (default: detect;\n"
    "                          'animkit formats' lists the ids)\n"
    "  --strict                the file must look as the real writer writes it:\n"
    "                          the rules' strict severities apply\n"
    "  --diagnostics STYLE     text (default), gcc, json, sarif or github\n"
    "  --max-errors N          stop checking a file after N errors (default 100)\n"
    "  --max-depth N           nesting limit for tree formats (default 512)\n"
    "  --max-output SIZE       decompressed size limit (default 1G); SIZE is bytes,\n"
    "                          or KiB, MiB, GiB with a K, M or G suffix\n"
    "  --max-memory SIZE       memory budget of each file (default 256M, at most\n"
    "                          half the physical memory: validation streams; a\n"
    "                          file that needs more stops with animkit.limit.memory\n"
    "                          and this option raises it; docs/memory.md)\n"
    "  --game mp1|mp2          Metroid Prime ANIM: the game the files are of (a v0\n"
    "                          file may fit both layouts; a contradiction is an error)\n"
    "  --layout                Glaxnimate: also compare the bytes with the canonical\n"
    "                          layout (glaxnimate.layout.noncanonical)\n"
    "  --format-option N[=V]   a setting of the input's format (repeatable): Prime\n"
    "                          ANIM's s32_totals, max_file_bytes, max_frames, ...\n"
    "  --color, --no-color     ANSI colours in the text style (default: if a tty)\n"
    "  --allow-empty           a directory with no file of a supported format is\n"
    "                          not a failure (default: exit status 2)\n"
    "  -q, --quiet             no summary line on standard error\n"
    "\n"
    "exit status: 0 no errors, 1 errors found, 2 usage or I/O failure, a file of a\n"
    "planned format (recognised, not supported yet), or a directory with nothing to check\n";

static const char formats_help[] =
    "usage: animkit formats\n"
    "\n"
    "Lists the supported formats: id, kind, extensions and name; then the planned\n"
    "ones, which are recognised (a file of such a format is reported, exit status 2)\n"
    "but not checked yet.\n";

static const char rules_help[] =
    "usage: animkit rules [--format ID] [--json]\n"
    "\n"
    "Lists every diagnostic rule with its code, its severity at the compatible\n"
    "(default) and strict levels, and its message.\n"
    "\n"
    "options:\n"
    "  --format ID   only the rules of one format ('animkit' for the tool's own)\n"
    "  --json        as a JSON array\n";

/* Adds a setting NAME or NAME=VALUE to opt->format_options
   ("name=value,..."): the format options the command line gave, kept for the
   process (one command per process). False after a usage error. */
static bool add_format_setting(const char *cmd, ak_options *opt, const char *setting)
{
    static char settings[1024];
    size_t used = strlen(settings), n = strlen(setting);
    if (!n || setting[0] == '=' || strchr(setting, ',') || used + n + 2 > sizeof settings) {
        usage_error(cmd, "--format-option takes NAME or NAME=VALUE (no commas; %s)", "repeat it for several");
        return false;
    }
    if (used)
        settings[used++] = ',';
    memcpy(settings + used, setting, n + 1);
    opt->format_options = settings;
    return true;
}

bool wants_help(int argc, char **argv)
{
    for (int i = 0; i < argc; i++) {
        if (strcmp(argv[i], "--") == 0)
            return false;
        if (strcmp(argv[i], "--help") == 0 || strcmp(argv[i], "-h") == 0)
            return true;
    }
    return false;
}

/* ------------------------------------------------------------------ */
/* option parsing                                                      */

/* Matches "--name VALUE" and "--name=VALUE". */
bool opt_value(int argc, char **argv, int *i, const char *name, const char **value)
{
    size_t n = strlen(name);
    const char *a = argv[*i];
    if (strncmp(a, name, n) != 0)
        return false;
    if (a[n] == '=') {
        *value = a + n + 1;
        return true;
    }
    if (a[n] != '\0')
        return false;
    if (*i + 1 >= argc) {
        *value = NULL;
        return true;
    }
    *value = argv[++*i];
    return true;
}

/* `--format ID` (or --from/--to ID): 0 when argv[*i] is not that option,
   1 when it was read into *format, -1 after a usage error. */
int format_option(const char *cmd, const char *name, int argc, char **argv, int *i, const ak_format **format)
{
    const char *v;
    if (!opt_value(argc, argv, i, name, &v))
        return 0;
    if (!v || !(*format = ak_format_find(v))) {
        usage_error(cmd, "unknown format '%s' (see 'animkit formats')", v ? v : "");
        return -1;
    }
    if ((*format)->planned) {
        usage_error(cmd, "the %s format is planned: this build cannot read or write it yet", v);
        return -1;
    }
    return 1;
}

/* The one input of dump, sample and plot: false after a usage error. */
bool single_input(const char *cmd, const char *arg, const char **input)
{
    if (*input) {
        usage_error(cmd, "more than one input ('%s')", arg);
        return false;
    }
    *input = arg;
    return true;
}

/* ------------------------------------------------------------------ */
/* validate                                                            */

typedef struct validate_run {
    const ak_format *format;
    ak_options opt;
    ak_diag_options level; /* --strict, --max-errors */
    ak_renderer *renderer;
    bool text_style;
    cli_tally tally;
    bool io_failure;
} validate_run;

static void validate_one(validate_run *run, const char *path)
{
    ak_file f;
    char why[256];
    if (!ak_file_open(&f, path, why, sizeof why)) {
        fprintf(stderr, "%s: %s: %s\n", prog, shown(path), why);
        ak_renderer_unreadable(run->renderer, path, why);
        run->io_failure = true;
        return;
    }
    ak_input in = ak_file_input(&f);
    if (!cli_validate_input(&in, run->format, &run->opt, &run->level, run->renderer, &run->tally)) {
        fprintf(stderr, "%s: out of memory\n", prog);
        run->io_failure = true;
    }
    ak_file_close(&f);
}

/* Should a file met while walking a directory be checked? By the extension
   of a supported or planned format, or else by content. */
static bool wanted_in_dir(const validate_run *run, const char *path)
{
    if (run->format)
        return ak_format_has_extension(run->format, path);
    if (ak_format_for_filename(path))
        return true;
    ak_file f;
    char why[256];
    if (!ak_file_open(&f, path, why, sizeof why))
        return false;
    const ak_format *fmt = ak_format_detect(f.data, f.size, NULL);
    ak_file_close(&f);
    return fmt != NULL;
}

typedef struct dir_walk {
    validate_run *run;
    dir_census *census;
} dir_walk;

/* ak_walk's visit: a file to check, or an entry that could not be read. */
static bool visit_in_dir(void *ctx, const char *path, int err)
{
    dir_walk *w = ctx;
    if (err) {
        /* a folder that cannot be opened is always said; a dangling link
           or a link loop only when its name says it is an animation file */
        struct stat st;
        bool dir = stat(path, &st) == 0 && S_ISDIR(st.st_mode);
        if (!dir)
            census_add(w->census, path);
        if (dir || ak_format_for_filename(path)) {
            fprintf(stderr, "%s: %s: %s\n", prog, shown(path), walk_error(path, err));
            ak_renderer_unreadable(w->run->renderer, path, walk_error(path, err));
            w->run->io_failure = true;
        }
        return true;
    }
    census_add(w->census, path);
    if (wanted_in_dir(w->run, path)) {
        w->census->checked++;
        validate_one(w->run, path);
    }
    return true;
}

/* A directory tree in sorted order, links followed, each folder once
   (ak_walk, the walker `report` uses too). */
static void validate_dir(validate_run *run, const char *root, dir_census *census)
{
    dir_walk w = {run, census};
    ak_walk(root, visit_in_dir, &w);
}

static int cmd_validate(int argc, char **argv)
{
    static const char *cmd = "validate";
    if (wants_help(argc, argv)) {
        fputs(validate_help, stdout);
        return EXIT_OK;
    }
    validate_run run;
    memset(&run, 0, sizeof run);
    ak_render_style style = AK_RENDER_TEXT;
    int color = -1;
    bool quiet = false, allow_empty = false;
    const char **inputs = calloc((size_t)argc + 1, sizeof *inputs);
    size_t ninputs = 0;
    bool only_files = false;
    if (!inputs)
        return EXIT_USAGE;
    for (int i = 0; i < argc; i++) {
        const char *a = argv[i], *v;
        uint64_t num;
        int got;
        if (only_files || a[0] != '-' || strcmp(a, "-") == 0) {
            inputs[ninputs++] = a;
        } else if (strcmp(a, "--") == 0) {
            only_files = true;
        } else if ((got = format_option(cmd, "--format", argc, argv, &i, &run.format)) != 0) {
            if (got < 0) {
                free(inputs);
                return EXIT_USAGE;
            }
        } else if (opt_value(argc, argv, &i, "--diagnostics", &v)) {
            if (!v || !ak_render_style_parse(v, &style)) {
                usage_error(cmd, "--diagnostics takes text, gcc, json, sarif or github%s", "");
                free(inputs);
                return EXIT_USAGE;
            }
        } else if (opt_value(argc, argv, &i, "--max-errors", &v)) {
            if (!v || !parse_u64(v, &num) || num == 0 || num > UINT32_MAX) {
                usage_error(cmd, "--max-errors takes a whole number from 1 to 4294967295%s", "");
                free(inputs);
                return EXIT_USAGE;
            }
            run.level.max_errors = (uint32_t)num;
        } else if (opt_value(argc, argv, &i, "--max-depth", &v)) {
            if (!v || !parse_u64(v, &num) || num == 0 || num > 1000000) {
                usage_error(cmd, "--max-depth takes a whole number from 1 to 1000000%s", "");
                free(inputs);
                return EXIT_USAGE;
            }
            run.opt.max_depth = (uint32_t)num;
        } else if (opt_value(argc, argv, &i, "--max-output", &v)) {
            if (!v || !parse_size(v, &num) || num == 0) {
                usage_error(cmd, "--max-output takes a size in bytes (a K, M or G suffix for KiB, MiB, GiB)%s", "");
                free(inputs);
                return EXIT_USAGE;
            }
            run.opt.max_output = num;
        } else if ((got = format_settings_option(cmd, argc, argv, &i, &run.opt)) != 0 ||
                   (got = memory_option(cmd, argc, argv, &i, &run.opt)) != 0) {
            if (got < 0) {
                free(inputs);
                return EXIT_USAGE;
            }
        } else if (strcmp(a, "--strict") == 0) {
            run.level.strict = true;
        } else if (strcmp(a, "--layout") == 0) {
            add_format_setting(cmd, &run.opt, "layout");
        } else if (strcmp(a, "--allow-empty") == 0) {
            allow_empty = true;
        } else if (strcmp(a, "--color") == 0) {
            color = 1;
        } else if (strcmp(a, "--no-color") == 0) {
            color = 0;
        } else if (strcmp(a, "-q") == 0 || strcmp(a, "--quiet") == 0) {
            quiet = true;
        } else {
            usage_error(cmd, "unknown option '%s'", a);
            free(inputs);
            return EXIT_USAGE;
        }
    }
    if (ninputs == 0) {
        usage_error(cmd, "no input given (a file, a directory or '-')%s", "");
        free(inputs);
        return EXIT_USAGE;
    }
    ak_render_options ropt = {color < 0 ? (bool)isatty(STDOUT_FILENO) && getenv("NO_COLOR") == NULL : color == 1};
    run.renderer = ak_renderer_new(style, stdout, &ropt);
    run.text_style = style == AK_RENDER_TEXT;
    bool empty_dir = false;
    for (size_t k = 0; k < ninputs; k++) {
        struct stat st;
        if (strcmp(inputs[k], "-") != 0 && stat(inputs[k], &st) == 0 && S_ISDIR(st.st_mode)) {
            dir_census census;
            memset(&census, 0, sizeof census);
            validate_dir(&run, inputs[k], &census);
            if (census.checked == 0) {
                report_empty_folder(cmd, inputs[k], &census, allow_empty);
                empty_dir |= !allow_empty;
            }
        } else {
            validate_one(&run, inputs[k]);
        }
    }
    ak_renderer_finish(run.renderer);
    free(inputs);
    cli_validate_summary(&run.tally, run.text_style, quiet, stderr);
    return cli_validate_status(&run.tally, run.io_failure || empty_dir);
}

/* ------------------------------------------------------------------ */
/* formats, rules                                                      */

static int cmd_formats(int argc, char **argv)
{
    if (wants_help(argc, argv)) {
        fputs(formats_help, stdout);
        return EXIT_OK;
    }
    if (argc > 0) {
        usage_error("formats", "unexpected argument '%s'", argv[0]);
        return EXIT_USAGE;
    }
    size_t supported = ak_format_count();
    for (size_t i = 0; i < supported + ak_format_planned_count(); i++) {
        const ak_format *f = i < supported ? ak_format_at(i) : ak_format_planned_at(i - supported);
        char exts[128] = "";
        size_t used = 0;
        for (const char *const *e = f->extensions; e && *e; e++)
            used += (size_t)snprintf(exts + used, used < sizeof exts ? sizeof exts - used : 0, "%s%s",
                                     used ? "," : "", *e);
        char versions[64] = "";
        used = 0;
        for (const char *const *v = f->versions; v && *v; v++)
            used += (size_t)snprintf(versions + used, used < sizeof versions ? sizeof versions - used : 0, "%s%s",
                                     used ? ", " : " (writes version ", *v);
        printf("%-12s %-7s %-16s %s%s%s\n", f->id, f->text ? "text" : "binary", exts[0] ? exts : "-", f->name,
               versions[0] ? strcat(versions, ")") : "", f->planned ? " (planned: recognised, not supported yet)" : "");
    }
    return EXIT_OK;
}

static void print_rule(const ak_rule *r, bool json, bool *first)
{
    if (json) {
        ak_buf b;
        ak_buf_init(&b);
        ak_buf_puts(&b, *first ? "\n  {\"code\":" : ",\n  {\"code\":");
        ak_buf_json_string(&b, r->code, strlen(r->code));
        ak_buf_printf(&b, ",\"compat\":\"%s\",\"strict\":\"%s\",\"message\":", ak_severity_name(r->compat),
                      ak_severity_name(r->strict));
        ak_buf_json_string(&b, r->message, strlen(r->message));
        ak_buf_puts(&b, ",\"rationale\":");
        if (r->rationale)
            ak_buf_json_string(&b, r->rationale, strlen(r->rationale));
        else
            ak_buf_puts(&b, "null");
        ak_buf_putc(&b, '}');
        fwrite(b.data, 1, b.len, stdout);
        ak_buf_free(&b);
    } else {
        printf("%-44s %-7s %-7s %s\n", r->code, ak_severity_name(r->compat), ak_severity_name(r->strict),
               r->message);
    }
    *first = false;
}

static int cmd_rules(int argc, char **argv)
{
    if (wants_help(argc, argv)) {
        fputs(rules_help, stdout);
        return EXIT_OK;
    }
    const char *only = NULL;
    bool json = false;
    for (int i = 0; i < argc; i++) {
        const char *v;
        if (opt_value(argc, argv, &i, "--format", &v)) {
            if (!v || (strcmp(v, "animkit") != 0 && !ak_format_find(v))) {
                usage_error("rules", "unknown format '%s' (see 'animkit formats')", v ? v : "");
                return EXIT_USAGE;
            }
            only = v;
        } else if (strcmp(argv[i], "--json") == 0) {
            json = true;
        } else {
            usage_error("rules", "unknown argument '%s'", argv[i]);
            return EXIT_USAGE;
        }
    }
    bool first = true;
    if (json)
        fputs("[", stdout);
    else
        printf("%-44s %-7s %-7s %s\n", "code", "compat", "strict", "message");
    if (!only || strcmp(only, "animkit") == 0) {
        size_t n;
        const ak_rule *const *tool_rules = ak_tool_rules(&n);
        for (size_t i = 0; i < n; i++)
            print_rule(tool_rules[i], json, &first);
    }
    for (size_t i = 0; i < ak_format_count(); i++) {
        const ak_format *f = ak_format_at(i);
        if (only && strcmp(only, f->id) != 0)
            continue;
        for (size_t k = 0; k < f->rule_count; k++)
            print_rule(&f->rules[k], json, &first);
    }
    if (json)
        fputs("\n]\n", stdout);
    return EXIT_OK;
}

/* A command with one input and an output file: the input is protected
   (cli_protect_input), and an output that is the input, under any name, is
   refused before any work is done. */
bool refuse_output_over_input(const char *cmd, const char *in, const char *out)
{
    char why[256];
    if (!cli_protect_input(in)) {
        fprintf(stderr, "%s %s: out of memory\n", prog, cmd);
        return true;
    }
    if (cli_output_allowed(out, why, sizeof why))
        return false;
    fprintf(stderr, "%s %s: %s: %s\n", prog, cmd, shown(out), why);
    return true;
}

/* Colours on standard error: when it is a terminal, unless NO_COLOR is set. */
bool stderr_color(void) { return isatty(STDERR_FILENO) && getenv("NO_COLOR") == NULL; }

/* ------------------------------------------------------------------ */
/* dump                                                                */

static const char dump_help[] =
    "usage: animkit dump [--format ID] [-o OUT] FILE|-\n"
    "\n"
    "Prints the decoded document as JSON, in file order, with the field names of\n"
    "the format's specification (snake_case). Problems go to standard error, in\n"
    "the text style; a file with errors is not dumped (exit 1).\n"
    "\n"
    "options:\n"
    "  --format ID   the input's format (default: detect)\n"
    "  --strict      apply the strict severities\n"
    "  --game mp1|mp2  Metroid Prime ANIM: the input's game\n"
    "  --max-memory SIZE  memory budget (default: half the physical memory, at\n"
    "                most 2G; K, M, G suffixes); past it: animkit.limit.memory\n"
    "  --format-option N[=V]  a setting of the input's format (repeatable)\n"
    "  -o OUT        write to OUT (atomically) instead of standard output\n";

/* The output of `dump -o OUT`: opened when the first bytes come, so that a
   file that is not dumped (it has errors) makes no temporary file. */
typedef struct dump_output {
    const char *path;
    bool opened;
    ak_output file;
} dump_output;

static bool dump_output_write(ak_sink *s, const void *data, size_t n)
{
    dump_output *o = s->ctx;
    if (!o->opened) {
        if (!cli_output_open(&o->file, o->path, s->why, sizeof s->why))
            return false;
        o->opened = true;
    }
    return ak_output_write(&o->file, data, n, s->why, sizeof s->why);
}

/* A sink into OUT through a temporary file made when the first bytes come. */
static void lazy_output_sink(dump_output *lazy, ak_sink *sink)
{
    ak_sink_output(sink, &lazy->file);
    sink->write = dump_output_write;
    sink->ctx = lazy;
}

/* What the lazy output took, read back (a conversion checks its output
   there): nothing when nothing came. */
static bool lazy_output_read_back(ak_sink *s, ak_input *in, char *why, size_t why_size)
{
    dump_output *o = s->ctx;
    if (!o->opened) {
        *in = (ak_input){o->path, NULL, 0, false};
        return true;
    }
    return ak_output_map(&o->file, in, why, why_size);
}

static void lazy_output_read_back_end(ak_sink *s, ak_input *in)
{
    (void)s;
    ak_output_unmap(in);
}

/* The command's status rc said: OUT is committed when it is EXIT_OK (made
   empty when nothing came), else what was written goes (no partial
   output); a write or a commit that failed is said, and is EXIT_USAGE. */
static int finish_lazy_output(dump_output *lazy, ak_sink *sink, int rc)
{
    if (rc == EXIT_OK) {
        if (!(lazy->opened || cli_output_open(&lazy->file, lazy->path, sink->why, sizeof sink->why)) ||
            !cli_output_commit(&lazy->file, sink->why, sizeof sink->why))
            rc = EXIT_USAGE;
    } else if (lazy->opened) {
        cli_output_abort(&lazy->file);
    }
    if (rc == EXIT_USAGE && sink->why[0])
        fprintf(stderr, "%s: %s: %s\n", prog, shown(lazy->path), sink->why);
    return rc;
}

static int cmd_dump(int argc, char **argv)
{
    if (wants_help(argc, argv)) {
        fputs(dump_help, stdout);
        return EXIT_OK;
    }
    const ak_format *format = NULL;
    const char *input = NULL, *output = NULL;
    ak_options opt = {0};
    ak_diag_options level = {0};
    for (int i = 0; i < argc; i++) {
        const char *v;
        int got;
        if (argv[i][0] != '-' || strcmp(argv[i], "-") == 0) {
            if (!single_input("dump", argv[i], &input))
                return EXIT_USAGE;
        } else if ((got = format_option("dump", "--format", argc, argv, &i, &format)) != 0) {
            if (got < 0)
                return EXIT_USAGE;
        } else if ((got = format_settings_option("dump", argc, argv, &i, &opt)) != 0 ||
                   (got = memory_option("dump", argc, argv, &i, &opt)) != 0) {
            if (got < 0)
                return EXIT_USAGE;
        } else if (opt_value(argc, argv, &i, "-o", &v)) {
            if (!v) {
                usage_error("dump", "-o needs a file name%s", "");
                return EXIT_USAGE;
            }
            output = v;
        } else if (strcmp(argv[i], "--strict") == 0) {
            level.strict = true;
        } else {
            usage_error("dump", "unknown option '%s'", argv[i]);
            return EXIT_USAGE;
        }
    }
    if (!input) {
        usage_error("dump", "no input given%s", "");
        return EXIT_USAGE;
    }
    if (output && refuse_output_over_input("dump", input, output))
        return EXIT_USAGE;
    ak_file f;
    char why[256];
    if (!ak_file_open(&f, input, why, sizeof why)) {
        fprintf(stderr, "%s: %s: %s\n", prog, shown(input), why);
        return EXIT_USAGE;
    }
    ak_input in = ak_file_input(&f);
    /* The JSON streams out as it is made, after the input was validated:
       to stdout, or to OUT through a temporary file that is renamed only
       once the whole dump is there (and made only when the dump begins). */
    dump_output lazy = {output, false, {0}};
    ak_sink sink;
    if (output)
        lazy_output_sink(&lazy, &sink);
    else
        ak_sink_file(&sink, stdout);
    int rc = cli_dump_input(&in, format, &opt, &level, &sink, stderr, stderr_color());
    if (output)
        rc = finish_lazy_output(&lazy, &sink, rc); /* no partial dump */
    else if (sink.written && fflush(stdout) != 0)
        rc = EXIT_USAGE; /* finish_stdout says why */
    ak_file_close(&f);
    return rc;
}

/* ------------------------------------------------------------------ */
/* convert                                                             */

static const char convert_help[] =
    "usage: animkit convert [--from ID] [--to ID] [--verify] [--strict] [--precision N]\n"
    "                       [--compress none|lz4|lzma] [--max-memory SIZE]\n"
    "                       [--format-version V] IN OUT\n"
    "\n"
    "Converts IN into OUT through the common model, or, when IN is the JSON dump\n"
    "of a file ('animkit dump'), builds that file back from it. OUT is written\n"
    "atomically: a failed conversion never leaves a partial file and never\n"
    "touches IN. What the output format cannot hold is reported as warnings.\n"
    "\n"
    "options:\n"
    "  --from ID   the input's format (default: detect)\n"
    "  --to ID     the output's format (default: from OUT's extension)\n"
    "  --verify    decode the output again and compare every track with the\n"
    "              input's of the same target (docs/model.md): the largest\n"
    "              deviation, how many were compared, and why the others\n"
    "              were not; exit status 1 when none could be (the output is\n"
    "              always checked by its format's validator first: a\n"
    "              conversion never writes a file the validator rejects)\n"
    "  --strict    apply the strict severities (to the input, and to the output,\n"
    "              which must then be strict-valid)\n"
    "  --precision N  significant digits of a text output (1..17; default: the\n"
    "              format's own, e.g. Maya's 8 or the input's)\n"
    "  --compress none|lz4|lzma  compression of a binary output that has it\n"
    "              (AnimX; default: what the format's canonical writer does;\n"
    "              from a JSON dump: the dump's encoding)\n"
    "  --max-memory SIZE  memory budget (default: half the physical memory, at\n"
    "              most 2G; K, M, G suffixes); past it: animkit.limit.memory\n"
    "              (--max-model, its old name, is deprecated)\n"
    "  --game mp1|mp2     Metroid Prime ANIM: the input's game\n"
    "  --legacy           Glaxnimate: read format versions 1 and 2 (which validate\n"
    "              refuses) and upgrade them (default: to version 9)\n"
    "  --format-option N[=V]  a setting of the input's (or output's) format (repeatable)\n"
    "  --format-version V the version of the output format to write (default: a\n"
    "              same-format conversion keeps the input's, any other writes\n"
    "              the format's default; 'animkit formats' lists them)\n";



/* --max-memory SIZE (every command that decodes); --max-model, its name
   in 0.1, still works for one release. */
int memory_option(const char *cmd, int argc, char **argv, int *i, ak_options *opt)
{
    const char *v;
    bool old = false;
    if (!opt_value(argc, argv, i, "--max-memory", &v)) {
        if (!opt_value(argc, argv, i, "--max-model", &v))
            return 0;
        old = true;
    }
    uint64_t num;
    if (!v || !parse_size(v, &num) || num == 0) {
        usage_error(cmd, "%s takes a size in bytes (a K, M or G suffix for KiB, MiB, GiB)",
                    old ? "--max-model" : "--max-memory");
        return -1;
    }
    if (old)
        fprintf(stderr, "%s %s: --max-model is deprecated and goes in the next release: use --max-memory\n", prog,
                cmd);
    opt->max_memory = num;
    return 1;
}

/* --game mp1|mp2 (Metroid Prime ANIM: the caller's game, spec §1.2, the
   format option game=) and --format-option NAME[=VALUE] (repeatable): 1
   when taken, -1 on a usage error, 0 when argv[*i] is another option. */
int format_settings_option(const char *cmd, int argc, char **argv, int *i, ak_options *opt)
{
    const char *v;
    if (opt_value(argc, argv, i, "--game", &v)) {
        if (!v || (strcmp(v, "mp1") != 0 && strcmp(v, "mp2") != 0)) {
            usage_error(cmd, "--game takes mp1 (Metroid Prime) or mp2 (Echoes)%s", "");
            return -1;
        }
        if (!add_format_setting(cmd, opt, strcmp(v, "mp1") == 0 ? "game=mp1" : "game=mp2"))
            return -1;
    } else if (opt_value(argc, argv, i, "--format-option", &v)) {
        if (!v || !add_format_setting(cmd, opt, v)) {
            if (!v)
                usage_error(cmd, "--format-option takes NAME or NAME=VALUE%s", "");
            return -1;
        }
    } else {
        return 0;
    }
    return 1;
}

static int cmd_convert(int argc, char **argv)
{
    if (wants_help(argc, argv)) {
        fputs(convert_help, stdout);
        return EXIT_OK;
    }
    const ak_format *from = NULL, *to = NULL;
    const char *paths[2] = {NULL, NULL};
    int npaths = 0;
    ak_options opt = {0};
    ak_diag_options level = {0};
    for (int i = 0; i < argc; i++) {
        const char *v;
        int got;
        if (argv[i][0] != '-' || strcmp(argv[i], "-") == 0) {
            if (npaths == 2) {
                usage_error("convert", "unexpected argument '%s'", argv[i]);
                return EXIT_USAGE;
            }
            paths[npaths++] = argv[i];
        } else if ((got = format_option("convert", "--from", argc, argv, &i, &from)) != 0 ||
                   (got = format_option("convert", "--to", argc, argv, &i, &to)) != 0) {
            if (got < 0)
                return EXIT_USAGE;
        } else if (opt_value(argc, argv, &i, "--precision", &v)) {
            uint64_t p;
            if (!v || !parse_u64(v, &p) || p < 1 || p > 17) {
                usage_error("convert", "--precision takes a number of digits from 1 to 17%s", "");
                return EXIT_USAGE;
            }
            opt.precision = (int)p;
        } else if (opt_value(argc, argv, &i, "--compress", &v)) {
            static const char *const names[] = {"none", "lz4", "lzma"};
            opt.compress = AK_COMPRESS_DEFAULT;
            for (int k = 0; v && k < 3; k++)
                if (strcmp(v, names[k]) == 0)
                    opt.compress = AK_COMPRESS_NONE + k;
            if (opt.compress == AK_COMPRESS_DEFAULT) {
                usage_error("convert", "--compress takes none, lz4 or lzma%s", "");
                return EXIT_USAGE;
            }
        } else if ((got = memory_option("convert", argc, argv, &i, &opt)) != 0) {
            if (got < 0)
                return EXIT_USAGE;
        } else if ((got = format_settings_option("convert", argc, argv, &i, &opt)) != 0) {
            if (got < 0)
                return EXIT_USAGE;
        } else if (opt_value(argc, argv, &i, "--format-version", &v)) {
            if (!v || !*v) {
                usage_error("convert", "--format-version needs a version (e.g. 1.1)%s", "");
                return EXIT_USAGE;
            }
            opt.format_version = v;
        } else if (strcmp(argv[i], "--verify") == 0) {
            opt.verify = true;
        } else if (strcmp(argv[i], "--legacy") == 0) {
            add_format_setting("convert", &opt, "legacy");
        } else if (strcmp(argv[i], "--strict") == 0) {
            level.strict = true;
        } else {
            usage_error("convert", "unknown option '%s'", argv[i]);
            return EXIT_USAGE;
        }
    }
    if (npaths != 2) {
        usage_error("convert", "needs an input and an output%s", "");
        return EXIT_USAGE;
    }
    if (!to) {
        /* the input is looked at (not standard input, read once) when
           OUT's extension is shared by two formats */
        ak_file probe;
        char probe_why[256];
        bool probed = !from && ak_format_for_filename(paths[1]) && strcmp(paths[0], "-") != 0 &&
                      ak_file_open(&probe, paths[0], probe_why, sizeof probe_why);
        ak_input probe_in = probed ? ak_file_input(&probe) : (ak_input){0};
        to = cli_convert_target(from, probed ? &probe_in : NULL, paths[1]);
        if (probed)
            ak_file_close(&probe);
    }
    if (!to) {
        usage_error("convert", "cannot tell the output format from '%s': use --to", paths[1]);
        return EXIT_USAGE;
    }
    if (cli_convert_check_target(to, stderr) != EXIT_OK)
        return EXIT_USAGE;
    if (refuse_output_over_input("convert", paths[0], paths[1]))
        return EXIT_USAGE;
    cli_convert_warn_extension(to, paths[1], stderr);
    ak_file f;
    char why[256];
    if (!ak_file_open(&f, paths[0], why, sizeof why)) {
        fprintf(stderr, "%s: %s: %s\n", prog, shown(paths[0]), why);
        return EXIT_USAGE;
    }
    ak_input in = ak_file_input(&f);
    struct stat st;
    int rc;
    if (!opt.verify && strcmp(paths[1], "-") != 0 && (stat(paths[1], &st) != 0 || S_ISREG(st.st_mode))) {
        /* a file (made or replaced through a temporary one, renamed only
           once the whole output is there): the output goes as it is made,
           and a re-emission, or an output whose format encodes as it goes
           (ak_format.from_model_to), is never held whole (ak_convert_to) */
        dump_output lazy = {paths[1], false, {0}};
        ak_sink sink;
        lazy_output_sink(&lazy, &sink);
        /* a regular file: a temporary one until the output is checked */
        sink.read_back = lazy_output_read_back;
        sink.read_back_end = lazy_output_read_back_end;
        rc = finish_lazy_output(&lazy, &sink, cli_convert_stream(&in, from, to, &opt, &level, &sink, stderr,
                                                                 stderr_color()));
        ak_file_close(&f);
        return rc;
    }
    /* --verify reads the output again; standard output, a device or a FIFO
       is written once the whole output is there */
    ak_buf out;
    ak_buf_init(&out);
    rc = cli_convert_input(&in, from, to, &opt, &level, paths[1], &out, stderr, stderr_color());
    if (rc == EXIT_OK && !cli_write_file_atomic(paths[1], out.data, out.len, why, sizeof why)) {
        fprintf(stderr, "%s: %s: %s\n", prog, shown(paths[1]), why);
        rc = EXIT_USAGE;
    }
    ak_buf_free(&out);
    ak_file_close(&f);
    return rc;
}

/* ------------------------------------------------------------------ */
/* sample                                                              */

static const char sample_help[] =
    "usage: animkit sample [--format ID] --track N --times A:B:STEP [--max-memory SIZE] FILE|-\n"
    "       animkit sample --list FILE|-\n"
    "\n"
    "Evaluates track N (counted from 0 in file order) at times A, A+STEP, ... up\n"
    "to B, and prints one line per time: the time, then the value's components,\n"
    "tab-separated.\n"
    "\n"
    "options:\n"
    "  --format ID        the input's format (default: detect)\n"
    "  --track N          the track (default 0)\n"
    "  --times A:B:STEP   the times, in seconds (STEP > 0; at most 10000000 samples)\n"
    "  --list             list the tracks: index, target, value type, kind, key\n"
    "                     count, time range, unit\n"
    "  --game mp1|mp2     Metroid Prime ANIM: the input's game\n"
    "  --format-option N[=V]  a setting of the input's format (repeatable)\n"
    "  --max-memory SIZE  memory budget (default: half the physical memory, at\n"
    "                     most 2G; K, M, G suffixes); past it: animkit.limit.memory\n"
    "                     (--max-model, its old name, is deprecated)\n";



static int cmd_sample(int argc, char **argv)
{
    if (wants_help(argc, argv)) {
        fputs(sample_help, stdout);
        return EXIT_OK;
    }
    const ak_format *format = NULL;
    const char *input = NULL;
    uint64_t track = 0;
    double t0 = 0, t1 = 0, step = 0;
    bool have_times = false, list = false;
    ak_options opt = {0};
    for (int i = 0; i < argc; i++) {
        const char *v;
        int got;
        if (argv[i][0] != '-' || strcmp(argv[i], "-") == 0) {
            if (!single_input("sample", argv[i], &input))
                return EXIT_USAGE;
        } else if ((got = format_option("sample", "--format", argc, argv, &i, &format)) != 0) {
            if (got < 0)
                return EXIT_USAGE;
        } else if (opt_value(argc, argv, &i, "--track", &v)) {
            if (!v || !parse_u64(v, &track)) {
                usage_error("sample", "--track takes a track number from 0%s", "");
                return EXIT_USAGE;
            }
        } else if (opt_value(argc, argv, &i, "--times", &v)) {
            if (!v || !parse_times(v, &t0, &t1, &step)) {
                usage_error("sample", "--times takes A:B:STEP with A <= B, STEP > 0 and at most 10000000 samples%s",
                            "");
                return EXIT_USAGE;
            }
            have_times = true;
        } else if ((got = memory_option("sample", argc, argv, &i, &opt)) != 0) {
            if (got < 0)
                return EXIT_USAGE;
        } else if ((got = format_settings_option("sample", argc, argv, &i, &opt)) != 0) {
            if (got < 0)
                return EXIT_USAGE;
        } else if (strcmp(argv[i], "--list") == 0) {
            list = true;
        } else {
            usage_error("sample", "unknown option '%s'", argv[i]);
            return EXIT_USAGE;
        }
    }
    if (input && list)
        return list_tracks(input, format, &opt);
    if (!input || !have_times) {
        usage_error("sample", "needs a file and --times A:B:STEP (or --list)%s", "");
        return EXIT_USAGE;
    }
    ak_file f;
    char why[256];
    if (!ak_file_open(&f, input, why, sizeof why)) {
        fprintf(stderr, "%s: %s: %s\n", prog, shown(input), why);
        return EXIT_USAGE;
    }
    ak_input in = ak_file_input(&f);
    ak_buf out;
    ak_buf_init(&out);
    int rc = cli_sample_input(&in, format, &opt, (size_t)track, t0, t1, step, &out, stderr, stderr_color());
    if (rc == EXIT_OK && (fwrite(out.data, 1, out.len, stdout) != out.len || fflush(stdout) != 0))
        rc = EXIT_USAGE;
    ak_buf_free(&out);
    ak_file_close(&f);
    return rc;
}

/* ------------------------------------------------------------------ */
/* schema                                                              */

static const char schema_help[] =
    "usage: animkit schema --format ID [--dump]\n"
    "\n"
    "Prints the JSON Schema (draft 2020-12) of a JSON format, generated from the\n"
    "same declaration as its validator, for editors and other tools. The schema\n"
    "says the shape; animkit validate checks everything else too.\n"
    "\n"
    "options:\n"
    "  --format ID   the format\n"
    "  --dump        the JSON Schema of what `animkit dump` writes for the format\n"
    "                (every format has one)\n";

static int cmd_schema(int argc, char **argv)
{
    if (wants_help(argc, argv)) {
        fputs(schema_help, stdout);
        return EXIT_OK;
    }
    const ak_format *format = NULL;
    bool dump = false;
    for (int i = 0; i < argc; i++) {
        if (strcmp(argv[i], "--dump") == 0) {
            dump = true;
            continue;
        }
        int got = format_option("schema", "--format", argc, argv, &i, &format);
        if (got < 0)
            return EXIT_USAGE;
        if (got == 0) {
            usage_error("schema", "unknown argument '%s'", argv[i]);
            return EXIT_USAGE;
        }
    }
    if (!format) {
        usage_error("schema", "needs --format ID%s", "");
        return EXIT_USAGE;
    }
    const char *schema = dump ? format->dump_schema : format->json_schema;
    if (!schema) {
        if (dump)
            fprintf(stderr, "%s schema: the %s format has no dump\n", prog, format->id);
        else
            fprintf(stderr, "%s schema: the %s format has no JSON Schema (only JSON formats have one; "
                    "--dump gives the schema of its dump)\n", prog, format->id);
        return EXIT_USAGE;
    }
    fputs(schema, stdout);
    return fflush(stdout) == 0 ? EXIT_OK : EXIT_USAGE;
}

/* Standard output is flushed and checked once, for every command: a full
   disk or a closed pipe is a failure (exit 2), not a silent truncation. */
static int finish_stdout(int rc)
{
    if (fflush(stdout) != 0 || ferror(stdout)) {
        int e = errno;
        fprintf(stderr, "%s: standard output: %s\n", prog, e ? strerror(e) : "write error");
        return EXIT_USAGE;
    }
    return rc;
}

static int run_command(int argc, char **argv);

int main(int argc, char **argv)
{
    /* a closed pipe is a write error (EPIPE) that finish_stdout reports */
    signal(SIGPIPE, SIG_IGN);
    return finish_stdout(run_command(argc, argv));
}

static int run_command(int argc, char **argv)
{
    if (argc < 2) {
        fputs(main_help, stderr);
        return EXIT_USAGE;
    }
    const char *cmd = argv[1];
    if (strcmp(cmd, "--help") == 0 || strcmp(cmd, "-h") == 0 || strcmp(cmd, "help") == 0) {
        fputs(main_help, stdout);
        return EXIT_OK;
    }
    if (strcmp(cmd, "--version") == 0 || strcmp(cmd, "version") == 0) {
        printf("animkit %s\n", AK_VERSION);
        return EXIT_OK;
    }
    int sub_argc = argc - 2;
    char **sub_argv = argv + 2;
    if (strcmp(cmd, "validate") == 0)
        return cmd_validate(sub_argc, sub_argv);
    if (strcmp(cmd, "formats") == 0)
        return cmd_formats(sub_argc, sub_argv);
    if (strcmp(cmd, "rules") == 0)
        return cmd_rules(sub_argc, sub_argv);
    if (strcmp(cmd, "dump") == 0)
        return cmd_dump(sub_argc, sub_argv);
    if (strcmp(cmd, "convert") == 0)
        return cmd_convert(sub_argc, sub_argv);
    if (strcmp(cmd, "sample") == 0)
        return cmd_sample(sub_argc, sub_argv);
    if (strcmp(cmd, "schema") == 0)
        return cmd_schema(sub_argc, sub_argv);
    if (strcmp(cmd, "plot") == 0)
        return cmd_plot(sub_argc, sub_argv);
    if (strcmp(cmd, "report") == 0)
        return cmd_report(sub_argc, sub_argv);
    if (strcmp(cmd, "lsp") == 0)
        return cmd_lsp(sub_argc, sub_argv);
    usage_error(NULL, "unknown command '%s'", cmd);
    return EXIT_USAGE;
}
