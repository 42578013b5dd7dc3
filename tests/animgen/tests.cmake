# animgen: declarations whose expected outcome (ok, or the exact compiler
# error) is written in their header comment. One test per file; each is
# generated (not only --check'ed), so the emitter's own refusals are cases too.
file(GLOB AK_ANIMGEN_CASES CONFIGURE_DEPENDS ${CMAKE_CURRENT_LIST_DIR}/*.layout ${CMAKE_CURRENT_LIST_DIR}/*.schema)
foreach(case ${AK_ANIMGEN_CASES})
  get_filename_component(name ${case} NAME)
  file(RELATIVE_PATH rel ${CMAKE_SOURCE_DIR} ${case})
  add_test(NAME animgen.${name}
    COMMAND ${CMAKE_COMMAND} -DANIMGEN=$<TARGET_FILE:animgen> -DFILE=${case} -DREL=${rel}
            -DSRC=${CMAKE_SOURCE_DIR} -DOUT=${CMAKE_CURRENT_BINARY_DIR}/animgen-cases/${name}
            -P ${CMAKE_CURRENT_LIST_DIR}/run_case.cmake)
  set_tests_properties(animgen.${name} PROPERTIES LABELS animgen)
endforeach()
# The real declarations of the formats must check clean too.
file(GLOB AK_FORMAT_DECLS ${CMAKE_SOURCE_DIR}/formats/*/*.layout ${CMAKE_SOURCE_DIR}/formats/*/*.schema)
foreach(decl ${AK_FORMAT_DECLS})
  get_filename_component(name ${decl} NAME)
  add_test(NAME animgen.check.${name} COMMAND animgen --check ${decl})
  set_tests_properties(animgen.check.${name} PROPERTIES LABELS animgen)
endforeach()

# The generated code of two declarations compiles, decodes, reports and
# re-encodes: layout_all_constructs_ok.layout (demo_main.c) and the binary
# constructs of issue 10, layout_derived_ok.layout (derived_main.c).
function(ak_animgen_demo target layout main)
  get_filename_component(stem ${layout} NAME_WE)
  set(out ${CMAKE_CURRENT_BINARY_DIR}/${target}-gen)
  file(STRINGS ${CMAKE_CURRENT_LIST_DIR}/${layout} fmt REGEX "^format ")
  string(REGEX REPLACE "^format ([A-Za-z0-9_]+) .*" "\\1" id "${fmt}")
  # A stamp as the output, the files as byproducts (as in cmake/Animgen.cmake).
  add_custom_command(
    OUTPUT ${out}/${stem}.animgen.stamp
    BYPRODUCTS ${out}/${id}_layout.c ${out}/${id}_layout.h
    COMMAND ${CMAKE_COMMAND} -E make_directory ${out}
    COMMAND $<TARGET_FILE:animgen> -o ${out} tests/animgen/${layout}
    COMMAND ${CMAKE_COMMAND} -E touch ${out}/${stem}.animgen.stamp
    DEPENDS animgen ${CMAKE_CURRENT_LIST_DIR}/${layout}
    WORKING_DIRECTORY ${CMAKE_SOURCE_DIR}
    COMMENT "animgen tests/animgen/${layout}"
    VERBATIM)
  set_source_files_properties(${out}/${id}_layout.c PROPERTIES GENERATED TRUE COMPILE_OPTIONS "-w")
  add_executable(${target} ${CMAKE_CURRENT_LIST_DIR}/${main} ${out}/${id}_layout.c ${out}/${stem}.animgen.stamp)
  target_compile_options(${target} PRIVATE ${AK_WARNINGS})
  target_include_directories(${target} PRIVATE ${out} ${CMAKE_SOURCE_DIR}/gen/rt ${CMAKE_SOURCE_DIR}/grammars)
  target_link_libraries(${target} PRIVATE animkit)
endfunction()
ak_animgen_demo(animgen_demo layout_all_constructs_ok.layout demo_main.c)
add_test(NAME animgen.generated-demo COMMAND animgen_demo)
set_tests_properties(animgen.generated-demo PROPERTIES LABELS animgen)
ak_animgen_demo(animgen_derived_demo layout_derived_ok.layout derived_main.c)
add_test(NAME animgen.generated-derived COMMAND animgen_derived_demo)
set_tests_properties(animgen.generated-derived PROPERTIES LABELS animgen)
