/* `animkit dump` for .anim files: the document as JSON, in file order, with
 * the spec's field names in snake_case. Numbers are the exact doubles
 * (shortest round-trip); absent statements are absent members. `precision`
 * and `line_ends` describe how the file wrote its numbers and lines, so that
 * building the file back from the dump (maya_undump.c) gives the same bytes. */
#include "maya_doc.h"

#include <json_writer.h>

static void word(ak_json_writer *w, const char *key, const char *v)
{
    if (v) {
        ak_json_keyz(w, key);
        ak_json_stringz(w, v);
    }
}

static void num(ak_json_writer *w, const char *key, double v)
{
    ak_json_keyz(w, key);
    ak_json_f64(w, v);
}

static const char *tangent(int t, const char *raw)
{
    if (t >= 0 && t < MAYA_TAN_COUNT)
        return maya_tangent_words[t];
    return raw ? raw : "global";
}

static void dump_key(ak_json_writer *w, const maya_key *k)
{
    ak_json_begin_object(w);
    num(w, "time", k->time);
    num(w, "value", k->value);
    word(w, "in_tangent", tangent(k->tin, k->tin_word));
    word(w, "out_tangent", tangent(k->tout, k->tout_word));
    num(w, "tan_locked", k->tan_locked);
    num(w, "weight_locked", k->weight_locked);
    if (k->has_breakdown)
        num(w, "breakdown", k->breakdown);
    if (k->tin == MAYA_TAN_FIXED) {
        num(w, "in_angle", k->in_angle);
        num(w, "in_weight", k->in_weight);
    }
    if (k->tout == MAYA_TAN_FIXED) {
        num(w, "out_angle", k->out_angle);
        num(w, "out_weight", k->out_weight);
    }
    ak_json_end_object(w);
}

static void dump_entry(ak_json_writer *w, const maya_entry *e)
{
    ak_json_begin_object(w);
    word(w, "kind", e->curve ? "curve" : "placeholder");
    ak_json_keyz(w, "names");
    ak_json_begin_array(w);
    for (unsigned i = 0; i < e->name_count; i++)
        ak_json_stringz(w, e->names[i] ? e->names[i] : "");
    ak_json_end_array(w);
    num(w, "row", e->row);
    num(w, "child", e->child);
    num(w, "attr", e->attr);
    if (e->curve) {
        const maya_adata *a = &e->data;
        ak_json_keyz(w, "anim_data");
        ak_json_begin_object(w);
        word(w, "input", a->input);
        word(w, "output", a->output);
        if (a->has_weighted)
            num(w, "weighted", a->weighted);
        word(w, "input_unit", a->input_unit);
        word(w, "output_unit", a->output_unit);
        word(w, "tangent_angle_unit", a->tangent_angle_unit);
        word(w, "pre_infinity", a->pre_infinity);
        word(w, "post_infinity", a->post_infinity);
        ak_json_keyz(w, "keys");
        ak_json_begin_array(w);
        for (size_t i = 0; i < a->key_count; i++)
            dump_key(w, &a->keys[i]);
        ak_json_end_array(w);
        ak_json_end_object(w);
    }
    ak_json_end_object(w);
}

bool maya_dump_doc(const maya_doc *doc, ak_buf *out)
{
    ak_json_writer w;
    ak_json_writer_options o = {2, false, true};
    ak_json_writer_init(&w, out, &o);
    ak_json_begin_object(&w);
    word(&w, "anim_version", doc->anim_version);
    word(&w, "maya_version", doc->maya_version);
    word(&w, "time_unit", doc->time_unit);
    word(&w, "linear_unit", doc->linear_unit);
    word(&w, "angular_unit", doc->angular_unit);
    if (doc->has_start_time)
        num(&w, "start_time", doc->start_time);
    if (doc->has_end_time)
        num(&w, "end_time", doc->end_time);
    if (doc->has_start_unitless)
        num(&w, "start_unitless", doc->start_unitless);
    if (doc->has_end_unitless)
        num(&w, "end_unitless", doc->end_unitless);
    ak_json_keyz(&w, "precision");
    ak_json_i64(&w, doc->precision);
    word(&w, "line_ends", doc->crlf ? "crlf" : "lf");
    ak_json_keyz(&w, "entries");
    ak_json_begin_array(&w);
    for (size_t i = 0; i < doc->entry_count; i++)
        dump_entry(&w, &doc->entries[i]);
    ak_json_end_array(&w);
    ak_json_end_object(&w);
    /* The only thing the writer can replace here is a word that is not
       UTF-8 (it becomes U+FFFD); the reader has warned about it already
       (maya.lex.non-ascii), and the dump is still the document. */
    (void)ak_json_writer_finish(&w);
    return !out->failed;
}
