/* animgen: the JSON Schema (draft 2020-12) export of a JSON schema.
 *
 * Written from the types emit_json.c resolved for the validator tables, as
 * the C string <id>_json_schema (what `animkit schema` prints) and as the
 * file <id>.schema.json.
 *
 * The export is exact per value type. Each of the 40 value types of
 * runtime/model.c gets a definition value.<name> with its JSON shape (spec
 * animj-animx.md 3.2: component names, integer ranges, f32/f64 overflow
 * bounds, string | null, matrices m00..). A generic object (object o<T>)
 * is written once with T as any value, and once per value type as o.<name>,
 * which adds the exact shape to the members that use T. A member whose
 * type depends on a sibling (`by trackType {...}`, `raw_data<valueType>`)
 * gets one if/then per combination of the siblings' values it depends on,
 * found by walking its type: nothing here knows a format. What JSON Schema
 * cannot say (member order, constraints across array elements, integer
 * literals with a fraction, the hooks' rules) is named in $comment
 * members, so an editor's user knows the export is weaker than
 * `animkit validate`. */
#include "ast.h"
#include "emit_common.h"
#include "emit_jsonschema.h"
#include "model.h"
#include "model_json.h"
#include "value_syntax.h"

#include <float.h>
#include <math.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* A member's conditional schemas: at most this many if/then pairs. */
#define MAX_BRANCHES 4096

static vec *flat_members(jem *em, int oi)
{
    return &em->obj[oi].flat;
}

/* A double as the shortest %g text that reads back to it (JSON syntax for
 * every finite value). */
static void sb_double(sbuf *b, double v)
{
    char buf[40];
    for (int prec = 1; prec <= 17; prec++) {
        snprintf(buf, sizeof buf, "%.*g", prec, v);
        if (strtod(buf, NULL) == v)
            break;
    }
    sb(b, "%s", buf);
}

/* ---- value types ------------------------------------------------------- */

static const char *vt_name(int vt)
{
    return ak_value_type_info_of((ak_value_type)vt)->name;
}

/* The one-component value type whose values a component of vt has
 * (float3 -> float, color32 -> byte); -1 when there is none. */
static int component_type(int vt)
{
    const ak_value_type_info *info = ak_value_type_info_of((ak_value_type)vt);
    for (int t = 0; t < AK_VT_COUNT; t++) {
        const ak_value_type_info *c = ak_value_type_info_of((ak_value_type)t);
        if (c->components == 1 && c->kind == info->kind && c->bits == info->bits)
            return t;
    }
    return -1;
}

/* ---- f32 bounds --------------------------------------------------------- */

static bool f32_even(float f)
{
    uint32_t bits;
    memcpy(&bits, &f, sizeof bits);
    return (bits & 1) == 0;
}

/* The JSON numbers x with round_f32(x) <= hi (upper) or >= hi (!upper), the
 * test the validator makes on an f32 member: up to the midpoint between the
 * last f32 inside and the first outside, which itself rounds to the even
 * one. Written as "maximum" (inclusive) or "exclusiveMaximum". Midpoints
 * have 25 significant bits, so a double holds them exactly. */
static void f32_bound(sbuf *b, double hi, bool upper)
{
    float in = (float)hi;
    if (upper ? (double)in > hi : (double)in < hi)
        in = nextafterf(in, upper ? -INFINITY : INFINITY);
    float out = nextafterf(in, upper ? INFINITY : -INFINITY);
    double far = isinf(out) ? ldexp(upper ? 1.0 : -1.0, 128) : (double)out; /* what rounds to infinity */
    double mid = ((double)in + far) / 2;
    bool inclusive = f32_even(in);
    sb(b, "\"%s%s\": ", inclusive ? "" : "exclusive", upper ? (inclusive ? "maximum" : "Maximum")
                                                       : (inclusive ? "minimum" : "Minimum"));
    sb_double(b, mid);
}

/* The numbers that do not overflow an f32 (FLT_MAX and the tie above it,
 * 2^128 - 2^103, rounds to infinity) or an f64 (a decimal that rounds to
 * infinity reads as infinity in a validator too). */
static void finite_bounds(sbuf *b, bool f32)
{
    if (f32) {
        f32_bound(b, -FLT_MAX, false);
        sb(b, ", ");
        f32_bound(b, FLT_MAX, true);
    } else {
        sb(b, "\"minimum\": ");
        sb_double(b, -DBL_MAX);
        sb(b, ", \"maximum\": ");
        sb_double(b, DBL_MAX);
    }
}

/* Integers the validator bounds exactly that IEEE doubles cannot hold. */
#define INT_COMMENT                                                                                                  \
    "\"$comment\": \"bounds beyond 2^53 are exact only in a validator that compares integers exactly (Python's "   \
    "jsonschema does); one that reads numbers as IEEE doubles rounds them to the nearest double and may accept a "  \
    "neighbour of the bound; `animkit validate` parses them exactly in 64 bits\", "

/* The JSON shape of one value of a one-component type. */
static void scalar_shape(sbuf *b, int vt)
{
    const ak_value_type_info *info = ak_value_type_info_of((ak_value_type)vt);
    switch (info->kind) {
    case AK_VK_BOOL:
        sb(b, "{\"type\": \"boolean\"}");
        return;
    case AK_VK_STRING:
        sb(b, "{\"type\": [\"string\", \"null\"]}");
        return;
    case AK_VK_F32:
    case AK_VK_F64:
        sb(b, "{\"type\": \"number\", ");
        finite_bounds(b, info->kind == AK_VK_F32);
        sb(b, "}");
        return;
    case AK_VK_UINT:
        sb(b, "{%s\"type\": \"integer\", \"minimum\": 0, \"maximum\": %llu}", info->bits > 53 ? INT_COMMENT : "",
           (unsigned long long)(info->bits < 64 ? (UINT64_C(1) << info->bits) - 1 : UINT64_MAX));
        return;
    case AK_VK_INT: {
        unsigned long long hi = (UINT64_C(1) << (info->bits - 1)) - 1;
        sb(b, "{%s\"type\": \"integer\", \"minimum\": -%llu, \"maximum\": %llu}", info->bits > 53 ? INT_COMMENT : "",
           hi + 1, hi);
        return;
    }
    }
    sb(b, "{}");
}

/* value.<name>: the exact JSON shape of a value of type vt. Components are
 * optional (a missing one takes its default, a warning); others are not
 * allowed (an error). */
static void value_shape(sbuf *b, int vt)
{
    const ak_value_type_info *info = ak_value_type_info_of((ak_value_type)vt);
    if (info->components == 1) {
        scalar_shape(b, vt);
        return;
    }
    int ct = component_type(vt);
    sb(b, "{\"type\": \"object\", ");
    if (ak_value_type_matrix_dim((ak_value_type)vt))
        sb(b, "\"$comment\": \"the project's matrix extension: row-major m<row><column> members\", ");
    sb(b, "\"properties\": {");
    for (int i = 0; i < info->components; i++) {
        char name[4];
        ak_value_component_name((ak_value_type)vt, (unsigned)i, name);
        sb(b, "%s\"%s\": ", i ? ", " : "", name);
        if (ct >= 0)
            sb(b, "{\"$ref\": \"#/$defs/value.%s\"}", vt_name(ct));
        else
            sb(b, "{}");
    }
    sb(b, "}, \"additionalProperties\": false}");
}

/* ---- the export's context: which versions ---------------------------------------- */

/* A format with `since`/`until` gets its definitions once for every
 * version (names without suffix: the version is unknown, nothing
 * version-dependent is asserted) and once per range of versions in which
 * nothing changes (names with the suffix @v<lo>-<hi>); the root selects
 * the range with an if/then on the version pointer. */
typedef struct xs {
    jem *em;
    int range;        /* -1: the version is unknown */
    int64_t lo, hi;   /* the range's versions (hi -1: no upper end) */
    char suffix[48];  /* "" or "@v3-4" */
} xs;

static jt *type_at(jem *em, int t)
{
    return t >= 0 ? em->types.items[t] : NULL;
}

/* Whether a rule reports an error at the compatible level: only those are
 * assertions of the export (what the real reader accepts, a JSON Schema
 * validator accepts too); warnings are named in $comment. */
static bool asserted(jem *em, const char *code)
{
    rule_decl *r = code ? find_rule(em->cc, code) : NULL;
    return r && r->compat == 2;
}

/* Whether something of versions [since, until] exists in the range. */
static bool exists(const xs *x, int64_t since, int64_t until)
{
    return x->range < 0 || jin_versions(since, until, x->lo);
}

/* An object that is not there in this range: its version rule asserts. */
static bool object_absent(const xs *x, int oi)
{
    jobject *o = x->em->f->objects.items[oi];
    return !exists(x, o->since, o->until) &&
           asserted(x->em, x->lo < o->since ? (o->since_code ? o->since_code : o->until_code)
                                             : (o->until_code ? o->until_code : o->since_code));
}

/* Whether sibling member s of object oi names a value type (so that an
 * object bound to it is instantiated per value type). */
static bool is_value_type_member(jem *em, int oi, int s)
{
    if (oi < 0 || s < 0)
        return false;
    vec *tv = &em->obj[oi].types;
    if ((size_t)s >= tv->n)
        return false;
    jt *y = type_at(em, (int)(intptr_t)tv->items[s]);
    return y && !strcmp(y->kind, "VALUE_TYPE");
}

/* The misplaced rule of a family slot: the member's own, or the family's
 * (its discriminator's). */
static const char *misplaced_code(jem *em, int family, jmember *m)
{
    cons *c = m ? jmember_cons(m, C_MISPLACED) : NULL;
    if (c)
        return c->code;
    jinfo *in = &em->obj[family];
    c = in->tag >= 0 ? jmember_cons(in->flat.items[in->tag], C_MISPLACED) : NULL;
    return c ? c->code : NULL;
}

/* A place that takes an object of family `family` declared as object oi:
 * its concrete descendants (any concrete object of the family when placing
 * another is only a warning), those of the range. */
static void family_slot(xs *x, sbuf *b, int oi, jmember *m)
{
    jem *em = x->em;
    format_decl *f = em->f;
    int family = em->obj[oi].family;
    bool strict = asserted(em, misplaced_code(em, family, m));
    sbuf alts = {0};
    int n = 0;
    const char *one = NULL;
    for (size_t i = 0; i < f->objects.n; i++) {
        jobject *o = f->objects.items[i];
        if (em->obj[i].family != family || o->abstract || (strict && !jobject_is_a(em, (int)i, oi)) ||
            object_absent(x, (int)i) || jlegacy(em, o->until))
            continue;
        sb(&alts, "%s{\"$ref\": \"#/$defs/%s%s\"}", n++ ? ", " : "", o->name, x->suffix);
        one = o->name;
    }
    if (n == 1)
        sb(b, "{\"$ref\": \"#/$defs/%s%s\"}", one, x->suffix);
    else if (n == 0)
        sb(b, "false");
    else
        sb(b, "{\"anyOf\": [%s]}", alts.p);
    free(alts.p);
}

/* A union alternative declared with versions (`(T since N @code)`) that
 * are not this range's: its version rule asserts. */
static bool alt_absent(const xs *x, const jt *y, size_t i)
{
    for (size_t k = 0; k < y->altv.n; k++) {
        const jaltv *a = y->altv.items[k];
        if (a->index == i && !exists(x, a->since, a->until))
            return asserted(x->em, a->since >= 0 && x->lo < a->since ? (a->since_code ? a->since_code : a->until_code)
                                                                    : (a->until_code ? a->until_code : a->since_code));
    }
    return false;
}

/* An enum: the names of the range; with `anycase`, each in any case. */
static void enum_schema(xs *x, sbuf *b, jt *y, jmember *m)
{
    bool anycase = m && jmember_cons(m, C_ANYCASE);
    int n = 0;
    sb(b, anycase ? "{\"type\": \"string\", \"pattern\": \"^(" : "{\"enum\": [");
    for (size_t i = 0; i < y->names.n; i++) {
        jename *e = i < y->enames.n ? y->enames.items[i] : NULL;
        if (e && !exists(x, e->since, e->until) && asserted(x->em, e->code))
            continue;
        const char *name = y->names.items[i];
        if (!anycase) {
            sb(b, n++ ? ", " : "");
            sb_str(b, name);
            continue;
        }
        sb(b, "%s", n++ ? "|" : "");
        for (const char *p = name; *p; p++) {
            char c = *p;
            if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'))
                sb(b, "[%c%c]", c & ~0x20, c | 0x20);
            else if (strchr("\\^$.|?*+()[]{}/\"", c))
                sb(b, "\\\\%c", c);
            else
                sb(b, "%c", c);
        }
    }
    sb(b, anycase ? ")$\"}" : "]}");
}

/* The schema of type t in object oi. fix: per sibling member, its known
 * value (an enum index or a value type; -1 = not known); vt: the value type
 * bound to the object's type parameter (-1 = any); m: the member (for its
 * constraints on names and places), NULL. */
static void schema_type_in(xs *x, sbuf *b, int t, int oi, const int *fix, int vt, jmember *m)
{
    jem *em = x->em;
    jt *y = type_at(em, t);
    if (!y) {
        sb(b, "{}");
        return;
    }
    const char *k = y->kind;
    if (!strcmp(k, "STRING") || !strcmp(k, "TAG"))
        sb(b, "{\"type\": \"string\"}");
    else if (!strcmp(k, "NUMBER") || !strcmp(k, "F32") || !strcmp(k, "F64"))
        sb(b, "{\"type\": \"number\"}");
    else if (!strcmp(k, "INTEGER"))
        sb(b, "{\"type\": \"integer\"}");
    else if (!strcmp(k, "BOOL"))
        sb(b, "{\"type\": \"boolean\"}");
    else if (!strcmp(k, "NULL"))
        sb(b, "{\"type\": \"null\"}");
    else if (!strcmp(k, "ANY"))
        sb(b, "{}");
    else if (!strcmp(k, "VALUE_TYPE"))
        sb(b, "{\"$ref\": \"#/$defs/value_type\"}");
    else if (!strcmp(k, "REF"))
        sb(b, "{\"type\": \"string\", \"$comment\": \"the key of a %s elsewhere in the document\"}",
           ((jobject *)em->f->objects.items[y->object])->name);
    else if (!strcmp(k, "PARAM")) {
        if (vt >= 0)
            sb(b, "{\"$ref\": \"#/$defs/value.%s\"}", vt_name(vt));
        else
            sb(b, "{\"$ref\": \"#/$defs/value\"}");
    } else if (!strcmp(k, "OBJECT") && em->obj[y->object].family >= 0) {
        family_slot(x, b, y->object, m);
    } else if (!strcmp(k, "OBJECT")) {
        const char *name = ((jobject *)em->f->objects.items[y->object])->name;
        int bound = -1;
        if (y->bind >= 0 && fix && is_value_type_member(em, oi, y->bind))
            bound = fix[y->bind];
        else if (y->bind == -2)
            bound = vt;
        if (bound >= 0)
            sb(b, "{\"$ref\": \"#/$defs/%s.%s%s\"}", name, vt_name(bound), x->suffix);
        else
            sb(b, "{\"$ref\": \"#/$defs/%s%s\"}", name, x->suffix);
    } else if (!strcmp(k, "ARRAY") || !strcmp(k, "MAP")) {
        sb(b, "{\"type\": \"%s\", \"%s\": ", !strcmp(k, "ARRAY") ? "array" : "object",
           !strcmp(k, "ARRAY") ? "items" : "additionalProperties");
        schema_type_in(x, b, y->elem, oi, fix, vt, m);
        sb(b, "}");
    } else if (!strcmp(k, "ENUM")) {
        enum_schema(x, b, y, m);
    } else if (!strcmp(k, "BY") && fix && y->sibling >= 0 && fix[y->sibling] >= 0) {
        /* the arm of the known tag */
        int a = (size_t)fix[y->sibling] < y->arm_tags.n ? (int)(intptr_t)y->arm_tags.items[fix[y->sibling]] : -1;
        schema_type_in(x, b, a, oi, fix, vt, m);
    } else if (!strcmp(k, "UNION") || !strcmp(k, "BY")) {
        /* BY with an unknown tag: any arm (the if/then on the object picks one) */
        vec *v = !strcmp(k, "UNION") ? &y->alts : &y->arm_tags;
        sbuf any = {0};
        int n = 0;
        for (size_t i = 0; i < v->n; i++) {
            int a = (int)(intptr_t)v->items[i];
            if (a < 0 || alt_absent(x, y, i))
                continue;
            sb(&any, n++ ? ", " : "");
            schema_type_in(x, &any, a, oi, fix, vt, m);
        }
        if (n)
            sb(b, "{\"anyOf\": [%s]}", any.p);
        else
            sb(b, "false"); /* every alternative is of other versions */
        free(any.p);
    } else {
        sb(b, "{}");
    }
}

/* Whether the schema of t depends on the object's type parameter. */
static bool uses_param(jem *em, int t)
{
    jt *y = type_at(em, t);
    if (!y)
        return false;
    if (!strcmp(y->kind, "PARAM"))
        return true;
    if (!strcmp(y->kind, "OBJECT"))
        return y->bind == -2;
    if (!strcmp(y->kind, "ARRAY") || !strcmp(y->kind, "MAP"))
        return uses_param(em, y->elem);
    vec *v = !strcmp(y->kind, "UNION") ? &y->alts : !strcmp(y->kind, "BY") ? &y->arm_tags : NULL;
    for (size_t i = 0; v && i < v->n; i++)
        if (uses_param(em, (int)(intptr_t)v->items[i]))
            return true;
    return false;
}

/* The first sibling of object oi whose value the schema of t depends on
 * and that fix does not know yet; -1 when there is none. */
static int next_discriminator(jem *em, int t, int oi, const int *fix)
{
    jt *y = type_at(em, t);
    if (!y)
        return -1;
    if (!strcmp(y->kind, "BY")) {
        if (y->sibling < 0)
            return -1;
        if (fix[y->sibling] < 0)
            return y->sibling;
        int a = (size_t)fix[y->sibling] < y->arm_tags.n ? (int)(intptr_t)y->arm_tags.items[fix[y->sibling]] : -1;
        return next_discriminator(em, a, oi, fix);
    }
    if (!strcmp(y->kind, "OBJECT"))
        return y->bind >= 0 && is_value_type_member(em, oi, y->bind) && fix[y->bind] < 0 ? y->bind : -1;
    if (!strcmp(y->kind, "ARRAY") || !strcmp(y->kind, "MAP"))
        return next_discriminator(em, y->elem, oi, fix);
    if (!strcmp(y->kind, "UNION"))
        for (size_t i = 0; i < y->alts.n; i++) {
            int s = next_discriminator(em, (int)(intptr_t)y->alts.items[i], oi, fix);
            if (s >= 0)
                return s;
        }
    return -1;
}

/* How many values sibling s of object oi can take (0: not a discriminator). */
static int discriminator_values(jem *em, int oi, int s)
{
    vec *tv = &em->obj[oi].types;
    jt *y = type_at(em, (int)(intptr_t)tv->items[s]);
    if (!y)
        return 0;
    if (!strcmp(y->kind, "VALUE_TYPE"))
        return AK_VT_COUNT;
    if (!strcmp(y->kind, "ENUM"))
        return (int)y->names.n;
    return 0;
}

typedef struct branching {
    xs *x;
    sbuf *b;
    int oi, member, t;
    int fix[64];
    int count; /* if/then pairs written for this member */
} branching;

/* One if/then per combination of the sibling values that member's type
 * depends on (a decision tree, walked depth first). */
static void branches(branching *br)
{
    jem *em = br->x->em;
    vec *mem = flat_members(em, br->oi);
    int s = next_discriminator(em, br->t, br->oi, br->fix);
    if (s >= 0) {
        int n = discriminator_values(em, br->oi, s);
        for (int v = 0; v < n && br->count <= MAX_BRANCHES; v++) {
            br->fix[s] = v;
            branches(br);
        }
        br->fix[s] = -1;
        return;
    }
    bool any = false;
    for (size_t k = 0; k < mem->n && k < 64; k++)
        any |= br->fix[k] >= 0;
    if (!any)
        return;
    sbuf then = {0};
    schema_type_in(br->x, &then, br->t, br->oi, br->fix, -1, mem->items[br->member]);
    if (then.p && strcmp(then.p, "{}") != 0) {
        if (++br->count > MAX_BRANCHES) {
            free(then.p);
            return;
        }
        vec *tv = &em->obj[br->oi].types;
        sbuf *b = br->b;
        sb(b, "%s\n        {\"if\": {\"properties\": {", b->n ? "," : "");
        int n = 0;
        for (size_t k = 0; k < mem->n && k < 64; k++) {
            if (br->fix[k] < 0)
                continue;
            jt *y = type_at(em, (int)(intptr_t)tv->items[k]);
            sb(b, n++ ? ", " : "");
            sb_str(b, ((jmember *)mem->items[k])->name);
            sb(b, ": {\"const\": ");
            sb_str(b, !strcmp(y->kind, "VALUE_TYPE") ? vt_name(br->fix[k]) : (const char *)y->names.items[br->fix[k]]);
            sb(b, "}");
        }
        sb(b, "}, \"required\": [");
        n = 0;
        for (size_t k = 0; k < mem->n && k < 64; k++) {
            if (br->fix[k] < 0)
                continue;
            sb(b, n++ ? ", " : "");
            sb_str(b, ((jmember *)mem->items[k])->name);
        }
        sb(b, "]},\n         \"then\": {\"properties\": {");
        sb_str(b, ((jmember *)mem->items[br->member])->name);
        sb(b, ": %s}}}", then.p);
    }
    free(then.p);
}

/* ---- members ----------------------------------------------------------- */

/* A numeric literal of the declaration as a JSON number. */
static void sb_literal(sbuf *b, const expr *e)
{
    bool neg = false;
    while (e && e->kind == E_NEG) {
        neg = !neg;
        e = e->lhs;
    }
    if (!e || !e->text) {
        sb(b, "0");
        return;
    }
    if (e->kind == E_INT) {
        unsigned long long v = strtoull(e->text, NULL, 0);
        sb(b, "%s%llu", neg && v ? "-" : "", v);
    } else {
        sb_double(b, neg ? -strtod(e->text, NULL) : strtod(e->text, NULL));
    }
}

/* The numeric value of a literal of the declaration. */
static double literal_value(const expr *e)
{
    bool neg = false;
    while (e && e->kind == E_NEG) {
        neg = !neg;
        e = e->lhs;
    }
    double v = e && e->text ? (e->kind == E_INT ? (double)strtoull(e->text, NULL, 0) : strtod(e->text, NULL)) : 0;
    return neg ? -v : v;
}

/* The numeric kind of a member's type ("F32", "F64", "NUMBER", "INTEGER"
 * or ""), through unions, and of its elements when it has no own. */
static const char *numeric_kind(jem *em, int t)
{
    jt *y = type_at(em, t);
    if (!y)
        return "";
    if (!strcmp(y->kind, "F32") || !strcmp(y->kind, "F64") || !strcmp(y->kind, "NUMBER") || !strcmp(y->kind, "INTEGER"))
        return y->kind;
    if (!strcmp(y->kind, "UNION"))
        for (size_t i = 0; i < y->alts.n; i++) {
            const char *k = numeric_kind(em, (int)(intptr_t)y->alts.items[i]);
            if (*k)
                return k;
        }
    return "";
}

/* The range and finite constraints of member m on a number of kind `kind`
 * (JSON Schema applies them to numbers only, so they sit beside any type).
 * The validator compares an f32 member after rounding it to f32, so its
 * bounds are where rounding crosses the range's ends. */
static void number_bounds(jem *em, sbuf *b, jmember *m, const char *kind)
{
    cons *range = jmember_cons(m, C_RANGE);
    if (range && range->value && range->hi && asserted(em, range->code)) {
        if (!strcmp(kind, "F32")) {
            sb(b, ", ");
            f32_bound(b, literal_value(range->value), false);
            sb(b, ", ");
            f32_bound(b, literal_value(range->hi), true);
        } else {
            sb(b, ", \"minimum\": ");
            sb_literal(b, range->value);
            sb(b, ", \"maximum\": ");
            sb_literal(b, range->hi);
        }
    } else if (jmember_cons(m, C_FINITE) && (!strcmp(kind, "F32") || !strcmp(kind, "F64") || !strcmp(kind, "NUMBER"))) {
        sb(b, ", ");
        finite_bounds(b, !strcmp(kind, "F32"));
    }
}

/* The member's own numeric constraints and default, beside its type. */
static void member_extras(jem *em, sbuf *b, jmember *m, int t)
{
    number_bounds(em, b, m, numeric_kind(em, t));
}

/* The member's default in the range (check_json.c made `= 0` one too):
 * with the version unknown, only one that holds in every version. */
static void member_default(xs *x, sbuf *b, jmember *m)
{
    for (size_t i = 0; i < m->defaults.n; i++) {
        jdefault *d = m->defaults.items[i];
        bool all = d->since < 0 && d->until < 0;
        if (all || (x->range >= 0 && jin_versions(d->since, d->until, x->lo))) {
            sb(b, ", \"default\": %s", jlit_json(x->em->cc, d->value));
            return;
        }
    }
}

/* The element type of an array or map member (through unions), -1. */
static int element_type(jem *em, int t, const char **container)
{
    jt *y = type_at(em, t);
    if (!y)
        return -1;
    if (!strcmp(y->kind, "ARRAY") || !strcmp(y->kind, "MAP")) {
        *container = !strcmp(y->kind, "ARRAY") ? "array" : "object";
        return y->elem;
    }
    if (!strcmp(y->kind, "UNION"))
        for (size_t i = 0; i < y->alts.n; i++) {
            int e = element_type(em, (int)(intptr_t)y->alts.items[i], container);
            if (e >= 0)
                return e;
        }
    return -1;
}

/* The value constraints of member m (==, !=, in {...}, in <enum>, syntax)
 * as `if <JSON type> then <assertion>` clauses, which apply to the values
 * of that type only, as the validator's do. Warnings go to *comment. */
static void value_clauses(jem *em, sbuf *b, jmember *m, sbuf *comment)
{
    for (size_t i = 0; i < m->cons.n; i++) {
        cons *c = m->cons.items[i];
        if (c->kind != C_CMP && c->kind != C_SET && c->kind != C_ENUM && c->kind != C_SYNTAX)
            continue;
        if (!asserted(em, c->code)) {
            sb(comment, "%s%s is a warning (%s)", comment->n ? "; " : "",
               c->kind == C_SYNTAX                                                     ? "a value outside its syntax"
               : c->kind == C_CMP && strcmp(c->op, "==") != 0 && strcmp(c->op, "!=") != 0 ? "a value outside its bound"
                                                                                         : "a value outside its set",
               c->code);
            continue;
        }
        sb(b, "%s{\"if\": {\"type\": \"%s\"}, \"then\": {", b->n ? ", " : "", c->kind == C_SYNTAX ? "string" : "number");
        if (c->kind == C_SYNTAX) {
            sb(b, "\"$ref\": \"#/$defs/syntax.%s\"", c->name); /* syntax_defs() */
        } else if (c->kind == C_CMP && strcmp(c->op, "==") != 0 && strcmp(c->op, "!=") != 0) {
            /* a bound (an infinite number is compared with nothing: a JSON Schema number is finite) */
            sb(b, "\"%s\": ", !strcmp(c->op, ">") ? "exclusiveMinimum" : !strcmp(c->op, ">=") ? "minimum" : "maximum");
            sb_literal(b, c->value);
        } else if (c->kind == C_CMP) {
            sb(b, strcmp(c->op, "==") ? "\"not\": {\"const\": " : "\"const\": ");
            sb_literal(b, c->value);
            sb(b, strcmp(c->op, "==") ? "}" : "");
        } else {
            sb(b, "\"enum\": [");
            if (c->kind == C_SET)
                for (size_t k = 0; k < c->set.n; k++) {
                    sb(b, k ? ", " : "");
                    sb_literal(b, c->set.items[k]);
                }
            else
                for (size_t k = 0; k < c->en->items.n; k++)
                    sb(b, "%s%lld", k ? ", " : "", (long long)((enum_item *)c->en->items.items[k])->value);
            sb(b, "]");
        }
        sb(b, "}}");
    }
}

/* Where a reference points (`scope`, `toplevel`, `sibling`, `distinct`,
 * `acyclic`, `depth`): not JSON Schema, named in the member's comment. */
static void place_comment(sbuf *c, jmember *m)
{
    cons *k;
    if ((k = jmember_cons(m, C_DISTINCT)))
        sb(c, "%sthe target is not the referring object itself (%s)", c->n ? "; " : "", k->code);
    if ((k = jmember_cons(m, C_SCOPE)))
        sb(c, "%sthe target is within the same %s as the referring object (%s)", c->n ? "; " : "", k->name, k->code);
    if ((k = jmember_cons(m, C_TOPLEVEL)))
        sb(c, "%sboth are its direct children (%s)", c->n ? "; " : "", k->code);
    if ((k = jmember_cons(m, C_SIBLING)))
        sb(c, "%sthe target is in the same object as the referring object (%s)", c->n ? "; " : "", k->code);
    if ((k = jmember_cons(m, C_ACYCLIC)))
        sb(c, "%sthe references of this member%s%s make no cycle (%s)", c->n ? "; " : "",
           k->name ? ", from the enclosing " : "", k->name ? k->name : "", k->code);
    if ((k = jmember_cons(m, C_DEPTH)))
        sb(c, "%sno chain of them is longer than %s (%s)", c->n ? "; " : "", k->value->text, k->code);
}

/* `present in N..M @code` on member m, an error, and the range within N..M:
 * the member may not be there. */
static bool present_refused(const xs *x, jmember *m)
{
    cons *k = jmember_cons(m, C_PRESENT);
    if (!k || x->range < 0 || !asserted(x->em, k->code))
        return false;
    return x->lo >= (int64_t)literal_value(k->value) && x->lo <= (int64_t)literal_value(k->hi);
}

/* What the validator checks of the member that JSON Schema cannot say. */
static void member_comment(jem *em, sbuf *c, jmember *m)
{
    cons *k;
    if ((k = jmember_cons(m, C_KEY)))
        sb(c, "%sidentifies its object: no other object of the document has the same (%s)", c->n ? "; " : "",
           k->code);
    if ((k = jmember_cons(m, C_DANGLING)))
        sb(c, "%sa reference: an object with this key must exist (%s)", c->n ? "; " : "", k->code);
    if ((k = jmember_cons(m, C_MISTARGETED)))
        sb(c, " and be of the referenced type (%s)", k->code);
    if ((k = jmember_cons(m, C_UNIQUE)) && k->name)
        sb(c, "%sno two elements have the same %s (%s)", c->n ? "; " : "", k->name, k->code);
    if ((k = jmember_cons(m, C_UNIQUE)) && !k->name && !asserted(em, k->code))
        sb(c, "%sa repeated element is a warning (%s)", c->n ? "; " : "", k->code);
    if ((k = jmember_cons(m, C_ANYCASE)))
        sb(c, "%sa name written in another case is reported (%s)", c->n ? "; " : "", k->code);
    if ((k = jmember_cons(m, C_COERCED)))
        sb(c, "%sa numeric string for a number, or a number for a bool or name, is reported as %s", c->n ? "; " : "",
           k->code);
    if ((k = jmember_cons(m, C_FRACTIONAL)))
        sb(c, "%sa number that is not an integer is reported as %s", c->n ? "; " : "", k->code);
    if ((k = jmember_cons(m, C_NULL)) && !asserted(em, k->code))
        sb(c, "%sa null value is a warning (%s)", c->n ? "; " : "", k->code);
    if ((k = jmember_cons(m, C_NONEMPTY)) && !asserted(em, k->code))
        sb(c, "%san empty array is a warning (%s)", c->n ? "; " : "", k->code);
    if ((k = jmember_cons(m, C_MAXLENGTH)) && !asserted(em, k->code))
        sb(c, "%smore than %s characters is a warning (%s)", c->n ? "; " : "", k->value->text, k->code);
    if ((k = jmember_cons(m, C_PRESENT)) && !asserted(em, k->code))
        sb(c, "%spresent in a document of version %s to %s, a warning (%s)", c->n ? "; " : "", k->value->text,
           k->hi->text, k->code);
    place_comment(c, m);
}

/* The member's schema: its type, with the member's constraints beside it. */
static void member_schema(xs *x, sbuf *b, jmember *m, int t, int oi, int vt)
{
    jem *em = x->em;
    sbuf ty = {0}, ex = {0}, clauses = {0}, comment = {0};
    schema_type_in(x, &ty, t, oi, NULL, vt, m);
    member_extras(em, &ex, m, t);
    member_default(x, &ex, m);
    /* value constraints on the member's value, and on its elements */
    sbuf own = {0};
    value_clauses(em, &own, m, &comment);
    if (own.n)
        sb(&clauses, "%s", own.p);
    cons *null = jmember_cons(m, C_NULL), *nonempty = jmember_cons(m, C_NONEMPTY), *len = jmember_cons(m, C_MAXLENGTH);
    if (null && asserted(em, null->code))
        sb(&clauses, "%s{\"not\": {\"type\": \"null\"}}", clauses.n ? ", " : "");
    if (nonempty && asserted(em, nonempty->code))
        sb(&clauses, "%s{\"if\": {\"type\": \"array\"}, \"then\": {\"minItems\": 1}}", clauses.n ? ", " : "");
    if (len && asserted(em, len->code))
        sb(&clauses, "%s{\"if\": {\"type\": \"string\"}, \"then\": {\"maxLength\": %s}}", clauses.n ? ", " : "",
           len->value->text);
    const char *container = NULL;
    int e = element_type(em, t, &container);
    sbuf elem = {0};
    if (e >= 0) {
        sbuf bounds = {0};
        number_bounds(em, &bounds, m, numeric_kind(em, e));
        if (bounds.n)
            sb(&elem, "{\"if\": {\"type\": \"number\"}, \"then\": {%s}}", bounds.p + 2);
        if (own.n)
            sb(&elem, "%s%s", elem.n ? ", " : "", own.p);
        cons *u = jmember_cons(m, C_UNIQUE);
        if (elem.n)
            sb(&clauses, "%s{\"if\": {\"type\": \"%s\"}, \"then\": {\"%s\": {\"allOf\": [%s]}}}", clauses.n ? ", " : "",
               container, !strcmp(container, "array") ? "items" : "additionalProperties", elem.p);
        if (u && !u->name && asserted(em, u->code))
            sb(&clauses, "%s{\"if\": {\"type\": \"array\"}, \"then\": {\"uniqueItems\": true}}", clauses.n ? ", " : "");
        free(bounds.p);
    }
    member_comment(em, &comment, m);
    if (clauses.n)
        sb(&ex, ", \"allOf\": [%s]", clauses.p);
    if (comment.n) {
        sb(&ex, ", \"$comment\": ");
        sb_str(&ex, comment.p);
    }
    if (!ty.p) {
        sb(b, "{}");
    } else if (!ex.n) {
        sb(b, "%s", ty.p);
    } else if (!strcmp(ty.p, "{}")) {
        sb(b, "{%s}", ex.p + 2);
    } else if (ty.p[0] != '{') { /* false: nothing is accepted */
        sb(b, "%s", ty.p);
    } else {
        ty.p[ty.n - 1] = 0; /* the closing brace */
        sb(b, "%s%s}", ty.p, ex.p);
    }
    free(ty.p);
    free(ex.p);
    free(own.p);
    free(elem.p);
    free(clauses.p);
    free(comment.p);
}

/* What the object requires of its members that JSON Schema cannot say. */
static void object_comment(xs *x, sbuf *b, jobject *o, int oi)
{
    jem *em = x->em;
    sbuf c = {0};
    vec *mem = flat_members(em, oi);
    if (o->params.n)
        sb(&c, "generic: %s is any value here; %s.<valueType> is the instance for one value type",
           ((token *)o->params.items[0])->text, o->name);
    if (o->abstract)
        sb(&c, "%sabstract: a place that takes a %s takes one of its concrete descendants", c.n ? "; " : "", o->name);
    if (em->obj[oi].ordered) {
        sb(&c, "%smembers in this order: ", c.n ? "; " : "");
        for (size_t k = 0; k < mem->n; k++)
            sb(&c, "%s%s", k ? ", " : "", ((jmember *)mem->items[k])->name);
        sb(&c, " (%s)", em->obj[oi].ordered);
    }
    for (size_t w = 0; w < o->wheres.n; w++) {
        cons *wc = o->wheres.items[w];
        const char *arr = wc->value ? wc->value->text : NULL;
        if (!arr || (wc->kind != C_NONDECREASING && wc->kind != C_NOREPEAT))
            continue;
        sb(&c, "%s%s: an element's %s is never %s the previous element's (%s)", c.n ? "; " : "", arr, wc->name,
           wc->kind == C_NONDECREASING ? "less than" : "equal to", wc->code ? wc->code : "");
    }
    for (size_t g = 0; g < em->obj[oi].groups.n; g++) {
        jgroup *gr = em->obj[oi].groups.items[g];
        if (asserted(em, gr->code))
            continue;
        sb(&c, "%s%s of ", c.n ? "; " : "", gr->oneof ? "exactly one" : gr->nonempty ? "a non-empty string in one" : "all or none");
        for (size_t i = 0; i < gr->names.n; i++)
            sb(&c, "%s%s", i ? ", " : "", ((token *)gr->names.items[i])->text);
        sb(&c, " (a warning, %s)", gr->code);
    }
    if (x->range >= 0 && x->hi >= 0)
        sb(&c, "%sas in format versions %lld to %lld", c.n ? "; " : "", (long long)x->lo, (long long)x->hi);
    else if (x->range >= 0)
        sb(&c, "%sas in format versions %lld and later", c.n ? "; " : "", (long long)x->lo);
    if (c.n) {
        sb(b, "      \"$comment\": ");
        sb_str(b, c.p);
        sb(b, ",\n");
    }
    free(c.p);
}

/* The code that reports member m's absence (its own, or the object's). */
static const char *absence_code(jem *em, int oi, jmember *m)
{
    cons *r = jmember_cons(m, C_REQUIRED);
    if (r)
        return r->code;
    return em->obj[oi].closed ? em->obj[oi].closed : em->obj[oi].open;
}

/* Whether member m is required in the range, as an error. */
static bool member_required(const xs *x, int oi, jmember *m)
{
    if (m->optional || jlegacy(x->em, m->until) || !asserted(x->em, absence_code(x->em, oi, m)))
        return false;
    cons *r = jmember_cons(m, C_REQUIRED);
    int64_t since = r && r->value ? (int64_t)literal_value(r->value) : -1;
    if (x->range < 0)
        return m->since < 0 && m->until < 0 && since < 0;
    return exists(x, m->since, m->until) && (since < 0 || x->lo >= since);
}

/* One object definition: name (generic or an instance), properties,
 * required members, closedness, the if/then of dependent members. */
static void object_def(xs *x, sbuf *b, int oi)
{
    jem *em = x->em;
    format_decl *f = em->f;
    jobject *o = f->objects.items[oi];
    jinfo *in = &em->obj[oi];
    vec *mem = flat_members(em, oi);
    vec *tv = &in->types;
    if (object_absent(x, oi)) {
        sb(b, "    \"%s%s\": false,\n", o->name, x->suffix);
        return;
    }
    sb(b, "    \"%s%s\": {\n", o->name, x->suffix);
    object_comment(x, b, o, oi);
    sb(b, "      \"type\": \"object\",\n      \"properties\": {");
    for (size_t k = 0, n = 0; k < mem->n; k++) {
        jmember *m = mem->items[k];
        if (jlegacy(em, m->until))
            continue;
        sb(b, "%s\n        ", n++ ? "," : "");
        sb_str(b, m->name);
        sb(b, ": ");
        if ((int)k == in->tag && !o->abstract) {
            sb(b, "{\"const\": ");
            sb_str(b, o->name);
            sb(b, "}");
        } else if (!exists(x, m->since, m->until) &&
                   asserted(em, x->lo < m->since ? (m->since_code ? m->since_code : m->until_code)
                                                 : (m->until_code ? m->until_code : m->since_code))) {
            sb(b, "false");
        } else if (present_refused(x, m)) {
            sb(b, "false");
        } else {
            member_schema(x, b, m, (int)(intptr_t)tv->items[k], oi, -1);
        }
    }
    sb(b, "\n      }");
    int req = 0;
    for (size_t k = 0; k < mem->n; k++) {
        jmember *m = mem->items[k];
        if (!member_required(x, oi, m))
            continue;
        sb(b, req++ ? ", " : ",\n      \"required\": [");
        sb_str(b, m->name);
    }
    if (req)
        sb(b, "]");
    if (in->closed && asserted(em, in->closed))
        sb(b, ",\n      \"additionalProperties\": false");
    /* members that depend on siblings: their exact schema per combination */
    sbuf all = {0};
    for (size_t k = 0; k < mem->n && k < 64; k++) {
        if (jlegacy(em, ((jmember *)mem->items[k])->until))
            continue;
        branching br;
        memset(&br, 0, sizeof br);
        br.x = x;
        br.b = &all;
        br.oi = oi;
        br.member = (int)k;
        br.t = (int)(intptr_t)tv->items[k];
        for (size_t i = 0; i < 64; i++)
            br.fix[i] = -1;
        branches(&br);
        if (br.count > MAX_BRANCHES)
            cc_error(em->cc, ((jmember *)mem->items[k])->at,
                     "member '%s': more than %d combinations of sibling values for the JSON Schema export",
                     ((jmember *)mem->items[k])->name, MAX_BRANCHES);
    }
    /* where oneof(...) / together(...) */
    for (size_t g = 0; g < in->groups.n; g++) {
        jgroup *gr = in->groups.items[g];
        if (!asserted(em, gr->code))
            continue;
        sb(&all, "%s\n        {", all.n ? "," : "");
        if (gr->nonempty) { /* one of them present with at least one character */
            sb(&all, "\"anyOf\": [");
            for (size_t i = 0; i < gr->names.n; i++) {
                sb(&all, "%s{\"required\": [", i ? ", " : "");
                sb_str(&all, ((token *)gr->names.items[i])->text);
                sb(&all, "], \"properties\": {");
                sb_str(&all, ((token *)gr->names.items[i])->text);
                sb(&all, ": {\"minLength\": 1}}}");
            }
            sb(&all, "]}");
            continue;
        }
        sb(&all, gr->oneof ? "\"oneOf\": [" : "\"dependentRequired\": {");
        for (size_t i = 0; i < gr->names.n; i++) {
            const char *name = ((token *)gr->names.items[i])->text;
            sb(&all, i ? ", " : "");
            if (gr->oneof) {
                sb(&all, "{\"required\": [");
                sb_str(&all, name);
                sb(&all, "]}");
                continue;
            }
            sb_str(&all, name);
            sb(&all, ": [");
            int n = 0;
            for (size_t j = 0; j < gr->names.n; j++)
                if (j != i) {
                    sb(&all, n++ ? ", " : "");
                    sb_str(&all, ((token *)gr->names.items[j])->text);
                }
            sb(&all, "]");
        }
        sb(&all, gr->oneof ? "]}" : "}}");
    }
    if (all.n)
        sb(b, ",\n      \"allOf\": [%s\n      ]", all.p);
    free(all.p);
    sb(b, "\n    },\n");
}

/* o.<value type>: the generic object with the exact shape of T. */
static void instance_def(xs *x, sbuf *b, int oi, int vt)
{
    jem *em = x->em;
    jobject *o = em->f->objects.items[oi];
    vec *mem = flat_members(em, oi);
    vec *tv = &em->obj[oi].types;
    sb(b, "    \"%s.%s%s\": {\"$ref\": \"#/$defs/%s%s\", \"properties\": {", o->name, vt_name(vt), x->suffix, o->name,
       x->suffix);
    int n = 0;
    for (size_t k = 0; k < mem->n; k++) {
        int t = (int)(intptr_t)tv->items[k];
        if (!uses_param(em, t))
            continue;
        sb(b, n++ ? ", " : "");
        sb_str(b, ((jmember *)mem->items[k])->name);
        sb(b, ": ");
        schema_type_in(x, b, t, oi, NULL, vt, mem->items[k]);
    }
    sb(b, "}},\n");
}

/* What the export does not check, and the rules of the hand-written hooks. */
static void top_comment(jem *em, sbuf *b)
{
    format_decl *f = em->f;
    sbuf c = {0};
    for (size_t i = 0; i < f->hooks.n; i++) {
        member *h = f->hooks.items[i];
        for (size_t k = 0; k < h->codes.n; k++)
            sb(&c, "%s%s", c.n ? ", " : "", ((token *)h->codes.items[k])->text);
    }
    sb(b, "  \"$comment\": ");
    sbuf t = {0};
    sb(&t, "generated by animgen from formats/%s/%s.schema. Not expressed here (animkit validate checks them): "
           "member order, duplicate members, integer literals with a fraction or exponent (1.0 is an integer in "
           "JSON Schema), f32 rounding before a range check, constraints across array elements, exact integer "
           "bounds beyond 2^53 in validators that read numbers as doubles, the size and token caps",
       f->id, f->id);
    bool refs = false, keys = false;
    for (size_t i = 0; i < em->types.n; i++)
        refs |= !strcmp(((jt *)em->types.items[i])->kind, "REF");
    for (size_t i = 0; i < f->objects.n; i++)
        keys |= em->obj[i].key >= 0;
    if (keys || refs)
        sb(&t, ", keys unique in the document and references to existing objects of the right type");
    for (size_t i = 0; i < f->exists.n; i++)
        sb(&t, "%s%s", i ? " or " : ", an object somewhere in the document that is a ",
           ((token *)f->exists.items[i])->text);
    if (f->exists.n)
        sb(&t, " (%s)", f->exists_code);
    if (f->value_cap_code)
        sb(&t, ", at most %lld JSON values in the document (%s)", (long long)f->value_cap, f->value_cap_code);
    if (f->finite_code)
        sb(&t, ", number literals that overflow a double (%s)", f->finite_code);
    sb(&t, ", rules of warning severity (named in $comment where they apply)");
    if (c.n)
        sb(&t, ", and the rules of the hand-written hooks: %s", c.p);
    sb_str(b, t.p);
    sb(b, ",\n");
    free(c.p);
    free(t.p);
}

/* ---- versions -------------------------------------------------------------------- */

typedef struct breaks {
    int64_t v[256];
    int n;
} breaks;

static void add_break(breaks *bk, int64_t v)
{
    if (v <= 0)
        return;
    for (int i = 0; i < bk->n; i++)
        if (bk->v[i] == v)
            return;
    if (bk->n < 256)
        bk->v[bk->n++] = v;
}

static void add_range(breaks *bk, int64_t since, int64_t until)
{
    if (since >= 0)
        add_break(bk, since);
    if (until >= 0)
        add_break(bk, until + 1);
}

/* The versions at which something changes, sorted. */
static void version_breaks(jem *em, breaks *bk)
{
    format_decl *f = em->f;
    bk->n = 0;
    for (size_t i = 0; i < f->objects.n; i++) {
        jobject *o = f->objects.items[i];
        if (jlegacy(em, o->until))
            continue;
        add_range(bk, o->since, o->until);
        for (size_t k = 0; k < o->members.n; k++) {
            jmember *m = o->members.items[k];
            if (jlegacy(em, m->until))
                continue;
            add_range(bk, m->since, m->until);
            cons *r = jmember_cons(m, C_REQUIRED);
            if (r && r->value)
                add_break(bk, (int64_t)literal_value(r->value));
            cons *p = jmember_cons(m, C_PRESENT);
            if (p)
                add_range(bk, (int64_t)literal_value(p->value), (int64_t)literal_value(p->hi));
        }
    }
    for (size_t t = 0; t < em->types.n; t++) {
        jt *y = em->types.items[t];
        for (size_t k = 0; k < y->enames.n; k++) {
            jename *e = y->enames.items[k];
            add_range(bk, e->since, e->until);
        }
        for (size_t k = 0; k < y->altv.n; k++) {
            jaltv *a = y->altv.items[k];
            add_range(bk, a->since, a->until);
        }
    }
    for (int i = 1; i < bk->n; i++)
        for (int k = i; k > 0 && bk->v[k - 1] > bk->v[k]; k--) {
            int64_t s = bk->v[k];
            bk->v[k] = bk->v[k - 1];
            bk->v[k - 1] = s;
        }
}

/* {"properties": {"format": {"properties": {"version": TEST}, "required": [..]}}, "required": [..]} */
static void version_test(jem *em, sbuf *b, const char *test)
{
    const char *p = em->f->version_pointer;
    int depth = 0;
    while (*p == '/') {
        const char *s = p + 1, *e = strchr(s, '/');
        size_t n = e ? (size_t)(e - s) : strlen(s);
        char tok[256];
        size_t k = 0;
        for (size_t i = 0; i < n && k + 1 < sizeof tok; i++) {
            char ch = s[i];
            if (ch == '~' && i + 1 < n && (s[i + 1] == '0' || s[i + 1] == '1'))
                ch = s[++i] == '0' ? '~' : '/';
            tok[k++] = ch;
        }
        tok[k] = 0;
        sb(b, "{\"required\": [");
        sb_str(b, tok);
        sb(b, "], \"properties\": {");
        sb_str(b, tok);
        sb(b, ": ");
        depth++;
        p = e ? e : s + n;
    }
    sb(b, "%s", test);
    for (int i = 0; i < depth; i++)
        sb(b, "}}");
}

/* Every definition of the range x (objects, generic instances). */
static void definitions(xs *x, sbuf *b)
{
    format_decl *f = x->em->f;
    for (size_t i = 0; i < f->objects.n; i++)
        if (!jlegacy(x->em, ((jobject *)f->objects.items[i])->until))
            object_def(x, b, (int)i);
    for (size_t i = 0; i < f->objects.n; i++) {
        jobject *o = f->objects.items[i];
        if (!o->params.n)
            continue;
        for (int vt = 0; vt < AK_VT_COUNT; vt++)
            instance_def(x, b, (int)i, vt);
    }
}

/* $defs/syntax.<name>: each value syntax once (its pattern can be long). */
static void syntax_defs(jem *em, sbuf *b)
{
    for (size_t s = 0; s < em->f->syntaxes.n; s++) {
        syntax_decl *sd = em->f->syntaxes.items[s];
        const ak_value_syntax *vs = ak_value_syntax_find(sd->machine);
        if (!vs)
            continue;
        sb(b, "    \"syntax.%s\": {\"$comment\": ", sd->name);
        sb_str(b, vs->about);
        sb(b, ", \"pattern\": ");
        sb_str(b, vs->pattern);
        if (vs->format)
            sb(b, ", \"format\": \"%s\"", vs->format);
        sb(b, "},\n");
    }
}

static void emit_schema_json(jem *em, sbuf *b)
{
    format_decl *f = em->f;
    breaks bk;
    version_breaks(em, &bk);
    bool versioned = f->version_pointer && bk.n > 0;
    sb(b, "{\n  \"$schema\": \"https://json-schema.org/draft/2020-12/schema\",\n");
    sb(b, "  \"$id\": \"https://animkit.invalid/schemas/%s.schema.json\",\n  \"title\": ", f->id);
    sb_str(b, f->title);
    sb(b, ",\n");
    top_comment(em, b);
    if (f->root && !versioned)
        sb(b, "  \"$ref\": \"#/$defs/%s\",\n", f->root);
    if (f->root && versioned) {
        /* the definitions of the document's version; all versions when it has none */
        sb(b, "  \"allOf\": [\n");
        for (int r = 0; r <= bk.n; r++) {
            int64_t lo = r ? bk.v[r - 1] : 0, hi = r < bk.n ? bk.v[r] - 1 : -1;
            char test[96];
            if (hi >= 0)
                snprintf(test, sizeof test, "{\"type\": \"integer\", \"minimum\": %lld, \"maximum\": %lld}",
                         (long long)lo, (long long)hi);
            else
                snprintf(test, sizeof test, "{\"type\": \"integer\", \"minimum\": %lld}", (long long)lo);
            sb(b, "    {\"if\": ");
            version_test(em, b, test);
            sb(b, ", \"then\": {\"$ref\": \"#/$defs/%s@v%lld-", f->root, (long long)lo);
            if (hi >= 0)
                sb(b, "%lld", (long long)hi);
            sb(b, "\"}},\n");
        }
        sb(b, "    {\"if\": {\"not\": ");
        version_test(em, b, "{\"type\": \"integer\", \"minimum\": 0}");
        sb(b, "}, \"then\": {\"$ref\": \"#/$defs/%s\"}}\n  ],\n", f->root);
    }
    sb(b, "  \"$defs\": {\n");
    xs all = {em, -1, 0, -1, ""};
    definitions(&all, b);
    for (int r = 0; versioned && r <= bk.n; r++) {
        xs x = {em, r, r ? bk.v[r - 1] : 0, r < bk.n ? bk.v[r] - 1 : -1, ""};
        if (x.hi >= 0)
            snprintf(x.suffix, sizeof x.suffix, "@v%lld-%lld", (long long)x.lo, (long long)x.hi);
        else
            snprintf(x.suffix, sizeof x.suffix, "@v%lld-", (long long)x.lo);
        definitions(&x, b);
    }
    syntax_defs(em, b);
    sb(b, "    \"value_type\": {\"enum\": [");
    for (int vt = 0; vt < AK_VT_COUNT; vt++)
        sb(b, "%s\"%s\"", vt ? ", " : "", vt_name(vt));
    sb(b, "]},\n");
    sb(b, "    \"value\": {\"$comment\": \"a value of any value type (value.<valueType> is the exact shape)\", "
          "\"anyOf\": [{\"type\": [\"boolean\", \"number\", \"string\", \"null\"]}, "
          "{\"type\": \"object\", \"propertyNames\": {\"pattern\": \"^([xyzwrgba]|m[0-3][0-3])$\"}, "
          "\"additionalProperties\": {\"type\": [\"boolean\", \"number\"]}}]}");
    /* the exact shapes, where something uses value types */
    bool values = false;
    for (size_t t = 0; t < em->types.n; t++) {
        const char *k = ((jt *)em->types.items[t])->kind;
        values |= !strcmp(k, "VALUE_TYPE") || !strcmp(k, "PARAM");
    }
    for (int vt = 0; values && vt < AK_VT_COUNT; vt++) {
        sb(b, ",\n    \"value.%s\": ", vt_name(vt));
        value_shape(b, vt);
    }
    sb(b, "\n  }\n}\n");
}

bool cc_emit_json_schema(jem *em, FILE *c, const char *outdir)
{
    const char *id = em->f->id;
    sbuf b = {0};
    emit_schema_json(em, &b);
    char name[200];
    snprintf(name, sizeof name, "%s_json_schema", id);
    gen_c_text(c, name, b.p, b.n);
    bool ok = b.p != NULL;
    if (cc_json_has_dump(em->cc)) {
        /* A JSON format's dump (its hook, or `json dump canonical`) writes the file again in its canonical
           form: the dump's schema is the format's (a $ref, resolved against
           this $id, or against the file beside it in an editor). */
        sbuf w = {0};
        char title[512];
        snprintf(title, sizeof title, "animkit dump of %s", em->f->title);
        sb(&w, "{\n  \"$schema\": \"https://json-schema.org/draft/2020-12/schema\",\n");
        sb(&w, "  \"$id\": \"https://animkit.invalid/schemas/%s.dump.schema.json\",\n  \"title\": ", id);
        sb_str(&w, title);
        sb(&w, ",\n  \"$comment\": \"generated by animgen from %s: `animkit dump` writes the file again in its "
               "canonical form, so its schema is the format's own, %s.schema.json\",\n", em->cc->path, id);
        sb(&w, "  \"$ref\": \"%s.schema.json\"\n}\n", id);
        snprintf(name, sizeof name, "%s_dump_schema", id);
        gen_c_text(c, name, w.p, w.n);
        ok = ok && w.p != NULL;
        free(w.p);
    }
    if (outdir && ok) {
        char path[4096];
        snprintf(path, sizeof path, "%s/%s.schema.json", outdir, id);
        FILE *js = gen_open(path);
        if (!js)
            ok = false;
        else if (fwrite(b.p, 1, b.n, js) != b.n)
            ok = (gen_discard(js, path), false);
        else
            ok = gen_commit(js, path);
    }
    free(b.p);
    return ok;
}
