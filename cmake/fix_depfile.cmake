# cmake -DDEPFILE=f.d -DSRC=/src -P fix_depfile.cmake
# re2c names its input and the files it includes as it found them, relative
# to the source root where it runs (so that #line directives are the same on
# every machine); make reads depfile paths relative to the build tree, where
# those files do not exist, so it re-ran the generator on every build. This
# makes every relative prerequisite in the depfile absolute (see ak_re2c in
# Generators.cmake). Paths with spaces are not supported (none in the tree).
file(READ ${DEPFILE} text)
string(REGEX REPLACE "\\\\\n" " " text "${text}")
string(FIND "${text}" ": " colon)
if(colon LESS 0)
  return()
endif()
string(SUBSTRING "${text}" 0 ${colon} target)
math(EXPR rest_at "${colon} + 2")
string(SUBSTRING "${text}" ${rest_at} -1 deps)
string(STRIP "${deps}" deps)
string(REGEX REPLACE "[ \t\n]+" ";" deps "${deps}")
set(out "${target}:")
foreach(dep ${deps})
  if(NOT IS_ABSOLUTE "${dep}")
    set(dep "${SRC}/${dep}")
  endif()
  string(APPEND out " ${dep}")
endforeach()
file(WRITE ${DEPFILE} "${out}\n")
