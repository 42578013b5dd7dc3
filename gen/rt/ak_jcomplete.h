/* A JSON document tree along its schema: the typed walk (ak_jschema_walk:
 * the model mappings), and completing the tree (the canonical writers:
 * Glaxnimate's spec 9.1 rules 2-5).
 *
 * The completion walks the tree along the schema's types from the root object: an object
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

/* What a value is in the schema: its type (of a union, the alternative
   that takes the value's kind), for an object value its concrete object (a
   family's, the one its discriminator names), and the member it is the
   value of or an element of (NULL for the root). */
typedef struct ak_jtyped {
    int16_t type;
    const ak_jobject *object;
    const ak_jmember *member;
} ak_jtyped;
typedef unsigned (*ak_jtyped_visit)(ak_jtree *t, ak_jnode *v, const char *key, const ak_jtyped *at, unsigned up,
                                    void *arg);
/* ak_jtree_walk (ak_jtree.h) from t->root as the schema's root type, along
   the schema's types: visits only the values the schema gives a type, with
   what it says of them (not the values of unknown members, of `any`, of
   `by` arms or type parameters, nor a family object whose discriminator
   names no object, nor what they hold). What is declared only for legacy
   versions (below the schema's version gate, ak_js_legacy) is followed
   only with `legacy` (the migrations); else it is left alone like what is
   not declared. False when out of memory (and t->failed) or t has no root. */
bool ak_jschema_walk(ak_jtree *t, const ak_jschema *s, bool legacy, ak_jtyped_visit visit, void *arg);
/* The same from root, a shallow reading of in (ak_jtree_parse_shallow):
   the elements of an unread array are read one at a time (shallow), each
   visited with what it holds, then forgotten (t's arena rewound, so visit
   keeps nothing of them but copies), in the order of the whole tree's
   walk. visit may read an unread array itself (ak_jtree_read_unread) and
   put it in its place: the walk goes on into what it put there. */
bool ak_jschema_walk_input(ak_jtree *t, ak_jnode *root, const ak_input *in, const ak_jschema *s, bool legacy,
                           ak_jtyped_visit visit, void *arg);
/* The member of object o named name[0..n), NULL. */
const ak_jmember *ak_jobject_member(const ak_jobject *o, const char *name, size_t n);

/* A fresh value for the key member m of a new or incomplete object of type
   o (NULL: the member stays absent). */
typedef ak_jnode *(*ak_jkey_fn)(void *user, ak_jtree *t, const ak_jobject *o, const ak_jmember *m);

/* A new object of the concrete family object oi: its discriminator, and
   its key from key (NULL: none); NULL (and t->failed) when out of memory. */
ak_jnode *ak_jobject_new(ak_jtree *t, const ak_jschema *s, int oi, ak_jkey_fn key, void *user);

/* Completes t->root as a document of `version`; false (and t->failed) when
   out of memory, false when t has no root. */
bool ak_jcomplete(ak_jtree *t, const ak_jschema *s, int64_t version, ak_jkey_fn key, void *user);

/* Writes root (of t, read whole or by ak_jtree_parse_shallow from in) as a
   document of `version` completed the way ak_jcomplete completes it,
   through w (begun; sorted as its options say): each object is completed
   as it is opened and the elements of an unread array are read, completed,
   written and forgotten one at a time, so that what is held is the path
   from the root to the value being written, whatever the document's size.
   The pages of in's mapping go as the arrays are written. A fresh key is
   asked for in the order the objects are written (ak_jcomplete: the order
   of the tree). The text is handed to sink (NULL: none) as it fills, as
   ak_jtree_write_to does. s NULL: nothing is completed nor respelled, the
   document only sorted (a canonical layout to compare a file with). False
   when out of memory or the sink failed. */
bool ak_jcomplete_write_to(ak_jtree *t, ak_jnode *root, const ak_input *in, const ak_jschema *s, int64_t version,
                           ak_jkey_fn key, void *user, ak_json_writer *w, ak_sink *sink);

/* Whether member m is required in documents of version v. */
bool ak_jmember_required_in(const ak_jmember *m, int64_t v);
/* Member m's default JSON text for version v, NULL. */
const char *ak_jmember_default(const ak_jmember *m, int64_t v);

#endif
