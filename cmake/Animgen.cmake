# ak_animgen(<out-var> <declaration file> [<more declaration files>...])
#
# Runs animgen (gen/, built first) on a format's *.layout or *.schema file
# into ${AK_GEN_DIR}/formats/<id>/: <id>_layout.h, <id>_layout.c and
# rules.md (the format's section of docs/diagnostics.md). <id> is the name
# of the folder that holds the declaration. <out-var> receives the
# generated C file(s), to pass to ak_add_format(... GENERATED ...); the
# folder is also the include directory of the generated header.
function(ak_animgen out_var)
  set(outputs "")
  # A cross build (WebAssembly) runs the host's animgen, given by path.
  if(AK_HOST_ANIMGEN)
    set(animgen_command ${AK_HOST_ANIMGEN})
  else()
    set(animgen_command $<TARGET_FILE:animgen>)
  endif()
  foreach(src ${ARGN})
    get_filename_component(abs ${src} ABSOLUTE)
    file(RELATIVE_PATH rel ${CMAKE_SOURCE_DIR} ${abs})
    get_filename_component(dir ${abs} DIRECTORY)
    get_filename_component(id ${dir} NAME)
    set(out_dir ${AK_GEN_DIR}/formats/${id})
    set(out_c ${out_dir}/${id}_layout.c)
    set(out_h ${out_dir}/${id}_layout.h)
    set(extra "")
    if(src MATCHES "\\.schema$")
      set(extra ${out_dir}/${id}_lanes.re)
    endif()
    # The command's output is a stamp; the files are byproducts that animgen
    # rewrites only when their text changes (gen_commit in
    # gen/emit_common.c), so a change to animgen recompiles only the
    # generated files it really changed. (As OUTPUTs, the Makefile
    # generator would touch every secondary output after the first.)
    set(stamp ${out_dir}/${id}.animgen.stamp)
    add_custom_command(
      OUTPUT ${stamp}
      BYPRODUCTS ${out_c} ${out_h} ${out_dir}/rules.md ${extra}
      COMMAND ${CMAKE_COMMAND} -E make_directory ${out_dir}
      COMMAND ${animgen_command} --id ${id} -o ${out_dir} ${rel}
      COMMAND ${CMAKE_COMMAND} -E touch ${stamp}
      DEPENDS ${animgen_command} ${abs}
      WORKING_DIRECTORY ${CMAKE_SOURCE_DIR}
      COMMENT "animgen ${rel}"
      VERBATIM)
    _ak_mark_generated(${out_c} ${out_h})
    list(APPEND outputs ${out_c} ${stamp})
    if(src MATCHES "\\.schema$")
      # JSON schemas also get their lanes: re2c source written by animgen
      # (with the files above), compiled into <id>_lanes.c, which is
      # replaced only when re2c's output differs. Optional members
      # make some tags nondeterministic to a bounded degree (which member
      # follows a comma is known one byte later): allowed.
      set(lanes_re ${out_dir}/${id}_lanes.re)
      set(lanes_c ${out_dir}/${id}_lanes.c)
      set(lanes_stamp ${out_dir}/${id}_lanes.stamp)
      add_custom_command(
        OUTPUT ${lanes_stamp}
        BYPRODUCTS ${lanes_c}
        COMMAND ${RE2C_EXECUTABLE} -W -Werror -Wno-nondeterministic-tags --no-generation-date --no-version
                -o ${lanes_c}.tmp ${lanes_re}
        COMMAND ${CMAKE_COMMAND} -E copy_if_different ${lanes_c}.tmp ${lanes_c}
        COMMAND ${CMAKE_COMMAND} -E remove ${lanes_c}.tmp
        COMMAND ${CMAKE_COMMAND} -E touch ${lanes_stamp}
        DEPENDS ${stamp}
        COMMENT "re2c ${id}_lanes.re"
        VERBATIM)
      _ak_mark_generated(${lanes_c})
      list(APPEND outputs ${lanes_c} ${lanes_stamp})
    endif()
  endforeach()
  set(${out_var} ${outputs} PARENT_SCOPE)
endfunction()
