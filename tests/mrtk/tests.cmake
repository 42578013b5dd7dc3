# MRTK: the case generator (the project's encoder, generated from
# formats/mrtk/mrtk.layout) and a check that the committed binary cases,
# examples and fuzz seeds are exactly what it generates.
add_executable(mrtk_gen ${CMAKE_CURRENT_LIST_DIR}/mrtk_cases.c)
target_compile_options(mrtk_gen PRIVATE ${AK_WARNINGS})
target_include_directories(mrtk_gen PRIVATE ${AK_GEN_DIR}/formats/mrtk ${CMAKE_SOURCE_DIR}/gen/rt)
target_link_libraries(mrtk_gen PRIVATE animkit)
add_test(NAME mrtk.generated-files-current
  COMMAND ${CMAKE_COMMAND} -DID=mrtk -DGEN=$<TARGET_FILE:mrtk_gen> -DSRC=${CMAKE_SOURCE_DIR}
          -DTMP=${CMAKE_CURRENT_BINARY_DIR}/mrtk-regen -P ${CMAKE_SOURCE_DIR}/tests/regen_check.cmake)
set_tests_properties(mrtk.generated-files-current PROPERTIES LABELS conformance)

# decode -> encode gives the same bytes for every case without errors.
add_executable(mrtk_roundtrip ${CMAKE_CURRENT_LIST_DIR}/mrtk_roundtrip.c)
target_compile_options(mrtk_roundtrip PRIVATE ${AK_WARNINGS})
target_include_directories(mrtk_roundtrip PRIVATE ${AK_GEN_DIR}/formats/mrtk ${CMAKE_SOURCE_DIR}/gen/rt)
target_link_libraries(mrtk_roundtrip PRIVATE animkit)
file(GLOB AK_MRTK_ROUNDTRIP_FILES ${CMAKE_SOURCE_DIR}/tests/conformance/mrtk/*/*.bin
     ${CMAKE_SOURCE_DIR}/examples/mrtk/*.bin ${CMAKE_SOURCE_DIR}/fuzz/corpus/mrtk/*)
add_test(NAME mrtk.roundtrip COMMAND mrtk_roundtrip ${AK_MRTK_ROUNDTRIP_FILES})
set_tests_properties(mrtk.roundtrip PROPERTIES LABELS conformance)
