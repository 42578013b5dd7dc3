/* animgen: a JSON schema as the checker resolves it (check_json.c) for the
 * emitters of the validator tables (emit_json.c) and of the JSON Schema
 * export (emit_jsonschema.c), so that all three say the same thing.
 *
 * Every member type becomes a node in one flat list (jt), in the order the
 * C tables list them; objects get their members flattened (bases first)
 * and their place in inheritance, families, versions and key spaces. */
#ifndef ANIMGEN_JSON_SCHEMA_H
#define ANIMGEN_JSON_SCHEMA_H

#include "ast.h"

#include <stdbool.h>

/* One type node (an ak_jtype in the generated tables). */
typedef struct jt {
    const char *kind; /* AK_JT_* suffix */
    int object;       /* OBJECT, REF: the object; TAG: the family root */
    int elem, sibling, bind;
    vec names;        /* ENUM: names (char*) */
    vec enames;       /* ENUM: per name its jename (versions) */
    vec arm_tags;     /* BY: per sibling enum name, the arm's type (int via intptr) */
    vec alts;
    vec altv;         /* UNION: the alternatives declared with versions (jaltv*: index, since, until, codes) */
} jt;

/* What the checker knows of one object. */
typedef struct jinfo {
    vec flat;        /* jmember*: bases first */
    vec owner;       /* per flat member, the jobject* that declares it */
    vec types;       /* per flat member, its type index (int via intptr) */
    int base;        /* object index, -1 */
    int family;      /* the family root (the object with `by`), -1 */
    int tag;         /* the discriminator's index in flat, -1 */
    int key;         /* the key member's index in flat, -1 */
    int key_space;   /* the object that declares the key member, -1 */
    /* the codes in force (an object without its own inherits its base's) */
    const char *closed, *open, *ordered;
    vec groups;      /* jgroup*: its own and its bases' (presence groups are inherited) */
} jinfo;

/* The resolved schema (compiler.json). */
typedef struct jem {
    compiler *cc;
    format_decl *f;
    vec types;  /* jt* */
    jinfo *obj; /* per object */
    int root_type;
    bool quiet; /* resolving an inherited member again: its errors were reported where it is declared */
} jem;

/* Resolves and checks the JSON half of a declaration (called by cc_check):
 * every construct that would generate no check is refused here. Sets
 * cc->json. */
void check_json(compiler *cc);

/* The first constraint of kind k on a member, or NULL. */
cons *jmember_cons(jmember *m, cons_kind k);
/* The nth (0-based) constraint of kind k, or NULL. */
cons *jmember_cons_nth(jmember *m, cons_kind k, int nth);
/* Whether object a is b or inherits from it. */
bool jobject_is_a(const jem *em, int a, int b);
/* A member default's JSON text (compact, `{"x": 0}`), in the compiler's arena. */
const char *jlit_json(compiler *cc, const jlit *l);
/* Whether version v is in [since, until] (-1 ends: unbounded). */
bool jin_versions(int64_t since, int64_t until, int64_t v);
/* Whether something of versions [.., until] exists only below the format's
   version gate (`version "..." since N @code`): declared for the migrations
   of legacy versions, it is undeclared to the validator and the export. */
bool jlegacy(const jem *em, int64_t until);
/* The object of that name, -1. */
int jobject_index(const format_decl *f, const char *name);
/* The objects `scope <O>` and `acyclic from <O>` name (ak_jschema.scopes:
 * a node keeps its place in each), in declaration order; more than
 * JPLACE_SCOPES: JPLACE_SCOPES + 1 (check_json.c refuses it). */
#define JPLACE_SCOPES 4
size_t jplace_scopes(jem *em, const char *out[JPLACE_SCOPES + 1]);

#endif
