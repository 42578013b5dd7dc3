/* AnimJ: the hooks' state (animj_hooks.c), beyond the generated header, which
 * declares the format's own hooks. */
#ifndef AK_FORMATS_ANIMJ_H
#define AK_FORMATS_ANIMJ_H

#include "animj_layout.h"

/* The key being read. */
typedef struct animj_key {
    bool has_interp;
    int interp; /* 0..3, -1 unknown */
    size_t left_off, right_off; /* the tangent members' keys (0: absent) */
} animj_key;

/* The hooks' per-document state (animj_validate_json's user pointer):
 * constant size, since tracks, data and keys do not nest. */
typedef struct animj_state {
    bool saw_tracks;
    /* J31 is about an absent, null or empty tracks array: a mistyped one is
       only J4 */
    bool tracks_null, tracks_array;
    uint64_t tracks_len;
    uint64_t track_count;
    size_t root_start;
    bool root_is_object;
    bool has_duration;
    float duration;
    /* J45: decided at the end (globalDuration may follow tracks) */
    bool has_max_time;
    float max_time;
    size_t max_time_off;
    uint64_t max_time_track, max_time_key;
    double quat_len2; /* the quaternion value being read */
    struct {
        size_t target_off[2]; /* node, property value (0: absent) */
        bool target_null[2];
        bool has_keyframes;
        bool keyframes_null, keyframes_array; /* J35 vs a mistyped keyframes (J12 only) */
        uint64_t keyframes_count;
        bool has_interval;
        bool interval_member; /* present, even mistyped (then J12 only, not J36) */
        float interval;
        size_t interval_off;
    } data;
    animj_key key;
    struct {
        bool valid, needs, has_right;
        int interp;
        size_t start;
    } prev;
    uint64_t key_index;
} animj_state;

#endif
