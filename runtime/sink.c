/* Output sinks (ak_sink): where a streaming writer puts its bytes. The
 * writer buffers; a sink only hands each piece on, in order, and remembers
 * the first failure so that nothing after a gap is taken. */
#include "sink.h"

#include <errno.h>
#include <string.h>

bool ak_sink_write(ak_sink *s, const void *data, size_t n)
{
    if (s->failed)
        return false;
    if (n == 0)
        return true;
    if (!s->write(s, data, n)) {
        s->failed = true;
        if (!s->why[0])
            snprintf(s->why, sizeof s->why, "the output refused %zu bytes", n);
        return false;
    }
    s->written += n;
    return true;
}

bool ak_sink_drain(ak_sink *s, ak_buf *text, bool all)
{
    if (text->failed)
        return false;
    if (text->len < (all ? 1 : AK_SINK_CHUNK))
        return true;
    if (!ak_sink_write(s, text->data, text->len))
        return false;
    text->len = 0;
    return true;
}

static void sink_init(ak_sink *s, bool (*write)(ak_sink *, const void *, size_t), void *ctx)
{
    memset(s, 0, sizeof *s);
    s->write = write;
    s->ctx = ctx;
}

static bool buf_write(ak_sink *s, const void *data, size_t n)
{
    ak_buf *b = s->ctx;
    if (ak_buf_append(b, data, n))
        return true;
    /* the budget (or the allocator) said no, and reported it when attached */
    snprintf(s->why, sizeof s->why, "%s", strerror(ENOMEM));
    return false;
}

void ak_sink_buf(ak_sink *s, ak_buf *b) { sink_init(s, buf_write, b); }

static bool file_write(ak_sink *s, const void *data, size_t n)
{
    FILE *fp = s->ctx;
    errno = 0;
    if (fwrite(data, 1, n, fp) == n)
        return true;
    snprintf(s->why, sizeof s->why, "%s", strerror(errno ? errno : EIO));
    return false;
}

void ak_sink_file(ak_sink *s, FILE *fp) { sink_init(s, file_write, fp); }

static bool output_write(ak_sink *s, const void *data, size_t n)
{
    return ak_output_write(s->ctx, data, n, s->why, sizeof s->why);
}

static bool output_read_back(ak_sink *s, ak_input *in, char *why, size_t why_size)
{
    return ak_output_map(s->ctx, in, why, why_size);
}

static void output_read_back_end(ak_sink *s, ak_input *in)
{
    (void)s;
    ak_output_unmap(in);
}

void ak_sink_output(ak_sink *s, ak_output *o)
{
    sink_init(s, output_write, o);
    if (o->tmp) {
        s->read_back = output_read_back;
        s->read_back_end = output_read_back_end;
    }
}

static bool compare_piece(ak_sink *s, const void *data, size_t n)
{
    ak_sink_compare *c = s->ctx;
    const uint8_t *piece = data;
    size_t k = 0, m = n < c->text->size - c->at ? n : c->text->size - c->at;
    while (k < m && c->text->data[c->at + k] == piece[k])
        k++;
    c->at += k;
    ak_release_at(&c->release, c->at);
    return !(c->differs = k < n);
}

void ak_sink_compare_init(ak_sink_compare *c, const ak_input *text)
{
    memset(c, 0, sizeof *c);
    c->sink.write = compare_piece;
    c->sink.ctx = c;
    c->text = text;
    ak_release_init(&c->release, text, false);
}
