#include "emit_common.h"

#include <stdarg.h>

void gen_out(FILE *fp, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vfprintf(fp, fmt, ap);
    va_end(ap);
}

void gen_c_string(FILE *fp, const char *s, bool printf_format)
{
    if (!s) {
        fputs("NULL", fp);
        return;
    }
    fputc('"', fp);
    for (; *s; s++) {
        unsigned char ch = (unsigned char)*s;
        if (ch == '"' || ch == '\\')
            fprintf(fp, "\\%c", ch);
        else if (ch == '\n')
            fputs("\\n", fp);
        else if (ch < 0x20 || ch == 0x7f)
            fprintf(fp, "\\%03o", ch);
        else if (ch == '%' && printf_format)
            fputs("%%", fp);
        else
            fputc(ch, fp);
    }
    fputc('"', fp);
}
