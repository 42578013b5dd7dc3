/* The actions of the Maya .anim grammar (grammars/maya_anim.y): the checks
 * of spec section 4 on what the grammar hands over, and the document they
 * build when decoding. The structure is the grammar's; what is here are
 * values (units, flags, numbers), order and presence of statements, and the
 * comparison of the fields Maya's token reader took for a key with the
 * lines the file shows (spec 2.5; docs/formats/maya.md, "Keys"). */
#include "arena.h"
#include "budget.h"
#include "diag.h"
#include "maya_syntax.h"

#include "maya_anim.h"
#include <numbers.h>

#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#define MAX_ENTRIES 1000000u
#define MAX_KEYS_PER_CURVE 10000000u
#define MAX_KEYS_TOTAL 100000000u

/* ------------------------------------------------------------------ */
/* Reporting                                                            */

static bool vreport(maya_reader *rd, int rule, size_t off, size_t len, uint32_t line, uint32_t col,
                    const char *fmt, va_list ap)
{
    if (rd->stop)
        return false;
    if (!ak_vreport(rd->d, &maya_rules[rule], off, len, line, col, "", fmt, ap))
        rd->stop = true;
    return !rd->stop;
}

bool maya_report(maya_reader *rd, int rule, const maya_tok *t, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    bool more = vreport(rd, rule, t->start, t->len, t->line, t->col, fmt, ap);
    va_end(ap);
    return more;
}

bool maya_report_at(maya_reader *rd, int rule, size_t off, size_t len, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    bool more = vreport(rd, rule, off, len, 0, 0, fmt, ap);
    va_end(ap);
    return more;
}

/* "%.*s" of a token, at most 60 bytes */
#define TOKS(rd, t) (int)((t)->len > 60 ? 60 : (t)->len), (const char *)(rd)->data + (t)->off

static size_t tok_end(const maya_tok *t) { return t->off + t->len + ((t->flags & MAYA_F_QUOTED) ? 1u : 0u); }

/* Offset `end` without the blanks and line ends before it. */
static size_t before_blanks(const maya_reader *rd, size_t end)
{
    while (end > 0 && (rd->data[end - 1] == ' ' || (rd->data[end - 1] >= '\t' && rd->data[end - 1] <= '\r')))
        end--;
    return end;
}

static bool tok_is(const maya_reader *rd, const maya_tok *t, const char *s)
{
    return t->len == strlen(s) && memcmp(rd->data + t->off, s, t->len) == 0;
}

static char *tok_dup(maya_reader *rd, const maya_tok *t)
{
    return rd->doc ? ak_arena_strndup(rd->arena, (const char *)rd->data + t->off, t->len) : NULL;
}

void maya_first_eol(maya_reader *rd, size_t off, bool crlf)
{
    *(crlf ? &rd->seen_crlf : &rd->seen_lf) = true;
    if (rd->seen_crlf && rd->seen_lf && !rd->mixed_reported && !rd->recovering) {
        rd->mixed_reported = true;
        maya_report_at(rd, maya_R_FILE_MIXED_EOL, off, 1, "LF and CRLF line ends are mixed");
    }
}

/* A statement's last token is followed by its ';' (rule 13); a token inside
 * a statement is not (rule 11). */
static void check_final(maya_reader *rd, const maya_tok *t)
{
    if (t->end != MAYA_END_SEMI)
        maya_report_at(rd, maya_R_LEX_MISSING_SEMICOLON, tok_end(t), 0, "missing ';' after '%.*s'", TOKS(rd, t));
}

static void check_inner(maya_reader *rd, const maya_tok *t)
{
    if (t->end == MAYA_END_SEMI)
        maya_report_at(rd, maya_R_LEX_STRAY_SEMICOLON, tok_end(t), 1, "';' inside a statement");
}

/* The rest of a line that Maya discards: a comment, and (when it holds no
 * token) no ';' but the statement's. */
static void check_line(maya_reader *rd, const maya_tok *line, unsigned semis_allowed)
{
    if (!line->count && line->semis > semis_allowed)
        maya_report_at(rd, maya_R_LEX_STRAY_SEMICOLON, line->start, 0, "%u extra ';' at the end of the line",
                       line->semis - semis_allowed);
    if (line->aux)
        maya_report_at(rd, maya_R_LEX_COMMENT, line->aux, 1, "comment (Maya never writes comments)");
}

/* ------------------------------------------------------------------ */
/* Numbers                                                              */

/* Significant digits and decimal exponent of a lexeme of class FIXED/EXP. */
static void digits_of(const uint8_t *s, size_t n, int *sig, int *exp10)
{
    int digits = 0, first = -1, point = -1;
    size_t i = 0;
    for (; i < n && s[i] != 'e' && s[i] != 'E'; i++) {
        if (s[i] == '.')
            point = digits;
        else if (s[i] >= '0' && s[i] <= '9') {
            if (first < 0 && s[i] != '0')
                first = digits;
            digits++;
        }
    }
    int e = 0, sign = i + 1 < n && s[i + 1] == '-' ? -1 : 1;
    for (i += i < n ? 2 : 0; i < n && e < 100000; i++)
        e = e * 10 + (s[i] - '0');
    if (point < 0)
        point = digits;
    *sig = first < 0 ? 1 : digits - first;
    *exp10 = first < 0 ? 0 : point - first - 1 + sign * e;
}

/* The value of a number token (the grammar gave a complete double) and
 * rule 17: the lexeme is what %.{P}g prints, P = the file's precision so
 * far (its most significant digits, at least 8). */
static double number(maya_reader *rd, const maya_tok *t)
{
    const uint8_t *s = rd->data + t->off;
    double v = 0;
    (void)ak_parse_f64((const char *)s, t->len, &v);
    bool canonical = t->num == MAYA_N_FIXED || t->num == MAYA_N_EXP;
    if (canonical) {
        int sig, x;
        digits_of(s, t->len, &sig, &x);
        if (sig > rd->precision && sig <= 17)
            rd->precision = sig;
        int p = rd->precision;
        canonical = sig <= p && (t->num == MAYA_N_FIXED ? x >= -4 && x < p : x < -4 || x >= p);
        if (canonical && p >= 16) {
            char buf[AK_NUM_BUFSIZE + 20];
            size_t n = ak_format_g(v, p, buf);
            canonical = n == t->len && memcmp(buf, s, n) == 0;
        }
    }
    if (!canonical)
        maya_report(rd, maya_R_LEX_NUMBER_NONCANONICAL, t, "'%.*s' is not written as Maya writes numbers (%%.%dg)",
                    TOKS(rd, t), rd->precision);
    return v;
}

/* ------------------------------------------------------------------ */
/* Header                                                               */

static int header_pos(int code) { return code - MAYA_T_ANIMVERSION; } /* 0..8 in Maya's order */

/* A statement of the header (in "header") or of an animData block: pos is
 * its place in Maya's order. */
static void statement(maya_reader *rd, const maya_tok *kw, int pos, unsigned *seen, int *last, const char *in)
{
    bool header = *in == 'h';
    if (*seen & (1u << pos))
        maya_report(rd, header ? maya_R_HEADER_DUPLICATE : maya_R_ANIMDATA_DUPLICATE, kw,
                    "'%.*s' repeated: the last one wins", TOKS(rd, kw));
    else if (pos < *last)
        maya_report(rd, header ? maya_R_HEADER_ORDER : maya_R_ANIMDATA_ORDER, kw, "'%.*s' is out of Maya's %s order",
                    TOKS(rd, kw), in);
    *seen |= 1u << pos;
    *last = pos > *last ? pos : *last;
    check_inner(rd, kw);
}

void maya_header(maya_reader *rd, const maya_tok *kw, const maya_tok *v)
{
    int pos = header_pos(kw->code);
    statement(rd, kw, pos, &rd->header_seen, &rd->header_last, "header");
    maya_doc *doc = rd->doc;
    if (kw->code == MAYA_T_MAYAVERSION) {
        if (v->len >= 2 && rd->data[v->off] == '2' && rd->data[v->off + 1] == '.')
            maya_report(rd, maya_R_HEADER_MAYA2_ANGLES, v,
                        "mayaVersion %.*s: fixed tangents use the Maya 2 convention and are converted on import",
                        TOKS(rd, v));
        if (v->end != MAYA_END_SEMI)
            maya_report_at(rd, maya_R_LEX_MISSING_SEMICOLON, tok_end(v), 0, "mayaVersion runs to the end of the file");
        size_t n = v->len;
        while (n && (rd->data[v->off + n - 1] == ' ' || rd->data[v->off + n - 1] == '\t'))
            n--;
        if (doc)
            doc->maya_version = ak_arena_strndup(rd->arena, (const char *)rd->data + v->off, n);
        return;
    }
    check_final(rd, v);
    if (kw->code == MAYA_T_ANIMVERSION) {
        if (kw->start != rd->first_token)
            maya_report(rd, maya_R_HEADER_VERSION_NOT_FIRST, kw, "animVersion is not the first statement");
        double ver = 0;
        if (v->num != MAYA_N_NONE)
            (void)ak_parse_f64((const char *)rd->data + v->off, v->len, &ver);
        rd->have_version = true;
        rd->v11 = ver >= 1.1 - 1e-12;
        ak_diags_set_version(rd->d, (const char *)rd->data + v->off, v->len);
        if (!tok_is(rd, v, "1.1"))
            maya_report(rd, maya_R_HEADER_VERSION_VALUE, v, "animVersion '%.*s' is not 1.1: Maya warns and reads it as %g%s",
                        TOKS(rd, v), ver, rd->v11 ? "" : " (keys without the breakdown flag)");
        if (doc)
            doc->anim_version = tok_dup(rd, v);
        return;
    }
    if (pos <= 4) { /* timeUnit linearUnit angularUnit */
        maya_word w = maya_word_of(rd->data + v->off, v->len);
        int u = pos == 2 ? w.time_unit : pos == 3 ? w.linear_unit : w.angular_unit;
        static const char *const what[] = {"a time", "a linear", "an angular"};
        if (u < 0)
            maya_report(rd, maya_R_HEADER_UNKNOWN_UNIT, v, "'%.*s' is not %s unit: the importing scene's unit is used",
                        TOKS(rd, v), what[pos - 2]);
        else if (w.long_form)
            maya_report(rd, maya_R_HEADER_LONG_UNIT_NAME, v, "long unit name '%.*s': Maya writes the short form",
                        TOKS(rd, v));
        *(pos == 2 ? &rd->time_unit : pos == 3 ? &rd->linear_unit : &rd->angular_unit) = u < 0 ? -2 : u;
        if (doc)
            *(pos == 2 ? &doc->time_unit : pos == 3 ? &doc->linear_unit : &doc->angular_unit) = tok_dup(rd, v);
        return;
    }
    double x = number(rd, v); /* startTime endTime startUnitless endUnitless */
    rd->range[pos - 5] = x;
    if (doc) {
        double *slot[] = {&doc->start_time, &doc->end_time, &doc->start_unitless, &doc->end_unitless};
        bool *has[] = {&doc->has_start_time, &doc->has_end_time, &doc->has_start_unitless, &doc->has_end_unitless};
        *slot[pos - 5] = x;
        *has[pos - 5] = true;
    }
}

/* The checks that need the whole header: when the body starts (or at the
 * end of the file). */
static void body_starts(maya_reader *rd, size_t off)
{
    if (rd->body_started)
        return;
    rd->body_started = true;
    if (!rd->have_version)
        return; /* reported at the end of the file */
    unsigned seen = rd->header_seen;
#define HAS(code) ((seen >> header_pos(MAYA_T_##code)) & 1u)
    const double *h = rd->range;
    if (!HAS(MAYAVERSION))
        maya_report_at(rd, maya_R_HEADER_MISSING_MAYA_VERSION, off, 0, "no mayaVersion statement (Maya always writes one)");
    bool st = HAS(STARTTIME), et = HAS(ENDTIME), su = HAS(STARTUNITLESS), eu = HAS(ENDUNITLESS);
    if (st != et)
        maya_report_at(rd, maya_R_HEADER_RANGE_INCOMPLETE, off, 0, "only one of startTime and endTime");
    else if (st && h[0] > h[1])
        maya_report_at(rd, maya_R_HEADER_RANGE_ORDER, off, 0, "startTime %g > endTime %g: Maya recomputes the range",
                       h[0], h[1]);
    else if (st && h[0] == h[1])
        maya_report_at(rd, maya_R_HEADER_RANGE_ORDER, off, 0, "startTime = endTime: Maya never writes that range");
    if (su != eu)
        maya_report_at(rd, maya_R_HEADER_RANGE_INCOMPLETE, off, 0, "only one of startUnitless and endUnitless");
    else if (su && h[2] >= h[3])
        maya_report_at(rd, maya_R_HEADER_RANGE_ORDER, off, 0, "startUnitless %g %s endUnitless %g", h[2],
                       h[2] > h[3] ? ">" : "=", h[3]);
    bool all_units = HAS(TIMEUNIT) && HAS(LINEARUNIT) && HAS(ANGULARUNIT);
    bool any_unit = HAS(TIMEUNIT) || HAS(LINEARUNIT) || HAS(ANGULARUNIT);
    if (any_unit != (st && et && h[0] != h[1]) || any_unit != all_units)
        maya_report_at(rd, maya_R_HEADER_UNIT_RANGE_COUPLING, off, 0,
                       "Maya writes timeUnit, linearUnit and angularUnit exactly when it writes a time range");
#undef HAS
}

void maya_unknown(maya_reader *rd, const maya_tok *w, const maya_tok *line)
{
    (void)line;
    body_starts(rd, w->start);
    if (rd->quiet)
        return;
    if (w->code >= MAYA_T_ANIMVERSION && w->code <= MAYA_T_ENDUNITLESS)
        maya_report(rd, maya_R_BODY_UNKNOWN_KEYWORD, w,
                    "'%.*s' after the first anim line: Maya reads header statements only before it and skips the line",
                    TOKS(rd, w));
    else
        maya_report(rd, maya_R_BODY_UNKNOWN_KEYWORD, w, "'%.*s' is an unrecognized keyword: Maya skips the line",
                    TOKS(rd, w));
}

void maya_orphan(maya_reader *rd, const maya_tok *w, const maya_tok *line)
{
    (void)line;
    body_starts(rd, w->start);
    if (!rd->quiet)
        maya_report(rd, maya_R_ANIMDATA_ORPHAN, w,
                    "animData without an anim line right before it: Maya skips it and every line of its block");
    rd->quiet = true; /* its lines are unknown words to Maya too: one report */
}

/* ------------------------------------------------------------------ */
/* anim lines                                                           */

void maya_anim_begin(maya_reader *rd, const maya_tok *a)
{
    body_starts(rd, a->start);
    check_inner(rd, a);
    rd->quiet = false;
    rd->anim_tok = *a;
    rd->name_count = 0;
    rd->name_numeric = false;
    if (++rd->entries > MAX_ENTRIES) {
        maya_report(rd, maya_R_LIMIT_ENTRY_COUNT, a, "more than %u anim entries", MAX_ENTRIES);
        rd->stop = true;
    }
    if (rd->cur) { /* the entry's bytes (editors), its names' until it has some */
        memset(rd->cur, 0, sizeof *rd->cur);
        rd->cur->at = rd->cur->names_at = (ak_span){a->start, tok_end(a)};
        rd->open_entry = 1;
        if (rd->cut_entry) /* the entry a syntax error cut short reaches to here (its end resets cut_entry) */
            rd->ents[rd->cut_entry - 1].at.end = before_blanks(rd, a->start);
    }
}

void maya_anim_name(maya_reader *rd, const maya_tok *n)
{
    check_inner(rd, n);
    if (rd->cur)
        rd->cur->names_at = (ak_span){rd->name_count ? rd->cur->names_at.start : n->start, tok_end(n)};
    if (n->num != MAYA_N_NONE && !rd->name_numeric) {
        rd->name_numeric = true;
        maya_report(rd, maya_R_ANIM_INDEX_SYNTAX, n,
                    "'%.*s' does not start with a digit, so Maya takes it for a name, not an index", TOKS(rd, n));
    }
    if (rd->cur && rd->name_count < 3) {
        if (!rd->cur->names && !(rd->cur->names = AK_ARENA_ARRAY(rd->arena, const char *, 3)))
            rd->stop = true;
        else
            rd->cur->names[rd->cur->names_count++] = tok_dup(rd, n);
    }
    rd->name_count++;
}

void maya_anim_line(maya_reader *rd, const maya_tok *row, const maya_tok *child, const maya_tok *attr)
{
    const maya_tok *idx[3] = {row, child, attr};
    double v[3];
    for (int i = 0; i < 3; i++) {
        if (i < 2)
            check_inner(rd, idx[i]);
        else
            check_final(rd, idx[i]);
        v[i] = number(rd, idx[i]);
        if (v[i] != floor(v[i]) || v[i] > 4294967295.0 || v[i] < 0)
            maya_report(rd, maya_R_ANIM_INDEX_RANGE, idx[i], "index '%.*s' is not an integer in 0..4294967295",
                        TOKS(rd, idx[i]));
    }
    if (rd->name_count == 0) /* (a name taken for an index was reported) */
        maya_report(rd, maya_R_ANIM_NO_NAME, &rd->anim_tok, "anim line without a name (Maya never writes one)");
    else if (!rd->name_numeric && (rd->name_count == 2 || rd->name_count > 3))
        maya_report(rd, maya_R_ANIM_NAME_COUNT, &rd->anim_tok,
                    "anim line with %u names: Maya reads 0, 1 or 3 and misparses the line", rd->name_count);
    if (rd->cur) {
        rd->cur->at.end = tok_end(attr) + (attr->end == MAYA_END_SEMI); /* a placeholder's end */
        rd->cur->row = v[0];
        rd->cur->child = v[1];
        rd->cur->attr = v[2];
    }
}


/* Room in one of the arrays a decoding stages entries and keys in before
 * they go to the arena: charged to the arena's budget (a key takes some
 * times its line), a refusal reported at token t. */
static bool stage(maya_reader *rd, void **items, size_t *cap, size_t need, size_t size, const maya_tok *t)
{
    if (need <= *cap)
        return true;
    ak_budget *b = rd->arena ? rd->arena->budget : NULL;
    ak_budget_place before = ak_budget_place_at(b, t->start, t->len, "");
    bool ok = ak_budget_grow(b, items, cap, need, size, "the decoded document");
    ak_budget_place_back(b, before);
    return ok;
}

/* The entry into the document. A curve's bytes end with the last line read,
 * those of an entry a syntax error cut short (neither kind) where reading
 * goes on (maya_anim_begin). */
void maya_entry_end(maya_reader *rd, bool curve)
{
    if (!curve && rd->name_count == 3 && !rd->recovering)
        maya_report(rd, maya_R_ANIM_PLACEHOLDER_NAMES, &rd->anim_tok,
                    "placeholder with three names: Maya writes the node name only");
    if (!rd->cur)
        return;
    if (curve || rd->recovering)
        rd->cur->at.end = before_blanks(rd, rd->recovering ? rd->size : (size_t)(rd->lx.cur - rd->data));
    rd->open_entry = 0;
    rd->cur->kind = curve ? MAYA_ENTRY_KIND_CURVE : MAYA_ENTRY_KIND_PLACEHOLDER;
    if (!stage(rd, (void **)&rd->ents, &rd->ent_cap, rd->ent_count + 1, sizeof *rd->ents, &rd->anim_tok))
        rd->stop = true;
    else
        rd->ents[rd->ent_count++] = *rd->cur;
    rd->cut_entry = rd->recovering && !rd->stop ? rd->ent_count : 0;
}

void maya_resync(maya_reader *rd)
{
    rd->recovering = false;
    rd->in_keys = false;
}

/* ------------------------------------------------------------------ */
/* animData                                                             */

void maya_adata_begin(maya_reader *rd, const maya_tok *kw)
{
    (void)kw;
    rd->open_entry += rd->open_entry == 1;
    rd->adata_seen = 0;
    rd->adata_last = -1;
    rd->adata_brace = false;
    rd->weighted = false;
    rd->input_unitless = 0;
    rd->output_class = MAYA_OUT_LINEAR;
    rd->angle_unit = -1;
    rd->key_count = 0;
    rd->close_lost = false;
}

/* The '{' Maya writes right after animData (and skips wherever it is). */
static void need_brace(maya_reader *rd, const maya_tok *t)
{
    if (!rd->adata_brace) {
        rd->adata_brace = true;
        maya_report(rd, maya_R_ANIMDATA_MISSING_BRACE, t, "no '{' right after animData");
    }
}

void maya_adata_brace(maya_reader *rd, const maya_tok *b)
{
    if (rd->adata_brace)
        maya_report(rd, maya_R_ANIMDATA_MISSING_BRACE, b, "'{' where Maya writes none (its reader skips it)");
    rd->adata_brace = true;
    check_inner(rd, b);
}

void maya_adata_unknown(maya_reader *rd, const maya_tok *w)
{
    need_brace(rd, w);
    maya_report(rd, maya_R_ANIMDATA_UNKNOWN_KEYWORD, w,
                "'%.*s' is not an animData keyword: Maya reports it and reads its value as another keyword", TOKS(rd, w));
}

void maya_adata_stmt(maya_reader *rd, const maya_tok *kw, const maya_tok *v)
{
    need_brace(rd, kw);
    int pos = kw->code - MAYA_T_INPUT; /* 0..7 in Maya's order */
    statement(rd, kw, pos, &rd->adata_seen, &rd->adata_last, "animData");
    check_final(rd, v);
    maya_adata *a = rd->cur ? &rd->cur->anim_data : NULL;
    if (kw->code == MAYA_T_WEIGHTED) {
        double w = number(rd, v);
        if (!tok_is(rd, v, "0") && !tok_is(rd, v, "1"))
            maya_report(rd, maya_R_ANIMDATA_WEIGHTED_VALUE, v, "weighted '%.*s': only 1 means weighted", TOKS(rd, v));
        if (!rd->v11)
            maya_report(rd, maya_R_ANIMDATA_WEIGHTED_V10, kw, "weighted in an animVersion 1.0 file (added in 1.1)");
        rd->weighted = w == 1;
        if (a) {
            a->has_weighted = true;
            a->weighted = w;
        }
        return;
    }
    maya_word w = maya_word_of(rd->data + v->off, v->len);
    static const char *const classes[] = {"linear", "angular", "time", "unitless"};
    bool unitless = tok_is(rd, v, "unitless"), bad = false, long_form = w.long_form;
    const char *what = "";
    switch (kw->code) {
    case MAYA_T_INPUT:
        rd->input_unitless = !tok_is(rd, v, "time");
        if (rd->input_unitless && !unitless)
            maya_report(rd, maya_R_ANIMDATA_UNKNOWN_ENUM, v, "input '%.*s' is neither time nor unitless: read as unitless",
                        TOKS(rd, v));
        break;
    case MAYA_T_OUTPUT:
        rd->output_class = w.output < 0 ? MAYA_OUT_UNITLESS : w.output;
        if (w.output < 0)
            maya_report(rd, maya_R_ANIMDATA_UNKNOWN_ENUM, v,
                        "output '%.*s' is not linear/angular/time/unitless: read as unitless", TOKS(rd, v));
        break;
    case MAYA_T_PREINFINITY:
    case MAYA_T_POSTINFINITY:
        if (w.infinity < 0)
            maya_report(rd, maya_R_ANIMDATA_UNKNOWN_ENUM, v, "infinity '%.*s' is unknown: read as constant", TOKS(rd, v));
        break;
    case MAYA_T_INPUTUNIT:
        bad = !unitless && w.time_unit < 0;
        what = "time";
        break;
    case MAYA_T_OUTPUTUNIT: {
        int c = rd->output_class;
        bad = c == MAYA_OUT_TIME ? w.time_unit < 0
              : c == MAYA_OUT_LINEAR ? w.linear_unit < 0
              : c == MAYA_OUT_ANGULAR ? w.angular_unit < 0 : !unitless;
        what = classes[c];
        break;
    }
    default: /* tangentAngleUnit */
        bad = w.angular_unit < 0;
        what = "angular";
        rd->angle_unit = w.angular_unit;
        break;
    }
    if (bad)
        maya_report(rd, maya_R_ANIMDATA_UNKNOWN_UNIT, v, "%.*s '%.*s' is not a %s unit: the header unit is used",
                    TOKS(rd, kw), TOKS(rd, v), what);
    else if (long_form && kw->code >= MAYA_T_OUTPUTUNIT && kw->code <= MAYA_T_TANGENTANGLEUNIT)
        maya_report(rd, maya_R_HEADER_LONG_UNIT_NAME, v, "long unit name '%.*s': Maya writes the short form",
                    TOKS(rd, v));
    if (a) {
        const char **slot[] = {&a->input, &a->output, NULL, &a->input_unit, &a->output_unit,
                               &a->tangent_angle_unit, &a->pre_infinity, &a->post_infinity};
        *slot[pos] = tok_dup(rd, v);
    }
}

/* The statements before `keys` (or the block's end) are complete. */
static void statements_done(maya_reader *rd, size_t off)
{
    static const char *const names[] = {"input", "output", "weighted", "", "", "", "preInfinity", "postInfinity"};
    for (int i = 0; i < 8; i++)
        if ((i < 3 || i > 5) && !(i == 2 && !rd->v11) && !(rd->adata_seen & (1u << i)))
            maya_report_at(rd, maya_R_ANIMDATA_MISSING_STATEMENT, off, 0, "animData has no %s statement (default applies)",
                           names[i]);
    unsigned verbose = (rd->adata_seen >> 3) & 7u;
    if (verbose != 0 && verbose != 7)
        maya_report_at(rd, maya_R_ANIMDATA_VERBOSE_PARTIAL, off, 0,
                       "only some of inputUnit, outputUnit and tangentAngleUnit (Maya writes all three or none)");
    if (!rd->input_unitless && rd->output_class == MAYA_OUT_TIME)
        maya_report(rd, maya_R_ANIMDATA_TIME_TO_TIME, &rd->anim_tok,
                    "time-to-time curve: Maya's import uses each key's value as its time");
    /* the header units this curve relies on */
    bool need[3] = {!rd->input_unitless && !(verbose & 1), rd->output_class == MAYA_OUT_LINEAR && !(verbose & 2),
                    rd->output_class == MAYA_OUT_ANGULAR && !(verbose & 2)};
    int unit[3] = {rd->time_unit, rd->linear_unit, rd->angular_unit};
    static const char *const what[] = {"timeUnit", "linearUnit", "angularUnit"};
    for (int i = 0; i < 3; i++)
        if (need[i] && unit[i] == -1 && !rd->missing_unit_reported[i]) {
            rd->missing_unit_reported[i] = true;
            maya_report(rd, maya_R_HEADER_MISSING_UNIT, &rd->anim_tok,
                        "no %s in the header: this curve then uses the importing scene's unit", what[i]);
        }
}

void maya_adata_no_keys(maya_reader *rd, const maya_tok *close, const maya_tok *line)
{
    size_t off = close ? close->start : (size_t)(rd->lx.cur - rd->data);
    statements_done(rd, off);
    if (close)
        maya_report(rd, maya_R_ANIMDATA_MISSING_KEYS, close, "animData without a keys block");
    else
        maya_report_at(rd, maya_R_ANIMDATA_MISSING_KEYS, off, 0, "animData without a keys block");
    if (line)
        check_line(rd, line, 0);
}

void maya_keys_open(maya_reader *rd, const maya_tok *kw, const maya_tok *line)
{
    need_brace(rd, kw);
    statements_done(rd, kw->start);
    if (line->count > 1)
        maya_report_at(rd, maya_R_ANIMDATA_KEYS_LINE_TRAILING, line->off2, 0,
                       "tokens after 'keys {' are discarded by Maya's reader");
    check_line(rd, line, 0);
    rd->in_keys = true;
    rd->key_count = 0;
}

static void store_keys(maya_reader *rd)
{
    if (!rd->cur)
        return;
    maya_adata *a = &rd->cur->anim_data;
    a->keys = ak_arena_copy(rd->arena, rd->keys, rd->key_count, sizeof *rd->keys, _Alignof(maya_key));
    if (!a->keys) {
        rd->stop = true;
        return;
    }
    a->keys_count = rd->key_count;
}

void maya_keys_close(maya_reader *rd, const maya_tok *close, const maya_tok *line)
{
    (void)close;
    rd->in_keys = false;
    if (rd->key_count == 0)
        maya_report(rd, maya_R_KEY_EMPTY_CURVE, &rd->anim_tok, "curve without keys");
    if (line->codes[0] == MAYA_T_RBRACE) {
        rd->close_lost = true;
        maya_report_at(rd, maya_R_ANIMDATA_CLOSE_SAME_LINE, line->off, 1,
                       "'}' on the line of the keys block's '}': Maya discards it unseen");
    } else if (line->count) {
        maya_report_at(rd, maya_R_KEY_TRAILING_FIELDS, line->off, 0, "tokens after '}' are ignored by Maya");
    }
    check_line(rd, line, 0);
    store_keys(rd);
}

void maya_adata_close(maya_reader *rd, const maya_tok *close, const maya_tok *line)
{
    if (!close) {
        maya_report_at(rd, maya_R_ANIMDATA_MISSING_CLOSE, rd->size, 0, "the file ends before the '}' closing animData");
        return;
    }
    if (close->code == MAYA_T_RBRACE) {
        if (line->count)
            maya_report_at(rd, maya_R_KEY_TRAILING_FIELDS, line->off, 0, "tokens after '}' are ignored by Maya");
        check_line(rd, line, 0);
        return;
    }
    bool anim = close->code == MAYA_T_ANIM || close->code == MAYA_T_ANIMB;
    maya_report(rd, maya_R_ANIMDATA_MISSING_CLOSE, close,
                "'%.*s' where the '}' closing animData belongs: Maya reports the missing '}' and discards this line%s",
                TOKS(rd, close), anim ? ", so the anim entry on it is lost" : "");
}

/* ------------------------------------------------------------------ */
/* Keys                                                                 */

/* Counts key k (at the token at) against the limits and, when a document is
   built, keeps it (k may be NULL when none is). */
static void push_key(maya_reader *rd, const maya_key *k, const maya_tok *at)
{
    rd->total_keys++;
    if (rd->key_count == MAX_KEYS_PER_CURVE || rd->total_keys == (uint64_t)MAX_KEYS_TOTAL + 1) {
        maya_report(rd, maya_R_LIMIT_KEY_COUNT, at, "too many keys");
        rd->stop = true;
        return;
    }
    if (rd->doc) {
        if (!stage(rd, (void **)&rd->keys, &rd->keys_cap, rd->key_count + 1, sizeof *rd->keys, at)) {
            rd->stop = true;
            return;
        }
        rd->keys[rd->key_count] = *k;
    }
    rd->key_count++;
}

static void check_time(maya_reader *rd, const maya_tok *t, double time)
{
    if (rd->key_count > 0 && !(time > rd->prev_time))
        maya_report(rd, maya_R_KEY_TIME_ORDER, t, "key time %.17g is not after the previous key's %.17g", time,
                    rd->prev_time);
    rd->prev_time = time;
}

void maya_key_line(maya_reader *rd, const maya_tok *t)
{
    double time;
    (void)ak_parse_f64((const char *)rd->data + t->off, t->len, &time);
    check_time(rd, t, time);
    if (!rd->doc) { /* validating: the key is counted, not kept (no maya_key zeroed a line) */
        push_key(rd, NULL, t);
        return;
    }
    maya_key k = {.time = time, .in_tangent = t->tan, .out_tangent = t->tan2, .tan_locked = t->kflags & 1,
                  .weight_locked = (t->kflags >> 1) & 1, .breakdown = (t->kflags >> 2) & 1, .has_breakdown = true,
                  /* the fixed sides' angles and weights, from the scanner */
                  .in_angle = rd->kv[0], .in_weight = rd->kv[1], .out_angle = rd->kv[2], .out_weight = rd->kv[3],
                  .at = {t->start, (size_t)(rd->lx.cur - rd->data) - 1 - ((t->flags & MAYA_F_CRLF) != 0)}};
    (void)ak_parse_f64((const char *)rd->data + t->aux, t->vlen, &k.value);
    push_key(rd, &k, t);
}

void maya_key_begin(maya_reader *rd, const maya_tok *time, const maya_tok *value)
{
    rd->kf[0] = *time;
    rd->kf[1] = *value;
    rd->nkf = 2;
    rd->pairs = 0;
}

void maya_key_tangent(maya_reader *rd, int side, const maya_tok *t)
{
    rd->kf[rd->nkf++] = *t;
    *(side ? &rd->tout : &rd->tin) = t->tan;
}

void maya_key_flags(maya_reader *rd, const maya_tok *a, const maya_tok *b, const maya_tok *c)
{
    rd->kf[rd->nkf++] = *a;
    rd->kf[rd->nkf++] = *b;
    if (c)
        rd->kf[rd->nkf++] = *c;
}

void maya_key_pair(maya_reader *rd, const maya_tok *angle, const maya_tok *weight)
{
    rd->kf[rd->nkf++] = *angle;
    rd->kf[rd->nkf++] = *weight;
    rd->pairs++;
}

static bool is_num(int code)
{
    return code == MAYA_T_DNUM || code == MAYA_T_ONUM || code == MAYA_T_DNUM_E || code == MAYA_T_ONUM_E;
}

/* The name of field i of the key being read (spec 2.2 key). */
static const char *field_name(const maya_reader *rd, unsigned i)
{
    static const char *const names[] = {"time", "value", "in-tangent type", "out-tangent type", "tanLocked flag",
                                        "weightLocked flag", "breakdown flag"};
    unsigned flags_end = rd->v11 ? 7 : 6;
    if (i < flags_end)
        return names[i];
    bool in_pair = rd->tin == MAYA_TANGENT_FIXED && i < flags_end + 2;
    return (i - flags_end) % 2 == 0 ? (in_pair ? "in angle" : "out angle") : (in_pair ? "in weight" : "out weight");
}

/* A line that starts like a key: two numbers, then a word (a tangent). */
static bool key_shaped(const uint8_t *codes, unsigned n)
{
    return n >= 4 && is_num(codes[0]) && is_num(codes[1]) && !is_num(codes[2]) && codes[2] != MAYA_T_RBRACE;
}

/* What Maya's token reader took for this key against the lines the file
 * shows (spec 2.5: fields are read across line ends, then the rest of the
 * line is discarded). `n` fields; the rest of the last field's line is
 * `line`. */
static bool check_key_lines(maya_reader *rd, unsigned n, const maya_tok *line)
{
    const maya_tok *f = rd->kf;
    unsigned on_first = 0;
    while (on_first < n && f[on_first].line == f[0].line)
        on_first++;
    if (on_first == n) { /* one line: the extra tokens on it are ignored */
        if (!line->count)
            return false;
        bool unknown = rd->tin < 0 || rd->tout < 0, fixed = rd->pairs > 0;
        if ((unknown || fixed) && is_num(line->codes[0]) && !key_shaped(line->codes, line->count)) {
            maya_report_at(rd, maya_R_KEY_FIELD_COUNT, line->off, 0,
                           "%u more number%s than Maya reads for this key: %s, so Maya's reader assigns the fields "
                           "differently from what the line shows and ignores the last",
                           line->count, line->count == 1 ? "" : "s",
                           unknown ? "a tangent word is not one Maya knows (a misspelt fixed takes no pair)"
                           : rd->v11 ? "the line holds more than its flags and fixed pairs"
                                     : "animVersion 1.0 keys have no breakdown flag");
            return true;
        }
        if (rd->strict)
            maya_report(rd, maya_R_KEY_FIELD_COUNT, &f[0], "key line with %u fields, %u expected", n + line->count, n);
        if (key_shaped(line->codes, line->count))
            maya_report_at(rd, maya_R_KEY_LOST_KEY, line->off, 0, "a second key on the line: Maya's reader discards it");
        else
            maya_report_at(rd, maya_R_KEY_TRAILING_FIELDS, line->off, 0, "tokens after the key's last field are ignored");
        return false;
    }
    /* split: the key's fields go on over following lines. Maya misreads the
       file when one of those lines is another key (it takes its first
       fields and discards the rest). */
    unsigned i = on_first;
    while (i < n) {
        unsigned from = i;
        uint8_t codes[4];
        unsigned k = 0;
        while (i < n && f[i].line == f[from].line) {
            if (k < 4)
                codes[k++] = f[i].code;
            i++;
        }
        unsigned total = i - from + (i == n ? line->count : 0);
        for (unsigned j = 0; i == n && j < line->count && k < 4; j++)
            codes[k++] = line->codes[j];
        if (key_shaped(codes, total)) {
            maya_report(rd, maya_R_KEY_FIELD_COUNT, &f[0],
                        "key line with %u fields, %u expected: Maya's reader takes the missing %u (%s%s) from line "
                        "%u, which the file shows as another key", on_first, n, n - on_first, field_name(rd, on_first),
                        n - on_first > 1 ? ", ..." : "", f[from].line);
            if (i == n && line->count)
                maya_report(rd, maya_R_KEY_LOST_KEY, &f[from],
                            "Maya's reader takes this line's first %u field%s for the key before and discards the "
                            "rest: this key is lost", i - from, i - from == 1 ? "" : "s");
            return true;
        }
    }
    maya_report(rd, maya_R_KEY_SPLIT_LINE, &f[on_first], "key continues on the next line: Maya joins the lines");
    if (rd->strict)
        maya_report(rd, maya_R_KEY_FIELD_COUNT, &f[0], "key line with %u fields, %u expected", on_first, n);
    if (line->count)
        maya_report_at(rd, maya_R_KEY_TRAILING_FIELDS, line->off, 0, "tokens after the key's last field are ignored");
    return false;
}

/* Angle limits in the curve's tangent angle unit: (-90deg, 90deg). */
static double quarter_turn(const maya_reader *rd)
{
    static const double q[] = {90, 1.5707963267948966, 5400, 324000};
    int u = rd->angle_unit >= 0 ? rd->angle_unit : rd->angular_unit;
    return u >= 0 ? q[u] : 90;
}

void maya_key_end(maya_reader *rd, const maya_tok *line)
{
    unsigned n = rd->nkf, flags = rd->v11 ? 3 : 2;
    const maya_tok *f = rd->kf;
    double *v = rd->kv;
    for (unsigned i = 0; i < n; i++) {
        if (i + 1 < n && f[i + 1].line == f[i].line) /* a ';' ending a line of a split key is its line's */
            check_inner(rd, &f[i]);
        if (i == 2 || i == 3) {
            int tan = i == 2 ? rd->tin : rd->tout;
            if (tan < 0)
                maya_report(rd, maya_R_KEY_UNKNOWN_TANGENT, &f[i], "unknown tangent type '%.*s': Maya reads it as global",
                            TOKS(rd, &f[i]));
            else if (tan >= MAYA_TANGENT_AUTOEASE)
                maya_report(rd, maya_R_KEY_TANGENT_PORTABILITY, &f[i],
                            "tangent type '%.*s' is read as global by Maya before 2023", TOKS(rd, &f[i]));
            else if (tan == MAYA_TANGENT_SLOW || tan == MAYA_TANGENT_FAST)
                maya_report(rd, maya_R_KEY_OBSOLETE_TANGENT, &f[i], "obsolete tangent type '%.*s'", TOKS(rd, &f[i]));
            continue;
        }
        v[i] = number(rd, &f[i]);
        if (i >= 4 && i < 4 + flags && !tok_is(rd, &f[i], "0") && !tok_is(rd, &f[i], "1"))
            maya_report(rd, maya_R_KEY_FLAG_VALUE, &f[i], "flag '%.*s' is neither 0 nor 1 (Maya: only 1 is true)",
                        TOKS(rd, &f[i]));
    }
    if (!check_key_lines(rd, n, line)) /* else its last field belongs to another key */
        check_final(rd, &f[n - 1]);
    check_line(rd, line, f[n - 1].end == MAYA_END_SEMI ? 1 : 0);

    maya_key k = {0};
    k.time = v[0];
    k.value = v[1];
    k.in_tangent = rd->tin;
    k.out_tangent = rd->tout;
    if (rd->doc) {
        k.at = (ak_span){f[0].start, before_blanks(rd, line->start + line->len)};
        if (k.in_tangent < 0)
            k.in_tangent_word = tok_dup(rd, &f[2]);
        if (k.out_tangent < 0)
            k.out_tangent_word = tok_dup(rd, &f[3]);
    }
    k.tan_locked = v[4];
    k.weight_locked = v[5];
    k.has_breakdown = rd->v11;
    k.breakdown = rd->v11 ? v[6] : 0;
    unsigned at = 4 + flags, in_at = 0, out_at = 0;
    if (k.in_tangent == MAYA_TANGENT_FIXED) {
        in_at = at;
        k.in_angle = v[at];
        k.in_weight = v[at + 1];
        at += 2;
    }
    if (k.out_tangent == MAYA_TANGENT_FIXED) {
        out_at = at;
        k.out_angle = v[at];
        k.out_weight = v[at + 1];
    }
    check_time(rd, &f[0], k.time);
    if (k.value != 0 && fabs(k.value) <= 1e-10)
        maya_report(rd, maya_R_KEY_TINY_VALUE, &f[1], "value %.*s: today's Maya writes values this small as 0 (kept as "
                    "it is on re-emission)", TOKS(rd, &f[1]));
    double q = quarter_turn(rd);
    for (int side = 0; side < 2; side++) {
        unsigned i = side ? out_at : in_at;
        if (!i)
            continue;
        const char *which = side ? "out" : "in";
        if (!rd->weighted && v[i + 1] != 1)
            maya_report(rd, maya_R_KEY_NONWEIGHTED_WEIGHT, &f[i + 1],
                        "%s weight %.17g on a non-weighted curve (Maya writes 1)", which, v[i + 1]);
        if (rd->weighted && v[i + 1] <= 0)
            maya_report(rd, maya_R_KEY_WEIGHT_RANGE, &f[i + 1], "%s weight %.17g is not positive", which, v[i + 1]);
        if (!(v[i] > -q && v[i] < q))
            maya_report(rd, maya_R_KEY_ANGLE_RANGE, &f[i], "%s angle %.17g is outside (-90, 90) degrees", which, v[i]);
    }
    push_key(rd, &k, &f[0]);
}

/* ------------------------------------------------------------------ */
/* Errors: where Maya hangs or loses its place (the grammar resynchronises
   at the next anim line)                                               */

static bool runon(int code) { return code == MAYA_T_RUNON || code == MAYA_T_DNUM_E || code == MAYA_T_ONUM_E; }

void maya_syntax_error(maya_reader *rd, int major, const maya_tok *t, unsigned exp)
{
    rd->recovering = true;
    if (rd->cur && rd->open_entry)
        maya_entry_end(rd, rd->open_entry == 2);
    if (major == MAYA_T_LEXERR) /* reported by the scanner */
        return;
    if (exp & MAYA_EXP_KEYS_BRACE) {
        maya_report_at(rd, maya_R_ANIMDATA_KEYS_BRACE_LINE, t->start, 0,
                       "'{' is not on the keys line: Maya discards the rest of that line and stalls on the next '{'");
        return;
    }
    bool in_key = rd->in_keys && (exp & (MAYA_EXP_NUMBER | MAYA_EXP_TANGENT)) && !(exp & MAYA_EXP_KEY);
    const maya_tok *k = &rd->line_first;
    if (in_key && (major == 0 || major == MAYA_T_RBRACE || t->line > k->line)) {
        if (major == 0 || major == MAYA_T_RBRACE) {
            maya_report(rd, maya_R_KEY_FIELD_COUNT, k,
                        "the key is short: Maya's reader reads on past it and takes %s as its next field",
                        major ? "the block's closing '}'" : "the end of the file");
            if (!major)
                maya_report_at(rd, maya_R_ANIMDATA_MISSING_CLOSE, rd->size, 0, "the file ends inside the keys block");
            return;
        }
        maya_report(rd, maya_R_KEY_FIELD_COUNT, k, "the key is short: Maya's reader reads on into line %u", t->line);
    }
    if (major == 0) {
        if (exp & (MAYA_EXP_KEY | MAYA_EXP_RBRACE))
            maya_report_at(rd, maya_R_ANIMDATA_MISSING_CLOSE, rd->size, 0, "the file ends inside the keys block");
        else
            maya_report_at(rd, maya_R_LEX_BAD_NUMBER, rd->size, 0, "the file ends where a %s is expected",
                           exp & (MAYA_EXP_NUMBER | MAYA_EXP_INDEX) ? "number" : "word");
    } else if (exp & MAYA_EXP_REST) {
        maya_report(rd, maya_R_LEX_WORD_SPANS_LINE, t,
                    "mayaVersion has no ';' on its line: Maya's reader takes the next lines up to a ';' as its value");
    } else if (runon(major) && (exp & (MAYA_EXP_WORD | MAYA_EXP_TANGENT))) {
        maya_report_at(rd, maya_R_LEX_WORD_SPANS_LINE, tok_end(t), 0,
                       "'%.*s' is not ended by ';': Maya's reader runs the word on into the next line", TOKS(rd, t));
    } else if (exp & (MAYA_EXP_NUMBER | MAYA_EXP_INDEX | MAYA_EXP_KEY)) {
        maya_report(rd, maya_R_LEX_BAD_NUMBER, t, "'%.*s' is not a number Maya can read: Maya's reader hangs here",
                    TOKS(rd, t));
    } else if (exp & MAYA_EXP_TANGENT) {
        maya_report(rd, maya_R_KEY_FIELD_COUNT, t, "'%.*s' where the key's tangent type is expected", TOKS(rd, t));
    } else {
        maya_report(rd, maya_R_BODY_UNKNOWN_KEYWORD, t, "'%.*s' is not expected here", TOKS(rd, t));
    }
}

void maya_parse_failed(maya_reader *rd) { rd->recovering = true; }

/* ------------------------------------------------------------------ */
/* The file                                                             */

void maya_finish(maya_reader *rd)
{
    if (!rd->any_token) {
        maya_report_at(rd, maya_R_FILE_EMPTY, 0, 0, "the file has no statements (animVersion is missing)");
        return;
    }
    if (!rd->have_version)
        maya_report_at(rd, maya_R_HEADER_MISSING_VERSION, 0, 0, "no animVersion statement: Maya refuses the file");
    body_starts(rd, rd->size);
    if (rd->entries == 0)
        maya_report_at(rd, maya_R_FILE_NO_CURVES, rd->size, 0, "no anim entry");
    if (rd->size > 0 && rd->data[rd->size - 1] != '\n')
        maya_report_at(rd, maya_R_FILE_FINAL_NEWLINE, rd->size, 0, "the last line has no line end");
}

static void reader_init(maya_reader *rd, const ak_input *in, ak_diags *d)
{
    memset(rd, 0, sizeof *rd);
    rd->d = d;
    rd->in = in;
    rd->data = in->data;
    rd->size = in->size;
    rd->strict = ak_diags_strict(d);
    rd->header_last = -1;
    rd->time_unit = rd->linear_unit = rd->angular_unit = -1;
    rd->precision = 8;
    rd->v11 = true;
}

void maya_validate(const ak_input *in, const ak_options *opt, ak_diags *d)
{
    (void)opt; /* the level is the ak_diags's; Maya has no other limit */
    maya_reader rd;
    reader_init(&rd, in, d);
    maya_read(&rd);
}

bool maya_document_decode(const ak_input *in, const ak_options *opt, ak_diags *d, ak_arena *arena, maya_doc **out)
{
    (void)opt;
    *out = NULL;
    maya_reader rd;
    reader_init(&rd, in, d);
    rd.arena = arena;
    rd.doc = AK_ARENA_NEW(arena, maya_doc);
    rd.cur = AK_ARENA_NEW(arena, maya_entry);
    if (!rd.doc || !rd.cur)
        return false;
    size_t errors = ak_diags_errors(d);
    maya_read(&rd);
    maya_doc *doc = rd.doc;
    doc->precision = rd.precision;
    doc->line_ends = rd.seen_crlf && !rd.seen_lf ? MAYA_LINE_ENDS_CRLF : MAYA_LINE_ENDS_LF;
    doc->entries = ak_arena_copy(arena, rd.ents, rd.ent_count, sizeof *rd.ents, _Alignof(maya_entry));
    doc->entries_count = doc->entries ? rd.ent_count : 0;
    bool ok = !rd.stop && ak_diags_errors(d) == errors && doc->entries;
    ak_budget_give(arena->budget, rd.ent_cap * sizeof *rd.ents + rd.keys_cap * sizeof *rd.keys);
    free(rd.ents);
    free(rd.keys);
    *out = doc; /* as far as it was read: an editor's outline of a file being typed */
    return ok;
}
