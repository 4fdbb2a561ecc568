# interrupt.sh: SIGINT, SIGTERM or SIGHUP at ten moments of a run, a micro run and loads --rate, and while each real load runs: exit 130, one line says what, nothing left running or behind, records whole.
. tests/e2e/lib.sh
fake_tree "$K"

# start ARGS...: contest ARGS in the background, stderr in $ERR, pid in $pid
start() {
	: >"$ERR"
	"$CONTEST" "$@" >"$SCRATCH/out" 2>"$ERR" &
	pid=$!
}

# shown TEXT: contest has printed TEXT on stderr (progress lines included)
shown() { grep -qF -- "$1" "$ERR"; }

# reached NAME SECONDS CMD...: wait until CMD succeeds (the moment has come)
reached() {
	r_name=$1 r_secs=$2
	shift 2
	wait_until "$r_secs" "$@" && return 0
	bad "$r_name: the moment never came"
	tr '\r' '\n' <"$ERR" | tail -n 5 >&2
}

# interrupt NAME SIG WHAT [TESTBED]: send SIG to contest now; it exits 130
# with one line naming WHAT, leaves no process, nothing in the testbed but
# the reusable files, and whole records that read back
interrupt() {
	i_name=$1 i_sig=$2 i_what=$3 i_tb=${4:-$T}
	kill -"$i_sig" "$pid"
	wait "$pid"
	i_rc=$?
	check "$i_name: exit status 130 after SIG$i_sig ($i_rc)" test "$i_rc" -eq 130
	check "$i_name: one line says what was interrupted" test "$(grep -c 'interrupted by' "$ERR")" -eq 1
	check "$i_name: it says '$i_what'" shown "$i_what"
	check "$i_name: no stray processes" no_strays "$SCRATCH"
	check "$i_name: the testbed holds only reusable files" only_reusable "$i_tb"
	check "$i_name: earlier records read back" quiet "$CONTEST" -r -R "$R" >/dev/null
	check "$i_name: no partial line in the results" whole_lines "$R"
}

# 1. During a compile under a load, after a first run was recorded; runs go
# on after the interrupt's no-op SIGALRM ticks, the completed run is kept.
start -k i --scale tiny --lead 0.2 -n 5 --progress always -d "$T" -R "$R" selftest_load
reached "compile of run 2" 600 shown "selftest_load run 2/5: compiling"
interrupt "compile of run 2" INT "during selftest_load run 2/5 (the compile); it is not recorded, 1 completed"
check "completed run kept" test "$(tail -n +3 "$R/i.loads" | wc -l)" -eq 1
check "no report printed" test ! -s "$SCRATCH/out"

# 2. While the built-in tree is generated (the first run of a scale in a
# fresh testbed): the half-made tree goes.
T0=$SCRATCH/tb0
start -k g --scale large -d "$T0" -R "$R" -q no_load
reached "tree generation" 120 exists "$T0/.builtin-1-large.tmp.*"
interrupt "tree generation" INT "while generating the built-in workload; no run was started" "$T0"
check "tree generation: the testbed this run made is gone" test ! -e "$T0"

# start_held MARK VAR ARGS...: start contest ARGS on the fake tree with its
# step VAR (CLEAN_SLEEP, LINK_SLEEP) held open for 60 s; it makes $K/MARK
# when it gets there
start_held() {
	rm -f "$K/$1"
	export "$2=60"
	h_var=$2
	shift 2
	start "$@"
	unset "$h_var"
}

# 3. During make clean (a tree whose clean takes its time).
start_held .cleaning CLEAN_SLEEP -k c -t "$K" --lead 0 -d "$T" -R "$R" -q no_load
reached "make clean" 60 test -e "$K/.cleaning"
interrupt "make clean" TERM "during no_load run 1/1 (make clean)"

# 4. While a load's files are prepared (read_load writing 1 GiB, which takes
# longer than noticing it starts): ends at once, the partial file goes.
if [ "$(df -Pk "$SCRATCH" | awk 'NR == 2 {print $4}')" -gt 2097152 ]; then
	start -k p --scale tiny --mem 1G --lead 0 --progress always -d "$T" -R "$R" read_load
	reached "load preparation" 120 shown "read_load run 1/1: preparing load"
	interrupt "load preparation" INT "during read_load run 1/1 (preparing the load)"
	check "load preparation: no partial read file left" test ! -e "$T/read_load.dat" -a ! -e "$T/read_load.dat.tmp"
else
	skip "interrupt during load preparation (needs 2 GiB free in $SCRATCH)"
fi

# 5. During the load's lead.
start -k l --scale tiny --mem 32M --lead 60 --progress always -d "$T" -R "$R" io_load
reached "lead" 120 shown "io_load run 1/1: load lead"
interrupt "lead" HUP "during io_load run 1/1 (the load's lead)"

# 6. Early in the compile: make has just started.
start -k e --scale tiny --lead 0 --progress always -d "$T" -R "$R" no_load
reached "early compile" 120 shown "no_load run 1/1: compiling"
reached "early compile: make runs" 60 proc_in make "$T/builtin-1-tiny" >/dev/null
interrupt "early compile" TERM "during no_load run 1/1 (the compile)"

# 7. Late in the compile: in its final link step.
start_held .linked LINK_SLEEP -k f -t "$K" --lead 0 -d "$T" -R "$R" -q no_load
reached "late compile" 60 test -e "$K/.linked"
interrupt "late compile" INT "during no_load run 1/1 (the compile)"

# 8. While the load stops (its processes ignore SIGTERM: the stop takes its
# grace period).
export CONTEST_SELFTEST_STUBBORN=1
start -k s --scale tiny --lead 0 --progress always -d "$T" -R "$R" selftest_load
unset CONTEST_SELFTEST_STUBBORN
reached "load stop" 120 shown "selftest_load run 1/1: stopping load"
interrupt "load stop" TERM "during selftest_load run 1/1 (stopping the load)"

# 9. Right after a run's record was written: it stays, whole; no later run is.
start -k w --scale tiny --lead 0 -n 3 --progress always -d "$T" -R "$R" no_load
reached "record" 120 shown "no_load run 1/3: Time"
interrupt "record" HUP "interrupted by Hangup"
check "record: exactly the first run is recorded" test "$(tail -n +3 "$R/w.loads" | wc -l)" -eq 1

# 10. During a micro run: its scratch directory goes, nothing is recorded.
start micro --quick -k m -d "$T" -R "$R"
reached "micro" 60 exists "$T/micro.??????"
interrupt "micro" HUP "during micro run 1/1; it is not recorded"
check "micro: nothing recorded" test ! -e "$R/m.micro"

# 11. During loads --rate.
start loads --rate --seconds 60 --mem 32M -d "$T" io_load
reached "loads --rate" 60 test -e "$T/io_load.dat"
interrupt "loads --rate" TERM "during io_load; it was stopped and its files removed"

# Interrupted while each real load has its files in the testbed: the load's
# processes end and its files go. LOAD:FILE:SIGNAL:PHASE, the phase of the
# progress line at which the signal is sent.
for spec in "io_load:io_load.dat:INT:load lead" "mem_load:mem_load.map:TERM:compiling" \
            "xtar_load:xtar_load.d:INT:compiling" "dbench_load:dbench_load.d:HUP:load lead" \
            "read_load:read_load.dat:INT:compiling"; do
	load=${spec%%:*} rest=${spec#*:}
	file=${rest%%:*} rest=${rest#*:}
	sig=${rest%%:*} ph=${rest#*:}
	lead=0.5
	[ "$ph" = "load lead" ] && lead=60
	start -k r --scale tiny --mem 32M --lead "$lead" --progress always -d "$T" -R "$R" "$load"
	reached "$load" 120 shown "$load run 1/1: $ph"
	reached "$load: its file" 60 test -e "$T/$file"
	interrupt "$load" "$sig" "during $load run 1/1"
done
done_tests
