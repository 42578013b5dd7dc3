/* The validators animgen generated from the cases in tests/animgen/json/
 * (the table is written by tests/animgen/tests.cmake). */
#ifndef AK_TESTS_JSON_CASES_H
#define AK_TESTS_JSON_CASES_H

#include "ak_jschema.h"

typedef struct json_case {
    const char *id;
    ak_json_status (*validate)(const uint8_t *data, size_t size, const ak_options *opt, ak_diags *d,
                               const ak_rule *duplicate_rule, bool release_input, void *user);
} json_case;

extern const json_case json_cases[];
extern const size_t json_case_count;

#endif
