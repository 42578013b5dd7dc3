/* The HTML report: one self-contained page (inline style, no scripts, no
 * fonts or images from elsewhere; a Content-Security-Policy says so to the
 * browser) that stays usable over hundreds of thousands of files. What a
 * reader looks for first is open: the totals, the rule x format matrix and
 * the files with errors, each with its diagnostics (at most HTML_DIAGS per
 * file). The rest is folded (<details>, which the browser does not lay out
 * until it is opened): passing files with warnings or a thumbnail, and the
 * table of every file. Every list has a cap, so that the page's size does
 * not follow the folder's; what a cap leaves out is counted on the page and
 * is in the JSON report. Thumbnails: the first REPORT_PLOTS files that have
 * one (report_add).
 *
 * Spools: 0 the rows of the files with errors, 1 their sections, 2 the
 * sections of the other files, 3 the rows of every file. */
#include "report.h"

#include <stdlib.h>
#include <string.h>

/* The caps, per page. */
enum {
    HTML_DIAGS = 20,             /* diagnostics shown per file */
    HTML_FAILING_ROWS = 20000,   /* rows of files with errors */
    HTML_FAILING_DETAILS = 2000, /* sections of files with errors */
    HTML_OTHER_DETAILS = 500,    /* sections of passing files (warnings, a thumbnail) */
    HTML_ALL_ROWS = 20000,       /* rows of the table of every file */
};

typedef struct html_state {
    size_t failing_rows, failing_details, other_details, all_rows;
    size_t failing, other; /* files that would have had a row, a section */
} html_state;

static html_state *state(report *r)
{
    void **st = report_writer_state(r);
    if (!*st)
        *st = calloc(1, sizeof(html_state));
    return *st;
}

static void html(ak_buf *b, const char *s) { ak_buf_xml_text(b, s, strlen(s)); }

static const char style[] =
    "body{font:14px/1.45 system-ui,-apple-system,'Segoe UI',sans-serif;color:#222;margin:0 auto;max-width:1100px;"
    "padding:16px 24px}\n"
    "h1{font-size:22px;margin:8px 0}h2{font-size:18px;margin:28px 0 8px;border-bottom:1px solid #ddd}"
    "h3{font-size:14px;margin:0 0 4px}\n"
    "code{font:12px/1.3 ui-monospace,'DejaVu Sans Mono',monospace;word-break:break-all}\n"
    "table{border-collapse:collapse;margin:8px 0}th,td{border:1px solid #ddd;padding:3px 8px;text-align:left;"
    "vertical-align:top}th{background:#f4f4f4}td.n{text-align:right;font-variant-numeric:tabular-nums}\n"
    ".cards{display:flex;flex-wrap:wrap;gap:8px}.card{border:1px solid #ddd;border-radius:6px;padding:8px 14px;"
    "min-width:90px}.card b{display:block;font-size:22px}\n"
    ".valid{color:#1a7f37}.invalid,.unreadable{color:#cf222e}.warning{color:#9a6700}.note{color:#0969da}"
    ".error{color:#cf222e}\n"
    "article{border:1px solid #ddd;border-radius:6px;padding:10px 14px;margin:10px 0}"
    "article .meta{color:#555;margin:0 0 6px}\n"
    "ul.diags{margin:6px 0 0;padding-left:18px}ul.diags li{margin:2px 0}.loc{color:#555}\n"
    "svg.ak-plot{display:block;max-width:100%;height:auto}\n"
    ".more{color:#555;font-style:italic}summary{cursor:pointer;font-size:16px;margin:20px 0 8px}\n";

static void verdict_span(ak_buf *b, const char *verdict)
{
    ak_buf_printf(b, "<span class=\"%s\">%s</span>", verdict, verdict);
}

static void file_row(ak_buf *b, report *r, const report_file *f, bool linked)
{
    ak_buf_puts(b, "<tr><td>");
    if (linked)
        ak_buf_printf(b, "<a href=\"#f%zu\">", f->index);
    ak_buf_puts(b, "<code>");
    html(b, f->path);
    ak_buf_puts(b, linked ? "</code></a>" : "</code>");
    ak_buf_printf(b, "</td><td>%s</td><td>", report_format_id(f->format));
    html(b, f->version ? f->version : "-");
    if (f->unreadable)
        ak_buf_puts(b, "</td><td class=\"n\">-</td><td>");
    else
        ak_buf_printf(b, "</td><td class=\"n\">%llu</td><td>", (unsigned long long)f->size);
    verdict_span(b, report_verdict(r, f));
    ak_buf_printf(b, "</td><td class=\"n\">%zu</td><td class=\"n\">%zu</td></tr>\n", f->errors, f->warnings);
}

static void file_section(ak_buf *b, report *r, const report_file *f)
{
    ak_buf_printf(b, "<article id=\"f%zu\"><h3><code>", f->index);
    html(b, f->path);
    ak_buf_puts(b, "</code> ");
    verdict_span(b, report_verdict(r, f));
    ak_buf_printf(b, "</h3>\n<p class=\"meta\">%s", f->format ? f->format->name : "no recognised format");
    if (f->version) {
        ak_buf_puts(b, ", version ");
        html(b, f->version);
    }
    if (!f->unreadable)
        ak_buf_printf(b, ", %llu bytes", (unsigned long long)f->size);
    ak_buf_printf(b, "; %zu error%s, %zu warning%s</p>\n", f->errors, f->errors == 1 ? "" : "s", f->warnings,
                  f->warnings == 1 ? "" : "s");
    if (f->svg)
        ak_buf_puts(b, f->svg);
    size_t count = ak_diags_count(f->d), shown = count < HTML_DIAGS ? count : HTML_DIAGS;
    if (count) {
        ak_buf_puts(b, "<ul class=\"diags\">\n");
        for (size_t i = 0; i < shown; i++) {
            const ak_diag *g = ak_diags_at(f->d, i);
            const char *sev = ak_severity_name(g->severity);
            ak_buf_printf(b, "<li><span class=\"%s\">%s</span> <span class=\"loc\">", sev, sev);
            report_location(b, g);
            ak_buf_puts(b, "</span> ");
            html(b, g->message);
            ak_buf_puts(b, " <code>");
            html(b, g->rule->code);
            ak_buf_puts(b, "</code>");
            if (g->path[0]) {
                ak_buf_puts(b, " <span class=\"loc\">at <code>");
                html(b, g->path);
                ak_buf_puts(b, "</code></span>");
            }
            ak_buf_puts(b, "</li>\n");
        }
        if (count > shown)
            ak_buf_printf(b, "<li class=\"more\">%zu more diagnostics (every one is in the JSON report and in "
                             "<code>animkit validate</code>)</li>\n", count - shown);
        if (f->unshown)
            ak_buf_printf(b, "<li><span class=\"note\">note</span> %zu more warnings and notes not shown (counted "
                              "above) <code>%s</code></li>\n", f->unshown, ak_rule_limit_unshown.code);
        ak_buf_puts(b, "</ul>\n");
    }
    ak_buf_puts(b, "</article>\n");
}

static void html_file(report *r, const report_file *f)
{
    html_state *st = state(r);
    if (!st)
        return;
    bool failing = f->unreadable || f->invalid[report_strict(r)];
    bool details = f->svg || ak_diags_count(f->d);
    ak_buf b;
    ak_buf_init(&b);
    /* its section, if it has one and the page has room */
    bool section = false;
    if (details && failing && st->failing_details < HTML_FAILING_DETAILS) {
        st->failing_details++;
        file_section(&b, r, f);
        report_spool(r, 1, &b);
        section = true;
    } else if (details && !failing && st->other_details < HTML_OTHER_DETAILS) {
        st->other_details++;
        file_section(&b, r, f);
        report_spool(r, 2, &b);
        section = true;
    }
    st->other += details && !failing;
    if (failing && st->failing_rows < HTML_FAILING_ROWS) {
        st->failing_rows++;
        b.len = 0;
        file_row(&b, r, f, section);
        report_spool(r, 0, &b);
    }
    st->failing += failing;
    if (st->all_rows < HTML_ALL_ROWS) {
        st->all_rows++;
        b.len = 0;
        file_row(&b, r, f, section);
        report_spool(r, 3, &b);
    }
    ak_buf_free(&b);
}

static void card(ak_buf *b, size_t n, const char *what, const char *cls)
{
    ak_buf_printf(b, "<div class=\"card\"><b class=\"%s\">%zu</b>%s</div>\n", cls, n, what);
}

static void html_finish(report *r, ak_output *out)
{
    const report_totals *t = report_get_totals(r);
    int level = report_strict(r);
    ak_buf b;
    ak_buf_init(&b);
    ak_buf_printf(&b,
                  "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
                  "<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; "
                  "style-src 'unsafe-inline'\">\n"
                  "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
                  "<title>animkit conformance report</title>\n<style>\n%s</style>\n</head>\n<body>\n"
                  "<h1>animkit conformance report</h1>\n<p>animkit %s, verdicts at the %s level; inputs:",
                  style, AK_VERSION, report_level_name(level));
    for (size_t i = 0; i < report_input_count(r); i++) {
        ak_buf_puts(&b, i ? ", <code>" : " <code>");
        html(&b, report_input(r, i));
        ak_buf_puts(&b, "</code>");
    }
    ak_buf_puts(&b, "</p>\n<h2>Totals</h2>\n<div class=\"cards\">\n");
    card(&b, t->files, "files", "");
    card(&b, t->valid[level], "valid", "valid");
    card(&b, t->invalid[level], "invalid", "invalid");
    card(&b, t->unreadable, "unreadable", "unreadable");
    card(&b, t->errors, "errors", "error");
    card(&b, t->warnings, "warnings", "warning");
    card(&b, t->notes, "notes", "note");
    ak_buf_puts(&b, "</div>\n<table>\n<tr><th>level</th><th>valid</th><th>invalid</th></tr>\n");
    for (int k = 0; k < 2; k++)
        ak_buf_printf(&b, "<tr><td>%s%s</td><td class=\"n\">%zu</td><td class=\"n\">%zu</td></tr>\n",
                      report_level_name(k), k == level ? " (in force)" : "", t->valid[k], t->invalid[k]);
    ak_buf_puts(&b, "</table>\n<table>\n<tr><th>format</th><th>files</th><th>valid</th><th>invalid</th></tr>\n");
    const report_format_row *rows;
    size_t nrows = report_format_rows(r, &rows);
    for (size_t i = 0; i < nrows; i++)
        ak_buf_printf(&b, "<tr><td>%s</td><td class=\"n\">%zu</td><td class=\"n\">%zu</td><td class=\"n\">%zu</td></tr>\n",
                      report_format_id(rows[i].format), rows[i].files, rows[i].valid, rows[i].invalid);
    ak_buf_puts(&b, "</table>\n<h2>Rules by format</h2>\n");
    const report_cell *cells;
    const ak_format *const *formats;
    size_t ncells = report_matrix(r, &cells), nformats = report_matrix_formats(r, &formats);
    if (ncells == 0) {
        ak_buf_puts(&b, "<p>No diagnostics.</p>\n");
    } else {
        ak_buf_puts(&b, "<table>\n<tr><th>rule</th>");
        for (size_t k = 0; k < nformats; k++)
            ak_buf_printf(&b, "<th>%s</th>", report_format_id(formats[k]));
        ak_buf_puts(&b, "</tr>\n");
        for (size_t i = 0; i < ncells;) {
            const ak_rule *rule = cells[i].rule;
            ak_buf_puts(&b, "<tr><td><code>");
            html(&b, rule->code);
            ak_buf_puts(&b, "</code></td>");
            for (size_t k = 0; k < nformats; k++) {
                if (i < ncells && cells[i].rule == rule && cells[i].format == formats[k])
                    ak_buf_printf(&b, "<td class=\"n\">%zu</td>", cells[i++].count);
                else
                    ak_buf_puts(&b, "<td></td>");
            }
            ak_buf_puts(&b, "</tr>\n");
        }
        ak_buf_puts(&b, "</table>\n");
    }
    html_state *st = state(r);
    size_t failing = st ? st->failing : 0, other = st ? st->other : 0;
    static const char head[] = "<table>\n<tr><th>file</th><th>format</th><th>version</th><th>size</th>"
                               "<th>verdict</th><th>errors</th><th>warnings</th></tr>\n";
    ak_buf_printf(&b, "<h2>Files with errors (%zu)</h2>\n", failing);
    if (failing == 0)
        ak_buf_puts(&b, t->files ? "<p>None.</p>\n" : "<p>No files of a supported format were found.</p>\n");
    else
        ak_buf_puts(&b, head);
    report_put(out, &b);
    report_copy_spool(r, 0, out);
    b.len = 0;
    if (failing)
        ak_buf_puts(&b, "</table>\n");
    if (st && failing > st->failing_rows)
        ak_buf_printf(&b, "<p class=\"more\">The first %zu of %zu files with errors are listed; the JSON report "
                          "lists every file.</p>\n", st->failing_rows, failing);
    if (st && st->failing_details) {
        ak_buf_puts(&b, "<h2>Their diagnostics</h2>\n");
        if (failing > st->failing_details)
            ak_buf_printf(&b, "<p class=\"more\">Those of the first %zu files with errors; the JSON report has "
                              "every file's.</p>\n", st->failing_details);
    }
    report_put(out, &b);
    report_copy_spool(r, 1, out);
    b.len = 0;
    if (st && st->other_details) {
        ak_buf_printf(&b, "<details>\n<summary>Passing files with warnings or a plot (%zu", other);
        if (other > st->other_details)
            ak_buf_printf(&b, ", the first %zu shown", st->other_details);
        ak_buf_puts(&b, ")</summary>\n");
        report_put(out, &b);
        report_copy_spool(r, 2, out);
        b.len = 0;
        ak_buf_puts(&b, "</details>\n");
    }
    if (t->files) {
        ak_buf_printf(&b, "<details>\n<summary>Every file (%zu", t->files);
        if (st && t->files > st->all_rows)
            ak_buf_printf(&b, ", the first %zu listed: the JSON report lists them all", st->all_rows);
        ak_buf_printf(&b, ")</summary>\n%s", head);
        report_put(out, &b);
        report_copy_spool(r, 3, out);
        b.len = 0;
        ak_buf_puts(&b, "</table>\n</details>\n");
    }
    ak_buf_puts(&b, "</body>\n</html>\n");
    report_put(out, &b);
    ak_buf_free(&b);
    free(st);
    *report_writer_state(r) = NULL;
}

static const char *const html_extensions[] = {".html", ".htm", NULL};
const report_writer report_html = {html_extensions, "<title>animkit conformance report</title>", html_file, html_finish};
