/* The runtime of animgen's JSON validators, without animgen: the look-ahead
 * machine (grammars/json_seek.rl), the value syntax machines
 * (grammars/value_syntax.rl), the key/reference/unique-set store
 * (gen/rt/ak_jsrefs.c) and the push automaton (gen/rt/ak_jschema.c) on
 * tables written here by hand: a family selected by a late discriminator,
 * the look-ahead budget, keys and references resolved at the end (and not
 * after a syntax error), the version read ahead. */
#include "diag.h"
#include "test_support.h"

#include "ak_jschema.h"
#include "ak_jsrefs.h"
#include "json_seek.h"
#include "value_syntax.h"

/* ---- look-ahead ------------------------------------------------------------ */

static ak_json_seek_status seek(const char *doc, const char *name, ak_json_event *v, size_t *budget)
{
    return ak_json_seek_member((const uint8_t *)doc, strlen(doc), 0, name, strlen(name), v, budget);
}

static void test_seek_member(void **state)
{
    (void)state;
    ak_json_event v;
    size_t budget = 1000;
    /* the first level only: a nested "t" and strings holding quotes and braces are skipped */
    const char *doc = "{\"a\": {\"t\": 1}, \"s\": \"}\\\"{\", \"t\" : \"Layer\", \"t\": 2}";
    assert_int_equal(seek(doc, "t", &v, &budget), AK_JSON_SEEK_FOUND);
    assert_int_equal(v.kind, AK_JSON_STRING);
    assert_int_equal(v.text_len, 5);
    assert_memory_equal(v.text, "Layer", 5);
    assert_int_equal(v.offset, 35);
    assert_int_equal(budget, 1000 - 34);
    /* an escaped name is the decoded name */
    assert_int_equal(seek("{\"\\u0074\": -1.5e3}", "t", &v, &budget), AK_JSON_SEEK_FOUND);
    assert_int_equal(v.kind, AK_JSON_NUMBER);
    assert_int_equal(v.flags, AK_JSON_F_NEG | AK_JSON_F_FRAC | AK_JSON_F_EXP);
    assert_int_equal(seek("{\"t\": [1, 2]}", "t", &v, &budget), AK_JSON_SEEK_FOUND);
    assert_int_equal(v.kind, AK_JSON_BEGIN_ARRAY);
    /* absent: the object ends, or the text does; malformed values are no JSON */
    assert_int_equal(seek("{\"a\": {\"t\": 1}} \"t\": 1", "t", &v, &budget), AK_JSON_SEEK_ABSENT);
    assert_int_equal(seek("{\"a\": \"t\", \"b", "t", &v, &budget), AK_JSON_SEEK_ABSENT);
    assert_int_equal(seek("{\"t\": tru}", "t", &v, &budget), AK_JSON_SEEK_FOUND);
    assert_int_equal(v.kind, AK_JSON__LANE);
    assert_int_equal(seek("{\"t\": 01}", "t", &v, &budget), AK_JSON_SEEK_FOUND);
    assert_int_equal(v.kind, AK_JSON__LANE);
    /* a value string is never taken for a name */
    assert_int_equal(seek("{\"a\": \"t\", \"b\": [\"t\", 1]}", "t", &v, &budget), AK_JSON_SEEK_ABSENT);
    /* the budget */
    budget = 10;
    assert_int_equal(seek("{\"aaaaaaaaaaaaaaaa\": 1, \"t\": 2}", "t", &v, &budget), AK_JSON_SEEK_BUDGET);
    assert_int_equal(budget, 0);
}

/* A random JSON value of nesting at most depth into b: strings with
 * escaped quotes and backslashes, brackets and quotes inside strings,
 * nested members named "t" (never the one a seek of the first level
 * finds), runs of spaces and long strings across 64-byte blocks. */
static uint64_t next_random(uint64_t *s)
{
    *s = *s * 6364136223846793005u + 1442695040888963407u;
    return *s >> 33;
}

static void random_string(ak_buf *b, uint64_t *s)
{
    static const char *const pieces[] = {"a", "\\\"", "\\\\", "[", "]", "{", "}", "\\n", "\\u005c", "t", " ", "\\/"};
    ak_buf_putc(b, '"');
    for (uint64_t n = next_random(s) % (next_random(s) % 8 ? 6 : 90); n; n--)
        ak_buf_puts(b, pieces[next_random(s) % (sizeof pieces / sizeof pieces[0])]);
    ak_buf_putc(b, '"');
}

static void random_value(ak_buf *b, uint64_t *s, int depth)
{
    uint64_t k = next_random(s) % (depth > 0 ? 6 : 3);
    if (next_random(s) % 4 == 0)
        for (uint64_t n = next_random(s) % 40; n; n--)
            ak_buf_putc(b, ' ');
    if (k == 0) {
        random_string(b, s);
    } else if (k == 1) {
        ak_buf_printf(b, "%llu", (unsigned long long)next_random(s));
    } else if (k == 2) {
        ak_buf_puts(b, next_random(s) % 2 ? "true" : "null");
    } else if (k < 5) {
        ak_buf_putc(b, '[');
        for (uint64_t n = next_random(s) % 5, i = 0; i < n; i++) {
            ak_buf_puts(b, i ? ", " : "");
            random_value(b, s, depth - 1);
        }
        ak_buf_putc(b, ']');
    } else {
        ak_buf_putc(b, '{');
        for (uint64_t n = next_random(s) % 5, i = 0; i < n; i++) {
            ak_buf_puts(b, i ? "," : "");
            if (next_random(s) % 3 == 0)
                ak_buf_puts(b, "\"t\"");
            else
                random_string(b, s);
            ak_buf_puts(b, ": ");
            random_value(b, s, depth - 1);
        }
        ak_buf_putc(b, '}');
    }
}

/* The look-ahead passes the values nested in the object it searches
 * without the machine (64 bytes at a time; a block without escapes by its
 * masks of quotes and brackets): over 3,000 random documents
 * it finds the first-level member where it is, passes every nested "t",
 * and finds nothing in a document cut before it (inside a string, after a
 * backslash, between brackets). */
static void test_seek_passes_nested_values(void **state)
{
    (void)state;
    uint64_t s = 99;
    for (int round = 0; round < 3000; round++) {
        ak_buf b;
        ak_buf_init(&b);
        ak_buf_putc(&b, '{');
        for (uint64_t n = next_random(&s) % 6, i = 0; i < n; i++) {
            ak_buf_puts(&b, "\"m\": ");
            /* deeper values too: blocks where fewer brackets close than are open pass whole */
            random_value(&b, &s, round % 3 ? 4 : 8);
            ak_buf_puts(&b, ", ");
        }
        ak_buf_puts(&b, "\"t\": ");
        size_t at = b.len;
        ak_buf_puts(&b, "12345, \"u\": 1}");
        ak_json_event v;
        size_t budget = SIZE_MAX;
        ak_json_seek_status st = ak_json_seek_member((const uint8_t *)b.data, b.len, 0, "t", 1, &v, &budget);
        if (st != AK_JSON_SEEK_FOUND || v.offset != at || v.kind != AK_JSON_NUMBER)
            fail_msg("round %d: status %d at %zu, want %zu in %s", round, (int)st, v.offset, at, ak_buf_cstr(&b));
        size_t cut = (size_t)(next_random(&s) % (at - 5)) + 1; /* before the name of the member sought */
        budget = SIZE_MAX;
        st = ak_json_seek_member((const uint8_t *)b.data, cut, 0, "t", 1, &v, &budget);
        if (st != AK_JSON_SEEK_ABSENT)
            fail_msg("round %d: cut at %zu: status %d in %.*s", round, cut, (int)st, (int)cut, b.data);
        ak_buf_free(&b);
    }
}

static void test_seek_pointer(void **state)
{
    (void)state;
    ak_json_event v;
    size_t budget = 1000;
    const char *doc = "\xef\xbb\xbf {\"assets\": {\"format\": 1}, \"format\": {\"a/b\": {\"v~\": 9}}}";
    assert_int_equal(ak_json_seek_pointer((const uint8_t *)doc, strlen(doc), "/format/a~1b/v~0", &v, &budget),
                     AK_JSON_SEEK_FOUND);
    assert_int_equal(v.kind, AK_JSON_NUMBER);
    assert_memory_equal(v.text, "9", 1);
    assert_int_equal(ak_json_seek_pointer((const uint8_t *)"[1]", 3, "/a", &v, &budget), AK_JSON_SEEK_ABSENT);
    assert_int_equal(ak_json_seek_pointer((const uint8_t *)"{\"a\": 1}", 8, "/a/b", &v, &budget), AK_JSON_SEEK_ABSENT);
}

static ak_json_seek_status element(const char *doc, size_t index, ak_json_event *v, size_t *budget)
{
    return ak_json_seek_element((const uint8_t *)doc, strlen(doc), 0, index, v, budget);
}

/* Elements of an array, as a diagnostic's JSON Pointer is followed to name
 * the object it is in: nested containers and strings with commas skipped. */
static void test_seek_element(void **state)
{
    (void)state;
    ak_json_event v;
    size_t budget = 1000;
    const char *doc = "[ {\"a\": [1, 2]}, \",]\", [3, [4]] , {\"t\": 5} ]";
    assert_int_equal(element(doc, 0, &v, &budget), AK_JSON_SEEK_FOUND);
    assert_int_equal(v.kind, AK_JSON_BEGIN_OBJECT);
    assert_int_equal(v.offset, 2);
    assert_int_equal(element(doc, 1, &v, &budget), AK_JSON_SEEK_FOUND);
    assert_int_equal(v.kind, AK_JSON_STRING);
    assert_memory_equal(v.text, ",]", 2);
    assert_int_equal(element(doc, 3, &v, &budget), AK_JSON_SEEK_FOUND);
    assert_int_equal(v.kind, AK_JSON_BEGIN_OBJECT);
    assert_int_equal(v.offset, 34);
    /* past the end, an empty array, not an array */
    assert_int_equal(element(doc, 4, &v, &budget), AK_JSON_SEEK_ABSENT);
    assert_int_equal(element("[ ]", 0, &v, &budget), AK_JSON_SEEK_ABSENT);
    assert_int_equal(element("{\"a\": 1}", 0, &v, &budget), AK_JSON_SEEK_ABSENT);
    /* the budget */
    budget = 5;
    assert_int_equal(element("[1111111, 2]", 1, &v, &budget), AK_JSON_SEEK_BUDGET);
    assert_int_equal(budget, 0);
}

/* ---- value syntaxes --------------------------------------------------------------- */

static bool matches(const char *machine, const char *s)
{
    const ak_value_syntax *vs = ak_value_syntax_find(machine);
    assert_non_null(vs);
    return vs->match((const uint8_t *)s, strlen(s));
}

static void test_value_syntaxes(void **state)
{
    (void)state;
    assert_null(ak_value_syntax_find("guid"));
    assert_true(matches("uuid", "0123abcd-0000-4000-8000-00000000000a"));
    assert_false(matches("uuid", "0123ABCD-0000-4000-8000-00000000000A"));
    assert_false(matches("uuid", "{0123abcd-0000-4000-8000-00000000000a}"));
    assert_false(matches("uuid", "00000000-0000-0000-0000-000000000000"));
    assert_false(matches("uuid", "0123abcd-0000-4000-8000-00000000000a "));
    assert_true(matches("uuid_any", "{0123ABCD-0000-4000-8000-00000000000a}"));
    assert_true(matches("uuid_any", "0123ABCD-0000-4000-8000-00000000000a"));
    assert_false(matches("uuid_any", "{00000000-0000-0000-0000-000000000000}"));
    assert_false(matches("uuid_any", "{0123abcd-0000-4000-8000-00000000000a"));
    assert_true(matches("color_hex", "#00ff7f"));
    assert_true(matches("color_hex", "#00000000"));
    assert_false(matches("color_hex", "#00ff7fff"));
    assert_false(matches("color_hex", "#00FF7F"));
    assert_false(matches("color_hex", "#0f7"));
    assert_true(matches("color_any", "#0F7"));
    assert_true(matches("color_any", "#00FF7FFF"));
    assert_true(matches("color_any", "#aabbccdde"));
    assert_true(matches("color_any", "#aaabbbcccddd"));
    assert_true(matches("color_any", "LightGoldenrodYellow"));
    assert_true(matches("color_any", "transparent"));
    assert_false(matches("color_any", "#aabbccddeef"));
    assert_false(matches("color_any", "lightgoldenrod"));
    assert_true(matches("base64", ""));
    assert_true(matches("base64", "TWFu"));
    assert_true(matches("base64", "TWE="));
    assert_true(matches("base64", "TQ=="));
    assert_false(matches("base64", "TR=="));  /* pad bits not zero */
    assert_false(matches("base64", "TWF"));   /* no padding */
    assert_false(matches("base64", "TW\nFu")); /* a line break */
    assert_false(matches("base64", "TQ==TWFu"));
    /* colours: their components, and their canonical spelling from them */
    static const struct {
        const char *text, *canonical;
        uint8_t rgba[4];
    } colors[] = {{"#0F7", "#00ff77", {0, 255, 119, 255}},
                  {"#00FF7f", "#00ff7f", {0, 255, 127, 255}},
                  {"#12345678", "#12345678", {0x12, 0x34, 0x56, 0x78}},
                  {"#123456ff", "#123456", {0x12, 0x34, 0x56, 255}}};
    for (size_t i = 0; i < sizeof colors / sizeof colors[0]; i++) {
        uint8_t rgba[4];
        char out[AK_VALUE_CANONICAL_MAX];
        const uint8_t *text = (const uint8_t *)colors[i].text;
        assert_true(ak_color_parse(text, strlen(colors[i].text), rgba));
        assert_memory_equal(rgba, colors[i].rgba, 4);
        assert_int_equal(ak_canonical_color(text, strlen(colors[i].text), out), strlen(colors[i].canonical));
        assert_memory_equal(out, colors[i].canonical, strlen(colors[i].canonical));
    }
    static const char *const not_read[] = {"#aabbccdde", "#aaabbbcccddd", "red", "#12345", "#1234567", "123456", ""};
    for (size_t i = 0; i < sizeof not_read / sizeof not_read[0]; i++) {
        uint8_t rgba[4];
        char out[AK_VALUE_CANONICAL_MAX];
        assert_false(ak_color_parse((const uint8_t *)not_read[i], strlen(not_read[i]), rgba));
        assert_int_equal(ak_canonical_color((const uint8_t *)not_read[i], strlen(not_read[i]), out), 0);
    }
    for (size_t i = 0; i < ak_value_syntax_count; i++) {
        assert_non_null(ak_value_syntaxes[i].pattern);
        assert_non_null(ak_value_syntaxes[i].about);
    }
}

/* ---- keys, references, unique sets ------------------------------------------------- */

static ak_json_event string_at(const char *doc, const char *s)
{
    const char *p = strstr(doc, s);
    assert_non_null(p);
    ak_json_event e = {AK_JSON_STRING, strchr(s, '\\') ? AK_JSON_F_ESCAPED : 0u, 0, (size_t)(p - 1 - doc),
                       strlen(s) + 2, p, strlen(s)};
    return e;
}

/* `key uuid`: keys and references compare as parsed UUIDs (braces and
 * case do not matter); what is no UUID (the nil one included) is no key. */
static void test_uuid_keys(void **state)
{
    (void)state;
    const char *doc = "[\"{0A1B2C3D-0000-4000-8000-00000000ABCD}\", \"0a1b2c3d-0000-4000-8000-00000000abcd\", "
                      "\"0a1b2c3d-0000-4000-8000-00000000abce\", \"00000000-0000-0000-0000-000000000000\", "
                      "\"0a1b2c3d\\u002d0000-4000-8000-00000000abcd\", \"x\"]";
    ak_jsstate *st = ak_jsstate_new((const uint8_t *)doc, strlen(doc), NULL);
    assert_non_null(st);
    ak_json_event braced = string_at(doc, "{0A1B2C3D-0000-4000-8000-00000000ABCD}");
    ak_json_event lower = string_at(doc, "0a1b2c3d-0000-4000-8000-00000000abcd");
    ak_json_event other = string_at(doc, "0a1b2c3d-0000-4000-8000-00000000abce");
    ak_json_event nil = string_at(doc, "00000000-0000-0000-0000-000000000000");
    ak_json_event escaped = string_at(doc, "0a1b2c3d\\u002d0000-4000-8000-00000000abcd");
    ak_json_event junk = string_at(doc, "x");
    int16_t prev = -1;
    size_t at = 0;
    assert_int_equal(ak_jsstate_add_key(st, 0, AK_JKEY_UUID, 3, &braced, &prev, &at), AK_JS_ADDED);
    assert_int_equal(ak_jsstate_add_key(st, 0, AK_JKEY_UUID, 4, &lower, &prev, &at), AK_JS_DUPLICATE);
    assert_int_equal(prev, 3);
    assert_int_equal(ak_jsstate_add_key(st, 0, AK_JKEY_UUID, 4, &nil, &prev, &at), AK_JS_NOKEY);
    assert_int_equal(ak_jsstate_add_key(st, 0, AK_JKEY_UUID, 4, &junk, &prev, &at), AK_JS_NOKEY);
    assert_int_equal(ak_jsstate_find_key(st, 0, AK_JKEY_UUID, &lower), 3);
    assert_int_equal(ak_jsstate_find_key(st, 0, AK_JKEY_UUID, &escaped), 3);
    assert_int_equal(ak_jsstate_find_key(st, 0, AK_JKEY_UUID, &other), -1);
    /* as text, the two spellings are two keys */
    assert_int_equal(ak_jsstate_find_key(st, 0, AK_JKEY_TEXT, &lower), -1);
    /* a pending reference keeps the parsed value, not the text */
    ak_jsref r = {0};
    r.offset = junk.offset, r.length = (uint32_t)junk.length;
    assert_true(ak_jsstate_ref_of(st, AK_JKEY_UUID, &lower, &r));
    assert_true(r.parsed);
    assert_int_equal(ak_jsstate_find_ref_key(st, 0, &r), 3);
    assert_false(ak_jsstate_ref_of(st, AK_JKEY_UUID, &junk, &r));
    uint8_t u[16];
    assert_true(ak_uuid_parse((const uint8_t *)"{0A1B2C3D-0000-4000-8000-00000000ABCD}", 38, u));
    assert_int_equal(u[0], 0x0a);
    assert_int_equal(u[15], 0xcd);
    assert_false(ak_uuid_parse((const uint8_t *)"{0a1b2c3d-0000-4000-8000-00000000abcd", 37, u));
    ak_jsstate_free(st);
}

static void test_store(void **state)
{
    (void)state;
    const char *doc = "[\"k1\", \"k\\u0031\", \"k2\", 1, 1.0, 10e-1, 2, true, true]";
    ak_jsstate *st = ak_jsstate_new((const uint8_t *)doc, strlen(doc), NULL);
    assert_non_null(st);
    ak_json_event k1 = string_at(doc, "k1"), k1e = string_at(doc, "k\\u0031"), k2 = string_at(doc, "k2");
    int16_t prev = -1;
    size_t at = 0;
    assert_int_equal(ak_jsstate_add_key(st, 0, AK_JKEY_TEXT, 5, &k1, &prev, &at), AK_JS_ADDED);
    /* the same key decoded, in the same key space: a duplicate, naming the first */
    assert_int_equal(ak_jsstate_add_key(st, 0, AK_JKEY_TEXT, 6, &k1e, &prev, &at), AK_JS_DUPLICATE);
    assert_int_equal(prev, 5);
    assert_int_equal(at, k1.offset);
    /* another key space is another namespace */
    assert_int_equal(ak_jsstate_add_key(st, 1, AK_JKEY_TEXT, 7, &k1e, &prev, &at), AK_JS_ADDED);
    assert_int_equal(ak_jsstate_find_key(st, 0, AK_JKEY_TEXT, &k1e), 5);
    assert_int_equal(ak_jsstate_find_key(st, 1, AK_JKEY_TEXT, &k1), 7);
    assert_int_equal(ak_jsstate_find_key(st, 0, AK_JKEY_TEXT, &k2), -1);
    /* many keys: the table grows */
    for (int i = 0; i < 1000; i++)
        assert_int_equal(ak_jsstate_add_key(st, (int16_t)(10 + i), AK_JKEY_TEXT, 1, &k2, &prev, &at), AK_JS_ADDED);
    assert_int_equal(ak_jsstate_find_key(st, 500, AK_JKEY_TEXT, &k2), 1);
    /* unique sets: numbers by value, literals by kind; sets nest */
    ak_json_event n1 = {AK_JSON_NUMBER, 0, 0, 0, 1, strstr(doc, "1,"), 1};
    ak_json_event n10 = {AK_JSON_NUMBER, AK_JSON_F_FRAC, 0, 0, 3, strstr(doc, "1.0"), 3};
    ak_json_event n10e = {AK_JSON_NUMBER, AK_JSON_F_EXP, 0, 0, 5, strstr(doc, "10e-1"), 5};
    ak_json_event n2 = {AK_JSON_NUMBER, 0, 0, 0, 1, strstr(doc, "2,"), 1};
    ak_json_event t = {AK_JSON_TRUE, 0, 0, 0, 4, NULL, 0};
    int32_t outer = ak_jsstate_set_open(st);
    assert_int_equal(ak_jsstate_set_add(st, outer, &n1), AK_JS_ADDED);
    int32_t inner = ak_jsstate_set_open(st);
    assert_int_equal(ak_jsstate_set_add(st, inner, &n10), AK_JS_ADDED);
    assert_int_equal(ak_jsstate_set_add(st, inner, &n10e), AK_JS_DUPLICATE);
    ak_jsstate_set_close(st, inner);
    assert_int_equal(ak_jsstate_set_add(st, outer, &n10e), AK_JS_DUPLICATE);
    assert_int_equal(ak_jsstate_set_add(st, outer, &n2), AK_JS_ADDED);
    assert_int_equal(ak_jsstate_set_add(st, outer, &t), AK_JS_ADDED);
    assert_int_equal(ak_jsstate_set_add(st, outer, &t), AK_JS_DUPLICATE);
    assert_int_equal(ak_jsstate_set_add(st, outer, &k1), AK_JS_ADDED);
    assert_int_equal(ak_jsstate_set_add(st, outer, &k1e), AK_JS_DUPLICATE);
    ak_jsstate_set_close(st, outer);
    /* a set reopened is empty */
    outer = ak_jsstate_set_open(st);
    assert_int_equal(ak_jsstate_set_add(st, outer, &n1), AK_JS_ADDED);
    ak_jsstate_set_close(st, outer);
    ak_jsstate_free(st);
}

/* ---- the automaton on hand-written tables -------------------------------------------- */

/* Doc { items?: [Node] }
 * Node by __type__ abstract { __type__, id?: string key }
 * A : Node { kids?: [Node], ref?: ref<A> | null, late?: string since 2 }
 * B : Node { } */
enum { R_KIND, R_UNKNOWN, R_MISSING, R_TYPE_UNKNOWN, R_SLOT, R_DUP, R_DANGLING, R_WRONG, R_VERSION, R_COUNT };
static const ak_rule rules[R_COUNT] = {
    {"t.member.kind", AK_SEV_ERROR, AK_SEV_ERROR, "kind", NULL},
    {"t.member.unknown", AK_SEV_ERROR, AK_SEV_ERROR, "unknown", NULL},
    {"t.type.missing", AK_SEV_ERROR, AK_SEV_ERROR, "missing", NULL},
    {"t.type.unknown", AK_SEV_ERROR, AK_SEV_ERROR, "unknown type", NULL},
    {"t.type.slot", AK_SEV_ERROR, AK_SEV_ERROR, "slot", NULL},
    {"t.key.duplicate", AK_SEV_ERROR, AK_SEV_ERROR, "duplicate", NULL},
    {"t.ref.dangling", AK_SEV_ERROR, AK_SEV_ERROR, "dangling", NULL},
    {"t.ref.kind", AK_SEV_ERROR, AK_SEV_ERROR, "wrong target", NULL},
    {"t.member.version", AK_SEV_ERROR, AK_SEV_ERROR, "version", NULL},
};
enum { T_DOC, T_ITEMS, T_NODE, T_TAG, T_STRING, T_REF, T_REF_OR_NULL, T_NULL, T_COUNT };
static const int16_t ref_alts[] = {T_REF, T_NULL};
static const ak_jtype types[T_COUNT] = {
    {AK_JT_OBJECT, 0, -1, -1, -1, NULL, 0, NULL, 0, NULL, 0, NULL},
    {AK_JT_ARRAY, -1, T_NODE, -1, -1, NULL, 0, NULL, 0, NULL, 0, NULL},
    {AK_JT_OBJECT, 1, -1, -1, -1, NULL, 0, NULL, 0, NULL, 0, NULL},
    {AK_JT_TAG, 1, -1, -1, -1, NULL, 0, NULL, 0, NULL, 0, NULL},
    {AK_JT_STRING, -1, -1, -1, -1, NULL, 0, NULL, 0, NULL, 0, NULL},
    {AK_JT_REF, 2, -1, -1, -1, NULL, 0, NULL, 0, NULL, 0, NULL},
    {AK_JT_UNION, -1, -1, -1, -1, NULL, 0, NULL, 0, ref_alts, 2, NULL},
    {AK_JT_NULL, -1, -1, -1, -1, NULL, 0, NULL, 0, NULL, 0, NULL},
};
#define NO_VERSIONS {-1, -1, -1, -1}
static const ak_jmember_x tag_x = {NO_VERSIONS, -1, NULL, 0, -1, -1, -1, R_TYPE_UNKNOWN, R_SLOT, -1, -1, NULL, -1, NULL, -1, -1, -1, 0, -1, 0, 0, -1};
static const ak_jmember_x id_x = {NO_VERSIONS, -1, NULL, 0, R_DUP, -1, -1, -1, -1, -1, -1, NULL, -1, NULL, -1, -1, -1, 0, -1, 0, 0, -1};
static const ak_jmember_x ref_x = {NO_VERSIONS, -1, NULL, 0, -1, R_DANGLING, R_WRONG, -1, -1, -1, -1, NULL, -1, NULL, -1, -1, -1, 0, -1, 0, 0, -1};
static const ak_jmember_x late_x = {{2, -1, R_VERSION, R_VERSION}, -1, NULL, 0, -1, -1, -1, -1, -1, -1, -1, NULL, -1, NULL, -1, -1, -1, 0, -1, 0, 0, -1};
#define MEMBER(name, type, optional, kind, required, x)                                                              \
    {name, sizeof name - 1, type, optional, kind, kind, required, -1, -1, 0, 0, NULL, -1, -1, x, NULL, 0}
static const ak_jmember doc_members[] = {MEMBER("items", T_ITEMS, true, R_KIND, -1, NULL)};
static const ak_jmember node_members[] = {
    MEMBER("__type__", T_TAG, false, R_MISSING, R_MISSING, &tag_x),
    MEMBER("id", T_STRING, true, R_KIND, -1, &id_x),
};
static const ak_jmember a_members[] = {
    MEMBER("__type__", T_TAG, false, R_MISSING, R_MISSING, &tag_x),
    MEMBER("id", T_STRING, true, R_KIND, -1, &id_x),
    MEMBER("kids", T_ITEMS, true, R_KIND, -1, NULL),
    MEMBER("ref", T_REF_OR_NULL, true, R_KIND, -1, &ref_x),
    MEMBER("late", T_STRING, true, R_KIND, -1, &late_x),
};
static const ak_jobject objects[] = {
    {"Doc", doc_members, 1, -1, R_UNKNOWN, -1, -1, -1, false, NO_VERSIONS, -1, -1, NULL, 0, NULL, AK_JKEY_TEXT, NULL},
    {"Node", node_members, 2, -1, R_UNKNOWN, -1, 1, 0, true, NO_VERSIONS, 1, 1, NULL, 0, NULL, AK_JKEY_TEXT, NULL},
    {"A", a_members, 5, -1, R_UNKNOWN, 1, 1, 0, false, NO_VERSIONS, 1, 1, NULL, 0, NULL, AK_JKEY_TEXT, NULL},
    {"B", node_members, 2, -1, R_UNKNOWN, 1, 1, 0, false, NO_VERSIONS, 1, 1, NULL, 0, NULL, AK_JKEY_TEXT, NULL},
};
static ak_jschema schema = {rules, types, objects, T_DOC, R_KIND, {-1, -1, -1, -1, -1}, NULL, "/v", 4, 0, -1, NULL,
                           NULL, 0, NULL, 0, 0, -1, NULL, 0, 0, -1, -1, false};

/* Validates doc; returns the codes reported, one per line with the path. */
static char *run(const char *doc, size_t size)
{
    ak_diags *d = ak_diags_new(NULL);
    ak_diags_set_source(d, (const uint8_t *)doc, size, true);
    ak_jschema_validate(&schema, (const uint8_t *)doc, size, NULL, d, NULL, NULL, NULL, NULL, false);
    ak_buf b;
    ak_buf_init(&b);
    for (size_t i = 0; i < ak_diags_count(d); i++) {
        const ak_diag *g = ak_diags_at(d, i);
        ak_buf_printf(&b, "%s %s\n", g->rule->code, g->path ? g->path : "");
    }
    ak_diags_free(d);
    ak_buf_cstr(&b);
    return b.data ? b.data : calloc(1, 1);
}

static void expect(const char *doc, const char *reported)
{
    char *got = run(doc, strlen(doc));
    assert_string_equal(got, reported);
    free(got);
}

static void test_automaton(void **state)
{
    (void)state;
    /* the discriminator last: the object is an A all the same */
    expect("{\"items\": [{\"id\": \"a\", \"ref\": \"a\", \"__type__\": \"A\"}, {\"__type__\": \"B\", \"id\": \"b\"}]}", "");
    /* references: forward, dangling, to the wrong type; keys: a duplicate */
    expect("{\"items\": [{\"ref\": \"b\", \"__type__\": \"A\"}, {\"__type__\": \"B\", \"id\": \"b\"},"
           " {\"__type__\": \"A\", \"ref\": \"x\"}, {\"__type__\": \"B\", \"id\": \"b\"}]}",
           "t.key.duplicate /items/3/id\nt.ref.kind /items/0/ref\nt.ref.dangling /items/2/ref\n");
    /* a family object without, or with an abstract, discriminator */
    expect("{\"items\": [{\"id\": 3}, {\"__type__\": \"Node\", \"id\": 3}]}",
           "t.type.missing /items/0\nt.type.unknown /items/1/__type__\n");
    /* after a syntax error nothing is resolved at the end */
    const char *truncated = "{\"items\": [{\"__type__\": \"A\", \"ref\": \"x\"}";
    char *got = run(truncated, strlen(truncated));
    assert_non_null(strstr(got, "json.syntax"));
    assert_null(strstr(got, "t.ref"));
    free(got);
    /* the version, read ahead from /v: "late" exists from version 2 */
    expect("{\"items\": [{\"__type__\": \"A\", \"late\": \"x\"}], \"v\": 1}",
           "t.member.version /items/0/late\nt.member.unknown /v\n");
    expect("{\"items\": [{\"__type__\": \"A\", \"late\": \"x\"}], \"v\": 2}", "t.member.unknown /v\n");
    expect("{\"items\": [{\"__type__\": \"A\", \"late\": \"x\"}], \"v\": \"1\"}", "t.member.unknown /v\n");
}

/* Every discriminator last, nested deep: the look-ahead gives up once,
 * reported, instead of scanning each subtree again at every level. */
static void test_lookahead_budget(void **state)
{
    (void)state;
    enum { DEPTH = 200, PAD = 60000 };
    ak_buf b;
    ak_buf_init(&b);
    ak_buf_puts(&b, "{\"items\": [");
    for (int i = 0; i < DEPTH; i++)
        ak_buf_puts(&b, "{\"kids\": [");
    ak_buf_puts(&b, "{\"__type__\": \"B\", \"id\": \"");
    for (int i = 0; i < PAD; i++)
        ak_buf_putc(&b, 'x');
    ak_buf_puts(&b, "\"}");
    for (int i = 0; i < DEPTH; i++)
        ak_buf_puts(&b, "], \"__type__\": \"A\"}");
    ak_buf_puts(&b, "]}");
    char *got = run(b.data, b.len);
    assert_non_null(strstr(got, "animkit.limit.lookahead"));
    /* reported once */
    assert_null(strstr(strstr(got, "animkit.limit.lookahead") + 1, "animkit.limit.lookahead"));
    free(got);
    ak_buf_free(&b);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_seek_member),     cmocka_unit_test(test_seek_pointer),
        cmocka_unit_test(test_seek_passes_nested_values),
        cmocka_unit_test(test_seek_element),
        cmocka_unit_test(test_value_syntaxes),  cmocka_unit_test(test_store), cmocka_unit_test(test_uuid_keys),
        cmocka_unit_test(test_automaton),       cmocka_unit_test(test_lookahead_budget),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
