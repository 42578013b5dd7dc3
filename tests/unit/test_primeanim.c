/* Metroid Prime ANIM (../shared/specs/prime-anim.md): one small v2 file per
 * game written here byte by byte, whose bitstream words and decoded totals
 * are worked out by hand from §2.6-§2.9 (independent of any encoder);
 * byte-exact re-emission and dump -> undump of every conformance case and
 * example without errors (§5.1, warnings included); the limits that need
 * inputs too large to commit (file size, float word count, decoded size);
 * the s32_totals option; detection. */
#include "test_support.h"

#include "model.h"

#include "primeanim.h"
#include "primeanim_layout.h"


/* Where the build put the generated cases, examples and seeds
 * (tests/primeanim/generate.cmake): <build>/generated/primeanim/<what> */
static const char *generated(const char *what)
{
    static char path[3][4096];
    static int next;
    const char *bin = getenv("AK_BINARY_DIR");
    char *p = path[next++ % 3];
    snprintf(p, sizeof path[0], "%s/generated/primeanim/%s", bin ? bin : "build", what);
    return p;
}
#include <math.h>

static const ak_format *prime(void)
{
    const ak_format *f = ak_format_find("primeanim");
    assert_non_null(f);
    return f;
}

/* ---- MP1 (§2.4): one channel, bone 3, rotation and translation, K = 2 ---------
 * keyed frames 0, 1, 3 (N = 4, bitmap 0b1011); widths rotation 4 4 4,
 * translation 3 3 3: bits_per_key = 1 + 12 + 9 = 22, W = ceil(44 / 32) = 2.
 * init rotation (100, -200, 0), translation (10, 20, -30).
 * key 1: sign 0, rotation deltas (+1, -2, +3), translation (+1, 0, -1);
 * key 2: sign 1, rotation deltas (-8, +7, 0), translation (-4, +3, +2).
 * Bits, LSB-first from bit 0 of word 0 (§2.7):
 *   key 1: p0 sign 0; p1-4 +1 = 0001; p5-8 -2 = 1110; p9-12 +3 = 0011;
 *          p13-15 +1 = 001; p16-18 0; p19-21 -1 = 111
 *   key 2: p22 sign 1; p23-26 -8 = 1000; p27-30 +7 = 0111; p31-34 0;
 *          p35-37 -4 = 100; p38-40 +3 = 011; p41-43 +2 = 010
 * word 0: bits 1, 6-8, 9-10, 13, 19-22, 26, 27-29 = 0x3C7827C2
 * word 1: bits 37, 38-39, 42 (5, 6-7, 10 of it) = 0x000004E0
 * L = 0x34 + 4 + 8 + 26 + 8 = 98, scratch = L - 4 = 0x5E, then 30 bytes 0xFF. */
static const uint8_t mp1_file[128] = {
    0x00, 0x00, 0x00, 0x02, 0x00, 0x00, 0x00, 0x5E, /* version 2, scratch 94 */
    0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x01, /* evnt 0, unk_a 1 */
    0x3F, 0xC0, 0x00, 0x00, 0x3F, 0x00, 0x00, 0x00, /* duration 1.5, interval 0.5 */
    0x00, 0x00, 0x00, 0x03, 0x00, 0x00, 0x00, 0x00, /* root 3, looping 0 */
    0x00, 0x00, 0x7F, 0xFF, 0x3F, 0x00, 0x00, 0x00, /* divisor 0x7FFF, translation x 0.5 */
    0x00, 0x00, 0x00, 0x01, 0x00, 0x00, 0x00, 0x01, /* bone_channel_count 1, unk_b 1 */
    0x00, 0x00, 0x00, 0x04, 0x00, 0x00, 0x00, 0x0B, /* N 4, bitmap 0b1011 */
    0x00, 0x00, 0x00, 0x01, 0x00, 0x00, 0x00, 0x01, /* D again, D */
    0x00, 0x00, 0x00, 0x03, 0x00, 0x02,             /* bone 3, 2 rotation keys */
    0x00, 0x64, 0x04, 0xFF, 0x38, 0x04, 0x00, 0x00, 0x04, /* 100/4, -200/4, 0/4 */
    0x00, 0x02,                                     /* 2 translation keys */
    0x00, 0x0A, 0x03, 0x00, 0x14, 0x03, 0xFF, 0xE2, 0x03, /* 10/3, 20/3, -30/3 */
    0x3C, 0x78, 0x27, 0xC2, 0x00, 0x00, 0x04, 0xE0, /* the bitstream */
    0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF,
    0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF,
};

/* ---- MP2 (§2.5): bone 0 rotation only (widths 5), bone 5 translation (2)
 * and scale (3) without rotation; K = 1, frames 0 and 1 (N = 2, bitmap 0b11).
 * bits_per_key = (1 + 15) + 6 + 9 = 31, W = 1.
 * init: rotation (0, 1000, -1000); translation (1, 2, 3); scale (10, 10, 10).
 * key 1: sign 1, rotation (+15, -16, -1); translation (+1, -2, 0); scale (+3, -4, -1).
 *   p0 1; p1-5 01111; p6-10 10000; p11-15 11111; p16-17 01; p18-19 10;
 *   p20-21 00; p22-24 011; p25-27 100; p28-30 111
 * word 0: bits 0-4, 10-16, 19, 22-23, 27-30 = 0x78C9FC1F
 * L = 0x32 + 4 + 4 + 16 + 25 + 4 = 103, scratch 99, then 25 bytes 0xFF. */
static const uint8_t mp2_file[128] = {
    0x00, 0x00, 0x00, 0x02, 0x00, 0x00, 0x00, 0x63, /* version 2, scratch 99 */
    0x01, 0x01,                                     /* unk_c, unk_a */
    0x3E, 0x80, 0x00, 0x00, 0x3E, 0x80, 0x00, 0x00, /* duration 0.25, interval 0.25 */
    0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, /* root 0, looping 0 */
    0x00, 0x00, 0x7F, 0xFF,                         /* divisor */
    0x3F, 0x80, 0x00, 0x00, 0x3F, 0x00, 0x00, 0x00, /* translation x 1, scale x 0.5 */
    0x00, 0x00, 0x00, 0x02, 0x00, 0x00, 0x00, 0x01, /* bone_channel_count 2, unk_b 1 */
    0x00, 0x00, 0x00, 0x02, 0x00, 0x00, 0x00, 0x03, /* N 2, bitmap 0b11 */
    0x00, 0x00, 0x00, 0x02,                         /* D */
    0x00, 0x00, 0x01,                               /* bone 0, 1 rotation key */
    0x00, 0x00, 0x05, 0x03, 0xE8, 0x05, 0xFC, 0x18, 0x05, /* 0/5, 1000/5, -1000/5 */
    0x00, 0x00, 0x00, 0x00,                         /* no translation, no scale */
    0x05, 0x00, 0x00, 0x00, 0x01,                   /* bone 5, no rotation, 1 translation key */
    0x00, 0x01, 0x02, 0x00, 0x02, 0x02, 0x00, 0x03, 0x02, /* 1/2, 2/2, 3/2 */
    0x00, 0x01,                                     /* 1 scale key */
    0x00, 0x0A, 0x03, 0x00, 0x0A, 0x03, 0x00, 0x0A, 0x03, /* 10/3 x 3 */
    0x78, 0xC9, 0xFC, 0x1F,                         /* the bitstream */
    0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF,
    0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF,
};

/* The totals worked out above (§2.8), key by key */
static const int32_t mp1_rot[3][3] = {{100, -200, 0}, {101, -202, 3}, {93, -195, 3}};
static const int32_t mp1_trans[3][3] = {{10, 20, -30}, {11, 20, -31}, {7, 23, -29}};
static const bool mp1_sign[3] = {false, false, true};
static const uint32_t mp1_frames[3] = {0, 1, 3};
static const int32_t mp2_rot[2][3] = {{0, 1000, -1000}, {15, 984, -1001}};
static const int32_t mp2_trans[2][3] = {{1, 2, 3}, {2, 0, 3}};
static const int32_t mp2_scale[2][3] = {{10, 10, 10}, {13, 6, 9}};

typedef struct keys {
    ak_pa_totals t[4][2];
    uint32_t n;
} keys;

static void collect(void *user, uint32_t key, const ak_pa_totals *totals, size_t d)
{
    keys *k = user;
    assert_true(key < 4 && d <= 2);
    memcpy(k->t[key], totals, d * sizeof *totals);
    k->n = key + 1;
}

static void assert_clean(const uint8_t *data, size_t size)
{
    ak_diags *d = ak_diags_new(NULL);
    ak_input in = {"hand", data, size, false};
    ak_options opt = {0};
    prime()->validate(&in, &opt, d);
    for (size_t i = 0; i < ak_diags_count(d); i++)
        print_message("%s %s\n", ak_diags_at(d, i)->rule->code, ak_diags_at(d, i)->message);
    assert_int_equal(ak_diags_count(d), 0);
    ak_diags_free(d);
}

/* A hand-computed v2 file's document as the decoder's view (its descriptors). */
static void view_of(const uint8_t *data, size_t size, ak_pa_v2 *v)
{
    ak_arena arena;
    ak_arena_init(&arena, 0);
    ak_diags *d = ak_diags_new(NULL);
    primeanim_file *doc = primeanim_decode(data, size, NULL, d, &arena);
    assert_non_null(doc);
    ak_pa_v2_of(doc, v);
    v->bitmap = v->words = NULL; /* in the arena */
    ak_diags_free(d);
    ak_arena_free(&arena);
}

static void test_mp1_hand_computed(void **state)
{
    (void)state;
    assert_clean(mp1_file, sizeof mp1_file);
    bool both;
    assert_int_equal(ak_pa_detect(mp1_file, sizeof mp1_file, &both), AK_PA_MP1);
    ak_pa_v2 view;
    view_of(mp1_file, sizeof mp1_file, &view);
    assert_int_equal(view.d, 1);
    assert_int_equal(view.stream_bits, 22 * 2); /* bits per key x K */
    assert_true(view.ch[0].bone == 3 && view.ch[0].count[AK_PA_ROT] == 2 && view.ch[0].count[AK_PA_TRANS] == 2);
    keys k = {0};
    assert_true(ak_pa_decode(view.ch, 1, AK_PA_MP1, 2, mp1_file + 0x5A, 2, false, collect, &k, NULL));
    assert_int_equal(k.n, 3);
    for (int key = 0; key < 3; key++) {
        assert_int_equal(k.t[key][0].sign, mp1_sign[key]);
        for (int a = 0; a < 3; a++) {
            assert_int_equal(k.t[key][0].v[AK_PA_ROT][a], mp1_rot[key][a]);
            assert_int_equal(k.t[key][0].v[AK_PA_TRANS][a], mp1_trans[key][a]);
        }
    }
    /* §2.9: key 2's translation (7, 23, -29) x 0.5; its rotation has w < 0 */
    double v[4], q[4];
    assert_int_equal(ak_pa_values(&k.t[2][0], AK_PA_TRANS, 0x7FFF, 0.5, v), 3);
    assert_float_equal(v[0], 3.5, 1e-12);
    assert_float_equal(v[2], -14.5, 1e-12);
    assert_int_equal(ak_pa_values(&k.t[2][0], AK_PA_ROT, 0x7FFF, 1, q), 4);
    double rq = (M_PI / 2) / 32767;
    assert_float_equal(q[1], sin(93 * rq), 1e-12);
    assert_float_equal(q[2], sin(-195 * rq), 1e-12);
    assert_true(q[0] < 0);
    assert_float_equal(q[0] * q[0] + q[1] * q[1] + q[2] * q[2] + q[3] * q[3], 1.0, 1e-9);

    /* the layout's document: K, bits per key and W as §2.6 and §2.7 say */
    ak_arena arena;
    ak_arena_init(&arena, 0);
    ak_diags *d = ak_diags_new(NULL);
    primeanim_file *doc = primeanim_decode(mp1_file, sizeof mp1_file, NULL, d, &arena);
    assert_non_null(doc);
    assert_int_equal(doc->game, 1);
    assert_true(doc->v2_mp1.key_count == 2 && doc->v2_mp1.bits_per_key == 22 && doc->v2_mp1.words == 2);
    assert_int_equal(doc->v2_mp1.padding_count, 30);
    ak_diags_free(d);
    ak_arena_free(&arena);
}

static void test_mp2_hand_computed(void **state)
{
    (void)state;
    assert_clean(mp2_file, sizeof mp2_file);
    bool both;
    assert_int_equal(ak_pa_detect(mp2_file, sizeof mp2_file, &both), AK_PA_MP2);
    ak_pa_v2 view;
    view_of(mp2_file, sizeof mp2_file, &view);
    assert_int_equal(view.d, 2);
    assert_int_equal(view.stream_bits, 31); /* bits per key x K */
    keys k = {0};
    assert_true(ak_pa_decode(view.ch, 2, AK_PA_MP2, 1, mp2_file + 0x63, 1, false, collect, &k, NULL));
    assert_int_equal(k.n, 2);
    assert_true(k.t[1][0].sign);
    assert_int_equal(k.t[1][0].v[AK_PA_ROT][0], 15);
    assert_int_equal(k.t[1][0].v[AK_PA_ROT][1], 984);
    assert_int_equal(k.t[1][0].v[AK_PA_ROT][2], -1001);
    for (int a = 0; a < 3; a++) {
        assert_int_equal(k.t[1][0].v[AK_PA_ROT][a], mp2_rot[1][a]);
        assert_int_equal(k.t[1][1].v[AK_PA_TRANS][a], mp2_trans[1][a]);
        assert_int_equal(k.t[1][1].v[AK_PA_SCALE][a], mp2_scale[1][a]);
        assert_int_equal(k.t[0][1].v[AK_PA_SCALE][a], mp2_scale[0][a]);
    }
    assert_false(k.t[1][1].sign); /* no rotation: no sign bit */
}

/* §2.8 wrap16 against the s32_totals option: 32000 + 1000 */
static void test_totals_wrap(void **state)
{
    (void)state;
    ak_pa_channel ch = {.bone = 0, .count = {1, 0, 0}, .init = {{32000, 0, 0}}, .bits = {{12, 1, 1}}};
    uint8_t words[4] = {0, 0, 0x07, 0xD0}; /* sign 0, +1000 in bits 1..12 */
    keys k = {0};
    ak_pa_overflow over;
    assert_true(ak_pa_decode(&ch, 1, AK_PA_MP2, 1, words, 1, false, collect, &k, &over));
    assert_int_equal(k.t[1][0].v[AK_PA_ROT][0], 33000 - 65536);
    assert_true(over.found && over.key == 1 && over.value == 33000);
    assert_true(ak_pa_decode(&ch, 1, AK_PA_MP2, 1, words, 1, true, collect, &k, &over));
    assert_int_equal(k.t[1][0].v[AK_PA_ROT][0], 33000);
    ak_options opt = {.format_options = "x=1,game=mp2,s32_totals"};
    size_t n;
    int64_t game;
    const char *why = NULL;
    assert_int_equal(primeanim_option_game(&opt, &game, &why), 1); /* `option game { ... }` */
    assert_int_equal(game, AK_PA_MP2);
    ak_options other = {.format_options = "game=mp3"}, none = {0};
    assert_int_equal(primeanim_option_game(&other, &game, &why), -1);
    assert_string_equal(why, "format option game takes mp1 or mp2");
    assert_int_equal(primeanim_option_game(&none, &game, NULL), 0);
    assert_int_equal(game, AK_PA_MP1);
    assert_non_null(ak_format_option(&opt, "s32_totals", &n));
    assert_null(ak_format_option(&opt, "s32", &n));
}

static bool has_code(const ak_diags *d, const char *code)
{
    for (size_t i = 0; i < ak_diags_count(d); i++)
        if (strcmp(ak_diags_at(d, i)->rule->code, code) == 0)
            return true;
    return false;
}

static ak_diags *validate(const uint8_t *data, size_t size)
{
    ak_diags *d = ak_diags_new(NULL);
    ak_input in = {"big", data, size, false};
    ak_options opt = {0};
    prime()->validate(&in, &opt, d);
    return d;
}

static void put32(uint8_t *p, uint32_t v)
{
    p[0] = (uint8_t)(v >> 24), p[1] = (uint8_t)(v >> 16), p[2] = (uint8_t)(v >> 8), p[3] = (uint8_t)v;
}

/* The MP1 header of mp1_file with N, the bitmap and D descriptors of
 * rotation and translation at `width` for keys keys; returns its length. */
static size_t big_v2(uint8_t *p, uint32_t n, uint32_t key_count, uint32_t d, uint8_t width)
{
    memcpy(p, mp1_file, 0x30);
    put32(p + 0x28, d);
    put32(p + 0x30, n);
    size_t at = 0x34, words = (n + 31) / 32;
    memset(p + at, 0, 4 * words);
    uint32_t last = n - 1; /* frames 0 .. K - 1 and the last are keyed */
    for (uint32_t f = 0; f <= last; f = f + 1 < key_count ? f + 1 : (f < last ? last : f + 1))
        p[at + 4 * (f >> 5) + 3 - (f & 31) / 8] |= (uint8_t)(1u << (f & 7));
    at += 4 * words;
    put32(p + at, d), put32(p + at + 4, d);
    at += 8;
    for (uint32_t c = 0; c < d; c++) {
        put32(p + at, c == d - 1 ? 3 : 10 + c);
        at += 4;
        for (int g = 0; g < 2; g++) {
            p[at] = (uint8_t)(key_count >> 8), p[at + 1] = (uint8_t)key_count;
            at += 2;
            for (int a = 0; a < 3; a++, at += 3)
                p[at] = p[at + 1] = 0, p[at + 2] = width;
        }
    }
    uint64_t bits = (uint64_t)d * (1 + 6 * width) * key_count;
    memset(p + at, 0, (size_t)(bits + 31) / 32 * 4);
    at += (size_t)(bits + 31) / 32 * 4;
    put32(p + 4, (uint32_t)(at - 4));
    float duration = (float)last * 0.5f;
    uint32_t u;
    memcpy(&u, &duration, 4);
    put32(p + 0x10, u);
    return at;
}

/* Rules 51, 57, 61: inputs too large to commit, made here. */
static void test_limits(void **state)
{
    (void)state;
    size_t cap = 64u << 20;
    uint8_t *p = calloc(1, cap + 1);
    assert_non_null(p);
    /* 57: one byte over max_file_bytes */
    put32(p, 2);
    ak_diags *d = validate(p, cap + 1);
    assert_true(has_code(d, "primeanim.limit.file-size"));
    ak_diags_free(d);
    /* 51: 2 channels x (1 + 6 x 32) bits x 43466 keys >= 2^24 */
    size_t len = big_v2(p, 43467, 43466, 2, 32);
    d = validate(p, len);
    assert_true(has_code(d, "primeanim.bitstream.float-size"));
    for (size_t i = 0; i < ak_diags_count(d); i++)
        if (ak_diags_at(d, i)->severity == AK_SEV_ERROR)
            print_message("%s %s\n", ak_diags_at(d, i)->rule->code, ak_diags_at(d, i)->message);
    assert_int_equal(ak_diags_errors(d), 0);
    ak_diags_free(d);
    /* 61: 2^20 frames x 7 channels x 40 bytes > 256 MiB, with K = 1 */
    len = big_v2(p, 1048576, 1, 7, 4);
    d = validate(p, len);
    assert_true(has_code(d, "primeanim.limit.decoded-size"));
    ak_diags_free(d);
    free(p);
}

/* The codes of validating data with these format options (NULL: none). */
static ak_diags *validate_with(const uint8_t *data, size_t size, const char *options)
{
    ak_diags *d = ak_diags_new(NULL);
    ak_input in = {"limits", data, size, false};
    ak_options opt = {.format_options = options};
    prime()->validate(&in, &opt, d);
    return d;
}

static void assert_limit(const uint8_t *data, size_t size, const char *options, const char *code, bool reported)
{
    ak_diags *d = validate_with(data, size, options);
    if (has_code(d, code) != reported)
        fail_msg("%s: %s %s", options, code, reported ? "not reported" : "reported");
    ak_diags_free(d);
}

/* One bone at rest, 3 keys 0.1 s apart */
typedef struct rest_anim {
    ak_key key[3];
    ak_arena arena; /* the track's keys */
    ak_track track;
    ak_animation anim;
} rest_anim;

static void rest(rest_anim *r)
{
    memset(r, 0, sizeof *r);
    for (int k = 0; k < 3; k++)
        r->key[k].time = k / 10.0, r->key[k].interp = AK_INTERP_LINEAR, r->key[k].value.f[3] = 1;
    r->track = (ak_track){.node = "3", .property = "rotation", .type = AK_VT_FLOATQ, .kind = AK_TRACK_CURVE};
    ak_arena_init(&r->arena, 0);
    assert_true(ak_track_set_keys(&r->track, &r->arena, r->key, 3));
    r->anim = (ak_animation){.name = "v0", .end = 0.2, .tracks = &r->track, .track_count = 1};
}

/* A v0 file from the v0 writer (§5.3): one bone, 3 frames (F = 3), MP1 */
static void v0_file(ak_buf *out)
{
    rest_anim r;
    rest(&r);
    ak_animation anim = r.anim;
    ak_options opt = {.format_options = "game=mp1", .format_version = "0"};
    ak_diags *d = ak_diags_new(NULL);
    ak_buf_init(out);
    assert_true(prime()->from_model(&anim, &opt, d, out));
    ak_diags_free(d);
    ak_arena_free(&r.arena);
}

/* Every configurable limit of §4 at its edge: the limit itself passes, one
 * less is reported; a malformed value is reported with the limit's rule. */
static void test_limit_options(void **state)
{
    (void)state;
    /* 57 max_file_bytes: mp1_file has 128 bytes */
    assert_limit(mp1_file, sizeof mp1_file, "max_file_bytes=128", "primeanim.limit.file-size", false);
    assert_limit(mp1_file, sizeof mp1_file, "max_file_bytes=127", "primeanim.limit.file-size", true);
    assert_limit(mp1_file, sizeof mp1_file, "max_file_bytes=1K", "primeanim.limit.file-size", false);
    assert_limit(mp1_file, sizeof mp1_file, "max_file_bytes=0K", "primeanim.limit.file-size", true);
    assert_limit(mp1_file, sizeof mp1_file, "max_file_bytes=lots", "primeanim.limit.file-size", true);
    /* 59 max_frames: N = 4 (MP1), N = 2 (MP2), F = 3 (v0) */
    assert_limit(mp1_file, sizeof mp1_file, "max_frames=4", "primeanim.limit.frames", false);
    assert_limit(mp1_file, sizeof mp1_file, "max_frames=3", "primeanim.limit.frames", true);
    assert_limit(mp2_file, sizeof mp2_file, "max_frames=2", "primeanim.limit.frames", false);
    assert_limit(mp2_file, sizeof mp2_file, "max_frames=1", "primeanim.limit.frames", true);
    assert_limit(mp1_file, sizeof mp1_file, "max_frames=", "primeanim.limit.frames", true);
    ak_buf v0;
    v0_file(&v0);
    assert_limit((const uint8_t *)v0.data, v0.len, "game=mp1,max_frames=3", "primeanim.limit.frames", false);
    assert_limit((const uint8_t *)v0.data, v0.len, "game=mp1,max_frames=2", "primeanim.limit.frames", true);
    /* 61 max_decoded_bytes: frames x channels x 40 = 4 x 1 x 40 (MP1), 2 x 2 x 40 (MP2), 3 x 1 x 40 (v0) */
    assert_limit(mp1_file, sizeof mp1_file, "max_decoded_bytes=160", "primeanim.limit.decoded-size", false);
    assert_limit(mp1_file, sizeof mp1_file, "max_decoded_bytes=159", "primeanim.limit.decoded-size", true);
    assert_limit(mp2_file, sizeof mp2_file, "max_decoded_bytes=160", "primeanim.limit.decoded-size", false);
    assert_limit(mp2_file, sizeof mp2_file, "max_decoded_bytes=159", "primeanim.limit.decoded-size", true);
    assert_limit((const uint8_t *)v0.data, v0.len, "game=mp1,max_decoded_bytes=120", "primeanim.limit.decoded-size",
                 false);
    assert_limit((const uint8_t *)v0.data, v0.len, "game=mp1,max_decoded_bytes=119", "primeanim.limit.decoded-size",
                 true);
    assert_limit(mp1_file, sizeof mp1_file, "max_decoded_bytes=-1", "primeanim.limit.decoded-size", true);
    /* the v0 writer refuses key arrays beyond max_file_bytes (3 frames x 1 channel x 48 bytes = 144) */
    ak_buf_free(&v0);
    rest_anim r;
    rest(&r);
    for (int over = 0; over < 2; over++) {
        ak_options opt = {.format_options = over ? "max_file_bytes=143" : "max_file_bytes=144", .format_version = "0"};
        ak_diags *d = ak_diags_new(NULL);
        ak_buf out;
        ak_buf_init(&out);
        assert_int_equal(prime()->from_model(&r.anim, &opt, d, &out), !over);
        ak_buf_free(&out);
        ak_diags_free(d);
    }
    ak_arena_free(&r.arena);
    /* the option syntax: the last occurrence wins; K, M, G; beyond 64 bits is malformed */
    ak_options o = {.format_options = "max_frames=1,max_frames=2M,s32_totals"};
    uint64_t v = 0;
    assert_true(ak_format_option_u64(&o, "max_frames", &v) && v == (UINT64_C(2) << 20));
    o.format_options = "max_frames=18446744073709551616";
    assert_false(ak_format_option_u64(&o, "max_frames", &v));
    o.format_options = "max_frames=17179869184G";
    assert_false(ak_format_option_u64(&o, "max_frames", &v));
    v = 7;
    assert_true(ak_format_option_u64(&o, "max_file_bytes", &v) && v == 7); /* absent: unchanged */
}

/* The one diagnostic of code `code` validating data with options: its path, offset and message. */
static void assert_reported(const uint8_t *data, size_t size, const char *options, const char *code,
                            const char *path, uint64_t offset, const char *message)
{
    ak_diags *d = validate_with(data, size, options);
    const ak_diag *g = NULL;
    for (size_t i = 0; i < ak_diags_count(d); i++)
        if (strcmp(ak_diags_at(d, i)->rule->code, code) == 0) {
            assert_null(g);
            g = ak_diags_at(d, i);
        }
    assert_non_null(g);
    assert_string_equal(g->path, path);
    assert_int_equal(g->offset, offset);
    assert_string_equal(g->message, message);
    ak_diags_free(d);
}

/* The limits and maps the layout declares (`<= option`, `assert ... <= option`,
 * `assert each`) are reported at their field, with the values they compared. */
static void test_declared_checks_reported(void **state)
{
    (void)state;
    assert_reported(mp1_file, sizeof mp1_file, "max_frames=3", "primeanim.limit.frames", "/bitmap_bits", 0x30,
                    "N or F above max_frames (bitmap_bits = 4, the limit is 3; format option max_frames sets it)");
    assert_reported(mp1_file, sizeof mp1_file, "max_decoded_bytes=159", "primeanim.limit.decoded-size", "/key_bitmap",
                    0x34,
                    "the decoded keys exceed max_decoded_bytes (40 * bitmap_bits * descriptor_count = 160, the limit "
                    "is 159; format option max_decoded_bytes sets it)");
    assert_reported(mp1_file, sizeof mp1_file, "max_frames=x", "primeanim.limit.frames", "", 0,
                    "format option max_frames: not a count (digits, then K, M or G)");
    ak_buf v0;
    v0_file(&v0); /* F = 3, one channel: bone 3's */
    uint8_t *b = (uint8_t *)v0.data;
    assert_reported(b, v0.len, "game=mp1,max_frames=2", "primeanim.limit.frames", "/frame_count", 20,
                    "N or F above max_frames (frame_count = 3, the limit is 2; format option max_frames sets it)");
    assert_reported(b, v0.len, "game=mp1,max_decoded_bytes=119", "primeanim.limit.decoded-size", "/bone_map", 32,
                    "the decoded keys exceed max_decoded_bytes (40 * frame_count * channel_count = 120, the limit is "
                    "119; format option max_decoded_bytes sets it)");
    assert_int_equal(b[32 + 3], 0);
    b[32 + 5] = 4; /* bone 5 on a channel past the one there is */
    assert_reported(b, v0.len, "game=mp1", "primeanim.v0.channel-index", "/bone_map", 32 + 5,
                    "a bone_map value is not below the channel count (bone_map[5] = 4; channel_count = 1)");
    ak_buf_free(&v0);
}

/* §6 B2 v0_scale_order and §5.3 v0_duration: MP2 v0 with two scaled bones,
 * written and read frame-major (or channel-major); F intervals of duration */
static void test_v0_options(void **state)
{
    (void)state;
    ak_key skeys[2][3];
    ak_track tracks[2];
    ak_arena keys_arena;
    ak_arena_init(&keys_arena, 0);
    memset(skeys, 0, sizeof skeys);
    for (int t = 0; t < 2; t++) {
        for (int k = 0; k < 3; k++) {
            skeys[t][k].time = k / 10.0, skeys[t][k].interp = AK_INTERP_LINEAR;
            for (int a = 0; a < 3; a++)
                skeys[t][k].value.f[a] = (float)(1 + t + 0.25 * k + 0.125 * a);
        }
        tracks[t] = (ak_track){.node = t ? "bone_7" : "bone_0", .property = "scale", .type = AK_VT_FLOAT3,
                               .kind = AK_TRACK_CURVE};
        assert_true(ak_track_set_keys(&tracks[t], &keys_arena, skeys[t], 3));
    }
    ak_animation anim = {.name = "scales", .end = 0.2, .tracks = tracks, .track_count = 2};
    static const char *const written[] = {"game=mp2,v0_scale_order=frame,v0_duration=frames", "game=mp2"};
    for (int w = 0; w < 2; w++) {
        ak_options opt = {.format_options = written[w], .format_version = "0"};
        ak_diags *d = ak_diags_new(NULL);
        ak_buf out;
        ak_buf_init(&out);
        assert_true(prime()->from_model(&anim, &opt, d, &out));
        /* duration (CharAnimTime at 4): 3 or 2 intervals of 0.1 s; both are valid (rule 21) */
        uint32_t bits = (uint32_t)((uint8_t)out.data[4]) << 24 | (uint32_t)((uint8_t)out.data[5]) << 16 |
                        (uint32_t)((uint8_t)out.data[6]) << 8 | (uint8_t)out.data[7];
        float duration;
        memcpy(&duration, &bits, 4);
        assert_float_equal(duration, w == 0 ? 0.3 : 0.2, 1e-6);
        ak_diags *v = validate_with((const uint8_t *)out.data, out.len, "game=mp2");
        assert_int_equal(ak_diags_count(v), 0);
        ak_diags_free(v);
        /* read with each order: the values come back only with the order they were written in */
        for (int r = 0; r < 2; r++) {
            ak_options ropt = {.format_options = r == 0 ? "game=mp2,v0_scale_order=frame" : "game=mp2"};
            ak_input in = {"v0", (const uint8_t *)out.data, out.len, false};
            ak_arena arena;
            ak_arena_init(&arena, 0);
            ak_animation *back = NULL;
            assert_true(prime()->to_model(&in, &ropt, d, &arena, &back));
            bool same = true;
            for (size_t i = 0; i < back->track_count; i++) {
                const ak_track *b = &back->tracks[i];
                if (strcmp(b->property, "scale") != 0)
                    continue;
                int t = strcmp(b->target.path, "bone_7") == 0;
                for (int k = 0; k < 3; k++)
                    for (int a = 0; a < 3; a++)
                        same &= ak_key_component(b, (size_t)k, (unsigned)a) == skeys[t][k].value.f[a];
            }
            assert_int_equal(same, r == w);
            ak_arena_free(&arena);
        }
        ak_buf_free(&out);
        ak_diags_free(d);
    }
    /* other values: refused by the writer and the reader */
    ak_options bad = {.format_options = "game=mp2,v0_scale_order=bone", .format_version = "0"};
    ak_diags *d = ak_diags_new(NULL);
    ak_buf out;
    ak_buf_init(&out);
    assert_false(prime()->from_model(&anim, &bad, d, &out));
    bad.format_options = "v0_duration=seconds";
    assert_false(prime()->from_model(&anim, &bad, d, &out));
    ak_arena arena;
    ak_arena_init(&arena, 0);
    ak_animation *back = NULL;
    ak_input in = {"hand", mp2_file, sizeof mp2_file, false};
    assert_false(prime()->to_model(&in, &bad, d, &arena, &back));
    assert_true(has_code(d, "primeanim.convert.refused"));
    ak_arena_free(&arena);
    ak_arena_free(&keys_arena);
    ak_buf_free(&out);
    ak_diags_free(d);
}

/* The hand-written v2 MP1 file with an EVNT id (0x12345678) and looping. */
static void mp1_file_with_header(uint8_t file[sizeof mp1_file])
{
    memcpy(file, mp1_file, sizeof mp1_file);
    put32(file + 0x08, 0x12345678); /* evnt_id */
    put32(file + 0x1C, 1);          /* looping */
}

/* The EVNT id and the looping flag through the common model: v2 MP1 -> model
 * -> v2 and v0 MP1 keep them; MP2 reports the id as lost. */
static void test_model_header(void **state)
{
    (void)state;
    uint8_t file[sizeof mp1_file];
    mp1_file_with_header(file);
    ak_input in = {"hand", file, sizeof file, false};
    ak_options opt = {0};
    ak_diags *d = ak_diags_new(NULL);
    ak_arena arena;
    ak_arena_init(&arena, 0);
    ak_animation *anim = NULL;
    assert_true(prime()->to_model(&in, &opt, d, &arena, &anim));
    assert_int_equal(anim->looping, AK_LOOPING_YES);
    assert_string_equal(ak_animation_attribute(anim, "primeanim.evnt_id"), "0x12345678");
    for (int v0 = 0; v0 < 2; v0++) {
        ak_options wopt = {.format_options = "game=mp1", .format_version = v0 ? "0" : NULL};
        ak_buf out;
        ak_buf_init(&out);
        assert_true(prime()->from_model(anim, &wopt, d, &out));
        const uint8_t *p = (const uint8_t *)out.data;
        if (!v0) {
            assert_int_equal(ak_lget32be(p + 0x08), 0x12345678);
            assert_int_equal(ak_lget32be(p + 0x1C), 1);
        }
        ak_input back_in = {"back", p, out.len, false};
        ak_animation *back = NULL;
        assert_true(prime()->to_model(&back_in, &wopt, d, &arena, &back));
        assert_string_equal(ak_animation_attribute(back, "primeanim.evnt_id"), "0x12345678");
        assert_int_equal(back->looping, v0 ? AK_LOOPING_UNKNOWN : AK_LOOPING_YES);
        ak_buf_free(&out);
    }
    assert_true(has_code(d, "primeanim.convert.loss")); /* v0 has no looping flag */
    ak_diags_free(d);
    /* MP2 has no EVNT id: reported; the hand file (0, not looping): no attribute */
    d = ak_diags_new(NULL);
    ak_options mp2 = {.format_options = "game=mp2"};
    ak_buf out;
    ak_buf_init(&out);
    assert_true(prime()->from_model(anim, &mp2, d, &out));
    assert_true(has_code(d, "primeanim.convert.loss"));
    ak_buf_free(&out);
    ak_input hand = {"hand", mp1_file, sizeof mp1_file, false};
    assert_true(prime()->to_model(&hand, &opt, d, &arena, &anim));
    assert_int_equal(anim->looping, AK_LOOPING_NO);
    assert_int_equal(anim->attribute_count, 0);
    assert_null(ak_animation_attribute(anim, "primeanim.evnt_id"));
    ak_diags_free(d);
    /* the id's text: decimal or 0x; one a u32 cannot hold is a loss, and the file says none (0);
       an unknown game refuses the conversion */
    static const struct {
        const char *text;
        uint32_t written;
    } ids[] = {{"305419896", 0x12345678}, {"0xFFFFFFFF", 0xFFFFFFFF}, {"0x100000000", 0}, {"-1", 0}, {" 7", 0},
               {"12ab", 0}};
    for (size_t i = 0; i < sizeof ids / sizeof ids[0]; i++) {
        ak_attribute attr = {"primeanim.evnt_id", ids[i].text};
        ak_animation copy = *anim;
        copy.attributes = &attr, copy.attribute_count = 1;
        d = ak_diags_new(NULL);
        ak_buf_init(&out);
        assert_true(prime()->from_model(&copy, &opt, d, &out));
        assert_int_equal(ak_lget32be((const uint8_t *)out.data + 0x08), ids[i].written);
        assert_int_equal(has_code(d, "primeanim.convert.loss"), ids[i].written == 0);
        ak_buf_free(&out);
        ak_diags_free(d);
    }
    ak_options mp3 = {.format_options = "game=mp3"};
    d = ak_diags_new(NULL);
    ak_buf_init(&out);
    assert_false(prime()->from_model(anim, &mp3, d, &out));
    assert_true(has_code(d, "primeanim.convert.refused"));
    ak_buf_free(&out);
    ak_diags_free(d);
    ak_arena_free(&arena);
}

/* A conversion to a format without a looping flag or an EVNT id (AnimJ)
 * names both as lost (animkit.convert.loss), with the id's value; one that
 * keeps them (v2 MP1, through the model with another version) does not. */
static void test_convert_names_lost_header(void **state)
{
    (void)state;
    uint8_t file[sizeof mp1_file];
    mp1_file_with_header(file);
    ak_input in = {"hand", file, sizeof file, false};
    ak_options opt = {0};
    ak_diags *d = ak_diags_new(NULL);
    ak_buf out;
    ak_buf_init(&out);
    assert_true(ak_convert(&in, prime(), ak_format_find("animj"), &opt, d, &out, NULL));
    const ak_diag *lost = NULL;
    for (size_t i = 0; i < ak_diags_count(d); i++)
        if (strcmp(ak_diags_at(d, i)->rule->code, "animkit.convert.loss") == 0)
            lost = ak_diags_at(d, i);
    assert_non_null(lost);
    assert_int_equal(lost->severity, AK_SEV_WARNING);
    assert_non_null(strstr(lost->message, "the looping flag"));
    assert_non_null(strstr(lost->message, "primeanim.evnt_id=0x12345678"));
    ak_diags_free(d);
    /* the same into a buffer that already holds something (a caller
       appending): the output is checked from where it begins, the bytes
       before it kept */
    ak_buf_free(&out);
    ak_buf_puts(&out, "held before");
    d = ak_diags_new(NULL);
    assert_true(ak_convert(&in, prime(), ak_format_find("animj"), &opt, d, &out, NULL));
    assert_true(has_code(d, "animkit.convert.loss"));
    assert_int_equal(ak_diags_errors(d), 0);
    assert_memory_equal(out.data, "held before{", 12);
    ak_diags_free(d);
    /* the writer's own fields are its business: no generic warning */
    d = ak_diags_new(NULL);
    ak_buf_free(&out);
    ak_options v0 = {.format_version = "0", .format_options = "game=mp1"};
    assert_true(ak_convert(&in, prime(), prime(), &v0, d, &out, NULL));
    assert_false(has_code(d, "animkit.convert.loss"));
    ak_buf_free(&out);
    ak_diags_free(d);
}

/* The fuzz seed of bd4b1e4: an MP2 file whose unused scale multiplier is the
 * NaN 0xFFFF126F. Its dump spells that NaN with its bits and undumps to the
 * same bytes (the dump used to write "nan"). */
static void test_nan_payload_seed(void **state)
{
    (void)state;
    size_t size = 0;
    char path[4200];
    snprintf(path, sizeof path, "%s/nan_payload_unused_scale.anim", generated("fuzz-corpus"));
    char *data = ak_test_read_file(path, &size);
    assert_non_null(data);
    ak_input in = {"seed", (const uint8_t *)data, size, false};
    ak_options opt = {0};
    ak_diags *d = ak_diags_new(NULL);
    ak_buf json, back;
    ak_buf_init(&json), ak_buf_init(&back);
    assert_true(prime()->dump(&in, &opt, d, &json));
    assert_non_null(strstr(ak_buf_cstr(&json), "\"scale_multiplier\": \"nan:0xffff126f\""));
    ak_input jin = {"seed.json", (const uint8_t *)json.data, json.len, false};
    assert_true(prime()->undump(&jin, &opt, d, &back));
    assert_true(back.len == size && memcmp(back.data, data, size) == 0);
    assert_int_equal(ak_diags_errors(d), 0);
    ak_buf_free(&json), ak_buf_free(&back);
    ak_diags_free(d);
    free(data);
}

/* §5.1: every case and example without errors re-emits, and undumps from its
 * dump, to exactly its bytes (warnings included). */
static void roundtrip_file(const char *path, const uint8_t *data, size_t size, void *checked)
{
    ak_input in = {path, data, size, false};
    ak_options opt = {0};
    ak_diags *d = ak_diags_new(NULL);
    prime()->validate(&in, &opt, d);
    if (ak_diags_errors(d) == 0) {
        ak_buf out, json, back;
        ak_buf_init(&out), ak_buf_init(&json), ak_buf_init(&back);
        ak_diags *d2 = ak_diags_new(NULL);
        assert_true(prime()->reemit(&in, &opt, d2, &out));
        if (out.len != size || memcmp(out.data, data, size) != 0)
            fail_msg("%s: re-emission changed the bytes", path);
        assert_true(prime()->dump(&in, &opt, d2, &json));
        ak_input jin = {"dump.json", (const uint8_t *)json.data, json.len, false};
        assert_true(prime()->undump(&jin, &opt, d2, &back));
        if (back.len != size || memcmp(back.data, data, size) != 0)
            fail_msg("%s: dump -> undump changed the bytes", path);
        ak_buf_free(&out), ak_buf_free(&json), ak_buf_free(&back);
        ak_diags_free(d2);
        ++*(int *)checked;
    }
    ak_diags_free(d);
}

static void test_roundtrip(void **state)
{
    (void)state;
    int checked = 0;
    ak_test_each_file(generated("conformance/valid"), ".anim", roundtrip_file, &checked);
    ak_test_each_file(generated("examples"), ".anim", roundtrip_file, &checked);
    assert_true(checked >= 60);
}

/* The dump of a hand-made file: the golden file, and in it the decoded
 * totals worked out by hand above (so the golden file cannot drift from
 * them); dump -> undump gives the bytes back whatever the decoded member
 * says (the undump skips it). */
static void dump_hand(const uint8_t *file, size_t size, const char *golden, ak_buf *json)
{
    ak_input in = {"hand", file, size, false};
    ak_options opt = {0};
    ak_diags *d = ak_diags_new(NULL);
    ak_buf_init(json);
    assert_true(prime()->dump(&in, &opt, d, json));
    ak_test_golden(golden, json->data, json->len);
    ak_buf back;
    ak_buf_init(&back);
    ak_input jin = {"dump.json", (const uint8_t *)json->data, json->len, false};
    assert_true(prime()->undump(&jin, &opt, d, &back));
    assert_true(back.len == size && memcmp(back.data, file, size) == 0);
    /* the decoded member edited: ignored */
    char *edited = strdup(ak_buf_cstr(json));
    char *at = strstr(edited, "\"frame\": 0");
    assert_non_null(at);
    at[9] = '7';
    ak_input ein = {"edited.json", (const uint8_t *)edited, strlen(edited), false};
    back.len = 0;
    assert_true(prime()->undump(&ein, &opt, d, &back));
    assert_true(back.len == size && memcmp(back.data, file, size) == 0);
    assert_int_equal(ak_diags_count(d), 0);
    free(edited);
    ak_buf_free(&back);
    ak_diags_free(d);
}

static void assert_has(const ak_buf *json, const char *want)
{
    if (!strstr(ak_buf_cstr((ak_buf *)json), want))
        fail_msg("the dump lacks %s", want);
}

static void test_dump_decoded(void **state)
{
    (void)state;
    char want[256];
    ak_buf json;
    dump_hand(mp1_file, sizeof mp1_file, "primeanim/v2_mp1_hand.dump.json", &json);
    assert_has(&json, "\"totals\": \"16-bit wrapping\"");
    for (int k = 0; k < 3; k++) {
        snprintf(want, sizeof want,
                 "{\"key\": %d, \"frame\": %u, \"channels\": [\n        {\"bone\": 3, \"sign\": %d, "
                 "\"rot_total\": [%d, %d, %d], \"rotation\": ",
                 k, mp1_frames[k], mp1_sign[k], mp1_rot[k][0], mp1_rot[k][1], mp1_rot[k][2]);
        assert_has(&json, want);
        /* translation multiplier 0.5 */
        snprintf(want, sizeof want, "\"trans_total\": [%d, %d, %d], \"translation\": [%g, %g, %g]}",
                 mp1_trans[k][0], mp1_trans[k][1], mp1_trans[k][2], mp1_trans[k][0] * 0.5, mp1_trans[k][1] * 0.5,
                 mp1_trans[k][2] * 0.5);
        assert_has(&json, want);
    }
    ak_buf_free(&json);
    dump_hand(mp2_file, sizeof mp2_file, "primeanim/v2_mp2_hand.dump.json", &json);
    for (int k = 0; k < 2; k++) {
        snprintf(want, sizeof want, "{\"bone\": 0, \"sign\": %d, \"rot_total\": [%d, %d, %d], \"rotation\": [",
                 k, mp2_rot[k][0], mp2_rot[k][1], mp2_rot[k][2]);
        assert_has(&json, want);
        /* bone 5: no rotation (no sign), translation x 1, scale x 0.5 */
        snprintf(want, sizeof want,
                 "{\"bone\": 5, \"trans_total\": [%d, %d, %d], \"translation\": [%d, %d, %d], "
                 "\"scale_total\": [%d, %d, %d], \"scale\": [%g, %g, %g]}",
                 mp2_trans[k][0], mp2_trans[k][1], mp2_trans[k][2], mp2_trans[k][0], mp2_trans[k][1],
                 mp2_trans[k][2], mp2_scale[k][0], mp2_scale[k][1], mp2_scale[k][2], mp2_scale[k][0] * 0.5,
                 mp2_scale[k][1] * 0.5, mp2_scale[k][2] * 0.5);
        assert_has(&json, want);
    }
    /* key 1 of bone 0: w < 0 (sign 1), x = sin(15 rq) */
    assert_has(&json, "\"rotation\": [-0.");
    ak_buf_free(&json);
}

/* A sink that records the largest piece it was handed. */
typedef struct pieces {
    ak_buf all;
    size_t count, largest;
} pieces;

static bool pieces_write(ak_sink *s, const void *data, size_t n)
{
    pieces *p = s->ctx;
    p->count++;
    p->largest = n > p->largest ? n : p->largest;
    ak_buf_append(&p->all, data, n);
    return !p->all.failed;
}

/* The decoded keys of a streamed dump go to the output as they are
 * written, not held whole (a 60 MB bitstream's are 1.4 GB of text): the
 * keys of 10 channels give the bytes of the whole dump in pieces of at
 * most about 64 KiB; so does the bitstream's array of words before them
 * (the layout's arrays drain too: 62,500 words are 190 KB of text). */
static void dump_streams(uint32_t key_count, size_t least)
{
    size_t cap = 1u << 20;
    uint8_t *p = calloc(1, cap);
    assert_non_null(p);
    size_t len = big_v2(p, key_count + 1, key_count, 10, 4);
    ak_input in = {"big", p, len, false};
    ak_options opt = {0};
    ak_diags *d = ak_diags_new(NULL);
    ak_buf whole;
    ak_buf_init(&whole);
    assert_true(prime()->dump(&in, &opt, d, &whole));
    assert_true(whole.len > least);
    pieces got = {.count = 0};
    ak_buf_init(&got.all);
    ak_sink sink = {.write = pieces_write, .ctx = &got};
    assert_true(ak_dump_to(&in, prime(), &opt, d, &sink));
    assert_int_equal(ak_diags_errors(d), 0);
    assert_int_equal(got.all.len, whole.len);
    assert_memory_equal(got.all.data, whole.data, whole.len);
    assert_true(got.count > 30);
    assert_true(got.largest < 2 * 65536);
    ak_buf_free(&got.all);
    ak_buf_free(&whole);
    ak_diags_free(d);
    free(p);
}

static void test_dump_decoded_streams(void **state)
{
    (void)state;
    dump_streams(2000, 2000000);
    dump_streams(8000, 8000000);
}

/* §1.2 and the sniffer: v2 by its constants, v0 weakly (".anim" is also Maya's) */
static void test_detect(void **state)
{
    (void)state;
    const ak_format *f = prime();
    assert_int_equal(f->sniff(mp1_file, sizeof mp1_file), AK_SNIFF_CONTENT);
    assert_int_equal(f->sniff(mp2_file, sizeof mp2_file), AK_SNIFF_CONTENT);
    assert_int_equal(f->sniff((const uint8_t *)"animVersion 1.1;", 16), AK_SNIFF_NO);
    const ak_format *g = ak_format_detect(mp1_file, sizeof mp1_file, "a.anim");
    assert_non_null(g);
    assert_string_equal(g->id, "primeanim");
    /* a hint that contradicts the file */
    ak_diags *d = ak_diags_new(NULL);
    ak_input in = {"hand", mp2_file, sizeof mp2_file, false};
    ak_options opt = {.format_options = "game=mp1"};
    f->validate(&in, &opt, d);
    assert_true(has_code(d, "primeanim.game.mismatch"));
    ak_diags_free(d);
}

/* §5.2: decode(encode(x)) within the quantisation bounds, both games; §5.3:
 * v0 keeps the floats */
static void test_compress_roundtrip(void **state)
{
    (void)state;
    enum { KEYS = 40, TRACKS = 5 };
    static ak_key model_keys[TRACKS][KEYS];
    ak_track tracks[TRACKS];
    ak_arena keys_arena;
    ak_arena_init(&keys_arena, 0);
    static const struct {
        const char *node, *property;
        ak_value_type type;
    } spec[TRACKS] = {{"3", "rotation", AK_VT_FLOATQ},    {"3", "translation", AK_VT_FLOAT3},
                      {"12", "rotation", AK_VT_FLOATQ},   {"12", "scale", AK_VT_FLOAT3},
                      {"40", "translation", AK_VT_FLOAT3}};
    for (int t = 0; t < TRACKS; t++) {
        memset(&tracks[t], 0, sizeof tracks[t]);
        tracks[t].node = spec[t].node, tracks[t].property = spec[t].property, tracks[t].type = spec[t].type;
        tracks[t].kind = AK_TRACK_CURVE;
        for (int k = 0; k < KEYS; k++) {
            ak_key *key = &model_keys[t][k];
            memset(key, 0, sizeof *key);
            key->time = k / 30.0, key->interp = AK_INTERP_LINEAR;
            double a = 0.2 * k + t; /* a rotation about a tilted axis swinging through a full turn */
            if (spec[t].type == AK_VT_FLOATQ) {
                double half = 0.09 * k * (t + 1), s = sin(half);
                key->value.f[0] = (float)(s * 0.6), key->value.f[1] = (float)(s * 0.0);
                key->value.f[2] = (float)(s * 0.8), key->value.f[3] = (float)cos(half);
            } else {
                key->value.f[0] = (float)(100 * sin(a)), key->value.f[1] = (float)(3 * k);
                key->value.f[2] = (float)(-0.5 * cos(a));
            }
        }
        assert_true(ak_track_set_keys(&tracks[t], &keys_arena, model_keys[t], KEYS));
    }
    ak_animation anim = {.name = "walk", .end = KEYS / 30.0, .tracks = tracks, .track_count = TRACKS};
    for (int run = 0; run < 4; run++) {
        int game = 1 + run % 2;
        bool v0 = run >= 2; /* §5.3: floats as they are, every frame keyed */
        ak_options opt = {.format_options = game == 1 ? "game=mp1" : "game=mp2", .format_version = v0 ? "0" : NULL};
        ak_diags *d = ak_diags_new(NULL);
        ak_buf out;
        ak_buf_init(&out);
        assert_true(prime()->from_model(&anim, &opt, d, &out));
        assert_int_equal(out.len % 32, 0);
        /* the canonical constants: valid at the strict level */
        ak_diag_options sopt = {.strict = true};
        ak_diags *v = ak_diags_new(&sopt);
        ak_input in = {"new", (const uint8_t *)out.data, out.len, false};
        ak_options strict = {.format_options = opt.format_options}; /* the level is the diags' */
        prime()->validate(&in, &strict, v);
        for (size_t i = 0; i < ak_diags_count(v); i++)
            print_message("%s %s\n", ak_diags_at(v, i)->rule->code, ak_diags_at(v, i)->message);
        assert_int_equal(ak_diags_count(v), 0);
        ak_arena arena;
        ak_arena_init(&arena, 0);
        ak_animation *back = NULL;
        assert_true(prime()->to_model(&in, &opt, d, &arena, &back));
        /* MP1: scale dropped, an identity rotation added to bone 40; MP2: all five. The
           tracks were named as files written before the bones' paths were bone_<id> */
        assert_int_equal(back->track_count, 5);
        int matched = 0;
        for (size_t i = 0; i < back->track_count; i++) {
            const ak_track *b = &back->tracks[i];
            const ak_track *a = NULL;
            for (int t = 0; t < TRACKS; t++)
                if (strncmp(b->target.path, "bone_", 5) == 0 && strcmp(spec[t].node, b->target.path + 5) == 0 &&
                    strcmp(spec[t].property, b->property) == 0)
                    a = &tracks[t];
            if (!a)
                continue; /* an identity rotation the encoder added */
            matched++;
            assert_int_equal(b->key_count, KEYS);
            for (int k = 0; k < KEYS; k++) {
                /* the source at the decoded key's time (the interval is cut to whole microseconds) */
                ak_value at;
                ak_value bv;
                ak_key_value(b, (size_t)k, &bv);
                assert_true(ak_track_eval(a, ak_key_time(b, (size_t)k), &at));
                const float *x = at.f, *y = bv.f;
                assert_true(fabs(ak_key_time(b, (size_t)k) - ak_key_time(a, (size_t)k)) < 1e-4);
                if (b->type == AK_VT_FLOATQ) {
                    /* q or -q; x y z within half a step of (pi/2)/0x7FFF in asin space (§5.2);
                       w is derived from them, so only loosely bound where it is near 0 */
                    double dot = x[0] * y[0] + x[1] * y[1] + x[2] * y[2] + x[3] * y[3];
                    double s = dot < 0 ? -1 : 1, half = 0.5 * (M_PI / 2) / 32767;
                    if (v0)
                        half = 0;
                    for (int c = 0; c < 3; c++)
                        if (fabs(asin(x[c]) - asin(s * y[c])) > half + 1e-6)
                            fail_msg("key %d component %d: %.9g vs %.9g", k, c, x[c], s * y[c]);
                    assert_true(fabs(x[3] - s * y[3]) < 1e-2);
                } else {
                    for (int c = 0; c < 3; c++)
                        assert_true(fabs(x[c] - y[c]) <= (v0 ? 0 : 0.5 * 117.0 / 32766 * 1.002) + 1e-5); /* M = 3 x 39 */
                }
            }
        }
        assert_int_equal(matched, game == 1 ? 4 : 5);
        ak_arena_free(&arena);
        ak_diags_free(v);
        ak_diags_free(d);
        ak_buf_free(&out);
    }
    ak_arena_free(&keys_arena);
}

/* Issue 26: Prime -> Maya -> Prime. Bones 3 and 7 are the objects bone_3 and
 * bone_7 in the Maya file (they were both node "_"), and come back as bones
 * 3 and 7, each rotation and translation within the quantisation. */
static void test_maya_round_trip(void **state)
{
    (void)state;
    enum { KEYS = 5 };
    ak_key model_keys[4][KEYS];
    ak_track tracks[4];
    ak_arena arena;
    ak_arena_init(&arena, 0);
    memset(model_keys, 0, sizeof model_keys);
    for (int t = 0; t < 4; t++) {
        bool rot = t % 2 == 0;
        double bone = t < 2 ? 3 : 7;
        for (int k = 0; k < KEYS; k++) {
            ak_key *key = &model_keys[t][k];
            key->time = k / 10.0, key->interp = AK_INTERP_LINEAR;
            double half = 0.05 * k * bone, s = sin(half);
            for (int c = 0; c < (rot ? 4 : 3); c++)
                key->value.f[c] = (float)(rot ? (c == 3 ? cos(half) : c == 0 ? s : 0) : bone + 0.5 * k * (c + 1));
        }
        tracks[t] = (ak_track){.node = t < 2 ? "bone_3" : "bone_7", .property = rot ? "rotation" : "translation",
                               .type = rot ? AK_VT_FLOATQ : AK_VT_FLOAT3, .kind = AK_TRACK_CURVE};
        assert_true(ak_track_set_keys(&tracks[t], &arena, model_keys[t], KEYS));
    }
    ak_animation anim = {.name = "walk", .end = 0.4, .tracks = tracks, .track_count = 4};
    ak_options opt = {.format_options = "game=mp1"};
    ak_diags *d = ak_diags_new(NULL);
    ak_buf prime_bytes, maya, back;
    ak_buf_init(&prime_bytes), ak_buf_init(&maya), ak_buf_init(&back);
    assert_true(prime()->from_model(&anim, &opt, d, &prime_bytes));
    ak_input in = {"walk.anim", (const uint8_t *)prime_bytes.data, prime_bytes.len, false};
    assert_true(ak_convert(&in, prime(), ak_format_find("maya"), &opt, d, &maya, NULL));
    assert_non_null(strstr(ak_buf_cstr(&maya), " bone_3 "));
    assert_non_null(strstr(ak_buf_cstr(&maya), " bone_7 "));
    assert_null(strstr(ak_buf_cstr(&maya), " _ "));
    ak_input maya_in = {"walk.ma.anim", (const uint8_t *)maya.data, maya.len, false};
    assert_true(ak_convert(&maya_in, ak_format_find("maya"), prime(), &opt, d, &back, NULL));
    assert_int_equal(ak_diags_errors(d), 0);
    ak_input back_in = {"back.anim", (const uint8_t *)back.data, back.len, false};
    ak_animation *first = NULL, *second = NULL;
    assert_true(prime()->to_model(&in, &opt, d, &arena, &first));
    assert_true(prime()->to_model(&back_in, &opt, d, &arena, &second));
    assert_int_equal(first->track_count, 4);
    assert_int_equal(second->track_count, 4);
    for (size_t i = 0; i < first->track_count; i++) {
        const ak_track *a = &first->tracks[i], *b = NULL;
        for (size_t k = 0; k < second->track_count; k++)
            if (ak_target_equal(&a->target, &second->tracks[k].target))
                b = &second->tracks[k];
        assert_non_null(b);
        double worst, at;
        assert_true(ak_track_deviation(a, b, &arena, &worst, &at));
        if (worst > 1e-3)
            fail_msg("%s/%s: deviation %g at %g", a->target.path, a->target.property, worst, at);
    }
    assert_string_equal(first->tracks[0].target.path, "bone_7"); /* MP1: the root (bone 3) last */
    ak_buf_free(&prime_bytes), ak_buf_free(&maya), ak_buf_free(&back);
    ak_diags_free(d);
    ak_arena_free(&arena);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_mp1_hand_computed), cmocka_unit_test(test_mp2_hand_computed),
        cmocka_unit_test(test_totals_wrap),       cmocka_unit_test(test_limits),
        cmocka_unit_test(test_roundtrip),         cmocka_unit_test(test_detect),
        cmocka_unit_test(test_compress_roundtrip), cmocka_unit_test(test_dump_decoded),
        cmocka_unit_test(test_dump_decoded_streams),
        cmocka_unit_test(test_limit_options),     cmocka_unit_test(test_v0_options),
        cmocka_unit_test(test_model_header),      cmocka_unit_test(test_convert_names_lost_header),
        cmocka_unit_test(test_nan_payload_seed),  cmocka_unit_test(test_maya_round_trip),
        cmocka_unit_test(test_declared_checks_reported),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
