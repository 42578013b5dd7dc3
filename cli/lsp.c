/* `animkit lsp`: the language server over standard input and output, the
 * base protocol's framing (cli/lsp_frame.c) around the library's core
 * (ak_lsp_*). Standard output carries only the protocol; nothing else is
 * printed there.
 *
 * Debouncing: the messages that have come are all handed to the core
 * before anything is checked; diagnostics are published once no message
 * has come for --debounce milliseconds (the core then checks only the
 * newest text of each document). Requests are answered at once. */
#include "cli.h"
#include "lsp_frame.h"

#include <errno.h>
#include <limits.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static const char lsp_help[] =
    "usage: animkit lsp [options]\n"
    "\n"
    "A Language Server Protocol (3.17) server on standard input and output,\n"
    "for editors: diagnostics as you type (the same as animkit validate), the\n"
    "rule's documentation on hover, quick fixes, formatting (the canonical\n"
    "re-emission) and the outline, for AnimJ, Glaxnimate, Maya .anim, plain\n"
    "JSON and the JSON dumps of the binary formats (NAME.ID.json).\n"
    "docs/editors.md has the configurations of Neovim, Helix, Emacs and VS Code.\n"
    "\n"
    "options:\n"
    "  --strict             the strict level until the editor's settings say\n"
    "                       otherwise (settings: {\"animkit\": {\"level\": \"strict\"}})\n"
    "  --debounce MS        publish diagnostics once no change came for MS\n"
    "                       milliseconds (default 50; 0: as soon as the input\n"
    "                       is drained)\n"
    "  --max-document SIZE  a larger document gets one diagnostic instead of a\n"
    "                       check (default 16M; K, M, G suffixes)\n"
    "  --docs-url URL       the rules' documentation (codeDescription.href is\n"
    "                       URL#CODE; default: the installed docs/diagnostics.md)\n"
    "  --stdio              accepted for clients that pass it (the default)\n"
    "\n"
    "exit status: 0 after shutdown and exit, 1 when the input ends or exit\n"
    "comes without shutdown, 2 usage or I/O failure\n";

/* A file:// URL of path (percent-encoded) into out. */
static void file_url(const char *path, char *out, size_t cap)
{
    size_t k = (size_t)snprintf(out, cap, "file://");
    for (const unsigned char *p = (const unsigned char *)path; *p && k + 4 < cap; p++) {
        if ((*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z') || (*p >= '0' && *p <= '9') ||
            strchr("/-._~", *p))
            out[k++] = (char)*p;
        else
            k += (size_t)snprintf(out + k, cap - k, "%%%02X", *p);
    }
    out[k] = 0;
}

/* The installed catalogue beside the command (PREFIX/bin/animkit ->
   PREFIX/AK_DOCDIR/diagnostics.md), else the source tree's. */
static bool default_docs_url(char *out, size_t cap)
{
    char exe[PATH_MAX], cand[PATH_MAX + 64];
    ssize_t n = readlink("/proc/self/exe", exe, sizeof exe - 1);
    struct stat st;
    if (n > 0) {
        exe[n] = 0;
        char *slash = strrchr(exe, '/');
        if (slash) {
            *slash = 0;
            slash = strrchr(exe, '/');
            if (slash) {
                *slash = 0;
                snprintf(cand, sizeof cand, "%s/%s/diagnostics.md", exe, AK_DOCDIR);
                if (stat(cand, &st) == 0) {
                    file_url(cand, out, cap);
                    return true;
                }
            }
        }
    }
    snprintf(cand, sizeof cand, "%s/diagnostics.md", AK_SOURCE_DOCS);
    if (stat(cand, &st) == 0) {
        file_url(cand, out, cap);
        return true;
    }
    return false;
}

static bool write_all(int fd, const char *p, size_t n)
{
    while (n) {
        ssize_t k = write(fd, p, n);
        if (k < 0 && errno == EINTR)
            continue;
        if (k <= 0)
            return false;
        p += k;
        n -= (size_t)k;
    }
    return true;
}

/* Sends what the core has queued. False when standard output fails. */
static bool flush_out(ak_lsp *s)
{
    ak_buf body, framed;
    ak_buf_init(&body);
    ak_buf_init(&framed);
    bool ok = true;
    while (ok && ak_lsp_next(s, &body)) {
        framed.len = 0;
        ok = lsp_frame_write(&framed, body.data ? body.data : "", body.len) &&
             write_all(STDOUT_FILENO, framed.data, framed.len);
    }
    ak_buf_free(&body);
    ak_buf_free(&framed);
    return ok;
}

int cmd_lsp(int argc, char **argv)
{
    if (wants_help(argc, argv)) {
        fputs(lsp_help, stdout);
        return EXIT_OK;
    }
    ak_lsp_options opt;
    memset(&opt, 0, sizeof opt);
    uint64_t debounce = 50;
    const char *docs = NULL;
    for (int i = 0; i < argc; i++) {
        const char *v;
        if (strcmp(argv[i], "--strict") == 0) {
            opt.strict = true;
        } else if (strcmp(argv[i], "--stdio") == 0) {
            /* the only transport */
        } else if (opt_value(argc, argv, &i, "--debounce", &v)) {
            if (!v || !parse_u64(v, &debounce) || debounce > 60000) {
                usage_error("lsp", "--debounce takes milliseconds from 0 to 60000%s", "");
                return EXIT_USAGE;
            }
        } else if (opt_value(argc, argv, &i, "--max-document", &v)) {
            if (!v || !parse_size(v, &opt.max_document) || opt.max_document == 0) {
                usage_error("lsp", "--max-document takes a size in bytes (a K, M or G suffix for KiB, MiB, GiB)%s",
                            "");
                return EXIT_USAGE;
            }
        } else if (opt_value(argc, argv, &i, "--docs-url", &v)) {
            if (!v) {
                usage_error("lsp", "--docs-url needs a URL%s", "");
                return EXIT_USAGE;
            }
            docs = v;
        } else {
            usage_error("lsp", "unknown argument '%s'", argv[i]);
            return EXIT_USAGE;
        }
    }
    char url[PATH_MAX * 3 + 16];
    if (!docs && default_docs_url(url, sizeof url))
        docs = url;
    opt.docs_url = docs;
    ak_lsp *s = ak_lsp_new(&opt);
    if (!s) {
        fprintf(stderr, "%s lsp: out of memory\n", prog);
        return EXIT_USAGE;
    }
    /* a message may hold a document escaped (up to 6 bytes for one) */
    uint64_t max_document = opt.max_document ? opt.max_document : UINT64_C(16) << 20;
    uint64_t max_body = max_document < (UINT64_C(1) << 40) ? max_document * 6 + (UINT64_C(1) << 20) : UINT64_MAX;
    lsp_framer fr;
    lsp_framer_init(&fr, max_body);
    char *chunk = malloc(1u << 16);
    int rc = -1;
    if (!chunk) {
        fprintf(stderr, "%s lsp: out of memory\n", prog);
        rc = EXIT_USAGE;
    }
    while (rc < 0) {
        const char *body;
        uint64_t len;
        lsp_frame_status st;
        while (rc < 0 && (st = lsp_framer_next(&fr, &body, &len)) != LSP_FRAME_NONE) {
            if (st == LSP_FRAME_MESSAGE)
                ak_lsp_receive(s, body, (size_t)len);
            else if (st == LSP_FRAME_BAD_HEADER)
                ak_lsp_receive(s, "", 0); /* answered as a parse error */
            else if (st == LSP_FRAME_TOO_LARGE)
                ak_lsp_dropped(s, len);
            else {
                fprintf(stderr, "%s lsp: out of memory\n", prog);
                rc = EXIT_USAGE;
            }
            if (!flush_out(s))
                rc = EXIT_USAGE;
            else if (ak_lsp_exit_status(s) >= 0)
                rc = ak_lsp_exit_status(s);
        }
        if (rc >= 0)
            break;
        /* the input is drained when nothing comes within the debounce */
        struct pollfd pfd = {STDIN_FILENO, POLLIN, 0};
        int timeout = ak_lsp_pending(s) ? (int)debounce : -1;
        int ready = poll(&pfd, 1, timeout);
        if (ready < 0 && errno == EINTR)
            continue;
        if (ready == 0) {
            ak_lsp_idle(s);
            if (!flush_out(s))
                rc = EXIT_USAGE;
            continue;
        }
        ssize_t n = read(STDIN_FILENO, chunk, 1u << 16);
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0) {
            /* the client went away without exit */
            rc = EXIT_INVALID;
            break;
        }
        if (!lsp_framer_feed(&fr, chunk, (size_t)n)) {
            fprintf(stderr, "%s lsp: out of memory\n", prog);
            rc = EXIT_USAGE;
        }
    }
    free(chunk);
    lsp_framer_free(&fr);
    ak_lsp_free(s);
    return rc;
}
