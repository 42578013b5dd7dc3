# Metroid Prime ANIM: the case generator (byte arrays written from the spec,
# not the layout's encoder) runs at build time (generate.cmake, included by
# the top-level CMakeLists.txt); the committed .expected files of its
# conformance cases must be exactly what it makes (reviewable in git).
add_test(NAME primeanim.expected-files-current
  COMMAND ${CMAKE_COMMAND} -DGENERATED=${AK_PRIMEANIM_GENERATED}/conformance
          -DCOMMITTED=${CMAKE_SOURCE_DIR}/tests/conformance/primeanim
          -P ${CMAKE_CURRENT_LIST_DIR}/expected_current.cmake)
set_tests_properties(primeanim.expected-files-current PROPERTIES LABELS conformance)

# tests/unit/test_primeanim.c: hand-computed files, round trips, limits
target_include_directories(test_primeanim PRIVATE ${AK_GEN_DIR}/formats/primeanim ${CMAKE_SOURCE_DIR}/gen/rt
  ${CMAKE_SOURCE_DIR}/formats/primeanim)
target_link_libraries(test_primeanim PRIVATE m)
