/* Lines and columns of offsets (text_pos.h). */
#include "text_pos.h"

#include "release.h"

#include <string.h>

void ak_text_pos_at(ak_text_pos *pos, const uint8_t *data, size_t size, size_t offset, bool mapped)
{
    if (offset > size)
        offset = size;
    if (offset < pos->offset)
        *pos = AK_TEXT_POS_START;
    ak_release release;
    ak_input in = {NULL, data, size, mapped};
    ak_release_init(&release, &in, false);
    const uint8_t *s = data + pos->offset, *end = data + offset;
    size_t released = pos->offset;
    uint32_t l = pos->line, c = pos->column;
    while (s < end) {
        const uint8_t *nl = memchr(s, '\n', (size_t)(end - s));
        if (!nl) {
            c += (uint32_t)(end - s);
            break;
        }
        l++;
        c = 1;
        s = nl + 1;
        if ((size_t)(s - data) - released >= ((size_t)1 << 20)) { /* beside the pass's own resident pages */
            ak_release_span(&release, released, (size_t)(s - data));
            released = (size_t)(s - data);
        }
    }
    *pos = (ak_text_pos){offset, l, c};
}
