# Memory: commands run under an address-space limit on generated bombs
# (small files with large payloads; made by the tests, never committed).
# ak_rlimit_run: setrlimit(RLIMIT_AS), exec, report the exit or the signal
# and the peak RSS. animx_bomb: an AnimX file with one Raw bool track of N
# samples, LZMA or LZ4, written piece by piece.
add_executable(ak_rlimit_run ${CMAKE_CURRENT_LIST_DIR}/ak_rlimit_run.c)
target_compile_options(ak_rlimit_run PRIVATE ${AK_WARNINGS})
add_executable(animx_bomb ${CMAKE_CURRENT_LIST_DIR}/animx_bomb.c)
target_compile_options(animx_bomb PRIVATE ${AK_WARNINGS})
target_link_libraries(animx_bomb PRIVATE lzma lz4)
