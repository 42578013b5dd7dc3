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

typedef struct sbuf {
    char *p;
    size_t n, cap;
} sbuf;

static void sb(sbuf *b, const char *fmt, ...) GEN_PRINTF(2, 3);
static void sb(sbuf *b, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int k = vsnprintf(NULL, 0, fmt, ap);
    va_end(ap);
    if (k < 0)
        return;
    if (b->n + (size_t)k + 1 > b->cap) {
        size_t cap = (b->cap + (size_t)k + 1) * 2;
        char *q = realloc(b->p, cap);
        if (!q)
            return;
        b->p = q;
        b->cap = cap;
    }
    va_start(ap, fmt);
    vsnprintf(b->p + b->n, (size_t)k + 1, fmt, ap);
    va_end(ap);
    b->n += (size_t)k;
}

static void sb_str(sbuf *b, const char *s)
{
    sb(b, "\"");
    for (; *s; s++) {
        if (*s == '"' || *s == '\\')
            sb(b, "\\%c", *s);
        else if ((unsigned char)*s < 0x20)
            sb(b, "\\u%04x", (unsigned char)*s);
        else
            sb(b, "%c", *s);
    }
    sb(b, "\"");
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

/* ---- types ------------------------------------------------------------- */

static jt *type_at(jem *em, int t)
{
    return t >= 0 ? em->types.items[t] : NULL;
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

/* The schema of type t in object oi. fix: per sibling member, its known
 * value (an enum index or a value type; -1 = not known); vt: the value type
 * bound to the object's type parameter (-1 = any). */
static void schema_type_in(jem *em, sbuf *b, int t, int oi, const int *fix, int vt)
{
    jt *y = type_at(em, t);
    if (!y) {
        sb(b, "{}");
        return;
    }
    const char *k = y->kind;
    if (!strcmp(k, "STRING"))
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
    else if (!strcmp(k, "PARAM")) {
        if (vt >= 0)
            sb(b, "{\"$ref\": \"#/$defs/value.%s\"}", vt_name(vt));
        else
            sb(b, "{\"$ref\": \"#/$defs/value\"}");
    } else if (!strcmp(k, "OBJECT")) {
        const char *name = ((jobject *)em->f->objects.items[y->object])->name;
        int bound = -1;
        if (y->bind >= 0 && fix && is_value_type_member(em, oi, y->bind))
            bound = fix[y->bind];
        else if (y->bind == -2)
            bound = vt;
        if (bound >= 0)
            sb(b, "{\"$ref\": \"#/$defs/%s.%s\"}", name, vt_name(bound));
        else
            sb(b, "{\"$ref\": \"#/$defs/%s\"}", name);
    } else if (!strcmp(k, "ARRAY") || !strcmp(k, "MAP")) {
        sb(b, "{\"type\": \"%s\", \"%s\": ", !strcmp(k, "ARRAY") ? "array" : "object",
           !strcmp(k, "ARRAY") ? "items" : "additionalProperties");
        schema_type_in(em, b, y->elem, oi, fix, vt);
        sb(b, "}");
    } else if (!strcmp(k, "ENUM")) {
        sb(b, "{\"enum\": [");
        for (size_t i = 0; i < y->names.n; i++) {
            sb(b, i ? ", " : "");
            sb_str(b, y->names.items[i]);
        }
        sb(b, "]}");
    } else if (!strcmp(k, "BY") && fix && y->sibling >= 0 && fix[y->sibling] >= 0) {
        /* the arm of the known tag */
        int a = (size_t)fix[y->sibling] < y->arm_tags.n ? (int)(intptr_t)y->arm_tags.items[fix[y->sibling]] : -1;
        schema_type_in(em, b, a, oi, fix, vt);
    } else if (!strcmp(k, "UNION") || !strcmp(k, "BY")) {
        /* BY with an unknown tag: any arm (the if/then on the object picks one) */
        vec *v = !strcmp(k, "UNION") ? &y->alts : &y->arm_tags;
        sb(b, "{\"anyOf\": [");
        int n = 0;
        for (size_t i = 0; i < v->n; i++) {
            int a = (int)(intptr_t)v->items[i];
            if (a < 0)
                continue;
            sb(b, n++ ? ", " : "");
            schema_type_in(em, b, a, oi, fix, vt);
        }
        sb(b, "]}");
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
    jem *em;
    sbuf *b;
    int oi, member, t;
    int fix[64];
    int count; /* if/then pairs written for this member */
} branching;

/* One if/then per combination of the sibling values that member's type
 * depends on (a decision tree, walked depth first). */
static void branches(branching *br)
{
    jem *em = br->em;
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
    schema_type_in(em, &then, br->t, br->oi, br->fix, -1);
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

/* The constraints of member m on its numeric values (JSON Schema applies
 * them to numbers only, so they sit beside any type): the range, finite
 * (overflow of an f32/f64), and the default. The validator compares an
 * f32 member after rounding it to f32, so its bounds are where rounding
 * crosses the range's ends. */
static void member_extras(jem *em, sbuf *b, jmember *m, int t)
{
    jt *y = type_at(em, t);
    /* the numeric alternative of the member's type decides the width */
    const char *kind = y ? y->kind : "";
    if (y && !strcmp(kind, "UNION"))
        for (size_t i = 0; i < y->alts.n; i++) {
            jt *a = type_at(em, (int)(intptr_t)y->alts.items[i]);
            if (a && (!strcmp(a->kind, "F32") || !strcmp(a->kind, "F64") || !strcmp(a->kind, "NUMBER") ||
                      !strcmp(a->kind, "INTEGER")))
                kind = a->kind;
        }
    cons *range = jmember_cons(m, C_RANGE);
    if (range && range->value && range->hi) {
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
    } else if (jmember_cons(m, C_FINITE) && (!strcmp(kind, "F32") || !strcmp(kind, "F64"))) {
        sb(b, ", ");
        finite_bounds(b, !strcmp(kind, "F32"));
    }
    if (m->def) {
        sb(b, ", \"default\": ");
        if (m->def->kind == E_NAME)
            sb_str(b, m->def->text);
        else
            sb_literal(b, m->def);
    }
}

/* The member's schema: its type, with the member's constraints beside it. */
static void member_schema(jem *em, sbuf *b, jmember *m, int t, int oi, int vt)
{
    sbuf ty = {0}, ex = {0};
    schema_type_in(em, &ty, t, oi, NULL, vt);
    member_extras(em, &ex, m, t);
    if (!ty.p) {
        sb(b, "{}");
    } else if (!ex.n) {
        sb(b, "%s", ty.p);
    } else if (!strcmp(ty.p, "{}")) {
        sb(b, "{%s}", ex.p + 2);
    } else {
        ty.p[ty.n - 1] = 0; /* the closing brace */
        sb(b, "%s%s}", ty.p, ex.p);
    }
    free(ty.p);
    free(ex.p);
}

/* What the object requires of its members that JSON Schema cannot say. */
static void object_comment(jem *em, sbuf *b, jobject *o, int oi)
{
    sbuf c = {0};
    vec *mem = flat_members(em, oi);
    if (o->params.n)
        sb(&c, "generic: %s is any value here; %s.<valueType> is the instance for one value type",
           ((token *)o->params.items[0])->text, o->name);
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
    if (c.n) {
        sb(b, "      \"$comment\": ");
        sb_str(b, c.p);
        sb(b, ",\n");
    }
    free(c.p);
}

/* One object definition: name (generic or an instance), properties,
 * required members, closedness, the if/then of dependent members. */
static void object_def(jem *em, sbuf *b, int oi)
{
    format_decl *f = em->f;
    jobject *o = f->objects.items[oi];
    vec *mem = flat_members(em, oi);
    vec *tv = &em->obj[oi].types;
    sb(b, "    \"%s\": {\n", o->name);
    object_comment(em, b, o, oi);
    sb(b, "      \"type\": \"object\",\n      \"properties\": {");
    for (size_t k = 0; k < mem->n; k++) {
        jmember *m = mem->items[k];
        sb(b, "%s\n        ", k ? "," : "");
        sb_str(b, m->name);
        sb(b, ": ");
        member_schema(em, b, m, (int)(intptr_t)tv->items[k], oi, -1);
    }
    sb(b, "\n      }");
    int req = 0;
    for (size_t k = 0; k < mem->n; k++) {
        jmember *m = mem->items[k];
        if (m->optional)
            continue;
        sb(b, req++ ? ", " : ",\n      \"required\": [");
        sb_str(b, m->name);
    }
    if (req)
        sb(b, "]");
    if (em->obj[oi].closed)
        sb(b, ",\n      \"additionalProperties\": false");
    /* members that depend on siblings: their exact schema per combination */
    sbuf all = {0};
    for (size_t k = 0; k < mem->n && k < 64; k++) {
        branching br;
        memset(&br, 0, sizeof br);
        br.em = em;
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
    if (all.n)
        sb(b, ",\n      \"allOf\": [%s\n      ]", all.p);
    free(all.p);
    sb(b, "\n    },\n");
}

/* o.<value type>: the generic object with the exact shape of T. */
static void instance_def(jem *em, sbuf *b, int oi, int vt)
{
    jobject *o = em->f->objects.items[oi];
    vec *mem = flat_members(em, oi);
    vec *tv = &em->obj[oi].types;
    sb(b, "    \"%s.%s\": {\"$ref\": \"#/$defs/%s\", \"properties\": {", o->name, vt_name(vt), o->name);
    int n = 0;
    for (size_t k = 0; k < mem->n; k++) {
        int t = (int)(intptr_t)tv->items[k];
        if (!uses_param(em, t))
            continue;
        sb(b, n++ ? ", " : "");
        sb_str(b, ((jmember *)mem->items[k])->name);
        sb(b, ": ");
        schema_type_in(em, b, t, oi, NULL, vt);
    }
    sb(b, "}},\n");
}

/* What only the format's hand-written hooks check. */
static void hooks_comment(jem *em, sbuf *b)
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
    if (c.n)
        sb(&t, ", and the rules of the hand-written hooks: %s", c.p);
    sb_str(b, t.p);
    sb(b, ",\n");
    free(c.p);
    free(t.p);
}

static void emit_schema_json(jem *em, sbuf *b)
{
    format_decl *f = em->f;
    sb(b, "{\n  \"$schema\": \"https://json-schema.org/draft/2020-12/schema\",\n");
    sb(b, "  \"$id\": \"https://animkit.invalid/schemas/%s.schema.json\",\n  \"title\": ", f->id);
    sb_str(b, f->title);
    sb(b, ",\n");
    hooks_comment(em, b);
    if (f->root)
        sb(b, "  \"$ref\": \"#/$defs/%s\",\n", f->root);
    sb(b, "  \"$defs\": {\n");
    for (size_t i = 0; i < f->objects.n; i++)
        object_def(em, b, (int)i);
    for (size_t i = 0; i < f->objects.n; i++) {
        jobject *o = f->objects.items[i];
        if (!o->params.n)
            continue;
        for (int vt = 0; vt < AK_VT_COUNT; vt++)
            instance_def(em, b, (int)i, vt);
    }
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
    gen_out(c, "\nconst char %s_json_schema[] =\n    \"", id);
    for (size_t i = 0; i < b.n; i++) {
        char ch = b.p[i];
        if (ch == '\n')
            gen_out(c, "\\n\"\n    \"");
        else if (ch == '"' || ch == '\\')
            gen_out(c, "\\%c", ch);
        else
            fputc(ch, c);
    }
    gen_out(c, "\";\n");
    bool ok = b.p != NULL;
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
