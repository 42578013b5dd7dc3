# Memory: commands run under an address-space limit on generated bombs
# (small files with large payloads; made by the tests, never committed).
# ak_rlimit_run: setrlimit(RLIMIT_AS), exec, report the exit or the signal
# and the peak RSS. animx_bomb: an AnimX file with one Raw bool track of N
# samples, LZMA or LZ4, written piece by piece. validate and dump of them.
add_executable(ak_rlimit_run ${CMAKE_CURRENT_LIST_DIR}/ak_rlimit_run.c)
target_compile_options(ak_rlimit_run PRIVATE ${AK_WARNINGS})
add_executable(animx_bomb ${CMAKE_CURRENT_LIST_DIR}/animx_bomb.c)
target_compile_options(animx_bomb PRIVATE ${AK_WARNINGS})
target_link_libraries(animx_bomb PRIVATE lzma lz4)

# validate holds no payload: a 50 MB payload (LZMA and LZ4) validates within
# 24 MiB of address space (a trivial file needs 7 MiB: libc, the command,
# its libraries) and below 16 MiB peak RSS. Not under ASan, whose shadow
# memory reserves terabytes of address space.
if(NOT AK_SANITIZE)
  set(AK_MEMORY_ENV
    AK_BOMB=$<TARGET_FILE:animx_bomb>
    AK_RLIMIT_RUN=$<TARGET_FILE:ak_rlimit_run>
    AK_CLI=$<TARGET_FILE:animkit_cli>
    AK_BOMB_DIR=${CMAKE_CURRENT_BINARY_DIR}/memory-bombs)
  foreach(kind lzma lz4)
    add_test(NAME memory.validate-${kind}-bomb
      COMMAND ${CMAKE_CURRENT_LIST_DIR}/bomb_check.sh ${kind} 50000000 24M 16M 0 -- validate @BOMB@)
    set_tests_properties(memory.validate-${kind}-bomb PROPERTIES ENVIRONMENT "${AK_MEMORY_ENV}" LABELS memory
                         RESOURCE_LOCK animx-bomb-${kind})
  endforeach()
  # dump streams its JSON (350 MB of it) as it decodes, after a validating
  # pass: within the same limits, to a file (written whole: its size) and
  # to a device (/dev/null, written in place)
  foreach(kind lzma lz4)
    add_test(NAME memory.dump-${kind}-bomb
      COMMAND ${CMAKE_CURRENT_LIST_DIR}/bomb_check.sh ${kind} 50000000 24M 16M 0 -- dump @BOMB@ -o @OUT@)
    set_tests_properties(memory.dump-${kind}-bomb PROPERTIES
                         ENVIRONMENT "${AK_MEMORY_ENV};AK_EXPECT_BYTES=350000301" LABELS memory
                         RESOURCE_LOCK animx-bomb-${kind})
    add_test(NAME memory.dump-${kind}-bomb-devnull
      COMMAND ${CMAKE_CURRENT_LIST_DIR}/bomb_check.sh ${kind} 50000000 24M 16M 0 -- dump @BOMB@ -o /dev/null)
    set_tests_properties(memory.dump-${kind}-bomb-devnull PROPERTIES ENVIRONMENT "${AK_MEMORY_ENV}" LABELS memory
                         RESOURCE_LOCK animx-bomb-${kind})
  endforeach()
  # A header that declares a 64 MiB dictionary (liblzma's is then the
  # payload's 50 MB): it cannot be had within the limit, which is a
  # diagnostic (exit 1), not a crash or a silent pass.
  add_test(NAME memory.validate-lzma-dictionary-over-limit
    COMMAND ${CMAKE_CURRENT_LIST_DIR}/bomb_check.sh lzma 50000000 24M 16M 1 67108864 -- validate @BOMB@)
  set_tests_properties(memory.validate-lzma-dictionary-over-limit PROPERTIES
                       ENVIRONMENT "${AK_MEMORY_ENV};AK_EXPECT_CODE=animx.compress.lzma-data" LABELS memory
                       RESOURCE_LOCK animx-bomb-lzma-dict)
  # The same header within a budget smaller than its dictionary: refused
  # before liblzma allocates it, with the budget's rule.
  add_test(NAME memory.validate-lzma-dictionary-over-budget
    COMMAND ${CMAKE_CURRENT_LIST_DIR}/bomb_check.sh lzma 50000000 64M 16M 1 67108864 -- validate --max-memory 16M @BOMB@)
  set_tests_properties(memory.validate-lzma-dictionary-over-budget PROPERTIES
                       ENVIRONMENT "${AK_MEMORY_ENV};AK_EXPECT_CODE=animkit.limit.memory" LABELS memory
                       RESOURCE_LOCK animx-bomb-lzma-dict)
endif()

# The memory budget (--max-memory) of the decoding commands: budget.cmake.
include(${CMAKE_CURRENT_LIST_DIR}/budget.cmake)
