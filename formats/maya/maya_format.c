/* The Maya ASCII .anim format: registration, sniffing, dump, undump and
 * re-emit (the document's dump and undump are generated from
 * maya.document; these decode and emit around them). */
#include "budget.h"
#include "diag.h"
#include "maya.h"
#include "maya_doc.h"
#include "maya_syntax.h"

#include <arena.h>
#include <model.h>

#include <string.h>

void maya_validate(const ak_input *in, const ak_options *opt, ak_diags *d);

static bool maya_dump(const ak_input *in, const ak_options *opt, ak_diags *d, ak_buf *out)
{
    ak_arena arena;
    ak_arena_init_budget(&arena, 1 << 16, ak_budget_of(d, opt), "the decoded document");
    maya_doc *doc;
    bool ok = maya_document_decode(in, opt, d, &arena, &doc) && maya_dump_document(doc, out);
    ak_arena_free(&arena);
    return ok;
}

bool ak_maya_reemit(const ak_input *in, const ak_options *opt, int precision, int crlf, ak_diags *d, ak_buf *out)
{
    ak_arena arena;
    ak_arena_init_budget(&arena, 1 << 16, ak_budget_of(d, opt), "the decoded document");
    maya_doc *doc;
    bool ok = maya_document_decode(in, opt, d, &arena, &doc);
    if (ok)
        ok = maya_emit(doc, precision, crlf < 0 ? doc->line_ends == MAYA_LINE_ENDS_CRLF : crlf != 0,
                       ak_diags_strict(d), d, out);
    ak_arena_free(&arena);
    return ok;
}

/* dump -> undump gives back the file's bytes for a file Maya wrote: the
   dump carries its precision and line-end style */
bool ak_maya_undump(const ak_input *json, const ak_options *opt, int precision, ak_diags *d, ak_buf *out)
{
    ak_arena arena;
    ak_arena_init_budget(&arena, 1 << 16, ak_budget_of(d, opt), "the decoded document");
    maya_doc *doc = maya_undump_document(json->data, json->size, &arena, d);
    bool ok = doc && maya_emit(doc, precision, doc->line_ends == MAYA_LINE_ENDS_CRLF, ak_diags_strict(d), d, out);
    ak_arena_free(&arena);
    return ok;
}

static bool maya_undump(const ak_input *json, const ak_options *opt, ak_diags *d, ak_buf *out)
{
    return ak_maya_undump(json, opt, opt ? opt->precision : 0, d, out);
}

static bool maya_reemit(const ak_input *in, const ak_options *opt, ak_diags *d, ak_buf *out)
{
    return ak_maya_reemit(in, opt, opt ? opt->precision : 0, -1, d, out);
}

static const char *const maya_versions[] = {"1.1", NULL}; /* from_model: what Maya writes */

const ak_format ak_format_maya = {
    .id = "maya",
    .name = "Maya ASCII animation (.anim)",
    .extensions = maya_extensions,
    .text = true,
    /* no byte is wrong everywhere: Maya's reader skips a comment's bytes
       unread, so the not-text test is off; a binary .anim is named by
       maya.file.foreign-format */
    .text_never = 0,
    .rules = maya_rules,
    .rule_count = maya_RULE_COUNT,
    .sniff = maya_sniff, /* grammars/maya_anim.re */
    .validate = maya_validate,
    .dump = maya_dump,
    .dump_schema = maya_dump_schema,
    .reemit = maya_reemit,
    .undump = maya_undump,
    .to_model = maya_to_model,
    .from_model = maya_from_model,
    .versions = maya_versions,
};
