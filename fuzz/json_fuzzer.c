/* libFuzzer harness of the JSON front end and writer: parses with a handler
 * that uses every helper (path, location, decoding, number conversions),
 * validates through the `json` format, and checks the differential
 * properties: whatever parses is rewritten by the writer into a document
 * that parses to the same events; the text given to the language server in
 * pieces (fuzz_stream.h) gets the diagnostics it gets whole; a parse that
 * passes every array after its first element with ak_json_lane_rest gives
 * the events of the whole parse without those elements (rest_check); its
 * objects read member by member with ak_json_next_member give the parse's
 * names and values (members_check); every container ends where the parse
 * says both ways skip_nested reads its blocks (SSE2, AVX2:
 * ak_json__container_end). Any mismatch aborts. */
#include "diag.h"
#include "../grammars/json_parser.h"
#include "../grammars/json_seek.h"
#include "../tests/json/json_events.h"
#include "fuzz_alloc.h"
#include "fuzz_stream.h"

#include <stdlib.h>

extern const ak_format ak_format_json;

static int use_everything(void *user, ak_json_parser *p, const ak_json_event *e)
{
    size_t *sink = user;
    const char *path = ak_json_path(p);
    uint32_t line, col;
    ak_json_location(p, e->offset, &line, &col);
    *sink += strlen(path) + line + col;
    if (e->kind == AK_JSON_STRING || e->kind == AK_JSON_KEY) {
        ak_buf s;
        ak_buf_init(&s);
        if (!ak_json_string_decode(e, &s) && e->text_len)
            abort();
        *sink += s.len;
        ak_buf_free(&s);
    } else if (e->kind == AK_JSON_NUMBER) {
        double d;
        float f;
        int64_t i;
        uint64_t u;
        (void)ak_json_number_f64(e, &d);
        (void)ak_json_number_f32(e, &f);
        (void)ak_json_number_i64(p, e, NULL, &i);
        (void)ak_json_number_u64(p, e, NULL, &u);
        if (!(ak_json_number_class(e->text, e->text_len) & AK_JSON_NUMBER_VALID))
            abort(); /* the scanner and the Ragel machine disagree */
    }
    return 0;
}

/* data parsed with handler and user (and lane_accept, NULL: no lanes),
   diagnostics into d (NULL: none). */
static ak_json_status parse_with(const uint8_t *data, size_t size, ak_json_handler handler, void *user,
                                 ak_json_lane_accept lane_accept, ak_diags *d)
{
    ak_json_config cfg;
    memset(&cfg, 0, sizeof cfg);
    cfg.handler = handler;
    cfg.user = user;
    cfg.lane_accept = lane_accept;
    return ak_json_parse(data, size, &cfg, d);
}

/* An event as rest_check compares it: its kind and its token's offset. */
typedef struct rest_event {
    int kind;
    size_t offset;
} rest_event;

typedef struct rest_log {
    ak_buf events; /* rest_event after rest_event */
    bool lanes;    /* set ak_json_lane_rest on every array */
    const uint8_t *data;
} rest_log;

static int rest_record(void *user, ak_json_parser *p, const ak_json_event *e)
{
    rest_log *r = user;
    rest_event ev = {(int)e->kind, e->offset};
    ak_buf_append(&r->events, &ev, sizeof ev);
    if (r->lanes && e->kind == AK_JSON_BEGIN_ARRAY)
        ak_json_set_lane(p, ak_json_lane_rest, 0);
    return 0;
}

/* The lane's take: from an element's first byte to the array's ']'. */
static bool rest_accept(void *user, ak_json_parser *p, const uint8_t *const *caps, const uint8_t *end)
{
    (void)p;
    const rest_log *r = user;
    if (*end != ']' || caps[0] < r->data || caps[0] >= end || *caps[0] == ' ' || *caps[0] == ',')
        abort();
    return true;
}

static bool is_begin(int kind) { return kind == AK_JSON_BEGIN_OBJECT || kind == AK_JSON_BEGIN_ARRAY; }
static bool is_end(int kind) { return kind == AK_JSON_END_OBJECT || kind == AK_JSON_END_ARRAY; }

/* A well-formed document parsed again with ak_json_lane_rest set on each
 * array when its BEGIN_ARRAY comes gives the events of the whole parse
 * less every array element after the first, and less the first too where
 * the parser had not read its first token when the lane was set (seen
 * with a string holding bytes above 0x7f). */
static void rest_check(const uint8_t *data, size_t size)
{
    rest_log whole = {{0}, false, data}, lanes = {{0}, true, data};
    ak_buf_init(&whole.events);
    ak_buf_init(&lanes.events);
    if (parse_with(data, size, rest_record, &whole, NULL, NULL) != AK_JSON_OK)
        abort();
    if (parse_with(data, size, rest_record, &lanes, rest_accept, NULL) != AK_JSON_OK || whole.events.failed ||
        lanes.events.failed)
        abort();
    /* the whole parse's events, the arrays' later elements left out */
    const rest_event *w = (const rest_event *)(const void *)whole.events.data;
    const rest_event *l = (const rest_event *)(const void *)lanes.events.data;
    size_t nw = whole.events.len / sizeof *w, nl = lanes.events.len / sizeof *l, k = 0;
    bool array[AK_DEFAULT_MAX_DEPTH + 2];
    size_t elems[AK_DEFAULT_MAX_DEPTH + 2], depth = 0, skip = 0;
    for (size_t i = 0; i < nw; i++) {
        int kind = w[i].kind;
        if (skip) { /* inside a left-out element */
            if (is_begin(kind))
                skip++;
            else if (is_end(kind))
                skip--;
            continue;
        }
        /* an element: the first comes as events where the parser had read
           its first token when the lane was set, else the lane took it
           with the rest; the others always went with the lane */
        if (depth && array[depth - 1] && !is_end(kind) && kind != AK_JSON_KEY &&
            (elems[depth - 1]++ >= 1 || k >= nl || l[k].offset != w[i].offset)) {
            elems[depth - 1] = 1;
            skip = is_begin(kind);
            continue;
        }
        if (k >= nl || l[k].kind != kind || l[k].offset != w[i].offset)
            abort();
        k++;
        if (is_begin(kind)) {
            if (depth >= AK_DEFAULT_MAX_DEPTH + 2)
                abort();
            array[depth] = kind == AK_JSON_BEGIN_ARRAY;
            elems[depth++] = 0;
        } else if (is_end(kind)) {
            depth--;
        }
    }
    if (k != nl)
        abort();
    ak_buf_free(&whole.events);
    ak_buf_free(&lanes.events);
}

/* An event as members_check compares it. */
typedef struct member_event {
    int kind;
    uint32_t flags;
    size_t offset, length, text_len;
} member_event;

static int member_record(void *user, ak_json_parser *p, const ak_json_event *e)
{
    (void)p;
    member_event ev = {(int)e->kind, e->flags, e->offset, e->length, e->text_len};
    ak_buf_append(user, &ev, sizeof ev);
    return 0;
}

static void same_token(const member_event *w, const ak_json_event *e)
{
    if (w->kind != (int)e->kind || w->offset != e->offset)
        abort();
    if (!is_begin(w->kind) && (w->flags != e->flags || w->length != e->length || w->text_len != e->text_len))
        abort();
}

static void walk_object(const uint8_t *data, size_t size, size_t at, const member_event *ev, size_t n, size_t *i);

/* The container whose bracket is at data[offset] (its events from ev[i]
   on, the first after its BEGIN) ends where the parse's END says, found
   the SSE2 way and the processor's (AVX2 where it has it). */
static void same_ends_both_ways(const uint8_t *data, size_t size, size_t offset, const member_event *ev, size_t n,
                                size_t i)
{
    for (size_t depth = 1; depth; i++) {
        if (i >= n)
            abort();
        depth += is_begin(ev[i].kind) ? 1 : is_end(ev[i].kind) ? (size_t)-1 : 0;
    }
    for (int wide = 0; wide < 2; wide++) {
        const uint8_t *after = ak_json__container_end(data + offset, data + size, wide);
        if (!after || (size_t)(after - data) != ev[i - 1].offset + 1)
            abort();
    }
}

/* The elements of an array from ev[*i] (the first event after its
   BEGIN_ARRAY) to past its END_ARRAY: its objects walked (walk_object). */
static void walk_array(const uint8_t *data, size_t size, const member_event *ev, size_t n, size_t *i)
{
    for (;;) {
        if (*i >= n)
            abort();
        int kind = ev[(*i)++].kind;
        if (kind == AK_JSON_END_ARRAY)
            return;
        if (kind == AK_JSON_BEGIN_OBJECT)
            walk_object(data, size, ev[*i - 1].offset + 1, ev, n, i);
        else if (kind == AK_JSON_BEGIN_ARRAY)
            walk_array(data, size, ev, n, i);
    }
}

/* The members of the object whose contents begin at data[at], read with
   ak_json_next_member, against the parse's events from ev[*i] on (the
   first after its BEGIN_OBJECT); *i ends past its END_OBJECT. */
static void walk_object(const uint8_t *data, size_t size, size_t at, const member_event *ev, size_t n, size_t *i)
{
    ak_json_event name, value;
    for (;;) {
        ak_json_member_status st = ak_json_next_member(data, size, &at, &name, &value);
        if (st == AK_JSON_MEMBERS_END) {
            if (*i >= n || ev[*i].kind != AK_JSON_END_OBJECT || ev[*i].offset + 1 != at)
                abort();
            ++*i;
            return;
        }
        if (st != AK_JSON_MEMBER || *i + 1 >= n)
            abort(); /* well-formed text is never left unread */
        same_token(&ev[(*i)++], &name);
        same_token(&ev[(*i)++], &value);
        if (value.kind == AK_JSON_NUMBER && ak_json_number_class(value.text, value.text_len) !=
                                                (value.flags | AK_JSON_NUMBER_VALID))
            abort(); /* the member machine's class of a number is the number machine's */
        if (value.kind == AK_JSON_BEGIN_OBJECT) {
            walk_object(data, size, at, ev, n, i);
            if (at != value.offset + 1)
                abort();
            at = ev[*i - 1].offset + 1;
        } else if (value.kind == AK_JSON_BEGIN_ARRAY) {
            walk_array(data, size, ev, n, i);
            const uint8_t *after = ak_json_value_end(data + value.offset, data + size);
            if (!after || (size_t)(after - data) != ev[*i - 1].offset + 1)
                abort();
            at = (size_t)(after - data);
        }
    }
}

/* A well-formed document's objects, every one of them, read member by
 * member (ak_json_next_member, what a model reader does with a key it
 * takes whole) give the names and value tokens of the parse's events and
 * end at their '}'; the arrays among them are passed whole
 * (ak_json_value_end) to their ']'; and every container ends where the
 * parse says both ways (same_ends_both_ways). */
static void members_check(const uint8_t *data, size_t size)
{
    ak_buf events;
    ak_buf_init(&events);
    if (parse_with(data, size, member_record, &events, NULL, NULL) != AK_JSON_OK || events.failed)
        abort();
    const member_event *ev = (const member_event *)(const void *)events.data;
    size_t n = events.len / sizeof *ev;
    for (size_t j = 0; j < n; j++)
        if (is_begin(ev[j].kind))
            same_ends_both_ways(data, size, ev[j].offset, ev, n, j + 1);
    size_t i = 1;
    if (n && ev[0].kind == AK_JSON_BEGIN_OBJECT)
        walk_object(data, size, ev[0].offset + 1, ev, n, &i);
    else if (n && ev[0].kind == AK_JSON_BEGIN_ARRAY)
        walk_array(data, size, ev, n, &i);
    if (n && i != n)
        abort();
    ak_buf_free(&events);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (ak_fuzz_alloc_run("json", NULL, data, size))
        return 0;
    ak_diag_options dopt = {false, 0};
    ak_diags *d = ak_diags_new(&dopt);
    ak_diags_set_source(d, data, size, true);
    size_t sink = 0;
    ak_json_status st = parse_with(data, size, use_everything, &sink, NULL, d);
    ak_diags_free(d);

    ak_options opt = {0};
    d = ak_diags_new(&dopt);
    ak_input in = {"fuzz", data, size, false};
    ak_validate(&in, &ak_format_json, &opt, d);
    /* validate and the event parse agree on well-formedness */
    if ((ak_diags_errors(d) == 0) != (st == AK_JSON_OK))
        abort();
    ak_diags_free(d);

    if (st == AK_JSON_OK && !ak_test_round_trip(data, size, "fuzz input"))
        abort();
    if (st == AK_JSON_OK) {
        rest_check(data, size);
        members_check(data, size);
    }
    /* the text in pieces through the language server's incremental sync */
    ak_fuzz_stream_check(data, size, "file:///f/a.json", "json");
    return 0;
}
