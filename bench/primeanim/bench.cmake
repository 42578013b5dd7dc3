# Metroid Prime ANIM: validate-only (which decodes the whole bitstream),
# decode into the document and the bitstream decoder alone on a generated v2
# file, next to a plain memcpy of the same bytes (bench/primeanim/run).
add_executable(primeanim_bench_gen ${CMAKE_SOURCE_DIR}/tests/primeanim/primeanim_cases.c)
target_include_directories(primeanim_bench_gen PRIVATE ${AK_GEN_DIR}/formats/primeanim ${CMAKE_SOURCE_DIR}/gen/rt)
target_link_libraries(primeanim_bench_gen PRIVATE animkit m)
add_executable(primeanim_bench ${CMAKE_CURRENT_LIST_DIR}/primeanim_bench.c)
target_compile_options(primeanim_bench PRIVATE ${AK_WARNINGS})
target_include_directories(primeanim_bench PRIVATE ${AK_GEN_DIR}/formats/primeanim ${CMAKE_SOURCE_DIR}/gen/rt
  ${CMAKE_SOURCE_DIR}/formats/primeanim)
target_link_libraries(primeanim_bench PRIVATE animkit m)
add_dependencies(bench_all primeanim_bench_gen primeanim_bench animkit_cli)
