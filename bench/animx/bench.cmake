# AnimX: validate-only and decode throughput on a generated ~100 MB plain file
# (written from the spec by animx_make_input, not by the project's encoder),
# next to a plain memcpy of the same bytes (bench/animx/run).
add_executable(animx_bench_gen ${CMAKE_CURRENT_LIST_DIR}/animx_make_input.c)
target_link_libraries(animx_bench_gen PRIVATE m)
add_executable(animx_bench ${CMAKE_SOURCE_DIR}/bench/layout_bench.c)
target_compile_definitions(animx_bench PRIVATE BENCH_ID="animx" BENCH_HEADER="animx_layout.h" BENCH_DECODE=animx_decode)
target_compile_options(animx_bench PRIVATE ${AK_WARNINGS})
target_include_directories(animx_bench PRIVATE ${AK_GEN_DIR}/formats/animx ${CMAKE_SOURCE_DIR}/gen/rt)
target_link_libraries(animx_bench PRIVATE animkit)
add_dependencies(bench_all animx_bench_gen animx_bench animkit_cli)
