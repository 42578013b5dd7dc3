/* Migrations between versions (gen/rt/ak_jmigrate.h) on the tables animgen
 * generates from tests/animgen/json/migrate.schema: each action of the
 * schema language's `upgrade to N` / `downgrade to N` on hand-written
 * documents, compared with the documents expected (written compact, members
 * sorted), and the losses and warnings reported. */
#include "ak_jmigrate.h"
#include "jtree_support.h"
#include "migrate_layout.h"

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

/* New objects' keys: k1, k2, ... */
static ak_jnode *next_key(void *user, ak_jtree *t, const ak_jobject *o, const ak_jmember *m)
{
    (void)o, (void)m;
    int *n = user;
    char *s = ak_arena_alloc(t->arena, 16, 1);
    snprintf(s, 16, "k%d", ++*n);
    return ak_jnode_str(t, s);
}

/* Migrates doc from `from` to `to`; the result must be `expected` and the
   diagnostics' messages, joined by "|", `messages`. */
static void migrate(const char *doc, int from, int to, const char *expected, const char *messages)
{
    ak_jtree t;
    ak_jtree_init(&t, NULL, NULL, "a test tree");
    assert_true(ak_jtree_read(&t, (const uint8_t *)doc, strlen(doc)));
    ak_diags *d = ak_diags_new(NULL);
    int keys = 0;
    assert_true(ak_jmigrate(&t, &migrate_schema, from, to, next_key, &keys, d));
    ak_test_tree_is(t.root, true, expected);
    char got[512] = "";
    for (size_t i = 0; i < ak_diags_count(d); i++)
        snprintf(got + strlen(got), sizeof got - strlen(got), "%s%s", i ? "|" : "", ak_diags_at(d, i)->message);
    assert_string_equal(got, messages);
    ak_diags_free(d);
    ak_jtree_free(&t);
}

/* upgrade to 2: a map (`*` covers absence), a rename, a retype, a move into
   a nested object, a copy, a move into an array at index 0 */
static void test_upgrade(void **state)
{
    (void)state;
    migrate("{\"version\": 1, \"main\": {\"__type__\": \"Circle\", \"id\": \"m\", \"mode\": true, \"spin\": 2,"
            " \"at\": {\"x\": 1, \"y\": 2}, \"pose\": {\"__type__\": \"Pose\"}}, \"lists\": {\"__type__\": \"Lists\","
            " \"old\": {\"__type__\": \"OldList\", \"values\": [{\"__type__\": \"Square\", \"id\": \"s\"}]}}}",
            1, 2,
            "{\"lists\":{\"__type__\":\"Lists\",\"shapes\":{\"__type__\":\"ShapeList\",\"values\":[{\"__type__\":"
            "\"Ring\",\"at\":{\"x\":1,\"y\":2},\"from\":{\"x\":1,\"y\":2},\"id\":\"m\",\"mode\":\"On\",\"pose\":{"
            "\"__type__\":\"Pose\",\"spin\":2}},{\"__type__\":\"Square\",\"id\":\"s\",\"mode\":\"Off\"}]}},"
            "\"version\":1}",
            "");
}

/* `add shapes` makes a new object of the member's type with a fresh key;
   a value with nowhere to go stays (`spin` without a pose), and is then
   dropped where the step says so (`drop main`) */
static void test_new_objects(void **state)
{
    (void)state;
    migrate("{\"version\": 1, \"main\": {\"__type__\": \"Square\", \"spin\": 1}, \"lists\": {\"__type__\": \"Lists\"}}",
            1, 2,
            "{\"lists\":{\"__type__\":\"Lists\",\"shapes\":{\"__type__\":\"ShapeList\",\"id\":\"k1\",\"values\":[{"
            "\"__type__\":\"Square\",\"mode\":\"Off\",\"spin\":1}]}},\"version\":1}",
            "");
    migrate("{\"version\": 1, \"main\": {\"__type__\": \"Square\"}}", 1, 2, "{\"version\":1}", "");
}

/* upgrade to 3: an absolute source (the first shape's `at` for every
   shape), `add` only where absent; two steps in a row */
static void test_absolute_and_chain(void **state)
{
    (void)state;
    migrate("{\"version\": 2, \"lists\": {\"__type__\": \"Lists\", \"shapes\": {\"__type__\": \"ShapeList\", \"values\": ["
            "{\"__type__\": \"Ring\", \"at\": {\"x\": 5, \"y\": 6}, \"pose\": {\"__type__\": \"Pose\", \"tilt\": 1}},"
            " {\"__type__\": \"Square\", \"at\": {\"x\": 0, \"y\": 0}, \"pose\": {\"__type__\": \"Pose\"}}]}}}",
            2, 3,
            "{\"lists\":{\"__type__\":\"Lists\",\"shapes\":{\"__type__\":\"ShapeList\",\"values\":[{\"__type__\":"
            "\"Ring\",\"at\":{\"x\":5,\"y\":6},\"pose\":{\"__type__\":\"Pose\",\"tilt\":1}},{\"__type__\":\"Square\","
            "\"at\":{\"x\":5,\"y\":6},\"pose\":{\"__type__\":\"Pose\",\"tilt\":0}}]}},\"version\":2}",
            "");
    migrate("{\"version\": 1, \"main\": {\"__type__\": \"Circle\", \"mode\": false, \"at\": {\"x\": 3, \"y\": 4},"
            " \"pose\": {\"__type__\": \"Pose\"}}, \"lists\": {\"__type__\": \"Lists\"}}",
            1, 3,
            "{\"lists\":{\"__type__\":\"Lists\",\"shapes\":{\"__type__\":\"ShapeList\",\"id\":\"k1\",\"values\":[{"
            "\"__type__\":\"Ring\",\"at\":{\"x\":3,\"y\":4},\"from\":{\"x\":3,\"y\":4},\"mode\":\"Off\",\"pose\":{"
            "\"__type__\":\"Pose\",\"tilt\":0}}]}},\"version\":1}",
            "");
}

/* downgrade to 2: a warning and a loss, each reported once however often
   it happens; `unless` keeps quiet on the value the older version draws
   anyway; a map without `*` leaves other values alone */
static void test_downgrade(void **state)
{
    (void)state;
    migrate("{\"version\": 3, \"lists\": {\"__type__\": \"Lists\", \"shapes\": {\"__type__\": \"ShapeList\", \"values\": ["
            "{\"__type__\": \"Ring\", \"mode\": \"On\", \"pose\": {\"__type__\": \"Pose\", \"tilt\": 0}},"
            " {\"__type__\": \"Square\", \"mode\": \"On\", \"pose\": {\"__type__\": \"Pose\", \"tilt\": 3}},"
            " {\"__type__\": \"Circle\", \"mode\": \"Dim\", \"pose\": {\"__type__\": \"Pose\", \"tilt\": 4}}]}}}",
            3, 2,
            "{\"lists\":{\"__type__\":\"Lists\",\"shapes\":{\"__type__\":\"ShapeList\",\"values\":[{\"__type__\":"
            "\"Ring\",\"mode\":\"On\",\"pose\":{\"__type__\":\"Pose\"}},{\"__type__\":\"Square\",\"mode\":\"On\","
            "\"pose\":{\"__type__\":\"Pose\"}},{\"__type__\":\"Circle\",\"mode\":\"Off\",\"pose\":{\"__type__\":"
            "\"Pose\"}}]}},\"version\":3}",
            "a shape that is on|version 2 cannot hold tilted poses: dropped");
}

/* Out of the legacy version 1 (below the schema's gate): a hook, a wrap, a
   retype and a fresh key; once the document is past the gate, what is
   declared for version 1 only is left alone (the Square in `bag`, an
   unknown member of a version 2 document, gets no tilt). */
static void test_legacy(void **state)
{
    (void)state;
    migrate("{\"version\": 1, \"bag\": {\"__type__\": \"Bag\", \"items\": [{\"__type__\": \"Square\"},"
            " {\"__type__\": \"Circle\", \"mode\": true}]}}",
            1, 2,
            "{\"box\":{\"__type__\":\"Box\",\"count\":2,\"id\":\"k2\",\"items\":{\"__type__\":\"ShapeList\","
            "\"id\":\"k1\",\"values\":[{\"__type__\":\"Square\",\"mode\":\"Off\"},{\"__type__\":\"Ring\","
            "\"mode\":\"On\"}]}},\"version\":1}",
            "");
    migrate("{\"version\": 2, \"bag\": {\"__type__\": \"Bag\", \"items\": [{\"__type__\": \"Square\","
            " \"pose\": {\"__type__\": \"Pose\"}}]}}",
            2, 3,
            "{\"bag\":{\"__type__\":\"Bag\",\"items\":[{\"__type__\":\"Square\",\"pose\":{\"__type__\":"
            "\"Pose\"}}]},\"version\":2}",
            "");
}

/* Down only through declared steps; a refused migration changes nothing. */
static void test_possible(void **state)
{
    (void)state;
    assert_true(ak_jmigrate_possible(&migrate_schema, 3, 2));
    assert_true(ak_jmigrate_possible(&migrate_schema, 1, 3));
    assert_true(ak_jmigrate_possible(&migrate_schema, 2, 2));
    assert_false(ak_jmigrate_possible(&migrate_schema, 3, 1));
    assert_false(ak_jmigrate_possible(&migrate_schema, 2, 1));
    ak_jtree t;
    ak_jtree_init(&t, NULL, NULL, "a test tree");
    const char *doc = "{\"version\": 2, \"lists\": {\"__type__\": \"Lists\"}}";
    assert_true(ak_jtree_read(&t, (const uint8_t *)doc, strlen(doc)));
    assert_false(ak_jmigrate(&t, &migrate_schema, 2, 1, NULL, NULL, NULL));
    assert_int_equal(t.root->count, 2);
    ak_jtree_free(&t);
    ak_jtree empty;
    ak_jtree_init(&empty, NULL, NULL, "a test tree");
    assert_false(ak_jmigrate(&empty, &migrate_schema, 1, 2, NULL, NULL, NULL));
    ak_jtree_free(&empty);
}

/* The tree helpers the migrations use. */
static void test_equal_and_insert(void **state)
{
    (void)state;
    ak_jtree t;
    ak_jtree_init(&t, NULL, NULL, "a test tree");
    static const char *const texts[] = {"{\"a\": [1, {\"b\": null}], \"c\": \"x\"}",
                                        "{\"c\": \"x\", \"a\": [1.0, {\"b\": null}]}",
                                        "{\"c\": \"x\", \"a\": [1, {\"b\": false}]}"};
    ak_jnode *a = ak_jtree_parse(&t, texts[0], strlen(texts[0]));
    ak_jnode *b = ak_jtree_parse(&t, texts[1], strlen(texts[1]));
    ak_jnode *c = ak_jtree_parse(&t, texts[2], strlen(texts[2]));
    assert_non_null(a), assert_non_null(b), assert_non_null(c);
    assert_true(ak_jnode_equal(a, b));
    assert_false(ak_jnode_equal(a, c));
    assert_false(ak_jnode_equal(a, NULL));
    assert_false(ak_jnode_equal(ak_jnode_at(a, "/a"), ak_jnode_at(a, "/a/1")));
    ak_jnode *list = ak_jtree_parse(&t, "[1, 2]", 6);
    assert_true(ak_jnode_insert(&t, list, 0, ak_jnode_num(&t, 0)));
    assert_true(ak_jnode_insert(&t, list, 9, ak_jnode_num(&t, 3)));
    assert_true(ak_jnode_insert(&t, list, 2, ak_jnode_num(&t, 1.5)));
    assert_int_equal(list->count, 5);
    static const double in_order[] = {0, 1, 1.5, 2, 3};
    for (size_t i = 0; i < 5; i++)
        assert_true(list->items[i].v->num == in_order[i]);
    assert_false(ak_jnode_insert(&t, a, 0, ak_jnode_num(&t, 0))); /* no array */
    ak_jtree_free(&t);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_upgrade),           cmocka_unit_test(test_new_objects),
        cmocka_unit_test(test_absolute_and_chain), cmocka_unit_test(test_downgrade),
        cmocka_unit_test(test_legacy),            cmocka_unit_test(test_possible),
        cmocka_unit_test(test_equal_and_insert),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
