/* Metroid Prime ANIM: a decoded v2 document (primeanim_layout.h) as the
 * bitstream decoder's view (primeanim.h), for the parts that start from the
 * document: the common model and the dump's decoded keys. */
#ifndef AK_PRIMEANIM_DOC_H
#define AK_PRIMEANIM_DOC_H

#include "primeanim.h"
#include "primeanim_layout.h"

typedef struct ak_pa_v2 {
    int game;
    const uint32_t *bitmap; /* the key bitmap words, bits of them */
    uint32_t bits;
    uint32_t key_count, divisor; /* K (§2.6), rotation_divisor */
    double interval;
    double multiplier[3]; /* 1, translation, scale (MP1: 1) */
    const uint32_t *words; /* the bitstream words (values, not bytes) */
    size_t word_count;
    ak_pa_channel ch[AK_PA_MAX_CHANNELS];
    size_t d; /* descriptors (at most AK_PA_MAX_CHANNELS: the layout refuses more) */
} ak_pa_v2;

void ak_pa_v2_of_mp1(const primeanim_v2_mp1 *v, ak_pa_v2 *out);
void ak_pa_v2_of_mp2(const primeanim_v2_mp2 *v, ak_pa_v2 *out);

/* The bitstream words as the big-endian bytes ak_pa_decode reads: 4 *
 * word_count bytes at bytes. */
void ak_pa_words_to_bytes(const uint32_t *words, size_t word_count, uint8_t *bytes);

/* The frame of each key 0..K (the j-th set bit of the bitmap, §2.6) into
 * frames[0..K]; false when the bitmap has fewer than K + 1 set bits. */
bool ak_pa_key_frames(const ak_pa_v2 *v, uint32_t *frames);

#endif
