/* What the streaming writers (the dumps) share on top of ak_sink: the size
 * of the pieces they hand on, the handing on itself, and a sink that
 * compares what it is given with a text. */
#ifndef AK_RUNTIME_SINK_H
#define AK_RUNTIME_SINK_H

#include <animkit/animkit.h>

#include "release.h"

/* The text a streaming writer holds before it goes to the sink. */
#define AK_SINK_CHUNK ((size_t)64 << 10)

/* Hands text to s once it holds a chunk (all: whatever it holds) and
 * starts it again empty: a writer that only appends to its buffer can go
 * on writing into it. False when text has failed (out of memory, or its
 * budget) or s refused the piece. */
bool ak_sink_drain(ak_sink *s, ak_buf *text, bool all);

/* A sink that compares what it is given with a text from its start: it
 * takes each piece while it matches, and refuses the first that does not,
 * so that the writer stops there (a file against its canonical layout,
 * neither held). The text's pages go as they are compared. */
typedef struct ak_sink_compare {
    ak_sink sink;
    const ak_input *text;
    ak_release release;
    size_t at;    /* the bytes that matched */
    bool differs; /* a piece went on where the text differs or has ended */
} ak_sink_compare;
void ak_sink_compare_init(ak_sink_compare *c, const ak_input *text);

#endif
