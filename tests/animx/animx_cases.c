/* Builds AnimX files with the project's encoder (ak_animx_encode_model and
 * the compression hooks), deterministically:
 *
 *   animx_gen cases DIR      conformance cases: DIR/{valid,invalid}/<case>.animx
 *                            and <case>.animx.expected (tests/conformance/animx)
 *   animx_gen examples DIR   small valid and invalid samples (examples/animx)
 *   animx_gen seeds DIR      fuzz seeds (fuzz/corpus/animx): files, and JSON
 *                            dumps for the undump path (animx_undump)
 *
 * Valid files are encoded from models (all 40 value types in Raw, Discrete
 * and Curve tracks; the three encodings) or are the spec's §8 vectors;
 * invalid ones are the §8.1/§8.3/§8.4 vectors with bytes of one field
 * changed (offsets from the spec's tables). */
#include "../../formats/animx/animx.h"
#include "../../formats/animx/animx_compress.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

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

static ak_arena arena;
static const char *outdir;
static int failed;

typedef struct bytes {
    uint8_t b[512];
    size_t n;
} bytes;

static bytes unhex(const char *hex)
{
    bytes r = {{0}, 0};
    for (; hex[0] && hex[1]; hex += 2) {
        unsigned v;
        sscanf(hex, "%2x", &v);
        r.b[r.n++] = (uint8_t)v;
    }
    return r;
}

/* Replaces the bytes [at, at + old_n) with new_n bytes. */
static bytes splice(bytes s, size_t at, size_t old_n, const void *repl, size_t new_n)
{
    bytes r;
    memcpy(r.b, s.b, at);
    memcpy(r.b + at, repl, new_n);
    memcpy(r.b + at + new_n, s.b + at + old_n, s.n - at - old_n);
    r.n = s.n - old_n + new_n;
    return r;
}

static bytes patch(bytes s, size_t at, const char *hex)
{
    bytes p = unhex(hex);
    memcpy(s.b + at, p.b, p.n);
    return s;
}

static void mkdirs(const char *path)
{
    char tmp[1024];
    snprintf(tmp, sizeof tmp, "%s", path);
    for (char *p = tmp + 1; *p; p++)
        if (*p == '/') {
            *p = 0;
            mkdir(tmp, 0777);
            *p = '/';
        }
    mkdir(tmp, 0777);
}

static void write_file(const char *sub, const char *name, const void *data, size_t n)
{
    char path[1024];
    snprintf(path, sizeof path, "%s%s%s", outdir, sub, name);
    FILE *f = fopen(path, "wb");
    if (!f || fwrite(data, 1, n, f) != n) {
        fprintf(stderr, "animx_gen: cannot write %s: %s\n", path, strerror(errno));
        failed = 1;
    }
    if (f)
        fclose(f);
}

/* A case: the file and, when expect is non-NULL, its .expected lines. */
static void emit(const char *sub, const char *name, const void *data, size_t n, const char *expect)
{
    char file[256];
    snprintf(file, sizeof file, "%s.animx", name);
    write_file(sub, file, data, n);
    if (expect) {
        char ex[300];
        snprintf(ex, sizeof ex, "%s.animx.expected", name);
        write_file(sub, ex, expect, strlen(expect));
    }
}

static void emit_b(const char *sub, const char *name, bytes b, const char *expect)
{
    emit(sub, name, b.b, b.n, expect);
}

/* ---- models ------------------------------------------------------------------ */

static void fill_value(ak_value_type vt, unsigned seed, ak_value *v)
{
    memset(v, 0, sizeof *v);
    const ak_value_type_info *ti = ak_value_type_info_of(vt);
    for (unsigned k = 0; k < ti->components; k++) {
        unsigned s = seed * 7 + k * 3 + 1;
        switch (ti->kind) {
        case AK_VK_BOOL: v->b[k] = (s & 1) != 0; break;
        case AK_VK_UINT: v->u[k] = ti->bits == 64 ? UINT64_MAX - s : (s * 37u) & 0xffu; break;
        case AK_VK_INT: v->i[k] = ti->bits == 64 ? INT64_MIN + s : -(int64_t)(s * 11 % 100); break;
        case AK_VK_F32: v->f[k] = (float)s * 0.25f - 0.5f; break;
        case AK_VK_F64: v->d[k] = (double)s * 0.01 - 1.0 / 3; break;
        case AK_VK_STRING:
            v->s.ptr = seed % 3 == 2 ? NULL : seed % 3 ? "h\xc3\xa9llo" : "";
            v->s.len = v->s.ptr ? strlen(v->s.ptr) : 0;
            break;
        }
    }
    if (vt == AK_VT_FLOATQ)
        v->f[0] = v->f[1] = v->f[2] = 0, v->f[3] = 1;
    if (vt == AK_VT_DOUBLEQ)
        v->d[0] = v->d[1] = v->d[2] = 0, v->d[3] = 1;
}

/* One Raw, one Discrete and one Curve track of value type vt (the Curve
 * with per-key interpolations and tangents); 3 keys each. */
static ak_animation *types_model(unsigned vt_first, unsigned vt_last)
{
    ak_animation *a = AK_ARENA_NEW(&arena, ak_animation);
    a->name = "types";
    a->end = 2;
    a->track_count = 3 * (vt_last - vt_first + 1);
    a->tracks = AK_ARENA_ARRAY(&arena, ak_track, a->track_count);
    for (unsigned vt = vt_first; vt <= vt_last; vt++)
        for (unsigned kind = 0; kind < 3; kind++) {
            ak_track *t = &a->tracks[(vt - vt_first) * 3 + kind];
            memset(t, 0, sizeof *t);
            t->node = "node";
            t->property = kind == 0 ? "raw" : kind == 1 ? "discrete" : "curve";
            t->type = (ak_value_type)vt;
            t->kind = (ak_track_kind)kind;
            t->interval = 0.5;
            ak_key keys[3];
            for (unsigned j = 0; j < 3; j++) {
                ak_key *k = &keys[j];
                memset(k, 0, sizeof *k);
                k->time = j * 0.5;
                fill_value((ak_value_type)vt, j + vt, &k->value);
                k->interp = kind == 1 ? AK_INTERP_HOLD : j == 1 ? AK_INTERP_CUBIC_BEZIER : AK_INTERP_LINEAR;
                if (kind == 2) {
                    k->has_tangents = true;
                    fill_value((ak_value_type)vt, j + 5, &k->in_tangent);
                    fill_value((ak_value_type)vt, j + 9, &k->out_tangent);
                }
            }
            if (!ak_track_set_keys(t, &arena, keys, 3))
                abort();
        }
    return a;
}

static bytes encode(const ak_animation *a, int compression)
{
    ak_buf b;
    ak_buf_init(&b);
    if (!ak_animx_encode_model(a, compression, NULL, &b) || b.len > sizeof(((bytes *)0)->b)) {
        fprintf(stderr, "animx_gen: encoding failed\n");
        failed = 1;
    }
    bytes r;
    r.n = b.len < sizeof r.b ? b.len : 0;
    memcpy(r.b, b.data, r.n);
    ak_buf_free(&b);
    return r;
}

static void emit_big(const char *sub, const char *name, const ak_animation *a, int compression, const char *expect)
{
    ak_buf b;
    ak_buf_init(&b);
    if (!ak_animx_encode_model(a, compression, NULL, &b))
        failed = 1;
    emit(sub, name, b.data, b.len, expect);
    ak_buf_free(&b);
}

static ak_animation *one_track(ak_value_type vt, ak_track_kind kind, unsigned n)
{
    ak_animation *a = AK_ARENA_NEW(&arena, ak_animation);
    a->name = "one";
    a->end = 0;
    a->track_count = 1;
    a->tracks = AK_ARENA_NEW(&arena, ak_track);
    a->tracks->node = "n";
    a->tracks->property = "p";
    a->tracks->type = vt;
    a->tracks->kind = kind;
    a->tracks->interval = 1;
    if (!ak_track_alloc_keys(a->tracks, &arena, n, 0))
        abort();
    for (unsigned j = 0; j < n; j++)
        ak_key_set_time(a->tracks, j, j);
    return a;
}

/* ---- conformance cases ------------------------------------------------------- */

static void cases(void)
{
    const char *V = "/valid/", *I = "/invalid/";
    char sub[1024];
    snprintf(sub, sizeof sub, "%s/valid", outdir);
    mkdirs(sub);
    snprintf(sub, sizeof sub, "%s/invalid", outdir);
    mkdirs(sub);
    bytes g1 = unhex(golden81_hex), g3 = unhex(golden83_hex), g4 = unhex(golden84_hex);

    /* valid: the spec's vectors, all 40 types, three encodings, legacy */
    emit_b(V, "golden_8_1_discrete", g1, NULL);
    emit_b(V, "golden_8_3_lz4", g3, NULL);
    emit_b(V, "golden_8_4_raw_curve", g4, NULL);
    bytes stored = splice(g1, 21, 0, "\x00\xa4\x01", 3);
    stored.b[20] = 1;
    emit_b(V, "golden_8_3_stored_chunk", stored, NULL);
    for (unsigned vt = 0; vt < AK_VT_COUNT; vt++) {
        char name[64];
        snprintf(name, sizeof name, "type_%02u_%s", vt, ak_value_type_info_of((ak_value_type)vt)->name);
        emit_big(V, name, types_model(vt, vt), 0, NULL);
    }
    ak_animation *all = types_model(0, AK_VT_COUNT - 1);
    emit_big(V, "all_types_plain", all, 0, NULL);
    emit_big(V, "all_types_lz4", all, 1, NULL);
    emit_big(V, "all_types_lzma", all, 2, NULL);
    /* §3.4 legacy version 0: 8.4 with one type byte per track */
    bytes v0 = g4;
    v0.b[6] = 0;
    v0 = splice(v0, 20, 2, "\x2a", 1);      /* Raw float: 21 << 1 */
    v0 = splice(v0, 42, 2, "\x2b", 1);      /* Curve float: 21 << 1 | 1 */
    emit_b(V, "legacy_version_0", v0, "warning animx.header.version-legacy @6\n");

    /* invalid: one per rule of table 5.2 */
    bytes b;
    b = g1, b.n = 184;
    emit_b(I, "x01_truncated", b, "error animx.file.truncated\n");
    emit_b(I, "x02_magic", patch(g1, 1, "61"), "error animx.header.magic @1\n");
    emit_b(I, "x03_version", patch(g1, 6, "02"), "error animx.header.version @6\n");
    emit_b(I, "x04_encoding", patch(g1, 20, "03"), "error animx.header.encoding @20\n");
    emit_b(I, "x05_varint_overflow", splice(g1, 10, 1, "\x80\x80\x80\x80\x80\x80\x80\x80\x80\x80\x03", 11),
           "error animx.varint.overflow @10\n");
    emit_b(I, "x05_string_length", splice(g1, 15, 1, "\x84\x80\x80\x80\x10", 5),
           "error animx.varint.overflow @15\n");
    emit_b(I, "x06_track_type", patch(g1, 21, "04"), "error animx.track.track-type @21\n");
    emit_b(I, "x07_bezier", patch(g1, 21, "03"), "error animx.track.bezier @21\n");
    emit_b(I, "x08_value_type", patch(g1, 22, "28"), "error animx.track.value-type @22\n");
    emit_b(I, "x09_interpolation", patch(g4, 51, "04"), "error animx.curve.interpolation @51\n");
    b = g1, b.n = 31, b.b[20] = 2;
    emit_b(I, "x10_lzma_header", b, "error animx.compress.lzma-header\n");
    {
        ak_buf lz;
        ak_buf_init(&lz);
        ak_buf_append(&lz, g1.b, 20);
        ak_buf_putc(&lz, 2);
        ak_animx_lzma_encode(g1.b + 21, g1.n - 21, &lz);
        bytes l;
        memcpy(l.b, lz.data, lz.len);
        l.n = lz.len;
        emit_b(V, "golden_8_1_lzma", l, NULL);
        bytes m = l;
        m.b[26] = (uint8_t)(m.b[26] + 1); /* uncompressed_size + 1 */
        emit_b(I, "x11_lzma_data", m, "error animx.compress.lzma-data\n");
        m = l;
        m.b[34] = (uint8_t)(m.b[34] - 1); /* compressed_size - 1 */
        emit_b(I, "x43_size_mismatch", m, "warning animx.compress.size-mismatch\n");
        ak_buf_free(&lz);
    }
    b = g3, b.n = 100;
    emit_b(I, "x12_lz4_chunk", b, "error animx.compress.lz4-chunk\n");
    emit_b(I, "x13_lz4_passes", patch(g3, 21, "05"), "error animx.compress.lz4-passes @21\n");
    emit_b(I, "x14_lz4_block", patch(g3, 22, "a3"), "error animx.compress.lz4-block\n");
    emit_b(I, "x15_utf8", patch(g1, 17, "ff"), "error animx.string.utf8 @17\n");
    emit_b(I, "x16_time_nonfinite", patch(g1, 46, "0000c07f"),
           "error animx.time.nonfinite @46\n");
    emit_b(I, "x17_duration_nonfinite", patch(g1, 11, "0000807f"), "error animx.header.duration-nonfinite @11\n");
    emit_b(I, "x18_track_count", patch(g1, 10, "7f"), "error animx.header.track-count-overflow\n");
    emit_b(I, "x19_key_count", patch(g1, 45, "7f"), "error animx.track.key-count-overflow @45\n");
    emit_b(I, "x20_string_length", patch(g1, 23, "ff"), "error animx.string.length-overflow @23\n");
    emit_b(I, "x21_size_limit", splice(g3, 22, 2, "\x80\x80\x80\x80\x80\x20", 6),
           "error animx.compress.size-limit\nerror animx.compress.lz4-ratio\n");
    emit_b(I, "x22_lz4_ratio", splice(g3, 22, 2, "\xb0\xea\x01", 3), "error animx.compress.lz4-ratio\n");
    emit_b(I, "x25_duration_negative", patch(g1, 11, "000080bf"), "warning animx.header.duration-negative @11\n");
    emit_b(I, "x26_time_order", patch(g1, 51, "00004040"), "warning animx.time.order @56\n");
    emit_b(I, "x27_time_duplicate", patch(g1, 51, "00000000"), "warning animx.time.duplicate @51\n");
    emit_b(I, "x28_after_duration", patch(g1, 61, "0000a040"), "warning animx.time.after-duration @61\n");
    emit_b(I, "x29_time_negative", patch(g1, 46, "000080bf"), "warning animx.time.negative @46\n");
    emit_b(I, "x30_bool_byte", patch(g1, 50, "02"), "warning animx.value.bool-byte @50\n");
    emit_b(I, "x31_string_flag", patch(g1, 152, "02"), "warning animx.value.string-flag @152\n");
    emit_b(I, "x32_value_nonfinite", patch(g4, 31, "0000c07f"), "warning animx.value.nonfinite @31\n");
    {
        ak_animation *q = one_track(AK_VT_FLOATQ, AK_TRACK_DISCRETE, 1);
        ak_key_set_value(q->tracks, 0, &(ak_value){.f = {0, 0, 0, 2}});
        emit_b(I, "x33_quat_nonunit", encode(q, 0), "warning animx.value.quat-nonunit\n");
    }
    emit_b(I, "x34_curve_flags", patch(g4, 50, "06"), "warning animx.curve.flags @50\n");
    b = patch(g4, 50, "00"), b.n -= 16;
    emit_b(I, "x35_tangents_missing", b, "warning animx.curve.tangents-missing @51\n");
    emit_b(I, "x36_interp_tangent", patch(g4, 51, "02"), "warning animx.curve.interp-tangent @51\n");
    emit_b(I, "x37_order_suspect", patch(g4, 52, "0000a040000000000000803f0000803f"),
           "warning animx.time.order @60\nwarning animx.time.after-duration @52\nwarning animx.curve.order-suspect @52\n");
    emit_b(I, "x38_raw_interval", patch(g4, 27, "00000000"), "warning animx.track.raw-interval @27\n");
    emit_b(I, "x39_track_empty", encode(one_track(AK_VT_FLOAT, AK_TRACK_DISCRETE, 0), 0),
           "warning animx.track.empty\n");
    emit_b(I, "x40_varint_non_minimal", splice(g1, 10, 1, "\x83\x00", 2), "warning animx.varint.non-minimal @10\n");
    emit_b(I, "x41_lz4_empty_chunk", splice(g3, 21, 0, "\x00\x00", 2), "warning animx.compress.lz4-empty-chunk @21\n");
    emit_b(I, "x42_lz4_flags", patch(stored, 21, "02"), "warning animx.compress.lz4-flags @21\n");
    b = g1, b.b[b.n++] = 0;
    emit_b(I, "x44_trailing", b, "warning animx.file.trailing @185\n");
    {
        /* a payload with one byte after the last track, stored in one chunk */
        bytes p = g1;
        p.b[p.n++] = 0;
        ak_buf lz;
        ak_buf_init(&lz);
        ak_buf_append(&lz, g1.b, 20);
        ak_buf_putc(&lz, 1);
        ak_animx_lz4_encode(p.b + 21, p.n - 21, AK_ANIMX_LZ4_FAST, &lz);
        emit(I, "x44_trailing_in_payload", lz.data, lz.len, "warning animx.file.trailing /payload\n");
        ak_buf_free(&lz);
    }
    /* strict: the legacy warning becomes an error */
    emit_b(I, "strict_legacy_version_0", v0, "--strict\nerror animx.header.version-legacy @6\n");
}

static void examples(void)
{
    mkdirs(outdir);
    bytes g1 = unhex(golden81_hex), g3 = unhex(golden83_hex), g4 = unhex(golden84_hex);
    emit_b("/", "redx_discrete", g1, NULL);
    emit_b("/", "redx_lz4", g3, NULL);
    emit_b("/", "vec_raw_curve", g4, NULL);
    emit_b("/", "invalid_bezier_track", patch(g1, 21, "03"), NULL);
    bytes t = g1;
    t.n = 184;
    emit_b("/", "invalid_truncated", t, NULL);
}

/* The JSON dump of a file (the format's own dump), for undump seeds. With
 * `from`/`to`, the first occurrence of `from` is replaced (an invalid dump). */
static void emit_dump(const char *name, const void *data, size_t n, const char *from, const char *to)
{
    const ak_format *f = ak_format_find("animx");
    ak_input in = {name, data, n, false};
    ak_options opt = {0};
    ak_diags *d = ak_diags_new(NULL);
    ak_buf json;
    ak_buf_init(&json);
    if (!f || !f->dump(&in, &opt, d, &json)) {
        fprintf(stderr, "animx_gen: cannot dump %s\n", name);
        failed = 1;
    }
    const char *text = ak_buf_cstr(&json);
    const char *at = from ? strstr(text, from) : NULL;
    ak_buf out;
    ak_buf_init(&out);
    if (at) {
        ak_buf_append(&out, text, (size_t)(at - text));
        ak_buf_puts(&out, to);
        ak_buf_puts(&out, at + strlen(from));
    } else {
        ak_buf_append(&out, json.data, json.len);
    }
    char file[256];
    snprintf(file, sizeof file, "%s.json", name);
    write_file("/", file, out.data, out.len);
    ak_buf_free(&out);
    ak_buf_free(&json);
    ak_diags_free(d);
}

/* A seed whose payload is an LZ4 chunk stream of small chunks (stored and
 * compressed) and one large one: reads straddle chunk boundaries, and a
 * node name straddles the first window of the validator's stream (1 MiB,
 * AK_LAYOUT_WINDOW): a Raw float track of zeros fills the payload up to
 * 6 bytes before it. */
static void emit_chunked_lz4_seed(void)
{
    enum { WINDOW = 1 << 20, KEYS = 262139 }; /* track 0: 14 bytes + 4 x KEYS = WINDOW - 6 */
    ak_buf payload, file;
    ak_buf_init(&payload);
    ak_buf_init(&file);
    static const uint8_t track0[] = {0, 21, 1, 'n', 2, 'p', 'p', 0xFB, 0xFF, 0x0F, 0x89, 0x88, 0x88, 0x3C};
    ak_buf_append(&payload, track0, sizeof track0); /* Raw float, key_count 262139, interval 1/60 */
    ak_buf_reserve(&payload, (size_t)KEYS * 4);
    memset(payload.data + payload.len, 0, (size_t)KEYS * 4);
    payload.len += (size_t)KEYS * 4;
    static const uint8_t track1[] = {1, 21, 8, 's', 't', 'r', 'a', 'd', 'd', 'l', 'e', 1, 'v', 2, /* Discrete float */
                                     0, 0, 0, 0, 0, 0, 0x80, 0x3F, 0, 0, 0x80, 0x3F, 0, 0, 0, 0x40};
    ak_buf_append(&payload, track1, sizeof track1);
    static const uint8_t header[] = {0x05, 'A', 'n', 'i', 'm', 'X', 1, 0, 0, 0, 2, 0, 0, 0, 0x40, 1, 's', 1};
    ak_buf_append(&file, header, sizeof header);
    const uint8_t *plain = (const uint8_t *)payload.data;
    size_t k = 0;
    for (size_t at = 0; at < payload.len; k++) {
        size_t n = at < 600 || at >= WINDOW - 64 ? 1 + k % 13 : WINDOW - 64 - at;
        if (n > payload.len - at)
            n = payload.len - at;
        if (n < 64 && k % 2 == 0) { /* a stored chunk */
            uint8_t head[2] = {0, (uint8_t)n};
            ak_buf_append(&file, head, 2);
            ak_buf_append(&file, plain + at, n);
        } else {
            ak_animx_lz4_encode(plain + at, n, AK_ANIMX_LZ4_FAST, &file);
        }
        at += n;
    }
    emit("/", "chunks_lz4", file.data, file.len, NULL);
    ak_buf_free(&payload);
    ak_buf_free(&file);
}

static void seeds(void)
{
    mkdirs(outdir);
    bytes g1 = unhex(golden81_hex), g3 = unhex(golden83_hex), g4 = unhex(golden84_hex);
    emit_b("/", "golden_8_1", g1, NULL);
    emit_b("/", "golden_8_3", g3, NULL);
    emit_b("/", "golden_8_4", g4, NULL);
    ak_animation *few = types_model(20, 25);
    emit_big("/", "types_plain", few, 0, NULL);
    emit_big("/", "types_lz4", few, 1, NULL);
    emit_big("/", "types_lzma", few, 2, NULL);
    emit_big("/", "strings", types_model(39, 39), 0, NULL);
    emit_big("/", "bools", types_model(0, 3), 0, NULL);
    emit_chunked_lz4_seed();
    /* undump: two dumps, and one with a value_type that is no type */
    emit_dump("dump_golden_8_4", g4.b, g4.n, NULL, NULL);
    emit_dump("dump_golden_8_3", g3.b, g3.n, NULL, NULL);
    emit_dump("dump_bad_value_type", g4.b, g4.n, "\"value_type\": 21", "\"value_type\": \"float9\"");
}

int main(int argc, char **argv)
{
    if (argc != 3) {
        fprintf(stderr, "usage: animx_gen cases|examples|seeds DIR\n");
        return 2;
    }
    ak_arena_init(&arena, 0);
    outdir = argv[2];
    if (strcmp(argv[1], "cases") == 0)
        cases();
    else if (strcmp(argv[1], "examples") == 0)
        examples();
    else if (strcmp(argv[1], "seeds") == 0)
        seeds();
    else
        return 2;
    ak_arena_free(&arena);
    return failed;
}
