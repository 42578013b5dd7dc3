/* AnimJ through the public API: the rule table against spec table 5.1,
 * sniffing, every value type in every track type that allows it (validated
 * clean, re-emitted canonically, and the canonical text re-emitted
 * byte-identically), the number layout of spec 6.1.5, matrices refused by
 * the emitter, and the JSON Schema export. */
#include "diag.h"
#include "test_support.h"

#include "model.h"

#include <float.h>
#include <math.h>

static const ak_format *animj(void)
{
    const ak_format *f = ak_format_find("animj");
    assert_non_null(f);
    return f;
}

static ak_diags *check(const char *text, size_t len, bool strict)
{
    ak_diag_options o = {strict, 0};
    ak_diags *d = ak_diags_new(&o);
    ak_diags_set_source(d, (const uint8_t *)text, len, true);
    ak_input in = {"t.animj", (const uint8_t *)text, len, false};
    ak_options opt;
    memset(&opt, 0, sizeof opt);
    animj()->validate(&in, &opt, d);
    return d;
}

static void print_diags(const ak_diags *d)
{
    for (size_t i = 0; i < ak_diags_count(d); i++) {
        const ak_diag *g = ak_diags_at(d, i);
        fprintf(stderr, "%u:%u %s %s %s\n", g->line, g->column, g->rule->code, g->path, g->message);
    }
}

static void test_rules_match_spec_table(void **state)
{
    (void)state;
    static const struct {
        const char *code;
        ak_severity sev;
    } table[] = {
        {"animj.json.syntax", AK_SEV_ERROR}, {"animj.json.encoding", AK_SEV_ERROR},
        {"animj.json.depth", AK_SEV_ERROR}, {"animj.root.type", AK_SEV_ERROR},
        {"animj.track.type", AK_SEV_ERROR}, {"animj.track.member-order", AK_SEV_ERROR},
        {"animj.track.member-missing", AK_SEV_ERROR}, {"animj.track.member-extra", AK_SEV_ERROR},
        {"animj.track.track-type", AK_SEV_ERROR}, {"animj.track.bezier", AK_SEV_ERROR},
        {"animj.track.value-type", AK_SEV_ERROR}, {"animj.data.type", AK_SEV_ERROR},
        {"animj.key.type", AK_SEV_ERROR}, {"animj.key.interpolation", AK_SEV_ERROR},
        {"animj.value.shape", AK_SEV_ERROR}, {"animj.value.int-literal", AK_SEV_ERROR},
        {"animj.value.range", AK_SEV_ERROR}, {"animj.time.negative", AK_SEV_ERROR},
        {"animj.json.duplicate-key", AK_SEV_ERROR}, {"animj.key.time-missing", AK_SEV_ERROR},
        {"animj.key.value-missing", AK_SEV_ERROR}, {"animj.value.component-unknown", AK_SEV_ERROR},
        {"animj.value.matrix-unsupported", AK_SEV_ERROR}, {"animj.key.interpolation-undefined", AK_SEV_ERROR},
        {"animj.file.size-limit", AK_SEV_ERROR}, {"animj.json.token-limit", AK_SEV_ERROR},
        {"animj.file.bom", AK_SEV_WARNING}, {"animj.root.unknown-member", AK_SEV_WARNING},
        {"animj.data.unknown-member", AK_SEV_WARNING}, {"animj.key.unknown-member", AK_SEV_WARNING},
        {"animj.root.tracks-missing", AK_SEV_WARNING}, {"animj.root.duration-negative", AK_SEV_WARNING},
        {"animj.track.type-noncanonical", AK_SEV_WARNING}, {"animj.data.node-missing", AK_SEV_WARNING},
        {"animj.data.keyframes-missing", AK_SEV_WARNING}, {"animj.data.interval-missing", AK_SEV_ERROR},
        {"animj.data.interval-unused", AK_SEV_WARNING}, {"animj.key.interpolation-missing", AK_SEV_ERROR},
        {"animj.key.interpolation-noncanonical", AK_SEV_WARNING}, {"animj.key.tangent-missing", AK_SEV_ERROR},
        {"animj.key.tangent-unused", AK_SEV_WARNING}, {"animj.key.interp-tangent", AK_SEV_WARNING},
        {"animj.time.order", AK_SEV_WARNING}, {"animj.time.duplicate", AK_SEV_WARNING},
        {"animj.time.after-duration", AK_SEV_WARNING}, {"animj.value.component-missing", AK_SEV_WARNING},
        {"animj.value.quat-nonunit", AK_SEV_WARNING}, {"animj.convert.loss", AK_SEV_WARNING},
        {"animj.convert.refused", AK_SEV_ERROR},
    };
    const ak_format *f = animj();
    assert_int_equal(f->rule_count, sizeof table / sizeof table[0]);
    for (size_t i = 0; i < f->rule_count; i++) {
        assert_string_equal(f->rules[i].code, table[i].code);
        assert_int_equal(f->rules[i].compat, table[i].sev);
        assert_int_equal(f->rules[i].strict, AK_SEV_ERROR);
    }
}

static void test_sniff(void **state)
{
    (void)state;
    const char *a = "\xef\xbb\xbf \r\n{\"tracks\": []}";
    const char *b = "{\"x\": [{\"trackType\": \"Raw\"}]}";
    assert_int_equal(animj()->sniff((const uint8_t *)a, strlen(a)), AK_SNIFF_CONTENT);
    assert_int_equal(animj()->sniff((const uint8_t *)b, strlen(b)), AK_SNIFF_CONTENT);
    assert_int_equal(animj()->sniff((const uint8_t *)"[{\"tracks\": 1}]", 15), AK_SNIFF_NO);
    assert_int_equal(animj()->sniff((const uint8_t *)"{\"name\": 1}", 11), AK_SNIFF_NO);
    assert_ptr_equal(ak_format_detect((const uint8_t *)a, strlen(a), "x.json"), animj());
}

/* One value of type vt, in canonical layout-independent form. */
static void put_value(ak_buf *b, ak_value_type vt, int variant)
{
    const ak_value_type_info *info = ak_value_type_info_of(vt);
    bool matrix = strstr(info->name, "x2") || strstr(info->name, "x3") || strstr(info->name, "x4");
    bool quat = info->name[strlen(info->name) - 1] == 'Q';
    const char *names = strncmp(info->name, "color", 5) == 0 ? "rgba" : "xyzw";
    int dim = info->components == 4 ? 2 : info->components == 9 ? 3 : 4;
    if (info->components > 1)
        ak_buf_putc(b, '{');
    for (int i = 0; i < info->components; i++) {
        if (info->components > 1) {
            if (matrix)
                ak_buf_printf(b, "%s\"m%d%d\": ", i ? ", " : "", i / dim, i % dim);
            else
                ak_buf_printf(b, "%s\"%c\": ", i ? ", " : "", names[i]);
        }
        switch (info->kind) {
        case AK_VK_BOOL: ak_buf_puts(b, (i + variant) % 2 ? "true" : "false"); break;
        case AK_VK_UINT:
            if (info->bits == 64)
                ak_buf_puts(b, variant ? "18446744073709551615" : "0");
            else
                ak_buf_printf(b, "%llu", variant ? (unsigned long long)((1ull << info->bits) - 1) : 7ull);
            break;
        case AK_VK_INT:
            if (info->bits == 64)
                ak_buf_puts(b, variant ? "-9223372036854775808" : "9223372036854775807");
            else
                ak_buf_printf(b, "%lld", variant ? -(1ll << (info->bits - 1)) : (1ll << (info->bits - 1)) - 1);
            break;
        case AK_VK_F32:
        case AK_VK_F64:
            if (quat)
                ak_buf_puts(b, i == 3 ? "1" : "0");
            else
                ak_buf_puts(b, variant ? "-0.1" : (info->kind == AK_VK_F32 ? "3.4028235e+38" : "1e-300"));
            break;
        case AK_VK_STRING: ak_buf_puts(b, variant ? "null" : "\"s\\u00e9\\n\""); break;
        }
    }
    if (info->components > 1)
        ak_buf_putc(b, '}');
}

static void all_types_document(ak_buf *b)
{
    ak_buf_puts(b, "{\"name\": \"all\", \"globalDuration\": 2, \"tracks\": [");
    bool first = true;
    for (int t = 0; t < AK_VT_COUNT; t++) {
        const ak_value_type_info *info = ak_value_type_info_of((ak_value_type)t);
        if (strstr(info->name, "x2") || strstr(info->name, "x3") || strstr(info->name, "x4"))
            continue; /* matrices: no AnimJ mapping (spec 3.2) */
        for (int kind = 0; kind < 3; kind++) {
            ak_buf_printf(b, "%s\n{\"trackType\": \"%s\", \"valueType\": \"%s\", \"data\": {\"node\": \"n\", "
                             "\"property\": \"p\", ",
                          first ? "" : ",", kind == 0 ? "Raw" : kind == 1 ? "Discrete" : "Curve", info->name);
            first = false;
            if (kind == 0) {
                ak_buf_puts(b, "\"interval\": 0.5, \"keyframes\": [");
                put_value(b, (ak_value_type)t, 0);
                ak_buf_puts(b, ", ");
                put_value(b, (ak_value_type)t, 1);
                ak_buf_puts(b, "]}}");
                continue;
            }
            ak_buf_puts(b, "\"keyframes\": [{\"time\": 0, \"value\": ");
            put_value(b, (ak_value_type)t, 0);
            if (kind == 2) {
                ak_buf_puts(b, ", \"interpolation\": \"CubicBezier\", \"leftTangent\": ");
                put_value(b, (ak_value_type)t, 1);
                ak_buf_puts(b, ", \"rightTangent\": ");
                put_value(b, (ak_value_type)t, 0);
            }
            ak_buf_puts(b, "}, {\"time\": 1.5, \"value\": ");
            put_value(b, (ak_value_type)t, 1);
            if (kind == 2) {
                ak_buf_puts(b, ", \"interpolation\": \"Hold\", \"leftTangent\": ");
                put_value(b, (ak_value_type)t, 0);
            }
            ak_buf_puts(b, "}]}}");
        }
    }
    ak_buf_puts(b, "\n]}\n");
}

static bool reemit(const char *text, size_t len, ak_buf *out)
{
    ak_diag_options o = {false, 0};
    ak_diags *d = ak_diags_new(&o);
    ak_input in = {"t.animj", (const uint8_t *)text, len, false};
    ak_options opt;
    memset(&opt, 0, sizeof opt);
    bool ok = animj()->reemit(&in, &opt, d, out);
    if (!ok)
        print_diags(d);
    ak_diags_free(d);
    return ok;
}

static void test_all_value_types(void **state)
{
    (void)state;
    ak_buf doc;
    ak_buf_init(&doc);
    all_types_document(&doc);
    /* tangents on the last Curve key are unused: one warning per Curve track */
    ak_diags *d = check(doc.data, doc.len, false);
    for (size_t i = 0; i < ak_diags_count(d); i++) {
        const ak_diag *g = ak_diags_at(d, i);
        if (strcmp(g->rule->code, "animj.key.tangent-unused") != 0) {
            print_diags(d);
            fail_msg("unexpected %s at %s", g->rule->code, g->path);
        }
    }
    assert_int_equal(ak_diags_errors(d), 0);
    ak_diags_free(d);

    ak_buf once, twice;
    ak_buf_init(&once);
    ak_buf_init(&twice);
    assert_true(reemit(doc.data, doc.len, &once));
    assert_true(reemit(once.data, once.len, &twice));
    assert_int_equal(once.len, twice.len);
    assert_memory_equal(once.data, twice.data, once.len);
    d = check(once.data, once.len, true);
    if (ak_diags_count(d))
        print_diags(d);
    assert_int_equal(ak_diags_count(d), 0); /* canonical output is clean even in strict mode */
    ak_diags_free(d);
    /* exact values survive */
    ak_buf_cstr(&once);
    assert_non_null(strstr(once.data, "18446744073709551615"));
    assert_non_null(strstr(once.data, "-9223372036854775808"));
    assert_non_null(strstr(once.data, "3.4028235e+38"));
    assert_non_null(strstr(once.data, "1e-300"));
    assert_non_null(strstr(once.data, "\"s\u00e9\\n\""));
    assert_non_null(strstr(once.data, "\"value\": null"));
    ak_buf_free(&doc);
    ak_buf_free(&once);
    ak_buf_free(&twice);
}

/* Spec 6.1.5's f32 examples, through the emitter. */
static void test_number_layout(void **state)
{
    (void)state;
    const char *doc = "{\"name\": \"n\", \"globalDuration\": 0, \"tracks\": [{\"trackType\": \"Raw\", \"valueType\": "
                      "\"float\", \"data\": {\"node\": \"a\", \"property\": \"b\", \"interval\": 1, \"keyframes\": "
                      "[0.1, 1e-7, 49.97, 2.333e9, 123456789, 3.4028234663852886e38, -0, 1e21, 1.5e-6]}}]}";
    ak_buf out;
    ak_buf_init(&out);
    assert_true(reemit(doc, strlen(doc), &out));
    ak_buf_cstr(&out);
    static const char *const expect[] = {"          0.1,\n",       "          1e-7,\n",
                                         "          49.97,\n",     "          2333000000,\n",
                                         "          123456790,\n", "          3.4028235e+38,\n",
                                         "          -0,\n",        "          1e+21,\n",
                                         "          0.0000015\n"};
    for (size_t i = 0; i < sizeof expect / sizeof expect[0]; i++)
        if (!strstr(out.data, expect[i]))
            fail_msg("missing %s in\n%s", expect[i], out.data);
    ak_buf_free(&out);
}

/* A matrix track is left out, named by its target, and the rest is
   written (a conversion left with no track at all is refused by
   ak_convert). */
static void test_matrix_left_out_by_emitter(void **state)
{
    (void)state;
    ak_key key;
    memset(&key, 0, sizeof key);
    ak_track tr;
    memset(&tr, 0, sizeof tr);
    tr.type = AK_VT_FLOAT4X4;
    tr.kind = AK_TRACK_DISCRETE;
    ak_arena arena;
    ak_arena_init(&arena, 0);
    assert_true(ak_track_set_keys(&tr, &arena, &key, 1));
    ak_animation anim = {.name = "m", .end = 1, .tracks = &tr, .track_count = 1};
    ak_diag_options o = {false, 0};
    ak_diags *d = ak_diags_new(&o);
    ak_buf out;
    ak_buf_init(&out);
    tr.node = "cam";
    tr.property = "view";
    assert_true(animj()->from_model(&anim, NULL, d, &out));
    assert_string_equal(ak_diags_at(d, 0)->rule->code, "animj.convert.loss");
    assert_non_null(strstr(ak_diags_at(d, 0)->message, "value type the file cannot hold"));
    assert_non_null(strstr(ak_diags_at(d, 0)->message, "1 track (cam/view)"));
    assert_non_null(strstr(ak_buf_cstr(&out), "\"tracks\": []"));
    ak_diags_free(d);
    ak_buf_free(&out);
    ak_arena_free(&arena);
}

/* What a list of tracks writes from the model (the model section): node
 * and property are the target's path and property in AnimJ's words, keys
 * before 0 are clipped (a key at 0 holds the value there) and the duration
 * covers the last key, each said once with its count and targets; a NaN
 * refuses the conversion with animj.convert.refused. */
static bool message_with(const ak_diags *d, const char *a, const char *b)
{
    for (size_t i = 0; i < ak_diags_count(d); i++) {
        const char *m = ak_diags_at(d, i)->message;
        if (strstr(m, a) && strstr(m, b) && !strcmp(ak_diags_at(d, i)->rule->code, "animj.convert.loss"))
            return true;
    }
    return false;
}

static void test_targets_and_losses(void **state)
{
    (void)state;
    ak_arena arena;
    ak_arena_init(&arena, 0);
    ak_track tr[2];
    memset(tr, 0, sizeof tr);
    ak_key keys[2];
    memset(keys, 0, sizeof keys);
    keys[0].time = -1, keys[0].interp = AK_INTERP_LINEAR;
    keys[1].time = 1, keys[1].interp = AK_INTERP_LINEAR, keys[1].value.f[0] = 2;
    tr[0] = (ak_track){.node = "ball", .property = "translate", .target = {"ball", "position", AK_WHOLE},
                       .type = AK_VT_FLOAT3, .kind = AK_TRACK_CURVE};
    tr[1] = (ak_track){.node = "ball", .property = "rotateZ", .target = {"ball", "euler", 2}, .type = AK_VT_FLOAT,
                       .kind = AK_TRACK_CURVE};
    assert_true(ak_track_set_keys(&tr[0], &arena, keys, 2));
    assert_true(ak_track_set_keys(&tr[1], &arena, keys + 1, 1));
    ak_animation anim = {.name = "m", .end = 0.5, .tracks = tr, .track_count = 2};
    ak_diag_options o = {false, 0};
    ak_diags *d = ak_diags_new(&o);
    ak_buf out;
    ak_buf_init(&out);
    assert_true(animj()->from_model(&anim, NULL, d, &out));
    const char *doc = ak_buf_cstr(&out);
    assert_non_null(strstr(doc, "\"node\": \"ball\",\n        \"property\": \"Position\""));
    assert_non_null(strstr(doc, "\"property\": \"euler.z\""));
    assert_non_null(strstr(doc, "\"globalDuration\": 1,"));
    assert_non_null(strstr(doc, "{\n            \"time\": 0,\n            \"value\": {\n              \"x\": 1,"));
    assert_true(message_with(d, "keys before time 0 left out", "1 in 1 track (ball/position)"));
    assert_true(message_with(d, "the duration extended to the last key", ""));
    ak_diags_free(d);
    /* no JSON number holds a NaN */
    tr[1].store = NULL;
    keys[1].value.f[0] = NAN;
    assert_true(ak_track_set_keys(&tr[1], &arena, keys + 1, 1));
    d = ak_diags_new(&o);
    size_t before = out.len;
    assert_false(animj()->from_model(&anim, NULL, d, &out));
    assert_int_equal(out.len, before); /* nothing half-written */
    assert_string_equal(ak_diags_at(d, 0)->rule->code, "animj.convert.refused");
    assert_non_null(strstr(ak_diags_at(d, 0)->message, "ball/euler.z"));
    ak_diags_free(d);
    ak_buf_free(&out);
    ak_arena_free(&arena);
}

/* A property keeps its own spelling where it means its target in AnimJ's
   words too: the canonical AnimJ of a file is that file's names. */
static void test_own_names_kept(void **state)
{
    (void)state;
    const char *doc = "{\"name\": \"n\", \"globalDuration\": 1, \"tracks\": [{\"trackType\": \"Discrete\", "
                      "\"valueType\": \"float3\", \"data\": {\"node\": \"a\", \"property\": \"position\", "
                      "\"keyframes\": [{\"time\": 0, \"value\": {\"x\": 1, \"y\": 2, \"z\": 3}}]}}]}";
    ak_buf out;
    ak_buf_init(&out);
    assert_true(reemit(doc, strlen(doc), &out));
    assert_non_null(strstr(ak_buf_cstr(&out), "\"property\": \"position\""));
    ak_buf_free(&out);
}

static void test_json_schema_exported(void **state)
{
    (void)state;
    const char *s = animj()->json_schema;
    assert_non_null(s);
    assert_non_null(strstr(s, "\"$schema\": \"https://json-schema.org/draft/2020-12/schema\""));
    assert_non_null(strstr(s, "\"track\""));
}

/* The error limit is the ak_diags's (ak_diag_options.max_errors), the one
 * place that decides it. */
static void test_error_limit_of_the_diags(void **state)
{
    (void)state;
    static const char text[] = "{\"name\": \"x\", \"globalDuration\": 1, \"tracks\": [\n"
                               "{\"trackType\": \"a\"}, {\"trackType\": \"b\"}, {\"trackType\": \"c\"},\n"
                               "{\"trackType\": \"d\"}, {\"trackType\": \"e\"}]}\n";
    ak_diags *all = check(text, sizeof text - 1, false);
    assert_true(ak_diags_errors(all) >= 5);
    ak_diags_free(all);
    ak_diag_options o = {false, 2};
    ak_diags *d = ak_diags_new(&o);
    assert_int_equal(ak_diags_max_errors(d), 2);
    assert_false(ak_diags_strict(d));
    ak_diags_set_source(d, (const uint8_t *)text, sizeof text - 1, true);
    ak_options opt;
    memset(&opt, 0, sizeof opt);
    ak_input in = {"t.animj", (const uint8_t *)text, sizeof text - 1, false};
    assert_ptr_equal(ak_validate(&in, animj(), &opt, d), animj());
    assert_int_equal(ak_diags_errors(d), 2);
    assert_ptr_equal(ak_diags_at(d, ak_diags_count(d) - 1)->rule, &ak_rule_limit_max_errors);
    ak_diags_free(d);
    d = ak_diags_new(NULL);
    assert_int_equal(ak_diags_max_errors(d), AK_DEFAULT_MAX_ERRORS);
    ak_diags_free(d);
}

/* A conversion validates its output once, before it reads it back (the
 * losses it then reports come from that reading, which skips its own
 * validation), and writes nothing that fails the validator. An "animj"
 * whose writer is stubbed, around the real validator and reader. */
static struct {
    const char *writes;                  /* what the stubbed writer writes */
    int validations, readings, readings_trusted;
} stub;

static bool stub_from_model(const struct ak_animation *anim, const ak_options *opt, ak_diags *d, ak_buf *out)
{
    (void)anim, (void)opt, (void)d;
    ak_buf_puts(out, stub.writes);
    return true;
}

static void stub_validate(const ak_input *in, const ak_options *opt, ak_diags *d)
{
    stub.validations++;
    animj()->validate(in, opt, d);
}

static bool stub_to_model_headers(const ak_input *in, const ak_options *opt, ak_diags *d, struct ak_arena *arena,
                                  struct ak_animation **out)
{
    stub.readings++;
    stub.readings_trusted += ak_diags_input_valid(d);
    return animj()->to_model_headers(in, opt, d, arena, out);
}

static bool convert_to_stub(const char *writes, ak_diags *d, ak_buf *out)
{
    static const char input[] = "{\"name\": \"m\", \"globalDuration\": 1, \"tracks\": [{\"trackType\": \"Curve\", "
                                "\"valueType\": \"float\", \"data\": {\"node\": \"n\", \"property\": \"p\", "
                                "\"keyframes\": [{\"time\": 0, \"value\": 1, \"interpolation\": \"Linear\"}]}}]}";
    ak_format to = *animj();
    to.from_model = stub_from_model;
    to.validate = stub_validate;
    to.to_model_headers = stub_to_model_headers;
    memset(&stub, 0, sizeof stub);
    stub.writes = writes;
    ak_input in = {"in.animj", (const uint8_t *)input, sizeof input - 1, false};
    ak_options opt;
    memset(&opt, 0, sizeof opt);
    return ak_convert(&in, animj(), &to, &opt, d, out, NULL);
}

/* d has a diagnostic of rule `code` whose message holds `text` */
static bool said(const ak_diags *d, const char *code, const char *text)
{
    for (size_t i = 0; i < ak_diags_count(d); i++)
        if (strcmp(ak_diags_at(d, i)->rule->code, code) == 0 && strstr(ak_diags_at(d, i)->message, text))
            return true;
    return false;
}

static void test_convert_validates_output_once(void **state)
{
    (void)state;
    ak_diags *d = ak_diags_new(NULL);
    ak_buf out;
    ak_buf_init(&out);
    /* valid: one validation, then one reading that relies on it */
    const char *valid = "{\"name\": \"m\", \"globalDuration\": 1, \"tracks\": [{\"trackType\": \"Curve\", "
                        "\"valueType\": \"float\", \"data\": {\"node\": \"n\", \"property\": \"p\", "
                        "\"keyframes\": [{\"time\": 0, \"value\": 1, \"interpolation\": \"Linear\"}]}}]}";
    assert_true(convert_to_stub(valid, d, &out));
    assert_string_equal(ak_buf_cstr(&out), valid);
    assert_int_equal(stub.validations, 1);
    assert_int_equal(stub.readings, 1);
    assert_int_equal(stub.readings_trusted, 1);
    assert_int_equal(ak_diags_errors(d), 0);
    ak_diags_free(d);
    /* invalid: said where the validator says, nothing written, not read back */
    d = ak_diags_new(NULL);
    out.len = 0;
    assert_false(convert_to_stub("{\"name\": 5, \"globalDuration\": 1, \"tracks\": []}", d, &out));
    assert_int_equal(out.len, 0);
    assert_int_equal(stub.validations, 1);
    assert_int_equal(stub.readings, 0);
    assert_true(said(d, "animkit.convert.invalid-output", "at /name"));
    ak_diags_free(d);
    /* no track written: refused after the reading */
    d = ak_diags_new(NULL);
    out.len = 0;
    assert_false(convert_to_stub("{\"name\": \"m\", \"globalDuration\": 1, \"tracks\": []}", d, &out));
    assert_int_equal(out.len, 0);
    assert_int_equal(stub.readings_trusted, 1);
    assert_true(said(d, "animkit.convert.no-tracks", "nothing was written"));
    ak_diags_free(d);
    ak_buf_free(&out);
    /* the reading trusts the mark: a key without its interpolation (an
       error) is read, not validated again */
    static const char unchecked[] = "{\"name\": \"m\", \"globalDuration\": 1, \"tracks\": [{\"trackType\": "
                                    "\"Curve\", \"valueType\": \"float\", \"data\": {\"node\": \"n\", "
                                    "\"property\": \"p\", \"keyframes\": [{\"time\": 0, \"value\": 1}]}}]}";
    ak_input in = {"t.animj", (const uint8_t *)unchecked, sizeof unchecked - 1, false};
    for (int trusted = 0; trusted < 2; trusted++) {
        d = ak_diags_new(NULL);
        if (trusted)
            ak_diags_set_input_valid(d);
        ak_arena arena;
        struct ak_animation *anim = NULL;
        ak_arena_init(&arena, 0);
        assert_int_equal(animj()->to_model_headers(&in, NULL, d, &arena, &anim), trusted);
        assert_int_equal(ak_diags_errors(d), !trusted);
        if (trusted)
            assert_int_equal(anim->track_count, 1);
        ak_arena_free(&arena);
        ak_diags_free(d);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_rules_match_spec_table),
        cmocka_unit_test(test_sniff),
        cmocka_unit_test(test_all_value_types),
        cmocka_unit_test(test_number_layout),
        cmocka_unit_test(test_matrix_left_out_by_emitter),
        cmocka_unit_test(test_targets_and_losses),
        cmocka_unit_test(test_own_names_kept),
        cmocka_unit_test(test_json_schema_exported),
        cmocka_unit_test(test_error_limit_of_the_diags),
        cmocka_unit_test(test_convert_validates_output_once),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
