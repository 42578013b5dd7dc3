/* animgen: the JSON half of a model section as check_model_json.c resolves
 * it against the schema (json_schema.h) for emit_model_json.c, which
 * writes it as the tables of gen/rt/ak_model_json.h. */
#ifndef ANIMGEN_MODEL_JSON_H
#define ANIMGEN_MODEL_JSON_H

#include "json_schema.h"

/* A member on a declared path (ak_mj_member). */
typedef struct mj_member {
    int index;        /* in its object's flat members: the order a new file writes them in */
    const char *name;
    int act;          /* AK_MJ_* (the values of ak_mj_act, ak_model_json.h) */
    bool tag, f32;
    int word;
    int state;        /* -1 */
} mj_member;

typedef struct mj_state {
    int object;       /* the schema object */
    vec members;      /* mj_member* */
} mj_state;

/* A `by H` hook of keys: the common base object of its key objects. */
typedef struct mj_hook {
    token *name;
    int base;         /* object index */
    unsigned parts;   /* AK_KEYS_* */
    const char *time, *value; /* the members the runtime fills */
} mj_hook;

/* One object of a `track A, B, ...` (ak_mj_track). */
typedef struct mj_track {
    mtrack *decl;
    int object, key_object;
    const char *keys, *time, *value;
    int shape;        /* AK_MJV_* */
    vec components;   /* AK_MJV_MEMBERS: char* */
    mj_hook *hook;
} mj_track;

typedef struct mjx {
    bool list;
    /* a list of tracks */
    vec states;       /* mj_state* */
    int root;         /* the root state */
    vec arms;         /* per name of the discriminator, its body's state (intptr; -1) */
    vec kind_names;   /* char*: the discriminator's names */
    vec kind_words;   /* intptr: the kind each is */
    int kind_rest;
    vec interp_names, interp_words;
    int interp_rest;
    uint64_t excepts;
    bool has_time_min;
    double time_min;
    unsigned indent;
    const char *numbers; /* AK_JSON_NUMBERS_* suffix */
    bool dump_canonical; /* `json dump canonical`: the dump is the canonical file, generated and streamed */
    /* animated properties in a tree */
    vec tracks;       /* mj_track* */
    vec hooks;        /* mj_hook* */
    const char *name, *start, *end, *range_fps; /* start, end: JSON Pointers below the main object */
    const char *fps;
    double fps_default;
    int node_object;
    vec objects;      /* `objects O, ... in A`: what path elements may be (intptr object indices) */
    const char *object_array; /* A */
    int version;      /* a new file's: the first of `writes` (-1) */
    vec lost;         /* objects whose instances with keys are no tracks (intptr) */
} mjx;

/* Resolves and checks the model section of a JSON schema (check_model.c
   calls it): md->json. */
void cc_check_model_json(compiler *cc);
/* Refuses what only a JSON schema's model section may say, in a binary layout. */
void cc_check_model_json_only(compiler *cc);
/* The JSON half's to_model and from_model: prototypes into h, tables and
   entry points into c (emit_json.c calls it). */
void cc_emit_model_json_header(compiler *cc, FILE *h);
void cc_emit_model_json(compiler *cc, FILE *c);
/* Whether the model section makes a to_model_headers (a list of tracks,
   read from events: its keys are counted instead of held). */
bool cc_model_json_headers(compiler *cc);
/* Whether from_model streams (<id>_from_model_to): a list of tracks, whose
   writer hands its text on after each key. */
bool cc_model_json_writes_to(compiler *cc);
/* Whether the format has a dump: its `hook dump` (hand-written: a JSON
   format's dump is its canonical file), or `json dump canonical` in its
   model section (generated, streamed: <id>_dump_to). */
bool cc_json_has_dump(compiler *cc);
/* Whether the dump streams (<id>_dump_to): `hook dump_to`, or `json dump
   canonical` (generated). */
bool cc_json_has_dump_to(compiler *cc);
bool cc_model_json_dump_to(compiler *cc);

#endif
