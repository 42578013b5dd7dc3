/* Times, on one Metroid Prime ANIM v2 MP1 file held in memory: a plain
 * memcpy of its bytes (the physical limit), the streaming validator (whose
 * hook decodes the whole bitstream), the decoder into an arena, and the
 * bitstream decoder alone (spec §2.8, 16-bit totals). Best of N runs each
 * (CPU time); prints MB/s and the ratios to memcpy: validate-only against a
 * memcpy of the file, and validate+decode (the validator, then the
 * bitstream decoder: what dump and convert do) in MB/s of the decoded keys
 * (every key's totals of every channel, an ak_pa_totals each) against a
 * memcpy of as many bytes.
 * usage: primeanim_bench FILE [RUNS]   (exit 1 when the file has errors) */
#include "primeanim.h"
#include "primeanim_layout.h"

#include "../bench_support.h"

static void count_key(void *user, uint32_t key, const ak_pa_totals *totals, size_t d)
{
    (void)key;
    int64_t *sum = user;
    *sum += totals[d - 1].v[0][0];
}

int main(int argc, char **argv)
{
    ak_file f;
    int runs;
    if (!bench_args(argc, argv, "primeanim_bench", 5, &f, &runs))
        return 2;
    /* the descriptors (the decoded document's) and where the bitstream is (MP1 v2, §2.4) */
    uint32_t n = ak_lget32be(f.data + 0x30);
    size_t desc = 0x34 + 4 * ((size_t)(n + 31) / 32) + 8, desc_len = 0;
    static ak_pa_v2 v; /* no descriptors when the file does not decode */
    ak_arena doc_arena;
    ak_arena_init(&doc_arena, 1 << 20);
    ak_diags *doc_diags = ak_diags_new(NULL);
    primeanim_file *first = primeanim_decode(f.data, f.size, NULL, doc_diags, &doc_arena);
    if (first && first->layout == primeanim_layout_v2_mp1) {
        ak_pa_v2_of(first, &v);
        desc_len = (size_t)first->v2_mp1.descriptor_bytes;
    }
    ak_arena_free(&doc_arena);
    ak_diags_free(doc_diags);
    const ak_pa_channel *ch = v.ch;
    uint32_t d = (uint32_t)v.d, k = v.key_count;
    size_t words = (size_t)((v.stream_bits + 31) / 32);
    ak_options opt = {0};
    size_t errors = 0;
    double best_copy = bench_best_memcpy(f.data, f.size, runs);
    double best_val = bench_best_validate(primeanim_validate, f.data, f.size, &opt, NULL, runs, bench_cpu_seconds,
                                          NULL, &errors);
    double best_dec = 1e30, best_bits = 1e30;
    int64_t sum = 0;
    for (int r = 0; r < runs; r++) {
        ak_diags *dg = ak_diags_new(NULL);
        ak_arena arena;
        ak_arena_init(&arena, 1 << 20);
        double t0 = bench_cpu_seconds();
        primeanim_file *doc = primeanim_decode(f.data, f.size, NULL, dg, &arena);
        double t1 = bench_cpu_seconds();
        errors += doc == NULL;
        if (t1 - t0 < best_dec)
            best_dec = t1 - t0;
        ak_arena_free(&arena);
        ak_diags_free(dg);

        t0 = bench_cpu_seconds();
        if (!desc_len || !ak_pa_decode(ch, d, 1, k, f.data + desc + desc_len, words, false, count_key, &sum, NULL))
            errors++;
        t1 = bench_cpu_seconds();
        if (t1 - t0 < best_bits)
            best_bits = t1 - t0;
    }
    double mb = (double)f.size / 1e6, bits_mb = (double)words * 4 / 1e6;
    printf("primeanim: file %.1f MB (bitstream %.1f MB, %u keys x %u channels), best of %d\n", mb, bits_mb, k, d,
           runs);
    printf("  memcpy        : %.4f s  %8.1f MB/s\n", best_copy, mb / best_copy);
    bench_print_vs_memcpy("validate-only", best_val, mb, best_copy);
    bench_print_vs_memcpy("decode", best_dec, mb, best_copy);
    printf("  bitstream only: %.4f s  %8.1f MB/s  (%.0f%% of memcpy; checksum %lld)\n", best_bits, bits_mb / best_bits,
           100 * best_copy * bits_mb / mb / best_bits, (long long)sum);
    size_t decoded = (size_t)k * d * sizeof(ak_pa_totals);
    double dmb = (double)decoded / 1e6, best_dcopy = bench_best_memcpy_size(decoded, runs);
    printf("  decoded keys  : %.1f MB; validate+bitstream %.4f s  %8.1f MB/s of them (%.0f%% of their memcpy)\n", dmb,
           best_val + best_bits, dmb / (best_val + best_bits), 100 * best_dcopy / (best_val + best_bits));
    bench_ratio("validate/memcpy", best_copy / best_val);
    bench_ratio("decode-keys/memcpy", best_dcopy / (best_val + best_bits));
    ak_file_close(&f);
    if (errors)
        printf("  (the file has %zu errors)\n", errors);
    return errors ? 1 : 0;
}
