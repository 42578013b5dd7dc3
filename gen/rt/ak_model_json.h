/* The JSON half of model sections (docs/schema-language.md, "The common
 * model"): what the to_model and from_model that animgen generates for a
 * JSON schema run on (gen/emit_model_json.c writes the tables). Knows no
 * format.
 *
 * Two shapes of document:
 * - a list of tracks (`tracks A { ... }`: AnimJ): read from the JSON front
 *   end's events along the declared member paths, keeping only the model
 *   (no tree of the file), and written as a stream in the schema's member
 *   order;
 * - animated properties anywhere in a typed tree (`track O, ... { ... }`:
 *   Glaxnimate): read from the document's tree along the schema's types,
 *   every instance of a track object one track per component of its
 *   value, named by the nodes it is in (a second node of one name in one
 *   place is name#2); written as a new tree whose nodes (one per element
 *   of the target paths, of the object whose members hold its tracks)
 *   have the track objects among their members as places. */
#ifndef AK_MODEL_JSON_H
#define AK_MODEL_JSON_H

#include "ak_jcomplete.h"
#include "ak_jschema.h"
#include "ak_jtree.h"
#include "ak_model_map.h"

/* ---- maps: names of an enum or a member's strings -> the model's words ---- */

/* Reading, a value is its name (exact, else in any ASCII case), or an
 * integer n (a number, or a string of digits) the nth name; a value none
 * names, or an absent one, is `rest`. Writing, a word is the first name
 * that has it. */
typedef struct ak_mj_map {
    const char *const *names;
    const int8_t *words; /* per name: AK_INTERP_*, AK_TRACK_*, AK_INF_* */
    uint16_t count;
    int8_t rest;
} ak_mj_map;

/* The index of the name s[0..n) (number: a JSON number's text), -1. */
int ak_mj_map_index(const ak_mj_map *m, const char *s, size_t n, bool number);
/* The name of word w, or (lost) of the rest. */
const char *ak_mj_map_name(const ak_mj_map *m, int w, bool *lost);

/* ---- a list of tracks ------------------------------------------------------- */

/* What a member on a declared path is to the model. */
typedef enum ak_mj_act {
    AK_MJ_NONE,     /* only the body's discriminator (`tag`) */
    AK_MJ_OBJECT,   /* a plain object on a path: its state */
    AK_MJ_NAME,     /* the animation's name */
    AK_MJ_START,    /* its start, its end (seconds) */
    AK_MJ_END,
    AK_MJ_TRACKS,   /* an array whose elements are tracks (state: the element's) */
    AK_MJ_KIND,     /* the track's kind (the `kinds` map) */
    AK_MJ_TYPE,     /* its value type (a value_type name) */
    AK_MJ_BODY,     /* the object the discriminator's arm makes (list arms) */
    AK_MJ_NODE,     /* its object path, its property (strings) */
    AK_MJ_PROPERTY,
    AK_MJ_INTERVAL, /* a Raw body's interval, its samples (values of the type) */
    AK_MJ_VALUES,
    AK_MJ_KEYS,     /* an array of key objects (state: the key's) */
    AK_MJ_TIME,     /* a key's time, value, interpolation, tangents */
    AK_MJ_VALUE,
    AK_MJ_INTERP,
    AK_MJ_IN,
    AK_MJ_OUT,
} ak_mj_act;

typedef struct ak_mj_member {
    const char *name;
    /* the name's length where it needs no escape (ak_json_key_plain) and
       has 1 to 255 bytes, else 0 */
    uint8_t plain_len;
    uint8_t act;    /* ak_mj_act */
    bool tag;       /* the discriminator of the element's body (also the kind: animgen checks) */
    bool f32;       /* a number member of the schema's f32: read and written as one */
    int8_t word;    /* KEYS: the interpolation of keys that do not say one */
    int16_t state;  /* OBJECT, TRACKS, KEYS: the state of the value or of the elements; -1 */
} ak_mj_member;

/* An object on the declared paths: its members that mean something, in
 * the schema's declaration order (what a new file writes them in). */
typedef struct ak_mj_state {
    const ak_mj_member *members;
    uint16_t count;
} ak_mj_state;

typedef struct ak_mj_list {
    const char *id;
    const ak_mj_state *states;
    int16_t root;
    /* the bodies: per name of the discriminator (in the order of `kinds`), its state (-1: no body) */
    const int16_t *arms;
    ak_mj_map kinds;   /* the discriminator's names and the track kinds they are */
    ak_mj_map interps; /* a key's interpolation */
    const ak_target_name *names;
    size_t name_count;
    uint64_t excepts;  /* bits (1 << AK_VT_*): value types a new file cannot hold */
    bool has_time_min; /* keys before time_min cannot be written (the time member's range): clipped */
    double time_min;
    unsigned indent;   /* `json indent N` (0: compact) */
    ak_json_number_style numbers;
    /* a member given twice is an error at every level: a document that is
       read (validated first) has no name twice in an object */
    bool unique_names;
    const ak_rule *loss, *refused;
    void (*validate)(const ak_input *in, const ak_options *opt, ak_diags *d);
} ak_mj_list;

bool ak_mj_list_read(const ak_mj_list *x, const ak_input *in, const ak_options *opt, ak_diags *d, ak_arena *arena,
                     ak_animation **out);
/* The same without keys (ak_format.to_model_headers, `--list`): each
   track's keys counted and its first and last key time kept, the input's
   pages released as they are read. */
bool ak_mj_list_read_headers(const ak_mj_list *x, const ak_input *in, const ak_options *opt, ak_diags *d,
                             ak_arena *arena, ak_animation **out);
bool ak_mj_list_write(const ak_mj_list *x, const ak_animation *anim, const ak_options *opt, ak_diags *d,
                      ak_buf *out);
/* The same into sink as it is written, a chunk at a time (ak_format.from_model_to):
   it holds the text of a key, not the document's. */
bool ak_mj_list_write_to(const ak_mj_list *x, const ak_animation *anim, const ak_options *opt, ak_diags *d,
                         ak_sink *sink);
/* The canonical file of a valid input: read into the model, written back
   (`json dump canonical`: the format's dump). */
bool ak_mj_list_rewrite(const ak_mj_list *x, const ak_input *in, const ak_options *opt, ak_diags *d, ak_buf *out);
/* The same streamed (ak_format.dump_to): the input validated and read once
   for the tracks' headers (what the members before the tracks need, and
   the writer's index of targets), then again writing each track once it
   is read and forgetting it, the text handed to sink in 64 KiB pieces. It
   holds the headers and one track with its keys, and the input's pages go
   as they are read. Nothing is written of a file with errors; a limit or a
   failed write may cut the text short. */
bool ak_mj_list_dump_to(const ak_mj_list *x, const ak_input *in, const ak_options *opt, ak_diags *d,
                        ak_sink *sink);

/* ---- animated properties in a tree ------------------------------------------ */

/* The value of a track object's keys, as the schema types it. */
typedef enum ak_mj_shape {
    AK_MJV_NUMBER,  /* one component */
    AK_MJV_MEMBERS, /* an object of number members: one component each (point: x y) */
    AK_MJV_COLOR,   /* a string of a colour syntax: r g b a in 0..1 */
} ak_mj_shape;

/* A `by H` keys hook of a JSON schema: its typed key (the generated
 * <id>_<object> struct of the key objects' common base, with the time in
 * seconds and the component's value) and the generated glue that calls it. */
typedef struct ak_mj_hook {
    size_t size;
    void (*fill)(const ak_jnode *kf, double time, double value, void *key);
    void (*read)(const void *keys, size_t n, size_t i, ak_key *out);
    bool (*back)(const ak_key *keys, size_t n, size_t i, void *key);
    void (*put)(ak_jtree *t, ak_jnode *kf, const void *key);
    unsigned parts; /* AK_KEYS_*: what its keys carry (`with tangents weights flags`) */
} ak_mj_hook;

typedef struct ak_mj_track {
    int16_t object;       /* every instance of this schema object is a track per component */
    const char *keys, *time, *value;
    uint8_t shape;        /* ak_mj_shape */
    const char *const *components; /* AK_MJV_MEMBERS: the members */
    uint8_t count;        /* components */
    ak_value_type type;
    ak_track_kind kind;
    int8_t interp;        /* without a hook: the interpolation of every key */
    const ak_mj_hook *hook; /* NULL: none */
} ak_mj_track;

typedef struct ak_mj_tree {
    const char *id;
    const ak_jschema *schema;
    const ak_mj_track *tracks;
    uint16_t track_count;
    const char *const *mains; /* JSON Pointers of the main object: the first that is there (writing: in the version) */
    uint16_t main_count;
    const char *name;         /* the main object's member that names the animation; NULL */
    const char *start, *end;  /* JSON Pointers below the main object; NULL */
    const char *range_fps;    /* their divisor: the main object's member; NULL */
    const char *node_name;    /* the member that names the nodes of object paths */
    int16_t node_object;      /* writing: the object of a new node (-1: no writing) */
    const char *node_array;   /* the main object's array member that holds them */
    const char *fps;          /* key times are divided by this member of the innermost object around that has it */
    double fps_default;       /* its default (a new file's) */
    int32_t version;          /* a new file's version (the schema's version pointer; -1: none) */
    const ak_target_name *names;
    size_t name_count;
    /* reading: root is the document read shallow (ak_jtree_parse_shallow:
       its arrays unread) */
    bool (*doc)(ak_model_builder *b, const ak_jnode *root, const ak_options *opt);
    /* writing: the document finished and its text written into out, or,
       where sink is not NULL, handed to sink as it fills (what is left in
       out at the end is the caller's to hand on) */
    bool (*doc_back)(ak_model_writer *w, ak_jtree *t, ak_buf *out, ak_sink *sink);
    const ak_rule *loss, *refused;
    void (*validate)(const ak_input *in, const ak_options *opt, ak_diags *d);
    /* objects whose instances with keys are no tracks, said once as `lost_what` */
    const int16_t *lost;
    uint16_t lost_count;
    const char *lost_what;
    /* `objects O, ... in A`: writing, each element of a target path (a, a/b
       and a/b/c of a/b/c) is an object: at the top node_object where it
       holds every track at its path, else the first of these whose places
       hold the most of them (one with elements below: one that has the
       array A, which holds them). None: each target path is one
       node_object. */
    const int16_t *objects;
    uint16_t object_count;
    const char *object_array;
} ak_mj_tree;

bool ak_mj_tree_read(const ak_mj_tree *x, const ak_input *in, const ak_options *opt, ak_diags *d, ak_arena *arena,
                     ak_animation **out);
/* The tracks without their keys (their counts and time ranges: `--list`). */
bool ak_mj_tree_read_headers(const ak_mj_tree *x, const ak_input *in, const ak_options *opt, ak_diags *d,
                             ak_arena *arena, ak_animation **out);
bool ak_mj_tree_write(const ak_mj_tree *x, const ak_animation *anim, const ak_options *opt, ak_diags *d,
                      ak_buf *out);
/* The same into sink as it is written (ak_format.from_model_to): the
   document's tree is held, its text is not. */
bool ak_mj_tree_write_to(const ak_mj_tree *x, const ak_animation *anim, const ak_options *opt, ak_diags *d,
                         ak_sink *sink);

#endif
