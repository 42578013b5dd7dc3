/* Migrating a JSON document tree between format versions along the steps
 * its schema declares (`upgrade to N { ... }` and `downgrade to N { ... }`,
 * docs/schema-language.md; tables in ak_jschema.h).
 *
 * Each step's statements run in order, each over the whole document along
 * the schema's types (ak_jschema_walk): an object that is one of the
 * statement's objects, or derives from one, gets the statement's actions in
 * order. What a step drops that the document held (a `drop ... loss`), and
 * each `warn`, is reported once per action with the step's rule. The
 * completion (ak_jcomplete.h) then gives the new version's members their
 * defaults. */
#ifndef AK_JMIGRATE_H
#define AK_JMIGRATE_H

#include "ak_jcomplete.h"
#include "diag.h"

/* Whether the schema takes a document of version `from` to `to`: upwards
   always (a version without a step changes nothing the completion does
   not add), downwards only through a declared step for each version. */
bool ak_jmigrate_possible(const ak_jschema *s, int64_t from, int64_t to);

/* Applies the steps from `from` to `to` to t->root. New objects get their
   keys from key (NULL: none); losses and warnings go to d (NULL: nowhere).
   False when the migration is not possible, t has no root, or out of
   memory (t->failed). */
bool ak_jmigrate(ak_jtree *t, const ak_jschema *s, int64_t from, int64_t to, ak_jkey_fn key, void *user,
                 ak_diags *d);

#endif
