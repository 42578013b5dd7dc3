/* The Markdown report (GitHub-flavoured: tables). Spool 0: the rows of the
 * files table; spool 1: the diagnostics of each file that has some. */
#include "report.h"

#include <string.h>

/* s made printable: line breaks and tabs become spaces, bytes that are no
 * printable UTF-8 become U+FFFD (the public API's XML escaper does that;
 * its entities are turned back into characters here). In text (code
 * false) Markdown's punctuation is backslash-escaped, so that nothing in a
 * message or path becomes markup or HTML; in a code span only '|' is (GFM
 * tables split cells at it even there). */
static void md_escaped(ak_buf *b, const char *s, bool code)
{
    static const struct {
        const char *entity;
        char c;
    } entities[] = {{"&amp;", '&'}, {"&lt;", '<'}, {"&gt;", '>'}, {"&quot;", '"'}, {"&#39;", '\''}};
    ak_buf tmp;
    ak_buf_init(&tmp);
    ak_buf_xml_text(&tmp, s, strlen(s));
    const char *p = ak_buf_cstr(&tmp);
    while (*p) {
        char c = *p++;
        if (c == '&') {
            for (size_t k = 0; k < sizeof entities / sizeof entities[0]; k++) {
                size_t n = strlen(entities[k].entity);
                if (strncmp(p - 1, entities[k].entity, n) == 0) {
                    c = entities[k].c;
                    p += n - 1;
                    break;
                }
            }
        }
        if (c == '\n' || c == '\r' || c == '\t')
            c = ' ';
        else if (code ? c == '|' : strchr("\\`*_[]|#~!<>&", c) != NULL)
            ak_buf_putc(b, '\\');
        ak_buf_putc(b, c);
    }
    ak_buf_free(&tmp);
}

static void md_text(ak_buf *b, const char *s) { md_escaped(b, s, false); }

/* A code span for paths and codes: backticks inside are escaped by a
 * longer fence. */
static void md_code(ak_buf *b, const char *s)
{
    size_t run = 0, longest = 0;
    for (const char *p = s; *p; p++) {
        run = *p == '`' ? run + 1 : 0;
        if (run > longest)
            longest = run;
    }
    for (size_t i = 0; i <= longest; i++)
        ak_buf_putc(b, '`');
    if (longest)
        ak_buf_putc(b, ' ');
    md_escaped(b, s, true);
    if (longest)
        ak_buf_putc(b, ' ');
    for (size_t i = 0; i <= longest; i++)
        ak_buf_putc(b, '`');
}

static void md_file(report *r, const report_file *f)
{
    ak_buf b;
    ak_buf_init(&b);
    ak_buf_puts(&b, "| ");
    md_code(&b, f->path);
    ak_buf_printf(&b, " | %s | ", report_format_id(f->format));
    md_text(&b, f->version ? f->version : "-");
    if (f->unreadable)
        ak_buf_puts(&b, " | - |");
    else
        ak_buf_printf(&b, " | %llu |", (unsigned long long)f->size);
    ak_buf_printf(&b, " %s | %zu | %zu |\n", report_verdict(r, f), f->errors, f->warnings);
    report_spool(r, 0, &b);
    ak_buf_free(&b);
    if (!ak_diags_count(f->d))
        return;
    ak_buf_init(&b);
    ak_buf_puts(&b, "\n### ");
    md_code(&b, f->path);
    ak_buf_puts(&b, "\n\n");
    for (size_t i = 0; i < ak_diags_count(f->d); i++) {
        const ak_diag *g = ak_diags_at(f->d, i);
        ak_buf_printf(&b, "- %s ", ak_severity_name(g->severity));
        report_location(&b, g);
        ak_buf_puts(&b, " ");
        md_code(&b, g->rule->code);
        ak_buf_puts(&b, ": ");
        md_text(&b, g->message);
        if (g->path[0]) {
            ak_buf_puts(&b, " (at ");
            md_code(&b, g->path);
            ak_buf_puts(&b, ")");
        }
        ak_buf_putc(&b, '\n');
    }
    if (f->unshown)
        ak_buf_printf(&b, "- note: %zu more warnings and notes not shown (counted above) `%s`\n", f->unshown,
                      ak_rule_limit_unshown.code);
    report_spool(r, 1, &b);
    ak_buf_free(&b);
}

static void md_finish(report *r, ak_output *out)
{
    const report_totals *t = report_get_totals(r);
    ak_buf b;
    ak_buf_init(&b);
    ak_buf_printf(&b, "# animkit conformance report\n\nanimkit %s, verdicts at the %s level; inputs:", AK_VERSION,
                  report_level_name(report_strict(r)));
    for (size_t i = 0; i < report_input_count(r); i++) {
        ak_buf_puts(&b, i ? ", " : " ");
        md_code(&b, report_input(r, i));
    }
    ak_buf_puts(&b, "\n\n## Totals\n\n| | count |\n|---|--:|\n");
    ak_buf_printf(&b, "| files | %zu |\n", t->files);
    for (int level = 0; level < 2; level++)
        ak_buf_printf(&b, "| valid (%s) | %zu |\n| invalid (%s) | %zu |\n", report_level_name(level), t->valid[level],
                      report_level_name(level), t->invalid[level]);
    ak_buf_printf(&b, "| unreadable | %zu |\n| errors | %zu |\n| warnings | %zu |\n| notes | %zu |\n", t->unreadable,
                  t->errors, t->warnings, t->notes);
    const report_format_row *rows;
    size_t nrows = report_format_rows(r, &rows);
    ak_buf_puts(&b, "\n| format | files | valid | invalid |\n|---|--:|--:|--:|\n");
    for (size_t i = 0; i < nrows; i++)
        ak_buf_printf(&b, "| %s | %zu | %zu | %zu |\n", report_format_id(rows[i].format), rows[i].files, rows[i].valid,
                      rows[i].invalid);

    ak_buf_puts(&b, "\n## Rules by format\n\n");
    const report_cell *cells;
    const ak_format *const *formats;
    size_t ncells = report_matrix(r, &cells), nformats = report_matrix_formats(r, &formats);
    if (ncells == 0) {
        ak_buf_puts(&b, "No diagnostics.\n");
    } else {
        ak_buf_puts(&b, "| rule |");
        for (size_t k = 0; k < nformats; k++)
            ak_buf_printf(&b, " %s |", report_format_id(formats[k]));
        ak_buf_puts(&b, "\n|---|");
        for (size_t k = 0; k < nformats; k++)
            ak_buf_puts(&b, "--:|");
        for (size_t i = 0; i < ncells;) {
            ak_buf_puts(&b, "\n| ");
            md_code(&b, cells[i].rule->code);
            ak_buf_puts(&b, " |");
            const ak_rule *rule = cells[i].rule;
            for (size_t k = 0; k < nformats; k++) {
                if (i < ncells && cells[i].rule == rule && cells[i].format == formats[k])
                    ak_buf_printf(&b, " %zu |", cells[i++].count);
                else
                    ak_buf_puts(&b, " |");
            }
        }
        ak_buf_putc(&b, '\n');
    }
    ak_buf_puts(&b, "\n## Files\n\n");
    if (t->files)
        ak_buf_puts(&b, "| file | format | version | size | verdict | errors | warnings |\n"
                        "|---|---|---|--:|---|--:|--:|\n");
    else
        ak_buf_puts(&b, "No files of a supported format were found.\n");
    report_put(out, &b);
    ak_buf_free(&b);
    report_copy_spool(r, 0, out);
    ak_buf_init(&b);
    ak_buf_puts(&b, t->errors + t->warnings + t->notes ? "\n## Diagnostics\n" : "");
    report_put(out, &b);
    ak_buf_free(&b);
    report_copy_spool(r, 1, out);
}

static const char *const md_extensions[] = {".md", ".markdown", NULL};
const report_writer report_md = {md_extensions, "# animkit conformance report\n", md_file, md_finish};
