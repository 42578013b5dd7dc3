/* animkit plot: tracks as an SVG picture; and --list (plot and sample). */
#include "cli.h"

#include <stdlib.h>
#include <string.h>
#include <strings.h>

static const char plot_help[] =
    "usage: animkit plot [options] FILE|- -o OUT.svg\n"
    "       animkit plot --list FILE|-\n"
    "\n"
    "Evaluates tracks as 'animkit sample' does and draws them as an SVG picture:\n"
    "time and value axes with ticks (and the values' unit where the format has\n"
    "one), one colour per component, keys marked, a legend with the targets.\n"
    "\n"
    "options:\n"
    "  --track N         draw track N (from 0, file order); repeatable\n"
    "  --target NAME     draw the tracks whose target is NAME (node.property),\n"
    "                    or all tracks of the node NAME; repeatable\n"
    "                    (default: the first 4 tracks that have numbers)\n"
    "  --from T, --to T  the time range in seconds (default: the keys' range)\n"
    "  --handles         draw the tangent handles of curve keys\n"
    "  --euler           quaternion tracks as Euler angles (x-y-z, degrees)\n"
    "                    instead of their four components\n"
    "  --list            list the tracks: index, target, value type, kind,\n"
    "                    key count, time range, unit\n"
    "  --format ID       the input's format (default: detect)\n"
    "  --game mp1|mp2    Metroid Prime ANIM: the input's game\n"
    "  --format-option N[=V]  a setting of the input's format (repeatable)\n"
    "  --max-memory SIZE memory budget (default: half the physical memory, at\n"
    "                    most 2G; K, M, G suffixes); past it: animkit.limit.memory\n"
    "                    (--max-model, its old name, is deprecated)\n"
    "  -o OUT            the SVG file (written atomically; '-': standard output);\n"
    "                    a name with an extension other than .svg is refused\n";

int list_tracks(const char *input, const ak_format *format, const ak_options *opt)
{
    ak_file f;
    char why[256];
    if (!ak_file_open(&f, input, why, sizeof why)) {
        fprintf(stderr, "%s: %s: %s\n", prog, shown(input), why);
        return EXIT_USAGE;
    }
    ak_input in = ak_file_input(&f);
    ak_buf out;
    ak_buf_init(&out);
    int rc = cli_list_tracks_input(&in, format, opt, &out, stderr, stderr_color());
    if (rc == EXIT_OK && (fwrite(out.data, 1, out.len, stdout) != out.len || fflush(stdout) != 0))
        rc = EXIT_USAGE;
    ak_buf_free(&out);
    ak_file_close(&f);
    return rc;
}

/* Can the picture be written under this name? An extension, if the name
   has one, is .svg: a picture in a .png (or in an .anim) misleads whatever
   opens it by its name. "-", devices and names without a dot are fine. */
static bool svg_name(const char *path)
{
    const char *base = strrchr(path, '/');
    const char *dot = strrchr(base ? base + 1 : path, '.');
    return !dot || dot == (base ? base + 1 : path) || strcasecmp(dot, ".svg") == 0;
}

/* A time given to --from or --to. */
static bool time_option(int argc, char **argv, int *i, const char *name, bool *has, double *t, int *rc)
{
    const char *v;
    if (!opt_value(argc, argv, i, name, &v))
        return false;
    if (!v || !parse_double(v, v + strlen(v), t)) {
        usage_error("plot", "%s takes a time in seconds", name);
        *rc = EXIT_USAGE;
    }
    *has = true;
    return true;
}

int cmd_plot(int argc, char **argv)
{
    if (wants_help(argc, argv)) {
        fputs(plot_help, stdout);
        return EXIT_OK;
    }
    const ak_format *format = NULL;
    const char *input = NULL, *output = NULL;
    bool list = false;
    ak_options opt = {0};
    ak_plot_options popt = {0};
    size_t *tracks = calloc((size_t)argc + 1, sizeof *tracks);
    const char **targets = calloc((size_t)argc + 1, sizeof *targets);
    int rc = tracks && targets ? EXIT_OK : EXIT_USAGE;
    for (int i = 0; i < argc && rc == EXIT_OK; i++) {
        const char *v;
        int got;
        uint64_t n;
        if (argv[i][0] != '-' || strcmp(argv[i], "-") == 0) {
            if (!single_input("plot", argv[i], &input))
                rc = EXIT_USAGE;
        } else if ((got = format_option("plot", "--format", argc, argv, &i, &format)) != 0 ||
                   (got = memory_option("plot", argc, argv, &i, &opt)) != 0 ||
                   (got = format_settings_option("plot", argc, argv, &i, &opt)) != 0) {
            if (got < 0)
                rc = EXIT_USAGE;
        } else if (opt_value(argc, argv, &i, "--track", &v)) {
            if (!v || !parse_u64(v, &n) || n > SIZE_MAX) {
                usage_error("plot", "--track takes a track number from 0%s", "");
                rc = EXIT_USAGE;
            } else {
                tracks[popt.track_count++] = (size_t)n;
            }
        } else if (opt_value(argc, argv, &i, "--target", &v)) {
            if (!v || !*v) {
                usage_error("plot", "--target takes a target name (see --list)%s", "");
                rc = EXIT_USAGE;
            } else {
                targets[popt.target_count++] = v;
            }
        } else if (time_option(argc, argv, &i, "--from", &popt.has_from, &popt.from, &rc) ||
                   time_option(argc, argv, &i, "--to", &popt.has_to, &popt.to, &rc)) {
        } else if (opt_value(argc, argv, &i, "-o", &v)) {
            if (!v || !*v) {
                usage_error("plot", "-o needs a file name%s", "");
                rc = EXIT_USAGE;
            }
            output = v;
        } else if (strcmp(argv[i], "--handles") == 0) {
            popt.handles = true;
        } else if (strcmp(argv[i], "--euler") == 0) {
            popt.euler = true;
        } else if (strcmp(argv[i], "--list") == 0) {
            list = true;
        } else {
            usage_error("plot", "unknown option '%s'", argv[i]);
            rc = EXIT_USAGE;
        }
    }
    if (rc == EXIT_OK && (!input || (!output && !list))) {
        usage_error("plot", "needs a file and -o OUT.svg (or --list)%s", "");
        rc = EXIT_USAGE;
    }
    if (rc == EXIT_OK && output && !list && !svg_name(output)) {
        usage_error("plot", "plot writes SVG: '%s' is named like another kind of file (use .svg, or '-')", output);
        rc = EXIT_USAGE;
    }
    if (rc == EXIT_OK && popt.has_from && popt.has_to && !(popt.to > popt.from)) {
        usage_error("plot", "--to must be after --from%s", "");
        rc = EXIT_USAGE;
    }
    if (rc != EXIT_OK || list) {
        free(tracks);
        free(targets);
        return rc == EXIT_OK ? list_tracks(input, format, &opt) : rc;
    }
    if (refuse_output_over_input("plot", input, output)) {
        free(tracks);
        free(targets);
        return EXIT_USAGE;
    }
    popt.tracks = tracks;
    popt.targets = targets;
    popt.title = input;
    ak_file f;
    char why[256];
    if (!ak_file_open(&f, input, why, sizeof why)) {
        fprintf(stderr, "%s: %s: %s\n", prog, shown(input), why);
        free(tracks);
        free(targets);
        return EXIT_USAGE;
    }
    ak_input in = ak_file_input(&f);
    ak_buf svg;
    ak_buf_init(&svg);
    rc = cli_plot_input(&in, format, &opt, &popt, &svg, stderr, stderr_color());
    if (rc == EXIT_OK && !cli_write_file_atomic(output, svg.data, svg.len, why, sizeof why)) {
        fprintf(stderr, "%s: %s: %s\n", prog, shown(output), why);
        rc = EXIT_USAGE;
    }
    ak_buf_free(&svg);
    ak_file_close(&f);
    free(tracks);
    free(targets);
    return rc;
}
