/* Resonite AnimX: what the hand-written hooks around the code animgen
 * generates from animx.layout share (animx_hooks.c, animx_model.c; the
 * compression hooks have animx_compress.h). */
#ifndef AK_FORMATS_ANIMX_H
#define AK_FORMATS_ANIMX_H

#include <animkit/animkit.h>

#include "model.h"

/* The `encoding` byte values (§3.4). */
enum { ANIMX_PLAIN = 0, ANIMX_LZ4 = 1, ANIMX_LZMA = 2 };

/* The encoding byte that ak_options.compress asks for, or -1 for "what the
 * document has" (AK_COMPRESS_DEFAULT). */
int animx_encoding_for(const ak_options *opt);

/* The canonical writer (spec §6.2) of the common model: compression 0 =
 * plain (the canonical default), 1 = LZ4 chunk stream, 2 = LZMA. Losses are
 * warnings (animx.convert.loss); what cannot be written at all is an error
 * (animx.convert.refused) and returns false. */
bool ak_animx_encode_model(const ak_animation *anim, int compression, ak_diags *d, ak_buf *out);

#endif
