# libwhatenc: the C library, its tests, packaging and the bindings' hooks.
# `make` builds; `make test` runs every test suite (the README's command).
# Variables: PREFIX, LIBDIR, INCLUDEDIR, BINDIR, MANDIR, DESTDIR (install),
# GO, CC, CXX, CPPFLAGS, CFLAGS, LDFLAGS (whatconv, and the library's C and link),
# GO_STRIP (the Go linker's strip flags: `make GO_STRIP=` keeps the symbols
# and DWARF, for a debug-symbol package), FUZZTIME (make fuzz: how long each
# target runs), STREAM_ITERS (make fuzz-c).

GO         ?= go
CC         ?= cc
CXX        ?= c++
PREFIX     ?= /usr/local
LIBDIR     ?= $(PREFIX)/lib
INCLUDEDIR ?= $(PREFIX)/include
BINDIR     ?= $(PREFIX)/bin
MANDIR     ?= $(PREFIX)/share/man
DESTDIR    ?=

# The version has one source: the macros of include/whatenc.h.
version_macro = $(shell sed -n 's/^\#define WHATENC_VERSION_$(1) \([0-9]*\)$$/\1/p' include/whatenc.h)
MAJOR   := $(call version_macro,MAJOR)
MINOR   := $(call version_macro,MINOR)
PATCH   := $(call version_macro,PATCH)
VERSION := $(MAJOR).$(MINOR).$(PATCH)

B        := build
SONAME   := libwhatenc.so.$(MAJOR)
REALNAME := libwhatenc.so.$(VERSION)
SHLIB    := $(B)/$(REALNAME)
STATIC   := $(B)/libwhatenc.a
PCFILE   := $(B)/whatenc.pc
WHATCONV := $(B)/whatconv
TESTBIN  := $(B)/tests/whatenc_tests

# Everything the Go build of the library reads: Go, assembly (and the
# headers it includes), the C wrappers.
GO_SRC  := go.mod go.sum $(shell find capi codec indexes \( -name '*.go' -not -name '*_test.go' \) -o -name '*.s' -o -name '*.h') \
           $(wildcard capi/*.c) capi/libwhatenc.map include/whatenc.h
GO_STRIP ?= -s -w
# The C that cgo compiles (capi's wrappers, the Go runtime's C part) gets
# CPPFLAGS and CFLAGS too, after the environment's CGO_CPPFLAGS/CGO_CFLAGS.
CGO_ENV = CGO_ENABLED=1 CGO_CPPFLAGS="$(CGO_CPPFLAGS) $(CPPFLAGS)" CGO_CFLAGS="$(CGO_CFLAGS) $(CFLAGS)"
GOFLAGS_LIB = -trimpath -ldflags "$(GO_STRIP) -extldflags '-Wl,-soname,$(SONAME) -Wl,--version-script=$(CURDIR)/capi/libwhatenc.map -Wl,-z,relro,-z,now $(LDFLAGS)'"

WARN     := -Wall -Wextra -Werror
CFLAGS   ?= -O2 -g
CXXFLAGS ?= -O2 -g
TEST_CXXFLAGS := -std=c++17 $(WARN) -Iinclude -pthread -DWHATENC_SOURCE_DIR='"$(CURDIR)"'
TEST_SRC := $(wildcard tests/*.cc)
RPATH    = -Wl,-rpath,$(abspath $(dir $(1)))

.PHONY: all lib static pc example test test-go test-cross test-c test-exports test-header test-asan test-cmake \
        test-cgocheck2 test-install test-deb test-examples test-python test-rust \
        test-race install uninstall deb bench bench-emoji bench-c bench-go fuzz fuzz-c clean

all: lib static pc example

lib: $(SHLIB) $(B)/$(SONAME) $(B)/libwhatenc.so
static: $(STATIC)
pc: $(PCFILE)
example: $(WHATCONV)

$(SHLIB): $(GO_SRC)
	@mkdir -p $(B)
	$(CGO_ENV) $(GO) build -buildmode=c-shared $(GOFLAGS_LIB) -o $(B)/go-shared/libwhatenc.so ./capi
	cp $(B)/go-shared/libwhatenc.so $@

$(B)/$(SONAME): $(SHLIB)
	ln -sf $(REALNAME) $@
$(B)/libwhatenc.so: $(B)/$(SONAME)
	ln -sf $(SONAME) $@

$(STATIC): $(GO_SRC)
	@mkdir -p $(B)/go-archive
	$(CGO_ENV) $(GO) build -buildmode=c-archive -trimpath -ldflags "$(GO_STRIP)" -o $(B)/go-archive/libwhatenc.a ./capi
	cp $(B)/go-archive/libwhatenc.a $@

# whatenc.pc for a given prefix: $(call make_pc,prefix,libdir,includedir,out)
make_pc = sed -e 's|@PREFIX@|$(1)|' -e 's|@LIBDIR@|$(2)|' -e 's|@INCLUDEDIR@|$(3)|' \
              -e 's|@VERSION@|$(VERSION)|' pkgconfig/whatenc.pc.in > $(4)

$(PCFILE): pkgconfig/whatenc.pc.in include/whatenc.h
	@mkdir -p $(B)
	$(call make_pc,$(PREFIX),$(LIBDIR),$(INCLUDEDIR),$@)

$(WHATCONV): examples/whatconv.c include/whatenc.h $(SHLIB) $(B)/libwhatenc.so
	$(CC) -std=c99 $(WARN) $(CPPFLAGS) $(CFLAGS) -Iinclude $(LDFLAGS) -o $@ $< -L$(B) -lwhatenc -Wl,-rpath,'$$ORIGIN'

# ---------------------------------------------------------------- tests

test: test-go test-cross test-c test-asan test-cgocheck2 test-examples test-install test-deb test-cmake test-python test-rust

# Also with the purego tag: the Go code big-endian machines run (codec/doc.go).
test-go:
	@test -z "$$(gofmt -l capi codec indexes internal)" || { gofmt -l capi codec indexes internal; exit 1; }
	$(GO) vet ./...
	$(GO) run honnef.co/go/tools/cmd/staticcheck@v0.8.2 ./...
	$(GO) test ./...
	$(GO) vet -tags purego ./codec/...
	$(GO) test -tags purego ./codec/...

# The codec package built for arm64 (the portable code as arm64 runs it,
# with unaligned word loads) and for s390x (big-endian: the portable code
# with byte-order independent stores, as no amd64 run has it), run under
# qemu-user (Debian's qemu-user-static, which .ci/run installs), the two at
# once (about 140 s each under emulation). TestCPUVariable starts the test
# binary again, which qemu-user cannot do without binfmt_misc.
CROSS_TESTS := arm64:qemu-aarch64-static s390x:qemu-s390x-static
test-cross:
	@pids=; for t in $(CROSS_TESTS); do \
		arch=$${t%%:*}; qemu=$${t#*:}; \
		command -v $$qemu >/dev/null || { echo "test-cross: needs $$qemu (Debian: qemu-user-static)"; exit 1; }; \
		echo "GOARCH=$$arch $(GO) test -exec $$qemu -short -skip '^TestCPUVariable$$' ./codec"; \
		GOARCH=$$arch $(GO) test -exec $$qemu -short -skip '^TestCPUVariable$$' ./codec & pids="$$pids $$!"; \
	done; \
	status=0; for p in $$pids; do wait $$p || status=1; done; exit $$status

$(TESTBIN): $(TEST_SRC) $(wildcard tests/*.h) include/whatenc.h include/whatenc.hpp $(SHLIB) $(B)/libwhatenc.so
	@mkdir -p $(dir $@)
	$(CXX) $(TEST_CXXFLAGS) $(CXXFLAGS) -o $@ $(TEST_SRC) -L$(B) -lwhatenc -lgtest -lgtest_main $(call RPATH,$(SHLIB))

test-c: $(TESTBIN) test-exports test-header
	$(TESTBIN) --gtest_brief=1

test-exports: $(SHLIB)
	scripts/check-exports.sh include/whatenc.h $(SHLIB) $(SONAME)

# The header alone compiles cleanly as C89, C99, C11, C++98 and C++17.
# The C++ wrapper compiles cleanly as C++17 and C++20 without exceptions or
# RTTI (the C++ consumer, which uses it alone), and says it needs C++17 as
# C++14.
test-header:
	@mkdir -p $(B)/header
	@printf '#include "whatenc.h"\nint main(void) { return whatenc_init(); }\n' > $(B)/header/use.c
	for std in c89 c99 c11; do \
	    $(CC) -std=$$std -pedantic $(WARN) -Iinclude -fsyntax-only -x c $(B)/header/use.c || exit 1; done
	for std in c++98 c++17; do \
	    $(CXX) -std=$$std -pedantic $(WARN) -Iinclude -fsyntax-only -x c++ $(B)/header/use.c || exit 1; done
	for std in c++17 c++20; do \
	    $(CXX) -std=$$std -pedantic $(WARN) -fno-exceptions -fno-rtti -O2 -Iinclude -c \
	        -o $(B)/header/consumer-$$std.o tests/consumer/consumer.cc || exit 1; done
	@printf '#include "whatenc.hpp"\nint main() { return 0; }\n' > $(B)/header/use14.cc
	@if $(CXX) -std=c++14 -Iinclude -fsyntax-only $(B)/header/use14.cc > $(B)/header/use14.log 2>&1; then \
	    echo "whatenc.hpp compiled as C++14 without its #error"; exit 1; fi
	@grep -q 'error: #error "whatenc.hpp needs C++17 or later' $(B)/header/use14.log || \
	    { cat $(B)/header/use14.log; echo "whatenc.hpp as C++14: not its #error"; exit 1; }
	@echo "whatenc.hpp as C++14: #error, as it should"

# AddressSanitizer + UndefinedBehaviorSanitizer on the C side of every call:
# the test executable is instrumented and links the (uninstrumented) library.
# LeakSanitizer is off: the Go runtime's allocations outlive main and are
# reported as leaks that are not ours. This run and the cgocheck2 run hold
# the library's vector kernels below what the CPU has (WHATENC_CPU, codec/
# cpu.go): the portable code and the AVX2 kernels answer the C tests too.
$(B)/asan/whatenc_tests: $(TEST_SRC) $(wildcard tests/*.h) include/whatenc.h include/whatenc.hpp $(SHLIB)
	@mkdir -p $(dir $@)
	$(CXX) $(TEST_CXXFLAGS) -O1 -g -fsanitize=address,undefined -fno-sanitize-recover=all \
	    -fno-omit-frame-pointer -o $@ $(TEST_SRC) -L$(B) -lwhatenc -lgtest -lgtest_main $(call RPATH,$(SHLIB))

test-asan: $(B)/asan/whatenc_tests
	WHATENC_CPU=generic ASAN_OPTIONS=detect_leaks=0:abort_on_error=1 UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
	    $(B)/asan/whatenc_tests --gtest_brief=1

# The library built with GOEXPERIMENT=cgocheck2 (every pointer the Go side
# writes is checked against the cgo rules), under the C tests.
$(B)/cgocheck2/libwhatenc.so: $(GO_SRC)
	@mkdir -p $(dir $@)
	GOEXPERIMENT=cgocheck2 $(CGO_ENV) $(GO) build -buildmode=c-shared $(GOFLAGS_LIB) -o $@ ./capi
	ln -sf libwhatenc.so $(B)/cgocheck2/$(SONAME)

test-cgocheck2: $(B)/cgocheck2/libwhatenc.so $(TESTBIN)
	WHATENC_CPU=avx2 LD_LIBRARY_PATH=$(B)/cgocheck2 $(TESTBIN) --gtest_brief=1

test-examples: $(WHATCONV)
	tests/whatconv_test.sh $(WHATCONV)

# The install test builds the Python package from its sdist with the
# bindings' virtual environment (pip, setuptools and wheel from PyPI, made
# here if test-python has not made it yet).
test-install: all
	@if [ -d bindings/python ]; then $(MAKE) -C bindings/python venv; fi
	tests/install_test.sh

DEB_ARCH := $(shell dpkg --print-architecture 2>/dev/null || echo amd64)
DEBS := $(foreach p,libwhatenc$(MAJOR) libwhatenc-dev whatenc-tools,$(B)/$(p)_$(VERSION)-1_$(DEB_ARCH).deb)
test-deb: deb
	tests/deb_test.sh $(DEBS)

# The CMake build: configure, build through the Go toolchain, ctest; its
# install under another prefix than the configured one.
test-cmake:
	cmake -S . -B $(B)/cmake -DCMAKE_BUILD_TYPE=RelWithDebInfo > $(B)/cmake.log
	cmake --build $(B)/cmake -j2 >> $(B)/cmake.log
	cd $(B)/cmake && { ctest --output-on-failure -j2 > ctest.log || { cat ctest.log; exit 1; }; }
	grep 'tests passed' $(B)/cmake/ctest.log
	tests/cmake_install_test.sh $(B)/cmake
	tests/cmake_subproject_test.sh

# The bindings' suites run when their folders exist.
test-python:
	@if [ -d bindings/python ]; then $(MAKE) -C bindings/python test; fi
# The crate links the library just built (WHATENC_LIB_DIR); cargo fetches
# its one dev-dependency (encoding_rs) on a fresh machine.
# Then the documentation as docs.rs builds it: DOCS_RS set, no library to be
# found (WHATENC_LIB_DIR empty would fail the build script), warnings errors.
test-rust: $(SHLIB)
	WHATENC_LIB_DIR=$(CURDIR)/$(B) cargo test --manifest-path bindings/rust/Cargo.toml
	DOCS_RS=1 WHATENC_LIB_DIR= RUSTDOCFLAGS="-D warnings" cargo doc --no-deps --manifest-path bindings/rust/Cargo.toml \
	    --target-dir $(CURDIR)/$(B)/rust-doc

# ---------------------------------------------------------------- install

CMAKEDIR = $(LIBDIR)/cmake/whatenc

# The CMake package files. Relocatable when LIBDIR and INCLUDEDIR are both
# under PREFIX: the config finds the prefix from its own place, so a tree
# installed under DESTDIR, or moved, works as is. Otherwise no relative path
# from the config reaches them, and it holds their absolute paths.
cmake_relocatable = $(and $(filter $(PREFIX)/%,$(LIBDIR)),$(filter $(PREFIX)/%,$(INCLUDEDIR)))
# A directory as the config names it: $(call cmake_config_path,dir)
cmake_config_path = $(if $(cmake_relocatable),$${_whatenc_prefix}/$(patsubst $(PREFIX)/%,%,$(1)),$(1))
cmake_config_to_prefix = $(if $(cmake_relocatable),$(shell echo '$(patsubst $(PREFIX)/%,%,$(CMAKEDIR))' | sed 's|[^/][^/]*|..|g'),.)
# $(call make_cmake,out-dir)
make_cmake = sed -e 's|@WHATENC_CONFIG_TO_PREFIX@|$(cmake_config_to_prefix)|' \
	    -e 's|@WHATENC_CONFIG_LIBDIR@|$(call cmake_config_path,$(LIBDIR))|' \
	    -e 's|@WHATENC_CONFIG_INCLUDEDIR@|$(call cmake_config_path,$(INCLUDEDIR))|' \
	    -e 's|@WHATENC_VERSION@|$(VERSION)|' -e 's|@WHATENC_SONAME@|$(SONAME)|' \
	    cmake/whatencConfig.cmake.in > $(1)/whatencConfig.cmake && \
	sed -e 's|@WHATENC_VERSION@|$(VERSION)|' cmake/whatencConfigVersion.cmake.in > $(1)/whatencConfigVersion.cmake

install: all
	install -d $(DESTDIR)$(LIBDIR)/pkgconfig $(DESTDIR)$(INCLUDEDIR) $(DESTDIR)$(CMAKEDIR) $(DESTDIR)$(BINDIR) \
	    $(DESTDIR)$(MANDIR)/man1
	install -m 0644 $(SHLIB) $(DESTDIR)$(LIBDIR)/$(REALNAME)
	ln -sf $(REALNAME) $(DESTDIR)$(LIBDIR)/$(SONAME)
	ln -sf $(SONAME) $(DESTDIR)$(LIBDIR)/libwhatenc.so
	install -m 0644 $(STATIC) $(DESTDIR)$(LIBDIR)/libwhatenc.a
	install -m 0644 include/whatenc.h $(DESTDIR)$(INCLUDEDIR)/whatenc.h
	install -m 0644 include/whatenc.hpp $(DESTDIR)$(INCLUDEDIR)/whatenc.hpp
	$(call make_pc,$(PREFIX),$(LIBDIR),$(INCLUDEDIR),$(DESTDIR)$(LIBDIR)/pkgconfig/whatenc.pc)
	$(call make_cmake,$(DESTDIR)$(CMAKEDIR))
	$(CC) -std=c99 $(WARN) $(CPPFLAGS) $(CFLAGS) -Iinclude $(LDFLAGS) -o $(B)/whatconv.installed examples/whatconv.c \
	    -L$(B) -lwhatenc $(if $(filter /usr/lib% /lib%,$(LIBDIR)),,-Wl,-rpath,$(LIBDIR))
	install -m 0755 $(B)/whatconv.installed $(DESTDIR)$(BINDIR)/whatconv
	install -m 0644 man/whatconv.1 $(DESTDIR)$(MANDIR)/man1/whatconv.1

uninstall:
	rm -f $(DESTDIR)$(LIBDIR)/$(REALNAME) $(DESTDIR)$(LIBDIR)/$(SONAME) $(DESTDIR)$(LIBDIR)/libwhatenc.so \
	      $(DESTDIR)$(LIBDIR)/libwhatenc.a $(DESTDIR)$(INCLUDEDIR)/whatenc.h $(DESTDIR)$(INCLUDEDIR)/whatenc.hpp \
	      $(DESTDIR)$(LIBDIR)/pkgconfig/whatenc.pc $(DESTDIR)$(BINDIR)/whatconv $(DESTDIR)$(MANDIR)/man1/whatconv.1 \
	      $(DESTDIR)$(CMAKEDIR)/whatencConfig.cmake $(DESTDIR)$(CMAKEDIR)/whatencConfigVersion.cmake
	-rmdir $(DESTDIR)$(CMAKEDIR) 2>/dev/null

# Three packages: libwhatenc1, libwhatenc-dev, whatenc-tools (the script
# builds the library again, with Debian's flags).
deb:
	scripts/make-deb.sh $(VERSION) $(B)

# The Go tests under the race detector (-short: ~17 minutes here, most of it
# the kernels' exhaustive tests); not part of `make test`. The race-built
# c-shared library does not load into a C program on this machine
# (ThreadSanitizer cannot map its shadow memory there), so the C tests'
# threads are not covered by it.
test-race:
	$(GO) test -race -short -timeout 60m ./...

# Every go test -fuzz target of codec/ and codec/xtext in turn, FUZZTIME
# each (Go fuzzes one target at a time). -fuzzminimizetime: by default Go spends up to
# 60 s shrinking each new interesting input, which here took most of a
# short run (seeds of up to 700 bytes of text, and an exec runs both error
# modes and both output forms against the reference): FuzzDecode ran 1,426
# inputs in 40 s, all in the first 3 s; with at most 200 execs a
# minimization, 116,308 (2026-11-27, one worker). A failing input is still
# minimized, within those 200 execs, and written to the package's
# testdata/fuzz.
FUZZTIME ?= 1m
# directory:target, each directory a Go package of this module.
FUZZ_TARGETS := codec:FuzzDecode codec:FuzzEncode codec:FuzzCJKDecode codec:FuzzCJKEncode \
                codec:FuzzUTF8ValidPrefix codec:FuzzUTF16ValidUpTo codec/xtext:FuzzHTMLEscapeUnsupported

#
# Go 1.26's fuzzing coordinator can fail a target with "context deadline
# exceeded" as -fuzztime ends, with no failing input (go.dev/issue/75804,
# fixed in Go 1.27): that alone is reported and not counted as a failure;
# any other failure, or a new input in testdata/fuzz, is.
fuzz:
	@mkdir -p $(B); for t in $(FUZZ_TARGETS); do \
	    echo "== $$t"; \
	    corpus=$${t%%:*}/testdata/fuzz/$${t#*:}; \
	    before=$$(ls $$corpus 2>/dev/null | wc -l); \
	    { $(GO) test ./$${t%%:*} -run '^$$' -fuzz "^$${t#*:}\$$" -fuzztime $(FUZZTIME) -fuzzminimizetime 200x; \
	      echo $$? > $(B)/fuzz.status; } 2>&1 | tee $(B)/fuzz.log; \
	    [ "$$(cat $(B)/fuzz.status)" = 0 ] && continue; \
	    if [ "$$(ls $$corpus 2>/dev/null | wc -l)" = "$$before" ] && grep -q '^    context deadline exceeded$$' $(B)/fuzz.log \
	        && [ "$$(grep -c -e '^--- FAIL' -e '^    ' $(B)/fuzz.log)" = 2 ]; then \
	        echo "== $$t: the coordinator's deadline race (go.dev/issue/75804), no failing input: not a failure"; \
	    else \
	        exit 1; \
	    fi; \
	done

# The C API's randomised stream tests (tests/stream_fuzz_test.cc: random
# input, chunks and output buffers in every encoding against the one-shot
# functions) with STREAM_ITERS cases a test instead of make test's 3000,
# under each level of vector kernels (WHATENC_CPU).
STREAM_ITERS ?= 100000
fuzz-c: $(TESTBIN)
	for cpu in avx512 avx2 generic; do \
	    echo "== WHATENC_CPU=$$cpu"; \
	    WHATENC_CPU=$$cpu WHATENC_STREAM_FUZZ_ITERS=$(STREAM_ITERS) $(TESTBIN) --gtest_filter='StreamFuzz.*' --gtest_brief=1 || exit 1; \
	done

# ---------------------------------------------------------------- bench

bench:
	$(MAKE) -C bench compare

# The same on two pages of text with emoji (scripts/emoji-pages.py).
bench-emoji:
	$(MAKE) -C bench emoji

bench-c:
	$(MAKE) -C bench run

# codec/ against golang.org/x/text, each pair's two benchmarks in turns.
bench-go:
	python3 scripts/xtext-ratios.py

clean:
	rm -rf $(B)
