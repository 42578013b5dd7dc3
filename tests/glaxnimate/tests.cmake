# Glaxnimate (formats/glaxnimate): the JSON Schema export against the
# validator's cases, the coverage document and the shared corpus; the CLI end
# to end; the objects a conversion into Glaxnimate makes of target paths.
add_test(NAME glaxnimate.json-schema
  COMMAND /usr/bin/python3 ${CMAKE_CURRENT_LIST_DIR}/check_schema.py
          ${AK_GEN_DIR}/formats/glaxnimate/glaxnimate.schema.json ${CMAKE_SOURCE_DIR})
set_tests_properties(glaxnimate.json-schema PROPERTIES SKIP_RETURN_CODE 77 LABELS glaxnimate)
add_test(NAME glaxnimate.cli
  COMMAND /usr/bin/python3 ${CMAKE_CURRENT_LIST_DIR}/check_cli.py $<TARGET_FILE:animkit_cli> ${CMAKE_SOURCE_DIR})
set_tests_properties(glaxnimate.cli PROPERTIES LABELS glaxnimate)
add_test(NAME glaxnimate.objects
  COMMAND ${AK_SYSTEM_PYTHON} ${CMAKE_CURRENT_LIST_DIR}/check_objects.py $<TARGET_FILE:animkit_cli>)
set_tests_properties(glaxnimate.objects PROPERTIES LABELS glaxnimate)

# Lanes vs event by event (tests/unit/test_glaxnimate_lanes.c) reaches into
# the format's generated tables and its hooks' state (glaxnimate.h).
target_include_directories(test_glaxnimate_lanes PRIVATE ${AK_GEN_DIR}/formats/glaxnimate ${CMAKE_SOURCE_DIR}/gen/rt
                           ${CMAKE_SOURCE_DIR}/grammars)
add_dependencies(test_glaxnimate_lanes animkit_format_glaxnimate)
