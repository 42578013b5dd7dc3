/* The canonical Maya .anim emitter (spec 2.6, 5.1): Maya's own layout,
 * numbers as C's %.{P}g in the C locale (runtime/numbers.h). For a file
 * Maya wrote, decode -> emit gives the same bytes (spec 5.2). Values are
 * written as the document holds them: a file's tiny values (old Maya
 * versions wrote them) stay; the model conversion makes them 0 as Maya's
 * writer does (maya_from_model.c). Numbers get the document's precision
 * (>= 8, what the file wrote) unless --precision says 1..17; lines end as the
 * document's did (a document of the model: LF). */
#include "maya_syntax.h"

#include <numbers.h>

#include <math.h>
#include <string.h>

typedef struct emitter {
    ak_buf *out;
    int precision;
    const char *eol;
    bool strict;
    bool v10;   /* animVersion 1.0: keys without the breakdown flag */
    ak_diags *d;
    bool failed;
} emitter;

static void put_num(emitter *e, double v)
{
    if (!isfinite(v)) {
        if (e->d)
            ak_report(e->d, &maya_rules[maya_R_EMIT_UNWRITABLE], 0, 0, "", "a NaN or infinite number cannot be written");
        e->failed = true;
        ak_buf_puts(e->out, "0");
        return;
    }
    char buf[AK_NUM_BUFSIZE + 40];
    size_t n = ak_format_g(v, e->precision, buf);
    ak_buf_append(e->out, buf, n);
}

static void put_index(emitter *e, double v)
{
    char buf[AK_NUM_BUFSIZE + 40];
    if (v >= 0 && v <= 4294967295.0 && v == floor(v)) {
        size_t n = ak_format_u64((uint64_t)v, buf);
        ak_buf_append(e->out, buf, n);
    } else {
        put_num(e, v);
    }
}

/* A name Maya reads back as the same single word: no blank, control byte
 * or ';', not starting like an index, a comment, a quote or a brace, and
 * not a number (Maya would take "-1" for a name, the reader warns). */
static bool writable_name(const char *s)
{
    if (!s || !*s)
        return false;
    if ((*s >= '0' && *s <= '9') || *s == '#' || *s == '/' || *s == '"' || *s == '{' || *s == '}')
        return false;
    for (const unsigned char *p = (const unsigned char *)s; *p; p++)
        if (*p <= ' ' || *p == 0x7f || *p == ';')
            return false;
    return maya_number_class((const uint8_t *)s, strlen(s)) == MAYA_N_NONE;
}

static void put_name(emitter *e, const char *s)
{
    if (writable_name(s)) {
        ak_buf_puts(e->out, s);
        return;
    }
    if (!e->strict && s && *s && !strchr(s, '"')) {
        ak_buf_putc(e->out, '"');
        ak_buf_puts(e->out, s);
        ak_buf_putc(e->out, '"');
        return;
    }
    if (e->d)
        ak_report(e->d, &maya_rules[maya_R_EMIT_UNWRITABLE], 0, 0, "", "name '%s' cannot be written in Maya's form",
                  s ? s : "");
    e->failed = true;
    ak_buf_puts(e->out, s && *s ? s : "unnamed");
}

/* A word value is read with Maya's `word`: nothing that ends or quotes it. */
static bool writable_word(const char *s)
{
    if (!s || !*s || *s == '"' || *s == '{' || *s == '}' || *s == '#' || *s == '/')
        return false;
    for (const unsigned char *p = (const unsigned char *)s; *p; p++)
        if (*p <= ' ' || *p == 0x7f || *p == ';')
            return false;
    return true;
}

static void stmt_word(emitter *e, const char *indent, const char *kw, const char *value)
{
    if (!writable_word(value)) {
        if (e->d)
            ak_report(e->d, &maya_rules[maya_R_EMIT_UNWRITABLE], 0, 0, "", "%s '%s' cannot be written in Maya's form",
                      kw, value ? value : "");
        e->failed = true;
    }
    ak_buf_printf(e->out, "%s%s %s;%s", indent, kw, value, e->eol);
}

static void stmt_num(emitter *e, const char *kw, double v)
{
    ak_buf_printf(e->out, "%s ", kw);
    put_num(e, v);
    ak_buf_printf(e->out, ";%s", e->eol);
}

static const char *tangent_word(emitter *e, int t, const char *raw)
{
    if (t >= 0 && t < MAYA_TANGENT_COUNT)
        return maya_tangent_words[t];
    if (e->strict) {
        if (e->d)
            ak_report(e->d, &maya_rules[maya_R_KEY_UNKNOWN_TANGENT], 0, 0, "", "unknown tangent type '%s'",
                      raw ? raw : "?");
        e->failed = true;
    }
    return "global";
}

static void emit_keys(emitter *e, const maya_adata *a)
{
    for (size_t i = 0; i < a->keys_count; i++) {
        const maya_key *k = &a->keys[i];
        ak_buf_printf(e->out, "    ");
        put_num(e, k->time);
        ak_buf_putc(e->out, ' ');
        put_num(e, k->value); /* as the document holds it, tiny values included (spec 5.1.6) */
        ak_buf_printf(e->out, " %s %s ", tangent_word(e, k->in_tangent, k->in_tangent_word),
                      tangent_word(e, k->out_tangent, k->out_tangent_word));
        put_num(e, k->tan_locked);
        ak_buf_putc(e->out, ' ');
        put_num(e, k->weight_locked);
        if (!e->v10) {
            ak_buf_putc(e->out, ' ');
            put_num(e, k->has_breakdown ? k->breakdown : 0);
        }
        if (k->in_tangent == MAYA_TANGENT_FIXED) {
            ak_buf_putc(e->out, ' ');
            put_num(e, k->in_angle);
            ak_buf_putc(e->out, ' ');
            put_num(e, k->in_weight);
        }
        if (k->out_tangent == MAYA_TANGENT_FIXED) {
            ak_buf_putc(e->out, ' ');
            put_num(e, k->out_angle);
            ak_buf_putc(e->out, ' ');
            put_num(e, k->out_weight);
        }
        ak_buf_printf(e->out, ";%s", e->eol);
    }
}

static const char *header_unit_for(const maya_doc *doc, const char *output)
{
    if (!output || strcmp(output, "linear") == 0)
        return doc->linear_unit ? doc->linear_unit : "cm";
    if (strcmp(output, "angular") == 0)
        return doc->angular_unit ? doc->angular_unit : "deg";
    if (strcmp(output, "time") == 0)
        return doc->time_unit ? doc->time_unit : "film";
    return "unitless";
}

static void emit_entry(emitter *e, const maya_doc *doc, const maya_entry *en)
{
    ak_buf_puts(e->out, "anim ");
    if (en->kind != MAYA_ENTRY_KIND_CURVE) {
        /* placeholders: the node name only */
        const char *node = en->names_count == 3 ? en->names[2] : en->names_count == 1 ? en->names[0] : NULL;
        if (node) {
            put_name(e, node);
            ak_buf_putc(e->out, ' ');
        }
    } else if (en->names_count == 3) {
        for (int i = 0; i < 3; i++) {
            put_name(e, en->names[i]);
            ak_buf_putc(e->out, ' ');
        }
    } else if (en->names_count >= 1) {
        put_name(e, en->names[0]);
        ak_buf_putc(e->out, ' ');
    }
    put_index(e, en->row);
    ak_buf_putc(e->out, ' ');
    put_index(e, en->child);
    ak_buf_putc(e->out, ' ');
    put_index(e, en->attr);
    ak_buf_printf(e->out, ";%s", e->eol);
    if (en->kind != MAYA_ENTRY_KIND_CURVE)
        return;
    const maya_adata *a = &en->anim_data;
    const char *in = a->input && strcmp(a->input, "unitless") == 0 ? "unitless" : "time";
    const char *outw = a->output;
    if (!outw)
        outw = "linear";
    else if (maya_word_of((const uint8_t *)outw, strlen(outw)).output < 0)
        outw = "unitless";
    ak_buf_printf(e->out, "animData {%s", e->eol);
    stmt_word(e, "  ", "input", in);
    stmt_word(e, "  ", "output", outw);
    if (!e->v10 || a->has_weighted) /* weighted came with 1.1 */
        stmt_word(e, "  ", "weighted", a->has_weighted && a->weighted == 1 ? "1" : "0");
    if (a->input_unit || a->output_unit || a->tangent_angle_unit) {
        stmt_word(e, "  ", "inputUnit",
                  a->input_unit ? a->input_unit : strcmp(in, "time") == 0 && doc->time_unit ? doc->time_unit : "unitless");
        stmt_word(e, "  ", "outputUnit", a->output_unit ? a->output_unit : header_unit_for(doc, outw));
        stmt_word(e, "  ", "tangentAngleUnit",
                  a->tangent_angle_unit ? a->tangent_angle_unit : doc->angular_unit ? doc->angular_unit : "deg");
    }
    const char *pre = a->pre_infinity, *post = a->post_infinity;
    if (!pre || maya_word_of((const uint8_t *)pre, strlen(pre)).infinity < 0)
        pre = "constant";
    if (!post || maya_word_of((const uint8_t *)post, strlen(post)).infinity < 0)
        post = "constant";
    stmt_word(e, "  ", "preInfinity", pre);
    stmt_word(e, "  ", "postInfinity", post);
    ak_buf_printf(e->out, "  keys {%s", e->eol);
    emit_keys(e, a);
    ak_buf_printf(e->out, "  }%s}%s", e->eol, e->eol);
}

/* Unwritable content (NaN, names Maya cannot write) is reported into d
   (which may be NULL) and makes it fail. */
bool maya_document_encode(maya_doc *doc, const ak_options *opt, ak_diags *d, ak_buf *out)
{
    const int precision = opt ? opt->precision : 0;
    const bool crlf = doc->line_ends == MAYA_LINE_ENDS_CRLF, strict = d && ak_diags_strict(d);
    /* a 1.0 document stays 1.0 (spec 5.1.2); anything else is written as 1.1 */
    double version = 1.1;
    if (doc->anim_version && ak_parse_f64(doc->anim_version, strlen(doc->anim_version), &version) != AK_NUM_OK)
        version = 0;
    emitter e = {out, precision > 0 ? precision : doc->precision, crlf ? "\r\n" : "\n", strict, version < 1.1 - 1e-12,
                 d, false};
    if (e.precision < 1)
        e.precision = 8;
    if (e.precision > 17)
        e.precision = 17;
    ak_buf_printf(out, "animVersion %s;%s", e.v10 ? "1.0" : "1.1", e.eol);
    const char *mv = doc->maya_version ? doc->maya_version : "2026";
    if (strpbrk(mv, ";\r\n")) {
        if (d)
            ak_report(d, &maya_rules[maya_R_EMIT_UNWRITABLE], 0, 0, "", "mayaVersion '%s' cannot be written", mv);
        e.failed = true;
    }
    ak_buf_printf(out, "mayaVersion %s;%s", mv, e.eol);
    if (doc->time_unit)
        stmt_word(&e, "", "timeUnit", doc->time_unit);
    if (doc->linear_unit)
        stmt_word(&e, "", "linearUnit", doc->linear_unit);
    if (doc->angular_unit)
        stmt_word(&e, "", "angularUnit", doc->angular_unit);
    if (doc->has_start_time)
        stmt_num(&e, "startTime", doc->start_time);
    if (doc->has_end_time)
        stmt_num(&e, "endTime", doc->end_time);
    if (doc->has_start_unitless)
        stmt_num(&e, "startUnitless", doc->start_unitless);
    if (doc->has_end_unitless)
        stmt_num(&e, "endUnitless", doc->end_unitless);
    for (size_t i = 0; i < doc->entries_count; i++)
        emit_entry(&e, doc, &doc->entries[i]);
    return !e.failed && !out->failed;
}
