/* The re2c + Lemon pipeline proof: scanning with re2c:eof (NUL bytes are
 * data), parsing with Lemon, owned values freed by %destructor. */
#include "test_support.h"

#include "calc.h"
#include "calc_parser.h"

void *AkCalcParseAlloc(void *(*malloc_fn)(size_t), ak_calc_state *state);
void AkCalcParseFree(void *parser, void (*free_fn)(void *));
void AkCalcParse(void *parser, int major, double minor);

ak_calc_value *ak_calc_value_new(ak_calc_state *s, double v)
{
    ak_calc_value *p = malloc(sizeof *p);
    assert_non_null(p);
    p->v = v;
    s->live_values++;
    return p;
}

void ak_calc_value_free(ak_calc_state *s, ak_calc_value *v)
{
    free(v);
    s->live_values--;
}

bool ak_calc_eval(const char *text, size_t n, double *out, ak_calc_state *state)
{
    memset(state, 0, sizeof *state);
    ak_calc_lexer lx = {(const unsigned char *)text, (const unsigned char *)text + n, NULL};
    void *parser = AkCalcParseAlloc(malloc, state);
    bool ok = true;
    for (;;) {
        double value = 0;
        int tok = ak_calc_next(&lx, &value);
        if (tok < 0) {
            ok = false;
            break;
        }
        AkCalcParse(parser, tok, value);
        if (state->syntax_error) {
            ok = false;
            break;
        }
        if (tok == 0)
            break;
    }
    AkCalcParseFree(parser, free); /* runs %destructor on what is left on the stack */
    if (ok && state->done)
        *out = state->result;
    return ok && state->done;
}

static void test_arithmetic(void **st)
{
    (void)st;
    ak_calc_state s;
    double v;
    assert_true(ak_calc_eval("1 + 2 * 3", 9, &v, &s));
    assert_true(v == 7);
    assert_true(ak_calc_eval("(1 + 2) * -3 / 2", 16, &v, &s));
    assert_true(v == -4.5);
    assert_int_equal(s.live_values, 0);
}

static void test_errors_free_values(void **st)
{
    (void)st;
    ak_calc_state s;
    double v;
    assert_false(ak_calc_eval("1 + (2 * 3", 10, &v, &s)); /* syntax error at the end */
    assert_int_equal(s.live_values, 0);
    assert_false(ak_calc_eval("1 + 2 )", 7, &v, &s));
    assert_int_equal(s.live_values, 0);
    assert_false(ak_calc_eval("1 + x", 5, &v, &s)); /* scanner error rule */
    assert_int_equal(s.live_values, 0);
}

static void test_nul_is_data(void **st)
{
    (void)st;
    ak_calc_state s;
    double v;
    /* re2c:eof stops at YYLIMIT, not at a NUL: the NUL is a bad byte */
    assert_false(ak_calc_eval("1 +\0 2", 6, &v, &s));
    assert_true(ak_calc_eval("1 + 2", 5, &v, &s));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_arithmetic),
        cmocka_unit_test(test_errors_free_values),
        cmocka_unit_test(test_nul_is_data),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
