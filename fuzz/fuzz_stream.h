/* Streaming boundaries for the text harnesses (JSON, Maya; issue 31).
 *
 * The JSON and Maya front ends read one buffer: the one place the library
 * takes a text in pieces is the language server's incremental document
 * sync (textDocument/didChange with ranges, lsp/lsp_text.c). So a text is
 * given to a server twice: whole (didOpen), and as an empty document that
 * grows by insertions at its end, in pieces cut where the data says (inside
 * a line, between \r and \n, after a multi-byte character, ...). Once the
 * server is idle, both must publish the same diagnostics, byte for byte.
 * Texts that are not UTF-8 (no editor document is) are left alone. */
#ifndef AK_FUZZ_STREAM_H
#define AK_FUZZ_STREAM_H

#include <animkit/animkit.h>

#include <stddef.h>
#include <stdint.h>

/* Takes every message the server queued; each must be JSON (else abort).
 * The diagnostics array of the last publishDiagnostics goes to *diags
 * (when not NULL). */
void ak_fuzz_lsp_drain(ak_lsp *s, ak_buf *diags);

/* The check above for data as the document uri (language id lang); aborts
 * when the two differ. */
void ak_fuzz_stream_check(const uint8_t *data, size_t size, const char *uri, const char *lang);

#endif
