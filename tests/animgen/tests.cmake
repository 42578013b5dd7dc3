# animgen: declarations whose expected outcome (ok, or the exact compiler
# error) is written in their header comment. One test per file; each is
# generated (not only --check'ed), so the emitter's own refusals are cases too.
file(GLOB AK_ANIMGEN_CASES CONFIGURE_DEPENDS ${CMAKE_CURRENT_LIST_DIR}/*.layout ${CMAKE_CURRENT_LIST_DIR}/*.schema
  ${CMAKE_CURRENT_LIST_DIR}/json/*.schema ${CMAKE_CURRENT_LIST_DIR}/*.rules ${CMAKE_CURRENT_LIST_DIR}/*.document)
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
file(GLOB AK_FORMAT_DECLS ${CMAKE_SOURCE_DIR}/formats/*/*.layout ${CMAKE_SOURCE_DIR}/formats/*/*.schema
  ${CMAKE_SOURCE_DIR}/formats/*/*.rules ${CMAKE_SOURCE_DIR}/formats/*/*.document)
foreach(decl ${AK_FORMAT_DECLS})
  get_filename_component(name ${decl} NAME)
  add_test(NAME animgen.check.${name} COMMAND animgen --check ${decl})
  set_tests_properties(animgen.check.${name} PROPERTIES LABELS animgen)
endforeach()

# The generated code of two declarations compiles, decodes, reports and
# re-encodes: layout_all_constructs_ok.layout (demo_main.c) and the binary
# constructs of issue 10, layout_derived_ok.layout (derived_main.c); that of
# a document (below) dumps and undumps.
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
# Bounds set by format options, `assert each`, option words and a `kept`
# array (issue 26): layout_limits_ok.layout (limits_main.c).
ak_animgen_demo(animgen_limits_demo layout_limits_ok.layout limits_main.c)
add_test(NAME animgen.generated-limits COMMAND animgen_limits_demo)
set_tests_properties(animgen.generated-limits PROPERTIES LABELS animgen)
# Block checks of element arrays against the per-element reader (issue 27):
# layout_blocks_ok.layout (blocks_main.c).
ak_animgen_demo(animgen_blocks_demo layout_blocks_ok.layout blocks_main.c)
add_test(NAME animgen.generated-blocks COMMAND animgen_blocks_demo)
set_tests_properties(animgen.generated-blocks PROPERTIES LABELS animgen)
# A model's `tracks` list that an aggregate reads is made whole before it is
# encoded (model_list_sum_ok.layout, model_list_main.c); AnimX's, read by
# none, is made an element at a time (unit.animx).
ak_animgen_demo(animgen_model_list_demo model_list_sum_ok.layout model_list_main.c)
add_test(NAME animgen.generated-model-list COMMAND animgen_model_list_demo)
set_tests_properties(animgen.generated-model-list PROPERTIES LABELS animgen)
# A text format's document (document_ok.document, document_main.c): its
# dump, undump and the dump's JSON Schema.
ak_animgen_demo(animgen_document_demo document_ok.document document_main.c)
add_test(NAME animgen.generated-document COMMAND animgen_document_demo)
add_test(NAME animgen.document-schema
  COMMAND ${AK_SYSTEM_PYTHON} ${CMAKE_CURRENT_LIST_DIR}/check_document_schema.py $<TARGET_FILE:animgen_document_demo>)
set_tests_properties(animgen.generated-document animgen.document-schema PROPERTIES LABELS animgen SKIP_RETURN_CODE 77)

# JSON constructs: each tests/animgen/json/<id>.schema declares one
# construct and lists documents that must pass and fail (with the expected
# diagnostics) in its comments. animgen generates its validator (and its
# lanes); tests/animgen/json_cases.c runs the documents through it.
file(GLOB AK_JSON_CASES CONFIGURE_DEPENDS ${CMAKE_CURRENT_LIST_DIR}/json/*.schema)
set(AK_JSON_CASES_OUT ${CMAKE_CURRENT_BINARY_DIR}/json-cases)
set(_sources "")
set(_includes "")
set(_entries "")
foreach(case ${AK_JSON_CASES})
  get_filename_component(id ${case} NAME_WE)
  file(RELATIVE_PATH rel ${CMAKE_SOURCE_DIR} ${case})
  set(out ${AK_JSON_CASES_OUT})
  add_custom_command(
    OUTPUT ${out}/${id}.animgen.stamp
    BYPRODUCTS ${out}/${id}_layout.c ${out}/${id}_layout.h ${out}/${id}_lanes.re ${out}/${id}.schema.json
    COMMAND ${CMAKE_COMMAND} -E make_directory ${out}
    COMMAND $<TARGET_FILE:animgen> --id ${id} -o ${out} ${rel}
    COMMAND ${CMAKE_COMMAND} -E touch ${out}/${id}.animgen.stamp
    DEPENDS animgen ${case}
    WORKING_DIRECTORY ${CMAKE_SOURCE_DIR}
    COMMENT "animgen ${rel}"
    VERBATIM)
  add_custom_command(
    OUTPUT ${out}/${id}_lanes.c
    COMMAND ${RE2C_EXECUTABLE} -W -Werror -Wno-nondeterministic-tags --no-generation-date --no-version
            -o ${out}/${id}_lanes.c ${out}/${id}_lanes.re
    DEPENDS ${out}/${id}.animgen.stamp
    COMMENT "re2c ${id}_lanes.re"
    VERBATIM)
  set_source_files_properties(${out}/${id}_layout.c ${out}/${id}_lanes.c PROPERTIES GENERATED TRUE COMPILE_OPTIONS "-w")
  list(APPEND _sources ${out}/${id}_layout.c ${out}/${id}_lanes.c ${out}/${id}.animgen.stamp)
  string(APPEND _includes "#include \"${id}_layout.h\"\n")
  string(APPEND _entries "    {\"${id}\", ${id}_validate_json},\n")
  add_test(NAME animgen.json.${id} COMMAND animgen_json_cases ${rel} WORKING_DIRECTORY ${CMAKE_SOURCE_DIR})
  # the JSON Schema export of the case against the same documents
  add_test(NAME animgen.json-export.${id}
    COMMAND ${AK_SYSTEM_PYTHON} ${CMAKE_CURRENT_LIST_DIR}/check_json_export.py ${rel} ${out}/${id}.schema.json
    WORKING_DIRECTORY ${CMAKE_SOURCE_DIR})
  set_tests_properties(animgen.json.${id} animgen.json-export.${id} PROPERTIES LABELS animgen SKIP_RETURN_CODE 77)
endforeach()
file(CONFIGURE OUTPUT ${AK_JSON_CASES_OUT}/json_cases_table.c CONTENT
"/* Generated by tests/animgen/tests.cmake. */
#include \"json_cases.h\"
${_includes}
const json_case json_cases[] = {
${_entries}};
const size_t json_case_count = sizeof json_cases / sizeof json_cases[0];
")
# The validators (also linked by fuzz/jschema_fuzzer.c).
add_library(animgen_json_case_validators OBJECT ${AK_JSON_CASES_OUT}/json_cases_table.c ${_sources}
  ${CMAKE_CURRENT_LIST_DIR}/json_case_hooks.c)
set_source_files_properties(${CMAKE_CURRENT_LIST_DIR}/json_case_hooks.c PROPERTIES COMPILE_OPTIONS "${AK_WARNINGS}")
set_source_files_properties(${AK_JSON_CASES_OUT}/json_cases_table.c PROPERTIES COMPILE_OPTIONS "-w")
target_include_directories(animgen_json_case_validators PUBLIC ${CMAKE_CURRENT_LIST_DIR} ${AK_JSON_CASES_OUT}
  ${CMAKE_SOURCE_DIR}/gen/rt ${CMAKE_SOURCE_DIR}/grammars ${CMAKE_SOURCE_DIR}/include ${CMAKE_SOURCE_DIR}/runtime)
add_executable(animgen_json_cases ${CMAKE_CURRENT_LIST_DIR}/json_cases.c)
target_compile_options(animgen_json_cases PRIVATE ${AK_WARNINGS})
target_link_libraries(animgen_json_cases PRIVATE animgen_json_case_validators animkit)
# The Glaxnimate sketch on every corpus file (no diagnostic at all).
add_test(NAME animgen.json.rawr-corpus
  COMMAND animgen_json_cases tests/animgen/json/rawr.schema ${AK_SHARED_DIR}/corpus/glaxnimate
  WORKING_DIRECTORY ${CMAKE_SOURCE_DIR})
set_tests_properties(animgen.json.rawr-corpus PROPERTIES LABELS animgen SKIP_RETURN_CODE 77)
# Generated C leads back to the declaration (#line, repository-relative).
add_test(NAME animgen.json.line-directives
  COMMAND ${CMAKE_COMMAND} -DFILE=${AK_JSON_CASES_OUT}/families_layout.c -DDECL=tests/animgen/json/families.schema
          -P ${CMAKE_CURRENT_LIST_DIR}/check_lines.cmake)
add_test(NAME animgen.animj.line-directives
  COMMAND ${CMAKE_COMMAND} -DFILE=${AK_GEN_DIR}/formats/animj/animj_layout.c -DDECL=formats/animj/animj.schema
          -P ${CMAKE_CURRENT_LIST_DIR}/check_lines.cmake)
set_tests_properties(animgen.json.line-directives animgen.animj.line-directives PROPERTIES LABELS animgen)
# The runtime of the JSON validators, on hand-written tables (tests/unit/test_jschema.c).
target_include_directories(test_jschema PRIVATE ${CMAKE_SOURCE_DIR}/gen/rt ${CMAKE_SOURCE_DIR}/grammars)
# The completion (tests/unit/test_jcomplete.c) on the tables of tests/animgen/json/defaults.schema.
target_link_libraries(test_jcomplete PRIVATE animgen_json_case_validators)
# The migrations (tests/unit/test_jmigrate.c) on the tables of tests/animgen/json/migrate.schema.
target_link_libraries(test_jmigrate PRIVATE animgen_json_case_validators)

# A field renamed in a real layout, or an object or member of a real schema, and not in its model
# section is a build error (issue 26).
add_test(NAME animgen.model-renames
         COMMAND ${AK_SYSTEM_PYTHON} ${CMAKE_CURRENT_LIST_DIR}/check_renames.py $<TARGET_FILE:animgen> ${CMAKE_SOURCE_DIR})
set_tests_properties(animgen.model-renames PROPERTIES LABELS animgen)
