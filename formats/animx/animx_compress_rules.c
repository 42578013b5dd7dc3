/* The rules the AnimX compression hooks report (spec animj-animx.md,
 * table 5.2). Provisional: once formats/animx/animx.layout declares them,
 * the generated rule table of the animx format replaces this one (see
 * AK_ANIMX_COMPRESS_RULE in animx_compress.h). The spec has one severity
 * column, so the strict level makes every warning an error. */
#include "animx_compress.h"

#define E AK_SEV_ERROR
#define W AK_SEV_WARNING

const ak_rule ak_animx_compress_rules[AK_ANIMX_CR_COUNT] = {
    [AK_ANIMX_CR_FILE_TRUNCATED] = {"animx.file.truncated", E, E, "the input ends inside a field",
                                    "The engine's reader throws at the end of the stream (X1)."},
    [AK_ANIMX_CR_VARINT_OVERFLOW] = {"animx.varint.overflow", E, E, "a varint that is too long or too large",
                                     "Counts become .NET ints; the LZ4 chunk lengths are read as 64-bit "
                                     "varints and cast to int (X5)."},
    [AK_ANIMX_CR_COMPRESS_LZMA_HEADER] = {"animx.compress.lzma-header", E, E, "a bad LZMA header",
                                          "Fewer than 21 bytes after `encoding`, or a properties byte "
                                          "of 225 or more: the LZMA decoder rejects it (X10)."},
    [AK_ANIMX_CR_COMPRESS_LZMA_DATA] = {"animx.compress.lzma-data", E, E, "the LZMA data does not decode",
                                        "A decoder error, or output of another size than "
                                        "`uncompressed_size` (X11)."},
    [AK_ANIMX_CR_COMPRESS_LZ4_CHUNK] = {"animx.compress.lz4-chunk", E, E, "a bad LZ4 chunk",
                                        "A truncated chunk, or `compressed_length` > `original_length`: "
                                        "LZ4Stream reports corruption (X12)."},
    [AK_ANIMX_CR_COMPRESS_LZ4_PASSES] = {"animx.compress.lz4-passes", E, E,
                                         "a compressed LZ4 chunk with a non-zero pass count",
                                         "LZ4Stream does not support chunks with multiple passes (X13)."},
    [AK_ANIMX_CR_COMPRESS_LZ4_BLOCK] = {"animx.compress.lz4-block", E, E, "an LZ4 block does not decode",
                                        "A malformed block, or one that decodes to another size than "
                                        "`original_length` (X14)."},
    [AK_ANIMX_CR_COMPRESS_SIZE_LIMIT] = {"animx.compress.size-limit", E, E,
                                         "the decompressed payload would exceed the output cap",
                                         "A resource bound of this project (--max-output, 1 GiB by default), "
                                         "checked before allocating (X21)."},
    [AK_ANIMX_CR_COMPRESS_LZ4_RATIO] = {"animx.compress.lz4-ratio", E, E,
                                        "an LZ4 chunk claims more output than LZ4 can produce",
                                        "No LZ4 block expands more than 255 times, so a larger "
                                        "`original_length` is corrupt (X22)."},
    [AK_ANIMX_CR_VARINT_NON_MINIMAL] = {"animx.varint.non-minimal", W, E, "a varint with redundant bytes",
                                        "Readers accept it; writers never produce it (X40)."},
    [AK_ANIMX_CR_COMPRESS_LZ4_EMPTY_CHUNK] = {"animx.compress.lz4-empty-chunk", W, E,
                                              "an LZ4 chunk with original length 0",
                                              "LZ4Stream skips it; writers never produce it (X41)."},
    [AK_ANIMX_CR_COMPRESS_LZ4_FLAGS] = {"animx.compress.lz4-flags", W, E,
                                        "flag bits other than bit 0 on a stored LZ4 chunk",
                                        "LZ4Stream ignores them on a stored chunk; writers never set "
                                        "them (X42)."},
    [AK_ANIMX_CR_COMPRESS_SIZE_MISMATCH] = {"animx.compress.size-mismatch", W, E,
                                            "the LZMA `compressed_size` is not the size of the LZMA data",
                                            "The engine's decoder stops after `uncompressed_size` bytes and "
                                            "does not use `compressed_size` (X43)."},
    [AK_ANIMX_CR_FILE_TRAILING] = {"animx.file.trailing", W, E, "bytes after the end of the data",
                                   "The engine stops reading before them; writers never produce "
                                   "them (X44)."},
};
