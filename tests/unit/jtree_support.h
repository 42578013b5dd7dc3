/* Unit tests of JSON document trees (gen/rt/ak_jtree.h): a tree written
 * compact must be the text expected. */
#ifndef AK_TEST_JTREE_SUPPORT_H
#define AK_TEST_JTREE_SUPPORT_H

#include "ak_jtree.h"

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <string.h>

#include <cmocka.h>

/* root written compact (members sorted, or in their order) is `expected` */
static inline void ak_test_tree_is(const ak_jnode *root, bool sort, const char *expected)
{
    ak_buf out;
    ak_buf_init(&out);
    ak_json_writer w;
    ak_json_writer_options o = {0, sort, false};
    ak_json_writer_init(&w, &out, &o);
    assert_true(ak_jtree_write(root, &w));
    assert_true(ak_json_writer_finish(&w));
    if (out.len != strlen(expected) || memcmp(out.data, expected, out.len) != 0)
        fail_msg("got      %.*s\nexpected %s", (int)out.len, out.data, expected);
    ak_buf_free(&out);
}

#endif
