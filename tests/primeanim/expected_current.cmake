# The committed .expected files of the Prime ANIM conformance cases
# (COMMITTED) are exactly those primeanim_gen made at build time
# (GENERATED): none differs, none is missing, none is left over.
# To update them: cmake --build build, then
#   cd build/generated/primeanim/conformance && find . -name '*.expected' | cpio -pdm <src>/tests/conformance/primeanim
# (or copy valid/*.expected and invalid/*.expected over).
file(GLOB_RECURSE generated RELATIVE ${GENERATED} ${GENERATED}/*.expected)
file(GLOB_RECURSE committed RELATIVE ${COMMITTED} ${COMMITTED}/*.expected)
if(NOT generated)
  message(FATAL_ERROR "no generated cases in ${GENERATED}: build the target primeanim_generated")
endif()
foreach(f ${generated})
  execute_process(COMMAND ${CMAKE_COMMAND} -E compare_files ${GENERATED}/${f} ${COMMITTED}/${f} RESULT_VARIABLE diff)
  if(NOT diff EQUAL 0)
    message(FATAL_ERROR "tests/conformance/primeanim/${f} differs from what primeanim_gen makes (copy it from ${GENERATED})")
  endif()
endforeach()
foreach(f ${committed})
  if(NOT EXISTS ${GENERATED}/${f})
    message(FATAL_ERROR "tests/conformance/primeanim/${f}: primeanim_gen makes no such case (remove it)")
  endif()
endforeach()
