/* Resonite AnimX: the format's entry in the registry. The header and the
 * rule table are generated from animx.layout; the rest of the file is read
 * by the `body` hook (animx_body.c). Here: sniffing, validation with the
 * options the hook needs, the JSON dump and canonical re-emission; the
 * inverse of the dump is animx_undump.c. */
#include "animx.h"

#include "animx_layout.h"
#include "arena.h"
#include "json_writer.h"

#include <math.h>
#include <string.h>

void animx_validate_with(const ak_input *in, const ak_options *opt, ak_diags *d);

static const char *const extensions[] = {".animx", NULL};
static const char *const versions[] = {"1", NULL}; /* version 0 is read only (§3.4) */

/* §1: 05 "AnimX" and an int32 version in {0, 1}. */
static int animx_sniff_bytes(const uint8_t *data, size_t size)
{
    static const uint8_t magic[6] = {0x05, 'A', 'n', 'i', 'm', 'X'};
    if (size < 10 || memcmp(data, magic, 6) != 0)
        return AK_SNIFF_NO;
    uint32_t version = (uint32_t)data[6] | (uint32_t)data[7] << 8 | (uint32_t)data[8] << 16 | (uint32_t)data[9] << 24;
    return version <= 1 ? AK_SNIFF_MAGIC : AK_SNIFF_CONTENT;
}

static void dump_number(ak_json_writer *w, double v, bool f32)
{
    if (isnan(v))
        ak_json_stringz(w, "nan");
    else if (isinf(v))
        ak_json_stringz(w, v > 0 ? "inf" : "-inf");
    else if (f32)
        ak_json_f32(w, (float)v);
    else
        ak_json_f64(w, v);
}

static void dump_value(ak_json_writer *w, uint8_t vt, const ak_value *v)
{
    if (vt == AK_VT_STRING) {
        if (v->s.ptr)
            ak_json_string(w, v->s.ptr, v->s.len);
        else
            ak_json_null(w);
        return;
    }
    const ak_value_type_info *ti = ak_value_type_info_of((ak_value_type)vt);
    if (ti->components > 1)
        ak_json_begin_array(w);
    for (unsigned k = 0; k < ti->components; k++) {
        switch (ti->kind) {
        case AK_VK_BOOL: ak_json_bool(w, v->b[k]); break;
        case AK_VK_UINT: ak_json_u64_portable(w, v->u[k]); break; /* jq-safe: beyond 2^53 a string */
        case AK_VK_INT: ak_json_i64_portable(w, v->i[k]); break;
        case AK_VK_F32: dump_number(w, v->f[k], true); break;
        case AK_VK_F64: dump_number(w, v->d[k], false); break;
        default: break;
        }
    }
    if (ti->components > 1)
        ak_json_end_array(w);
}

/* The document as JSON, members in file order with the spec's field names;
 * values as a JSON value (one component) or an array of components. */
static bool animx_dump_doc(const ak_input *in, const ak_options *opt, ak_diags *d, ak_buf *out)
{
    ak_arena arena;
    ak_arena_init(&arena, 0);
    animx_doc *doc = animx_read(in->data, in->size, opt, d, &arena);
    if (!doc || ak_diags_errors(d)) {
        ak_arena_free(&arena);
        return false;
    }
    ak_json_writer w;
    ak_json_writer_options wo = {2, false, true};
    ak_json_writer_init(&w, out, &wo);
    ak_json_begin_object(&w);
    ak_json_keyz(&w, "version");
    ak_json_i64(&w, doc->version);
    ak_json_keyz(&w, "track_count");
    ak_json_u64(&w, doc->track_count);
    ak_json_keyz(&w, "global_duration");
    dump_number(&w, doc->global_duration, true);
    ak_json_keyz(&w, "name");
    ak_json_string(&w, doc->name ? doc->name : "", doc->name_len);
    ak_json_keyz(&w, "encoding");
    ak_json_u64(&w, doc->encoding);
    ak_json_keyz(&w, "tracks");
    ak_json_begin_array(&w);
    for (uint32_t i = 0; i < doc->track_count; i++) {
        const animx_track *t = &doc->tracks[i];
        ak_json_begin_object(&w);
        ak_json_keyz(&w, "track_type");
        ak_json_u64(&w, t->track_type);
        ak_json_keyz(&w, "value_type");
        ak_json_u64(&w, t->value_type);
        ak_json_keyz(&w, "node");
        ak_json_string(&w, t->node ? t->node : "", t->node_len);
        ak_json_keyz(&w, "property");
        ak_json_string(&w, t->property ? t->property : "", t->property_len);
        ak_json_keyz(&w, "key_count");
        ak_json_u64(&w, t->key_count);
        if (t->track_type == 0) {
            ak_json_keyz(&w, "interval");
            dump_number(&w, t->interval, true);
            ak_json_keyz(&w, "values");
            ak_json_begin_array(&w);
            for (uint32_t j = 0; j < t->key_count; j++)
                dump_value(&w, t->value_type, &t->values[j]);
            ak_json_end_array(&w);
        } else {
            bool per_key = t->flags & ANIMX_FLAG_INTERPOLATIONS;
            if (t->track_type == ANIMX_CURVE) {
                ak_json_keyz(&w, "flags");
                ak_json_u64(&w, t->flags);
                ak_json_keyz(&w, per_key ? "interpolations" : "shared_interpolation");
                if (per_key) {
                    ak_json_begin_array(&w);
                    for (uint32_t j = 0; j < t->key_count; j++)
                        ak_json_u64(&w, t->interps[j]);
                    ak_json_end_array(&w);
                } else {
                    ak_json_u64(&w, t->interps[0]);
                }
            }
            ak_json_keyz(&w, "keys");
            ak_json_begin_array(&w);
            for (uint32_t j = 0; j < t->key_count; j++) {
                ak_json_begin_object(&w);
                ak_json_keyz(&w, "time");
                dump_number(&w, t->times[j], true);
                ak_json_keyz(&w, "value");
                dump_value(&w, t->value_type, &t->values[j]);
                ak_json_end_object(&w);
            }
            ak_json_end_array(&w);
            if (t->track_type == ANIMX_CURVE && (t->flags & ANIMX_FLAG_TANGENTS)) {
                ak_json_keyz(&w, "tangents");
                ak_json_begin_array(&w);
                for (uint32_t j = 0; j < t->key_count; j++) {
                    ak_json_begin_object(&w);
                    ak_json_keyz(&w, "left");
                    dump_value(&w, t->value_type, &t->left[j]);
                    ak_json_keyz(&w, "right");
                    dump_value(&w, t->value_type, &t->right[j]);
                    ak_json_end_object(&w);
                }
                ak_json_end_array(&w);
            }
        }
        ak_json_end_object(&w);
    }
    ak_json_end_array(&w);
    ak_json_end_object(&w);
    bool ok = ak_json_writer_finish(&w);
    ak_arena_free(&arena);
    return ok || !out->failed;
}

/* Canonical re-emission (§6.2): decode, then the canonical encoder, plain. */
static bool animx_reemit(const ak_input *in, const ak_options *opt, ak_diags *d, ak_buf *out)
{
    ak_arena arena;
    ak_arena_init(&arena, 0);
    ak_animation *anim = NULL;
    bool ok = animx_to_model(in, opt, d, &arena, &anim) && ak_animx_encode_model(anim, ak_animx_compression(opt), d, out);
    ak_arena_free(&arena);
    return ok;
}

const ak_format ak_format_animx = {
    .id = "animx",
    .name = "Resonite AnimX",
    .extensions = extensions,
    .text = false,
    .rules = animx_rules,
    .rule_count = animx_RULE_COUNT,
    .sniff = animx_sniff_bytes,
    .validate = animx_validate_with,
    .dump = animx_dump_doc,
    .reemit = animx_reemit,
    .undump = animx_undump_json,
    .to_model = animx_to_model,
    .from_model = animx_from_model,
    .versions = versions,
};
