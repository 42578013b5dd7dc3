# SARIF 2.1.0 schema validation and the shape of --diagnostics json.
add_test(NAME sarif.schema
         COMMAND ${AK_SYSTEM_PYTHON} ${CMAKE_CURRENT_LIST_DIR}/check_sarif.py
                 ${CMAKE_CURRENT_LIST_DIR}/inputs ${CMAKE_SOURCE_DIR}/examples
                 ${CMAKE_SOURCE_DIR}/tests/conformance)
set_tests_properties(sarif.schema PROPERTIES ENVIRONMENT "${AK_TEST_ENV}" SKIP_RETURN_CODE 77
                     WORKING_DIRECTORY ${CMAKE_SOURCE_DIR})
