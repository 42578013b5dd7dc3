# libanimkit as a library (issue 16): what the shared library exports, the
# command line linked against it, an install consumed by pkg-config and by
# find_package, and the command line's signal handling (the library has none).

find_package(Threads REQUIRED)

# cli/output.c is the command line's; its unit test compiles it in.
target_sources(test_cli_output PRIVATE ${CMAKE_SOURCE_DIR}/cli/output.c)
target_include_directories(test_cli_output PRIVATE ${CMAKE_SOURCE_DIR}/cli)
target_link_libraries(test_cli_output PRIVATE Threads::Threads)

# The command line against the shared library: it links only if the library
# exports everything the command line uses (and the command line uses
# nothing but include/animkit/animkit.h).
add_executable(animkit_cli_shared $<TARGET_OBJECTS:animkit_cli_objects>)
target_link_libraries(animkit_cli_shared PRIVATE animkit_shared Threads::Threads)
add_test(NAME library.cli-shared
         COMMAND ${AK_SYSTEM_PYTHON} ${CMAKE_CURRENT_LIST_DIR}/check_cli_shared.py
                 $<TARGET_FILE:animkit_cli_shared> $<TARGET_FILE:animkit_cli>)
set_tests_properties(library.cli-shared PROPERTIES ENVIRONMENT "${AK_TEST_ENV}" LABELS library)

# The shared library exports what animkit.h declares, no more and no less;
# its soname is versioned; the library's objects hold no writable data.
add_test(NAME library.abi
         COMMAND ${AK_SYSTEM_PYTHON} ${CMAKE_CURRENT_LIST_DIR}/check_abi.py
                 $<TARGET_FILE:animkit_shared> $<TARGET_FILE:animkit> ${CMAKE_SOURCE_DIR}/include/animkit/animkit.h
                 ${AK_SOVERSION} $<BOOL:${AK_SANITIZE}>)
set_tests_properties(library.abi PROPERTIES LABELS library)

# cmake --install into an empty prefix: the tree, then examples/c-api built
# there with pkg-config and with find_package, and run. The consumers are
# compiled like this tree (same compiler, same sanitizers).
set(AK_CONSUMER_FLAGS "")
if(AK_SANITIZE)
  set(AK_CONSUMER_FLAGS "-fsanitize=address,undefined -fno-sanitize-recover=all")
endif()
add_test(NAME library.install
         COMMAND ${AK_SYSTEM_PYTHON} ${CMAKE_CURRENT_LIST_DIR}/check_install.py)
set_tests_properties(library.install PROPERTIES LABELS library
  ENVIRONMENT "${AK_TEST_ENV};AK_CC=${CMAKE_C_COMPILER};AK_CONSUMER_FLAGS=${AK_CONSUMER_FLAGS};AK_SANITIZED=$<BOOL:${AK_SANITIZE}>")

# Several threads at once (tests/unit/test_threads.c).
target_link_libraries(test_threads PRIVATE Threads::Threads)

# Man pages, completions, JSON Schemas, the pre-commit hook, the Action.
add_test(NAME library.share COMMAND ${AK_SYSTEM_PYTHON} ${CMAKE_CURRENT_LIST_DIR}/check_share.py)
set_tests_properties(library.share PROPERTIES ENVIRONMENT "${AK_TEST_ENV}" LABELS library)

# The zsh completion in a real zsh (skipped without zsh).
add_test(NAME library.zsh-completion COMMAND ${AK_SYSTEM_PYTHON} ${CMAKE_CURRENT_LIST_DIR}/check_zsh.py)
set_tests_properties(library.zsh-completion PROPERTIES ENVIRONMENT "${AK_TEST_ENV}" LABELS library
  SKIP_RETURN_CODE 77 DEPENDS library.share)

# The JSON Schema of every format's dump against the dumps of the examples
# and valid conformance cases, the committed dumps, and mutated dumps.
add_test(NAME library.dump-schemas COMMAND ${AK_SYSTEM_PYTHON} ${CMAKE_CURRENT_LIST_DIR}/check_dump_schemas.py)
set_tests_properties(library.dump-schemas PROPERTIES ENVIRONMENT "${AK_TEST_ENV}" LABELS library
  DEPENDS library.share)

# The streaming dump (ak_dump_to, ak_sink) against the whole-document dump
# of the generated AnimX decoder.
target_include_directories(test_dump_stream PRIVATE ${AK_GEN_DIR}/formats/animx ${CMAKE_SOURCE_DIR}/gen/rt
                           ${CMAKE_SOURCE_DIR}/runtime)
