/* Metroid Prime ANIM: a decoded v2 document as the bitstream decoder's view
 * (see primeanim_doc.h). */
#include "primeanim_doc.h"

#include <string.h>

static void channel_of(ak_pa_channel *c, uint32_t bone, const uint16_t count[3], const primeanim_rot_group *rot,
                       const primeanim_value_group *groups[2])
{
    memset(c, 0, sizeof *c);
    c->bone = bone;
    memcpy(c->count, count, sizeof c->count);
    const primeanim_rot_component *r[3] = {&rot->x, &rot->y, &rot->z};
    for (int a = 0; a < 3; a++)
        c->init[0][a] = r[a]->init, c->bits[0][a] = r[a]->bits;
    for (int g = 0; g < 2; g++) {
        if (!groups[g])
            continue;
        const primeanim_value_component *v[3] = {&groups[g]->x, &groups[g]->y, &groups[g]->z};
        for (int a = 0; a < 3; a++)
            c->init[g + 1][a] = v[a]->init, c->bits[g + 1][a] = v[a]->bits;
    }
}

void ak_pa_v2_of_mp1(const primeanim_v2_mp1 *v, ak_pa_v2 *out)
{
    *out = (ak_pa_v2){AK_PA_MP1, v->key_bitmap, v->bitmap_bits, (uint32_t)v->key_count, v->rotation_divisor,
                      v->interval, {1, v->translation_multiplier, 1}, v->bitstream, v->bitstream_count, {{0}}, 0};
    for (size_t c = 0; c < v->descriptors_count && c < AK_PA_MAX_CHANNELS; c++) {
        const primeanim_descriptor_mp1 *s = &v->descriptors[c];
        const uint16_t count[3] = {s->rot_key_count, s->trans_key_count, 0};
        const primeanim_value_group *g[2] = {&s->trans, NULL};
        channel_of(&out->ch[c], s->bone_id, count, &s->rot, g);
        out->d = c + 1;
    }
}

void ak_pa_v2_of_mp2(const primeanim_v2_mp2 *v, ak_pa_v2 *out)
{
    *out = (ak_pa_v2){AK_PA_MP2, v->key_bitmap, v->bitmap_bits, (uint32_t)v->key_count, v->rotation_divisor,
                      v->interval, {1, v->translation_multiplier, v->scale_multiplier}, v->bitstream,
                      v->bitstream_count, {{0}}, 0};
    for (size_t c = 0; c < v->descriptors_count && c < AK_PA_MAX_CHANNELS; c++) {
        const primeanim_descriptor_mp2 *s = &v->descriptors[c];
        const uint16_t count[3] = {s->rot_key_count, s->trans_key_count, s->scale_key_count};
        const primeanim_value_group *g[2] = {&s->trans, &s->scale};
        channel_of(&out->ch[c], s->bone_id, count, &s->rot, g);
        out->d = c + 1;
    }
}

void ak_pa_words_to_bytes(const uint32_t *words, size_t word_count, uint8_t *bytes)
{
    for (size_t i = 0; i < word_count; i++) {
        uint32_t w = words[i];
        bytes[4 * i] = (uint8_t)(w >> 24), bytes[4 * i + 1] = (uint8_t)(w >> 16);
        bytes[4 * i + 2] = (uint8_t)(w >> 8), bytes[4 * i + 3] = (uint8_t)w;
    }
}

bool ak_pa_key_frames(const ak_pa_v2 *v, uint32_t *frames)
{
    uint64_t keys = (uint64_t)v->key_count + 1, j = 0;
    for (uint32_t f = 0; f < v->bits && j < keys; f++)
        if ((v->bitmap[f >> 5] >> (f & 31)) & 1)
            frames[j++] = f;
    return j == keys;
}
