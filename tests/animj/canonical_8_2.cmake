# animkit convert of corpus/animj/redx_discrete_bool_int_string.animj into
# AnimJ must give spec 8.2's canonical text (1519 bytes, SHA-256 below).
# Exits 77 (skipped) without ../shared.
set(in ${SHARED}/corpus/animj/redx_discrete_bool_int_string.animj)
if(NOT EXISTS ${in})
  # cmake -P cannot choose its exit status; a skipped test is reported by
  # the message the harness matches (SKIP_REGULAR_EXPRESSION)
  message("SKIPPED: no corpus")
  return()
endif()
execute_process(COMMAND ${CLI} convert ${in} ${OUT} RESULT_VARIABLE rc ERROR_VARIABLE err)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "convert failed (${rc}): ${err}")
endif()
file(SHA256 ${OUT} sha)
file(SIZE ${OUT} size)
if(NOT sha STREQUAL "0eeff692d27abfda111423eef28731578ba0af8b42ab07db85957ef1df2912fc" OR NOT size EQUAL 1519)
  message(FATAL_ERROR "canonical AnimJ differs from spec 8.2: ${size} bytes, SHA-256 ${sha}")
endif()
