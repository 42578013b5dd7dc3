# Metroid Prime ANIM: the case generator (byte arrays written from the spec,
# not the layout's encoder) and a check that the committed binary cases,
# examples and fuzz seeds are exactly what it generates.
add_executable(primeanim_gen ${CMAKE_CURRENT_LIST_DIR}/primeanim_cases.c)
target_compile_options(primeanim_gen PRIVATE ${AK_WARNINGS})
target_include_directories(primeanim_gen PRIVATE ${AK_GEN_DIR}/formats/primeanim ${CMAKE_SOURCE_DIR}/gen/rt)
target_link_libraries(primeanim_gen PRIVATE animkit m)
add_test(NAME primeanim.generated-files-current
  COMMAND ${CMAKE_COMMAND} -DID=primeanim -DGEN=$<TARGET_FILE:primeanim_gen> -DSRC=${CMAKE_SOURCE_DIR}
          -DTMP=${CMAKE_CURRENT_BINARY_DIR}/primeanim-regen -P ${CMAKE_SOURCE_DIR}/tests/regen_check.cmake)
set_tests_properties(primeanim.generated-files-current PROPERTIES LABELS conformance)

# tests/unit/test_primeanim.c: hand-computed files, round trips, limits
target_include_directories(test_primeanim PRIVATE ${AK_GEN_DIR}/formats/primeanim ${CMAKE_SOURCE_DIR}/gen/rt
  ${CMAKE_SOURCE_DIR}/formats/primeanim)
target_link_libraries(test_primeanim PRIVATE m)
