/* Builds Metroid Prime ANIM files byte by byte from ../shared/specs/prime-anim.md
 * (§2.2-§2.7: headers, maps, descriptors, a bit writer for the bitstream),
 * independently of the layout's generated encoder and of the hooks'
 * decoder, deterministically:
 *
 *   primeanim_gen cases DIR      conformance cases: DIR/{valid,invalid}/<case>.anim,
 *                                <case>.anim.expected and .strict.expected
 *   primeanim_gen examples DIR   small valid and invalid samples (make demo)
 *   primeanim_gen seeds DIR      fuzz seeds
 *
 * The build runs it (tests/primeanim/generate.cmake) into
 * <build>/generated/primeanim/{conformance,examples,fuzz-corpus}: no binary
 * .anim file is committed. The .expected files of the cases are committed
 * too, in tests/conformance/primeanim/, so that the expected codes are
 * reviewed in git; a test checks they are what this program makes.
 *   primeanim_gen bench FILE MB  a v2 file of about MB megabytes, at most 60 (bench)
 *
 * Retail files are never used (spec §1.3). A case is a base file of one
 * game and version with one thing changed, and the rules it must report:
 * the severities of both levels come from the rule table, so each case's
 * two .expected files say the same codes at each level's severity. */
#include "bits.h"
#include "primeanim_layout.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

/* ---- bytes ---------------------------------------------------------------------- */

static void put8(ak_buf *b, unsigned v)
{
    uint8_t x = (uint8_t)v;
    ak_buf_append(b, &x, 1);
}
static void put16(ak_buf *b, unsigned v)
{
    put8(b, v >> 8);
    put8(b, v);
}
static void put32(ak_buf *b, uint32_t v)
{
    put16(b, v >> 16);
    put16(b, v & 0xffff);
}
static void putf(ak_buf *b, float f)
{
    uint32_t u;
    memcpy(&u, &f, 4);
    put32(b, u);
}
static void set32(ak_buf *b, size_t at, uint32_t v)
{
    uint8_t *p = (uint8_t *)b->data + at;
    p[0] = (uint8_t)(v >> 24), p[1] = (uint8_t)(v >> 16), p[2] = (uint8_t)(v >> 8), p[3] = (uint8_t)v;
}

/* 0xFF to a multiple of 32 (§2.1), or `extra` bytes of 0xFF when >= 0 */
static void pad(ak_buf *b, int extra)
{
    size_t n = extra >= 0 ? (size_t)extra : (32 - b->len % 32) % 32;
    for (size_t i = 0; i < n; i++)
        put8(b, 0xFF);
}

/* ---- the bit writer of §2.7: LSB-first, words big-endian ------------------------ */

typedef struct bits {
    uint32_t w[4096];
    uint64_t pos;
} bits;

static void put_bits(bits *s, uint64_t v, unsigned n)
{
    for (unsigned j = 0; j < n; j++, s->pos++)
        if (j < 64 && (v >> j) & 1)
            s->w[s->pos >> 5] |= UINT32_C(1) << (s->pos & 31);
}

/* ---- v2 (§2.4, §2.5) ----------------------------------------------------------- */

#define KEYS 4
typedef struct chan {
    uint32_t bone;
    uint16_t count[3];  /* rotation, translation, scale */
    int16_t init[3][3];
    uint8_t bits[3][3];
    bool sign[KEYS + 1];
    int32_t delta[KEYS + 1][3][3]; /* key 1..K */
} chan;

typedef struct v2 {
    int game;
    uint32_t evnt, unk_a, root, looping, divisor, unk_b;
    uint8_t b8, b9;
    float duration, interval, tmul, smul;
    uint32_t n;              /* bitmap bits */
    uint32_t bitmap[2];      /* the first words (enough for the cases) */
    int64_t bone_channels;   /* -1: D */
    int64_t dup_count;       /* -1: D (MP1) */
    uint32_t k;              /* records in the bitstream */
    size_t d;
    chan ch[4];
    int64_t scratch;         /* -1: L - 4 */
    uint32_t last_word_or;   /* set in the last bitstream word (pad bits) */
    int padding;             /* -1: to 32 */
    int64_t d_field;         /* -1: d */
} v2;

static bool has(const v2 *f, const chan *c, int g)
{
    if (g == 0)
        return f->game == 1 || c->count[0];
    return c->count[g] && (g == 1 || f->game == 2);
}

/* MP1: bones 5 and 3 (the root last); rotation and translation, 2 keys at
 * frames 0, 1, 3 (N = 4), interval 0.5, duration 1.5. MP2: bones 0 and 5,
 * the second with translation and scale only. */
static v2 base_v2(int game)
{
    v2 f;
    memset(&f, 0, sizeof f);
    f.game = game;
    f.unk_a = 1, f.b8 = 1, f.b9 = 1, f.unk_b = 1, f.looping = 1;
    f.root = game == 1 ? 3 : 0;
    f.divisor = 0x7FFF;
    f.duration = 1.5f, f.interval = 0.5f, f.tmul = 0.01f, f.smul = 0.001f;
    f.n = 4, f.bitmap[0] = 0x0B; /* frames 0, 1, 3 */
    f.bone_channels = f.dup_count = f.scratch = f.d_field = -1;
    f.padding = -1;
    f.k = 2;
    f.d = 2;
    chan *a = &f.ch[0], *b = &f.ch[1];
    a->bone = game == 1 ? 5 : 0;
    b->bone = game == 1 ? 3 : 5;
    a->count[0] = 2;
    for (int x = 0; x < 3; x++) {
        a->init[0][x] = (int16_t)(1000 * (x + 1));
        a->bits[0][x] = 6;
        a->delta[1][0][x] = x - 1;
        a->delta[2][0][x] = 20 - 10 * x;
    }
    a->sign[2] = true;
    if (game == 1) {
        b->count[0] = b->count[1] = 2;
        for (int x = 0; x < 3; x++) {
            b->init[0][x] = (int16_t)(-500 * x), b->bits[0][x] = 4;
            b->init[1][x] = (int16_t)(100 + x), b->bits[1][x] = 5;
            b->delta[1][0][x] = 7 - x, b->delta[2][0][x] = -8 + x;
            b->delta[1][1][x] = 15, b->delta[2][1][x] = -16 + x;
        }
    } else {
        b->count[1] = b->count[2] = 2;
        for (int x = 0; x < 3; x++) {
            b->init[1][x] = (int16_t)(-7 * x), b->bits[1][x] = 3;
            b->init[2][x] = 1000, b->bits[2][x] = 2;
            b->delta[1][1][x] = 3 - x, b->delta[2][1][x] = -4;
            b->delta[1][2][x] = 1, b->delta[2][2][x] = -2 + x;
        }
    }
    return f;
}

static void build_v2(const v2 *f, ak_buf *b)
{
    bool mp1 = f->game == 1;
    uint32_t d = f->d_field >= 0 ? (uint32_t)f->d_field : (uint32_t)f->d;
    put32(b, 2);
    put32(b, 0); /* scratch, set below */
    if (mp1) {
        put32(b, f->evnt);
        put32(b, f->unk_a);
    } else {
        put8(b, f->b8);
        put8(b, f->b9);
    }
    putf(b, f->duration);
    putf(b, f->interval);
    put32(b, f->root);
    put32(b, f->looping);
    put32(b, f->divisor);
    putf(b, f->tmul);
    if (!mp1)
        putf(b, f->smul);
    put32(b, f->bone_channels >= 0 ? (uint32_t)f->bone_channels : d);
    put32(b, f->unk_b);
    put32(b, f->n);
    for (uint32_t i = 0; i < (f->n + 31) / 32; i++)
        put32(b, i < 2 ? f->bitmap[i] : 0);
    if (mp1)
        put32(b, f->dup_count >= 0 ? (uint32_t)f->dup_count : d);
    put32(b, d);
    for (size_t i = 0; i < f->d; i++) {
        const chan *c = &f->ch[i];
        if (mp1)
            put32(b, c->bone);
        else
            put8(b, c->bone);
        for (int g = 0; g < (mp1 ? 2 : 3); g++) {
            put16(b, c->count[g]);
            if (c->count[g])
                for (int x = 0; x < 3; x++) {
                    put16(b, (uint16_t)c->init[g][x]);
                    put8(b, c->bits[g][x]);
                }
        }
    }
    static bits s;
    memset(&s, 0, sizeof s);
    for (uint32_t k = 1; k <= f->k; k++)
        for (size_t i = 0; i < f->d; i++) {
            const chan *c = &f->ch[i];
            for (int g = 0; g < 3; g++) {
                if (!has(f, c, g))
                    continue;
                if (g == 0)
                    put_bits(&s, c->sign[k], 1);
                for (int x = 0; x < 3; x++)
                    put_bits(&s, (uint64_t)(int64_t)c->delta[k][g][x], c->bits[g][x]);
            }
        }
    uint32_t words = (uint32_t)((s.pos + 31) / 32);
    if (words && f->last_word_or)
        s.w[words - 1] |= f->last_word_or;
    for (uint32_t i = 0; i < words; i++)
        put32(b, s.w[i]);
    size_t unpadded = b->len;
    /* scratch: given, L - 4 (RDS, §2.10), or -2: the footprint (L - 16 MP1, L - 6 MP2) */
    uint32_t footprint = (uint32_t)(unpadded - (mp1 ? 16 : 6));
    set32(b, 4, f->scratch >= 0 ? (uint32_t)f->scratch : f->scratch == -2 ? footprint : (uint32_t)(unpadded - 4));
    pad(b, f->padding);
}

/* ---- v0 (§2.2, §2.3) ----------------------------------------------------------- */

typedef struct v0 {
    int game;
    float duration, interval;
    uint32_t duration_type, interval_type;
    uint32_t f;     /* frames */
    uint32_t root, bone_map_count;
    uint8_t bone_map[100];
    uint32_t c;     /* channels */
    uint8_t maps[3][8];       /* MP1: [1] = trans_map; MP2: rotation, translation, scale */
    uint32_t map_len[3];      /* MP2 map lengths */
    uint32_t keys[3];         /* R, T, S */
    float rot_override[4];    /* the first rotation key when rot_override[0] != 0 */
    uint32_t evnt;
    int padding;
} v0;

static v0 base_v0(int game)
{
    v0 f;
    memset(&f, 0, sizeof f);
    f.game = game;
    f.interval = 0.5f, f.duration = 0.5f; /* (F - 1) intervals */
    f.duration_type = 0, f.interval_type = 0;
    f.f = 2;
    f.root = game == 1 ? 3 : 0;
    f.bone_map_count = 100;
    memset(f.bone_map, 0xFF, sizeof f.bone_map);
    f.bone_map[3] = 0, f.bone_map[7] = 1;
    f.c = 2;
    memset(f.maps, 0xFF, sizeof f.maps);
    f.maps[0][0] = 0, f.maps[0][1] = 1; /* MP2 rotation: both channels */
    f.maps[1][0] = 0;                   /* translation: channel 0 */
    f.maps[2][1] = 0;                   /* MP2 scale: channel 1 */
    f.map_len[0] = f.map_len[1] = f.map_len[2] = 2;
    f.keys[0] = 4, f.keys[1] = 2, f.keys[2] = game == 2 ? 2 : 0;
    f.padding = -1;
    return f;
}

static void put_vec(ak_buf *b, uint32_t n, float base)
{
    for (uint32_t i = 0; i < n; i++)
        for (int x = 0; x < 3; x++)
            putf(b, base + (float)i + 0.25f * (float)x);
}

static void build_v0(const v0 *f, ak_buf *b)
{
    put32(b, 0);
    putf(b, f->duration);
    put32(b, f->duration_type);
    putf(b, f->interval);
    put32(b, f->interval_type);
    put32(b, f->f);
    put32(b, f->root);
    put32(b, f->bone_map_count);
    ak_buf_append(b, f->bone_map, 100);
    if (f->game == 1) {
        put32(b, f->c);
        for (uint32_t i = 0; i < f->c; i++)
            put8(b, i < 8 ? f->maps[1][i] : 0xFF);
    } else {
        for (int m = 0; m < 3; m++) {
            put32(b, f->map_len[m]);
            for (uint32_t i = 0; i < f->map_len[m]; i++)
                put8(b, i < 8 ? f->maps[m][i] : 0xFF);
        }
        put32(b, f->keys[2]);
        put_vec(b, f->keys[2], 1.0f);
    }
    put32(b, f->keys[0]);
    for (uint32_t i = 0; i < f->keys[0]; i++) {
        /* unit quaternions, W X Y Z: a rotation about z by i/10 rad */
        float q[4] = {cosf(0.05f * (float)i), 0, 0, sinf(0.05f * (float)i)};
        if (i == 0 && f->rot_override[0] != 0)
            memcpy(q, f->rot_override, sizeof q);
        for (int x = 0; x < 4; x++)
            putf(b, q[x]);
    }
    put32(b, f->keys[1]);
    put_vec(b, f->keys[1], -2.0f);
    if (f->game == 1)
        put32(b, f->evnt);
    pad(b, f->padding);
}

/* ---- cases ----------------------------------------------------------------------- */

typedef struct expect {
    const char *code;
    int times;
} expect;

static const char *out_dir;
static int failures;

static void write_file(const char *path, const void *data, size_t n)
{
    FILE *fp = fopen(path, "wb");
    if (!fp || fwrite(data, 1, n, fp) != n) {
        fprintf(stderr, "primeanim_gen: cannot write %s: %s\n", path, strerror(errno));
        failures++;
    }
    if (fp)
        fclose(fp);
}

static const ak_rule *rule_of(const char *code)
{
    for (size_t i = 0; i < primeanim_RULE_COUNT; i++)
        if (strcmp(primeanim_rules[i].code, code) == 0)
            return &primeanim_rules[i];
    fprintf(stderr, "primeanim_gen: unknown rule %s\n", code);
    failures++;
    return NULL;
}

/* Writes one case: valid/ when no rule is an error at the compatible level. */
static void emit_case(const char *name, const ak_buf *b, const char *options, const expect *ex)
{
    bool error = false;
    for (const expect *e = ex; e && e->code; e++) {
        const ak_rule *r = rule_of(e->code);
        error |= r && r->compat == AK_SEV_ERROR;
    }
    char path[4096];
    snprintf(path, sizeof path, "%s/%s/%s.anim", out_dir, error ? "invalid" : "valid", name);
    write_file(path, b->data, b->len);
    for (int level = 0; level < 2; level++) {
        if (!ex && level == 0 && !error && !options)
            continue; /* a valid case without diagnostics needs no expectations */
        ak_buf t;
        ak_buf_init(&t);
        ak_buf_printf(&t, "# generated by primeanim_gen (tests/primeanim/primeanim_cases.c)\n");
        if (options)
            ak_buf_printf(&t, "--format-options %s\n", options);
        for (const expect *e = ex; e && e->code; e++) {
            const ak_rule *r = rule_of(e->code);
            for (int i = 0; r && i < (e->times ? e->times : 1); i++)
                ak_buf_printf(&t, "%s %s\n", ak_severity_name(level ? r->strict : r->compat), e->code);
        }
        char epath[4200];
        snprintf(epath, sizeof epath, "%s%s.expected", path, level ? ".strict" : "");
        write_file(epath, t.data, t.len);
        ak_buf_free(&t);
    }
}

#define EX(...) ((const expect[]){__VA_ARGS__, {NULL, 0}})
#define NONE NULL

static void case_v2(const char *name, const v2 *f, const char *options, const expect *ex)
{
    ak_buf b;
    ak_buf_init(&b);
    build_v2(f, &b);
    emit_case(name, &b, options, ex);
    ak_buf_free(&b);
}

static void case_v0(const char *name, const v0 *f, const char *options, const expect *ex)
{
    ak_buf b;
    ak_buf_init(&b);
    build_v0(f, &b);
    emit_case(name, &b, options, ex);
    ak_buf_free(&b);
}

/* A base file with bytes changed or cut (truncate: the new length, 0 = keep). */
static void case_patched(const char *name, ak_buf *b, size_t truncate, const char *options, const expect *ex)
{
    if (truncate)
        b->len = truncate;
    emit_case(name, b, options, ex);
    ak_buf_free(b);
}

static void v2_cases(int game)
{
    char name[128];
    const char *g = game == 1 ? "mp1" : "mp2";
    v2 f;
#define NAME(s) (snprintf(name, sizeof name, "v2_%s_%s", g, s), name)
#define V2(s, edit, ex)            \
    do {                           \
        f = base_v2(game);         \
        edit;                      \
        case_v2(NAME(s), &f, NULL, ex); \
    } while (0)
    V2("basic", (void)0, NONE);
    V2("rotation_width_17", f.ch[0].bits[0][1] = 17, NONE);
    V2("channel_count", f.bone_channels = 3, EX({"primeanim.header.channel-count", 0}));
    V2("unk_b", f.unk_b = 2, EX({"primeanim.header.unk-b", 0}));
    V2("looping", f.looping = 2, EX({"primeanim.header.looping", 0}));
    V2("rot_divisor_zero", f.divisor = 0, EX({"primeanim.header.rot-divisor-zero", 0}));
    V2("rot_divisor", f.divisor = 0x4000, EX({"primeanim.header.rot-divisor", 0}));
    V2("multiplier_nan", f.tmul = NAN, EX({"primeanim.header.multiplier", 0}));
    V2("multiplier_sign", f.tmul = -1, EX({"primeanim.header.multiplier-sign", 0}));
    V2("root_bone", f.root = 7, EX({"primeanim.header.root-bone", 0}));
    V2("duration_nan", f.duration = NAN,
       EX({"primeanim.time.nonfinite", 0}, {"primeanim.bitmap.last-bit", 0}));
    V2("interval_zero", f.interval = 0,
       EX({"primeanim.time.interval", 0}, {"primeanim.bitmap.last-bit", 0}));
    V2("duration_negative", f.duration = -1.5f,
       EX({"primeanim.time.duration-negative", 0}, {"primeanim.time.duration-frames", 0},
          {"primeanim.bitmap.last-bit", 0}));
    V2("duration_frames", f.duration = 3.0f,
       EX({"primeanim.time.duration-frames", 0}, {"primeanim.bitmap.last-bit", 0}));
    V2("bitmap_empty", f.n = 0, EX({"primeanim.bitmap.empty", 0}));
    V2("bitmap_popcount", f.bitmap[0] = 0x0F, EX({"primeanim.bitmap.popcount", 0}));
    V2("bitmap_first_bit", f.bitmap[0] = 0x0E, EX({"primeanim.bitmap.first-bit", 0}));
    V2("bitmap_last_bit", (f.n = 5, f.duration = 2.0f), EX({"primeanim.bitmap.last-bit", 0}));
    V2("bitmap_pad_bits", f.bitmap[0] |= 0x80000000u, EX({"primeanim.bitmap.pad-bits", 0}));
    V2("desc_bone_id", f.ch[0].bone = 100,
       game == 1 ? EX({"primeanim.desc.bone-id", 0}) : EX({"primeanim.desc.bone-id", 0}, {"primeanim.desc.order", 0}));
    V2("desc_bone_dup", f.ch[0].bone = f.ch[1].bone,
       game == 1 ? EX({"primeanim.desc.bone-dup", 0}, {"primeanim.desc.order", 0})
                 : EX({"primeanim.desc.bone-dup", 0}));
    V2("desc_count_mismatch", f.ch[1].count[1] = 3, EX({"primeanim.desc.count-mismatch", 0}));
    V2("desc_order", (f.ch[0].bone = game == 1 ? 3 : 9, f.ch[1].bone = 5), EX({"primeanim.desc.order", 0}));
    V2("width_over_32", f.ch[0].bits[0][0] = 33, EX({"primeanim.bitstream.width-over-32", 0}));
    V2("width_wide", f.ch[1].bits[1][2] = 17, EX({"primeanim.bitstream.width-wide", 0}));
    V2("rotation_width_18", f.ch[0].bits[0][1] = 18, EX({"primeanim.bitstream.width-wide", 0}));
    V2("width_zero", (f.ch[0].bits[0][0] = 0, f.ch[0].delta[1][0][0] = f.ch[0].delta[2][0][0] = 0),
       EX({"primeanim.bitstream.width-zero", 0}));
    V2("bitstream_pad_bits", f.last_word_or = 0x80000000u, EX({"primeanim.bitstream.pad-bits", 0}));
    V2("s16_range", (f.ch[0].init[0][0] = 32000, f.ch[0].bits[0][0] = 12, f.ch[0].delta[1][0][0] = 1000),
       EX({"primeanim.bitstream.s16-range", 0}));
    V2("scratch_too_small", f.scratch = 0, EX({"primeanim.scratch.too-small", 0}, {"primeanim.scratch.formula", 0}));
    V2("scratch_formula", f.scratch = -2, EX({"primeanim.scratch.formula", 0})); /* the footprint (HECL's MP1 rule) */
    V2("scratch_absurd", f.scratch = 0x2000000,
       EX({"primeanim.scratch.absurd", 0}, {"primeanim.scratch.formula", 0}));
    V2("pad_length", f.padding = 40, EX({"primeanim.pad.length", 0}));
    V2("pad_none", f.padding = 0, EX({"primeanim.pad.length", 0}));
    V2("limit_channels", (f.d_field = 101, f.bone_channels = 101), EX({"primeanim.limit.channels", 0}));
    V2("limit_frames", f.n = 1048577, EX({"primeanim.limit.frames", 0}));
    V2("desc_truncated", (f.d_field = 60, f.bone_channels = 60), EX({"primeanim.desc.truncated", 0}));
    if (game == 1) {
        V2("evnt_ffffffff", f.evnt = 0xFFFFFFFFu, EX({"primeanim.evnt.none-ffffffff", 0}));
        V2("dup_count", f.dup_count = 3, EX({"primeanim.header.dup-count", 0}));
        /* the second descriptor without rotation: MP1 still reads its sign bit */
        V2("mp1_no_rotation", (f.ch[1].count[0] = 0, memset(f.ch[1].bits[0], 0, 3)),
           EX({"primeanim.desc.mp1-no-rotation", 0}));
        V2("mp1_const", f.unk_a = 2, EX({"primeanim.header.mp1-const", 0}));
        f = base_v2(game);
        case_v2(NAME("game_mismatch"), &f, "game=mp2", EX({"primeanim.game.mismatch", 0}));
    } else {
        /* K comes from the first descriptor: none, while channels have keys */
        V2("first_no_rotation", (f.ch[0].count[0] = 0, f.k = 0),
           EX({"primeanim.desc.first-no-rotation", 0}, {"primeanim.bitmap.popcount", 0},
              {"primeanim.desc.count-mismatch", 2}));
        f = base_v2(game);
        f.b8 = 0; /* HECL's MP2 writer: 00 01 (§6 B5) */
        case_v2(NAME("mp2_const_hinted"), &f, "game=mp2", EX({"primeanim.header.mp2-const", 0}));
    }
    /* truncated: inside the header, the descriptors, the bitstream */
    ak_buf b;
    f = base_v2(game);
    ak_buf_init(&b);
    build_v2(&f, &b);
    case_patched(NAME("truncated_header"), &b, 0x20, NULL, EX({"primeanim.file.too-short", 0}));
    ak_buf_init(&b);
    f.padding = 0;
    build_v2(&f, &b);
    case_patched(NAME("truncated_bitstream"), &b, b.len - 2, NULL, EX({"primeanim.bitstream.truncated", 0}));
    ak_buf_init(&b);
    f = base_v2(game);
    build_v2(&f, &b);
    ((uint8_t *)b.data)[b.len - 1] = 0;
    case_patched(NAME("pad_bytes"), &b, 0, NULL, EX({"primeanim.pad.bytes", 0}));
#undef V2
#undef NAME
}

static void v0_cases(int game)
{
    char name[128];
    const char *g = game == 1 ? "mp1" : "mp2";
    v0 f;
#define NAME(s) (snprintf(name, sizeof name, "v0_%s_%s", g, s), name)
#define V0(s, edit, ex)            \
    do {                           \
        f = base_v0(game);         \
        edit;                      \
        case_v0(NAME(s), &f, NULL, ex); \
    } while (0)
    V0("basic", (void)0, NONE);
    V0("duration_frames_f", f.duration = 1.0f, NONE); /* F intervals: also accepted (§6 B10) */
    V0("cat_type", f.duration_type = 5, EX({"primeanim.time.cat-type", 0}));
    V0("cat_type_mismatch", f.duration_type = 2, EX({"primeanim.time.cat-type-mismatch", 0}));
    V0("duration_frames", f.duration = 3.0f, EX({"primeanim.time.duration-frames", 0}));
    V0("interval_zero", (f.interval = 0, f.interval_type = 2), EX({"primeanim.time.interval", 0}));
    V0("duration_negative", f.duration = -0.5f,
       EX({"primeanim.time.duration-negative", 0}, {"primeanim.time.duration-frames", 0}));
    V0("interval_inf", f.interval = INFINITY, EX({"primeanim.time.nonfinite", 0}));
    V0("bonemap_count", f.bone_map_count = 99, EX({"primeanim.v0.bonemap-count", 0}));
    V0("frame_count", (f.f = 0, f.duration = 0, f.duration_type = 2), EX({"primeanim.v0.frame-count", 0}));
    V0("channel_index", f.bone_map[9] = 2,
       EX({"primeanim.v0.channel-index", 0}, {"primeanim.v0.channel-permutation", 0}));
    V0("channel_permutation", f.bone_map[7] = 0, EX({"primeanim.v0.channel-permutation", 0}));
    V0("array_index", f.maps[1][0] = 5, EX({"primeanim.v0.array-index", 0}));
    V0("float_nonfinite", (f.rot_override[0] = NAN, f.rot_override[1] = 0),
       EX({"primeanim.v0.float-nonfinite", 0}));
    V0("quat_norm", (f.rot_override[0] = 2.0f), EX({"primeanim.v0.quat-norm", 0}));
    V0("root_bone", f.root = 100, EX({"primeanim.v0.root-bone", 0}));
    V0("pad_length", f.padding = 0, EX({"primeanim.pad.length", 0}));
    V0("limit_frames", (f.f = 1048577, f.duration = 0, f.duration_type = 2), EX({"primeanim.limit.frames", 0}));
    if (game == 1) {
        V0("key_count", f.keys[0] = 2, EX({"primeanim.v0.key-count", 0}));
        V0("evnt_ffffffff", f.evnt = 0xFFFFFFFFu, EX({"primeanim.evnt.none-ffffffff", 0}));
        V0("limit_channels", f.c = 256, EX({"primeanim.limit.channels", 0}));
    } else {
        V0("key_count", f.keys[2] = 3, EX({"primeanim.v0.key-count", 0}));
        V0("map_length", (f.map_len[2] = 3), EX({"primeanim.v0.map-length", 0}));
        V0("limit_channels", f.map_len[1] = 256, EX({"primeanim.limit.channels", 0}));
    }
    ak_buf b;
    f = base_v0(game);
    ak_buf_init(&b);
    build_v0(&f, &b);
    /* a v0 file that neither layout reads cleanly is read as the hinted game (§1.2) */
    const char *hint = game == 1 ? NULL : "game=mp2";
    case_patched(NAME("truncated_map"), &b, 0x40, hint, EX({"primeanim.file.too-short", 0}));
    ak_buf_init(&b);
    build_v0(&f, &b);
    case_patched(NAME("truncated_keys"), &b, game == 1 ? 0x90 : 0xA0, hint, EX({"primeanim.limit.count-vs-bytes", 0}));
    ak_buf_init(&b);
    build_v0(&f, &b);
    ((uint8_t *)b.data)[b.len - 1] = 0x00;
    case_patched(NAME("pad_bytes"), &b, 0, hint, EX({"primeanim.pad.bytes", 0}));
    /* a map length beyond the file (C at 0x84; MP2's Ct after a 2-byte rotation map) */
    ak_buf_init(&b);
    build_v0(&f, &b);
    set32(&b, game == 1 ? 0x84 : 0x8A, 200);
    case_patched(NAME("count_vs_bytes"), &b, 0, hint, EX({"primeanim.limit.count-vs-bytes", 0}));
#undef V0
#undef NAME
}

/* Both v0 layouts end cleanly (§1.2; found by a search over small
 * structures). After the bone map, MP1 reads C = 0, R = 0, T = 1 (12 bytes),
 * the EVNT id 00 FF FF FF; MP2 reads Cr = 0, Ct = 0, Cs = 1 (one byte),
 * S = 0, R = 0, T = 0 and three bytes of 0xFF padding. */
static void ambiguous_v0(ak_buf *b)
{
    static const uint8_t tail[] = {0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0,
                                   0, 0, 0, 0, 0, 0, 0, 0, 0, 0xFF, 0xFF, 0xFF};
    uint8_t bones[100];
    memset(bones, 0xFF, sizeof bones);
    ak_buf_init(b);
    put32(b, 0);
    putf(b, 0.5f), put32(b, 0), putf(b, 0.5f), put32(b, 0);
    put32(b, 1), put32(b, 0), put32(b, 100);
    ak_buf_append(b, bones, 100);
    ak_buf_append(b, tail, sizeof tail);
}

static void game_cases(void)
{
    ak_buf b;
    ak_buf_init(&b);
    put32(&b, 1);
    pad(&b, 28);
    emit_case("version_1", &b, NULL, EX({"primeanim.file.version", 0}));
    ak_buf_free(&b);
    ak_buf_init(&b);
    put32(&b, 3);
    pad(&b, 28);
    emit_case("version_3", &b, NULL, EX({"primeanim.file.version", 0}));
    ak_buf_free(&b);
    ak_buf_init(&b);
    put16(&b, 0);
    emit_case("too_short", &b, NULL, EX({"primeanim.file.too-short", 0}));
    ak_buf_free(&b);
    ambiguous_v0(&b);
    emit_case("v0_ambiguous", &b, NULL, EX({"primeanim.game.undetermined", 0}));
    emit_case("v0_ambiguous_mp1", &b, "game=mp1", NONE);
    /* as Echoes: the scale map is 1 long, the others 0, and its index 0 has no keys */
    emit_case("v0_ambiguous_mp2", &b, "game=mp2", EX({"primeanim.v0.map-length", 0}, {"primeanim.v0.array-index", 0}));
    ak_buf_free(&b);
}

/* §4: every configurable limit at its edge (format options): the limit
 * itself passes, one less is reported. Base files: v2 N = 4, D = 2; v0
 * F = 2, C = 2; decoded bytes = frames x channels x 40. */
static void limit_cases(void)
{
    char name[128], options[128];
    for (int game = 1; game <= 2; game++) {
        for (int v0f = 0; v0f < 2; v0f++) {
            ak_buf b;
            ak_buf_init(&b);
            if (v0f) {
                v0 f = base_v0(game);
                build_v0(&f, &b);
            } else {
                v2 f = base_v2(game);
                build_v2(&f, &b);
            }
            const char *hint = v0f && game == 2 ? "game=mp2," : "";
            unsigned frames = v0f ? 2 : 4, decoded = frames * 2 * 40;
            static const char *const what[3] = {"max_frames", "max_decoded_bytes", "max_file_bytes"};
            static const char *const code[3] = {"primeanim.limit.frames", "primeanim.limit.decoded-size",
                                                "primeanim.limit.file-size"};
            unsigned edge[3] = {frames, decoded, (unsigned)b.len};
            for (int l = 0; l < 3; l++)
                for (int over = 0; over < 2; over++) {
                    snprintf(name, sizeof name, "v%d_mp%d_%s_%s", v0f ? 0 : 2, game, what[l], over ? "over" : "edge");
                    snprintf(options, sizeof options, "%s%s=%u", hint, what[l], edge[l] - (unsigned)over);
                    emit_case(name, &b, options, over ? EX({code[l], 0}) : NONE);
                }
            ak_buf_free(&b);
        }
    }
}

static int make_dir(const char *path)
{
    if (mkdir(path, 0755) != 0 && errno != EEXIST) {
        fprintf(stderr, "primeanim_gen: cannot create %s: %s\n", path, strerror(errno));
        return 1;
    }
    return 0;
}

static int cases(const char *dir)
{
    char sub[4096];
    out_dir = dir;
    snprintf(sub, sizeof sub, "%s/valid", dir);
    if (make_dir(dir) || make_dir(sub))
        return 1;
    snprintf(sub, sizeof sub, "%s/invalid", dir);
    if (make_dir(sub))
        return 1;
    v2_cases(1);
    v2_cases(2);
    v0_cases(1);
    v0_cases(2);
    game_cases();
    limit_cases();
    return failures != 0;
}

static void sample(const char *dir, const char *name, const ak_buf *b)
{
    char path[4096];
    snprintf(path, sizeof path, "%s/%s", dir, name);
    write_file(path, b->data, b->len);
}

/* Inputs the fuzzer found (fuzz/primeanim_fuzzer.c), kept as seeds, byte
 * for byte: a width of 0 at the end of the bitstream (a crash of an early
 * decoder), and an MP2 file whose unused scale multiplier is the NaN
 * 0xFFFF126F (its dump lost the payload before NaNs kept their bits, commit
 * bd4b1e4). */
static const uint8_t crash_width_zero_at_end[136] = {
    0x00, 0x00, 0x00, 0x02, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0xff, 0x00,
    0x00, 0x00, 0x6b, 0x01, 0x01, 0x3f, 0xde, 0x00, 0x2c, 0x00, 0x00, 0x00,
    0x25, 0xe8, 0x00, 0x00, 0x02, 0x03, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
    0xff, 0x6f, 0x00, 0x00, 0x00, 0x02, 0x00, 0x00, 0x00, 0x01, 0x00, 0x00,
    0x00, 0x04, 0x00, 0x00, 0x00, 0x0b, 0x00, 0x00, 0x00, 0x02, 0x00, 0x00,
    0x02, 0xff, 0x00, 0x00, 0x00, 0x00, 0x02, 0x3f, 0x80, 0x00, 0x00, 0x3f,
    0xa0, 0x00, 0x00, 0x3f, 0xc0, 0x00, 0x00, 0xc0, 0x00, 0x00, 0x00, 0x40,
    0x10, 0x00, 0x00, 0x40, 0x20, 0x00, 0x00, 0x13, 0x00, 0x00, 0x04, 0x3f,
    0x80, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x05, 0x04, 0xff,
    0xad, 0x19, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x3d, 0x4c,
    0xb6, 0xf5, 0x3f, 0x7e, 0xb8, 0x98, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00,
    0x00, 0x40, 0xff, 0xff,
};
static const uint8_t nan_payload_unused_scale[109] = {
    0x00, 0x00, 0x00, 0x02, 0x00, 0x00, 0x00, 0x6b, 0x01, 0x01, 0x3f, 0xc0,
    0x80, 0x00, 0x3f, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00,
    0x00, 0x01, 0x00, 0x00, 0x7f, 0xff, 0x3c, 0x23, 0xff, 0xff, 0xff, 0xff,
    0x12, 0x6f, 0x00, 0x00, 0x00, 0x02, 0x00, 0x00, 0x00, 0x01, 0x00, 0x00,
    0x00, 0x04, 0x00, 0x00, 0x00, 0x0b, 0x00, 0x00, 0x00, 0x02, 0x00, 0x00,
    0x02, 0x03, 0xe8, 0x06, 0x07, 0xd0, 0x06, 0x0b, 0xb8, 0x06, 0x00, 0x00,
    0x00, 0x00, 0x02, 0x00, 0x00, 0x00, 0x05, 0x00, 0x00, 0x03, 0xff, 0xf9,
    0x03, 0xff, 0xf2, 0x03, 0x00, 0x00, 0x01, 0x03, 0xff, 0xff, 0xff, 0xff,
    0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
    0xff,
};

/* A v2 file whose translation multiplier is infinite (found by the fuzzer
 * in this stop): the dump's decoded values were written as bare inf, which
 * is not JSON, so the dump did not undump. */
static const uint8_t infinite_decoded_values[109] = {
    0x00, 0x00, 0x00, 0x02, 0x00, 0x00, 0x00, 0x6b, 0x01, 0x01, 0x00, 0x00,
    0xc0, 0x00, 0x00, 0x3f, 0x00, 0x3f, 0x00, 0xff, 0xfc, 0x00, 0x00, 0x00,
    0x00, 0xff, 0x23, 0x3c, 0x00, 0x01, 0x7f, 0x00, 0x6b, 0x65, 0x79, 0x5f,
    0x12, 0x6f, 0x00, 0x00, 0x00, 0x02, 0x00, 0x00, 0x00, 0x01, 0x00, 0x00,
    0x00, 0x04, 0x00, 0x00, 0x00, 0x0b, 0x00, 0x00, 0x00, 0x02, 0x00, 0x00,
    0x02, 0x03, 0xe8, 0x06, 0x07, 0xd0, 0x06, 0x0b, 0xb8, 0x06, 0x00, 0x00,
    0x00, 0x00, 0x5d, 0x05, 0x00, 0x00, 0x00, 0x02, 0x00, 0x00, 0x03, 0xff,
    0xf9, 0x03, 0xff, 0xf2, 0x03, 0x00, 0x02, 0x03, 0xe8, 0x02, 0x03, 0xe8,
    0x00, 0x00, 0x00, 0x0b, 0x52, 0x00, 0x03, 0xff, 0xff, 0xff, 0xff, 0xff,
    0xff,
};

static void found_seed(const char *dir, const char *name, const uint8_t *bytes, size_t n)
{
    ak_buf b;
    ak_buf_init(&b);
    ak_buf_append(&b, bytes, n);
    sample(dir, name, &b);
    ak_buf_free(&b);
}

/* The examples (make demo): one valid file per game and version, and
 * invalid ones; as seeds (the fuzz corpus), with the fuzzer's finds */
static int examples(const char *dir, bool seeds)
{
    if (make_dir(dir))
        return 1;
    ak_buf b;
    for (int game = 1; game <= 2; game++) {
        char name[64];
        v2 f = base_v2(game);
        ak_buf_init(&b);
        build_v2(&f, &b);
        snprintf(name, sizeof name, "%sv2_mp%d.anim", seeds ? "seed_" : "", game);
        sample(dir, name, &b);
        ak_buf_free(&b);
        v0 z = base_v0(game);
        ak_buf_init(&b);
        build_v0(&z, &b);
        snprintf(name, sizeof name, "%sv0_mp%d.anim", seeds ? "seed_" : "", game);
        sample(dir, name, &b);
        ak_buf_free(&b);
    }
    v2 f = base_v2(1);
    f.ch[0].bits[0][0] = 33;
    f.scratch = 0;
    ak_buf_init(&b);
    build_v2(&f, &b);
    sample(dir, seeds ? "seed_v2_bad.anim" : "invalid_v2_mp1_width_scratch.anim", &b);
    ak_buf_free(&b);
    v0 z = base_v0(2);
    z.bone_map[20] = 9;
    z.maps[1][1] = 4;
    ak_buf_init(&b);
    build_v0(&z, &b);
    sample(dir, seeds ? "seed_v0_bad.anim" : "invalid_v0_mp2_maps.anim", &b);
    ak_buf_free(&b);
    if (seeds) {
        ambiguous_v0(&b);
        sample(dir, "seed_v0_ambiguous.anim", &b);
        ak_buf_free(&b);
        found_seed(dir, "crash_width_zero_at_end.anim", crash_width_zero_at_end, sizeof crash_width_zero_at_end);
        found_seed(dir, "nan_payload_unused_scale.anim", nan_payload_unused_scale, sizeof nan_payload_unused_scale);
        found_seed(dir, "infinite_decoded_values.anim", infinite_decoded_values, sizeof infinite_decoded_values);
    }
    return failures != 0;
}

/* A v2 MP1 file of about mb megabytes (at most 60: the format's cap is
 * 64 MiB, rule 57): 100 channels of rotation and translation, 12-bit
 * fields, deltas that keep every total small; as many keys as the size needs
 * (at most 65,535). The bitstream goes through runtime/bits.h's writer. */
static int bench(const char *path, double mb)
{
    if (mb > 60)
        mb = 60;
    enum { D = 100, WIDTH = 12 };
    uint64_t per_key = D * (1 + 6 * WIDTH);
    uint64_t k = (uint64_t)(mb * 1e6 * 8 / (double)per_key);
    if (k < 1)
        k = 1;
    if (k > 65535)
        k = 65535;
    ak_buf b;
    ak_buf_init(&b);
    put32(&b, 2), put32(&b, 0), put32(&b, 0), put32(&b, 1);
    putf(&b, (float)k / 30), putf(&b, 1.0f / 30);
    put32(&b, 3), put32(&b, 1), put32(&b, 0x7FFF), putf(&b, 0.01f);
    put32(&b, D), put32(&b, 1), put32(&b, (uint32_t)k + 1);
    for (uint64_t w = 0; w < (k + 1 + 31) / 32; w++)
        put32(&b, w == k / 32 ? (uint32_t)(((uint64_t)1 << ((k % 32) + 1)) - 1) : 0xFFFFFFFFu);
    put32(&b, D), put32(&b, D);
    for (uint32_t c = 0; c < D; c++) {
        put32(&b, c == D - 1 ? 3 : (c < 3 ? c : c + 1));
        for (int g = 0; g < 2; g++) {
            put16(&b, (unsigned)k);
            for (int x = 0; x < 3; x++)
                put16(&b, (unsigned)(100 * x)), put8(&b, WIDTH);
        }
    }
    ak_bit_writer w;
    ak_bit_writer_init(&w, &b, AK_BITS_BE32_LSB);
    for (uint64_t key = 1; key <= k; key++)
        for (uint32_t c = 0; c < D; c++) {
            ak_bits_write(&w, 1, key & 1);
            for (int f = 0; f < 6; f++) {
                /* up and back down: the totals stay near their init */
                int32_t delta = (int32_t)((c * 7 + (uint32_t)f * 131) % 1000) * ((key & 1) ? 1 : -1);
                ak_bits_write(&w, WIDTH, (uint64_t)(int64_t)delta);
            }
        }
    ak_bits_flush(&w);
    set32(&b, 4, (uint32_t)(b.len - 4));
    pad(&b, -1);
    write_file(path, b.data, b.len);
    ak_buf_free(&b);
    return failures != 0;
}

int main(int argc, char **argv)
{
    if (argc >= 3 && strcmp(argv[1], "cases") == 0)
        return cases(argv[2]);
    if (argc >= 3 && strcmp(argv[1], "examples") == 0)
        return examples(argv[2], false);
    if (argc >= 3 && strcmp(argv[1], "seeds") == 0)
        return examples(argv[2], true);
    if (argc >= 4 && strcmp(argv[1], "bench") == 0)
        return bench(argv[2], atof(argv[3]));
    fprintf(stderr, "usage: primeanim_gen cases|examples|seeds DIR | bench FILE MB\n");
    return 2;
}
