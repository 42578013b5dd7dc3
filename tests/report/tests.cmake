# animkit report and plot: golden reports, schemas, HTML5, -j, plot vs sample.
add_test(NAME report.check COMMAND ${AK_SYSTEM_PYTHON} ${CMAKE_CURRENT_LIST_DIR}/check_report.py)
set_tests_properties(report.check PROPERTIES ENVIRONMENT "${AK_TEST_ENV}" SKIP_RETURN_CODE 77
                     WORKING_DIRECTORY ${CMAKE_SOURCE_DIR} LABELS report)
# The HTML report and a plot in headless Chromium: run alone with `ctest -L browser`.
add_test(NAME report.browser COMMAND ${AK_SYSTEM_PYTHON} ${CMAKE_CURRENT_LIST_DIR}/check_browser.py)
set_tests_properties(report.browser PROPERTIES ENVIRONMENT "${AK_TEST_ENV}" SKIP_RETURN_CODE 77
                     WORKING_DIRECTORY ${CMAKE_SOURCE_DIR} LABELS "report;browser" TIMEOUT 300)
# docs/plot-bounce.svg (embedded in the README) is what scripts/regen-docs-plot makes.
add_test(NAME docs.plot COMMAND ${CMAKE_SOURCE_DIR}/scripts/regen-docs-plot $<TARGET_FILE:animkit_cli> --check)
# Shards, --merge, --cache, --files-from and --changed-since (issue 28).
add_test(NAME report.scale COMMAND ${AK_SYSTEM_PYTHON} ${CMAKE_CURRENT_LIST_DIR}/check_scale.py)
set_tests_properties(report.scale PROPERTIES ENVIRONMENT "${AK_TEST_ENV}" WORKING_DIRECTORY ${CMAKE_SOURCE_DIR}
                     LABELS report TIMEOUT 600)
# The examples of docs/ci.md run: the action with the workflow's inputs, the Slurm script, GNU parallel.
add_test(NAME report.ci COMMAND ${AK_SYSTEM_PYTHON} ${CMAKE_CURRENT_LIST_DIR}/check_ci.py)
set_tests_properties(report.ci PROPERTIES ENVIRONMENT "${AK_TEST_ENV}" SKIP_RETURN_CODE 77
                     WORKING_DIRECTORY ${CMAKE_SOURCE_DIR} LABELS report)
