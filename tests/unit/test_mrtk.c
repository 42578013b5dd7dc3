/* MRTK input animation through the public API: the rule table against the
 * spec's validation table, detection, dump -> undump (the inverse of dump)
 * giving back the exact bytes, undump's own errors, strict levels, the
 * size cap, and Unity curve evaluation (spec §8.5) through the common model. */
#include "test_support.h"

#include "model.h"
#include "reader.h"

#include <math.h>

static const ak_format *mrtk(void)
{
    const ak_format *f = ak_format_find("mrtk");
    assert_non_null(f);
    return f;
}

/* §5: every code, with its severity column (strict: every warning an error). */
static void test_rules_match_spec_table(void **state)
{
    (void)state;
    static const struct {
        const char *code;
        ak_severity sev;
    } table[] = {
        {"mrtk.file.truncated", AK_SEV_ERROR},          {"mrtk.header.magic", AK_SEV_ERROR},
        {"mrtk.header.version", AK_SEV_ERROR},          {"mrtk.curve.key-count", AK_SEV_ERROR},
        {"mrtk.marker.count", AK_SEV_ERROR},            {"mrtk.string.length", AK_SEV_ERROR},
        {"mrtk.string.utf8", AK_SEV_ERROR},             {"mrtk.key.time-nonfinite", AK_SEV_ERROR},
        {"mrtk.file.size-limit", AK_SEV_ERROR},         {"mrtk.header.version-legacy", AK_SEV_WARNING},
        {"mrtk.header.flag-value", AK_SEV_WARNING},     {"mrtk.header.flag-empty", AK_SEV_WARNING},
        {"mrtk.curve.time-order", AK_SEV_WARNING},      {"mrtk.curve.time-duplicate", AK_SEV_WARNING},
        {"mrtk.curve.time-negative", AK_SEV_WARNING},   {"mrtk.curve.wrap-mode", AK_SEV_WARNING},
        {"mrtk.curve.wrap-nondefault", AK_SEV_WARNING}, {"mrtk.key.value-nonfinite", AK_SEV_WARNING},
        {"mrtk.key.weighted-mode", AK_SEV_WARNING},     {"mrtk.key.weight-range", AK_SEV_WARNING},
        {"mrtk.key.non-default", AK_SEV_WARNING},       {"mrtk.bool.value", AK_SEV_WARNING},
        {"mrtk.bool.repeat", AK_SEV_WARNING},           {"mrtk.pose.rot-w-sparse", AK_SEV_WARNING},
        {"mrtk.marker.time", AK_SEV_WARNING},           {"mrtk.string.non-minimal", AK_SEV_WARNING},
        {"mrtk.file.trailing", AK_SEV_WARNING},
    };
    const ak_format *f = mrtk();
    for (size_t i = 0; i < sizeof table / sizeof table[0]; i++) {
        const ak_rule *r = NULL;
        for (size_t k = 0; k < f->rule_count; k++)
            if (strcmp(f->rules[k].code, table[i].code) == 0)
                r = &f->rules[k];
        if (!r)
            fail_msg("rule %s missing", table[i].code);
        assert_int_equal(r->compat, table[i].sev);
        assert_int_equal(r->strict, AK_SEV_ERROR);
        assert_non_null(r->message);
        assert_ptr_equal(ak_rule_format(r), f);
    }
}

static const uint8_t v82[23] = {0xc6, 0x42, 0x9e, 0x0f, 0x6e, 0xaf, 0x8f, 0x6a, 1, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0};

static void test_detect_by_magic_only(void **state)
{
    (void)state;
    assert_ptr_equal(ak_format_detect(v82, sizeof v82, "x.bin"), mrtk());
    assert_ptr_equal(ak_format_detect(v82, sizeof v82, "noext"), mrtk());
    assert_int_equal(mrtk()->sniff(v82, 15), AK_SNIFF_NO); /* §1: at least 16 bytes */
    uint8_t bad[23];
    memcpy(bad, v82, sizeof bad);
    bad[7] ^= 1;
    assert_int_equal(mrtk()->sniff(bad, sizeof bad), AK_SNIFF_NO);
    /* §1: .bin alone is no evidence */
    assert_true(ak_format_detect((const uint8_t *)"\0\0\0\0", 4, "x.bin") != mrtk());
}

static ak_diags *validate(const uint8_t *data, size_t size, bool strict)
{
    ak_diag_options o = {.strict = strict};
    ak_diags *d = ak_diags_new(&o);
    ak_options opt = {0};
    ak_input in = {"t", data, size, false};
    mrtk()->validate(&in, &opt, d);
    return d;
}

static void test_strict_levels(void **state)
{
    (void)state;
    uint8_t buf[24];
    memcpy(buf, v82, sizeof v82);
    buf[23] = 0; /* one trailing byte */
    ak_diags *d = validate(buf, sizeof buf, false);
    assert_int_equal(ak_diags_count(d), 1);
    assert_int_equal(ak_diags_at(d, 0)->severity, AK_SEV_WARNING);
    assert_string_equal(ak_diags_at(d, 0)->rule->code, "mrtk.file.trailing");
    assert_int_equal(ak_diags_at(d, 0)->offset, 23);
    ak_diags_free(d);
    d = validate(buf, sizeof buf, true);
    assert_int_equal(ak_diags_errors(d), 1);
    ak_diags_free(d);
}

/* The cap is checked before anything is read: a huge size with a tiny
 * buffer is never touched. */
static void test_size_limit(void **state)
{
    (void)state;
    ak_diags *d = validate(v82, (size_t)1 << 30 | 1, false);
    assert_int_equal(ak_diags_count(d), 1);
    assert_string_equal(ak_diags_at(d, 0)->rule->code, "mrtk.file.size-limit");
    ak_diags_free(d);
}

static bool dump(const uint8_t *data, size_t size, ak_buf *out)
{
    ak_diags *d = ak_diags_new(NULL);
    ak_options opt = {0};
    ak_input in = {"t", data, size, false};
    bool ok = mrtk()->dump(&in, &opt, d, out);
    ak_diags_free(d);
    return ok;
}

static bool undump(const char *json, size_t len, ak_buf *out, ak_diags *d)
{
    ak_options opt = {0};
    ak_input in = {"t.json", (const uint8_t *)json, len, false};
    return mrtk()->undump(&in, &opt, d, out);
}

/* Every valid conformance case: undump(dump(x)) == x, byte for byte. */
static void dump_undump_file(const char *path, const uint8_t *data, size_t size, void *ctx)
{
    (void)ctx;
    ak_buf json, bin;
    ak_buf_init(&json);
    ak_buf_init(&bin);
    if (!dump(data, size, &json))
        fail_msg("dump failed: %s", path);
    ak_diags *d = ak_diags_new(NULL);
    if (!undump(json.data, json.len, &bin, d))
        fail_msg("undump failed: %s: %s", path, ak_diags_count(d) ? ak_diags_at(d, 0)->message : "(no diagnostic)");
    if (bin.len != size || memcmp(bin.data, data, size) != 0)
        fail_msg("undump(dump(%s)) differs", path);
    ak_diags_free(d);
    ak_buf_free(&json);
    ak_buf_free(&bin);
}

static void test_dump_undump_round_trip(void **state)
{
    (void)state;
    assert_true(ak_test_each_file("tests/conformance/mrtk/valid", ".bin", dump_undump_file, NULL) >= 8);
}

static const char *undump_error(const char *json)
{
    static char code[128];
    ak_buf out;
    ak_buf_init(&out);
    ak_diags *d = ak_diags_new(NULL);
    bool ok = undump(json, strlen(json), &out, d);
    code[0] = 0;
    if (!ok && ak_diags_count(d))
        snprintf(code, sizeof code, "%s", ak_diags_at(d, 0)->rule->code);
    ak_diags_free(d);
    ak_buf_free(&out);
    return ok ? "ok" : code;
}

#define HEAD "{\"magic\": 7678548776933278406, \"major\": 1, \"minor\": 1, "

static void test_undump_errors(void **state)
{
    (void)state;
    assert_string_equal(undump_error(HEAD "\"has_camera_pose\": false, \"has_hand_data\": false, "
                                          "\"has_eye_gaze\": false, \"marker_count\": 0, \"markers\": []}"),
                        "ok");
    /* a member the flags exclude */
    assert_string_equal(undump_error(HEAD "\"has_camera_pose\": false, \"has_hand_data\": false, "
                                          "\"has_eye_gaze\": false, \"camera\": {}, \"marker_count\": 0, "
                                          "\"markers\": []}"),
                        "mrtk.json.member");
    /* missing member */
    assert_string_equal(undump_error(HEAD "\"has_camera_pose\": false, \"has_hand_data\": false, "
                                          "\"has_eye_gaze\": false, \"marker_count\": 0}"),
                        "mrtk.json.member");
    /* count disagrees with the array */
    assert_string_equal(undump_error(HEAD "\"has_camera_pose\": false, \"has_hand_data\": false, "
                                          "\"has_eye_gaze\": false, \"marker_count\": 1, \"markers\": []}"),
                        "mrtk.json.member");
    /* wrong type, out of range */
    assert_string_equal(undump_error(HEAD "\"has_camera_pose\": 1, \"has_hand_data\": false, "
                                          "\"has_eye_gaze\": false, \"marker_count\": 0, \"markers\": []}"),
                        "mrtk.json.value");
    assert_string_equal(undump_error("{\"magic\": 7678548776933278406, \"major\": 4294967296}"),
                        "mrtk.json.value");
    assert_string_equal(undump_error("[]"), "mrtk.json.value");
    /* §6.9: a NaN time is refused by validating what was built */
    assert_string_equal(undump_error(HEAD "\"has_camera_pose\": false, \"has_hand_data\": false, "
                                          "\"has_eye_gaze\": false, \"marker_count\": 1, "
                                          "\"markers\": [{\"time\": \"nan\", \"name\": \"x\"}]}"),
                        "ok"); /* marker time NaN is only a warning (M25) */
}

/* A 1.0 file whose camera pos_x has the given keys, every other curve empty. */
static void build_v10(ak_buf *b, int nkeys, const float (*keys)[7], int32_t post_wrap)
{
    ak_write_u64le(b, 0x6a8faf6e0f9e42c6ULL);
    ak_write_u32le(b, 1);
    ak_write_u32le(b, 0);
    for (int c = 0; c < 389; c++) {
        ak_write_u32le(b, 8);
        ak_write_u32le(b, c == 0 ? (uint32_t)post_wrap : 8);
        int n = c == 0 ? nkeys : 0;
        ak_write_u32le(b, (uint32_t)n);
        for (int k = 0; k < n; k++) {
            for (int j = 0; j < 6; j++)
                ak_write_f32le(b, keys[k][j]);
            ak_write_u32le(b, (uint32_t)keys[k][6]);
        }
    }
    ak_write_u32le(b, 0);
}

static double eval_first(const ak_buf *b, double t)
{
    ak_arena arena;
    ak_arena_init(&arena, 0);
    ak_diags *d = ak_diags_new(NULL);
    ak_input in = {"t", (const uint8_t *)b->data, b->len, false};
    ak_options opt = {0};
    ak_animation *anim = NULL;
    assert_true(mrtk()->to_model(&in, &opt, d, &arena, &anim));
    assert_int_equal(anim->track_count, 1); /* the one curve with keys: empty channels are no tracks */
    assert_string_equal(anim->tracks[0].node, "camera");
    assert_string_equal(anim->tracks[0].property, "pos_x");
    assert_string_equal(anim->tracks[0].target.property, "position");
    assert_int_equal(anim->tracks[0].target.component, 0);
    ak_value v;
    assert_true(ak_track_eval(&anim->tracks[0], t, &v));
    ak_diags_free(d);
    ak_arena_free(&arena);
    return v.f[0];
}

/* §8.5: keys (0, 0) and (1, 1). */
static void test_unity_evaluation(void **state)
{
    (void)state;
    const float third = 1.0f / 3.0f;
    struct {
        float k0[7], k1[7];
        int32_t post;
        double t, want;
    } cases[] = {
        {{0, 0, 0, 0, 0, 0, 3}, {1, 1, 0, 0, 0, 0, 3}, 8, 0.25, 0.25},              /* MRTK keys: linear */
        {{0, 0, 0, 0, 0, 0, 0}, {1, 1, 0, 0, 0, 0, 0}, 8, 0.25, 0.15625},           /* Hermite */
        {{0, 0, 0, 0, third, third, 3}, {1, 1, 0, 0, third, third, 3}, 8, 0.25, 0.15625},
        /* slopes 2 and 2: 2 h10 + h01 + 2 h11 at 0.25 (the slopes were read from the wrong bytes) */
        {{0, 0, 0, 2, 0, 0, 0}, {1, 1, 2, 0, 0, 0, 0}, 8, 0.25, 0.34375},
        {{0, 0, 0, INFINITY, 0, 0, 3}, {1, 1, 0, 0, 0, 0, 3}, 8, 0.5, 0},          /* stepped */
        {{0, 0, 0, INFINITY, 0, 0, 3}, {1, 1, 0, 0, 0, 0, 3}, 8, 1, 1},
        {{0, 0, 0, 0, 0, 0, 3}, {1, 1, 0, 0, 0, 0, 3}, 2, 1.25, 0.25},             /* Loop */
        {{0, 0, 0, 0, 0, 0, 3}, {1, 1, 0, 0, 0, 0, 3}, 4, 1.25, 0.75},             /* PingPong */
        {{0, 0, 0, 0, 0, 0, 3}, {1, 1, 0, 0, 0, 0, 3}, 8, 1.25, 1},                /* clamp */
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        float keys[2][7];
        memcpy(keys[0], cases[i].k0, sizeof keys[0]);
        memcpy(keys[1], cases[i].k1, sizeof keys[1]);
        ak_buf b;
        ak_buf_init(&b);
        build_v10(&b, 2, (const float (*)[7])keys, cases[i].post);
        double got = eval_first(&b, cases[i].t);
        if (fabs(got - cases[i].want) > 1e-5)
            fail_msg("case %zu: got %.9g, want %.9g", i, got, cases[i].want);
        ak_buf_free(&b);
    }
}

/* §8.5 bool keys (0, 1), (2, 0): true / true / false at -1 / 1.9 / 2. */
static void test_bool_step(void **state)
{
    (void)state;
    ak_buf b;
    ak_buf_init(&b);
    ak_write_u64le(&b, 0x6a8faf6e0f9e42c6ULL);
    ak_write_u32le(&b, 1);
    ak_write_u32le(&b, 1);
    ak_write_u8(&b, 0);
    ak_write_u8(&b, 1);
    ak_write_u8(&b, 0);
    for (int c = 0; c < 382; c++) {
        ak_write_u32le(&b, 8);
        ak_write_u32le(&b, 8);
        ak_write_u32le(&b, c == 0 ? 2 : 0);
        if (c == 0) {
            ak_write_f32le(&b, 0);
            ak_write_f32le(&b, 1);
            ak_write_f32le(&b, 2);
            ak_write_f32le(&b, 0);
        }
    }
    ak_write_u32le(&b, 0);
    ak_arena arena;
    ak_arena_init(&arena, 0);
    ak_diags *d = ak_diags_new(NULL);
    ak_input in = {"t", (const uint8_t *)b.data, b.len, false};
    ak_options opt = {0};
    ak_animation *anim = NULL;
    assert_true(mrtk()->to_model(&in, &opt, d, &arena, &anim));
    assert_int_equal(anim->track_count, 1); /* the one curve with keys */
    assert_string_equal(anim->tracks[0].property, "hand_tracked_left");
    assert_true(ak_animation_end(anim) == 2.0);
    ak_value v;
    double times[3] = {-1, 1.9, 2};
    bool want[3] = {true, true, false};
    for (int i = 0; i < 3; i++) {
        assert_true(ak_track_eval(&anim->tracks[0], times[i], &v));
        assert_int_equal(v.b[0], want[i]);
    }
    ak_diags_free(d);
    ak_arena_free(&arena);
    ak_buf_free(&b);
}

/* §8.4 through the common model and back: the same 1.1 curves (markers are
 * not part of the model). */
static void test_model_round_trip(void **state)
{
    (void)state;
    const char *src = getenv("AK_SOURCE_DIR");
    char path[1024];
    snprintf(path, sizeof path, "%s/tests/conformance/mrtk/valid/v11_camera_only.bin", src ? src : ".");
    size_t size = 0;
    char *data = ak_test_read_file(path, &size);
    assert_non_null(data);
    assert_int_equal(size, 173);
    ak_arena arena;
    ak_arena_init(&arena, 0);
    ak_diags *d = ak_diags_new(NULL);
    ak_input in = {"t", (const uint8_t *)data, size, false};
    ak_options opt = {0};
    ak_animation *anim = NULL;
    assert_true(mrtk()->to_model(&in, &opt, d, &arena, &anim));
    assert_int_equal(anim->track_count, 7);
    ak_buf out;
    ak_buf_init(&out);
    assert_true(mrtk()->from_model(anim, &opt, d, &out));
    assert_int_equal(ak_diags_count(d), 0);
    assert_int_equal(out.len, 163);
    assert_memory_equal(out.data, data, 159);
    ak_buf_free(&out);
    ak_diags_free(d);
    ak_arena_free(&arena);
    free(data);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_rules_match_spec_table),
        cmocka_unit_test(test_detect_by_magic_only),
        cmocka_unit_test(test_strict_levels),
        cmocka_unit_test(test_size_limit),
        cmocka_unit_test(test_dump_undump_round_trip),
        cmocka_unit_test(test_undump_errors),
        cmocka_unit_test(test_unity_evaluation),
        cmocka_unit_test(test_bool_step),
        cmocka_unit_test(test_model_round_trip),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
