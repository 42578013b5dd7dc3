# Conversions through the common model (bench/convert/run): AnimX -> AnimJ
# and Maya -> AnimX against validating the output; the AnimJ and Glaxnimate
# benchmarks' generated files into other formats and back.
add_dependencies(bench_all animx_bench_gen maya_gen animj_bench_gen glaxnimate_bench_gen animkit_cli)
