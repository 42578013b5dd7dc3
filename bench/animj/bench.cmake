# AnimJ: schema validation throughput (the animgen-generated automaton and
# hooks) next to bare JSON well-formedness (the `json` format) on the same
# generated ~100 MB AnimJ file (bench/animj/run).
add_executable(animj_bench_gen ${CMAKE_CURRENT_LIST_DIR}/animj_make_input.c)
target_compile_options(animj_bench_gen PRIVATE ${AK_WARNINGS})
add_executable(animj_bench ${CMAKE_CURRENT_LIST_DIR}/animj_bench.c)
target_compile_options(animj_bench PRIVATE ${AK_WARNINGS})
target_link_libraries(animj_bench PRIVATE animkit)
add_dependencies(bench_all animj_bench_gen animj_bench animkit_cli)
