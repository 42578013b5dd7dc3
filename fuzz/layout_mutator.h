/* Structure-aware mutation of the binary layouts (issue 31): libFuzzer's
 * LLVMFuzzerCustomMutator and LLVMFuzzerCustomCrossOver of the AnimX, MRTK
 * and Prime ANIM harnesses.
 *
 * Everything it knows of a format comes from what animgen generates from
 * the format's layout (ak_llayout: the decoder, the encoder, the field
 * metadata with every field's declared type, the enum tables, the count
 * each array takes and the structs the model section makes tracks of). An
 * input is decoded into the document animgen generates; one field is
 * mutated by its declared type (integers and counts at their limits, enum
 * codes in and out of the table, 7-bit and LEB128 varints at their byte
 * boundaries, floats among NaN, infinities, denormals and huge values,
 * strings with invalid UTF-8 or at length-prefix boundaries), or an array
 * loses, gains or reorders elements, or the bytes of an array of integers
 * (a bitstream, a bitmap) go to libFuzzer's byte mutator; then the
 * document is repaired (counts follow arrays, arrays follow counts that
 * the declaration computes, members that a changed selector brings in
 * start zeroed, never as another arm's bytes) and encoded again. Crossover
 * puts a whole track (an instance of a model track struct, or a struct of
 * the same type) of one input in place of, or next to, one of the other.
 * An input that does not decode goes to the byte mutator. Deterministic:
 * the same input and seed give the same output. */
#ifndef AK_FUZZ_LAYOUT_MUTATOR_H
#define AK_FUZZ_LAYOUT_MUTATOR_H

#include "ak_layout.h"

#include <stddef.h>
#include <stdint.h>

/* libFuzzer's LLVMFuzzerMutate, or a test's stand-in: mutates size bytes
 * at data in place (room for max_size) and returns the new size. */
typedef size_t (*ak_fuzz_bytes_mutator)(uint8_t *data, size_t size, size_t max_size);

/* Mutates the input (size bytes, room for max_size) in place; returns the new size. */
size_t ak_fuzz_layout_mutate(const ak_llayout *layout, uint8_t *data, size_t size, size_t max_size, unsigned seed,
                             ak_fuzz_bytes_mutator bytes);

/* One input made of two: a track of b in a; returns its size in out (0: none could be made). */
size_t ak_fuzz_layout_crossover(const ak_llayout *layout, const uint8_t *a, size_t a_size, const uint8_t *b,
                                size_t b_size, uint8_t *out, size_t max_out, unsigned seed);

/* The harness's LLVMFuzzerCustomMutator and LLVMFuzzerCustomCrossOver over
 * the format's <id>_llayout (in a harness built with AK_FUZZ_MUTATORS). */
#define AK_FUZZ_LAYOUT_MUTATORS(layout)                                                                            \
    size_t LLVMFuzzerMutate(uint8_t *data, size_t size, size_t max_size);                                         \
    size_t LLVMFuzzerCustomMutator(uint8_t *data, size_t size, size_t max_size, unsigned int seed);               \
    size_t LLVMFuzzerCustomMutator(uint8_t *data, size_t size, size_t max_size, unsigned int seed)                \
    {                                                                                                              \
        return ak_fuzz_layout_mutate(&(layout), data, size, max_size, seed, LLVMFuzzerMutate);                     \
    }                                                                                                              \
    size_t LLVMFuzzerCustomCrossOver(const uint8_t *a, size_t a_size, const uint8_t *b, size_t b_size,            \
                                     uint8_t *out, size_t max_out, unsigned int seed);                             \
    size_t LLVMFuzzerCustomCrossOver(const uint8_t *a, size_t a_size, const uint8_t *b, size_t b_size,            \
                                     uint8_t *out, size_t max_out, unsigned int seed)                              \
    {                                                                                                              \
        return ak_fuzz_layout_crossover(&(layout), a, a_size, b, b_size, out, max_out, seed);                      \
    }

#endif
