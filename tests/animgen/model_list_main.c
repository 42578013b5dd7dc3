/* The code animgen generates for tests/animgen/model_list_sum_ok.layout,
 * compiled and run: a `tracks` list that an aggregate reads is made whole
 * into the document before it is encoded (no from_model_to), and the
 * model goes through it and back: the bytes are those written here by hand
 * from the layout, and the let over the list sees every element. */
#include "lsum_layout.h"

#include <model.h>

#include <string.h>

#include "check.h"

int main(void)
{
    ak_arena arena;
    ak_arena_init(&arena, 0);
    ak_track tracks[2];
    memset(tracks, 0, sizeof tracks);
    const char *nodes[] = {"a", "bc"};
    for (int i = 0; i < 2; i++) {
        ak_track *t = &tracks[i];
        t->node = nodes[i];
        t->property = "p";
        t->type = AK_VT_FLOAT;
        t->kind = AK_TRACK_DISCRETE;
        ak_key k[2];
        memset(k, 0, sizeof k);
        k[0].time = 0, k[0].value.f[0] = 1.0f + (float)i;
        k[1].time = 2, k[1].value.f[0] = -1.0f;
        k[0].interp = k[1].interp = AK_INTERP_HOLD;
        CHECK(ak_track_set_keys(t, &arena, k, (size_t)(i + 1)));
    }
    ak_animation anim = {.name = "two", .start = 0, .end = 2, .tracks = tracks, .track_count = 2};
    CHECK(ak_format_lsum.from_model && !ak_format_lsum.from_model_to);

    ak_buf out;
    ak_buf_init(&out);
    ak_diags *d = ak_diags_new(NULL);
    CHECK(lsum_from_model(&anim, NULL, d, &out));
    /* track_count 2; each: track_type 1, value_type 21 (float), node, key_count, keys (time, value) */
    static const uint8_t expected[] = {
        0x02,
        0x01, 0x15, 0x01, 'a', 0x01, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x80, 0x3f,
        0x01, 0x15, 0x02, 'b', 'c', 0x02, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x40,
        0x00, 0x00, 0x00, 0x40, 0x00, 0x00, 0x80, 0xbf,
    };
    CHECK(out.len == sizeof expected && memcmp(out.data, expected, sizeof expected) == 0);

    ak_arena doc_arena;
    ak_arena_init(&doc_arena, 0);
    lsum_file *doc = lsum_decode((const uint8_t *)out.data, out.len, NULL, d, &doc_arena);
    CHECK(doc && doc->tracks_count == 2 && doc->kinds == 2);
    ak_input in = {"lsum", (const uint8_t *)out.data, out.len, false};
    ak_animation *back = NULL;
    CHECK(lsum_to_model(&in, NULL, d, &arena, &back));
    CHECK(back && back->track_count == 2 && back->tracks[1].key_count == 2 &&
          strcmp(back->tracks[1].node, "bc") == 0);
    CHECK(ak_diags_count(d) == 0);
    ak_diags_free(d);
    ak_arena_free(&doc_arena);
    ak_buf_free(&out);
    ak_arena_free(&arena);
    return failures;
}
