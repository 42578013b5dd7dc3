# MRTK input animation: validate-only and decode throughput on a generated
# 200 MB recording, next to a plain memcpy of the same bytes (bench/mrtk/run).
add_executable(mrtk_bench_gen ${CMAKE_SOURCE_DIR}/tests/mrtk/mrtk_cases.c)
target_include_directories(mrtk_bench_gen PRIVATE ${AK_GEN_DIR}/formats/mrtk ${CMAKE_SOURCE_DIR}/gen/rt)
target_link_libraries(mrtk_bench_gen PRIVATE animkit)
add_executable(mrtk_bench ${CMAKE_SOURCE_DIR}/bench/layout_bench.c)
target_compile_definitions(mrtk_bench PRIVATE BENCH_ID="mrtk" BENCH_HEADER="mrtk_layout.h" BENCH_DECODE=mrtk_decode)
target_compile_options(mrtk_bench PRIVATE ${AK_WARNINGS})
target_include_directories(mrtk_bench PRIVATE ${AK_GEN_DIR}/formats/mrtk ${CMAKE_SOURCE_DIR}/gen/rt)
target_link_libraries(mrtk_bench PRIVATE animkit)
add_dependencies(bench_all mrtk_bench_gen mrtk_bench animkit_cli)
# The peer of the whole-process row: a 1 MiB read() loop over the file.
add_executable(mrtk_read_loop ${CMAKE_CURRENT_LIST_DIR}/read_loop.c)
target_compile_options(mrtk_read_loop PRIVATE ${AK_WARNINGS})
add_dependencies(bench_all mrtk_read_loop)
