/* AnimX compression hooks (animx_compress.h): what the LZMA framing and the
 * LZ4 chunk stream add around the codecs is parsed here; the codecs
 * themselves are liblzma's and liblz4's.
 *
 * Memory: nothing is allocated from a declared size until that size has
 * been checked against the output cap and against what the bytes present
 * could possibly decode to:
 * - LZ4: a block expands at most 255 times (rule X22), so a chunk reserves
 *   at most min(cap, 255 x its compressed length) and a stored chunk at most
 *   the bytes present;
 * - LZMA: the output buffer grows with what the decoder actually produces.
 *   The first reservation is min(uncompressed_size, 8192 x input bytes +
 *   4096), the most LZMA1 can plausibly expand: a 273-byte rep0 match costs
 *   about 13 binary decisions, each at least -log2(2017/2048) = 0.022 bits
 *   with the 11-bit probability models saturated, so < 7700 output bytes
 *   per input byte. A wrong guess here only costs a reallocation, never a
 *   false rejection: the buffer then doubles, up to uncompressed_size.
 *   liblzma's dictionary is capped at max(uncompressed_size, 4096): a
 *   distance can never reach beyond the output, so a larger dictionary only
 *   wastes memory (a 4 GiB dictionary is legal in the header). */
#include "budget.h"
#include "animx_compress.h"

#include "animx_layout.h"

#include <lz4.h>
#include <lz4hc.h>
#include <lzma.h>

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "reader.h"

#define RULE(slug) (&animx_rules[animx_R_##slug])
/* ak_report unless d is NULL (no reports); false once the engine says stop. */
#define REPORT(d, ...) ((d) ? ak_report((d), __VA_ARGS__) : true)

/* The first LZMA output reservation: this per input byte, plus this (see the top). */
#define LZMA_PLAUSIBLE_RATIO 8192u
#define LZMA_PLAUSIBLE_SLACK 4096u
/* liblzma's smallest dictionary. */
#define LZMA_MIN_DICT 4096u
/* A payload that is only checked is decoded into a buffer of this size. */
#define DISCARD_STEP ((size_t)1 << 20)

static uint64_t effective_cap(uint64_t max_output)
{
    uint64_t cap = max_output ? max_output : AK_DEFAULT_MAX_OUTPUT;
    /* out->len + cap must stay addressable. */
    return cap < (uint64_t)(SIZE_MAX / 2) ? cap : (uint64_t)(SIZE_MAX / 2);
}

/* Memory refused for what the field at offset (length bytes, path) asks
 * for: animkit.limit.out-of-memory there, unless the budget refused it and
 * said so already. */
static void out_of_memory(ak_diags *d, uint64_t n, const char *what, uint64_t offset, uint64_t length, const char *path)
{
    ak_budget *b = ak_diags_budget(d);
    ak_budget_place before = ak_budget_place_at(b, offset, length, path);
    ak_budget_failed(b, n, what);
    ak_budget_place_back(b, before);
}

/* ak_buf_reserve for output whose size the field at offset declares: a
 * refusal (of the budget, or of the system) is reported there. */
static bool reserve_at(ak_buf *out, size_t n, ak_diags *d, const char *what, uint64_t offset, uint64_t length,
                       const char *path)
{
    ak_budget_place before = ak_budget_place_at(out->budget, offset, length, path);
    /* named as what it is (the buffer would call itself "the output") */
    bool ok = (ak_budget_fits(out->budget, n) || ak_budget_take(out->budget, n, what)) && ak_buf_reserve(out, n);
    ak_budget_place_back(out->budget, before);
    if (!ok)
        out_of_memory(d, n, what, offset, length, path);
    return ok;
}

/* ---- LZMA ------------------------------------------------------------- */

/* The section 3.5 header at in[0..21), read once. */
typedef struct lzma_header {
    unsigned props, lc, lp, pb;
    uint32_t dict;  /* what liblzma is given: the header's, at most usize (see the top), at least LZMA_MIN_DICT */
    uint64_t usize; /* uncompressed_size, as its bits */
    int64_t csize;  /* compressed_size */
} lzma_header;

/* A .NET long from its bits (two's complement, without relying on the
 * conversion of an out-of-range unsigned value). */
static int64_t signed_of(uint64_t bits)
{
    return bits > (uint64_t)INT64_MAX ? -1 - (int64_t)(~bits) : (int64_t)bits;
}

/* Reads the header of the LZMA-framed payload in[0..n) into *h and checks
 * what decoding needs of it (reported to d, unless NULL): false when the
 * payload cannot be decoded. */
static bool lzma_header_check(const uint8_t *in, size_t n, uint64_t cap, ak_diags *d, uint64_t base_offset,
                              lzma_header *h)
{
    if (n < AK_ANIMX_LZMA_HEADER_SIZE) {
        REPORT(d, RULE(COMPRESS_LZMA_HEADER), base_offset, n, n < 5 ? "/lzma_props" : n < 13 ? "/uncompressed_size"
                                                                                   : "/compressed_size",
               "only %zu byte%s after `encoding`; the LZMA header needs %u", n, n == 1 ? "" : "s",
               AK_ANIMX_LZMA_HEADER_SIZE);
        return false;
    }
    const uint64_t declared = ak_lget32le(in + 1), usize = ak_lget64le(in + 5);
    const uint64_t dict = declared < usize ? declared : usize;
    *h = (lzma_header){.props = in[0], .lc = in[0] % 9u, .lp = in[0] / 9u % 5u, .pb = in[0] / 45u,
                       .dict = dict > LZMA_MIN_DICT ? (uint32_t)dict : LZMA_MIN_DICT, .usize = usize,
                       .csize = signed_of(ak_lget64le(in + 13))};
    if (h->props >= 9u * 5u * 5u) {
        REPORT(d, RULE(COMPRESS_LZMA_HEADER), base_offset, 1, "/lzma_props",
               "LZMA properties byte 0x%02X is 225 or more: lc/lp/pb out of range (the engine writes 0x5D)", h->props);
        return false;
    }
    if (h->lc + h->lp > LZMA_LCLP_MAX) {
        /* Valid for the engine's 7-Zip decoder, but liblzma refuses it. */
        REPORT(d, RULE(COMPRESS_LZMA_HEADER), base_offset, 1, "/lzma_props",
               "LZMA properties byte 0x%02X has lc %u + lp %u > %u, which this decoder (liblzma) cannot decode; "
               "the engine writes lc 3, lp 0",
               h->props, h->lc, h->lp, (unsigned)LZMA_LCLP_MAX);
        return false;
    }
    if (h->usize > (uint64_t)INT64_MAX) {
        REPORT(d, RULE(COMPRESS_SIZE_LIMIT), base_offset + 5, 8, "/uncompressed_size",
               "uncompressed_size is negative (%" PRId64 ")", signed_of(h->usize));
        return false;
    }
    if (h->usize > cap) {
        REPORT(d, RULE(COMPRESS_SIZE_LIMIT), base_offset + 5, 8, "/uncompressed_size",
               "uncompressed_size %" PRIu64 " exceeds the output cap of %" PRIu64 " bytes (--max-output)", h->usize,
               cap);
        return false;
    }
    return true;
}

/* A raw LZMA1 decoder for h (lc/lp/pb, its dictionary). liblzma allocates
 * the dictionary: it is charged to the budget first, for as long as the
 * decoder lives (the caller gives h->dict back), a refusal reported at the
 * properties at base_offset (LZMA_MEMLIMIT_ERROR). So a small file whose
 * header declares a huge dictionary stops there instead of taking it. */
static lzma_ret lzma_decoder_open(const lzma_header *h, ak_budget *budget, uint64_t base_offset, lzma_stream *strm)
{
    ak_budget_place before = ak_budget_place_at(budget, base_offset, 5, "/lzma_props");
    bool taken = ak_budget_take(budget, h->dict, "the LZMA dictionary"); /* reports why */
    ak_budget_place_back(budget, before);
    if (!taken)
        return LZMA_MEMLIMIT_ERROR;
    /* Tolerate writers that add an end marker right after the last byte. */
    lzma_options_lzma opt = {
        .dict_size = h->dict, .lc = h->lc, .lp = h->lp, .pb = h->pb, .ext_flags = LZMA_LZMA1EXT_ALLOW_EOPM};
    lzma_set_ext_size(opt, h->usize);
    lzma_filter filters[2] = {{LZMA_FILTER_LZMA1EXT, &opt}, {LZMA_VLI_UNKNOWN, NULL}};
    lzma_ret ret = lzma_raw_decoder(strm, filters);
    if (ret != LZMA_OK)
        ak_budget_give(budget, h->dict);
    return ret;
}

bool ak_animx_lzma_decode(const uint8_t *in, size_t n, uint64_t max_output, ak_diags *d, uint64_t base_offset,
                          ak_buf *out)
{
    lzma_header h;
    if (!lzma_header_check(in, n, effective_cap(max_output), d, base_offset, &h))
        return false;
    const uint64_t usize = h.usize;
    const size_t present = n - AK_ANIMX_LZMA_HEADER_SIZE;
    const uint64_t data_offset = base_offset + AK_ANIMX_LZMA_HEADER_SIZE;

    ak_budget *budget = ak_diags_budget(d);
    lzma_stream strm = LZMA_STREAM_INIT;
    lzma_ret ret = lzma_decoder_open(&h, budget, base_offset, &strm);
    if (ret == LZMA_MEM_ERROR)
        out_of_memory(d, h.dict, "the LZMA dictionary", base_offset, 5, "/lzma_props");
    else if (ret != LZMA_OK && ret != LZMA_MEMLIMIT_ERROR) /* the budget's refusal is reported */
        REPORT(d, RULE(COMPRESS_LZMA_DATA), base_offset, 5, "/lzma_props",
               "liblzma rejects the LZMA properties (dictionary %" PRIu32 " bytes)", h.dict);
    if (ret != LZMA_OK)
        return false;

    /* Without `out`, the payload is checked only: it is decoded into a
     * scratch buffer of at most DISCARD_STEP bytes, over and over (charged
     * with the rest). */
    ak_buf scratch;
    ak_buf_init(&scratch);
    ak_buf_attach(&scratch, budget);
    const bool discard = out == NULL;
    if (discard)
        out = &scratch;
    uint64_t dropped = 0; /* bytes decoded into the scratch buffer and dropped */
    const size_t start_len = out->len;
    uint64_t plausible = (uint64_t)present > (UINT64_MAX - LZMA_PLAUSIBLE_SLACK) / LZMA_PLAUSIBLE_RATIO
                             ? UINT64_MAX
                             : (uint64_t)present * LZMA_PLAUSIBLE_RATIO + LZMA_PLAUSIBLE_SLACK;
    /* The reservation step starts at the plausible size and doubles. */
    uint64_t step = usize < plausible ? usize : plausible;
    if (discard && step > DISCARD_STEP)
        step = DISCARD_STEP;
    strm.next_in = in + AK_ANIMX_LZMA_HEADER_SIZE;
    strm.avail_in = present;
    while (ret == LZMA_OK) {
        if (discard && out->len == out->cap) {
            dropped += out->len;
            out->len = 0;
        }
        if (out->cap == out->len) {
            uint64_t missing = usize - (dropped + (out->len - start_len));
            /* Once usize is reached, one spare byte lets liblzma look for
             * the end (a marker, or data going on). */
            uint64_t want = missing == 0 ? 1 : missing < step ? missing : step;
            if (!reserve_at(out, (size_t)want, d, "the LZMA payload", base_offset + 5, 8, "/uncompressed_size"))
                break; /* reported; ret stays LZMA_OK */
            if (!discard)
                step = step > UINT64_MAX / 2 ? UINT64_MAX : step * 2;
        }
        strm.next_out = (uint8_t *)out->data + out->len;
        strm.avail_out = out->cap - out->len;
        ret = lzma_code(&strm, LZMA_FINISH);
        out->len = out->cap - strm.avail_out;
    }
    const uint64_t produced = dropped + (out->len - start_len);
    const size_t consumed = present - strm.avail_in;
    const bool ok = ret == LZMA_STREAM_END && produced == usize;
    if (ret == LZMA_STREAM_END && !ok) {
        REPORT(d, RULE(COMPRESS_LZMA_DATA), data_offset, consumed, "/lzma_data",
               "the LZMA data decodes to %" PRIu64 " bytes, not uncompressed_size %" PRIu64, produced, usize);
    } else if (ok) {
        bool go_on = (h.csize >= 0 && (uint64_t)h.csize == (uint64_t)consumed) ||
                     REPORT(d, RULE(COMPRESS_SIZE_MISMATCH), base_offset + 13, 8, "/compressed_size",
                            "compressed_size is %" PRId64 " but the LZMA data is %zu bytes", h.csize, consumed);
        if (go_on && consumed < present)
            REPORT(d, RULE(FILE_TRAILING), data_offset + consumed, present - consumed, "",
                   "%zu byte%s after the LZMA data", present - consumed, present - consumed == 1 ? "" : "s");
    } else if (ret == LZMA_BUF_ERROR) {
        /* No progress possible: all input used, output incomplete. When
         * compressed_size promised more bytes, the file was cut off (X1, as
         * X43 says); otherwise the data is whole and simply decodes to less
         * than uncompressed_size (X11). */
        if (h.csize >= 0 && (uint64_t)h.csize > present)
            REPORT(d, RULE(FILE_TRUNCATED), data_offset + present, 0, "/lzma_data",
                   "the LZMA data ends after %zu of compressed_size %" PRId64 " bytes, with %" PRIu64 " of %" PRIu64
                   " bytes decoded",
                   present, h.csize, produced, usize);
        else
            REPORT(d, RULE(COMPRESS_LZMA_DATA), data_offset, present, "/lzma_data",
                   "the %zu bytes of LZMA data decode to only %" PRIu64 " of uncompressed_size %" PRIu64 " bytes",
                   present, produced, usize);
    } else if (ret == LZMA_MEM_ERROR) {
        out_of_memory(d, 0, "decoding LZMA data", base_offset + 5, 8, "/uncompressed_size");
    } else if (ret != LZMA_OK) {
        /* LZMA_DATA_ERROR and anything else liblzma calls corrupt. The
         * input position is where the decoder noticed, which is at or after
         * the bad symbol. (LZMA_OK: memory was refused, and reported.) */
        REPORT(d, RULE(COMPRESS_LZMA_DATA), data_offset + (consumed ? consumed - 1 : 0), 1, "/lzma_data",
               "the LZMA data is corrupt (noticed at input byte %zu, after %" PRIu64 " of %" PRIu64
               " output bytes)%s",
               consumed, produced, usize,
               produced == usize ? "; it goes on after uncompressed_size, or has an end marker elsewhere" : "");
    }
    lzma_end(&strm);
    ak_budget_give(budget, h.dict);
    ak_buf_free(&scratch);
    return ok;
}

/* The next bytes of a source for an encoder: at most cap, fewer only at
 * its end; false when the source fails before its size. */
static bool source_take(ak_lsource *src, uint64_t *left, uint8_t *dst, size_t cap, size_t *got)
{
    size_t want = *left < cap ? (size_t)*left : cap;
    *got = 0;
    while (*got < want) {
        size_t k = src->read(src, dst + *got, want - *got);
        if (!k)
            return false;
        *got += k;
    }
    *left -= *got;
    return true;
}

/* Input fed to liblzma's encoder at a time. */
#define LZMA_ENCODE_STEP ((size_t)1 << 16)

/* Appends the framing of section 3.5 / 6.2 for the payload `plain` gives,
 * fed to liblzma's encoder piece by piece: what it holds is its own state
 * (the 2 MiB dictionary and the match finder), checked against the
 * output's budget before it is made, and one step of input. */
static bool lzma_encode_source(ak_lsource *plain, ak_buf *out)
{
    lzma_options_lzma opt;
    if (lzma_lzma_preset(&opt, 6))
        return false;
    /* What the engine's LZMAHelper uses (section 3.5): lc 3, lp 0, pb 2,
     * 2 MiB dictionary, bt4, 32 fast bytes; no end marker (ext_flags 0). */
    opt.dict_size = AK_ANIMX_LZMA_DICT_SIZE;
    opt.lc = 3;
    opt.lp = 0;
    opt.pb = 2;
    opt.mode = LZMA_MODE_NORMAL;
    opt.mf = LZMA_MF_BT4;
    opt.nice_len = 32;
    opt.ext_flags = 0;
    const uint64_t n = plain->size;
    lzma_set_ext_size(opt, n);
    lzma_filter filters[2] = {{LZMA_FILTER_LZMA1EXT, &opt}, {LZMA_VLI_UNKNOWN, NULL}};
    /* held while the payload is encoded: charged to the output's budget */
    const uint64_t state = lzma_raw_encoder_memusage(filters);
    if (!ak_budget_take(out->budget, state, "the LZMA encoder")) /* reports why */
        return false;

    /* properties byte and dictionary size, both sizes (compressed_size patched at the end) */
    const size_t header_at = out->len;
    uint8_t header[AK_ANIMX_LZMA_HEADER_SIZE] = {0};
    (void)lzma_properties_encode(filters, header); /* what it refuses, lzma_raw_encoder refuses too */
    for (int i = 0; i < 8; i++)
        header[5 + i] = (uint8_t)(n >> (8 * i));
    uint8_t *step = ak_buf_append(out, header, sizeof header) ? malloc(LZMA_ENCODE_STEP) : NULL;
    lzma_stream strm = LZMA_STREAM_INIT;
    lzma_ret ret = step ? lzma_raw_encoder(&strm, filters) : LZMA_MEM_ERROR;
    if (ret == LZMA_MEM_ERROR)
        ak_budget_failed(out->budget, step ? state : LZMA_ENCODE_STEP, "the LZMA encoder");
    uint64_t left = n;
    while (ret == LZMA_OK) {
        if (!strm.avail_in && left) {
            if (!source_take(plain, &left, step, LZMA_ENCODE_STEP, &strm.avail_in))
                break;
            strm.next_in = step;
        }
        if (out->cap - out->len < 4096 && !ak_buf_reserve(out, 65536))
            break;
        size_t room = out->cap - out->len;
        strm.next_out = (uint8_t *)out->data + out->len;
        strm.avail_out = room;
        /* the same bytes as one call with the whole payload: LZMA_RUN
           only waits for more input, it never flushes */
        ret = lzma_code(&strm, left || strm.avail_in ? LZMA_RUN : LZMA_FINISH);
        out->len += room - strm.avail_out;
    }
    lzma_end(&strm);
    free(step);
    ak_budget_give(out->budget, state);
    if (ret != LZMA_STREAM_END) {
        out->len = header_at;
        return false;
    }
    uint64_t csize = out->len - header_at - AK_ANIMX_LZMA_HEADER_SIZE;
    for (int i = 0; i < 8; i++)
        out->data[header_at + 13 + i] = (char)(uint8_t)(csize >> (8 * i));
    return true;
}

bool ak_animx_lzma_encode(const uint8_t *payload, size_t n, ak_buf *out)
{
    ak_lsource *plain = ak_lsource_memory(payload, n);
    bool ok = plain && lzma_encode_source(plain, out);
    if (plain)
        plain->close(plain);
    return ok;
}

/* ---- LZ4 chunk stream ------------------------------------------------- */

typedef struct lz4_cursor {
    const uint8_t *in;
    size_t n;
    uint64_t base;
    size_t chunk;
    ak_diags *d; /* NULL: nothing is reported */
    char path[80];
} lz4_cursor;

static const char *chunk_path(lz4_cursor *c, const char *field)
{
    snprintf(c->path, sizeof c->path, "/chunks/%zu/%s", c->chunk, field);
    return c->path;
}

/* chunk_flags, original_length and, for a compressed chunk,
 * compressed_length: a stored chunk's data are original_length bytes. */
typedef struct lz4_chunk_head {
    uint64_t flags, original, compressed; /* a stored chunk's compressed is its original */
    size_t flags_at, original_at, compressed_at, data_at; /* a stored chunk's compressed_at is its data_at */
    bool overlong; /* a varint is not minimal */
} lz4_chunk_head;

/* Reads the header of the chunk at pos, for the checking decoder (which
 * reports, to c->d), the soundness check and the payload's source alike: a
 * varint that is truncated or does not fit 64 bits ends the stream (false);
 * a non-minimal one is a warning (false once the engine says stop). */
static bool lz4_chunk_head_read(lz4_cursor *c, size_t pos, lz4_chunk_head *h)
{
    static const char *const names[] = {"chunk_flags", "original_length", "compressed_length"};
    uint64_t *const value[] = {&h->flags, &h->original, &h->compressed};
    size_t *const start[] = {&h->flags_at, &h->original_at, &h->compressed_at};
    ak_reader r;
    ak_reader_init(&r, c->in, c->n);
    r.pos = pos;
    h->overlong = false;
    for (unsigned i = 0; i < 2 || (i == 2 && (h->flags & AK_ANIMX_LZ4_COMPRESSED)); i++) {
        const char *field = names[i];
        const size_t at = *start[i] = r.pos;
        ak_read_status st = ak_read_varint(&r, 64, value[i]);
        if (st == AK_READ_EOF) {
            REPORT(c->d, RULE(COMPRESS_LZ4_CHUNK), c->base + at, c->n - at, chunk_path(c, field),
                   "the LZ4 stream ends inside `%s` of chunk %zu", field, c->chunk);
            return false;
        }
        if (st == AK_READ_OVERFLOW) {
            size_t len = 0;
            while (at + len < c->n && (c->in[at + len] & 0x80u))
                len++;
            REPORT(c->d, RULE(VARINT_OVERFLOW), c->base + at, len + (at + len < c->n), chunk_path(c, field),
                   "`%s` does not fit 64 bits", field);
            return false;
        }
        if (st == AK_READ_OVERLONG) {
            size_t minimal = 1;
            for (uint64_t x = *value[i] >> 7; x; x >>= 7)
                minimal++;
            h->overlong = true;
            if (!REPORT(c->d, RULE(VARINT_NON_MINIMAL), c->base + at, r.pos - at, chunk_path(c, field),
                        "`%s` (%" PRIu64 ") takes %zu bytes; %zu suffice%s", field, *value[i], r.pos - at,
                        minimal, minimal == 1 ? "s" : ""))
                return false;
        }
    }
    if (!(h->flags & AK_ANIMX_LZ4_COMPRESSED)) {
        h->compressed = h->original;
        h->compressed_at = r.pos;
    }
    h->data_at = r.pos;
    return true;
}

/* The header of a chunk whose data are there, *pos moved to the next. */
static bool lz4_chunk_next(lz4_cursor *c, size_t *pos, lz4_chunk_head *h)
{
    if (!lz4_chunk_head_read(c, *pos, h) || h->compressed > c->n - h->data_at)
        return false;
    *pos = h->data_at + (size_t)h->compressed;
    return true;
}

/* Rule X22: no LZ4 block expands more than 255 times. */
static bool lz4_ratio_exceeded(uint64_t original, uint64_t compressed)
{
    return compressed <= UINT64_MAX / AK_ANIMX_LZ4_MAX_RATIO && original > compressed * AK_ANIMX_LZ4_MAX_RATIO;
}

/* With `discard`, each chunk is decoded into `out` from its start (only
 * checked, never kept), and stored chunks are not copied. */
static bool lz4_decode(const uint8_t *in, size_t n, uint64_t max_output, ak_diags *d, uint64_t base_offset,
                       ak_buf *out, bool discard)
{
    const uint64_t cap = effective_cap(max_output);
    lz4_cursor c = {.in = in, .n = n, .base = base_offset, .chunk = 0, .d = d};
    uint64_t total = 0; /* declared original lengths so far */
    bool ok = true;
    for (size_t pos = 0; pos < n; c.chunk++) {
        lz4_chunk_head h;
        if (!lz4_chunk_head_read(&c, pos, &h))
            return false;
        const uint64_t flags = h.flags, original = h.original, compressed = h.compressed;
        const bool is_compressed = (flags & AK_ANIMX_LZ4_COMPRESSED) != 0;
        const size_t flags_at = h.flags_at, original_at = h.original_at, compressed_at = h.compressed_at;
        const size_t original_len = compressed_at - original_at, data_at = h.data_at;
        const bool ratio_exceeded = is_compressed && lz4_ratio_exceeded(original, compressed);

        /* Declared sizes first, before anything is read or allocated. */
        const bool over_cap = original > cap - total;
        if (over_cap) {
            REPORT(d, RULE(COMPRESS_SIZE_LIMIT), base_offset + original_at, original_len,
                   chunk_path(&c, "original_length"),
                   "original_length %" PRIu64 " of chunk %zu brings the payload over the output cap of %" PRIu64
                   " bytes (--max-output)",
                   original, c.chunk, cap);
        } else if (original > INT32_MAX || compressed > INT32_MAX) {
            /* (only a compressed chunk gets here by its compressed_length) */
            bool orig_big = original > INT32_MAX;
            REPORT(d, RULE(VARINT_OVERFLOW), base_offset + (orig_big ? original_at : compressed_at),
                   orig_big ? original_len : data_at - compressed_at,
                   chunk_path(&c, orig_big ? "original_length" : "compressed_length"),
                   "`%s` %" PRIu64 " is more than 2^31-1: LZ4Stream reads it as a 32-bit int",
                   orig_big ? "original_length" : "compressed_length", orig_big ? original : compressed);
            return false;
        }
        if (ratio_exceeded)
            REPORT(d, RULE(COMPRESS_LZ4_RATIO), base_offset + original_at, original_len,
                   chunk_path(&c, "original_length"),
                   "original_length %" PRIu64 " is more than %u times compressed_length %" PRIu64, original,
                   AK_ANIMX_LZ4_MAX_RATIO, compressed);
        if (over_cap || ratio_exceeded)
            return false;
        if (is_compressed && compressed > original) {
            REPORT(d, RULE(COMPRESS_LZ4_CHUNK), base_offset + compressed_at, data_at - compressed_at,
                   chunk_path(&c, "compressed_length"),
                   "compressed_length %" PRIu64 " is more than original_length %" PRIu64 " (LZ4Stream: corrupt)",
                   compressed, original);
            return false;
        }
        const size_t data_len = (size_t)compressed;
        if (data_len > n - data_at) {
            REPORT(d, RULE(COMPRESS_LZ4_CHUNK), base_offset + data_at, n - data_at, chunk_path(&c, "data"),
                   "chunk %zu needs %zu bytes of data but only %zu remain", c.chunk, data_len, n - data_at);
            return false;
        }
        pos = data_at + data_len;
        total += original;

        /* The framing of this chunk is sound: what follows reports and goes
         * on with the next chunk, so that every bad chunk is named. */
        if (is_compressed && (flags >> 2) != 0) {
            ok = false;
            if (!REPORT(d, RULE(COMPRESS_LZ4_PASSES), base_offset + flags_at, original_at - flags_at,
                        chunk_path(&c, "chunk_flags"),
                        "compressed chunk %zu has chunk_flags 0x%" PRIX64 ": a pass count of %" PRIu64
                        " (LZ4Stream supports only 0)",
                        c.chunk, flags, flags >> 2))
                return false;
            continue;
        }
        if (!is_compressed && flags != 0 &&
            !REPORT(d, RULE(COMPRESS_LZ4_FLAGS), base_offset + flags_at, original_at - flags_at,
                    chunk_path(&c, "chunk_flags"), "stored chunk %zu has chunk_flags 0x%" PRIX64 " (expected 0)",
                    c.chunk, flags))
            return false;
        if (original == 0) {
            if (!REPORT(d, RULE(COMPRESS_LZ4_EMPTY_CHUNK), base_offset + flags_at, pos - flags_at,
                        chunk_path(&c, "original_length"), "chunk %zu is empty (original_length 0)", c.chunk))
                return false;
            continue;
        }
        if (!ok || (discard && !is_compressed))
            continue; /* the payload is lost already (only the framing is checked), or nothing to decode */
        if (discard)
            out->len = 0;
        if (!reserve_at(out, (size_t)original, d, "the LZ4 payload", base_offset + original_at, original_len,
                        chunk_path(&c, "original_length"))) /* data_len is at most that (checked above) */
            return false;
        if (!is_compressed) {
            memcpy(out->data + out->len, in + data_at, data_len);
            out->len += data_len;
            continue;
        }
        int got = LZ4_decompress_safe((const char *)in + data_at, out->data + out->len, (int)compressed, (int)original);
        if (got != (int)original) {
            ok = false;
            char decodes[48] = "is malformed or decodes to more than"; /* got < 0 */
            if (got >= 0)
                snprintf(decodes, sizeof decodes, "decodes to %d bytes, not", got);
            if (!REPORT(d, RULE(COMPRESS_LZ4_BLOCK), base_offset + data_at, data_len, chunk_path(&c, "data"),
                        "the LZ4 block of chunk %zu %s original_length %" PRIu64, c.chunk, decodes, original))
                return false;
            continue;
        }
        out->len += (size_t)original;
    }
    return ok;
}

bool ak_animx_lz4_decode(const uint8_t *in, size_t n, uint64_t max_output, ak_diags *d, uint64_t base_offset,
                         ak_buf *out)
{
    if (out)
        return lz4_decode(in, n, max_output, d, base_offset, out, false);
    ak_buf scratch;
    ak_buf_init(&scratch);
    ak_buf_attach(&scratch, ak_diags_budget(d)); /* one chunk at a time, charged */
    bool ok = lz4_decode(in, n, max_output, d, base_offset, &scratch, true);
    ak_buf_free(&scratch);
    return ok;
}

/* Appends the chunk stream of section 3.6 / 6.2 for the payload `plain`
 * gives, one chunk of at most 1 MiB at a time. */
static bool lz4_encode_source(ak_lsource *plain, ak_animx_lz4_mode mode, ak_buf *out)
{
    uint64_t left = plain->size;
    if (left == 0)
        return !out->failed;
    size_t chunk_size = left < AK_ANIMX_LZ4_CHUNK_SIZE ? (size_t)left : AK_ANIMX_LZ4_CHUNK_SIZE;
    char *chunk = malloc(chunk_size), *scratch = malloc(chunk_size);
    bool ok = chunk && scratch;
    const size_t start_len = out->len;
    const bool high_compression = mode != AK_ANIMX_LZ4_FAST;
    const uint64_t flags = AK_ANIMX_LZ4_COMPRESSED | (mode == AK_ANIMX_LZ4_HC ? AK_ANIMX_LZ4_HIGH_COMPRESSION : 0u);
    while (ok && left) {
        size_t len;
        ok = source_take(plain, &left, (uint8_t *)chunk, chunk_size, &len);
        if (!ok)
            break;
        /* A capacity one short of the chunk: the library gives up (0) when
         * the block would not be smaller, and the chunk is stored. */
        int packed = high_compression ? LZ4_compress_HC(chunk, scratch, (int)len, (int)len - 1, LZ4HC_CLEVEL_DEFAULT)
                                      : LZ4_compress_default(chunk, scratch, (int)len, (int)len - 1);
        if (packed > 0) {
            ok = ak_write_varint(out, flags) && ak_write_varint(out, len) && ak_write_varint(out, (uint64_t)packed) &&
                 ak_buf_append(out, scratch, (size_t)packed);
        } else {
            ok = ak_write_varint(out, 0) && ak_write_varint(out, len) && ak_buf_append(out, chunk, len);
        }
    }
    free(chunk);
    free(scratch);
    if (!ok)
        out->len = start_len < out->len ? start_len : out->len;
    return ok;
}

bool ak_animx_lz4_encode(const uint8_t *payload, size_t n, ak_animx_lz4_mode mode, ak_buf *out)
{
    ak_lsource *plain = ak_lsource_memory(payload, n);
    bool ok = plain && lz4_encode_source(plain, mode, out);
    if (plain)
        plain->close(plain);
    return ok;
}

/* ---- The payload as a source of the layout runtime -------------------- */
/* Decoded piece by piece as the validator reads it. These report nothing:
 * finish(), when set, says whether the checking decoder would have. */

typedef struct lzma_source {
    ak_lsource src;
    lzma_stream strm;
    lzma_header h;  /* h.dict is charged while the decoder lives */
    uint64_t left;  /* bytes of uncompressed_size not given yet */
    ak_budget *budget;
} lzma_source;

static size_t lzma_source_read(ak_lsource *s, uint8_t *dst, size_t cap)
{
    lzma_source *z = (lzma_source *)s;
    if (cap > z->left)
        cap = (size_t)z->left;
    if (!cap)
        return 0;
    z->strm.next_out = dst;
    z->strm.avail_out = cap;
    lzma_ret ret = lzma_code(&z->strm, LZMA_RUN);
    size_t got = cap - z->strm.avail_out;
    if (ret != LZMA_OK && ret != LZMA_STREAM_END)
        return 0;
    z->left -= got;
    return got;
}

/* What ak_animx_lzma_decode would say nothing about: the data decode to
 * exactly uncompressed_size bytes, then end, after compressed_size bytes,
 * which are all the bytes there are. */
static bool lzma_source_finish(ak_lsource *s)
{
    lzma_source *z = (lzma_source *)s;
    uint8_t rest[4096];
    while (z->left)
        if (!lzma_source_read(s, rest, sizeof rest))
            return false;
    z->strm.next_out = rest;
    z->strm.avail_out = 1; /* one spare byte lets liblzma see the end */
    if (lzma_code(&z->strm, LZMA_FINISH) != LZMA_STREAM_END || z->strm.avail_out != 1)
        return false;
    return z->h.csize >= 0 && (uint64_t)z->h.csize == z->strm.total_in && !z->strm.avail_in;
}

static void lzma_source_close(ak_lsource *s)
{
    lzma_source *z = (lzma_source *)s;
    lzma_end(&z->strm);
    ak_budget_give(z->budget, z->h.dict);
    free(z);
}

/* The memory it needs: liblzma's dictionary (charged: lzma_decoder_open) and
 * its probability tables; the output goes straight into the reader's window. */
static ak_lsource *lzma_source_open(const uint8_t *in, size_t n, bool checked, ak_budget *budget,
                                    uint64_t base_offset)
{
    lzma_source *z = calloc(1, sizeof *z);
    if (!z)
        return NULL;
    const lzma_stream init = LZMA_STREAM_INIT;
    z->strm = init;
    /* the header is sound (checked already): lzma_header_check only reads it */
    if (!lzma_header_check(in, n, UINT64_MAX, NULL, 0, &z->h) ||
        lzma_decoder_open(&z->h, budget, base_offset, &z->strm) != LZMA_OK) {
        free(z);
        return NULL;
    }
    z->budget = budget;
    z->strm.next_in = in + AK_ANIMX_LZMA_HEADER_SIZE;
    z->strm.avail_in = n - AK_ANIMX_LZMA_HEADER_SIZE;
    z->src.read = lzma_source_read;
    z->src.finish = checked ? NULL : lzma_source_finish;
    z->src.close = lzma_source_close;
    z->src.size = z->left = z->h.usize;
    return &z->src;
}

typedef struct lz4_source {
    ak_lsource src;
    lz4_cursor c; /* over the chunk stream, reporting nothing */
    size_t pos;
    const uint8_t *chunk; /* the current chunk's bytes: in the input (stored) or in buf */
    size_t chunk_len, chunk_pos;
    char *buf;
    size_t buf_cap;
    size_t largest; /* the largest original_length of a compressed chunk: buf's most */
    bool failed; /* a block did not decode */
    ak_budget *budget; /* largest is charged to it while the source lives */
} lz4_source;

static size_t lz4_source_read(ak_lsource *s, uint8_t *dst, size_t cap)
{
    lz4_source *z = (lz4_source *)s;
    while (z->chunk_pos == z->chunk_len) {
        lz4_chunk_head h;
        if (z->pos >= z->c.n || !lz4_chunk_next(&z->c, &z->pos, &h) || h.original > INT32_MAX)
            return 0;
        const size_t original = (size_t)h.original;
        z->chunk_pos = 0;
        z->chunk_len = original;
        if (!(h.flags & AK_ANIMX_LZ4_COMPRESSED) || !original) { /* stored, or empty (skipped) */
            z->chunk = z->c.in + h.data_at;
            continue;
        }
        if (original > z->largest) { /* not what open walked */
            z->failed = true;
            return 0;
        }
        if (original > z->buf_cap) {
            char *b = realloc(z->buf, original);
            if (!b) {
                z->src.oom = original;
                return 0;
            }
            z->buf = b;
            z->buf_cap = original;
        }
        int got = LZ4_decompress_safe((const char *)z->c.in + h.data_at, z->buf, (int)h.compressed,
                                      (int)original);
        if (got != (int)original) {
            z->failed = true;
            return 0;
        }
        z->chunk = (const uint8_t *)z->buf;
    }
    size_t k = z->chunk_len - z->chunk_pos;
    if (k > cap)
        k = cap;
    memcpy(dst, z->chunk + z->chunk_pos, k);
    z->chunk_pos += k;
    return k;
}

/* What ak_animx_lz4_decode would say nothing about, once the framing was
 * found sound (lz4_framing_sound): every block decodes. */
static bool lz4_source_finish(ak_lsource *s)
{
    lz4_source *z = (lz4_source *)s;
    uint8_t rest[4096];
    while (!z->failed && (z->pos < z->c.n || z->chunk_pos < z->chunk_len))
        if (!lz4_source_read(s, rest, sizeof rest))
            return false;
    return !z->failed;
}

static void lz4_source_close(ak_lsource *s)
{
    lz4_source *z = (lz4_source *)s;
    ak_budget_give(z->budget, z->largest);
    free(z->buf);
    free(z);
}

/* The payload's size is the sum of the chunks' original_length: the chunk
 * headers are walked first, without decoding. The memory it needs is one
 * chunk, the largest compressed one, charged to budget now (a refusal is
 * reported at that chunk's original_length, the stream at base_offset):
 * LZ4 expands up to 255 times, so a few MB of input may declare a 1 GB
 * chunk. */
static ak_lsource *lz4_source_open(const uint8_t *in, size_t n, bool checked, ak_budget *budget,
                                   uint64_t base_offset)
{
    uint64_t total = 0;
    lz4_cursor c = {.in = in, .n = n};
    lz4_chunk_head h, largest = {.overlong = false};
    size_t largest_chunk = 0;
    for (size_t pos = 0; pos < n; c.chunk++) {
        if (!lz4_chunk_next(&c, &pos, &h))
            return NULL;
        total += h.original;
        if ((h.flags & AK_ANIMX_LZ4_COMPRESSED) && h.original > largest.original)
            largest = h, largest_chunk = c.chunk;
    }
    const uint64_t most = largest.original;
    if (most > INT32_MAX)
        return NULL; /* the checking decoder reports it */
    c.chunk = largest_chunk;
    ak_budget_place before = ak_budget_place_at(budget, base_offset + largest.original_at,
                                                largest.compressed_at - largest.original_at,
                                                chunk_path(&c, "original_length"));
    bool charged = ak_budget_take(budget, most, "the LZ4 chunk");
    ak_budget_place_back(budget, before);
    if (!charged)
        return NULL;
    lz4_source *z = calloc(1, sizeof *z);
    if (!z) {
        ak_budget_give(budget, most);
        return NULL;
    }
    z->budget = budget;
    z->largest = (size_t)most;
    z->c = c;
    z->src.read = lz4_source_read;
    z->src.finish = checked ? NULL : lz4_source_finish;
    z->src.close = lz4_source_close;
    z->src.size = total;
    return &z->src;
}

/* ---- The `process compression(encoding)` hook of animx.layout --------- */

/* What ak_animx_lzma_decode checks before it decodes, found sound. */
static bool lzma_header_sound(const uint8_t *in, size_t n, uint64_t max_output)
{
    lzma_header h;
    return lzma_header_check(in, n, effective_cap(max_output), NULL, 0, &h);
}

/* What ak_animx_lz4_decode checks of the chunk headers, found sound: minimal
 * varints, sizes within the caps and the ratio, flags 1 or 0, no empty
 * chunk, the data present. */
static bool lz4_framing_sound(const uint8_t *in, size_t n, uint64_t max_output)
{
    const uint64_t cap = effective_cap(max_output);
    uint64_t total = 0;
    lz4_cursor c = {.in = in, .n = n};
    for (size_t pos = 0; pos < n;) {
        lz4_chunk_head h;
        if (!lz4_chunk_next(&c, &pos, &h) || h.overlong || h.flags > AK_ANIMX_LZ4_COMPRESSED ||
            h.compressed > h.original || lz4_ratio_exceeded(h.original, h.compressed) || h.original == 0 ||
            h.original > INT32_MAX || h.original > cap - total)
            return false;
        total += h.original;
    }
    return true;
}

/* A codec of the hook: its checking decoder, soundness check and source. */
typedef struct animx_codec {
    bool (*decode)(const uint8_t *in, size_t n, uint64_t max_output, ak_diags *d, uint64_t base_offset, ak_buf *out);
    bool (*sound)(const uint8_t *in, size_t n, uint64_t max_output);
    ak_lsource *(*open)(const uint8_t *in, size_t n, bool checked, ak_budget *budget, uint64_t base_offset);
} animx_codec;

bool animx_process_compression(ak_lctx *c, const ak_lprocess *p, ak_buf *out)
{
    static const animx_codec lz4 = {ak_animx_lz4_decode, lz4_framing_sound, lz4_source_open};
    static const animx_codec lzma = {ak_animx_lzma_decode, lzma_header_sound, lzma_source_open};
    const animx_codec *k = p->args[0] == 2 ? &lzma : &lz4;
    const uint8_t *in = ak_lcur(c);
    const size_t n = ak_lleft(c);
    const uint64_t cap = c->opt->max_output;
    c->pos = c->end; /* the decoders report what follows the compressed data */
    const uint64_t base = c->pos - n;
    if (c->arena) /* decoding: the document's strings point into the payload */
        return k->decode(in, n, cap, c->d, base, out);
    /* Validating, the payload is never held: it is decoded piece by piece
     * as the validator reads it. When the framing is sound it is decoded
     * once, and only if the codec finds something on the way (a bad block,
     * the data ending elsewhere than the header says) is the block read
     * again (the runtime's retry), this time checked first, so that the
     * diagnostics are the decoders' own, in their order, before any of the
     * payload's. */
    const bool sound = !ak_lstream_retrying(c) && k->sound(in, n, cap);
    ak_budget *budget = ak_diags_budget(c->d);
    if (!sound && !k->decode(in, n, cap, c->d, base, NULL))
        return false;
    ak_lsource *src = k->open(in, n, !sound, budget, base);
    if (!src && ak_budget_exhausted(budget))
        return false; /* refused, and said so where */
    if (!src && sound && !k->decode(in, n, cap, c->d, base, NULL))
        return false; /* the checking decoder says what is wrong */
    if (!src) {
        src = k->open(in, n, true, budget, base);
        if (src)
            ak_lstream_read_checked(c);
    }
    if (!src) {
        c->oom = true;
        out_of_memory(c->d, 0, "the decoder of the payload", base, n, "");
        return false;
    }
    ak_lstream_offer(c, src);
    return true;
}

bool animx_process_compression_encode(const ak_lprocess *p, const uint8_t *plain, size_t n, ak_buf *out)
{
    return p->args[0] == 2 ? ak_animx_lzma_encode(plain, n, out) : ak_animx_lz4_encode(plain, n, AK_ANIMX_LZ4_FAST, out);
}

/* Re-emission (`process compression ... verbatim`): the payload comes from
 * the input's own source (decompressed as it is read) or from the plain
 * file, and is compressed as it comes. */
bool animx_process_compression_encode_stream(const ak_lprocess *p, ak_lsource *plain, ak_buf *out)
{
    return p->args[0] == 2 ? lzma_encode_source(plain, out) : lz4_encode_source(plain, AK_ANIMX_LZ4_FAST, out);
}
