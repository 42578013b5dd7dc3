/* AnimX compression hooks: the spec's LZ4 vector (animj-animx.md section
 * 8.3, and its stored-chunk variant), hostile framings for LZMA and LZ4
 * with the exact codes and offsets of table 5.2, and round trips through
 * both encoders. */
#include "test_support.h"

#include "../../formats/animx/animx_compress.h"

#include <lzma.h>

/* Section 8.1: the RedX golden AnimX, plain (185 bytes). */
static const uint8_t golden_plain[185] = {
    0x05, 0x41, 0x6e, 0x69, 0x6d, 0x58, 0x01, 0x00, 0x00, 0x00, 0x03, 0x00,
    0x00, 0x80, 0x40, 0x04, 0x74, 0x65, 0x73, 0x74, 0x00, 0x01, 0x00, 0x08,
    0x74, 0x65, 0x73, 0x74, 0x4e, 0x6f, 0x64, 0x65, 0x0c, 0x74, 0x65, 0x73,
    0x74, 0x50, 0x72, 0x6f, 0x70, 0x65, 0x72, 0x74, 0x79, 0x04, 0x00, 0x00,
    0x00, 0x00, 0x00, 0x00, 0x00, 0x80, 0x3f, 0x01, 0x00, 0x00, 0x00, 0x40,
    0x00, 0x00, 0x00, 0x40, 0x40, 0x01, 0x01, 0x0a, 0x08, 0x74, 0x65, 0x73,
    0x74, 0x4e, 0x6f, 0x64, 0x65, 0x0c, 0x74, 0x65, 0x73, 0x74, 0x50, 0x72,
    0x6f, 0x70, 0x65, 0x72, 0x74, 0x79, 0x04, 0x00, 0x00, 0x00, 0x00, 0x00,
    0x00, 0x00, 0x00, 0x00, 0x00, 0x80, 0x3f, 0x02, 0x00, 0x00, 0x00, 0x00,
    0x00, 0x00, 0x40, 0x04, 0x00, 0x00, 0x00, 0x00, 0x00, 0x40, 0x40, 0x06,
    0x00, 0x00, 0x00, 0x01, 0x27, 0x08, 0x74, 0x65, 0x73, 0x74, 0x4e, 0x6f,
    0x64, 0x65, 0x0c, 0x74, 0x65, 0x73, 0x74, 0x50, 0x72, 0x6f, 0x70, 0x65,
    0x72, 0x74, 0x79, 0x04, 0x00, 0x00, 0x00, 0x00, 0x01, 0x04, 0x7a, 0x65,
    0x72, 0x6f, 0x00, 0x00, 0x80, 0x3f, 0x01, 0x03, 0x6f, 0x6e, 0x65, 0x00,
    0x00, 0x00, 0x40, 0x01, 0x03, 0x74, 0x77, 0x6f, 0x00, 0x00, 0x40, 0x40,
    0x01, 0x03, 0x6c, 0x65, 0x6c,
};

/* Section 8.3: the same payload LZ4-framed (125 bytes). */
static const uint8_t golden_lz4[125] = {
    0x05, 0x41, 0x6e, 0x69, 0x6d, 0x58, 0x01, 0x00, 0x00, 0x00, 0x03, 0x00,
    0x00, 0x80, 0x40, 0x04, 0x74, 0x65, 0x73, 0x74, 0x01, 0x01, 0xa4, 0x01,
    0x64, 0xc0, 0x01, 0x00, 0x08, 0x74, 0x65, 0x73, 0x74, 0x4e, 0x6f, 0x64,
    0x65, 0x0c, 0x09, 0x00, 0xa2, 0x50, 0x72, 0x6f, 0x70, 0x65, 0x72, 0x74,
    0x79, 0x04, 0x00, 0x01, 0x00, 0x70, 0x80, 0x3f, 0x01, 0x00, 0x00, 0x00,
    0x40, 0x04, 0x00, 0x4f, 0x40, 0x01, 0x01, 0x0a, 0x2d, 0x00, 0x0b, 0x01,
    0x30, 0x00, 0x12, 0x02, 0x09, 0x00, 0x12, 0x40, 0x15, 0x00, 0x8f, 0x40,
    0x40, 0x06, 0x00, 0x00, 0x00, 0x01, 0x27, 0x39, 0x00, 0x08, 0x61, 0x01,
    0x04, 0x7a, 0x65, 0x72, 0x6f, 0x6b, 0x00, 0x40, 0x03, 0x6f, 0x6e, 0x65,
    0x35, 0x00, 0xe0, 0x01, 0x03, 0x74, 0x77, 0x6f, 0x00, 0x00, 0x40, 0x40,
    0x01, 0x03, 0x6c, 0x65, 0x6c,
};

/* Both vectors share the header; `encoding` is byte 20, the payload
 * starts at 21. */
#define PAYLOAD_AT 21u
#define PAYLOAD_SIZE (sizeof golden_plain - PAYLOAD_AT)

/* ------------------------------------------------------------------ */
/* helpers                                                             */

static ak_diags *new_diags(void)
{
    ak_diag_options opt = {.strict = false, .max_errors = 0};
    ak_diags *d = ak_diags_new(&opt);
    assert_non_null(d);
    return d;
}

static void print_diags(const ak_diags *d)
{
    for (size_t i = 0; i < ak_diags_count(d); i++) {
        const ak_diag *g = ak_diags_at(d, i);
        fprintf(stderr, "  %s %s @%llu %s: %s\n", ak_severity_name(g->severity), g->rule->code,
                (unsigned long long)g->offset, g->path, g->message ? g->message : g->rule->message);
    }
}

/* Where the LZMA decoder notices corruption is liblzma's business. */
#define ANY_OFFSET UINT64_MAX

/* Asserts that diagnostic i has this code, severity and offset. */
static void expect_diag(const ak_diags *d, size_t i, const char *code, ak_severity sev, uint64_t offset)
{
    const ak_diag *g = ak_diags_at(d, i);
    if (!g || strcmp(g->rule->code, code) != 0 || g->severity != sev ||
        (offset != ANY_OFFSET && g->offset != offset)) {
        fprintf(stderr, "expected #%zu: %s %s @%llu; got:\n", i, ak_severity_name(sev), code,
                (unsigned long long)offset);
        print_diags(d);
        fail();
    }
}

static void expect_count(const ak_diags *d, size_t n)
{
    if (ak_diags_count(d) != n) {
        fprintf(stderr, "expected %zu diagnostics, got:\n", n);
        print_diags(d);
        fail();
    }
}

/* Asserts diagnostic i in full: code, offset, length, path and message. */
static void expect_full(const ak_diags *d, size_t i, const char *code, uint64_t offset, uint64_t length,
                        const char *path, const char *message)
{
    const ak_diag *g = ak_diags_at(d, i);
    if (!g || strcmp(g->rule->code, code) != 0 || g->offset != offset || g->length != length ||
        strcmp(g->path, path) != 0 || strcmp(g->message ? g->message : "", message) != 0) {
        fprintf(stderr, "expected #%zu: %s @%llu+%llu %s: %s; got:\n", i, code, (unsigned long long)offset,
                (unsigned long long)length, path, message);
        for (size_t k = 0; k < ak_diags_count(d); k++) {
            const ak_diag *h = ak_diags_at(d, k);
            fprintf(stderr, "  %s @%llu+%llu %s: %s\n", h->rule->code, (unsigned long long)h->offset,
                    (unsigned long long)h->length, h->path, h->message ? h->message : "");
        }
        fail();
    }
}

typedef bool (*decode_fn)(const uint8_t *, size_t, uint64_t, ak_diags *, uint64_t, ak_buf *);

/* Decodes bytes (a payload after `encoding`, at file offset 21). Each time
 * the payload is also only checked (out NULL, what validate does before it
 * reads the payload as a stream): the same result and the same diagnostics. */
static bool decode(decode_fn fn, const uint8_t *bytes, size_t n, uint64_t cap, ak_diags *d, ak_buf *out)
{
    ak_buf_init(out);
    bool ok = fn(bytes, n, cap, d, PAYLOAD_AT, out);
    ak_diags *checked = new_diags();
    bool ok_checked = fn(bytes, n, cap, checked, PAYLOAD_AT, NULL);
    bool same = ok == ok_checked && ak_diags_count(d) == ak_diags_count(checked);
    for (size_t i = 0; same && i < ak_diags_count(d); i++) {
        const ak_diag *a = ak_diags_at(d, i), *b = ak_diags_at(checked, i);
        same = a->rule == b->rule && a->offset == b->offset && a->length == b->length && strcmp(a->path, b->path) == 0 &&
               strcmp(a->message ? a->message : "", b->message ? b->message : "") == 0;
    }
    if (!same) {
        fprintf(stderr, "decoding into a buffer (%d):\n", ok);
        print_diags(d);
        fprintf(stderr, "checking only (%d):\n", ok_checked);
        print_diags(checked);
        fail_msg("checking only differs from decoding");
    }
    ak_diags_free(checked);
    return ok;
}

/* A small deterministic generator (xorshift64*). */
static uint64_t rng_state = 0x9E3779B97F4A7C15u;
static uint64_t rng(void)
{
    rng_state ^= rng_state >> 12;
    rng_state ^= rng_state << 25;
    rng_state ^= rng_state >> 27;
    return rng_state * 0x2545F4914F6CDD1Du;
}

static uint8_t *random_bytes(size_t n)
{
    uint8_t *p = malloc(n ? n : 1);
    assert_non_null(p);
    for (size_t i = 0; i < n; i++)
        p[i] = (uint8_t)(rng() >> 56);
    return p;
}

/* Keys of a float track: a time, then a slowly changing value; compresses
 * a little, like real AnimX payloads. */
static uint8_t *float_bytes(size_t n)
{
    uint8_t *p = malloc(n ? n : 1);
    assert_non_null(p);
    float t = 0.0f, v = 0.0f;
    size_t i = 0;
    while (i < n) {
        float f = (i / 4) % 2 == 0 ? (t += 1.0f / 30.0f) : (v += (float)((int)(rng() % 2001) - 1000) / 1e5f);
        uint8_t b[4];
        memcpy(b, &f, 4);
        for (int k = 0; k < 4 && i < n; k++)
            p[i++] = b[k];
    }
    return p;
}

/* ------------------------------------------------------------------ */
/* LZ4: the spec's vectors                                             */

static void test_lz4_golden_vector(void **state)
{
    (void)state;
    ak_diags *d = new_diags();
    ak_buf out;
    assert_true(decode(ak_animx_lz4_decode, golden_lz4 + PAYLOAD_AT, sizeof golden_lz4 - PAYLOAD_AT, 0, d, &out));
    expect_count(d, 0);
    assert_int_equal(out.len, 164);
    assert_memory_equal(out.data, golden_plain + PAYLOAD_AT, PAYLOAD_SIZE);
    ak_buf_free(&out);
    ak_diags_free(d);
}

static void test_lz4_golden_stored_variant(void **state)
{
    (void)state;
    uint8_t file[188];
    memcpy(file, golden_plain, 20);
    file[20] = 0x01; /* encoding: LZ4 */
    file[21] = 0x00; /* stored */
    file[22] = 0xa4;
    file[23] = 0x01; /* original_length 164 */
    memcpy(file + 24, golden_plain + PAYLOAD_AT, PAYLOAD_SIZE);
    ak_diags *d = new_diags();
    ak_buf out;
    assert_true(decode(ak_animx_lz4_decode, file + PAYLOAD_AT, sizeof file - PAYLOAD_AT, 0, d, &out));
    expect_count(d, 0);
    assert_int_equal(out.len, PAYLOAD_SIZE);
    assert_memory_equal(out.data, golden_plain + PAYLOAD_AT, PAYLOAD_SIZE);
    ak_buf_free(&out);
    ak_diags_free(d);
}

static void test_lz4_encode_small_payload(void **state)
{
    (void)state;
    ak_buf enc;
    ak_buf_init(&enc);
    assert_true(ak_animx_lz4_encode(golden_plain + PAYLOAD_AT, PAYLOAD_SIZE, AK_ANIMX_LZ4_FAST, &enc));
    /* One compressed chunk: flags 1, original 164 (a4 01), then the block. */
    assert_true(enc.len < PAYLOAD_SIZE);
    assert_int_equal((uint8_t)enc.data[0], 0x01);
    assert_int_equal((uint8_t)enc.data[1], 0xa4);
    assert_int_equal((uint8_t)enc.data[2], 0x01);
    ak_diags *d = new_diags();
    ak_buf out;
    assert_true(decode(ak_animx_lz4_decode, (const uint8_t *)enc.data, enc.len, 0, d, &out));
    expect_count(d, 0);
    assert_int_equal(out.len, PAYLOAD_SIZE);
    assert_memory_equal(out.data, golden_plain + PAYLOAD_AT, PAYLOAD_SIZE);
    ak_buf_free(&out);
    ak_buf_free(&enc);
    ak_diags_free(d);

    /* With LZ4 HC (default level) the block is byte for byte the one of
     * section 8.3, whose writer left the informational HC bit clear. */
    ak_buf_init(&enc);
    assert_true(ak_animx_lz4_encode(golden_plain + PAYLOAD_AT, PAYLOAD_SIZE, AK_ANIMX_LZ4_HC, &enc));
    assert_int_equal(enc.len, sizeof golden_lz4 - PAYLOAD_AT);
    assert_int_equal((uint8_t)enc.data[0], 0x03);
    assert_memory_equal(enc.data + 1, golden_lz4 + PAYLOAD_AT + 1, enc.len - 1);
    ak_buf_free(&enc);
    /* ... and with the HC bit clear, the whole 8.3 file from 8.1's bytes. */
    ak_buf_init(&enc);
    assert_true(ak_buf_append(&enc, golden_plain, 20));
    assert_true(ak_buf_putc(&enc, 0x01));
    assert_true(ak_animx_lz4_encode(golden_plain + PAYLOAD_AT, PAYLOAD_SIZE, AK_ANIMX_LZ4_HC_UNMARKED, &enc));
    assert_int_equal(enc.len, sizeof golden_lz4);
    assert_memory_equal(enc.data, golden_lz4, sizeof golden_lz4);
    ak_buf_free(&enc);
}

/* ------------------------------------------------------------------ */
/* LZ4: hostile chunk streams                                          */

/* The 8.3 chunk stream with its header replaced: header bytes, then the
 * 100-byte block (or `block_bytes` of it). */
static size_t lz4_with_header(uint8_t *buf, const uint8_t *header, size_t hn, size_t block_bytes)
{
    memcpy(buf, header, hn);
    memcpy(buf + hn, golden_lz4 + 25, block_bytes);
    return hn + block_bytes;
}

static void expect_lz4_failure(const uint8_t *bytes, size_t n, uint64_t cap, const char *code, uint64_t offset)
{
    ak_diags *d = new_diags();
    ak_buf out;
    assert_false(decode(ak_animx_lz4_decode, bytes, n, cap, d, &out));
    expect_diag(d, 0, code, AK_SEV_ERROR, offset);
    ak_buf_free(&out);
    ak_diags_free(d);
}

static void test_lz4_truncated(void **state)
{
    (void)state;
    uint8_t buf[256];
    /* Inside chunk_flags, original_length, compressed_length, data. */
    static const uint8_t flags_cut[] = {0x81};
    expect_lz4_failure(flags_cut, sizeof flags_cut, 0, "animx.compress.lz4-chunk", 21);
    static const uint8_t orig_cut[] = {0x01, 0xa4};
    expect_lz4_failure(orig_cut, sizeof orig_cut, 0, "animx.compress.lz4-chunk", 22);
    static const uint8_t orig_missing[] = {0x01};
    expect_lz4_failure(orig_missing, sizeof orig_missing, 0, "animx.compress.lz4-chunk", 22);
    static const uint8_t comp_missing[] = {0x01, 0xa4, 0x01};
    expect_lz4_failure(comp_missing, sizeof comp_missing, 0, "animx.compress.lz4-chunk", 24);
    static const uint8_t hdr[] = {0x01, 0xa4, 0x01, 0x64};
    size_t n = lz4_with_header(buf, hdr, sizeof hdr, 99);
    expect_lz4_failure(buf, n, 0, "animx.compress.lz4-chunk", 25);
    /* A stored chunk short of its data. */
    static const uint8_t stored[] = {0x00, 0x05, 'a', 'b'};
    expect_lz4_failure(stored, sizeof stored, 0, "animx.compress.lz4-chunk", 23);
}

static void test_lz4_size_limit_and_ratio(void **state)
{
    (void)state;
    uint8_t buf[256];
    /* Section 8.5: original_length 2^40 -> size-limit (+ lz4-ratio). */
    static const uint8_t hdr[] = {0x01, 0x80, 0x80, 0x80, 0x80, 0x80, 0x20, 0x64}; /* 2^40 = 0x20 << 35 */
    size_t n = lz4_with_header(buf, hdr, sizeof hdr, 100);
    ak_diags *d = new_diags();
    ak_buf out;
    assert_false(decode(ak_animx_lz4_decode, buf, n, 0, d, &out));
    expect_count(d, 2);
    expect_diag(d, 0, "animx.compress.size-limit", AK_SEV_ERROR, 22);
    expect_diag(d, 1, "animx.compress.lz4-ratio", AK_SEV_ERROR, 22);
    assert_int_equal(out.len, 0);
    ak_buf_free(&out);
    ak_diags_free(d);

    /* The golden stream with a cap below its 164 bytes. */
    expect_lz4_failure(golden_lz4 + PAYLOAD_AT, sizeof golden_lz4 - PAYLOAD_AT, 100, "animx.compress.size-limit", 22);
    /* The cap counts the whole stream, not one chunk: two stored chunks of
     * 3 bytes under a cap of 5. */
    static const uint8_t two[] = {0x00, 0x03, 'a', 'b', 'c', 0x00, 0x03, 'd', 'e', 'f'};
    expect_lz4_failure(two, sizeof two, 5, "animx.compress.size-limit", 27);
    /* 256 bytes claimed from a 1-byte block: no LZ4 block expands so. */
    static const uint8_t ratio[] = {0x01, 0x80, 0x02, 0x01, 0x00};
    expect_lz4_failure(ratio, sizeof ratio, 0, "animx.compress.lz4-ratio", 22);
    /* Lengths beyond 2^31-1 (with a cap high enough to let them through):
     * LZ4Stream casts them to int. */
    static const uint8_t huge[] = {0x00, 0x80, 0x80, 0x80, 0x80, 0x08};
    expect_lz4_failure(huge, sizeof huge, UINT64_C(1) << 40, "animx.varint.overflow", 22);
}

static void test_lz4_varints(void **state)
{
    (void)state;
    /* 11 bytes: more than 64 bits. */
    static const uint8_t long_flags[] = {0x81, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x00};
    expect_lz4_failure(long_flags, sizeof long_flags, 0, "animx.varint.overflow", 21);
    /* 10 bytes with bits above 64. */
    static const uint8_t wide[] = {0x00, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x7f};
    expect_lz4_failure(wide, sizeof wide, 0, "animx.varint.overflow", 22);
    /* Non-minimal flags and length: warnings, decoding goes on. */
    static const uint8_t redundant[] = {0x80, 0x00, 0x83, 0x00, 'a', 'b', 'c'};
    ak_diags *d = new_diags();
    ak_buf out;
    assert_true(decode(ak_animx_lz4_decode, redundant, sizeof redundant, 0, d, &out));
    expect_count(d, 2);
    expect_diag(d, 0, "animx.varint.non-minimal", AK_SEV_WARNING, 21);
    expect_diag(d, 1, "animx.varint.non-minimal", AK_SEV_WARNING, 23);
    assert_int_equal(out.len, 3);
    assert_memory_equal(out.data, "abc", 3);
    ak_buf_free(&out);
    ak_diags_free(d);
}

static void test_lz4_chunk_rules(void **state)
{
    (void)state;
    uint8_t buf[256];
    /* Section 8.5: chunk flags 05 -> lz4-passes. */
    uint8_t passes[sizeof golden_lz4 - PAYLOAD_AT];
    memcpy(passes, golden_lz4 + PAYLOAD_AT, sizeof passes);
    passes[0] = 0x05;
    expect_lz4_failure(passes, sizeof passes, 0, "animx.compress.lz4-passes", 21);
    /* compressed_length > original_length. */
    static const uint8_t bigger[] = {0x01, 0x63, 0x64};
    size_t n = lz4_with_header(buf, bigger, sizeof bigger, 100);
    expect_lz4_failure(buf, n, 0, "animx.compress.lz4-chunk", 23);
    /* A block that decodes short (original 165) and long (original 163). */
    static const uint8_t longer[] = {0x01, 0xa5, 0x01, 0x64};
    n = lz4_with_header(buf, longer, sizeof longer, 100);
    expect_lz4_failure(buf, n, 0, "animx.compress.lz4-block", 25);
    static const uint8_t shorter[] = {0x01, 0xa3, 0x01, 0x64};
    n = lz4_with_header(buf, shorter, sizeof shorter, 100);
    expect_lz4_failure(buf, n, 0, "animx.compress.lz4-block", 25);
    /* A match reaching before the start of the output. */
    static const uint8_t bad_offset[] = {0x01, 0x0a, 0x05, 0x10, 'x', 0x20, 0x00, 0x00};
    expect_lz4_failure(bad_offset, sizeof bad_offset, 0, "animx.compress.lz4-block", 24);

    /* Empty chunks (stored and compressed) and flags on a stored chunk are
     * warnings; the payload is what the other chunks hold. */
    static const uint8_t odd[] = {0x00, 0x00, 0x01, 0x00, 0x00, 0x02, 0x02, 'h', 'i'};
    ak_diags *d = new_diags();
    ak_buf out;
    assert_true(decode(ak_animx_lz4_decode, odd, sizeof odd, 0, d, &out));
    expect_count(d, 3);
    expect_diag(d, 0, "animx.compress.lz4-empty-chunk", AK_SEV_WARNING, 21);
    expect_diag(d, 1, "animx.compress.lz4-empty-chunk", AK_SEV_WARNING, 23);
    expect_diag(d, 2, "animx.compress.lz4-flags", AK_SEV_WARNING, 26);
    assert_int_equal(out.len, 2);
    assert_memory_equal(out.data, "hi", 2);
    ak_buf_free(&out);
    ak_diags_free(d);

    /* An empty compressed chunk that still carries data. */
    static const uint8_t empty_with_data[] = {0x01, 0x00, 0x01, 0x00};
    expect_lz4_failure(empty_with_data, sizeof empty_with_data, 0, "animx.compress.lz4-chunk", 23);

    /* Every bad chunk is named: two chunks with passes. */
    static const uint8_t two_bad[] = {0x05, 0x01, 0x01, 0x10, 0x05, 0x01, 0x01, 0x10};
    d = new_diags();
    assert_false(decode(ak_animx_lz4_decode, two_bad, sizeof two_bad, 0, d, &out));
    expect_count(d, 2);
    expect_diag(d, 0, "animx.compress.lz4-passes", AK_SEV_ERROR, 21);
    expect_diag(d, 1, "animx.compress.lz4-passes", AK_SEV_ERROR, 25);
    ak_buf_free(&out);
    ak_diags_free(d);

    /* Strict level: the warnings become errors. */
    ak_diag_options strict = {.strict = true, .max_errors = 0};
    d = ak_diags_new(&strict);
    ak_buf_init(&out);
    ak_animx_lz4_decode(odd, sizeof odd, 0, d, PAYLOAD_AT, &out);
    assert_int_equal(ak_diags_errors(d), 3);
    ak_buf_free(&out);
    ak_diags_free(d);
}

/* A chunk stream that fails with one error, reported in full. */
static void expect_lz4_report(const uint8_t *bytes, size_t n, const char *code, uint64_t offset, uint64_t length,
                              const char *path, const char *message)
{
    ak_diags *d = new_diags();
    ak_buf out;
    assert_false(decode(ak_animx_lz4_decode, bytes, n, 0, d, &out));
    expect_count(d, 1);
    expect_full(d, 0, code, offset, length, path, message);
    ak_buf_free(&out);
    ak_diags_free(d);
}

/* Where each report of the chunk framing points, and what it says: the
 * varints of a chunk header (in every field), the 2^31-1 limit on
 * compressed_length, an empty chunk, a block that decodes short or not at
 * all. */
static void test_lz4_diagnostic_details(void **state)
{
    (void)state;
    ak_buf out;
    /* compressed_length non-minimal (2 bytes), then a block of 3 literals
     * where original_length says 4. */
    static const uint8_t overlong[] = {0x01, 0x04, 0x84, 0x00, 0x30, 'a', 'b', 'c'};
    ak_diags *d = new_diags();
    assert_false(decode(ak_animx_lz4_decode, overlong, sizeof overlong, 0, d, &out));
    expect_count(d, 2);
    expect_full(d, 0, "animx.varint.non-minimal", 23, 2, "/chunks/0/compressed_length",
                "`compressed_length` (4) takes 2 bytes; 1 suffices");
    expect_full(d, 1, "animx.compress.lz4-block", 25, 4, "/chunks/0/data",
                "the LZ4 block of chunk 0 decodes to 3 bytes, not original_length 4");
    ak_buf_free(&out);
    ak_diags_free(d);
    /* An empty chunk whose original_length is not minimal either. */
    static const uint8_t empty[] = {0x00, 0x80, 0x00};
    d = new_diags();
    assert_true(decode(ak_animx_lz4_decode, empty, sizeof empty, 0, d, &out));
    expect_count(d, 2);
    expect_full(d, 0, "animx.varint.non-minimal", 22, 2, "/chunks/0/original_length",
                "`original_length` (0) takes 2 bytes; 1 suffices");
    expect_full(d, 1, "animx.compress.lz4-empty-chunk", 21, 3, "/chunks/0/original_length",
                "chunk 0 is empty (original_length 0)");
    ak_buf_free(&out);
    ak_diags_free(d);
    /* A block that runs out of input (15 literals announced, none there). */
    static const uint8_t malformed[] = {0x00, 0x01, 'x', 0x01, 0x02, 0x02, 0xf0, 0x00};
    expect_lz4_report(malformed, sizeof malformed, "animx.compress.lz4-block", 27, 2, "/chunks/1/data",
                      "the LZ4 block of chunk 1 is malformed or decodes to more than original_length 2");
    /* Varints that do not fit 64 bits: up to the end of the varint, or of
     * the stream when it never ends. */
    static const uint8_t wide[] = {0x00, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x7f};
    expect_lz4_report(wide, sizeof wide, "animx.varint.overflow", 22, 10, "/chunks/0/original_length",
                      "`original_length` does not fit 64 bits");
    static const uint8_t endless[] = {0x01, 0x05, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff};
    expect_lz4_report(endless, sizeof endless, "animx.varint.overflow", 23, 11, "/chunks/0/compressed_length",
                      "`compressed_length` does not fit 64 bits");
    /* compressed_length 2^31 (original_length 5): LZ4Stream's int. */
    static const uint8_t int32[] = {0x01, 0x05, 0x80, 0x80, 0x80, 0x80, 0x08};
    expect_lz4_report(int32, sizeof int32, "animx.varint.overflow", 23, 5, "/chunks/0/compressed_length",
                      "`compressed_length` 2147483648 is more than 2^31-1: LZ4Stream reads it as a 32-bit int");
    /* A stream that ends where compressed_length should be. */
    static const uint8_t cut[] = {0x00, 0x01, 'x', 0x01, 0x04};
    expect_lz4_report(cut, sizeof cut, "animx.compress.lz4-chunk", 26, 0, "/chunks/1/compressed_length",
                      "the LZ4 stream ends inside `compressed_length` of chunk 1");
}

static void test_lz4_empty_input(void **state)
{
    (void)state;
    ak_diags *d = new_diags();
    ak_buf out;
    assert_true(decode(ak_animx_lz4_decode, (const uint8_t *)"", 0, 0, d, &out));
    expect_count(d, 0);
    assert_int_equal(out.len, 0);
    ak_buf_free(&out);
    /* The encoder writes no chunk for an empty payload. */
    ak_buf_init(&out);
    assert_true(ak_animx_lz4_encode((const uint8_t *)"", 0, AK_ANIMX_LZ4_FAST, &out));
    assert_int_equal(out.len, 0);
    ak_buf_free(&out);
    ak_diags_free(d);
    /* Decoding without a diagnostics engine. */
    ak_buf_init(&out);
    assert_false(ak_animx_lz4_decode((const uint8_t *)"\x81", 1, 0, NULL, 0, &out));
    ak_buf_free(&out);
}

/* ------------------------------------------------------------------ */
/* LZMA                                                                */

/* Frames payload with the hooks' encoder. */
static ak_buf lzma_framed(const uint8_t *payload, size_t n)
{
    ak_buf enc;
    ak_buf_init(&enc);
    assert_true(ak_animx_lzma_encode(payload, n, &enc));
    return enc;
}

static void put_i64(uint8_t *p, uint64_t v)
{
    for (int i = 0; i < 8; i++)
        p[i] = (uint8_t)(v >> (8 * i));
}

static void expect_lzma(const uint8_t *bytes, size_t n, uint64_t cap, bool ok, const char *code, ak_severity sev,
                        uint64_t offset)
{
    ak_diags *d = new_diags();
    ak_buf out;
    bool got = decode(ak_animx_lzma_decode, bytes, n, cap, d, &out);
    if (got != ok) {
        print_diags(d);
        fail_msg("decode returned %d", got);
    }
    if (code)
        expect_diag(d, 0, code, sev, offset);
    else
        expect_count(d, 0);
    ak_buf_free(&out);
    ak_diags_free(d);
}

static void test_lzma_encode_golden_payload(void **state)
{
    (void)state;
    ak_buf enc = lzma_framed(golden_plain + PAYLOAD_AT, PAYLOAD_SIZE);
    const uint8_t *e = (const uint8_t *)enc.data;
    static const uint8_t props[5] = {0x5d, 0x00, 0x00, 0x20, 0x00};
    assert_memory_equal(e, props, 5);
    uint64_t usize = 0, csize = 0;
    for (int i = 7; i >= 0; i--) {
        usize = usize << 8 | e[5 + i];
        csize = csize << 8 | e[13 + i];
    }
    assert_int_equal(usize, PAYLOAD_SIZE);
    assert_int_equal(csize, enc.len - AK_ANIMX_LZMA_HEADER_SIZE);
    ak_diags *d = new_diags();
    ak_buf out;
    assert_true(decode(ak_animx_lzma_decode, e, enc.len, 0, d, &out));
    expect_count(d, 0);
    assert_int_equal(out.len, PAYLOAD_SIZE);
    assert_memory_equal(out.data, golden_plain + PAYLOAD_AT, PAYLOAD_SIZE);
    ak_buf_free(&out);

    /* No end marker: a strict liblzma decoder (ALLOW_EOPM clear) accepts it. */
    lzma_options_lzma opt;
    memset(&opt, 0, sizeof opt);
    opt.dict_size = 1u << 21;
    opt.lc = 3;
    opt.pb = 2;
    lzma_set_ext_size(opt, usize);
    lzma_filter f[2] = {{LZMA_FILTER_LZMA1EXT, &opt}, {LZMA_VLI_UNKNOWN, NULL}};
    uint8_t plain[PAYLOAD_SIZE + 1];
    size_t in_pos = 0, out_pos = 0;
    assert_int_equal(lzma_raw_buffer_decode(f, NULL, e + 21, &in_pos, (size_t)csize, plain, &out_pos, sizeof plain),
                     LZMA_OK);
    assert_int_equal(out_pos, PAYLOAD_SIZE);
    ak_buf_free(&enc);
    ak_diags_free(d);
}

static void test_lzma_header(void **state)
{
    (void)state;
    ak_buf enc = lzma_framed(golden_plain + PAYLOAD_AT, PAYLOAD_SIZE);
    uint8_t *e = (uint8_t *)enc.data;
    /* Truncated headers: nothing, inside props, inside each size. */
    static const size_t cuts[] = {0, 4, 5, 12, 20};
    for (size_t i = 0; i < sizeof cuts / sizeof cuts[0]; i++)
        expect_lzma(e, cuts[i], 0, false, "animx.compress.lzma-header", AK_SEV_ERROR, 21);
    /* Properties byte 225 and lc + lp > 4 (valid for 7-Zip, not liblzma). */
    e[0] = 225;
    expect_lzma(e, enc.len, 0, false, "animx.compress.lzma-header", AK_SEV_ERROR, 21);
    e[0] = 8; /* lc 8 */
    expect_lzma(e, enc.len, 0, false, "animx.compress.lzma-header", AK_SEV_ERROR, 21);
    e[0] = 0x5d;
    /* A 4 GiB dictionary decodes a small payload without allocating it. */
    e[1] = e[2] = e[3] = e[4] = 0xff;
    expect_lzma(e, enc.len, 0, true, NULL, AK_SEV_ERROR, 0);
    ak_buf_free(&enc);
}

static void test_lzma_sizes(void **state)
{
    (void)state;
    ak_buf enc = lzma_framed(golden_plain + PAYLOAD_AT, PAYLOAD_SIZE);
    uint8_t *e = (uint8_t *)enc.data;
    const size_t csize = enc.len - 21;
    /* uncompressed_size 2^63 (negative as i64), -1, 2^62 (over the cap). */
    put_i64(e + 5, UINT64_C(1) << 63);
    expect_lzma(e, enc.len, 0, false, "animx.compress.size-limit", AK_SEV_ERROR, 26);
    put_i64(e + 5, UINT64_MAX);
    expect_lzma(e, enc.len, 0, false, "animx.compress.size-limit", AK_SEV_ERROR, 26);
    put_i64(e + 5, UINT64_C(1) << 62);
    expect_lzma(e, enc.len, 0, false, "animx.compress.size-limit", AK_SEV_ERROR, 26);
    /* Within the default cap but above a small one. */
    put_i64(e + 5, PAYLOAD_SIZE);
    expect_lzma(e, enc.len, 100, false, "animx.compress.size-limit", AK_SEV_ERROR, 26);
    /* 1 GiB declared, 1 GiB allowed, but the data holds 164 bytes: the
     * output buffer follows the data, and the result is an error. */
    put_i64(e + 5, UINT64_C(1) << 30);
    expect_lzma(e, enc.len, 0, false, "animx.compress.lzma-data", AK_SEV_ERROR, 42);
    /* Decodes short (stream ends early, compressed_size honest) and long. */
    put_i64(e + 5, PAYLOAD_SIZE + 1);
    expect_lzma(e, enc.len, 0, false, "animx.compress.lzma-data", AK_SEV_ERROR, 42);
    put_i64(e + 5, PAYLOAD_SIZE - 1);
    {
        ak_diags *d = new_diags();
        ak_buf out;
        assert_false(decode(ak_animx_lzma_decode, e, enc.len, 0, d, &out));
        assert_true(ak_diags_errors(d) >= 1);
        assert_string_equal(ak_diags_at(d, 0)->rule->code, "animx.compress.lzma-data");
        ak_buf_free(&out);
        ak_diags_free(d);
    }
    put_i64(e + 5, PAYLOAD_SIZE);
    /* compressed_size larger than the bytes present: the file is cut off. */
    expect_lzma(e, enc.len - 3, 0, false, "animx.file.truncated", AK_SEV_ERROR, 21 + enc.len - 3);
    /* compressed_size 2^63 with all data present: a warning only. */
    put_i64(e + 13, UINT64_C(1) << 63);
    expect_lzma(e, enc.len, 0, true, "animx.compress.size-mismatch", AK_SEV_WARNING, 34);
    put_i64(e + 13, 0);
    expect_lzma(e, enc.len, 0, true, "animx.compress.size-mismatch", AK_SEV_WARNING, 34);
    put_i64(e + 13, csize);
    ak_buf_free(&enc);
}

static void test_lzma_trailing_and_corrupt(void **state)
{
    (void)state;
    ak_buf enc = lzma_framed(golden_plain + PAYLOAD_AT, PAYLOAD_SIZE);
    ak_buf_append(&enc, "\x00\x11\x22", 3);
    uint8_t *e = (uint8_t *)enc.data;
    const size_t end = enc.len - 3;
    expect_lzma(e, enc.len, 0, true, "animx.file.trailing", AK_SEV_WARNING, 21 + end);
    /* A flipped byte in the middle of the data: an error, never a crash. */
    for (size_t at = 21; at < end; at++) {
        uint8_t keep = e[at];
        e[at] ^= 0x55;
        ak_diags *d = new_diags();
        ak_buf out;
        bool ok = decode(ak_animx_lzma_decode, e, end, 0, d, &out);
        if (ok) /* LZMA has no checksum: a flip may still decode */
            assert_int_equal(out.len, PAYLOAD_SIZE);
        else
            assert_true(ak_diags_errors(d) >= 1);
        ak_buf_free(&out);
        ak_diags_free(d);
        e[at] = keep;
    }
    ak_buf_free(&enc);
}

/* Where the reports of the end of the LZMA data point, and what they say:
 * compressed_size off and bytes after the data, data cut off, data whole
 * but short. */
static void test_lzma_diagnostic_details(void **state)
{
    (void)state;
    ak_buf enc = lzma_framed(golden_plain + PAYLOAD_AT, PAYLOAD_SIZE);
    const size_t csize = enc.len - 21;
    ak_buf_append(&enc, "\x00\x11", 2);
    uint8_t *e = (uint8_t *)enc.data;
    char message[160];
    put_i64(e + 13, csize + 2);
    ak_diags *d = new_diags();
    ak_buf out;
    assert_true(decode(ak_animx_lzma_decode, e, enc.len, 0, d, &out));
    expect_count(d, 2);
    snprintf(message, sizeof message, "compressed_size is %zu but the LZMA data is %zu bytes", csize + 2, csize);
    expect_full(d, 0, "animx.compress.size-mismatch", 34, 8, "/compressed_size", message);
    expect_full(d, 1, "animx.file.trailing", 42 + csize, 2, "", "2 bytes after the LZMA data");
    ak_buf_free(&out);
    ak_diags_free(d);
    /* Cut off 3 bytes before compressed_size says the data end. */
    put_i64(e + 13, csize);
    d = new_diags();
    assert_false(decode(ak_animx_lzma_decode, e, enc.len - 5, 0, d, &out));
    assert_true(ak_diags_count(d) >= 1);
    const ak_diag *g = ak_diags_at(d, 0);
    assert_string_equal(g->rule->code, "animx.file.truncated");
    assert_int_equal(g->offset, 42 + csize - 3);
    assert_int_equal(g->length, 0);
    assert_string_equal(g->path, "/lzma_data");
    snprintf(message, sizeof message, "the LZMA data ends after %zu of compressed_size %zu bytes, with ", csize - 3,
             csize);
    assert_memory_equal(g->message, message, strlen(message));
    ak_buf_free(&out);
    ak_diags_free(d);
    /* The data whole (compressed_size honest) but uncompressed_size 1 more. */
    put_i64(e + 5, PAYLOAD_SIZE + 1);
    d = new_diags();
    assert_false(decode(ak_animx_lzma_decode, e, enc.len - 2, 0, d, &out));
    expect_count(d, 1);
    snprintf(message, sizeof message, "the %zu bytes of LZMA data decode to only %zu of uncompressed_size %zu bytes",
             csize, PAYLOAD_SIZE, PAYLOAD_SIZE + 1);
    expect_full(d, 0, "animx.compress.lzma-data", 42, csize, "/lzma_data", message);
    ak_buf_free(&out);
    ak_diags_free(d);
    ak_buf_free(&enc);
}

/* Frames payload with an end marker (LZMA_FILTER_LZMA1 always writes one),
 * declaring `declared` as uncompressed_size. */
static ak_buf lzma_with_marker(const uint8_t *payload, size_t n, uint64_t declared)
{
    lzma_options_lzma opt;
    assert_false(lzma_lzma_preset(&opt, 6));
    opt.dict_size = 1u << 21;
    lzma_filter f[2] = {{LZMA_FILTER_LZMA1, &opt}, {LZMA_VLI_UNKNOWN, NULL}};
    size_t cap = n + n / 2 + 1024, pos = 0;
    uint8_t *tmp = malloc(cap);
    assert_non_null(tmp);
    assert_int_equal(lzma_raw_buffer_encode(f, NULL, payload, n, tmp, &pos, cap), LZMA_OK);
    ak_buf b;
    ak_buf_init(&b);
    uint8_t hdr[21] = {0x5d, 0x00, 0x00, 0x20, 0x00};
    put_i64(hdr + 5, declared);
    put_i64(hdr + 13, pos);
    ak_buf_append(&b, hdr, sizeof hdr);
    ak_buf_append(&b, tmp, pos);
    free(tmp);
    return b;
}

static void test_lzma_end_marker(void **state)
{
    (void)state;
    /* A marker right after uncompressed_size bytes is tolerated. */
    ak_buf b = lzma_with_marker(golden_plain + PAYLOAD_AT, PAYLOAD_SIZE, PAYLOAD_SIZE);
    ak_diags *d = new_diags();
    ak_buf out;
    assert_true(decode(ak_animx_lzma_decode, (const uint8_t *)b.data, b.len, 0, d, &out));
    expect_count(d, 0);
    assert_int_equal(out.len, PAYLOAD_SIZE);
    assert_memory_equal(out.data, golden_plain + PAYLOAD_AT, PAYLOAD_SIZE);
    ak_buf_free(&out);
    ak_diags_free(d);
    ak_buf_free(&b);
    /* A marker before uncompressed_size: the data decodes short. */
    b = lzma_with_marker(golden_plain + PAYLOAD_AT, PAYLOAD_SIZE, PAYLOAD_SIZE + 10);
    expect_lzma((const uint8_t *)b.data, b.len, 0, false, "animx.compress.lzma-data", AK_SEV_ERROR, ANY_OFFSET);
    ak_buf_free(&b);
}

static void test_lzma_empty_payload(void **state)
{
    (void)state;
    ak_buf enc = lzma_framed((const uint8_t *)"", 0);
    assert_true(enc.len >= 21);
    ak_diags *d = new_diags();
    ak_buf out;
    assert_true(decode(ak_animx_lzma_decode, (const uint8_t *)enc.data, enc.len, 0, d, &out));
    expect_count(d, 0);
    assert_int_equal(out.len, 0);
    ak_buf_free(&out);
    ak_diags_free(d);
    ak_buf_free(&enc);
}

/* ------------------------------------------------------------------ */
/* Round trips                                                         */

static const size_t round_trip_sizes[] = {0,
                                          1,
                                          AK_ANIMX_LZ4_CHUNK_SIZE - 1,
                                          AK_ANIMX_LZ4_CHUNK_SIZE,
                                          AK_ANIMX_LZ4_CHUNK_SIZE + 1,
                                          3 * AK_ANIMX_LZ4_CHUNK_SIZE};

/* Walks the chunk headers of a stream our encoder wrote: every chunk is
 * 1 MiB but the last, none is empty, a compressed one is smaller. */
static void check_chunks(const uint8_t *s, size_t n, size_t payload, bool hc)
{
    size_t pos = 0, total = 0, chunks = 0;
    while (pos < n) {
        uint64_t v[3] = {0, 0, 0};
        int fields = 2;
        for (int k = 0; k < fields; k++) {
            unsigned shift = 0;
            uint8_t byte;
            do {
                byte = s[pos++];
                v[k] |= (uint64_t)(byte & 0x7f) << shift;
                shift += 7;
            } while (byte & 0x80);
            if (k == 0 && (v[0] & 1))
                fields = 3;
        }
        size_t len = (size_t)v[1];
        assert_true(len > 0);
        assert_true(len == AK_ANIMX_LZ4_CHUNK_SIZE || total + len == payload);
        if (v[0] & 1) {
            assert_int_equal(v[0], hc ? 3 : 1);
            assert_true(v[2] < len);
            pos += (size_t)v[2];
        } else {
            assert_int_equal(v[0], 0);
            pos += len;
        }
        total += len;
        chunks++;
    }
    assert_int_equal(pos, n);
    assert_int_equal(total, payload);
    assert_int_equal(chunks, (payload + AK_ANIMX_LZ4_CHUNK_SIZE - 1) / AK_ANIMX_LZ4_CHUNK_SIZE);
}

static void round_trip(const uint8_t *payload, size_t n, int method)
{
    ak_buf enc, out;
    ak_buf_init(&enc);
    if (method == 0)
        assert_true(ak_animx_lzma_encode(payload, n, &enc));
    else
        assert_true(ak_animx_lz4_encode(payload, n, method == 2 ? AK_ANIMX_LZ4_HC : AK_ANIMX_LZ4_FAST, &enc));
    if (method != 0)
        check_chunks((const uint8_t *)enc.data, enc.len, n, method == 2);
    ak_diags *d = new_diags();
    assert_true(decode(method == 0 ? ak_animx_lzma_decode : ak_animx_lz4_decode, (const uint8_t *)enc.data, enc.len,
                       0, d, &out));
    expect_count(d, 0);
    assert_int_equal(out.len, n);
    if (n)
        assert_memory_equal(out.data, payload, n);
    ak_buf_free(&out);
    ak_buf_free(&enc);
    ak_diags_free(d);
}

static void test_round_trip_lz4(void **state)
{
    (void)state;
    for (size_t i = 0; i < sizeof round_trip_sizes / sizeof round_trip_sizes[0]; i++) {
        size_t n = round_trip_sizes[i];
        uint8_t *r = random_bytes(n), *f = float_bytes(n);
        round_trip(r, n, 1); /* random: stored chunks */
        round_trip(f, n, 1); /* floats: compressed chunks */
        round_trip(f, n, 2);
        free(r);
        free(f);
    }
}

static void test_round_trip_lzma(void **state)
{
    (void)state;
    for (size_t i = 0; i < sizeof round_trip_sizes / sizeof round_trip_sizes[0]; i++) {
        size_t n = round_trip_sizes[i];
        uint8_t *p = i % 2 ? random_bytes(n) : float_bytes(n);
        round_trip(p, n, 0);
        free(p);
    }
}

/* A payload read again after a stop (its LZMA framing unsound: the
 * runtime's retry) reports with the path of the stream, not with the
 * segments the first reading left pushed before it (found by the fuzzers'
 * allocation-failure mode: "/payload/tracks/payload/tracks/0/key_count"). */
static void test_retry_keeps_the_path(void **state)
{
    (void)state;
    size_t size = 0;
    char *data = ak_test_read_file("fuzz/corpus/animx/regress-retry-path-twice.animx", &size);
    assert_non_null(data);
    ak_input in = {"retry", (const uint8_t *)data, size, false};
    ak_diags *d = new_diags();
    ak_options opt = {0};
    ak_validate(&in, ak_format_find("animx"), &opt, d);
    bool seen = false;
    for (size_t i = 0; i < ak_diags_count(d); i++) {
        const ak_diag *g = ak_diags_at(d, i);
        if (strcmp(g->rule->code, "animx.varint.overflow") == 0) {
            assert_string_equal(g->path, "/payload/tracks/0/key_count");
            seen = true;
        }
    }
    assert_true(seen);
    ak_diags_free(d);
    free(data);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_lz4_golden_vector),
        cmocka_unit_test(test_lz4_golden_stored_variant),
        cmocka_unit_test(test_lz4_encode_small_payload),
        cmocka_unit_test(test_lz4_truncated),
        cmocka_unit_test(test_lz4_size_limit_and_ratio),
        cmocka_unit_test(test_lz4_varints),
        cmocka_unit_test(test_lz4_chunk_rules),
        cmocka_unit_test(test_lz4_diagnostic_details),
        cmocka_unit_test(test_lz4_empty_input),
        cmocka_unit_test(test_lzma_encode_golden_payload),
        cmocka_unit_test(test_lzma_header),
        cmocka_unit_test(test_lzma_sizes),
        cmocka_unit_test(test_lzma_trailing_and_corrupt),
        cmocka_unit_test(test_lzma_diagnostic_details),
        cmocka_unit_test(test_lzma_end_marker),
        cmocka_unit_test(test_lzma_empty_payload),
        cmocka_unit_test(test_round_trip_lz4),
        cmocka_unit_test(test_round_trip_lzma),
        cmocka_unit_test(test_retry_keeps_the_path),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
