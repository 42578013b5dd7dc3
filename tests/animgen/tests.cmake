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

# The generated code of the all-constructs declaration compiles, decodes,
# reports and re-encodes (tests/animgen/demo_main.c).
set(AK_DEMO_OUT ${CMAKE_CURRENT_BINARY_DIR}/animgen-demo)
# A stamp as the output, the files as byproducts (as in cmake/Animgen.cmake).
add_custom_command(
  OUTPUT ${AK_DEMO_OUT}/demo.animgen.stamp
  BYPRODUCTS ${AK_DEMO_OUT}/demo_layout.c ${AK_DEMO_OUT}/demo_layout.h
  COMMAND ${CMAKE_COMMAND} -E make_directory ${AK_DEMO_OUT}
  COMMAND $<TARGET_FILE:animgen> -o ${AK_DEMO_OUT} tests/animgen/layout_all_constructs_ok.layout
  COMMAND ${CMAKE_COMMAND} -E touch ${AK_DEMO_OUT}/demo.animgen.stamp
  DEPENDS animgen ${CMAKE_CURRENT_LIST_DIR}/layout_all_constructs_ok.layout
  WORKING_DIRECTORY ${CMAKE_SOURCE_DIR}
  COMMENT "animgen tests/animgen/layout_all_constructs_ok.layout"
  VERBATIM)
set_source_files_properties(${AK_DEMO_OUT}/demo_layout.c PROPERTIES GENERATED TRUE COMPILE_OPTIONS "-w")
add_executable(animgen_demo ${CMAKE_CURRENT_LIST_DIR}/demo_main.c ${AK_DEMO_OUT}/demo_layout.c
  ${AK_DEMO_OUT}/demo.animgen.stamp)
target_compile_options(animgen_demo PRIVATE ${AK_WARNINGS})
target_include_directories(animgen_demo PRIVATE ${AK_DEMO_OUT} ${CMAKE_SOURCE_DIR}/gen/rt ${CMAKE_SOURCE_DIR}/grammars)
target_link_libraries(animgen_demo PRIVATE animkit)
add_test(NAME animgen.generated-demo COMMAND animgen_demo)
set_tests_properties(animgen.generated-demo PROPERTIES LABELS animgen)
