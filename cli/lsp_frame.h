/* LSP's base protocol framing (`animkit lsp`): messages are
 *
 *   Content-Length: N\r\n
 *   (other headers, e.g. Content-Type)\r\n
 *   \r\n
 *   N bytes of JSON
 *
 * An incremental reader: bytes in as they come, whole bodies out. Pure (no
 * I/O), so that it is tested on its own (tests/unit/test_lsp_frame.c). */
#ifndef AK_CLI_LSP_FRAME_H
#define AK_CLI_LSP_FRAME_H

#include <animkit/animkit.h>

typedef struct lsp_framer {
    ak_buf in;          /* bytes not consumed yet, from `pos` */
    size_t pos;
    uint64_t max_body;  /* a larger body is skipped (LSP_FRAME_TOO_LARGE) */
    uint64_t skip;      /* bytes of a skipped body still to come */
} lsp_framer;

typedef enum lsp_frame_status {
    LSP_FRAME_NONE,        /* no whole message yet: feed more */
    LSP_FRAME_MESSAGE,     /* *body, *len: the next message (valid until the next call) */
    LSP_FRAME_BAD_HEADER,  /* a header block without a usable Content-Length: skipped */
    LSP_FRAME_TOO_LARGE,   /* a body over max_body (*len: its size): skipped as it comes */
    LSP_FRAME_NO_MEMORY,   /* the input could not be buffered */
} lsp_frame_status;

void lsp_framer_init(lsp_framer *f, uint64_t max_body);
void lsp_framer_free(lsp_framer *f);
/* Takes n more bytes of input. False when out of memory. */
bool lsp_framer_feed(lsp_framer *f, const void *data, size_t n);
lsp_frame_status lsp_framer_next(lsp_framer *f, const char **body, uint64_t *len);
/* Appends the framed message (header and body) to out. */
bool lsp_frame_write(ak_buf *out, const char *body, size_t len);

#endif
