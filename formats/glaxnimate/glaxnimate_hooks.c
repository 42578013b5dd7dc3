/* Glaxnimate: the checks glaxnimate.schema cannot declare (spec section
 * 8.2), run by the generated validator on every event after its own
 * checks.
 *
 * Most are local to one object (the model's reject rules, Path.closed,
 * bitmap sources, adjacent keyframes). The reference rules of section 6
 * need the document: each composition and shape element is recorded with
 * its uuid's span, its composition and its container, and each parent,
 * precomposition and text path reference with its place; they are checked
 * at the end. Memory: one entry per node and per such reference — what the
 * references need, never the document. */
#include "diag.h"
#include "glaxnimate.h"
#include "value_syntax.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Spec 8.2 defaults: rule 9 (a data string) and rule 10 (JSON values). */
#define GLAX_MAX_BASE64 ((size_t)64 << 20)
#define GLAX_MAX_VALUES 10000000u

void glax_state_free(glax_state *st)
{
    free(st->refs);
    free(st->findings);
    free(st->nodes);
    free(st->serials);
    memset(st, 0, sizeof *st);
}

static bool grow(void **items, size_t *cap, size_t need, size_t size)
{
    if (need <= *cap)
        return true;
    size_t n = *cap ? *cap * 2 : 64;
    while (n < need)
        n *= 2;
    void *p = realloc(*items, n * size);
    if (!p)
        return false;
    *items = p;
    *cap = n;
    return true;
}

static bool is_composition(int16_t o)
{
    return o == glaxnimate_O_Composition || o == glaxnimate_O_MainComposition || o == glaxnimate_O_Precomposition;
}

static bool is_shape_element(const ak_jschema *s, int16_t o)
{
    for (; o >= 0; o = s->objects[o].base)
        if (o == glaxnimate_O_ShapeElement)
            return true;
    return false;
}

/* The serial of the object frame i levels out (0: innermost), 0 when none. */
static uint32_t serial_up(ak_jsctx *c, glax_state *st, size_t i)
{
    return i < c->depth && c->depth - 1 - i < st->serials_cap ? st->serials[c->depth - 1 - i] : 0;
}

/* The serial of the innermost enclosing composition. */
static uint32_t composition_of(ak_jsctx *c, glax_state *st)
{
    for (size_t i = 0; i < c->depth; i++) {
        ak_jsframe *f = ak_js_up(c, i);
        if (f->is_object && is_composition(f->object))
            return serial_up(c, st, i);
    }
    return 0;
}

static bool member_is(ak_jsctx *c, const char *name)
{
    if (c->slot_object < 0 || c->slot_member < 0)
        return false;
    return strcmp(c->s->objects[c->slot_object].members[c->slot_member].name, name) == 0;
}

static double number_of(const ak_json_event *e)
{
    char tmp[512];
    size_t n = e->text_len < sizeof tmp - 1 ? e->text_len : sizeof tmp - 1;
    memcpy(tmp, e->text, n);
    tmp[n] = 0;
    return strtod(tmp, NULL);
}

/* A new object: its serial, and a node when it is a composition or a shape element. */
static bool begin_object(ak_jsctx *c, glax_state *st, const ak_json_event *e)
{
    ak_jsframe *f = ak_js_top(c);
    if (!grow((void **)&st->serials, &st->serials_cap, c->depth, sizeof *st->serials))
        return false;
    st->serials[c->depth - 1] = ++st->serial;
    if (!f || f->object < 0 || f->unresolved)
        return true;
    int16_t o = f->object;
    if (o == glaxnimate_O_AnimationContainer)
        st->has_first = st->has_last = false;
    else if (o == glaxnimate_O_Path)
        st->path_closed = -1, st->bezier_open = st->bezier_closed = false;
    else if (o == glaxnimate_O_Bitmap)
        st->bitmap_source = st->image_known = false, st->bitmap_seen = st->bitmap_reported = 0;
    else if (o == glaxnimate_O_anim_bezier || o == glaxnimate_O_anim_stops)
        st->prev_shape = -1;
    if (is_composition(o) && o != glaxnimate_O_Precomposition)
        st->compositions++;
    (void)e;
    if (!is_composition(o) && !is_shape_element(c->s, o))
        return true;
    if (!grow((void **)&st->nodes, &st->node_cap, st->node_count + 1, sizeof *st->nodes))
        return false;
    glax_node *n = &st->nodes[st->node_count++];
    memset(n, 0, sizeof *n);
    n->serial = st->serial;
    n->object = o;
    n->comp = is_composition(o) ? st->serial : composition_of(c, st);
    n->container = serial_up(c, st, 2); /* the object, its shapes array, the container */
    return true;
}

static glax_node *node_of(glax_state *st, uint32_t serial)
{
    /* nodes are in serial order */
    size_t lo = 0, hi = st->node_count;
    while (lo < hi) {
        size_t mid = (lo + hi) / 2;
        if (st->nodes[mid].serial < serial)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo < st->node_count && st->nodes[lo].serial == serial ? &st->nodes[lo] : NULL;
}

/* The uuid a string holds (braced, any case: spec 3.1), decoded and parsed. */
static bool parse_uuid(const ak_json_event *e, uint8_t out[16])
{
    if (ak_json_string_is_raw(e))
        return ak_uuid_parse((const uint8_t *)e->text, e->text_len, out);
    ak_buf b;
    ak_buf_init(&b);
    bool ok = ak_json_string_decode(e, &b) && ak_uuid_parse((const uint8_t *)(b.data ? b.data : ""), b.len, out);
    ak_buf_free(&b);
    return ok;
}

static bool keep_ref(ak_jsctx *c, glax_state *st, const ak_json_event *e)
{
    uint8_t uuid[16];
    if (!parse_uuid(e, uuid))
        return true; /* refers to nothing: the schema's ref.syntax */
    if (!grow((void **)&st->refs, &st->ref_cap, st->ref_count + 1, sizeof *st->refs))
        return false;
    glax_ref *r = &st->refs[st->ref_count++];
    r->from = serial_up(c, st, 0);
    r->object = c->slot_object;
    memcpy(r->uuid, uuid, 16);
    r->offset = e->offset;
    r->length = e->length;
    return true;
}

/* Rule 83: a Bitmap's format, width and height are recomputed on load from
 * data Qt can decode; reported at whichever of the pair comes second. */
static bool bitmap_readonly(ak_jsctx *c, glax_state *st, const ak_json_event *e)
{
    int m = c->slot_member;
    if (m == glaxnimate_M_Bitmap_data && e->kind == AK_JSON_STRING) {
        uint8_t head[12288];
        size_t n = ak_base64_decode_prefix(e->text, e->text_len < 16384 ? e->text_len : 16384, head, sizeof head);
        st->image_known = ak_image_info_read(head, n, &st->image);
    } else if (m == glaxnimate_M_Bitmap_format && e->kind == AK_JSON_STRING) {
        st->bitmap_format = (size_t)((const uint8_t *)e->text - st->input), st->bitmap_format_len = e->text_len;
        st->bitmap_seen |= 1;
    } else if ((m == glaxnimate_M_Bitmap_width || m == glaxnimate_M_Bitmap_height) && e->kind == AK_JSON_NUMBER) {
        st->bitmap_size[m == glaxnimate_M_Bitmap_height] = number_of(e);
        st->bitmap_seen |= m == glaxnimate_M_Bitmap_width ? 2 : 4;
    } else {
        return true;
    }
    if (!st->image_known)
        return true;
    const ak_image_info *im = &st->image;
    size_t fn = strlen(im->format);
    bool differs[3] = {st->bitmap_format_len != fn || memcmp(st->input + st->bitmap_format, im->format, fn) != 0,
                       st->bitmap_size[0] != (double)im->width, st->bitmap_size[1] != (double)im->height};
    static const char *const names[3] = {"format", "width", "height"};
    for (unsigned i = 0; i < 3; i++)
        if ((st->bitmap_seen & ~st->bitmap_reported) >> i & 1 && differs[i]) {
            st->bitmap_reported |= 1u << i;
            if (!ak_js_report(c, glaxnimate_R_ASSET_READONLY, e,
                              "the Bitmap's %s disagrees with its data (a %lld x %lld %s image): Glaxnimate "
                              "recomputes it on load",
                              names[i], (long long)im->width, (long long)im->height, im->format))
                return false;
        }
    return true;
}

static bool scalar(ak_jsctx *c, glax_state *st, const ak_json_event *e)
{
    int16_t o = c->slot_object;
    if (o < 0 || c->slot_member < 0)
        return true;
    bool num = e->kind == AK_JSON_NUMBER, str = e->kind == AK_JSON_STRING;
    bool boolean = e->kind == AK_JSON_TRUE || e->kind == AK_JSON_FALSE;
    if (num && (e->flags & AK_JSON_F_EXP || e->text_len > 300) && isinf(number_of(e)))
        return ak_js_report(c, glaxnimate_R_JSON_NUMBER_RANGE, e, "%.*s is not a finite double", (int)e->text_len,
                            e->text);
    if (o == glaxnimate_O_Format && c->slot_member == glaxnimate_M_Format_format_version && num &&
        c->version > GLAXNIMATE_LATEST)
        return ak_js_report(c, glaxnimate_R_FORMAT_VERSION_NEWER, e,
                            "format_version %.*s is newer than %d: validated as version %d", (int)e->text_len,
                            e->text, GLAXNIMATE_LATEST, GLAXNIMATE_LATEST);
    /* the uuid may come after the node's children (Glaxnimate sorts members) */
    glax_node *self = str && member_is(c, "uuid") ? node_of(st, serial_up(c, st, 0)) : NULL;
    if (self)
        self->has_uuid = parse_uuid(e, self->uuid);
    if ((o == glaxnimate_O_Image || o == glaxnimate_O_PreCompLayer) && member_is(c, "auto_orient") && boolean &&
        c->version == 8)
        return ak_js_report(c, glaxnimate_R_PROP_DEV_BUILD, e,
                            "auto_orient on %s is lost when Glaxnimate opens a version 8 file",
                            c->s->objects[o].name);
    if (o == glaxnimate_O_MaskSettings && c->slot_member == glaxnimate_M_MaskSettings_mask && c->version >= 2) {
        if (boolean && c->version >= 6)
            return ak_js_report(c, glaxnimate_R_VALUE_ENUM_VERSION, e,
                                "mask is a MaskMode name from version 6 (\"NoMask\", \"Alpha\")");
        if (str && c->version <= 5)
            return ak_js_report(c, glaxnimate_R_VALUE_ENUM_VERSION, e, "mask is a bool before version 6");
    }
    if (e->kind == AK_JSON_NULL && ((o == glaxnimate_O_Image && c->slot_member == glaxnimate_M_Image_image) ||
                                    (o == glaxnimate_O_PreCompLayer &&
                                     c->slot_member == glaxnimate_M_PreCompLayer_composition)))
        return ak_js_report(c, glaxnimate_R_REF_UNSET, e, "%s is null: the %s draws nothing",
                            c->s->objects[o].members[c->slot_member].name, c->s->objects[o].name);
    if (str && ((o == glaxnimate_O_Layer && c->slot_member == glaxnimate_M_Layer_parent) ||
                (o == glaxnimate_O_PreCompLayer && c->slot_member == glaxnimate_M_PreCompLayer_composition) ||
                (o == glaxnimate_O_TextShape && c->slot_member == glaxnimate_M_TextShape_path)))
        return keep_ref(c, st, e) || (st->oom = true, false);
    if (num && (is_composition(o) && (member_is(c, "fps") || member_is(c, "width") || member_is(c, "height")))) {
        double v = number_of(e);
        bool fps = member_is(c, "fps");
        if (fps ? !(v > 0) : !(trunc(v) > 0))
            return ak_js_report(c, glaxnimate_R_PROP_REJECTED, e, "%s %.*s is not positive%s: the default is kept",
                                fps ? "fps" : c->s->objects[o].members[c->slot_member].name, (int)e->text_len,
                                e->text, fps ? "" : " (as an integer)");
    }
    if (num && o == glaxnimate_O_AnimationContainer) {
        double v = trunc(number_of(e));
        bool first = c->slot_member == glaxnimate_M_AnimationContainer_first_frame;
        if (first) {
            st->has_first = true, st->first = v;
            /* loaded before last_frame, which is still -1 */
            if (!(v >= 0))
                return ak_js_report(c, glaxnimate_R_PROP_REJECTED, e,
                                    "first_frame %.*s is negative: the default is kept", (int)e->text_len, e->text);
            if (st->has_last && st->last >= 0 && !(st->last > v))
                return ak_js_report(c, glaxnimate_R_PROP_REJECTED, e,
                                    "first_frame %.*s is not before last_frame (compared as integers)",
                                    (int)e->text_len, e->text);
        } else {
            st->has_last = true, st->last = v;
            double first_v = st->has_first && st->first >= 0 ? st->first : 0;
            if (!(v >= 0) || !(v > first_v))
                return ak_js_report(c, glaxnimate_R_PROP_REJECTED, e,
                                    "last_frame %.*s is not after first_frame (compared as integers): the default "
                                    "is kept",
                                    (int)e->text_len, e->text);
        }
    }
    if (num && o == glaxnimate_O_StretchableTime && c->slot_member == glaxnimate_M_StretchableTime_stretch &&
        !(number_of(e) > 0))
        return ak_js_report(c, glaxnimate_R_PROP_STRETCH, e, "stretch %.*s is not positive (division by zero)",
                            (int)e->text_len, e->text);
    if (boolean && o == glaxnimate_O_Path && c->slot_member == glaxnimate_M_Path_closed)
        st->path_closed = e->kind == AK_JSON_TRUE;
    if (boolean && o == glaxnimate_O_bezier && c->slot_member == glaxnimate_M_bezier_closed) {
        if (e->kind == AK_JSON_TRUE)
            st->bezier_closed = true;
        else
            st->bezier_open = true;
        st->cur_shape = (st->cur_shape & ~(INT64_C(1) << 62)) | (e->kind == AK_JSON_TRUE ? INT64_C(1) << 62 : 0);
    }
    if (o == glaxnimate_O_Bitmap && !bitmap_readonly(c, st, e))
        return false;
    if (str && o == glaxnimate_O_Bitmap &&
        (c->slot_member == glaxnimate_M_Bitmap_data || c->slot_member == glaxnimate_M_Bitmap_filename ||
         c->slot_member == glaxnimate_M_Bitmap_url) &&
        e->text_len) {
        st->bitmap_source = true;
        if (c->slot_member != glaxnimate_M_Bitmap_data)
            return ak_js_report(c, glaxnimate_R_ASSET_EXTERNAL, e,
                                "the image is %s: Glaxnimate %s it; animkit never follows it",
                                c->slot_member == glaxnimate_M_Bitmap_url ? "downloaded from a URL"
                                                                          : "read from a file",
                                c->slot_member == glaxnimate_M_Bitmap_url ? "downloads" : "reads");
    }
    if (str && member_is(c, "data") && (o == glaxnimate_O_Bitmap || o == glaxnimate_O_EmbeddedFont) &&
        e->text_len > GLAX_MAX_BASE64)
        return ak_js_report(c, glaxnimate_R_LIMIT_BASE64, e, "the data string has %zu bytes; the cap is %zu",
                            e->text_len, GLAX_MAX_BASE64);
    return true;
}

static bool end_container(ak_jsctx *c, glax_state *st, const ak_json_event *e)
{
    ak_jsframe *f = ak_js_top(c);
    if (!f)
        return true;
    if (!f->is_object) {
        /* an array: its owner is the frame out of it */
        ak_jsframe *owner = ak_js_up(c, 1);
        if (!owner || owner->object < 0 || owner->member < 0)
            return true;
        int16_t o = owner->object;
        const char *m = c->s->objects[o].members[owner->member].name;
        if (strcmp(m, "keyframes") == 0 && f->count == 0 && strncmp(c->s->objects[o].name, "anim_", 5) == 0)
            return ak_js_report(c, glaxnimate_R_ANIM_KEYFRAMES_EMPTY, e,
                                "empty keyframes: Glaxnimate writes {\"value\": ...}");
        /* the shape of a bezier or stops value inside a keyframe */
        if ((o == glaxnimate_O_bezier && owner->member == glaxnimate_M_bezier_points) || o == glaxnimate_O_kf_stops)
            st->cur_shape = (st->cur_shape & (INT64_C(1) << 62)) | (int64_t)(f->count & 0xffffffffu);
        return true;
    }
    int16_t o = f->object;
    if (o == glaxnimate_O_kf_bezier || o == glaxnimate_O_kf_stops) {
        bool jump = st->prev_shape >= 0 && st->prev_shape != st->cur_shape;
        st->prev_shape = st->cur_shape;
        st->cur_shape = 0;
        if (jump)
            return ak_js_report(c, o == glaxnimate_O_kf_bezier ? glaxnimate_R_KEYFRAME_BEZIER_MISMATCH
                                                                : glaxnimate_R_KEYFRAME_STOPS_MISMATCH,
                                e, "this keyframe's %s differ from the previous one's: the value jumps",
                                o == glaxnimate_O_kf_bezier ? "point count or closed flag" : "stop count");
    }
    if (o == glaxnimate_O_Path && st->path_closed >= 0 &&
        (st->path_closed ? st->bezier_open : st->bezier_closed))
        return ak_js_report(c, glaxnimate_R_PROP_CLOSED_MISMATCH, e,
                            "Path.closed is %s but its shape says otherwise: Path.closed wins",
                            st->path_closed ? "true" : "false");
    if (o == glaxnimate_O_Bitmap && !st->bitmap_source)
        return ak_js_report(c, glaxnimate_R_ASSET_BITMAP_SOURCE, e, "the Bitmap has no data, filename or url");
    return true;
}

/* Nodes by uuid: indices sorted by the parsed uuid, then by position (the
 * first in document order wins a duplicate); nodes without one last. The
 * 16 bytes are in the nodes: resolving never reads the input again. */
static int uuid_cmp(const glax_node *a, size_t ka, const glax_node *b, size_t kb)
{
    if (a->has_uuid != b->has_uuid)
        return a->has_uuid ? -1 : 1;
    int c = a->has_uuid ? memcmp(a->uuid, b->uuid, 16) : 0;
    return c ? c : ka < kb ? -1 : ka > kb;
}

/* A node's sort key. qsort has no context argument: each element carries
 * what the comparison needs (a global context would be shared by every
 * thread that validates at the same time). */
typedef struct uuid_key {
    const glax_node *node;
    size_t index;
} uuid_key;

static int key_cmp(const void *x, const void *y)
{
    const uuid_key *a = x, *b = y;
    return uuid_cmp(a->node, a->index, b->node, b->index);
}

/* Fills order with the node indices in uuid order; false when out of memory. */
static bool sort_by_uuid(const glax_state *st, size_t *order)
{
    size_t nn = st->node_count;
    uuid_key *keys = malloc((nn + 1) * sizeof *keys);
    if (!keys)
        return false;
    for (size_t i = 0; i < nn; i++)
        keys[i] = (uuid_key){&st->nodes[i], i};
    qsort(keys, nn, sizeof *keys, key_cmp);
    for (size_t i = 0; i < nn; i++)
        order[i] = keys[i].index;
    free(keys);
    return true;
}

/* The first node whose uuid a reference names, -1. */
static ptrdiff_t find_node(const glax_state *st, const size_t *order, const glax_ref *r)
{
    glax_node want = {.has_uuid = true};
    memcpy(want.uuid, r->uuid, 16);
    size_t lo = 0, hi = st->node_count;
    while (lo < hi) {
        size_t mid = (lo + hi) / 2;
        if (uuid_cmp(&st->nodes[order[mid]], 1, &want, 0) < 0)
            lo = mid + 1;
        else
            hi = mid;
    }
    if (lo == st->node_count)
        return -1;
    const glax_node *n = &st->nodes[order[lo]];
    return n->has_uuid && memcmp(n->uuid, r->uuid, 16) == 0 ? (ptrdiff_t)order[lo] : -1;
}

/* Keeps a finding about reference r; false when out of memory. */
static bool report_ref(glax_state *st, const glax_ref *r, int rule, const char *msg)
{
    if (!grow((void **)&st->findings, &st->finding_cap, st->finding_count + 1, sizeof *st->findings))
        return st->oom = true, false;
    glax_finding *f = &st->findings[st->finding_count++];
    f->ref = (size_t)(r - st->refs);
    f->rule = rule;
    snprintf(f->msg, sizeof f->msg, "%.127s", msg);
    return true;
}

/* Reports the findings, in the order they were found, at the places of
 * their references (found again in one parse: the references keep no path). */
static bool report_findings(ak_jsctx *c, glax_state *st)
{
    size_t nr = st->ref_count, np = 0;
    size_t *place_of = malloc((nr + 1) * sizeof *place_of);
    ak_json_place *places = calloc(st->finding_count + 1, sizeof *places);
    bool ok = place_of && places;
    for (size_t i = 0; ok && i < nr; i++)
        place_of[i] = SIZE_MAX;
    for (size_t i = 0; ok && i < st->finding_count; i++)
        place_of[st->findings[i].ref] = 0;
    for (size_t i = 0; ok && i < nr; i++) /* references are in document order */
        if (place_of[i] != SIZE_MAX)
            places[np].offset = st->refs[i].offset, place_of[i] = np++;
    ok = ok && ak_json_places(st->input, c->size, c->cfg, places, np);
    bool go = ok;
    for (size_t i = 0; go && i < st->finding_count; i++) {
        const glax_finding *f = &st->findings[i];
        const glax_ref *r = &st->refs[f->ref];
        const ak_json_place *pl = &places[place_of[f->ref]];
        go = ak_report_at(c->diags, &glaxnimate_rules[f->rule], r->offset, r->length, pl->line, pl->column,
                          pl->path ? pl->path : "", "%s", f->msg);
    }
    if (!ok)
        st->oom = true;
    free(place_of);
    ak_json_places_free(places, np);
    return go;
}

/* The accepted precomposition edges, as adjacency lists over nodes. */
typedef struct graph {
    ptrdiff_t *first; /* per node: its first edge, -1 */
    ptrdiff_t *next;  /* per edge: the node's next edge, -1 */
    size_t *to;       /* per edge: its target node */
    size_t count;
} graph;

/* Does node `from` reach `to`? Breadth-first with a visit stamp: O(nodes +
 * edges) per question. */
static bool reaches(const graph *g, uint32_t *seen, uint32_t stamp, size_t *queue, size_t from, size_t to)
{
    size_t head = 0, tail = 0;
    queue[tail++] = from;
    seen[from] = stamp;
    while (head < tail) {
        size_t v = queue[head++];
        if (v == to)
            return true;
        for (ptrdiff_t e = g->first[v]; e >= 0; e = g->next[e])
            if (seen[g->to[e]] != stamp) {
                seen[g->to[e]] = stamp;
                queue[tail++] = g->to[e];
            }
    }
    return false;
}

/* Rule 11: precompositions nested deeper than this. */
#define GLAX_MAX_NESTING 64u

/* The longest chain of precomposition edges below each node (depth), by a
 * depth-first walk with an edge cursor per node (the edges are acyclic: one
 * closing a cycle is never added). stack, cursor and state hold nn each. */
static void nesting(const graph *g, size_t nn, uint32_t *depth, size_t *stack, ptrdiff_t *cursor, uint8_t *state)
{
    for (size_t s = 0; s < nn; s++) {
        if (state[s])
            continue;
        size_t top = 0;
        stack[top++] = s, state[s] = 1, cursor[s] = g->first[s];
        while (top) {
            size_t v = stack[top - 1];
            ptrdiff_t e = cursor[v];
            if (e >= 0) {
                size_t to = g->to[e];
                cursor[v] = g->next[e];
                if (!state[to])
                    stack[top++] = to, state[to] = 1, cursor[to] = g->first[to];
                else if (depth[to] + 1 > depth[v])
                    depth[v] = depth[to] + 1;
                continue;
            }
            state[v] = 2;
            if (--top && depth[v] + 1 > depth[stack[top - 1]])
                depth[stack[top - 1]] = depth[v] + 1;
        }
    }
}

static bool end_document(ak_jsctx *c, glax_state *st)
{
    if (st->root_object && st->compositions == 0 && c->version >= 3) {
        /* the parser is gone: the root, line 1 */
        if (!ak_report_at(c->diags, &glaxnimate_rules[glaxnimate_R_COMP_MISSING], 0, 0, 1, 1, "",
                          "the document has no composition: Glaxnimate cannot open it"))
            return false;
    }
    size_t nn = st->node_count;
    size_t *order = malloc((nn + 1) * sizeof *order);
    ptrdiff_t *target = malloc((st->ref_count + 1) * sizeof *target);
    ptrdiff_t *from = malloc((st->ref_count + 1) * sizeof *from);
    ptrdiff_t *parent = malloc((nn + 1) * sizeof *parent); /* a layer's parent layer (scope accepted), -1 */
    uint32_t *mark = calloc(nn + 1, sizeof *mark);
    bool *cyclic = calloc(nn + 1, sizeof *cyclic);
    size_t *queue = malloc((nn + 1) * sizeof *queue);
    graph g = {malloc((nn + 1) * sizeof(ptrdiff_t)), malloc((st->ref_count + 1) * sizeof(ptrdiff_t)),
               malloc((st->ref_count + 1) * sizeof(size_t)), 0};
    bool go = order && target && from && parent && mark && cyclic && queue && g.first && g.next && g.to;
    for (size_t i = 0; go && i < nn; i++)
        order[i] = i, parent[i] = -1, g.first[i] = -1;
    if (go && nn)
        go = sort_by_uuid(st, order);
    /* resolve every reference once; parents whose scope is right */
    for (size_t i = 0; go && i < st->ref_count; i++) {
        const glax_ref *r = &st->refs[i];
        const glax_node *f = node_of(st, r->from);
        from[i] = f ? f - st->nodes : -1;
        target[i] = find_node(st, order, r);
        if (from[i] < 0 || target[i] < 0 || r->object != glaxnimate_O_Layer)
            continue;
        const glax_node *t = &st->nodes[target[i]];
        if (t->object != glaxnimate_O_Layer)
            continue; /* the schema's ref.kind */
        if (f->container != f->comp || t->container != t->comp || t->comp != f->comp)
            go = report_ref(st, r, glaxnimate_R_REF_PARENT_SCOPE,
                            f->container != f->comp ? "parent on a layer that is not a direct child of its composition"
                                                    : "the parent is not a top-level layer of the same composition");
        else
            parent[from[i]] = target[i];
    }
    /* layers on a parent cycle: each chain is walked once (mark: 0 new,
       the walk's stamp while on it, UINT32_MAX done) */
    for (size_t i = 0; go && i < nn; i++) {
        uint32_t walk = (uint32_t)i + 1;
        ptrdiff_t v = (ptrdiff_t)i;
        while (v >= 0 && !mark[v]) {
            mark[v] = walk;
            v = parent[v];
        }
        if (v >= 0 && mark[v] == walk) /* back on this walk: v is on a cycle */
            for (ptrdiff_t k = v; !cyclic[k]; k = parent[k])
                cyclic[k] = true;
        for (ptrdiff_t k = (ptrdiff_t)i; k >= 0 && mark[k] == walk; k = parent[k])
            mark[k] = UINT32_MAX;
    }
    for (size_t i = 0; go && i < st->ref_count; i++) {
        const glax_ref *r = &st->refs[i];
        if (from[i] < 0 || target[i] < 0)
            continue; /* dangling: the schema's rule */
        const glax_node *f = &st->nodes[from[i]], *t = &st->nodes[target[i]];
        if (r->object == glaxnimate_O_Layer && t->object == glaxnimate_O_Layer) {
            if (cyclic[from[i]])
                go = report_ref(st, r, glaxnimate_R_REF_PARENT_CYCLE, "the parent chain reaches the layer itself");
        } else if (r->object == glaxnimate_O_PreCompLayer && is_composition(t->object)) {
            const glax_node *fc = node_of(st, f->comp);
            size_t own = fc ? (size_t)(fc - st->nodes) : (size_t)from[i];
            /* applied in document order: the later edge of a cycle is the one rejected */
            if (reaches(&g, mark, (uint32_t)i + 1, queue, (size_t)target[i], own)) {
                from[i] = -1; /* no edge: not part of the nesting either */
                go = report_ref(st, r, glaxnimate_R_REF_PRECOMP_CYCLE,
                                (size_t)target[i] == own ? "the composition references itself"
                                                         : "the reference closes a cycle of precompositions");
            } else {
                g.to[g.count] = (size_t)target[i];
                g.next[g.count] = g.first[own];
                g.first[own] = (ptrdiff_t)g.count++;
            }
        } else if (r->object == glaxnimate_O_TextShape && is_shape_element(c->s, t->object)) {
            if (t == f || t->comp != f->comp)
                go = report_ref(st, r, glaxnimate_R_REF_TEXT_PATH,
                                t == f ? "the text's path is the text itself"
                                       : "the text's path is in another composition");
            else if (t->container != f->container)
                go = report_ref(st, r, glaxnimate_R_REF_TEXT_PATH_SIBLING,
                                "the text's path is not a sibling (the editor offers siblings only)");
        }
    }
    /* the first reference (in document order) below which precompositions
       nest too deep */
    uint32_t *depth = go ? calloc(nn + 1, sizeof *depth) : NULL;
    ptrdiff_t *cursor = go ? malloc((nn + 1) * sizeof *cursor) : NULL;
    uint8_t *state = go ? calloc(nn + 1, 1) : NULL;
    if (depth && cursor && state)
        nesting(&g, nn, depth, queue, cursor, state);
    for (size_t i = 0; depth && cursor && state && i < st->ref_count; i++) {
        const glax_ref *r = &st->refs[i];
        if (from[i] < 0 || target[i] < 0 || r->object != glaxnimate_O_PreCompLayer ||
            !is_composition(st->nodes[target[i]].object) || depth[target[i]] + 1 <= GLAX_MAX_NESTING)
            continue;
        char msg[128];
        snprintf(msg, sizeof msg, "precompositions nest %u levels deep from here (more than %u): rendering cost",
                 depth[target[i]] + 1, GLAX_MAX_NESTING);
        go = report_ref(st, r, glaxnimate_R_LIMIT_RENDER_COST, msg);
        break;
    }
    go = go && report_findings(c, st);
    free(depth);
    free(cursor);
    free(state);
    free(order);
    free(target);
    free(from);
    free(parent);
    free(mark);
    free(cyclic);
    free(queue);
    free(g.first);
    free(g.next);
    free(g.to);
    return go;
}

bool glaxnimate_hook_semantics(ak_jsctx *c, const ak_json_event *e)
{
    glax_state *st = c->user;
    if (!e)
        return end_document(c, st);
    if (++st->events == GLAX_MAX_VALUES + 1)
        return ak_js_report(c, glaxnimate_R_LIMIT_COUNT, e, "more than %u JSON values", GLAX_MAX_VALUES) && false;
    switch (e->kind) {
    case AK_JSON_BEGIN_OBJECT:
        if (c->depth == 1)
            st->root_object = true;
        return begin_object(c, st, e) || (st->oom = true, false);
    case AK_JSON_BEGIN_ARRAY:
        if (!grow((void **)&st->serials, &st->serials_cap, c->depth, sizeof *st->serials))
            return st->oom = true, false;
        st->serials[c->depth - 1] = 0;
        return true;
    case AK_JSON_END_OBJECT:
    case AK_JSON_END_ARRAY: return end_container(c, st, e);
    case AK_JSON_KEY: return true;
    default: return scalar(c, st, e);
    }
}

/* No lanes: the hook follows every node and reference. */
bool glaxnimate_hook_semantics_lane(ak_jsctx *c, const ak_jslane_view *v)
{
    (void)c;
    (void)v;
    return false;
}
