/* report --cache DIR: each file's result kept under a key made of what
 * decides it: its content (BLAKE2b), the formats its name's extension
 * names (detection reads the name), animkit's version and the options that
 * change results; and, like git's index, each file's stat data (device,
 * inode, size, modification and change times, path) with the hash of its
 * content, so that a file whose stat data did not change is not read again.
 *
 * A process appends what it learns to segments of its own (a few MiB each,
 * written to a temporary name and renamed whole), and reads every segment's
 * records at the start: processes and shards can share a folder with no
 * locks. A record that is torn, foreign or damaged (each has a checksum) is
 * ignored, the file checked again and the record written again. */
#ifndef AK_CLI_REPORT_CACHE_H
#define AK_CLI_REPORT_CACHE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/stat.h>
#include <time.h>

#include <animkit/animkit.h>

typedef struct report_cache report_cache;

/* Opens (makes) the folder and reads its segments' records; NULL with why
   when it cannot be used. options: the results' options
   (report_result_options). max_bytes 0: no bound. */
report_cache *report_cache_open(const char *dir, const char *options, uint64_t max_bytes, char *why,
                                size_t why_size);
/* The content hash of a file the cache has seen with this stat data (st:
   stat(2) of path, taken before anything else looks at the file), when
   that can be trusted: the same device, inode, size, modification and
   change times and path, and a modification time older than the record
   (git's rule for a file changed in the same clock tick as it was
   hashed). */
bool report_cache_stat_get(report_cache *c, const char *path, const struct stat *st, uint8_t content[32]);
/* Notes that path, of stat data st (taken at taken, a CLOCK_REALTIME time,
   before the file was read), has this content hash; not for a file changed
   a moment before (it could change again keeping its stat data). */
void report_cache_stat_put(report_cache *c, const char *path, const struct stat *st, const struct timespec *taken,
                           const uint8_t content[32]);
/* The key of a file of this name and content hash (blake2b_of its bytes). */
void report_cache_key(const report_cache *c, const char *path, const uint8_t content[32], uint8_t key[32]);
/* The result (a JSON object, report_record_write) under key into text;
   false when there is none, or it is not whole (then it counts as torn). */
bool report_cache_get(report_cache *c, const uint8_t key[32], ak_buf *text);
/* The result report_cache_get gave is no result this animkit can read (a
   foreign one that passed the checks): counted as torn, written again. */
void report_cache_unusable(report_cache *c);
/* Stores a result (best effort: a cache that cannot be written is a cache
   that misses). */
void report_cache_put(report_cache *c, const uint8_t key[32], const char *text, size_t n);
/* The run read a file's bytes (to hash or check it): counted for the
   closing line, which shows what the stat records saved. */
void report_cache_read(report_cache *c);
/* Results from the cache, results checked, records found torn or foreign,
   and files read so far. */
void report_cache_counts(const report_cache *c, size_t *hits, size_t *misses, size_t *torn, size_t *reads);
/* Writes what is left, trims the folder to max_bytes (the oldest segments
   whole, the records this run used from them kept) or compacts it when it
   has many segments, and frees c. */
void report_cache_close(report_cache *c);

#endif
