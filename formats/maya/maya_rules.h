/* The rules of the Maya .anim format: spec section 4, one line each, with
 * the strict and the compatible severity (E/W; a rule the spec marks "-"
 * for the compatible level is reported there as a warning). */
#ifndef AK_MAYA_RULES_H
#define AK_MAYA_RULES_H

#include <animkit/animkit.h>

#define MAYA_RULES(X) \
    X(MR_FILE_EMPTY, "maya.file.empty", E, E, "No tokens; `animVersion` missing.") \
    X(MR_FILE_FOREIGN_FORMAT, "maya.file.foreign-format", E, E, "Another `.anim` format (§1.1).") \
    X(MR_FILE_BOM, "maya.file.bom", E, E, "Maya reads the BOM into the first word, so `animVersion` is not found [I]. Option `accept_bom` → W.") \
    X(MR_FILE_NUL_BYTE, "maya.file.nul-byte", E, E, "Not text.") \
    X(MR_FILE_CONTROL_CHAR, "maya.file.control-char", E, W, "C0 byte other than HT LF VT FF CR becomes part of a word.") \
    X(MR_FILE_BARE_CR, "maya.file.bare-cr", E, E, "CR-only line ends: skip-to-LF eats the file [I].") \
    X(MR_FILE_MIXED_EOL, "maya.file.mixed-eol", W, W, "Maya uses one line-end style.") \
    X(MR_FILE_FINAL_NEWLINE, "maya.file.final-newline", W, W, "Maya ends every line.") \
    X(MR_FILE_NO_CURVES, "maya.file.no-curves", W, W, "No `anim` entry.") \
    X(MR_LEX_COMMENT, "maya.lex.comment", W, W, "Maya never writes comments.") \
    X(MR_LEX_STRAY_SEMICOLON, "maya.lex.stray-semicolon", W, W, "Extra or misplaced `;`.") \
    X(MR_LEX_WORD_SPANS_LINE, "maya.lex.word-spans-line", E, E, "Unquoted word contains LF/CR (missing `;`): Maya swallows the next line.") \
    X(MR_LEX_MISSING_SEMICOLON, "maya.lex.missing-semicolon", E, W, "Statement/key line without its `;` (harmless after numbers).") \
    X(MR_LEX_QUOTED_WORD, "maya.lex.quoted-word", W, W, "Maya never writes quotes [I].") \
    X(MR_LEX_UNTERMINATED_QUOTE, "maya.lex.unterminated-quote", E, E, "Runs to EOF.") \
    X(MR_LEX_BAD_NUMBER, "maya.lex.bad-number", E, E, "Numeric field not one complete C++ double ended by whitespace, `;` or comment (nan, inf, `1,5`, `0x1`, overflow): Maya hangs [I].") \
    X(MR_LEX_NUMBER_NONCANONICAL, "maya.lex.number-noncanonical", W, W, "Lexeme ≠ `%.{P}g` of its value, P = file precision (max significant digits, ≥ 8): `+1`, `.5`, `1.0`, `1E5`, `e-006`.") \
    X(MR_LEX_LONG_WORD, "maya.lex.long-word", W, W, "> 1023 bytes: split by 2016-era readers.") \
    X(MR_LEX_NON_ASCII, "maya.lex.non-ascii", W, W, "Maya names are ASCII [I].") \
    X(MR_HEADER_MISSING_VERSION, "maya.header.missing-version", E, E, "Maya refuses the file.") \
    X(MR_HEADER_VERSION_VALUE, "maya.header.version-value", E, W, "Not exactly `1.1` (Maya warns); < 1.1 ⇒ 6/8/10-field keys; non-numeric reads as 0.") \
    X(MR_HEADER_VERSION_NOT_FIRST, "maya.header.version-not-first", W, W, "Written first; content sniffing needs it at byte 0.") \
    X(MR_HEADER_MISSING_MAYA_VERSION, "maya.header.missing-maya-version", W, W, "Always written.") \
    X(MR_HEADER_DUPLICATE, "maya.header.duplicate", E, W, "Repeated keyword; last wins.") \
    X(MR_HEADER_ORDER, "maya.header.order", W, W, "Not Maya's order.") \
    X(MR_HEADER_UNKNOWN_UNIT, "maya.header.unknown-unit", E, E, "`timeUnit`/`linearUnit`/`angularUnit` value not in §2.3: meaning then depends on the importing scene.") \
    X(MR_HEADER_LONG_UNIT_NAME, "maya.header.long-unit-name", W, W, "Long forms are read, never written.") \
    X(MR_HEADER_MISSING_UNIT, "maya.header.missing-unit", W, W, "A unit some curve needs (time input, linear/angular output) is absent: scene UI unit used.") \
    X(MR_HEADER_UNIT_RANGE_COUPLING, "maya.header.unit-range-coupling", W, W, "Maya writes units exactly when `startTime` ≠ `endTime`, with the range.") \
    X(MR_HEADER_RANGE_INCOMPLETE, "maya.header.range-incomplete", W, W, "Only one of a start/end pair.") \
    X(MR_HEADER_RANGE_ORDER, "maya.header.range-order", W, W, "start > end (range recomputed); start = end is never written.") \
    X(MR_HEADER_MAYA2_ANGLES, "maya.header.maya2-angles", W, W, "`mayaVersion 2.*`: legacy fixed-tangent convention, converted (§3.2).") \
    X(MR_BODY_UNKNOWN_KEYWORD, "maya.body.unknown-keyword", E, E, "Unrecognised top-level word; Maya skips the line.") \
    X(MR_ANIM_NAME_COUNT, "maya.anim.name-count", E, E, "2 or ≥ 4 names: Maya reads 0, 1 or 3 and misparses.") \
    X(MR_ANIM_INDEX_SYNTAX, "maya.anim.index-syntax", E, E, "row/child/attr not starting with a digit (`-1`) is taken as a name.") \
    X(MR_ANIM_INDEX_RANGE, "maya.anim.index-range", E, W, "Non-integer or > 4294967295: truncated by the unsigned cast.") \
    X(MR_ANIM_NO_NAME, "maya.anim.no-name", W, W, "`anim r c a;` is never written.") \
    X(MR_ANIM_PLACEHOLDER_NAMES, "maya.anim.placeholder-names", W, W, "Placeholder with 3 names; Maya writes the node only.") \
    X(MR_ANIMDATA_ORPHAN, "maya.animdata.orphan", E, E, "`animData` not right after an `anim` line.") \
    X(MR_ANIMDATA_MISSING_BRACE, "maya.animdata.missing-brace", E, W, "No `{` after `animData` (skipped when present).") \
    X(MR_ANIMDATA_UNKNOWN_KEYWORD, "maya.animdata.unknown-keyword", E, E, "Maya errors, then reads the value as another keyword.") \
    X(MR_ANIMDATA_DUPLICATE, "maya.animdata.duplicate", E, W, "Repeated statement; last wins.") \
    X(MR_ANIMDATA_ORDER, "maya.animdata.order", W, W, "Not Maya's order.") \
    X(MR_ANIMDATA_MISSING_STATEMENT, "maya.animdata.missing-statement", W, W, "`input`/`output`/`weighted`/`preInfinity`/`postInfinity` absent; defaults apply.") \
    X(MR_ANIMDATA_UNKNOWN_ENUM, "maya.animdata.unknown-enum", E, W, "Unknown `input`/`output` (→ unitless) or infinity (→ constant) word, coerced silently.") \
    X(MR_ANIMDATA_WEIGHTED_VALUE, "maya.animdata.weighted-value", E, W, "Not `0`/`1`; only exactly 1 means weighted.") \
    X(MR_ANIMDATA_WEIGHTED_V10, "maya.animdata.weighted-v10", W, W, "`weighted` in a 1.0 file (introduced in 1.1).") \
    X(MR_ANIMDATA_UNKNOWN_UNIT, "maya.animdata.unknown-unit", E, E, "`inputUnit`/`outputUnit`/`tangentAngleUnit` unknown or of the wrong class: header unit used.") \
    X(MR_ANIMDATA_VERBOSE_PARTIAL, "maya.animdata.verbose-partial", W, W, "Only some of the three verbose unit lines.") \
    X(MR_ANIMDATA_MISSING_KEYS, "maya.animdata.missing-keys", E, E, "No `keys` before `}`, `anim` or EOF.") \
    X(MR_ANIMDATA_KEYS_BRACE_LINE, "maya.animdata.keys-brace-line", E, E, "`{` not on the `keys` line: Maya reads `{` as a key time and stalls [I].") \
    X(MR_ANIMDATA_KEYS_LINE_TRAILING, "maya.animdata.keys-line-trailing", E, E, "Tokens after `keys {` are discarded (a key there is lost).") \
    X(MR_ANIMDATA_MISSING_CLOSE, "maya.animdata.missing-close", E, E, "`}` of `animData` missing.") \
    X(MR_ANIMDATA_CLOSE_SAME_LINE, "maya.animdata.close-same-line", E, E, "`} }` on one line: the second brace is discarded unseen.") \
    X(MR_ANIMDATA_TIME_TO_TIME, "maya.animdata.time-to-time", W, W, "Time→time curve: devkit import uses the value as key time.") \
    X(MR_KEY_FIELD_COUNT, "maya.key.field-count", E, W, "Not exactly 7/9/11 (≥ 1.1) or 6/8/10 (1.0) fields on the line.") \
    X(MR_KEY_SPLIT_LINE, "maya.key.split-line", E, W, "Key spans lines; Maya joins them.") \
    X(MR_KEY_TRAILING_FIELDS, "maya.key.trailing-fields", E, W, "Tokens after the last field; ignored by Maya.") \
    X(MR_KEY_LOST_KEY, "maya.key.lost-key", E, E, "Trailing tokens form another key; Maya drops it.") \
    X(MR_KEY_UNKNOWN_TANGENT, "maya.key.unknown-tangent", E, W, "Becomes `global` silently; a misspelt `fixed` also shifts fields.") \
    X(MR_KEY_TANGENT_PORTABILITY, "maya.key.tangent-portability", W, W, "`autoease/automix/autocustom` become `global` in pre-2023 readers.") \
    X(MR_KEY_OBSOLETE_TANGENT, "maya.key.obsolete-tangent", W, W, "`slow`/`fast`.") \
    X(MR_KEY_FLAG_VALUE, "maya.key.flag-value", E, W, "Lock/breakdown flag not `0`/`1` (reader: `== 1`; S6: non-zero).") \
    X(MR_KEY_TIME_ORDER, "maya.key.time-order", E, W, "Times not strictly increasing; unchecked by Maya.") \
    X(MR_KEY_EMPTY_CURVE, "maya.key.empty-curve", W, W, "`keys` block without keys.") \
    X(MR_KEY_NONWEIGHTED_WEIGHT, "maya.key.nonweighted-weight", W, W, "Non-weighted curve with fixed weight ≠ 1 (Maya writes 1).") \
    X(MR_KEY_WEIGHT_RANGE, "maya.key.weight-range", W, W, "Weighted curve, fixed weight ≤ 0 [G].") \
    X(MR_KEY_ANGLE_RANGE, "maya.key.angle-range", W, W, "Fixed angle outside (−90°, 90°) [G].") \
    X(MR_KEY_TINY_VALUE, "maya.key.tiny-value", W, W, "Non-zero |v| ≤ 1e-10; Maya writes `0`.") \
    X(MR_LIMIT_FILE_SIZE, "maya.limit.file-size", E, E, "> `max_file_bytes` (256 MiB).") \
    X(MR_LIMIT_LINE_LENGTH, "maya.limit.line-length", E, E, "> `max_line_bytes` (1 MiB); bounds the skip-to-LF scans.") \
    X(MR_LIMIT_TOKEN_LENGTH, "maya.limit.token-length", E, E, "> `max_token_bytes` (64 KiB).") \
    X(MR_LIMIT_ENTRY_COUNT, "maya.limit.entry-count", E, E, "> `max_entries` `anim` entries (1,000,000).") \
    X(MR_LIMIT_KEY_COUNT, "maya.limit.key-count", E, E, "> `max_keys_per_curve` (10^7) or `max_keys_total` (10^8).") \
    X(MR_EMIT_UNWRITABLE, "maya.emit.unwritable", E, E, "Writing a .anim: a name, word or number that Maya's format cannot hold (spec 5.1: NaN/Inf, names with blanks or ';' under --strict, words with blanks, quotes or line ends). Not a rule of .anim files.") \
    X(MR_CONVERT_LOSS, "maya.convert.loss", W, W, "Converting to .anim: something of the source animation that a Maya .anim cannot hold (not a rule of .anim files).") \
    X(MR_UNDUMP_BAD_MEMBER, "maya.undump.bad-member", E, E, "Building a .anim from its JSON dump: a member is unknown, of the wrong type or out of place (not a rule of .anim files; see docs/formats/maya.md).") \

enum maya_rule_id {
#define X(id, code, strict, compat, rationale) id,
    MAYA_RULES(X)
#undef X
    MR_COUNT
};

extern const ak_rule maya_rules[MR_COUNT];

#endif
