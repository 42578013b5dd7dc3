# The conversion matrix: every ordered pair of the six animation formats over
# the examples (and the corpus where ../shared is present), and
# docs/conversions.md, generated from it, current.
add_test(NAME conversions.matrix COMMAND ${AK_SYSTEM_PYTHON} ${CMAKE_CURRENT_LIST_DIR}/check_matrix.py)
set_tests_properties(conversions.matrix PROPERTIES ENVIRONMENT "${AK_TEST_ENV}" LABELS conversions)
