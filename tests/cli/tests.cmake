# Command-line behaviour (exit codes, help, inputs).
add_test(NAME cli.basics COMMAND ${AK_SYSTEM_PYTHON} ${CMAKE_CURRENT_LIST_DIR}/check_cli.py)
set_tests_properties(cli.basics PROPERTIES ENVIRONMENT "${AK_TEST_ENV}")
# docs/diagnostics.md is generated from the rule tables: it must be current.
add_test(NAME docs.diagnostics
         COMMAND ${AK_SYSTEM_PYTHON} ${CMAKE_SOURCE_DIR}/scripts/gen-diagnostics-doc $<TARGET_FILE:animkit_cli> --check)
# The command line's promises (issue 11): formats, files, output, terminals.
add_test(NAME cli.contract COMMAND ${AK_SYSTEM_PYTHON} ${CMAKE_CURRENT_LIST_DIR}/check_contract.py)
set_tests_properties(cli.contract PROPERTIES ENVIRONMENT "${AK_TEST_ENV}")
# Set-up (README, make install, install-deps groups).
add_test(NAME cli.setup COMMAND ${AK_SYSTEM_PYTHON} ${CMAKE_CURRENT_LIST_DIR}/check_setup.py)
set_tests_properties(cli.setup PROPERTIES ENVIRONMENT "${AK_TEST_ENV}")
