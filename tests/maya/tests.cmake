# Maya .anim: the unit test reaches into the grammar's interface
# (grammars/maya_syntax.h, which includes the generated rule header).
target_include_directories(test_maya PRIVATE ${AK_GEN_DIR}/formats/maya ${CMAKE_SOURCE_DIR}/gen/rt
  ${CMAKE_SOURCE_DIR}/grammars)
add_dependencies(test_maya animkit)

# The case files are what tests/maya/make_cases.py writes (inputs and the
# .strict.expected derived from the spec's severity table), animkit's rule
# table agrees with the spec's columns, and every rule of the spec's table
# has a case that expects it at a line at both levels.
add_test(NAME maya.cases COMMAND ${AK_SYSTEM_PYTHON} ${CMAKE_SOURCE_DIR}/tests/maya/make_cases.py --check
         WORKING_DIRECTORY ${CMAKE_SOURCE_DIR})
set_tests_properties(maya.cases PROPERTIES ENVIRONMENT "${AK_TEST_ENV}" LABELS conformance)

# animkit convert x.anim y.anim keeps every value (tiny ones of old Maya
# versions included) and the layout of a Maya-written file.
add_test(NAME maya.reemit COMMAND ${AK_SYSTEM_PYTHON} ${CMAKE_SOURCE_DIR}/tests/maya/check_reemit.py)
set_tests_properties(maya.reemit PROPERTIES ENVIRONMENT "${AK_TEST_ENV}")
