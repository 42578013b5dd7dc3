/* The code animgen generates for tests/animgen/layout_derived_ok.layout,
 * compiled and run: a document that uses every construct is built byte by
 * byte here (not by the generated encoder), validated, decoded, re-encoded,
 * dumped and undumped; then one change per check gives the diagnostic that
 * check reports, at its path and offset. The hooks are the trivial ones
 * the layout declares: XOR masks for the two `process` blocks, a length
 * check on a field span, and reemit. */
#include "demo2_layout.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"

/* ---- the hooks ------------------------------------------------------------ */

static struct {
    int calls;
    size_t length; /* of the last keys span */
    int64_t targ;  /* the value type the last instance was made for */
} keys_hook;

bool demo2_hook_keys_long(ak_lctx *c, const ak_lhook *h)
{
    keys_hook.calls++;
    keys_hook.length = h->spans[0].length;
    keys_hook.targ = h->targ_count ? h->targs[0] : -1;
    if (h->spans[0].length > 64)
        return ak_lreport(c, &demo2_rules[demo2_R_TRACK_KEYS_LONG], false, h->spans[0].offset, h->spans[0].length,
                          "keys", "%s (%zu bytes)", demo2_rules[demo2_R_TRACK_KEYS_LONG].message, h->spans[0].length);
    return true;
}

static void xor_bytes(const uint8_t *in, size_t n, uint8_t key, ak_buf *out)
{
    for (size_t i = 0; i < n; i++)
        ak_buf_putc(out, (char)(in[i] ^ key));
}

/* process unmask(size) span size: c->size is the end of the span */
bool demo2_process_unmask(ak_lctx *c, const ak_lprocess *p, ak_buf *out)
{
    if (p->args[0] > 64)
        return ak_lreport(c, &demo2_rules[demo2_R_BLOCK_SIZE], true, c->pos, ak_lleft(c), NULL,
                          "%s (%lld bytes)", demo2_rules[demo2_R_BLOCK_SIZE].message, (long long)p->args[0]);
    xor_bytes(c->data + c->pos, ak_lleft(c), 0xa5, out);
    c->pos = c->size;
    return true;
}

bool demo2_process_unmask_encode(const ak_lprocess *p, const uint8_t *plain, size_t n, ak_buf *out)
{
    (void)p;
    xor_bytes(plain, n, 0xa5, out);
    return true;
}

/* process xor(key) when key != 0: the rest of the stream */
bool demo2_process_xor(ak_lctx *c, const ak_lprocess *p, ak_buf *out)
{
    if (p->args[0] == 0xff)
        return ak_lreport(c, &demo2_rules[demo2_R_PAYLOAD_KEY], true, c->pos, ak_lleft(c), NULL, "%s",
                          demo2_rules[demo2_R_PAYLOAD_KEY].message);
    xor_bytes(c->data + c->pos, ak_lleft(c), (uint8_t)p->args[0], out);
    c->pos = c->size;
    return true;
}

bool demo2_process_xor_encode(const ak_lprocess *p, const uint8_t *plain, size_t n, ak_buf *out)
{
    xor_bytes(plain, n, (uint8_t)p->args[0], out);
    return true;
}

/* --compress none: write the payload unmasked */
bool demo2_hook_reemit(demo2_file *doc, const ak_options *opt, ak_diags *d, bool from_dump)
{
    (void)d;
    (void)from_dump;
    if (opt && opt->compress == AK_COMPRESS_NONE)
        doc->key = 0;
    return true;
}

/* dump summary by summary(key): a member of the dump only, derived from
   the file as the dump's walk has read it (the counts of its arrays, not
   their elements) and the bytes of the fields it names (the undump skips it) */
bool demo2_dump_summary(ak_lctx *c, const ak_lhook *h, ak_buf *out, struct ak_sink *sink, int level)
{
    (void)sink, (void)level;
    const demo2_file *o = h->obj;
    bool masked = h->span_count == 1 && h->spans[0].length == 1 && *ak_lbytes(c, h->spans[0].offset) != 0;
    ak_buf_printf(out, "{\"tracks\": %zu, \"masked\": %s}", o->tracks_count, masked && o->key ? "true" : "false");
    return !out->failed;
}

/* ---- building a file --------------------------------------------------------- */

static void put(ak_buf *b, const void *p, size_t n) { ak_buf_append(b, p, n); }
static void put_u8(ak_buf *b, unsigned v) { ak_buf_putc(b, (char)(uint8_t)v); }
static void put_be16(ak_buf *b, unsigned v) { put_u8(b, v >> 8), put_u8(b, v); }
static void put_le16(ak_buf *b, unsigned v) { put_u8(b, v), put_u8(b, v >> 8); }
static void put_be32(ak_buf *b, uint32_t v) { put_be16(b, v >> 16), put_be16(b, v & 0xffff); }
static void put_le32(ak_buf *b, uint32_t v) { put_le16(b, v & 0xffff), put_le16(b, v >> 16); }
static void put_be64(ak_buf *b, uint64_t v) { put_be32(b, (uint32_t)(v >> 32)), put_be32(b, (uint32_t)v); }
static void put_be_f32(ak_buf *b, float f) { put_be32(b, ak_lbits32(f)); }
static void put_le_f32(ak_buf *b, float f) { put_le32(b, ak_lbits32(f)); }
static void put_le_f64(ak_buf *b, double f)
{
    uint64_t v = ak_lbits64(f);
    put_le32(b, (uint32_t)v), put_le32(b, (uint32_t)(v >> 32));
}
static void put_leb(ak_buf *b, uint64_t v)
{
    do {
        put_u8(b, (v & 0x7f) | (v > 0x7f ? 0x80 : 0));
        v >>= 7;
    } while (v);
}
static void put_text(ak_buf *b, const char *s)
{
    put_u8(b, (unsigned)strlen(s));
    put(b, s, strlen(s));
}

/* What build() writes; every member is a knob a failing case turns. */
typedef struct spec {
    const char *magic;
    unsigned major, minor, flags;
    unsigned comment_flag;
    const char *comment;
    unsigned block_mask;  /* 0: the block is plain */
    unsigned block_a;     /* bit 0: c (f64le) follows, else d (i8) */
    int block_size_delta; /* the size field minus the bytes written */
    size_t block_pad;     /* bytes of padding inside the block */
    unsigned key;         /* 0: the payload is plain */
    const char *count;    /* track_count bytes (NULL: the LEB128 of the tracks written) */
    size_t count_len;
    unsigned kind0, vt0;  /* the first track's kind and value type */
    float t1;             /* the second key time of the quat track */
    float q1w;            /* its w */
    unsigned pair2;       /* the third sample byte of the bits track */
    unsigned label_flag;  /* the nullable flag of the label track's second key */
    const char *label;
    unsigned vec_keys;    /* keys of the vec3 track */
    unsigned vec_count;   /* its key_count (0: vec_keys) */
    size_t trailing;      /* bytes after the last track */
    /* out: where things were written */
    size_t at_flags, at_block, at_key, at_count, at_payload;
} spec;

static spec good(void)
{
    spec s = {0};
    s.magic = "DM2";
    s.major = 1;
    s.minor = 1;
    s.flags = 0x10;
    s.comment_flag = 1;
    s.comment = "hi";
    s.block_mask = 1;
    s.block_a = 1;
    s.key = 0x3c;
    s.kind0 = 1;
    s.vt0 = 4;
    s.t1 = 1.0f;
    s.q1w = 0.8f;
    s.pair2 = 3;
    s.label_flag = 1;
    s.label = "abc";
    s.vec_keys = 2;
    return s;
}

enum { TRACKS = 5 };

/* The tracks: keyed quat, raw bits, keyed label, raw big, keyed vec3. */
static void build_tracks(ak_buf *b, spec *s)
{
    /* 0: keyed quat (f32le components), key times big-endian */
    put_u8(b, s->kind0), put_u8(b, s->vt0), put_text(b, "q");
    put_leb(b, 2);
    put_be_f32(b, 0.0f);
    put_le_f32(b, 0.0f), put_le_f32(b, 0.0f), put_le_f32(b, 0.0f), put_le_f32(b, 1.0f);
    put_be_f32(b, s->t1);
    put_le_f32(b, 0.0f), put_le_f32(b, 0.6f), put_le_f32(b, 0.0f), put_le_f32(b, s->q1w);
    /* 1: raw bits(x, y) */
    put_u8(b, 0), put_u8(b, 1), put_text(b, "p");
    put_leb(b, 3);
    put_u8(b, 1), put_u8(b, 2), put_u8(b, s->pair2);
    /* 2: keyed label (nullable strings) */
    put_u8(b, 1), put_u8(b, 6), put_text(b, "");
    put_leb(b, 2);
    put_be_f32(b, 0.5f), put_u8(b, 0);
    put_be_f32(b, 0.75f), put_u8(b, s->label_flag);
    if (s->label_flag)
        put_text(b, s->label);
    /* 3: raw u64 (big-endian, beyond 2^53) */
    put_u8(b, 0), put_u8(b, 5), put_text(b, "big");
    put_leb(b, 1);
    put_be64(b, 0x1000000000000001ULL);
    /* 4: keyed vec3 */
    put_u8(b, 1), put_u8(b, 3), put_text(b, "v");
    put_leb(b, s->vec_count ? s->vec_count : s->vec_keys);
    for (unsigned k = 0; k < s->vec_keys; k++) {
        put_be_f32(b, (float)k);
        put_be_f32(b, 1.0f), put_be_f32(b, -2.0f), put_be_f32(b, (float)k * 0.5f);
    }
}

static void build(ak_buf *b, spec *s)
{
    put(b, s->magic, 3);
    put_u8(b, s->major), put_u8(b, s->minor);
    s->at_flags = b->len;
    put_le16(b, s->flags);
    put_u8(b, s->comment_flag);
    if (s->comment_flag)
        put_text(b, s->comment);
    if (s->minor >= 1)
        put_le32(b, 0x01020304);
    else
        put_u8(b, 7);
    /* block: a, b (u16 big-endian), then c (f64le) or d; masked with 0xA5 */
    put_u8(b, s->block_mask);
    ak_buf plain;
    ak_buf_init(&plain);
    put_u8(&plain, s->block_a);
    put_be16(&plain, 0x1234);
    if (s->block_a & 1)
        put_le_f64(&plain, 1.5);
    else
        put_u8(&plain, 0xfd);
    for (size_t i = 0; i < s->block_pad; i++)
        put_u8(&plain, 0);
    put_le16(b, (unsigned)((int)plain.len + s->block_size_delta));
    s->at_block = b->len;
    if (s->block_mask)
        xor_bytes((const uint8_t *)plain.data, plain.len, 0xa5, b);
    else
        put(b, plain.data, plain.len);
    ak_buf_free(&plain);
    s->at_key = b->len;
    put_u8(b, s->key);
    s->at_count = b->len;
    if (s->count)
        put(b, s->count, s->count_len);
    else
        put_leb(b, TRACKS);
    s->at_payload = b->len;
    ak_buf tracks;
    ak_buf_init(&tracks);
    build_tracks(&tracks, s);
    for (size_t i = 0; i < s->trailing; i++)
        put_u8(&tracks, 0xee);
    if (s->key)
        xor_bytes((const uint8_t *)tracks.data, tracks.len, (uint8_t)s->key, b);
    else
        put(b, tracks.data, tracks.len);
    ak_buf_free(&tracks);
}

/* ---- helpers ------------------------------------------------------------- */

static ak_diags *validate(const ak_buf *b)
{
    ak_diags *d = ak_diags_new(NULL);
    ak_input in = {"demo2", (const uint8_t *)b->data, b->len, false};
    ak_options opt = {0};
    demo2_validate(&in, &opt, d);
    return d;
}

static void print_diags(const ak_diags *d)
{
    for (size_t k = 0; k < ak_diags_count(d); k++) {
        const ak_diag *g = ak_diags_at(d, k);
        printf("  %s at '%s' offset %llu: %s\n", g->rule->code, g->path, (unsigned long long)g->offset, g->message);
    }
}

static bool same(const ak_buf *a, const ak_buf *b) { return a->len == b->len && memcmp(a->data, b->data, a->len) == 0; }

static bool contains(const ak_buf *b, const char *s)
{
    size_t n = strlen(s);
    for (size_t i = 0; i + n <= b->len; i++)
        if (memcmp(b->data + i, s, n) == 0)
            return true;
    return false;
}

/* ---- the valid document ---------------------------------------------------- */

static void check_document(const demo2_file *doc)
{
    CHECK(doc->major == 1 && doc->minor == 1);
    CHECK(doc->flags == 0x10);                                     /* u16le */
    CHECK(doc->comment.ptr && doc->comment.len == 2 && !memcmp(doc->comment.ptr, "hi", 2));
    CHECK(doc->stamp == 0x01020304);                               /* the if branch */
    CHECK(doc->block.size == 11 && doc->block.a == 1);
    CHECK(doc->block.b == 0x1234 && doc->block.c == 1.5);          /* u16 default big, f64le */
    CHECK(doc->key == 0x3c && doc->track_count == TRACKS && doc->tracks_count == TRACKS);
    if (doc->tracks_count != TRACKS)
        return;
    const demo2_track *t = doc->tracks;
    CHECK(t[0].body == demo2_body_keyed__quat && t[0].keyed__quat.key_count == 2);
    CHECK(t[0].keyed__quat.keys[1].time == 1.0f && t[0].keyed__quat.keys[1].value[3] == 0.8f);
    CHECK(t[1].body == demo2_body_raw__pair && t[1].raw__pair.values_count == 3);
    CHECK(t[1].raw__pair.values[0][0] && !t[1].raw__pair.values[0][1]);  /* 1: x */
    CHECK(!t[1].raw__pair.values[1][0] && t[1].raw__pair.values[1][1]);  /* 2: y */
    CHECK(t[2].body == demo2_body_keyed__label && t[2].keyed__label.keys[0].value.ptr == NULL);
    CHECK(t[2].keyed__label.keys[1].value.len == 3 && !memcmp(t[2].keyed__label.keys[1].value.ptr, "abc", 3));
    CHECK(t[3].body == demo2_body_raw__big && t[3].raw__big.values[0] == 0x1000000000000001ULL);
    CHECK(t[4].body == demo2_body_keyed__vec3 && t[4].keyed__vec3.keys[1].value[2] == 0.5f);
}

static void test_valid(void)
{
    spec s = good();
    ak_buf b;
    ak_buf_init(&b);
    build(&b, &s);
    CHECK(demo2_sniff((const uint8_t *)b.data, b.len) == AK_SNIFF_MAGIC);

    keys_hook.calls = 0;
    ak_diags *d = validate(&b);
    CHECK(ak_diags_count(d) == 0);
    print_diags(d);
    /* `version major, minor`: what reports say the file's version is */
    CHECK(ak_diags_version(d) && strcmp(ak_diags_version(d), "1.1") == 0);
    ak_diags_free(d);
    /* the struct hook: one call per keyed track, with the span of the keys
       and the table code of the instance's type argument */
    CHECK(keys_hook.calls == 3);
    CHECK(keys_hook.length == 2 * (4 + 12) && keys_hook.targ == 3); /* vec3, the last one */

    ak_arena arena;
    ak_arena_init(&arena, 0);
    d = ak_diags_new(NULL);
    demo2_file *doc = demo2_decode((const uint8_t *)b.data, b.len, NULL, d, &arena);
    CHECK(doc && ak_diags_count(d) == 0);
    if (doc) {
        check_document(doc);
        ak_buf out;
        ak_buf_init(&out);
        CHECK(demo2_encode(doc, &out) && same(&out, &b)); /* both process blocks masked again */
        /* a decoded document's dump has no walk for the dump hook to read:
           its member is null there */
        out.len = 0;
        CHECK(ak_ldump_json(&demo2_meta_file, doc, NULL, &out) && contains(&out, "\"summary\": null\n}"));
        ak_buf_free(&out);
    }
    ak_diags_free(d);
    ak_arena_free(&arena);

    /* dump -> undump gives the same bytes; dump -> undump -> dump the same JSON */
    ak_options opt = {0};
    ak_input in = {"demo2", (const uint8_t *)b.data, b.len, false};
    ak_buf json, back, json2;
    ak_buf_init(&json), ak_buf_init(&back), ak_buf_init(&json2);
    d = ak_diags_new(NULL);
    CHECK(demo2_dump(&in, &opt, d, &json));
    ak_input jin = {"demo2.json", (const uint8_t *)json.data, json.len, false};
    CHECK(demo2_undump(&jin, &opt, d, &back));
    CHECK(same(&back, &b));
    ak_input bin = {"back", (const uint8_t *)back.data, back.len, false};
    CHECK(demo2_dump(&bin, &opt, d, &json2) && same(&json, &json2));
    CHECK(ak_diags_count(d) == 0);
    print_diags(d);
    if (getenv("DEMO_DEBUG"))
        fwrite(json.data, 1, json.len, stdout);
    /* what the dump says: the arms inlined, the absent branch left out, the
       null string, the u64 beyond 2^53 as a decimal string */
    CHECK(contains(&json, "\"stamp\": 16909060") && !contains(&json, "\"legacy\""));
    CHECK(contains(&json, "\"c\": 1.5") && !contains(&json, "\"d\""));
    CHECK(contains(&json, "null") && contains(&json, "\"1152921504606846977\""));
    CHECK(!contains(&json, "\"magic\"")); /* const bytes are not in the document */
    CHECK(contains(&json, "\"summary\": {\"tracks\": 5, \"masked\": true}\n}")); /* the dump member, last */
    ak_diags_free(d);

    /* reemit: the hook drops the mask (--compress none), the tracks stay */
    ak_buf plain;
    ak_buf_init(&plain);
    opt.compress = AK_COMPRESS_NONE;
    d = ak_diags_new(NULL);
    CHECK(demo2_reemit(&in, &opt, d, &plain));
    spec u = good();
    u.key = 0;
    ak_buf want;
    ak_buf_init(&want);
    build(&want, &u);
    CHECK(same(&plain, &want));
    ak_diags_free(d);
    d = validate(&plain);
    CHECK(ak_diags_count(d) == 0);
    ak_diags_free(d);

    ak_buf_free(&want), ak_buf_free(&plain);
    ak_buf_free(&json), ak_buf_free(&back), ak_buf_free(&json2);
    ak_buf_free(&b);
}

/* minor 0: the else branch (legacy instead of stamp), round trip too */
static void test_else_branch(void)
{
    spec s = good();
    s.minor = 0;
    ak_buf b, json, back;
    ak_buf_init(&b), ak_buf_init(&json), ak_buf_init(&back);
    build(&b, &s);
    ak_options opt = {0};
    ak_input in = {"demo2", (const uint8_t *)b.data, b.len, false};
    ak_diags *d = ak_diags_new(NULL);
    CHECK(demo2_dump(&in, &opt, d, &json));
    CHECK(contains(&json, "\"legacy\": 7") && !contains(&json, "\"stamp\""));
    ak_input jin = {"demo2.json", (const uint8_t *)json.data, json.len, false};
    CHECK(demo2_undump(&jin, &opt, d, &back) && same(&back, &b));
    CHECK(ak_diags_count(d) == 0);
    print_diags(d);
    ak_diags_free(d);
    ak_buf_free(&b), ak_buf_free(&json), ak_buf_free(&back);
}

/* ---- one failing input per check ------------------------------------------- */

/* Where a diagnostic is expected: an offset from the start of the file, of
 * the block's bytes, or of the payload (a diagnostic inside a derived
 * stream is at the offset where the stream starts; its message says which
 * byte of the stream). */
typedef enum anchor { A_NONE, A_FILE, A_BLOCK, A_PAYLOAD } anchor;

typedef struct expect {
    const char *code;
    const char *path;
    anchor from;
    long long offset;
    const char *in_message; /* NULL: not checked */
} expect;

typedef struct fcase {
    const char *what;
    void (*change)(spec *s);
    size_t cut;         /* 0: whole file; else keep this many bytes ... */
    bool cut_from_end;  /* ... counted from the end */
    expect want[2];     /* the diagnostics in order (the second may be empty) */
} fcase;

static void c_magic(spec *s) { s->magic = "DM3"; }
static void c_major(spec *s) { s->major = 3; }
static void c_minor(spec *s) { s->minor = 12; }
static void c_flags80(spec *s) { s->flags = 0x80; }
static void c_flags103(spec *s) { s->flags = 0x103; }
static void c_flags3(spec *s) { s->flags = 3; }
static void c_comment_flag(spec *s) { s->comment_flag = 2; }
static void c_comment_utf8(spec *s) { s->comment = "\xc3("; }
static void c_block_long(spec *s) { s->block_pad = 60; }
static void c_block_short(spec *s) { s->block_size_delta = -6; }
static void c_block_past(spec *s) { s->block_size_delta = 200; }
static void c_block_pad(spec *s) { s->block_pad = 2; }
static void c_plain_block_pad(spec *s) { s->block_pad = 2, s->block_mask = 0; }
static void c_plain_block_short(spec *s) { s->block_size_delta = -1, s->block_mask = 0; }
static void c_key_ff(spec *s) { s->key = 0xff; }
static void c_count_nonminimal(spec *s) { s->count = "\x85\x00", s->count_len = 2; }
static void c_count_overlong(spec *s) { s->count = "\x80\x80\x80\x80\x80\x80\x80\x80\x80\x80\x01", s->count_len = 11; }
static void c_count_big(spec *s) { s->count = "\xe9\x07", s->count_len = 2; } /* 1001 */
static void c_count_fits(spec *s) { s->count = "\x64", s->count_len = 1; }   /* 100 tracks */
static void c_kind(spec *s) { s->kind0 = 2; }
static void c_vt(spec *s) { s->vt0 = 99; }
static void c_nonunit(spec *s) { s->q1w = 2.0f; }
static void c_order(spec *s) { s->t1 = -1.0f; }
static void c_repeat(spec *s) { s->t1 = 0.0f; }
static void c_nan(spec *s) { s->t1 = NAN; }
static void c_bool_byte(spec *s) { s->pair2 = 7; }
static void c_string_flag(spec *s) { s->label_flag = 2; }
static void c_label_utf8(spec *s) { s->label = "a\xff"; }
static void c_keys_long(spec *s) { s->vec_keys = 5; }
static void c_assert_sizeof(spec *s) { s->vec_count = 3; } /* 3 x (4 + 12) > the 32 bytes left */
static void c_trailing(spec *s) { s->trailing = 3; }
static void c_plain_trailing(spec *s) { s->trailing = 3, s->key = 0; }
static void c_vec_empty(spec *s) { s->vec_keys = 0; }
static void c_none(spec *s) { (void)s; }

/* The file: "DM2" 0-2, major 3, minor 4, flags 5-6, comment 7-10, stamp
 * 11-14, block mask 15, size 16-17, the block's bytes 18-28 (a, b, c), key
 * 29, track_count 30, the payload from 31. In the payload: track 0 (kind,
 * vt, name "q", key count) 0-4, its keys of 20 bytes from 5; track 1 from 45,
 * its three samples at 50-52. */
static const fcase cases[] = {
    {"const bytes", c_magic, 0, false, {{"demo2.header.magic", "/magic", A_FILE, 2, "byte 2 is 0x33, not 0x32"}}},
    {"range, fatal", c_major, 0, false, {{"demo2.header.version", "/major", A_FILE, 3, "(major = 3)"}}},
    {"assert at a field", c_minor, 0, false, {{"demo2.header.version", "/minor", A_FILE, 4, NULL}}},
    {"chain: the second link", c_flags80, 0, false, {{"demo2.header.flags", "/flags", A_FILE, 5, "(flags = 128)"}}},
    {"chain: ';' starts a new one", c_flags103, 0, false,
     {{"demo2.header.flags", "/flags", A_FILE, 5, "(flags = 259)"}, {"demo2.header.mode", "/flags", A_FILE, 5, NULL}}},
    {"!in", c_flags3, 0, false, {{"demo2.header.mode", "/flags", A_FILE, 5, "(flags = 3)"}}},
    {"nullable flag", c_comment_flag, 0, false, {{"demo2.value.string-flag", "/comment", A_FILE, 7, "(0x02)"}}},
    {"nullable utf8", c_comment_utf8, 0, false,
     {{"demo2.string.utf8", "/comment", A_FILE, 9, "(byte 0 of the string)"}}},
    {"process hook reports", c_block_long, 0, false, {{"demo2.block.size", "/block", A_BLOCK, 0, "(71 bytes)"}}},
    {"inside a span", c_block_short, 0, false,
     {{"demo2.file.truncated", "/block/masked/c", A_BLOCK, 0, "(byte 3 of the unmasked block)"}}},
    {"span past the end", c_block_past, 0, false, {{"demo2.file.truncated", "/block", A_BLOCK, 0, NULL}}},
    {"span not read to its end", c_block_pad, 0, false,
     {{"demo2.block.trailing", "/block/masked", A_BLOCK, 0, "(2 bytes) (byte 11 of the unmasked block)"}}},
    {"span read without its hook", c_plain_block_pad, 0, false,
     {{"demo2.block.trailing", "/block", A_BLOCK, 11, "(2 bytes)"}}},
    {"span without its hook, cut", c_plain_block_short, 0, false,
     {{"demo2.file.truncated", "/block/c", A_BLOCK, 3, NULL}}},
    {"process hook refuses", c_key_ff, 0, false, {{"demo2.payload.key", "", A_PAYLOAD, 0, NULL}}},
    {"leb128 minimal", c_count_nonminimal, 0, false,
     {{"demo2.varint.non-minimal", "/track_count", A_FILE, 30, NULL}}},
    {"leb128 overflow", c_count_overlong, 0, false,
     {{"demo2.varint.overflow", "/track_count", A_FILE, 30, "more than 10 bytes, or a value beyond 64 bits"}}},
    {"leb128 range", c_count_big, 0, false,
     {{"demo2.varint.overflow", "/track_count", A_FILE, 30, "(track_count = 1001)"}}},
    {"fits", c_count_fits, 0, false,
     {{"demo2.track.count", "/payload/tracks", A_PAYLOAD, 0, "(byte 0 of the unmasked payload)"}}},
    {"value switch stop", c_kind, 0, false,
     {{"demo2.track.kind", "/payload/tracks/0", A_PAYLOAD, 0, "(byte 0 of the unmasked payload)"}}},
    {"table code", c_vt, 0, false,
     {{"demo2.value.type", "/payload/tracks/0/vt", A_PAYLOAD, 0, "(byte 1 of the unmasked payload)"}}},
    {"unit when T == quat", c_nonunit, 0, false,
     {{"demo2.value.nonunit", "/payload/tracks/0/keys/1/value", A_PAYLOAD, 0, "(byte 29 of the unmasked payload)"}}},
    {"field nondecreasing", c_order, 0, false,
     {{"demo2.key.order", "/payload/tracks/0/keys/1/time", A_PAYLOAD, 0, "(byte 25 of the unmasked payload)"}}},
    {"field norepeat", c_repeat, 0, false,
     {{"demo2.key.repeat", "/payload/tracks/0/keys/1/time", A_PAYLOAD, 0, NULL}}},
    {"finite, the order chain after it", c_nan, 0, false,
     {{"demo2.key.time", "/payload/tracks/0/keys/1/time", A_PAYLOAD, 0, NULL}}},
    {"bits flag", c_bool_byte, 0, false,
     {{"demo2.value.bool-byte", "/payload/tracks/1/values/2", A_PAYLOAD, 0, "(byte 52 of the unmasked payload)"}}},
    {"table nstring7 flag", c_string_flag, 0, false,
     {{"demo2.value.string-flag", "/payload/tracks/2/keys/1/value", A_PAYLOAD, 0, NULL}}},
    {"table nstring7 utf8", c_label_utf8, 0, false,
     {{"demo2.string.utf8", "/payload/tracks/2/keys/1/value", A_PAYLOAD, 0, NULL}}},
    {"struct hook with a span", c_keys_long, 0, false,
     {{"demo2.track.keys-long", "/payload/tracks/4/keys", A_PAYLOAD, 0, "(80 bytes)"}}},
    {"sizeof(T) and remaining", c_assert_sizeof, 0, false,
     {{"demo2.track.key-count", "/payload/tracks/4/key_count", A_PAYLOAD, 0, NULL}}},
    {"end in a derived stream", c_trailing, 0, false,
     {{"demo2.file.trailing", "/payload", A_PAYLOAD, 0, "(3 bytes) (byte"}}},
    {"end, plain payload", c_plain_trailing, 0, false,
     {{"demo2.file.trailing", "", A_NONE, 0, "(3 bytes)"}}},
    {"a note", c_vec_empty, 0, false, {{"demo2.track.empty", "/payload/tracks/4/key_count", A_PAYLOAD, 0, NULL}}},
    {"truncated in the payload", c_vec_empty, 1, true,
     {{"demo2.file.truncated", "/payload/tracks/4/key_count", A_PAYLOAD, 0, "of the unmasked payload"}}},
    /* keys cut off: the count of fixed-size keys is checked against the bytes left first */
    {"cut keys", c_none, 3, true, {{"demo2.track.key-count", "/payload/tracks/4/key_count", A_PAYLOAD, 0, NULL}}},
    {"truncated in the header", c_none, 6, false, {{"demo2.file.truncated", "/flags", A_FILE, 5, NULL}}},
};

static void test_failing(void)
{
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        const fcase *fc = &cases[i];
        spec s = good();
        fc->change(&s);
        ak_buf b;
        ak_buf_init(&b);
        build(&b, &s);
        if (fc->cut)
            b.len = fc->cut_from_end ? b.len - fc->cut : fc->cut;
        ak_diags *d = validate(&b);
        bool ok = true;
        size_t want_n = fc->want[1].code ? 2 : 1;
        if (ak_diags_count(d) != want_n)
            ok = false;
        for (size_t k = 0; ok && k < want_n; k++) {
            const expect *w = &fc->want[k];
            const ak_diag *g = ak_diags_at(d, k);
            long long off = w->offset + (w->from == A_BLOCK     ? (long long)s.at_block
                                         : w->from == A_PAYLOAD ? (long long)s.at_payload
                                                                : 0);
            if (strcmp(g->rule->code, w->code) != 0 || strcmp(g->path, w->path) != 0 ||
                (w->from != A_NONE && (long long)g->offset != off) ||
                (w->in_message && !strstr(g->message, w->in_message)))
                ok = false;
        }
        /* the decoder reports the same */
        ak_arena arena;
        ak_arena_init(&arena, 0);
        ak_diags *dd = ak_diags_new(NULL);
        (void)demo2_decode((const uint8_t *)b.data, b.len, NULL, dd, &arena);
        if (ak_diags_count(dd) != ak_diags_count(d))
            ok = false;
        for (size_t k = 0; ok && k < ak_diags_count(d); k++)
            if (strcmp(ak_diags_at(dd, k)->message, ak_diags_at(d, k)->message) != 0 ||
                strcmp(ak_diags_at(dd, k)->path, ak_diags_at(d, k)->path) != 0)
                ok = false;
        if (!ok) {
            printf("FAIL case '%s': want %s at '%s'; validate gave\n", fc->what, fc->want[0].code, fc->want[0].path);
            print_diags(d);
            printf("  decode gave\n");
            print_diags(dd);
            failures++;
        }
        ak_diags_free(dd);
        ak_arena_free(&arena);
        ak_diags_free(d);
        ak_buf_free(&b);
    }
}

/* ---- undump: one change to the dump per category ------------------------- */

/* The dump of the valid document with `from` replaced by `to` (once). */
static bool edited_dump(const char *from, const char *to, ak_buf *out)
{
    spec s = good();
    ak_buf b, json;
    ak_buf_init(&b), ak_buf_init(&json);
    build(&b, &s);
    ak_options opt = {0};
    ak_input in = {"demo2", (const uint8_t *)b.data, b.len, false};
    ak_diags *d = ak_diags_new(NULL);
    bool ok = demo2_dump(&in, &opt, d, &json);
    ak_diags_free(d);
    const char *at = ok ? strstr(ak_buf_cstr(&json), from) : NULL;
    if (at) {
        ak_buf_append(out, json.data, (size_t)(at - json.data));
        ak_buf_puts(out, to);
        ak_buf_puts(out, at + strlen(from));
    }
    ak_buf_free(&b), ak_buf_free(&json);
    return at != NULL;
}

typedef struct ucase {
    const char *from, *to;
    const char *code; /* NULL: undumps, to the bytes of `same_as`; else the first diagnostic, at a
                         line of the JSON (`result` is about the file built: at none) */
    const char *path;
    const char *in_message;
    void (*same_as)(spec *s);
} ucase;

static void u_mask0(spec *s) { s->block_mask = 0; }
static void u_same(spec *s) { (void)s; }

static const ucase ucases[] = {
    {"\"major\": 1", "\"major\": \"1\"", "demo2.undump.type", "/major", "an integer is needed here", NULL},
    {"\"flags\": 16", "\"flags\": 70000", "demo2.undump.range", "/flags", "70000 is out of range", NULL},
    {"\"major\": 1", "\"major\": 3", "demo2.undump.range", "/major", "the file cannot hold this value", NULL},
    {"\"time\": 1,", "\"time\": \"nan\",", "demo2.undump.range", "/tracks/0/keys/1/time", "NaN or infinite", NULL},
    {"\"vt\": 4", "\"vt\": \"quaternion\"", "demo2.undump.name", "/tracks/0/vt", "'quaternion' is not a name of vt",
     NULL},
    {"\"vt\": 4", "\"vt\": 99", "demo2.undump.name", "/tracks/0/vt", "99 is not a code of vt", NULL},
    {"[0, 0, 0, 1]", "[0, 0, 1]", "demo2.undump.shape", "/tracks/0/keys/0/value", "needs exactly 4 elements", NULL},
    {"[0, 0, 0, 1]", "0", "demo2.undump.shape", "/tracks/0/keys/0/value", "an array is needed", NULL},
    {"\"major\": 1,", "\"major\": 1, \"bogus\": 1,", "demo2.undump.unknown", "/bogus", "unknown member", NULL},
    {"\"stamp\": 16909060,", "\"stamp\": 16909060, \"legacy\": 7,", "demo2.undump.unknown", "/legacy",
     "the fields before it exclude it", NULL},
    {"\"stamp\": 16909060,", "", "demo2.undump.missing", "", "member 'stamp' is missing", NULL},
    {"\"major\": 1,", "\"major\": 1, \"major\": 1,", "demo2.undump.duplicate", "/major", NULL, NULL},
    {"\"minor\": 1,\n  \"flags\": 16,\n  \"comment\": \"hi\",\n  \"stamp\": 16909060,",
     "\"flags\": 16,\n  \"comment\": \"hi\",\n  \"stamp\": 16909060,\n  \"minor\": 1,", "demo2.undump.order",
     "/stamp", "comes before 'minor'", NULL},
    {"\"track_count\": 5", "\"track_count\": 4", "demo2.undump.count", "/track_count", "'tracks' has 5 elements",
     NULL},
    {"\"time\": 1,", "\"time\": -1,", "demo2.undump.result", "", "[demo2.key.order]", NULL},
    {"\"minor\": 1,", "\"minor\": 12,", "demo2.undump.result", "", "[demo2.header.version]", NULL},
    /* accepted: a table code by its name, the block written plain; the dump
       member is skipped whatever it holds, or when it is absent */
    {"\"summary\": {\"tracks\": 5, \"masked\": true}", "\"summary\": [1, {\"x\": null}]", NULL, NULL, NULL,
     u_same},
    {",\n  \"summary\": {\"tracks\": 5, \"masked\": true}", "", NULL, NULL, NULL, u_same},
    {"\"vt\": 4", "\"vt\": \"quat\"", NULL, NULL, NULL, u_same},
    {"\"mask\": 1", "\"mask\": 0", NULL, NULL, NULL, u_mask0},
};

static void test_undump(void)
{
    for (size_t i = 0; i < sizeof ucases / sizeof ucases[0]; i++) {
        const ucase *uc = &ucases[i];
        ak_buf json, out;
        ak_buf_init(&json), ak_buf_init(&out);
        bool ok = edited_dump(uc->from, uc->to, &json);
        ak_diags *d = ak_diags_new(NULL);
        ak_options opt = {0};
        ak_input jin = {"demo2.json", (const uint8_t *)json.data, json.len, false};
        bool built = ok && demo2_undump(&jin, &opt, d, &out);
        if (uc->code) {
            const ak_diag *g = ak_diags_count(d) ? ak_diags_at(d, 0) : NULL;
            ok = ok && !built && g && strcmp(g->rule->code, uc->code) == 0 &&
                 strcmp(g->path, uc->path) == 0 && (g->line > 0 || strcmp(uc->code, "demo2.undump.result") == 0) &&
                 (!uc->in_message || strstr(g->message, uc->in_message));
        } else {
            spec s = good();
            uc->same_as(&s);
            ak_buf want;
            ak_buf_init(&want);
            build(&want, &s);
            ok = ok && built && same(&out, &want) && ak_diags_count(d) == 0;
            ak_buf_free(&want);
        }
        if (!ok) {
            printf("FAIL undump case %zu (%s -> %s): want %s at '%s'; got\n", i, uc->from, uc->to,
                   uc->code ? uc->code : "no diagnostic", uc->path ? uc->path : "");
            print_diags(d);
            failures++;
        }
        ak_diags_free(d);
        ak_buf_free(&json), ak_buf_free(&out);
    }
}

int main(void)
{
    test_valid();
    test_else_branch();
    test_failing();
    test_undump();
    printf("%s\n", failures ? "FAILED" : "ok");
    return failures ? 1 : 0;
}
