/* Completing a JSON document tree from its schema (the canonical writers:
 * Glaxnimate's spec 9.1 rules 2-5).
 *
 * Walks the tree along the schema's types from the root object: an object
 * gets every member the document's version requires that it lacks (a
 * member `required`, in its versions, from its `required since N` on),
 * with
 *   - the member's declared default for the version (`= <literal>`),
 *   - for the object's key member (`key`), the caller's fresh key,
 *   - for a member whose type is a concrete family object without a
 *     default, that object typed by its discriminator (its key at once),
 *     completed in turn when the walk reaches it;
 * and a string whose member checks a syntax declared `canonical` is
 * rewritten into the machine's canonical spelling (value_syntax.h). A
 * value of an unknown type or shape is left alone. */
#ifndef AK_JCOMPLETE_H
#define AK_JCOMPLETE_H

#include "ak_jschema.h"
#include "ak_jtree.h"

/* A fresh value for the key member m of a new or incomplete object of type
   o (NULL: the member stays absent). */
typedef ak_jnode *(*ak_jkey_fn)(void *user, ak_jtree *t, const ak_jobject *o, const ak_jmember *m);

/* Completes t->root as a document of `version`; false (and t->failed) when
   out of memory, false when t has no root. */
bool ak_jcomplete(ak_jtree *t, const ak_jschema *s, int64_t version, ak_jkey_fn key, void *user);

/* Whether member m is required in documents of version v. */
bool ak_jmember_required_in(const ak_jmember *m, int64_t v);
/* Member m's default JSON text for version v, NULL. */
const char *ak_jmember_default(const ak_jmember *m, int64_t v);

#endif
