/* Streaming boundaries for the text harnesses: see fuzz_stream.h. */
#include "fuzz_stream.h"

#include "../gen/rt/ak_jtree.h"
#include "../grammars/json_parser.h"
#include "utf8.h"

#include <stdlib.h>
#include <string.h>

void ak_fuzz_lsp_drain(ak_lsp *s, ak_buf *diags)
{
    ak_buf m;
    ak_buf_init(&m);
    while (ak_lsp_next(s, &m)) {
        /* JSON, and not much deeper than what a message may be: the server
           echoes a client's diagnostic (up to 512 levels) a few levels down */
        ak_json_config cfg;
        memset(&cfg, 0, sizeof cfg);
        cfg.max_depth = 540;
        if (ak_json_parse((const uint8_t *)m.data, m.len, &cfg, NULL) != AK_JSON_OK)
            abort();
        if (!diags || !strstr(ak_buf_cstr(&m), "\"textDocument/publishDiagnostics\""))
            continue;
        ak_jtree t;
        ak_jtree_init(&t, NULL, NULL, "a message");
        if (ak_jtree_read(&t, (const uint8_t *)m.data, m.len)) {
            const ak_jnode *d = ak_jnode_at(t.root, "/params/diagnostics");
            if (d) {
                diags->len = 0;
                ak_json_writer w;
                ak_json_writer_options o = {0, false, false};
                ak_json_writer_init(&w, diags, &o);
                ak_jtree_write(d, &w);
                ak_json_writer_finish(&w);
            }
        }
        ak_jtree_free(&t);
    }
    ak_buf_free(&m);
}

static void send(ak_lsp *s, ak_buf *b)
{
    ak_lsp_receive(s, b->data, b->len);
    b->len = 0;
}

/* A server that speaks UTF-8 positions (a character is a byte), with an
   open document of text[0, n). */
static ak_lsp *open_document(const char *uri, const char *lang, const uint8_t *text, size_t n)
{
    ak_lsp_options opt = {"https://animkit.invalid/d.md", 1u << 20, false};
    ak_lsp *s = ak_lsp_new(&opt);
    if (!s)
        return NULL;
    ak_buf b;
    ak_buf_init(&b);
    ak_buf_puts(&b, "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\",\"params\":{\"capabilities\":{"
                    "\"general\":{\"positionEncodings\":[\"utf-8\"]}}}}");
    send(s, &b);
    ak_buf_printf(&b, "{\"jsonrpc\":\"2.0\",\"method\":\"textDocument/didOpen\",\"params\":{\"textDocument\":"
                      "{\"uri\":\"%s\",\"languageId\":\"%s\",\"version\":1,\"text\":",
                  uri, lang);
    ak_buf_json_string(&b, (const char *)text, n);
    ak_buf_puts(&b, "}}}");
    send(s, &b);
    ak_buf_free(&b);
    return s;
}

/* The position of text[n] in LSP terms: lines end at \n, \r\n or \r. */
static void end_position(const uint8_t *text, size_t n, unsigned long *line, unsigned long *ch)
{
    size_t start = 0;
    *line = 0;
    for (size_t i = 0; i < n; i++)
        if (text[i] == '\n' || (text[i] == '\r' && (i + 1 == n || text[i + 1] != '\n'))) { /* \r\n: at the \n */
            ++*line;
            start = i + 1;
        }
    *ch = n - start;
}

static int cmp_size(const void *a, const void *b)
{
    size_t x = *(const size_t *)a, y = *(const size_t *)b;
    return x < y ? -1 : x > y;
}

void ak_fuzz_stream_check(const uint8_t *data, size_t size, const char *uri, const char *lang)
{
    if (!ak_utf8_valid(data, size, NULL))
        return;
    /* where the pieces end: three places the bytes choose, and after the
       first \r (a line end a piece boundary may split) */
    uint64_t h = 1469598103934665603ull;
    for (size_t i = 0; i < size; i++)
        h = (h ^ data[i]) * 1099511628211ull;
    size_t cuts[5], n = 0;
    for (int i = 0; i < 3; i++)
        cuts[n++] = (size_t)((h >> (i * 21)) % (size + 1));
    const uint8_t *cr = memchr(data, '\r', size);
    if (cr)
        cuts[n++] = (size_t)(cr - data) + 1;
    cuts[n++] = size;
    for (size_t i = 0; i < n; i++)
        while (cuts[i] < size && (data[cuts[i]] & 0xc0) == 0x80) /* whole characters only */
            cuts[i]++;
    qsort(cuts, n, sizeof cuts[0], cmp_size);

    ak_buf whole, pieces, b;
    ak_buf_init(&whole);
    ak_buf_init(&pieces);
    ak_buf_init(&b);
    ak_lsp *s = open_document(uri, lang, data, size);
    if (s) {
        ak_lsp_idle(s);
        ak_fuzz_lsp_drain(s, &whole);
        ak_lsp_free(s);
    }
    s = open_document(uri, lang, data, 0);
    if (s) {
        size_t at = 0;
        int version = 2;
        for (size_t i = 0; i < n; i++) {
            if (cuts[i] == at)
                continue;
            unsigned long line, ch;
            end_position(data, at, &line, &ch);
            ak_buf_printf(&b, "{\"jsonrpc\":\"2.0\",\"method\":\"textDocument/didChange\",\"params\":{\"textDocument\":"
                              "{\"uri\":\"%s\",\"version\":%d},\"contentChanges\":[{\"range\":{\"start\":{\"line\":%lu,"
                              "\"character\":%lu},\"end\":{\"line\":%lu,\"character\":%lu}},\"text\":",
                          uri, version++, line, ch, line, ch);
            ak_buf_json_string(&b, (const char *)data + at, cuts[i] - at);
            ak_buf_puts(&b, "}]}}");
            send(s, &b);
            at = cuts[i];
        }
        ak_lsp_idle(s);
        ak_fuzz_lsp_drain(s, &pieces);
        ak_lsp_free(s);
        if (whole.len != pieces.len || (whole.len && memcmp(whole.data, pieces.data, whole.len) != 0))
            abort(); /* the text in pieces is not the text whole */
    }
    ak_buf_free(&whole);
    ak_buf_free(&pieces);
    ak_buf_free(&b);
}
