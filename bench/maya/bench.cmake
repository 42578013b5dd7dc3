# Maya .anim validate throughput against a naive reader (bench/maya/run).
add_executable(maya_gen ${CMAKE_CURRENT_LIST_DIR}/maya_make_input.c)
target_link_libraries(maya_gen PRIVATE m)
add_executable(maya_naive_reader ${CMAKE_CURRENT_LIST_DIR}/naive_reader.c)
target_compile_options(maya_naive_reader PRIVATE -O2)
add_dependencies(bench_all maya_gen maya_naive_reader animkit_cli)
