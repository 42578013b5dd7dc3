/* The keyed hash of the tables that input fills (runtime/keyed_hash.h):
 * SipHash against the published vectors, and the tables' probe counts on
 * names made to collide under the unkeyed hash they used before (64-bit
 * FNV-1a): duplicate-member detection (grammars/json_parser.c) and the
 * key and unique-value tables of the JSON validators (gen/rt/ak_jsrefs.c).
 * Nothing is timed: the tables count the slots they look at. */
#include "test_support.h"

#include "ak_jsrefs.h"
#include "json_parser.h"
#include "keyed_hash.h"

enum { NAMES = 4096 };

/* A table of NAMES names has at most 2^14 slots; the crafted names agree
 * in the low 16 bits of their old hash, so they all start in one slot. */
#define COLLIDING_BITS 0xffffu

static uint64_t fnv1a(uint64_t h, const void *p, size_t n)
{
    const uint8_t *b = p;
    for (size_t i = 0; i < n; i++)
        h = (h ^ b[i]) * UINT64_C(0x100000001b3);
    return h;
}

#define FNV_OFFSET UINT64_C(0xcbf29ce484222325)

/* The state after `prefix`, then the byte c that takes it to a hash whose
 * low 16 bits are 0 when there is one: (s ^ c) * P = 0 (mod 2^16) with P
 * odd means s ^ c = 0 there, so bits 8..15 of s must be 0 and c is its
 * low byte. */
static bool zero_tail(uint64_t s, uint8_t *c)
{
    if ((s >> 8 & 0xffu) != 0)
        return false;
    *c = (uint8_t)s;
    return true;
}

/* NAMES names of 9 bytes ("n", 7 digits, one more character) whose FNV-1a
 * hashes from state `start` (what went into the hash before the name) all
 * end in 16 zero bits; `names` is 10 bytes a name. */
static void colliding_names(uint64_t start, char (*names)[10])
{
    size_t n = 0;
    for (unsigned i = 0; n < NAMES; i++) {
        char s[10];
        snprintf(s, sizeof s, "n%07u", i);
        uint8_t c;
        if (!zero_tail(fnv1a(start, s, 8), &c) || c < 0x20 || c > 0x7e || c == '"' || c == '\\')
            continue;
        s[8] = (char)c;
        s[9] = '\0';
        assert_int_equal(fnv1a(start, s, 9) & COLLIDING_BITS, 0);
        memcpy(names[n++], s, 10);
    }
}

static void test_siphash_vectors(void **state)
{
    (void)state;
    /* SipHash-2-4, key 00..0f, messages 00..(n-1): the paper's vectors */
    uint8_t key[16], msg[16];
    for (int i = 0; i < 16; i++)
        key[i] = msg[i] = (uint8_t)i;
    assert_true(ak_siphash(key, 2, 4, msg, 0) == UINT64_C(0x726fdb47dd0e0e31));
    assert_true(ak_siphash(key, 2, 4, msg, 1) == UINT64_C(0x74f839c593dc67fd));
    assert_true(ak_siphash(key, 2, 4, msg, 15) == UINT64_C(0xa129ca6149be45e5));
    /* SipHash-1-3 (the tables' rounds), zero key: as CPython's siphash13
       (PYTHONHASHSEED=0 python3 -c 'print(hash(b"abc"))') */
    const uint8_t zero[16] = {0};
    assert_true(ak_siphash(zero, 1, 3, "abc", 3) == (uint64_t)INT64_C(-4594863902769663758));
    assert_true(ak_siphash(zero, 1, 3, "abcdefghijklmnop", 16) == (uint64_t)INT64_C(-7712962755478248686));
    /* the tables' hasher is SipHash-1-3, bytes added in any pieces */
    const ak_hash_key k = {0, 0};
    const char *text = "abcdefghijklmnopqrstuvwxyz0123456789";
    const size_t len = strlen(text);
    for (size_t cut = 0; cut <= len; cut++) {
        for (size_t cut2 = cut; cut2 <= len; cut2 += 3) {
            ak_hasher h;
            ak_hasher_init(&h, &k);
            ak_hasher_add(&h, text, cut);
            ak_hasher_add(&h, text + cut, cut2 - cut);
            ak_hasher_add(&h, text + cut2, len - cut2);
            assert_true(ak_hasher_finish(&h) == ak_siphash(zero, 1, 3, text, len));
        }
    }
    assert_true(ak_hash_bytes(&k, "abc", 3) == (uint64_t)INT64_C(-4594863902769663758));
}

static void test_keys_are_drawn(void **state)
{
    (void)state;
    ak_hash_key a, b;
    ak_hash_key_draw(&a);
    ak_hash_key_draw(&b);
    assert_false(a.k0 == b.k0 && a.k1 == b.k1);
    assert_false(ak_hash_bytes(&a, "name", 4) == ak_hash_bytes(&b, "name", 4));
}

/* One object with the colliding names as members: parsed with duplicate
 * detection, the hash index looks at a few slots a name (linear probing at
 * a load of at most 1/2: 2.5 on average to place one), not at the whole
 * cluster (NAMES^2 / 2 with the old hash). */
static void test_member_names_probe_linearly(void **state)
{
    (void)state;
    char(*names)[10] = malloc(NAMES * sizeof *names);
    assert_non_null(names);
    colliding_names(FNV_OFFSET, names);
    ak_buf doc;
    ak_buf_init(&doc);
    ak_buf_putc(&doc, '{');
    for (size_t i = 0; i < NAMES; i++)
        ak_buf_printf(&doc, "%s\"%s\":%zu", i ? "," : "", names[i], i);
    ak_buf_putc(&doc, '}');
    /* the duplicate of a name in the middle is still found */
    ak_buf dup;
    ak_buf_init(&dup);
    ak_buf_append(&dup, doc.data, doc.len - 1);
    ak_buf_printf(&dup, ",\"%s\":0}", names[NAMES / 2]);
    for (int pass = 0; pass < 2; pass++) {
        const ak_buf *in = pass ? &dup : &doc;
        uint64_t probes = 0;
        ak_json_config cfg;
        memset(&cfg, 0, sizeof cfg);
        cfg.probes = &probes;
        ak_diags *d = ak_diags_new(NULL);
        assert_int_equal(ak_json_parse((const uint8_t *)in->data, in->len, &cfg, d), AK_JSON_OK);
        assert_int_equal(ak_diags_count(d), pass);
        if (pass)
            assert_string_equal(ak_diags_at(d, 0)->rule->code, "json.object.duplicate-member");
        assert_true(probes >= NAMES);
        assert_true(probes <= 8u * NAMES); /* the old hash: about 8.4 million */
        ak_diags_free(d);
    }
    ak_buf_free(&doc);
    ak_buf_free(&dup);
    free(names);
}

static ak_json_event string_event(const ak_buf *doc, size_t offset, size_t len)
{
    ak_json_event e = {AK_JSON_STRING, 0, 1, offset, len + 2, doc->data + offset + 1, len};
    return e;
}

/* The validators' tables: a unique set of strings and a space of UUID keys,
 * both made to collide under the old hash of (space, kind, value). */
static void test_key_tables_probe_linearly(void **state)
{
    (void)state;
    char(*names)[10] = malloc(NAMES * sizeof *names);
    assert_non_null(names);
    /* strings: the old hash went over the space (int16 0), the kind byte,
       then the text */
    const int16_t space = 0;
    const uint8_t kind = AK_JSON_STRING;
    colliding_names(fnv1a(fnv1a(FNV_OFFSET, &space, sizeof space), &kind, 1), names);
    /* UUIDs: (space, 0xff, the 16 bytes), the last byte chosen */
    const uint8_t uuid_kind = 0xff;
    const uint64_t start = fnv1a(fnv1a(FNV_OFFSET, &space, sizeof space), &uuid_kind, 1);
    ak_buf doc;
    ak_buf_init(&doc);
    size_t *uuid_at = malloc(NAMES * sizeof *uuid_at), *name_at = malloc(NAMES * sizeof *name_at);
    assert_true(uuid_at && name_at);
    size_t n = 0;
    for (uint32_t i = 1; n < NAMES; i++) {
        uint8_t u[16] = {0x12, 0x34, 0x56, 0x78, 0, 0, 0x40, 0, 0x80, 0, 0, 0, 0, 0, 0, 0};
        u[11] = (uint8_t)(i >> 24), u[12] = (uint8_t)(i >> 16), u[13] = (uint8_t)(i >> 8), u[14] = (uint8_t)i;
        if (!zero_tail(fnv1a(start, u, 15), &u[15]))
            continue;
        assert_int_equal(fnv1a(start, u, 16) & COLLIDING_BITS, 0);
        uuid_at[n++] = doc.len;
        ak_buf_printf(&doc, "\"%02x%02x%02x%02x-%02x%02x-%02x%02x-%02x%02x-%02x%02x%02x%02x%02x%02x\",", u[0], u[1],
                      u[2], u[3], u[4], u[5], u[6], u[7], u[8], u[9], u[10], u[11], u[12], u[13], u[14], u[15]);
    }
    for (size_t i = 0; i < NAMES; i++) {
        name_at[i] = doc.len;
        ak_buf_printf(&doc, "\"%s\",", names[i]);
    }
    ak_jsstate *st = ak_jsstate_new((const uint8_t *)doc.data, doc.len, NULL);
    assert_non_null(st);
    int32_t set = ak_jsstate_set_open(st);
    assert_true(set >= 0);
    for (size_t i = 0; i < NAMES; i++) {
        ak_json_event e = string_event(&doc, name_at[i], 9);
        assert_int_equal(ak_jsstate_set_add(st, set, &e), AK_JS_ADDED);
    }
    ak_json_event again = string_event(&doc, name_at[NAMES / 3], 9);
    assert_int_equal(ak_jsstate_set_add(st, set, &again), AK_JS_DUPLICATE);
    uint64_t probes = ak_jsstate_probes(st);
    assert_true(probes >= NAMES && probes <= 8u * NAMES);
    ak_jsstate_set_close(st, set);
    for (size_t i = 0; i < NAMES; i++) {
        ak_json_event e = string_event(&doc, uuid_at[i], 36);
        int16_t prev = -1;
        size_t at = 0;
        assert_int_equal(ak_jsstate_add_key(st, 0, AK_JKEY_UUID, 1, &e, &prev, &at), AK_JS_ADDED);
    }
    ak_json_event first = string_event(&doc, uuid_at[0], 36);
    assert_int_equal(ak_jsstate_find_key(st, 0, AK_JKEY_UUID, &first), 1);
    probes = ak_jsstate_probes(st) - probes;
    assert_true(probes >= NAMES && probes <= 8u * NAMES);
    ak_jsstate_free(st);
    free(uuid_at);
    free(name_at);
    ak_buf_free(&doc);
    free(names);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_siphash_vectors),
        cmocka_unit_test(test_keys_are_drawn),
        cmocka_unit_test(test_member_names_probe_linearly),
        cmocka_unit_test(test_key_tables_probe_linearly),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
