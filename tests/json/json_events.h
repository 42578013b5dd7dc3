/* Shared by the JSON unit tests: an event stream as text, for comparing
 * parses (one line per event: kind, then the decoded string or the number
 * text), and a parse -> write -> parse round trip. */
#ifndef AK_TEST_JSON_EVENTS_H
#define AK_TEST_JSON_EVENTS_H

#include "../../grammars/json_parser.h"
#include "json_writer.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *const ak_test_event_names[] = {"{", "key", "}", "[", "]", "str", "num", "true", "false", "null"};

static int ak_test_record(void *user, ak_json_parser *p, const ak_json_event *e)
{
    ak_buf *b = user;
    (void)p;
    ak_buf_puts(b, ak_test_event_names[e->kind]);
    if (e->kind == AK_JSON_KEY || e->kind == AK_JSON_STRING) {
        ak_buf_putc(b, ' ');
        ak_buf s;
        ak_buf_init(&s);
        ak_json_string_decode(e, &s);
        ak_buf_json_string(b, s.data ? s.data : "", s.len);
        ak_buf_free(&s);
    } else if (e->kind == AK_JSON_NUMBER) {
        ak_buf_putc(b, ' ');
        ak_buf_append(b, e->text, e->text_len);
    }
    ak_buf_putc(b, '\n');
    return 0;
}

/* Events of data as text; the status of the parse in *st. */
static inline char *ak_test_events(const void *data, size_t size, ak_json_status *st)
{
    ak_buf b;
    ak_buf_init(&b);
    ak_json_config cfg;
    memset(&cfg, 0, sizeof cfg);
    cfg.handler = ak_test_record;
    cfg.user = &b;
    cfg.max_depth = 100000;
    *st = ak_json_parse(data, size, &cfg, NULL);
    ak_buf_cstr(&b);
    return b.data;
}

static int ak_test_rewrite(void *user, ak_json_parser *p, const ak_json_event *e)
{
    ak_json_writer *w = user;
    (void)p;
    ak_buf s;
    ak_buf_init(&s);
    switch (e->kind) {
    case AK_JSON_BEGIN_OBJECT: ak_json_begin_object(w); break;
    case AK_JSON_END_OBJECT: ak_json_end_object(w); break;
    case AK_JSON_BEGIN_ARRAY: ak_json_begin_array(w); break;
    case AK_JSON_END_ARRAY: ak_json_end_array(w); break;
    case AK_JSON_KEY:
        ak_json_string_decode(e, &s);
        ak_json_key(w, s.data ? s.data : "", s.len);
        break;
    case AK_JSON_STRING:
        ak_json_string_decode(e, &s);
        ak_json_string(w, s.data ? s.data : "", s.len);
        break;
    case AK_JSON_NUMBER: ak_json_raw_number(w, e->text, e->text_len); break;
    case AK_JSON_TRUE: ak_json_bool(w, true); break;
    case AK_JSON_FALSE: ak_json_bool(w, false); break;
    case AK_JSON_NULL: ak_json_null(w); break;
    }
    ak_buf_free(&s);
    return 0;
}

/* Writes the document again with the given indent; NULL when the parse or
 * the writer failed. */
static inline char *ak_test_rewritten(const void *data, size_t size, unsigned indent, size_t *len)
{
    ak_buf out;
    ak_buf_init(&out);
    ak_json_writer w;
    ak_json_writer_options wopt = {indent, false, indent != 0};
    ak_json_writer_init(&w, &out, &wopt);
    ak_json_config cfg;
    memset(&cfg, 0, sizeof cfg);
    cfg.handler = ak_test_rewrite;
    cfg.user = &w;
    cfg.max_depth = 100000;
    ak_json_status st = ak_json_parse(data, size, &cfg, NULL);
    bool ok = ak_json_writer_finish(&w);
    if (st != AK_JSON_OK || !ok) {
        ak_buf_free(&out);
        return NULL;
    }
    ak_buf_cstr(&out);
    *len = out.len;
    return out.data;
}

/* parse -> write (compact and pretty) -> parse gives the same events. */
static inline bool ak_test_round_trip(const void *data, size_t size, const char *what)
{
    ak_json_status st;
    char *before = ak_test_events(data, size, &st);
    if (st != AK_JSON_OK) {
        fprintf(stderr, "%s: does not parse\n", what);
        free(before);
        return false;
    }
    bool ok = true;
    for (unsigned indent = 0; indent <= 4 && ok; indent += 4) {
        size_t len = 0;
        char *text = ak_test_rewritten(data, size, indent, &len);
        if (!text) {
            fprintf(stderr, "%s: the writer failed (indent %u)\n", what, indent);
            ok = false;
            break;
        }
        char *after = ak_test_events(text, len, &st);
        if (st != AK_JSON_OK || strcmp(before ? before : "", after ? after : "") != 0) {
            fprintf(stderr, "%s: events differ after writing (indent %u)\n", what, indent);
            ok = false;
        }
        free(after);
        free(text);
    }
    free(before);
    return ok;
}

#endif
