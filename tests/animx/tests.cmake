# AnimX: the case generator (the project's encoder) and a check that the
# committed binary cases, examples and fuzz seeds are exactly what it makes.
add_executable(animx_gen ${CMAKE_CURRENT_LIST_DIR}/animx_cases.c)
target_compile_options(animx_gen PRIVATE ${AK_WARNINGS})
target_link_libraries(animx_gen PRIVATE animkit)
add_test(NAME animx.generated-files-current
  COMMAND ${CMAKE_COMMAND} -DID=animx -DGEN=$<TARGET_FILE:animx_gen> -DSRC=${CMAKE_SOURCE_DIR}
          -DTMP=${CMAKE_CURRENT_BINARY_DIR}/animx-regen -P ${CMAKE_SOURCE_DIR}/tests/regen_check.cmake)
set_tests_properties(animx.generated-files-current PROPERTIES LABELS conformance)

# An AnimX encoder and decoder in Python written from the spec, not from
# the C code (tests/animx/check_encoder.py): random AnimJ documents of every
# track type and importable value type convert to exactly its canonical
# bytes (also inside LZ4 and LZMA framing, decoded by the script), and the
# files it writes (all 40 value types; plain, LZMA, LZ4 chunk streams with
# its own LZ4 blocks, legacy version 0) validate, dump the values written and
# re-emit to its plain encoding.
add_test(NAME animx.independent-encoder
  COMMAND ${AK_SYSTEM_PYTHON} ${CMAKE_CURRENT_LIST_DIR}/check_encoder.py $<TARGET_FILE:animkit_cli>
          ${CMAKE_CURRENT_BINARY_DIR}/animx-independent)
set_tests_properties(animx.independent-encoder PROPERTIES LABELS conformance)

# tests/unit/test_animx_reemit.c: the streaming re-emission against the
# document path (the generated decoder and encoder, called directly)
target_include_directories(test_animx_reemit PRIVATE ${AK_GEN_DIR}/formats/animx ${CMAKE_SOURCE_DIR}/gen/rt
  ${CMAKE_SOURCE_DIR}/formats/animx)
target_link_libraries(test_animx_reemit PRIVATE lzma)
