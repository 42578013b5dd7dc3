# animkit report -j 1 vs -j 2 over a generated folder of small files (bench/report/run).
add_dependencies(bench_all animkit_cli)
