/* Not compiled: the "checks" of tests/animgen/text_*.rules. animgen looks
 * for each rule's index constant in the files a text format names. */
static const int reported[] = {demo_R_FILE_EMPTY, demo_R_KEY_ORDER};
