# Functions that run the parser generators into the build tree.
#
# Each tool runs from the source root with a relative input path, so the
# #line directives in generated code name the grammar as `grammars/x.re`
# (relative, the same on every machine). Outputs go to ${AK_GEN_DIR}
# mirroring the source layout. Generated sources get relaxed warnings only.

find_program(RE2C_EXECUTABLE re2c REQUIRED)
find_program(LEMON_EXECUTABLE lemon REQUIRED)
find_program(RAGEL_EXECUTABLE ragel REQUIRED)
find_file(LEMON_TEMPLATE lempar.c PATHS /usr/share/lemon /usr/local/share/lemon
          NO_DEFAULT_PATH REQUIRED)

set(AK_GEN_DIR ${CMAKE_BINARY_DIR}/gen)
set(AK_CMAKE_DIR ${CMAKE_CURRENT_LIST_DIR})

# The output is <stem><ext> beside where the source would be, or `name`
# when given (a scanner and a grammar of the same stem, x.re and x.y, would
# otherwise both write x.c).
function(_ak_gen_paths src ext name out_c_var rel_var)
  get_filename_component(abs ${src} ABSOLUTE)
  file(RELATIVE_PATH rel ${CMAKE_SOURCE_DIR} ${abs})
  get_filename_component(rel_dir ${rel} DIRECTORY)
  get_filename_component(stem ${rel} NAME_WE)
  if(name)
    set(${out_c_var} ${AK_GEN_DIR}/${rel_dir}/${name} PARENT_SCOPE)
  else()
    set(${out_c_var} ${AK_GEN_DIR}/${rel_dir}/${stem}${ext} PARENT_SCOPE)
  endif()
  set(${rel_var} ${rel} PARENT_SCOPE)
endfunction()

function(_ak_mark_generated)
  set_source_files_properties(${ARGN} PROPERTIES GENERATED TRUE COMPILE_OPTIONS "-w")
endfunction()

# ak_re2c(<out-var> <file.re> [OUTPUT <name.c>] [FLAGS ...])
# Runs re2c in its bounds-checked (re2c:eof / YYLIMIT) style; the scanner
# file sets its own options with re2c: configurations. A depfile makes a
# change to an included .re file regenerate the scanner.
function(ak_re2c out_var src)
  cmake_parse_arguments(ARG "" "OUTPUT" "FLAGS" ${ARGN})
  _ak_gen_paths(${src} ".c" "${ARG_OUTPUT}" out rel)
  get_filename_component(out_dir ${out} DIRECTORY)
  get_filename_component(src_dir ${rel} DIRECTORY)
  add_custom_command(
    OUTPUT ${out}
    COMMAND ${CMAKE_COMMAND} -E make_directory ${out_dir}
    COMMAND ${RE2C_EXECUTABLE} -W -Werror --no-generation-date --no-version
            -I ${CMAKE_SOURCE_DIR}/${src_dir} -I ${CMAKE_SOURCE_DIR}/grammars
            ${ARG_FLAGS} --depfile ${out}.d -o ${out} ${rel}
    # Relative paths in the depfile would be read against the build tree.
    COMMAND ${CMAKE_COMMAND} -DDEPFILE=${out}.d -DSRC=${CMAKE_SOURCE_DIR}
            -P ${AK_CMAKE_DIR}/fix_depfile.cmake
    DEPENDS ${CMAKE_SOURCE_DIR}/${rel}
    DEPFILE ${out}.d
    WORKING_DIRECTORY ${CMAKE_SOURCE_DIR}
    COMMENT "re2c ${rel}"
    VERBATIM)
  _ak_mark_generated(${out})
  set(${out_var} ${out} PARENT_SCOPE)
endfunction()

# ak_lemon(<out-var> <file.y>): <stem>.c and <stem>.h, with the lempar.c
# template the lemon package installs.
function(ak_lemon out_var src)
  _ak_gen_paths(${src} ".c" "" out rel)
  get_filename_component(out_dir ${out} DIRECTORY)
  string(REGEX REPLACE "\\.c$" ".h" out_h ${out})
  add_custom_command(
    OUTPUT ${out} ${out_h}
    COMMAND ${CMAKE_COMMAND} -E make_directory ${out_dir}
    COMMAND ${LEMON_EXECUTABLE} -q -T${LEMON_TEMPLATE} -d${out_dir} ${rel}
    DEPENDS ${CMAKE_SOURCE_DIR}/${rel} ${LEMON_TEMPLATE}
    WORKING_DIRECTORY ${CMAKE_SOURCE_DIR}
    COMMENT "lemon ${rel}"
    VERBATIM)
  _ak_mark_generated(${out} ${out_h})
  set(${out_var} ${out} PARENT_SCOPE)
endfunction()

# ak_ragel(<out-var> <file.rl>): a goto-driven (-G2) C machine.
function(ak_ragel out_var src)
  _ak_gen_paths(${src} ".c" "" out rel)
  get_filename_component(out_dir ${out} DIRECTORY)
  add_custom_command(
    OUTPUT ${out}
    COMMAND ${CMAKE_COMMAND} -E make_directory ${out_dir}
    COMMAND ${RAGEL_EXECUTABLE} -C -G2 -o ${out} ${rel}
    DEPENDS ${CMAKE_SOURCE_DIR}/${rel}
    WORKING_DIRECTORY ${CMAKE_SOURCE_DIR}
    COMMENT "ragel ${rel}"
    VERBATIM)
  _ak_mark_generated(${out})
  set(${out_var} ${out} PARENT_SCOPE)
endfunction()
