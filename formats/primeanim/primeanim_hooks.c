/* Metroid Prime ANIM: the hooks of primeanim.layout. The layout has read
 * and bounded every field a hook looks at; a hook reads the bytes of the
 * fields it names (their spans) and the struct's scalars, and reports
 * what a declaration cannot say: the game (§1.2), the v0 bone map as a
 * permutation, the key bitmap, cross-descriptor rules and the decoded
 * bitstream (§2.6-§2.8). */
#include "primeanim.h"

#include <math.h>
#include <string.h>

#define RULE(name) (&primeanim_rules[primeanim_R_##name])


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
    int64_t option;
    int hint = primeanim_option_game(c->opt, &option, NULL) > 0 ? (int)option : 0;
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

/* ---- v0: the bone map is a permutation of the channels (§2.2, §2.3) ---------- */

static const uint8_t *bytes_of(ak_lctx *c, const ak_lhook *h, size_t i, size_t *n)
{
    *n = h->spans[i].length;
    return ak_lbytes(c, h->spans[i].offset);
}

/* bone_map: its values other than 0xFF are exactly 0..channels-1 (rule 25;
   each below `channels` is declared, rule 24). */
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

bool primeanim_hook_bone_map_mp1(ak_lctx *c, const ak_lhook *h)
{
    return check_bone_map(c, h, ((const primeanim_v0_mp1 *)h->obj)->channel_count);
}

bool primeanim_hook_bone_map_mp2(ak_lctx *c, const ak_lhook *h)
{
    return check_bone_map(c, h, ((const primeanim_v0_mp2 *)h->obj)->rot_map_length);
}

/* ---- v2: bitmap, descriptors, bitstream (§2.6-§2.8) ---------------------------- */

static bool check_bitmap(ak_lctx *c, const ak_lhook *h, const ak_pa_v2 *v)
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

static bool check_descriptors(ak_lctx *c, const ak_lhook *h, const ak_pa_v2 *v)
{
    const ak_pa_channel *ch = v->ch;
    uint32_t d = (uint32_t)v->d;
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

static bool check_bitstream(ak_lctx *c, const ak_lhook *h, const ak_pa_v2 *v)
{
    const ak_pa_channel *ch = v->ch;
    size_t n, d = v->d;
    const uint8_t *words = bytes_of(c, h, 2, &n);
    size_t at = h->spans[2].offset;
    for (size_t i = 0; i < d; i++)
        for (int g = 0; g < 3; g++)
            for (int a = 0; a < 3; a++)
                if (ch[i].bits[g][a] > 32)
                    return true; /* rule 45: not decodable */
    size_t s32_len;
    bool s32 = ak_format_option(c->opt, "s32_totals", &s32_len) != NULL;
    ak_pa_overflow over;
    ak_pa_progress progress;
    ak_pa_progress_begin(&progress, c, at, v);
    bool decoded = ak_pa_decode(ch, d, v->game, v->key_count, words, n / 4, s32, ak_pa_progress_key, &progress, &over);
    ak_release_done(&progress.release);
    if (!decoded)
        return true;
    static const char *const groups[] = {"rotation", "translation", "scale"};
    if (over.found &&
        !ak_lreport(c, RULE(BITSTREAM_S16_RANGE), false, at + over.bit / 32 * 4, 4, "bitstream",
                    "%s (key %u, descriptor %u, %s %c: %lld)", RULE(BITSTREAM_S16_RANGE)->message, over.key,
                    over.channel, groups[over.group], "xyz"[over.axis], (long long)over.value))
        return false;
    uint64_t used = v->stream_bits % 32;
    if (used && n >= 4 && (ak_lget32be(words + n - 4) >> used) != 0 &&
        !ak_lreport(c, RULE(BITSTREAM_PAD_BITS), false, at + n - 4, 4, "bitstream", "%s",
                    RULE(BITSTREAM_PAD_BITS)->message))
        return false;
    return true;
}

bool primeanim_hook_bitstream(ak_lctx *c, const ak_lhook *h)
{
    ak_pa_v2 v;
    ak_pa_v2_of(c->root, &v); /* h->obj is the root's v2 arm */
    return check_bitmap(c, h, &v) && check_descriptors(c, h, &v) && check_bitstream(c, h, &v);
}
