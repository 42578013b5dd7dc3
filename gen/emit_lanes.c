/* animgen: the lanes of a JSON schema as C (and re2c) source (see
 * emit_lanes.h).
 *
 * A lane matches an array element written the usual way, in one pass: the
 * element object's members in declaration order (optional ones may be
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
 * What a lane cannot check (a number's range and `in`/`>=` checks, an
 * integer's 64 bits, a member's versions, the element's groups) the
 * automaton checks of the leaves before it takes an element (on_lane in
 * gen/rt/ak_jschema.c); emit_json.c keeps members with other checks out.
 *
 * A lane is generated C, a call per token (lane_punct, lane_name, lane_ws
 * and a function per class of scalar, in the prologue at the bottom of
 * this file): a DFA takes a byte per step, and its states for a number's
 * digits are branches the predictor cannot know; the prologue takes runs
 * of digits, of a string's bytes and of whitespace 8 bytes at a time, and
 * compares a member name as words. Each function takes its pattern's
 * longest match, as a DFA would: what may follow a scalar in a lane
 * (whitespace, ',', '}', ']') cannot continue it, so the match is the
 * same. Every read is bounded by lim.
 *
 * An element object that is not `ordered` may write its members in any
 * order: where the ordered matcher fails, a loop takes them one at a time
 * (a re2c DFA of the member names, then the member's value function, the
 * one the ordered matcher calls: the same leaves), each at most once, the
 * required ones all (NAME_any below); a file whose keys say
 * "interpolation" first keeps to the lanes too. Once an element has
 * needed the loop, the next is tried with the loop first (caps[1]
 * remembers it: a file writes its elements alike). The DFA of names
 * checks the bytes left once per straight run of states (YYFILL, whose
 * "fill" is to fail the lane); the parser hands an element near the end
 * of its input over in a padded copy (lane_in_tail in
 * grammars/json_parser.c).
 *
 * Every scalar is a leaf with two captures (its span). The lanes cover
 * value types of at most 4 components (no matrices: rare, and AnimJ cannot
 * import them).
 *
 * Size: a lane of an element that uses the bound value type is one matcher
 * per JSON shape of the value type (its component names and the class of
 * its scalars: float, integer, bool or string), not one per value type;
 * the 34 value types with lanes have 15 shapes (AnimJ: 45 matchers for its
 * three element types instead of 102). The integer value types of a shape
 * share the matcher of the class, whose leaves are any JSON integer
 * (lane_inum), and each has a small wrapper that checks the sign and the
 * digit count of its leaves (lane_ints_ok below): together they accept
 * exactly what a matcher of the type's own integers would. Floats, bools
 * and strings need no check: their class pattern is the type's pattern. */
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
    FILE *fp; /* the C of the function being written */
    leaf leaves[MAX_LEAVES];
    int n;
    /* the leaves that are scalars of the bound value type */
    int values[MAX_LEAVES];
    int value_count;
    bool ok;
} lane_out;

/* The scalars a leaf may be, as bits: one, or a union's alternatives. */
enum { S_FNUM = 1, S_INUM = 2, S_STR = 4, S_BOOL = 8, S_NULL = 16 };

/* The class of a value type's scalars: the pattern of its leaves in a
 * shared lane. */
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

static unsigned class_scalars(leaf_class c)
{
    static const unsigned scalars[] = {S_FNUM, S_INUM, S_BOOL, S_STR | S_NULL};
    return scalars[c];
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

/* The JSON shape of a value type: the name suffix of its lane, e.g. "f"
 * for a float scalar, "i_xyz" for three integer components, "f_rgba". */
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

/* The tokens of a lane's C: a punctuation byte and the whitespace after
 * it, a member name and its colon (lane_punct, lane_name in the prologue). */
static void put_punct(FILE *fp, char c)
{
    gen_out(fp, "    if (!(cur = lane_punct(cur, lim, '%c')))\n        return NULL;\n", c);
}

/* lane_name's arguments for a member name: its C literal with the
 * quotes and the colon, padded with NUL bytes to 16 (lane_same reads 16),
 * and its length with the quotes. */
static void put_name_args(FILE *fp, const char *name)
{
    size_t n = strlen(name) + 2;
    gen_out(fp, "\"\\\"%s\\\":", name);
    for (size_t i = n + 1; i < 16; i++)
        gen_out(fp, "\\0");
    gen_out(fp, "\", %zu", n);
}

static void put_name(FILE *fp, const char *name)
{
    gen_out(fp, "    if (!(cur = lane_name(cur, lim, ");
    put_name_args(fp, name);
    gen_out(fp, ")))\n        return NULL;\n");
}

/* Whether a member name after a comma fits lane_comma_name's one
 * comparison: ", \"name\": " within 32 bytes. */
static bool comma_name_fits(const char *name)
{
    return strlen(name) + 6 <= 32;
}

/* lane_comma_name's arguments for a member name that fits: ", \"name\": "
 * as most writers space it, padded with NUL bytes to 16 or 32, and
 * lane_name's. */
static void put_comma_name_args(FILE *fp, const char *name)
{
    size_t n = strlen(name) + 2;
    gen_out(fp, "\", \\\"%s\\\": ", name);
    for (size_t i = n + 4; i < (n + 4 <= 16 ? 16 : 32); i++)
        gen_out(fp, "\\0");
    gen_out(fp, "\", ");
    put_name_args(fp, name);
}

/* A comma and a member name (put_punct, put_name), in one comparison where
 * written as most files do. */
static void put_comma_name(FILE *fp, const char *name)
{
    if (!comma_name_fits(name)) {
        put_punct(fp, ',');
        put_name(fp, name);
        return;
    }
    gen_out(fp, "    if (!(cur = lane_comma_name(cur, lim, ");
    put_comma_name_args(fp, name);
    gen_out(fp, ")))\n        return NULL;\n");
}

/* A leaf: its span in caps[2 + 2N], caps[3 + 2N]; `scalars` its S_* (a
 * union's leaf goes by its first byte: the alternatives' first bytes
 * differ, a union has no integer). */
static void put_leaf(lane_out *o, unsigned scalars, int member, int component, bool value, unsigned checks)
{
    static const char *const fn[] = {"lane_fnum", "lane_inum", "lane_str", "lane_bool", "lane_null"};
    static const char *const first[] = {NULL, NULL, "*cur == '\"'", "*cur == 't' || *cur == 'f'", "*cur == 'n'"};
    if (o->n >= MAX_LEAVES) {
        o->ok = false;
        return;
    }
    if (value)
        o->values[o->value_count++] = o->n;
    o->leaves[o->n].member = member;
    o->leaves[o->n].component = component;
    o->leaves[o->n].checks = checks;
    FILE *fp = o->fp;
    gen_out(fp, "    caps[%d] = cur;\n", 2 + 2 * o->n);
    if (!(scalars & (scalars - 1))) {
        gen_out(fp, "    if (!(cur = %s(cur, lim)))\n        return NULL;\n", fn[__builtin_ctz(scalars)]);
    } else {
        gen_out(fp, "    if (cur == lim)\n        return NULL;\n");
        const char *branch = "if";
        for (int k = 2; k < 5; k++)
            if (scalars & (1u << k)) {
                gen_out(fp, "    %s (%s)\n        cur = %s(cur, lim);\n", branch, first[k], fn[k]);
                branch = "else if";
            }
        if (scalars & (S_FNUM | S_INUM))
            gen_out(fp, "    else\n        cur = %s(cur, lim);\n", fn[scalars & S_FNUM ? 0 : 1]);
        else
            gen_out(fp, "    else\n        return NULL;\n");
        gen_out(fp, "    if (!cur)\n        return NULL;\n");
    }
    gen_out(fp, "    caps[%d] = cur;\n", 3 + 2 * o->n);
    o->n++;
}

/* An object's closing brace (the whitespace after it is the caller's). */
static void put_close(FILE *fp)
{
    gen_out(fp, "    if (cur == lim || *cur != '}')\n        return NULL;\n    cur++;\n");
}

/* A value of the bound type vt; `present`: its member's presence is checked. */
static void put_value(lane_out *o, int vt, int member, bool present)
{
    const ak_value_type_info *info = ak_value_type_info_of((ak_value_type)vt);
    unsigned scalars = class_scalars(class_of(info));
    unsigned checks = present ? LEAF_PRESENT : 0;
    if (info->components == 1) {
        put_leaf(o, scalars, member, -1, true, checks);
        return;
    }
    put_punct(o->fp, '{');
    for (int i = 0; i < info->components; i++) {
        char name[4];
        ak_value_component_name((ak_value_type)vt, (unsigned)i, name);
        if (i)
            put_comma_name(o->fp, name);
        else
            put_name(o->fp, name);
        put_leaf(o, scalars, member, i, true, i ? 0 : checks);
        gen_out(o->fp, "    cur = lane_ws(cur, lim);\n");
    }
    put_close(o->fp);
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
        /* alternatives the lane checks whole: no integer (the automaton
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

static unsigned scalar_of(lane_kind k)
{
    switch (k) {
    case LK_INTEGER: return S_INUM;
    case LK_STRING: return S_STR;
    case LK_BOOL: return S_BOOL;
    case LK_NULL: return S_NULL;
    default: return S_FNUM;
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
        unsigned scalars = 0;
        for (size_t i = 0; i < y->alt_count; i++)
            scalars |= scalar_of(s->types[y->alts[i]].kind);
        put_leaf(o, scalars, member, -1, false, first);
    } else if (y->kind == LK_OBJECT) {
        /* a nested object: leaf `component` k is its member k */
        const lane_object *nested = &s->objects[y->object];
        put_punct(o->fp, '{');
        for (size_t i = 0; i < nested->member_count; i++) {
            if (i)
                put_comma_name(o->fp, nested->members[i].name);
            else
                put_name(o->fp, nested->members[i].name);
            lane_kind k = s->types[nested->members[i].type].kind;
            put_leaf(o, scalar_of(k), member, (int)i, false, (i ? 0 : first) | (lane_kind_number(k) ? LEAF_NUMBER : 0));
            gen_out(o->fp, "    cur = lane_ws(cur, lim);\n");
        }
        put_close(o->fp);
    } else {
        unsigned kind = 0;
        if (lane_kind_number(y->kind))
            kind = LEAF_NUMBER;
        else if (y->kind == LK_STRING && m->checked)
            kind = LEAF_STRING;
        put_leaf(o, scalar_of(y->kind), member, -1, false, first | kind);
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

/* The start of a lane's match function NAME: the comma before the element
 * and the whitespace after it, and caps[0]. */
static void put_match_start(FILE *re, const char *name, const char *suffix)
{
    gen_out(re,
            "\nstatic const unsigned char *%s%s(const unsigned char *cur, const unsigned char *lim, "
            "const unsigned char **caps)\n{\n"
            "    if (cur < lim && *cur == ',')\n        cur = lane_ws(cur + 1, lim);\n"
            "    caps[0] = cur;\n",
            name, suffix);
}

/* An element of a value type (LK_PARAM) of the bound type vt: NAME_match.
 * A scalar ends where the element does: the next token must be the
 * array's ',' or ']' (a string followed by ':' is a member name to the
 * front end, which reports it there). Returns the container nesting. */
static int put_value_element(FILE *re, lane_out *o, int vt, const char *name)
{
    bool object = ak_value_type_info_of((ak_value_type)vt)->components > 1;
    put_match_start(re, name, "_match");
    o->fp = re;
    put_value(o, vt, -1, false);
    if (!object)
        gen_out(re, "    {\n        const unsigned char *next = lane_ws(cur, lim);\n"
                    "        if (next == lim || (*next != ',' && *next != ']'))\n            return NULL;\n    }\n");
    gen_out(re, "    return cur;\n}\n");
    return object ? 1 : 0;
}

/* An element object of type e: per member M, NAME_valueM, its value and
 * the whitespace after it, then NAME_match (NAME_ordered_match where the
 * members may come in any order): the members in declaration order, the
 * optional ones where their name comes. Returns the container nesting. */
static int put_object_element(FILE *re, lane_out *o, const lane_schema *s, int e, int vt, const char *name)
{
    const lane_object *ob = &s->objects[s->types[e].object];
    int nesting = 1;
    for (size_t m = 0; m < ob->member_count; m++) {
        char *text = NULL;
        size_t len = 0;
        if (!(o->fp = open_memstream(&text, &len))) {
            o->ok = false;
            return 0;
        }
        put_member_value(o, s, ob, (int)m, vt);
        if (fclose(o->fp) != 0)
            o->ok = false;
        gen_out(re,
                "\nstatic inline const unsigned char *%s_value%zu(const unsigned char *cur, const unsigned char *lim, "
                "const unsigned char **caps)\n{\n%s    return lane_ws(cur, lim);\n}\n",
                name, m, text ? text : "");
        free(text);
        lane_kind k = s->types[ob->members[m].type].kind;
        if ((k == LK_PARAM && ak_value_type_info_of((ak_value_type)vt)->components > 1) || k == LK_OBJECT)
            nesting = 2;
    }
    if (!o->ok)
        return 0;
    put_match_start(re, name, any_order(s, e) ? "_ordered_match" : "_match");
    put_punct(re, '{');
    for (size_t m = 0; m < ob->member_count; m++) {
        const char *member = ob->members[m].name;
        if (!m || !lane_optional(&ob->members[m])) {
            if (m)
                put_comma_name(re, member);
            else
                put_name(re, member);
            gen_out(re, "    if (!(cur = %s_value%zu(cur, lim, caps)))\n        return NULL;\n", name, m);
            continue;
        }
        /* absent unless its name comes after the comma (that of a later
           member, or none: the next one's turn, or the end's failure) */
        for (int i = 0; i < o->n; i++)
            if (o->leaves[i].member == (int)m)
                gen_out(re, "    caps[%d] = caps[%d] = NULL;\n", 2 + 2 * i, 3 + 2 * i);
        if (comma_name_fits(member)) {
            /* (lane_comma_name fails where the comma or the name is not there) */
            gen_out(re, "    {\n        const unsigned char *at = lane_comma_name(cur, lim, ");
            put_comma_name_args(re, member);
        } else {
            gen_out(re, "    if (cur < lim && *cur == ',') {\n"
                        "        const unsigned char *at = lane_name(lane_ws(cur + 1, lim), lim, ");
            put_name_args(re, member);
        }
        gen_out(re, ");\n        if (at && !(cur = %s_value%zu(at, lim, caps)))\n            return NULL;\n    }\n", name,
                m);
    }
    gen_out(re, "    return cur < lim && *cur == '}' ? cur + 1 : NULL;\n}\n");
    return nesting;
}

/* The members of an element in any order (see the top of this file):
 * NAME_member, a DFA of the names that calls the value's function, and
 * NAME_any, the loop over members; NAME_match tries the ordered lane
 * first. */
static void put_any_order(FILE *re, const lane_schema *s, int e, const char *name, const lane_out *o)
{
    const lane_object *ob = &s->objects[s->types[e].object];
    uint32_t required = 0;
    for (size_t m = 0; m < ob->member_count; m++)
        if (!lane_optional(&ob->members[m]))
            required |= UINT32_C(1) << m;
    gen_out(re, "\nstatic const unsigned char *%s_member(const unsigned char *cur, const unsigned char *lim, "
                "const unsigned char **caps, int *which)\n{\n    const unsigned char *mar = cur;\n",
            name);
    gen_out(re, "    (void)mar;\n    /*!local:re2c:%s_member\n", name);
    for (size_t m = 0; m < ob->member_count; m++)
        gen_out(re, "        \"\\\"%s\\\"\" ws* \":\" ws* {\n            *which = %zu;\n"
                    "            return %s_value%zu(cur, lim, caps);\n        }\n",
                ob->members[m].name, m, name, m);
    gen_out(re, "        * { return NULL; }\n    */\n}\n");
    put_match_start(re, name, "_any");
    put_punct(re, '{');
    gen_out(re,
            "    for (int i = 2; i < %d; i++)\n"
            "        caps[i] = NULL;\n"
            "    uint32_t seen = 0;\n"
            "    int which = 0;\n"
            "    for (;;) {\n"
            "        cur = %s_member(cur, lim, caps, &which);\n"
            "        if (!cur || cur == lim || (seen >> which & 1))\n"
            "            return NULL;\n"
            "        seen |= UINT32_C(1) << which;\n"
            "        if (*cur == '}')\n"
            "            return (seen & 0x%" PRIx32 "u) == 0x%" PRIx32 "u ? cur + 1 : NULL;\n"
            "        if (!(cur = lane_punct(cur, lim, ',')))\n"
            "            return NULL;\n"
            "    }\n}\n",
            2 + 2 * o->n, name, required, required);
    /* caps[1], which no match sets, remembers that the element before came
       in another order: a file's elements are written alike, so the loop
       is tried first then (the declared order's lane would fail first each
       time); both give an element the same leaves */
    gen_out(re,
            "static const unsigned char *%s_match(const unsigned char *cur, const unsigned char *lim, "
            "const unsigned char **caps)\n{\n"
            "    const unsigned char *end;\n"
            "    if (caps[1] && (end = %s_any(cur, lim, caps)) != NULL)\n        return end;\n"
            "    if ((end = %s_ordered_match(cur, lim, caps)) != NULL) {\n        caps[1] = NULL;\n        return end;\n    }\n"
            "    end = %s_any(cur, lim, caps);\n    caps[1] = end;\n    return end;\n}\n",
            name, name, name, name);
}

/* What put_matcher wrote for a lane's matcher. */
typedef struct lane_matcher {
    int nesting, leaves, values;
    uint64_t checked;    /* the leaves (< 64) with checks (ak_jlane.checked) */
    uint64_t optional;   /* the leaves (< 64) of members a match may lack (ak_jlane.optional) */
    uint32_t values_all; /* the values of a match that lacks none (ak_jlane.values_all) */
} lane_matcher;

/* One lane's matcher: NAME_match, its leaf table NAME_leaves, the first
 * leaf of each member NAME_first and, when vt has integer scalars, the
 * leaves that are such integers, NAME_ints. */
static bool put_matcher(FILE *re, const lane_schema *s, int e, int vt, const char *name, lane_matcher *d)
{
    lane_out o;
    memset(&o, 0, sizeof o);
    o.ok = true;
    int nesting = s->types[e].kind == LK_PARAM ? put_value_element(re, &o, vt, name)
                                                : put_object_element(re, &o, s, e, vt, name);
    if (!o.ok)
        return false;
    if (any_order(s, e))
        put_any_order(re, s, e, name, &o);
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
    uint64_t checked = 0, optional = 0;
    const lane_object *ob = s->types[e].kind == LK_OBJECT ? &s->objects[s->types[e].object] : NULL;
    /* as the validator counts a match's values (lane_values in
       gen/rt/ak_jschema.c): the element object, each leaf, and the object
       of a value-type value (at its first component) */
    uint32_t values_all = ob != NULL;
    for (int i = 0; i < o.n; i++) {
        if (i < 64 && o.leaves[i].checks)
            checked |= UINT64_C(1) << i;
        /* a leaf is absent only with its member (a member's value is
           matched whole) */
        if (i < 64 && ob && o.leaves[i].member >= 0 && lane_optional(&ob->members[o.leaves[i].member]))
            optional |= UINT64_C(1) << i;
        values_all += 1u + (o.leaves[i].component == 0);
    }
    *d = (lane_matcher){nesting, o.n, ints ? o.value_count : 0, checked, optional, values_all};
    return true;
}

/* The lane NAME (an ak_jlane) of elements of type e with the matcher
 * MATCHER, whose match function is MATCH. */
static void put_jlane(FILE *re, const lane_schema *s, int e, const char *name, const char *matcher, const char *match,
                      const lane_matcher *d)
{
    size_t members = s->types[e].kind == LK_OBJECT ? s->objects[s->types[e].object].member_count : 0;
    bool versioned = s->types[e].kind == LK_OBJECT && s->objects[s->types[e].object].versioned;
    gen_out(re,
            "static const ak_jlane %s = {%s, %d, %d, %d, %s_leaves, %zu, %s_first, %s, UINT64_C(0x%" PRIx64
            "), UINT64_C(0x%" PRIx64 "), %" PRIu32 "u};\n",
            name, match, s->types[e].kind == LK_OBJECT ? s->types[e].object : -1, d->nesting, d->leaves, matcher,
            members, matcher, versioned ? "true" : "false", d->checked, d->optional, d->values_all);
}

/* The checks that complete an integer lane (see the top of this file):
 * the matcher took every integer leaf as any JSON integer (lane_inum). */
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
 * matcher, named after e and the shape; an integer type's lane wraps it. */
static bool put_lanes_per_vtype(FILE *re, const lane_schema *s, int e, char (*lanes)[80], bool *ints_put)
{
    char shapes[AK_VT_COUNT][64];
    lane_matcher matchers[AK_VT_COUNT];
    int shape_count = 0;
    for (int vt = 0; vt < AK_VT_COUNT; vt++) {
        lanes[vt][0] = 0;
        if (!value_type_ok(vt))
            continue;
        char shape[32], matcher[64];
        shape_name(vt, shape, sizeof shape);
        snprintf(matcher, sizeof matcher, "%s_lane_%d_%s", s->id, e, shape);
        int k = 0;
        while (k < shape_count && strcmp(shapes[k], matcher) != 0)
            k++;
        if (k == shape_count) {
            if (!put_matcher(re, s, e, vt, matcher, &matchers[k]))
                return false;
            snprintf(shapes[k], sizeof shapes[k], "%s", matcher);
            shape_count++;
            char match[96];
            snprintf(match, sizeof match, "%s_match", matcher);
            if (matchers[k].values == 0)
                put_jlane(re, s, e, matcher, matcher, match, &matchers[k]);
        }
        const ak_value_type_info *info = ak_value_type_info_of((ak_value_type)vt);
        if (class_of(info) != LC_INT) {
            snprintf(lanes[vt], 80, "%s", matcher);
            continue;
        }
        if (!*ints_put)
            gen_out(re, "%s", lane_ints_ok);
        *ints_put = true;
        /* one wrapper per integer kind and shape */
        bool sign = info->kind == AK_VK_INT;
        int digits = int_digits(info);
        char lane[80];
        snprintf(lane, sizeof lane, "%s_%c%d", matcher, sign ? 'i' : 'u', digits);
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
                lane, matcher, matcher, matchers[k].values, sign ? "true" : "false", digits);
        char match[96];
        snprintf(match, sizeof match, "%s_match", lane);
        put_jlane(re, s, e, lane, matcher, match, &matchers[k]);
    }
    return true;
}

/* What every lane's C calls: the tokens, and the scalars' patterns (see
 * the top of this file), each matched to its longest as a DFA would (what
 * may follow a scalar in a lane, whitespace, ',', '}' or ']', cannot
 * continue it). Digit runs and a string's bytes go 8 at a time (the
 * scanner's primitives, grammars/json_parser.h). */
static const char lane_prologue[] =
    "\n/* Past JSON whitespace from cur, as the scanner skips it. Most runs of it\n"
    " * in an element are none at all or one space (\": \", \", \"): those are\n"
    " * a test or two here. */\n"
    "static inline __attribute__((always_inline, unused)) const unsigned char *lane_ws(const unsigned char *cur,\n"
    "    const unsigned char *lim)\n"
    "{\n"
    "    if (lim - cur >= 2) {\n"
    "        if (cur[0] > ' ')\n            return cur;\n"
    "        if (cur[0] == ' ' && cur[1] > ' ')\n            return cur + 1;\n"
    "    } else if (cur < lim && cur[0] > ' ') {\n"
    "        return cur;\n"
    "    }\n"
    "    return ak_json__skip_ws(cur, lim);\n"
    "}\n"
    "\n/* The same where two bytes from cur are known to be readable: the tests\n"
    " * of the bytes alone (a token's test of its bounds covers them). */\n"
    "static inline __attribute__((always_inline, unused)) const unsigned char *lane_ws_within(const unsigned char *cur,\n"
    "    const unsigned char *lim)\n"
    "{\n"
    "    if (cur[0] > ' ')\n        return cur;\n"
    "    if (cur[0] == ' ' && cur[1] > ' ')\n        return cur + 1;\n"
    "    return ak_json__skip_ws(cur, lim);\n"
    "}\n"
    "\n/* The byte c and the whitespace after it. */\n"
    "static inline __attribute__((always_inline, unused)) const unsigned char *lane_punct(const unsigned char *cur,\n"
    "    const unsigned char *lim, unsigned char c)\n"
    "{\n"
    "    if (lim - cur >= 3)\n        return *cur == c ? lane_ws_within(cur + 1, lim) : NULL;\n"
    "    return cur < lim && *cur == c ? lane_ws(cur + 1, lim) : NULL;\n"
    "}\n"
    "\n/* Whether the n bytes at cur are name's (padded with NUL bytes to 16),\n"
    " * 16 bytes from cur being readable (n <= 16): two words (the words of\n"
    " * the literal fold into constants). */\n"
    "static inline __attribute__((always_inline, unused)) bool lane_same16(const unsigned char *cur,\n"
    "    const char *name, size_t n)\n"
    "{\n"
    "    uint64_t a[2], b[2];\n"
    "    memcpy(a, cur, 16);\n"
    "    memcpy(b, name, 16);\n"
    "    a[0] ^= b[0];\n"
    "    a[1] ^= b[1];\n"
    "    /* the bytes past n differ from the padding as they like */\n"
    "#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__\n"
    "    const uint64_t m0 = n >= 8 ? ~UINT64_C(0) : ~(~UINT64_C(0) >> (8 * n));\n"
    "    const uint64_t m1 = n >= 16 ? ~UINT64_C(0) : n <= 8 ? 0 : ~(~UINT64_C(0) >> (8 * (n - 8)));\n"
    "#else\n"
    "    const uint64_t m0 = n >= 8 ? ~UINT64_C(0) : ~(~UINT64_C(0) << (8 * n));\n"
    "    const uint64_t m1 = n >= 16 ? ~UINT64_C(0) : n <= 8 ? 0 : ~(~UINT64_C(0) << (8 * (n - 8)));\n"
    "#endif\n"
    "    return ((a[0] & m0) | (a[1] & m1)) == 0;\n"
    "}\n"
    "\n/* The same where fewer than 16 bytes may be readable, or n > 16. */\n"
    "static inline __attribute__((always_inline, unused)) bool lane_same(const unsigned char *cur,\n"
    "    const unsigned char *lim, const char *name, size_t n)\n"
    "{\n"
    "    if (n > 16 || lim - cur < 16)\n        return (size_t)(lim - cur) >= n && memcmp(cur, name, n) == 0;\n"
    "    return lane_same16(cur, name, n);\n"
    "}\n"
    "\n/* A member name (name: with its quotes, n bytes, and a colon), ':' and the\n"
    " * whitespace around it; a colon right after the name (most files) is\n"
    " * compared with it. */\n"
    "static inline __attribute__((always_inline, unused)) const unsigned char *lane_name(const unsigned char *cur,\n"
    "    const unsigned char *lim, const char *name, size_t n)\n"
    "{\n"
    "    /* the name, its colon and the two bytes after within 16 readable\n"
    "       bytes (most names): one test of the bounds for all */\n"
    "    if (n + 3 <= 16 && lim - cur >= 16) {\n"
    "        if (lane_same16(cur, name, n + 1))\n            return lane_ws_within(cur + n + 1, lim);\n"
    "        if (!lane_same16(cur, name, n))\n            return NULL;\n"
    "        return lane_punct(lane_ws(cur + n, lim), lim, ':');\n"
    "    }\n"
    "    if (lane_same(cur, lim, name, n + 1))\n        return lane_ws(cur + n + 1, lim);\n"
    "    if (!lane_same(cur, lim, name, n))\n        return NULL;\n"
    "    return lane_punct(lane_ws(cur + n, lim), lim, ':');\n"
    "}\n"
    "\n/* A comma and a member name (lane_punct, lane_name), written as most\n"
    " * writers write them, compared at once where the value's byte follows:\n"
    " * spaced, \", \\\"name\\\": \" (spaced: n + 4 bytes, padded to 16 or 32), or\n"
    " * compact, \",\\\"name\\\":\" (the comma, then name's n + 1). */\n"
    "static inline __attribute__((always_inline, unused)) const unsigned char *lane_comma_name(const unsigned char *cur,\n"
    "    const unsigned char *lim, const char *spaced, const char *name, size_t n)\n"
    "{\n"
    "    if (n + 4 <= 32 && lim - cur >= (n + 4 <= 16 ? 17 : 33)) {\n"
    "        if (cur[1] == ' ') {\n"
    "            if ((n + 4 <= 16 ? lane_same16(cur, spaced, n + 4)\n"
    "                             : lane_same16(cur, spaced, 16) && lane_same16(cur + 16, spaced + 16, n + 4 - 16)) &&\n"
    "                cur[n + 4] > ' ')\n                return cur + n + 4;\n"
    "        } else if (n + 1 <= 16 && cur[0] == ',' && lane_same16(cur + 1, name, n + 1) && cur[n + 2] > ' ') {\n"
    "            return cur + n + 2;\n"
    "        }\n"
    "    }\n"
    "    if (!(cur = lane_punct(cur, lim, ',')))\n        return NULL;\n"
    "    return lane_name(cur, lim, name, n);\n"
    "}\n"
    "\nstatic inline __attribute__((always_inline, unused)) bool lane_digit(const unsigned char *cur,\n"
    "    const unsigned char *lim)\n"
    "{\n    return cur < lim && (unsigned)(*cur - '0') < 10u;\n}\n"
    "\n/* \"-\"? (\"0\" | [1-9] [0-9]{0,7}) (\".\" [0-9]+)? ([eE] ([+-]? [0-9] | \"-\" [0-9]+))? */\n"
    "static inline __attribute__((always_inline, unused)) const unsigned char *lane_fnum(const unsigned char *cur,\n"
    "    const unsigned char *lim)\n"
    "{\n"
    "    /* one test of the bounds for the sign, the first digit and the word\n"
    "       below where 10 bytes are readable (all but a document's last) */\n"
    "    const bool room = lim - cur >= 10;\n"
    "    if (room) {\n"
    "        cur += *cur == '-';\n"
    "        if ((unsigned)(*cur - '0') >= 10u)\n            return NULL;\n"
    "    } else {\n"
    "        cur += cur < lim && *cur == '-';\n"
    "        if (!lane_digit(cur, lim))\n            return NULL;\n"
    "    }\n"
    "    if (room || lim - cur >= 8) {\n"
    "        /* the integer digits, the point and the fraction's digits in one\n"
    "           word where they fit (most numbers) */\n"
    "        uint64_t w;\n"
    "        memcpy(&w, cur, 8);\n"
    "        const uint64_t stop = ak_json__nondigit_bytes(w);\n"
    "        const unsigned i = *cur == '0' ? 1 : stop ? ak_json__first_nonzero_byte(stop) : 8;\n"
    "        if (i < 7 && cur[i] == '.' && (unsigned)(cur[i + 1] - '0') < 10u) {\n"
    "            const uint64_t rest = stop & ak_json__bytes_from(i + 1);\n"
    "            cur = rest ? cur + ak_json__first_nonzero_byte(rest) : ak_json__digits_end(cur + 8, lim);\n"
    "        } else {\n"
    "            cur += i;\n"
    "            if (cur < lim && *cur == '.' && lane_digit(cur + 1, lim))\n"
    "                cur = ak_json__digits_end(cur + 2, lim);\n"
    "        }\n"
    "    } else {\n"
    "        if (*cur == '0') {\n            cur++;\n        } else {\n"
    "            const unsigned char *end = ak_json__digits_end(cur, lim);\n"
    "            cur = end - cur > 8 ? cur + 8 : end;\n        }\n"
    "        if (cur < lim && *cur == '.' && lane_digit(cur + 1, lim))\n"
    "            cur = ak_json__digits_end(cur + 2, lim);\n"
    "    }\n"
    "    if (cur < lim && (*cur == 'e' || *cur == 'E')) {\n"
    "        const unsigned char *e = cur + 1;\n"
    "        if (e < lim && *e == '-' && lane_digit(e + 1, lim))\n"
    "            return ak_json__digits_end(e + 2, lim);\n"
    "        e += e < lim && *e == '+';\n"
    "        if (lane_digit(e, lim))\n            return e + 1;\n"
    "    }\n"
    "    return cur;\n"
    "}\n"
    "\n/* \"-\"? (\"0\" | [1-9] [0-9]*) */\n"
    "static inline __attribute__((always_inline, unused)) const unsigned char *lane_inum(const unsigned char *cur,\n"
    "    const unsigned char *lim)\n"
    "{\n"
    "    cur += cur < lim && *cur == '-';\n"
    "    if (!lane_digit(cur, lim))\n        return NULL;\n"
    "    return *cur == '0' ? cur + 1 : ak_json__digits_end(cur, lim);\n"
    "}\n"
    "\n/* \"\\\"\" [\\x20-\\x21\\x23-\\x5b\\x5d-\\x7e]* \"\\\"\" */\n"
    "static inline __attribute__((always_inline, unused)) const unsigned char *lane_str(const unsigned char *cur,\n"
    "    const unsigned char *lim)\n"
    "{\n"
    "    if (cur == lim || *cur != '\"')\n        return NULL;\n"
    "    cur = ak_json__plain_end(cur + 1, lim);\n"
    "    return cur < lim && *cur == '\"' ? cur + 1 : NULL;\n"
    "}\n"
    "\n/* \"true\" | \"false\" */\n"
    "static inline __attribute__((unused)) const unsigned char *lane_bool(const unsigned char *cur,\n"
    "    const unsigned char *lim)\n"
    "{\n"
    "    if (lim - cur >= 4 && memcmp(cur, \"true\", 4) == 0)\n        return cur + 4;\n"
    "    return lim - cur >= 5 && memcmp(cur, \"false\", 5) == 0 ? cur + 5 : NULL;\n"
    "}\n"
    "\n/* \"null\" */\n"
    "static inline __attribute__((unused)) const unsigned char *lane_null(const unsigned char *cur,\n"
    "    const unsigned char *lim)\n"
    "{\n    return lim - cur >= 4 && memcmp(cur, \"null\", 4) == 0 ? cur + 4 : NULL;\n}\n";

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
                "    re2c:define:YYSHIFT = \"cur += @@{shift};\";\n"
                "    re2c:yyfill:enable = 1;\n"
                "    re2c:define:YYLESSTHAN = \"lim - cur < @@{len}\";\n"
                "    re2c:define:YYFILL = \"return NULL;\";\n"
                "    re2c:define:YYFILL:naked = 1;\n"
                "    re2c:indent:string = \"    \";\n\n"
                "    ws = [ \\t\\r\\n];\n"
                "*/\n");
    gen_out(re, "%s", lane_prologue);
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
            lane_matcher d;
            snprintf(name, sizeof name, "%s_lane_%d", id, e);
            snprintf(match, sizeof match, "%s_match", name);
            has[e] = put_matcher(re, s, e, -1, name, &d);
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
