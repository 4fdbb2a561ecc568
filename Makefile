# Makefile: builds contest into build/ (BUILD=DIR for another), runs its tests (make check), benchmarks (make bench) and fuzz targets (make fuzz).
BUILD   ?= build
PREFIX  ?= /usr/local
DESTDIR ?=
BINDIR   = $(PREFIX)/bin
LIBEXEC  = $(PREFIX)/lib/contest
MANDIR   = $(PREFIX)/share/man/man1
SHAREDIR = $(PREFIX)/share/contest

CC      ?= cc
CFLAGS  ?= -O2 -g
WFLAGS   = -std=c11 -Wall -Wextra -Werror -D_GNU_SOURCE -I.
LDLIBS   = -lm -lpthread -lrt
SANFLAGS = -fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=all

LIB_SRC  := $(filter-out contest/main.c,$(wildcard lib/*.c contest/*.c contest/*/*.c loads/*.c workload/*.c results/*/*.c micro/*.c))
OBJ      := $(patsubst %.c,$(BUILD)/obj/%.o,$(LIB_SRC))
SAN_OBJ  := $(patsubst %.c,$(BUILD)/san/%.o,$(LIB_SRC))
TEST_SRC := $(wildcard tests/unit/test_*.c)
TEST_BIN := $(patsubst tests/unit/%.c,$(BUILD)/tests/%,$(TEST_SRC))

# make fuzz: libFuzzer targets of tests/fuzz/, built with clang into $(BUILD)/fuzz/.
FUZZ_CC      ?= clang
FUZZ_SECONDS ?= 60
# -Wno-unused-but-set-variable: clang 14 warns on volatile sinks (loads/selftest.c).
FUZZ_FLAGS    = -O1 -g -fno-omit-frame-pointer -fsanitize=address,undefined -fno-sanitize-recover=all \
                -Wno-unused-but-set-variable
FUZZ_OBJ     := $(patsubst %.c,$(BUILD)/fuzz/obj/%.o,$(LIB_SRC))
FUZZ_BIN     := $(patsubst tests/fuzz/%.c,$(BUILD)/fuzz/%,$(wildcard tests/fuzz/fuzz_*.c))

.PHONY: all check bench bench-loads fuzz fuzz-build install uninstall clean
.SECONDARY: $(SAN_OBJ) $(FUZZ_OBJ)

all: $(BUILD)/contest $(BUILD)/contest-init $(BUILD)/contest-forker $(BUILD)/guest.config

$(BUILD)/contest: $(BUILD)/obj/contest/main.o $(OBJ)
	$(CC) $(CFLAGS) -o $@ $^ $(LDLIBS)

# contest-init: a guest's /init (contest series --boot qemu), static, outside contest itself.
$(BUILD)/contest-init: guest/init.c
	@mkdir -p $(dir $@)
	$(CC) -std=c11 -Wall -Wextra -Werror $(CFLAGS) -static -o $@ guest/init.c

# guest.config: the kernel config fragment of contest's guests (contest/kbuild/),
# beside contest in the build folder as make install puts it in PREFIX/share/contest.
$(BUILD)/guest.config: contest/kbuild/guest.config
	@mkdir -p $(dir $@)
	cp $< $@

# contest-forker: the small process Fork proc forks from (contest micro), dynamic, libc only.
$(BUILD)/contest-forker: micro/forker/forker.c
	@mkdir -p $(dir $@)
	$(CC) -std=c11 -Wall -Wextra -Werror -D_GNU_SOURCE $(CFLAGS) -o $@ micro/forker/forker.c

$(BUILD)/obj/%.o: %.c
	@mkdir -p $(dir $@)
	$(CC) $(WFLAGS) $(CFLAGS) -MMD -MP -c -o $@ $<

$(BUILD)/san/%.o: %.c
	@mkdir -p $(dir $@)
	$(CC) $(WFLAGS) $(CFLAGS) $(SANFLAGS) -MMD -MP -c -o $@ $<

$(BUILD)/tests/%: tests/unit/%.c $(SAN_OBJ)
	@mkdir -p $(dir $@)
	$(CC) $(WFLAGS) $(CFLAGS) $(SANFLAGS) -MMD -MP -o $@ $< $(SAN_OBJ) $(LDLIBS)

# test_micro_proc runs contest-forker from beside it, in $(BUILD).
$(BUILD)/tests/test_micro_proc: | $(BUILD)/contest-forker

# check: unit tests under ASan+UBSan, then end-to-end tests of $(BUILD)/contest.
# The build takes one job per CPU by itself (every test binary links every
# object: serial, it was minutes of CI's 15); the tests run one at a time.
NPROC = $(shell getconf _NPROCESSORS_ONLN 2>/dev/null || echo 1)
check:
	@$(MAKE) --no-print-directory -j$(NPROC) $(BUILD)/contest $(BUILD)/contest-init $(BUILD)/contest-forker $(TEST_BIN)
	@CONTEST=$(abspath $(BUILD))/contest sh tests/run.sh $(TEST_BIN)

# fuzz: each target for FUZZ_SECONDS from its seeds in tests/fuzz/corpus/; needs clang.
fuzz:
	@command -v $(FUZZ_CC) >/dev/null 2>&1 || { \
		echo "make fuzz: $(FUZZ_CC) not found; install it (apt-get install clang)" >&2; exit 1; }
	@$(MAKE) --no-print-directory fuzz-build
	@sh tests/fuzz/run.sh $(BUILD)/fuzz $(FUZZ_SECONDS) $(FUZZ_BIN)

fuzz-build: $(FUZZ_BIN)
	@:

$(BUILD)/fuzz/obj/%.o: %.c
	@mkdir -p $(dir $@)
	$(FUZZ_CC) $(WFLAGS) $(FUZZ_FLAGS) -fsanitize=fuzzer-no-link -MMD -MP -c -o $@ $<

$(BUILD)/fuzz/%: tests/fuzz/%.c $(FUZZ_OBJ)
	@mkdir -p $(dir $@)
	$(FUZZ_CC) $(WFLAGS) $(FUZZ_FLAGS) -fsanitize=fuzzer -MMD -MP -o $@ $< $(FUZZ_OBJ) $(LDLIBS)

bench: $(BUILD)/contest
	@CONTEST=$(BUILD)/contest sh scripts/bench.sh
	@CONTEST=$(BUILD)/contest sh scripts/bench-aa.sh

bench-loads: $(BUILD)/contest
	@CONTEST=$(BUILD)/contest sh scripts/bench-loads.sh

install: $(BUILD)/contest $(BUILD)/contest-init $(BUILD)/contest-forker $(BUILD)/guest.config
	install -d $(DESTDIR)$(BINDIR) $(DESTDIR)$(MANDIR) $(DESTDIR)$(LIBEXEC) $(DESTDIR)$(SHAREDIR)
	install -m 0755 $(BUILD)/contest $(DESTDIR)$(BINDIR)/contest
	install -m 0755 $(BUILD)/contest-init $(DESTDIR)$(LIBEXEC)/contest-init
	install -m 0755 $(BUILD)/contest-forker $(DESTDIR)$(LIBEXEC)/contest-forker
	install -m 0644 man/contest.1 $(DESTDIR)$(MANDIR)/contest.1
	install -m 0644 $(BUILD)/guest.config $(DESTDIR)$(SHAREDIR)/guest.config

uninstall:
	rm -f $(DESTDIR)$(BINDIR)/contest $(DESTDIR)$(MANDIR)/contest.1 $(DESTDIR)$(LIBEXEC)/contest-init \
	      $(DESTDIR)$(LIBEXEC)/contest-forker $(DESTDIR)$(SHAREDIR)/guest.config
	rmdir $(DESTDIR)$(LIBEXEC) $(DESTDIR)$(SHAREDIR) 2>/dev/null || true

clean:
	rm -rf $(BUILD)

-include $(shell find $(BUILD) -name '*.d' 2>/dev/null)
