/* The push automaton of animgen-generated JSON validators (see ak_jschema.h). */
#include "ak_jschema.h"

#include "model.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

bool ak_js_report(ak_jsctx *c, int rule, const ak_json_event *e, const char *fmt, ...)
{
    if (rule < 0)
        return true;
    ak_diags *d = ak_json_diags(c->p);
    if (!d)
        return true;
    uint32_t line, col;
    ak_json_location(c->p, e->offset, &line, &col);
    va_list ap;
    va_start(ap, fmt);
    bool go = ak_vreport(d, &c->s->rules[rule], e->offset, e->length, line, col, ak_json_path(c->p), fmt, ap);
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
    case AK_JT_VALUE_TYPE: return k == AK_JSON_STRING;
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

static const char *type_name(const ak_jschema *s, int16_t t)
{
    const ak_jtype *ty = &s->types[t];
    switch (ty->kind) {
    case AK_JT_STRING: return "a string";
    case AK_JT_ENUM: return "one of its names";
    case AK_JT_VALUE_TYPE: return "a value type name";
    case AK_JT_NUMBER:
    case AK_JT_F32:
    case AK_JT_F64: return "a number";
    case AK_JT_INTEGER: return "an integer";
    case AK_JT_BOOL: return "a boolean";
    case AK_JT_NULL: return "null";
    case AK_JT_OBJECT:
    case AK_JT_MAP: return "an object";
    case AK_JT_ARRAY: return "an array";
    case AK_JT_UNION: return "one of its alternatives";
    default: return "a value";
    }
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
    if (!c->s->lane || (c->hook && !c->lane_hook) || elem < 0)
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

/* A value (scalar or container start) of type t; m is the member it is
 * the value of (NULL for array elements), kind_rule the rule of a kind
 * mismatch. */
static bool value(ak_jsctx *c, const ak_json_event *e, int16_t t, const ak_jmember *m, int kind_rule)
{
    const ak_jschema *s = c->s;
    ak_jsframe *enc = ak_js_top(c);
    if (t < 0)
        return skip(c, e);
    const ak_jtype *ty = &s->types[t];
    if (ty->kind == AK_JT_UNION) {
        for (uint16_t i = 0; i < ty->alt_count; i++)
            if (accepts(s, ty->alts[i], e->kind))
                return value(c, e, ty->alts[i], m, kind_rule);
        if (!ak_js_report(c, kind_rule, e, "%s where %s is expected", ak_json_kind_name(e->kind), type_name(s, t)))
            return false;
        return skip(c, e);
    }
    if (ty->kind == AK_JT_BY) {
        int16_t tag = enc && ty->sibling >= 0 && ty->sibling < 16 ? enc->tags[ty->sibling] : -1;
        if (tag < 0 || tag >= ty->arm_count)
            return skip(c, e); /* the discriminator is missing or wrong: reported there */
        return value(c, e, ty->arms[tag].type, m, kind_rule);
    }
    if (ty->kind == AK_JT_PARAM) {
        int16_t vt = enc ? enc->vtype : -1;
        if (vt < 0)
            return skip(c, e);
        return typed_value(c, e, vt);
    }
    if (ty->kind == AK_JT_ANY)
        return skip(c, e);
    if (!accepts(s, t, e->kind)) {
        if (!ak_js_report(c, kind_rule, e, "%s where %s is expected", ak_json_kind_name(e->kind), type_name(s, t)))
            return false;
        return skip(c, e);
    }
    int member_index = enc && enc->object >= 0 ? enc->member : -1;
    switch (ty->kind) {
    case AK_JT_ENUM:
        for (uint16_t i = 0; i < ty->name_count; i++)
            if (ak_json_string_equals(e, ty->names[i], strlen(ty->names[i]))) {
                if (member_index >= 0 && member_index < 16)
                    enc->tags[member_index] = (int16_t)i;
                return true;
            }
        return ak_js_report(c, kind_rule, e, "\"%.*s\" is not one of the allowed names", (int)e->text_len, e->text);
    case AK_JT_VALUE_TYPE:
        for (int i = 0; i < AK_VT_COUNT; i++) {
            const char *name = ak_value_type_info_of((ak_value_type)i)->name;
            if (ak_json_string_equals(e, name, strlen(name))) {
                if (member_index >= 0 && member_index < 16)
                    enc->tags[member_index] = (int16_t)i;
                return true;
            }
        }
        return ak_js_report(c, kind_rule, e, "\"%.*s\" is not a value type name (they are case-sensitive)",
                            (int)e->text_len, e->text);
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
        if (st != AK_NUM_OK && ty->kind != AK_JT_NUMBER)
            return ak_js_report(c, m ? m->finite_rule : -1, e, "%.*s overflows a %s", (int)e->text_len, e->text,
                                ty->kind == AK_JT_F32 ? "32-bit float" : "64-bit float");
        if (m && m->range_rule >= 0 && !(v >= m->lo && v <= m->hi))
            if (!ak_js_report(c, m->range_rule, e, "%.*s is outside %.17g..%.17g", (int)e->text_len, e->text, m->lo,
                              m->hi))
                return false;
        if (m)
            return order_check(c, e, m, v);
        return true;
    }
    case AK_JT_INTEGER: {
        int64_t v;
        const ak_rule *range = m && m->range_rule >= 0 ? &s->rules[m->range_rule] : NULL;
        if (!ak_json_number_i64(c->p, e, range, &v))
            return !ak_diags_stopped(ak_json_diags(c->p));
        if (m && m->range_rule >= 0 && !((double)v >= m->lo && (double)v <= m->hi))
            return ak_js_report(c, m->range_rule, e, "%lld is outside %.17g..%.17g", (long long)v, m->lo, m->hi);
        if (m)
            return order_check(c, e, m, (double)v);
        return true;
    }
    case AK_JT_OBJECT: {
        int16_t vt = -1;
        if (ty->bind >= 0 && enc && ty->bind < 16)
            vt = enc->tags[ty->bind];
        else if (ty->bind == -2 && enc)
            vt = enc->vtype;
        ak_jsframe *f = push(c, t, e);
        if (!f)
            return false;
        f->object = ty->object;
        f->vtype = vt;
        return true;
    }
    case AK_JT_ARRAY:
    case AK_JT_MAP: {
        int16_t vt = enc ? enc->vtype : -1;
        ak_jsframe *f = push(c, t, e);
        if (!f)
            return false;
        f->vtype = vt;
        if (ty->kind == AK_JT_ARRAY)
            set_lane(c, f, ty->elem, m);
        return true;
    }
    default: return true;
    }
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
    if (f->member < 0)
        return ak_js_report(c, o->unknown_rule, e, "unknown member \"%.*s\" in %s (names are case-sensitive)",
                            (int)e->text_len, e->text, o->name);
    if (f->member < 64)
        f->seen |= UINT64_C(1) << f->member;
    if (o->ordered_rule >= 0) {
        if (f->member < f->last)
            return ak_js_report(c, o->ordered_rule, e, "\"%s\" comes after \"%s\"; the order is fixed",
                                o->members[f->member].name, o->members[f->last].name);
        f->last = f->member;
    }
    return true;
}

static bool on_end_object(ak_jsctx *c, const ak_json_event *e)
{
    ak_jsframe *f = ak_js_top(c);
    if (!f)
        return true;
    ak_json_event at = *e;
    at.offset = f->start;
    at.length = 1;
    if (f->value >= 0) {
        const ak_value_type_info *info = ak_value_type_info_of((ak_value_type)f->value);
        for (int i = 0; i < info->components; i++)
            if (!(f->seen >> i & 1)) {
                char name[4];
                ak_value_component_name((ak_value_type)f->value, (unsigned)i, name);
                if (!ak_js_report(c, c->s->values.component_missing, &at, "%s value without component \"%s\"",
                                  info->name, name))
                    return false;
            }
        return true;
    }
    if (f->object < 0)
        return true;
    const ak_jobject *o = &c->s->objects[f->object];
    for (uint16_t i = 0; i < o->member_count && i < 64; i++) {
        const ak_jmember *m = &o->members[i];
        if (m->optional || (f->seen >> i & 1))
            continue;
        int rule = m->required_rule >= 0 ? m->required_rule : o->unknown_rule;
        if (!ak_js_report(c, rule, &at, "%s without member \"%s\"", o->name, m->name))
            return false;
    }
    return true;
}

/* The type and member of the value that comes next in frame f. */
static int16_t slot(ak_jsctx *c, ak_jsframe *f, const ak_jmember **m, int *kind_rule)
{
    *m = NULL;
    *kind_rule = -1;
    if (!f)
        return c->s->root_type;
    if (f->type < 0)
        return -1;
    const ak_jtype *ty = &c->s->types[f->type];
    if (ty->kind == AK_JT_OBJECT) {
        if (f->member < 0)
            return -1;
        *m = &c->s->objects[f->object].members[f->member];
        *kind_rule = (*m)->kind_rule;
        return (*m)->type;
    }
    /* an array element or a map value: the owner's element kind rule */
    ak_jsframe *owner = c->depth >= 2 ? &c->frames[c->depth - 2] : NULL;
    if (owner && owner->object >= 0 && owner->member >= 0)
        *kind_rule = c->s->objects[owner->object].members[owner->member].elem_kind_rule;
    return ty->elem;
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
        break;
    default:
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
            int kind_rule;
            int16_t t = slot(c, top, &m, &kind_rule);
            go = value(c, e, t, m, kind_rule);
        }
        break;
    }
    if (go && !c->oom && c->hook)
        go = c->hook(c, e);
    if (e->kind == AK_JSON_END_OBJECT || e->kind == AK_JSON_END_ARRAY) {
        if (c->depth)
            c->depth--;
    }
    return go && !c->oom ? 0 : 1;
}

/* An element a lane matched: the checks of the member scalars the DFA
 * cannot make (ranges, where-orders), then the hook's lane half; nothing
 * changes unless everything passes (see ak_json_lane_accept). */
static bool on_lane(void *user, ak_json_parser *p, const uint8_t *const *caps, const uint8_t *end)
{
    ak_jsctx *c = user;
    c->p = p;
    ak_jsframe *arr = ak_js_top(c);
    if (!arr || !arr->lane || c->oom)
        return false;
    const ak_jlane *l = arr->lane;
    double num[AK_JS_LANE_LEAVES];
    const ak_jmember *members = l->object >= 0 ? c->s->objects[l->object].members : NULL;
    for (uint16_t i = 0; i < l->leaf_count && i < AK_JS_LANE_LEAVES; i++) {
        const ak_jleaf *lf = &l->leaves[i];
        num[i] = 0;
        const char *text = (const char *)caps[2 + 2 * i];
        if (lf->member < 0 || lf->component >= 0 || !text)
            continue;
        const ak_jmember *m = &members[lf->member];
        ak_jtype_kind kind = c->s->types[m->type].kind;
        if (kind != AK_JT_F32 && kind != AK_JT_F64 && kind != AK_JT_NUMBER)
            continue; /* the DFA has checked everything else */
        size_t n = (size_t)((const char *)caps[3 + 2 * i] - text);
        double v;
        if (kind == AK_JT_F32) {
            float f;
            if (ak_parse_f32(text, n, &f) != AK_NUM_OK)
                return false;
            v = f;
        } else if (ak_parse_f64(text, n, &v) != AK_NUM_OK) {
            return false;
        }
        if (m->range_rule >= 0 && !(v >= m->lo && v <= m->hi))
            return false;
        if (i == arr->lane_order && arr->has_prev &&
            ((v < arr->prev && arr->lane_order_rule >= 0) || (v == arr->prev && arr->lane_repeat_rule >= 0)))
            return false;
        num[i] = v;
    }
    if (c->lane_hook) {
        ak_jslane_view v = {l, arr->vtype, caps, (size_t)(caps[0] - p->data), (size_t)(end - p->data), num};
        if (!c->lane_hook(c, &v))
            return false;
    }
    arr->count++;
    if (arr->lane_order >= 0 && caps[2 + 2 * arr->lane_order]) {
        arr->prev = num[arr->lane_order];
        arr->has_prev = true;
    }
    return true;
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
    ak_json_config cfg;
    memset(&cfg, 0, sizeof cfg);
    cfg.handler = on_event;
    cfg.user = &c;
    cfg.max_depth = opt ? opt->max_depth : 0;
    cfg.duplicate_rule = duplicate_rule;
    cfg.release_input = release_input;
    cfg.lane_accept = s->lane && !(opt && opt->no_lanes) ? on_lane : NULL;
    ak_json_status st = ak_json_parse(data, size, &cfg, d);
    if (st == AK_JSON_OK && hook) {
        c.depth = 0;
        c.p = NULL;
        c.diags = d;
        hook(&c, NULL);
    }
    free(c.frames);
    if (c.oom)
        return AK_JSON_NOMEM;
    return st;
}
