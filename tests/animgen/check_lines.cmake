# Checks the C that animgen generated from a JSON schema (cmake -P; FILE,
# the generated C, and DECL, the declaration's repository-relative path,
# given with -D): every #line directive names the declaration by that
# relative path (or the generated file itself, to return to it), at least
# one does, and no boilerplate like `(void)x;` is generated.
file(STRINGS ${FILE} lines REGEX "^#line ")
set(to_decl 0)
foreach(line IN LISTS lines)
  if(line MATCHES "^#line [0-9]+ \"${DECL}\"$")
    math(EXPR to_decl "${to_decl} + 1")
  elseif(NOT line MATCHES "^#line [0-9]+ \".*_layout\\.c\"$")
    message(FATAL_ERROR "${FILE}: a #line directive names neither ${DECL} nor the file itself: ${line}")
  endif()
endforeach()
if(to_decl EQUAL 0)
  message(FATAL_ERROR "${FILE}: no #line directive leads back to ${DECL}")
endif()
file(STRINGS ${FILE} casts REGEX "\\(void\\)[ ]*[A-Za-z_]+[ ]*;")
if(casts)
  message(FATAL_ERROR "${FILE}: generated boilerplate: ${casts}")
endif()
