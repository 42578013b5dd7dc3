# Regenerates a binary format's conformance cases, examples and fuzz seeds
# into TMP with its case generator and compares them with the committed ones
# (cmake -P; ID, GEN, SRC, TMP given with -D). To update the committed files:
#   build/tests/<id>_gen cases tests/conformance/<id>
#   build/tests/<id>_gen examples examples/<id>
#   build/tests/<id>_gen seeds fuzz/corpus/<id>
foreach(pair "cases;tests/conformance/${ID}" "examples;examples/${ID}" "seeds;fuzz/corpus/${ID}")
  list(GET pair 0 what)
  list(GET pair 1 dir)
  file(REMOVE_RECURSE ${TMP}/${what})
  file(MAKE_DIRECTORY ${TMP}/${what})
  execute_process(COMMAND ${GEN} ${what} ${TMP}/${what} RESULT_VARIABLE rc)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "${ID}_gen ${what} failed")
  endif()
  file(GLOB_RECURSE generated RELATIVE ${TMP}/${what} ${TMP}/${what}/*)
  foreach(f ${generated})
    execute_process(COMMAND ${CMAKE_COMMAND} -E compare_files ${TMP}/${what}/${f} ${SRC}/${dir}/${f}
                    RESULT_VARIABLE diff)
    if(NOT diff EQUAL 0)
      message(FATAL_ERROR "${dir}/${f} differs from what ${ID}_gen ${what} makes (regenerate it)")
    endif()
  endforeach()
endforeach()
