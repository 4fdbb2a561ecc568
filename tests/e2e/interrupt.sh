# interrupt.sh: SIGINT during a compile under a load, and while real loads run: exit 130, nothing left running or behind, completed runs kept.
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

# Interrupted while each real load has its files in the testbed: the load's
# processes end and its files go; only the tree, the compile log and the
# documented reusable read_load.dat stay. LOAD:FILE:SIGNAL:DELAY, the delay
# after FILE appears: 1 s is inside the 2 s lead, 3 s inside the compile.
for spec in io_load:io_load.dat:INT:1 mem_load:mem_load.map:TERM:3 xtar_load:xtar_load.d:INT:3 \
            dbench_load:dbench_load.d:HUP:1 read_load:read_load.dat:INT:3; do
	load=${spec%%:*} rest=${spec#*:}
	file=${rest%%:*} rest=${rest#*:}
	sig=${rest%%:*} delay=${rest#*:}
	"$CONTEST" -k m --scale tiny --mem 32M --lead 2 -n 3 -d "$T" -R "$R" -q "$load" >/dev/null 2>"$SCRATCH/err" &
	pid=$!
	for _ in $(seq 600); do
		[ -e "$T/$file" ] && break
		sleep 0.1
	done
	sleep "$delay"
	kill -"$sig" "$pid"
	wait "$pid"
	rc=$?
	check "$load: exit status 130 after SIG$sig ($rc)" test "$rc" -eq 130
	check "$load: says what was interrupted" grep -q "interrupted by .* during .* of $load run" "$SCRATCH/err"
	check "$load: no stray processes" no_strays "$T"
	left=$(ls -A "$T" | tr '\n' ' ')
	case "$left" in
	"builtin-1-tiny compile.log "|"builtin-1-tiny compile.log read_load.dat ") ok ;;
	*) bad "$load: testbed holds more than the tree and reusable files: $left" ;;
	esac
done
check "records still intact" "$CONTEST" -r -R "$R" >/dev/null 2>&1
done_tests
