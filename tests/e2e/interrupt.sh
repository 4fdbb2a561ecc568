# interrupt.sh: SIGINT during a compile under a load: exit 130, nothing left running, completed runs kept.
. tests/e2e/lib.sh
T=$SCRATCH/tb
R=$SCRATCH/res

"$CONTEST" -k i --scale tiny --lead 0.2 -n 5 -d "$T" -R "$R" -q selftest_load >"$SCRATCH/out" 2>"$SCRATCH/err" &
pid=$!
# wait for the first record, then for the next compile to be under way
for _ in $(seq 600); do
	[ "$(cat "$R/i.loads" 2>/dev/null | wc -l)" -ge 3 ] && break
	sleep 0.1
done
sleep 1.5
kill -INT "$pid"
wait "$pid"
rc=$?
check "exit status 130 ($rc)" test "$rc" -eq 130
check "says what was interrupted" grep -q "interrupted by Interrupt during" "$SCRATCH/err"
check "completed run kept" test "$(tail -n +3 "$R/i.loads" | wc -l)" -ge 1
check "records intact" "$CONTEST" -r -R "$R" >/dev/null 2>&1
check "no stray processes" no_strays "$T"
check "no report printed" test ! -s "$SCRATCH/out"
done_tests
