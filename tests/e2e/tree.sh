# tree.sh: -t TREE on a small fake kernel tree: refusals (a subdirectory, an unknown --target before make clean), identity, a compile, a failing target, tar loads on the tree.
. tests/e2e/lib.sh
mkdir -p "$K"
cat >"$K/Makefile" <<'MK'
# A stand-in for a kernel Makefile: clean, kernelversion, vmlinux, broken.
vmlinux: a.o b.o
	$(CC) -o vmlinux a.o b.o
	@echo FAKE-BUILD-OUTPUT
a.o: a.c
	$(CC) -O2 -c a.c
b.o: b.c
	$(CC) -O2 -c b.c
broken:
	@echo FAKE-ERROR-LINE; exit 3
kernelversion:
	@echo 6.1.0-fake
clean:
	rm -f a.o b.o vmlinux
MK
printf 'int f(int x) { return x * 3; }\n' >"$K/a.c"
printf 'int f(int); int main(void) { return f(0); }\n' >"$K/b.c"
fake_top "$K"
run() { "$CONTEST" --lead 0.2 -q -d "$T" -R "$R" "$@"; }

# refusals: one line, exit 2, nothing created
expect_fail "missing tree" 2 "kernel tree '$SCRATCH/nope'" run -k x -t "$SCRATCH/nope" no_load
mkdir "$SCRATCH/plain"
expect_fail "not a kernel tree" 2 "is not a Linux source tree" run -k x -t "$SCRATCH/plain" no_load
expect_fail "a file is not a tree" 2 "is not a directory" run -k x -t "$K/Makefile" no_load
mkdir "$SCRATCH/half"
: >"$SCRATCH/half/Makefile"
: >"$SCRATCH/half/Kconfig"
expect_fail "Makefile and Kconfig are not enough" 2 "'$SCRATCH/half' is not a Linux source tree (no Makefile, Kconfig, MAINTAINERS or Kbuild, scripts/ and arch/ at its top)" run -k x -t "$SCRATCH/half" no_load
expect_fail "a subdirectory names the top" 2 "'$K/arch/x86' looks like a subdirectory of a kernel tree, not its top: give -t $K" run -k x -t "$K/arch/x86" no_load
mkdir -p "$K/arch/x86/include/asm"
expect_fail "deeper down, the same" 2 "give -t $K" run -k x -t "$K/arch/x86/include/asm" no_load
expect_fail "no .config" 2 "has no .config: run 'make -C $K tinyconfig'" run -k x -t "$K" no_load
check "refusals leave no testbed" test ! -e "$T"
check "refusals leave no results" test ! -e "$R"
echo 'CONFIG_FAKE=y' >"$K/.config"
expect_fail "--target needs -t" 2 "--target 'bzImage' needs -t TREE" run -k x --target bzImage no_load
expect_fail "--scale is not for -t" 2 "--scale 'tiny' is for the built-in workload" run -k x --scale tiny -t "$K" no_load
expect_fail "bad target" 2 "--target: '-x' is not a make target" run -k x -t "$K" --target=-x no_load
# an unknown --target: refused before make clean touches the tree, on a
# tree whose make does it all (fake_tree: clean removes a.o and vmlinux) and
# on one that hands its goals to a sub-make, as a kernel's Makefile can
K2=$SCRATCH/k2
fake_tree "$K2"
: >"$K2/a.o"
: >"$K2/vmlinux"
expect_fail "unknown target refused" 2 "--target 'nosuchtarget': the tree's make has no rule for it" run -k x -t "$K2" --target nosuchtarget no_load
check "make clean did not run" test -e "$K2/a.o" -a -e "$K2/vmlinux" -a ! -e "$K2/.cleaning"
check "the refusal leaves no results" test ! -e "$R"
K3=$SCRATCH/k3
fake_tree "$K3"
mv "$K3/Makefile" "$K3/inner.mk"
printf '%s\n' '$(filter-out __sub-make,$(MAKECMDGOALS)) __all: __sub-make' '	@:' \
	'__sub-make:' '	@$(MAKE) -f inner.mk $(MAKECMDGOALS)' >"$K3/Makefile"
expect_fail "unknown target refused through a sub-make" 2 "--target 'nosuchtarget': the tree's make has no rule for it" run -k x -t "$K3" --target nosuchtarget no_load
check "a known target through a sub-make runs" run -k sub -t "$K3" --target vmlinux no_load >/dev/null 2>&1
check "and was built" test -e "$K3/.linked"
rm -rf "$T" "$R"
if is_root; then
	mkdir "$SCRATCH/ro"
	if mount --bind "$K" "$SCRATCH/ro" 2>/dev/null && mount -o remount,ro,bind "$SCRATCH/ro" 2>/dev/null; then
		expect_fail "read-only tree" 2 "kernel tree '$SCRATCH/ro' is not writable" run -k x -t "$SCRATCH/ro" no_load
	else
		skip "read-only tree refusal (cannot bind-mount read-only here)"
	fi
	umount "$SCRATCH/ro" 2>/dev/null
else
	chmod 555 "$K"
	expect_fail "read-only tree" 2 "kernel tree '$K' is not writable" run -k x -t "$K" no_load
	chmod 755 "$K"
fi

# a run on the tree: compile output in the testbed's log, not on the terminal
check "run on the tree" run -k fake -t "$K" no_load ctar_load xtar_load >"$SCRATCH/run.out" 2>"$SCRATCH/run.err"
check "compile output kept off the terminal" sh -c "! grep -q FAKE-BUILD-OUTPUT '$SCRATCH/run.out' '$SCRATCH/run.err'"
check "compile output in the testbed log" grep -q FAKE-BUILD-OUTPUT "$T/compile.log"
check "the target was built" test -x "$K/vmlinux"
TAB=$(printf '\t')
check "identity: version, config hash, target" grep -qE "${TAB}linux-6\.1\.0-fake:config-[0-9a-f]{8}:vmlinux${TAB}" "$R/fake.loads"
for l in ctar_load xtar_load; do
	row=$("$CONTEST" report -R "$R" --loads "$l" fake | grep '^fake ')
	check "$l on the tree has Loads > 0 ($row)" awk "BEGIN{exit !($(echo "$row" | awk '{print $5}') > 0)}"
done
check "nothing left of the loads (the canary's tiny tree is kept)" test "$(contents "$T")" = ".contest.lock builtin-1-tiny compile.log "

# another .config is another workload: shown apart, never averaged together
echo 'CONFIG_OTHER=y' >>"$K/.config"
check "second run, other config" run -k fake -t "$K" no_load >/dev/null 2>&1
check "two workload blocks" test "$("$CONTEST" report -R "$R" | grep -c '^Workload: linux-6.1.0-fake:config-')" -eq 2

# a compile that fails: run failed with the reason, the log's tail shown, the others go on
run -k fail -t "$K" --target broken no_load ctar_load >"$SCRATCH/f.out" 2>"$SCRATCH/f.err"
check "failed compile exits 1" test $? -eq 1
check "the log's tail is shown" grep -q FAKE-ERROR-LINE "$SCRATCH/f.err"
check "both runs recorded as failed" test "$(grep -c "${TAB}failed${TAB}compile failed" "$R/fail.loads")" -eq 2
check "no strays" no_strays "$SCRATCH"
done_tests
