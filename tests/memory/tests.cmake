# Memory: commands run under an address-space limit on generated bombs
# (small files with large payloads; made by the tests, never committed).
# ak_rlimit_run: setrlimit(RLIMIT_AS), exec, report the exit or the signal
# and the peak RSS. animx_bomb: an AnimX file with one Raw bool track of N
# samples, LZMA or LZ4, written piece by piece. validate and dump of them.
add_executable(ak_rlimit_run ${CMAKE_CURRENT_LIST_DIR}/ak_rlimit_run.c)
target_compile_options(ak_rlimit_run PRIVATE ${AK_WARNINGS})
add_executable(animx_bomb ${CMAKE_CURRENT_LIST_DIR}/animx_bomb.c)
target_compile_options(animx_bomb PRIVATE ${AK_WARNINGS})
target_link_libraries(animx_bomb PRIVATE lzma lz4)

# validate holds no payload: a 50 MB payload (LZMA and LZ4) validates within
# 24 MiB of address space (a trivial file needs 7 MiB: libc, the command,
# its libraries) and below 16 MiB peak RSS. Not under ASan, whose shadow
# memory reserves terabytes of address space.
if(NOT AK_SANITIZE)
  set(AK_MEMORY_ENV
    AK_BOMB=$<TARGET_FILE:animx_bomb>
    AK_RLIMIT_RUN=$<TARGET_FILE:ak_rlimit_run>
    AK_CLI=$<TARGET_FILE:animkit_cli>
    AK_BOMB_DIR=${CMAKE_CURRENT_BINARY_DIR}/memory-bombs)
  # a large Prime ANIM bitstream: its decoder releases what it has read
  add_test(NAME memory.validate-primeanim-bitstream
    COMMAND ${CMAKE_CURRENT_LIST_DIR}/primeanim_rss_check.sh $<TARGET_FILE:primeanim_gen>
            $<TARGET_FILE:ak_rlimit_run> $<TARGET_FILE:animkit_cli> ${CMAKE_CURRENT_BINARY_DIR}/memory-bombs)
  add_test(NAME memory.dump-primeanim-keys
    COMMAND ${CMAKE_CURRENT_LIST_DIR}/primeanim_rss_check.sh $<TARGET_FILE:primeanim_gen>
            $<TARGET_FILE:ak_rlimit_run> $<TARGET_FILE:animkit_cli> ${CMAKE_CURRENT_BINARY_DIR}/memory-bombs dump)
  add_test(NAME memory.sample-list-primeanim
    COMMAND ${CMAKE_CURRENT_LIST_DIR}/primeanim_rss_check.sh $<TARGET_FILE:primeanim_gen>
            $<TARGET_FILE:ak_rlimit_run> $<TARGET_FILE:animkit_cli> ${CMAKE_CURRENT_BINARY_DIR}/memory-bombs list)
  set_tests_properties(memory.validate-primeanim-bitstream memory.dump-primeanim-keys memory.sample-list-primeanim
                       PROPERTIES LABELS memory RESOURCE_LOCK primeanim-40mb)
  # dump of plain JSON and of a declared document (Maya) streams its text
  # after a checking pass: a 48 MB file below 32 MiB peak RSS (issue 27);
  # so does AnimJ's canonical re-emission (convert --to animj), its dump,
  # and Glaxnimate's canonical file, completed as it is written
  foreach(kind json maya animj glaxnimate)
    add_test(NAME memory.dump-${kind}-large
      COMMAND ${AK_SYSTEM_PYTHON} ${CMAKE_CURRENT_LIST_DIR}/dump_rss_check.py ${kind}
              $<TARGET_FILE:ak_rlimit_run> $<TARGET_FILE:animkit_cli> ${CMAKE_CURRENT_BINARY_DIR}/memory-bombs)
    set_tests_properties(memory.dump-${kind}-large PROPERTIES LABELS memory)
  endforeach()
  # a validate whose one error is at the end of a 48 MB file: its line is
  # counted releasing the pages the parse had released (49 MiB before)
  add_test(NAME memory.validate-late-error
    COMMAND ${AK_SYSTEM_PYTHON} ${CMAKE_CURRENT_LIST_DIR}/late_error_rss_check.py
            $<TARGET_FILE:ak_rlimit_run> $<TARGET_FILE:animkit_cli> ${CMAKE_CURRENT_BINARY_DIR}/memory-bombs)
  set_tests_properties(memory.validate-late-error PROPERTIES LABELS memory)
  # --list holds no keys (to_model_headers) and releases the input's pages:
  # below 32 MiB peak RSS for a 100 MB MRTK recording (411 MiB before), a
  # 60 MB plain AnimX file (200 MiB before) and a 60 MB AnimJ file (about
  # 85 MiB before); the AnimX and AnimJ files are written by bench/'s
  # generators
  add_executable(animx_list_gen ${CMAKE_SOURCE_DIR}/bench/animx/animx_make_input.c)
  target_link_libraries(animx_list_gen PRIVATE m)
  add_executable(animj_list_gen ${CMAKE_SOURCE_DIR}/bench/animj/animj_make_input.c)
  target_compile_options(animj_list_gen PRIVATE ${AK_WARNINGS})
  add_test(NAME memory.sample-list-mrtk
    COMMAND ${CMAKE_CURRENT_LIST_DIR}/list_rss_check.sh mrtk $<TARGET_FILE:mrtk_gen> $<TARGET_FILE:ak_rlimit_run>
            $<TARGET_FILE:animkit_cli> ${CMAKE_CURRENT_BINARY_DIR}/memory-bombs sample)
  add_test(NAME memory.plot-list-animx
    COMMAND ${CMAKE_CURRENT_LIST_DIR}/list_rss_check.sh animx $<TARGET_FILE:animx_list_gen>
            $<TARGET_FILE:ak_rlimit_run> $<TARGET_FILE:animkit_cli> ${CMAKE_CURRENT_BINARY_DIR}/memory-bombs plot)
  add_test(NAME memory.sample-list-animj
    COMMAND ${CMAKE_CURRENT_LIST_DIR}/list_rss_check.sh animj $<TARGET_FILE:animj_list_gen>
            $<TARGET_FILE:ak_rlimit_run> $<TARGET_FILE:animkit_cli> ${CMAKE_CURRENT_BINARY_DIR}/memory-bombs sample)
  # convert Maya -> AnimX does not hold the Maya document past the model
  add_executable(maya_convert_gen ${CMAKE_SOURCE_DIR}/bench/maya/maya_make_input.c)
  target_link_libraries(maya_convert_gen PRIVATE m)
  # a Maya file's entries are read one at a time (ak_ldoc_each): 60 MB
  add_test(NAME memory.sample-list-maya
    COMMAND ${CMAKE_CURRENT_LIST_DIR}/list_rss_check.sh maya $<TARGET_FILE:maya_convert_gen>
            $<TARGET_FILE:ak_rlimit_run> $<TARGET_FILE:animkit_cli> ${CMAKE_CURRENT_BINARY_DIR}/memory-bombs sample)
  # a Glaxnimate document is read an element of its arrays at a time
  add_executable(glaxnimate_list_gen ${CMAKE_SOURCE_DIR}/bench/glaxnimate/glaxnimate_make_input.c)
  target_compile_options(glaxnimate_list_gen PRIVATE ${AK_WARNINGS})
  add_test(NAME memory.sample-list-glaxnimate
    COMMAND ${CMAKE_CURRENT_LIST_DIR}/list_rss_check.sh glaxnimate $<TARGET_FILE:glaxnimate_list_gen>
            $<TARGET_FILE:ak_rlimit_run> $<TARGET_FILE:animkit_cli> ${CMAKE_CURRENT_BINARY_DIR}/memory-bombs sample)
  set_tests_properties(memory.sample-list-mrtk memory.plot-list-animx memory.sample-list-animj
                       memory.sample-list-maya memory.sample-list-glaxnimate PROPERTIES LABELS memory)
  add_test(NAME memory.convert-maya-animx
    COMMAND ${CMAKE_CURRENT_LIST_DIR}/convert_rss_check.sh maya-animx $<TARGET_FILE:maya_convert_gen>
            $<TARGET_FILE:ak_rlimit_run> $<TARGET_FILE:animkit_cli> ${CMAKE_CURRENT_BINARY_DIR}/memory-bombs)
  set_tests_properties(memory.convert-maya-animx PROPERTIES LABELS memory)
  # convert AnimJ -> Glaxnimate holds the tree, not its text
  add_test(NAME memory.convert-animj-glaxnimate
    COMMAND ${CMAKE_CURRENT_LIST_DIR}/convert_rss_check.sh animj-glaxnimate $<TARGET_FILE:glaxnimate_list_gen>
            $<TARGET_FILE:ak_rlimit_run> $<TARGET_FILE:animkit_cli> ${CMAKE_CURRENT_BINARY_DIR}/memory-bombs)
  set_tests_properties(memory.convert-animj-glaxnimate PROPERTIES LABELS memory)
  foreach(kind lzma lz4)
    add_test(NAME memory.validate-${kind}-bomb
      COMMAND ${CMAKE_CURRENT_LIST_DIR}/bomb_check.sh ${kind} 50000000 24M 16M 0 -- validate @BOMB@)
    set_tests_properties(memory.validate-${kind}-bomb PROPERTIES ENVIRONMENT "${AK_MEMORY_ENV}" LABELS memory
                         RESOURCE_LOCK animx-bomb-${kind})
  endforeach()
  # dump streams its JSON (350 MB of it) as it decodes, after a validating
  # pass: within the same limits, to a file (written whole: its size) and
  # to a device (/dev/null, written in place)
  foreach(kind lzma lz4)
    add_test(NAME memory.dump-${kind}-bomb
      COMMAND ${CMAKE_CURRENT_LIST_DIR}/bomb_check.sh ${kind} 50000000 24M 16M 0 -- dump @BOMB@ -o @OUT@)
    set_tests_properties(memory.dump-${kind}-bomb PROPERTIES
                         ENVIRONMENT "${AK_MEMORY_ENV};AK_EXPECT_BYTES=350000301" LABELS memory
                         RESOURCE_LOCK animx-bomb-${kind})
    add_test(NAME memory.dump-${kind}-bomb-devnull
      COMMAND ${CMAKE_CURRENT_LIST_DIR}/bomb_check.sh ${kind} 50000000 24M 16M 0 -- dump @BOMB@ -o /dev/null)
    set_tests_properties(memory.dump-${kind}-bomb-devnull PROPERTIES ENVIRONMENT "${AK_MEMORY_ENV}" LABELS memory
                         RESOURCE_LOCK animx-bomb-${kind})
  endforeach()
  # Re-emission with another --compress streams too (animx.layout: `process
  # compression ... verbatim`): the payload is decompressed as it is
  # compressed again, so what is held is the decoder (dictionary or one LZ4
  # chunk), the encoder (liblzma's 2 MiB-dictionary state, about 21 MiB, or
  # one LZ4 chunk) and the output.
  foreach(case "lzma;lz4;24M;16M" "lz4;lzma;48M;32M")
    list(GET case 0 kind)
    list(GET case 1 to)
    list(GET case 2 as)
    list(GET case 3 rss)
    add_test(NAME memory.convert-${kind}-bomb-to-${to}
      COMMAND ${CMAKE_CURRENT_LIST_DIR}/bomb_check.sh ${kind} 50000000 ${as} ${rss} 0 --
              convert --compress ${to} @BOMB@ @OUT@)
    set_tests_properties(memory.convert-${kind}-bomb-to-${to} PROPERTIES ENVIRONMENT "${AK_MEMORY_ENV}"
                         LABELS memory RESOURCE_LOCK animx-bomb-${kind})
  endforeach()
  # Plain output is the 50 MB payload itself: past a smaller budget, the
  # output's growth stops with the budget's rule and nothing is written.
  add_test(NAME memory.convert-lzma-bomb-to-none-over-budget
    COMMAND ${CMAKE_CURRENT_LIST_DIR}/bomb_check.sh lzma 50000000 64M 32M 1 --
            convert --compress none --max-memory 16M @BOMB@ @OUT@)
  set_tests_properties(memory.convert-lzma-bomb-to-none-over-budget PROPERTIES
                       ENVIRONMENT "${AK_MEMORY_ENV};AK_EXPECT_CODE=animkit.limit.memory" LABELS memory
                       RESOURCE_LOCK animx-bomb-lzma)
  # A conversion stops building an output once it is past the size its
  # format allows (issue 27; ak_format.max_size): an LZ4 bomb of 80 million
  # bool samples (315 KB) is 1.36 GB of AnimJ, past AnimJ's cap of 256 MiB.
  # Refused when the output reaches the cap; it held all 1.36 GB before
  # (1.5 GiB peak RSS), then the 256 MiB up to the cap (490 MiB); now the
  # text goes into OUT's temporary file as it is written, a Raw track's
  # samples too (ak_mj_list_write_to): 233 MiB, the bomb's model.
  add_test(NAME memory.convert-output-capped
    COMMAND ${CMAKE_CURRENT_LIST_DIR}/bomb_check.sh lz4 80000000 4G 320M 1 -- convert --to animj @BOMB@ @OUT@)
  set_tests_properties(memory.convert-output-capped PROPERTIES
                       ENVIRONMENT "${AK_MEMORY_ENV};AK_EXPECT_CODE=animkit.convert.invalid-output" LABELS memory
                       RESOURCE_LOCK animx-bomb-lz4)
  # A header that declares a 64 MiB dictionary (liblzma's is then the
  # payload's 50 MB): it cannot be had within the limit, which is
  # animkit.limit.out-of-memory at the header's properties (exit 1), not a
  # crash, a silent pass or a format code.
  add_test(NAME memory.validate-lzma-dictionary-over-limit
    COMMAND ${CMAKE_CURRENT_LIST_DIR}/bomb_check.sh lzma 50000000 24M 16M 1 67108864 -- validate @BOMB@)
  set_tests_properties(memory.validate-lzma-dictionary-over-limit PROPERTIES
                       ENVIRONMENT "${AK_MEMORY_ENV};AK_EXPECT_CODE=animkit.limit.out-of-memory" LABELS memory
                       RESOURCE_LOCK animx-bomb-lzma-dict)
  # The same header within a budget smaller than its dictionary: refused
  # before liblzma allocates it, with the budget's rule.
  add_test(NAME memory.validate-lzma-dictionary-over-budget
    COMMAND ${CMAKE_CURRENT_LIST_DIR}/bomb_check.sh lzma 50000000 64M 16M 1 67108864 -- validate --max-memory 16M @BOMB@)
  set_tests_properties(memory.validate-lzma-dictionary-over-budget PROPERTIES
                       ENVIRONMENT "${AK_MEMORY_ENV};AK_EXPECT_CODE=animkit.limit.memory" LABELS memory
                       RESOURCE_LOCK animx-bomb-lzma-dict)
endif()

# The memory budget (--max-memory) of the decoding commands: budget.cmake.
include(${CMAKE_CURRENT_LIST_DIR}/budget.cmake)

# Hostile input costs what its size says (issue 25): small AnimX files that
# declare a 4 GiB LZMA dictionary, a 300 MB string or a 300 MB LZ4 chunk,
# and a JSON object of 2 million members, stop with animkit.limit.memory at
# the field that asks (validate's default budget, --max-memory), with a
# small peak RSS; what the system refuses says its figures and place.
if(AK_SANITIZE)
  set(AK_HOSTILE_SANITIZED 1)
else()
  set(AK_HOSTILE_SANITIZED 0)
endif()
add_test(NAME memory.hostile-inputs COMMAND ${AK_SYSTEM_PYTHON} ${CMAKE_CURRENT_LIST_DIR}/check_hostile.py)
set_tests_properties(memory.hostile-inputs PROPERTIES
                     ENVIRONMENT "${AK_TEST_ENV};AK_SANITIZED=${AK_HOSTILE_SANITIZED}" LABELS memory)
