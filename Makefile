# Makefile: builds contest into build/, runs its tests (make check) and benchmarks (make bench).
PREFIX  ?= /usr/local
DESTDIR ?=
BINDIR   = $(PREFIX)/bin
MANDIR   = $(PREFIX)/share/man/man1

CC      ?= cc
CFLAGS  ?= -O2 -g
WFLAGS   = -std=c11 -Wall -Wextra -Werror -D_GNU_SOURCE -Icontest -Iloads -Iworkload -Iresults -Imicro
LDLIBS   = -lm -lpthread -lrt
SANFLAGS = -fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=all

LIB_SRC  := $(filter-out contest/main.c,$(wildcard contest/*.c loads/*.c workload/*.c results/*.c micro/*.c))
OBJ      := $(patsubst %.c,build/obj/%.o,$(LIB_SRC))
SAN_OBJ  := $(patsubst %.c,build/san/%.o,$(LIB_SRC))
TEST_SRC := $(wildcard tests/unit/test_*.c)
TEST_BIN := $(patsubst tests/unit/%.c,build/tests/%,$(TEST_SRC))

.PHONY: all check bench bench-loads install uninstall clean
.SECONDARY: $(SAN_OBJ)

all: build/contest

build/contest: build/obj/contest/main.o $(OBJ)
	$(CC) $(CFLAGS) -o $@ $^ $(LDLIBS)

build/obj/%.o: %.c
	@mkdir -p $(dir $@)
	$(CC) $(WFLAGS) $(CFLAGS) -MMD -MP -c -o $@ $<

build/san/%.o: %.c
	@mkdir -p $(dir $@)
	$(CC) $(WFLAGS) $(CFLAGS) $(SANFLAGS) -MMD -MP -c -o $@ $<

build/tests/%: tests/unit/%.c $(SAN_OBJ)
	@mkdir -p $(dir $@)
	$(CC) $(WFLAGS) -Itests/unit $(CFLAGS) $(SANFLAGS) -MMD -MP -o $@ $< $(SAN_OBJ) $(LDLIBS)

# check: unit tests under ASan+UBSan, then end-to-end tests of build/contest.
check: build/contest $(TEST_BIN)
	@sh tests/run.sh $(TEST_BIN)

bench: build/contest
	@sh scripts/bench.sh

bench-loads: build/contest
	@sh scripts/bench-loads.sh

install: build/contest
	install -d $(DESTDIR)$(BINDIR) $(DESTDIR)$(MANDIR)
	install -m 0755 build/contest $(DESTDIR)$(BINDIR)/contest
	install -m 0644 man/contest.1 $(DESTDIR)$(MANDIR)/contest.1

uninstall:
	rm -f $(DESTDIR)$(BINDIR)/contest $(DESTDIR)$(MANDIR)/contest.1

clean:
	rm -rf build

-include $(shell find build -name '*.d' 2>/dev/null)
