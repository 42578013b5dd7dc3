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
 *   - value-type objects with every component, in canonical order.
 * Anything else fails the lane and takes the ordinary path, event by event.
 *
 * Every scalar is a leaf with two tags (its span). The lanes cover value
 * types of at most 4 components: a matrix lane would be a DFA of thousands
 * of states for shapes that are rare (and that AnimJ cannot import). */
#include "emit_lanes.h"

#include "emit_common.h"
#include "model.h"

#include <stdlib.h>
#include <string.h>

#define MAX_LEAVES 79 /* (AK_JSON_LANE_CAPS - 2) / 2 */
#define MAX_COMPONENTS 4

typedef struct leaf {
    int member, component;
} leaf;

typedef struct lane_out {
    FILE *fp;
    leaf leaves[MAX_LEAVES];
    int n;
    bool ok;
} lane_out;

/* The pattern of one scalar of a value type's component kind. */
static const char *component_pattern(const ak_value_type_info *info)
{
    switch (info->kind) {
    case AK_VK_BOOL: return "bool";
    case AK_VK_STRING: return "(str | \"null\")";
    case AK_VK_F32:
    case AK_VK_F64: return "fnum";
    case AK_VK_UINT:
        switch (info->bits) {
        case 8: return "u2";
        case 16: return "u4";
        case 32: return "u9";
        default: return "u19";
        }
    case AK_VK_INT:
        switch (info->bits) {
        case 8: return "i2";
        case 16: return "i4";
        case 32: return "i9";
        default: return "i18";
        }
    }
    return NULL;
}

static bool value_type_ok(int vt)
{
    const ak_value_type_info *info = ak_value_type_info_of((ak_value_type)vt);
    return info->components <= MAX_COMPONENTS && !ak_value_type_matrix_dim((ak_value_type)vt);
}

/* A leaf: `@lNs PATTERN @lNe`. */
static void put_leaf(lane_out *o, const char *pattern, int member, int component)
{
    if (o->n >= MAX_LEAVES) {
        o->ok = false;
        return;
    }
    o->leaves[o->n].member = member;
    o->leaves[o->n].component = component;
    gen_out(o->fp, "@l%ds %s @l%de", o->n, pattern, o->n);
    o->n++;
}

static void put_value(lane_out *o, int vt, int member)
{
    const ak_value_type_info *info = ak_value_type_info_of((ak_value_type)vt);
    const char *pattern = component_pattern(info);
    if (info->components == 1) {
        put_leaf(o, pattern, member, -1);
        return;
    }
    gen_out(o->fp, "\"{\" ws* ");
    for (int i = 0; i < info->components; i++) {
        char name[4];
        ak_value_component_name((ak_value_type)vt, (unsigned)i, name);
        gen_out(o->fp, "%s\"\\\"%s\\\"\" ws* \":\" ws* ", i ? " ws* \",\" ws* " : "", name);
        put_leaf(o, pattern, member, i);
    }
    gen_out(o->fp, " ws* \"}\"");
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
    case LK_STRING:
    case LK_BOOL:
    case LK_NULL: return true;
    case LK_PARAM: return s->values;
    case LK_UNION:
        for (size_t i = 0; i < y->alt_count; i++)
            if (!type_ok(s, y->alts[i]) || s->types[y->alts[i]].kind == LK_UNION ||
                s->types[y->alts[i]].kind == LK_PARAM)
                return false;
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
    case LK_STRING: return "str";
    case LK_BOOL: return "bool";
    case LK_NULL: return "\"null\"";
    default: return NULL;
    }
}

static void put_member_value(lane_out *o, const lane_schema *s, int t, int vt, int member)
{
    const lane_type *y = &s->types[t];
    if (y->kind == LK_PARAM) {
        put_value(o, vt, member);
    } else if (y->kind == LK_UNION) {
        /* one leaf whichever alternative: the automaton knows the kinds */
        char pattern[256] = "(";
        for (size_t i = 0; i < y->alt_count; i++) {
            strcat(pattern, i ? " | " : "");
            strcat(pattern, scalar_pattern(s->types[y->alts[i]].kind));
        }
        strcat(pattern, ")");
        put_leaf(o, pattern, member, -1);
    } else {
        put_leaf(o, scalar_pattern(y->kind), member, -1);
    }
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
    if (ob->member_count == 0 || ob->members[0].optional)
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
        put_value(o, vt, -1);
        if (!vt_object)
            gen_out(fp, " / delim"); /* a scalar ends where JSON says a value ends */
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
            gen_out(fp, " %s\",\" ws* ", m->optional ? "(" : "");
        gen_out(fp, "\"\\\"%s\\\"\" ws* \":\" ws* ", m->name);
        put_member_value(o, s, m->type, vt, (int)i);
        gen_out(fp, " ws*");
        if (i && m->optional)
            gen_out(fp, ")?");
        if (s->types[m->type].kind == LK_PARAM && vt_object)
            nesting = 2;
    }
    gen_out(fp, " \"}\"");
    return nesting;
}

/* One lane: its re2c function and its leaf table. */
static bool put_lane(FILE *re, const lane_schema *s, int e, int vt, const char *name)
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
    gen_out(re, "\nstatic const unsigned char *%s_match(const unsigned char *cur, const unsigned char *lim, "
                "const unsigned char **caps)\n{\n    const unsigned char *mar = cur, *l_v = NULL", name);
    for (int i = 0; i < o.n; i++)
        gen_out(re, ",\n        *l%ds = NULL, *l%de = NULL", i, i);
    gen_out(re, ";\n    /*!stags:re2c:%s format = 'const unsigned char *@@ = NULL;\\n    '; */\n", name);
    gen_out(re, "    (void)mar;\n    /*!local:re2c:%s\n        (\",\" ws*)? @l_v %s {\n", name, text);
    gen_out(re, "            caps[0] = l_v;\n");
    for (int i = 0; i < o.n; i++)
        gen_out(re, "            caps[%d] = l%ds;\n            caps[%d] = l%de;\n", 2 + 2 * i, i, 3 + 2 * i, i);
    gen_out(re, "            return cur;\n        }\n        * { return NULL; }\n    */\n}\n");
    gen_out(re, "static const ak_jleaf %s_leaves[] = {", name);
    for (int i = 0; i < o.n; i++)
        gen_out(re, "%s{%d, %d}", i ? ", " : "", o.leaves[i].member, o.leaves[i].component);
    /* the first leaf of each member of an element object */
    size_t members = s->types[e].kind == LK_OBJECT ? s->objects[s->types[e].object].member_count : 0;
    gen_out(re, "};\nstatic const int16_t %s_first[] = {", name);
    for (size_t m = 0; m < members; m++) {
        int first = -1;
        for (int i = 0; i < o.n && first < 0; i++)
            if (o.leaves[i].member == (int)m)
                first = i;
        gen_out(re, "%s%d", m ? ", " : "", first);
    }
    gen_out(re, "%s};\nstatic const ak_jlane %s = {%s_match, %d, %d, %d, %s_leaves, %zu, %s_first};\n",
            members ? "" : "-1", name, name, s->types[e].kind == LK_OBJECT ? s->types[e].object : -1, nesting, o.n,
            name, members, name);
    free(text);
    return true;
}

bool emit_lanes(const lane_schema *s, FILE *re)
{
    const char *id = s->id;
    gen_out(re, "/* Generated by animgen from the %s schema: its lanes (gen/emit_lanes.c). */\n", id);
    gen_out(re, "#include \"%s_layout.h\"\n\n", id);
    gen_out(re, "/*!re2c\n"
                "    re2c:api = custom;\n"
                "    re2c:api:style = free-form;\n"
                "    re2c:define:YYCTYPE = \"unsigned char\";\n"
                "    re2c:define:YYPEEK = \"(cur < lim ? *cur : 0)\";\n"
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
                "    re2c:yyfill:enable = 0;\n"
                "    re2c:indent:string = \"    \";\n\n"
                "    ws    = [ \\t\\r\\n];\n"
                "    plain = [\\x20-\\x21\\x23-\\x5b\\x5d-\\x7e];\n"
                "    str   = \"\\\"\" plain* \"\\\"\";\n"
                "    bool  = \"true\" | \"false\";\n"
                "    fnum  = \"-\"? (\"0\" | [1-9] [0-9]{0,7}) (\".\" [0-9]+)? ([eE] ([+-]? [0-9] | \"-\" [0-9]+))?;\n"
                "    u2    = \"0\" | [1-9] [0-9]?;\n"
                "    u4    = \"0\" | [1-9] [0-9]{0,3};\n"
                "    u9    = \"0\" | [1-9] [0-9]{0,8};\n"
                "    u19   = \"0\" | [1-9] [0-9]{0,18};\n"
                "    i2    = \"-\"? u2;\n"
                "    i4    = \"-\"? u4;\n"
                "    i9    = \"-\"? u9;\n"
                "    i18   = \"-\"? (\"0\" | [1-9] [0-9]{0,17});\n"
                "    delim = [ \\t\\r\\n,\\]}];\n"
                "*/\n");
    /* per element type: a lane, or one per value type */
    bool ok = true;
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
        char name[64];
        if (!pv) {
            snprintf(name, sizeof name, "%s_lane_%d", id, e);
            has[e] = put_lane(re, s, e, -1, name);
            continue;
        }
        gen_out(re, "\n/* elements of type %d, per value type */\n", e);
        for (int vt = 0; vt < AK_VT_COUNT; vt++) {
            snprintf(name, sizeof name, "%s_lane_%d_%d", id, e, vt);
            if (value_type_ok(vt) && !put_lane(re, s, e, vt, name))
                ok = false;
        }
        gen_out(re, "static const ak_jlane *const %s_lanes_%d[%d] = {", id, e, AK_VT_COUNT);
        for (int vt = 0; vt < AK_VT_COUNT; vt++) {
            snprintf(name, sizeof name, "%s_lane_%d_%d", id, e, vt);
            gen_out(re, "%s%s%s", vt ? ", " : "", value_type_ok(vt) ? "&" : "NULL", value_type_ok(vt) ? name : "");
        }
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
