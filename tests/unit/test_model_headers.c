/* The model of track headers (ak_model_headers_of_input, `--list`) against
 * the whole model (ak_model_of_input) of the same file: the same tracks,
 * names, targets, value types, kinds, units and key counts, and as the time
 * range the earliest and latest of the whole model's key times, for every
 * MRTK, AnimX, Maya, AnimJ, Glaxnimate and Prime ANIM file of the
 * conformance suites and the examples (Maya's headers read its entries one
 * at a time, ak_ldoc_each; Glaxnimate's document an element of its arrays
 * at a time, ak_jschema_walk_input;
 * Prime ANIM's come from its keyed frames; keys out of time order among
 * them: mrtk/invalid/time_decreasing.bin, animx/invalid/x26_time_order.animx,
 * both warnings). Formats without a
 * headers mapping give the whole model through the same call. */
#include "test_support.h"

#include "arena.h"
#include "diag.h"
#include "model.h"

#include <math.h>

typedef struct tally {
    size_t files, compared, headers_only;
    size_t keys_compared; /* of the whole model, with the one read event by event */
} tally;

static bool same_text(const char *a, const char *b)
{
    return (!a && !b) || (a && b && strcmp(a, b) == 0);
}

static void compare_models(const char *path, const uint8_t *data, size_t size, void *ctx)
{
    tally *n = ctx;
    n->files++;
    ak_input in = {path, data, size, false};
    ak_options opt = {0};
    ak_diags *whole_d = ak_diags_new(NULL), *headers_d = ak_diags_new(NULL);
    ak_arena whole_arena, headers_arena;
    ak_animation *whole = NULL, *headers = NULL;
    bool whole_ok = ak_model_of_input(&in, NULL, &opt, whole_d, "list", &whole_arena, &whole, NULL);
    bool headers_ok = ak_model_headers_of_input(&in, NULL, &opt, headers_d, "list", &headers_arena, &headers, NULL);
    /* and read event by event (AnimJ's headers take keys whole: ak_json_lane_any) */
    ak_options slow_opt = {.no_lanes = true};
    ak_diags *slow_d = ak_diags_new(NULL);
    ak_arena slow_arena;
    ak_animation *slow = NULL;
    bool slow_ok = ak_model_headers_of_input(&in, NULL, &slow_opt, slow_d, "list", &slow_arena, &slow, NULL);
    /* and the tracks only, as a conversion reads its output back
       (ak_diags_tracks_only: AnimJ passes each keys array whole) */
    ak_diags *tracks_d = ak_diags_new(NULL);
    ak_diags_set_tracks_only(tracks_d);
    ak_arena tracks_arena;
    ak_animation *tracks = NULL;
    bool tracks_ok = ak_model_headers_of_input(&in, NULL, &opt, tracks_d, "list", &tracks_arena, &tracks, NULL);
    /* and the whole model event by event (AnimJ's takes each key whole and
       reads its members in its span: ak_json_next_member) */
    ak_diags *whole_slow_d = ak_diags_new(NULL);
    ak_arena whole_slow_arena;
    ak_animation *whole_slow = NULL;
    bool whole_slow_ok =
        ak_model_of_input(&in, NULL, &slow_opt, whole_slow_d, "list", &whole_slow_arena, &whole_slow, NULL);
    if (whole_ok != headers_ok || slow_ok != headers_ok || tracks_ok != headers_ok || whole_slow_ok != whole_ok)
        fail_msg("%s: the whole model %s (event by event: %s), the headers %s (event by event: %s; the tracks "
                 "only: %s)", path, whole_ok ? "decodes" : "does not", whole_slow_ok ? "decodes" : "does not",
                 headers_ok ? "do" : "do not", slow_ok ? "do" : "do not", tracks_ok ? "do" : "do not");
    assert_int_equal(ak_diags_count(whole_slow_d), ak_diags_count(whole_d));
    for (size_t i = 0; whole_ok && i < whole->track_count; i++) {
        assert_int_equal(whole_slow->track_count, whole->track_count);
        if (!ak_track_keys_identical(&whole->tracks[i], &whole_slow->tracks[i]))
            fail_msg("%s: track %zu has other keys read event by event", path, i);
        n->keys_compared += whole->tracks[i].key_count;
    }
    ak_arena_free(&whole_slow_arena);
    ak_diags_free(whole_slow_d);
    /* the same diagnostics: the listing prints them */
    assert_int_equal(ak_diags_count(whole_d), ak_diags_count(headers_d));
    assert_int_equal(ak_diags_count(slow_d), ak_diags_count(headers_d));
    assert_int_equal(ak_diags_count(tracks_d), ak_diags_count(headers_d));
    if (whole_ok) {
        n->compared++;
        assert_int_equal(whole->track_count, headers->track_count);
        assert_int_equal(slow->track_count, headers->track_count);
        assert_int_equal(tracks->track_count, headers->track_count);
        assert_int_equal(tracks->looping, headers->looping);
        assert_int_equal(tracks->attribute_count, headers->attribute_count);
        for (size_t i = 0; i < whole->track_count; i++) {
            const ak_track *a = &whole->tracks[i], *b = &headers->tracks[i], *c = &slow->tracks[i];
            const ak_track *t = &tracks->tracks[i];
            if (!same_text(t->node, b->node) || !same_text(t->property, b->property) ||
                !ak_target_equal(&t->target, &b->target) || !same_text(t->value_unit, b->value_unit) ||
                t->type != b->type || t->kind != b->kind)
                fail_msg("%s: track %zu of the tracks only is another", path, i);
            if (c->key_count != b->key_count || (b->key_count && (c->earliest != b->earliest || c->latest != b->latest)))
                fail_msg("%s: track %zu: %zu keys in %.17g..%.17g, event by event %zu in %.17g..%.17g", path, i,
                         b->key_count, b->earliest, b->latest, c->key_count, c->earliest, c->latest);
            if (!same_text(a->node, b->node) || !same_text(a->property, b->property) ||
                !ak_target_equal(&a->target, &b->target) || !same_text(a->value_unit, b->value_unit))
                fail_msg("%s: track %zu is named otherwise", path, i);
            assert_int_equal(a->type, b->type);
            assert_int_equal(a->kind, b->kind);
            assert_int_equal(a->key_count, b->key_count);
            if (b->store || a->kind == AK_TRACK_RAW || !a->key_count) {
                assert_true(a->kind != AK_TRACK_RAW || (a->start == b->start && a->interval == b->interval));
                continue;
            }
            n->headers_only++;
            double earliest = ak_key_time(a, 0), latest = earliest;
            for (size_t k = 1; k < a->key_count; k++) {
                earliest = fmin(earliest, ak_key_time(a, k));
                latest = fmax(latest, ak_key_time(a, k));
            }
            if (b->earliest != earliest || b->latest != latest)
                fail_msg("%s: track %zu: time range %.17g..%.17g, the keys say %.17g..%.17g", path, i, b->earliest,
                         b->latest, earliest, latest);
        }
    }
    ak_arena_free(&whole_arena);
    ak_arena_free(&headers_arena);
    ak_arena_free(&slow_arena);
    ak_arena_free(&tracks_arena);
    ak_diags_free(tracks_d);
    ak_diags_free(whole_d);
    ak_diags_free(headers_d);
    ak_diags_free(slow_d);
}

static void test_headers_as_the_whole_model(void **state)
{
    (void)state;
    tally n = {0};
    static const char *const dirs[][2] = {
        {"tests/conformance/mrtk/valid", ".bin"},   {"tests/conformance/mrtk/invalid", ".bin"},
        {"tests/conformance/animx/valid", ".animx"}, {"tests/conformance/animx/invalid", ".animx"},
        {"examples/mrtk", ".bin"},                   {"examples/animx", ".animx"},
        {"examples/maya", ".anim"},                  {"examples/animj", ".animj"},
        {"tests/conformance/maya/valid", ".anim"},   {"tests/conformance/maya/invalid", ".anim"},
        {"tests/conformance/animj/valid", ".animj"}, {"tests/conformance/animj/invalid", ".animj"},
        {"tests/conformance/glaxnimate/valid", ".rawr"}, {"tests/conformance/glaxnimate/invalid", ".rawr"},
        {"examples/glaxnimate", ".rawr"},
    };
    for (size_t i = 0; i < sizeof dirs / sizeof dirs[0]; i++)
        ak_test_each_file(dirs[i][0], dirs[i][1], compare_models, &n);
    /* Prime ANIM's, made by the build (tests/primeanim/generate.cmake): the
       headers come from the keyed frames, no key decoded */
    static const char *const made[] = {"conformance/valid", "conformance/invalid", "examples", "fuzz-corpus"};
    const char *bin = getenv("AK_BINARY_DIR");
    size_t before = n.compared;
    for (size_t i = 0; i < sizeof made / sizeof made[0]; i++) {
        char dir[4096];
        snprintf(dir, sizeof dir, "%s/generated/primeanim/%s", bin ? bin : "build", made[i]);
        ak_test_each_file(dir, ".anim", compare_models, &n);
    }
    assert_true(n.compared > before + 5);
    assert_true(n.files > 40);
    assert_true(n.compared > 30);
    assert_true(n.headers_only > 30); /* tracks listed without their keys */
}

/* AnimJ's headers take each key whole and find its time in its span
 * (gen/rt/ak_model_json.c, ak_json_lane_any): the same counts and time
 * ranges as the whole model and as the events, where the time is not the
 * first member, its name or a component's is escaped, strings in the keys
 * hold brackets, quotes and escapes, samples are scalars, objects and null,
 * and the text is compact, indented with tabs or has CRLF line ends. */
static void test_animj_keys_taken_whole(void **state)
{
    (void)state;
    static const char *const docs[] = {
        "{\"name\": \"a\", \"globalDuration\": 4, \"tracks\": [{\"trackType\": \"Curve\", \"valueType\": \"float\", "
        "\"data\": {\"node\": \"n\", \"property\": \"p\", \"keyframes\": [{\"value\": 1, \"interpolation\": "
        "\"Linear\", \"time\": 3}, {\"t\\u0069me\": 0.5, \"value\": 2, \"interpolation\": \"Hold\"}, {\"time\": "
        "0.25e1, \"value\": -1e-3, \"interpolation\": \"Linear\"}]}}]}",
        "{\"name\":\"b\",\"globalDuration\":2,\"tracks\":[{\"trackType\":\"Discrete\",\"valueType\":\"string\","
        "\"data\":{\"node\":\"n\",\"property\":\"p\",\"keyframes\":[{\"time\":1,\"value\":\"]}\\\"{[\"},{\"time\":0,"
        "\"value\":null},{\"time\":2,\"value\":\"s\\u00e9\\\\\"}]}},{\"trackType\":\"Raw\",\"valueType\":\"string\","
        "\"data\":{\"node\":\"n\",\"property\":\"q\",\"interval\":0.5,\"keyframes\":[\"a,b]\",null,\"\"]}}]}",
        "{\r\n\t\"name\": \"c\",\r\n\t\"globalDuration\": 1,\r\n\t\"tracks\": [\r\n\t\t{\r\n\t\t\t\"trackType\": "
        "\"Raw\",\r\n\t\t\t\"valueType\": \"float3\",\r\n\t\t\t\"data\": {\"node\": \"n\", \"property\": \"p\", "
        "\"interval\": 0.25, \"keyframes\": [\r\n\t\t\t\t{\"x\": 1, \"y\": 2, \"z\": 3} ,\r\n\t\t\t\t{\"x\": 4, "
        "\"y\": 5, \"z\": 6}\r\n\t\t\t]}\r\n\t\t},\r\n\t\t{\"trackType\": \"Curve\", \"valueType\": \"float3\", "
        "\"data\": {\"node\": \"n\", \"property\": \"r\", \"keyframes\": [ ]}},\r\n\t\t{\"trackType\": \"Curve\", "
        "\"valueType\": \"float3\", \"data\": {\"node\": \"n\", \"property\": \"s\", \"keyframes\": [\r\n\t\t\t{ "
        "\"time\" : 0.75 , \"value\" : {\"x\": 1, \"y\": 2, \"z\": 3}, \"interpolation\": \"CubicBezier\", "
        "\"leftTangent\": {\"x\": 0, \"y\": 0, \"z\": 0}, \"rightTangent\": {\"x\": 0, \"y\": 0, \"z\": 0} }\r\n"
        "\t\t]}}\r\n\t]\r\n}\r\n",
        "{\"name\": \"d\", \"globalDuration\": 1, \"tracks\": [{\"trackType\": \"Curve\", \"valueType\": "
        "\"float3\", \"data\": {\"node\": \"n\", \"property\": \"p\", \"keyframes\": [{\"time\": 0, \"value\": "
        "{\"\\u0078\": 1.5, \"y\": -2, \"z\": 3e2}, \"interpolation\": \"CubicBezier\", \"leftTangent\": "
        "{\"x\": 1, \"y\": 0, \"z\": 0}, \"rightTangent\": {\"z\": 4, \"y\": 5, \"x\": 6}}, {\"time\": 1, "
        "\"value\": {\"x\": 0, \"y\": 0, \"z\": 0}, \"interpolation\": \"Linear\", \"leftTangent\": {\"x\": "
        "0.5, \"y\": 0, \"z\": 0}}]}}, {\"trackType\": "
        "\"Raw\", \"valueType\": \"bool2\", \"data\": {\"node\": \"n\", \"property\": \"q\", \"interval\": 1, "
        "\"keyframes\": [{\"x\": true, \"y\": false}, {\"y\": true, \"x\": false}]}}, {\"trackType\": "
        "\"Raw\", \"valueType\": \"int\", \"data\": {\"node\": \"n\", \"property\": \"r\", \"interval\": 1, "
        "\"keyframes\": [-7, 2147483647]}}, {\"trackType\": \"Discrete\", \"valueType\": \"string\", \"data\": "
        "{\"node\": \"n\", \"property\": \"s\", \"keyframes\": [{\"time\": 0, \"value\": \"a\\\"b\\n\"}]}}]}",
        /* the time member's quoted name again in a key after its time (a
           string value): its other members are walked (key_done) */
        "{\"name\": \"e\", \"globalDuration\": 3, \"tracks\": [{\"trackType\": \"Discrete\", \"valueType\": "
        "\"string\", \"data\": {\"node\": \"n\", \"property\": \"p\", \"keyframes\": [{\"time\": 2, \"value\": "
        "\"time\"}, {\"time\": 3, \"value\": \"\\\"time\\\"\"}, {\"time\": 1, \"value\": \"x\"}]}}]}",
        /* the whole model's keys read in their spans (ak_json_next_member):
           unknown members holding containers, members and components in
           any order, numbers with exponents, -0, tangents, samples of
           doubles, a value without a component, keys out of time order */
        "{\"name\": \"f\", \"globalDuration\": 3, \"tracks\": [{\"trackType\": \"Curve\", \"valueType\": \"float2"
        "\", \"data\": {\"node\": \"n\", \"property\": \"p\", \"keyframes\": [{\"time\": 1E+0, \"value\": {\"x\":"
        " -0, \"y\": 0.5e-3}, \"extra\": {\"a\": [1, {\"b\": \"}\"}], \"c\": null}, \"interpolation\": \"CubicBez"
        "ier\", \"leftTangent\": {\"x\": 1, \"y\": 2}, \"rightTangent\": {\"y\": -1.25E-2, \"x\": 4}}, {\"rightTa"
        "ngent\": {\"y\": 3, \"x\": 4}, \"time\": 2, \"leftTangent\": {\"x\": 0, \"y\": 0}, \"value\": {\"y\": 1,"
        " \"x\": 2}, \"interpolation\": \"CubicBezier\", \"more\": [true, false]}, {\"time\": 0, \"value\": {\"x\""
        ": 1, \"y\": 2}, \"interpolation\": \"Linear\", \"leftTangent\": {\"x\": 9, \"y\": 8}}]}}, {\"trackType\""
        ": \"Raw\", \"valueType\": \"double\", \"data\": {\"node\": \"n\", \"property\": \"q\", \"interval\": 0.5"
        ", \"keyframes\": [1e308, -2.5, 0]}}, {\"trackType\": \"Discrete\", \"valueType\": \"int2\", \"data\": {\""
        "node\": \"n\", \"property\": \"r\", \"keyframes\": [{\"time\": 0, \"value\": {\"x\": -3, \"y\": 4}}, {\""
        "time\": 1, \"value\": {\"y\": 7}}]}}]}",
    };
    tally n = {0};
    for (size_t i = 0; i < sizeof docs / sizeof docs[0]; i++) {
        char name[32];
        snprintf(name, sizeof name, "case%zu.animj", i);
        compare_models(name, (const uint8_t *)docs[i], strlen(docs[i]), &n);
    }
    assert_int_equal(n.compared, sizeof docs / sizeof docs[0]); /* each valid, read all five ways */
    assert_int_equal(n.headers_only, 8); /* the keyed tracks: their time ranges compared */
    assert_int_equal(n.keys_compared, 30); /* and every key of the whole model with its events' */
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_headers_as_the_whole_model),
        cmocka_unit_test(test_animj_keys_taken_whole),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
