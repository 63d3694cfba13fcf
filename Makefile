# swapplace — build, test, demo and bench.
#
# `make` builds build/swapplace; `make check` installs missing Debian packages, builds and runs
# every test; `make demo` runs the whole sweep on a scratch loop device plus zram; `make bench`
# compares the device probe with fio on the same range.

CC      ?= cc
PKGS    := liburing blkid fdisk libzstd jansson cairo
# CFLAGS and LDFLAGS are the builder's (`make CFLAGS=-O0`); what the code needs to build at all
# is in SP_CFLAGS, given before them, so overriding CFLAGS keeps the include path and libraries.
CFLAGS  ?= -O2 -g
# The one version string: the host build, the i686 build (image/image.mk) and the stick's
# build id (image/build-image.sh, handed SWAPPLACE_BUILD_ID) all read it.
GIT_DESCRIBE := $(shell git describe --always --dirty 2>/dev/null)
SP_VERSION_STR := 0.1$(if $(GIT_DESCRIBE),-$(GIT_DESCRIBE))
SP_WARN   := -Wall -Wextra -Werror -Wmissing-prototypes
SP_CFLAGS := -std=c11 -D_GNU_SOURCE $(SP_WARN) -Iinclude -DSP_VERSION='"$(SP_VERSION_STR)"'
SP_CFLAGS += $(shell pkg-config --cflags $(PKGS) 2>/dev/null)
# gcc below -O2 lacks its value ranges and warns of snprintf truncations -O2 proves cannot
# happen (as for the ASan build below): a debug build (`make CFLAGS=-O0`) leaves that one out
SP_CFLAGS += $(if $(filter -O2 -O3 -Os,$(CFLAGS)),,-Wno-format-truncation)
# -MMD: each object depends on the headers it includes (build/**/*.d), not on every header
SP_DEPFLAGS := -MMD -MP
LDLIBS  += $(shell pkg-config --libs $(PKGS) 2>/dev/null) -lpthread -lm

B        := build
# Rooms by role (docs/architecture.md): core/ is pure, sys/ reads the machine, act/ changes it
# (each change with its undo), probe/ measures, render/ paints documents with cairo (PDF, PS,
# PNG: a stream in, a stream out, but it reads font files), cmd/ is the edge that prints and exits.
# out/ writes results: report files in every format, the lab index, the printer.
ROLES    := core sys act probe render out cmd
# core/ has sub-rooms by pipeline stage (config, plan, safety, measure, scenario, findings,
# report, doc; docs/architecture.md), err at its top
CORE_STAGES := model config plan safety measure scenario findings report doc
SRCS     := $(wildcard $(patsubst %,src/%/*.c,$(ROLES)) $(patsubst %,src/core/%/*.c,$(CORE_STAGES)))
HDRS     := $(wildcard $(patsubst %,include/%/*.h,$(ROLES)) $(patsubst %,include/core/%/*.h,$(CORE_STAGES)))
OBJS     := $(patsubst src/%.c,$(B)/obj/%.o,$(SRCS))
CORE_OBJS:= $(filter $(B)/obj/core/%,$(OBJS))
LIBOBJS  := $(filter-out $(B)/obj/cmd/main.o,$(OBJS))
UNIT_SRC := $(wildcard tests/unit/t-*.c)
UNIT_BIN := $(patsubst tests/unit/%.c,$(B)/tests/%,$(UNIT_SRC))
HELPERS  := $(patsubst tests/helpers/%.c,$(B)/tests/%,$(wildcard tests/helpers/*.c))

all: $(B)/swapplace

# V=1 shows the commands
Q := $(if $(V),,@)

$(B)/obj/%.o: src/%.c
	@mkdir -p $(@D)
	@$(if $(Q),echo "  CC      $<")
	$(Q)$(CC) $(SP_CFLAGS) $(SP_DEPFLAGS) $(CFLAGS) -c -o $@ $<

# The objects that embed SP_VERSION are rebuilt when it changes (a new commit), through a
# stamp that is rewritten only then (FORCE: image/image.mk).
$(B)/version.stamp: FORCE
	@mkdir -p $(@D)
	@echo '$(SP_VERSION_STR)' >$@.tmp
	@if cmp -s $@.tmp $@; then rm -f $@.tmp; else mv $@.tmp $@; fi
SP_VERSIONED := cmd/main.o core/model/report.o
$(addprefix $(B)/obj/,$(SP_VERSIONED)) $(addprefix $(B)/asan/obj/,$(SP_VERSIONED)) \
	$(addprefix $(B)/fuzz/obj/,$(SP_VERSIONED)): $(B)/version.stamp

$(B)/swapplace: $(OBJS)
	@$(if $(Q),echo "  LD      $@")
	$(Q)$(CC) $(SP_CFLAGS) $(CFLAGS) $(LDFLAGS) -o $@ $^ $(LDLIBS)

$(B)/libswapplace.a: $(LIBOBJS)
	$(Q)rm -f $@ && ar rcs $@ $^

$(B)/tests/%: tests/unit/%.c $(B)/libswapplace.a | $(B)/tests
	@$(if $(Q),echo "  TEST    $@")
	$(Q)$(CC) $(SP_CFLAGS) $(SP_DEPFLAGS) $(CFLAGS) -Itests -o $@ $< $(B)/libswapplace.a $(LDLIBS)

$(B)/tests/%: tests/helpers/%.c $(B)/libswapplace.a | $(B)/tests
	@$(if $(Q),echo "  HELPER  $@")
	$(Q)$(CC) $(SP_CFLAGS) $(SP_DEPFLAGS) $(CFLAGS) -Itests -o $@ $< $(B)/libswapplace.a $(LDLIBS)

# the FUSE file that fails writes in a range (tests/root/run-ssd-range-write-io-error-*): libfuse3
$(B)/tests/faulty-file: tests/helpers/faulty-file.c | $(B)/tests
	@$(if $(Q),echo "  HELPER  $@")
	$(Q)$(CC) $(SP_CFLAGS) $(SP_DEPFLAGS) $(CFLAGS) $$(pkg-config --cflags fuse3) -o $@ $< \
		$$(pkg-config --libs fuse3)

# the modeled spinning disk (tests/hddmodel): a pure timing model, its NBD server and its CLI;
# the t-hddmodel-* unit tests link the model (the shorter stem makes make prefer this rule)
HDDMODEL := $(B)/tests/nbd-hdd $(B)/tests/hddmodel-expect
$(B)/tests/%: tests/hddmodel/%.c tests/hddmodel/hddmodel.c tests/hddmodel/hddmodel.h | $(B)/tests
	@$(if $(Q),echo "  HDDMOD  $@")
	$(Q)$(CC) $(SP_CFLAGS) $(CFLAGS) -o $@ $< tests/hddmodel/hddmodel.c -lm
$(B)/tests/t-hddmodel-%: tests/unit/t-hddmodel-%.c tests/check.h tests/hddmodel/hddmodel.c tests/hddmodel/hddmodel.h | $(B)/tests
	@$(if $(Q),echo "  TEST    $@")
	$(Q)$(CC) $(SP_CFLAGS) $(CFLAGS) -Itests -o $@ $< tests/hddmodel/hddmodel.c -lm

$(B)/tests:
	mkdir -p $@

deps:
	@echo "== deps at $$(date +%T)"
	@./tests/install-deps.sh

tests: $(B)/swapplace $(UNIT_BIN) $(HELPERS) $(HDDMODEL) $(B)/core-objs.list

# tests/meta/core-is-pure.sh checks these objects' undefined symbols against what the core may use
$(B)/core-objs.list: $(CORE_OBJS)
	$(Q)printf '%s\n' $^ > $@

# Unit tests need nothing but the build; root tests skip (77) where the machine lacks a feature;
# the vm tests boot the stick image (built here, as check-image does) under QEMU.
check: deps
	@echo "== build at $$(date +%T)"
	$(MAKE) -j2 tests image asan
	-$(MAKE) -j2 fuzz-build # here, beside the image; tests/meta/fuzz-harnesses-bounded.sh reports a failure
	@echo "== tests at $$(date +%T)"
	./tests/run.sh

check-unit: tests
	./tests/run.sh unit

demo: deps
	$(MAKE) all
	./tests/demo.sh

bench: deps
	$(MAKE) all
	./bench/bench.sh

# ---- fuzzing and sanitizers (docs/safety.md, "Fuzzing and sanitizers") ----
# Two builds beside the product's, never mixed with it: build/fuzz/ compiles the pure core with
# clang under libFuzzer + ASan + UBSan and links one harness per parser of outside input
# (tests/fuzz/fuzz-NAME.c); build/asan/ compiles every library object and unit test with ASan +
# UBSan (-O1: the sanitizers' cost without -O0's slowness). `make check` runs both bounded
# through tests/meta/fuzz-harnesses-bounded.sh and tests/meta/unit-under-asan-ubsan.sh; `make fuzz`
# runs every harness until stopped (FUZZ_TIME=SECONDS bounds each, FUZZ=NAME picks one).
FUZZ_CC    ?= clang
SAN_FLAGS  := -fsanitize=address,undefined -fno-sanitize-recover=undefined -fno-omit-frame-pointer
SAN_CFLAGS  = $(SP_CFLAGS) $(filter-out -O2 -O3,$(CFLAGS)) -O1 $(SAN_FLAGS)
# gcc at -O1 lacks -O2's ranges and warns of snprintf truncations -O2 proves cannot happen;
# gcc leaves float-to-integer casts out of -fsanitize=undefined (clang has them): asked for
ASAN_CFLAGS = $(SAN_CFLAGS) -Wno-format-truncation -fsanitize=float-cast-overflow
FUZZ_SRC   := $(wildcard tests/fuzz/fuzz-*.c)
FUZZ_BIN   := $(patsubst tests/fuzz/%.c,$(B)/fuzz/%,$(FUZZ_SRC))
FUZZ_OBJS  := $(patsubst src/%.c,$(B)/fuzz/obj/%.o,$(filter src/core/%,$(SRCS)))
ASAN_LIB   := $(B)/asan/libswapplace.a
ASAN_UNIT  := $(patsubst tests/unit/%.c,$(B)/asan/tests/%,$(UNIT_SRC))

$(B)/fuzz/obj/%.o: src/%.c
	@mkdir -p $(@D)
	@$(if $(Q),echo "  FUZZCC  $<")
	$(Q)$(FUZZ_CC) $(SAN_CFLAGS) $(SP_DEPFLAGS) -fsanitize=fuzzer-no-link -c -o $@ $<

$(B)/fuzz/fuzz-%: tests/fuzz/fuzz-%.c $(wildcard tests/fuzz/*.h) $(FUZZ_OBJS)
	@$(if $(Q),echo "  FUZZLD  $@")
	$(Q)$(FUZZ_CC) $(SAN_CFLAGS) -fsanitize=fuzzer -Itests/fuzz -o $@ $< $(filter %.o,$^) $(LDLIBS)

$(B)/asan/obj/%.o: src/%.c
	@mkdir -p $(@D)
	@$(if $(Q),echo "  ASANCC  $<")
	$(Q)$(CC) $(ASAN_CFLAGS) $(SP_DEPFLAGS) -c -o $@ $<

$(ASAN_LIB): $(patsubst $(B)/obj/%,$(B)/asan/obj/%,$(LIBOBJS))
	$(Q)rm -f $@ && ar rcs $@ $^

$(B)/asan/tests/t-hddmodel-%: tests/unit/t-hddmodel-%.c tests/check.h tests/hddmodel/hddmodel.c tests/hddmodel/hddmodel.h
	@mkdir -p $(@D)
	$(Q)$(CC) $(ASAN_CFLAGS) -Itests -o $@ $< tests/hddmodel/hddmodel.c -lm

$(B)/asan/tests/%: tests/unit/%.c $(ASAN_LIB)
	@mkdir -p $(@D)
	@$(if $(Q),echo "  ASANT   $@")
	$(Q)$(CC) $(ASAN_CFLAGS) $(SP_DEPFLAGS) -Itests -o $@ $< $(ASAN_LIB) $(LDLIBS)

# the objects are listed only as prerequisites of pattern rules: keep them between builds
.SECONDARY: $(FUZZ_OBJS) $(patsubst $(B)/obj/%,$(B)/asan/obj/%,$(LIBOBJS))

fuzz-build: $(FUZZ_BIN)
asan: $(ASAN_UNIT)

fuzz: fuzz-build
	./tests/fuzz/run.sh $(if $(FUZZ_TIME),-max_total_time=$(FUZZ_TIME))

.PHONY: fuzz fuzz-build asan

# the headers each object, test and harness includes, as the compiler saw them (-MMD)
-include $(shell find $(B)/obj $(B)/tests $(B)/asan $(B)/fuzz $(B)/i686 -name '*.d' -type f 2>/dev/null)

# the bootable appliance: image, initramfs, check-image (image/image.mk)
-include image/image.mk

# the version string every build embeds (tests/meta/version-reads-the-same-in-every-build.sh)
print-version:
	@echo '$(SP_VERSION_STR)'

# Every C file of ours, formatted by .clang-format (kernel style; includes in two sorted blocks)
FORMAT_FILES = $(SRCS) $(HDRS) $(wildcard tests/*.h tests/unit/*.[ch] tests/helpers/*.[ch] \
	       tests/fuzz/*.[ch] tests/hddmodel/*.[ch])

format:
	$(Q)clang-format -i $(FORMAT_FILES)

# fails naming each file clang-format would change (tests/meta/format-check.sh runs it)
format-check:
	@clang-format --dry-run -Werror $(FORMAT_FILES)

clean:
	rm -rf $(B)

.PHONY: all deps tests check check-unit demo bench format format-check clean print-version
