# Conversions through the common model (bench/convert/run): the inputs are
# the AnimJ and Glaxnimate benchmarks' generated files.
add_dependencies(bench_all animj_bench_gen glaxnimate_bench_gen animkit_cli)
