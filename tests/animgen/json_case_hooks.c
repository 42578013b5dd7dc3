/* The hand-written actions the construct cases of tests/animgen/json/
 * declare (`hook <name>` in a migration step: <id>_step_<name>). */
#include "ak_jtree.h"
#include "migrate_layout.h"

/* migrate.schema, upgrade to 2: a Bag's count is the number of its items. */
bool migrate_step_count_items(struct ak_jtree *t, struct ak_jnode *o, void *user)
{
    (void)user;
    ak_jnode *items = ak_jnode_get(o, "items");
    ak_jnode_set(t, o, "count", ak_jnode_num(t, items && items->kind == AK_JARR ? (double)items->count : 0));
    return !t->failed;
}
