/* Look-ahead for members of a JSON object not yet parsed (see json_seek.h):
 * two Ragel machines, one that skips to a member of the first nesting level
 * and one that reads the value token after its ':'. */
#include "json_seek.h"

#include <string.h>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

/* From a space at p: the last space of the whole groups of 8 spaces that
   follow it before pe (p itself when there is none). */
static inline const unsigned char *skip_spaces(const unsigned char *p, const unsigned char *pe)
{
    static const uint64_t spaces = 0x2020202020202020u;
    uint64_t w;
    while (pe - p > 8 && (memcpy(&w, p + 1, 8), w == spaces))
        p += 8;
    return p;
}

/* The machine runs over chunks of this size; between them, the pages it
   has passed may be released. */
#define SEEK_CHUNK ((size_t)1 << 20)

#if defined(__SSE2__)
/* The bytes of a 64-byte block that skip_nested looks at, bit i for p[i]:
 * the quotes, the backslashes, and those that open ('[' '{') and close
 * (']' '}') a container (the bytes whose value | 0x20 is '{' or '}'). */
typedef struct block_masks {
    uint64_t quotes, escapes, opens, closes;
} block_masks;

/* The masks 16 bytes at a time (SSE2, which every x86-64 has). */
static inline block_masks masks_sse2(const unsigned char *p)
{
    const __m128i quote = _mm_set1_epi8('"'), backslash = _mm_set1_epi8('\\'), lower = _mm_set1_epi8(0x20),
                  open = _mm_set1_epi8('{'), close = _mm_set1_epi8('}');
    block_masks m = {0, 0, 0, 0};
    for (int k = 0; k < 4; k++) {
        __m128i v = _mm_loadu_si128((const __m128i *)(const void *)(p + 16 * k)), folded = _mm_or_si128(v, lower);
        m.quotes |= (uint64_t)(uint16_t)_mm_movemask_epi8(_mm_cmpeq_epi8(v, quote)) << (16 * k);
        m.escapes |= (uint64_t)(uint16_t)_mm_movemask_epi8(_mm_cmpeq_epi8(v, backslash)) << (16 * k);
        m.opens |= (uint64_t)(uint16_t)_mm_movemask_epi8(_mm_cmpeq_epi8(folded, open)) << (16 * k);
        m.closes |= (uint64_t)(uint16_t)_mm_movemask_epi8(_mm_cmpeq_epi8(folded, close)) << (16 * k);
    }
    return m;
}

/* The bits set in x, one step each: a block holds few brackets, and the
 * baseline x86-64 has no popcnt instruction (__builtin_popcountll calls a
 * library loop). */
static inline unsigned long bit_count(uint64_t x)
{
    unsigned long n = 0;
    for (; x; x &= x - 1)
        n++;
    return n;
}

/* Bit i set where an odd number of the bits 0..i of x are: with x the
 * quotes of a block without escapes, the bytes from an opening quote up to
 * (not including) its closing one. */
static inline uint64_t prefix_xor(uint64_t x)
{
    x ^= x << 1;
    x ^= x << 2;
    x ^= x << 4;
    x ^= x << 8;
    x ^= x << 16;
    x ^= x << 32;
    return x;
}

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
/* Where the processor has AVX2, POPCNT and PCLMULQDQ (nearly every x86-64
 * since 2013; chosen when the program runs, wide_blocks), a block takes two
 * loads instead of four, its brackets one instruction to count, and its
 * strings one carry-less product: skip_nested passes the bench's 20 MB
 * pretty Glaxnimate file (the version's look-ahead) in 44.8 -> 22.9 M
 * instructions (callgrind; validating it, 122.3 -> 100.4 M). */
#define SEEK_WIDE 1
#include <immintrin.h>

__attribute__((target("avx2"))) static inline block_masks masks_avx2(const unsigned char *p)
{
    const __m256i quote = _mm256_set1_epi8('"'), backslash = _mm256_set1_epi8('\\'),
                  lower = _mm256_set1_epi8(0x20), open = _mm256_set1_epi8('{'), close = _mm256_set1_epi8('}');
    block_masks m = {0, 0, 0, 0};
    for (int k = 0; k < 2; k++) {
        __m256i v = _mm256_loadu_si256((const __m256i *)(const void *)(p + 32 * k)),
                folded = _mm256_or_si256(v, lower);
        m.quotes |= (uint64_t)(uint32_t)_mm256_movemask_epi8(_mm256_cmpeq_epi8(v, quote)) << (32 * k);
        m.escapes |= (uint64_t)(uint32_t)_mm256_movemask_epi8(_mm256_cmpeq_epi8(v, backslash)) << (32 * k);
        m.opens |= (uint64_t)(uint32_t)_mm256_movemask_epi8(_mm256_cmpeq_epi8(folded, open)) << (32 * k);
        m.closes |= (uint64_t)(uint32_t)_mm256_movemask_epi8(_mm256_cmpeq_epi8(folded, close)) << (32 * k);
    }
    return m;
}

__attribute__((target("pclmul"))) static inline uint64_t prefix_xor_clmul(uint64_t x)
{
    return (uint64_t)_mm_cvtsi128_si64(_mm_clmulepi64_si128(_mm_set_epi64x(0, (long long)x), _mm_set1_epi8((char)0xff), 0));
}
#endif
#endif

/* The state of skip_nested: the containers open in the value, whether in
 * a string, and the byte an escape makes plain (NULL: none). */
typedef struct nested {
    unsigned long depth;
    bool in_string;
    const unsigned char *plain;
} nested;

/* One byte of the value: false when it closes the value. */
static inline bool nested_byte(nested *n, const unsigned char *p)
{
    unsigned char c = *p;
    if (p == n->plain)
        return true;
    if (n->in_string) {
        if (c == '\\')
            n->plain = p + 1;
        else if (c == '"')
            n->in_string = false;
        return true;
    }
    if (c == '"')
        n->in_string = true;
    else if (c == '[' || c == '{')
        n->depth++;
    else if ((c == ']' || c == '}') && --n->depth == 0)
        return false;
    return true;
}

/* Releases the pages before p once SEEK_CHUNK bytes have passed since
 * *released (the machine's loop releases its chunks the same way). */
static inline void release_passed(ak_release *release, const unsigned char **released, const unsigned char *p,
                                  const uint8_t *data)
{
    if (release && (size_t)(p - *released) >= SEEK_CHUNK) {
        ak_release_at(release, (size_t)(p - data));
        *released = p;
    }
}

#if defined(__SSE2__)
/* skip_nested's blocks of 64 bytes from *pp on: the bracket that closes
 * the value, or NULL with *pp at the first of the fewer than 64 bytes
 * left. wide: with masks_avx2, POPCNT and prefix_xor_clmul (a constant:
 * the function is inlined into a copy for each). */
static inline __attribute__((always_inline)) const unsigned char *
nested_blocks(nested *n, const unsigned char **pp, const unsigned char *end, const uint8_t *data,
              ak_release *release, const unsigned char **released, bool wide)
{
    for (const unsigned char *p = *pp; end - p >= 64; p += 64, *pp = p) {
#if defined(SEEK_WIDE)
        block_masks m = wide ? masks_avx2(p) : masks_sse2(p);
#else
        block_masks m = masks_sse2(p);
#endif
        if (!m.escapes && (n->plain < p || n->plain >= p + 64)) {
            /* no escape: the strings are the spans between quotes, and
               only the brackets outside them count; where fewer close than
               are open, none closes the value, and the block passes whole */
#if defined(SEEK_WIDE)
            uint64_t strings = wide ? prefix_xor_clmul(m.quotes) : prefix_xor(m.quotes);
#else
            uint64_t strings = prefix_xor(m.quotes);
#endif
            uint64_t in_string = strings ^ (n->in_string ? ~UINT64_C(0) : 0);
            uint64_t opens = m.opens & ~in_string, closes = m.closes & ~in_string;
            n->in_string = in_string >> 63;
            unsigned long closed = wide ? (unsigned long)__builtin_popcountll(closes) : bit_count(closes);
            if (closed < n->depth) {
                n->depth += (wide ? (unsigned long)__builtin_popcountll(opens) : bit_count(opens)) - closed;
            } else {
                for (uint64_t x = opens | closes; x; x &= x - 1) {
                    unsigned at = (unsigned)__builtin_ctzll(x);
                    if (opens >> at & 1)
                        n->depth++;
                    else if (--n->depth == 0)
                        return p + at;
                }
            }
        } else {
            /* (an escaped byte that matters, a quote or a backslash, is
               among them, also where its backslash ended the block before) */
            for (uint64_t x = m.quotes | m.escapes | m.opens | m.closes; x; x &= x - 1)
                if (!nested_byte(n, p + __builtin_ctzll(x)))
                    return p + __builtin_ctzll(x);
        }
        release_passed(release, released, p, data);
    }
    return NULL;
}

#if defined(SEEK_WIDE)
__attribute__((target("avx2,popcnt,pclmul"))) static const unsigned char *
nested_blocks_wide(nested *n, const unsigned char **pp, const unsigned char *end, const uint8_t *data,
                   ak_release *release, const unsigned char **released)
{
    return nested_blocks(n, pp, end, data, release, released, true);
}

/* Whether the processor has what the wide blocks use (libgcc's record of
   it, read each time: the library keeps no writable data). */
static inline bool wide_blocks(void)
{
    return __builtin_cpu_supports("avx2") && __builtin_cpu_supports("popcnt") && __builtin_cpu_supports("pclmul");
}
#endif
#endif

bool ak_json__seek_wide(void)
{
#if defined(SEEK_WIDE)
    return wide_blocks();
#else
    return false;
#endif
}

/* The bracket that closes the container whose contents begin at p (its
 * strings passed whole), NULL when it does not close before end: a value
 * nested in the object being searched holds none of its members, so the
 * look-ahead passes it without the machine, 64 bytes at a time with SSE2
 * (or AVX2: nested_blocks_wide), releasing the pages it passes every
 * SEEK_CHUNK bytes as the machine's loop does. A block without a
 * backslash is taken by its masks: the strings from its quotes, the
 * brackets outside them counted, and none walked where fewer close than
 * are open (a compact Glaxnimate file has a quote every few bytes: the
 * look-ahead over the bench's 11.5 MB file took 2.5 times less); one with
 * a backslash byte by byte, the bytes that matter found at once and taken
 * in order. */
static const unsigned char *skip_nested_way(const unsigned char *p, const unsigned char *end, const uint8_t *data,
                                            ak_release *release, bool wide)
{
    nested n = {1, false, NULL};
    const unsigned char *released = p;
#if defined(__SSE2__)
    const unsigned char *closing;
#if defined(SEEK_WIDE)
    if (wide)
        closing = nested_blocks_wide(&n, &p, end, data, release, &released);
    else
#endif
        closing = nested_blocks(&n, &p, end, data, release, &released, false);
    if (closing)
        return closing;
#endif
    (void)wide;
    for (; p < end; p++) {
        if (!nested_byte(&n, p))
            return p;
        release_passed(release, &released, p, data);
    }
    return NULL;
}

static const unsigned char *skip_nested(const unsigned char *p, const unsigned char *end, const uint8_t *data,
                                        ak_release *release)
{
    return skip_nested_way(p, end, data, release, ak_json__seek_wide());
}

%%{
    machine json_seek;
    alphtype unsigned char;

    # Nesting is counted from the object's own '{' (depth 1 inside it).
    # a value inside the object: passed whole, and the machine goes on
    # after its closing bracket (fbreak: the loop below runs it again
    # from there)
    action open    {
        if (++depth == 1) {
            expect_key = true;
        } else {
            const unsigned char *closing = skip_nested(p + 1, end, data, release);
            depth--;
            p = closing ? closing : end - 1;
            fbreak;
        }
    }
    action close   { if (--depth == 0) { ended = true; fbreak; } }
    action comma   { if (depth == 1) expect_key = true; }
    action s_begin { s0 = p; esc = false; }
    action s_esc   { esc = true; }
    action s_end   {
        if (depth == 1 && expect_key) {
            expect_key = false;
            k0 = s0;
            k1 = p;
            kesc = esc;
        }
    }
    action colon   {
        if (depth == 1 && k0) {
            ak_json_event key = {AK_JSON_KEY, kesc ? AK_JSON_F_ESCAPED : 0u, 0, (size_t)(k0 - data),
                                 (size_t)(k1 - k0) + 1, (const char *)k0 + 1, (size_t)(k1 - k0) - 1};
            k0 = NULL;
            if (key.text_len == name_len || kesc) {
                if (ak_json_string_equals(&key, name, name_len)) {
                    found = true;
                    fbreak;
                }
            }
        }
    }

    # A run of spaces (the indentation of a pretty-printed document, most
    # of its bytes) is passed 8 bytes at a time: p moves to the last space
    # of each whole 8-byte group, which leaves the machine where it was.
    action spaces  { p = skip_spaces(p, pe); }
    string = '"' >s_begin ( [^"\\] | '\\' >s_esc any )* '"' @s_end;
    main := ( string | [{\[] @open | [}\]] @close | ',' @comma | ':' @colon | ' ' @spaces
            | ( any - ["{}\[\],: ] ) )*;
}%%

%% write data noerror nofinal noentry;

%%{
    machine json_seek_value;
    alphtype unsigned char;

    action v_begin { v0 = p; }
    action v_esc   { flags |= AK_JSON_F_ESCAPED; }
    action v_num   { v1 = p + 1; kind = AK_JSON_NUMBER; }

    ws = [ \t\r\n];
    main := ws* (
          '"' >v_begin ( [^"\\] | '\\' >v_esc any )* '"' @{ v1 = p + 1; kind = AK_JSON_STRING; fbreak; }
        | ( [\-0-9] [\-+.eE0-9]* ) >v_begin $v_num
        | 'true' >v_begin @{ v1 = p + 1; kind = AK_JSON_TRUE; fbreak; }
        | 'false' >v_begin @{ v1 = p + 1; kind = AK_JSON_FALSE; fbreak; }
        | 'null' >v_begin @{ v1 = p + 1; kind = AK_JSON_NULL; fbreak; }
        | '{' >v_begin @{ v1 = p + 1; kind = AK_JSON_BEGIN_OBJECT; fbreak; }
        | '[' >v_begin @{ v1 = p + 1; kind = AK_JSON_BEGIN_ARRAY; fbreak; }
    );
}%%

%% write data noerror nofinal noentry;

/* The value token at data[at..size): *value as the parser would deliver it. */
static void value_at(const uint8_t *data, size_t size, size_t at, ak_json_event *value)
{
    const unsigned char *p = data + at, *pe = data + size;
    const unsigned char *v0 = NULL, *v1 = NULL;
    ak_json_event_kind kind = AK_JSON__LANE;
    uint32_t flags = 0;
    int cs = json_seek_value_start;
    %% machine json_seek_value;
    %% write exec;
    memset(value, 0, sizeof *value);
    value->kind = AK_JSON__LANE;
    value->offset = v0 ? (size_t)(v0 - data) : at;
    if (!v0 || !v1)
        return;
    value->length = (size_t)(v1 - v0);
    if (kind == AK_JSON_STRING) {
        value->text = (const char *)v0 + 1;
        value->text_len = value->length - 2;
    } else if (kind == AK_JSON_NUMBER) {
        value->text = (const char *)v0;
        value->text_len = value->length;
        uint32_t cls = ak_json_number_class(value->text, value->text_len);
        if (!(cls & AK_JSON_NUMBER_VALID))
            return;
        flags = cls & ~AK_JSON_NUMBER_VALID;
    }
    value->kind = kind;
    value->flags = flags;
}

void ak_json_value_token(const uint8_t *data, size_t size, size_t at, ak_json_event *value)
{
    value_at(data, size, at, value);
}

static ak_json_seek_status seek_member(const uint8_t *data, size_t size, size_t obj, const char *name,
                                       size_t name_len, ak_json_event *value, size_t *budget, ak_release *release)
{
    if (obj >= size)
        return AK_JSON_SEEK_ABSENT;
    size_t room = size - obj;
    bool limited = *budget < room;
    const unsigned char *p = data + obj, *end = data + obj + (limited ? *budget : room), *pe;
    const unsigned char *s0 = NULL, *k0 = NULL, *k1 = NULL;
    bool esc = false, kesc = false, expect_key = false, found = false, ended = false;
    unsigned long depth = 0;
    int cs = json_seek_start;
    do {
        pe = (size_t)(end - p) > SEEK_CHUNK ? p + SEEK_CHUNK : end;
        %% machine json_seek;
        %% write exec;
        if (release)
            ak_release_at(release, (size_t)(p - data));
    } while (!found && !ended && p < end);
    *budget -= (size_t)(p - (data + obj));
    if (found) {
        value_at(data, size, (size_t)(p - data), value);
        return AK_JSON_SEEK_FOUND;
    }
    if (ended || !limited)
        return AK_JSON_SEEK_ABSENT;
    return AK_JSON_SEEK_BUDGET;
}

/* The next member of an object, for ak_json_next_member: from where the
 * previous member's value ended (or the object's '{'), its name and the
 * value token after the ':' in one pass, or the object's '}'. The text was
 * checked: a number's class (its AK_JSON_F_* flags) is taken from its
 * grammar here, not checked again by ak_json_number_class as value_at does. */
%%{
    machine json_member;
    alphtype unsigned char;
    action n_begin { n0 = p; }
    action n_esc   { nflags = AK_JSON_F_ESCAPED; }
    action n_end   { n1 = p; }
    action v_begin { v0 = p; }
    action v_esc   { vflags |= AK_JSON_F_ESCAPED; }
    action v_neg   { vflags |= AK_JSON_F_NEG; }
    action v_frac  { vflags |= AK_JSON_F_FRAC; }
    action v_exp   { vflags |= AK_JSON_F_EXP; }
    action v_digit { v1 = p + 1; kind = AK_JSON_NUMBER; }
    action closed  { v1 = p + 1; closed = true; fbreak; }
    ws = [ \t\r\n];
    number = ( '-' @v_neg )? [0-9]+ $v_digit ( '.' @v_frac [0-9]+ $v_digit )?
             ( [eE] @v_exp [+\-]? [0-9]+ $v_digit )?;
    value = '"' >v_begin ( [^"\\] | '\\' >v_esc any )* '"' @{ v1 = p + 1; kind = AK_JSON_STRING; fbreak; }
          | number >v_begin
          | 'true' >v_begin @{ v1 = p + 1; kind = AK_JSON_TRUE; fbreak; }
          | 'false' >v_begin @{ v1 = p + 1; kind = AK_JSON_FALSE; fbreak; }
          | 'null' >v_begin @{ v1 = p + 1; kind = AK_JSON_NULL; fbreak; }
          | '{' >v_begin @{ v1 = p + 1; kind = AK_JSON_BEGIN_OBJECT; fbreak; }
          | '[' >v_begin @{ v1 = p + 1; kind = AK_JSON_BEGIN_ARRAY; fbreak; };
    main := ws* ( ',' ws* )? ( '}' @closed
                             | '"' >n_begin ( [^"\\] | '\\' >n_esc any )* '"' @n_end ws* ':' ws* value );
}%%

%% write data noerror nofinal noentry;

ak_json_member_status ak_json_next_member(const uint8_t *data, size_t size, size_t *at, ak_json_event *name,
                                          ak_json_event *value)
{
    if (*at >= size)
        return AK_JSON_MEMBER_UNREAD;
    const unsigned char *p = data + *at, *pe = data + size;
    const unsigned char *n0 = NULL, *n1 = NULL, *v0 = NULL, *v1 = NULL;
    uint32_t nflags = 0, vflags = 0;
    ak_json_event_kind kind = AK_JSON__LANE;
    bool closed = false;
    int cs = json_member_start;
    %% machine json_member;
    %% write exec;
    if (closed) {
        *at = (size_t)(v1 - data);
        return AK_JSON_MEMBERS_END;
    }
    if (kind == AK_JSON__LANE || !n0 || !n1 || !v0 || !v1)
        return AK_JSON_MEMBER_UNREAD;
    *name = (ak_json_event){AK_JSON_KEY, nflags, 0, (size_t)(n0 - data), (size_t)(n1 - n0) + 1, (const char *)n0 + 1,
                            (size_t)(n1 - n0) - 1};
    *value = (ak_json_event){kind, vflags, 0, (size_t)(v0 - data), (size_t)(v1 - v0), NULL, 0};
    if (kind == AK_JSON_STRING) {
        value->text = (const char *)v0 + 1;
        value->text_len = value->length - 2;
    } else if (kind == AK_JSON_NUMBER) {
        value->text = (const char *)v0;
        value->text_len = value->length;
    }
    *at = (size_t)(v1 - data); /* past a scalar, or past a container's bracket */
    return AK_JSON_MEMBER;
}

/* Element `index` of the array whose '[' is at data[arr]: skips the
 * elements before it (strings and nested containers whole). */
%%{
    machine json_seek_elem;
    alphtype unsigned char;
    action open  { if (++depth == 1 && index == 0) { found = true; fbreak; } }
    action close { if (--depth == 0) { ended = true; fbreak; } }
    action comma { if (depth == 1 && --index == 0) { found = true; fbreak; } }
    action spaces { p = skip_spaces(p, pe); }
    string = '"' ( [^"\\] | '\\' any )* '"';
    main := ( string | [{\[] @open | [}\]] @close | ',' @comma | ' ' @spaces | ( any - ["{}\[\], ] ) )*;
}%%

%% write data noerror nofinal noentry;

ak_json_seek_status ak_json_seek_element(const uint8_t *data, size_t size, size_t arr, size_t index,
                                         ak_json_event *value, size_t *budget)
{
    if (arr >= size || data[arr] != '[')
        return AK_JSON_SEEK_ABSENT;
    size_t room = size - arr;
    bool limited = *budget < room;
    const unsigned char *p = data + arr, *pe = data + arr + (limited ? *budget : room);
    bool found = false, ended = false;
    unsigned long depth = 0;
    int cs = json_seek_elem_start;
    %% machine json_seek_elem;
    %% write exec;
    *budget -= (size_t)(p - (data + arr));
    if (found) {
        value_at(data, size, (size_t)(p - data), value);
        return value->kind == AK_JSON__LANE ? AK_JSON_SEEK_ABSENT : AK_JSON_SEEK_FOUND; /* `[]`, `[1,]` */
    }
    if (ended || !limited)
        return AK_JSON_SEEK_ABSENT;
    return AK_JSON_SEEK_BUDGET;
}

ak_json_seek_status ak_json_seek_member(const uint8_t *data, size_t size, size_t obj, const char *name,
                                        size_t name_len, ak_json_event *value, size_t *budget)
{
    return seek_member(data, size, obj, name, name_len, value, budget, NULL);
}

ak_json_seek_status ak_json_seek_pointer_releasing(const uint8_t *data, size_t size, const char *pointer,
                                                   ak_json_event *value, size_t *budget, ak_release *release)
{
    size_t at = size >= 3 && data[0] == 0xef && data[1] == 0xbb && data[2] == 0xbf ? 3 : 0;
    value_at(data, size, at, value);
    while (*pointer == '/') {
        if (value->kind != AK_JSON_BEGIN_OBJECT)
            return AK_JSON_SEEK_ABSENT;
        /* the next reference token, unescaped (~1 is '/', ~0 is '~') */
        char token[256];
        size_t n = 0;
        const char *s = pointer + 1;
        for (; *s && *s != '/'; s++) {
            char ch = *s;
            if (ch == '~' && (s[1] == '0' || s[1] == '1'))
                ch = *++s == '0' ? '~' : '/';
            if (n + 1 >= sizeof token)
                return AK_JSON_SEEK_ABSENT;
            token[n++] = ch;
        }
        pointer = s;
        ak_json_seek_status st = seek_member(data, size, value->offset, token, n, value, budget, release);
        if (st != AK_JSON_SEEK_FOUND)
            return st;
    }
    return AK_JSON_SEEK_FOUND;
}

ak_json_seek_status ak_json_seek_pointer(const uint8_t *data, size_t size, const char *pointer, ak_json_event *value,
                                         size_t *budget)
{
    return ak_json_seek_pointer_releasing(data, size, pointer, value, budget, NULL);
}

const uint8_t *ak_json_value_end(const uint8_t *p, const uint8_t *end)
{
    return ak_json_value_end_releasing(p, end, NULL, NULL);
}

const uint8_t *ak_json__container_end(const uint8_t *p, const uint8_t *end, bool wide)
{
    if (p >= end || (*p != '{' && *p != '['))
        return NULL;
    const unsigned char *closing = skip_nested_way(p + 1, end, p, NULL, wide && ak_json__seek_wide());
    return closing ? closing + 1 : NULL;
}

const uint8_t *ak_json_value_end_releasing(const uint8_t *p, const uint8_t *end, const uint8_t *data,
                                           ak_release *release)
{
    if (p >= end)
        return NULL;
    if (*p == '{' || *p == '[') {
        const unsigned char *closing = skip_nested(p + 1, end, release ? data : p, release);
        return closing ? closing + 1 : NULL;
    }
    if (*p == '"') {
        for (p++; p < end; p++)
            if (*p == '\\')
                p++;
            else if (*p == '"')
                return p + 1;
        return NULL;
    }
    /* (not value_at's machine: with its number check, listing AnimJ took 6% longer) */
    const uint8_t *s = p;
    while (p < end && ((*p >= '0' && *p <= '9') || (*p >= 'a' && *p <= 'z') || *p == '-' || *p == '+' ||
                       *p == '.' || *p == 'E'))
        p++;
    return p > s && p < end ? p : NULL; /* a scalar ends before something: the array's ',' or ']' at least */
}

const uint8_t *ak_json_lane_rest(const uint8_t *cur, const uint8_t *lim, const uint8_t **caps)
{
    return ak_json_lane_rest_releasing(cur, lim, caps, NULL, NULL);
}

const uint8_t *ak_json_lane_rest_releasing(const uint8_t *cur, const uint8_t *lim, const uint8_t **caps,
                                           const uint8_t *data, ak_release *release)
{
    if (cur < lim && *cur == ',')
        cur = ak_json__skip_ws(cur + 1, lim);
    /* inside the array: skip_nested's one open container is the array */
    const uint8_t *close = cur < lim ? skip_nested(cur, lim, data, release) : NULL;
    if (!close || *close != ']')
        return NULL;
    caps[0] = cur;
    return close;
}

const uint8_t *ak_json_lane_any(const uint8_t *cur, const uint8_t *lim, const uint8_t **caps)
{
    return ak_json_lane_any_releasing(cur, lim, caps, NULL, NULL);
}

const uint8_t *ak_json_lane_any_releasing(const uint8_t *cur, const uint8_t *lim, const uint8_t **caps,
                                          const uint8_t *data, ak_release *release)
{
    if (cur < lim && *cur == ',')
        cur = ak_json__skip_ws(cur + 1, lim);
    const uint8_t *end = ak_json_value_end_releasing(cur, lim, data, release);
    if (!end)
        return NULL;
    if (*cur != '{' && *cur != '[') {
        /* a scalar's lane ends only before the array's ',' or ']' (a
           string before ':' would be a member name to the scanner) */
        const uint8_t *after = ak_json__skip_ws(end, lim);
        if (after == lim || (*after != ',' && *after != ']'))
            return NULL;
    }
    caps[0] = cur;
    return end;
}
