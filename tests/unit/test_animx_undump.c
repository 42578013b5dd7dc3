/* AnimX undump (generated from animx.layout; gen/rt/ak_layout.c): the inverse of dump.
 *
 *  - every committed AnimX input (conformance cases, examples, fuzz seeds:
 *    all that tests/animx/animx_cases.c generates) that dumps: dump ->
 *    undump -> dump gives the same JSON, and dump -> undump gives the same
 *    bytes when the file is canonical (compressed files: the same
 *    decompressed payload and compression kind, and the same bytes when the
 *    compressed data are what the project's compressor writes);
 *  - all 40 value types with edge values (-0, NaN, infinities, subnormals,
 *    integer extremes, strings with escapes and NUL, null strings) in every
 *    track type, in all three encodings;
 *  - ak_options.compress against the dump's own `encoding`;
 *  - invalid dumps: tests/animx/undump/<case>.json with <case>.json.expected
 *    (the conformance syntax: `severity code [LINE:COL] [/path]`); nothing is
 *    written for any of them;
 *  - the input size cap (animx.file.size-limit, spec §5: 256 MiB) on a sparse
 *    file one byte over it, and none at exactly the cap. */
#include "test_support.h"

#include "../../formats/animx/animx.h"
#include "../../formats/animx/animx_compress.h"

#include <fcntl.h>
#include <float.h>
#include <math.h>
#include <unistd.h>

static const ak_format *fmt(void)
{
    const ak_format *f = ak_format_find("animx");
    assert_non_null(f);
    assert_non_null(f->undump);
    return f;
}

static const char *src_dir(void)
{
    const char *s = getenv("AK_SOURCE_DIR");
    return s ? s : ".";
}

static bool dump(const uint8_t *data, size_t n, ak_buf *json)
{
    ak_diags *d = ak_diags_new(NULL);
    ak_options opt = {0};
    ak_input in = {"t.animx", data, n, false};
    bool ok = fmt()->dump(&in, &opt, d, json) && ak_diags_errors(d) == 0;
    ak_diags_free(d);
    return ok;
}

/* Undumps; fails the test with the first diagnostic when it does not work. */
static void undump_ok(const char *what, const ak_buf *json, int compress, ak_buf *out)
{
    ak_diags *d = ak_diags_new(NULL);
    ak_options opt = {0};
    opt.compress = compress;
    ak_input in = {"t.json", (const uint8_t *)json->data, json->len, false};
    bool ok = fmt()->undump(&in, &opt, d, out);
    if (!ok || ak_diags_count(d)) {
        const ak_diag *g = ak_diags_count(d) ? ak_diags_at(d, 0) : NULL;
        fail_msg("undump of %s: %s %s at %s %u:%u", what, ok ? "reported" : "failed", g ? g->rule->code : "-",
                 g ? g->path : "", g ? g->line : 0, g ? g->column : 0);
    }
    ak_diags_free(d);
}

/* ---- file structure ------------------------------------------------------------ */

/* Bytes of the header up to and including `encoding` (§3.4); 0 if malformed. */
static size_t header_size(const uint8_t *b, size_t n)
{
    size_t at = 10;
    while (at < n && (b[at] & 0x80))
        at++;
    at += 1 + 4;
    uint64_t len = 0;
    for (unsigned shift = 0; at < n; shift += 7) {
        uint8_t c = b[at++];
        len |= (uint64_t)(c & 0x7f) << shift;
        if (!(c & 0x80) || shift > 28)
            break;
    }
    at += (size_t)len + 1;
    return at <= n ? at : 0;
}

/* The payload after the header: decompressed when encoding says so. */
static void payload_of(const uint8_t *b, size_t n, ak_buf *out)
{
    size_t h = header_size(b, n);
    assert_true(h > 0);
    uint8_t enc = b[h - 1];
    if (enc == 0)
        assert_true(ak_buf_append(out, b + h, n - h));
    else if (enc == 1)
        assert_true(ak_animx_lz4_decode(b + h, n - h, 0, NULL, h, out));
    else
        assert_true(ak_animx_lzma_decode(b + h, n - h, 0, NULL, h, out));
}

static bool same(const void *a, size_t an, const void *b, size_t bn)
{
    return an == bn && (an == 0 || memcmp(a, b, an) == 0);
}

/* Whether the compressed part of b is what the project's compressor makes of its payload. */
static bool canonical_compression(const uint8_t *b, size_t n)
{
    size_t h = header_size(b, n);
    uint8_t enc = b[h - 1];
    if (enc == 0)
        return true;
    ak_buf p, c;
    ak_buf_init(&p);
    ak_buf_init(&c);
    payload_of(b, n, &p);
    bool ok = enc == 1 ? ak_animx_lz4_encode((const uint8_t *)p.data, p.len, AK_ANIMX_LZ4_FAST, &c)
                       : ak_animx_lzma_encode((const uint8_t *)p.data, p.len, &c);
    bool eq = ok && same(c.data, c.len, b + h, n - h);
    ak_buf_free(&p);
    ak_buf_free(&c);
    return eq;
}

/* What the dump cannot say (docs/formats/animx.md): a file with one of
 * these warnings comes back in canonical form, not byte for byte. */
static bool has_undumpable_detail(const uint8_t *data, size_t n)
{
    static const char *const codes[] = {"animx.varint.non-minimal", "animx.value.bool-byte",
                                        "animx.value.string-flag",  "animx.file.trailing",
                                        "animx.compress.size-mismatch", "animx.compress.lz4-empty-chunk",
                                        "animx.compress.lz4-flags"};
    ak_diags *d = ak_diags_new(NULL);
    ak_options opt = {0};
    ak_input in = {"t.animx", data, n, false};
    fmt()->validate(&in, &opt, d);
    bool found = false;
    for (size_t i = 0; i < ak_diags_count(d); i++)
        for (size_t k = 0; k < sizeof codes / sizeof codes[0]; k++)
            found |= strcmp(ak_diags_at(d, i)->rule->code, codes[k]) == 0;
    ak_diags_free(d);
    return found;
}

typedef struct tally {
    int files, identical, payload_only, canonicalised, undumpable;
} tally;

/* dump -> undump for one file, with the guarantees of the header comment. */
static void round_trip(const char *what, const uint8_t *data, size_t n, tally *t)
{
    t->files++;
    ak_buf json, bin, json2;
    ak_buf_init(&json);
    ak_buf_init(&bin);
    ak_buf_init(&json2);
    if (!dump(data, n, &json)) {
        /* only files with errors have no dump */
        ak_diags *d = ak_diags_new(NULL);
        ak_options opt = {0};
        ak_input in = {"t.animx", data, n, false};
        fmt()->validate(&in, &opt, d);
        if (!ak_diags_errors(d))
            fail_msg("%s: no errors, but no dump", what);
        ak_diags_free(d);
        t->undumpable++;
        goto done;
    }
    undump_ok(what, &json, AK_COMPRESS_DEFAULT, &bin);
    const uint8_t *b = (const uint8_t *)bin.data;
    /* the built file dumps to the same JSON */
    if (!dump(b, bin.len, &json2) || !same(json.data, json.len, json2.data, json2.len))
        fail_msg("%s: dump(undump(dump(x))) differs from dump(x)", what);
    if (has_undumpable_detail(data, n)) {
        /* canonical for those details now */
        if (has_undumpable_detail(b, bin.len))
            fail_msg("%s: the built file is not canonical", what);
        t->canonicalised++;
        goto done;
    }
    size_t h = header_size(data, n);
    if (!same(data, h, b, header_size(b, bin.len)))
        fail_msg("%s: the header (up to encoding) differs", what);
    ak_buf p1, p2;
    ak_buf_init(&p1);
    ak_buf_init(&p2);
    payload_of(data, n, &p1);
    payload_of(b, bin.len, &p2);
    if (!same(p1.data, p1.len, p2.data, p2.len))
        fail_msg("%s: the (decompressed) payload differs", what);
    ak_buf_free(&p1);
    ak_buf_free(&p2);
    if (canonical_compression(data, n)) {
        if (!same(data, n, b, bin.len))
            fail_msg("%s: a canonical file does not come back byte for byte", what);
        t->identical++;
    } else {
        t->payload_only++;
    }
done:
    ak_buf_free(&json);
    ak_buf_free(&bin);
    ak_buf_free(&json2);
}

static void round_trip_dir_file(const char *path, const uint8_t *data, size_t size, void *t)
{
    round_trip(path, data, size, t);
}

static void test_committed_inputs(void **state)
{
    (void)state;
    tally t = {0, 0, 0, 0, 0};
    ak_test_each_file("tests/conformance/animx/valid", ".animx", round_trip_dir_file, &t);
    ak_test_each_file("tests/conformance/animx/invalid", ".animx", round_trip_dir_file, &t);
    ak_test_each_file("examples/animx", ".animx", round_trip_dir_file, &t);
    ak_test_each_file("fuzz/corpus/animx", ".animx", round_trip_dir_file, &t);
    printf("%d files: %d byte for byte, %d same payload (non-canonical compressed data), %d canonicalised, "
           "%d with errors (no dump)\n",
           t.files, t.identical, t.payload_only, t.canonicalised, t.undumpable);
    assert_true(t.files >= 100);
    assert_true(t.identical >= 60);
    /* §8.3 (an LZ4 HC block) and the stored-chunk variant, in the conformance cases and examples */
    assert_true(t.payload_only >= 3);
    /* x30, x31, x40, x41, x42, x43, x44 (twice) */
    assert_true(t.canonicalised >= 8);
}

/* ---- all 40 types, edge values, three encodings ----------------------------------- */

#define S(lit) {lit, sizeof lit - 1}
static const struct {
    const char *s;
    size_t n;
} strings[] = {S(""), S("plain"), S("quote \" backslash \\ newline \n tab \t ctl \x01"),
               S("h\xc3\xa9llo \xf0\x9f\x98\x80"), S("nul\0inside")};

static void edge_value(ak_value_type vt, unsigned j, ak_value *v)
{
    memset(v, 0, sizeof *v);
    const ak_value_type_info *ti = ak_value_type_info_of(vt);
    for (unsigned k = 0; k < ti->components; k++) {
        unsigned s = j * 5 + k;
        switch (ti->kind) {
        case AK_VK_BOOL: v->b[k] = ((j >> k) & 1) != 0; break;
        case AK_VK_UINT: {
            uint64_t max = ti->bits == 64 ? UINT64_MAX : ((uint64_t)1 << ti->bits) - 1;
            v->u[k] = s % 3 == 0 ? 0 : s % 3 == 1 ? max : max / 3;
            break;
        }
        case AK_VK_INT: {
            int64_t max = ti->bits == 64 ? INT64_MAX : ((int64_t)1 << (ti->bits - 1)) - 1;
            v->i[k] = s % 4 == 0 ? -max - 1 : s % 4 == 1 ? max : s % 4 == 2 ? -1 : 0;
            break;
        }
        case AK_VK_F32: {
            static const float f[] = {-0.0f, 0.1f, 1e-45f, FLT_MAX, -FLT_MIN, 16777217.0f, 0, 0, 0};
            v->f[k] = s % 9 == 6 ? NAN : s % 9 == 7 ? INFINITY : s % 9 == 8 ? -INFINITY : f[s % 9];
            break;
        }
        case AK_VK_F64: {
            static const double f[] = {-0.0, 0.1, 5e-324, DBL_MAX, -DBL_MIN, 1.0 / 3, 0, 0, 0};
            v->d[k] = s % 9 == 6 ? NAN : s % 9 == 7 ? INFINITY : s % 9 == 8 ? -INFINITY : f[s % 9];
            break;
        }
        case AK_VK_STRING:
            if (j % 6 == 5) {
                v->s.ptr = NULL;
            } else {
                v->s.ptr = strings[j % 6].s;
                v->s.len = strings[j % 6].n;
            }
            break;
        }
    }
}

/* Per value type: a Raw, a Discrete, a Curve with per-key interpolations and
 * tangents, a Curve with one shared interpolation and no tangents, and an
 * empty Curve; 6 keys each, times not sorted in the Discrete track. */
static ak_animation *edge_model(ak_arena *arena)
{
    enum { KINDS = 5, KEYS = 6 };
    ak_animation *a = AK_ARENA_NEW(arena, ak_animation);
    a->name = "edge \"values\"";
    a->end = 5;
    a->track_count = KINDS * AK_VT_COUNT;
    a->tracks = AK_ARENA_ARRAY(arena, ak_track, a->track_count);
    for (unsigned vt = 0; vt < AK_VT_COUNT; vt++) {
        for (unsigned kind = 0; kind < KINDS; kind++) {
            ak_track *t = &a->tracks[vt * KINDS + kind];
            memset(t, 0, sizeof *t);
            t->node = kind == 1 ? "" : "node/\xc3\xa9";
            t->property = "p";
            t->type = (ak_value_type)vt;
            t->kind = kind == 0 ? AK_TRACK_RAW : kind == 1 ? AK_TRACK_DISCRETE : AK_TRACK_CURVE;
            t->interval = 1.0 / 64;
            unsigned count = kind == 4 ? 0 : KEYS;
            ak_key keys[KEYS];
            for (unsigned j = 0; j < count; j++) {
                ak_key *k = &keys[j];
                memset(k, 0, sizeof *k);
                k->time = kind == 0 ? j / 64.0 : j * 0.75;
                edge_value((ak_value_type)vt, j, &k->value);
                k->interp = kind == 1 ? AK_INTERP_HOLD : kind == 3 ? AK_INTERP_LINEAR
                                                     : (ak_interp)(j % 4 == 3 ? AK_INTERP_CUBIC_BEZIER
                                                                              : j % 4 == 2 ? AK_INTERP_HOLD
                                                                                           : AK_INTERP_LINEAR);
                if (kind == 2) {
                    k->has_tangents = true;
                    edge_value((ak_value_type)vt, j + 1, &k->in_tangent);
                    edge_value((ak_value_type)vt, j + 2, &k->out_tangent);
                }
            }
            assert_true(ak_track_set_keys(t, arena, keys, count));
        }
    }
    return a;
}

static void test_all_types_edge_values(void **state)
{
    (void)state;
    ak_arena arena;
    ak_arena_init(&arena, 0);
    ak_animation *a = edge_model(&arena);
    for (int compression = 0; compression <= 2; compression++) {
        ak_buf file, json, bin;
        ak_buf_init(&file);
        ak_buf_init(&json);
        ak_buf_init(&bin);
        ak_diags *d = ak_diags_new(NULL);
        assert_true(ak_animx_encode_model(a, compression, d, &file));
        ak_diags_free(d);
        assert_true(dump((const uint8_t *)file.data, file.len, &json));
        /* the dump has them all: the strings as escapes, the specials as words */
        assert_non_null(strstr(json.data, "\"nan\""));
        assert_non_null(strstr(json.data, "\"-inf\""));
        assert_non_null(strstr(json.data, "-0,"));
        assert_non_null(strstr(json.data, "\\u0000"));
        assert_non_null(strstr(json.data, "18446744073709551615"));
        assert_non_null(strstr(json.data, "-9223372036854775808"));
        undump_ok("edge values", &json, AK_COMPRESS_DEFAULT, &bin);
        assert_int_equal(bin.len, file.len);
        assert_memory_equal(bin.data, file.data, file.len);
        tally t = {0, 0, 0, 0, 0};
        round_trip("edge values", (const uint8_t *)file.data, file.len, &t);
        assert_int_equal(t.identical, 1);
        ak_buf_free(&file);
        ak_buf_free(&json);
        ak_buf_free(&bin);
    }
    ak_arena_free(&arena);
}

/* ---- compression ---------------------------------------------------------------- */

static char *read_src(const char *rel, size_t *n)
{
    char path[1024];
    snprintf(path, sizeof path, "%s/%s", src_dir(), rel);
    char *data = ak_test_read_file(path, n);
    if (!data)
        fail_msg("cannot read %s", path);
    return data;
}

static void test_compress_option(void **state)
{
    (void)state;
    size_t n81, n83, nlz;
    char *g81 = read_src("tests/conformance/animx/valid/golden_8_1_discrete.animx", &n81);
    char *g83 = read_src("tests/conformance/animx/valid/golden_8_3_lz4.animx", &n83);
    char *glz = read_src("tests/conformance/animx/valid/golden_8_1_lzma.animx", &nlz);
    ak_buf j81, j83;
    ak_buf_init(&j81);
    ak_buf_init(&j83);
    assert_true(dump((const uint8_t *)g81, n81, &j81));
    assert_true(dump((const uint8_t *)g83, n83, &j83));
    ak_buf payload;
    ak_buf_init(&payload);
    payload_of((const uint8_t *)g81, n81, &payload);
    const int modes[] = {AK_COMPRESS_DEFAULT, AK_COMPRESS_NONE, AK_COMPRESS_LZ4, AK_COMPRESS_LZMA};
    for (int m = 0; m < 4; m++) {
        for (int which = 0; which < 2; which++) {
            ak_buf out, p;
            ak_buf_init(&out);
            ak_buf_init(&p);
            undump_ok("golden", which ? &j83 : &j81, modes[m], &out);
            const uint8_t *b = (const uint8_t *)out.data;
            size_t h = header_size(b, out.len);
            int want = modes[m] == AK_COMPRESS_DEFAULT ? (which ? 1 : 0) : modes[m] - AK_COMPRESS_NONE;
            assert_int_equal(b[h - 1], want);
            assert_memory_equal(b, g81, h - 1); /* the same header otherwise */
            payload_of(b, out.len, &p);
            assert_true(same(p.data, p.len, payload.data, payload.len));
            if (want == 0) /* plain: §8.1 itself */
                assert_true(same(b, out.len, g81, n81));
            if (want == 2) /* the engine's LZMA framing, as the project writes it */
                assert_true(same(b, out.len, glz, nlz));
            ak_buf_free(&out);
            ak_buf_free(&p);
        }
    }
    ak_buf_free(&payload);
    ak_buf_free(&j81);
    ak_buf_free(&j83);
    free(g81);
    free(g83);
    free(glz);
}

/* ---- accepted variations ---------------------------------------------------------- */

/* Members in another order where nothing depends on it, value_type by name:
 * the same bytes as §8.4. */
static void test_member_order_and_type_names(void **state)
{
    (void)state;
    static const char json[] =
        "{\"tracks\": [\n"
        "  {\"value_type\": \"float\", \"key_count\": 3, \"track_type\": 0, \"values\": [0.5, 0.75, 1],\n"
        "   \"property\": \"p\", \"interval\": 0.5, \"node\": \"n\"},\n"
        "  {\"node\": \"n\", \"track_type\": 2, \"value_type\": 21, \"flags\": 2, \"tangents\":\n"
        "   [{\"right\": 2, \"left\": 0}, {\"left\": 3, \"right\": 0}],\n"
        "   \"keys\": [{\"value\": 0, \"time\": 0}, {\"time\": 2, \"value\": 0.5}], \"key_count\": 2,\n"
        "   \"shared_interpolation\": 3, \"property\": \"q\"}],\n"
        " \"encoding\": 0, \"name\": \"vec\", \"global_duration\": 2.0, \"track_count\": 2, \"version\": 1}";
    /* `version` comes last here: an order problem */
    ak_buf in, out;
    ak_buf_init(&in);
    ak_buf_init(&out);
    ak_buf_append(&in, json, sizeof json - 1);
    ak_diags *d = ak_diags_new(NULL);
    ak_options opt = {0};
    ak_input ji = {"t.json", (const uint8_t *)in.data, in.len, false};
    assert_false(fmt()->undump(&ji, &opt, d, &out));
    assert_int_equal(ak_diags_count(d), 1);
    assert_string_equal(ak_diags_at(d, 0)->rule->code, "animx.undump.member-order");
    /* at the first member whose presence `version` decides */
    assert_string_equal(ak_diags_at(d, 0)->path, "/tracks/0/value_type");
    assert_int_equal(out.len, 0);
    ak_diags_free(d);
    /* with `version` first it is §8.4 */
    in.len = 0;
    ak_buf_puts(&in, "{\"version\": 1, ");
    ak_buf_append(&in, json + 1, sizeof json - 1 - 1 - 15);
    ak_buf_puts(&in, "}");
    undump_ok("reordered 8.4", &in, AK_COMPRESS_DEFAULT, &out);
    size_t n84;
    char *g84 = read_src("tests/conformance/animx/valid/golden_8_4_raw_curve.animx", &n84);
    assert_true(same(out.data, out.len, g84, n84));
    free(g84);
    ak_buf_free(&in);
    ak_buf_free(&out);
}

/* ---- invalid dumps ------------------------------------------------------------------ */

typedef struct expect {
    char severity[16], code[128], where[2][160];
    bool matched;
} expect;

static bool where_matches(const char *w, const ak_diag *g)
{
    if (!w[0])
        return true;
    if (w[0] == '/')
        return strcmp(w, g->path) == 0;
    char tmp[64];
    snprintf(tmp, sizeof tmp, "%u:%u", g->line, g->column);
    return strcmp(w, tmp) == 0;
}

static int run_invalid_case(const char *path, const uint8_t *data, size_t size)
{
    char exp_path[2100];
    snprintf(exp_path, sizeof exp_path, "%s.expected", path);
    const char *name = strrchr(path, '/') ? strrchr(path, '/') + 1 : path;
    char *text = ak_test_read_file(exp_path, NULL);
    if (!text) {
        printf("FAIL %s: cannot read its .expected\n", path);
        return 1;
    }
    expect ex[32];
    size_t nex = 0;
    for (char *line = strtok(text, "\n"); line; line = strtok(NULL, "\n")) {
        if (line[0] == '#' || !line[0])
            continue;
        if (nex == 32)
            break;
        expect *e = &ex[nex++];
        memset(e, 0, sizeof *e);
        sscanf(line, "%15s %127s %159s %159s", e->severity, e->code, e->where[0], e->where[1]);
    }
    ak_diags *d = ak_diags_new(NULL);
    ak_options opt = {0};
    ak_input in = {name, data, size, false};
    ak_buf out;
    ak_buf_init(&out);
    ak_buf_puts(&out, "kept");
    bool ok = fmt()->undump(&in, &opt, d, &out);
    int failures = 0;
    if (ok || !same(out.data, out.len, "kept", 4)) {
        printf("FAIL %s: %s\n", path, ok ? "undump succeeded" : "output was touched");
        failures++;
    }
    for (size_t i = 0; i < ak_diags_count(d); i++) {
        const ak_diag *g = ak_diags_at(d, i);
        const char *sev = g->severity == AK_SEV_ERROR ? "error" : g->severity == AK_SEV_WARNING ? "warning" : "note";
        bool found = false;
        for (size_t k = 0; k < nex && !found; k++) {
            expect *e = &ex[k];
            if (!e->matched && strcmp(e->severity, sev) == 0 && strcmp(e->code, g->rule->code) == 0 &&
                where_matches(e->where[0], g) && where_matches(e->where[1], g))
                e->matched = found = true;
        }
        if (!found) {
            printf("FAIL %s: unexpected %s %s %u:%u %s (%s)\n", path, sev, g->rule->code, g->line, g->column,
                   g->path, g->message);
            failures++;
        }
    }
    for (size_t k = 0; k < nex; k++)
        if (!ex[k].matched) {
            printf("FAIL %s: missing %s %s %s %s\n", path, ex[k].severity, ex[k].code, ex[k].where[0],
                   ex[k].where[1]);
            failures++;
        }
    ak_buf_free(&out);
    ak_diags_free(d);
    free(text);
    return failures;
}

static void invalid_case(const char *path, const uint8_t *data, size_t size, void *failures)
{
    *(int *)failures += run_invalid_case(path, data, size);
}

static void test_invalid_dumps(void **state)
{
    (void)state;
    int failures = 0;
    assert_true(ak_test_each_file("tests/animx/undump", ".json", invalid_case, &failures) >= 10);
    assert_int_equal(failures, 0);
}

/* Every rule of the undump family is one a case above (or the safety net) uses. */
static void test_rule_family(void **state)
{
    (void)state;
    const ak_format *f = fmt();
    int n = 0;
    for (size_t i = 0; i < f->rule_count; i++) {
        const ak_rule *r = &f->rules[i];
        if (strncmp(r->code, "animx.undump.", 13) != 0)
            continue;
        n++;
        assert_int_equal(r->compat, AK_SEV_ERROR);
        assert_int_equal(r->strict, AK_SEV_ERROR);
    }
    assert_int_equal(n, 10);
}

/* ---- the input size cap (spec §5: 256 MiB, rule X23) ------------------------------- */

#define SIZE_CAP ((off_t)256 << 20)

/* A sparse file of `size` bytes that starts with an AnimX header of no
 * tracks; validated through a file mapping as the CLI does. */
static ak_diags *validate_sparse(off_t size)
{
    const char *bin = getenv("AK_BINARY_DIR");
    char path[1024];
    snprintf(path, sizeof path, "%s/animx_size_limit_XXXXXX", bin ? bin : "/tmp");
    int fd = mkstemp(path);
    assert_true(fd >= 0);
    static const uint8_t head[] = {0x05, 'A', 'n', 'i', 'm', 'X', 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0};
    assert_int_equal(write(fd, head, sizeof head), (ssize_t)sizeof head);
    assert_int_equal(ftruncate(fd, size), 0);
    close(fd);
    ak_file f;
    char why[256];
    assert_true(ak_file_open(&f, path, why, sizeof why));
    unlink(path);
    assert_int_equal((off_t)f.size, size);
    ak_input in = ak_file_input(&f);
    ak_options opt = {0};
    ak_diags *d = ak_diags_new(NULL);
    assert_ptr_equal(ak_validate(&in, NULL, &opt, d), fmt());
    ak_file_close(&f);
    return d;
}

static void test_size_limit(void **state)
{
    (void)state;
    ak_diags *d = validate_sparse(SIZE_CAP + 1);
    assert_int_equal(ak_diags_count(d), 1);
    const ak_diag *g = ak_diags_at(d, 0);
    assert_string_equal(g->rule->code, "animx.file.size-limit");
    assert_int_equal(g->severity, AK_SEV_ERROR);
    assert_int_equal(g->offset, 0);
    assert_string_equal(g->path, "");
    assert_non_null(strstr(g->message, "268435457 bytes"));
    ak_diags_free(d);
    /* at the cap: read, and the zero bytes after the empty header are trailing data */
    d = validate_sparse(SIZE_CAP);
    for (size_t i = 0; i < ak_diags_count(d); i++)
        assert_string_not_equal(ak_diags_at(d, i)->rule->code, "animx.file.size-limit");
    assert_int_equal(ak_diags_errors(d), 0);
    ak_diags_free(d);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_committed_inputs),
        cmocka_unit_test(test_all_types_edge_values),
        cmocka_unit_test(test_compress_option),
        cmocka_unit_test(test_member_order_and_type_names),
        cmocka_unit_test(test_invalid_dumps),
        cmocka_unit_test(test_rule_family),
        cmocka_unit_test(test_size_limit),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
