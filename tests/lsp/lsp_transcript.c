/* Runs a recorded language-server transcript (tests/lsp/NAME.transcript)
 * against the library's core (ak_lsp_*), deterministically: the moments
 * the transport would find its input drained are written in the
 * transcript.
 *
 *   # a comment
 *   > MESSAGE          a message to the server (its body, as written: it
 *                      may be malformed on purpose)
 *   < MESSAGE          the next message the server sends must be this JSON
 *                      (objects compared member by member in any order; the
 *                      string "<any>" matches any value)
 *   = idle             the input is drained (ak_lsp_idle)
 *   = exit N           the server has ended with exit status N
 *   = option strict | max-document N | docs URL   before the first message
 *
 * A message may go on over the lines that follow (a line that starts with
 * none of > < = # and is not empty). After the last line the server must
 * have nothing more to send.
 *
 * usage: lsp_transcript FILE [--record]   (--record: prints the transcript
 * with the messages the server sent, for a person to check and commit) */
#include <animkit/animkit.h>

#include "ak_jtree.h"
#include "json_writer.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int failures;

static bool same(const ak_jnode *want, const ak_jnode *got)
{
    if (want->kind == AK_JSTR && want->len == 5 && memcmp(want->str, "<any>", 5) == 0)
        return true;
    if (want->kind != got->kind)
        return false;
    switch (want->kind) {
    case AK_JNUM: return want->num == got->num;
    case AK_JSTR: return want->len == got->len && memcmp(want->str, got->str, want->len) == 0;
    case AK_JARR:
        if (want->count != got->count)
            return false;
        for (size_t i = 0; i < want->count; i++)
            if (!same(want->items[i].v, got->items[i].v))
                return false;
        return true;
    case AK_JOBJ:
        if (want->count != got->count)
            return false;
        for (size_t i = 0; i < want->count; i++) {
            const ak_jnode *g = ak_jnode_getn(got, want->items[i].key, want->items[i].key_len);
            if (!g || !same(want->items[i].v, g))
                return false;
        }
        return true;
    default: return true;
    }
}

static void pretty(const char *json, size_t n, ak_buf *out)
{
    ak_jtree t;
    ak_jtree_init(&t, NULL, NULL, "a message");
    if (ak_jtree_read(&t, (const uint8_t *)json, n)) {
        ak_json_writer w;
        ak_json_writer_options o = {2, false, false};
        ak_json_writer_init(&w, out, &o);
        ak_jtree_write(t.root, &w);
        ak_json_writer_finish(&w);
    } else {
        ak_buf_append(out, json, n);
    }
    ak_jtree_free(&t);
}

typedef struct step {
    char kind;      /* '>', '<', '=' */
    ak_buf text;
    int line;
} step;

int main(int argc, char **argv)
{
    if (argc < 2) {
        fprintf(stderr, "usage: lsp_transcript FILE [--record]\n");
        return 2;
    }
    bool record = argc > 2 && strcmp(argv[2], "--record") == 0;
    FILE *f = fopen(argv[1], "rb");
    if (!f) {
        perror(argv[1]);
        return 2;
    }
    step *steps = NULL;
    size_t count = 0;
    ak_buf comments[4096];
    size_t comment_at[4096], ncomments = 0;
    char *line = NULL;
    size_t cap = 0;
    ssize_t len;
    int lineno = 0;
    while ((len = getline(&line, &cap, f)) >= 0) {
        lineno++;
        while (len && (line[len - 1] == '\n' || line[len - 1] == '\r'))
            line[--len] = 0;
        if (len == 0)
            continue;
        if (line[0] == '#') {
            if (ncomments < 4096) {
                ak_buf_init(&comments[ncomments]);
                ak_buf_puts(&comments[ncomments], line);
                comment_at[ncomments++] = count;
            }
            continue;
        }
        if (line[0] == '>' || line[0] == '<' || line[0] == '=') {
            steps = realloc(steps, (count + 1) * sizeof *steps);
            step *s = &steps[count++];
            s->kind = line[0];
            s->line = lineno;
            ak_buf_init(&s->text);
            ak_buf_puts(&s->text, line + (len > 1 && line[1] == ' ' ? 2 : 1));
            continue;
        }
        if (!count) {
            fprintf(stderr, "%s:%d: a continuation line before any message\n", argv[1], lineno);
            return 2;
        }
        ak_buf_putc(&steps[count - 1].text, '\n');
        ak_buf_puts(&steps[count - 1].text, line);
    }
    free(line);
    fclose(f);

    ak_lsp_options opt = {"https://animkit.invalid/docs/diagnostics.md", 0, false};
    for (size_t i = 0; i < count && steps[i].kind == '='; i++) {
        const char *t = ak_buf_cstr(&steps[i].text);
        if (strcmp(t, "option strict") == 0)
            opt.strict = true;
        else if (strncmp(t, "option max-document ", 20) == 0)
            opt.max_document = strtoull(t + 20, NULL, 10);
        else if (strncmp(t, "option docs ", 12) == 0)
            opt.docs_url = t + 12;
    }
    ak_lsp *server = ak_lsp_new(&opt);
    ak_buf got;
    ak_buf_init(&got);
    ak_buf rec;
    ak_buf_init(&rec);
    size_t ci = 0;
    for (size_t i = 0; i < count; i++) {
        step *s = &steps[i];
        while (ci < ncomments && comment_at[ci] <= i) {
            ak_buf_printf(&rec, "%s\n", ak_buf_cstr(&comments[ci]));
            ci++;
        }
        const char *t = ak_buf_cstr(&s->text);
        if (s->kind == '<') {
            if (record)
                continue; /* replaced by what the server sends */
            if (!ak_lsp_next(server, &got)) {
                printf("FAIL %s:%d: the server sent nothing; expected\n%s\n", argv[1], s->line, t);
                failures++;
                continue;
            }
            ak_jtree want, have;
            ak_jtree_init(&want, NULL, NULL, "expected");
            ak_jtree_init(&have, NULL, NULL, "sent");
            bool ok_want = ak_jtree_read(&want, (const uint8_t *)t, s->text.len);
            bool ok_have = ak_jtree_read(&have, (const uint8_t *)got.data, got.len);
            if (!ok_want) {
                printf("FAIL %s:%d: the expected message is not JSON\n", argv[1], s->line);
                failures++;
            } else if (!ok_have || !same(want.root, have.root)) {
                ak_buf p;
                ak_buf_init(&p);
                pretty(got.data, got.len, &p);
                printf("FAIL %s:%d: the server sent\n%s\nexpected\n%s\n", argv[1], s->line, ak_buf_cstr(&p), t);
                ak_buf_free(&p);
                failures++;
            }
            ak_jtree_free(&want);
            ak_jtree_free(&have);
            continue;
        }
        if (record)
            ak_buf_printf(&rec, "%c %s\n", s->kind, t);
        if (s->kind == '>') {
            ak_lsp_receive(server, s->text.data, s->text.len);
        } else if (strcmp(t, "idle") == 0) {
            ak_lsp_idle(server);
        } else if (strncmp(t, "exit ", 5) == 0) {
            int want = atoi(t + 5), have = ak_lsp_exit_status(server);
            if (want != have) {
                printf("FAIL %s:%d: exit status %d, expected %d\n", argv[1], s->line, have, want);
                failures++;
            }
        } else if (strncmp(t, "option ", 7) != 0) {
            printf("FAIL %s:%d: unknown directive '%s'\n", argv[1], s->line, t);
            failures++;
        }
        if (record) {
            while (ak_lsp_next(server, &got)) {
                ak_buf p;
                ak_buf_init(&p);
                pretty(got.data, got.len, &p);
                ak_buf_printf(&rec, "< %s\n", ak_buf_cstr(&p));
                ak_buf_free(&p);
            }
        }
    }
    while (ci < ncomments)
        ak_buf_printf(&rec, "%s\n", ak_buf_cstr(&comments[ci++]));
    if (record) {
        fwrite(rec.data, 1, rec.len, stdout);
    } else {
        while (ak_lsp_next(server, &got)) {
            printf("FAIL %s: the server sent more than the transcript expects:\n%.*s\n", argv[1], (int)got.len,
                   got.data);
            failures++;
        }
        printf("%s: %d failed\n", argv[1], failures);
    }
    ak_buf_free(&got);
    ak_buf_free(&rec);
    ak_lsp_free(server);
    for (size_t i = 0; i < count; i++)
        ak_buf_free(&steps[i].text);
    for (size_t i = 0; i < ncomments; i++)
        ak_buf_free(&comments[i]);
    free(steps);
    return failures ? 1 : 0;
}
