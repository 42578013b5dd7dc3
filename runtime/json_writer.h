/* JSON writer: what every JSON emitter and `dump` write through.
 *
 * Compact or pretty (configurable indent), optional sorted keys (buffered
 * per object, nested objects included), shortest round-trip f32/f64, exact
 * integers, minimal escaping (", \ and control characters; U+2028/U+2029
 * and non-ASCII are written as UTF-8), LF line ends, no BOM.
 *
 * The output is always valid JSON. What JSON cannot hold is replaced and
 * flagged: a NaN or infinite number is written as `null`, invalid UTF-8 in
 * a string as U+FFFD, a raw number that is not JSON as `null`; calls out of
 * order (a value where a key is needed, an unbalanced end) are ignored. Each
 * sets `error`, and ak_json_writer_finish returns false: the caller decides
 * whether that output may be used. */
#ifndef AK_RUNTIME_JSON_WRITER_H
#define AK_RUNTIME_JSON_WRITER_H

#include <animkit/animkit.h>

typedef struct ak_json_writer_options {
    unsigned indent;     /* 0 = compact; otherwise spaces per level (pretty) */
    bool sort_keys;      /* members in byte order of their (UTF-8) names */
    bool final_newline;  /* a LF after the top-level value */
} ak_json_writer_options;

/* How ak_json_f64 spells a finite number. */
typedef enum ak_json_number_style {
    AK_JSON_NUMBERS_SHORTEST, /* the shortest round-trip form (ak_format_f64) */
    /* as Qt's QJsonDocument writes a double (Glaxnimate, spec 3.3): integral
       values below 2^53 as integers, others in the shortest round-trip
       digits, in decimal form unless the exponent form is shorter
       (QLocale's FloatingPointShortest with 'g': two exponent digits at
       least), -0 as 0 */
    AK_JSON_NUMBERS_QT,
    /* as ECMAScript's Number::toString lays out the shortest round-trip
       digits (of the float for ak_json_f32): decimal from 1e-6 up to 1e21,
       else 1.5e+21, 1e-7 (AnimJ's canonical form, spec 6.1) */
    AK_JSON_NUMBERS_ECMASCRIPT,
} ak_json_number_style;

typedef struct ak_json_writer_level ak_json_writer_level;

typedef struct ak_json_writer {
    ak_buf *out;
    ak_json_writer_options opt;
    ak_json_writer_level *levels;
    size_t depth, cap;
    bool top_written;
    /* Qt's indented layout (Glaxnimate), set after ak_json_writer_init:
       with sort_keys, a member named first_key comes before every other
       ("__type__"; NULL: none); open_empty writes an empty object or array
       on two lines, the closer at the opener line's indent ("[\n    ]"),
       not {} / []. */
    const char *first_key;
    bool open_empty;
    ak_json_number_style number_style; /* set after ak_json_writer_init too */
    bool error;          /* something was replaced or refused (see above) */
    const char *why;     /* the first such problem, for messages */
} ak_json_writer;

void ak_json_writer_init(ak_json_writer *w, ak_buf *out, const ak_json_writer_options *opt);
/* The order sort_keys writes members in (<0: a first): first_key (NULL:
   none) before every other name, then by bytes, a prefix first. */
int ak_json_name_order(const char *first, const char *a, size_t alen, const char *b, size_t blen);
/* Closes nothing: returns true when exactly one complete value was written
 * and nothing was replaced or refused. Frees internal buffers. */
bool ak_json_writer_finish(ak_json_writer *w);

void ak_json_begin_object(ak_json_writer *w);
void ak_json_end_object(ak_json_writer *w);
void ak_json_begin_array(ak_json_writer *w);
void ak_json_end_array(ak_json_writer *w);
/* A member name (UTF-8 bytes, not escaped). */
void ak_json_key(ak_json_writer *w, const char *s, size_t n);
void ak_json_keyz(ak_json_writer *w, const char *s);
/* ak_json_key of a name that needs no escape (ASCII without a control
   byte, a quote or a backslash: the caller knows, as a generated table's
   names are checked when they are generated), copied as it is. */
void ak_json_key_plain(ak_json_writer *w, const char *s, size_t n);
/* An object of n numbers, {"x": 1, "y": 2}: member names[i] (lens[i]
   bytes, as ak_json_key_plain takes them) with values[i] as ak_json_f32
   (f32: each a float, exactly) or ak_json_f64 writes it. The same text as
   those calls one by one; where the writer has room to spare and writes as
   it goes (no sorting), in one piece (a conversion's vector values and
   tangents). */
void ak_json_number_members(ak_json_writer *w, const char *const *names, const size_t *lens, const double *values,
                            size_t n, bool f32);
void ak_json_string(ak_json_writer *w, const char *s, size_t n);
void ak_json_stringz(ak_json_writer *w, const char *s);
void ak_json_f64(ak_json_writer *w, double v);
void ak_json_f32(ak_json_writer *w, float v);
void ak_json_i64(ak_json_writer *w, int64_t v);
void ak_json_u64(ak_json_writer *w, uint64_t v);
/* For dumps: exact in every JSON reader. Integers within +-(2^53 - 1) as
 * numbers, larger ones as decimal strings ("7678342587423515334"), which
 * jq and JavaScript keep exactly where they would round a number; undump
 * takes an integer field in either form. The _buf forms append to a
 * buffer directly (the generic layout dump). */
void ak_json_u64_portable(ak_json_writer *w, uint64_t v);
void ak_json_i64_portable(ak_json_writer *w, int64_t v);
void ak_buf_json_u64(ak_buf *b, uint64_t v);
void ak_buf_json_i64(ak_buf *b, int64_t v);
void ak_json_bool(ak_json_writer *w, bool v);
void ak_json_null(ak_json_writer *w);
/* A number written as given (e.g. copied from a source file), after
 * checking that it is a JSON number. */
void ak_json_raw_number(ak_json_writer *w, const char *s, size_t n);

#endif
