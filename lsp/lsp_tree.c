/* A JSON document's values with their places: for the features that map an
 * editor's position to a value and back (hover, outlines, fixes, related
 * places). Built from the JSON front end's events; values are kept in one
 * array of nodes linked by index, walked without recursion. A text that is
 * not well-formed gives the tree of what came before its first error. */
#include "lsp.h"

#include "json_parser.h"

#include <stdlib.h>
#include <string.h>

typedef struct builder {
    lsp_tree *t;
    int32_t open;        /* the innermost open container, -1 at the top */
    bool have_key;
    uint32_t key_start, key_end, key, key_len;
    bool key_decoded;
    bool full;           /* out of nodes or memory: stop */
} builder;

static int32_t add_node(builder *b, uint8_t kind, const ak_json_event *e)
{
    lsp_tree *t = b->t;
    if (t->count >= LSP_TREE_MAX_NODES || e->offset > UINT32_MAX - e->length) {
        b->full = true;
        return -1;
    }
    if (t->count == t->cap) {
        size_t cap = t->cap ? t->cap * 2 : 256;
        lsp_node *n = realloc(t->nodes, cap * sizeof *n);
        if (!n) {
            b->full = true;
            return -1;
        }
        t->nodes = n;
        t->cap = cap;
    }
    int32_t i = (int32_t)t->count++;
    lsp_node *n = &t->nodes[i];
    memset(n, 0, sizeof *n);
    n->kind = kind;
    n->start = (uint32_t)e->offset;
    n->end = (uint32_t)(e->offset + e->length);
    n->parent = b->open;
    n->first = n->last = n->next = -1;
    if (b->have_key) {
        n->has_key = 1;
        n->key_start = b->key_start;
        n->key_end = b->key_end;
        n->key = b->key;
        n->key_len = b->key_len;
        n->key_decoded = b->key_decoded;
        b->have_key = false;
    }
    if (b->open >= 0) {
        lsp_node *p = &t->nodes[b->open];
        n->index = p->count++;
        if (p->last >= 0)
            t->nodes[p->last].next = i;
        else
            p->first = i;
        p->last = i;
    }
    return i;
}

/* The text of a string event: in place when it has no escapes, else
   decoded into t->strings. */
static bool string_of(builder *b, const ak_json_event *e, uint32_t *off, uint32_t *len, uint8_t *decoded)
{
    lsp_tree *t = b->t;
    if (ak_json_string_is_raw(e)) {
        *off = (uint32_t)((const uint8_t *)e->text - t->text);
        *len = (uint32_t)e->text_len;
        *decoded = 0;
        return true;
    }
    size_t at = t->strings.len;
    if (!ak_json_string_decode(e, &t->strings) || t->strings.len > UINT32_MAX)
        return false;
    *off = (uint32_t)at;
    *len = (uint32_t)(t->strings.len - at);
    *decoded = 1;
    return true;
}

static int on_event(void *user, ak_json_parser *p, const ak_json_event *e)
{
    (void)p;
    builder *b = user;
    if (b->full)
        return 1;
    int32_t i;
    switch (e->kind) {
    case AK_JSON_KEY: {
        if (e->offset > UINT32_MAX - e->length)
            return b->full = true, 1;
        uint8_t dec;
        if (!string_of(b, e, &b->key, &b->key_len, &dec))
            return b->full = true, 1;
        b->key_decoded = dec;
        b->key_start = (uint32_t)e->offset;
        b->key_end = (uint32_t)(e->offset + e->length);
        b->have_key = true;
        return 0;
    }
    case AK_JSON_BEGIN_OBJECT:
    case AK_JSON_BEGIN_ARRAY:
        i = add_node(b, e->kind == AK_JSON_BEGIN_OBJECT ? LSP_J_OBJ : LSP_J_ARR, e);
        if (i < 0)
            return 1;
        b->open = i;
        return 0;
    case AK_JSON_END_OBJECT:
    case AK_JSON_END_ARRAY:
        if (b->open >= 0) {
            lsp_node *n = &b->t->nodes[b->open];
            n->end = (uint32_t)(e->offset + e->length);
            b->open = n->parent;
        }
        return 0;
    case AK_JSON_STRING: {
        i = add_node(b, LSP_J_STR, e);
        if (i < 0)
            return 1;
        lsp_node *n = &b->t->nodes[i];
        uint32_t off, len;
        uint8_t dec;
        if (!string_of(b, e, &off, &len, &dec))
            return b->full = true, 1;
        n = &b->t->nodes[i];
        n->str = off;
        n->len = len;
        n->str_decoded = dec;
        return 0;
    }
    case AK_JSON_NUMBER:
        i = add_node(b, LSP_J_NUM, e);
        if (i < 0)
            return 1;
        b->t->nodes[i].str = (uint32_t)e->offset;
        b->t->nodes[i].len = (uint32_t)e->length;
        return 0;
    case AK_JSON_TRUE: return add_node(b, LSP_J_TRUE, e) < 0;
    case AK_JSON_FALSE: return add_node(b, LSP_J_FALSE, e) < 0;
    case AK_JSON_NULL: return add_node(b, LSP_J_NULL, e) < 0;
    }
    return 0;
}

void lsp_tree_build(lsp_tree *t, const uint8_t *text, size_t size)
{
    memset(t, 0, sizeof *t);
    ak_buf_init(&t->strings);
    t->text = text;
    t->size = size;
    if (size > UINT32_MAX)
        return;
    builder b = {t, -1, false, 0, 0, 0, 0, false, false};
    ak_json_config cfg;
    memset(&cfg, 0, sizeof cfg);
    cfg.handler = on_event;
    cfg.user = &b;
    cfg.allow_duplicates = true; /* every member is a place, repeated or not */
    ak_json_status st = ak_json_parse(text, size, &cfg, NULL);
    /* containers a syntax error left open end where the text does */
    for (int32_t i = b.open; i >= 0; i = t->nodes[i].parent)
        t->nodes[i].end = (uint32_t)size;
    t->complete = st == AK_JSON_OK && !b.full && !t->strings.failed;
}

void lsp_tree_free(lsp_tree *t)
{
    free(t->nodes);
    ak_buf_free(&t->strings);
    memset(t, 0, sizeof *t);
}

const char *lsp_str(const lsp_tree *t, const lsp_node *n, size_t *len)
{
    *len = n->len;
    if (n->kind != LSP_J_STR && n->kind != LSP_J_NUM) {
        *len = 0;
        return "";
    }
    return n->str_decoded ? t->strings.data + n->str : (const char *)t->text + n->str;
}

const char *lsp_key(const lsp_tree *t, const lsp_node *n, size_t *len)
{
    *len = n->has_key ? n->key_len : 0;
    if (!n->has_key)
        return "";
    return n->key_decoded ? t->strings.data + n->key : (const char *)t->text + n->key;
}

int32_t lsp_member(const lsp_tree *t, int32_t o, const char *name, size_t n)
{
    if (o < 0 || (size_t)o >= t->count || t->nodes[o].kind != LSP_J_OBJ)
        return -1;
    for (int32_t c = t->nodes[o].first; c >= 0; c = t->nodes[c].next) {
        size_t len;
        const char *k = lsp_key(t, &t->nodes[c], &len);
        if (len == n && memcmp(k, name, n) == 0)
            return c;
    }
    return -1;
}

/* One segment of a pointer, unescaped (~1 is '/', ~0 is '~'), into seg. */
static size_t pointer_segment(const char *s, size_t n, char *seg, size_t cap, size_t *used)
{
    size_t i = 0, k = 0;
    for (; i < n && s[i] != '/'; i++) {
        char c = s[i];
        if (c == '~' && i + 1 < n && (s[i + 1] == '0' || s[i + 1] == '1'))
            c = s[++i] == '0' ? '~' : '/';
        if (k + 1 < cap)
            seg[k++] = c;
    }
    *used = i;
    seg[k] = 0;
    return k;
}

int32_t lsp_at_pointer(const lsp_tree *t, int32_t from, const char *pointer, size_t n)
{
    int32_t cur = from;
    size_t i = 0;
    char seg[256];
    while (cur >= 0 && i < n) {
        if (pointer[i] != '/')
            return -1;
        i++;
        size_t used;
        size_t k = pointer_segment(pointer + i, n - i, seg, sizeof seg, &used);
        i += used;
        const lsp_node *c = &t->nodes[cur];
        if (c->kind == LSP_J_OBJ) {
            cur = lsp_member(t, cur, seg, k);
        } else if (c->kind == LSP_J_ARR) {
            size_t idx = 0;
            bool ok = k > 0 && k < 10 && (seg[0] != '0' || k == 1);
            for (size_t j = 0; ok && j < k; j++) {
                ok = seg[j] >= '0' && seg[j] <= '9';
                idx = idx * 10 + (size_t)(seg[j] - '0');
            }
            if (!ok)
                return -1;
            int32_t e = c->first;
            while (e >= 0 && idx--)
                e = t->nodes[e].next;
            cur = e;
        } else {
            return -1;
        }
    }
    return cur;
}

int32_t lsp_at_offset(const lsp_tree *t, size_t offset)
{
    if (!t->count)
        return -1;
    int32_t cur = 0, found = -1;
    while (cur >= 0) {
        const lsp_node *n = &t->nodes[cur];
        bool in_key = n->has_key && offset >= n->key_start && offset < n->key_end;
        if (in_key)
            return cur;
        if (offset >= n->start && offset < n->end) {
            found = cur;
            cur = n->first; /* look inside */
            continue;
        }
        cur = n->next;
    }
    return found;
}

int32_t lsp_starting_at(const lsp_tree *t, size_t offset)
{
    int32_t i = lsp_at_offset(t, offset);
    if (i < 0)
        return -1;
    const lsp_node *n = &t->nodes[i];
    return n->start == offset || (n->has_key && n->key_start == offset) ? i : -1;
}

void lsp_pointer(const lsp_tree *t, int32_t i, ak_buf *out)
{
    /* the segments from the node up, written root first */
    int32_t chain[512];
    size_t depth = 0;
    for (int32_t c = i; c > 0 && depth < 512; c = t->nodes[c].parent)
        chain[depth++] = c;
    while (depth--) {
        const lsp_node *n = &t->nodes[chain[depth]];
        ak_buf_putc(out, '/');
        if (n->has_key) {
            size_t len;
            const char *k = lsp_key(t, n, &len);
            for (size_t j = 0; j < len; j++) {
                if (k[j] == '~')
                    ak_buf_puts(out, "~0");
                else if (k[j] == '/')
                    ak_buf_puts(out, "~1");
                else
                    ak_buf_putc(out, k[j]);
            }
        } else {
            ak_buf_printf(out, "%u", n->index);
        }
    }
}
