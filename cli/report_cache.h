/* report --cache DIR: each file's result kept under a key made of what
 * decides it: its content (BLAKE2b), the formats its name's extension
 * names (detection reads the name), animkit's version and the options that
 * change results. Entries are written to a temporary file and renamed, so
 * processes and shards can share a folder; an entry that is torn (a crash,
 * a full disk), foreign or damaged is ignored and written again. */
#ifndef AK_CLI_REPORT_CACHE_H
#define AK_CLI_REPORT_CACHE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <animkit/animkit.h>

typedef struct report_cache report_cache;

/* Opens (makes) the folder; NULL with why when it cannot be used. options:
   the results' options (report_result_options). max_bytes 0: no bound. */
report_cache *report_cache_open(const char *dir, const char *options, uint64_t max_bytes, char *why,
                                size_t why_size);
/* The key of a file of this name and content. */
void report_cache_key(const report_cache *c, const char *path, const uint8_t *data, size_t size, uint8_t key[32]);
/* The entry's result (a JSON object, report_record_write) into text; false
   when there is none, or it is not whole (then it counts as torn). */
bool report_cache_get(report_cache *c, const uint8_t key[32], ak_buf *text);
/* The entry report_cache_get gave is no result this animkit can read (a
   foreign one that passed the checks): counted as torn, written again. */
void report_cache_unusable(report_cache *c);
/* Stores a result (best effort: a cache that cannot be written is a cache
   that misses). */
void report_cache_put(report_cache *c, const uint8_t key[32], const char *text, size_t n);
/* Hits, misses and entries found torn or foreign so far. */
void report_cache_counts(const report_cache *c, size_t *hits, size_t *misses, size_t *torn);
/* Trims the folder to max_bytes, least recently used entries first, and frees c. */
void report_cache_close(report_cache *c);

#endif
