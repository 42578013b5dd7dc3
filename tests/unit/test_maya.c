/* The Maya .anim format: sniffing, the scanner's number classes, the
 * canonical emitter (precision, layout, CRLF), dump/undump, and curves
 * sampled through the common model (runtime/curve.c). */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <cmocka.h>

#include "diag.h"
#include "maya_syntax.h"

#include <curve.h>
#include <model.h>

#include <math.h>
#include <stdlib.h>
#include <string.h>

#define HEAD "animVersion 1.1;\nmayaVersion 2026;\ntimeUnit film;\nlinearUnit cm;\nangularUnit deg;\n" \
             "startTime 0;\nendTime 48;\n"

static ak_input input_of(const char *s)
{
    ak_input in = {"test.anim", (const uint8_t *)s, strlen(s), false};
    return in;
}

static size_t errors_of(const char *text, bool strict)
{
    ak_options opt = {0};
    ak_diag_options dopt = {strict, 0};
    ak_diags *d = ak_diags_new(&dopt);
    ak_input in = input_of(text);
    ak_validate(&in, &ak_format_maya, &opt, d);
    size_t n = ak_diags_errors(d);
    ak_diags_free(d);
    return n;
}

static void test_sniff(void **state)
{
    (void)state;
    const char *yes[] = {"animVersion 1.1;", "\357\273\277animVersion 1.1;", "# c\n; \n  animVersion 1.1;",
                         "animVersion"};
    const char *no[] = {"animVersions 1.1;", "%YAML 1.1", "anim x 0 0 0;", "", "{\"a\":1}"};
    for (size_t i = 0; i < sizeof yes / sizeof *yes; i++)
        assert_int_equal(ak_format_maya.sniff((const uint8_t *)yes[i], strlen(yes[i])), AK_SNIFF_CONTENT);
    for (size_t i = 0; i < sizeof no / sizeof *no; i++)
        assert_int_equal(ak_format_maya.sniff((const uint8_t *)no[i], strlen(no[i])), AK_SNIFF_NO);
    assert_true(ak_format_has_extension(&ak_format_maya, "x.ANIM"));
}

static void test_number_classes(void **state)
{
    (void)state;
    struct {
        const char *s;
        maya_numclass c;
    } cases[] = {
        {"0", MAYA_N_FIXED},         {"-0", MAYA_N_FIXED},       {"1.5", MAYA_N_FIXED},
        {"0.0001", MAYA_N_FIXED},    {"2.5044781e-06", MAYA_N_EXP}, {"1e+100", MAYA_N_EXP},
        {"+1", MAYA_N_OTHER},        {".5", MAYA_N_OTHER},       {"1.0", MAYA_N_OTHER},
        {"1E5", MAYA_N_OTHER},       {"1e-006", MAYA_N_OTHER},   {"1.", MAYA_N_OTHER},
        {"nan", MAYA_N_NONE},        {"1,5", MAYA_N_NONE},       {"0x10", MAYA_N_NONE},
        {"-", MAYA_N_NONE},          {"1e", MAYA_N_NONE},        {"", MAYA_N_NONE},
    };
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++)
        assert_int_equal(maya_number_class((const uint8_t *)cases[i].s, strlen(cases[i].s)), cases[i].c);
}

static maya_word word(const char *s) { return maya_word_of((const uint8_t *)s, strlen(s)); }

static void test_words(void **state)
{
    (void)state;
    assert_int_equal(maya_tangent_of((const uint8_t *)"stepnext", 8), MAYA_TANGENT_STEPNEXT);
    assert_int_equal(maya_tangent_of((const uint8_t *)"smooth", 6), -1);
    assert_int_equal(maya_tangent_of((const uint8_t *)"fixedx", 6), -1);
    /* the Ragel machine: every table a word belongs to, in one pass */
    maya_word w = word("centimeter");
    assert_int_equal(w.linear_unit, 1);
    assert_true(w.long_form);
    w = word("min");
    assert_int_equal(w.angular_unit, MAYA_AU_MIN);
    assert_int_equal(w.time_unit, 1);
    assert_false(w.long_form);
    w = word("linear");
    assert_int_equal(w.output, MAYA_OUT_LINEAR);
    assert_int_equal(w.infinity, MAYA_INF_LINEAR);
    assert_int_equal(w.time_unit, -1);
    assert_int_equal(word("cycleRelative").infinity, MAYA_INF_CYCLE_RELATIVE);
    assert_int_equal(word("m").linear_unit, 2);
    assert_int_equal(word("mm").linear_unit, 0);
    assert_int_equal(word("mil").linear_unit, -1);
    assert_int_equal(word("millisecx").time_unit, -1);
    assert_int_equal(word("").output, -1);
    assert_true(maya_time_unit_fps("ntscf") == 60);
    assert_true(maya_linear_unit_cm("inch") == 2.54);
    assert_true(maya_angular_unit_rad("Unknown") == 0);
}

/* The document's emitter, with CRLF line ends or LF whatever the text has. */
static char *reemit(const char *text, int precision, bool crlf)
{
    ak_options opt = {.precision = precision};
    ak_diag_options dopt = {false, 0};
    ak_diags *d = ak_diags_new(&dopt);
    ak_input in = input_of(text);
    ak_buf out;
    ak_buf_init(&out);
    ak_arena arena;
    ak_arena_init(&arena, 4096);
    maya_doc *doc;
    bool ok = maya_document_decode(&in, &opt, d, &arena, &doc);
    if (ok) {
        doc->line_ends = crlf ? MAYA_LINE_ENDS_CRLF : MAYA_LINE_ENDS_LF;
        ok = maya_document_encode(doc, &opt, d, &out);
    }
    ak_arena_free(&arena);
    ak_diags_free(d);
    if (!ok) {
        ak_buf_free(&out);
        return NULL;
    }
    ak_buf_cstr(&out);
    return out.data;
}

static void test_emit_canonical(void **state)
{
    (void)state;
    /* a relaxed file comes out in Maya's layout */
    const char *in = "animVersion 1.1; mayaVersion 2026;\ntimeUnit film;\nlinearUnit cm;\nangularUnit deg;\n"
                     "startTime 0;\nendTime 48;\nanim translate.translateX translateX j 0 1 0;\nanimData {\n"
                     " output linear; input time; weighted 0;\npreInfinity cycle;\npostInfinity linear;\n"
                     "keys {\n0 1.0 fixed linear 1 0 0 45 1;\n24 .5 linear fixed 1 0 1 -10 1;\n}\n}\n"
                     "anim translate.translateX translateX j2 0 0 0;\n";
    const char *want = HEAD "anim translate.translateX translateX j 0 1 0;\nanimData {\n  input time;\n"
                       "  output linear;\n  weighted 0;\n  preInfinity cycle;\n  postInfinity linear;\n  keys {\n"
                       "    0 1 fixed linear 1 0 0 45 1;\n    24 0.5 linear fixed 1 0 1 -10 1;\n  }\n}\n"
                       "anim j2 0 0 0;\n";
    char *out = reemit(in, 0, false);
    assert_non_null(out);
    assert_string_equal(out, want);
    free(out);
}

static void test_emit_precision_and_crlf(void **state)
{
    (void)state;
    const char *in = HEAD "anim a.b b n 0 0 0;\nanimData {\n  input time;\n  output linear;\n  weighted 0;\n"
                          "  preInfinity constant;\n  postInfinity constant;\n  keys {\n"
                          "    1 0.1 linear linear 1 0 0;\n    2 1e-11 linear linear 1 0 0;\n  }\n}\n";
    char *p17 = reemit(in, 17, true);
    assert_non_null(p17);
    assert_non_null(strstr(p17, "    1 0.10000000000000001 linear linear 1 0 0;\r\n"));
    /* a file's tiny values are kept (old Maya versions wrote them; spec 5.1.6) */
    assert_non_null(strstr(p17, "    2 9.9999999999999994e-12 linear linear 1 0 0;\r\n"));
    free(p17);
    char *p3 = reemit(in, 3, false);
    assert_non_null(p3);
    assert_non_null(strstr(p3, "    1 0.1 linear linear 1 0 0;\n"));
    free(p3);
}

static void test_emit_version_1_0(void **state)
{
    (void)state;
    const char *in = "animVersion 1.0;\nmayaVersion 2.5;\nanim a 0 0 0;\nanimData {\n  input time;\n"
                     "  output linear;\n  preInfinity constant;\n  postInfinity constant;\n  keys {\n"
                     "    1 2 fixed linear 1 0 10 1;\n  }\n}\n";
    char *out = reemit(in, 0, false);
    assert_non_null(out);
    /* a 1.0 document stays 1.0: no breakdown column, no weighted statement (spec 5.1.2) */
    assert_string_equal(out, "animVersion 1.0;\nmayaVersion 2.5;\nanim a 0 0 0;\nanimData {\n  input time;\n"
                             "  output linear;\n  preInfinity constant;\n  postInfinity constant;\n  keys {\n"
                             "    1 2 fixed linear 1 0 10 1;\n  }\n}\n");
    free(out);
}

static void test_emit_rejects_errors(void **state)
{
    (void)state;
    assert_null(reemit("mayaVersion 2026;\n", 0, false));
    assert_null(reemit(HEAD "anim a.b b n 0 0 0;\nanimData {\n  keys {\n    1 nan linear linear 1 0 0;\n  }\n}\n",
                       0, false));
}

static void test_undump(void **state)
{
    (void)state;
    const char *json = "{\"anim_version\":\"1.1\",\"maya_version\":\"2026\",\"time_unit\":\"film\","
                       "\"entries\":[{\"kind\":\"placeholder\",\"names\":[\"n\"],\"row\":0,\"child\":1,\"attr\":2},"
                       "{\"kind\":\"curve\",\"names\":[\"a.b\",\"b\",\"n\"],\"row\":0,\"child\":0,\"attr\":0,"
                       "\"anim_data\":{\"weighted\":1,\"keys\":[{\"time\":1,\"value\":0.25,\"in_tangent\":"
                       "\"spline\",\"out_tangent\":\"fixed\",\"tan_locked\":1,\"weight_locked\":0,"
                       "\"breakdown\":1,\"out_angle\":30,\"out_weight\":2}]}}]}";
    ak_options opt = {0};
    ak_diag_options dopt = {false, 0};
    ak_diags *d = ak_diags_new(&dopt);
    ak_input in = {"x.json", (const uint8_t *)json, strlen(json), false};
    ak_buf out;
    ak_buf_init(&out);
    assert_true(ak_format_maya.undump(&in, &opt, d, &out));
    ak_buf_cstr(&out);
    assert_string_equal(out.data, "animVersion 1.1;\nmayaVersion 2026;\ntimeUnit film;\nanim n 0 1 2;\n"
                                  "anim a.b b n 0 0 0;\nanimData {\n  input time;\n  output linear;\n"
                                  "  weighted 1;\n  preInfinity constant;\n  postInfinity constant;\n  keys {\n"
                                  "    1 0.25 spline fixed 1 0 1 30 2;\n  }\n}\n");
    ak_buf_free(&out);
    ak_diags_free(d);
    /* what the undump refuses, each with maya.undump.bad-member at the member
       (the document is declared in maya.document; the undump is generated) */
#define ENTRY "{\"kind\":\"curve\",\"names\":[\"a\"],\"row\":0,\"child\":0,\"attr\":0,\"anim_data\":{\"keys\":["
#define KEY                                                                                                            \
    "{\"time\":1,\"value\":0,\"in_tangent\":\"linear\",\"out_tangent\":\"linear\",\"tan_locked\":1,\"weight_locked\":0"
    static const struct {
        const char *json, *path;
    } refused[] = {
        {"{\"anim_version\":\"1.1\",\"colour\":3,\"entries\":[]}", "/colour"},
        {"{\"entries\":[]}", ""},
        {"{\"anim_version\":\"1.1\",\"precision\":0,\"entries\":[]}", "/precision"},
        {"{\"anim_version\":\"1.1\",\"precision\":8.5,\"entries\":[]}", "/precision"},
        {"{\"anim_version\":\"1.1\",\"line_ends\":\"cr\",\"entries\":[]}", "/line_ends"},
        {"{\"anim_version\":\"1.1\",\"entries\":[{\"kind\":\"weird\"}]}", "/entries/0/kind"},
        {"{\"anim_version\":\"1.1\",\"entries\":[{\"kind\":\"placeholder\",\"names\":[\"a\",\"b\",\"c\",\"d\"],"
         "\"row\":0,\"child\":0,\"attr\":0}]}", "/entries/0/names"},
        {"{\"anim_version\":\"1.1\",\"entries\":[{\"kind\":\"placeholder\",\"names\":[\"a\"],\"row\":0,\"child\":0,"
         "\"attr\":0,\"anim_data\":{\"keys\":[]}}]}", "/entries/0/anim_data"},
        {"{\"anim_version\":\"1.1\",\"entries\":[" ENTRY KEY ",\"out_angle\":1}]}}]}",
         "/entries/0/anim_data/keys/0/out_angle"},
        {"{\"anim_version\":\"1.1\",\"entries\":[" ENTRY "{\"time\":\"nan\"}]}}]}",
         "/entries/0/anim_data/keys/0/time"},
        {"{\"anim_version\":\"1.1\",\"entries\":[" ENTRY KEY ",\"breakdown\":\"1\"}]}}]}",
         "/entries/0/anim_data/keys/0/breakdown"},
    };
    for (size_t i = 0; i < sizeof refused / sizeof refused[0]; i++) {
        d = ak_diags_new(&dopt);
        ak_input bin = {"x.json", (const uint8_t *)refused[i].json, strlen(refused[i].json), false};
        ak_buf_init(&out);
        assert_false(ak_format_maya.undump(&bin, &opt, d, &out));
        assert_true(ak_diags_count(d) > 0);
        assert_string_equal(ak_diags_at(d, 0)->rule->code, "maya.undump.bad-member");
        assert_string_equal(ak_diags_at(d, 0)->path, refused[i].path);
        ak_buf_free(&out);
        ak_diags_free(d);
    }
    /* a tangent word Maya does not know is kept (and written as global, its meaning) */
    const char *other = "{\"anim_version\":\"1.1\",\"entries\":[" ENTRY KEY ",\"breakdown\":0}]}}]}";
    char *edited = strdup(other);
    memcpy(strstr(edited, "\"linear\""), "\"smooth\"", 8);
    d = ak_diags_new(&dopt);
    ak_input oin = {"x.json", (const uint8_t *)edited, strlen(edited), false};
    ak_buf_init(&out);
    assert_true(ak_format_maya.undump(&oin, &opt, d, &out));
    assert_non_null(strstr(ak_buf_cstr(&out), "    1 0 global linear 1 0 0;\n"));
    ak_buf_free(&out);
    ak_diags_free(d);
    free(edited);
#undef ENTRY
#undef KEY
}

/* The curve of track i of a file, sampled at t (seconds). */
static double sample(const char *text, size_t track, double t)
{
    ak_options opt = {0};
    ak_diag_options dopt = {false, 0};
    ak_diags *d = ak_diags_new(&dopt);
    ak_input in = input_of(text);
    ak_arena arena;
    ak_arena_init(&arena, 4096);
    ak_animation *anim = NULL;
    assert_true(ak_format_maya.to_model(&in, &opt, d, &arena, &anim));
    assert_true(track < anim->track_count);
    ak_curve c;
    assert_true(ak_curve_from_track(&anim->tracks[track], 0, &arena, &c));
    double v = ak_curve_eval(&c, t);
    ak_arena_free(&arena);
    ak_diags_free(d);
    return v;
}

#define CURVE(inf, keys) \
    "anim a.b b n 0 0 0;\nanimData {\n  input time;\n  output linear;\n  weighted 0;\n  preInfinity " inf \
    ";\n  postInfinity " inf ";\n  keys {\n" keys "  }\n}\n"

static void test_sample(void **state)
{
    (void)state;
    /* film = 24 fps: frame 24 is 1 s */
    const char *lin = HEAD CURVE("constant", "    0 0 linear linear 1 0 0;\n    24 10 linear linear 1 0 0;\n");
    assert_true(fabs(sample(lin, 0, 0.5) - 5) < 1e-9);
    assert_true(fabs(sample(lin, 0, 2) - 10) < 1e-9);
    const char *step = HEAD CURVE("constant", "    0 0 linear step 1 0 0;\n    24 10 linear linear 1 0 0;\n");
    assert_true(fabs(sample(step, 0, 0.99) - 0) < 1e-9);
    assert_true(fabs(sample(step, 0, 1) - 10) < 1e-9);
    const char *next = HEAD CURVE("constant", "    0 0 linear stepnext 1 0 0;\n    24 10 linear linear 1 0 0;\n");
    assert_true(fabs(sample(next, 0, 0.01) - 10) < 1e-9);
    /* a fixed tangent of 45 degrees in graph space is a slope of 1 value per frame */
    const char *fixed = HEAD CURVE("linear", "    0 0 fixed fixed 1 0 0 45 1 45 1;\n    24 24 fixed fixed 1 0 0 45 1 45 1;\n");
    assert_true(fabs(sample(fixed, 0, 0.5) - 12) < 1e-9);
    assert_true(fabs(sample(fixed, 0, 2) - 48) < 1e-9); /* linear infinity along the slope */
    const char *cyc = HEAD CURVE("cycle", "    0 0 linear linear 1 0 0;\n    24 10 linear linear 1 0 0;\n");
    assert_true(fabs(sample(cyc, 0, 1.5) - 5) < 1e-9);
    const char *osc = HEAD CURVE("oscillate", "    0 0 linear linear 1 0 0;\n    24 10 linear linear 1 0 0;\n");
    assert_true(fabs(sample(osc, 0, 1.25) - 7.5) < 1e-9);
    const char *rel = HEAD CURVE("cycleRelative", "    0 0 linear linear 1 0 0;\n    24 10 linear linear 1 0 0;\n");
    assert_true(fabs(sample(rel, 0, 1.5) - 15) < 1e-9);
    /* flat keys: the curve stays within the key values */
    const char *flat = HEAD CURVE("constant", "    0 0 flat flat 1 0 0;\n    24 10 flat flat 1 0 0;\n");
    assert_true(fabs(sample(flat, 0, 0.5) - 5) < 1e-9);
    assert_true(sample(flat, 0, 0.1) < 5);
    /* weighted: heavy flat handles ease in and out more than the default */
    const char *w = HEAD "anim a.b b n 0 0 0;\nanimData {\n  input time;\n  output linear;\n  weighted 1;\n"
                         "  preInfinity constant;\n  postInfinity constant;\n  keys {\n"
                         "    0 0 fixed fixed 1 0 0 0 20 0 20;\n    24 10 fixed fixed 1 0 0 0 20 0 20;\n  }\n}\n";
    double v = sample(w, 0, 0.25);
    assert_true(v >= 0 && v < sample(flat, 0, 0.25));
}

/* .anim -> model -> .anim (from_model) -> model: the curves agree. */
static void test_model_round_trip(void **state)
{
    (void)state;
    ak_file f;
    char why[256];
    assert_true(ak_file_open(&f, "examples/maya/bounce.anim", why, sizeof why));
    ak_options opt = {0};
    ak_diag_options dopt = {false, 0};
    ak_diags *d = ak_diags_new(&dopt);
    ak_input in = {"bounce.anim", f.data, f.size, false};
    ak_arena arena;
    ak_arena_init(&arena, 4096);
    ak_animation *a1 = NULL, *a2 = NULL;
    assert_true(ak_format_maya.to_model(&in, &opt, d, &arena, &a1));
    ak_buf out;
    ak_buf_init(&out);
    assert_true(ak_format_maya.from_model(a1, &opt, d, &out));
    assert_int_equal(ak_diags_errors(d), 0);
    ak_input in2 = {"back.anim", (const uint8_t *)out.data, out.len, false};
    assert_true(ak_format_maya.to_model(&in2, &opt, d, &arena, &a2));
    assert_int_equal(a1->track_count, a2->track_count);
    for (size_t t = 0; t < a1->track_count; t++) {
        ak_curve c1, c2;
        assert_true(ak_curve_from_track(&a1->tracks[t], 0, &arena, &c1));
        assert_true(ak_curve_from_track(&a2->tracks[t], 0, &arena, &c2));
        for (double x = -0.5; x < 2.5; x += 0.01) {
            double v1 = ak_curve_eval(&c1, x), v2 = ak_curve_eval(&c2, x);
            if (fabs(v1 - v2) > 1e-4 * (1 + fabs(v1)))
                fail_msg("track %zu at %g: %.9g vs %.9g", t, x, v1, v2);
        }
    }
    ak_buf_free(&out);
    ak_arena_free(&arena);
    ak_diags_free(d);
    ak_file_close(&f);
}

static void test_strict_levels(void **state)
{
    (void)state;
    /* a third-party number style: warning by default, still a warning under --strict (spec: W / -) */
    const char *style = HEAD CURVE("constant", "    0 +1 linear linear 1 0 0;\n");
    assert_int_equal(errors_of(style, false), 0);
    assert_int_equal(errors_of(style, true), 0);
    /* an unknown tangent word: warning by default, error under --strict */
    const char *tan = HEAD CURVE("constant", "    0 1 smooth linear 1 0 0;\n");
    assert_int_equal(errors_of(tan, false), 0);
    assert_int_equal(errors_of(tan, true), 1);
    /* a value that hangs Maya is an error at both levels */
    const char *hang = HEAD CURVE("constant", "    0 1,5 linear linear 1 0 0;\n");
    assert_int_equal(errors_of(hang, false), 1);
    assert_int_equal(errors_of(hang, true), 1);
}

/* Inputs above this size in the limit test are not real (the file-size
 * limit is checked before a byte is read). */
#define MAYA_TEST_MAX_REAL ((size_t)64 << 20)

/* The first diagnostic with this code, or NULL. */
static const ak_diag *find_code(ak_diags *d, const char *code)
{
    for (size_t i = 0; i < ak_diags_count(d); i++)
        if (strcmp(ak_diags_at(d, i)->rule->code, code) == 0)
            return ak_diags_at(d, i);
    return NULL;
}

static ak_diags *validate_input(const ak_input *in, bool strict)
{
    ak_options opt = {0};
    ak_diag_options dopt = {strict, 0};
    ak_diags *d = ak_diags_new(&dopt);
    /* the front end itself: the registry would look at the bytes first */
    if (in->size <= MAYA_TEST_MAX_REAL)
        ak_diags_set_source(d, in->data, in->size, true);
    ak_format_maya.validate(in, &opt, d);
    return d;
}

/* The first diagnostic with this code is an error at both levels, at line
 * `line` (0: anywhere). */
static void expect_error(const ak_input *in, const char *code, uint32_t line)
{
    for (int strict = 0; strict < 2; strict++) {
        ak_diags *d = validate_input(in, strict);
        const ak_diag *g = find_code(d, code);
        assert_non_null(g);
        assert_int_equal(g->severity, AK_SEV_ERROR);
        if (line)
            assert_int_equal(g->line, line);
        ak_diags_free(d);
    }
}

/* Limits whose inputs are too large for conformance case files (spec rules
 * 70, 71, 73), at both levels. maya.limit.key-count needs 10^7 keys in one
 * curve: not here. */
static void test_limits(void **state)
{
    (void)state;
    /* the size is checked before a byte is read */
    static const uint8_t small[] = "animVersion 1.1;\n";
    ak_input big = {"big.anim", small, (size_t)257 << 20, false};
    ak_diags *d = validate_input(&big, false);
    const ak_diag *g = find_code(d, "maya.limit.file-size");
    assert_non_null(g);
    assert_int_equal(g->offset, 0);
    assert_int_equal(ak_diags_count(d), 1);
    ak_diags_free(d);
    expect_error(&big, "maya.limit.file-size", 0);

    /* a line Maya discards (the rest of a key line) longer than 1 MiB */
    ak_buf b;
    ak_buf_init(&b);
    ak_buf_puts(&b, HEAD "anim a.b b n 0 0 0;\nanimData {\n  keys {\n    1 0 linear linear 1 0 0 ");
    for (size_t i = 0; i < ((size_t)1 << 20) / 8 + 1; i++)
        ak_buf_puts(&b, "x x x x ");
    ak_buf_puts(&b, "\n  }\n}\n");
    ak_input line = {"line.anim", (const uint8_t *)b.data, b.len, false};
    expect_error(&line, "maya.limit.line-length", 11);
    ak_buf_free(&b);

    /* 1,000,001 anim entries */
    ak_buf_init(&b);
    ak_buf_puts(&b, HEAD);
    for (unsigned i = 0; i <= 1000000; i++)
        ak_buf_puts(&b, "anim n 0 0 0;\n");
    ak_input many = {"many.anim", (const uint8_t *)b.data, b.len, false};
    expect_error(&many, "maya.limit.entry-count", 8 + 1000000);
    ak_buf_free(&b);
}

static void test_rules_table(void **state)
{
    (void)state;
    assert_true(ak_format_maya.rule_count >= 74);
    for (size_t i = 0; i < ak_format_maya.rule_count; i++) {
        const ak_rule *r = &ak_format_maya.rules[i];
        assert_true(strncmp(r->code, "maya.", 5) == 0);
        assert_true(r->strict >= r->compat);
        assert_ptr_equal(ak_rule_find(r->code), r);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_sniff),           cmocka_unit_test(test_number_classes),
        cmocka_unit_test(test_words),           cmocka_unit_test(test_emit_canonical),
        cmocka_unit_test(test_emit_precision_and_crlf), cmocka_unit_test(test_emit_version_1_0),
        cmocka_unit_test(test_emit_rejects_errors), cmocka_unit_test(test_undump),
        cmocka_unit_test(test_sample),          cmocka_unit_test(test_strict_levels),
        cmocka_unit_test(test_rules_table),     cmocka_unit_test(test_model_round_trip),
        cmocka_unit_test(test_limits),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
