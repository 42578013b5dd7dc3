/* AnimX (formats/animx): the spec's test vectors (animj-animx.md §8.1, §8.3,
 * §8.4 as byte arrays) decoded and re-encoded byte for byte, the negative
 * cases of §8.5, round trips through the common model for all 40 value
 * types in every track type and all three encodings, and conversions
 * streamed into a sink (from_model_to, AnimJ's too) against those held. */
#include "test_support.h"

#include "../../formats/animx/animx.h"
#include "../../formats/animx/animx_compress.h"
#include "sink.h"

#include <math.h>
#include <stdint.h>

static const char golden81_hex[] =
    "05416e696d58010000000300008040047465737400010008746573744e6f64650c7465737450726f706572747904000000"
    "00000000803f0100000040000000404001010a08746573744e6f64650c7465737450726f7065727479040000000000000000"
    "0000803f0200000000000040040000000000404006000000012708746573744e6f64650c7465737450726f70657274790400"
    "00000001047a65726f0000803f01036f6e6500000040010374776f0000404001036c656c";
static const char golden83_hex[] =
    "05416e696d5801000000030000804004746573740101a40164c0010008746573744e6f64650c0900a250726f70657274790400"
    "010070803f010000004004004f4001010a2d000b01300012020900124015008f40400600000001273900086101047a65726f6b"
    "0040036f6e653500e0010374776f0000404001036c656c";
static const char golden84_hex[] =
    "05416e696d5801000000020000004003766563000015016e0170030000003f0000003f0000403f0000803f0215016e01710202"
    "030000000000000000000000400000003f00000000000000400000404000000000";

static size_t unhex(const char *hex, uint8_t *out)
{
    size_t n = 0;
    for (; hex[0] && hex[1]; hex += 2) {
        unsigned v;
        sscanf(hex, "%2x", &v);
        out[n++] = (uint8_t)v;
    }
    return n;
}

static const ak_format *fmt(void)
{
    const ak_format *f = ak_format_find("animx");
    assert_non_null(f);
    return f;
}

/* Validates; returns the diagnostics (caller frees). */
static ak_diags *check(const uint8_t *data, size_t n, bool strict)
{
    ak_diag_options dopt = {strict, 0};
    ak_diags *d = ak_diags_new(&dopt);
    ak_options opt;
    memset(&opt, 0, sizeof opt);
    ak_input in = {"t.animx", data, n, false};
    fmt()->validate(&in, &opt, d);
    return d;
}

static bool has_code(const ak_diags *d, const char *code)
{
    for (size_t i = 0; i < ak_diags_count(d); i++)
        if (strcmp(ak_diags_at(d, i)->rule->code, code) == 0)
            return true;
    return false;
}

static void expect_clean(const uint8_t *data, size_t n)
{
    ak_diags *d = check(data, n, true);
    for (size_t i = 0; i < ak_diags_count(d); i++)
        fprintf(stderr, "unexpected %s\n", ak_diags_at(d, i)->rule->code);
    assert_int_equal(ak_diags_count(d), 0);
    ak_diags_free(d);
}

static void expect_code(const uint8_t *data, size_t n, const char *code)
{
    ak_diags *d = check(data, n, false);
    if (!has_code(d, code)) {
        fprintf(stderr, "expected %s, got:\n", code);
        for (size_t i = 0; i < ak_diags_count(d); i++)
            fprintf(stderr, "  %s\n", ak_diags_at(d, i)->rule->code);
    }
    assert_true(has_code(d, code));
    ak_diags_free(d);
}

/* to_model, then the canonical encoder with `compression`. */
static bool reencode(const uint8_t *data, size_t n, int compression, ak_buf *out, ak_arena *arena,
                     ak_animation **anim)
{
    ak_diags *d = ak_diags_new(NULL);
    ak_options opt;
    memset(&opt, 0, sizeof opt);
    ak_input in = {"t.animx", data, n, false};
    bool ok = fmt()->to_model(&in, &opt, d, arena, anim) && ak_animx_encode_model(*anim, compression, d, out);
    ak_diags_free(d);
    return ok;
}

static void expect_reencodes_to(const uint8_t *data, size_t n, const uint8_t *want, size_t want_n)
{
    ak_arena arena;
    ak_arena_init(&arena, 0);
    ak_animation *anim = NULL;
    ak_buf out;
    ak_buf_init(&out);
    assert_true(reencode(data, n, 0, &out, &arena, &anim));
    assert_int_equal(out.len, want_n);
    assert_memory_equal(out.data, want, want_n);
    /* reemit (same format convert) with --compress none agrees */
    ak_buf re;
    ak_buf_init(&re);
    ak_diags *d = ak_diags_new(NULL);
    ak_options opt;
    memset(&opt, 0, sizeof opt);
    opt.compress = AK_COMPRESS_NONE;
    ak_input in = {"t.animx", data, n, false};
    assert_true(fmt()->reemit(&in, &opt, d, &re));
    assert_int_equal(re.len, want_n);
    assert_memory_equal(re.data, want, want_n);
    /* without --compress it keeps the input's encoding (the header's byte
       after the version, name and track count: the first byte the two
       differ in when the input is compressed) */
    ak_buf kept;
    ak_buf_init(&kept);
    opt.compress = AK_COMPRESS_DEFAULT;
    assert_true(fmt()->reemit(&in, &opt, d, &kept));
    ak_input again = {"k.animx", (const uint8_t *)kept.data, kept.len, false};
    ak_buf kept_dump, in_dump;
    ak_buf_init(&kept_dump);
    ak_buf_init(&in_dump);
    assert_true(ak_dump(&again, fmt(), &opt, d, &kept_dump));
    assert_true(ak_dump(&in, fmt(), &opt, d, &in_dump));
    const char *enc_kept = strstr(ak_buf_cstr(&kept_dump), "\"encoding\"");
    const char *enc_in = strstr(ak_buf_cstr(&in_dump), "\"encoding\"");
    assert_non_null(enc_kept);
    assert_non_null(enc_in);
    assert_memory_equal(enc_kept, enc_in, 14);
    ak_buf_free(&kept_dump);
    ak_buf_free(&in_dump);
    ak_buf_free(&kept);
    ak_diags_free(d);
    ak_buf_free(&re);
    ak_buf_free(&out);
    ak_arena_free(&arena);
}

static void test_golden_81(void **state)
{
    (void)state;
    uint8_t g[256];
    size_t n = unhex(golden81_hex, g);
    assert_int_equal(n, 185);
    assert_int_equal(fmt()->sniff(g, n), AK_SNIFF_MAGIC);
    expect_clean(g, n);
    expect_reencodes_to(g, n, g, n);
}

static void test_golden_83(void **state)
{
    (void)state;
    uint8_t g1[256], g3[256];
    size_t n1 = unhex(golden81_hex, g1), n3 = unhex(golden83_hex, g3);
    assert_int_equal(n3, 125);
    expect_clean(g3, n3);
    expect_reencodes_to(g3, n3, g1, n1); /* canonical output is plain */
    /* 8.1's payload framed by the HC block encoder gives 8.3 exactly */
    ak_buf b;
    ak_buf_init(&b);
    ak_buf_append(&b, g1, 20);
    ak_buf_putc(&b, 1);
    assert_true(ak_animx_lz4_encode(g1 + 21, n1 - 21, AK_ANIMX_LZ4_HC_UNMARKED, &b));
    assert_int_equal(b.len, n3);
    assert_memory_equal(b.data, g3, n3);
    /* the stored-chunk variant (188 bytes) decodes the same */
    ak_buf_free(&b);
    ak_buf_init(&b);
    ak_buf_append(&b, g1, 20);
    const uint8_t stored[] = {1, 0x00, 0xa4, 0x01};
    ak_buf_append(&b, stored, sizeof stored);
    ak_buf_append(&b, g1 + 21, n1 - 21);
    assert_int_equal(b.len, 188);
    expect_clean((const uint8_t *)b.data, b.len);
    expect_reencodes_to((const uint8_t *)b.data, b.len, g1, n1);
    ak_buf_free(&b);
}

static void test_golden_84(void **state)
{
    (void)state;
    uint8_t g[256];
    size_t n = unhex(golden84_hex, g);
    assert_int_equal(n, 84);
    expect_clean(g, n);
    expect_reencodes_to(g, n, g, n);
    ak_arena arena;
    ak_arena_init(&arena, 0);
    ak_animation *anim = NULL;
    ak_buf out;
    ak_buf_init(&out);
    assert_true(reencode(g, n, 0, &out, &arena, &anim));
    ak_value v;
    assert_true(ak_track_eval(&anim->tracks[1], 0.5, &v));
    assert_true(fabs(v.f[0] - 1.2734375) < 1e-6);
    assert_true(ak_track_eval(&anim->tracks[1], 1, &v));
    assert_true(fabs(v.f[0] - 1.9375) < 1e-6);
    assert_true(ak_track_eval(&anim->tracks[1], 3, &v));
    assert_true(fabs(v.f[0] - 0.5) < 1e-6);
    assert_true(ak_track_eval(&anim->tracks[0], 0.25, &v));
    assert_true(fabs(v.f[0] - 0.625) < 1e-6);
    assert_true(ak_track_eval(&anim->tracks[0], 1, &v));
    assert_true(fabs(v.f[0] - 1) < 1e-6);
    ak_buf_free(&out);
    ak_arena_free(&arena);
}

/* §8.5 AnimX rows. */
static void test_negative(void **state)
{
    (void)state;
    uint8_t g[256], m[256];
    size_t n = unhex(golden81_hex, g);
    memcpy(m, g, n), m[1] = 0x61;
    expect_code(m, n, "animx.header.magic");
    memcpy(m, g, n), m[6] = 2;
    expect_code(m, n, "animx.header.version");
    memcpy(m, g, n), m[20] = 3;
    expect_code(m, n, "animx.header.encoding");
    memcpy(m, g, n), m[21] = 3;
    expect_code(m, n, "animx.track.bezier");
    memcpy(m, g, n), m[22] = 0x28;
    expect_code(m, n, "animx.track.value-type");
    /* track_count ff ff ff ff 07 */
    memcpy(m, g, 10);
    const uint8_t big[] = {0xff, 0xff, 0xff, 0xff, 0x07};
    memcpy(m + 10, big, 5);
    memcpy(m + 15, g + 11, n - 11);
    expect_code(m, n + 4, "animx.header.track-count-overflow");
    expect_code(g, 184, "animx.file.truncated");

    uint8_t l[256];
    size_t ln = unhex(golden83_hex, l);
    /* original_length 2^40: varint 80 80 80 80 80 20 replaces a4 01 */
    memcpy(m, l, 22);
    const uint8_t huge[] = {0x80, 0x80, 0x80, 0x80, 0x80, 0x20};
    memcpy(m + 22, huge, 6);
    memcpy(m + 28, l + 24, ln - 24);
    expect_code(m, ln + 4, "animx.compress.size-limit");
    memcpy(m, l, ln), m[21] = 0x05;
    expect_code(m, ln, "animx.compress.lz4-passes");
    /* encoding 2 with uncompressed_size -1 */
    memcpy(m, g, 20);
    m[20] = 2;
    const uint8_t props[] = {0x5d, 0, 0, 0x20, 0};
    memcpy(m + 21, props, 5);
    memset(m + 26, 0xff, 8);
    memset(m + 34, 0, 8);
    expect_code(m, 42, "animx.compress.size-limit");
}

/* ---- all 40 value types ------------------------------------------------------ */

static void fill_value(ak_value_type vt, unsigned seed, ak_value *v, ak_arena *arena)
{
    memset(v, 0, sizeof *v);
    const ak_value_type_info *ti = ak_value_type_info_of(vt);
    for (unsigned k = 0; k < ti->components; k++) {
        unsigned s = seed * 7 + k * 3 + 1;
        switch (ti->kind) {
        case AK_VK_BOOL: v->b[k] = (s & 1) != 0; break;
        case AK_VK_UINT: v->u[k] = ti->bits == 64 ? UINT64_MAX - s : (s * 37u) & ((1u << (ti->bits > 16 ? 16 : ti->bits)) - 1); break;
        case AK_VK_INT: v->i[k] = ti->bits == 64 ? INT64_MIN + s : -(int64_t)(s * 11 % 100); break;
        case AK_VK_F32: v->f[k] = (float)s * 0.1f - 0.5f; break;
        case AK_VK_F64: v->d[k] = (double)s * 0.01 - 1.0 / 3; break;
        case AK_VK_STRING:
            if (seed % 3 == 2) {
                v->s.ptr = NULL;
            } else {
                char *str = ak_arena_strndup(arena, seed % 3 ? "h\xc3\xa9llo" : "", seed % 3 ? 6 : 0);
                v->s.ptr = str;
                v->s.len = strlen(str);
            }
            break;
        }
    }
    if (vt == AK_VT_FLOATQ)
        v->f[0] = v->f[1] = v->f[2] = 0, v->f[3] = 1;
    if (vt == AK_VT_DOUBLEQ)
        v->d[0] = v->d[1] = v->d[2] = 0, v->d[3] = 1;
}

static bool same_value(ak_value_type vt, const ak_value *a, const ak_value *b)
{
    const ak_value_type_info *ti = ak_value_type_info_of(vt);
    if (ti->kind == AK_VK_STRING)
        return (a->s.ptr == NULL) == (b->s.ptr == NULL) &&
               (!a->s.ptr || (a->s.len == b->s.len && memcmp(a->s.ptr, b->s.ptr, a->s.len) == 0));
    for (unsigned k = 0; k < ti->components; k++) {
        bool eq = ti->kind == AK_VK_BOOL ? a->b[k] == b->b[k] : ti->kind == AK_VK_UINT ? a->u[k] == b->u[k]
                : ti->kind == AK_VK_INT  ? a->i[k] == b->i[k] : ti->kind == AK_VK_F32 ? memcmp(&a->f[k], &b->f[k], 4) == 0
                                                                                       : memcmp(&a->d[k], &b->d[k], 8) == 0;
        if (!eq)
            return false;
    }
    return true;
}

static ak_animation *all_types(ak_arena *arena)
{
    ak_animation *a = AK_ARENA_NEW(arena, ak_animation);
    a->name = "all";
    a->end = 3;
    a->track_count = 3 * AK_VT_COUNT;
    a->tracks = AK_ARENA_ARRAY(arena, ak_track, a->track_count);
    for (unsigned vt = 0; vt < AK_VT_COUNT; vt++) {
        for (unsigned kind = 0; kind < 3; kind++) {
            ak_track *t = &a->tracks[vt * 3 + kind];
            memset(t, 0, sizeof *t);
            t->node = "n";
            t->property = kind == 0 ? "" : "p";
            t->type = (ak_value_type)vt;
            t->kind = (ak_track_kind)kind;
            t->interval = 0.5;
            ak_key keys[3];
            for (unsigned j = 0; j < 3; j++) {
                ak_key *k = &keys[j];
                memset(k, 0, sizeof *k);
                k->time = kind == 0 ? j * 0.5 : j;
                fill_value((ak_value_type)vt, j + vt, &k->value, arena);
                k->interp = kind == 0 ? AK_INTERP_LINEAR : kind == 1 ? AK_INTERP_HOLD
                          : (ak_interp)(j % 2 ? AK_INTERP_CUBIC_BEZIER : AK_INTERP_LINEAR);
                if (kind == 2) {
                    k->has_tangents = true;
                    fill_value((ak_value_type)vt, j + 5, &k->in_tangent, arena);
                    fill_value((ak_value_type)vt, j + 9, &k->out_tangent, arena);
                }
            }
            assert_true(ak_track_set_keys(t, arena, keys, 3));
        }
    }
    return a;
}

static void expect_same_model(const ak_animation *a, const ak_animation *b)
{
    assert_int_equal(a->track_count, b->track_count);
    for (size_t i = 0; i < a->track_count; i++) {
        const ak_track *x = &a->tracks[i], *y = &b->tracks[i];
        assert_int_equal(x->type, y->type);
        assert_int_equal(x->kind, y->kind);
        assert_int_equal(x->key_count, y->key_count);
        assert_string_equal(x->node ? x->node : "", y->node ? y->node : "");
        for (size_t j = 0; j < x->key_count; j++) {
            ak_key kx, ky;
            ak_key_get(x, j, &kx);
            ak_key_get(y, j, &ky);
            assert_true(kx.time == ky.time);
            assert_true(same_value(x->type, &kx.value, &ky.value));
            if (x->kind == AK_TRACK_CURVE) {
                assert_int_equal(kx.interp, ky.interp);
                assert_true(same_value(x->type, &kx.in_tangent, &ky.in_tangent));
                assert_true(same_value(x->type, &kx.out_tangent, &ky.out_tangent));
            }
        }
    }
}

static void test_all_types_all_encodings(void **state)
{
    (void)state;
    ak_arena arena;
    ak_arena_init(&arena, 0);
    ak_animation *src = all_types(&arena);
    ak_buf plain;
    ak_buf_init(&plain);
    ak_diags *d = ak_diags_new(NULL);
    assert_true(ak_animx_encode_model(src, 0, d, &plain));
    assert_int_equal(ak_diags_count(d), 0);
    ak_diags_free(d);
    for (int compression = 0; compression <= 2; compression++) {
        ak_buf enc;
        ak_buf_init(&enc);
        d = ak_diags_new(NULL);
        assert_true(ak_animx_encode_model(src, compression, d, &enc));
        ak_diags_free(d);
        assert_int_equal(((const uint8_t *)enc.data)[20 - 17 + 17 + 0] == 0 || compression, true);
        expect_clean((const uint8_t *)enc.data, enc.len);
        ak_animation *m1 = NULL, *m2 = NULL;
        ak_buf out1, out2;
        ak_buf_init(&out1);
        ak_buf_init(&out2);
        assert_true(reencode((const uint8_t *)enc.data, enc.len, 0, &out1, &arena, &m1));
        expect_same_model(src, m1);
        assert_int_equal(out1.len, plain.len);
        assert_memory_equal(out1.data, plain.data, plain.len);
        /* to_model -> from_model -> to_model gives the same model */
        assert_true(reencode((const uint8_t *)out1.data, out1.len, 0, &out2, &arena, &m2));
        expect_same_model(m1, m2);
        ak_buf_free(&out1);
        ak_buf_free(&out2);
        ak_buf_free(&enc);
    }
    ak_buf_free(&plain);
    ak_arena_free(&arena);
}

/* Float curves, tracks x keys: an output of several of the encoder's
   chunks (AK_SINK_CHUNK, 64 KiB). */
static ak_animation *many_keys(ak_arena *arena, size_t tracks, size_t keys)
{
    ak_animation *a = AK_ARENA_NEW(arena, ak_animation);
    a->name = "many";
    a->end = (double)keys;
    a->track_count = tracks;
    a->tracks = AK_ARENA_ARRAY(arena, ak_track, tracks);
    ak_key *k = calloc(keys, sizeof *k);
    assert_non_null(k);
    for (size_t i = 0; i < tracks; i++) {
        ak_track *t = &a->tracks[i];
        memset(t, 0, sizeof *t);
        t->node = i % 2 ? "left" : "right";
        t->property = "p";
        t->type = AK_VT_FLOAT;
        t->kind = AK_TRACK_CURVE;
        for (size_t j = 0; j < keys; j++) {
            k[j].time = (double)j;
            k[j].value.f[0] = (float)(i * keys + j);
            k[j].interp = AK_INTERP_LINEAR;
        }
        assert_true(ak_track_set_keys(t, arena, k, keys));
    }
    free(k);
    return a;
}

/* A sink that keeps what it takes, counting the pieces; refuses a piece
   that would take it past fail_after; reads back what it holds, with one
   byte of the magic changed when tamper is set. */
typedef struct kept {
    ak_buf all;
    size_t pieces, fail_after, read_backs;
    bool tamper;
    uint8_t *copy;
} kept;

static bool kept_write(ak_sink *s, const void *data, size_t n)
{
    kept *k = s->ctx;
    if (n > k->fail_after - k->all.len)
        return false;
    k->pieces++;
    return ak_buf_append(&k->all, data, n);
}

static bool kept_read_back(ak_sink *s, ak_input *in, char *why, size_t why_size)
{
    (void)why, (void)why_size;
    kept *k = s->ctx;
    k->read_backs++;
    k->copy = malloc(k->all.len + 1);
    assert_non_null(k->copy);
    memcpy(k->copy, k->all.data, k->all.len);
    if (k->tamper && k->all.len > 1)
        k->copy[1] ^= 0x20;
    *in = (ak_input){"kept", k->copy, k->all.len, false};
    return true;
}

static void kept_read_back_end(ak_sink *s, ak_input *in)
{
    kept *k = s->ctx;
    assert_ptr_equal(in->data, k->copy);
    free(k->copy);
    k->copy = NULL;
}

static void kept_sink(ak_sink *s, kept *k, size_t fail_after)
{
    memset(k, 0, sizeof *k);
    ak_buf_init(&k->all);
    k->fail_after = fail_after;
    memset(s, 0, sizeof *s);
    s->write = kept_write;
    s->ctx = k;
    s->read_back = kept_read_back;
    s->read_back_end = kept_read_back_end;
}

/* from_model_to (AnimX: each track made as it is encoded, the output handed
   on a chunk at a time) writes from_model's bytes, in every encoding: plain
   in several pieces, a compressed one whole at its end (the compressor
   takes the plain bytes); AnimJ's writer (a list: its text handed on after
   each key) too, with the same diagnostics; a sink that refuses stops it
   with false, having seen no more than it took. */
static void test_streamed_from_model(void **state)
{
    (void)state;
    ak_arena arena;
    ak_arena_init(&arena, 0);
    const ak_animation *models[] = {all_types(&arena), many_keys(&arena, 300, 100)};
    const ak_format *writers[] = {fmt(), ak_format_find("animj")};
    for (size_t m = 0; m < 2; m++) {
        for (int run = 0; run <= 3; run++) {
            static const int compress[] = {AK_COMPRESS_NONE, AK_COMPRESS_LZ4, AK_COMPRESS_LZMA, AK_COMPRESS_NONE};
            const ak_format *f = writers[run == 3];
            ak_options opt = {.compress = compress[run]};
            ak_buf held;
            ak_buf_init(&held);
            ak_diags *d = ak_diags_new(NULL);
            assert_true(f->from_model(models[m], &opt, d, &held));
            size_t said = ak_diags_count(d);
            ak_diags_free(d);
            ak_sink s;
            kept k;
            kept_sink(&s, &k, SIZE_MAX);
            d = ak_diags_new(NULL);
            assert_non_null(f->from_model_to);
            assert_true(f->from_model_to(models[m], &opt, d, &s));
            assert_int_equal(ak_diags_count(d), said);
            ak_diags_free(d);
            assert_int_equal(k.all.len, held.len);
            assert_memory_equal(k.all.data, held.data, held.len);
            assert_int_equal(s.written, held.len);
            if (m == 1)
                assert_true(run == 1 || run == 2 ? k.pieces == 1 : k.pieces >= held.len / AK_SINK_CHUNK);
            ak_buf_free(&k.all);
            /* refused halfway */
            kept_sink(&s, &k, held.len / 2);
            d = ak_diags_new(NULL);
            assert_false(f->from_model_to(models[m], &opt, d, &s));
            ak_diags_free(d);
            assert_true(s.failed && k.all.len <= held.len / 2);
            assert_memory_equal(k.all.data ? k.all.data : "", held.data, k.all.len);
            ak_buf_free(&k.all);
            ak_buf_free(&held);
        }
    }
    ak_arena_free(&arena);
}

/* ak_convert_to into a sink that reads back goes through from_model_to and
   checks the output where the sink has it: the bytes held by ak_convert;
   bytes read back that would not validate make the conversion fail. */
static void test_convert_reads_back(void **state)
{
    (void)state;
    static const char maya[] = "animVersion 1.1;\nmayaVersion 2026;\ntimeUnit film;\nlinearUnit cm;\n"
                               "angularUnit deg;\nstartTime 1;\nendTime 24;\nanim translate.translateY translateY "
                               "ball 0 0 0;\nanimData {\n  input time;\n  output linear;\n  weighted 0;\n"
                               "  preInfinity constant;\n  postInfinity constant;\n  keys {\n"
                               "    1 0 linear linear 1 0 0;\n    24 10 linear linear 1 0 0;\n  }\n}\n";
    ak_input in = {"bounce.anim", (const uint8_t *)maya, sizeof maya - 1, false};
    const ak_format *from = ak_format_find("maya");
    ak_buf held;
    ak_buf_init(&held);
    ak_diags *d = ak_diags_new(NULL);
    assert_true(ak_convert(&in, from, fmt(), NULL, d, &held, NULL));
    assert_int_equal(ak_diags_errors(d), 0);
    ak_diags_free(d);
    for (int tamper = 0; tamper <= 1; tamper++) {
        ak_sink s;
        kept k;
        kept_sink(&s, &k, SIZE_MAX);
        k.tamper = tamper;
        d = ak_diags_new(NULL);
        bool ok = ak_convert_to(&in, from, fmt(), NULL, d, &s, NULL);
        assert_int_equal(k.read_backs, 1);
        assert_null(k.copy); /* given back */
        assert_int_equal(k.all.len, held.len);
        assert_memory_equal(k.all.data, held.data, held.len);
        if (tamper) {
            assert_false(ok);
            bool said = false;
            for (size_t i = 0; i < ak_diags_count(d); i++)
                said |= strcmp(ak_diags_at(d, i)->rule->code, "animkit.convert.invalid-output") == 0 &&
                        strstr(ak_diags_at(d, i)->message, "animx.header.magic") != NULL;
            assert_true(said);
        } else {
            assert_true(ok);
            assert_int_equal(ak_diags_errors(d), 0);
        }
        ak_diags_free(d);
        ak_buf_free(&k.all);
    }
    /* a sink that cannot read back gets the held bytes, in one piece */
    ak_sink s;
    kept k;
    kept_sink(&s, &k, SIZE_MAX);
    s.read_back = NULL;
    s.read_back_end = NULL;
    d = ak_diags_new(NULL);
    assert_true(ak_convert_to(&in, from, fmt(), NULL, d, &s, NULL));
    ak_diags_free(d);
    assert_int_equal(k.pieces, 1);
    assert_int_equal(k.read_backs, 0);
    assert_memory_equal(k.all.data, held.data, held.len);
    ak_buf_free(&k.all);
    ak_buf_free(&held);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_golden_81),
        cmocka_unit_test(test_golden_83),
        cmocka_unit_test(test_golden_84),
        cmocka_unit_test(test_negative),
        cmocka_unit_test(test_all_types_all_encodings),
        cmocka_unit_test(test_streamed_from_model),
        cmocka_unit_test(test_convert_reads_back),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
