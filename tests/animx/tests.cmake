# AnimX compression hooks (formats/animx/animx_compress.c). The animx format
# is not registered yet, so libanimkit.a does not contain the hooks: this
# test builds them itself. Once formats/animx/CMakeLists.txt calls
# ak_add_format(animx ... LIBS lzma lz4), the test can move to
# tests/unit/test_animx_compress.c and this fragment can go.
add_executable(test_animx_compress
  ${CMAKE_CURRENT_LIST_DIR}/test_animx_compress.c
  ${CMAKE_SOURCE_DIR}/formats/animx/animx_compress.c
  ${CMAKE_SOURCE_DIR}/formats/animx/animx_compress_rules.c)
target_compile_options(test_animx_compress PRIVATE ${AK_WARNINGS})
target_include_directories(test_animx_compress PRIVATE ${CMAKE_SOURCE_DIR}/formats/animx
                           ${CMAKE_SOURCE_DIR}/tests/unit)
target_link_libraries(test_animx_compress PRIVATE animkit lzma lz4 PkgConfig::CMOCKA)
add_test(NAME unit.animx_compress COMMAND test_animx_compress WORKING_DIRECTORY ${CMAKE_SOURCE_DIR})
set_tests_properties(unit.animx_compress PROPERTIES ENVIRONMENT "${AK_TEST_ENV}" LABELS unit)
