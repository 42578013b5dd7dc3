# Glaxnimate: validation throughput (the animgen-generated automaton and the
# reference hook) next to bare JSON well-formedness on the same generated
# ~100 MB .rawr file (bench/glaxnimate/run).
add_executable(glaxnimate_bench_gen ${CMAKE_CURRENT_LIST_DIR}/glaxnimate_make_input.c)
target_compile_options(glaxnimate_bench_gen PRIVATE ${AK_WARNINGS})
add_executable(glaxnimate_bench ${CMAKE_CURRENT_LIST_DIR}/glaxnimate_bench.c)
target_compile_options(glaxnimate_bench PRIVATE ${AK_WARNINGS})
target_link_libraries(glaxnimate_bench PRIVATE animkit)
add_dependencies(bench_all glaxnimate_bench_gen glaxnimate_bench animkit_cli)
