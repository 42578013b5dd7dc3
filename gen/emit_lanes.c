/* animgen: the lanes of a JSON schema as re2c source (see emit_lanes.h).
 *
 * A lane matches an array element written the usual way, in one DFA pass:
 * the element object's members in declaration order (optional ones may be
 * absent), whitespace anywhere JSON allows it, and every scalar in the
 * plainest form that no rule can object to:
 *   - numbers with at most 8 integer digits and an exponent of one digit,
 *     or a negative one (no float overflows: at most 1e17; underflow is no
 *     error); the automaton still checks declared ranges;
 *   - integers of a value type with fewer digits than its bound (never out
 *     of range), unsigned ones without a sign;
 *   - strings of printable ASCII without escapes (never a UTF-8 or escape
 *     diagnostic, never a duplicate name);
 *   - value-type objects with every component, in canonical order;
 *   - nested objects of scalars (nested_ok) with every member, in
 *     declaration order; their leaves are numbered by member (component).
 * Anything else fails the lane and takes the ordinary path, event by event.
 * What a DFA cannot check (a number's range and `in`/`>=` checks, an
 * integer's 64 bits, a member's versions, the element's groups) the
 * automaton checks of the leaves before it takes an element (on_lane in
 * gen/rt/ak_jschema.c); emit_json.c keeps members with other checks out.
 *
 * An element object that is not `ordered` may write its members in any
 * order: where its DFA fails, a loop takes them one at a time (a DFA of
 * the member names, then one of the member's value, the same leaves),
 * each at most once, the required ones all (NAME_any below); a file whose
 * keys say "interpolation" first keeps to the lanes too. Once an element
 * has needed the loop, the next is tried with the loop first (caps[1]
 * remembers it: a file writes its elements alike).
 *
 * A DFA reads within [cur, lim): re2c checks the bytes left once per
 * straight run of states (YYFILL, whose "fill" is to fail the lane) rather
 * than each byte; the parser hands an element near the end of its input
 * over in a padded copy (lane_in_tail in grammars/json_parser.c).
 *
 * Every scalar is a leaf with two tags (its span). The lanes cover value
 * types of at most 4 components: a matrix lane would be a DFA of thousands
 * of states for shapes that are rare (and that AnimJ cannot import).
 *
 * Size: a lane of an element that uses the bound value type is one DFA per
 * JSON shape of the value type (its component names and the class of its
 * scalars: float, integer, bool or string), not one per value type; the
 * 34 value types with lanes have 15 shapes (AnimJ: 45 DFAs for its three
 * element types instead of 102). The integer value types of a shape share
 * the DFA of the class, whose leaves are any JSON integer (`inum`), and
 * each has a small wrapper that checks the sign and the digit count of its
 * leaves (lane_ints_ok below): together they accept exactly what a DFA of
 * the type's own integers would. Floats, bools and strings need no check:
 * their class pattern is the type's pattern. */
#include "emit_lanes.h"

#include "emit_common.h"
#include "model.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#define MAX_LEAVES 79 /* (AK_JSON_LANE_CAPS - 2) / 2 */
#define MAX_COMPONENTS 4

typedef struct leaf {
    int member, component;
    unsigned checks; /* AK_JLEAF_*: what the automaton checks of it (on_lane) */
} leaf;

/* The checks of a leaf (as gen/rt/ak_jschema.h numbers them): its number's
 * value, the presence of its member (the first leaf of a member with
 * checks, or of any member of an object with groups or versioned members),
 * and a string's syntaxes (a member with checks). */
enum { LEAF_NUMBER = 1, LEAF_PRESENT = 2, LEAF_STRING = 4 };

typedef struct lane_out {
    FILE *fp;
    leaf leaves[MAX_LEAVES];
    int n;
    /* the leaves that are scalars of the bound value type */
    int values[MAX_LEAVES];
    int value_count;
    bool ok;
} lane_out;

/* The class of a value type's scalars: the pattern of its leaves in a
 * shared DFA. */
typedef enum leaf_class { LC_FLOAT, LC_INT, LC_BOOL, LC_STRING } leaf_class;

static leaf_class class_of(const ak_value_type_info *info)
{
    switch (info->kind) {
    case AK_VK_BOOL: return LC_BOOL;
    case AK_VK_STRING: return LC_STRING;
    case AK_VK_UINT:
    case AK_VK_INT: return LC_INT;
    case AK_VK_F32:
    case AK_VK_F64: break;
    }
    return LC_FLOAT;
}

static const char *class_pattern(leaf_class c)
{
    static const char *const patterns[] = {"fnum", "inum", "bool", "(str | \"null\")"};
    return patterns[c];
}

/* Integers of a value type: the most digits that can never be out of
 * range (fewer than the bound has). */
static int int_digits(const ak_value_type_info *info)
{
    switch (info->bits) {
    case 8: return 2;
    case 16: return 4;
    case 32: return 9;
    default: return info->kind == AK_VK_UINT ? 19 : 18;
    }
}

/* The JSON shape of a value type: the name suffix of its DFA, e.g. "f" for
 * a float scalar, "i_xyz" for three integer components, "f_rgba". */
static void shape_name(int vt, char *out, size_t size)
{
    const ak_value_type_info *info = ak_value_type_info_of((ak_value_type)vt);
    int n = snprintf(out, size, "%c%s", "fibs"[class_of(info)], info->components > 1 ? "_" : "");
    for (unsigned i = 0; i < info->components && info->components > 1 && n > 0 && (size_t)n + 4 < size; i++)
        n += (int)ak_value_component_name((ak_value_type)vt, i, out + n);
}

static bool value_type_ok(int vt)
{
    const ak_value_type_info *info = ak_value_type_info_of((ak_value_type)vt);
    return info->components <= MAX_COMPONENTS && !ak_value_type_matrix_dim((ak_value_type)vt);
}

/* A leaf: `@lNs PATTERN @lNe`. */
static void put_leaf(lane_out *o, const char *pattern, int member, int component, bool value, unsigned checks)
{
    if (o->n >= MAX_LEAVES) {
        o->ok = false;
        return;
    }
    if (value)
        o->values[o->value_count++] = o->n;
    o->leaves[o->n].member = member;
    o->leaves[o->n].component = component;
    o->leaves[o->n].checks = checks;
    gen_out(o->fp, "@l%ds %s @l%de", o->n, pattern, o->n);
    o->n++;
}

/* A value of the bound type vt; `present`: its member's presence is checked. */
static void put_value(lane_out *o, int vt, int member, bool present)
{
    const ak_value_type_info *info = ak_value_type_info_of((ak_value_type)vt);
    const char *pattern = class_pattern(class_of(info));
    unsigned checks = present ? LEAF_PRESENT : 0;
    if (info->components == 1) {
        put_leaf(o, pattern, member, -1, true, checks);
        return;
    }
    gen_out(o->fp, "\"{\" ws* ");
    for (int i = 0; i < info->components; i++) {
        char name[4];
        ak_value_component_name((ak_value_type)vt, (unsigned)i, name);
        gen_out(o->fp, "%s\"\\\"%s\\\"\" ws* \":\" ws* ", i ? " ws* \",\" ws* " : "", name);
        put_leaf(o, pattern, member, i, true, i ? 0 : checks);
    }
    gen_out(o->fp, " ws* \"}\"");
}

static bool type_ok(const lane_schema *s, int t);

/* Whether an object of type t can be a member's value in a lane: a nested
 * object whose members are all required scalars with no checks of their
 * own beyond a kind and a range, and no groups, taken in declaration order
 * (its leaves are numbered by member; see put_member_value). */
static bool nested_ok(const lane_schema *s, int t)
{
    const lane_type *y = &s->types[t];
    if (y->object < 0 || (size_t)y->object >= s->object_count)
        return false;
    const lane_object *ob = &s->objects[y->object];
    if (ob->member_count == 0 || ob->member_count > MAX_COMPONENTS || ob->grouped)
        return false;
    for (size_t i = 0; i < ob->member_count; i++) {
        const lane_member *m = &ob->members[i];
        if (m->optional || m->checked || m->versioned || m->type < 0 || (size_t)m->type >= s->type_count)
            return false;
        lane_kind k = s->types[m->type].kind; /* before type_ok: an object may hold itself */
        if (k == LK_OBJECT || k == LK_PARAM || k == LK_UNION || !type_ok(s, m->type))
            return false;
    }
    return true;
}

/* Whether a value of type t can be part of a lane. */
static bool type_ok(const lane_schema *s, int t)
{
    if (t < 0 || (size_t)t >= s->type_count)
        return false;
    const lane_type *y = &s->types[t];
    switch (y->kind) {
    case LK_F32:
    case LK_F64:
    case LK_NUMBER:
    case LK_INTEGER:
    case LK_STRING:
    case LK_BOOL:
    case LK_NULL: return true;
    case LK_OBJECT: return nested_ok(s, t);
    case LK_PARAM: return s->values;
    case LK_UNION:
        /* alternatives the DFA checks whole: no integer (the automaton
           checks a union's leaf for nothing, and an integer has 64 bits),
           no object */
        for (size_t i = 0; i < y->alt_count; i++) {
            lane_kind k = y->alts[i] >= 0 && (size_t)y->alts[i] < s->type_count ? s->types[y->alts[i]].kind : LK_OTHER;
            if (k == LK_UNION || k == LK_PARAM || k == LK_INTEGER || k == LK_OBJECT || !type_ok(s, y->alts[i]))
                return false;
        }
        return y->alt_count > 0;
    default: return false;
    }
}

static const char *scalar_pattern(lane_kind k)
{
    switch (k) {
    case LK_F32:
    case LK_F64:
    case LK_NUMBER: return "fnum";
    case LK_INTEGER: return "inum";
    case LK_STRING: return "str";
    case LK_BOOL: return "bool";
    case LK_NULL: return "\"null\"";
    default: return NULL;
    }
}

/* The name of the lane_scalar_* function of a scalar kind. */
static const char *scalar_name(lane_kind k)
{
    switch (k) {
    case LK_INTEGER: return "inum";
    case LK_STRING: return "str";
    case LK_BOOL: return "bool";
    case LK_NULL: return "null";
    default: return "fnum";
    }
}

/* The value of member `member` of ob. Its presence is checked (the
 * automaton's LEAF_PRESENT on its first leaf) where it has checks, or ob
 * has groups or versioned members; a string's syntaxes where it has checks
 * (LEAF_STRING). */
static void put_member_value(lane_out *o, const lane_schema *s, const lane_object *ob, int member, int vt)
{
    const lane_member *m = &ob->members[member];
    const lane_type *y = &s->types[m->type];
    bool present = m->checked || ob->grouped || ob->versioned;
    unsigned first = present ? LEAF_PRESENT : 0;
    if (y->kind == LK_PARAM) {
        put_value(o, vt, member, present);
    } else if (y->kind == LK_UNION) {
        /* one leaf whichever alternative: the automaton knows the kinds */
        char pattern[256] = "(";
        for (size_t i = 0; i < y->alt_count; i++) {
            strcat(pattern, i ? " | " : "");
            strcat(pattern, scalar_pattern(s->types[y->alts[i]].kind));
        }
        strcat(pattern, ")");
        put_leaf(o, pattern, member, -1, false, first);
    } else if (y->kind == LK_OBJECT) {
        /* a nested object: leaf `component` k is its member k */
        const lane_object *nested = &s->objects[y->object];
        gen_out(o->fp, "\"{\" ws* ");
        for (size_t i = 0; i < nested->member_count; i++) {
            gen_out(o->fp, "%s\"\\\"%s\\\"\" ws* \":\" ws* ", i ? " ws* \",\" ws* " : "", nested->members[i].name);
            lane_kind k = s->types[nested->members[i].type].kind;
            put_leaf(o, scalar_pattern(k), member, (int)i, false,
                     (i ? 0 : first) | (lane_kind_number(k) ? LEAF_NUMBER : 0));
        }
        gen_out(o->fp, " ws* \"}\"");
    } else {
        unsigned kind = 0;
        if (lane_kind_number(y->kind))
            kind = LEAF_NUMBER;
        else if (y->kind == LK_STRING && m->checked)
            kind = LEAF_STRING;
        put_leaf(o, scalar_pattern(y->kind), member, -1, false, first | kind);
    }
}

/* Whether a lane may go without member m: an optional one, or one the
 * document's version may not require (the automaton checks that the
 * members the version requires are there). */
static bool lane_optional(const lane_member *m)
{
    return m->optional || m->versioned;
}

/* Whether the elements of type e can have a lane, and whether it depends
 * on the bound value type. */
static bool element_ok(const lane_schema *s, int e, bool *per_vtype)
{
    *per_vtype = false;
    if (e < 0 || (size_t)e >= s->type_count)
        return false;
    const lane_type *y = &s->types[e];
    if (y->kind == LK_PARAM) {
        *per_vtype = true;
        return s->values;
    }
    if (y->kind != LK_OBJECT || y->object < 0 || (size_t)y->object >= s->object_count)
        return false;
    const lane_object *ob = &s->objects[y->object];
    /* the first member required: a lane has one way to start */
    if (ob->member_count == 0 || ob->members[0].optional || ob->members[0].versioned)
        return false;
    for (size_t i = 0; i < ob->member_count; i++) {
        if (!type_ok(s, ob->members[i].type))
            return false;
        *per_vtype |= s->types[ob->members[i].type].kind == LK_PARAM;
    }
    return true;
}

/* The pattern of the element of type e with bound value type vt into
 * o->fp (the leaves into o->leaves); returns the container nesting. */
static int put_element(lane_out *o, const lane_schema *s, int e, int vt)
{
    FILE *fp = o->fp;
    const lane_type *y = &s->types[e];
    bool vt_object = vt >= 0 && ak_value_type_info_of((ak_value_type)vt)->components > 1;
    if (y->kind == LK_PARAM) {
        put_value(o, vt, -1, false);
        if (!vt_object)
            /* a scalar ends where the element does: the next token is the
               array's ',' or ']' (a string followed by ':' is a member
               name to the front end, which reports it there) */
            gen_out(fp, " / ws* [,\\]]");
        return vt_object ? 1 : 0;
    }
    const lane_object *ob = &s->objects[y->object];
    int nesting = 1;
    gen_out(fp, "\"{\" ws* ");
    for (size_t i = 0; i < ob->member_count; i++) {
        const lane_member *m = &ob->members[i];
        /* the whitespace after a value belongs to it: the optional groups
           start at their comma, which keeps the tags deterministic */
        if (i)
            gen_out(fp, " %s\",\" ws* ", lane_optional(m) ? "(" : "");
        gen_out(fp, "\"\\\"%s\\\"\" ws* \":\" ws* ", m->name);
        put_member_value(o, s, ob, (int)i, vt);
        gen_out(fp, " ws*");
        if (i && lane_optional(m))
            gen_out(fp, ")?");
        if ((s->types[m->type].kind == LK_PARAM && vt_object) || s->types[m->type].kind == LK_OBJECT)
            nesting = 2;
    }
    gen_out(fp, " \"}\"");
    return nesting;
}

/* The first of o's leaves that belongs to member m; -1 when none. */
static int first_leaf(const lane_out *o, int m)
{
    for (int i = 0; i < o->n; i++)
        if (o->leaves[i].member == m)
            return i;
    return -1;
}

/* Whether elements of type e (an object that is not `ordered`, of at most
 * 32 members) get a lane for their members in any order. */
static bool any_order(const lane_schema *s, int e)
{
    const lane_type *y = &s->types[e];
    if (y->kind != LK_OBJECT)
        return false;
    const lane_object *ob = &s->objects[y->object];
    return !ob->ordered && ob->member_count > 1 && ob->member_count <= 32;
}

/* NAME_valueM of member M whose value is a nested object of type t, its
 * first leaf `first`: C that passes the whitespace with lane_ws (8 spaces
 * at a time; a DFA takes a byte per step, and a pretty-printed file
 * indents each of the nested members) and matches each member's name and
 * scalar (lane_scalar_*), in declaration order, as the ordered DFA's
 * pattern does. After a scalar only whitespace, ',' or '}' may come, so the
 * scalar's longest match is the DFA's. */
static void put_nested_value(FILE *re, const lane_schema *s, int t, const char *name, size_t m, int first)
{
    const lane_object *ob = &s->objects[s->types[t].object];
    gen_out(re,
            "\nstatic const unsigned char *%s_value%zu(const unsigned char *cur, const unsigned char *lim, "
            "const unsigned char **caps)\n{\n"
            "    if (cur == lim || *cur != '{')\n        return NULL;\n",
            name, m);
    for (size_t i = 0; i < ob->member_count; i++) {
        const char *member = ob->members[i].name;
        gen_out(re,
                "    cur = lane_ws(cur + 1, lim);\n"
                "    if ((size_t)(lim - cur) < %zu || memcmp(cur, \"\\\"%s\\\"\", %zu) != 0)\n        return NULL;\n"
                "    cur = lane_ws(cur + %zu, lim);\n"
                "    if (cur == lim || *cur != ':')\n        return NULL;\n"
                "    cur = lane_ws(cur + 1, lim);\n"
                "    caps[%d] = cur;\n"
                "    if (!(cur = lane_scalar_%s(cur, lim)))\n        return NULL;\n"
                "    caps[%d] = cur;\n"
                "    cur = lane_ws(cur, lim);\n"
                "    if (cur == lim || *cur != '%c')\n        return NULL;\n",
                strlen(member) + 2, member, strlen(member) + 2, strlen(member) + 2, 2 + 2 * (first + (int)i),
                scalar_name(s->types[ob->members[i].type].kind), 3 + 2 * (first + (int)i),
                i + 1 < ob->member_count ? ',' : '}');
    }
    gen_out(re, "    return lane_ws(cur + 1, lim);\n}\n");
}

/* The members of an element in any order (see the top of this file):
 * NAME_valueM, a DFA of member M's value and the whitespace after it (its
 * leaves as o numbers them, in caps), NAME_member, a DFA of the names that
 * calls the one named, and NAME_any, the loop over members; NAME_match
 * tries the ordered DFA first. */
static bool put_any_order(FILE *re, const lane_schema *s, int e, int vt, const char *name, const lane_out *o)
{
    const lane_object *ob = &s->objects[s->types[e].object];
    /* per member, a DFA of its value with its own leaves only (so that a
       call sets up only those tags), then one of the names that calls it */
    uint32_t required = 0;
    for (size_t m = 0; m < ob->member_count; m++) {
        const lane_member *mb = &ob->members[m];
        if (!lane_optional(mb))
            required |= UINT32_C(1) << m;
        if (s->types[mb->type].kind == LK_OBJECT) {
            put_nested_value(re, s, mb->type, name, m, first_leaf(o, (int)m));
            continue;
        }
        lane_out one;
        memset(&one, 0, sizeof one);
        one.ok = true;
        int first = first_leaf(o, (int)m);
        one.n = first < 0 ? o->n : first; /* numbered as the ordered DFA numbers them */
        char *text = NULL;
        size_t len = 0;
        one.fp = open_memstream(&text, &len);
        if (!one.fp)
            return false;
        put_member_value(&one, s, ob, (int)m, vt);
        gen_out(one.fp, " ws*");
        if (fclose(one.fp) != 0 || !one.ok) {
            free(text);
            return false;
        }
        gen_out(re, "\nstatic const unsigned char *%s_value%zu(const unsigned char *cur, const unsigned char *lim, "
                    "const unsigned char **caps)\n{\n    const unsigned char *mar = cur",
                name, m);
        for (int i = first; i < one.n; i++)
            gen_out(re, ",\n        *l%ds = NULL, *l%de = NULL", i, i);
        gen_out(re, ";\n    /*!stags:re2c:%s_value%zu format = 'const unsigned char *@@ = NULL;\\n    '; */\n", name,
                m);
        gen_out(re, "    (void)mar;\n    /*!local:re2c:%s_value%zu\n        %s {\n", name, m, text);
        for (int i = first; i < one.n; i++)
            gen_out(re, "            caps[%d] = l%ds;\n            caps[%d] = l%de;\n", 2 + 2 * i, i, 3 + 2 * i, i);
        gen_out(re, "            return cur;\n        }\n        * { return NULL; }\n    */\n}\n");
        free(text);
    }
    gen_out(re, "\nstatic const unsigned char *%s_member(const unsigned char *cur, const unsigned char *lim, "
                "const unsigned char **caps, int *which)\n{\n    const unsigned char *mar = cur;\n",
            name);
    gen_out(re, "    (void)mar;\n    /*!local:re2c:%s_member\n", name);
    for (size_t m = 0; m < ob->member_count; m++)
        gen_out(re, "        \"\\\"%s\\\"\" ws* \":\" ws* {\n            *which = %zu;\n"
                    "            return %s_value%zu(cur, lim, caps);\n        }\n",
                ob->members[m].name, m, name, m);
    gen_out(re, "        * { return NULL; }\n    */\n}\n");
    gen_out(re,
            "static const unsigned char *%s_any(const unsigned char *cur, const unsigned char *lim, "
            "const unsigned char **caps)\n{\n"
            "    uint32_t seen = 0;\n"
            "    int which = 0;\n"
            "    if (cur < lim && *cur == ',')\n"
            "        cur = lane_ws(cur + 1, lim);\n"
            "    caps[0] = cur;\n"
            "    if (cur == lim || *cur != '{')\n"
            "        return NULL;\n"
            "    for (int i = 2; i < %d; i++)\n"
            "        caps[i] = NULL;\n"
            "    cur = lane_ws(cur + 1, lim);\n"
            "    for (;;) {\n"
            "        cur = %s_member(cur, lim, caps, &which);\n"
            "        if (!cur || cur == lim || (seen >> which & 1))\n"
            "            return NULL;\n"
            "        seen |= UINT32_C(1) << which;\n"
            "        if (*cur == '}')\n"
            "            return (seen & 0x%" PRIx32 "u) == 0x%" PRIx32 "u ? cur + 1 : NULL;\n"
            "        if (*cur != ',')\n"
            "            return NULL;\n"
            "        cur = lane_ws(cur + 1, lim);\n"
            "    }\n}\n",
            name, 2 + 2 * o->n, name, required, required);
    /* caps[1], which no match sets, remembers that the element before came
       in another order: a file's elements are written alike, so the loop
       is tried first then (the declared order's DFA would fail first each
       time); both give an element the same leaves */
    gen_out(re,
            "static const unsigned char *%s_match(const unsigned char *cur, const unsigned char *lim, "
            "const unsigned char **caps)\n{\n"
            "    const unsigned char *end;\n"
            "    if (caps[1] && (end = %s_any(cur, lim, caps)) != NULL)\n        return end;\n"
            "    if ((end = %s_ordered_match(cur, lim, caps)) != NULL) {\n        caps[1] = NULL;\n        return end;\n    }\n"
            "    end = %s_any(cur, lim, caps);\n    caps[1] = end;\n    return end;\n}\n",
            name, name, name, name);
    return true;
}

/* What put_dfa wrote for a lane's DFA. */
typedef struct lane_dfa {
    int nesting, leaves, values;
    uint64_t checked; /* the leaves (< 64) with checks (ak_jlane.checked) */
} lane_dfa;

/* One DFA: its re2c function NAME_match, its leaf table NAME_leaves, the
 * first leaf of each member NAME_first and, when vt has integer scalars,
 * the leaves that are such integers, NAME_ints. */
static bool put_dfa(FILE *re, const lane_schema *s, int e, int vt, const char *name, lane_dfa *d)
{
    char *text = NULL;
    size_t len = 0;
    lane_out o;
    memset(&o, 0, sizeof o);
    o.ok = true;
    o.fp = open_memstream(&text, &len);
    if (!o.fp)
        return false;
    int nesting = put_element(&o, s, e, vt);
    if (fclose(o.fp) != 0 || !o.ok) {
        free(text);
        return false;
    }
    bool any = any_order(s, e);
    gen_out(re, "\nstatic const unsigned char *%s%s_match(const unsigned char *cur, const unsigned char *lim, "
                "const unsigned char **caps)\n{\n    const unsigned char *mar = cur, *l_v = NULL", name,
            any ? "_ordered" : "");
    for (int i = 0; i < o.n; i++)
        gen_out(re, ",\n        *l%ds = NULL, *l%de = NULL", i, i);
    gen_out(re, ";\n    /*!stags:re2c:%s format = 'const unsigned char *@@ = NULL;\\n    '; */\n", name);
    gen_out(re, "    (void)mar;\n    /*!local:re2c:%s\n        (\",\" ws*)? @l_v %s {\n", name, text);
    gen_out(re, "            caps[0] = l_v;\n");
    for (int i = 0; i < o.n; i++)
        gen_out(re, "            caps[%d] = l%ds;\n            caps[%d] = l%de;\n", 2 + 2 * i, i, 3 + 2 * i, i);
    gen_out(re, "            return cur;\n        }\n        * { return NULL; }\n    */\n}\n");
    if (any && !put_any_order(re, s, e, vt, name, &o)) {
        free(text);
        return false;
    }
    gen_out(re, "static const ak_jleaf %s_leaves[] = {", name);
    for (int i = 0; i < o.n; i++)
        gen_out(re, "%s{%d, %d, %u}", i ? ", " : "", o.leaves[i].member, o.leaves[i].component,
                o.leaves[i].checks);
    /* the first leaf of each member of an element object */
    size_t members = s->types[e].kind == LK_OBJECT ? s->objects[s->types[e].object].member_count : 0;
    gen_out(re, "};\nstatic const int16_t %s_first[] = {", name);
    for (size_t m = 0; m < members; m++)
        gen_out(re, "%s%d", m ? ", " : "", first_leaf(&o, (int)m));
    gen_out(re, "%s};\n", members ? "" : "-1");
    bool ints = vt >= 0 && class_of(ak_value_type_info_of((ak_value_type)vt)) == LC_INT;
    if (ints) {
        gen_out(re, "static const uint8_t %s_ints[] = {", name);
        for (int i = 0; i < o.value_count; i++)
            gen_out(re, "%s%d", i ? ", " : "", o.values[i]);
        gen_out(re, "};\n");
    }
    uint64_t checked = 0;
    for (int i = 0; i < o.n && i < 64; i++)
        if (o.leaves[i].checks)
            checked |= UINT64_C(1) << i;
    *d = (lane_dfa){nesting, o.n, ints ? o.value_count : 0, checked};
    free(text);
    return true;
}

/* The lane NAME (an ak_jlane) of elements of type e with the DFA DFA,
 * whose match function is MATCH. */
static void put_jlane(FILE *re, const lane_schema *s, int e, const char *name, const char *dfa, const char *match,
                      const lane_dfa *d)
{
    size_t members = s->types[e].kind == LK_OBJECT ? s->objects[s->types[e].object].member_count : 0;
    bool versioned = s->types[e].kind == LK_OBJECT && s->objects[s->types[e].object].versioned;
    gen_out(re, "static const ak_jlane %s = {%s, %d, %d, %d, %s_leaves, %zu, %s_first, %s, UINT64_C(0x%" PRIx64 ")};\n",
            name, match, s->types[e].kind == LK_OBJECT ? s->types[e].object : -1, d->nesting, d->leaves, dfa, members,
            dfa, versioned ? "true" : "false", d->checked);
}

/* The checks that complete an integer lane (see the top of this file):
 * the DFA took every integer leaf as any JSON integer (`inum`). */
static const char lane_ints_ok[] =
    "\n/* Whether the integer leaves ints[0..n) of a match have no sign unless\n"
    " * `sign`, and at most `digits` digits (absent members have no leaves). */\n"
    "static bool lane_ints_ok(const unsigned char *const *caps, const uint8_t *ints, int n, bool sign, int digits)\n"
    "{\n"
    "    for (int i = 0; i < n; i++) {\n"
    "        const unsigned char *a = caps[2 + 2 * ints[i]], *b = caps[3 + 2 * ints[i]];\n"
    "        if (a && ((*a == '-' && !sign) || b - a - (*a == '-') > digits))\n"
    "            return false;\n"
    "    }\n"
    "    return true;\n"
    "}\n";

/* The lanes of elements of type e, one per value type: vt's lane into
 * lanes[vt] (its name; "" for none). Value types of one JSON shape share a
 * DFA, named after e and the shape; an integer type's lane wraps it. */
static bool put_lanes_per_vtype(FILE *re, const lane_schema *s, int e, char (*lanes)[80], bool *ints_put)
{
    char shapes[AK_VT_COUNT][64];
    lane_dfa dfas[AK_VT_COUNT];
    int shape_count = 0;
    for (int vt = 0; vt < AK_VT_COUNT; vt++) {
        lanes[vt][0] = 0;
        if (!value_type_ok(vt))
            continue;
        char shape[32], dfa[64];
        shape_name(vt, shape, sizeof shape);
        snprintf(dfa, sizeof dfa, "%s_lane_%d_%s", s->id, e, shape);
        int k = 0;
        while (k < shape_count && strcmp(shapes[k], dfa) != 0)
            k++;
        if (k == shape_count) {
            if (!put_dfa(re, s, e, vt, dfa, &dfas[k]))
                return false;
            snprintf(shapes[k], sizeof shapes[k], "%s", dfa);
            shape_count++;
            char match[96];
            snprintf(match, sizeof match, "%s_match", dfa);
            if (dfas[k].values == 0)
                put_jlane(re, s, e, dfa, dfa, match, &dfas[k]);
        }
        const ak_value_type_info *info = ak_value_type_info_of((ak_value_type)vt);
        if (class_of(info) != LC_INT) {
            snprintf(lanes[vt], 80, "%s", dfa);
            continue;
        }
        if (!*ints_put)
            gen_out(re, "%s", lane_ints_ok);
        *ints_put = true;
        /* one wrapper per integer kind and shape */
        bool sign = info->kind == AK_VK_INT;
        int digits = int_digits(info);
        char lane[80];
        snprintf(lane, sizeof lane, "%s_%c%d", dfa, sign ? 'i' : 'u', digits);
        strcpy(lanes[vt], lane);
        bool done = false;
        for (int u = 0; u < vt && !done; u++)
            done = strcmp(lanes[u], lane) == 0;
        if (done)
            continue;
        gen_out(re,
                "static const unsigned char *%s_match(const unsigned char *cur, const unsigned char *lim, "
                "const unsigned char **caps)\n{\n"
                "    const unsigned char *end = %s_match(cur, lim, caps);\n"
                "    return end && lane_ints_ok(caps, %s_ints, %d, %s, %d) ? end : NULL;\n}\n",
                lane, dfa, dfa, dfas[k].values, sign ? "true" : "false", digits);
        char match[96];
        snprintf(match, sizeof match, "%s_match", lane);
        put_jlane(re, s, e, lane, dfa, match, &dfas[k]);
    }
    return true;
}

bool lanes_possible(const lane_schema *s)
{
    for (size_t a = 0; a < s->type_count; a++) {
        bool pv;
        if (s->types[a].kind == LK_ARRAY && element_ok(s, s->types[a].elem, &pv))
            return true;
    }
    return false;
}

bool emit_lanes(const lane_schema *s, FILE *re)
{
    const char *id = s->id;
    gen_out(re, "/* Generated by animgen from the %s schema: its lanes (gen/emit_lanes.c). */\n", id);
    gen_out(re, "#include \"%s_layout.h\"\n\n#include <string.h>\n\n", id);
    gen_out(re, "/*!re2c\n"
                "    re2c:api = custom;\n"
                "    re2c:api:style = free-form;\n"
                "    re2c:define:YYCTYPE = \"unsigned char\";\n"
                "    re2c:define:YYPEEK = \"*cur\";\n"
                "    re2c:define:YYSKIP = \"++cur;\";\n"
                "    re2c:define:YYBACKUP = \"mar = cur;\";\n"
                "    re2c:define:YYRESTORE = \"cur = mar;\";\n"
                "    re2c:define:YYBACKUPCTX = \"l_ctx = cur;\";\n"
                "    re2c:define:YYRESTORECTX = \"cur = l_ctx;\";\n"
                "    re2c:tags = 1;\n"
                "    re2c:define:YYSTAGP = \"@@{tag} = cur;\";\n"
                "    re2c:define:YYSTAGN = \"@@{tag} = NULL;\";\n"
                "    re2c:define:YYSHIFTSTAG = \"@@{tag} += @@{shift};\";\n"
                "    re2c:define:YYSHIFT = \"cur += @@{shift};\";\n"
                "    re2c:define:YYRESTORETAG = \"cur = @@{tag};\";\n"
                "    re2c:yyfill:enable = 1;\n"
                "    re2c:define:YYLESSTHAN = \"lim - cur < @@{len}\";\n"
                "    re2c:define:YYFILL = \"return NULL;\";\n"
                "    re2c:define:YYFILL:naked = 1;\n"
                "    re2c:indent:string = \"    \";\n\n"
                "    ws    = [ \\t\\r\\n];\n"
                "    plain = [\\x20-\\x21\\x23-\\x5b\\x5d-\\x7e];\n"
                "    str   = \"\\\"\" plain* \"\\\"\";\n"
                "    bool  = \"true\" | \"false\";\n"
                "    fnum  = \"-\"? (\"0\" | [1-9] [0-9]{0,7}) (\".\" [0-9]+)? ([eE] ([+-]? [0-9] | \"-\" [0-9]+))?;\n"
                "    inum  = \"-\"? (\"0\" | [1-9] [0-9]*);\n"
                "*/\n\n"
                "/* Past JSON whitespace from cur (a lane's C parts), as the scanner\n"
                " * skips it (a pretty-printed file's indentation). */\n"
                "static inline const unsigned char *lane_ws(const unsigned char *cur, const unsigned char *lim)\n"
                "{\n"
                "    return ak_json__skip_ws(cur, lim);\n"
                "}\n");
    /* the scalars of a nested object's C matcher (put_nested_value): one
       per class of scalar_pattern, named by scalar_name */
    static const lane_kind scalars[] = {LK_NUMBER, LK_INTEGER, LK_STRING, LK_BOOL, LK_NULL};
    for (size_t i = 0; i < sizeof scalars / sizeof scalars[0]; i++)
        gen_out(re,
                "\nstatic inline const unsigned char *lane_scalar_%s(const unsigned char *cur, const unsigned char *lim)\n"
                "{\n    const unsigned char *mar = cur;\n    (void)mar;\n"
                "    /*!local:re2c:lane_scalar_%s\n        %s { return cur; }\n        * { return NULL; }\n    */\n}\n",
                scalar_name(scalars[i]), scalar_name(scalars[i]), scalar_pattern(scalars[i]));
    /* per element type: a lane, or one per value type */
    bool ok = true, ints_put = false;
    bool *has = calloc(s->type_count ? s->type_count : 1, sizeof *has);
    bool *per_vt = calloc(s->type_count ? s->type_count : 1, sizeof *per_vt);
    if (!has || !per_vt) {
        free(has);
        free(per_vt);
        return false;
    }
    for (size_t a = 0; a < s->type_count; a++) {
        if (s->types[a].kind != LK_ARRAY)
            continue;
        int e = s->types[a].elem;
        bool pv;
        if (e < 0 || has[e] || !element_ok(s, e, &pv))
            continue;
        has[e] = true;
        per_vt[e] = pv;
        if (!pv) {
            char name[64], match[80];
            lane_dfa d;
            snprintf(name, sizeof name, "%s_lane_%d", id, e);
            snprintf(match, sizeof match, "%s_match", name);
            has[e] = put_dfa(re, s, e, -1, name, &d);
            if (has[e])
                put_jlane(re, s, e, name, name, match, &d);
            continue;
        }
        gen_out(re, "\n/* elements of type %d, per value type */\n", e);
        char lanes[AK_VT_COUNT][80];
        if (!put_lanes_per_vtype(re, s, e, lanes, &ints_put)) {
            ok = false;
            continue;
        }
        gen_out(re, "static const ak_jlane *const %s_lanes_%d[%d] = {", id, e, AK_VT_COUNT);
        for (int vt = 0; vt < AK_VT_COUNT; vt++)
            gen_out(re, "%s%s%s", vt ? ", " : "", lanes[vt][0] ? "&" : "NULL", lanes[vt]);
        gen_out(re, "};\n");
    }
    gen_out(re, "\nconst ak_jlane *%s_lane(int16_t type, int16_t vtype)\n{\n    switch (type) {\n", id);
    for (size_t e = 0; e < s->type_count; e++) {
        if (!has[e])
            continue;
        if (per_vt[e])
            gen_out(re, "    case %zu: return vtype >= 0 && vtype < %d ? %s_lanes_%zu[vtype] : NULL;\n", e,
                    AK_VT_COUNT, id, e);
        else
            gen_out(re, "    case %zu: return &%s_lane_%zu;\n", e, id, e);
    }
    gen_out(re, "    default: return NULL;\n    }\n    (void)vtype;\n}\n");
    free(has);
    free(per_vt);
    return ok;
}
