# plan_cost.sh: the cost said first: --dry-run prints the free space, a run says its plan on stderr before the first run, a plan the testbed's disk cannot hold is refused up front, before anything is made; the live line moves in every phase.
. tests/e2e/lib.sh

# --dry-run: the peak beside the free space of the testbed's nearest existing parent
"$CONTEST" --dry-run -k d --mem 64M -d "$T" -R "$R" no_load read_load mem_load >"$SCRATCH/out" 2>"$ERR"
check "dry run: exit 0" test $? -eq 0
check "dry run: the peak beside the free space" grep -q "^peak disk in the testbed: 134M (read_load's kept 64M file beside mem_load's 70M); .* free in $SCRATCH\$" "$SCRATCH/out"
check "dry run: nothing made" test ! -e "$T" -a ! -e "$R"

# a plan larger than any disk: refused up front, naming the loads, nothing made
expect_fail "too large: refused up front" 2 "the testbed $T has " "$CONTEST" --scale tiny --mem 1000T -d "$T" -R "$R" no_load read_load mem_load
check "too large: names the peak's loads" grep -qF "at its peak (read_load's kept 1000T file beside mem_load's 1100T, and 5% and 16M of margin): use --mem SIZE, fewer loads or another -d" "$ERR"
check "too large: nothing made" test ! -e "$T" -a ! -e "$R"
expect_fail "too large under --dry-run: the same refusal" 2 "the testbed $T has " "$CONTEST" --dry-run --scale tiny --mem 1000T -d "$T" -R "$R" read_load
check "dry run refused: the plan still printed" grep -q "^peak disk in the testbed: 1000T" "$SCRATCH/out"
mkdir -p "$SCRATCH/o"
expect_fail "io_other too large for -o: refused up front" 2 "the -o directory $SCRATCH/o has " "$CONTEST" --scale tiny --mem 1000T -o "$SCRATCH/o" -d "$T" -R "$R" io_other
check "io_other refused: nothing made" test ! -e "$T" -a ! -e "$R" -a -z "$(ls -A "$SCRATCH/o")"

# a run says its plan on stderr before the first run (not with -q)
"$CONTEST" -k p --scale tiny --lead 0 --mem 16M -d "$T" -R "$R" no_load >"$SCRATCH/out" 2>"$ERR"
check "run: exit 0" test $? -eq 0
check "run: the plan first on stderr" sh -c "head -n 1 '$ERR' | grep -q '^plan: 1 run(s): 1 round(s) x 1 load condition(s)'"
check "run: its conditions on one line" grep -qx "load conditions: no_load" "$ERR"
check "run: its peak and free space" grep -q "^peak disk in the testbed: 0B; .* free in $T\$" "$ERR"
check "run: then the run" grep -q '^\[1/1\] no_load run 1/1: Time' "$ERR"
"$CONTEST" -k p --scale tiny --lead 0 --mem 16M -q -d "$T" -R "$R" no_load >"$SCRATCH/out" 2>"$ERR"
check "run -q: nothing on stderr" test ! -s "$ERR"

# the live line keeps moving while a load prepares and while it is stopped:
# the test load's prepare takes 2 s, and ignoring SIGTERM it takes the 2 s
# grace to stop; each phase is redrawn with its elapsed counter growing
# (the live line's redraws, \r-separated, as distinct "PHASE Ns" values)
CONTEST_SELFTEST_PREPARE=2 CONTEST_SELFTEST_STUBBORN=1 "$CONTEST" -k t --scale tiny --lead 0 --progress always -d "$T" -R "$R" selftest_load >"$SCRATCH/out" 2>"$ERR"
check "ticking run: exit 0" test $? -eq 0
shown() { tr '\r' '\n' <"$ERR" | grep -o "selftest_load run 1/1: $1 [0-9]*s" | sort -u | wc -l; }
check "preparing load: redrawn with a growing counter ($(shown 'preparing load') values)" test "$(shown 'preparing load')" -gt 1
check "stopping load: redrawn with a growing counter ($(shown 'stopping load') values)" test "$(shown 'stopping load')" -gt 1

done_tests
