/* The generic JSON tree (gen/rt/ak_jtree.h), the JSON writer's Qt number
 * style, and the schema-driven completion (gen/rt/ak_jcomplete.h) on the
 * tables animgen generates from tests/animgen/json/defaults.schema. */
#include "ak_jcomplete.h"
#include "defaults_layout.h"
#include "jtree_support.h"

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

/* text through the tree and a compact writer (members in file order, or sorted) */
static void round_trip(const char *text, bool sort, const char *expected)
{
    ak_jtree t;
    ak_jtree_init(&t, NULL, NULL, "a test tree");
    assert_true(ak_jtree_read(&t, (const uint8_t *)text, strlen(text)));
    ak_test_tree_is(t.root, sort, expected);
    ak_jtree_free(&t);
}

static void test_tree_round_trip(void **state)
{
    (void)state;
    round_trip("{\"b\": [1, 2.5, \"x\\u00e9\", null, true, false, {}, []], \"a\": {\"c\": {\"d\": [[]]}}, \"a\": 1}", false,
               "{\"b\":[1,2.5,\"x\xc3\xa9\",null,true,false,{},[]],\"a\":{\"c\":{\"d\":[[]]}},\"a\":1}");
    round_trip("{\"z\": 1, \"y\": {\"b\": 2, \"a\": 3}}", true, "{\"y\":{\"a\":3,\"b\":2},\"z\":1}");
    /* deeper than any C stack would take recursively */
    char deep[20001];
    memset(deep, '[', 10000);
    memset(deep + 10000, ']', 10000);
    deep[20000] = 0;
    ak_jtree t;
    ak_jtree_init(&t, NULL, NULL, "a test tree");
    assert_false(ak_jtree_read(&t, (const uint8_t *)deep, 20000)); /* the front end's depth cap: 1024 */
    ak_jtree_free(&t);
}

static void test_build_copy_walk(void **state)
{
    (void)state;
    ak_jtree t;
    ak_jtree_init(&t, NULL, NULL, "a test tree");
    ak_jnode *o = ak_jnode_new(&t, AK_JOBJ), *a = ak_jnode_new(&t, AK_JARR);
    ak_jnode_set(&t, o, "list", a);
    ak_jnode_append(&t, a, NULL, 0, ak_jnode_num(&t, 1));
    ak_jnode_append(&t, a, NULL, 0, ak_jnode_str(&t, "two"));
    ak_jnode_set(&t, o, "flag", ak_jnode_bool(&t, true));
    ak_jnode_set(&t, o, "flag", ak_jnode_bool(&t, false)); /* replaced, not added */
    assert_int_equal(o->count, 2);
    ak_jnode *c = ak_jnode_copy(&t, o);
    ak_jnode_del(o, "list");
    assert_null(ak_jnode_get(o, "list"));
    assert_int_equal(ak_jnode_get(c, "list")->count, 2);
    assert_true(ak_jnode_is(ak_jnode_get(c, "list")->items[1].v, "two"));
    assert_string_equal(ak_jnode_text(c, "flag"), ""); /* not a string */
    assert_true(ak_jnode_number(c, "flag", -2) == -2); /* not a number */
    assert_true(ak_jnode_number(c, "none", 7) == 7);
    ak_jnode_set(&t, c, "n", ak_jnode_num(&t, 0.5));
    assert_true(ak_jnode_number(c, "n", 7) == 0.5);
    assert_int_equal(ak_jnode_get(c, "flag")->kind, AK_JFALSE);
    assert_null(ak_jtree_parse(&t, "{\"a\": ", 6));
    assert_true(t.failed);
    ak_jtree_free(&t);
}

static void test_pointer(void **state)
{
    (void)state;
    const char *text = "{\"a\": [1, {\"b/c\": 2, \"d~\": [3]}], \"\": 4, \"e\": {\"1\": 5}}";
    ak_jtree t;
    ak_jtree_init(&t, NULL, NULL, "a test tree");
    assert_true(ak_jtree_read(&t, (const uint8_t *)text, strlen(text)));
    assert_ptr_equal(ak_jnode_at(t.root, ""), t.root);
    assert_true(ak_jnode_at(t.root, "/a/0")->num == 1);
    assert_true(ak_jnode_at(t.root, "/a/1/b~1c")->num == 2);
    assert_true(ak_jnode_at(t.root, "/a/1/d~0/0")->num == 3);
    assert_true(ak_jnode_at(t.root, "/")->num == 4);
    assert_true(ak_jnode_at(t.root, "/e/1")->num == 5); /* a member named by digits */
    static const char *const none[] = {"/a/2", "/a/01", "/a/-", "/a/", "/a/1/b/c", "/a/1/d~2", "/x", "a",
                                       "/a/0/x", "/a/99999999999999999999999"};
    for (size_t i = 0; i < sizeof none / sizeof none[0]; i++)
        assert_null(ak_jnode_at(t.root, none[i]));
    ak_jtree_free(&t);
}

static unsigned count_visit(ak_jtree *t, ak_jnode *v, const char *key, unsigned up, void *arg)
{
    (void)t, (void)v;
    size_t *n = arg;
    n[0]++;
    n[1] += key != NULL;
    n[2] += up;
    return up + 1; /* the depth of the children */
}

static void test_walk(void **state)
{
    (void)state;
    const char *text = "{\"a\": [1, {\"b\": 2}], \"c\": 3}";
    ak_jtree t;
    ak_jtree_init(&t, NULL, NULL, "a test tree");
    assert_true(ak_jtree_read(&t, (const uint8_t *)text, strlen(text)));
    size_t n[3] = {0, 0, 0};
    assert_true(ak_jtree_walk(&t, t.root, count_visit, n));
    assert_int_equal(n[0], 6); /* root, a, 1, {b}, 2, c */
    assert_int_equal(n[1], 3); /* a, b, c */
    assert_int_equal(n[2], 0 + 1 + 2 + 2 + 3 + 1);
    ak_jtree_free(&t);
}

static void qt(double v, const char *expected)
{
    ak_buf out;
    ak_buf_init(&out);
    ak_json_writer w;
    ak_json_writer_options o = {0, false, false};
    ak_json_writer_init(&w, &out, &o);
    w.number_style = AK_JSON_NUMBERS_QT;
    ak_json_f64(&w, v);
    assert_true(ak_json_writer_finish(&w));
    assert_int_equal(out.len, strlen(expected));
    assert_memory_equal(out.data, expected, out.len);
    ak_buf_free(&out);
}

static void test_qt_numbers(void **state)
{
    (void)state;
    qt(1.0, "1");
    qt(-0.0, "0");
    qt(0.5, "0.5");
    qt(-123456.75, "-123456.75");
    qt(0.0001, "0.0001");
    qt(0.00001, "1e-05");
    qt(1.5e-7, "1.5e-07");
    qt(9007199254740992.0, "9007199254740992");
    qt(1e21, "1e+21");
    qt(123456789012345680000.0, "123456789012345680000");
    qt(0.1 + 0.2, "0.30000000000000004");
}

static int keys;
static ak_jnode *next_key(void *user, ak_jtree *t, const ak_jobject *o, const ak_jmember *m)
{
    (void)user, (void)o;
    assert_string_equal(m->name, "id");
    static char names[8][8];
    snprintf(names[keys % 8], 8, "key%d", keys);
    return ak_jnode_str(t, names[keys++ % 8]);
}

/* text read shallow (its arrays unread), completed as it is written
   (ak_jcomplete_write_to), compact and sorted; the arena's blocks after */
static size_t completes_streamed(const char *text, int version, const char *expected)
{
    ak_jtree t;
    ak_jtree_init(&t, NULL, NULL, "a test tree");
    ak_input in = {"test", (const uint8_t *)text, strlen(text), false};
    ak_jnode *root = ak_jtree_parse_shallow(&t, in.data, in.size, false);
    assert_non_null(root);
    ak_buf out;
    ak_buf_init(&out);
    ak_json_writer w;
    ak_json_writer_options o = {0, true, false};
    ak_json_writer_init(&w, &out, &o);
    keys = 0;
    assert_true(ak_jcomplete_write_to(&t, root, &in, &defaults_schema, version, next_key, NULL, &w, NULL));
    assert_true(ak_json_writer_finish(&w));
    if (out.len != strlen(expected) || memcmp(out.data, expected, out.len) != 0)
        fail_msg("streamed %.*s\nexpected %s", (int)out.len, out.data, expected);
    ak_buf_free(&out);
    size_t total = t.arena->total;
    ak_jtree_free(&t);
    return total;
}

/* text completed as a document of its version, written compact and sorted:
   the tree whole, then streamed */
static void completes(const char *text, int version, const char *expected)
{
    ak_jtree t;
    ak_jtree_init(&t, NULL, NULL, "a test tree");
    assert_true(ak_jtree_read(&t, (const uint8_t *)text, strlen(text)));
    keys = 0;
    assert_true(ak_jcomplete(&t, &defaults_schema, version, next_key, NULL));
    ak_test_tree_is(t.root, true, expected);
    ak_jtree_free(&t);
    completes_streamed(text, version, expected);
}

/* A shallow reading leaves every array unread, its '[' at hand. */
static void test_shallow_reading(void **state)
{
    (void)state;
    const char *text = "{\"a\": [1, [2, {\"b\": [3]}], \"]\"],\n \"c\": {\"d\": [ ], \"e\": \"x\"}, \"f\": 2}";
    ak_jtree t;
    ak_jtree_init(&t, NULL, NULL, "a test tree");
    ak_jnode *root = ak_jtree_parse_shallow(&t, (const uint8_t *)text, strlen(text), false);
    assert_non_null(root);
    assert_int_equal(root->count, 3);
    ak_jnode *a = ak_jnode_get(root, "a"), *d = ak_jnode_at(root, "/c/d");
    assert_true(ak_jnode_unread(a) && ak_jnode_unread(d));
    assert_int_equal(a->count, 0);
    assert_ptr_equal(a->str, text + 6);
    assert_ptr_equal(d->str, strstr(text, "[ ]"));
    assert_true(ak_jnode_is(ak_jnode_at(root, "/c/e"), "x"));
    assert_true(ak_jnode_number(root, "f", 0) == 2);
    /* an array read whole is not unread; an array at the root is */
    assert_true(ak_jtree_read(&t, (const uint8_t *)text, strlen(text)));
    assert_false(ak_jnode_unread(ak_jnode_get(t.root, "a")));
    assert_true(ak_jnode_unread(ak_jtree_parse_shallow(&t, (const uint8_t *)"[1]", 3, false)));
    ak_jtree_free(&t);
}

/* Arrays at every level (of arrays, of scalars, empty, spaced), unsorted
   members and members no type has, completed as they are written, as the
   tree completes them; a long array holds one element at a time. */
static void test_complete_streamed(void **state)
{
    (void)state;
    completes("{\"version\": 5, \"unknown\": [[1, [2]], [], {\"z\": [3], \"a\": 4}],\r\n\t\"meta\": {\"l\": "
              "[\"#ABC\", [ ] ]}, \"main\": {\"children\": [ {\"__type__\": \"Group\", \"id\": \"g\", \"children\": "
              "[{\"size\": 3, \"__type__\": \"Rect\", \"id\": \"r\", \"color\": \"#AABBCC\"}]} ,\n"
              "{\"__type__\": \"Nope\", \"c\": [{\"__type__\": \"Rect\"}]}], \"id\": \"m\", \"__type__\": \"Group\"}}",
              5,
              "{\"main\":{\"__type__\":\"Group\",\"at\":{\"x\":0,\"y\":-1.5},\"children\":[{\"__type__\":\"Group\","
              "\"at\":{\"x\":0,\"y\":-1.5},\"children\":[{\"__type__\":\"Rect\",\"color\":\"#aabbcc\",\"id\":\"r\","
              "\"size\":3}],\"color\":\"#000000\",\"id\":\"g\",\"mask\":false},{\"__type__\":\"Nope\",\"c\":"
              "[{\"__type__\":\"Rect\"}]}],\"color\":\"#000000\",\"id\":\"m\",\"mask\":false},\"meta\":{\"l\":"
              "[\"#ABC\",[]]},\"shapes\":[],\"unknown\":[[1,[2]],[],{\"a\":4,\"z\":[3]}],\"version\":5}");
    enum { RECTS = 20000 };
    ak_buf text, expected;
    ak_buf_init(&text);
    ak_buf_init(&expected);
    ak_buf_printf(&text, "{\"version\": 5, \"main\": {\"__type__\": \"Group\", \"id\": \"m\"}, \"shapes\": [");
    ak_buf_printf(&expected, "{\"main\":{\"__type__\":\"Group\",\"at\":{\"x\":0,\"y\":-1.5},\"children\":[],"
                              "\"color\":\"#000000\",\"id\":\"m\",\"mask\":false},\"meta\":{},\"shapes\":[");
    for (int i = 0; i < RECTS; i++) {
        ak_buf_printf(&text, "%s{\"size\": %d, \"id\": \"r%d\", \"__type__\": \"Rect\"}", i ? ", " : "", i, i);
        ak_buf_printf(&expected, "%s{\"__type__\":\"Rect\",\"color\":\"#000000\",\"id\":\"r%d\",\"size\":%d}",
                       i ? "," : "", i, i);
    }
    ak_buf_printf(&text, "]}");
    ak_buf_printf(&expected, "],\"version\":5}");
    ak_buf_append(&expected, "", 1);
    ak_buf_append(&text, "", 1);
    /* the tree whole takes megabytes; written as read, a few blocks */
    assert_in_range(completes_streamed(text.data, 5, expected.data), 1, 4 << 16);
    ak_buf_free(&text);
    ak_buf_free(&expected);
}

static void test_complete_defaults(void **state)
{
    (void)state;
    /* version 5: mask false, no speed; main typed with its key, then filled */
    completes("{\"version\": 5}", 5,
              "{\"main\":{\"__type__\":\"Group\",\"at\":{\"x\":0,\"y\":-1.5},\"children\":[],\"color\":\"#000000\","
              "\"id\":\"key0\",\"mask\":false},\"meta\":{},\"shapes\":[],\"version\":5}");
    /* version 7: mask "NoMask", speed required since 7; nested nodes filled, present values kept */
    completes("{\"version\": 7, \"main\": {\"__type__\": \"Group\", \"mask\": \"Alpha\", \"children\": "
              "[{\"__type__\": \"Rect\"}, {\"__type__\": \"Nope\"}]}}",
              7,
              "{\"main\":{\"__type__\":\"Group\",\"at\":{\"x\":0,\"y\":-1.5},\"children\":[{\"__type__\":\"Rect\","
              "\"color\":\"#000000\",\"id\":\"key1\",\"size\":1},{\"__type__\":\"Nope\"}],\"color\":\"#000000\","
              "\"id\":\"key0\",\"mask\":\"Alpha\",\"speed\":7},\"meta\":{},\"shapes\":[],\"version\":7}");
}

static void test_complete_canonical(void **state)
{
    (void)state;
    completes("{\"version\": 5, \"meta\": {\"id\": \"{ABCDEF01-2345-4678-89AB-CDEF01234567}\", \"color\": \"#ABC\"},"
              " \"shapes\": [{\"__type__\": \"Rect\", \"id\": \"{ABCDEF01-2345-4678-89AB-CDEF01234567}\", \"color\": "
              "\"#ABC\", \"size\": 2}, {\"__type__\": \"Rect\", \"id\": \"abcdef01-2345-4678-89ab-cdef01234567\", "
              "\"color\": \"#11223344\", \"size\": 2}, {\"__type__\": \"Rect\", \"id\": \"x\", \"color\": \"#AABBCCFF\","
              " \"size\": 2}, {\"__type__\": \"Rect\", \"id\": \"y\", \"color\": \"Red\", \"size\": 2}],"
              " \"main\": {\"__type__\": \"Group\", \"id\": \"k\", \"color\": \"#123456789\", \"children\": [],"
              " \"mask\": true, \"at\": {\"x\": 1, \"y\": 2}}}",
              5,
              /* meta is map<any>: left as it is; names and Qt's long forms have no #rrggbb spelling */
              "{\"main\":{\"__type__\":\"Group\",\"at\":{\"x\":1,\"y\":2},\"children\":[],\"color\":\"#123456789\","
              "\"id\":\"k\",\"mask\":true},\"meta\":{\"color\":\"#ABC\",\"id\":\"{ABCDEF01-2345-4678-89AB-CDEF01234567}\"},"
              "\"shapes\":[{\"__type__\":\"Rect\",\"color\":\"#aabbcc\",\"id\":\"abcdef01-2345-4678-89ab-cdef01234567\","
              "\"size\":2},{\"__type__\":\"Rect\",\"color\":\"#11223344\",\"id\":\"abcdef01-2345-4678-89ab-cdef01234567\","
              "\"size\":2},{\"__type__\":\"Rect\",\"color\":\"#aabbcc\",\"id\":\"x\",\"size\":2},{\"__type__\":\"Rect\","
              "\"color\":\"Red\",\"id\":\"y\",\"size\":2}],\"version\":5}");
}

static unsigned place_visit(ak_jtree *t, ak_jnode *v, const char *key, const ak_jtyped *at, unsigned up, void *arg)
{
    (void)t, (void)v;
    char *log = arg;
    size_t n = strlen(log);
    snprintf(log + n, 1024 - n, "%u %s %s %s;", up, key ? key : "-", at->object ? at->object->name : "-",
             at->member ? at->member->name : "-");
    return up + 1; /* the depth of the children */
}

/* The typed walk: objects resolved by their discriminator, members and
   elements with their member; unknown members, any, unknown types skipped. */
static void test_schema_walk(void **state)
{
    (void)state;
    const char *text = "{\"version\": 7, \"meta\": {\"a\": {\"x\": 1}}, \"shapes\": [{\"__type__\": \"Rect\", "
                       "\"size\": 2}, {\"__type__\": \"Nope\", \"id\": \"z\"}], \"main\": {\"__type__\": \"Group\", "
                       "\"at\": {\"x\": 1, \"y\": 2}, \"extra\": {\"x\": 3}}, \"unknown\": [1]}";
    ak_jtree t;
    ak_jtree_init(&t, NULL, NULL, "a test tree");
    char log[1024] = "";
    assert_false(ak_jschema_walk(&t, &defaults_schema, false, place_visit, log)); /* no root */
    assert_false(t.failed);
    assert_true(ak_jtree_read(&t, (const uint8_t *)text, strlen(text)));
    assert_true(ak_jschema_walk(&t, &defaults_schema, false, place_visit, log));
    assert_string_equal(log, "0 - Doc -;1 version - version;1 meta - meta;1 shapes - shapes;2 - Rect shapes;"
                             "3 __type__ - __type__;3 size - size;1 main Group main;2 __type__ - __type__;"
                             "2 at point at;3 x - x;3 y - y;");
    ak_jtree_free(&t);
}

/* The typed walk of a shallow reading, its arrays' elements read one at a
   time: the same visits in the same order as the walk of the whole tree. */
static void test_schema_walk_input(void **state)
{
    (void)state;
    const char *text = "{\"version\": 7, \"meta\": {\"a\": {\"x\": 1}}, \"shapes\": [{\"__type__\": \"Rect\", "
                       "\"size\": 2}, {\"__type__\": \"Nope\", \"id\": \"z\"}, {\"__type__\": \"Group\", \"children\":"
                       " [ {\"__type__\": \"Group\", \"children\": [{\"__type__\": \"Rect\", \"id\": \"q\"}]} ,"
                       "{\"__type__\": \"Rect\"}]}], \"main\": {\"__type__\": \"Group\", \"children\": [ ], "
                       "\"at\": {\"x\": 1, \"y\": 2}, \"extra\": {\"x\": 3}}, \"unknown\": [1]}";
    ak_input in = {"test", (const uint8_t *)text, strlen(text), false};
    ak_jtree t;
    ak_jtree_init(&t, NULL, NULL, "a test tree");
    char whole[1024] = "", streamed[1024] = "";
    assert_true(ak_jtree_read(&t, in.data, in.size));
    assert_true(ak_jschema_walk(&t, &defaults_schema, false, place_visit, whole));
    ak_jnode *root = ak_jtree_parse_shallow(&t, in.data, in.size, false);
    assert_non_null(root);
    assert_true(ak_jschema_walk_input(&t, root, &in, &defaults_schema, false, place_visit, streamed));
    assert_string_equal(streamed, whole);
    assert_non_null(strstr(whole, "Rect children")); /* the walk reached the nested elements */
    /* pointers through unread arrays; whether they have elements */
    assert_true(ak_jnode_is(ak_jnode_at_input(&t, root, "/shapes/1/id", &in), "z"));
    assert_true(ak_jnode_is(ak_jnode_at_input(&t, root, "/shapes/2/children/0/children/0/id", &in), "q"));
    assert_null(ak_jnode_at_input(&t, root, "/shapes/3", &in));
    assert_null(ak_jnode_at_input(&t, root, "/shapes/01", &in));
    assert_null(ak_jnode_at(root, "/shapes/1/id")); /* without the text: nothing read */
    assert_true(ak_jnode_has_items(ak_jnode_get(root, "shapes")));
    assert_false(ak_jnode_has_items(ak_jnode_at(root, "/main/children")));
    assert_false(ak_jnode_has_items(ak_jnode_get(root, "version")));
    /* an element and its elements are read again for the walk: the same object */
    ak_jnode *again = ak_jnode_at_input(&t, root, "/shapes/2", &in);
    assert_true(ak_jnode_same(again, ak_jnode_at_input(&t, root, "/shapes/2", &in)));
    assert_false(ak_jnode_same(again, ak_jnode_at_input(&t, root, "/shapes/1", &in)));
    /* read whole in its place */
    ak_jnode *shapes = ak_jtree_read_unread(&t, ak_jnode_get(root, "shapes"), &in);
    assert_int_equal(shapes->count, 3);
    assert_false(ak_jnode_unread(ak_jnode_get(shapes->items[2].v, "children")));
    ak_jtree_free(&t);
}

static void test_member_lookups(void **state)
{
    (void)state;
    const ak_jobject *g = NULL;
    for (uint16_t i = 0; i < defaults_schema.object_count; i++)
        if (strcmp(defaults_schema.objects[i].name, "Group") == 0)
            g = &defaults_schema.objects[i];
    assert_non_null(g);
    assert_ptr_equal(ak_jobject_member(g, "at", 2), &g->members[0] + (ak_jobject_member(g, "at", 2) - g->members));
    assert_string_equal(ak_jobject_member(g, "atx", 2)->name, "at");
    assert_string_equal(ak_jobject_member(g, "id", 2)->name, "id"); /* inherited */
    assert_null(ak_jobject_member(g, "nope", 4));
    assert_null(ak_jobject_member(NULL, "at", 2));
    for (uint16_t i = 0; i < g->member_count; i++) {
        const ak_jmember *m = &g->members[i];
        if (strcmp(m->name, "mask") == 0) {
            assert_string_equal(ak_jmember_default(m, 3), "false");
            assert_string_equal(ak_jmember_default(m, 6), "\"NoMask\"");
        }
        if (strcmp(m->name, "speed") == 0) {
            assert_false(ak_jmember_required_in(m, 6));
            assert_true(ak_jmember_required_in(m, 7));
        }
        if (strcmp(m->name, "note") == 0) {
            assert_false(ak_jmember_required_in(m, 9)); /* optional: its default is documentation */
            assert_string_equal(ak_jmember_default(m, 9), "\"\"");
        }
    }
}

/* The tree in its own member order through w (which sorts, when asked). */
static void feed(const ak_jnode *v, ak_json_writer *w)
{
    switch (v->kind) {
    case AK_JNULL: ak_json_null(w); break;
    case AK_JFALSE:
    case AK_JTRUE: ak_json_bool(w, v->kind == AK_JTRUE); break;
    case AK_JNUM: ak_json_f64(w, v->num); break;
    case AK_JSTR: ak_json_string(w, v->str, v->len); break;
    default:
        if (v->kind == AK_JOBJ)
            ak_json_begin_object(w);
        else
            ak_json_begin_array(w);
        for (size_t i = 0; i < v->count; i++) {
            if (v->kind == AK_JOBJ)
                ak_json_key(w, v->items[i].key, v->items[i].key_len);
            feed(v->items[i].v, w);
        }
        if (v->kind == AK_JOBJ)
            ak_json_end_object(w);
        else
            ak_json_end_array(w);
    }
}

typedef struct chunks {
    ak_buf all;
    size_t count;
} chunks;

static bool chunks_write(ak_sink *s, const void *data, size_t n)
{
    chunks *c = s->ctx;
    c->count++;
    return ak_buf_append(&c->all, data, n);
}

/* A tree sorts the members of its objects itself (ak_jtree_write: the
   writer need not hold their text) exactly as the writer sorts them: the
   first key first, then by bytes, a prefix before what it starts, equal
   names in their order; and streamed to a sink, the same text in pieces. */
static void test_tree_sorts_as_the_writer(void **state)
{
    (void)state;
    static const char *const names[] = {"__type__", "b", "a", "ab", "a\\u0000", "\\u00e9", "A", "", "a", "zz", "b"};
    const size_t n_names = sizeof names / sizeof names[0];
    ak_buf text;
    ak_buf_init(&text);
    ak_buf_puts(&text, "[");
    for (unsigned i = 0; i < 3000; i++) {
        ak_buf_puts(&text, i ? ", {" : "{");
        for (size_t k = 0; k < n_names; k++) {
            size_t m = (k * 7 + i) % n_names; /* every object in another order */
            ak_buf_printf(&text, "%s\"%s\": %s", k ? ", " : "", names[m],
                          m == 3 ? "{\"y\": [1, {\"q\": 2, \"p\": 3}], \"x\": {}}" : m == 5 ? "\"s\"" : "1.5");
            if (m == 1)
                ak_buf_printf(&text, "%u", i);
        }
        ak_buf_puts(&text, "}");
    }
    ak_buf_puts(&text, "]");
    ak_jtree t;
    ak_jtree_init(&t, NULL, NULL, "a test tree");
    assert_true(ak_jtree_read(&t, (const uint8_t *)text.data, text.len));
    for (int first = 0; first < 2; first++) {
        ak_json_writer_options o = {4, true, true};
        ak_buf want;
        ak_buf_init(&want);
        ak_json_writer w;
        ak_json_writer_init(&w, &want, &o);
        w.first_key = first ? "__type__" : NULL;
        feed(t.root, &w);
        assert_true(ak_json_writer_finish(&w));
        ak_buf got;
        ak_buf_init(&got);
        ak_json_writer_init(&w, &got, &o);
        w.first_key = first ? "__type__" : NULL;
        chunks c = {.count = 0};
        ak_buf_init(&c.all);
        ak_sink sink = {.write = chunks_write, .ctx = &c};
        assert_true(ak_jtree_write_to(t.root, &w, &sink));
        assert_true(w.opt.sort_keys); /* as it was */
        assert_true(ak_json_writer_finish(&w));
        ak_buf_append(&c.all, got.data, got.len);
        assert_true(c.count > 1);
        assert_int_equal(c.all.len, want.len);
        assert_memory_equal(c.all.data, want.data, want.len);
        ak_buf_free(&c.all);
        ak_buf_free(&got);
        ak_buf_free(&want);
    }
    ak_jtree_free(&t);
    ak_buf_free(&text);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_tree_round_trip),    cmocka_unit_test(test_build_copy_walk),
        cmocka_unit_test(test_tree_sorts_as_the_writer),
        cmocka_unit_test(test_walk),               cmocka_unit_test(test_pointer),
        cmocka_unit_test(test_qt_numbers),
        cmocka_unit_test(test_complete_defaults),  cmocka_unit_test(test_complete_canonical),
        cmocka_unit_test(test_shallow_reading),    cmocka_unit_test(test_complete_streamed),
        cmocka_unit_test(test_member_lookups),     cmocka_unit_test(test_schema_walk),
        cmocka_unit_test(test_schema_walk_input),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
