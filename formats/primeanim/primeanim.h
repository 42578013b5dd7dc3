/* Metroid Prime ANIM: what the hand-written parts share (the hooks of
 * primeanim.layout, the dump of decoded keys, the model section's maths, the
 * tests). The layout reads and checks the bytes; this is the bitstream of
 * ../shared/specs/prime-anim.md §2.6-§2.9, a decoded v2 document as the
 * decoder's view and the game detection of §1.2. */
#ifndef AK_PRIMEANIM_H
#define AK_PRIMEANIM_H

#include <animkit/animkit.h>

#include "format_options.h"
#include "primeanim_layout.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

enum { AK_PA_MP1 = 1, AK_PA_MP2 = 2 };
enum { AK_PA_ROT = 0, AK_PA_TRANS = 1, AK_PA_SCALE = 2 };
#define AK_PA_MAX_CHANNELS 100

/* One descriptor (§2.4, §2.5): per group (rotation, translation, scale) its
 * key count and, when that is not 0, init and width per axis. */
typedef struct ak_pa_channel {
    uint32_t bone;
    uint16_t count[3];
    int16_t init[3][3];
    uint8_t bits[3][3];
} ak_pa_channel;

/* Whether a key of channel c has group g in the bitstream: MP1 always reads
 * the rotation (sign and three fields, §2.7), MP2 only what has keys. */
bool ak_pa_present(const ak_pa_channel *c, int game, int g);

/* The running totals after a key: per channel the W sign and per group and
 * axis the total (16-bit wrapped, or 32-bit with s32). */
typedef struct ak_pa_totals {
    bool sign;
    int32_t v[3][3];
} ak_pa_totals;

/* Where a total first left the 16-bit range (§6 B7), for rule 50. */
typedef struct ak_pa_overflow {
    bool found;
    uint32_t key, channel, group, axis;
    uint64_t bit; /* the field's first bit in the bitstream */
    int64_t value;
} ak_pa_overflow;

/* Decodes keys 0..k (§2.8): `each` is called after every key with all
 * channels' totals (may be NULL). words: the bitstream (big-endian u32,
 * word_count of them). False when a width is above 32 (not decodable) or
 * the words end before k keys. */
typedef void (*ak_pa_key_fn)(void *user, uint32_t key, const ak_pa_totals *totals, size_t d);
bool ak_pa_decode(const ak_pa_channel *ch, size_t d, int game, uint32_t k, const uint8_t *words, size_t word_count,
                  bool s32, ak_pa_key_fn each, void *user, ak_pa_overflow *overflow);

/* §2.9: the values of group g of a key's totals: a rotation w x y z (from
 * the sign and three totals), or a vector x y z times the multiplier; the
 * count (4, 3). */
int ak_pa_values(const ak_pa_totals *t, int group, uint32_t divisor, double multiplier, double v[4]);

/* A v2 document (either game) as the decoder sees it: for the common model,
 * the dump's decoded keys and the validator's hooks (which have the
 * descriptors, `kept`, but not the bitmap and the words: NULL). */
typedef struct ak_pa_v2 {
    int game;
    const uint32_t *bitmap; /* the key bitmap words, bits of them */
    uint32_t bits;
    uint32_t key_count, divisor; /* K (§2.6), rotation_divisor */
    double duration, interval;
    double multiplier[3]; /* 1, translation, scale (MP1: 1) */
    const uint32_t *words; /* the bitstream words (values, not bytes) */
    const uint8_t *stream; /* or its bytes where they are read (the dump's walk), NULL */
    size_t word_count;
    uint64_t stream_bits; /* bits_per_key x K (§2.7) */
    ak_pa_channel ch[AK_PA_MAX_CHANNELS];
    size_t d; /* descriptors (at most AK_PA_MAX_CHANNELS: the layout refuses more) */
} ak_pa_v2;
/* doc: a v2 file's (in a hook, the root the walk is filling: c->root) */
void ak_pa_v2_of(const primeanim_file *doc, ak_pa_v2 *out);

/* Decodes v's keys (ak_pa_decode) from its stream, or from its words
 * copied as the big-endian bytes the decoder reads to bytes (4 *
 * word_count), after the frame of each key 0..K (the j-th set bit of the
 * bitmap, §2.6) into frames[0..K]; false when the bitmap has fewer than
 * K + 1 set bits (*no_frames) or decoding fails. Neither stream nor bytes:
 * the frames only, no key decoded (a model of track headers). */
bool ak_pa_v2_decode(const ak_pa_v2 *v, bool s32, uint32_t *frames, uint8_t *bytes, ak_pa_key_fn each, void *user,
                     bool *no_frames);

/* A decoder's walk over the bitstream at `at` of a mapped input: the pages
 * of the keys it has passed go again (runtime/release.h), the context's
 * first; ak_pa_progress_key (an ak_pa_key_fn) after each key. */
typedef struct ak_pa_progress {
    ak_release release;
    size_t at;
    uint64_t bits_per_key;
} ak_pa_progress;
void ak_pa_progress_begin(ak_pa_progress *p, ak_lctx *c, size_t at, const ak_pa_v2 *v);
void ak_pa_progress_key(void *progress, uint32_t key, const ak_pa_totals *totals, size_t d);

/* §1.2: the game of a file (AK_PA_MP1, AK_PA_MP2), 0 when it cannot be
 * told; *both: both v0 layouts fit. */
int ak_pa_detect(const uint8_t *data, size_t size, bool *both);

#endif
