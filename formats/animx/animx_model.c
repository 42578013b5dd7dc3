/* What AnimX's model section (animx.layout) leaves to C: the encoding a
 * new file gets (--compress), and the encoder of the common model that the
 * tests and the fuzz harness call with a compression of their choice.
 * The mapping itself is generated from the declaration. */
#include "animx.h"
#include "animx_layout.h"

bool animx_model_compression(ak_model_builder *b, const animx_file *doc, const ak_options *opt)
{
    (void)b, (void)doc, (void)opt;
    return true;
}

bool animx_model_compression_back(ak_model_writer *w, animx_file *doc)
{
    int encoding = animx_encoding_for(w->opt);
    doc->encoding = (uint8_t)(encoding < 0 ? ANIMX_PLAIN : encoding);
    return true;
}

bool ak_animx_encode_model(const ak_animation *anim, int compression, ak_diags *d, ak_buf *out)
{
    static const int compress[] = {AK_COMPRESS_NONE, AK_COMPRESS_LZ4, AK_COMPRESS_LZMA};
    if (compression < 0 || compression > 2)
        return false;
    ak_options opt = {.compress = compress[compression]};
    ak_diags *own = d ? NULL : ak_diags_new(NULL);
    bool ok = (d || own) && animx_from_model(anim, &opt, d ? d : own, out);
    ak_diags_free(own);
    return ok;
}
