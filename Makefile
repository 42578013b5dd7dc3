# animkit: thin wrapper around CMake.
#   make demo    build and run `animkit validate` on examples/ (build/cli/animkit)
#   make install PREFIX=DIR   install animkit into DIR (default /usr/local): the command, man pages,
#                completions, libanimkit (shared and static), its header, animkit.pc, the CMake
#                package and the JSON Schemas (docs/api.md)
#   make check   build (gcc) and test, then build (clang, ASan+UBSan) and test
#   make bench   benchmarks against peers (bench/)
#   make fuzz    libFuzzer runs of every harness (FUZZ_SECONDS each)
#   make wasm    build-wasm/animkit.wasm, the WebAssembly reactor, copied to
#                web/ for the playground page (docs/wasm.md)
#   make fuzz-coverage   coverage of every harness over its corpus (docs/fuzzing.md)
#   make fuzz-campaign   the long runs on record: FUZZ_RUNS executions or FUZZ_CAMPAIGN_SECONDS
#                each, no sanitizer, then the grown corpus minimised (docs/fuzzing.md)
#   make clean
BUILD       ?= build
ASAN_BUILD  ?= build-asan
FUZZ_BUILD  ?= build-fuzz
COV_BUILD   ?= build-cov
CAMPAIGN_BUILD ?= build-campaign
BENCH_BUILD ?= build-bench
WASM_BUILD  ?= build-wasm
JOBS        ?= $(shell nproc 2>/dev/null || echo 2)
FUZZ_SECONDS ?= 60
FUZZ_RUNS   ?= 2000000
FUZZ_CAMPAIGN_SECONDS ?= 14400
CTEST_FLAGS ?= --output-on-failure -j $(JOBS)
PREFIX      ?= /usr/local

.PHONY: all deps deps-build deps-test deps-fuzz deps-bench deps-wasm build demo install check check-normal check-asan \
        bench fuzz fuzz-coverage fuzz-campaign wasm clean

all: build

# Each target installs only what it needs (scripts/install-deps GROUP).
deps:
	@scripts/install-deps all
deps-build:
	@scripts/install-deps build
deps-test:
	@scripts/install-deps test
deps-fuzz:
	@scripts/install-deps fuzz
deps-bench:
	@scripts/install-deps bench
deps-wasm:
	@scripts/install-deps wasm

# A first configuration without the tests, which need test-only packages;
# check-normal turns them on.
$(BUILD)/CMakeCache.txt: | deps-build
	cmake -S . -B $(BUILD) -DCMAKE_BUILD_TYPE=RelWithDebInfo -DCMAKE_C_COMPILER=gcc -DAK_TESTS=OFF

build: deps-build $(BUILD)/CMakeCache.txt
	cmake --build $(BUILD) -j $(JOBS)

demo: build
	@scripts/demo $(BUILD)/cli/animkit

install: build
	cmake --install $(BUILD) --prefix $(PREFIX)

check: check-normal check-asan

check-normal: deps-test
	cmake -S . -B $(BUILD) -DCMAKE_BUILD_TYPE=RelWithDebInfo -DCMAKE_C_COMPILER=gcc -DAK_TESTS=ON
	cmake --build $(BUILD) -j $(JOBS)
	cd $(BUILD) && ctest $(CTEST_FLAGS)

check-asan: deps-test
	cmake -S . -B $(ASAN_BUILD) -DCMAKE_BUILD_TYPE=Debug -DCMAKE_C_COMPILER=clang -DAK_SANITIZE=ON
	cmake --build $(ASAN_BUILD) -j $(JOBS)
	cd $(ASAN_BUILD) && ASAN_OPTIONS=detect_leaks=1:abort_on_error=1 \
	  UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 ctest $(CTEST_FLAGS)

bench: deps-bench
	cmake -S . -B $(BENCH_BUILD) -DCMAKE_BUILD_TYPE=Release -DCMAKE_C_COMPILER=gcc -DAK_TESTS=OFF
	JOBS=$(JOBS) bench/run $(BENCH_BUILD)

fuzz: deps-fuzz
	cmake -S . -B $(FUZZ_BUILD) -DCMAKE_BUILD_TYPE=RelWithDebInfo -DCMAKE_C_COMPILER=clang -DAK_FUZZ=ON
	cmake --build $(FUZZ_BUILD) -j $(JOBS)
	scripts/fuzz $(FUZZ_BUILD) $(FUZZ_SECONDS)

# animgen runs on the host: the native build makes it first.
wasm: deps-wasm $(BUILD)/CMakeCache.txt
	cmake --build $(BUILD) -j $(JOBS) --target animgen
	cmake -S . -B $(WASM_BUILD) -DCMAKE_TOOLCHAIN_FILE=cmake/wasm32-wasi.cmake -DCMAKE_BUILD_TYPE=MinSizeRel \
	  -DAK_HOST_ANIMGEN=$(abspath $(BUILD))/gen/animgen
	cmake --build $(WASM_BUILD) -j $(JOBS)
	cp $(WASM_BUILD)/animkit.wasm web/animkit.wasm
	@ls -l $(WASM_BUILD)/animkit.wasm

# Coverage: the harnesses with -fprofile-instr-generate -fcoverage-mapping and
# no sanitizer, over the seeds and the grown corpora (scripts/fuzz-coverage).
# The tools the build runs (animgen, the seed makers) are instrumented too:
# their profiles go to the build tree, not to the folder they run in.
fuzz-coverage: deps-fuzz
	cmake -S . -B $(COV_BUILD) -DCMAKE_BUILD_TYPE=RelWithDebInfo -DCMAKE_C_COMPILER=clang -DAK_FUZZ=ON \
	  -DAK_FUZZ_SANITIZE=OFF -DAK_COVERAGE=ON
	LLVM_PROFILE_FILE=$(abspath $(COV_BUILD))/build-tools-%p.profraw \
	  cmake --build $(COV_BUILD) -j $(JOBS) --target fuzzers
	scripts/fuzz-coverage $(COV_BUILD)

# The campaign: the harnesses without a sanitizer, for speed (scripts/fuzz-campaign);
# `make check` replays what it grows under ASan+UBSan once it is committed.
fuzz-campaign: deps-fuzz
	cmake -S . -B $(CAMPAIGN_BUILD) -DCMAKE_BUILD_TYPE=RelWithDebInfo -DCMAKE_C_COMPILER=clang -DAK_FUZZ=ON \
	  -DAK_FUZZ_SANITIZE=OFF
	cmake --build $(CAMPAIGN_BUILD) -j $(JOBS) --target fuzzers
	scripts/fuzz-campaign $(CAMPAIGN_BUILD) $(FUZZ_RUNS) $(FUZZ_CAMPAIGN_SECONDS)

clean:
	rm -rf $(BUILD) $(ASAN_BUILD) $(FUZZ_BUILD) $(BENCH_BUILD) $(COV_BUILD) $(CAMPAIGN_BUILD) $(WASM_BUILD) \
	  web/animkit.wasm
