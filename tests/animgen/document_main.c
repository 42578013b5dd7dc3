/* The code animgen generates for tests/animgen/document_ok.document (a text
 * format's document): a document filled in C dumps to the expected text,
 * that text builds the same document back (dump -> undump -> dump gives the
 * same text), members the dump may leave out take their defaults, and one
 * change to the dump per problem gives the expected diagnostic; the generated
 * ak_format_demo dumps, re-emits and undumps through the hand-written reader
 * and writer.
 *
 * With an argument it prints the dump (`--dump`) or the dump's JSON Schema
 * (`--schema`) for tests/animgen/check_document_schema.py. */
#include "demo_layout.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"

static const char want[] = "{\n"
                           "  \"title\": \"demo\",\n"
                           "  \"scale\": 2.5,\n"
                           "  \"level\": 3,\n"
                           "  \"visible\": true,\n"
                           "  \"mode\": \"off\",\n"
                           "  \"tags\": [\n"
                           "    \"a\",\n"
                           "    \"b\"\n"
                           "  ],\n"
                           "  \"modes\": [\n"
                           "    \"on\",\n"
                           "    \"off\"\n"
                           "  ],\n"
                           "  \"items\": [\n"
                           "    {\n"
                           "      \"shape\": \"circle\",\n"
                           "      \"size\": 1,\n"
                           "      \"count\": 3,\n"
                           "      \"solid\": true,\n"
                           "      \"radius\": 0.5,\n"
                           "      \"spokes\": 6\n"
                           "    },\n"
                           "    {\n"
                           "      \"shape\": \"hexagon\",\n"
                           "      \"size\": 2,\n"
                           "      \"count\": 0,\n"
                           "      \"solid\": false,\n"
                           "      \"width\": 4,\n"
                           "      \"hole\": {\n"
                           "        \"x\": 1,\n"
                           "        \"y\": -2\n"
                           "      }\n"
                           "    },\n"
                           "    {\n"
                           "      \"shape\": \"rounded-box\",\n"
                           "      \"size\": 0,\n"
                           "      \"count\": 1,\n"
                           "      \"solid\": true,\n"
                           "      \"width\": 1,\n"
                           "      \"corner\": 0.25\n"
                           "    }\n"
                           "  ]\n"
                           "}\n";

/* What a grammar's actions would fill. */
static demo_doc filled(void)
{
    static const char *tags[] = {"a", "b"};
    static int modes[] = {DEMO_MODE_ON, DEMO_MODE_OFF};
    static demo_item items[3];
    memset(items, 0, sizeof items);
    items[0] = (demo_item){.at = {3, 9}, .shape = DEMO_SHAPE_CIRCLE, .size = 1, .count = 3, .solid = true,
                           .radius = 0.5, .spokes = 6};
    items[1] = (demo_item){.shape = -1, .shape_word = "hexagon", .size = 2, .count = 0, .solid = false, .width = 4,
                           .hole = {.x = 1, .y = -2}};
    items[2] = (demo_item){.shape = DEMO_SHAPE_ROUNDED_BOX, .size = 0, .count = 1, .solid = true, .width = 1,
                           .has_corner = true, .corner = 0.25};
    demo_doc doc = {.title = "demo", .has_scale = true, .scale = 2.5, .level = 3, .visible = true,
                    .mode = DEMO_MODE_OFF, .tags = tags, .tags_count = 2, .modes = modes, .modes_count = 2,
                    .items = items, .items_count = 3};
    return doc;
}

/* The dump of the document built from json (NULL when it is refused; the
   diagnostics go to d). */
static char *round_trip(const char *json, ak_diags *d)
{
    ak_arena arena;
    ak_arena_init(&arena, 1 << 12);
    demo_doc *doc = demo_undump_document((const uint8_t *)json, strlen(json), &arena, d);
    char *text = NULL;
    ak_buf out;
    ak_buf_init(&out);
    if (doc && demo_dump_document(doc, &out))
        text = strdup(ak_buf_cstr(&out));
    ak_buf_free(&out);
    ak_arena_free(&arena);
    return text;
}

static void test_dump(void)
{
    demo_doc doc = filled();
    ak_buf out;
    ak_buf_init(&out);
    CHECK(demo_dump_document(&doc, &out) && strcmp(ak_buf_cstr(&out), want) == 0);
    if (strcmp(ak_buf_cstr(&out), want) != 0)
        printf("dumped:\n%s", ak_buf_cstr(&out));
    ak_buf_free(&out);
    ak_diags *d = ak_diags_new(NULL);
    char *again = round_trip(want, d);
    CHECK(again && strcmp(again, want) == 0 && ak_diags_count(d) == 0);
    free(again);
    ak_diags_free(d);
    CHECK(strcmp(demo_shape_words[DEMO_SHAPE_ROUNDED_BOX], "rounded-box") == 0 && DEMO_SHAPE_COUNT == 3);
    /* the spans are in the editors' dump only, each as "@<name>" */
    ak_buf_init(&out);
    CHECK(ak_ldump_document_spans(demo_document.root, &doc, &out) &&
          strstr(ak_buf_cstr(&out), "    {\n      \"@at\": [3, 9],\n      \"shape\": \"circle\",") &&
          strstr(ak_buf_cstr(&out), "\"@at\": [0, 0]") && /* a struct of scalars: its spans only */
          strstr(ak_buf_cstr(&out), "\"hole\": {\n        \"@at\": [0, 0]\n      }"));
    ak_buf_free(&out);
    /* the document as one value: its decoder hands the document over */
    ak_input in = {"demo", (const uint8_t *)want, strlen(want), false};
    ak_arena arena;
    ak_arena_init(&arena, 1 << 12);
    void *read = NULL;
    d = ak_diags_new(NULL);
    CHECK(demo_document.decode(&in, NULL, d, &arena, &read) && read && ((demo_doc *)read)->items_count == 3);
    ak_diags_free(d);
    ak_arena_free(&arena);
}

/* want with `from` replaced by `to` (once). */
static char *edited(const char *from, const char *to)
{
    const char *at = strstr(want, from);
    if (!at)
        return NULL;
    size_t n = strlen(want) - strlen(from) + strlen(to);
    char *s = malloc(n + 1);
    memcpy(s, want, (size_t)(at - want));
    strcpy(s + (at - want), to);
    strcat(s, at + strlen(from));
    return s;
}

typedef struct ucase {
    const char *from, *to;
    const char *code; /* NULL: builds the document of `want` (a default or an accepted spelling) */
    const char *path;
    const char *in_message;
} ucase;

static const ucase ucases[] = {
    /* members the dump may leave out: the defaults are the values dumped */
    {"  \"level\": 3,\n", "", NULL, NULL, NULL},
    {"  \"visible\": true,\n  \"mode\": \"off\",\n", "", NULL, NULL, NULL},
    /* refused: by category, with the codes `undump { ... }` gives */
    {"\"level\": 3", "\"level\": 7", "demo.undump.value", "/level", "cannot hold"},
    {"\"level\": 3", "\"level\": 10", "demo.undump.value", "/level", "cannot hold"},
    {"\"level\": 3", "\"level\": 1.5", "demo.undump.value", "/level", "an integer is needed"},
    {"\"scale\": 2.5", "\"scale\": \"nan\"", "demo.undump.value", "/scale", "cannot hold"},
    {"\"size\": 1,", "\"size\": -1,", "demo.undump.value", "/items/0/size", "cannot hold"},
    {"\"mode\": \"off\"", "\"mode\": \"auto\"", "demo.undump.value", "/mode", "'auto' is not a word of mode"},
    {"\"on\",", "\"onn\",", "demo.undump.value", "/modes/0", "'onn' is not a word of mode"},
    {"\"shape\": \"hexagon\"", "\"shape\": 5", "demo.undump.value", "/items/1/shape", "a word of shape"},
    {"\"title\": \"demo\"", "\"title\": 1", "demo.undump.value", "/title", "a string is needed"},
    {"\"visible\": true", "\"visible\": 1", "demo.undump.value", "/visible", "true or false"},
    {"\"x\": 1", "\"x\": true", "demo.undump.value", "/items/1/hole/x", "a number is needed"},
    {"    \"b\"\n", "    \"b\", \"c\"\n", "demo.undump.member", "/tags", "at most 2 elements, not 3"},
    {"  \"title\": \"demo\",\n", "", "demo.undump.member", "", "member 'title' is missing"},
    {"\"title\": \"demo\",", "\"title\": \"demo\", \"colour\": 1,", "demo.undump.member", "/colour",
     "unknown member"},
    {"\"size\": 1,", "\"at\": [3, 9], \"size\": 1,", "demo.undump.member", "/items/0/at", "unknown member"},
    {"\"radius\": 0.5,", "\"radius\": 0.5, \"width\": 1,", "demo.undump.member", "/items/0/width", "exclude"},
    {"\"radius\": 0.5,\n      \"spokes\": 6", "\"radius\": 0.5", "demo.undump.member", "/items/0",
     "member 'spokes' is missing"},
    {"\"count\": 3,\n      \"solid\": true,\n      \"radius\": 0.5,\n      \"spokes\": 6",
     "\"spokes\": 6,\n      \"count\": 3,\n      \"solid\": true,\n      \"radius\": 0.5", "demo.undump.member",
     "/items/0/spokes", "comes before"},
    {"\"title\": \"demo\",", "\"title\": \"demo\", \"title\": \"demo\",", "demo.undump.member", "/title", NULL},
    {"\"corner\": 0.25", "\"corner\": \"x\"", "demo.undump.value", "/items/2/corner", "a number is needed"},
};

static void test_undump(void)
{
    for (size_t i = 0; i < sizeof ucases / sizeof ucases[0]; i++) {
        const ucase *uc = &ucases[i];
        char *json = edited(uc->from, uc->to);
        ak_diags *d = ak_diags_new(NULL);
        char *back = json ? round_trip(json, d) : NULL;
        bool ok = json != NULL;
        if (uc->code) {
            const ak_diag *g = ak_diags_count(d) ? ak_diags_at(d, 0) : NULL;
            ok = ok && !back && g && strcmp(g->rule->code, uc->code) == 0 && strcmp(g->path, uc->path) == 0 &&
                 g->line > 0 && (!uc->in_message || strstr(g->message, uc->in_message));
        } else {
            ok = ok && back && strcmp(back, want) == 0 && ak_diags_count(d) == 0;
        }
        if (!ok) {
            printf("FAIL undump case %zu (%s -> %s): want %s at '%s'; got\n", i, uc->from, uc->to,
                   uc->code ? uc->code : "the same document", uc->path ? uc->path : "");
            for (size_t k = 0; k < ak_diags_count(d); k++) {
                const ak_diag *g = ak_diags_at(d, k);
                printf("  %s at '%s' (line %u): %s\n", g->rule->code, g->path, (unsigned)g->line, g->message);
            }
            failures++;
        }
        free(back);
        free(json);
        ak_diags_free(d);
    }
    /* a NaN where the field is a plain f64 (no `finite`) is kept, and dumped again */
    char *json = edited("\"corner\": 0.25", "\"corner\": \"nan\"");
    ak_diags *d = ak_diags_new(NULL);
    char *back = round_trip(json, d);
    CHECK(back && strcmp(back, json) == 0);
    free(back);
    free(json);
    ak_diags_free(d);
}

/* The hand-written part of the demo format, whose files are their dumps:
   the generated ak_format_demo reads and writes through these. */
int demo_sniff(const uint8_t *p, size_t n)
{
    return n && p[0] == '{' ? AK_SNIFF_CONTENT : AK_SNIFF_NO;
}

void demo_validate(const ak_input *in, const ak_options *opt, ak_diags *d)
{
    (void)in, (void)opt, (void)d;
}

bool demo_document_decode(const ak_input *in, const ak_options *opt, ak_diags *d, ak_arena *arena, demo_doc **out)
{
    (void)opt;
    *out = demo_undump_document(in->data, in->size, arena, d);
    return *out != NULL;
}

bool demo_document_encode(demo_doc *doc, const ak_options *opt, ak_diags *d, ak_buf *out)
{
    (void)opt, (void)d;
    doc->level++; /* so that a test sees that the document went through here */
    return demo_dump_document(doc, out);
}

/* ak_format_demo: dump, re-emission and undump go through the document. */
static void test_format(void)
{
    CHECK(strcmp(ak_format_demo.id, "demo") == 0 && ak_format_demo.text && !ak_format_demo.to_model);
    CHECK(strcmp(ak_format_demo.extensions[0], ".demodoc") == 0 && ak_format_demo.sniff((const uint8_t *)"{", 1));
    ak_input in = {"x.demodoc", (const uint8_t *)want, strlen(want), false};
    ak_diags *d = ak_diags_new(NULL);
    ak_buf dumped, emitted, undumped;
    ak_buf_init(&dumped), ak_buf_init(&emitted), ak_buf_init(&undumped);
    CHECK(ak_format_demo.dump(&in, NULL, d, &dumped) && strcmp(ak_buf_cstr(&dumped), want) == 0);
    CHECK(ak_format_demo.reemit(&in, NULL, d, &emitted) && strstr(ak_buf_cstr(&emitted), "\"level\": 4,"));
    CHECK(ak_format_demo.undump(&in, NULL, d, &undumped) && strcmp(ak_buf_cstr(&undumped), ak_buf_cstr(&emitted)) == 0);
    ak_input bad = {"y.json", (const uint8_t *)"{}", 2, false};
    ak_buf_free(&undumped);
    CHECK(!ak_format_demo.undump(&bad, NULL, d, &undumped) && ak_diags_errors(d) > 0);
    ak_buf_free(&dumped), ak_buf_free(&emitted), ak_buf_free(&undumped);
    ak_diags_free(d);
}

int main(int argc, char **argv)
{
    if (argc == 2 && strcmp(argv[1], "--schema") == 0) {
        fputs(demo_dump_schema, stdout);
        return 0;
    }
    if (argc == 2 && strcmp(argv[1], "--dump") == 0) {
        demo_doc doc = filled();
        ak_buf out;
        ak_buf_init(&out);
        bool ok = demo_dump_document(&doc, &out);
        fputs(ak_buf_cstr(&out), stdout);
        ak_buf_free(&out);
        return ok ? 0 : 1;
    }
    test_dump();
    test_undump();
    test_format();
    printf("%s\n", failures ? "FAILED" : "ok");
    return failures ? 1 : 0;
}
