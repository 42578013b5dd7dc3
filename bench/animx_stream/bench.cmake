# Compressed AnimX: validate throughput (MB of payload per second) next to the
# codec alone on the same payload (liblzma raw decode, LZ4_decompress_safe),
# as a ratio; the files: a ~20 MB plain file of bench/animx framed both ways,
# and 200 MB-payload bombs of tests/memory/animx_bomb (bench/animx_stream/run).
add_executable(animx_stream_bench ${CMAKE_CURRENT_LIST_DIR}/animx_stream_bench.c)
target_compile_options(animx_stream_bench PRIVATE ${AK_WARNINGS})
target_link_libraries(animx_stream_bench PRIVATE animkit lzma lz4)
if(NOT TARGET animx_bomb)
  add_executable(animx_bomb ${CMAKE_SOURCE_DIR}/tests/memory/animx_bomb.c)
  target_link_libraries(animx_bomb PRIVATE lzma lz4)
endif()
add_dependencies(bench_all animx_stream_bench animx_bomb animx_bench_gen animkit_cli)
