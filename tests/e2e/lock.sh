# lock.sh: one contest per testbed and per results directory: a second run, micro or loads --rate is refused in one line naming the holder; report reads meanwhile; a lock file left behind is harmless; two racing for one testbed: one runs, the other is refused.
. tests/e2e/lib.sh
fake_tree "$K"
run() { "$CONTEST" -t "$K" --lead 0 --no-flush -q "$@"; }

check "a first run" run -k a -d "$T" -R "$R" no_load >/dev/null 2>&1
check "its lock files stay, empty" test -f "$T/.contest.lock" -a ! -s "$T/.contest.lock" -a -f "$R/.contest.lock"
# after a normal exit nothing is swept: a file of a load's name is not contest's
echo "not contest's" >"$T/io_load.dat"

# a run that holds both for a while: its compile's link step sleeps
rm -f "$K/.linked"
export LINK_SLEEP=60
O=$SCRATCH/other
mkdir "$O"
"$CONTEST" -t "$K" --lead 0 --no-flush -q -k h -d "$T" -R "$R" -o "$O" no_load >/dev/null 2>"$SCRATCH/h.err" &
holder=$!
unset LINK_SLEEP
wait_until 60 test -e "$K/.linked" || bad "the holder never compiled"
since=$(cut -d ' ' -f 2 "$T/.contest.lock")
check "the lock file names the holder ($(cat "$T/.contest.lock"))" grep -qx "$holder [0-9T:-]*Z" "$T/.contest.lock"
busy_tb="testbed '$T' is in use by contest pid $holder (since $since); wait for it or use another -d"
busy_res="results directory '$R' is in use by contest pid $holder (since $since); wait for it or use another -R"

expect_fail "run on the same testbed" 2 "$busy_tb" run -k b -d "$T" -R "$SCRATCH/r2" no_load
check "the refused run left no results directory" test ! -e "$SCRATCH/r2"
expect_fail "micro on the same testbed" 2 "$busy_tb" "$CONTEST" micro --quick -k b -d "$T" -R "$SCRATCH/r2"
check "the refused micro left no results directory" test ! -e "$SCRATCH/r2"
expect_fail "loads --rate on the same testbed" 2 "$busy_tb" "$CONTEST" loads --rate --seconds 1 -d "$T" process_load
expect_fail "run into the same results" 2 "$busy_res" run -k b -d "$SCRATCH/t2" -R "$R" no_load
check "the refused run left no testbed" test ! -e "$SCRATCH/t2"
expect_fail "micro into the same results" 2 "$busy_res" "$CONTEST" micro --quick -k b -d "$SCRATCH/t2" -R "$R"
check "the refused micro left no testbed" test ! -e "$SCRATCH/t2"
# -o's lock is taken after the testbed's, maybe a second later: its own time
since_o=$(cut -d ' ' -f 2 "$O/.contest.lock")
busy_o="directory for io_other '$O' is in use by contest pid $holder (since $since_o); wait for it or use another -o"
expect_fail "run with the same -o" 2 "$busy_o" run -k b -d "$SCRATCH/t2" -R "$SCRATCH/r2" -o "$O" io_other
check "the refused run left no testbed or results" test ! -e "$SCRATCH/t2" -a ! -e "$SCRATCH/r2"
expect_fail "loads --rate with the same -o" 2 "$busy_o" "$CONTEST" loads --rate --seconds 1 -d "$SCRATCH/t3" -o "$O" io_other
"$CONTEST" -r -R "$R" >"$SCRATCH/rep" 2>&1
check "report reads the results meanwhile" grep -q '^a ' "$SCRATCH/rep"
check "the holder was not disturbed" kill -0 "$holder"

kill -INT "$holder"
wait "$holder"
check "the holder ends on SIGINT (130)" test $? -eq 130
check "its lock file is left empty" test -f "$T/.contest.lock" -a ! -s "$T/.contest.lock"
run -k b -d "$T" -R "$R" no_load >/dev/null 2>"$SCRATCH/b.err"
check "the next run goes ahead" test $? -eq 0
# the whole stderr is in the check's name, so a failure shows what was said
check "quietly (stderr: $(tr '\n' '|' <"$SCRATCH/b.err"))" test ! -s "$SCRATCH/b.err"
check "no sweep after runs that ended normally: io_load.dat kept" grep -qx "not contest's" "$T/io_load.dat"
rm -f "$T/io_load.dat"

# a record left by a killed contest does not lock
printf '999999 2026-01-01T00:00:00Z\n' >"$T/.contest.lock"
check "a stale lock record is no lock" run -k b -d "$T" -R "$R" no_load >/dev/null 2>&1
# a record of a killed holder: the next run removes every load's file (from
# the loads' descriptors) and contest's own, each directory its own names,
# and keeps the rest (read_load.dat is reusable)
mkdir -p "$O"
for f in io_load.dat mem_load.map ctar_load.tar read_load.dat.tmp contest.swap read_load.dat io_other.dat; do
	echo left >"$T/$f"
	echo left >"$O/$f"
done
mkdir "$T/xtar_load.d" "$T/dbench_load.d" && touch "$T/xtar_load.tar"
now=$(date -u +%Y-%m-%dT%H:%M:%SZ)
printf '999999 %s\n' "$now" >"$T/.contest.lock"
printf '999999 %s\n' "$now" >"$O/.contest.lock"
run -k c -d "$T" -R "$R" -o "$O" no_load >/dev/null 2>"$SCRATCH/c.err"
check "after a killed holder the next run goes ahead" test $? -eq 0
check "and says what it removed" test "$(cat "$SCRATCH/c.err")" = "contest: removed leftovers of an interrupted run in $T: contest.swap ctar_load.tar dbench_load.d io_load.dat mem_load.map read_load.dat.tmp xtar_load.d xtar_load.tar
contest: removed leftovers of an interrupted run in $O: io_other.dat"
check "keeps read_load.dat and io_other.dat in the testbed" test -f "$T/read_load.dat" -a -f "$T/io_other.dat"
check "and the testbed's names in -o" test -f "$O/io_load.dat" -a -f "$O/contest.swap" -a ! -e "$O/io_other.dat"
rm -f "$T/read_load.dat" "$T/io_other.dat"
check "one directory as testbed and results" run -k s -d "$SCRATCH/both" -R "$SCRATCH/both" no_load >/dev/null 2>&1
check "its records read back" quiet "$CONTEST" -r -R "$SCRATCH/both" >/dev/null
check "no stray processes" no_strays "$SCRATCH"

# two contests racing for one testbed, started together: one runs, the
# other is refused in one line naming it (the winner's link step sleeps,
# so they overlap)
export LINK_SLEEP=5
run -k r1 -d "$T" -R "$SCRATCH/race1" no_load >/dev/null 2>"$SCRATCH/race1.err" &
p1=$!
run -k r2 -d "$T" -R "$SCRATCH/race2" no_load >/dev/null 2>"$SCRATCH/race2.err" &
p2=$!
wait "$p1"
rc1=$?
wait "$p2"
rc2=$?
unset LINK_SLEEP
check "racing: one ran, the other was refused ($rc1 $rc2)" sh -c "[ '$rc1 $rc2' = '0 2' ] || [ '$rc1 $rc2' = '2 0' ]"
loser=$SCRATCH/race2.err
[ "$rc1" -eq 2 ] && loser=$SCRATCH/race1.err
check "racing: the refusal is one line naming the testbed" sh -c "test \$(wc -l <'$loser') -eq 1 &&
	grep -q \"testbed '$T' is in use by contest pid [0-9]*\" '$loser'"
check "racing: the winner's run is recorded" sh -c "test -s '$SCRATCH/race1/r1.loads' || test -s '$SCRATCH/race2/r2.loads'"
done_tests
