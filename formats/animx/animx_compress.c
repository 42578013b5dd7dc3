/* AnimX compression hooks: LZMA framing (spec section 3.5) and the LZ4
 * chunk stream of Resonite's LZ4Stream (section 3.6), via liblzma and
 * liblz4. What the two containers add around the codecs is parsed here;
 * the codecs themselves are the libraries'.
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
#include "diag.h"
#include "animx_compress.h"

#include "animx_layout.h"

#include <lz4.h>
#include <lz4hc.h>
#include <lzma.h>

#include <inttypes.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "reader.h"

#define RULE(slug) (&animx_rules[animx_R_##slug])

/* The bound of the first LZMA output reservation per input byte (see the
 * header comment). */
#define LZMA_PLAUSIBLE_RATIO 8192u
#define LZMA_PLAUSIBLE_SLACK 4096u
/* liblzma's smallest dictionary. */
#define LZMA_MIN_DICT 4096u
/* A payload that is only checked is decoded into a buffer of this size. */
#define DISCARD_STEP ((size_t)1 << 20)

/* Reports unless d is NULL; false once the engine says stop. */
static bool report(ak_diags *d, const ak_rule *rule, uint64_t offset, uint64_t length, const char *path,
                   const char *fmt, ...) AK_PRINTF(6, 7);
static bool report(ak_diags *d, const ak_rule *rule, uint64_t offset, uint64_t length, const char *path,
                   const char *fmt, ...)
{
    if (!d)
        return true;
    va_list ap;
    va_start(ap, fmt);
    bool go_on = ak_vreport(d, rule, offset, length, 0, 0, path, fmt, ap);
    va_end(ap);
    return go_on;
}

static uint64_t effective_cap(uint64_t max_output)
{
    uint64_t cap = max_output ? max_output : AK_DEFAULT_MAX_OUTPUT;
    /* out->len + cap must stay addressable. */
    return cap < (uint64_t)(SIZE_MAX / 2) ? cap : (uint64_t)(SIZE_MAX / 2);
}

static uint64_t read_u64le_at(const uint8_t *p)
{
    uint64_t v = 0;
    for (int i = 7; i >= 0; i--)
        v = (v << 8) | p[i];
    return v;
}

/* ------------------------------------------------------------------ */
/* LZMA                                                                */

/* A raw LZMA1 decoder for the section 3.5 header at in[0..21) (checked
 * already): lc/lp/pb from the properties byte; the dictionary the header
 * declares, but no larger than the output (see the top of the file). */
/* The dictionary liblzma is given: the header's, but at most the payload's
 * size (a larger one buys nothing) and at least liblzma's minimum. */
static uint32_t lzma_dictionary_size(const uint8_t *in)
{
    const uint32_t declared = (uint32_t)in[1] | (uint32_t)in[2] << 8 | (uint32_t)in[3] << 16 | (uint32_t)in[4] << 24;
    const uint64_t usize = read_u64le_at(in + 5);
    const uint64_t dict = declared < usize ? declared : usize;
    return dict > LZMA_MIN_DICT ? (uint32_t)dict : LZMA_MIN_DICT;
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

/* liblzma allocates that dictionary: it is charged to the command's
 * memory budget before the decoder is made, for as long as the decoder
 * lives (the caller gives it back); false after animkit.limit.memory,
 * reported at the header's dictionary size (the properties at
 * base_offset). So a small file whose header declares a huge dictionary
 * (and a payload to match) stops there instead of taking it. */
static bool lzma_dictionary_take(const uint8_t *in, ak_budget *budget, uint64_t base_offset)
{
    ak_budget_place before = ak_budget_place_at(budget, base_offset, 5, "/lzma_props");
    bool ok = ak_budget_take(budget, lzma_dictionary_size(in), "the LZMA dictionary"); /* reports why */
    ak_budget_place_back(budget, before);
    return ok;
}

static lzma_ret lzma_decoder_for(const uint8_t *in, lzma_options_lzma *opt, lzma_stream *strm)
{
    const unsigned props = in[0];
    const uint64_t usize = read_u64le_at(in + 5);
    memset(opt, 0, sizeof *opt);
    opt->dict_size = lzma_dictionary_size(in);
    opt->lc = props % 9u;
    opt->lp = (props / 9u) % 5u;
    opt->pb = props / 45u;
    /* Tolerate writers that add an end marker right after the last byte. */
    opt->ext_flags = LZMA_LZMA1EXT_ALLOW_EOPM;
    lzma_set_ext_size(*opt, usize);
    lzma_filter filters[2] = {{LZMA_FILTER_LZMA1EXT, opt}, {LZMA_VLI_UNKNOWN, NULL}};
    return lzma_raw_decoder(strm, filters);
}

bool ak_animx_lzma_decode(const uint8_t *in, size_t n, uint64_t max_output, ak_diags *d, uint64_t base_offset,
                          ak_buf *out)
{
    const uint64_t cap = effective_cap(max_output);
    if (n < AK_ANIMX_LZMA_HEADER_SIZE) {
        report(d, RULE(COMPRESS_LZMA_HEADER), base_offset, n, n < 5 ? "/lzma_props" : n < 13 ? "/uncompressed_size"
                                                                                   : "/compressed_size",
               "only %zu byte%s after `encoding`; the LZMA header needs %u", n, n == 1 ? "" : "s",
               AK_ANIMX_LZMA_HEADER_SIZE);
        return false;
    }
    const unsigned props = in[0];
    if (props >= 9u * 5u * 5u) {
        report(d, RULE(COMPRESS_LZMA_HEADER), base_offset, 1, "/lzma_props",
               "LZMA properties byte 0x%02X is 225 or more: lc/lp/pb out of range (the engine writes 0x5D)", props);
        return false;
    }
    const unsigned lc = props % 9u, lp = (props / 9u) % 5u;
    if (lc + lp > LZMA_LCLP_MAX) {
        /* Valid for the engine's 7-Zip decoder, but liblzma refuses it. */
        report(d, RULE(COMPRESS_LZMA_HEADER), base_offset, 1, "/lzma_props",
               "LZMA properties byte 0x%02X has lc %u + lp %u > %u, which this decoder (liblzma) cannot decode; "
               "the engine writes lc 3, lp 0",
               props, lc, lp, (unsigned)LZMA_LCLP_MAX);
        return false;
    }
    const uint64_t usize_bits = read_u64le_at(in + 5);
    const uint64_t csize_bits = read_u64le_at(in + 13);
    const int64_t usize_signed = usize_bits > (uint64_t)INT64_MAX ? -1 - (int64_t)(~usize_bits) : (int64_t)usize_bits;
    const int64_t csize_signed = csize_bits > (uint64_t)INT64_MAX ? -1 - (int64_t)(~csize_bits) : (int64_t)csize_bits;
    if (usize_signed < 0) {
        report(d, RULE(COMPRESS_SIZE_LIMIT), base_offset + 5, 8, "/uncompressed_size",
               "uncompressed_size is negative (%" PRId64 ")", usize_signed);
        return false;
    }
    const uint64_t usize = usize_bits;
    if (usize > cap) {
        report(d, RULE(COMPRESS_SIZE_LIMIT), base_offset + 5, 8, "/uncompressed_size",
               "uncompressed_size %" PRIu64 " exceeds the output cap of %" PRIu64 " bytes (--max-output)", usize,
               cap);
        return false;
    }

    const uint8_t *data = in + AK_ANIMX_LZMA_HEADER_SIZE;
    const size_t present = n - AK_ANIMX_LZMA_HEADER_SIZE;
    const uint64_t data_offset = base_offset + AK_ANIMX_LZMA_HEADER_SIZE;

    ak_budget *budget = ak_diags_budget(d);
    if (!lzma_dictionary_take(in, budget, base_offset))
        return false;
    const uint32_t dict = lzma_dictionary_size(in);
    lzma_options_lzma opt;
    lzma_stream strm = LZMA_STREAM_INIT;
    lzma_ret ret = lzma_decoder_for(in, &opt, &strm);
    if (ret != LZMA_OK)
        ak_budget_give(budget, dict);
    if (ret == LZMA_MEM_ERROR) {
        out_of_memory(d, opt.dict_size, "the LZMA dictionary", base_offset, 5, "/lzma_props");
        return false;
    }
    if (ret != LZMA_OK) {
        report(d, RULE(COMPRESS_LZMA_DATA), base_offset, 5, "/lzma_props",
               "liblzma rejects the LZMA properties (dictionary %" PRIu32 " bytes)", opt.dict_size);
        return false;
    }

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
    bool ok = false;
    strm.next_in = data;
    strm.avail_in = present;
    for (;;) {
        if (discard && out->len == out->cap) {
            dropped += out->len;
            out->len = 0;
        }
        uint64_t produced = dropped + (out->len - start_len);
        if (out->cap == out->len) {
            uint64_t missing = usize - produced;
            /* Once usize is reached, one spare byte lets liblzma look for
             * the end (a marker, or data going on). */
            uint64_t want = missing == 0 ? 1 : missing < step ? missing : step;
            if (!reserve_at(out, (size_t)want, d, "the LZMA payload", base_offset + 5, 8, "/uncompressed_size"))
                break;
            if (!discard)
                step = step > UINT64_MAX / 2 ? UINT64_MAX : step * 2;
        }
        strm.next_out = (uint8_t *)out->data + out->len;
        strm.avail_out = out->cap - out->len;
        size_t before = strm.avail_out;
        ret = lzma_code(&strm, LZMA_FINISH);
        out->len += before - strm.avail_out;
        produced = dropped + (out->len - start_len);
        size_t consumed = present - strm.avail_in;
        if (ret == LZMA_OK)
            continue;
        if (ret == LZMA_STREAM_END) {
            if (produced != usize) {
                report(d, RULE(COMPRESS_LZMA_DATA), data_offset, consumed, "/lzma_data",
                       "the LZMA data decodes to %" PRIu64 " bytes, not uncompressed_size %" PRIu64, produced,
                       usize);
                break;
            }
            ok = true;
            bool go_on = true;
            if (csize_signed < 0 || (uint64_t)csize_signed != (uint64_t)consumed)
                go_on = report(d, RULE(COMPRESS_SIZE_MISMATCH), base_offset + 13, 8, "/compressed_size",
                               "compressed_size is %" PRId64 " but the LZMA data is %zu bytes", csize_signed,
                               consumed);
            if (go_on && consumed < present)
                report(d, RULE(FILE_TRAILING), data_offset + consumed, present - consumed, "",
                       "%zu byte%s after the LZMA data", present - consumed, present - consumed == 1 ? "" : "s");
            break;
        }
        if (ret == LZMA_BUF_ERROR) {
            /* No progress possible: all input used, output incomplete.
             * When compressed_size promised more bytes, the file was cut
             * off (X1, as X43 says); otherwise the data is whole and
             * simply decodes to less than uncompressed_size (X11). */
            if (csize_signed >= 0 && (uint64_t)csize_signed > present)
                report(d, RULE(FILE_TRUNCATED), data_offset + present, 0, "/lzma_data",
                       "the LZMA data ends after %zu of compressed_size %" PRId64 " bytes, with %" PRIu64
                       " of %" PRIu64 " bytes decoded",
                       present, csize_signed, produced, usize);
            else
                report(d, RULE(COMPRESS_LZMA_DATA), data_offset, present, "/lzma_data",
                       "the %zu bytes of LZMA data decode to only %" PRIu64 " of uncompressed_size %" PRIu64
                       " bytes",
                       present, produced, usize);
            break;
        }
        if (ret == LZMA_MEM_ERROR) {
            out_of_memory(d, 0, "decoding LZMA data", base_offset + 5, 8, "/uncompressed_size");
            break;
        }
        /* LZMA_DATA_ERROR and anything else liblzma calls corrupt. The
         * input position is where the decoder noticed, which is at or
         * after the bad symbol. */
        report(d, RULE(COMPRESS_LZMA_DATA), data_offset + (consumed ? consumed - 1 : 0), 1, "/lzma_data",
               "the LZMA data is corrupt (noticed at input byte %zu, after %" PRIu64 " of %" PRIu64
               " output bytes)%s",
               consumed, produced, usize,
               produced == usize ? "; it goes on after uncompressed_size, or has an end marker elsewhere" : "");
        break;
    }
    lzma_end(&strm);
    ak_budget_give(budget, dict);
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

    const size_t header_at = out->len;
    uint8_t header[AK_ANIMX_LZMA_HEADER_SIZE];
    header[0] = (uint8_t)((opt.pb * 5 + opt.lp) * 9 + opt.lc);
    for (int i = 0; i < 4; i++)
        header[1 + i] = (uint8_t)(opt.dict_size >> (8 * i));
    for (int i = 0; i < 8; i++) {
        header[5 + i] = (uint8_t)(n >> (8 * i));
        header[13 + i] = 0; /* patched below */
    }
    uint8_t *step = ak_buf_append(out, header, sizeof header) ? malloc(LZMA_ENCODE_STEP) : NULL;
    lzma_stream strm = LZMA_STREAM_INIT;
    lzma_ret init = step ? lzma_raw_encoder(&strm, filters) : LZMA_MEM_ERROR;
    if (init != LZMA_OK) {
        if (init == LZMA_MEM_ERROR)
            ak_budget_failed(out->budget, step ? state : LZMA_ENCODE_STEP, "the LZMA encoder");
        free(step);
        ak_budget_give(out->budget, state);
        out->len = header_at;
        return false;
    }
    uint64_t left = n;
    bool ok = false;
    for (;;) {
        if (!strm.avail_in && left) {
            size_t got;
            if (!source_take(plain, &left, step, LZMA_ENCODE_STEP, &got))
                break;
            strm.next_in = step;
            strm.avail_in = got;
        }
        if (out->cap - out->len < 4096 && !ak_buf_reserve(out, 65536))
            break;
        size_t room = out->cap - out->len;
        strm.next_out = (uint8_t *)out->data + out->len;
        strm.avail_out = room;
        /* the same bytes as one call with the whole payload: LZMA_RUN
           only waits for more input, it never flushes */
        lzma_ret ret = lzma_code(&strm, left || strm.avail_in ? LZMA_RUN : LZMA_FINISH);
        out->len += room - strm.avail_out;
        if (ret == LZMA_STREAM_END) {
            ok = true;
            break;
        }
        if (ret != LZMA_OK)
            break;
    }
    lzma_end(&strm);
    free(step);
    ak_budget_give(out->budget, state);
    if (!ok) {
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

/* ------------------------------------------------------------------ */
/* LZ4 chunk stream                                                    */

typedef struct lz4_cursor {
    const uint8_t *in;
    size_t n, pos;
    uint64_t base;
    size_t chunk;
    ak_diags *d;
    char path[80];
} lz4_cursor;

static const char *chunk_path(lz4_cursor *c, const char *field)
{
    snprintf(c->path, sizeof c->path, "/chunks/%zu/%s", c->chunk, field);
    return c->path;
}

typedef enum varint_result { VARINT_OK, VARINT_STOP } varint_result;

/* Reads one LEB128 varint of a chunk header (up to 64 bits). Truncation and
 * overflow end the stream; a non-minimal encoding is a warning. */
static varint_result lz4_varint(lz4_cursor *c, const char *field, uint64_t *v)
{
    ak_reader r;
    ak_reader_init(&r, c->in, c->n);
    r.pos = c->pos;
    ak_read_status st = ak_read_varint(&r, 64, v);
    if (st == AK_READ_EOF) {
        report(c->d, RULE(COMPRESS_LZ4_CHUNK), c->base + c->pos, c->n - c->pos, chunk_path(c, field),
               "the LZ4 stream ends inside `%s` of chunk %zu", field, c->chunk);
        return VARINT_STOP;
    }
    if (st == AK_READ_OVERFLOW) {
        size_t len = 0;
        while (c->pos + len < c->n && (c->in[c->pos + len] & 0x80u))
            len++;
        report(c->d, RULE(VARINT_OVERFLOW), c->base + c->pos, len + (c->pos + len < c->n), chunk_path(c, field),
               "`%s` does not fit 64 bits", field);
        return VARINT_STOP;
    }
    size_t len = r.pos - c->pos;
    if (st == AK_READ_OVERLONG) {
        size_t minimal = 1;
        for (uint64_t x = *v >> 7; x; x >>= 7)
            minimal++;
        if (!report(c->d, RULE(VARINT_NON_MINIMAL), c->base + c->pos, len, chunk_path(c, field),
                    "`%s` (%" PRIu64 ") takes %zu bytes; %zu suffice%s", field, *v, len, minimal,
                    minimal == 1 ? "s" : ""))
            return VARINT_STOP;
    }
    c->pos = r.pos;
    return VARINT_OK;
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
    lz4_cursor c = {.in = in, .n = n, .pos = 0, .base = base_offset, .chunk = 0, .d = d};
    uint64_t total = 0; /* declared original lengths so far */
    bool ok = true;
    for (; c.pos < n; c.chunk++) {
        const size_t flags_at = c.pos;
        uint64_t flags, original, compressed;
        if (lz4_varint(&c, "chunk_flags", &flags) != VARINT_OK)
            return false;
        const size_t original_at = c.pos;
        if (lz4_varint(&c, "original_length", &original) != VARINT_OK)
            return false;
        const size_t original_len = c.pos - original_at;
        const bool is_compressed = (flags & AK_ANIMX_LZ4_COMPRESSED) != 0;
        size_t compressed_at = c.pos, compressed_len = original_len;
        compressed = original;
        if (is_compressed) {
            if (lz4_varint(&c, "compressed_length", &compressed) != VARINT_OK)
                return false;
            compressed_len = c.pos - compressed_at;
        } else {
            compressed_at = original_at;
        }

        /* Declared sizes first, before anything is read or allocated. */
        if (original > cap - total) {
            report(d, RULE(COMPRESS_SIZE_LIMIT), base_offset + original_at, original_len,
                   chunk_path(&c, "original_length"),
                   "original_length %" PRIu64 " of chunk %zu brings the payload over the output cap of %" PRIu64
                   " bytes (--max-output)",
                   original, c.chunk, cap);
            if (is_compressed && lz4_ratio_exceeded(original, compressed))
                report(d, RULE(COMPRESS_LZ4_RATIO), base_offset + original_at, original_len,
                       chunk_path(&c, "original_length"),
                       "original_length %" PRIu64 " is more than %u times compressed_length %" PRIu64, original,
                       AK_ANIMX_LZ4_MAX_RATIO, compressed);
            return false;
        }
        if (original > INT32_MAX || compressed > INT32_MAX) {
            bool orig_big = original > INT32_MAX;
            report(d, RULE(VARINT_OVERFLOW), base_offset + (orig_big ? original_at : compressed_at),
                   orig_big ? original_len : compressed_len,
                   chunk_path(&c, orig_big ? "original_length" : "compressed_length"),
                   "`%s` %" PRIu64 " is more than 2^31-1: LZ4Stream reads it as a 32-bit int",
                   orig_big ? "original_length" : "compressed_length", orig_big ? original : compressed);
            return false;
        }
        if (is_compressed && lz4_ratio_exceeded(original, compressed)) {
            report(d, RULE(COMPRESS_LZ4_RATIO), base_offset + original_at, original_len,
                   chunk_path(&c, "original_length"),
                   "original_length %" PRIu64 " is more than %u times compressed_length %" PRIu64, original,
                   AK_ANIMX_LZ4_MAX_RATIO, compressed);
            return false;
        }
        if (is_compressed && compressed > original) {
            report(d, RULE(COMPRESS_LZ4_CHUNK), base_offset + compressed_at, compressed_len,
                   chunk_path(&c, "compressed_length"),
                   "compressed_length %" PRIu64 " is more than original_length %" PRIu64 " (LZ4Stream: corrupt)",
                   compressed, original);
            return false;
        }
        const size_t data_at = c.pos;
        const size_t data_len = (size_t)compressed;
        if (data_len > n - data_at) {
            report(d, RULE(COMPRESS_LZ4_CHUNK), base_offset + data_at, n - data_at, chunk_path(&c, "data"),
                   "chunk %zu needs %zu bytes of data but only %zu remain", c.chunk, data_len, n - data_at);
            return false;
        }
        c.pos += data_len;
        total += original;

        /* The framing of this chunk is sound: what follows reports and goes
         * on with the next chunk, so that every bad chunk is named. */
        if (is_compressed && (flags >> 2) != 0) {
            ok = false;
            if (!report(d, RULE(COMPRESS_LZ4_PASSES), base_offset + flags_at, original_at - flags_at,
                        chunk_path(&c, "chunk_flags"),
                        "compressed chunk %zu has chunk_flags 0x%" PRIX64 ": a pass count of %" PRIu64
                        " (LZ4Stream supports only 0)",
                        c.chunk, flags, flags >> 2))
                return false;
            continue;
        }
        if (!is_compressed && flags != 0 &&
            !report(d, RULE(COMPRESS_LZ4_FLAGS), base_offset + flags_at, original_at - flags_at,
                    chunk_path(&c, "chunk_flags"), "stored chunk %zu has chunk_flags 0x%" PRIX64 " (expected 0)",
                    c.chunk, flags))
            return false;
        if (original == 0) {
            if (!report(d, RULE(COMPRESS_LZ4_EMPTY_CHUNK), base_offset + flags_at, c.pos - flags_at,
                        chunk_path(&c, "original_length"), "chunk %zu is empty (original_length 0)", c.chunk))
                return false;
            continue;
        }
        if (!ok)
            continue; /* the payload is lost already; only check the framing */
        if (discard && !is_compressed)
            continue;
        if (discard)
            out->len = 0;
        if (!reserve_at(out, data_len > original ? data_len : (size_t)original, d, "the LZ4 payload",
                        base_offset + original_at, original_len, chunk_path(&c, "original_length")))
            return false;
        if (!is_compressed) {
            memcpy(out->data + out->len, in + data_at, data_len);
            out->len += data_len;
            continue;
        }
        int got = LZ4_decompress_safe((const char *)in + data_at, out->data + out->len, (int)compressed, (int)original);
        if (got != (int)original) {
            ok = false;
            bool go_on =
                got < 0 ? report(d, RULE(COMPRESS_LZ4_BLOCK), base_offset + data_at, data_len, chunk_path(&c, "data"),
                                 "the LZ4 block of chunk %zu is malformed or decodes to more than original_length "
                                 "%" PRIu64,
                                 c.chunk, original)
                        : report(d, RULE(COMPRESS_LZ4_BLOCK), base_offset + data_at, data_len, chunk_path(&c, "data"),
                                 "the LZ4 block of chunk %zu decodes to %d bytes, not original_length %" PRIu64,
                                 c.chunk, got, original);
            if (!go_on)
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

static bool put_varint(ak_buf *b, uint64_t v)
{
    uint8_t bytes[10];
    size_t len = 0;
    do {
        uint8_t byte = v & 0x7fu;
        v >>= 7;
        bytes[len++] = (uint8_t)(byte | (v ? 0x80u : 0u));
    } while (v);
    return ak_buf_append(b, bytes, len);
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
            ok = put_varint(out, flags) && put_varint(out, len) && put_varint(out, (uint64_t)packed) &&
                 ak_buf_append(out, scratch, (size_t)packed);
        } else {
            ok = put_varint(out, 0) && put_varint(out, len) && ak_buf_append(out, chunk, len);
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

/* ------------------------------------------------------------------ */
/* The payload as a source of the layout runtime: decoded piece by piece */
/* as the validator reads it. Only payloads that decoded whole once (and  */
/* reported everything) are opened, so these report nothing.             */

typedef struct lzma_source {
    ak_lsource src;
    lzma_stream strm;
    uint64_t left;  /* bytes of uncompressed_size not given yet */
    size_t present; /* bytes after the header */
    int64_t csize;  /* compressed_size */
    ak_budget *budget;
    uint64_t charged; /* the dictionary, while the decoder lives */
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
    const size_t consumed = z->present - z->strm.avail_in;
    return z->csize >= 0 && (uint64_t)z->csize == consumed && consumed == z->present;
}

static void lzma_source_close(ak_lsource *s)
{
    lzma_source *z = (lzma_source *)s;
    lzma_end(&z->strm);
    ak_budget_give(z->budget, z->charged);
    free(z);
}

/* The memory it needs: liblzma's dictionary (the header's, at most the
 * payload's size; charged to budget, a refusal reported at the header at
 * base_offset) and its probability tables; the output goes straight into
 * the reader's window. */
static ak_lsource *lzma_source_open(const uint8_t *in, size_t n, bool checked, ak_budget *budget,
                                    uint64_t base_offset)
{
    if (!lzma_dictionary_take(in, budget, base_offset))
        return NULL;
    lzma_source *z = calloc(1, sizeof *z);
    if (!z) {
        ak_budget_give(budget, lzma_dictionary_size(in));
        return NULL;
    }
    z->budget = budget;
    z->charged = lzma_dictionary_size(in);
    lzma_stream init = LZMA_STREAM_INIT;
    z->strm = init;
    lzma_options_lzma opt;
    if (lzma_decoder_for(in, &opt, &z->strm) != LZMA_OK) {
        lzma_source_close(&z->src);
        return NULL;
    }
    z->strm.next_in = in + AK_ANIMX_LZMA_HEADER_SIZE;
    z->strm.avail_in = n - AK_ANIMX_LZMA_HEADER_SIZE;
    z->left = read_u64le_at(in + 5);
    z->present = n - AK_ANIMX_LZMA_HEADER_SIZE;
    z->csize = (int64_t)read_u64le_at(in + 13);
    z->src.read = lzma_source_read;
    z->src.finish = checked ? NULL : lzma_source_finish;
    z->src.close = lzma_source_close;
    z->src.size = z->left;
    return &z->src;
}

typedef struct lz4_source {
    ak_lsource src;
    const uint8_t *in;
    size_t n, pos;
    const uint8_t *chunk; /* the current chunk's bytes: in the input (stored) or in buf */
    size_t chunk_len, chunk_pos;
    char *buf;
    size_t buf_cap;
    size_t largest; /* the largest original_length of a compressed chunk: buf's most */
    bool failed; /* a block did not decode */
    ak_budget *budget; /* largest is charged to it while the source lives */
} lz4_source;

typedef struct lz4_chunk_head {
    uint64_t flags, original, compressed;
    size_t original_at, original_len; /* the original_length varint */
    size_t data_at;
} lz4_chunk_head;

/* The header of the chunk at *pos (one that decoded already). */
static bool lz4_chunk_head_at(const uint8_t *in, size_t n, size_t *pos, lz4_chunk_head *h)
{
    ak_reader r;
    ak_reader_init(&r, in, n);
    r.pos = *pos;
    ak_read_status st = ak_read_varint(&r, 64, &h->flags);
    h->original_at = r.pos;
    if (st == AK_READ_OK || st == AK_READ_OVERLONG)
        st = ak_read_varint(&r, 64, &h->original);
    h->original_len = r.pos - h->original_at;
    h->compressed = h->original;
    if ((st == AK_READ_OK || st == AK_READ_OVERLONG) && (h->flags & AK_ANIMX_LZ4_COMPRESSED))
        st = ak_read_varint(&r, 64, &h->compressed);
    if ((st != AK_READ_OK && st != AK_READ_OVERLONG) || h->compressed > n - r.pos)
        return false;
    h->data_at = r.pos;
    *pos = r.pos + (size_t)h->compressed;
    return true;
}

static size_t lz4_source_read(ak_lsource *s, uint8_t *dst, size_t cap)
{
    lz4_source *z = (lz4_source *)s;
    while (z->chunk_pos == z->chunk_len) {
        lz4_chunk_head h;
        if (z->pos >= z->n || !lz4_chunk_head_at(z->in, z->n, &z->pos, &h) || h.original > INT32_MAX)
            return 0;
        z->chunk_pos = 0;
        z->chunk_len = (size_t)h.original;
        if (!(h.flags & AK_ANIMX_LZ4_COMPRESSED) || !h.original) { /* stored, or empty (skipped) */
            z->chunk = z->in + h.data_at;
            continue;
        }
        if (h.original > z->largest) { /* not what open walked */
            z->failed = true;
            return 0;
        }
        if (h.original > z->buf_cap) {
            char *b = realloc(z->buf, (size_t)h.original);
            if (!b) {
                z->src.oom = h.original;
                return 0;
            }
            z->buf = b;
            z->buf_cap = (size_t)h.original;
        }
        int got = LZ4_decompress_safe((const char *)z->in + h.data_at, z->buf, (int)h.compressed, (int)h.original);
        if (got != (int)h.original) {
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
    while (!z->failed && (z->pos < z->n || z->chunk_pos < z->chunk_len))
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
    lz4_chunk_head largest = {0, 0, 0, 0, 0, 0};
    size_t largest_chunk = 0, chunk = 0;
    for (size_t pos = 0; pos < n; chunk++) {
        lz4_chunk_head h;
        if (!lz4_chunk_head_at(in, n, &pos, &h))
            return NULL;
        total += h.original;
        if ((h.flags & AK_ANIMX_LZ4_COMPRESSED) && h.original > largest.original)
            largest = h, largest_chunk = chunk;
    }
    if (largest.original > INT32_MAX)
        return NULL; /* the checking decoder reports it */
    char path[64];
    snprintf(path, sizeof path, "/chunks/%zu/original_length", largest_chunk);
    ak_budget_place before =
        ak_budget_place_at(budget, base_offset + largest.original_at, largest.original_len, path);
    bool charged = ak_budget_take(budget, largest.original, "the LZ4 chunk");
    ak_budget_place_back(budget, before);
    if (!charged)
        return NULL;
    lz4_source *z = calloc(1, sizeof *z);
    if (!z) {
        ak_budget_give(budget, largest.original);
        return NULL;
    }
    z->budget = budget;
    z->largest = (size_t)largest.original;
    z->in = in;
    z->n = n;
    z->src.read = lz4_source_read;
    z->src.finish = checked ? NULL : lz4_source_finish;
    z->src.close = lz4_source_close;
    z->src.size = total;
    return &z->src;
}

/* ------------------------------------------------------------------ */
/* The `process compression(encoding)` hook of animx.layout            */

/* What ak_animx_lzma_decode checks before it decodes, found sound. */
static bool lzma_header_sound(const uint8_t *in, size_t n, uint64_t max_output)
{
    if (n < AK_ANIMX_LZMA_HEADER_SIZE || in[0] >= 9u * 5u * 5u || in[0] % 9u + in[0] / 9u % 5u > LZMA_LCLP_MAX)
        return false;
    const uint64_t usize = read_u64le_at(in + 5);
    return usize <= (uint64_t)INT64_MAX && usize <= effective_cap(max_output);
}

/* What ak_animx_lz4_decode checks of the chunk headers, found sound: minimal
 * varints, sizes within the caps and the ratio, flags 1 or 0, no empty
 * chunk, the data present. */
static bool lz4_framing_sound(const uint8_t *in, size_t n, uint64_t max_output)
{
    const uint64_t cap = effective_cap(max_output);
    uint64_t total = 0;
    ak_reader r;
    ak_reader_init(&r, in, n);
    while (r.pos < n) {
        uint64_t flags, original, compressed;
        if (ak_read_varint(&r, 64, &flags) != AK_READ_OK || ak_read_varint(&r, 64, &original) != AK_READ_OK)
            return false;
        compressed = original;
        if (flags == AK_ANIMX_LZ4_COMPRESSED) {
            if (ak_read_varint(&r, 64, &compressed) != AK_READ_OK || compressed > original ||
                lz4_ratio_exceeded(original, compressed))
                return false;
        } else if (flags != 0) {
            return false;
        }
        if (original == 0 || original > INT32_MAX || original > cap - total || compressed > n - r.pos)
            return false;
        total += original;
        r.pos += (size_t)compressed;
    }
    return true;
}

bool animx_process_compression(ak_lctx *c, const ak_lprocess *p, ak_buf *out)
{
    const uint8_t *in = ak_lcur(c);
    const size_t n = ak_lleft(c);
    const uint64_t cap = c->opt->max_output;
    const bool lzma = p->args[0] == 2;
    bool ok = true;
    c->pos = c->end; /* the decoders report what follows the compressed data */
    if (c->arena) /* decoding: the document's strings point into the payload */
        return lzma ? ak_animx_lzma_decode(in, n, cap, c->d, c->pos - n, out)
                    : ak_animx_lz4_decode(in, n, cap, c->d, c->pos - n, out);
    /* Validating, the payload is never held: it is decoded piece by piece
     * as the validator reads it. When the framing is sound it is decoded
     * once, and only if the codec finds something on the way (a bad block,
     * the data ending elsewhere than the header says) is the block read
     * again (the runtime's retry), this time checked first, so that the
     * diagnostics are the decoders' own, in their order, before any of the
     * payload's. */
    bool sound = !ak_lstream_retrying(c) && (lzma ? lzma_header_sound(in, n, cap) : lz4_framing_sound(in, n, cap));
    ak_budget *budget = ak_diags_budget(c->d);
    const uint64_t base = c->pos - n;
    if (!sound)
        ok = lzma ? ak_animx_lzma_decode(in, n, cap, c->d, base, NULL)
                  : ak_animx_lz4_decode(in, n, cap, c->d, base, NULL);
    if (ok) {
        ak_lsource *src = lzma ? lzma_source_open(in, n, !sound, budget, base)
                               : lz4_source_open(in, n, !sound, budget, base);
        if (!src && ak_budget_exhausted(budget))
            return false; /* refused, and said so where */
        if (!src && sound) /* the checking decoder says what is wrong */
            ok = lzma ? ak_animx_lzma_decode(in, n, cap, c->d, base, NULL)
                      : ak_animx_lz4_decode(in, n, cap, c->d, base, NULL);
        if (ok && !src)
            src = lzma ? lzma_source_open(in, n, true, budget, base) : lz4_source_open(in, n, true, budget, base);
        if (src) {
            ak_lstream_offer(c, src);
        } else if (ok) {
            ok = false;
            c->oom = true;
            out_of_memory(c->d, 0, "the decoder of the payload", c->pos - n, n, "");
        }
    }
    return ok;
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
