/* The hooks of animx.layout other than the compression framing:
 *  - order_suspect: rule X37, the heuristic for the unresolved Curve key
 *    order question (spec §7 A1): the keys were read time-first (key<T> in
 *    the layout); would value-first give finite, non-decreasing times where
 *    time-first does not? Only for fixed-size values, whose keys have a
 *    fixed stride.
 *  - reemit: the canonical header of §6.2 on re-emission (version 1);
 *    the file keeps its encoding (plain, LZ4 or LZMA), as a file built from
 *    its dump keeps the dump's, unless --compress says otherwise: a
 *    re-emission never drops a compression without a word. Keys keep their
 *    order (re-emission writes what the file holds). */
#include "animx.h"
#include "animx_layout.h"

#include "ak_layout_model.h"

#include <math.h>

bool animx_hook_order_suspect(ak_lctx *c, const ak_lhook *h)
{
    const ak_lentry *e = ak_ltable_find(&animx_names_value_type, h->targs[0]);
    const ak_lspan *keys = &h->spans[0];
    if (!e || e->comp_kind == AK_LK_NSTRING || !keys->length)
        return true;
    size_t vs = ak_lentry_size(e), stride = 4 + vs;
    size_t n = keys->length / stride;
    bool this_bad = false, other_bad = false;
    float this_prev = 0, other_prev = 0;
    for (size_t j = 0; j < n && !other_bad; j++) {
        const uint8_t *k = ak_lbytes(c, keys->offset) + j * stride;
        float a = ak_lf32(ak_lget32le(k)), b = ak_lf32(ak_lget32le(k + vs));
        if (!isfinite(a) || (j && a < this_prev))
            this_bad = true;
        if (!isfinite(b) || b < 0 || (j && b < other_prev))
            other_bad = true;
        this_prev = a;
        other_prev = b;
    }
    const ak_rule *r = &animx_rules[animx_R_CURVE_ORDER_SUSPECT];
    if (this_bad && !other_bad)
        return ak_lreport(c, r, false, keys->offset, keys->length, "keys", "%s", r->message);
    return true;
}

int animx_encoding_for(const ak_options *opt)
{
    switch (opt ? opt->compress : AK_COMPRESS_DEFAULT) {
    case AK_COMPRESS_NONE: return ANIMX_PLAIN;
    case AK_COMPRESS_LZ4: return ANIMX_LZ4;
    case AK_COMPRESS_LZMA: return ANIMX_LZMA;
    default: return -1;
    }
}

bool animx_hook_reemit(animx_file *doc, const ak_options *opt, ak_diags *d, bool from_dump)
{
    (void)d;
    int encoding = animx_encoding_for(opt);
    if (encoding >= 0)
        doc->encoding = (uint8_t)encoding;
    if (!from_dump && doc->version == 0) {
        /* legacy files are read only: the two type bytes of version 1 */
        doc->version = 1;
        for (size_t i = 0; i < doc->tracks_count; i++) {
            animx_track *t = &doc->tracks[i];
            t->track_type = (uint8_t)t->kind;
            t->value_type = (uint8_t)t->vt;
        }
    }
    return true;
}
