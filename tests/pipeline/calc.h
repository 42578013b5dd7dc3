/* Shared declarations of the pipeline-proof calculator. */
#ifndef AK_TEST_CALC_H
#define AK_TEST_CALC_H

#include <stdbool.h>
#include <stddef.h>

typedef struct ak_calc_value {
    double v;
} ak_calc_value;

typedef struct ak_calc_state {
    double result;
    bool done;
    bool syntax_error;
    int live_values; /* owned values not yet freed: must be 0 at the end */
} ak_calc_state;

ak_calc_value *ak_calc_value_new(ak_calc_state *s, double v);
void ak_calc_value_free(ak_calc_state *s, ak_calc_value *v);

typedef struct ak_calc_lexer {
    const unsigned char *cur, *lim;
    const unsigned char *bad;
} ak_calc_lexer;

int ak_calc_next(ak_calc_lexer *lx, double *value);

/* Evaluates text; false on a scan or syntax error. */
bool ak_calc_eval(const char *text, size_t n, double *out, ak_calc_state *state);

#endif
