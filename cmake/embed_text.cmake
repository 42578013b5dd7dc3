# cmake -DIN=file -DOUT=file.c -DSYMBOL=name -P embed_text.cmake
# Writes `const char SYMBOL[]` holding the text of IN (a file written by
# hand that the library serves, e.g. a JSON Schema), one C string literal
# per line. The output is rewritten only when it changes.
file(READ ${IN} text)
string(REPLACE "\\" "\\\\" text "${text}")
string(REPLACE "\"" "\\\"" text "${text}")
string(REPLACE "\n" "\\n\"\n    \"" text "${text}")
get_filename_component(name ${IN} NAME)
set(c "/* Generated from ${name} by cmake/embed_text.cmake. Do not edit. */\nextern const char ${SYMBOL}[];\nconst char ${SYMBOL}[] =\n    \"${text}\";\n")
if(EXISTS ${OUT})
  file(READ ${OUT} old)
endif()
if(NOT "${old}" STREQUAL "${c}")
  file(WRITE ${OUT} "${c}")
endif()
