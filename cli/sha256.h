/* SHA-256 (FIPS 180-4), for report's cache keys and shards: a content hash
 * that no file can be made to share with another by accident or design. */
#ifndef AK_CLI_SHA256_H
#define AK_CLI_SHA256_H

#include <stddef.h>
#include <stdint.h>

typedef struct sha256 {
    uint32_t h[8];
    uint8_t block[64];
    size_t fill;     /* bytes in block */
    uint64_t length; /* bytes added */
} sha256;

void sha256_init(sha256 *s);
void sha256_add(sha256 *s, const void *data, size_t n);
void sha256_finish(sha256 *s, uint8_t digest[32]);
/* The digest of data[0..n). */
void sha256_of(const void *data, size_t n, uint8_t digest[32]);
/* 64 lower-case hex digits and a NUL. */
void sha256_hex(const uint8_t digest[32], char hex[65]);

#endif
