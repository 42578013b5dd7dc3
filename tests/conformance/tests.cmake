# Conformance suites: one test per tests/conformance/<format>/ folder.
add_executable(conformance_runner ${CMAKE_CURRENT_LIST_DIR}/runner.c)
target_compile_options(conformance_runner PRIVATE ${AK_WARNINGS})
target_link_libraries(conformance_runner PRIVATE animkit)
file(GLOB AK_CONFORMANCE_DIRS LIST_DIRECTORIES true ${CMAKE_CURRENT_LIST_DIR}/*)
foreach(dir ${AK_CONFORMANCE_DIRS})
  if(IS_DIRECTORY ${dir})
    get_filename_component(id ${dir} NAME)
    # Prime ANIM's cases are made at build time (tests/primeanim/generate.cmake):
    # its folder here holds only their .expected files
    if(id STREQUAL "primeanim")
      set(dir ${AK_PRIMEANIM_GENERATED}/conformance)
    endif()
    add_test(NAME conformance.${id} COMMAND conformance_runner ${dir} ${id})
    set_tests_properties(conformance.${id} PROPERTIES LABELS conformance)
  endif()
endforeach()
