/* Metroid Prime ANIM: descriptors, the bitstream decoder (spec §2.7-§2.9)
 * and the game detection (§1.2). Everything reads bytes the caller has
 * bounded; nothing allocates. Bits come from runtime/bits.h's reader. */
#include "primeanim.h"

#include "format_options.h"

#include "ak_layout.h"
#include "bits.h"

#include <math.h>
#include <string.h>


/* ---- descriptors (§2.4, §2.5) ------------------------------------------------ */

/* A group: u16 count, then {s16 init, u8 bits} x 3 when the count is not 0. */
static bool group(const uint8_t *p, size_t n, size_t *at, ak_pa_channel *c, int g)
{
    if (n - *at < 2)
        return false;
    c->count[g] = ak_lget16be(p + *at);
    *at += 2;
    if (!c->count[g])
        return true;
    if (n - *at < 9)
        return false;
    for (int a = 0; a < 3; a++) {
        c->init[g][a] = (int16_t)ak_lget16be(p + *at + 3 * (size_t)a);
        c->bits[g][a] = p[*at + 3 * (size_t)a + 2];
    }
    *at += 9;
    return true;
}

size_t ak_pa_parse_descriptors(const uint8_t *p, size_t n, int game, uint32_t d, ak_pa_channel *out)
{
    size_t at = 0;
    for (uint32_t i = 0; i < d; i++) {
        ak_pa_channel *c = &out[i];
        memset(c, 0, sizeof *c);
        size_t id = game == AK_PA_MP1 ? 4 : 1;
        if (n - at < id)
            return 0;
        c->bone = game == AK_PA_MP1 ? ak_lget32be(p + at) : p[at];
        at += id;
        if (!group(p, n, &at, c, AK_PA_ROT) || !group(p, n, &at, c, AK_PA_TRANS))
            return 0;
        if (game == AK_PA_MP2 && !group(p, n, &at, c, AK_PA_SCALE))
            return 0;
    }
    return at;
}

/* The groups a key of channel c has in the bitstream: MP1 always reads the
 * rotation (sign and three fields, §2.7), MP2 only what has keys. */
static bool present(const ak_pa_channel *c, int game, int g)
{
    if (g == AK_PA_ROT)
        return game == AK_PA_MP1 || c->count[g] != 0;
    return c->count[g] != 0 && (g == AK_PA_TRANS || game == AK_PA_MP2);
}

uint64_t ak_pa_bits_per_key(const ak_pa_channel *ch, size_t d, int game)
{
    uint64_t bits = 0;
    for (size_t i = 0; i < d; i++)
        for (int g = 0; g < 3; g++)
            if (present(&ch[i], game, g))
                bits += (g == AK_PA_ROT) + (uint64_t)ch[i].bits[g][0] + ch[i].bits[g][1] + ch[i].bits[g][2];
    return bits;
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
                if (!present(&ch[c], game, g))
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

void ak_pa_rotation(const ak_pa_totals *t, uint32_t divisor, double q[4])
{
    double rq = (M_PI / 2) / (divisor ? divisor : 1);
    double x = sin(t->v[AK_PA_ROT][0] * rq), y = sin(t->v[AK_PA_ROT][1] * rq), z = sin(t->v[AK_PA_ROT][2] * rq);
    double w2 = 1 - (x * x + y * y + z * z);
    double w = sqrt(w2 > 0 ? w2 : 0);
    q[0] = t->sign ? -w : w;
    q[1] = x;
    q[2] = y;
    q[3] = z;
}

void ak_pa_vector(const ak_pa_totals *t, int group, double multiplier, double v[3])
{
    for (int a = 0; a < 3; a++)
        v[a] = t->v[group][a] * multiplier;
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

int ak_pa_hint(const ak_options *opt)
{
    size_t n;
    const char *g = ak_format_option(opt, "game", &n);
    if (g && n == 3 && strncmp(g, "mp1", 3) == 0)
        return AK_PA_MP1;
    if (g && n == 3 && strncmp(g, "mp2", 3) == 0)
        return AK_PA_MP2;
    return 0;
}

static bool one_of(const char *v, size_t n, const char *a, const char *b, bool *second)
{
    if (n == strlen(a) && strncmp(v, a, n) == 0)
        *second = false;
    else if (n == strlen(b) && strncmp(v, b, n) == 0)
        *second = true;
    else
        return false;
    return true;
}

bool ak_pa_v0_options_of(const ak_options *opt, ak_pa_v0_options *out, const char **bad)
{
    size_t n;
    const char *v;
    *out = (ak_pa_v0_options){false, false};
    if ((v = ak_format_option(opt, "v0_scale_order", &n)) != NULL &&
        !one_of(v, n, "channel", "frame", &out->scale_frame_major)) {
        *bad = "format option v0_scale_order takes channel or frame";
        return false;
    }
    if ((v = ak_format_option(opt, "v0_duration", &n)) != NULL &&
        !one_of(v, n, "frames-1", "frames", &out->duration_frames)) {
        *bad = "format option v0_duration takes frames or frames-1";
        return false;
    }
    return true;
}
