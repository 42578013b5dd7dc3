/* The canonical AnimJ (spec 6.1) is the document the common model gives
 * back: to_model and from_model are generated from the model section of
 * animj.schema (the members in the schema's order, numbers as ECMAScript
 * writes them). That section declares it the dump too (`json dump
 * canonical`), which animgen generates whole and streamed. */
#include "animj.h"

bool animj_reemit(const ak_input *in, const ak_options *opt, ak_diags *d, ak_buf *out)
{
    return animj_dump(in, opt, d, out);
}
