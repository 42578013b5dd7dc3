/* The JSON report, schema version 1 (docs/report.schema.json): totals,
 * formats and the rule x format matrix first, then one object per file.
 * Spool 0: the file objects. */
#include "report.h"

#include <string.h>

#define REPORT_SCHEMA_VERSION 1

void report_json_str(ak_buf *b, const char *s) { ak_buf_json_string(b, s, strlen(s)); }

void report_json_str_or_null(ak_buf *b, const char *s)
{
    if (s)
        report_json_str(b, s);
    else
        ak_buf_puts(b, "null");
}

/* A partial report (--shard) holds what every kind of report needs of a
   file (report_record_write's extras and thumbnail), for --merge. */
static void json_file(report *r, const report_file *f)
{
    ak_buf b;
    ak_buf_init(&b);
    ak_buf_puts(&b, f->index ? ",\n    " : "\n    ");
    report_record_write(&b, f, report_strict(r),
                        RECORD_PATH | (report_get_shard(r) ? RECORD_EXTRAS | RECORD_PLOT : 0));
    report_spool(r, 0, &b);
    ak_buf_free(&b);
}

static void json_finish(report *r, ak_output *out)
{
    const report_totals *t = report_get_totals(r);
    ak_buf b;
    ak_buf_init(&b);
    ak_buf_printf(&b,
                  "{\n  \"animkitReport\": %d,\n  \"tool\": {\"name\":\"animkit\",\"version\":\"%s\"},\n"
                  "  \"level\": \"%s\",\n  \"inputs\": [",
                  REPORT_SCHEMA_VERSION, AK_VERSION, report_level_name(report_strict(r)));
    for (size_t i = 0; i < report_input_count(r); i++) {
        ak_buf_puts(&b, i ? "," : "");
        report_json_str(&b, report_input(r, i));
    }
    const report_shard *shard = report_get_shard(r);
    if (shard) {
        ak_buf_printf(&b, "],\n  \"shard\": {\"index\":%u,\"count\":%u,\"options\":", shard->index, shard->count);
        report_json_str(&b, shard->options);
        ak_buf_putc(&b, '}');
    } else {
        ak_buf_putc(&b, ']');
    }
    ak_buf_printf(&b,
                  ",\n  \"totals\": {\"files\":%zu,\"unreadable\":%zu,\"errors\":%zu,\"warnings\":%zu,\"notes\":%zu,"
                  "\"compatible\":{\"valid\":%zu,\"invalid\":%zu},\"strict\":{\"valid\":%zu,\"invalid\":%zu}},\n"
                  "  \"formats\": [",
                  t->files, t->unreadable, t->errors, t->warnings, t->notes, t->valid[0], t->invalid[0], t->valid[1],
                  t->invalid[1]);
    const report_format_row *rows;
    size_t nrows = report_format_rows(r, &rows);
    for (size_t i = 0; i < nrows; i++) {
        ak_buf_puts(&b, i ? ",\n    {\"format\":" : "\n    {\"format\":");
        report_json_str_or_null(&b, rows[i].format ? rows[i].format->id : NULL);
        ak_buf_printf(&b, ",\"files\":%zu,\"valid\":%zu,\"invalid\":%zu}", rows[i].files, rows[i].valid,
                      rows[i].invalid);
    }
    ak_buf_puts(&b, nrows ? "\n  ],\n  \"matrix\": [" : "],\n  \"matrix\": [");
    const report_cell *cells;
    size_t ncells = report_matrix(r, &cells);
    for (size_t i = 0; i < ncells; i++) {
        ak_buf_puts(&b, i ? ",\n    {\"code\":" : "\n    {\"code\":");
        report_json_str(&b, cells[i].rule->code);
        ak_buf_puts(&b, ",\"format\":");
        report_json_str_or_null(&b, cells[i].format ? cells[i].format->id : NULL);
        ak_buf_printf(&b, ",\"count\":%zu}", cells[i].count);
    }
    ak_buf_puts(&b, ncells ? "\n  ],\n  \"files\": [" : "],\n  \"files\": [");
    report_put(out, &b);
    ak_buf_free(&b);
    report_copy_spool(r, 0, out);
    ak_buf_init(&b);
    ak_buf_puts(&b, t->files ? "\n  ]\n}\n" : "]\n}\n");
    report_put(out, &b);
    ak_buf_free(&b);
}

static const char *const json_extensions[] = {".json", NULL};
const report_writer report_json = {json_extensions, "\"animkitReport\":", json_file, json_finish};
