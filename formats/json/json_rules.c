/* The rules of the JSON front end, shared by every JSON-based format (the
 * AnimJ and Glaxnimate validators report these codes for syntax; they give
 * duplicate members their own rule). Indices: AK_JSON_R_* in
 * grammars/json_parser.h; documented in docs/formats/json.md. */
#include "json_parser.h"

#define E AK_SEV_ERROR
#define W AK_SEV_WARNING

const ak_rule ak_json_rules[AK_JSON_R_COUNT] = {
    [AK_JSON_R_EMPTY_INPUT] = {"json.syntax.empty-input", E, E, "the input has no JSON value",
                               "RFC 8259 section 2: a JSON text is one value; empty or blank input is none."},
    [AK_JSON_R_UNEXPECTED_TOKEN] = {"json.syntax.unexpected-token", E, E, "expected one token, found another",
                                    "The grammar of RFC 8259 section 2 allows nothing else at that point; the "
                                    "message names what would have been accepted."},
    [AK_JSON_R_UNEXPECTED_CHAR] = {"json.syntax.unexpected-char", E, E, "a character that starts no JSON token",
                                   "Outside strings JSON has only structural characters, literals, numbers "
                                   "and the four whitespace characters."},
    [AK_JSON_R_TRAILING_COMMA] = {"json.syntax.trailing-comma", E, E, "a comma before '}' or ']'",
                                  "RFC 8259 sections 4 and 5: commas separate members and elements; "
                                  "JavaScript and JSON5 accept a trailing one, JSON parsers do not."},
    [AK_JSON_R_TRAILING_DATA] = {"json.syntax.trailing-data", E, E, "data after the top-level value",
                                 "A JSON text is exactly one value with optional whitespace around it; "
                                 "concatenated documents are not JSON."},
    [AK_JSON_R_UNTERMINATED_STRING] = {"json.syntax.unterminated-string", E, E, "a string without its closing quote",
                                       "RFC 8259 section 7: a string ends with a quotation mark."},
    [AK_JSON_R_BAD_ESCAPE] = {"json.syntax.bad-escape", E, E, "an invalid escape sequence in a string",
                              "RFC 8259 section 7 allows \\\" \\\\ \\/ \\b \\f \\n \\r \\t and \\u with four hex digits."},
    [AK_JSON_R_CONTROL_CHAR] = {"json.syntax.control-char", E, E, "an unescaped control character in a string",
                                "RFC 8259 section 7: U+0000 to U+001F must be escaped in strings."},
    [AK_JSON_R_LONE_SURROGATE] = {"json.syntax.lone-surrogate", E, E, "a \\u escape of an unpaired surrogate",
                                  "A UTF-16 surrogate escape must be a high one (D800-DBFF) followed by a low one "
                                  "(DC00-DFFF); a lone one is no character and cannot be turned into UTF-8."},
    [AK_JSON_R_SINGLE_QUOTE] = {"json.syntax.single-quote", E, E, "a single-quoted string",
                                "JSON strings are delimited by double quotes only."},
    [AK_JSON_R_COMMENT] = {"json.syntax.comment", E, E, "a comment",
                           "JSON has no comments (RFC 8259); strict parsers reject // and /* */."},
    [AK_JSON_R_LEADING_ZERO] = {"json.syntax.leading-zero", E, E, "a number with a leading zero",
                                "RFC 8259 section 6: leading zeros are not allowed (01 could be read as octal)."},
    [AK_JSON_R_BAD_NUMBER] = {"json.syntax.bad-number", E, E, "a malformed number",
                              "RFC 8259 section 6: -? int frac? exp?; no '+' sign, no bare '.', digits after "
                              "'.' and in the exponent, no hexadecimal."},
    [AK_JSON_R_NON_FINITE] = {"json.syntax.non-finite", E, E, "NaN or Infinity",
                              "RFC 8259 section 6: numeric values that cannot be represented as digits "
                              "(Infinity, NaN) are not permitted."},
    [AK_JSON_R_BAD_LITERAL] = {"json.syntax.bad-literal", E, E, "a word that is not true, false or null",
                               "The only JSON literals are the lower-case true, false and null; other words "
                               "are usually unquoted strings."},
    [AK_JSON_R_BOM] = {"json.encoding.bom", W, E, "a UTF-8 byte order mark",
                       "RFC 8259 section 8.1: implementations must not add a BOM; parsers may ignore one."},
    [AK_JSON_R_UTF16] = {"json.encoding.utf16", E, E, "the input is UTF-16",
                         "RFC 8259 section 8.1: JSON exchanged between systems must be UTF-8."},
    [AK_JSON_R_UTF32] = {"json.encoding.utf32", E, E, "the input is UTF-32",
                         "RFC 8259 section 8.1: JSON exchanged between systems must be UTF-8."},
    [AK_JSON_R_INVALID_UTF8] = {"json.encoding.invalid-utf8", E, E, "ill-formed UTF-8",
                                "RFC 8259 section 8.1 and RFC 3629: no overlong forms, no surrogates, nothing "
                                "above U+10FFFF, no truncated sequences."},
    [AK_JSON_R_DEPTH] = {"json.limit.depth", E, E, "nesting deeper than the limit",
                         "Nesting is bounded (default 512, --max-depth) so that hostile input cannot "
                         "exhaust memory or a consumer's stack (RFC 8259 section 9 allows the limit)."},
    [AK_JSON_R_DUPLICATE_MEMBER] = {"json.object.duplicate-member", W, E, "a member name used twice in one object",
                                    "RFC 8259 section 4: names should be unique; readers disagree on which "
                                    "value wins. Formats built on JSON report it with their own rule."},
    [AK_JSON_R_OUT_OF_RANGE] = {"json.number.out-of-range", E, E, "an integer out of the range asked for",
                                "A consumer asked for an exact integer that the number does not fit; it is "
                                "reported instead of wrapping or clamping."},
    [AK_JSON_R_NOT_INTEGER] = {"json.number.not-integer", E, E, "a number that is not an integer",
                               "A consumer asked for an exact integer and the number has a fractional value."},
};
