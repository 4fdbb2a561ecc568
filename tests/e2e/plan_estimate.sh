# plan_estimate.sh: the time said before a run: a fresh results directory gets a number (a first guess, said so), a real tree's plan never borrows the built-in workload's runs, and each workload's own recorded runs then count.
. tests/e2e/lib.sh
mkdir -p "$SCRATCH/tmp"
GUESS='^estimated time: about [0-9.]*\(s\| min\| h\), a first guess: no runs of this workload recorded here yet'

# a fresh results directory: a first guess from the canary, timed in a
# temporary testbed that goes away; nothing made
TMPDIR=$SCRATCH/tmp "$CONTEST" --dry-run -k a --scale tiny --mem 64M -d "$T" -R "$R" no_load process_load >"$SCRATCH/out" 2>"$ERR"
check "fresh dry run: exit 0" test $? -eq 0
check "fresh dry run: a number, a first guess" grep -q "$GUESS\$" "$SCRATCH/out"
check "fresh dry run: what it is made of" grep -q "^  (from the canary 0\.[0-9]*s x the built-in tiny scale's 16 units" "$SCRATCH/out"
check "fresh dry run: a first guess per load" grep -q "^  process_load: 1 run(s) under a; disk: none; about [0-9ms]* a run (a first guess: compile [0-9]*s, cost factor 1.15)\$" "$SCRATCH/out"
check "fresh dry run: nothing made" test ! -e "$T" -a ! -e "$R"
check "fresh dry run: its temporary testbed removed" test -z "$(ls -A "$SCRATCH/tmp")"

# a first run says its first guess before the first run; then its runs count
"$CONTEST" -k a --scale tiny --lead 0 --mem 16M -d "$T" -R "$R" no_load >"$SCRATCH/out" 2>"$ERR"
check "first run: exit 0" test $? -eq 0
check "first run: the first guess before the first run" grep -q "$GUESS; corrected as runs finish\$" "$ERR"
"$CONTEST" --dry-run -k a --scale tiny --lead 0 --mem 16M -d "$T" -R "$R" no_load >"$SCRATCH/out" 2>"$ERR"
check "after a run: its time, recorded" grep -q "^  no_load: 1 run(s) under a; disk: none; about [0-9]*s a run (compile [0-9.]*s, mean of 1 recorded)\$" "$SCRATCH/out"
check "after a run: no first guess" sh -c "! grep -q 'first guess' '$SCRATCH/out'"

# a real tree (a stand-in, with a kernel Makefile's version lines): the
# built-in runs above are another workload, never borrowed
mkdir -p "$K"
cat >"$K/Makefile" <<'MK'
VERSION = 6
PATCHLEVEL = 1
SUBLEVEL = 0
EXTRAVERSION = -fake
vmlinux: a.o
	$(CC) -o vmlinux a.o
a.o: a.c
	$(CC) -O2 -c a.c
kernelversion:
	@echo 6.1.0-fake
clean:
	rm -f a.o vmlinux
MK
printf 'int main(void) { return 0; }\n' >"$K/a.c"
printf 'CONFIG_FAKE=y\nCONFIG_OTHER=y\n# CONFIG_NOT is not set\n' >"$K/.config"
fake_top "$K"
"$CONTEST" --dry-run -k a -t "$K" --lead 0 --mem 16M -d "$T" -R "$R" no_load >"$SCRATCH/out" 2>"$ERR"
check "tree after built-in runs: a first guess, not the built-in's time" grep -q "$GUESS\$" "$SCRATCH/out"
check "tree: its size from .config" grep -q "the tree's 2 =y lines of .config" "$SCRATCH/out"
"$CONTEST" -q -k a -t "$K" --lead 0 --mem 16M -d "$T" -R "$R" no_load >"$SCRATCH/out" 2>"$ERR"
check "tree run: exit 0" test $? -eq 0
"$CONTEST" --dry-run -k a -t "$K" --lead 0 --mem 16M -d "$T" -R "$R" no_load >"$SCRATCH/out" 2>"$ERR"
check "tree after its run: its own run only" grep -q "^  no_load: 1 run(s) under a; disk: none; about [0-9]*s a run (compile [0-9.]*s, mean of 1 recorded)\$" "$SCRATCH/out"

done_tests
