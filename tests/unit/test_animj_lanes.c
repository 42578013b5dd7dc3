/* AnimJ lanes are a pure speed-up: validating with them must report exactly
 * what validating event by event reports (grammars/json_parser.h, "lanes").
 *
 * Every committed AnimJ input, and thousands of generated documents whose
 * keys are mostly written the usual way (so that lanes match) with every
 * kind of defect sprinkled in (so that they must decline), are validated
 * both ways; the diagnostics must be the same, to the byte. A counting lane
 * hook makes sure lanes really took elements. */
#include "diag.h"
#include "test_support.h"

#include "../../formats/animj/animj.h"

#include "model.h"


static unsigned long lane_calls, lane_takes;

static bool counting_lane_hook(ak_jsctx *c, const ak_jslane_view *v)
{
    lane_calls++;
    bool take = animj_hook_semantics_lane(c, v);
    lane_takes += take;
    return take;
}

/* One validation: the diagnostics rendered one per line. */
static char *validate(const char *data, size_t size, bool lanes, uint32_t max_depth, uint32_t max_errors)
{
    ak_diag_options dopt = {false, max_errors};
    ak_diags *d = ak_diags_new(&dopt);
    assert_non_null(d);
    ak_diags_set_source(d, (const uint8_t *)data, size, true);
    animj_state st;
    memset(&st, 0, sizeof st);
    ak_options opt;
    memset(&opt, 0, sizeof opt);
    opt.max_depth = max_depth ? max_depth : 64;
    ak_json_status status =
        ak_jschema_validate(&animj_schema, (const uint8_t *)data, size, &opt, d, animj_hook_semantics,
                            lanes ? counting_lane_hook : NULL, &st, &animj_rules[animj_R_JSON_DUPLICATE_KEY], false);
    ak_buf out;
    ak_buf_init(&out);
    char line[512];
    snprintf(line, sizeof line, "status %d\n", (int)status);
    ak_buf_append(&out, line, strlen(line));
    for (size_t i = 0; i < ak_diags_count(d); i++) {
        const ak_diag *g = ak_diags_at(d, i);
        snprintf(line, sizeof line, "%s @%zu+%zu %u:%u %s: ", g->rule->code, g->offset, g->length, g->line, g->column,
                 g->path ? g->path : "");
        ak_buf_append(&out, line, strlen(line));
        ak_buf_append(&out, g->message, strlen(g->message));
        ak_buf_append(&out, "\n", 1);
    }
    ak_diags_free(d);
    ak_buf_cstr(&out);
    return out.data;
}

static void same_both_ways(const char *name, const char *data, size_t size, uint32_t max_depth, uint32_t max_errors)
{
    char *with = validate(data, size, true, max_depth, max_errors);
    char *without = validate(data, size, false, max_depth, max_errors);
    if (strcmp(with, without) != 0) {
        fprintf(stderr, "%s (max_depth %u, max_errors %u): lanes change the report\n--- with lanes\n%s--- without\n%s"
                        "--- document\n%.*s\n",
                name, max_depth, max_errors, with, without, (int)(size < 4000 ? size : 4000), data);
        fail();
    }
    free(with);
    free(without);
}

static void lanes_file(const char *path, const uint8_t *data, size_t size, void *ctx)
{
    (void)ctx;
    same_both_ways(path, (const char *)data, size, 0, 0);
    same_both_ways(path, (const char *)data, size, 5, 0);
    same_both_ways(path, (const char *)data, size, 0, 1);
}

static void committed_inputs(void **state)
{
    (void)state;
    ak_test_each_file("tests/conformance/animj/valid", ".animj", lanes_file, NULL);
    ak_test_each_file("tests/conformance/animj/invalid", ".animj", lanes_file, NULL);
    ak_test_each_file("examples/animj", ".animj", lanes_file, NULL);
    char corpus[1024];
    if (ak_test_shared_dir("corpus/animj", corpus, sizeof corpus))
        ak_test_each_file(corpus, ".animj", lanes_file, NULL);
}

/* ---- generated documents ---------------------------------------------- */

static uint64_t rng = 0x9e3779b97f4a7c15u;

static uint32_t next(void) { return ak_test_xorshift(&rng); }

/* true with probability p percent */
static bool chance(unsigned p) { return next() % 100 < p; }

static void put(ak_buf *b, const char *s) { ak_buf_append(b, s, strlen(s)); }

static void putf(ak_buf *b, const char *fmt, ...) AK_PRINTF(2, 3);
static void putf(ak_buf *b, const char *fmt, ...)
{
    char tmp[512];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(tmp, sizeof tmp, fmt, ap);
    va_end(ap);
    put(b, tmp);
}

static void ws(ak_buf *b)
{
    static const char *const spaces[] = {"", "", " ", " ", "\n  ", "\t"};
    put(b, spaces[next() % 6]);
}

static void number(ak_buf *b, const ak_value_type_info *info)
{
    switch (info->kind) {
    case AK_VK_BOOL:
        put(b, chance(3) ? "1" : chance(50) ? "true" : "false");
        return;
    case AK_VK_STRING:
        if (chance(15))
            put(b, "null");
        else if (chance(5))
            put(b, "\"esc\\n\"");
        else if (chance(5))
            put(b, "\"caf\xc3\xa9\"");
        else
            putf(b, "\"s%u\"", next() % 100);
        return;
    case AK_VK_UINT:
    case AK_VK_INT: {
        uint64_t bound = info->bits >= 64 ? UINT64_MAX : (UINT64_C(1) << (info->kind == AK_VK_INT ? info->bits - 1 : info->bits)) - 1;
        /* the 64-bit types just out of range: as many digits as their bound */
        if (info->bits >= 64 && chance(4))
            put(b, info->kind == AK_VK_INT ? "9223372036854775808" : "18446744073709551616");
        else if (chance(4))
            putf(b, "%llu", (unsigned long long)bound + (info->bits >= 64 ? 0u : 1u));
        else if (chance(4))
            putf(b, "%llu", (unsigned long long)bound);
        else if (chance(3))
            put(b, "1.0");
        else if (chance(3))
            put(b, "-0");
        else if (chance(3))
            put(b, "007");
        else
            putf(b, "%s%u", info->kind == AK_VK_INT && chance(30) ? "-" : "", next() % 1000);
        return;
    }
    default:
        if (chance(3))
            put(b, "1e-3");
        else if (chance(2))
            put(b, "123456789.5");
        else if (chance(2))
            put(b, "1e39");
        else if (chance(1)) {
            put(b, "0.");
            for (int i = 0; i < 300; i++)
                put(b, "1");
        } else if (chance(2))
            put(b, "\"1\"");
        else
            putf(b, "%s%u.%u", chance(30) ? "-" : "", next() % 100, next() % 1000);
        return;
    }
}

static void value(ak_buf *b, int vt)
{
    const ak_value_type_info *info = ak_value_type_info_of((ak_value_type)vt);
    if (info->components == 1) {
        if (chance(2))
            put(b, "{}");
        else
            number(b, info);
        return;
    }
    if (chance(2)) {
        number(b, info);
        return;
    }
    bool quat = vt == AK_VT_FLOATQ || vt == AK_VT_DOUBLEQ;
    bool unit = quat && chance(80);
    const char *names = vt == AK_VT_COLOR || vt == AK_VT_COLOR32 ? "rgba" : "xyzw";
    int dim = info->components == 9 ? 3 : info->components == 16 ? 4 : 0;
    if (info->components == 4 && strstr(info->name, "2x2"))
        dim = 2;
    put(b, "{");
    int count = info->components;
    bool swap = chance(3), drop = chance(2), extra = chance(2);
    for (int i = 0; i < count; i++) {
        int k = swap && i < 2 ? 1 - i : i;
        if (drop && k == count - 1)
            continue;
        ws(b);
        if (i)
            put(b, ",");
        ws(b);
        if (dim)
            putf(b, "\"m%d%d\"", k / dim, k % dim);
        else
            putf(b, "\"%c\"", names[k]);
        ws(b);
        put(b, ":");
        ws(b);
        if (unit)
            put(b, k == 3 ? "1" : chance(50) ? "0" : "-0.0");
        else
            number(b, info);
    }
    if (extra)
        put(b, ", \"q\": 1");
    ws(b);
    put(b, "}");
}

static void key(ak_buf *b, int vt, bool curve, double *time, bool *prev_bezier)
{
    put(b, "{");
    ws(b);
    /* members: canonical order, with some swapped, missing, unknown or twice */
    bool first = true;
#define SEP()                                                                                                          \
    do {                                                                                                               \
        if (!first) {                                                                                                  \
            ws(b);                                                                                                     \
            put(b, ",");                                                                                               \
            ws(b);                                                                                                     \
        }                                                                                                              \
        first = false;                                                                                                 \
    } while (0)
    bool value_first = chance(3);
    if (value_first) {
        SEP();
        put(b, "\"value\": ");
        value(b, vt);
    }
    if (!chance(2)) {
        SEP();
        double t = *time;
        if (chance(85))
            t += 0.25;
        else if (chance(30))
            t -= 0.5;
        *time = t;
        if (chance(2))
            put(b, "\"time\": -1");
        else if (chance(2))
            putf(b, "\"time\": %ge0", t);
        else
            putf(b, "\"time\": %g", t);
    }
    if (!value_first && !chance(2)) {
        SEP();
        put(b, "\"value\":");
        ws(b);
        value(b, vt);
    }
    bool bezier = false;
    if (curve || chance(3)) {
        static const char *const interps[] = {"\"CubicBezier\"", "\"CubicBezier\"", "\"Linear\"", "\"Hold\"",
                                              "\"Tangent\"", "\"linear\"", "2", "7", "\"Smooth\""};
        int pick = (int)(next() % 9);
        if (!chance(4)) {
            SEP();
            putf(b, "\"interpolation\": %s", interps[pick]);
            bezier = pick <= 1 || pick == 4;
        }
        bool left = (bezier || *prev_bezier) ? !chance(4) : chance(4);
        bool right = bezier ? !chance(4) : chance(4);
        if (left) {
            SEP();
            put(b, "\"leftTangent\": ");
            value(b, vt);
        }
        if (right) {
            SEP();
            put(b, "\"rightTangent\": ");
            value(b, vt);
        }
    }
    if (chance(2)) {
        SEP();
        put(b, "\"comment\": 1");
    }
    if (chance(2)) {
        SEP();
        put(b, "\"time\": 9");
    }
#undef SEP
    *prev_bezier = bezier;
    ws(b);
    put(b, "}");
}

static void document(ak_buf *b)
{
    static const char *const track_types[] = {"Raw", "Discrete", "Curve"};
    putf(b, "{\"name\": \"gen\", \"globalDuration\": %s, \"tracks\": [", chance(20) ? "1" : "0");
    int tracks = 1 + (int)(next() % 3);
    for (int t = 0; t < tracks; t++) {
        int tt = (int)(next() % 3);
        int vt = (int)(next() % AK_VT_COUNT);
        putf(b, "%s\n {\"trackType\": \"%s\", \"valueType\": \"%s\", \"data\": {\"node\": \"n\", \"property\": \"p\", ", t ? "," : "",
             track_types[tt], ak_value_type_info_of((ak_value_type)vt)->name);
        if (tt == 0)
            put(b, chance(10) ? "\"interval\": 0, " : "\"interval\": 0.5, ");
        put(b, "\"keyframes\": [");
        /* a few long arrays: the lane runs from element to element past
           the first 1 KiB (ak_json__lane_run), through declined ones */
        int keys = chance(8) ? 30 + (int)(next() % 90) : (int)(next() % 12);
        double time = 0;
        bool prev_bezier = false;
        for (int k = 0; k < keys; k++) {
            put(b, k ? "," : "");
            ws(b);
            if (tt == 0)
                value(b, vt);
            else
                key(b, vt, tt == 2, &time, &prev_bezier);
        }
        ws(b);
        put(b, "]}}");
    }
    put(b, "]}\n");
}

static void generated_documents(void **state)
{
    (void)state;
    static const uint32_t depths[] = {0, 0, 0, 4, 5, 6, 7};
    static const uint32_t errors[] = {0, 0, 0, 1, 3};
    lane_calls = lane_takes = 0;
    for (int i = 0; i < 6000; i++) {
        ak_buf b;
        ak_buf_init(&b);
        document(&b);
        char name[32];
        snprintf(name, sizeof name, "generated #%d", i);
        same_both_ways(name, b.data, b.len, depths[next() % 7], errors[next() % 5]);
        ak_buf_free(&b);
    }
    /* lanes took elements, and declined others */
    fprintf(stderr, "lanes: %lu matches, %lu taken\n", lane_calls, lane_takes);
    assert_true(lane_takes > 10000);
    assert_true(lane_calls > lane_takes);
}

/* A quaternion that is not of unit length is the lane's to report (J47):
 * a file whose every rotation is off stays in the lanes (issue 27's warned
 * row), with the report the events give, first element or not, Raw value
 * or key, shown or only counted past the stored warnings. */
static void warned_quaternions_stay_in_lanes(void **state)
{
    (void)state;
    ak_buf b;
    ak_buf_init(&b);
    put(&b, "{\"tracks\": [");
    static const char *const kinds[] = {"Raw", "Discrete", "Curve"};
    for (int t = 0; t < 3; t++) {
        putf(&b, "%s{\"trackType\": \"%s\", \"valueType\": \"%s\", \"data\": {\"node\": \"n\", "
                 "\"property\": \"p%d\",%s \"keyframes\": [",
             t ? ", " : "", kinds[t], t == 1 ? "doubleQ" : "floatQ", t, t == 0 ? " \"interval\": 0.5," : "");
        for (int k = 0; k < 200; k++) {
            const char *q = k % 3 ? "{\"x\": 0.5, \"y\": 0.5, \"z\": 0.5, \"w\": 0.75}"
                                  : "{\"x\": 0, \"y\": 0, \"z\":\t0, \"w\": 1}";
            if (t == 0)
                putf(&b, "%s%s", k ? ", " : "", q);
            else
                putf(&b, "%s{\"time\": %d, \"value\": %s%s}", k ? ",\n " : "", k, q,
                     t == 2 ? ", \"interpolation\": \"Linear\"" : "");
        }
        put(&b, "]}}");
    }
    put(&b, "]}\n");
    lane_calls = lane_takes = 0;
    same_both_ways("warned quaternions", b.data, b.len, 0, 0);
    assert_int_equal(lane_takes, 600);
    same_both_ways("warned quaternions, max_errors 1", b.data, b.len, 0, 1);
    ak_buf_free(&b);
}

/* A key object is not `ordered`: its members in any order stay in the
 * lanes (the loop over members where the ordered DFA fails: issue 27's
 * shapes row), each at most once, the required ones all; a key with a
 * member twice or without its time goes event by event. Every permutation
 * of a Curve key's five members, and of a Discrete key's two, with the
 * report the events give. */
static void members_in_any_order_stay_in_lanes(void **state)
{
    (void)state;
    static const char *const curve[5] = {"\"time\": %d", "\"value\": {\"x\": 1, \"y\": 2.5, \"z\": -3}",
                                         "\"interpolation\": \"CubicBezier\"",
                                         "\"leftTangent\": {\"x\": 0, \"y\": 0, \"z\": 0}",
                                         "\"rightTangent\": {\"x\": 1, \"y\": 1, \"z\": 1}"};
    ak_buf b;
    ak_buf_init(&b);
    put(&b, "{\"tracks\": [{\"trackType\": \"Curve\", \"valueType\": \"float3\", \"data\": {\"node\": \"n\", "
            "\"property\": \"p\", \"keyframes\": [");
    int keys = 0, order[5] = {0, 1, 2, 3, 4};
    for (int p = 0; p < 120; p++) {
        /* the p-th permutation (factorial number system) */
        int pool[5] = {0, 1, 2, 3, 4}, left = 5, rest = p;
        for (int i = 0; i < 5; i++) {
            int f = 1;
            for (int k = 2; k < left; k++)
                f *= k;
            int at = rest / f;
            rest %= f;
            order[i] = pool[at];
            for (int k = at; k + 1 < left; k++)
                pool[k] = pool[k + 1];
            left--;
        }
        put(&b, keys ? ",\n  {" : "{");
        for (int i = 0; i < 5; i++) {
            put(&b, i ? (i % 2 ? ", " : ",\r\n\t") : "");
            putf(&b, curve[order[i]], keys);
        }
        put(&b, "}");
        keys++;
    }
    put(&b, "]}}, {\"trackType\": \"Discrete\", \"valueType\": \"int\", \"data\": {\"node\": \"n\", \"property\": \"q\", "
            "\"keyframes\": [");
    for (int k = 0; k < 40; k++, keys++)
        putf(&b, k % 2 ? "%s{\"value\": %d, \"time\": %d}" : "%s{\"time\": %d, \"value\": %d}", k ? ", " : "", k, k);
    put(&b, "]}}]}\n");
    lane_calls = lane_takes = 0;
    same_both_ways("members in any order", b.data, b.len, 0, 0);
    assert_int_equal(lane_takes, keys);
    ak_buf_free(&b);
    /* a member twice, a time missing: event by event, whatever the order */
    static const char *const declined[] = {
        "{\"value\": 1, \"time\": 0, \"value\": 2}",
        "{\"value\": 1, \"time\": 0, \"time\": 2}",
        "{\"value\": 1}",
        "{\"value\": 1, \"interpolation\": \"Linear\"}",
    };
    for (size_t i = 0; i < sizeof declined / sizeof declined[0]; i++) {
        ak_buf_init(&b);
        put(&b, "{\"tracks\": [{\"trackType\": \"Discrete\", \"valueType\": \"int\", \"data\": {\"node\": \"n\", "
                "\"property\": \"q\", \"keyframes\": [{\"value\": 5, \"time\": 0}, ");
        put(&b, declined[i]);
        put(&b, "]}}]}\n");
        lane_calls = lane_takes = 0;
        same_both_ways(declined[i], b.data, b.len, 0, 0);
        assert_int_equal(lane_takes, 1);
        ak_buf_free(&b);
    }
}

/* same_both_ways on an exact-size copy of doc (AddressSanitizer sees a
 * read past its end); returns how many elements the lanes took. */
static unsigned at_the_end(const char *name, const char *doc, size_t n)
{
    char *exact = malloc(n);
    assert_non_null(exact);
    memcpy(exact, doc, n);
    lane_calls = lane_takes = 0;
    same_both_ways(name, exact, n, 0, 0);
    free(exact);
    return lane_takes;
}

/* A lane's DFA checks the bytes left once per run of states and fails
 * where fewer are left than the run could read (gen/emit_lanes.c): the
 * elements at the end of the input are matched in a padded copy
 * (lane_in_tail in grammars/json_parser.c), still taken whole, and never
 * past the end. */
static void elements_at_the_end_of_the_input(void **state)
{
    (void)state;
    static const char head[] = "{\"tracks\": [{\"trackType\": \"Discrete\", \"valueType\": \"int\", \"data\": "
                               "{\"node\": \"n\", \"property\": \"q\", \"keyframes\": [";
    static const char *const tails[] = {
        "{\"time\": 0, \"value\": 1}, {\"time\": 1, \"value\": 2}]}}]}",  /* nothing after the document */
        "{\"time\": 0, \"value\": 1}, {\"value\": 2, \"time\": 1}]}}]}",  /* the loop of any order */
        "{\"time\": 0, \"value\": 1}, {\"time\": 1, \"value\": 2}",        /* cut after the element */
        "{\"time\": 0, \"value\": 1}, {\"time\": 1, \"value\": 2",         /* cut within it */
        "{\"time\": 0, \"value\": 1}, {\"time\": 1, \"value\": 23",
        "{\"time\": 0, \"value\": 1}, {\"time\": 1, \"val",
    };
    static const unsigned taken[] = {2, 2, 2, 1, 1, 1};
    char doc[512];
    for (size_t i = 0; i < sizeof tails / sizeof tails[0]; i++) {
        int n = snprintf(doc, sizeof doc, "%s%s", head, tails[i]);
        assert_int_equal(at_the_end(tails[i], doc, (size_t)n), taken[i]);
    }
    /* an element too long for the copy goes event by event: the same report */
    ak_buf b;
    ak_buf_init(&b);
    put(&b, "{\"tracks\": [{\"trackType\": \"Discrete\", \"valueType\": \"string\", \"data\": {\"node\": \"n\", "
            "\"property\": \"q\", \"keyframes\": [{\"time\": 0, \"value\": \"a\"}, {\"time\": 1, \"value\": \"");
    for (int i = 0; i < 3000; i++)
        put(&b, "s");
    put(&b, "\"}]}}]}");
    assert_int_equal(at_the_end("a long last element", b.data, b.len), 1);
    ak_buf_free(&b);
}

/* The scalars a lane takes, as gen/emit_lanes.c writes their patterns:
 * each spelling in the middle one of three elements, a bare scalar (Raw)
 * and a key's member (Discrete), validated both ways. `taken`: how many
 * of the three keys the lanes took: 3 where the lane's pattern
 * has the spelling, 2 where the element goes event by event (a valid
 * scalar that is not the plainest, or one that a rule objects to), 1 where
 * the JSON is broken there (a Raw track: one fewer, its first scalar goes
 * event by event). */
typedef struct spelling {
    const char *text;
    unsigned taken;
} spelling;

static void scalars_in_three_elements(const char *value_type, const char *first, const spelling *cases, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        const char *x = cases[i].text;
        static const char *const shapes[2][2] = {
            {"Raw", "%s, %s, %s"},
            {"Discrete", "{\"time\": 0, \"value\": %s}, {\"time\": 1, \"value\": %s}, {\"time\": 2, \"value\": %s}"}};
        for (int k = 0; k < 2; k++) {
            ak_buf b;
            ak_buf_init(&b);
            putf(&b, "{\"tracks\": [{\"trackType\": \"%s\", \"valueType\": \"%s\", \"data\": {\"node\": \"n\", "
                     "\"property\": \"p\", %s\"keyframes\": [", shapes[k][0], value_type, k ? "" : "\"interval\": 1, ");
            putf(&b, shapes[k][1], first, x, first);
            put(&b, "]}}]}\n");
            lane_calls = lane_takes = 0;
            same_both_ways(x, b.data, b.len, 0, 0);
            /* a Raw track's first scalar goes event by event */
            unsigned want = cases[i].taken - (k == 0 && cases[i].taken);
            if (lane_takes != want)
                fail_msg("%s %s %s: the lanes took %lu of 3 elements, want %u", shapes[k][0], value_type, x,
                         lane_takes, want);
            ak_buf_free(&b);
        }
    }
}

static void scalars_the_lanes_take(void **state)
{
    (void)state;
    static const spelling floats[] = {
        {"0", 3}, {"-0", 3}, {"7", 3}, {"-12345678", 3}, {"12345678.25", 3}, {"0.5", 3},
        {"0.000000000000000000000000000001", 3}, {"1e5", 3}, {"1E5", 3}, {"1e+5", 3}, {"1e-5", 3}, {"2.5e-15", 3},
        {"123456789", 2}, {"1e15", 2}, {"1e+15", 2}, {"1e39", 2},
        {"01", 1}, {"1.", 1}, {".5", 1}, {"-", 1}, {"1e", 1}, {"1e+", 1}, {"--1", 1}, {"+1", 1}, {"1.e5", 1},
        {"0x1", 1}, {"1ee5", 1}, {"1e5.5", 1},
    };
    scalars_in_three_elements("float", "1", floats, sizeof floats / sizeof floats[0]);
    static const spelling strings[] = {
        {"\"a\"", 3}, {"\"\"", 3}, {"\"a b ~ ! # [ ] { } : ,\"", 3}, {"\"abcdefghijklmnopqrstuvwxyz0123456789\"", 3},
        {"null", 3}, {"\"a\\nb\"", 2}, {"\"caf\xc3\xa9\"", 2}, {"\"a\x7f\"", 2}, {"\"abcdefgh\\\"\"", 2},
        {"\"a\tb\"", 1}, {"\"abc", 1}, {"nul", 1},
    };
    scalars_in_three_elements("string", "\"s\"", strings, sizeof strings / sizeof strings[0]);
    static const spelling ints[] = {
        {"5", 3}, {"-5", 3}, {"0", 3}, {"-0", 3}, {"123456789", 3}, {"-123456789", 3},
        {"1234567890", 2}, {"2147483648", 2}, {"1.0", 2},
        {"05", 1}, {"-", 1}, {"+5", 1},
    };
    scalars_in_three_elements("int", "1", ints, sizeof ints / sizeof ints[0]);
    static const spelling bools[] = {{"true", 3}, {"false", 3}, {"1", 2}, {"truex", 1}, {"tru", 1}, {"False", 1}};
    scalars_in_three_elements("bool", "true", bools, sizeof bools / sizeof bools[0]);
}

/* doc (a regression) reports the same both ways, and what it reports with
 * lanes, or without, does (has) or does not hold needle. */
static void regression(const char *name, const char *doc, bool lanes, const char *needle, bool has)
{
    same_both_ways(name, doc, strlen(doc), 0, 0);
    char *report = validate(doc, strlen(doc), lanes, 0, 0);
    if ((strstr(report, needle) != NULL) != has)
        fail_msg("%s: \"%s\" %s in\n%s", name, needle, has ? "missing" : "present", report);
    free(report);
}

/* A scalar element ends where the element does: a string followed (after
 * whitespace) by ':' is a member name to the front end, which reports it
 * there; a lane that took the string as an element made the report land on
 * the ':' instead (found by fuzz.animj; seed
 * fuzz/corpus/animj/regress-lane-string-then-colon.animj). */
static void string_before_a_colon_is_no_element(void **state)
{
    (void)state;
    static const char doc[] = "{\"tracks\": [{\"trackType\": \"Raw\", \"valueType\": \"string\", \"data\": {\"node\": "
                              "\"n\", \"property\": \"p\", \"interval\": 1, \"keyframes\": [\"a\", \"b\", \"time\"\n\t:\r1, "
                              "\"c\"]}}]}\n";
    regression("a string before a colon", doc, false, "found member name \"time\"", true);
}

/* Two commas: the grammar's error at the second, and nothing after it. The
 * parser offered the lane the second comma with the element behind it,
 * and the lane's report of that element (a quaternion not of unit length)
 * came before the error (found by fuzz.animj; seed
 * fuzz/corpus/animj/regress-lane-after-two-commas.animj). */
static void no_element_after_two_commas(void **state)
{
    (void)state;
    static const char doc[] = "{\"tracks\": [{\"trackType\": \"Raw\", \"valueType\": \"floatQ\", \"data\": {\"node\": "
                              "\"n\", \"property\": \"p\", \"interval\": 1, \"keyframes\": [{\"x\": 0, \"y\": 0, \"z\": 0, "
                              "\"w\": 1},\n , {\"x\": 5, \"y\": 0, \"z\": 0, \"w\": 1}]}}]}\n";
    regression("two commas", doc, true, "quat-nonunit", false);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(committed_inputs),
        cmocka_unit_test(generated_documents),
        cmocka_unit_test(warned_quaternions_stay_in_lanes),
        cmocka_unit_test(members_in_any_order_stay_in_lanes),
        cmocka_unit_test(elements_at_the_end_of_the_input),
        cmocka_unit_test(scalars_the_lanes_take),
        cmocka_unit_test(string_before_a_colon_is_no_element),
        cmocka_unit_test(no_element_after_two_commas),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
