# Regenerates the AnimX cases, examples and seeds into TMP and compares them
# with the committed ones (cmake -P; GEN, SRC, TMP given with -D).
# To update the committed files:
#   build/tests/animx_gen cases tests/conformance/animx
#   build/tests/animx_gen examples examples/animx
#   build/tests/animx_gen seeds fuzz/corpus/animx
foreach(pair "cases;tests/conformance/animx" "examples;examples/animx" "seeds;fuzz/corpus/animx")
  list(GET pair 0 what)
  list(GET pair 1 dir)
  file(REMOVE_RECURSE ${TMP}/${what})
  file(MAKE_DIRECTORY ${TMP}/${what})
  execute_process(COMMAND ${GEN} ${what} ${TMP}/${what} RESULT_VARIABLE rc)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "animx_gen ${what} failed")
  endif()
  file(GLOB_RECURSE generated RELATIVE ${TMP}/${what} ${TMP}/${what}/*)
  foreach(f ${generated})
    execute_process(COMMAND ${CMAKE_COMMAND} -E compare_files ${TMP}/${what}/${f} ${SRC}/${dir}/${f}
                    RESULT_VARIABLE diff)
    if(NOT diff EQUAL 0)
      message(FATAL_ERROR "${dir}/${f} differs from what animx_gen ${what} makes (regenerate it)")
    endif()
  endforeach()
endforeach()
