/* The JSON front end's event API: events and their order, spans, paths,
 * locations, stopping, decoded strings, number helpers, duplicate members
 * with a consumer's rule, the depth limit and bounded memory; and the
 * scanner's runs of bytes taken 8 at a time (whitespace, digits, a lane's
 * raw string bytes) against a loop over the bytes. */
#include "diag.h"
#include "json_sniff.h"
#include "test_support.h"

#include "../../grammars/json_parser.h"
#include "../../grammars/json_seek.h"
#include "../json/json_events.h"

static void expect_events(const char *json, const char *expected)
{
    ak_json_status st;
    char *got = ak_test_events(json, strlen(json), &st);
    assert_int_equal(st, AK_JSON_OK);
    assert_string_equal(got ? got : "", expected);
    free(got);
}

static void test_event_order(void **state)
{
    (void)state;
    expect_events("{\"a\":[1,-2.5e3,\"x\",true,false,null],\"b\":{}}",
                  "{\nkey \"a\"\n[\nnum 1\nnum -2.5e3\nstr \"x\"\ntrue\nfalse\nnull\n]\nkey \"b\"\n{\n}\n}\n");
    expect_events("  7 ", "num 7\n");
    expect_events("\"\\u00e9\\n\\ud83d\\ude00\"", "str \"\xc3\xa9\\n\xf0\x9f\x98\x80\"\n");
    expect_events("[[],[[]]]", "[\n[\n]\n[\n[\n]\n]\n]\n");
}

typedef struct probe {
    ak_buf log;
    int stop_after;
    int seen;
} probe;

static int path_probe(void *user, ak_json_parser *p, const ak_json_event *e)
{
    probe *pr = user;
    uint32_t line, col;
    ak_json_location(p, e->offset, &line, &col);
    ak_buf_printf(&pr->log, "%s %s %u:%u d%u\n", ak_test_event_names[e->kind], ak_json_path(p), line, col, e->depth);
    return ++pr->seen == pr->stop_after;
}

static void test_paths_and_locations(void **state)
{
    (void)state;
    const char *json = "{\"a/b\":[10,\n {\"~\":null}],\"c\":1}";
    probe pr = {{0}, -1, 0};
    ak_buf_init(&pr.log);
    ak_json_config cfg = {0};
    cfg.handler = path_probe;
    cfg.user = &pr;
    assert_int_equal(ak_json_parse((const uint8_t *)json, strlen(json), &cfg, NULL), AK_JSON_OK);
    assert_string_equal(ak_buf_cstr(&pr.log), "{  1:1 d0\n"
                                             "key /a~1b 1:2 d1\n"
                                             "[ /a~1b 1:8 d1\n"
                                             "num /a~1b/0 1:9 d2\n"
                                             "{ /a~1b/1 2:2 d2\n"
                                             "key /a~1b/1/~0 2:3 d3\n"
                                             "null /a~1b/1/~0 2:7 d3\n"
                                             "} /a~1b/1 2:11 d2\n"
                                             "] /a~1b 2:12 d1\n"
                                             "key /c 2:14 d1\n"
                                             "num /c 2:18 d1\n"
                                             "}  2:19 d0\n");
    ak_buf_free(&pr.log);
}

static void test_stop(void **state)
{
    (void)state;
    const char *json = "[1,2,3,4]";
    probe pr = {{0}, 3, 0};
    ak_buf_init(&pr.log);
    ak_json_config cfg = {0};
    cfg.handler = path_probe;
    cfg.user = &pr;
    assert_int_equal(ak_json_parse((const uint8_t *)json, strlen(json), &cfg, NULL), AK_JSON_STOPPED);
    assert_int_equal(pr.seen, 3);
    ak_buf_free(&pr.log);
}

static int number_probe(void *user, ak_json_parser *p, const ak_json_event *e)
{
    ak_buf *log = user;
    if (e->kind != AK_JSON_NUMBER)
        return 0;
    double d;
    int64_t i;
    uint64_t u;
    ak_num_status sd = ak_json_number_f64(e, &d);
    bool oki = ak_json_number_i64(p, e, NULL, &i);
    bool oku = ak_json_number_u64(p, e, NULL, &u);
    ak_buf_printf(log, "%.*s f%d i%d:%lld u%d:%llu\n", (int)e->text_len, e->text, (int)sd, oki,
                  oki ? (long long)i : 0, oku, oku ? (unsigned long long)u : 0);
    return 0;
}

static void test_numbers(void **state)
{
    (void)state;
    const char *json = "[0,-1,9223372036854775807,9223372036854775808,-9223372036854775809,18446744073709551616,"
                       "1.5,1e3,2.0,1e999]";
    ak_buf log;
    ak_buf_init(&log);
    ak_diags *d = ak_diags_new(NULL);
    ak_diags_set_source(d, (const uint8_t *)json, strlen(json), true);
    ak_json_config cfg = {0};
    cfg.handler = number_probe;
    cfg.user = &log;
    assert_int_equal(ak_json_parse((const uint8_t *)json, strlen(json), &cfg, d), AK_JSON_OK);
    assert_string_equal(ak_buf_cstr(&log), "0 f0 i1:0 u1:0\n"
                                          "-1 f0 i1:-1 u0:0\n"
                                          "9223372036854775807 f0 i1:9223372036854775807 u1:9223372036854775807\n"
                                          "9223372036854775808 f0 i0:0 u1:9223372036854775808\n"
                                          "-9223372036854775809 f0 i0:0 u0:0\n"
                                          "18446744073709551616 f0 i0:0 u0:0\n"
                                          "1.5 f0 i0:0 u0:0\n"
                                          "1e3 f0 i1:1000 u1:1000\n"
                                          "2.0 f0 i1:2 u1:2\n"
                                          "1e999 f2 i0:0 u0:0\n");
    /* Every refusal is a diagnostic at the number, with its path. */
    size_t range = 0, notint = 0;
    for (size_t k = 0; k < ak_diags_count(d); k++) {
        const ak_diag *g = ak_diags_at(d, k);
        if (strcmp(g->rule->code, "json.number.out-of-range") == 0)
            range++;
        else if (strcmp(g->rule->code, "json.number.not-integer") == 0)
            notint++;
    }
    assert_int_equal(range, 1 + 1 + 2 + 2);
    assert_int_equal(notint, 2 + 2);
    ak_diags_free(d);
    ak_buf_free(&log);
}

static const ak_rule custom_dup = {"test.object.dup", AK_SEV_ERROR, AK_SEV_ERROR, "dup", NULL};

static void test_duplicates(void **state)
{
    (void)state;
    /* Big objects use a hash index; names equal after decoding collide. */
    ak_buf json;
    ak_buf_init(&json);
    ak_buf_puts(&json, "{");
    for (int i = 0; i < 500; i++)
        ak_buf_printf(&json, "\"k%d\":{\"k%d\":%d},", i, i, i);
    ak_buf_puts(&json, "\"\\u006b7\":0,\"k499\":1}");
    ak_diags *d = ak_diags_new(NULL);
    ak_json_config cfg = {0};
    cfg.duplicate_rule = &custom_dup;
    assert_int_equal(ak_json_parse((const uint8_t *)json.data, json.len, &cfg, d), AK_JSON_OK);
    assert_int_equal(ak_diags_count(d), 2);
    assert_ptr_equal(ak_diags_at(d, 0)->rule, &custom_dup);
    assert_string_equal(ak_diags_at(d, 0)->path, "/k7");
    assert_string_equal(ak_diags_at(d, 1)->path, "/k499");
    ak_diags_free(d);
    /* Turned off entirely. */
    d = ak_diags_new(NULL);
    cfg.allow_duplicates = true;
    assert_int_equal(ak_json_parse((const uint8_t *)json.data, json.len, &cfg, d), AK_JSON_OK);
    assert_int_equal(ak_diags_count(d), 0);
    ak_diags_free(d);
    ak_buf_free(&json);
}

static void test_depth(void **state)
{
    (void)state;
    size_t n = 1000000; /* far deeper than any stack would survive with recursion */
    char *deep = malloc(n);
    memset(deep, '[', n);
    ak_diags *d = ak_diags_new(NULL);
    ak_json_config cfg = {0};
    assert_int_equal(ak_json_parse((const uint8_t *)deep, n, &cfg, d), AK_JSON_ERROR);
    assert_int_equal(ak_diags_count(d), 1);
    assert_string_equal(ak_diags_at(d, 0)->rule->code, "json.limit.depth");
    assert_int_equal(ak_diags_at(d, 0)->offset, 512);
    ak_diags_free(d);
    /* A configured limit far above the default still never recurses. */
    d = ak_diags_new(NULL);
    cfg.max_depth = 2000000;
    assert_int_equal(ak_json_parse((const uint8_t *)deep, n, &cfg, d), AK_JSON_ERROR);
    assert_string_equal(ak_diags_at(d, 0)->rule->code, "json.syntax.unexpected-token");
    ak_diags_free(d);
    free(deep);
}

static void test_helpers(void **state)
{
    (void)state;
    ak_json_event e = {AK_JSON_STRING, AK_JSON_F_ESCAPED, 0, 0, 0, "a\\/b\\u0041", 10};
    assert_true(ak_json_string_equals(&e, "a/bA", 4));
    assert_false(ak_json_string_equals(&e, "a/b", 3));
    assert_int_equal(ak_json_number_class("-0.5e+3", 7),
                     AK_JSON_NUMBER_VALID | AK_JSON_F_NEG | AK_JSON_F_FRAC | AK_JSON_F_EXP);
    assert_int_equal(ak_json_number_class("12", 2), AK_JSON_NUMBER_VALID);
    assert_int_equal(ak_json_number_class("01", 2), 0);
    assert_int_equal(ak_json_number_class("1.", 2), 0);
    assert_int_equal(ak_json_number_class("+1", 2), 0);
    assert_int_equal(ak_json_number_class("", 0), 0);
    assert_int_equal(ak_json_number_class("1e", 2), 0);
}

/* ak_json_string_equals compares escape by escape, without a buffer (a
 * comparison that allocated took a known member for an unknown one when
 * memory ran out): every escape form, a surrogate pair against its UTF-8,
 * strings that differ only in length at either end. */
static void test_string_equals_escapes(void **state)
{
    (void)state;
    static const struct {
        const char *text, *plain;
        bool equal;
    } cases[] = {
        {"t\\u0069me", "time", true},           {"t\\u0069me", "tim", false},
        {"t\\u0069me", "timex", false},         {"t\\u0069mE", "time", false},
        {"\\\"\\\\\\/\\b\\f\\n\\r\\t", "\"\\/\b\f\n\r\t", true},
        {"\\ud83d\\ude00!", "\xf0\x9f\x98\x80!", true}, {"\\ud83d\\ude00", "\xf0\x9f\x98", false},
        {"caf\\u00e9", "caf\xc3\xa9", true},     {"caf\\u00E9", "caf\xc3\xa9", true},
        {"\\u0000", "", false},                   {"a\\n", "a", false},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        ak_json_event e = {AK_JSON_STRING, AK_JSON_F_ESCAPED, 0, 0, 0, cases[i].text, strlen(cases[i].text)};
        size_t n = strlen(cases[i].plain);
        if (ak_json_string_equals(&e, cases[i].plain, n) != cases[i].equal)
            fail_msg("case %zu: \"%s\" against \"%s\"", i, cases[i].text, cases[i].plain);
    }
    ak_json_event nul = {AK_JSON_STRING, AK_JSON_F_ESCAPED, 0, 0, 0, "a\\u0000", 7};
    assert_true(ak_json_string_equals(&nul, "a\0", 2));
    /* characters, counted escape by escape: a surrogate pair is one, raw
       UTF-8 one per sequence; counting stops past max */
    const char *mixed_text = "\\ud83d\\ude00\\n\xc3\xa9" "a\\u00e9";
    ak_json_event mixed = {AK_JSON_STRING, AK_JSON_F_ESCAPED, 0, 0, 0, mixed_text, strlen(mixed_text)};
    assert_int_equal(ak_json_string_chars(&mixed, 100), 5);
    assert_int_equal(ak_json_string_chars(&mixed, 2), 3);
    ak_json_event raw = {AK_JSON_STRING, 0, 0, 0, 0, "a\\n\xc3\xa9", 5};
    assert_int_equal(ak_json_string_chars(&raw, 100), 4);
}

/* The places of tokens found again after the parse (the validators keep
 * only an offset per pending reference): path and line:column per offset,
 * nothing for an offset where no token starts. */
static void test_places(void **state)
{
    (void)state;
    const char *doc = "{\"a\": [1,\n \"x\"],\n \"b/c\": {\"d\": \"y\"}}";
    size_t x = (size_t)(strstr(doc, "\"x\"") - doc), y = (size_t)(strstr(doc, "\"y\"") - doc);
    ak_json_place pl[3] = {{x, 0, 0, NULL}, {x + 1, 0, 0, NULL}, {y, 0, 0, NULL}};
    assert_true(ak_json_places((const uint8_t *)doc, strlen(doc), NULL, pl, 3));
    assert_string_equal(pl[0].path, "/a/1");
    assert_int_equal(pl[0].line, 2);
    assert_int_equal(pl[0].column, 2);
    assert_null(pl[1].path);
    assert_int_equal(pl[1].line, 0);
    assert_string_equal(pl[2].path, "/b~1c/d");
    assert_int_equal(pl[2].line, 3);
    for (int i = 0; i < 3; i++)
        free(pl[i].path);
    assert_true(ak_json_places((const uint8_t *)doc, strlen(doc), NULL, NULL, 0));
}

static void test_nul_is_data(void **state)
{
    (void)state;
    /* A NUL inside the input is never taken for its end. */
    static const char json[] = "[\"a\0b\"]";
    ak_diags *d = ak_diags_new(NULL);
    assert_int_equal(ak_json_parse((const uint8_t *)json, sizeof json - 1, NULL, d), AK_JSON_ERROR);
    assert_string_equal(ak_diags_at(d, 0)->rule->code, "json.syntax.control-char");
    assert_int_equal(ak_diags_at(d, 0)->offset, 3);
    ak_diags_free(d);
}

/* ---- runs of bytes, 8 at a time ------------------------------------------ */

static bool is_ws(unsigned c) { return c == ' ' || c == '\n' || c == '\r' || c == '\t'; }
static bool is_digit(unsigned c) { return c - '0' < 10u; }
static bool is_plain(unsigned c) { return c >= 0x20 && c < 0x7f && c != '"' && c != '\\'; }

/* A run function against its byte predicate: every input of n bytes (n up
 * to 20) made of `fill` (a byte of the run) with one byte of any value at
 * any place, each on an exact-size heap copy (AddressSanitizer sees a read
 * past its end), from every start. */
static void run_matches(const char *name, const uint8_t *(*run)(const uint8_t *, const uint8_t *),
                        bool (*in_run)(unsigned), uint8_t fill, bool first_needed)
{
    for (size_t n = 0; n <= 20; n++)
        for (size_t at = 0; at < (n ? n : 1); at++)
            for (unsigned v = 0; v < 256; v++) {
                uint8_t *b = malloc(n ? n : 1);
                assert_non_null(b);
                memset(b, fill, n);
                if (n)
                    b[at] = (uint8_t)v;
                for (size_t from = 0; from <= n; from++) {
                    /* skip_ws takes a run only after a whitespace byte: its
                       first byte decides, as the loop's would */
                    size_t want = from;
                    while (want < n && in_run(b[want]))
                        want++;
                    if (first_needed && from < n && !in_run(b[from]))
                        want = from;
                    const uint8_t *got = run(b + from, b + n);
                    if ((size_t)(got - b) != want)
                        fail_msg("%s: %zu bytes, byte %u at %zu, from %zu: end %td, want %zu", name, n, v, at, from,
                                 got - b, want);
                }
                free(b);
            }
}

static void test_runs_by_eight_bytes(void **state)
{
    (void)state;
    run_matches("ak_json__skip_ws", ak_json__skip_ws, is_ws, ' ', true);
    run_matches("ak_json__skip_ws (line breaks)", ak_json__skip_ws, is_ws, '\n', true);
    run_matches("ak_json__digits_end", ak_json__digits_end, is_digit, '7', false);
    run_matches("ak_json__digits_end (zeros)", ak_json__digits_end, is_digit, '0', false);
    run_matches("ak_json__digits_end (nines)", ak_json__digits_end, is_digit, '9', false);
    run_matches("ak_json__plain_end", ak_json__plain_end, is_plain, 'a', false);
    run_matches("ak_json__plain_end (spaces)", ak_json__plain_end, is_plain, ' ', false);
    run_matches("ak_json__plain_end (tildes)", ak_json__plain_end, is_plain, '~', false);
}

/* ak_json_find (runtime/json_sniff.c: the sniffers' search, and a model of
 * headers' look for a key's time member) against a search byte by byte:
 * inputs of up to 22 bytes of a filler (the needle's first or second byte:
 * near misses), the needle or all of it but its last byte at every place,
 * and one byte of several values (the needle's own among them) at every
 * place, from every start, each on an exact-size heap copy; "aab" is a
 * needle whose first bytes are alike (a search that steps two past a miss
 * passes its match). */
static const uint8_t *find_by_bytes(const uint8_t *cur, const uint8_t *lim, const uint8_t *s, size_t n)
{
    for (; (size_t)(lim - cur) >= n; cur++)
        if (memcmp(cur, s, n) == 0)
            return cur;
    return NULL;
}

static void test_find(void **state)
{
    (void)state;
    static const char *const needles[] = {"\"time\"", "\"x\"", "ab", "aab"};
    for (size_t i = 0; i < sizeof needles / sizeof needles[0]; i++) {
        const uint8_t *s = (const uint8_t *)needles[i];
        size_t m = strlen(needles[i]);
        const uint8_t odd[] = {0, '"', s[1], s[m - 1], 'q', 0x80, 0xff};
        for (int f = 0; f < 2; f++)
            for (size_t n = 0; n <= 22; n++)
                for (size_t place = 0; place <= n; place++)
                    for (size_t k = m - 1; k <= m && place + k <= n; k++)
                        for (size_t at = 0; at <= n; at++)
                            for (size_t v = 0; v < sizeof odd; v++) {
                                uint8_t *b = malloc(n ? n : 1);
                                assert_non_null(b);
                                memset(b, s[f], n);
                                memcpy(b + place, s, k);
                                if (at < n)
                                    b[at] = odd[v];
                                for (size_t from = 0; from <= n; from++) {
                                    const uint8_t *want = find_by_bytes(b + from, b + n, s, m);
                                    const uint8_t *got = ak_json_find(b + from, n - from, needles[i], m);
                                    if (got != want)
                                        fail_msg("ak_json_find %s: %zu bytes, from %zu: %td, want %td", needles[i], n,
                                                 from, got ? got - b : -1, want ? want - b : -1);
                                }
                                free(b);
                            }
    }
}

/* ak_json_lane_rest: the elements of an array whose BEGIN_ARRAY follows
 * the member "skip" are taken in one step, the rest of the document as
 * events. The handler sets the lane when its BEGIN_ARRAY comes, mostly
 * after the parser has read the first element's first token: that element
 * comes as events, the lane takes the others (all of them where it had
 * not read it). */
typedef struct rest_probe {
    ak_buf log;
    bool after_skip;
    int accepted;
    size_t first; /* caps[0] of the last acceptance, as an offset */
    const uint8_t *data;
} rest_probe;

static int rest_event(void *user, ak_json_parser *p, const ak_json_event *e)
{
    rest_probe *r = user;
    static const char *const kinds[] = {"{", "key", "}", "[", "]", "str", "num", "true", "false", "null"};
    ak_buf_printf(&r->log, "%s%s%.*s\n", kinds[e->kind], e->text_len ? " " : "", (int)e->text_len, e->text);
    if (e->kind == AK_JSON_BEGIN_ARRAY && r->after_skip)
        ak_json_set_lane(p, ak_json_lane_rest, 0);
    r->after_skip = e->kind == AK_JSON_KEY && e->text_len == 4 && memcmp(e->text, "skip", 4) == 0;
    return 0;
}

static bool rest_accept(void *user, ak_json_parser *p, const uint8_t *const *caps, const uint8_t *end)
{
    (void)p;
    rest_probe *r = user;
    assert_int_equal(*end, ']'); /* up to the array's closing bracket */
    r->accepted++;
    r->first = (size_t)(caps[0] - r->data);
    return true;
}

static void expect_rest(const char *json, const char *events, int accepted, size_t first)
{
    rest_probe r = {{0}, false, 0, 0, (const uint8_t *)json};
    ak_buf_init(&r.log);
    ak_json_config cfg;
    memset(&cfg, 0, sizeof cfg);
    cfg.handler = rest_event;
    cfg.user = &r;
    cfg.lane_accept = rest_accept;
    assert_int_equal(ak_json_parse((const uint8_t *)json, strlen(json), &cfg, NULL), AK_JSON_OK);
    assert_string_equal(ak_buf_cstr(&r.log), events);
    assert_int_equal(r.accepted, accepted);
    if (accepted)
        assert_int_equal(r.first, first);
    ak_buf_free(&r.log);
}

static void test_lane_rest(void **state)
{
    (void)state;
    /* strings with brackets, quotes and escapes; nested and empty containers */
    expect_rest("{\"skip\": [1, {\"b\": \"]}\\\"[\"}, [[], {}], \"x\\\\\", \"\\\\\\\"]\"], \"c\": [2]}",
                "{\nkey skip\n[\nnum 1\n]\nkey c\n[\nnum 2\n]\n}\n", 1, 13);
    /* an empty array, one of one element: nothing for the lane; whitespace
       before ']' */
    expect_rest("{\"skip\":[],\"skip\":[ \"a\" \n ],\"skip\":[0 , null \n\t] ,\"d\":0}",
                "{\nkey skip\n[\n]\nkey skip\n[\nstr a\n]\nkey skip\n[\nnum 0\n]\nkey d\nnum 0\n}\n", 1, 40);
    /* a first element the parser had not read when the lane was set (a
       string with bytes above 0x7f): the lane takes it with the rest */
    expect_rest("{\"skip\": [\"\xc3\xa9\", 2]}", "{\nkey skip\n[\n]\n}\n", 1, 10);
    /* longer than 64 bytes, an escape at each place in a block: the
       blocks with and without a backslash */
    for (size_t at = 0; at < 70; at++) {
        char json[512];
        char filler[80];
        memset(filler, 'a', at);
        filler[at] = '\0';
        snprintf(json, sizeof json,
                 "{\"skip\": [0, \"%s\\\"]\", {\"k\": [\"]]]\", \"\\\\\"]}, \"%s\"], \"after\": [\"}\"]}", filler,
                 filler);
        expect_rest(json, "{\nkey skip\n[\nnum 0\n]\nkey after\n[\nstr }\n]\n}\n", 1, 13);
    }
}

/* ak_json_value_end over a container (skip_nested's blocks) against a
 * walk a byte at a time, the SSE2 way and, where the processor has it, the
 * AVX2 way (ak_json__container_end): random texts of brackets, quotes,
 * backslashes, spaces and letters of 1 to 300 bytes from a '[' or '{'
 * (blocks with and without escapes, strings across blocks, a backslash as
 * a block's last byte, containers that never close), each on an
 * exact-size heap copy. */
static const uint8_t *value_end_by_bytes(const uint8_t *p, const uint8_t *end)
{
    unsigned long depth = 0;
    bool in_string = false;
    for (; p < end; p++) {
        uint8_t c = *p;
        if (in_string) {
            if (c == '\\')
                p++; /* the escaped byte is plain */
            else if (c == '"')
                in_string = false;
        } else if (c == '"') {
            in_string = true;
        } else if (c == '[' || c == '{') {
            depth++;
        } else if ((c == ']' || c == '}') && --depth == 0) {
            return p + 1;
        }
    }
    return NULL;
}

static void test_value_end_both_ways(void **state)
{
    (void)state;
    static const char alphabet[] = "[]{}\"\"\\  aaaa";
    uint64_t rng = 0x9e3779b97f4a7c15u;
    size_t closed = 0, ways = 0;
    for (int trial = 0; trial < 60000; trial++) {
        size_t n = 1 + ak_test_xorshift(&rng) % 300;
        uint8_t *b = malloc(n);
        assert_non_null(b);
        /* mostly letters and spaces (blocks without a bracket), now and
           then the rest */
        unsigned dense = ak_test_xorshift(&rng) % 4;
        for (size_t i = 0; i < n; i++) {
            uint32_t r = ak_test_xorshift(&rng);
            b[i] = (uint8_t)(r % 8 <= dense ? alphabet[(r >> 8) % (sizeof alphabet - 1)] : "a b"[(r >> 8) % 3]);
        }
        b[0] = trial % 2 ? '{' : '[';
        const uint8_t *want = value_end_by_bytes(b, b + n);
        closed += want != NULL;
        for (int way = 0; way < 2; way++) {
            if (way && !ak_json__seek_wide())
                continue; /* no AVX2 here */
            ways += way;
            const uint8_t *got = ak_json__container_end(b, b + n, way);
            if (got != want)
                fail_msg("%s way, %zu bytes: end %td, want %td", way ? "AVX2" : "SSE2", n, got ? got - b : -1,
                         want ? want - b : -1);
        }
        if (ak_json_value_end(b, b + n) != want) /* the processor's way */
            fail_msg("ak_json_value_end, %zu bytes", n);
        free(b);
    }
    print_message("value_end: %zu of 60000 closed; %s\n", closed,
                  ways ? "both ways compared" : "the SSE2 way only (no AVX2 here)");
    assert_true(closed > 10000 && closed < 50000);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_event_order), cmocka_unit_test(test_paths_and_locations),
        cmocka_unit_test(test_runs_by_eight_bytes), cmocka_unit_test(test_find),
        cmocka_unit_test(test_stop),        cmocka_unit_test(test_numbers),
        cmocka_unit_test(test_duplicates),  cmocka_unit_test(test_depth),
        cmocka_unit_test(test_helpers),     cmocka_unit_test(test_string_equals_escapes),     cmocka_unit_test(test_nul_is_data), cmocka_unit_test(test_places),
        cmocka_unit_test(test_lane_rest),   cmocka_unit_test(test_value_end_both_ways),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
