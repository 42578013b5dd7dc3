# JSON front end, non-unit tests:
#  json.dump-fixed-point: `animkit dump --format json` of every valid case
#  and example is well-formed JSON and a fixed point (dumping the dump gives
#  the same bytes): the canonical form is stable.
add_test(NAME json.dump-fixed-point
         COMMAND sh ${CMAKE_CURRENT_LIST_DIR}/dump_fixed_point.sh $<TARGET_FILE:animkit_cli>
                 ${CMAKE_SOURCE_DIR})
set_tests_properties(json.dump-fixed-point PROPERTIES LABELS json)
