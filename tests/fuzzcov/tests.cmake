# scripts/fuzz-coverage-summary.py: generated lines counted against the
# declarations their #line directives name (make fuzz-coverage, issue 31).
add_test(NAME fuzz.coverage-summary COMMAND ${AK_SYSTEM_PYTHON} ${CMAKE_CURRENT_LIST_DIR}/check_coverage_summary.py)
set_tests_properties(fuzz.coverage-summary PROPERTIES LABELS fuzz)
