/* Metroid Prime ANIM: the dump's decoded keys (`dump decoded by ...` in
 * primeanim.layout): per key its frame and, per descriptor, the running
 * totals of §2.8 (the W sign and the integer totals of each present group)
 * and the values of §2.9 they dequantise to (rotation w x y z, translation
 * and scale with their multipliers). Only the dump computes them, where
 * its walk reaches the member: from the bitmap's and the bitstream's bytes
 * in the input (the walk keeps neither array), whose pages go as the keys
 * are decoded; the undump skips the member (the file is built from the
 * descriptors and the bitstream words). */
#include "numbers.h"
#include "primeanim.h"
#include "sink.h"

#include <stdlib.h>

typedef struct dump_state {
    const ak_pa_v2 *v;
    const uint32_t *frames;
    ak_buf *out;
    ak_sink *sink; /* the keys' text goes as it is written */
    int level;
    ak_pa_progress progress;
} dump_state;

static void indent(ak_buf *out, int level)
{
    ak_buf_putc(out, '\n');
    for (int i = 0; i < level; i++)
        ak_buf_puts(out, "  ");
}

static void put_key(void *user, uint32_t key, const ak_pa_totals *totals, size_t d)
{
    static const char *const total_names[3] = {"rot_total", "trans_total", "scale_total"};
    static const char *const value_names[3] = {"rotation", "translation", "scale"};
    dump_state *s = user;
    ak_buf *out = s->out;
    ak_buf_puts(out, key ? "," : "\"keys\": [");
    indent(out, s->level + 2);
    ak_buf_printf(out, "{\"key\": %lu, \"frame\": %lu, \"channels\": [", (unsigned long)key,
                  (unsigned long)s->frames[key]);
    for (size_t c = 0; c < d; c++) {
        const ak_pa_channel *ch = &s->v->ch[c];
        ak_buf_puts(out, c ? "," : "");
        indent(out, s->level + 3);
        ak_buf_printf(out, "{\"bone\": %lu", (unsigned long)ch->bone);
        if (ak_pa_present(ch, s->v->game, AK_PA_ROT))
            ak_buf_printf(out, ", \"sign\": %d", totals[c].sign ? 1 : 0);
        for (int g = 0; g < 3; g++) {
            double v[4];
            if (!ak_pa_present(ch, s->v->game, g))
                continue;
            ak_buf_printf(out, ", \"%s\": [%ld, %ld, %ld], \"%s\": [", total_names[g], (long)totals[c].v[g][0],
                          (long)totals[c].v[g][1], (long)totals[c].v[g][2], value_names[g]);
            /* as the model keeps them (f32), spelled as the dump spells every f32: a multiplier or
               divisor out of range gives infinities and NaNs, which JSON has no numbers for */
            for (int i = 0, n = ak_pa_values(&totals[c], g, s->v->divisor, s->v->multiplier[g], v); i < n; i++) {
                ak_buf_puts(out, i ? ", " : "");
                ak_ldump_f32(out, (float)v[i]);
            }
            ak_buf_putc(out, ']');
        }
        ak_buf_putc(out, '}');
    }
    ak_buf_puts(out, "]}");
    /* a 60 MB bitstream decodes to 1.4 GB of text: never held whole */
    if (!out->failed && !ak_sink_drain(s->sink, out, false))
        out->failed = true; /* the sink took no more */
    ak_pa_progress_key(&s->progress, key, totals, d);
}

/* spans: the key bitmap's, the bitstream's; h->obj is the root's v2 arm */
bool primeanim_dump_decoded(ak_lctx *c, const ak_lhook *h, ak_buf *out, ak_sink *sink, int level)
{
    ak_pa_v2 v;
    ak_pa_v2_of(c->root, &v);
    size_t len, bitmap_words = h->spans[0].length / 4;
    bool s32 = ak_format_option(c->opt, "s32_totals", &len) != NULL, no_frames = true;
    uint32_t *frames = malloc(((size_t)v.key_count + 1) * sizeof *frames);
    uint32_t *bitmap = malloc((bitmap_words + 1) * sizeof *bitmap);
    const uint8_t *bitmap_bytes = ak_lbytes(c, h->spans[0].offset);
    for (size_t i = 0; bitmap && i < bitmap_words; i++)
        bitmap[i] = ak_lget32be(bitmap_bytes + 4 * i);
    v.bitmap = bitmap; /* the walk keeps neither array: both from the input */
    v.stream = ak_lbytes(c, h->spans[1].offset);
    dump_state s = {&v, frames, out, sink, level, {{0}, 0, 0}};
    ak_pa_progress_begin(&s.progress, c, h->spans[1].offset, &v);
    ak_buf_printf(out, "{");
    indent(out, level + 1);
    ak_buf_printf(out, "\"totals\": \"%s\",", s32 ? "32-bit" : "16-bit wrapping");
    indent(out, level + 1);
    /* widths above 32 are errors, so a document that dumps decodes */
    bool ok = frames && bitmap && ak_pa_v2_decode(&v, s32, frames, NULL, put_key, &s, &no_frames);
    ak_release_done(&s.progress.release);
    if (no_frames) /* fewer set bits than keys: an error, no dump */
        ak_buf_puts(out, "\"keys\": null");
    else
        indent(out, level + 1), ak_buf_putc(out, ']');
    indent(out, level);
    ak_buf_putc(out, '}');
    free(frames);
    free(bitmap);
    return ok && !out->failed;
}
