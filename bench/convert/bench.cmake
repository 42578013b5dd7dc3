# convert: AnimX -> AnimJ and Maya -> AnimX against validating the output
# (bench/convert/run); the inputs come from bench/animx's and bench/maya's
# generators.
add_dependencies(bench_all animx_bench_gen maya_gen animkit_cli)
