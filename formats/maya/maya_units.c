/* Maya's word tables (spec 2.3) as values: frames per second of the time
 * units, radians per angular unit, centimetres per linear unit. The words
 * themselves are recognised by the scanner (grammars/maya_anim.re). */
#include "maya_doc.h"

#include <string.h>

const char *const maya_tangent_words[MAYA_TAN_COUNT] = {
    "global", "fixed", "linear", "flat", "spline", "step", "stepnext", "slow", "fast",
    "clamped", "plateau", "auto", "autoease", "automix", "autocustom",
};

const char *const maya_infinity_words[MAYA_INF_COUNT] = {
    "constant", "linear", "cycle", "cycleRelative", "oscillate",
};

static const uint8_t *bytes(const char *s) { return (const uint8_t *)s; }

double maya_time_unit_fps(const char *word)
{
    static const double fps[MAYA_TU_COUNT] = {1.0 / 3600, 1.0 / 60, 1, 1000, 15, 24, 25, 30, 48, 50, 60};
    if (!word)
        return 0;
    int u = maya_word_time_unit(bytes(word), strlen(word));
    return u < 0 ? 0 : fps[u];
}

double maya_angular_unit_rad(const char *word)
{
    static const double rad[MAYA_AU_COUNT] = {
        3.14159265358979323846 / 180, 1, 3.14159265358979323846 / 10800, 3.14159265358979323846 / 648000};
    bool long_form;
    if (!word)
        return 0;
    int u = maya_word_angular_unit(bytes(word), strlen(word), &long_form);
    return u < 0 ? 0 : rad[u];
}

double maya_linear_unit_cm(const char *word)
{
    static const double cm[MAYA_LU_COUNT] = {0.1, 1, 100, 100000, 2.54, 30.48, 91.44, 160934.4};
    bool long_form;
    if (!word)
        return 0;
    int u = maya_word_linear_unit(bytes(word), strlen(word), &long_form);
    return u < 0 ? 0 : cm[u];
}
