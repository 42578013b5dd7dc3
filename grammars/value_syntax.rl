/* Value syntaxes (see value_syntax.h) as Ragel machines: one machine and
 * one function per syntax, and the table animgen and the generated
 * validators share. Each machine matches a whole decoded string. */
#include "value_syntax.h"

#include <stdio.h>
#include <string.h>

%%{
    machine common;
    alphtype unsigned char;

    lhex = [0-9a-f];
    nil = '00000000-0000-0000-0000-000000000000';
    uuid_lower = lhex{8} '-' lhex{4} '-' lhex{4} '-' lhex{4} '-' lhex{12};
    uuid_mixed = xdigit{8} '-' xdigit{4} '-' xdigit{4} '-' xdigit{4} '-' xdigit{12};
    b64 = [A-Za-z0-9+/];
}%%

%%{
    machine uuid;
    include common;
    main := uuid_lower - nil;
}%%
%% write data noerror noentry;

bool ak_syntax_uuid(const uint8_t *s, size_t n)
{
    const unsigned char *p = s, *pe = s + n;
    int cs = uuid_start;
    %% write exec;
    return p == pe && cs >= uuid_first_final;
}

%%{
    machine uuid_any;
    include common;
    main := ( uuid_mixed | '{' uuid_mixed '}' ) - ( nil | '{' nil '}' );
}%%
%% write data noerror noentry;

bool ak_syntax_uuid_any(const uint8_t *s, size_t n)
{
    const unsigned char *p = s, *pe = s + n;
    int cs = uuid_any_start;
    %% write exec;
    return p == pe && cs >= uuid_any_first_final;
}

/* The same language as uuid_any, with actions that collect the 32 hex
 * digits into 16 bytes (keys and references compare parsed values). */
%%{
    machine uuid_value;
    include common;
    action digit {
        unsigned ch = fc, v = ch <= '9' ? ch - '0' : (ch | 0x20) - 'a' + 10;
        out[k / 2] = (uint8_t)(k % 2 ? out[k / 2] | v : v << 4);
        k++;
    }
    xd = xdigit @digit;
    form = xd{8} '-' xd{4} '-' xd{4} '-' xd{4} '-' xd{12};
    main := form | '{' form '}';
}%%
%% write data noerror noentry;

bool ak_uuid_parse(const uint8_t *s, size_t n, uint8_t out[16])
{
    const unsigned char *p = s, *pe = s + n;
    int cs = uuid_value_start;
    unsigned k = 0;
    %% write exec;
    if (p != pe || cs < uuid_value_first_final)
        return false;
    uint8_t any = 0;
    for (unsigned i = 0; i < 16; i++)
        any |= out[i];
    return any != 0; /* the nil UUID identifies nothing */
}

%%{
    machine color_hex;
    include common;
    main := '#' lhex{6} ( lhex{2} - 'ff' )?;
}%%
%% write data noerror noentry;

bool ak_syntax_color_hex(const uint8_t *s, size_t n)
{
    const unsigned char *p = s, *pe = s + n;
    int cs = color_hex_start;
    %% write exec;
    return p == pe && cs >= color_hex_first_final;
}

/* The canonical spelling of a UUID ak_uuid_parse reads: bare, lower case. */
size_t ak_canonical_uuid(const uint8_t *s, size_t n, char out[AK_VALUE_CANONICAL_MAX])
{
    uint8_t u[16];
    if (!ak_uuid_parse(s, n, u))
        return 0;
    static const char hex[] = "0123456789abcdef";
    size_t k = 0;
    for (unsigned i = 0; i < 16; i++) {
        if (i == 4 || i == 6 || i == 8 || i == 10)
            out[k++] = '-';
        out[k++] = hex[u[i] >> 4];
        out[k++] = hex[u[i] & 15];
    }
    return k;
}

/* A colour # and 3, 6 or 8 hex digits in any case, the digits collected
 * as their values (names and Qt's 9 and 12 digit forms are not read here). */
%%{
    machine color_value;
    include common;
    action digit {
        unsigned ch = fc;
        d[k++] = (uint8_t)(ch <= '9' ? ch - '0' : (ch | 0x20) - 'a' + 10);
    }
    xd = xdigit @digit;
    main := '#' ( xd{3} | xd{6} | xd{8} );
}%%
%% write data noerror noentry;

bool ak_color_parse(const uint8_t *s, size_t n, uint8_t rgba[4])
{
    const unsigned char *p = s, *pe = s + n;
    int cs = color_value_start;
    uint8_t d[8];
    unsigned k = 0;
    %% write exec;
    if (p != pe || cs < color_value_first_final)
        return false;
    for (unsigned i = 0; i < 3; i++) /* #rgb: each digit twice */
        rgba[i] = (uint8_t)(k == 3 ? d[i] * 17 : d[2 * i] << 4 | d[2 * i + 1]);
    rgba[3] = (uint8_t)(k == 8 ? d[6] << 4 | d[7] : 255);
    return true;
}

size_t ak_canonical_color(const uint8_t *s, size_t n, char out[AK_VALUE_CANONICAL_MAX])
{
    uint8_t c[4];
    if (!ak_color_parse(s, n, c))
        return 0;
    snprintf(out, AK_VALUE_CANONICAL_MAX, "#%02x%02x%02x%02x", c[0], c[1], c[2], c[3]);
    return c[3] == 255 ? 7 : 9; /* the alpha only when it is not ff */
}

%%{
    machine color_any;
    include common;
    # Qt's named colours (the SVG 1.1 keywords) and `transparent`
    svg_name =
      'aliceblue'i | 'antiquewhite'i | 'aqua'i | 'aquamarine'i | 'azure'i | 'beige'i | 'bisque'i |
      'black'i | 'blanchedalmond'i | 'blue'i | 'blueviolet'i | 'brown'i | 'burlywood'i |
      'cadetblue'i | 'chartreuse'i | 'chocolate'i | 'coral'i | 'cornflowerblue'i | 'cornsilk'i |
      'crimson'i | 'cyan'i | 'darkblue'i | 'darkcyan'i | 'darkgoldenrod'i | 'darkgray'i |
      'darkgreen'i | 'darkgrey'i | 'darkkhaki'i | 'darkmagenta'i | 'darkolivegreen'i |
      'darkorange'i | 'darkorchid'i | 'darkred'i | 'darksalmon'i | 'darkseagreen'i |
      'darkslateblue'i | 'darkslategray'i | 'darkslategrey'i | 'darkturquoise'i | 'darkviolet'i |
      'deeppink'i | 'deepskyblue'i | 'dimgray'i | 'dimgrey'i | 'dodgerblue'i | 'firebrick'i |
      'floralwhite'i | 'forestgreen'i | 'fuchsia'i | 'gainsboro'i | 'ghostwhite'i | 'gold'i |
      'goldenrod'i | 'gray'i | 'grey'i | 'green'i | 'greenyellow'i | 'honeydew'i | 'hotpink'i |
      'indianred'i | 'indigo'i | 'ivory'i | 'khaki'i | 'lavender'i | 'lavenderblush'i |
      'lawngreen'i | 'lemonchiffon'i | 'lightblue'i | 'lightcoral'i | 'lightcyan'i |
      'lightgoldenrodyellow'i | 'lightgray'i | 'lightgreen'i | 'lightgrey'i | 'lightpink'i |
      'lightsalmon'i | 'lightseagreen'i | 'lightskyblue'i | 'lightslategray'i | 'lightslategrey'i |
      'lightsteelblue'i | 'lightyellow'i | 'lime'i | 'limegreen'i | 'linen'i | 'magenta'i |
      'maroon'i | 'mediumaquamarine'i | 'mediumblue'i | 'mediumorchid'i | 'mediumpurple'i |
      'mediumseagreen'i | 'mediumslateblue'i | 'mediumspringgreen'i | 'mediumturquoise'i |
      'mediumvioletred'i | 'midnightblue'i | 'mintcream'i | 'mistyrose'i | 'moccasin'i |
      'navajowhite'i | 'navy'i | 'oldlace'i | 'olive'i | 'olivedrab'i | 'orange'i | 'orangered'i |
      'orchid'i | 'palegoldenrod'i | 'palegreen'i | 'paleturquoise'i | 'palevioletred'i |
      'papayawhip'i | 'peachpuff'i | 'peru'i | 'pink'i | 'plum'i | 'powderblue'i | 'purple'i |
      'red'i | 'rosybrown'i | 'royalblue'i | 'saddlebrown'i | 'salmon'i | 'sandybrown'i |
      'seagreen'i | 'seashell'i | 'sienna'i | 'silver'i | 'skyblue'i | 'slateblue'i |
      'slategray'i | 'slategrey'i | 'snow'i | 'springgreen'i | 'steelblue'i | 'tan'i | 'teal'i |
      'thistle'i | 'tomato'i | 'turquoise'i | 'violet'i | 'wheat'i | 'white'i | 'whitesmoke'i |
      'yellow'i | 'yellowgreen'i | 'transparent'i;
    main := '#' ( xdigit{3} | xdigit{6} | xdigit{8} | xdigit{9} | xdigit{12} ) | svg_name;
}%%
%% write data noerror noentry;

bool ak_syntax_color_any(const uint8_t *s, size_t n)
{
    const unsigned char *p = s, *pe = s + n;
    int cs = color_any_start;
    %% write exec;
    return p == pe && cs >= color_any_first_final;
}

%%{
    machine base64;
    include common;
    # the last character before padding carries only zero pad bits
    main := ( b64{4} )* ( b64 [AQgw] '==' | b64{2} [AEIMQUYcgkosw048] '=' )?;
}%%
%% write data noerror noentry;

bool ak_syntax_base64(const uint8_t *s, size_t n)
{
    const unsigned char *p = s, *pe = s + n;
    int cs = base64_start;
    %% write exec;
    return p == pe && cs >= base64_first_final;
}

const ak_value_syntax ak_value_syntaxes[] = {
    {"uuid", ak_syntax_uuid,
     "^(?!0{8}-0{4}-0{4}-0{4}-0{12}$)[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$", "uuid",
     "a lower-case UUID without braces, not the nil UUID", ak_canonical_uuid},
    {"uuid_any", ak_syntax_uuid_any,
     "^(?!\\{?0{8}-0{4}-0{4}-0{4}-0{12}\\}?$)([0-9A-Fa-f]{8}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-"
     "[0-9A-Fa-f]{12}|\\{[0-9A-Fa-f]{8}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{12}\\})$",
     NULL, "a UUID, braces optional, any case, not the nil UUID", NULL},
    {"color_hex", ak_syntax_color_hex, "^#[0-9a-f]{6}((?!ff)[0-9a-f]{2})?$", NULL,
     "#rrggbb, or #rrggbbaa with alpha not ff, lower case", ak_canonical_color},
    {"color_any", ak_syntax_color_any,
        "^(#([0-9A-Fa-f]{3}|[0-9A-Fa-f]{6}|[0-9A-Fa-f]{8,9}|[0-9A-Fa-f]{12})|[Aa][Ll][Ii][Cc][Ee][Bb][Ll]"
        "[Uu][Ee]|[Aa][Nn][Tt][Ii][Qq][Uu][Ee][Ww][Hh][Ii][Tt][Ee]|[Aa][Qq][Uu][Aa]|[Aa][Qq][Uu][Aa][Mm]["
        "Aa][Rr][Ii][Nn][Ee]|[Aa][Zz][Uu][Rr][Ee]|[Bb][Ee][Ii][Gg][Ee]|[Bb][Ii][Ss][Qq][Uu][Ee]|[Bb][Ll]["
        "Aa][Cc][Kk]|[Bb][Ll][Aa][Nn][Cc][Hh][Ee][Dd][Aa][Ll][Mm][Oo][Nn][Dd]|[Bb][Ll][Uu][Ee]|[Bb][Ll][U"
        "u][Ee][Vv][Ii][Oo][Ll][Ee][Tt]|[Bb][Rr][Oo][Ww][Nn]|[Bb][Uu][Rr][Ll][Yy][Ww][Oo][Oo][Dd]|[Cc][Aa"
        "][Dd][Ee][Tt][Bb][Ll][Uu][Ee]|[Cc][Hh][Aa][Rr][Tt][Rr][Ee][Uu][Ss][Ee]|[Cc][Hh][Oo][Cc][Oo][Ll]["
        "Aa][Tt][Ee]|[Cc][Oo][Rr][Aa][Ll]|[Cc][Oo][Rr][Nn][Ff][Ll][Oo][Ww][Ee][Rr][Bb][Ll][Uu][Ee]|[Cc][O"
        "o][Rr][Nn][Ss][Ii][Ll][Kk]|[Cc][Rr][Ii][Mm][Ss][Oo][Nn]|[Cc][Yy][Aa][Nn]|[Dd][Aa][Rr][Kk][Bb][Ll"
        "][Uu][Ee]|[Dd][Aa][Rr][Kk][Cc][Yy][Aa][Nn]|[Dd][Aa][Rr][Kk][Gg][Oo][Ll][Dd][Ee][Nn][Rr][Oo][Dd]|"
        "[Dd][Aa][Rr][Kk][Gg][Rr][Aa][Yy]|[Dd][Aa][Rr][Kk][Gg][Rr][Ee][Ee][Nn]|[Dd][Aa][Rr][Kk][Gg][Rr][E"
        "e][Yy]|[Dd][Aa][Rr][Kk][Kk][Hh][Aa][Kk][Ii]|[Dd][Aa][Rr][Kk][Mm][Aa][Gg][Ee][Nn][Tt][Aa]|[Dd][Aa"
        "][Rr][Kk][Oo][Ll][Ii][Vv][Ee][Gg][Rr][Ee][Ee][Nn]|[Dd][Aa][Rr][Kk][Oo][Rr][Aa][Nn][Gg][Ee]|[Dd]["
        "Aa][Rr][Kk][Oo][Rr][Cc][Hh][Ii][Dd]|[Dd][Aa][Rr][Kk][Rr][Ee][Dd]|[Dd][Aa][Rr][Kk][Ss][Aa][Ll][Mm"
        "][Oo][Nn]|[Dd][Aa][Rr][Kk][Ss][Ee][Aa][Gg][Rr][Ee][Ee][Nn]|[Dd][Aa][Rr][Kk][Ss][Ll][Aa][Tt][Ee]["
        "Bb][Ll][Uu][Ee]|[Dd][Aa][Rr][Kk][Ss][Ll][Aa][Tt][Ee][Gg][Rr][Aa][Yy]|[Dd][Aa][Rr][Kk][Ss][Ll][Aa"
        "][Tt][Ee][Gg][Rr][Ee][Yy]|[Dd][Aa][Rr][Kk][Tt][Uu][Rr][Qq][Uu][Oo][Ii][Ss][Ee]|[Dd][Aa][Rr][Kk]["
        "Vv][Ii][Oo][Ll][Ee][Tt]|[Dd][Ee][Ee][Pp][Pp][Ii][Nn][Kk]|[Dd][Ee][Ee][Pp][Ss][Kk][Yy][Bb][Ll][Uu"
        "][Ee]|[Dd][Ii][Mm][Gg][Rr][Aa][Yy]|[Dd][Ii][Mm][Gg][Rr][Ee][Yy]|[Dd][Oo][Dd][Gg][Ee][Rr][Bb][Ll]"
        "[Uu][Ee]|[Ff][Ii][Rr][Ee][Bb][Rr][Ii][Cc][Kk]|[Ff][Ll][Oo][Rr][Aa][Ll][Ww][Hh][Ii][Tt][Ee]|[Ff]["
        "Oo][Rr][Ee][Ss][Tt][Gg][Rr][Ee][Ee][Nn]|[Ff][Uu][Cc][Hh][Ss][Ii][Aa]|[Gg][Aa][Ii][Nn][Ss][Bb][Oo"
        "][Rr][Oo]|[Gg][Hh][Oo][Ss][Tt][Ww][Hh][Ii][Tt][Ee]|[Gg][Oo][Ll][Dd]|[Gg][Oo][Ll][Dd][Ee][Nn][Rr]"
        "[Oo][Dd]|[Gg][Rr][Aa][Yy]|[Gg][Rr][Ee][Yy]|[Gg][Rr][Ee][Ee][Nn]|[Gg][Rr][Ee][Ee][Nn][Yy][Ee][Ll]"
        "[Ll][Oo][Ww]|[Hh][Oo][Nn][Ee][Yy][Dd][Ee][Ww]|[Hh][Oo][Tt][Pp][Ii][Nn][Kk]|[Ii][Nn][Dd][Ii][Aa]["
        "Nn][Rr][Ee][Dd]|[Ii][Nn][Dd][Ii][Gg][Oo]|[Ii][Vv][Oo][Rr][Yy]|[Kk][Hh][Aa][Kk][Ii]|[Ll][Aa][Vv]["
        "Ee][Nn][Dd][Ee][Rr]|[Ll][Aa][Vv][Ee][Nn][Dd][Ee][Rr][Bb][Ll][Uu][Ss][Hh]|[Ll][Aa][Ww][Nn][Gg][Rr"
        "][Ee][Ee][Nn]|[Ll][Ee][Mm][Oo][Nn][Cc][Hh][Ii][Ff][Ff][Oo][Nn]|[Ll][Ii][Gg][Hh][Tt][Bb][Ll][Uu]["
        "Ee]|[Ll][Ii][Gg][Hh][Tt][Cc][Oo][Rr][Aa][Ll]|[Ll][Ii][Gg][Hh][Tt][Cc][Yy][Aa][Nn]|[Ll][Ii][Gg][H"
        "h][Tt][Gg][Oo][Ll][Dd][Ee][Nn][Rr][Oo][Dd][Yy][Ee][Ll][Ll][Oo][Ww]|[Ll][Ii][Gg][Hh][Tt][Gg][Rr]["
        "Aa][Yy]|[Ll][Ii][Gg][Hh][Tt][Gg][Rr][Ee][Ee][Nn]|[Ll][Ii][Gg][Hh][Tt][Gg][Rr][Ee][Yy]|[Ll][Ii][G"
        "g][Hh][Tt][Pp][Ii][Nn][Kk]|[Ll][Ii][Gg][Hh][Tt][Ss][Aa][Ll][Mm][Oo][Nn]|[Ll][Ii][Gg][Hh][Tt][Ss]"
        "[Ee][Aa][Gg][Rr][Ee][Ee][Nn]|[Ll][Ii][Gg][Hh][Tt][Ss][Kk][Yy][Bb][Ll][Uu][Ee]|[Ll][Ii][Gg][Hh][T"
        "t][Ss][Ll][Aa][Tt][Ee][Gg][Rr][Aa][Yy]|[Ll][Ii][Gg][Hh][Tt][Ss][Ll][Aa][Tt][Ee][Gg][Rr][Ee][Yy]|"
        "[Ll][Ii][Gg][Hh][Tt][Ss][Tt][Ee][Ee][Ll][Bb][Ll][Uu][Ee]|[Ll][Ii][Gg][Hh][Tt][Yy][Ee][Ll][Ll][Oo"
        "][Ww]|[Ll][Ii][Mm][Ee]|[Ll][Ii][Mm][Ee][Gg][Rr][Ee][Ee][Nn]|[Ll][Ii][Nn][Ee][Nn]|[Mm][Aa][Gg][Ee"
        "][Nn][Tt][Aa]|[Mm][Aa][Rr][Oo][Oo][Nn]|[Mm][Ee][Dd][Ii][Uu][Mm][Aa][Qq][Uu][Aa][Mm][Aa][Rr][Ii]["
        "Nn][Ee]|[Mm][Ee][Dd][Ii][Uu][Mm][Bb][Ll][Uu][Ee]|[Mm][Ee][Dd][Ii][Uu][Mm][Oo][Rr][Cc][Hh][Ii][Dd"
        "]|[Mm][Ee][Dd][Ii][Uu][Mm][Pp][Uu][Rr][Pp][Ll][Ee]|[Mm][Ee][Dd][Ii][Uu][Mm][Ss][Ee][Aa][Gg][Rr]["
        "Ee][Ee][Nn]|[Mm][Ee][Dd][Ii][Uu][Mm][Ss][Ll][Aa][Tt][Ee][Bb][Ll][Uu][Ee]|[Mm][Ee][Dd][Ii][Uu][Mm"
        "][Ss][Pp][Rr][Ii][Nn][Gg][Gg][Rr][Ee][Ee][Nn]|[Mm][Ee][Dd][Ii][Uu][Mm][Tt][Uu][Rr][Qq][Uu][Oo][I"
        "i][Ss][Ee]|[Mm][Ee][Dd][Ii][Uu][Mm][Vv][Ii][Oo][Ll][Ee][Tt][Rr][Ee][Dd]|[Mm][Ii][Dd][Nn][Ii][Gg]"
        "[Hh][Tt][Bb][Ll][Uu][Ee]|[Mm][Ii][Nn][Tt][Cc][Rr][Ee][Aa][Mm]|[Mm][Ii][Ss][Tt][Yy][Rr][Oo][Ss][E"
        "e]|[Mm][Oo][Cc][Cc][Aa][Ss][Ii][Nn]|[Nn][Aa][Vv][Aa][Jj][Oo][Ww][Hh][Ii][Tt][Ee]|[Nn][Aa][Vv][Yy"
        "]|[Oo][Ll][Dd][Ll][Aa][Cc][Ee]|[Oo][Ll][Ii][Vv][Ee]|[Oo][Ll][Ii][Vv][Ee][Dd][Rr][Aa][Bb]|[Oo][Rr"
        "][Aa][Nn][Gg][Ee]|[Oo][Rr][Aa][Nn][Gg][Ee][Rr][Ee][Dd]|[Oo][Rr][Cc][Hh][Ii][Dd]|[Pp][Aa][Ll][Ee]"
        "[Gg][Oo][Ll][Dd][Ee][Nn][Rr][Oo][Dd]|[Pp][Aa][Ll][Ee][Gg][Rr][Ee][Ee][Nn]|[Pp][Aa][Ll][Ee][Tt][U"
        "u][Rr][Qq][Uu][Oo][Ii][Ss][Ee]|[Pp][Aa][Ll][Ee][Vv][Ii][Oo][Ll][Ee][Tt][Rr][Ee][Dd]|[Pp][Aa][Pp]"
        "[Aa][Yy][Aa][Ww][Hh][Ii][Pp]|[Pp][Ee][Aa][Cc][Hh][Pp][Uu][Ff][Ff]|[Pp][Ee][Rr][Uu]|[Pp][Ii][Nn]["
        "Kk]|[Pp][Ll][Uu][Mm]|[Pp][Oo][Ww][Dd][Ee][Rr][Bb][Ll][Uu][Ee]|[Pp][Uu][Rr][Pp][Ll][Ee]|[Rr][Ee]["
        "Dd]|[Rr][Oo][Ss][Yy][Bb][Rr][Oo][Ww][Nn]|[Rr][Oo][Yy][Aa][Ll][Bb][Ll][Uu][Ee]|[Ss][Aa][Dd][Dd][L"
        "l][Ee][Bb][Rr][Oo][Ww][Nn]|[Ss][Aa][Ll][Mm][Oo][Nn]|[Ss][Aa][Nn][Dd][Yy][Bb][Rr][Oo][Ww][Nn]|[Ss"
        "][Ee][Aa][Gg][Rr][Ee][Ee][Nn]|[Ss][Ee][Aa][Ss][Hh][Ee][Ll][Ll]|[Ss][Ii][Ee][Nn][Nn][Aa]|[Ss][Ii]"
        "[Ll][Vv][Ee][Rr]|[Ss][Kk][Yy][Bb][Ll][Uu][Ee]|[Ss][Ll][Aa][Tt][Ee][Bb][Ll][Uu][Ee]|[Ss][Ll][Aa]["
        "Tt][Ee][Gg][Rr][Aa][Yy]|[Ss][Ll][Aa][Tt][Ee][Gg][Rr][Ee][Yy]|[Ss][Nn][Oo][Ww]|[Ss][Pp][Rr][Ii][N"
        "n][Gg][Gg][Rr][Ee][Ee][Nn]|[Ss][Tt][Ee][Ee][Ll][Bb][Ll][Uu][Ee]|[Tt][Aa][Nn]|[Tt][Ee][Aa][Ll]|[T"
        "t][Hh][Ii][Ss][Tt][Ll][Ee]|[Tt][Oo][Mm][Aa][Tt][Oo]|[Tt][Uu][Rr][Qq][Uu][Oo][Ii][Ss][Ee]|[Vv][Ii"
        "][Oo][Ll][Ee][Tt]|[Ww][Hh][Ee][Aa][Tt]|[Ww][Hh][Ii][Tt][Ee]|[Ww][Hh][Ii][Tt][Ee][Ss][Mm][Oo][Kk]"
        "[Ee]|[Yy][Ee][Ll][Ll][Oo][Ww]|[Yy][Ee][Ll][Ll][Oo][Ww][Gg][Rr][Ee][Ee][Nn]|[Tt][Rr][Aa][Nn][Ss]["
        "Pp][Aa][Rr][Ee][Nn][Tt])$",
     NULL, "# and 3, 6, 8, 9 or 12 hex digits, or an SVG colour keyword or transparent (any case)", NULL},
    {"base64", ak_syntax_base64, "^([A-Za-z0-9+/]{4})*([A-Za-z0-9+/][AQgw]==|[A-Za-z0-9+/]{2}[AEIMQUYcgkosw048]=)?$",
     NULL, "padded base64 without whitespace, zero pad bits", NULL},
};
const size_t ak_value_syntax_count = sizeof ak_value_syntaxes / sizeof ak_value_syntaxes[0];

const ak_value_syntax *ak_value_syntax_find(const char *machine)
{
    for (size_t i = 0; i < ak_value_syntax_count; i++)
        if (strcmp(ak_value_syntaxes[i].machine, machine) == 0)
            return &ak_value_syntaxes[i];
    return NULL;
}
