/* Look-ahead in a JSON text (grammars/json_seek.rl): the value of a member
 * of an object that the streaming parser has opened but not yet read.
 *
 * A streaming validator sometimes needs a value before the parser delivers
 * it: the discriminator of a family of objects (`__type__`) that decides
 * which members the object may have, a sibling an earlier member's type
 * depends on, or the document's format version. The whole input is in
 * memory (a mapped file) for the whole parse, so instead of buffering the
 * members that come first, the validator looks ahead: this machine skips
 * strings and nested containers from the object's '{' until it finds the
 * member, at the first nesting level only, and returns its value as an
 * event. Nothing is allocated.
 *
 * The text may be malformed past the point the parser has reached: the
 * machine never reports anything (the parser will), it only gives up at
 * the end of the data. Each look-ahead costs the bytes it skips; callers
 * give it a budget so that a hostile document (every discriminator last,
 * deeply nested) cannot make validation quadratic. */
#ifndef AK_GRAMMARS_JSON_SEEK_H
#define AK_GRAMMARS_JSON_SEEK_H

#include "json_parser.h"

typedef enum ak_json_seek_status {
    AK_JSON_SEEK_FOUND,
    AK_JSON_SEEK_ABSENT, /* the object ends (or the data ends) without the member */
    AK_JSON_SEEK_BUDGET, /* gave up: the budget is spent */
} ak_json_seek_status;

/* Looks for member `name` (compared with the decoded key) directly inside
 * the object whose '{' is at data[obj]. On FOUND, *value is the member's
 * value as the parser would deliver it: kind, offset, length, and for
 * strings the raw text between the quotes with AK_JSON_F_ESCAPED, for
 * numbers the text and its AK_JSON_F_* class (containers: BEGIN_OBJECT or
 * BEGIN_ARRAY at the bracket; a value that is not JSON: AK_JSON__LANE).
 * *budget is the number of bytes the look-ahead may skip; it is reduced by
 * what this call skipped. */
ak_json_seek_status ak_json_seek_member(const uint8_t *data, size_t size, size_t obj, const char *name,
                                        size_t name_len, ak_json_event *value, size_t *budget);

/* Element `index` (0-based) of the array whose '[' is at data[arr]; the
 * same contract as ak_json_seek_member (a diagnostic's JSON Pointer is
 * followed with both, to the object it is in). */
ak_json_seek_status ak_json_seek_element(const uint8_t *data, size_t size, size_t arr, size_t index,
                                         ak_json_event *value, size_t *budget);

/* The value at a JSON Pointer made of member names only ("/format/version",
 * RFC 6901 escapes ~0 ~1), from the document's top-level object (after an
 * optional BOM and whitespace). Same contract as ak_json_seek_member. */
ak_json_seek_status ak_json_seek_pointer(const uint8_t *data, size_t size, const char *pointer, ak_json_event *value,
                                         size_t *budget);
/* The same over a mapped input, releasing the pages it has passed as it
 * goes (runtime/release.h; NULL: none): a look-ahead through a large file
 * to a member at its end keeps a small resident set. */
ak_json_seek_status ak_json_seek_pointer_releasing(const uint8_t *data, size_t size, const char *pointer,
                                                   ak_json_event *value, size_t *budget, ak_release *release);

/* The first byte past the value that begins at p (not at whitespace),
 * NULL when it does not end before end. Containers are passed as the
 * look-ahead passes them (64 bytes at a time), strings to their closing
 * quote, scalars to the first byte no literal or number has. For text the
 * front end has checked: it finds where a well-formed value ends, and
 * reports nothing of one that is not. */
const uint8_t *ak_json_value_end(const uint8_t *p, const uint8_t *end);
/* The same over a mapped input that begins at data, releasing the pages a
 * large container passes as it goes (release NULL: none). */
const uint8_t *ak_json_value_end_releasing(const uint8_t *p, const uint8_t *end, const uint8_t *data,
                                           ak_release *release);

/* The value token at data[at] (after whitespace) as the parser would
 * deliver it, as ak_json_seek_member gives a member's value (containers:
 * BEGIN_OBJECT or BEGIN_ARRAY at the bracket; AK_JSON__LANE where there is
 * no JSON value). */
void ak_json_value_token(const uint8_t *data, size_t size, size_t at, ak_json_event *value);

/* The members of an object one at a time, in text the front end has
 * checked (a model reader after validation, ak_json_lane_any's element):
 * from *at, just past the object's '{' or past the value of the member
 * before, MEMBER with *name (a KEY event: the raw text between the quotes,
 * AK_JSON_F_ESCAPED where it has an escape) and *value (as
 * ak_json_seek_member gives it). *at is then past a scalar value, or just
 * past a container's opening bracket: the caller reads its members (an
 * object's with this function, to MEMBERS_END) or passes it
 * (ak_json_value_end from the bracket, value->offset). MEMBERS_END at the
 * object's '}' (*at past it); UNREAD where the text is no such member
 * (*at unchanged): nothing is reported, the caller reads it otherwise. */
typedef enum ak_json_member_status {
    AK_JSON_MEMBER,
    AK_JSON_MEMBERS_END,
    AK_JSON_MEMBER_UNREAD,
} ak_json_member_status;
ak_json_member_status ak_json_next_member(const uint8_t *data, size_t size, size_t *at, ak_json_event *name,
                                          ak_json_event *value);

/* A lane (json_parser.h) that takes any element at all, found by
 * ak_json_value_end: caps[0] is its first byte, no scalar is captured. Its
 * language is not the subset of well-formed elements a lane must have, so
 * it is only for text that passed the front end already, whole (a model
 * reader after validation), where a consumer wants few of an array's
 * elements' members and finds them itself in the element's span. */
const uint8_t *ak_json_lane_any(const uint8_t *cur, const uint8_t *lim, const uint8_t **caps);
/* The same passing its element as ak_json_value_end_releasing does: the
 * parser calls it so for ak_json_lane_any when it releases its input. */
const uint8_t *ak_json_lane_any_releasing(const uint8_t *cur, const uint8_t *lim, const uint8_t **caps,
                                          const uint8_t *data, ak_release *release);

/* A lane like ak_json_lane_any that takes every element left in the array
 * as one: caps[0] is the first one's first byte, and it ends at the
 * array's closing bracket (the whitespace before it passed too), found 64
 * bytes at a time. For a consumer that wants nothing of the elements (a
 * model of a document's tracks without their keys): the array is passed
 * in one step instead of an element at a time. Only for text that passed
 * the front end whole, as ak_json_lane_any. */
const uint8_t *ak_json_lane_rest(const uint8_t *cur, const uint8_t *lim, const uint8_t **caps);
/* The same releasing the pages it passes (ak_json_value_end_releasing). */
const uint8_t *ak_json_lane_rest_releasing(const uint8_t *cur, const uint8_t *lim, const uint8_t **caps,
                                           const uint8_t *data, ak_release *release);

/* The blocks of 64 bytes that ak_json_value_end, the lanes above and the
 * look-ahead pass (skip_nested) are read with AVX2 where the processor has
 * it (and POPCNT and PCLMULQDQ): ak_json__seek_wide says whether it does,
 * else with SSE2. ak_json__container_end is ak_json_value_end of the
 * container at p read the SSE2 way (wide false) or the processor's (wide
 * true): tests and fuzzing compare the two. */
bool ak_json__seek_wide(void);
const uint8_t *ak_json__container_end(const uint8_t *p, const uint8_t *end, bool wide);

#endif
