/* Metroid Prime ANIM: what the hand-written parts share (the hooks of
 * primeanim.layout, the dump of decoded keys, the tests). The layout reads
 * and checks the bytes; this is the bitstream of ../shared/specs/prime-anim.md
 * §2.6-§2.9 and the game detection of §1.2. */
#ifndef AK_PRIMEANIM_H
#define AK_PRIMEANIM_H

#include <animkit/animkit.h>

#include "format_options.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

enum { AK_PA_MP1 = 1, AK_PA_MP2 = 2 };
enum { AK_PA_ROT = 0, AK_PA_TRANS = 1, AK_PA_SCALE = 2 };
#define AK_PA_MAX_CHANNELS 100
/* §4 limits, the defaults of the format options max_frames and
   max_decoded_bytes (max_file_bytes is the layout's `limit size`) */
#define AK_PA_DEFAULT_MAX_FRAMES 1048576u
#define AK_PA_DEFAULT_MAX_DECODED_BYTES (UINT64_C(256) << 20)

/* One descriptor (§2.4, §2.5): per group (rotation, translation, scale) its
 * key count and, when that is not 0, init and width per axis. */
typedef struct ak_pa_channel {
    uint32_t bone;
    uint16_t count[3];
    int16_t init[3][3];
    uint8_t bits[3][3];
} ak_pa_channel;

/* Parses d descriptors of game at p (n bytes). Returns the bytes they take,
 * 0 when they do not fit (the layout has checked them before a hook calls
 * this). */
size_t ak_pa_parse_descriptors(const uint8_t *p, size_t n, int game, uint32_t d, ak_pa_channel *out);

/* Bits one key takes in the bitstream (§2.7). */
uint64_t ak_pa_bits_per_key(const ak_pa_channel *ch, size_t d, int game);

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

/* §2.9: a rotation from a sign and three totals, a vector from totals. */
void ak_pa_rotation(const ak_pa_totals *t, uint32_t divisor, double q[4]); /* w, x, y, z */
void ak_pa_vector(const ak_pa_totals *t, int group, double multiplier, double v[3]);

/* §1.2: the game of a file (AK_PA_MP1, AK_PA_MP2), 0 when it cannot be
 * told; *both: both v0 layouts fit. */
int ak_pa_detect(const uint8_t *data, size_t size, bool *both);
/* The caller's game (format option game=mp1|mp2), 0 when none. */
int ak_pa_hint(const ak_options *opt);

/* §6 B2 and §5.3: the v0 options. v0_scale_order=channel|frame: the order
 * of MP2 v0 scale keys (channel-major by default; frame-major is how
 * DECOMP2 indexes them); v0_duration=frames: the v0 writer's duration is F
 * intervals instead of F - 1. False when an option has another value. */
typedef struct ak_pa_v0_options {
    bool scale_frame_major;
    bool duration_frames;
} ak_pa_v0_options;
bool ak_pa_v0_options_of(const ak_options *opt, ak_pa_v0_options *out, const char **bad);

#endif
