# interact.sh: contest interact: bad input refused in one line with nothing made, a short pass recorded and reported in every format, a malformed calibration redone, a malformed record reported, an interrupt at two moments leaves nothing running and no partial record.
. tests/e2e/lib.sh

# one-line refusals, exit 2, nothing made
for args in "--tasks audio,piano|--tasks: unknown task 'piano'" \
            "--seconds 0|--seconds: '0' is not a number of seconds" \
            "--nice 40|--nice: '40' is not a nice value from -20 to 19" \
            "cacherun|interact: 'cacherun' runs nothing beside the task" \
            "bogus_load|interact: unknown load 'bogus_load'" \
            "-n auto|interact: -n 'auto' is for runs of the loads"; do
	a=${args%%|*}
	# shellcheck disable=SC2086 # the words of a are the arguments
	expect_fail "interact $a" 2 "${args#*|}" "$CONTEST" interact -d "$T" -R "$R" $a
done
if is_root && command -v setpriv >/dev/null 2>&1; then
	expect_fail "--rt without the privilege" 2 "--rt: SCHED_FIFO needs root or CAP_SYS_NICE" \
		setpriv --reuid=65534 --regid=65534 --clear-groups --inh-caps=-all --bounding-set=-all \
		"$CONTEST" interact --rt -d "$T" -R "$R" no_load
	expect_fail "--nice -5 without the privilege" 2 "a nice below 0 needs root or CAP_SYS_NICE" \
		setpriv --reuid=65534 --regid=65534 --clear-groups --inh-caps=-all --bounding-set=-all \
		"$CONTEST" interact --nice -5 -d "$T" -R "$R" no_load
elif ! is_root && [ "$(ulimit -r)" = 0 ]; then
	expect_fail "--rt without the privilege" 2 "--rt: SCHED_FIFO needs root or CAP_SYS_NICE" \
		"$CONTEST" interact --rt -d "$T" -R "$R" no_load
else
	skip "--rt refusal (needs root and setpriv, or a user without RLIMIT_RTPRIO)"
fi
check "refusals made no testbed nor results" test ! -e "$T" -a ! -e "$R"
expect_fail "report --interactive --loads" 2 "--interactive shows every condition" \
	"$CONTEST" report --interactive --loads io_load -R "$SCRATCH"
expect_fail "report --interactive without results" 2 "no interactivity results in" \
	"$CONTEST" report --interactive -R "$SCRATCH"

# whole_interact FILE: FILE ends with a newline and every record has the header's columns
whole_interact() {
	[ -z "$(tail -c 1 "$1")" ] &&
	awk -F '\t' 'NR == 2 {n = NF} NR > 2 && NF != n {bad = 1} END {exit bad}' "$1"
}

# a short pass: every task against no_load and the compile
ia() { "$CONTEST" interact -d "$T" -R "$R" --scale tiny --mem 256M --seconds 1 --lead 0.5 "$@"; }
check "a short pass runs" quiet ia -k a -q no_load compile >/dev/null
check "8 windows recorded" test "$(tail -n +3 "$R/a.interact" | wc -l)" -eq 8
check "the records are whole" whole_interact "$R/a.interact"
check "the calibration is kept, with its host" grep -q "^host	$(uname -n)\$" "$R/interact.calib"
"$CONTEST" report --interactive -R "$R" >"$SCRATCH/rep" 2>"$ERR"
check "report --interactive exits 0" test $? -eq 0
for t in audio video desktop game; do
	check "a $t block with a row per condition" sh -c "grep -A3 '^$t:\$' '$SCRATCH/rep' |
		grep -q '^no_load  *a ' && grep -A3 '^$t:\$' '$SCRATCH/rep' | grep -q '^compile  *a '"
done
check "game shows Frames/s" grep -q 'Frames/s' "$SCRATCH/rep"
"$CONTEST" report --interactive -R "$R" --format csv >"$SCRATCH/csv"
check "csv: a header and 8 rows" test "$(wc -l <"$SCRATCH/csv")" -eq 9
if need_cmd python3 "json not decoded"; then
	check "json parses, 4 tasks" sh -c "'$CONTEST' report --interactive -R '$R' --format json |
		python3 -c 'import json,sys; d=json.load(sys.stdin); sys.exit(len(d[\"tasks\"]) != 4)'"
fi
check "markdown: a table per task" test "$("$CONTEST" report --interactive -R "$R" --format markdown |
	grep -c '^### ')" -eq 4
check "html with --output: the chart of deadlines met" sh -c "'$CONTEST' report --interactive -R '$R' \
	--format html --output '$SCRATCH/r.html' && grep -q 'video: deadlines met per load and label' '$SCRATCH/r.html'"

# the calibration: reused, measured again with --recalibrate
ia -k a --tasks audio no_load >/dev/null 2>"$ERR"
check "the calibration is reused" sh -c "! grep -q 'calibrated:' '$ERR'"
ia -k a --recalibrate --tasks audio no_load >/dev/null 2>"$ERR"
check "--recalibrate measures again" grep -q 'calibrated: [0-9]* loops of work per millisecond' "$ERR"

# a second label, two runs: --stats compares it with the first
check "a second label, 2 runs" quiet ia -k b -q -n 2 --tasks audio no_load >/dev/null
check "the second label's runs are numbered 1 and 2" test "$(cut -f 4 "$R/b.interact" | tail -n 2 | tr '\n' ' ')" = "1 2 "
"$CONTEST" report --interactive --stats -R "$R" >"$SCRATCH/rep"
check "--stats: the comparison columns and the baseline" sh -c "grep -q 'dMet%' '$SCRATCH/rep' &&
	grep -q '^no_load  *a .* baseline' '$SCRATCH/rep'"

expect_fail "a label's windows all have one policy" 2 "give --rt or --nice runs a label of their own" \
	ia -k b -q --nice 3 --tasks audio no_load
# a malformed calibration: said with its file and line, redone
printf 'contest-interact-calib\t1\nhost\tx\nloops_ms\tmany\n' >"$R/interact.calib"
ia -k b --tasks audio no_load >/dev/null 2>"$ERR"
check "a malformed calibration is redone" test $? -eq 0
check "it is said with file and line" grep -q 'interact.calib:3: bad loops_ms (.*); calibrating again' "$ERR"
check "the calibration is whole again" grep -q '^loops_ms	[0-9]' "$R/interact.calib"

# a malformed record: the report says where, interact refuses to append
printf 'b\taudio\tno_load\tone\n' >>"$R/b.interact"
n=$(wc -l <"$R/b.interact")
"$CONTEST" report --interactive -R "$R" >/dev/null 2>"$ERR"
check "report: exit 1 for the skipped line" test $? -eq 1
check "report: the line named" grep -q "b.interact:$n: too few fields" "$ERR"
ia -k b -q --tasks audio no_load >/dev/null 2>"$ERR"
check "interact refuses to append after it: exit 2" test $? -eq 2
check "it names the line, then refuses" sh -c "grep -q 'b.interact:$n: too few fields' '$ERR' &&
	grep -q \"refusing to append to the interactivity results of label 'b'\" '$ERR'"

# interrupt_at MOMENT SIG WAIT_FOR ARGS...: contest interact ARGS in the
# background, SIG sent once its stderr shows WAIT_FOR (and a moment more):
# exit 130, nothing left running, only reusable files in the testbed
R2=$SCRATCH/res2
interrupt_at() {
	i_name=$1 i_sig=$2 i_mark=$3
	shift 3
	"$CONTEST" interact -k i -d "$T" -R "$R2" --scale tiny --mem 256M "$@" >/dev/null 2>"$ERR" &
	i_pid=$!
	wait_until 120 grep -q "$i_mark" "$ERR" && sleep 0.5
	kill -"$i_sig" "$i_pid"
	wait "$i_pid"
	check "interrupted $i_name: exit 130" test $? -eq 130
	check "interrupted $i_name: one line says so" test "$(grep -c 'interrupted by' "$ERR")" -eq 1
	check "interrupted $i_name: nothing runs after it" wait_until 5 no_strays "$SCRATCH"
	check "interrupted $i_name: the testbed holds only reusable files" only_reusable "$T"
}
interrupt_at "in the lead" INT 'run 1/1: compile' --seconds 30 --lead 30 --tasks audio,video compile
check "it says where" grep -q "interrupted by Interrupt during the load's lead under compile" "$ERR"
check "no record" test ! -s "$R2/i.interact"
interrupt_at "in a window" TERM 'audio    process_load' --seconds 2 --lead 0.5 --tasks audio,video process_load
check "it says which, and what is kept" grep -q "during video under process_load (run 1/1); it is not recorded, 1 completed window(s) are kept" "$ERR"
check "only the first window is recorded" test "$(tail -n +3 "$R2/i.interact" | wc -l)" -eq 1
check "the record is whole" whole_interact "$R2/i.interact"
done_tests
