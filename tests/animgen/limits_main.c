/* The code animgen generates for tests/animgen/layout_limits_ok.layout,
 * compiled and run: each construct's diagnostics (code, path, offset,
 * length, message) with and without the format options that set the
 * bounds, a kept array in a validation hook, and the option words. */
#include "demo3_layout.h"

#include <stdio.h>
#include <string.h>

#include "check.h"

static int hook_items; /* the elements the hook saw */

/* `kept`: the items are in h->obj when validating too */
bool demo3_hook_heavy(ak_lctx *c, const ak_lhook *h)
{
    const demo3_file *o = h->obj;
    hook_items = o->items || !o->items_count ? (int)o->items_count : -1;
    for (size_t i = 0; o->items && i < o->items_count; i++)
        if (o->items[i].weight > 1000 &&
            !ak_lreport(c, &demo3_rules[demo3_R_ITEM_WEIGHT], false, h->spans[0].offset + 3 * i, 3, "items",
                        "%s (item %zu)", demo3_rules[demo3_R_ITEM_WEIGHT].message, i))
            return false;
    return true;
}

/* frames, channels, map[4], count, items (id u8, weight u16), offsets (u16) */
typedef struct spec {
    uint32_t frames;
    uint8_t channels, map[4], count;
    uint16_t weight[4], offset[4];
} spec;

static size_t build(const spec *s, uint8_t *b)
{
    size_t n = 0;
    for (int i = 0; i < 4; i++)
        b[n++] = (uint8_t)(s->frames >> (8 * i));
    b[n++] = s->channels;
    memcpy(b + n, s->map, 4), n += 4;
    b[n++] = s->count;
    for (int i = 0; i < s->count; i++)
        b[n++] = (uint8_t)i, b[n++] = (uint8_t)s->weight[i], b[n++] = (uint8_t)(s->weight[i] >> 8);
    for (int i = 0; i < s->count; i++)
        b[n++] = (uint8_t)s->offset[i], b[n++] = (uint8_t)(s->offset[i] >> 8);
    return n;
}

static const spec good = {40, 4, {0, 1, 0xFF, 3}, 2, {10, 20}, {0, 20}};

/* The first diagnostic of validating s with options (format_options), or NULL. */
static const ak_diag *first(const spec *s, const char *options, ak_diags **d, size_t *count)
{
    static uint8_t b[64];
    size_t n = build(s, b);
    ak_input in = {"demo3", b, n, false};
    ak_options opt = {.format_options = options};
    *d = ak_diags_new(NULL);
    demo3_validate(&in, &opt, *d);
    *count = ak_diags_count(*d);
    for (size_t k = 0; k < *count; k++) {
        const ak_diag *g = ak_diags_at(*d, k);
        printf("  %s at '%s' offset %llu length %llu: %s\n", g->rule->code, g->path, (unsigned long long)g->offset,
               (unsigned long long)g->length, g->message);
    }
    return *count ? ak_diags_at(*d, 0) : NULL;
}

static void expect(const spec *s, const char *options, const char *code, const char *path, uint64_t offset,
                   uint64_t length, const char *message)
{
    ak_diags *d;
    size_t count;
    printf("%s%s%s\n", code ? code : "valid", options ? " with " : "", options ? options : "");
    const ak_diag *g = first(s, options, &d, &count);
    if (!code) {
        CHECK(count == 0);
    } else {
        CHECK(count == 1);
        CHECK(g && strcmp(g->rule->code, code) == 0 && strcmp(g->path, path) == 0 && g->offset == offset &&
              g->length == length && strcmp(g->message, message) == 0);
    }
    ak_diags_free(d);
}

int main(void)
{
    spec s = good;
    expect(&s, NULL, NULL, NULL, 0, 0, NULL);
    CHECK(hook_items == 2);
    /* `<= option`: the default, the option's bound (K, M, G suffixes), a malformed value */
    s.frames = 101;
    expect(&s, NULL, "demo3.limit.frames", "/frames", 0, 4,
           "more frames than max_frames (frames = 101, the limit is 100; format option max_frames sets it)");
    expect(&s, "max_frames=1K,max_cost=1M", NULL, NULL, 0, 0, NULL);
    expect(&s, "max_frames=1x", "demo3.limit.frames", "", 0, 0,
           "format option max_frames: not a count (digits, then K, M or G)");
    s = good;
    /* assert ... <= option: at the array's first byte */
    expect(&s, "max_cost=1599", "demo3.limit.cost", "/offsets", 16, 0,
           "the frames cost more than max_cost (10 * frames * channels = 1600, the limit is 1599; format option "
           "max_cost sets it)");
    expect(&s, "max_cost=1600", NULL, NULL, 0, 0, NULL);
    /* assert each: the element, its index and the other names' values */
    s.map[2] = 4;
    expect(&s, NULL, "demo3.map.channel", "/map", 7, 1,
           "a map value is not below the channel count (map[2] = 4; channels = 4)");
    s = good;
    s.offset[1] = 21;
    expect(&s, NULL, "demo3.map.offset", "/offsets", 18, 2,
           "an offset past the frames per item (offsets[1] = 21; per_item = 20)");
    /* a kept array in validation: the hook reads its elements */
    s = good;
    s.weight[1] = 1001;
    expect(&s, NULL, "demo3.item.weight", "/items", 13, 3, "an item weighs more than 1000 (item 1)");
    /* no items: per_item = frames / 0 is 0, not a trap */
    s = good;
    s.count = 0;
    expect(&s, NULL, NULL, NULL, 0, 0, NULL);
    CHECK(hook_items == 0);
    demo3_file doc = {0};
    demo3_meta_file.lets(&doc, &doc);
    CHECK(doc.per_item == 0);

    /* option words: the first without the option, another value refused */
    int64_t value = -1;
    const char *why = NULL;
    ak_options none = {0}, frame = {.format_options = "order=frame-major"}, bad = {.format_options = "order=x"};
    CHECK(demo3_option_order(&none, &value, &why) == 0 && value == 0);
    CHECK(demo3_option_order(&frame, &value, &why) == 1 && value == 7);
    CHECK(demo3_option_order(&bad, &value, &why) == -1 && value == 0 && why &&
          strcmp(why, "format option order takes channel, frame or frame-major") == 0);
    if (failures)
        printf("%d failures\n", failures);
    return failures != 0;
}
