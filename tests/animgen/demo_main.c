/* The code animgen generates for tests/animgen/layout_all_constructs_ok.layout
 * (big-endian default, little-endian field override, magic, enums, lets,
 * asserts, switch, conditional block with nonempty(), varint count, fixed
 * scalar array, nullable string, hook, end): decoded, checked, re-encoded. */
#include "demo_layout.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
static int hook_calls;
static double seen_kind_sum, seen_first_value;
static size_t seen_span;


bool demo_hook_cross_check(ak_lctx *c, const ak_lhook *h)
{
    const demo_v1 *o = h->obj;
    hook_calls++;
    /* the same in the validator and the decoder: aggregates and the span of a scalar array */
    seen_kind_sum = o->kind_sum;
    seen_first_value = o->first_value;
    seen_span = h->span_count == 1 ? h->spans[0].length : 0;
    /* a cross-field rule no declaration says: the label must not be "bad" */
    if (o->label.ptr && o->label.len == 3 && memcmp(o->label.ptr, "bad", 3) == 0)
        return ak_lreport(c, &demo_rules[demo_R_HOOK_CHECK], false, c->pos, 0, "label", "label is 'bad'");
    return true;
}

static void put_be32(ak_buf *b, uint32_t v)
{
    uint8_t t[4] = {(uint8_t)(v >> 24), (uint8_t)(v >> 16), (uint8_t)(v >> 8), (uint8_t)v};
    ak_buf_append(b, t, 4);
}

static void put_le_f32(ak_buf *b, float f)
{
    uint32_t v;
    memcpy(&v, &f, 4);
    uint8_t t[4] = {(uint8_t)v, (uint8_t)(v >> 8), (uint8_t)(v >> 16), (uint8_t)(v >> 24)};
    ak_buf_append(b, t, 4);
}

/* magic, version 1, has_items, count, items, fixed[4], label, name */
static void build(ak_buf *b, uint8_t label_flag, const char *label, float t1)
{
    put_be32(b, 0x44454d4f);
    ak_buf_append(b, "\x00\x01", 2); /* version u16 BE */
    ak_buf_putc(b, 1);                /* has_items */
    ak_buf_putc(b, 2);                /* count (varint) */
    put_le_f32(b, 0.5f);
    ak_buf_append(b, "\x01\x00", 2); /* value i16 BE = 256 */
    ak_buf_putc(b, 1);                /* kind linear */
    put_le_f32(b, t1);
    ak_buf_append(b, "\xff\xfe", 2); /* value -2 */
    ak_buf_putc(b, 2);                /* kind step */
    ak_buf_append(b, "\x0a\x0b\x0c\x0d", 4);
    ak_buf_putc(b, (char)label_flag);
    if (label_flag) {
        ak_buf_putc(b, (char)strlen(label));
        ak_buf_puts(b, label);
    }
    ak_buf_putc(b, 4);
    ak_buf_puts(b, "demo");
}

static const char *first_code(const ak_diags *d)
{
    return ak_diags_count(d) ? ak_diags_at(d, 0)->rule->code : "";
}

int main(void)
{
    ak_buf b;
    ak_buf_init(&b);
    build(&b, 1, "hello", 1.0f);
    CHECK(demo_sniff((const uint8_t *)b.data, b.len) == AK_SNIFF_MAGIC);

    ak_arena arena;
    ak_arena_init(&arena, 0);
    ak_diags *d = ak_diags_new(NULL);
    demo_file *doc = demo_decode((const uint8_t *)b.data, b.len, NULL, d, &arena);
    CHECK(doc != NULL);
    CHECK(ak_diags_count(d) == 0);
    if (doc) {
        CHECK(doc->version == 1 && doc->modern == 1.0);
        CHECK(doc->arm == demo_arm_v1);
        CHECK(doc->v1.count == 2 && doc->v1.items_count == 2);
        CHECK(doc->v1.items[0].value == 256 && doc->v1.items[1].value == -2);
        CHECK(doc->v1.items[0].time == 0.5f && doc->v1.items[1].kind == 2);
        CHECK(doc->v1.fixed[3] == 0x0d);
        CHECK(doc->v1.label.len == 5 && memcmp(doc->v1.label.ptr, "hello", 5) == 0);
        CHECK(doc->name.len == 4);
        CHECK(hook_calls == 1);
        CHECK(doc->v1.kind_sum == 3 && doc->v1.first_value == 256);
        CHECK(seen_kind_sum == 3 && seen_first_value == 256 && seen_span == 4);
        seen_kind_sum = seen_first_value = 0;
        seen_span = 0;
        ak_diags *dv = ak_diags_new(NULL);
        ak_input vin = {"demo", (const uint8_t *)b.data, b.len, false};
        demo_validate(&vin, NULL, dv);
        CHECK(seen_kind_sum == 3 && seen_first_value == 256 && seen_span == 4);
        ak_diags_free(dv);
        ak_buf out;
        ak_buf_init(&out);
        CHECK(demo_encode(doc, &out));
        CHECK(out.len == b.len && memcmp(out.data, b.data, b.len) == 0);
        ak_buf json;
        ak_buf_init(&json);
        ak_input in = {"demo", (const uint8_t *)b.data, b.len, false};
        ak_options opt = {0};
        ak_diags *d2 = ak_diags_new(NULL);
        CHECK(demo_dump(&in, &opt, d2, &json));
        ak_input jin = {"demo.json", (const uint8_t *)json.data, json.len, false};
        ak_buf back;
        ak_buf_init(&back);
        CHECK(demo_undump(&jin, &opt, d2, &back));
        if (getenv("DEMO_DEBUG")) {
            fwrite(json.data, 1, json.len, stdout);
            for (size_t k = 0; k < ak_diags_count(d2); k++)
                printf("diag %s %s %s\n", ak_diags_at(d2, k)->rule->code, ak_diags_at(d2, k)->path,
                       ak_diags_at(d2, k)->message);
            printf("lens %zu %zu\n", back.len, b.len);
            for (size_t k = 0; k < b.len && k < back.len; k++)
                printf("%02x/%02x ", (uint8_t)b.data[k], (uint8_t)back.data[k]);
            printf("\n");
        }
        CHECK(back.len == b.len && memcmp(back.data, b.data, b.len) == 0);
        ak_buf_free(&back);
        ak_buf_free(&json);
        ak_buf_free(&out);
        ak_diags_free(d2);
    }
    ak_diags_free(d);
    ak_arena_free(&arena);

    /* diagnostics of each construct */
    struct {
        uint8_t flag;
        const char *label;
        float t1;
        size_t cut;
        const char *code;
        const char *path;
    } cases[] = {
        {2, "hello", 1.0f, 0, "demo.string.flag", "/label"},
        {1, "bad", 1.0f, 0, "demo.hook.check", "/label"},
        {0, "", 0.25f, 0, "demo.item.order", "/items/1/time"},
        /* a fixed array of scalars is one value (a tuple): truncated as a whole */
        {1, "hello", 1.0f, 22, "demo.file.truncated", "/fixed"},
        {1, "hello", 1.0f, 6, "demo.item.count", "/count"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        ak_buf m;
        ak_buf_init(&m);
        build(&m, cases[i].flag, cases[i].label, cases[i].t1);
        if (cases[i].cut)
            m.len = cases[i].cut + 2; /* inside the first item */
        ak_diags *dv = ak_diags_new(NULL);
        ak_input in = {"demo", (const uint8_t *)m.data, m.len, false};
        ak_options opt = {0};
        demo_validate(&in, &opt, dv);
        if (strcmp(first_code(dv), cases[i].code) != 0 ||
            strcmp(ak_diags_at(dv, 0)->path, cases[i].path) != 0) {
            printf("FAIL case %zu: got %s %s\n", i, first_code(dv), ak_diags_count(dv) ? ak_diags_at(dv, 0)->path : "");
            failures++;
        }
        ak_diags_free(dv);
        ak_buf_free(&m);
    }
    ak_buf_free(&b);
    printf("%s\n", failures ? "FAILED" : "ok");
    return failures ? 1 : 0;
}
