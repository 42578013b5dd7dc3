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

#include "keyed_hash.h"
#include "release.h"
#include "text_pos.h"

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

/* Lanes: a consumer's recognizer for whole elements of one array.
 *
 * A consumer that knows the shape the elements of an array usually have
 * (a generated schema validator does) gives the parser, for that array, a
 * lane: a generated matcher of one element, with or without the comma
 * before it, in one pass over the bytes (or a loop over the members of an
 * object, one match each, when they may come in any order), and captures
 * the spans of its scalars. The lane's language must be a subset of
 * well-formed JSON elements that cannot carry any front-end diagnostic: no
 * escapes, no bytes >= 0x80, no duplicate member names, and at most
 * `nesting` levels of containers (the parser checks the depth limit).
 *
 * When a lane matches, the consumer's lane_accept decides: true takes the
 * element (the consumer has done, at once, all it would have done with the
 * element's events; no event is delivered for it), false declines it, and
 * the element is scanned the ordinary way, event by event, which is also
 * the way its diagnostics are found. A lane is therefore a pure speed-up:
 * what a document is reported to be never depends on it.
 *
 * A taken element is one value token for the grammar; a run of them (each
 * with its comma) leaves the grammar where it was after the first, so the
 * scanner runs only that token's action for the others. A lane is never
 * offered a comma that follows a comma (the grammar's error there comes
 * first), and a scalar element's lane ends only before the array's ',' or
 * ']' (a string before a ':' is a member name to the scanner).
 *
 * The lane function: called at `cur` (the element; the parser passes the
 * ',' before it and the whitespace after that itself, but where another
 * ',' follows, which the lane must then refuse at the first), returns the
 * end of the match or NULL; sets caps[0] to the element's first
 * byte and caps[2 + 2i], caps[3 + 2i] to the span of its scalar i (both
 * NULL when the scalar's optional member is absent). caps[1] is the lane
 * function's own, kept from one call to the next of a parse (NULL at its
 * start): a hint of how the elements before were written, never a reason
 * to match or not. */
#define AK_JSON_LANE_CAPS 160
typedef const uint8_t *(*ak_json_lane_fn)(const uint8_t *cur, const uint8_t *lim, const uint8_t **caps);
typedef bool (*ak_json_lane_accept)(void *user, ak_json_parser *p, const uint8_t *const *caps, const uint8_t *end);

/* Returns 0 to go on, anything else to stop parsing (ak_json_parse then
 * returns AK_JSON_STOPPED): no event and no diagnostic follows, not even of
 * the token the parser had read past the event (with or without lanes). */
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
    /* Called when a lane (ak_json_set_lane) matched an element. */
    ak_json_lane_accept lane_accept;
    /* Out, when not NULL: the slots duplicate detection looked at in its
       hash indexes (added to *probes). For tests: it stays proportional to
       the names, whatever they are (runtime/keyed_hash.h). */
    uint64_t *probes;
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

/* Where a value is, for a diagnostic about it reported after the parse. */
typedef struct ak_json_place {
    size_t offset;         /* in: the value's token offset */
    uint32_t line, column; /* out: 1-based (0: no token there) */
    char *path;            /* out: its JSON Pointer (malloc'd; NULL: no token there) */
} ak_json_place;

/* Fills the places of tokens at these offsets (ascending) by parsing
 * data again, silently, up to the last one: a validator that keeps only an
 * offset per reference (not its path) finds the paths of the few it
 * reports. cfg: the first parse's max_depth and release_input (the rest
 * is ignored; NULL: defaults). False when out of memory. */
bool ak_json_places(const uint8_t *data, size_t size, const ak_json_config *cfg, ak_json_place *places, size_t n);
void ak_json_places_free(ak_json_place *places, size_t n);

/* --- inside a handler ------------------------------------------------- */

/* The JSON Pointer of the current event: for a key, the member; for a
 * value, the value; for BEGIN_/END_ events, the container. Valid until the
 * handler returns. Built on demand in O(depth). */
const char *ak_json_path(ak_json_parser *p);
/* Inside a lane's accept callback: the JSON Pointer of the element the lane
 * read, which the parser has not started yet (the innermost array's next
 * index). Valid until the next call of either. */
const char *ak_json_lane_path(ak_json_parser *p);
/* 1-based line and byte column of an offset (incremental: cheap when asked
 * in increasing order). */
void ak_json_location(ak_json_parser *p, size_t offset, uint32_t *line, uint32_t *column);
/* Reports a diagnostic at the event's token with the current path and its
 * line/column. Returns false when the error limit is reached. */
bool ak_json_report(ak_json_parser *p, const ak_rule *rule, const ak_json_event *e, const char *fmt, ...)
    AK_PRINTF(4, 5);
/* The diagnostics engine of the parse (may be NULL). */
ak_diags *ak_json_diags(ak_json_parser *p);
/* Inside the handler of a BEGIN_ARRAY event: the lane of that array's
 * elements (NULL: none), whose matches contain at most `nesting` levels of
 * containers. It holds until the array closes. */
void ak_json_set_lane(ak_json_parser *p, ak_json_lane_fn lane, uint32_t nesting);

/* --- values (usable inside and outside handlers) ---------------------- */

/* What a value event is, for messages: "an object", "a number", "null"... */
const char *ak_json_kind_name(ak_json_event_kind kind);

/* Appends the decoded (unescaped, UTF-8) string of a STRING or KEY event. */
bool ak_json_string_decode(const ak_json_event *e, ak_buf *out);
/* The decoded string when it needs no decoding (no escapes): text itself. */
static inline bool ak_json_string_is_raw(const ak_json_event *e) { return !(e->flags & AK_JSON_F_ESCAPED); }
/* True when the decoded string equals s[0..n). */
bool ak_json_string_equals(const ak_json_event *e, const char *s, size_t n);
/* The characters (code points) of a string's decoded text, counted up to
 * max + 1 (enough to tell whether there are more than max), without
 * decoding it into a buffer. */
size_t ak_json_string_chars(const ak_json_event *e, size_t max);

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
/* The kind of a token that is a whole element a lane took: never delivered. */
#define AK_JSON__LANE ((ak_json_event_kind)15)
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
    /* arrays: the lane of the elements (ak_json_set_lane) */
    ak_json_lane_fn lane;
    uint32_t lane_nesting;
    uint32_t lane_misses; /* matches declined or failed in a row */
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
    ak_text_pos lc;

    /* duplicate detection: names of the open objects, stack discipline */
    ak_json_name *names;
    size_t names_len, names_cap;
    uint32_t *slots; /* hash index of large objects, stack discipline */
    size_t slots_len, slots_cap;
    ak_buf decoded;  /* decoded escaped names, stack discipline */
    uint64_t probes; /* slots looked at in the hash indexes (ak_json_config.probes) */
    ak_hash_key hash_key; /* of the hash indexes, drawn with the first one */
    bool hash_keyed;
    /* the budget (ak_diags_budget) the frames, names and slots above are
       charged to (NULL: none) */
    struct ak_budget *budget;

    ak_release release; /* release_input */

    /* the lane of the innermost container when it is an array that has one */
    ak_json_lane_fn lane;
    const uint8_t *lane_caps[AK_JSON_LANE_CAPS];
    /* the comma of an element ak_json__lane_run offered the lane in vain:
       not offered again (it goes event by event) */
    const uint8_t *lane_declined;
};

/* The index of the first byte of the 8 loaded into w (memcpy, the machine's
 * byte order) that is not zero; w is not zero. */
static inline unsigned ak_json__first_nonzero_byte(uint64_t w)
{
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
    return (unsigned)__builtin_clzll(w) >> 3;
#else
    return (unsigned)__builtin_ctzll(w) >> 3;
#endif
}

/* A run of whitespace from cur: none at all costs one byte's test (a
 * compact document, a lane's matcher between its tokens); after a
 * whitespace byte, spaces 8 bytes at a time (most of the bytes of a
 * pretty-printed document are its indentation), the first byte that is not
 * a space found in the 8 by its bits rather than by a loop whose end the
 * branch predictor cannot know (an indentation's length). */
static inline const uint8_t *ak_json__skip_ws(const uint8_t *cur, const uint8_t *lim)
{
    while (cur < lim && (*cur == ' ' || *cur == '\n' || *cur == '\r' || *cur == '\t')) {
        cur++;
        while (lim - cur >= 8) {
            uint64_t w;
            memcpy(&w, cur, 8);
            w ^= UINT64_C(0x2020202020202020);
            if (w) {
                cur += ak_json__first_nonzero_byte(w);
                break;
            }
            cur += 8;
        }
    }
    return cur;
}

/* The per-byte flags (bit 7 of each byte) of the bytes of w equal to the
 * byte c (c repeated 8 times): exact, no carry crosses a byte. */
static inline uint64_t ak_json__bytes_equal(uint64_t w, uint64_t c)
{
    const uint64_t low7 = UINT64_C(0x7f7f7f7f7f7f7f7f);
    w ^= c;
    return ~(((w & low7) + low7) | w) & ~low7;
}

/* The flags (bit 7 of each byte) of the bytes of w, 8 bytes as memory
 * holds them, that are not ASCII digits. */
static inline uint64_t ak_json__nondigit_bytes(uint64_t w)
{
    w ^= UINT64_C(0x3030303030303030); /* a digit is now 0..9 */
    return (((w & UINT64_C(0x7f7f7f7f7f7f7f7f)) + UINT64_C(0x7676767676767676)) | w) &
           UINT64_C(0x8080808080808080); /* >= 10 */
}

/* The flags of the bytes of such a word from its k-th byte on (k < 8). */
static inline uint64_t ak_json__bytes_from(unsigned k)
{
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
    return UINT64_C(0x8080808080808080) >> (8 * k);
#else
    return UINT64_C(0x8080808080808080) << (8 * k);
#endif
}

/* The end of a run of ASCII digits from cur, 8 bytes at a time: a number's
 * digit count is what a loop over its bytes mispredicts (a lane's numbers,
 * gen/emit_lanes.c). */
static inline __attribute__((always_inline)) const uint8_t *ak_json__digits_end(const uint8_t *cur, const uint8_t *lim)
{
    while (lim - cur >= 8) {
        uint64_t w;
        memcpy(&w, cur, 8);
        const uint64_t stop = ak_json__nondigit_bytes(w);
        if (stop)
            return cur + ak_json__first_nonzero_byte(stop);
        cur += 8;
    }
    while (cur < lim && (unsigned)(*cur - '0') < 10u)
        cur++;
    return cur;
}

/* The end of a run of the bytes a lane's string holds raw, from cur:
 * printable ASCII (0x20-0x7e) but the quote and the backslash; 8 bytes at
 * a time. */
static inline const uint8_t *ak_json__plain_end(const uint8_t *cur, const uint8_t *lim)
{
    const uint64_t low7 = UINT64_C(0x7f7f7f7f7f7f7f7f);
    while (lim - cur >= 8) {
        uint64_t w;
        memcpy(&w, cur, 8);
        const uint64_t control = ~((w & low7) + UINT64_C(0x6060606060606060)); /* below 0x20 */
        const uint64_t del = (w & low7) + UINT64_C(0x0101010101010101);        /* 0x7f */
        const uint64_t stop = (w | control | del | ak_json__bytes_equal(w, UINT64_C(0x2222222222222222)) |
                               ak_json__bytes_equal(w, UINT64_C(0x5c5c5c5c5c5c5c5c))) &
                              ~low7;
        if (stop)
            return cur + ak_json__first_nonzero_byte(stop);
        cur += 8;
    }
    while (cur < lim && *cur >= 0x20 && *cur < 0x7f && *cur != '"' && *cur != '\\')
        cur++;
    return cur;
}

/* Tries the innermost array's lane at cur (json_parser.c). Returns the end
 * of an element the consumer took, or NULL. */
const uint8_t *ak_json__try_lane(ak_json_parser *p, const uint8_t *cur, const uint8_t *lim);

/* After an element the lane took with the comma before it (the grammar
 * settled where an element leaves it), the elements after it that the lane
 * takes, from cur (json_parser.c). Returns where the scanner goes on. */
const uint8_t *ak_json__lane_run(ak_json_parser *p, const uint8_t *cur, const uint8_t *lim);

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
    f->lane = NULL;
    p->lane = NULL;
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
    else
        p->lane = p->frames[p->depth - 1].lane;
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
    if (p->cfg.handler && kind != AK_JSON__LANE)
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
