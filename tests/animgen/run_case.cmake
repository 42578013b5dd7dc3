# Runs animgen on one declaration (cmake -P; ANIMGEN, FILE, REL, SRC, OUT
# given with -D), generating into OUT (so that errors only the emitter finds
# count too), and compares with the expectation in its header comment:
#   # expect: ok
#   # expect: LINE:COL: error: MESSAGE
# An error expectation must match the first diagnostic exactly
# (REL:LINE:COL: error: MESSAGE) and animgen must exit with status 1; the
# source line and a caret must follow it.
file(STRINGS ${FILE} header REGEX "^# expect: ")
list(GET header 0 expect)
string(REGEX REPLACE "^# expect: " "" expect "${expect}")
file(REMOVE_RECURSE ${OUT})
file(MAKE_DIRECTORY ${OUT})
execute_process(COMMAND ${ANIMGEN} -o ${OUT} ${REL} WORKING_DIRECTORY ${SRC}
                RESULT_VARIABLE rc ERROR_VARIABLE err OUTPUT_VARIABLE out)
if(expect STREQUAL "ok")
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "expected no error, got (${rc}):\n${err}")
  endif()
  return()
endif()
if(NOT rc EQUAL 1)
  message(FATAL_ERROR "expected exit status 1, got ${rc}:\n${err}")
endif()
string(REPLACE "\n" ";" lines "${err}")
list(GET lines 0 first)
if(NOT first STREQUAL "${REL}:${expect}")
  message(FATAL_ERROR "expected\n  ${REL}:${expect}\ngot\n  ${first}")
endif()
list(LENGTH lines n)
if(n LESS 3)
  message(FATAL_ERROR "no source line and caret after the message:\n${err}")
endif()
list(GET lines 2 caret)
if(NOT caret MATCHES "^[ \t]*\\^$")
  message(FATAL_ERROR "third line is not a caret: '${caret}'")
endif()
