# run_stopped.sh: a run whose contest is stopped for 10 s during the compile, by SIGTSTP (caught: the compile's group stops with it) or by SIGSTOP (unseen: a stall), is recorded, marked stopped with the stop's length and left out of --stats; 10 runs without a stop are not marked; nothing is left stopped or running.
. tests/e2e/lib.sh
# state_is PID S: the process PID is in state S (/proc/PID/stat's third field)
state_is() { test "$(awk '{print $3}' "/proc/$1/stat" 2>/dev/null)" = "$2"; }
need_cmd pgrep "the compile is found among contest's children" || skip_rest

pid=
# cleanup: a contest left stopped by a failed check is resumed with its
# children's groups and ended, then the scratch directory goes
cleanup() {
	if [ -n "$pid" ] && kill -0 "$pid" 2>/dev/null; then
		for c in $(pgrep -P "$pid"); do kill -CONT -- "-$c" 2>/dev/null; done
		kill -CONT "$pid" 2>/dev/null
		kill "$pid" 2>/dev/null
		wait "$pid" 2>/dev/null
	fi
	rm -rf "$SCRATCH"
}
trap cleanup EXIT
trap 'exit 1' INT TERM HUP

# compiling: contest's timed compile runs (its child "make -jN"; make clean
# comes first); its pid in $make
compiling() { make=$(pgrep -P "$pid" -f '^make -j') && [ -n "$make" ]; }

# at_least X Y: the number X is Y or more
at_least() { awk -v x="$1" -v y="$2" 'BEGIN {exit !(x + 0 >= y + 0)}'; }

# a cc first in PATH that sleeps 1 s before the real one: the tiny compile
# lasts seconds, so make is still there when the stop comes (a compile of a
# second or two could end between finding make and stopping contest)
mkdir "$SCRATCH/slowcc"
printf '#!/bin/sh\nsleep 1\nexec "%s" "$@"\n' "$(command -v cc)" >"$SCRATCH/slowcc/cc"
chmod +x "$SCRATCH/slowcc/cc"

# stopped_run SIG LABEL: one tiny no_load run of LABEL (the slow cc), its
# contest sent SIG once the compile runs and SIGCONT 10 s later; its exit
# status in $rc, stderr in $ERR.LABEL
stopped_run() {
	PATH="$SCRATCH/slowcc:$PATH" "$CONTEST" -k "$2" --scale tiny --no-canary --lead 0 -q -d "$T" \
		-R "$R" no_load >"$SCRATCH/out" 2>"$ERR.$2" &
	pid=$!
	if ! wait_until 600 compiling; then
		bad "$2: the compile never started"
		return
	fi
	kill -"$1" "$pid"
	sleep 10
	# what a terminal's stop does: the compile's group stopped with contest
	if [ "$1" = TSTP ]; then
		check "$2: contest stopped itself" test "$(awk '{print $3}' "/proc/$pid/stat")" = T
		check "$2: make stopped with it (within 5 s: a process in disk sleep stops when its I/O ends)" \
			wait_until 5 state_is "$make" T
	fi
	kill -CONT "$pid"
	wait "$pid"
	rc=$?
	pid=
}

# 1. Ctrl-Z: a stop contest catches
stopped_run TSTP tstp
check "SIGTSTP: exit 0 ($rc)" test "$rc" -eq 0
check "SIGTSTP: one line says the run was stopped" \
	test "$(grep -c '^contest: no_load run 1 was stopped for [0-9.]* s (a terminal' "$ERR.tstp")" -eq 1
s=$(col "$R/tstp.loads" stopped_s)
check "SIGTSTP: stopped_s records the stop ($s)" at_least "$s" 9.5
check "SIGTSTP: nothing left stopped or running" no_strays "$SCRATCH"

# 2. SIGSTOP: a stop contest cannot catch; its probe and its own wake-ups
# show the stall (the compile may end unseen)
stopped_run STOP sigstop
check "SIGSTOP: exit 0 ($rc)" test "$rc" -eq 0
check "SIGSTOP: one line says contest did not run" \
	test "$(grep -c '^contest: no_load run 1: contest did not run for [0-9.]* s of its' "$ERR.sigstop")" -eq 1
check "SIGSTOP: stopped_s 0" test "$(col "$R/sigstop.loads" stopped_s)" = 0.000000
g=$(col "$R/sigstop.loads" gap_s)
check "SIGSTOP: gap_s records the stall ($g)" at_least "$g" 9.5
check "SIGSTOP: nothing left running" no_strays "$SCRATCH"

"$CONTEST" -r -R "$R" >"$SCRATCH/report"
check "the report marks both rows stopped" test "$(grep -cE '^(tstp|sigstop) +\[1\] .*   stopped$' "$SCRATCH/report")" -eq 2
n=$(sed -n 's/^  tstp: stopped: run 1 stopped for \([0-9.]*\) s (a stop contest caught, such as Ctrl-Z): its Time may be too long$/\1/p' "$SCRATCH/report")
check "SIGTSTP: the note names the stop's length ($n s)" at_least "$n" 9.5
n=$(sed -n 's/^  sigstop: stopped: run 1 stalled for \([0-9.]*\) s (contest did not run for at least 1 s .*, such as SIGSTOP, or a frozen machine): its Time may be too long$/\1/p' "$SCRATCH/report")
check "SIGSTOP: the note names the stall's length ($n s)" at_least "$n" 9.5
"$CONTEST" -r -R "$R" --stats tstp sigstop >"$SCRATCH/report"
check "--stats leaves both out, saying so" \
	test "$(grep -cE '^  (tstp|sigstop): stopped: run 1 .*: left out of these figures \(--keep-busy keeps them\)$' "$SCRATCH/report")" -eq 2
check "--stats: no run averaged in either row" test "$(grep -cE '^(tstp|sigstop) +0   - ' "$SCRATCH/report")" -eq 2

# 3. no false alarm: ten runs without a stop are not marked
"$CONTEST" -k quiet --scale tiny --no-canary --lead 0 -q -n 10 -d "$T" -R "$R" no_load >"$SCRATCH/out" 2>"$ERR"
rc=$?
check "10 quiet runs: exit 0 ($rc)" test "$rc" -eq 0
check "10 quiet runs: none said stopped" sh -c "! grep -qE 'was stopped for|did not run for' '$ERR'"
check "10 quiet runs: every stopped_s 0" test "$(col "$R/quiet.loads" stopped_s | sort -u)" = 0.000000
echo "quiet runs: gap_s $(col "$R/quiet.loads" gap_s | sort -n | tail -n 1), probe_max_us $(col "$R/quiet.loads" probe_max_us | sort -n | tail -n 1) at most"
"$CONTEST" -r -R "$R" quiet >"$SCRATCH/report"
check "10 quiet runs: the row is not marked stopped" sh -c "! grep -q stopped '$SCRATCH/report'"
check "10 quiet runs: all ten averaged" grep -qE '^quiet +\[10\] ' "$SCRATCH/report"

done_tests
