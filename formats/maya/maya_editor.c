/* What `animkit lsp` knows of Maya .anim (runtime/editor.h): a statement
 * or key line without its ';' gets one (maya.lex.missing-semicolon, and a
 * word that runs on into the next line, maya.lex.word-spans-line); the
 * outline is the anim entries (curves under the placeholder of their node),
 * and a key line is key K of curve T, as the model mapping reads them
 * (every curve, in file order, is one track).
 *
 * The outline is read line by line rather than by the grammar: an editor
 * shows it while the file is being typed, when the grammar rejects it.
 * Statements are lines (spec 2.1): an `anim` line names the entry (names,
 * then the row, child and attribute indices), `animData {` opens its curve,
 * whose `keys {` block holds one key per line; braces nest. */
#include "editor.h"

#include <stdio.h>
#include <string.h>

typedef struct maya_line {
    size_t start, end, next; /* the line's bytes (no line end); the next line */
    size_t words[8], ends[8];
    size_t count;
    int braces;              /* '{' minus '}' on it */
} maya_line;

static void read_line(const uint8_t *d, size_t size, size_t at, maya_line *l)
{
    l->start = at;
    size_t i = at;
    while (i < size && d[i] != '\n' && d[i] != '\r')
        i++;
    l->end = i;
    l->next = i < size && d[i] == '\r' && i + 1 < size && d[i + 1] == '\n' ? i + 2 : i < size ? i + 1 : i;
    l->count = 0;
    l->braces = 0;
    for (size_t k = at; k < l->end;) {
        if (d[k] == '/' && k + 1 < l->end && d[k + 1] == '/')
            break; /* a comment to the end of the line */
        if (d[k] == ' ' || d[k] == '\t' || d[k] == ';') {
            k++;
            continue;
        }
        if (d[k] == '{' || d[k] == '}')
            l->braces += d[k] == '{' ? 1 : -1;
        size_t w = k;
        while (k < l->end && d[k] != ' ' && d[k] != '\t' && d[k] != ';')
            k++;
        if (l->count < 8) {
            l->words[l->count] = w;
            l->ends[l->count++] = k;
        }
    }
}

static bool is_word(const uint8_t *d, const maya_line *l, size_t i, const char *w)
{
    size_t n = strlen(w);
    return i < l->count && l->ends[i] - l->words[i] == n && memcmp(d + l->words[i], w, n) == 0;
}

static bool numeric(const uint8_t *d, const maya_line *l, size_t i)
{
    uint8_t c = d[l->words[i]];
    return (c >= '0' && c <= '9') || c == '-' || c == '+' || c == '.';
}

/* The walk over the entries: calls back for each entry, each key line. */
typedef struct maya_walk {
    ak_edit_symbol *out;
    size_t cap, count;
    int placeholder;      /* the last placeholder's index, -1 */
    /* key_at */
    size_t want, track, key, key_start, key_end;
    bool found;
} maya_walk;

static void walk(const uint8_t *d, size_t size, maya_walk *wk)
{
    int entry = -1;             /* the current entry's index */
    size_t curves = 0;          /* curves begun so far */
    int depth = 0;              /* brace depth inside the current entry */
    bool in_data = false, in_keys = false, curve = false;
    int keys_depth = 0;
    size_t key = 0;
    maya_line l;
    for (size_t at = 0; at < size; at = l.next) {
        read_line(d, size, at, &l);
        if (l.next == at)
            break;
        if (is_word(d, &l, 0, "anim")) {
            if (entry >= 0 && !curve && (size_t)entry < wk->cap && wk->out[entry].parent < 0)
                wk->placeholder = entry; /* the entry before had no animData */
            curve = false;
            entry = (int)wk->count;
            in_data = in_keys = false;
            depth = 0;
            size_t names = 1;
            while (names < l.count && names < 4 && !numeric(d, &l, names))
                names++;
            names--; /* how many names */
            if (wk->count < wk->cap) {
                ak_edit_symbol *y = &wk->out[wk->count];
                memset(y, 0, sizeof *y);
                y->start = l.words[0];
                y->end = l.end;
                y->parent = -1;
                y->kind = AK_SYMBOL_NAMESPACE;
                size_t first = names ? 1 : 0;
                y->name_start = l.words[first];
                y->name_end = l.ends[names ? names : 0];
                const char *node = "";
                int node_len = 0, attr_len = 0;
                if (names == 3) {
                    node = (const char *)d + l.words[3];
                    node_len = (int)(l.ends[3] - l.words[3]);
                    attr_len = (int)(l.ends[1] - l.words[1]);
                    snprintf(y->name, sizeof y->name, "%.*s.%.*s", node_len > 70 ? 70 : node_len, node,
                             attr_len > 80 ? 80 : attr_len, (const char *)d + l.words[1]);
                } else if (names >= 1) {
                    node = (const char *)d + l.words[names];
                    node_len = (int)(l.ends[names] - l.words[names]);
                    snprintf(y->name, sizeof y->name, "%.*s", node_len > 150 ? 150 : node_len, node);
                } else {
                    snprintf(y->name, sizeof y->name, "anim");
                }
                snprintf(y->detail, sizeof y->detail, "placeholder");
                /* a curve of the last placeholder's node is its child */
                if (names == 3 && wk->placeholder >= 0) {
                    const ak_edit_symbol *p = &wk->out[wk->placeholder];
                    if ((int)strlen(p->name) == node_len && memcmp(p->name, node, (size_t)node_len) == 0)
                        y->parent = wk->placeholder;
                }
            }
            wk->count++;
            continue;
        }
        if (entry < 0)
            continue;
        ak_edit_symbol *y = (size_t)entry < wk->cap ? &wk->out[entry] : NULL;
        if (is_word(d, &l, 0, "animData") && !in_data) {
            in_data = curve = true;
            depth = 0;
            curves++;
            if (y) {
                y->kind = AK_SYMBOL_FIELD;
                snprintf(y->detail, sizeof y->detail, "curve %zu", curves - 1);
            }
        }
        if (!in_data)
            continue;
        if (in_keys && depth == keys_depth && l.count && !is_word(d, &l, 0, "}")) {
            if (!wk->found && wk->want >= l.start && wk->want <= l.end) {
                wk->found = true;
                wk->track = curves - 1;
                wk->key = key;
                wk->key_start = l.words[0];
                wk->key_end = l.end;
            }
            key++;
        }
        if (is_word(d, &l, 0, "keys")) {
            in_keys = true;
            keys_depth = depth + 1;
            key = 0;
        }
        depth += l.braces;
        if (in_keys && depth < keys_depth)
            in_keys = false;
        if (y && l.count)
            y->end = l.end;
        if (depth <= 0 && l.braces < 0) {
            in_data = false; /* the curve's block is closed */
            if (y && y->parent >= 0) {
                ak_edit_symbol *p = &wk->out[y->parent];
                if (p->end < y->end)
                    p->end = y->end;
            }
        }
    }
    /* a placeholder's entry holds its curves */
    for (size_t i = 0; i < wk->count && i < wk->cap; i++)
        if (wk->out[i].parent >= 0 && wk->out[wk->out[i].parent].end < wk->out[i].end)
            wk->out[wk->out[i].parent].end = wk->out[i].end;
}

static size_t maya_outline(const uint8_t *data, size_t size, ak_edit_symbol *out, size_t cap)
{
    maya_walk wk = {out, cap, 0, -1, (size_t)-1, 0, 0, 0, 0, false};
    walk(data, size, &wk);
    return wk.count;
}

static bool maya_key_at(const uint8_t *data, size_t size, size_t offset, size_t *track, size_t *key, size_t *start,
                        size_t *end)
{
    ak_edit_symbol none[1];
    maya_walk wk = {none, 0, 0, -1, offset, 0, 0, 0, 0, false};
    walk(data, size, &wk);
    if (!wk.found)
        return false;
    *track = wk.track;
    *key = wk.key;
    *start = wk.key_start;
    *end = wk.key_end;
    return true;
}

static const ak_edit_rule maya_edit_rules[] = {
    {"maya.lex.missing-semicolon", AK_FIX_APPEND, ";", "Add the missing ';'", AK_RELATED_NONE, NULL},
    {"maya.lex.word-spans-line", AK_FIX_APPEND, ";", "End the word with ';'", AK_RELATED_NONE, NULL},
};

const ak_editor ak_editor_maya = {
    .format = "maya",
    .rules = maya_edit_rules,
    .rule_count = sizeof maya_edit_rules / sizeof maya_edit_rules[0],
    .outline = maya_outline,
    .key_at = maya_key_at,
};
