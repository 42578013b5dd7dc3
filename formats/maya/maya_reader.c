/* The Maya .anim reader: Maya's reader model (spec 2.1, 2.5) over the
 * generated scanner and grammar, with the checks of spec section 4.
 *
 * What is here and not in the grammar files: which scanner primitive applies
 * (it depends on where the reader is, as in Maya), the key lines (how many
 * fields a key has depends on animVersion and on its tangent words), the
 * layout checks that compare what Maya writes with what is there, and
 * recovery: after an error that makes Maya hang or lose its place, the reader
 * resumes at the next line that starts with `anim`, so that every mistake of
 * a file is reported. */
#include "maya_reader_priv.h"

#include "maya_anim.h"
#include "release.h"

#include <numbers.h>

#include <math.h>
#include <stdlib.h>
#include <string.h>

#define MAYA_MAX_FILE_BYTES ((size_t)256 << 20)
#define MAYA_MAX_TOKEN_BYTES ((size_t)64 << 10)
#define MAYA_MAX_LINE_BYTES ((size_t)1 << 20)
#define MAYA_MAX_ENTRIES 1000000u
#define MAYA_MAX_KEYS_PER_CURVE 10000000u
#define MAYA_MAX_KEYS_TOTAL 100000000u

/* Maya's header order (spec 2.6): position of each header keyword. */
static int header_position(maya_kw kw)
{
    switch (kw) {
    case MAYA_KW_ANIMVERSION: return 0;
    case MAYA_KW_MAYAVERSION: return 1;
    case MAYA_KW_TIMEUNIT: return 2;
    case MAYA_KW_LINEARUNIT: return 3;
    case MAYA_KW_ANGULARUNIT: return 4;
    case MAYA_KW_STARTTIME: return 5;
    case MAYA_KW_ENDTIME: return 6;
    case MAYA_KW_STARTUNITLESS: return 7;
    case MAYA_KW_ENDUNITLESS: return 8;
    default: return -1;
    }
}

static int adata_position(maya_kw kw)
{
    switch (kw) {
    case MAYA_KW_INPUT: return 0;
    case MAYA_KW_OUTPUT: return 1;
    case MAYA_KW_WEIGHTED: return 2;
    case MAYA_KW_INPUTUNIT: return 3;
    case MAYA_KW_OUTPUTUNIT: return 4;
    case MAYA_KW_TANGENTANGLEUNIT: return 5;
    case MAYA_KW_PREINFINITY: return 6;
    case MAYA_KW_POSTINFINITY: return 7;
    default: return -1;
    }
}

static const char *const kw_names[MAYA_KW_COUNT] = {
    "", "animVersion", "mayaVersion", "timeUnit", "linearUnit", "angularUnit", "startTime",
    "endTime", "startUnitless", "endUnitless", "anim", "animData", "input", "output", "weighted",
    "inputUnit", "outputUnit", "tangentAngleUnit", "preInfinity", "postInfinity", "keys",
};

/* ------------------------------------------------------------------ */
/* Reporting                                                           */

static bool report_at(maya_reader *rd, int rule, size_t off, size_t len, uint32_t line, uint32_t col,
                      const char *fmt, ...) AK_PRINTF(7, 8);
static bool report_at(maya_reader *rd, int rule, size_t off, size_t len, uint32_t line, uint32_t col,
                      const char *fmt, ...)
{
    if (rd->stop)
        return false;
    va_list ap;
    va_start(ap, fmt);
    bool more = ak_vreport(rd->d, &maya_rules[rule], off, len, line, col, "", fmt, ap);
    va_end(ap);
    if (!more)
        rd->stop = true;
    return more;
}

#define REPORT_TOK(rd, rule, t, ...) report_at((rd), (rule), (t)->start, (t)->len, (t)->line, (t)->col, __VA_ARGS__)
/* At an offset: the engine computes line and column. */
#define REPORT_OFF(rd, rule, off, len, ...) report_at((rd), (rule), (off), (len), 0, 0, __VA_ARGS__)

static int tok_len(const maya_tok *t) { return t->len > 60 ? 60 : (int)t->len; }
#define TOKS(rd, t) tok_len(t), (const char *)(rd)->data + (t)->off

/* Offset right after a token (where a missing ';' belongs). */
static size_t tok_end(const maya_tok *t) { return t->off + t->len + (t->cls == MAYA_C_QUOTED ? 1 : 0); }

/* A statement's last token must be followed by its ';' (rule 13). */
static void check_final(maya_reader *rd, const maya_tok *t)
{
    if (t->end != MAYA_END_SEMI && t->end != MAYA_END_EOF && t->cls != MAYA_C_REST)
        REPORT_OFF(rd, MR_LEX_MISSING_SEMICOLON, tok_end(t), 0, "missing ';' after '%.*s'", TOKS(rd, t));
    else if (t->end == MAYA_END_EOF && t->cls != MAYA_C_REST)
        REPORT_OFF(rd, MR_LEX_MISSING_SEMICOLON, tok_end(t), 0, "missing ';' after '%.*s'", TOKS(rd, t));
}

/* A token inside a statement must not carry a ';' (rule 11). */
static void check_inner(maya_reader *rd, const maya_tok *t)
{
    if (t->end == MAYA_END_SEMI)
        REPORT_OFF(rd, MR_LEX_STRAY_SEMICOLON, tok_end(t), 1, "';' inside a statement");
}

/* A word that Maya reads with `word` runs on into the next line when no ';',
 * space or tab ends it (rule 12). Returns false when it does. */
static bool check_word_end(maya_reader *rd, const maya_tok *t)
{
    if ((t->cls == MAYA_C_WORD) && (t->end == MAYA_END_EOL || t->end == MAYA_END_OTHER)) {
        REPORT_OFF(rd, MR_LEX_WORD_SPANS_LINE, tok_end(t), 0,
                   "'%.*s' is not ended by ';': Maya's reader runs the word on into the next line",
                   TOKS(rd, t));
        rd->resync = true;
        return false;
    }
    return true;
}

static bool tok_is(const maya_reader *rd, const maya_tok *t, const char *s)
{
    size_t n = strlen(s);
    return t->len == n && memcmp(rd->data + t->off, s, n) == 0;
}

static char *tok_dup(maya_reader *rd, const maya_tok *t)
{
    return ak_arena_strndup(rd->arena, (const char *)rd->data + t->off, t->len);
}

/* ------------------------------------------------------------------ */
/* Numbers                                                             */

/* Significant digits and decimal exponent of a %g-shaped lexeme. */
static void digits_of(const uint8_t *s, size_t n, maya_numclass c, int *sig, int *exp10)
{
    size_t i = 0;
    if (i < n && s[i] == '-')
        i++;
    int int_digits = 0, frac_digits = 0, lead_zeros = 0;
    bool int_zero = false;
    while (i < n && s[i] >= '0' && s[i] <= '9') {
        int_digits++;
        i++;
    }
    if (int_digits == 1 && s[i - 1] == '0')
        int_zero = true;
    if (i < n && s[i] == '.') {
        i++;
        bool nonzero = false;
        while (i < n && s[i] >= '0' && s[i] <= '9') {
            if (!nonzero && s[i] == '0')
                lead_zeros++;
            else
                nonzero = true;
            frac_digits++;
            i++;
        }
    }
    if (c == MAYA_N_EXP) {
        *sig = int_digits + frac_digits;
        int e = 0, sign = 1;
        if (i < n && (s[i] == 'e' || s[i] == 'E'))
            i++;
        if (i < n && (s[i] == '+' || s[i] == '-'))
            sign = s[i++] == '-' ? -1 : 1;
        while (i < n && s[i] >= '0' && s[i] <= '9' && e < 100000)
            e = e * 10 + (s[i++] - '0');
        *exp10 = sign * e;
        return;
    }
    if (int_zero) {
        if (frac_digits == 0) {
            *sig = 1;
            *exp10 = 0;
        } else {
            *sig = frac_digits - lead_zeros;
            *exp10 = -(lead_zeros + 1);
        }
    } else {
        *sig = int_digits + frac_digits;
        *exp10 = int_digits - 1;
    }
}

/* Rule 17: the lexeme is what %.{P}g prints for its value, P = the file's
 * precision (its most significant digits so far, at least 8). */
static void check_number_form(maya_reader *rd, const maya_tok *t)
{
    const uint8_t *s = rd->data + t->off;
    bool canonical = t->num == MAYA_N_FIXED || t->num == MAYA_N_EXP;
    if (canonical) {
        int sig, x;
        digits_of(s, t->len, t->num, &sig, &x);
        if (sig > rd->precision && sig <= 17)
            rd->precision = sig;
        int p = rd->precision;
        if (sig > p)
            canonical = false;
        else if (t->num == MAYA_N_FIXED)
            canonical = x >= -4 && x < p;
        else
            canonical = x < -4 || x >= p;
        if (canonical && p >= 16) {
            double v;
            char buf[AK_NUM_BUFSIZE + 20];
            if (ak_parse_f64((const char *)s, t->len, &v) == AK_NUM_OK) {
                size_t n = ak_format_g(v, p, buf);
                canonical = n == t->len && memcmp(buf, s, n) == 0;
            }
        }
    }
    if (!canonical)
        REPORT_TOK(rd, MR_LEX_NUMBER_NONCANONICAL, t, "'%.*s' is not written as Maya writes numbers (%%.%dg)",
                   TOKS(rd, t), rd->precision);
}

/* A token read with Maya's `number`: a complete C++ double (rule 16).
 * Returns false (and asks for resynchronisation) when it is not. */
static bool number_tok(maya_reader *rd, const maya_tok *t, double *v)
{
    if (t->cls != MAYA_C_WORD || t->num == MAYA_N_NONE) {
        if (t->cls == MAYA_C_EOF)
            REPORT_TOK(rd, MR_LEX_BAD_NUMBER, t, "a number is expected here, not the end of the file");
        else
            REPORT_TOK(rd, MR_LEX_BAD_NUMBER, t, "'%.*s' is not a number Maya can read: Maya's reader hangs here",
                       TOKS(rd, t));
        rd->resync = true;
        return false;
    }
    double tmp;
    if (ak_parse_f64((const char *)rd->data + t->off, t->len, v ? v : &tmp) != AK_NUM_OK ||
        !isfinite(v ? *v : tmp)) {
        REPORT_TOK(rd, MR_LEX_BAD_NUMBER, t, "'%.*s' overflows a double: Maya's reader hangs here", TOKS(rd, t));
        rd->resync = true;
        return false;
    }
    if (v)
        check_number_form(rd, t);
    return true;
}

/* In an action: the driver has checked the syntax already. */
static bool num_value(maya_reader *rd, const maya_tok *t, double *v)
{
    if (t->cls != MAYA_C_WORD || t->num == MAYA_N_NONE ||
        ak_parse_f64((const char *)rd->data + t->off, t->len, v) != AK_NUM_OK || !isfinite(*v))
        return false;
    check_number_form(rd, t);
    return true;
}

/* ------------------------------------------------------------------ */
/* Lexical checks common to every token                                */

static void lex_note(void *ctx, maya_lexnote what, size_t off, uint32_t line, uint32_t col)
{
    maya_reader *rd = ctx;
    switch (what) {
    case MAYA_NOTE_COMMENT:
        report_at(rd, MR_LEX_COMMENT, off, 1, line, col, "comment (Maya never writes comments)");
        break;
    case MAYA_NOTE_BARE_CR:
        if (!rd->bare_cr_reported) {
            rd->bare_cr_reported = true;
            report_at(rd, MR_FILE_BARE_CR, off, 1, line, col,
                      "line end CR without LF: Maya's skip-to-LF then eats the rest of the file");
        }
        break;
    case MAYA_NOTE_CRLF:
    case MAYA_NOTE_LF:
        if (what == MAYA_NOTE_CRLF)
            rd->seen_crlf = true;
        else
            rd->seen_lf = true;
        if (rd->seen_crlf && rd->seen_lf && !rd->eol_mixed_reported) {
            rd->eol_mixed_reported = true;
            report_at(rd, MR_FILE_MIXED_EOL, off, 1, line, col, "LF and CRLF line ends are mixed");
        }
        break;
    case MAYA_NOTE_ODD_BYTE:
        break;
    }
}

static void check_token_bytes(maya_reader *rd, const maya_tok *t)
{
    if (t->len > MAYA_MAX_TOKEN_BYTES) {
        REPORT_TOK(rd, MR_LIMIT_TOKEN_LENGTH, t, "token of %zu bytes (limit %zu)", t->len, MAYA_MAX_TOKEN_BYTES);
    } else if (t->len > 1023) {
        REPORT_TOK(rd, MR_LEX_LONG_WORD, t, "word of %zu bytes: readers before Maya 2023 split it at 1023", t->len);
    }
    if (t->cls == MAYA_C_QUOTED)
        REPORT_TOK(rd, MR_LEX_QUOTED_WORD, t, "quoted word (Maya never writes quotes)");
    if (!t->odd_bytes)
        return;
    const uint8_t *s = rd->data + t->off;
    bool nul = false, ctl = false, high = false;
    size_t nul_at = 0, ctl_at = 0, high_at = 0;
    for (size_t i = 0; i < t->len; i++) {
        if (s[i] == 0 && !nul) {
            nul = true;
            nul_at = i;
        } else if ((s[i] < 0x20 && s[i] != '\t' && s[i] != '\n' && s[i] != '\v' && s[i] != '\f' && s[i] != '\r') ||
                   s[i] == 0x7f) {
            if (s[i] && !ctl) {
                ctl = true;
                ctl_at = i;
            }
        } else if (s[i] >= 0x80 && !high) {
            high = true;
            high_at = i;
        }
    }
    if (nul)
        REPORT_OFF(rd, MR_FILE_NUL_BYTE, t->off + nul_at, 1, "NUL byte: this is not a text file");
    if (ctl)
        REPORT_OFF(rd, MR_FILE_CONTROL_CHAR, t->off + ctl_at, 1, "control character 0x%02x inside a word",
                   s[ctl_at]);
    if (high)
        REPORT_OFF(rd, MR_LEX_NON_ASCII, t->off + high_at, 1, "non-ASCII byte in a word (Maya names are ASCII)");
}

/* ------------------------------------------------------------------ */
/* Header                                                              */

static bool unit_word(maya_reader *rd, const maya_tok *v, maya_kw kw, int *out)
{
    const uint8_t *s = rd->data + v->off;
    bool long_form = false;
    int u = -1;
    if (kw == MAYA_KW_TIMEUNIT)
        u = maya_word_time_unit(s, v->len);
    else if (kw == MAYA_KW_LINEARUNIT)
        u = maya_word_linear_unit(s, v->len, &long_form);
    else
        u = maya_word_angular_unit(s, v->len, &long_form);
    if (u < 0) {
        REPORT_TOK(rd, MR_HEADER_UNKNOWN_UNIT, v, "'%.*s' is not %s unit: the importing scene's unit is used",
                   TOKS(rd, v), kw == MAYA_KW_TIMEUNIT ? "a time" : kw == MAYA_KW_LINEARUNIT ? "a linear" : "an angular");
        *out = -2;
        return false;
    }
    if (long_form)
        REPORT_TOK(rd, MR_HEADER_LONG_UNIT_NAME, v, "long unit name '%.*s': Maya writes the short form",
                   TOKS(rd, v));
    *out = u;
    return true;
}

void maya_header_stmt(maya_reader *rd, const maya_tok *kw, const maya_tok *v)
{
    int pos = header_position(kw->kw);
    unsigned bit = 1u << pos;
    if (rd->header_seen & bit)
        REPORT_TOK(rd, MR_HEADER_DUPLICATE, kw, "'%.*s' repeated: the last one wins", TOKS(rd, kw));
    else if (pos < rd->header_last)
        REPORT_TOK(rd, MR_HEADER_ORDER, kw, "'%.*s' is out of Maya's header order", TOKS(rd, kw));
    if (kw->kw == MAYA_KW_ANIMVERSION && kw->start != rd->first_token)
        REPORT_TOK(rd, MR_HEADER_VERSION_NOT_FIRST, kw, "animVersion is not the first statement");
    rd->header_seen |= bit;
    if (pos > rd->header_last)
        rd->header_last = pos;
    maya_doc *doc = rd->doc;
    double num = 0;
    switch (kw->kw) {
    case MAYA_KW_ANIMVERSION: {
        check_final(rd, v);
        rd->have_version = true;
        double ver = 0;
        const char *s = (const char *)rd->data + v->off;
        if (v->num == MAYA_N_NONE || ak_parse_f64(s, v->len, &ver) != AK_NUM_OK)
            ver = 0;
        rd->version = ver;
        rd->version_v11 = ver >= 1.1 - 1e-12;
        ak_diags_set_version(rd->d, s, v->len);
        if (!tok_is(rd, v, "1.1"))
            REPORT_TOK(rd, MR_HEADER_VERSION_VALUE, v,
                       "animVersion '%.*s' is not 1.1: Maya warns and reads it as %g%s", TOKS(rd, v), ver,
                       rd->version_v11 ? "" : " (keys without the breakdown flag)");
        if (doc)
            doc->anim_version = tok_dup(rd, v);
        return;
    }
    case MAYA_KW_MAYAVERSION:
        if (v->len >= 2 && rd->data[v->off] == '2' && rd->data[v->off + 1] == '.')
            REPORT_TOK(rd, MR_HEADER_MAYA2_ANGLES, v,
                       "mayaVersion %.*s: fixed tangents use the Maya 2 convention and are converted on import",
                       TOKS(rd, v));
        if (memchr(rd->data + v->off, '\n', v->len) || memchr(rd->data + v->off, '\r', v->len))
            REPORT_TOK(rd, MR_LEX_WORD_SPANS_LINE, v, "mayaVersion runs on into the next line (no ';')");
        else if (v->end != MAYA_END_SEMI)
            REPORT_OFF(rd, MR_LEX_MISSING_SEMICOLON, tok_end(v), 0, "mayaVersion runs to the end of the file");
        if (doc) {
            size_t n = v->len;
            while (n && (rd->data[v->off + n - 1] == ' ' || rd->data[v->off + n - 1] == '\t'))
                n--;
            doc->maya_version = ak_arena_strndup(rd->arena, (const char *)rd->data + v->off, n);
        }
        return;
    case MAYA_KW_TIMEUNIT:
    case MAYA_KW_LINEARUNIT:
    case MAYA_KW_ANGULARUNIT: {
        check_final(rd, v);
        int u;
        unit_word(rd, v, kw->kw, &u);
        if (kw->kw == MAYA_KW_TIMEUNIT)
            rd->time_unit = u;
        else if (kw->kw == MAYA_KW_LINEARUNIT)
            rd->linear_unit = u;
        else
            rd->angular_unit = u;
        if (doc) {
            char *w = tok_dup(rd, v);
            if (kw->kw == MAYA_KW_TIMEUNIT)
                doc->time_unit = w;
            else if (kw->kw == MAYA_KW_LINEARUNIT)
                doc->linear_unit = w;
            else
                doc->angular_unit = w;
        }
        return;
    }
    default:
        check_final(rd, v);
        if (!num_value(rd, v, &num))
            return;
        rd->range[kw->kw - MAYA_KW_STARTTIME] = num;
        if (doc) {
            switch (kw->kw) {
            case MAYA_KW_STARTTIME: doc->has_start_time = true; doc->start_time = num; break;
            case MAYA_KW_ENDTIME: doc->has_end_time = true; doc->end_time = num; break;
            case MAYA_KW_STARTUNITLESS: doc->has_start_unitless = true; doc->start_unitless = num; break;
            case MAYA_KW_ENDUNITLESS: doc->has_end_unitless = true; doc->end_unitless = num; break;
            default: break;
            }
        }
        return;
    }
}

/* Checks that need the whole header: run when the body starts (or at EOF). */
static void end_of_header(maya_reader *rd, size_t off)
{
    if (rd->body_started)
        return;
    struct {
        double st, et, su, eu;
    } h = {rd->range[0], rd->range[1], rd->range[2], rd->range[3]};
    rd->body_started = true;
    unsigned seen = rd->header_seen;
#define HAS(kw) ((seen >> header_position(kw)) & 1u)
    if (!rd->have_version)
        return; /* reported at the end of the file */
    if (!HAS(MAYA_KW_MAYAVERSION))
        REPORT_OFF(rd, MR_HEADER_MISSING_MAYA_VERSION, off, 0, "no mayaVersion statement (Maya always writes one)");
    bool st = HAS(MAYA_KW_STARTTIME), et = HAS(MAYA_KW_ENDTIME);
    bool su = HAS(MAYA_KW_STARTUNITLESS), eu = HAS(MAYA_KW_ENDUNITLESS);
    if (st != et)
        REPORT_OFF(rd, MR_HEADER_RANGE_INCOMPLETE, off, 0, "only one of startTime and endTime");
    else if (st && h.st > h.et)
        REPORT_OFF(rd, MR_HEADER_RANGE_ORDER, off, 0, "startTime %g > endTime %g: Maya recomputes the range",
                   h.st, h.et);
    if (su != eu)
        REPORT_OFF(rd, MR_HEADER_RANGE_INCOMPLETE, off, 0, "only one of startUnitless and endUnitless");
    else if (su && h.su > h.eu)
        REPORT_OFF(rd, MR_HEADER_RANGE_ORDER, off, 0, "startUnitless %g > endUnitless %g", h.su, h.eu);
    else if (su && h.su == h.eu)
        REPORT_OFF(rd, MR_HEADER_RANGE_ORDER, off, 0, "startUnitless = endUnitless: Maya writes the pair only when they differ");
    bool units = HAS(MAYA_KW_TIMEUNIT) && HAS(MAYA_KW_LINEARUNIT) && HAS(MAYA_KW_ANGULARUNIT);
    bool any_unit = HAS(MAYA_KW_TIMEUNIT) || HAS(MAYA_KW_LINEARUNIT) || HAS(MAYA_KW_ANGULARUNIT);
    bool range = st && et && h.st != h.et;
    if (st && et && h.st == h.et)
        REPORT_OFF(rd, MR_HEADER_RANGE_ORDER, off, 0, "startTime = endTime: Maya never writes that range");
    if ((units || any_unit) != range || (any_unit && !units))
        REPORT_OFF(rd, MR_HEADER_UNIT_RANGE_COUPLING, off, 0,
                   "Maya writes timeUnit, linearUnit and angularUnit exactly when it writes a time range");
#undef HAS
}

void maya_top_unknown(maya_reader *rd, const maya_tok *w)
{
    if (w->kw == MAYA_KW_ANIMDATA)
        REPORT_TOK(rd, MR_ANIMDATA_ORPHAN, w, "animData without an anim line right before it");
    else
        REPORT_TOK(rd, MR_BODY_UNKNOWN_KEYWORD, w, "'%.*s' is an unrecognized keyword: Maya skips the line",
                   TOKS(rd, w));
}

/* ------------------------------------------------------------------ */
/* anim lines                                                          */

void maya_anim_begin(maya_reader *rd, const maya_tok *a)
{
    check_inner(rd, a);
    rd->anim_tok = *a;
    rd->name_count = rd->index_count = 0;
    rd->name_numeric = false;
    if (rd->doc)
        memset(&rd->cur, 0, sizeof rd->cur);
}

void maya_anim_name(maya_reader *rd, const maya_tok *n)
{
    check_inner(rd, n);
    if (n->num != MAYA_N_NONE && !rd->name_numeric) {
        rd->name_numeric = true;
        REPORT_TOK(rd, MR_ANIM_INDEX_SYNTAX, n,
                   "'%.*s' does not start with a digit, so Maya takes it for a name, not an index", TOKS(rd, n));
    }
    if (rd->name_count < 3) {
        rd->name_toks[rd->name_count] = *n;
        if (rd->doc)
            rd->cur.names[rd->name_count] = tok_dup(rd, n);
    }
    rd->name_count++;
}

void maya_anim_index(maya_reader *rd, const maya_tok *i)
{
    double v = 0;
    unsigned k = rd->index_count++;
    if (k < 2)
        check_inner(rd, i);
    else
        check_final(rd, i);
    if (!num_value(rd, i, &v))
        return;
    if (v != floor(v) || v > 4294967295.0 || v < 0)
        REPORT_TOK(rd, MR_ANIM_INDEX_RANGE, i, "index '%.*s' is not an integer in 0..4294967295", TOKS(rd, i));
    if (k < 3)
        rd->index_vals[k] = v;
}

void maya_anim_line(maya_reader *rd)
{
    if (rd->name_numeric)
        ;
    else if (rd->name_count == 0)
        REPORT_TOK(rd, MR_ANIM_NO_NAME, &rd->anim_tok, "anim line without a name (Maya never writes one)");
    else if (rd->name_count == 2 || rd->name_count > 3)
        REPORT_TOK(rd, MR_ANIM_NAME_COUNT, &rd->anim_tok,
                   "anim line with %u names: Maya reads 0, 1 or 3 and misparses the line", rd->name_count);
    if (rd->doc) {
        rd->cur.name_count = rd->name_count > 3 ? 3 : rd->name_count;
        rd->cur.row = rd->index_vals[0];
        rd->cur.child = rd->index_vals[1];
        rd->cur.attr = rd->index_vals[2];
    }
}

static bool push_entry(maya_reader *rd)
{
    if (rd->ent_count == rd->ent_cap) {
        size_t cap = rd->ent_cap ? rd->ent_cap * 2 : 64;
        maya_entry *n = realloc(rd->ents, cap * sizeof *n);
        if (!n)
            return false;
        rd->ents = n;
        rd->ent_cap = cap;
    }
    rd->ents[rd->ent_count++] = rd->cur;
    return true;
}

void maya_anim_end(maya_reader *rd, bool curve)
{
    if (rd->flushing)
        return;
    if (!curve && rd->name_count == 3)
        REPORT_TOK(rd, MR_ANIM_PLACEHOLDER_NAMES, &rd->anim_tok,
                   "placeholder with three names: Maya writes the node name only");
    if (curve)
        rd->curves++;
    if (rd->doc) {
        rd->cur.curve = curve;
        if (!push_entry(rd))
            rd->stop = true;
    }
}

/* ------------------------------------------------------------------ */
/* animData                                                            */

static void adata_begin(maya_reader *rd)
{
    rd->adata_seen = 0;
    rd->adata_last = -1;
    rd->adata_brace = rd->adata_brace_reported = false;
    rd->weighted = false;
    rd->input_class = 0;
    rd->output_class = MAYA_OUT_LINEAR;
    rd->tangent_angle_unit = -1;
    rd->have_keys = false;
    rd->key_count = 0;
}

static void adata_need_brace(maya_reader *rd, const maya_tok *t)
{
    if (!rd->adata_brace && !rd->adata_brace_reported) {
        rd->adata_brace_reported = true;
        REPORT_TOK(rd, MR_ANIMDATA_MISSING_BRACE, t, "no '{' after animData");
    }
}

void maya_adata_brace(maya_reader *rd, const maya_tok *b)
{
    if (rd->adata_brace || rd->adata_seen) {
        REPORT_TOK(rd, MR_ANIMDATA_UNKNOWN_KEYWORD, b, "'{' inside animData (Maya skips it)");
        return;
    }
    rd->adata_brace = true;
    check_inner(rd, b);
}

void maya_adata_unknown(maya_reader *rd, const maya_tok *w)
{
    adata_need_brace(rd, w);
    REPORT_TOK(rd, MR_ANIMDATA_UNKNOWN_KEYWORD, w,
               "'%.*s' is not an animData keyword: Maya reports it and reads its value as another keyword",
               TOKS(rd, w));
}

static const char *class_name(int out)
{
    static const char *const n[] = {"linear", "angular", "time", "unitless"};
    return n[out];
}

void maya_adata_stmt(maya_reader *rd, const maya_tok *kw, const maya_tok *v)
{
    adata_need_brace(rd, kw);
    int pos = adata_position(kw->kw);
    unsigned bit = 1u << pos;
    if (rd->adata_seen & bit)
        REPORT_TOK(rd, MR_ANIMDATA_DUPLICATE, kw, "'%.*s' repeated: the last one wins", TOKS(rd, kw));
    else if (pos < rd->adata_last)
        REPORT_TOK(rd, MR_ANIMDATA_ORDER, kw, "'%.*s' is out of Maya's animData order", TOKS(rd, kw));
    rd->adata_seen |= bit;
    if (pos > rd->adata_last)
        rd->adata_last = pos;
    check_final(rd, v);
    const uint8_t *s = rd->data + v->off;
    maya_adata *a = rd->doc ? &rd->cur.data : NULL;
    if (kw->kw == MAYA_KW_WEIGHTED) {
        double w;
        if (!num_value(rd, v, &w))
            return;
        if (!tok_is(rd, v, "0") && !tok_is(rd, v, "1"))
            REPORT_TOK(rd, MR_ANIMDATA_WEIGHTED_VALUE, v, "weighted '%.*s': only 1 means weighted", TOKS(rd, v));
        if (!rd->version_v11)
            REPORT_TOK(rd, MR_ANIMDATA_WEIGHTED_V10, kw, "weighted in an animVersion 1.0 file (added in 1.1)");
        rd->weighted = w == 1;
        if (a) {
            a->has_weighted = true;
            a->weighted = w;
        }
        return;
    }
    const char *w = a ? tok_dup(rd, v) : NULL;
    bool long_form = false;
    switch (kw->kw) {
    case MAYA_KW_INPUT:
        if (tok_is(rd, v, "time"))
            rd->input_class = 0;
        else {
            rd->input_class = 1;
            if (!tok_is(rd, v, "unitless"))
                REPORT_TOK(rd, MR_ANIMDATA_UNKNOWN_ENUM, v, "input '%.*s' is neither time nor unitless: read as unitless",
                           TOKS(rd, v));
        }
        if (a)
            a->input = w;
        break;
    case MAYA_KW_OUTPUT: {
        int o = maya_word_output(s, v->len);
        if (o < 0) {
            REPORT_TOK(rd, MR_ANIMDATA_UNKNOWN_ENUM, v, "output '%.*s' is not linear/angular/time/unitless: read as unitless",
                       TOKS(rd, v));
            o = MAYA_OUT_UNITLESS;
        }
        rd->output_class = o;
        if (a)
            a->output = w;
        break;
    }
    case MAYA_KW_PREINFINITY:
    case MAYA_KW_POSTINFINITY:
        if (maya_word_infinity(s, v->len) < 0)
            REPORT_TOK(rd, MR_ANIMDATA_UNKNOWN_ENUM, v, "infinity '%.*s' is unknown: read as constant", TOKS(rd, v));
        if (a) {
            if (kw->kw == MAYA_KW_PREINFINITY)
                a->pre_infinity = w;
            else
                a->post_infinity = w;
        }
        break;
    case MAYA_KW_INPUTUNIT:
        if (!tok_is(rd, v, "unitless") && maya_word_time_unit(s, v->len) < 0)
            REPORT_TOK(rd, MR_ANIMDATA_UNKNOWN_UNIT, v, "inputUnit '%.*s' is not a time unit: the header unit is used",
                       TOKS(rd, v));
        if (a)
            a->input_unit = w;
        break;
    case MAYA_KW_OUTPUTUNIT: {
        bool ok;
        switch (rd->output_class) {
        case MAYA_OUT_TIME: ok = maya_word_time_unit(s, v->len) >= 0; break;
        case MAYA_OUT_LINEAR: ok = maya_word_linear_unit(s, v->len, &long_form) >= 0; break;
        case MAYA_OUT_ANGULAR: ok = maya_word_angular_unit(s, v->len, &long_form) >= 0; break;
        default: ok = tok_is(rd, v, "unitless"); break;
        }
        if (!ok)
            REPORT_TOK(rd, MR_ANIMDATA_UNKNOWN_UNIT, v, "outputUnit '%.*s' is not a %s unit: the header unit is used",
                       TOKS(rd, v), class_name(rd->output_class));
        else if (long_form)
            REPORT_TOK(rd, MR_HEADER_LONG_UNIT_NAME, v, "long unit name '%.*s': Maya writes the short form",
                       TOKS(rd, v));
        if (a)
            a->output_unit = w;
        break;
    }
    case MAYA_KW_TANGENTANGLEUNIT: {
        int u = maya_word_angular_unit(s, v->len, &long_form);
        if (u < 0)
            REPORT_TOK(rd, MR_ANIMDATA_UNKNOWN_UNIT, v,
                       "tangentAngleUnit '%.*s' is not an angular unit: the header unit is used", TOKS(rd, v));
        else if (long_form)
            REPORT_TOK(rd, MR_HEADER_LONG_UNIT_NAME, v, "long unit name '%.*s': Maya writes the short form",
                       TOKS(rd, v));
        rd->tangent_angle_unit = u;
        if (a)
            a->tangent_angle_unit = w;
        break;
    }
    default:
        break;
    }
}

static void adata_statements_done(maya_reader *rd, size_t off)
{
    static const maya_kw required[] = {MAYA_KW_INPUT, MAYA_KW_OUTPUT, MAYA_KW_WEIGHTED, MAYA_KW_PREINFINITY,
                                       MAYA_KW_POSTINFINITY};
    for (size_t i = 0; i < sizeof required / sizeof required[0]; i++)
        if (!(required[i] == MAYA_KW_WEIGHTED && !rd->version_v11) && !(rd->adata_seen & (1u << adata_position(required[i]))))
            REPORT_OFF(rd, MR_ANIMDATA_MISSING_STATEMENT, off, 0, "animData has no %s statement (default applies)",
                       kw_names[required[i]]);
    unsigned verbose = (rd->adata_seen >> 3) & 7u;
    if (verbose != 0 && verbose != 7)
        REPORT_OFF(rd, MR_ANIMDATA_VERBOSE_PARTIAL, off, 0,
                   "only some of inputUnit, outputUnit and tangentAngleUnit (Maya writes all three or none)");
    if (rd->input_class == 0 && rd->output_class == MAYA_OUT_TIME)
        REPORT_TOK(rd, MR_ANIMDATA_TIME_TO_TIME, &rd->anim_tok,
                   "time-to-time curve: Maya's import uses each key's value as its time");
    /* header units this curve relies on */
    struct {
        bool needed;
        int unit;
        int slot;
        const char *what;
    } need[] = {
        {rd->input_class == 0 && !(rd->adata_seen & (1u << 3)), rd->time_unit, 0, "timeUnit"},
        {rd->output_class == MAYA_OUT_LINEAR && !(rd->adata_seen & (1u << 4)), rd->linear_unit, 1, "linearUnit"},
        {rd->output_class == MAYA_OUT_ANGULAR && !(rd->adata_seen & (1u << 4)), rd->angular_unit, 2, "angularUnit"},
    };
    for (size_t i = 0; i < 3; i++)
        if (need[i].needed && need[i].unit == -1 && !rd->missing_unit_reported[need[i].slot]) {
            rd->missing_unit_reported[need[i].slot] = true;
            REPORT_TOK(rd, MR_HEADER_MISSING_UNIT, &rd->anim_tok,
                       "no %s in the header: this curve then uses the importing scene's unit", need[i].what);
        }
}

void maya_adata_no_keys(maya_reader *rd, const maya_tok *close)
{
    if (rd->flushing)
        return;
    size_t off = close ? close->start : maya_lex_pos(&rd->lx);
    adata_statements_done(rd, off);
    if (close)
        REPORT_TOK(rd, MR_ANIMDATA_MISSING_KEYS, close, "animData without a keys block");
    else
        REPORT_OFF(rd, MR_ANIMDATA_MISSING_KEYS, off, 0, "animData without a keys block");
}

static void check_keys_line(maya_reader *rd, const maya_tok *k);
static bool check_word_end(maya_reader *rd, const maya_tok *t);
static void check_semis(maya_reader *rd, const maya_tok *t, bool attached_ok);
static void discard_line(maya_reader *rd);
static bool rest_of_line(maya_reader *rd, const maya_tok *last, maya_tok *next);

/* `keys` has been fed: the statements before it are complete. */
static void keys_begin(maya_reader *rd, const maya_tok *k)
{
    adata_need_brace(rd, k);
    adata_statements_done(rd, k->start);
    rd->have_keys = true;
    rd->key_count = 0;
    check_keys_line(rd, k);
}

/* After `keys` Maya discards the line: the '{' must be on it, and nothing
 * else (rules 51, 52). */
static void check_keys_line(maya_reader *rd, const maya_tok *k)
{
    maya_lexer save = rd->lx;
    maya_tok t;
    rd->lx.note = NULL;
    maya_lex_next(&rd->lx, &t);
    rd->lx.note = lex_note;
    if (t.cls != MAYA_C_LBRACE || t.eols_before > 0) {
        rd->lx = save;
        REPORT_OFF(rd, MR_ANIMDATA_KEYS_BRACE_LINE, tok_end(k), 0,
                   "'{' is not on the keys line: Maya reads the next line's '{' as a key time and stalls");
        rd->resync = true;
        return;
    }
    check_semis(rd, &t, k->end == MAYA_END_SEMI);
    check_inner(rd, k);
    maya_tok x;
    if (!rest_of_line(rd, &t, &x))
        REPORT_TOK(rd, MR_ANIMDATA_KEYS_LINE_TRAILING, &x, "'%.*s' after 'keys {' is discarded by Maya's reader",
                   TOKS(rd, &x));
    discard_line(rd);
}

void maya_keys_close(maya_reader *rd, const maya_tok *c)
{
    if (rd->flushing)
        return;
    if (!c)
        REPORT_OFF(rd, MR_ANIMDATA_MISSING_CLOSE, maya_lex_pos(&rd->lx), 0, "the keys block is not closed");
    if (rd->key_count == 0)
        REPORT_TOK(rd, MR_KEY_EMPTY_CURVE, &rd->anim_tok, "curve without keys");
    if (rd->doc && rd->keys) {
        maya_adata *a = &rd->cur.data;
        a->keys = AK_ARENA_ARRAY(rd->arena, maya_key, rd->key_count ? rd->key_count : 1);
        if (a->keys)
            memcpy(a->keys, rd->keys, rd->key_count * sizeof *rd->keys);
        a->key_count = rd->key_count;
    }
}

void maya_adata_close(maya_reader *rd, const maya_tok *c)
{
    if (rd->flushing)
        return;
    if (!c)
        REPORT_OFF(rd, MR_ANIMDATA_MISSING_CLOSE, rd->close_expected_at, 0, "'}' closing animData is missing");
}

/* ------------------------------------------------------------------ */
/* Keys                                                                */

static bool push_key(maya_reader *rd, const maya_key *k)
{
    if (rd->key_count >= rd->keys_cap) {
        size_t cap = rd->keys_cap ? rd->keys_cap * 2 : 256;
        maya_key *n = realloc(rd->keys, cap * sizeof *n);
        if (!n)
            return false;
        rd->keys = n;
        rd->keys_cap = cap;
    }
    rd->keys[rd->key_count] = *k;
    return true;
}

/* Angle limits in the curve's tangent angle unit: (-90deg, 90deg). */
static double quarter_turn(maya_reader *rd)
{
    int u = rd->tangent_angle_unit >= 0 ? rd->tangent_angle_unit : rd->angular_unit;
    switch (u) {
    case MAYA_AU_RAD: return 1.5707963267948966;
    case MAYA_AU_MIN: return 5400;
    case MAYA_AU_SEC: return 324000;
    default: return 90;
    }
}

/* What follows the last token of a line that Maya discards: ';' beyond the
 * one that ends the statement (rule 11), comments (rule 10). Returns false
 * when other tokens follow on the line; *next is then the first of them. */
static bool rest_of_line(maya_reader *rd, const maya_tok *last, maya_tok *next)
{
    uint32_t semis;
    size_t comment;
    if (maya_lex_line_blank(&rd->lx, &semis, &comment)) {
        uint32_t allowed = last && last->end == MAYA_END_SEMI ? 1 : 0;
        if (semis > allowed)
            REPORT_OFF(rd, MR_LEX_STRAY_SEMICOLON, maya_lex_pos(&rd->lx), 0, "%u extra ';' at the end of the line",
                       semis - allowed);
        if (comment != SIZE_MAX)
            REPORT_OFF(rd, MR_LEX_COMMENT, comment, 1, "comment (Maya never writes comments)");
        return true;
    }
    maya_lexer save = rd->lx;
    rd->lx.note = NULL;
    maya_lex_next(&rd->lx, next);
    rd->lx = save;
    return false;
}

/* Counts the tokens left on the line (for lost keys). */
static unsigned tokens_left_on_line(maya_reader *rd, bool *numeric_first)
{
    maya_lexer save = rd->lx;
    rd->lx.note = NULL;
    unsigned n = 0;
    maya_tok x;
    *numeric_first = false;
    for (;;) {
        maya_lex_next(&rd->lx, &x);
        if (x.cls == MAYA_C_EOF || (n > 0 && x.eols_before > 0) || (n == 0 && x.eols_before > 0))
            break;
        if (n == 0)
            *numeric_first = x.num != MAYA_N_NONE;
        n++;
    }
    rd->lx = save;
    return n;
}

/* Reads one key line as Maya does (spec 2.5) starting with its first token.
 * Returns false when the line could not be read (resync requested). */
static bool read_key(maya_reader *rd, const maya_tok *first)
{
    maya_tok t = *first;
    maya_tok toks[11];
    maya_key k;
    memset(&k, 0, sizeof k);
    unsigned base = rd->version_v11 ? 7 : 6;
    unsigned want = base;
    bool split = false, counted = false;
    double nums[11] = {0};
    for (unsigned i = 0; i < want; i++) {
        if (i > 0) {
            maya_lexer save = rd->lx;
            maya_lex_next(&rd->lx, &t);
            if (t.cls == MAYA_C_EOF || t.cls == MAYA_C_RBRACE) {
                rd->lx = save;
                REPORT_OFF(rd, MR_KEY_FIELD_COUNT, tok_end(&toks[i - 1]), 0,
                           "key with %u fields, %u expected: Maya's reader would read past the block", i, want);
                rd->resync = true;
                return false;
            }
            check_semis(rd, &t, toks[i - 1].end == MAYA_END_SEMI);
            check_inner(rd, &toks[i - 1]);
        }
        if (t.line != first->line && !split) {
            split = true;
            REPORT_TOK(rd, MR_KEY_SPLIT_LINE, &t, "key continues on the next line: Maya joins the lines");
        }
        check_token_bytes(rd, &t);
        toks[i] = t;
        if (i == 2 || i == 3) {
            if (!check_word_end(rd, &t))
                return false;
            int tan = maya_word_tangent(rd->data + t.off, t.len);
            if (tan < 0) {
                REPORT_TOK(rd, MR_KEY_UNKNOWN_TANGENT, &t, "unknown tangent type '%.*s': Maya reads it as global",
                           TOKS(rd, &t));
                if (rd->doc) {
                    if (i == 2)
                        k.tin_word = tok_dup(rd, &t);
                    else
                        k.tout_word = tok_dup(rd, &t);
                }
            } else if (tan == MAYA_TAN_AUTOEASE || tan == MAYA_TAN_AUTOMIX || tan == MAYA_TAN_AUTOCUSTOM) {
                REPORT_TOK(rd, MR_KEY_TANGENT_PORTABILITY, &t,
                           "tangent type '%.*s' is read as global by Maya before 2023", TOKS(rd, &t));
            } else if (tan == MAYA_TAN_SLOW || tan == MAYA_TAN_FAST) {
                REPORT_TOK(rd, MR_KEY_OBSOLETE_TANGENT, &t, "obsolete tangent type '%.*s'", TOKS(rd, &t));
            }
            if (i == 2)
                k.tin = tan;
            else
                k.tout = tan;
            if (tan == MAYA_TAN_FIXED)
                want += 2;
            continue;
        }
        if (!number_tok(rd, &t, &nums[i]))
            return false;
        if (i >= 4 && i < base && !tok_is(rd, &t, "0") && !tok_is(rd, &t, "1"))
            REPORT_TOK(rd, MR_KEY_FLAG_VALUE, &t, "flag '%.*s' is neither 0 nor 1 (Maya: only 1 is true)",
                       TOKS(rd, &t));
    }
    const maya_tok *last = &toks[want - 1];
    check_final(rd, last);
    if (split) {
        counted = true;
        REPORT_TOK(rd, MR_KEY_FIELD_COUNT, first, "key line with fewer than %u fields", want);
    }
    /* what is left on the line is discarded by Maya */
    maya_tok x;
    if (!rest_of_line(rd, last, &x)) {
        bool numeric;
        unsigned extra = tokens_left_on_line(rd, &numeric);
        if (!counted)
            REPORT_TOK(rd, MR_KEY_FIELD_COUNT, &x, "key line with %u fields, %u expected", want + extra, want);
        if (numeric && extra >= base)
            REPORT_TOK(rd, MR_KEY_LOST_KEY, &x, "a second key on the line: Maya's reader discards it");
        else
            REPORT_TOK(rd, MR_KEY_TRAILING_FIELDS, &x, "'%.*s' after the key's last field is ignored",
                       TOKS(rd, &x));
    }
    discard_line(rd);

    k.time = nums[0];
    k.value = nums[1];
    unsigned f = 4;
    k.tan_locked = nums[f++];
    k.weight_locked = nums[f++];
    if (rd->version_v11) {
        k.has_breakdown = true;
        k.breakdown = nums[f++];
    }
    unsigned in_at = 0, out_at = 0;
    if (k.tin == MAYA_TAN_FIXED) {
        in_at = f;
        k.in_angle = nums[f++];
        k.in_weight = nums[f++];
    }
    if (k.tout == MAYA_TAN_FIXED) {
        out_at = f;
        k.out_angle = nums[f++];
        k.out_weight = nums[f++];
    }
    if (rd->key_count > 0 && !(k.time > rd->prev_time))
        REPORT_TOK(rd, MR_KEY_TIME_ORDER, &toks[0], "key time %.17g is not after the previous key's %.17g", k.time,
                   rd->prev_time);
    rd->prev_time = k.time;
    if (k.value != 0 && fabs(k.value) <= 1e-10)
        REPORT_TOK(rd, MR_KEY_TINY_VALUE, &toks[1], "value %.17g: Maya writes values this small as 0", k.value);
    double q = quarter_turn(rd);
    for (int side = 0; side < 2; side++) {
        unsigned at = side == 0 ? in_at : out_at;
        if (!at)
            continue;
        double a = nums[at], w = nums[at + 1];
        const char *which = side ? "out" : "in";
        if (!rd->weighted && w != 1)
            REPORT_TOK(rd, MR_KEY_NONWEIGHTED_WEIGHT, &toks[at + 1],
                       "%s weight %.17g on a non-weighted curve (Maya writes 1)", which, w);
        if (rd->weighted && w <= 0)
            REPORT_TOK(rd, MR_KEY_WEIGHT_RANGE, &toks[at + 1], "%s weight %.17g is not positive", which, w);
        if (!(a > -q && a < q))
            REPORT_TOK(rd, MR_KEY_ANGLE_RANGE, &toks[at], "%s angle %.17g is outside (-90, 90) degrees", which, a);
    }
    rd->total_keys++;
    if (rd->key_count == MAYA_MAX_KEYS_PER_CURVE || rd->total_keys == (uint64_t)MAYA_MAX_KEYS_TOTAL + 1) {
        REPORT_TOK(rd, MR_LIMIT_KEY_COUNT, first, "too many keys");
        rd->stop = true;
        return false;
    }
    if (rd->doc && !push_key(rd, &k)) {
        rd->stop = true;
        return false;
    }
    rd->key_count++;
    return true;
}

/* ------------------------------------------------------------------ */
/* Errors and recovery                                                 */

void maya_syntax_error(maya_reader *rd, int major, const maya_tok *t)
{
    if (rd->resync || rd->flushing)
        return;
    if (major == 0)
        REPORT_OFF(rd, MR_ANIMDATA_MISSING_CLOSE, rd->size, 0, "the file ends inside an anim entry");
    else if (rd->state == S_ANIM)
        REPORT_TOK(rd, MR_LEX_BAD_NUMBER, t,
                   "'%.*s' where the anim line's index is expected: Maya's reader hangs here", TOKS(rd, t));
    else
        REPORT_TOK(rd, MR_BODY_UNKNOWN_KEYWORD, t, "'%.*s' is not expected here", TOKS(rd, t));
    rd->resync = true;
}

void maya_parse_failed(maya_reader *rd)
{
    if (!rd->flushing)
        rd->resync = true;
}

static void reset_parser(maya_reader *rd)
{
    if (rd->parser)
        maya_parseFree(rd->parser, free);
    rd->parser = maya_parseAlloc(malloc, rd);
    if (!rd->parser)
        rd->stop = true;
    rd->state = S_TOP;
}

/* Resume at the next line that starts with `anim` (spec 4, after rules 12,
 * 15, 16, 51): the current entry is abandoned. */
static void resync(maya_reader *rd)
{
    rd->resync = false;
    /* let the grammar finish the actions it still owes (they run on the
       next token), without the errors of an entry cut short */
    maya_tok end;
    memset(&end, 0, sizeof end);
    rd->flushing = true;
    maya_parse(rd->parser, 0, end);
    rd->flushing = false;
    rd->resync = false;
    reset_parser(rd);
    const uint8_t *p = rd->lx.cur;
    for (;;) {
        const uint8_t *nl = memchr(p, '\n', (size_t)(rd->lx.lim - p));
        if (!nl) {
            rd->lx.cur = rd->lx.lim;
            return;
        }
        p = nl + 1;
        rd->lx.line++;
        rd->lx.line_start = (size_t)(p - rd->lx.base);
        const uint8_t *q = p;
        while (q < rd->lx.lim && (*q == ' ' || *q == '\t'))
            q++;
        if ((size_t)(rd->lx.lim - q) >= 5 && memcmp(q, "anim", 4) == 0 &&
            (q[4] == ' ' || q[4] == '\t' || q[4] == ';')) {
            rd->lx.cur = p;
            return;
        }
    }
}

/* ------------------------------------------------------------------ */
/* The driver                                                          */

static int lemon_code(const maya_tok *t)
{
    switch (t->cls) {
    case MAYA_C_LBRACE: return MAYA_T_LBRACE;
    case MAYA_C_RBRACE: return MAYA_T_RBRACE;
    case MAYA_C_REST: return MAYA_T_REST;
    case MAYA_C_QUOTED:
    case MAYA_C_UNTERMINATED: return MAYA_T_WORD;
    case MAYA_C_EOF: return 0;
    case MAYA_C_WORD: break;
    }
    switch (t->kw) {
    case MAYA_KW_ANIMVERSION: return MAYA_T_ANIMVERSION;
    case MAYA_KW_MAYAVERSION: return MAYA_T_MAYAVERSION;
    case MAYA_KW_TIMEUNIT: return MAYA_T_TIMEUNIT;
    case MAYA_KW_LINEARUNIT: return MAYA_T_LINEARUNIT;
    case MAYA_KW_ANGULARUNIT: return MAYA_T_ANGULARUNIT;
    case MAYA_KW_STARTTIME: return MAYA_T_STARTTIME;
    case MAYA_KW_ENDTIME: return MAYA_T_ENDTIME;
    case MAYA_KW_STARTUNITLESS: return MAYA_T_STARTUNITLESS;
    case MAYA_KW_ENDUNITLESS: return MAYA_T_ENDUNITLESS;
    case MAYA_KW_ANIM: return MAYA_T_ANIM;
    case MAYA_KW_ANIMDATA: return MAYA_T_ANIMDATA;
    case MAYA_KW_INPUT: return MAYA_T_INPUT;
    case MAYA_KW_OUTPUT: return MAYA_T_OUTPUT;
    case MAYA_KW_WEIGHTED: return MAYA_T_WEIGHTED;
    case MAYA_KW_INPUTUNIT: return MAYA_T_INPUTUNIT;
    case MAYA_KW_OUTPUTUNIT: return MAYA_T_OUTPUTUNIT;
    case MAYA_KW_TANGENTANGLEUNIT: return MAYA_T_TANGENTANGLEUNIT;
    case MAYA_KW_PREINFINITY: return MAYA_T_PREINFINITY;
    case MAYA_KW_POSTINFINITY: return MAYA_T_POSTINFINITY;
    case MAYA_KW_KEYS: return MAYA_T_KEYS;
    default: break;
    }
    return t->digit_start ? MAYA_T_INDEX : MAYA_T_WORD;
}


/* Stray ';' before a token: all but the one right after the previous token. */
static void check_semis(maya_reader *rd, const maya_tok *t, bool attached_ok)
{
    uint32_t allowed = attached_ok ? 1 : 0;
    if (t->semis_before > allowed)
        REPORT_TOK(rd, MR_LEX_STRAY_SEMICOLON, t, "%u extra ';' before '%.*s'", t->semis_before - allowed,
                   TOKS(rd, t));
}

/* Foreign .anim formats (spec 1.1). */
static const char *foreign_kind(const uint8_t *p, size_t n)
{
    if (n >= 4 && memcmp(p, "PK\x03\x04", 4) == 0)
        return "a Studio Library .anim (ZIP)";
    if (memchr(p, 0, n < 16 ? n : 16))
        return "a binary .anim (Second Life, Horde3D or Metroid Prime)";
    if (n >= 5 && memcmp(p, "%YAML", 5) == 0)
        return "a Unity animation clip";
    if (n >= 5 && memcmp(p, "<?xml", 5) == 0)
        return "an XML .anim (Tomb Raider WadTool)";
    if (n >= 12 && memcmp(p, "[gd_resource", 12) == 0)
        return "a Godot animation resource";
    if (n >= 9 && memcmp(p, "animation", 9) == 0 && (n == 9 || p[9] == ' ' || p[9] == '{' || p[9] == '\n' || p[9] == '\t'))
        return "a CSE169 text animation";
    return NULL;
}

static void finish_file(maya_reader *rd)
{
    if (!rd->any_token && !rd->have_version) {
        REPORT_OFF(rd, MR_FILE_EMPTY, 0, 0, "the file has no statements (animVersion is missing)");
        return;
    }
    if (!rd->have_version)
        REPORT_OFF(rd, MR_HEADER_MISSING_VERSION, 0, 0, "no animVersion statement: Maya refuses the file");
    end_of_header(rd, rd->size);
    if (rd->entries == 0)
        REPORT_OFF(rd, MR_FILE_NO_CURVES, rd->size, 0, "no anim entry");
    if (rd->size > 0 && rd->data[rd->size - 1] != '\n')
        REPORT_OFF(rd, MR_FILE_FINAL_NEWLINE, rd->size, 0, "the last line has no line end");
}

/* Is t a statement keyword at the top level (header statements only before
 * the body starts: Maya's reader stops knowing them there)? */
static bool header_keyword(const maya_reader *rd, const maya_tok *t)
{
    return t->cls == MAYA_C_WORD && header_position(t->kw) >= 0 && !rd->body_started;
}

static bool adata_keyword(const maya_tok *t) { return t->cls == MAYA_C_WORD && adata_position(t->kw) >= 0; }

/* Feeds one token to the grammar. */
static void feed(maya_reader *rd, int code, const maya_tok *t)
{
    maya_parse(rd->parser, code, *t);
}

/* Discards the rest of the line (Maya's discard-line), noting its line end. */
static void discard_line(maya_reader *rd)
{
    size_t line_start = rd->lx.line_start;
    uint32_t line = rd->lx.line;
    maya_lex_discard_line(&rd->lx);
    if (maya_lex_pos(&rd->lx) - line_start > MAYA_MAX_LINE_BYTES && !rd->long_line_reported) {
        rd->long_line_reported = true;
        report_at(rd, MR_LIMIT_LINE_LENGTH, line_start, 0, line, 1, "line longer than %zu bytes",
                  MAYA_MAX_LINE_BYTES);
    }
    if (rd->lx.cur > rd->lx.base && rd->lx.cur[-1] == '\n') {
        size_t at = (size_t)(rd->lx.cur - rd->lx.base) - 1;
        bool crlf = at > 0 && rd->lx.base[at - 1] == '\r';
        lex_note(rd, crlf ? MAYA_NOTE_CRLF : MAYA_NOTE_LF, crlf ? at - 1 : at, rd->lx.line - 1, 1);
    }
}

static void body_starts(maya_reader *rd, const maya_tok *t)
{
    if (!rd->body_started)
        end_of_header(rd, t->start);
}

/* The reader's state machine (spec 2.5): which primitive reads the next
 * token and what it may be. The grammar checks the structure; this decides
 * what Maya's reader would do with each token. */
static void step_top(maya_reader *rd, const maya_tok *t);

static void step(maya_reader *rd, maya_tok *t)
{
    switch (rd->state) {
    case S_TOP:
        step_top(rd, t);
        return;
    case S_TOP_VALUE: {
        maya_kw kw = rd->value_of;
        rd->state = S_TOP;
        if (kw == MAYA_KW_STARTTIME || kw == MAYA_KW_ENDTIME || kw == MAYA_KW_STARTUNITLESS ||
            kw == MAYA_KW_ENDUNITLESS) {
            if (!number_tok(rd, t, NULL))
                return;
        } else if (kw != MAYA_KW_MAYAVERSION && !check_word_end(rd, t)) {
            return;
        }
        feed(rd, lemon_code(t) == MAYA_T_INDEX || t->cls == MAYA_C_REST ? lemon_code(t) : MAYA_T_WORD, t);
        return;
    }
    case S_ANIM:
        if (t->cls == MAYA_C_EOF || t->cls == MAYA_C_LBRACE || t->cls == MAYA_C_RBRACE) {
            feed(rd, lemon_code(t), t); /* a syntax error */
            return;
        }
        if (t->digit_start) {
            if (!number_tok(rd, t, NULL))
                return;
            feed(rd, MAYA_T_INDEX, t);
            if (++rd->drv_indices == 3)
                rd->state = S_ANIM_DONE;
            return;
        }
        if (!check_word_end(rd, t))
            return;
        feed(rd, MAYA_T_WORD, t);
        return;
    case S_ANIM_DONE:
        if (t->cls == MAYA_C_WORD && t->kw == MAYA_KW_ANIMDATA) {
            if (!check_word_end(rd, t))
                return;
            adata_begin(rd);
            feed(rd, MAYA_T_ANIMDATA, t);
            rd->state = S_ADATA;
            return;
        }
        rd->state = S_TOP;
        step_top(rd, t);
        return;
    case S_ADATA:
        if (t->cls == MAYA_C_EOF || (t->cls == MAYA_C_WORD && t->kw == MAYA_KW_ANIM)) {
            rd->state = S_TOP; /* no keys: the grammar reports it */
            step_top(rd, t);
            return;
        }
        if (t->cls == MAYA_C_RBRACE) {
            feed(rd, MAYA_T_RBRACE, t);
            discard_line(rd);
            rd->state = S_TOP;
            return;
        }
        if (t->cls == MAYA_C_LBRACE) {
            feed(rd, MAYA_T_LBRACE, t);
            return;
        }
        if (!check_word_end(rd, t))
            return;
        if (t->cls == MAYA_C_WORD && t->kw == MAYA_KW_KEYS) {
            feed(rd, MAYA_T_KEYS, t);
            keys_begin(rd, t);
            if (!rd->resync)
                rd->state = S_KEYS;
            return;
        }
        if (adata_keyword(t)) {
            rd->state = S_ADATA_VALUE;
            rd->value_of = t->kw;
            feed(rd, lemon_code(t), t);
            return;
        }
        feed(rd, t->digit_start ? MAYA_T_INDEX : MAYA_T_WORD, t);
        return;
    case S_ADATA_VALUE:
        rd->state = S_ADATA;
        if (rd->value_of == MAYA_KW_WEIGHTED) {
            if (!number_tok(rd, t, NULL))
                return;
        } else if (!check_word_end(rd, t)) {
            return;
        }
        if (t->cls == MAYA_C_LBRACE || t->cls == MAYA_C_RBRACE || t->cls == MAYA_C_EOF) {
            feed(rd, lemon_code(t), t); /* a syntax error */
            return;
        }
        feed(rd, t->digit_start ? MAYA_T_INDEX : MAYA_T_WORD, t);
        return;
    case S_CLOSE:
        if (t->cls == MAYA_C_RBRACE) {
            feed(rd, MAYA_T_RBRACE, t);
            discard_line(rd);
            rd->state = S_TOP;
            return;
        }
        rd->close_expected_at = t->start;
        rd->state = S_TOP;
        step_top(rd, t);
        return;
    case S_KEYS:
        break;
    }
}

static void step_top(maya_reader *rd, const maya_tok *t)
{
    if (t->cls == MAYA_C_EOF) {
        feed(rd, 0, t);
        return;
    }
    if (header_keyword(rd, t)) {
        if (!check_word_end(rd, t))
            return;
        rd->state = S_TOP_VALUE;
        rd->value_of = t->kw;
        feed(rd, lemon_code(t), t);
        return;
    }
    if (t->cls == MAYA_C_WORD && t->kw == MAYA_KW_ANIM) {
        if (!check_word_end(rd, t))
            return;
        feed(rd, MAYA_T_ANIM, t);
        body_starts(rd, t);
        if (++rd->entries == MAYA_MAX_ENTRIES + 1) {
            REPORT_TOK(rd, MR_LIMIT_ENTRY_COUNT, t, "more than %u anim entries", MAYA_MAX_ENTRIES);
            rd->stop = true;
        }
        rd->state = S_ANIM;
        rd->drv_indices = 0;
        return;
    }
    /* anything else: Maya reports it and discards the line */
    int code = t->cls == MAYA_C_LBRACE ? MAYA_T_LBRACE : t->cls == MAYA_C_RBRACE ? MAYA_T_RBRACE
               : t->digit_start                      ? MAYA_T_INDEX
                                                     : MAYA_T_WORD;
    feed(rd, code, t);
    body_starts(rd, t);
    if (t->cls == MAYA_C_WORD && t->kw == MAYA_KW_ANIMDATA) {
        /* an orphan block: Maya reads its statements as unknown keywords;
           report it once and go on at the next anim line */
        rd->resync = true;
        return;
    }
    discard_line(rd);
}

/* A key line matched whole by the scanner (maya_lex_fast_key): only the
 * time order and the line-end style are left to check. */
static bool fast_key(maya_reader *rd)
{
    maya_fastkey fk;
    size_t line_start = rd->lx.line_start;
    uint32_t line = rd->lx.line;
    if (!maya_lex_fast_key(&rd->lx, &fk))
        return false;
    double time;
    if (ak_parse_f64((const char *)rd->data + fk.time_off, fk.time_len, &time) != AK_NUM_OK) {
        rd->lx.cur = rd->data + line_start; /* cannot happen: the slow path says why */
        rd->lx.line = line;
        rd->lx.line_start = line_start;
        return false;
    }
    if (fk.crlf ? !rd->seen_crlf || rd->seen_lf : !rd->seen_lf || rd->seen_crlf)
        lex_note(rd, fk.crlf ? MAYA_NOTE_CRLF : MAYA_NOTE_LF, fk.eol_off, line,
                 (uint32_t)(fk.eol_off - line_start + 1));
    maya_tok t;
    memset(&t, 0, sizeof t);
    t.cls = MAYA_C_WORD;
    t.off = t.start = fk.time_off;
    t.len = fk.time_len;
    t.line = line;
    t.col = (uint32_t)(fk.time_off - line_start + 1);
    if (rd->key_count > 0 && !(time > rd->prev_time))
        REPORT_TOK(rd, MR_KEY_TIME_ORDER, &t, "key time %.17g is not after the previous key's %.17g", time,
                   rd->prev_time);
    rd->prev_time = time;
    rd->total_keys++;
    if (rd->key_count == MAYA_MAX_KEYS_PER_CURVE || rd->total_keys == (uint64_t)MAYA_MAX_KEYS_TOTAL + 1) {
        REPORT_TOK(rd, MR_LIMIT_KEY_COUNT, &t, "too many keys");
        rd->stop = true;
        return true;
    }
    if (rd->doc) {
        maya_key k;
        memset(&k, 0, sizeof k);
        k.time = time;
        if (ak_parse_f64((const char *)rd->data + fk.value_off, fk.value_len, &k.value) != AK_NUM_OK) {
            rd->stop = true;
            return true;
        }
        k.tin = fk.tin;
        k.tout = fk.tout;
        k.tan_locked = fk.flags[0];
        k.weight_locked = fk.flags[1];
        k.breakdown = fk.flags[2];
        k.has_breakdown = true;
        if (!push_key(rd, &k)) {
            rd->stop = true;
            return true;
        }
    }
    rd->key_count++;
    feed(rd, MAYA_T_KEY, &t);
    return true;
}

/* The keys block: one key per line until '}' (spec 2.5). */
static void step_keys(maya_reader *rd)
{
    if (rd->version_v11 && rd->precision == 8 && fast_key(rd))
        return;
    maya_tok t;
    maya_lex_next(&rd->lx, &t);
    check_semis(rd, &t, false);
    if (t.cls == MAYA_C_RBRACE) {
        feed(rd, MAYA_T_RBRACE, &t);
        check_inner(rd, &t);
        rd->state = S_CLOSE;
        /* Maya discards the rest of the `}` line: a second '}' there is lost */
        maya_tok x;
        if (!rest_of_line(rd, &t, &x)) {
            if (x.cls == MAYA_C_RBRACE)
                REPORT_TOK(rd, MR_ANIMDATA_CLOSE_SAME_LINE, &x,
                           "'}' on the line of the keys block's '}': Maya discards it unseen");
            else
                REPORT_TOK(rd, MR_KEY_TRAILING_FIELDS, &x, "'%.*s' after '}' is ignored by Maya", TOKS(rd, &x));
        }
        discard_line(rd);
        rd->close_expected_at = maya_lex_pos(&rd->lx);
        return;
    }
    if (t.cls == MAYA_C_EOF) {
        rd->close_expected_at = t.start;
        feed(rd, 0, &t);
        rd->state = S_TOP;
        rd->at_eof = true;
        return;
    }
    if (read_key(rd, &t))
        feed(rd, MAYA_T_KEY, &t);
}

static void run(maya_reader *rd)
{
    const uint8_t *data = rd->data;
    size_t size = rd->size;
    if (size > MAYA_MAX_FILE_BYTES) {
        REPORT_OFF(rd, MR_LIMIT_FILE_SIZE, 0, 0, "file of %zu bytes (limit %zu)", size, MAYA_MAX_FILE_BYTES);
        return;
    }
    size_t start = 0;
    if (size >= 3 && data[0] == 0xef && data[1] == 0xbb && data[2] == 0xbf) {
        REPORT_OFF(rd, MR_FILE_BOM, 0, 3, "UTF-8 byte order mark: Maya reads it into the first word");
        start = 3;
    }
    const char *foreign = foreign_kind(data + start, size - start);
    if (foreign) {
        REPORT_OFF(rd, MR_FILE_FOREIGN_FORMAT, start, 0, "this is %s, not a Maya .anim file", foreign);
        return;
    }
    maya_lex_init(&rd->lx, data, size);
    rd->lx.cur = data + start;
    rd->lx.note = lex_note;
    rd->lx.note_ctx = rd;
    reset_parser(rd);
    ak_release rel;
    ak_release_init(&rel, rd->in, rd->doc != NULL); /* a document points into the data */
    bool attached_ok = false; /* the previous token may carry its ';' */
    bool first = true;
    while (!rd->stop && !rd->at_eof) {
        ak_release_at(&rel, maya_lex_pos(&rd->lx));
        if (rd->state == S_KEYS) {
            step_keys(rd);
            if (rd->resync)
                resync(rd);
            attached_ok = false;
            continue;
        }
        maya_tok t;
        if (rd->state == S_TOP_VALUE && rd->value_of == MAYA_KW_MAYAVERSION)
            maya_lex_rest(&rd->lx, &t);
        else
            maya_lex_next(&rd->lx, &t);
        if (t.cls != MAYA_C_EOF) {
            if (first) {
                rd->first_token = t.start;
                rd->any_token = true;
                first = false;
            }
            check_semis(rd, &t, attached_ok);
            check_token_bytes(rd, &t);
        }
        if (t.cls == MAYA_C_UNTERMINATED) {
            REPORT_TOK(rd, MR_LEX_UNTERMINATED_QUOTE, &t,
                       "quoted word without its closing '\"' runs to the end of the file");
            break;
        }
        step(rd, &t);
        if (t.cls == MAYA_C_EOF)
            break;
        attached_ok = t.cls != MAYA_C_REST && rd->lx.cur == rd->data + t.off + t.len + (t.cls == MAYA_C_QUOTED);
        if (rd->resync) {
            resync(rd);
            attached_ok = false;
        }
    }
    if (!rd->stop)
        finish_file(rd);
}

static void reader_init(maya_reader *rd, const ak_input *in, const ak_options *opt, ak_diags *d)
{
    memset(rd, 0, sizeof *rd);
    rd->d = d;
    rd->opt = opt;
    rd->in = in;
    rd->data = in->data;
    rd->size = in->size;
    rd->header_last = -1;
    rd->time_unit = rd->linear_unit = rd->angular_unit = -1;
    rd->precision = 8;
    rd->version_v11 = true;
}

static void reader_free(maya_reader *rd)
{
    if (rd->parser)
        maya_parseFree(rd->parser, free);
    free(rd->ents);
    free(rd->keys);
}

void maya_validate(const ak_input *in, const ak_options *opt, ak_diags *d);
void maya_validate(const ak_input *in, const ak_options *opt, ak_diags *d)
{
    maya_reader rd;
    reader_init(&rd, in, opt, d);
    run(&rd);
    reader_free(&rd);
}

bool maya_decode(const ak_input *in, const ak_options *opt, ak_diags *d, ak_arena *arena, maya_doc **out)
{
    *out = NULL;
    maya_reader rd;
    reader_init(&rd, in, opt, d);
    rd.arena = arena;
    rd.doc = AK_ARENA_NEW(arena, maya_doc);
    if (!rd.doc)
        return false;
    size_t errors_before = ak_diags_errors(d);
    run(&rd);
    maya_doc *doc = rd.doc;
    doc->precision = rd.precision;
    doc->crlf = rd.seen_crlf && !rd.seen_lf;
    doc->entries = AK_ARENA_ARRAY(arena, maya_entry, rd.ent_count ? rd.ent_count : 1);
    if (doc->entries && rd.ent_count)
        memcpy(doc->entries, rd.ents, rd.ent_count * sizeof *rd.ents);
    doc->entry_count = doc->entries ? rd.ent_count : 0;
    bool ok = !rd.stop && ak_diags_errors(d) == errors_before && doc->entries;
    reader_free(&rd);
    if (ok)
        *out = doc;
    return ok;
}
