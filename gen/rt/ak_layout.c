/* Support for animgen-generated binary decoders: context, paths,
 * diagnostics, the generic JSON dump and its inverse. */
#include "ak_layout.h"

#include "json_parser.h"
#include "json_writer.h"
#include "numbers.h"

#include <math.h>
#include <stdarg.h>
#include <stdlib.h>

void ak_lctx_init(ak_lctx *c, const uint8_t *data, size_t size, ak_diags *d, ak_arena *arena,
                  const ak_rule *truncated)
{
    memset(c, 0, sizeof *c);
    c->data = data;
    c->size = size;
    c->d = d;
    c->arena = arena;
    c->truncated = truncated;
    c->release.next = SIZE_MAX; /* nothing is released unless ak_release_init says so */
    ak_buf_init(&c->path);
}

void ak_lctx_free(ak_lctx *c) { ak_buf_free(&c->path); }

static void path_key(ak_buf *b, const char *s)
{
    ak_buf_putc(b, '/');
    for (; *s; s++) {
        if (*s == '~')
            ak_buf_puts(b, "~0");
        else if (*s == '/')
            ak_buf_puts(b, "~1");
        else
            ak_buf_putc(b, *s);
    }
}

const char *ak_lpath(ak_lctx *c, const char *leaf, uint64_t index)
{
    c->path.len = 0;
    for (int i = 0; i < c->depth; i++) {
        if (c->seg[i].name)
            path_key(&c->path, c->seg[i].name);
        else
            ak_buf_printf(&c->path, "/%llu", (unsigned long long)c->seg[i].index);
    }
    if (leaf)
        path_key(&c->path, leaf);
    else if (index != UINT64_MAX)
        ak_buf_printf(&c->path, "/%llu", (unsigned long long)index);
    return ak_buf_cstr(&c->path);
}

bool ak_lreport(ak_lctx *c, const ak_rule *rule, bool fatal, uint64_t offset, uint64_t length,
                const char *leaf, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    bool more = ak_vreport(c->d, rule, offset, length, 0, 0, ak_lpath(c, leaf, UINT64_MAX), fmt, ap);
    va_end(ap);
    if (!more || fatal)
        c->stop = true;
    return !c->stop;
}

bool ak_ltruncated(ak_lctx *c, const char *leaf, size_t need)
{
    ak_report(c->d, c->truncated, c->pos, ak_lleft(c), ak_lpath(c, leaf, UINT64_MAX),
              "the input ends inside '%s': %zu byte%s needed, %zu left", leaf ? leaf : "?", need,
              need == 1 ? "" : "s", ak_lleft(c));
    c->stop = true;
    return false;
}

int ak_lread_len7(ak_lctx *c, uint64_t *len, bool *overlong)
{
    uint64_t value = 0;
    size_t pos = c->pos;
    *overlong = false;
    for (unsigned i = 0;; i++) {
        if (pos >= c->size)
            return 1;
        uint8_t byte = c->data[pos++];
        if (i == 4 && byte > 0x0f)
            return 2; /* .NET: "Too many bytes in what should have been a 7-bit encoded Int32" */
        value |= (uint64_t)(byte & 0x7fu) << (7 * i);
        if (!(byte & 0x80u)) {
            if (value > INT32_MAX)
                return 2; /* negative as an Int32 */
            *overlong = i > 0 && byte == 0;
            *len = value;
            c->pos = pos;
            return 0;
        }
    }
}

/* ---- dump --------------------------------------------------------------- */

static void dump_f32(ak_buf *out, float v)
{
    char tmp[AK_NUM_BUFSIZE];
    size_t n = ak_format_f32(v, tmp);
    if (isfinite(v)) {
        ak_buf_append(out, tmp, n);
    } else {
        ak_buf_putc(out, '"');
        ak_buf_append(out, tmp, n);
        ak_buf_putc(out, '"');
    }
}

static void dump_f64(ak_buf *out, double v)
{
    char tmp[AK_NUM_BUFSIZE];
    size_t n = ak_format_f64(v, tmp);
    if (isfinite(v)) {
        ak_buf_append(out, tmp, n);
    } else {
        ak_buf_putc(out, '"');
        ak_buf_append(out, tmp, n);
        ak_buf_putc(out, '"');
    }
}

static void dump_scalar(ak_buf *out, ak_lkind k, const uint8_t *p)
{
    switch (k) {
    case AK_LK_U8: ak_buf_printf(out, "%u", (unsigned)*(const uint8_t *)p); break;
    case AK_LK_I8: ak_buf_printf(out, "%d", (int)*(const int8_t *)p); break;
    case AK_LK_U16: { uint16_t v; memcpy(&v, p, 2); ak_buf_printf(out, "%u", (unsigned)v); break; }
    case AK_LK_I16: { int16_t v; memcpy(&v, p, 2); ak_buf_printf(out, "%d", (int)v); break; }
    case AK_LK_U32:
    case AK_LK_VARINT: { uint32_t v; memcpy(&v, p, 4); ak_buf_printf(out, "%lu", (unsigned long)v); break; }
    case AK_LK_I32: { int32_t v; memcpy(&v, p, 4); ak_buf_printf(out, "%ld", (long)v); break; }
    case AK_LK_U64: { uint64_t v; memcpy(&v, p, 8); ak_buf_json_u64(out, v); break; } /* jq-safe */
    case AK_LK_I64: { int64_t v; memcpy(&v, p, 8); ak_buf_json_i64(out, v); break; }
    case AK_LK_F32: { float v; memcpy(&v, p, 4); dump_f32(out, v); break; }
    case AK_LK_F64: { double v; memcpy(&v, p, 8); dump_f64(out, v); break; }
    case AK_LK_BOOL: ak_buf_puts(out, *(const bool *)p ? "true" : "false"); break;
    case AK_LK_STRING:
    case AK_LK_NSTRING: {
        ak_lstr s;
        memcpy(&s, p, sizeof s);
        if (!s.ptr)
            ak_buf_puts(out, "null");
        else
            ak_buf_json_string(out, s.ptr, s.len);
        break;
    }
    default: break;
    }
}

static void dump_indent(ak_buf *out, int level)
{
    ak_buf_putc(out, '\n');
    for (int i = 0; i < level; i++)
        ak_buf_puts(out, "  ");
}

/* Recursion follows the declaration's nesting, never the input's. */
static void dump_members(const ak_lstruct *st, const uint8_t *obj, const void *root, ak_buf *out,
                         int level, bool *first);

/* Structs of scalars only (keys, markers) print on one line. */
static bool flat_struct(const ak_lstruct *st)
{
    for (size_t i = 0; i < st->field_count; i++) {
        ak_lkind k = st->fields[i].kind;
        if (k == AK_LK_STRUCT || k == AK_LK_ARRAY || k == AK_LK_FIXED || k == AK_LK_INLINE ||
            st->fields[i].present)
            return false;
    }
    return true;
}

static void dump_value(const ak_lfield *f, ak_lkind k, const uint8_t *p, const void *root, ak_buf *out,
                       int level)
{
    if (k == AK_LK_STRUCT && flat_struct(f->st)) {
        ak_buf_putc(out, '{');
        for (size_t i = 0; i < f->st->field_count; i++) {
            const ak_lfield *g = &f->st->fields[i];
            if (i)
                ak_buf_puts(out, ", ");
            ak_buf_json_string(out, g->name, strlen(g->name));
            ak_buf_puts(out, ": ");
            dump_scalar(out, g->kind, p + g->offset);
        }
        ak_buf_putc(out, '}');
    } else if (k == AK_LK_STRUCT) {
        bool first = true;
        ak_buf_putc(out, '{');
        dump_members(f->st, p, root, out, level + 1, &first);
        if (!first)
            dump_indent(out, level);
        ak_buf_putc(out, '}');
    } else {
        dump_scalar(out, k, p);
    }
}

static void dump_members(const ak_lstruct *st, const uint8_t *obj, const void *root, ak_buf *out,
                         int level, bool *first)
{
    for (size_t i = 0; i < st->field_count; i++) {
        const ak_lfield *f = &st->fields[i];
        if (f->present && !f->present(obj, root))
            continue;
        if (f->kind == AK_LK_INLINE) {
            dump_members(f->st, obj + f->offset, root, out, level, first);
            continue;
        }
        if (!*first)
            ak_buf_putc(out, ',');
        *first = false;
        dump_indent(out, level);
        ak_buf_json_string(out, f->name, strlen(f->name));
        ak_buf_puts(out, ": ");
        if (f->kind == AK_LK_ARRAY || f->kind == AK_LK_FIXED) {
            const uint8_t *base;
            size_t n;
            if (f->kind == AK_LK_ARRAY) {
                memcpy(&base, obj + f->offset, sizeof base);
                memcpy(&n, obj + f->count_offset, sizeof n);
            } else {
                base = obj + f->offset;
                n = f->fixed_count;
            }
            ak_buf_putc(out, '[');
            bool scalars = f->elem_kind != AK_LK_STRUCT;
            for (size_t k = 0; k < n; k++) {
                if (k)
                    ak_buf_putc(out, ',');
                if (scalars)
                    ak_buf_putc(out, ' ');
                else
                    dump_indent(out, level + 1);
                dump_value(f, f->elem_kind, base + k * f->elem_size, root, out, level + 1);
            }
            if (n && !scalars)
                dump_indent(out, level);
            ak_buf_putc(out, ']');
        } else {
            dump_value(f, f->kind, obj + f->offset, root, out, level);
        }
    }
}

bool ak_ldump_json(const ak_lstruct *root, const void *doc, ak_buf *out)
{
    bool first = true;
    ak_buf_putc(out, '{');
    dump_members(root, doc, doc, out, 1, &first);
    ak_buf_puts(out, "\n}\n");
    return !out->failed;
}

/* ---- undump: JSON events -> document ------------------------------------ */

typedef enum frame_kind { FR_OBJECT, FR_ARRAY } frame_kind;

#define MAX_SEEN 64

typedef struct uframe {
    frame_kind kind;
    const ak_lstruct *st; /* FR_OBJECT */
    uint8_t *obj;
    const ak_lfield *field; /* FR_ARRAY: the array field; FR_OBJECT: the field being filled */
    uint8_t *field_obj;     /* the struct holding `field` (inline arms: the arm) */
    /* FR_OBJECT: members seen */
    const ak_lfield *seen[MAX_SEEN];
    size_t seen_n;
    size_t start_offset;
    /* FR_ARRAY */
    uint8_t *elems; /* heap, grown by doubling */
    size_t n, cap;
    uint8_t *array_owner; /* the struct holding the array field */
} uframe;

typedef struct undump {
    const ak_lstruct *root_st;
    uint8_t *root;
    ak_arena *arena;
    const ak_lundump_rules *rules;
    uframe frames[AK_LAYOUT_MAX_DEPTH];
    int depth;       /* frames in use */
    bool have_root;
    bool failed;
    ak_buf scratch;
} undump;

static int fail(undump *u, ak_json_parser *p, const ak_rule *rule, const ak_json_event *e, const char *fmt,
                ...) AK_PRINTF(5, 6);
static int fail(undump *u, ak_json_parser *p, const ak_rule *rule, const ak_json_event *e, const char *fmt,
                ...)
{
    va_list ap;
    va_start(ap, fmt);
    char msg[512];
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    ak_json_report(p, rule, e, "%s", msg);
    u->failed = true;
    return 1;
}

static const char *kind_name(ak_lkind k)
{
    switch (k) {
    case AK_LK_F32:
    case AK_LK_F64: return "a number";
    case AK_LK_BOOL: return "true or false";
    case AK_LK_STRING: return "a string";
    case AK_LK_NSTRING: return "a string or null";
    case AK_LK_STRUCT: return "an object";
    case AK_LK_ARRAY:
    case AK_LK_FIXED: return "an array";
    default: return "an integer";
    }
}

/* Finds a member among the fields that are present, looking into inline
 * arms. *holder is the struct that holds it. */
static const ak_lfield *find_member(const ak_lstruct *st, uint8_t *obj, const void *root, const ak_json_event *e,
                                    uint8_t **holder, bool *absent)
{
    if (st->lets)
        st->lets(obj, root);
    for (size_t i = 0; i < st->field_count; i++) {
        const ak_lfield *f = &st->fields[i];
        bool present = !f->present || f->present(obj, root);
        if (f->kind == AK_LK_INLINE) {
            if (!present)
                continue;
            const ak_lfield *g = find_member(f->st, obj + f->offset, root, e, holder, absent);
            if (g)
                return g;
            continue;
        }
        if (ak_json_string_equals(e, f->name, strlen(f->name))) {
            if (!present) {
                *absent = true;
                continue;
            }
            *holder = obj;
            return f;
        }
    }
    return NULL;
}

static bool store_scalar(undump *u, ak_json_parser *p, const ak_json_event *e, ak_lkind k, uint8_t *dst)
{
    const ak_rule *vr = u->rules->value;
    switch (k) {
    case AK_LK_F32:
    case AK_LK_F64: {
        double d = 0;
        float f = 0;
        if (e->kind == AK_JSON_STRING) {
            double special;
            if (ak_json_string_equals(e, "nan", 3))
                special = NAN;
            else if (ak_json_string_equals(e, "inf", 3))
                special = INFINITY;
            else if (ak_json_string_equals(e, "-inf", 4))
                special = -INFINITY;
            else
                return fail(u, p, vr, e, "a number is needed here (or \"nan\", \"inf\", \"-inf\")"), false;
            d = special;
            f = (float)special;
        } else if (e->kind == AK_JSON_NUMBER) {
            if (k == AK_LK_F32) {
                if (ak_json_number_f32(e, &f) != AK_NUM_OK)
                    return fail(u, p, vr, e, "this number does not fit a 32-bit float"), false;
            } else if (ak_json_number_f64(e, &d) != AK_NUM_OK) {
                return fail(u, p, vr, e, "this number does not fit a 64-bit float"), false;
            }
        } else {
            return fail(u, p, vr, e, "a number is needed here"), false;
        }
        if (k == AK_LK_F32)
            memcpy(dst, &f, 4);
        else
            memcpy(dst, &d, 8);
        return true;
    }
    case AK_LK_BOOL:
        if (e->kind != AK_JSON_TRUE && e->kind != AK_JSON_FALSE)
            return fail(u, p, vr, e, "true or false is needed here"), false;
        *(bool *)dst = e->kind == AK_JSON_TRUE;
        return true;
    case AK_LK_STRING:
    case AK_LK_NSTRING: {
        ak_lstr s = {NULL, 0};
        if (e->kind == AK_JSON_NULL && k == AK_LK_NSTRING) {
            memcpy(dst, &s, sizeof s);
            return true;
        }
        if (e->kind != AK_JSON_STRING)
            return fail(u, p, vr, e, "%s is needed here", kind_name(k)), false;
        u->scratch.len = 0;
        if (!ak_json_string_decode(e, &u->scratch))
            return fail(u, p, vr, e, "out of memory"), false;
        s.len = u->scratch.len;
        s.ptr = ak_arena_strndup(u->arena, u->scratch.data ? u->scratch.data : "", s.len);
        if (!s.ptr)
            return fail(u, p, vr, e, "out of memory"), false;
        memcpy(dst, &s, sizeof s);
        return true;
    }
    default: break;
    }
    /* a 64-bit integer beyond 2^53 is dumped as a decimal string (jq keeps it) */
    bool text = e->kind == AK_JSON_STRING && ak_json_string_is_raw(e) && e->text_len > 0;
    if (e->kind != AK_JSON_NUMBER && !text)
        return fail(u, p, vr, e, "an integer is needed here"), false;
    bool is_signed = k == AK_LK_I8 || k == AK_LK_I16 || k == AK_LK_I32 || k == AK_LK_I64;
    int64_t lo = 0;
    uint64_t hi = 0;
    switch (k) {
    case AK_LK_U8: hi = UINT8_MAX; break;
    case AK_LK_I8: lo = INT8_MIN; hi = INT8_MAX; break;
    case AK_LK_U16: hi = UINT16_MAX; break;
    case AK_LK_I16: lo = INT16_MIN; hi = INT16_MAX; break;
    case AK_LK_U32: hi = UINT32_MAX; break;
    case AK_LK_VARINT: hi = INT32_MAX; break;
    case AK_LK_I32: lo = INT32_MIN; hi = INT32_MAX; break;
    case AK_LK_U64: hi = UINT64_MAX; break;
    default: lo = INT64_MIN; hi = INT64_MAX; break;
    }
    if (is_signed) {
        int64_t v;
        if (text ? ak_parse_i64(e->text, e->text_len, &v) != AK_NUM_OK : !ak_json_number_i64(p, e, vr, &v))
            return text ? fail(u, p, vr, e, "this string is not an integer") : (u->failed = true), false;
        if (v < lo || v > (int64_t)hi)
            return fail(u, p, vr, e, "%lld is out of range here", (long long)v), false;
        switch (k) {
        case AK_LK_I8: *(int8_t *)dst = (int8_t)v; break;
        case AK_LK_I16: { int16_t x = (int16_t)v; memcpy(dst, &x, 2); break; }
        case AK_LK_I32: { int32_t x = (int32_t)v; memcpy(dst, &x, 4); break; }
        default: memcpy(dst, &v, 8); break;
        }
    } else {
        uint64_t v;
        if (text ? ak_parse_u64(e->text, e->text_len, &v) != AK_NUM_OK : !ak_json_number_u64(p, e, vr, &v))
            return text ? fail(u, p, vr, e, "this string is not an integer") : (u->failed = true), false;
        if (v > hi)
            return fail(u, p, vr, e, "%llu is out of range here", (unsigned long long)v), false;
        switch (k) {
        case AK_LK_U8: *dst = (uint8_t)v; break;
        case AK_LK_U16: { uint16_t x = (uint16_t)v; memcpy(dst, &x, 2); break; }
        case AK_LK_U32:
        case AK_LK_VARINT: { uint32_t x = (uint32_t)v; memcpy(dst, &x, 4); break; }
        default: memcpy(dst, &v, 8); break;
        }
    }
    return true;
}

static uframe *push_frame(undump *u, ak_json_parser *p, const ak_json_event *e, frame_kind k)
{
    if (u->depth >= AK_LAYOUT_MAX_DEPTH) {
        fail(u, p, u->rules->shape, e, "nested too deeply for this layout");
        return NULL;
    }
    uframe *f = &u->frames[u->depth++];
    memset(f, 0, sizeof *f);
    f->kind = k;
    f->start_offset = e->offset;
    return f;
}

/* A value for `field` (held by `holder`), or an element when field is an array. */
static int begin_value(undump *u, ak_json_parser *p, const ak_json_event *e, const ak_lfield *field,
                       ak_lkind k, uint8_t *dst)
{
    if (k == AK_LK_STRUCT) {
        if (e->kind != AK_JSON_BEGIN_OBJECT)
            return fail(u, p, u->rules->value, e, "an object is needed here");
        uframe *f = push_frame(u, p, e, FR_OBJECT);
        if (!f)
            return 1;
        f->st = field->st;
        f->obj = dst;
        return 0;
    }
    if (k == AK_LK_ARRAY || k == AK_LK_FIXED) {
        if (e->kind != AK_JSON_BEGIN_ARRAY)
            return fail(u, p, u->rules->value, e, "an array is needed here");
        uframe *f = push_frame(u, p, e, FR_ARRAY);
        if (!f)
            return 1;
        f->field = field;
        f->array_owner = dst;
        return 0;
    }
    return store_scalar(u, p, e, k, dst) ? 0 : 1;
}

static bool seen(const uframe *f, const ak_lfield *g)
{
    for (size_t i = 0; i < f->seen_n; i++)
        if (f->seen[i] == g)
            return true;
    return false;
}

/* At the end of an object: every present member given, counts agree. */
static int finish_object(undump *u, ak_json_parser *p, const ak_json_event *e, uframe *f,
                         const ak_lstruct *st, uint8_t *obj)
{
    if (st->lets)
        st->lets(obj, u->root);
    for (size_t i = 0; i < st->field_count; i++) {
        const ak_lfield *g = &st->fields[i];
        bool present = !g->present || g->present(obj, u->root);
        if (!present)
            continue;
        if (g->kind == AK_LK_INLINE) {
            if (finish_object(u, p, e, f, g->st, obj + g->offset))
                return 1;
            continue;
        }
        if (!seen(f, g))
            return fail(u, p, u->rules->shape, e, "member '%s' is missing", g->name);
        if (g->kind == AK_LK_ARRAY && g->count) {
            size_t n;
            memcpy(&n, obj + g->count_offset, sizeof n);
            uint64_t want = g->count(obj, u->root);
            if (want != n)
                return fail(u, p, u->rules->shape, e, "'%s' has %zu element%s but '%s' says %llu", g->name, n,
                            n == 1 ? "" : "s", g->count_name ? g->count_name : "the count",
                            (unsigned long long)want);
        }
    }
    return 0;
}

static int on_event(void *user, ak_json_parser *p, const ak_json_event *e)
{
    undump *u = user;
    if (!u->have_root) {
        if (e->kind != AK_JSON_BEGIN_OBJECT)
            return fail(u, p, u->rules->value, e, "the dump is a JSON object");
        u->have_root = true;
        uframe *f = push_frame(u, p, e, FR_OBJECT);
        f->st = u->root_st;
        f->obj = u->root;
        return 0;
    }
    if (u->depth == 0)
        return fail(u, p, u->rules->shape, e, "unexpected value after the document");
    uframe *f = &u->frames[u->depth - 1];
    if (f->kind == FR_OBJECT) {
        if (e->kind == AK_JSON_KEY) {
            uint8_t *holder = NULL;
            bool absent = false;
            const ak_lfield *g = find_member(f->st, f->obj, u->root, e, &holder, &absent);
            u->scratch.len = 0;
            ak_json_string_decode(e, &u->scratch);
            const char *name = ak_buf_cstr(&u->scratch);
            if (!g && absent)
                return fail(u, p, u->rules->shape, e,
                            "member '%s' does not belong here: the fields before it exclude it", name);
            if (!g)
                return fail(u, p, u->rules->shape, e, "unknown member '%s'", name);
            if (seen(f, g))
                return fail(u, p, u->rules->shape, e, "member '%s' given twice", name);
            if (f->seen_n >= MAX_SEEN)
                return fail(u, p, u->rules->shape, e, "too many members");
            f->seen[f->seen_n++] = g;
            f->field = g;
            f->field_obj = holder;
            return 0;
        }
        if (e->kind == AK_JSON_END_OBJECT) {
            if (finish_object(u, p, e, f, f->st, f->obj))
                return 1;
            u->depth--;
            return 0;
        }
        const ak_lfield *g = f->field;
        f->field = NULL;
        if (!g)
            return fail(u, p, u->rules->syntax, e, "a member name is needed here");
        /* arrays get the struct that holds them (pointer, count or inline elements) */
        uint8_t *dst = g->kind == AK_LK_ARRAY || g->kind == AK_LK_FIXED ? f->field_obj : f->field_obj + g->offset;
        return begin_value(u, p, e, g, g->kind, dst);
    }
    /* FR_ARRAY */
    const ak_lfield *g = f->field;
    if (e->kind == AK_JSON_END_ARRAY) {
        if (g->kind == AK_LK_FIXED) {
            if (f->n != g->fixed_count)
                return fail(u, p, u->rules->shape, e, "'%s' needs exactly %u elements, not %zu", g->name,
                            (unsigned)g->fixed_count, f->n);
            u->depth--;
            return 0;
        }
        void *elems = NULL;
        if (f->n) {
            elems = ak_arena_array(u->arena, f->n, g->elem_size, 16);
            if (!elems)
                return fail(u, p, u->rules->value, e, "out of memory");
            memcpy(elems, f->elems, f->n * g->elem_size);
        }
        free(f->elems);
        f->elems = NULL;
        memcpy(f->array_owner + g->offset, &elems, sizeof elems);
        memcpy(f->array_owner + g->count_offset, &f->n, sizeof f->n);
        u->depth--;
        return 0;
    }
    uint8_t *dst;
    if (g->kind == AK_LK_FIXED) {
        if (f->n >= g->fixed_count)
            return fail(u, p, u->rules->shape, e, "'%s' has more than %u elements", g->name,
                        (unsigned)g->fixed_count);
        dst = f->array_owner + g->offset + f->n * g->elem_size;
    } else {
        if (f->n == f->cap) {
            size_t cap = f->cap ? f->cap * 2 : 16;
            if (cap > SIZE_MAX / g->elem_size)
                return fail(u, p, u->rules->value, e, "array too long");
            uint8_t *grown = realloc(f->elems, cap * g->elem_size);
            if (!grown)
                return fail(u, p, u->rules->value, e, "out of memory");
            f->elems = grown;
            f->cap = cap;
        }
        dst = f->elems + f->n * g->elem_size;
        memset(dst, 0, g->elem_size);
    }
    f->n++;
    return begin_value(u, p, e, g, g->elem_kind, dst);
}

void *ak_lundump_json(const ak_lstruct *root, const uint8_t *json, size_t size, ak_arena *arena,
                      const ak_lundump_rules *rules, ak_diags *d)
{
    undump u;
    memset(&u, 0, sizeof u);
    u.root_st = root;
    u.arena = arena;
    u.rules = rules;
    u.root = ak_arena_zalloc(arena, root->size, 16);
    ak_buf_init(&u.scratch);
    if (!u.root)
        return NULL;
    ak_json_config cfg;
    memset(&cfg, 0, sizeof cfg);
    cfg.handler = on_event;
    cfg.user = &u;
    cfg.duplicate_rule = rules->shape;
    ak_json_status st = ak_json_parse(json, size, &cfg, d);
    for (int i = 0; i < AK_LAYOUT_MAX_DEPTH; i++)
        free(u.frames[i].elems);
    ak_buf_free(&u.scratch);
    if (st != AK_JSON_OK || u.failed || !u.have_root)
        return NULL;
    if (root->lets)
        root->lets(u.root, u.root);
    return u.root;
}
