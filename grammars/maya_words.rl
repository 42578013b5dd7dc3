/* The value words of Maya's .anim files (spec 2.3) as a Ragel machine:
 * time units (exactly these 11, no long forms), linear and angular units
 * (short or long), infinity types and output classes. One pass tells every
 * table a word belongs to: "min" and "sec" are time and angular units,
 * "linear" is an output class and an infinity type.
 *
 * These are values the grammar's actions check (spec rules 26, 27, 45, 48),
 * so they are a value syntax here, like UTF-8 or JSON numbers. The tangent
 * words are not: the grammar tells `fixed` (which takes an angle/weight
 * pair) from the others, so the scanner classifies them in its own DFA
 * (grammars/maya_anim.re). Cased exactly as Maya writes them. */
#include "maya_syntax.h"

#include <string.h>

%%{
    machine maya_words;
    alphtype unsigned char;

    time = "hour" %{ w.time_unit = 0; } | "min" %{ w.time_unit = 1; } | "sec" %{ w.time_unit = 2; }
         | "millisec" %{ w.time_unit = 3; } | "game" %{ w.time_unit = 4; } | "film" %{ w.time_unit = 5; }
         | "pal" %{ w.time_unit = 6; } | "ntsc" %{ w.time_unit = 7; } | "show" %{ w.time_unit = 8; }
         | "palf" %{ w.time_unit = 9; } | "ntscf" %{ w.time_unit = 10; };
    linear = "mm" %{ w.linear_unit = 0; } | "cm" %{ w.linear_unit = 1; } | "m" %{ w.linear_unit = 2; }
           | "km" %{ w.linear_unit = 3; } | "in" %{ w.linear_unit = 4; } | "ft" %{ w.linear_unit = 5; }
           | "yd" %{ w.linear_unit = 6; } | "mi" %{ w.linear_unit = 7; }
           | "millimeter" %{ w.linear_unit = 0; w.long_form = true; }
           | "centimeter" %{ w.linear_unit = 1; w.long_form = true; }
           | "meter" %{ w.linear_unit = 2; w.long_form = true; }
           | "kilometer" %{ w.linear_unit = 3; w.long_form = true; }
           | "inch" %{ w.linear_unit = 4; w.long_form = true; }
           | "foot" %{ w.linear_unit = 5; w.long_form = true; }
           | "yard" %{ w.linear_unit = 6; w.long_form = true; }
           | "mile" %{ w.linear_unit = 7; w.long_form = true; };
    angular = "deg" %{ w.angular_unit = 0; } | "rad" %{ w.angular_unit = 1; }
            | "min" %{ w.angular_unit = 2; } | "sec" %{ w.angular_unit = 3; }
            | "degree" %{ w.angular_unit = 0; w.long_form = true; }
            | "radian" %{ w.angular_unit = 1; w.long_form = true; }
            | "minute" %{ w.angular_unit = 2; w.long_form = true; }
            | "second" %{ w.angular_unit = 3; w.long_form = true; };
    infinity = "constant" %{ w.infinity = 0; } | "linear" %{ w.infinity = 1; } | "cycle" %{ w.infinity = 2; }
             | "cycleRelative" %{ w.infinity = 3; } | "oscillate" %{ w.infinity = 4; };
    output = "linear" %{ w.output = 0; } | "angular" %{ w.output = 1; } | "time" %{ w.output = 2; }
           | "unitless" %{ w.output = 3; };
    main := time | linear | angular | infinity | output;
}%%

%% write data noerror nofinal noentry;

maya_word maya_word_of(const uint8_t *s, size_t n)
{
    maya_word w = {-1, -1, -1, -1, -1, false};
    if (!n)
        return w;
    const unsigned char *p = s, *pe = s + n, *eof = pe;
    int cs = maya_words_start;
    %% write exec;
    if (p != pe) /* stopped early: not a word of the tables */
        return (maya_word){-1, -1, -1, -1, -1, false};
    return w;
}

const char *const maya_infinity_words[MAYA_INF_COUNT] = {"constant", "linear", "cycle", "cycleRelative",
                                                         "oscillate"};

static maya_word word_of(const char *s)
{
    return s ? maya_word_of((const uint8_t *)s, strlen(s)) : maya_word_of(NULL, 0);
}

double maya_time_unit_fps(const char *word)
{
    static const double fps[] = {1.0 / 3600, 1.0 / 60, 1, 1000, 15, 24, 25, 30, 48, 50, 60};
    int u = word_of(word).time_unit;
    return u < 0 ? 0 : fps[u];
}

double maya_linear_unit_cm(const char *word)
{
    static const double cm[] = {0.1, 1, 100, 100000, 2.54, 30.48, 91.44, 160934.4};
    int u = word_of(word).linear_unit;
    return u < 0 ? 0 : cm[u];
}

double maya_angular_unit_rad(const char *word)
{
    static const double rad[] = {3.14159265358979323846 / 180, 1, 3.14159265358979323846 / 10800,
                                 3.14159265358979323846 / 648000};
    int u = word_of(word).angular_unit;
    return u < 0 ? 0 : rad[u];
}
