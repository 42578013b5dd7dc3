# animkit report -j 1 vs -j 2 over a generated folder of small files, next to
# a perfectly parallel program's -j 1 vs -j 2 (bench/report/run).
add_executable(report_parallel_peer ${CMAKE_CURRENT_LIST_DIR}/parallel_peer.c)
target_compile_options(report_parallel_peer PRIVATE ${AK_WARNINGS})
find_package(Threads REQUIRED)
target_link_libraries(report_parallel_peer PRIVATE Threads::Threads)
add_dependencies(bench_all animkit_cli report_parallel_peer)
