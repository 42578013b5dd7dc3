# Every command that decodes either succeeds within its memory budget or
# stops before allocating past it with animkit.limit.memory (exit 1, no
# output file); with the default budget above the address-space limit, an
# allocation the system refuses is animkit.limit.out-of-memory, never a
# crash (budget_check.sh). Bombs of 20 million Raw bool samples (20 MB of
# payload in LZMA, LZ4 and plain AnimX files), under 160 MiB of address
# space. Not under ASan, whose shadow memory reserves terabytes of address
# space.
if(NOT AK_SANITIZE)
  set(AK_BUDGET_ENV
    AK_BOMB=$<TARGET_FILE:animx_bomb>
    AK_RLIMIT_RUN=$<TARGET_FILE:ak_rlimit_run>
    AK_CLI=$<TARGET_FILE:animkit_cli>
    AK_BOMB_DIR=${CMAKE_CURRENT_BINARY_DIR}/memory-bombs)
  set(AK_BUDGET_SAMPLES 20000000)
  set(AK_BUDGET_AS 160M)
  set(AK_BUDGET_COMMANDS
    "dump\;@BOMB@\;-o\;@OUT@.json"
    "convert\;@BOMB@\;@OUT@.animj"
    "convert\;@BOMB@\;@OUT@.anim"
    "convert\;--compress\;lz4\;@BOMB@\;@OUT@.animx"
    "sample\;--times\;0:1:0.25\;@BOMB@")
  set(AK_BUDGET_NAMES dump convert-animj convert-maya convert-animx-lz4 sample)
  foreach(kind lzma lz4 plain)
    foreach(i RANGE 4)
      list(GET AK_BUDGET_COMMANDS ${i} args)
      list(GET AK_BUDGET_NAMES ${i} name)
      set(test memory.budget-${kind}-${name})
      add_test(NAME ${test}
        COMMAND ${CMAKE_CURRENT_LIST_DIR}/budget_check.sh ${kind} ${AK_BUDGET_SAMPLES} ${AK_BUDGET_AS}
                animkit.limit.memory -- ${args} --max-memory 48M)
      set_tests_properties(${test} PROPERTIES ENVIRONMENT "${AK_BUDGET_ENV}" LABELS memory
                           RESOURCE_LOCK animx-bomb-${kind})
    endforeach()
    # the default budget (half the machine, at most 2 GiB) is above the
    # limit: what the system refuses is a diagnostic too
    set(test memory.default-budget-${kind}-convert-animx-lz4)
    add_test(NAME ${test}
      COMMAND ${CMAKE_CURRENT_LIST_DIR}/budget_check.sh ${kind} ${AK_BUDGET_SAMPLES} ${AK_BUDGET_AS}
              animkit.limit.out-of-memory -- convert --compress lz4 @BOMB@ @OUT@.animx)
    set_tests_properties(${test} PROPERTIES ENVIRONMENT "${AK_BUDGET_ENV}" LABELS memory
                         RESOURCE_LOCK animx-bomb-${kind})
  endforeach()
endif()
