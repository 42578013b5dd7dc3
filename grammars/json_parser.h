/* The JSON front end: a streaming, strict RFC 8259 parser.
 *
 * The scanner is grammars/json.re (re2c), the grammar grammars/json.y
 * (Lemon), the number classes grammars/json_number.rl (Ragel); this header
 * is the driver's event API that the `json` format and the generated AnimJ
 * and Glaxnimate validators consume.
 *
 * Parsing pushes events to a handler in document order. The whole input is
 * in memory (a mapped file), so every event carries spans that point into it
 * and stay valid for the whole parse. Memory is bounded by the nesting depth
 * (a stack of frames, plus the member names of the objects that are open,
 * for duplicate detection), never by the size of the file: nothing like a
 * DOM is built. The JSON Pointer of the current event is materialised only
 * when somebody asks for it (ak_json_path), typically for a diagnostic. */
#ifndef AK_GRAMMARS_JSON_PARSER_H
#define AK_GRAMMARS_JSON_PARSER_H

#include <animkit/animkit.h>

#include "release.h"

#include "numbers.h"

#include <string.h>

/* The rules of the JSON front end (their table belongs to the `json`
 * format: formats/json/json_rules.c). Indices into ak_json_rules[]. */
enum {
    AK_JSON_R_EMPTY_INPUT,
    AK_JSON_R_UNEXPECTED_TOKEN,
    AK_JSON_R_UNEXPECTED_CHAR,
    AK_JSON_R_TRAILING_COMMA,
    AK_JSON_R_TRAILING_DATA,
    AK_JSON_R_UNTERMINATED_STRING,
    AK_JSON_R_BAD_ESCAPE,
    AK_JSON_R_CONTROL_CHAR,
    AK_JSON_R_LONE_SURROGATE,
    AK_JSON_R_SINGLE_QUOTE,
    AK_JSON_R_COMMENT,
    AK_JSON_R_LEADING_ZERO,
    AK_JSON_R_BAD_NUMBER,
    AK_JSON_R_NON_FINITE,
    AK_JSON_R_BAD_LITERAL,
    AK_JSON_R_BOM,
    AK_JSON_R_UTF16,
    AK_JSON_R_UTF32,
    AK_JSON_R_INVALID_UTF8,
    AK_JSON_R_DEPTH,
    AK_JSON_R_DUPLICATE_MEMBER,
    AK_JSON_R_OUT_OF_RANGE,
    AK_JSON_R_NOT_INTEGER,
    AK_JSON_R_COUNT
};
extern const ak_rule ak_json_rules[AK_JSON_R_COUNT];

typedef enum ak_json_event_kind {
    AK_JSON_BEGIN_OBJECT,
    AK_JSON_KEY, /* a member name; its value follows */
    AK_JSON_END_OBJECT,
    AK_JSON_BEGIN_ARRAY,
    AK_JSON_END_ARRAY,
    AK_JSON_STRING,
    AK_JSON_NUMBER,
    AK_JSON_TRUE,
    AK_JSON_FALSE,
    AK_JSON_NULL,
} ak_json_event_kind;

/* Event flags. */
enum {
    AK_JSON_F_ESCAPED = 1u << 0, /* string/key: has backslash escapes (raw != decoded) */
    AK_JSON_F_NEG = 1u << 1,     /* number: starts with '-' */
    AK_JSON_F_FRAC = 1u << 2,    /* number: has a fraction */
    AK_JSON_F_EXP = 1u << 3,     /* number: has an exponent */
};

typedef struct ak_json_event {
    ak_json_event_kind kind;
    uint32_t flags;
    uint32_t depth;   /* open containers around the event's value (0 = top level) */
    size_t offset;    /* first byte of the token ('"' for strings and keys) */
    size_t length;    /* bytes of the token in the source (quotes included) */
    const char *text; /* strings/keys: the raw content between the quotes;
                         numbers: the number as written; NULL otherwise */
    size_t text_len;
} ak_json_event;

typedef struct ak_json_parser ak_json_parser;

/* Returns 0 to go on, anything else to stop parsing (ak_json_parse then
 * returns AK_JSON_STOPPED). */
typedef int (*ak_json_handler)(void *user, ak_json_parser *p, const ak_json_event *e);

typedef struct ak_json_config {
    ak_json_handler handler; /* may be NULL: well-formedness only */
    void *user;
    uint32_t max_depth;      /* 0 = AK_DEFAULT_MAX_DEPTH */
    /* Duplicate member names: reported with this rule (a consumer's own
       code and severities), NULL = json.object.duplicate-member. */
    const ak_rule *duplicate_rule;
    bool allow_duplicates;   /* true: no duplicate detection at all */
    /* The data are a read-only file mapping (ak_input.mapped): the parser
       drops the pages it has consumed (runtime/release.h), which keeps the
       resident set small on huge inputs. */
    bool release_input;
} ak_json_config;

typedef enum ak_json_status {
    AK_JSON_OK = 0,
    AK_JSON_ERROR,   /* the document is not well-formed (reported) */
    AK_JSON_STOPPED, /* the handler asked to stop, or --max-errors reached */
    AK_JSON_NOMEM,
} ak_json_status;

/* Parses data[0..size) and pushes events; diagnostics go to d (which may be
 * NULL to parse silently). A UTF-8 BOM is skipped with a warning. */
ak_json_status ak_json_parse(const uint8_t *data, size_t size, const ak_json_config *cfg, ak_diags *d);

/* --- inside a handler ------------------------------------------------- */

/* The JSON Pointer of the current event: for a key, the member; for a
 * value, the value; for BEGIN_/END_ events, the container. Valid until the
 * handler returns. Built on demand in O(depth). */
const char *ak_json_path(ak_json_parser *p);
/* 1-based line and byte column of an offset (incremental: cheap when asked
 * in increasing order). */
void ak_json_location(ak_json_parser *p, size_t offset, uint32_t *line, uint32_t *column);
/* Reports a diagnostic at the event's token with the current path and its
 * line/column. Returns false when the error limit is reached. */
bool ak_json_report(ak_json_parser *p, const ak_rule *rule, const ak_json_event *e, const char *fmt, ...)
    AK_PRINTF(4, 5);
/* The diagnostics engine of the parse (may be NULL). */
ak_diags *ak_json_diags(ak_json_parser *p);

/* --- values (usable inside and outside handlers) ---------------------- */

/* Appends the decoded (unescaped, UTF-8) string of a STRING or KEY event. */
bool ak_json_string_decode(const ak_json_event *e, ak_buf *out);
/* The decoded string when it needs no decoding (no escapes): text itself. */
static inline bool ak_json_string_is_raw(const ak_json_event *e) { return !(e->flags & AK_JSON_F_ESCAPED); }
/* True when the decoded string equals s[0..n). */
bool ak_json_string_equals(const ak_json_event *e, const char *s, size_t n);

/* Conversions of a NUMBER event. f64/f32 are correctly rounded; a value
 * too large gives +-inf and AK_NUM_RANGE (whether that is wrong is the
 * consumer's business). */
ak_num_status ak_json_number_f64(const ak_json_event *e, double *out);
ak_num_status ak_json_number_f32(const ak_json_event *e, float *out);
/* Exact integers: a number with a fraction or exponent whose value is not
 * integral, or out of range, is reported (json.number.not-integer,
 * json.number.out-of-range, or the given rule if not NULL) and gives false. */
bool ak_json_number_i64(ak_json_parser *p, const ak_json_event *e, const ak_rule *range_rule, int64_t *out);
bool ak_json_number_u64(ak_json_parser *p, const ak_json_event *e, const ak_rule *range_rule, uint64_t *out);

/* --- number classes (grammars/json_number.rl) ------------------------- */

/* Classifies s[0..n) as a JSON number: returns AK_JSON_F_* flags with
 * bit 31 set when the whole span is one RFC 8259 number, 0 otherwise. */
#define AK_JSON_NUMBER_VALID (1u << 31)
uint32_t ak_json_number_class(const char *s, size_t n);

/* ----------------------------------------------------------------------
 * Internals shared by the driver (json_parser.c), the scanner (json.re)
 * and the grammar actions (json.y). Not for consumers. */

typedef struct ak_json_token {
    size_t offset, length;   /* the value; KEY and C_KEY: the name's string;
                                punctuation: itself */
    size_t start;            /* first byte of the whole token */
    size_t key_off, key_len; /* KEY_SCALAR, C_KEY_SCALAR: the name's string;
                                C_LBRACE, C_LBRACKET(_SCALAR), LBRACKET_SCALAR: the bracket */
    uint32_t flags;          /* AK_JSON_F_* | event kind << 8 (scalars) */
} ak_json_token;

#define AK_JSON_TOKEN_KIND(t) ((ak_json_event_kind)((t)->flags >> 8))
#define AK_JSON_KIND_FLAG(kind) ((uint32_t)(kind) << 8)

/* Scanner outcomes other than a token. */
typedef enum ak_json_lex_error {
    AK_JSON_LEX_NONE = 0,
    AK_JSON_LEX_UNTERMINATED,
    AK_JSON_LEX_BAD_ESCAPE,
    AK_JSON_LEX_CONTROL,
    AK_JSON_LEX_LONE_SURROGATE,
    AK_JSON_LEX_INVALID_UTF8,
    AK_JSON_LEX_SINGLE_QUOTE,
    AK_JSON_LEX_COMMENT,
    AK_JSON_LEX_LEADING_ZERO,
    AK_JSON_LEX_BAD_NUMBER,
    AK_JSON_LEX_BAD_WORD,
    AK_JSON_LEX_BAD_CHAR,
} ak_json_lex_error;

/* Runs the scanner over the input and feeds the grammar (json.re). */
void ak_json__scan(ak_json_parser *p);
/* Called by the scanner for a lexical error at [offset, offset+length). */
void ak_json__lex_error(ak_json_parser *p, ak_json_lex_error e, size_t offset, size_t length);
/* Grammar actions (json.y): the inline functions at the end of this file. */
void ak_json__syntax_error(ak_json_parser *p, int major, const ak_json_token *t, const bool *expected,
                           int ntokens);

/* Lemon's entry points (prefix from %name in json.y). */
void *ak_json_lemonAlloc(void *(*alloc)(size_t), ak_json_parser *p);
void ak_json_lemonFree(void *parser, void (*release)(void *));
void ak_json_lemon(void *parser, int major, ak_json_token minor);
/* not declared by Lemon's header */

typedef struct ak_json_frame {
    bool is_object;
    bool key_escaped;
    bool has_child;  /* the container has a current member/element */
    uint64_t index;  /* arrays: index of the current element */
    size_t key_off;  /* objects: the current key's raw span */
    size_t key_len;
    /* duplicate detection: this object's names in the shared stacks */
    size_t names_start, decoded_start;
    size_t slots_start, slots_cap, count;
} ak_json_frame;

typedef struct ak_json_name {
    uint64_t hash;   /* only for objects with a hash index */
    uint64_t prefix; /* the first (up to) 8 bytes, zero-padded: most names differ there */
    size_t off;  /* raw span in the input, or decoded bytes in p->decoded */
    size_t len;
    bool decoded;
} ak_json_name;

struct ak_json_parser {
    const uint8_t *data;
    size_t size;
    size_t start; /* after a BOM */
    ak_diags *diags;
    ak_json_config cfg;
    void *lemon;
    ak_json_status status;
    bool done;        /* error, stop or accept: the scanner stops */
    bool top_done;    /* the top-level value is complete */
    int last_major;   /* the previous token fed to the grammar */
    size_t last_offset;

    ak_json_frame *frames;
    size_t depth, frames_cap;

    /* the current event (for the path) */
    ak_json_event_kind ev_kind;
    ak_buf path;

    /* line/column cache */
    size_t lc_off;
    uint32_t lc_line, lc_col;

    /* duplicate detection: names of the open objects, stack discipline */
    ak_json_name *names;
    size_t names_len, names_cap;
    uint32_t *slots; /* hash index of large objects, stack discipline */
    size_t slots_len, slots_cap;
    ak_buf decoded;  /* decoded escaped names, stack discipline */

    ak_release release; /* release_input */
};

/* The event bookkeeping, inlined into the grammar actions (they are most
 * of the work): the frame stack, the path state, and building and
 * delivering an event only when somebody listens. Rare paths (growing the
 * stack, the depth limit, duplicate names, shrinking) are out of line. */
void ak_json__deliver(ak_json_parser *p, ak_json_event_kind kind, const ak_json_token *t, size_t depth);
void ak_json__open_slow(ak_json_parser *p, ak_json_event_kind kind, const ak_json_token *t);
void ak_json__check_name(ak_json_parser *p, ak_json_frame *f, const ak_json_token *t);
void ak_json__closed_object(ak_json_parser *p);

/* A value starts: in an array it is the next element. */
static inline void ak_json__value_start(ak_json_parser *p)
{
    if (p->depth) {
        ak_json_frame *f = &p->frames[p->depth - 1];
        f->index += f->has_child && !f->is_object;
        f->has_child |= !f->is_object;
    }
}

static inline void ak_json__push(ak_json_parser *p, ak_json_event_kind kind, const ak_json_token *t)
{
    ak_json_frame *f = &p->frames[p->depth++];
    f->is_object = kind == AK_JSON_BEGIN_OBJECT;
    f->has_child = false;
    f->key_escaped = false;
    f->index = 0;
    f->names_start = p->names_len;
    f->decoded_start = p->decoded.len;
    f->slots_start = p->slots_len;
    f->slots_cap = 0;
    f->count = 0;
    if (p->cfg.handler)
        ak_json__deliver(p, kind, t, p->depth - 1);
}

static inline void ak_json__open(ak_json_parser *p, ak_json_event_kind kind, const ak_json_token *t)
{
    if (p->done)
        return;
    ak_json__value_start(p);
    if (p->depth >= p->frames_cap || p->depth >= p->cfg.max_depth)
        ak_json__open_slow(p, kind, t);
    else
        ak_json__push(p, kind, t);
}

static inline void ak_json__close(ak_json_parser *p, ak_json_event_kind kind, const ak_json_token *t)
{
    if (p->done)
        return;
    ak_json_frame *f = &p->frames[--p->depth];
    if (f->is_object) {
        p->names_len = f->names_start;
        p->decoded.len = f->decoded_start;
        p->slots_len = f->slots_start;
        if (f->count > 1024)
            ak_json__closed_object(p);
    }
    if (p->depth == 0)
        p->top_done = true;
    if (p->cfg.handler)
        ak_json__deliver(p, kind, t, p->depth);
}

/* The first min(n, 8) bytes of s as a little-endian word (zero above).
 * One fixed-size load when 8 bytes are readable (a variable-size copy
 * costs more than the whole rest of a name check). */
static inline uint64_t ak_json__name_prefix(const uint8_t *s, size_t n, const uint8_t *end)
{
    uint64_t w = 0;
    if (end - s >= 8) {
        memcpy(&w, s, 8);
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
        w = __builtin_bswap64(w);
#endif
        if (n < 8)
            w &= (UINT64_C(1) << (8 * n)) - 1;
        return w;
    }
    for (size_t i = 0; i < n && i < 8; i++)
        w |= (uint64_t)s[i] << (8 * i);
    return w;
}

/* Duplicate detection, the common case inline: a small object and a name
 * without escapes that differs from every earlier one in length or in its
 * first 8 bytes. Anything else (a possible match, escapes, big objects)
 * goes to the exact check. */
static inline void ak_json__name(ak_json_parser *p, ak_json_frame *f, const ak_json_token *t)
{
    size_t len = t->length - 2;
    if (!(t->flags & AK_JSON_F_ESCAPED) && f->slots_cap == 0 && f->count < 12 && p->names_len < p->names_cap) {
        const uint8_t *s = p->data + t->offset + 1;
        uint64_t prefix = ak_json__name_prefix(s, len, p->data + p->size);
        const ak_json_name *names = p->names + f->names_start;
        bool maybe = false;
        for (size_t i = 0; i < f->count; i++)
            maybe |= names[i].len == len && names[i].prefix == prefix;
        if (!maybe) {
            ak_json_name *nm = &p->names[p->names_len++];
            nm->prefix = prefix;
            nm->off = t->offset + 1;
            nm->len = len;
            nm->decoded = false;
            f->count++;
            return;
        }
    }
    ak_json__check_name(p, f, t);
}

static inline void ak_json__key(ak_json_parser *p, const ak_json_token *t)
{
    if (p->done)
        return;
    ak_json_frame *f = &p->frames[p->depth - 1];
    f->key_off = t->offset;
    f->key_len = t->length;
    f->key_escaped = (t->flags & AK_JSON_F_ESCAPED) != 0;
    f->has_child = true;
    if (!p->cfg.allow_duplicates) {
        ak_json__name(p, f, t);
        if (p->done)
            return;
    }
    if (p->cfg.handler)
        ak_json__deliver(p, AK_JSON_KEY, t, p->depth);
}

static inline void ak_json__scalar(ak_json_parser *p, ak_json_event_kind kind, const ak_json_token *t)
{
    if (p->done)
        return;
    ak_json__value_start(p);
    if (p->depth == 0)
        p->top_done = true;
    if (p->cfg.handler)
        ak_json__deliver(p, kind, t, p->depth);
}

/* An array's '[' and its first element from one token. */
static inline void ak_json__open_scalar(ak_json_parser *p, const ak_json_token *t)
{
    ak_json_token open = {t->key_off, 1, t->key_off, 0, 0, 0};
    ak_json__open(p, AK_JSON_BEGIN_ARRAY, &open);
    ak_json__scalar(p, AK_JSON_TOKEN_KIND(t), t);
}

/* A member name and its scalar value from one token. */
static inline void ak_json__key_scalar(ak_json_parser *p, const ak_json_token *t)
{
    ak_json_token key = {t->key_off, t->key_len, t->key_off, 0, 0, 0};
    ak_json__key(p, &key);
    ak_json__scalar(p, AK_JSON_TOKEN_KIND(t), t);
}

/* An object's '{' (the first '{' from the token's start: only whitespace
   and a comma can come before it), its first name and scalar value. */
static inline void ak_json__open_key_scalar(ak_json_parser *p, const ak_json_token *t)
{
    size_t brace = t->start;
    while (p->data[brace] != '{')
        brace++;
    ak_json_token open = {brace, 1, brace, 0, 0, 0};
    ak_json__open(p, AK_JSON_BEGIN_OBJECT, &open);
    ak_json__key_scalar(p, t);
}

/* The closing bracket after a fused token's value (only whitespace
   between them). */
static inline ak_json_token ak_json__closer(const ak_json_parser *p, const ak_json_token *t, uint8_t bracket)
{
    size_t at = t->offset + t->length;
    while (p->data[at] != bracket)
        at++;
    ak_json_token close = {at, 1, at, 0, 0, 0};
    return close;
}

/* A last element and the ']' from one token. */
static inline void ak_json__scalar_close(ak_json_parser *p, const ak_json_token *t)
{
    ak_json__scalar(p, AK_JSON_TOKEN_KIND(t), t);
    ak_json_token close = ak_json__closer(p, t, ']');
    ak_json__close(p, AK_JSON_END_ARRAY, &close);
}

/* A last member and the '}' from one token. */
static inline void ak_json__key_scalar_close(ak_json_parser *p, const ak_json_token *t)
{
    ak_json__key_scalar(p, t);
    ak_json_token close = ak_json__closer(p, t, '}');
    ak_json__close(p, AK_JSON_END_OBJECT, &close);
}

#endif
