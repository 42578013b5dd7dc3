/* Metroid Prime ANIM: the bitstream decoder (spec §2.7-§2.9), a v2 document
 * as its view, and the game detection (§1.2). Everything reads bytes the
 * caller has bounded; nothing allocates. Bits come from runtime/bits.h's
 * reader. */
#include "primeanim.h"

#include "ak_layout.h"
#include "bits.h"
#include "release.h"

#include <math.h>
#include <string.h>


bool ak_pa_present(const ak_pa_channel *c, int game, int g)
{
    if (g == AK_PA_ROT)
        return game == AK_PA_MP1 || c->count[g] != 0;
    return c->count[g] != 0 && (g == AK_PA_TRANS || game == AK_PA_MP2);
}

/* ---- the bitstream (§2.7, §2.8) ---------------------------------------------- */

static int64_t sext(uint32_t v, unsigned n)
{
    if (n == 0)
        return 0;
    if ((v >> (n - 1)) & 1)
        return (int64_t)v - (int64_t)(UINT64_C(1) << n);
    return v;
}

static int32_t wrap16(int64_t x) { return (int16_t)(uint16_t)(uint64_t)x; }

bool ak_pa_decode(const ak_pa_channel *ch, size_t d, int game, uint32_t k, const uint8_t *words, size_t word_count,
                  bool s32, ak_pa_key_fn each, void *user, ak_pa_overflow *overflow)
{
    ak_pa_totals tot[AK_PA_MAX_CHANNELS];
    int64_t raw[AK_PA_MAX_CHANNELS][3][3]; /* unwrapped, for rule 50 */
    if (d > AK_PA_MAX_CHANNELS)
        return false;
    if (overflow)
        memset(overflow, 0, sizeof *overflow);
    for (size_t c = 0; c < d; c++) {
        tot[c].sign = false;
        for (int g = 0; g < 3; g++)
            for (int a = 0; a < 3; a++) {
                if (ch[c].bits[g][a] > 32)
                    return false;
                raw[c][g][a] = ch[c].count[g] ? ch[c].init[g][a] : 0;
                tot[c].v[g][a] = (int32_t)raw[c][g][a];
            }
    }
    if (each)
        each(user, 0, tot, d);
    /* §2.7: LSB-first in big-endian words (runtime/bits.h); the layout has
       checked that the words hold bits_per_key x K bits */
    ak_bit_reader r;
    ak_bit_reader_init(&r, words, word_count * 4, AK_BITS_BE32_LSB);
    for (uint32_t key = 1; key <= k; key++) {
        for (size_t c = 0; c < d; c++)
            for (int g = 0; g < 3; g++) {
                if (!ak_pa_present(&ch[c], game, g))
                    continue;
                uint64_t field;
                if (g == AK_PA_ROT) {
                    if (!ak_bits_read(&r, 1, &field))
                        return false;
                    tot[c].sign = field != 0;
                }
                for (int a = 0; a < 3; a++) {
                    unsigned n = ch[c].bits[g][a];
                    uint64_t at = r.pos;
                    if (!ak_bits_read(&r, n, &field))
                        return false;
                    int64_t v = raw[c][g][a] + sext((uint32_t)field, n);
                    raw[c][g][a] = v;
                    if ((v < -32768 || v > 32767) && overflow && !overflow->found)
                        *overflow = (ak_pa_overflow){true, key, (uint32_t)c, (uint32_t)g, (uint32_t)a, at, v};
                    tot[c].v[g][a] = s32 ? (int32_t)(uint32_t)(uint64_t)v : wrap16(v);
                    raw[c][g][a] = s32 ? tot[c].v[g][a] : v;
                }
            }
        if (each)
            each(user, key, tot, d);
    }
    return true;
}

/* ---- dequantisation (§2.9) --------------------------------------------------- */

int ak_pa_values(const ak_pa_totals *t, int group, uint32_t divisor, double multiplier, double v[4])
{
    double rq = (M_PI / 2) / (divisor ? divisor : 1);
    for (int a = 0; a < 3; a++)
        v[a + (group == AK_PA_ROT)] = group == AK_PA_ROT ? sin(t->v[AK_PA_ROT][a] * rq) : t->v[group][a] * multiplier;
    if (group != AK_PA_ROT)
        return 3;
    double w2 = 1 - (v[1] * v[1] + v[2] * v[2] + v[3] * v[3]);
    v[0] = (t->sign ? -1 : 1) * sqrt(w2 > 0 ? w2 : 0);
    return 4;
}

/* ---- a decoded document as the decoder's view --------------------------------- */

/* Group g of a channel: the key count n and {init, bits} of x, y, z. */
#define GROUP(c, g, n, grp)                                                                                            \
    ((c)->count[g] = (n), (c)->init[g][0] = (grp).x.init, (c)->init[g][1] = (grp).y.init,                              \
     (c)->init[g][2] = (grp).z.init, (c)->bits[g][0] = (grp).x.bits, (c)->bits[g][1] = (grp).y.bits,                   \
     (c)->bits[g][2] = (grp).z.bits)
#define VIEW(game, v, out, scale)                                                                                      \
    (*(out) = (ak_pa_v2){game, (v)->key_bitmap, (v)->bitmap_bits, (uint32_t)(v)->key_count, (v)->rotation_divisor,     \
                         (v)->duration, (v)->interval, {1, (v)->translation_multiplier, scale}, (v)->bitstream, NULL, \
                         (v)->bitstream_count, (uint64_t)(v)->bitstream_bits, {{0}}, 0})

void ak_pa_v2_of(const primeanim_file *doc, ak_pa_v2 *out)
{
    const primeanim_v2_mp1 *v1 = &doc->v2_mp1;
    const primeanim_v2_mp2 *v = &doc->v2_mp2;
    if (doc->layout == primeanim_layout_v2_mp1) {
        VIEW(AK_PA_MP1, v1, out, 1);
        for (; v1->descriptors && out->d < v1->descriptors_count && out->d < AK_PA_MAX_CHANNELS; out->d++) {
            const primeanim_descriptor_mp1 *s = &v1->descriptors[out->d];
            out->ch[out->d].bone = s->bone_id;
            GROUP(&out->ch[out->d], AK_PA_ROT, s->rot_key_count, s->rot);
            GROUP(&out->ch[out->d], AK_PA_TRANS, s->trans_key_count, s->trans);
        }
        return;
    }
    VIEW(AK_PA_MP2, v, out, v->scale_multiplier);
    for (; v->descriptors && out->d < v->descriptors_count && out->d < AK_PA_MAX_CHANNELS; out->d++) {
        const primeanim_descriptor_mp2 *s = &v->descriptors[out->d];
        out->ch[out->d].bone = s->bone_id;
        GROUP(&out->ch[out->d], AK_PA_ROT, s->rot_key_count, s->rot);
        GROUP(&out->ch[out->d], AK_PA_TRANS, s->trans_key_count, s->trans);
        GROUP(&out->ch[out->d], AK_PA_SCALE, s->scale_key_count, s->scale);
    }
}

bool ak_pa_v2_decode(const ak_pa_v2 *v, bool s32, uint32_t *frames, uint8_t *bytes, ak_pa_key_fn each, void *user,
                     bool *no_frames)
{
    uint64_t keys = (uint64_t)v->key_count + 1, j = 0;
    for (uint32_t f = 0; f < v->bits && j < keys; f++)
        if ((v->bitmap[f >> 5] >> (f & 31)) & 1)
            frames[j++] = f;
    if ((*no_frames = j != keys) || (!bytes && !v->stream))
        return !*no_frames;
    for (size_t i = 0; !v->stream && i < v->word_count; i++)
        for (int b = 0; b < 4; b++)
            bytes[4 * i + (size_t)b] = (uint8_t)(v->words[i] >> (24 - 8 * b));
    return ak_pa_decode(v->ch, v->d, v->game, v->key_count, v->stream ? v->stream : bytes, v->word_count, s32, each,
                        user, NULL);
}

void ak_pa_progress_begin(ak_pa_progress *p, ak_lctx *c, size_t at, const ak_pa_v2 *v)
{
    *p = (ak_pa_progress){c->release, at, v->key_count ? v->stream_bits / v->key_count : 0};
    ak_release_done(&c->release); /* what the layout's pass kept resident goes first */
    ak_release_restart(&p->release, at);
}

void ak_pa_progress_key(void *progress, uint32_t key, const ak_pa_totals *totals, size_t d)
{
    (void)totals, (void)d;
    ak_pa_progress *p = progress;
    ak_release_at(&p->release, p->at + (size_t)(key * p->bits_per_key / 8));
}

/* ---- the game (§1.2) --------------------------------------------------------- */

/* The v0 structure of a game ends where only 0..31 bytes of 0xFF remain. */
static bool v0_clean(const uint8_t *p, size_t n, int game)
{
    size_t at = 0x84;
    if (n < at + 4 || ak_lget32be(p + 0x1C) != 100)
        return false;
    /* game MP1: C, map, R, keys, T, keys, evnt; MP2: three maps, S, R, T */
    static const unsigned mp1[] = {1, 16, 12, 0}, mp2[] = {1, 1, 1, 12, 16, 12, 0};
    for (const unsigned *size = game == AK_PA_MP1 ? mp1 : mp2; *size; size++) {
        if (n - at < 4)
            return false;
        uint64_t count = ak_lget32be(p + at);
        at += 4;
        if (count > (n - at) / *size)
            return false;
        at += (size_t)count * *size;
    }
    if (game == AK_PA_MP1) {
        if (n - at < 4)
            return false;
        at += 4;
    }
    if (n - at > 31)
        return false;
    for (; at < n; at++)
        if (p[at] != 0xFF)
            return false;
    return true;
}

int ak_pa_detect(const uint8_t *data, size_t size, bool *both)
{
    *both = false;
    if (size < 4)
        return 0;
    uint32_t v = ak_lget32be(data);
    if (v == 2) {
        if (size >= 0x10 && ak_lget32be(data + 0x0C) == 1)
            return AK_PA_MP1;
        if (size >= 0x0A && data[8] == 1 && data[9] == 1)
            return AK_PA_MP2;
        return 0;
    }
    if (v != 0)
        return 0;
    bool ok1 = v0_clean(data, size, AK_PA_MP1), ok2 = v0_clean(data, size, AK_PA_MP2);
    *both = ok1 && ok2;
    return ok1 == ok2 ? 0 : ok1 ? AK_PA_MP1 : AK_PA_MP2;
}
