/* The SARIF 2.1.0 report: the library's own SARIF renderer (the one of
 * `validate --diagnostics sarif`), fed file by file in path order; files
 * that cannot be read appear as results of animkit.input.unreadable. The
 * renderer writes the log into spool 0 when it finishes. */
#include "report.h"

static void sarif_file(report *r, const report_file *f)
{
    ak_renderer **renderer = (ak_renderer **)report_writer_state(r);
    if (!*renderer)
        *renderer = ak_renderer_new(AK_RENDER_SARIF, report_spool_file(r), NULL);
    if (*renderer)
        ak_renderer_file(*renderer, f->path, f->format ? f->format->id : NULL, f->data, f->size,
                         f->format ? f->format->text : false, f->d);
}

static void sarif_finish(report *r, ak_output *out)
{
    ak_renderer **renderer = (ak_renderer **)report_writer_state(r);
    if (!*renderer) /* no files: an empty log all the same */
        *renderer = ak_renderer_new(AK_RENDER_SARIF, report_spool_file(r), NULL);
    ak_renderer_finish(*renderer);
    *renderer = NULL;
    report_copy_spool(r, 0, out);
}

static const char *const sarif_extensions[] = {".sarif", NULL};
const report_writer report_sarif = {sarif_extensions, "\"driver\":{\"name\":\"animkit\"", sarif_file, sarif_finish};
