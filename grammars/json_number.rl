/* JSON number classes (RFC 8259, section 6) as a Ragel machine.
 *
 * The scanner already delivers numbers with their class; this machine is
 * for spans that did not come from the scanner: the JSON writer checks raw
 * number text with it before copying it out (so that it never writes
 * invalid JSON), and consumers can classify text they hold. */
#include "json_parser.h"

%%{
    machine json_number;
    alphtype unsigned char;

    action neg  { flags |= AK_JSON_F_NEG; }
    action frac { flags |= AK_JSON_F_FRAC; }
    action exp  { flags |= AK_JSON_F_EXP; }

    int  = ( '-' @neg )? ( '0' | [1-9] [0-9]* );
    frac = '.' @frac [0-9]+;
    exp  = [eE] @exp [+\-]? [0-9]+;
    main := int frac? exp?;
}%%

%% write data noerror noentry;

uint32_t ak_json_number_class(const char *s, size_t n)
{
    const unsigned char *p = (const unsigned char *)s;
    const unsigned char *pe = p + n;
    uint32_t flags = 0;
    int cs = json_number_start;
    if (n == 0)
        return 0;
    %% write exec;
    if (p != pe || cs < json_number_first_final)
        return 0;
    return flags | AK_JSON_NUMBER_VALID;
}
