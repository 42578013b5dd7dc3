# Maya .anim: the unit test reaches into the grammar's interface
# (grammars/maya_syntax.h, which includes the generated rule header).
target_include_directories(test_maya PRIVATE ${AK_GEN_DIR}/formats/maya ${CMAKE_SOURCE_DIR}/gen/rt
  ${CMAKE_SOURCE_DIR}/grammars)
add_dependencies(test_maya animkit)
