/* libFuzzer harness of the language server's core (ak_lsp_*): no message
 * and no document may crash it, leak, or make it send anything but JSON.
 *
 * Two kinds of input:
 *  - messages: an input whose first line has "jsonrpc" is JSON-RPC bodies,
 *    one per line (a line "idle" drains the input: ak_lsp_idle), handed to
 *    a server as they are;
 *  - a document: any other input is the text of a document, opened twice:
 *    named by its content (a.json when it starts like JSON, a.anim
 *    otherwise, the language id empty), and with the name, language id,
 *    position encoding and level its last byte picks. Each time it is
 *    published, then asked for the outline, formatting, quick fixes for
 *    every diagnostic it published, and hovers at positions spread over the
 *    text; then changed (a ranged edit) and published again. The seeds of
 *    the other harnesses (fuzz/lsp.seeds) are such documents.
 * Every message the server sends must be well-formed JSON. */
#include <animkit/animkit.h>

#include "fuzz_stream.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void send(ak_lsp *s, ak_buf *b)
{
    ak_lsp_receive(s, b->data, b->len);
    b->len = 0;
}

static void messages(const uint8_t *data, size_t size)
{
    ak_lsp_options opt = {"https://animkit.invalid/d.md", 4096, false};
    ak_lsp *s = ak_lsp_new(&opt);
    if (!s)
        return;
    size_t at = 0;
    while (at < size) {
        const uint8_t *nl = memchr(data + at, '\n', size - at);
        size_t end = nl ? (size_t)(nl - data) : size;
        if (end - at == 4 && memcmp(data + at, "idle", 4) == 0)
            ak_lsp_idle(s);
        else
            ak_lsp_receive(s, (const char *)data + at, end - at);
        ak_fuzz_lsp_drain(s, NULL);
        at = end + 1;
    }
    ak_lsp_idle(s);
    ak_fuzz_lsp_drain(s, NULL);
    ak_lsp_free(s);
}

static void document(const uint8_t *data, size_t size, const char *uri, const char *lang, unsigned pick)
{
    bool utf8 = pick & 8, strict = pick & 16;
    ak_lsp_options opt = {"https://animkit.invalid/d.md", 1u << 20, strict};
    ak_lsp *s = ak_lsp_new(&opt);
    if (!s)
        return;
    ak_buf b, diags;
    ak_buf_init(&b);
    ak_buf_init(&diags);
    ak_buf_printf(&b, "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\",\"params\":{\"capabilities\":{"
                      "\"general\":{\"positionEncodings\":[\"%s\"]},\"textDocument\":{\"publishDiagnostics\":"
                      "{\"relatedInformation\":true},\"documentSymbol\":{\"hierarchicalDocumentSymbolSupport\":%s}}}}}",
                  utf8 ? "utf-8" : "utf-16", pick & 32 ? "true" : "false");
    send(s, &b);
    ak_buf_printf(&b, "{\"jsonrpc\":\"2.0\",\"method\":\"textDocument/didOpen\",\"params\":{\"textDocument\":"
                      "{\"uri\":\"%s\",\"languageId\":\"%s\",\"version\":1,\"text\":",
                  uri, lang);
    ak_buf_json_string(&b, (const char *)data, size);
    ak_buf_puts(&b, "}}}");
    send(s, &b);
    ak_lsp_idle(s);
    ak_fuzz_lsp_drain(s, &diags);
    ak_buf_printf(&b, "{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"textDocument/documentSymbol\","
                      "\"params\":{\"textDocument\":{\"uri\":\"%s\"}}}", uri);
    send(s, &b);
    ak_buf_printf(&b, "{\"jsonrpc\":\"2.0\",\"id\":3,\"method\":\"textDocument/formatting\","
                      "\"params\":{\"textDocument\":{\"uri\":\"%s\"},\"options\":{\"tabSize\":2}}}", uri);
    send(s, &b);
    if (diags.len) {
        ak_buf_printf(&b, "{\"jsonrpc\":\"2.0\",\"id\":4,\"method\":\"textDocument/codeAction\",\"params\":"
                          "{\"textDocument\":{\"uri\":\"%s\"},\"range\":{\"start\":{\"line\":0,\"character\":0},"
                          "\"end\":{\"line\":0,\"character\":0}},\"context\":{\"diagnostics\":%.*s}}}",
                      uri, (int)diags.len, diags.data);
        send(s, &b);
    }
    ak_fuzz_lsp_drain(s, NULL);
    /* hovers at lines and columns spread over the text (and past it) */
    unsigned lines = 1;
    for (size_t i = 0; i < size; i++)
        lines += data[i] == '\n';
    for (unsigned k = 0; k < 8; k++) {
        unsigned line = lines * k / 7, ch = (k * 37u + pick) % 90;
        ak_buf_printf(&b, "{\"jsonrpc\":\"2.0\",\"id\":%u,\"method\":\"textDocument/hover\",\"params\":"
                          "{\"textDocument\":{\"uri\":\"%s\"},\"position\":{\"line\":%u,\"character\":%u}}}",
                      10 + k, uri, line, ch);
        send(s, &b);
        ak_fuzz_lsp_drain(s, NULL);
    }
    /* a ranged change, then the level, then close */
    ak_buf_printf(&b, "{\"jsonrpc\":\"2.0\",\"method\":\"textDocument/didChange\",\"params\":{\"textDocument\":"
                      "{\"uri\":\"%s\",\"version\":2},\"contentChanges\":[{\"range\":{\"start\":{\"line\":%u,"
                      "\"character\":%u},\"end\":{\"line\":%u,\"character\":%u}},\"text\":\"\\\"x,\"}]}}",
                  uri, lines / 2, pick % 7, lines / 2 + (pick & 1), pick % 11);
    send(s, &b);
    ak_buf_puts(&b, "{\"jsonrpc\":\"2.0\",\"method\":\"workspace/didChangeConfiguration\",\"params\":{\"settings\":"
                    "{\"animkit\":{\"level\":\"strict\",\"maxErrors\":3}}}}");
    send(s, &b);
    ak_lsp_idle(s);
    ak_fuzz_lsp_drain(s, NULL);
    ak_buf_printf(&b, "{\"jsonrpc\":\"2.0\",\"method\":\"textDocument/didClose\",\"params\":{\"textDocument\":"
                      "{\"uri\":\"%s\"}}}", uri);
    send(s, &b);
    ak_fuzz_lsp_drain(s, NULL);
    ak_buf_free(&b);
    ak_buf_free(&diags);
    ak_lsp_free(s);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static const char *const names[][2] = {
        {"file:///f/a.animj", "animj"},      {"file:///f/a.rawr", "glaxnimate"}, {"file:///f/a.anim", "maya"},
        {"file:///f/a.json", "json"},        {"file:///f/a.mrtk.json", "json"}, {"file:///f/a.animx.json", "json"},
        {"file:///f/a.maya.json", "json"},   {"file:///f/a.txt", "plaintext"},
    };
    if (size == 0 || size > (1u << 20))
        return 0;
    const uint8_t *nl = memchr(data, '\n', size);
    size_t first = nl ? (size_t)(nl - data) : size;
    for (size_t i = 0; i + 7 <= first; i++)
        if (memcmp(data + i, "jsonrpc", 7) == 0) {
            messages(data, size);
            return 0;
        }
    size_t k = 0;
    while (k < size && (data[k] == ' ' || data[k] == '\n' || data[k] == '\r' || data[k] == '\t'))
        k++;
    bool json = k < size && (data[k] == '{' || data[k] == '[');
    document(data, size, json ? "file:///f/a.json" : "file:///f/a.anim", "", 32);
    unsigned pick = data[size - 1];
    document(data, size, names[pick % 8][0], names[pick % 8][1], pick);
    return 0;
}
