# AnimX: the case generator (the project's encoder) and a check that the
# committed binary cases, examples and fuzz seeds are exactly what it makes.
add_executable(animx_gen ${CMAKE_CURRENT_LIST_DIR}/animx_cases.c)
target_compile_options(animx_gen PRIVATE ${AK_WARNINGS})
target_link_libraries(animx_gen PRIVATE animkit)
add_test(NAME animx.generated-files-current
  COMMAND ${CMAKE_COMMAND} -DID=animx -DGEN=$<TARGET_FILE:animx_gen> -DSRC=${CMAKE_SOURCE_DIR}
          -DTMP=${CMAKE_CURRENT_BINARY_DIR}/animx-regen -P ${CMAKE_SOURCE_DIR}/tests/regen_check.cmake)
set_tests_properties(animx.generated-files-current PROPERTIES LABELS conformance)
