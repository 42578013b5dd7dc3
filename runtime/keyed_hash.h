/* The one hash of the tables that input fills: duplicate member names,
 * keys, references and unique sets of the JSON validators, the folders a
 * walk has seen. Each is open addressing with linear probing over a
 * power-of-two table, so it takes the low bits of the hash: with an
 * unkeyed hash (FNV-1a was used) an input can choose names that share
 * those bits, and every insertion then walks one growing cluster
 * (quadratic time: 2^17 such names took 14 s). This hash is SipHash-1-3
 * (Aumasson and Bernstein) under a 128-bit key that each table draws from
 * the system's random source when it is made (the library keeps no state
 * of its own, so there is no process-wide key): without the key, no input
 * can aim at a slot. Nothing is printed in table order, so the output does
 * not depend on the key. */
#ifndef AK_RUNTIME_KEYED_HASH_H
#define AK_RUNTIME_KEYED_HASH_H

#include <stddef.h>
#include <stdint.h>

/* The key of one table. */
typedef struct ak_hash_key {
    uint64_t k0, k1;
} ak_hash_key;

/* Draws a key from the system's random source (getrandom, /dev/urandom;
 * without either, from the clock, the process id and addresses). */
void ak_hash_key_draw(ak_hash_key *key);

/* A hash being computed over bytes added in pieces (a key made of several
 * parts hashes as their concatenation). */
typedef struct ak_hasher {
    uint64_t v0, v1, v2, v3;
    uint64_t tail;   /* the bytes of the word not complete yet, little-endian */
    uint64_t length; /* bytes added so far */
} ak_hasher;

void ak_hasher_init(ak_hasher *h, const ak_hash_key *key);
void ak_hasher_add(ak_hasher *h, const void *data, size_t n);
uint64_t ak_hasher_finish(const ak_hasher *h);

/* The keyed hash of data[0..n). */
uint64_t ak_hash_bytes(const ak_hash_key *key, const void *data, size_t n);

/* SipHash-c-d of data under a key of 16 bytes (little-endian k0, k1): the
 * function above is c = 1, d = 3. For tests against the published vectors
 * (SipHash-2-4). */
uint64_t ak_siphash(const uint8_t key[16], int c_rounds, int d_rounds, const void *data, size_t n);

#endif
