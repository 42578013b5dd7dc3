# The language server (`animkit lsp`, issue 29): recorded transcripts run
# against the library's core (lsp.<name>: lsp_transcript FILE), and an
# independent client in Python's standard library (lsp_client.py) that
# drives the real command over every example and compares what it
# publishes with `animkit validate --diagnostics json` (lsp.examples), and
# the transport's behaviour over pipes (lsp.stdio).
add_executable(lsp_transcript ${CMAKE_CURRENT_LIST_DIR}/lsp_transcript.c)
target_compile_options(lsp_transcript PRIVATE ${AK_WARNINGS})
target_include_directories(lsp_transcript PRIVATE ${CMAKE_SOURCE_DIR}/gen/rt ${CMAKE_SOURCE_DIR}/runtime)
target_link_libraries(lsp_transcript PRIVATE animkit)
file(GLOB AK_LSP_TRANSCRIPTS CONFIGURE_DEPENDS ${CMAKE_CURRENT_LIST_DIR}/*.transcript)
foreach(transcript ${AK_LSP_TRANSCRIPTS})
  get_filename_component(name ${transcript} NAME_WE)
  add_test(NAME lsp.${name} COMMAND lsp_transcript ${transcript} WORKING_DIRECTORY ${CMAKE_SOURCE_DIR})
  set_tests_properties(lsp.${name} PROPERTIES LABELS lsp)
endforeach()

add_test(NAME lsp.examples COMMAND ${AK_SYSTEM_PYTHON} ${CMAKE_CURRENT_LIST_DIR}/check_examples.py)
set_tests_properties(lsp.examples PROPERTIES ENVIRONMENT "${AK_TEST_ENV}" LABELS lsp)
add_test(NAME lsp.stdio COMMAND ${AK_SYSTEM_PYTHON} ${CMAKE_CURRENT_LIST_DIR}/check_stdio.py)
set_tests_properties(lsp.stdio PROPERTIES ENVIRONMENT "${AK_TEST_ENV}" LABELS lsp)

# The transport's framing (cli/lsp_frame.c), compiled into its unit test.
target_sources(test_lsp_frame PRIVATE ${CMAKE_SOURCE_DIR}/cli/lsp_frame.c)
target_include_directories(test_lsp_frame PRIVATE ${CMAKE_SOURCE_DIR}/cli)

# docs/editors.md, tried: Neovim and Emacs (eglot) headless with the
# configurations of editors/ (skipped when neither is installed).
add_test(NAME lsp.editors COMMAND ${AK_SYSTEM_PYTHON} ${CMAKE_CURRENT_LIST_DIR}/check_editors.py)
set_tests_properties(lsp.editors PROPERTIES ENVIRONMENT "${AK_TEST_ENV}" LABELS lsp SKIP_RETURN_CODE 77)

# The core's entry point over the other harnesses' seeds (fuzz/lsp.seeds):
# JSON texts as messages, the others as documents (fuzz/lsp_fuzzer.c).
add_test(NAME lsp.fuzz-seeds COMMAND lsp_replay ${CMAKE_SOURCE_DIR}/fuzz/corpus/json ${CMAKE_SOURCE_DIR}/fuzz/corpus/animj
         ${CMAKE_SOURCE_DIR}/fuzz/corpus/glaxnimate ${CMAKE_SOURCE_DIR}/fuzz/corpus/maya)
set_tests_properties(lsp.fuzz-seeds PROPERTIES LABELS "lsp;fuzz")
