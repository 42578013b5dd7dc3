/* The push automaton of animgen-generated JSON validators (see ak_jschema.h). */
#include "ak_jschema.h"

#include "ak_jsgraph.h"
#include "ak_jsrefs.h"
#include "json_seek.h"
#include "model.h"

#include <ctype.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* A report at offset..+length with the path of the current event, or
 * (lane_suffix not NULL) of the element a lane read plus lane_suffix. */
static bool vreport(ak_jsctx *c, int rule, uint64_t offset, uint64_t length, const char *lane_suffix, const char *fmt,
                    va_list ap)
{
    /* below the version gate: its rule, and what is the JSON's own (the
       value cap, numbers that overflow a double), as the front end's */
    if (rule < 0 || (c->gated && rule != c->s->gate_rule && rule != c->s->finite_rule && rule != c->s->value_cap_rule))
        return true;
    ak_diags *d = ak_json_diags(c->p);
    if (!d)
        return true;
    const ak_rule *r = &c->s->rules[rule];
    uint32_t line = 0, col = 0;
    bool kept = ak_diags_keeps(d, r); /* else only counted: no place, no path to build */
    const char *path = NULL;
    ak_buf lane_path;
    ak_buf_init(&lane_path);
    if (kept) {
        ak_json_location(c->p, offset, &line, &col);
        if (!lane_suffix) {
            path = ak_json_path(c->p);
        } else {
            ak_buf_puts(&lane_path, ak_json_lane_path(c->p));
            ak_buf_puts(&lane_path, lane_suffix);
            if (lane_path.failed) {
                ak_buf_free(&lane_path);
                c->oom = true;
                return false;
            }
            path = ak_buf_cstr(&lane_path);
        }
    }
    bool go = ak_vreport(d, r, offset, length, line, col, path, fmt, ap);
    ak_buf_free(&lane_path);
    return go;
}

bool ak_js_report(ak_jsctx *c, int rule, const ak_json_event *e, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    bool go = vreport(c, rule, e->offset, e->length, NULL, fmt, ap);
    va_end(ap);
    return go;
}

bool ak_js_report_lane(ak_jsctx *c, int rule, size_t offset, size_t length, const char *suffix, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    bool go = vreport(c, rule, offset, length, suffix, fmt, ap);
    va_end(ap);
    return go;
}

static ak_jsframe *push(ak_jsctx *c, int16_t type, const ak_json_event *e)
{
    if (c->depth == c->cap) {
        size_t cap = c->cap ? c->cap * 2 : 16;
        ak_jsframe *f = realloc(c->frames, cap * sizeof *f);
        if (!f) {
            c->oom = true;
            return NULL;
        }
        c->frames = f;
        c->cap = cap;
    }
    ak_jsframe *f = &c->frames[c->depth++];
    memset(f, 0, sizeof *f);
    f->type = type;
    f->object = -1;
    f->member = -1;
    f->vtype = -1;
    f->value = -1;
    f->last = -1;
    for (int i = 0; i < 16; i++)
        f->tags[i] = -1;
    f->start = e->offset;
    f->is_object = e->kind == AK_JSON_BEGIN_OBJECT;
    f->lane_order = -1;
    f->declared = -1;
    f->misplaced_rule = -1;
    f->unique_member = -1;
    f->uset = -1;
    if (f->is_object)
        f->serial = ++c->serials;
    return f;
}

/* A container nobody checks (an unknown member, a value of the wrong kind). */
static bool skip(ak_jsctx *c, const ak_json_event *e)
{
    if (e->kind == AK_JSON_BEGIN_OBJECT || e->kind == AK_JSON_BEGIN_ARRAY)
        return push(c, -1, e) != NULL;
    return true;
}

/* ---- value types ------------------------------------------------------- */

/* Whether a JSON number may round to infinity as an f32 (or f64): only
 * with an exponent or more integer digits than FLT_MAX (DBL_MAX) has.
 * Saves the correctly rounded conversion on almost every number. */
static bool may_overflow(const ak_json_event *e, bool f32)
{
    if (e->flags & AK_JSON_F_EXP)
        return true;
    size_t digits = 0;
    for (size_t i = 0; i < e->text_len && e->text[i] != '.'; i++)
        digits += e->text[i] != '-';
    return digits >= (f32 ? 39u : 309u);
}

/* Component index of a member name of a value object, -1 if unknown. */
static int component_index(int16_t vt, const ak_value_type_info *info, const ak_json_event *e)
{
    if (ak_json_string_is_raw(e))
        return ak_value_component_index((ak_value_type)vt, e->text, e->text_len);
    for (unsigned i = 0; i < info->components; i++) {
        char name[4];
        size_t n = ak_value_component_name((ak_value_type)vt, i, name);
        if (ak_json_string_equals(e, name, n))
            return (int)i;
    }
    return -1;
}

/* A scalar component (or a whole scalar value) of kind `kind`. */
static bool scalar_value(ak_jsctx *c, const ak_json_event *e, const ak_value_type_info *info)
{
    const ak_jvalue_rules *r = &c->s->values;
    switch (info->kind) {
    case AK_VK_BOOL:
        if (e->kind == AK_JSON_TRUE || e->kind == AK_JSON_FALSE)
            return true;
        break;
    case AK_VK_STRING:
        if (e->kind == AK_JSON_STRING || e->kind == AK_JSON_NULL)
            return true;
        break;
    case AK_VK_F32:
    case AK_VK_F64:
        if (e->kind == AK_JSON_NUMBER) {
            ak_num_status st;
            if (!may_overflow(e, info->kind == AK_VK_F32))
                return true;
            if (info->kind == AK_VK_F32) {
                float v;
                st = ak_json_number_f32(e, &v);
            } else {
                double v;
                st = ak_json_number_f64(e, &v);
            }
            if (st != AK_NUM_OK)
                return ak_js_report(c, r->range, e, "%.*s overflows a %s", (int)e->text_len, e->text,
                                    info->kind == AK_VK_F32 ? "32-bit float" : "64-bit float");
            return true;
        }
        break;
    case AK_VK_UINT:
    case AK_VK_INT:
        if (e->kind == AK_JSON_NUMBER) {
            if (e->flags & (AK_JSON_F_FRAC | AK_JSON_F_EXP))
                return ak_js_report(c, r->int_literal, e, "%.*s is not a plain integer literal (%s)",
                                    (int)e->text_len, e->text, info->name);
            const ak_rule *range = r->range >= 0 ? &c->s->rules[r->range] : NULL;
            unsigned bits = info->bits;
            if (info->kind == AK_VK_UINT) {
                uint64_t v;
                if (!ak_json_number_u64(c->p, e, range, &v))
                    return !ak_diags_stopped(ak_json_diags(c->p));
                if (bits < 64 && v >> bits)
                    return ak_js_report(c, r->range, e, "%.*s is out of range for %s (0..%llu)", (int)e->text_len,
                                        e->text, info->name, (unsigned long long)((UINT64_C(1) << bits) - 1));
            } else {
                int64_t v;
                if (!ak_json_number_i64(c->p, e, range, &v))
                    return !ak_diags_stopped(ak_json_diags(c->p));
                if (bits < 64) {
                    int64_t hi = (int64_t)((UINT64_C(1) << (bits - 1)) - 1), lo = -hi - 1;
                    if (v < lo || v > hi)
                        return ak_js_report(c, r->range, e, "%.*s is out of range for %s (%lld..%lld)",
                                            (int)e->text_len, e->text, info->name, (long long)lo, (long long)hi);
                }
            }
            return true;
        }
        break;
    }
    if (!ak_js_report(c, r->shape, e, "%s where a %s %s is expected", ak_json_kind_name(e->kind), info->name,
                      info->components > 1 ? "component" : "value"))
        return false;
    return skip(c, e);
}

/* A value of value type vt. */
static bool typed_value(ak_jsctx *c, const ak_json_event *e, int16_t vt)
{
    const ak_value_type_info *info = ak_value_type_info_of((ak_value_type)vt);
    if (info->components == 1)
        return scalar_value(c, e, info);
    if (e->kind != AK_JSON_BEGIN_OBJECT) {
        if (!ak_js_report(c, c->s->values.shape, e, "%s where a %s object is expected", ak_json_kind_name(e->kind),
                          info->name))
            return false;
        return skip(c, e);
    }
    ak_jsframe *f = push(c, -1, e);
    if (!f)
        return false;
    f->value = vt;
    return true;
}

/* ---- schema types ------------------------------------------------------ */

static bool accepts(const ak_jschema *s, int16_t t, ak_json_event_kind k)
{
    const ak_jtype *ty = &s->types[t];
    switch (ty->kind) {
    case AK_JT_STRING:
    case AK_JT_ENUM:
    case AK_JT_VALUE_TYPE:
    case AK_JT_REF:
    case AK_JT_TAG: return k == AK_JSON_STRING;
    case AK_JT_NUMBER:
    case AK_JT_INTEGER:
    case AK_JT_F32:
    case AK_JT_F64: return k == AK_JSON_NUMBER;
    case AK_JT_BOOL: return k == AK_JSON_TRUE || k == AK_JSON_FALSE;
    case AK_JT_NULL: return k == AK_JSON_NULL;
    case AK_JT_OBJECT:
    case AK_JT_MAP: return k == AK_JSON_BEGIN_OBJECT;
    case AK_JT_ARRAY: return k == AK_JSON_BEGIN_ARRAY;
    default: return true;
    }
}

/* What messages call an object: its label (the spec's word for an object
 * the schema names itself, "keyframe"), else its name. */
static const char *label(const ak_jobject *o) { return o->label ? o->label : o->name; }

/* A value outside `in lo..hi`: the bound it crosses (a range open on one
 * side is declared with the type's extreme, which a message never shows). */
static bool range_report(ak_jsctx *c, const ak_jmember *m, const ak_json_event *e, double v)
{
    bool below = v < m->lo;
    return ak_js_report(c, m->range_rule, e, "%.*s is %s %.17g", (int)e->text_len, e->text,
                        below ? "below the minimum" : "above the maximum", below ? m->lo : m->hi);
}

/* `coerced`: a value the reader converts to the member's type: a string
 * holding a number where a number is expected, a number where a bool or a
 * name is. */
static bool coerced(const ak_jschema *s, int16_t t, const ak_json_event *e)
{
    const ak_jtype *ty = &s->types[t];
    if (ty->kind == AK_JT_UNION) {
        for (uint16_t i = 0; i < ty->alt_count; i++)
            if (coerced(s, ty->alts[i], e))
                return true;
        return false;
    }
    bool number = ty->kind == AK_JT_NUMBER || ty->kind == AK_JT_F32 || ty->kind == AK_JT_F64 ||
                  ty->kind == AK_JT_INTEGER;
    if (e->kind == AK_JSON_NUMBER)
        return ty->kind == AK_JT_BOOL || ty->kind == AK_JT_ENUM;
    if (e->kind != AK_JSON_STRING || !number || e->text_len == 0 || e->text_len > 64)
        return false;
    char tmp[65], *end;
    memcpy(tmp, e->text, e->text_len);
    tmp[e->text_len] = 0;
    double v = strtod(tmp, &end);
    return *end == 0 && !isspace((unsigned char)tmp[0]) && isfinite(v) &&
           (ty->kind != AK_JT_INTEGER || v == trunc(v));
}

static const char *type_name(const ak_jschema *s, int16_t t)
{
    const ak_jtype *ty = &s->types[t];
    switch (ty->kind) {
    case AK_JT_STRING: return "a string";
    case AK_JT_ENUM: return "a name";
    case AK_JT_VALUE_TYPE: return "a value type name";
    case AK_JT_REF: return "a reference (a key string)";
    case AK_JT_TAG: return "a type name";
    case AK_JT_NUMBER:
    case AK_JT_F32:
    case AK_JT_F64: return "a number";
    case AK_JT_INTEGER: return "an integer";
    case AK_JT_BOOL: return "a boolean";
    case AK_JT_NULL: return "null";
    case AK_JT_OBJECT:
    case AK_JT_MAP: return "an object";
    case AK_JT_ARRAY: return "an array";
    default: return "a value";
    }
}

/* What a union accepts, for a message: "a string or null". */
static const char *expected_text(const ak_jschema *s, int16_t t, char out[128])
{
    const ak_jtype *ty = &s->types[t];
    if (ty->kind != AK_JT_UNION)
        return type_name(s, t);
    out[0] = 0;
    for (uint16_t i = 0; i < ty->alt_count; i++) {
        size_t n = strlen(out);
        snprintf(out + n, 128 - n, "%s%s", i ? (i + 1 == ty->alt_count ? " or " : ", ") : "",
                 type_name(s, ty->alts[i]));
    }
    return out;
}

/* The order check of `where <array>: nondecreasing(f), norepeat(f)`. */
static bool order_check(ak_jsctx *c, const ak_json_event *e, const ak_jmember *m, double v)
{
    /* the innermost frame is the element object, the next the array, the
       one after the object that owns the array */
    ak_jsframe *arr = ak_js_up(c, 1), *owner = ak_js_up(c, 2);
    if (!arr || !owner || owner->object < 0 || owner->member < 0)
        return true;
    const ak_jmember *am = &c->s->objects[owner->object].members[owner->member];
    if (!am->order_field || strcmp(am->order_field, m->name) != 0)
        return true;
    bool go = true;
    if (arr->has_prev) {
        if (v < arr->prev)
            go = ak_js_report(c, am->order_rule, e, "%.*s comes after %.9g", (int)e->text_len, e->text, arr->prev);
        else if (v == arr->prev)
            go = ak_js_report(c, am->repeat_rule, e, "%.*s repeats the previous element's %s", (int)e->text_len,
                              e->text, m->name);
    }
    arr->prev = v;
    arr->has_prev = true;
    return go;
}

/* An array frame f of `elem` elements, the value of member m: its lane. */
static void set_lane(ak_jsctx *c, ak_jsframe *f, int16_t elem, const ak_jmember *m)
{
    if (!c->s->lane || (c->hook && !c->lane_hook) || elem < 0 || f->uset >= 0)
        return;
    const ak_jlane *l = c->s->lane(elem, f->vtype);
    if (!l)
        return;
    f->lane = l;
    if (m && m->order_field && l->object >= 0) {
        const ak_jobject *o = &c->s->objects[l->object];
        for (uint16_t i = 0; i < l->leaf_count; i++) {
            const ak_jleaf *lf = &l->leaves[i];
            if (lf->member >= 0 && lf->component < 0 && strcmp(o->members[lf->member].name, m->order_field) == 0) {
                f->lane_order = (int16_t)i;
                f->lane_order_rule = m->order_rule;
                f->lane_repeat_rule = m->repeat_rule;
            }
        }
    }
    ak_json_set_lane(c->p, l->match, l->nesting);
}

/* ---- versions ----------------------------------------------------------- */

/* "3..7", "8..", "..5" */
static const char *versions_text(const ak_jversions *r, char out[48])
{
    char a[24] = "", b[24] = "";
    if (r->since >= 0)
        snprintf(a, sizeof a, "%ld", (long)r->since);
    if (r->until >= 0)
        snprintf(b, sizeof b, "%ld", (long)r->until);
    snprintf(out, 48, "%s..%s", a, b);
    return out;
}

/* Whether something of versions r exists in the document's version; if
 * not, reports with the rule of the end it misses. */
static bool version_check(ak_jsctx *c, const ak_jversions *r, const ak_json_event *e, const char *what)
{
    if (c->version < 0 || ak_js_in_versions(r, c->version))
        return true;
    char buf[48];
    int rule = r->since >= 0 && c->version < r->since ? r->since_rule : r->until_rule;
    if (rule < 0)
        rule = r->since_rule >= 0 ? r->since_rule : r->until_rule;
    if (r->since < 0 && r->until == 0) /* `until 0`: in no version of a format whose versions start at 1 */
        return ak_js_report(c, rule, e, "%s is not allowed here in any version", what);
    return ak_js_report(c, rule, e, "%s exists in versions %s, not in version %lld", what, versions_text(r, buf),
                        (long long)c->version);
}

/* ---- objects, families, look-ahead ------------------------------------------- */

static bool is_a(const ak_jschema *s, int16_t a, int16_t b)
{
    for (uint16_t n = 0; a >= 0 && n <= s->object_count; n++, a = s->objects[a].base)
        if (a == b)
            return true;
    return false;
}

bool ak_js_is_a(const ak_jschema *s, int16_t a, int16_t b)
{
    return is_a(s, a, b);
}

/* The concrete object of family fam that the string e names, -1
 * (*named_abstract: e names an abstract object of the family). */
static int16_t family_object(const ak_jschema *s, int16_t fam, const ak_json_event *e, bool *named_abstract)
{
    *named_abstract = false;
    bool raw = ak_json_string_is_raw(e);
    for (uint16_t i = 0; i < s->object_count; i++) {
        const ak_jobject *o = &s->objects[i];
        if (o->family != fam || ak_js_legacy(s, &o->versions))
            continue;
        size_t n = strlen(o->name);
        if (raw ? e->text_len != n || memcmp(e->text, o->name, n) != 0 : !ak_json_string_equals(e, o->name, n))
            continue;
        *named_abstract = o->abstract;
        return o->abstract ? -1 : (int16_t)i;
    }
    return -1;
}

/* Looks ahead in the object whose '{' is at offset for the value of its
 * member m. False when the look-ahead budget is spent (reported once). */
static bool look_ahead(ak_jsctx *c, size_t offset, const ak_jmember *m, const ak_json_event *at, ak_json_event *v,
                       bool *found)
{
    *found = false;
    ak_json_seek_status st =
        ak_json_seek_member(c->p->data, c->p->size, offset, m->name, m->name_len, v, &c->lookahead);
    if (st == AK_JSON_SEEK_BUDGET) {
        if (!c->lookahead_spent && c->diags) {
            c->lookahead_spent = true;
            uint32_t line, col;
            ak_json_location(c->p, at->offset, &line, &col);
            ak_report_at(c->diags, &ak_rule_limit_lookahead, at->offset, 1, line, col, ak_json_path(c->p),
                         "the look-ahead for \"%s\" gave up here", m->name);
        }
        return false;
    }
    *found = st == AK_JSON_SEEK_FOUND;
    return true;
}

/* The member the values of the innermost array (or map) belong to, via
 * nested arrays: NULL when there is none. */
static const ak_jmember *owner_member(ak_jsctx *c)
{
    for (size_t i = 1; i < c->depth; i++) {
        ak_jsframe *f = ak_js_up(c, i);
        if (f->object >= 0)
            return f->member >= 0 ? &c->s->objects[f->object].members[f->member] : NULL;
        if (f->type < 0 || f->is_object)
            return NULL;
    }
    return NULL;
}

/* An object frame f of a family: the concrete object its discriminator
 * names (look-ahead), or unresolved. x: the constraints of its place. */
static bool select_object(ak_jsctx *c, ak_jsframe *f, const ak_json_event *e, const ak_jmember_x *x)
{
    const ak_jschema *s = c->s;
    const ak_jobject *root = &s->objects[s->objects[f->declared].family];
    const ak_jmember *tm = &root->members[root->tag_member];
    f->misplaced_rule = x && x->misplaced_rule >= 0 ? x->misplaced_rule : tm->x ? tm->x->misplaced_rule : -1;
    f->unresolved = true;
    ak_json_event v;
    bool found, abstract;
    if (!look_ahead(c, e->offset, tm, e, &v, &found))
        return !c->diags || !ak_diags_stopped(c->diags);
    if (found && v.kind == AK_JSON_STRING) {
        f->tag_at = v.offset + 1, f->tag_len = v.text_len, f->tag_flags = v.flags; /* names it in diagnostics */
        int16_t o = family_object(s, s->objects[f->declared].family, &v, &abstract);
        if (o >= 0) {
            f->object = o;
            f->unresolved = false;
        }
    }
    return true;
}

/* The discriminator's value in object frame f (type: TAG of the family). */
static bool tag_value(ak_jsctx *c, const ak_json_event *e, ak_jsframe *f, const ak_jtype *ty, int unlisted)
{
    const ak_jschema *s = c->s;
    bool abstract;
    int16_t o = family_object(s, ty->object, e, &abstract);
    if (o < 0)
        return ak_js_report(c, unlisted, e, abstract ? "\"%.*s\" is abstract: name one of its concrete types"
                                                     : "\"%.*s\" is not a type of %s", (int)e->text_len, e->text,
                            s->objects[ty->object].name);
    if (!f || f->unresolved || o != f->object)
        return true; /* a second discriminator, or the look-ahead gave up: reported there */
    if (!is_a(s, o, f->declared) &&
        !ak_js_report(c, f->misplaced_rule, e, "a %s is not accepted here (a %s is expected)", s->objects[o].name,
                      s->objects[f->declared].name))
        return false;
    return version_check(c, &s->objects[o].versions, e, s->objects[o].name);
}

/* Whether s[0..n) is name in another case (ASCII letters only: no locale). */
static bool ascii_case_equal(const char *s, size_t n, const char *name)
{
    if (strlen(name) != n || !s)
        return false;
    for (size_t i = 0; i < n; i++) {
        unsigned char a = (unsigned char)s[i], b = (unsigned char)name[i];
        if (a >= 'A' && a <= 'Z')
            a = (unsigned char)(a + 32);
        if (b >= 'A' && b <= 'Z')
            b = (unsigned char)(b + 32);
        if (a != b)
            return false;
    }
    return true;
}

/* The object frame whose members' tags a value's type depends on: the
 * innermost, through the arrays and maps of an element. NULL at the top. */
static ak_jsframe *tag_frame(ak_jsctx *c)
{
    for (size_t i = 0; i < c->depth; i++) {
        ak_jsframe *f = ak_js_up(c, i);
        if (f->object >= 0 || f->type < 0 || f->value >= 0)
            return f->object >= 0 ? f : NULL;
    }
    return NULL;
}

/* A sibling's tag (enum index, value type) that member m's type depends
 * on, looked ahead for in an unordered object where the sibling comes
 * later. -1 when absent or not one of the names. */
static int16_t late_tag(ak_jsctx *c, ak_jsframe *f, int16_t sibling)
{
    if (f->object < 0 || sibling < 0 || sibling >= 16 || (f->seen >> sibling & 1))
        return -1;
    const ak_jobject *o = &c->s->objects[f->object];
    if (o->ordered_rule >= 0 || sibling >= o->member_count)
        return -1; /* an ordered object reports the order: what comes before its discriminator is unreadable */
    const ak_jmember *sm = &o->members[sibling];
    ak_json_event v, at = {AK_JSON_BEGIN_OBJECT, 0, 0, f->start, 1, NULL, 0};
    bool found;
    if (!look_ahead(c, f->start, sm, &at, &v, &found) || !found || v.kind != AK_JSON_STRING)
        return -1;
    const ak_jtype *st = &c->s->types[sm->type];
    if (st->kind == AK_JT_ENUM) {
        bool anycase = sm->x && sm->x->anycase_rule >= 0 && ak_json_string_is_raw(&v);
        for (uint16_t i = 0; i < st->name_count; i++)
            if (ak_json_string_equals(&v, st->names[i], strlen(st->names[i])) ||
                (anycase && ascii_case_equal(v.text, v.text_len, st->names[i])))
                return (int16_t)(f->tags[sibling] = (int16_t)i);
    } else if (st->kind == AK_JT_VALUE_TYPE) {
        for (int i = 0; i < AK_VT_COUNT; i++) {
            const char *name = ak_value_type_info_of((ak_value_type)i)->name;
            if (ak_json_string_equals(&v, name, strlen(name)))
                return (int16_t)(f->tags[sibling] = (int16_t)i);
        }
    }
    return -1;
}

/* ---- member checks ------------------------------------------------------------ */

/* The value checks of a member (== != in syntax), in order; the first
 * that fails reports, and the rest are skipped. num: the value when e is a
 * number. Returns CHECK_OK, CHECK_FAILED (reported) or CHECK_STOP (the
 * error limit is reached). */
enum { CHECK_OK, CHECK_FAILED, CHECK_STOP };

static int failed(bool go)
{
    return go ? CHECK_FAILED : CHECK_STOP;
}

/* Whether the number num passes check k (not a syntax). */
static bool number_passes(const ak_jcheck *k, double num)
{
    if (k->kind == AK_JC_GT || k->kind == AK_JC_GE || k->kind == AK_JC_LE) {
        /* a number that overflows is the front end's (or `finite`'s) to report */
        double v = k->values[0];
        return isinf(num) || (k->kind == AK_JC_GT ? num > v : k->kind == AK_JC_GE ? num >= v : num <= v);
    }
    bool in = false;
    for (uint16_t j = 0; j < k->value_count; j++)
        in |= num == k->values[j];
    return in == (k->kind == AK_JC_IN);
}

static int run_checks(ak_jsctx *c, const ak_json_event *e, const ak_jmember_x *x, double num)
{
    for (uint16_t i = 0; i < x->check_count; i++) {
        const ak_jcheck *k = &x->checks[i];
        if (k->kind == AK_JC_SYNTAX) {
            if (e->kind != AK_JSON_STRING)
                continue;
            bool ok;
            if (ak_json_string_is_raw(e)) {
                ok = k->syntax->match((const uint8_t *)e->text, e->text_len);
            } else {
                ak_buf b;
                ak_buf_init(&b);
                bool decoded = ak_json_string_decode(e, &b);
                ok = decoded && k->syntax->match((const uint8_t *)(b.data ? b.data : ""), b.len);
                ak_buf_free(&b);
                if (!decoded) { /* out of memory, not a value of the wrong syntax */
                    c->oom = true;
                    return CHECK_STOP;
                }
            }
            if (!ok)
                return failed(
                    ak_js_report(c, k->rule, e, "\"%.*s\" is not %s", (int)e->text_len, e->text, k->syntax->about));
            continue;
        }
        if (e->kind != AK_JSON_NUMBER)
            continue;
        if (number_passes(k, num))
            continue;
        if (k->kind == AK_JC_GT || k->kind == AK_JC_GE || k->kind == AK_JC_LE)
            return failed(ak_js_report(c, k->rule, e, "%.*s is not %s %.17g", (int)e->text_len, e->text,
                                       k->kind == AK_JC_GT ? "above" : k->kind == AK_JC_GE ? "at least" : "at most",
                                       k->values[0]));
        char list[160] = "";
        for (uint16_t j = 0; j < k->value_count && strlen(list) < sizeof list - 32; j++)
            snprintf(list + strlen(list), sizeof list - strlen(list), "%s%.17g", j ? ", " : "", k->values[j]);
        if (k->kind == AK_JC_NOT_IN)
            return failed(ak_js_report(c, k->rule, e, "%.*s must not be %s", (int)e->text_len, e->text, list));
        return failed(ak_js_report(c, k->rule, e, "%.*s is not %s%s", (int)e->text_len, e->text,
                                   k->value_count > 1 ? "one of " : "", list));
    }
    return CHECK_OK;
}

/* The path of the value being validated (none once the parse is over). */
static const char *path_now(void *ctx)
{
    ak_jsctx *c = ctx;
    return c->p ? ak_json_path(c->p) : NULL;
}

static bool state(ak_jsctx *c)
{
    if (!c->st && (c->st = ak_jsstate_new(c->p->data, c->p->size, ak_diags_budget(c->diags))) != NULL)
        ak_jsstate_locate(c->st, path_now, c);
    if (!c->st)
        c->oom = true;
    return c->st != NULL;
}

/* Are the keys a string of this type (a ref's target's, or the key member
 * of the enclosing object's) compared as UUIDs? */
static bool uuid_keyed(const ak_jschema *s, const ak_jtype *ty, const ak_jsframe *enc, const ak_jmember_x *x,
                       bool elem)
{
    int16_t o = ty->kind == AK_JT_REF                         ? ty->object
                : x && x->key_rule >= 0 && !elem && enc && !enc->unresolved ? enc->object
                                                              : -1;
    return o >= 0 && s->objects[o].key_space >= 0 && s->objects[s->objects[o].key_space].key_kind == AK_JKEY_UUID;
}

/* A key value of object frame f. */
static bool key_value(ak_jsctx *c, const ak_json_event *e, ak_jsframe *f, int rule)
{
    if (!f || f->object < 0 || f->unresolved || e->kind != AK_JSON_STRING || !state(c))
        return !c->oom;
    const ak_jobject *o = &c->s->objects[f->object];
    int16_t prev = -1;
    size_t at = 0;
    ak_jsadd r = ak_jsstate_add_key(c->st, o->key_space, (ak_jkey_kind)c->s->objects[o->key_space].key_kind,
                                    f->object, e, &prev, &at);
    if (r == AK_JS_NOKEY)
        return true; /* not a UUID: its syntax check reported it */
    if (r == AK_JS_NOMEM) {
        c->oom = true;
        return false;
    }
    if (r == AK_JS_DUPLICATE) {
        uint32_t line, col;
        ak_json_location(c->p, at, &line, &col);
        bool go = ak_js_report(c, rule, e, "\"%.*s\" already identifies the %s at line %u", (int)e->text_len, e->text,
                               c->s->objects[prev].name, line);
        ak_json_location(c->p, e->offset, &line, &col); /* back where the parser is */
        return go;
    }
    /* the object is a node for the references that say where they point */
    if (c->s->scopes && !ak_jsgraph_node(c, f, o->key_space, e)) {
        c->oom = true;
        return false;
    }
    return true;
}

static bool target_check(ak_jsctx *c, int16_t found, int16_t target, int rule, const ak_json_event *e)
{
    if (is_a(c->s, found, target))
        return true;
    return ak_js_report(c, rule, e, "\"%.*s\" is the key of a %s, not of a %s", (int)e->text_len, e->text,
                        c->s->objects[found].name, c->s->objects[target].name);
}

/* A reference to an object of type target: resolved now if its key is
 * known, else at the end of the document. */
static bool ref_value(ak_jsctx *c, const ak_json_event *e, int16_t target, const ak_jmember_x *x)
{
    if (!x || !state(c))
        return !c->oom;
    int16_t space = c->s->objects[target].key_space;
    ak_jkey_kind kind = (ak_jkey_kind)c->s->objects[space].key_kind;
    int16_t found = ak_jsstate_find_key(c->st, space, kind, e);
    size_t owner = ak_js_owner(c);
    ak_jsref r = {e->offset, (uint32_t)e->length, !ak_json_string_is_raw(e), false, {0}, target, x->dangling_rule,
                  x->mistargeted_rule,
                  owner < e->offset && e->offset - owner < UINT32_MAX ? (uint32_t)(e->offset - owner) : UINT32_MAX};
    bool keyed = ak_jsstate_ref_of(c->st, kind, e, &r);
    /* where it points is checked at the end (the target's place may not be known yet) */
    if (x->place && keyed && !ak_jsgraph_ref(c, &r, x->place)) {
        c->oom = true;
        return false;
    }
    if (found >= 0)
        return target_check(c, found, target, x->mistargeted_rule, e);
    if (!keyed)
        return true; /* not a UUID: refers to nothing (its syntax check reported it) */
    if (!ak_jsstate_defer(c->st, &r)) {
        c->oom = true;
        return false;
    }
    return true;
}

/* The references still open at the end of a well-formed document. Their
 * records keep no path: the reported ones are found again in one parse. */
static void resolve_refs(ak_jsctx *c)
{
    size_t n;
    const ak_jsref *refs = ak_jsstate_refs(c->st, &n);
    if (!c->diags || !n)
        return;
    ak_budget *budget = ak_diags_budget(c->diags);
    const uint64_t held = n * (sizeof(int16_t) + sizeof(ak_json_place));
    if (!ak_budget_take(budget, held, "resolving the references")) {
        c->oom = true;
        return;
    }
    int16_t *found = malloc(n * sizeof *found);
    ak_json_place *places = calloc(n, sizeof *places);
    size_t np = 0;
    if (!found || !places) {
        free(found);
        free(places);
        ak_budget_give(budget, held);
        ak_budget_failed(budget, held, "resolving the references");
        c->oom = true;
        return;
    }
    for (size_t i = 0; i < n; i++) {
        const ak_jsref *r = &refs[i];
        found[i] = ak_jsstate_find_ref_key(c->st, c->s->objects[r->target].key_space, r);
        if (found[i] < 0 || (!is_a(c->s, found[i], r->target) && r->mistargeted_rule >= 0))
            places[np++].offset = r->offset;
    }
    const uint8_t *data = ak_jsstate_data(c->st);
    if (!ak_json_places(data, c->size, c->cfg, places, np))
        c->oom = true;
    for (size_t i = 0, k = 0; !c->oom && i < n && k < np; i++) {
        const ak_jsref *r = &refs[i];
        if (places[k].offset != r->offset)
            continue;
        const ak_json_place *pl = &places[k++];
        const char *text = (const char *)data + r->offset + 1;
        int len = (int)r->length - 2;
        bool go;
        ak_js_set_owner(c, r->owner_back == UINT32_MAX ? SIZE_MAX : r->offset - r->owner_back);
        if (found[i] < 0)
            go = ak_report_at(c->diags, &c->s->rules[r->dangling_rule], r->offset, r->length, pl->line, pl->column,
                              pl->path ? pl->path : "", "no %s has the key \"%.*s\"", c->s->objects[r->target].name,
                              len, text);
        else
            go = ak_report_at(c->diags, &c->s->rules[r->mistargeted_rule], r->offset, r->length, pl->line,
                              pl->column, pl->path ? pl->path : "", "\"%.*s\" is the key of a %s, not of a %s", len,
                              text, c->s->objects[found[i]].name, c->s->objects[r->target].name);
        if (!go)
            break;
    }
    ak_js_set_owner(c, SIZE_MAX);
    free(found);
    ak_json_places_free(places, np);
    ak_budget_give(budget, held);
}

/* `length <= N`: a string of at most N characters (code points of the
 * decoded string; its bytes are counted only when there are more than N). */
static bool short_enough(const ak_json_event *e, uint32_t max)
{
    return e->text_len <= max || ak_json_string_chars(e, max) <= max;
}

/* An integer member's value written with a fraction (reported as not
 * integral): the reader truncates it, and its bounds (`> v`, `>= v`,
 * `<= v`) still say whether it keeps it, so they compare the number. */
static bool fraction_bounds(ak_jsctx *c, const ak_json_event *e, const ak_jmember_x *x)
{
    double d;
    if (!(e->flags & (AK_JSON_F_FRAC | AK_JSON_F_EXP)) || ak_json_number_f64(e, &d) != AK_NUM_OK)
        return true;
    for (uint16_t i = 0; i < x->check_count; i++) {
        ak_jcheck_kind k = x->checks[i].kind;
        if (k == AK_JC_GT || k == AK_JC_GE || k == AK_JC_LE) {
            ak_jmember_x one = *x;
            one.checks = &x->checks[i], one.check_count = 1;
            int r = run_checks(c, e, &one, d);
            if (r != CHECK_OK)
                return r != CHECK_STOP;
        }
    }
    return true;
}

/* Whether the number e is an integer, as the JSON front end's not-integer
 * rule sees it (ak_json_number_i64): written without a fraction or
 * exponent, or with them and a finite integral value (1.0, 1e3). */
static bool integral(const ak_json_event *e)
{
    double d;
    return !(e->flags & (AK_JSON_F_FRAC | AK_JSON_F_EXP)) ||
           (ak_json_number_f64(e, &d) == AK_NUM_OK && isfinite(d) && d == trunc(d));
}

/* `nonempty`: the array that ends has no elements (e: its end). */
static bool empty_array(ak_jsctx *c, const ak_json_event *e)
{
    ak_jsframe *o = ak_js_up(c, 1);
    if (!o || o->object < 0 || o->member < 0 || o->unresolved)
        return true;
    const ak_jmember *m = &c->s->objects[o->object].members[o->member];
    if (!m->x || m->x->nonempty_rule < 0)
        return true;
    return ak_js_report(c, m->x->nonempty_rule, e, "%s is empty", m->name);
}

/* An enum name (exact, or in any case with anycase). */
static bool enum_value(ak_jsctx *c, const ak_json_event *e, const ak_jtype *ty, const ak_jmember_x *x, int kind_rule,
                       ak_jsframe *enc, int member_index)
{
    int16_t found = -1;
    for (uint16_t i = 0; i < ty->name_count && found < 0; i++)
        if (ak_json_string_equals(e, ty->names[i], strlen(ty->names[i])))
            found = (int16_t)i;
    int unlisted = x && x->unlisted_rule >= 0 ? x->unlisted_rule : kind_rule;
    if (found < 0 && x && x->anycase_rule >= 0) {
        ak_buf b;
        ak_buf_init(&b);
        bool decoded = ak_json_string_decode(e, &b);
        for (uint16_t i = 0; decoded && i < ty->name_count && found < 0; i++)
            if (ascii_case_equal(b.data, b.len, ty->names[i]))
                found = (int16_t)i;
        ak_buf_free(&b);
        if (!decoded) { /* out of memory, not an unknown name */
            c->oom = true;
            return false;
        }
        if (found >= 0 && !ak_js_report(c, x->anycase_rule, e, "\"%.*s\" is written \"%s\"", (int)e->text_len, e->text,
                                        ty->names[found]))
            return false;
    }
    if (found < 0)
        return ak_js_report(c, unlisted, e, "\"%.*s\" is not one of the allowed names", (int)e->text_len, e->text);
    if (member_index >= 0 && member_index < 16)
        enc->tags[member_index] = found;
    if (ty->name_versions) {
        const ak_jversions *r = &ty->name_versions[found];
        char what[96];
        snprintf(what, sizeof what, "\"%s\"", ty->names[found]);
        return version_check(c, r, e, what);
    }
    return true;
}

/* `present in N..M @code`: member m (its own value, not an element's) is
 * present in a document of one of those versions. */
static bool present_check(ak_jsctx *c, const ak_json_event *e, const ak_jmember *m, const ak_jmember_x *x,
                          bool elem)
{
    if (!x || x->present_rule < 0 || !m || elem || c->version < x->present_since || c->version > x->present_until)
        return true;
    const ak_jobject *o = c->slot_object >= 0 ? &c->s->objects[c->slot_object] : NULL;
    return ak_js_report(c, x->present_rule, e, "%s%s%s is present in a version %lld document", o ? o->name : "",
                        o ? "." : "", m->name, (long long)c->version);
}

/* Alternative i of union ty, which the value e takes, in the document's
 * version (`(T since N @code)`); m: the member (NULL). */
static bool alt_version_check(ak_jsctx *c, const ak_json_event *e, const ak_jtype *ty, uint16_t i,
                              const ak_jmember *m)
{
    char what[96];
    snprintf(what, sizeof what, "%s%s%s", m ? m->name : "", m ? " as " : "", type_name(c->s, ty->alts[i]));
    return version_check(c, &ty->name_versions[i], e, what);
}

/* A value (scalar or container start) of type t; m is the member whose
 * constraints apply (for an element of an array or map member, elem is
 * true and m is that member), x its constraints beyond kind and range,
 * kind_rule the rule of a kind mismatch. */
static bool value(ak_jsctx *c, const ak_json_event *e, int16_t t, const ak_jmember *m, const ak_jmember_x *x,
                  int kind_rule, bool elem)
{
    const ak_jschema *s = c->s;
    ak_jsframe *enc = ak_js_top(c);
    if (t < 0)
        return skip(c, e);
    const ak_jtype *ty = &s->types[t];
    if (ty->kind == AK_JT_UNION) {
        for (uint16_t i = 0; i < ty->alt_count; i++)
            if (accepts(s, ty->alts[i], e->kind))
                return (!ty->name_versions || alt_version_check(c, e, ty, i, m)) &&
                       value(c, e, ty->alts[i], m, x, kind_rule, elem);
        char buf[128];
        bool conv = x && x->coerced_rule >= 0 && coerced(s, t, e);
        if (!ak_js_report(c, conv ? x->coerced_rule : kind_rule, e, "%s where %s is expected%s",
                          ak_json_kind_name(e->kind), expected_text(s, t, buf), conv ? " (converted on load)" : ""))
            return false;
        return skip(c, e);
    }
    if (ty->kind == AK_JT_BY) {
        ak_jsframe *owner = tag_frame(c);
        int16_t tag = owner && ty->sibling >= 0 && ty->sibling < 16 ? owner->tags[ty->sibling] : -1;
        if (tag < 0 && owner)
            tag = late_tag(c, owner, ty->sibling);
        if (tag < 0 || tag >= ty->arm_count)
            return skip(c, e); /* the discriminator is missing or wrong: reported there */
        return value(c, e, ty->arms[tag].type, m, x, kind_rule, elem);
    }
    if (ty->kind == AK_JT_PARAM) {
        int16_t vt = enc ? enc->vtype : -1;
        if (vt < 0)
            return present_check(c, e, m, x, elem) && skip(c, e);
        return present_check(c, e, m, x, elem) && typed_value(c, e, vt);
    }
    if (ty->kind == AK_JT_ANY)
        return present_check(c, e, m, x, elem) && skip(c, e);
    if (!accepts(s, t, e->kind)) {
        bool conv = x && x->coerced_rule >= 0 && coerced(s, t, e);
        if (!ak_js_report(c, conv ? x->coerced_rule : kind_rule, e, "%s where %s is expected%s",
                          ak_json_kind_name(e->kind), type_name(s, t), conv ? " (converted on load)" : ""))
            return false;
        return skip(c, e);
    }
    if (!present_check(c, e, m, x, elem))
        return false;
    int member_index = enc && enc->object >= 0 ? enc->member : -1;
    switch (ty->kind) {
    case AK_JT_ENUM: return enum_value(c, e, ty, x, kind_rule, enc, member_index);
    case AK_JT_VALUE_TYPE:
        for (int i = 0; i < AK_VT_COUNT; i++) {
            const char *name = ak_value_type_info_of((ak_value_type)i)->name;
            if (ak_json_string_equals(e, name, strlen(name))) {
                if (member_index >= 0 && member_index < 16)
                    enc->tags[member_index] = (int16_t)i;
                return true;
            }
        }
        return ak_js_report(c, x && x->unlisted_rule >= 0 ? x->unlisted_rule : kind_rule, e,
                            "\"%.*s\" is not a value type name (they are case-sensitive)", (int)e->text_len, e->text);
    case AK_JT_TAG: return tag_value(c, e, enc, ty, x && x->unlisted_rule >= 0 ? x->unlisted_rule : kind_rule);
    case AK_JT_STRING:
    case AK_JT_REF: {
        /* a value that fails its syntax is no key and refers to nothing,
           unless keys are UUIDs: then what parses as one is its value */
        if (x && x->maxlength_rule >= 0 && !short_enough(e, x->maxlength) &&
            !ak_js_report(c, x->maxlength_rule, e, "the string has more than %lu characters",
                          (unsigned long)x->maxlength))
            return false;
        int r = x && x->check_count ? run_checks(c, e, x, 0) : CHECK_OK;
        if (r == CHECK_STOP || (r == CHECK_FAILED && !uuid_keyed(c->s, ty, enc, x, elem)))
            return r == CHECK_FAILED;
        if (ty->kind == AK_JT_REF)
            return ref_value(c, e, ty->object, x);
        if (x && x->key_rule >= 0 && !elem)
            return key_value(c, e, enc, x->key_rule);
        return true;
    }
    case AK_JT_NUMBER:
    case AK_JT_F32:
    case AK_JT_F64: {
        double v;
        ak_num_status st;
        if (ty->kind == AK_JT_F32) {
            float f;
            st = ak_json_number_f32(e, &f);
            v = f;
        } else {
            st = ak_json_number_f64(e, &v);
        }
        c->num = v;
        c->has_num = st == AK_NUM_OK;
        if (st != AK_NUM_OK && (ty->kind != AK_JT_NUMBER || (m && m->finite_rule >= 0)))
            return ak_js_report(c, m ? m->finite_rule : -1, e, "%.*s overflows a %s", (int)e->text_len, e->text,
                                ty->kind == AK_JT_F32 ? "32-bit float" : "64-bit float");
        if (m && m->range_rule >= 0 && !(v >= m->lo && v <= m->hi)) {
            if (!range_report(c, m, e, v))
                return false;
        } else if (x && x->check_count && run_checks(c, e, x, v) == CHECK_STOP) {
            return false;
        }
        if (m && !elem)
            return order_check(c, e, m, v);
        return true;
    }
    case AK_JT_INTEGER: {
        int64_t v;
        const ak_rule *range = m && m->range_rule >= 0 ? &s->rules[m->range_rule] : NULL;
        if (x && x->fractional_rule >= 0 && !integral(e))
            return ak_js_report(c, x->fractional_rule, e, "%.*s is not an integer", (int)e->text_len, e->text);
        if (!ak_json_number_i64(c->p, e, range, &v))
            return !ak_diags_stopped(ak_json_diags(c->p)) && (!x || fraction_bounds(c, e, x));
        if (m && m->range_rule >= 0 && !((double)v >= m->lo && (double)v <= m->hi))
            return range_report(c, m, e, (double)v);
        if (x && x->check_count && run_checks(c, e, x, (double)v) == CHECK_STOP)
            return false;
        if (m && !elem)
            return order_check(c, e, m, (double)v);
        return true;
    }
    case AK_JT_OBJECT: {
        int16_t vt = -1;
        ak_jsframe *owner = ty->bind >= 0 ? tag_frame(c) : NULL;
        if (ty->bind >= 0 && owner && ty->bind < 16) {
            vt = owner->tags[ty->bind];
            if (vt < 0)
                vt = late_tag(c, owner, ty->bind);
        } else if (ty->bind == -2 && enc) {
            vt = enc->vtype;
        }
        /* an element of an array with unique(f) (before push: it may move the frames) */
        const char *unique_field = enc && enc->unique ? enc->unique->unique_field : NULL;
        ak_jsframe *f = push(c, t, e);
        if (!f)
            return false;
        f->object = f->declared = ty->object;
        f->vtype = vt;
        const ak_jobject *o = &s->objects[ty->object];
        if (o->family >= 0 && !select_object(c, f, e, x))
            return false;
        if (o->family < 0 && c->version >= 0 && !version_check(c, &o->versions, e, o->name))
            return false;
        if (!enc)
            c->root_object = true;
        for (uint16_t i = 0; i < s->exists_count && !f->unresolved && !c->exists_seen; i++)
            c->exists_seen = is_a(s, f->object, s->exists[i]);
        if (unique_field && !f->unresolved) {
            const ak_jobject *co = &s->objects[f->object];
            for (uint16_t i = 0; i < co->member_count; i++)
                if (strcmp(co->members[i].name, unique_field) == 0)
                    f->unique_member = (int16_t)i;
        }
        return true;
    }
    case AK_JT_ARRAY:
    case AK_JT_MAP: {
        int16_t vt = enc ? enc->vtype : -1;
        ak_jsframe *f = push(c, t, e);
        if (!f)
            return false;
        f->vtype = vt;
        if (ty->kind == AK_JT_ARRAY && x && x->unique_rule >= 0 && !elem) {
            if (!state(c) || (f->uset = ak_jsstate_set_open(c->st)) < 0) {
                c->oom = true;
                return false;
            }
            f->unique = x;
        }
        if (ty->kind == AK_JT_ARRAY)
            set_lane(c, f, ty->elem, elem ? NULL : m);
        return true;
    }
    case AK_JT_NULL:
        if (x && x->null_rule >= 0)
            return ak_js_report(c, x->null_rule, e, "%s is null", m ? m->name : "the value");
        return true;
    default: return true;
    }
}

/* A value that must differ from the others of its array (unique). */
static bool unique_value(ak_jsctx *c, const ak_json_event *e, ak_jsframe *arr, const char *what)
{
    if (e->kind == AK_JSON_BEGIN_OBJECT || e->kind == AK_JSON_BEGIN_ARRAY || !arr || arr->uset < 0)
        return true;
    ak_jsadd r = ak_jsstate_set_add(c->st, arr->uset, e);
    if (r == AK_JS_NOMEM) {
        c->oom = true;
        return false;
    }
    if (r == AK_JS_DUPLICATE)
        return ak_js_report(c, arr->unique->unique_rule, e, "%s %.*s is already in the array", what,
                            (int)(e->length < 200 ? e->length : 200), (const char *)c->p->data + e->offset);
    return true;
}

static bool on_key(ak_jsctx *c, const ak_json_event *e)
{
    ak_jsframe *f = ak_js_top(c);
    if (!f)
        return true;
    if (f->value >= 0) {
        const ak_value_type_info *info = ak_value_type_info_of((ak_value_type)f->value);
        int i = component_index(f->value, info, e);
        f->member = (int16_t)i;
        if (i < 0)
            return ak_js_report(c, c->s->values.component_unknown, e, "\"%.*s\" is not a component of %s",
                                (int)e->text_len, e->text, info->name);
        f->seen |= UINT64_C(1) << i;
        return true;
    }
    if (f->object < 0)
        return true;
    const ak_jobject *o = &c->s->objects[f->object];
    f->member = -1;
    for (uint16_t i = 0; i < o->member_count; i++) {
        const ak_jmember *m = &o->members[i];
        if (m->x && ak_js_legacy(c->s, &m->x->versions))
            continue;
        if (e->text_len == m->name_len && (ak_json_string_is_raw(e) ? memcmp(e->text, m->name, m->name_len) == 0
                                                                     : ak_json_string_equals(e, m->name, m->name_len))) {
            f->member = (int16_t)i;
            break;
        }
        if (!ak_json_string_is_raw(e) && ak_json_string_equals(e, m->name, m->name_len)) {
            f->member = (int16_t)i;
            break;
        }
    }
    if (f->unresolved) {
        /* only the discriminator of an object whose type is unknown */
        if (f->member != o->tag_member)
            f->member = -1;
        else
            f->seen |= UINT64_C(1) << f->member;
        return true;
    }
    if (f->member < 0)
        return ak_js_report(c, o->unknown_rule, e, "unknown member \"%.*s\" in %s (names are case-sensitive)",
                            (int)e->text_len, e->text, label(o));
    if (f->member < 64)
        f->seen |= UINT64_C(1) << f->member;
    const ak_jmember *m = &o->members[f->member];
    if (m->x && c->version >= 0 && !ak_js_in_versions(&m->x->versions, c->version)) {
        char what[160];
        snprintf(what, sizeof what, "member \"%s\" of %s", m->name, label(o));
        if (!version_check(c, &m->x->versions, e, what))
            return false;
    }
    if (o->ordered_rule >= 0) {
        if (f->member < f->last)
            return ak_js_report(c, o->ordered_rule, e, "\"%s\" comes after \"%s\"; the order is fixed",
                                o->members[f->member].name, o->members[f->last].name);
        f->last = f->member;
    }
    return true;
}

/* The names of the members of mask (those present: in, others: not in), for a message. */
static const char *member_names(const ak_jobject *o, uint64_t mask, char out[160])
{
    out[0] = 0;
    for (uint16_t i = 0; i < o->member_count && i < 64; i++)
        if (mask >> i & 1) {
            size_t n = strlen(out);
            snprintf(out + n, 160 - n, "%s\"%s\"", n ? ", " : "", o->members[i].name);
        }
    return out;
}

/* `where oneof(...)`: exactly one present; `where together(...)`: all or none. */
static bool group_check(ak_jsctx *c, const ak_jobject *o, const ak_jgroup *g, uint64_t seen, const ak_json_event *at)
{
    uint64_t in = seen & g->members;
    char a[160], b[160];
    if (g->nonempty && !in)
        return ak_js_report(c, g->rule, at, "%s has none of %s with a value that is not empty", label(o),
                            member_names(o, g->members, a));
    if (g->nonempty)
        return true;
    if (g->oneof && !in)
        return ak_js_report(c, g->rule, at, "%s has none of %s", label(o), member_names(o, g->members, a));
    if (g->oneof && (in & (in - 1)))
        return ak_js_report(c, g->rule, at, "%s has %s: only one of them", label(o), member_names(o, in, a));
    if (!g->oneof && in && in != g->members)
        return ak_js_report(c, g->rule, at, "%s has %s without %s", label(o), member_names(o, in, a),
                            member_names(o, g->members & ~in, b));
    return true;
}

/* Whether member m must be present in the document's version. */
static bool required(const ak_jsctx *c, const ak_jmember *m)
{
    if (m->optional)
        return false;
    const ak_jmember_x *x = m->x;
    if (!x)
        return true;
    if (c->version < 0)
        return x->versions.since < 0 && x->versions.until < 0 && x->required_since < 0;
    return ak_js_in_versions(&x->versions, c->version) && (x->required_since < 0 || c->version >= x->required_since);
}

/* What an object lacks (the rare part of on_end_object): components of a
 * value, required members, presence groups. */
static bool object_incomplete(ak_jsctx *c, const ak_json_event *e, ak_jsframe *f, uint64_t missing)
{
    ak_json_event at = *e;
    at.offset = f->start;
    at.length = 1;
    if (f->value >= 0) {
        const ak_value_type_info *info = ak_value_type_info_of((ak_value_type)f->value);
        for (int i = 0; i < info->components; i++)
            if (missing >> i & 1) {
                char name[4];
                ak_value_component_name((ak_value_type)f->value, (unsigned)i, name);
                if (!ak_js_report(c, c->s->values.component_missing, &at, "%s value without component \"%s\"",
                                  info->name, name))
                    return false;
            }
        return true;
    }
    const ak_jobject *o = &c->s->objects[f->object];
    for (uint16_t i = 0; missing && i < o->member_count && i < 64; i++) {
        if (!(missing >> i & 1))
            continue;
        const ak_jmember *m = &o->members[i];
        int rule = m->required_rule >= 0 ? m->required_rule : o->unknown_rule;
        if (!ak_js_report(c, rule, &at, "%s without member \"%s\"", label(o), m->name))
            return false;
    }
    for (uint16_t g = 0; g < o->group_count && !f->unresolved; g++)
        if (!group_check(c, o, &o->groups[g], o->groups[g].nonempty ? f->filled : f->seen, &at))
            return false;
    return true;
}

static bool on_end_object(ak_jsctx *c, const ak_json_event *e)
{
    ak_jsframe *f = ak_js_top(c);
    if (!f)
        return true;
    uint64_t missing;
    if (f->value >= 0) {
        unsigned n = ak_value_type_info_of((ak_value_type)f->value)->components;
        missing = ~f->seen & ((UINT64_C(1) << n) - 1);
    } else if (f->object >= 0) {
        missing = c->required[f->object] & ~f->seen;
        if (f->unresolved)
            missing &= UINT64_C(1) << c->s->objects[f->object].tag_member;
        else if (c->s->objects[f->object].group_count)
            return object_incomplete(c, e, f, missing);
    } else {
        return true;
    }
    return !missing || object_incomplete(c, e, f, missing);
}

/* The type of the value that comes next in frame f, and the member whose
 * constraints apply (*elem: it is an element of that member's array or
 * map). */
static int16_t slot(ak_jsctx *c, ak_jsframe *f, const ak_jmember **m, const ak_jmember_x **x, int *kind_rule,
                    bool *elem)
{
    *m = NULL;
    *x = NULL;
    *kind_rule = -1;
    *elem = false;
    if (!f)
        return c->s->root_type;
    if (f->type < 0)
        return -1;
    const ak_jtype *ty = &c->s->types[f->type];
    if (ty->kind == AK_JT_OBJECT) {
        if (f->member < 0)
            return -1;
        *m = &c->s->objects[f->object].members[f->member];
        *x = (*m)->x;
        *kind_rule = (*m)->kind_rule;
        return (*m)->type;
    }
    /* an array element or a map value: the owner's element kind rule */
    const ak_jmember *owner = owner_member(c);
    if (owner) {
        *kind_rule = owner->elem_kind_rule;
        *x = owner->x;
        *m = owner;
        *elem = true;
    }
    return ty->elem;
}

/* `limit values N @code`: one more value (e); beyond the cap it is
 * reported and the reading ends. */
static bool count_value(ak_jsctx *c, const ak_json_event *e)
{
    if (++c->values <= c->s->value_cap)
        return true;
    ak_js_report(c, c->s->value_cap_rule, e, "more than %llu JSON values", (unsigned long long)c->s->value_cap);
    return false;
}

/* `numbers finite @code`: the number literal e is a finite double. Only
 * an exponent or more than 300 characters can overflow one (a lane's
 * numbers never do: they have at most 8 integer digits and a one-digit
 * exponent). */
static bool finite_number(ak_jsctx *c, const ak_json_event *e, bool *finite)
{
    double v = 0;
    if (!(e->flags & AK_JSON_F_EXP || e->text_len > 300) || (ak_json_number_f64(e, &v), !isinf(v)))
        return true;
    *finite = false;
    return ak_js_report(c, c->s->finite_rule, e, "%.*s is not a finite double", (int)e->text_len, e->text);
}

/* The JSON values of an element a lane matched: its object, each scalar
 * present (a leaf) and each value-type or nested object (its first
 * component's or member's leaf stands for it). */
static uint64_t lane_values(const ak_jlane *l, const uint8_t *const *caps)
{
    /* the values of a match lacking none, less those of the leaves it
       lacks: the optional ones, and any beyond the 64th */
    uint64_t n = l->values_all;
    for (uint64_t todo = l->optional; todo; todo &= todo - 1) {
        unsigned i = (unsigned)__builtin_ctzll(todo);
        if (!caps[2 + 2 * i])
            n -= 1u + (l->leaves[i].component == 0);
    }
    for (uint16_t i = 64; i < l->leaf_count && i < AK_JS_LANE_LEAVES; i++)
        if (!caps[2 + 2 * i])
            n -= 1u + (l->leaves[i].component == 0);
    return n;
}

static int on_event(void *user, ak_json_parser *p, const ak_json_event *e)
{
    ak_jsctx *c = user;
    c->p = p;
    bool go = true;
    ak_jsframe *top = ak_js_top(c);
    c->slot_object = top ? top->object : -1;
    c->slot_member = top ? top->member : -1;
    c->slot_vtype = top ? top->vtype : -1;
    c->has_num = false;
    switch (e->kind) {
    case AK_JSON_KEY:
        go = on_key(c, e);
        c->slot_member = top ? top->member : -1;
        break;
    case AK_JSON_END_OBJECT:
        go = on_end_object(c, e);
        break;
    case AK_JSON_END_ARRAY:
        if (top && top->uset >= 0)
            ak_jsstate_set_close(c->st, top->uset);
        if (top && top->type >= 0 && !top->count)
            go = empty_array(c, e);
        break;
    default:
        if (c->s->value_cap && !count_value(c, e))
            return 1;
        if (top && !top->is_object)
            top->count++;
        if (top && top->value >= 0) {
            if (top->member < 0) {
                go = skip(c, e);
            } else {
                const ak_value_type_info *info = ak_value_type_info_of((ak_value_type)top->value);
                go = scalar_value(c, e, info);
            }
        } else if (!top && e->kind != AK_JSON_BEGIN_OBJECT && c->s->root_rule >= 0) {
            go = ak_js_report(c, c->s->root_rule, e, "the document is %s, not an object", ak_json_kind_name(e->kind));
            go = go && skip(c, e);
        } else {
            const ak_jmember *m;
            const ak_jmember_x *x;
            int kind_rule;
            bool elem;
            /* `where nonempty(...)`: the members whose value is a non-empty string */
            if (e->kind == AK_JSON_STRING && e->text_len && top && top->is_object && top->member >= 0 &&
                top->member < 64)
                top->filled |= UINT64_C(1) << top->member;
            int16_t t = slot(c, top, &m, &x, &kind_rule, &elem);
            size_t at = c->depth; /* value() may push a frame, and move them */
            go = value(c, e, t, m, x, kind_rule, elem);
            /* unique: an element of the array, or member f of an element */
            top = at ? &c->frames[at - 1] : NULL;
            if (go && top && top->uset >= 0)
                go = unique_value(c, e, top, "the element");
            else if (go && top && top->unique_member >= 0 && top->member == top->unique_member && at >= 2)
                go = unique_value(c, e, &c->frames[at - 2], m ? m->name : "the value");
        }
        break;
    }
    /* a number reported as not finite is not the hook's; below the version
       gate too, as the JSON's own problems are (a legacy document's upgrade
       could not write it) */
    bool finite = true;
    if (go && !c->oom && c->s->finite_rule >= 0 && e->kind == AK_JSON_NUMBER)
        go = finite_number(c, e, &finite);
    if (go && !c->oom && c->hook && finite)
        go = c->hook(c, e);
    if (e->kind == AK_JSON_END_OBJECT || e->kind == AK_JSON_END_ARRAY) {
        if (c->depth)
            c->depth--;
    }
    return go && !c->oom ? 0 : 1;
}

/* An integer leaf of a lane match as a double, where it is exact (within
 * 2^53: beyond, a double compares inexactly, and the events judge it). */
static bool lane_integer(const char *text, size_t n, double *v)
{
    int64_t i;
    if (ak_parse_i64(text, n, &i) != AK_NUM_OK || i > (INT64_C(1) << 53) || i < -(INT64_C(1) << 53))
        return false;
    *v = (double)i;
    return true;
}

/* Whether the number v passes the checks of x (a lane's member has no syntax). */
static bool lane_checks_pass(const ak_jmember_x *x, double v)
{
    for (uint16_t k = 0; k < x->check_count; k++)
        if (x->checks[k].kind != AK_JC_SYNTAX && !number_passes(&x->checks[k], v))
            return false;
    return true;
}

/* What the automaton checks of leaf i of an element a lane matched (lf->checks
 * is not 0): the member's version, a string's syntaxes, a number's value
 * against the member's range and checks and the array's order (its value
 * into num[i], and i into c->lane_num_set). False: the element goes event
 * by event. Inlined by force: out of line (gcc's choice once it grew) the
 * compact Glaxnimate file ran 8% more instructions. */
static inline __attribute__((always_inline)) bool lane_leaf(ak_jsctx *c, const ak_jsframe *arr, const ak_jobject *o,
                                                            const uint8_t *const *caps, uint16_t i, double *num,
                                                            uint64_t *seen)
{
    const ak_jleaf *lf = &arr->lane->leaves[i];
    const char *text = (const char *)caps[2 + 2 * i];
    if (!text)
        return true; /* absent */
    const ak_jmember *m = &o->members[lf->member];
    if (lf->checks & AK_JLEAF_PRESENT) {
        /* the member is present: in the document's version? */
        if (m->x && c->version >= 0 && !ak_js_in_versions(&m->x->versions, c->version))
            return false;
        if (lf->member < 64)
            *seen |= UINT64_C(1) << lf->member;
    }
    if (lf->checks & AK_JLEAF_STRING) {
        /* a lane's string is printable ASCII without escapes: the
           syntax machines read it raw, between its quotes, as
           run_checks reads a raw string */
        size_t n = (size_t)((const char *)caps[3 + 2 * i] - text);
        for (uint16_t k = 0; m->x && k < m->x->check_count; k++)
            if (m->x->checks[k].kind == AK_JC_SYNTAX &&
                !m->x->checks[k].syntax->match((const uint8_t *)text + 1, n - 2))
                return false;
        return true;
    }
    if (!(lf->checks & AK_JLEAF_NUMBER))
        return true;
    if (lf->component >= 0) /* a nested object's member (animgen gives it no checks but a range) */
        m = &c->s->objects[c->s->types[m->type].object].members[lf->component];
    /* what the lane cannot check of a number: its value against the
       member's range and checks, an integer's 64 bits */
    size_t n = (size_t)((const char *)caps[3 + 2 * i] - text);
    ak_jtype_kind kind = c->s->types[m->type].kind;
    double v;
    if (kind != AK_JT_INTEGER && m->range_rule < 0 && !m->x && i != arr->lane_order) {
        return true; /* nothing to check (a lane's numbers are finite even as f32: below 1e17) */
    } else if (kind == AK_JT_F32) {
        float f;
        if (ak_parse_f32(text, n, &f) != AK_NUM_OK)
            return false;
        v = f;
    } else if (kind == AK_JT_F64 || kind == AK_JT_NUMBER) {
        if (ak_parse_f64(text, n, &v) != AK_NUM_OK)
            return false;
    } else if (kind == AK_JT_INTEGER) {
        if (!lane_integer(text, n, &v))
            return false;
    } else {
        return true; /* animgen marks numbers only */
    }
    if (m->range_rule >= 0 && !(v >= m->lo && v <= m->hi))
        return false;
    if (m->x && !lane_checks_pass(m->x, v))
        return false;
    if (i == arr->lane_order && arr->has_prev &&
        ((v < arr->prev && arr->lane_order_rule >= 0) || (v == arr->prev && arr->lane_repeat_rule >= 0)))
        return false;
    num[i] = v;
    c->lane_num_set |= i < 64 ? UINT64_C(1) << i : 0;
    return true;
}

/* An element a lane matched: the checks of the member scalars the lane
 * cannot make (lane_leaf, for the leaves with checks: most have none), the
 * element object's groups, then the hook's lane half; nothing changes
 * unless everything passes (see ak_json_lane_accept). num: c->lane_num. */
static bool lane_take(ak_jsctx *c, ak_jsframe *arr, const ak_jlane *l, uint16_t leaves, const uint8_t *const *caps,
                      const uint8_t *end, double *num)
{
    ak_json_parser *p = c->p;
    const ak_jobject *o = l->object >= 0 ? &c->s->objects[l->object] : NULL;
    uint64_t seen = 0;
    /* the leaves with checks (ak_jlane.checked), beyond the 64th one by one */
    for (uint64_t todo = l->checked; todo; todo &= todo - 1)
        if (!lane_leaf(c, arr, o, caps, (uint16_t)__builtin_ctzll(todo), num, &seen))
            return false;
    for (uint16_t i = 64; i < leaves; i++)
        if (l->leaves[i].checks && !lane_leaf(c, arr, o, caps, i, num, &seen))
            return false;
    /* the members the document's version requires (the lane asks for the
       others that are not optional) */
    if (l->versioned && (c->required[l->object] & ~seen))
        return false;
    /* `where oneof(...)`, `where together(...)` of the element object (a
       lane has no `nonempty` group) */
    for (uint16_t g = 0; o && g < o->group_count; g++) {
        const ak_jgroup *gr = &o->groups[g];
        uint64_t in = seen & gr->members;
        if (gr->nonempty || (gr->oneof ? !in || (in & (in - 1)) : in && in != gr->members))
            return false;
    }
    /* beyond the value cap: event by event, to report the first value past it */
    uint64_t values = c->s->value_cap ? lane_values(l, caps) : 0;
    if (c->s->value_cap && values > c->s->value_cap - c->values)
        return false;
    if (c->lane_hook) {
        ak_jslane_view v = {l, arr->vtype, caps, (size_t)(caps[0] - p->data), (size_t)(end - p->data), num};
        if (!c->lane_hook(c, &v))
            return false;
    }
    c->values += values;
    arr->count++;
    if (arr->lane_order >= 0 && caps[2 + 2 * arr->lane_order]) {
        arr->prev = num[arr->lane_order];
        arr->has_prev = true;
    }
    return true;
}

/* ak_json_config.lane_accept: lane_take, then c->lane_num is all 0 again. */
static bool on_lane(void *user, ak_json_parser *p, const uint8_t *const *caps, const uint8_t *end)
{
    ak_jsctx *c = user;
    c->p = p;
    ak_jsframe *arr = ak_js_top(c);
    if (!arr || !arr->lane || c->oom)
        return false;
    const ak_jlane *l = arr->lane;
    uint16_t leaves = l->leaf_count < AK_JS_LANE_LEAVES ? l->leaf_count : AK_JS_LANE_LEAVES;
    bool taken = lane_take(c, arr, l, leaves, caps, end, c->lane_num);
    for (uint64_t todo = c->lane_num_set; todo; todo &= todo - 1)
        c->lane_num[__builtin_ctzll(todo)] = 0;
    c->lane_num_set = 0;
    for (uint16_t i = 64; i < leaves; i++)
        c->lane_num[i] = 0;
    return taken;
}

/* ---- the enclosing object in diagnostics (`named by`) ------------------- */

/* Appends " (in Type \"name\")", or " (in Type)" when the object has no
 * string name, to out[*n..cap). name: the naming member's value (NULL). */
static void put_owner(char *out, size_t cap, size_t *n, const char *type, size_t type_len, uint32_t type_flags,
                      const ak_json_event *name)
{
    ak_buf t, v;
    ak_buf_init(&t);
    ak_buf_init(&v);
    ak_json_event te = {AK_JSON_STRING, type_flags, 0, 0, type_len + 2, type, type_len};
    if (!ak_json_string_is_raw(&te) && ak_json_string_decode(&te, &t) && !t.failed)
        type = t.data, type_len = t.len;
    const char *nm = NULL;
    size_t nl = 0;
    if (name && name->kind == AK_JSON_STRING) {
        nm = name->text, nl = name->text_len;
        if (!ak_json_string_is_raw(name) && ak_json_string_decode(name, &v) && !v.failed)
            nm = v.data, nl = v.len;
    }
    int k = nm ? snprintf(out + *n, cap - *n, " (in %.*s \"%.*s\")", (int)type_len, type, (int)nl, nm)
               : snprintf(out + *n, cap - *n, " (in %.*s)", (int)type_len, type);
    if (k > 0)
        *n = (size_t)k < cap - *n ? *n + (size_t)k : cap - 1;
    ak_buf_free(&t);
    ak_buf_free(&v);
}

/* The value of member `member` in the object at data[obj] (a look-ahead,
 * counted in c->lookahead): false when absent or out of budget. */
static bool seek_in(ak_jsctx *c, size_t obj, const char *member, ak_json_event *v)
{
    return ak_json_seek_member(c->data, c->size, obj, member, strlen(member), v, &c->lookahead) ==
           AK_JSON_SEEK_FOUND;
}

/* Whether the object at data[obj] has the string discriminator of a named
 * family: then it is the one a diagnostic names. */
static bool owner_in_object(ak_jsctx *c, size_t obj, char *out, size_t cap, size_t *n)
{
    const ak_jschema *s = c->s;
    for (uint16_t r = 0; r < s->object_count; r++) {
        const ak_jobject *root = &s->objects[r];
        ak_json_event tag, name;
        if (!root->named_by || root->tag_member < 0 ||
            !seek_in(c, obj, root->members[root->tag_member].name, &tag) || tag.kind != AK_JSON_STRING)
            continue;
        bool named = seek_in(c, obj, root->named_by, &name);
        put_owner(out, cap, n, tag.text, tag.text_len, tag.flags, named ? &name : NULL);
        return true;
    }
    return false;
}

/* The object a diagnostic at data[at] is about when the parser has not
 * opened it yet: at its '{', or at the member name whose value it is.
 * SIZE_MAX: none. Skipping the string costs from the look-ahead budget (it
 * may be a long value rather than a name). */
static size_t unopened_object(ak_jsctx *c, size_t at)
{
    const uint8_t *d = c->data;
    if (at >= c->size || (c->depth && c->frames[c->depth - 1].start == at))
        return SIZE_MAX;
    if (d[at] == '"') { /* a member name: its value follows the ':' */
        size_t i = at + 1, end = c->lookahead < c->size - i ? i + c->lookahead : c->size;
        while (i < end && d[i] != '"')
            i += d[i] == '\\' ? 2 : 1;
        c->lookahead -= (i < end ? i : end) - (at + 1);
        if (i >= end)
            return SIZE_MAX;
        for (i++; i < c->size && (d[i] == ' ' || d[i] == '\t' || d[i] == '\r' || d[i] == '\n'); i++)
            ;
        if (i >= c->size || d[i] != ':')
            return SIZE_MAX;
        for (i++; i < c->size && (d[i] == ' ' || d[i] == '\t' || d[i] == '\r' || d[i] == '\n'); i++)
            ;
        at = i;
    }
    return at < c->size && d[at] == '{' ? at : SIZE_MAX;
}

/* The innermost open object of a named family with a type (its
 * discriminator's string), NULL. */
static ak_jsframe *named_frame(ak_jsctx *c)
{
    const ak_jschema *s = c->s;
    for (size_t i = c->depth; i-- > 0;) {
        ak_jsframe *f = &c->frames[i];
        if (!f->is_object || f->type < 0 || f->declared < 0 || s->objects[f->declared].family < 0)
            continue;
        if (s->objects[s->objects[f->declared].family].named_by && (!f->unresolved || f->tag_len))
            return f;
    }
    return NULL;
}

size_t ak_js_owner(ak_jsctx *c)
{
    const ak_jsframe *f = named_frame(c);
    return f ? f->start : SIZE_MAX;
}

void ak_js_set_owner(ak_jsctx *c, size_t owner) { c->owner = owner; }

/* During the parse: the object the diagnostic is about if it is not open
 * yet, else the innermost open object of a named family, from the frames
 * (its type is known; its name is looked ahead for once). */
static void owner_of_frames(ak_jsctx *c, size_t at, char *out, size_t cap, size_t *n)
{
    const ak_jschema *s = c->s;
    size_t value = unopened_object(c, at);
    if (value != SIZE_MAX && owner_in_object(c, value, out, cap, n))
        return;
    ak_jsframe *f = named_frame(c);
    if (f) {
        const ak_jobject *root = &s->objects[s->objects[f->declared].family];
        if (!f->name_state)
            f->name_state = seek_in(c, f->start, root->named_by, &f->name) ? 2 : 1;
        if (f->unresolved)
            put_owner(out, cap, n, (const char *)c->data + f->tag_at, f->tag_len, f->tag_flags,
                      f->name_state == 2 ? &f->name : NULL);
        else
            put_owner(out, cap, n, s->objects[f->object].name, strlen(s->objects[f->object].name), 0,
                      f->name_state == 2 ? &f->name : NULL);
    }
}

/* After the parse (references resolved at the end, the hooks' last
 * findings): the diagnostic's JSON Pointer is followed from the root with
 * look-aheads, then the innermost object on the way with a string
 * discriminator of a named family is the one. */
static void owner_of_path(ak_jsctx *c, const char *path, char *out, size_t cap, size_t *n)
{
    size_t depth = 1;
    for (const char *p = path; *p; p++)
        depth += *p == '/';
    size_t *objects = malloc(depth * sizeof *objects), count = 0;
    ak_json_event v;
    if (!objects || ak_json_seek_pointer(c->data, c->size, "", &v, &c->lookahead) != AK_JSON_SEEK_FOUND) {
        free(objects);
        return;
    }
    bool reached = true;
    while (reached) {
        if (v.kind == AK_JSON_BEGIN_OBJECT)
            objects[count++] = v.offset;
        if (*path != '/')
            break;
        char seg[256];
        size_t k = 0;
        for (path++; *path && *path != '/'; path++) {
            char ch = *path;
            if (ch == '~' && (path[1] == '0' || path[1] == '1'))
                ch = *++path == '0' ? '~' : '/';
            if (k + 1 < sizeof seg)
                seg[k++] = ch;
        }
        seg[k] = 0;
        if (v.kind == AK_JSON_BEGIN_OBJECT) {
            reached = ak_json_seek_member(c->data, c->size, v.offset, seg, k, &v, &c->lookahead) == AK_JSON_SEEK_FOUND;
        } else if (v.kind == AK_JSON_BEGIN_ARRAY) {
            char *end;
            unsigned long long index = strtoull(seg, &end, 10);
            reached = *end == 0 && k && ak_json_seek_element(c->data, c->size, v.offset, (size_t)index, &v,
                                                             &c->lookahead) == AK_JSON_SEEK_FOUND;
        } else {
            reached = false;
        }
    }
    for (size_t i = count; i-- > 0 && !owner_in_object(c, objects[i], out, cap, n);)
        ;
    free(objects);
}

/* The words the schema adds to a diagnostic (ak_diag_annotator): the
 * version gate's note, and the object it is in (not for the JSON front
 * end's own problems: they are about the text). */
static void annotate(void *user, const ak_rule *rule, uint64_t offset, const char *path, char *out, size_t cap)
{
    ak_jsctx *c = user;
    const ak_jschema *s = c->s;
    size_t n = 0;
    if (s->gate_rule >= 0 && s->gate_note && rule == &s->rules[s->gate_rule]) {
        int k = snprintf(out, cap, ": %s", s->gate_note);
        n = k < 0 ? 0 : (size_t)k < cap ? (size_t)k : cap - 1;
    }
    if (!*path || (rule >= ak_json_rules && rule < ak_json_rules + AK_JSON_R_COUNT))
        return;
    if (c->p)
        owner_of_frames(c, (size_t)offset, out, cap, &n);
    else if (c->owner != SIZE_MAX)
        owner_in_object(c, c->owner, out, cap, &n);
    else
        owner_of_path(c, path, out, cap, &n);
}

/* Whether the schema names objects in diagnostics or has a gate note. */
static bool annotates(const ak_jschema *s)
{
    for (uint16_t i = 0; i < s->object_count; i++)
        if (s->objects[i].named_by)
            return true;
    return s->gate_rule >= 0 && s->gate_note;
}

/* The document's format version: an integer (9, or 9.0 or 9e0: integral, as
 * an integer member takes it) at the schema's version pointer, read by a
 * look-ahead before the parse (it may come last, as Glaxnimate's
 * /format/format_version after the assets); -1 when absent or not a
 * non-negative integer. *number: the value of any number there, for the
 * version gate, except one that is not an integer when the version member
 * says its reader takes none of it (`fractional`). */
static int64_t document_version(const ak_jschema *s, const uint8_t *data, size_t size, bool release_input,
                                double *number)
{
    *number = NAN;
    if (!s->version_pointer)
        return -1;
    ak_json_event v;
    size_t budget = size;
    int64_t version = -1;
    /* a mapped input: the pages the look-ahead passes go as it goes (the
       parse reads them again from the file) */
    ak_input in = {"", data, size, release_input};
    ak_release release;
    ak_release_init(&release, &in, false);
    bool found = ak_json_seek_pointer_releasing(data, size, s->version_pointer, &v, &budget, &release) ==
                 AK_JSON_SEEK_FOUND;
    bool whole = found && v.kind == AK_JSON_NUMBER && integral(&v);
    if (whole && !(v.flags & AK_JSON_F_NEG) && !ak_json_number_i64(NULL, &v, NULL, &version))
        version = -1;
    /* the value of any number there, for the version gate (2.0, -1 are below 3 too) */
    if (found && v.kind == AK_JSON_NUMBER && (whole || !s->version_fractional))
        ak_parse_f64(v.text, v.text_len, number);
    /* the version is often near the end: the pages around it would stay
       for the whole parse */
    ak_release_done(&release);
    return version;
}

ak_json_status ak_jschema_validate(const ak_jschema *s, const uint8_t *data, size_t size, const ak_options *opt,
                                   ak_diags *d, ak_jshook hook, ak_jslanehook lane_hook, void *user,
                                   const ak_rule *duplicate_rule, bool release_input)
{
    ak_jsctx c;
    memset(&c, 0, sizeof c);
    c.s = s;
    c.hook = hook;
    c.lane_hook = lane_hook;
    c.user = user;
    c.diags = d;
    ak_budget_of(d, opt); /* the budget's limit for what the sets hold */
    double number;
    c.version = document_version(s, data, size, release_input, &number);
    c.data = data;
    c.owner = SIZE_MAX;
    /* below the version gate: the automaton still runs (the gate's rule is
       reported at the version member), nothing else */
    c.gated = s->gate_rule >= 0 && number < (double)s->gate_since;
    if (c.gated)
        c.hook = hook = NULL, c.lane_hook = lane_hook = NULL;
    /* look-aheads for late discriminators: at most 8 times the input */
    c.size = size;
    c.lookahead = size > (SIZE_MAX - (1u << 20)) / 8 ? SIZE_MAX : 8 * size + (1u << 20);
    /* per object, the members this document's version requires */
    c.required = calloc(s->object_count + 1u, sizeof *c.required);
    if (!c.required) {
        ak_report_out_of_memory(d, (s->object_count + 1u) * sizeof *c.required, "validating");
        return AK_JSON_NOMEM;
    }
    for (uint16_t i = 0; i < s->object_count; i++)
        for (uint16_t k = 0; k < s->objects[i].member_count && k < 64; k++)
            if (required(&c, &s->objects[i].members[k]))
                c.required[i] |= UINT64_C(1) << k;
    ak_json_config cfg;
    memset(&cfg, 0, sizeof cfg);
    cfg.handler = on_event;
    cfg.user = &c;
    cfg.max_depth = opt ? opt->max_depth : 0;
    cfg.duplicate_rule = duplicate_rule;
    /* a repeated member reported with the format's own rule is the schema's business */
    cfg.allow_duplicates = c.gated && duplicate_rule;
    cfg.release_input = release_input;
    cfg.lane_accept = s->lane && !(opt && opt->no_lanes) ? on_lane : NULL;
    c.cfg = &cfg;
    ak_diag_annotator prev_fn = NULL;
    void *prev_user = NULL;
    bool annotating = d && annotates(s);
    if (annotating)
        ak_diags_set_annotator(d, annotate, &c, &prev_fn, &prev_user);
    ak_json_status st = ak_json_parse(data, size, &cfg, d);
    c.p = NULL;
    c.depth = 0;
    if (st == AK_JSON_OK && c.st && !c.oom && !c.gated)
        resolve_refs(&c);
    if (st == AK_JSON_OK && c.st && !c.oom && (!d || !ak_diags_stopped(d)))
        ak_jsgraph_check(&c);
    /* `exists`: the parser is gone, reported at the root (line 1) */
    if (st == AK_JSON_OK && s->exists_count && c.root_object && !c.exists_seen && d && !ak_diags_stopped(d) &&
        (!s->exists_since || c.version >= s->exists_since)) {
        char names[160] = "";
        for (uint16_t i = 0; i < s->exists_count; i++)
            snprintf(names + strlen(names), sizeof names - strlen(names), "%s%s", i ? " or " : "",
                     label(&s->objects[s->exists[i]]));
        ak_report_at(d, &s->rules[s->exists_rule], 0, 0, 1, 1, "", "the document has no %s", names);
    }
    if (st == AK_JSON_OK && hook && !c.oom && (!d || !ak_diags_stopped(d)))
        hook(&c, NULL);
    if (annotating)
        ak_diags_set_annotator(d, prev_fn, prev_user, NULL, NULL);
    free(c.frames);
    free(c.required);
    ak_jsstate_free(c.st);
    ak_jsgraph_free(c.graph);
    if (c.oom) {
        ak_report_out_of_memory(d, 0, "validating");
        return AK_JSON_NOMEM;
    }
    return st;
}
