/* The rule table of the Maya .anim format (spec section 4). */
#include "maya_rules.h"

#define E AK_SEV_ERROR
#define W AK_SEV_WARNING

const ak_rule maya_rules[MR_COUNT] = {
#define X(id, code, strict, compat, rationale) {code, compat, strict, rationale, rationale},
    MAYA_RULES(X)
#undef X
};
