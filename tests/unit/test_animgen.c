/* The support code of animgen-generated decoders (gen/rt/ak_layout.c):
 * 7-bit lengths as .NET reads them, lazily built field paths, fatal and
 * non-fatal reports, and the metadata-driven JSON dump and undump. */
#include "diag.h"
#include "test_support.h"

#include "../../gen/rt/ak_layout.h"

#include <math.h>

static const ak_rule trunc_rule = {"demo.file.truncated", AK_SEV_ERROR, AK_SEV_ERROR, "truncated", NULL};
static const ak_rule warn_rule = {"demo.x.warn", AK_SEV_WARNING, AK_SEV_ERROR, "warn", NULL};

static int len7(const char *bytes, size_t n, uint64_t *len, bool *overlong, size_t *pos)
{
    ak_lctx c;
    ak_lctx_init(&c, (const uint8_t *)bytes, n, NULL, NULL, &trunc_rule, NULL);
    int st = ak_lread_len7(&c, len, overlong);
    *pos = c.pos;
    ak_lctx_free(&c);
    return st;
}

static void test_len7(void **state)
{
    (void)state;
    uint64_t v;
    bool over;
    size_t pos;
    assert_int_equal(len7("\x00", 1, &v, &over, &pos), 0);
    assert_true(v == 0 && !over && pos == 1);
    assert_int_equal(len7("\x80\x01", 2, &v, &over, &pos), 0);
    assert_true(v == 128 && !over && pos == 2);
    assert_int_equal(len7("\x85\x00", 2, &v, &over, &pos), 0);
    assert_true(v == 5 && over);
    assert_int_equal(len7("\xff\xff\xff\xff\x07", 5, &v, &over, &pos), 0);
    assert_true(v == INT32_MAX);
    assert_int_equal(len7("\xff\xff\xff\xff\x0f", 5, &v, &over, &pos), 2); /* negative Int32 */
    assert_int_equal(len7("\x85\x80\x80\x80\x10", 5, &v, &over, &pos), 2); /* 5th byte > 0x0F */
    assert_int_equal(len7("\x80\x80\x80\x80\x80\x00", 6, &v, &over, &pos), 2);
    assert_int_equal(len7("\x80\x80", 2, &v, &over, &pos), 1); /* truncated */
    assert_int_equal(pos, 0);                                  /* nothing consumed */
}

static void test_paths_and_reports(void **state)
{
    (void)state;
    ak_diags *d = ak_diags_new(NULL);
    ak_lctx c;
    ak_lctx_init(&c, (const uint8_t *)"abc", 3, d, NULL, &trunc_rule, NULL);
    ak_lpush(&c, "left_hand");
    ak_lpush(&c, "joints");
    ak_lpush_index(&c, 3);
    assert_string_equal(ak_lpath(&c, "a/b~", UINT64_MAX), "/left_hand/joints/3/a~1b~0");
    assert_true(ak_lreport(&c, &warn_rule, false, 1, 1, "time", "value %d", 7));
    assert_false(c.stop);
    assert_string_equal(ak_diags_at(d, 0)->path, "/left_hand/joints/3/time");
    assert_string_equal(ak_diags_at(d, 0)->message, "value 7");
    assert_false(ak_lreport(&c, &warn_rule, true, 1, 1, NULL, "fatal"));
    assert_true(c.stop);
    ak_lpop(&c);
    c.pos = 2;
    assert_false(ak_ltruncated(&c, "x", 4));
    const ak_diag *g = ak_diags_at(d, 2);
    assert_string_equal(g->rule->code, "demo.file.truncated");
    assert_int_equal(g->offset, 2);
    assert_string_equal(g->path, "/left_hand/joints/x");
    ak_lctx_free(&c);
    ak_diags_free(d);
}

/* hand-written metadata, as animgen would emit it */
typedef struct item {
    float time;
    int16_t value;
} item;
typedef struct doc {
    int32_t count;
    item *items;
    size_t items_count;
    ak_lstr name;
    bool flag;
} doc;
static const ak_lfield item_fields[] = {
    {.name = "time", .kind = AK_LK_F32, .offset = offsetof(item, time)},
    {.name = "value", .kind = AK_LK_I16, .offset = offsetof(item, value)},
};
static const ak_lstruct item_meta = {"item", item_fields, 2, sizeof(item), NULL, NULL};
static uint64_t count_items(const void *o, const void *r)
{
    (void)r;
    return (uint64_t)((const doc *)o)->count;
}
static bool flag_set(const void *o, const void *r)
{
    (void)r;
    return ((const doc *)o)->flag;
}
static const ak_lfield doc_fields[] = {
    {.name = "count", .kind = AK_LK_I32, .offset = offsetof(doc, count)},
    {.name = "items", .kind = AK_LK_ARRAY, .offset = offsetof(doc, items), .count_offset = offsetof(doc, items_count),
     .elem_kind = AK_LK_STRUCT, .elem_size = sizeof(item), .st = &item_meta, .count = count_items,
     .count_name = "count"},
    {.name = "flag", .kind = AK_LK_BOOL, .offset = offsetof(doc, flag)},
    {.name = "name", .kind = AK_LK_STRING, .offset = offsetof(doc, name), .present = flag_set},
};
static const ak_lstruct doc_meta = {"doc", doc_fields, 4, sizeof(doc), NULL, NULL};

static void test_dump_and_undump(void **state)
{
    (void)state;
    item items[2] = {{0.1f, -3}, {INFINITY, 7}};
    doc x = {2, items, 2, {"h\xc3\xa9", 3}, true};
    ak_buf out;
    ak_buf_init(&out);
    assert_true(ak_ldump_json(&doc_meta, &x, NULL, &out));
    const char *want = "{\n  \"count\": 2,\n  \"items\": [\n    {\"time\": 0.1, \"value\": -3},\n"
                       "    {\"time\": \"inf\", \"value\": 7}\n  ],\n  \"flag\": true,\n  \"name\": \"h\xc3\xa9\"\n}\n";
    assert_string_equal(ak_buf_cstr(&out), want);

    ak_lundump_rules rules = {.syntax = &trunc_rule, .shape = &warn_rule, .value = &trunc_rule, .type = &trunc_rule,
                              .unknown = &warn_rule, .missing = &warn_rule, .duplicate = &warn_rule,
                              .order = &warn_rule, .name = &trunc_rule, .range = &trunc_rule, .count = &warn_rule,
                              .result = &trunc_rule};
    ak_arena arena;
    ak_arena_init(&arena, 0);
    ak_diags *d = ak_diags_new(NULL);
    doc *y = ak_lundump_json(&doc_meta, (const uint8_t *)out.data, out.len, &arena, &rules, d);
    assert_non_null(y);
    assert_int_equal(y->count, 2);
    assert_int_equal(y->items_count, 2);
    assert_true(y->items[0].time == 0.1f && y->items[1].value == 7);
    assert_true(y->items[1].time > 1e38f);
    assert_int_equal(y->name.len, 3);
    /* the count must agree, the conditional member must follow its flag */
    const char *bad[] = {
        "{\"count\": 1, \"items\": [], \"flag\": false}",
        "{\"count\": 0, \"items\": [], \"flag\": false, \"name\": \"x\"}",
        "{\"count\": 0, \"items\": [], \"flag\": true}",
        "{\"count\": 0, \"items\": [], \"flag\": false, \"extra\": 1}",
        "{\"count\": 0, \"items\": [{\"time\": 1}], \"flag\": false}",
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        ak_diags_clear(d);
        assert_null(ak_lundump_json(&doc_meta, (const uint8_t *)bad[i], strlen(bad[i]), &arena, &rules, d));
        assert_true(ak_diags_count(d) > 0);
    }
    ak_diags_free(d);
    ak_arena_free(&arena);
    ak_buf_free(&out);
}

/* NaNs: C's NAN is "nan"; any other (a payload, the sign) is "nan:0x<bits>",
 * and the undump makes exactly those bits again */
static void test_nan_payloads(void **state)
{
    (void)state;
    static const uint32_t patterns[] = {0x7fc00000u, 0x7fc00001u, 0xffffffffu, 0x7f800001u};
    static const char *const spelled[] = {"\"nan\"", "\"nan:0x7fc00001\"", "\"nan:0xffffffff\"",
                                          "\"nan:0x7f800001\""};
    ak_lundump_rules rules = {.syntax = &trunc_rule, .shape = &warn_rule, .value = &trunc_rule, .type = &trunc_rule,
                              .unknown = &warn_rule, .missing = &warn_rule, .duplicate = &warn_rule,
                              .order = &warn_rule, .name = &trunc_rule, .range = &trunc_rule, .count = &warn_rule,
                              .result = &trunc_rule};
    ak_arena arena;
    ak_arena_init(&arena, 0);
    ak_diags *d = ak_diags_new(NULL);
    for (size_t i = 0; i < 4; i++) {
        item items[1] = {{0, 1}};
        memcpy(&items[0].time, &patterns[i], 4);
        doc x = {1, items, 1, {NULL, 0}, false};
        ak_buf out;
        ak_buf_init(&out);
        assert_true(ak_ldump_json(&doc_meta, &x, NULL, &out));
        assert_non_null(strstr(ak_buf_cstr(&out), spelled[i]));
        doc *y = ak_lundump_json(&doc_meta, (const uint8_t *)out.data, out.len, &arena, &rules, d);
        assert_non_null(y);
        uint32_t back;
        memcpy(&back, &y->items[0].time, 4);
        assert_int_equal(back, patterns[i]);
        ak_buf_free(&out);
    }
    /* not a NaN, the wrong length, not hex: refused */
    static const char *const bad[] = {"\"nan:0x7f800000\"", "\"nan:0x7fc0000\"", "\"nan:0x7fc0000g\"",
                                      "\"nan:0x7ff8000000000001\""};
    for (size_t i = 0; i < 4; i++) {
        char json[128];
        snprintf(json, sizeof json, "{\"count\": 1, \"items\": [{\"time\": %s, \"value\": 1}], \"flag\": false}",
                 bad[i]);
        ak_diags_clear(d);
        assert_null(ak_lundump_json(&doc_meta, (const uint8_t *)json, strlen(json), &arena, &rules, d));
        assert_true(ak_diags_count(d) > 0);
    }
    ak_diags_free(d);
    ak_arena_free(&arena);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_len7),
        cmocka_unit_test(test_paths_and_reports),
        cmocka_unit_test(test_dump_and_undump),
        cmocka_unit_test(test_nan_payloads),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
