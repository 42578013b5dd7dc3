/* The streaming dump (ak_dump_to, ak_sink; gen/rt/ak_layout.c ak_ljs_* and
 * ak_ldump_stream, written by the generated validator's walk):
 *  - the sinks: ak_sink_buf, ak_sink_file, a caller's own; the first failed
 *    write stops the sink, `written` counts what it took;
 *  - an AnimX payload of several hundred KiB of JSON (Discrete float keys,
 *    a Curve float3 track with interpolations and tangents, strings, null
 *    strings, a Raw bool track, a long node name), plain, LZMA and LZ4:
 *    the JSON streamed in pieces is byte for byte what the decoded
 *    document's dump (ak_ldump_json, the whole-document writer) is, the
 *    warnings are reported once, and the sink got more than one piece;
 *  - an LZMA header whose compressed_size is wrong (a warning the first
 *    pass finds only at the end, by reading the payload again): the JSON
 *    of the payload is written once;
 *  - a file with an error: nothing is written, false;
 *  - a sink that fails midway: false, no diagnostic (the sink says why);
 *  - ak_dump into an ak_buf: the same JSON; over a small budget,
 *    animkit.limit.memory and the buffer left as it was;
 *  - plain JSON and Maya's document stream too: the same bytes as their
 *    whole-document dump;
 *  - AnimJ (`json dump canonical`: the canonical file through the model,
 *    streamed track by track): the same bytes as the whole rewrite, for a
 *    file whose name comes after its tracks, without a duration (the
 *    headers' last key gives it), with every kind of track, string values
 *    and keys out of order; one of 400 tracks in more than one piece; and
 *    within a budget the whole rewrite exceeds;
 *  - Glaxnimate (its canonical file, a completed and sorted tree written
 *    to the sink as it is written): the same bytes as whole;
 *  - a format without dump_to (a copy of Glaxnimate's entry without it)
 *    through the same entry point. */
#include "animx_test_file.h"

#include "../../gen/rt/ak_layout.h"
#include "animx_layout.h"

#include "../../formats/animx/animx_compress.h"

#include <math.h>

/* ---- sinks ------------------------------------------------------------------ */

typedef struct pieces {
    ak_buf all;
    size_t count, largest;
    size_t fail_after; /* a write that would pass this many bytes fails */
} pieces;

static bool pieces_write(ak_sink *s, const void *data, size_t n)
{
    pieces *p = s->ctx;
    if (p->all.len + n > p->fail_after) {
        snprintf(s->why, sizeof s->why, "full");
        return false;
    }
    p->count++;
    if (n > p->largest)
        p->largest = n;
    return ak_buf_append(&p->all, data, n);
}

static void pieces_sink(ak_sink *s, pieces *p, size_t fail_after)
{
    memset(p, 0, sizeof *p);
    ak_buf_init(&p->all);
    p->fail_after = fail_after;
    memset(s, 0, sizeof *s);
    s->write = pieces_write;
    s->ctx = p;
}

static void sink_buf_appends(void **state)
{
    (void)state;
    ak_buf b;
    ak_buf_init(&b);
    ak_buf_puts(&b, "x");
    ak_sink s;
    ak_sink_buf(&s, &b);
    assert_true(ak_sink_write(&s, "abc", 3));
    assert_true(ak_sink_write(&s, "", 0));
    assert_true(ak_sink_write(&s, "de", 2));
    assert_int_equal(s.written, 5);
    assert_false(s.failed);
    assert_string_equal(ak_buf_cstr(&b), "xabcde");
    ak_buf_free(&b);
}

static void sink_file_writes(void **state)
{
    (void)state;
    FILE *fp = tmpfile();
    assert_non_null(fp);
    ak_sink s;
    ak_sink_file(&s, fp);
    assert_true(ak_sink_write(&s, "hello ", 6));
    assert_true(ak_sink_write(&s, "world", 5));
    assert_int_equal(s.written, 11);
    rewind(fp);
    char got[32] = {0};
    assert_int_equal(fread(got, 1, sizeof got, fp), 11);
    assert_string_equal(got, "hello world");
    fclose(fp);
}

static void sink_stops_at_first_failure(void **state)
{
    (void)state;
    pieces p;
    ak_sink s;
    pieces_sink(&s, &p, 4);
    assert_true(ak_sink_write(&s, "abc", 3));
    assert_false(ak_sink_write(&s, "de", 2)); /* 5 > 4 */
    assert_true(s.failed);
    assert_string_equal(s.why, "full");
    assert_false(ak_sink_write(&s, "f", 1)); /* would fit, but the output has a gap */
    assert_int_equal(s.written, 3);
    assert_int_equal(p.all.len, 3);
    ak_buf_free(&p.all);
}

/* ---- AnimX files ------------------------------------------------------------ */

/* Four tracks, about 1.5 MB of JSON, with warnings (a NaN value, a time
 * going back, a bool byte 2) and no error. */
static void make_payload(ak_buf *p, uint32_t *tracks)
{
    ak_buf_init(p);
    const uint32_t keys = 60000;
    ak_test_put_u8(p, 1);  /* Discrete */
    ak_test_put_u8(p, 21); /* float */
    ak_test_put_string(p, "node \"quoted\"\n");
    ak_test_put_string(p, "Value");
    ak_test_put_varint(p, keys);
    for (uint32_t i = 0; i < keys; i++) {
        ak_test_put_f32(p, i == 40000 ? 1.0f : (float)i / 60.0f);
        ak_test_put_f32(p, i == 13100 ? NAN : (float)i * 0.1f);
    }
    char name[3000];
    memset(name, 'n', sizeof name - 1);
    name[sizeof name - 1] = 0;
    ak_test_put_u8(p, 2); /* Curve float3, per-key interpolations and tangents */
    ak_test_put_u8(p, 23);
    ak_test_put_string(p, name);
    ak_test_put_string(p, "Position");
    ak_test_put_varint(p, 9000);
    ak_test_put_u8(p, 3);
    for (uint32_t i = 0; i < 9000; i++)
        ak_test_put_u8(p, (uint8_t)(i % 2 ? 1 : 3));
    for (uint32_t i = 0; i < 9000; i++) {
        ak_test_put_f32(p, (float)i / 30.0f);
        for (int k = 0; k < 3; k++)
            ak_test_put_f32(p, (float)(i * 3 + (uint32_t)k));
    }
    for (uint32_t i = 0; i < 9000 * 6; i++)
        ak_test_put_f32(p, (float)i / 7.0f);
    ak_test_put_u8(p, 1);  /* Discrete string: present and null values */
    ak_test_put_u8(p, 39);
    ak_test_put_string(p, "text");
    ak_test_put_string(p, "Content");
    ak_test_put_varint(p, 3000);
    for (uint32_t i = 0; i < 3000; i++) {
        ak_test_put_f32(p, (float)i);
        if (i % 5 == 0) {
            ak_test_put_u8(p, 0);
        } else {
            ak_test_put_u8(p, 1);
            ak_test_put_string(p, i % 7 ? "caf\xc3\xa9" : "tab\there");
        }
    }
    ak_test_put_u8(p, 0); /* Raw bool */
    ak_test_put_u8(p, 0);
    ak_test_put_string(p, "n");
    ak_test_put_string(p, "b");
    ak_test_put_varint(p, 5000);
    ak_test_put_f32(p, 0.5f);
    for (int i = 0; i < 5000; i++)
        ak_test_put_u8(p, i == 3 ? 2 : (uint8_t)(i % 3 == 0));
    *tracks = 4;
}

/* LZ4: chunks of 1..40000 bytes, all compressed */
static ak_buf file_with(const ak_buf *payload, uint32_t tracks, int encoding)
{
    return ak_test_animx_file(payload, tracks, encoding, 40000, 0, NULL);
}

static ak_input input_of(const ak_buf *file)
{
    ak_input in = {"t.animx", (const uint8_t *)file->data, file->len, false};
    return in;
}

/* The decoded document's dump: what the streaming dump must equal. */
static void whole_document_dump(const ak_buf *file, ak_buf *json)
{
    ak_options opt = {0};
    ak_diags *d = ak_diags_new(NULL);
    ak_arena arena;
    ak_arena_init(&arena, 0);
    animx_file *doc = animx_decode((const uint8_t *)file->data, file->len, &opt, d, &arena);
    assert_non_null(doc);
    assert_int_equal(ak_diags_errors(d), 0);
    ak_buf_init(json);
    assert_true(ak_ldump_json(&animx_meta_file, doc, &opt, json));
    ak_arena_free(&arena);
    ak_diags_free(d);
}

static size_t validate_count(const ak_buf *file)
{
    ak_options opt = {0};
    ak_diags *d = ak_diags_new(NULL);
    ak_input in = input_of(file);
    ak_format_find("animx")->validate(&in, &opt, d);
    size_t n = ak_diags_count(d);
    ak_diags_free(d);
    return n;
}

static void expect_streamed_as_whole(const ak_buf *file)
{
    ak_buf want;
    whole_document_dump(file, &want);
    assert_true(want.len > 3 * AK_LJS_CHUNK);
    pieces p;
    ak_sink s;
    pieces_sink(&s, &p, SIZE_MAX);
    ak_options opt = {0};
    ak_diags *d = ak_diags_new(NULL);
    ak_input in = input_of(file);
    assert_true(ak_dump_to(&in, ak_format_find("animx"), &opt, d, &s));
    assert_int_equal(ak_diags_errors(d), 0);
    assert_true(ak_diags_warnings(d) > 0);
    assert_int_equal(ak_diags_count(d), validate_count(file)); /* reported once */
    assert_int_equal(s.written, want.len);
    assert_int_equal(p.all.len, want.len);
    assert_memory_equal(p.all.data, want.data, want.len);
    assert_true(p.count > 3);
    assert_true(p.largest < 2 * AK_LJS_CHUNK);
    ak_diags_free(d);
    ak_buf_free(&p.all);
    ak_buf_free(&want);
}

static void streamed_equals_whole_document(void **state)
{
    (void)state;
    ak_buf payload;
    uint32_t tracks;
    make_payload(&payload, &tracks);
    for (int encoding = 0; encoding <= 2; encoding++) {
        ak_buf file = file_with(&payload, tracks, encoding);
        expect_streamed_as_whole(&file);
        ak_buf_free(&file);
    }
    ak_buf_free(&payload);
}

/* The first pass reads the payload again to report X43 (compressed_size
 * is not the bytes present): the second pass checks before it writes. */
static void payload_read_again_is_written_once(void **state)
{
    (void)state;
    ak_buf payload;
    uint32_t tracks;
    make_payload(&payload, &tracks);
    ak_buf file = file_with(&payload, tracks, 2);
    const size_t header = 6 + 4 + 1 + 4 + 2 + 1; /* magic, version, count, duration, name, encoding */
    uint8_t *csize = (uint8_t *)file.data + header + 13;
    csize[0] ^= 0x01; /* off by one */
    expect_streamed_as_whole(&file);
    ak_diags *d = ak_diags_new(NULL);
    ak_input in = input_of(&file);
    ak_options opt = {0};
    ak_format_find("animx")->validate(&in, &opt, d);
    bool x43 = false;
    for (size_t i = 0; i < ak_diags_count(d); i++)
        x43 = x43 || strcmp(ak_diags_at(d, i)->rule->code, "animx.compress.size-mismatch") == 0;
    assert_true(x43);
    ak_diags_free(d);
    ak_buf_free(&file);
    ak_buf_free(&payload);
}

static void file_with_errors_writes_nothing(void **state)
{
    (void)state;
    ak_buf payload;
    uint32_t tracks;
    make_payload(&payload, &tracks);
    for (int encoding = 0; encoding <= 2; encoding++) {
        ak_buf file = file_with(&payload, tracks + 1, encoding); /* one track more than there is */
        pieces p;
        ak_sink s;
        pieces_sink(&s, &p, SIZE_MAX);
        ak_options opt = {0};
        ak_diags *d = ak_diags_new(NULL);
        ak_input in = input_of(&file);
        assert_false(ak_dump_to(&in, ak_format_find("animx"), &opt, d, &s));
        assert_true(ak_diags_errors(d) > 0);
        assert_int_equal(s.written, 0);
        assert_int_equal(p.count, 0);
        ak_diags_free(d);
        ak_buf_free(&file);
    }
    ak_buf_free(&payload);
}

static void failing_sink_stops_the_dump(void **state)
{
    (void)state;
    ak_buf payload;
    uint32_t tracks;
    make_payload(&payload, &tracks);
    ak_buf file = file_with(&payload, tracks, 1);
    pieces p;
    ak_sink s;
    pieces_sink(&s, &p, 3 * AK_LJS_CHUNK);
    ak_options opt = {0};
    ak_diags *d = ak_diags_new(NULL);
    ak_input in = input_of(&file);
    assert_false(ak_dump_to(&in, ak_format_find("animx"), &opt, d, &s));
    assert_true(s.failed);
    assert_string_equal(s.why, "full");
    assert_true(s.written > 0 && s.written <= 3 * AK_LJS_CHUNK);
    assert_int_equal(ak_diags_errors(d), 0); /* the input is fine: the sink says why */
    ak_diags_free(d);
    ak_buf_free(&p.all);
    ak_buf_free(&file);
    ak_buf_free(&payload);
}

static void dump_into_buffer_and_budget(void **state)
{
    (void)state;
    ak_buf payload;
    uint32_t tracks;
    make_payload(&payload, &tracks);
    ak_buf file = file_with(&payload, tracks, 2);
    ak_buf want;
    whole_document_dump(&file, &want);
    ak_input in = input_of(&file);
    ak_buf out;
    ak_buf_init(&out);
    ak_buf_puts(&out, "kept");
    ak_options opt = {0};
    ak_diags *d = ak_diags_new(NULL);
    assert_true(ak_dump(&in, ak_format_find("animx"), &opt, d, &out));
    assert_int_equal(out.len, 4 + want.len);
    assert_memory_equal(out.data + 4, want.data, want.len);
    ak_diags_free(d);
    /* the JSON in the buffer counts: 1 MiB holds the stream's window, not the JSON */
    out.len = 4;
    opt.max_memory = (uint64_t)1 << 20;
    d = ak_diags_new(NULL);
    assert_false(ak_dump(&in, ak_format_find("animx"), &opt, d, &out));
    assert_int_equal(out.len, 4);
    bool limit = false;
    for (size_t i = 0; i < ak_diags_count(d); i++)
        limit = limit || strcmp(ak_diags_at(d, i)->rule->code, "animkit.limit.memory") == 0;
    assert_true(limit);
    ak_diags_free(d);
    ak_buf_free(&out);
    ak_buf_free(&want);
    ak_buf_free(&file);
    ak_buf_free(&payload);
}

/* The format's whole-document dump (format->dump) and the streamed one
   (ak_dump_to in pieces of any size) give the same bytes; a file with
   errors gives the sink nothing. */
static void same_as_whole(const ak_format *f, const char *good, const char *bad)
{
    ak_input in = {"t", (const uint8_t *)good, strlen(good), false};
    ak_options opt = {0};
    ak_diags *d = ak_diags_new(NULL);
    ak_buf want;
    ak_buf_init(&want);
    assert_true(f->dump(&in, &opt, d, &want));
    assert_int_equal(ak_diags_errors(d), 0);
    pieces p;
    ak_sink s;
    pieces_sink(&s, &p, SIZE_MAX);
    assert_true(ak_dump_to(&in, f, &opt, d, &s));
    assert_int_equal(p.all.len, want.len);
    assert_memory_equal(p.all.data, want.data, want.len);
    ak_buf_free(&p.all);
    /* a sink that refuses part way: false, and it has a prefix */
    pieces_sink(&s, &p, want.len / 2);
    assert_false(ak_dump_to(&in, f, &opt, d, &s));
    ak_buf_free(&p.all);
    ak_input bad_in = {"t", (const uint8_t *)bad, strlen(bad), false};
    pieces_sink(&s, &p, SIZE_MAX);
    assert_false(ak_dump_to(&bad_in, f, &opt, d, &s));
    assert_int_equal(s.written, 0);
    ak_buf_free(&p.all);
    ak_buf_free(&want);
    ak_diags_free(d);
}

/* Plain JSON streams its dump: validated, then written as it is parsed again. */
static void json_dump_streams(void **state)
{
    (void)state;
    const ak_format *json = ak_format_find("json");
    assert_non_null(json->dump_to);
    same_as_whole(json, "{\"a\": [1, 2.50, \"x\\u00e9\"], \"b\": null, \"c\": {}}", "{\"a\": [1,]}");
}

extern const ak_ldocument maya_document;

/* Maya's decoder, decoding whole (it hands no entry to a stream). */
static bool decode_whole(const ak_input *in, const ak_options *opt, ak_diags *d, ak_arena *arena, void **out)
{
    arena->stream = NULL;
    return maya_document.decode(in, opt, d, arena, out);
}

/* A text format's document (Maya) streams its root's array: one entry at
   a time, the header from the first decoding. */
static void document_dump_streams(void **state)
{
    (void)state;
    const ak_format *maya = ak_format_find("maya");
    assert_non_null(maya->dump_to);
    static const char keys[] = "  keys {\n    1 0 linear fixed 1 0 0 60 1;\n    12 10 flat flat 1 0 0;\n  }\n}\n";
    char good[2048], bad[4096];
    snprintf(good, sizeof good,
             "animVersion 1.1;\nmayaVersion 2026;\ntimeUnit film;\nlinearUnit cm;\nangularUnit deg;\n"
             "startTime 1;\nendTime 24;\nanim ball 0 1 0;\nanim translate.translateY translateY ball 1 0 1;\n"
             "animData {\n  input time;\n  output linear;\n  weighted 0;\n  preInfinity constant;\n"
             "  postInfinity cycle;\n%sanim rotate.rotateZ rotateZ ball 1 0 5;\nanimData {\n  input time;\n"
             "  output angular;\n  weighted 1;\n  preInfinity constant;\n  postInfinity linear;\n%s",
             keys, keys);
    snprintf(bad, sizeof bad, "%sanim a 0 0 0;\nanimData {\n  keys {\n    1 x;\n  }\n}\n", good);
    same_as_whole(maya, good, bad);
    /* no entry: the array is empty */
    same_as_whole(maya, "animVersion 1.1;\nmayaVersion 2026;\n", "animVersion 1.1;\nbogus;\n");
    /* a decoder that hands nothing over: the whole document, the same bytes,
       its warnings once */
    ak_input in = {"t.anim", (const uint8_t *)good, strlen(good), false};
    ak_options opt = {0};
    ak_diags *d = ak_diags_new(NULL);
    ak_buf want;
    ak_buf_init(&want);
    assert_true(maya->dump(&in, &opt, d, &want));
    size_t warnings = ak_diags_count(d);
    ak_diags_clear(d);
    ak_ldocument whole = {maya_document.root, decode_whole};
    pieces p;
    ak_sink s;
    pieces_sink(&s, &p, SIZE_MAX);
    assert_true(ak_ldump_document_to(&whole, &in, &opt, d, &s));
    assert_int_equal(ak_diags_count(d), warnings);
    assert_int_equal(p.all.len, want.len);
    assert_memory_equal(p.all.data, want.data, want.len);
    ak_buf_free(&p.all);
    ak_buf_free(&want);
    ak_diags_free(d);
}

/* AnimJ's dump is its canonical file (`json dump canonical`), streamed:
   the headers first, then each track written once read. */
static void animj_dump_streams(void **state)
{
    (void)state;
    const ak_format *animj = ak_format_find("animj");
    assert_non_null(animj->dump_to);
    /* the name after the tracks, no globalDuration: the end is the last key
       the first reading saw; keys out of order (a warning) come out sorted */
    static const char good[] =
        "{\"tracks\": ["
        "{\"trackType\": \"Raw\", \"valueType\": \"float2\", \"data\": {\"node\": \"a\", \"property\": \"p\", "
        "\"interval\": 0.5, \"keyframes\": [{\"x\": 1, \"y\": 2}, {\"x\": 3}]}},"
        "{\"trackType\": \"Discrete\", \"valueType\": \"string\", \"data\": {\"node\": \"b\", \"property\": \"Position\", "
        "\"keyframes\": [{\"time\": 2, \"value\": \"two\"}, {\"time\": 1, \"value\": null}]}},"
        "{\"trackType\": \"Curve\", \"valueType\": \"floatQ\", \"data\": {\"property\": \"Rotation\", "
        "\"keyframes\": [{\"time\": 0, \"value\": {\"x\": 0, \"y\": 0, \"z\": 0, \"w\": 1}, \"interpolation\": "
        "\"CubicBezier\", \"leftTangent\": {\"x\": 0, \"y\": 0, \"z\": 0, \"w\": 1}, \"rightTangent\": {\"x\": 0, "
        "\"y\": 0, \"z\": 0, \"w\": 1}}, {\"time\": 7.25, \"value\": {\"w\": 1}, \"interpolation\": \"linear\", "
        "\"leftTangent\": {\"w\": 1}}]}}"
        "], \"name\": \"late name\"}";
    same_as_whole(animj, good, "{\"tracks\": [{\"trackType\": \"Raw\"}]}");
    same_as_whole(animj, "{\"globalDuration\": 3, \"tracks\": []}", "{\"tracks\": 1}");
    /* 400 tracks: more than one piece; and a budget the stream keeps within
       (the headers and one track) while the whole rewrite (the model and
       the text of every track) does not */
    ak_buf big;
    ak_buf_init(&big);
    ak_buf_puts(&big, "{\"name\": \"many\", \"globalDuration\": 1, \"tracks\": [");
    for (int t = 0; t < 400; t++) {
        ak_buf_printf(&big, "%s{\"trackType\": \"Curve\", \"valueType\": \"float3\", \"data\": {\"node\": \"n%d\", "
                            "\"property\": \"p\", \"keyframes\": [",
                      t ? "," : "", t);
        for (int k = 0; k < 40; k++)
            ak_buf_printf(&big, "%s{\"time\": %g, \"value\": {\"x\": %d, \"y\": 0.5, \"z\": -1}, \"interpolation\": "
                                "\"Linear\"}",
                          k ? "," : "", k / 40.0, k * t);
        ak_buf_puts(&big, "]}}");
    }
    ak_buf_puts(&big, "]}");
    same_as_whole(animj, ak_buf_cstr(&big), "{\"tracks\": [{}]}");
    ak_input in = {"big.animj", (const uint8_t *)big.data, big.len, false};
    pieces p;
    ak_sink s;
    pieces_sink(&s, &p, SIZE_MAX);
    ak_options opt = {0};
    opt.max_memory = 512u << 10;
    ak_diags *d = ak_diags_new(NULL);
    assert_true(ak_dump_to(&in, animj, &opt, d, &s));
    assert_int_equal(ak_diags_errors(d), 0);
    assert_true(p.count > 1);
    assert_true(p.largest <= (1u << 16) + 1024); /* a chunk and at most one key's text */
    ak_buf whole;
    ak_buf_init(&whole);
    assert_false(animj->dump(&in, &opt, d, &whole)); /* the model of every track: past 512 KiB */
    assert_true(ak_diags_errors(d) > 0);
    ak_buf_free(&whole);
    ak_buf_free(&p.all);
    ak_diags_free(d);
    ak_buf_free(&big);
}

/* Glaxnimate's dump (its canonical file, a completed and sorted tree) is
   written to the sink as the tree is written: the same bytes as whole. */
static void glaxnimate_dump_streams(void **state)
{
    (void)state;
    const ak_format *glaxnimate = ak_format_find("glaxnimate");
    assert_non_null(glaxnimate->dump_to);
    char *doc = ak_test_read_file("examples/glaxnimate/good-rect-star-precomp.rawr", NULL);
    assert_non_null(doc);
    same_as_whole(glaxnimate, doc, "{\"format\": {\"format_version\": 9}, \"assets\": 1}");
    free(doc);
}

/* A format that has only a whole-document dump (a library caller's own;
   Glaxnimate's without its dump_to here): the whole document, then one write. */
static void whole_document_formats_use_the_same_entry(void **state)
{
    (void)state;
    ak_format whole = *ak_format_find("glaxnimate");
    whole.dump_to = NULL;
    size_t size = 0;
    char *doc = ak_test_read_file("tests/conformance/glaxnimate/valid/minimal-v9.rawr", &size);
    assert_non_null(doc);
    ak_input in = {"t.rawr", (const uint8_t *)doc, size, false};
    ak_options opt = {0};
    ak_diags *d = ak_diags_new(NULL);
    ak_buf want;
    ak_buf_init(&want);
    assert_true(ak_dump(&in, &whole, &opt, d, &want));
    pieces p;
    ak_sink s;
    pieces_sink(&s, &p, SIZE_MAX);
    assert_true(ak_dump_to(&in, &whole, &opt, d, &s));
    assert_int_equal(p.count, 1);
    assert_int_equal(p.all.len, want.len);
    assert_memory_equal(p.all.data, want.data, want.len);
    ak_buf_free(&p.all);
    ak_buf_free(&want);
    ak_diags_free(d);
    free(doc);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(sink_buf_appends),
        cmocka_unit_test(sink_file_writes),
        cmocka_unit_test(sink_stops_at_first_failure),
        cmocka_unit_test(streamed_equals_whole_document),
        cmocka_unit_test(payload_read_again_is_written_once),
        cmocka_unit_test(file_with_errors_writes_nothing),
        cmocka_unit_test(failing_sink_stops_the_dump),
        cmocka_unit_test(dump_into_buffer_and_budget),
        cmocka_unit_test(json_dump_streams),
        cmocka_unit_test(document_dump_streams),
        cmocka_unit_test(animj_dump_streams),
        cmocka_unit_test(glaxnimate_dump_streams),
        cmocka_unit_test(whole_document_formats_use_the_same_entry),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
