/* The JUnit XML report, the shape CI systems read natively: one testsuite,
 * one testcase per file (classname "animkit.<format>"), a <failure> for a
 * file with errors at the level in force, an <error> for a file that
 * cannot be read, warnings and notes of passing files in <system-out>.
 * Spool 0: the testcases. */
#include "report.h"

#include <string.h>

static void xml(ak_buf *b, const char *s) { ak_buf_xml_text(b, s, strlen(s)); }

static void diag_lines(ak_buf *b, const report_file *f)
{
    for (size_t i = 0; i < ak_diags_count(f->d); i++) {
        const ak_diag *g = ak_diags_at(f->d, i);
        xml(b, f->path);
        ak_buf_putc(b, ':');
        report_location(b, g);
        ak_buf_printf(b, ": %s: ", ak_severity_name(g->severity));
        xml(b, g->message);
        ak_buf_puts(b, " [");
        xml(b, g->rule->code);
        ak_buf_putc(b, ']');
        if (g->path[0]) {
            ak_buf_puts(b, " at ");
            xml(b, g->path);
        }
        ak_buf_putc(b, '\n');
    }
    if (f->unshown) {
        xml(b, f->path);
        ak_buf_printf(b, ": note: %zu more warnings and notes not shown (counted in the totals) [%s]\n", f->unshown,
                      ak_rule_limit_unshown.code);
    }
}

static void junit_file(report *r, const report_file *f)
{
    ak_buf b;
    ak_buf_init(&b);
    ak_buf_printf(&b, "    <testcase classname=\"animkit.%s\" name=\"", f->format ? f->format->id : "unknown");
    xml(&b, f->path);
    ak_buf_puts(&b, "\" file=\"");
    xml(&b, f->path);
    ak_buf_puts(&b, "\"");
    if (!ak_diags_count(f->d)) {
        ak_buf_puts(&b, "/>\n");
    } else {
        ak_buf_puts(&b, ">\n");
        const char *what = f->unreadable ? "error" : f->invalid[report_strict(r)] ? "failure" : NULL;
        if (what) {
            ak_buf_printf(&b, "      <%s type=\"%s\" message=\"", what,
                          f->unreadable ? "animkit.input.unreadable" : "invalid");
            if (f->unreadable)
                xml(&b, ak_diags_at(f->d, 0)->message);
            else
                ak_buf_printf(&b, "%zu error%s, %zu warning%s", f->errors, f->errors == 1 ? "" : "s", f->warnings,
                              f->warnings == 1 ? "" : "s");
            ak_buf_puts(&b, "\">");
            diag_lines(&b, f);
            ak_buf_printf(&b, "</%s>\n", what);
        } else {
            ak_buf_puts(&b, "      <system-out>");
            diag_lines(&b, f);
            ak_buf_puts(&b, "</system-out>\n");
        }
        ak_buf_puts(&b, "    </testcase>\n");
    }
    report_spool(r, 0, &b);
    ak_buf_free(&b);
}

static void junit_finish(report *r, ak_output *out)
{
    const report_totals *t = report_get_totals(r);
    size_t failures = t->invalid[report_strict(r)] - t->unreadable;
    ak_buf b;
    ak_buf_init(&b);
    ak_buf_printf(&b,
                  "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
                  "<testsuites name=\"animkit report\" tests=\"%zu\" failures=\"%zu\" errors=\"%zu\" skipped=\"0\">\n"
                  "  <testsuite name=\"animkit %s\" tests=\"%zu\" failures=\"%zu\" errors=\"%zu\" skipped=\"0\">\n",
                  t->files, failures, t->unreadable, report_level_name(report_strict(r)), t->files, failures,
                  t->unreadable);
    ak_buf_printf(&b, "    <properties>\n      <property name=\"animkit.version\" value=\"%s\"/>\n", AK_VERSION);
    for (size_t i = 0; i < report_input_count(r); i++) {
        ak_buf_puts(&b, "      <property name=\"animkit.input\" value=\"");
        xml(&b, report_input(r, i));
        ak_buf_puts(&b, "\"/>\n");
    }
    ak_buf_puts(&b, "    </properties>\n");
    report_put(out, &b);
    ak_buf_free(&b);
    report_copy_spool(r, 0, out);
    ak_buf_init(&b);
    ak_buf_puts(&b, "  </testsuite>\n</testsuites>\n");
    report_put(out, &b);
    ak_buf_free(&b);
}

static const char *const junit_extensions[] = {".xml", NULL};
const report_writer report_junit = {junit_extensions, "<testsuites name=\"animkit report\"", junit_file, junit_finish};
