# Metroid Prime ANIM's binary test inputs are made at build time, never
# committed (the project's checks flag binary .anim files as possible game
# files; spec §1.3): primeanim_gen (primeanim_cases.c, byte arrays written
# from the spec) writes
#   ${AK_PRIMEANIM_GENERATED}/conformance   the conformance cases and their .expected files
#   ${AK_PRIMEANIM_GENERATED}/examples      the examples of `make demo`
#   ${AK_PRIMEANIM_GENERATED}/fuzz-corpus   the fuzz seeds (replayed by the fuzz test, scripts/fuzz)
# Included by the top-level CMakeLists.txt with or without the tests (make
# demo builds without them).
set(AK_PRIMEANIM_GENERATED ${CMAKE_BINARY_DIR}/generated/primeanim)
add_executable(primeanim_gen ${CMAKE_CURRENT_LIST_DIR}/primeanim_cases.c)
set_target_properties(primeanim_gen PROPERTIES RUNTIME_OUTPUT_DIRECTORY ${CMAKE_BINARY_DIR}/tests)
target_compile_options(primeanim_gen PRIVATE ${AK_WARNINGS})
target_include_directories(primeanim_gen PRIVATE ${AK_GEN_DIR}/formats/primeanim ${CMAKE_SOURCE_DIR}/gen/rt)
target_link_libraries(primeanim_gen PRIVATE animkit m)
add_custom_command(
  OUTPUT ${AK_PRIMEANIM_GENERATED}/stamp
  COMMAND ${CMAKE_COMMAND} -E rm -rf ${AK_PRIMEANIM_GENERATED}/conformance ${AK_PRIMEANIM_GENERATED}/examples
          ${AK_PRIMEANIM_GENERATED}/fuzz-corpus
  COMMAND ${CMAKE_COMMAND} -E make_directory ${AK_PRIMEANIM_GENERATED}
  COMMAND primeanim_gen cases ${AK_PRIMEANIM_GENERATED}/conformance
  COMMAND primeanim_gen examples ${AK_PRIMEANIM_GENERATED}/examples
  COMMAND primeanim_gen seeds ${AK_PRIMEANIM_GENERATED}/fuzz-corpus
  COMMAND ${CMAKE_COMMAND} -E touch ${AK_PRIMEANIM_GENERATED}/stamp
  DEPENDS primeanim_gen
  COMMENT "Generating Metroid Prime ANIM cases, examples and fuzz seeds")
add_custom_target(primeanim_generated ALL DEPENDS ${AK_PRIMEANIM_GENERATED}/stamp)
