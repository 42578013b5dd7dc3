# AnimJ: the JSON Schema export of animj.schema checked with Debian's
# python3-jsonschema (draft 2020-12) against the validator: it accepts the
# corpus (when ../shared is there) and the valid cases, rejects the shape
# and type errors `animkit validate` rejects at the same paths, and accepts
# the documents whose errors JSON Schema cannot express (the list is in the
# script). Skipped (77) without the module.
add_test(NAME animj.json-schema
  COMMAND /usr/bin/python3 ${CMAKE_CURRENT_LIST_DIR}/check_schema.py
          ${AK_GEN_DIR}/formats/animj/animj.schema.json ${CMAKE_SOURCE_DIR}/tests/conformance/animj
          $<TARGET_FILE:animkit_cli>)
set_tests_properties(animj.json-schema PROPERTIES SKIP_RETURN_CODE 77
  ENVIRONMENT "AK_SHARED_DIR=${CMAKE_SOURCE_DIR}/../shared")

# Spec 8.2: the canonical AnimJ of the RedX sample, byte for byte (SHA-256).
add_test(NAME animj.canonical-8.2
  COMMAND ${CMAKE_COMMAND} -DCLI=$<TARGET_FILE:animkit_cli> -DSHARED=${CMAKE_SOURCE_DIR}/../shared
          -DOUT=${CMAKE_CURRENT_BINARY_DIR}/animj_canonical_8_2.animj -P ${CMAKE_CURRENT_LIST_DIR}/canonical_8_2.cmake)
set_tests_properties(animj.canonical-8.2 PROPERTIES SKIP_REGULAR_EXPRESSION "SKIPPED: no corpus")

# AnimJ -> AnimX -> AnimJ through the common model gives back the canonical
# document, for every value type in every track type (the valid case
# all-types-canonical.animj). Skipped while no format claims .animx.
add_test(NAME animj.animx-round-trip
  COMMAND ${CMAKE_COMMAND} -DCLI=$<TARGET_FILE:animkit_cli>
          -DIN=${CMAKE_SOURCE_DIR}/tests/conformance/animj/valid/all-types-canonical.animj
          -DDIR=${CMAKE_CURRENT_BINARY_DIR} -P ${CMAKE_CURRENT_LIST_DIR}/animx_round_trip.cmake)
set_tests_properties(animj.animx-round-trip PROPERTIES SKIP_REGULAR_EXPRESSION "SKIPPED: no animx")

# Lanes vs event by event (tests/unit/test_animj_lanes.c) reaches into the
# format's generated tables.
target_include_directories(test_animj_lanes PRIVATE ${AK_GEN_DIR}/formats/animj ${CMAKE_SOURCE_DIR}/gen/rt
                           ${CMAKE_SOURCE_DIR}/grammars)
add_dependencies(test_animj_lanes animkit_format_animj)
