# Command-line behaviour (exit codes, help, inputs).
add_test(NAME cli.basics COMMAND ${AK_SYSTEM_PYTHON} ${CMAKE_CURRENT_LIST_DIR}/check_cli.py)
set_tests_properties(cli.basics PROPERTIES ENVIRONMENT "${AK_TEST_ENV}")
