/* Metroid Prime ANIM: the hooks of primeanim.layout. The layout has read
 * and bounded every field a hook looks at; a hook reads the bytes of the
 * fields it names (their spans) and the struct's scalars, and reports
 * what a declaration cannot say: the game (§1.2), the v0 maps against the
 * key arrays, the key bitmap, cross-descriptor rules and the decoded
 * bitstream (§2.6-§2.8). */
#include "primeanim.h"
#include "primeanim_layout.h"

#include <math.h>
#include <string.h>

#define RULE(name) (&primeanim_rules[primeanim_R_##name])
#define DECODED_KEY_BYTES 40 /* w x y z, 3 + 3 floats */


int primeanim_hook_sniff(const uint8_t *data, size_t size)
{
    bool both;
    if (size < 4)
        return AK_SNIFF_NO;
    uint32_t version = ak_lget32be(data);
    if (version == 2 && ak_pa_detect(data, size, &both))
        return AK_SNIFF_CONTENT;
    /* v0 has nothing more at its start: a weak score that only decides
       between the formats an extension names (.anim is also Maya's) */
    if (version == 0 && size >= 8)
        return AK_SNIFF_CONTENT - 30;
    return AK_SNIFF_NO;
}

/* ---- §1.2 the game: one byte (1 MP1, 2 MP2) read by the layout -------------- */

bool primeanim_process_game(ak_lctx *c, const ak_lprocess *p, ak_buf *out)
{
    bool both;
    int hint = ak_pa_hint(c->opt);
    int game = ak_pa_detect(c->data, c->size, &both);
    if (!game && both && !hint)
        return ak_lreport(c, RULE(GAME_UNDETERMINED), true, 0, 4, "version",
                          "%s: both the Metroid Prime and the Echoes v0 layout fit; give --game mp1|mp2",
                          RULE(GAME_UNDETERMINED)->message);
    if (!game) /* a v2 file without either constant, or a v0 file neither layout fits: the hinted game's errors */
        game = hint ? hint : AK_PA_MP1;
    else if (hint && hint != game)
        return ak_lreport(c, RULE(GAME_MISMATCH), true, 0, 4, "version", "%s: it is a Metroid Prime %s file (v%d)",
                          RULE(GAME_MISMATCH)->message, game == AK_PA_MP1 ? "1" : "2", (int)p->args[0]);
    uint8_t g = (uint8_t)game;
    return ak_buf_append(out, &g, 1);
}

bool primeanim_process_game_encode(const ak_lprocess *p, const uint8_t *plain, size_t n, ak_buf *out)
{
    (void)p, (void)plain, (void)n, (void)out;
    return true; /* derived from the file: nothing is written */
}

/* ---- v0 maps (§2.2, §2.3) ----------------------------------------------------- */

static const uint8_t *bytes_of(ak_lctx *c, const ak_lhook *h, size_t i, size_t *n)
{
    *n = h->spans[i].length;
    return ak_lbytes(c, h->spans[i].offset);
}

/* bone_map: values below `channels` (rule 24), exactly 0..channels-1 (25). */
static bool check_bone_map(ak_lctx *c, const ak_lhook *h, uint32_t channels)
{
    size_t n;
    const uint8_t *map = bytes_of(c, h, 0, &n);
    uint8_t seen[256] = {0};
    uint32_t distinct = 0;
    bool dup = false;
    for (size_t b = 0; b < n; b++) {
        if (map[b] == 0xFF)
            continue;
        if (map[b] >= channels &&
            !ak_lreport(c, RULE(V0_CHANNEL_INDEX), false, h->spans[0].offset + b, 1, "bone_map",
                        "%s (bone %zu: channel %u, %u channels)", RULE(V0_CHANNEL_INDEX)->message, b, map[b], channels))
            return false;
        dup |= seen[map[b]] != 0;
        distinct += !seen[map[b]];
        seen[map[b]] = 1;
    }
    if ((dup || distinct != channels) &&
        !ak_lreport(c, RULE(V0_CHANNEL_PERMUTATION), false, h->spans[0].offset, n, "bone_map",
                    "%s (%u distinct channels of %u%s)", RULE(V0_CHANNEL_PERMUTATION)->message, distinct, channels,
                    dup ? ", duplicates" : ""))
        return false;
    return true;
}

/* A map (span i) whose values index an array of `keys` keys, F per channel (rule 27). */
static bool check_map(ak_lctx *c, const ak_lhook *h, size_t i, const char *name, uint64_t keys, uint32_t frames)
{
    size_t n;
    const uint8_t *map = bytes_of(c, h, i, &n);
    uint64_t channels = keys / frames;
    for (size_t k = 0; k < n; k++)
        if (map[k] != 0xFF && map[k] >= channels &&
            !ak_lreport(c, RULE(V0_ARRAY_INDEX), false, h->spans[i].offset + k, 1, name,
                        "%s (channel %zu: index %u, the array has %llu)", RULE(V0_ARRAY_INDEX)->message, k, map[k],
                        (unsigned long long)channels))
            return false;
    return true;
}

/* A limit of §4 (rules 59, 61): the format option `name`, or its default.
   A malformed value is reported with the limit's rule (fatal). */
static bool limit_of(ak_lctx *c, const ak_rule *rule, const char *name, uint64_t *limit)
{
    if (ak_format_option_u64(c->opt, name, limit))
        return true;
    return ak_lreport(c, rule, true, 0, 0, NULL, "format option %s: not a count (digits, then K, M or G)", name);
}

/* hook limit_frames(field): N or F (a u32) against max_frames (rule 59), fatal */
bool primeanim_hook_limit_frames(ak_lctx *c, const ak_lhook *h)
{
    uint64_t limit = AK_PA_DEFAULT_MAX_FRAMES;
    if (!limit_of(c, RULE(LIMIT_FRAMES), "max_frames", &limit))
        return false;
    uint32_t frames = ak_lget32be(c->data + h->spans[0].offset);
    if (frames > limit)
        return ak_lreport(c, RULE(LIMIT_FRAMES), true, h->spans[0].offset, 4, NULL,
                          "%s (%lu frames, max_frames is %llu)", RULE(LIMIT_FRAMES)->message, (unsigned long)frames,
                          (unsigned long long)limit);
    return true;
}

static bool check_decoded(ak_lctx *c, uint64_t frames, uint64_t channels, size_t at)
{
    uint64_t limit = AK_PA_DEFAULT_MAX_DECODED_BYTES;
    if (!limit_of(c, RULE(LIMIT_DECODED_SIZE), "max_decoded_bytes", &limit))
        return false;
    uint64_t bytes = frames * channels * DECODED_KEY_BYTES; /* frames < 2^32, channels <= 255: no overflow */
    if (bytes > limit)
        return ak_lreport(c, RULE(LIMIT_DECODED_SIZE), false, at, 0, NULL, "%s (%llu bytes, max_decoded_bytes is %llu)",
                          RULE(LIMIT_DECODED_SIZE)->message, (unsigned long long)bytes, (unsigned long long)limit);
    return true;
}

bool primeanim_hook_v0_maps_mp1(ak_lctx *c, const ak_lhook *h)
{
    const primeanim_v0_mp1 *o = h->obj;
    return check_bone_map(c, h, o->channel_count) &&
           check_map(c, h, 1, "trans_map", o->trans_key_count, o->frame_count) &&
           check_decoded(c, o->frame_count, o->channel_count, h->spans[0].offset);
}

bool primeanim_hook_v0_maps_mp2(ak_lctx *c, const ak_lhook *h)
{
    const primeanim_v0_mp2 *o = h->obj;
    /* the channel count of an MP2 file is the rotation map's length (PWE) */
    return check_bone_map(c, h, o->rot_map_length) &&
           check_map(c, h, 1, "rot_map", o->rot_key_count, o->frame_count) &&
           check_map(c, h, 2, "trans_map", o->trans_key_count, o->frame_count) &&
           check_map(c, h, 3, "scale_map", o->scale_key_count, o->frame_count) &&
           check_decoded(c, o->frame_count, o->rot_map_length, h->spans[0].offset);
}

/* ---- v2: bitmap, descriptors, bitstream (§2.6-§2.8) ---------------------------- */

typedef struct v2_view {
    int game;
    uint32_t bits; /* N */
    uint32_t key_count;
    double duration, interval;
} v2_view;

static bool check_bitmap(ak_lctx *c, const ak_lhook *h, const v2_view *v)
{
    size_t n;
    const uint8_t *words = bytes_of(c, h, 0, &n);
    uint64_t pop = 0;
    for (uint32_t f = 0; f < v->bits; f++)
        pop += (ak_lget32be(words + 4 * (f >> 5)) >> (f & 31)) & 1;
    size_t at = h->spans[0].offset;
    if (v->bits == 0)
        return true; /* rule 33 */
    bool first = words[3] & 1;
    if (!first && !ak_lreport(c, RULE(BITMAP_FIRST_BIT), false, at + 3, 1, "key_bitmap", "%s",
                              RULE(BITMAP_FIRST_BIT)->message))
        return false;
    if (pop != (uint64_t)v->key_count + 1 &&
        !ak_lreport(c, RULE(BITMAP_POPCOUNT), false, at, n, "key_bitmap", "%s (%llu bits set, K = %u)",
                    RULE(BITMAP_POPCOUNT)->message, (unsigned long long)pop, v->key_count))
        return false;
    uint32_t last = v->bits - 1;
    bool last_set = (ak_lget32be(words + 4 * (last >> 5)) >> (last & 31)) & 1;
    double frames = v->interval > 0 ? 0.5 + v->duration / v->interval : -1;
    if ((!last_set || !(frames >= last && frames < (double)last + 1)) &&
        !ak_lreport(c, RULE(BITMAP_LAST_BIT), false, at, n, "key_bitmap", "%s (bit %u %s; last frame %.0f)",
                    RULE(BITMAP_LAST_BIT)->message, last, last_set ? "set" : "clear", floor(frames)))
        return false;
    uint32_t used = v->bits & 31;
    if (used && (ak_lget32be(words + n - 4) >> used) != 0 &&
        !ak_lreport(c, RULE(BITMAP_PAD_BITS), false, at + n - 4, 4, "key_bitmap", "%s", RULE(BITMAP_PAD_BITS)->message))
        return false;
    return true;
}

static bool check_descriptors(ak_lctx *c, const ak_lhook *h, const v2_view *v, const ak_pa_channel *ch, uint32_t d)
{
    size_t at = h->spans[1].offset;
    bool seen[AK_PA_MAX_CHANNELS] = {false};
    for (uint32_t i = 0; i < d; i++) {
        uint32_t bone = ch[i].bone;
        if (bone < AK_PA_MAX_CHANNELS && seen[bone] &&
            !ak_lreport(c, RULE(DESC_BONE_DUP), false, at, h->spans[1].length, "descriptors",
                        "%s (bone %u, descriptor %u)", RULE(DESC_BONE_DUP)->message, bone, i))
            return false;
        if (bone < AK_PA_MAX_CHANNELS)
            seen[bone] = true;
        for (int g = 0; g < 3; g++)
            if (ch[i].count[g] && ch[i].count[g] != v->key_count &&
                !ak_lreport(c, RULE(DESC_COUNT_MISMATCH), false, at, h->spans[1].length, "descriptors",
                            "%s (descriptor %u: %u keys, K = %u)", RULE(DESC_COUNT_MISMATCH)->message, i,
                            ch[i].count[g], v->key_count))
                return false;
    }
    /* MP1: the root (bone 3) last (RDS); MP2's ascending order is declared */
    if (v->game == AK_PA_MP1)
        for (uint32_t i = 0; i + 1 < d; i++)
            if (ch[i].bone == 3 &&
                !ak_lreport(c, RULE(DESC_ORDER), false, at, h->spans[1].length, "descriptors",
                            "%s (the root is descriptor %u of %u)", RULE(DESC_ORDER)->message, i, d))
                return false;
    return true;
}

/* Where the decoder is in the bitstream, key by key: the pages it has read
   may go (validating a mapped input: runtime/release.h), so that a large
   bitstream is not resident whole. The layout's pass has gone past the
   bitstream already (it released those pages as it went, and drops the
   last it kept here): the decoder's walk has a release of its own, from
   the bitstream's start. */
typedef struct bitstream_progress {
    ak_release release;
    size_t at;             /* the bitstream's offset */
    uint64_t bits_per_key;
} bitstream_progress;

static void release_read_keys(void *user, uint32_t key, const ak_pa_totals *totals, size_t d)
{
    (void)totals, (void)d;
    bitstream_progress *p = user;
    ak_release_at(&p->release, p->at + (size_t)(key * p->bits_per_key / 8));
}

static bool check_bitstream(ak_lctx *c, const ak_lhook *h, const v2_view *v, const ak_pa_channel *ch, uint32_t d)
{
    size_t n;
    const uint8_t *words = bytes_of(c, h, 2, &n);
    size_t at = h->spans[2].offset;
    for (uint32_t i = 0; i < d; i++)
        for (int g = 0; g < 3; g++)
            for (int a = 0; a < 3; a++)
                if (ch[i].bits[g][a] > 32)
                    return true; /* rule 45: not decodable */
    size_t s32_len;
    bool s32 = ak_format_option(c->opt, "s32_totals", &s32_len) != NULL;
    ak_pa_overflow over;
    bitstream_progress progress = {c->release, at, ak_pa_bits_per_key(ch, d, v->game)};
    ak_release_done(&c->release); /* what the layout's pass kept resident goes first */
    ak_release_restart(&progress.release, at);
    bool decoded = ak_pa_decode(ch, d, v->game, v->key_count, words, n / 4, s32, release_read_keys, &progress, &over);
    ak_release_done(&progress.release);
    if (!decoded)
        return true;
    static const char *const groups[] = {"rotation", "translation", "scale"};
    if (over.found &&
        !ak_lreport(c, RULE(BITSTREAM_S16_RANGE), false, at + over.bit / 32 * 4, 4, "bitstream",
                    "%s (key %u, descriptor %u, %s %c: %lld)", RULE(BITSTREAM_S16_RANGE)->message, over.key,
                    over.channel, groups[over.group], "xyz"[over.axis], (long long)over.value))
        return false;
    uint64_t used = ak_pa_bits_per_key(ch, d, v->game) * v->key_count % 32;
    if (used && n >= 4 && (ak_lget32be(words + n - 4) >> used) != 0 &&
        !ak_lreport(c, RULE(BITSTREAM_PAD_BITS), false, at + n - 4, 4, "bitstream", "%s",
                    RULE(BITSTREAM_PAD_BITS)->message))
        return false;
    return true;
}

static bool check_v2(ak_lctx *c, const ak_lhook *h, const v2_view *v, uint32_t d)
{
    ak_pa_channel ch[AK_PA_MAX_CHANNELS];
    size_t n;
    const uint8_t *desc = bytes_of(c, h, 1, &n);
    if (d > AK_PA_MAX_CHANNELS || ak_pa_parse_descriptors(desc, n, v->game, d, ch) != n)
        return true; /* the layout has reported it */
    return check_bitmap(c, h, v) && check_descriptors(c, h, v, ch, d) && check_bitstream(c, h, v, ch, d) &&
           check_decoded(c, v->bits, d, h->spans[0].offset);
}

bool primeanim_hook_bitstream_mp1(ak_lctx *c, const ak_lhook *h)
{
    const primeanim_v2_mp1 *o = h->obj;
    v2_view v = {AK_PA_MP1, o->bitmap_bits, (uint32_t)o->key_count, o->duration, o->interval};
    return check_v2(c, h, &v, o->descriptor_count);
}

bool primeanim_hook_bitstream_mp2(ak_lctx *c, const ak_lhook *h)
{
    const primeanim_v2_mp2 *o = h->obj;
    v2_view v = {AK_PA_MP2, o->bitmap_bits, (uint32_t)o->key_count, o->duration, o->interval};
    return check_v2(c, h, &v, o->descriptor_count);
}
