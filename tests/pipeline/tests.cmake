# The pipeline proof: a tiny re2c scanner + Lemon grammar (tests/pipeline/).
ak_re2c(AK_CALC_SCANNER ${CMAKE_SOURCE_DIR}/tests/pipeline/calc.re)
ak_lemon(AK_CALC_PARSER ${CMAKE_SOURCE_DIR}/tests/pipeline/calc_parser.y)
add_executable(test_calc ${CMAKE_SOURCE_DIR}/tests/pipeline/test_calc.c ${AK_CALC_SCANNER} ${AK_CALC_PARSER})
target_compile_options(test_calc PRIVATE ${AK_WARNINGS})
target_include_directories(test_calc PRIVATE ${CMAKE_SOURCE_DIR}/tests/pipeline ${CMAKE_SOURCE_DIR}/tests/unit
                           ${AK_GEN_DIR}/tests/pipeline)
target_link_libraries(test_calc PRIVATE animkit PkgConfig::CMOCKA)
add_test(NAME pipeline.calc COMMAND test_calc)
