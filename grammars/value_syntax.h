/* Value syntaxes: the Ragel machines (grammars/value_syntax.rl) that check
 * the text of a JSON string value, referenced from schemas with
 * `syntax <name> = machine <machine>` and checked by the generated
 * validators (`syntax <name> @code` on a member).
 *
 * animgen links this table too: a schema naming a machine that is not in
 * it does not compile, and the JSON Schema export writes each machine's
 * equivalent ECMA-262 pattern (and `format`, where one exists). */
#ifndef AK_GRAMMARS_VALUE_SYNTAX_H
#define AK_GRAMMARS_VALUE_SYNTAX_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* True when the whole of s[0..n) (decoded string content) matches. */
typedef bool (*ak_value_syntax_fn)(const uint8_t *s, size_t n);

/* The canonical spelling of s[0..n) into out: its length, 0 when s has
 * none (it is left as it is). */
#define AK_VALUE_CANONICAL_MAX 64
typedef size_t (*ak_value_canonical_fn)(const uint8_t *s, size_t n, char out[AK_VALUE_CANONICAL_MAX]);

typedef struct ak_value_syntax {
    const char *machine;   /* the name schemas use */
    ak_value_syntax_fn match;
    const char *pattern;   /* the same language as an ECMA-262 regular expression (JSON Schema `pattern`) */
    const char *format;    /* a JSON Schema `format` that names it, or NULL */
    const char *about;     /* what it accepts, for messages and the export's $comment */
    /* the canonical spelling of the values a lenient sibling machine
       accepts (`syntax color = machine color_hex canonical`), or NULL */
    ak_value_canonical_fn canonical;
} ak_value_syntax;

/* Canonical UUID: 8-4-4-4-12 lower-case hex digits, no braces, not the nil UUID. */
bool ak_syntax_uuid(const uint8_t *s, size_t n);
/* A UUID a lenient reader parses (Qt's QUuid): braces optional, any case; not nil. */
bool ak_syntax_uuid_any(const uint8_t *s, size_t n);
/* Parses what ak_syntax_uuid_any accepts into its 16 bytes (the digits in
 * order); false for anything else, the nil UUID included. */
bool ak_uuid_parse(const uint8_t *s, size_t n, uint8_t out[16]);
/* Canonical colour: #rrggbb, or #rrggbbaa when the alpha is not ff; lower case. */
bool ak_syntax_color_hex(const uint8_t *s, size_t n);
/* What Glaxnimate's loader reads as a colour: # and 3, 6, 8, 9 or 12 hex
 * digits in any case (8: #rrggbbaa, the others Qt's forms), or an SVG colour
 * keyword or `transparent`, case-insensitive. */
bool ak_syntax_color_any(const uint8_t *s, size_t n);
/* Canonical padded base64 (RFC 4648 section 4): whole quanta, `=` padding,
 * zero pad bits, no whitespace or line breaks; empty is valid. */
bool ak_syntax_base64(const uint8_t *s, size_t n);

/* Canonical spellings: a UUID that ak_uuid_parse reads, bare and lower
 * case; a colour # and 3, 6 or 8 hex digits as lower-case #rrggbb, with
 * the alpha (#rrggbbaa) only when it is not ff. */
size_t ak_canonical_uuid(const uint8_t *s, size_t n, char out[AK_VALUE_CANONICAL_MAX]);
size_t ak_canonical_color(const uint8_t *s, size_t n, char out[AK_VALUE_CANONICAL_MAX]);
/* The red, green, blue and alpha of a colour # and 3, 6 or 8 hex digits in
 * any case (#rgb, #rrggbb, #rrggbbaa; alpha ff when absent); false for
 * anything else. */
bool ak_color_parse(const uint8_t *s, size_t n, uint8_t rgba[4]);

extern const ak_value_syntax ak_value_syntaxes[];
extern const size_t ak_value_syntax_count;

/* The machine of that name, or NULL. */
const ak_value_syntax *ak_value_syntax_find(const char *machine);

#endif
